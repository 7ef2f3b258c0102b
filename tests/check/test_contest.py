"""The rules of the class tournament (mmlib.check.contest): games refereed by the rules, the board as the
agents see it, openings and seeds that every machine draws alike, and rules refused by name."""

from __future__ import annotations

import re

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


def _never_answers(board: str, max_nodes: int) -> int:
    raise RuntimeError("no move")


def _centre_of_room(board: str, max_nodes: int) -> int:
    rows = board.split("/")
    return min((column for column in range(len(rows[0])) if rows[0][column] == "."),
               key=lambda column: abs(2 * column - len(rows[0]) + 1))


def test_a_forfeit_of_the_first_move_is_not_counted_as_the_openings_moves() -> None:
    from mmlib.check.contest import practice_games

    rules = Rules(columns=5, rows=4)
    lines = practice_games(_never_answers, rules=rules, opponents=("centre",))
    assert lines[-1] == "you: 0 of 2 points", lines
    for line in lines[:-1]:            # as X and as O, after the two moves of the opening
        assert ": lost: your agent forfeited its first move (" in line and " in 2 moves" not in line, line


def test_a_game_line_counts_the_agents_own_moves() -> None:
    from mmlib.check.contest import _game_said, _own_moves, practice_games, student_agent

    rules = Rules(columns=5, rows=4)
    for line in practice_games(_centre_of_room, rules=rules, opponents=("random",))[:-1]:
        assert re.search(r": (won|drew|lost) after \d+ moves? by your agent$", line), line
    record = play_game(rules, {"X": student_agent("you", _centre_of_room, rules), "O": baseline("random", 3)},
                       opening="01")
    played = record.moves[2:][::2]                  # X's moves after the opening
    assert _own_moves(record, "X") == len(played) and _own_moves(record, "O") == len(record.moves[3:][::2])
    assert _game_said(record, "X", "random").endswith(f"after {len(played)} moves by your agent")
