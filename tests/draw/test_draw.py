"""Drawings: markers apart, every figure rendered to PNG with Agg, the facts painted and readable text (the
layout's invariants: test_tree_layout.py; the search's marks on a tree: test_tree.py)."""

import itertools

import pytest
from support import A_TO_G, AIMA, CS312, EDGE_CASES, mixed_depths, png_bytes

from mmlib import draw, search, trees
from mmlib.draw import style
from mmlib.draw.display import PAD_INCHES
from mmlib.draw.tree import TreeView, marks_from_events
from mmlib.errors import ArgumentError, ArgumentTypeError


def node_depths(tree):
    return {node.path: len(node.path) for node in tree.nodes()}


@pytest.mark.parametrize("name", EDGE_CASES)
def test_drawn_markers_do_not_overlap(name):
    view = TreeView(EDGE_CASES[name])
    view.figure.canvas.draw()  # fix the layout so data -> pixel is final
    to_pixels = view.ax.transData.transform
    diameter_px = (view.node_size ** 0.5) * view.figure.dpi / 72
    by_level: dict[float, list[float]] = {}
    for x, y in view.positions.values():
        by_level.setdefault(y, []).append(to_pixels((x, y))[0])
    for xs in by_level.values():
        xs.sort()
        assert all(b - a > diameter_px for a, b in itertools.pairwise(xs))
    levels = sorted({to_pixels((0, y))[1] for y in by_level})
    assert all(b - a > diameter_px for a, b in itertools.pairwise(levels))


@pytest.mark.slow
@pytest.mark.parametrize("name", EDGE_CASES)
def test_every_edge_case_renders_to_png(name):
    assert png_bytes(draw.draw_tree(EDGE_CASES[name])).startswith(b"\x89PNG")
    if name != "single leaf":
        result = search.alphabeta(EDGE_CASES[name], trace=True)
        assert len(png_bytes(draw.draw_tree(result, windows=True, edge_labels=True))) > 1000


def test_generated_trees_and_texts_are_drawn():
    assert png_bytes(draw.draw_tree(trees.ordered(3, 3, "best", seed=2)))
    assert png_bytes(draw.draw_tree("AB\nA: B\nB 3\n"))
    result = search.minimax(trees.uniform(2, 4, seed=5))
    assert png_bytes(draw.draw_tree(result))


# -- boards and game trees ------------------------------------------------------------------------

def test_board_and_game_trees_render():
    from mmlib import games

    game = games.TicTacToe()
    late = game.state("XOX|OO.|X..")
    assert png_bytes(draw.draw_board(game, late, last_move=4))
    assert png_bytes(draw.draw_game_tree(game, depth=1))
    assert png_bytes(draw.draw_game_tree(game, late, depth=2))


def test_game_tree_values_follow_the_slides():
    from mmlib import games

    game = games.TicTacToe()
    tree, states = draw.game_tree(game, depth=1)
    # E. Özbilge 2024: open lines E(n) = M(n) - O(n) after X moves: corner 8-5=3, edge 8-6=2, centre 8-4=4
    assert [leaf.value for leaf in tree.leaves()] == [3, 2, 3, 2, 4, 2, 3, 2, 3]
    assert len(states) == 10
    with pytest.raises(ArgumentError, match="max_nodes"):
        draw.draw_game_tree(game, depth=3)
    with pytest.raises(ArgumentTypeError, match="game"):
        draw.draw_board(trees.from_nested(AIMA))


# -- the facts painted: bounds, meaning beyond colour, readable text, no overlaps ---------------------

def test_a_bound_is_drawn_as_a_bound():
    figure = draw.draw_tree(search.alphabeta(AIMA, trace=True))
    view_texts = [t.get_text() for t in figure.axes[0].texts]
    assert view_texts.count("≤ 2") == 1                 # C returns 2 ≤ α = 3 with I, J pruned; D is exact
    assert "3" in view_texts
    assert figure.axes[0].get_title().startswith("alpha-beta (fail-soft, cut when α ≥ β): value 3")
    hard = draw.draw_tree(search.alphabeta(A_TO_G, variant="fail-hard", trace=True))
    assert {"≥ 6 (ret. 5)", "≤ 2 (ret. 5)"} <= {t.get_text() for t in hard.axes[0].texts}


def _view(result, **options):
    tree = result.game
    view = TreeView(tree, windows=options.get("windows", False))
    view.show(draw.marks_from_result(result), **options)
    return view


