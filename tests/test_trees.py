"""Explicit trees, the labelled text format, networkx conversion and generated trees."""

import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError, MmlibError, TreeError, TreeTextError

# -- nested lists -------------------------------------------------------------------------

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


# -- the labelled text --------------------------------------------------------------------

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


nested_trees = st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=9),
                            max_leaves=90)


@pytest.mark.slow     # a big property run (200 examples): `make test` runs it, `make check` does not
@settings(max_examples=200, deadline=None)
@given(nested_trees)
def test_text_and_networkx_round_trips(nested):
    tree = trees.from_nested(nested)
    assert trees.from_text(trees.to_text(tree)).to_nested() == tree.to_nested()
    graph = trees.to_networkx(tree)
    back = trees.from_networkx(graph, tree.root.label)
    assert back.to_nested() == tree.to_nested()
    assert [n.is_max for n in back.nodes()] == [n.is_max for n in tree.nodes()]


def test_networkx_players_are_respected_and_checked():
    graph = nx.DiGraph()
    graph.add_edges_from([("r", "a"), ("r", "b")])
    graph.nodes["r"]["player"] = "MIN"
    graph.nodes["a"]["value"] = 1
    graph.nodes["b"]["value"] = 2
    tree = trees.from_networkx(graph, "r")
    assert search.minimax(tree).value == 1
    graph.add_edge("b", "a")
    with pytest.raises(TreeError, match="parents"):
        trees.from_networkx(graph, "r")
    with pytest.raises(ArgumentError, match="root"):
        trees.from_networkx(nx.DiGraph([("x", "y")]), "z")


# -- generated trees -----------------------------------------------------------------------

def test_uniform_sizes_without_searching():
    tree = trees.uniform(10, 12, seed=0)
    assert tree.leaf_count == 10 ** 12
    assert tree.node_count == (10 ** 13 - 1) // 9
    assert trees.uniform_node_count(1, 5) == 6


def test_generated_values_are_in_the_unit_interval_and_continuous():
    tree = trees.uniform(4, 3, seed=5)
    values = [tree.node_at((i, j, k)).value for i in range(4) for j in range(4) for k in range(4)]
    assert all(0 < v < 1 for v in values)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize("ordering", ["best", "worst", "random", 0.0, 0.5, 1.0])
def test_ordered_trees_put_the_best_child_where_asked(ordering):
    tree = trees.ordered(4, 4, ordering, seed=3)
    positions = []
    stack = [tree.initial]
    while stack:
        node = stack.pop()
        if tree.is_terminal(node):
            continue
        kids = [tree.play(node, m) for m in tree.moves(node)]
        values = [k.value for k in kids]
        best = max(values) if tree.is_max(node) else min(values)
        assert best == node.value                             # true minimax value
        assert values.count(best) == 1                        # the best child is unique
        positions.append(values.index(best))
        stack.extend(kids)
    if ordering in ("best", 1.0):
        assert set(positions) == {0}
    elif ordering == "worst":
        assert set(positions) == {3}
    elif ordering == 0.0:
        assert 0 not in positions
    else:
        assert len(set(positions)) > 1


def test_strongly_ordered_trees_put_the_best_first_with_probability_q():
    tree = trees.ordered(5, 2, 0.8, seed=0)
    firsts = sum(tree.best_position(tree.node_at((i,))) == 0 for i in range(5))
    # Over many seeds the share tends to q; here: many independent roots.
    share = sum(trees.ordered(5, 1, 0.8, seed=s).best_position(trees.ordered(5, 1, 0.8, seed=s).initial) == 0
                for s in range(2000)) / 2000
    assert abs(share - 0.8) < 4 * math.sqrt(0.8 * 0.2 / 2000)
    assert 0 <= firsts <= 5


def test_noise_makes_interior_evaluations_approximate():
    exact = trees.ordered(3, 4, "random", seed=2)
    noisy = trees.ordered(3, 4, "random", seed=2, noise=0.1)
    node = noisy.node_at((1, 2))
    assert exact.evaluate(exact.node_at((1, 2))) == node.value
    assert 0 < abs(noisy.evaluate(node) - node.value) <= 0.1
    leaf = noisy.node_at((0, 0, 0, 0))
    assert noisy.evaluate(leaf) == leaf.value


