"""The checkers of labs 5-7 against figures known independently: the rules of mmlib.table, minimax,
hand counts, and the classic mistakes each checker must name."""

from __future__ import annotations

import math

import mutants
import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import check, search
from mmlib.check import deepening, ordering, table
from mmlib.games import ConnectFour
from mmlib.table import EXACT, LOWER, UPPER, TranspositionTable

GAME = ConnectFour()


# -- lab 5: move ordering ------------------------------------------------------------------------

def test_boards_and_states_are_inverse():
    for opening in ("", "3", "334", "4312", "0000001111112"):
        state = GAME.position(opening)
        assert ordering.state_of(ordering.board_of(state)) == state
    assert ordering.to_move(ordering.EMPTY_BOARD) == "X"
    assert ordering.legal_moves(ordering.EMPTY_BOARD) == list(range(7))


def test_one_ply_evaluates_every_column_whatever_the_order():
    # at the root nothing can be cut off: one leaf per legal column (7 on every board of the check)
    assert ordering.leaves_per_board(lambda board, moves: moves[::-1], depth=1) == [7] * 8


def test_an_ordering_that_drops_or_repeats_moves_is_refused():
    assert ordering.check_ordering(lambda board, moves: moves[:-1]).diagnosis == "bad-order"
    assert ordering.check_ordering(lambda board, moves: [moves[0]] * len(moves)).diagnosis == "bad-order"


def test_the_goals_separate_the_classic_orderings():
    centre = ordering.check_ordering(lambda board, moves: sorted(moves, key=lambda c: abs(c - 3)))
    assert centre.passed
    tight = ordering.check_ordering(lambda board, moves: sorted(moves, key=lambda c: abs(c - 3)), within=1.3)
    assert not tight.passed and tight.diagnosis == "too-many-leaves"
    assert "Knuth & Moore 1975" in str(tight) and "Where you lose most" in str(tight)


# -- lab 6: anytime iterative deepening ------------------------------------------------------------

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


# -- lab 7: transposition table --------------------------------------------------------------------

BOUNDS = (-math.inf, -2, -1, 0, 1, 2, math.inf)


def test_the_reference_rules_are_those_of_mmlib_table():
    for value in (-2, -1, 0, 1, 2):
        for alpha in BOUNDS:
            for beta in BOUNDS:
                if alpha >= beta:
                    continue
                store = TranspositionTable()
                store.store("p", depth=2, value=value, alpha=alpha, beta=beta)
                assert store.entry("p").flag == table.reference_flag(value, alpha, beta)
                windows = {EXACT: (-math.inf, math.inf), LOWER: (-math.inf, value), UPPER: (value, math.inf)}
                for flag, (low, high) in windows.items():
                    for stored_depth, depth in ((1, 2), (2, 2), (3, 2)):
                        lookup = TranspositionTable()
                        lookup.store("p", depth=stored_depth, value=value, alpha=low, beta=high)
                        assert lookup.entry("p").flag == flag
                        assert lookup.lookup("p", depth, alpha, beta) == \
                            table.reference_probe(value, flag, stored_depth, depth, alpha, beta)


def test_the_rules_give_minimax_on_every_graph():
    for graph in table.graphs():
        rows, misuse = table._deepening(graph, table.reference_flag, table.reference_probe)
        assert misuse is None and all(found == true for _, found, true in rows)


def test_the_classic_cache_is_caught_with_a_graph_where_it_matters():
    report = table.check_bound_flag(lambda value, alpha, beta: EXACT)
    assert report.diagnosis == "cutoff-stored-as-exact" and not report.passed
    text = str(report)
    assert "Where it matters" in text and "stored as EXACT (it is LOWER)" in text


@pytest.mark.parametrize("probe, diagnosis", [
    (lambda v, f, sd, d, a, b: table.reference_probe(v, f, d, d, a, b), "shallow-entry"),
    (lambda v, f, sd, d, a, b: v if sd >= d else None, "bound-used-as-exact"),
    (lambda v, f, sd, d, a, b: None, "missed-hit"),
    (lambda v, f, sd, d, a, b: "yes", "wrong-type"),
])
def test_probe_mistakes_are_named(probe, diagnosis):
    assert table.check_probe(probe).diagnosis == diagnosis


