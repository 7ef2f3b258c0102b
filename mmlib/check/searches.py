"""Checks of a student's search function: minimax, alpha-beta, choosing a move.

The function runs in a separate process (:mod:`mmlib.isolation.runner`) on every check tree;
this process serves and records every ``node.value`` read and judges value and evaluation
order against the reference models (:mod:`mmlib.check.models`).  On a failure the first
failing tree is shrunk to a smallest one showing the same mistake.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import search, trees
from ..conventions import DEFAULT, Conventions, resolve
from ..conventions import apply as apply_conventions
from ..errors import ArgumentTypeError
from ..isolation import runner
from ..isolation._args import flag, function, seconds
from ..isolation.runner import Call, Outcome
from ..progress import Run
from .casefile import beyond_the_limit, case_text
from .cases import Case, check_cases, has_tie
from .models import diagnose, reference
from .nodes import shape_of
from .report import HINTS, Report, finish
from .shrink import shrink

if TYPE_CHECKING:
    pass

__all__ = ["check_minimax", "check_alphabeta", "check_best_move"]

INF = math.inf
_OUTPUT_LINES = 20


@dataclass(frozen=True)
class Seen:
    """What the student's function did on one case, and the verdict."""

    case: Case
    tree: trees.Tree
    depth: int
    outcome: Outcome
    evaluated: tuple[trees.Path, ...]
    diagnosis: str
    detail: str

    @property
    def value(self) -> Any:
        answer = self.outcome.answer
        return answer.number if answer is not None else None

    @property
    def shown(self) -> str:
        """What it returned, as text."""
        answer = self.outcome.answer
        return answer.text if answer is not None else "nothing"


def _limits(time_limit: float | None) -> dict[Any, Any]:
    return {"time_limit": runner.TIME_LIMIT if time_limit is None else
            seconds("time_limit", time_limit, maximum=3600)}


def _check_cases_argument(cases: Sequence[Any] | None) -> list[Case]:
    if cases is None:
        return check_cases()
    if not isinstance(cases, (list, tuple)) or not all(isinstance(case, Case) for case in cases):
        raise ArgumentTypeError("cases: expected a list of cases from check.check_cases(), "
                                f"got {type(cases).__name__}")
    return list(cases)


def _root_argument(conventions: Conventions) -> bool | int:
    """The last argument of the call at the root: ``maximizing`` (True when MAX moves there),
    the colour (+1 or -1) when values are from the side to move (negamax), or the index of
    the agent to move (0) when more than two move in turn."""
    if len(conventions.turns) > 2:
        return 0
    if conventions.values == "mover":
        return 1 if conventions.root == "max" else -1
    return conventions.root == "max"


def _observe(fn: Callable[..., Any], cases: Sequence[Case], kind: str, judge: Callable[..., Any],
             limits: dict[Any, Any], conventions: Conventions = DEFAULT) -> Generator[Seen, None, None]:
    """Run ``fn`` on each case (one batch) and judge each outcome, in order."""
    prepared = []
    calls = []
    first = _root_argument(conventions)
    for case in cases:
        tree = case.tree()
        depth = case.search_depth(tree)
        shape, values, paths = shape_of(tree)
        args = {"minimax": (depth, first), "alpha-beta": (depth, -INF, INF, first),
                "best move": (depth,)}[kind]
        calls.append(Call(args, shape, values, budget=40 * tree.node_count + 200))
        prepared.append((case, tree, depth, paths))
    outcomes = runner.run_calls(fn, calls, **limits)
    try:
        with Run(f"checking your {kind} function", f"{len(calls):,} trees", "trees checked",
                 total=len(calls)) as run:
            for (case, tree, depth, paths), outcome in zip(prepared, outcomes, strict=False):
                evaluated = tuple(paths[index] for index in outcome.evaluated)
                diagnosis, detail = judge(outcome, evaluated, tree, depth)
                run.step()
                yield Seen(case, tree, depth, outcome, evaluated, diagnosis, detail)
    finally:
        outcomes.close()


