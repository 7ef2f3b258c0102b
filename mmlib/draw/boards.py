"""Tic-tac-toe boards, alone or as the nodes of a small game tree.

>>> from mmlib import games
>>> game = games.TicTacToe()
>>> type(draw_board(game, game.state("X.O|.X.|..."))).__name__
'Figure'
>>> figure = draw_game_tree(game, game.state("XOX|OO.|X.."), depth=2)
>>> figure.axes[0].get_title()
'minimax to depth 2: value −10'
>>> print(board_text(game, game.state("X.O|.X.|...")))
X · O
· X ·
· · ·
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentTypeError
from ..games.base import rooted_at
from ..search import as_game
from ..trace import best_line, minimax_values
from ..trees import Path, Tree
from ..trees import game_tree as expand_game
from . import style
from .display import check_axes, set_alt
from .svg_text import clean_text, fit_title
from .tree import PV_COLOR, format_value, layout

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..games import TicTacToe

__all__ = ["draw_board", "draw_game_tree", "game_tree", "board_svg", "readable_points", "board_text",
           "board_html",
           "rooted_at", "winning_line", "line_name", "describe_square", "move_label", "X_COLOR", "O_COLOR",
           "EMPTY_MARK"]

X_COLOR = "#0072B2"
"""X is drawn as a bold blue cross (Okabe–Ito blue)."""
O_COLOR = "#B84F00"
"""O is drawn as a bold vermillion ring (Okabe–Ito vermillion, darkened to 5:1 on white for WCAG AA):
a different colour and a different shape."""
BOARD_INCHES = 3.4
"""A board drawn in a figure of its own: 3.4 in wide (about 330 px in a notebook), large enough to project."""
EMPTY_MARK = "·"
"""An empty square in text boards: a middle dot, so that no empty square reads as a zero or an O."""
WIN_LINE_COLOR = "#000000"
GRID = 'stroke="#333333" stroke-width="2"'
SQUARE_NUMBER_PX = 15
"""The size of a square's number on an SVG board (11.25 pt)."""

EDGE = 0.25
"""The visible length of an edge between a board's value and its child's move, in board widths."""
SLOT_GAP = 1.2
"""Horizontal distance between neighbouring leaves, in board widths."""
BOARD = 1.0
"""A board's width in data units of a game-tree drawing."""
TITLE_INCHES = 0.45
"""The height of a game-tree drawing's title line."""


def move_label(move: int) -> str:
    """How a tic-tac-toe drawing names a move on its edge: by the square's number, 0 to 8 row by
    row, as the lectures, the labs and the play widget name squares.

    >>> move_label(6)
    'square 6'
    """
    return f"square {move}"


def _check_board_game(game: TicTacToe) -> None:
    if not hasattr(game, "board") or not callable(game.board):
        raise ArgumentTypeError(
            f"game: expected a game with a 3x3 board (TicTacToe), got {type(game).__name__}")


def _draw_board_at(ax: Axes, game: TicTacToe, state: int, x: float, y: float, size: float, fontsize: float,
                   *, frame_color: str = "black", highlight: Any = None, numbers: bool = False) -> None:
    """Draw the board of ``state`` centred at (x, y), ``size`` data units wide; ``numbers``: each
    square's number in its top left corner."""
    from matplotlib.patches import Rectangle

    cells = game.board(state)
    cell = size / 3
    left, top = x - size / 2, y + size / 2
    ax.add_patch(Rectangle((left, top - size), size, size, facecolor="white", edgecolor=frame_color,
                           linewidth=1.5 if frame_color != "black" else 0.6, zorder=3))
    for k in (1, 2):
        ax.plot([left + k * cell] * 2, [top, top - size], color="#777777", lw=0.6, zorder=4)
        ax.plot([left, left + size], [top - k * cell] * 2, color="#777777", lw=0.6, zorder=4)
    for square, mark in enumerate(cells):
        row, col = divmod(square, 3)
        cx, cy = left + (col + 0.5) * cell, top - (row + 0.5) * cell
        if square == highlight:
            ax.add_patch(Rectangle((cx - cell / 2, cy - cell / 2), cell, cell, facecolor="#fde9a9",
                                   edgecolor="none", zorder=3.5))
        if numbers:
            ax.text(cx - cell * 0.42, cy + cell * 0.42, str(square), ha="left", va="top",
                    fontsize=style.TEXT_PT, color=style.SOFT_INK, zorder=5)
        if mark != ".":
            ax.text(cx, cy, mark, ha="center", va="center", fontsize=fontsize, fontweight="bold",
                    color=X_COLOR if mark == "X" else O_COLOR, zorder=5)
    line = winning_line(game, state)
    if line:
        (r0, c0), (r1, c1) = divmod(line[0], 3), divmod(line[-1], 3)
        ax.plot([left + (c0 + 0.5) * cell, left + (c1 + 0.5) * cell],
                [top - (r0 + 0.5) * cell, top - (r1 + 0.5) * cell], color=WIN_LINE_COLOR,
                lw=max(fontsize / 6, 1.0), solid_capstyle="round", zorder=6, gid="win-line")


