"""What engine authors measure about move ordering, on any game and position.

For one ordering policy and a range of depths, :func:`ordering_rows` runs alpha-beta (or, for a
policy that learns from the previous iteration, iterative deepening) and reports per depth:

- ``nodes`` and ``leaves``, counted as everywhere in mmlib (calls of the search, root included;
  static evaluations);
- the effective branching factor as the ratio of successive depths, ``ebf = nodes(d) / nodes(d-1)``,
  and over two plies ``ebf2 = sqrt(nodes(d) / nodes(d-2))``, which smooths alpha-beta's odd-even
  swing; compared with the position's own ``b`` and with ``sqrt_b``;
- ``first_share``: of the cutoffs, the share made by the first move tried (engine authors aim
  above 90%);
- ``over_minimal``: leaves divided by the Knuth-Moore minimal tree ``b^ceil(d/2) + b^floor(d/2) - 1``
  for the position's own ``b``.

The position's own ``b`` is the geometric mean of the number of legal moves over its first two
plies, ``sqrt(perft(2))``: a uniform tree with this ``b`` has as many positions two plies deep.

>>> from mmlib import trees
>>> row, = ordering_rows(trees.ordered(4, 3, "best"), "natural", [3])   # the minimal tree: 1 + 4 + 7 + 19
>>> row["nodes"], row["leaves"], row["b"], row["over_minimal"]
(31, 19, 4.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from . import _validate, search
from .errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    ArgumentTypeError,
    SearchTooLarge,
    printable,
)
from .ordering import Ordering, as_ordering, learns_from_previous

if TYPE_CHECKING:
    from .games.base import Move, State
    from .ordering import Searcher
    from .search.engine import GameLike

__all__ = ["FirstMoveCutoffs", "own_branching", "minimal_leaves", "minimal_nodes", "ordering_rows",
           "rows_from_counts"]

Policy = str | Ordering | Callable[[], Ordering] | None
"""An ordering: a name, a fresh policy, or a function that makes a fresh policy for every search."""


class FirstMoveCutoffs(Ordering):
    """Orders as ``base`` does and counts the cutoffs, and those made by the first move tried.

    >>> from mmlib import trees
    >>> watch = FirstMoveCutoffs()
    >>> _ = search.alphabeta(trees.ordered(3, 4, "best"), order=watch)
    >>> watch.cutoffs, watch.first, watch.share    # one at each CUT node: 2 + 2 + (2 + 6)
    (12, 12, 1.0)
    """

    name = "watched"
    learns = True

    def __init__(self, base: Ordering | None = None):
        if base is not None and not isinstance(base, Ordering):
            raise ArgumentTypeError(f"base: expected an Ordering, got {printable(base)}")
        self.base: Ordering = base or Ordering()
        self.tried_first: dict[int, Any] = {}
        self.cutoffs = 0
        self.first = 0

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        ordered = self.base.order(search, state, moves, path)
        if ordered:
            self.tried_first[len(path)] = ordered[0]      # depth first: the node at this ply now
        return ordered

    def cutoff(self, path: tuple[Any, ...], move: Move) -> None:
        self.cutoffs += 1
        self.first += move == self.tried_first.get(len(path))
        self.base.cutoff(path, move)

    def finished(self, search: Searcher, state: State, path: tuple[Any, ...], value: float,
                 best: Move) -> None:
        self.base.finished(search, state, path, value, best)

    @property
    def share(self) -> float | None:
        """The first move's share of the cutoffs (None before any cutoff)."""
        return self.first / self.cutoffs if self.cutoffs else None

    def __repr__(self) -> str:
        return f"FirstMoveCutoffs(base={self.base!r})"


def own_branching(game: GameLike, state: State = None) -> float:
    """The position's own b: ``sqrt(perft(2))``, the geometric mean of legal moves over two plies.

    >>> from mmlib import games
    >>> own_branching(games.TicTacToe())          # 9 moves, then 8 replies each
    8.48528137423857
    """
    game = search.as_game(game)
    start = game.initial if state is None else state
    first = len(list(game.moves(start))) if not game.is_terminal(start) else 0
    if first == 0:
        raise ArgumentError("state: the position has no legal move (the game is over): there is "
                            "nothing to order")
    nodes = search.minimax_nodes(game, state=start, depth=2)
    return math.sqrt(nodes - 1 - first)


