"""The SVG explorers write exponents and subscripts as real ones (issue #31): no "^" or "_" in
any drawn text, the legend wrapped by the width its smaller scripts take and clear of the data,
and the text alternative and status line saying them in words."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mmlib import widgets
from mmlib.draw.lineplot import (
    FONT_PX,
    LEFT,
    LEGEND_TEXT,
    SCRIPT_SIZE,
    Line,
    line_plot_svg,
    script_width,
    spoken,
)
from mmlib.draw.svg_text import set_width

NS = "{http://www.w3.org/2000/svg}"
KNUTH_MOORE = "Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1: best order"


def runs(text: ET.Element) -> list[tuple[str, float, float]]:
    """What a <text> draws, as (characters, font size, baseline shift) runs: its own text and
    each tspan's at the size and height the tspan sets (dy adds up, as SVG says)."""
    size = float(text.get("font-size", FONT_PX))
    out, shift = [(text.text or "", size, 0.0)], 0.0
    for span in text:
        shift += float(span.get("dy", 0))
        out.append((span.text or "", float(span.get("font-size", size)), shift))
        out.append((span.tail or "", size, shift))
    return [run for run in out if run[0]]


def drawn_texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{NS}text")]


@pytest.fixture(scope="module")
def explorers() -> list[tuple[str, str, str]]:
    """(name, svg, status line) of each SVG explorer, small enough to answer at once."""
    growth = widgets.growth_explorer(branching=3, depth=5, ordering="random", node_budget=20_000)
    minimax = widgets.growth_explorer(branching=2, depth=4, algorithm="minimax", node_budget=20_000)
    orderings = widgets.orderings_explorer(branching=2, depth=4, q=0.6, node_budget=20_000)
    quality = widgets.quality_explorer(branching=2, depth=2, trees=1, node_budget=20_000)
    return [(name, explorer.svg, explorer.status.value) for name, explorer in
            (("growth", growth), ("minimax", minimax), ("orderings", orderings), ("quality", quality))]


@pytest.mark.slow
def test_no_explorer_draws_a_caret_or_an_underscore_and_the_words_say_powers(explorers):
    for name, svg, status in explorers:
        texts = drawn_texts(svg)
        assert texts and not [t for t in texts if "^" in t or "_" in t], name
        alternative = ET.fromstring(svg).get("aria-label")
        assert "^" not in alternative and "_" not in alternative and "ᵈ" not in alternative, name
        assert "to the power d" in alternative, name            # bᵈ, every explorer's guide
        assert "_" not in status and "^" not in status, name
    growth_svg, growth_status = explorers[0][1:]
    assert "b to the power (d/2 rounded up) + b to the power (d/2 rounded down) − 1" in \
        ET.fromstring(growth_svg).get("aria-label")
    assert "Pearl&#x27;s growth rate R₃ = " in growth_status


@pytest.mark.slow
def test_the_legend_with_its_scripts_stays_clear_of_the_data_and_inside_the_picture(explorers):
    for name, svg, _ in explorers:
        root = ET.fromstring(svg)
        width = float(root.get("width"))
        frames = [float(r.get("y")) + float(r.get("height")) for r in root.iter(f"{NS}rect")
                  if r.get("fill") == "white"]
        boxes = []
        for entry in root.iter(f"{NS}g"):
            if entry.get("class") != "legend-entry":
                continue
            for text in entry.iter(f"{NS}text"):
                x, y = float(text.get("x")), float(text.get("y"))
                parts = runs(text)
                right = x + sum(set_width(chars, size) for chars, size, _ in parts)
                top = min(y + shift - 0.8 * size for _, size, shift in parts)
                bottom = max(y + shift + 0.25 * size for _, size, shift in parts)
                assert top > max(frames) and right <= width, (name, "".join(text.itertext()))
                boxes.append((top, bottom))
        boxes.sort()
        assert all(upper[1] <= lower[0] for upper, lower in zip(boxes, boxes[1:], strict=False)), name


def test_scripts_are_set_as_large_as_the_text_and_wrapped_by_their_width():
    # an exponent smaller than the 15 px text could not be read from the back of a room
    assert SCRIPT_SIZE == 1
    room = script_width(KNUTH_MOORE, FONT_PX) - 10          # a little too narrow: the label takes two lines
    svg = line_plot_svg([Line(KNUTH_MOORE, [1, 2], [3, 5])], title="t", xlabel="d", ylabel="leaves",
                        width=room + LEFT + LEGEND_TEXT + 8)
    legend = [t for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("class") == "legend-entry"
              for t in g.iter(f"{NS}text")]
    assert " ".join("".join(t.itertext()) for t in legend) == "Knuth–Moore b⌈d/2⌉ + b⌊d/2⌋ − 1: best order"
    assert len(legend) == 2
    scripts = [(chars, size) for t in legend for chars, size, shift in runs(t) if shift]
    assert [chars for chars, _ in scripts if chars.strip()] == ["⌈d/2⌉", "⌊d/2⌋"]
    assert all(size == FONT_PX for _, size in scripts)


def test_scripts_are_raised_or_lowered_and_the_text_after_them_comes_back():
    svg = line_plot_svg([Line("R_b and b^2 then c", [1, 2], [3, 5])], title="t", xlabel="d", ylabel="y")
    text, = [t for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("class") == "legend-entry"
             for t in g.iter(f"{NS}text")]
    down, up = round(0.25 * FONT_PX, 1), -0.4 * FONT_PX    # a quarter of the text lower, 0.4 higher
    assert [(chars, round(shift, 1)) for chars, _, shift in runs(text)] == [
        ("R", 0), ("b", down), (" ", down), ("and b", 0), ("2", up), (" ", up), ("then c", 0)]
    assert spoken("R_b and b^2 then c") == "R sub b and b to the power 2 then c"
