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

import math
import numbers
import operator
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .errors import ArgumentError, ArgumentTypeError, SearchError, SearchTooLarge
from .instrument import Event, Recorder, Stats, Tracer
from .ordering import KillerMoves, Ordering, PreviousIteration, as_ordering
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
]

INF = math.inf
REFUSE_ABOVE = 50_000_000
"""Plain minimax on a tree known to have more nodes than this is refused before it
starts, unless ``max_nodes`` allows it explicitly."""

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

    Reading guide: ``enter`` counts a call, ``leaf`` evaluates a position statically,
    ``update`` reports a child's result, ``cutoff`` reports pruned children,
    ``best`` records the best move so far (for the principal variation), ``done``
    returns the node's value.  None of them changes what the algorithm computes.
    ``enter`` and ``update`` are the recorder's own methods (see :mod:`mmlib.instrument`).
    """

    def __init__(self, game, *, depth, evaluate, order, table, trace, max_nodes, cutoff,
                 leaf_order=True):
        self.game = game
        self.horizon = INF if depth is None else depth
        self.static_value = evaluate or game.evaluate
        self.order = as_ordering(order)
        self.table = table
        budget = INF if max_nodes is None else max_nodes
        self.recorder = (Tracer if trace else Recorder)(game, budget, leaf_order)
        self.enter = self.recorder.enter
        self.update = self.recorder.update
        self.prunes = operator.ge if cutoff == ">=" else operator.gt
        self.lines: dict[int, tuple] = {}

    # -- the algorithms ------------------------------------------------------------
    def minimax(self, state, depth, path):
        """Plain minimax (seeds 000, 001, 004): every child of every node is searched."""
        self.enter(path, None, None, state)
        if self.at_horizon(state, depth):
            return self.leaf(state, depth, path)
        maximizing = self.game.is_max(state)
        value = -INF if maximizing else INF
        for move in self.moves(state, path):
            score = self.minimax(self.game.play(state, move), depth - 1, path + (move,))
            if (score > value) if maximizing else (score < value):
                value = self.best(path, move, score)
            self.update(path, move, score, value, None, None)
        return self.done(state, path, value)

    def alphabeta(self, state, depth, alpha, beta, path):
        """Fail-soft alpha-beta (seed 001): the value may lie outside [alpha, beta]."""
        self.enter(path, alpha, beta, state)
        if self.at_horizon(state, depth):
            return self.leaf(state, depth, path)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, path)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, path)
        if self.game.is_max(state):
            value = -INF
            for i, move in enumerate(moves):
                score = self.alphabeta(self.game.play(state, move), depth - 1, alpha, beta,
                                       path + (move,))
                if score > value:
                    value = self.best(path, move, score)
                alpha = max(alpha, value)
                self.update(path, move, score, value, alpha, beta)
                if self.prunes(alpha, beta):
                    self.cutoff(path, move, moves[i + 1:])
                    break
        else:
            value = INF
            for i, move in enumerate(moves):
                score = self.alphabeta(self.game.play(state, move), depth - 1, alpha, beta,
                                       path + (move,))
                if score < value:
                    value = self.best(path, move, score)
                beta = min(beta, value)
                self.update(path, move, score, value, alpha, beta)
                if self.prunes(alpha, beta):
                    self.cutoff(path, move, moves[i + 1:])
                    break
        if self.table is not None:
            self.remember(state, depth, value, window, path)
        return self.done(state, path, value)

    def alphabeta_fail_hard(self, state, depth, alpha, beta, path):
        """Fail-hard alpha-beta, the [min, max] form of seed 000: an interior node's result
        is clamped to the window.  MAX starts from v = alpha and hands v down as the new
        alpha; when v passes beta it returns beta itself (MIN symmetrically).  As in the
        seed's code, a leaf returns its own value and its parent does the clamping."""
        self.enter(path, alpha, beta, state)
        if self.at_horizon(state, depth):
            return self.leaf(state, depth, path)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, path)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, path)
        if self.game.is_max(state):
            value = alpha                                    # v := min
            for i, move in enumerate(moves):
                score = self.alphabeta_fail_hard(self.game.play(state, move), depth - 1,
                                                 value, beta, path + (move,))
                if score > value:                            # if v' > v, v := v'
                    value = self.best(path, move, score)
                self.update(path, move, score, value, value, beta)
                if self.prunes(value, beta):                 # if v > max return max
                    self.cutoff(path, move, moves[i + 1:])
                    value = beta
                    break
        else:
            value = beta                                     # v := max
            for i, move in enumerate(moves):
                score = self.alphabeta_fail_hard(self.game.play(state, move), depth - 1,
                                                 alpha, value, path + (move,))
                if score < value:                            # if v' < v, v := v'
                    value = self.best(path, move, score)
                self.update(path, move, score, value, alpha, value)
                if self.prunes(alpha, value):                # if v < min return min
                    self.cutoff(path, move, moves[i + 1:])
                    value = alpha
                    break
        if self.table is not None:
            self.remember(state, depth, value, window, path)
        return self.done(state, path, value)

    def negamax(self, state, depth, alpha, beta, path):
        """Negamax with alpha-beta: one loop for both players.  Values are from the
        point of view of the player to move, so a child's value is negated."""
        self.enter(path, alpha, beta, state)
        sign = 1 if self.game.is_max(state) else -1
        if self.at_horizon(state, depth):
            return sign * self.leaf(state, depth, path)
        if self.table is not None:
            if (known := self.recall(state, depth, alpha, beta, path, sign)) is not None:
                return known
        window = (alpha, beta)
        moves = self.moves(state, path)
        value = -INF
        for i, move in enumerate(moves):
            score = -self.negamax(self.game.play(state, move), depth - 1, -beta, -alpha,
                                  path + (move,))
            if score > value:
                value = self.best(path, move, score)
            alpha = max(alpha, value)
            self.update(path, move, score, value, alpha, beta)
            if self.prunes(alpha, beta):
                self.cutoff(path, move, moves[i + 1:])
                break
        if self.table is not None:
            self.remember(state, depth, value, window, path, sign)
        return self.done(state, path, value, sign)

    # -- the vocabulary the algorithms are written in ------------------------------
    def at_horizon(self, state, depth) -> bool:
        """Stop here: the game is over or the depth limit is reached."""
        return depth == 0 or self.game.is_terminal(state)

    def moves(self, state, path) -> Sequence:
        """The moves of ``state`` in the order the ordering policy chooses."""
        self.lines[len(path)] = ()
        return self.order.order(self, state, self.game.moves(state), path)

    def leaf(self, state, depth, path) -> float:
        """Static evaluation: the exact score of a finished game, else the evaluator.
        (Above the depth limit a position is a leaf only because the game is over.)"""
        game = self.game
        if depth > 0 or game.is_terminal(state):
            value = game.utility(state)
        else:
            value = self.static_value(state)
        self.lines[len(path)] = ()
        return self.recorder.leaf(path, value)

    def best(self, path, move, score):
        """``move`` is the best so far at ``path``: extend the principal variation."""
        self.lines[len(path)] = (move,) + self.lines.get(len(path) + 1, ())
        return score

    def cutoff(self, path, move, skipped) -> None:
        """``move`` ended the node at ``path``; the moves ``skipped`` are pruned."""
        self.recorder.cutoff(path, skipped)
        if skipped:
            self.order.cutoff(path, move)

    def done(self, state, path, value, sign=1):
        """The node at ``path`` returns ``value`` (a learning ordering policy is told first)."""
        if self.order.learns:
            line = self.lines[len(path)]
            self.order.finished(self, state, path, sign * value, line[0] if line else None)
        return self.recorder.leave(path, value)

    def recall(self, state, depth, alpha, beta, path, sign=1):
        """The transposition table's answer, if it settles this node (None otherwise)."""
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        value = self.table.lookup(self.game.key(state), depth, lo, hi)
        if value is None:
            return None
        self.lines[len(path)] = ()
        return self.recorder.hit(path, sign * value)

    def remember(self, state, depth, value, window, path, sign=1) -> None:
        """Store the node's result in the transposition table, flagged by the window."""
        alpha, beta = window
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        line = self.lines[len(path)]
        self.table.store(self.game.key(state), depth, sign * value, lo, hi,
                         line[0] if line else None)


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

    def moves(self, state, path) -> Sequence:
        if len(path) < self.horizon:
            return super().moves(state, path)
        self.lines[len(path)] = ()
        return self.order.order(self, state, self.pending, path)   # found by at_horizon just now


