"""Game explorers and boards: scores as notebook 07 teaches them, the tic-tac-toe board's marks and winning
line, and the static fallback shown when a notebook has no widget models (the boards' drawings:
tests/draw/test_boards.py)."""

import base64
import re
import xml.etree.ElementTree as ET

import pytest
from support import svg_in

from mmlib import draw, widgets
from mmlib.draw.boards import O_COLOR, X_COLOR
from mmlib.games.connect4 import ConnectFour
from mmlib.widgets.common import WIDGET_VIEW
from mmlib.widgets.connect4 import play_connect4
from mmlib.widgets.tictactoe import WIN_SQUARE_COLOR

SVG = "{http://www.w3.org/2000/svg}"


# -- 1. depth-adjusted scores count the moves from the position searched (notebook 07) -------------------

def test_an_immediate_win_for_x_is_worth_9_in_the_widget():
    board = widgets.play_tictactoe(computer_first=True, scoring="depth-adjusted")
    board.state = board.game.state("XX.|OO.|...")       # X to move, wins at once in square 2
    board.computer_move()
    assert board.last_values[2] == 9                     # notebook 07: 10 - 1, not 10 - 5
    assert board.game.winner(board.state) == "X"
    assert all(value <= 9 for value in board.last_values.values())


def test_an_immediate_win_for_o_is_worth_minus_9_and_slower_wins_less():
    board = widgets.play_tictactoe(computer_first=False, scoring="depth-adjusted")
    board.state = board.game.state("XX.|OO.|X..")       # O to move, wins at once in square 5
    board.computer_move()
    assert board.last_values[5] == -9
    assert board.game.winner(board.state) == "O"
    # notebook 07, exercise 1: after X centre, O edge, X wins on the fifth move from there: 10 - 5
    x_board = widgets.play_tictactoe(computer_first=True, scoring="depth-adjusted")
    x_board.state = x_board.game.state(".O..X....")
    x_board.computer_move()
    assert max(x_board.last_values.values()) == 5


# -- 2. the tic-tac-toe board: bold distinct marks, spoken squares, status, winning line -------------------

def test_squares_are_spoken_and_marks_differ_in_colour_and_shape():
    board = widgets.play_tictactoe(computer_first=True)
    x_square = next(i for i, b in enumerate(board.buttons) if b.description == "X")
    row, column = divmod(x_square, 3)
    assert board.buttons[x_square].name == f"square {x_square}, row {row + 1}, column {column + 1}, X"
    free = next(i for i, b in enumerate(board.buttons) if b.description not in "XO")
    assert board.buttons[free].name.endswith(", empty") and not board.buttons[free].disabled
    assert board.buttons[free].description == str(free)         # numbered 0-8, as the text names squares
    assert board.buttons[free].kind == ""                        # a number never reads as a mark
    board.buttons[free].click()
    o_square = next(i for i, b in enumerate(board.buttons) if b.description == "O")
    assert (board.buttons[x_square].kind, board.buttons[o_square].kind) == ("x", "o")
    css = " ".join(board.squares._css.split())
    assert f".mmlib-square.x {{ font: bold 30px/1 sans-serif; color: {X_COLOR}; }}" in css
    assert f".mmlib-square.o {{ font: bold 30px/1 sans-serif; color: {O_COLOR}; }}" in css
    assert X_COLOR != O_COLOR
    assert "font: 18px/1 sans-serif" in css                        # numbers: smaller, not bold
    assert "Your move (O)" in board.status.value


def test_a_won_game_draws_its_line_and_says_so():
    board = widgets.play_tictactoe(computer_first=True, scoring="depth-adjusted")
    board.state = board.game.state("XX.|OO.|...")
    board.computer_move()
    assert "X has three in a row along row 1" in board.status.value
    assert ["win" in b.kind.split() for b in board.buttons] == [True] * 3 + [False] * 6
    assert [b.name.endswith(", part of the winning line") for b in board.buttons] == [True] * 3 + [False] * 6
    css = " ".join(board.squares._css.split())       # the winning squares: more than a colour
    assert f".mmlib-square.win {{ background: {WIN_SQUARE_COLOR}; border: 3px solid #000; }}" in css
    lines = [e for e in svg_in(board.output.value).iter() if e.get("class") == "win-line"]
    assert len(lines) == 1 and (lines[0].get("y1"), lines[0].get("y2")) == ("20.0", "20.0")
    assert all(b.disabled for b in board.buttons)


# -- 4. the static fallback: a sentence and a still picture besides the widget view ---------------------

def _bundles():
    yield "tic-tac-toe", widgets.play_tictactoe(computer_first=True)
    yield "Connect Four", play_connect4(ConnectFour(5, 4), depth=2)
    yield "Growth explorer", widgets.growth_explorer(branching=2, depth=3, ordering="random")


