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

__all__ = ["draw_connect4", "DISC_COLORS"]

DISC_COLORS = {"X": "#d62728", "O": "#f2c500", ".": "white"}
"""X (MAX, moves first) is red, O (MIN) is yellow; empty cells are holes in a blue board."""

BOARD_COLOR = "#1f5fbf"


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
            if (column, row) == top_of_last:
                ax.add_patch(Circle((column, row), 0.08, facecolor="black", zorder=3))
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
    return figure
