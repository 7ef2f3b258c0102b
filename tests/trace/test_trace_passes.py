"""The trace model of searches that visit nodes more than once: aspiration windows, PVS,
MTD(f), SSS* (passes, null-window tests, re-searches) and Monte Carlo tree search (iterations)."""

from __future__ import annotations

import math

import pytest
import support
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.errors import ArgumentError
from mmlib.trace import EXACT, LOWER, UPPER, minimax_values, trace_of
from mmlib.widgets.step import step_through

INF = math.inf
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]                 # AIMA figure 5.2, value 3
A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]            # Özbilge's A-G tree, value 5

nested_trees = support.nested_trees(st.integers(-3, 3), max_children=3, max_leaves=30).filter(  # many ties
    lambda t: isinstance(t, list))

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def window_searches(tree, guess, delta):
    yield search.aspiration(tree, guess=guess, delta=delta, trace=True)
    yield search.pvs(tree, trace=True)
    yield search.mtdf(tree, guess=guess, trace=True)
    yield search.sss_star(tree, trace=True)


def own_counts(result):
    stats = result.stats
    return {"nodes": stats.nodes, "leaves": stats.leaves, "cutoffs": stats.cutoffs,
            "researches": stats.researches, "passes": stats.passes}


@pytest.mark.slow     # a big property run (300 examples): `make test` runs it, `make check` does not
@SETTINGS
@given(nested=nested_trees, root_is_max=st.booleans(), guess=st.integers(-4, 4),
       delta=st.sampled_from([0.5, 1, 2]))
def test_replaying_a_window_search_gives_its_own_counts_and_value(nested, root_is_max, guess, delta):
    tree = trees.from_nested(nested, root_is_max=root_is_max)
    truth = minimax_values(tree)
    for result in window_searches(tree, guess, delta):
        model = trace_of(result)
        assert model.counts() == own_counts(result), result.algorithm
        assert model.value == result.value == truth[()]
        assert model.bound == EXACT
        phases = model.phases
        assert len(phases) == result.stats.passes
        assert sum(p.nodes for p in phases) == result.stats.nodes
        assert sum(p.leaves for p in phases) == result.stats.leaves
        assert sum(p.cutoffs for p in phases) == result.stats.cutoffs
        # each pass proves a true bound, and the bounds only narrow, to the value
        for before, after in zip(phases, phases[1:], strict=False):
            assert before.lower <= after.lower and after.upper <= before.upper
        for phase in phases:
            assert phase.lower <= truth[()] <= phase.upper
        assert phases[-1].lower == phases[-1].upper == truth[()]
        assert all(isinstance(text, str) and text for text in model.sentences)
        # the finished picture: pruned is exactly what no pass entered
        final = model.marks()
        assert not final.pruned & final.entered
        never = {leaf.path for leaf in tree.leaves()} - set(model.evaluation_order)
        assert set(model.pruned_leaves) == never


