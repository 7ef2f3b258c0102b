"""Counts only, compiled: alpha-beta and minimax on generated trees, hundreds of times faster.

This is the compiled twin of :func:`mmlib.search.alphabeta` (fail-soft, cutting at
alpha >= beta) and :func:`mmlib.search.minimax`, kept for the sweeps: the algorithm is
taught, and written to be read, in :mod:`mmlib.search.alphabeta`; here it is the same
search unrolled into a loop that numba compiles, and its counts equal the teaching
search's on every generated tree.

The teaching search (:mod:`mmlib.search`) pays for its readability and its records: a
Python call per node, a leaf order, a transcript on request.  Measuring Pearl's
asymptote needs millions of nodes per tree and hundreds of trees, so this module
runs the *same* searches on the *same* trees (:func:`mmlib.trees.uniform` and
:func:`mmlib.trees.ordered`, every value derived from the seed by the same
splitmix64 arithmetic) as one compiled loop with an explicit stack, and keeps only
what a sweep reports: nodes, leaves, cutoffs and the value, counted as defined in
:mod:`mmlib.instrument`: node for node what :func:`mmlib.search.alphabeta` and
:func:`mmlib.search.minimax` count on the same tree.

The loop is compiled by numba (LLVM) on first use (a few seconds, then cached on
disk); without numba the teaching search is used instead, with the same results.

>>> from mmlib import trees
>>> count(trees.ordered(3, 4, "best")).leaves       # Knuth-Moore: 3^2 + 3^2 - 1
17
>>> count(trees.ordered(3, 4, "best"), "minimax").leaves
81
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from . import _validate
from .errors import ArgumentError, ArgumentTypeError, NodeBudgetExceeded, printable
from .instrument import Stats
from .mixing import GOLDEN, MASK
from .search.registry import names
from .trees.generated import _ORDER_SALT, _STEP, OrderedTree, UniformTree

if TYPE_CHECKING:
    from .trees.convert import AnyTree

__all__ = ["Counts", "count", "count_many", "outcomes_many", "compiled", "warm", "ALGORITHMS"]

ALGORITHMS = names(compiled=True)
"""What the fast path runs, the families of :data:`mmlib.search.FAMILIES` with a compiled twin:
fail-soft alpha-beta cutting at alpha >= beta (the default
:func:`mmlib.search.alphabeta`) and plain minimax."""

_UNIFORM, _BEST, _WORST, _RANDOM, _QUALITY = range(5)
_NO_LIMIT = 1 << 62


class Counts(NamedTuple):
    """What one search counted (see :mod:`mmlib.instrument` for the definitions)."""

    nodes: int
    leaves: int
    cutoffs: int
    value: float


# -- the loop, written in the subset of Python that numba compiles -------------------------------
# Every integer that meets a hash is an np.uint64, so that numba keeps 64-bit unsigned
# arithmetic (wrapping like `& MASK` in mmlib.mixing) and never promotes to float.

_U_GOLDEN = np.uint64(GOLDEN)
_U_M1 = np.uint64(0xBF58476D1CE4E5B9)
_U_M2 = np.uint64(0x94D049BB133111EB)
_U_STEP = np.uint64(_STEP)
_U_ORDER_SALT = np.uint64(_ORDER_SALT)
_S11, _S27, _S30, _S31 = np.uint64(11), np.uint64(27), np.uint64(30), np.uint64(31)
_INV_2_53 = 1.0 / 9007199254740992.0
_BELOW_ONE = 1.0 - 2.0 ** -53             # mixing.unit_float's value in the last slot

UInts = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


def _mix(x: np.uint64) -> np.uint64:
    x = x + _U_GOLDEN
    x = (x ^ (x >> _S30)) * _U_M1
    x = (x ^ (x >> _S27)) * _U_M2
    return x ^ (x >> _S31)


def _unit(h: np.uint64) -> float:
    return min((float(np.int64(h >> _S11)) + 0.5) * _INV_2_53, _BELOW_ONE)   # below 2^53: exact


def _child_hash(h: np.uint64, move: int) -> np.uint64:
    return _mix(h ^ (np.uint64(move + 1) * _U_STEP))


def _best_position(kind: int, h: np.uint64, b: int, first_best: float) -> int:
    if kind == _WORST:
        return b - 1
    if kind == _BEST or kind == _UNIFORM or b == 1:
        return 0
    u = _unit(_mix(h ^ _U_ORDER_SALT))
    if kind == _RANDOM:
        return min(int(u * b), b - 1)
    if u < first_best:
        return 0
    rest = (u - first_best) / (1.0 - first_best)
    return 1 + min(int(rest * (b - 1)), b - 2)


def _worst_fraction(h: np.uint64, move: int, b: int) -> float:
    if move == b - 1:
        return 1.0
    return (move + 0.05 + 0.9 * _unit(_child_hash(h, move))) / b


def _search(kind: int, b: int, depth: int, seed: np.uint64, first_best: float, prune: bool,
            max_nodes: int) -> tuple[int, int, int, float, bool]:
    """Fail-soft alpha-beta (``prune``) or minimax over one generated tree; returns
    (nodes, leaves, cutoffs, value, finished).  The nodes just above the leaves search
    their leaves in a loop of their own: half of all nodes, with no stack to climb."""
    size = depth + 1
    h = np.empty(size, dtype=np.uint64)        # the node on the current line at each ply
    true_value = np.empty(size)                # its value (ordered trees)
    lo = np.empty(size)                        # its window of values (the worst ordering)
    hi = np.empty(size)
    alpha = np.empty(size)
    beta = np.empty(size)
    value = np.empty(size)                     # the best score so far
    move = np.empty(size, dtype=np.int64)      # the child being searched
    best = np.empty(size, dtype=np.int64)      # where the child with the true value stands
    h[0] = _mix(seed)
    true_value[0] = _unit(h[0])
    lo[0], hi[0] = 0.0, 1.0
    alpha[0], beta[0] = -math.inf, math.inf
    nodes = leaves = cutoffs = 0
    ply = 0
    while True:
        # enter the node at `ply`
        nodes += 1
        if nodes > max_nodes:
            return nodes, leaves, cutoffs, math.nan, False
        if ply == depth:                       # only a tree of depth 0 gets here
            leaves += 1
            score = true_value[0]
        elif ply < depth - 1:                  # go down to the first child
            value[ply] = -math.inf if ply % 2 == 0 else math.inf
            move[ply] = 0
            best[ply] = _best_position(kind, h[ply], b, first_best)
            _make_child(kind, ply, 0, b, h, true_value, lo, hi, best)
            alpha[ply + 1], beta[ply + 1] = alpha[ply], beta[ply]
            ply += 1
            continue
        else:                                  # every child is a leaf
            maximizing = ply % 2 == 0
            score = -math.inf if maximizing else math.inf
            a, z = alpha[ply], beta[ply]
            if kind != _UNIFORM:
                best[ply] = _best_position(kind, h[ply], b, first_best)
            for i in range(b):
                nodes += 1
                if nodes > max_nodes:
                    return nodes, leaves, cutoffs, math.nan, False
                leaves += 1
                if kind == _UNIFORM:
                    leaf = _unit(_child_hash(h[ply], i))
                else:
                    _make_child(kind, ply, i, b, h, true_value, lo, hi, best)
                    leaf = true_value[ply + 1]
                if maximizing:
                    if leaf > score:
                        score = leaf
                    a = max(a, score)
                else:
                    if leaf < score:
                        score = leaf
                    z = min(z, score)
                if prune and a >= z:
                    if i < b - 1:
                        cutoffs += 1
                    break
        # `score` goes back up until a node has another child to search
        while True:
            if ply == 0:
                return nodes, leaves, cutoffs, score, True
            ply -= 1
            i = move[ply]
            if ply % 2 == 0:
                if score > value[ply]:
                    value[ply] = score
                alpha[ply] = max(alpha[ply], value[ply])
            else:
                if score < value[ply]:
                    value[ply] = score
                beta[ply] = min(beta[ply], value[ply])
            if prune and alpha[ply] >= beta[ply]:
                if i < b - 1:
                    cutoffs += 1
                score = value[ply]
                continue
            if i == b - 1:
                score = value[ply]
                continue
            move[ply] = i + 1
            _make_child(kind, ply, i + 1, b, h, true_value, lo, hi, best)
            alpha[ply + 1], beta[ply + 1] = alpha[ply], beta[ply]
            ply += 1
            break


def _make_child(kind: int, ply: int, i: int, b: int, h: UInts, true_value: Floats, lo: Floats, hi: Floats,
                best: Ints) -> None:
    """Put child ``i`` of the node at ``ply`` at ``ply + 1`` (as ``OrderedTree.play`` does)."""
    parent = h[ply]
    child = _child_hash(parent, i)
    h[ply + 1] = child
    if kind == _UNIFORM:
        return
    v = true_value[ply]
    maximizing = ply % 2 == 0
    if kind == _WORST:
        step = _worst_fraction(parent, i, b)
        previous = _worst_fraction(parent, i - 1, b) if i > 0 else -1.0
        if step == 1.0:
            true_value[ply + 1] = v
        elif maximizing:
            true_value[ply + 1] = lo[ply] + (v - lo[ply]) * step
        else:
            true_value[ply + 1] = hi[ply] - (hi[ply] - v) * step
        if maximizing:
            lo[ply + 1] = lo[ply] if i == 0 else lo[ply] + (v - lo[ply]) * previous
            hi[ply + 1] = hi[ply]
        else:
            hi[ply + 1] = hi[ply] if i == 0 else hi[ply] - (hi[ply] - v) * previous
            lo[ply + 1] = lo[ply]
        return
    if i == best[ply]:
        true_value[ply + 1] = v
    elif maximizing:
        true_value[ply + 1] = v * (0.001 + 0.998 * _unit(child))
    else:
        true_value[ply + 1] = v + (1.0 - v) * (0.001 + 0.998 * _unit(child))


def _search_many(kind: int, b: int, depth: int, seeds: UInts, first_best: float, prune: bool, max_nodes: int,
                 out: Ints) -> Floats:
    """:func:`_search` for each seed; row k of ``out`` gets nodes, leaves, cutoffs, finished."""
    values = np.empty(len(seeds))
    for k in range(len(seeds)):
        nodes, leaves, cutoffs, value, finished = _search(kind, b, depth, seeds[k], first_best,
                                                          prune, max_nodes)
        out[k, 0], out[k, 1], out[k, 2], out[k, 3] = nodes, leaves, cutoffs, 1 if finished else 0
        values[k] = value
    return values


def _compile() -> Callable[..., Floats] | None:
    """The loop compiled by numba, or None when numba is not installed."""
    try:
        import numba
    except ImportError:  # pragma: no cover - numba is a dependency; kept for stripped installs
        return None
    jit = numba.njit(cache=True, nogil=True)
    global _mix, _unit, _child_hash, _best_position, _worst_fraction, _make_child, _search
    _mix = jit(_mix)
    _unit = jit(_unit)
    _child_hash = jit(_child_hash)
    _best_position = jit(_best_position)
    _worst_fraction = jit(_worst_fraction)
    _make_child = jit(_make_child)
    _search = jit(_search)
    return jit(_search_many)


_COMPILED = _compile()


def compiled() -> bool:
    """True when the compiled loop is in use (numba is installed).

    >>> compiled()
    True
    """
    return _COMPILED is not None


# -- the public functions ---------------------------------------------------------------------

def warm() -> None:
    """Compile the loop now, if it is not compiled yet (numba keeps it on disk, so this costs
    seconds once per machine), in this thread alone: numba must not compile (and cache) the
    same loop in two threads at once, and no search's clock should pay for compiling it.

    >>> warm()
    """
    global _WARM
    if _COMPILED is None or _WARM:
        return
    with _FIRST_CALL:
        if not _WARM:
            count_many(2, 1, seeds=[0], workers=1)
            _WARM = True


_FIRST_CALL = threading.Lock()
_WARM = False


def _plan(tree: AnyTree) -> tuple[int, float]:
    """The kind of tree (one of the constants above) and the chance the best child is first."""
    if isinstance(tree, UniformTree):
        return _UNIFORM, 0.0
    if isinstance(tree, OrderedTree):
        ordering = tree.ordering
        if ordering == "best":
            return _BEST, 1.0
        if ordering == "worst":
            return _WORST, 0.0
        if ordering == "random":
            return _RANDOM, 1.0 / tree.branching
        return _QUALITY, float(ordering)
    raise ArgumentTypeError(f"tree: expected trees.uniform(...) or trees.ordered(...), got "
                            f"{type(tree).__name__}")


def _algorithm(algorithm: object) -> bool:
    """Whether ``algorithm`` prunes (alpha-beta) or not (minimax)."""
    if not isinstance(algorithm, str) or algorithm not in ALGORITHMS:
        raise ArgumentError(f"algorithm: expected one of {', '.join(map(repr, ALGORITHMS))}, "
                            f"got {printable(algorithm)}")
    return algorithm == "alphabeta"


def _check(tree: Any, algorithm: str, max_nodes: int | None) -> tuple[int, float, bool, int]:
    from .search.budgets import check_budget, refuse_hopeless
    kind, first_best = _plan(tree)
    prune = _algorithm(algorithm)
    max_nodes = check_budget(max_nodes, None)[0]
    refuse_hopeless(tree, None, max_nodes, minimax=not prune)
    # the compiled search counts in 64 bits: a larger budget is no budget (2^62 nodes are never reached)
    return kind, first_best, prune, _NO_LIMIT if max_nodes is None else min(max_nodes, _NO_LIMIT)


def count(tree: AnyTree, algorithm: str = "alphabeta", *, max_nodes: int | None = None) -> Counts:
    """Nodes, leaves, cutoffs and value of ``algorithm`` ("alphabeta" or "minimax") on a
    generated tree, exactly as :func:`mmlib.search.alphabeta` / :func:`mmlib.search.minimax`
    count them.  More than ``max_nodes`` nodes (None: no limit) raises
    :class:`~mmlib.errors.NodeBudgetExceeded` with the partial counts.

    >>> from mmlib import search, trees
    >>> tree = trees.ordered(4, 6, "random", seed=3)
    >>> fast, slow = count(tree), search.alphabeta(tree).stats
    >>> (fast.nodes, fast.leaves, fast.cutoffs) == (slow.nodes, slow.leaves, slow.cutoffs)
    True
    """
    return count_many(tree.branching if isinstance(tree, (UniformTree, OrderedTree)) else tree,
                      getattr(tree, "depth", 0), _ordering_of(tree), [getattr(tree, "seed", 0)],
                      algorithm, max_nodes=max_nodes, workers=1)[0]


def count_many(branching: Any, depth: int, ordering: str | float = "uniform",
               seeds: Iterable[int] = range(100),
               algorithm: str = "alphabeta", *, max_nodes: int | None = None,
               workers: int | None = None) -> list[Counts]:
    """:func:`count` on one tree per seed: ``trees.uniform(branching, depth, seed)`` when
    ``ordering`` is "uniform", else ``trees.ordered(branching, depth, ordering, seed)``.
    The trees are shared out among ``workers`` threads (default: the usable cores).  The
    first tree (in the order of ``seeds``) to exceed ``max_nodes`` raises
    :class:`~mmlib.errors.NodeBudgetExceeded` with its partial counts.

    >>> [c.leaves for c in count_many(2, 4, "best", seeds=[0, 1])]
    [7, 7]
    """
    outcomes = outcomes_many(branching, depth, ordering, seeds, algorithm, max_nodes=max_nodes,
                             workers=workers)
    for outcome in outcomes:
        if isinstance(outcome, NodeBudgetExceeded):
            raise outcome
    return outcomes  # type: ignore[return-value]


def outcomes_many(branching: Any, depth: int, ordering: str | float, seeds: Iterable[int], algorithm: str, *,
                  max_nodes: int | None, workers: int | None = None) -> list[Counts | NodeBudgetExceeded]:
    """Like :func:`count_many`, but a tree over the budget gives its error in its place
    instead of raising (so that a caller can report errors in its own order)."""
    from .trees import ordered, uniform
    if not isinstance(branching, int) or isinstance(branching, bool):
        raise ArgumentTypeError(f"tree: expected trees.uniform(...) or trees.ordered(...), got "
                                f"{type(branching).__name__}")
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise ArgumentTypeError(f"seeds: expected some whole numbers (range(100), a list), "
                                f"got {printable(seeds)}")
    seeds = list(seeds)
    seeds = [_validate.whole("seeds", seed, what="whole numbers") for seed in seeds]
    first = seeds[0] if seeds else 0
    tree = (uniform(branching, depth, first) if ordering == "uniform"
            else ordered(branching, depth, ordering, first))
    kind, first_best, prune, limit = _check(tree, algorithm, max_nodes)
    workers = _validate.whole("workers", workers, minimum=1, allow_none=True)
    if workers is None:
        workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = min(workers, max(1, len(seeds)))            # one tree per thread at most
    if _COMPILED is None or workers <= 1 or len(seeds) < 2:
        return _counted(tree, kind, first_best, prune, limit, seeds)
    warm()                                                # compiled in one thread, before the threads
    chunks = [seeds[k::workers] for k in range(workers)]
    with ThreadPoolExecutor(workers) as pool:
        parts = list(pool.map(lambda chunk: _counted(tree, kind, first_best, prune, limit, chunk),
                              chunks))
    results: list[Counts | NodeBudgetExceeded] = [None] * len(seeds)  # type: ignore[list-item]
    for k, part in enumerate(parts):
        results[k::workers] = part
    return results


def _ordering_of(tree: AnyTree) -> Any:
    return tree.ordering if isinstance(tree, OrderedTree) else "uniform"


def _counted(tree: Any, kind: int, first_best: float, prune: bool, limit: int,
             seeds: Sequence[int]) -> list[Counts | NodeBudgetExceeded]:
    """Search one tree per seed (the tree's shape and ordering, the seed's values)."""
    if _COMPILED is None:  # pragma: no cover - the teaching search, counts only
        return [_slow(tree, prune, limit, seed) for seed in seeds]
    out = np.zeros((len(seeds), 4), dtype=np.int64)
    masked = np.array([seed & MASK for seed in seeds], dtype=np.uint64)
    values = _COMPILED(kind, tree.branching, tree.depth, masked, first_best, prune, limit, out)
    results: list[Counts | NodeBudgetExceeded] = []
    for (nodes, leaves, cutoffs, finished), value in zip(out.tolist(), values.tolist(), strict=True):
        if finished:
            results.append(Counts(nodes, leaves, cutoffs, value))
        else:
            results.append(NodeBudgetExceeded(limit, Stats(nodes=nodes, leaves=leaves, cutoffs=cutoffs,
                                                           leaf_order=None)))
    return results


def _slow(tree: Any, prune: bool, limit: int,
          seed: int) -> Counts | NodeBudgetExceeded:  # pragma: no cover
    from . import search, trees
    same = (trees.uniform(tree.branching, tree.depth, seed) if isinstance(tree, UniformTree)
            else trees.ordered(tree.branching, tree.depth, tree.ordering, seed))
    run = search.alphabeta if prune else search.minimax
    try:
        result = run(same, max_nodes=None if limit == _NO_LIMIT else limit, max_seconds=None,
                     leaf_order=False)
    except NodeBudgetExceeded as error:
        return error
    return Counts(result.stats.nodes, result.stats.leaves, result.stats.cutoffs, result.known_value)
