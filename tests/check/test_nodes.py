"""mmlib.check.nodes: the nodes a student programs against hold the tree they were made from.

The yardsticks are the nested lists themselves: a tree rebuilt from ``shape_of``'s plain data,
and the static values of interior nodes worked out here from their definition (the floor of the
mean of the children's values, children first).
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from support import nested_trees

from mmlib import trees
from mmlib.check.nodes import lab_tree, shape_of


def rebuilt(shape, values, index=0):
    """The nested list that ``shape_of``'s plain data describes, from node ``index`` down."""
    _, kids = shape
    if not kids[index]:
        return values[index]
    return [rebuilt(shape, values, child) for child in kids[index]]


def static(nested):
    """A node's value as the lab's nodes give it: a leaf's own, an interior node's floor of the mean."""
    if not isinstance(nested, list):
        return nested
    values = [static(child) for child in nested]
    return math.floor(sum(values) / len(values))


def as_nested(node):
    return node.value if node.is_leaf() else [as_nested(child) for child in node.children]


@settings(max_examples=100, deadline=None)
@given(nested_trees(max_leaves=25))
def test_the_plain_data_describes_the_tree_and_each_nodes_path(nested) -> None:
    nested = nested if isinstance(nested, list) else [nested]
    tree = trees.from_nested(nested)
    shape, values, paths = shape_of(tree)
    assert rebuilt(shape, values) == nested
    labels, _ = shape
    assert [tree.node(path).label for path in paths] == list(labels)
    assert len(set(labels)) == len(labels) == tree.node_count


@settings(max_examples=100, deadline=None)
@given(nested_trees(max_leaves=25))
def test_a_lab_tree_holds_the_leaves_and_the_floor_of_the_mean_above_them(nested) -> None:
    nested = nested if isinstance(nested, list) else [nested]
    root = lab_tree(nested)
    assert as_nested(root) == nested
    stack = [(root, nested)]
    while stack:
        node, part = stack.pop()
        assert node.value == static(part) and node.is_leaf() == (not isinstance(part, list))
        if isinstance(part, list):
            stack.extend(zip(node.children, part, strict=True))
