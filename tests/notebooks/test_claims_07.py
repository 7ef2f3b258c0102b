"""Notebook 07's claims (the evaluation, the horizon position and quiescence, small boards), checked here
rather than by asserts in the lecture.  The claims about the technique tables are in
test_lecture_claims.py; the small boards' solutions by two methods in tests/games/test_connect4.py."""

from __future__ import annotations

import math

import pytest
from support import lecture_functions

from mmlib import search
from mmlib.games.connect4 import WIN, CentreFirst, ConnectFour
from mmlib.search import quiescence

HORIZON = "23534212"


def test_a_centre_disc_scores_more_than_an_edge_disc():
    game = ConnectFour()
    assert game.evaluate(game.play(game.initial, 3)) > game.evaluate(game.play(game.initial, 0))


@pytest.mark.slow
def test_only_column_4_saves_the_horizon_position():
    puzzle = ConnectFour(opening=HORIZON)
    plain = search.alphabeta(puzzle, depth=2, order=CentreFirst())
    deep = {m: search.alphabeta(puzzle, depth=7, order=CentreFirst(), table=True,
                                state=puzzle.play(puzzle.initial, m)).value
            for m in puzzle.moves(puzzle.initial)}
    assert [m for m, v in deep.items() if v > -WIN] == [4] and deep[plain.move] <= -WIN


def test_the_double_threat_and_quiescence():
    puzzle = ConnectFour(opening=HORIZON)
    plain = search.alphabeta(puzzle, depth=2, order=CentreFirst())
    assert plain.move == 3
    assert puzzle.threats(puzzle.position(HORIZON + "34")) == (1, 5)
    quiet = quiescence(puzzle, 2, order=CentreFirst())
    assert quiet.move == 4 and len(quiet.stats.nodes_by_depth) > 3
    four = search.alphabeta(puzzle, depth=4, order=CentreFirst()).stats.nodes
    assert plain.stats.nodes < quiet.stats.nodes and 3 * quiet.stats.nodes < four     # "far fewer"
    after = puzzle.play(puzzle.initial, plain.move)
    assert quiescence(puzzle, 1, order=CentreFirst(), state=after).value <= -WIN
    assert search.alphabeta(puzzle, depth=1, state=after).value > -WIN


@pytest.mark.slow
def test_a_perfect_game_on_4x4_connect_3():
    small = ConnectFour(4, 4, 3)
    perfect = search.alphabeta(small, order=CentreFirst(), table=True)
    assert small.utility(small.position(perfect.pv)) == perfect.value == WIN + 16 - 9
    assert search.alphabeta(small).value == perfect.value


# -- quiescence as the lecture writes it out agrees with mmlib, count for count ----------------------------

WRITTEN = lecture_functions("beyond_connect_four", "quiescent", "centre_first")


@pytest.mark.parametrize("opening, depth", [(HORIZON, 2), (HORIZON + "3", 1), ("334455", 0), ("334455", 2),
                                            ("3", 3), ("4433", 2), ("", 3)])
def test_the_written_out_quiescence_counts_as_mmlib(opening, depth):
    game = ConnectFour(opening=opening)
    for order, written_order in [(CentreFirst(), WRITTEN["centre_first"]), (None, list)]:
        count = {"nodes": 0, "leaves": 0}
        value = WRITTEN["quiescent"](game, game.initial, depth, -math.inf, math.inf, count, written_order)
        result = quiescence(game, depth, order=order)
        assert (value, count["nodes"], count["leaves"]) == (result.value, result.stats.nodes,
                                                            result.stats.leaves)
