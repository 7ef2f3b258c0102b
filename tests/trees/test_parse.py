"""Tests of mmlib.trees.parse: reading a tree someone typed, as a nested list or the labelled text."""

import pytest

from mmlib import search
from mmlib.errors import TreeTextError
from mmlib.trees.parse import parse_nested, parse_tree


def test_a_nested_list_text_is_the_tree_it_writes():
    tree = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert tree.leaf_count == 9 and tree.height == 2
    assert search.minimax(tree).value == 3           # AIMA's Figure 5.2: max(3, 2, 2)


def test_a_labelled_text_is_read_as_the_labelled_format():
    tree = parse_tree("ABC\nA: BC\nB 4\nC -1\n")
    assert [(leaf.label, leaf.value) for leaf in tree.leaves()] == [("B", 4), ("C", -1)]


def test_numbers_keep_their_kind_and_sign():
    assert parse_nested("[[3, -5],\n [2.5, 9]]") == [[3, -5], [2.5, 9]]
    assert parse_nested("7") == 7


def test_positions_count_the_blank_lines_and_spaces_typed_before_the_list():
    with pytest.raises(TreeTextError) as error:
        parse_nested("[[1, x]]")
    assert (error.value.line, error.value.column) == (1, 6)
    with pytest.raises(TreeTextError) as error:
        parse_nested("\n\n  [[1, x]]")
    assert (error.value.line, error.value.column) == (3, 8)       # "  [[1, x]]": x is the 8th character


@pytest.mark.parametrize("text", ["__import__('os').getcwd()", "[[1, 2], [3, len('ab')]]", "[1, 2] + [3]"])
def test_nothing_in_the_text_is_evaluated(text):
    with pytest.raises(TreeTextError):
        parse_nested(text)


def test_an_empty_list_is_refused_with_its_place():
    with pytest.raises(TreeTextError, match="has no children") as error:
        parse_nested("[[1, 2], []]")
    assert (error.value.line, error.value.column) == (1, 10)
