"""The one rule for drawn values, checked against an alpha-beta written here, independently of mmlib.

A node's value is exact when nothing below it was pruned (and fail-hard did not clamp what it
returned); when something was, a value outside the node's window is a bound on the side the window
says.  Every mark must also be true of the node's minimax value.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.trace import EXACT, LOWER, UNKNOWN, UPPER, trace_of

INF = math.inf


@dataclass
class Reference:
    """What the independent search saw: per node path, the value it returned, whether everything
    below it was searched, its true value, and the window it was entered with."""
    returned: dict = field(default_factory=dict)
    complete: dict = field(default_factory=dict)
    true: dict = field(default_factory=dict)
    window: dict = field(default_factory=dict)
    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0


def true_value(nested, is_max):
    if not isinstance(nested, list):
        return nested
    values = [true_value(child, not is_max) for child in nested]
    return max(values) if is_max else min(values)


def reference_search(nested, alpha, beta, *, fail_hard, strict, is_max=True):
    """Alpha-beta as the textbooks write it (fail-soft, or fail-hard clamping to the window;
    cutting when alpha >= beta, or only when alpha > beta with ``strict``)."""
    seen = Reference()

    def cuts(low, high):
        return low > high if strict else low >= high

    def visit(node, path, low, high, maximizing):
        seen.nodes += 1
        seen.window[path] = (low, high)
        seen.true[path] = true_value(node, maximizing)
        if not isinstance(node, list):
            seen.leaves += 1
            seen.returned[path], seen.complete[path] = node, True
            return node
        complete = True
        if maximizing:
            best = low if fail_hard else -INF
            for i, child in enumerate(node):
                score = visit(child, path + (i,), max(low, best) if not fail_hard else best, high, False)
                complete = complete and seen.complete[path + (i,)]
                best = max(best, score)
                if cuts(best if fail_hard else max(low, best), high):
                    if i + 1 < len(node):
                        seen.cutoffs += 1
                        complete = False
                    if fail_hard:
                        best = high
                    break
        else:
            best = high if fail_hard else INF
            for i, child in enumerate(node):
                score = visit(child, path + (i,), low, min(high, best) if not fail_hard else best, True)
                complete = complete and seen.complete[path + (i,)]
                best = min(best, score)
                if cuts(low, best if fail_hard else min(high, best)):
                    if i + 1 < len(node):
                        seen.cutoffs += 1
                        complete = False
                    if fail_hard:
                        best = low
                    break
        seen.returned[path], seen.complete[path] = best, complete
        return best

    visit(nested, (), alpha, beta, is_max)
    return seen


def expected_kind(seen, path, *, fail_hard):
    """The rule, written out: exact when everything below was searched and the value returned is
    the true one; otherwise a bound on the side of the window the value fell on."""
    value = seen.returned[path]
    if seen.complete[path] and value == seen.true[path]:
        return EXACT
    low, high = seen.window[path]
    if low == high:                      # an empty window (cutoff test ">")
        if fail_hard:
            return UNKNOWN
        return UPPER if value < low else LOWER if value > high else EXACT
    return UPPER if value <= low else LOWER if value >= high else EXACT


def assert_rule(nested, alpha=-INF, beta=INF, *, root_is_max=True):
    tree = trees.from_nested(nested, root_is_max=root_is_max)
    checked = 0
    for variant in ("fail-soft", "fail-hard"):
        for cutoff in (">=", ">"):
            hard, strict = variant == "fail-hard", cutoff == ">"
            seen = reference_search(nested, alpha, beta, fail_hard=hard, strict=strict, is_max=root_is_max)
            result = search.alphabeta(tree, variant=variant, cutoff=cutoff, alpha=alpha, beta=beta,
                                      trace=True)
            where = (variant, cutoff, nested, alpha, beta)
            assert (result.value, result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (
                seen.returned[()], seen.nodes, seen.leaves, seen.cutoffs), where
            marks = trace_of(result).marks()
            assert set(marks.bounds) == set(seen.returned), where
            for path in seen.returned:
                kind = expected_kind(seen, path, fail_hard=hard)
                assert (marks.values[path], marks.bounds[path]) == (seen.returned[path], kind), (where, path)
                true = seen.true[path]
                assert {EXACT: true == marks.values[path], LOWER: true >= marks.values[path],
                        UPPER: true <= marks.values[path], UNKNOWN: True}[kind], (where, path)
                checked += 1
    return checked


def random_nested(rng, depth, low=-3, high=3):
    if depth == 0 or (depth < 3 and rng.random() < 0.15):
        return rng.randint(low, high)            # few values: many ties
    return [random_nested(rng, depth - 1, low, high) for _ in range(rng.randint(1, 4))]


# -- the examples of the lectures -------------------------------------------------------------------

def labelled(nested, **options):
    tree = trees.from_nested(nested)
    marks = trace_of(search.alphabeta(tree, trace=True, **options)).marks()
    return {tree.label_of(path): marks.value_text(path) for path in marks.values}


def test_aima_figure_5_2_third_min_node_is_exact():
    shown = labelled([[3, 12, 8], [2, 4, 6], [14, 5, 2]])       # AIMA figure 5.2: D searched in full
    assert (shown["A"], shown["B"], shown["C"], shown["D"]) == ("3", "3", "≤ 2", "2")


def test_ozbilge_a_to_g_tree():
    shown = labelled([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])     # Özbilge 2024: F = max(1, 2) searched in full
    assert (shown["A"], shown["B"], shown["C"], shown["E"], shown["F"]) == ("5", "5", "≤ 2", "≥ 6", "2")


def test_fail_hard_clamped_return_is_a_bound_even_when_nothing_was_pruned():
    # CS 312's [min, max] alpha-beta: D returns min = 3 although its leaves say 2
    shown = labelled([[3, 12, 8], [2, 4, 6], [14, 5, 2]], variant="fail-hard", cutoff=">")
    assert (shown["A"], shown["C"], shown["D"]) == ("3", "≤ 3", "≤ 3")


def test_star1_node_with_a_pruned_leaf_is_a_bound():
    from mmlib.search import expectiminimax
    from mmlib.trees import layered_tree
    dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                        layers="max chance min")                # AIMA figure 5.12, left
    model = trace_of(expectiminimax(dice, pruning="star1", trace=True))
    shown = {dice.label_of(path): model.value_text(path) for path in model.marks().values}
    assert shown["F"] == "≤ 1"                                   # M was pruned: F is at most 1
    assert shown["D"] == "2" and shown["A"] == "2.1"             # searched in full


# -- many random trees, with ties -------------------------------------------------------------------

@pytest.mark.slow        # thousands of nodes: `make test` runs it, `make check` does not
def test_rule_on_thousands_of_random_nodes():
    rng = random.Random(20261125)
    checked = 0
    for _ in range(400):
        nested = random_nested(rng, rng.randint(1, 4))
        if not isinstance(nested, list):
            nested = [nested]
        checked += assert_rule(nested)
        low, high = sorted(rng.sample(range(-4, 5), 2))
        checked += assert_rule(nested, low, high, root_is_max=rng.random() < 0.5)
    assert checked > 20_000


nested_trees = support.nested_trees(st.integers(-3, 3), max_leaves=20)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=nested_trees, window=st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
       root_is_max=st.booleans())
def test_rule_holds_for_any_tree_and_root_window(nested, window, root_is_max):
    if not isinstance(nested, list):
        nested = [nested]
    low, high = sorted(window)
    assert_rule(nested, low, high + (low == high), root_is_max=root_is_max)
    assert_rule(nested, root_is_max=root_is_max)
