"""What the marks of a drawing mean, and that every drawing agrees: every static evaluation
(a leaf's, or a node's at a depth limit) carries its order badge, and the text alternative
counts leaves and depth-limit evaluations apart."""

from matplotlib.backends.backend_agg import FigureCanvasAgg
from oracles import HORIZON_TREE

from mmlib import draw, search, trees
from mmlib.draw.display import ALT_ATTRIBUTE
from mmlib.draw.svg import TreeSvg, tree_svg
from mmlib.trace import trace_of

# Lecture 02's horizon tree searched to depth 2: A's children B and C are MIN nodes, and the
# search evaluates the nodes at depth 2 from left to right: D (the depth limit), the leaf J,
# E (the depth limit), the leaf K.  Of the tree's six leaves L, H, J, M, I, K it reaches two.
ORDER = {"D": "1", "J": "2", "E": "3", "K": "4"}


def horizon_to_depth_2():
    return search.minimax(trees.from_text(HORIZON_TREE), depth=2, trace=True)


def badges(figure):
    """The order badges a matplotlib drawing shows: node label -> number (a badge and a label
    are annotations of the same node position)."""
    notes = [t for t in figure.axes[0].texts if hasattr(t, "xy")]
    label_at = {t.xy: t.get_text() for t in notes if t.get_text().isalpha()}
    return {label_at[t.xy]: t.get_text() for t in notes
            if t.get_visible() and t.get_text().isdigit() and t.get_color() == "white"}


def test_every_static_evaluation_has_its_order_badge_in_a_figure():
    figure = draw.draw_tree(horizon_to_depth_2())
    assert badges(figure) == ORDER
    full = draw.draw_tree(search.minimax(trees.from_text(HORIZON_TREE), trace=True))
    assert badges(full) == {"L": "1", "H": "2", "J": "3", "M": "4", "I": "5", "K": "6"}


def test_an_inner_nodes_badge_stands_clear_on_its_left():
    figure = draw.draw_tree(horizon_to_depth_2())
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    notes = [t for t in figure.axes[0].texts if hasattr(t, "xy") and t.get_visible() and t.get_text()]
    for label in ("D", "E"):
        xy = next(t.xy for t in notes if t.get_text() == label)
        badge = next(t for t in notes if t.xy == xy and t.get_text() == ORDER[label])
        box = badge.get_bbox_patch().get_window_extent(renderer)
        centre = figure.axes[0].transData.transform(xy)
        assert box.x1 < centre[0]                                  # left of the node
        others = [t.get_window_extent(renderer) for t in notes if t is not badge]
        assert not any(box.overlaps(other) for other in others), label


def test_every_static_evaluation_has_its_order_badge_in_an_svg():
    result = horizon_to_depth_2()
    view = TreeSvg(result.game, events=result.trace)
    tree = view.tree
    marks = trace_of(result).marks()
    found = {}
    for label in view.labels(marks):
        if label.css == "order":
            path = min(view.xy, key=lambda p: abs(view.xy[p][0] - label.x) + abs(view.xy[p][1] - label.y))
            found[tree.label_of(path)] = label.text
            if not tree.node(path).is_leaf():
                left = view.places[path].startswith("right")        # the side its texts are not on
                assert (label.x < view.xy[path][0]) == left
    assert found == ORDER
    svg = tree_svg(result)
    assert svg.count('class="order"') == 2 * len(ORDER)             # a disc and its number each


def test_every_static_evaluation_has_its_order_badge_in_tikz():
    from mmlib.draw.tikz import tree_tikz

    lines = tree_tikz(horizon_to_depth_2()).split("% legend")[0].splitlines()
    badges = [line for line in lines if "fill=black!80" in line]
    numbers = [line.rsplit("{", 1)[1].rstrip("};") for line in badges]
    assert numbers == ["1", "2", "3", "4"]
    left = [line for line in badges if "xshift=-" in line]           # D and E: left of the triangle
    assert [line.rsplit("{", 1)[1].rstrip("};") for line in left] == ["1", "3"]


def test_the_text_alternative_counts_leaves_and_depth_limit_evaluations_apart():
    figure = draw.draw_tree(horizon_to_depth_2())
    alt = getattr(figure, ALT_ATTRIBUTE)
    assert "4 static evaluations: 2 of 6 leaves and D, E at the depth limit" in alt
    assert "4 of 6 leaves" not in alt
    assert figure.axes[0].get_title() == "minimax: value −1, 4 static evaluations"
    full = draw.draw_tree(search.minimax(trees.from_text(HORIZON_TREE), trace=True))
    assert "6 of 6 leaves evaluated" in getattr(full, ALT_ATTRIBUTE)
    model = trace_of(horizon_to_depth_2())
    said = [model.sentence(k) for k, event in enumerate(model.events) if event.kind == "leaf"]
    assert said == ["D is at the depth limit: its static value is −9.", "J is a leaf: its value is 0.",
                    "E is at the depth limit: its static value is −1.", "K is a leaf: its value is 1."]


