"""Trees as the nodes students program against (``.label``, ``.children``, ``.is_leaf()``, ``.value``).

:func:`lab_tree` gives the root :class:`LabNode` of a tree, for trying a function by hand;
:func:`shape_of` turns a tree into the plain data a tree crosses between processes as.  The
nodes themselves, and the value sources behind them, are :mod:`mmlib.isolation.nodes`.

>>> root = lab_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> root
LabNode('A', 3 children)
>>> [child.label for child in root.children], root.children[0].children[1].value
(['B', 'C', 'D'], 12)
>>> root.children[0].children[1].is_leaf()
True
"""

from __future__ import annotations

from typing import Any

from .. import trees
from ..isolation.nodes import LabNode, Shape, TableValues, build_nodes
from .cases import with_statics

__all__ = ["LabNode", "lab_tree", "shape_of"]


def shape_of(tree: trees.Tree) -> tuple[Shape, tuple[float, ...], tuple[trees.Path, ...]]:
    """A tree as plain data: its shape, the value of each node and each node's path.

    >>> shape, values, paths = shape_of(trees.from_nested([[3, 5], 2]))
    >>> shape, values[2], paths[2]
    ((('A', 'B', 'D', 'E', 'C'), ((1, 4), (2, 3), (), (), ())), 3, (0, 0))
    """
    labels: list[str] = []
    kids: list[tuple[int, ...]] = []
    values: list[Any] = []
    paths: list[trees.Path] = []

    def visit(node: trees.Node) -> int:
        index = len(labels)
        labels.append(node.label)
        kids.append(())
        values.append(node.value)
        paths.append(node.path)
        kids[index] = tuple(visit(child) for child in node.children)
        return index

    visit(tree.root)
    return (tuple(labels), tuple(kids)), tuple(values), tuple(paths)


def lab_tree(tree: Any) -> LabNode:
    """The root :class:`LabNode` of a tree (a nested list, a tree text or a ``trees.Tree``),
    for trying a function by hand.  Interior nodes get static values (the floor of the
    mean of their children's), so depth-limited searches work too.

    >>> root = lab_tree([[3, 5], [2, 9]])
    >>> root.value, root.children[1].value
    (4, 5)
    >>> lab_tree(trees.from_text("XYZ\\nX: YZ\\nY 1\\nZ 2")).children[1].label
    'Z'
    """
    shape, values, _ = shape_of(trees.Tree(with_statics(trees.as_tree(tree).root)))
    return build_nodes(shape, TableValues(values))