def _observe_until_broken(fn: Callable[..., Any], cases: Sequence[Case], kind: str, judge: Callable[..., Any],
                          limits: dict[Any, Any], conventions: Conventions = DEFAULT) -> list[Seen]:
    """Every case in order, stopping after a crash or a hang (no need to go on)."""
    seen: list[Seen] = []
    with contextlib.closing(_observe(fn, cases, kind, judge, limits, conventions)) as entries:
        for entry in entries:
            seen.append(entry)
            if entry.outcome.kind != "ok":
                break
    return seen


def _observe_one(fn: Callable[..., Any], case: Case, kind: str, judge: Callable[..., Any],
                 limits: dict[Any, Any], conventions: Conventions = DEFAULT) -> Seen:
    with contextlib.closing(_observe(fn, [case], kind, judge, limits, conventions)) as entries:
        return next(entries)


def _mistake_shows(fn: Callable[..., Any], kind: str, judge: Callable[..., Any], limits: dict[Any, Any],
                   shows: Callable[[Seen], bool],
                   conventions: Conventions = DEFAULT) -> Callable[[list[Case]], Iterator[bool]]:
    """For shrinking: whether the mistake shows on each candidate, judged lazily in one batch."""
    def still_fail(candidates: list[Case]) -> Iterator[bool]:
        start, size = 0, 4
        while start < len(candidates):        # growing chunks: the first failing one comes early
            chunk = candidates[start:start + size]
            with contextlib.closing(_observe(fn, chunk, kind, judge, limits, conventions)) as entries:
                for entry in entries:
                    yield shows(entry)
            start, size = start + len(chunk), size * 2
    return still_fail


def _judge_search(kind: str, conventions: Conventions = DEFAULT) -> Callable[..., Any]:
    def judge(outcome: Outcome, evaluated: tuple[Any, ...], tree: trees.Tree, depth: int) -> tuple[str, str]:
        if outcome.kind != "ok":
            return outcome.kind, outcome.detail or _RUNAWAY
        answer = outcome.answer
        assert answer is not None
        if not answer.is_number:
            return "wrong-type", f"it returned {_returned(answer.text, answer.kind)} instead of a number"
        if answer.kind == "bigint":
            return "wrong-value", ""
        return diagnose(_by_max(answer.number, conventions), evaluated, tree, depth, kind,
                        conventions), ""
    return judge


def _by_max(value: Any, conventions: Conventions) -> Any:
    """A value the student's function returned, from MAX's point of view."""
    if conventions.values == "mover" and conventions.root == "min":
        return -value
    return value


_RUNAWAY = ("it looked at nodes far more often than a full search of the tree needs: a loop "
            "that never ends, or a recursion that never reaches a leaf?")


def _returned(text: str, kind: str) -> str:
    if kind == "none":
        return "None (is a return statement missing?)"
    if kind == "nan":
        return "nan (not a number)"
    return text


def _check_search(fn: Callable[..., Any], kind: str, cases: Sequence[Any] | None, raise_on_failure: bool,
                  time_limit: float | None,
                  conventions: Conventions = DEFAULT, *, shrinking: bool = True, title: str = "") -> Report:
    """The check of a search; ``shrinking=False`` reports on the failing case itself (one case
    a student chose to run), ``title`` names the report (default: the kind of search)."""
    __tracebackhide__ = True
    function("fn", fn, f"your {kind} function")
    flag("raise_on_failure", raise_on_failure)
    cases = _check_cases_argument(cases)
    limits = _limits(time_limit)
    judge = _judge_search(kind, conventions)
    seen = _observe_until_broken(fn, cases, kind, judge, limits, conventions)
    failures = [entry for entry in seen if entry.diagnosis != "ok"]
    title = title or kind
    if not failures:
        return finish(Report(title, True, "ok", _summary(seen, kind, conventions)), raise_on_failure)
    first = failures[0]
    diagnosis = first.diagnosis
    if diagnosis in ("not-implemented", "timeout", "memory", "exit", "crash"):
        report = Report(title, False, diagnosis, f"Your {kind} function is not working yet.",
                        _explain(first, kind), HINTS.get(diagnosis, ""), output=_output(first.outcome))
        return finish(report, raise_on_failure)
    value_wrong = _value_wrong(first, conventions)

    still_fail = _mistake_shows(fn, kind, judge, limits, lambda entry: entry.diagnosis == diagnosis
                                and _value_wrong(entry, conventions) == value_wrong, conventions)
    where = f"on {first.case.name}" if first.case.name else "on a generated tree"
    if shrinking:
        small = _observe_one(fn, shrink(first.case, still_fail), kind, judge, limits, conventions)
        summary = (f"{len(failures)} of {len(seen)} trees checked show a mistake; first {where} "
                   f"({first.tree.node_count} nodes), shrunk to {small.tree.node_count} nodes.")
    else:
        small = first
        summary = f"{len(failures)} of {len(seen)} trees checked show a mistake."
    report = Report(title, False, diagnosis, summary, _explain(small, kind, conventions),
                    HINTS.get(diagnosis, ""), _players(small.tree, conventions), small.depth,
                    show_static=any(not small.tree.node(p).is_leaf() for p in small.evaluated),
                    output=_output(small.outcome),
                    case_text=case_text(small.tree, kind, small.depth) if conventions == DEFAULT else "",
                    search=kind if conventions == DEFAULT else "")
    return finish(report, raise_on_failure)


