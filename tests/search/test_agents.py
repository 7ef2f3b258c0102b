"""Several agents per round (CS188), anytime iterative deepening, and matches."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import search
from mmlib.trees import layered_tree, layered_uniform

# -- many agents ------------------------------------------------------------------------------


def test_one_max_two_min_agents_by_hand():
    # MAX, then MIN agent 1, then MIN agent 2:
    # B = min(min(3, 5), min(2, 9)) = 2, C = min(min(6, 1), min(8, 4)) = 1, A = max(2, 1) = 2.
    tree = layered_tree([[[3, 5], [2, 9]], [[6, 1], [8, 4]]], layers="max min min")
    assert search.minimax(tree).value == 2
    result = search.alphabeta(tree)
    assert result.value == 2 and result.move == 0
    # Two MIN levels in a row cannot cut each other (E = min(2, 9) must be exact: a lower
    # leaf in place of 9 would lower B); C stops after F = 1 <= alpha 2 and skips G (8, 4).
    assert [tree.label_of(p) for p in result.stats.leaf_order] == ["H", "I", "J", "K", "L", "M"]
    assert result.stats.cutoffs == 1


tied = st.integers(0, 4)
shapes = st.recursive(tied, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30)


@pytest.mark.slow     # a big property run (1000 examples): `make test` runs it, `make check` does not
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shapes, st.sampled_from(["max min min", "max max min", "max min min min", "min max max"]))
def test_alphabeta_with_several_agents_returns_the_minimax_value(shape, layers):
    tree = layered_tree(shape, layers=layers)
    expected = search.minimax(tree)
    for result in (search.alphabeta(tree), search.alphabeta(tree, variant="fail-hard"),
                   search.pvs(tree), search.mtdf(tree), search.sss_star(tree)):
        assert result.value == expected.value
    assert set(search.alphabeta(tree).stats.leaf_order) <= set(expected.stats.leaf_order)


@pytest.mark.parametrize("layers", ["max min min", "max min min min"])
def test_generated_trees_with_several_agents(layers):
    for seed in range(20):
        tree = layered_uniform(3, 5, layers=layers, seed=seed)
        assert search.alphabeta(tree).value == search.minimax(tree).value


# -- anytime iterative deepening ----------------------------------------------------------


# -- matches ---------------------------------------------------------------------------------
