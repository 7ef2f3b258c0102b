"""Values, windows, bounds, tests and probabilities as people write them.

>>> format_mark(6, LOWER), format_window((-math.inf, 5)), format_probability(1/3)
('≥ 6', '[−∞, 5]', '1/3')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from ..errors import ArgumentTypeError, printable
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
        return printable(value)                 # too long to write out (or to make a float of)
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    if float(value).is_integer():
        text = str(int(value))
    else:
        text = f"{value:.3g}"
    return text.replace("-", "−")


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one.

    >>> counted(1, "leaf", "leaves"), counted(9, "leaf", "leaves"), counted(4, "node")
    ('1 leaf', '9 leaves', '4 nodes')
    """
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def format_window(window: tuple[float | None, float | None] | None) -> str:
    """``[α, β]`` with infinities as ``−∞``/``+∞`` (empty for minimax, which has no window).

    >>> format_window((-math.inf, 5)), format_window((None, None))
    ('[−∞, 5]', '')
    """
    if window is None or window[0] is None:
        return ""
    return f"[{format_value(window[0])}, {format_value(window[1])}]"


def bound_text(kind: str, *numbers: str) -> str:
    """The one place the look of a drawn value is decided: ``numbers`` (already written, see
    :func:`format_value`) marked as a value of kind ``kind``: ``6`` (exact), ``≥ 6`` (lower
    bound), ``≤ 2`` (upper bound), ``3 to 5`` (between), ``(5)`` (so far, unknown).

    >>> bound_text(LOWER, "6"), bound_text(UPPER, "2"), bound_text(BETWEEN, "3", "5"), bound_text(SO_FAR, "5")
    ('≥ 6', '≤ 2', '3 to 5', '(5)')
    """
    if kind == BETWEEN:
        return f"{numbers[0]} to {numbers[1]}"
    return {LOWER: f"≥ {numbers[0]}", UPPER: f"≤ {numbers[0]}", SO_FAR: f"({numbers[0]})",
            UNKNOWN: f"({numbers[0]})"}.get(kind, numbers[0])


def format_mark(value: float | None, bound: str = EXACT) -> str:
    """A value with its kind: ``6``, ``≥ 6`` (lower bound), ``≤ 2`` (upper bound), ``(5)`` (so far).

    >>> format_mark(6, LOWER), format_mark(2, UPPER), format_mark(3), format_mark(5, SO_FAR)
    ('≥ 6', '≤ 2', '3', '(5)')
    """
    if value is None:
        return ""
    return bound_text(bound if bound in (LOWER, UPPER, SO_FAR, UNKNOWN) else EXACT, format_value(value))


def _known_numbers(low: float, high: float, kind: str) -> tuple[float, ...]:
    """The numbers a drawn interval of kind ``kind`` writes."""
    return {EXACT: (low,), LOWER: (low,), UPPER: (high,), BETWEEN: (low, high)}[kind]


def shows_returned(low: float, high: float, kind: str, returned: float | None) -> bool:
    """True when the search ``returned`` a number the interval's text does not write (drawn
    after it, ``2 (ret. 3)``; see :func:`format_known`).

    >>> shows_returned(2, 2, EXACT, 3), shows_returned(6, math.inf, LOWER, 6)
    (True, False)
    """
    return kind != UNKNOWN and returned is not None \
        and not any(_same(returned, number) for number in _known_numbers(low, high, kind))


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
    if kind == EXACT and returned is not None and _same(returned, low):
        low = returned                                   # the search's own rounding of the sum
    text = bound_text(kind, *(format_value(number) for number in _known_numbers(low, high, kind)))
    if shows_returned(low, high, kind, returned):
        text += f" (ret. {format_value(returned)})"
    return text


class Reading(NamedTuple):
    """What a drawn value says, as numbers: its ``kind`` (:data:`EXACT`, :data:`LOWER`,
    :data:`UPPER`, :data:`BETWEEN`, :data:`UNKNOWN`, :data:`SO_FAR`), the interval
    [``low``, ``high``] its evaluated leaves prove (None when they prove nothing to draw) and
    the number the search ``returned`` there.  Views keep a Reading and write it when they
    paint (:meth:`text`), so how a bound looks is decided in :func:`bound_text` alone.

    >>> Reading(LOWER, 6, math.inf, 6).text(), Reading(EXACT, 2, 2, 3).text()
    ('≥ 6', '2 (ret. 3)')
    >>> Reading(SO_FAR, None, None, 5).text()
    '(5)'
    >>> Reading(EXACT, 2, 2, 3).text(returned=False)
    '2'
    """

    kind: str
    low: float | None
    high: float | None
    returned: float | None

    @classmethod
    def exact(cls, value: float | None) -> Reading:
        """A known value, such as a leaf's (nothing when ``value`` is None)."""
        return cls(EXACT, value, value, None) if value is not None else cls(EXACT, None, None, None)

    @property
    def returned_shown(self) -> bool:
        """True when the text writes the returned number after what is proven (``2 (ret. 3)``)."""
        return self.low is not None and self.high is not None \
            and shows_returned(self.low, self.high, self.kind, self.returned)

    def text(self, *, returned: bool = True) -> str:
        """The value as drawn (see :func:`format_known`, :func:`format_mark`); ``returned=False``:
        what is proven alone, without the returned number (a legend's example)."""
        if self.low is None or self.high is None:
            return format_mark(self.returned, self.kind)
        return format_known(self.low, self.high, self.kind, self.returned if returned else None)


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
