"""What the first three lectures and the labs import loads in the browser tab without a `%pip`.

The Pyodide kernel (jupyterlite-pyodide-kernel's ``pyodide_kernel.kernel``) hands every cell to Pyodide's
``loadPackagesFromImports`` before running it: the modules the cell's ``import`` lines name, found by
``pyodide.code.find_imports`` (the source parsed as Python; a cell that does not parse, e.g. one holding an
IPython magic, names nothing), are looked up among the ``imports`` of the site's ``pyodide-lock.json`` and
loaded with what they depend on.  So a notebook runs in the tab when every package it needs beyond the
site's own wheels is named by an ``import`` in a cell that parses, before it is used -- here, in the
notebook's first code cell -- and is one the build declares (``site/lite.py``: NEEDS_PYODIDE_BUILDS,
entered in the lock file at Pyodide's distribution or, self-hosted, in the site).
"""

from __future__ import annotations

import ast
import functools
import json
import sys
from pathlib import Path
from textwrap import dedent

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = [ROOT / "notebooks" / name for name in (
    "00_start_here.ipynb", "01_game_trees_and_minimax.ipynb", "02_depth_limits_and_evaluation.ipynb",
    "labs/lab1_minimax.ipynb", "labs/lab2_alphabeta.ipynb", "labs/lab3_tictactoe_evaluator.ipynb")]
FIGURE = 'src=\\"data:image/png;base64,'           # a matplotlib figure as mmlib.draw shows it (stored HTML)


sys.path.insert(0, str(ROOT / "site"))          # site/lite.py, the build
try:
    import lite
finally:
    sys.path.remove(str(ROOT / "site"))


def find_imports(source: str) -> list[str]:
    """Pyodide's ``pyodide.code.find_imports``, written again from its documented behaviour: every module an
    ``import`` names, with its parents; nothing when the source does not parse.

    >>> find_imports("import numpy as np; import scipy.stats")
    ['numpy', 'scipy', 'scipy.stats']
    >>> find_imports("%matplotlib inline\\nimport matplotlib")
    []
    """
    try:
        tree = ast.parse(dedent(source))
    except SyntaxError:
        return []
    names: set[str] = set()
    for node in ast.walk(tree):
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
        for module in modules:
            parts = module.split(".")
            names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return sorted(names)


@functools.cache
def code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text())["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def third_party(names: list[str]) -> set[str]:
    """The top-level modules that are neither the standard library nor mmlib."""
    tops = {name.split(".")[0] for name in names}
    return {top for top in tops if top not in sys.stdlib_module_names and top != "mmlib"}


def imported_by_a_line(source: str) -> set[str]:
    """Top-level modules an ``import`` line of ``source`` names, magics and all (what a reader sees)."""
    lines = [line.strip() for line in source.splitlines()]
    return {line.split()[1].split(".")[0] for line in lines if line.startswith(("import ", "from "))}


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_import_is_seen_by_the_tab_and_declared_by_the_build(notebook: Path) -> None:
    site_wheels = {lite.normal(name)
                   for name in (*lite.KERNEL_PACKAGES, *lite.WIDGET_PACKAGES, *lite.PRELOAD)}
    for source in code_cells(notebook):
        written = third_party(sorted(imported_by_a_line(source)))
        seen = third_party(find_imports(source))
        assert written <= seen, f"{notebook.name}: the tab loads nothing for {written - seen} in:\n{source}"
        unknown = {name for name in seen if lite.normal(name) not in site_wheels}
        unknown -= set(lite.NEEDS_PYODIDE_BUILDS)
        assert not unknown, f"{notebook.name}: imports {unknown}, which the site neither holds nor declares"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_that_draws_loads_matplotlib_in_its_first_cell(notebook: Path) -> None:
    first, *rest = code_cells(notebook)
    draws = FIGURE in notebook.read_text() or any("draw." in source for source in rest)
    loads = third_party(find_imports(first))
    assert ("matplotlib" in loads) == draws, (notebook.name, loads)
    assert loads <= set(lite.NEEDS_PYODIDE_BUILDS)


def test_the_first_three_lectures_need_exactly_matplotlib_of_pyodides_builds() -> None:
    needed = set().union(*(third_party(find_imports(source)) for notebook in NOTEBOOKS[:3]
                           for source in code_cells(notebook)))
    assert needed == {"matplotlib"} and needed <= set(lite.NEEDS_PYODIDE_BUILDS)


def test_the_build_declares_them_without_loading_them_at_start() -> None:
    options = lite.config()["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    assert not set(options["packages"]) & set(lite.NEEDS_PYODIDE_BUILDS)    # the kernel starts offline
    assert lite.NEEDS_PYODIDE_BUILDS == ("numpy", "matplotlib", "networkx")
