"""Names written at the ends of lines: each beside its own line, none over another, in both painters."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mmlib.draw import label_ends
from mmlib.draw.endlabels import spread
from mmlib.draw.lineplot import Line, line_plot_svg
from mmlib.draw.style import MAX_HEIGHT_PX, PX_PER_INCH


@given(st.lists(st.floats(0, 500), max_size=8), st.floats(5, 30))
def test_spread_keeps_order_and_gap_and_moves_nothing_that_fits(wanted, gap):
    placed = spread(wanted, gap=gap)
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    for before, after in zip(order, order[1:], strict=False):
        assert placed[after] - placed[before] >= gap - 1e-6          # apart, in the order wanted
    alone = [i for i in range(len(wanted)) if all(abs(wanted[i] - wanted[j]) >= 2 * gap * len(wanted)
                                                  for j in range(len(wanted)) if j != i)]
    assert all(placed[i] == pytest.approx(wanted[i]) for i in alone)  # far from every other: not moved


def test_spread_stays_inside_its_range_when_the_names_fit():
    placed = spread([0.0, 1.0, 99.0, 100.0], gap=10.0, low=0.0, high=100.0)
    assert min(placed) >= 0.0 and max(placed) <= 100.0
    assert sorted(placed) == placed and min(b - a for a, b in zip(placed, placed[1:], strict=False)) >= 10.0


def svg_end_labels(svg: str) -> list[tuple[str, float]]:
    found = re.findall(r'<g class="end-label">.*?<text x="[\d.]+" y="([\d.]+)">([^<]*)</text>', svg)
    return [(name, float(y)) for y, name in found]


def test_svg_lines_that_end_together_are_named_apart():
    lines = [Line("random order", [1, 2, 3], [3, 9, 27], end="random"),
             Line("q = 0.5", [1, 2, 3], [3, 9, 26], marker="square", end="q = 0.5"),
             Line("best", [1, 2, 3], [3, 5, 11], marker="triangle", end="best"),
             Line("guide", [1, 3], [3, 27], marker="")]
    svg = line_plot_svg(lines, title="t", xlabel="d", ylabel="leaves")
    names = svg_end_labels(svg)
    assert [name for name, _ in names] == ["random", "q = 0.5", "best"]       # guides are not named
    ys = sorted(y for _, y in names)
    assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) >= 15         # one text line apart
    assert "end-label" not in line_plot_svg(lines[3:], title="t", xlabel="d", ylabel="leaves")


def test_matplotlib_names_at_line_ends_do_not_overlap():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, 5), layout="constrained")
    ax = figure.add_subplot()
    ax.set_yscale("log")
    for index, name in enumerate(["iterative deepening", "+ killers", "+ table"]):
        ax.plot([1, 2, 3], [8, 40, 13000 + 300 * index], marker="os^"[index], label=name)
    assert label_ends(ax) == ["+ table", "+ killers", "iterative deepening"]
    figure.draw_without_rendering()
    from matplotlib.text import Text

    boxes = sorted((Text.get_window_extent(text) for text in ax.texts), key=lambda box: box.y0)  # words only
    assert len(boxes) == 3 and all(not a.overlaps(b) for a, b in zip(boxes, boxes[1:], strict=False))
    assert all(box.x0 > ax.get_window_extent().x1 for box in boxes)          # right of the axes


def test_the_ratio_panel_divides_by_knuth_moore_and_names_each_line():
    from mmlib import draw
    from mmlib.errors import ArgumentError

    leaves = {"best": [3, 5, 11, 17], "random": [3, 7, 19, 40], "worst": [3, 9, 27, 81]}   # as a sweep gives
    rows = [{"branching": 3, "depth": d, "ordering": ordering, "algorithm": "alphabeta", "seed": 0,
             "leaves": counts[d - 1]} for ordering, counts in leaves.items() for d in (1, 2, 3, 4)]
    upper, lower = draw.plot_growth(rows, ratio=True, end_names=True).axes
    worst = next(line for line in lower.get_lines() if "worst" in line.get_label())
    minimum = [3 ** -(-d // 2) + 3 ** (d // 2) - 1 for d in (1, 2, 3, 4)]       # Knuth–Moore, written out
    expected = [3 ** d / m for d, m in zip((1, 2, 3, 4), minimum, strict=True)]
    assert [float(y) for y in worst.get_ydata()] == pytest.approx(expected)
    # Pearl's rate, fitted to the random series, is drawn (and named) on the upper panel only
    assert [text.get_text() for text in lower.texts] + ["Pearl"] == [text.get_text() for text in upper.texts]
    assert sorted(text.get_text() for text in lower.texts) == ["best", "random", "worst"]
    with pytest.raises(ArgumentError, match="ax"):
        draw.plot_growth(rows, ratio=True, ax=upper)


@pytest.mark.slow
def test_pearls_line_says_at_which_depths_it_runs_on_the_random_series():
    """Pearl's line goes through the deepest random point and grows by R_4 per ply: made to meet
    the random series again one ply up and to run far from it below, its legend entry names
    exactly those depths (and nothing when the two only meet at the point it is drawn through)."""
    from mmlib import draw

    rate = 2.6297                                                           # R_4, Pearl (1982)
    def rows(leaves):
        return [{"branching": 4, "depth": d, "ordering": "random", "algorithm": "alphabeta", "seed": 0,
                 "leaves": v} for d, v in enumerate(leaves, start=1)]

    meets = rows([4, 30, 120, 1000 / rate, 1000])                           # on Pearl at depths 4 and 5
    figure = draw.plot_growth(meets, ratio=True, end_names=True)
    (pearl,) = [line.get_label() for line in figure.axes[0].get_lines()
                if line.get_label().startswith("Pearl")]
    assert pearl.endswith(" — on random at depths 4–5")
    assert "Pearl" in [text.get_text() for text in figure.axes[0].texts]      # and named at its end
    assert figure.get_size_inches()[1] * PX_PER_INCH <= MAX_HEIGHT_PX       # two panels fit a slide
    apart = rows([4, 16, 60, 200, 1000])                                    # 1000 / 200 = 5 per ply: apart
    (pearl,) = [line.get_label() for line in draw.plot_growth(apart).axes[0].get_lines()
                if line.get_label().startswith("Pearl")]
    assert pearl.endswith(" — on random at depth 5")
