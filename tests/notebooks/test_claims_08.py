"""Notebook 08's claims (the evaluation, the horizon position and quiescence, small boards), checked here
rather than by asserts in the lecture.  The claims about the technique tables are in
test_lecture_claims.py; the small boards' solutions by two methods in tests/games/test_connect4.py."""

from __future__ import annotations

import pytest

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
    double = puzzle.position(HORIZON + "34")      # "columns 1 and 5 on the second row": one disc below each
    assert [sum(puzzle.cell(double, c, r) != "." for r in range(puzzle.rows)) for c in (1, 5)] == [1, 1]
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
