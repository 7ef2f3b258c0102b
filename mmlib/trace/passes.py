"""The searches that search their start node more than once, read as passes (:class:`Phase`)
with re-searches (:class:`Research`), and Monte Carlo tree search read as iterations
(:class:`Iteration`).

>>> from mmlib import search
>>> from mmlib.trace import trace_of
>>> result = search.aspiration([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=6, delta=1, trace=True)
>>> [phase.label() for phase in trace_of(result).phases]
['pass 1: window [5, 7] → ≤ 5 (fail low)', 'pass 2: window [−∞, 7] → 3 (exact)']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..trees import Path
from .bounds import EXACT, LOWER, SO_FAR, UNKNOWN, UPPER
from .events import TraceEvent, gamma_of, score_of, value_of, window_of
from .marks import Marks, MarksDraft
from .words import format_mark, format_test, format_value, format_window

WINDOW_KINDS = ("null", "full", "aspiration")
"""The windows a pass searches with: a null window (α = β = γ: a test "value ≥ γ?" or "> γ?"),
the full window [−∞, +∞], or an aspiration window (any other: narrowed on one side or both)."""


def window_kind(alpha: float, beta: float, test: str | None) -> str:
    """Which of :data:`WINDOW_KINDS` a pass with the window [``alpha``, ``beta``] and the
    null-window ``test`` (None: none) searches with.

    >>> window_kind(3, 3, ">"), window_kind(-math.inf, math.inf, None), window_kind(-math.inf, 7, None)
    ('null', 'full', 'aspiration')
    """
    if test is not None:
        return "null"
    return "full" if alpha == -math.inf and beta == math.inf else "aspiration"


@dataclass(frozen=True)
class Phase:
    """One pass of a search that searches its start node again and again.

    ``number`` counts from 1; events ``first`` to ``end - 1`` of the trace belong to it.
    The question: a window [``alpha``, ``beta``] (``test`` and ``gamma`` None), or a null-window
    test "is the value ≥ γ?" (``test`` ``">="``) or "> γ?" (``">"``) about the number ``gamma``,
    with alpha = beta = γ; ``window`` says which kind of window the pass searches with (one of
    :data:`WINDOW_KINDS`: ``"null"``, ``"full"`` or ``"aspiration"``).
    The answer: ``value`` returned by the start node, ``bound`` whether it is exact or a
    bound, and what all passes so far prove, ``lower`` ≤ value ≤ ``upper``.  ``nodes``,
    ``leaves``, ``cutoffs`` and ``researches`` count this pass alone.

    >>> from mmlib import search
    >>> from mmlib.trace import trace_of
    >>> second = trace_of(search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0, trace=True)).phases[1]
    >>> second.window, second.test, second.gamma, second.asks
    ('null', '>', 3, '“value > 3?”')
    """

    number: int
    first: int
    end: int
    alpha: float
    beta: float
    test: str | None
    gamma: float | None
    window: str
    value: float | None
    bound: str
    lower: float
    upper: float
    nodes: int
    leaves: int
    cutoffs: int
    researches: int

    @property
    def outcome(self) -> str:
        """``"fail low"`` (only an upper bound), ``"fail high"`` (a lower bound) or ``"exact"``."""
        return {LOWER: "fail high", UPPER: "fail low"}.get(self.bound, "exact")

    @property
    def asks(self) -> str:
        """The question of a null-window pass, ``“value ≥ 4?”`` (its ``test`` about ``gamma``);
        of a pass with a wider window, the window, ``[3, 5]``."""
        if self.test is not None and self.gamma is not None:
            return format_test(self.gamma, self.test)
        return format_window((self.alpha, self.beta))

    @property
    def question(self) -> str:
        """``null window “value ≥ 4?”`` or ``window [3, 5]``."""
        return f"null window {self.asks}" if self.window == "null" else f"window {self.asks}"

    def label(self) -> str:
        """``pass 3: null window “value ≥ 4?” → ≤ 3 (fail low)``."""
        if self.value is None:
            return f"pass {self.number}: {self.question}, cut short"
        return f"pass {self.number}: {self.question} → {format_mark(self.value, self.bound)} ({self.outcome})"


@dataclass(frozen=True)
class Research:
    """A child searched again in the same visit of its parent (PVS): its null-window test
    ``gamma``/``test`` answered ``answer``, so it is searched again from event ``event``
    with the window [``alpha``, ``beta``]."""

    path: Path
    event: int
    alpha: float
    beta: float
    answer: float | None
    gamma: float | None
    test: str | None


@dataclass(frozen=True)
class Iteration:
    """One iteration of Monte Carlo tree search, events ``first`` to ``end - 1``.

    ``selection``: the tree nodes followed from the root (chance outcomes drawn included);
    ``expansion``: the node added to the tree (None when the selection reached the end of
    the game); ``playout``: the positions of the random game after it, ending at ``leaf``,
    worth ``reward`` to MAX (1 win, 1/2 draw, 0 loss); ``backup``: (path, visits, wins) of
    every node on the way, after this iteration.  ``complete`` is False for an iteration the
    node budget cut short (its result is not used).
    """

    number: int
    first: int
    end: int
    selection: tuple[Path, ...]
    expansion: Path | None
    playout: tuple[Path, ...]
    leaf: Path | None
    leaf_value: float | None
    reward: float | None
    backup: tuple[tuple[Path, int, float], ...]
    complete: bool
    nodes: int
    leaves: int


def _iterations(events: Sequence[TraceEvent], start: Path) -> Iterable[Iteration]:
    """Cut a Monte Carlo transcript into its iterations (each starts by entering the root)."""
    firsts = [k for k, e in enumerate(events) if e.kind == "enter" and e.path == start]
    visits: dict[Path, int] = {}
    wins: dict[Path, float] = {}
    for number, (first, end) in enumerate(zip(firsts, firsts[1:] + [len(events)], strict=True), start=1):
        chunk = events[first:end]
        entered = [e.path for e in chunk if e.kind == "enter"]
        updates = [e for e in chunk if e.kind == "update"]
        leaf = next((e for e in chunk if e.kind == "leaf"), None)
        tree_path = tuple(e.path for e in updates)
        if updates:
            last = tree_path[-1]
            expansion = last if last != start and visits.get(last, 0) == 0 else None
            selection = tree_path[:-1] if expansion is not None else tree_path
            playout = tuple(p for p in entered if p not in set(tree_path))
        else:
            selection, expansion, playout = tuple(entered), None, ()
        for update in updates:
            visits[update.path] = visits.get(update.path, 0) + 1
            wins[update.path] = wins.get(update.path, 0.0) + score_of(update)
        yield Iteration(number, first, end, selection, expansion, playout,
                        None if leaf is None else leaf.path, None if leaf is None else leaf.value,
                        updates[0].score if updates else None,
                        tuple((p, visits[p], wins[p]) for p in tree_path), bool(updates),
                        len(entered), sum(1 for e in chunk if e.kind == "leaf"))


def find_researches(events: Sequence[TraceEvent], start: Path,
                    tests: dict[int, tuple[float, str]]) -> Iterable[Research]:
    """The children searched again in the same visit of their parent (PVS); ``tests``: the
    null-window test (γ, ``">="`` or ``">"``) the node of each event is in."""
    children: dict[Path, set[Path]] = {}     # the children entered in each node's current visit
    answer: dict[Path, int] = {}             # each node's last return (or table answer)
    for k, event in enumerate(events):
        if event.kind in ("return", "hit", "leaf"):
            answer[event.path] = k
        if event.kind != "enter":
            continue
        parent = event.path[:-1]
        if event.path != start and parent in children:
            if event.path in children[parent]:
                before = answer.get(event.path)
                gamma, test = tests.get(before, (None, None)) if before is not None \
                    else (None, None)
                yield Research(event.path, k, *window_of(event),
                               None if before is None else events[before].value, gamma, test)
            children[parent].add(event.path)
        children[event.path] = set()


def find_phases(events: Sequence[TraceEvent], start: Path, kinds_of_returns: dict[int, str],
                researches: Sequence[Research]) -> Iterable[Phase]:
    """One :class:`Phase` per search of the start node; ``kinds_of_returns``: whether the value each
    return says is exact or a bound (what that visit alone learnt)."""
    firsts = [k for k, e in enumerate(events) if e.kind == "pass"] or \
        [k for k, e in enumerate(events) if e.kind == "enter" and e.path == start]
    lower, upper = -math.inf, math.inf
    for number, (first, end) in enumerate(zip(firsts, firsts[1:] + [len(events)], strict=True), start=1):
        head = events[first]
        test = head.test if head.kind == "pass" else None
        answers = [k for k in range(first, end) if events[k].path == start
                   and events[k].kind in ("return", "hit")]
        value = events[answers[-1]].value if answers else None
        bound = kinds_of_returns.get(answers[-1], EXACT) if answers else UNKNOWN
        if value is not None:
            if bound in (EXACT, LOWER):
                lower = max(lower, value)
            if bound in (EXACT, UPPER):
                upper = min(upper, value)
        kinds = [e.kind for e in events[first:end]]
        alpha, beta = window_of(head)
        yield Phase(number, first, end, alpha, beta, test, gamma_of(head) if test is not None else None,
                    window_kind(alpha, beta, test), value, bound, lower, upper,
                    kinds.count("enter"), kinds.count("leaf"),
                    sum(1 for e in events[first:end] if e.kind == "cutoff" and e.skipped),
                    sum(1 for r in researches if first <= r.event < end))


def monte_carlo_marks(events: Sequence[TraceEvent], start: Path, step: int) -> Marks:
    """Monte Carlo tree search after ``step`` events: the tree grown so far with each node's
    wins/visits, and the positions of the current iteration's playout."""
    marks = MarksDraft(searched=True, start=start, monte_carlo=True)
    visits: dict[Path, int] = {}
    wins: dict[Path, float] = {}
    playout: list[Path] = []
    for event in events[:step]:
        path = event.path
        marks.current = path
        if event.kind == "enter":
            if path == start:                  # a new iteration: the last playout is gone
                for old in playout:
                    if old not in visits:
                        marks.entered.discard(old)
                        marks.values.pop(old, None)
                playout = []
            marks.entered.add(path)
            if path not in visits:
                playout.append(path)
        elif event.kind == "leaf":
            marks.values[path], marks.bound_kinds[path] = value_of(event), EXACT
        elif event.kind == "update":
            visits[path] = visits.get(path, 0) + 1
            wins[path] = wins.get(path, 0.0) + score_of(event)
            marks.values[path], marks.bound_kinds[path] = wins[path] / visits[path], SO_FAR
            marks.texts[path] = f"{format_value(wins[path])}/{visits[path]}"
    return marks.done()
