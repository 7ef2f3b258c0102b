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
                assert label.x < view.xy[path][0]                    # left of an inner node
    assert found == ORDER
    svg = tree_svg(result)
    assert svg.count('class="order"') == 2 * len(ORDER)             # a disc and its number each


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
    assert f"Computer played column {answer}: alpha-beta to depth 2" in page
    assert "Your move: press a column" in page
