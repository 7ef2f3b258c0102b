"""Tests of mmlib.trace.bounds: what a returned value says about a node's true value."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from support import nested_trees

from mmlib import search
from mmlib.trace import LOWER, UPPER, null_window_bound
from mmlib.trace.bounds import BETWEEN, EXACT, UNKNOWN, bound_of, chance_bound, known_kind


def test_a_null_window_answer_is_a_bound_on_the_side_the_test_decides():
    assert null_window_bound(3, 3, ">=") == LOWER and null_window_bound(3, 3, ">") == UPPER
    assert null_window_bound(4, 3, ">") == LOWER and null_window_bound(2, 3, ">=") == UPPER


@settings(max_examples=60, deadline=None)
@given(nested=nested_trees().filter(lambda tree: isinstance(tree, list)), alpha=st.integers(-5, 5),
       width=st.integers(1, 4))
def test_what_bound_of_says_of_a_fail_soft_value_is_true_of_the_minimax_value(nested, alpha, width):
    # Knuth and Moore's fail-soft property: v <= alpha means true <= v, v >= beta means true >= v,
    # and a value strictly inside the window is the true value
    window = (alpha, alpha + width)
    value = search.alphabeta(nested, alpha=window[0], beta=window[1]).value
    true = search.minimax(nested).value
    kind = bound_of(value, window)
    assert {EXACT: true == value, LOWER: true >= value, UPPER: true <= value}[kind]


def test_an_infinite_window_or_none_makes_every_value_exact():
    assert bound_of(-7, (-math.inf, math.inf)) == bound_of(-7, None) == bound_of(-7, (None, None)) == EXACT


def test_what_the_leaves_prove_is_named_by_the_sides_it_bounds():
    assert [known_kind(*interval) for interval in [(1, 1), (1, 4), (1, math.inf), (-math.inf, 1),
                                                   (-math.inf, math.inf)]] == \
        [EXACT, BETWEEN, LOWER, UPPER, UNKNOWN]
    # with Star1's L = 0 and U = 10 an interval reaching U bounds only from below
    assert known_kind(3, 10, 0, 10) == LOWER and known_kind(0, 10, 0, 10) == UNKNOWN


def test_a_chance_node_that_stopped_early_is_a_bound_on_its_nearer_side():
    assert chance_bound(2.0, (1, 4)) == EXACT
    assert chance_bound(1.0000000001, (1, 4), stopped=True) == UPPER
    assert chance_bound(3.9999999999, (1, 4), stopped=True) == LOWER
