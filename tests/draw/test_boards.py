"""Tic-tac-toe boards and game trees drawn (mmlib.draw.boards): game trees counted from the drawn position,
crosses and rings with a title in words, text boards where an empty square is never read as 0 or O, and
game-tree text readable in a notebook column."""

import xml.etree.ElementTree as ET

import pytest

from mmlib import draw, games, search
from mmlib.draw.boards import O_COLOR, X_COLOR, board_html, board_svg, board_text, rooted_at

SVG = "{http://www.w3.org/2000/svg}"


def test_drawn_game_trees_count_depth_from_the_drawn_position():
    game = games.TicTacToe(scoring="depth-adjusted")
    late = game.state("XX.|OO.|...")
    tree, _ = draw.game_tree(game, late, depth=1)
    assert tree.root.children[0].value == 9              # square 2, the first legal move: X wins now
    assert search.minimax(rooted_at(game, late)).value == 9
    assert rooted_at(games.TicTacToe(), late).scoring == "ten"   # other scorings are left alone


def test_board_svg_draws_x_as_a_cross_and_o_as_a_ring_with_a_title():
    game = games.TicTacToe()
    svg = ET.fromstring(board_svg(game, game.state("X.O|.XO|..X")))
    crosses = [e for e in svg.iter() if e.get("class") == "mark x"]
    rings = [e for e in svg.iter(f"{SVG}circle") if e.get("class") == "mark o"]
    assert len(crosses) == 3 and len(rings) == 2
    assert {c.get("stroke") for c in crosses} == {X_COLOR} and {r.get("stroke") for r in rings} == {O_COLOR}
    (line,) = [e for e in svg.iter() if e.get("class") == "win-line"]
    ends = tuple(line.get(name) for name in ("x1", "y1", "x2", "y2"))
    assert ends == ("30.0", "30.0", "150.0", "150.0")      # centre of square 0 to centre of square 8
    assert "X has won along the diagonal from the top left" in svg.find(f"{SVG}title").text
    assert svg.get("aria-label") == svg.find(f"{SVG}title").text


def test_text_boards_use_a_middle_dot_for_empty_squares():
    game = games.TicTacToe()
    text = board_text(game, game.state("XO.|...|..."))
    assert text == "X O ·\n· · ·\n· · ·"
    assert "0" not in text and "." not in text
    assert "monospace" in board_html(game, game.state("XO.|...|...")) and "<pre" in board_html(game)


@pytest.mark.parametrize("board, depth", [(None, 1), ("....X....", 1), ("XOX|OOX|...", 3)])
def test_game_tree_text_is_at_least_9_px_on_a_900_px_column(board, depth):
    game = games.TicTacToe()
    figure = draw.draw_game_tree(game, None if board is None else game.state(board), depth)
    shown_px = min(1.0, 900 / (figure.get_size_inches()[0] * 100))
    smallest = min(text.get_fontsize() for text in figure.axes[0].texts)
    assert smallest * 100 / 72 * shown_px >= 9 - 1e-9