def _value_wrong(entry: Seen, conventions: Conventions = DEFAULT) -> bool:
    right = reference("minimax", conventions).run(entry.tree, entry.depth)[0]
    return entry.outcome.kind == "ok" and _by_max(entry.value, conventions) != right


def _players(tree: trees.Tree, conventions: Conventions) -> trees.Tree:
    """``tree`` with its players as ``conventions`` say (for the drawing in a report)."""
    shown: trees.Tree = apply_conventions(tree, conventions)
    return shown


def _output(outcome: Outcome) -> str:
    """What the function printed on one case, cut to a few lines."""
    lines = outcome.output.splitlines()
    if not lines:
        return ""
    shown = lines[:_OUTPUT_LINES]
    if outcome.printed > len(shown):
        shown.append(f"... (output truncated: {outcome.printed:,} lines in all)")
    return "\n".join(shown)


def _explain(entry: Seen, kind: str, conventions: Conventions = DEFAULT) -> list[str]:
    tree, depth, diagnosis = entry.tree, entry.depth, entry.diagnosis
    if entry.outcome.kind != "ok" or diagnosis == "wrong-type":
        lines = [f"Your function: {entry.detail}."]
        if entry.evaluated:
            lines.append("It evaluated, in order: " + _labels(tree, entry.evaluated))
        return lines
    value, order = reference(kind, conventions).run(tree, depth)
    value = _by_max(value, conventions)                   # as the function should return it
    got = entry.shown
    lines = [f"Expected value {value}, got {got}" + (" (right)." if entry.value == value else ".")]
    what = "the search reads" if kind == "minimax" else \
        f"alpha-beta reads; children left to right, {conventions.describe()}"
    lines.append(f"Expected evaluation order (the nodes whose node.value {what}): {_labels(tree, order)}")
    lines.append(f"Your evaluation order: {_labels(tree, entry.evaluated)}")
    lines += beyond_the_limit(tree, depth, entry.evaluated)
    evaluated = entry.evaluated
    divergence = next((i for i, (a, b) in enumerate(zip(order, evaluated, strict=False)) if a != b),
                      min(len(order), len(evaluated)))
    if divergence < max(len(order), len(evaluated)):
        want = tree.label_of(order[divergence]) if divergence < len(order) else "none (the search is over)"
        mine = tree.label_of(evaluated[divergence]) if divergence < len(evaluated) else "none"
        lines.append(f"First difference: evaluation {divergence + 1} should be {want}; yours is {mine}.")
    else:
        lines.append("Same evaluations in the same order: only the value you return differs.")
    if diagnosis == "strict-cutoff":
        extra = len(evaluated) - len(order)
        lines.insert(0, f"Correct value, but you prune only on alpha > beta: {extra} extra "
                        f"lea{'f' if extra == 1 else 'ves'} on this tree.")
    if diagnosis == "cutoff-on-ties":
        lines.insert(0, "Correct value, but you prune as soon as alpha >= beta; these conventions "
                        "prune only when alpha > beta.")
    if diagnosis == "no-pruning":
        lines.insert(0, "Correct value, but you prune nothing: you evaluate everything minimax evaluates.")
    return lines


