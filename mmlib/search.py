"""Instrumented game-tree search: minimax, alpha-beta (fail-soft and fail-hard), negamax.

Each algorithm is written once, in the shape of the lecture pseudocode, and runs on
anything that follows the :class:`mmlib.games.Game` protocol: explicit trees, generated
trees and real games.  The bookkeeping lives in named helpers (``self.enter``,
``self.leaf``, ``self.update``, ``self.cutoff``...) so that the algorithm stays readable;
see :mod:`mmlib.instrument` for what the counts mean.

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA figure 5.2
>>> search.minimax(tree)
SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9, cutoffs=0)
>>> result = search.alphabeta(tree)
>>> result.value, result.stats.leaves, [tree.label_of(p) for p in result.stats.leaf_order]
(3, 7, ['E', 'F', 'G', 'H', 'K', 'L', 'M'])
"""

from __future__ import annotations

import linecache
import math
import numbers
import operator
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    ArgumentTypeError,
    MmlibError,
    NodeBudgetExceeded,
    SearchError,
    SearchTooLarge,
    TimeBudgetExceeded,
    UserFunctionError,
    describe,
    wrap_user_exception,
)
from .instrument import Event, Recorder, Stats, Tracer
from .ordering import KillerMoves, NaturalOrder, Ordering, PreviousIteration, as_ordering
from .table import TranspositionTable

__all__ = [
    "SearchResult",
    "IterativeResult",
    "minimax",
    "alphabeta",
    "negamax",
    "iterative_deepening",
    "quiescence",
    "move_values",
    "INF",
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_SECONDS",
    "MAX_SEARCH_DEPTH",
]

INF = math.inf
REFUSE_ABOVE = 50_000_000
"""With the node budget lifted (``max_nodes=None``), plain minimax on a tree known to have
more nodes than this is still refused before it starts; pass a number to allow it."""

MAX_SEARCH_DEPTH = 200_000
"""The deepest line a search follows (each ply is one call on Python's stack)."""

