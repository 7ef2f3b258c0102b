"""Drawings of trees with chance nodes and several agents: shapes, probabilities, no overlaps."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import search
from mmlib.draw import draw_tree
from mmlib.draw.svg import MIN_FONT_PX, TreeSvg, tree_svg
from mmlib.draw.tree import node_kind
from mmlib.search import expectimax, expectiminimax
from mmlib.trace import trace_of
from mmlib.trees import layered_tree

AIMA_5_12 = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]   # AIMA figure 5.12, left
CS188 = [[(1/2, 8), (1/3, 24), (1/6, -12)], [(1/4, 3), (3/4, 9)]]               # CS188 expectimax
DICE = [[[(0.25, 3), (0.25, [4, 7]), (0.5, [12, 6, 2])], [1, 9]],
        [[(1/3, -5), (1/3, 10), (1/3, [0, 1, 2])], 7]]           # mixed depths, a leaf at a chance level
GHOSTS = [[[3, 5], [2, 9]], [[1, 4], [6, 7]], [[8, 2, 4], [9, 9]]]


def elements(svg, css_class):
    return [e for e in ET.fromstring(svg).iter() if css_class in e.get("class", "").split()]


def trees_to_check():
    yield layered_tree(AIMA_5_12, layers="max chance min")
    yield layered_tree(CS188, layers="max chance")
    yield layered_tree(DICE, layers="max min chance")
    yield layered_tree(GHOSTS, layers="max min min")
    yield layered_tree([[(0.125, 1), (0.375, 2), (0.5, 3)], [(0.37, 4), (0.63, 5)]], layers="max chance")


def drawings():
    for tree in trees_to_check():
        yield TreeSvg(tree), None, {}
        if "chance" in tree.layers:
            results = [expectimax(tree, trace=True), expectiminimax(tree, trace=True),
                       expectiminimax(tree, pruning="star1", trace=True),
                       expectiminimax(tree, pruning="star2", trace=True)]
        else:
            results = [search.minimax(tree, trace=True), search.alphabeta(tree, trace=True)]
        for result in results:
            model = trace_of(result)
            view = TreeSvg(tree, windows=True)
            yield view, model.marks(), {"windows": True}
            for step in range(0, len(model.events) + 1, 2):
                yield view, model.marks(step), {"windows": True}


def check_no_overlaps(view, marks, options):
    shapes, labels = view.boxes(marks, **options)
    for label in labels:
        hits = [shape for shape in shapes if label.overlaps(shape)]
        assert not hits, (label, hits)
    for i, first in enumerate(labels):
        for second in labels[i + 1:]:
            assert not first.overlaps(second), (first, second)
    assert all(0 <= box.left and box.right <= view.width and 0 <= box.top and box.bottom <= view.height
               for box in shapes + labels)


def test_no_label_touches_a_shape_or_another_label_on_chance_and_multi_agent_trees():
    checked = 0
    for view, marks, options in drawings():
        check_no_overlaps(view, marks, options)
        checked += 1
    assert checked > 100


@st.composite
def chance_nested(draw, depth):
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.integers(-20, 120))
    children = draw(st.lists(chance_nested(depth - 1), min_size=1, max_size=4))
    weights = draw(st.lists(st.integers(1, 7), min_size=len(children), max_size=len(children)))
    return [(w / sum(weights), child) for w, child in zip(weights, children, strict=True)]


def strip(item, depth, kinds):
    if not isinstance(item, list):
        return item
    children = [strip(child, depth + 1, kinds) for _, child in item]
    if kinds[depth % len(kinds)] == "chance":
        return [(p, child) for (p, _), child in zip(item, children, strict=True)]
    return children


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=chance_nested(4).filter(lambda n: isinstance(n, list)),
       pattern=st.sampled_from(["max chance", "max chance min chance", "chance max min",
                                "max min min chance"]))
def test_random_chance_trees_have_no_overlaps(nested, pattern):
    tree = layered_tree(strip(nested, 0, pattern.split()), layers=pattern)
    check_no_overlaps(TreeSvg(tree), None, {})
    model = trace_of(expectiminimax(tree, pruning="star1", trace=True))
    view = TreeSvg(tree, windows=True)
    check_no_overlaps(view, model.marks(), {"windows": True})


def test_chance_nodes_are_circles_with_probabilities_on_their_edges():
    tree = layered_tree(CS188, layers="max chance")
    svg = tree_svg(tree)
    chance = elements(svg, "chance")
    assert [e.get("data-label") for e in chance] == ["B", "C"]
    assert all(e.tag.endswith("circle") for e in chance)
    probabilities = [e.text for e in elements(svg, "probability")]
    assert probabilities == ["1/2", "1/3", "1/6", "1/4", "3/4"]
    assert min(float(e.get("font-size")) for e in elements(svg, "probability")) >= MIN_FONT_PX >= 12
    root = ET.fromstring(svg)
    assert "Chance nodes (circles) average their outcomes" in root.get("aria-label")
    assert "expectiminimax value is 10" in root.get("aria-label")       # max(10, 7.5)
    legend = " ".join(e.text or "" for e in elements(svg, "legend")[0].iter())
    assert "chance" in legend and "probability" in legend
    assert {e.text for e in elements(svg, "value")} >= {"10", "7.5"}


def test_star1_drawing_shows_the_bound_and_the_pruned_outcome():
    tree = layered_tree(AIMA_5_12, layers="max chance min")
    svg = tree_svg(expectiminimax(tree, pruning="star1", trace=True), windows=True)
    assert "≤ 1.3" in {e.text for e in elements(svg, "value")}
    pruned = {e.get("data-label") for e in elements(svg, "pruned") if "node" in e.get("class").split()}
    assert pruned == {"G", "M", "N", "O"}
    words = ET.fromstring(svg).get("aria-label")
    assert words.startswith("Star1: value 2.1 at A") and "Chance nodes (circles)" in words


def test_levels_of_several_agents_are_named():
    svg = tree_svg(layered_tree(GHOSTS, layers="max min min"))
    assert [e.text for e in elements(svg, "level")] == ["MAX", "MIN 1", "MIN 2"]
    titles = [e.find("{http://www.w3.org/2000/svg}title").text for e in elements(svg, "node")]
    assert any(t.startswith("B (MIN 1)") for t in titles) and any(t.startswith("E (MIN 2)") for t in titles)
    assert not elements(tree_svg([[1, 2], [3, 4]]), "level")          # two players: the triangles suffice


@pytest.mark.parametrize("nested,layers", [(CS188, "max chance"), (AIMA_5_12, "max chance min"),
                                           (GHOSTS, "max min min")])
def test_matplotlib_draws_chance_nodes_probabilities_and_levels(nested, layers):
    tree = layered_tree(nested, layers=layers)
    figure = draw_tree(tree)
    ax = figure.axes[0]
    texts = {t.get_text() for t in ax.texts}
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    if "chance" in layers:
        assert {"1/2", "0.9"} & texts
        assert any(text.startswith("chance") for text in legend)
    if "min min" in layers:
        assert {"MIN 1", "MIN 2"} <= texts
    assert min(t.get_fontsize() for t in ax.texts if t.get_text()) >= 9
    result = draw_tree(expectiminimax(tree, pruning="star1", trace=True) if "chance" in layers
                       else search.alphabeta(tree, trace=True), windows=True)
    assert result.axes[0].get_title()


@pytest.mark.parametrize("nested,layers", [(CS188, "max chance"), (AIMA_5_12, "max chance min"),
                                           (DICE, "max min chance"), (GHOSTS, "max min min")])
@pytest.mark.slow
def test_matplotlib_labels_do_not_touch_markers_or_each_other(nested, layers):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from mmlib.draw import TreeView

    tree = layered_tree(nested, layers=layers)
    result = expectiminimax(tree, pruning="star1", trace=True) if "chance" in layers else \
        search.alphabeta(tree, trace=True)
    view = TreeView(tree, windows=True)
    view.show(trace_of(result).marks(), windows=True)
    canvas = FigureCanvasAgg(view.figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    to_px = view.ax.transData.transform
    scale = view.figure.dpi / 72
    markers = []
    for node in view.nodes:
        x, y = to_px(view.positions[node.path])
        size = view.node_size * {"leaf": 0.55, "chance": 0.75}.get(node_kind(node), 1.0)
        half = size ** 0.5 * scale / 2
        markers.append((x - half, y - half, x + half, y + half))
    labels = []
    groups = (view.value_texts, view.window_texts, view.number_texts, view.cross_texts,
              view.probability_texts, view.level_texts)
    for group in groups:
        for text in group.values():
            if text.get_visible() and text.get_text():
                box = text.get_window_extent(renderer)
                labels.append((box.x0, box.y0, box.x1, box.y1, text.get_text()))

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    assert any(label[4] in ("0.9", "1/2", "MIN 1", "MIN") for label in labels)
    for label in labels:
        assert not any(overlap(label, marker) for marker in markers), label
    for i, first in enumerate(labels):
        assert not any(overlap(first, second) for second in labels[i + 1:]), (first, labels)
