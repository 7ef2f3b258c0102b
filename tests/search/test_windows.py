"""Aspiration windows, PVS, MTD(f) and SSS*: the minimax value, the minimal tree, Stockman's theorem."""

import math

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import games, search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError, NodeBudgetExceeded, SearchTooLarge
from mmlib.search import BoundTable

# Small integer leaves: ties everywhere, the case where > and >= tests differ.
tied_leaves = st.integers(0, 4)
nested_trees = support.nested_trees(tied_leaves, max_leaves=30)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
knuth_moore = support.knuth_moore     # Knuth & Moore (1975)
EXAMPLES = pytest.mark.parametrize("examples", [300, 2000], ids=["quick", "full"])
"""300 trees in `make test`, 2,000 in the long set (tests/conftest.py)."""


@pytest.mark.slow
@EXAMPLES
def test_every_window_search_returns_the_minimax_value(examples):
    @settings(FAST, max_examples=examples)
    @given(nested_trees, st.integers(-2, 6), st.sampled_from([0.5, 1, 3]))
    def every(nested, guess, delta):
        tree = trees.from_nested(nested)
        expected = search.minimax(tree).value
        assert search.aspiration(tree, guess=guess, delta=delta).value == expected
        assert search.pvs(tree).value == expected
        assert search.mtdf(tree, guess=guess).value == expected
        assert search.mtdf(tree, guess=math.inf).value == expected
        assert search.mtdf(tree, guess=-math.inf).value == expected
        assert search.sss_star(tree).value == expected
    every()


@pytest.mark.slow
@EXAMPLES
def test_stockman_sss_star_evaluates_no_leaf_that_alphabeta_skips(examples):
    @settings(FAST, max_examples=examples)
    @given(nested_trees)
    def every(nested):
        tree = trees.from_nested(nested)
        sss = search.sss_star(tree).stats.leaf_order
        alphabeta = search.alphabeta(tree).stats.leaf_order
        assert set(sss) <= set(alphabeta)                  # Stockman (1979)
        assert len(sss) == len(set(sss))                   # the table: each leaf at most once
    every()


@pytest.mark.slow     # a big property run (300 examples): `make test` runs it, `make check` does not
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(2, 4), st.integers(1, 5),
       st.sampled_from(["random", 0.5, "worst"]))
def test_generated_trees_agree_and_stockman_holds(seed, b, d, ordering):
    tree = trees.ordered(b, d, ordering, seed=seed)
    expected = search.alphabeta(tree)
    for result in (search.pvs(tree), search.mtdf(tree, guess=0.5), search.sss_star(tree),
                   search.aspiration(tree, guess=0.5, delta=0.01)):
        assert result.value == expected.value
    assert set(search.sss_star(tree).stats.leaf_order) <= set(expected.stats.leaf_order)
    random_order = search.sss_star(trees.uniform(b, d, seed=seed), order="random")
    assert set(random_order.stats.leaf_order) <= set(
        search.alphabeta(trees.uniform(b, d, seed=seed), order="random").stats.leaf_order)


@pytest.mark.parametrize("b,d", [(b, d) for b in range(2, 6) for d in range(1, 7)])
def test_with_the_best_move_first_each_search_meets_the_minimal_tree(b, d):
    tree = trees.ordered(b, d, "best", seed=10 * b + d)
    expected = knuth_moore(b, d)
    pvs = search.pvs(tree)
    assert pvs.stats.leaves == expected and pvs.stats.researches == 0
    assert search.sss_star(tree).stats.leaves == expected
    value = search.alphabeta(tree).value
    assert search.mtdf(tree, guess=value).stats.leaves == expected
    assert search.aspiration(tree, guess=value, delta=1e-9).stats.leaves == expected


def test_sss_star_with_the_worst_order_still_saves_leaves():
    # Alpha-beta must see all 3^6 leaves here; best-first search does not.
    tree = trees.ordered(3, 6, "worst", seed=2)
    assert search.alphabeta(tree).stats.leaves == 3 ** 6
    assert search.sss_star(tree).stats.leaves < 3 ** 6
    assert search.pvs(tree).stats.researches > 0


def test_aima_figure_5_2_by_every_window_search():
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    for result in (search.aspiration(tree), search.pvs(tree), search.mtdf(tree),
                   search.sss_star(tree)):
        assert result.value == 3 and result.move == 0
        seen = {tree.label_of(p) for p in result.stats.leaf_order}
        assert not {"I", "J"} & seen                        # the leaves 4 and 6 are never seen
    assert search.pvs(tree).stats.leaf_order == search.alphabeta(tree).stats.leaf_order


