"""The orderings explorer's lower panel (issue #31: lines that crowd each other on a log scale are
drawn apart): each ordering's leaves divided by the Knuth–Moore minimal tree's at the same depth,
checked against alpha-beta run here on the same trees and the formula written out here, and read
back from the drawn pixels; every slider moves both panels."""

from __future__ import annotations

import html
import math
import re
import xml.etree.ElementTree as ET

import pytest
import support

from mmlib import analysis, search, trees, widgets
from mmlib.draw.lineplot import ratio_panel
from mmlib.draw.style import MAX_HEIGHT_PX
from mmlib.widgets.orderings import OrderingsExplorer

NS = "{http://www.w3.org/2000/svg}"
ORDERINGS = ("best", "q", "random", "worst")


def expected_ratios(b: int, d: int, q: float, seed: int) -> dict[str, list[float]]:
    """Alpha-beta's leaves on ``trees.ordered`` (as the explorer's sweeps build them) over the
    minimal tree's, b^⌈d/2⌉ + b^⌊d/2⌋ − 1, at depths 1..d."""
    orderings = {"best": "best", "q": q, "random": "random", "worst": "worst"}
    return {name: [search.alphabeta(trees.ordered(b, depth, ordering, seed)).stats.leaves
                   / support.knuth_moore(b, depth) for depth in range(1, d + 1)]
            for name, ordering in orderings.items()}


def panels(svg_text: str) -> list[tuple[float, float]]:
    """The (top, bottom) of each panel's axes, top first: the frames drawn in white."""
    root = ET.fromstring(svg_text)
    return [(float(rect.get("y")), float(rect.get("y")) + float(rect.get("height")))
            for rect in root.iter(f"{NS}rect") if rect.get("fill") == "white"]


def lower_panel_readings(svg_text: str) -> dict[str, list[float]]:
    """Each series' values in the lower panel, read back from its pixels through the panel's own
    tick labels (two grid lines give the log scale): ``{legend words: [ratio, ...]}``."""
    root = ET.fromstring(svg_text)
    top, bottom = panels(svg_text)[1]
    grid = [float(line.get("y1")) for line in root.iter(f"{NS}line") if line.get("stroke") == "#dddddd"]
    labels = [text for text in root.iter(f"{NS}text") if text.get("text-anchor") == "end"]
    ticks = [(float(text.text.replace(",", "")), y) for text, y in zip(labels, grid, strict=True)
             if top <= y <= bottom]
    (v0, y0), (v1, y1) = ticks[0], ticks[-1]
    per_decade = (y0 - y1) / math.log10(v1 / v0)
    out = {}
    for line in root.iter(f"{NS}polyline"):
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        if line.get("class") == "series" and all(top <= y <= bottom for _, y in points):
            out[line.get("data-label")] = [v0 * 10 ** ((y0 - y) / per_decade) for _, y in points]
    return out


def check(explorer: OrderingsExplorer) -> None:
    """The explorer's ratios and its lower panel's drawn lines are the ratios computed here."""
    b, d, q, seed = (explorer.branching.value, explorer.depth.value, explorer.q.value, explorer.seed.value)
    expected = expected_ratios(b, d, q, seed)
    for name in ORDERINGS:
        assert explorer.ratios[name] == pytest.approx(expected[name], rel=1e-12), name
    drawn = lower_panel_readings(explorer.svg)
    assert len(drawn) == 4
    for name, (label, values) in zip(ORDERINGS, drawn.items(), strict=True):
        assert label.startswith(explorer.lines[ORDERINGS.index(name)].label)
        assert values == pytest.approx(expected[name], rel=0.02), name          # pixels: 2 %
    assert "Lower panel, leaves ÷ Knuth–Moore minimum" in explorer.svg      # the text alternative
    heard = ", ".join(f"{name}: {expected[key][-1]:.3g}"                      # and the status line
                      for key, name in (("q", f"q = {q:g}"), ("random", "random"), ("worst", "worst")))
    assert f"How many times the minimal tree: {heard}." in html.unescape(explorer.status.value)