def _labels(tree: trees.Tree, paths: Sequence[tuple[Any, ...]]) -> str:
    return " ".join(tree.label_of(path) for path in paths) or "(nothing)"


def _has_negative_leaf(tree: trees.Tree) -> bool:
    return any(leaf.value is not None and leaf.value < 0 for leaf in tree.leaves())


def _summary(seen: list[Seen], kind: str, conventions: Conventions = DEFAULT) -> str:
    ties = sum(1 for entry in seen if has_tie(entry.tree))
    mixed = sum(1 for entry in seen if len({len(leaf.path) for leaf in entry.tree.leaves()}) > 1)
    negative = sum(1 for entry in seen if _has_negative_leaf(entry.tree))
    limited = sum(1 for entry in seen if entry.depth < entry.tree.height)
    seeds = sum(1 for entry in seen if entry.case.name)
    compared = sum(len(entry.evaluated) for entry in seen)
    what = "value and every evaluation in order" if kind == "minimax" else \
        "value and the exact leaves evaluated, in order (pruning included)"
    under = "" if conventions == DEFAULT else f" Conventions: {conventions.describe()}."
    return (f"Checked {len(seen)} trees ({seeds} from the lecture, {ties} with tied values, {mixed} "
            f"with leaves at mixed depths, {negative} with negative values, {limited} searched to a "
            f"depth limit): {what} match the reference on all of them ({compared} evaluations "
            f"compared).{under}")


def check_minimax(fn: Callable[..., Any], *, conventions: Conventions | None = None, root: str | None = None,
                  values: str | None = None, turns: Any = None, cases: list[Any] | None = None,
                  raise_on_failure: bool = False, time_limit: float | None = None) -> Report:
    """Check ``fn(node, depth, maximizing)`` against minimax: value and evaluation order.

    ``fn`` runs in a separate process, at most ``time_limit`` seconds per tree (default
    :data:`~mmlib.isolation.runner.TIME_LIMIT`).  ``conventions`` (or the keywords ``root``,
    ``values``, ``turns``, as for :class:`~mmlib.conventions.Conventions`) say who moves
    first and in which order; the last argument at the root is then ``maximizing`` (False
    when MIN moves first), the colour +1 or -1 when values are from the side to move, or
    the agent index 0 when more than two agents move in turn (agent ``i`` moves as
    ``turns[i]``; ``depth`` counts single moves).  Diagnoses: ``ok``, ``not-implemented``,
    ``error``, ``recursion``, ``runaway``, ``timeout``, ``memory``, ``exit``, ``crash``,
    ``wrong-type``, ``depth-off-by-one``, ``no-alternation``, ``inverted-players``,
    ``pruning``, ``below-depth-limit``, ``interior-value``, ``missing-leaves``, ``wrong-order``,
    ``wrong-value``.

    >>> def stub(node, depth, maximizing):
    ...     raise NotImplementedError
    >>> check_minimax(stub).diagnosis
    'not-implemented'
    """
    __tracebackhide__ = True
    conventions = resolve(conventions, root=root, values=values, turns=turns)
    return _check_search(fn, "minimax", cases, raise_on_failure, time_limit, conventions)


