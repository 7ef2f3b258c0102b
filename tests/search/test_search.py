"""Search: exact published figures, agreement between algorithms, and the options."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import check, games, search, trees
from mmlib.check.cases import random_nested
from mmlib.conventions import Conventions
from mmlib.errors import ArgumentError, ArgumentTypeError, NodeBudgetExceeded
from mmlib.table import TranspositionTable

# -- exact figures from the literature -----------------------------------------------------


# -- every variant agrees with minimax (property tests) ------------------------------------


# -- the transposition table --------------------------------------------------------------

def reachable_positions(game, limit=300):
    seen, frontier = [], [game.initial]
    while frontier and len(seen) < limit:
        state = frontier.pop(0)
        seen.append(state)
        frontier.extend(game.play(state, m) for m in game.moves(state))
    return seen[::7]


# The same table logic under the second scoring: `make test` runs it, `make check` only "ten".
@pytest.mark.parametrize("scoring", ["ten", pytest.param("depth-adjusted", marks=pytest.mark.slow)])
def test_table_search_agrees_with_plain_search_on_tictactoe(scoring):
    game = games.TicTacToe(scoring=scoring)
    for state in reachable_positions(game):
        for depth in (None, 2, 3):
            plain = search.minimax(game, depth=depth, state=state).value
            assert search.alphabeta(game, depth=depth, state=state, table=True).value == plain
            assert search.negamax(game, depth=depth, state=state, table=True).value == plain


class AlwaysExactTable(TranspositionTable):
    """The classic bug: store windowed results as if they were exact values."""

    def store(self, key, depth, value, alpha, beta, move=None):
        super().store(key, depth, value, float("-inf"), float("inf"), move)


@pytest.mark.slow
def test_storing_windowed_values_as_exact_is_wrong_and_ours_is_not():
    game = games.TicTacToe(scoring="depth-adjusted")
    wrong = 0
    for state in reachable_positions(game, limit=600):
        true = search.minimax(game, state=state).value
        assert search.alphabeta(game, state=state, table=TranspositionTable()).value == true
        wrong += search.alphabeta(game, state=state, table=AlwaysExactTable()).value != true
    assert wrong > 0   # the pitfall is real on this game, so the test above can fail


def test_table_solves_tictactoe_with_far_fewer_nodes():
    game = games.TicTacToe()
    plain, tabled = search.alphabeta(game), search.alphabeta(game, table=True)
    assert tabled.value == plain.value == 0
    assert tabled.stats.table_hits > 0
    assert tabled.stats.nodes < plain.stats.nodes / 2
    assert len(tabled.pv) == 9                            # a full drawn game


# -- principal variation ------------------------------------------------------------------


# -- orderings, iterative deepening, killers -------------------------------------------------


# -- budgets, depth limits and bad arguments ---------------------------------------------------

def test_budget_raises_with_partial_counts():
    with pytest.raises(NodeBudgetExceeded) as caught:
        search.alphabeta(trees.uniform(3, 6, seed=1), max_nodes=100)
    assert caught.value.stats.nodes == 101
    assert "max_nodes" in str(caught.value)


@pytest.mark.parametrize("kwargs, error, word", [
    ({"depth": -1}, ArgumentError, "depth"),
    ({"depth": 1.5}, ArgumentTypeError, "depth"),
    ({"variant": "soft"}, ArgumentError, "variant"),
    ({"cutoff": "=>"}, ArgumentError, "cutoff"),
    ({"max_nodes": 0}, ArgumentError, "max_nodes"),
    ({"order": "best-first"}, ArgumentError, "order"),
    ({"alpha": 3, "beta": 3}, ArgumentError, "alpha"),
    ({"table": "yes"}, ArgumentTypeError, "table"),
    ({"evaluate": 3}, ArgumentTypeError, "evaluate"),
])
def test_bad_arguments_name_themselves(kwargs, error, word):
    with pytest.raises(error, match=word):
        search.alphabeta([[1, 2], [3]], **kwargs)


def test_not_a_game():
    with pytest.raises(ArgumentTypeError, match="game"):
        search.minimax(42)


def test_missing_static_value_is_explained():
    from mmlib.errors import SearchError

    with pytest.raises(SearchError, match="no static value"):
        search.minimax([[1, 2], [3, 4]], depth=1)


@pytest.mark.slow
def test_memory_of_a_counts_only_search_does_not_grow_with_the_tree():
    import gc
    import tracemalloc

    def peak(branching):
        tree = trees.ordered(branching, 6, "best", seed=0)
        gc.collect()
        tracemalloc.start()
        try:
            search.alphabeta(tree, leaf_order=False)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    # from 3^3 + 3^3 - 1 = 53 to 12^3 + 12^3 - 1 = 3,455 leaves at the same depth: the memory
    # stays that of one path from the root (the first search also warms caches: not measured)
    peak(3)
    assert peak(12) < 1.5 * peak(3)


# -- conventions: one value, the same answers as hand-written references -------------------------


NESTED = st.builds(lambda seed, depth: random_nested(seed, max_branching=3, max_depth=depth,
                                                     low=-4, high=4),
                   st.integers(0, 10**6), st.integers(1, 4))


def value_by_layers(item, layers, ply=0):
    """Minimax written out for a turn order: the player of level ``ply`` is layers[ply % n]."""
    if not isinstance(item, list):
        return item
    values = [value_by_layers(child, layers, ply + 1) for child in item]
    return max(values) if layers[ply % len(layers)] == "max" else min(values)


@settings(max_examples=200, deadline=None)
@given(nested=NESTED, turns=st.sampled_from(["max min", "max min min", "max max min", "min max"]),
       cutoff=st.sampled_from([">=", ">"]), variant=st.sampled_from(["fail-soft", "fail-hard"]))
def test_every_convention_finds_the_minimax_value_of_its_own_turn_order(nested, turns, cutoff, variant):
    conventions = Conventions(turns=turns, root=turns.split()[0], cutoff=cutoff, variant=variant)
    expected = value_by_layers(nested, conventions.layers)
    assert search.minimax(nested, conventions=conventions).value == expected
    assert search.alphabeta(nested, conventions=conventions).value == expected


@settings(max_examples=200, deadline=None)
@given(nested=NESTED, root=st.sampled_from(["max", "min"]), cutoff=st.sampled_from([">=", ">"]),
       variant=st.sampled_from(["fail-soft", "fail-hard"]), deep=st.booleans())
def test_negamax_values_are_the_side_to_moves_and_prune_the_same_leaves(nested, root, cutoff, variant,
                                                                        deep):
    by_max = Conventions(root=root, cutoff=cutoff, variant=variant, deep=deep)
    by_mover = Conventions(root=root, cutoff=cutoff, variant=variant, deep=deep, values="mover")
    plain = search.alphabeta(nested, conventions=by_max)
    sign = 1 if root == "max" else -1
    for result in (search.alphabeta(nested, conventions=by_mover),
                   search.negamax(nested, conventions=by_mover)):
        assert result.value == sign * plain.value
        assert result.stats.leaf_order == plain.stats.leaf_order
    assert search.negamax(nested, conventions=by_max).value == plain.value


@settings(max_examples=200, deadline=None)
@given(nested=NESTED, cutoff=st.sampled_from([">=", ">"]))
def test_without_deep_cutoffs_the_value_is_the_same_and_no_fewer_leaves_are_read(nested, cutoff):
    deep = search.alphabeta(nested, cutoff=cutoff)
    shallow = search.alphabeta(nested, conventions=Conventions(cutoff=cutoff, deep=False))
    assert shallow.value == deep.value
    assert set(deep.stats.leaf_order) <= set(shallow.stats.leaf_order)


def test_keywords_win_over_conventions_and_the_result_keeps_them():
    cs312 = Conventions(cutoff=">", variant="fail-hard")
    result = search.alphabeta([[3, 5], [2, 9]], conventions=cs312, cutoff=">=")
    assert result.algorithm == "alphabeta (fail-hard, >=)"
    assert result.conventions == Conventions(cutoff=">=", variant="fail-hard")
    assert search.alphabeta([[3, 5], [2, 9]]).conventions == Conventions()


def test_turns_apply_to_generated_trees():
    tree = trees.uniform(2, 3, seed=4)
    conventions = Conventions(turns="max min min")
    expected = value_by_layers(trees.explicit(tree).to_nested(), ("max", "min", "min"))
    assert search.alphabeta(tree, conventions=conventions).value == expected


def test_conventions_about_players_are_refused_for_a_game():
    with pytest.raises(ArgumentError, match="conventions"):
        search.alphabeta(games.TicTacToe(), depth=1, conventions=Conventions(root="min"))
    with pytest.raises(ArgumentTypeError, match="conventions"):
        search.alphabeta([[1, 2]], conventions={"cutoff": ">"})


# -- the checker under conventions --------------------------------------------------------------

def negamax_with_colour(node, depth, alpha, beta, colour):
    """Negamax as usually written (values from the side to move, colour +1 for MAX)."""
    if depth == 0 or node.is_leaf():
        return colour * node.value
    value = -math.inf
    for child in node.children:
        value = max(value, -negamax_with_colour(child, depth - 1, -beta, -alpha, -colour))
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return value


def multi_agent(node, depth, alpha, beta, agent, turns=("max", "min", "min")):
    """Berkeley CS 188's multi-agent alpha-beta: agents move in turn; MIN agents follow MIN agents."""
    if depth == 0 or node.is_leaf():
        return node.value
    following = (agent + 1) % len(turns)
    if turns[agent] == "max":
        value = -math.inf
        for child in node.children:
            value = max(value, multi_agent(child, depth - 1, alpha, beta, following))
            if value > beta:
                return value
            alpha = max(alpha, value)
        return value
    value = math.inf
    for child in node.children:
        value = min(value, multi_agent(child, depth - 1, alpha, beta, following))
        if value < alpha:
            return value
        beta = min(beta, value)
    return value


