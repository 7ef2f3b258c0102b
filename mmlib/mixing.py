"""The one source of randomness in mmlib: splitmix64 on plain integers.

Pure integer arithmetic, so a seed gives the same numbers in every process, on every
platform and in every Python version (no ``hash()`` of strings, no ``random`` module).

>>> splitmix64(1234567)          # the first output of Vigna's reference from state 1234567
6457827717110365317
>>> 0 < unit_float(splitmix64(7)) < 1
True
"""

from __future__ import annotations

__all__ = ["MASK", "GOLDEN", "splitmix64", "unit_float"]

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(x: int) -> int:
    """A well-mixed 64-bit function of a 64-bit integer (one splitmix64 step from state ``x``)."""
    x = (x + GOLDEN) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


#: The largest float below 1 (1 - 2**-53).
_BELOW_ONE = 1.0 - 2.0 ** -53


def unit_float(h: int) -> float:
    """A float strictly inside (0, 1), exactly determined by ``h`` (its top 53 bits).

    The middle of the top bits' slot, except in the last slot, whose middle rounds to 1.0:
    there the largest float below 1.

    >>> unit_float(MASK) < 1.0
    True
    """
    x = ((h >> 11) + 0.5) * (1.0 / 9007199254740992.0)
    return x if x < 1.0 else _BELOW_ONE
