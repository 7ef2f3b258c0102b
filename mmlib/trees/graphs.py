"""Conversion between explicit trees and networkx directed graphs.

Node attributes: ``value`` (leaf value or static evaluation, may be None), ``player``
(``"MAX"`` or ``"MIN"``) and ``label``.  Graph nodes are the labels.

>>> from mmlib.trees import from_nested
>>> graph = to_networkx(from_nested([[3, 12], [2, 4]]))
>>> sorted(graph.successors("A")), graph.nodes["D"]
(['B', 'C'], {'value': 3, 'player': 'MAX', 'label': 'D', 'path': (0, 0)})
>>> from_networkx(graph, "A").to_nested()
[[3, 12], [2, 4]]
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError, ArgumentTypeError, TreeError
from .explicit import Tree, build, check_value

__all__ = ["to_networkx", "from_networkx"]


def to_networkx(tree: Tree) -> Any:
    """A ``networkx.DiGraph`` of ``tree``; edges run parent to child in move order."""
    import networkx as nx

    if not isinstance(tree, Tree):
        raise ArgumentTypeError(f"tree: expected an explicit trees.Tree, got {type(tree).__name__}")
    graph = nx.DiGraph()
    for node in tree.nodes():
        graph.add_node(node.label, value=node.value, player=node.player, label=node.label,
                       path=node.path)
    for node in tree.nodes():
        for move, child in enumerate(node.children):
            graph.add_edge(node.label, child.label, move=move)
    return graph


def from_networkx(graph: Any, root: Any) -> Tree:
    """Build a tree from a directed graph; children are taken in edge insertion order.

    Leaves need a numeric ``value`` attribute.  ``player`` ("MAX"/"MIN") is optional;
    without it turns alternate by depth from a MAX root.  ``label`` defaults to ``str(node)``.
    """
    import networkx as nx

    if not isinstance(graph, nx.DiGraph):
        raise ArgumentTypeError(f"graph: expected a networkx.DiGraph, got {type(graph).__name__}")
    if root not in graph:
        raise ArgumentError(f"root: {root!r} is not a node of the graph")
    if not nx.is_directed_acyclic_graph(graph):
        raise TreeError("graph: it has a cycle, so it is not a tree")
    for node in graph:
        if node != root and graph.in_degree(node) != 1:
            raise TreeError(f"graph: node {node!r} has {graph.in_degree(node)} parents; a tree has one")
    if graph.in_degree(root) != 0:
        raise TreeError(f"root: {root!r} has a parent")
    unreachable = set(graph) - nx.descendants(graph, root) - {root}
    if unreachable:
        raise TreeError(f"graph: {len(unreachable)} nodes are not reachable from the root, "
                        f"e.g. {sorted(map(str, unreachable))[0]!r}")
    label = {node: str(graph.nodes[node].get("label", node)) for node in graph}
    if len(set(label.values())) != len(label):
        raise TreeError("graph: two nodes have the same label")
    children = {label[n]: [label[k] for k in graph.successors(n)] for n in graph if graph.out_degree(n)}
    values: dict[str, float] = {}
    players: dict[str, bool] = {}
    for node, data in graph.nodes(data=True):
        value = data.get("value")
        if value is not None:
            values[label[node]] = check_value(value, f"graph: node {node!r}")
        elif graph.out_degree(node) == 0:
            raise TreeError(f"graph: leaf {node!r} has no 'value' attribute")
        if "player" in data:
            if data["player"] not in ("MAX", "MIN"):
                raise TreeError(f"graph: node {node!r} has player {data['player']!r}; use 'MAX' or 'MIN'")
            players[label[node]] = data["player"] == "MAX"
    return build(children, values, label[root], players)