def test_the_checker_accepts_negamax_when_values_are_from_the_side_to_move():
    assert check.check_alphabeta(negamax_with_colour, values="mover").passed
    assert check.check_alphabeta(negamax_with_colour, values="mover", root="min").passed
    assert not check.check_alphabeta(negamax_with_colour, cutoff=">", values="mover").passed


def test_the_checker_accepts_berkeleys_multi_agent_search_under_its_turns():
    report = check.check_alphabeta(multi_agent, turns="max min min", cutoff=">")
    assert report.passed, str(report)
    assert check.check_alphabeta(multi_agent, turns="max min min").diagnosis == "strict-cutoff"


def test_the_checker_names_inverted_players_under_a_min_root(student_minimax):
    minimax = student_minimax
    assert check.check_minimax(minimax, root="min").passed

    def always_max_first(node, depth, maximizing):
        return minimax(node, depth, True)

    assert check.check_minimax(always_max_first, root="min").diagnosis == "inverted-players"


# -- the same conventions in the step-through, the drawings and the quiz ---------------------------

def test_the_step_through_searches_under_the_conventions_it_is_given():
    from mmlib.widgets.step import step_through

    explorer = step_through([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], conventions=Conventions(root="min"))
    explorer.slider.value = explorer.slider.max
    assert explorer.sentence == "A returns 1: the value of the game is 1."     # min(6, 1)
    assert explorer.tree.root.player == "MIN"
    cs312 = step_through([[3, 5], [3, 9]], cutoff=">", variant="fail-hard")
    assert cs312.name == "alpha-beta (fail-hard, cut when α > β)"
    assert cs312.result.stats.leaves == 4                   # the tie 3 = alpha is searched on


