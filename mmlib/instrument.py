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
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from . import progress as _progress
from .errors import NodeBudgetExceeded, TimeBudgetExceeded
from .progress import Progress, budget_text

if TYPE_CHECKING:
    from .games.base import AnyGame, Move, State

__all__ = ["Stats", "Event", "EventKind", "Comparison", "SharedPath", "Recorder", "Tracer", "CLOCK_EVERY"]

Path = tuple[Any, ...]


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


class SharedPath:
    """The path of a node in a transcript, built from its parent's: one move more.

    A traced search makes one of these per node, and every event of the node holds
    the same one, so a node costs the same whatever its depth (copying the path for
    each event would make a line d plies deep cost about d²/2 moves).  The tuple of
    moves is made only when asked for, then kept.

    >>> line = SharedPath(SharedPath(SharedPath.ROOT, 1), 0)
    >>> line.length, line.moves(), SharedPath.ROOT.moves()
    (2, (1, 0), ())
    """

    __slots__ = ("parent", "move", "length", "_moves")

    ROOT: SharedPath
    """The start's path, the empty one (shared by every search)."""

    def __init__(self, parent: SharedPath | None, move: Move = None):
        self.parent = parent
        self.move = move
        self.length: int = 0 if parent is None else parent.length + 1
        self._moves: Path | None = () if parent is None else None

    def moves(self) -> Path:
        """The path as a tuple of moves from the start (made once, from the nearest
        ancestor whose tuple is already made)."""
        if self._moves is None:
            tail = []
            node: SharedPath = self
            while node._moves is None:
                tail.append(node.move)
                node = node.parent  # type: ignore[assignment]  # only the root has no parent, and its tuple is made
            tail.reverse()
            self._moves = node._moves + tuple(tail)
        return self._moves

    def __repr__(self) -> str:
        return f"SharedPath({self.moves()!r})"


SharedPath.ROOT = SharedPath(None)


EventKind = Literal["enter", "leaf", "update", "cutoff", "hit", "return", "pass", "test"]
"""What an :class:`Event` says happened (``"pass"`` and ``"test"`` are the markers of the
searches with narrow windows, :meth:`mmlib.search.engine.Search.mark`)."""

Comparison = Literal[">=", ">"]
"""The question a null-window search asks about γ: "is the value ≥ γ?" (``">="``) or
"is it > γ?" (``">"``)."""


class Event(NamedTuple):
    """One step of a search transcript.

    ``kind`` is one of:

    - ``"enter"``: the search is called on ``path`` with window [``alpha``, ``beta``];
    - ``"leaf"``: the node at ``path`` is evaluated statically, giving ``value``;
    - ``"update"``: the child ``move`` of ``path`` returned ``score``; the node's value
      so far is ``value`` and its window is now [``alpha``, ``beta``];
    - ``"cutoff"``: the node stops; its children ``skipped`` are pruned;
    - ``"hit"``: the transposition table answered for ``path`` with ``value``;
    - ``"return"``: the node at ``path`` returns ``value``;
    - ``"pass"``: a search of the start node begins with the window [``alpha``, ``beta``]
      (aspiration, PVS, MTD(f), SSS*); for a null-window search alpha = beta = γ and
      ``test`` is its question, ``">="`` ("is the value ≥ γ?") or ``">"``;
    - ``"test"``: the node at ``path`` is about to be searched with the null window
      alpha = beta = γ asking ``test`` (PVS).

    ``alpha`` and ``beta`` are None for plain minimax.  Negamax reports windows and
    values from the point of view of the player to move.

    ``path`` is a tuple of moves from the start.  An event is built from a tuple or from
    a :class:`SharedPath`, which the events of one node share (the field ``place`` holds
    what it was built from); the tuple is then made the first time it is asked for.
    Events compare, hash and pickle by ``path``.  Like the result that holds it, an event
    cannot be changed.

    >>> event = Event("leaf", SharedPath(SharedPath.ROOT, 1), value=3)
    >>> event.path, event.depth, event.value
    ((1,), 1, 3)
    >>> event == Event("leaf", (1,), value=3)
    True
    >>> Event("pass", (), alpha=5, beta=5, test=">=").test
    '>='
    >>> event.value = 4
    Traceback (most recent call last):
    ...
    AttributeError: can't set attribute
    """

    kind: EventKind
    place: Path | SharedPath
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None
    move: Any = None
    score: float | None = None
    skipped: tuple[Move, ...] = ()
    is_max: bool | None = None
    test: Comparison | None = None

    @property
    def path(self) -> Path:
        """The node's path: the moves from the start, a tuple."""
        place = self.place
        return place.moves() if isinstance(place, SharedPath) else place

    @property
    def depth(self) -> int:
        place = self.place
        return place.length if isinstance(place, SharedPath) else len(place)

    def _values(self) -> tuple[Any, ...]:
        """The fields, the path as a tuple (what equality, hashing and pickling read)."""
        return (self[0], self.path) + tuple(self[2:])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._values() != other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        names = ("path" if name == "place" else name for name in self._fields)
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(names, self._values(), strict=True))
        return f"Event({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, self._values())


