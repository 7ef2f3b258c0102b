"""Analysis: the theory of alpha-beta's cost, and sweeps that measure it.

- Knuth & Moore (1975): with the best move first everywhere, alpha-beta on a uniform
  tree of branching b and depth d evaluates b^ceil(d/2) + b^floor(d/2) - 1 leaves.
- Pearl (1982): with random ordering (i.i.d. continuous leaves) the branching factor
  tends to R_b = xi_b / (1 - xi_b), where xi_b is the positive root of x^b + x - 1 = 0.
- The effective branching factor of a search that evaluated N leaves at depth d is N^(1/d).

>>> knuth_moore_leaves(4, 8)
511
>>> round(pearl_branching(2), 3), round(pearl_branching(10), 3)
(1.618, 5.064)
>>> effective_branching_factor(511, 8) < 4 ** 0.5 * 1.1
True
"""

from __future__ import annotations

import itertools
import math
import numbers
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _validate, search, trees
from .errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    ArgumentTypeError,
    MmlibError,
    NodeBudgetExceeded,
    TimeBudgetExceeded,
    printable,
    wrap_user_exception,
)
from .instrument import Stats
from .progress import Run, budget_text
from .search.budgets import check_budget
from .trees.generated import MAX_COUNT_BITS, _exponent_bits

if TYPE_CHECKING:
    from .games.base import State
    from .search.engine import GameLike

__all__ = [
    "knuth_moore_leaves",
    "knuth_moore_nodes",
    "times_minimal",
    "minimal_tree_paths",
    "pearl_branching",
    "effective_branching_factor",
    "aima_branching_factor",
    "forecast_nodes",
    "deepest_fitting",
    "growth_per_ply",
    "mean_of",
    "sweep",
    "measure",
    "AXES",
    "Axis",
    "census",
    "reachable_positions",
    "ALGORITHMS",
]


