"""Connect Four on boards of any size, with bitboards fast enough to search.

Discs drop into one of ``columns`` columns and land on the lowest empty row; the
first player to make ``connect`` in a row (across, up, or along either diagonal)
wins.  X moves first and is MAX; a move is a column number, 0 on the left.

A state is a tuple ``(x, o, outcome)``: ``x`` and ``o`` are bitboards (Python ints)
of each player's discs and ``outcome`` is 1 (X has won), -1 (O has won), 0 (the
board is full: a draw) or None (play goes on).  Column ``c`` uses bits
``c * (rows + 1)`` upwards, bottom row first, plus one always-empty bit on top: that
spare bit stops a line from running off the top of one column into the next, so a
whole board is tested for a line of four with a few shifts and ANDs.

Utility (scoring ``"fast"``, the default): a win is worth ``WIN + e``, a loss
``-(WIN + e)``, where ``WIN = 1000`` and ``e`` is the number of cells still empty when
the game ends, so a quicker win scores higher and a loss is put off as long as
possible; a draw is 0.  Scoring ``"win-loss"`` gives just +WIN / -WIN / 0.  The
static evaluation always lies strictly between -WIN and +WIN, so a search prefers
a real win to any estimate.

>>> game = ConnectFour()
>>> state = game.play(game.play(game.initial, 3), 3)
>>> print(game.render(state))
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . O . . .
. . . X . . .
0 1 2 3 4 5 6
>>> game.evaluate(game.play(game.initial, 3)) > game.evaluate(game.play(game.initial, 0))
True
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from .. import _validate
from ..errors import (
    ArgumentError,
    ArgumentTypeError,
    GameError,
    IllegalMoveError,
    MmlibError,
    printable,
)
from ..ordering import Ordering

if TYPE_CHECKING:
    from ..ordering import Searcher

__all__ = ["ConnectFour", "CentreFirst", "WIN", "SCORINGS"]

WIN = 1000
"""The size of a win; every static evaluation is strictly smaller in magnitude."""

SCORINGS = ("fast", "win-loss")
"""``fast``: +-(WIN + empty cells left), quicker wins score higher.  ``win-loss``: +-WIN."""

MAX_SIDE = 9
"""Boards may have up to 9 columns and 9 rows."""

State = tuple[int, int, int | None]
"""A position: the bit boards of X's and O's discs, and the outcome once the game is over
(1 X won, -1 O won, 0 a draw; None while it goes on)."""


class ConnectFour:
    """Connect Four with ``columns`` x ``rows`` cells and lines of ``connect``.

    ``opening`` is a sequence of columns (or a string of column digits) played from the
    empty board to make the initial position, e.g. ``opening="33"``.

    The static evaluation is the open-lines heuristic of the tic-tac-toe slides, weighted
    by how full each line is: every line of ``connect`` cells that holds discs of only one
    player counts the number of those discs, for X positively and for O negatively.  A line
    with ``connect - 1`` discs and one empty cell is a *threat*, and counts most.

    >>> game = ConnectFour(4, 4)
    >>> game.moves(game.initial)
    (0, 1, 2, 3)
    >>> game.utility(game.position("0101010"))     # X wins with 9 empty cells left
    1009
    """

    columns: int
    rows: int
    connect: int
    scoring: str
    height: int
    cells: int
    lines: tuple[int, ...]
    _bottom: tuple[int, ...]
    _column_mask: tuple[int, ...]
    _top: tuple[int, ...]
    _tops: int
    _shifts: tuple[tuple[int, ...], ...]
    _opening: tuple[int, ...]

    def __init__(self, columns: int = 7, rows: int = 6, connect: int = 4, *,
                 scoring: str = "fast", opening: Sequence[int] | str = ()):
        self.columns = _check_size(columns, "columns")
        self.rows = _check_size(rows, "rows")
        if isinstance(connect, bool) or not isinstance(connect, numbers.Integral):
            raise ArgumentTypeError(f"connect: expected a whole number, got {printable(connect)}")
        if not 2 <= connect <= max(self.columns, self.rows):
            raise ArgumentError(
                f"connect: expected 2..{max(self.columns, self.rows)} on a {self.columns}x{self.rows} "
                f"board, got {printable(connect)}")
        if not isinstance(scoring, str) or scoring not in SCORINGS:
            raise ArgumentError(f"scoring: expected one of {', '.join(SCORINGS)}, "
                                f"got {printable(scoring)}")
        self.connect = int(connect)
        self.scoring = scoring
        self.height = self.rows + 1                      # bits per column, one spare on top
        self.cells = self.columns * self.rows
        self._bottom = tuple(1 << (c * self.height) for c in range(self.columns))
        self._column_mask = tuple(((1 << self.rows) - 1) << (c * self.height)
                                  for c in range(self.columns))
        self._top = tuple(1 << (c * self.height + self.rows - 1) for c in range(self.columns))
        self._tops = sum(self._top)
        self._open_columns: dict[int, tuple[int, ...]] = {}   # full top cells -> open columns (<= 2**9 keys)
        self._shifts = tuple(tuple(d * step for step in _doubling_steps(self.connect))
                             for d in (1, self.height, self.height - 1, self.height + 1))
        self.lines = self._all_lines()
        self.centre_order = tuple(sorted(range(self.columns),
                                         key=lambda c: (abs(2 * c - (self.columns - 1)), c)))
        self.centre_rank = {c: i for i, c in enumerate(self.centre_order)}
        self.initial: State = (0, 0, None)
        self.initial = self.position(opening)
        self._opening = tuple(self._as_columns(opening))

    # -- the Game protocol -------------------------------------------------------
    def is_max(self, state: State) -> bool:
        try:
            return state[0].bit_count() == state[1].bit_count()
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def moves(self, state: State) -> tuple[int, ...]:
        """The columns that are not full, left to right (none once the game is over)."""
        try:
            x, o, outcome = state
            if outcome is not None:
                return ()
            full = (x | o) & self._tops
            try:
                return self._open_columns[full]
            except KeyError:
                columns = tuple(c for c, top in enumerate(self._top) if not full & top)
                self._open_columns[full] = columns
                return columns
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def play(self, state: State, move: int) -> State:
        """The state after dropping a disc into column ``move``."""
        try:
            if type(move) is not int and (isinstance(move, bool) or not isinstance(move, numbers.Integral)):
                raise IllegalMoveError(f"move: expected a column number, got {printable(move)}")
            if not 0 <= move < self.columns:
                raise IllegalMoveError(f"move: expected a column 0..{self.columns - 1}, got {move}")
            if state[2] is not None:
                raise IllegalMoveError(f"move: column {move} cannot be played, the game is over")
            if (state[0] | state[1]) & self._top[move]:
                raise IllegalMoveError(f"move: column {move} is full")
            return self._play_unchecked(state, move if type(move) is int else int(move))
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def _play_unchecked(self, state: State, move: int) -> State:
        """``play`` without the legality checks (the searches only play legal moves)."""
        x, o, _ = state
        occupied = x | o
        disc = (occupied + self._bottom[move]) & self._column_mask[move]  # lowest empty cell
        if x.bit_count() == o.bit_count():
            x |= disc
            outcome = 1 if self._has_line(x) else None
        else:
            o |= disc
            outcome = -1 if self._has_line(o) else None
        if outcome is None and (occupied | disc).bit_count() == self.cells:
            outcome = 0
        return (x, o, outcome)

    def is_terminal(self, state: State) -> bool:
        try:
            return state[2] is not None
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def utility(self, state: State) -> float:
        try:
            outcome = state[2]
            if outcome is None:
                raise GameError("state: utility asked of a game that is not over")
            if outcome == 0:
                return 0
            if self.scoring == "win-loss":
                return outcome * WIN
            return outcome * (WIN + self.cells - (state[0] | state[1]).bit_count())
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def evaluate(self, state: State) -> float:
        """Weighted open lines, X's minus O's (the exact utility once the game is over)."""
        try:
            x, o, outcome = state
            if outcome is not None:
                return self.utility(state)
            score = 0
            for line in self.lines:
                if not line & o:
                    score += (line & x).bit_count()
                elif not line & x:
                    score -= (line & o).bit_count()
            return score
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def key(self, state: State) -> int:
        """One integer per position: X's discs above O's."""
        try:
            return state[0] << (self.columns * self.height) | state[1]
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    # -- the rules, for people and for quiescence search ----------------------------
    def has_line(self, discs: int) -> bool:
        """True when the bitboard ``discs`` (a whole number, one bit per cell) holds ``connect``
        in a row in some direction.

        >>> game = ConnectFour(4, 4)
        >>> game.has_line(0b1111), game.has_line(0b0111)
        (True, False)
        """
        return self._has_line(_validate.whole("discs", discs, minimum=0, what="a bitboard (a whole number)"))

    def _has_line(self, discs: int) -> bool:
        """:meth:`has_line` without the check of ``discs`` (for the searches).

        ``run`` keeps the cells that start a run of discs, first of length 1, then 2, 4...:
        runs of length L starting at a cell and L cells further make a run of length 2L.
        """
        for shifts in self._shifts:
            run = discs
            for shift in shifts:
                run &= run >> shift
            if run:
                return True
        return False

    def winning_moves(self, state: State) -> tuple[int, ...]:
        """Columns where the player to move would complete a line at once."""
        try:
            return self._wins_for(state, self.is_max(state))
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def threats(self, state: State) -> tuple[int, ...]:
        """Columns where the *opponent* would complete a line if it were their move."""
        try:
            return self._wins_for(state, not self.is_max(state))
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def forcing_moves(self, state: State) -> tuple[int, ...]:
        """The moves of an *unquiet* position, () in a quiet one.

        If the player to move can win at once, the winning moves; else if the opponent
        threatens to win at once, the blocking moves (they are forced: any other move
        loses); else nothing.  Quiescence search extends exactly these positions.
        """
        try:
            if state[2] is not None:
                return ()
            wins = self.winning_moves(state)
            return wins if wins else self.threats(state)
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def _wins_for(self, state: State, for_x: bool) -> tuple[int, ...]:
        x, o, outcome = state
        if outcome is not None:
            return ()
        occupied = x | o
        mine = x if for_x else o
        found = []
        for c in self.moves(state):
            disc = (occupied + self._bottom[c]) & self._column_mask[c]
            if self._has_line(mine | disc):
                found.append(c)
        return tuple(found)

    # -- reading positions ---------------------------------------------------------
    def position(self, opening: Sequence[int] | str = ()) -> State:
        """The state reached from the empty board by playing the columns of ``opening``."""
        state: State = (0, 0, None)
        for i, column in enumerate(self._as_columns(opening)):
            try:
                state = self.play(state, column)
            except IllegalMoveError as err:
                raise ArgumentError(f"opening: move {i} ({column!r}) is illegal: {err}") from None
        return state

    def player(self, state: State) -> str:
        """``"X"`` or ``"O"``: who is to move."""
        try:
            return "X" if self.is_max(state) else "O"
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def winner(self, state: State) -> str | None:
        """``"X"``, ``"O"`` or None (a draw or a game still going)."""
        try:
            winners: dict[int | None, str] = {1: "X", -1: "O"}
            return winners.get(state[2])
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def discs(self, state: State) -> int:
        """How many discs are on the board."""
        try:
            return (state[0] | state[1]).bit_count()
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def cell(self, state: State, column: int, row: int) -> str:
        """``"X"``, ``"O"`` or ``"."`` at ``column``, ``row`` (row 0 is the bottom)."""
        try:
            bit = 1 << (column * self.height + row)
            return "X" if state[0] & bit else "O" if state[1] & bit else "."
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def winning_line(self, state: State) -> tuple[tuple[int, int], ...]:
        """The ``(column, row)`` cells of a completed line (() if there is none)."""
        try:
            for line in self.lines:
                if line & state[0] == line or line & state[1] == line:
                    return tuple(divmod(bit, self.height) for bit in range(line.bit_length())
                                 if line >> bit & 1)
            return ()
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    def render(self, state: State) -> str:
        """The board as text, top row first, with the column numbers underneath."""
        try:
            rows = [" ".join(self.cell(state, c, r) for c in range(self.columns))
                    for r in reversed(range(self.rows))]
            rows.append(" ".join(str(c) for c in range(self.columns)))
            return "\n".join(rows)
        except MmlibError:
            raise
        except _STATE_ERRORS as error:
            raise _bad_state(state) from error

    # -- helpers -------------------------------------------------------------------------
    def _all_lines(self) -> tuple[int, ...]:
        """Bit masks of every line of ``connect`` cells on the board."""
        lines = []
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for c in range(self.columns):
                for r in range(self.rows):
                    cells = [(c + dc * i, r + dr * i) for i in range(self.connect)]
                    if all(0 <= cc < self.columns and 0 <= rr < self.rows for cc, rr in cells):
                        lines.append(sum(1 << (cc * self.height + rr) for cc, rr in cells))
        return tuple(lines)

    def _as_columns(self, opening: Sequence[int] | str) -> list[int]:
        if isinstance(opening, str):
            if not all(ch in "0123456789" for ch in opening):
                raise ArgumentError(f"opening: expected column digits 0-9, got {printable(opening)}")
            return [int(ch) for ch in opening]
        if not isinstance(opening, Sequence):
            raise ArgumentTypeError(f"opening: expected a sequence of columns, got {printable(opening)}")
        return list(cast(Sequence[int], opening))

    def __repr__(self) -> str:
        opening = f", opening={''.join(map(str, self._opening))!r}" if self._opening else ""
        scoring = "" if self.scoring == "fast" else f", scoring={self.scoring!r}"
        return f"ConnectFour({self.columns}, {self.rows}, {self.connect}{scoring}{opening})"


class CentreFirst(Ordering):
    """Centre columns first, then outwards (left before right on ties).

    Central cells lie on more lines, so the best move is usually near the middle;
    trying it first lets alpha-beta prune more.  Works for any game whose moves are
    numbers (the middle is taken between the smallest and largest legal move) and uses
    the game's ``centre_rank`` when it has one.

    >>> game = ConnectFour()
    >>> CentreFirst().order(None, game.initial, game.moves(game.initial), ())
    [3, 2, 4, 1, 5, 0, 6]
    """

    name = "centre"

    def order(self, search: Searcher | None, state: object, moves: Sequence[Any],
              path: tuple[Any, ...]) -> list[Any]:
        rank = getattr(search.game, "centre_rank", None) if search is not None else None
        if rank is None:
            middle = (max(moves) + min(moves)) / 2 if moves else 0
            return sorted(moves, key=lambda m: abs(m - middle))
        return sorted(moves, key=rank.__getitem__)


_STATE_ERRORS = (TypeError, IndexError, AttributeError, KeyError, OverflowError, ValueError)


def _bad_state(state: object) -> GameError:
    return GameError(f"state: {printable(state)} is not a Connect Four state (a triple: X's "
                     "bitboard, O's bitboard, outcome; see ConnectFour.position)")


def _doubling_steps(connect: int) -> list[int]:
    """Run lengths to add, doubling, until a run reaches ``connect`` (4: [1, 2]; 5: [1, 2, 1])."""
    steps, length = [], 1
    while length < connect:
        step = min(length, connect - length)
        steps.append(step)
        length += step
    return steps


def _check_size(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected a whole number, got {printable(value)}")
    if not 1 <= value <= MAX_SIDE:
        raise ArgumentError(f"{name}: expected 1..{MAX_SIDE}, got {printable(value)}")
    return int(value)


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from .base import Game

    _IS_A_GAME: Game[State, int] = ConnectFour()
