"""line_plot_svg on an axis of categories (issue #31: lecture 11's orderings were read off a numbered
axis through the legend): each tick carries its name, a long name wraps to the room between two
ticks and pushes the axis label and the legend down, the text alternative says the names, and a
wrong number of names is refused by name."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mmlib.draw.lineplot import FONT_PX, Line, line_plot_svg
from mmlib.draw.svg_text import text_width
from mmlib.errors import ArgumentError, MmlibError

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["generator", "random", "MVV-LVA", "+ killers", "+ history", "+ previous iteration"]


def plot(names: list[str]) -> ET.Element:
    ticks = list(range(1, len(names) + 1))
    lines = [Line(f"{name}: b* = {k}", [tick], [k + 5.0])
             for k, (tick, name) in enumerate(zip(ticks, names, strict=True))]
    return ET.fromstring(line_plot_svg(lines, title="b* by ordering", xlabel="ordering", ylabel="b*",
                                       log_y=False, x_ticks=ticks, x_names=names, y_range=(0, 20)))


def texts(root: ET.Element) -> list[ET.Element]:
    return [t for t in root.iter(f"{NS}text") if t.get("text-anchor") == "middle" and not t.get("class")]


def test_every_tick_is_named_and_no_two_names_overlap():
    root = plot(NAMES)
    frame = next(r for r in root.iter(f"{NS}rect") if r.get("fill") == "white")
    bottom = float(frame.get("y")) + float(frame.get("height"))
    names = [t for t in texts(root) if t.text != "ordering"]
    assert " ".join(t.text for t in names) == " ".join(NAMES)          # "+ previous" / "iteration": wrapped
    assert len(names) == len(NAMES) + 1
    first_row = [t for t in names if float(t.get("y")) == bottom + 20]
    spans = sorted((float(t.get("x")) - text_width(t.text, FONT_PX) / 2,
                    float(t.get("x")) + text_width(t.text, FONT_PX) / 2) for t in first_row)
    assert all(right < left for (_, right), (left, _) in zip(spans, spans[1:], strict=False))
    assert spans[-1][1] <= float(root.get("width"))


def test_a_wrapped_name_pushes_the_axis_label_and_the_legend_down():
    def below(root: ET.Element) -> tuple[float, float]:
        label = next(float(t.get("y")) for t in texts(root) if t.text == "ordering")
        legend = min(float(g.find(f"{NS}text").get("y")) for g in root.iter(f"{NS}g")
                     if g.get("class") == "legend-entry")
        return label, legend
    one_row, two_rows = below(plot(NAMES[:5] + ["+ previous"])), below(plot(NAMES))
    assert two_rows[0] > one_row[0] and two_rows[1] > one_row[1]
    wrapped = max(float(t.get("y")) for t in texts(plot(NAMES)) if t.text == "iteration")
    assert wrapped < two_rows[0]                                       # the label stays under the names


def test_the_text_alternative_says_the_names():
    title = plot(NAMES).find(f"{NS}title").text
    assert "+ killers: b* = 3: (+ killers, 8)." in title


@pytest.mark.parametrize("names", [["one"], "ab"])
def test_names_must_match_the_ticks(names):
    with pytest.raises(ArgumentError, match="x_names") as caught:
        line_plot_svg([Line("a", [1, 2], [1.0, 2.0])], title="t", xlabel="x", ylabel="y", log_y=False,
                      x_ticks=[1, 2], x_names=names)
    assert isinstance(caught.value, MmlibError)


def test_a_single_point_is_shown_in_the_legend_by_its_marker_alone():
    entries = [g for g in plot(NAMES).iter(f"{NS}g") if g.get("class") == "legend-entry"]
    assert entries and all(g.find(f"{NS}line") is None for g in entries)         # drawn without a line
    assert all(g.find(f"{NS}circle") is not None for g in entries)
    two_points = ET.fromstring(line_plot_svg([Line("a", [1, 2], [1.0, 2.0])], title="t", xlabel="x",
                                             ylabel="y"))
    assert next(g for g in two_points.iter(f"{NS}g") if g.get("class") == "legend-entry").find(f"{NS}line") \
        is not None
