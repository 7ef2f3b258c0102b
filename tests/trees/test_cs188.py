"""Tests of mmlib.trees.cs188: the test files of Berkeley's CS 188 multi-agent project."""

import pytest
import support

from mmlib import search, trees
from mmlib.errors import TreeError

CS188_TEST = '''# two agents, two rounds; inner states carry an evaluation for depth-limited search
class: "GraphGameTreeTest"
alg: "AlphaBetaAgent"
depth: "1"
diagram: """
      s
    /   \\
   m1    m2
"""
num_agents: "2"
start_state: "s"
win_states: "w1 w3"
lose_states: "w2 w4"

successors: """
s Left m1
s Right m2
m1 Left x1
m1 Right x2
m2 Left x3
x1 Down w1
x2 Down w2
x3 Down w3
x3 Up w4
"""

evaluation: """
x1 5.0
x2 -1.0
x3 3.0
w1 10.0
w2 -4.0
w3 7.0
w4 2.0
"""
'''


def test_cs188_test_file():
    test = trees.read_cs188(CS188_TEST)
    tree = test.tree
    assert (test.agents, test.depth, test.plies) == (2, 1, 2)
    assert test.actions["s"] == ["Left", "Right"] and test.fields["alg"] == "AlphaBetaAgent"
    assert [(n.label, n.player) for n in tree.nodes()] == [
        ("s", "MAX"), ("m1", "MIN"), ("x1", "MAX"), ("w1", "MIN"), ("x2", "MAX"), ("w2", "MIN"),
        ("m2", "MIN"), ("x3", "MAX"), ("w3", "MIN"), ("w4", "MIN")]
    # Full depth: x1 = 10, x2 = -4, m1 = min(10, -4) = -4; x3 = max(7, 2) = 7 = m2; so s = 7.
    assert search.minimax(tree).value == search.alphabeta(tree).value == 7
    # CS 188's depth 1 (one round, 2 plies): x1..x3 evaluated: m1 = min(5, -1) = -1, m2 = 3, so s = 3.
    assert search.minimax(tree, depth=test.plies).value == 3


@pytest.mark.parametrize("text, words", [
    ('start_state: "a"\n', "'num_agents' is missing: add a line such as num_agents: \"2\""),
    ('num_agents: "2"\n', "'start_state' is missing: add a line such as start_state: "),
    ('num_agents: "2"\nstart_state: "a"\nsuccessors: """\na b\n"""\n', "not 'state action next_state'"),
    ('num_agents: "2"\nstart_state: "a"\nsuccessors: """\na L b\na R b\n"""\nevaluation: """\nb 1\n"""\n',
     "reached twice"),
    ('num_agents: "2"\nstart_state: "a"\nsuccessors: """\na L b\n"""\n',
     "leaf 'b' has no value: add a line 'b 0'"),
    ('num_agents: "2"\nsuccessors: """\na L b\n', "never closed"),
])
def test_bad_cs188_files(text, words):
    with pytest.raises(TreeError, match=words):
        trees.read_cs188(text)


def test_cs188_with_several_ghosts():
    tree = trees.from_networkx(support.ghost_graph(), "A")
    text = trees.to_cs188(tree, depth=1)
    assert 'num_agents: "3"' in text
    back = trees.read_cs188(text)
    assert back.agents == 3 and [n.player for n in back.tree.nodes()] == [n.player for n in tree.nodes()]
    assert search.minimax(back.tree).value == 4
