"""What a returned value says about a node's true value: the kinds of bound and their rules.

What is drawn at a node is what the leaves evaluated below it prove (:func:`known_kind`):
the node's value is :data:`EXACT`, at least a number (:data:`LOWER`), at most one
(:data:`UPPER`), :data:`BETWEEN` two, a best value :data:`SO_FAR` of a node still being
searched, or :data:`UNKNOWN` when the leaves prove nothing.  :func:`bound_of` reads what one
returned value says from the window the node was entered with (Knuth & Moore 1975),
:func:`null_window_bound` from a null-window test and :func:`chance_bound` at a chance node
searched by Star1 or Star2 (Ballard 1983): the narration tells this, the drawings what is known.

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
BETWEEN = "between"
"""The true value lies between two numbers the leaves prove (``3 to 5``)."""
SO_FAR = "so far"
"""A node still being searched whose best value so far proves nothing yet (``(5)``)."""
UNKNOWN = "unknown"
"""The leaves evaluated below a node prove nothing about its value (fail-hard with an empty
window, α = β, possible with the cutoff test ``>``, returns α whatever the true value): the
number it returned is written ``(5)``."""


def known_kind(low: float, high: float, lowest: float = -math.inf, highest: float = math.inf) -> str:
    """What the interval [``low``, ``high``] that the evaluated leaves prove says, when every
    value lies in [``lowest``, ``highest``] anyway (Star1 and Star2's L and U; else ±∞):
    exact when ``low`` = ``high``, otherwise a bound on each side that says more than that.

    >>> known_kind(2, 2), known_kind(6, math.inf), known_kind(-math.inf, 2), known_kind(3, 5)
    ('exact', 'lower', 'upper', 'between')
    >>> known_kind(-10, 4, -10, 10), known_kind(-math.inf, math.inf)
    ('upper', 'unknown')
    """
    if _same(low, high):
        return EXACT
    above, below = low > lowest and not _same(low, lowest), high < highest and not _same(high, highest)
    return BETWEEN if above and below else LOWER if above else UPPER if below else UNKNOWN


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
    holds = value >= gamma if test == ">=" else value > gamma
    return LOWER if holds else UPPER


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
