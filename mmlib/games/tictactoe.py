"""Tic-tac-toe with the scorings and the evaluator of the lecture slides.

A state is one integer: bits 0-8 hold X's marks, bits 9-17 O's marks; squares are
numbered 0-8 row by row.  X moves first and is MAX.

>>> game = TicTacToe()
>>> print(game.render(game.play(game.initial, 4)))
. . .
. X .
. . .
>>> game.evaluate(game.play(game.initial, 4))   # open-lines: 8 for X - 4 for O
4
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

from ..errors import ArgumentError, ArgumentTypeError, GameError, IllegalMoveError, printable

__all__ = ["TicTacToe", "LINES", "SCORINGS"]

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)
_LINE_MASKS = tuple(sum(1 << square for square in line) for line in LINES)
_FULL = 0x1FF
_WINS = tuple(any(mask & line == line for line in _LINE_MASKS) for mask in range(512))
_POPCOUNT = tuple(bin(mask).count("1") for mask in range(512))
_EMPTY_SQUARES = tuple(
    tuple(square for square in range(9) if not occupied >> square & 1) for occupied in range(512)
)
_OPEN_LINES = tuple(sum(1 for line in _LINE_MASKS if not line & mask) for mask in range(512))

SCORINGS = ("win-loss", "ten", "depth-adjusted")
"""``win-loss``: +1 / -1 / 0.  ``ten``: +10 / -10 / 0 (the lecture slides).  ``depth-adjusted``:
10 - depth for an X win, -10 + depth for an O win, 0 for a draw, where depth counts the
moves made since the game's initial position (prefers the faster win)."""


