"""The step-through explorer (mmlib.widgets.step) driven from code: move the slider or press a button,
check what is displayed."""

import pytest
from support import A_TO_G, T1_IN, shown_svg, svg_legend_words, with_class

from mmlib import trees, widgets
from mmlib.draw.style import DISPLAY_WIDTH_PX
from mmlib.errors import ArgumentError


def test_step_through_has_the_dom_classes_of_the_browser_tests():
    explorer = widgets.step_through(A_TO_G)
    assert "mmlib-step-through" in explorer._dom_classes
    assert "mmlib-step-slider" in explorer.slider._dom_classes
    assert "mmlib-status" in explorer.status._dom_classes
    assert "mmlib-figure" in explorer.output._dom_classes
    assert explorer.next.description == "Next"


def test_step_through_tells_the_a_to_g_walkthrough():
    explorer = widgets.step_through(A_TO_G)
    sentences = []
    for _ in range(explorer.slider.max):
        explorer.next.click()
        sentences.append(explorer.sentence)
    # the slides: at E, 6 >= beta = 5 prunes 9; at C, 2 <= alpha = 5 prunes G
    assert "at E: 6 ≥ β = 5, so E's remaining child K is pruned." in sentences
    assert "at C: 2 ≤ α = 5, so C's remaining child G is pruned." in sentences
    assert sentences[-1] == "A returns 5: the value of the game is 5."
    assert "enter E (MAX) with [α, β] = [−∞, 5]." in sentences
    assert "enter C (MIN) with [α, β] = [5, +∞]." in sentences


def test_moving_the_slider_redraws_the_figure():
    explorer = widgets.step_through(A_TO_G)
    view, before = explorer.view, explorer.output.value
    assert len(with_class(shown_svg(explorer), "node")) == 15           # A..O
    assert not with_class(shown_svg(explorer), "current")               # step 0: nothing entered yet
    explorer.slider.value = 10
    assert explorer.output.value != before and explorer.view is view
    current = explorer.result.trace[9].path                             # the node of the 10th event
    assert [e.get("data-label") for e in with_class(shown_svg(explorer), "current")] == \
        [explorer.tree.label_of(current)]
    assert explorer.status.value.startswith("step 10:")
    explorer.back.click()
    assert explorer.slider.value == 9 and explorer.status.value.startswith("step 9:")
    explorer.go(10_000)
    assert explorer.slider.value == explorer.slider.max
    final = shown_svg(explorer)     # E. Özbilge 2024: leaves 9, 0, -1 pruned, value 5 along A-B-D-I
    assert sorted(e.get("data-label") for e in with_class(final, "node", "pv")) == ["A", "B", "D", "I"]
    assert sorted(e.get("data-label") for e in with_class(final, "leaf", "pruned")) == ["K", "N", "O"]


def test_step_through_supports_minimax_fail_hard_and_text():
    assert "[α, β]" not in " ".join(_all_sentences(widgets.step_through(A_TO_G, "minimax")))
    hard = _all_sentences(widgets.step_through(A_TO_G, variant="fail-hard", cutoff=">"))
    assert hard[-1] == "A returns 5: the value of the game is 5."
    text = _all_sentences(widgets.step_through(T1_IN))
    assert text[-1] == "A returns 5: the value of the game is 5."   # t1.in: minimax value 5
    generated = widgets.step_through(trees.ordered(2, 4, "random", seed=1))
    assert generated.slider.max == len(generated.result.trace)


def test_step_through_draws_bounds_uses_the_full_width_and_tells_fail_hard_clamping():
    explorer = widgets.step_through(A_TO_G)
    explorer.go(explorer.slider.max)
    svg = shown_svg(explorer)
    inner = {e.text for e in with_class(svg, "value") if e.get("text-anchor") != "middle"}   # not leaves
    assert {"5", "≥ 6", "≤ 2", "2"} == inner                   # E ≥ 6 and C ≤ 2 (pruned below); F = 2 in full
    assert float(svg.get("width")) >= DISPLAY_WIDTH_PX - 20     # the notebook column, not half of it
    legend = svg_legend_words(explorer.svg)
    assert "dashed ring" in legend and "≥ 6 / ≤ 2: a bound" in legend
    assert "step" in svg.get("aria-label")
    title = next(e.text for e in svg.iter() if e.get("class") == "title")
    assert title.startswith("alpha-beta (fail-soft, cut when α ≥ β) — step")   # not "alphabeta (.., >=)"
    assert explorer.result.algorithm == "alphabeta (fail-soft, >=)"        # the result keeps its name
    hard = _all_sentences(widgets.step_through(A_TO_G, variant="fail-hard"))
    assert "at E: 6 ≥ β = 5, so E's remaining child K is pruned; fail-hard: E will return β = 5, its value " \
           "clamped to the window." in hard
    assert any(s.startswith("F returns 5 to C (fail-hard: its best child gave 2, clamped to α = 5)")
               for s in hard)


def _all_sentences(explorer):
    out = []
    for step in range(1, explorer.slider.max + 1):
        explorer.slider.value = step
        out.append(explorer.sentence)
    return out


def test_step_through_refuses_huge_trees_and_unknown_algorithms():
    with pytest.raises(ArgumentError, match="tree"):
        widgets.step_through(trees.uniform(4, 6, seed=0))
    with pytest.raises(ArgumentError, match="algorithm"):
        widgets.step_through(A_TO_G, "negascout")


