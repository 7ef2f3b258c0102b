"""Shared set-up of the test suite.

Figures drawn by the tests go to matplotlib's Agg backend, chosen here for this process only: the
kernels that nbval and the browser tests start inherit the environment, not this choice, so every notebook
draws with the kernel's own inline backend, exactly as in JupyterLab.

`make test` runs on two workers (pytest-xdist, ``--dist loadgroup``).  Every test belongs to one group that a
single worker runs in order: its file (a notebook's cells run in order in one kernel; a test file keeps its
module fixtures), except that the browser tests of tests/e2e/test_browser.py are split into a few groups of
notebooks, each with its own JupyterLab, so that both workers share the longest file.  The groups are handed
out longest first (the seconds below were measured one file at a time on a quiet machine), so that no worker
is left with a long group at the end while the other one idles.
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


# -- two workers kept busy ------------------------------------------------------------------------------

BROWSER_FILE = "tests/e2e/test_browser.py"

# The notebooks of the browser tests in groups of about two minutes each (Run All, screenshots, checks).
BROWSER_GROUPS = {
    "browser-a": ("05_", "03_", "02_", "06_", "00_"),
    "browser-b": ("09_", "04_", "07_", "08_", "01_"),
}
BROWSER_REST = "browser-labs"        # the student labs, the solutions' widgets and the harness tests

# Seconds per group, as measured one at a time (the browser groups, nbval and packaging on a quiet
# machine; the other files on a loaded one, divided by 2.5).  Only the order matters; a group not listed
# counts as a second.
SECONDS = {
    "browser-a": 130,
    "browser-b": 120,
    BROWSER_REST: 125,
    "tests/course/test_grading.py": 150,
    "tests/course/test_nbgrader.py": 130,
    "tests/test_packaging.py": 62,
    "notebooks/05_square_root_speedup.ipynb": 36,
    "notebooks/07_beyond_connect_four.ipynb": 20,
    "notebooks/09_beyond_alpha_beta.ipynb": 16,
    "notebooks/02_depth_limits_and_evaluation.ipynb": 14,
    "notebooks/04_move_ordering.ipynb": 13,
    "notebooks/03_alpha_beta_pruning.ipynb": 11,
    "instructor/solutions/lab5_move_ordering.ipynb": 10,
    "notebooks/01_game_trees_and_minimax.ipynb": 9,
    "tests/fuzz/test_fuzz_views.py": 33,
    "tests/course/test_gradescope.py": 23,
    "tests/search/test_search.py": 22,
    "tests/notebooks/test_labs.py": 21,
    "tests/check/test_check.py": 19,
    "tests/search/test_beyond_nullwindow.py": 15,
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
}


def group_of(item: pytest.Item) -> str:
    path = item.nodeid.split("::", 1)[0]
    if path != BROWSER_FILE:
        return path
    callspec = getattr(item, "callspec", None)
    relative = str(callspec.params.get("relative", "")) if callspec else ""
    name = relative.rsplit("/", 1)[-1]
    for group, prefixes in BROWSER_GROUPS.items():
        if relative.startswith("notebooks/") and name.startswith(prefixes):
            return group
    return BROWSER_REST


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each test gets its group (pytest-xdist's xdist_group mark), and the groups come longest first."""
    if not (getattr(config.option, "loadgroup", False) or config.getoption("dist", "no") == "loadgroup"):
        return                              # a worker of `--dist loadgroup` sees dist="no", loadgroup=True
    groups = {id(item): group_of(item) for item in items}
    for item in items:
        item.add_marker(pytest.mark.xdist_group(groups[id(item)]))
    first_seen: dict[str, int] = {}
    for item in items:
        first_seen.setdefault(groups[id(item)], len(first_seen))
    items.sort(key=lambda item: (-SECONDS.get(groups[id(item)], 1), first_seen[groups[id(item)]]))
