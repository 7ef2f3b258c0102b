"""Tests of mmlib.games.pig: the dice game Pig, a game with chance nodes."""

import pytest

from mmlib import games, search
from mmlib.errors import IllegalMoveError, SearchError


def test_pig_rules():
    game = games.Pig(goal=20)
    state = game.position(x=5, o=7, turn=4, to_move="X")
    assert game.moves(state) == ("roll", "hold")
    assert game.play(state, "hold") == game.position(x=9, o=7, to_move="O")
    rolling = game.play(state, "roll")
    assert game.is_chance(rolling) and game.moves(rolling) == (1, 2, 3, 4, 5, 6)
    assert game.play(rolling, 1) == game.position(x=5, o=7, to_move="O")     # a 1: all lost
    assert game.play(rolling, 6) == game.position(x=5, o=7, turn=10, to_move="X")
    assert game.moves(game.initial) == ("roll",)                               # a turn starts rolling
    with pytest.raises(IllegalMoveError, match="hold"):
        game.play(game.initial, "hold")
    won = game.play(game.position(x=15, o=0, turn=5), "hold")
    assert game.is_terminal(won) and game.utility(won) == 1


def test_pig_to_two_by_hand():
    # X and O have 1 point each, goal 2, X to move.  Rolling wins unless the die shows 1
    # (5/6: X rolls 2-6 and holds); after a 1 (1/6) O moves at 1-1, a position the
    # evaluation scores 0.  So at depth 3 (roll, die, hold) the value is 5/6.
    game = games.Pig(goal=2)
    state = game.position(x=1, o=1, to_move="X")
    for pruning in (None, "star1", "star2"):
        result = search.expectiminimax(game, depth=3, state=state, pruning=pruning)
        assert result.value == pytest.approx(5 / 6) and result.move == "roll"


@pytest.mark.parametrize("depth", [2, 4, 6])
def test_pig_star_pruning_agrees_with_expectiminimax(depth):
    game = games.Pig(goal=10)
    for state in (game.initial, game.position(x=6, o=8, turn=3, to_move="O"),
                  game.position(x=0, o=3, to_move="X")):
        plain = search.expectiminimax(game, depth=depth, state=state)
        for pruning in ("star1", "star2"):
            for table in (False, True):
                result = search.expectiminimax(game, depth=depth, state=state, pruning=pruning, table=table)
                assert result.value == pytest.approx(plain.value, abs=1e-12)


def test_pig_needs_a_depth_limit():
    with pytest.raises(SearchError, match="depth"):
        search.expectiminimax(games.Pig(goal=5))