class TicTacToe:
    """Tic-tac-toe, optionally from a given board, with a choice of scoring.

    ``board`` is nine characters ``X``, ``O`` or ``.`` (row by row; spaces, ``|`` and
    newlines are ignored).  The static evaluation is the open-lines heuristic
    E(n) = M(n) - O(n): lines still open to X minus lines still open to O.
    """

    def __init__(self, board: str | None = None, *, scoring: str = "ten"):
        if not isinstance(scoring, str) or scoring not in SCORINGS:
            raise ArgumentError(f"scoring: expected one of {', '.join(SCORINGS)}, "
                                f"got {printable(scoring)}")
        self.scoring = scoring
        self.initial = 0 if board is None else _parse_board(board)
        self._win = {"win-loss": 1, "ten": 10, "depth-adjusted": 10}[scoring]
        self._depth_counts = scoring == "depth-adjusted"
        self._start_marks = self.marks(self.initial)

    # -- the Game protocol -------------------------------------------------------
    # Each method first looks up the facts of the positions met so far (5,478 can be reached
    # from the empty board: see _learn), and works them out from the bits only for a new one.
    def is_max(self, state: int) -> bool:
        try:
            return _X_TO_MOVE[state]
        except (KeyError, TypeError):
            pass
        try:
            return _POPCOUNT[state & _FULL] == _POPCOUNT[state >> 9]
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def moves(self, state: int) -> tuple[int, ...]:
        try:
            return _MOVES[state]
        except KeyError:
            return _MOVES[_learn(state)]
        except TypeError as error:
            raise _bad_state(state) from error

    def play(self, state: int, move: int) -> int:
        if move.__class__ is int and state.__class__ is int:     # (0.0 would find 0's children)
            try:
                return _CHILDREN[state][move]
            except (KeyError, TypeError):
                pass
        return self._checked_play(state, move)

    def _checked_play(self, state: int, move: int) -> int:
        """``play`` for a move it has not seen yet: check everything, then play it.  A state
        or move given as another kind of whole number (numpy's, an int subclass) is taken
        as the plain int it equals, as every whole-number argument of mmlib is."""
        try:
            if state.__class__ is not int:
                state = _checked(state)
            if state < 0 or not _LEGAL[state]:       # _checked, inline on the search's path
                raise _bad_state(state)
            if move.__class__ is not int:
                move = _square(move)
            if not 0 <= move < 9 or (state | state >> 9) >> move & 1 or self.is_terminal(state):
                raise IllegalMoveError(f"move: square {move!r} is not a legal move here")
            if _POPCOUNT[state & _FULL] == _POPCOUNT[state >> 9]:
                return state | 1 << move
            return state | 1 << (move + 9)
        except GameError:                        # refused on purpose: as it is
            raise
        except _ARRAY_STATE_ERRORS as error:     # e.g. ``state < 0`` of a numpy array
            raise _bad_state(state) from error

    def is_terminal(self, state: int) -> bool:
        try:
            return _OVER[state]
        except KeyError:
            return _OVER[_learn(state)]
        except TypeError as error:
            raise _bad_state(state) from error

    def utility(self, state: int) -> float:
        try:
            outcome = _OUTCOME[state]
        except (KeyError, TypeError):
            return self._worked_out_utility(state)
        return outcome * (self._win - self._depth(state)) if self._depth_counts else outcome * self._win

    def _worked_out_utility(self, state: int) -> float:
        """``utility`` of a position not met yet: check it, then score it from its bits."""
        try:
            if state < 0 or not _LEGAL[state]:       # _checked, inline on the search's path
                raise _bad_state(state)
            if _WINS[state & _FULL]:
                return self._win - self._depth(state) if self._depth_counts else self._win
            if _WINS[state >> 9]:
                return -self._win + self._depth(state) if self._depth_counts else -self._win
            if (state | state >> 9) & _FULL == _FULL:
                return 0
            raise GameError("state: utility asked of a game that is not over")
        except GameError:                        # refused on purpose: as it is
            raise
        except _ARRAY_STATE_ERRORS as error:     # e.g. ``state < 0`` of a numpy array
            raise _bad_state(state) from error

    def evaluate(self, state: int) -> float:
        try:
            if state < 0 or not _LEGAL[state]:       # _checked, inline on the search's path
                raise _bad_state(state)
            if self.is_terminal(state):
                return self.utility(state)
            return _OPEN_LINES[state >> 9] - _OPEN_LINES[state & _FULL]
        except GameError:                        # refused on purpose: as it is
            raise
        except _ARRAY_STATE_ERRORS as error:     # e.g. ``state < 0`` of a numpy array
            raise _bad_state(state) from error

    def key(self, state: int) -> int:
        return state

    # -- for people ----------------------------------------------------------------
    def player(self, state: int) -> str:
        """``"X"`` or ``"O"``: who is to move."""
        try:
            state = _checked(state)
            return "X" if self.is_max(state) else "O"
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def winner(self, state: int) -> str | None:
        """``"X"``, ``"O"`` or None."""
        try:
            state = _checked(state)
            return "X" if _WINS[state & _FULL] else "O" if _WINS[state >> 9] else None
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def marks(self, state: int) -> int:
        """How many marks are on the board."""
        try:
            state = _checked(state)
            return _POPCOUNT[state & _FULL] + _POPCOUNT[state >> 9]
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def board(self, state: int) -> str:
        """Nine characters, row by row: ``X``, ``O`` or ``.``."""
        try:
            state = _checked(state)
            return "".join(
                "X" if state >> i & 1 else "O" if state >> (i + 9) & 1 else "." for i in range(9)
            )
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def render(self, state: int) -> str:
        """The board as three lines of text."""
        try:
            cells = self.board(state)
            return "\n".join(" ".join(cells[row * 3: row * 3 + 3]) for row in range(3))
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def state(self, board: str) -> int:
        """The state for a board string (see the class docstring)."""
        return _parse_board(board)

    @staticmethod
    def square(move: int) -> tuple[int, int]:
        """``(row, column)`` of a square number, as the slides write moves.

        >>> TicTacToe.square(5)
        (1, 2)
        """
        if type(move) is not int and (isinstance(move, bool) or not isinstance(move, numbers.Integral)):
            raise ArgumentTypeError(f"move: expected a square number 0..8, got {printable(move)}")
        if not 0 <= move <= 8:
            raise ArgumentError(f"move: expected a square number 0..8, got {printable(move)}")
        return divmod(int(move), 3)

    def _depth(self, state: int) -> int:
        return self.marks(state) - self._start_marks if self.scoring == "depth-adjusted" else 0

    def __repr__(self) -> str:
        board = "" if self.initial == 0 else f"{self.board(self.initial)!r}, "
        return f"TicTacToe({board}scoring={self.scoring!r})"


_STATE_ERRORS = (TypeError, IndexError, AttributeError, KeyError, OverflowError)
_ARRAY_STATE_ERRORS = (*_STATE_ERRORS, ValueError)
"""What comparing or indexing a state that is not an int may raise (an array's truth value is a
ValueError); raised by the methods that compare the state with 0 before looking it up."""


# What the search asks of the positions met so far, worked out once by _learn, one table per
# question (one lookup each): is the game over, is X (MAX) to move, the legal moves (none once it
# is over), the position after each legal move.
_OVER: dict[int, bool] = {}
_X_TO_MOVE: dict[int, bool] = {}
_MOVES: dict[int, tuple[int, ...]] = {}
_CHILDREN: dict[int, dict[int, int]] = {}
_OUTCOME: dict[int, int] = {}
"""Finished positions: 1 X has won, -1 O has won, 0 a draw."""


