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

import numbers
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import search, trees
from .errors import ArgumentError, ArgumentTypeError

__all__ = [
    "knuth_moore_leaves",
    "knuth_moore_nodes",
    "minimal_tree_paths",
    "pearl_branching",
    "effective_branching_factor",
    "aima_branching_factor",
    "sweep",
    "measure",
    "census",
    "reachable_positions",
    "ALGORITHMS",
]


def _whole(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected a whole number, got {value!r}")
    if value < minimum:
        raise ArgumentError(f"{name}: must be at least {minimum}, got {value}")
    return int(value)


def knuth_moore_leaves(branching: int, depth: int) -> int:
    """Leaves of the minimal tree: b^ceil(d/2) + b^floor(d/2) - 1.

    >>> [knuth_moore_leaves(2, d) for d in range(1, 6)]
    [2, 3, 5, 7, 11]
    """
    b, d = _whole("branching", branching, 1), _whole("depth", depth, 0)
    return b ** ((d + 1) // 2) + b ** (d // 2) - 1


def knuth_moore_nodes(branching: int, depth: int) -> int:
    """All nodes of the minimal tree, root included: the leaf formula summed over levels 0..d.

    >>> knuth_moore_nodes(3, 2)   # root, its 3 children, 3 + 3 - 1 = 5 grandchildren
    9
    """
    b, d = _whole("branching", branching, 1), _whole("depth", depth, 0)
    return sum(knuth_moore_leaves(b, level) for level in range(d + 1))


def minimal_tree_paths(branching: int, depth: int) -> Iterator[tuple[int, ...]]:
    """The paths of the Knuth-Moore minimal tree, in depth-first order.

    Type 1 nodes (the principal line) keep all children: the first is type 1, the
    others type 2.  A type 2 node keeps only its first child, of type 3; a type 3
    node keeps all its children, each of type 2.

    >>> list(minimal_tree_paths(2, 2))
    [(), (0,), (0, 0), (0, 1), (1,), (1, 0)]
    """
    b, d = _whole("branching", branching, 1), _whole("depth", depth, 0)
    stack: list[tuple[tuple[int, ...], int]] = [((), 1)]
    while stack:
        path, kind = stack.pop()
        yield path
        if len(path) == d:
            continue
        if kind == 1:
            kids = [(path + (0,), 1)] + [(path + (i,), 2) for i in range(1, b)]
        elif kind == 2:
            kids = [(path + (0,), 3)]
        else:
            kids = [(path + (i,), 2) for i in range(b)]
        stack.extend(reversed(kids))


def pearl_branching(branching: int) -> float:
    """Pearl's asymptotic branching factor R_b of alpha-beta with random ordering.

    >>> round(pearl_branching(1), 6)
    1.0
    """
    b = _whole("branching", branching, 1)
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
    d = _whole("depth", depth, 1)
    if isinstance(leaves, bool) or not isinstance(leaves, numbers.Real) or leaves < 1:
        raise ArgumentError(f"leaves: expected a number >= 1, got {leaves!r}")
    return leaves ** (1.0 / d)


def aima_branching_factor(nodes: float, depth: int) -> float:
    """Russell & Norvig's effective branching factor: the b* with
    1 + b* + b*^2 + ... + b*^d = nodes (nodes counted with the root).

    >>> round(aima_branching_factor(1 + 2 + 4 + 8, 3), 9)
    2.0
    """
    d = _whole("depth", depth, 1)
    if isinstance(nodes, bool) or not isinstance(nodes, numbers.Real) or nodes < d + 1:
        raise ArgumentError(f"nodes: expected at least depth + 1 = {d + 1}, got {nodes!r}")

    def total(x: float) -> float:
        return sum(x ** k for k in range(d + 1))

    lo, hi = 0.0, max(1.0, float(nodes))
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if total(mid) < nodes else (lo, mid)
    return (lo + hi) / 2


ALGORITHMS: dict[str, Callable[..., search.SearchResult]] = {
    "minimax": lambda tree, **kw: search.minimax(tree, **kw),
    "alphabeta": lambda tree, **kw: search.alphabeta(tree, **kw),
    "alphabeta-fail-hard": lambda tree, **kw: search.alphabeta(tree, variant="fail-hard", **kw),
    "alphabeta-strict": lambda tree, **kw: search.alphabeta(tree, cutoff=">", **kw),
    "negamax": lambda tree, **kw: search.negamax(tree, **kw),
}
"""Algorithms a sweep can run, by name."""


def _tree_for(branching: int, depth: int, ordering: Any, seed: int):
    if ordering == "uniform":
        return trees.uniform(branching, depth, seed)
    return trees.ordered(branching, depth, ordering, seed)


def sweep(branchings: Iterable[int], depths: Iterable[int], orderings: Iterable[Any] = ("best",),
          algorithms: Iterable[str] = ("alphabeta",), seeds: Iterable[int] = (0,), *,
          max_nodes: int | None = 5_000_000,
          progress: bool | Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Search every combination and return one tidy row per search.

    ``orderings``: names for :func:`mmlib.trees.ordered` ("best", "worst", "random", or a
    probability q) or ``"uniform"`` for Pearl's i.i.d. model (:func:`mmlib.trees.uniform`).
    ``algorithms``: names in :data:`ALGORITHMS`.  ``max_nodes`` bounds each search.
    ``progress``: True prints a progress line to stderr; a function gets (done, total).

    >>> rows = sweep([2], [1, 2], ["best"], ["minimax", "alphabeta"])
    >>> [(r["depth"], r["algorithm"], r["leaves"]) for r in rows]
    [(1, 'minimax', 2), (1, 'alphabeta', 2), (2, 'minimax', 4), (2, 'alphabeta', 3)]
    """
    plan = [(b, d, o, a, s) for b in branchings for d in depths for o in orderings
            for s in seeds for a in algorithms]
    for name in {a for *_, a, _ in plan}:
        if name not in ALGORITHMS:
            raise ArgumentError(f"algorithms: unknown {name!r}; choose from {', '.join(ALGORITHMS)}")
    report = _progress_reporter(progress)
    rows = []
    for done, (b, d, ordering, algorithm, seed) in enumerate(plan, start=1):
        rows.append(measure(b, d, ordering, algorithm, seed, max_nodes=max_nodes))
        report(done, len(plan))
    return rows


def measure(branching: int, depth: int, ordering: Any, algorithm: str, seed: int, *,
            max_nodes: int | None = None) -> dict[str, Any]:
    """One search on a generated tree, as one tidy row (see :func:`sweep`).

    >>> measure(3, 4, "best", "alphabeta", 0)["leaves"]      # Knuth-Moore: 3^2 + 3^2 - 1
    17
    """
    result = ALGORITHMS[algorithm](_tree_for(branching, depth, ordering, seed), max_nodes=max_nodes,
                                   leaf_order=False)
    return {
        "branching": branching, "depth": depth, "ordering": ordering, "algorithm": algorithm,
        "seed": seed, "nodes": result.stats.nodes, "leaves": result.stats.leaves,
        "cutoffs": result.stats.cutoffs, "value": result.value,
    }


def _progress_reporter(progress: bool | Callable[[int, int], None] | None) -> Callable[[int, int], None]:
    if progress is None or progress is False:
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
        return progress
    raise ArgumentTypeError(f"progress: expected True, False, None or a function, got {progress!r}")


def census(game: Any, *, state: Any = None) -> dict[str, int]:
    """Count the full game tree below ``state`` (default: the game's start).

    Returns ``nodes`` (every node of the tree, the start included), ``games`` (terminal
    nodes, i.e. complete games), ``max_wins`` / ``min_wins`` / ``draws`` (games by the
    sign of their utility) and ``positions`` (distinct positions, by ``game.key``).

    >>> from mmlib import games
    >>> census(games.TicTacToe("XOX OXO ..."))   # X wins at once with 6 or 8, or later after 7
    {'nodes': 8, 'games': 4, 'max_wins': 4, 'min_wins': 0, 'draws': 0, 'positions': 8}
    """
    start = game.initial if state is None else state
    counts = {"nodes": 0, "games": 0, "max_wins": 0, "min_wins": 0, "draws": 0}
    stack = [start]
    while stack:
        node = stack.pop()
        counts["nodes"] += 1
        if game.is_terminal(node):
            counts["games"] += 1
            score = game.utility(node)
            counts["max_wins" if score > 0 else "min_wins" if score < 0 else "draws"] += 1
        else:
            stack.extend(game.play(node, move) for move in game.moves(node))
    counts["positions"] = len(reachable_positions(game, state=start))
    return counts


def reachable_positions(game: Any, *, state: Any = None) -> list[Any]:
    """Every distinct position (by ``game.key``) reachable from ``state`` (default: the start),
    the start and finished games included, in the order they are first reached.

    >>> from mmlib import games
    >>> len(reachable_positions(games.TicTacToe()))
    5478
    """
    start = game.initial if state is None else state
    seen = {game.key(start): start}
    frontier = [start]
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
    return list(seen.values())
