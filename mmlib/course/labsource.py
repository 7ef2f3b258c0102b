"""The course's labs as the instructor's tools read them: their sources, graded parts and setup.

Each lab has one source, ``instructor/labs/<lab>.md`` in the course's repository, in nbgrader's
format: answers between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, and one **graded part**
per hidden-test cell, a cell with nbgrader's metadata (``grade: true``, ``grade_id``,
``points``) whose lines sit between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``.
The course's own script ``instructor/make_labs.py`` turns a source into the student notebook and
the solution; this module loads it from the course's repository (:data:`ROOT`) by its path.
Nothing here stores a solution, a hidden test or a key: they stay in the repository.

>>> [part.grade_id for part in parts("lab1_minimax")]
['minimax', 'best_move']
"""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:                     # nbformat comes with the grader extra, imported where it is used
    import nbformat


__all__ = ["ROOT", "find_root", "instructor_module", "make_labs", "navigation", "lab_names",
           "read_source", "build", "is_hidden_test", "Part", "hidden_code", "parts", "lab_of",
           "exercise_names", "setup_code", "check_cells", "read_notebook", "write_notebook", "notebook_text"]

HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"


def find_root() -> Path:
    """The course's repository: ``$MMLIB_COURSE_ROOT`` if set, else the folder holding
    ``instructor/labs/``, looked for beside the mmlib package in use (an editable install or
    ``PYTHONPATH``), then from the working folder up.  Without one, the folder beside the package
    (a tool that needs the labs then says so)."""
    if os.environ.get("MMLIB_COURSE_ROOT"):
        return Path(os.environ["MMLIB_COURSE_ROOT"]).resolve()
    beside = Path(__file__).resolve().parents[2]
    for folder in (beside, Path.cwd(), *Path.cwd().parents):
        if (folder / "instructor" / "labs").is_dir():
            return folder
    return beside


ROOT = find_root()
"""The course's repository (see :func:`find_root`)."""


def instructor_module(name: str, root: Path | None = None) -> ModuleType:
    """The course's script ``instructor/<name>.py`` (``make_labs`` or ``navigation``), loaded by
    its path once (and registered under its name, so the scripts find each other)."""
    path = ((root or ROOT) / "instructor" / f"{name}.py").resolve()
    loaded = sys.modules.get(name)
    if loaded is not None and Path(str(getattr(loaded, "__file__", ""))).resolve() == path:
        return loaded
    if not path.is_file():
        raise FileNotFoundError(f"{path}: not found; run the instructor's tools from the course's repository "
                                "(the folder with instructor/labs/)")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def make_labs(root: Path | None = None) -> ModuleType:
    """The course's ``instructor/make_labs.py``: writes student labs and solutions from their sources."""
    return instructor_module("make_labs", root)


def navigation(root: Path | None = None) -> ModuleType:
    """The course's ``instructor/navigation.py``: the contents, navigation cells and Binder links."""
    return instructor_module("navigation", root)


def lab_names(root: Path | None = None) -> list[str]:
    """The labs, in order.

    >>> lab_names()[:2]
    ['lab1_minimax', 'lab2_alphabeta']
    """
    return [str(name) for name in make_labs(root).NAMES]


def read_source(name: str, root: Path | None = None) -> nbformat.NotebookNode:
    """Lab ``name``'s source as a notebook (solutions and hidden tests included)."""
    root = root or ROOT
    source: nbformat.NotebookNode = make_labs(root).read_source(name, root / "instructor" / "labs")
    return source


def build(name: str, *, solution: bool, root: Path | None = None) -> nbformat.NotebookNode:
    """The student (``solution=False``) or solution notebook of lab ``name``, without outputs."""
    nb: nbformat.NotebookNode = make_labs(root).build(name, solution=solution, root=root or ROOT)
    return nb


def is_hidden_test(cell: nbformat.NotebookNode) -> bool:
    """True for a cell of hidden tests (nbgrader's ``grade`` metadata and hidden-test markers)."""
    return bool(make_labs().is_hidden_test(cell))



def read_notebook(path: Path | str) -> nbformat.NotebookNode:
    """The notebook at ``path`` (nbformat 4)."""
    import nbformat

    read: Callable[..., nbformat.NotebookNode] = nbformat.read
    return read(path, as_version=4)


def write_notebook(nb: nbformat.NotebookNode, path: Path) -> None:
    """Write ``nb`` to ``path``."""
    import nbformat

    write: Callable[..., None] = nbformat.write
    write(nb, path)


def notebook_text(nb: nbformat.NotebookNode) -> str:
    """``nb`` as the text of an ``.ipynb`` file."""
    import nbformat

    writes: Callable[..., str] = nbformat.writes
    return writes(nb)

# -- the graded parts, from the lab's source ---------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One graded part of a lab: nbgrader's ``grade_id``, its ``points`` and the hidden test."""

    grade_id: str
    points: float
    test: str


