"""The explorers' sliders: values flow slider -> explorer -> plot, ranges stop at what answers in
time, and a value out of range is refused with a sentence saying what would fit."""

import re
import time
import xml.etree.ElementTree as ET

import pytest

from mmlib import widgets
from mmlib.errors import ArgumentError, ArgumentTypeError
from mmlib.widgets.slider import FractionSlider, OutOfRange, Slider

A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]


def km(b, d):
    """Knuth & Moore 1975: leaves of the minimal tree, written out here independently."""
    return b ** -(-d // 2) + b ** (d // 2) - 1


def svg_of(explorer):
    text = explorer.output.value
    return ET.fromstring(text[text.index("<svg"):text.rindex("</svg>") + len("</svg>")])


def classed(svg, name):
    return [e for e in svg.iter() if name in e.get("class", "").split()]


# -- the slider itself ---------------------------------------------------------------------------------


def test_slider_refuses_out_of_range_and_wrong_types_naming_itself():
    slider = Slider(value=4, min=1, max=9, label="d", fits="Depths up to 9 fit.")
    with pytest.raises(OutOfRange, match=r"^d: 12 is out of range: choose 1 to 9\. Depths up to 9 fit\.$"):
        slider.value = 12
    with pytest.raises(ArgumentError):
        slider.value = 0
    with pytest.raises(ArgumentTypeError, match="^d: expected a whole number"):
        slider.value = 2.5
    with pytest.raises(ArgumentTypeError):
        slider.value = True
    assert slider.value == 4
    q = FractionSlider(value=0.5, min=0.0, max=1.0, step=0.05, label="q")
    with pytest.raises(OutOfRange):
        q.value = float("nan")
    q.value = 1
    assert q.value == 1.0 and isinstance(q.value, float)


# -- growth explorer -------------------------------------------------------------------------------------

def test_growth_sliders_flow_to_the_rows_and_the_plot():
    explorer = widgets.growth_explorer(branching=3, depth=2)
    explorer.depth.value = 5
    assert [row["leaves"] for row in explorer.rows] == [km(3, d) for d in range(1, 6)]
    assert len(classed(svg_of(explorer), "point")) == 5
    explorer.branching.value = 4
    assert [row["leaves"] for row in explorer.rows] == [km(4, d) for d in range(1, 6)]
    assert "b = 4" in svg_of(explorer).get("aria-label")
    explorer.ordering.value = "quality q"
    assert explorer.q.disabled is False
    explorer.q.value = 1.0                         # q = 1: the best child always first
    assert [row["leaves"] for row in explorer.rows] == [km(4, d) for d in range(1, 6)]
    explorer.q.value = 0.0
    assert explorer.rows[-1]["leaves"] > km(4, 5)
    before = explorer.rows[-1]["leaves"]
    explorer.seed.value = 7
    assert explorer.seeds() == range(7, 8) and "seed 7" in explorer.svg
    explorer.trees.value = 3
    assert explorer.seeds() == range(7, 10) and "mean of 3 random trees (seeds 7–9)" in explorer.svg
    assert isinstance(before, int)


def test_growth_depth_range_follows_what_fits_and_says_so():
    explorer = widgets.growth_explorer(branching=2, depth=4, ordering="worst", algorithm="alphabeta",
                                       node_budget=100_000)
    # worst order: 2^(k+1) - 1 nodes at depth k; depths 1..14 take 2^16 - 4 - 14 = 65,518, 1..15 take 131,053
    assert explorer.depth.max == 14
    assert "depths 1 to 14 answer within 2 seconds" in explorer.depth.fits
    explorer.depth.value = 14
    explorer.branching.value = 8                   # depth 14 of b = 8 cannot be: the slider moves back
    # 9 + 73 + 585 + 4,681 = 5,348 nodes for depths 1..4; depth 5 adds 37,449 (42,797), depth 6 299,593
    assert explorer.depth.max == 5 and explorer.depth.value == 5
    assert [row["depth"] for row in explorer.rows] == [1, 2, 3, 4, 5]
    with pytest.raises(ArgumentError, match=r"^depth d: 6 is out of range: choose 1 to 5\. At b = 8, worst"):
        explorer.depth.value = 6
    assert explorer.depth.value == 5 and explorer.rows[-1]["depth"] == 5
    # 200 trees of depth 5 do not fit: trees reach 100,000 // 42,797 = 2
    assert explorer.trees.max == 2
    explorer.trees.value = 2
    assert explorer.depth.max == 5 and explorer.rows[-1]["trees"] == 2     # 2 * 42,797 = 85,594 fits
    with pytest.raises(ArgumentError, match="1 to 2 trees answer within 2 seconds"):
        explorer.trees.value = 3


def test_growth_explorer_refuses_a_depth_beyond_what_answers_in_time():
    with pytest.raises(ArgumentError, match=r"^depth: 30 does not answer in time\. At b = 8"):
        widgets.growth_explorer(branching=8, depth=30)
    with pytest.raises(ArgumentError, match="^node_budget:"):
        widgets.growth_explorer(node_budget=10 ** 9)


def test_growth_explorer_every_action_at_the_extremes_answers_within_2_seconds():
    explorer = widgets.growth_explorer(branching=2, depth=1)
    slowest = 0.0
    for ordering in ("worst", "random", "uniform"):
        for b in (2, 5, 8):
            explorer.cache.clear()
            started = time.perf_counter()
            explorer.ordering.value = ordering
            explorer.branching.value = b
            explorer.depth.value = explorer.depth.max
            slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 2 * 3           # three actions above, each within 2 s (the benchmark times each)


# -- step-through -------------------------------------------------------------------------------------

def test_step_slider_moves_the_search_and_says_the_step_in_words():
    explorer = widgets.step_through(A_TO_G)
    assert explorer.slider.max == len(explorer.events) and explorer.slider.label == "step"
    explorer.slider.value = 3
    assert explorer.status.value.startswith("step 3:")
    assert explorer.slider.text() == f"step 3 of {len(explorer.events)}"
    explorer.next.click()
    assert explorer.slider.value == 4
    with pytest.raises(ArgumentError, match=f"choose 0 to {len(explorer.events)}"):
        explorer.slider.value = len(explorer.events) + 1
    explorer.go(10 ** 6)                            # the buttons and go() clamp instead
    assert explorer.slider.value == explorer.slider.max


# -- orderings and quality explorers -------------------------------------------------------------------

def test_orderings_explorer_overlays_four_orderings_with_the_guides():
    explorer = widgets.orderings_explorer(branching=3, depth=5, q=0.8, seed=1)
    assert explorer.leaves["best"] == [km(3, d) for d in range(1, 6)]
    assert explorer.leaves["worst"] == [3 ** d for d in range(1, 6)]
    for d in range(5):
        assert explorer.leaves["best"][d] <= explorer.leaves["q"][d] <= explorer.leaves["worst"][d]
        assert explorer.leaves["best"][d] <= explorer.leaves["random"][d] <= explorer.leaves["worst"][d]
    measured = [line for line in explorer.lines if line.marker]
    assert len(measured) == 4
    for attribute in ("color", "dash", "marker"):     # colour is never the only difference
        assert len({getattr(line, attribute) for line in measured}) == 4
    guides = [line.label for line in explorer.lines if not line.marker]
    assert any(label.startswith("Knuth–Moore") for label in guides) and any("b^d" in g for g in guides)
    svg = svg_of(explorer)
    assert len(classed(svg, "point")) == 2 * 4 * 5                  # the counts, and the ratios under them
    frames = [e for e in svg if e.tag.endswith("rect")]
    plot_bottom = float(frames[-1].get("y")) + float(frames[-1].get("height"))
    legend_ys = [float(e.get("y1")) for g in classed(svg, "legend-entry")
                 for e in g if e.tag.endswith("line")]
    assert len(legend_ys) == 6 and min(legend_ys) > plot_bottom      # the legend is under the axes
    explorer.q.value = 1.0
    assert explorer.leaves["q"] == explorer.leaves["best"]
    explorer.branching.value = 2
    assert explorer.leaves["worst"] == [2 ** d for d in range(1, 6)]
    with pytest.raises(ArgumentError, match="^deepest depth d: "):
        explorer.depth.value = explorer.depth.max + 1


def test_quality_explorer_draws_leaves_falling_as_q_rises():
    explorer = widgets.quality_explorer(branching=4, depth=6, trees=5)
    assert len(explorer.leaves) == 11
    assert explorer.leaves == sorted(explorer.leaves, reverse=True)
    assert explorer.leaves[-1] == km(4, 6) and explorer.leaves[0] < 4 ** 6
    assert len(classed(svg_of(explorer), "point")) == 11
    explorer.depth.value = 4
    assert explorer.leaves[-1] == km(4, 4)
    assert re.search(rf"q = 1: {km(4, 4)} \(Knuth–Moore {km(4, 4)}; bᵈ = 256\)", explorer.status.value)


def test_new_explorers_fall_back_to_a_sentence_and_a_picture():
    for explorer in (widgets.orderings_explorer(depth=3), widgets.quality_explorer(depth=3, trees=1)):
        bundle = explorer._repr_mimebundle_()
        assert bundle["text/plain"].endswith("run the cell to use it.")
        assert '<img alt="the plot when the notebook was saved' in bundle["text/html"]


def test_growth_plot_leaves_knuth_moore_out_for_minimax_and_names_its_trees_plainly():
    explorer = widgets.growth_explorer(branching=3, depth=3, algorithm="minimax")
    assert "Knuth–Moore" not in explorer.svg and "every leaf, no pruning" in explorer.svg  # taught later
    assert "one random tree (seed 0)" in explorer.svg
    explorer.algorithm.value = "alphabeta"
    assert "Knuth–Moore" in explorer.svg
    explorer.trees.value = 2
    assert "mean of 2 random trees (seeds 0–1)" in explorer.svg
    assert "alpha-beta" in explorer.fallback_text() and "alphabeta" not in explorer.fallback_text()