Path = tuple


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value, the best move, the principal variation, the counts.

    ``move`` is a child index for trees and an action for games (None at a leaf);
    ``pv`` is the sequence of moves both sides are expected to play;
    ``trace`` is the transcript (a tuple of :class:`~mmlib.instrument.Event`) when
    the search was asked for one, else None; ``game`` and ``start`` are what was
    searched (so a drawing can be made from the result alone).
    """

    value: float
    move: Any
    pv: tuple
    stats: Stats = field(compare=False)
    algorithm: str = "minimax"
    trace: tuple[Event, ...] | None = field(default=None, repr=False, compare=False)
    game: Any = field(default=None, repr=False, compare=False)
    start: Any = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        s = self.stats
        return (f"SearchResult(value={self.value!r}, move={self.move!r}, pv={self.pv!r}, "
                f"nodes={s.nodes}, leaves={s.leaves}, cutoffs={s.cutoffs})")


@dataclass(frozen=True)
class IterativeResult:
    """Iterative deepening: one :class:`SearchResult` per depth, and their totals."""

    iterations: tuple[SearchResult, ...]

    @property
    def last(self) -> SearchResult:
        if not self.iterations:
            raise SearchError("iterations: no iteration was searched")
        return self.iterations[-1]

    @property
    def value(self) -> float:
        return self.last.value

    @property
    def move(self) -> Any:
        return self.last.move

    @property
    def pv(self) -> tuple:
        return self.last.pv

    @property
    def nodes(self) -> int:
        """Nodes of all iterations together (the real cost of iterative deepening)."""
        return sum(result.stats.nodes for result in self.iterations)

    @property
    def leaves(self) -> int:
        return sum(result.stats.leaves for result in self.iterations)

    def __repr__(self) -> str:
        return (f"IterativeResult(depths={len(self.iterations)}, value={self.value!r}, "
                f"move={self.move!r}, nodes={self.nodes})")


class _Search:
    """One search: the game, the options, and the algorithms as methods.

    Reading guide: ``enter`` counts a call, ``play`` makes a move (and remembers it as
    part of the line being searched), ``leaf`` evaluates a position statically,
    ``update`` reports a child's result, ``cutoff`` reports pruned children, ``best``
    records the best move so far (for the principal variation), ``done`` returns the
    node's value.  None of them changes what the algorithm computes.  ``ply`` is the
    node's distance from the start (the root has ply 0).  ``enter`` and ``update`` are
    the recorder's own methods (see :mod:`mmlib.instrument`).
    """

    def __init__(self, game, *, depth, evaluate, order, table, trace, max_nodes, cutoff,
                 leaf_order=True, max_seconds=None):
        self.game = game
        self.horizon = INF if depth is None else depth
        self.static_value = evaluate or game.evaluate
        self.evaluator_name = "evaluate" if evaluate is not None else "game.evaluate"
        self.order = as_ordering(order)
        self.natural_order = type(self.order) in (Ordering, NaturalOrder)
        self.table = table
        budget = INF if max_nodes is None else max_nodes
        self.recorder = (Tracer if trace else Recorder)(game, budget, leaf_order,
                                                        max_seconds=max_seconds)
        self.enter = self.recorder.enter
        self.update = self.recorder.update
        self.trail = self.recorder.trail
        self.prunes = operator.ge if cutoff == ">=" else operator.gt
        self.lines: dict[int, tuple] = {}

    # -- the algorithms ------------------------------------------------------------
    def minimax(self, state, depth, ply):
        """Plain minimax: every child of every node is searched."""
        self.enter(ply, None, None, state)
        if self.at_horizon(state, depth):
            return self.leaf(state, depth, ply)
        maximizing = self.game.is_max(state)
        value = -INF if maximizing else INF
        for move in self.moves(state, ply):
            score = self.minimax(self.play(state, move, ply), depth - 1, ply + 1)
            if (score > value) if maximizing else (score < value):
                value = self.best(ply, move, score)
            self.update(ply, move, score, value, None, None)
        return self.done(state, ply, value)

    def alphabeta(self, state, depth, alpha, beta, ply):
        """Fail-soft alpha-beta: the value may lie outside [alpha, beta]."""
        self.enter(ply, alpha, beta, state)
        if self.at_horizon(state, depth):
            return self.leaf(state, depth, ply)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, ply)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, ply)
        if self.game.is_max(state):
            value = -INF
            for i, move in enumerate(moves):
                score = self.alphabeta(self.play(state, move, ply), depth - 1, alpha, beta,
                                       ply + 1)
                if score > value:
                    value = self.best(ply, move, score)
                alpha = max(alpha, value)
                self.update(ply, move, score, value, alpha, beta)
                if self.prunes(alpha, beta):
                    self.cutoff(ply, move, moves[i + 1:])
                    break
        else:
            value = INF
            for i, move in enumerate(moves):
                score = self.alphabeta(self.play(state, move, ply), depth - 1, alpha, beta,
                                       ply + 1)
                if score < value:
                    value = self.best(ply, move, score)
                beta = min(beta, value)
                self.update(ply, move, score, value, alpha, beta)
                if self.prunes(alpha, beta):
                    self.cutoff(ply, move, moves[i + 1:])
                    break
        if self.table is not None:
            self.remember(state, depth, value, window, ply)
        return self.done(state, ply, value)

    def alphabeta_fail_hard(self, state, depth, alpha, beta, ply):
        """Fail-hard alpha-beta, the [min, max] form: an interior node's result is
        clamped to the window.  MAX starts from v = alpha and hands v down as the new
        alpha; when v passes beta it returns beta itself (MIN symmetrically).  A leaf
        returns its own value and its parent does the clamping."""
        self.enter(ply, alpha, beta, state)
        if self.at_horizon(state, depth):
            return self.leaf(state, depth, ply)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, ply)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, ply)
        if self.game.is_max(state):
            value = alpha                                    # v := min
            for i, move in enumerate(moves):
                score = self.alphabeta_fail_hard(self.play(state, move, ply), depth - 1,
                                                 value, beta, ply + 1)
                if score > value:                            # if v' > v, v := v'
                    value = self.best(ply, move, score)
                self.update(ply, move, score, value, value, beta)
                if self.prunes(value, beta):                 # if v > max return max
                    self.cutoff(ply, move, moves[i + 1:])
                    value = beta
                    break
        else:
            value = beta                                     # v := max
            for i, move in enumerate(moves):
                score = self.alphabeta_fail_hard(self.play(state, move, ply), depth - 1,
                                                 alpha, value, ply + 1)
                if score < value:                            # if v' < v, v := v'
                    value = self.best(ply, move, score)
                self.update(ply, move, score, value, alpha, value)
                if self.prunes(alpha, value):                # if v < min return min
                    self.cutoff(ply, move, moves[i + 1:])
                    value = alpha
                    break
        if self.table is not None:
            self.remember(state, depth, value, window, ply)
        return self.done(state, ply, value)

    def negamax(self, state, depth, alpha, beta, ply):
        """Negamax with alpha-beta: one loop for both players.  Values are from the
        point of view of the player to move, so a child's value is negated."""
        self.enter(ply, alpha, beta, state)
        sign = 1 if self.game.is_max(state) else -1
        if self.at_horizon(state, depth):
            return sign * self.leaf(state, depth, ply)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, ply, sign)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, ply)
        value = -INF
        for i, move in enumerate(moves):
            score = -self.negamax(self.play(state, move, ply), depth - 1, -beta, -alpha,
                                  ply + 1)
            if score > value:
                value = self.best(ply, move, score)
            alpha = max(alpha, value)
            self.update(ply, move, score, value, alpha, beta)
            if self.prunes(alpha, beta):
                self.cutoff(ply, move, moves[i + 1:])
                break
        if self.table is not None:
            self.remember(state, depth, value, window, ply, sign)
        return self.done(state, ply, value, sign)

    # -- the vocabulary the algorithms are written in ------------------------------
    def at_horizon(self, state, depth) -> bool:
        """Stop here: the game is over or the depth limit is reached."""
        return depth == 0 or self.game.is_terminal(state)

    def moves(self, state, ply) -> Sequence:
        """The moves of ``state`` in the order the ordering policy chooses."""
        self.lines[ply] = ()
        moves = self.game.moves(state)
        if moves.__class__ not in _SEQUENCES:
            moves = self.listed(moves, "game.moves", ply)
        if self.natural_order:
            return moves
        return self.reordered(state, moves, ply)

    def play(self, state, move, ply):
        """The position after ``move``; the move is remembered as the line's ``ply``-th."""
        try:
            self.trail[ply] = move
        except IndexError:                       # the line is this long for the first time
            self.trail.append(move)
        return self.game.play(state, move)

    def leaf(self, state, depth, ply) -> float:
        """Static evaluation: the exact score of a finished game, else the evaluator.
        (Above the depth limit a position is a leaf only because the game is over.)"""
        game = self.game
        if depth > 0 or game.is_terminal(state):
            value = game.utility(state)
            if value.__class__ not in _PLAIN_NUMBERS or value != value:
                value = self.checked(value, "game.utility", ply)
        else:
            value = self.static_value(state)
            if value.__class__ not in _PLAIN_NUMBERS or value != value:
                value = self.checked(value, self.evaluator_name, ply)
            self.recorder.horizon_leaves += 1
        self.lines[ply] = ()
        return self.recorder.leaf(ply, value)

    def best(self, ply, move, score):
        """``move`` is the best so far at ``ply``: the principal variation goes on with the
        child's own line (kept as a pair (move, rest) so nothing is copied)."""
        self.lines[ply] = (move, self.lines.get(ply + 1, ()))
        return score

    def cutoff(self, ply, move, skipped) -> None:
        """``move`` ended the node at ``ply``; the moves ``skipped`` are pruned."""
        self.recorder.cutoff(ply, skipped)
        if skipped and self.order.learns:
            self.order.cutoff(self.recorder.path(ply), move)

    def done(self, state, ply, value, sign=1):
        """The node at ``ply`` returns ``value`` (a learning ordering policy is told first)."""
        if self.order.learns:
            line = self.lines[ply]
            self.order.finished(self, state, self.recorder.path(ply), sign * value,
                                line[0] if line else None)
        if self.recorder.tracing:
            self.recorder.leave(ply, value)
        return value

    def recall(self, state, depth, alpha, beta, ply, sign=1):
        """The transposition table's answer, if it settles this node (None otherwise)."""
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        value = self.table.lookup(self.game.key(state), depth, lo, hi)
        if value is None:
            return None
        self.lines[ply] = ()
        return self.recorder.hit(ply, sign * value)

    def remember(self, state, depth, value, window, ply, sign=1) -> None:
        """Store the node's result in the transposition table, flagged by the window."""
        alpha, beta = window
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        line = self.lines[ply]
        self.table.store(self.game.key(state), depth, sign * value, lo, hi,
                         line[0] if line else None)

    # -- checking what user code hands back (rarely needed, so kept off the fast path) --
    def static_score(self, state) -> float:
        """The evaluator's score of ``state``, checked (used by orderings)."""
        value = self.static_value(state)
        if value.__class__ not in _PLAIN_NUMBERS or value != value:
            value = self.checked(value, self.evaluator_name, None)
        return value

    def checked(self, value, function, ply) -> float:
        """``value`` if it is a usable score, else an error naming ``function`` and the position."""
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            try:
                if not math.isnan(value):
                    return value
            except (OverflowError, TypeError, ValueError):   # huge ints are never NaN
                if isinstance(value, numbers.Integral):
                    return value
        where = "" if ply is None else f" at path {self.recorder.path(ply)}"
        why = " (NaN compares false with everything)" if isinstance(value, numbers.Real) else ""
        raise UserFunctionError(f"{function} returned {describe(value)}{where}, not a number{why}",
                                function, None if ply is None else self.recorder.path(ply))

    def listed(self, moves, function, ply) -> Sequence:
        """``moves`` as a list when it is an iterable other than a list, tuple or range."""
        if isinstance(moves, Sequence) and not isinstance(moves, str):
            return moves
        try:
            return list(moves)
        except TypeError:
            raise UserFunctionError(
                f"{function} returned {describe(moves)} at path {self.recorder.path(ply)}, "
                "not a sequence of moves", function, self.recorder.path(ply)) from None

    def reordered(self, state, moves, ply) -> Sequence:
        """The ordering policy's order of ``moves``, checked to be the same moves."""
        path = self.recorder.path(ply)
        ordered = self.order.order(self, state, moves, path)
        if ordered is moves:
            return moves
        if ordered.__class__ not in _SEQUENCES:
            ordered = self.listed(ordered, "the ordering's order", ply)
        if len(ordered) != len(moves) or any(move not in moves for move in ordered):
            name = type(self.order).__name__
            raise UserFunctionError(
                f"the ordering {name} returned {describe(ordered)} at path {path}, not the "
                f"moves {describe(list(moves))} in some order", f"{name}.order", path)
        return ordered