@pytest.mark.parametrize("call, error, word", [
    (lambda: trees.uniform(0, 3), ArgumentError, "branching"),
    (lambda: trees.uniform(2, -1), ArgumentError, "depth"),
    (lambda: trees.uniform(2, 3, seed=1.5), ArgumentTypeError, "seed"),
    (lambda: trees.uniform(2, 3, seed="7"), ArgumentTypeError, "seed"),
    (lambda: trees.uniform(True, 3), ArgumentTypeError, "branching"),
    (lambda: trees.ordered(2, 3, 1.5), ArgumentError, "ordering"),
    (lambda: trees.ordered(2, 3, -0.1), ArgumentError, "ordering"),
    (lambda: trees.ordered(2, 3, "sorted"), ArgumentError, "ordering"),
    (lambda: trees.ordered(2, 3, "best", noise=-1), ArgumentError, "noise"),
    (lambda: trees.explicit(trees.uniform(10, 5)), ArgumentError, "max_nodes"),
    (lambda: trees.uniform(2, 2).node_at((0, 5)), ArgumentError, "path"),
])
def test_bad_generator_arguments(call, error, word):
    with pytest.raises(error, match=word):
        call()


def test_explicit_copy_of_a_generated_tree():
    generated = trees.ordered(3, 3, "random", seed=4)
    tree = trees.explicit(generated)
    assert tree.leaf_count == 27
    assert search.alphabeta(tree).stats.leaf_order == search.alphabeta(generated).stats.leaf_order
    assert search.alphabeta(tree).value == search.alphabeta(generated).value


# -- JSON, networkx with any turn order, CS 188's test files -------------------------------------------

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


def _ghost_tree():
    """MAX, then two MIN agents in turn (CS 188's Pacman and two ghosts), then MAX again."""
    graph = nx.DiGraph()
    players = {"A": "MAX", "B": "MIN", "C": "MIN", "D": "MIN", "E": "MIN", "F": "MAX", "G": "MAX",
               "H": "MAX"}
    for parent, kids in {"A": "BC", "B": "D", "C": "E", "D": "FG", "E": "H"}.items():
        for kid in kids:
            graph.add_edge(parent, kid)
    for node, player in players.items():
        graph.nodes[node]["player"] = player
    for leaf, value in {"F": 4, "G": 9, "H": 1}.items():
        graph.nodes[leaf]["value"] = value
    return trees.from_networkx(graph, "A")


def test_turns_that_do_not_alternate_travel_through_json_and_networkx():
    tree = _ghost_tree()
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
    tree = _ghost_tree()
    text = trees.to_cs188(tree, depth=1)
    assert 'num_agents: "3"' in text
    back = trees.read_cs188(text)
    assert back.agents == 3 and [n.player for n in back.tree.nodes()] == [n.player for n in tree.nodes()]
    assert search.minimax(back.tree).value == 4


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


@pytest.mark.parametrize("where", [3, None, 1.5, [[0]], object()])
def test_a_node_asked_for_by_something_that_is_no_path_names_the_argument(where):
    tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(ArgumentTypeError, match=r"^where: expected a path"):
        tree.node(where)
    with pytest.raises(ArgumentTypeError, match=r"^(path|where): expected"):
        tree.label_of(where)


def test_a_depth_too_large_even_for_a_float_is_refused_naming_the_depth():
    with pytest.raises(ArgumentError, match=r"^depth: an integer of about 401 digits is far too deep"):
        trees.uniform_leaf_count(3, 10 ** 400)
    with pytest.raises(ArgumentError, match=r"^depth: "):
        trees.uniform_node_count(2, 10 ** 400)


def test_a_layered_tree_text_refuses_a_control_character_too():
    with pytest.raises(TreeTextError, match=r"^line 2: column 4 holds the control character"):
        trees.layered_tree_from_text("ABC\nA: \x1dBC\nB 3\nC 4", layers="max chance")


def test_labels_and_trees_from_the_wrong_kind_of_value_name_the_argument():
    with pytest.raises(ArgumentTypeError, match="^count: expected a whole number"):
        trees.bfs_labels(2.5)
    with pytest.raises(ArgumentError, match="^count: at most 10,000,000 labels"):
        trees.bfs_labels(10 ** 12)                 # would fill the memory
    with pytest.raises(ArgumentTypeError, match="^root: expected a Node"):
        trees.Tree([[1, 2], [3]])
