"""Measuring the searches against the Knuth-Moore minimal tree.

>>> ratios = leaf_ratios(3, 4, "best", seeds=range(2))
>>> {name: round(ratio, 3) for name, ratio in ratios.items()}
{'alpha-beta': 1.0, 'aspiration': 1.0, 'PVS': 1.0, 'MTD(f)': 1.0, 'SSS*': 1.0}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from .. import search, trees
from .chance import expectiminimax
from .layered import layered_uniform
from .nullwindow import aspiration, mtdf, pvs, sss_star

__all__ = ["ALGORITHMS", "minimal_leaves", "leaf_ratios", "chance_leaves"]


def minimal_leaves(branching: int, depth: int) -> int:
    """Knuth & Moore (1975): b^ceil(d/2) + b^floor(d/2) - 1 leaves."""
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


ALGORITHMS: dict[str, Callable[[Any, float], Any]] = {
    "alpha-beta": lambda tree, guess: search.alphabeta(tree),
    "aspiration": lambda tree, guess: aspiration(tree, guess=guess, delta=0.1),
    "PVS": lambda tree, guess: pvs(tree),
    "MTD(f)": lambda tree, guess: mtdf(tree, guess=guess),
    "SSS*": lambda tree, guess: sss_star(tree),
}
"""The searches compared.  Aspiration windows (guess ± 0.1) and MTD(f) start from the
guess that iterative deepening would give them: the value of a search one ply
shallower, whose static evaluation is the true value plus noise of up to ± 0.1."""


def leaf_ratios(branching: int, depth: int, ordering: Any, *, seeds: Iterable[int] = range(5),
                algorithms: dict[str, Callable] | None = None) -> dict[str, float]:
    """Mean leaves evaluated / minimal-tree leaves, per algorithm, over
    ``trees.ordered(branching, depth, ordering, seed, noise=0.1)`` trees (one per seed).
    The guess-based searches get the value of a search to depth - 1 (not counted).
    Every algorithm must agree on the value."""
    algorithms = ALGORITHMS if algorithms is None else algorithms
    totals = dict.fromkeys(algorithms, 0)
    seeds = list(seeds)
    for seed in seeds:
        tree = trees.ordered(branching, depth, ordering, seed=seed, noise=0.1)
        guess = search.alphabeta(tree, depth - 1).value if depth > 1 else 0.5
        values = set()
        for name, algorithm in algorithms.items():
            result = algorithm(tree, guess)
            values.add(result.value)
            totals[name] += result.stats.leaves
        if len(values) != 1:
            raise AssertionError(f"the searches disagree on seed {seed}: {values}")
    minimal = minimal_leaves(branching, depth)
    return {name: total / len(seeds) / minimal for name, total in totals.items()}


def chance_leaves(branching: int, depth: int, *, layers: str = "max chance min chance",
                  seeds: Iterable[int] = range(5)) -> dict[str, float]:
    """Mean leaves of expectiminimax, Star1, Star2, and both with a table, on generated
    chance trees (leaf values in (0, 1))."""
    names = {"expectiminimax": (None, False), "Star1": ("star1", False), "Star2": ("star2", False),
             "Star1 + table": ("star1", True), "Star2 + table": ("star2", True)}
    totals = dict.fromkeys(names, 0)
    seeds = list(seeds)
    for seed in seeds:
        tree = layered_uniform(branching, depth, layers=layers, seed=seed)
        values = set()
        for name, (pruning, table) in names.items():
            result = expectiminimax(tree, pruning=pruning, table=table)
            totals[name] += result.stats.leaves
            values.add(round(result.value, 9))
        if len(values) != 1:
            raise AssertionError(f"the searches disagree on seed {seed}: {values}")
    return {name: total / len(seeds) for name, total in totals.items()}
