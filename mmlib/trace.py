"""What a search did, read once from its transcript: the model every view paints.

A search run with ``trace=True`` writes a transcript of events (see
:class:`mmlib.instrument.Event`).  :class:`Trace` reads it once and answers everything a
drawing, the step-through explorer, the tree editor or a quiz answer key shows:

- the value of every node the search returned, and whether it is **exact** or only a
  **bound**, by one rule: a node's value is exact when nothing below it was pruned (and,
  fail-hard, the search did not clamp it to the window).  When something was, a node entered
  with the window (α, β) that returns r has the exact value r when α < r < β; when r ≤ α
  its true value is at most r (an upper bound, written ``≤ r``); when r ≥ β it is at least
  r (a lower bound, ``≥ r``) (Knuth & Moore 1975).  Leaves are exact, and so is every node
  of plain minimax.  Chance nodes follow the same rule (see :func:`chance_bound`);
- the window each node was entered with, the nodes entered, the pruned subtrees (nodes
  never entered because a cutoff skipped them) and the order in which leaves were evaluated;
- the principal variation (the best move at each node, from the root down);
- one sentence per event saying what happened (:meth:`Trace.sentence`).

Negamax transcripts (values from the side to move) are turned to MAX's point of view
first, so every value and window here reads as in a minimax figure.

Trees with chance nodes and with several MIN (or MAX) agents per round
(:class:`~mmlib.beyond.LayeredTree`) are read too: transcripts of expectimax,
expectiminimax and Ballard's (1983) Star1 and Star2, and of minimax and alpha-beta on
multi-agent trees.  A chance node entered by Star1 or Star2 with the window (α, β) that
returns r with outcomes pruned below it is exact when α < r < β, at most r when r ≤ α and
at least r when r ≥ β, as for alpha-beta (the proof is at :func:`chance_bound`); a node
Star2 only *probed* (searched through its first move) is at least its value at MAX and at
most it at MIN.

Searches that search the start node more than once are read as a sequence of **passes**
(:class:`Phase`): aspiration windows (a window, widened after a fail low or high), PVS (one
pass, with null-window tests and a :class:`Research` of a child whose test failed high),
MTD(f) and SSS* (one null-window test per pass, each proving a bound on the value).  Monte
Carlo tree search is read as **iterations** (:class:`Iteration`): selection, expansion,
playout, and the visits and wins backed up.  :meth:`Trace.counts` recounts nodes, leaves,
cutoffs, re-searches and passes from the transcript alone.

>>> from mmlib import search, trees
>>> mtd = trace_of(search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0, trace=True))
>>> [phase.label() for phase in mtd.phases]
['pass 1: null window “value ≥ 0?” → ≥ 3 (fail high)', 'pass 2: null window “value > 3?” → ≤ 3 (fail low)']
>>> mtd.counts()["researches"], (mtd.phases[-1].lower, mtd.phases[-1].upper)
(1, (3, 3))

>>> from mmlib.beyond import expectiminimax, layered_tree
>>> dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
...                     layers="max chance min")            # AIMA figure 5.12, left
>>> star1 = trace_of(expectiminimax(dice, pruning="star1", trace=True))
>>> star1.value_text(()), star1.value_text((1,)), [dice.label_of(p) for p in star1.pruned_leaves]
('2.1', '≤ 1.3', ['M', 'N', 'O'])

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])    # AIMA figure 5.2
>>> model = trace_of(search.alphabeta(tree, trace=True))
>>> model.value_text(()), model.value_text((1,)), [tree.label_of(p) for p in model.pruned_leaves]
('3', '≤ 2', ['I', 'J'])
>>> model.sentence(len(model.events) - 1)
'A returns 3: the value of the game is 3.'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .errors import ArgumentError, ArgumentTypeError, describe
from .instrument import Event
from .trees import Path, Tree, as_tree

__all__ = [
    "EXACT",
    "LOWER",
    "UPPER",
    "SO_FAR",
    "UNKNOWN",
    "Marks",
    "Trace",
    "TraceEvent",
    "Window",
    "value_of",
    "score_of",
    "window_of",
    "gamma_of",
    "trace_of",
    "bound_of",
    "format_value",
    "format_window",
    "format_mark",
    "minimax_values",
    "expected_values",
    "view_tree",
    "node_role",
    "format_probability",
    "chance_bound",
    "minimax_marks",
    "result_marks",
    "result_tree",
    "Phase",
    "Research",
    "Iteration",
    "null_window_bound",
    "WINDOW_ALGORITHMS",
]

Window = tuple[float | None, float | None]
"""A node's window [α, β] (both None under plain minimax, which has no window)."""

EXACT = "exact"
"""The node's value is its true (minimax) value."""
LOWER = "lower"
"""The true value is at least the value shown (``≥ 6``)."""
UPPER = "upper"
"""The true value is at most the value shown (``≤ 2``)."""
SO_FAR = "so far"
"""A node still being searched whose best value so far proves nothing yet (``(5)``)."""
UNKNOWN = "unknown"
"""Fail-hard with an empty window (α = β, possible with the cutoff test ``>``): the node
returns α whatever its true value, so the number proves nothing (``(5)``)."""


# -- words for values ----------------------------------------------------------------------------

def format_value(value: float | None) -> str:
    """A value as people write it: ``+∞``/``−∞`` for infinities, no needless ``.0``.

    >>> format_value(float("inf")), format_value(-math.inf), format_value(5.0), format_value(0.123456)
    ('+∞', '−∞', '5', '0.123')
    """
    if value is None:
        return ""
    if not isinstance(value, (int, float, Fraction)) and not hasattr(value, "__float__"):
        raise ArgumentTypeError(f"value: expected a number, got {type(value).__name__}")
    if isinstance(value, int) and abs(value).bit_length() > 64:
        return describe(value)                 # too long to write out (or to make a float of)
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    if float(value).is_integer():
        text = str(int(value))
    else:
        text = f"{value:.3g}"
    return text.replace("-", "−")


def format_window(window: tuple[float | None, float | None] | None) -> str:
    """``[α, β]`` with infinities as ``−∞``/``+∞`` (empty for minimax, which has no window).

    >>> format_window((-math.inf, 5)), format_window((None, None))
    ('[−∞, 5]', '')
    """
    if window is None or window[0] is None:
        return ""
    return f"[{format_value(window[0])}, {format_value(window[1])}]"


def format_mark(value: float | None, bound: str = EXACT) -> str:
    """A value with its kind: ``6``, ``≥ 6`` (lower bound), ``≤ 2`` (upper bound), ``(5)`` (so far).

    >>> format_mark(6, LOWER), format_mark(2, UPPER), format_mark(3), format_mark(5, SO_FAR)
    ('≥ 6', '≤ 2', '3', '(5)')
    """
    if value is None:
        return ""
    text = format_value(value)
    return {LOWER: f"≥ {text}", UPPER: f"≤ {text}", SO_FAR: f"({text})",
            UNKNOWN: f"({text})"}.get(bound, text)


def bound_of(value: float, window: tuple[float | None, float | None] | None, *,
             fail_hard: bool = False) -> str:
    """What a node's returned ``value`` says, given the ``window`` (α, β) it was entered with:
    exact when α < value < β, an upper bound when value ≤ α, a lower bound when value ≥ β.

    With an empty window (α = β, reachable with the cutoff test ``>``) fail-soft values are
    still bounds (and exact when equal to α = β); fail-hard ones are α whatever the true value.

    >>> bound_of(3, (-math.inf, math.inf)), bound_of(2, (3, math.inf)), bound_of(6, (-math.inf, 5))
    ('exact', 'upper', 'lower')
    >>> bound_of(4, None)          # plain minimax has no window: every value is exact
    'exact'
    >>> bound_of(5, (5, 5)), bound_of(5, (5, 5), fail_hard=True)
    ('exact', 'unknown')
    """
    if window is None:
        return EXACT
    alpha, beta = window
    if alpha is None or beta is None:
        return EXACT
    if alpha == beta:
        if fail_hard:
            return UNKNOWN
        return UPPER if value < alpha else LOWER if value > beta else EXACT
    if value <= alpha:
        return UPPER
    if value >= beta:
        return LOWER
    return EXACT


