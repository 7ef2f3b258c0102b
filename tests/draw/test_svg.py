"""The SVG drawings of the explorers: well-formed XML showing what the search did."""

import xml.etree.ElementTree as ET

from mmlib import search, trees
from mmlib.draw import style
from mmlib.draw.svg import Series, TreeSvg, log_plot_svg, tree_svg
from mmlib.draw.tree import marks_from_events, marks_from_result

A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]   # E. Özbilge 2024: value 5, leaves 9, 0, -1 pruned
AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]   # AIMA figure 5.2: value 3, leaves 4 and 6 pruned


def elements(svg: str, css_class: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if css_class in e.get("class", "").split()]


def node_shapes(svg: str) -> dict[str, ET.Element]:
    shapes = elements(svg, "node")
    by_label = {shape.get("data-label"): shape for shape in shapes}
    assert len(by_label) == len(shapes)
    return by_label


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class").split())


def test_one_node_shape_per_tree_node_with_its_kind():
    tree = trees.from_nested(AIMA_5_2)
    shapes = node_shapes(tree_svg(tree))
    assert len(shapes) == 13                     # 1 + 3 + 9 nodes
    assert sorted(shapes) == sorted(node.label for node in tree.nodes())
    assert classes(shapes["A"]) >= {"max"} and shapes["A"].tag.endswith("polygon")
    assert all("min" in classes(shapes[label]) for label in "BCD")
    assert sum("leaf" in classes(s) and s.tag.endswith("rect") for s in shapes.values()) == 9


def test_pruned_style_marks_exactly_the_leaves_the_search_never_evaluated():
    result = search.alphabeta(A_TO_G, trace=True)
    tree = result.game
    shapes = node_shapes(tree_svg(tree, marks_from_result(result)))
    evaluated = {tuple(path) for path in result.stats.leaf_order}
    for leaf in tree.leaves():
        assert ("pruned" in classes(shapes[leaf.label])) == (leaf.path not in evaluated), leaf.label
        if "pruned" in classes(shapes[leaf.label]):
            assert float(shapes[leaf.label].get("fill-opacity")) < 0.5
    pruned_values = sorted(leaf.value for leaf in tree.leaves() if "pruned" in classes(shapes[leaf.label]))
    assert pruned_values == [-1, 0, 9]           # E. Özbilge 2024, the A–G walkthrough
    # G (MAX over 0 and -1) is cut away under C: marked with one cross, like K under E
    assert len(elements(tree_svg(tree, marks_from_result(result)), "cross")) == 2


def test_the_principal_variation_is_highlighted_at_the_end():
    result = search.alphabeta(A_TO_G, trace=True)
    shapes = node_shapes(tree_svg(result.game, marks_from_result(result)))
    # A = max(B, C), B = min(D, E) = min(max(3, 5), max(6, 9)) = 5 through D and its leaf 5 (I)
    assert {label for label, shape in shapes.items() if "pv" in classes(shape)} == {"A", "B", "D", "I"}


def test_a_step_rings_the_current_node_and_writes_its_window():
    result = search.alphabeta(A_TO_G, trace=True)
    view = TreeSvg(result.game)
    enter_e = next(k for k, e in enumerate(result.trace) if e.kind == "enter" and e.path == (0, 1))
    svg = view.show(marks_from_events(view.tree, result.trace[:enter_e + 1]), windows=True)
    shapes = node_shapes(svg)
    assert [label for label, shape in shapes.items() if "current" in classes(shape)] == ["E"]
    assert len(elements(svg, "current-ring")) == 1
    windows = [e.text for e in elements(svg, "window")]
    assert "[−∞, 5]" in windows                  # E is entered with [α, β] = [−∞, 5] (B's value so far)
    assert "pending" in classes(shapes["C"])     # C is not reached yet


def test_a_plain_tree_shows_its_minimax_values():
    svg = tree_svg(AIMA_5_2)
    values = [e.text for e in elements(svg, "value")]
    # preorder: A, B and its leaves, C and its leaves, D and its leaves; AIMA: A = B = 3, C = D = 2
    assert values == ["3", "3", "3", "12", "8", "2", "2", "4", "6", "2", "14", "5", "2"]
    assert not elements(svg, "pruned") and not elements(svg, "pv")


