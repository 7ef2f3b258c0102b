"""Tests of mmlib.check.shrink: a failing tree shrunk to a smallest one on which the mistake shows."""

from hypothesis import given, settings
from hypothesis import strategies as st
from support import nested_trees

from mmlib.check.cases import Case
from mmlib.check.shrink import candidates, shrink

TREES = nested_trees(max_children=3, max_leaves=12).filter(lambda tree: isinstance(tree, list))


def nodes(item):
    return 1 + sum(nodes(child) for child in item) if isinstance(item, list) else 1


def leaves(item):
    return [leaf for child in item for leaf in leaves(child)] if isinstance(item, list) else [item]


@settings(max_examples=60, deadline=None)
@given(TREES)
def test_every_candidate_is_a_smaller_tree(nested):
    for candidate in candidates(nested):
        assert isinstance(candidate, list) and candidate
        assert nodes(candidate) < nodes(nested)


def test_candidates_by_hand():
    # [[1, 2], 3]: the root without its leaf 3, or without its child [1, 2]
    assert [3] in candidates([[1, 2], 3]) and [[1, 2]] in candidates([[1, 2], 3])
    assert candidates([5]) == []                          # one leaf below the root: nothing smaller


@settings(max_examples=40, deadline=None)
@given(TREES, st.integers(-4, 4))
def test_the_shrunk_tree_still_fails_and_no_candidate_of_it_does(nested, threshold):
    def fails(nested_tree):
        return max(leaves(nested_tree)) > threshold

    if not fails(nested):
        return
    shrunk = shrink(Case(nested, 2), lambda cases: (fails(case.nested) for case in cases), max_tries=10_000)
    assert fails(shrunk.nested) and shrunk.depth == 2
    assert not any(fails(candidate) for candidate in candidates(shrunk.nested))


def test_a_tree_that_fails_only_on_a_value_shrinks_to_that_value():
    found = shrink(Case([[3, 12, 8], [2, 4, 6]]), lambda cases: (12 in leaves(case.nested) for case in cases))
    assert found.nested == [12]
