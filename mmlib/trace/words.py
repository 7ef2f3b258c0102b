"""Values, windows, bounds, tests and probabilities as people write them.

>>> format_mark(6, LOWER), format_window((-math.inf, 5)), format_probability(1/3)
('≥ 6', '[−∞, 5]', '1/3')
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..errors import ArgumentTypeError, describe
from .bounds import BETWEEN, EXACT, LOWER, SO_FAR, UNKNOWN, UPPER, _same


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


def format_known(low: float, high: float, kind: str, returned: float | None = None) -> str:
    """What the leaves prove about a node, [``low``, ``high``] of kind ``kind`` (see
    :func:`~mmlib.trace.bounds.known_kind`), as drawn: ``3``, ``≥ 6``, ``≤ 2``, ``3 to 5``.
    When the search ``returned`` another number (fail-hard clamps to the window), both:
    ``2 (ret. 3)``, what is known and then what was returned.

    >>> format_known(2, 2, EXACT), format_known(6, math.inf, LOWER), format_known(3, 5, BETWEEN)
    ('2', '≥ 6', '3 to 5')
    >>> format_known(2, 2, EXACT, returned=3), format_known(6, math.inf, LOWER, returned=6)
    ('2 (ret. 3)', '≥ 6')
    >>> format_known(-math.inf, math.inf, UNKNOWN, returned=5)
    '(5)'
    """
    if kind == UNKNOWN:
        return format_mark(returned, UNKNOWN)
    drawn = {EXACT: (low,), LOWER: (low,), UPPER: (high,), BETWEEN: (low, high)}[kind]
    if kind == EXACT and returned is not None and _same(returned, low):
        low = returned                                   # the search's own rounding of the sum
    text = {EXACT: format_value(low), LOWER: f"≥ {format_value(low)}", UPPER: f"≤ {format_value(high)}",
            BETWEEN: f"{format_value(low)} to {format_value(high)}"}[kind]
    if returned is not None and not any(_same(returned, number) for number in drawn):
        text += f" (ret. {format_value(returned)})"
    return text


def format_test(gamma: float, test: str) -> str:
    """The question a null-window test asks: ``“value ≥ 3?”``.

    >>> format_test(3, ">="), format_test(math.inf, ">=")
    ('“value ≥ 3?”', '“value ≥ +∞?”')
    """
    return f"“value {'≥' if test == '>=' else '>'} {format_value(gamma)}?”"


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


def _tally_text(wins: float, visits: int) -> str:
    """``1 win in 1 visit``, ``2.5 wins in 3 visits``."""
    return f"{format_value(wins)} win{'' if wins == 1 else 's'} in {visits} visit{'' if visits == 1 else 's'}"
