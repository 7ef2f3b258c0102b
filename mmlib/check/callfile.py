"""Practice cases that are calls (labs 6 and 7) as text: the calls and the answers they must give.

A call case file lists calls of one function, written as in Python with the parameters named,
each followed by ``=`` and the answer::

    # a search in the window [40, 60]
    check = bound_flag
    bound_flag(value=50, alpha=40, beta=60) = EXACT
    bound_flag(value=60, alpha=40, beta=60) = LOWER

- ``check``: ``bound_flag``, ``probe`` (lab 7) or ``anytime_move`` (lab 6);
- a number is whole or decimal, or ``inf`` / ``-inf``; a flag is ``EXACT``, ``LOWER`` or
  ``UPPER`` (the constants of :mod:`mmlib.table`); ``probe``'s answer is a number or ``None``;
  a board is quoted, in the text form of lab 5 and 6 (six rows, top row first, separated by
  ``/``), and drawn in comment lines above its call; ``anytime_move``'s answer is a column.

:func:`read_call_case` checks every answer against the reference (for lab 7 the rules of
Marsland 1986; for lab 6 the move of the last completed iteration) and names the line of any
that is wrong; :func:`run_call_case` asks the student's function every call.

>>> case = read_call_case("check = bound_flag\\nbound_flag(value=35, alpha=40, beta=60) = UPPER\\n")
>>> case.calls, case.answers
(((35, 40, 60),), ('upper',))
>>> read_call_case("check = probe\\nprobe(value=50, flag=LOWER, stored_depth=1, depth=3, alpha=40, "
...                "beta=60) = 50")
Traceback (most recent call last):
...
mmlib.errors.TreeTextError: line 2: the answer is None, not 50
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import TreeTextError
from ..table import EXACT, LOWER, UPPER
from . import deepening
from .queries import Unusable, ask
from .report import Report
from .table import _flag_mistake, _probe_mistake, _valid_flag, _valid_probe, reference_flag, reference_probe

__all__ = ["CALL_KINDS", "PARAMETERS", "CallCaseFile", "call_case", "write_call_case", "read_call_case",
           "run_call_case", "call_text"]


def _move_mistake(call: tuple[Any, ...], got: Any) -> tuple[str, str, str]:
    """The classic mistake an anytime agent's wrong move shows, why the right move is right, a hint."""
    board, budget = call
    models = deepening._models(board, budget)
    same = [name for name in deepening.MODEL_HINTS if name != "wrong-move" and models.get(name) == got]
    diagnosis = same[0] if same else "wrong-move"
    lines = "\n".join(deepening._explain(board, budget))
    return (diagnosis, f"Iterative deepening there, with the remaining budget and the previous best move "
                       f"first:\n{lines}", deepening.MODEL_HINTS[diagnosis])


def _table_mistake(mistake: Callable[..., tuple[str, str]]) -> Callable[..., tuple[str, str, str]]:
    def explain(call: tuple[Any, ...], got: Any) -> tuple[str, str, str]:
        return (*mistake(call, got), "")
    return explain


@dataclass(frozen=True)
class _Function:
    parameters: tuple[str, ...]
    reference: Callable[..., Any]
    validate: Callable[..., Any]
    mistake: Callable[..., tuple[str, str, str]]      # (diagnosis, why, hint)
    drawn: Callable[..., str] | None = None         # a board drawn above its call


FUNCTIONS = {
    "bound_flag": _Function(("value", "alpha", "beta"), reference_flag, _valid_flag,
                            _table_mistake(_flag_mistake)),
    "probe": _Function(("value", "flag", "stored_depth", "depth", "alpha", "beta"), reference_probe,
                       _valid_probe, _table_mistake(_probe_mistake)),
    "anytime_move": _Function(("board", "max_nodes"), deepening.reference_move, deepening._valid_move,
                              _move_mistake, deepening.show),
}
PARAMETERS = {name: function.parameters for name, function in FUNCTIONS.items()}
"""The functions a call case file can be for, and their parameters in order."""
CALL_KINDS = tuple(PARAMETERS)
_FLAGS = {"EXACT": EXACT, "LOWER": LOWER, "UPPER": UPPER}
_CALL = re.compile(r"^(\w+)\((.*)\)\s*=\s*(\S+)$")


@dataclass(frozen=True)
class CallCaseFile:
    """One case: the function ``check`` names, its ``calls`` (argument tuples) and their answers."""

    check: str
    calls: tuple[tuple[Any, ...], ...]
    answers: tuple[Any, ...]
    name: str = ""


def _reference(check: str) -> Callable[..., Any]:
    return FUNCTIONS[check].reference


def call_case(check: str, calls: list[tuple[Any, ...]], name: str = "") -> CallCaseFile:
    """A case asking ``check`` the ``calls``, with the answers of the rules.

    >>> call_case("bound_flag", [(75, 40, 60)]).answers
    ('lower',)
    """
    return CallCaseFile(check, tuple(calls), tuple(_reference(check)(*call) for call in calls), name)


