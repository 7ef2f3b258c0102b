"""Drawings: layout invariants, search annotations, every figure rendered to PNG with Agg."""

import itertools

import pytest
from support import png_bytes

from mmlib import draw, search, trees
from mmlib.draw import style
from mmlib.draw.display import PAD_INCHES
from mmlib.draw.tree import TreeView, marks_from_events
from mmlib.errors import ArgumentError, ArgumentTypeError

A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]        # E. Özbilge 2024, the A–G walkthrough
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]           # AIMA figure 5.2
CS312 = [[[1, 5, 6], [8, 3]], [-100, [1, 100]]]   # Cornell CS 312, Recitation 21: depth 3, L = -100, W = 100


def chain(length: int) -> list:
    nested: list | int = 7
    for _ in range(length):
        nested = [nested]
    return nested


def mixed_depths() -> list:
    return [1, [2, [3, [4, 5]], 6], [[7], 8, [9, [10, 11, 12]]]]


EDGE_CASES = {
    "single leaf": 4,
    "chain": chain(6),
    "mixed depths": mixed_depths(),
    "150 leaves": [[[i * 10 + j for j in range(5)] for i in range(k * 3, k * 3 + 3)] for k in range(10)],
    "A-G": A_TO_G,
}


def node_depths(tree):
    return {node.path: len(node.path) for node in tree.nodes()}


@pytest.mark.parametrize("name", EDGE_CASES)
def test_layout_keeps_nodes_of_a_level_at_least_one_slot_apart(name):
    tree = trees.from_nested(EDGE_CASES[name])
    positions = draw.layout(tree)
    assert set(positions) == {node.path for node in tree.nodes()}
    by_level: dict[float, list[float]] = {}
    for path, (x, y) in positions.items():
        assert y == -len(path)
        by_level.setdefault(y, []).append(x)
    for xs in by_level.values():
        xs.sort()
        assert all(b - a >= 1 for a, b in itertools.pairwise(xs))


@pytest.mark.parametrize("name", EDGE_CASES)
def test_layout_centres_parents_over_their_children(name):
    tree = trees.from_nested(EDGE_CASES[name])
    positions = draw.layout(tree)
    for node in tree.nodes():
        if node.children:
            first = positions[node.children[0].path][0]
            last = positions[node.children[-1].path][0]
            assert positions[node.path][0] == pytest.approx((first + last) / 2)
    leaves_x = [positions[leaf.path][0] for leaf in tree.leaves()]
    assert leaves_x == list(range(tree.leaf_count))  # leaves evenly spaced, left to right


def test_uniform_tree_parent_is_the_mean_of_its_children():
    positions = draw.layout(trees.explicit(trees.uniform(3, 3, seed=1)))
    for path, (x, _) in positions.items():
        kids = [positions[path + (m,)][0] for m in range(3) if path + (m,) in positions]
        if kids:
            assert x == pytest.approx(sum(kids) / 3)


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


def values_of(tree, paths):
    return sorted(tree.node(path).value for path in paths)


def test_pruned_leaves_of_the_a_to_g_walkthrough_are_9_0_and_minus_1():
    tree = trees.from_nested(A_TO_G)
    result = search.alphabeta(tree, trace=True)
    assert values_of(tree, draw.pruned_leaves(result)) == [-1, 0, 9]       # E. Özbilge 2024
    marks = draw.marks_from_result(result)
    assert {tree.label_of(p) for p in marks.pruned_roots} == {"G", tree.label_of((0, 1, 1))}


def test_pruned_leaves_of_aima_figure_are_4_and_6():
    tree = trees.from_nested(AIMA)
    assert values_of(tree, draw.pruned_leaves(search.alphabeta(tree))) == [4, 6]


@pytest.mark.parametrize("variant", ["fail-soft", "fail-hard"])
@pytest.mark.parametrize("cutoff", [">=", ">"])
@pytest.mark.parametrize("seed", range(4))
def test_pruned_marking_agrees_with_leaf_order(variant, cutoff, seed):
    tree = trees.explicit(trees.ordered(3, 4, "random", seed=seed))
    result = search.alphabeta(tree, variant=variant, cutoff=cutoff, trace=True)
    marks = draw.marks_from_result(result)
    evaluated = set(result.stats.leaf_order)
    assert not evaluated & marks.pruned
    pruned_leaves = {path for path in marks.pruned if not tree.node(path).children}
    assert {leaf.path for leaf in tree.leaves()} == evaluated | pruned_leaves
    assert sorted(marks.leaf_numbers, key=marks.leaf_numbers.get) == result.stats.leaf_order
    # the same marking follows from leaf_order alone (a result without a trace)
    untraced = search.alphabeta(tree, variant=variant, cutoff=cutoff)
    assert draw.marks_from_result(untraced).pruned == marks.pruned


def test_minimax_prunes_nothing():
    result = search.minimax(AIMA)
    assert draw.pruned_leaves(result) == []


