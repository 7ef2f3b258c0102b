"""Notebook 09's claims (chance nodes, Pig, Star1 and Star2, several agents), checked here rather than by
asserts in the lecture; sums of probabilities are worked out independently, and alpha-beta over layered
levels by the independent ``oracles.layered_alphabeta``."""

from __future__ import annotations

import pytest
from oracles import layered_alphabeta, layered_minimax

from mmlib import games, search, widgets
from mmlib.search import chance_leaves
from mmlib.trace import expected_values, trace_of
from mmlib.trees import layered_tree, layered_tree_from_text

AIMA = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]
RESCALED = [[(0.9, [20, 20]), (0.1, [30, 30])], [(0.9, [1, 1]), (0.1, [400, 400])]]
AGENTS = [[[3, 5], [2, 9]], [[6, 1], [8, 4]]]


def test_cs188_chance_node_and_the_gamble():
    value = search.expectimax(layered_tree([[(1/2, 8), (1/3, 24), (1/6, -12)]], layers="max chance")).value
    assert abs(value - 10) < 1e-12
    gamble = [[-8, 20, 20], [1, 2, 3]]
    assert search.minimax(gamble).move == 1 and search.expectimax(gamble).move == 0
    assert abs(search.expectimax(gamble).value - 32 / 3) < 1e-12


def test_aima_order_preserving_transformation():
    first = search.expectiminimax(layered_tree(AIMA, layers="max chance min"))
    second = search.expectiminimax(layered_tree(RESCALED, layers="max chance min"))
    assert (round(first.value, 9), first.move) == (round(.9 * 2 + .1 * 3, 9), 0)
    assert (round(second.value, 9), second.move) == (round(.9 * 1 + .1 * 400, 9), 1)
    tree = layered_tree(AIMA, layers="max chance min")
    values = expected_values(tree)
    assert [round(values[tree.node(x).path], 9) for x in "BC"] == [2.1, 1.3]


def test_the_text_form_of_aimas_tree():
    text = ("ABCDEFGHIJKLMNO\nA: BC\nB: DE\nC: FG\nB p 0.9 0.1\nC p 9/10 1/10\nD: HI\nE: JK\nF: LM\nG: NO\n"
            "H 2\nI 2\nJ 3\nK 3\nL 1\nM 1\nN 4\nO 4")
    tree = layered_tree_from_text(text, layers="max chance min")
    assert round(search.expectiminimax(tree).value, 9) == 2.1
    assert (tree.node_count, tree.leaf_count) == (15, 8)


def test_pig():
    pig = games.Pig(goal=2)
    result = search.expectiminimax(pig, depth=3, state=pig.position(x=1, o=1, to_move="X"))
    assert abs(result.value - 5 / 6) < 1e-12 and result.move == "roll"
    pig10 = games.Pig(goal=10)
    growth = {depth: search.expectiminimax(pig10, depth=depth) for depth in (2, 4, 6, 8)}
    assert all(r.move == "roll" for r in growth.values())
    assert growth[8].stats.nodes > 6 * growth[6].stats.nodes
    choice = search.expectiminimax(pig10, depth=6, state=pig10.position(x=8, o=8, turn=3, to_move="X"))
    assert choice.move == "hold" and choice.value == 1


def test_star_pruning_on_pig_beyond_the_value():
    pig10 = games.Pig(goal=10)
    leaves = {(p, t): search.expectiminimax(pig10, depth=6, pruning=p, table=t).stats.leaves
              for p in (None, "star1", "star2") for t in (False, True) if p or not t}
    assert leaves["star1", True] < leaves[None, False] / 2              # the table saves most of the work
    assert leaves["star2", False] > leaves[None, False]                 # Star2 alone costs more than it saves


@pytest.mark.slow
def test_star1_saves_8_to_25_percent_over_20_sets_of_trees():
    """The lecture averages five trees per size; 20 further sets of five trees each save 8% to 25%."""
    for b, d in [(3, 4), (4, 4)]:
        for k in range(1, 21):
            row = chance_leaves(b, d, seeds=range(5 * k, 5 * k + 5))
            assert 0.075 <= 1 - row["Star1"] / row["expectiminimax"] <= 0.25, (b, d, k, row)


def test_star2_with_a_table_is_best_and_without_one_loses_to_star1():
    for b, d in [(3, 4), (4, 4), (6, 4), (3, 6)]:
        row = chance_leaves(b, d, seeds=range(5))
        assert row["Star2 + table"] == min(row.values())
        assert row["Star2"] > row["Star1"]
        assert 0.15 <= 1 - row["Star1"] / row["expectiminimax"] <= 0.25  # "about a fifth"


def test_star1_bounds_c_on_aimas_tree():
    tree = layered_tree(AIMA, layers="max chance min")
    star1 = search.expectiminimax(tree, pruning="star1", trace=True)
    assert trace_of(star1).value_text(tree.node("C").path) == "≤ 1.3"
    assert star1.stats.leaves == 5 and round(star1.value, 9) == 2.1


def test_max_min_min_by_an_independent_alphabeta():
    agents = layered_tree(AGENTS, layers="max min min")
    value, read = layered_alphabeta(AGENTS, ("max", "min", "min"))
    pruned = search.alphabeta(agents)
    assert pruned.value == search.minimax(agents).value == value == 2
    assert pruned.stats.leaf_order == read
    assert [agents.label_of(p) for p in read] == list("HIJKLM")


def test_exercise_4_max_max_min_skips_fewer():
    value, read = layered_alphabeta(AGENTS, ("max", "max", "min"))
    assert value == layered_minimax(AGENTS, ("max", "max", "min")) == 4
    agents = layered_tree(AGENTS, layers="max max min")
    assert [agents.label_of(p) for p in read] == list("HIJLMNO")        # only K skipped
    assert search.alphabeta(agents).stats.leaf_order == read and search.alphabeta(agents).value == 4


def test_the_step_through_names_the_agents():
    explorer = widgets.step_through(layered_tree(AGENTS, layers="max min min"), "alphabeta")
    sentences = [explorer.model.sentence(k) for k in range(len(explorer.events))]
    assert "enter D (MIN 2) with [α, β] = [−∞, +∞]." in sentences
    assert [s for s in sentences if "is pruned" in s] == [
        "at C: 1 ≤ α = 2, so C's remaining child G is pruned."]


def test_ghosts():
    maze = games.Ghosts()
    assert maze.agents == 3
    for depth in (3, 6, 9):
        full, cut = search.minimax(maze, depth=depth), search.alphabeta(maze, depth=depth)
        assert full.value == cut.value and cut.stats.leaves < full.stats.leaves
    fearful, hopeful = search.alphabeta(maze, depth=9), search.expectimax(maze, depth=9)
    assert fearful.move != hopeful.move and hopeful.value > fearful.value
