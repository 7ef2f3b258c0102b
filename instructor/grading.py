"""Release the labs and grade submitted notebooks, safely.

Each lab has one source, ``instructor/labs/<lab>.md``, in nbgrader's format: answers between
``### BEGIN SOLUTION`` and ``### END SOLUTION``, and one **graded part** per hidden-test cell,
a cell with nbgrader's metadata (``grade: true``, ``grade_id``, ``points``) whose lines sit
between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``.  The last expression of a
hidden test is an :mod:`mmlib.check` report: the part scores its points when the report passed,
and the report's text is the feedback.  Student notebooks and solutions never contain these
cells (``instructor/make_labs.py`` leaves them out).

``python instructor/grading.py release`` writes the student notebooks and solutions (through
``make_labs``) and, for each lab, the autograder notebook ``release/autograder/<lab>.ipynb``:
the source with solutions, hidden tests and nbgrader's checksums (nbgrader's own preprocessors
validate the metadata and compute them).

``python instructor/grading.py grade SUBMISSIONS [--out GRADES]`` grades every ``*.ipynb``
below ``SUBMISSIONS``, each in its own process with a wall-clock time limit and a memory limit,
and writes ``GRADES/scores.csv`` (one row per submission: points per part, total) and
``GRADES/<submission>/results.json`` in Gradescope's format (one test per part, with the
checker's feedback).

Nothing the student's notebook computes is trusted.  The grader never runs the notebook's
top-level code: from every code cell it takes only definitions (``def`` without decorators,
imports of a few standard modules, names bound to plain literals), refuses functions that reach
for the checker, the quiz's answers, files or introspection, and builds the lab's namespace from
the trusted source.  The checker then calls the student's functions in forked child processes
(:mod:`mmlib.check.runner`), and the verdict is computed in the grading process, out of their
reach.  A statement the grader leaves out is named in the feedback.
"""

from __future__ import annotations
import __future__

import argparse
import ast
import csv
import json
import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import nbformat

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import make_labs  # noqa: E402

__all__ = ["Part", "Result", "Graded", "parts", "definitions", "lab_of", "grade_notebook", "grade_folder",
           "autograder", "release",
           "TIME_LIMIT", "MEMORY_LIMIT"]

TIME_LIMIT = 120.0
"""Wall-clock seconds one submission may take to grade, all parts together."""
MEMORY_LIMIT = 4 << 30
"""Bytes of address space the process grading one submission may use."""

HINTS_UNEVALUATED = __future__.annotations.compiler_flag
HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
ALLOWED_IMPORTS = frozenset({"math", "random", "functools", "itertools", "collections", "heapq",
                             "operator", "statistics", "typing", "bisect"})
FORBIDDEN_NAMES = frozenset({
    "open", "exec", "eval", "compile", "__import__", "globals", "locals", "vars", "getattr",
    "setattr", "delattr", "breakpoint", "input", "memoryview", "type", "object", "super",
    "mmlib", "check", "quiz", "question", "search", "trees", "draw", "sys", "os", "builtins",
    "importlib", "inspect", "gc", "ctypes", "subprocess", "pathlib", "io", "shutil", "signal",
})
"""Names a graded function may not use: the checker, the quiz's answers, files, introspection."""


# -- the graded parts, from the lab's source ---------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One graded part of a lab: nbgrader's ``grade_id``, its ``points`` and the hidden test."""

    grade_id: str
    points: float
    test: str


is_hidden_test = make_labs.is_hidden_test


def hidden_code(source: str) -> str:
    """The lines between the hidden-test markers.

    >>> hidden_code("### BEGIN HIDDEN TESTS\\ncheck.check_minimax(minimax)\\n### END HIDDEN TESTS")
    'check.check_minimax(minimax)'
    """
    lines = source.splitlines()
    return "\n".join(lines[lines.index(HIDDEN_BEGIN) + 1: lines.index(HIDDEN_END)])


def parts(name: str, *, root: Path = ROOT) -> list[Part]:
    """The graded parts of lab ``name``, in order."""
    source = make_labs.read_source(name, root / "instructor" / "labs")
    return [Part(cell.metadata["nbgrader"]["grade_id"], float(cell.metadata["nbgrader"]["points"]),
                 hidden_code(cell.source))
            for cell in source.cells if is_hidden_test(cell)]


# -- what the grader takes from a notebook -----------------------------------------------------