def test_meaning_is_carried_by_line_style_and_said_in_the_legend():
    view = _view(search.alphabeta(A_TO_G, trace=True))
    styles = dict(zip(view.edge_paths, view.edges.get_linestyles(), strict=True))
    widths = dict(zip(view.edge_paths, view.edges.get_linewidths(), strict=True))
    dotted, solid = styles[(0, 1, 1)], styles[(0, 0)]
    assert dotted != solid and dotted[1] is not None     # the pruned edge to K is dashed/dotted
    assert widths[(0,)] >= 3 > widths[(1,)]              # A-B is on the principal variation
    legend = [t.get_text() for t in view.legend.get_texts()]
    assert "principal variation (thick)" in legend and "pruned (dotted, ✕)" in legend
    assert any("bound" in text for text in legend)
    okabe_ito = {"#56B4E9", "#E69F00", "#D55E00"}
    from mmlib.draw import tree as tree_module
    assert {tree_module.MAX_COLOR, tree_module.MIN_COLOR, tree_module.PV_COLOR} == okabe_ito
    step = TreeView(A_TO_G)
    step.show(marks_from_events(step.tree, search.alphabeta(A_TO_G, trace=True).trace[:5]))
    assert step.current_ring.get_linestyles()[0][1] is not None    # the current node: a dashed ring
    assert "current node (dashed ring)" in [t.get_text() for t in step.legend.get_texts()]


@pytest.mark.parametrize("nested", [AIMA, A_TO_G, CS312, mixed_depths()],
                         ids=["AIMA", "A-G", "CS312", "mixed"])
