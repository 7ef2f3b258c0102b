"""Play tic-tac-toe against the computer and see what its search cost.

>>> board = play_tictactoe()
>>> [button.description for button in board.buttons]     # empty squares show their numbers
['0', '1', '2', '3', '4', '5', '6', '7', '8']
>>> board.buttons[4].click()                     # X in the centre; O answers
>>> [button.description for button in board.buttons].count("O")
1
>>> board.last_counts["minimax"] > board.last_counts["alphabeta"]
True
>>> board.buttons[4].name, board.buttons[8].name     # what a screen reader says for each square
('square 4, row 2, column 2, X', 'square 8, row 3, column 3, empty')
>>> print(board.said().splitlines()[0])              # the status line: what was played, whose move
You (X) played square 4 (row 2, column 2).
>>> board.said().splitlines()[-1]
'Your move (X): choose an empty square (Tab to it, then Enter).'
"""

from __future__ import annotations

from typing import Any

from .. import _validate, games, search
from ..draw.boards import O_COLOR, X_COLOR, board_svg, describe_square, line_name, winning_line
from ..draw.tree import format_value
from ..errors import ArgumentError, MmlibError
from ..games.base import rooted_at
from ..trace.algorithms import search_name
from .common import (
    ButtonGrid,
    StaticFallback,
    VBox,
    captioned_still,
    lines_html,
    set_status,
    show_svg,
    status_html,
    status_words,
    svg_figure,
)

__all__ = ["play_tictactoe", "TicTacToeBoard", "WIN_SQUARE_COLOR"]

WIN_SQUARE_COLOR = "#F0E442"
"""Background of the three squares of a completed line (Okabe–Ito yellow); those squares also get a
thick black border, their names end "part of the winning line", the line is drawn on the board
below and named in the status."""
SQUARE_PX = 64
NUMBER_COLOR = "#555555"
"""The number an empty square shows (0-8, as the text and the still number them): dark grey, 6.8:1 on the
square's #f4f4f4, smaller than a mark and not bold, so it never reads as a move."""
SQUARE_CSS = f"""
.mmlib-squares .mmlib-square {{
  height: {SQUARE_PX}px; margin: 0; padding: 0; font: 18px/1 sans-serif; color: {NUMBER_COLOR};
  background: #f4f4f4; border: 1px solid #4d4d4d; border-radius: 4px; cursor: pointer; }}
.mmlib-squares .mmlib-square.x {{ font: bold 30px/1 sans-serif; color: {X_COLOR}; }}
.mmlib-squares .mmlib-square.o {{ font: bold 30px/1 sans-serif; color: {O_COLOR}; }}
.mmlib-squares .mmlib-square.win {{ background: {WIN_SQUARE_COLOR}; border: 3px solid #000; }}
.mmlib-squares .mmlib-square:hover:not(:disabled) {{ background: #ffffff; }}
.mmlib-squares .mmlib-square:disabled {{ opacity: 1; cursor: default; }}
.mmlib-squares .mmlib-square:focus-visible {{ outline: 3px solid #000; outline-offset: 1px; }}
"""
"""A number is small, grey and plain; a mark large, bold and in its colour (X blue, O orange, which
also differ in shape); taken squares cannot be pressed but are drawn at full strength; the square
with the keyboard focus gets a black outline."""


class SquareButtons(ButtonGrid):
    """The nine squares as real buttons (:class:`~mmlib.widgets.common.ButtonGrid`): each shows its
    number or its mark, and is named in full for a screen reader ("square 4, row 2, column 2, empty").

    >>> grid = SquareButtons(print)
    >>> grid.labels[:3], grid.names[4]
    (['0', '1', '2'], 'square 4, row 2, column 2, empty')
    >>> grid._handle_custom_msg({"event": "press", "index": 4}, [])
    4
    """

    _css = SQUARE_CSS

    def __init__(self, on_press: Any):
        super().__init__([str(square) for square in range(9)],
                         [f"square {square}, {describe_square(square, '.')}" for square in range(9)],
                         on_press, columns=3, width=SQUARE_PX, gap=4, grid_class="mmlib-squares",
                         button_class="mmlib-square")


