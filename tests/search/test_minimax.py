"""Tests of mmlib.search.minimax: minimax's values, depth limits and refusals."""

import pytest

from mmlib import search, trees
from mmlib.errors import SearchTooLarge


def test_minimax_on_a_uniform_tree_is_the_max_of_mins():
    tree = trees.uniform(3, 2, seed=9)
    children = [[tree.play(tree.play(tree.initial, i), j).value for j in range(3)] for i in range(3)]
    assert search.minimax(tree).value == max(min(row) for row in children)


def test_hopeless_minimax_is_refused_before_starting():
    with pytest.raises(SearchTooLarge, match="11,111,111,111 nodes"):
        search.minimax(trees.uniform(10, 10, seed=0))
    shallow = search.minimax(trees.ordered(10, 10, "random", seed=0, noise=0.1), depth=2)
    assert shallow.stats.nodes == 111


def test_depth_limit_counts_per_depth():
    result = search.minimax(trees.ordered(3, 5, "random", seed=2, noise=0.1), depth=3)
    assert result.stats.nodes_by_depth == [1, 3, 9, 27]
    assert result.stats.leaves_by_depth == [0, 0, 0, 27]


def test_deep_chain_searches_without_recursion_error():
    chain = 7
    for _ in range(5000):
        chain = [chain]
    tree = trees.from_nested(chain)
    assert search.alphabeta(tree).value == 7
    assert search.minimax(tree).stats.nodes == 5001
