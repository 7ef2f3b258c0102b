"""The trace model: every value it calls exact is the true minimax value, every bound holds."""

from __future__ import annotations

import math

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.errors import ArgumentError
from mmlib.trace import (
    BETWEEN,
    EXACT,
    LOWER,
    SO_FAR,
    UNKNOWN,
    UPPER,
    Trace,
    format_value,
    minimax_values,
    trace_of,
)

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]              # AIMA figure 5.2
OZBILGE = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]         # E. Özbilge 2024, the A-G walkthrough
INF = math.inf

nested_trees = support.nested_trees(st.integers(-4, 4), max_leaves=24)    # few values: many ties


def searches(tree, alpha=-INF, beta=INF):
    """Every search whose transcript the model reads, with its name."""
    yield "minimax", search.minimax(tree, trace=True)
    for variant in ("fail-soft", "fail-hard"):
        for cutoff in (">=", ">"):
            yield f"{variant} {cutoff}", search.alphabeta(tree, variant=variant, cutoff=cutoff, trace=True,
                                                          alpha=alpha, beta=beta)
    yield "negamax", search.negamax(tree, trace=True)
    yield "negamax >", search.negamax(tree, cutoff=">", trace=True)


def check_claims(marks, truth, where):
    """Each value shown must say something true about the node's minimax value."""
    for path in marks.values:
        kind, true = marks.bound_kinds[path], truth[path]
        if kind == SO_FAR:
            assert path not in marks.known and path not in marks.leaf_numbers, (where, path)
            continue
        low, high = marks.known[path]
        assert low <= true <= high, (where, path, low, high, true)
        sides = (-INF < low, high < INF)
        expected = EXACT if low == high else {(True, True): BETWEEN, (True, False): LOWER,
                                              (False, True): UPPER, (False, False): UNKNOWN}[sides]
        assert kind == expected, (where, path, kind)


@pytest.mark.slow     # a big property run (300 examples): `make test` runs it, `make check` does not
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=nested_trees, root_is_max=st.booleans())
def test_every_mark_of_a_finished_search_is_true(nested, root_is_max):
    if not isinstance(nested, list):
        nested = [nested]
    tree = trees.from_nested(nested, root_is_max=root_is_max)
    truth = minimax_values(tree)
    for name, result in searches(tree):
        model = trace_of(result)
        marks = model.marks()
        check_claims(marks, truth, name)
        assert set(marks.values) == marks.entered, name            # every node entered returned a value
        assert not marks.entered & marks.pruned, name              # a pruned node was never entered
        assert marks.entered | marks.pruned == {n.path for n in tree.nodes()}, name
        assert all(marks.bound_kinds[p] == EXACT for p in marks.leaf_numbers), name   # leaves are exact
        if name == "minimax":
            assert set(marks.bound_kinds.values()) == {EXACT} and not marks.pruned
        assert model.value == result.value and model.bound == EXACT, name   # full window: exact root
        assert model.value_text(model.start) == format_value(result.value), name
        assert model.pv == result.pv, name
        assert model.evaluation_order == list(result.stats.leaf_order), name


@pytest.mark.slow     # a big property run (150 examples): `make test` runs it, `make check` does not
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=nested_trees, window=st.tuples(st.integers(-5, 5), st.integers(-5, 5)))
def test_marks_hold_for_any_root_window_and_at_every_step(nested, window):
    if not isinstance(nested, list):
        nested = [nested]
    alpha, beta = sorted(window)
    if alpha == beta:
        beta += 1
    tree = trees.from_nested(nested)
    truth = minimax_values(tree)
    for name, result in searches(tree, alpha, beta):
        model = trace_of(result)
        for step in range(len(model.events) + 1):
            check_claims(model.marks(step), truth, (name, step))


def test_aima_figure_5_2():
    result = search.alphabeta(AIMA, trace=True)
    model = trace_of(result)
    assert model.value == 3 and model.bound == EXACT
    assert [model.tree.node(p).value for p in model.pruned_leaves] == [4, 6]
    assert model.value_text((1,)) == "≤ 2"                 # C: 2 ≤ α = 3, its other leaves pruned
    assert model.value_text((0,)) == "3" and model.value_text((2,)) == "2"     # D: searched in full
    assert model.marks().pruned_roots == {(1, 1), (1, 2)}