# -- labs 1-2: what a student sees while a part is unanswered or wrong ---------------------------

def test_check_pruned_says_labels_are_case_sensitive():
    from mmlib.check import check_pruned
    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]            # alpha-beta skips I and J
    lower = check_pruned(aima, "i j")
    assert (lower.passed, lower.diagnosis) == (False, "case")
    assert "case-sensitive" in lower.summary and "I, J" in lower.summary
    assert check_pruned(aima, "I j").diagnosis == "case"
    assert check_pruned(aima, "I J").passed
    assert check_pruned(aima, "I Z").diagnosis == "not-a-leaf"      # no leaf Z in any case
    # where both cases are leaves (a quiz tree runs past Z into a, b, ...) a label is just wrong
    both = "ABCab\nA: BC\nB: a\nC: b\na 1\nb 2"
    assert check_pruned(both, "a").diagnosis == "too-many"


def test_a_failing_report_says_its_verdict_on_standard_error_and_does_not_raise(capsys):
    from mmlib.check import check_expectimax, check_minimax

    def stub(node, depth, maximizing):
        raise NotImplementedError("replace this line with your code")

    for function, said in ((stub, "minimax: not answered yet\n"),
                           (mutants.minimax_never_alternates, "minimax: not yet (no-alternation)\n"),
                           (support.minimax, "")):
        check_minimax(function)._ipython_display_()          # what a notebook does with the report
        assert capsys.readouterr().err == said
    check_expectimax(lambda node: (_ for _ in ()).throw(NotImplementedError()))._ipython_display_()
    assert capsys.readouterr().err == "expectimax: not answered yet\n"


def test_a_failing_check_raises_with_its_report_when_asked():
    from mmlib.check import CheckFailed, check_pruned
    with pytest.raises(CheckFailed) as raised:
        check_pruned([[3, 12, 8], [2, 4, 6], [14, 5, 2]], ..., raise_on_failure=True)
    assert raised.value.report.diagnosis == "not-implemented"
    assert "No prediction yet." in str(raised.value.report)


def test_a_report_counts_one_leaf_in_the_singular():
    report = check.check_pruned([[5]], "")                 # one leaf, nothing pruned
    assert report.passed and "evaluates 1 of 1 leaf;" in str(report) and "1 leaves" not in str(report)


# -- a check stopped by the kernel's interrupt ---------------------------------------------------

def _children():
    import os
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me and fields[0] != "Z":
                found.append(entry)
    return found


@pytest.mark.parametrize("run_check, unit", [
    (lambda: ordering.check_ordering(lambda board, moves: moves), "calls answered"),
    (lambda: table.check_probe(lambda *args: None), "calls answered"),
    (lambda: deepening.check_anytime(lambda board, max_nodes: 3), "calls answered"),
])
def test_an_interrupted_check_says_how_far_it_got_and_leaves_no_process(monkeypatch, run_check, unit):
    from mmlib import progress
    from mmlib.errors import RunInterrupted
    ticks = []

    def tick(self, count, now):               # the progress clock: the stop button at the 3rd answer
        ticks.append(count)
        if count == 3:
            raise KeyboardInterrupt
    monkeypatch.setattr(progress.Progress, "tick", tick)
    before = set(_children())
    with pytest.raises(RunInterrupted) as stop:
        run_check()
    assert stop.value.done == 3 and stop.value.unit == unit and stop.value.total > 3
    assert "interrupted after 3 of" in str(stop.value)
    assert set(_children()) <= before


def test_an_interrupted_agent_check_counts_the_positions_answered(monkeypatch):
    from mmlib import progress
    from mmlib.check import agent
    from mmlib.errors import RunInterrupted

    def tick(self, count, now):
        if count == 100:
            raise KeyboardInterrupt
    monkeypatch.setattr(progress.Progress, "tick", tick)
    with pytest.raises(RunInterrupted) as stop:
        agent.check_evaluator(lambda board: 0)
    # every tic-tac-toe position reachable and not over: 5,478 positions less 958 finished games
    assert (stop.value.done, stop.value.total) == (100, 5478 - 958)
