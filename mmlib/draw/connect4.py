"""Connect Four positions as pictures.

>>> from mmlib.games.connect4 import ConnectFour
>>> game = ConnectFour()
>>> figure = draw_connect4(game, game.position("3324"), title="after 3 3 2 4")
>>> type(figure).__name__, figure.axes[0].get_title()
('Figure', 'after 3 3 2 4')
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentTypeError
from .display import set_alt

__all__ = ["draw_connect4", "connect4_svg", "DISC_COLORS"]

DISC_COLORS = {"X": "#D55E00", "O": "#F0E442", ".": "white"}
"""X (MAX, moves first) is vermillion, O (MIN) is yellow (Okabe & Ito 2008); each disc also
carries its letter, so colour is never the only sign; empty cells are holes in a blue board."""
LETTER_COLORS = {"X": "white", "O": "black"}
BOARD_COLOR = "#0072B2"


def draw_connect4(game: Any, state: Any = None, ax: Any = None, *, title: str | None = None,
                  last_move: int | None = None) -> Any:
    """Draw a Connect Four position (default: the game's initial one); returns the Figure.

    A completed line is outlined in black; ``last_move`` (a column) marks that column's top
    disc with a dot.  Pass ``ax`` to draw into an existing matplotlib Axes.
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Rectangle

    if not hasattr(game, "cell") or not hasattr(game, "columns"):
        raise ArgumentTypeError(f"game: expected a ConnectFour game, got {type(game).__name__}")
    state = game.initial if state is None else state
    if ax is None:
        figure = Figure(figsize=(0.55 * game.columns + 0.6, 0.55 * game.rows + 0.8))
        ax = figure.add_subplot()
    else:
        figure = ax.figure
    ax.add_patch(Rectangle((-0.5, -0.5), game.columns, game.rows, facecolor=BOARD_COLOR, zorder=1))
    line = set(game.winning_line(state))
    top_of_last = None
    if last_move is not None:
        filled = [r for r in range(game.rows) if game.cell(state, last_move, r) != "."]
        top_of_last = (last_move, max(filled)) if filled else None
    for column in range(game.columns):
        for row in range(game.rows):
            mark = game.cell(state, column, row)
            winning = (column, row) in line
            ax.add_patch(Circle((column, row), 0.4, facecolor=DISC_COLORS[mark],
                                edgecolor="black" if winning else BOARD_COLOR,
                                linewidth=3 if winning else 1, zorder=2))
            if mark != ".":
                ax.text(column, row, mark, ha="center", va="center", fontsize=10, fontweight="bold",
                        color=LETTER_COLORS[mark], zorder=3)
            if (column, row) == top_of_last:
                ax.add_patch(Circle((column, row), 0.4, facecolor="none", edgecolor="black",
                                    linestyle="--", linewidth=1.5, zorder=3))
    ax.set_xlim(-0.6, game.columns - 0.4)
    ax.set_ylim(-0.6, game.rows - 0.4)
    ax.set_aspect("equal")
    ax.set_xticks(range(game.columns))
    ax.set_yticks([])
    ax.tick_params(length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    if title is not None:
        ax.set_title(title)
    set_alt(figure, (f"{title}: " if title else "") + _describe(game, state) + ".")
    return figure


def connect4_svg(game: Any, state: Any = None, *, cell: int = 48, last_move: int | None = None,
                 description: str | None = None) -> str:
    """A Connect Four position as SVG text, ``cell`` pixels per column and no margin, so that
    column ``c`` spans ``[c * cell, (c + 1) * cell)`` and controls can be aligned with it.

    Discs carry their letter; a completed line gets a thick black ring, the last move a dashed one.

    >>> from mmlib.games.connect4 import ConnectFour
    >>> game = ConnectFour(5, 4)
    >>> svg = connect4_svg(game, game.position("2"))
    >>> svg.startswith("<svg") and 'width="240"' in svg and ">X</text>" in svg
    True
    """
    import xml.etree.ElementTree as ET

    if not hasattr(game, "cell") or not hasattr(game, "columns"):
        raise ArgumentTypeError(f"game: expected a ConnectFour game, got {type(game).__name__}")
    state = game.initial if state is None else state
    width, height = game.columns * cell, game.rows * cell
    words = description or _describe(game, state)
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                     viewBox=f"0 0 {width} {height}", role="img")
    svg.set("aria-label", words)
    ET.SubElement(svg, "title").text = words
    ET.SubElement(svg, "rect", x="0", y="0", width=str(width), height=str(height), fill=BOARD_COLOR)
    line = set(game.winning_line(state))
    top_of_last = None
    if last_move is not None:
        filled = [r for r in range(game.rows) if game.cell(state, last_move, r) != "."]
        top_of_last = (last_move, max(filled)) if filled else None
    radius = cell * 0.4
    for column in range(game.columns):
        for row in range(game.rows):
            mark = game.cell(state, column, row)
            cx, cy = (column + 0.5) * cell, (game.rows - row - 0.5) * cell
            ring = (column, row) in line
            ET.SubElement(svg, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=f"{radius:g}", fill=DISC_COLORS[mark],
                          stroke="black" if ring else BOARD_COLOR, **{"stroke-width": "4" if ring else "1"})
            if mark != ".":
                letter = ET.SubElement(svg, "text", x=f"{cx:g}", y=f"{cy:g}", fill=LETTER_COLORS[mark],
                                       **{"text-anchor": "middle", "dominant-baseline": "central",
                                          "font-size": f"{cell * 0.38:g}", "font-weight": "bold",
                                          "font-family": "sans-serif"})
                letter.text = mark
            if (column, row) == top_of_last:
                ET.SubElement(svg, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=f"{radius + 2:g}", fill="none",
                              stroke="black", **{"stroke-width": "2", "stroke-dasharray": "4 3"})
    return ET.tostring(svg, encoding="unicode")


def _describe(game: Any, state: Any) -> str:
    """The position in words: the discs column by column, and the result if the game is over."""
    columns = []
    for column in range(game.columns):
        discs = "".join(game.cell(state, column, row) for row in range(game.rows)).rstrip(".")
        columns.append(f"column {column}: {discs or 'empty'}")
    winner = game.winner(state)
    if winner:
        result = f"; {winner} has four in a line"
    else:
        result = "; the board is full" if game.is_terminal(state) else ""
    return (f"Connect Four, {game.columns} columns by {game.rows} rows, discs from the bottom up: "
            + ", ".join(columns) + result)
