"""The yardstick: the searches measured against the Knuth-Moore minimal tree.

With the best move first everywhere, every search compared evaluates the minimal tree:

>>> ratios = leaf_ratios(3, 4, "best", seeds=range(2))
>>> ratios["alpha-beta"], ratios["SSS*"], {round(ratio, 3) for ratio in ratios.values()}
(1.0, 1.0, {1.0})
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .. import _validate, trees
from ..errors import ArgumentError, ArgumentTypeError, printable
from ..ordering import Ordering
from ..trees import layered_uniform
from .alphabeta import alphabeta
from .chance import expectiminimax
from .engine import GameLike, as_game
from .registry import FAMILIES, Family

if TYPE_CHECKING:
    from ..games.base import AnyGame, State

__all__ = ["ALGORITHMS", "minimal_leaves", "leaf_ratios", "chance_leaves", "BestFirst",
           "minimal_tree_leaves", "proof_leaves"]


MAX_SEEDS = 100_000
"""The most seeds (trees) one measurement averages over."""


def minimal_leaves(branching: int, depth: int) -> int:
    """Knuth & Moore (1975): b^ceil(d/2) + b^floor(d/2) - 1 leaves.

    With the best move searched first at every node, alpha-beta on a uniform tree of branching
    b and depth d evaluates exactly these leaves (``analysis.knuth_moore_leaves`` is this function).

    >>> minimal_leaves(3, 5), minimal_leaves(4, 8)
    (35, 511)
    """
    depth = _validate.whole("depth", depth, minimum=0)
    return trees.uniform_leaf_count(branching, (depth + 1) // 2) + \
        trees.uniform_leaf_count(branching, depth // 2) - 1


def _compared(about: Family) -> Callable[[Any, float], Any]:
    """``about``'s search of a tree from a first guess (which only the families that take one read)."""
    return lambda tree, guess: about.search(tree, guess=guess, delta=0.1)


ALGORITHMS: dict[str, Callable[[Any, float], Any]] = {
    about.display: _compared(about) for about in FAMILIES
    if (about.windows or about.passes) and not about.chance}
"""The searches compared, by display name: every family of the registry that prunes a tree
without chance nodes by windows or passes (flagged ``windows`` or ``passes``, not ``chance``).  Aspiration
windows (guess ± 0.1) and MTD(f) start from the guess that iterative deepening would give
them: the value of a search one ply shallower, whose static evaluation is the true value
plus noise of up to ± 0.1."""


def leaf_ratios(branching: int, depth: int, ordering: str | float, *, seeds: Iterable[int] = range(5),
                algorithms: dict[str, Callable[[Any, float], Any]] | None = None) -> dict[str, float]:
    """Mean leaves evaluated / minimal-tree leaves, per algorithm, over
    ``trees.ordered(branching, depth, ordering, seed, noise=0.1)`` trees (one per seed).
    The guess-based searches get the value of a search to depth - 1 (not counted).
    Every algorithm must agree on the value."""
    depth = _validate.whole("depth", depth, minimum=0)
    if algorithms is not None and not isinstance(algorithms, dict):
        raise ArgumentTypeError(f"algorithms: expected a dict of name: search(tree, guess), or None, "
                                f"got {printable(algorithms)}")
    algorithms = ALGORITHMS if algorithms is None else algorithms
    for name, algorithm in algorithms.items():
        _validate.function(f"algorithms[{name!r}]", algorithm, "a function search(tree, guess)")
    totals = dict.fromkeys(algorithms, 0)
    seeds = _seeds(seeds)
    for seed in seeds:
        tree = trees.ordered(branching, depth, ordering, seed=seed, noise=0.1)
        guess = alphabeta(tree, depth=depth - 1).known_value if depth > 1 else 0.5
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
    seeds = _seeds(seeds)
    for seed in seeds:
        tree = layered_uniform(branching, depth, layers=layers, seed=seed)
        values = set()
        for name, (pruning, table) in names.items():
            result = expectiminimax(tree, pruning=pruning, table=table)
            totals[name] += result.stats.leaves
            values.add(round(result.known_value, 9))
        if len(values) != 1:
            raise AssertionError(f"the searches disagree on seed {seed}: {values}")
    return {name: total / len(seeds) for name, total in totals.items()}


