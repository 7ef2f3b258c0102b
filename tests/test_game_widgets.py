"""The game explorers as a student meets them: scores as notebook 06 defines them, readable marks, aligned
controls, a result stated in words, and a sentence (not an object repr) where a widget cannot be shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from mmlib import widgets
from mmlib.games.connect4 import ConnectFour


def test_tictactoe_depth_adjusted_scores_count_moves_from_the_position_searched():
    # Notebook 06: WIN - depth and LOSS + depth, depth = moves played since the position searched.
    # O (the computer) to move can complete the middle row at once: worth -10 + 1 = -9 from X's side.
    board = widgets.play_tictactoe(scoring="depth-adjusted")
    board.state = board.game.state("X.X|OO.|X..")
    board.computer_move()
    assert board.last_values[5] == -9
    assert board.game.board(board.state)[5] == "O"


def test_tictactoe_win_is_shown_by_the_line_and_in_words():
    board = widgets.play_tictactoe()
    board.state = board.game.state("XXX|OO.|...")
    board.refresh("")
    yellow = widgets.tictactoe.WINNING_SQUARE
    highlighted = [i for i, b in enumerate(board.buttons) if b.style.button_color == yellow]
    assert highlighted == [0, 1, 2]
    assert "X along the top row" in board.status.value


def test_tictactoe_marks_differ_in_shape_and_colour_and_name_their_square():
    board = widgets.play_tictactoe()
    board.buttons[4].click()
    x = board.buttons[4]
    o = next(b for b in board.buttons if b.description == "O")
    assert x.style.text_color != o.style.text_color and x.style.font_weight == o.style.font_weight == "bold"
    assert x.tooltip == "row 2, column 2: X"
    assert "empty" in next(b for b in board.buttons if b.description == " ").tooltip


def test_explorers_stand_for_themselves_in_words_where_they_cannot_be_shown():
    explorers = (widgets.play_tictactoe(), widgets.play_connect4(ConnectFour(5, 4), depth=2),
                 widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), widgets.tree_editor(),
                 widgets.growth_explorer())
    for explorer in explorers:
        shown = explorer._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in shown     # still a live widget
        text = shown["text/plain"]
        assert "run the cell" in text, text
        assert "children=" not in text and " object at " not in text and "layout=" not in text


def test_connect4_buttons_stand_exactly_over_the_columns():
    board = widgets.play_connect4(ConnectFour(7, 6), depth=2)
    svg = ET.fromstring(board.picture_svg())
    width = float(svg.get("width"))
    cell = widgets.connect4.CELL_PX
    assert width == 7 * cell                 # no margin: column c spans [c * cell, (c + 1) * cell)
    assert board.grid.layout.grid_template_columns == f"repeat(7, {cell}px)"
    assert all(b.layout.width == f"{cell}px" for b in board.columns)
    assert board.grid.layout.grid_gap in (None, "0px", "0")


def test_connect4_discs_carry_letters_as_well_as_colours_and_a_text_alternative():
    board = widgets.play_connect4(ConnectFour(5, 4), depth=2)
    board.click(2)
    svg = ET.fromstring(board.picture_svg())
    ns = "{http://www.w3.org/2000/svg}"
    letters = [t.text for t in svg.iter(f"{ns}text")]
    assert letters.count("X") == 1 and letters.count("O") == 1
    assert "X" in svg.find(f"{ns}title").text and svg.get("role") == "img"


def test_connect4_answers_within_its_node_budget_and_says_how_deep_it_searched():
    board = widgets.play_connect4(ConnectFour(), depth=12)
    board.click(3)
    assert board.last_result.stats.nodes <= widgets.connect4.NODE_BUDGET
    assert "depth" in board.status.value


def test_step_through_plays_by_itself_to_the_end_and_its_controls_have_names():
    explorer = widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert type(explorer.slider).__name__ == "BoundedIntText" and explorer.slider.description == "step"
    explorer.play.value = True            # outside a kernel nothing runs by itself: tick() is one beat
    for _ in range(explorer.slider.max):
        explorer.tick()
    assert explorer.slider.value == explorer.slider.max and explorer.play.value is False
    explorer.play.value = True            # Play at the end starts again from step 0
    assert explorer.slider.value == 0


def test_growth_explorer_controls_are_labelled_number_boxes():
    explorer = widgets.growth_explorer()
    for control in (explorer.branching, explorer.depth, explorer.q, explorer.seed):
        assert "Text" in type(control).__name__ and control.description
