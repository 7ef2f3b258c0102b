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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import NodeBudgetExceeded

__all__ = ["Stats", "Event", "Recorder", "Tracer"]

Path = tuple


@dataclass
class Stats:
    """The counts of one search (see the module docstring for the definitions).

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

    The counters are plain attributes while the search runs (it calls these methods
    once per node, so they are kept cheap); :meth:`finish` turns them into :class:`Stats`.
    """

    tracing = False

    def __init__(self, game: Any, max_nodes: float, keep_leaf_order: bool = True):
        self.game = game
        self.max_nodes = max_nodes
        self.nodes = self.leaves = self.cutoffs = self.table_hits = self.order_evaluations = 0
        self.nodes_by_depth: list[int] = []
        self.leaves_by_depth: list[int] = []
        self.leaf_order: list[Path] | None = [] if keep_leaf_order else None

    def enter(self, path: Path, alpha: float | None, beta: float | None, state: Any) -> None:
        """The search function is called on ``path`` with the window [alpha, beta]."""
        self.nodes += 1
        per_depth, depth = self.nodes_by_depth, len(path)
        if depth < len(per_depth):
            per_depth[depth] += 1
        else:
            _grow(per_depth, depth)
        if self.nodes > self.max_nodes:
            raise NodeBudgetExceeded(int(self.max_nodes), self.finish())

    def leaf(self, path: Path, value: float) -> float:
        """The position at ``path`` was evaluated statically."""
        self.leaves += 1
        per_depth, depth = self.leaves_by_depth, len(path)
        if depth < len(per_depth):
            per_depth[depth] += 1
        else:
            _grow(per_depth, depth)
        if self.leaf_order is not None:
            self.leaf_order.append(path)
        return value

    def update(self, path: Path, move: Any, score: float, value: float,
               alpha: float | None, beta: float | None) -> None:
        """A child returned (recorded only by a Tracer)."""

    def cutoff(self, path: Path, skipped: Sequence) -> None:
        """The node at ``path`` stopped; ``skipped`` are the moves it did not search."""
        if skipped:
            self.cutoffs += 1

    def hit(self, path: Path, value: float) -> float:
        """The transposition table answered for ``path``."""
        self.table_hits += 1
        return value

    def leave(self, path: Path, value: float) -> float:
        """The node at ``path`` returns ``value`` (recorded only by a Tracer)."""
        return value

    def finish(self) -> Stats:
        """The counts as :class:`Stats` (per-depth lists padded to the same length)."""
        depth = len(self.nodes_by_depth)
        leaves_by_depth = self.leaves_by_depth + [0] * (depth - len(self.leaves_by_depth))
        return Stats(self.nodes, self.leaves, self.cutoffs, list(self.nodes_by_depth),
                     leaves_by_depth, self.leaf_order, self.table_hits, self.order_evaluations)


def _grow(per_depth: list[int], depth: int) -> None:
    """Count one at ``depth``, a level the list does not reach yet."""
    per_depth.extend([0] * (depth - len(per_depth)))
    per_depth.append(1)


class Tracer(Recorder):
    """A Recorder that also writes the transcript of :class:`Event` objects."""

    tracing = True

    def __init__(self, game: Any, max_nodes: float, keep_leaf_order: bool = True):
        super().__init__(game, max_nodes, keep_leaf_order)
        self.events: list[Event] = []

    def enter(self, path, alpha, beta, state):
        super().enter(path, alpha, beta, state)
        self.events.append(Event("enter", path, alpha=alpha, beta=beta,
                                 is_max=self.game.is_max(state)))

    def leaf(self, path, value):
        self.events.append(Event("leaf", path, value=value))
        return super().leaf(path, value)

    def update(self, path, move, score, value, alpha, beta):
        self.events.append(Event("update", path, value=value, alpha=alpha, beta=beta,
                                 move=move, score=score))

    def cutoff(self, path, skipped):
        if skipped:
            self.events.append(Event("cutoff", path, skipped=tuple(skipped)))
        super().cutoff(path, skipped)

    def hit(self, path, value):
        self.events.append(Event("hit", path, value=value))
        return super().hit(path, value)

    def leave(self, path, value):
        self.events.append(Event("return", path, value=value))
        return value
