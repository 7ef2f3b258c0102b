"""Tests of mmlib.search.quiescence: search past the horizon until the position is quiet."""

from __future__ import annotations

import pytest

from mmlib import search
from mmlib.errors import ArgumentTypeError
from mmlib.games.connect4 import WIN, CentreFirst, ConnectFour
from mmlib.search import quiescence

HORIZON = "23534212"


def test_quiescence_avoids_a_loss_just_beyond_the_horizon():
    game = ConnectFour(opening=HORIZON)
    plain = search.alphabeta(game, depth=2, order=CentreFirst())
    quiet = quiescence(game, 2, order=CentreFirst())
    assert plain.move != quiet.move
    # a deeper search proves the plain choice lost and the quiescent choice not lost
    after_plain = search.alphabeta(game, depth=7, order=CentreFirst(), table=True,
                                   state=game.play(game.initial, plain.move))
    after_quiet = search.alphabeta(game, depth=7, order=CentreFirst(), table=True,
                                   state=game.play(game.initial, quiet.move))
    assert after_plain.value <= -WIN
    assert after_quiet.value > -WIN
    assert len(quiet.stats.nodes_by_depth) > 3          # it looked beyond depth 2


def test_quiescence_without_forcing_moves_is_plain_alphabeta():
    game = ConnectFour(opening="3324")
    for depth in (1, 2, 3):
        plain = search.alphabeta(game, depth=depth, order=CentreFirst())
        quiet = quiescence(game, depth, order=CentreFirst(), forcing=lambda state: ())
        assert (quiet.value, quiet.move, quiet.stats.nodes) == (plain.value, plain.move, plain.stats.nodes)


def test_quiescence_sees_immediate_wins_and_forced_blocks():
    game = ConnectFour(opening="334455")        # X has three in the bottom row
    assert game.forcing_moves(game.initial) == (2, 6)
    assert search.alphabeta(game, depth=0).value < WIN
    assert quiescence(game, 0).value > WIN
    blocked = game.position("3344551")           # X wasted a move: O must block
    assert game.forcing_moves(blocked) == (2, 6) and game.threats(blocked) == (2, 6)
    with pytest.raises(ArgumentTypeError, match="forcing"):
        quiescence([[1, 2], [3, 4]], 1)