class Recorder:
    """Counts nodes, leaves and cutoffs and keeps the leaf order (no transcript).

    The search tells the recorder about each node by its ``ply`` (distance from the
    start); ``trail`` holds the moves of the line being searched, so the node's path is
    ``trail[:ply]``, made into a tuple only when it is kept (a leaf's place in the leaf
    order; a :class:`Tracer` names a node's events by a :class:`SharedPath`).  That keeps
    the cost of a node independent of its depth.  The counters are plain attributes while
    the search runs (it calls these methods once per node, so they are kept cheap);
    :meth:`finish` turns them into :class:`Stats`.

    The budget is checked at each node: more than ``max_nodes`` nodes raises
    :class:`~mmlib.errors.NodeBudgetExceeded`; the clock is read every
    :data:`CLOCK_EVERY` nodes, and past ``max_seconds`` raises
    :class:`~mmlib.errors.TimeBudgetExceeded`.  Both carry the partial counts.  At the
    same looks at the clock, a search that has run for a few seconds shows its progress
    (see :mod:`mmlib.progress`).
    """

    tracing = False

    def __init__(self, game: AnyGame, max_nodes: float, keep_leaf_order: bool = True, *,
                 max_seconds: float | None = None):
        self.game = game
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.started = time.perf_counter()
        self.deadline = None if max_seconds is None else self.started + max_seconds
        self.progress: Progress | None = None          # made when the search has run a while
        self.progress_due = self.started + _progress.SHOW_AFTER
        self.checkpoint = self._next_checkpoint(0)
        self.nodes = self.leaves = self.cutoffs = self.table_hits = self.order_evaluations = 0
        self.horizon_leaves = 0
        self.nodes_by_depth: list[int] = []
        self.leaves_by_depth: list[int] = []
        self.leaf_order: list[Path] | None = [] if keep_leaf_order else None
        self.trail: list[Any] = []

    def path(self, ply: int) -> Path:
        """The path (moves from the start) of the node at ``ply`` on the current line."""
        return tuple(self.trail[:ply])

    def enter(self, ply: int, alpha: float | None, beta: float | None, state: State) -> None:
        """The search function is called at ``ply`` with the window [alpha, beta]."""
        self.nodes += 1
        try:
            self.nodes_by_depth[ply] += 1
        except IndexError:                       # the first node this deep
            _grow(self.nodes_by_depth, ply)
        if self.nodes > self.checkpoint:
            self.check_budget()

    def check_budget(self) -> None:
        """Raise if the node or time budget is used up; else show the progress when it is
        due and set the next checkpoint."""
        if self.nodes > self.max_nodes:
            raise NodeBudgetExceeded(int(self.max_nodes), self.finish("stopped"))
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise TimeBudgetExceeded(self.max_seconds, self.finish("stopped"))  # type: ignore[arg-type]  # a deadline is set only with max_seconds
        if now >= self.progress_due:
            self.show_progress(now)
        self.checkpoint = self._next_checkpoint(self.nodes)

    def show_progress(self, now: float) -> None:
        """Show (or update) the progress line of a search that has run a while."""
        if self.progress is None:
            limit = budget_text(self.max_nodes, self.max_seconds)
            self.progress = Progress("search", limit, started=self.started)
        self.progress.tick(self.nodes, now)
        self.progress_due = self.progress.due

    def _next_checkpoint(self, nodes: int) -> float:
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

    def update(self, ply: int, move: Move, score: float, value: float,
               alpha: float | None, beta: float | None) -> None:
        """A child returned (recorded only by a Tracer)."""

    def cutoff(self, ply: int, skipped: Sequence[Any]) -> None:
        """The node at ``ply`` stopped; ``skipped`` are the moves it did not search."""
        if skipped:
            self.cutoffs += 1

    def hit(self, ply: int, value: float) -> float:
        """The transposition table answered for the node at ``ply``."""
        self.table_hits += 1
        return value

    def leave(self, ply: int, value: float | None) -> float | None:
        """The node at ``ply`` returns ``value`` (recorded only by a Tracer; None: the node
        was only looked at, as Star2's probe of a chance node)."""
        return value

    def finish(self, how: str = "done") -> Stats:
        """The counts as :class:`Stats` (per-depth lists padded to the same length); the
        progress line, if one is shown, ends saying ``how`` the search ended."""
        if self.progress is not None:
            self.progress.end(self.nodes, how)
        depth = len(self.nodes_by_depth)
        leaves_by_depth = self.leaves_by_depth + [0] * (depth - len(self.leaves_by_depth))
        return Stats(self.nodes, self.leaves, self.cutoffs, list(self.nodes_by_depth),
                     leaves_by_depth, self.leaf_order, self.table_hits, self.order_evaluations,
                     self.horizon_leaves)


