"""A legend says "exactly on" another line only when the two lines' data are equal; a line that is
one with another only to the eye says so and how far apart the data are (issue #31: lecture 11's
"+ killers ... exactly on + history" at 22,164 against 22,165 nodes).  Legends fit inside the
drawing, and a log axis writes its ticks in one format."""

from __future__ import annotations

import html
import re

import pytest

from mmlib.draw.lineplot import Line, gap, line_plot_svg, say_coinciding

DRAWN = [[(0.0, 100.0), (100.0, 50.0)], [(0.0, 100.0), (100.0, 50.0)]]


def test_equal_data_are_exactly_on_each_other():
    labels = say_coinciding(["+ killers", "+ history"], DRAWN,
                            [[(3, 2185), (4, 22_164)], [(3, 2185), (4, 22_164)]])
    assert labels == ["+ killers — exactly on + history", "+ history"]


def test_data_one_node_apart_are_not_exactly_on_each_other():
    labels = say_coinciding(["+ killers", "+ history"], DRAWN,
                            [[(3, 2185), (4, 22_164)], [(3, 2185), (4, 22_165)]])
    assert labels == ["+ killers — on + history to the eye, at most 1 apart", "+ history"]
    assert not any("exactly" in label for label in labels)


def test_the_gap_is_the_largest_difference_and_rounds_a_share_up():
    assert gap([(1, 10), (2, 20)], [(1, 13), (2, 20)]) == "3"
    assert gap([(1, 1.0), (2, 2.0)], [(1, 1.0), (2, 2.0000000000000004)]) == ""   # float rounding only
    assert gap([(1, 1.0)], [(1, 1.001)]) == "0.1%"            # 0.0999...%, rounded up, never down
    assert gap([(1, 5)], [(2, 5)]) is None                     # no common x: nothing to compare


def test_a_line_named_by_the_other_is_not_said_twice():
    named = ["MVV-LVA: 2,185 nodes", "+ killers: 2,185 nodes, drawn over MVV-LVA"]
    assert say_coinciding(named, DRAWN, [[(3, 2185)], [(3, 2185)]]) == named


def _legend_texts(svg: str) -> list[tuple[str, str]]:
    """(x, words) of each text of the legend."""
    legend = svg.split('class="legend-entry"', 1)[1]
    return re.findall(r'<text x="([\d.]+)" y="[\d.]+">([^<]*)</text>', legend)


def _dejavu_width(words: str, size: float) -> float:
    from matplotlib import font_manager
    from PIL import ImageFont

    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans"))
    return float(ImageFont.truetype(path, round(size)).getlength(words))


def test_the_plot_says_exactly_only_for_equal_counts_and_its_legend_fits_the_drawing():
    depths = [1, 2, 3, 4]
    killers = Line("+ killers: 22,164 nodes at depth 4, within 10% of MVV-LVA", depths,
                   [39, 292, 2185, 22_164])
    history = Line("+ history: 22,165 nodes at depth 4, within 10% of MVV-LVA", depths,
                   [39, 292, 2185, 22_165], "#D55E00", "8 4", "square")
    svg = line_plot_svg([killers, history], title="t", xlabel="d", ylabel="nodes")
    words = " ".join(text for _, text in _legend_texts(svg))
    assert "on + history to the eye, at most 1 apart" in words and "exactly" not in words
    width = float(re.search(r'width="([\d.]+)"', svg).group(1))
    assert all(float(x) + _dejavu_width(html.unescape(text), 15) <= width for x, text in _legend_texts(svg))
    assert len(_legend_texts(svg)) == 3                         # the long label takes two rows
    same = line_plot_svg([killers, Line("+ history", depths, [39, 292, 2185, 22_164], "#D55E00", "8 4")],
                         title="t", xlabel="d", ylabel="nodes")
    assert "exactly on + history" in same


@pytest.mark.parametrize(("top", "expected"), [
    (2e6, ["10²", "10³", "10⁴", "10⁵", "10⁶"]),                 # BK.12 to depth 4: one format, powers
    (30_000, ["100", "1,000", "10,000"]),                       # below 10⁵: numbers written out
])
def test_a_log_axis_writes_its_ticks_in_one_format(top, expected):
    svg = line_plot_svg([Line("nodes", [1, 2], [60, top])], title="t", xlabel="d", ylabel="nodes",
                        y_range=(60, top))
    ticks = re.findall(r'<text x="72.0" y="[\d.]+" text-anchor="end">([^<]*)</text>', svg)
    assert ticks == expected
