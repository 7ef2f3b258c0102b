"""mmlib.games.base: the one protocol every search runs on, and a game restarted from a position.

A game is held to the protocol by what it answers (the seven questions, checked here by hand on
its first moves), not only by ``isinstance``; the depth-adjusted scores follow the tic-tac-toe
slides (Özbilge 2024: a win is worth WIN - depth, so an immediate win 10 - 1 = 9).
"""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from mmlib import games, search, trees
from mmlib.games.base import Game, rooted_at

GAMES = [games.TicTacToe(), games.ConnectFour(), games.Pig(), games.Ghosts(),
         trees.from_nested([[3, 5], [2, 9]]), trees.uniform(2, 3, seed=1),
         trees.layered_tree([[1, 2], [3]], layers="max min")]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: type(game).__name__)
def test_every_game_and_tree_answers_the_seven_questions(game) -> None:
    assert isinstance(game, Game)
    state = game.initial
    assert game.is_max(state) is True and not game.is_terminal(state)
    moves = list(game.moves(state))
    assert moves
    child = game.play(state, moves[0])
    assert isinstance(game.key(child), Hashable) and game.key(child) != game.key(state)
    assert list(game.moves(state)) == moves                    # playing left the state unchanged
    for _ in range(300):                                       # the last moves, to the end
        if game.is_terminal(state):
            break
        state = game.play(state, list(game.moves(state))[-1])
    assert game.is_terminal(state) and isinstance(game.utility(state), int | float)
    assert isinstance(game.evaluate(state), int | float)       # a tree evaluates its leaves only


def test_a_restarted_game_counts_the_depth_from_its_new_start() -> None:
    game = games.TicTacToe(scoring="depth-adjusted")
    late = game.state("XX.|OO.|...")                            # X to move wins at once in square 2
    assert search.minimax(rooted_at(game, late)).value == 10 - 1
    assert search.minimax(game, state=late).value == 10 - 5     # the fifth move from the empty board
    assert rooted_at(game, game.initial) is game


@pytest.mark.parametrize("game", [games.TicTacToe(), trees.from_nested([[3, 5], [2, 9]])],
                         ids=["ten", "tree"])
def test_a_game_without_depth_adjusted_scores_is_left_as_it_is(game) -> None:
    state = game.play(game.initial, next(iter(game.moves(game.initial))))
    assert rooted_at(game, state) is game