class Square:
    """One square of a :class:`SquareButtons` seen from Python, as its button shows it:
    ``description`` (its number or mark), ``name`` (what a screen reader says), ``kind`` (its CSS
    classes: ``"x"``, ``"o"``, with ``"win"`` on the winning line), ``disabled``; ``click()``
    presses it as the browser does."""

    def __init__(self, grid: SquareButtons, index: int):
        self.grid, self.index = grid, index

    @property
    def description(self) -> str:
        return str(self.grid.labels[self.index])

    @property
    def name(self) -> str:
        return str(self.grid.names[self.index])

    @property
    def kind(self) -> str:
        return str(self.grid.kinds[self.index])

    @property
    def disabled(self) -> bool:
        return bool(self.grid.disabled[self.index])

    def click(self) -> None:
        self.grid.press(self.index)


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


def _where(square: int) -> str:
    row, column = divmod(square, 3)
    return f"row {row + 1}, column {column + 1}"


def _square(square: int) -> str:
    """A square by its number and place: "square 4 (row 2, column 2)"."""
    return f"square {square} ({_where(square)})"


class TicTacToeBoard(StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """``squares`` (the nine buttons, :class:`SquareButtons`: an empty one shows its number, and each
    is named for a screen reader, "square 2, row 1, column 3, empty"), ``buttons`` (each square
    seen from Python, :class:`Square`: ``buttons[4].click()`` plays square 4),
    ``status`` (under the board, a live region a screen reader reads out as it changes: what you
    and the computer played, what its search cost, and whose move it is or who won; :meth:`said`
    gives its text), ``new_game``, ``output`` (the board drawn as SVG, with the winning line), ``state``,
    ``game``, and after each computer move ``last_counts`` (nodes per algorithm) and
    ``last_values`` (move -> value, depth-adjusted scores counting from the position searched)."""

    def __init__(self, depth: int | None, algorithm: str, computer_first: bool, scoring: str):
        widgets = _widgets()
        if algorithm not in ("minimax", "alphabeta"):
            raise ArgumentError(f"algorithm: expected 'minimax' or 'alphabeta', got {algorithm!r}")
        _validate.whole("depth", depth, minimum=0, allow_none=True)
        self.game = games.TicTacToe(scoring=scoring)
        self.depth, self.algorithm, self.computer_first = depth, algorithm, computer_first
        self.squares = SquareButtons(self.human_move)
        self.buttons = [Square(self.squares, square) for square in range(9)]
        self.status = status_html()
        self.message = ""                  # the status line's first part: what was just played
        self.output = svg_figure()
        self.new_game = widgets.Button(description="New game", icon="refresh")
        self.new_game.on_click(lambda _: self.restart())
        self.status.layout = widgets.Layout(margin="6px 0 0 0", max_width="60em")
        self.new_game.layout = widgets.Layout(width="auto", margin="6px 0 0 0", align_self="flex-start")
        super().__init__([self.squares, self.status, self.new_game, self.output])
        self.add_class("mmlib-tictactoe")
        self.restart()

    @property
    def human(self) -> str:
        return "O" if self.computer_first else "X"

    @property
    def computer(self) -> str:
        return "X" if self.computer_first else "O"

    def restart(self) -> None:
        self.state = self.game.initial
        self.last_counts: dict[str, int] = {}
        self.last_values: dict[int, float] = {}
        started = (f"New game. You are {self.human}; the computer ({self.computer}) plays by "
                   f"{search_name(self.algorithm)}.")
        if self.computer_first:
            self.computer_move(started)
        else:
            self.refresh(started)

    def refresh(self, message: str) -> None:
        """Show the position on the buttons and the drawing, and ``message`` with whose move it is."""
        over = self.game.is_terminal(self.state)
        line = set(winning_line(self.game, self.state))
        board = self.game.board(self.state)
        winning = [", part of the winning line" if square in line else "" for square in range(9)]
        self.squares.labels = [str(square) if mark == "." else mark for square, mark in enumerate(board)]
        self.squares.names = [f"square {square}, {describe_square(square, mark)}{winning[square]}"
                              for square, mark in enumerate(board)]
        self.squares.kinds = [" ".join(filter(None, [{"X": "x", "O": "o"}.get(mark, ""),
                                                     "win" if square in line else ""]))
                              for square, mark in enumerate(board)]
        self.squares.disabled = [mark != "." or over for mark in board]
        show_svg(self.output, board_svg(self.game, self.state, cell=40) if over else "")
        self.message = message.strip()
        set_status(self.status, f"{self.message}\n{self.situation()}".strip())

    def situation(self, *, live: bool = True) -> str:
        """Whose move it is, or the result; ``live=False`` words it for the still picture, which has
        no buttons."""
        if not self.game.is_terminal(self.state):
            how = "choose an empty square (Tab to it, then Enter)" if live else \
                "run the cell to play, choosing a square by its number"
            return f"Your move ({self.human}): {how}."
        winner = self.game.winner(self.state)
        if winner is None:
            return "Game over: a draw."
        who = "you win" if winner == self.human else "the computer wins"
        along = line_name(winning_line(self.game, self.state))
        again = "Press New game" if live else "Run the cell"
        return f"Game over: {winner} has three in a row along {along} — {who}. {again} to play again."

    def said(self) -> str:
        """What the status line says, as plain text (one sentence a line)."""
        return status_words(self.status)

    def outcome(self) -> str:
        """The result as a phrase (empty while the game goes on)."""
        return self.situation() if self.game.is_terminal(self.state) else ""

    def human_move(self, square: int) -> None:
        """Play ``square`` for the human, then let the computer answer (never raises)."""
        try:
            if self.game.is_terminal(self.state):
                self.refresh("The game is over: press New game.")
                return
            if self.game.player(self.state) != self.human:
                self.refresh("Wait: it is the computer's turn.")
                return
            self.state = self.game.play(self.state, square)
            played = f"You ({self.human}) played {_square(square)}."
            if self.game.is_terminal(self.state):
                self.refresh(played)
                return
            self.computer_move(played)
        except MmlibError as error:
            set_status(self.status, str(error), error=True)

    def computer_move(self, before: str = "") -> None:
        """Search from the current position, play the best move, report the cost of minimax and
        alpha-beta and the value of every move (depth-adjusted scores count the moves from here).

        Alpha-beta finds the values (the same as minimax's: both are exact); minimax's cost is
        counted position by position (:func:`mmlib.search.minimax_nodes`), so that the first move
        of a game, half a million minimax calls, is answered at once.  The move played is the
        first of the principal variation alpha-beta found."""
        here, depth = rooted_at(self.game, self.state), self.depth
        start = here.initial if here is not self.game else self.state
        result = search.alphabeta(here, depth=depth, state=start)
        counts = {"minimax": search.minimax_nodes(here, state=start, depth=depth),
                  "alphabeta": result.stats.nodes}
        # every move's value: nine full-window searches, at most a few hundred thousand calls in all
        # (tic-tac-toe is finite), so no time budget cuts them short on a slow or busy machine
        values = {move: result.known_value for move, result in
                  search.move_values(here, depth=depth, state=start, algorithm="alphabeta",
                                     max_seconds=None).items()}
        chosen, mover = result.pv[0], self.game.player(self.state)
        self.state = self.game.play(self.state, chosen)
        self.last_counts, self.last_values = counts, values
        listed = ", ".join(f"{m}: {format_value(v)}" for m, v in values.items())
        self.refresh(f"{before}\nThe computer ({mover}) played {_square(chosen)} with "
                     f"{search_name(self.algorithm)}. Nodes searched to choose it: minimax "
                     f"{counts['minimax']:,}, alpha-beta {counts['alphabeta']:,}. Values of its moves, "
                     f"by square: {listed}.")

    # -- the still picture for a notebook shown without its widget models ---------------------------
    def fallback_text(self) -> str:
        return (f"Tic-tac-toe against the computer ({search_name(self.algorithm)}"
                f"{'' if self.depth is None else f' to depth {self.depth}'}, {self.game.scoring} scores)"
                " — run the cell to play.")

    def fallback_html(self) -> str:
        """The board when saved (squares numbered 0 to 8, as the status names them), captioned by
        what the status line said then; its text alternative is the board in words and that caption."""
        svg = board_svg(self.game, self.state, cell=84, numbers=True)
        return captioned_still(svg, lines_html(f"{self.message}\n{self.situation(live=False)}".strip()))


def play_tictactoe(depth: int | None = None, algorithm: str = "alphabeta", *, computer_first: bool = False,
                   scoring: str = "ten") -> TicTacToeBoard:
    """A 3x3 board of buttons to play against the computer (Tab moves between squares, Enter or
    Space plays one).  ``depth`` limits its search (positions at the limit are scored by the
    open-lines evaluator of the slides); after each of its moves the status line gives the
    nodes minimax and alpha-beta needed from that position and the value of each of its moves.
    With ``scoring="depth-adjusted"`` depth counts the moves made from the position searched, as
    in notebook 07: a win on the computer's next move is worth 10 − 1 = 9.
    """
    return TicTacToeBoard(depth, algorithm, computer_first, scoring)
