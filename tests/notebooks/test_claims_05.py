"""Notebook 05's claims (one tree in two orders, orderings of every quality, static ordering, iterative
deepening, killers), checked here rather than by asserts in the lecture.  The claims about random trees
are re-run over 20 further sets of five trees each."""

from __future__ import annotations

import statistics

import pytest
from oracles import layered_alphabeta

from mmlib import fastcount, games, search, trees

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def reversed_nested(nested):
    return [reversed_nested(c) for c in reversed(nested)] if isinstance(nested, list) else nested


def test_one_tree_two_orders():
    tree = trees.from_nested(AIMA)
    left, right = search.alphabeta(tree), search.alphabeta(tree, order="reversed")
    assert left.value == right.value == 3
    assert left.stats.leaves == len(layered_alphabeta(AIMA)[1]) == 7
    assert right.stats.leaves == len(layered_alphabeta(reversed_nested(AIMA))[1]) == 9 == tree.leaf_count


def mean_leaves(b, d, ordering, seeds):
    return statistics.mean(c.leaves for c in fastcount.count_many(b, d, ordering, seeds))


@pytest.mark.slow
def test_better_orders_read_fewer_leaves_over_20_sets_of_trees():
    for k in range(1, 21):
        seeds = range(5 * k, 5 * k + 5)
        for d in range(1, 8):
            means = [mean_leaves(4, d, o, seeds) for o in ["best", 0.9, 0.5, "random", "worst"]]
            assert means == sorted(means), (k, d, means)
        q = [mean_leaves(4, 6, i / 10, seeds) for i in range(11)]
        assert q == sorted(q, reverse=True), (k, q)
        assert 0.1 <= 1 - q[10] / q[9] <= 0.45, (k, q)                 # a tenth to two fifths
        assert q[0] < 0.4 * 4 ** 6, (k, q)                               # "only a fraction"


def test_static_ordering_on_tictactoe():
    ttt = games.TicTacToe()
    natural, static = search.alphabeta(ttt), search.alphabeta(ttt, order="static")
    assert natural.value == static.value == 0 and (natural.move, static.move) == (0, 4)
    with_sorting = static.stats.nodes + static.stats.order_evaluations
    assert 0.4 < with_sorting / natural.stats.nodes < 0.6                 # "about half"


@pytest.mark.slow
def test_iterative_deepening_pays_with_a_useful_evaluator():
    tree = trees.ordered(5, 7, "random", seed=3, noise=0.1)
    single, deepening = search.alphabeta(tree), search.iterative_deepening(tree, 7)
    assert deepening.value == single.value
    assert deepening.nodes == sum(r.stats.nodes for r in deepening.iterations)
    extra = deepening.nodes - deepening.last.stats.nodes
    saved = single.stats.nodes - deepening.last.stats.nodes
    assert extra < deepening.last.stats.nodes and extra < saved
    assert 2.5 < single.stats.nodes / deepening.last.stats.nodes < 3.5    # "about three times cheaper"
    for noise in (0.0, 0.05, 0.1, 0.2, 0.5, 1.0):
        noisy = trees.ordered(5, 7, "random", 3, noise=noise)
        deep, one = search.iterative_deepening(noisy, 7).nodes, search.alphabeta(noisy).stats.nodes
        assert deep < one if noise <= 0.5 else deep > one


@pytest.mark.slow
def test_iterative_deepening_pays_with_a_useful_evaluator_on_20_trees():
    for seed in range(20):
        tree = trees.ordered(5, 7, "random", seed, noise=0.1)
        assert search.iterative_deepening(tree, 7).nodes < search.alphabeta(tree).stats.nodes, seed


@pytest.mark.slow
def test_killers_help_on_tictactoe_and_not_on_a_random_tree():
    ttt = games.TicTacToe()
    for depth in (3, 5, 7, 9):
        natural = search.alphabeta(ttt, depth=depth)
        killer = search.alphabeta(ttt, depth=depth, order="killer")
        assert natural.value == killer.value and killer.stats.nodes < natural.stats.nodes
    assert 0.35 < 1 - killer.stats.nodes / natural.stats.nodes < 0.45     # "about 40%" on the full game
    tree = trees.ordered(5, 7, "random", seed=3)
    assert search.alphabeta(tree, order="killer").stats.nodes > 0.95 * search.alphabeta(tree).stats.nodes


@pytest.mark.slow
def test_exercise_answers():
    assert search.alphabeta(trees.ordered(3, 6, "best")).stats.leaves == 3 ** 3 + 3 ** 3 - 1 == 53
    assert search.alphabeta(trees.ordered(3, 6, "worst")).stats.leaves == 3 ** 6
    ttt = games.TicTacToe()
    assert search.iterative_deepening(ttt, 9).nodes == 18_137 and search.alphabeta(ttt).stats.nodes == 18_297
    assert search.iterative_deepening(ttt, 9, table=True).nodes == 8_571