def test_windows_are_the_ones_of_the_cs312_figure():
    # Cornell CS 312: fail-hard alpha-beta, children in order; the 8 leaf is called with [L, 6],
    # the right subtree of the root with [6, W].
    tree = trees.from_nested(CS312)
    result = search.alphabeta(tree, variant="fail-hard", trace=True)
    marks = draw.marks_from_result(result)
    inf = float("inf")
    assert marks.windows[()] == (-inf, inf)
    assert marks.windows[(0, 0, 1)] == (1, inf)     # 5[1, W]
    assert marks.windows[(0, 0, 2)] == (5, inf)     # 6[5, W]
    assert marks.windows[(0, 1)] == (-inf, 6)       # 6[L, 6]
    assert marks.windows[(0, 1, 0)] == (-inf, 6)    # 8[L, 6]
    assert marks.windows[(1,)] == (6, inf)          # L[6, W]
    assert marks.windows[(1, 0)] == (6, inf)        # L[6, W], then the W subtree is cut
    assert values_of(tree, draw.pruned_leaves(result)) == [1, 3, 100]


def test_windows_are_formatted_with_infinity_signs():
    figure = draw.draw_tree(search.alphabeta(A_TO_G, trace=True), windows=True)
    texts = {text.get_text() for text in figure.axes[0].texts}
    assert "[−∞, +∞]" in texts and "[−∞, 5]" in texts and "[5, +∞]" in texts
    assert "✕" in {t.get_text() for t in figure.axes[0].texts if t.get_visible()}


def test_step_marks_follow_the_trace():
    tree = trees.from_nested(A_TO_G)
    trace = search.alphabeta(tree, trace=True).trace
    first_cutoff = next(i for i, e in enumerate(trace) if e.kind == "cutoff")
    before = marks_from_events(tree, trace[:first_cutoff])
    after = marks_from_events(tree, trace[: first_cutoff + 1])
    assert not before.pruned and values_of(tree, after.pruned) == [9]


def test_bad_arguments_raise_mmlib_errors():
    with pytest.raises(ArgumentError, match="windows"):
        draw.draw_tree(search.alphabeta(AIMA), windows=True)
    with pytest.raises(ArgumentError, match="windows"):
        draw.draw_tree(search.minimax(AIMA, trace=True), windows=True)
    with pytest.raises(ArgumentTypeError, match="tree"):
        draw.draw_tree(object())


def test_a_given_axes_is_used():
    from matplotlib.figure import Figure

    figure = Figure()
    axes = figure.subplots(1, 2)
    assert draw.draw_tree(AIMA, ax=axes[1]) is figure
    assert axes[1].texts and not axes[0].texts


def test_infinities_are_written_with_signs():
    assert draw.format_value(float("inf")) == "+∞"
    assert draw.format_value(float("-inf")) == "−∞"


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

def test_the_leaf_gap_rule_divides_what_two_neighbours_need_by_the_slots_between_them():
    from mmlib.draw.tree_layout import TreeLayout, slot_width

    rows = [[(0.0, 10.0), (1.0, 30.0), (4.0, 5.0)], [(0.0, 50.0), (0.0, 99.0)]]   # same x: no pair
    # neighbours need (10 + 30) over 1 slot and (30 + 5) over 3 slots: 40 wins; the least is kept
    assert slot_width(rows, lambda a, b: a + b) == 40.0
    assert slot_width(rows, lambda a, b: a + b, least=41.5) == 41.5
    frame = TreeLayout(trees.from_nested([[1, 2], 3]))
    assert frame.rows == [[(1.25, ())], [(0.5, (0,)), (2.0, (1,))], [(0.0, (0, 0)), (1.0, (0, 1))]]
    # B and C are 1.5 slots apart, D and E 1 slot: 6 / 1.5 = 4 < 5 / 1
    apart = {((0,), (1,)): 6.0, ((0, 0), (0, 1)): 5.0}
    assert frame.leaf_gap(lambda left, right: apart[left, right]) == 5.0


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


def test_every_frame_of_a_step_through_labels_its_windows_as_windows_on_entry():
    """The legend says "[α, β]: window on entry"; every frame draws exactly that (E entered with
    [−∞, 5] is never drawn [6, 5], C entered with [5, +∞] never [5, 2])."""
    from mmlib.draw.tree_layout import TreeLayout
    from mmlib.trace import format_window, trace_of
    model = trace_of(search.alphabeta(A_TO_G, trace=True))
    frame = TreeLayout(model.tree)
    entered: dict = {}
    for step in range(len(model.events) + 1):
        if step:
            event = model.events[step - 1]
            if event.kind == "enter":
                entered[event.path] = format_window((event.alpha, event.beta))
        scene = frame.scene(model.marks(step), windows=True)
        assert {m.path: m.window for m in scene.nodes if m.window} == entered, step
        if entered:
            assert any(entry.words == "[α, β]: window on entry" for entry in scene.legend), step


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