@pytest.mark.slow
@pytest.mark.parametrize("step", [None, 7, 12])
def test_labels_do_not_touch_node_markers_or_each_other(nested, step):
    from mmlib.trace import trace_of

    result = search.alphabeta(nested, trace=True)
    view = TreeView(result.game, windows=True)
    marks = trace_of(result).marks(step)
    view.show(marks, windows=True)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(view.figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    to_px = view.ax.transData.transform
    scale = view.figure.dpi / 72
    markers = []
    for node in view.nodes:
        x, y = to_px(view.positions[node.path])
        half = (view.node_size * (0.55 if node.is_leaf() else 1.0)) ** 0.5 * scale / 2
        markers.append((x - half, y - half, x + half, y + half))
    if marks.current is not None:                            # the dashed ring round the current node
        x, y = to_px(view.positions[marks.current])
        half = view.current_ring.get_sizes()[0] ** 0.5 * scale / 2
        markers.append((x - half, y - half, x + half, y + half))
    labels = []
    for group in (view.value_texts, view.window_texts, view.number_texts, view.cross_texts):
        for text in group.values():
            if text.get_visible() and text.get_text():
                box = text.get_window_extent(renderer)
                labels.append((box.x0, box.y0, box.x1, box.y1))

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    assert labels
    for label in labels:
        assert not any(overlap(label, marker) for marker in markers), label
    for i, first in enumerate(labels):
        assert not any(overlap(first, second) for second in labels[i + 1:]), first


def _whole(nested):
    return [_whole(child) for child in nested] if isinstance(nested, list) else round(100 * nested)


def test_no_text_of_a_teaching_tree_is_under_11_points_in_a_notebook_column():
    from mmlib import trees as trees_module
    big = trees_module.from_nested(_whole(trees_module.explicit(
        trees_module.ordered(3, 3, "random", seed=1)).to_nested()))     # 27 leaves, values 0 to 100
    for figure in (draw.draw_tree(search.alphabeta(big, trace=True)), draw.draw_tree(AIMA),
                   draw.draw_tree(search.alphabeta(AIMA, trace=True), windows=True)):
        ax = figure.axes[0]
        texts = [text for text in list(ax.texts) + list(ax.get_legend().get_texts()) + [ax.title]
                 if text.get_text()]
        shrink = min(1.0, style.DISPLAY_WIDTH_PX / ((figure.get_figwidth() + 2 * PAD_INCHES) * 96))
        assert min(text.get_fontsize() for text in texts) * shrink >= 11
        assert all(text.get_rotation() == 0 for text in texts)


def test_connect_four_frames_the_last_move_in_a_square_and_keeps_its_letter():
    """The last move is a square outline round its disc: not a dot over the disc (the letter X/O
    stays readable, so colour is not the only sign of whose disc it is), and not a ring, which
    would look like the dashed ring of a threat."""
    from matplotlib.patches import Circle, Rectangle

    from mmlib import games
    from mmlib.draw.connect4 import connect4_svg, draw_connect4

    game = games.ConnectFour()
    state = game.position("3")                                     # X's disc at the bottom of column 3
    ax = draw_connect4(game, state, last_move=3).axes[0]
    rings = [p for p in ax.patches if isinstance(p, Circle) and p.center == (3, 0) and p.get_radius() != 0.4]
    assert rings == []
    square = next(p for p in ax.patches if isinstance(p, Rectangle) and p.get_width() < 1)
    x, y = square.get_xy()
    assert (x + square.get_width() / 2, y + square.get_height() / 2) == (3, 0)
    assert square.get_width() == square.get_height() > 0.8 and square.get_facecolor()[3] == 0
    letter = next(t for t in ax.texts if t.get_position() == (3, 0))
    assert letter.get_text() == "X" and letter.get_zorder() > square.get_zorder()
    svg = connect4_svg(game, state, last_move=3)
    assert 'class="last"' in svg and svg.split('class="last"')[0].endswith("<rect ")
    assert 'fill="none"' in svg.split('class="last"')[1].split("/>")[0]
    assert ">X</text>" in svg


# -- the leaf gap: one rule, in the layout, read by every painter ------------------------------------

@pytest.mark.parametrize("painter", ["svg", "matplotlib", "tikz"])
def test_every_painter_reads_its_leaf_gap_from_the_layout(monkeypatch, painter):
    from mmlib.draw import svg, tikz, tree_layout

    result = search.alphabeta(CS312, alpha=-100, beta=100, trace=True)

    def paint():
        if painter == "svg":
            return svg.TreeSvg(result.game, windows=True).slot
        if painter == "tikz":
            return tikz.auto_x_unit(tree_layout.TreeLayout(result.game).scene(result, windows=True))
        return TreeView(result.game, windows=True)._needed_slot_points(True)

    before = paint()
    real = tree_layout.slot_width
    monkeypatch.setattr(tree_layout, "slot_width", lambda rows, apart, least=0.0: 3 * real(rows, apart,
                                                                                            least=least))
    after = paint()
    assert after == pytest.approx(3 * before, rel=0.02)     # TikZ rounds its unit to 0.01 cm


@pytest.mark.parametrize("tree, nodes", [([list(range(1000))], 1002), (trees.uniform(3, 6), 1093)],
                         ids=["1,000 children", "uniform(3, 6)"])
def test_a_figure_too_big_to_draw_in_a_few_seconds_is_refused_saying_what_fits(tree, nodes):
    """Issue 33, part 9: these took over a minute to draw; a figure shows at most the step-through's
    400 nodes unless told otherwise."""
    refusal = rf"^tree: a drawing of {nodes:,} nodes is more than max_nodes=400; draw its top levels with"
    with pytest.raises(ArgumentError, match=refusal):
        draw.draw_tree(tree)


def test_game_tree_names_each_move_by_its_square_and_fits_a_slide():
    """The lectures name tic-tac-toe squares 0 to 8 row by row: so does every drawing's move, the
    moves worked out here by hand for the slides' position (X to move on squares 6, 7 and 8)."""
    from collections import Counter

    from mmlib import games
    from mmlib.draw.style import MAX_HEIGHT_PX, PX_PER_INCH

    game = games.TicTacToe()
    figure = draw.draw_game_tree(game, game.state("XOX OOX ..."), depth=3)
    moves = Counter(t.get_text() for t in figure.axes[0].texts if t.get_text().startswith("square"))
    # X: 6, 7, 8; O after 6: 7, 8; O after 7: 6, 8; X's last square after (6, 8), (7, 6) and (7, 8)
    assert moves == Counter({"square 6": 3, "square 7": 3, "square 8": 4})
    assert not any("[" in t.get_text() for t in figure.axes[0].texts)
    alt = draw.figure_alt(figure)          # the text alternative names the moves and values alike
    assert "square 6: −10 (square 7: −10; square 8: 0 (square 7: 0)); square 7: 0" in alt
    assert alt.endswith("The best line (thick): square 8.")
    assert figure.get_size_inches()[1] * PX_PER_INCH <= MAX_HEIGHT_PX
    numbered = draw.draw_board(game, game.state("XOX OOX ..."), numbers=True)
    digits = [t.get_text() for t in numbered.axes[0].texts if t.get_text().isdigit()]
    assert digits == [str(k) for k in range(9)]
    assert "square 6, row 3, column 1, empty" in draw.figure_alt(numbered)
    assert not any(t.get_text().isdigit() for t in draw.draw_board(game).axes[0].texts)
    fan = draw.draw_game_tree(game, game.play(game.initial, 4), depth=1)
    assert sorted(t.get_text() for t in fan.axes[0].texts if t.get_text().startswith("square")) == [
        f"square {k}" for k in (0, 1, 2, 3, 5, 6, 7, 8)]


def test_boards_drawn_side_by_side_are_each_in_the_figures_words():
    # lecture 01's three finished games in one figure: the text alternative names all three
    from matplotlib.figure import Figure

    from mmlib import games
    from mmlib.draw.connect4 import draw_connect4
    from mmlib.draw.display import figure_alt
    from mmlib.games.connect4 import ConnectFour

    game = games.TicTacToe()
    boards = Figure(figsize=(6.6, 2.4))
    finished = [("XOX OOX ..X", "score 10"), ("XOX OOX XO.", "score −10"), ("XOX OOX XXO", "score 0")]
    for ax, (text, title) in zip(boards.subplots(1, 3), finished, strict=True):
        draw.draw_board(game, game.state(text), ax=ax, title=title)
    words = figure_alt(boards)
    assert [words.count(f"board, {title}:") for title in ("score 10", "score −10", "score 0")] == [1, 1, 1]
    alone = draw.draw_board(game, game.state("XOX OOX XXO"), title="score 0")
    assert figure_alt(alone).startswith("Tic-tac-toe board, score 0:")
    four = Figure()
    for ax, title in zip(four.subplots(1, 2), ("first", "second"), strict=True):
        draw_connect4(ConnectFour(), ax=ax, title=title)
    assert figure_alt(four).count("first:") == figure_alt(four).count("second:") == 1
