"""Tests of mmlib.check.deepening: lab 6's checker of the anytime agent's iterative deepening."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import search
from mmlib.check import deepening, ordering
from mmlib.games import ConnectFour

GAME = ConnectFour()


def test_one_iteration_counts_the_root_and_each_child():
    assert deepening.search_to_depth(ordering.EMPTY_BOARD, 1, 100).nodes == 1 + 7


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_an_iteration_finds_the_minimax_value(depth):
    for opening in ("", "33", "2344"):
        state = GAME.position(opening)
        board = ordering.board_of(state)
        expected = search.minimax(GAME, depth=depth, state=state, max_nodes=None).value
        assert deepening.search_to_depth(board, depth, 10**6).value == expected


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=9, max_value=3000), st.sampled_from(["", "33", "334", "2344"]))
def test_iterative_deepening_never_spends_more_than_its_budget(budget, opening):
    run = deepening.iterations(ordering.board_of(GAME.position(opening)), budget)
    spent = sum(it.nodes for it in run.completed) + (run.stopped.nodes if run.stopped else 0)
    assert spent <= budget and run.completed and run.move == run.completed[-1].move
    assert [it.depth for it in run.completed] == list(range(1, len(run.completed) + 1))


@pytest.mark.slow
def test_each_classic_mistake_is_named():
    def agent(*, partial=False, whole=False, first=True):
        def anytime_move(board, max_nodes):
            best, spent = None, 0
            for depth in range(1, deepening.empty_cells(board) + 1):
                try:
                    it = deepening.search_to_depth(board, depth, max_nodes if whole else max_nodes - spent,
                                                   first=best if first else None)
                except deepening.OutOfNodes as out:
                    return out.best_so_far if partial and out.best_so_far is not None else best
                spent, best = spent + it.nodes, it.move
            return best
        return anytime_move

    assert deepening.check_anytime(agent()).passed
    assert deepening.check_anytime(agent(partial=True)).diagnosis == "partial-iteration"
    assert deepening.check_anytime(agent(whole=True)).diagnosis == "whole-budget-each-time"
    assert deepening.check_anytime(agent(first=False)).diagnosis == "previous-move-not-first"
    assert deepening.check_anytime(lambda board, max_nodes: 9).diagnosis == "not-a-move"