class _QuiescenceSearch(_Search):
    """Alpha-beta that looks past the depth limit while the position is unquiet.

    Only two words of the vocabulary change: beyond the horizon a position is a leaf
    only when it is quiet, and only its forcing moves are searched.
    """

    def __init__(self, game, *, forcing, **options):
        super().__init__(game, **options)
        self.forcing = forcing
        self.pending: Sequence = ()   # the forcing moves of the node being entered

    def at_horizon(self, state, depth) -> bool:
        if self.game.is_terminal(state):
            return True
        if depth > 0:
            return False
        self.pending = self.forcing(state)
        return not self.pending

    def moves(self, state, ply) -> Sequence:
        if ply < self.horizon:
            return super().moves(state, ply)
        self.lines[ply] = ()
        pending = self.pending                       # found by at_horizon just now
        if pending.__class__ not in _SEQUENCES:
            pending = self.listed(pending, "forcing", ply)
        if self.natural_order:
            return pending
        return self.reordered(state, pending, ply)


_PLAIN_NUMBERS = (int, float)
_SEQUENCES = (tuple, list, range)


# -- the public functions ------------------------------------------------------------------

def minimax(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
            order: str | Ordering | None = None, state: Any = None, trace: bool = False,
            max_nodes: int | None = DEFAULT_MAX_NODES,
            max_seconds: float | None = DEFAULT_MAX_SECONDS,
            leaf_order: bool = True) -> SearchResult:
    """Minimax value of ``game`` (a tree, a game, a nested list or a tree text).

    ``depth`` limits the search (None: to the end of the game); at the limit the
    position is scored by ``evaluate`` (default: the game's own static evaluation).

    Every search has a budget: at most ``max_nodes`` nodes (default
    :data:`DEFAULT_MAX_NODES`) and ``max_seconds`` seconds (default
    :data:`DEFAULT_MAX_SECONDS`); None lifts either.  A search that uses it up raises
    :class:`~mmlib.errors.BudgetExceeded` with the partial counts; one whose size alone
    exceeds it (a generated tree too big to search fully) is refused at once with
    :class:`~mmlib.errors.SearchTooLarge`.

    >>> from mmlib import trees
    >>> minimax(trees.from_nested([[3, 5], [2, 9]])).value
    3
    >>> minimax([[3, 5], [2, 9]], depth=1, evaluate=lambda node: 0).value
    0
    """
    game = _as_game(game)
    search = _make_search(game, depth, evaluate, order, None, trace, max_nodes, ">=", leaf_order,
                          max_seconds)
    _refuse_hopeless(game, depth, max_nodes, state, minimax=True)
    return _run(search, "minimax", state, lambda s, d: search.minimax(s, d, 0))