def test_ozbilge_a_to_g_tree():
    model = trace_of(search.alphabeta(OZBILGE, trace=True))
    tree = model.tree
    assert model.value == 5
    assert [tree.node(p).value for p in model.pruned_leaves] == [9, 0, -1]
    marks = model.marks()
    g = tree.node("G").path
    assert g in marks.pruned_roots and {g, g + (0,), g + (1,)} <= marks.pruned   # the whole G subtree
    assert model.value_text(tree.node("E").path) == "≥ 6"    # E stops at 6 ≥ β = 5
    assert model.value_text(tree.node("C").path) == "≤ 2"
    assert [tree.label_of(p) for p in model.evaluation_order] == ["H", "I", "J", "L", "M"]


def test_fail_hard_returns_are_clamped_and_drawn_with_what_the_leaves_prove():
    model = trace_of(search.alphabeta(OZBILGE, variant="fail-hard", trace=True))
    tree = model.tree
    assert model.value_text(tree.node("E").path) == "≥ 6 (ret. 5)"    # clamped to β = 5; J = 6 was seen
    assert model.value_text(tree.node("F").path) == "2 (ret. 5)"      # F = max(1, 2), clamped to α = 5
    assert model.value_text(tree.node("C").path) == "≤ 2 (ret. 5)"    # C = min(F = 2, G), clamped to α = 5
    sentences = model.sentences
    assert any("fail-hard: E will return β = 5, its value clamped to the window" in s for s in sentences)
    assert "E returns 5 to B (fail-hard: its best child gave 6, clamped to β = 5): 5 ≥ β = 5, so it is a " \
           "lower bound, E ≥ 5; the leaves evaluated below E prove E ≥ 6." in sentences
    assert "F returns 5 to C (fail-hard: its best child gave 2, clamped to α = 5): 5 ≤ α = 5, so it is an " \
           "upper bound, F ≤ 5; the leaves evaluated below F prove F = 2 exactly." in sentences
    assert "C returns 5 to A: 5 ≤ α = 5, so it is an upper bound, C ≤ 5; the leaves evaluated below C " \
           "prove C ≤ 2." in sentences
    assert sentences[-1] == "A returns 5: the value of the game is 5."


def test_narration_of_the_walkthrough():
    sentences = trace_of(search.alphabeta(OZBILGE, trace=True)).sentences
    assert "at E: 6 ≥ β = 5, so E's remaining child K is pruned." in sentences
    assert "at C: 2 ≤ α = 5, so C's remaining child G is pruned." in sentences
    assert "E returns 6 to B: 6 ≥ β = 5, so it is a lower bound, E ≥ 6." in sentences
    assert "enter C (MIN) with [α, β] = [5, +∞]." in sentences
    assert sentences[-1] == "A returns 5: the value of the game is 5."
    plain = trace_of(search.minimax(OZBILGE, trace=True)).sentences
    assert not any("α" in s or "bound" in s for s in plain)


def test_a_step_shows_the_value_so_far_as_a_bound_only_when_it_is_one():
    model = trace_of(search.alphabeta(OZBILGE, variant="fail-hard", trace=True))
    tree = model.tree
    c = tree.node("C").path
    first = next(k for k, e in enumerate(model.events) if e.kind == "update" and e.path == c)
    assert model.marks(first + 1).value_text(c) == "≤ 2"     # C (MIN) after F = 2: at most 2
    f = tree.node("F").path
    update_f = next(k for k, e in enumerate(model.events) if e.kind == "update" and e.path == f)
    # F (MAX) after its first leaf L = 1: at least 1, whatever the fail-hard v = α = 5 holds
    assert model.marks(update_f + 1).value_text(f) == "≥ 1"
    d = tree.node("D").path                              # D (MAX) after its first leaf H = 3
    d_update = next(k for k, e in enumerate(model.events) if e.kind == "update" and e.path == d)
    assert model.marks(d_update + 1).value_text(d) == "≥ 3"
    # a MIN node whose only child so far failed high (≥ 6) is proved nothing: its best so far, (6)
    deep = trace_of(search.alphabeta([[[6, 9], 1]], beta=5, trace=True))
    update = next(k for k, e in enumerate(deep.events) if e.kind == "update" and e.path == (0,))
    assert deep.marks(update + 1).value_text((0,)) == "(6)"
    assert "fail-hard: the value starts at α = 5" in model.sentence(update_f)


