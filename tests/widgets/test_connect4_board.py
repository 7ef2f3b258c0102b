"""The Connect Four board of lecture 08 (mmlib.widgets.connect4) driven from Python: each move is clicked
and the status line read after it.  It must say what was played (checked against the discs that changed),
whose move it is, or who won and how (checked on positions set up by hand, whose outcome is plain from the
rules); the column buttons are numbered and named for what they do; the status is a live region, and the
still picture a saved notebook shows carries the same words."""

import time

import pytest
from support import is_live_region, still_parts, svg_in

from mmlib.games.connect4 import ConnectFour
from mmlib.widgets.connect4 import play_connect4

SVG = "{http://www.w3.org/2000/svg}"


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
        board.buttons_row._handle_custom_msg({"event": "press", "index": column}, [])   # as the browser sends
        after = heights(board.game, board.state)
        grew = [c for c in range(7) for _ in range(after[c] - before[c])]
        answer = next(c for c in grew if c != column or grew.count(c) == 2)
        lines = board.said().splitlines()
        assert lines[0] == f"You (X) played column {column}."
        assert lines[1].startswith(
            f"The computer (O) played column {answer} (framed): alpha-beta, deepened to depth ")
        assert f"{board.last_nodes:,} nodes over all its iterations" in lines[1]
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
    # what was played, as the status line says it; how to play, worded for a picture without buttons
    live = board.status.value.split("<br>")
    assert caption.split("<br>") == live[:-1] + [
        "Your move (X): run the cell to play, dropping a disc in a numbered column."]
    assert "You (X) played column 2.<br>The computer (O)" in caption and "button" in live[-1]
    assert alt == title and alt.startswith("Connect Four board")


def test_the_connect_four_still_numbers_its_columns_over_their_centres():
    # the live board's column buttons are not in the still: it numbers the columns itself, as large
    # as the buttons' numbers, and the live drawing (under its buttons) does not
    import base64
    import re
    import xml.etree.ElementTree as ET

    board = play_connect4(ConnectFour(5, 4), depth=2)
    shown = board._repr_mimebundle_()["text/html"]
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', shown).group(1)
    still = ET.fromstring(base64.b64decode(data))
    numbers = [t for t in still.iter(f"{SVG}text") if t.get("class") == "column-number"]
    assert [t.text for t in numbers] == ["0", "1", "2", "3", "4"]
    assert [float(t.get("x")) for t in numbers] == [(c + 0.5) * board.cell for c in range(5)]
    assert all(float(t.get("font-size")) >= 18 and t.get("font-weight") == "bold" for t in numbers)
    board_top = float(next(r for r in still.iter(f"{SVG}rect")).get("y"))
    assert all(float(t.get("y")) + 9 <= board_top + float(still.get("height")) - 4 * board.cell
               for t in numbers)                                    # above the board, not on it
    assert not [t for t in svg_in(board.figure.value).iter(f"{SVG}text") if t.get("class") == "column-number"]


@pytest.mark.parametrize("columns, rows", [(7, 6), (4, 4), (9, 7)])
def test_each_column_button_is_exactly_one_column_of_the_drawing_wide(columns, rows):
    board = play_connect4(ConnectFour(columns, rows), depth=2)
    svg = svg_in(board.figure.value)
    cell = int(svg.get("width")) / columns
    assert cell == board.cell
    row = board.buttons_row                   # one button per column, ``cell`` pixels each, no gap
    assert (row.columns, row.width, row.gap, len(row.labels)) == (columns, board.cell, 0, columns)
    assert row.names == [f"drop in column {c}" for c in range(columns)]
    assert board.figure.layout.width == svg.get("width") + "px" and board.figure.layout.margin == "0"
    assert "repeat(${columns}, ${width}px)" in row._esm and "gap: 0" in row._css
    # disc centres sit in the middle of their column: column c at (c + 0.5) * cell
    xs = sorted({float(c.get("cx")) for c in svg.iter(f"{SVG}circle") if "disc" in c.get("class", "")})
    assert xs == [(c + 0.5) * cell for c in range(columns)]


def test_connect4_status_is_escaped():
    board = play_connect4(ConnectFour(4, 4), depth=2)
    board._show("<img src=x onerror=alert(1)>")
    assert "<img" not in board.status.value and "&lt;img" in board.status.value


def test_each_computer_move_stays_within_its_budget_and_says_so():
    board = play_connect4(ConnectFour(), depth=12, time_budget=0.5, node_budget=3_000)
    started = time.perf_counter()
    board.click(3)
    assert time.perf_counter() - started < 2.0
    assert board.last_nodes <= 3_001 and 1 <= board.last_depth < 12   # the node past the budget counts
    assert f"alpha-beta, deepened to depth {board.last_depth} (stopped before depth {board.last_depth + 1}" \
        in board.status.value
    full = play_connect4(ConnectFour(4, 4), depth=3)
    full.click(1)
    assert full.last_depth == 3 and "stopped" not in full.status.value
    with pytest.raises(Exception, match="time_budget"):
        play_connect4(time_budget=0)


def test_connect4_board_is_its_own_widget():
    board = play_connect4(ConnectFour(4, 4), depth=2)
    assert board.widget is board and "mmlib-connect4" in board._dom_classes
