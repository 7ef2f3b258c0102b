"""Shared set-up of the test suite.

Figures drawn by the tests go to matplotlib's Agg backend, chosen here for this process only: the
kernels that nbval and the browser tests start inherit the environment, not this choice, so every notebook
draws with the kernel's own inline backend, exactly as in JupyterLab.

`make test` runs on two workers (pytest-xdist, ``--dist loadfile``): a worker takes a whole file (a
notebook's cells run in order in one kernel; a browser test file keeps its JupyterLab).  The files are
handed out longest first (the seconds below were measured one file at a time), so that no worker is left
with a long file at the end while the other one idles.

`make test` leaves out the tests marked ``long`` (the list `LONG` below: each repeats, at length, what a test
in `make test` already checks once -- every lab where one lab is run, the held-out grading campaign, every
notebook's screenshots -- or builds a whole artefact: the website, the handout, a fresh virtualenv).
`make test-long` runs exactly those; CI runs both.
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


# -- the long set: `make test-long` (CI runs it after `make test`) -------------------------------------------

# The tests marked ``long``: file -> test -> the parameters that are long (None: all of them), each with why
# it is long and which test in `make test` checks the same thing once.
ALL = None
LABS_BUT_4 = ("lab1", "lab2", "lab3", "lab5", "lab6", "lab7")
LONG: dict[str, dict[str, tuple[str, ...] | None]] = {
    "tests/course/test_grading.py": {
        # the held-out campaign: 86 submissions graded sealed in one run (~6 min); `make test` grades new
        # submissions of every kind for lab 5 and the cheats of tests/course/test_own_work.py
        "test_each_heldout_submission_scores_what_a_fair_grader_gives": ALL,
        "test_the_csv_has_one_row_per_part_and_no_score_above_its_points": ALL,
        "test_grading_leaves_the_submissions_and_the_machine_as_they_were": ALL,
        "test_time_per_submission_is_reported": ALL,
        # partly right, endless, crashing and cheating submissions of labs 6 and 7 (lab 5's stay)
        "test_new_lab_submissions_score_what_they_get_right": ("lab6", "lab7"),
    },
    # nbgrader's generate / validate / autograde on every lab (1-3 min each); lab 4 stays in `make test`
    "tests/course/test_nbgrader.py": {
        "test_nbgrader_generates_validates_autogrades_and_gives_feedback": LABS_BUT_4,
    },
    "tests/course/test_as_jupyter_runs_it.py": {
        "test_nbgrader_validate_and_autograde_agree_with_make_grade_on_correct_styles": ("lab1",),
    },
    # whole artefacts: a fresh virtualenv from the wheel, the website, the handout, Notebook 7, a save and
    # reopen, a Dask cluster, the tournament's pages in a browser
    "tests/test_packaging.py": {"test_wheel_installs_into_a_fresh_venv_and_runs_a_notebook": ALL},
    "tests/e2e/test_site.py": {"": ALL},
    "tests/e2e/test_handout.py": {"": ALL},
    "tests/e2e/test_notebook7.py": {"": ALL},
    "tests/e2e/test_save_reopen.py": {"": ALL},
    "tests/course/test_tournament.py": {
        "test_a_dask_cluster_gives_the_same_results_as_the_process_pool": ALL,
        "test_the_pages_pass_axe_on_a_phone": ALL,
    },
    # every notebook's screenshots, and the student labs after lab 1 in JupyterLab (`make test` runs every
    # lecture and lab 1 there and compares their outputs; nbval executes every solution and the other labs)
    "tests/e2e/test_browser.py": {
        "test_screenshots_cover_the_whole_notebook": ALL,
        "": tuple(f"notebooks/labs/{lab}_" for lab in ("lab2", "lab3", "lab4", "lab5", "lab6", "lab7")),
    },
}
# (The fresh hidden cases' 30 seeds are marked where they are parametrised: tests/course/test_fresh_cases.py.)


def is_long(nodeid: str) -> bool:
    """Whether a test belongs to the long set `LONG` ("" stands for any test of the file)."""
    path, _, name = nodeid.partition("::")
    test, _, parameters = name.partition("[")
    for prefix, long_parameters in LONG.get(path, {}).items():
        if test.startswith(prefix) and (
                long_parameters is ALL or any(parameters.startswith(p) for p in long_parameters)):
            return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the long set, then (on a pytest-xdist worker) hand out the longest files first."""
    for item in items:
        if is_long(item.nodeid):
            item.add_marker(pytest.mark.long)
    order_longest_first(config, items)


def order_longest_first(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a pytest-xdist worker, the files come longest first; a file's tests keep their order (with
    ``--no-loadscope-reorder``, pytest-xdist hands the files out in this order)."""
    if not hasattr(config, "workerinput"):
        return
    files = {id(item): item.nodeid.split("::", 1)[0] for item in items}
    first_seen: dict[str, int] = {}
    for item in items:
        first_seen.setdefault(files[id(item)], len(first_seen))
    items.sort(key=lambda item: (-SECONDS.get(files[id(item)], 1), first_seen[files[id(item)]]))
