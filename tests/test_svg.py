"""The SVG drawings of the explorers: well-formed XML showing what the search did."""

import xml.etree.ElementTree as ET

from mmlib import search, trees
from mmlib.draw.svg import Series, TreeSvg, log_plot_svg, tree_svg
from mmlib.draw.tree import marks_from_events, marks_from_result

A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]   # seed 003: value 5, leaves 9, 0, -1 pruned
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
    assert pruned_values == [-1, 0, 9]           # seed 003
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
    assert len(elements(svg, "series")) == 2
    texts = [e.text for e in root.iter() if e.tag.endswith("text")]
    assert {"10⁰", "10¹", "10²", "10³"} <= set(texts) and "b = 3" in texts
