"""Shrinking a failing tree to a smallest one on which the same mistake shows.

Greedy delta debugging: try smaller trees (subtrees made leaves, children deleted, nodes
replaced by a child or a grandchild; biggest reductions first) and keep the first on which
the mistake still shows; repeat until no smaller tree does.  Each round's candidates are
judged as one batch (one process for the student's code), stopping at the first that fails.

>>> shrink(Case([[3, 12, 8], [2, 4, 6]]), lambda cases: ("8" in str(c.nested) for c in cases)).nested
[8]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .cases import Case, static_value, subtree

__all__ = ["candidates", "shrink", "SHRINK_SECONDS"]

SHRINK_SECONDS = 20.0
"""Shrinking stops after this many seconds (candidates on which the student's function hangs
cost a time limit each) and keeps the smallest failing tree found so far."""


def candidates(nested: list[Any]) -> list[list[Any]]:
    """Smaller trees, biggest reductions first.  Leaf values are kept (shrinking them towards 0
    gives trees of ties, which hide what a mistake does on ordinary values).

    >>> candidates([[1, 2], 3])
    [[1, 3], [3], [[1, 2]], [[2], 3], [[1], 3]]
    """
    out: list[list[Any] | int] = []
    interior: list[tuple[int, ...]] = []

    def walk(item: list[Any] | int, path: tuple[int, ...]) -> None:
        if isinstance(item, list):
            interior.append(path)
            for i, child in enumerate(item):
                walk(child, path + (i,))

    walk(nested, ())

    def replaced(path: tuple[int, ...], new: list[Any] | int) -> list[Any] | int:
        if not path:
            return new
        copy = _copy(nested)
        parent = subtree(copy, path[:-1])
        parent[path[-1]] = new  # type: ignore[index]
        return copy

    for path in interior[1:]:
        out.append(replaced(path, static_value(subtree(nested, path))))
    for path in interior:
        item = subtree(nested, path)
        assert isinstance(item, list), "interior paths lead to lists"
        for i in range(len(item)):
            if len(item) > 1:
                out.append(replaced(path, [c for j, c in enumerate(item) if j != i]))
            child = item[i]
            if path and isinstance(child, list):
                out.append(replaced(path, child))
                for grandchild in child:                    # keeps MAX and MIN levels in place
                    out.append(replaced(path, grandchild))
    return [c for c in out if isinstance(c, list)]


def _copy(item: list[Any] | int) -> list[Any] | int:
    return [_copy(child) for child in item] if isinstance(item, list) else item


def shrink(case: Case, still_fail: Callable[[list[Case]], Iterable[bool]], max_tries: int = 400) -> Case:
    """The smallest case found on which the mistake still shows.

    ``still_fail(cases)`` yields, in order, whether the mistake shows on each case; it is
    abandoned (closed) at the first True.
    """
    tries = 0
    improved = True
    deadline = time.monotonic() + SHRINK_SECONDS
    while improved and tries < max_tries and time.monotonic() < deadline:
        improved = False
        batch = [Case(nested, case.depth) for nested in candidates(case.nested)][:max_tries - tries]
        verdicts: Iterator[bool] = iter(still_fail(batch))
        try:
            for candidate, fails in zip(batch, verdicts, strict=False):
                tries += 1
                if fails:
                    case, improved = candidate, True
                    break
                if time.monotonic() >= deadline:
                    break
        finally:
            close = getattr(verdicts, "close", None)
            if close is not None:
                close()
    return case
