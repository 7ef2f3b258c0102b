"""Tests of mmlib.course.cells: cells read as Jupyter runs them (magics, shell lines, numbering)."""

from __future__ import annotations

import nbformat
import pytest

from mmlib.course.cells import cell_code, notebook_code


def test_a_continuation_line_starting_with_percent_or_not_equal_stays_python():
    source = "value = (turn\n% PLAYERS)\nsame = (first\n!= last)\n"
    code, notes = cell_code(source, 1)
    assert code.strip() == source.strip() and notes == []


@pytest.mark.parametrize("magic", ["%%script false", "%%writefile old.py", "%%bash", "%%html", "%%javascript",
                                   "%%latex", "%%markdown", "%%sh", "%%capture_not_a_magic"])
def test_the_body_of_a_cell_magic_that_is_not_python_is_not_run(magic):
    code, notes = cell_code(f"{magic}\ndef minimax(node, depth, maximizing):\n    return 0\n", 7)
    assert code == ""
    name = magic.split()[0][2:]
    assert notes == [f"cell 7: its %%{name} cell magic was not run as Python (as in Jupyter), so nothing in "
                     "it was run"]


@pytest.mark.parametrize("magic", ["%%time", "%%timeit -n 1", "%%capture output"])
def test_the_body_of_time_timeit_and_capture_is_python(magic):
    code, notes = cell_code(f"\n{magic}\nx = (1\n% 2)\n%time y = x\n", 2)
    assert code.strip() == "x = (1\n% 2)\nget_ipython().run_line_magic('time', 'y = x')" and notes == []


def test_shell_lines_and_unknown_magics_are_said_known_harmless_ones_are_quiet():
    _, notes = cell_code("%matplotlib inline\n%load_ext autoreload\n!pip install numpy\nfiles = !ls\n"
                         "%cd /tmp", 3)
    assert notes == ["cell 3: the shell command `!pip install numpy` was not run (no shell while grading)",
                     "cell 3: the shell command `!ls` was not run (no shell while grading)",
                     "cell 3: the magic `%cd /tmp` had no effect while grading"]


def test_cells_are_numbered_as_jupyterlab_shows_them():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Lab"),
                                         nbformat.v4.new_code_cell("x = 1"),
                                         nbformat.v4.new_raw_cell("raw"),
                                         nbformat.v4.new_code_cell("!ls")])
    code, notes = notebook_code(nb)
    assert code[0] == code[2] == "" and code[1].strip() == "x = 1"
    assert notes == ["cell 4: the shell command `!ls` was not run (no shell while grading)"]