def null_window_bound(value: float, gamma: float, test: str) -> str:
    """What the answer ``value`` of a null-window test says: the test "is the value ≥ γ?"
    (``test`` ``">="``) or "is it > γ?" (``">"``) passes when the answer does, and then the
    value is at least the answer (a lower bound); otherwise it is at most the answer.

    >>> [null_window_bound(v, 5, t) for v, t in [(5, ">="), (5, ">"), (7, ">"), (2, ">=")]]
    ['lower', 'upper', 'lower', 'upper']
    """
    passes = value >= gamma if test == ">=" else value > gamma
    return LOWER if passes else UPPER


def format_test(gamma: float, test: str) -> str:
    """The question a null-window test asks: ``“value ≥ 3?”``.

    >>> format_test(3, ">="), format_test(math.inf, ">=")
    ('“value ≥ 3?”', '“value ≥ +∞?”')
    """
    return f"“value {'≥' if test == '>=' else '>'} {format_value(gamma)}?”"


# -- trees with chance nodes and several agents -----------------------------------------------------

def view_tree(tree: Any, *, max_nodes: int = 2000) -> Any:
    """The explicit tree the views draw: a :class:`~mmlib.beyond.LayeredTree` (chance nodes,
    several agents) as it is, anything else through :func:`mmlib.trees.as_tree`.

    >>> from mmlib.beyond import layered_tree
    >>> view_tree(layered_tree([[1, 2]], layers="max chance")).leaf_count
    2
    """
    if _is_layered(tree):
        return tree
    return as_tree(tree, max_nodes=max_nodes)


def _is_layered(tree: Any) -> bool:
    return hasattr(tree, "layers") and hasattr(tree, "label_of") and hasattr(tree, "nodes")


def _is_chance(node: Any) -> bool:
    return bool(getattr(node, "is_chance", False)) and not node.is_leaf()


def node_role(tree: Any, path: Path) -> str:
    """Who moves at ``path``: ``"MAX"``, ``"MIN"``, ``"chance"`` or ``"leaf"``; on a tree
    with several MIN (or MAX) agents per round, which one: ``"MIN 1"``, ``"MIN 2"``...

    >>> from mmlib.beyond import layered_tree
    >>> ghosts = layered_tree([[[3, 5], [2, 9]], [[1, 4], [6, 7]]], layers="max min min")
    >>> [node_role(ghosts, p) for p in [(), (0,), (0, 0), (0, 0, 1)]]
    ['MAX', 'MIN 1', 'MIN 2', 'leaf']
    """
    node = tree.node(tuple(path))
    if node.is_leaf():
        return "leaf"
    if _is_chance(node):
        return "chance"
    name = "MAX" if node.is_max else "MIN"
    layers = getattr(tree, "layers", None)
    if not layers:
        return name
    kind = name.lower()
    agents = [i for i, k in enumerate(layers) if k == kind]
    if len(agents) < 2:
        return name
    return f"{name} {agents.index(len(path) % len(layers)) + 1}"


def format_probability(p: float) -> str:
    """A probability as people write it: a simple fraction when it is one, else a decimal.

    >>> format_probability(0.5), format_probability(1/3), format_probability(0.9), format_probability(0.123)
    ('1/2', '1/3', '0.9', '0.123')
    """
    if p == 1:
        return "1"
    fraction = Fraction(p).limit_denominator(12)
    if math.isclose(float(fraction), p, rel_tol=0, abs_tol=1e-9):
        text = f"{fraction.numerator}/{fraction.denominator}"
        decimal = format_value(p)
        return decimal if len(decimal) < len(text) and float(decimal) == p else text
    return format_value(p)


def _probabilities(node: Any, *, averaging: bool) -> tuple[float, ...]:
    """The probability of each child: a chance node's own, or equal for an averaging MIN node."""
    if _is_chance(node):
        return tuple(node.probabilities)
    if averaging:
        return tuple(1 / len(node.children) for _ in node.children)
    return ()


# -- true values ---------------------------------------------------------------------------------

def minimax_values(tree: Any) -> dict[Path, float]:
    """The minimax value of every node of an explicit tree (interior static values unused);
    at a chance node, the expected value of its outcomes (expectiminimax).

    >>> minimax_values(as_tree([[3, 5], [2, 9]]))[()]
    3
    """
    return expected_values(tree)


def expected_values(tree: Any, *, random_opponent: bool = False) -> dict[Path, float]:
    """Every node's expectiminimax value: MAX the largest child value, MIN the smallest,
    chance the probability-weighted sum; with ``random_opponent`` (expectimax, CS188) a MIN
    node averages its children too.

    >>> from mmlib.beyond import layered_tree
    >>> tree = layered_tree([[(1/2, 8), (1/3, 24), (1/6, -12)]], layers="max chance")
    >>> round(expected_values(tree)[()], 9)
    10.0
    >>> expected_values([[3, 12], [2, 4, 6]], random_opponent=True)[()]
    7.5
    """
    tree = view_tree(tree)
    values: dict[Path, float] = {}
    for node in reversed(tree.nodes()):  # children before parents
        if node.is_leaf():
            values[node.path] = node.value
            continue
        kids = [values[child.path] for child in node.children]
        weights = _probabilities(node, averaging=random_opponent and not node.is_max)
        if weights:
            values[node.path] = sum(p * v for p, v in zip(weights, kids, strict=True))
        else:
            values[node.path] = max(kids) if node.is_max else min(kids)
    return values


def chance_bound(value: float, window: tuple[float, float] | None, *, stopped: bool = False) -> str:
    """What the value ``r`` a Star1 or Star2 chance node returns says, given its window (α, β).

    It is :func:`bound_of` for alpha-beta, and this is why.  Let the outcomes have
    probabilities p_i, exact values v_i and known bounds lo_i <= v_i <= hi_i (at first the
    bounds L and U of every leaf).  Outcome i is searched only after the ones before it, whose
    exact values sum (weighted) to S, in the window (A_i, B_i) with

        A_i = (α - S - Σ_{j>i} p_j hi_j) / p_i,    B_i = (β - S - Σ_{j>i} p_j lo_j) / p_i.

    If it returns s <= A_i (fail-soft, so v_i <= s) the node returns
    r = S + p_i s + Σ_{j>i} p_j hi_j, which is >= S + p_i v_i + Σ_{j>i} p_j v_j, the true
    value, and r <= α because s <= A_i: an upper bound, shown ``≤ r``.  If s >= B_i, in the
    same way r = S + p_i s + Σ_{j>i} p_j lo_j <= the true value and r >= β: a lower bound.
    When Star2's probes alone settle the node it returns Σ p_j lo_j >= β (a lower bound) or
    Σ p_j hi_j <= α (an upper bound).  Otherwise every outcome returned a value inside its
    window, hence exact, and r is the exact expected value.  An exact value may also lie
    outside (α, β); calling it a bound is then still true.

    ``stopped``: the node skipped outcomes, so r is a bound even when rounding put it a hair
    inside (α, β) (r = S + p_i s + ... is computed after the test); it is then the bound
    on the side of the nearer end of the window.

    >>> chance_bound(1.3, (2.1, 4)), chance_bound(2.1, (1, 4)), chance_bound(4, (1, 3))
    ('upper', 'exact', 'lower')
    >>> chance_bound(0.6666666666666665, (-2, 2 / 3), stopped=True)
    'lower'
    """
    kind = bound_of(value, window)
    if not stopped or kind != EXACT or window is None:
        return kind
    alpha, beta = window
    return UPPER if value - alpha < beta - value else LOWER


# -- what a view shows ---------------------------------------------------------------------------

