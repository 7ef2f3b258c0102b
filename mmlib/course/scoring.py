"""Scoring one submission: the hidden tests run here, the student's code in a sandbox.

This runs in the process :func:`mmlib.course.grading.grade_notebook` starts for one submission
(with a memory and a time limit), which holds no student code: the lab's trusted setup and its
hidden tests run here, and the student's names are fetched from a sealed process
(:class:`mmlib.check.sandbox.Sandbox`) holding their notebook, as
:class:`~mmlib.check.sandbox.RemoteFunction` objects or plain data.  A part scores its points
iff its hidden test raises nothing (and, when it ends with an :mod:`mmlib.check` report, the
report passed); what the check printed is the feedback.  Each note and part goes to the grader
as one JSON line (:func:`mmlib.course.channel.read_results` validates them).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..check.sandbox import RemoteFunction, Sandbox
from ..check.stage import stage
from .channel import Result
from .labs import SANDBOX_MODULES, WITHHELD
from .labsource import Part, build, exercise_names, parts, read_notebook, setup_code

if TYPE_CHECKING:                     # nbformat comes with the grader extra, imported where it is used
    import nbformat

__all__ = ["grade_parts", "stage_lab", "child"]


def stage_lab(name: str, target: Path) -> Path:
    """Write the mmlib lab ``name``'s sealed code sees into ``target`` (see :mod:`mmlib.course.labs`)."""
    return stage(SANDBOX_MODULES[name], target, withheld=WITHHELD.get(name, {}))


def grade_parts(name: str, nb: nbformat.NotebookNode, emit: Callable[[str, Any], None], *,
                isolation: str = "bwrap") -> None:
    """Grade notebook ``nb`` of lab ``name``; ``emit(kind, data)`` reports each note and part.

    The student's notebook runs in a :class:`Sandbox`; this process runs the lab's trusted setup
    and its hidden tests, handing the checker the student's functions as :class:`RemoteFunction`
    objects and their plain data as data.  No student code ever runs here.
    """
    cells = [cell.source for cell in nb.cells if cell.cell_type == "code"]
    namespace: dict[str, Any] = {"__name__": "__lab__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(setup_code(name), f"<{name} setup>", "exec"), namespace)
    answers = exercise_names(name)
    with tempfile.TemporaryDirectory(prefix="mmlib-grading-") as work:
        Path(work).chmod(0o755)
        sandbox = Sandbox(stage_lab(name, Path(work) / "lib"), cells, Path(work), isolation=isolation)
        released = {cell.source.strip() for cell in build(name, solution=False).cells}
        sandbox.quiet = {number for number, source in enumerate(cells, start=1) if source.strip() in released}
        try:
            for part in parts(name):
                emit("part", asdict(_grade_part(part, namespace, sandbox, answers)))
        finally:
            sandbox.stop()
        for note in sandbox.notes:
            emit("note", note)


def _grade_part(part: Part, trusted: dict[str, Any], sandbox: Sandbox, answers: set[str]) -> Result:
    """Run one hidden test here, the student's names fetched from the sandbox.  The part scores
    its points iff the hidden test raises nothing (and a report it ends with passed)."""
    from ..check import Report
    from ..check.expectimax import LabReport

    tree = ast.parse(part.test)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & answers
    namespace = dict(trusted)
    missing: list[str] = []
    for used_name in sorted(used):
        found = sandbox.lookup(used_name)
        if "callable" in found:
            namespace[used_name] = RemoteFunction(sandbox, used_name)
        elif "value" in found:
            namespace[used_name] = found["value"]
        else:
            missing.append(found["missing"])
    skipped = "".join(f"\n- {note}" for note in sandbox.notes)
    left_out = f"\nLeft out while running your notebook:{skipped}" if skipped else ""
    if missing:
        return Result(part.grade_id, 0.0, part.points, f"not graded: {'; '.join(missing)}{left_out}")
    body = tree.body
    last = None
    if body and isinstance(body[-1], ast.Expr):
        last = ast.Expression(body.pop().value)      # type: ignore[attr-defined]
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(ast.Module(body, []), f"<{part.grade_id}>", "exec"), namespace)
            report = eval(compile(last, f"<{part.grade_id}>", "eval"), namespace) if last else None
    except Exception as error:  # noqa: BLE001 - a failing hidden test scores zero, with its reason
        carried = getattr(error, "report", None)          # a CheckFailed may carry its report
        shown = str(carried) if isinstance(carried, Report | LabReport) else printed.getvalue().strip()
        reason = f"{type(error).__name__}: {error}"
        return Result(part.grade_id, 0.0, part.points,
                      (f"{shown}\n{reason}" if shown and str(error) not in shown else shown or reason)
                      + left_out)
    text = str(report) if isinstance(report, Report | LabReport) else printed.getvalue().strip()
    passed = report.passed if isinstance(report, Report | LabReport) else True
    return Result(part.grade_id, part.points if passed else 0.0, part.points,
                  (text or "passed") + (left_out if not passed else ""))


def child(lab: str, path: str, isolation: str) -> None:
    """Entry point of the grading process: one JSON line per note and part on stdout."""
    channel, sys.stdout = sys.stdout, sys.stderr     # what a lab's setup prints is not a message

    def emit(kind: str, data: Any) -> None:
        print(json.dumps({"kind": kind, "data": data}), file=channel, flush=True)

    grade_parts(lab, read_notebook(path), emit, isolation=isolation)