def _word(item: Any) -> str:
    if isinstance(item, str):
        return item.upper() if item in _FLAGS.values() else repr(item)
    if item is None:
        return "None"
    if math.isinf(item):
        return "inf" if item > 0 else "-inf"
    return f"{item:g}"


def call_text(check: str, call: tuple[Any, ...], answer: Any) -> str:
    """One call and its answer as a line of the file.

    >>> call_text("bound_flag", (60, 40, math.inf), "lower")
    'bound_flag(value=60, alpha=40, beta=inf) = LOWER'
    """
    shown = ", ".join(f"{name}={_word(item)}" for name, item in zip(PARAMETERS[check], call, strict=True))
    return f"{check}({shown}) = {_word(answer)}"


def write_call_case(case: CallCaseFile) -> str:
    """The case as text (see the module docstring); :func:`read_call_case` reads it back."""
    lines = [f"# {case.name}"] if case.name else []
    lines += [f"check = {case.check}"]
    drawn = FUNCTIONS[case.check].drawn
    for call, answer in zip(case.calls, case.answers, strict=True):
        if drawn is not None:
            lines += ["#", *(f"#   {line}" for line in drawn(call[0]).splitlines())]
        lines.append(call_text(case.check, call, answer))
    return "\n".join(lines) + "\n"


def _item(word: str, number: int) -> Any:
    if word in _FLAGS:
        return _FLAGS[word]
    if word == "None":
        return None
    if len(word) >= 2 and word[0] == word[-1] and word[0] in "'\"":
        return word[1:-1]
    try:
        value = float(word)
    except ValueError:
        raise TreeTextError(f"{word!r}: expected a number, inf, -inf, EXACT, LOWER, UPPER or None",
                            number) from None
    return value if math.isinf(value) or not value.is_integer() else int(value)


def _read_call(check: str, number: int, match: re.Match[str]) -> tuple[tuple[Any, ...], Any]:
    if match.group(1) != check:
        raise TreeTextError(f"a call of {match.group(1)}, but the file is for {check}", number)
    parts = [part.strip() for part in match.group(2).split(",")]
    names = [part.partition("=")[0].strip() for part in parts]
    if names != list(PARAMETERS[check]):
        raise TreeTextError(f"expected the parameters {', '.join(PARAMETERS[check])} named in order, "
                            f"got {', '.join(names)}", number)
    call = tuple(_item(part.partition("=")[2].strip(), number) for part in parts)
    return call, _item(match.group(3), number)


def read_call_case(text: str) -> CallCaseFile:
    """Read a call case file; an error names the line of anything wrong, including an answer
    the rules do not give."""
    name, check, calls, answers = "", "", [], []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            name = name or (stripped[1:].strip() if stripped and not check else "")
            continue
        if not check:
            key, _, word = stripped.partition("=")
            if key.strip() != "check" or word.strip() not in PARAMETERS:
                raise TreeTextError(f"expected 'check = {' or '.join(CALL_KINDS)}' first", number)
            check = word.strip()
            continue
        match = _CALL.match(stripped)
        if not match:
            raise TreeTextError(f"expected a call such as {call_text(check, *_example(check))}", number)
        call, answer = _read_call(check, number, match)
        right = _reference(check)(*call)
        if answer != right:
            raise TreeTextError(f"the answer is {_word(right)}, not {_word(answer)}", number)
        calls.append(call)
        answers.append(answer)
    if not check:
        raise TreeTextError("no 'check = ...' line (a case file says which function it asks)")
    return CallCaseFile(check, tuple(calls), tuple(answers), name)


def _example(check: str) -> tuple[tuple[Any, ...], Any]:
    call = {"bound_flag": (50, 40, 60), "probe": (50, EXACT, 2, 1, 40, 60),
            "anytime_move": (deepening.EMPTY_BOARD, 100)}[check]
    return call, _reference(check)(*call)


def run_call_case(case: CallCaseFile, fn: Callable[..., Any], title: str, *,
                  time_limit: float) -> Report:
    """Ask ``fn`` every call of the case (in a separate process); the report names the first
    wrong answer, in the file's own form, and why."""
    __tracebackhide__ = True
    function = FUNCTIONS[case.check]
    try:
        answers = ask(fn, case.check, list(case.calls), function.validate, time_limit=time_limit)
    except Unusable as bad:
        return Report(title, False, bad.diagnosis, "Your function is not ready yet.",
                      [f"Your code: {bad.detail}."], output=bad.output)
    for call, right in zip(case.calls, case.answers, strict=True):
        got = answers[call]
        if got != right:
            diagnosis, why, hint = function.mistake(call, got)
            drawn = [] if function.drawn is None else ["The board:", *(f"    {line}" for line in
                                                                      function.drawn(call[0]).splitlines())]
            return Report(title, False, diagnosis, "Wrong on this case.", [
                f"Your answer:     {call_text(case.check, call, got)}",
                f"The case file:   {call_text(case.check, call, right)}", *drawn, *why.splitlines()], hint)
    calls = f"all {len(case.calls)} calls" if len(case.calls) > 1 else "its call"
    return Report(title, True, "ok", f"Right on {calls}, as the case file says.")
