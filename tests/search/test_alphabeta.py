"""Tests of mmlib.search.alphabeta: alpha-beta's values, prunings, windows and orderings."""

import pytest
import support
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mmlib import analysis, games, search, trees
from mmlib.conventions import Conventions
from mmlib.errors import ArgumentTypeError

SMALL = [(b, d) for b in range(2, 7) for d in range(1, 9)]


@pytest.mark.parametrize("b,d", SMALL)
def test_best_ordering_evaluates_exactly_the_knuth_moore_minimal_tree(b, d):
    tree = trees.ordered(b, d, "best", seed=b * 100 + d)
    expected = b ** ((d + 1) // 2) + b ** (d // 2) - 1          # Knuth & Moore (1975)
    for variant, cutoff in [("fail-soft", ">="), ("fail-soft", ">"), ("fail-hard", ">=")]:
        result = search.alphabeta(tree, variant=variant, cutoff=cutoff)
        assert result.stats.leaves == expected, (variant, cutoff)
    assert search.negamax(tree).stats.leaves == expected


@pytest.mark.parametrize("b,d", [(4, 8), (3, 7), (2, 8)])
def test_best_ordering_visits_the_minimal_tree_node_for_node(b, d):
    result = search.alphabeta(trees.ordered(b, d, "best", seed=1))
    minimal = set(analysis.minimal_tree_paths(b, d))
    assert set(result.stats.leaf_order) == {p for p in minimal if len(p) == d}
    assert result.stats.nodes == len(minimal)
    assert b != 4 or d != 8 or result.stats.leaves == 511       # the figure in shared/README


@pytest.mark.parametrize("b,d", [(b, d) for b, d in SMALL if b ** d <= 50_000])
def test_worst_ordering_allows_no_cutoff(b, d):
    tree = trees.ordered(b, d, "worst", seed=d)
    for variant, cutoff in [("fail-soft", ">="), ("fail-hard", ">="), ("fail-hard", ">")]:
        result = search.alphabeta(tree, variant=variant, cutoff=cutoff)
        assert result.stats.leaves == b ** d
        assert result.stats.cutoffs == 0


def test_reversing_the_worst_order_gives_the_best():
    tree = trees.ordered(3, 6, "worst", seed=5)
    assert search.alphabeta(tree, order="reversed").stats.leaves == 3 ** 3 + 3 ** 3 - 1


def test_static_ordering_with_a_perfect_evaluator_meets_knuth_moore():
    # noise=0: the static value of a node is its true value, so sorting puts the best first
    tree = trees.ordered(4, 6, "random", seed=11)
    result = search.alphabeta(tree, order="static")
    assert result.stats.leaves == 4 ** 3 + 4 ** 3 - 1
    assert result.stats.order_evaluations > 0
    assert result.value == search.alphabeta(tree).value


def test_aima_figure_5_2():
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = search.alphabeta(tree)
    assert result.value == 3 and result.move == 0
    evaluated = [tree.node(p).value for p in result.stats.leaf_order]
    assert evaluated == [3, 12, 8, 2, 14, 5, 2]     # 4 and 6 are skipped


@pytest.mark.slow
def test_tictactoe_alpha_beta_in_natural_order():
    # The full game: minimax visits every node; alpha-beta in square order visits 18,297.
    game = games.TicTacToe()
    plain = search.minimax(game)
    assert (plain.value, plain.stats.nodes, plain.stats.leaves) == (0, 549_946, 255_168)
    pruned = search.alphabeta(game)
    assert pruned.value == 0
    assert pruned.stats.nodes < plain.stats.nodes // 20


nested_trees = support.nested_trees    # leaves -4..4: few values, many ties


VARIANTS = [("fail-soft", ">="), ("fail-soft", ">"), ("fail-hard", ">="), ("fail-hard", ">")]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested_trees())
def test_every_alphabeta_variant_returns_the_minimax_value(nested):
    tree = trees.from_nested(nested)
    expected = search.minimax(tree)
    for variant, cutoff in VARIANTS:
        result = search.alphabeta(tree, variant=variant, cutoff=cutoff)
        assert result.value == expected.value
        assert result.move == expected.move                 # the first best move, as minimax
        assert set(result.stats.leaf_order) <= set(expected.stats.leaf_order)
    assert search.negamax(tree).value == expected.value
    assert search.alphabeta(tree, table=True).value == expected.value


