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
    assert "expectimax: not answered yet" in capsys.readouterr().out


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


def test_a_failure_reads_as_every_lab_s_report():
    """The verdict, a summary counted in words, the value exact as the case files write it, the tree as
    a case file and a drawing: the form of the other labs' reports (HTML in a notebook)."""
    report = labcheck.check_expectimax(mistake(at_chance="mean"))
    lines = str(report).splitlines()
    assert lines[:3] == ["expectimax: not yet (ignores-probabilities)",
                         "Wrong on the first tree checked (CS188's chance node).",
                         "Expected value 10, got 20/3 ≈ 6.66667."]
    assert lines[3] == "The tree, as a case file (with the expected answers):"
    assert "    value = 10" in lines and lines[-1].startswith("Hint: At a chance node")
    page = report._repr_html_()
    assert "expectimax: not yet (ignores-probabilities)" in page and "<b>Hint:</b>" in page
    assert "FAILED" not in page and "<pre>check = expectimax" in page
    assert type(report.figure).__name__ == "Figure"


def test_a_value_is_written_as_the_case_files_write_it():
    third = labcheck.ChanceCase([[(1 / 6, 8), (1 / 3, 24), (1 / 2, -12)]], "max chance")
    report = labcheck.check_trees(mistake(at_chance="mean"), "expectimax", [third])
    assert "Expected value 10/3 ≈ 3.33333, got 20/3 ≈ 6.66667." in report.details
    assert "    value = 10/3" in str(report).splitlines()


def test_a_returned_value_is_written_as_the_expected_one():
    """Exact when it is a fraction with a small denominator, else 6 significant digits, in full
    only where 6 digits would read as the expected value (review 5C: 'got 6.666666666666667')."""
    third = labcheck.ChanceCase([[(1 / 6, 8), (1 / 3, 24), (1 / 2, -12)]], "max chance")
    for returned, shown in [(3.3333334, "3.3333334"), (3.14159265, "3.14159"), (2.5, "2.5"), (7, "7"),
                            (0.1 + 0.2, "0.3"), (1 / 7, "1/7 ≈ 0.142857")]:
        report = labcheck.check_trees(lambda node, value=returned: value, "expectimax", [third])
        assert f"Expected value 10/3 ≈ 3.33333, got {shown}." in report.details, report.details


def test_the_summary_counts_the_trees_right_before_the_wrong_one():
    right = labcheck.ChanceCase([[(0.5, 4), (0.5, 4)]], "max chance")      # every rule gives 4
    wrong = labcheck.ChanceCase([[(0.5, 2), (0.5, 6)], [(0.9, 3), (0.1, 5)]], "max chance", "two gambles")
    report = labcheck.check_trees(mistake(at_chance="max"), "expectimax", [right, wrong])
    assert report.summary == "Right on the first tree checked, wrong on the second (two gambles)."
    many = labcheck.check_trees(mistake(at_chance="max"), "expectimax", [right, right, wrong])
    assert many.summary == "Right on the first 2 trees checked, wrong on the next one (two gambles)."
    assert labcheck.check_trees(expectiminimax, "expectimax", [right, wrong]).summary == \
        "Right on all 2 trees, each leaf read once."


def test_a_drawn_chance_tree_is_titled_by_the_search_whose_values_it_shows():
    assert labcheck.check_expectimax(mistake(at_chance="mean")).figure.axes[0].get_title() == \
        "The right expectimax"
    assert labcheck.check_expectiminimax(mistake(at_min="max")).figure.axes[0].get_title() == \
        "The right expectiminimax"
    assert labcheck.check_best_gamble(lambda node: 5).figure.axes[0].get_title() == "The right expectimax"