# -- Connect Four: the last move is a square, never one more ring ------------------------------------

def test_the_last_move_is_a_square_named_in_the_legend_and_the_text_alternative():
    from matplotlib.patches import Circle, Rectangle

    from mmlib.draw.connect4 import draw_connect4
    from mmlib.games.connect4 import ConnectFour

    game = ConnectFour()
    state = game.position("33244")              # X 3, O 3, X 2, O 4, X 4: X's disc on O's in column 4
    figure = draw_connect4(game, state, last_move=4, threats=[1, 5])
    ax = figure.axes[0]
    unfilled = [p for p in ax.patches if p.get_facecolor()[3] == 0]
    rings = [p.center for p in unfilled if isinstance(p, Circle)]
    squares = [p for p in unfilled if isinstance(p, Rectangle)]
    assert sorted(rings) == [(1, 0), (5, 0)]                      # the two threats, and nothing else
    assert len(squares) == 1
    x, y = squares[0].get_xy()
    assert (x + squares[0].get_width() / 2, y + squares[0].get_height() / 2) == (4, 1)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["last move (square outline)", "! in a dashed ring: a disc there wins at once"]
    alt = getattr(figure, ALT_ATTRIBUTE)
    assert "Last move (square outline): column 4, row 2 from the bottom." in alt
    plain = draw_connect4(game, state)
    assert plain.axes[0].get_legend() is None and "Last move" not in getattr(plain, ALT_ATTRIBUTE)


def test_a_won_boards_thick_rings_are_named_in_the_legend():
    from mmlib.draw.connect4 import draw_connect4
    from mmlib.games.connect4 import ConnectFour

    game = ConnectFour()
    won = game.position("0101010")                # X 0 four times: the first column wins
    assert len(game.winning_line(won)) == 4
    legend = [t.get_text() for t in draw_connect4(game, won).axes[0].get_legend().get_texts()]
    assert legend == ["thick black ring: the winning line"]
    open_game = draw_connect4(game, game.position("010101"))
    assert open_game.axes[0].get_legend() is None         # no line, no ring, nothing to name


def test_the_boards_svg_frames_the_last_move_and_says_where_it_is():
    import xml.etree.ElementTree as ET

    from mmlib.draw.connect4 import connect4_svg
    from mmlib.games.connect4 import ConnectFour

    game = ConnectFour()
    svg = ET.fromstring(connect4_svg(game, game.position("33244"), cell=40, last_move=4))
    last = [e for e in svg.iter() if e.get("class") == "last"]
    assert [e.tag.split("}")[1] for e in last] == ["rect"]
    x, y, side = (float(last[0].get(k)) for k in ("x", "y", "width"))
    assert (x + side / 2, y + side / 2) == (4.5 * 40, 4.5 * 40)       # column 4, row 2 from the bottom (of 6)
    assert svg.get("aria-label").endswith("Last move (square outline): column 4, row 2 from the bottom.")


def test_the_play_widgets_still_shows_the_computers_answer_and_what_it_said():
    import base64
    import re

    from mmlib.games.connect4 import ConnectFour
    from mmlib.widgets.connect4 import play_connect4

    board = play_connect4(ConnectFour(5, 4), depth=2)
    board.click(2)
    answer = board.last_move
    page = board._repr_mimebundle_()["text/html"]
    picture = base64.b64decode(re.search(r"base64,([^\"]+)", page).group(1)).decode()
    assert 'class="last"' in picture and f"Last move (square outline): column {answer}," in picture
    assert f"The computer (O) played column {answer} (framed): alpha-beta, deepened to depth 2" in page
    # the still has no buttons, so its caption says how to play from where it stands
    assert "Your move (X): run the cell to play, dropping a disc in a numbered column." in page
    assert "button" not in page and "Tab to it" not in page



# -- chance trees: a probability stands beside its edge, never on the line -----------------------------

AIMA_CHANCE = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]      # AIMA's figure
CS188_CHANCE = [[(1 / 2, 8), (1 / 3, 24), (1 / 6, -12)], [(1 / 4, 2), (3 / 4, 10)]]   # a middle edge too