@settings(max_examples=300, deadline=None)
@given(nested_trees())
def test_fail_soft_and_fail_hard_prune_the_same_leaves(nested):
    # A classical fact: the returned bounds differ, the visited nodes do not.
    tree = trees.from_nested(nested)
    soft = search.alphabeta(tree, variant="fail-soft")
    hard = search.alphabeta(tree, variant="fail-hard")
    assert soft.stats.leaf_order == hard.stats.leaf_order
    assert search.negamax(tree).stats.leaf_order == soft.stats.leaf_order


@settings(max_examples=300, deadline=None)
@given(nested_trees(), st.integers(-6, 6), st.integers(1, 8))
def test_windowed_results_bound_the_true_value(nested, alpha, width):
    assume(isinstance(nested, list))   # seed 000's code returns a leaf's own value unclamped
    tree = trees.from_nested(nested)
    true = search.minimax(tree).value
    beta = alpha + width
    soft = search.alphabeta(tree, alpha=alpha, beta=beta).value
    hard = search.alphabeta(tree, variant="fail-hard", alpha=alpha, beta=beta).value
    if alpha < true < beta:
        assert soft == hard == true
    elif true <= alpha:
        assert true <= soft <= alpha and hard == alpha
    else:
        assert beta <= soft <= true and hard == beta


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(2, 4), st.integers(1, 6),
       st.sampled_from(["best", "worst", "random", 0.7]))
def test_generated_trees_agree_with_minimax(seed, b, d, ordering):
    tree = trees.ordered(b, d, ordering, seed=seed)
    value = search.minimax(tree).value
    assert value == tree.initial.value                    # the value the tree was built from
    assert search.alphabeta(tree).value == value
    assert search.alphabeta(tree, variant="fail-hard", cutoff=">").value == value


@settings(max_examples=200, deadline=None)
@given(nested_trees())
def test_principal_variation_leads_to_a_leaf_of_the_root_value(nested):
    tree = trees.from_nested(nested)
    for result in (search.minimax(tree), search.alphabeta(tree),
                   search.alphabeta(tree, variant="fail-hard")):
        node = tree.root
        for move in result.pv:
            node = node.children[move]
        assert node.is_leaf() and node.value == result.value


@pytest.mark.parametrize("order", ["natural", "reversed", "random", "static", "killer", "previous"])
def test_every_ordering_keeps_the_value(order):
    tree = trees.ordered(3, 5, "random", seed=4, noise=0.2)
    assert search.alphabeta(tree, order=order).value == search.minimax(tree).value


@pytest.mark.slow
def test_alpha_beta_on_ten_to_the_ten_leaves_with_best_ordering():
    result = search.alphabeta(trees.ordered(10, 10, "best", seed=0))
    assert result.stats.leaves == 2 * 10 ** 5 - 1


def test_leaf_order_can_be_left_out_for_huge_searches():
    tree = trees.ordered(10, 6, "best", seed=0)
    full, counts = search.alphabeta(tree), search.alphabeta(tree, leaf_order=False)
    assert counts.stats.leaf_order is None
    assert (counts.value, counts.stats.nodes, counts.stats.leaves) == (
        full.value, full.stats.nodes, full.stats.leaves)
    assert counts.stats.leaves == 10 ** 3 + 10 ** 3 - 1
    with pytest.raises(ArgumentTypeError, match="leaf_order"):
        search.alphabeta(tree, leaf_order="no")


def test_a_deep_cutoff_is_what_the_shallow_search_misses():
    # A=MAX gets 3 from its first child; two levels below, the MIN node E reads 1 <= 3.
    tree = trees.from_nested([[3, 4], [[[1, 8], 9], 2]])
    assert search.alphabeta(tree).stats.leaves == 5                            # 3 4 1 9 2... no 8
    assert search.alphabeta(tree, conventions=Conventions(deep=False)).stats.leaves == 6


def test_strict_cutoff_reads_the_tied_leaf_that_the_usual_cutoff_skips():
    # MIN's second child starts with 3 = alpha: >= prunes at once, > reads on.
    tree = [[3, 5], [3, 9]]
    assert search.alphabeta(tree).stats.leaves == 3
    assert search.alphabeta(tree, conventions=Conventions(cutoff=">")).stats.leaves == 4


def test_min_at_the_root_redraws_the_players_of_a_tree():
    result = search.alphabeta([[3, 5], [2, 9]], conventions=Conventions(root="min"))
    assert result.value == 5                                  # min(max(3, 5), max(2, 9))
    assert [result.game.node(label).player for label in "ABD"] == ["MIN", "MAX", "MIN"]
