"""How many nodes plain minimax visits, counted position by position instead of searched.

>>> from mmlib import games
>>> minimax_nodes(games.TicTacToe(), depth=2)     # the root, 9 replies, 9 x 8 answers
82
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine import GameLike, as_game, check_depth

if TYPE_CHECKING:
    from ..games.base import State


def minimax_nodes(game: GameLike, *, state: State = None, depth: int | None = None) -> int:
    """How many nodes :func:`~mmlib.search.minimax` visits from ``state`` (default: the start)
    to ``depth`` (None: to the end of the game), the root included: a position at the horizon
    or over is one node, any other is one plus its children's counts.  A position's count is
    the same wherever it occurs in the game tree, so each (position, depth left) is counted
    once: for tic-tac-toe a few thousand positions, not half a million calls.

    >>> from mmlib import games
    >>> minimax_nodes(games.TicTacToe())                 # the whole game tree of tic-tac-toe
    549946
    """
    game = as_game(game)
    depth = check_depth(depth)
    counted: dict[tuple[Any, int | None], int] = {}

    def count(here: State, left: int | None) -> int:
        if left == 0 or game.is_terminal(here):
            return 1
        key = (game.key(here), left)
        if key not in counted:
            below = None if left is None else left - 1
            counted[key] = 1 + sum(count(game.play(here, move), below) for move in game.moves(here))
        return counted[key]

    return count(game.initial if state is None else state, depth)