@dataclass
class Marks:
    """What to show on a tree at one moment; all paths are tuples of child indices from the root.

    ``values``: the value known for a node, and ``bounds`` its kind (:data:`EXACT`,
    :data:`LOWER`, :data:`UPPER` or :data:`SO_FAR`); ``windows``: the [α, β] window a node
    was entered with (during a step-through: the window it has now); ``entered``: nodes
    the search called; ``pruned``: nodes inside pruned subtrees, whose roots are
    ``pruned_roots``; ``leaf_numbers``: evaluation order, from 1; ``pv``: moves of the
    principal variation from ``start``; ``current``: the node being worked on;
    ``searched``: False for a plain tree (no search shown); ``monte_carlo``: True for Monte
    Carlo tree search, whose nodes show wins/visits (``texts``) instead of values.
    """

    values: dict[Path, float] = field(default_factory=dict)
    windows: dict[Path, Window] = field(default_factory=dict)
    entered: set[Path] = field(default_factory=set)
    pruned: set[Path] = field(default_factory=set)
    pruned_roots: set[Path] = field(default_factory=set)
    leaf_numbers: dict[Path, int] = field(default_factory=dict)
    pv: tuple[Any, ...] = ()
    current: Path | None = None
    searched: bool = False
    start: Path = ()
    bounds: dict[Path, str] = field(default_factory=dict)
    texts: dict[Path, str] = field(default_factory=dict)
    """What to write instead of a value (Monte Carlo tree search: wins/visits, ``2/3``)."""
    monte_carlo: bool = False

    def value_text(self, path: Path) -> str:
        """The value of ``path`` as drawn: ``3``, ``≥ 6``, ``≤ 2``, ``(5)``, ``2/3`` (wins/visits),
        or ``""`` if unknown."""
        if path in self.texts:
            return self.texts[path]
        return format_mark(self.values.get(path), self.bounds.get(path, EXACT))

    def pv_paths(self) -> set[Path]:
        """The nodes along the principal variation (none while it is not known)."""
        if not self.pv:
            return set()
        return {self.start + tuple(self.pv[:k]) for k in range(len(self.pv) + 1)}


def minimax_marks(tree: Any) -> Marks:
    """Marks of a plain tree: every node's exact minimax value, no search.

    >>> minimax_marks([[3, 5], [2, 9]]).value_text((1,))
    '2'
    """
    values = minimax_values(view_tree(tree))
    return Marks(values=values, bounds=dict.fromkeys(values, EXACT))


# -- the model -------------------------------------------------------------------------------------

TraceEvent = Event
"""A transcript event as the model keeps it: an :class:`mmlib.instrument.Event` whose path
runs from the tree's root and whose values and window are from MAX's point of view."""


# -- the numbers an event's kind guarantees --------------------------------------------------------
# An event's numbers are optional because not every kind carries every number (an "enter" has no
# value, plain minimax has no window).  Where the kind guarantees the number, these say so.

def value_of(event: TraceEvent) -> float:
    """The ``value`` of a leaf, update, hit or return event: these kinds always carry one.

    >>> value_of(TraceEvent("leaf", (0, 1), value=3))
    3
    """
    return _carried(event.value, event, "value")


def score_of(event: TraceEvent) -> float:
    """The ``score`` a child returned to its parent, carried by every update event.

    >>> score_of(TraceEvent("update", (0,), value=3, score=3, move=1))
    3
    """
    return _carried(event.score, event, "score")


def window_of(event: TraceEvent) -> tuple[float, float]:
    """The window (α, β) of an event of a search that has windows (alpha-beta and its kin).

    >>> window_of(TraceEvent("enter", (), alpha=-math.inf, beta=5))
    (-inf, 5)
    """
    return _carried(event.alpha, event, "alpha"), _carried(event.beta, event, "beta")


def gamma_of(event: TraceEvent) -> float:
    """The γ of a "pass" or "test" event, which asks a null-window question about γ.

    >>> gamma_of(TraceEvent("pass", (), alpha=5, beta=5, move=">="))
    5
    """
    return _carried(event.alpha, event, "alpha")


def _carried(number: float | None, event: TraceEvent, name: str) -> float:
    if number is None:
        raise ArgumentError(f"events: the {event.kind!r} event at {event.path} carries no {name}")
    return number


@dataclass(frozen=True)
class Phase:
    """One pass of a search that searches its start node again and again.

    ``number`` counts from 1; events ``first`` to ``end - 1`` of the trace belong to it.
    The question: a window [``alpha``, ``beta``] (``test`` None), or a null-window test
    "is the value ≥ γ?" (``test`` ``">="``) or "> γ?" (``">"``) with alpha = beta = γ.
    The answer: ``value`` returned by the start node, ``bound`` whether it is exact or a
    bound, and what all passes so far prove, ``lower`` ≤ value ≤ ``upper``.  ``nodes``,
    ``leaves``, ``cutoffs`` and ``researches`` count this pass alone.
    """

    number: int
    first: int
    end: int
    alpha: float
    beta: float
    test: str | None
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
    def question(self) -> str:
        """``null window “value ≥ 4?”`` or ``window [3, 5]``."""
        if self.test is not None:
            return f"null window {format_test(self.alpha, self.test)}"
        return f"window {format_window((self.alpha, self.beta))}"

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


