"""Figures readable from the back row, read as a person sees them: one legend under a figure of
several trees, its entries in as many columns as fit the figure's width; a static value at a
depth limit written differently from a backed-up one (and the legend saying how)."""

import re

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from oracles import HORIZON_TREE

from mmlib import draw, search, trees
from mmlib.draw.legend import legend_rows
from mmlib.draw.svg import tree_svg
from mmlib.draw.tikz import tree_tikz
from mmlib.errors import ArgumentError

W, L = 100, -100
CS312 = [[[1, 5, 6], [8, 3]], [L, [1, W]]]           # lecture 04's fail-hard figure


def _rendered(figure):
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    return canvas.get_renderer()


def _legend_boxes(figure, legend):
    """The box of each legend entry as drawn (pixels): from its glyph's left end to its words' end."""
    renderer = _rendered(figure)
    texts = [text.get_window_extent(renderer) for text in legend.get_texts()]
    glyph = legend.handlelength * legend._fontsize * figure.dpi / 72           # the glyph's width
    pad = legend.handletextpad * legend._fontsize * figure.dpi / 72
    return [(box.x0 - glyph - pad, box.y0, box.x1, box.y1) for box in texts]


def _rows(boxes):
    """The entries' boxes grouped by the line they stand on (same bottom, to a pixel)."""
    rows: dict[int, list] = {}
    for box in boxes:
        rows.setdefault(round(box[1]), []).append(box)
    return [sorted(row) for _, row in sorted(rows.items(), reverse=True)]


def _fills_its_rows(figure, legend):
    """Every legend row fits the figure, and the first entry of each next row would not have fit
    at the end of the row before it (as many columns as fit)."""
    width = figure.get_figwidth() * figure.dpi
    rows = _rows(_legend_boxes(figure, legend))
    space = legend.columnspacing * legend._fontsize * figure.dpi / 72
    for row, after in zip(rows, rows[1:] + [None], strict=True):
        assert row[0][0] >= 0 and row[-1][2] <= width, row
        if after is not None:
            first = after[0]
            assert row[-1][2] + space + (first[2] - first[0]) > width - 8, (row, first)
    return rows


def test_the_row_rule_fills_each_row_before_the_next():
    assert legend_rows([40, 40, 40, 40], 100) == [[0, 1], [2, 3]]
    assert legend_rows([90, 10, 10], 100) == [[0, 1], [2]]
    assert legend_rows([150, 10], 100) == [[0], [1]]                    # too long for a row: its own


def test_a_legend_takes_as_many_columns_as_fit_the_figure():
    literal = search.alphabeta(trees.from_nested(CS312), variant="fail-hard", cutoff=">", alpha=L, beta=W,
                               trace=True)
    figure = draw.draw_tree(literal, windows=True, title="CS312: fail-hard alpha-beta")
    legend = figure.axes[0].get_legend()
    assert len(legend.get_texts()) == 9
    rows = _fills_its_rows(figure, legend)
    assert len(rows) <= 4                                  # (one column would be 9 rows)
    assert len(rows[0]) >= 4


def test_a_chance_tree_legend_fills_its_rows():
    aima = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]    # AIMA figure 5.12 (left)
    tree = trees.layered_tree(aima, layers="max chance min")
    figure = draw.draw_tree(search.expectiminimax(tree, pruning="star1", trace=True), windows=True)
    legend = figure.axes[0].get_legend()
    rows = _fills_its_rows(figure, legend)
    assert len(rows) < len(legend.get_texts()) - 3


def horizon_panels():
    horizon = trees.from_text(HORIZON_TREE)
    return draw.draw_trees([search.minimax(horizon, depth=depth, trace=True) for depth in (2, 4)],
                           titles=[f"minimax to depth {depth}" for depth in (2, 4)])


def test_two_panels_have_one_legend_that_says_each_mark_once():
    figure = horizon_panels()
    assert [ax.get_legend() for ax in figure.axes] == [None, None]
    assert len(figure.legends) == 1
    words = [text.get_text() for text in figure.legends[0].get_texts()]
    assert len(words) == len(set(words))
    assert {"MAX", "MIN", "leaf", "faded: not searched", "order of evaluation"} <= set(words)
    _fills_its_rows(figure, figure.legends[0])
    renderer = _rendered(figure)
    legend = figure.legends[0].get_window_extent(renderer)
    for ax in figure.axes:                                 # under both trees, over neither
        texts = [text.get_window_extent(renderer) for text in ax.texts
                 if text.get_visible() and text.get_text()]
        assert min(box.y0 for box in texts) > legend.y1 - 1


def test_two_panels_refuse_titles_that_do_not_match():
    with pytest.raises(ArgumentError, match="titles: expected one title for each of the 2 trees, got 1"):
        draw.draw_trees([[[1, 2]], [[3, 4]]], titles=["one"])


def _values_beside(ax):
    """Inner nodes' values as drawn: node label -> (text, weight)."""
    notes = [t for t in ax.texts if hasattr(t, "xy") and t.get_visible() and t.get_text()]
    label_at = {t.xy: t.get_text() for t in notes if t.get_text().isalpha()}
    return {label_at[t.xy]: (t.get_text(), t.get_fontweight()) for t in notes
            if t.get_text() != label_at.get(t.xy) and t.get_ha() in ("left", "right")
            and t.get_color() != "white" and t.xy in label_at and re.fullmatch(r"[−\d.]+", t.get_text())}


