"""Tests of mmlib.trees.generated: uniform, ordered and strongly ordered trees generated from a seed."""

import math

import pytest

from mmlib import search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError


def test_uniform_sizes_without_searching():
    tree = trees.uniform(10, 12, seed=0)
    assert tree.leaf_count == 10 ** 12
    assert tree.node_count == (10 ** 13 - 1) // 9
    assert trees.uniform_node_count(1, 5) == 6


def test_generated_values_are_in_the_unit_interval_and_continuous():
    tree = trees.uniform(4, 3, seed=5)
    values = [tree.node_at((i, j, k)).value for i in range(4) for j in range(4) for k in range(4)]
    assert all(0 < v < 1 for v in values)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize("ordering", ["best", "worst", "random", 0.0, 0.5, 1.0])
def test_ordered_trees_put_the_best_child_where_asked(ordering):
    tree = trees.ordered(4, 4, ordering, seed=3)
    positions = []
    stack = [tree.initial]
    while stack:
        node = stack.pop()
        if tree.is_terminal(node):
            continue
        kids = [tree.play(node, m) for m in tree.moves(node)]
        values = [k.value for k in kids]
        best = max(values) if tree.is_max(node) else min(values)
        assert best == node.value                             # true minimax value
        assert values.count(best) == 1                        # the best child is unique
        positions.append(values.index(best))
        stack.extend(kids)
    if ordering in ("best", 1.0):
        assert set(positions) == {0}
    elif ordering == "worst":
        assert set(positions) == {3}
    elif ordering == 0.0:
        assert 0 not in positions
    else:
        assert len(set(positions)) > 1


def test_strongly_ordered_trees_put_the_best_first_with_probability_q():
    tree = trees.ordered(5, 2, 0.8, seed=0)
    firsts = sum(tree.best_position(tree.node_at((i,))) == 0 for i in range(5))
    # Over many seeds the share tends to q; here: many independent roots.
    share = sum(trees.ordered(5, 1, 0.8, seed=s).best_position(trees.ordered(5, 1, 0.8, seed=s).initial) == 0
                for s in range(2000)) / 2000
    assert abs(share - 0.8) < 4 * math.sqrt(0.8 * 0.2 / 2000)
    assert 0 <= firsts <= 5


def test_noise_makes_interior_evaluations_approximate():
    exact = trees.ordered(3, 4, "random", seed=2)
    noisy = trees.ordered(3, 4, "random", seed=2, noise=0.1)
    node = noisy.node_at((1, 2))
    assert exact.evaluate(exact.node_at((1, 2))) == node.value
    assert 0 < abs(noisy.evaluate(node) - node.value) <= 0.1
    leaf = noisy.node_at((0, 0, 0, 0))
    assert noisy.evaluate(leaf) == leaf.value


@pytest.mark.parametrize("call, error, word", [
    (lambda: trees.uniform(0, 3), ArgumentError, "branching"),
    (lambda: trees.uniform(2, -1), ArgumentError, "depth"),
    (lambda: trees.uniform(2, 3, seed=1.5), ArgumentTypeError, "seed"),
    (lambda: trees.uniform(2, 3, seed="7"), ArgumentTypeError, "seed"),
    (lambda: trees.uniform(True, 3), ArgumentTypeError, "branching"),
    (lambda: trees.ordered(2, 3, 1.5), ArgumentError, "ordering"),
    (lambda: trees.ordered(2, 3, -0.1), ArgumentError, "ordering"),
    (lambda: trees.ordered(2, 3, "sorted"), ArgumentError, "ordering"),
    (lambda: trees.ordered(2, 3, "best", noise=-1), ArgumentError, "noise"),
    (lambda: trees.explicit(trees.uniform(10, 5)), ArgumentError, "max_nodes"),
    (lambda: trees.uniform(2, 2).node_at((0, 5)), ArgumentError, "path"),
])
def test_bad_generator_arguments(call, error, word):
    with pytest.raises(error, match=word):
        call()


def test_explicit_copy_of_a_generated_tree():
    generated = trees.ordered(3, 3, "random", seed=4)
    tree = trees.explicit(generated)
    assert tree.leaf_count == 27
    assert search.alphabeta(tree).stats.leaf_order == search.alphabeta(generated).stats.leaf_order
    assert search.alphabeta(tree).value == search.alphabeta(generated).value


def test_a_depth_too_large_even_for_a_float_is_refused_naming_the_depth():
    with pytest.raises(ArgumentError, match=r"^depth: an integer of about 401 digits is far too deep"):
        trees.uniform_leaf_count(3, 10 ** 400)
    with pytest.raises(ArgumentError, match=r"^depth: "):
        trees.uniform_node_count(2, 10 ** 400)
