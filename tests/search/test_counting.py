"""mmlib.search.counting: the nodes minimax visits, counted position by position, are the nodes it visits.

The yardsticks are minimax itself on small searches and a census of tic-tac-toe's game tree
written independently in tests/oracles.py (549,946 nodes: the figure in shared/README).
"""

from __future__ import annotations

import pytest
from oracles import ttt_census

from mmlib import games, search
from mmlib.errors import ArgumentError


def test_minimax_nodes_counts_what_minimax_visits() -> None:
    game = games.TicTacToe()
    state = game.play(game.play(game.initial, 4), 0)
    for depth in (None, 1, 3):
        searched = search.minimax(game, state=state, depth=depth).stats.nodes
        assert search.minimax_nodes(game, state=state, depth=depth) == searched
    assert search.minimax_nodes(game, depth=2) == 1 + 9 + 9 * 8


@pytest.mark.parametrize("moves, board", [((), "........."), ((4, 0), "O...X...."),
                                          ((0, 1, 4, 2), "XOO.X....")])
def test_a_whole_game_from_a_position_counts_its_census(moves: tuple[int, ...], board: str) -> None:
    game = games.TicTacToe()
    state = game.initial
    for move in moves:
        state = game.play(state, move)
    assert search.minimax_nodes(game, state=state) == ttt_census(board)[0]
    assert ttt_census()[0] == 549_946


def test_a_depth_that_is_no_depth_is_refused() -> None:
    with pytest.raises(ArgumentError, match="depth"):
        search.minimax_nodes(games.TicTacToe(), depth=-1)
