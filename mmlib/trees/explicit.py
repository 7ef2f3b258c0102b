"""Explicit game trees: every node is an object you can look at.

A :class:`Tree` is built from a nested list (``from_nested``), from the labelled
text format (``mmlib.trees.from_text``) or from a networkx graph.  The root is a
MAX node and turns alternate by depth, unless a node says otherwise.

>>> tree = from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree
from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree.root.label, [child.label for child in tree.root.children]
('A', ['B', 'C', 'D'])
>>> tree.leaf_count, tree.height
(9, 2)
"""

from __future__ import annotations

import math
import string
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, SearchError, TreeError, printable
from ._nodes import LinkedTree, not_a_node

__all__ = ["Node", "Tree", "Path", "from_nested", "check_value", "bfs_labels", "MAX_HEIGHT",
           "MAX_NESTED_NODES", "CONFUSABLE_LABELS", "LABEL_ALPHABET"]

Path = tuple[int, ...]
"""A node's address: the child indices taken from the root (``()`` is the root)."""

CONFUSABLE_LABELS = ("Il1", "O0o", "Cc", "Kk", "Pp", "Ss", "Uu", "Vv", "Ww", "Xx", "Zz")
"""Characters that look alike in the course's font (DejaVu Sans): I, l and 1; O, 0 and o; the
letters whose small form is the capital made smaller.  A generated tree holds at most one of each
group (the first, a capital), so no two of its labels can be mistaken for each other, whether read
from a projected figure or typed into a case-sensitive answer."""

LABEL_ALPHABET = "".join(c for c in string.ascii_uppercase + string.ascii_lowercase + string.digits
                          if not any(c in group[1:] for group in CONFUSABLE_LABELS))
"""The one-character labels of generated trees, in order (49: then words, n49, n50...)."""

MAX_HEIGHT = 5_000
"""The deepest explicit tree mmlib builds (every node keeps its path, so memory grows
with the square of the height)."""

MAX_NESTED_NODES = 250_000
"""The default limit on the nodes of a tree built from a nested list (``max_nodes``)."""


@dataclass(eq=False)
class Node:
    """One node of an explicit tree.

    ``value`` is the leaf value (from MAX's point of view) or, for an interior node,
    its static evaluation if it has one (``None`` otherwise).
    """

    label: str
    value: float | None = None
    children: tuple[Node, ...] = ()
    is_max: bool = True
    path: Path = field(default=(), repr=False)

    def is_leaf(self) -> bool:
        """True when the node has no children."""
        return not self.children

    @property
    def player(self) -> str:
        return "MAX" if self.is_max else "MIN"

    def __repr__(self) -> str:
        if self.is_leaf():
            return f"Node({self.label!r}, value={self.value!r})"
        return f"Node({self.label!r}, {self.player}, {len(self.children)} children)"


def check_value(value: object, where: str) -> float:
    """Return ``value`` if it is a finite real number, else raise TreeError naming ``where``."""
    if not _validate.is_real(value):
        raise TreeError(f"{where}: leaf value {printable(value)} is not a number")
    try:
        finite = math.isfinite(value)
    except (OverflowError, TypeError, ValueError):
        finite = False
    if not finite:
        raise TreeError(f"{where}: leaf value {printable(value)} is not finite or too large "
                        "(use a number below 1e308; a large number like 1000 for a win)")
    return value


def bfs_labels(count: int) -> list[str]:
    """Labels for ``count`` nodes in breadth-first order: A, B, ..., Z, then the small letters and
    digits that cannot be mistaken for a capital or each other (:data:`CONFUSABLE_LABELS`: no l,
    o, 0, 1, c, s...), then n49, n50...

    >>> bfs_labels(3)
    ['A', 'B', 'C']
    >>> "".join(bfs_labels(49)[26:])
    'abdefghijmnqrty23456789'
    >>> bfs_labels(50)[-1]
    'n49'
    """
    _validate.whole("count", count, minimum=0)
    if count > MAX_LABELS:
        raise ArgumentError(f"count: at most {MAX_LABELS:,} labels, got {printable(count)}")
    return [
        LABEL_ALPHABET[i] if i < len(LABEL_ALPHABET) else f"n{i}" for i in range(count)
    ]


