"""The model: :class:`Trace` replays a transcript once and answers what every view shows,
by the one rule for drawn values (:class:`_Known`): what the leaves evaluated below a node
prove about its value, propagated bottom up (a leaf is [v, v], a child never searched
[−∞, +∞], MAX takes the largest los and his, MIN the smallest, a chance node the weighted
sums); exact when both ends meet, else a bound on each end that says something.

>>> from mmlib import search
>>> from mmlib.trace import trace_of
>>> trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).value_text((1,))
'≤ 2'
>>> trace_of(search.alphabeta([[3, 5], [[[1, 7], 8], 2]], trace=True)).value_text((1,))  # 8 and 2
'2'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError
from ..trees import Path, Tree
from .algorithms import ALPHABETA_NAMES, Algorithm, replays, search_name
from .bounds import (
    EXACT,
    LOWER,
    SO_FAR,
    UNKNOWN,
    UPPER,
    Window,
    _same,
    bound_of,
    chance_bound,
    known_kind,
    null_window_bound,
)
from .events import TraceEvent, _normalised, question_of, value_of
from .marks import Marks, MarksDraft
from .narration import _Narrator, evaluated_words
from .passes import Iteration, Phase, Research, _iterations, find_phases, find_researches, monte_carlo_marks
from .trees import _is_chance, _probabilities, _subtree_paths, view_tree
from .words import _tally_text, format_value

if TYPE_CHECKING:
    from ..trees.convert import AnyTree


class Trace:
    """Everything the views show about one search on an explicit tree, derived from its events.

    Build it with :func:`trace_of` (from a :class:`~mmlib.search.SearchResult`) or
    :meth:`from_events`.  ``events`` are the transcript's events with paths from the tree's
    root and values from MAX's point of view; ``variant`` is ``"minimax"``,
    ``"fail-soft"`` or ``"fail-hard"``; ``cutoff`` is ``">="`` or ``">"``; ``pv`` the
    search's own principal variation, when it knows it better than its transcript does
    (MTD(f) and SSS* read it from their table, Monte Carlo tree search follows the visits).
    ``kind`` is the :class:`~mmlib.trace.algorithms.Algorithm` the name ``algorithm`` stands
    for (None for a name of no search the replay knows).

    For the searches of several passes, ``phases`` holds one :class:`Phase` per pass and
    ``researches`` the children searched again (:class:`Research`); for Monte Carlo tree
    search, ``iterations`` one :class:`Iteration` each.  Every value and bound learnt in a
    pass stays true, so a node searched again shows the tightest of what it has learnt.

    >>> from mmlib import search
    >>> from mmlib.trace import trace_of
    >>> model = trace_of(search.alphabeta([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], trace=True))
    >>> final = model.marks()
    >>> final.value_text(()), final.value_text((0, 1)), final.value_text((1,))
    ('5', '≥ 6', '≤ 2')
    >>> [model.tree.label_of(p) for p in model.pruned_leaves], model.pv
    (['K', 'N', 'O'], (0, 0, 1))
    """

    def __init__(self, tree: AnyTree, events: Sequence[Any], *, start: Path = (), variant: str = "fail-soft",
                 cutoff: str = ">=", negamax: bool = False, algorithm: str | None = None,
                 pv: Sequence[Any] | None = None):
        if variant not in ("minimax", "fail-soft", "fail-hard"):
            raise ArgumentError(f"variant: expected 'minimax', 'fail-soft' or 'fail-hard', got {variant!r}")
        if cutoff not in (">=", ">"):
            raise ArgumentError(f"cutoff: expected '>=' or '>', got {cutoff!r}")
        self.tree: Tree = view_tree(tree)
        self.start: Path = tuple(start)
        self.variant = variant
        self.cutoff = cutoff
        self.fail_hard = variant == "fail-hard"
        self.algorithm = algorithm or (
            variant if variant == "minimax" else f"alphabeta ({variant}, {cutoff})")
        self.kind: Algorithm | None = Algorithm.named(self.algorithm)
        about = replays(self.kind)
        self.chance = about is not None and about.chance
        self.random_opponent = self.kind is Algorithm.EXPECTIMAX    # MIN thought to move at random
        self.multipass = about is not None and about.passes
        self.monte_carlo = about is not None and about.monte_carlo
        self._given_pv = None if pv is None else tuple(pv)
        self.events: tuple[TraceEvent, ...] = tuple(_normalised(events, self.start, negamax))
        first = self.events[0] if self.events else None
        # Star1 and Star2 know that every value lies in [L, U], the window of their start node
        self.lowest, self.highest = (first.alpha, first.beta) \
            if self.chance and first is not None and first.alpha is not None and first.beta is not None \
            else (-math.inf, math.inf)
        self._sentences: dict[int, str] = {}           # event -> its sentence, once asked for
        self._building = True                          # replaying the final view in __init__
        self._kinds: dict[int, str] = {}
        self._raw_kinds: dict[int, str] = {}          # what one visit's answer says by its window
        self._known_at: dict[int, tuple[float, float]] = {}   # return event -> what its leaves prove
        self._tests: dict[int, tuple[float, str]] = {}   # event -> (γ, test) of its null-window node
        self.iterations: tuple[Iteration, ...] = \
            tuple(_iterations(self.events, self.start)) if self.monte_carlo else ()
        self._final = self._replay(len(self.events))
        self.researches: tuple[Research, ...] = \
            tuple(find_researches(self.events, self.start, self._tests)) if self.multipass else ()
        self.phases: tuple[Phase, ...] = \
            tuple(find_phases(self.events, self.start, self._raw_kinds, self.researches)) \
            if self.multipass else ()
        self._final = replace(self._final, pv=self.pv, current=None)
        self._building = False

    @classmethod
    def from_events(cls, tree: AnyTree, events: Sequence[Any], **options: Any) -> Trace:
        """The model of the transcript ``events`` on ``tree`` (options as for the class)."""
        return cls(tree, events, **options)

    # -- facts about the finished search -----------------------------------------------------
    @property
    def value(self) -> float | None:
        """The value the search returned at its start node."""
        return self._final.values.get(self.start)

    @property
    def bound(self) -> str:
        """What the evaluated leaves prove about the start node's value (:data:`EXACT`,
        :data:`LOWER`, :data:`UPPER`, :data:`BETWEEN`, :data:`UNKNOWN`)."""
        return self._final.bound_kinds.get(self.start, EXACT)

    def known(self, path: Path) -> tuple[float, float] | None:
        """The interval [lo, hi] the evaluated leaves prove for the node at ``path`` in the
        finished search (None for a node the search never returned from).

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).known((1,))
        (-inf, 2)
        """
        return self._final.known.get(tuple(path))

    @property
    def pv(self) -> tuple[Any, ...]:
        """The principal variation: from the start node, the best move at each node (for the
        searches of several passes and Monte Carlo tree search, the search's own)."""
        if self._given_pv is not None:
            return self._given_pv
        best = self._best_moves()
        line, path = [], self.start
        while path in best:
            line.append(best[path])
            path = path + (best[path],)
        return tuple(line)

    @property
    def pruned_leaves(self) -> list[Path]:
        """The leaves inside pruned subtrees, left to right."""
        pruned = self._final.pruned
        return [leaf.path for leaf in self.tree.leaves() if leaf.path in pruned]

    def pruned_by(self, step: int) -> list[Path]:
        """The leaves (paths, left to right) that the cutoff ``events[step]`` prunes; none when
        that event is not a cutoff.

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> model = trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True))
        >>> [p for k in range(len(model.events)) for p in model.pruned_by(k)]
        [(1, 1), (1, 2)]
        """
        step = self._check_step(step)
        event = self.events[step]
        if event.kind != "cutoff":
            return []
        roots = [event.path + (move,) for move in event.skipped]
        return [leaf.path for leaf in self.tree.leaves() if any(leaf.path[:len(r)] == r for r in roots)]

    def window_set_by(self, step: int) -> int:
        """Why the node entered at ``events[step]`` has its [α, β] window: the event that gave
        its parent that window (the parent's entry, or the update after its last child
        returned); ``step`` itself for the start node, which is entered with the search's window.

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> model = trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True))
        >>> c = model.entered_at((2,))                                   # D, entered with [3, +∞]
        >>> model.sentence(model.window_set_by(c))          # after C returned, A's update
        "at A: C returned 2, so A's value so far is 3; now α = 3, β = +∞."
        """
        step = self._check_step(step)
        path = self.events[step].path
        if path == self.start:
            return step
        parent = path[:-1]
        return next(j for j in range(step - 1, -1, -1)
                    if self.events[j].path == parent and self.events[j].kind in ("enter", "update"))

    def entered_at(self, path: Path) -> int | None:
        """The first event that enters the node at ``path`` (None if the search never does)."""
        path = tuple(path)
        return next((k for k, e in enumerate(self.events) if e.kind == "enter" and e.path == path), None)

    def _check_step(self, step: int) -> int:
        return _validate.whole("step", step, minimum=0, maximum=len(self.events) - 1)

    @property
    def evaluation_order(self) -> list[Path]:
        """The nodes evaluated statically, in order: the leaves, and the nodes at a depth limit."""
        return [e.path for e in self.events if e.kind == "leaf"]

    def label(self, path: Path) -> str:
        """The label of the node at ``path``."""
        return self.tree.label_of(path)

    def value_text(self, path: Path) -> str:
        """The final value of ``path`` as drawn (``3``, ``≥ 6``, ``≤ 2``; ``""`` if never known)."""
        return self._final.value_text(path)

    def marks(self, step: int | None = None) -> Marks:
        """What to show after the first ``step`` events, with the current node (None: the
        finished search, with the principal variation).  In every frame a node's window is the
        one it was entered with (the current α and β are told by :meth:`sentence`).

        During the search a node still being searched shows what the leaves evaluated below it
        so far prove (a MAX node with a child worth 3 is at least 3), and its best value so far
        as ``(5)`` while they prove nothing.
        """
        if step is None:
            return replace(self._final, values=dict(self._final.values),
                           bound_kinds=dict(self._final.bound_kinds))
        return self._replay(_validate.whole("step", step, minimum=0, maximum=len(self.events)))

    def end_marks(self) -> Marks:
        """The last frame of a step-through: the finished search (its principal variation, and
        as pruned what no pass entered) with the start node current, and over several passes
        the static evaluations of the last pass numbered, the pass the frame shows.

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> model = trace_of(search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0, trace=True))
        >>> end = model.end_marks()
        >>> end.numbered, sorted(model.label(path) for path in end.leaf_numbers), end.pv
        ('pass 2', ['H', 'K', 'L', 'M'], (0, 0))
        """
        end = self.marks().at(self.start)
        if len(self.phases) < 2:
            return end
        last = self._replay(len(self.events))
        return replace(end, leaf_numbers=last.leaf_numbers, numbered=last.numbered)

    @property
    def name(self) -> str:
        """The search as the lectures name it (:func:`~mmlib.trace.algorithms.search_name`):
        alpha-beta with the variant and the cutoff test this transcript replays."""
        if self.kind is Algorithm.ALPHABETA and self.algorithm in ALPHABETA_NAMES:
            return search_name(self.algorithm, self.variant, self.cutoff)
        return search_name(self.algorithm)

    def describe(self) -> str:
        """The finished search in words (the text alternative of its drawings).

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> print(trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).describe())
        ... # doctest: +NORMALIZE_WHITESPACE
        alpha-beta (fail-soft, cut when α ≥ β): value 3 at A, best move to B; 7 of 9 leaves evaluated;
        pruned leaves: I, J.
        >>> print(trace_of(search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0, trace=True)).describe())
        ... # doctest: +NORMALIZE_WHITESPACE
        MTD(f): value 3 at A, best move to B; 2 passes: null window “value ≥ 0?” → ≥ 3 (fail high),
        null window “value > 3?” → ≤ 3 (fail low); 7 of 9 leaves evaluated; pruned leaves: I, J.
        """
        total = sum(1 for leaf in self.tree.leaves() if leaf.path[:len(self.start)] == self.start)
        if self.monte_carlo:
            return self._describe_monte_carlo(total)
        text = f"{self.name}: value {self.value_text(self.start)} at {self.label(self.start)}"
        if self.pv:
            text += f", best move to {self.label(self.start + self.pv[:1])}"
        if len(self.phases) > 1:
            text += f"; {len(self.phases)} passes: " + ", ".join(
                p.label().split(": ", 1)[1] for p in self.phases)
        pruned = [self.label(p) for p in self.pruned_leaves]
        return (f"{text}; {evaluated_words(self.tree, self.evaluation_order, total)}; "
                f"pruned leaves: {', '.join(pruned) or 'none'}.")

    def _describe_monte_carlo(self, total: int) -> str:
        complete = [it for it in self.iterations if it.complete]
        text = f"{self.name}: {len(complete)} iterations from {self.label(self.start)}"
        if self.pv and complete:
            child = self.start + self.pv[:1]
            visits = {p: (v, w) for it in complete for p, v, w in it.backup}
            v, w = visits.get(child, (0, 0.0))
            text += (f", best move to {self.label(child)} ({_tally_text(w, v)} of "
                     f"{len(complete)})")
        grown = {p for it in complete for p, _, _ in it.backup}
        return f"{text}; {len(grown)} nodes in its tree; {len(set(self.evaluation_order))} of {total} " \
               "leaves reached by playouts."

    # -- narration -------------------------------------------------------------------------
    def sentence(self, k: int) -> str:
        """One sentence saying what the event ``events[k]`` did.

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> model = trace_of(search.alphabeta([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], trace=True))
        >>> model.sentence(next(i for i, e in enumerate(model.events) if e.kind == "cutoff"))
        "at E: 6 ≥ β = 5, so E's remaining child K is pruned."
        """
        k = _validate.whole("k", k, minimum=0, maximum=len(self.events) - 1, what="an event number")
        if k not in self._sentences:
            text = _Narrator(self).sentence(k)
            phase, iteration = self.phase_at(k), self.iteration_at(k)
            if phase is not None and len(self.phases) > 1 and self.events[k].kind != "pass":
                text = f"pass {phase.number}: {text}"
            elif iteration is not None:
                text = f"iteration {iteration.number}: {text}"
            self._sentences[k] = text
        return self._sentences[k]

    @property
    def sentences(self) -> list[str]:
        """The sentence of every event, in order."""
        return [self.sentence(k) for k in range(len(self.events))]

    # -- replaying -------------------------------------------------------------------------
    def averages(self, path: Path) -> bool:
        """True when the node at ``path`` takes the expected value of its children: a chance
        node, or a MIN node in expectimax (an opponent thought to move at random)."""
        node = self.tree.node(path)
        if node.is_leaf():
            return False
        return _is_chance(node) or (self.random_opponent and not node.is_max)

    def probabilities(self, path: Path) -> tuple[float, ...]:
        """The probability of each child of an averaging node (empty for MAX and MIN nodes)."""
        return _probabilities(self.tree.node(path), averaging=self.averages(path))

    def kind_of_return(self, k: int) -> str:
        """What the leaves evaluated by then prove about the node that returns at ``events[k]``
        (:data:`EXACT`, :data:`LOWER`, :data:`UPPER`, :data:`BETWEEN`, :data:`UNKNOWN`)."""
        return self._kinds.get(k, EXACT)

    def known_at(self, k: int) -> tuple[float, float] | None:
        """The interval [lo, hi] the leaves evaluated by then prove for the node that returns at
        ``events[k]`` (None when that event is no return)."""
        return self._known_at.get(k)

    def window_kind(self, k: int) -> str:
        """What the number returned at ``events[k]`` says by itself, read from the node's window
        or null-window test (exact when that visit searched everything below it): what the
        narration explains before it tells what the leaves prove."""
        return self._raw_kinds.get(k, EXACT)

    def _replay(self, step: int) -> Marks:
        """The marks after the first ``step`` events, read one event at a time (:class:`_Replay`)."""
        if self.monte_carlo:
            return monte_carlo_marks(self.events, self.start, step)
        replay = _Replay(self, final=step == len(self.events) and self._building)
        for k, event in enumerate(self.events[:step]):
            replay.read(k, event)
        return replay.done(finished=step == len(self.events))

    def _show_known(self, marks: MarksDraft, path: Path, known: _Known) -> bool:
        """Mark the node at ``path``, still being searched, with what the leaves evaluated so far
        prove about it; False (and nothing marked) when they prove nothing yet."""
        low, high = known.of(path)
        kind = known_kind(low, high, self.lowest, self.highest)
        if kind == UNKNOWN:
            return False
        marks.values[path] = high if kind == UPPER else low
        marks.bound_kinds[path], marks.known[path] = kind, (low, high)
        return True

    def _returned_kind(self, event: TraceEvent, window: Window | None, stopped: bool, probed: bool,
                       test: tuple[float, str] | None = None) -> str:
        """What a value says when something below its node was pruned (or fail-hard clamped it):
        a bound on the side of the node's window it fell on, exact inside the window."""
        if test is not None:
            if self.tree.node(event.path).is_leaf():
                return EXACT
            return null_window_bound(value_of(event), *test)
        if self.chance and event.path == self.start and window is not None and window[0] is not None:
            # Star1 and Star2 search the start node in (L, U), the bounds on every value: the
            # whole window, so what it returns there is the value of the game.
            return EXACT
        return self._returned_bound(event, window, stopped, probed)

    def _returned_bound(self, event: TraceEvent, window: Window | None, stopped: bool,
                        probed: bool) -> str:
        node = self.tree.node(event.path)
        if self.chance and (stopped or probed) and event.kind == "return" and not node.is_leaf() and \
                not self.averages(event.path):
            # A MAX (MIN) node that stopped early is worth at least (at most) what it found:
            # after a cutoff (value >= β, or <= α) and after a Star2 probe alike (a probe
            # searches the first move only, in a window of its own, and reports no update).
            return LOWER if node.is_max else UPPER
        if self.chance and self.averages(event.path):
            alpha, beta = window if window is not None else (None, None)
            if alpha is None or beta is None:
                return EXACT
            return chance_bound(value_of(event), (alpha, beta), stopped=stopped)
        return bound_of(value_of(event), window, fail_hard=self.fail_hard)

    # -- passes, re-searches, iterations -----------------------------------------------------
    def counts(self) -> dict[str, int]:
        """Nodes, leaves, cutoffs, re-searches and passes, counted from the transcript alone.

        Nodes are the nodes entered, leaves the static evaluations, cutoffs the times a node
        skipped children.  Passes: searches of the start node (Monte Carlo tree search: the
        iterations completed).  Re-searches: every pass after the first, and every child
        searched again in the same visit of its parent (PVS).

        >>> from mmlib import search
        >>> from mmlib.trace import trace_of
        >>> trace_of(search.pvs([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).counts()
        {'nodes': 11, 'leaves': 7, 'cutoffs': 1, 'researches': 0, 'passes': 1}
        """
        kinds = [event.kind for event in self.events]
        counts = {"nodes": kinds.count("enter"), "leaves": kinds.count("leaf"),
                  "cutoffs": sum(1 for e in self.events if e.kind == "cutoff" and e.skipped)}
        if self.monte_carlo:
            passes, researches = sum(1 for it in self.iterations if it.complete), 0
        elif self.multipass:
            passes = sum(1 for e in self.events if e.kind == "enter" and e.path == self.start)
            researches = max(passes - 1, 0) + len(self.researches)
        else:
            passes, researches = 1, 0
        return {**counts, "researches": researches, "passes": passes}

    def phase_at(self, k: int) -> Phase | None:
        """The pass the event ``events[k]`` belongs to (None for a search of one pass)."""
        for phase in self.phases:
            if phase.first <= k < phase.end:
                return phase
        return None

    def iteration_at(self, k: int) -> Iteration | None:
        """The Monte Carlo iteration the event ``events[k]`` belongs to."""
        for iteration in self.iterations:
            if iteration.first <= k < iteration.end:
                return iteration
        return None

    def research_at(self, k: int) -> Research | None:
        """The re-search that starts with the event ``events[k]`` (None if it starts none)."""
        return next((r for r in self.researches if r.event == k), None)

    def test_at(self, k: int) -> tuple[float, str] | None:
        """The null-window test (γ, ``">="`` or ``">"``) the node of ``events[k]`` is in."""
        return self._tests.get(k)

    def phase_text(self, step: int) -> str:
        """Which pass or iteration the search is in after ``step`` events ("" if it has one pass),
        with what the passes before it proved: ``pass 2 of 3 asks “value > 3?”; so far
        3 ≤ value ≤ +∞`` or ``iteration 4 of 10``.  After the last event it says what all the passes
        proved instead: ``…; proved value = 3``."""
        k = min(max(step - 1, 0), len(self.events) - 1) if self.events else 0
        if self.monte_carlo and self.iterations:
            iteration = self.iteration_at(k) or self.iterations[0]
            return f"iteration {iteration.number} of {len(self.iterations)}"
        if len(self.phases) > 1:
            phase = self.phase_at(k) or self.phases[0]
            text = f"pass {phase.number} of {len(self.phases)}"      # a title's room is one line
            text += f" asks {phase.asks}" if phase.window == "null" else f", {phase.question}"
            if step >= len(self.events) and phase is self.phases[-1]:      # the search is over
                return f"{text}; proved {_proved(phase.lower, phase.upper)}"
            if phase.number > 1:
                before = self.phases[phase.number - 2]
                text += f"; so far {_proved(before.lower, before.upper)}"
            return text
        return ""

    def _unprune(self, marks: MarksDraft, path: Path) -> None:
        """A node entered again is no longer pruned, nor is anything below it yet."""
        below = set(_subtree_paths(self.tree, path))
        if below & marks.pruned:
            marks.pruned -= below
            marks.pruned_roots -= below

    def _best_moves(self) -> dict[Path, Any]:
        """At each node, the move whose score last improved its value (the search's best move)."""
        best: dict[Path, Any] = {}
        previous: dict[Path, float | None] = {}
        for event in self.events:
            if event.kind == "enter":
                best.pop(event.path, None)
                previous[event.path] = None
            elif event.kind == "update" and self.chance and self.averages(event.path):
                continue
            elif event.kind == "update":
                before = previous.get(event.path)
                if event.score == event.value and (before is None or event.value != before):
                    best[event.path] = event.move
                previous[event.path] = event.value
        return best


class _Replay:
    """One replay of a transcript up to some step: the marks so far, and what the search's
    stack of visits knows while the events are read one by one (:meth:`read`).

    ``final``: this replay builds the finished search's view, and also records what each
    returned number says (the trace's ``_kinds``, ``_known_at``, ``_raw_kinds`` and ``_tests``).
    """

    def __init__(self, trace: Trace, *, final: bool):
        self.trace, self.final = trace, final
        self.marks = MarksDraft(searched=True, start=trace.start)
        self.entry: dict[Path, Window] = {}      # the window each node was entered with
        self.cut: set[Path] = set()             # nodes whose current visit stopped early
        self.updated: set[Path] = set()         # nodes whose current visit heard from a child
        self.known = _Known(trace)              # what the leaves evaluated so far prove, node by node
        self.tests: dict[Path, tuple[float, str]] = {}      # the null-window test a node is in (γ, test)
        self.announced: dict[Path, tuple[float, str]] = {}  # PVS's "test" markers, until the node is entered
        self.pass_test: tuple[float, str] | None = None
        self.ever_pruned: set[Path] = set()                 # pruned in some pass
        self.below = _Below(trace)                          # what each visit searched below its node
        self.revisits = trace.chance or trace.multipass
        self.leaves = 0
        self.passes = sum(1 for event in trace.events if event.kind == "pass") if trace.multipass else 0
        self.pass_number = 0

    def read(self, k: int, event: TraceEvent) -> None:
        """Take the event ``events[k]`` into the marks."""
        self.marks.current = event.path
        if event.kind == "pass":
            self.new_pass(event)
            return
        if event.kind == "test":
            self.announced[event.path] = question_of(event)
            return
        if event.kind == "enter":
            self.enter(event)
        if self.final and event.path in self.tests:
            self.trace._tests[k] = self.tests[event.path]
        if event.kind == "leaf":
            self.leaf(event)
        elif event.kind == "update":
            self.update(event)
        elif event.kind == "cutoff":
            self.cutoff(event)
        elif event.kind in ("return", "hit"):
            self.returned(k, event)

    def new_pass(self, event: TraceEvent) -> None:
        """A new pass: what it prunes is its own, and so are the numbers of its static
        evaluations at a step (the finished search numbers them over every pass)."""
        self.pass_test = question_of(event) if event.test is not None else None
        self.pass_number += 1
        if self.passes > 1 and not self.final:
            self.leaves = 0
            self.marks.leaf_numbers.clear()
            self.marks.numbered = f"pass {self.pass_number}"
        self.marks.pruned.clear()
        self.marks.pruned_roots.clear()
        self.marks.windows.clear()

    def enter(self, event: TraceEvent) -> None:
        """A visit begins: its window, its test (a pass's or PVS's), and nothing known of it yet."""
        path, marks = event.path, self.marks
        if self.revisits and marks.pruned:        # searched again (Star2's probes, re-searches)
            self.trace._unprune(marks, path)
        if self.trace.multipass:
            test = self.announced.pop(path, None) or (
                self.pass_test if path == self.trace.start else self.tests.get(path[:-1]))
            if test is not None and event.alpha == event.beta:
                self.tests[path] = test
            else:
                self.tests.pop(path, None)
        marks.entered.add(path)
        self.below.enter(path)
        self.entry[path] = marks.windows[path] = (event.alpha, event.beta)
        self.cut.discard(path)
        self.updated.discard(path)
        self._forget(path)

    def leaf(self, event: TraceEvent) -> None:
        """A static evaluation: exact at the leaf, and news for every node above it still searched,
        each of which shows at once what the leaves now prove about it (a parent drawn exact
        because a child is bounded shows that child's bound in the same frame)."""
        path, marks, value = event.path, self.marks, value_of(event)
        self.leaves += 1
        self.below.leaf(path, value)
        self.known.leaf(path, value)
        marks.leaf_numbers[path] = self.leaves
        marks.values[path], marks.bound_kinds[path] = value, EXACT
        marks.known[path] = (value, value)
        for depth in range(len(path) - 1, len(self.trace.start) - 1, -1):    # nodes still being searched
            self.trace._show_known(marks, path[:depth], self.known)

    def update(self, event: TraceEvent) -> None:
        """A node still being searched: what its leaves prove so far, else its best value so far."""
        self.updated.add(event.path)
        if not self.trace._show_known(self.marks, event.path, self.known):
            self.marks.values[event.path], self.marks.bound_kinds[event.path] = value_of(event), SO_FAR
            self.marks.known.pop(event.path, None)

    def cutoff(self, event: TraceEvent) -> None:
        """The remaining children are skipped: their subtrees are pruned (unless Star2 probed them),
        and the node shows what the leaves evaluated prove about it, the reason it stopped (a
        chance node stops without a running value to show)."""
        self.cut.add(event.path)
        self.trace._show_known(self.marks, event.path, self.known)
        for move in event.skipped:
            root = event.path + (move,)
            if self.trace.chance and root in self.marks.entered:    # probed by Star2: not pruned
                continue
            subtree = list(_subtree_paths(self.trace.tree, root))
            self.marks.pruned_roots.add(root)
            self.marks.pruned.update(subtree)
            if self.trace.multipass:
                self.ever_pruned.update(subtree)

    def returned(self, k: int, event: TraceEvent) -> None:
        """A visit ends (or a table hit answers): its number, and what the leaves prove about it."""
        path, marks = event.path, self.marks
        if event.value is None:                 # a probe that learnt nothing
            self._forget(path)
            return
        marks.values[path] = event.value
        searched_all, full_value = self.below.returned(path, hit=event.kind == "hit")
        low, high = marks.known[path] = self.known.of(path)
        marks.bound_kinds[path] = kind = known_kind(low, high, self.trace.lowest, self.trace.highest)
        if not self.final:
            return
        self.trace._kinds[k], self.trace._known_at[k] = kind, (low, high)
        if searched_all and (full_value is None or _same(full_value, event.value)):
            self.trace._raw_kinds[k] = EXACT   # this visit searched everything below
        else:
            self.trace._raw_kinds[k] = self.trace._returned_kind(
                event, self.entry.get(path), path in self.cut, path not in self.updated, self.tests.get(path))

    def _forget(self, path: Path) -> None:
        self.marks.values.pop(path, None)
        self.marks.bound_kinds.pop(path, None)
        self.marks.known.pop(path, None)

    def done(self, *, finished: bool) -> Marks:
        """The marks; for the finished search, every node's window on entry and, over several
        passes, as pruned what no pass ever entered."""
        marks = self.marks
        if finished:
            marks.windows = dict(self.entry)
        if finished and self.trace.multipass:
            marks.numbered = f"passes 1–{self.passes}" if self.passes > 1 and self.final else marks.numbered
            marks.pruned = self.ever_pruned - marks.entered
            marks.pruned_roots = {p for p in marks.pruned if p[:-1] not in marks.pruned}
        return marks.done()


class _Below:
    """What one visit of each node searched below it: whether every child was searched with
    nothing pruned below, and then the node's true value, backed up from its children.

    It tells what one returned number says by itself (:meth:`Trace.window_kind`, which the
    narration explains and the passes of MTD(f) and SSS* read): exact when that visit pruned
    nothing below its node, else a bound on the side of the window it fell on
    (:func:`bound_of`).  What is drawn is what the leaves prove (:class:`_Known`).  A
    transposition-table hit searched nothing below its node.
    """

    def __init__(self, trace: Trace):
        self.trace = trace
        self.complete: dict[Path, dict[Any, bool]] = {}   # node -> {move: child searched in full}
        self.full: dict[Path, float] = {}                 # true values of fully searched nodes

    def enter(self, path: Path) -> None:
        self.complete[path] = {}
        self.full.pop(path, None)

    def leaf(self, path: Path, value: float) -> None:
        self.full[path] = value
        self._tell_parent(path, True)

    def returned(self, path: Path, *, hit: bool = False) -> tuple[bool, float | None]:
        """Whether the visit of ``path`` that returns now searched everything below it, and
        then the node's true value (None for a leaf, whose value is its own)."""
        node = self.trace.tree.node(path)
        children = self.complete.get(path, {})
        searched_all = not hit and (node.is_leaf() or (
            len(children) == len(node.children) and all(children.values())))
        self._tell_parent(path, searched_all)
        if not searched_all or node.is_leaf():
            return searched_all, None
        values = [self.full[child.path] for child in node.children]
        if self.trace.averages(path):
            value = math.fsum(p * v for p, v in zip(self.trace.probabilities(path), values, strict=True))
        else:
            value = max(values) if node.is_max else min(values)
        self.full[path] = value
        return True, value

    def _tell_parent(self, path: Path, searched_all: bool) -> None:
        if len(path) > len(self.trace.start) and path[:-1] in self.complete:
            self.complete[path[:-1]][path[-1]] = searched_all


class _Known:
    """What the leaves evaluated so far prove about each node's value, the one rule every view
    draws: an interval [lo, hi] propagated bottom up.  A leaf evaluated is [v, v] (so is a node
    evaluated statically at a depth limit); a node below which nothing was evaluated is
    [L, U], the bounds on every value (±∞ unless Star1 or Star2 knows them); a MAX node is
    [max of the los, max of the his], a MIN node [min of the los, min of the his], and an
    averaging node (a chance node, expectimax's MIN) the probability-weighted sums.  Each
    leaf updates the nodes above it, so the replay stays linear in the events.
    """

    def __init__(self, trace: Trace):
        self.trace = trace
        self.unknown = (trace.lowest, trace.highest)
        self.intervals: dict[Path, tuple[float, float]] = {}

    def of(self, path: Path) -> tuple[float, float]:
        """What the leaves evaluated so far prove about the node at ``path``."""
        return self.intervals.get(path, self.unknown)

    def leaf(self, path: Path, value: float) -> None:
        """The leaf (or statically evaluated node) at ``path`` is worth ``value``: tell every
        node above it, up to the start node."""
        self.intervals[path] = (value, value)
        for depth in range(len(path) - 1, len(self.trace.start) - 1, -1):
            above = path[:depth]
            self.intervals[above] = self._combined(above)

    def _combined(self, path: Path) -> tuple[float, float]:
        node = self.trace.tree.node(path)
        below = [self.of(child.path) for child in node.children]
        lows, highs = [low for low, _ in below], [high for _, high in below]
        if self.trace.averages(path):
            weights = self.trace.probabilities(path)
            return _weighted(weights, lows, -1), _weighted(weights, highs, 1)
        pick = max if node.is_max else min
        return pick(lows), pick(highs)


def _weighted(weights: Sequence[float], numbers: Sequence[float], side: int) -> float:
    """Σ p·x over the outcomes of positive probability; an infinite x makes the sum infinite
    (on the loose ``side``, −1 for a lower end and +1 for an upper end, if both signs occur).

    >>> _weighted([0.5, 0.5], [2, 4], 1), _weighted([0.5, 0.5], [2, math.inf], 1)
    (3.0, inf)
    """
    terms = [(p, x) for p, x in zip(weights, numbers, strict=True) if p > 0]
    infinite = {math.copysign(1, x) for _, x in terms if math.isinf(x)}
    if infinite:
        return side * math.inf if side in infinite else -side * math.inf
    return math.fsum(p * x for p, x in terms)


def _proved(lower: float, upper: float) -> str:
    """What passes proved about a value: ``value = 3`` or ``3 ≤ value ≤ +∞``."""
    if lower == upper:
        return f"value = {format_value(lower)}"
    return f"{format_value(lower)} ≤ value ≤ {format_value(upper)}"
