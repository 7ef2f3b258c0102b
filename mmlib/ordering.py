"""Move-ordering policies: in which order a search tries the moves of a node.

Alpha-beta prunes most when the best move comes first; these policies are the
classic ways of guessing it.  A policy is an object with ``order(search, state,
moves, path)``; policies that learn also get ``cutoff`` and ``finished`` callbacks.

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[1, 2], [5, 6]])
>>> search.alphabeta(tree).stats.leaves, search.alphabeta(tree, order="reversed").stats.leaves
(4, 3)
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .errors import ArgumentError, ArgumentTypeError, printable
from .mixing import MASK, splitmix64

if TYPE_CHECKING:
    from .games.base import AnyGame, Move, State
    from .instrument import Recorder

__all__ = [
    "Ordering",
    "NaturalOrder",
    "ReversedOrder",
    "RandomOrder",
    "StaticOrder",
    "PreviousIteration",
    "KillerMoves",
    "HistoryHeuristic",
    "as_ordering",
    "learns_from_previous",
]


class Searcher(Protocol):
    """What an ordering reads of the search that asks it (:class:`mmlib.search.engine.Search` is
    one): its game, its static evaluation and its counters.  A protocol, not the engine's class,
    because the engine imports the orderings (layer 5 on layer 2)."""

    game: AnyGame
    recorder: Recorder

    def static_value(self, state: State) -> float: ...


class Ordering:
    """The game's own move order; subclasses reorder."""

    name = "natural"
    learns = False

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        return moves

    def cutoff(self, path: tuple[Any, ...], move: Move) -> None:
        """``move`` caused a cutoff at ``path`` (learning policies remember it)."""

    def finished(self, search: Searcher, state: State, path: tuple[Any, ...], value: float,
                 best: Move) -> None:
        """The node at ``path`` was searched: its value and best move."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class NaturalOrder(Ordering):
    """Moves in the order the game lists them (child order for trees)."""


class ReversedOrder(Ordering):
    """Moves in reverse order."""

    name = "reversed"

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        return list(reversed(moves))


def _move_bits(move: Move) -> int:
    if isinstance(move, int):
        return move & MASK
    h = 0
    for byte in repr(move).encode():
        h = splitmix64(h ^ byte)
    return h


class RandomOrder(Ordering):
    """A random permutation at every node, reproducible from ``seed`` and the node's path."""

    name = "random"
    seed: int

    def __init__(self, seed: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise ArgumentTypeError(f"seed: expected an integer, got {printable(seed)}")
        self.seed = int(seed)

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        h = splitmix64(self.seed & MASK)
        for move in path:
            h = splitmix64(h ^ _move_bits(move))
        shuffled = list(moves)
        for i in range(len(shuffled) - 1, 0, -1):  # Fisher-Yates, our own random bits
            h = splitmix64(h)
            j = h % (i + 1)
            shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
        return shuffled

    def __repr__(self) -> str:
        return f"RandomOrder(seed={self.seed})"


class StaticOrder(Ordering):
    """Best-looking move first by the static evaluation of the child position.

    MAX tries the highest evaluation first, MIN the lowest.  The evaluations made
    here are counted in ``stats.order_evaluations``, not as leaves.
    """

    name = "static"

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        game = search.game
        score = getattr(search, "static_score", None) or search.static_value
        scored = [(score(game.play(state, move)), i, move) for i, move in enumerate(moves)]
        search.recorder.order_evaluations += len(scored)
        if game.is_max(state):
            scored.sort(key=lambda item: (-item[0], item[1]))
        else:
            scored.sort(key=lambda item: (item[0], item[1]))
        return [move for _, _, move in scored]


class PreviousIteration(Ordering):
    """Order by what the previous (shallower) search found: its best move first,
    then the other moves by the values that search backed up, then the moves it
    never reached in the order of ``base`` (default: the game's own order).

    Used by :func:`mmlib.search.iterative_deepening`: each iteration learns, the
    next one orders by it.  Positions are identified with ``game.key``.
    """

    name = "previous"
    learns = True

    def __init__(self, base: Ordering | None = None):
        if base is not None and not isinstance(base, Ordering):
            raise ArgumentTypeError(f"base: expected an Ordering, got {printable(base)}")
        self.base = base or NaturalOrder()
        self.best: dict[Any, Any] = {}
        self.values: dict[Any, float] = {}
        self._learning_best: dict[Any, Any] = {}
        self._learning_values: dict[Any, float] = {}

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        ordered = self.base.order(search, state, moves, path)
        game = search.game
        key = game.key(state)
        if key not in self.best and not self.values:
            return ordered                       # nothing learnt yet (the first iteration)
        sign = -1 if game.is_max(state) else 1
        ranked = []
        for i, move in enumerate(ordered):
            child_value = self.values.get(game.key(game.play(state, move)))
            first = 0 if move == self.best.get(key) else 1
            unknown = child_value is None
            ranked.append((first, unknown, 0 if child_value is None else sign * child_value, i, move))
        ranked.sort(key=lambda item: item[:4])
        return [item[4] for item in ranked]

    def cutoff(self, path: tuple[Any, ...], move: Move) -> None:
        self.base.cutoff(path, move)

    def finished(self, search: Searcher, state: State, path: tuple[Any, ...], value: float,
                 best: Move) -> None:
        key = search.game.key(state)
        self._learning_values[key] = value
        if best is not None:
            self._learning_best[key] = best
        self.base.finished(search, state, path, value, best)

    def next_iteration(self) -> None:
        """Make what this iteration learnt the guide of the next one."""
        self.best, self.values = self._learning_best, self._learning_values
        self._learning_best, self._learning_values = {}, {}

    def __repr__(self) -> str:
        return f"PreviousIteration(base={self.base!r})"


class KillerMoves(Ordering):
    """The killer heuristic: a move that caused a cutoff at some ply is tried first
    at the other nodes of that ply (when legal there).  Keeps ``slots`` killers a ply.
    Wraps another policy (``base``) that orders the rest.
    """

    name = "killer"
    learns = True
    base: Ordering

    def __init__(self, base: Ordering | None = None, slots: int = 2):
        if base is not None and not isinstance(base, Ordering):
            raise ArgumentTypeError(f"base: expected an Ordering, got {printable(base)}")
        if isinstance(slots, bool) or not isinstance(slots, numbers.Integral) or slots < 1:
            raise ArgumentError(f"slots: expected a whole number >= 1, got {printable(slots)}")
        self.base = base or NaturalOrder()
        self.slots: int = int(slots)
        self.killers: dict[int, list[Any]] = {}

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        ordered = list(self.base.order(search, state, moves, path))
        killers = [m for m in self.killers.get(len(path), ()) if m in ordered]
        return killers + [m for m in ordered if m not in killers]

    def cutoff(self, path: tuple[Any, ...], move: Move) -> None:
        slot = self.killers.setdefault(len(path), [])
        if move in slot:
            slot.remove(move)
        slot.insert(0, move)
        del slot[self.slots:]
        self.base.cutoff(path, move)

    def finished(self, search: Searcher, state: State, path: tuple[Any, ...], value: float,
                 best: Move) -> None:
        self.base.finished(search, state, path, value, best)

    def __repr__(self) -> str:
        return f"KillerMoves(base={self.base!r})"


class HistoryHeuristic(Ordering):
    """The history heuristic (J. Schaeffer, "The history heuristic and alpha-beta search enhancements
    in practice", IEEE PAMI 11(11), 1989): a move that caused a cutoff anywhere in the tree scores
    ``2 ** d`` (``d`` the depth left below the node it cut: deeper cutoffs weigh more), and moves are tried by
    their score, highest first, in the order of ``base`` among equal scores.  Unlike killers, the
    scores are kept for the whole search, whatever the ply.

    >>> policy = HistoryHeuristic()
    >>> policy.cutoff((0,), 2)            # move 2 cut off a node one ply down
    >>> policy.order(None, None, [0, 1, 2], (1,)), policy.scores
    ([2, 0, 1], {2: 1})
    """

    name = "history"
    learns = True
    base: Ordering

    def __init__(self, base: Ordering | None = None):
        if base is not None and not isinstance(base, Ordering):
            raise ArgumentTypeError(f"base: expected an Ordering, got {printable(base)}")
        self.base = base or NaturalOrder()
        self.scores: dict[Any, float] = {}
        self.horizon: float = 1.0

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        self.horizon = getattr(search, "horizon", 1.0)
        ordered = self.base.order(search, state, moves, path)
        scores = self.scores
        return sorted(ordered, key=lambda move: -scores.get(move, 0))     # a stable sort

    def cutoff(self, path: tuple[Any, ...], move: Move) -> None:
        left = self.horizon - len(path)
        self.scores[move] = self.scores.get(move, 0) + 2 ** int(min(left, 64))
        self.base.cutoff(path, move)

    def finished(self, search: Searcher, state: State, path: tuple[Any, ...], value: float,
                 best: Move) -> None:
        self.base.finished(search, state, path, value, best)

    def __repr__(self) -> str:
        return f"HistoryHeuristic(base={self.base!r})"


def learns_from_previous(policy: Ordering) -> bool:
    """True when ``policy``, or a policy it wraps (its ``base``, and so on), is a
    :class:`PreviousIteration`: iterative deepening then need not add one.

    >>> learns_from_previous(KillerMoves(PreviousIteration())), learns_from_previous(KillerMoves())
    (True, False)
    """
    seen: Ordering | None = policy
    while seen is not None:
        if isinstance(seen, PreviousIteration):
            return True
        seen = getattr(seen, "base", None)
    return False


_NAMED = {
    None: NaturalOrder,
    "natural": NaturalOrder,
    "reversed": ReversedOrder,
    "random": RandomOrder,
    "static": StaticOrder,
    "previous": PreviousIteration,
    "killer": KillerMoves,
    "history": HistoryHeuristic,
}


def as_ordering(order: str | Ordering | None) -> Ordering:
    """An :class:`Ordering` from a name ("natural", "reversed", "random", "static",
    "previous", "killer", "history"), an Ordering instance, or None (natural order)."""
    if isinstance(order, Ordering):
        return order
    if order is None or isinstance(order, str):
        try:
            return _NAMED[order]()
        except KeyError:
            names = ", ".join(repr(name) for name in _NAMED if name)
            raise ArgumentError(f"order: expected one of {names} or an Ordering, "
                                f"got {printable(order)}") from None
    raise ArgumentTypeError(f"order: expected a name or an Ordering, got {type(order).__name__}")
