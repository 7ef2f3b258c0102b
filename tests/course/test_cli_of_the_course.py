"""``mmlib-course`` (mmlib.course.cli): one command, a subcommand per tool; the one place the instructor's
tools end the process: status 0 when done, 1 with one line when a tool cannot go on, 2 for a usage error."""

from __future__ import annotations

import pytest

from mmlib.course import cli, gradebook
from mmlib.errors import ArgumentError, CourseError


def test_the_help_names_every_command(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert all(name in shown for name in ("release", "grade", "gradebook", "gradescope", "exam",
                                          "tournament", "distribute"))


@pytest.mark.parametrize("argv", [[], ["mark"]], ids=["no command", "an unknown command"])
def test_a_usage_error_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    assert done.value.code == 2 and "mmlib-course" in capsys.readouterr().err


def test_the_rest_of_the_line_goes_to_the_command_and_its_status_comes_back(monkeypatch):
    seen = []
    monkeypatch.setitem(cli.COMMANDS, "exam", (lambda argv: seen.append(argv) or 3, "an exam"))
    assert cli.main(["exam", "--students", "x.csv", "-n", "2"]) == 3
    assert seen == [["--students", "x.csv", "-n", "2"]]


def test_an_mmlib_error_is_one_line_and_status_1_anything_else_is_a_bug(monkeypatch, capsys):
    def refuses(argv):
        raise ArgumentError("seed: expected a whole number, got 'x'")

    monkeypatch.setitem(cli.COMMANDS, "exam", (refuses, "an exam"))
    assert cli.main(["exam"]) == 1
    assert capsys.readouterr().err == "mmlib-course exam: seed: expected a whole number, got 'x'\n"

    def broken(argv):
        raise KeyError("a bug")

    monkeypatch.setitem(cli.COMMANDS, "exam", (broken, "an exam"))
    with pytest.raises(KeyError):                  # a bug is not dressed up as the user's mistake
        cli.main(["exam"])


def test_a_tool_that_cannot_go_on_says_why_in_one_line_and_exits_1(tmp_path, capsys):
    """The instructor's tools raise mmlib errors; only the command line turns one into status 1."""
    with pytest.raises(CourseError, match="scores.csv: no such file"):
        gradebook.write(tmp_path)
    assert cli.main(["gradebook", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mmlib-course gradebook: ") and "scores.csv: no such file" in err
    assert "Traceback" not in err