# -- the public functions ------------------------------------------------------------------

def minimax(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
            order: str | Ordering | None = None, state: Any = None, trace: bool = False,
            max_nodes: int | None = None, leaf_order: bool = True) -> SearchResult:
    """Minimax value of ``game`` (a tree, a game, a nested list or a tree text).

    ``depth`` limits the search (None: to the end of the game); at the limit the
    position is scored by ``evaluate`` (default: the game's own static evaluation).

    >>> from mmlib import trees
    >>> minimax(trees.from_nested([[3, 5], [2, 9]])).value
    3
    >>> minimax([[3, 5], [2, 9]], depth=1, evaluate=lambda node: 0).value
    0
    """
    game = _as_game(game)
    search = _make_search(game, depth, evaluate, order, None, trace, max_nodes, ">=", leaf_order)
    _refuse_hopeless_minimax(game, depth, max_nodes)
    return _run(search, "minimax", state, lambda s, d: search.minimax(s, d, ()))


def alphabeta(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
              variant: str = "fail-soft", cutoff: str = ">=",
              order: str | Ordering | None = None, table: bool | TranspositionTable | None = None,
              alpha: float = -INF, beta: float = INF, state: Any = None, trace: bool = False,
              max_nodes: int | None = None, leaf_order: bool = True) -> SearchResult:
    """Alpha-beta value of ``game``: the minimax value, found while skipping what cannot matter.

    ``variant``: ``"fail-soft"`` (seed 001, returns the best value found even outside
    the window) or ``"fail-hard"`` (seed 000, results clamped to [alpha, beta]).
    ``cutoff``: ``">="`` prunes as soon as alpha >= beta; ``">"`` prunes only when
    alpha > beta, as some pseudocode literally says (it costs extra work on ties).
    ``table``: True or a :class:`~mmlib.table.TranspositionTable` to reuse values of
    positions reached by different move orders.  ``leaf_order=False`` keeps only the
    counts (``stats.leaf_order`` is None), so memory stays flat on huge searches.

    >>> from mmlib import trees
    >>> tree = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])   # seed 003, A-G
    >>> result = alphabeta(tree)
    >>> result.value, len(result.stats.leaf_order)
    (5, 5)
    >>> alphabeta(tree, variant="fail-hard", cutoff=">").value
    5
    """
    game = _as_game(game)
    if variant not in ("fail-soft", "fail-hard"):
        raise ArgumentError(f"variant: expected 'fail-soft' or 'fail-hard', got {variant!r}")
    alpha, beta = _check_window(alpha, beta)
    search = _make_search(game, depth, evaluate, order, table, trace, max_nodes, cutoff, leaf_order)
    algorithm = search.alphabeta if variant == "fail-soft" else search.alphabeta_fail_hard
    return _run(search, f"alphabeta ({variant}, {cutoff})", state,
                lambda s, d: algorithm(s, d, alpha, beta, ()))