@pytest.mark.slow     # a big property run (300 examples): `make test` runs it, `make check` does not
@SETTINGS
@given(nested=nested_trees, root_is_max=st.booleans(), guess=st.integers(-4, 4))
@example(nested=[0, [[[1, 0], 1]]], root_is_max=True, guess=0)   # PVS re-searches E: "0 (ret. 1)"
def test_every_mark_of_a_window_search_is_true(nested, root_is_max, guess):
    tree = trees.from_nested(nested, root_is_max=root_is_max)
    truth = minimax_values(tree)
    for result in window_searches(tree, guess, 1):
        model = trace_of(result)
        for step in (None, len(model.events) // 2):
            marks = model.marks(step)
            for path in marks.values:
                # what is drawn: what the evaluated leaves prove, "0 (ret. 1)" when a re-search
                # returned another number than an earlier visit's leaves proved
                reading = marks.reading(path)
                proved = reading.low is not None
                low, high = (reading.low, reading.high) if proved else (reading.returned, reading.returned)
                where = (result.algorithm, step, tree.label_of(path), marks.value_text(path), truth[path])
                if reading.kind == EXACT:
                    assert low == high == truth[path], where
                elif reading.kind == LOWER:
                    assert truth[path] >= low, where
                elif reading.kind == UPPER:
                    assert truth[path] <= high, where


@pytest.mark.slow     # a big property run (300 examples): `make test` runs it, `make check` does not
@SETTINGS
@given(nested=nested_trees, root_is_max=st.booleans())
def test_stockman_sss_star_evaluates_no_leaf_that_alpha_beta_skips(nested, root_is_max):
    tree = trees.from_nested(nested, root_is_max=root_is_max)
    sss = trace_of(search.sss_star(tree, trace=True))
    alphabeta = trace_of(search.alphabeta(tree, trace=True))
    assert set(sss.evaluation_order) <= set(alphabeta.evaluation_order)
    assert len(sss.evaluation_order) == len(set(sss.evaluation_order))     # each leaf at most once
    assert set(sss.pruned_leaves) >= set(alphabeta.pruned_leaves)


def test_mtdf_passes_on_the_aima_tree_by_hand():
    # guess 0: "value >= 0?" B = min(3, 12, 8) = 3 >= 0, so A >= 3 and C, D are skipped;
    # then "value > 3?" fails at every child (B = 3, C <= 2, D <= 2): A <= 3.  Value 3.
    model = trace_of(search.mtdf(AIMA, guess=0, trace=True))
    assert [p.label() for p in model.phases] == [
        "pass 1: null window “value ≥ 0?” → ≥ 3 (fail high)",
        "pass 2: null window “value > 3?” → ≤ 3 (fail low)"]
    assert [(p.lower, p.upper) for p in model.phases] == [(3, INF), (3, 3)]
    # pass 1 enters A, B and B's three leaves; pass 2 enters A, B, E (from the table), C, H, D, K, L, M
    assert [(p.nodes, p.leaves) for p in model.phases] == [(5, 3), (9, 4)]
    assert model.sentence(model.phases[1].first).startswith("pass 2 of 2: ask “value > 3?” about A")


def test_sss_star_passes_lower_the_upper_bound_by_hand():
    # +inf: B <= 3, C <= 2, D <= 14 (first reply each), so A <= 14; then >= 14: D <= 5;
    # >= 5: D <= 2, A <= 3; >= 3: B = 3 passes, A >= 3.  Four passes.
    model = trace_of(search.sss_star(AIMA, trace=True))
    assert [(p.test, p.alpha, p.value, p.bound) for p in model.phases] == [
        (">=", INF, 14, UPPER), (">=", 14, 5, UPPER), (">=", 5, 3, UPPER), (">=", 3, 3, LOWER)]
    assert [p.upper for p in model.phases] == [14, 5, 3, 3]


def test_pvs_re_search_on_fail_high_by_hand():
    # At D = max(3, 5): the test "I > 3?" answers 5, so I is searched again in [5, +inf].
    result = search.pvs(A_TO_G, trace=True)
    model = trace_of(result)
    assert len(model.researches) == 1 == result.stats.researches
    research = model.researches[0]
    assert model.tree.label_of(research.path) == "I"
    assert (research.alpha, research.beta, research.answer) == (5, INF, 5)
    assert (research.gamma, research.test) == (3, ">")
    assert model.sentence(research.event).startswith("re-search I with the window [5, +∞]: its test "
                                                     "answered 5")


def test_aspiration_fail_low_then_re_search_by_hand():
    # window [9, 11] around 10: B stops at E = 3, C at H = 2, D at L = 5 (each <= 9); fail-soft,
    # A returns max(3, 2, 5) = 5 <= 9: fail low, A <= 5.
    model = trace_of(search.aspiration(AIMA, guess=10, delta=1, trace=True))
    assert [p.label() for p in model.phases] == [
        "pass 1: window [9, 11] → ≤ 5 (fail low)", "pass 2: window [−∞, 11] → 3 (exact)"]
    assert model.counts()["researches"] == 1


# -- Monte Carlo tree search ---------------------------------------------------------------

win_loss_trees = st.recursive(
    st.sampled_from([-1, 0, 1]),
    lambda children: st.lists(children, min_size=1, max_size=3),
    max_leaves=25,
).filter(lambda t: isinstance(t, list))


@pytest.mark.slow     # a big property run (300 examples): `make test` runs it, `make check` does not
@SETTINGS
@given(nested=win_loss_trees, iterations=st.integers(1, 30), seed=st.integers(0, 5),
       budget=st.one_of(st.none(), st.integers(1, 60)))
def test_replaying_monte_carlo_gives_its_own_counts_visits_and_move(nested, iterations, seed, budget):
    tree = trees.from_nested(nested)
    result = search.mcts(tree, iterations=iterations, max_nodes=budget, seed=seed, trace=True)
    model = trace_of(result)
    assert model.counts() == own_counts(result)
    assert sum(it.nodes for it in model.iterations) == result.stats.nodes
    complete = [it for it in model.iterations if it.complete]
    assert len(complete) == result.stats.passes
    # every completed iteration adds one visit to the root and to the child it went through
    visits = {}
    for it in complete:
        path = it.selection + ((it.expansion,) if it.expansion is not None else ())
        assert path[0] == () and [len(p) for p in path] == list(range(len(path)))
        if len(path) > 1:
            visits[path[1][0]] = visits.get(path[1][0], 0) + 1
        assert it.backup[0][1] == it.number                     # the root's visits so far
        assert it.leaf is not None and tree.node(it.leaf).is_leaf()
        assert it.reward == {1: 1.0, 0: 0.5, -1: 0.0}[it.leaf_value]
    assert visits == result.stats.visits
    assert model.pv == result.pv
    final = model.marks()
    if complete:
        assert final.value_text(()) == f"{complete[-1].backup[0][2]:g}/{len(complete)}"
    assert all(text for text in model.sentences)


def test_monte_carlo_iterations_by_hand():
    # A's children B = [1, -1] and C = [0, 1]; seed 0 tries C first, then B, then follows them.
    model = trace_of(search.mcts([[1, -1], [0, 1]], iterations=3, seed=0, trace=True))
    first, second, third = model.iterations
    label = model.tree.label_of
    assert (label(first.expansion), [label(p) for p in first.playout]) == ("C", ["G"])
    assert label(second.expansion) == "B"
    assert [label(p) for p in third.selection] == ["A", "C"] and label(third.expansion) == "G"
    assert [(label(p), v, w) for p, v, w in third.backup] == [("A", 3, 3.0), ("C", 2, 2.0), ("G", 1, 1.0)]
    assert model.sentence(third.first + 1) == \
        "iteration 3: selection: C (1/1) has the best UCB1 score among A's children."


# -- the step-through ------------------------------------------------------------------------

def test_step_through_shows_the_pass_in_its_title_and_sentence():
    explorer = step_through(AIMA, "mtdf", guess=0)
    assert explorer.slider.max == len(explorer.events)
    explorer.go(explorer.model.phases[1].first + 2)
    assert explorer.phase == "pass 2 of 2 asks “value > 3?”; so far 3 ≤ value ≤ +∞"
    assert explorer.sentence.startswith("pass 2: ")
    assert "pass 2 of 2" in explorer.svg
    explorer.go(explorer.slider.max)                         # the end: what the two passes proved
    assert explorer.phase == "pass 2 of 2 asks “value > 3?”; proved value = 3"
    explorer.go(explorer.slider.max - 1)
    assert explorer.phase.endswith("; so far 3 ≤ value ≤ +∞")


def test_step_through_replays_a_result_and_monte_carlo_iterations():
    result = search.sss_star(AIMA, trace=True)
    explorer = step_through(result)
    assert explorer.result is result and explorer.model.counts()["passes"] == 4
    mc = step_through([[1, -1], [0, 1]], "mcts", iterations=3, seed=0)
    mc.go(mc.slider.max)
    assert mc.phase == "iteration 3 of 3"
    assert ">3/3<" in mc.svg.replace(" ", "") or "3/3" in mc.svg


def test_step_through_refuses_a_result_without_transcript():
    with pytest.raises(Exception, match="trace=True"):
        step_through(search.mtdf(AIMA))


def test_monte_carlo_on_a_tree_with_chance_nodes_names_the_outcomes_chance_picks():
    from mmlib.search import scaled_reward
    from mmlib.trees import layered_tree

    dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                        layers="max chance min")                     # AIMA figure 5.12, left
    result = search.mcts(dice, iterations=6, seed=1, trace=True, reward=scaled_reward(0, 5))
    model = trace_of(result)
    assert model.counts() == own_counts(result)
    assert "iteration 1: playout: chance picks the outcome D." in model.sentences


