"""The game methods every tree of linked nodes shares (:class:`LinkedTree`), and the errors a
tree's methods raise when given something that is not one of its nodes.

The methods of a tree (``is_max``, ``moves``, ``play``, ...) run millions of times in a
search, so they do not check their arguments first: they catch the ``AttributeError`` or
``TypeError`` a wrong argument causes (a ``try`` costs nothing when nothing is raised) and
raise one of these instead.

>>> from mmlib import trees
>>> trees.uniform(2, 3).moves(42)
Traceback (most recent call last):
...
mmlib.errors.ArgumentTypeError: node: expected a node of this tree (tree.initial, or a node \
that tree.play(node, move) returned), got 42 (type int)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from ..errors import ArgumentError, ArgumentTypeError, IllegalMoveError, printable

if TYPE_CHECKING:
    from ..games.base import Move

__all__ = ["LinkedTree", "not_a_node", "not_a_move"]


class LinkedNode(Protocol):
    """A node that holds its children (in move order) and, at a leaf, its value."""

    @property
    def children(self) -> Sequence[Any]: ...

    @property
    def value(self) -> float | None: ...

    @property
    def path(self) -> tuple[int, ...]: ...

    @property
    def label(self) -> str: ...

    def is_leaf(self) -> bool: ...


N = TypeVar("N", bound=LinkedNode)


class LinkedTree(Generic[N]):
    """The moves of a tree whose nodes hold their children: a node's moves are its children's
    indices, playing move ``i`` goes to child ``i``, and a leaf's utility is its value; and the
    ways to look around it (``_nodes`` in preorder, ``_by_path`` from path to node).

    >>> from mmlib import trees
    >>> tree = trees.from_nested([[3, 12], [2]])
    >>> tree.moves(tree.initial), tree.utility(tree.play(tree.play(tree.initial, 0), 1))
    (range(0, 2), 12)
    >>> tree.label_of((0, 1)), [leaf.value for leaf in tree.leaves()]
    ('E', [3, 12, 2])
    """

    _nodes: list[N]
    _by_path: dict[tuple[int, ...], N]

    def moves(self, node: N) -> range:
        try:
            return range(len(node.children))
        except AttributeError:
            raise not_a_node(node) from None

    def play(self, node: N, move: int) -> N:
        try:
            return cast(N, node.children[move])
        except AttributeError:
            raise not_a_node(node) from None
        except (IndexError, TypeError):
            raise not_a_move(move, self.moves(node)) from None

    def is_terminal(self, node: N) -> bool:
        try:
            return not node.children
        except AttributeError:
            raise not_a_node(node) from None

    def utility(self, node: N) -> float:
        try:
            return node.value  # type: ignore[return-value]   # a leaf always has its value
        except AttributeError:
            raise not_a_node(node) from None

    def key(self, node: N) -> tuple[int, ...]:
        try:
            return node.path
        except AttributeError:
            raise not_a_node(node) from None

    def nodes(self) -> list[N]:
        """All nodes in preorder (left to right, depth first)."""
        return list(self._nodes)

    def leaves(self) -> list[N]:
        """The leaves from left to right."""
        return [node for node in self._nodes if node.is_leaf()]

    def label_of(self, path: Sequence[int]) -> str:
        """The label of the node at ``path``."""
        if isinstance(path, str):
            raise ArgumentTypeError(f"path: expected a tuple of child indices such as (0, 1), got "
                                    f"{printable(path)}")
        try:
            return self._by_path[tuple(path)].label
        except KeyError:
            raise ArgumentError(f"path: no node at {printable(path)} in this tree") from None
        except TypeError:
            raise ArgumentTypeError(f"path: expected a tuple of child indices such as (0, 1), got "
                                    f"{printable(path)}") from None


def not_a_node(value: object, name: str = "node") -> ArgumentTypeError:
    """The error for ``value`` given as the node argument ``name``."""
    return ArgumentTypeError(f"{name}: expected a node of this tree (tree.initial, or a node that "
                             f"tree.play(node, move) returned), got {printable(value)} "
                             f"(type {type(value).__name__})")


def not_a_move(move: Move, moves: Sequence[Move]) -> IllegalMoveError | ArgumentTypeError:
    """The error for ``move`` given to ``play`` at a node whose moves are ``moves``."""
    if isinstance(move, bool) or not hasattr(move, "__index__"):
        return ArgumentTypeError(f"move: expected a whole number, one of tree.moves(node) = "
                                 f"{_shown(moves)}, got {printable(move)}")
    return IllegalMoveError(f"move: {printable(move)} is not one of tree.moves(node) = {_shown(moves)}")


def _shown(moves: Sequence[Move]) -> str:
    if isinstance(moves, range):
        return "range(0)" if not moves else f"0 to {moves[-1]}"
    return repr(moves)
