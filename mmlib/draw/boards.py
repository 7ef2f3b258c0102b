"""Tic-tac-toe boards, alone or as the nodes of a small game tree.

>>> from mmlib import games
>>> game = games.TicTacToe()
>>> type(draw_board(game, game.state("X.O|.X.|..."))).__name__
'Figure'
>>> figure = draw_game_tree(game, game.state("XOX|OO.|X.."), depth=2)
>>> figure.axes[0].get_title()
'minimax to depth 2: value −10'
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError, ArgumentTypeError
from ..trees import Node, Tree
from .display import set_alt
from .tree import MAX_COLOR, MIN_COLOR, PV_COLOR, format_value, layout

__all__ = ["draw_board", "draw_game_tree", "game_tree"]

LEVEL_GAP = 1.7
"""Vertical distance between the levels of a game-tree drawing, in board widths."""
SLOT_GAP = 1.45
"""Horizontal distance between neighbouring leaves, in board widths (room for the value)."""


def _check_board_game(game: Any) -> None:
    if not hasattr(game, "board") or not callable(game.board):
        raise ArgumentTypeError(
            f"game: expected a game with a 3x3 board (TicTacToe), got {type(game).__name__}")


def _draw_board_at(ax: Any, game: Any, state: Any, x: float, y: float, size: float, fontsize: float,
                   *, frame_color: str = "black", highlight: Any = None) -> None:
    """Draw the board of ``state`` centred at (x, y), ``size`` data units wide."""
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
        if mark != ".":
            ax.text(cx, cy, mark, ha="center", va="center", fontsize=fontsize, fontweight="bold",
                    color=MAX_COLOR if mark == "X" else MIN_COLOR, zorder=5)


def draw_board(game: Any, state: Any = None, ax: Any = None, *, title: str | None = None,
               last_move: int | None = None) -> Any:
    """Draw one tic-tac-toe position; returns the Figure.  ``last_move`` is shaded."""
    from matplotlib.figure import Figure

    _check_board_game(game)
    state = game.initial if state is None else state
    if ax is None:
        figure = Figure(figsize=(2.2, 2.4), layout="constrained")
        ax = figure.add_subplot()
    else:
        figure = ax.figure
    _draw_board_at(ax, game, state, 0.0, 0.0, 3.0, 22, highlight=last_move)
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.6, 1.6)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title is None:
        winner = game.winner(state) if hasattr(game, "winner") else None
        over = game.is_terminal(state)
        title = f"{winner} wins" if winner else "draw" if over else f"{game.player(state)} to move"
    ax.set_title(title, fontsize=10)
    set_alt(figure, f"Tic-tac-toe board, {title}: {describe_board(game, state)}.")
    return figure


def describe_board(game: Any, state: Any) -> str:
    """The marks on a board in words, row by row.

    >>> from mmlib import games
    >>> game = games.TicTacToe()
    >>> describe_board(game, game.state("X.O|.X.|..."))
    'top row X, empty, O; middle row empty, X, empty; bottom row empty, empty, empty'
    """
    cells = ["empty" if mark == "." else mark for mark in game.board(state)]
    return "; ".join(f"{name} row {', '.join(cells[3 * i: 3 * i + 3])}"
                     for i, name in enumerate(("top", "middle", "bottom")))


def game_tree(game: Any, state: Any = None, depth: int = 1, *, max_nodes: int = 100) -> tuple[Tree, dict]:
    """The game tree below ``state`` to ``depth`` moves as an explicit Tree whose leaves carry
    the static values (the utility of finished games, else ``game.evaluate``), and a map
    ``path -> state``.

    >>> from mmlib import games
    >>> tree, states = game_tree(games.TicTacToe(), depth=1)
    >>> tree.leaf_count, sorted({leaf.value for leaf in tree.leaves()})
    (9, [2, 3, 4])
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ArgumentError(f"depth: expected a whole number >= 0, got {depth!r}")
    state = game.initial if state is None else state
    states: dict[tuple, Any] = {(): state}
    frontier = [()]
    for _ in range(depth):
        frontier = [path + (move,) for path in frontier if not game.is_terminal(states[path])
                    for move in game.moves(states[path])]
        for path in frontier:
            states[path] = game.play(states[path[:-1]], path[-1])
        if len(states) > max_nodes:
            raise ArgumentError(f"depth: {depth} moves from here give more than max_nodes={max_nodes} "
                                "positions, too many boards to draw; use a smaller depth or a later position")
    built: dict[tuple, Node] = {}
    for path in sorted(states, key=len, reverse=True):
        here = states[path]
        moves = [m for m in game.moves(here) if path + (m,) in states] if not game.is_terminal(here) else []
        kids = tuple(built.pop(path + (m,)) for m in moves)
        value = None
        if not kids:
            value = game.utility(here) if game.is_terminal(here) else game.evaluate(here)
        built[path] = Node(str(len(built)), value, kids, game.is_max(here), path)
    return Tree(built[()]), states