def draw_board(game: TicTacToe, state: int | None = None, ax: Any = None, *, title: str | None = None,
               last_move: int | None = None, numbers: bool = False) -> Any:
    """Draw one tic-tac-toe position; returns the Figure.  ``last_move`` is shaded; ``numbers``:
    each square's number (0 to 8, row by row) in its top left corner, for a text that names squares
    by number."""
    from matplotlib.figure import Figure

    _check_board_game(game)
    check_axes(ax)
    if title is not None:
        _validate.text("title", title, what="a string or None")
    state = game.initial if state is None else state
    shared = ax is not None                  # a figure of several drawings: its words name each
    if ax is None:
        figure = Figure(figsize=(BOARD_INCHES, BOARD_INCHES + 0.3), layout="constrained")
        ax = figure.add_subplot()
    else:
        figure = ax.figure
    if not isinstance(numbers, bool):
        raise ArgumentTypeError(f"numbers: expected True or False, got {type(numbers).__name__}")
    mark_pt = 22 if shared else 34              # a board in a figure of its own is drawn large
    _draw_board_at(ax, game, state, 0.0, 0.0, 3.0, mark_pt, highlight=last_move, numbers=numbers)
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.6, 1.6)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title is None:
        winner = game.winner(state) if hasattr(game, "winner") else None
        over = game.is_terminal(state)
        title = f"{winner} wins" if winner else "draw" if over else f"{game.player(state)} to move"
    room = ax.get_position().width * figure.get_figwidth() * 72 - 8       # points, a margin each side
    ax.set_title(fit_title(title, style.VALUE_PT, room), fontsize=style.VALUE_PT)
    cells = _cells(game, state)
    set_alt(figure, f"Tic-tac-toe board, {title}: "
            + "; ".join(f"{'square ' + str(square) + ', ' if numbers else ''}{describe_square(square, mark)}"
                        for square, mark in enumerate(cells)) + ".", append=shared)
    return figure


def game_tree(game: TicTacToe, state: int | None = None, depth: int = 1, *,
              max_nodes: int = 100) -> tuple[Tree, dict[Path, Any]]:
    """The game tree below ``state`` to ``depth`` moves as an explicit Tree whose leaves carry
    the static values, and a map ``path -> state``: :func:`mmlib.trees.game_tree`, its
    arguments checked here.

    >>> from mmlib import games
    >>> tree, states = game_tree(games.TicTacToe(), depth=1)
    >>> tree.leaf_count, sorted({leaf.value for leaf in tree.leaves()})
    (9, [2, 3, 4])
    """
    depth = _validate.whole("depth", depth, minimum=0)
    _validate.whole("max_nodes", max_nodes, minimum=1)
    return expand_game(as_game(game), state, depth, max_nodes=max_nodes)


