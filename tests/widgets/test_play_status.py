"""The play boards of lectures 07 and 08 driven from Python: each move is clicked and the status line
read after it.  It must say what was played (checked against the squares and discs that changed),
whose move it is, or who won and how (checked on positions set up by hand, whose outcome is plain
from the rules); the column buttons are numbered and named for what they do; the status is a live
region, and the still picture a saved notebook shows carries the same words."""

import base64
import re
import xml.etree.ElementTree as ET

from mmlib import widgets
from mmlib.games.connect4 import ConnectFour
from mmlib.widgets.common import StatusLine
from mmlib.widgets.connect4 import play_connect4

SVG = "{http://www.w3.org/2000/svg}"


def still_parts(explorer):
    """The still's caption (HTML) and its picture's alt text and SVG title."""
    shown = explorer._repr_mimebundle_()["text/html"]
    caption = re.search(r"<figcaption>(.*?)</figcaption>", shown, re.S).group(1)
    alt, data = re.search(r'<img alt="([^"]*)" src="data:image/svg\+xml;base64,([^"]+)"', shown).groups()
    svg = ET.fromstring(base64.b64decode(data))
    return caption, alt, svg.find(f"{SVG}title").text


def is_live_region(status) -> bool:
    return isinstance(status, StatusLine) and 'setAttribute("aria-live", "polite")' in status._esm \
        and 'setAttribute("role", "status")' in status._esm


# -- Connect Four (lecture 08) ------------------------------------------------------------------------

def heights(game, state):
    """Discs per column, read cell by cell."""
    return [sum(game.cell(state, c, r) != "." for r in range(game.rows)) for c in range(game.columns)]


def test_connect_four_says_each_move_and_whose_turn_it_is():
    board = play_connect4(ConnectFour(), depth=3)
    assert is_live_region(board.status)
    assert board.said().splitlines() == [
        "New game. You are X; the computer (O) searches alpha-beta up to depth 3, within 1.5 s and "
        "150,000 nodes per move.",
        "Your move (X): press a column's button (Tab to it, then Enter) to drop a disc."]
    for column in (3, 3, 2, 4):
        before = heights(board.game, board.state)
        board.buttons_row._handle_custom_msg({"event": "drop", "column": column}, [])   # as the browser sends
        after = heights(board.game, board.state)
        grew = [c for c in range(7) for _ in range(after[c] - before[c])]
        answer = next(c for c in grew if c != column or grew.count(c) == 2)
        lines = board.said().splitlines()
        assert lines[0] == f"You (X) played column {column}."
        assert lines[1].startswith(f"The computer (O) played column {answer} (framed): alpha-beta to depth ")
        assert f"{board.last_nodes:,} nodes in all" in lines[1]
        assert lines[2].startswith("Your move (X)")
        assert sum(after) == sum(before) + 2


def test_connect_four_names_the_winner_you():
    board = play_connect4(ConnectFour(4, 4), depth=2)
    board.state = board.game.position("010101")       # X has three in column 0, X to move
    board.buttons_row.press(0)
    assert board.said().splitlines() == [
        "You (X) played column 0.", "Game over: X has connected 4 — you win. Press New game to play again."]
    assert board.buttons_row.disabled == [True] * 4
    board.click(1)
    assert board.said().startswith("The game is over: press New game.")


def test_connect_four_names_the_winner_the_computer():
    board = play_connect4(ConnectFour(4, 4), depth=2)
    board.state = board.game.position("010121")       # O has three in column 1; X does not block
    board.buttons_row.press(3)
    lines = board.said().splitlines()
    assert lines[0] == "You (X) played column 3."
    assert lines[1].startswith("The computer (O) played column 1 (framed)")
    assert lines[2] == "Game over: O has connected 4 — the computer wins. Press New game to play again."


def test_a_full_column_is_refused_and_its_button_greyed():
    board = play_connect4(ConnectFour(4, 4), depth=2)
    board.state = board.game.position("0000")
    board.click(0)
    assert board.said().splitlines() == [
        "Column 0 is full; choose another.",
        "Your move (X): press a column's button (Tab to it, then Enter) to drop a disc."]
    assert board.buttons_row.disabled == [True, False, False, False]
    board.buttons_row.press(0)                          # a greyed button does nothing
    assert board.game.discs(board.state) == 4


def test_new_game_is_a_normal_sized_button_and_starts_afresh():
    board = play_connect4(ConnectFour(5, 4), depth=2)
    board.click(2)
    assert (board.new_game.layout.width, board.new_game.layout.align_self) == ("auto", "flex-start")
    board.new_game.click()
    assert board.game.discs(board.state) == 0 and board.said().startswith("New game. You are X")
    assert board.buttons_row.disabled == [False] * 5
    first = play_connect4(ConnectFour(5, 4), depth=2, computer_first=True)
    assert first.said().splitlines()[1].startswith("The computer (X) played column ")
    assert first.said().splitlines()[2].startswith("Your move (O)")


def test_the_connect_four_still_carries_the_status_line():
    board = play_connect4(ConnectFour(5, 4), depth=2)
    board.click(2)
    caption, alt, title = still_parts(board)
    assert caption == board.status.value and "You (X) played column 2.<br>The computer (O)" in caption
    assert alt == title and alt.startswith("Connect Four board")


# -- tic-tac-toe (lecture 07) -----------------------------------------------------------------------------

def marks(board):
    return [b.description if b.description in ("X", "O") else "." for b in board.buttons]


def test_tictactoe_says_each_move_and_whose_turn_it_is():
    board = widgets.play_tictactoe(computer_first=True, scoring="depth-adjusted")
    assert is_live_region(board.status)
    lines = board.said().splitlines()
    first = marks(board).index("X")
    assert lines[0] == "New game. You are O; the computer (X) plays by alpha-beta."
    assert lines[1].startswith(f"The computer (X) played square {first} (row {first // 3 + 1}, "
                               f"column {first % 3 + 1}) with alpha-beta. Nodes searched from there: "
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
