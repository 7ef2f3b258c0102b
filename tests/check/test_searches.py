"""The lab checkers catch each classic mistake, name it, and shrink it to a small tree.

Every wrong implementation (tests/mutants.py) is a real mistake written out by hand; the expected
diagnosis is what the mistake is, not what the checker happened to print.  The checker's models of
the mistakes are held to those functions, and its reference models to mmlib.search, in
tests/check/test_models.py.
"""

from __future__ import annotations

import math
import time

import mutants
import pytest
import support

from mmlib import check, search
from mmlib.check import cases as check_cases_module
from mmlib.check.nodes import shape_of
from mmlib.conventions import Conventions
from mmlib.errors import ArgumentTypeError
from mmlib.isolation.nodes import TableValues, build_nodes

INF = math.inf

# -- right implementations (the wrong ones are in tests/mutants.py) -------------------------------

minimax = support.minimax     # the lecture's pseudocode, as a student writes it
alphabeta = support.alphabeta


def ab_hard(node, depth, alpha, beta, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    if maximizing:
        for child in node.children:
            alpha = max(alpha, ab_hard(child, depth - 1, alpha, beta, False))
            if alpha >= beta:
                return beta
        return alpha
    for child in node.children:
        beta = min(beta, ab_hard(child, depth - 1, alpha, beta, True))
        if alpha >= beta:
            return alpha
    return beta


def ab_pseudocode(node, depth, alpha, beta, maximizing):
    """The pseudocode of the article "Min-Max algorithm and pruning", line for line."""
    if depth == 0 or node.is_leaf():
        return node.value
    if maximizing:
        max_eval = -INF
        for child in node.children:
            evaluation = ab_pseudocode(child, depth - 1, alpha, beta, False)
            max_eval = max(max_eval, evaluation)
            alpha = max(alpha, evaluation)
            if beta <= alpha:
                break
        return max_eval
    min_eval = INF
    for child in node.children:
        evaluation = ab_pseudocode(child, depth - 1, alpha, beta, True)
        min_eval = min(min_eval, evaluation)
        beta = min(beta, evaluation)
        if beta <= alpha:
            break
    return min_eval


# -- the check trees ------------------------------------------------------------------------------


# -- minimax ---------------------------------------------------------------------------------------

def test_correct_minimax_passes_with_a_summary():
    report = check.check_minimax(minimax)
    assert report.passed and report.diagnosis == "ok"
    assert "Checked 123 trees" in str(report) and "3 from the lecture" in str(report)
    report.raise_for_failure()          # no error


@pytest.mark.parametrize("fn, diagnosis", [
    (mutants.minimax_stops_one_ply_early, "depth-off-by-one"),
    (mutants.minimax_never_alternates, "no-alternation"),
    (mutants.minimax_inverted, "inverted-players"),
    (mutants.minimax_never_stops_recursing, "recursion"),
    (mutants.minimax_loops_forever, "runaway"),
    (mutants.minimax_crashes, "error"),
])
@pytest.mark.slow
def test_minimax_mistakes_are_named(fn, diagnosis):
    report = check.check_minimax(fn)
    assert not report.passed
    assert report.diagnosis == diagnosis
    with pytest.raises(check.CheckFailed, match=diagnosis):
        report.raise_for_failure()


def test_alphabeta_passed_as_minimax_is_told_minimax_sees_every_leaf():
    assert check.check_minimax(mutants.minimax_prunes).diagnosis == "pruning"


def test_crash_report_names_the_line_of_the_student_function():
    text = str(check.check_minimax(mutants.minimax_crashes))
    assert "IndexError" in text and "line 4 of minimax_crashes" in text and "node.children[3]" in text


def test_missing_return_is_explained():
    report = check.check_minimax(mutants.minimax_forgets_to_return)
    assert report.diagnosis in ("error", "wrong-type")
    assert "return" in str(report)


# -- alpha-beta ------------------------------------------------------------------------------------

@pytest.mark.parametrize("fn", [alphabeta, ab_hard, ab_pseudocode])
def test_standard_alphabeta_forms_pass(fn):
    report = check.check_alphabeta(fn)
    assert report.passed, str(report)


@pytest.mark.parametrize("fn, diagnosis", [
    (mutants.alphabeta_never_prunes, "no-pruning"),
    (mutants.alphabeta_strict_cutoff, "strict-cutoff"),
    (mutants.alphabeta_wrong_side, "wrong-side"),
    (mutants.alphabeta_clamps_to_the_wrong_bound, "fail-hard-clamp"),
    (mutants.alphabeta_stops_one_ply_early, "depth-off-by-one"),
    (mutants.alphabeta_never_alternates, "no-alternation"),
    (mutants.alphabeta_returns_a_tuple, "wrong-type"),
    (mutants.alphabeta_swallows_every_error, "runaway"),
])
def test_alphabeta_mistakes_are_named(fn, diagnosis):
    report = check.check_alphabeta(fn)
    assert not report.passed
    assert report.diagnosis == diagnosis, str(report)


def test_no_pruning_is_wrong_even_with_the_right_value():
    report = check.check_alphabeta(mutants.alphabeta_never_prunes)
    text = str(report)
    assert "Correct value, but you prune nothing" in text
    tree, depth = report.counterexample, report.depth
    # On the counterexample, plain minimax really evaluates more leaves than alpha-beta.
    assert search.minimax(tree, depth=depth).stats.leaves > search.alphabeta(tree, depth=depth).stats.leaves


@pytest.fixture(scope="module")
def strict_report():
    """The report on alpha-beta that prunes only on alpha > beta: one check, read by three tests."""
    return check.check_alphabeta(mutants.alphabeta_strict_cutoff)


def test_strict_cutoff_counterexample_is_small_and_counts_the_extra_leaves(strict_report):
    report = strict_report
    tree, depth = report.counterexample, report.depth
    assert tree.node_count <= 7
    strict = search.alphabeta(tree, depth=depth, cutoff=">").stats.leaves
    prompt = search.alphabeta(tree, depth=depth).stats.leaves
    extra = strict - prompt
    assert extra >= 1
    assert f"you prune only on alpha > beta: {extra} extra lea" in str(report)


@pytest.mark.parametrize("fn", [mutants.alphabeta_wrong_side, mutants.alphabeta_clamps_to_the_wrong_bound,
                                mutants.alphabeta_stops_one_ply_early, mutants.alphabeta_never_alternates])
def test_counterexample_still_shows_the_mistake(fn):
    report = check.check_alphabeta(fn)
    tree, depth = report.counterexample, report.depth
    assert tree is not None and tree.node_count <= 12
    built = check_cases_module.build(tree.to_nested())
    shape, values, paths = shape_of(built)
    source = TableValues(values)
    got = fn(build_nodes(shape, source), depth, -INF, INF, True)
    reference = search.alphabeta(built, depth=depth)
    assert (got, tuple(paths[i] for i in source.read)) != (reference.value, tuple(reference.stats.leaf_order))
    text = str(report)
    assert "Expected value" in text
    assert "First difference" in text or "only the value you return differs" in text


def test_first_divergence_is_reported_by_label():
    text = str(check.check_alphabeta(mutants.alphabeta_wrong_side))
    assert "First difference: evaluation" in text


# -- running student code safely --------------------------------------------------------------------

def test_code_that_spins_without_touching_nodes_times_out():
    started = time.monotonic()
    report = check.check_minimax(mutants.minimax_spins, time_limit=0.3)
    assert report.diagnosis == "timeout"
    assert time.monotonic() - started < 5
    assert "did not finish within 0.3 seconds" in str(report)
    assert check.check_minimax(minimax).passed      # and the checker still works


def test_stub_is_not_implemented_and_raises_in_notebook_mode():
    def stub(node, depth, alpha, beta, maximizing):
        raise NotImplementedError()

    assert check.check_alphabeta(stub).diagnosis == "not-implemented"
    with pytest.raises(check.CheckFailed, match="alpha-beta: not-implemented"):
        check.check_alphabeta(stub, raise_on_failure=True)


def test_not_a_function_is_an_argument_error():
    with pytest.raises(ArgumentTypeError, match="fn"):
        check.check_minimax(42)


def test_report_html_and_text(strict_report):
    report = strict_report
    html = report._repr_html_()
    assert "strict-cutoff" in html and "<pre>" in html and "Hint" in html
    assert "0x" not in html and "0x" not in str(report)
    assert repr(report) == "Report('alpha-beta', passed=False, diagnosis='strict-cutoff')"


def test_report_draws_the_counterexample(strict_report):
    pytest.importorskip("matplotlib")
    figure = strict_report.figure
    assert figure is not None and figure.axes
    assert check.check_alphabeta(alphabeta).figure is None


# -- best move, predictions --------------------------------------------------------------------------

def best_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(max(values))


def worst_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(min(values))


def test_best_move():
    assert check.check_best_move(best_move).passed
    report = check.check_best_move(worst_move)
    assert report.diagnosis == "wrong-move"
    assert report.counterexample.node_count <= 4
    assert check.check_best_move(lambda node, depth: len(node.children)).diagnosis == "not-a-move"
    assert check.check_best_move(lambda node, depth: node.children[0]).diagnosis == "wrong-type"


def best_move_for_min(node, depth):
    """A course where MIN moves at the root: the child of lowest value, MAX replying."""
    values = [minimax(child, depth - 1, True) for child in node.children]
    return values.index(min(values))


@pytest.mark.slow
def test_best_move_for_min_at_the_root_passes_under_root_min_only():
    assert check.check_best_move(best_move_for_min, root="min").passed
    assert check.check_best_move(best_move_for_min, conventions=Conventions(root="min")).passed
    assert check.check_best_move(best_move_for_min).diagnosis == "wrong-move"
    assert check.check_best_move(best_move, root="min").diagnosis == "wrong-move"


def test_a_min_root_report_shows_the_players_and_the_lowest_value_as_best():
    report = check.check_best_move(best_move, root="min")
    assert report.counterexample.root.player == "MIN"
    assert "lowest is best" in "\n".join(report.details)
    assert "MIN moves at the root" in check.check_best_move(best_move_for_min, root="min").summary


def best_move_of_three(node, depth):
    """One MAX agent against two MIN agents moving in turn (Berkeley CS 188's multi-agent minimax)."""
    turns = ("max", "min", "min")

    def value(node, depth, agent):
        if depth == 0 or node.is_leaf():
            return node.value
        scores = [value(child, depth - 1, (agent + 1) % 3) for child in node.children]
        return max(scores) if turns[agent] == "max" else min(scores)

    values = [value(child, depth - 1, 1) for child in node.children]
    return values.index(max(values))


def test_best_move_under_several_min_agents_follows_the_turns():
    assert check.check_best_move(best_move_of_three, turns="max min min").passed
    assert check.check_best_move(best_move_of_three).diagnosis == "wrong-move"
    assert check.check_best_move(best_move, turns="max min min").diagnosis == "wrong-move"


def negamax_best_move(node, depth):
    """Negamax for MIN at the root: each child (MAX to move, colour +1) is scored from MIN's
    point of view, and the highest score wins; leaf values stay MAX's."""
    def negamax(node, depth, colour):
        if depth == 0 or node.is_leaf():
            return colour * node.value
        return max(-negamax(child, depth - 1, -colour) for child in node.children)

    values = [-negamax(child, depth - 1, 1) for child in node.children]
    return values.index(max(values))


def test_values_from_the_side_to_move_do_not_change_the_best_move():
    assert check.check_best_move(negamax_best_move, root="min", values="mover").passed
    assert check.check_best_move(negamax_best_move, root="min").passed
    report = check.check_best_move(best_move, root="min", values="mover")
    assert report.diagnosis == "wrong-move" and "for MIN (the side to move" in "\n".join(report.details)


# -- lab 3: tic-tac-toe evaluators ---------------------------------------------------------------------



def _swallows_the_stop_then_returns(node, depth, maximizing):
    try:
        while True:
            _ = node.children
    except BaseException:          # noqa: BLE001 - what a student might write
        return 0


def _swallows_the_stop_then_raises(node, depth, maximizing):
    try:
        while True:
            _ = node.children
    except BaseException:          # noqa: BLE001
        raise ValueError("something else") from None


def _lifts_its_budget_then_raises(node, depth, maximizing):
    node._source._budget = None            # the budget the child's nodes hold (in the tab: .budget)
    node._source.budget = None
    for _ in range(100_000):
        _ = node.children
    raise ValueError("gave up")


def _clears_the_mark_then_raises(node, depth, maximizing):
    source = node._source
    try:
        while True:
            _ = node.children
    except BaseException:          # noqa: BLE001
        source.ran_away = False
        raise ValueError("gave up") from None


@pytest.mark.parametrize("fn", [_swallows_the_stop_then_returns, _swallows_the_stop_then_raises,
                                _lifts_its_budget_then_raises, _clears_the_mark_then_raises])
def test_a_function_that_swallows_the_checkers_stop_is_still_a_runaway(fn):
    cases = check.check_cases(2, seed=1)
    assert check.check_minimax(fn, cases=cases).diagnosis == "runaway"
    def alphabeta(node, depth, alpha, beta, maximizing):
        return fn(node, depth, maximizing)
    assert check.check_alphabeta(alphabeta, cases=cases).diagnosis == "runaway"
    def best_move(node, depth):
        return fn(node, depth, True)
    assert check.check_best_move(best_move, cases=cases).diagnosis == "runaway"


def test_an_interrupted_search_check_says_how_many_trees_it_checked(monkeypatch):
    from mmlib import progress
    from mmlib.errors import RunInterrupted

    def tick(self, count, now):                 # the progress clock: the stop button at the 2nd tree
        if count == 2:
            raise KeyboardInterrupt
    monkeypatch.setattr(progress.Progress, "tick", tick)
    cases = check.check_cases(3, seed=1)

    def minimax(node, depth, maximizing):
        if depth == 0 or not node.children:
            return node.value
        values = [minimax(child, depth - 1, not maximizing) for child in node.children]
        return max(values) if maximizing else min(values)
    with pytest.raises(RunInterrupted) as stop:
        check.check_minimax(minimax, cases=cases)
    assert stop.value.done == 2 and stop.value.unit == "trees checked"


def test_a_move_that_is_not_a_child_names_the_roots_children_in_words():
    # the shrunk tree has a root with one child (review 5C: "children 0 to 0")
    report = check.check_best_move(lambda node, depth: 7, cases=check.check_cases(200, seed=11))
    assert report.details[0] == "Your function: it returned 7, but the root has one child, 0.", report.details
    assert "0 to 0" not in str(report)


def test_a_shrunk_tree_drawn_with_its_values_is_titled_by_its_search():
    # review 5C: lab 1's shrunk trees to the leaves had no title, where a depth-limited one says
    # "The right minimax to depth 2"
    def never_flips(node, depth, maximizing):
        if depth == 0 or node.is_leaf():
            return node.value
        return max(never_flips(child, depth - 1, maximizing) for child in node.children)

    report = check.check_minimax(never_flips, cases=check.check_cases(200, seed=11))
    assert not report.passed and report.figure.axes[0].get_title() == "The right minimax"
    moved = check.check_best_move(lambda node, depth: 7, cases=check.check_cases(200, seed=11))
    assert moved.figure.axes[0].get_title() == "The right minimax"
