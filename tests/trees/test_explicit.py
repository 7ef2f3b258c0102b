"""Tests of mmlib.trees.explicit: trees given as nested lists, their labels, players and refusals."""

import pytest

from mmlib import search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError, TreeError


def test_nested_labels_breadth_first_and_players_alternate():
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert [n.label for n in tree.root.children] == ["B", "C", "D"]
    assert tree.node("E").value == 3 and tree.node("M").value == 2
    assert tree.root.is_max and not tree.node("B").is_max and tree.node("E").is_max


def test_mixed_depths():
    tree = trees.from_nested([1, [2, [3, 4]]])
    assert tree.height == 3 and tree.leaf_count == 4
    assert search.minimax(tree).value == 2   # MAX: max(1, min(2, max(3, 4)))


@pytest.mark.parametrize("nested, words", [
    ([], "no children"),
    ([[1, 2], []], "path (1,)"),
    ([1, "x"], "not a number"),
    ([1, float("nan")], "not finite"),
    ([1, float("inf")], "not finite"),
    ([True, 2], "not a number"),
    ([1, None], "not a number"),
])
def test_bad_nested_lists(nested, words):
    with pytest.raises(TreeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        trees.from_nested(nested)


def test_too_deep_is_refused_clearly():
    chain = 1
    for _ in range(5001):
        chain = [chain]
    with pytest.raises(TreeError, match="deeper than 5,000"):
        trees.from_nested(chain)


@pytest.mark.parametrize("where", [3, None, 1.5, [[0]], object()])
def test_a_node_asked_for_by_something_that_is_no_path_names_the_argument(where):
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(ArgumentTypeError, match=r"^where: expected a path"):
        tree.node(where)
    with pytest.raises(ArgumentTypeError, match=r"^(path|where): expected"):
        tree.label_of(where)


def test_labels_and_trees_from_the_wrong_kind_of_value_name_the_argument():
    with pytest.raises(ArgumentTypeError, match="^count: expected a whole number"):
        trees.bfs_labels(2.5)
    with pytest.raises(ArgumentError, match="^count: at most 10,000,000 labels"):
        trees.bfs_labels(10 ** 12)                 # would fill the memory
    with pytest.raises(ArgumentTypeError, match="^root: expected a Node"):
        trees.Tree([[1, 2], [3]])
