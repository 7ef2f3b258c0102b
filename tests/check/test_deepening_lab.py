"""Tests of mmlib.check.deepening: lab 6's checker of the anytime agent's iterative deepening."""

from __future__ import annotations

import re

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


def _without_the_previous_move_first(board, max_nodes):
    best, spent = None, 0
    for depth in range(1, deepening.empty_cells(board) + 1):
        try:
            it = deepening.search_to_depth(board, depth, max_nodes - spent)
        except deepening.OutOfNodes:
            return best
        spent, best = spent + it.nodes, it.move
    return best


def test_the_previous_move_first_report_shows_a_board_where_it_helps():
    """The report's board is one where the previous move first lets an iteration more finish (as its
    hint says), and it shows both runs: with it and without it."""
    report = deepening.check_anytime(_without_the_previous_move_first)
    assert report.diagnosis == "previous-move-not-first"
    call = report.details[0]
    board, budget = next((board, budget) for board, budget in deepening.DEEPENING_CASES
                         if call.startswith(f"anytime_move({board!r}, {budget})"))
    with_it = deepening.iterations(board, budget)
    without = deepening.iterations(board, budget, previous_first=False)
    assert len(with_it.completed) > len(without.completed) and with_it.move != without.move
    assert f"returned {without.move}" in call
    start = report.details.index("The same without the previous best move first (every move from the centre "
                                 "outwards):")
    assert report.details[start + 1:start + 1 + len(without.completed)] == [
        f"    depth {it.depth}: finished, {it.nodes} nodes, best move {it.move} (value {it.value:g})"
        for it in without.completed]


def test_the_check_allows_a_move_the_time_the_tournament_allows():
    from mmlib.check.contest import Rules

    assert deepening.MOVE_SECONDS == Rules().move_seconds == 1.0


def test_an_opening_is_named_by_its_moves():
    report = deepening.check_games(deepening.reference_move, games=2)
    record = [line for line in report.details if line.startswith("    ")]
    assert record and all(re.fullmatch(r"    (won|drew|lost) as [XO] from the opening [0-6], [0-6] "
                                       r"after \d+ moves? by your agent", line) for line in record), record
    assert ("Each opening is named by the columns of its two moves, X's first; the moves counted are your "
            "agent's own.") in report.details
    assert "1,000 nodes and 1 second a move" in report.summary


def _stops_on_its_third_move(board: str, max_nodes: int) -> int:
    if sum(cell in "XO" for cell in board) >= 6:       # X's third move after a two-move opening
        raise RuntimeError("stopped")
    return [column for column in range(7) if board[column] == "."][0]


def test_the_move_an_agent_could_not_make_is_counted_as_practice_games_counts_it():
    report = deepening.check_games(_stops_on_its_third_move, games=2)
    assert not report.passed
    assert re.fullmatch(r"In the game against random moves as X from the opening [0-6], [0-6]: your agent's "
                        r"third move \(the opening's not counted\)\.", report.details[0]), report.details


def test_the_passing_report_writes_its_budgets_as_the_lab_does():
    report = deepening.check_anytime(deepening.reference_move)
    assert report.passed and report.summary.endswith("(100 to 2,500 nodes).")