def check_alphabeta(fn: Callable[..., Any], *, conventions: Conventions | None = None,
                    cutoff: str | None = None, variant: str | None = None, root: str | None = None,
                    values: str | None = None,
                    turns: Any = None, deep: bool | None = None, cases: list[Any] | None = None,
                    raise_on_failure: bool = False, time_limit: float | None = None) -> Report:
    """Check ``fn(node, depth, alpha, beta, maximizing)`` against alpha-beta: the value and
    the exact leaves evaluated, in order.

    By default the cutoff is ``alpha >= beta``, MAX moves at the root and values are from
    MAX's point of view.  A course with other conventions says so with ``conventions=`` (a
    :class:`~mmlib.conventions.Conventions`) or the same keywords as
    :func:`mmlib.search.alphabeta`: ``cutoff=">"`` (prune only when alpha > beta),
    ``variant="fail-hard"``, and ``root``, ``values``, ``turns``, ``deep`` (the last argument
    at the root is as for :func:`check_minimax`).  Under the cutoff ``>=`` fail-soft and
    fail-hard forms both pass: from the window (-inf, inf) they evaluate the same leaves and
    return the same value.  Under ``>`` they evaluate different leaves, so only ``variant``
    (default fail-soft) passes.

    Diagnoses: those of :func:`check_minimax` (without ``pruning``) plus ``no-pruning``,
    ``strict-cutoff`` (prunes only on alpha > beta where the conventions prune on >=),
    ``cutoff-on-ties`` (prunes on alpha >= beta where they prune only on >), ``wrong-side``
    (MAX updates beta or MIN alpha), ``fail-hard-clamp`` (a fail-hard cutoff returns the wrong
    bound), ``no-deep-cutoffs`` (a node is bounded by its parent only) or ``deep-cutoffs``
    (the reverse, where the conventions say ``deep=False``), ``under-pruning``, ``over-pruning``.

    >>> def alphabeta(node, depth, alpha, beta, maximizing):      # the lab's stub, not answered yet
    ...     raise NotImplementedError
    >>> check_alphabeta(alphabeta).diagnosis
    'not-implemented'
    """
    __tracebackhide__ = True
    conventions = resolve(conventions, cutoff=cutoff, variant=variant, root=root, values=values,
                          turns=turns, deep=deep)
    return _check_search(fn, "alpha-beta", cases, raise_on_failure, time_limit, conventions)


def check_best_move(fn: Callable[..., Any], *, conventions: Conventions | None = None,
                    root: str | None = None, values: str | None = None, turns: Any = None,
                    cases: list[Any] | None = None,
                    raise_on_failure: bool = False, time_limit: float | None = None) -> Report:
    """Check ``fn(node, depth)``, which returns the index of the best child of the root
    (0 for the first child) for the player who moves there.  Any move of best minimax value
    is accepted.

    By default MAX moves at the root and MIN replies.  ``conventions`` (or the keywords
    ``root``, ``values``, ``turns``, as for :func:`check_minimax`) say who moves first and in
    which order: under ``root="min"`` the best move is one of lowest value; under
    ``turns="max min min"`` every MIN agent moves in turn below the root.  ``values="mover"``
    (negamax) changes only how the report shows the values of the moves: from the point of
    view of the side to move at the root.  The cutoff test, fail-soft or fail-hard and deep
    cutoffs change how alpha-beta searches, not which move is best, so those fields of a
    ``conventions`` value are ignored here.  Diagnoses: those of :func:`check_minimax` that
    concern running the function, plus ``wrong-type``, ``not-a-move`` and ``wrong-move``.

    >>> def first_move(node, depth):          # always the first child: right only by chance
    ...     return 0
    >>> check_best_move(first_move, cases=check_cases(0)).passed
    True
    >>> check_best_move(first_move, cases=check_cases(20)).diagnosis
    'wrong-move'
    """
    __tracebackhide__ = True
    conventions = resolve(conventions, root=root, values=values, turns=turns)
    return _check_best_move(fn, conventions, cases, raise_on_failure, time_limit)


