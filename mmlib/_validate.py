"""Checking arguments: one place for the tests every public function repeats.

Each check returns the value (normalised: an ``int`` for a whole number, a ``float``
for seconds) or raises from the :mod:`mmlib.errors` family, naming the argument: an
:class:`~mmlib.errors.ArgumentTypeError` for a value of the wrong kind, an
:class:`~mmlib.errors.ArgumentError` for one out of range.

>>> whole("depth", 3, minimum=0)
3
>>> whole("depth", None, minimum=0, allow_none=True) is None
True
>>> whole("depth", -1, minimum=0)
Traceback (most recent call last):
...
mmlib.errors.ArgumentError: depth: must be at least 0, got -1
>>> choice("cutoff", ">", (">=", ">"))
'>'
>>> window(3, 1)
Traceback (most recent call last):
...
mmlib.errors.ArgumentError: alpha, beta: the window needs alpha < beta, got [3, 1]

A module whose messages say it in its own words passes them: ``what`` is the kind of value
expected and ``show`` describes the bad value (:func:`~mmlib.errors.printable` unless told).

>>> whole("seed", "3", what="an integer", show=type_name)
Traceback (most recent call last):
...
mmlib.errors.ArgumentTypeError: seed: expected an integer, got str
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeGuard, TypeVar, overload

from .errors import ArgumentError, ArgumentTypeError, printable

__all__ = ["whole", "number", "real", "text", "choice", "flag", "function", "window", "budget",
           "seconds_budget", "is_whole", "is_real", "type_name"]

T = TypeVar("T")

LONGEST_SECONDS = 10 ** 9
"""Any time budget longer than this (about 31 years) is taken as this."""


def is_whole(value: object) -> bool:
    """An integer, and not True or False."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_real(value: object) -> TypeGuard[float]:
    """A real number (int, float, Fraction...), and not True or False.  (For the type checker,
    a float: every Real compares and converts as a float does.)

    >>> is_real(2.5), is_real(True), is_real("2")
    (True, False, False)
    """
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def type_name(value: object) -> str:
    """The name of ``value``'s type: a description of a bad value that shows nothing of it.

    >>> type_name(b"ABC")
    'bytes'
    """
    return type(value).__name__


@overload
def whole(name: str, value: Any, *, minimum: int | None = None, maximum: int | None = None,
          allow_none: Literal[False] = False, what: str = ..., show: Callable[[Any], str] = ...) -> int: ...


@overload
def whole(name: str, value: Any, *, minimum: int | None = None, maximum: int | None = None,
          allow_none: bool, what: str = ..., show: Callable[[Any], str] = ...) -> int | None: ...


def whole(name: str, value: Any, *, minimum: int | None = None, maximum: int | None = None,
          allow_none: bool = False, what: str = "a whole number",
          show: Callable[[Any], str] = printable) -> int | None:
    """``value`` as an ``int`` (None passes when ``allow_none``), at least ``minimum`` and at
    most ``maximum``.  Any integer type is a whole number (a numpy integer from a slider or an
    array is the plain ``int`` it equals); True and False are not.

    >>> import numpy
    >>> whole("depth", numpy.int64(2), minimum=0), type(whole("depth", numpy.int64(2)))
    (2, <class 'int'>)
    >>> whole("trees", 0, minimum=1, maximum=50)
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentError: trees: expected 1 to 50, got 0
    >>> whole("depth", True)
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentTypeError: depth: expected a whole number, got True
    """
    if value is None and allow_none:
        return None
    if not is_whole(value):
        none = " or None" if allow_none else ""
        raise ArgumentTypeError(f"{name}: expected {what}{none}, got {show(value)}")
    if minimum is not None and maximum is not None and not minimum <= value <= maximum:
        raise ArgumentError(f"{name}: expected {minimum:,} to {maximum:,}, got {printable(value)}")
    if minimum is not None and value < minimum:
        raise ArgumentError(f"{name}: must be at least {minimum}, got {printable(value)}")
    if maximum is not None and value > maximum:
        raise ArgumentError(f"{name}: must be at most {maximum:,}, got {printable(value)}")
    return int(value)


