"""Tests of mmlib.check.agent: checking a student's tic-tac-toe evaluator by the games it plays."""

from __future__ import annotations

import pytest

from mmlib import check
from mmlib.games.tictactoe import LINES  # noqa: E402


def open_lines(board):
    x_open = sum(1 for line in LINES if all(board[s] != "O" for s in line))
    o_open = sum(1 for line in LINES if all(board[s] != "X" for s in line))
    return x_open - o_open


def threats(board, player):
    return sum(1 for line in LINES if sorted(board[s] for s in line) == sorted([player, player, "."]))


def sharp(board):
    to_move = "X" if board.count("X") == board.count("O") else "O"
    other, sign = ("O", 1) if to_move == "X" else ("X", -1)
    if threats(board, to_move):
        return 9 * sign
    if threats(board, other) >= 2:
        return -9 * sign
    return open_lines(board) / 2 + {"X": 0.5, "O": -0.5, ".": 0}[board[4]]


def by_sharp(board, moves):
    player = "X" if board.count("X") == board.count("O") else "O"
    return sorted(moves, key=lambda m: sharp(board[:m] + player + board[m + 1:]), reverse=player == "X")


@pytest.fixture(scope="module")
def open_lines_report():
    """The report on the slides' open-lines evaluator: one check, read by two tests."""
    return check.check_evaluator(open_lines)


def test_a_sharp_evaluator_never_loses_and_the_slides_heuristic_does(open_lines_report):
    assert check.check_evaluator(sharp).passed
    report = open_lines_report
    assert report.diagnosis == "loses"
    assert check.check_evaluator(lambda board: 0).diagnosis == "loses"


def test_a_lost_game_is_replayed_in_the_report(open_lines_report):
    from mmlib import games
    text = str(open_lines_report)
    line = text.split("lost: ")[1].split(" (squares")[0].split()
    game = games.TicTacToe()
    state = game.initial
    for move in line:
        assert move[0] == game.player(state)
        state = game.play(state, int(move[1:]))
    assert game.is_terminal(state) and game.winner(state) is not None


@pytest.mark.slow
def test_move_ordering_keeps_the_agent_within_its_budget():
    report = check.check_agent(sharp, by_sharp)
    assert report.passed, str(report)
    assert check.check_agent(sharp, lambda board, moves: moves).diagnosis == "over-budget"
    assert check.check_agent(sharp, lambda board, moves: moves[:-1]).diagnosis == "bad-order"


def test_unusable_evaluators_are_named():
    assert check.check_evaluator(lambda board: 100).diagnosis == "out-of-range"
    assert check.check_evaluator(lambda board: "good").diagnosis == "wrong-type"
    assert check.check_evaluator(lambda board: board[99]).diagnosis == "error"

    def stub(board):
        raise NotImplementedError()

    assert check.check_evaluator(stub).diagnosis == "not-implemented"
