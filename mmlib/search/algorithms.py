"""The searches, written in the shape of the lecture pseudocode: minimax, alpha-beta
(fail-soft and fail-hard), negamax, quiescence, iterative deepening.

Each algorithm is written once and runs on anything that follows the
:class:`mmlib.games.Game` protocol: explicit trees, generated trees and real games.  The
bookkeeping lives in named helpers (``self.enter``, ``self.leaf``, ``self.update``,
``self.cutoff``...) so that the algorithm stays readable; see :mod:`mmlib.instrument` for
what the counts mean and :mod:`mmlib.conventions` for the choices on which courses differ.

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
from collections.abc import Callable, Sequence
from typing import Any, cast

from .. import _validate
from ..conventions import Conventions, resolve
from ..conventions import apply as apply_conventions
from ..errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentTypeError,
    MmlibError,
    SearchError,
    SearchInterrupted,
    UserFunctionError,
    describe,
    wrap_user_exception,
)
from ..games.base import Game, Move, State
from ..instrument import Recorder, Tracer
from ..ordering import KillerMoves, NaturalOrder, Ordering, PreviousIteration, as_ordering
from ..table import TranspositionTable
from .budgets import MAX_SEARCH_DEPTH, REFUSE_ABOVE, Budget, check_budget, recursion_room, refuse_hopeless
from .results import IterativeResult, SearchResult

__all__ = [
    "minimax",
    "alphabeta",
    "negamax",
    "iterative_deepening",
    "quiescence",
    "move_values",
    "INF",
    "MAX_SEARCH_DEPTH",
    "REFUSE_ABOVE",
]

INF = math.inf

GameLike = Game | Sequence[Any] | str
"""What a search accepts: anything that follows the :class:`~mmlib.games.Game` protocol (trees,
generated trees, games), or a tree written as nested lists or as a labelled tree text."""
Line = tuple[Any, ...]
"""A line of play kept as nested pairs (move, rest of the line), so nothing is copied."""


class _Search:
    """One search: the game, the options, and the algorithms as methods.

    Reading guide: ``enter`` counts a call, ``play`` makes a move (and remembers it as
    part of the line being searched), ``leaf`` evaluates a position statically,
    ``update`` reports a child's result, ``cutoff`` reports pruned children, ``best``
    records the best move so far (for the principal variation), ``done`` reports the
    node's value.  ``update`` is called only while a transcript is written, ``done`` only
    when a transcript or a learning ordering policy listens.  None of them changes what
    the algorithm computes.  ``ply`` is the node's distance from the start (the root has
    ply 0).  ``enter`` and ``update`` are
    the recorder's own methods (see :mod:`mmlib.instrument`).
    """

    FRAMES_PER_PLY = 1
    """Python frames one level of the search takes on the call stack."""

    def __init__(self, game: Any, *, depth: int | float | None,
                 evaluate: Callable[[State], float] | None, order: Any,
                 table: TranspositionTable | None, trace: bool, max_nodes: int | None, cutoff: str,
                 leaf_order: bool = True, max_seconds: float | None = None) -> None:
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
        self.tracing = self.recorder.tracing
        self.watched = self.tracing or self.order.learns
        self.trail = self.recorder.trail
        self.prunes = operator.ge if cutoff == ">=" else operator.gt
        self.lines: dict[int, Line] = {}

    # -- the algorithms ------------------------------------------------------------
    def minimax(self, state: State, depth: float, ply: int) -> float:
        """Plain minimax: every child of every node is searched."""
        self.enter(ply, None, None, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return self.leaf(state, depth, ply)
        maximizing = self.game.is_max(state)
        value = -INF if maximizing else INF
        for move in self.moves(state, ply):
            score = self.minimax(self.play(state, move, ply), depth - 1, ply + 1)
            if (score > value) if maximizing else (score < value):
                value = self.best(ply, move, score)
            if self.tracing:
                self.update(ply, move, score, value, None, None)
        if self.watched:
            self.done(state, ply, value)
        return value

    def alphabeta(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        """Fail-soft alpha-beta: the value may lie outside [alpha, beta]."""
        self.enter(ply, alpha, beta, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
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
                if self.tracing:
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
                if self.tracing:
                    self.update(ply, move, score, value, alpha, beta)
                if self.prunes(alpha, beta):
                    self.cutoff(ply, move, moves[i + 1:])
                    break
        if self.table is not None:
            self.remember(state, depth, value, window, ply)
        if self.watched:
            self.done(state, ply, value)
        return value

    def alphabeta_fail_hard(self, state: State, depth: float, alpha: float, beta: float,
                            ply: int) -> float:
        """Fail-hard alpha-beta, the [min, max] form: an interior node's result is
        clamped to the window.  MAX starts from v = alpha and hands v down as the new
        alpha; when v passes beta it returns beta itself (MIN symmetrically).  A leaf
        returns its own value and its parent does the clamping."""
        self.enter(ply, alpha, beta, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
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
                if self.tracing:
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
                if self.tracing:
                    self.update(ply, move, score, value, alpha, value)
                if self.prunes(alpha, value):                # if v < min return min
                    self.cutoff(ply, move, moves[i + 1:])
                    value = alpha
                    break
        if self.table is not None:
            self.remember(state, depth, value, window, ply)
        if self.watched:
            self.done(state, ply, value)
        return value

    def negamax(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        """Negamax with alpha-beta: one loop for both players.  Values are from the
        point of view of the player to move, so a child's value is negated."""
        self.enter(ply, alpha, beta, state)
        sign = 1 if self.game.is_max(state) else -1
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
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
            if self.tracing:
                self.update(ply, move, score, value, alpha, beta)
            if self.prunes(alpha, beta):
                self.cutoff(ply, move, moves[i + 1:])
                break
        if self.table is not None:
            self.remember(state, depth, value, window, ply, sign)
        if self.watched:
            self.done(state, ply, value, sign)
        return value

    def negamax_fail_hard(self, state: State, depth: float, alpha: float, beta: float,
                          ply: int) -> float:
        """Negamax, fail-hard: v starts at alpha and is handed down as the child's new
        alpha; when v passes beta the node returns beta itself."""
        self.enter(ply, alpha, beta, state)
        sign = 1 if self.game.is_max(state) else -1
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return sign * self.leaf(state, depth, ply)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, ply, sign)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, ply)
        value = alpha                                        # v := alpha
        for i, move in enumerate(moves):
            score = -self.negamax_fail_hard(self.play(state, move, ply), depth - 1, -beta,
                                            -value, ply + 1)
            if score > value:
                value = self.best(ply, move, score)
            if self.tracing:
                self.update(ply, move, score, value, value, beta)
            if self.prunes(value, beta):                     # if v > beta return beta
                self.cutoff(ply, move, moves[i + 1:])
                value = beta
                break
        if self.table is not None:
            self.remember(state, depth, value, window, ply, sign)
        if self.watched:
            self.done(state, ply, value, sign)
        return value

    # -- the vocabulary the algorithms are written in ------------------------------
    def moves(self, state: State, ply: int) -> Sequence[Move]:
        """The moves of ``state`` in the order the ordering policy chooses."""
        self.lines[ply] = ()
        moves: Sequence[Move] = self.game.moves(state)
        if moves.__class__ not in _SEQUENCES:
            moves = self.listed(moves, "game.moves", ply)
        if self.natural_order:
            return moves
        return self.reordered(state, moves, ply)

    def play(self, state: State, move: Move, ply: int) -> State:
        """The position after ``move``; the move is remembered as the line's ``ply``-th."""
        try:
            self.trail[ply] = move
        except IndexError:                       # the line is this long for the first time
            self.trail.append(move)
        return self.game.play(state, move)

    def leaf(self, state: State, depth: float, ply: int) -> float:
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

    def best(self, ply: int, move: Move, score: float) -> float:
        """``move`` is the best so far at ``ply``: the principal variation goes on with the
        child's own line (kept as a pair (move, rest) so nothing is copied; every child sets
        its line, empty at a leaf)."""
        self.lines[ply] = (move, self.lines[ply + 1])
        return score

    def cutoff(self, ply: int, move: Move, skipped: Sequence[Move]) -> None:
        """``move`` ended the node at ``ply``; the moves ``skipped`` are pruned."""
        self.recorder.cutoff(ply, skipped)
        if skipped and self.order.learns:
            self.order.cutoff(self.recorder.path(ply), move)

    def done(self, state: State, ply: int, value: float, sign: int = 1) -> float:
        """The node at ``ply`` returns ``value`` (a learning ordering policy is told first)."""
        if self.order.learns:
            line = self.lines[ply]
            self.order.finished(self, state, self.recorder.path(ply), sign * value,
                                line[0] if line else None)
        if self.recorder.tracing:
            self.recorder.leave(ply, value)
        return value

    def recall(self, state: State, depth: float, alpha: float, beta: float, ply: int,
               sign: int = 1) -> float | None:
        """The transposition table's answer, if it settles this node (None otherwise)."""
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        assert self.table is not None
        value = self.table.lookup(self.game.key(state), depth, lo, hi)
        if value is None:
            return None
        self.lines[ply] = ()
        return self.recorder.hit(ply, sign * value)

    def remember(self, state: State, depth: float, value: float, window: tuple[float, float], ply: int,
                 sign: int = 1) -> None:
        """Store the node's result in the transposition table, flagged by the window."""
        alpha, beta = window
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        line = self.lines[ply]
        assert self.table is not None
        self.table.store(self.game.key(state), depth, sign * value, lo, hi,
                         line[0] if line else None)

    # -- checking what user code hands back (rarely needed, so kept off the fast path) --
    def static_score(self, state: State) -> float:
        """The evaluator's score of ``state``, checked (used by orderings)."""
        value = self.static_value(state)
        if value.__class__ not in _PLAIN_NUMBERS or value != value:
            value = self.checked(value, self.evaluator_name, None)
        return value

    def checked(self, value: Any, function: str, ply: int | None) -> float:
        """``value`` if it is a usable score, else an error naming ``function`` and the position."""
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            try:
                if not math.isnan(value):
                    return cast(float, value)
            except (OverflowError, TypeError, ValueError):   # huge ints are never NaN
                if isinstance(value, numbers.Integral):
                    return cast(float, value)
        where = "" if ply is None else f" at path {self.recorder.path(ply)}"
        why = " (NaN compares false with everything)" if isinstance(value, numbers.Real) else ""
        raise UserFunctionError(f"{function} returned {describe(value)}{where}, not a number{why}",
                                function, None if ply is None else self.recorder.path(ply))

    def listed(self, moves: Any, function: str, ply: int) -> Sequence[Move]:
        """``moves`` as a list when it is an iterable other than a list, tuple or range."""
        if isinstance(moves, Sequence) and not isinstance(moves, str):
            return moves
        try:
            return list(moves)
        except TypeError:
            raise UserFunctionError(
                f"{function} returned {describe(moves)} at path {self.recorder.path(ply)}, "
                "not a sequence of moves", function, self.recorder.path(ply)) from None

    def reordered(self, state: State, moves: Sequence[Move], ply: int) -> Sequence[Move]:
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


