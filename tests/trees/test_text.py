"""Tests of mmlib.trees.text: the labelled tree text, read and written."""

import networkx as nx
import pytest

from mmlib import search, trees
from mmlib.errors import ArgumentTypeError, MmlibError, TreeError, TreeTextError

T1 = "ABCDEFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1\n"


def test_text_round_trip_and_comments_and_blank_lines():
    text = "# the t1.in example\n\nABCDEFGH\n\nA: BC\n# children of B\nB: DE\nC: FGH\n" \
           "D 7\nE 5\nF 9\nG 3\nH -1.5\n"
    tree = trees.from_text(text)
    assert tree.to_nested() == [[7, 5], [9, 3, -1.5]]
    assert trees.from_text(trees.to_text(tree)).to_nested() == tree.to_nested()


def test_text_interior_static_values():
    tree = trees.from_text("ABCDE\nA: BC\nB: DE\nB 4\nC 2\nD 3\nE 5\n")
    assert tree.node("B").value == 4
    assert search.minimax(tree, depth=1).value == 4
    assert search.minimax(tree).value == 3


@pytest.mark.parametrize("text, line, words", [
    ("", None, "no label line"),
    ("# only a comment\n", None, "no label line"),
    ("ABB\nA: B\nB 1\n", 1, "duplicate label"),
    ("ABC\nA: BX\nB 1\nC 2\n", 2, "unknown label 'X'"),
    ("ABC\nA: BC\nB 1\nZ 2\n", 4, "unknown label 'Z'"),
    ("ABC\nA: BC\nB 1\n", 2, "leaf 'C' has no value"),
    ("ABC\nA: BC\nB one\nC 2\n", 3, "not a number"),
    ("ABC\nA: BC\nB nan\nC 2\n", 3, "not finite"),
    ("ABC\nA: BC\nB 1\nB 2\nC 3\n", 4, "value twice"),
    ("ABC\nA: BC\nA: C\nB 1\nC 2\n", 3, "children twice"),
    ("ABC\nA: BC\nB: C\nB 1\nC 2\n", 3, "already has a parent"),
    ("ABC\nA: B\nB: A\nB 1\n", 3, "cycle"),
    ("ABC\nA: B\nB 1\nC 2\n", 1, "not connected"),
    ("ABC\nA: BC\nB: B\nC 1\n", 3, "own child"),
    ("ABC\nA BC\n", 2, "value 'BC' of node 'A' is not a number"),
    ("ABC\nA:\nB 1\n", 2, "empty list of children"),
    ("ABC\nA: BC\nB 1 2\nC 3\n", 3, "cannot read"),
])
def test_bad_text_names_the_line(text, line, words):
    with pytest.raises(TreeTextError) as caught:
        trees.from_text(text)
    assert caught.value.line == line
    assert words in str(caught.value)
    if line is not None:
        assert str(caught.value).startswith(f"line {line}:")


def test_text_errors_belong_to_the_family():
    with pytest.raises(MmlibError):
        trees.from_text("A\nA: A\n")
    with pytest.raises(ValueError):
        trees.from_text("AB\nA: B\n")
    with pytest.raises(ArgumentTypeError):
        trees.from_text(["AB"])


def test_large_trees_are_written_with_labels_as_words_and_read_back():
    big = trees.from_nested([list(range(70))])          # 72 nodes: more than the 62 one-character labels
    text = trees.to_text(big)
    first, children = text.splitlines()[:2]
    assert first.split() == [node.label for node in big.nodes()]
    assert first.split()[62:] == [f"n{i}" for i in range(62, 72)]
    assert children == "A: B" and text.endswith("\nn71 69\n")
    assert trees.from_text(text).to_nested() == big.to_nested()


def test_one_character_texts_read_as_before_spaced_or_not():
    assert trees.from_text(T1).to_nested() == [[7, 5], [9, 3, 1]]
    assert trees.to_text(trees.from_text(T1)) == T1                         # written exactly as before
    spaced = "A B C D E F G H\nA: B C\nB: D E\nC: F G H\nD 7\nE 5\nF 9\nG 3\nH 1\n"
    grouped = "ABCD EFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1\n"
    assert trees.from_text(spaced).to_nested() == trees.from_text(grouped).to_nested() == [[7, 5], [9, 3, 1]]


def test_labels_as_words():
    tree = trees.from_text("# words\nroot left right x1\nroot: left right\nright: x1\nleft 3\nx1 -2.5\n")
    assert tree.to_nested() == [3, [-2.5]]
    assert [node.label for node in tree.nodes()] == ["root", "left", "right", "x1"]
    assert trees.from_text(trees.to_text(tree)).to_nested() == [3, [-2.5]]
    assert trees.from_text("Root\nRoot 4\n").root.label == "Root"          # a one-node tree
    with pytest.raises(TreeTextError, match="unknown label 'rite'") as caught:
        trees.from_text("root left right\nroot: left rite\nleft 3\nright 2\n")
    assert caught.value.line == 2


def test_to_text_refuses_labels_it_cannot_write():
    graph = nx.DiGraph()
    graph.add_edge("a b", "c")
    graph.nodes["c"]["value"] = 1
    with pytest.raises(TreeError, match="cannot be written"):
        trees.to_text(trees.from_networkx(graph, "a b"))


@pytest.mark.parametrize("text, line, column", [
    ("ABC\nA: BC\nB 3\x1d\nC 4", 3, 4),            # after a value
    ("A\x1dBC\nA: BC\nB 3\nC 4", 1, 2),            # in the label line
    ("ABC\nA: B\x1cC\nB 3\nC 4", 2, 5),            # between two children
    ("ABC\nA: BC\nB 3\nC 4\x0b", 4, 4),            # a vertical tab is not a line break
    ("ABC\nA: BC\nB\x85 3\nC 4", 3, 2),
])
def test_a_control_character_in_a_tree_text_is_refused_with_its_line_and_column(text, line, column):
    expected = f"^line {line}: column {column} holds the control character"
    with pytest.raises(TreeTextError, match=expected) as caught:
        trees.from_text(text)
    assert caught.value.line == line


def test_tabs_and_control_characters_in_comments_are_harmless():
    assert trees.from_text("ABC\n# note\x1d\nA:\tB C\nB 3\nC 4").to_nested() == [3, 4]
