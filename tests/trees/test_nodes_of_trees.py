"""Tests of mmlib.trees._nodes: the moves of a tree whose nodes hold their children, and its refusals."""

import pytest

from mmlib import trees
from mmlib.errors import ArgumentError, ArgumentTypeError, IllegalMoveError


@pytest.fixture
def tree():
    return trees.from_nested([[3, 12], [2]])


def test_moves_are_child_indices_and_a_leaf_has_its_value(tree):
    assert tree.moves(tree.initial) == range(2)
    second = tree.play(tree.initial, 1)
    assert tree.moves(second) == range(1) and not tree.is_terminal(second)
    leaf = tree.play(tree.play(tree.initial, 0), 1)
    assert tree.is_terminal(leaf) and tree.utility(leaf) == 12 and tree.key(leaf) == (0, 1)


def test_nodes_in_preorder_and_labels_breadth_first(tree):
    assert [node.label for node in tree.nodes()] == ["A", "B", "D", "E", "C", "F"]
    assert [tree.label_of(path) for path in [(), (1,), (0, 1), (1, 0)]] == ["A", "C", "E", "F"]


def test_a_move_that_is_not_there_names_the_moves_there_are(tree):
    with pytest.raises(IllegalMoveError, match=r"move: 2 is not one of tree.moves\(node\) = 0 to 1"):
        tree.play(tree.initial, 2)
    with pytest.raises(ArgumentTypeError, match="move: expected a whole number"):
        tree.play(tree.initial, "0")


@pytest.mark.parametrize("method", ["moves", "is_terminal", "utility", "key"])
def test_something_that_is_no_node_is_named(tree, method):
    with pytest.raises(ArgumentTypeError, match="node: expected a node of this tree"):
        getattr(tree, method)("A")


def test_a_path_that_is_no_path_or_leads_nowhere_is_named(tree):
    with pytest.raises(ArgumentTypeError, match="path: expected a tuple of child indices"):
        tree.label_of("AB")
    with pytest.raises(ArgumentError, match="path: no node at"):
        tree.label_of((0, 5))