def _code(source: str) -> str:
    """A cell's code without IPython magics and shell lines."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def _literal(node: ast.AST) -> bool:
    """True if evaluating ``node`` runs no code: constants, containers of them, names, lambdas."""
    if isinstance(node, ast.Lambda):
        return True
    if isinstance(node, ast.Constant | ast.Name):
        return True
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return all(_literal(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        pairs = zip(node.keys, node.values, strict=True)
        return all(k is not None and _literal(k) and _literal(v) for k, v in pairs)
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.operand, ast.Constant)
    return False


def _refusal(stmt: ast.stmt) -> str | None:
    """Why a definition is refused (it reaches for the checker, files or introspection), or None."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            return f"it uses `{node.id}`"
        if isinstance(node, ast.Attribute) and node.attr.startswith("__"):
            return f"it uses `.{node.attr}`"
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [alias.name for alias in node.names]
            bad = [m for m in modules if m.split(".")[0] not in ALLOWED_IMPORTS]
            if bad:
                return f"it imports `{bad[0]}`"
    return None


def _kept(stmt: ast.stmt) -> bool:
    """True for a statement whose execution runs no student code (type hints are compiled as
    ``from __future__ import annotations`` does: never evaluated)."""
    if isinstance(stmt, ast.FunctionDef):
        args = stmt.args
        return not stmt.decorator_list and all(_literal(d) for d in args.defaults + args.kw_defaults
                                               if d is not None)
    if isinstance(stmt, ast.Import | ast.ImportFrom):
        return True
    if isinstance(stmt, ast.Assign):
        return all(isinstance(t, ast.Name) for t in stmt.targets) and _literal(stmt.value)
    return False


def definitions(nb: Any, *, skip: set[str] = frozenset()) -> tuple[str, list[str], dict[str, str]]:
    """The code the grader runs from a submitted notebook, notes on what it left out, and the
    names whose definition it refused, with the reason.

    ``skip`` holds the statements (``ast.dump``) of the released notebook, left out silently.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
    ...     "import math\\ndef f(x):\\n    return x\\nf(1)\\nanswer = 'I J'\\ncheck.x = 1")])
    >>> code, notes, refused = definitions(nb)
    >>> print(code)
    import math
    def f(x):
        return x
    answer = 'I J'
    >>> for note in notes:
    ...     print(note)
    cell 1, line 4: `f(1)` is not run by the grader (only definitions are)
    cell 1, line 6: `check.x = 1` is not run by the grader (only definitions are)
    """
    kept: list[str] = []
    notes: list[str] = []
    refused: dict[str, str] = {}
    for number, cell in enumerate((c for c in nb.cells if c.cell_type == "code"), start=1):
        try:
            tree = ast.parse(_code(cell.source))
        except SyntaxError as error:
            notes.append(f"cell {number}: syntax error on line {error.lineno}: nothing in it is graded")
            continue
        for stmt in tree.body:
            if ast.dump(stmt) in skip or isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
                continue
            text = ast.get_source_segment(_code(cell.source), stmt) or ""
            where, short = f"cell {number}, line {stmt.lineno}", text.splitlines()[0][:60]
            if not _kept(stmt):
                notes.append(f"{where}: `{short}` is not run by the grader (only definitions are)")
                continue
            reason = _refusal(stmt)
            if reason:
                notes.append(f"{where}: `{short}` is refused: {reason}, which a graded answer may not")
                for name in _bound(stmt):
                    refused[name] = f"{where}: {reason}, which a graded answer may not"
                continue
            kept.append(ast.unparse(stmt))
    return "\n".join(kept), notes, refused


