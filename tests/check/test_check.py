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

from mmlib import check, search, trees
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

def test_check_trees_cover_ties_mixed_depths_negatives_and_depth_limits():
    cases = check.check_cases()
    built = [(case, case.tree()) for case in cases]
    assert [case.nested for case in cases[:3]] == list(check.SEED_TREES.values())
    assert sum(check_cases_module.has_tie(tree) for _, tree in built) >= 20
    assert sum(len({len(leaf.path) for leaf in tree.leaves()}) > 1 for _, tree in built) >= 20
    assert sum(any(leaf.value < 0 for leaf in tree.leaves()) for _, tree in built) >= 20
    assert sum(case.depth is not None and case.depth < tree.height for case, tree in built) >= 10


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


def test_pruning_predictions_on_the_seed_trees():
    # AIMA figure 5.2: alpha-beta skips the leaves 4 and 6 (I and J).
    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert [trees.from_nested(aima).node(label).value for label in "IJ"] == [4, 6]
    assert check.check_pruned(aima, "I J").passed
    assert check.check_pruned(aima, ["I", "J"]).passed
    assert check.check_pruned(aima, "J").diagnosis == "missed"
    assert check.check_pruned(aima, "I J K").diagnosis == "too-many"
    assert check.check_pruned(aima, "I K").diagnosis == "both"
    assert check.check_pruned(aima, "B").diagnosis == "not-a-leaf"
    assert check.check_pruned(aima, ...).diagnosis == "not-implemented"
    # Slides' A-G tree: 9 and the whole G subtree (0, -1) are skipped.
    slides = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    skipped = [slides.node("K").value, *(leaf.value for leaf in slides.node("G").children)]
    assert skipped == [9, 0, -1]
    assert check.check_pruned(slides, "K N O").passed
    # t1.in: 4 of the 5 leaves are evaluated.
    t1 = "ABCDEFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1"
    assert check.check_pruned(t1, "H").passed


# -- lab 3: tic-tac-toe evaluators ---------------------------------------------------------------------

from mmlib.games.tictactoe import LINES  # noqa: E402


def open_lines(board):
    x_open = sum(1 for line in LINES if all(board[s] != "O" for s in line))
    o_open = sum(1 for line in LINES if all(board[s] != "X" for s in line))
    return x_open - o_open


def threats(board, player):
    return sum(1 for line in LINES if sorted(board[s] for s in line) == sorted([player, player, "."]))


def sharp(board):
    to_move = "X" if board.count("X") == board.count("O") else "O"
    other, sign = ("O", 1) if to_move == "X" else ("X", -1)
    if threats(board, to_move):
        return 9 * sign
    if threats(board, other) >= 2:
        return -9 * sign
    return open_lines(board) / 2 + {"X": 0.5, "O": -0.5, ".": 0}[board[4]]


def by_sharp(board, moves):
    player = "X" if board.count("X") == board.count("O") else "O"
    return sorted(moves, key=lambda m: sharp(board[:m] + player + board[m + 1:]), reverse=player == "X")


@pytest.fixture(scope="module")
def open_lines_report():
    """The report on the slides' open-lines evaluator: one check, read by two tests."""
    return check.check_evaluator(open_lines)


def test_a_sharp_evaluator_never_loses_and_the_slides_heuristic_does(open_lines_report):
    assert check.check_evaluator(sharp).passed
    report = open_lines_report
    assert report.diagnosis == "loses"
    assert check.check_evaluator(lambda board: 0).diagnosis == "loses"


def test_a_lost_game_is_replayed_in_the_report(open_lines_report):
    from mmlib import games
    text = str(open_lines_report)
    line = text.split("lost: ")[1].split(" (squares")[0].split()
    game = games.TicTacToe()
    state = game.initial
    for move in line:
        assert move[0] == game.player(state)
        state = game.play(state, int(move[1:]))
    assert game.is_terminal(state) and game.winner(state) is not None


@pytest.mark.slow
def test_move_ordering_keeps_the_agent_within_its_budget():
    report = check.check_agent(sharp, by_sharp)
    assert report.passed, str(report)
    assert check.check_agent(sharp, lambda board, moves: moves).diagnosis == "over-budget"
    assert check.check_agent(sharp, lambda board, moves: moves[:-1]).diagnosis == "bad-order"


def test_unusable_evaluators_are_named():
    assert check.check_evaluator(lambda board: 100).diagnosis == "out-of-range"
    assert check.check_evaluator(lambda board: "good").diagnosis == "wrong-type"
    assert check.check_evaluator(lambda board: board[99]).diagnosis == "error"

    def stub(board):
        raise NotImplementedError()

    assert check.check_evaluator(stub).diagnosis == "not-implemented"


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


def test_check_cases_refuses_a_count_that_would_keep_a_check_running_for_minutes():
    from mmlib.errors import ArgumentError
    with pytest.raises(ArgumentError, match=r"^count: at most 5,000 generated trees"):
        check.check_cases(10 ** 7, 0)
    with pytest.raises(ArgumentError, match="got 5001$"):
        check.check_cases(check_cases_module.MAX_CASES + 1, 0)


@pytest.mark.parametrize("options", [{"max_branching": 10 ** 9}, {"max_depth": 10 ** 9},
                                     {"max_branching": 20, "max_depth": 6}])
def test_random_nested_refuses_a_tree_too_big_to_make(options):
    from mmlib.errors import ArgumentError
    with pytest.raises(ArgumentError, match="^max_branching, max_depth: a tree of up to"):
        check.random_nested(0, **options)


def test_numpy_integers_as_seeds_and_sizes_give_the_same_trees_as_ints():
    np = pytest.importorskip("numpy")
    assert check.random_nested(np.int64(3), max_branching=np.int64(3), low=np.int64(-2), high=np.int64(5)) \
        == check.random_nested(3, max_branching=3, low=-2, high=5)
    assert [case.nested for case in check.check_cases(np.int64(2), seed=np.int64(3))] \
        == [case.nested for case in check.check_cases(2, seed=3)]


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
