"""Connect Four positions as pictures.

>>> from mmlib.games.connect4 import ConnectFour
>>> game = ConnectFour()
>>> figure = draw_connect4(game, game.position("3324"), title="after 3 3 2 4")
>>> type(figure).__name__, figure.axes[0].get_title()
('Figure', 'after 3 3 2 4')
>>> connect4_svg(game, game.position("33"), cell=40)[:63]
'<svg xmlns="http://www.w3.org/2000/svg" width="280" height="240'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentTypeError
from . import style
from .display import check_axes, set_alt
from .svg_text import clean_text

if TYPE_CHECKING:

    from ..games.connect4 import ConnectFour
    from ..games.connect4 import State as FourState

__all__ = ["draw_connect4", "connect4_svg", "threat_cells", "DISC_COLORS", "DISC_LETTERS"]

DISC_COLORS = {"X": "#D55E00", "O": "#F0E442", ".": "white"}
"""X (MAX, moves first) is vermillion, O (MIN) is yellow (Okabe–Ito, told apart with deuteranopia
and protanopia by lightness); empty cells are white holes in a blue board.  Every disc also carries
its letter, so colour is never the only carrier."""
DISC_LETTERS = {"X": "X", "O": "O", ".": ""}
LETTER_COLOR = "#000000"
BOARD_COLOR = "#0072B2"
LAST_SIDE = 0.9
"""The last move's mark: a black square outline this many cells wide round its disc (a square,
so that it is never taken for the dashed ring of a threat; the disc's letter stays readable)."""
CELL_IN = 0.8
"""A cell of a drawn board, in inches (80 px in a notebook): a disc and its letter readable from the
back of a lecture hall."""
BOARD_MIN_IN = 4.8
"""The least width of a board drawn alone (inches): a 4×4 board gets cells of 1.2 in, as readable
from the back row as a full one."""
LETTER_PT = 17.0
"""The size of a disc's letter in a drawn board (about 23 px, nearly half the disc)."""
NUMBER_PX = 18
"""The size of the column numbers over a still board, as large as the buttons' numbers they stand for."""
LAST_WORDS = "last move (square outline)"
THREAT_WORDS = "! in a dashed ring: a disc there wins at once"
WIN_WORDS = "thick black ring: the winning line"