class Trace:
    """Everything the views show about one search on an explicit tree, derived from its events.

    Build it with :func:`trace_of` (from a :class:`~mmlib.search.SearchResult`) or
    :meth:`from_events`.  ``events`` are the transcript's events with paths from the tree's
    root and values from MAX's point of view; ``variant`` is ``"minimax"``,
    ``"fail-soft"`` or ``"fail-hard"``; ``cutoff`` is ``">="`` or ``">"``; ``pv`` the
    search's own principal variation, when it knows it better than its transcript does
    (MTD(f) and SSS* read it from their table, Monte Carlo tree search follows the visits).

    For the searches of several passes, ``phases`` holds one :class:`Phase` per pass and
    ``researches`` the children searched again (:class:`Research`); for Monte Carlo tree
    search, ``iterations`` one :class:`Iteration` each.  Every value and bound learnt in a
    pass stays true, so a node searched again shows the tightest of what it has learnt.

    >>> from mmlib import search
    >>> model = trace_of(search.alphabeta([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], trace=True))
    >>> final = model.marks()
    >>> final.value_text(()), final.value_text((0, 1)), final.value_text((1,))
    ('5', '≥ 6', '≤ 2')
    >>> [model.tree.label_of(p) for p in model.pruned_leaves], model.pv
    (['K', 'N', 'O'], (0, 0, 1))
    """

    def __init__(self, tree: Any, events: Sequence[Any], *, start: Path = (), variant: str = "fail-soft",
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
        self.chance = self.algorithm in CHANCE_ALGORITHMS
        self.random_opponent = self.algorithm == "expectimax"
        self.multipass = self.algorithm in WINDOW_ALGORITHMS
        self.monte_carlo = self.algorithm == "mcts"
        self._given_pv = None if pv is None else tuple(pv)
        self.events: tuple[TraceEvent, ...] = tuple(_normalised(events, self.start, negamax))
        self._sentences: dict[int, str] = {}           # event -> its sentence, once asked for
        self._building = True                          # replaying the final view in __init__
        self._kinds: dict[int, str] = {}
        self._raw_kinds: dict[int, str] = {}          # what one visit's answer says, before combining
        self._tests: dict[int, tuple[float, str]] = {}   # event -> (γ, test) of its null-window node
        self.iterations: tuple[Iteration, ...] = \
            tuple(_iterations(self.events, self.start)) if self.monte_carlo else ()
        self._final = self._replay(len(self.events))
        self.researches: tuple[Research, ...] = tuple(self._find_researches()) if self.multipass else ()
        self.phases: tuple[Phase, ...] = tuple(self._find_phases()) if self.multipass else ()
        self._final.pv = self.pv
        self._final.current = None
        self._building = False

    @classmethod
    def from_events(cls, tree: Any, events: Sequence[Any], **options: Any) -> Trace:
        """The model of the transcript ``events`` on ``tree`` (options as for the class)."""
        return cls(tree, events, **options)

    # -- facts about the finished search -----------------------------------------------------
    @property
    def value(self) -> float | None:
        """The value the search returned at its start node."""
        return self._final.values.get(self.start)

    @property
    def bound(self) -> str:
        """Whether :attr:`value` is exact or a bound (:data:`EXACT`, :data:`LOWER`, :data:`UPPER`)."""
        return self._final.bounds.get(self.start, EXACT)

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

    @property
    def evaluation_order(self) -> list[Path]:
        """The leaves in the order they were evaluated."""
        return [e.path for e in self.events if e.kind == "leaf"]

    def label(self, path: Path) -> str:
        """The label of the node at ``path``."""
        return self.tree.label_of(path)

    def value_text(self, path: Path) -> str:
        """The final value of ``path`` as drawn (``3``, ``≥ 6``, ``≤ 2``; ``""`` if never known)."""
        return self._final.value_text(path)

    def marks(self, step: int | None = None) -> Marks:
        """What to show after the first ``step`` events, with the current node and the windows
        as they are then (None: the finished search, with the windows each node was entered
        with and the principal variation).

        During the search a node's best value so far is shown as a bound when it proves one
        (a MAX node above its α is worth at least that much, a MIN node below its β at most
        that much) and as ``(5)``, "so far", otherwise.
        """
        if step is None:
            return replace(self._final, values=dict(self._final.values), bounds=dict(self._final.bounds))
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.events):
            raise ArgumentError(f"step: expected a whole number from 0 to {len(self.events)}, got {step!r}")
        return self._replay(step)

    def describe(self) -> str:
        """The finished search in words (the text alternative of its drawings).

        >>> from mmlib import search
        >>> print(trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).describe())
        alphabeta (fail-soft, >=): value 3 at A, best move to B; 7 of 9 leaves evaluated; pruned leaves: I, J.
        >>> print(trace_of(search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0, trace=True)).describe())
        ... # doctest: +NORMALIZE_WHITESPACE
        mtdf: value 3 at A, best move to B; 2 passes: null window “value ≥ 0?” → ≥ 3 (fail high),
        null window “value > 3?” → ≤ 3 (fail low); 7 of 9 leaves evaluated; pruned leaves: I, J.
        """
        total = sum(1 for leaf in self.tree.leaves() if leaf.path[:len(self.start)] == self.start)
        if self.monte_carlo:
            return self._describe_monte_carlo(total)
        text = f"{self.algorithm}: value {format_mark(self.value, self.bound)} at {self.label(self.start)}"
        if self.pv:
            text += f", best move to {self.label(self.start + self.pv[:1])}"
        if len(self.phases) > 1:
            text += f"; {len(self.phases)} passes: " + ", ".join(
                p.label().split(": ", 1)[1] for p in self.phases)
        pruned = [self.label(p) for p in self.pruned_leaves]
        return (f"{text}; {len(set(self.evaluation_order))} of {total} leaves evaluated; "
                f"pruned leaves: {', '.join(pruned) or 'none'}.")

    def _describe_monte_carlo(self, total: int) -> str:
        complete = [it for it in self.iterations if it.complete]
        text = f"mcts: {len(complete)} iterations from {self.label(self.start)}"
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
        >>> model = trace_of(search.alphabeta([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], trace=True))
        >>> model.sentence(next(i for i, e in enumerate(model.events) if e.kind == "cutoff"))
        "at E: 6 ≥ β = 5, so E's remaining child K is pruned."
        """
        if not isinstance(k, int) or not 0 <= k < len(self.events):
            raise ArgumentError(f"k: expected an event number from 0 to {len(self.events) - 1}, got {k!r}")
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
        """Whether the value returned by the event ``events[k]`` is exact or a bound."""
        return self._kinds.get(k, EXACT)

    def _replay(self, step: int) -> Marks:
        if self.monte_carlo:
            return self._replay_monte_carlo(step)
        marks = Marks(searched=True, start=self.start)
        entry: dict[Path, Window] = {}      # the window each node was entered with
        is_max: dict[Path, bool] = {}
        cut: set[Path] = set()             # nodes whose current visit stopped early
        updated: set[Path] = set()         # nodes whose current visit heard from a child
        known: dict[Path, list[float]] = {}   # [lower, upper] learnt over all visits (Star2 visits twice)
        tests: dict[Path, tuple[float, str]] = {}     # the null-window test a node is in (γ, ">=" or ">")
        announced: dict[Path, tuple[float, str]] = {}  # PVS's "test" markers, until the node is entered
        pass_test: tuple[float, str] | None = None
        ever_pruned: set[Path] = set()                 # pruned in some pass
        below = _Below(self)                           # what each visit searched below its node
        revisits = self.chance or self.multipass
        leaves = 0
        final = step == len(self.events) and self._building     # building the final view
        for k, event in enumerate(self.events[:step]):
            path = event.path
            marks.current = path
            if event.kind == "pass":                    # a new pass: what it prunes is its own
                pass_test = (gamma_of(event), event.move) if event.move is not None else None
                marks.pruned.clear()
                marks.pruned_roots.clear()
                marks.windows.clear()
                continue
            if event.kind == "test":
                announced[path] = (gamma_of(event), event.move)
                continue
            if event.kind == "enter":
                if revisits and marks.pruned:        # searched again (Star2's probes, re-searches)
                    self._unprune(marks, path)
                if self.multipass:
                    test = announced.pop(path, None) or (
                        pass_test if path == self.start else tests.get(path[:-1]))
                    if test is not None and event.alpha == event.beta:
                        tests[path] = test
                    else:
                        tests.pop(path, None)
                marks.entered.add(path)
                below.enter(path)
                entry[path] = (event.alpha, event.beta)
                marks.windows[path] = (event.alpha, event.beta)
                is_max[path] = bool(event.is_max)
                cut.discard(path)
                updated.discard(path)
                marks.values.pop(path, None)
                marks.bounds.pop(path, None)
            if final and path in tests:
                self._tests[k] = tests[path]
            if event.kind == "leaf":
                leaves += 1
                below.leaf(path, value_of(event))
                marks.leaf_numbers[path] = leaves
                marks.values[path], marks.bounds[path] = value_of(event), EXACT
            elif event.kind == "update":
                updated.add(path)
                marks.values[path] = value_of(event)
                marks.bounds[path] = SO_FAR if self.averages(path) else \
                    _so_far(value_of(event), entry.get(path), is_max.get(path, True))
                marks.windows[path] = (event.alpha, event.beta)
            elif event.kind == "cutoff":
                cut.add(path)
                for move in event.skipped:
                    root = path + (move,)
                    if self.chance and root in marks.entered:    # probed by Star2: not pruned
                        continue
                    marks.pruned_roots.add(root)
                    marks.pruned.update(_subtree_paths(self.tree, root))
                    if self.multipass:
                        ever_pruned.update(_subtree_paths(self.tree, root))
            elif event.kind in ("return", "hit"):
                if event.value is None:                 # a probe that learnt nothing
                    marks.values.pop(path, None)
                    marks.bounds.pop(path, None)
                    continue
                marks.values[path] = event.value
                searched_all, full_value = below.returned(path, hit=event.kind == "hit")
                if searched_all and (full_value is None or _same(full_value, event.value)):
                    kind = EXACT            # nothing below was pruned: the value is the true value
                else:
                    kind = self._returned_kind(event, entry.get(path), path in cut, path not in updated,
                                               tests.get(path))
                if final:
                    self._raw_kinds[k] = kind
                if revisits:
                    kind, marks.values[path] = _combined(known.setdefault(path, [-math.inf, math.inf]),
                                                         event.value, kind)
                marks.bounds[path] = kind
                if final:
                    self._kinds[k] = kind
        if final:
            marks.windows = dict(entry)
        if self.multipass and step == len(self.events):
            # the finished search: pruned is what no pass ever entered
            marks.pruned = ever_pruned - marks.entered
            marks.pruned_roots = {p for p in marks.pruned if p[:-1] not in marks.pruned}
        return marks

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
        with what the passes before it proved: ``pass 2 of 3, null window “value > 3?”; so far
        3 ≤ value ≤ +∞`` or ``iteration 4 of 10``."""
        k = min(max(step - 1, 0), len(self.events) - 1) if self.events else 0
        if self.monte_carlo and self.iterations:
            iteration = self.iteration_at(k) or self.iterations[0]
            return f"iteration {iteration.number} of {len(self.iterations)}"
        if len(self.phases) > 1:
            phase = self.phase_at(k) or self.phases[0]
            text = f"pass {phase.number} of {len(self.phases)}, {phase.question}"
            if phase.number > 1:
                before = self.phases[phase.number - 2]
                text += f"; so far {format_value(before.lower)} ≤ value ≤ {format_value(before.upper)}"
            return text
        return ""

    def _find_researches(self) -> Iterable[Research]:
        children: dict[Path, set[Path]] = {}     # the children entered in each node's current visit
        answer: dict[Path, int] = {}             # each node's last return (or table answer)
        for k, event in enumerate(self.events):
            if event.kind in ("return", "hit", "leaf"):
                answer[event.path] = k
            if event.kind != "enter":
                continue
            parent = event.path[:-1]
            if event.path != self.start and parent in children:
                if event.path in children[parent]:
                    before = answer.get(event.path)
                    gamma, test = self._tests.get(before, (None, None)) if before is not None \
                        else (None, None)
                    yield Research(event.path, k, *window_of(event),
                                   None if before is None else self.events[before].value, gamma, test)
                children[parent].add(event.path)
            children[event.path] = set()

    def _find_phases(self) -> Iterable[Phase]:
        events = self.events
        firsts = [k for k, e in enumerate(events) if e.kind == "pass"] or \
            [k for k, e in enumerate(events) if e.kind == "enter" and e.path == self.start]
        lower, upper = -math.inf, math.inf
        for number, (first, end) in enumerate(zip(firsts, firsts[1:] + [len(events)], strict=True), start=1):
            head = events[first]
            test = head.move if head.kind == "pass" else None
            answers = [k for k in range(first, end) if events[k].path == self.start
                       and events[k].kind in ("return", "hit")]
            value = events[answers[-1]].value if answers else None
            bound = self._raw_kinds.get(answers[-1], EXACT) if answers else UNKNOWN
            if value is not None:
                if bound in (EXACT, LOWER):
                    lower = max(lower, value)
                if bound in (EXACT, UPPER):
                    upper = min(upper, value)
            kinds = [e.kind for e in events[first:end]]
            yield Phase(number, first, end, *window_of(head), test, value, bound, lower, upper,
                        kinds.count("enter"), kinds.count("leaf"),
                        sum(1 for e in events[first:end] if e.kind == "cutoff" and e.skipped),
                        sum(1 for r in self.researches if first <= r.event < end))

    def _replay_monte_carlo(self, step: int) -> Marks:
        """Monte Carlo tree search after ``step`` events: the tree grown so far with each node's
        wins/visits, and the positions of the current iteration's playout."""
        marks = Marks(searched=True, start=self.start, monte_carlo=True)
        visits: dict[Path, int] = {}
        wins: dict[Path, float] = {}
        playout: list[Path] = []
        for event in self.events[:step]:
            path = event.path
            marks.current = path
            if event.kind == "enter":
                if path == self.start:                  # a new iteration: the last playout is gone
                    for old in playout:
                        if old not in visits:
                            marks.entered.discard(old)
                            marks.values.pop(old, None)
                    playout = []
                marks.entered.add(path)
                if path not in visits:
                    playout.append(path)
            elif event.kind == "leaf":
                marks.values[path], marks.bounds[path] = value_of(event), EXACT
            elif event.kind == "update":
                visits[path] = visits.get(path, 0) + 1
                wins[path] = wins.get(path, 0.0) + score_of(event)
                marks.values[path], marks.bounds[path] = wins[path] / visits[path], SO_FAR
                marks.texts[path] = f"{format_value(wins[path])}/{visits[path]}"
        return marks

    def _unprune(self, marks: Marks, path: Path) -> None:
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