MAX_LABELS = 10_000_000
"""The most labels :func:`bfs_labels` makes (more would fill the memory)."""


class Tree(LinkedTree[Node]):
    """An explicit game tree; it follows the :class:`mmlib.games.Game` protocol.

    States are :class:`Node` objects and moves are child indices, so every search
    in :mod:`mmlib.search` runs on a tree unchanged.
    """

    def __init__(self, root: Node):
        if not isinstance(root, Node):
            raise ArgumentTypeError(f"root: expected a Node (build a tree with trees.from_nested or "
                                    f"trees.from_text), got {printable(root)}")
        self.root = root
        self._nodes = list(_preorder(root))
        self.leaf_count = sum(1 for node in self._nodes if node.is_leaf())
        self.node_count = len(self._nodes)
        self.height = max(len(node.path) for node in self._nodes)
        self._by_label = {node.label: node for node in self._nodes}
        self._by_path = {node.path: node for node in self._nodes}

    # -- the Game protocol -------------------------------------------------------
    @property
    def initial(self) -> Node:
        return self.root

    def is_max(self, node: Node) -> bool:
        try:
            return node.is_max
        except AttributeError:
            raise not_a_node(node) from None

    def evaluate(self, node: Node) -> float:
        try:
            value = node.value
        except AttributeError:
            raise not_a_node(node) from None
        if value is None:
            raise SearchError(
                f"node {node.label} has no static value: give it one (a line '{node.label} 7' "
                "in the tree text) or search deeper"
            )
        return value

    # -- looking around ----------------------------------------------------------
    def node(self, where: Path | str) -> Node:
        """The node at a path (tuple of child indices) or with a label."""
        try:
            if isinstance(where, str):
                return self._by_label[where]
            return self._by_path[tuple(where)]
        except KeyError:
            raise ArgumentError(f"where: no node {printable(where)} in this tree") from None
        except TypeError:                         # not iterable, or holding unhashable items
            raise ArgumentTypeError(f"where: expected a path (a tuple of child indices such as "
                                    f"(0, 1)) or a label, got {printable(where)}") from None

    def to_nested(self) -> list[Any] | float:
        """The nested-list form (interior static values are dropped)."""
        return _to_nested(self.root)

    def __repr__(self) -> str:
        if self.node_count <= 40 and self._has_default_shape():
            return f"from_nested({self.to_nested()!r})"
        return f"<Tree: {self.node_count} nodes, {self.leaf_count} leaves, height {self.height}>"

    def _has_default_shape(self) -> bool:
        labels = bfs_labels(self.node_count)
        return all(
            node.label == label and node.is_max == (len(node.path) % 2 == 0)
            and (node.is_leaf() or node.value is None)
            for node, label in zip(_breadth_first(self.root), labels, strict=True)
        )


def _preorder(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _breadth_first(root: Node) -> Iterator[Node]:
    queue = deque([root])
    while queue:
        node = queue.popleft()
        yield node
        queue.extend(node.children)


def _to_nested(root: Node) -> list[Any] | float:
    # Iterative post-order, so that very deep chains do not hit Python's recursion limit.
    built: dict[int, list[Any] | float] = {}
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if node.is_leaf():
            built[id(node)] = node.value  # type: ignore[assignment]
        elif expanded:
            built[id(node)] = [built.pop(id(child)) for child in node.children]
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in node.children)
    return built[id(root)]