def test_log_plot_has_one_point_per_measurement_and_a_tick_per_power_of_ten():
    svg = log_plot_svg([Series("leaves", [1, 2, 3, 4], [3, 9, 27, 81], markers=True),
                        Series("bound", [1, 2, 3, 4], [3, 9, 27, 81])],
                       x_range=(0.8, 4.2), y_range=(1, 1000), title="b = 3")
    root = ET.fromstring(svg)
    assert len(elements(svg, "point")) == 4
    assert len(elements(svg, "series")) == 1 and len(elements(svg, "guide")) == 1   # no markers: a guide
    texts = [e.text for e in root.iter() if e.tag.endswith("text")]
    assert {"1", "10", "100", "1,000"} <= set(texts) and "b = 3" in texts
    assert {"1", "2", "3", "4"} <= set(texts)                                       # integer x ticks


def test_log_plot_and_the_explorers_share_one_painter_and_one_style_per_series():
    from mmlib.draw import lineplot

    series = [Series(name, [1, 2], [2, 4], markers=True) for name in "abc"]
    svg = log_plot_svg(series, x_range=(0.5, 2.5), y_range=(1, 10))
    lines = [lineplot.Line(name, [1, 2], [2, 4], *lineplot.STYLES[k], width=1.5)
             for k, name in enumerate("abc")]
    plain = lineplot.line_plot_svg(lines, title="plot", xlabel="", ylabel="", x_range=(0.5, 2.5),
                                   y_range=(1, 10), plot_height=300.0)
    assert svg == plain
    strokes = [(e.get("stroke"), e.get("stroke-dasharray")) for e in elements(svg, "series")]
    assert len(set(strokes)) == 3 and all(color in style.OKABE_ITO for color, _ in strokes)
    marks = [e.tag for e in elements(svg, "legend-mark")]
    assert len(marks) == 3 and [e.tag.split("}")[1] for e in elements(svg, "legend-mark")] == \
        ["circle", "rect", "polygon"]


# -- bounds, text alternatives, valid XML, readable sizes, no overlaps ------------------------------

from mmlib.draw.svg import MIN_FONT_PX  # noqa: E402
from mmlib.trace import trace_of  # noqa: E402

CS312 = [[[1, 5, 6], [8, 3]], [-100, [1, 100]]]


def mixed_depths():
    return [1, [2, [3, [4, 5]], 6], [[7], 8, [9, [10, 11, 12]]]]


def test_a_bound_is_drawn_as_a_bound():
    result = search.alphabeta(AIMA_5_2, trace=True)
    values = {e.text for e in elements(tree_svg(result), "value")}
    assert {"3", "≤ 2"} <= values
    svg = tree_svg(result)
    c_value = [e.text for e in elements(svg, "value")]
    assert c_value.count("≤ 2") == 1                       # C: 2 ≤ α = 3 with I, J pruned; D is exact
    a_to_g = tree_svg(search.alphabeta(A_TO_G, variant="fail-hard", trace=True))
    assert {"≥ 6 (ret. 5)", "≤ 2 (ret. 5)"} <= {e.text for e in elements(a_to_g, "value")}


def test_every_drawing_says_what_it_shows_in_words():
    result = search.alphabeta(AIMA_5_2, trace=True)
    root = ET.fromstring(tree_svg(result))
    assert root.get("role") == "img"
    words = root.get("aria-label")
    assert words == trace_of(result).describe()
    assert "value 3" in words and "best move to B" in words and "pruned leaves: I, J" in words
    title = root.find(f"{{{SVG_NS}}}title")
    assert title is not None and title.text == words
    plain = ET.fromstring(tree_svg(A_TO_G))
    assert plain.get("aria-label") == "A game tree with 15 nodes and 8 leaves; its minimax value is 5."


SVG_NS = "http://www.w3.org/2000/svg"


def test_labels_and_titles_with_markup_or_control_characters_stay_valid_xml():
    tree = trees.from_text("<&>\n<: &>\n& 3\n> 4\n")
    svg = tree_svg(tree, title='A & B <c> "d" \x07 \x00 end')
    root = ET.fromstring(svg)                                # raises if the XML is not well-formed
    assert {shape.get("data-label") for shape in elements(svg, "node")} == {"<", "&", ">"}
    assert root.find(f"{{{SVG_NS}}}title").text.startswith("A & B <c>")
    assert "\x07" not in svg and "\x00" not in svg


def test_text_is_at_least_12_px_and_the_drawing_is_never_shrunk():
    result = search.alphabeta(trees.explicit(trees.ordered(3, 3, "random", seed=1)), trace=True)
    root = ET.fromstring(tree_svg(result, windows=True, title="27 leaves"))
    sizes = [float(e.get("font-size")) for e in root.iter() if e.tag.endswith("text")]
    assert sizes and min(sizes) >= MIN_FONT_PX >= 12
    assert "max-width:none" in root.get("style")
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"


