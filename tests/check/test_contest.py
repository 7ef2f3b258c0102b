"""The rules of the class tournament (mmlib.check.contest): games refereed by the rules, the board as the
agents see it, openings and seeds that every machine draws alike, and rules refused by name."""

from __future__ import annotations

import pytest

from mmlib.check.contest import Rules, baseline, board_text, opening_of, play_game, seed_of
from mmlib.errors import ArgumentError


def test_the_board_is_written_top_row_first():
    rules = Rules(columns=4, rows=3)
    game = rules.game()
    # X drops in column 1, O in column 2, X on top of its own disc in column 1
    assert board_text(game, game.position("121")) == "..../.X../.XO."


def test_an_opening_is_repeatable_legal_and_leaves_the_game_open():
    rules = Rules(columns=5, rows=4, opening_moves=6)
    game = rules.game()
    for seed in range(20):
        opening = opening_of(rules, seed)
        assert opening == opening_of(rules, seed) and len(opening) == 6
        state = game.initial
        for column in map(int, opening):
            assert column in game.moves(state)
            state = game.play(state, column)
        assert not game.is_terminal(state)
    assert len({opening_of(rules, seed) for seed in range(20)}) > 1
    assert seed_of("r1", "ann", "bob") == seed_of("r1", "ann", "bob") != seed_of("r1", "bob", "ann")


@pytest.mark.parametrize(("options", "name"), [
    ({"games": 3}, "games"), ({"move_seconds": 0}, "move_seconds"), ({"max_nodes": 0}, "max_nodes"),
    ({"opening_moves": 42}, "opening_moves"),
])
def test_rules_out_of_range_are_refused_by_name(options, name):
    with pytest.raises(ArgumentError, match=f"^{name}:"):
        Rules(**options)


def test_each_game_is_played_by_the_rules() -> None:
    rules = Rules(columns=5, rows=4)
    record = play_game(rules, {"X": baseline("centre"), "O": baseline("random", 3)}, opening="40")
    game = rules.game()
    state = game.initial
    for move in record.moves:
        assert move in game.moves(state)
        state = game.play(state, move)
    assert record.moves[:2] == [4, 0] and game.is_terminal(state)
    utility = game.utility(state)
    assert record.result == {1: "X", -1: "O", 0: "draw"}[(utility > 0) - (utility < 0)]
