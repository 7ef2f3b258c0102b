"""Tests of mmlib.search.yardstick: the minimal tree and the leaf counts searches are measured against."""

import math

import pytest
import support

from mmlib import search, trees
from mmlib.search.yardstick import minimal_leaves


@pytest.mark.parametrize("b,d", [(2, 1), (2, 6), (3, 5), (4, 4), (5, 3)])
def test_the_minimal_proofs_of_a_uniform_tree_give_knuth_moore(b, d):
    from mmlib.search.yardstick import minimal_tree_leaves, proof_leaves
    for seed in range(3):
        tree = trees.uniform(b, d, seed=seed)
        value, at_least, at_most = proof_leaves(tree)
        assert value == search.minimax(tree).value
        assert (at_least, at_most) == (b ** (d // 2), b ** math.ceil(d / 2))
        assert at_least + at_most - 1 == support.knuth_moore(b, d) == minimal_tree_leaves(tree)


@pytest.mark.parametrize("b,d", [(2, 1), (2, 6), (3, 5), (4, 8), (10, 4)])
def test_minimal_leaves_is_knuth_and_moores_count(b, d):
    assert minimal_leaves(b, d) == support.knuth_moore(b, d)


def test_minimal_leaves_of_small_trees_by_hand():
    # depth 0: the root is the one leaf; depth 1: every child is read; depth 2: b + b - 1
    assert [minimal_leaves(3, d) for d in range(4)] == [1, 3, 5, 11]
