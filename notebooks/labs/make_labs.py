"""Write the lab notebooks, student and solution versions, from one source (nbgrader style).

In a code cell, the lines between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` are the
answer.  The student version replaces them with ``# YOUR CODE HERE`` and
``raise NotImplementedError()`` at the same indentation, or with the lines marked
``### STUB`` inside the block.  Cells that run student code are tagged
``raises-exception`` in the student version (strict nbval then expects their error).

    python notebooks/labs/make_labs.py            # write the six notebooks (no outputs)
    python notebooks/labs/make_labs.py --execute  # ... and execute them with nbconvert
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
SOLUTIONS = HERE / "solutions"
BEGIN, END, STUB = "### BEGIN SOLUTION", "### END SOLUTION", "### STUB"
NAMES = ["lab1_minimax.ipynb", "lab2_alphabeta.ipynb", "lab3_tictactoe_evaluator.ipynb"]
TITLES = ["Lab 1: minimax", "Lab 2: alpha-beta", "Lab 3: a tic-tac-toe evaluator"]


def student_source(source: str) -> str:
    """The student version of a cell's source."""
    out: list[str] = []
    inside = False
    stub: list[str] = []
    indent = ""
    for line in source.splitlines():
        stripped = line.strip()
        if stripped == BEGIN:
            inside, stub, indent = True, [], line[: len(line) - len(line.lstrip())]
        elif stripped == END:
            out += stub or [f"{indent}# YOUR CODE HERE", f"{indent}raise NotImplementedError()"]
            inside = False
        elif inside:
            if stripped.startswith(STUB):
                stub.append(indent + stripped[len(STUB):].strip())
        else:
            out.append(line)
    return "\n".join(out)


def solution_source(source: str) -> str:
    """The solution version: the markers and stub lines removed."""
    return "\n".join(line for line in source.splitlines()
                     if line.strip() not in (BEGIN, END) and not line.strip().startswith(STUB))


def navigation(index: int, solution: bool) -> str:
    up = "../../" if solution else "../"
    links = [f"[Start here]({up}00_start_here.ipynb)"]
    if index > 0:
        links.insert(0, f"[← {TITLES[index - 1]}]({NAMES[index - 1]})")
    if index < len(NAMES) - 1:
        links.append(f"[{TITLES[index + 1]} →]({NAMES[index + 1]})")
    return " · ".join(links)


def build(index: int, cells: list[tuple[str, str]], solution: bool) -> nbformat.NotebookNode:
    """cells: (kind, source) with kind "md", "code" or "student" (runs student code)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
        "language_info": {"name": "python"},
    }
    nav = navigation(index, solution)
    nb.cells.append(nbformat.v4.new_markdown_cell(nav))
    for kind, source in cells:
        source = source.strip("\n")
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
            continue
        code = solution_source(source) if solution else student_source(source)
        cell = nbformat.v4.new_code_cell(code)
        if kind == "student" and not solution:
            cell.metadata["tags"] = ["raises-exception"]
        nb.cells.append(cell)
    nb.cells.append(nbformat.v4.new_markdown_cell(nav))
    for number, cell in enumerate(nb.cells):       # stable ids: no random ids in the files
        cell.id = f"lab{index + 1}-{number:02d}"
    return nb


def notebooks() -> dict[Path, nbformat.NotebookNode]:
    """Every lab notebook this script writes, by path."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    from lab_sources import LABS
    out = {}
    for index, (name, cells) in enumerate(zip(NAMES, LABS, strict=True)):
        out[HERE / name] = build(index, cells, solution=False)
        out[SOLUTIONS / name] = build(index, cells, solution=True)
    return out


def execute(path: Path) -> None:
    command = [str(Path(sys.executable).parent / "jupyter"), "nbconvert", "--to", "notebook",
               "--execute", "--inplace", str(path)]
    if path.parent == HERE:
        command.append("--allow-errors")
    env = dict(os.environ, PYTHONHASHSEED="0", MPLBACKEND="Agg")
    subprocess.run(command, check=True, env=env, cwd=path.parent)


def main(argv: list[str]) -> None:
    SOLUTIONS.mkdir(exist_ok=True)
    for path, nb in notebooks().items():
        nbformat.write(nb, path)
        if "--execute" in argv:
            execute(path)
        print("wrote", path.relative_to(HERE.parent.parent))


if __name__ == "__main__":
    main(sys.argv[1:])