def from_nested(nested: object, *, root_is_max: bool = True,
                max_nodes: int | None = MAX_NESTED_NODES) -> Tree:
    """Build a tree from nested lists: a list is an interior node, a number a leaf.

    Levels alternate MAX/MIN starting with the root (MAX unless ``root_is_max=False``);
    leaves may sit at different depths.  Nodes are labelled A, B, C... breadth first,
    which matches the lettering of textbook figures.  A list that contains itself is
    refused, and so is a tree of more than ``max_nodes`` nodes (default
    :data:`MAX_NESTED_NODES`; None lifts the limit).

    >>> tree = from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    >>> [node.label for node in tree.nodes() if not node.is_leaf()]
    ['A', 'B', 'D', 'E', 'C', 'F', 'G']
    >>> from_nested([[1, 2], []])
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeError: nested: an interior node has no children (at path (1,)); write a leaf as a number
    """
    _validate.flag("root_is_max", root_is_max)
    _validate.whole("max_nodes", max_nodes, allow_none=True)
    _check_nested_shape(nested, max_nodes)
    # First pass (breadth first): validate and give every position its label.
    order: list[tuple[Path, object]] = []
    queue: deque[tuple[Path, object]] = deque([((), nested)])
    while queue:
        path, item = queue.popleft()
        order.append((path, item))
        if isinstance(item, (list, tuple)):
            if not item:
                raise TreeError(
                    f"nested: an interior node has no children (at path {path}); "
                    "write a leaf as a number"
                )
            if len(path) >= MAX_HEIGHT:
                raise TreeError(f"nested: the tree is deeper than {MAX_HEIGHT:,} levels")
            queue.extend((path + (i,), child) for i, child in enumerate(item))
        else:
            check_value(item, f"nested: leaf at path {path}")
    labels = dict(zip((path for path, _ in order), bfs_labels(len(order)), strict=True))
    # Second pass (deepest first): build the nodes bottom-up.
    built: dict[Path, Node] = {}
    for path, item in reversed(order):
        is_max = (len(path) % 2 == 0) == root_is_max
        if isinstance(item, (list, tuple)):
            kids = tuple(built.pop(path + (i,)) for i in range(len(item)))
            built[path] = Node(labels[path], None, kids, is_max, path)
        else:
            built[path] = Node(labels[path], item, (), is_max, path)  # type: ignore[arg-type]
    return Tree(built[()])


def _check_nested_shape(nested: object, max_nodes: int | None) -> None:
    """Refuse a list that contains itself, and trees with more than ``max_nodes`` nodes,
    before anything is built (one depth-first walk that keeps the lists on the way down)."""
    limit = math.inf if max_nodes is None else max_nodes
    count = 0
    on_the_way: set[int] = set()
    stack: list[tuple[object, Path, bool]] = [(nested, (), False)]
    while stack:
        item, path, leaving = stack.pop()
        if leaving:
            on_the_way.discard(id(item))
            continue
        count += 1
        if count > limit:
            raise TreeError(f"nested: more than max_nodes={limit:,} nodes; pass max_nodes=None "
                            "(or a larger number) to build it anyway")
        if isinstance(item, (list, tuple)):
            if id(item) in on_the_way:
                raise TreeError(f"nested: the list at path {path} contains itself (a cycle); "
                                "a tree is finite")
            if len(path) >= MAX_HEIGHT:
                raise TreeError(f"nested: the tree is deeper than {MAX_HEIGHT:,} levels")
            on_the_way.add(id(item))
            stack.append((item, path, True))
            stack.extend((child, path + (i,), False) for i, child in reversed(list(enumerate(item))))


def build(children: dict[str, list[str]], values: dict[str, float], root: str,
          players: dict[str, bool] | None = None) -> Tree:
    """Build a tree from label tables (used by the text and networkx readers).

    ``children`` maps a label to its children's labels, ``values`` gives leaf values
    (and optional static values of interior nodes); ``players`` optionally fixes
    ``is_max`` per label, otherwise turns alternate by depth from a MAX root.
    Callers have already checked that the labels form a tree.
    """
    order: list[tuple[str, Path]] = []
    queue: deque[tuple[str, Path]] = deque([(root, ())])
    while queue:
        label, path = queue.popleft()
        order.append((label, path))
        if len(path) > MAX_HEIGHT:
            raise TreeError(f"tree: deeper than {MAX_HEIGHT:,} levels")
        queue.extend((kid, path + (i,)) for i, kid in enumerate(children.get(label, ())))
    built: dict[str, Node] = {}
    for label, path in reversed(order):
        kids = tuple(built.pop(kid) for kid in children.get(label, ()))
        is_max = players[label] if players and label in players else len(path) % 2 == 0
        built[label] = Node(label, values.get(label), kids, is_max, path)
    return Tree(built[root])


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from ..games.base import Game

    _IS_A_GAME: Game[Node, int] = Tree(Node("A"))
