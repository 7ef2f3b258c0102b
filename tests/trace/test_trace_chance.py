"""The trace model on trees with chance nodes and several agents: every mark is true."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mmlib import search
from mmlib.errors import ArgumentError
from mmlib.search import expectimax, expectiminimax
from mmlib.trace import (
    EXACT,
    SO_FAR,
    expected_values,
    node_role,
    trace_of,
)
from mmlib.trees import layered_tree

PATTERNS = ["max chance", "max chance min chance", "max chance min", "max min chance", "chance max min",
            "max min min", "max chance min min", "max chance chance"]


@st.composite
def layered_nested(draw, depth):
    """A nested tree whose chance nodes carry random probabilities (integer weights)."""
    if depth == 0 or draw(st.integers(0, 5)) == 0:
        return draw(st.integers(-4, 4))                     # few values: many ties
    children = draw(st.lists(layered_nested(depth - 1), min_size=1, max_size=3))
    weights = draw(st.lists(st.integers(1, 4), min_size=len(children), max_size=len(children)))
    total = sum(weights)
    return [(w / total, child) for w, child in zip(weights, children, strict=True)]


def build(nested, pattern):
    """Drop the probabilities at the levels that are not chance levels."""
    kinds = pattern.split()

    def strip(item, depth):
        if not isinstance(item, list):
            return item
        children = [strip(child, depth + 1) for _, child in item]
        if kinds[depth % len(kinds)] == "chance":
            return [(p, child) for (p, _), child in zip(item, children, strict=True)]
        return children

    return layered_tree(strip(nested, 0), layers=pattern)


def check_marks(marks, truth, where):
    """Every interval the leaves prove holds the true value; a best value so far claims nothing."""
    for path, value in marks.values.items():
        kind = marks.bound_kinds.get(path, EXACT)
        true = truth[path]
        if kind == SO_FAR:
            assert path not in marks.known, f"{where}: {path} so far, with an interval"
            continue
        low, high = marks.known.get(path, (value, value))
        assert low - 1e-9 <= true <= high + 1e-9, f"{where}: {path} shown [{low}, {high}], is {true}"
        assert (kind == EXACT) == math.isclose(low, high, abs_tol=1e-12), f"{where}: {path} {kind}"


tree_and_pattern = st.tuples(layered_nested(4), st.sampled_from(PATTERNS)).filter(
    lambda pair: isinstance(pair[0], list))


@pytest.mark.slow     # a big property run (250 examples): `make test` runs it, `make check` does not
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=tree_and_pattern, pruning=st.sampled_from(["star1", "star2"]))
# Star2 visits C twice: its probe proves C = 0, the later search only "≤ 0.5"; C stays 0.
@example(pair=([(0.5, [(0.5, 0), (0.5, 1)]), (0.5, [(1.0, [(1.0, [(0.5, 0), (0.5, 0)])])])], "max chance"),
         pruning="star2")
def test_star_marks_are_true_at_every_step(pair, pruning):
    tree = build(*pair)
    truth = expected_values(tree)
    model = trace_of(expectiminimax(tree, pruning=pruning, trace=True))
    assert math.isclose(model.value, truth[()], abs_tol=1e-9)
    assert model.bound == EXACT
    final = model.marks()
    check_marks(final, truth, f"{pruning} final")
    assert SO_FAR not in final.bound_kinds.values()
    for step in range(len(model.events) + 1):
        check_marks(model.marks(step), truth, f"{pruning} step {step}")
    for k in range(len(model.events)):
        assert model.sentence(k)


@pytest.mark.slow     # a big property run (150 examples): `make test` runs it, `make check` does not
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=tree_and_pattern)
def test_expectimax_and_expectiminimax_marks_are_exact(pair):
    tree = build(*pair)
    for result, truth in ((expectiminimax(tree, trace=True), expected_values(tree)),
                          (expectimax(tree, trace=True), expected_values(tree, random_opponent=True))):
        model = trace_of(result)
        final = model.marks()
        assert set(final.bound_kinds.values()) == {EXACT}
        assert set(final.values) == {node.path for node in tree.nodes()}     # nothing is pruned
        check_marks(final, truth, result.algorithm)
        for step in range(0, len(model.events) + 1, 3):
            check_marks(model.marks(step), truth, f"{result.algorithm} step {step}")


@pytest.mark.slow     # a big property run (150 examples): `make test` runs it, `make check` does not
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.tuples(layered_nested(4), st.sampled_from(["max min min", "max max min", "max min min min"]))
       .filter(lambda pair: isinstance(pair[0], list)))
def test_multi_agent_alphabeta_marks_are_true(pair):
    tree = build(*pair)
    truth = expected_values(tree)
    model = trace_of(search.alphabeta(tree, trace=True))
    assert model.value == truth[()]
    check_marks(model.marks(), truth, "alphabeta")
    for step in range(len(model.events) + 1):
        check_marks(model.marks(step), truth, f"alphabeta step {step}")


# -- known figures ---------------------------------------------------------------------------------

AIMA_5_12 = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]   # AIMA figure 5.12, left


def test_star1_on_aima_figure_5_12():
    tree = layered_tree(AIMA_5_12, layers="max chance min")
    model = trace_of(expectiminimax(tree, pruning="star1", trace=True))
    # C's first outcome F (MIN) gives 1, so C <= 0.9 × 1 + 0.1 × 4 = 1.3 <= α = 2.1: G is pruned.
    assert model.value_text(()) == "2.1"
    assert model.value_text(tree.node("C").path) == "≤ 1.3"
    # M was pruned, but every leaf is at least L = 1 (the smallest leaf), so F = min(1, M) = 1
    assert model.value_text(tree.node("F").path) == "1"
    assert [tree.label_of(p) for p in model.pruned_leaves] == ["M", "N", "O"]
    assert model.pv == (0,)
    sentences = [model.sentence(k) for k in range(len(model.events))]
    assert "B averages 0.9 × 2 + 0.1 × 3 = 2.1" in " ".join(sentences)
    cut = next(s for s in sentences if s.startswith("at C:"))
    assert "cannot lift the average above α = 2.1" in cut and "G is pruned" in cut


def test_star2_probes_are_bounds_and_not_pruned():
    tree = layered_tree(AIMA_5_12, layers="max chance min")
    model = trace_of(expectiminimax(tree, pruning="star2", trace=True))
    final = model.marks()
    c, f, g = (tree.node(x).path for x in "CFG")
    assert model.value_text(c) == "≤ 1.3"
    # a probed MIN node is at most its first move, F ≤ 1 (M is never searched); and at least L = 1
    assert model.value_text(f) == "1" and model.value_text(g) == ""
    # the probe of F already settles C (at most 0.9 × 1 + 0.1 × 4 = 1.3 <= α = 2.1), so G is never entered
    assert f in final.entered and f not in final.pruned and g in final.pruned_roots
    assert [tree.label_of(p) for p in model.pruned_leaves] == ["M", "N", "O"]
    probe = next(model.sentence(k) for k, e in enumerate(model.events)
                 if e.kind == "cutoff" and e.path == f)
    assert "probe" in probe
    # D's probe showed D <= 2 (shown ≤ 2 then); its full search in [1, 2] returned 2 >= β, so D >= 2: D is 2
    d = tree.node("D").path
    probe_return = next(k for k, e in enumerate(model.events) if e.kind == "return" and e.path == d)
    assert model.marks(probe_return + 1).value_text(d) == "≤ 2"
    assert model.value_text(d) == "2"


def test_expectimax_narrates_the_average():
    tree = layered_tree([[(1/2, 8), (1/3, 24), (1/6, -12)]], layers="max chance")   # CS188's example
    model = trace_of(expectimax(tree, trace=True))
    returned = next(model.sentence(k) for k, e in enumerate(model.events)
                    if e.kind == "return" and e.path == (0,))
    assert returned.startswith("B averages 1/2 × 8 + 1/3 × 24 + 1/6 × (−12) = 10")
    assert model.describe().startswith("expectimax: value 10 at A")


def test_multi_agent_roles_and_narration():
    tree = layered_tree([[[3, 5], [2, 9]], [[1, 4], [6, 7]]], layers="max min min")
    assert [node_role(tree, p) for p in [(), (0,), (0, 0)]] == ["MAX", "MIN 1", "MIN 2"]
    model = trace_of(search.minimax(tree, trace=True))
    assert model.value == 2                    # B = min(min(3, 5), min(2, 9)), C = min(min(1, 4), min(6, 7))
    assert model.sentence(1) == "enter B (MIN 1)."
    assert model.sentence(2) == "enter D (MIN 2)."


def test_bad_algorithm_is_refused():
    tree = layered_tree(AIMA_5_12, layers="max chance min")
    with pytest.raises(ArgumentError):
        trace_of(expectiminimax(tree, pruning="star1"))        # no transcript