def minimal_leaves(branching: float, depth: int) -> float:
    """The Knuth-Moore minimal tree's leaves, ``b^ceil(d/2) + b^floor(d/2) - 1``, for any real b >= 1.

    >>> minimal_leaves(4, 8), minimal_leaves(2.5, 2)
    (511.0, 4.0)
    """
    b = float(branching)
    return b ** ((depth + 1) // 2) + b ** (depth // 2) - 1


def minimal_nodes(branching: float, depth: int) -> float:
    """All nodes of the minimal tree to ``depth``, root included: :func:`minimal_leaves` summed
    over the levels 0..d.

    >>> minimal_nodes(3, 2)          # the root, its 3 children, 3 + 3 - 1 grandchildren
    9.0
    """
    return sum(minimal_leaves(branching, level) for level in range(depth + 1))


def _policy(order: Policy) -> Ordering:
    made = order() if callable(order) and not isinstance(order, Ordering) else order
    return as_ordering(made)


def ordering_rows(game: GameLike, order: Policy, depths: Iterable[int], *, state: State = None,
                  name: str | None = None, max_nodes: int | None = DEFAULT_MAX_NODES,
                  max_seconds: float | None = DEFAULT_MAX_SECONDS) -> list[dict[str, Any]]:
    """One row per depth (in increasing order) of alpha-beta with the ordering ``order``, from
    ``state`` (default: the start); the measures are described in the module's help.

    ``order`` is a name, or a function that makes a fresh policy (each depth is searched with a
    fresh one, so nothing learnt at one depth helps the next), or a policy (then one policy serves
    every depth, and what it learns carries over).  A policy that learns
    from the previous iteration is run as iterative deepening to the largest depth instead, and
    a depth's ``nodes`` and ``leaves`` are then those of all its iterations together: what the
    deepening costs.  ``max_nodes`` and ``max_seconds`` bound each search; a depth whose minimal
    tree alone exceeds ``max_nodes`` is refused before anything runs.
    """
    game = search.as_game(game)
    wanted = sorted({_validate.whole("depths", depth, minimum=1) for depth in _listed(depths)})
    if not wanted:
        raise ArgumentError("depths: expected at least one depth")
    b = own_branching(game, state)
    deepest = wanted[-1]
    if max_nodes is not None and minimal_leaves(b, deepest) > max_nodes:
        raise SearchTooLarge(
            f"depth: even the minimal tree of depth {deepest} has about {minimal_leaves(b, deepest):,.0f} "
            f"leaves for this position's b = {b:.1f}, more than max_nodes={max_nodes:,}; use a smaller depth")
    label = name or _name(_policy(order))
    counts: Counts = {}
    if learns_from_previous(_policy(order)):
        watch = FirstMoveCutoffs(_policy(order))
        totals = [0, 0]

        def iteration(depth: int, result: search.SearchResult) -> None:
            totals[0] += result.stats.nodes
            totals[1] += result.stats.leaves
            counts[depth] = (totals[0], totals[1], watch.cutoffs, watch.first, result.value, result.move)
            watch.cutoffs = watch.first = 0

        search.iterative_deepening(game, deepest, order=watch, state=state, max_nodes=max_nodes,
                                   max_seconds=max_seconds, progress=iteration)
    else:
        for depth in range(1, deepest + 1):
            watch = FirstMoveCutoffs(_policy(order))
            result = search.alphabeta(game, depth=depth, order=watch, state=state, max_nodes=max_nodes,
                                      max_seconds=max_seconds, leaf_order=False)
            counts[depth] = (result.stats.nodes, result.stats.leaves, watch.cutoffs, watch.first,
                             result.value, result.move)
    return rows_from_counts(counts, wanted, b, label)


Counts = dict[int, tuple[int, int, int, int, Any, Any]]
"""depth -> (nodes, leaves, cutoffs, cutoffs by the first move, value, best move)."""


def rows_from_counts(counts: Counts, depths: Sequence[int], b: float, label: str) -> list[dict[str, Any]]:
    """The rows of :func:`ordering_rows` from the raw counts of each depth (measured now, or stored)."""
    rows = []
    for depth in depths:
        if depth not in counts:          # the game ended sooner: deeper searches find the same
            break
        nodes, leaves, cutoffs, first, value, move = counts[depth]
        before = counts.get(depth - 1, (1,))[0]
        two_before = counts.get(depth - 2, (1,))[0]
        minimal = minimal_leaves(b, depth)
        rows.append({"ordering": label, "depth": depth, "nodes": nodes, "leaves": leaves,
                     "cutoffs": cutoffs, "first_share": first / cutoffs if cutoffs else None,
                     "ebf": nodes / before, "ebf2": math.sqrt(nodes / two_before) if depth >= 2 else None,
                     "b": b, "sqrt_b": math.sqrt(b), "minimal_leaves": minimal,
                     "over_minimal": leaves / minimal, "value": value, "move": move})
    return rows


def _listed(depths: Iterable[int]) -> list[Any]:
    if isinstance(depths, (str, bytes)) or not isinstance(depths, Iterable):
        raise ArgumentTypeError(f"depths: expected a sequence of depths, got {printable(depths)}")
    return list(depths)


def _name(policy: Ordering) -> str:
    return str(getattr(policy, "name", type(policy).__name__))
