"""Play Connect Four against alpha-beta in JupyterLab: click a column to drop a disc.

>>> from mmlib.games.connect4 import ConnectFour
>>> board = play_connect4(ConnectFour(5, 4), depth=3)
>>> len(board.columns), board.status.value.startswith("You are X")
(5, True)
>>> board.click(2)                # drop a disc in column 2; the computer answers
>>> board.game.discs(board.state)
2
"""

from __future__ import annotations

import io

from ..errors import ArgumentError, ArgumentTypeError
from ..games.connect4 import CentreFirst, ConnectFour
from ..search import alphabeta
from ..table import TranspositionTable

__all__ = ["play_connect4", "Connect4Board"]


class Connect4Board:
    """The widget and its game; ``.widget`` is what a notebook displays."""

    def __init__(self, game: ConnectFour, depth: int, computer_first: bool):
        import ipywidgets as w

        self.game, self.depth = game, depth
        self.human_is_x = not computer_first
        self.columns = [w.Button(description=str(c), layout=w.Layout(width="44px"),
                                 tooltip=f"drop a disc in column {c}") for c in range(game.columns)]
        for column, button in enumerate(self.columns):
            button.add_class("mmlib-column")
            button.on_click(lambda _, c=column: self.click(c))
        self.new_game = w.Button(description="New game")
        self.new_game.on_click(lambda _: self.reset())
        self.status = w.HTML()
        self.status.add_class("mmlib-status")
        self.figure = w.Output()
        self.figure.add_class("mmlib-figure")
        self.widget = w.VBox([w.HBox(self.columns), self.figure, self.status, self.new_game])
        self.widget.add_class("mmlib-connect4")
        self.reset()

    def _repr_mimebundle_(self, **kwargs):
        """Display the board itself when the object is a cell's value."""
        return self.widget._repr_mimebundle_(**kwargs)

    def reset(self) -> None:
        self.state = self.game.initial
        self.table = TranspositionTable()
        message = f"You are {'X' if self.human_is_x else 'O'}."
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
        message = f"You played column {column}."
        if not game.is_terminal(self.state):
            message += " " + self._computer_moves()
        self._show(message + self._whose_turn())

    def _computer_moves(self) -> str:
        self.table.clear()   # scores depend on the depth left; keep the table to this search
        result = alphabeta(self.game, self.depth, order=CentreFirst(), table=self.table, state=self.state)
        self.state = self.game.play(self.state, result.move)
        return (f"Computer played column {result.move} (alpha-beta to depth {self.depth} with a "
                f"transposition table: {result.stats.nodes:,} nodes, value {result.value}).")

    def _whose_turn(self) -> str:
        game, state = self.game, self.state
        if not game.is_terminal(state):
            return " Your move."
        winner = game.winner(state)
        if winner is None:
            return " Draw: the board is full."
        return " You win!" if (winner == "X") == self.human_is_x else " The computer wins."

    def _show(self, message: str) -> None:
        from ..draw.connect4 import draw_connect4

        self.status.value = message.strip()
        for column, button in enumerate(self.columns):
            button.disabled = self.game.is_terminal(self.state) or column not in self.game.moves(self.state)
        from IPython.display import Image

        picture = io.BytesIO()
        draw_connect4(self.game, self.state).savefig(picture, format="png", dpi=80)
        self.figure.outputs = ()
        self.figure.append_display_data(Image(data=picture.getvalue(), format="png"))


def play_connect4(game: ConnectFour | None = None, *, depth: int = 6,
                  computer_first: bool = False) -> Connect4Board:
    """A Connect Four board to play on; display ``.widget`` (or the returned object) in a notebook.

    The computer answers with depth-limited alpha-beta (centre-first ordering and a
    transposition table) and reports how many nodes it searched.
    """
    game = ConnectFour() if game is None else game
    if not isinstance(game, ConnectFour):
        raise ArgumentTypeError(f"game: expected a ConnectFour, got {type(game).__name__}")
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise ArgumentTypeError(f"depth: expected a whole number, got {depth!r}")
    if not 1 <= depth <= 12:
        raise ArgumentError(f"depth: expected 1..12 (deeper searches take too long here), got {depth}")
    return Connect4Board(game, depth, bool(computer_first))