@pytest.mark.parametrize("name, explorer", list(_bundles()), ids=lambda v: v if isinstance(v, str) else "")
def test_explorers_fall_back_to_a_sentence_and_a_picture(name, explorer):
    bundle = explorer._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    text = bundle["text/plain"]
    assert name.lower() in text.lower() and text.endswith("run the cell to play.") or \
        text.endswith("run the cell to use it.")
    assert "children=" not in text and "(" not in text.split()[0]
    match = re.search(r'<img alt="([^"]+)" src="data:image/svg\+xml;base64,([^"]+)"', bundle["text/html"])
    assert match and match.group(1)
    picture = ET.fromstring(base64.b64decode(match.group(2)))
    assert picture.tag == f"{SVG}svg"


def test_fallback_picture_shows_the_current_position():
    board = widgets.play_tictactoe(computer_first=True)
    html_text = board._repr_mimebundle_()["text/html"]
    data = re.search(r"base64,([^\"]+)", html_text).group(1)
    svg = ET.fromstring(base64.b64decode(data))
    assert len([e for e in svg.iter() if e.get("class") == "mark x"]) == 1


# -- 5. plots: orderings named as in notebooks 05/06, Okabe–Ito with styles and markers, 10 pt -------------

def _rows(ordering, leaves):
    return [{"branching": 3, "depth": d, "ordering": ordering, "algorithm": "alphabeta", "seed": 0,
             "nodes": 2 * leaves(d), "leaves": leaves(d), "cutoffs": 0} for d in (1, 2, 3)]


def test_plot_legends_say_random_ordering_and_every_line_differs_beyond_colour():
    rows = _rows("uniform", lambda d: 3 ** d) + _rows("random", lambda d: 2 ** d) + \
        _rows("best", lambda d: d + 2)
    for figure in (draw.plot_growth(rows), draw.plot_ebf(rows)):
        ax = figure.axes[0]
        labels = [t.get_text() for legend in figure.legends + ([ax.get_legend()] if ax.get_legend() else [])
                  for t in legend.get_texts()]
        assert not any("uniform" in label for label in labels)
        assert "alpha-beta, random ordering" in labels and "alpha-beta, best ordering" in labels
        # (these made-up uniform counts are exactly 3^d, and the legend says so)
        assert "alpha-beta, random ordering (i.i.d. leaf values) — exactly on " + \
            ("$b^d$" if figure.axes[0].get_yscale() == "log" else "limit with no pruning") in labels
        measured = [line for line in ax.get_lines() if line.get_label().startswith("alpha-beta")]
        assert len({line.get_color() for line in measured}) == 3
        assert len({line.get_marker() for line in measured}) == 3
        assert len({str(line.get_linestyle()) for line in measured}) == 3
        assert {line.get_color() for line in measured} <= set(draw.plots.OKABE_ITO)
        sizes = [t.get_fontsize() for legend in figure.legends for t in legend.get_texts()]
        sizes += [t.get_fontsize() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        assert sizes and min(sizes) >= 10
        assert ax.get_title() and figure.get_size_inches()[0] * figure.dpi <= 900


def test_growth_explorer_legend_names_random_ordering():
    explorer = widgets.growth_explorer(branching=2, depth=3, ordering="random")
    assert "random ordering" in explorer.svg and "(random)" not in explorer.svg


# -- 7. readability: explorers stand for themselves in words, and their controls have names ---------------

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

def test_step_through_plays_by_itself_to_the_end_and_its_controls_have_names():
    explorer = widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert type(explorer.slider).__name__ == "Slider" and explorer.slider.label == "step"
    explorer.play.value = True            # outside a kernel nothing runs by itself: tick() is one beat
    for _ in range(explorer.slider.max):
        explorer.tick()
    assert explorer.slider.value == explorer.slider.max and explorer.play.value is False
    explorer.play.value = True            # Play at the end starts again from step 0
    assert explorer.slider.value == 0

def test_growth_explorer_controls_are_labelled_sliders():
    explorer = widgets.growth_explorer()
    for control in (explorer.branching, explorer.depth, explorer.q, explorer.seed, explorer.trees):
        assert "Slider" in type(control).__name__ and control.label and "{value}" in control.words


def test_fallback_texts_name_searches_as_the_lectures_write_them():
    # a notebook opened without its widgets reads "alpha-beta", never the function's name "alphabeta"
    shown = [widgets.play_tictactoe(), widgets.step_through([[1, 2], [3]]),
             widgets.growth_explorer(branching=2, depth=3, algorithm="alphabeta")]
    for explorer in shown:
        text = explorer._repr_mimebundle_()["text/plain"]
        assert "alpha-beta" in text and "alphabeta" not in text, text
