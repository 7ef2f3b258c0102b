"""Tests of mmlib.trace.narration: the words said of a search and of a drawing."""

from mmlib.trace import minimax_marks
from mmlib.trace.narration import describe_marks, evaluated_words
from mmlib.trees import as_tree, from_text


def test_a_drawing_of_a_plain_tree_says_its_size_and_minimax_value():
    tree = as_tree([[3, 5], [2, 9]])         # 1 + 2 + 4 nodes; max(min(3, 5), min(2, 9)) = 3
    assert describe_marks(tree, minimax_marks(tree)) == \
        "A game tree with 7 nodes and 4 leaves; its minimax value is 3."


def test_evaluations_at_the_depth_limit_are_named_beside_the_leaves():
    tree = from_text("ABCDEFG\nA: BC\nB: DE\nC: FG\nB 1\nC 2\nD 3\nE 4\nF 5\nG 6")
    assert evaluated_words(tree, [(0, 0), (0, 1), (1, 0)], 4) == "3 of 4 leaves evaluated"
    assert evaluated_words(tree, [(0,), (1,)], 4) == \
        "2 static evaluations: 0 of 4 leaves and B, C at the depth limit"
    assert evaluated_words(tree, [(0, 0), (1,)], 4, count=5) == \
        "5 static evaluations: 1 of 4 leaves and C at the depth limit"