class _ShallowSearch(_Search):
    """Alpha-beta without deep cutoffs (Knuth & Moore 1975 call it procedure F1): a node is
    bounded only by its parent's best value so far.  MAX forgets the alpha handed down from
    above, MIN the beta; the algorithms themselves are unchanged."""

    FRAMES_PER_PLY = 2

    def alphabeta(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        alpha, beta = self.parent_bound_only(state, alpha, beta, ply)
        return super().alphabeta(state, depth, alpha, beta, ply)

    def alphabeta_fail_hard(self, state: State, depth: float, alpha: float, beta: float,
                            ply: int) -> float:
        alpha, beta = self.parent_bound_only(state, alpha, beta, ply)
        return super().alphabeta_fail_hard(state, depth, alpha, beta, ply)

    def negamax(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        return super().negamax(state, depth, alpha if ply == 0 else -INF, beta, ply)

    def negamax_fail_hard(self, state: State, depth: float, alpha: float, beta: float,
                          ply: int) -> float:
        return super().negamax_fail_hard(state, depth, alpha if ply == 0 else -INF, beta, ply)

    def parent_bound_only(self, state: State, alpha: float, beta: float,
                          ply: int) -> tuple[float, float]:
        """The window without the bound on this node's own side (the root keeps its own)."""
        if ply == 0:
            return alpha, beta
        return (-INF, beta) if self.game.is_max(state) else (alpha, INF)


class _QuiescenceSearch(_Search):
    """Alpha-beta that looks past the depth limit while the position is unquiet.

    Alpha-beta itself is unchanged; two things are added.  At or past the depth limit a
    position is a leaf only when it is quiet (it has no forcing moves), and past the limit
    only its forcing moves are searched.
    """

    FRAMES_PER_PLY = 2

    def __init__(self, game: Any, *, forcing: Callable[[State], Sequence[Move]], **options: Any) -> None:
        super().__init__(game, **options)
        self.forcing = forcing
        self.pending: Sequence[Move] = ()   # the forcing moves of the node being entered

    def alphabeta(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        if depth <= 0 and not self.game.is_terminal(state):      # at or past the depth limit
            self.pending = self.forcing(state)
            depth = -1 if self.pending else 0                    # unquiet: search on; quiet: a leaf
        return super().alphabeta(state, depth, alpha, beta, ply)

    def moves(self, state: State, ply: int) -> Sequence[Move]:
        if ply < self.horizon:
            return super().moves(state, ply)
        self.lines[ply] = ()
        pending = self.pending                       # found by alphabeta just now
        if pending.__class__ not in _SEQUENCES:
            pending = self.listed(pending, "forcing", ply)
        if self.natural_order:
            return pending
        return self.reordered(state, pending, ply)


_PLAIN_NUMBERS = (int, float)
_SEQUENCES = (tuple, list, range)


# -- the public functions ------------------------------------------------------------------

def minimax(game: GameLike, *, depth: int | None = None,
            evaluate: Callable[[Any], float] | None = None, conventions: Conventions | None = None,
            order: str | Ordering | None = None, state: Any = None, trace: bool = False,
            max_nodes: int | None = DEFAULT_MAX_NODES,
            max_seconds: float | None = DEFAULT_MAX_SECONDS,
            leaf_order: bool = True) -> SearchResult:
    """Minimax value of ``game`` (a tree, a game, a nested list or a tree text).

    ``depth`` limits the search (None: to the end of the game); at the limit the
    position is scored by ``evaluate`` (default: the game's own static evaluation).
    ``conventions`` (:class:`~mmlib.conventions.Conventions`) may put MIN at the root of a
    tree, give it several MIN agents per round, or ask for the value from the side to move.

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
    >>> minimax([[3, 5], [2, 9]], conventions=Conventions(root="min")).value   # min(5, 9)
    5
    """
    conventions = resolve(conventions)
    game = _as_game(game, conventions)
    search = _make_search(game, depth, evaluate, order, None, trace, max_nodes, ">=", leaf_order,
                          max_seconds)
    refuse_hopeless(game, depth, max_nodes, state, minimax=True)

    def root(start: Any, depth: float) -> float:
        value = search.minimax(start, depth, 0)
        if conventions.values == "mover" and not search.game.is_max(start):
            return -value                                    # from MIN's point of view
        return value

    return _run(search, "minimax", state, root, conventions)


def alphabeta(game: GameLike, *, depth: int | None = None,
              evaluate: Callable[[Any], float] | None = None, conventions: Conventions | None = None,
              variant: str | None = None, cutoff: str | None = None,
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
    ``conventions``: a :class:`~mmlib.conventions.Conventions` value naming these and the
    other choices courses make (MIN at the root, several MIN agents, values from the side
    to move, no deep cutoffs); ``variant`` and ``cutoff``, when given, win over it.
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
    >>> cs312 = Conventions(cutoff=">", variant="fail-hard")      # Cornell CS 312, Recitation 21
    >>> alphabeta(tree, conventions=cs312).algorithm
    'alphabeta (fail-hard, >)'
    """
    conventions = resolve(conventions, variant=variant, cutoff=cutoff)
    game = _as_game(game, conventions)
    alpha, beta = _validate.window(alpha, beta)
    search = _make_search(game, depth, evaluate, order, table, trace, max_nodes, conventions.cutoff,
                          leaf_order, max_seconds, deep=conventions.deep)
    refuse_hopeless(game, depth, max_nodes, state)
    if conventions.values == "mover":
        return _negamax_run(search, state, alpha, beta, conventions)
    algorithm = search.alphabeta if not conventions.fail_hard else search.alphabeta_fail_hard
    return _run(search, f"alphabeta ({conventions.variant}, {conventions.cutoff})", state,
                lambda s, d: algorithm(s, d, alpha, beta, 0), conventions)


def negamax(game: GameLike, *, depth: int | None = None,
            evaluate: Callable[[Any], float] | None = None, conventions: Conventions | None = None,
            variant: str | None = None, cutoff: str | None = None, order: str | Ordering | None = None,
            table: bool | TranspositionTable | None = None, state: Any = None,
            trace: bool = False, max_nodes: int | None = DEFAULT_MAX_NODES,
            max_seconds: float | None = DEFAULT_MAX_SECONDS,
            leaf_order: bool = True) -> SearchResult:
    """Negamax with alpha-beta pruning: one loop for both players, each node scoring from the
    side to move.  ``value`` is from MAX's point of view, like every other search, unless
    ``conventions`` say ``values="mover"`` (then from the side to move at the start).
    ``variant`` and ``cutoff`` as for :func:`alphabeta`.

    >>> negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).value
    3
    >>> negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]], conventions=Conventions(root="min",
    ...         values="mover")).value            # MIN at the root: min(12, 6, 14), to MIN
    -6
    """
    conventions = resolve(conventions, variant=variant, cutoff=cutoff)
    game = _as_game(game, conventions)
    search = _make_search(game, depth, evaluate, order, table, trace, max_nodes, conventions.cutoff,
                          leaf_order, max_seconds, deep=conventions.deep)
    refuse_hopeless(game, depth, max_nodes, state)
    return _negamax_run(search, state, -INF, INF, conventions)


def _negamax_run(search: _Search, state: Any, alpha: float, beta: float,
                 conventions: Conventions) -> SearchResult:
    """Run negamax from the start; the value from MAX's view unless ``values="mover"``."""
    algorithm = search.negamax_fail_hard if conventions.fail_hard else search.negamax
    reported_by_max = conventions.values == "max"

    def root(start: Any, depth: float) -> float:
        sign = 1 if search.game.is_max(start) else -1
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        value = algorithm(start, depth, lo, hi, 0)
        return sign * value if reported_by_max else value

    return _run(search, "negamax", state, root, conventions)


