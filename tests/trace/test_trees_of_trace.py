"""mmlib.trace.trees: the trees a trace is read on, who moves at a node, and every node's true value.

The values are checked against a minimax over the nodes written here, and against expectiminimax
values worked out by hand with exact fractions.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mmlib import games, search, trees
from mmlib.draw.boards import game_tree
from mmlib.errors import ArgumentTypeError
from mmlib.trace import best_line, expected_values, minimax_values
from mmlib.trace.trees import node_role, result_tree, view_tree


def _minimax(node):
    if not node.children:
        return node.value
    kids = [_minimax(child) for child in node.children]
    return max(kids) if node.is_max else min(kids)


def test_best_line_follows_the_first_child_worth_its_parents_value():
    # [[3, 5], [2, 9]]: MAX takes the left MIN node (3), which takes its left leaf (3)
    assert best_line([[3, 5], [2, 9]]) == [(), (0,), (0, 0)]
    # ties go to the first child: both MIN nodes are worth 4
    assert best_line([[4, 6], [8, 4]]) == [(), (0,), (0, 0)]


def test_board_tree_values_are_the_minimax_values_of_its_positions():
    tree, _ = game_tree(games.TicTacToe(), depth=2)
    values = minimax_values(tree)
    for node in tree.nodes():
        assert values[node.path] == _minimax(node)
    line = best_line(tree, values)
    assert len(line) == 3 and all(values[p] == values[()] for p in line)


def test_who_moves_names_the_agent_and_the_chance_nodes() -> None:
    ghosts = trees.layered_tree([[[3, 5], [2, 9]], [[1, 4], [6, 7]]], layers="max min min")
    assert [node_role(ghosts, p) for p in [(), (1,), (1, 0), (1, 0, 1)]] == ["MAX", "MIN 1", "MIN 2", "leaf"]
    dice = trees.layered_tree([[(1/2, 8), (1/2, 2)], [(1/4, 4), (3/4, 0)]], layers="max chance")
    assert [node_role(dice, p) for p in [(), (1,), (1, 1)]] == ["MAX", "chance", "leaf"]
    plain = trees.as_tree([[3, 5], [2, 9]])
    assert [node_role(plain, p) for p in [(), (0,), (0, 1)]] == ["MAX", "MIN", "leaf"]


def test_chance_values_are_the_probability_weighted_sums() -> None:
    # MAX over two gambles: 1/2 * 8 + 1/2 * 2 = 5 and 1/4 * 4 + 3/4 * 0 = 1
    dice = trees.layered_tree([[(Fraction(1, 2), 8), (Fraction(1, 2), 2)],
                               [(Fraction(1, 4), 4), (Fraction(3, 4), 0)]], layers="max chance")
    values = expected_values(dice)
    assert (values[()], values[(0,)], values[(1,)]) == (5, 5, 1)
    assert minimax_values(dice) == values


def test_a_random_opponent_averages_where_min_would_choose() -> None:
    nested = [[3, 12], [2, 4, 6], [1, 20]]         # MIN nodes: min 3, 2, 1; means 7.5, 4, 10.5
    assert minimax_values(trees.as_tree(nested))[()] == 3
    averaged = expected_values(nested, random_opponent=True)
    assert (averaged[(0,)], averaged[(1,)], averaged[(2,)], averaged[()]) == (7.5, 4, 10.5, 10.5)


def test_the_views_tree_and_the_tree_a_result_was_searched_on() -> None:
    layered = trees.layered_tree([[1, 2]], layers="max chance")
    assert view_tree(layered) is layered and view_tree([[1, 2], [3]]).leaf_count == 3
    tree = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    searched, start = result_tree(search.alphabeta(tree, state=tree.node("C")))
    assert searched is tree and start == (1,)
    assert result_tree(search.alphabeta(tree)) == (tree, ())
    with pytest.raises(ArgumentTypeError, match="^result: it was searched on TicTacToe"):
        result_tree(search.alphabeta(games.TicTacToe(), depth=1))
