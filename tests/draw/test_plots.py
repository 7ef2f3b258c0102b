"""Growth plots with matplotlib (mmlib.draw.plots): measurements against b^d, Knuth–Moore and Pearl on a log
axis, the effective branching factor against its limits, bad rows refused, and legends that say "exactly
on" only for equal data."""

import pytest
from support import png_bytes

from mmlib import analysis, draw
from mmlib.errors import ArgumentError


def rows_for(branching, depths, ordering, algorithm, leaves_of):
    return [{"branching": branching, "depth": d, "ordering": ordering, "algorithm": algorithm, "seed": 0,
             "nodes": leaves_of(d) * 2, "leaves": leaves_of(d), "cutoffs": 0} for d in depths]


@pytest.mark.slow
def test_growth_plot_draws_measurements_and_theory_on_a_log_axis():
    rows = rows_for(3, range(1, 6), "worst", "minimax", lambda d: 3 ** d) + \
        rows_for(3, range(1, 6), "best", "alphabeta", lambda d: 3 ** ((d + 1) // 2) + 3 ** (d // 2) - 1)
    figure = draw.plot_growth(rows)
    ax = figure.axes[0]
    assert ax.get_yscale() == "log"
    labels = [line.get_label() for line in ax.get_lines()]
    # the measurements lie exactly on the theory, and their legend entries say so
    assert "minimax, worst ordering — exactly on $b^d$" in labels
    assert "alpha-beta, best ordering — exactly on Knuth–Moore" in labels
    lines = {line.get_label().split(" — ")[0]: list(line.get_ydata()) for line in ax.get_lines()}
    assert lines["minimax, worst ordering"] == [3, 9, 27, 81, 243]
    theory = {label: ys for label, ys in lines.items() if label.startswith("$b^d$")}
    assert list(theory.values()) == [[3, 9, 27, 81, 243]]
    knuth_moore = next(ys for label, ys in lines.items() if label.startswith("Knuth"))
    assert knuth_moore == lines["alpha-beta, best ordering"] == [3, 5, 11, 17, 35]
    assert png_bytes(figure) and png_bytes(draw.plot_growth(rows, measure="nodes"))


def test_ebf_plot_has_square_root_and_pearl_lines():
    rows = rows_for(4, [2, 4], "best", "alphabeta", lambda d: 4 ** ((d + 1) // 2) + 4 ** (d // 2) - 1)
    ax = draw.plot_ebf(rows).axes[0]
    lines = {line.get_label().split(" — ")[0]: list(line.get_ydata()) for line in ax.get_lines()}
    assert lines["alpha-beta, best ordering"] == pytest.approx([7 ** 0.5, 31 ** 0.25])
    assert lines["limit for the best ordering: √4 = 2.000"][0] == pytest.approx(2.0)
    assert lines["Knuth–Moore best case (b=4)"] == pytest.approx([7 ** 0.5, 31 ** 0.25])
    pearl = next(ys for label, ys in lines.items() if label.startswith("limit for random ordering: $R_{4}$"))
    xi = 0.5
    for _ in range(200):  # R_b = xi / (1 - xi), xi the root of x^4 + x - 1 (Newton's method)
        xi -= (xi ** 4 + xi - 1) / (4 * xi ** 3 + 1)
    assert pearl[0] == pytest.approx(xi / (1 - xi))


def test_pearl_is_a_rate_per_ply_fitted_to_random_ordering_and_never_below_knuth_moore():
    depths = range(1, 7)
    random = rows_for(4, depths, "random", "alphabeta", lambda d: [4, 14, 40, 120, 330, 900][d - 1])
    best = rows_for(4, depths, "best", "alphabeta", lambda d: 4 ** ((d + 1) // 2) + 4 ** (d // 2) - 1)
    lines = {line.get_label(): (list(line.get_xdata()), list(line.get_ydata()))
             for line in draw.plot_growth(random + best).axes[0].get_lines()}
    xs, pearl = next(v for label, v in lines.items() if label.startswith("Pearl"))
    rate = 2.6297                                            # R_4, Pearl (1982)
    assert (xs[-1], pearl[-1]) == (6, pytest.approx(900))    # through the deepest random point
    assert all(b / a == pytest.approx(rate, abs=1e-3) for a, b in zip(pearl, pearl[1:], strict=False))
    _, km = next(v for label, v in lines.items() if label.startswith("Knuth"))
    assert all(p >= km[d - 1] for d, p in zip(xs, pearl, strict=True))
    # no random ordering measured: no Pearl curve at all (minimax-only and best-only plots)
    assert not any(label.startswith("Pearl") for line in draw.plot_growth(best).axes[0].get_lines()
                   for label in [line.get_label()])


def test_plots_reject_bad_rows():
    with pytest.raises(ArgumentError, match="rows"):
        draw.plot_growth([{"depth": 1}])
    with pytest.raises(ArgumentError, match="measure"):
        draw.plot_growth(rows_for(2, [1], "best", "alphabeta", lambda d: 2), measure="time")


def test_the_matplotlib_legend_says_exactly_only_for_equal_data():
    from matplotlib.figure import Figure

    from mmlib.draw.plots import legend_below

    figure = Figure(figsize=(6, 4), layout="constrained")
    ax = figure.add_subplot()
    ax.set_yscale("log")
    ax.plot([1, 2, 3, 4], [39, 292, 2185, 22_164], label="+ killers")
    ax.plot([1, 2, 3, 4], [39, 292, 2185, 22_165], label="+ history", ls=":")
    ax.plot([1, 2, 3, 4], [39, 292, 2185, 22_165], label="again", ls="--")
    legend_below(figure)
    assert [t.get_text() for t in figure.legends[0].get_texts()] == [
        "+ killers — on + history to the eye, at most 1 apart", "+ history — exactly on again", "again"]


def test_a_plot_legend_fills_rows_left_to_right_within_the_figure():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from mmlib import analysis

    rows = analysis.sweep([3], [1, 2, 3], ["best", "random", "worst"], ["alphabeta"])
    figure = draw.plot_growth(rows)
    legend, = figure.legends
    canvas = FigureCanvasAgg(figure)
    canvas.draw()                                          # laid out as it is shown
    boxes = [text.get_window_extent(canvas.get_renderer()) for text in legend.get_texts()]
    # a row's texts share a baseline; their middles differ by less than half a line (an exponent)
    line = min(box.height for box in boxes)
    row_of: list[int] = []
    for box in boxes:
        middles = [(boxes[i].y0 + boxes[i].y1) / 2 for i in range(len(row_of)) if row_of[i] == row_of[-1]] \
            if row_of else []
        same = middles and abs(middles[0] - (box.y0 + box.y1) / 2) < line / 2
        row_of.append(row_of[-1] if same else (row_of[-1] + 1 if row_of else 0))
    assert 1 < row_of[-1] + 1 == legend.rows < len(boxes)      # rows, more than one entry in some
    # in label order: along a row left to right, then the next row down, each row under the last
    assert all(boxes[i].x0 < boxes[i + 1].x0 for i in range(len(boxes) - 1) if row_of[i] == row_of[i + 1])
    firsts = [boxes[row_of.index(r)] for r in range(row_of[-1] + 1)]
    assert all(upper.y0 > lower.y1 - line / 2 for upper, lower in zip(firsts, firsts[1:], strict=False))
    width = figure.bbox.width
    assert all(0 <= box.x0 and box.x1 <= width for box in boxes)


def test_series_of_one_search_and_one_ordering_are_named_by_their_branching_factor_alone():
    # the search and the ordering every series shares are said once, on the axis, not in every entry
    rows = analysis.sweep([2, 3, 4], [1, 2], ["random"], ["minimax"])
    ax = draw.plot_growth(rows, theory=False).axes[0]
    assert [line.get_label() for line in ax.get_lines()] == ["b = 2", "b = 3", "b = 4"]
    assert ax.get_ylabel() == "leaves evaluated by minimax, random ordering (log scale)"
    rows = analysis.sweep([2, 3], [1, 2], ["random", "best"], ["alphabeta"])
    two_orderings = draw.plot_growth(rows, theory=False)
    assert two_orderings.axes[0].get_lines()[0].get_label() == "b = 2: alpha-beta, random ordering"


def test_pearls_line_can_be_left_out_and_the_other_guides_stay():
    rows = analysis.sweep([3], [1, 2, 3, 4], ["random", "best"], ["alphabeta"])
    with_pearl = [line.get_label() for line in draw.plot_growth(rows).axes[0].get_lines()]
    without = [line.get_label() for line in draw.plot_growth(rows, pearl=False).axes[0].get_lines()]
    assert any(label.startswith("Pearl") for label in with_pearl)
    assert not any(label.startswith("Pearl") for label in without)
    assert any(label.startswith("$b^d$") for label in without)
    assert any(label.startswith("Knuth–Moore") or "Knuth–Moore" in label for label in without)
    with pytest.raises(ArgumentError, match="pearl"):
        draw.plot_growth(rows, pearl="no")
