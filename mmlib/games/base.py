"""The one protocol every search in mmlib runs on.

A *game* answers seven questions about a *state*; trees (explicit and generated)
and real games (tic-tac-toe, Connect Four) all answer them, so each algorithm is
written once.  Values are always from MAX's point of view.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

__all__ = ["Game", "AnyGame", "State", "Move", "S", "M", "rooted_at"]

S = TypeVar("S")
"""The type of a game's positions (a tree node, a bit board, a chess board...)."""

M = TypeVar("M")
"""The type of a game's moves (a child index, a square, a column, a chess move...)."""

State = object
"""A position as the searches see it: opaque, handed back to the game that made it."""

Move = object
"""A move as the searches see it: opaque, handed back to the game that made it."""


@runtime_checkable
class Game(Protocol[S, M]):
    """A two-player, zero-sum, perfect-information game (or game tree), on states ``S`` and moves ``M``.

    ``initial``       the state the search starts from
    ``is_max(s)``     True when MAX is to move in ``s``
    ``moves(s)``      the legal moves, in the game's natural order
    ``play(s, m)``    the state after move ``m`` (``s`` is not changed)
    ``is_terminal(s)`` True when the game is over
    ``utility(s)``    the final score of a terminal state, from MAX's view
    ``evaluate(s)``   a static evaluation (an estimate) of any state, from MAX's view
    ``key(s)``        a hashable identity of the position, for transposition tables

    ``Game[int, int]`` is a game whose states and moves are integers (tic-tac-toe's bit boards
    and squares).  A search takes any game (`AnyGame`): it never looks inside a state or a move.
    """

    @property
    def initial(self) -> S:
        """The state the search starts from (a plain attribute or a property)."""
        ...

    def is_max(self, state: S) -> bool: ...

    def moves(self, state: S) -> Iterable[M]: ...

    def play(self, state: S, move: M) -> S: ...

    def is_terminal(self, state: S) -> bool: ...

    def utility(self, state: S) -> float: ...

    def evaluate(self, state: S) -> float: ...

    def key(self, state: S) -> Hashable: ...


AnyGame = Game[Any, Any]
"""A game of any kind, as a search takes it: its states and moves go back to it unopened."""


def rooted_at(game: Game[S, M], state: S) -> Game[S, M]:
    """The game started from ``state``, so that depth-adjusted scores count the moves made since
    the position searched, as the tic-tac-toe lecture teaches (an immediate win is worth 10 − 1 = 9).

    Games without depth-adjusted scores are returned unchanged.

    >>> from mmlib import games, search
    >>> game = games.TicTacToe(scoring="depth-adjusted")
    >>> late = game.state("XX.|OO.|...")                # X to move, wins at once in square 2
    >>> search.minimax(game, state=late).value           # depth counted from the empty board
    5
    >>> search.minimax(rooted_at(game, late)).value       # depth counted from this position
    9
    """
    scoring, board = getattr(game, "scoring", None), getattr(game, "board", None)
    if scoring != "depth-adjusted" or board is None:
        return game
    if state == game.initial:
        return game
    made_again = cast(Callable[..., Game[S, M]], type(game))
    return made_again(board(state), scoring=scoring)
