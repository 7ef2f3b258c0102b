"""Budgets: every search has one, so nothing a user or a slider asks for can hang.

A search stops with :class:`~mmlib.errors.BudgetExceeded` after ``max_nodes`` nodes or
``max_seconds`` seconds; a search of a generated tree whose size alone exceeds the node
budget is refused before it starts (:class:`~mmlib.errors.SearchTooLarge`); a series of
searches (iterative deepening, one search per move) shares one :class:`Budget`; and the
call stack is given room for a search as deep as the tree.

>>> budget = Budget(1000, None)
>>> budget.remaining()
{'max_nodes': 1000, 'max_seconds': None}
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import NodeBudgetExceeded, SearchInterrupted, SearchTooLarge, TimeBudgetExceeded

if TYPE_CHECKING:
    from ..games.base import AnyGame, State
    from .results import SearchResult

__all__ = ["Budget", "REFUSE_ABOVE", "MAX_SEARCH_DEPTH", "MAX_LINE", "refuse_hopeless", "recursion_room",
           "check_budget", "check_count", "check_line_length"]

REFUSE_ABOVE = 50_000_000
"""With the node budget lifted (``max_nodes=None``), plain minimax on a tree known to have
more nodes than this is still refused before it starts; pass a number to allow it."""

MAX_SEARCH_DEPTH = 200_000
"""The deepest line a search follows (each ply is one call on Python's stack)."""


MAX_LINE = 4_000
"""The deepest line the searches that name nodes by their paths follow (windows, chance, Monte
Carlo).  Each of their nodes holds its path from the start, so a line d plies deep costs about
d²/2 steps and as much memory: 4,000 plies take about a second."""


def check_budget(max_nodes: int | None, max_seconds: float | None) -> tuple[int | None, float | None]:
    """The node and time budgets, checked: (max_nodes, max_seconds)."""
    return _validate.budget(max_nodes), _validate.seconds_budget(max_seconds)


def check_count(value: object, name: str = "max_nodes") -> int | None:
    """A count of at least 1 (a node budget, a number of iterations), or None (no limit)."""
    return _validate.whole(name, value, minimum=1, allow_none=True)


def check_line_length(game: AnyGame, horizon: float) -> None:
    """SearchTooLarge, naming the depth, for a tree deeper than :data:`MAX_LINE` searched to the end
    by one of the searches beyond alpha-beta (windows, chance)."""
    height = getattr(game, "height", None)
    if height is None:
        height = getattr(game, "depth", None)
    if not isinstance(height, int) or isinstance(height, bool):
        return                                 # a game: its lines end with the game
    deepest = min(height, horizon)
    if deepest > MAX_LINE:
        raise SearchTooLarge(f"depth: lines of {deepest:,} plies are too deep for the searches beyond "
                             f"alpha-beta (at most {MAX_LINE:,}); give depth=, or use search.alphabeta")


def refuse_hopeless(game: AnyGame, depth: int | None, max_nodes: int | None, state: State = None, *,
                    minimax: bool = False) -> None:
    """Refuse at once a search of a generated tree whose size alone exceeds the budget:
    minimax visits every node; alpha-beta at least the Knuth-Moore minimal tree."""
    branching = getattr(game, "branching", None)
    full_depth = getattr(game, "depth", None)
    if not isinstance(branching, int) or not isinstance(full_depth, int) or state is not None:
        return
    reach = full_depth if depth is None else min(depth, full_depth)
    if reach > MAX_SEARCH_DEPTH:
        raise SearchTooLarge(
            f"depth: the search would follow lines {reach:,} moves long, more than "
            f"{MAX_SEARCH_DEPTH:,}; pass a depth limit of at most {MAX_SEARCH_DEPTH:,}")
    limit = (REFUSE_ABOVE if minimax else None) if max_nodes is None else int(max_nodes)
    if limit is None:
        return
    from ..trees.generated import count_at_least
    if minimax:
        # 1 + b + ... + b^d nodes
        big, size = count_at_least(branching, reach, limit, full=True)
        what = "plain minimax would visit all"
    else:
        # the minimal tree's leaves alone: b^ceil(d/2) + b^floor(d/2) - 1
        big, size = count_at_least(branching, (reach + 1) // 2, limit)
        what = "even with the best move first everywhere, alpha-beta would visit more than"
    if big:
        raise SearchTooLarge(
            f"depth: {what} {size} nodes of this tree (b={branching}, d={reach}), more than "
            f"max_nodes={limit:,}; use {'alphabeta, ' if minimax else ''}a smaller depth, or "
            "raise max_nodes (None lifts the budget)"
        )


class Budget:
    """One budget shared by several searches (iterations, moves): what is left of it."""

    def __init__(self, max_nodes: int | None, max_seconds: float | None):
        self.max_nodes, self.max_seconds = check_budget(max_nodes, max_seconds)
        self.nodes = 0
        self.started = time.perf_counter()

    def remaining(self) -> dict[str, Any]:
        nodes = None if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        seconds = None
        if self.max_seconds is not None:
            seconds = max(1e-6, self.max_seconds - (time.perf_counter() - self.started))
        return {"max_nodes": nodes, "max_seconds": seconds}

    @contextmanager
    def spending(self, completed: Sequence[SearchResult]) -> Iterator[None]:
        """Run one search of the series; a budget error then names the whole series."""
        try:
            yield
        except NodeBudgetExceeded as err:
            raise NodeBudgetExceeded(err.max_nodes if self.max_nodes is None else self.max_nodes,
                                     err.stats, tuple(completed)) from None
        except TimeBudgetExceeded as err:
            raise TimeBudgetExceeded(err.max_seconds if self.max_seconds is None else self.max_seconds,
                                     err.stats, tuple(completed)) from None
        except SearchInterrupted as interrupt:
            raise SearchInterrupted(interrupt.stats, tuple(completed)) from None
        except SearchTooLarge:
            if not completed:
                raise
            last = completed[-1].stats
            limit = REFUSE_ABOVE if self.max_nodes is None else self.max_nodes
            raise NodeBudgetExceeded(limit, last, tuple(completed)) from None

    def spend(self, result: SearchResult) -> SearchResult:
        """Count ``result``'s nodes against the budget."""
        self.nodes += result.stats.nodes
        return result



@contextmanager
def recursion_room(game: AnyGame, horizon: float, *, frames_per_ply: int = 1) -> Iterator[None]:
    """Make room on Python's call stack for a search as deep as the tree (or its depth limit,
    for a game that does not know its height); ``frames_per_ply`` Python frames per level."""
    height = getattr(game, "height", None)
    if height is None:
        height = getattr(game, "depth", None)
    if isinstance(height, int):
        needed = min(horizon, height)
    else:
        needed = horizon if horizon < math.inf else 0       # (a huge int has no float)
    limit = sys.getrecursionlimit()
    if needed > MAX_SEARCH_DEPTH:
        shown = f"{needed:,}" if needed < 10 ** 15 else "more than 10**15"
        raise SearchTooLarge(f"depth: a tree of height {shown} is too deep to search "
                             f"recursively (at most {MAX_SEARCH_DEPTH:,}); give a depth limit")
    wanted = int(needed) * frames_per_ply + 200 + _stack_depth()
    if wanted <= limit:
        yield
        return
    sys.setrecursionlimit(wanted)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def _stack_depth() -> int:
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


