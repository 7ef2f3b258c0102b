"""Play Connect Four against alpha-beta in JupyterLab: press a column's button to drop a disc.

The buttons and the drawing share one grid: each button is exactly one column of the board wide.
The computer deepens its search one ply at a time and stops at ``depth`` or when the next ply would
go over its budget (``time_budget`` seconds, ``node_budget`` nodes), and says which depth it reached.

>>> from mmlib.games.connect4 import ConnectFour
>>> board = play_connect4(ConnectFour(5, 4), depth=3)
>>> len(board.columns), board.status.value.startswith("You are X")
(5, True)
>>> board.click(2)                # drop a disc in column 2; the computer answers
>>> board.game.discs(board.state)
2
>>> board.columns[0].layout.width == f"{board.cell}px"
True
"""

from __future__ import annotations

import html
import time
from typing import Any

from .. import _validate
from ..draw.connect4 import connect4_svg
from ..errors import ArgumentError, ArgumentTypeError
from ..games.connect4 import CentreFirst, ConnectFour
from ..search import AnytimeStats, alphabeta, anytime
from .common import StaticFallback, VBox, status_html, svg_as_img

__all__ = ["play_connect4", "Connect4Board", "CELL_PX", "TIME_BUDGET", "NODE_BUDGET"]

CELL_PX = 48
"""Width of one column, in pixels, for the buttons and the drawing alike."""
TIME_BUDGET = 1.5
"""Seconds the computer may think per move: no deeper ply is started after this."""
NODE_BUDGET = 150_000
"""Nodes the computer may search per move, over all its plies (about 1.5 s here)."""


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


