"""Play tic-tac-toe against the computer and see what its search cost.

Scores are those of notebook 06: +10 / -10 / 0, or with ``scoring="depth-adjusted"``
WIN - depth and LOSS + depth, where depth counts the moves from the position the
computer is looking at (so a win on its very next move is worth 10 - 1 = 9).

>>> board = play_tictactoe()
>>> board.buttons[4].click()                     # X in the centre; O answers
>>> [button.description for button in board.buttons].count("O")
1
>>> board.last_counts["minimax"] > board.last_counts["alphabeta"]
True
"""

from __future__ import annotations

from .. import games, search
from ..draw.tree import format_value
from ..errors import MmlibError
from ..games.tictactoe import LINES
from .common import set_status, status_html

MARK_STYLE = {
    "X": {"text_color": "#0072B2", "button_color": "#FFFFFF"},   # Okabe-Ito blue
    "O": {"text_color": "#D55E00", "button_color": "#FFFFFF"},   # Okabe-Ito vermillion
    " ": {"text_color": "#000000", "button_color": "#F4F4F4"},
}
"""X and O differ in shape (the letters) and in colour; both are bold and large."""
WINNING_SQUARE = "#F0E442"
"""Background of the three squares of a completed line (the status line names the line too)."""
LINE_NAMES = ("top row", "middle row", "bottom row", "left column", "middle column", "right column",
              "diagonal from top left", "diagonal from top right")

__all__ = ["play_tictactoe", "TicTacToeBoard"]


def _widgets():
    import ipywidgets
    return ipywidgets


class TicTacToeBoard(_widgets().VBox):
    """``buttons`` (squares 0..8), ``status``, ``new_game``, ``state``, ``game``, and after each
    computer move ``last_counts`` (nodes per algorithm) and ``last_values`` (move -> value)."""

    def __repr__(self) -> str:
        scores = {"ten": "+10 / -10 / 0", "win-loss": "+1 / -1 / 0", "depth-adjusted": "depth-adjusted"}
        scoring = scores[self.game.scoring]
        return f"Tic-tac-toe against {self.algorithm} ({scoring} scores): run the cell to play."

    def __init__(self, depth: int | None, algorithm: str, computer_first: bool, scoring: str):
        widgets = _widgets()
        if algorithm not in ("minimax", "alphabeta"):
            from ..errors import ArgumentError
            raise ArgumentError(f"algorithm: expected 'minimax' or 'alphabeta', got {algorithm!r}")
        if depth is not None:
            search._check_depth(depth)
        self.game = games.TicTacToe(scoring=scoring)
        self.depth, self.algorithm, self.computer_first = depth, algorithm, computer_first
        self.buttons = [widgets.Button(description=" ", layout=widgets.Layout(width="64px", height="64px"))
                        for _ in range(9)]
        for button in self.buttons:
            button.style.font_weight = "bold"
            button.style.font_size = "32px"
        for square, button in enumerate(self.buttons):
            button.add_class("mmlib-square")
            button.on_click(lambda _, square=square: self.human_move(square))
        self.status = status_html()
        self.new_game = widgets.Button(description="New game", icon="refresh")
        self.new_game.on_click(lambda _: self.restart())
        grid = widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns="repeat(3, 64px)", grid_gap="3px"))
        super().__init__([grid, self.new_game, self.status])
        self.add_class("mmlib-tictactoe")
        self.restart()

    @property
    def human(self) -> str:
        return "O" if self.computer_first else "X"

    def restart(self) -> None:
        self.state = self.game.initial
        self.last_counts: dict[str, int] = {}
        self.last_values: dict[int, float] = {}
        if self.computer_first:
            self.computer_move()
        else:
            self.refresh(f"You are {self.human}: click a square.")

    def refresh(self, message: str) -> None:
        line = self.winning_line()
        over = self.game.is_terminal(self.state)
        for square, mark in enumerate(self.game.board(self.state)):
            button, shown = self.buttons[square], " " if mark == "." else mark
            row, column = self.game.square(square)
            button.description = shown
            button.disabled = mark != "." or over
            button.style.text_color = MARK_STYLE[shown]["text_color"]
            background = WINNING_SQUARE if square in line else MARK_STYLE[shown]["button_color"]
            button.style.button_color = background
            button.tooltip = f"row {row + 1}, column {column + 1}: " + ("empty" if shown == " " else shown)
        set_status(self.status, message + self.outcome())

    def winning_line(self) -> tuple[int, ...]:
        """The three squares of the completed line, or () while nobody has won."""
        board = self.game.board(self.state)
        return next((line for line in LINES if board[line[0]] != "." and
                     board[line[0]] == board[line[1]] == board[line[2]]), ())

    def outcome(self) -> str:
        if not self.game.is_terminal(self.state):
            return ""
        winner = self.game.winner(self.state)
        if winner is None:
            return " Game over: a draw."
        where = LINE_NAMES[LINES.index(self.winning_line())]
        who = "you win" if winner == self.human else "the computer wins"
        return f" Game over: {who}, {winner} along the {where}."

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
            if self.game.is_terminal(self.state):
                self.refresh(f"You played {list(self.game.square(square))}.")
                return
            self.computer_move()
        except MmlibError as error:
            set_status(self.status, str(error), error=True)

    def position_game(self) -> games.TicTacToe:
        """The game as seen from the current position: depth-adjusted scores count the
        moves from here, as in notebook 06 (a win on the computer's next move scores 9)."""
        return games.TicTacToe(self.game.board(self.state), scoring=self.game.scoring)

    def computer_move(self) -> None:
        """Search, play the best move, and report the cost of minimax and alpha-beta."""
        state, depth, here = self.state, self.depth, self.position_game()
        results = {name: getattr(search, name)(here, depth) for name in ("minimax", "alphabeta")}
        counts = {name: result.stats.nodes for name, result in results.items()}
        values = {move: result.value for move, result in
                  search.move_values(here, depth, algorithm=self.algorithm).items()}
        chosen = results[self.algorithm].move
        self.state = self.game.play(state, chosen)
        self.last_counts, self.last_values = counts, values
        listed = ", ".join(f"{list(self.game.square(m))}: {format_value(v)}" for m, v in values.items())
        self.refresh(f"Computer played {list(self.game.square(chosen))} with {self.algorithm}. "
                     f"Nodes searched: minimax {counts['minimax']:,}, alpha-beta {counts['alphabeta']:,}. "
                     f"Values of its moves: {listed}.")


def play_tictactoe(depth: int | None = None, algorithm: str = "alphabeta", *, computer_first: bool = False,
                   scoring: str = "ten") -> TicTacToeBoard:
    """A 3x3 board of buttons to play against the computer.  ``depth`` limits its search
    (positions at the limit are scored by the open-lines evaluator of the slides);
    after each of its moves the status line gives the nodes minimax and alpha-beta
    needed from that position and the value of each of its moves."""
    return TicTacToeBoard(depth, algorithm, computer_first, scoring)