def test_a_drawing_of_a_plain_tree_shows_the_players_of_the_conventions():
    from mmlib import draw

    figure = draw.draw_tree([[3, 5], [2, 9]], conventions=Conventions(root="min"))
    texts = [text.get_text() for text in figure.axes[0].texts]
    assert texts.count("5") == 3 and texts.count("2") == 1   # A = B = 5 (MIN of MAX nodes)


def test_quiz_answer_keys_follow_the_conventions():
    from mmlib import quiz

    strict = quiz.alpha_beta_question(3, 2, 3, conventions=Conventions(cutoff=">"))
    usual = quiz.alpha_beta_question(3, 2, 3)
    assert strict.tree.to_nested() == usual.tree.to_nested()
    assert strict.result.algorithm == "alphabeta (fail-soft, >)"
    assert set(usual.evaluated) <= set(strict.evaluated)
    min_root = quiz.alpha_beta_question(3, 2, 3, conventions=Conventions(root="min"))
    assert min_root.tree.root.player == "MIN"
    assert min_root.result.value == value_by_layers(usual.tree.to_nested(), ("min", "max"))


# -- the shape of the API ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["minimax", "alphabeta", "negamax", "move_values", "aspiration", "pvs",
                                  "mtdf", "sss_star", "expectimax", "expectiminimax"])
