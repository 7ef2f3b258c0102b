"""Game trees: explicit (from nested lists, labelled text, JSON, networkx or CS 188's test files)
and generated; trees with chance nodes and several agents (:mod:`~mmlib.trees.layered`).

All of them follow the :class:`mmlib.games.Game` protocol, so every search runs on them.

>>> from mmlib import trees
>>> trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).leaf_count
9
>>> trees.ordered(4, 8, "best", seed=0).leaf_count
65536
>>> trees.layered_tree([[(0.5, 8), (0.5, 2)]], layers="max chance").leaf_count
2
"""

from .convert import AnyTree, TreeLike, as_tree, game_tree
from .cs188 import CS188Tree, from_cs188, read_cs188, to_cs188
from .explicit import Node, Path, Tree, bfs_labels, from_nested
from .generated import (
    GeneratedNode,
    OrderedTree,
    UniformTree,
    explicit,
    ordered,
    uniform,
    uniform_leaf_count,
    uniform_node_count,
)
from .graphs import from_networkx, to_networkx
from .jsontree import from_json, to_json
from .layered import (
    LayeredNode,
    LayeredTree,
    LayeredUniformTree,
    layered_tree,
    layered_tree_from_text,
    layered_uniform,
)
from .text import from_text, to_text

__all__ = [
    "TreeLike",
    "AnyTree",
    "Node",
    "Path",
    "Tree",
    "GeneratedNode",
    "UniformTree",
    "OrderedTree",
    "bfs_labels",
    "as_tree",
    "game_tree",
    "from_nested",
    "from_text",
    "to_text",
    "to_networkx",
    "from_networkx",
    "to_json",
    "from_json",
    "CS188Tree",
    "read_cs188",
    "from_cs188",
    "to_cs188",
    "uniform",
    "ordered",
    "explicit",
    "uniform_leaf_count",
    "uniform_node_count",
    "LayeredNode",
    "LayeredTree",
    "LayeredUniformTree",
    "layered_tree",
    "layered_tree_from_text",
    "layered_uniform",
]