def layouts_to_check(nested_trees=None):
    for nested in nested_trees or (AIMA_5_2, A_TO_G, CS312, mixed_depths(), [[[7]]],
                                   [[i * 3 + j for j in range(3)] for i in range(9)]):
        tree = trees.from_nested(nested)
        yield TreeSvg(tree), None, {"values": True}                                 # plain tree
        for variant in ("fail-soft", "fail-hard"):
            result = search.alphabeta(tree, variant=variant, trace=True)
            model = trace_of(result)
            yield TreeSvg(tree), model.marks(), {"windows": True}
            for step in range(0, len(model.events) + 1, 3):
                yield TreeSvg(tree), model.marks(step), {"windows": True}


def test_no_label_touches_a_node_shape_or_another_label():
    checked = 0
    for view, marks, options in layouts_to_check():
        shapes, labels = view.boxes(marks, **options)
        for label in labels:
            hits = [shape for shape in shapes if label.overlaps(shape)]
            assert not hits, (label, hits)
        for i, first in enumerate(labels):
            for second in labels[i + 1:]:
                assert not first.overlaps(second), (first, second)
        assert all(0 <= box.left and box.right <= view.width and 0 <= box.top and box.bottom <= view.height
                   for box in shapes + labels)
        checked += 1
    assert checked > 50


def _near_an_edge(view: TreeSvg, box, reach: float = 3.0) -> bool:
    """Whether an edge of ``view`` passes within ``reach`` pixels of ``box`` out of the node shapes
    (under which the edges end), sampled every half pixel."""
    shapes = [view.shape_box(path) for path in view.grid]
    for child in view.grid:
        if not child or child[:-1] not in view.grid:
            continue
        (ax, ay), (bx, by) = view.xy[child[:-1]], view.xy[child]
        if min(ax, bx) > box.right + reach or max(ax, bx) < box.left - reach or \
                min(ay, by) > box.bottom + reach or max(ay, by) < box.top - reach:
            continue
        steps = int(abs(bx - ax) + abs(by - ay)) * 2 + 2
        for k in range(steps + 1):
            x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
            gap = (max(box.left - x, 0, x - box.right) ** 2 + max(box.top - y, 0, y - box.bottom) ** 2) ** 0.5
            if gap < reach and not any(s.left < x < s.right and s.top < y < s.bottom for s in shapes):
                return True
    return False


def test_no_edge_crosses_or_touches_a_value_or_a_window():
    """A parent far to one side sends its edge up through the texts on that side, children far
    apart send theirs down through a window under the node: the texts go where no edge passes
    (the AIMA tree's B, an edge from A far to its right, has its value and window on its left)."""
    checked = 0
    for view, marks, options in layouts_to_check(nested_trees=(AIMA_5_2, A_TO_G, CS312)):
        _, labels = view.boxes(marks, **options)
        touched = [label for label in labels if label.what in ("value", "window")
                   and _near_an_edge(view, label)]
        assert not touched, touched
        checked += 1
    assert checked > 30
    aima = TreeSvg(trees.from_nested(AIMA_5_2))
    assert aima.places[(0,)].startswith("left") and aima.places[(2,)] == "right"


def test_boxes_cover_what_is_drawn():
    result = search.alphabeta(A_TO_G, trace=True)
    view = TreeSvg(result.game)
    marks = trace_of(result).marks()
    shapes, labels = view.boxes(marks, windows=True)
    svg = view.show(marks, windows=True)
    drawn = len(elements(svg, "value")) + len(elements(svg, "window")) + len(elements(svg, "cross")) + \
        len([e for e in elements(svg, "order") if e.tag.endswith("text")])
    assert len(labels) == drawn and len(shapes) == 15


def test_log_plots_have_a_title_readable_text_and_stay_valid_with_any_label():
    svg = log_plot_svg([Series("a < b & \x01c", [1, 2], [3, 9])], x_range=(0.8, 2.2), y_range=(1, 100),
                       title="x & y <z>", xlabel="depth", ylabel="leaves")
    root = ET.fromstring(svg)
    alternative = root.find(f"{{{SVG_NS}}}title").text
    assert alternative == "x & y <z>. a < b & \ufffdc: (1, 3), (2, 9)." and root.get("role") == "img"
    assert alternative == root.get("aria-label")
    inherited = float(root.get("font-size"))
    sizes = [float(e.get("font-size", inherited)) for e in root.iter() if e.tag.endswith("text")]
    assert min(sizes) >= style.TEXT_PX and float(root.get("width")) <= style.DISPLAY_WIDTH_PX
