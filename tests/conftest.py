"""Shared set-up of the test suite.

Figures drawn by the tests go to matplotlib's Agg backend, chosen here for this process only: the
kernels that nbval and the browser tests start inherit the environment, not this choice, so every notebook
draws with the kernel's own inline backend, exactly as in JupyterLab.

`make test` runs on two workers (pytest-xdist, ``--dist loadfile``): a worker takes a whole file (a
notebook's cells run in order in one kernel; a browser test file keeps its JupyterLab).  The files are
handed out longest first (the seconds below were measured one file at a time), so that no worker is left
with a long file at the end while the other one idles.
"""

from __future__ import annotations

import matplotlib
import pytest
import support

matplotlib.use("Agg")


@pytest.fixture
def student_minimax():
    """Lab 1's minimax as a student writes it from the lecture's pseudocode (tests/support.py)."""
    return support.minimax


# -- two workers kept busy: the longest files first --------------------------------------------------

# Seconds per file, as measured one at a time (the browser tests, nbval and packaging on a quiet
# machine; the other files on a loaded one, divided by 2.5).  Only the order matters; a file not listed
# counts as a second.  The lectures are executed by the browser tests, not by nbval (the Makefile), so only
# a lab solution appears here as a notebook.
SECONDS = {
    "tests/e2e/test_browser.py": 375,
    "tests/e2e/test_lite.py": 250,     # two Pyodide kernels start (~100 s each); +70 s to build the site once
    "tests/course/test_grading.py": 150,
    "tests/course/test_nbgrader.py": 130,
    "tests/test_packaging.py": 30,     # 62 the first time on a machine (it builds its cached plain kernel)
    "instructor/solutions/lab5_move_ordering.ipynb": 10,
    "tests/fuzz/test_fuzz_views.py": 33,
    "tests/course/test_gradescope.py": 23,
    "tests/search/test_search.py": 22,
    "tests/notebooks/test_labs.py": 21,
    "tests/check/test_check.py": 19,
    "tests/search/test_windows.py": 15,
    "tests/draw/test_draw.py": 11,
    "tests/check/test_check_runner.py": 11,
    "tests/course/test_gradebook.py": 9,
    "tests/games/test_connect4.py": 9,
    "tests/trace/test_trace_chance.py": 8,
    "tests/trace/test_trace_passes.py": 7,
    "tests/course/test_exam.py": 7,
    "tests/draw/test_draw_export.py": 7,
    "tests/notebooks/test_lecture_claims.py": 6,
    "tests/analysis/test_fastcount.py": 6,
    "tests/e2e/test_student_lab.py": 6,
    # not measured yet (they build the website, print the handout, start Notebook 7): a minute each, so that
    # none of them is left to the end
    "tests/e2e/test_site.py": 60,
    "tests/e2e/test_handout.py": 60,
    "tests/e2e/test_notebook7.py": 60,
    "tests/e2e/test_save_reopen.py": 90,     # two JupyterLab servers and a Run All of lecture 00
    # new in this round, estimated from runs on a loaded machine (their slow tests sandbox whole notebooks,
    # play sealed tournaments or start Dask), so that none of them is left to the end
    "tests/course/test_tournament.py": 150,
    "tests/course/test_as_jupyter_runs_it.py": 150,
    "tests/course/test_fresh_cases.py": 90,
    "tests/course/test_own_work.py": 60,
    "tests/trace/test_bound_rule.py": 30,
    "tests/notebooks/test_claims_06.py": 30,
    "tests/notebooks/test_claims_10.py": 30,
    "tests/games/test_chess.py": 20,
    "tests/games/test_chess_counts.py": 20,
    "tests/course/test_grade_options.py": 20,
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a pytest-xdist worker, the files come longest first; a file's tests keep their order (with
    ``--no-loadscope-reorder``, pytest-xdist hands the files out in this order)."""
    if not hasattr(config, "workerinput"):
        return
    files = {id(item): item.nodeid.split("::", 1)[0] for item in items}
    first_seen: dict[str, int] = {}
    for item in items:
        first_seen.setdefault(files[id(item)], len(first_seen))
    items.sort(key=lambda item: (-SECONDS.get(files[id(item)], 1), first_seen[files[id(item)]]))
