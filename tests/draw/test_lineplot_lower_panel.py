"""line_plot_svg's lower panel: the same lines with other values under the axes (issue #31: a ratio
to a reference draws apart lines that crowd each other on a log scale), the legend saying where a
line lies on another in either panel, and only where their data are equal saying "exactly"."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from mmlib.draw.lineplot import Line, Lower, line_plot_svg

DEPTHS = [1, 2, 3, 4]


def legend(svg: str) -> list[str]:
    return re.findall(r'<g class="legend-entry">.*?<text[^>]*>([^<]*)</text>', svg)


def plot(upper: list[list[float]], lower: list[list[float] | None]) -> str:
    lines = [Line(f"line {k}", DEPTHS, ys, marker="circle" if k == 0 else "square", end=f"L{k}")
             for k, ys in enumerate(upper)]
    return line_plot_svg(lines, title="t", xlabel="d", ylabel="count",
                         lower=Lower(lower, "ratio", (0.5, 20.0), [1, 2, 5, 10]))


def test_a_line_on_another_only_in_the_lower_panel_says_so_there():
    apart = plot([[2, 4, 8, 16], [3, 9, 27, 81]], [[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0]])
    assert legend(apart) == ["line 0 — exactly on line 1", "line 1"]
    near = plot([[2, 4, 8, 16], [3, 9, 27, 81]], [[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.001]])
    assert legend(near) == ["line 0 — on line 1 to the eye, at most 0.025% apart", "line 1"]
    neither = plot([[2, 4, 8, 16], [3, 9, 27, 81]], [[1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]])
    assert legend(neither) == ["line 0", "line 1"]


def test_the_lower_panel_lies_under_the_axes_with_its_own_ticks_and_end_names():
    svg = plot([[2, 4, 8, 16], [3, 9, 27, 81]], [[1.0, 2.0, 3.0, 4.0], None])
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    frames = [rect for rect in root.iter(f"{ns}rect") if rect.get("fill") == "white"]
    (_, upper_bottom), (lower_top, lower_bottom) = [
        (float(rect.get("y")), float(rect.get("y")) + float(rect.get("height"))) for rect in frames]
    assert upper_bottom < lower_top
    series = [line for line in root.iter(f"{ns}polyline") if line.get("class") == "series"]
    assert len(series) == 3                                   # two above, one below (the other has none)
    below = [[float(p.split(",")[1]) for p in line.get("points").split()] for line in series[2:]]
    assert all(lower_top <= y <= lower_bottom for y in below[0])
    assert below[0] == sorted(below[0], reverse=True)         # 1, 2, 3, 4 rise (y grows downwards)
    assert re.findall(r'class="end-label">.*?<text[^>]*>([^<]*)</text>', svg) == ["L0", "L1", "L0"]
    ticks = [t.text for t in root.iter(f"{ns}text") if t.get("text-anchor") == "end"]
    assert ticks[-4:] == ["1", "2", "5", "10"]
    legend_top = min(float(g.find(f"{ns}line").get("y1")) for g in root.iter(f"{ns}g")
                     if g.get("class") == "legend-entry")
    assert legend_top > lower_bottom                          # the legend under both panels
