"""Refusals and silent wrongs found by the fuzz campaign, each pinned by a test.

Each test states the contract (a clear mmlib error naming the argument, or an answer that is
right) and checks it against an independent computation where one is needed.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

os.environ.setdefault("MPLBACKEND", "Agg")

from mmlib import games, search  # noqa: E402
from mmlib.errors import GameError  # noqa: E402


def reachable_tictactoe_states() -> set[int]:
    """Every position play can reach from the empty board, by breadth-first search over ``play``."""
    game = games.TicTacToe()
    seen, frontier = {0}, [0]
    while frontier:
        state = frontier.pop()
        for move in game.moves(state):
            child = game.play(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


REACHABLE = reachable_tictactoe_states()


def test_reachable_positions_are_the_known_5478():
    assert len(REACHABLE) == 5478          # the number of legal tic-tac-toe positions


TICTACTOE_METHODS = ["moves", "utility", "evaluate", "player", "winner", "marks", "board", "render"]


@settings(max_examples=300, derandomize=True, database=None)
@given(st.one_of(st.integers(-(1 << 20), 1 << 20), st.integers(-(10 ** 30), 10 ** 30),
                 st.sampled_from([-1, -(1 << 18), -(1 << 18) + 5, 1 | 1 << 9, 3, 1 << 18])),
       st.sampled_from(TICTACTOE_METHODS))
def test_tictactoe_refuses_every_state_play_cannot_reach(state, method):
    game = games.TicTacToe()
    if state in REACHABLE:
        if method == "utility" and not game.is_terminal(state):
            return
        getattr(game, method)(state)
        return
    with pytest.raises(GameError, match=r"^state: .* is not a tic-tac-toe position"):
        getattr(game, method)(state)


@pytest.mark.parametrize("state", [-1, -5, -(1 << 18), 1 | 1 << 9, 0b111 | 0b111000 << 9])
def test_tictactoe_play_and_searches_refuse_bad_states(state):
    game = games.TicTacToe()
    with pytest.raises(GameError, match="state"):
        game.play(state, 8)
    for algorithm in (search.minimax, search.alphabeta, search.negamax):
        with pytest.raises(GameError, match="state"):
            algorithm(game, 2, state=state)


# -- the tic-tac-toe explorer answers at once, with minimax's own figures ---------------------------

@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(st.sampled_from(sorted(s for s in REACHABLE if games.TicTacToe().marks(s) >= 2
                              and not games.TicTacToe().is_terminal(s))),
       st.sampled_from([None, 1, 2, 3]), st.sampled_from(["minimax", "alphabeta"]),
       st.sampled_from(["ten", "depth-adjusted"]))
def test_tictactoe_explorer_reports_what_minimax_does(state, depth, algorithm, scoring):
    from mmlib import widgets
    from mmlib.draw.boards import rooted_at

    board = widgets.play_tictactoe(depth, algorithm, scoring=scoring)
    board.state = state
    board.computer_move()
    here = rooted_at(board.game, state)
    start = here.initial if here is not board.game else state
    played = search.minimax(here, depth, state=start)
    assert board.last_counts["minimax"] == played.stats.nodes
    assert board.last_counts["alphabeta"] == search.alphabeta(here, depth, state=start).stats.nodes
    assert board.last_values == {move: result.value for move, result in
                                 search.move_values(here, depth, state=start, algorithm="minimax").items()}
    assert board.state == board.game.play(state, played.move)
