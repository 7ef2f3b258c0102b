"""The trees a search check runs on: the lecture's worked examples, then generated trees.

A case is a nested list with integer leaves and the depth to search it to.  Interior
nodes get a static value (the floor of the mean of their children's), so that depth-limited
searches have something to evaluate when they stop above the leaves.

>>> cases = check_cases(10)
>>> len(cases), cases[0].nested, cases[0].name
(13, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], 'AIMA figure 5.2')
>>> tree = cases[0].tree()
>>> tree.root.value, cases[0].search_depth(tree)
(6, 2)
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import trees
from ..errors import ArgumentError, ArgumentTypeError, printable
from ..isolation._args import integer
from ..mixing import MASK, splitmix64

__all__ = ["SEED_TREES", "Case", "check_cases", "random_nested", "build", "with_statics",
           "static_value", "subtree", "has_tie", "SEED_VARIABLE", "grading_seed", "hidden_cases"]

SEED_TREES: dict[str, list[Any]] = {
    "AIMA figure 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "the A-G tree of the slides": [[[3, 5], [6, 9]], [[1, 2], [0, -1]]],
    "t1.in": [[7, 5], [9, 3, 1]],
}
"""The worked examples of the lecture material, checked first."""


class _Draws:
    """A stream of integers determined by a seed (splitmix64, no ``random`` module)."""

    def __init__(self, seed: int):
        self.state = splitmix64(seed & MASK)

    def below(self, n: int) -> int:
        self.state = splitmix64(self.state)
        return self.state % n

    def between(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)


MAX_RANDOM_LEAVES = 10 ** 6
"""The most leaves :func:`random_nested` may give a tree (max_branching ** max_depth)."""


def random_nested(seed: int, *, max_branching: int = 3, max_depth: int = 3, low: int = -9,
                  high: int = 9, stop: float = 0.2) -> list[Any]:
    """A random tree as nested lists with integer leaves, deterministic per ``seed``.

    Every interior node has 1..``max_branching`` children (the root at least 2); below
    the root a node becomes a leaf early with probability ``stop`` (mixed depths).

    >>> random_nested(3) == random_nested(3)
    True
    >>> tree = trees.from_nested(random_nested(3, max_depth=2))
    >>> tree.height <= 2 and len(tree.root.children) >= 2
    True
    """
    seed = integer("seed", seed)                      # numpy's integers become plain ints
    max_branching = integer("max_branching", max_branching, minimum=1)
    max_depth = integer("max_depth", max_depth, minimum=1)
    if max_branching > 1000 or max_depth > 60 or max_branching ** max_depth > MAX_RANDOM_LEAVES:
        raise ArgumentError(f"max_branching, max_depth: a tree of up to {max_branching}^{max_depth} leaves; "
                            f"at most {MAX_RANDOM_LEAVES:,} (lower max_branching or max_depth)")
    high, low = integer("high", high), integer("low", low)
    if high < low:
        raise ArgumentError(f"high: must be at least low ({low}), got {high}")
    if isinstance(stop, bool) or not isinstance(stop, (int, float)) or not 0 <= stop < 1:
        raise ArgumentError(f"stop: expected a probability in [0, 1), got {stop!r}")
    draws = _Draws(seed)
    stop_per_mille = int(stop * 1000)

    def grow(depth: int, is_root: bool) -> list[Any] | int:
        if depth == max_depth or (not is_root and draws.below(1000) < stop_per_mille):
            return draws.between(low, high)
        count = draws.between(2 if is_root else 1, max(max_branching, 2 if is_root else 1))
        return [grow(depth + 1, False) for _ in range(count)]

    return grow(0, True)  # type: ignore[return-value]


def static_value(item: list[Any] | int) -> int:
    """The static value the checker gives an interior node: the floor of its children's mean.

    >>> static_value([[3, 5], 9])
    6
    """
    if not isinstance(item, list):
        return item
    values = [static_value(child) for child in item]
    return sum(values) // len(values)


def with_statics(node: trees.Node) -> trees.Node:
    """A copy of a subtree (labels kept) where interior nodes without a static value get one."""
    kids = tuple(with_statics(child) for child in node.children)
    value = node.value
    if kids and value is None:
        values = [child.value for child in kids]
        value = sum(values) // len(values)  # type: ignore[arg-type]
    return trees.Node(node.label, value, kids, node.is_max, node.path)


def build(nested: list[Any]) -> trees.Tree:
    """An explicit tree whose interior nodes also carry static values (for depth limits)."""
    return trees.Tree(with_statics(trees.from_nested(nested).root))


def subtree(nested: list[Any] | int, path: Sequence[int]) -> list[Any] | int:
    """The part of a nested list at ``path`` (child indices from the root)."""
    for move in path:
        nested = nested[move]  # type: ignore[index]
    return nested


def has_tie(tree: trees.Tree) -> bool:
    """True when some node has two leaf children of equal value."""
    return any(len({child.value for child in node.children if child.is_leaf()})
               < sum(1 for child in node.children if child.is_leaf()) for node in tree.nodes())


@dataclass(frozen=True)
class Case:
    """One tree to check on: ``nested`` with integer leaves, searched to ``depth``
    (None: to the bottom); ``name`` is the lecture's name for a seed tree."""

    nested: list[Any]
    depth: int | None = None
    name: str = ""

    def tree(self) -> trees.Tree:
        return build(self.nested)

    def search_depth(self, tree: trees.Tree) -> int:
        return tree.height if self.depth is None else self.depth


