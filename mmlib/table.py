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
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

from .errors import ArgumentTypeError, describe

__all__ = ["TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"


@dataclass(frozen=True)
class Entry:
    """What the table knows about one position."""

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

    def entry(self, key: Any) -> Entry | None:
        return self._entries.get(key)

    def lookup(self, key: Any, depth: float, alpha: float, beta: float) -> float | None:
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

    def store(self, key: Any, depth: float, value: float, alpha: float, beta: float,
              move: Any = None) -> None:
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

    def best_move(self, key: Any) -> Any:
        try:
            entry = self._entries.get(key)
        except TypeError:
            raise _unhashable(key) from None
        return None if entry is None else entry.move

    def clear(self) -> None:
        self._entries.clear()


def _not_a_number(**arguments: Any) -> ArgumentTypeError:
    """The error naming the first of ``arguments`` that is not a number (NaN is none)."""
    for name, value in arguments.items():
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or value != value:
            return ArgumentTypeError(f"{name}: expected a number, got {describe(value)}")
    return ArgumentTypeError(f"{', '.join(arguments)}: expected numbers, got "
                             f"{describe(list(arguments.values()))}")


def _unhashable(key: Any) -> ArgumentTypeError:
    return ArgumentTypeError(f"key: a position's key must be hashable (a number, a string, a "
                             f"tuple...), got {describe(key)}; check the game's key method")