def test_aspiration_counts_each_widening():
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert search.aspiration(tree, guess=3, delta=0.5).stats.researches == 0
    low = search.aspiration(tree, guess=-10, delta=1)       # the value 3 is above the window
    high = search.aspiration(tree, guess=20, delta=1)       # ... below it
    assert low.stats.researches == high.stats.researches == 1
    assert low.stats.passes == 2 and low.value == high.value == 3


def test_mtdf_passes_depend_on_the_guess():
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    exact = search.mtdf(tree, guess=3)
    # the right guess: one test proves value >= 3, one proves value <= 3
    assert exact.stats.passes == 2 and exact.stats.researches == 1


@pytest.mark.parametrize("algorithm", [search.mtdf, search.sss_star, search.pvs, search.aspiration])
def test_the_principal_variation_reaches_a_leaf_of_the_value(algorithm):
    tree = trees.uniform(3, 5, seed=4)
    result = algorithm(tree)
    node = tree.initial
    for move in result.pv:
        node = tree.play(node, move)
    assert tree.is_terminal(node) and node.value == result.value == search.alphabeta(tree).value


def test_connect_four_values_agree_with_alphabeta():
    game = games.ConnectFour(opening="3344")
    expected = search.alphabeta(game, depth=5)
    for result in (search.pvs(game, depth=5), search.mtdf(game, depth=5), search.sss_star(game, depth=5),
                   search.aspiration(game, depth=5, delta=10)):
        assert result.value == expected.value
    assert set(search.sss_star(game, depth=5).stats.leaf_order) <= set(expected.stats.leaf_order)


def test_trace_has_one_enter_per_counted_node():
    result = search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    enters = [e for e in result.trace if e.kind == "enter"]
    assert len(enters) == result.stats.nodes
    assert {e.alpha for e in enters if e.path == ()} == {e.beta for e in enters if e.path == ()}


def test_a_shared_table_makes_a_second_search_free_of_leaves():
    tree = trees.uniform(3, 4, seed=9)
    table = BoundTable()
    first = search.mtdf(tree, table=table)
    again = search.mtdf(tree, table=table, guess=first.value)
    assert first.stats.leaves > 0 and again.stats.leaves == 0 and again.value == first.value


def test_bad_options_are_named():
    tree = [[1, 2], [3, 4]]
    with pytest.raises(ArgumentError, match="delta"):
        search.aspiration(tree, delta=0)
    with pytest.raises(ArgumentTypeError, match="guess"):
        search.mtdf(tree, guess="high")
    with pytest.raises(ArgumentTypeError, match="table"):
        search.mtdf(tree, table=None)
    with pytest.raises(ArgumentTypeError, match="table"):
        search.sss_star(tree, table={})
    with pytest.raises(ArgumentError, match="depth"):
        search.pvs(tree, depth=-1)
    with pytest.raises(SearchTooLarge, match="max_nodes=10"):     # 3^3 leaves below one move alone
        search.sss_star(trees.uniform(3, 6), max_nodes=10)
    with pytest.raises(NodeBudgetExceeded):                       # the minimal tree: 53 leaves
        search.sss_star(trees.uniform(3, 6), max_nodes=40)


def test_no_search_without_a_table_beats_the_larger_proof_on_connect_four():
    from mmlib.search.yardstick import proof_leaves
    game = games.ConnectFour(opening="3324")
    value, at_least, at_most = proof_leaves(game, depth=4)
    for result in (search.alphabeta(game, depth=4), search.pvs(game, depth=4), search.minimax(game, depth=4)):
        assert result.value == value and result.stats.leaves >= max(at_least, at_most)


@pytest.mark.parametrize("name", ["pvs", "mtdf", "sss_star", "aspiration"])
def test_leaves_at_the_depth_limit_are_counted_as_horizon_leaves(name):
    """Cut at depth 3 in a tree 5 plies deep, every leaf evaluated is an interior node scored at
    the horizon; searched to the end, none is."""
    tree = trees.ordered(3, 5, "random", seed=1, noise=1.0)
    limited, full = getattr(search, name)(tree, depth=3), getattr(search, name)(tree)
    assert limited.stats.horizon_leaves == limited.stats.leaves > 0
    assert full.stats.horizon_leaves == 0 < full.stats.leaves
