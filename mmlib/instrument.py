"""What a search counts and, on request, records step by step.

The counts are defined once, here:

- ``nodes``: calls of the search function, the root included;
- ``leaves``: static evaluations at the leaves of the search (terminal positions
  and positions at the depth limit);
- ``cutoffs``: times a node stopped with children left unsearched (a test that
  fires after the last child skips nothing and is not a cutoff).

A :class:`Recorder` keeps the counts and the order in which leaves were evaluated;
a :class:`Tracer` also keeps a transcript of :class:`Event` objects for the
step-through explorer.

>>> from mmlib import search, trees
>>> result = search.alphabeta(trees.from_nested([[3, 5], [2, 9]]), trace=True)
>>> result.stats.nodes, result.stats.leaves, result.stats.cutoffs, result.stats.leaf_order
(6, 3, 1, [(0, 0), (0, 1), (1, 0)])
>>> [event.kind for event in result.trace][:4]
['enter', 'enter', 'enter', 'leaf']
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BudgetExceeded, NodeBudgetExceeded, TimeBudgetExceeded

__all__ = ["Stats", "Event", "Recorder", "Tracer", "CLOCK_EVERY"]

Path = tuple


@dataclass(frozen=True)
class Stats:
    """The counts of one search (see the module docstring for the definitions); frozen,
    like the result that holds them.

    ``leaf_order`` is None when the search was asked not to keep it (``leaf_order=False``,
    for searches so large that only the counts matter).
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    nodes_by_depth: list[int] = field(default_factory=list)
    leaves_by_depth: list[int] = field(default_factory=list)
    leaf_order: list[Path] | None = field(default_factory=list)
    table_hits: int = 0
    order_evaluations: int = 0
    horizon_leaves: int = 0
    """Leaves scored by the evaluation because the depth limit stopped the search there
    (0: the depth limit cut nothing off, so a deeper search would find the same)."""

    def __repr__(self) -> str:
        extra = f", table_hits={self.table_hits}" if self.table_hits else ""
        return (f"Stats(nodes={self.nodes}, leaves={self.leaves}, cutoffs={self.cutoffs}"
                f"{extra})")


@dataclass(frozen=True)
class Event:
    """One step of a search transcript.

    ``kind`` is one of:

    - ``"enter"``: the search is called on ``path`` with window [``alpha``, ``beta``];
    - ``"leaf"``: the node at ``path`` is evaluated statically, giving ``value``;
    - ``"update"``: the child ``move`` of ``path`` returned ``score``; the node's value
      so far is ``value`` and its window is now [``alpha``, ``beta``];
    - ``"cutoff"``: the node stops; its children ``skipped`` are pruned;
    - ``"hit"``: the transposition table answered for ``path`` with ``value``;
    - ``"return"``: the node at ``path`` returns ``value``.

    ``alpha`` and ``beta`` are None for plain minimax.  Negamax reports windows and
    values from the point of view of the player to move.
    """

    kind: str
    path: Path
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None
    move: Any = None
    score: float | None = None
    skipped: tuple = ()
    is_max: bool | None = None

    @property
    def depth(self) -> int:
        return len(self.path)