def draw_connect4(game: ConnectFour, state: FourState | None = None, ax: Any = None, *,
                  title: str | None = None,
                  last_move: int | None = None, threats: Iterable[int] = ()) -> Any:
    """Draw a Connect Four position (default: the game's initial one); returns the Figure.

    A completed line is outlined in black; ``last_move`` (a column) frames that column's top
    disc in a black square outline, as :func:`connect4_svg` does (its letter stays readable).
    ``threats`` (columns, e.g. ``game.threats(state)``) marks the cell a disc dropped in each
    would land in with a bold "!" inside a thick dashed ring (shape and sign, not colour).  A
    legend under the board names the marks drawn, and the text alternative names the last move
    and the marked cells.  Pass ``ax`` to draw into an existing matplotlib Axes.

    >>> from mmlib.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> figure = draw_connect4(game, game.position("3324"), threats=[1, 5], last_move=4)
    >>> [t.get_text() for t in figure.axes[0].texts].count("!")
    2
    >>> [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    ['last move (square outline)', '! in a dashed ring: a disc there wins at once']
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    if not hasattr(game, "cell") or not hasattr(game, "columns"):
        raise ArgumentTypeError(f"game: expected a ConnectFour game, got {type(game).__name__}")
    check_axes(ax)
    state = game.initial if state is None else state
    shared = ax is not None                  # a figure of several drawings: its words name each
    if ax is None:
        legend_rows = (last_move is not None) + bool(list(threats)) + bool(game.winning_line(state))
        cell = max(CELL_IN, BOARD_MIN_IN / game.columns)        # a small board is drawn as wide as 4.8 in
        figure = Figure(figsize=(cell * game.columns + 0.6, cell * game.rows + 0.8 + 0.3 * legend_rows))
        ax = figure.add_subplot()
    else:
        figure = ax.figure
    ax.add_patch(Rectangle((-0.5, -0.5), game.columns, game.rows, facecolor=BOARD_COLOR, zorder=1))
    line = set(game.winning_line(state))
    top_of_last = _top_disc(game, state, last_move)
    landing = threat_cells(game, state, threats)
    for column in range(game.columns):
        for row in range(game.rows):
            _paint_cell(ax, (column, row), game.cell(state, column, row), winning=(column, row) in line,
                        last=(column, row) == top_of_last, threat=(column, row) in landing)
    ax.set_xlim(-0.6, game.columns - 0.4)
    ax.set_ylim(-0.6, game.rows - 0.4)
    ax.set_aspect("equal")
    ax.set_xticks(range(game.columns))
    ax.set_yticks([])
    ax.tick_params(length=0, labelsize=style.TEXT_PT)
    for side in ax.spines.values():
        side.set_visible(False)
    if title is not None:
        ax.set_title(title, fontsize=style.VALUE_PT)
    _legend(ax, last=top_of_last is not None, threats=bool(landing), won=bool(line))
    marked = "; ".join(f"column {c}, row {r + 1} from the bottom" for c, r in landing)
    set_alt(figure, (f"{title}: " if title else "") + _describe(game, state)
            + (_last_words(top_of_last) if top_of_last is not None else "")
            + (f" Marked ! (a disc there wins at once): {marked}." if marked else ""), append=shared)
    return figure


def _top_disc(game: ConnectFour, state: FourState, column: int | None) -> tuple[int, int] | None:
    """``(column, row)`` of the top disc in ``column`` (None for no column, or an empty one)."""
    if column is None:
        return None
    filled = [r for r in range(game.rows) if game.cell(state, column, r) != "."]
    return (column, max(filled)) if filled else None


def _last_words(cell: tuple[int, int]) -> str:
    return f" Last move (square outline): column {cell[0]}, row {cell[1] + 1} from the bottom."


def _legend(ax: Any, *, last: bool, threats: bool, won: bool) -> None:
    """Under the board, what its marks mean (only those drawn)."""
    from matplotlib.lines import Line2D

    handles = []
    if won:
        handles.append(Line2D([], [], ls="", marker="o", ms=13, mfc="none", mec="black", mew=3,
                              label=WIN_WORDS))
    if last:
        handles.append(Line2D([], [], ls="", marker="s", ms=13, mfc="none", mec="black", mew=2,
                              label=LAST_WORDS))
    if threats:
        handles.append(Line2D([], [], ls="", marker="$!$", ms=10, color="black", label=THREAT_WORDS))
    if handles:
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncols=1,
                  fontsize=style.TEXT_PT, frameon=False, handletextpad=0.4,
                  borderaxespad=1.9)             # (in font sizes: clear of the column numbers)


def _paint_cell(ax: Any, centre: tuple[int, int], mark: str, *, winning: bool, last: bool,
                threat: bool) -> None:
    """One cell of the board: its disc (outlined in black on a completed line) and letter, the
    square outline of the last move, and the "!" in a dashed ring of a cell that wins at once."""
    from matplotlib.patches import Circle, Rectangle

    column, row = centre
    ax.add_patch(Circle(centre, 0.4, facecolor=DISC_COLORS[mark],
                        edgecolor="black" if winning else BOARD_COLOR, linewidth=3 if winning else 1,
                        zorder=2))
    if mark != ".":
        ax.text(column, row, DISC_LETTERS[mark], ha="center", va="center", fontsize=LETTER_PT,
                fontweight="bold", color=LETTER_COLOR, zorder=4)
    if last:                  # a square round the disc: not a ring, and the letter stays readable
        ax.add_patch(Rectangle((column - LAST_SIDE / 2, row - LAST_SIDE / 2), LAST_SIDE, LAST_SIDE,
                               facecolor="none", edgecolor="black", linewidth=2.5, zorder=3))
    if threat:
        ax.add_patch(Circle(centre, 0.36, facecolor="none", edgecolor="black", linewidth=2.5,
                            linestyle=(0, (2, 2)), zorder=3))
        ax.text(column, row, "!", ha="center", va="center", fontsize=LETTER_PT + 2,
                fontweight="bold", color=LETTER_COLOR, zorder=4)


def threat_cells(game: ConnectFour, state: FourState, columns: Iterable[int]) -> list[tuple[int, int]]:
    """``(column, row)`` of the cell a disc dropped in each of ``columns`` lands in (row 0 is
    the bottom); a full column has none.

    >>> from mmlib.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> threat_cells(game, game.position("3324"), [1, 3])
    [(1, 0), (3, 2)]
    """
    cells = []
    for column in columns:
        empty = [r for r in range(game.rows) if game.cell(state, column, r) == "."]
        if empty:
            cells.append((column, min(empty)))
    return cells


def _cells_top_down(game: ConnectFour, state: FourState) -> Iterator[tuple[int, int, Any]]:
    for column in range(game.columns):
        for row in range(game.rows):
            yield column, row, game.cell(state, column, row)


def _describe(game: ConnectFour, state: FourState) -> str:
    line = game.winning_line(state)
    if line:
        winner = game.cell(state, *line[0])
        situation = f"{winner} has connected {len(line)}"
    elif game.is_terminal(state):
        situation = "a draw: the board is full"
    else:
        situation = f"{'X' if game.is_max(state) else 'O'} to move"
    columns = "; ".join(
        f"column {c}: " + (" ".join(game.cell(state, c, r) for r in range(game.rows)
                                    if game.cell(state, c, r) != ".") or "empty")
        for c in range(game.columns))
    return f"Connect Four board, {situation}. Discs from the bottom up, {columns}."


def connect4_svg(game: ConnectFour, state: FourState | None = None, *, cell: int = 48,
                 last_move: int | None = None,
                 title: str | None = None, numbers: bool = False) -> str:
    """A Connect Four position as SVG text, exactly ``cell`` pixels per column (so that buttons
    ``cell`` pixels wide sit over the columns), with no margin: X discs vermillion with an "X",
    O discs yellow with an "O", a completed line ringed in black and joined by a black line, the
    disc of ``last_move`` framed by a black square outline.  ``<title>`` and ``aria-label`` give the
    position in words, the last move too.  ``numbers``: each column's number above it (0 from
    the left), where no buttons stand over the board to number them.

    >>> import xml.etree.ElementTree as ET
    >>> from mmlib.games.connect4 import ConnectFour
    >>> game = ConnectFour(4, 4)
    >>> svg = ET.fromstring(connect4_svg(game, game.position("0101010"), cell=40))
    >>> svg.get("width"), svg.find("{http://www.w3.org/2000/svg}title").text[:40]
    ('160', 'Connect Four board, X has connected 4. D')
    >>> sorted(e.text for e in svg.iter("{http://www.w3.org/2000/svg}text"))[:2]
    ['O', 'O']
    """
    if not hasattr(game, "cell") or not hasattr(game, "columns"):
        raise ArgumentTypeError(f"game: expected a ConnectFour game, got {type(game).__name__}")
    state = game.initial if state is None else state
    width, board_height = game.columns * cell, game.rows * cell
    strip = round(NUMBER_PX * 1.6) if numbers else 0        # the row of column numbers above the board
    height = board_height + strip
    top_of_last = _top_disc(game, state, last_move)
    words = title or (_describe(game, state) + (_last_words(top_of_last) if top_of_last is not None else ""))
    label = html.escape(clean_text(words))
    radius, font = cell * 0.4, max(cell * 0.42, 12)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}" style="display:block">',
             f"<title>{label}</title>"]
    parts += [f'<text class="column-number" x="{(column + 0.5) * cell:.1f}" y="{strip / 2:.1f}" '
              'text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans, Arial, sans-serif" '
              f'font-size="{NUMBER_PX}" font-weight="bold" fill="#000000">{column}</text>'
              for column in range(game.columns) if numbers]
    parts += [f'<g transform="translate(0 {strip})">' if numbers else "",
              f'<rect x="0" y="0" width="{width}" height="{board_height}" rx="{cell * 0.15:.0f}" '
              f'fill="{BOARD_COLOR}"/>']
    line = set(game.winning_line(state))
    centre = {}
    for column, row, mark in _cells_top_down(game, state):
        x, y = (column + 0.5) * cell, (game.rows - row - 0.5) * cell
        centre[(column, row)] = (x, y)
        winning = (column, row) in line
        parts.append(f'<circle class="disc {"empty" if mark == "." else mark.lower()}" cx="{x:.1f}" '
                     f'cy="{y:.1f}" r="{radius:.1f}" fill="{DISC_COLORS[mark]}" '
                     f'stroke="{"black" if winning else "#003a5c"}" stroke-width="{4 if winning else 1}"/>')
        if mark != ".":
            parts.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
                         f'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
                         f'font-size="{font:.0f}" fill="{LETTER_COLOR}">{DISC_LETTERS[mark]}</text>')
        if (column, row) == top_of_last:          # a square round the disc, as draw_connect4 draws it
            side = LAST_SIDE * cell
            parts.append(f'<rect class="last" x="{x - side / 2:.1f}" y="{y - side / 2:.1f}" '
                         f'width="{side:.1f}" height="{side:.1f}" fill="none" stroke="black" '
                         'stroke-width="3"/>')
    if line:
        ends = sorted(line)
        (x0, y0), (x1, y1) = centre[ends[0]], centre[ends[-1]]
        parts.append(f'<line class="win-line" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
                     f'stroke="black" stroke-width="{cell * 0.1:.1f}" stroke-linecap="round"/>')
    parts.append("</g></svg>" if numbers else "</svg>")
    return "".join(parts)
