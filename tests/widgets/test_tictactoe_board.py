"""The tic-tac-toe board (mmlib.widgets.tictactoe) driven from code: click squares, check the replies."""

from mmlib import widgets


def test_tictactoe_answers_a_move_and_reports_both_algorithms():
    board = widgets.play_tictactoe(depth=2)
    assert "mmlib-tictactoe" in board._dom_classes
    assert all("mmlib-square" in b._dom_classes for b in board.buttons) and len(board.buttons) == 9
    board.buttons[4].click()
    marks = [b.description for b in board.buttons]
    assert marks[4] == "X" and marks.count("O") == 1
    assert board.buttons[4].disabled
    assert "minimax" in board.status.value and "alpha-beta" in board.status.value
    # depth 2 from X in the centre: minimax visits 1 + 8 + 8*7 = 65 nodes
    assert board.last_counts["minimax"] == 65
    assert board.last_counts["alphabeta"] < 65
    assert len(board.last_values) == 8


def test_tictactoe_never_raises_on_bad_clicks_and_the_computer_never_loses():
    board = widgets.play_tictactoe(depth=None)
    board.buttons[0].click()
    taken = next(i for i, b in enumerate(board.buttons) if b.description == "O")
    board.human_move(taken)                      # an occupied square: a message, no exception
    assert "not a legal move" in board.status.value
    while not board.game.is_terminal(board.state):
        free = next(i for i, b in enumerate(board.buttons) if b.description not in ("X", "O"))
        board.buttons[free].click()
    assert board.game.winner(board.state) != "X"   # the game value is a draw: perfect play cannot lose
    board.buttons[0].click()
    assert "Game over" in board.status.value or "over" in board.status.value
    board.new_game.click()
    assert [b.description for b in board.buttons] == [str(square) for square in range(9)]
