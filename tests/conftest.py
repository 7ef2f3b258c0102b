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
    "tests/e2e/test_browser.py": 150,     # lecture 03, the harness tests
    "tests/course/test_grading.py": 150,
    "tests/course/test_nbgrader.py": 130,
    "tests/test_packaging.py": 30,     # 62 the first time on a machine (it builds its cached plain kernel)
    "instructor/solutions/lab5_move_ordering.ipynb": 10,
    "tests/fuzz/test_fuzz_views.py": 33,
    "tests/course/test_gradescope.py": 23,
    "tests/search/test_search.py": 22,
    "tests/notebooks/test_labs.py": 21,
    "tests/check/test_searches.py": 19,
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
LONG: dict[str, dict[str, tuple[str, ...] | None]] = {
    "tests/course/test_grading.py": {
        # the held-out campaign: 86 submissions graded sealed in one run (~6 min); `make test` grades lab 5's
        # cheating submission, every lab's solution and the cheats of tests/course/test_own_work.py
        "test_each_heldout_submission_scores_what_a_fair_grader_gives": ALL,
        "test_the_csv_has_one_row_per_part_and_no_score_above_its_points": ALL,
        "test_grading_leaves_the_submissions_and_the_machine_as_they_were": ALL,
        "test_time_per_submission_is_reported": ALL,
        # partly right, endless, crashing and cheating submissions of labs 6 and 7, and lab 5's partly right,
        # endless and crashing ones (about 20 s each); `make test` grades lab 5's cheating one and every lab's
        # solution sealed, and seals endless, crashing and memory-hungry agents in the Swiss tournament of a
        # dozen (tests/course/test_tournament.py)
        "test_new_lab_submissions_score_what_they_get_right": ("lab6", "lab7", "lab5_move_ordering-partly",
                                                               "lab5_move_ordering-endless",
                                                               "lab5_move_ordering-crashing"),
    },
    # nbgrader's generate / validate / autograde on every lab (1-3 min each), and nbgrader agreeing with
    # `make grade` on correct submissions in many styles; `make test` grades those styles with `make grade`
    # (tests/course/test_as_jupyter_runs_it.py) and checks the autograder notebooks' nbgrader metadata
    # (tests/course/test_grading.py)
    "tests/course/test_nbgrader.py": {"": ALL},
    # correct submissions in five styles unlike the solution, graded sealed in one run (about a minute), what
    # the feedback says of the cells Jupyter would not run, and Run All of each in a fresh kernel; `make test`
    # grades every lab's solution sealed, lab 5's cheating submission, and the magics,
    # shell lines and cell numbering of tests/course/test_as_jupyter_runs_it.py's quick tests
    "tests/course/test_as_jupyter_runs_it.py": {
        "test_nbgrader_validate_and_autograde_agree_with_make_grade_on_correct_styles": ALL,
        "test_a_correct_submission_in_any_style_earns_full_marks": ALL,
        "test_what_jupyter_does_not_run_is_said_in_the_feedback": ALL,
        "test_each_style_passes_its_own_check_cells_in_a_fresh_kernel": ALL,
    },
    # Connect Four on 5 x 4 solved to the end twice (about 12 s of the machine); `make test` solves smaller
    # boards and positions (tests/games/test_connect4.py's other tests)
    "tests/games/test_connect4.py": {"test_five_by_four_connect_four_solved": ALL},
    # Gradescope's autograder run beside `make grade` on one submission, and on a wrong best move (the zip's
    # contents and a correct submission's scores stay)
    "tests/course/test_gradescope.py": {"test_gradescope_and_make_grade_agree_on_the_same_submission": ALL,
                                        "test_a_wrong_best_move_loses_that_part": ALL},
    # perft of the start position to depth 4, 197,281 nodes, and of Kiwipete to depth 3, 97,862 (`make test`:
    # the start position to depth 3 and Kiwipete to depth 2)
    "tests/games/test_chess.py": {"test_perft_start_depth_4": ALL, "test_perft_kiwipete_depth_3": ALL},
    # Pearl's growth rate seen at depth 24 (`make test`: tests/analysis's other Pearl tests)
    "tests/analysis/test_fastcount.py": {"test_pearl_growth_is_seen_at_depth_24": ALL},
    # lab 6's fresh openings played out (`make test`: lab 6's fresh cases are new and repeatable); lab 5's
    # solutions on fresh boards and an answer table of lab 5's public boards (about 20 s each; `make test`:
    # lab 5's solution graded sealed on a fresh seed, and labs 6 and 7's answer tables failing fresh seeds)
    "tests/course/test_fresh_cases.py": {
        "test_lab6_games_from_fresh_openings": ALL,
        "test_lab5_solutions_pass_on_fresh_seeds": ALL,
        "test_lab5_an_answer_table_of_the_public_boards_fails_a_fresh_seed": ALL},
    # the window searches' properties on 2,000 trees each (`make test`: the same on 300)
    "tests/search/test_windows.py": {
        "test_every_window_search_returns_the_minimax_value": ("full",),
        "test_stockman_sss_star_evaluates_no_leaf_that_alphabeta_skips": ("full",),
    },
    # lab 5's solutions meeting every practice case's goal (`make test`: test_ordering_cases_are_consistent)
    "tests/check/test_practice_labs.py": {"test_the_lab5_solutions_meet_every_practice_goal": ALL},
    # lab 6's games stop the classic mistake "the whole budget for each iteration" (a few seconds);
    # `make test`: the games stop an agent whose iteration spends past the budget (the same file)
    "tests/course/test_own_work.py": {"test_lab6_games_hold_the_whole_move_to_its_budget": ALL},
    # Pearl's line named with the depths where it runs on random, on data built for it (about 3.5 s); `make
    # test`: the end labels' other tests (tests/draw/test_endlabels.py)
    "tests/draw/test_endlabels.py": {
        "test_pearls_line_says_at_which_depths_it_runs_on_the_random_series": ALL},
    # three families of the views' fuzzing that draw with matplotlib (boards, trees, figures' text
    # alternatives; 10-22 s each); `make test`: the same file's SVG trees, plots, explorers, quiz and export
    # and the wide trees' and matches' fuzzing (11 s)
    "tests/fuzz/test_fuzz_views.py": {"test_boards": ALL, "test_figure_alt_text": ALL, "test_draw_tree": ALL,
                                      "test_beyond_trees_and_matches": ALL},
    # the answer key of a 3x3 tree checked for texts running into each other (10 s); `make test`: the same
    # check on trees of shapes 2x3, 2x4, 4x2 and 3x2
    "tests/course/test_exam.py": {"test_no_text_of_a_key_page_runs_into_another": ("3-3",)},
    # Star1 and Star2's marks true at every step of 250 chance trees (15-19 s); `make test`: the exact marks
    # of expectimax and expectiminimax at every step (150 trees) and of several agents, the same file
    "tests/trace/test_trace_chance.py": {"test_star_marks_are_true_at_every_step": ALL},
    # the comparison of outputs judged against strict nbval on a notebook run twice (14-17 s); `make test`:
    # the same file's one-character, extra-output and ignored-cell tests, and the browser's one-character test
    "tests/notebooks/test_nbval_compare.py": {"test_the_verdict_is_nbvals_own": ALL},
    # lab 5's solution through every check, and Run All of the lab as handed out (15-18 s each); `make test`:
    # the other labs' the same, and lab 5's solution graded sealed (tests/course/test_grading.py)
    "tests/notebooks/test_labs.py": {
        "test_every_solution_passes_every_check": ("instructor/solutions/lab5_move_ordering",),
        "test_run_all_goes_on_past_every_stub_saying_not_answered_yet":
            ("notebooks/labs/lab5_move_ordering",)},
    # four lecture trees drawn with matplotlib and every text's ink checked against every edge (about 6 s);
    # `make test`: the same check on every explorer's still and the SVG trees (tests/draw/test_svg.py)
    "tests/draw/test_figures.py": {"test_no_edge_crosses_or_touches_a_text_of_a_matplotlib_tree": ALL},
    # every kind of quiz question generated many times (`make test`: tests/test_quiz.py's other tests)
    "tests/test_quiz.py": {"test_every_value_shown_lies_in_the_range_over_every_kind_of_question": ALL},
    # this round's moves, `make test` having measured 748 s of pytest on a loaded machine (10-20 s each):
    # lecture 10's alpha-beta against MCTS at Connect Four over 20 seeds (`make test`: the lecture's own
    # match under nbval, and MCTS against alpha-beta at tic-tac-toe over 20 seeds, the same file); lecture
    # 10's leaf ratios against the minimal tree (`make test`: the lecture's printed table under nbval);
    # lecture 06's deep growth for 20 more trees (`make test`: the lecture's 10 under nbval, and
    # random trees' claims for 20 sets of 20 trees, the same file)
    "tests/notebooks/test_claims_10.py": {"test_alphabeta_beats_mcts_at_connect_four_over_20_seeds": ALL},
    "tests/notebooks/test_lecture_claims.py": {"test_leaf_ratios_against_the_minimal_tree": ALL},
    "tests/notebooks/test_claims_06.py": {
        "test_deep_growth_at_b_4_is_within_4_percent_above_r4_for_20_more_trees": ALL},
    # several agents' alpha-beta against minimax by hypothesis, and Star1/Star2 against expectiminimax by
    # hypothesis; `make test`: the same on generated trees (test_generated_trees_with_several_agents,
    # test_generated_chance_trees_agree) and by hand, the same files
    "tests/search/test_agents.py": {"test_alphabeta_with_several_agents_returns_the_minimax_value": ALL},
    "tests/search/test_chance.py": {"test_star1_and_star2_return_the_expectiminimax_value": ALL},
    # a 150-leaf tree drawn to PNG (`make test`: the other edge cases of the same test)
    "tests/draw/test_draw.py": {"test_every_edge_case_renders_to_png": ("150 leaves",)},
    # whole artefacts: a fresh virtualenv from the wheel, the website, the handout, Notebook 7, a save and
    # reopen, a Dask cluster, the tournament's pages in a browser
    "tests/test_packaging.py": {"test_wheel_installs_into_a_fresh_venv_and_runs_a_notebook": ALL},
    "tests/e2e/test_site.py": {"": ALL},
    # the course in a browser tab: the JupyterLite site built and Pyodide kernels started (over two minutes of
    # the machine); `make test` checks the build's inputs (tests/lite: what the tab imports, its budgets, the
    # site's files; the in-process checks the tab uses: tests/isolation/test_inprocess.py)
    "tests/e2e/test_lite.py": {"": ALL},
    "tests/e2e/test_handout.py": {"": ALL},
    "tests/e2e/test_notebook7.py": {"": ALL},
    "tests/e2e/test_save_reopen.py": {"": ALL},
    "tests/course/test_tournament.py": {
        "test_round_robin_of_a_dozen_sealed_agents": ALL,      # `make test` plays the Swiss system of them
        "test_a_dask_cluster_gives_the_same_results_as_the_process_pool": ALL,
        "test_the_pages_pass_axe_on_a_phone": ALL,
    },
    # every notebook's screenshots, and Run All in JupyterLab of the notebooks other than BROWSER_NOTEBOOKS
    # (`make test` runs those in JupyterLab and compares their outputs, and executes every other notebook
    # under strict nbval: the Makefile's BROWSER_NOTEBOOKS, the same list)
    # and both game boards played from the keyboard in JupyterLab (14 s; `make test`: each board driven move
    # by move in Python, its status line, live region and buttons' names, tests/widgets/test_connect4_board.py
    # and test_tictactoe_board.py, and the practice widget operated from the keyboard in the browser)
    "tests/e2e/test_browser.py": {"test_screenshots_cover_the_whole_notebook": ALL,
                                  "test_game_boards_are_played_from_the_keyboard_and_say_each_move": ALL},
}
BROWSER_NOTEBOOKS = ("notebooks/03_alpha_beta_pruning.ipynb",)
# (The fresh hidden cases' 30 seeds are marked where they are parametrised: tests/course/test_fresh_cases.py;
# `make test` runs 2.)


def is_long(nodeid: str) -> bool:
    """Whether a test belongs to the long set `LONG` ("" stands for any test of the file)."""
    path, _, name = nodeid.partition("::")
    test, _, parameters = name.partition("[")
    if path == "tests/e2e/test_browser.py" and parameters.startswith("notebooks/") \
            and parameters.rstrip("]") not in BROWSER_NOTEBOOKS:
        return True
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
