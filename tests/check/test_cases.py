"""Tests of mmlib.check.cases: the trees the lab checks are run on."""

from __future__ import annotations

import pytest

from mmlib import check
from mmlib.check import cases as check_cases_module


def test_check_trees_cover_ties_mixed_depths_negatives_and_depth_limits():
    cases = check.check_cases()
    built = [(case, case.tree()) for case in cases]
    assert [case.nested for case in cases[:3]] == list(check.SEED_TREES.values())
    assert sum(check_cases_module.has_tie(tree) for _, tree in built) >= 20
    assert sum(len({len(leaf.path) for leaf in tree.leaves()}) > 1 for _, tree in built) >= 20
    assert sum(any(leaf.value < 0 for leaf in tree.leaves()) for _, tree in built) >= 20
    assert sum(case.depth is not None and case.depth < tree.height for case, tree in built) >= 10


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