def test_options_after_the_game_are_keyword_only(name):
    with pytest.raises(TypeError, match=rf"{name}\(\) takes 1 positional argument"):
        getattr(search, name)([[3, 5], [2, 9]], 1)
    assert getattr(search, name)([[3, 5], [2, 9]], depth=2) is not None


@pytest.mark.parametrize("name", ["minimal_tree_leaves", "proof_leaves"])
def test_the_measures_of_the_minimal_tree_take_the_depth_by_keyword(name):
    from mmlib.search import yardstick

    with pytest.raises(TypeError, match=rf"{name}\(\) takes 1 positional argument"):
        getattr(yardstick, name)([[3, 5], [2, 9]], 1)
    assert getattr(yardstick, name)([[3, 5], [2, 9]], depth=2)


def test_every_option_of_every_search_after_the_game_is_keyword_only():
    import inspect

    searches = [search.minimax, search.alphabeta, search.negamax, search.move_values, search.aspiration,
                search.pvs, search.mtdf, search.sss_star, search.expectimax, search.expectiminimax,
                search.mcts, search.anytime]
    for function in searches:
        game, *options = inspect.signature(function).parameters.values()
        assert game.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, function.__name__
        assert {option.kind for option in options} == {inspect.Parameter.KEYWORD_ONLY}, function.__name__


def test_every_import_path_of_the_search_module_still_works():
    from mmlib.search import IterativeResult, SearchResult, quiescence
    from mmlib.search.budgets import MAX_SEARCH_DEPTH, Budget
    from mmlib.search.engine import Search
    from mmlib.search.results import SearchResult as Same

    assert Same is SearchResult and IterativeResult and quiescence and Search and Budget
    assert search.MAX_SEARCH_DEPTH == MAX_SEARCH_DEPTH
    assert search.Stats is type(search.alphabeta([[1, 2]]).stats)
    for name in ("anytime", "aspiration", "pvs", "mtdf", "sss_star", "mcts", "expectimax", "expectiminimax"):
        assert callable(getattr(search, name))


def test_a_users_error_inside_a_search_names_the_function_and_the_position():
    from mmlib.errors import UserFunctionError

    def evaluate(node):
        raise ValueError("no idea")

    with pytest.raises(UserFunctionError, match=r"evaluate raised ValueError at path \(0,\)"):
        search.alphabeta(trees.from_nested([[1, 2], [3, 4]]), depth=1, evaluate=evaluate)


