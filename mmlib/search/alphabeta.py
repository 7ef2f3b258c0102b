"""Alpha-beta: the minimax value, found while skipping what cannot matter (AIMA 4th ed., 5.3).

Three forms, one per course convention: fail-soft (the value found may lie outside the
window), fail-hard (an interior node's result is clamped to the window, Cornell CS 312
recitation 21) and negamax (one loop for both players, values from the side to move).
:class:`ShallowAlphaBeta` has no deep cutoffs (Knuth & Moore 1975, procedure F1).

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA figure 5.2
>>> result = search.alphabeta(tree)
>>> result.value, result.stats.leaves, [tree.label_of(p) for p in result.stats.leaf_order]
(3, 7, ['E', 'F', 'G', 'H', 'K', 'L', 'M'])
>>> search.negamax(tree).stats.leaves
7
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from .. import _validate
from ..conventions import Conventions, resolve
from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS
from ..games.base import State
from ..ordering import Ordering
from ..table import TranspositionTable
from .budgets import Budget
from .engine import INF, GameLike, Search, as_game, check_depth, make_search, run, user_call
from .minimax import minimax
from .results import Kind, SearchResult

__all__ = ["alphabeta", "negamax", "move_values", "AlphaBeta", "ShallowAlphaBeta", "TableAlphaBeta"]


class AlphaBeta(Search):
    """Alpha-beta in its fail-soft, fail-hard and negamax forms, in the engine's words."""

    def alphabeta(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        """Fail-soft alpha-beta: the value may lie outside [alpha, beta]."""
        self.enter(ply, alpha, beta, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return self.leaf(state, depth, ply)
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
        self.done(state, ply, value)
        return value

    def negamax(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        """Negamax with alpha-beta: one loop for both players.  Values are from the
        point of view of the player to move, so a child's value is negated."""
        self.enter(ply, alpha, beta, state)
        sign = 1 if self.game.is_max(state) else -1
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return sign * self.leaf(state, depth, ply)
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
        moves = self.moves(state, ply)
        value = alpha                                        # v := alpha
        for i, move in enumerate(moves):
            score = -self.negamax_fail_hard(self.play(state, move, ply), depth - 1, -beta,
                                            -value, ply + 1)
            if score > value:
                value = self.best(ply, move, score)
            self.update(ply, move, score, value, value, beta)
            if self.prunes(value, beta):                     # if v > beta return beta
                self.cutoff(ply, move, moves[i + 1:])
                value = beta
                break
        self.done(state, ply, value, sign)
        return value


Form = TypeVar("Form", bound=Callable[..., float])
"""One form of alpha-beta, as a function of the search and (state, depth, alpha, beta, ply)."""


def _tabled(form: Form, mover: bool) -> Form:
    """``form`` wrapped in a transposition table: an interior node the table settles is counted
    and answered from it; any other is searched by ``form``, then stored.  ``mover``: the form's
    values are from the side to move (negamax)."""

    @functools.wraps(form)
    def tabled(self: AlphaBeta, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        if depth == 0 or self.game.is_terminal(state):      # a leaf is evaluated, never stored
            return form(self, state, depth, alpha, beta, ply)
        sign = (1 if self.game.is_max(state) else -1) if mover else 1
        if (known := self.recall(state, depth, alpha, beta, ply, sign)) is not None:
            return known
        value = form(self, state, depth, alpha, beta, ply)
        self.remember(state, depth, value, (alpha, beta), ply, sign)
        return value

    return cast(Form, tabled)


class TableAlphaBeta(AlphaBeta):
    """Alpha-beta with a transposition table, wrapped around each of its forms (see
    :func:`_tabled`): look a node up before its search, store it after.  The forms themselves
    are unchanged."""

    alphabeta = _tabled(AlphaBeta.alphabeta, mover=False)
    alphabeta_fail_hard = _tabled(AlphaBeta.alphabeta_fail_hard, mover=False)
    negamax = _tabled(AlphaBeta.negamax, mover=True)
    negamax_fail_hard = _tabled(AlphaBeta.negamax_fail_hard, mover=True)


class ShallowAlphaBeta(AlphaBeta):
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


class TableShallowAlphaBeta(ShallowAlphaBeta, TableAlphaBeta):
    """Alpha-beta without deep cutoffs, with a transposition table: the table is consulted with
    the window the parent's bound leaves."""

    FRAMES_PER_PLY = 3


def _family(deep: bool, table: Any) -> type[AlphaBeta]:
    """The alpha-beta search for deep cutoffs or not, with a table or not."""
    tabled = table is not None and table is not False
    if deep:
        return TableAlphaBeta if tabled else AlphaBeta
    return TableShallowAlphaBeta if tabled else ShallowAlphaBeta


def alphabeta(game: GameLike, *, depth: int | None = None,
              evaluate: Callable[[Any], float] | None = None, conventions: Conventions | None = None,
              variant: str | None = None, cutoff: str | None = None,
              order: str | Ordering | None = None, table: bool | TranspositionTable | None = None,
              alpha: float = -INF, beta: float = INF, state: State = None, trace: bool = False,
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
    game = as_game(game, conventions)
    alpha, beta = _validate.window(alpha, beta)
    kind = _family(conventions.deep, table)
    search = make_search(kind, game, depth=depth, evaluate=evaluate, order=order, table=table, trace=trace,
                         max_nodes=max_nodes, cutoff=conventions.cutoff, leaf_order=leaf_order,
                         max_seconds=max_seconds)
    search.refuse_too_large(state)
    if conventions.values == "mover":
        return _negamax_run(search, state, alpha, beta, conventions)
    algorithm = search.alphabeta if not conventions.fail_hard else search.alphabeta_fail_hard
    return run(search, Kind.ALPHABETA, state,
                lambda s, d: algorithm(s, d, alpha, beta, 0), conventions)


def negamax(game: GameLike, *, depth: int | None = None,
            evaluate: Callable[[Any], float] | None = None, conventions: Conventions | None = None,
            variant: str | None = None, cutoff: str | None = None, order: str | Ordering | None = None,
            table: bool | TranspositionTable | None = None, state: State = None,
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
    game = as_game(game, conventions)
    kind = _family(conventions.deep, table)
    search = make_search(kind, game, depth=depth, evaluate=evaluate, order=order, table=table, trace=trace,
                         max_nodes=max_nodes, cutoff=conventions.cutoff, leaf_order=leaf_order,
                         max_seconds=max_seconds)
    search.refuse_too_large(state)
    return _negamax_run(search, state, -INF, INF, conventions)


def _negamax_run(search: AlphaBeta, state: State, alpha: float, beta: float,
                 conventions: Conventions) -> SearchResult:
    """Run negamax from the start; the value from MAX's view unless ``values="mover"``."""
    algorithm = search.negamax_fail_hard if conventions.fail_hard else search.negamax
    reported_by_max = conventions.values == "max"

    def root(start: State, depth: float) -> float:
        sign = 1 if search.game.is_max(start) else -1
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        value = algorithm(start, depth, lo, hi, 0)
        return sign * value if reported_by_max else value

    return run(search, Kind.NEGAMAX, state, root, conventions)


def move_values(game: GameLike, *, depth: int | None = None, evaluate: Callable[[Any], float] | None = None,
                state: State = None, algorithm: str = "alphabeta",
                max_nodes: int | None = DEFAULT_MAX_NODES,
                max_seconds: float | None = DEFAULT_MAX_SECONDS) -> dict[Any, SearchResult]:
    """Search each move of ``state`` separately: move -> result (exact value, its own counts).

    ``max_nodes`` and ``max_seconds`` are one budget for all the moves together; when it
    runs out, the error's ``completed`` holds the results of the moves already searched.

    >>> {move: r.value for move, r in move_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).items()}
    {0: 3, 1: 2, 2: 2}
    """
    played: Any = as_game(game)
    algorithm = _validate.choice("algorithm", algorithm, ("minimax", "alphabeta"))
    depth = check_depth(depth)
    budget = Budget(max_nodes, max_seconds)
    start = played.initial if state is None else state
    if user_call(played.is_terminal, "game.is_terminal", start):
        return {}
    child_depth = None if depth is None else max(depth - 1, 0)
    searcher = minimax if algorithm == "minimax" else alphabeta
    results: dict[Any, SearchResult] = {}
    for move in user_call(played.moves, "game.moves", start):
        child = user_call(played.play, "game.play", start, move)
        with budget.spending(list(results.values())):
            results[move] = budget.spend(searcher(played, depth=child_depth, evaluate=evaluate, state=child,
                                                  **budget.remaining()))
    return results