def test_a_static_value_is_plain_and_a_backed_up_value_bold():
    figure = horizon_panels()
    depth_2, depth_4 = (_values_beside(ax) for ax in figure.axes)
    # to depth 2, D and E are evaluated statically (−9, −1); A, B, C back up their children's values
    assert {label: weight for label, (_, weight) in depth_2.items()} == {
        "A": "bold", "B": "bold", "C": "bold", "D": "normal", "E": "normal"}
    assert depth_2["D"][0] == "−9" and depth_2["E"][0] == "−1"
    assert all(weight == "bold" for _, weight in depth_4.values())      # to depth 4 nothing is static
    words = [text.get_text() for text in figure.legends[0].get_texts()]
    assert ("plain −9 beside a node: its static evaluation at the depth limit "
            "(bold: backed up from below)") in words


def test_svg_and_tikz_write_a_static_value_plainly_too():
    result = search.minimax(trees.from_text(HORIZON_TREE), depth=2, trace=True)
    svg = tree_svg(result)
    static = re.findall(r'<text [^>]*class="static value"[^>]*>([^<]*)</text>', svg)
    assert sorted(static) == ["−1", "−9"]
    assert all("font-weight" not in tag for tag in re.findall(r'<text [^>]*class="static value"[^>]*>', svg))
    assert len(re.findall(r'<text [^>]*class="value"[^>]*font-weight="bold"', svg)) == 3     # A, B, C
    assert "plain −9 beside a node: its static evaluation" in svg
    tikz = tree_tikz(result)
    beside = [line for line in tikz.splitlines() if "anchor=south" in line]          # values beside nodes
    assert len(beside) == 5
    assert sorted(line.split("{")[-1] for line in beside if "bfseries" not in line) == ["$-$1};", "$-$9};"]


@pytest.mark.parametrize("title", ["X 0, O 4, X 8 = X 8, O 4, X 0",
                                   "after X takes a corner and O the centre, X takes the opposite corner",
                                   "X to move"])
def test_a_board_title_fits_its_figure(title):
    from mmlib import games

    game = games.TicTacToe()
    state = game.play(game.play(game.initial, 0), 4)
    figure = draw.draw_board(game, state, title=title)
    renderer = _rendered(figure)
    box = figure.axes[0].title.get_window_extent(renderer)
    assert 0 <= box.x0 and box.x1 <= figure.bbox.width, (title, box)
    assert figure.axes[0].get_title().replace("\n", " ") == title           # the same words, wrapped


def _ring_clearances(svg):
    """For the dashed ring round the current node: how far (px) each value or window written
    beside that node stands from the ring's outer edge (its box's nearest point)."""
    from mmlib.draw.svg_text import set_width

    ring = re.search(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" [^>]*stroke-width="([\d.]+)"'
                     r'[^>]*class="current-ring"', svg)
    if ring is None:
        return []
    cx, cy, r, stroke = map(float, ring.groups())
    out = []
    beside = r'<text ([^>]*class="(?:static )?(?:value|window)"[^>]*)>([^<]*)</text>'
    for tag, words in re.findall(beside, svg):
        x, y, size = (float(re.search(rf'\b{name}="([\d.]+)"', tag).group(1))
                      for name in ("x", "y", "font-size"))
        width = set_width(words, size)
        left = x - width if 'text-anchor="end"' in tag else x - width / 2 if "middle" in tag else x
        box = (left, y - 0.8 * size, left + width, y + 0.25 * size)
        dx = max(box[0] - cx, 0.0, cx - box[2])
        dy = max(box[1] - cy, 0.0, cy - box[3])
        distance = (dx * dx + dy * dy) ** 0.5 - r - stroke / 2
        if distance < 30:                                  # written beside this node
            out.append((words, round(distance, 2)))
    return out


def test_a_value_beside_the_current_node_keeps_clear_of_its_ring():
    # lecture 10's Monte Carlo tree search: B's 1/1 stood 2.75 px from the ring round B
    wdl = trees.from_nested([[1, -1], [1, 0], [-1, -1]])
    result = search.mcts(wdl, iterations=8, seed=0, trace=True)
    near = [found for step in range(len(result.trace) + 1)
            for found in _ring_clearances(tree_svg(result, step=step))]
    assert any(words == "1/1" for words, _ in near)
    assert min(distance for _, distance in near) >= 4.5, sorted(near, key=lambda found: found[1])[:3]
    alphabeta = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    near = [found for step in range(0, len(alphabeta.trace) + 1, 4)
            for found in _ring_clearances(tree_svg(alphabeta, step=step, windows=True))]
    assert near and min(distance for _, distance in near) >= 4.5


def test_the_latex_legend_fills_its_rows_too():
    literal = search.alphabeta(trees.from_nested(CS312), variant="fail-hard", cutoff=">", alpha=L, beta=W,
                               trace=True)
    tikz = tree_tikz(literal, windows=True)
    legend = tikz.split("% legend", 1)[1]
    words = re.findall(r"scriptsize, inner sep=1pt\] at \(\[yshift=(-[\d.]+)pt\]", legend)
    assert len(words) == 9
    assert len(set(words)) <= 5                          # rows of several entries, not nine of one
