"""Tests of mmlib.course.labsource: the lab sources, their parts, points and check cells."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from mmlib.course.labsource import build, lab_names, lab_of


def renamed(name: str) -> nbformat.NotebookNode:
    nb = build(name, solution=True)
    for number, cell in enumerate(nb.cells):
        cell.id = f"copy-{number}"
    return nb


@pytest.mark.parametrize("name", lab_names())
def test_a_renamed_copy_with_new_cell_ids_is_found_by_its_check_cells(name):
    assert lab_of(Path("my homework (1).ipynb"), renamed(name)) == name


def test_a_notebook_of_no_lab_says_to_name_its_lab():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    with pytest.raises(ValueError, match="--lab"):
        lab_of(Path("homework.ipynb"), nb)