CLOCK_EVERY = 1024
"""How many nodes a search visits between two looks at the clock (for ``max_seconds`` and
the progress line)."""


def _grow(per_depth: list[int], depth: int) -> None:
    """Count one at ``depth``, a level the list does not reach yet."""
    per_depth.extend([0] * (depth - len(per_depth)))
    per_depth.append(1)


class Tracer(Recorder):
    """A Recorder that also writes the transcript of :class:`Event` objects.

    Each node entered gets one :class:`SharedPath`, its parent's plus the move to it
    (``line[ply]`` is the one of the node at ``ply`` on the current line), and all the
    node's events hold it: a traced node costs the same at any depth, so a search with a
    transcript is bounded by its node and time budgets alone.
    """

    tracing = True

    def __init__(self, game: AnyGame, max_nodes: float, keep_leaf_order: bool = True, *,
                 max_seconds: float | None = None):
        super().__init__(game, max_nodes, keep_leaf_order, max_seconds=max_seconds)
        self.events: list[Event] = []
        self.line: list[SharedPath] = [SharedPath.ROOT]

    def place(self, ply: int) -> SharedPath | Path:
        """The path of the node entered at ``ply``, made from its parent's."""
        line = self.line
        here = SharedPath(line[ply - 1], self.trail[ply - 1]) if ply else SharedPath.ROOT
        if ply < len(line):
            line[ply] = here
        else:
            line.append(here)
        return here

    def at(self, ply: int) -> SharedPath | Path:
        """The path of the node at ``ply`` on the current line (entered already)."""
        return self.line[ply]

    def enter(self, ply: int, alpha: float | None, beta: float | None, state: State) -> None:
        super().enter(ply, alpha, beta, state)
        self.events.append(Event("enter", self.place(ply), alpha=alpha, beta=beta,
                                 is_max=self.game.is_max(state)))

    def leaf(self, ply: int, value: float) -> float:
        self.events.append(Event("leaf", self.at(ply), value=value))
        return super().leaf(ply, value)

    def update(self, ply: int, move: Move, score: float, value: float,
               alpha: float | None, beta: float | None) -> None:
        self.events.append(Event("update", self.at(ply), value=value, alpha=alpha, beta=beta,
                                 move=move, score=score))

    def cutoff(self, ply: int, skipped: Sequence[Any]) -> None:
        if skipped:
            self.events.append(Event("cutoff", self.at(ply), skipped=tuple(skipped)))
        super().cutoff(ply, skipped)

    def hit(self, ply: int, value: float) -> float:
        self.events.append(Event("hit", self.at(ply), value=value))
        return super().hit(ply, value)

    def leave(self, ply: int, value: float | None) -> float | None:
        self.events.append(Event("return", self.at(ply), value=value))
        return value