MAX_CASES = 5_000
"""The most generated trees :func:`check_cases` makes (more would keep a check running for minutes)."""


def check_cases(count: int = 120, seed: int = 0) -> list[Case]:
    """The trees every search check uses: the seed trees, then ``count`` generated trees
    (small and large branching, ties, negative values, mixed depths, depth limits).

    >>> [case.name for case in check_cases(0)]
    ['AIMA figure 5.2', 'the A-G tree of the slides', 't1.in']
    """
    count = integer("count", count, minimum=0)
    if count > MAX_CASES:
        raise ArgumentError(f"count: at most {MAX_CASES:,} generated trees (they take about a second a "
                            f"thousand to make and to check; the labs use 200), got {printable(count)}")
    seed = integer("seed", seed)
    cases = [Case(nested, None, name) for name, nested in SEED_TREES.items()]
    for i in range(count):
        draws = _Draws(seed * 1_000_003 + i)
        max_depth = 1 + draws.below(5)
        max_branching = 2 + draws.below(3)
        spread = (2, 5, 20)[draws.below(3)]            # small spreads give many ties
        nested = random_nested(seed * 7_919 + i, max_branching=max_branching, max_depth=max_depth,
                               low=-spread, high=spread, stop=0.25 if i % 2 else 0.0)
        height = trees.from_nested(nested).height
        limited = i % 4 == 3 and height >= 2
        cases.append(Case(nested, 1 + draws.below(height - 1) if limited else None))
    return cases


SEED_VARIABLE = "MMLIB_GRADING_SEED"
"""The environment variable that fixes the seed of the hidden tests' cases (:func:`grading_seed`)."""
_drawn: list[int] = []


def grading_seed() -> int:
    """The seed of this grading run's hidden cases: ``$MMLIB_GRADING_SEED`` when the grader (or the
    instructor, to reproduce a run) sets it, else one drawn at random once per process.  It is
    nowhere in a notebook, so no student has seen the trees it makes.

    >>> import os
    >>> os.environ[SEED_VARIABLE] = "1234"
    >>> grading_seed()
    1234
    >>> del os.environ[SEED_VARIABLE]
    >>> grading_seed() == grading_seed()
    True
    """
    given = os.environ.get(SEED_VARIABLE, "").strip()
    if given:
        try:
            return integer(SEED_VARIABLE, int(given), minimum=0)
        except ValueError:
            raise ArgumentError(f"{SEED_VARIABLE}: expected a whole number, got {given!r}") from None
    if not _drawn:
        _drawn.append(secrets.randbits(32))
    return _drawn[0]


def hidden_cases(count: int = 200, *, extra: Sequence[Any] = (), seed: int | None = None) -> list[Case]:
    """The trees of a hidden test: the instructor's own trees ``extra`` (nested lists, or
    ``(nested, depth)`` pairs), then :func:`check_cases` drawn from ``seed`` (default: this run's
    :func:`grading_seed`), trees no student has seen.

    >>> cases = hidden_cases(5, extra=[[[1, 2], [3]], ([[4, 5], [6, 7]], 1)], seed=3)
    >>> len(cases), cases[0].nested, cases[1].depth
    (10, [[1, 2], [3]], 1)
    >>> hidden_cases(5, seed=3) == hidden_cases(5, seed=3) != hidden_cases(5, seed=4)
    True
    """
    own = []
    for number, item in enumerate(extra):
        nested, depth = item if isinstance(item, tuple) else (item, None)
        if not isinstance(nested, list) or not nested:
            raise ArgumentTypeError(f"extra[{number}]: expected a tree as a non-empty nested list, "
                                    f"got {printable(nested)}")
        trees.from_nested(nested)                        # a malformed tree is refused here, by name
        own.append(Case(nested, None if depth is None else integer(f"extra[{number}] depth", depth,
                                                                   minimum=1)))
    return own + check_cases(count, seed=grading_seed() if seed is None else seed)