def hidden_code(source: str) -> str:
    """The lines between the hidden-test markers.

    >>> hidden_code("### BEGIN HIDDEN TESTS\\ncheck.check_minimax(minimax)\\n### END HIDDEN TESTS")
    'check.check_minimax(minimax)'
    """
    lines = source.splitlines()
    return "\n".join(lines[lines.index(HIDDEN_BEGIN) + 1: lines.index(HIDDEN_END)])


def parts(name: str, *, root: Path | None = None) -> list[Part]:
    """The graded parts of lab ``name``, in order."""
    source = read_source(name, root)
    return [Part(cell.metadata["nbgrader"]["grade_id"], float(cell.metadata["nbgrader"]["points"]),
                 hidden_code(cell.source))
            for cell in source.cells if is_hidden_test(cell)]



# -- which lab, and what its answers and setup are ------------------------------------------------

def lab_of(path: Path, nb: Any) -> str:
    """Which lab a submitted notebook is: by its file name; else by its cell ids; else by the
    content of its check cells (the lab's read-only cells that grade an answer), which a renamed
    copy with new cell ids still holds.  ValueError when none, or more than one, fits.

    >>> import nbformat
    >>> copy = build("lab2_alphabeta", solution=True)
    >>> for cell in copy.cells:
    ...     cell.id = "renamed"
    >>> lab_of(Path("my homework.ipynb"), copy)
    'lab2_alphabeta'
    """
    names = lab_names()
    by_name = [name for name in names if name in path.name]
    if len(by_name) == 1:
        return by_name[0]
    ids = {str(cell.get("id", "")).split("-")[0] for cell in nb.cells}
    by_id = [name for number, name in enumerate(names, start=1) if f"lab{number}" in ids]
    if len(by_id) == 1:
        return by_id[0]
    sources = {_normal(cell.get("source", "")) for cell in nb.cells if cell.get("cell_type") == "code"}
    matches = {name: len(check_cells(name) & sources) for name in names}
    best = max(matches.values(), default=0)
    by_content = [name for name, count in matches.items() if count == best]
    if best and len(by_content) == 1:
        return by_content[0]
    candidates = by_content if best else by_name or by_id
    why = f"it could be {' or '.join(candidates)}" if candidates else "it holds none of a lab's check cells"
    raise ValueError(f"{path.name}: not a notebook of one lab ({why}); name its lab with --lab")


def _normal(source: str) -> str:
    return "\n".join(line.rstrip() for line in str(source).strip().splitlines())


_CHECK_CELLS: dict[str, set[str]] = {}


def check_cells(name: str) -> set[str]:
    """The code of lab ``name``'s check cells as students get them (nbgrader's read-only graded
    cells), normalised: what identifies a copy of the lab whatever its name and cell ids."""
    if name not in _CHECK_CELLS:
        graded = {_normal(cell.source) for cell in read_source(name).cells
                  if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade")}
        student = {_normal(cell.source) for cell in build(name, solution=False).cells
                   if cell.cell_type == "code"}
        _CHECK_CELLS[name] = {source for source in student
                              if any(source and source in hidden for hidden in graded)}
    return _CHECK_CELLS[name]


def exercise_names(name: str, *, root: Path | None = None) -> set[str]:
    """The names the student's answers bind: what the lab's solution cells define."""
    names: set[str] = set()
    for cell in read_source(name, root).cells:
        if cell.cell_type != "code" or "### BEGIN SOLUTION" not in cell.source:
            continue
        code = "\n".join(line for line in _code(cell.source).splitlines()
                         if not line.lstrip().startswith("###"))
        for stmt in ast.parse(code).body:
            if isinstance(stmt, ast.FunctionDef | ast.ClassDef):
                names.add(stmt.name)
            elif isinstance(stmt, ast.Assign):
                names |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    return names


def _code(source: str) -> str:
    """A cell's code as a kernel runs it (IPython's magics and shell lines become calls)."""
    from .cells import cell_code

    return cell_code(source, 0)[0]


def setup_code(name: str, *, root: Path | None = None) -> str:
    """The lab's trusted setup, from its student version (no answers in it): imports, helpers
    and the trees the tests use (calls of the checker and bare expressions such as drawings left out)."""
    kept = []
    for cell in build(name, solution=False, root=root).cells:
        if cell.cell_type != "code" or "navigation" in cell.metadata.get("tags", []):
            continue
        for stmt in ast.parse(_code(cell.source)).body:
            uses_check = any(isinstance(n, ast.Attribute) and n.attr.startswith("check_")
                             for n in ast.walk(stmt))
            if isinstance(stmt, ast.Expr | ast.Assert) or uses_check:
                continue
            kept.append(ast.unparse(stmt))
    return "\n".join(kept)