def draw_game_tree(game: Any, state: Any = None, depth: int = 1, *, max_nodes: int = 100,
                   title: str | None = None) -> Any:
    """Draw the positions ``depth`` moves ahead as small boards, with minimax values backed up
    from the static values at the bottom and the best line in red; returns the Figure.

    Edges are labelled with the square (row, column) of the move, as the slides write them.
    """
    from matplotlib.figure import Figure

    _check_board_game(game)
    tree, states = game_tree(game, state, depth, max_nodes=max_nodes)
    values = _backed_up(tree)
    positions = {path: (x * SLOT_GAP, y * LEVEL_GAP) for path, (x, y) in layout(tree).items()}
    slots = max(tree.leaf_count, 1)
    width = min(max(1.05 * slots + 1, 3.0), 24.0)
    figure = Figure(figsize=(width, 1.5 * (tree.height + 1) + 0.8), layout="constrained")
    ax = figure.add_subplot()
    font = min(max(width * 72 / slots * 0.09, 3.5), 14)
    best = _best_line(tree, values)
    for node in tree.nodes():
        x, y = positions[node.path]
        for child in node.children:
            cx, cy = positions[child.path]
            on_line = child.path in best
            ax.plot([x, cx], [y - 0.5, cy + 0.5], color=PV_COLOR if on_line else "#888888",
                    lw=2.2 if on_line else 0.8, zorder=1)
            row, col = game.square(child.path[-1]) if hasattr(game, "square") else (None, child.path[-1])
            ax.text((x + cx) / 2, (y + cy) / 2, f"[{row},{col}]" if row is not None else str(col),
                    fontsize=font * 0.8, ha="center", va="center", color="#444444",
                    bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"}, zorder=2)
        frame = PV_COLOR if node.path in best else "black"
        last = node.path[-1] if node.path else None
        _draw_board_at(ax, game, states[node.path], x, y, 0.84, font * 1.3, frame_color=frame, highlight=last)
        ax.text(x + 0.48, y, format_value(values[node.path]), fontsize=font * 1.2, ha="left", va="center",
                fontweight="bold", color=MAX_COLOR if node.is_max else MIN_COLOR)
    xs = [x for x, _ in positions.values()]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.9)
    ax.set_ylim(-tree.height * LEVEL_GAP - 0.6, 0.6)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(title or f"minimax to depth {depth}: value {format_value(values[()])}", fontsize=10)
    return figure


def _backed_up(tree: Tree) -> dict[tuple, float]:
    values: dict[tuple, float] = {}
    for node in reversed(tree.nodes()):
        if node.is_leaf():
            values[node.path] = node.value
        else:
            kids = [values[c.path] for c in node.children]
            values[node.path] = max(kids) if node.is_max else min(kids)
    return values


def _best_line(tree: Tree, values: dict) -> set[tuple]:
    line, node = {()}, tree.root
    while node.children:
        node = next(c for c in node.children if values[c.path] == values[node.path])
        line.add(node.path)
    return line
