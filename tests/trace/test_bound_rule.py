"""The one rule for drawn values, checked against an implementation written here, independently of mmlib.

What a drawing shows at a node is what the leaves evaluated below it prove: propagated bottom up, a
leaf evaluated is [v, v], a leaf never evaluated [L, U] (−∞ and +∞ unless Star1 or Star2 is told
that every value lies in [L, U]), a MAX node [max of the los, max of the his], a MIN node [min of
the los, min of the his], a chance node (and expectimax's MIN) the probability-weighted sums.  It
is exact when lo = hi, else a bound on each end that says more than L or U: ``≥ lo``, ``≤ hi``,
``lo to hi``; where the search returned another number, ``(ret. r)`` follows.

The alpha-beta searches are checked against an alpha-beta written here (the same leaves, the same
returned values); the other searches (PVS, aspiration, MTD(f), SSS*, Star1, Star2, expectimax, on
trees of several agents) against the rule computed here from the leaves their transcript says
they evaluated.  Every interval must also contain the node's true value.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.search import expectimax, expectiminimax
from mmlib.trace import trace_of
from mmlib.trees import layered_tree

INF = math.inf


# -- the rule, written here ---------------------------------------------------------------------------

def proved(node, kinds, evaluated, low=-INF, high=INF, path=(), out=None):
    """Every node's interval [lo, hi] from the leaves in ``evaluated`` (path -> value).  ``node``
    is a number (a leaf) or a list of children, each ``(probability, subtree)`` at a "chance" or
    "average" level; ``kinds`` names the level of each depth ("max", "min", "chance", "average")."""
    out = {} if out is None else out
    if not isinstance(node, list):
        out[path] = (evaluated[path], evaluated[path]) if path in evaluated else (low, high)
        return out
    kind = kinds[len(path) % len(kinds)]
    pairs = [(Fraction(1), child) for child in node] if kind in ("max", "min") else \
        [(Fraction(p).limit_denominator(100), child) if isinstance(p, float) else (p, child)
         for p, child in node]
    below = []
    for i, (p, child) in enumerate(pairs):
        proved(child, kinds, evaluated, low, high, path + (i,), out)
        below.append((p, *out[path + (i,)]))
    if kind == "max":
        out[path] = (max(lo for _, lo, _ in below), max(hi for _, _, hi in below))
    elif kind == "min":
        out[path] = (min(lo for _, lo, _ in below), min(hi for _, _, hi in below))
    else:
        out[path] = tuple(sum_weighted([(p, b[end]) for p, *b in below]) for end in (0, 1))
    return out


def sum_weighted(terms):
    if any(math.isinf(x) for _, x in terms):
        return next(x for _, x in terms if math.isinf(x))      # tests keep infinities to one sign
    return float(sum(p * Fraction(x) for p, x in terms))


def text_of(low, high, returned, low_end=-INF, high_end=INF):
    """What is drawn: ``3``, ``≥ 6``, ``≤ 2``, ``3 to 5``, ``(5)`` when nothing is proved, and
    ``(ret. r)`` after a number the search did not return."""
    def num(x):
        return ("+∞" if x > 0 else "−∞") if math.isinf(x) else \
            (str(int(x)) if float(x).is_integer() else f"{x:.3g}").replace("-", "−")
    if low == high:
        text, said = num(low), {low}
    elif low > low_end and high < high_end:
        text, said = f"{num(low)} to {num(high)}", {low, high}
    elif low > low_end:
        text, said = f"≥ {num(low)}", {low}
    elif high < high_end:
        text, said = f"≤ {num(high)}", {high}
    else:
        return f"({num(returned)})"
    return text if returned in said else f"{text} (ret. {num(returned)})"


def true_values(node, kinds, path=(), out=None):
    out = {} if out is None else out
    if not isinstance(node, list):
        out[path] = node
        return out
    kind = kinds[len(path) % len(kinds)]
    pairs = [(1, c) for c in node] if kind in ("max", "min") else node
    values = [true_values(c, kinds, path + (i,), out)[path + (i,)] for i, (_, c) in enumerate(pairs)]
    out[path] = max(values) if kind == "max" else min(values) if kind == "min" else \
        sum(p * v for (p, _), v in zip(pairs, values, strict=True))
    return out


# -- alpha-beta, written here ---------------------------------------------------------------------------

@dataclass
class Reference:
    """What the independent search saw: per node path, the value it returned; the leaves it
    evaluated; its counts."""
    returned: dict = field(default_factory=dict)
    evaluated: dict = field(default_factory=dict)
    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0


def reference_search(nested, alpha, beta, *, fail_hard, strict, is_max=True):
    """Alpha-beta as the textbooks write it (fail-soft, or fail-hard clamping to the window;
    cutting when alpha >= beta, or only when alpha > beta with ``strict``)."""
    seen = Reference()

    def cuts(low, high):
        return low > high if strict else low >= high

    def visit(node, path, low, high, maximizing):
        seen.nodes += 1
        if not isinstance(node, list):
            seen.leaves += 1
            seen.returned[path] = seen.evaluated[path] = node
            return node
        if maximizing:
            best = low if fail_hard else -INF
            for i, child in enumerate(node):
                best = max(best, visit(child, path + (i,), max(low, best), high, False))
                if cuts(max(low, best), high):
                    seen.cutoffs += i + 1 < len(node)
                    best = high if fail_hard else best
                    break
        else:
            best = high if fail_hard else INF
            for i, child in enumerate(node):
                best = min(best, visit(child, path + (i,), low, min(high, best), True))
                if cuts(low, min(high, best)):
                    seen.cutoffs += i + 1 < len(node)
                    best = low if fail_hard else best
                    break
        seen.returned[path] = best
        return best

    visit(nested, (), alpha, beta, is_max)
    return seen


def alternating(is_max):
    return ("max", "min") if is_max else ("min", "max")


def assert_alphabeta(nested, alpha=-INF, beta=INF, *, root_is_max=True, tally=None):
    """Every alpha-beta variant and negamax: the same leaves and returned values as the search
    written here, and every node drawn as the rule written here says."""
    tree = trees.from_nested(nested, root_is_max=root_is_max)
    kinds = alternating(root_is_max)
    truth = true_values(nested, kinds)
    checked = 0
    runs = [(v, c, False) for v in ("fail-soft", "fail-hard") for c in (">=", ">")]
    runs += [("fail-soft", c, True) for c in (">=", ">")] if (alpha, beta) == (-INF, INF) else []
    for variant, cutoff, nega in runs:
        seen = reference_search(nested, alpha, beta, fail_hard=variant == "fail-hard", strict=cutoff == ">",
                                is_max=root_is_max)
        if nega:
            result = search.negamax(tree, cutoff=cutoff, trace=True)
        else:
            result = search.alphabeta(tree, variant=variant, cutoff=cutoff, alpha=alpha, beta=beta,
                                      trace=True)
        where = ("negamax" if nega else variant, cutoff, nested, alpha, beta)
        assert (result.value, result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (
            seen.returned[()], seen.nodes, seen.leaves, seen.cutoffs), where
        marks = trace_of(result).marks()
        intervals = proved(nested, kinds, seen.evaluated)
        assert set(marks.values) == set(seen.returned), where
        for path, returned in seen.returned.items():
            low, high = intervals[path]
            assert low <= truth[path] <= high, (where, path)
            assert marks.value_text(path) == text_of(low, high, returned), (where, path, intervals[path])
            checked += 1
            if tally is not None and path not in seen.evaluated:
                tally["interior"] += 1
                tally["exact"] += low == high
    return checked


def random_nested(rng, depth, low=-3, high=3):
    if depth == 0 or (depth < 3 and rng.random() < 0.15):
        return rng.randint(low, high)            # few values: many ties
    return [random_nested(rng, depth - 1, low, high) for _ in range(rng.randint(1, 4))]


def random_tree(rng):
    nested = random_nested(rng, rng.randint(1, 4))
    return nested if isinstance(nested, list) else [nested]


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


def test_deep_cutoff_node_whose_leaves_fix_it_is_exact():
    # lecture 03: H = min(1, K) ≤ 1 (K pruned), F = max(H, 8) = 8 and G = 2, so C = min(8, 2) = 2
    shown = labelled([[3, 5], [[[1, 7], 8], 2]])
    assert (shown["A"], shown["C"], shown["F"], shown["H"]) == ("3", "2", "8", "≤ 1")


def test_fail_hard_shows_what_is_known_and_what_it_returned():
    # CS 312's [min, max] alpha-beta: D returns min = 3 although its leaves say 2
    shown = labelled([[3, 12, 8], [2, 4, 6], [14, 5, 2]], variant="fail-hard", cutoff=">")
    assert (shown["A"], shown["C"], shown["D"]) == ("3", "≤ 2 (ret. 3)", "2 (ret. 3)")


def test_star1_unsearched_outcome_counts_as_l_to_u():
    dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                        layers="max chance min")                # AIMA figure 5.12, left
    model = trace_of(expectiminimax(dice, pruning="star1", bounds=(0, 4), trace=True))
    shown = {dice.label_of(path): model.value_text(path) for path in model.marks().values}
    assert shown["F"] == "≤ 1"                                   # M pruned: F = min(1, M), M in [0, 4]
    assert shown["C"] == "≤ 1.3"                                 # 0.9 × [0, 1] + 0.1 × [0, 4] = [0, 1.3]
    assert shown["D"] == "2" and shown["A"] == "2.1"             # searched in full
    tight = trace_of(expectiminimax(dice, pruning="star1", bounds=(1, 4), trace=True))
    assert tight.value_text(dice.node("F").path) == "1"         # every value ≥ 1: F = min(1, M) = 1


def test_a_node_shows_its_bound_in_the_frame_its_leaves_prove_it():
    # Star1 on AIMA's tree: leaf L (1) makes F exactly 1 (no value is below L = 1), C at most
    # 0.9 × 1 + 0.1 × 4 = 1.3 and so A exactly 2.1, all in the same frame: A is never drawn exact
    # while the bound that makes it so is missing (C stops without a running value of its own)
    dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                        layers="max chance min")
    model = trace_of(expectiminimax(dice, pruning="star1", bounds=(1, 4), trace=True))
    label = dice.label_of
    k = next(k for k, e in enumerate(model.events) if e.kind == "leaf" and label(e.path) == "L")
    before, after = model.marks(k), model.marks(k + 1)
    assert [before.value_text(dice.node(x).path) for x in "FC"] == ["", ""]
    assert [after.value_text(dice.node(x).path) for x in "FCA"] == ["1", "≤ 1.3", "2.1"]


def assert_path_drawn_by_rule(model, nested, kinds, low=-INF, high=INF, where=""):
    """In the frame after each leaf, every node still being searched above it, and in the frame
    of each cutoff, the node that stops, shows what the leaves evaluated by then prove (the
    rule written here), whenever they prove more than [L, U]."""
    checked = 0
    for k, event in enumerate(model.events):
        if event.kind not in ("leaf", "cutoff"):
            continue
        seen = {e.path: e.value for e in model.events[:k + 1] if e.kind == "leaf"}
        intervals = proved(nested, kinds, seen, low, high)
        marks = model.marks(k + 1)
        if event.kind == "leaf":
            shown = [event.path[:depth] for depth in range(len(model.start), len(event.path))]
        else:
            shown = [event.path]
        for path in shown:
            lo, hi = intervals[path]
            if (lo, hi) == (low, high):
                continue
            assert marks.known[path] == pytest.approx((lo, hi)), (where, k, path, marks.known.get(path))
            checked += 1
    return checked


# -- many random trees, with ties -------------------------------------------------------------------

@pytest.mark.slow        # a few seconds: `make test` runs it, `make check` does not
def test_alphabeta_on_random_trees_with_ties():
    rng = random.Random(20261127)
    tally = {"interior": 0, "exact": 0}
    checked = sum(assert_alphabeta(random_tree(rng), tally=tally) for _ in range(150))
    assert checked > 5000 and tally["interior"] > 1000


@pytest.mark.slow        # thousands of nodes with root windows: `make test` runs it, `make check` does not
def test_alphabeta_on_thousands_of_random_nodes_and_root_windows():
    rng = random.Random(20261125)
    checked = 0
    for _ in range(300):
        nested = random_tree(rng)
        low, high = sorted(rng.sample(range(-4, 5), 2))
        checked += assert_alphabeta(nested, low, high, root_is_max=rng.random() < 0.5)
    assert checked > 5_000


nested_trees = support.nested_trees(st.integers(-3, 3), max_leaves=20)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=nested_trees, window=st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
       root_is_max=st.booleans())
def test_rule_holds_for_any_tree_and_root_window(nested, window, root_is_max):
    if not isinstance(nested, list):
        nested = [nested]
    low, high = sorted(window)
    assert_alphabeta(nested, low, high + (low == high), root_is_max=root_is_max)
    assert_alphabeta(nested, root_is_max=root_is_max)


# -- the searches of several passes, chance and several agents: the rule from their leaves -------------

def evaluated_leaves(model):
    return {e.path: e.value for e in model.events if e.kind == "leaf"}


def assert_drawn_by_rule(model, nested, kinds, low=-INF, high=INF, where=""):
    """Every node the search returned from is drawn as the rule written here says, from the
    leaves its transcript evaluated; every interval holds the true value."""
    marks = model.marks()
    intervals = proved(nested, kinds, evaluated_leaves(model), low, high)
    truth = true_values(nested, kinds)
    checked = 0
    for path in marks.known:
        lo, hi = intervals[path]
        assert lo - 1e-9 <= truth[path] <= hi + 1e-9, (where, path)
        assert marks.known[path] == pytest.approx((lo, hi)), (where, path, marks.known[path], (lo, hi))
        assert marks.value_text(path) == text_of(lo, hi, marks.values[path], low, high) or \
            not all(float(x).is_integer() for x in (lo, hi)), (where, path)
        checked += 1
    return checked


@pytest.mark.slow        # a few seconds: `make test` runs it, `make check` does not
def test_searches_of_several_passes_on_random_trees():
    rng = random.Random(30)
    checked = on_path = 0
    for _ in range(25):
        nested = random_tree(rng)
        tree, kinds = trees.from_nested(nested), ("max", "min")
        runs = {"pvs": search.pvs(tree, trace=True),
                "aspiration": search.aspiration(tree, guess=rng.randint(-3, 3), trace=True),
                "mtdf": search.mtdf(tree, guess=rng.randint(-3, 3), trace=True),
                "sss*": search.sss_star(tree, trace=True)}
        for name, result in runs.items():
            checked += assert_drawn_by_rule(trace_of(result), nested, kinds, where=(name, nested))
            on_path += assert_path_drawn_by_rule(trace_of(result), nested, kinds, where=(name, nested))
    assert checked > 1000 and on_path > 1000


PROBABILITIES = [(0.5, 0.5), (0.25, 0.75), (0.2, 0.3, 0.5)]


def random_layered(rng, kinds, depth, path_depth=0):
    if depth == 0:
        return rng.randint(-2, 2)
    kind = kinds[path_depth % len(kinds)]
    if kind == "chance":
        return [(p, random_layered(rng, kinds, depth - 1, path_depth + 1))
                for p in rng.choice(PROBABILITIES)]
    return [random_layered(rng, kinds, depth - 1, path_depth + 1) for _ in range(rng.randint(1, 3))]


@pytest.mark.slow        # a few seconds: `make test` runs it, `make check` does not
def test_chance_searches_on_random_trees():
    rng = random.Random(31)
    checked = on_path = 0
    for _ in range(80):
        layers = rng.choice(["max chance min", "max chance", "max chance min chance"])
        kinds = tuple(layers.split())
        nested = random_layered(rng, kinds, rng.randint(2, 4))
        tree = layered_tree(nested, layers=layers)
        low, high = -2 - rng.randint(0, 1), 2 + rng.randint(0, 1)
        for pruning in ("star1", "star2"):
            model = trace_of(expectiminimax(tree, pruning=pruning, bounds=(low, high), trace=True))
            checked += assert_drawn_by_rule(model, nested, kinds, low, high, where=(pruning, nested))
            on_path += assert_path_drawn_by_rule(model, nested, kinds, low, high, where=(pruning, nested))
        model = trace_of(expectiminimax(tree, trace=True))
        checked += assert_drawn_by_rule(model, nested, kinds, where=("expectiminimax", nested))
        averaged = tuple("average" if k == "min" else k for k in kinds)
        model = trace_of(expectimax(tree, trace=True))
        checked += assert_drawn_by_rule(
            model, uniform_min(nested, kinds), averaged, where=("expectimax", nested))
    assert checked > 1500 and on_path > 1000


def uniform_min(node, kinds, depth=0):
    """The tree as expectimax sees it: each MIN node an average of its children, equally likely."""
    if not isinstance(node, list):
        return node
    kind = kinds[depth % len(kinds)]
    if kind == "chance":
        return [(p, uniform_min(c, kinds, depth + 1)) for p, c in node]
    children = [uniform_min(c, kinds, depth + 1) for c in node]
    return [(Fraction(1, len(children)), c) for c in children] if kind == "min" else children


@pytest.mark.slow        # a few seconds: `make test` runs it, `make check` does not
def test_several_agents_on_random_trees():
    rng = random.Random(32)
    checked = 0
    for _ in range(80):
        layers = rng.choice(["max min min", "max max min", "max min min min"])
        kinds = tuple(layers.split())
        nested = random_layered(rng, kinds, rng.randint(2, 4))
        tree = layered_tree(nested, layers=layers)
        for cutoff in (">=", ">"):
            for variant in ("fail-soft", "fail-hard"):
                model = trace_of(search.alphabeta(tree, variant=variant, cutoff=cutoff, trace=True))
                checked += assert_drawn_by_rule(model, nested, kinds, where=(layers, variant, cutoff, nested))
    assert checked > 1500


# -- every frame of a step-through, not only the last -------------------------------------------------

def assert_every_frame_by_rule(nested, **options):
    """At every step, each node drawn with an interval shows what the leaves evaluated up to that
    step prove (the rule written here); a node still being searched is updated as soon as a leaf
    below it is read, not only when a child returns.  Returns how many marks were checked."""
    model = trace_of(search.alphabeta(trees.from_nested(nested), trace=True, **options))
    checked = 0
    for step in range(len(model.events) + 1):
        evaluated = {e.path: e.value for e in model.events[:step] if e.kind == "leaf"}
        intervals = proved(nested, ("max", "min"), evaluated)
        marks = model.marks(step)
        for path, interval in marks.known.items():
            assert interval == pytest.approx(intervals[path]), (nested, options, step, path)
            checked += 1
    return checked


def test_a_frame_shows_what_the_leaves_prove_before_the_child_returns():
    """09's several-agents step-through, in miniature: B returned 2 to A; C's first leaf is 1, so
    C ≤ 1 and A = max(2, ≤ 1) = 2 exactly, already at C's cutoff, before C returns to A."""
    nested = [[2, 3], [1, 5]]
    model = trace_of(search.alphabeta(trees.from_nested(nested), trace=True))
    cutoff = next(k for k, e in enumerate(model.events) if e.kind == "cutoff")
    assert model.marks(cutoff + 1).value_text(()) == "2"
    assert assert_every_frame_by_rule(nested) > 0


@pytest.mark.slow        # every frame of 75 searches: `make test` runs it, `make check` does not
def test_every_frame_on_random_trees_with_ties():
    rng = random.Random(20261128)
    checked = sum(assert_every_frame_by_rule(random_tree(rng), **options)
                  for _ in range(25)
                  for options in ({}, {"variant": "fail-hard"}, {"cutoff": ">"}))
    assert checked > 1000
