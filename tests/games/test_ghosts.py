"""Tests of mmlib.games.ghosts: one MAX agent against two ghosts."""

import pytest

from mmlib import games, search
from mmlib.errors import IllegalMoveError


def test_ghosts_rules():
    game = games.Ghosts()
    assert game.agents == 3
    state = game.play(game.initial, "E")                    # the hero eats a dot
    assert state.score == 10 - 1 and state.agent == 1
    state = game.play(game.play(state, "W"), "N")            # ghost 1, then ghost 2
    assert state.agent == 0 and state.rounds == 1
    with pytest.raises(IllegalMoveError, match="agent 0"):
        game.play(state, "N")


def test_ghosts_caught_and_cleared():
    game = games.Ghosts("#####\n#H.G#\n#####", rounds=5)
    state = game.play(game.initial, "E")                     # eats the only dot: +10 -1 +500
    assert game.is_terminal(state) and game.utility(state) == 509
    chase = games.Ghosts("######\n#H G.#\n######", rounds=5)
    caught = chase.play(chase.play(chase.initial, "E"), "W")
    assert chase.is_terminal(caught) and chase.utility(caught) == -1 - 500


def test_ghosts_alphabeta_agrees_with_minimax_and_prunes():
    game = games.Ghosts()
    for depth in (3, 6):
        plain, pruned = search.minimax(game, depth=depth), search.alphabeta(game, depth=depth)
        assert pruned.value == plain.value and pruned.stats.leaves < plain.stats.leaves
