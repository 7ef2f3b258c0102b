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

from ..errors import ArgumentError, ArgumentTypeError, NodeBudgetExceeded
from ..games.connect4 import WIN, CentreFirst, ConnectFour
from ..search import SearchResult, alphabeta
from ..table import TranspositionTable

__all__ = ["play_connect4", "Connect4Board", "CELL_PX", "NODE_BUDGET"]

CELL_PX = 48
"""Width of one column in pixels: the drop buttons and the drawing share it, so they line up."""
NODE_BUDGET = 60_000
"""Nodes the computer may search per move (about a second): it deepens one ply at a time and
plays the best move of the deepest search that finished within the budget."""


class Connect4Board:
    """The widget and its game; ``.widget`` is what a notebook displays."""

    def __init__(self, game: ConnectFour, depth: int, computer_first: bool):
        import ipywidgets as w

        self.game, self.depth = game, depth
        self.human_is_x = not computer_first
        self.last_result: SearchResult | None = None
        cell = f"{CELL_PX}px"
        self.columns = [w.Button(description=str(c), tooltip=f"drop a disc in column {c}",
                                 layout=w.Layout(width=cell, height="32px", margin="0", padding="0"))
                        for c in range(game.columns)]
        for column, button in enumerate(self.columns):
            button.add_class("mmlib-column")
            button.on_click(lambda _, c=column: self.click(c))
        self.grid = w.GridBox(self.columns, layout=w.Layout(
            grid_template_columns=f"repeat({game.columns}, {cell})", grid_gap="0px", width="max-content"))
        self.new_game = w.Button(description="New game")
        self.new_game.on_click(lambda _: self.reset())
        self.status = w.HTML()
        self.status.add_class("mmlib-status")
        self.figure = w.HTML()
        self.figure.add_class("mmlib-figure")
        self.widget = w.VBox([self.grid, self.figure, self.status, self.new_game])
        self.widget.add_class("mmlib-connect4")
        self.reset()

    def __repr__(self) -> str:
        return (f"Connect Four on {self.game.columns} columns by {self.game.rows} rows against alpha-beta "
                f"to depth {self.depth}: run the cell to play.")

    def _repr_mimebundle_(self, **kwargs):
        """Display the board itself when the object is a cell's value."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        return bundle

    def reset(self) -> None:
        self.state = self.game.initial
        self.table = TranspositionTable()
        self.last_move: int | None = None
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
        self.last_move = column
        message = f"You played column {column}."
        if not game.is_terminal(self.state):
            message += " " + self._computer_moves()
        self._show(message + self._whose_turn())

    def _computer_moves(self) -> str:
        result, reached = self._deepest_search_within_budget()
        self.last_result = result
        self.state = self.game.play(self.state, result.move)
        self.last_move = result.move
        limit = "" if reached == self.depth else f" (depth {self.depth} did not fit in {NODE_BUDGET:,} nodes)"
        return (f"Computer played column {result.move}: alpha-beta to depth {reached}{limit}, "
                f"{result.stats.nodes:,} nodes in its last search, value {result.value}.")

    def _deepest_search_within_budget(self) -> tuple[SearchResult, int]:
        """Iterative deepening under one node budget: the best move of the deepest finished search."""
        best, reached, spent = None, 0, 0
        for depth in range(1, self.depth + 1):
            self.table.clear()   # scores depend on the depth left; keep the table to one search
            try:
                result = alphabeta(self.game, depth, order=CentreFirst(), table=self.table, state=self.state,
                                   max_nodes=NODE_BUDGET - spent)
            except NodeBudgetExceeded:
                break
            best, reached, spent = result, depth, spent + result.stats.nodes
            if abs(result.value) >= WIN:      # a forced win or loss: deeper search changes nothing
                break
        assert best is not None   # depth 1 needs at most columns + 1 nodes
        return best, reached

    def _whose_turn(self) -> str:
        game, state = self.game, self.state
        if not game.is_terminal(state):
            return " Your move."
        winner = game.winner(state)
        if winner is None:
            return " Draw: the board is full."
        who = " You win" if (winner == "X") == self.human_is_x else " The computer wins"
        return f"{who}: {winner} has four in a line (ringed in black)."

    def picture_svg(self) -> str:
        """The board as SVG, as the widget shows it."""
        from ..draw.connect4 import connect4_svg

        return connect4_svg(self.game, self.state, cell=CELL_PX, last_move=self.last_move)

    def _show(self, message: str) -> None:
        from .common import set_status

        set_status(self.status, message.strip())
        for column, button in enumerate(self.columns):
            button.disabled = self.game.is_terminal(self.state) or column not in self.game.moves(self.state)
        self.figure.value = self.picture_svg()


def play_connect4(game: ConnectFour | None = None, *, depth: int = 6,
                  computer_first: bool = False) -> Connect4Board:
    """A Connect Four board to play on; display ``.widget`` (or the returned object) in a notebook.

    The computer answers with alpha-beta (centre-first ordering and a transposition table),
    deepening one ply at a time up to ``depth`` within a budget of ``NODE_BUDGET`` nodes,
    and reports how deep it got and how many nodes it searched.
    """
    game = ConnectFour() if game is None else game
    if not isinstance(game, ConnectFour):
        raise ArgumentTypeError(f"game: expected a ConnectFour, got {type(game).__name__}")
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise ArgumentTypeError(f"depth: expected a whole number, got {depth!r}")
    if not 1 <= depth <= 12:
        raise ArgumentError(f"depth: expected 1..12 (deeper searches take too long here), got {depth}")
    return Connect4Board(game, depth, bool(computer_first))