def _not_astronomical(b: int, d: int) -> None:
    bits = _exponent_bits(b, (d + 1) // 2)
    if bits > MAX_COUNT_BITS:
        raise ArgumentError(f"depth: b^ceil(d/2) has about {bits * 0.30103:,.0f} digits; too big "
                            "to compute exactly (its log10 is ceil(d/2) * log10(b))")


knuth_moore_leaves = search.minimal_leaves
"""Leaves of the minimal tree, b^ceil(d/2) + b^floor(d/2) - 1: :func:`mmlib.search.minimal_leaves`
under the name the sweeps and the lectures give it.

>>> [knuth_moore_leaves(2, d) for d in range(1, 6)]
[2, 3, 5, 7, 11]
"""


def knuth_moore_nodes(branching: int, depth: int) -> int:
    """All nodes of the minimal tree, root included: the leaf formula summed over levels 0..d.

    >>> knuth_moore_nodes(3, 2)   # root, its 3 children, 3 + 3 - 1 = 5 grandchildren
    9
    """
    b, d = _validate.whole("branching", branching, minimum=1), _validate.whole("depth", depth, minimum=0)
    _not_astronomical(b, d)
    if d > 10_000:
        raise ArgumentError(f"depth: at most 10,000 levels are summed, got {d:,}")
    return sum(knuth_moore_leaves(b, level) for level in range(d + 1))


def times_minimal(branching: int, depths: Iterable[int], counts: Iterable[float], measure: str = "leaves"
                  ) -> list[float]:
    """How many times the Knuth–Moore minimal tree each count is: ``counts[k]`` (leaves, or all
    nodes with ``measure="nodes"``) divided by the minimal tree's at ``depths[k]``, the least
    any order of the children can search (1: as cheap as the best order; b^d ÷ minimum: no
    pruning at all).

    >>> times_minimal(3, [1, 2, 3, 4], [3, 5, 11, 17])          # the best order: the minimum itself
    [1.0, 1.0, 1.0, 1.0]
    >>> times_minimal(3, [2, 4], [9, 81])                      # the worst: 3^d ÷ (5, 17)
    [1.8, 4.764705882352941]
    >>> times_minimal(2, [3], [15], measure="nodes")           # 15 nodes ÷ 1 + 2 + 3 + 5
    [1.3636363636363635]
    """
    depths, counts = list(depths), list(counts)
    if len(depths) != len(counts):
        raise ArgumentError(f"counts: expected one count per depth ({len(depths)}), got {len(counts)}")
    if measure not in ("leaves", "nodes"):
        raise ArgumentError(f"measure: expected 'leaves' or 'nodes', got {printable(measure)}")
    minimum = knuth_moore_leaves if measure == "leaves" else knuth_moore_nodes
    return [float(count) / minimum(branching, depth) for depth, count in zip(depths, counts, strict=True)]


def minimal_tree_paths(branching: int, depth: int) -> Iterator[tuple[int, ...]]:
    """The paths of the Knuth-Moore minimal tree, in depth-first order.

    Type 1 nodes (the principal line) keep all children: the first is type 1, the
    others type 2.  A type 2 node keeps only its first child, of type 3; a type 3
    node keeps all its children, each of type 2.

    >>> list(minimal_tree_paths(2, 2))
    [(), (0,), (0, 0), (0, 1), (1,), (1, 0)]
    """
    b, d = _validate.whole("branching", branching, minimum=1), _validate.whole("depth", depth, minimum=0)
    stack: list[Iterator[tuple[tuple[int, ...], int]]] = [iter([((), 1)])]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
            continue
        path, kind = item
        yield path
        if len(path) < d:
            stack.append(_minimal_children(path, kind, b))


def _minimal_children(path: tuple[int, ...], kind: int, b: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The children a node of the minimal tree keeps, made one at a time (b may be huge)."""
    if kind == 1:
        yield path + (0,), 1
        for i in range(1, b):
            yield path + (i,), 2
    elif kind == 2:
        yield path + (0,), 3
    else:
        for i in range(b):
            yield path + (i,), 2


def pearl_branching(branching: int) -> float:
    """Pearl's asymptotic branching factor R_b of alpha-beta with random ordering.

    >>> round(pearl_branching(1), 6)
    1.0
    """
    b = _validate.whole("branching", branching, minimum=1)
    if b > 10 ** 6:
        raise ArgumentError(f"branching: at most 1,000,000 for this formula, got {printable(b)}")
    lo, hi = 0.0, 1.0  # x^b + x - 1 is increasing on [0, 1], -1 at 0 and +1 at 1
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid ** b + mid - 1 < 0:
            lo = mid
        else:
            hi = mid
    xi = (lo + hi) / 2
    return xi / (1 - xi)


def effective_branching_factor(leaves: float, depth: int) -> float:
    """The b* with b*^d = leaves: the branching factor of a uniform tree as costly.

    >>> round(effective_branching_factor(10 ** 6, 3), 9)
    100.0
    """
    d = _validate.whole("depth", depth, minimum=1)
    if d > 10 ** 9:
        raise ArgumentError(f"depth: at most 1,000,000,000, got {printable(d)}")
    if not _validate.is_real(leaves) or not leaves >= 1:
        raise ArgumentError(f"leaves: expected a number >= 1, got {printable(leaves)}")
    if not isinstance(leaves, numbers.Integral) and not math.isfinite(leaves):
        raise ArgumentError(f"leaves: expected a finite number, got {printable(leaves)}")
    if isinstance(leaves, numbers.Integral) and int(leaves).bit_length() > 1000:
        return 2.0 ** (int(leaves).bit_length() / d)       # beyond floats: to within a factor 2^(1/d)
    return float(float(leaves) ** (1.0 / d))      # float ** float is typed Any (it may be complex)


def aima_branching_factor(nodes: float, depth: int) -> float:
    """Russell & Norvig's effective branching factor: the b* with
    1 + b* + b*^2 + ... + b*^d = nodes (nodes counted with the root).

    >>> round(aima_branching_factor(1 + 2 + 4 + 8, 3), 9)
    2.0
    """
    d = _validate.whole("depth", depth, minimum=1)
    if d > 10_000:
        raise ArgumentError(f"depth: at most 10,000, got {d:,}")
    if not _validate.is_real(nodes) or not nodes >= d + 1:
        raise ArgumentError(f"nodes: expected at least depth + 1 = {d + 1}, got {printable(nodes)}")
    if isinstance(nodes, numbers.Integral) and int(nodes).bit_length() > 1000:
        raise ArgumentError(f"nodes: {printable(nodes)} is too large for this estimate")
    if not math.isfinite(nodes):
        raise ArgumentError(f"nodes: expected a finite number, got {printable(nodes)}")

    def total(x: float) -> float:
        try:
            return sum(x ** k for k in range(d + 1))
        except OverflowError:
            return math.inf

    lo, hi = 0.0, max(1.0, float(nodes))
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if total(mid) < nodes else (lo, mid)
    return (lo + hi) / 2


def forecast_nodes(branching: int, depth: int, ordering: str | float, algorithm: str) -> float:
    """Nodes one alpha-beta or minimax search of a generated tree is expected to take, at most
    (theory where it is exact): what an explorer forecasts before it measures.

    Minimax and the worst order search every node; the best order searches the Knuth–Moore
    minimal tree; other orders are taken at three times the geometric mean of the two (a
    bound on the measured counts for b ≥ 3), and at every node for b = 2.

    >>> forecast_nodes(3, 4, "best", "alphabeta"), forecast_nodes(3, 4, "worst", "alphabeta")
    (37, 121)
    """
    every = trees.uniform_node_count(branching, depth)
    if search.registry.canonical(algorithm) == "minimax" or ordering == "worst":
        return every
    best = knuth_moore_nodes(branching, depth)
    if ordering == "best":
        return best
    return every if branching == 2 else min(every, 3 * (best * every) ** 0.5)


def deepest_fitting(branching: int, ordering: str | float, algorithm: str, trees_: int, budget: float, *,
                    max_depth: int = 30) -> int:
    """The deepest d (at most ``max_depth``) whose searches of depths 1..d over ``trees_`` trees
    fit in ``budget`` nodes by :func:`forecast_nodes` (at least 1: depth 1 always fits).

    >>> deepest_fitting(3, "best", "alphabeta", 1, 4_000_000)
    23
    >>> deepest_fitting(8, "worst", "minimax", 1, 4_000_000)
    7
    """
    total, deepest = 0.0, 1
    for depth in range(1, max_depth + 1):
        total += forecast_nodes(branching, depth, ordering, algorithm) * trees_
        if total > budget:
            break
        deepest = depth
    return deepest


def growth_per_ply(leaves_by_depth: dict[int, float]) -> float | None:
    """Pearl's growth per ply measured: sqrt(N_d / N_(d-2)) at the deepest depth d measured
    (two plies, one MAX and one MIN level); None below depth 3.

    >>> growth_per_ply({1: 3, 2: 5, 3: 11, 4: 17})                 # Knuth–Moore at b = 3: √(17/5)
    1.8439088914585775
    >>> growth_per_ply({1: 3, 2: 9}) is None
    True
    """
    d = max(leaves_by_depth, default=0)
    if d < 3:
        return None
    return float((leaves_by_depth[d] / leaves_by_depth[d - 2]) ** 0.5)


def mean_of(rows: Iterable[dict[str, Any]], column: str) -> float:
    """The mean of ``column`` over sweep rows, as a whole number when it is one (one tree: its
    own count).

    >>> rows = [{"leaves": 17}, {"leaves": 19}, {"leaves": 18.5}]
    >>> mean_of(rows[:2], "leaves"), mean_of(rows[1:], "leaves")
    (18, 18.75)
    """
    values = [row[column] for row in rows]
    if not values:
        raise ArgumentError("rows: expected at least one row, got none")
    mean = sum(values) / len(values)
    return int(mean) if float(mean).is_integer() else mean


ALGORITHMS: dict[str, Callable[..., search.SearchResult]] = {
    **{about.name: about.function for about in search.FAMILIES if about.sweeps},
    "alphabeta-fail-hard": partial(search.alphabeta, variant="fail-hard"),
    "alphabeta-strict": partial(search.alphabeta, cutoff=">"),
}
"""Algorithms a sweep can run, by name: the families of :data:`mmlib.search.FAMILIES` that
sweep (minimax, alpha-beta, negamax), and alpha-beta fail-hard or cutting only at α > β.
Another spelling of a family's name (``"alpha-beta"``) is read as the family's."""


class Axis(NamedTuple):
    """One axis of a sweep: ``column``, the name of its column in every row (and of the
    parameter of :func:`measure`); ``keyword``, the parameter of :func:`sweep` that lists its
    values; ``default``, the values a sweep takes when none are given (None: required);
    ``tree``: whether it shapes the tree searched (the tree's maker gets it) rather than the
    search; ``compiled``: whether the compiled path (:mod:`mmlib.fastcount`) knows it (a row
    with another value than the default of an axis it does not know is searched by the
    teaching search).  A new measured axis is one entry of :data:`AXES`."""

    column: str
    keyword: str
    default: tuple[Any, ...] | None = None
    tree: bool = True
    compiled: bool = True


AXES: tuple[Axis, ...] = (
    Axis("branching", "branchings"),
    Axis("depth", "depths"),
    Axis("ordering", "orderings", ("best",)),
    Axis("algorithm", "algorithms", ("alphabeta",), tree=False),
    Axis("seed", "seeds", (0,)),
)
"""The axes of a sweep, in the order of a row's columns.  The searches of a sweep vary the axes
that shape the tree in this order, and the others fastest (every algorithm on the same tree)."""

def _tree_for(branching: int, depth: int, ordering: Any, seed: int, **shape: Any) -> Any:
    """The generated tree of a row: ``shape`` holds the values of the other axes that shape it."""
    if isinstance(ordering, str) and ordering == "uniform":
        return trees.uniform(branching, depth, seed, **shape)
    return trees.ordered(branching, depth, ordering, seed, **shape)


def _axis_values(keyword: str, values: Any) -> list[Any]:
    """The values of one axis, as a list (at most 10,000 of them)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ArgumentTypeError(f"{keyword}: expected a list, got {printable(values)}")
    try:
        listed = list(values)
    except TypeError:                           # an iterable that is not (a 0-d numpy array)
        raise ArgumentTypeError(f"{keyword}: expected a list, got {printable(values)}") from None
    if len(listed) > 10_000:
        raise ArgumentError(f"{keyword}: at most 10,000 values, got {len(listed):,}")
    return listed


def _plan(given: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, list[Any]]]:
    """Every combination of the axes' values (``given`` by keyword; the others their
    defaults), one point (column -> value) per search, in the order they are searched; and
    each axis's values, by column."""
    unknown = sorted(set(given) - {axis.keyword for axis in AXES})
    if unknown:
        raise ArgumentTypeError(f"{unknown[0]}: not an axis of a sweep; the axes are "
                                f"{', '.join(axis.keyword for axis in AXES)}")
    columns: dict[str, list[Any]] = {}
    for axis in AXES:
        values = given.get(axis.keyword, axis.default)
        if values is None:
            raise ArgumentTypeError(f"sweep() missing the axis {axis.keyword!r}")
        columns[axis.column] = _axis_values(axis.keyword, values)
    columns["algorithm"] = [_canonical(name) for name in columns["algorithm"]]
    order = [axis.column for axis in AXES if axis.tree] + [axis.column for axis in AXES if not axis.tree]
    names, at = list(columns), [order.index(column) for column in columns]
    plan = [dict(zip(names, [point[k] for k in at], strict=True))
            for point in itertools.product(*(columns[column] for column in order))]
    return plan, columns


def sweep(branchings: Iterable[int], depths: Iterable[int], orderings: Iterable[Any] = ("best",),
          algorithms: Iterable[str] = ("alphabeta",), seeds: Iterable[int] = (0,), *,
          max_nodes: int | None = DEFAULT_MAX_NODES,
          max_seconds: float | None = DEFAULT_MAX_SECONDS,
          progress: bool | Callable[[int, int], None] | None = None,
          **axes: Iterable[Any]) -> list[dict[str, Any]]:
    """Search every combination and return one tidy row per search.

    ``orderings``: names for :func:`mmlib.trees.ordered` ("best", "worst", "random", or a
    probability q) or ``"uniform"`` for Pearl's i.i.d. model (:func:`mmlib.trees.uniform`).
    ``algorithms``: names in :data:`ALGORITHMS`.  Every axis of :data:`AXES` is a keyword
    too (``axes``: those without a parameter of their own), and a column of every row.
    ``max_nodes`` bounds each search (a row
    is one independent measurement); ``max_seconds`` bounds the whole sweep, and when it
    runs out the error's ``completed`` holds the rows measured so far.  None lifts either.
    ``progress``: True prints a progress line to stderr; a function gets (done, total); None
    (the default) shows how many searches are done once the sweep has run a few seconds, in a
    notebook or a terminal (see :mod:`mmlib.progress`).  Stopped by the kernel's interrupt
    (or Ctrl-C), a sweep raises :class:`~mmlib.errors.RunInterrupted`, whose ``completed`` holds
    the rows finished so far (in a notebook: ``rows = sys.last_value.completed``).

    >>> rows = sweep([2], [1, 2], ["best"], ["minimax", "alphabeta"])
    >>> [(r["depth"], r["algorithm"], r["leaves"]) for r in rows]
    [(1, 'minimax', 2), (1, 'alphabeta', 2), (2, 'minimax', 4), (2, 'alphabeta', 3)]
    """
    plan, columns = _plan({"branchings": branchings, "depths": depths, "orderings": orderings,
                           "algorithms": algorithms, "seeds": seeds, **axes})
    max_nodes, max_seconds = check_budget(max_nodes, max_seconds)
    report = _progress_reporter(progress)
    limit = f"{len(plan):,} searches" + ("" if max_seconds is None else f" or max_seconds={max_seconds:g}")
    with Run("sweep", limit, "searches done", total=len(plan), show=progress is None) as run:
        if any(_fast(algorithm, max_nodes, max_seconds) for algorithm in set(columns["algorithm"])):
            from . import fastcount
            fastcount.warm()                    # compiling the loop is not part of the sweep's time
        return _sweep(plan, _Batches(columns["seed"], max_nodes, max_seconds), run, report,
                      max_nodes, max_seconds)


def _sweep(plan: list[dict[str, Any]], batches: _Batches, run: Run,
           report: Callable[[int, int], None], max_nodes: int | None,
           max_seconds: float | None) -> list[dict[str, Any]]:
    """Measure each row of the plan in turn; ``run`` keeps the finished rows."""
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for done, point in enumerate(plan, start=1):
        seconds = None
        if max_seconds is not None:
            seconds = max_seconds - (time.perf_counter() - started)
            if seconds <= 0:
                raise TimeBudgetExceeded(max_seconds, Stats(), tuple(rows))
        try:
            row = batches.row(point)
            rows.append(row if row is not None else measure(**point, max_nodes=max_nodes,
                                                            max_seconds=seconds))
        except TimeBudgetExceeded as err:
            budget = err.max_seconds if max_seconds is None else max_seconds
            raise TimeBudgetExceeded(budget, err.stats, tuple(rows)) from None
        run.step(rows[-1])
        report(done, len(plan))
    return rows


_BATCH = 32
"""Seeds searched together by the compiled path (between two looks at the sweep's clock)."""


def _fast(algorithm: str, max_nodes: int | None, max_seconds: float | None) -> bool:
    """Whether the compiled counts-only path (:mod:`mmlib.fastcount`) can stand in for the
    teaching search: same counts, and every search bounded by a node budget (the compiled
    loop does not read the clock)."""
    if algorithm not in search.registry.names(compiled=True) or (
            max_nodes is None and max_seconds is not None):
        return False
    try:
        from . import fastcount  # imported on first use: compiling is not every user's cost
    except ImportError:          # numpy missing: the core runs on the standard library alone
        return False
    return fastcount.compiled()


class _Batches:
    """The rows of a sweep measured by the compiled path, a batch of seeds at a time, and
    handed out (or their errors raised) in the order of the sweep's plan."""

    def __init__(self, seeds: list[Any], max_nodes: int | None, max_seconds: float | None):
        self.seeds = seeds
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.done: dict[tuple[Any, ...], Any] = {}

    def row(self, point: dict[str, Any]) -> dict[str, Any] | None:
        b, d, ordering, seed = point["branching"], point["depth"], point["ordering"], point["seed"]
        plain = all(_plain_seed(n) for n in (b, d, seed)) and (
            isinstance(ordering, str) or isinstance(ordering, float | int) and not isinstance(ordering, bool))
        fast = _compiled_knows(point) and _fast(point["algorithm"], self.max_nodes, self.max_seconds)
        if not plain or not fast:
            return None                         # the teaching search (and its checks) measure it
        key = _key(point)
        if key not in self.done:
            self._measure(point)
        outcome = self.done.pop(key)
        if isinstance(outcome, Exception):
            raise outcome
        row: dict[str, Any] = outcome
        return row

    def _measure(self, point: dict[str, Any]) -> None:
        """Measure ``point``'s seed and the next seeds of the plan (a batch) on the same tree shape."""
        start = self.seeds.index(point["seed"])
        batch = [s for s in self.seeds[start:start + _BATCH] if _plain_seed(s)]
        batch = list(dict.fromkeys(batch))
        try:
            _tree_for(**_shape(point))           # the same argument errors as the teaching path
            from . import fastcount
            outcomes = fastcount.outcomes_many(point["branching"], point["depth"], point["ordering"], batch,
                                               point["algorithm"], max_nodes=self.max_nodes)
        except MmlibError as error:
            self.done[_key(point)] = error
            return
        for s, outcome in zip(batch, outcomes, strict=True):
            at = {**point, "seed": s}
            self.done[_key(at)] = outcome if isinstance(outcome, Exception) else _row(at, outcome)


def _key(point: dict[str, Any]) -> tuple[Any, ...]:
    """The measurement ``point`` names (an ordering ``1`` and ``1.0`` apart, as the trees are)."""
    return (*point.values(), type(point["ordering"]).__name__)


def _compiled_knows(point: dict[str, Any]) -> bool:
    """Whether the compiled path knows every axis of ``point`` (an axis it does not know is at
    its default)."""
    return all((point[axis.column],) == axis.default for axis in AXES if not axis.compiled)


def _shape(point: dict[str, Any]) -> dict[str, Any]:
    """The values of ``point``'s axes that shape the tree (the arguments of :func:`_tree_for`)."""
    return {axis.column: point[axis.column] for axis in AXES if axis.tree}


def _plain_seed(seed: int) -> bool:
    return isinstance(seed, int) and not isinstance(seed, bool)


def _row(point: dict[str, Any], counts: Any) -> dict[str, Any]:
    return {**point, "nodes": counts.nodes, "leaves": counts.leaves, "cutoffs": counts.cutoffs,
            "value": counts.value}


def _canonical(name: str) -> str:
    """The name in :data:`ALGORITHMS` that ``name`` stands for (a family's other spellings too)."""
    name = search.registry.canonical(name)
    if not isinstance(name, str) or name not in ALGORITHMS:
        raise ArgumentError(f"algorithms: unknown {printable(name)}; choose from {', '.join(ALGORITHMS)}")
    return name


def measure(branching: int, depth: int, ordering: str | float, algorithm: str, seed: int, *,
            max_nodes: int | None = DEFAULT_MAX_NODES,
            max_seconds: float | None = DEFAULT_MAX_SECONDS, **axes: Any) -> dict[str, Any]:
    """One search on a generated tree, as one tidy row (see :func:`sweep`), within the
    budget ``max_nodes`` / ``max_seconds`` (None lifts either); ``axes``: the values of the
    other axes of :data:`AXES`, by column (their defaults when not given).

    >>> measure(3, 4, "best", "alphabeta", 0)["leaves"]      # Knuth-Moore: 3^2 + 3^2 - 1
    17
    """
    point = _plan({"branchings": [branching], "depths": [depth], "orderings": [ordering],
                   "algorithms": [algorithm], "seeds": [seed],
                   **{_column_keyword(column): [value] for column, value in axes.items()}})[0][0]
    tree = _tree_for(**_shape(point))
    if _compiled_knows(point) and _fast(point["algorithm"], max_nodes, max_seconds):
        from . import fastcount
        check_budget(max_nodes, max_seconds)
        return _row(point, fastcount.count(tree, point["algorithm"], max_nodes=max_nodes))
    result = ALGORITHMS[point["algorithm"]](tree, max_nodes=max_nodes, max_seconds=max_seconds,
                                            leaf_order=False)
    return _row(point, _Counted(result))


def _column_keyword(column: str) -> str:
    """The keyword of :func:`sweep` for the axis whose column is ``column``."""
    for axis in AXES:
        if axis.column == column:
            return axis.keyword
    raise ArgumentTypeError(f"{column}: not an axis of a sweep; the axes are "
                            f"{', '.join(axis.column for axis in AXES)}")


class _Counted:
    """A search result read as counts (the shape of :class:`mmlib.fastcount.Counts`)."""

    def __init__(self, result: search.SearchResult):
        self.nodes, self.leaves = result.stats.nodes, result.stats.leaves
        self.cutoffs, self.value = result.stats.cutoffs, result.value


def _progress_reporter(progress: bool | Callable[[int, int], None] | None
                       ) -> Callable[[int, int], None]:
    """The sweep's own way to show progress: None and False show nothing more than the
    :class:`~mmlib.progress.Run` line (None shows it, False hides it)."""
    if progress is None:
        return lambda done, total: None
    if progress is False:
        return lambda done, total: None
    if progress is True:
        def show(done: int, total: int) -> None:
            width = 30
            filled = width * done // total
            end = "\n" if done == total else ""
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
            sys.stderr.flush()
        return show
    if callable(progress):
        hook = progress

        def call(done: int, total: int) -> None:
            try:
                hook(done, total)
            except MmlibError:
                raise
            except Exception as error:
                raise wrap_user_exception(
                    error, f"progress (called as progress(done, total) after each search) raised "
                    f"{type(error).__name__}: {error}", "progress", None) from error
        return call
    raise ArgumentTypeError(f"progress: expected True, False, None or a function, got {printable(progress)}")


def census(game: GameLike, *, state: State = None, max_nodes: int | None = DEFAULT_MAX_NODES
           ) -> dict[str, int]:
    """Count the full game tree below ``state`` (default: the game's start).

    At most ``max_nodes`` nodes are counted (None lifts the budget); a larger tree raises
    :class:`~mmlib.errors.NodeBudgetExceeded`.

    Returns ``nodes`` (every node of the tree, the start included), ``games`` (terminal
    nodes, i.e. complete games), ``max_wins`` / ``min_wins`` / ``draws`` (games by the
    sign of their utility) and ``positions`` (distinct positions, by ``game.key``).  Stopped
    by the kernel's interrupt, it raises :class:`~mmlib.errors.RunInterrupted`, whose
    ``partial`` holds the counts so far.

    >>> from mmlib import games
    >>> census(games.TicTacToe("XOX OXO ..."))   # X wins at once with 6 or 8, or later after 7
    {'nodes': 8, 'games': 4, 'max_wins': 4, 'min_wins': 0, 'draws': 0, 'positions': 8}
    """
    with _game_failures("census"):
        return _census(game, state, max_nodes)


@contextmanager
def _game_failures(what: str) -> Iterator[None]:
    """A failure of the game's own methods becomes an mmlib error naming ``what`` was done."""
    try:
        yield
    except MmlibError:
        raise
    except Exception as error:
        raise wrap_user_exception(
            error, f"the game raised {type(error).__name__} during the {what}: {error}",
            "game", None) from error


_STEP = 1024
"""Nodes a census or walk counts between two looks at the clock (for its progress line)."""


def _census(game: GameLike, state: State, max_nodes: int | None) -> dict[str, int]:
    game = search.as_game(game)
    limit = _node_budget(max_nodes)
    start = game.initial if state is None else state
    counts = {"nodes": 0, "games": 0, "max_wins": 0, "min_wins": 0, "draws": 0}
    stack = [start]
    with Run("census", budget_text(max_nodes, None), "nodes counted") as run:
        run.partial = counts                      # an interrupt keeps the counts so far
        while stack:
            node = stack.pop()
            counts["nodes"] += 1
            if counts["nodes"] > limit:
                raise NodeBudgetExceeded(int(limit), Stats(nodes=counts["nodes"], leaves=counts["games"]))
            if counts["nodes"] % _STEP == 0:
                run.step(count=_STEP)
            if game.is_terminal(node):
                counts["games"] += 1
                score = game.utility(node)
                counts["max_wins" if score > 0 else "min_wins" if score < 0 else "draws"] += 1
            else:
                stack.extend(game.play(node, move) for move in game.moves(node))
    counts["positions"] = len(reachable_positions(game, state=start, max_nodes=max_nodes))
    return counts


def _node_budget(max_nodes: int | None) -> float:
    check_budget(max_nodes, None)
    return math.inf if max_nodes is None else int(max_nodes)


def reachable_positions(game: GameLike, *, state: State = None,
                        max_nodes: int | None = DEFAULT_MAX_NODES) -> list[Any]:
    """Every distinct position (by ``game.key``) reachable from ``state`` (default: the start),
    the start and finished games included, in the order they are first reached.  At most
    ``max_nodes`` positions are collected (None lifts the budget).

    >>> from mmlib import games
    >>> len(reachable_positions(games.TicTacToe()))
    5478
    """
    with _game_failures("walk over the positions"):
        return _reachable_positions(game, state, max_nodes)


def _reachable_positions(game: GameLike, state: State, max_nodes: int | None) -> list[Any]:
    game = search.as_game(game)
    limit = _node_budget(max_nodes)
    start = game.initial if state is None else state
    seen = {game.key(start): start}
    frontier = [start]
    with Run("positions", budget_text(max_nodes, None), "positions found") as run:
        while frontier:
            node = frontier.pop()
            if game.is_terminal(node):
                continue
            for move in game.moves(node):
                child = game.play(node, move)
                key = game.key(child)
                if key not in seen:
                    seen[key] = child
                    frontier.append(child)
                    if len(seen) > limit:
                        raise NodeBudgetExceeded(int(limit), Stats(nodes=len(seen)))
                    if len(seen) % _STEP == 0:
                        run.step(count=_STEP)
    return list(seen.values())
