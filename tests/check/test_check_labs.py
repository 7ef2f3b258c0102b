"""The checkers of labs 5-7 against figures known independently: the rules of mmlib.table, minimax,
hand counts, and the classic mistakes each checker must name."""

from __future__ import annotations

import mutants
import pytest
import support

from mmlib import check
from mmlib.check import deepening, ordering, table

# -- lab 5: move ordering ------------------------------------------------------------------------


# -- lab 6: anytime iterative deepening ------------------------------------------------------------


# -- lab 7: transposition table --------------------------------------------------------------------


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
