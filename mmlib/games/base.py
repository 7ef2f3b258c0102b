"""The one protocol every search in mmlib runs on.

A *game* answers seven questions about a *state*; trees (explicit and generated)
and real games (tic-tac-toe, Connect Four) all answer them, so each algorithm is
written once.  Values are always from MAX's point of view.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Protocol, runtime_checkable

__all__ = ["Game", "State", "Move", "rooted_at"]

State = Any
"""Whatever a game uses for a position (a tree node, a bit board...)."""

Move = Any
"""Whatever a game uses for a move (a child index, a square, a column...)."""


@runtime_checkable
class Game(Protocol):
    """A two-player, zero-sum, perfect-information game (or game tree).

    ``initial``       the state the search starts from
    ``is_max(s)``     True when MAX is to move in ``s``
    ``moves(s)``      the legal moves, in the game's natural order
    ``play(s, m)``    the state after move ``m`` (``s`` is not changed)
    ``is_terminal(s)`` True when the game is over
    ``utility(s)``    the final score of a terminal state, from MAX's view
    ``evaluate(s)``   a static evaluation (an estimate) of any state, from MAX's view
    ``key(s)``        a hashable identity of the position, for transposition tables
    """

    @property
    def initial(self) -> State:
        """The state the search starts from (a plain attribute or a property)."""
        ...

    def is_max(self, state: State) -> bool: ...

    def moves(self, state: State) -> Iterable[Move]: ...

    def play(self, state: State, move: Move) -> State: ...

    def is_terminal(self, state: State) -> bool: ...

    def utility(self, state: State) -> float: ...

    def evaluate(self, state: State) -> float: ...

    def key(self, state: State) -> Hashable: ...


def rooted_at(game: Any, state: Any) -> Any:
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
    if getattr(game, "scoring", None) != "depth-adjusted" or not hasattr(game, "board"):
        return game
    if state == game.initial:
        return game
    return type(game)(game.board(state), scoring=game.scoring)
