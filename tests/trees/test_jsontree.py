"""Tests of mmlib.trees.jsontree: trees as JSON."""

import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.errors import TreeError

nested_trees = support.nested_trees(st.integers(-9, 9), max_children=9, max_leaves=90)


@settings(max_examples=100, deadline=None)
@given(nested_trees)
def test_json_and_cs188_round_trips(nested):
    tree = trees.from_nested(nested)
    back = trees.from_json(trees.to_json(tree))
    assert back.to_nested() == tree.to_nested()
    assert [(n.label, n.is_max) for n in back.nodes()] == [(n.label, n.is_max) for n in tree.nodes()]
    if tree.height:
        again = trees.from_cs188(trees.to_cs188(tree))
        assert again.to_nested() == tree.to_nested()
        assert [n.label for n in again.nodes()] == [n.label for n in tree.nodes()]


def test_turns_that_do_not_alternate_travel_through_json_and_networkx():
    tree = trees.from_networkx(support.ghost_graph(), "A")
    assert search.minimax(tree).value == 4            # B: min(4, 9) = 4; C: 1; A: max = 4
    for back in (trees.from_json(trees.to_json(tree)),
                 trees.from_networkx(trees.to_networkx(tree), "A")):
        assert [n.player for n in back.nodes()] == [n.player for n in tree.nodes()]
        assert search.minimax(back).value == 4
    with pytest.raises(TreeError, match="alternate"):
        trees.to_text(tree)
    static = trees.from_text("ABCDE\nA: BC\nB: DE\nB 4\nC 2\nD 3\nE 5\n")
    assert trees.from_json(trees.to_json(static)).node("B").value == 4      # static values kept


def test_json_with_chance_nodes():
    from mmlib.search import expectimax
    text = """{"format": "mmlib-tree", "version": 1, "root": {"label": "A", "player": "MAX", "children": [
        {"label": "B", "player": "CHANCE", "probabilities": [0.5, 0.25, 0.25], "children": [
            {"label": "D", "player": "MAX", "value": 8}, {"label": "E", "player": "MAX", "value": 24},
            {"label": "F", "player": "MAX", "value": -12}]},
        {"label": "C", "player": "CHANCE", "children": [
            {"label": "G", "player": "MAX", "value": 6}, {"label": "H", "player": "MAX", "value": 4}]}]}}"""
    tree = trees.from_json(text)
    # B = 0.5 * 8 + 0.25 * 24 + 0.25 * (-12) = 7; C = (6 + 4) / 2 = 5; A = 7
    assert expectimax(tree).value == 7
    assert tree.outcomes(tree.node("C")) == [(0, 0.5), (1, 0.5)]
    again = trees.from_json(trees.to_json(tree))
    assert expectimax(again).value == 7 and trees.to_json(again) == trees.to_json(tree)


@pytest.mark.parametrize("root, words", [
    ({"label": "A", "player": "MAX"}, "needs a 'value'"),
    ({"label": "A", "player": "max", "value": 1}, "'player'"),
    ({"label": "A", "player": "MAX", "children": [{"label": "A", "player": "MIN", "value": 1}]}, "twice"),
    ({"label": "A", "player": "MAX", "children": []}, "non-empty list"),
    ({"label": "A", "player": "CHANCE", "probabilities": [0.5, 0.6],
      "children": [{"label": "B", "player": "MAX", "value": 1}, {"label": "C", "player": "MAX", "value": 2}]},
     "add up to 1"),
    ({"label": "A", "player": "MAX", "value": "7"}, "not a number"),
])
def test_bad_json_names_the_node(root, words):
    import json
    with pytest.raises(TreeError, match=words):
        trees.from_json(json.dumps({"root": root}))
    with pytest.raises(TreeError, match="not JSON"):
        trees.from_json("{root: }")