def test_step_through_replays_cs312_from_its_own_window():
    # Cornell CS 312 calls minimax(n, d, L, W); its figure shows the root's window as [L, W].
    W, L = 100, -100
    explorer = widgets.step_through([[[1, 5, 6], [8, 3]], [L, [1, W]]], variant="fail-hard", cutoff=">",
                                    alpha=L, beta=W)
    first = explorer.result.trace[0]
    assert (first.kind, first.alpha, first.beta) == ("enter", L, W)
    assert explorer.result.value == 6
    with pytest.raises(ArgumentError, match="alpha"):
        widgets.step_through([[1, 2]], alpha=5, beta=5)


CS312 = [[[1, 5, 6], [8, 3]], [-100, [1, 100]]]   # Cornell CS 312, Recitation 21: L = -100, W = 100


@pytest.mark.parametrize("tree, options, fits", [
    (CS312, {"variant": "fail-hard", "cutoff": ">", "alpha": -100, "beta": 100}, True),
    (A_TO_G, {}, True),
    ([1, [2, [3, [4, 5]], 6], [[7], 8, [9, [10, 11, 12]]]], {}, False),   # 12 leaves: wider than a column
], ids=["CS312 fail-hard", "A-G", "mixed depths"])
def test_a_step_through_fits_the_column_with_no_label_touching_another(tree, options, fits):
    """The still picture of an explorer is shown at its natural size (text 15 px = 11.25 pt): the
    lectures' step-throughs fit a 900-px column, and at every step no label touches a shape or
    another label (leaves beside inner nodes: their texts are lower than the inner node's)."""
    from mmlib.draw.style import DISPLAY_WIDTH_PX

    explorer = widgets.step_through(tree, **options)
    view = explorer.view
    assert (view.width <= DISPLAY_WIDTH_PX) == fits
    for step in range(explorer.slider.max + 1):
        shapes, labels = view.boxes(explorer.model.marks(step), windows=explorer.windows)
        for i, label in enumerate(labels):
            assert not any(label.overlaps(shape) for shape in shapes), (step, label)
            assert not any(label.overlaps(other) for other in labels[i + 1:]), (step, label)
        assert all(0 <= box.left and box.right <= view.width for box in shapes + labels)


@pytest.mark.parametrize("start", ["first cutoff", "cutoff at C", "end", 3])
def test_step_through_opens_and_stores_its_still_at_the_step_the_lecture_names(start):
    from mmlib import search

    events = search.alphabeta(A_TO_G, trace=True).trace
    cutoffs = [k + 1 for k, event in enumerate(events) if event.kind == "cutoff"]
    assert len(cutoffs) == 2                        # at E (K pruned), then at C (G pruned)
    expected = {"first cutoff": cutoffs[0], "cutoff at C": cutoffs[1], "end": len(events), 3: 3}[start]
    explorer = widgets.step_through(A_TO_G, start=start)
    assert explorer.slider.value == expected
    title = shown_svg(explorer).find("{http://www.w3.org/2000/svg}title")
    assert title is not None and f"step {expected} of {len(events)}" in title.text
    bundle = explorer._repr_mimebundle_()
    assert f"shown at step {expected} of {len(events)}" in bundle["text/plain"]
    assert f'alt="step {expected} of {len(events)} when the notebook was saved' in bundle["text/html"]
    if "cutoff" in str(start):
        assert explorer.sentence.startswith("at E" if start == "first cutoff" else "at C")
        assert explorer.sentence.endswith("pruned.")
    explorer.go(0)                       # the explorer still steps from anywhere
    assert explorer.slider.value == 0


@pytest.mark.parametrize("start", ["last", 99, -1, 2.5, "no cutoff", "cutoff at B"])
def test_step_through_refuses_a_start_it_cannot_show(start):
    tree, start = ([[1, 2], [3, 4]], "first cutoff") if start == "no cutoff" else (A_TO_G, start)
    with pytest.raises(ArgumentError, match="start"):
        widgets.step_through(tree, "minimax" if tree != A_TO_G else "alphabeta", start=start)


# -- hostile inputs (issue 33, part 9) -------------------------------------------------------------

def test_a_step_through_with_a_window_too_large_for_a_float_is_refused_naming_it():
    """It drew until the fail-hard search returned alpha = 10**400, then said it could not draw."""
    with pytest.raises(ArgumentError, match="^alpha: too large to compute with"):
        widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]], alpha=10 ** 400, variant="fail-hard")


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "pvs", "mtdf", "sss*"])
def test_a_step_through_of_a_one_leaf_tree_draws_every_step(algorithm):
    explorer = widgets.step_through([1], algorithm)
    for step in range(len(explorer.events) + 1):
        explorer.go(step)
        assert "could not" not in explorer.status.value, (step, explorer.status.value)
    assert explorer.slider.value == len(explorer.events)


def test_a_step_through_and_the_tree_editor_show_their_legend_once_in_the_drawing():
    explorer = widgets.step_through(A_TO_G)
    explorer.go(explorer.slider.max)
    editor = widgets.tree_editor("[[3, 5], [2, 9]]")
    for widget in (explorer, editor):
        legend = svg_legend_words(widget.svg)
        assert "bound" in legend                            # the drawing's own legend, under the tree
        others = [child.value for child in widget.children
                  if child is not widget.output and isinstance(getattr(child, "value", None), str)]
        assert not any("bound" in words or "leaf" in words for words in others)   # not written twice
