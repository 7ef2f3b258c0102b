"""Play Connect Four against alpha-beta in JupyterLab: press a column's button to drop a disc.

The buttons and the drawing share one grid: each button is exactly one column of the board wide,
numbered as the text numbers the columns (0 on the left), and named for a screen reader by what it
does ("drop in column 3"); Tab reaches each, Enter or Space presses it.  The status line under the
board (a live region, read out as it changes) says what you and the computer just played, what
the computer's search cost, and whose move it is or who won; the still picture a saved notebook
shows carries the same words.  The computer deepens its search one ply at a time and stops at
``depth`` or when the next ply would go over its budget (``time_budget`` seconds, ``node_budget``
nodes), and says which depth it reached.

>>> from mmlib.games.connect4 import ConnectFour
>>> board = play_connect4(ConnectFour(5, 4), depth=3)
>>> board.buttons_row.names[2]
'drop in column 2'
>>> board.said().splitlines()[-1]                      # the status line: whose move it is
"Your move (X): press a column's button (Tab to it, then Enter) to drop a disc."
>>> board.buttons_row.press(2)    # drop a disc in column 2, as its button does; the computer answers
>>> board.game.discs(board.state), board.said().splitlines()[0]
(2, 'You (X) played column 2.')
>>> board.buttons_row.width == board.cell
True
"""

from __future__ import annotations

import time
from typing import Any

from .. import _validate
from ..draw.connect4 import connect4_svg
from ..errors import ArgumentError, ArgumentTypeError, MmlibError
from ..games.connect4 import CentreFirst, ConnectFour
from ..search import AnytimeStats, alphabeta, anytime
from .common import (
    ButtonGrid,
    StaticFallback,
    VBox,
    captioned_still,
    lines_html,
    set_status,
    status_html,
    status_words,
)

__all__ = ["play_connect4", "Connect4Board", "ColumnButtons", "CELL_PX", "TIME_BUDGET", "NODE_BUDGET"]

CELL_PX = 48
"""Width of one column, in pixels, for the buttons and the drawing alike."""
TIME_BUDGET = 1.5
"""Seconds the computer may think per move: no deeper ply is started after this."""
NODE_BUDGET = 150_000
"""Nodes the computer may search per move, over all its plies (about 1.5 s here)."""


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


_COLUMNS_CSS = """
.mmlib-columns-row { display: grid; gap: 0; margin: 0 0 4px 0; }
.mmlib-columns-row .mmlib-column {
  margin: 0 3px; padding: 0; height: 40px; font: bold 18px/1 sans-serif; color: #000;
  background: linear-gradient(#ffffff, #d9d9d9); border: 1px solid #4d4d4d; border-radius: 6px;
  box-shadow: 0 2px 0 #7a7a7a; cursor: pointer; }
.mmlib-columns-row .mmlib-column::after { content: "▼"; display: block; font-size: 11px; margin-top: 2px; }
.mmlib-columns-row .mmlib-column:hover:not(:disabled) { background: #ffffff; }
.mmlib-columns-row .mmlib-column:active:not(:disabled) { box-shadow: none; transform: translateY(2px); }
.mmlib-columns-row .mmlib-column:focus-visible { outline: 3px solid #000; outline-offset: 1px; }
.mmlib-columns-row .mmlib-column:disabled { color: #595959; background: #eeeeee; box-shadow: none;
  border-style: dashed; cursor: default; }
"""


class ColumnButtons(ButtonGrid):
    """A row of ``count`` numbered buttons (a :class:`~mmlib.widgets.common.ButtonGrid`), ``cell``
    pixels each, named "drop in column N" for a screen reader; a button of ``disabled`` is greyed,
    dashed and cannot be pressed.  ``on_press(column)`` runs when one is pressed (a click, or
    Enter or Space on the focused button).

    >>> pressed = []
    >>> row = ColumnButtons(3, 40, pressed.append)
    >>> row.labels, row.names
    (['0', '1', '2'], ['drop in column 0', 'drop in column 1', 'drop in column 2'])
    >>> row._handle_custom_msg({"event": "press", "index": 1}, [])    # what the browser sends
    >>> row.disabled = [False, True, False]
    >>> row.press(1); row.press(7); row.press("2")                   # refused: not to be pressed
    >>> pressed
    [1]
    """

    _css = _COLUMNS_CSS

    def __init__(self, count: int, cell: int, on_press: Any):
        super().__init__([str(c) for c in range(count)], [f"drop in column {c}" for c in range(count)],
                         on_press, columns=count, width=cell, grid_class="mmlib-columns-row",
                         button_class="mmlib-column")
        self.add_class("mmlib-columns")