def quiescence(game: GameLike, depth: int, *, evaluate: Callable[[Any], float] | None = None,
               forcing: Callable[[Any], Sequence[Any]] | None = None, order: str | Ordering | None = None,
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
    >>> alphabeta(game, depth=1).value == quiescence(game, 0).value > 1000
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


def iterative_deepening(game: GameLike, max_depth: int, *,
                        evaluate: Callable[[Any], float] | None = None,
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
    deepest: int = _validate.whole("max_depth", max_depth, minimum=1)
    _validate.flag("killers", killers)
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress: expected a function or None, got {describe(progress)}")
    policy = as_ordering(order)
    if not isinstance(policy, PreviousIteration):
        policy = PreviousIteration(base=policy)
    if killers:
        policy = KillerMoves(policy)
    if table is True:
        table = TranspositionTable()
    budget = Budget(max_nodes, max_seconds)
    results: list[SearchResult] = []
    for depth in range(1, deepest + 1):
        _next_iteration(policy)
        with budget.spending(results):
            result = budget.spend(alphabeta(game, depth=depth, evaluate=evaluate, order=policy, table=table,
                                            state=state, **budget.remaining()))
        results.append(result)
        if progress is not None:
            _user_call(progress, "progress (called as progress(depth, result) after each iteration)",
                       depth, result)
        if result.stats.horizon_leaves == 0 and result.stats.table_hits == 0:
            break
    return IterativeResult(tuple(results))


def move_values(game: GameLike, *, depth: int | None = None, evaluate: Callable[[Any], float] | None = None,
                state: Any = None, algorithm: str = "alphabeta",
                max_nodes: int | None = DEFAULT_MAX_NODES,
                max_seconds: float | None = DEFAULT_MAX_SECONDS) -> dict[Any, SearchResult]:
    """Search each move of ``state`` separately: move -> result (exact value, its own counts).

    ``max_nodes`` and ``max_seconds`` are one budget for all the moves together; when it
    runs out, the error's ``completed`` holds the results of the moves already searched.

    >>> {move: r.value for move, r in move_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).items()}
    {0: 3, 1: 2, 2: 2}
    """
    played: Any = _as_game(game)
    algorithm = _validate.choice("algorithm", algorithm, ("minimax", "alphabeta"))
    depth = _check_depth(depth)
    budget = Budget(max_nodes, max_seconds)
    start = played.initial if state is None else state
    if _user_call(played.is_terminal, "game.is_terminal", start):
        return {}
    child_depth = None if depth is None else max(depth - 1, 0)
    searcher = minimax if algorithm == "minimax" else alphabeta
    results: dict[Any, SearchResult] = {}
    for move in _user_call(played.moves, "game.moves", start):
        child = _user_call(played.play, "game.play", start, move)
        with budget.spending(list(results.values())):
            results[move] = budget.spend(searcher(played, depth=child_depth, evaluate=evaluate, state=child,
                                                  **budget.remaining()))
    return results


# -- checking arguments and running ----------------------------------------------------------

_PROTOCOL = ("initial", "is_max", "moves", "play", "is_terminal", "utility", "evaluate", "key")


def _as_game(game: Any, conventions: Conventions | None = None) -> Any:
    """``game`` as something that follows the Game protocol, with the players
    ``conventions`` give it (nested lists and tree texts are read as trees)."""
    if conventions is not None and not conventions.usual_turns:
        return apply_conventions(_as_game(game), conventions)
    if isinstance(game, (list, tuple, str)):
        from ..trees import as_tree
        return as_tree(game)
    missing = [name for name in _PROTOCOL if not hasattr(game, name)]
    if missing:
        raise ArgumentTypeError(
            f"game: expected a tree, a game, a nested list or a tree text, got "
            f"{type(game).__name__} (it lacks {', '.join(missing)})"
        )
    return game


def _check_depth(depth: Any, name: str = "depth", allow_none: bool = True) -> int | None:
    """A depth limit: a whole number >= 0 (None: no limit, when ``allow_none``)."""
    return _validate.whole(name, depth, minimum=0, allow_none=allow_none)  # type: ignore[no-any-return]


def _make_search(game: Any, depth: Any, evaluate: Any, order: Any, table: Any, trace: Any,
                 max_nodes: Any, cutoff: Any, leaf_order: Any = True, max_seconds: Any = None, *,
                 deep: bool = True) -> _Search:
    depth = _check_depth(depth)
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {describe(evaluate)}")
    cutoff = _validate.choice("cutoff", cutoff, (">=", ">"))
    max_nodes, max_seconds = check_budget(max_nodes, max_seconds)
    if table is True:
        table = TranspositionTable()
    elif table is False:
        table = None
    elif table is not None and not isinstance(table, TranspositionTable):
        raise ArgumentTypeError(f"table: expected True or a TranspositionTable, got {describe(table)}")
    _validate.flag("leaf_order", leaf_order)
    _validate.flag("trace", trace)
    kind = _Search if deep else _ShallowSearch
    return kind(game, depth=depth, evaluate=evaluate, order=order, table=table,
                   trace=trace, max_nodes=max_nodes, cutoff=cutoff, leaf_order=leaf_order,
                   max_seconds=max_seconds)


def _user_call(function: Callable[..., Any], name: str, *args: Any) -> Any:
    """Call a user-supplied function outside a search; its failure becomes an mmlib error."""
    try:
        return function(*args)
    except MmlibError:
        raise
    except Exception as error:
        raise wrap_user_exception(
            error, f"{name} raised {type(error).__name__}: {_short_message(error)}", name, None
        ) from error


def _run(search: _Search, algorithm: str, state: Any, root_call: Callable[[Any, float], float],
         conventions: Conventions | None = None) -> SearchResult:
    start = search.game.initial if state is None else state
    with recursion_room(search.game, search.horizon, frames_per_ply=search.FRAMES_PER_PLY):
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
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, SearchInterrupted):
                raise
            raise SearchInterrupted(search.recorder.finish("interrupted")) from None
    stats = search.recorder.finish()
    pv = _principal_variation(search, start)
    trace = tuple(search.recorder.events) if isinstance(search.recorder, Tracer) else None
    return SearchResult(value, pv[0] if pv else None, pv, stats, algorithm, trace,
                        search.game, start, conventions)


_CALLS = re.compile(r"self\.static_value|self\.game\.(\w+)|game\.(\w+)|self\.order\.(\w+)|"
                    r"self\.base\.(\w+)|self\.forcing|search\.static_value")
_HERE = os.path.dirname(os.path.abspath(__file__))
_OWN_FILES = {os.path.join(_HERE, "algorithms.py")} | {
    os.path.join(os.path.dirname(_HERE), name) for name in ("instrument.py", "ordering.py", "table.py")}


def _blame(search: _Search, error: Exception) -> UserFunctionError:
    """A user function raised ``error`` during ``search``: name the function and the
    position, found from the innermost frame of the search's own code."""
    own = None
    tb = error.__traceback__
    while tb is not None:
        if os.path.abspath(tb.tb_frame.f_code.co_filename) in _OWN_FILES:
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


def _principal_variation(search: _Search, start: Any) -> tuple[Move, ...]:
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


def _unlinked(line: Line) -> tuple[Move, ...]:
    """The moves of a line kept as nested pairs (move, rest), as a flat tuple."""
    moves = []
    while line:
        moves.append(line[0])
        line = line[1]
    return tuple(moves)


def _next_iteration(policy: Ordering | None) -> None:
    while policy is not None:
        if isinstance(policy, PreviousIteration):
            policy.next_iteration()
        policy = getattr(policy, "base", None)