def alphabeta(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
              variant: str = "fail-soft", cutoff: str = ">=",
              order: str | Ordering | None = None, table: bool | TranspositionTable | None = None,
              alpha: float = -INF, beta: float = INF, state: Any = None, trace: bool = False,
              max_nodes: int | None = DEFAULT_MAX_NODES,
              max_seconds: float | None = DEFAULT_MAX_SECONDS,
              leaf_order: bool = True) -> SearchResult:
    """Alpha-beta value of ``game``: the minimax value, found while skipping what cannot matter.

    ``variant``: ``"fail-soft"`` (returns the best value found even outside
    the window) or ``"fail-hard"`` (results clamped to [alpha, beta]).
    ``cutoff``: ``">="`` prunes as soon as alpha >= beta; ``">"`` prunes only when
    alpha > beta, as some pseudocode literally says (it costs extra work on ties).
    ``table``: True or a :class:`~mmlib.table.TranspositionTable` to reuse values of
    positions reached by different move orders.  ``leaf_order=False`` keeps only the
    counts (``stats.leaf_order`` is None), so memory stays flat on huge searches.
    ``max_nodes`` and ``max_seconds`` are the budget, as for :func:`minimax`.

    >>> from mmlib import trees
    >>> tree = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])   # the A-G tree of the slides
    >>> result = alphabeta(tree)
    >>> result.value, len(result.stats.leaf_order)
    (5, 5)
    >>> alphabeta(tree, variant="fail-hard", cutoff=">").value
    5
    """
    game = _as_game(game)
    variant = _choice("variant", variant, ("fail-soft", "fail-hard"))
    alpha, beta = _check_window(alpha, beta)
    search = _make_search(game, depth, evaluate, order, table, trace, max_nodes, cutoff, leaf_order,
                          max_seconds)
    _refuse_hopeless(game, depth, max_nodes, state)
    algorithm = search.alphabeta if variant == "fail-soft" else search.alphabeta_fail_hard
    return _run(search, f"alphabeta ({variant}, {cutoff})", state,
                lambda s, d: algorithm(s, d, alpha, beta, 0))


