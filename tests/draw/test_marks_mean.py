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
