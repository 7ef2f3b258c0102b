"""The searches the lectures write out in a few lines of plain Python (quiescence in the Connect Four
lecture; PVS, MTD(f), SSS* and UCT in "Beyond alpha-beta") agree with mmlib count for count: the value, the
nodes (calls of the search function, the root included) and the leaves (static evaluations).  The functions
are read from the lectures' own cells (support.lecture_functions), so the text a student reads is tested."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import lecture_functions, nested_trees

from mmlib import search, trees
from mmlib.games.connect4 import CentreFirst, ConnectFour
from mmlib.search import quiescence

HORIZON = "23534212"


# -- quiescence as the lecture writes it out agrees with mmlib, count for count ----------------------------

QUIESCENCE = lecture_functions("beyond_connect_four", "quiescent", "centre_first")


@pytest.mark.parametrize("opening, depth", [(HORIZON, 2), (HORIZON + "3", 1), ("334455", 0), ("334455", 2),
                                            ("3", 3), ("4433", 2), ("", 3)])
def test_the_written_out_quiescence_counts_as_mmlib(opening, depth):
    game = ConnectFour(opening=opening)
    for order, written_order in [(CentreFirst(), QUIESCENCE["centre_first"]), (None, list)]:
        count = {"nodes": 0, "leaves": 0}
        value = QUIESCENCE["quiescent"](game, game.initial, depth, -math.inf, math.inf, count, written_order)
        result = quiescence(game, depth, order=order)
        assert (value, count["nodes"], count["leaves"]) == (result.value, result.stats.nodes,
                                                            result.stats.leaves)


# -- the searches the lecture writes out agree with mmlib, count for count ---------------------------------

WRITTEN = lecture_functions("beyond_alpha_beta", "pvs", "mtdf", "sss_star", "uct")
AIMA = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def counted(algorithm, tree, *arguments):
    count = {"nodes": 0, "leaves": 0}
    value = algorithm(tree.root, *arguments, count)
    return value, count["nodes"], count["leaves"]


def counts(result):
    return result.value, result.stats.nodes, result.stats.leaves


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested_trees(), st.integers(-5, 5))
def test_the_written_out_null_window_searches_count_as_mmlib(nested, guess):
    tree = trees.from_nested(nested)
    assert counted(WRITTEN["pvs"], tree, -math.inf, math.inf) == counts(search.pvs(tree))
    assert counted(WRITTEN["mtdf"], tree, guess) == counts(search.mtdf(tree, guess=guess))
    assert counted(WRITTEN["sss_star"], tree) == counts(search.sss_star(tree))


def test_the_written_out_searches_on_the_lectures_trees():
    assert counted(WRITTEN["pvs"], AIMA, -math.inf, math.inf) == (3, 11, 7) == counts(search.pvs(AIMA))
    assert counted(WRITTEN["mtdf"], AIMA, 0) == counts(search.mtdf(AIMA, guess=0))
    assert counted(WRITTEN["sss_star"], AIMA)[2] == 7       # the leaves alpha-beta evaluates, E F G H K L M


def random_wdl_tree(rng, depth):
    """A nested tree of wins (1), draws (0) and losses (-1), its root a node with 2 or 3 children."""
    if depth < 5 and (depth == 0 or rng.random() < 0.2):
        return rng.choice([-1, 0, 1])
    return [random_wdl_tree(rng, depth - 1) for _ in range(rng.randint(2, 3))]


@pytest.mark.parametrize("seed", range(4))
def test_the_written_out_uct_makes_mmlibs_choices(seed):
    wdl = trees.from_nested([[1, -1], [1, 0], [-1, -1]])
    deep = trees.from_nested(random_wdl_tree(random.Random(seed), 5))
    for tree in (wdl, deep):
        for iterations in (1, 8, 150):
            result = search.mcts(tree, iterations=iterations, seed=seed)
            mine = WRITTEN["uct"](tree.root, iterations, seed)
            assert mine == (result.move, result.value, result.stats.nodes, result.stats.leaves)
