"""``mmlib-course``: one command for the instructor's tools, a subcommand per task.

>>> main(["--help"])
Traceback (most recent call last):
SystemExit: 0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from ..errors import MmlibError

__all__ = ["COMMANDS", "main"]


def _grading(command: str) -> Callable[[list[str]], int]:
    def run(argv: list[str]) -> int:
        from . import grading
        grading.main([command, *argv])
        return 0
    return run


def _gradebook(argv: list[str]) -> int:
    from . import gradebook
    gradebook.main(argv)
    return 0


def _gradescope(argv: list[str]) -> int:
    from . import gradescope
    gradescope.main(argv)
    return 0


def _exam(argv: list[str]) -> int:
    from . import exam
    return exam.main(argv)


def _distribute(argv: list[str]) -> int:
    from . import distribute
    distribute.main(argv)
    return 0


def _tournament(argv: list[str]) -> int:
    from . import tournament
    tournament.main(argv)
    return 0


def _child(argv: list[str]) -> int:
    from . import scoring
    lab, path, isolation, *work = argv
    scoring.child(lab, path, isolation, *work[:1])
    return 0


COMMANDS: dict[str, tuple[Callable[[list[str]], int], str]] = {
    "release": (_grading("release"), "write the student notebooks, solutions and autograder notebooks"),
    "grade": (_grading("grade"), "grade every notebook in a folder, student code sealed"),
    "gradebook": (_gradebook, "gradebook.csv, canvas.csv and feedback pages from a grading run"),
    "gradescope": (_gradescope, "Gradescope autograder zips (build), or grade on Gradescope (run)"),
    "exam": (_exam, "one seeded alpha-beta question set per student: HTML, PDF, Moodle XML"),
    "tournament": (_tournament, "lab 6 agents play Connect Four, sealed: leaderboard, pages, CSV"),
    "distribute": (_distribute, "the students' copy of the course, without solutions or these tools"),
}
"""Each subcommand: what runs it (with the rest of the command line) and what it does."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``mmlib-course COMMAND ...``; its exit status: 0 when done, 1 when the command could not
    go on (what it could not work with is printed, one line, no traceback), 2 for a usage error.

    The one place the instructor's tools end the process: they raise errors of the
    :mod:`mmlib.errors` family, and this says them and returns the status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["_child"]:            # the process grading one submission (mmlib.course.scoring)
        return _child(argv[1:])
    parser = argparse.ArgumentParser(
        prog="mmlib-course", description="The instructor's tools: release and grade the labs, the gradebook, "
        "Gradescope autograders, exams and the students' copy of the course.",
        epilog="`mmlib-course COMMAND --help` says more about each.")
    parser.add_argument("command", choices=list(COMMANDS), metavar="COMMAND",
                        help="; ".join(f"{name}: {what}" for name, (_, what) in COMMANDS.items()))
    parser.add_argument("arguments", nargs=argparse.REMAINDER, help="the command's own arguments")
    args = parser.parse_args(argv[:1])
    try:
        return COMMANDS[args.command][0](argv[1:])
    except MmlibError as error:     # a file, an option or a constraint the tool cannot work with
        print(f"mmlib-course {args.command}: {error}", file=sys.stderr)
        return 1
