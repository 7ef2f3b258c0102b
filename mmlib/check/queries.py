"""Asking a student's function for the answers a search in the checker needs.

A checker that runs its own search on the student's answers (a move ordering, a table's
flags) cannot know in advance which positions the search will ask about: that depends on
the answers.  :func:`answers_by_rounds` runs the search with what it knows, collects the
questions it could not answer, asks the student's function all of them at once in an
isolated process (:mod:`mmlib.isolation.runner`), and runs the search again, until no question
is left.  The verdict is computed here, from plain data.

>>> def search(known, missing):
...     need = [(n,) for n in (1, 2, 3) if (n,) not in known]
...     missing.update(need)
...     return sum(known.get((n,), 0) for n in (1, 2, 3))
>>> answers_by_rounds(lambda n: 10 * n, "f", search, lambda call, outcome: outcome.answer.number)
60
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..isolation import runner
from ..isolation.runner import Call, Outcome
from ..progress import Run

__all__ = ["Unusable", "answers_by_rounds", "ask", "usable_outcome", "function_name", "MAX_ROUNDS"]

MAX_ROUNDS = 60
"""How many times the search is run again with more answers before the checker gives up."""


class Unusable(Exception):
    """The student's function did not give a usable answer: ``diagnosis``, ``detail`` and what
    it printed."""

    def __init__(self, diagnosis: str, detail: str, output: str = ""):
        super().__init__(detail)
        self.diagnosis, self.detail, self.output = diagnosis, detail, output


def function_name(fn: Callable[..., Any], default: str) -> str:
    """The name a report gives the student's function: its own (``centre_first``), or ``default``
    (the function the check is for) when it has none a call could be written with (a lambda).

    >>> def centre_first(board, moves): raise NotImplementedError     # a stub: only its name matters
    >>> function_name(centre_first, "order_moves"), function_name(lambda board, moves: moves, "order_moves")
    ('centre_first', 'order_moves')
    """
    name = getattr(fn, "__name__", "")
    return name if isinstance(name, str) and name.isidentifier() else default


def shown_call(name: str, call: Call) -> str:
    """The call as the student would write it.

    >>> shown_call("order_moves", Call(("X..", [0, 1])))
    "order_moves('X..', [0, 1])"
    """
    return f"{name}({', '.join(repr(arg) for arg in call.args)})"


def usable_outcome(name: str, call: Call, outcome: Outcome) -> Any:
    """The answer of an outcome that returned; :class:`Unusable` for one that did not."""
    if outcome.kind == "not-implemented":
        raise Unusable(outcome.kind, outcome.detail, outcome.output)
    if outcome.kind != "ok":
        raise Unusable(outcome.kind, f"{shown_call(name, call)}: {outcome.detail or 'it was stopped'}",
                       outcome.output)
    assert outcome.answer is not None
    return outcome.answer


def ask(fn: Callable[..., Any], name: str, questions: list[tuple[Any, ...]],
        validate: Callable[[Call, Outcome], Any], *,
        time_limit: float = runner.TIME_LIMIT) -> dict[tuple[Any, ...], Any]:
    """``fn``'s validated answer to each question (a tuple of arguments), asked in one batch."""
    calls = [Call(tuple(list(arg) if isinstance(arg, tuple) else arg for arg in question))
             for question in questions]
    answers: dict[tuple[Any, ...], Any] = {}
    outcomes = runner.run_calls(fn, calls, time_limit=time_limit)   # a generator: close() kills the child
    try:
        with Run(f"checking your {name} function", f"{len(calls):,} calls", "calls answered",
                 total=len(calls)) as run:
            for question, call, outcome in zip(questions, calls, outcomes, strict=False):
                answers[question] = validate(call, outcome)
                run.step()
    finally:
        outcomes.close()
    return answers


def answers_by_rounds(fn: Callable[..., Any], name: str, search: Callable[[dict[Any, Any], set[Any]], Any],
                      validate: Callable[[Call, Outcome], Any], *, time_limit: float = runner.TIME_LIMIT,
                      max_rounds: int = MAX_ROUNDS) -> Any:
    """Run ``search(known, missing)`` until it asks nothing new; return its last result.

    ``search`` answers from ``known`` (question -> validated answer) and adds the questions
    it could not answer to ``missing``; they are asked of ``fn`` between two rounds.
    """
    known: dict[tuple[Any, ...], Any] = {}
    for _ in range(max_rounds):
        missing: set[tuple[Any, ...]] = set()
        result = search(known, missing)
        missing -= known.keys()
        if not missing:
            return result
        known.update(ask(fn, name, sorted(missing, key=repr), validate, time_limit=time_limit))
    raise Unusable("unstable", f"the search kept asking {name} about new positions after "
                   f"{max_rounds} rounds")