class Connect4Board(StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """The board (a widget: display it, or its ``.widget``, which is the same object).

    ``buttons_row`` (the numbered column buttons, :class:`ColumnButtons`), ``figure`` (the board
    drawn as SVG), ``status`` (what was played, and whose move it is or who won: :meth:`said`),
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
        # the buttons' grid and the drawing start at the same left edge (no margins) and are equally
        # wide, so button c sits exactly over column c
        self.buttons_row = ColumnButtons(game.columns, cell, self.click)
        board_width = f"{game.columns * cell}px"
        self.figure = w.HTML(layout=w.Layout(width=board_width, margin="0", padding="0"))
        self.figure.add_class("mmlib-figure")
        self.status = status_html()
        self.message = ""                  # the status line's first part: what was just played
        self.status.layout = w.Layout(margin="6px 0 0 0", max_width="60em")
        self.new_game = w.Button(description="New game", icon="refresh", tooltip="start a new game",
                                 layout=w.Layout(width="auto", margin="6px 0 0 0", align_self="flex-start"))
        self.new_game.on_click(lambda _: self.reset())
        super().__init__([self.buttons_row, self.figure, self.status, self.new_game])
        self.add_class("mmlib-connect4")
        self.reset()

    @property
    def widget(self) -> Connect4Board:
        """The widget to display (the board itself; kept for ``board.widget`` in notebooks)."""
        return self

    @property
    def human(self) -> str:
        return "X" if self.human_is_x else "O"

    @property
    def computer(self) -> str:
        return "O" if self.human_is_x else "X"

    def reset(self) -> None:
        self.state = self.game.initial
        self.last_move = None
        message = (f"New game. You are {self.human}; the computer ({self.computer}) searches alpha-beta "
                   f"up to depth {self.depth}, within {self.time_budget:g} s and {self.node_budget:,} nodes "
                   "per move.")
        if self.human_is_x != self.game.is_max(self.state):
            message += "\n" + self._computer_moves()
        self._show(message)

    def click(self, column: int) -> None:
        """The human drops a disc in ``column``; the computer answers (never raises)."""
        try:
            self._play(column)
        except MmlibError as error:
            set_status(self.status, str(error), error=True)

    def _play(self, column: int) -> None:
        game = self.game
        if game.is_terminal(self.state):
            self._show("The game is over: press New game.")
            return
        if column not in game.moves(self.state):
            self._show(f"Column {column} is full; choose another.")
            return
        self.state = game.play(self.state, column)
        self.last_move = column
        message = f"You ({self.human}) played column {column}."
        if not game.is_terminal(self.state):
            message += "\n" + self._computer_moves()
        self._show(message)

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
        return (f"The computer ({self.computer}) played column {result.move} (framed): alpha-beta, deepened "
                f"to depth {reached}{stopped}, {nodes:,} nodes over all its iterations, "
                f"value {result.value}.")

    def situation(self, *, live: bool = True) -> str:
        """Whose move it is, or the result; ``live=False`` words it for the still picture, which has
        no buttons."""
        game, state = self.game, self.state
        if not game.is_terminal(state):
            how = "press a column's button (Tab to it, then Enter) to drop a disc" if live else \
                "run the cell to play, dropping a disc in a numbered column"
            return f"Your move ({self.human}): {how}."
        winner = game.winner(state)
        if winner is None:
            return "Game over: the board is full, a draw."
        who = "you win" if winner == self.human else "the computer wins"
        again = "Press New game" if live else "Run the cell"
        return f"Game over: {winner} has connected {game.connect} — {who}. {again} to play again."

    def said(self) -> str:
        """What the status line says, as plain text (one sentence a line)."""
        return status_words(self.status)

    def _show(self, message: str) -> None:
        self.message = message.strip()
        set_status(self.status, f"{self.message}\n{self.situation()}")
        over = self.game.is_terminal(self.state)
        moves = self.game.moves(self.state)
        self.buttons_row.disabled = [over or column not in moves for column in range(self.game.columns)]
        self.figure.value = connect4_svg(self.game, self.state, cell=self.cell, last_move=self.last_move)

    # -- the still picture for a notebook shown without its widget models ---------------------------
    def fallback_text(self) -> str:
        return (f"Connect Four ({self.game.columns} columns, {self.game.rows} rows) against alpha-beta to "
                f"depth {self.depth} — run the cell to play.")

    def fallback_html(self) -> str:
        """The board as the widget showed it when saved (the last move framed, each column numbered
        where the live board has its buttons) and, as its caption, what its status line said then
        (what was played, and whose move it is or who won): the picture's text alternative is the
        board in words and that caption."""
        svg = connect4_svg(self.game, self.state, cell=self.cell, last_move=self.last_move, numbers=True)
        return captioned_still(svg, lines_html(f"{self.message}\n{self.situation(live=False)}"))


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