def _seeds(seeds: Any) -> list[int]:
    """The seeds, checked: some whole numbers."""
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise ArgumentTypeError(f"seeds: expected some whole numbers (range(5), a list), "
                                f"got {printable(seeds)}")
    checked = [_validate.whole("seeds", seed) for seed in itertools.islice(seeds, MAX_SEEDS + 1)]
    if not checked:
        raise ArgumentError("seeds: expected at least one seed, got none")
    if len(checked) > MAX_SEEDS:
        raise ArgumentError(f"seeds: expected at most {MAX_SEEDS:,} seeds, got more")
    return checked


class BestFirst(Ordering):
    """The perfect move order: children sorted by their exact minimax value (to the search's
    depth limit), best first for the player to move.  Values are computed once per position
    and remembered, so the oracle costs one minimax search of the tree; that work is not
    counted in the search it orders.
    """

    name = "best-first"

    def __init__(self, depth: float):
        self.depth = depth
        self.known: dict[tuple[Any, float], float] = {}

    def order(self, search_: Any, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        game = search_.game
        remaining = self.depth - len(path) - 1
        scored = [(self.value(search_, game.play(state, move), remaining), i, move)
                  for i, move in enumerate(moves)]
        scored.sort(key=lambda item: (-item[0] if game.is_max(state) else item[0], item[1]))
        return [move for _, _, move in scored]

    def value(self, search_: Any, state: State, depth: float) -> float:
        game, key = search_.game, (search_.game.key(state), depth)
        if key not in self.known:
            if depth == 0 or game.is_terminal(state):
                value = game.utility(state) if game.is_terminal(state) else search_.static_value(state)
            else:
                values = [self.value(search_, game.play(state, m), depth - 1) for m in game.moves(state)]
                value = max(values) if game.is_max(state) else min(values)
            self.known[key] = value
        return self.known[key]


def minimal_tree_leaves(game: GameLike, *, depth: int | None = None, state: State = None) -> int:
    """Leaves of alpha-beta with the best move first at every node: the minimal tree of this
    game or tree to ``depth`` (Knuth & Moore's b^ceil(d/2) + b^floor(d/2) - 1 on uniform trees).

    >>> minimal_tree_leaves(trees.uniform(3, 5, seed=8)) == minimal_leaves(3, 5)
    True
    """
    horizon = math.inf if depth is None else depth
    return alphabeta(game, depth=depth, order=BestFirst(horizon), state=state).stats.leaves


def proof_leaves(game: GameLike, *, depth: int | None = None, state: State = None) -> tuple[float, int, int]:
    """(v, L, U): the minimax value v, the fewest leaves of a proof that the value is at least v
    (L: one good MAX move, every MIN reply) and of a proof that it is at most v (U: every MAX
    move, one good MIN reply), leaves counted along every path.

    Every search that returns the value must evaluate the leaves of one proof of each kind,
    so at least max(L, U) leaves; with distinct leaf values the two proofs share exactly one
    leaf and the minimal tree has L + U - 1 leaves (Knuth & Moore 1975).

    >>> v, low, high = proof_leaves(trees.uniform(3, 4, seed=1))
    >>> low, high, low + high - 1 == minimal_leaves(3, 4)
    (9, 9, True)
    """
    game = as_game(game)
    depth = _validate.whole("depth", depth, minimum=0, allow_none=True)
    start = game.initial if state is None else state
    try:
        hash(game.key(start))
    except TypeError:                             # a list or a dict: not a position of this game
        raise ArgumentTypeError(f"state: expected a position of this game (one with a hashable key), "
                                f"got {printable(start)}") from None
    horizon = math.inf if depth is None else depth
    oracle = BestFirst(horizon)
    context = _Context(game)
    value = oracle.value(context, start, horizon)
    memo: dict[tuple[Any, float, bool], int] = {}

    def proof(state: State, depth: float, at_least: bool) -> int:
        key = (game.key(state), depth, at_least)
        if key not in memo:
            if depth == 0 or game.is_terminal(state):
                memo[key] = 1
            else:
                children = [game.play(state, m) for m in game.moves(state)]
                settles = [c for c in children
                           if (oracle.value(context, c, depth - 1) >= value) == at_least
                           or oracle.value(context, c, depth - 1) == value]
                if game.is_max(state) == at_least:       # one child is enough
                    memo[key] = min(proof(c, depth - 1, at_least) for c in settles)
                else:                                    # every child is needed
                    memo[key] = sum(proof(c, depth - 1, at_least) for c in children)
        return memo[key]

    return value, proof(start, horizon, True), proof(start, horizon, False)


class _Context:
    """What :class:`BestFirst` needs to know of a search: the game and its static evaluation."""

    def __init__(self, game: AnyGame):
        self.game = game
        self.static_value = game.evaluate
