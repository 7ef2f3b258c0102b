"""Tests of mmlib.search.arena: matches between players and their confidence intervals."""

import pytest

from mmlib import games
from mmlib.search import match, mcts_player, random_player, wilson_interval


def test_wilson_interval_known_values():
    # Wilson (1927) interval at 95 %: 0 of 10 -> [0, 0.2775]; 5 of 10 -> [0.2366, 0.7634]
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_match_counts_every_game_once_and_is_reproducible():
    game = games.TicTacToe()
    first = match(game, mcts_player(max_nodes=300, seed=1), random_player(2), games=12, seed=5)
    again = match(game, mcts_player(max_nodes=300, seed=1), random_player(2), games=12, seed=5)
    assert first == again and first.games == 12
    low, high = first.interval("wins")
    assert 0 <= low <= first.wins / 12 <= high <= 1
