"""Facts the views used to compute themselves, now asked of the model (mmlib.trace)."""

from mmlib import games
from mmlib.draw.boards import game_tree
from mmlib.trace import best_line, minimax_values


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