def draw_game_tree(game: TicTacToe, state: int | None = None, depth: int = 1, *, max_nodes: int = 100,
                   title: str | None = None) -> Any:
    """Draw the positions ``depth`` moves ahead as small boards, with minimax values backed up
    from the static values at the bottom and the best line in red; returns the Figure.

    Each board after a move is headed by the move, the square's number (:func:`move_label`:
    ``"square 6"``), and has that square shaded.  The drawing is as wide as a notebook column shows
    unshrunk and at most :data:`mmlib.draw.style.MAX_HEIGHT_PX` tall (a projected slide): the
    boards are as large as both allow.
    """
    from matplotlib.figure import Figure

    _check_board_game(game)
    if title is not None:
        _validate.text("title", title, what="a string or None")
    tree, states = game_tree(game, state, depth, max_nodes=max_nodes)
    values = minimax_values(tree)
    places = layout(tree)
    xs = [x * SLOT_GAP for x, _ in places.values()]
    span = max(xs) - min(xs) + BOARD + 0.3                          # data units across the axes
    # inches per data unit: as wide as the column shows unshrunk, as tall as a slide shows
    widest = min(max(1.45 * max(tree.leaf_count, 1) + 0.6, 3.0), style.MAX_FIGURE_INCHES)
    tallest = style.MAX_HEIGHT_PX / style.PX_PER_INCH - TITLE_INCHES - 0.15
    unit = widest / span
    for _ in range(4):                  # the texts keep their size in points: settle the unit with them
        value, move = style.VALUE_PT * 1.3 / 72 / unit, style.TEXT_PT * 1.4 / 72 / unit
        gap = BOARD + value + EDGE + move                                 # from one level to the next
        high = tree.height * gap + BOARD + value + 0.05        # the root's board to the lowest value
        unit = min(widest / span, tallest / high)
    positions = {path: (x * SLOT_GAP, y * gap) for path, (x, y) in places.items()}
    width, height = span * unit, high * unit + TITLE_INCHES
    figure = Figure(figsize=(width, height))
    ax = figure.add_axes((0.0, 0.0, 1.0, 1 - TITLE_INCHES / height))
    mark_font = min(max(unit * 72 / 3 * 0.6, style.TEXT_PT), 24.0)   # X and O fill their squares
    best = set(best_line(tree, values))
    half = BOARD / 2
    for node in tree.nodes():
        x, y = positions[node.path]
        if node.path:                                    # the move, over the board it leads to
            ax.text(x, y + half + 0.02, move_label(node.path[-1]), fontsize=style.TEXT_PT, ha="center",
                    va="bottom", color=style.SOFT_INK)
        for child in node.children:
            cx, cy = positions[child.path]
            on_line = child.path in best
            ax.plot([x, cx], [y - half - value - 0.04, cy + half + move + 0.04],   # clear of the move label
                    color=PV_COLOR if on_line else "#888888", lw=2.2 if on_line else 0.8, zorder=1)
        frame = PV_COLOR if node.path in best else "black"
        last = node.path[-1] if node.path else None
        _draw_board_at(ax, game, states[node.path], x, y, BOARD, mark_font, frame_color=frame, highlight=last)
        ax.text(x, y - half - 0.02, format_value(values[node.path]), fontsize=style.VALUE_PT, ha="center",
                va="top", fontweight="bold", color=style.INK)
    middle = (max(xs) + min(xs)) / 2
    ax.set_xlim(middle - span / 2, middle + span / 2)
    ax.set_ylim(-tree.height * gap - half - value, half + 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(title or f"minimax to depth {depth}: value {format_value(values[()])}",
                 fontsize=style.TITLE_PT)
    set_alt(figure, _game_tree_alt(tree, values, ax.get_title(), sorted(best, key=len)))
    return figure


def _game_tree_alt(tree: Tree, values: dict[Path, Any], title: str, best: list[Path]) -> str:
    """The drawing in words: every move with the value backed up to it, replies in brackets, and
    the best line."""
    def spoken(node: Any) -> str:
        replies = "; ".join(spoken(child) for child in node.children)
        return (f"{move_label(node.path[-1])}: {format_value(values[node.path])}"
                + (f" ({replies})" if replies else ""))

    moves = "; ".join(spoken(child) for child in tree.root.children)
    line = [str(path[-1]) for path in best if path]
    return (f"Game tree of tic-tac-toe boards: {title}. The position is worth {format_value(values[()])}; "
            f"each move with the value backed up to it, the replies in brackets: {moves}. "
            f"The best line (thick): square{'s' if len(line) > 1 else ''} {', '.join(line)}.")


def readable_points(width_inches: float, *, column_px: float = 900, dpi: float = 100,
                    smallest_px: float = 9) -> float:
    """The smallest font size, in points, that stays ``smallest_px`` pixels tall when a figure
    ``width_inches`` wide (rendered at ``dpi``) is shrunk to fit a notebook column ``column_px`` wide.

    >>> round(readable_points(6.0), 2), round(readable_points(18.0), 2)      # not shrunk; shrunk by half
    (6.48, 12.96)
    """
    shrink = min(1.0, column_px / (width_inches * dpi))
    return smallest_px * 72 / dpi / shrink


# -- boards as text and as SVG ---------------------------------------------------------------------

_LINE_NAMES: dict[tuple[int, ...], str] = {(0, 1, 2): "row 1", (3, 4, 5): "row 2", (6, 7, 8): "row 3",
               (0, 3, 6): "column 1", (1, 4, 7): "column 2", (2, 5, 8): "column 3",
               (0, 4, 8): "the diagonal from the top left", (2, 4, 6): "the diagonal from the top right"}


def _cells(game: TicTacToe, state: int | None) -> str:
    _check_board_game(game)
    return str(game.board(game.initial if state is None else state))


def winning_line(game: TicTacToe, state: int | None = None) -> tuple[int, ...]:
    """The three squares of the completed line of ``state`` (empty if nobody has won).

    >>> from mmlib import games
    >>> game = games.TicTacToe()
    >>> winning_line(game, game.state("XXX|OO.|..."))
    (0, 1, 2)
    """
    cells = _cells(game, state)
    for line in _LINE_NAMES:
        if cells[line[0]] != "." and cells[line[0]] == cells[line[1]] == cells[line[2]]:
            return line
    return ()


def line_name(line: tuple[int, ...]) -> str:
    """How a status sentence names a line: ``"row 1"``, ``"column 3"``,
    ``"the diagonal from the top left"``."""
    return _LINE_NAMES[tuple(line)]


def describe_square(square: int, mark: str) -> str:
    """The spoken name of a square, rows and columns counted from 1: ``"row 1, column 3, empty"``.

    >>> describe_square(2, "."), describe_square(4, "O")
    ('row 1, column 3, empty', 'row 2, column 2, O')
    """
    row, column = divmod(square, 3)
    return f"row {row + 1}, column {column + 1}, {'empty' if mark == '.' else mark}"


def board_text(game: TicTacToe, state: int | None = None) -> str:
    """The board as three lines of a monospace grid, ``·`` for an empty square (never read as 0 or O)."""
    cells = _cells(game, state).replace(".", EMPTY_MARK)
    return "\n".join(" ".join(cells[row: row + 3]) for row in (0, 3, 6))


def board_html(game: TicTacToe, state: int | None = None) -> str:
    """The board as a ``<pre>`` block in a monospace font, with an ``aria-label`` that reads it row by row.

    >>> from mmlib import games
    >>> board_html(games.TicTacToe("X........"))[:59]
    '<pre class="mmlib-board" role="img" aria-label="tic-tac-toe'
    """
    cells = _cells(game, state)
    spoken = "; ".join(describe_square(square, mark) for square, mark in enumerate(cells))
    return (f'<pre class="mmlib-board" role="img" aria-label="tic-tac-toe board: {html.escape(spoken)}" '
            f'style="font-family:DejaVu Sans Mono,Menlo,Consolas,monospace;font-size:18px;'
            f'line-height:1.3;font-weight:bold">{html.escape(board_text(game, state))}</pre>')


def _board_title(game: TicTacToe, state: int | None) -> str:
    cells = _cells(game, state)
    line = winning_line(game, state)
    if line:
        situation = f"{cells[line[0]]} has won along {line_name(line)}"
    elif "." not in cells:
        situation = "a draw"
    else:
        situation = f"{game.player(game.initial if state is None else state)} to move"
    rows = " / ".join(" ".join(c if c != "." else "empty" for c in cells[r: r + 3]) for r in (0, 3, 6))
    return f"Tic-tac-toe board, {situation}. Rows: {rows}."


def board_svg(game: TicTacToe, state: int | None = None, *, cell: int = 60, title: str | None = None,
              numbers: bool = False) -> str:
    """The board as SVG text: X a blue cross, O a vermillion ring (colour and shape differ), a
    completed line struck through in black; ``<title>`` and ``aria-label`` describe the position.
    ``numbers``: each square's number (0 to 8, row by row) in its top left corner, for a text
    that names squares by number.

    >>> import xml.etree.ElementTree as ET
    >>> from mmlib import games
    >>> game = games.TicTacToe()
    >>> svg = ET.fromstring(board_svg(game, game.state("XXX|OO.|...")))
    >>> svg.find("{http://www.w3.org/2000/svg}title").text
    'Tic-tac-toe board, X has won along row 1. Rows: X X X / O O empty / empty empty empty.'
    >>> [e.get("class") for e in svg.iter() if e.get("class") == "win-line"]
    ['win-line']
    >>> numbered = ET.fromstring(board_svg(game, cell=80, numbers=True))
    >>> [t.text for t in numbered.iter("{http://www.w3.org/2000/svg}text")]
    ['0', '1', '2', '3', '4', '5', '6', '7', '8']
    """
    cells = _cells(game, state)
    size, pad = 3 * cell, 4
    label = html.escape(clean_text(title or _board_title(game, state)))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 2 * pad}" height="{size + 2 * pad}" '
             f'viewBox="{-pad} {-pad} {size + 2 * pad} {size + 2 * pad}" role="img" aria-label="{label}">',
             f"<title>{label}</title>",
             f'<rect x="0" y="0" width="{size}" height="{size}" fill="white" {GRID}/>']
    for k in (1, 2):
        parts.append(f'<line x1="{k * cell}" y1="0" x2="{k * cell}" y2="{size}" {GRID}/>')
        parts.append(f'<line x1="0" y1="{k * cell}" x2="{size}" y2="{k * cell}" {GRID}/>')
    inset, stroke = cell * 0.22, max(cell * 0.11, 3)
    for square, mark in enumerate(cells):
        row, column = divmod(square, 3)
        x, y = column * cell, row * cell
        if numbers:
            parts.append(f'<text class="square-number" x="{x + 4}" y="{y + 4 + SQUARE_NUMBER_PX * 0.8:.1f}" '
                         f'font-size="{SQUARE_NUMBER_PX:g}" font-family="sans-serif" fill="{style.SOFT_INK}">'
                         f'{square}</text>')
        if mark == "X":
            near, far = inset, cell - inset
            parts.append(f'<g class="mark x" stroke="{X_COLOR}" stroke-width="{stroke:.1f}" '
                         f'stroke-linecap="round"><line x1="{x + near:.1f}" y1="{y + near:.1f}" '
                         f'x2="{x + far:.1f}" y2="{y + far:.1f}"/><line x1="{x + far:.1f}" '
                         f'y1="{y + near:.1f}" x2="{x + near:.1f}" y2="{y + far:.1f}"/></g>')
        elif mark == "O":
            parts.append(f'<circle class="mark o" cx="{x + cell / 2:.1f}" cy="{y + cell / 2:.1f}" '
                         f'r="{cell / 2 - inset:.1f}" fill="none" stroke="{O_COLOR}" '
                         f'stroke-width="{stroke:.1f}"/>')
    line = winning_line(game, state)
    if line:
        (r0, c0), (r1, c1) = divmod(line[0], 3), divmod(line[-1], 3)
        parts.append(f'<line class="win-line" x1="{(c0 + 0.5) * cell:.1f}" y1="{(r0 + 0.5) * cell:.1f}" '
                     f'x2="{(c1 + 0.5) * cell:.1f}" y2="{(r1 + 0.5) * cell:.1f}" stroke="{WIN_LINE_COLOR}" '
                     f'stroke-width="{stroke * 0.8:.1f}" stroke-linecap="round"/>')
    parts.append("</svg>")
    return "".join(parts)