def crosses(box, start, end, steps=400):
    """True when the segment from ``start`` to ``end`` passes through ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return any(x0 <= start[0] + k / steps * (end[0] - start[0]) <= x1
               and y0 <= start[1] + k / steps * (end[1] - start[1]) <= y1 for k in range(steps + 1))


def outward(box, parent, child):
    """True when ``box`` lies on the outer side of the edge: left of an edge going to a child on
    the left, else right of it (measured at the height of the box's middle)."""
    x0, y0, x1, y1 = box
    middle_y = (y0 + y1) / 2
    on_line = parent[0] + (middle_y - parent[1]) / (child[1] - parent[1]) * (child[0] - parent[0])
    return bool((x0 + x1) / 2 < on_line if child[0] < parent[0] else (x0 + x1) / 2 > on_line)


def test_probabilities_stand_beside_their_edges_in_an_svg():
    from mmlib.trees import layered_tree

    for nested, layers in ((AIMA_CHANCE, "max chance min"), (CS188_CHANCE, "max chance")):
        view = TreeSvg(layered_tree(nested, layers=layers), windows=True)
        labels = [label for label in view.labels() if label.css == "probability"]
        assert len(labels) == len(view.probabilities)
        for label in labels:
            child = next(p for p, text in view.probabilities.items()
                         if text == label.text and view._probability_label(p, text) == label)
            parent, here = view.xy[child[:-1]], view.xy[child]
            box = label.box
            halo = (box.left - 1, box.top - 1, box.right + 1, box.bottom + 1)
            assert not crosses(halo, parent, here), label
            assert outward((box.left, box.top, box.right, box.bottom), parent, here), label


def test_probabilities_stand_beside_their_edges_in_a_figure():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from mmlib.draw import TreeView
    from mmlib.trees import layered_tree

    for nested, layers in ((AIMA_CHANCE, "max chance min"), (CS188_CHANCE, "max chance")):
        view = TreeView(layered_tree(nested, layers=layers))
        canvas = FigureCanvasAgg(view.figure)
        canvas.draw()
        renderer = canvas.get_renderer()
        to_px = view.ax.transData.transform
        assert len(view.probability_texts) == len(view.probabilities)
        for child, text in view.probability_texts.items():
            box = text.get_bbox_patch().get_window_extent(renderer)        # with its white halo
            parent, here = to_px(view.positions[child[:-1]]), to_px(view.positions[child])
            assert not crosses((box.x0, box.y0, box.x1, box.y1), parent, here), text.get_text()
            assert outward((box.x0, box.y0, box.x1, box.y1), parent, here), text.get_text()


# -- Monte Carlo tree search: what faded means ----------------------------------------------------------

def test_a_monte_carlo_drawing_says_what_its_faded_nodes_are():
    from mmlib.draw.tree_layout import TreeLayout

    tree = trees.from_nested([[1, -1], [1, 0], [-1, -1]])           # A; B, C, D; two leaves each: 10 nodes
    model = trace_of(search.mcts(tree, iterations=8, seed=0, trace=True))
    layout = TreeLayout(tree)
    fourth = model.iterations[3].first + 2             # three iterations grew A's tree to A, B, C, D
    scene = layout.scene(model.marks(fourth))
    faded = [node.label for node in scene.nodes if node.state == "pending"]
    assert faded == ["E", "F", "G", "H", "I", "J"]
    meaning = "faded: not in its tree (or this playout) yet"
    assert [entry.glyph for entry in scene.legend if entry.words == meaning] == ["pending"]
    assert "6 nodes drawn faded: not in its tree (or this playout) yet" in scene.description
    assert meaning in [entry.words for entry in layout.every_legend_entry(monte_carlo=True)]
    plain = layout.scene(None)                                    # nothing searched: nothing faded
    assert not any(word.startswith("faded") for word in (entry.words for entry in plain.legend))


def test_lecture_10s_mtdf_still_shows_the_end_of_pass_2_its_text_describes():
    import json
    from pathlib import Path

    lecture = Path(__file__).parents[2] / "notebooks" / "10_beyond_alpha_beta.ipynb"
    notebook = json.loads(lecture.read_text())
    cells = notebook["cells"]
    k = next(i for i, cell in enumerate(cells) if "step_through(aima, \"mtdf\"" in "".join(cell["source"]))
    still = "".join(cells[k]["outputs"][0]["data"]["text/plain"])
    shown, total = (int(n) for n in still.split("shown at step ")[1].split(":")[0].split(" of "))
    assert shown == total                                           # the last step of the search
    assert "pass 2" in still and "(fail low)" in still and "the value of the game is 3" in still
    assert "fails low" in "".join(cells[k - 1]["source"])            # what the text says it shows
