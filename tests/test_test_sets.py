"""The two test targets name the same things: `make test` leaves out the long set of tests/conftest.py,
and the Makefile's BROWSER_NOTEBOOKS (run in JupyterLab by `make test`) are conftest's."""

from __future__ import annotations

import re
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parents[1]


def makefile_list(name: str) -> list[str]:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    match = re.search(rf"^{name}\s*:=\s*(.*)$", text, re.M)
    assert match, f"{name} is not set in the Makefile"
    return match.group(1).split()


def test_the_makefile_runs_in_the_browser_what_conftest_keeps_out_of_the_long_set():
    assert makefile_list("BROWSER_NOTEBOOKS") == list(conftest.BROWSER_NOTEBOOKS)
    assert all((ROOT / notebook).exists() for notebook in conftest.BROWSER_NOTEBOOKS)


def test_every_entry_of_the_long_set_names_a_test_that_exists():
    for path, tests in conftest.LONG.items():
        source = (ROOT / path).read_text()
        for prefix in tests:
            assert re.search(rf"^def {prefix}", source, re.M), f"{path}: no test starts with {prefix!r}"


def test_a_browser_run_of_another_notebook_is_long_and_of_a_kept_one_is_not():
    assert conftest.is_long(
        "tests/e2e/test_browser.py::test_notebook_runs_and_renders[notebooks/05_move_ordering.ipynb]")
    assert not conftest.is_long(
        "tests/e2e/test_browser.py::test_notebook_runs_and_renders[notebooks/03_alpha_beta_pruning.ipynb]")
    assert conftest.is_long("tests/course/test_nbgrader.py::test_nbgrader_generates_validates_autogrades_and_"
                            "gives_feedback[lab4_expectimax]")