def _learn(state: int) -> int:
    """Work out the facts of ``state`` from its bits and remember them; the state is returned
    (a bad state raises)."""
    try:
        if state.__class__ is not int or not 0 <= state < 1 << 18 or not _LEGAL[state]:
            raise TypeError                      # only positions play can reach are remembered
        x, o = state & _FULL, state >> 9
        over = _WINS[x] or _WINS[o] or (x | o) == _FULL
    except _STATE_ERRORS as error:
        raise _bad_state(state) from error
    moves = () if over else _EMPTY_SQUARES[x | o]
    mark = 0 if _POPCOUNT[x] == _POPCOUNT[o] else 9
    _OVER[state], _X_TO_MOVE[state] = bool(over), mark == 0
    _MOVES[state] = moves
    _CHILDREN[state] = {square: state | 1 << (square + mark) for square in moves}
    if over:
        _OUTCOME[state] = 1 if _WINS[x] else -1 if _WINS[o] else 0
    return state


def _bad_state(state: object) -> GameError:
    return GameError(f"state: {printable(state)} is not a tic-tac-toe position (an integer: "
                     "bits 0-8 X's marks, bits 9-17 O's marks, as play can reach them; see TicTacToe.state)")


def _square(move: object) -> int:
    """A move given as another kind of whole number (numpy's, for instance) as an int."""
    if isinstance(move, bool) or not isinstance(move, numbers.Integral):
        raise IllegalMoveError(f"move: square {printable(move)} is not a legal move here")
    return int(move)


def _parse_board(board: str) -> int:
    if not isinstance(board, str):
        raise ArgumentTypeError(f"board: expected a string, got {type(board).__name__}")
    cells = [ch for ch in board.upper() if not ch.isspace() and ch != "|"]
    cells = ["." if ch in "-_" else ch for ch in cells]
    if len(cells) != 9 or any(ch not in "XO." for ch in cells):
        raise ArgumentError(
            f"board: expected nine cells of X, O or '.', got {board!r}"
        )
    x = sum(1 << i for i, ch in enumerate(cells) if ch == "X")
    o = sum(1 << i for i, ch in enumerate(cells) if ch == "O")
    problem = _position_problem(x, o)
    if problem:
        raise ArgumentError(f"board: {problem} ({board!r})")
    return x | o << 9


def _position_problem(x: int, o: int) -> str | None:
    """Why X's marks ``x`` and O's marks ``o`` (nine-bit masks) are not a position of a game, or None."""
    if x & o:
        return "a square holds both an X and an O"
    if not 0 <= _POPCOUNT[x] - _POPCOUNT[o] <= 1:
        return "X moves first, so X has as many marks as O or one more"
    if _WINS[x] and _WINS[o]:
        return "both players have three in a row"
    if _WINS[x] and _POPCOUNT[x] == _POPCOUNT[o] or _WINS[o] and _POPCOUNT[x] > _POPCOUNT[o]:
        return "play went on after the game was won"
    return None


def _positions() -> bytearray:
    """1 at each state that is a position of a game (every other number below 2**18 is 0)."""
    legal = bytearray(_STATES)
    for x in range(512):
        free = _FULL & ~x
        o = free
        while True:                                  # every set of squares O can hold beside x
            if _position_problem(x, o) is None:
                legal[x | o << 9] = 1
            if o == 0:
                break
            o = (o - 1) & free
    return legal


_STATES = 1 << 18
_LEGAL = _positions()


def _checked(state: object) -> int:
    """``state`` if it encodes a position (bits 0-8 X's marks, bits 9-17 O's marks, a position
    play can reach); otherwise a GameError naming the argument: a negative number, one of
    more than 18 bits, a square marked twice or impossible counts are refused, never read.

    The methods for people call it; on the search's path (moves, play, utility, evaluate) the
    same test is written inline.  A search from any state passes one of those four, so is_max,
    is_terminal and key, asked at every node, need not repeat it.

    >>> _checked(0), _checked(1 | 1 << 9 + 4)
    (0, 8193)
    >>> _checked(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mmlib.errors.GameError: state: -1 is not a tic-tac-toe position (an integer: ...
    """
    if state.__class__ is int and 0 <= state < _STATES and _LEGAL[state]:
        return state
    if isinstance(state, numbers.Integral) and not isinstance(state, bool) and 0 <= int(state) < _STATES \
            and _LEGAL[int(state)]:
        return int(state)
    raise _bad_state(state)


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from .base import Game

    _IS_A_GAME: Game[int, int] = TicTacToe()