def test_negamax_values_are_read_from_max_point_of_view():
    soft = trace_of(search.alphabeta(OZBILGE, trace=True)).marks()
    nega = trace_of(search.negamax(OZBILGE, trace=True)).marks()
    assert nega.values == soft.values and nega.windows == soft.windows
    assert nega.bound_kinds == soft.bound_kinds


def test_a_search_from_an_inner_node_keeps_paths_from_the_root():
    tree = trees.from_nested(OZBILGE)
    model = trace_of(search.alphabeta(tree, state=tree.node("C"), trace=True))
    assert model.start == (1,) and model.value == 0          # C = min(max(1, 2), max(0, -1))
    assert model.marks().entered == {(1,), (1, 0), (1, 0, 0), (1, 0, 1), (1, 1), (1, 1, 0), (1, 1, 1)}
    assert model.describe().startswith(
        "alpha-beta (fail-soft, cut when α ≥ β): value 0 at C, best move to G; 4 of 4")


def test_bad_input_is_refused_clearly():
    with pytest.raises(ArgumentError, match="trace=True"):
        trace_of(search.alphabeta(AIMA))
    with pytest.raises(ArgumentError, match="variant"):
        Trace(AIMA, [], variant="fail-medium")
    from mmlib.instrument import Event
    with pytest.raises(ArgumentError, match="kind"):
        Trace(AIMA, [Event("jump", ())])
    model = trace_of(search.alphabeta(AIMA, trace=True))
    with pytest.raises(ArgumentError, match="step"):
        model.marks(-1)
    with pytest.raises(ArgumentError, match="k"):
        model.sentence(len(model.events))


def entry_windows(model, step):
    """The window each node was last entered with in the first ``step`` events: since the last pass
    began, or in any pass once the search has finished."""
    windows = {}
    for event in model.events[:step]:
        if event.kind == "pass" and step < len(model.events):
            windows.clear()
        elif event.kind == "enter" and event.alpha is not None:
            windows[event.path] = (event.alpha, event.beta)
    return windows


def test_every_frame_of_a_step_through_draws_the_window_on_entry():
    # Özbilge's A-G tree: E entered with [−∞, 5] stays [−∞, 5] (its α rises to 6 inside), C entered
    # with [5, +∞] stays so (β falls to 2), D entered with [−∞, +∞] likewise
    model = trace_of(search.alphabeta(OZBILGE, trace=True))
    tree = model.tree
    e, c = tree.node("E").path, tree.node("C").path
    for step in range(model.entered_at(e) + 1, len(model.events) + 1):
        assert model.marks(step).windows[e] == (-INF, 5), step
    for step in range(model.entered_at(c) + 1, len(model.events) + 1):
        assert model.marks(step).windows[c] == (5, INF), step
    update = next(k for k, ev in enumerate(model.events) if ev.kind == "update" and ev.path == e)
    assert "now α = 6, β = 5" in model.sentence(update)        # the current window is told in words
    assert model.marks(len(model.events)).windows == model.marks().windows


@pytest.mark.slow     # every frame of four searches on 30 trees: `make test` runs it, `make check` does not
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=nested_trees)
def test_windows_drawn_in_every_frame_are_windows_on_entry(nested):
    if not isinstance(nested, list):
        nested = [nested]
    tree = trees.from_nested(nested)
    for result in (search.alphabeta(tree, trace=True),
                   search.alphabeta(tree, variant="fail-hard", trace=True),
                   search.pvs(tree, trace=True), search.mtdf(tree, guess=0, trace=True)):
        model = trace_of(result)
        for step in range(len(model.events) + 1):
            assert dict(model.marks(step).windows) == entry_windows(model, step), (result.algorithm, step)
