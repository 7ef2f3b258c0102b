"""The memory of null-window searches: what is known about a position's value, as two bounds.

A null-window test learns only a bound ("the value is at least 5", "at most 2").  MTD(f)
and MT-SSS* ask such questions again and again about the same tree, so each position
keeps both bounds it has learnt, ``lower <= value <= upper`` (Plaat, Schaeffer, Pijls &
de Bruin 1996, "Best-first fixed-depth minimax algorithms").  Bounds learnt with a
different remaining depth describe another value, so they are kept apart.

>>> table = BoundTable()
>>> table.store("p", 3, lower=5)
>>> table.store("p", 3, upper=7, move=1)
>>> table.bounds("p", 3), table.best_move("p", 3)
((5, 7), 1)
>>> table.bounds("p", 2)
(-inf, inf)
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["BoundTable"]


class BoundTable:
    """(position key, remaining depth) -> [lower, upper, best move]."""

    def __init__(self):
        self._entries: dict[tuple[Any, float], list] = {}
        self.stores = 0

    def __len__(self) -> int:
        return len(self._entries)

    def bounds(self, key: Any, depth: float) -> tuple[float, float]:
        """The bounds known on the value of ``key`` searched to ``depth`` ((-inf, inf) if none)."""
        entry = self._entries.get((key, depth))
        return (-math.inf, math.inf) if entry is None else (entry[0], entry[1])

    def store(self, key: Any, depth: float, *, lower: float | None = None,
              upper: float | None = None, move: Any = None) -> None:
        """Tighten the bounds of ``key`` at ``depth`` with what a search just learnt."""
        entry = self._entries.setdefault((key, depth), [-math.inf, math.inf, None])
        if lower is not None:
            entry[0] = max(entry[0], lower)
        if upper is not None:
            entry[1] = min(entry[1], upper)
        if move is not None:
            entry[2] = move
        self.stores += 1

    def best_move(self, key: Any, depth: float) -> Any:
        entry = self._entries.get((key, depth))
        return None if entry is None else entry[2]

    def clear(self) -> None:
        self._entries.clear()