@pytest.mark.parametrize("run", [
    lambda tree, evaluate: search.minimax(tree, depth=1, evaluate=evaluate),
    lambda tree, evaluate: search.alphabeta(tree, depth=1, evaluate=evaluate),
    lambda tree, evaluate: search.pvs(tree, depth=1, evaluate=evaluate),
    lambda tree, evaluate: search.sss_star(tree, depth=1, evaluate=evaluate),
    lambda tree, evaluate: search.expectimax(tree, depth=1, evaluate=evaluate),
    lambda tree, evaluate: search.expectiminimax(tree, depth=1, evaluate=evaluate, pruning="star2",
                                                 bounds=(0, 9)),
    lambda tree, evaluate: search.anytime(tree, max_depth=1, evaluate=evaluate),
], ids=["minimax", "alphabeta", "pvs", "sss_star", "expectimax", "star2", "anytime"])
def test_every_search_names_a_failing_evaluator_the_same_way(run):
    from mmlib.errors import UserFunctionError

    def evaluate(node):
        raise ValueError("no idea")

    expected = r"^evaluate raised ValueError at path \(0,\): no idea"
    with pytest.raises(UserFunctionError, match=expected) as raised:
        run(trees.from_nested([[1, 2], [3, 4]]), evaluate)
    assert raised.value.function == "evaluate" and raised.value.path == (0,)


@pytest.mark.parametrize("run", [search.aspiration, search.pvs, search.mtdf, search.expectimax,
                                 lambda game: search.mcts(game, iterations=3)],
                         ids=["aspiration", "pvs", "mtdf", "expectimax", "mcts"])
def test_every_search_names_a_failing_game_method(run):
    from mmlib.errors import UserFunctionError
    from mmlib.games import TicTacToe

    class Broken(TicTacToe):
        def play(self, state, move):
            raise KeyError(move)

    with pytest.raises(UserFunctionError, match=r"^game.play raised KeyError") as raised:
        run(Broken())
    assert raised.value.function == "game.play"


@settings(max_examples=100, deadline=None)
@given(nested=NESTED, cutoff=st.sampled_from([">=", ">"]),
       variant=st.sampled_from(["fail-soft", "fail-hard"]))
def test_the_trace_model_draws_the_same_bounds_whether_values_are_from_max_or_the_mover(nested, cutoff,
                                                                                       variant):
    from mmlib.trace import trace_of

    by_max = Conventions(cutoff=cutoff, variant=variant)
    by_mover = Conventions(cutoff=cutoff, variant=variant, values="mover")
    plain = trace_of(search.alphabeta(nested, conventions=by_max, trace=True))
    negamax = trace_of(search.alphabeta(nested, conventions=by_mover, trace=True))
    assert (negamax.variant, negamax.cutoff) == (variant, cutoff)
    paths = [node.path for node in plain.tree.nodes()]
    assert [negamax.value_text(p) for p in paths] == [plain.value_text(p) for p in paths]


CONVENTIONS = st.builds(
    lambda cutoff, variant, turns, first, deep: Conventions(
        cutoff=cutoff, variant=variant, turns=turns, root=turns.split()[first % len(turns.split())],
        deep=deep),
    st.sampled_from([">=", ">"]), st.sampled_from(["fail-soft", "fail-hard"]),
    st.sampled_from(["max min", "max min min", "max max min", "min max"]), st.integers(0, 2), st.booleans())


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), conventions=CONVENTIONS, limit=st.integers(0, 2))
def test_the_checkers_reference_model_and_search_agree_under_every_convention(seed, conventions, limit):
    from mmlib.check.cases import build
    from mmlib.check.models import alphabeta_models, minimax_models

    tree = build(random_nested(seed, max_branching=3, max_depth=4, low=-3, high=3))
    depth = max(1, tree.height - limit)                  # sometimes stop at static values
    result = search.alphabeta(tree, depth=depth, conventions=conventions)
    expected = (result.value, tuple(result.stats.leaf_order))
    correct, _ = alphabeta_models(conventions)
    assert all(model.run(tree, depth) == expected for model in correct)
    full = search.minimax(tree, depth=depth, conventions=conventions)
    assert minimax_models(conventions)[0].run(tree, depth) == (full.value, tuple(full.stats.leaf_order))