def negamax(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
            cutoff: str = ">=", order: str | Ordering | None = None,
            table: bool | TranspositionTable | None = None, state: Any = None,
            trace: bool = False, max_nodes: int | None = DEFAULT_MAX_NODES,
            max_seconds: float | None = DEFAULT_MAX_SECONDS,
            leaf_order: bool = True) -> SearchResult:
    """Negamax with alpha-beta pruning (fail-soft).  ``value`` is from MAX's point of view,
    like every other search; inside, each node scores from the side to move.

    >>> negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).value
    3
    """
    game = _as_game(game)
    search = _make_search(game, depth, evaluate, order, table, trace, max_nodes, cutoff, leaf_order,
                          max_seconds)
    _refuse_hopeless(game, depth, max_nodes, state)

    def root(s, d):
        sign = 1 if game.is_max(s) else -1
        return sign * search.negamax(s, d, -INF, INF, 0)

    return _run(search, "negamax", state, root)


def quiescence(game: Any, depth: int, evaluate: Callable | None = None, *,
               forcing: Callable | None = None, order: str | Ordering | None = None,
               state: Any = None, trace: bool = False,
               max_nodes: int | None = DEFAULT_MAX_NODES,
               max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """Alpha-beta to ``depth``, then on along forcing moves until the position is quiet.

    A depth-limited search scores the positions at its horizon statically; if one of them
    is unquiet (a player can win at once, or must block at once) the decisive move lies
    just beyond the horizon: the horizon effect.  ``forcing(state)`` lists the
    moves that make a position unquiet (empty: quiet); the default is the game's own
    ``forcing_moves``.  The counts include the nodes searched beyond the horizon.

    >>> from mmlib.games import ConnectFour
    >>> game = ConnectFour(opening="334455")     # X can win at once on either side
    >>> alphabeta(game, 1).value == quiescence(game, 0).value > 1000
    True
    """
    game = _as_game(game)
    if depth is None:
        raise ArgumentTypeError("depth: quiescence search needs a depth limit, got None")
    forcing = getattr(game, "forcing_moves", None) if forcing is None else forcing
    if not callable(forcing):
        raise ArgumentTypeError(f"forcing: expected a function of a state (the game "
                                f"{type(game).__name__} has no forcing_moves), got {forcing!r}")
    checked = _make_search(game, depth, evaluate, order, None, trace, max_nodes, ">=", True,
                           max_seconds)
    search = _QuiescenceSearch(game, forcing=forcing, depth=checked.horizon, evaluate=evaluate,
                               order=checked.order, table=None, trace=bool(trace),
                               max_nodes=max_nodes, cutoff=">=", max_seconds=max_seconds)
    return _run(search, "quiescence", state, lambda s, d: search.alphabeta(s, d, -INF, INF, 0))


def iterative_deepening(game: Any, max_depth: int, evaluate: Callable | None = None, *,
                        killers: bool = False, table: bool | TranspositionTable | None = None,
                        order: str | Ordering | None = None, state: Any = None,
                        max_nodes: int | None = DEFAULT_MAX_NODES,
                        max_seconds: float | None = DEFAULT_MAX_SECONDS,
                        progress: Callable[[int, SearchResult], None] | None = None,
                        ) -> IterativeResult:
    """Alpha-beta to depth 1, 2, ..., ``max_depth``; each iteration orders its moves by
    what the previous one found (its best move first, then by backed-up values).

    ``order`` orders the positions the previous iteration did not reach (default: the
    game's own order).  ``killers`` adds the killer heuristic on top; ``table`` shares one
    transposition table across iterations.  ``max_nodes`` and ``max_seconds`` are one
    budget for all iterations together; when it runs out, the error's ``completed`` holds
    the finished iterations.  The deepening stops early once an iteration was not cut
    off by its depth limit anywhere (deeper iterations would find the same).
    ``progress(depth, result)`` is called after each iteration.

    >>> from mmlib import trees
    >>> deepening = iterative_deepening(trees.ordered(3, 4, "random", seed=2, noise=0.1), 4)
    >>> [r.stats.nodes for r in deepening.iterations][0], deepening.value == alphabeta(
    ...     trees.ordered(3, 4, "random", seed=2)).value
    (4, True)
    >>> len(iterative_deepening(trees.ordered(2, 3, noise=0.1), 10).iterations)   # 3 plies deep
    3
    """
    game = _as_game(game)
    max_depth = _check_depth(max_depth, "max_depth", allow_none=False)
    if max_depth < 1:
        raise ArgumentError(f"max_depth: must be at least 1, got {max_depth}")
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress: expected a function or None, got {describe(progress)}")
    policy = as_ordering(order)
    if not isinstance(policy, PreviousIteration):
        policy = PreviousIteration(base=policy)
    if killers:
        policy = KillerMoves(policy)
    if table is True:
        table = TranspositionTable()
    budget = _Budget(max_nodes, max_seconds)
    results: list[SearchResult] = []
    for depth in range(1, max_depth + 1):
        _next_iteration(policy)
        with budget.spending(results):
            result = budget.spend(alphabeta(game, depth, evaluate, order=policy, table=table,
                                            state=state, **budget.remaining()))
        results.append(result)
        if progress is not None:
            progress(depth, result)
        if result.stats.horizon_leaves == 0 and result.stats.table_hits == 0:
            break
    return IterativeResult(tuple(results))


def move_values(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
                state: Any = None, algorithm: str = "alphabeta",
                max_nodes: int | None = DEFAULT_MAX_NODES,
                max_seconds: float | None = DEFAULT_MAX_SECONDS) -> dict[Any, SearchResult]:
    """Search each move of ``state`` separately: move -> result (exact value, its own counts).

    ``max_nodes`` and ``max_seconds`` are one budget for all the moves together; when it
    runs out, the error's ``completed`` holds the results of the moves already searched.

    >>> {move: r.value for move, r in move_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).items()}
    {0: 3, 1: 2, 2: 2}
    """
    game = _as_game(game)
    algorithm = _choice("algorithm", algorithm, ("minimax", "alphabeta"))
    depth = _check_depth(depth)
    budget = _Budget(max_nodes, max_seconds)
    start = game.initial if state is None else state
    if _user_call(game.is_terminal, "game.is_terminal", start):
        return {}
    child_depth = None if depth is None else max(depth - 1, 0)
    searcher = minimax if algorithm == "minimax" else alphabeta
    results: dict[Any, SearchResult] = {}
    for move in _user_call(game.moves, "game.moves", start):
        child = _user_call(game.play, "game.play", start, move)
        with budget.spending(list(results.values())):
            results[move] = budget.spend(searcher(game, child_depth, evaluate, state=child,
                                                  **budget.remaining()))
    return results


# -- checking arguments and running ----------------------------------------------------------

_PROTOCOL = ("initial", "is_max", "moves", "play", "is_terminal", "utility", "evaluate", "key")


def _as_game(game: Any) -> Any:
    if isinstance(game, (list, tuple, str)):
        from .trees import as_tree
        return as_tree(game)
    missing = [name for name in _PROTOCOL if not hasattr(game, name)]
    if missing:
        raise ArgumentTypeError(
            f"game: expected a tree, a game, a nested list or a tree text, got "
            f"{type(game).__name__} (it lacks {', '.join(missing)})"
        )
    return game


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    """``value`` if it is one of the strings ``allowed``, else an error naming ``name``."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name}: expected one of {', '.join(map(repr, allowed))}, "
                                f"got {describe(value)}")
    if value not in allowed:
        raise ArgumentError(f"{name}: expected one of {', '.join(map(repr, allowed))}, "
                            f"got {describe(value)}")
    return value


def _check_depth(depth: Any, name: str = "depth", allow_none: bool = True) -> int | None:
    if depth is None and allow_none:
        return None
    if isinstance(depth, bool) or not isinstance(depth, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected a whole number{' or None' if allow_none else ''},"
                                f" got {describe(depth)}")
    if depth < 0:
        raise ArgumentError(f"{name}: must be >= 0, got {describe(depth)}")
    return int(depth)


def _check_window(alpha: Any, beta: Any) -> tuple[float, float]:
    for name, bound in (("alpha", alpha), ("beta", beta)):
        if isinstance(bound, bool) or not isinstance(bound, numbers.Real):
            raise ArgumentTypeError(f"{name}: expected a number, got {describe(bound)}")
        if not isinstance(bound, numbers.Integral) and math.isnan(bound):
            raise ArgumentTypeError(f"{name}: expected a number, got {describe(bound)}")
    if not alpha < beta:
        raise ArgumentError(f"alpha, beta: the window needs alpha < beta, got "
                            f"[{describe(alpha)}, {describe(beta)}]")
    return alpha, beta


def _check_budget(max_nodes: Any, max_seconds: Any) -> None:
    if max_nodes is not None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, numbers.Integral):
            raise ArgumentTypeError(f"max_nodes: expected a whole number or None (no limit), "
                                    f"got {describe(max_nodes)}")
        if max_nodes < 1:
            raise ArgumentError(f"max_nodes: must be at least 1, got {describe(max_nodes)}")
    if max_seconds is not None:
        if isinstance(max_seconds, bool) or not isinstance(max_seconds, numbers.Real):
            raise ArgumentTypeError(f"max_seconds: expected a number of seconds or None (no "
                                    f"limit), got {describe(max_seconds)}")
        if isinstance(max_seconds, numbers.Integral):
            max_seconds = min(int(max_seconds), 10 ** 9)
        if not max_seconds > 0 or math.isnan(max_seconds):
            raise ArgumentError(f"max_seconds: must be more than 0, got {describe(max_seconds)}")


def _make_search(game, depth, evaluate, order, table, trace, max_nodes, cutoff,
                 leaf_order=True, max_seconds=None) -> _Search:
    depth = _check_depth(depth)
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {describe(evaluate)}")
    cutoff = _choice("cutoff", cutoff, (">=", ">"))
    _check_budget(max_nodes, max_seconds)
    if max_nodes is not None:
        max_nodes = int(max_nodes)
    if max_seconds is not None:
        max_seconds = float(min(max_seconds, 10 ** 9))
    if table is True:
        table = TranspositionTable()
    elif table is False:
        table = None
    elif table is not None and not isinstance(table, TranspositionTable):
        raise ArgumentTypeError(f"table: expected True or a TranspositionTable, got {describe(table)}")
    if not isinstance(leaf_order, bool):
        raise ArgumentTypeError(f"leaf_order: expected True or False, got {describe(leaf_order)}")
    if not isinstance(trace, bool):
        raise ArgumentTypeError(f"trace: expected True or False, got {describe(trace)}")
    return _Search(game, depth=depth, evaluate=evaluate, order=order, table=table,
                   trace=trace, max_nodes=max_nodes, cutoff=cutoff, leaf_order=leaf_order,
                   max_seconds=max_seconds)


def _refuse_hopeless(game: Any, depth: int | None, max_nodes: int | None, state: Any = None, *,
                     minimax: bool = False) -> None:
    """Refuse at once a search of a generated tree whose size alone exceeds the budget:
    minimax visits every node; alpha-beta at least the Knuth-Moore minimal tree."""
    branching = getattr(game, "branching", None)
    full_depth = getattr(game, "depth", None)
    if not isinstance(branching, int) or not isinstance(full_depth, int) or state is not None:
        return
    reach = full_depth if depth is None else min(depth, full_depth)
    if reach > MAX_SEARCH_DEPTH:
        raise SearchTooLarge(
            f"depth: the search would follow lines {reach:,} moves long, more than "
            f"{MAX_SEARCH_DEPTH:,}; pass a depth limit of at most {MAX_SEARCH_DEPTH:,}")
    limit = (REFUSE_ABOVE if minimax else None) if max_nodes is None else int(max_nodes)
    if limit is None:
        return
    from .trees.generated import count_at_least
    if minimax:
        # 1 + b + ... + b^d nodes
        big, size = count_at_least(branching, reach, limit, full=True)
        what = "plain minimax would visit all"
    else:
        # the minimal tree's leaves alone: b^ceil(d/2) + b^floor(d/2) - 1
        big, size = count_at_least(branching, (reach + 1) // 2, limit)
        what = "even with the best move first everywhere, alpha-beta would visit more than"
    if big:
        raise SearchTooLarge(
            f"depth: {what} {size} nodes of this tree (b={branching}, d={reach}), more than "
            f"max_nodes={limit:,}; use {'alphabeta, ' if minimax else ''}a smaller depth, or "
            "raise max_nodes (None lifts the budget)"
        )


class _Budget:
    """One budget shared by several searches (iterations, moves): what is left of it."""

    def __init__(self, max_nodes: Any, max_seconds: Any):
        _check_budget(max_nodes, max_seconds)
        self.max_nodes = None if max_nodes is None else int(max_nodes)
        self.max_seconds = None if max_seconds is None else float(min(max_seconds, 10 ** 9))
        self.nodes = 0
        self.started = time.perf_counter()

    def remaining(self) -> dict[str, Any]:
        nodes = None if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        seconds = None
        if self.max_seconds is not None:
            seconds = max(1e-6, self.max_seconds - (time.perf_counter() - self.started))
        return {"max_nodes": nodes, "max_seconds": seconds}

    @contextmanager
    def spending(self, completed: list):
        """Run one search of the series; a budget error then names the whole series."""
        try:
            yield
        except NodeBudgetExceeded as err:
            raise NodeBudgetExceeded(self.max_nodes, err.stats, tuple(completed)) from None
        except TimeBudgetExceeded as err:
            raise TimeBudgetExceeded(self.max_seconds, err.stats, tuple(completed)) from None
        except SearchTooLarge:
            if not completed:
                raise
            last = completed[-1].stats
            raise NodeBudgetExceeded(self.max_nodes, last, tuple(completed)) from None

    def spend(self, result: SearchResult) -> SearchResult:
        """Count ``result``'s nodes against the budget."""
        self.nodes += result.stats.nodes
        return result


def _user_call(function: Callable, name: str, *args: Any) -> Any:
    """Call a user-supplied function outside a search; its failure becomes an mmlib error."""
    try:
        return function(*args)
    except MmlibError:
        raise
    except Exception as error:
        raise wrap_user_exception(
            error, f"{name} raised {type(error).__name__}: {_short_message(error)}", name, None
        ) from error


def _run(search: _Search, algorithm: str, state: Any, root_call) -> SearchResult:
    start = search.game.initial if state is None else state
    with _recursion_room(search.game, search.horizon):
        try:
            value = root_call(start, search.horizon)
        except RecursionError:
            raise SearchError(
                "depth: the game is too deep for a recursive search here; give a depth limit"
            ) from None
        except MmlibError:
            raise
        except Exception as error:
            raise _blame(search, error) from error
    stats = search.recorder.finish()
    pv = _principal_variation(search, start)
    trace = tuple(search.recorder.events) if search.recorder.tracing else None
    return SearchResult(value, pv[0] if pv else None, pv, stats, algorithm, trace,
                        search.game, start)


_CALLS = re.compile(r"self\.static_value|self\.game\.(\w+)|game\.(\w+)|self\.order\.(\w+)|"
                    r"self\.base\.(\w+)|self\.forcing|search\.static_value")
_OWN_FILES = ("search.py", "instrument.py", "ordering.py", "table.py")


def _blame(search: _Search, error: Exception) -> UserFunctionError:
    """A user function raised ``error`` during ``search``: name the function and the
    position, found from the innermost frame of the search's own code."""
    package = os.path.dirname(os.path.abspath(__file__))
    own = None
    tb = error.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if os.path.dirname(os.path.abspath(filename)) == package and \
                os.path.basename(filename) in _OWN_FILES:
            own = tb
        tb = tb.tb_next
    function, path = "a function of the game", None
    if own is not None:
        line = linecache.getline(own.tb_frame.f_code.co_filename, own.tb_lineno)
        function = _called_name(search, line) or function
        ply = own.tb_frame.f_locals.get("ply")
        if isinstance(ply, int):
            path = search.recorder.path(ply)
    where = f" at path {path}" if path is not None else ""
    message = f"{function} raised {type(error).__name__}{where}: {_short_message(error)}"
    return wrap_user_exception(error, message, function, path)


def _called_name(search: _Search, line: str) -> str | None:
    match = _CALLS.search(line)
    if match is None:
        return None
    text = match.group(0)
    if text.endswith("static_value"):
        return search.evaluator_name
    if text == "self.forcing":
        return "forcing"
    method = next(group for group in match.groups() if group)
    if text.startswith(("self.order.", "self.base.")):
        return f"the ordering {type(search.order).__name__}.{method}"
    return f"game.{method}"


def _short_message(error: Exception) -> str:
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 - a broken __str__ must not hide the error
        text = ""
    return text if len(text) <= 200 else text[:197] + "..."


def _principal_variation(search: _Search, start: Any) -> tuple:
    line = _unlinked(search.lines.get(0, ()))
    if search.table is None:
        return line
    # A table hit ends the recorded line early; continue it with the stored best moves.
    game, state, seen = search.game, start, set()
    for move in line:
        state = game.play(state, move)
    extended = list(line)
    while not game.is_terminal(state) and len(extended) < 200:
        key = game.key(state)
        move = search.table.best_move(key)
        if move is None or key in seen:
            break
        seen.add(key)
        extended.append(move)
        state = game.play(state, move)
    return tuple(extended)


def _unlinked(line: tuple) -> tuple:
    """The moves of a line kept as nested pairs (move, rest), as a flat tuple."""
    moves = []
    while line:
        moves.append(line[0])
        line = line[1]
    return tuple(moves)


@contextmanager
def _recursion_room(game: Any, horizon: float, *, frames_per_ply: int = 1):
    """Make room on Python's call stack for a search as deep as the tree (or its depth limit,
    for a game that does not know its height); ``frames_per_ply`` Python frames per level."""
    height = getattr(game, "height", None)
    if height is None:
        height = getattr(game, "depth", None)
    if isinstance(height, int):
        needed = min(horizon, height)
    else:
        needed = horizon if math.isfinite(horizon) else 0
    limit = sys.getrecursionlimit()
    if needed > MAX_SEARCH_DEPTH:
        raise SearchTooLarge(f"depth: a tree of height {needed:,} is too deep to search "
                             f"recursively (at most {MAX_SEARCH_DEPTH:,}); give a depth limit")
    wanted = int(needed) * frames_per_ply + 200 + _stack_depth()
    if wanted <= limit:
        yield
        return
    sys.setrecursionlimit(wanted)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def _stack_depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def _next_iteration(policy: Ordering | None) -> None:
    while policy is not None:
        if isinstance(policy, PreviousIteration):
            policy.next_iteration()
        policy = getattr(policy, "base", None)


# -- search beyond alpha-beta (mmlib.beyond) ----------------------------------------------
from .beyond import (  # noqa: E402
    anytime,
    aspiration,
    expectimax,
    expectiminimax,
    mcts,
    mtdf,
    pvs,
    sss_star,
)

__all__ += ["anytime", "aspiration", "pvs", "mtdf", "sss_star", "mcts", "expectimax", "expectiminimax"]
