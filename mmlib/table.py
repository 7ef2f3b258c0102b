"""A transposition table: remember what a search found about a position.

Alpha-beta inside a window [alpha, beta] does not always learn a position's exact
value: a result <= alpha is only an *upper* bound, a result >= beta only a *lower*
bound.  Storing such a value as exact is the classic bug; every entry here carries
its flag, and a lookup answers only when the stored bound settles the question for
the current window.

>>> table = TranspositionTable()
>>> table.store("p", depth=3, value=5, alpha=5, beta=9, move=0)   # failed low: value <= 5
>>> table.entry("p").flag
'upper'
>>> table.lookup("p", depth=3, alpha=6, beta=9)     # at most 5 <= alpha 6: settled
5
>>> table.lookup("p", depth=3, alpha=0, beta=9) is None   # at most 5 says too little
True

Null-window searches keep both bounds instead (:class:`BoundTable`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _validate
from .errors import ArgumentTypeError, printable

if TYPE_CHECKING:
    from collections.abc import Hashable

    from .games.base import Move

__all__ = ["TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER", "BoundTable"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"


class Entry(NamedTuple):
    """What the table knows about one position; it cannot be changed (a named tuple, cheap to
    make: a search with a table stores one at every interior node).

    >>> entry = Entry(depth=3, value=5, flag=UPPER, move=0)
    >>> entry.value, entry.flag
    (5, 'upper')
    >>> entry.value = 6      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AttributeError: ...
    """

    depth: float
    value: float
    flag: str
    move: Any


class TranspositionTable:
    """Position key -> :class:`Entry`; ``depth`` is the remaining search depth (inf = to the end)."""

    def __init__(self) -> None:
        self._entries: dict[Any, Entry] = {}
        self.stores = 0

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, key: Hashable) -> Entry | None:
        return self._entries.get(key)

    def lookup(self, key: Hashable, depth: float, alpha: float, beta: float) -> float | None:
        """The stored value if it settles this search of ``key`` to ``depth`` in [alpha, beta]."""
        try:
            entry = self._entries.get(key)
        except TypeError:
            raise _unhashable(key) from None
        try:
            if entry is None or entry.depth < depth:
                return None
            if entry.flag == EXACT:
                return entry.value
            if entry.flag == LOWER and entry.value >= beta:
                return entry.value
            if entry.flag == UPPER and entry.value <= alpha:
                return entry.value
        except (TypeError, ValueError):          # an argument that is not a number
            raise _not_a_number(depth=depth, alpha=alpha, beta=beta) from None
        return None

    def store(self, key: Hashable, depth: float, value: float, alpha: float, beta: float,
              move: Move = None) -> None:
        """Remember the result ``value`` of a search of ``key`` in the window [alpha, beta]."""
        try:
            if value != value:                    # NaN: no window can say what it bounds
                raise TypeError
            if value <= alpha:
                flag = UPPER
            elif value >= beta:
                flag = LOWER
            else:
                flag = EXACT
            depth >= 0                            # noqa: B015 - refuses a depth that is no number
        except (TypeError, ValueError):
            raise _not_a_number(value=value, alpha=alpha, beta=beta, depth=depth) from None
        try:
            old = self._entries.get(key)
        except TypeError:
            raise _unhashable(key) from None
        if old is None or depth >= old.depth:
            self._entries[key] = Entry(depth, value, flag, move)
            self.stores += 1

    def best_move(self, key: Hashable) -> Any:
        try:
            entry = self._entries.get(key)
        except TypeError:
            raise _unhashable(key) from None
        return None if entry is None else entry.move

    def clear(self) -> None:
        self._entries.clear()


class BoundTable:
    """The memory of null-window searches: what is known about a position's value, as two bounds.

    A null-window test learns only a bound ("the value is at least 5", "at most 2").  MTD(f)
    and MT-SSS* ask such questions again and again about the same tree, so each position
    keeps both bounds it has learnt, ``lower <= value <= upper`` (Plaat, Schaeffer, Pijls &
    de Bruin 1996, "Best-first fixed-depth minimax algorithms").  Bounds learnt with a
    different remaining depth describe another value, so they are kept apart: the key is
    (position key, remaining depth) and the entry [lower, upper, best move].

    >>> table = BoundTable()
    >>> table.store("p", 3, lower=5)
    >>> table.store("p", 3, upper=7, move=1)
    >>> table.bounds("p", 3), table.best_move("p", 3)
    ((5, 7), 1)
    >>> table.bounds("p", 2)
    (-inf, inf)
    """

    def __init__(self) -> None:
        self._entries: dict[tuple[Any, float], list[Any]] = {}
        self.stores = 0

    def __len__(self) -> int:
        return len(self._entries)

    def bounds(self, key: Hashable, depth: float) -> tuple[float, float]:
        """The bounds known on the value of ``key`` searched to ``depth`` ((-inf, inf) if none)."""
        entry = self._entries.get((key, depth))
        return (-math.inf, math.inf) if entry is None else (entry[0], entry[1])

    def store(self, key: Hashable, depth: float, *, lower: float | None = None,
              upper: float | None = None, move: Move = None) -> None:
        """Tighten the bounds of ``key`` at ``depth`` with what a search just learnt."""
        entry = self._entries.setdefault((key, depth), [-math.inf, math.inf, None])
        if lower is not None:
            entry[0] = max(entry[0], lower)
        if upper is not None:
            entry[1] = min(entry[1], upper)
        if move is not None:
            entry[2] = move
        self.stores += 1

    def best_move(self, key: Hashable, depth: float) -> Any:
        """The best move stored for ``key`` at ``depth`` (None if none)."""
        entry = self._entries.get((key, depth))
        return None if entry is None else entry[2]

    def clear(self) -> None:
        self._entries.clear()


def _not_a_number(**arguments: Any) -> ArgumentTypeError:
    """The error naming the first of ``arguments`` that is not a number (NaN is none)."""
    for name, value in arguments.items():
        if not _validate.is_real(value) or value != value:
            return ArgumentTypeError(f"{name}: expected a number, got {printable(value)}")
    return ArgumentTypeError(f"{', '.join(arguments)}: expected numbers, got "
                             f"{printable(list(arguments.values()))}")


def _unhashable(key: Hashable) -> ArgumentTypeError:
    return ArgumentTypeError(f"key: a position's key must be hashable (a number, a string, a "
                             f"tuple...), got {printable(key)}; check the game's key method")
