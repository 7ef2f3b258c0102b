"""Write each lab's student notebook and solution notebook from its one source.

A lab's source is ``instructor/labs/<lab>.md`` (MyST Markdown, readable by jupytext), and it is
an nbgrader source notebook as it stands: nbgrader's ``generate_assignment``, ``validate``,
``autograde`` and ``generate_feedback`` take it (``tests/test_nbgrader.py`` runs them).

- A **solution cell** (nbgrader metadata ``solution: true``) holds the answer between
  ``### BEGIN SOLUTION`` and ``### END SOLUTION``.  The student version replaces it with
  ``# YOUR CODE HERE`` and a ``raise NotImplementedError(...)`` at the same indentation (a
  function's body), or with the lines marked ``### STUB`` inside the block (``answer = ...``).
- A **grade cell** (``grade: true``, ``grade_id``, ``points``, locked) holds the check a student
  runs, then between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS`` the same check with
  ``raise_on_failure=True``: the part scores its points iff that code runs without an exception.
  Both versions keep the visible check and leave out the hidden lines.  A check that fails says
  so on standard error without raising, so "Run All" goes on past an unanswered stub while
  nbgrader's ``validate`` (which counts standard error in a grade cell as a failure) flags it.
- A call that tries a student's function by hand goes through ``check.try_it``, which says
  "not answered yet" for a stub instead of stopping the notebook.

- A **given figure** (a code cell tagged ``given-figure``: a drawing of a tree the student must
  reason about, which reveals no answer) is stored with its picture in the student notebook too,
  copied from the executed solution, so the student sees the trees before running anything.

- ``notebooks/labs/<lab>.ipynb``: the student notebook, stored without outputs except its given figures;
- ``instructor/solutions/<lab>.ipynb``: the solution; it keeps its stored outputs while its code
  is unchanged, and ``make notebooks`` executes it.

Both get the course's navigation cells from ``instructor/navigation.py``.

    python instructor/make_labs.py            # write the student and solution notebooks
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext
import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import navigation  # noqa: E402

ROOT = HERE.parent
SOURCES = HERE / "labs"
STUDENT_DIR = ROOT / "notebooks" / "labs"
SOLUTION_DIR = HERE / "solutions"
NAMES = ["lab1_minimax", "lab2_alphabeta", "lab3_tictactoe_evaluator", "lab4_expectimax",
         "lab5_move_ordering", "lab6_anytime_agent", "lab7_transposition_table"]

BEGIN, END, STUB = "### BEGIN SOLUTION", "### END SOLUTION", "### STUB"
HIDDEN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
STUB_LINES = ["# YOUR CODE HERE", 'raise NotImplementedError("replace this line with your code")']
GIVEN_FIGURE = "given-figure"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def student_source(source: str) -> str:
    """The student version of a cell's source.

    >>> print(student_source("def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION"))
    def f(x):
        # YOUR CODE HERE
        raise NotImplementedError("replace this line with your code")
    """
    out: list[str] = []
    inside = False
    stub: list[str] = []
    indent = ""
    for line in source.splitlines():
        stripped = line.strip()
        if stripped == BEGIN:
            inside, stub, indent = True, [], line[: len(line) - len(line.lstrip())]
        elif stripped == END:
            out += stub or [indent + stub_line for stub_line in STUB_LINES]
            inside = False
        elif inside:
            if stripped.startswith(STUB):
                stub.append(indent + stripped[len(STUB):].strip())
        else:
            out.append(line)
    return "\n".join(out)


def solution_source(source: str) -> str:
    """The solution version: the markers and stub lines removed.

    >>> solution_source("### BEGIN SOLUTION\\nanswer = 3\\n### STUB answer = ...\\n### END SOLUTION")
    'answer = 3'
    """
    return "\n".join(line for line in source.splitlines()
                     if line.strip() not in (BEGIN, END) and not line.strip().startswith(STUB))


def visible_source(source: str) -> str:
    """A grade cell's source without its hidden tests: the check a student runs.

    >>> visible_source("check.f(x)\\n### BEGIN HIDDEN TESTS\\ncheck.f(x, raise_on_failure=True)\\n"
    ...                "### END HIDDEN TESTS")
    'check.f(x)'
    """
    out: list[str] = []
    hidden = False
    for line in source.splitlines():
        if line.strip() in (HIDDEN, HIDDEN_END):
            hidden = line.strip() == HIDDEN
        elif not hidden:
            out.append(line)
    return "\n".join(out).strip("\n")


def is_hidden_test(cell: nbformat.NotebookNode) -> bool:
    """True for a cell of hidden tests (nbgrader's ``grade`` metadata and hidden-test markers)."""
    return cell.cell_type == "code" and bool(cell.metadata.get("nbgrader", {}).get("grade")) \
        and HIDDEN in cell.source


def read_source(name: str, sources: Path = SOURCES) -> nbformat.NotebookNode:
    """The lab's source as a notebook (solutions included)."""
    return jupytext.read(sources / f"{name}.md", fmt=navigation.PAIRED_FORMAT)


def build(name: str, *, solution: bool, root: Path = ROOT) -> nbformat.NotebookNode:
    """The student (``solution=False``) or solution notebook of lab ``name``, without outputs."""
    source = read_source(name, root / "instructor" / "labs")
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    for cell in source.cells:
        if cell.cell_type == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell.source))
            continue
        code = visible_source(cell.source)          # hidden tests: graded only
        if not code:
            continue
        new = nbformat.v4.new_code_cell(solution_source(code) if solution else student_source(code))
        if cell.metadata.get("tags"):
            new.metadata["tags"] = list(cell.metadata["tags"])
        nb.cells.append(new)
    path = (SOLUTION_DIR if solution else STUDENT_DIR) / f"{name}.ipynb"
    path = root / path.relative_to(ROOT)
    navigation.set_navigation(nb, *navigation.navigation_sources(path, root=root))
    number = NAMES.index(name) + 1
    for index, cell in enumerate(nb.cells):         # stable ids: no random ids in the files
        cell.id = f"lab{number}-{index:02d}"
    return nb