@pytest.mark.parametrize("progress, cause", [(lambda depth, result: 1 / 0, ZeroDivisionError),
                                             (lambda depth: None, TypeError)])
def test_a_failing_progress_callback_is_named(progress, cause):
    from mmlib.errors import UserFunctionError
    with pytest.raises(UserFunctionError, match=r"^progress \(called as progress\(depth, result\)") as caught:
        search.iterative_deepening(trees.ordered(2, 3, noise=0.1), 3, progress=progress)
    assert isinstance(caught.value.__cause__, cause)


def test_a_count_too_big_to_compute_names_the_depth_and_what_fits():
    expected = r"^depth: the leaf count 3\^100,000,000 has about 47,712,125 digits"
    with pytest.raises(ArgumentError, match=expected) as caught:
        trees.uniform_leaf_count(3, 10 ** 8)
    deepest = int(str(caught.value).split("at most ")[2].split()[0].replace(",", ""))
    assert trees.uniform_leaf_count(3, deepest) == 3 ** deepest
    with pytest.raises(ArgumentError):
        trees.uniform_leaf_count(3, deepest + 1)


@pytest.mark.parametrize("call, name", [
    (lambda: search.iterative_deepening(trees.ordered(2, 3, noise=0.1), 2, killers=np_array()), "killers"),
    (lambda: search.pvs([[1, 2], [3, 4]], trace=np_array()), "trace"),
    (lambda: search.mcts([[1, 2], [3, 4]], trace=np_array(), max_nodes=50), "trace"),
    (lambda: search.expectiminimax([[1, 2], [3, 4]], pruning=np_array()), "pruning"),
])
def test_a_flag_or_choice_given_as_an_array_names_the_argument(call, name):
    from mmlib.errors import MmlibError
    with pytest.raises(MmlibError, match=f"^{name}: expected"):
        call()


def np_array():
    import numpy as np
    return np.array([1, 2])


def test_search_is_one_package_on_one_engine():
    """Every family is a short module of mmlib.search whose search class runs on the one engine
    class, Search (one way of naming nodes: by ply); fail-soft alpha-beta is written once, and
    the window searches and anytime run alpha-beta's own; the package exports public names only
    and imports nothing above it at load time."""
    import ast
    import importlib
    from pathlib import Path

    from mmlib.search import deepening, engine
    from mmlib.search.alphabeta import AlphaBeta
    from mmlib.search.windows import WindowSearch

    Engine = engine.Search
    assert not [name for name in vars(engine) if name in ("Engine", "PathSearch", "game_failure")]
    assert issubclass(WindowSearch, AlphaBeta) and WindowSearch.alphabeta is AlphaBeta.alphabeta
    assert issubclass(deepening._Iteration, AlphaBeta)

    root = Path(search.__file__).parent
    families = {"minimax": "Minimax", "alphabeta": "AlphaBeta", "quiescence": "Quiescence",
                "windows": "WindowSearch", "chance": "ChanceSearch", "mcts": "MonteCarlo"}
    for module_name, class_name in families.items():
        module = importlib.import_module(f"mmlib.search.{module_name}")
        assert issubclass(getattr(module, class_name), Engine), class_name
    assert all(not name.startswith("_") and hasattr(search, name) for name in search.__all__)
    for path in root.glob("*.py"):
        source = path.read_text()
        assert len(source.splitlines()) <= 700, path.name
        for node in ast.parse(source).body:                  # the imports made when the module loads
            if isinstance(node, ast.ImportFrom):
                within = (node.module or "") if node.level else (node.module or "").removeprefix("mmlib.")
                assert not within.startswith(("beyond", "draw", "widgets", "trace", "check")), path.name