class Connect4Board(StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """The board (a widget: display it, or its ``.widget``, which is the same object).

    ``columns`` (one button per column, in the grid ``buttons_row``), ``figure`` (the board drawn
    as SVG), ``status``,
    ``new_game``, ``game``, ``state``, ``cell`` (pixels per column), and after each computer move
    ``last_depth`` (the depth its search completed) and ``last_nodes``.
    """

    def __init__(self, game: ConnectFour, depth: int, computer_first: bool, *, cell: int = CELL_PX,
                 time_budget: float = TIME_BUDGET, node_budget: int = NODE_BUDGET):
        w = _widgets()
        self.game, self.depth, self.cell = game, depth, cell
        self.time_budget, self.node_budget = time_budget, node_budget
        self.human_is_x = not computer_first
        self.last_depth = self.last_nodes = 0
        self.over_budget = False
        self.last_move: int | None = None
        width = f"{cell}px"
        self.columns = [w.Button(description=str(c), tooltip=f"drop a disc in column {c}",
                                 layout=w.Layout(width=width, height="36px", margin="0", padding="0"))
                        for c in range(game.columns)]
        for column, button in enumerate(self.columns):
            button.add_class("mmlib-column")
            button.style.font_weight = "bold"
            button.on_click(lambda _, c=column: self.click(c))
        board_width = f"{game.columns * cell}px"
        # the buttons' grid and the drawing start at the same left edge (no margins) and are equally
        # wide, so button c sits exactly over column c
        self.buttons_row = w.GridBox(self.columns, layout=w.Layout(
            grid_template_columns=self.grid_template(), grid_gap="0px", width=board_width, margin="0"))
        self.figure = w.HTML(layout=w.Layout(width=board_width, margin="0", padding="0"))
        self.figure.add_class("mmlib-figure")
        self.status = status_html()
        self.status.layout = w.Layout(margin="6px 0 0 0", max_width="60em")
        self.new_game = w.Button(description="New game", icon="refresh",
                                 layout=w.Layout(width="auto", margin="4px 0 0 0"))
        self.new_game.on_click(lambda _: self.reset())
        super().__init__([self.buttons_row, self.figure, self.status, self.new_game])
        self.add_class("mmlib-connect4")
        self.reset()

    @property
    def widget(self) -> Connect4Board:
        """The widget to display (the board itself; kept for ``board.widget`` in notebooks)."""
        return self

    def grid_template(self) -> str:
        """The CSS grid columns: one per board column, ``cell`` pixels each."""
        return f"repeat({self.game.columns}, {self.cell}px)"

    def reset(self) -> None:
        self.state = self.game.initial
        self.last_move = None
        message = (f"You are {'X' if self.human_is_x else 'O'}. The computer searches alpha-beta up to depth "
                   f"{self.depth}, within {self.time_budget:g} s and {self.node_budget:,} nodes per move.")
        if self.human_is_x != self.game.is_max(self.state):
            message += " " + self._computer_moves()
        self._show(message + self._whose_turn())

    def click(self, column: int) -> None:
        """The human drops a disc in ``column``; the computer answers."""
        game = self.game
        if game.is_terminal(self.state):
            self._show("The game is over: press New game.")
            return
        if column not in game.moves(self.state):
            self._show(f"Column {column} is full; choose another." + self._whose_turn())
            return
        self.state = game.play(self.state, column)
        self.last_move = column
        message = f"You played column {column}."
        if not game.is_terminal(self.state):
            message += " " + self._computer_moves()
        self._show(message + self._whose_turn())

    def think(self) -> tuple[Any, int, int]:
        """Anytime alpha-beta (:func:`mmlib.search.anytime`; centre-first ordering, each ply ordered by
        the last) to depth 1, 2, ... until ``depth``, the end of the game or the budget; returns
        (result of the deepest completed search, its depth, nodes).  Both budgets hold for the
        whole move, so a move never takes much longer than ``time_budget`` seconds, however deep
        ``depth`` is."""
        started = time.perf_counter()
        result = anytime(self.game, max_nodes=self.node_budget, max_seconds=self.time_budget,
                         max_depth=self.depth, order=CentreFirst(), state=self.state)
        stats = result.stats
        assert isinstance(stats, AnytimeStats)        # anytime's counts carry its iterations
        # fewer plies than ``depth`` without a budget spent: the game ends within them
        self.over_budget = stats.abandoned > 0 or time.perf_counter() - started >= self.time_budget
        if result.move is None:        # not even depth 1 fits: search it anyway (a few nodes)
            return alphabeta(self.game, depth=1, state=self.state), 1, stats.nodes
        return result, stats.depth, stats.nodes

    def _computer_moves(self) -> str:
        result, reached, nodes = self.think()
        self.last_depth, self.last_nodes = reached, nodes
        self.state = self.game.play(self.state, result.move)
        self.last_move = result.move
        stopped = "" if reached == self.depth or not self.over_budget else \
            f" (stopped before depth {reached + 1}: over the budget of {self.time_budget:g} s and " \
            f"{self.node_budget:,} nodes per move)"
        return (f"Computer played column {result.move}: alpha-beta to depth {reached}{stopped}, "
                f"{nodes:,} nodes in all, value {result.value}.")

    def _whose_turn(self) -> str:
        game, state = self.game, self.state
        if not game.is_terminal(state):
            return " Your move: press a column's button."
        winner = game.winner(state)
        if winner is None:
            return " Draw: the board is full."
        return " You win!" if (winner == "X") == self.human_is_x else " The computer wins."

    def _show(self, message: str) -> None:
        self.status.value = html.escape(message.strip())
        for column, button in enumerate(self.columns):
            button.disabled = self.game.is_terminal(self.state) or column not in self.game.moves(self.state)
        self.figure.value = connect4_svg(self.game, self.state, cell=self.cell, last_move=self.last_move)

    # -- the still picture for a notebook shown without its widget models ---------------------------
    def fallback_text(self) -> str:
        return (f"Connect Four ({self.game.columns} columns, {self.game.rows} rows) against alpha-beta to "
                f"depth {self.depth} — run the cell to play.")

    def fallback_html(self) -> str:
        """The board as the widget showed it when saved (the last move framed) and, under it, what
        its status line said then (the computer's last answer and whose move it is)."""
        board = svg_as_img(connect4_svg(self.game, self.state, cell=self.cell, last_move=self.last_move),
                           alt="the Connect Four board when the notebook was saved")
        return f"{board}<p>{self.status.value}</p>"                      # (already escaped)


def play_connect4(game: ConnectFour | None = None, *, depth: int = 6, computer_first: bool = False,
                  time_budget: float = TIME_BUDGET, node_budget: int = NODE_BUDGET) -> Connect4Board:
    """A Connect Four board to play on; display the returned object (or its ``.widget``).

    The computer answers with anytime alpha-beta (centre-first ordering, each ply ordered by the last),
    deepened one ply at a time up to ``depth`` while it stays within ``time_budget`` seconds and
    ``node_budget`` nodes per move; the status line says which depth it reached and how many
    nodes it searched.  Tab moves between the column buttons, Enter or Space drops a disc.
    """
    game = ConnectFour() if game is None else game
    if not isinstance(game, ConnectFour):
        raise ArgumentTypeError(f"game: expected a ConnectFour, got {type(game).__name__}")
    depth = _validate.whole("depth", depth)
    if not 1 <= depth <= 12:
        raise ArgumentError(f"depth: expected 1..12 (deeper searches take too long here), got {depth}")
    _validate.real("time_budget", time_budget, what="seconds in (0, 10]")
    if not 0 < time_budget <= 10:
        raise ArgumentError(f"time_budget: expected seconds in (0, 10], got {time_budget!r}")
    node_budget = _validate.whole("node_budget", node_budget, minimum=1)
    return Connect4Board(game, depth, bool(computer_first), time_budget=time_budget, node_budget=node_budget)
