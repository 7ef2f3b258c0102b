"""Write each lab's student notebook and solution notebook from its one source.

A lab's source is ``instructor/labs/<lab>.md`` (MyST Markdown, readable by jupytext).  In a
code cell the lines between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` are the answer
(the markers nbgrader uses).  The student version replaces them with ``# YOUR CODE HERE`` and
a ``raise NotImplementedError(...)`` at the same indentation, or with the lines marked
``### STUB`` inside the block.  Cells tagged ``runs-student-code`` in the source run the
student's functions: in the student version they are tagged ``raises-exception`` (strict
nbval then expects their error); in the solution they carry no tag.

- ``notebooks/labs/<lab>.ipynb``: the student notebook, stored without outputs;
- ``instructor/solutions/<lab>.ipynb``: the solution; it keeps its stored outputs while its code
  is unchanged, and ``make notebooks`` executes it.

Cells of hidden tests (nbgrader's ``grade`` metadata, lines between ``### BEGIN HIDDEN TESTS``
and ``### END HIDDEN TESTS``) are in neither: ``instructor/grading.py`` runs them when grading.

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
HIDDEN = "### BEGIN HIDDEN TESTS"
RUNS_STUDENT_CODE = "runs-student-code"
RAISES = "raises-exception"
STUB_LINES = ["# YOUR CODE HERE", 'raise NotImplementedError("replace this line with your code")']
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
        if is_hidden_test(cell):                    # graded in instructor/grading.py only
            continue
        if cell.cell_type == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell.source))
            continue
        code = solution_source(cell.source) if solution else student_source(cell.source)
        new = nbformat.v4.new_code_cell(code)
        tags = [tag for tag in cell.metadata.get("tags", []) if tag != RUNS_STUDENT_CODE]
        if RUNS_STUDENT_CODE in cell.metadata.get("tags", []) and not solution:
            tags.append(RAISES)
        if tags:
            new.metadata["tags"] = tags
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


def main() -> None:
    for path, nb in notebooks().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        note = ""
        if path.parent == SOLUTION_DIR and path.exists():
            kept = keep_outputs(nb, nbformat.read(path, as_version=4))
            note = " (outputs kept)" if kept else " (code changed: run `make notebooks` to execute it)"
        nbformat.write(nb, path)
        print(f"wrote {path.relative_to(ROOT)}{note}")


if __name__ == "__main__":
    main()