def negamax(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
            cutoff: str = ">=", order: str | Ordering | None = None,
            table: bool | TranspositionTable | None = None, state: Any = None,
            trace: bool = False, max_nodes: int | None = None, leaf_order: bool = True) -> SearchResult:
    """Negamax with alpha-beta pruning (fail-soft).  ``value`` is from MAX's point of view,
    like every other search; inside, each node scores from the side to move.

    >>> negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).value
    3
    """
    game = _as_game(game)
    search = _make_search(game, depth, evaluate, order, table, trace, max_nodes, cutoff, leaf_order)

    def root(s, d):
        sign = 1 if game.is_max(s) else -1
        return sign * search.negamax(s, d, -INF, INF, ())

    return _run(search, "negamax", state, root)


def quiescence(game: Any, depth: int, evaluate: Callable | None = None, *,
               forcing: Callable | None = None, order: str | Ordering | None = None,
               state: Any = None, trace: bool = False, max_nodes: int | None = None) -> SearchResult:
    """Alpha-beta to ``depth``, then on along forcing moves until the position is quiet.

    A depth-limited search scores the positions at its horizon statically; if one of them
    is unquiet (a player can win at once, or must block at once) the decisive move lies
    just beyond the horizon: the horizon effect (seed 002).  ``forcing(state)`` lists the
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
    checked = _make_search(game, depth, evaluate, order, None, trace, max_nodes, ">=")
    search = _QuiescenceSearch(game, forcing=forcing, depth=checked.horizon, evaluate=evaluate,
                               order=checked.order, table=None, trace=bool(trace),
                               max_nodes=max_nodes, cutoff=">=")
    return _run(search, "quiescence", state, lambda s, d: search.alphabeta(s, d, -INF, INF, ()))


def iterative_deepening(game: Any, max_depth: int, evaluate: Callable | None = None, *,
                        killers: bool = False, table: bool | TranspositionTable | None = None,
                        order: str | Ordering | None = None, state: Any = None,
                        max_nodes: int | None = None,
                        progress: Callable[[int, SearchResult], None] | None = None,
                        ) -> IterativeResult:
    """Alpha-beta to depth 1, 2, ..., ``max_depth``; each iteration orders its moves by
    what the previous one found (its best move first, then by backed-up values).

    ``order`` orders the positions the previous iteration did not reach (default: the
    game's own order).  ``killers`` adds the killer heuristic on top; ``table`` shares one transposition
    table across iterations.  ``max_nodes`` is a budget for all iterations together.
    ``progress(depth, result)`` is called after each iteration.

    >>> from mmlib import trees
    >>> deepening = iterative_deepening(trees.ordered(3, 4, "random", seed=2, noise=0.1), 4)
    >>> [r.stats.nodes for r in deepening.iterations][0], deepening.value == alphabeta(
    ...     trees.ordered(3, 4, "random", seed=2)).value
    (4, True)
    """
    game = _as_game(game)
    max_depth = _check_depth(max_depth, "max_depth", allow_none=False)
    policy = as_ordering(order)
    if not isinstance(policy, PreviousIteration):
        policy = PreviousIteration(base=policy)
    if killers:
        policy = KillerMoves(policy)
    if table is True:
        table = TranspositionTable()
    budget = max_nodes
    results: list[SearchResult] = []
    for depth in range(1, max_depth + 1):
        _next_iteration(policy)
        result = alphabeta(game, depth, evaluate, order=policy, table=table, state=state,
                           max_nodes=budget)
        results.append(result)
        if budget is not None:
            budget = max(1, budget - result.stats.nodes)
        if progress is not None:
            progress(depth, result)
    return IterativeResult(tuple(results))


def move_values(game: Any, depth: int | None = None, evaluate: Callable | None = None, *,
                state: Any = None, algorithm: str = "alphabeta",
                max_nodes: int | None = None) -> dict[Any, SearchResult]:
    """Search each move of ``state`` separately: move -> result (exact value, its own counts).

    >>> {move: r.value for move, r in move_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).items()}
    {0: 3, 1: 2, 2: 2}
    """
    game = _as_game(game)
    if algorithm not in ("minimax", "alphabeta"):
        raise ArgumentError(f"algorithm: expected 'minimax' or 'alphabeta', got {algorithm!r}")
    start = game.initial if state is None else state
    if game.is_terminal(start):
        return {}
    child_depth = None if depth is None else max(_check_depth(depth) - 1, 0)
    searcher = minimax if algorithm == "minimax" else alphabeta
    return {move: searcher(game, child_depth, evaluate, state=game.play(start, move),
                           max_nodes=max_nodes)
            for move in game.moves(start)}


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


def _check_depth(depth: Any, name: str = "depth", allow_none: bool = True) -> int | None:
    if depth is None and allow_none:
        return None
    if isinstance(depth, bool) or not isinstance(depth, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected a whole number{' or None' if allow_none else ''},"
                                f" got {depth!r}")
    if depth < 0:
        raise ArgumentError(f"{name}: must be >= 0, got {depth}")
    return int(depth)


def _check_window(alpha: Any, beta: Any) -> tuple[float, float]:
    for name, bound in (("alpha", alpha), ("beta", beta)):
        if isinstance(bound, bool) or not isinstance(bound, numbers.Real) or math.isnan(bound):
            raise ArgumentTypeError(f"{name}: expected a number, got {bound!r}")
    if not alpha < beta:
        raise ArgumentError(f"alpha, beta: the window needs alpha < beta, got [{alpha}, {beta}]")
    return alpha, beta


def _make_search(game, depth, evaluate, order, table, trace, max_nodes, cutoff,
                 leaf_order=True) -> _Search:
    depth = _check_depth(depth)
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {evaluate!r}")
    if cutoff not in (">=", ">"):
        raise ArgumentError(f"cutoff: expected '>=' or '>', got {cutoff!r}")
    if max_nodes is not None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, numbers.Integral):
            raise ArgumentTypeError(f"max_nodes: expected a whole number, got {max_nodes!r}")
        if max_nodes < 1:
            raise ArgumentError(f"max_nodes: must be at least 1, got {max_nodes}")
    if table is True:
        table = TranspositionTable()
    elif table is False:
        table = None
    elif table is not None and not isinstance(table, TranspositionTable):
        raise ArgumentTypeError(f"table: expected True or a TranspositionTable, got {table!r}")
    if not isinstance(leaf_order, bool):
        raise ArgumentTypeError(f"leaf_order: expected True or False, got {leaf_order!r}")
    return _Search(game, depth=depth, evaluate=evaluate, order=order, table=table,
                   trace=bool(trace), max_nodes=max_nodes, cutoff=cutoff, leaf_order=leaf_order)


def _refuse_hopeless_minimax(game: Any, depth: int | None, max_nodes: int | None) -> None:
    branching = getattr(game, "branching", None)
    full_depth = getattr(game, "depth", None)
    if not isinstance(branching, int) or not isinstance(full_depth, int):
        return
    from .trees import uniform_node_count
    reach = full_depth if depth is None else min(depth, full_depth)
    nodes = uniform_node_count(branching, reach)
    limit = REFUSE_ABOVE if max_nodes is None else max_nodes
    if nodes > limit:
        raise SearchTooLarge(
            f"depth: plain minimax would visit all {nodes:,} nodes of this tree (b={branching}, "
            f"d={reach}), more than {limit:,}; use alphabeta, a smaller depth, or raise max_nodes"
        )


def _run(search: _Search, algorithm: str, state: Any, root_call) -> SearchResult:
    start = search.game.initial if state is None else state
    with _recursion_room(search.game, search.horizon):
        try:
            value = root_call(start, search.horizon)
        except RecursionError:
            raise SearchError(
                "depth: the game is too deep for a recursive search here; give a depth limit"
            ) from None
    stats = search.recorder.finish()
    pv = _principal_variation(search, start)
    trace = tuple(search.recorder.events) if search.recorder.tracing else None
    return SearchResult(value, pv[0] if pv else None, pv, stats, algorithm, trace,
                        search.game, start)


def _principal_variation(search: _Search, start: Any) -> tuple:
    line = search.lines.get(0, ())
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


@contextmanager
def _recursion_room(game: Any, horizon: float):
    """Make room on Python's call stack for a search as deep as the tree."""
    height = getattr(game, "height", None)
    if height is None:
        height = getattr(game, "depth", None)
    needed = min(horizon, height) if isinstance(height, int) else 0
    limit = sys.getrecursionlimit()
    wanted = int(needed) + 200 + _stack_depth()
    if wanted > 200_000:
        raise SearchError(f"depth: a tree of height {needed:,} is too deep to search recursively")
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