class _Below:
    """What one visit of each node searched below it: whether every child was searched with
    nothing pruned below, and then the node's true value, backed up from its children.

    This is the rule every view reads: a node's value is **exact** when nothing below it was
    pruned (and the search returned the value it backed up: fail-hard may clamp it to the
    window); otherwise it is a bound on the side of the window it fell on (:func:`bound_of`).
    A transposition-table hit searched nothing below its node.
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


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def _combined(known: list[float], value: float, kind: str) -> tuple[str, float]:
    """Add what one visit learnt to the ``[lower, upper]`` bounds known from earlier visits, and
    return the kind and value to show: a Star2 probe showed a MIN node is at most 2, its full
    search that it is at least 2, so it is 2; a later, looser bound never hides an earlier, tighter one.

    >>> known = [-math.inf, math.inf]
    >>> _combined(known, 0, EXACT), _combined(known, 0.5, UPPER)
    (('exact', 0), ('exact', 0))
    """
    if kind in (EXACT, LOWER):
        known[0] = max(known[0], value)
    if kind in (EXACT, UPPER):
        known[1] = min(known[1], value)
    if math.isclose(known[0], known[1], rel_tol=0, abs_tol=1e-12):
        return EXACT, known[0]
    if kind == LOWER:
        return LOWER, known[0]
    if kind == UPPER:
        return UPPER, known[1]
    return kind, value


def _so_far(value: float, window: Window | None, is_max: bool) -> str:
    """The kind of a node's best value so far (see :meth:`Trace.marks`)."""
    alpha, beta = window if window is not None else (None, None)
    low = -math.inf if alpha is None else alpha        # minimax has no window: (−∞, +∞)
    high = math.inf if beta is None else beta
    if is_max:
        return LOWER if value > low else SO_FAR
    return UPPER if value < high else SO_FAR


def _subtree_paths(tree: Tree, root: Path) -> Iterable[Path]:
    stack = [tree.node(root)]
    while stack:
        node = stack.pop()
        yield node.path
        stack.extend(node.children)


_KINDS = frozenset({"enter", "leaf", "update", "cutoff", "hit", "return", "pass", "test"})


def _normalised(events: Iterable[Any], start: Path, negamax: bool) -> Iterable[TraceEvent]:
    """Events with paths from the root and, for negamax, values from MAX's point of view."""
    sign: dict[Path, int] = {}
    for event in events:
        if not hasattr(event, "kind") or not hasattr(event, "path"):
            raise ArgumentTypeError(f"events: expected transcript events (mmlib.instrument.Event), "
                                    f"got {type(event).__name__}")
        if event.kind not in _KINDS:
            raise ArgumentError(f"events: unknown event kind {event.kind!r} (expected one of "
                                f"{', '.join(sorted(_KINDS))})")
        path = start + tuple(event.path)
        if event.kind == "enter":
            sign[path] = 1 if event.is_max or not negamax else -1
        s = sign.get(path, 1)
        alpha, beta = event.alpha, event.beta
        if s == -1 and alpha is not None:
            alpha, beta = -beta, -alpha
        value = event.value
        if s == -1 and value is not None and event.kind != "leaf":   # a leaf is already MAX's view
            value = -value
        score = -event.score if s == -1 and event.score is not None else event.score
        yield TraceEvent(event.kind, path, value, alpha, beta, event.move, score, tuple(event.skipped),
                     event.is_max)


def _tally_text(wins: float, visits: int) -> str:
    """``1 win in 1 visit``, ``2.5 wins in 3 visits``."""
    return f"{format_value(wins)} win{'' if wins == 1 else 's'} in {visits} visit{'' if visits == 1 else 's'}"


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


WINDOW_ALGORITHMS = ("aspiration", "pvs", "mtdf", "sss*")
"""The searches of several passes (and null-window tests) whose transcripts :class:`Trace` reads."""