def test_step_through_refuses_more_monte_carlo_iterations_than_it_can_show():
    with pytest.raises(ArgumentError, match="iterations"):
        step_through([[1, -1], [0, 1]], "mcts", iterations=10 ** 6)


def test_the_null_window_markers_are_read_from_their_test_field():
    # PVS on the AIMA tree: B's later leaves F, G are tested "≥ 3?" (MIN's best so far is 3), then
    # A's later children C, D "> 3?"; each question is the marker's own field, and the model keeps it
    # for the node the marker announces
    result = search.pvs(AIMA, trace=True)
    model = trace_of(result)
    marked = [k for k, event in enumerate(result.trace) if event.kind == "test"]
    assert [model.sentence(k) for k in marked] == [
        "at B: test F with a null window, “value ≥ 3?” (is F no better for MIN than B's best so far, 3?)",
        "at B: test G with a null window, “value ≥ 3?” (is G no better for MIN than B's best so far, 3?)",
        "at A: test C with a null window, “value > 3?” (can C beat A's best so far, 3?)",
        "at A: test D with a null window, “value > 3?” (can D beat A's best so far, 3?)"]
    assert [model.test_at(k + 1) for k in marked] == [(3, ">="), (3, ">="), (3, ">"), (3, ">")]
    # MTD(f)'s passes: the question of each is its pass marker's test field
    mtdf = trace_of(search.mtdf(AIMA, guess=0, trace=True))
    assert [(p.alpha, p.test) for p in mtdf.phases] == [(0, ">="), (3, ">")]


