"""The expectimax lab checker: right answers pass, each classic mistake is named."""

import mutants
import pytest

from mmlib.check import CheckFailed
from mmlib.check import expectimax as labcheck
from mmlib.isolation.nodes import TableValues
from mmlib.trees import layered_tree


def expectiminimax(node):
    if node.is_leaf():
        return node.value
    values = [expectiminimax(child) for child in node.children]
    if node.kind == "max":
        return max(values)
    if node.kind == "min":
        return min(values)
    return sum(p * v for p, v in zip(node.probabilities, values, strict=True))


def test_a_correct_search_passes_both_checks():
    assert labcheck.check_expectimax(expectiminimax).passed
    assert labcheck.check_expectiminimax(expectiminimax).passed


mistake = mutants.expectimax_mistake


@pytest.mark.parametrize("wrong, check, diagnosis", [
    (mistake(at_chance="mean"), labcheck.check_expectimax, "ignores-probabilities"),
    (mistake(at_chance="min"), labcheck.check_expectimax, "chance-as-min"),
    (mistake(at_chance="max"), labcheck.check_expectimax, "chance-as-max"),
    (mistake(at_min="max"), labcheck.check_expectiminimax, "min-as-max"),
    (mistake(twice=True), labcheck.check_expectimax, "reads-twice"),
    (lambda node: 0, labcheck.check_expectimax, "wrong-value"),
])
def test_each_mistake_is_named(wrong, check, diagnosis):
    report = check(wrong)
    assert not report.passed and report.diagnosis == diagnosis
    assert report.counterexample is not None and report.hint


def test_a_stub_fails_loudly(capsys):
    def stub(node):
        raise NotImplementedError("replace this line with your code")
    with pytest.raises(CheckFailed, match="not-implemented"):
        labcheck.check_expectimax(stub, raise_on_failure=True)
    assert "not-implemented" in capsys.readouterr().out


def test_best_gamble_accepts_any_best_index_and_rejects_others():
    def best(node):
        values = [expectiminimax(child) for child in node.children]
        return values.index(max(values))

    def first(node):
        return 0
    assert labcheck.check_best_gamble(best).passed
    assert labcheck.check_best_gamble(first).diagnosis == "wrong-move"


def test_leaf_reads_are_recorded_in_order():
    call, labels = labcheck._shipped(layered_tree([[(0.5, 8), (0.5, 2)]], layers="max chance"))
    values = TableValues(call.values)
    assert expectiminimax(labcheck._lab_root(call, values)) == 5
    assert [labels[index] for index in values.read] == ["C", "D"]


def test_a_student_function_cannot_end_the_checking_process():
    import os

    def ends_the_program(node):
        os._exit(3)

    report = labcheck.check_expectimax(ends_the_program)
    assert (report.passed, report.diagnosis) == (False, "exit")
    assert "exit status 3" in str(report) and "ended the process" in str(report)
    assert labcheck.check_expectimax(expectiminimax).passed      # this process goes on


def test_an_endless_loop_is_stopped_at_the_time_limit(monkeypatch):
    import time
    monkeypatch.setattr(labcheck, "TIME_LIMIT", 0.5)

    def spins(node):
        while True:
            pass

    started = time.monotonic()
    report = labcheck.check_best_gamble(spins)
    assert time.monotonic() - started < 5
    assert (report.passed, report.diagnosis) == (False, "timeout")
    assert "did not finish within 0.5 seconds" in str(report)


def test_a_huge_allocation_is_a_memory_verdict():
    def hoards(node):
        block = bytearray(10 * 2**30)           # 10 GB
        return len(block)

    report = labcheck.check_expectiminimax(hoards)
    assert (report.passed, report.diagnosis) == (False, "memory")
    assert "more memory than the check allows" in str(report)


def test_memory_that_grows_step_by_step_is_stopped_too(monkeypatch):
    monkeypatch.setattr(labcheck, "TIME_LIMIT", 20.0)

    def grows(node):
        chunks = []
        while True:
            chunks.append(bytearray(2**24))

    assert labcheck.check_expectimax(grows).diagnosis == "memory"


def test_a_returned_object_is_described_safely():
    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    report = labcheck.check_expectimax(lambda node: Hostile())
    assert report.diagnosis == "wrong-value"
    assert "Hostile object" in str(report)


def test_showing_a_node_is_not_an_evaluation():
    def shows_the_leaves_first(node):
        def leaves(at):
            return [at] if at.is_leaf() else [leaf for child in at.children for leaf in leaves(child)]
        assert all("value=" in repr(leaf) for leaf in leaves(node))
        return expectiminimax(node)
    assert labcheck.check_expectimax(shows_the_leaves_first).passed