CHANCE_ALGORITHMS = ("expectimax", "expectiminimax", "star1", "star2")
"""The searches of trees with chance nodes whose transcripts :class:`Trace` reads."""

_ALGORITHM = re.compile(r"alphabeta \((fail-soft|fail-hard), (>=|>)\)")


def trace_of(result: Any, *, cutoff: str | None = None) -> Trace:
    """The :class:`Trace` of a search result (searched with ``trace=True`` on a tree).

    Minimax, alpha-beta (fail-soft, fail-hard), negamax and quiescence results are read,
    aspiration windows, PVS, MTD(f), SSS* and Monte Carlo tree search, and on trees with
    chance nodes expectimax, expectiminimax, Star1 and Star2.
    ``cutoff`` names the cutoff test of a negamax search for the narration (default ``">="``).

    >>> from mmlib import search
    >>> trace_of(search.negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).value_text((1,))
    '≤ 2'
    """
    if not (hasattr(result, "trace") and hasattr(result, "algorithm")):
        raise ArgumentTypeError(f"result: expected a SearchResult, got {type(result).__name__}")
    if result.trace is None:
        raise ArgumentError("result: it has no transcript; search again with trace=True")
    tree, start = result_tree(result)
    name = result.algorithm
    negamax = name == "negamax"
    if name == "minimax":
        variant, found = "minimax", ">="
    elif match := _ALGORITHM.fullmatch(name):
        variant, found = match.group(1), match.group(2)
    elif name in ("negamax", "quiescence", "star1", "star2"):
        variant, found = "fail-soft", ">="
    elif name in ("expectimax", "expectiminimax", "mcts"):
        variant, found = "minimax", ">="
    elif name in WINDOW_ALGORITHMS:
        variant, found = "fail-soft", ">="
    else:
        raise ArgumentError(f"result: cannot read a transcript of {name!r}")
    conventions = getattr(result, "conventions", None)
    if conventions is not None and negamax:     # negamax under a course's cutoff and variant
        variant, found = conventions.variant, conventions.cutoff
    pv = result.pv if name in WINDOW_ALGORITHMS or name == "mcts" else None
    return Trace(tree, result.trace, start=start, variant=variant, cutoff=cutoff or found,
                 negamax=negamax, algorithm=name, pv=pv)


def result_marks(result: Any) -> Marks:
    """The marks of a finished search: from its transcript when it has one, otherwise from
    ``stats.leaf_order`` (a node was entered when it lies on the path to an evaluated leaf;
    then only the leaves and the start node get values, the start node's taken as exact,
    as it is with the default window).

    >>> from mmlib import search
    >>> sorted(result_marks(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).pruned_roots)
    [(1, 1), (1, 2)]
    """
    if getattr(result, "trace", None) is not None:
        return trace_of(result).marks()
    if not hasattr(result, "stats"):
        raise ArgumentTypeError(f"result: expected a SearchResult, got {type(result).__name__}")
    if result.stats.leaf_order is None:
        raise ArgumentError("result: it was searched with leaf_order=False and no trace, so it does "
                            "not say which nodes were visited; search again with trace=True")
    tree, start = result_tree(result)
    marks = Marks(searched=True, start=start, pv=tuple(result.pv))
    for number, leaf in enumerate(result.stats.leaf_order, start=1):
        path = start + tuple(leaf)
        marks.leaf_numbers[path] = number
        marks.values[path], marks.bounds[path] = tree.evaluate(tree.node(path)), EXACT
        marks.entered.update(path[:k] for k in range(len(start), len(path) + 1))
    marks.values[start], marks.bounds[start] = result.value, EXACT
    roots = [child.path for p in marks.entered if p not in marks.leaf_numbers
             for child in tree.node(p).children if child.path not in marks.entered]
    for root in roots:
        marks.pruned_roots.add(root)
        marks.pruned.update(_subtree_paths(tree, root))
    return marks


def result_tree(result: Any) -> tuple[Tree, Path]:
    """The explicit tree a result was searched on, and the path of the node it started from."""
    game = result.game
    if isinstance(game, Tree) or _is_layered(game):
        start = result.start if result.start is not None else game.root
        return game, tuple(getattr(start, "path", ()))
    try:
        return as_tree(game), ()
    except Exception as error:   # noqa: BLE001 - say what is wrong in mmlib's words
        raise ArgumentTypeError(f"result: it was searched on {type(game).__name__}, not on a tree; "
                                "only searches on trees can be drawn node by node") from error


# -- narration ---------------------------------------------------------------------------------------