def test_a_null_window_marker_without_its_question_is_named():
    from mmlib.instrument import Event
    from mmlib.trace import question_of
    assert question_of(Event("test", (1,), alpha=3, beta=3, test=">")) == (3, ">")
    with pytest.raises(ArgumentError, match="the 'test' event at \\(1,\\) carries no test"):
        question_of(Event("test", (1,), alpha=3, beta=3, move=">"))
    from mmlib.trace import Trace
    with pytest.raises(ArgumentError, match="asks '=>'"):
        Trace(AIMA, [Event("pass", (), alpha=0, beta=0, test="=>")])      # type: ignore[arg-type]


# -- each pass's question and window kind, as fields ---------------------------------------------------

def test_mtdf_passes_carry_their_test_and_number_as_fields():
    # AIMA's tree from the guess 0: "≥ 0?" proves ≥ 3 (B's leaves 3, 12, 8), then "> 3?" fails low
    model = trace_of(search.mtdf(AIMA, guess=0, trace=True))
    assert [(p.window, p.test, p.gamma) for p in model.phases] == [("null", ">=", 0), ("null", ">", 3)]
    assert [p.asks for p in model.phases] == ["“value ≥ 0?”", "“value > 3?”"]
    assert model.phase_text(1) == "pass 1 of 2 asks “value ≥ 0?”"


def test_sss_star_passes_lower_the_number_they_test():
    # SSS* as null-window tests "≥ γ?" from γ = +∞: on AIMA's tree each MIN node stops at its first
    # leaf below γ, so each pass proves an upper bound on the root, the next γ: 14 (D's first leaf),
    # 5 (D's second), 3 (B's first), where the test "≥ 3?" holds (B's leaves 3, 12, 8)
    model = trace_of(search.sss_star(AIMA, trace=True))
    assert [(p.window, p.test, p.gamma) for p in model.phases] == [
        ("null", ">=", INF), ("null", ">=", 14), ("null", ">=", 5), ("null", ">=", 3)]
    assert model.phase_text(model.phases[2].first + 1) == \
        "pass 3 of 4 asks “value ≥ 5?”; so far −∞ ≤ value ≤ 5"     # what pass 2 proved


def test_aspiration_and_pvs_passes_ask_no_test():
    aspiration = trace_of(search.aspiration(AIMA, guess=6, delta=1, trace=True))
    assert [(p.window, p.test, p.gamma, (p.alpha, p.beta)) for p in aspiration.phases] == [
        ("aspiration", None, None, (5, 7)), ("aspiration", None, None, (-INF, 7))]
    assert aspiration.phase_text(1) == "pass 1 of 2, window [5, 7]"
    assert aspiration.phase_text(len(aspiration.events)) == "pass 2 of 2, window [−∞, 7]; proved value = 3"
    pvs = trace_of(search.pvs(AIMA, trace=True))          # one pass: the root with the full window
    assert [(p.window, p.test, p.gamma, p.asks) for p in pvs.phases] == [("full", None, None, "[−∞, +∞]")]
    assert pvs.phase_text(1) == ""