def _bound(stmt: ast.stmt) -> list[str]:
    """The names a kept statement binds."""
    if isinstance(stmt, ast.FunctionDef):
        return [stmt.name]
    if isinstance(stmt, ast.Assign):
        return [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    return [(alias.asname or alias.name).split(".")[0] for alias in getattr(stmt, "names", [])]


def _statements(nb: Any) -> set[str]:
    out = set()
    for cell in nb.cells:
        if cell.cell_type == "code":
            try:
                out |= {ast.dump(stmt) for stmt in ast.parse(_code(cell.source)).body}
            except SyntaxError:
                pass
    return out


def setup_code(name: str, *, root: Path = ROOT) -> str:
    """The lab's trusted setup, from its student version (no answers in it): imports, helpers
    and the trees the tests use (calls of the checker and bare expressions such as drawings left out)."""
    kept = []
    for cell in make_labs.build(name, solution=False, root=root).cells:
        if cell.cell_type != "code" or "navigation" in cell.metadata.get("tags", []):
            continue
        for stmt in ast.parse(_code(cell.source)).body:
            uses_check = any(isinstance(n, ast.Attribute) and n.attr.startswith("check_")
                             for n in ast.walk(stmt))
            if isinstance(stmt, ast.Expr | ast.Assert) or uses_check:
                continue
            kept.append(ast.unparse(stmt))
    return "\n".join(kept)


# -- grading one notebook (in its own process) --------------------------------------------------

@dataclass
class Result:
    """One graded part: its score and the checker's feedback."""

    grade_id: str
    score: float
    max_score: float
    output: str


@dataclass
class Graded:
    """A graded submission."""

    submission: str
    lab: str
    results: list[Result] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return sum(r.score for r in self.results)

    def gradescope(self) -> dict:
        """Gradescope's results.json: the total, and one test per part with its feedback."""
        notes = "\n".join(self.notes)
        return {"score": self.score,
                "execution_time": round(self.seconds, 1),
                "output": f"{self.lab}: {self.score:g} / {sum(r.max_score for r in self.results):g} points"
                          + (f"\n{notes}" if notes else ""),
                "tests": [{"name": r.grade_id, "score": r.score, "max_score": r.max_score,
                           "output": r.output, "visibility": "visible"} for r in self.results]}


def lab_of(path: Path, nb: Any) -> str:
    """Which lab a submitted notebook is: by its file name, else by its cell ids."""
    for name in make_labs.NAMES:
        if name in path.name:
            return name
    ids = {str(cell.get("id", "")).split("-")[0] for cell in nb.cells}
    for number, name in enumerate(make_labs.NAMES, start=1):
        if f"lab{number}" in ids:
            return name
    raise ValueError(f"{path}: not a notebook of any lab ({', '.join(make_labs.NAMES)})")


def grade_parts(name: str, nb: Any, emit: Any) -> None:
    """Grade notebook ``nb`` of lab ``name`` here; ``emit(kind, data)`` reports each note and part."""
    from mmlib import check  # noqa: F401 - imported before anything of the student's is defined

    released = _statements(make_labs.build(name, solution=False))
    code, notes, refused = definitions(nb, skip=released)
    for note in notes:
        emit("note", note)
    namespace: dict[str, Any] = {"__name__": "__lab__"}
    exec(compile(setup_code(name), f"<{name} setup>", "exec"), namespace)
    for stmt in ast.parse(code).body:
        try:
            exec(compile(ast.Module([stmt], []), "<submission>", "exec", flags=HINTS_UNEVALUATED), namespace)
        except Exception as error:  # noqa: BLE001 - e.g. an import of a module that is not there
            short = ast.unparse(stmt).splitlines()[0][:60]
            emit("note", f"`{short}` failed: {type(error).__name__}: {error}")
    for part in parts(name):
        uses = {n.id for n in ast.walk(ast.parse(part.test)) if isinstance(n, ast.Name)} & set(refused)
        result = _grade_part(part, dict(namespace)) if not uses else \
            Result(part.grade_id, 0.0, part.points, f"`{min(uses)}` was refused ({refused[min(uses)]})")
        emit("part", asdict(result))


def _grade_part(part: Part, namespace: dict) -> Result:
    from mmlib.beyond.labcheck import LabReport
    from mmlib.check import CheckFailed, Report

    body = ast.parse(part.test).body
    last = ast.Expression(body.pop().value) if body and isinstance(body[-1], ast.Expr) else None
    try:
        exec(compile(ast.Module(body, []), f"<{part.grade_id}>", "exec"), namespace)
        report = eval(compile(last, f"<{part.grade_id}>", "eval"), namespace) if last else None
    except CheckFailed as error:    # the hidden test raised: its report is the feedback
        return Result(part.grade_id, 0.0, part.points, str(error if error.report is None else error.report))
    except NameError as error:
        return Result(part.grade_id, 0.0, part.points, f"not graded: {error} (was it defined?)")
    except Exception as error:  # noqa: BLE001 - a failing test scores zero, with its reason
        return Result(part.grade_id, 0.0, part.points, f"not graded: {type(error).__name__}: {error}")
    if not isinstance(report, Report | LabReport):
        return Result(part.grade_id, 0.0, part.points, "the hidden test gave no report")
    return Result(part.grade_id, part.points if report.passed else 0.0, part.points, str(report))


def _child(lab: str, path: str) -> None:
    """Entry point of the grading process: one JSON line per note and part on stdout."""
    channel, sys.stdout = sys.stdout, sys.stderr     # what a lab's setup prints is not a message

    def emit(kind: str, data: Any) -> None:
        print(json.dumps({"kind": kind, "data": data}), file=channel, flush=True)

    grade_parts(lab, nbformat.read(path, as_version=4), emit)


def _limits(memory_limit: int) -> None:
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def grade_notebook(path: Path, *, name: str | None = None, time_limit: float = TIME_LIMIT,
                   memory_limit: int = MEMORY_LIMIT, submission: str | None = None) -> Graded:
    """Grade one submitted notebook in a fresh process with a time and a memory limit."""
    path = Path(path).resolve()              # the child runs in the notebook's folder
    nb = nbformat.read(path, as_version=4)
    name = name or lab_of(path, nb)
    graded = Graded(submission or path.stem, name)
    start = time.monotonic()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PYTHONHASHSEED="0", MPLBACKEND="Agg")
    process = subprocess.Popen([sys.executable, str(Path(__file__)), "_child", name, str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(path.parent),
                               preexec_fn=lambda: _limits(memory_limit))
    try:
        out, err = process.communicate(timeout=time_limit)
        stopped = None if process.returncode == 0 else \
            f"grading stopped (exit status {process.returncode}): {err.decode(errors='replace')[-300:]}"
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        stopped = f"grading stopped after {time_limit:g} s (the time limit of a submission)"
    graded.seconds = time.monotonic() - start
    for line in out.decode(errors="replace").splitlines():
        message = json.loads(line)
        if message["kind"] == "note":
            graded.notes.append(message["data"])
        else:
            graded.results.append(Result(**message["data"]))
    done = {r.grade_id for r in graded.results}
    for part in parts(name):
        if part.grade_id not in done:
            graded.results.append(Result(part.grade_id, 0.0, part.points, stopped or "not graded"))
    order = [part.grade_id for part in parts(name)]
    graded.results.sort(key=lambda r: order.index(r.grade_id))
    if stopped:
        graded.notes.append(stopped)
    return graded


def grade_folder(folder: Path, out: Path, **limits: Any) -> list[Graded]:
    """Grade every notebook below ``folder``; write ``out/scores.csv`` and ``out/<id>/results.json``."""
    folder, out = Path(folder), Path(out)
    paths = sorted(p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
                   and out not in p.parents)
    everything = []
    for path in paths:
        ident = path.relative_to(folder).with_suffix("").as_posix()
        graded = grade_notebook(path, submission=ident, **limits)
        everything.append(graded)
        target = out / ident / "results.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(graded.gradescope(), indent=2) + "\n")
        print(f"{ident}: {graded.score:g} points in {graded.seconds:.1f} s", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "scores.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["submission", "lab", "part", "score", "max_score"])
        for graded in everything:
            for r in graded.results:
                writer.writerow([graded.submission, graded.lab, r.grade_id, f"{r.score:g}",
                                 f"{r.max_score:g}"])
            writer.writerow([graded.submission, graded.lab, "total", f"{graded.score:g}",
                             f"{sum(r.max_score for r in graded.results):g}"])
    return everything


# -- release -----------------------------------------------------------------------------------

def autograder(name: str, *, root: Path = ROOT) -> Any:
    """Lab ``name``'s autograder notebook: the source with solutions, hidden tests and nbgrader's
    checksums, its metadata validated by nbgrader."""
    from nbgrader.preprocessors import CheckCellMetadata, ComputeChecksums

    nb = make_labs.read_source(name, root / "instructor" / "labs")
    for index, cell in enumerate(nb.cells):
        cell.id = f"{name}-{index:02d}"
    nb, _ = CheckCellMetadata().preprocess(nb, {})
    nb, _ = ComputeChecksums().preprocess(nb, {})
    return nb


def release(out: Path = ROOT / "release") -> None:
    """Write the student notebooks and solutions, and the autograder notebooks in ``out``."""
    make_labs.main()
    for name in make_labs.NAMES:
        path = Path(out) / "autograder" / f"{name}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(autograder(name), path)
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("release", help="write student notebooks, solutions and autograders")
    grade = commands.add_parser("grade", help="grade every notebook in a folder")
    grade.add_argument("submissions", type=Path)
    grade.add_argument("--out", type=Path, default=ROOT / "grades")
    grade.add_argument("--time-limit", type=float, default=TIME_LIMIT)
    child = commands.add_parser("_child")
    child.add_argument("lab")
    child.add_argument("path")
    args = parser.parse_args(argv)
    if args.command == "release":
        release()
    elif args.command == "grade":
        if not args.submissions.is_dir():
            parser.error(f"SUBMISSIONS={args.submissions}: no such folder")
        graded = grade_folder(args.submissions, args.out, time_limit=args.time_limit)
        print(f"graded {len(graded)} notebooks: {args.out / 'scores.csv'}")
    else:
        _child(args.lab, args.path)


if __name__ == "__main__":
    main()
