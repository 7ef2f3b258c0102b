"""What a returned value says about a node's true value: the kinds of bound and their rules.

A value is :data:`EXACT`, a :data:`LOWER` or :data:`UPPER` bound, a best value :data:`SO_FAR`
or, fail-hard in an empty window, :data:`UNKNOWN`.  :func:`bound_of` reads it from the window
the node was entered with (Knuth & Moore 1975), :func:`null_window_bound` from a null-window
test and :func:`chance_bound` at a chance node searched by Star1 or Star2 (Ballard 1983).

>>> bound_of(2, (3, math.inf)), null_window_bound(5, 5, ">"), chance_bound(1.3, (2.1, 4))
('upper', 'upper', 'upper')
"""

from __future__ import annotations

import math

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
