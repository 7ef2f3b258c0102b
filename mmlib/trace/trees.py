"""The trees a trace is read on: explicit trees and layered ones (chance nodes, several
agents), who moves at a node, and every node's true (expectiminimax) value.

>>> from mmlib.trees import layered_tree
>>> dice = layered_tree([[(1/2, 8), (1/2, 2)], [(1/2, 4), (1/2, 4)]], layers="max chance")
>>> node_role(dice, (0,)), expected_values(dice)[()]
('chance', 5.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentTypeError
from ..trees import Path, Tree, as_tree

if TYPE_CHECKING:
    from ..search.results import SearchResult
    from ..trees._nodes import LinkedNode
    from ..trees.convert import AnyTree
    from ..trees.layered import LayeredTree


def view_tree(tree: Any, *, max_nodes: int = 2000) -> Any:
    """The explicit tree the views draw: a :class:`~mmlib.trees.LayeredTree` (chance nodes,
    several agents) as it is, anything else through :func:`mmlib.trees.as_tree`.

    >>> from mmlib.trees import layered_tree
    >>> view_tree(layered_tree([[1, 2]], layers="max chance")).leaf_count
    2
    """
    if _is_layered(tree):
        return tree
    return as_tree(tree, max_nodes=max_nodes)


def _is_layered(tree: AnyTree) -> bool:
    return hasattr(tree, "layers") and hasattr(tree, "label_of") and hasattr(tree, "nodes")


def _is_chance(node: LinkedNode) -> bool:
    return bool(getattr(node, "is_chance", False)) and not node.is_leaf()


def node_role(tree: Tree | LayeredTree, path: Path) -> str:
    """Who moves at ``path``: ``"MAX"``, ``"MIN"``, ``"chance"`` or ``"leaf"``; on a tree
    with several MIN (or MAX) agents per round, which one: ``"MIN 1"``, ``"MIN 2"``...

    >>> from mmlib.trees import layered_tree
    >>> ghosts = layered_tree([[[3, 5], [2, 9]], [[1, 4], [6, 7]]], layers="max min min")
    >>> [node_role(ghosts, p) for p in [(), (0,), (0, 0), (0, 0, 1)]]
    ['MAX', 'MIN 1', 'MIN 2', 'leaf']
    """
    node = tree.node(tuple(path))
    if node.is_leaf():
        return "leaf"
    if _is_chance(node):
        return "chance"
    name = "MAX" if node.is_max else "MIN"
    layers = getattr(tree, "layers", None)
    if not layers:
        return name
    kind = name.lower()
    agents = [i for i, k in enumerate(layers) if k == kind]
    if len(agents) < 2:
        return name
    return f"{name} {agents.index(len(path) % len(layers)) + 1}"


def _probabilities(node: Any, *, averaging: bool) -> tuple[float, ...]:
    """The probability of each child: a chance node's own, or equal for an averaging MIN node."""
    if _is_chance(node):
        return tuple(node.probabilities)
    if averaging:
        return tuple(1 / len(node.children) for _ in node.children)
    return ()


def minimax_values(tree: AnyTree) -> dict[Path, float]:
    """The minimax value of every node of an explicit tree (interior static values unused);
    at a chance node, the expected value of its outcomes (expectiminimax).

    >>> minimax_values(as_tree([[3, 5], [2, 9]]))[()]
    3
    """
    return expected_values(tree)


def best_line(tree: Tree | LayeredTree, values: dict[Path, float] | None = None) -> list[Path]:
    """The nodes of the principal variation of a plain tree, from the root: at each node the
    first child whose minimax value (``values``, default :func:`minimax_values`) is its own.

    >>> best_line(as_tree([[3, 5], [2, 9]]))
    [(), (0,), (0, 0)]
    """
    tree = view_tree(tree)
    values = minimax_values(tree) if values is None else values
    node, line = tree.root, [tree.root.path]
    while node.children:
        node = next(c for c in node.children if values[c.path] == values[node.path])
        line.append(node.path)
    return line


def expected_values(tree: Any, *, random_opponent: bool = False) -> dict[Path, float]:
    """Every node's expectiminimax value: MAX the largest child value, MIN the smallest,
    chance the probability-weighted sum; with ``random_opponent`` (expectimax, CS188) a MIN
    node averages its children too.

    >>> from mmlib.trees import layered_tree
    >>> tree = layered_tree([[(1/2, 8), (1/3, 24), (1/6, -12)]], layers="max chance")
    >>> round(expected_values(tree)[()], 9)
    10.0
    >>> expected_values([[3, 12], [2, 4, 6]], random_opponent=True)[()]
    7.5
    """
    tree = view_tree(tree)
    values: dict[Path, float] = {}
    for node in reversed(tree.nodes()):  # children before parents
        if node.is_leaf():
            values[node.path] = node.value
            continue
        kids = [values[child.path] for child in node.children]
        weights = _probabilities(node, averaging=random_opponent and not node.is_max)
        if weights:
            values[node.path] = sum(p * v for p, v in zip(weights, kids, strict=True))
        else:
            values[node.path] = max(kids) if node.is_max else min(kids)
    return values


def _subtree_paths(tree: Tree, root: Path) -> Iterable[Path]:
    stack = [tree.node(root)]
    while stack:
        node = stack.pop()
        yield node.path
        stack.extend(node.children)


def result_tree(result: SearchResult) -> tuple[Tree, Path]:
    """The explicit tree a result was searched on, and the path of the node it started from."""
    game = result.game
    if isinstance(game, Tree) or _is_layered(game):
        start = result.start if result.start is not None else game.root
        return game, tuple(getattr(start, "path", ()))
    try:
        return as_tree(game), ()
    except Exception as error:   # noqa: BLE001 - say what is wrong in mmlib's words
        raise ArgumentTypeError(f"result: it was searched on {type(game).__name__}, not on a tree; "
                                "only searches on trees can be drawn node by node") from error