class Recorder:
    """Counts nodes, leaves and cutoffs and keeps the leaf order (no transcript).

    The search tells the recorder about each node by its ``ply`` (distance from the
    start); ``trail`` holds the moves of the line being searched, so the node's path is
    ``trail[:ply]``, made into a tuple only when it is kept (a leaf's place in the leaf
    order, an event of the transcript).  That keeps the cost of a node independent of
    its depth.  The counters are plain attributes while the search runs (it calls these
    methods once per node, so they are kept cheap); :meth:`finish` turns them into
    :class:`Stats`.

    The budget is checked at each node: more than ``max_nodes`` nodes raises
    :class:`~mmlib.errors.NodeBudgetExceeded`; the clock is read every
    :data:`CLOCK_EVERY` nodes, and past ``max_seconds`` raises
    :class:`~mmlib.errors.TimeBudgetExceeded`.  Both carry the partial counts.
    """

    tracing = False

    def __init__(self, game: Any, max_nodes: float, keep_leaf_order: bool = True, *,
                 max_seconds: float | None = None):
        self.game = game
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.checkpoint = self._next_checkpoint(0)
        self.nodes = self.leaves = self.cutoffs = self.table_hits = self.order_evaluations = 0
        self.horizon_leaves = 0
        self.nodes_by_depth: list[int] = []
        self.leaves_by_depth: list[int] = []
        self.leaf_order: list[Path] | None = [] if keep_leaf_order else None
        self.trail: list = []

    def path(self, ply: int) -> Path:
        """The path (moves from the start) of the node at ``ply`` on the current line."""
        return tuple(self.trail[:ply])

    def enter(self, ply: int, alpha: float | None, beta: float | None, state: Any) -> None:
        """The search function is called at ``ply`` with the window [alpha, beta]."""
        self.nodes += 1
        try:
            self.nodes_by_depth[ply] += 1
        except IndexError:                       # the first node this deep
            _grow(self.nodes_by_depth, ply)
        if self.nodes > self.checkpoint:
            self.check_budget()

    def check_budget(self) -> None:
        """Raise if the node or time budget is used up; else set the next checkpoint."""
        if self.nodes > self.max_nodes:
            raise NodeBudgetExceeded(int(self.max_nodes), self.finish())
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeBudgetExceeded(self.max_seconds, self.finish())  # type: ignore[arg-type]  # a deadline is set only with max_seconds
        self.checkpoint = self._next_checkpoint(self.nodes)

    def _next_checkpoint(self, nodes: int) -> float:
        if self.deadline is None:
            return self.max_nodes
        return min(self.max_nodes, nodes + CLOCK_EVERY)

    def leaf(self, ply: int, value: float) -> float:
        """The position at ``ply`` was evaluated statically."""
        self.leaves += 1
        try:
            self.leaves_by_depth[ply] += 1
        except IndexError:                       # the first leaf this deep
            _grow(self.leaves_by_depth, ply)
        if self.leaf_order is not None:
            self.leaf_order.append(tuple(self.trail[:ply]))
        return value

    def update(self, ply: int, move: Any, score: float, value: float,
               alpha: float | None, beta: float | None) -> None:
        """A child returned (recorded only by a Tracer)."""

    def cutoff(self, ply: int, skipped: Sequence) -> None:
        """The node at ``ply`` stopped; ``skipped`` are the moves it did not search."""
        if skipped:
            self.cutoffs += 1

    def hit(self, ply: int, value: float) -> float:
        """The transposition table answered for the node at ``ply``."""
        self.table_hits += 1
        return value

    def leave(self, ply: int, value: float) -> float:
        """The node at ``ply`` returns ``value`` (recorded only by a Tracer)."""
        return value

    def finish(self) -> Stats:
        """The counts as :class:`Stats` (per-depth lists padded to the same length)."""
        depth = len(self.nodes_by_depth)
        leaves_by_depth = self.leaves_by_depth + [0] * (depth - len(self.leaves_by_depth))
        return Stats(self.nodes, self.leaves, self.cutoffs, list(self.nodes_by_depth),
                     leaves_by_depth, self.leaf_order, self.table_hits, self.order_evaluations,
                     self.horizon_leaves)


CLOCK_EVERY = 1024
"""How many nodes a search visits between two looks at the clock (for ``max_seconds``)."""


def _grow(per_depth: list[int], depth: int) -> None:
    """Count one at ``depth``, a level the list does not reach yet."""
    per_depth.extend([0] * (depth - len(per_depth)))
    per_depth.append(1)


TRACE_LIMIT = 4_000_000
"""Moves the nodes' paths of one transcript may hold in all.  Each event names its node by its
path from the start, so a line d plies deep costs d²/2 moves: the limit stops a traced chain
about 2,800 plies deep (about a second) before its memory grows quadratically; a traced tree
of a million nodes ten plies deep stays far below it."""


class Tracer(Recorder):
    """A Recorder that also writes the transcript of :class:`Event` objects."""

    tracing = True

    def __init__(self, game: Any, max_nodes: float, keep_leaf_order: bool = True, *,
                 max_seconds: float | None = None):
        super().__init__(game, max_nodes, keep_leaf_order, max_seconds=max_seconds)
        self.events: list[Event] = []
        self.path_moves = 0

    def enter(self, ply, alpha, beta, state):
        super().enter(ply, alpha, beta, state)
        self.path_moves += ply
        if self.path_moves > TRACE_LIMIT:
            raise BudgetExceeded(
                f"trace: the transcript of this search would be too long (its events name "
                f"{TRACE_LIMIT:,} moves after {self.nodes:,} nodes: each names its node by its whole "
                "path); search without trace=True, or trace a smaller or shallower tree", self.finish())
        self.events.append(Event("enter", self.path(ply), alpha=alpha, beta=beta,
                                 is_max=self.game.is_max(state)))

    def leaf(self, ply, value):
        self.events.append(Event("leaf", self.path(ply), value=value))
        return super().leaf(ply, value)

    def update(self, ply, move, score, value, alpha, beta):
        self.events.append(Event("update", self.path(ply), value=value, alpha=alpha, beta=beta,
                                 move=move, score=score))

    def cutoff(self, ply, skipped):
        if skipped:
            self.events.append(Event("cutoff", self.path(ply), skipped=tuple(skipped)))
        super().cutoff(ply, skipped)

    def hit(self, ply, value):
        self.events.append(Event("hit", self.path(ply), value=value))
        return super().hit(ply, value)

    def leave(self, ply, value):
        self.events.append(Event("return", self.path(ply), value=value))
        return value
