"""One way in: whatever a user hands over as "a tree", as an explicit :class:`Tree`.

>>> as_tree([[3, 5], [2, 9]]).leaf_count
4
>>> as_tree("AB\\nA: B\\nB 1").height
1
>>> as_tree(7).leaf_count       # a lone number is a one-leaf tree
1
"""

from __future__ import annotations

import numbers
from typing import Any

from ..errors import ArgumentTypeError
from .explicit import Tree, from_nested
from .generated import _GeneratedTree, explicit
from .text import from_text

__all__ = ["as_tree"]


def as_tree(tree: Any, *, max_nodes: int = 2000) -> Tree:
    """An explicit tree from a tree, a nested list (or a lone number), a labelled tree text,
    or a generated tree (copied with :func:`~mmlib.trees.explicit`, at most ``max_nodes``)."""
    if isinstance(tree, Tree):
        return tree
    if isinstance(tree, (list, tuple)) or (isinstance(tree, numbers.Real) and not isinstance(tree, bool)):
        return from_nested(tree)
    if isinstance(tree, str):
        return from_text(tree)
    if isinstance(tree, _GeneratedTree):
        return explicit(tree, max_nodes=max_nodes)
    raise ArgumentTypeError(
        f"tree: expected a tree, a generated tree, a nested list or a tree text, "
        f"got {type(tree).__name__}"
    )
