"""Tests of mmlib.trees.convert: any tree-like value as an explicit tree, and a game's tree to a depth."""

import pytest

from mmlib import games, trees
from mmlib.errors import ArgumentError, ArgumentTypeError
from mmlib.trees.convert import as_tree, game_tree


def test_a_tree_is_returned_as_it_is():
    tree = trees.from_nested([[3, 5], [2, 9]])
    assert as_tree(tree) is tree


@pytest.mark.parametrize("given, leaves", [
    ([[3, 5], [2, 9]], [3, 5, 2, 9]),
    ((1, (2, 3)), [1, 2, 3]),
    (7, [7]),
    ("ABC\nA: BC\nB 4\nC 6\n", [4, 6]),
])
def test_nested_lists_numbers_and_texts_become_trees(given, leaves):
    assert [leaf.value for leaf in as_tree(given).leaves()] == leaves


def test_a_generated_tree_is_copied_leaf_for_leaf():
    generated = trees.uniform(2, 3, seed=4)
    copy = as_tree(generated)
    assert copy.leaf_count == 8
    values = []
    for path in [(a, b, c) for a in range(2) for b in range(2) for c in range(2)]:
        node = generated.initial
        for move in path:
            node = generated.play(node, move)
        values.append(generated.utility(node))
    assert [leaf.value for leaf in copy.leaves()] == values


@pytest.mark.parametrize("given", [True, None, {"A": 1}])
def test_anything_else_is_refused_naming_the_tree(given):
    with pytest.raises((ArgumentTypeError, ArgumentError), match="tree"):
        as_tree(given)


def test_tictactoe_to_two_moves_has_9_then_72_positions():
    tree, states = game_tree(games.TicTacToe(), depth=2)
    assert tree.leaf_count == 9 * 8 and len(states) == 1 + 9 + 72
    game = games.TicTacToe()
    assert states[(4, 0)] == game.play(game.play(game.initial, 4), 0)


def test_depth_zero_is_the_position_alone_valued_by_the_evaluation():
    game = games.TicTacToe()
    tree, states = game_tree(game, depth=0)
    assert tree.leaf_count == 1 and tree.root.value == game.evaluate(game.initial)
    assert list(states) == [()]


def test_too_many_positions_are_refused_naming_the_depth():
    with pytest.raises(ArgumentError, match="depth: 3 moves from here give more than max_nodes=100"):
        game_tree(games.TicTacToe(), depth=3)
