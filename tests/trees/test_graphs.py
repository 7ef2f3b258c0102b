"""Tests of mmlib.trees.graphs: trees to and from networkx graphs."""

import networkx as nx
import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.errors import ArgumentError, TreeError

nested_trees = support.nested_trees(st.integers(-9, 9), max_children=9, max_leaves=90)


@pytest.mark.slow     # a big property run (200 examples): `make test` runs it, `make check` does not
@settings(max_examples=200, deadline=None)
@given(nested_trees)
def test_text_and_networkx_round_trips(nested):
    tree = trees.from_nested(nested)
    assert trees.from_text(trees.to_text(tree)).to_nested() == tree.to_nested()
    graph = trees.to_networkx(tree)
    back = trees.from_networkx(graph, tree.root.label)
    assert back.to_nested() == tree.to_nested()
    assert [n.is_max for n in back.nodes()] == [n.is_max for n in tree.nodes()]


def test_networkx_players_are_respected_and_checked():
    graph = nx.DiGraph()
    graph.add_edges_from([("r", "a"), ("r", "b")])
    graph.nodes["r"]["player"] = "MIN"
    graph.nodes["a"]["value"] = 1
    graph.nodes["b"]["value"] = 2
    tree = trees.from_networkx(graph, "r")
    assert search.minimax(tree).value == 1
    graph.add_edge("b", "a")
    with pytest.raises(TreeError, match="parents"):
        trees.from_networkx(graph, "r")
    with pytest.raises(ArgumentError, match="root"):
        trees.from_networkx(nx.DiGraph([("x", "y")]), "z")
