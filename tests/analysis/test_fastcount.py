"""The compiled counts-only path agrees with the teaching search node for node."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import analysis, fastcount, search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError, NodeBudgetExceeded, SearchTooLarge

ORDERINGS = ("uniform", "best", "worst", "random", 0.0, 0.3, 0.9, 1.0)


def make(branching, depth, ordering, seed):
    if ordering == "uniform":
        return trees.uniform(branching, depth, seed)
    return trees.ordered(branching, depth, ordering, seed)


def teaching(tree, algorithm):
    run = search.alphabeta if algorithm == "alphabeta" else search.minimax
    result = run(tree, max_nodes=None, max_seconds=None, leaf_order=False)
    return (result.stats.nodes, result.stats.leaves, result.stats.cutoffs, result.value)


def test_compiled_loop_is_in_use():
    assert fastcount.compiled()


@pytest.mark.parametrize("ordering", ORDERINGS)
def test_every_small_tree_agrees(ordering):
    """Exhaustive over b = 1..4, d = 0..5, three seeds and both algorithms."""
    checked = 0
    for b, d, seed in itertools.product(range(1, 5), range(6), range(3)):
        tree = make(b, d, ordering, seed)
        for algorithm in fastcount.ALGORITHMS:
            assert tuple(fastcount.count(tree, algorithm)) == teaching(tree, algorithm), (tree, algorithm)
            checked += 1
    assert checked == 4 * 6 * 3 * 2


@settings(max_examples=300, deadline=None)
@given(b=st.integers(1, 6), d=st.integers(0, 7), ordering=st.sampled_from(ORDERINGS[:4]) | st.floats(0, 1),
       seed=st.integers(-(2 ** 70), 2 ** 70), algorithm=st.sampled_from(fastcount.ALGORITHMS))
def test_generated_trees_agree(b, d, ordering, seed, algorithm):
    if b ** d > 20_000:
        d = int(math.log(20_000, b))
    tree = make(b, d, ordering, seed)
    assert tuple(fastcount.count(tree, algorithm)) == teaching(tree, algorithm)


@pytest.mark.slow
def test_thousands_of_trees_agree_through_count_many():
    checked = 0
    for b, d, ordering in itertools.product((2, 3, 5), (3, 4, 6), ("uniform", "random", 0.5)):
        if b ** d > 5_000:
            continue
        seeds = range(100)
        fast = fastcount.count_many(b, d, ordering, seeds, workers=2)
        for seed, counts in zip(seeds, fast, strict=True):
            assert tuple(counts) == teaching(make(b, d, ordering, seed), "alphabeta")
            checked += 1
    assert checked >= 1_000


def test_known_counts_from_theory():
    for b, d in [(2, 10), (3, 7), (4, 6), (10, 4)]:
        best = fastcount.count(trees.ordered(b, d, "best", 5))
        assert best.leaves == analysis.knuth_moore_leaves(b, d)
        assert best.nodes == analysis.knuth_moore_nodes(b, d)
        worst = fastcount.count(trees.ordered(b, d, "worst", 5))
        assert worst.leaves == b ** d and worst.cutoffs == 0
        full = fastcount.count(trees.uniform(b, d, 5), "minimax")
        assert full.nodes == trees.uniform_node_count(b, d) and full.cutoffs == 0


def test_value_is_the_minimax_value_on_a_deep_tree():
    tree = trees.uniform(2, 16, seed=11)
    assert fastcount.count(tree).value == fastcount.count(tree, "minimax").value == search.minimax(tree).value


@pytest.mark.parametrize("budget", [28, 29, 50, 101, 333])
def test_budget_gives_the_same_partial_counts(budget):
    tree = trees.uniform(3, 6, seed=4)
    with pytest.raises(NodeBudgetExceeded) as slow:
        search.alphabeta(tree, max_nodes=budget)
    with pytest.raises(NodeBudgetExceeded) as fast:
        fastcount.count(tree, max_nodes=budget)
    for name in ("nodes", "leaves", "cutoffs"):
        assert getattr(fast.value.stats, name) == getattr(slow.value.stats, name)


def test_refusals_name_the_argument():
    with pytest.raises(ArgumentError, match="algorithm"):
        fastcount.count(trees.uniform(2, 2), "negamax")
    with pytest.raises(ArgumentTypeError, match="tree"):
        fastcount.count(trees.from_nested([[1, 2], [3]]))
    with pytest.raises(SearchTooLarge):
        fastcount.count(trees.uniform(10, 12), "minimax", max_nodes=1000)
    with pytest.raises(ArgumentTypeError, match="seed"):
        fastcount.count_many(2, 3, seeds=[1.5])


@pytest.mark.slow     # 300 trees of up to 2**24 leaves: `make test` runs it, `make check` does not
def test_pearl_growth_is_seen_at_depth_24():
    """Growth per ply over depths 20 -> 24 (two plies each step) within 5% of R_2 = 1.618."""
    counts = {d: fastcount.count_many(2, d, "uniform", range(100)) for d in (20, 22, 24)}
    mean = {d: sum(c.leaves for c in cs) / len(cs) for d, cs in counts.items()}
    growth = (mean[24] / mean[20]) ** (1 / 4)
    assert abs(growth - analysis.pearl_branching(2)) < 0.05 * analysis.pearl_branching(2)


def test_growth_explorer_averages_over_trees_with_the_teaching_counts():
    from mmlib import widgets

    explorer = widgets.growth_explorer(branching=2, depth=6, ordering="uniform", trees=5)
    assert [row["depth"] for row in explorer.rows] == list(range(1, 7))
    for row in explorer.rows:
        leaves = [search.alphabeta(trees.uniform(2, row["depth"], seed)).stats.leaves for seed in range(5)]
        assert row["leaves"] == pytest.approx(sum(leaves) / 5)
    assert "Growth per ply from depth 4 to 6" in explorer.status.value
    assert "mean of 5 random trees" in explorer.svg


def test_the_loop_is_compiled_in_one_thread_before_the_trees_are_shared_out(monkeypatch):
    """numba compiling (and caching) the same loop in two threads at once fails ("no compiled
    object yet"): the first call compiles it in the caller's thread before any worker starts."""
    import threading

    from mmlib import fastcount
    threads = []
    monkeypatch.setattr(fastcount, "warm", lambda: threads.append(threading.active_count()))
    before = threading.active_count()
    fastcount.count_many(2, 3, seeds=range(8), workers=2)
    assert threads == [before]                  # called once, while no worker thread was running
