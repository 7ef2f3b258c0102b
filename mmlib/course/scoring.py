"""Scoring one submission: the hidden tests run here, the student's code in a sandbox.

This runs in the process :func:`mmlib.course.grading.grade_notebook` starts for one submission
(with a memory and a time limit), which holds no student code: the lab's trusted setup and its
hidden tests run here, and the student's names are fetched from a sealed process
(:class:`mmlib.isolation.sandbox.Sandbox`) holding their notebook, as
:class:`~mmlib.isolation.sandbox.RemoteFunction` objects or plain data.  A part scores its points
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

from ..isolation.sandbox import RemoteFunction, Sandbox, package_folders
from ..isolation.stage import stage
from .cells import cell_code, notebook_code
from .channel import Result
from .labs import SANDBOX_MODULES, WITHHELD, packages
from .labsource import Part, build, exercise_names, parts, read_notebook, setup_code

if TYPE_CHECKING:                     # nbformat comes with the grader extra, imported where it is used
    import nbformat

__all__ = ["grade_parts", "stage_lab", "child"]


def stage_lab(name: str, target: Path) -> Path:
    """Write the mmlib lab ``name``'s sealed code sees into ``target`` (see :mod:`mmlib.course.labs`)."""
    questions = quiz_trees(name)
    stand_ins = {"mmlib.quiz": QUIZ_STAND_IN.format(trees=questions)} if questions else {}
    stage(SANDBOX_MODULES[name], target, withheld=WITHHELD.get(name, {}), stand_ins=stand_ins)
    (target / "IPython").mkdir(mode=0o755, exist_ok=True)
    for module, text in IPYTHON_STAND_IN.items():
        (target / "IPython" / module).write_text(text)
        (target / "IPython" / module).chmod(0o644)
    return target


IPYTHON_STAND_IN = {
    "__init__.py": '''"""IPython while a lab is graded: what notebooks import to show things does nothing."""
from .display import display  # noqa: F401


class _Quiet:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def get_ipython():
    return _Quiet()
''',
    "display.py": '''"""IPython.display while a lab is graded: nothing is shown."""


def display(*objects, **options):
    return None


def clear_output(*args, **kwargs):
    return None


class _Shown:
    def __init__(self, *args, **kwargs):
        pass


HTML = Markdown = Image = SVG = Latex = Math = JSON = Javascript = Pretty = Code = _Shown
'''}
"""A stand-in ``IPython`` in every sandbox: ``from IPython.display import display, Markdown`` works in
a notebook, as it does in Jupyter (and shows nothing, as nothing is shown while grading)."""


QUIZ_STAND_IN = '''"""mmlib.quiz while a lab is graded: the trees of the lab's own questions, no answers."""
from . import trees as _trees

_TREES = {trees!r}


class Question:
    """A quiz question while the lab is graded: its tree only."""

    def __init__(self, nested):
        self.tree = _trees.from_nested(nested)

    def __getattr__(self, name):
        raise AttributeError(f"Question.{{name}}: only the question's tree is there while this lab is graded")


def alpha_beta_question(*args, **kwargs):
    key = repr((args, sorted(kwargs.items())))
    if key not in _TREES:
        raise RuntimeError("only the lab's own quiz questions are available while this lab is graded")
    return Question(_TREES[key])
'''


def quiz_trees(name: str) -> dict[str, Any]:
    """The trees of the quiz questions lab ``name``'s own cells ask for (``quiz.alpha_beta_question``
    with literal arguments), keyed by their arguments: what its sandbox's stand-in ``mmlib.quiz``
    holds, so the lab's own ``quiz_tree`` cell works there without any answer key.

    >>> list(quiz_trees("lab2_alphabeta"))
    ["((), [('branching', 3), ('depth', 3), ('ordering', 'random'), ('seed', 7)])"]
    >>> quiz_trees("lab1_minimax")
    {}
    """
    if "mmlib.trees" not in SANDBOX_MODULES[name]:
        return {}
    from .. import quiz

    found: dict[str, Any] = {}
    for cell in build(name, solution=False).cells:
        if cell.cell_type != "code" or "alpha_beta_question" not in cell.source:
            continue
        for node in ast.walk(ast.parse(_python(cell.source))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "alpha_beta_question":
                try:
                    args = tuple(ast.literal_eval(arg) for arg in node.args)
                    kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
                except ValueError:
                    continue
                tree = quiz.alpha_beta_question(*args, **kwargs).tree
                found[repr((args, sorted(kwargs.items())))] = tree.to_nested()
    return found


def _python(source: str) -> str:
    return cell_code(source, 0)[0]


def grade_parts(name: str, nb: nbformat.NotebookNode, emit: Callable[[str, Any], None], *,
                isolation: str = "bwrap", work: Path | None = None) -> None:
    """Grade notebook ``nb`` of lab ``name``; ``emit(kind, data)`` reports each note and part.

    The student's notebook runs in a :class:`Sandbox`; this process runs the lab's trusted setup
    and its hidden tests, handing the checker the student's functions as :class:`RemoteFunction`
    objects and their plain data as data.  No student code ever runs here.  The sandbox's files go
    into ``work`` (which the grader removes, even when this process is killed), else into a
    temporary folder of its own.
    """
    if work is None:
        with tempfile.TemporaryDirectory(prefix="mmlib-grading-") as folder:
            grade_parts(name, nb, emit, isolation=isolation, work=Path(folder))
        return
    cells, said = notebook_code(nb)
    namespace: dict[str, Any] = {"__name__": "__lab__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(setup_code(name), f"<{name} setup>", "exec"), namespace)
    answers = exercise_names(name)
    work.chmod(0o755)
    sandbox = Sandbox(stage_lab(name, work / "lib"), cells, work, isolation=isolation,
                      packages=package_folders(packages(name)))
    sandbox.notes += said
    released = {cell.source.strip() for cell in build(name, solution=False).cells}
    sandbox.quiet = {number for number, cell in enumerate(nb.cells, start=1)
                     if cell.source.strip() in released}
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


def child(lab: str, path: str, isolation: str, work: str | None = None) -> None:
    """Entry point of the grading process: one JSON line per note and part on stdout."""
    channel, sys.stdout = sys.stdout, sys.stderr     # what a lab's setup prints is not a message

    def emit(kind: str, data: dict[str, Any]) -> None:
        print(json.dumps({"kind": kind, "data": data}), file=channel, flush=True)

    grade_parts(lab, read_notebook(path), emit, isolation=isolation, work=Path(work) if work else None)
