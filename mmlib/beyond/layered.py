"""Trees with chance nodes and several agents now live in :mod:`mmlib.trees.layered`.

>>> from mmlib.beyond.layered import layered_tree
>>> layered_tree([[2, 3]], layers="max chance").leaf_count
2
"""

from ..trees.layered import (
    KINDS,
    LayeredNode,
    LayeredTree,
    LayeredUniformTree,
    layered_tree,
    layered_tree_from_text,
    layered_uniform,
    parse_layers,
)

__all__ = ["KINDS", "LayeredNode", "LayeredTree", "LayeredUniformTree", "layered_tree",
           "layered_tree_from_text", "layered_uniform", "parse_layers"]
