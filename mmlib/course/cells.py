"""A submitted notebook's cells as the Python code Jupyter runs, and what Jupyter would not run as Python.

A kernel does not run a cell's text as it stands: IPython first turns ``%magic`` and ``!shell``
lines into calls (``get_ipython().run_line_magic(...)``), only where such a line begins a
statement (a line ``% PLAYERS)`` that continues an expression stays Python), and a cell that
starts with a cell magic (``%%bash``, ``%%writefile``, ``%%script false``, ``%%html``) is handed
to that magic whole, its body never run as Python.  :func:`cell_code` does the same with
IPython's own :class:`~IPython.core.inputtransformer2.TransformerManager`; the bodies of
``%%time``, ``%%timeit`` and ``%%capture`` are Python and are run once, everything else a cell
magic holds is left out, and each thing left out is said in a note.  The sealed process gives
the code a ``get_ipython()`` that runs ``%time``/``%timeit`` statements and does nothing else
(:mod:`mmlib.isolation.sealed`).

>>> code, notes = cell_code("x = (1\\n% 2)\\n%time y = x\\n!pip install numpy", 3)
>>> print(code.strip())
x = (1
% 2)
get_ipython().run_line_magic('time', 'y = x')
get_ipython().system('pip install numpy')
>>> notes
['cell 3: the shell command `!pip install numpy` was not run (no shell while grading)']
>>> cell_code("%%script false\\nminimax = None", 4)
('', ['cell 4: its %%script cell magic was not run as Python (as in Jupyter), so nothing in it was run'])
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import nbformat

__all__ = ["PYTHON_CELL_MAGICS", "QUIET_LINE_MAGICS", "RUN_LINE_MAGICS", "cell_code", "notebook_code"]

PYTHON_CELL_MAGICS = ("time", "timeit", "capture", "prun")
"""Cell magics whose body Jupyter runs as Python (graded: run once)."""
RUN_LINE_MAGICS = ("time", "timeit", "prun")
"""Line magics whose statement Jupyter runs (graded: run once, by the sealed process's ``get_ipython``)."""
QUIET_LINE_MAGICS = ("matplotlib", "config", "load_ext", "autoreload", "aimport", "reload_ext", "precision",
                     "pinfo", "pinfo2", "psearch", "who", "whos", "pwd", "env", "xmode", "pdb", "alias_magic")
"""Line magics that change nothing a check sees: skipped without a note."""


def _transform(source: str) -> str:
    from IPython.core.inputtransformer2 import TransformerManager

    code: str = TransformerManager().transform_cell(source)  # type: ignore[no-untyped-call]
    return code


def _magic_call(node: ast.AST) -> tuple[str, list[str]] | None:
    """``get_ipython().METHOD('a', 'b', ...)`` as (METHOD, ['a', 'b', ...]); None for anything else."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Call) and isinstance(node.func.value.func, ast.Name)
            and node.func.value.func.id == "get_ipython"):
        return None
    args = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return node.func.attr, args


def _clip(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def cell_code(source: str, number: int, depth: int = 0) -> tuple[str, list[str]]:
    """Cell ``number``'s ``source`` as the Python a kernel runs, and notes on what was not run."""
    try:
        code = _transform(source)
    except Exception:  # noqa: BLE001 - what IPython cannot transform is run as it stands (a syntax error says so)
        return source, []
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code, []
    notes: list[str] = []
    first = tree.body[0] if len(tree.body) == 1 else None
    call = _magic_call(first.value) if isinstance(first, ast.Expr) else None
    if call is not None and call[0] == "run_cell_magic" and len(call[1]) == 3:
        magic, _line, body = call[1]
        if magic in PYTHON_CELL_MAGICS and depth < 5:
            return cell_code(body, number, depth + 1)
        return "", [f"cell {number}: its %%{magic} cell magic was not run as Python (as in Jupyter), so "
                    "nothing in it was run"]
    for node in ast.walk(tree):
        found = _magic_call(node)
        if found is None:
            continue
        method, args = found
        if method in ("system", "getoutput") and args:
            notes.append(f"cell {number}: the shell command `!{_clip(args[0])}` was not run (no shell while "
                         "grading)")
        elif method == "run_line_magic" and args and args[0] not in RUN_LINE_MAGICS + QUIET_LINE_MAGICS:
            notes.append(f"cell {number}: the magic `%{_clip(' '.join(args))}` had no effect while grading")
        elif method == "run_cell_magic":
            notes.append(f"cell {number}: a cell magic inside the cell was not run")
    return code, notes


def notebook_code(nb: nbformat.NotebookNode | Any) -> tuple[list[str], list[str]]:
    """Every cell of ``nb`` as the Python a kernel runs ("" for Markdown and raw cells, so cell N is
    the Nth cell as JupyterLab shows it), and the notes on what was not run."""
    codes: list[str] = []
    notes: list[str] = []
    for number, cell in enumerate(nb.cells, start=1):
        if cell.get("cell_type") != "code":
            codes.append("")
            continue
        code, said = cell_code(str(cell.get("source", "")), number)
        codes.append(code)
        notes += said
    return codes, notes