class _Narrator:
    """Writes the sentence of one event, reading the events before it."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.events = trace.events
        self.tree = trace.tree

    def label(self, path: Path) -> str:
        return self.tree.label_of(path)

    def sentence(self, k: int) -> str:
        event = self.events[k]
        if self.trace.monte_carlo:
            return self._monte_carlo(k, event)
        if event.kind in ("pass", "test"):
            return self._by_kind(k, event, "_marker")
        if self.trace.multipass:
            special = self._window_sentence(k, event)
            if special:
                return special
        return self._by_kind(k, event)

    def _by_kind(self, k: int, event: TraceEvent, suffix: str = "") -> str:
        """The sentence told by the method named after the event's kind (``_leaf``, ``_cutoff``...)."""
        tell: Callable[[int, TraceEvent], str] = getattr(self, f"_{event.kind}{suffix}")
        return tell(k, event)

    # -- searches of several passes: aspiration, PVS, MTD(f), SSS* ----------------------------------
    def _pass_marker(self, k: int, event: TraceEvent) -> str:
        phase = self.trace.phase_at(k)
        number, total = (phase.number, len(self.trace.phases)) if phase else (1, 1)
        here = self.label(self.trace.start)
        before = self.trace.phases[number - 2] if number > 1 else None
        known = (f" (known so far: {format_value(before.lower)} ≤ value ≤ {format_value(before.upper)})"
                 if before is not None else "")
        if event.move is not None:
            return (f"pass {number} of {total}: ask {format_test(gamma_of(event), event.move)} about {here} "
                    f"with a null-window search{known}.")
        again = " again" if number > 1 else ""
        if total == 1:
            return f"search {here} with the window {format_window((event.alpha, event.beta))}."
        return f"pass {number} of {total}: search {here}{again} with the window " \
               f"{format_window((event.alpha, event.beta))}{known}."

    def _test_marker(self, k: int, event: TraceEvent) -> str:
        child, parent = self.label(event.path), self.label(event.path[:-1])
        if event.move == ">":
            why = f"can {child} beat {parent}'s best so far, {format_value(event.alpha)}?"
        else:
            why = f"is {child} no better for MIN than {parent}'s best so far, {format_value(event.alpha)}?"
        question = format_test(gamma_of(event), event.move)
        return f"at {parent}: test {child} with a null window, {question} ({why})"

    def _window_sentence(self, k: int, event: TraceEvent) -> str | None:
        test = self.trace.test_at(k)
        here = self.label(event.path)
        if event.kind == "enter":
            research = self.trace.research_at(k)
            if research is not None:
                answer = "" if research.answer is None else \
                    f"its test answered {format_value(research.answer)}, so it is better than the best " \
                    "so far; "
                return (f"re-search {here} with the window {format_window((event.alpha, event.beta))}: "
                        f"{answer}its exact value is needed.")
            if test is not None and self.tree.node(event.path).is_leaf():
                return f"reach the leaf {here} with the null window {format_test(*test)}."
            if test is not None:
                role = "MAX" if event.is_max else "MIN"
                return f"enter {here} ({role}) with the null window {format_test(*test)}."
            return None
        if test is None:
            if event.kind == "return" and event.path == self.trace.start:
                return self._pass_return(k, event, None)
            return None
        gamma, question = test
        if event.kind == "update":
            child = self.label(event.path + (event.move,))
            return f"at {here}: {child} returned {format_value(event.score)}, so {here}'s value so far is " \
                   f"{format_value(event.value)}."
        if event.kind == "cutoff":
            update = self._last(k, "update", event.path)
            skipped = ", ".join(self.label(event.path + (m,)) for m in event.skipped)
            value = format_value(update.value) if update is not None else "its value"
            if self._is_max(k, event.path):
                why = f"{value} passes the test {format_test(gamma, question)} already"
            else:
                why = f"{value} fails the test {format_test(gamma, question)} already"
            return f"at {here}: {why}, so {skipped} {'is' if len(event.skipped) == 1 else 'are'} pruned."
        if event.kind in ("return", "hit"):
            if event.path == self.trace.start:
                return self._pass_return(k, event, test)
            kind = self.trace._raw_kinds.get(k, EXACT)
            mark = format_mark(event.value, kind)
            to = f" to {self.label(event.path[:-1])}"
            if event.kind == "hit" and kind == EXACT:
                return f"{here} is already in the table: its value is {mark}."
            if event.kind == "hit":
                return f"{here} is already in the table: {here} {mark}, which answers {format_test(*test)}."
            if kind == EXACT:
                return f"{here} returns {format_value(event.value)}{to}."
            verdict = "passes" if kind == LOWER else "fails"
            return f"{here} returns {format_value(event.value)}{to}: the test {verdict}, so {here} {mark}."
        return None

    def _pass_return(self, k: int, event: TraceEvent, test: tuple[float, str] | None) -> str:
        here, value = self.label(event.path), format_value(event.value)
        kind = self.trace._raw_kinds.get(k, EXACT)
        phase = self.trace.phase_at(k)
        verb = "is already in the table with" if event.kind == "hit" else "returns"
        if test is not None:
            verdict = "passes (fail high)" if kind == LOWER else "fails (fail low)"
            text = f"{here} {verb} {value}: the test {format_test(*test)} {verdict}, so {here} " \
                   f"{format_mark(event.value, kind)}"
        else:
            window = self._window(k, event.path) or (-math.inf, math.inf)
            if kind == LOWER:
                text = f"{here} {verb} {value} ≥ β = {format_value(window[1])}: it failed high, " \
                       f"{here} ≥ {value}"
            elif kind == UPPER:
                text = f"{here} {verb} {value} ≤ α = {format_value(window[0])}: it failed low, " \
                       f"{here} ≤ {value}"
            else:
                text = f"{here} {verb} {value}, inside its window {format_window(window)}: exact"
        if phase is None:
            return text + "."
        if phase.lower == phase.upper:
            return text + f"; now {format_value(phase.lower)} ≤ value ≤ {format_value(phase.upper)}: " \
                          f"the value of the game is {format_value(phase.lower)}."
        return text + f"; now {format_value(phase.lower)} ≤ value ≤ {format_value(phase.upper)}, " \
                      "so another pass is needed."

    # -- Monte Carlo tree search ---------------------------------------------------------------------
    def _monte_carlo(self, k: int, event: TraceEvent) -> str:
        iteration = self.trace.iteration_at(k)
        here, path = self.label(event.path), event.path
        if event.kind == "enter":
            if path == self.trace.start:
                visits, wins = self._tally(k, path)
                return f"start at the root {here} ({_tally_text(wins, visits)} so far)."
            if iteration is None or not iteration.complete:
                return f"visit {here}; the node budget ends the search before this iteration is backed up."
            if path == iteration.expansion:
                return f"expansion: {self.label(path[:-1])}'s move to {here} has not been tried, so {here} " \
                       "joins the tree."
            if path in iteration.selection:
                parent = self.tree.node(path[:-1])
                if _is_chance(parent):
                    return f"selection: chance picks the outcome {here}."
                visits, wins = self._tally(k, path)
                return (f"selection: {here} ({format_value(wins)}/{visits}) has the best UCB1 score "
                        f"among {self.label(path[:-1])}'s children.")
            if _is_chance(self.tree.node(path[:-1])):
                return f"playout: chance picks the outcome {here}."
            return f"playout: a random move to {here}."
        if event.kind == "leaf":
            reward = "" if iteration is None or iteration.reward is None else \
                f", a reward of {format_value(iteration.reward)} for MAX"
            return f"the game ends at {here} with the value {format_value(event.value)}{reward}."
        if event.kind == "update":
            visits, wins = self._tally(k + 1, path)
            return (f"back-propagation: {here} adds the reward {format_value(event.score)}: "
                    f"{_tally_text(wins, visits)} (mean {format_value(wins / visits)}).")
        return self._by_kind(k, event)

    def _tally(self, k: int, path: Path) -> tuple[int, float]:
        """The visits and wins of ``path`` backed up before event ``k``."""
        scores = [score_of(e) for e in self.events[:k] if e.kind == "update" and e.path == path]
        return len(scores), sum(scores)

    def _enter(self, k: int, event: TraceEvent) -> str:
        here, node = self.label(event.path), self.tree.node(event.path)
        window = format_window((event.alpha, event.beta))
        called = f" with [α, β] = {window}" if window else ""
        if node.is_leaf():
            return f"reach the leaf {here}{called}."
        role = node_role(self.tree, event.path) if _is_layered(self.tree) else \
            ("MAX" if event.is_max else "MIN")
        return f"enter {here} ({role}){called}."

    def _leaf(self, k: int, event: TraceEvent) -> str:
        return f"{self.label(event.path)} is a leaf: its value is {format_value(event.value)}."

    def _update(self, k: int, event: TraceEvent) -> str:
        here = self.label(event.path)
        child = self.label(event.path + (event.move,))
        if self.trace.chance and self.trace.averages(event.path):
            terms = self._terms(k, event.path)
            p = format_probability(self.trace.probabilities(event.path)[event.move])
            text = (f"at {here}: {child} returned {format_value(event.score)} with probability {p}; "
                    f"{here}'s weighted sum so far is {terms} = {format_value(event.value)}")
            return text + "."
        text = (f"at {here}: {child} returned {format_value(event.score)}, so {here}'s value so far is "
                f"{format_value(event.value)}")
        if self.trace.variant == "fail-hard" and self._best_score(k, event.path) != event.value:
            side = "α" if self._is_max(k, event.path) else "β"
            text += f" (fail-hard: the value starts at {side} = {format_value(event.value)} and no child " \
                    "has beaten it yet)"
        if event.alpha is not None:
            text += f"; now α = {format_value(event.alpha)}, β = {format_value(event.beta)}"
        return text + "."

    def _cutoff(self, k: int, event: TraceEvent) -> str:
        here = self.label(event.path)
        skipped = [self.label(event.path + (move,)) for move in event.skipped]
        what = f"remaining child {skipped[0]} is" if len(skipped) == 1 else \
            f"remaining children {', '.join(skipped)} are"
        if self.trace.chance and self.trace.averages(event.path):
            return self._chance_cutoff(k, event, skipped)
        update = self._last_in_visit(k, "update", event.path)
        if self.trace.chance and update is None and not self.tree.node(event.path).is_leaf():
            return self._probe(k, event, skipped)
        update = self._last(k, "update", event.path)
        if update is None:
            return f"at {here}: the {what} pruned."
        strict = self.trace.cutoff == ">"
        if self._is_max(k, event.path):
            test = f"{format_value(update.value)} {'>' if strict else '≥'} β = {format_value(update.beta)}"
        else:
            test = f"{format_value(update.value)} {'<' if strict else '≤'} α = {format_value(update.alpha)}"
        text = f"at {here}: {test}, so {here}'s {what} pruned"
        side = "β" if self._is_max(k, event.path) else "α"
        bound = update.beta if self._is_max(k, event.path) else update.alpha
        if self.trace.variant == "fail-hard" and bound != update.value:
            text += (f"; fail-hard: {here} will return {side} = {format_value(bound)}, its value "
                     f"clamped to the window")
        return text + "."

    def _hit(self, k: int, event: TraceEvent) -> str:
        here = self.label(event.path)
        mark = format_mark(event.value, self.trace._raw_kinds.get(k, EXACT))
        return f"{here} is already in the table: value {mark}."

    def _return(self, k: int, event: TraceEvent) -> str:
        here, path = self.label(event.path), event.path
        window = self._window(k, path)
        if self.trace.chance:
            return self._chance_return(k, event, window)
        kind = self.trace._raw_kinds.get(k, EXACT)
        value = format_value(event.value)
        clamp = self._clamp(k, event, window)
        if path == self.trace.start and kind == EXACT and not clamp:
            return f"{here} returns {value}: the value of the game is {value}."
        to = "" if path == self.trace.start else f" to {self.label(path[:-1])}"
        text = f"{here} returns {value}{to}"
        if clamp:
            text += f" ({clamp})"
        alpha, beta = window if window else (None, None)
        if kind == LOWER:
            text += f": {value} ≥ β = {format_value(beta)}, so it is a lower bound, {here} ≥ {value}"
        elif kind == UPPER:
            text += f": {value} ≤ α = {format_value(alpha)}, so it is an upper bound, {here} ≤ {value}"
        elif kind == UNKNOWN:
            text += f": its window [{value}, {value}] is empty, so {value} says nothing about {here}'s value"
        elif (outside := bound_of(value_of(event), window)) != EXACT:
            edge = f"≤ α = {format_value(alpha)}" if outside == UPPER else f"≥ β = {format_value(beta)}"
            text += f": {value} {edge}, but nothing below {here} was pruned, so {value} is its exact value"
        if path == self.trace.start:
            text += f"; the value of the game is {format_mark(event.value, kind)}"
        return text + "."

    # -- chance nodes and Star2's probes ------------------------------------------------------------
    def _terms(self, k: int, path: Path) -> str:
        """``1/2 × 3 + 1/2 × 5``: the outcomes of an averaging node's visit up to event ``k``."""
        probabilities = self.trace.probabilities(path)
        terms = []
        for event in self._visit(k, path):
            if event.kind == "update":
                score = format_value(event.score)
                score = f"({score})" if score_of(event) < 0 else score
                terms.append(f"{format_probability(probabilities[event.move])} × {score}")
        return " + ".join(terms)

    def _chance_cutoff(self, k: int, event: TraceEvent, skipped: list[str]) -> str:
        here, path = self.label(event.path), event.path
        window = self._window(k, path) or (-math.inf, math.inf)
        returned = next((e for e in self.events[k + 1:] if e.path == path and e.kind == "return"), None)
        value = returned.value if returned is not None else None
        low = returned is not None and self.trace.kind_of_return(self.events.index(returned)) == UPPER
        limit = f"α = {format_value(window[0])}" if low else f"β = {format_value(window[1])}"
        which = f"the best outcomes left cannot lift the average above {limit}" if low else \
            f"the worst outcomes left cannot pull the average below {limit}"
        sign = "at most" if low else "at least"
        rest = f"the rest ({', '.join(skipped)}) are" if len(skipped) > 1 else f"{skipped[0]} is"
        if self._last_in_visit(k, "update", path) is None and len(event.skipped) == \
                len(self.tree.node(path).children):
            return (f"at {here}: the probes alone show that {here}'s average is {sign} "
                    f"{format_value(value)}: {which}, so no outcome needs a full search.")
        enter = next(e for e in reversed(self.events[:k])
                     if e.kind == "enter" and len(e.path) == len(path) + 1 and e.path[:-1] == path)
        child = self.label(enter.path)
        score = next((e.value for e in reversed(self.events[:k]) if e.path == enter.path
                      and e.kind in ("return", "leaf", "hit")), None)
        return (f"at {here}: outcome {child} returned {format_value(score)}, so {here}'s average is "
                f"{sign} {format_value(value)}: even {which}, so {rest} pruned.")

    def _probe(self, k: int, event: TraceEvent, skipped: list[str]) -> str:
        here, node = self.label(event.path), self.tree.node(event.path)
        first = next((e for e in reversed(self.events[:k]) if e.kind == "enter"
                      and e.path[:-1] == event.path), None)
        searched = self.label(first.path) if first is not None else "its first move"
        side = "at least" if node.is_max else "at most"
        return (f"Star2's probe of {here}: only its first move {searched} was searched, so {here} "
                f"({'MAX' if node.is_max else 'MIN'}) is worth {side} that; "
                f"{', '.join(skipped)} {'is' if len(skipped) == 1 else 'are'} left for now.")

    def _chance_return(self, k: int, event: TraceEvent, window: Window | None) -> str:
        here, path = self.label(event.path), event.path
        to = "" if path == self.trace.start else f" to {self.label(path[:-1])}"
        if event.value is None:
            return f"{here} returns{to} without a value: the probe learnt nothing from it."
        value = format_value(event.value)
        kind = self.trace.kind_of_return(k)
        node = self.tree.node(path)
        if self.trace.averages(path) and kind == EXACT:
            text = f"{here} averages {self._terms(k, path)} = {value}"
            if path == self.trace.start:
                return text + f": the value of the game is {value}."
            return text + f" and returns it{to}."
        if kind == EXACT:
            if path == self.trace.start:
                return f"{here} returns {value}: the value of the game is {value}."
            return f"{here} returns {value}{to}."
        mark = format_mark(event.value, kind)
        if self.trace.averages(path):
            reason = "its outcomes so far already decide it"
        elif self._last_in_visit(k, "update", path) is None and not node.is_leaf():
            reason = "a probe sees only the first move"
        else:
            reason = "the window ruled out the rest"
        text = f"{here} returns {value}{to}: only a bound, {here} {mark} ({reason})"
        if path == self.trace.start:
            text += f"; the value of the game is {mark}"
        return text + "."

    def _visit(self, k: int, path: Path) -> list[TraceEvent]:
        """The events at ``path`` since it was last entered, up to event ``k``."""
        out: list[TraceEvent] = []
        for event in reversed(self.events[:k + 1]):
            if event.path == path:
                if event.kind == "enter":
                    break
                out.append(event)
        return out[::-1]

    def _last_in_visit(self, k: int, kind: str, path: Path) -> TraceEvent | None:
        found = [e for e in self._visit(k, path) if e.kind == kind]
        return found[-1] if found else None

    # -- what the sentences need to know ---------------------------------------------------------
    def _clamp(self, k: int, event: TraceEvent, window: Window | None) -> str:
        """For fail-hard: how the returned value was clamped to the window ("" if it was not)."""
        if self.trace.variant != "fail-hard" or window is None or self.tree.node(event.path).is_leaf():
            return ""
        best = self._best_score(k, event.path)
        value = value_of(event)
        if best is None or best == value:
            return ""
        alpha, beta = window
        if value == beta or (value != alpha and best > value):
            return f"fail-hard: its best child gave {format_value(best)}, clamped to β = {format_value(beta)}"
        return f"fail-hard: its best child gave {format_value(best)}, clamped to α = {format_value(alpha)}"

    def _best_score(self, k: int, path: Path) -> float | None:
        """The best child score of ``path``'s current call, up to event ``k``."""
        maximizing = self._is_max(k, path)
        best: float | None = None
        for event in reversed(self.events[:k + 1]):
            if event.path == path and event.kind == "enter":
                break
            if event.path == path and event.kind == "update":
                score = score_of(event)
                if best is None or (score > best if maximizing else score < best):
                    best = score
        return best

    def _last(self, k: int, kind: str, path: Path) -> TraceEvent | None:
        for event in reversed(self.events[:k]):
            if event.path == path and event.kind == kind:
                return event
        return None

    def _window(self, k: int, path: Path) -> Window | None:
        enter = self._last(k, "enter", path)
        if enter is None or enter.alpha is None:
            return None
        return (enter.alpha, enter.beta)

    def _is_max(self, k: int, path: Path) -> bool:
        enter = self._last(k + 1, "enter", path)
        return bool(enter.is_max) if enter is not None else self.tree.node(path).is_max
