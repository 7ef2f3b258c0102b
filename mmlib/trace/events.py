"""Transcript events as the model keeps them: their guaranteed numbers, and the transcript
turned to paths from the root and values from MAX's point of view.

>>> value_of(TraceEvent("leaf", (0, 1), value=3))
3
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar, get_args

from ..errors import ArgumentError, ArgumentTypeError
from ..instrument import Comparison, Event, EventKind
from ..trees import Path

T = TypeVar("T")

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

    >>> import math
    >>> window_of(TraceEvent("enter", (), alpha=-math.inf, beta=5))
    (-inf, 5)
    """
    return _carried(event.alpha, event, "alpha"), _carried(event.beta, event, "beta")


def gamma_of(event: TraceEvent) -> float:
    """The γ of a "pass" or "test" event, which asks a null-window question about γ.

    >>> gamma_of(TraceEvent("pass", (), alpha=5, beta=5, test=">="))
    5
    """
    return _carried(event.alpha, event, "alpha")


def question_of(event: TraceEvent) -> tuple[float, Comparison]:
    """The null-window question (γ, ``">="`` or ``">"``) a "pass" or "test" event asks: "is
    the value ≥ γ?" or "is it > γ?".

    >>> question_of(TraceEvent("test", (0,), alpha=3, beta=3, test=">"))
    (3, '>')
    """
    return gamma_of(event), _carried(event.test, event, "test")


def _carried(number: T | None, event: TraceEvent, name: str) -> T:
    if number is None:
        raise ArgumentError(f"events: the {event.kind!r} event at {event.path} carries no {name}")
    return number


_KINDS = frozenset(get_args(EventKind))
_COMPARISONS = (None, *get_args(Comparison))


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
        test = getattr(event, "test", None)
        if test not in _COMPARISONS:
            raise ArgumentError(f"events: the {event.kind!r} event at {tuple(event.path)} asks {test!r} "
                                "(expected '>=', '>' or None)")
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
                         event.is_max, test)