def real(name: str, value: object, *, what: str = "a number", show: Callable[[Any], str] = printable) -> Any:
    """A real number, not a bool (NaN and the infinities pass: see :func:`number`).

    >>> real("leaves", True)
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentTypeError: leaves: expected a number, got True
    """
    if not is_real(value):
        raise ArgumentTypeError(f"{name}: expected {what}, got {show(value)}")
    return value


def number(name: str, value: object, *, finite: bool = False, positive: bool = False) -> Any:
    """A real number (not a bool, not NaN) that a float can hold; also finite when ``finite``
    and above 0 when ``positive``.  An integer too large for a float (``10**400``) is refused:
    the drawings, the sentences and the bounds compute with floats.

    >>> number("alpha", 10 ** 400)
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentError: alpha: too large to compute with, got an integer of about 401 digits
    """
    if not is_real(value) or _is_nan(value):
        raise ArgumentTypeError(f"{name}: expected a number, got {printable(value)}")
    try:
        as_float = float(value)
    except OverflowError:
        raise ArgumentError(f"{name}: too large to compute with, got {printable(value)}") from None
    if finite and not math.isfinite(as_float):
        raise ArgumentError(f"{name}: expected a finite number, got {printable(value)}")
    if positive and not as_float > 0:
        raise ArgumentError(f"{name}: must be > 0, got {printable(value)}")
    return value


def choice(name: str, value: Any, allowed: Sequence[T]) -> T:
    """``value`` if it is one of ``allowed``, else an error listing them."""
    options = ", ".join(map(repr, allowed))
    if not isinstance(value, str) and all(isinstance(option, str) for option in allowed):
        raise ArgumentTypeError(f"{name}: expected one of {options}, got {printable(value)}")
    if value not in allowed:
        raise ArgumentError(f"{name}: expected one of {options}, got {printable(value)}")
    return value  # type: ignore[no-any-return]


def text(name: str, value: object, *, what: str = "a string", show: Callable[[Any], str] = printable) -> str:
    """A string, else an error saying ``what`` was expected.

    >>> text("text", 7, show=type_name)
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentTypeError: text: expected a string, got int
    """
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name}: expected {what}, got {show(value)}")
    return value


def flag(name: str, value: object, *, show: Callable[[Any], str] = printable) -> bool:
    """True or False (not 0, 1 or None)."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name}: expected True or False, got {show(value)}")
    return value


def function(name: str, value: Any, what: str = "a function", *,
             show: Callable[[Any], str] = printable) -> Callable[..., Any]:
    """A callable, else an error saying ``what`` was expected."""
    if not callable(value):
        raise ArgumentTypeError(f"{name}: expected {what}, got {show(value)}")
    return value  # type: ignore[no-any-return]


def window(alpha: float, beta: float) -> tuple[Any, Any]:
    """A search window: two numbers (infinities allowed) with ``alpha < beta``."""
    number("alpha", alpha)
    number("beta", beta)
    if not alpha < beta:
        raise ArgumentError(f"alpha, beta: the window needs alpha < beta, got "
                            f"[{printable(alpha)}, {printable(beta)}]")
    return alpha, beta


def budget(max_nodes: int | None) -> int | None:
    """A node budget: a whole number of at least 1, or None (no limit)."""
    if max_nodes is None:
        return None
    if not is_whole(max_nodes):
        raise ArgumentTypeError(f"max_nodes: expected a whole number or None (no limit), "
                                f"got {printable(max_nodes)}")
    if max_nodes < 1:
        raise ArgumentError(f"max_nodes: must be at least 1, got {printable(max_nodes)}")
    return int(max_nodes)


def seconds_budget(max_seconds: float | None) -> float | None:
    """A time budget: a number of seconds above 0, or None (no limit)."""
    if max_seconds is None:
        return None
    real("max_seconds", max_seconds, what="a number of seconds or None (no limit)")
    if is_whole(max_seconds):
        max_seconds = min(max_seconds, LONGEST_SECONDS)      # a huge int as a float would overflow
    if not max_seconds > 0 or _is_nan(max_seconds):
        raise ArgumentError(f"max_seconds: must be more than 0, got {printable(max_seconds)}")
    return float(min(max_seconds, LONGEST_SECONDS))


def _is_nan(value: Any) -> bool:
    try:
        return math.isnan(value)
    except (OverflowError, TypeError, ValueError):   # huge ints are never NaN
        return False