def test_times_minimal_divides_by_the_minimal_tree_written_out_here():
    counts = [7, 40, 100, 1000]
    assert analysis.times_minimal(4, [1, 2, 3, 4], counts) == \
        [count / support.knuth_moore(4, d) for d, count in zip([1, 2, 3, 4], counts, strict=True)]
    nodes = 1 + 3 + 5                                                  # the minimal tree of b = 3, d = 2
    assert analysis.times_minimal(3, [2], [18], measure="nodes") == [18 / nodes]
    with pytest.raises(Exception, match="^counts: expected one count per depth"):
        analysis.times_minimal(3, [1, 2], [3])
    with pytest.raises(Exception, match="^measure: "):
        analysis.times_minimal(3, [1], [3], measure="edges")


def test_the_ratio_panel_is_drawn_under_the_counts_and_every_slider_moves_both_panels():
    explorer = widgets.orderings_explorer(branching=2, depth=4, q=0.6, seed=1, node_budget=40_000)
    assert len(panels(explorer.svg)) == 2
    (upper_top, upper_bottom), (lower_top, lower_bottom) = panels(explorer.svg)
    assert upper_bottom < lower_top
    assert "leaves ÷ Knuth–Moore minimum" in explorer.svg
    check(explorer)
    ends = re.findall(r'class="end-label">.*?<text[^>]*>([^<]*)</text>', explorer.svg)
    assert ends == ["best", "q = 0.6", "random", "worst"] * 2          # named at their ends in both
    for slider, value in ((explorer.branching, 3), (explorer.depth, 3), (explorer.q, 0.9),
                          (explorer.seed, 4), (explorer.q, 0.0)):
        before = explorer.svg
        slider.value = value
        assert explorer.svg != before
        check(explorer)


def test_the_still_of_lecture_05_fits_a_slide_with_both_panels():
    explorer = widgets.orderings_explorer(branching=3, depth=8, q=0.8)
    height = float(ET.fromstring(explorer.svg).get("height"))
    assert height <= MAX_HEIGHT_PX
    # the best order is the minimum at every depth: its line lies on the level line 1 and says so
    assert explorer.ratios["best"] == [1.0] * 8
    assert "best order: 161 leaves at depth 8 — exactly on Knuth–Moore" in explorer.svg


def test_a_line_on_another_says_so_by_its_short_name():
    explorer = widgets.orderings_explorer(branching=2, depth=3, q=1.0, node_budget=40_000)
    legend = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>",
                                 explorer.svg.split('class="legend-entry"', 1)[1]))
    assert "best order: 5 leaves at depth 3 — exactly on q = 1" in legend


def test_a_ratio_panel_reaches_past_its_highest_ratio_and_ticks_stay_apart():
    panel = ratio_panel([[1.0, 1.5], None, [1.0, 40.75]])
    assert panel.y_range[0] < 1 and panel.y_range[1] > 40.75
    assert panel.ticks == [1, 2, 5, 10, 20, 50]
    assert ratio_panel([[1.0, 300.0]]).ticks == [1, 10, 100]          # over two decades: powers of ten


def test_an_ordering_keeps_its_marker_and_colour_from_the_growth_figure_to_the_explorer():
    """Lecture 05 draws the growth figure and, under it, the orderings explorer: random must not be
    diamonds in one and triangles in the other."""
    from mmlib import draw

    svg_shape = {"o": "circle", "s": "square", "^": "triangle", "D": "diamond"}
    rows = analysis.sweep([3], range(1, 4), ["best", 0.9, 0.5, "random", "worst"], ["alphabeta"], range(1))
    figure = draw.plot_growth(rows, ratio=True, end_names=True)
    drawn = {line.get_label().split(" —")[0]: (svg_shape.get(str(line.get_marker())), line.get_color())
             for line in figure.axes[0].get_lines() if line.get_marker() not in ("None", "", None)}
    explorer = widgets.orderings_explorer(branching=3, depth=3, q=0.9)
    shown = {line.end: (line.marker, line.color) for line in explorer.lines if line.marker}
    assert drawn["best ordering"] == shown["best"]
    assert drawn["best move first with probability q = 0.9"] == shown["q = 0.9"]
    assert drawn["random ordering"] == shown["random"]
    assert drawn["worst ordering"] == shown["worst"]
    assert drawn["best move first with probability q = 0.5"][0] not in {shape for shape, _ in shown.values()}