def notebooks(root: Path = ROOT) -> dict[Path, nbformat.NotebookNode]:
    """Every notebook this script writes, by path: the student versions, then the solutions."""
    out = {}
    for solution, folder in ((False, STUDENT_DIR), (True, SOLUTION_DIR)):
        for name in NAMES:
            out[root / folder.relative_to(ROOT) / f"{name}.ipynb"] = build(name, solution=solution, root=root)
    return out


def keep_outputs(new: nbformat.NotebookNode, stored: nbformat.NotebookNode) -> bool:
    """Copy the outputs of ``stored`` into ``new`` if their code is the same; True if copied.

    A solution whose code did not change keeps its executed outputs; otherwise it is written
    without outputs and ``make notebooks`` executes it.
    """
    new_code, stored_code = code_cells(new), code_cells(stored)
    if [(c.source, c.metadata.get("tags", [])) for c in new_code] != \
            [(c.source, c.metadata.get("tags", [])) for c in stored_code]:
        return False
    for cell, old in zip(new_code, stored_code, strict=True):
        cell.outputs, cell.execution_count = old.outputs, old.execution_count
    for key in ("widgets", "language_info"):
        if key in stored.metadata:
            new.metadata[key] = stored.metadata[key]
    return True


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def give_figures(student: nbformat.NotebookNode, solution: nbformat.NotebookNode) -> int:
    """Copy into ``student`` the stored pictures of its given figures (cells tagged ``given-figure``)
    from ``solution``, an executed solution notebook; returns how many cells got one.

    A given figure's code is the same in both versions (it holds no answer region), and only its
    pictures are copied (``display_data`` / ``execute_result`` outputs), never text streams or errors.
    A solution not executed since its code changed gives nothing: ``make notebooks`` executes it and
    writes the labs again.
    """
    given = 0
    for cell, source in zip(code_cells(student), code_cells(solution), strict=True):
        if GIVEN_FIGURE not in cell.metadata.get("tags", []):
            continue
        if cell.source != source.source:
            raise ValueError(f"cell {cell.id}: a given figure must not differ between the student and the "
                             "solution versions (no answer region in it)")
        pictures = [output for output in source.outputs
                    if output.output_type in ("display_data", "execute_result")]
        if source.execution_count is None or not pictures:
            continue
        cell.outputs = [nbformat.from_dict(dict(output)) for output in pictures]
        cell.execution_count = source.execution_count
        given += 1
    return given


def main() -> None:
    written = notebooks()
    for name in NAMES:                  # the solutions first: the student versions take their figures
        path = SOLUTION_DIR / f"{name}.ipynb"
        if path.exists():
            kept = keep_outputs(written[path], nbformat.read(path, as_version=4))
            note = " (outputs kept)" if kept else " (code changed: run `make notebooks` to execute it)"
            print(f"{name} solution{note}")
        student = STUDENT_DIR / f"{name}.ipynb"
        given = give_figures(written[student], written[path])
        print(f"{name} student version: {given} given figure(s) stored")
    for path, nb in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
