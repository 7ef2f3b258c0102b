"""The tic-tac-toe board of lecture 07 (mmlib.widgets.tictactoe) driven from code: click squares, check the
replies and the status line (what was played, whose move it is, who won and along which line; a live region,
carried by the still picture a saved notebook shows)."""

from support import is_live_region, still_parts

from mmlib import widgets


def test_tictactoe_answers_a_move_and_reports_both_algorithms():
    board = widgets.play_tictactoe(depth=2)
    assert "mmlib-tictactoe" in board._dom_classes
    assert board.squares.button_class == "mmlib-square" and len(board.buttons) == 9
    assert [b.name for b in board.buttons][:2] == ["square 0, row 1, column 1, empty",
                                                   "square 1, row 1, column 2, empty"]
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


def marks(board):
    return [b.description if b.description in ("X", "O") else "." for b in board.buttons]


def test_tictactoe_says_each_move_and_whose_turn_it_is():
    board = widgets.play_tictactoe(computer_first=True, scoring="depth-adjusted")
    assert is_live_region(board.status)
    lines = board.said().splitlines()
    first = marks(board).index("X")
    assert lines[0] == "New game. You are O; the computer (X) plays by alpha-beta."
    assert lines[1].startswith(f"The computer (X) played square {first} (row {first // 3 + 1}, "
                               f"column {first % 3 + 1}) with alpha-beta. Nodes searched to choose it: "
                               "minimax 549,946, alpha-beta ")
    assert lines[2] == "Your move (O): choose an empty square (Tab to it, then Enter)."
    square = next(i for i, mark in enumerate(marks(board)) if mark == ".")
    before = marks(board)
    board.buttons[square].click()
    after = marks(board)
    answer = next(i for i in range(9) if before[i] == "." and after[i] == "X")
    assert after[square] == "O"
    lines = board.said().splitlines()
    assert lines[0] == f"You (O) played square {square} (row {square // 3 + 1}, column {square % 3 + 1})."
    assert lines[1].startswith(f"The computer (X) played square {answer} ")
    assert lines[2].startswith("Your move (O)")


def test_tictactoe_names_the_winner_and_the_line():
    board = widgets.play_tictactoe()
    board.state = board.game.state("XX.|OO.|...")        # X (you) to move, row 1 open
    board.buttons[2].click()
    assert board.said().splitlines() == [
        "You (X) played square 2 (row 1, column 3).",
        "Game over: X has three in a row along row 1 — you win. Press New game to play again."]
    assert all(b.disabled for b in board.buttons)
    lost = widgets.play_tictactoe()
    lost.state = lost.game.state("X..|OO.|..X")          # you do not block row 2: O completes it
    lost.buttons[6].click()
    lines = lost.said().splitlines()
    assert lines[1].startswith("The computer (O) played square 5 (row 2, column 3)")
    assert lines[2] == ("Game over: O has three in a row along row 2 — the computer wins. "
                        "Press New game to play again.")


def test_tictactoe_says_a_draw_and_its_still_carries_the_status():
    board = widgets.play_tictactoe()
    board.state = board.game.state("XOX|XOO|OX.")        # one square left, no line for either
    board.buttons[8].click()
    assert board.said().splitlines() == ["You (X) played square 8 (row 3, column 3).", "Game over: a draw."]
    caption, alt, title = still_parts(board)
    assert caption == board.status.value and caption.endswith("Game over: a draw.")
    assert alt == title


def test_the_still_of_a_game_in_progress_says_how_to_play_without_buttons():
    board = widgets.play_tictactoe(depth=1)
    board.buttons[4].click()
    caption, _, _ = still_parts(board)
    live = board.status.value.split("<br>")
    assert caption.split("<br>") == live[:-1] + [
        "Your move (X): run the cell to play, choosing a square by its number."]
    assert "Tab to it" in live[-1]
