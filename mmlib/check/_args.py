"""Validation of the checker's own parameters: a bad one is the caller's mistake, raised at
the call as an :class:`~mmlib.errors.ArgumentError` naming the argument (never reported as
the student's).

>>> integer("depth", 3, minimum=1)
3
>>> integer("depth", None, minimum=1)
Traceback (most recent call last):
...
mmlib.errors.ArgumentTypeError: depth: expected an integer, got None
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError

__all__ = ["integer", "seconds", "flag", "function", "text"]


def integer(name: str, value: Any, *, minimum: int | None = None) -> int:
    """``value`` as an int, or an error naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected an integer, got {_show(value)}")
    if minimum is not None and value < minimum:
        raise ArgumentError(f"{name}: must be at least {minimum}, got {int(value)}")
    return int(value)


def seconds(name: str, value: Any, *, maximum: float) -> float:
    """A positive, finite number of seconds (or bytes) up to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(f"{name}: expected a number, got {_show(value)}")
    if not (math.isfinite(value) and 0 < float(value) <= maximum):
        raise ArgumentError(f"{name}: must be above 0 and at most {maximum:g}, got {_show(value)}")
    return float(value)


def flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name}: expected True or False, got {_show(value)}")
    return value


def function(name: str, value: Any, what: str) -> Callable:
    if not callable(value):
        raise ArgumentTypeError(f"{name}: expected {what}, got {_show(value)}")
    return value


def text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name}: expected a string, got {_show(value)}")
    return value


def _show(value: Any) -> str:
    """A short description of a bad argument that cannot fail (no repr of arbitrary objects)."""
    if value is None or isinstance(value, (bool, float)) or type(value) is int and abs(value) < 10**12:
        return repr(value)
    if type(value) is str:
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    return f"a {type(value).__name__}"
