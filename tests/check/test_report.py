"""The outcome of a check as a student reads it (mmlib.check.report): the verdict, the summary, details,
the smallest tree found, what the function printed and a hint, in plain text and in escaped HTML."""

from __future__ import annotations

import pytest

from mmlib import trees
from mmlib.check.report import HINTS, Report, counted, finish, try_it, verdict
from mmlib.errors import ArgumentTypeError, CheckFailed


def _failed(details=("Expected value 3, got 14.",), **more) -> Report:
    return Report("minimax", False, "no-alternation", "1 of 3 trees checked show a mistake.",
                  list(details), HINTS["no-alternation"], **more)


def test_the_plain_text_gives_every_part_in_order():
    report = _failed(counterexample=trees.from_nested([[3, 14], [2]]), depth=2, output="hello\nagain")
    lines = str(report).splitlines()
    assert lines[:3] == ["minimax: not yet (no-alternation)", "1 of 3 trees checked show a mistake.",
                         "Expected value 3, got 14."]
    assert lines[3] == "Smallest tree found (search depth 2):"
    assert "    as nested lists: [[3, 14], [2]]" in lines
    assert lines[-4:] == ["Your function printed:", "    hello", "    again",
                          f"Hint: {HINTS['no-alternation']}"]
    assert not report and repr(report) == "Report('minimax', passed=False, diagnosis='no-alternation')"


def test_a_case_file_is_shown_instead_of_the_bare_tree():
    report = _failed(counterexample=trees.from_nested([1, 2]), depth=1, case_text="AB\nA: B\nB 1")
    text = str(report)
    assert "The tree, as a case file (with the expected answers):\n    AB\n    A: B\n    B 1" in text
    assert "Smallest tree found" not in text and "Smallest tree found" not in report._repr_html_()


def test_the_html_escapes_what_the_student_printed_and_keeps_a_board_as_a_grid():
    report = _failed(details=["Final board:", "    X O X", "    . X O"], output="<script>alert(1)</script>")
    shown = report._repr_html_()
    assert "<script>" not in shown and "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert "<li>Final board:<pre>X O X\n. X O</pre></li>" in shown
    assert "minimax: not yet (no-alternation)" in shown            # the verdict in words, not colour alone
    passed = Report("minimax", True, "ok", "All 3 trees right.")
    assert passed and "minimax: passed" in passed._repr_html_() and "Hint" not in str(passed)


def test_the_verdict_tells_a_stub_from_a_mistake():
    assert verdict("f", True, "ok") == "f: passed"
    assert verdict("f", False, "not-implemented") == "f: not answered yet"
    assert verdict("f", False, "timeout") == "f: not yet (timeout)"


def test_a_failure_raises_only_when_asked(capsys):
    report = _failed()
    assert finish(report, raise_on_failure=False) is report
    with pytest.raises(CheckFailed, match="^minimax: no-alternation \\(see the report above\\)$"):
        finish(report, raise_on_failure=True)
    assert "minimax: not yet (no-alternation)" in capsys.readouterr().out     # shown before it raises
    passed = Report("minimax", True, "ok", "right")
    assert finish(passed, raise_on_failure=True) is passed


def test_try_it_goes_on_past_a_stub_and_refuses_what_is_not_a_function(capsys):
    def alphabeta(node):
        raise NotImplementedError

    assert try_it(alphabeta, None) is None
    assert capsys.readouterr().err == "alphabeta: not answered yet (it still raises NotImplementedError)\n"
    assert try_it(min, 3, 12) == 3
    with pytest.raises(ArgumentTypeError, match="^function:"):
        try_it(42)


def test_try_it_stops_a_loop_as_the_checks_do_and_keeps_a_right_answer_as_it_was(monkeypatch, capsys):
    import time

    from mmlib import check
    from mmlib.check import report as report_module
    from mmlib.errors import MmlibError, UserFunctionError
    from mmlib.isolation import runner

    assert getattr(report_module, "TRY_SECONDS", runner.TIME_LIMIT) == runner.TIME_LIMIT   # as the checks
    monkeypatch.setattr(report_module, "TRY_SECONDS", 1.0, raising=False)
    root = check.lab_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])

    def minimax(node, depth, maximizing):       # a loop that would run for 20 seconds
        start = time.monotonic()
        while time.monotonic() < start + 20:
            pass

    start = time.monotonic()
    with pytest.raises(UserFunctionError) as stopped:
        try_it(minimax, root, 2, True)
    assert time.monotonic() - start < 4
    assert isinstance(stopped.value, MmlibError) and stopped.value.function == "minimax"
    assert str(stopped.value).startswith("minimax: it did not finish within 1 second"), stopped.value
    assert "at most 1 seconds" not in str(stopped.value) and "while loop" in str(stopped.value)
    assert stopped.value._render_traceback_() == [f"\x1b[31mCallStopped\x1b[0m: {stopped.value}"]

    def best_move(node, depth):                  # right: printed once, the node itself returned
        print("looking at", len(node.children), "children")
        return node.children[0]

    assert try_it(best_move, root, 2) is root.children[0]
    assert capsys.readouterr().out == "looking at 3 children\n"
    with pytest.raises(ZeroDivisionError):        # an error is the student's own, raised here as before
        try_it(lambda node: 1 / 0, root)


def test_counts_are_written_with_their_noun():
    assert [counted(n, "leaf") for n in (0, 1, 2)] == ["0 leaves", "1 leaf", "2 leaves"]
    assert counted(12_345, "node") == "12,345 nodes"