def _check_best_move(fn: Callable[..., Any], conventions: Conventions, cases: Sequence[Any] | None,
                     raise_on_failure: bool, time_limit: float | None,
                     *, shrinking: bool = True, title: str = "best move") -> Report:
    """The check of a best_move function; ``shrinking`` and ``title`` as for :func:`_check_search`."""
    __tracebackhide__ = True
    function("fn", fn, "your best_move function")
    flag("raise_on_failure", raise_on_failure)
    cases = _check_cases_argument(cases)
    limits = _limits(time_limit)
    judge = _judge_best_move(conventions)
    seen = _observe_until_broken(fn, cases, "best move", judge, limits, conventions)
    failures = [entry for entry in seen if entry.diagnosis != "ok"]
    if not failures:
        under = "" if _players_described(conventions) == "" else \
            f" Conventions: {_players_described(conventions)}."
        return finish(Report(title, True, "ok", (
            f"Checked {len(seen)} trees ({sum(1 for entry in seen if entry.case.name)} from the lecture): "
            "your move has the best minimax value on all of them (ties: any best move counts)."
            + under)), raise_on_failure)
    first = failures[0]
    diagnosis = first.diagnosis
    if first.outcome.kind != "ok" and diagnosis in ("not-implemented", "timeout", "memory", "exit", "crash"):
        return finish(Report(title, False, diagnosis, "Your best_move function is not working yet.",
                             [f"Your function: {first.detail}."], HINTS.get(diagnosis, ""),
                             output=_output(first.outcome)), raise_on_failure)

    still_fail = _mistake_shows(fn, "best move", judge, limits, lambda entry: entry.diagnosis == diagnosis,
                                conventions)
    small = _observe_one(fn, shrink(first.case, still_fail), "best move", judge, limits, conventions) \
        if shrinking else first
    shown = _shown_move_values(small.tree, small.depth, conventions)
    best = _best_moves(shown, conventions)
    details = [f"Your function: {small.detail}." if small.detail else f"Your move: {small.shown}.",
               f"Minimax values of the moves{_whose_values(conventions)}: "
               + ", ".join(f"{m}: {v}" for m, v in shown.items())
               + f"; best: {' or '.join(str(m) for m in best)}."]
    report = Report(title, False, diagnosis, f"{len(failures)} of {len(seen)} trees checked show a mistake.",
                    details, HINTS.get(diagnosis, ""), _players(small.tree, conventions), small.depth,
                    output=_output(small.outcome),
                    case_text="" if conventions != DEFAULT else
                    case_text(small.tree, "best move", small.depth),
                    search="minimax" if conventions == DEFAULT else "")
    return finish(report, raise_on_failure)


def _judge_best_move(conventions: Conventions) -> Callable[..., Any]:
    def judge(outcome: Outcome, evaluated: tuple[Any, ...], tree: trees.Tree, depth: int) -> tuple[str, str]:
        if outcome.kind != "ok":
            return outcome.kind, outcome.detail or _RUNAWAY
        answer = outcome.answer
        assert answer is not None
        values = _shown_move_values(tree, depth, conventions)
        if answer.kind != "int":
            returned = _returned(answer.text, answer.kind)
            return "wrong-type", f"it returned {returned} instead of a child's index"
        if answer.number not in values:
            return "not-a-move", f"it returned {answer.text}, but the root has {_children_text(len(values))}"
        return ("ok" if answer.number in _best_moves(values, conventions) else "wrong-move"), ""
    return judge


def _children_text(count: int) -> str:
    """The root's children by their indices, as a report says them.

    >>> _children_text(1), _children_text(2), _children_text(3)
    ('one child, 0', 'children 0 and 1', 'children 0 to 2')
    """
    if count == 1:
        return "one child, 0"
    return "children 0 and 1" if count == 2 else f"children 0 to {count - 1}"


def _shown_move_values(tree: trees.Tree, depth: int, conventions: Conventions) -> dict[Any, Any]:
    """Move -> minimax value, with the players of ``conventions``: from MAX's point of view,
    or from the root player's when values are from the side to move (negamax)."""
    played = apply_conventions(tree, conventions)
    return {move: _by_max(result.value, conventions)
            for move, result in search.move_values(played, depth=depth).items()}


def _best_moves(values: dict[Any, Any], conventions: Conventions) -> list[Any]:
    """The moves of best value for the player at the root, in order."""
    highest = conventions.root == "max" or conventions.values == "mover"
    best = max(values.values()) if highest else min(values.values())
    return sorted(move for move, value in values.items() if value == best)


def _whose_values(conventions: Conventions) -> str:
    if conventions.values == "mover":
        return f" for {conventions.root.upper()} (the side to move; highest is best)"
    return "" if conventions.root == "max" else " (MIN moves at the root: lowest is best)"


def _players_described(conventions: Conventions) -> str:
    """Who moves, in words, when it is not the usual MAX-rooted two-player game."""
    words = []
    if conventions.root != "max":
        words.append(f"{conventions.root.upper()} moves at the root")
    if conventions.turns != ("max", "min"):
        words.append("turns " + ", ".join(kind.upper() for kind in conventions.turns))
    if conventions.values == "mover":
        words.append("values from the side to move (negamax)")
    return "; ".join(words)
