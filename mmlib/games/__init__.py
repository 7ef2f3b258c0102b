"""Games that every mmlib search runs on: the Game protocol and its implementations.

>>> from mmlib import games, search
>>> search.alphabeta(games.TicTacToe()).value
0
"""

from .base import AnyGame, Game, Move, State
from .connect4 import CentreFirst, ConnectFour
from .ghosts import Ghosts
from .pig import Pig
from .tictactoe import TicTacToe

__all__ = ["Game", "AnyGame", "State", "Move", "TicTacToe", "ConnectFour", "CentreFirst", "Pig", "Ghosts",
           "Chess"]


def __getattr__(name: str) -> object:
    """``games.Chess`` is imported when first asked for: it needs python-chess (``mmlib[chess]``)."""
    if name == "Chess":
        from .chess import Chess
        return Chess
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
