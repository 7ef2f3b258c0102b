"""Checks of a transposition table's two decisions (lab 7): which bound a result is, and
when a stored entry settles a search.

The student writes

- ``bound_flag(value, alpha, beta)``: what the fail-soft alpha-beta result ``value`` of a
  search in the window [alpha, beta] says about the position: ``EXACT``, ``LOWER`` (the
  true value is at least ``value``: the search was cut off) or ``UPPER`` (at most ``value``);
- ``probe(value, flag, stored_depth, depth, alpha, beta)``: the stored ``value`` if the
  entry settles a search to ``depth`` in [alpha, beta], else None.

``EXACT``, ``LOWER`` and ``UPPER`` are the strings of :mod:`mmlib.table`.  The check asks
both functions, in a separate process (:mod:`mmlib.isolation.runner`), on a grid of cases and
compares with the rules of Marsland (1986) and Breuker, Uiterwijk & van den Herik (1994);
then it lets an alpha-beta search with a table built on the student's answers run
iterative deepening on small game graphs whose positions are reached along several paths
(transpositions), and compares every value with minimax.  The classic mistake, storing
the result of a search that was cut off as an exact value, fails with a graph where it
gives a wrong value.

>>> check_bound_flag(lambda value, alpha, beta: EXACT).diagnosis
'cutoff-stored-as-exact'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..isolation import runner
from ..isolation._args import flag, function, integer, seconds
from ..isolation.runner import Call, Outcome
from ..table import EXACT, LOWER, UPPER
from .queries import Unusable, answers_by_rounds, ask, shown_call, usable_outcome
from .report import HINTS, Report, finish

__all__ = ["EXACT", "LOWER", "UPPER", "Graph", "reference_flag", "reference_probe", "graphs",
           "fresh_flags", "fresh_probes", "check_bound_flag", "check_probe"]

INF = math.inf
FLAGS = (EXACT, LOWER, UPPER)
GRID_VALUES = (-1, 0, 1)
GRID_BOUNDS = (-INF, -1, 0, 1, INF)
GRID_DEPTHS = ((1, 1), (2, 1), (1, 2), (0, 1))
GRAPHS = 400
"""How many small game graphs the check searches."""


def reference_flag(value: float, alpha: float, beta: float) -> str:
    """The bound a fail-soft result in [alpha, beta] gives.

    >>> reference_flag(5, 0, 5), reference_flag(0, 0, 5), reference_flag(3, 0, 5)
    ('lower', 'upper', 'exact')
    """
    return UPPER if value <= alpha else LOWER if value >= beta else EXACT


def reference_probe(value: float, flag_: str, stored_depth: int, depth: int, alpha: float,
                    beta: float) -> float | None:
    """The stored value if the entry settles the search, else None (as
    :meth:`mmlib.table.TranspositionTable.lookup`).

    >>> reference_probe(4, "lower", 2, 2, 0, 3), reference_probe(4, "lower", 2, 2, 0, 9)
    (4, None)
    """
    if stored_depth < depth:
        return None
    if flag_ == EXACT or flag_ == LOWER and value >= beta or flag_ == UPPER and value <= alpha:
        return value
    return None


# -- small game graphs with transpositions -----------------------------------------------------

@dataclass(frozen=True)
class Graph:
    """A game graph: ``children[n]`` and a static ``value[n]`` for each position ``n``
    (``"A"`` is the root, MAX to move; the player to move alternates with the level)."""

    children: dict[str, tuple[str, ...]]
    value: dict[str, int]
    level: dict[str, int]

    @property
    def height(self) -> int:
        return max(self.level.values())

    def text(self) -> list[str]:
        """One line per position: its level, who moves, its static value, its children."""
        return [f"{name}: {'MAX' if self.level[name] % 2 == 0 else 'MIN'}, static value {self.value[name]}"
                + (f", children {' '.join(self.children[name])}" if self.children[name] else ", a leaf")
                for name in self.children]


def graphs(count: int = GRAPHS, seed: int | str = 0) -> list[Graph]:
    """``count`` small random game graphs, smallest first: levels of 1, 2 and more positions,
    two or three children each, shared between parents (transpositions).

    >>> [len(g.children) for g in graphs(3)]
    [6, 9, 10]
    """
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        sizes = [1] + [rng.randint(2, 3) for _ in range(rng.randint(2, 4))]
        levels: list[list[str]] = [[] for _ in sizes]
        names = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for index, size in enumerate(sizes):
            levels[index] = [next(names) for _ in range(size)]
        children: dict[str, tuple[str, ...]] = {}
        for index, level in enumerate(levels):
            below = levels[index + 1] if index + 1 < len(levels) else []
            for name in level:
                children[name] = tuple(sorted(rng.sample(below, min(len(below), rng.randint(2, 3))))) \
                    if below else ()
            if below:                                   # every position below has a parent
                for orphan in set(below) - {c for n in level for c in children[n]}:
                    parent = rng.choice(level)
                    children[parent] = tuple(sorted(children[parent] + (orphan,)))
        value = {name: rng.randint(-3, 3) for name in children}
        level_of = {name: index for index, level in enumerate(levels) for name in level}
        out.append(Graph(children, value, level_of))
    return sorted(out, key=lambda g: (len(g.children), sum(map(len, g.children.values()))))


def minimax(graph: Graph, node: str, depth: int) -> int:
    """The minimax value of ``node`` searched ``depth`` plies deep."""
    if depth == 0 or not graph.children[node]:
        return graph.value[node]
    values = [minimax(graph, child, depth - 1) for child in graph.children[node]]
    return max(values) if graph.level[node] % 2 == 0 else min(values)


class _Table:
    """Alpha-beta (fail-soft) with a table whose flags and lookups are the student's answers;
    ``misuse`` describes the first time the table answered where the rules would not have.

    A separate copy of alpha-beta on purpose (the teaching copy is :mod:`mmlib.search`'s):
    the student's two functions are plugged into it, and it is compared with minimax."""

    def __init__(self, graph: Graph, flag_of: Callable[..., Any], probe: Callable[..., Any]):
        self.graph, self.flag_of, self.probe = graph, flag_of, probe
        self.entries: dict[str, tuple[float, str, int, float, float]] = {}
        self.leaves = 0
        self.misuse: str | None = None

    def search(self, node: str, depth: int, alpha: float, beta: float) -> float:
        entry = self.entries.get(node)
        if entry is not None:
            value, flag_, stored_depth, stored_alpha, stored_beta = entry
            hit = self.probe(value, flag_, stored_depth, depth, alpha, beta)
            if hit is not None:
                self._note(node, entry, depth, alpha, beta, hit)
                found: float = hit
                return found
        if depth == 0 or not self.graph.children[node]:
            self.leaves += 1
            return self.graph.value[node]
        start_alpha, start_beta = alpha, beta
        maximizing = self.graph.level[node] % 2 == 0
        best = -INF if maximizing else INF
        for child in self.graph.children[node]:
            value = self.search(child, depth - 1, alpha, beta)
            if maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        flag_ = self.flag_of(best, start_alpha, start_beta)
        self.entries[node] = (best, flag_, depth, start_alpha, start_beta)
        return best

    def _note(self, node: str, entry: tuple[Any, ...], depth: int, alpha: float, beta: float,
              hit: float) -> None:
        value, flag_, stored_depth, stored_alpha, stored_beta = entry
        right = reference_flag(value, stored_alpha, stored_beta)
        if self.misuse is not None or reference_probe(value, right, stored_depth, depth, alpha, beta) == hit:
            return
        self.misuse = (f"At {node}: a search to depth {stored_depth} in the window "
                       f"{_window(stored_alpha, stored_beta)} returned {value:g}, stored as {flag_.upper()}"
                       + (f" (it is {right.upper()})" if right != flag_ else "")
                       + f"; a later search of {node} to depth {depth} in the window {_window(alpha, beta)} "
                       f"took {hit:g} from the table.")


def _deepening(graph: Graph, flag_of: Callable[..., Any], probe: Callable[..., Any]
               ) -> tuple[list[tuple[int, float, int]], str | None]:
    """Iterative deepening with one table: (depth, value found, minimax value) per iteration,
    and the first misuse of the table."""
    table = _Table(graph, flag_of, probe)
    rows = [(depth, table.search("A", depth, -INF, INF), minimax(graph, "A", depth))
            for depth in range(1, graph.height + 1)]
    return rows, table.misuse


def _wrong_graph(flag_of: Callable[..., Any], probe: Callable[..., Any], count: int,
                 seed: int | None = None) -> tuple[Graph, list[Any], str | None] | None:
    """The first graph (the fixed ones, then ``count`` more drawn from ``seed``) where the
    table gives a wrong value."""
    for graph in graphs(count) + ([] if seed is None else graphs(count, seed=_graph_seed(seed))):
        rows, misuse = _deepening(graph, flag_of, probe)
        if any(found != true for _, found, true in rows):
            return graph, rows, misuse
    return None


def _graph_seed(seed: int) -> str:
    return f"graphs {seed}"          # never the fixed graphs' seed 0


# -- asking the student ----------------------------------------------------------------------

_HINTS = {"wrong-type": "bound_flag returns one of EXACT, LOWER or UPPER (the strings of mmlib.table); "
                        "probe returns the stored value or None."}


def _hint(diagnosis: str) -> str:
    return _HINTS.get(diagnosis, HINTS.get(diagnosis, ""))


def _valid_flag(call: Call, outcome: Outcome) -> str:
    answer = usable_outcome("bound_flag", call, outcome)
    text = answer.text.strip("'\"") if answer.kind == "object" else ""
    if text not in FLAGS:
        raise Unusable("wrong-type", f"{shown_call('bound_flag', call)} returned {answer.text}, not "
                       "EXACT, LOWER or UPPER")
    return text


def _valid_probe(call: Call, outcome: Outcome) -> float | None:
    answer = usable_outcome("probe", call, outcome)
    if answer.kind == "none":
        return None
    if answer.kind not in ("int", "float", "inf") or answer.number is None:
        raise Unusable("wrong-type", f"{shown_call('probe', call)} returned {answer.text}, not a number "
                       "or None")
    number: float = answer.number
    return number


def _window(alpha: float, beta: float) -> str:
    return f"[{alpha:g}, {beta:g}]"


def _flag_mistake(args: tuple[Any, ...], got: str) -> tuple[str, str]:
    value, alpha, beta = args
    right = reference_flag(value, alpha, beta)
    why = {LOWER: f"{value:g} >= beta = {beta:g}: the search stopped at a cutoff, so the position is worth "
                  f"at least {value:g} (it may be worth more)",
           UPPER: f"{value:g} <= alpha = {alpha:g}: no move reached alpha, so the position is worth at "
                  f"most {value:g} (it may be worth less)",
           EXACT: f"{value:g} lies strictly inside the window {_window(alpha, beta)}: it is the exact value"}
    diagnosis = "cutoff-stored-as-exact" if got == EXACT and right == LOWER else \
        "fail-low-stored-as-exact" if got == EXACT and right == UPPER else "wrong-flag"
    return diagnosis, (f"bound_flag({value:g}, alpha={alpha:g}, beta={beta:g}) returned {got.upper()}, "
                       f"but it is {right.upper()}: {why[right]}.")


def _probe_mistake(args: tuple[Any, ...], got: float | None) -> tuple[str, str]:
    value, flag_, stored_depth, depth, alpha, beta = args
    right = reference_probe(*args)
    shown = (f"probe({value:g}, {flag_.upper()}, stored_depth={stored_depth}, depth={depth}, "
             f"alpha={alpha:g}, beta={beta:g}) returned {got if got is None else format(got, 'g')}")
    if stored_depth < depth and got is not None:
        return "shallow-entry", (f"{shown}, but an entry from a search {_plies(stored_depth)} deep cannot "
                                 f"answer a search {_plies(depth)} deep: it must return None.")
    if right is None:
        bound = "at least" if flag_ == LOWER else "at most"
        return "bound-used-as-exact", (f"{shown}, but a {flag_.upper()} entry says only that the value is "
                                       f"{bound} {value:g}, which does not settle the window "
                                       f"{_window(alpha, beta)}: it must return None.")
    return "missed-hit", (f"{shown}, but the entry settles the search: it must return {right:g}.")


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"


def _grid_flags() -> list[tuple[Any, ...]]:
    return [(v, a, b) for v in GRID_VALUES for a in GRID_BOUNDS for b in GRID_BOUNDS if a < b]


def _grid_probes() -> list[tuple[Any, ...]]:
    return [(v, f, sd, d, a, b) for v in GRID_VALUES for f in FLAGS for sd, d in GRID_DEPTHS
            for a in GRID_BOUNDS for b in GRID_BOUNDS if a < b]


PLACES = ("below alpha", "at alpha", "inside", "at beta", "above beta")
"""Where a fresh case puts the value against its window: every branch of the two rules."""


def _fresh_window(rng: random.Random, place: str) -> tuple[float, float, float]:
    """A value and a window [alpha, beta] (integers up to 20 in size, or infinite bounds
    where ``place`` allows them) with the value at ``place``."""
    alpha = float(rng.randint(-20, 16))
    beta = alpha + rng.randint(2, 12)
    value = {"below alpha": alpha - rng.randint(1, 9), "at alpha": alpha,
             "inside": rng.randint(int(alpha) + 1, int(beta) - 1), "at beta": beta,
             "above beta": beta + rng.randint(1, 9)}[place]
    if place in ("inside", "at beta", "above beta") and rng.random() < 0.25:
        alpha = -INF
    if place in ("below alpha", "at alpha", "inside") and rng.random() < 0.25:
        beta = INF
    return int(value), _whole(alpha), _whole(beta)


def _whole(bound: float) -> float:
    return bound if math.isinf(bound) else int(bound)


def fresh_flags(seed: int, rounds: int = 8) -> list[tuple[Any, ...]]:
    """``(value, alpha, beta)`` cases drawn from ``seed``: ``rounds`` of each place of the value
    against the window (:data:`PLACES`), so every branch of the rule is asked.

    >>> cases = fresh_flags(5)
    >>> len(cases), cases == fresh_flags(5) != fresh_flags(6)
    (40, True)
    >>> {reference_flag(*case) for case in cases} == set(FLAGS)
    True
    """
    rng = random.Random(f"bound flags {seed}")
    return [_fresh_window(rng, place) for _ in range(rounds) for place in PLACES]


def fresh_probes(seed: int, rounds: int = 2) -> list[tuple[Any, ...]]:
    """``(value, flag, stored_depth, depth, alpha, beta)`` cases drawn from ``seed``: ``rounds``
    of every flag, every place of the value (:data:`PLACES`) and an entry shallower, as deep
    and deeper than the search, so every branch of the rule is asked.

    >>> cases = fresh_probes(5)
    >>> len(cases), cases == fresh_probes(5) != fresh_probes(6)
    (90, True)
    >>> sum(reference_probe(*case) is None for case in cases) > 0 < sum(
    ...     reference_probe(*case) is not None for case in cases)
    True
    """
    rng = random.Random(f"table lookups {seed}")
    cases = []
    for _ in range(rounds):
        for flag_ in FLAGS:
            for place in PLACES:
                for shift in (-1, 0, 1):
                    value, alpha, beta = _fresh_window(rng, place)
                    depth = rng.randint(1, 8)
                    stored = max(0, depth + shift * rng.randint(1, 3))
                    cases.append((value, flag_, stored, depth, alpha, beta))
    return cases


def _check(name: str, fn: Callable[..., Any], grid: list[tuple[Any, ...]], validate: Callable[..., Any],
           reference: Callable[..., Any], mistake: Callable[..., Any], use: Callable[..., Any], title: str,
           hint: str, raise_on_failure: bool, time_limit: float | None, seed: int | None) -> Report:
    __tracebackhide__ = True
    function(name, fn, f"your {name} function")
    flag("raise_on_failure", raise_on_failure)
    time_limit = runner.TIME_LIMIT if time_limit is None else seconds("time_limit", time_limit, maximum=3600)
    count = GRAPHS if seed is None else 2 * GRAPHS
    try:
        answers = ask(fn, name, grid, validate, time_limit=time_limit)
        wrong = [(args, got) for args, got in answers.items() if got != reference(*args)]

        def run(known: dict[Any, Any], missing: set[Any]) -> Any:
            def student(*args: Any) -> Any:
                if args in known:
                    return known[args]
                missing.add(args)
                return reference(*args)
            flag_of, probe_ = use(student)
            return _wrong_graph(flag_of, probe_, GRAPHS, seed)

        found = answers_by_rounds(fn, name, run, validate, time_limit=time_limit)
    except Unusable as bad:
        return finish(Report(title, False, bad.diagnosis, "Your function is not ready yet.",
                             [f"Your code: {bad.detail}."], _hint(bad.diagnosis), output=bad.output),
                      raise_on_failure)
    if not wrong and found is None:
        return finish(Report(title, True, "ok", (
            f"Right on all {len(grid)} cases of the grid, and alpha-beta with your table found the minimax "
            f"value at every depth of iterative deepening on {count} game graphs with transpositions.")),
            raise_on_failure)
    details: list[str] = []
    diagnosis = "wrong-value"
    if wrong:
        diagnosis, text = mistake(*wrong[0])
        details.append(f"{text} ({len(wrong)} of {len(grid)} cases are wrong.)")
    if found is not None:
        graph, rows, misuse = found
        depth, got, true = next(row for row in rows if row[1] != row[2])
        details += [f"Where it matters: iterative deepening (depth 1, 2, ...) with one table on this graph "
                    f"(a position reached along two paths is one entry) finds the value {got:g} at depth "
                    f"{depth}; minimax says {true:g}."]
        details += ["    " + line for line in graph.text()]
        if misuse:
            details.append(misuse)
    else:
        details.append(f"(On the {count} graphs the check searched, this did not change a value yet.)")
    summary = "Your table can give wrong values." if found is not None or diagnosis != "missed-hit" else \
        "Your table gives right values but misses entries that settle a search: it saves less work."
    return finish(Report(title, False, diagnosis, summary, details, hint),
                  raise_on_failure)


def check_bound_flag(bound_flag: Callable[..., Any], *, raise_on_failure: bool = False,
                     time_limit: float | None = None, seed: int | None = None) -> Report:
    """Check ``bound_flag(value, alpha, beta) -> EXACT | LOWER | UPPER`` (fail-soft results).

    With a ``seed``, fresh cases (:func:`fresh_flags`) and fresh game graphs drawn from it are
    checked as well as the fixed grid and graphs.

    >>> check_bound_flag(lambda v, a, b: UPPER if v <= a else LOWER if v >= b else EXACT).passed
    True
    """
    __tracebackhide__ = True
    seed = None if seed is None else integer("seed", seed)
    grid = _grid_flags() + ([] if seed is None else fresh_flags(seed))
    return _check("bound_flag", bound_flag, grid, _valid_flag, reference_flag, _flag_mistake,
                  lambda student: (student, reference_probe), "bound flags",
                  "A result >= beta is a lower bound (a cutoff skipped moves that might be even better); "
                  "a result <= alpha is an upper bound; only a result strictly inside the window is exact "
                  "(Marsland 1986).", raise_on_failure, time_limit, seed)


def check_probe(probe: Callable[..., Any], *, raise_on_failure: bool = False,
                time_limit: float | None = None, seed: int | None = None) -> Report:
    """Check ``probe(value, flag, stored_depth, depth, alpha, beta) -> value or None``.

    With a ``seed``, fresh cases (:func:`fresh_probes`) and fresh game graphs drawn from it are
    checked as well as the fixed grid and graphs.

    >>> check_probe(lambda value, flag, stored_depth, depth, alpha, beta: value).diagnosis
    'shallow-entry'
    """
    __tracebackhide__ = True
    seed = None if seed is None else integer("seed", seed)
    grid = _grid_probes() + ([] if seed is None else fresh_probes(seed))
    return _check("probe", probe, grid, _valid_probe, reference_probe, _probe_mistake,
                  lambda student: (reference_flag, student), "table lookup",
                  "Use an entry only if it was searched at least as deep as asked; then an EXACT value "
                  "always answers, a LOWER bound only when it is >= beta, an UPPER bound only when it is "
                  "<= alpha.", raise_on_failure, time_limit, seed)
