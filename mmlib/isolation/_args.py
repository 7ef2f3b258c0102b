"""Validation of the checker's own parameters: a bad one is the caller's mistake, raised at
the call as an :class:`~mmlib.errors.ArgumentError` naming the argument (never reported as
the student's).  The checks are :mod:`mmlib._validate`'s, in the checker's words, with a
description of the bad value that never calls its ``repr`` (student objects may be hostile).

>>> integer("depth", 3, minimum=1)
3
>>> integer("depth", None, minimum=1)
Traceback (most recent call last):
...
mmlib.errors.ArgumentTypeError: depth: expected an integer, got None
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import _validate
from ..errors import ArgumentError, printable

__all__ = ["integer", "seconds", "flag", "function", "text"]


def integer(name: str, value: Any, *, minimum: int | None = None) -> int:
    """``value`` as an int, or an error naming ``name``."""
    return _validate.whole(name, value, minimum=minimum, what="an integer", show=_show)


def seconds(name: str, value: Any, *, maximum: float) -> float:
    """A positive, finite number of seconds (or bytes) up to ``maximum``."""
    _validate.real(name, value, show=_show)
    if not (0 < value <= maximum and math.isfinite(maximum)):     # (no float() of a huge int)
        raise ArgumentError(f"{name}: must be above 0 and at most {maximum:g}, got {_show(value)}")
    return float(value)


def flag(name: str, value: object) -> bool:
    """True or False."""
    return _validate.flag(name, value, show=_show)


def function(name: str, value: object, what: str) -> Callable[..., Any]:
    """A callable, else an error saying ``what`` was expected."""
    return _validate.function(name, value, what, show=_show)


def text(name: str, value: object) -> str:
    """A string."""
    return _validate.text(name, value, show=_show)


def _show(value: object) -> str:
    """A short description of a bad argument that cannot fail (no repr of arbitrary objects)."""
    if value is None or isinstance(value, (bool, float)) or type(value) is int and abs(value) < 10**12:
        return repr(value)
    if type(value) is int:
        return printable(value)                   # 'an integer of about 401 digits'
    if type(value) is str:
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    return f"a {type(value).__name__}"
