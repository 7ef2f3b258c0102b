"""Iterative deepening: alpha-beta to depth 1, 2, 3, ..., each iteration ordered by the last.

:func:`iterative_deepening` runs every iteration to ``max_depth`` (or until the game is
searched out) within one budget; :func:`anytime` runs until a node or time budget runs
out and plays the move of the last completed iteration: when the budget runs out in the middle
of an iteration, that iteration is abandoned, so the program can be stopped at any moment and
still has its best move so far (an anytime algorithm).

>>> from mmlib import search, trees
>>> deepening = search.iterative_deepening(trees.ordered(2, 3, noise=0.1), 10)   # b = 2, 3 plies
>>> [r.stats.nodes for r in deepening.iterations]      # 1 + 2, 1 + 2 + 4, then pruned below 15
[3, 7, 12]
>>> from mmlib.games import ConnectFour
>>> result = search.anytime(ConnectFour(), max_nodes=5000)
>>> result.stats.nodes <= 5000, result.stats.depth >= 4
(True, True)
>>> [row.depth for row in result.stats.iterations][:3]
[1, 2, 3]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    ArgumentTypeError,
    MmlibError,
    printable,
)
from ..games.base import State
from ..instrument import Event, Stats
from ..ordering import KillerMoves, Ordering, PreviousIteration, as_ordering, learns_from_previous
from ..table import TranspositionTable
from .alphabeta import AlphaBeta, alphabeta
from .budgets import Budget, check_count
from .engine import INF, GameLike, Search, as_game, check_depth, make_counting_search, run, user_call
from .results import AnytimeStats, IterationRow, IterativeResult, Kind, SearchResult

if TYPE_CHECKING:
    from ..games.base import AnyGame

__all__ = ["iterative_deepening", "anytime"]


def iterative_deepening(game: GameLike, max_depth: int, *,
                        evaluate: Callable[[Any], float] | None = None,
                        killers: bool = False, table: bool | TranspositionTable | None = None,
                        order: str | Ordering | None = None, state: State = None,
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
    game = as_game(game)
    deepest: int = _validate.whole("max_depth", max_depth, minimum=1)
    _validate.flag("killers", killers)
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress: expected a function or None, got {printable(progress)}")
    policy = as_ordering(order)
    if not learns_from_previous(policy):
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
            user_call(progress, "progress (called as progress(depth, result) after each iteration)",
                       depth, result)
        if result.stats.horizon_leaves == 0 and result.stats.table_hits == 0:
            break
    return IterativeResult(tuple(results))


def _next_iteration(policy: Ordering | None) -> None:
    while policy is not None:
        if isinstance(policy, PreviousIteration):
            policy.next_iteration()
        policy = getattr(policy, "base", None)


# -- anytime: iterative deepening under a budget --------------------------------------------

class _OutOfBudget(Exception):
    """The iteration under way must stop: no nodes or no time left."""


class _Iteration(AlphaBeta):
    """One alpha-beta iteration that stops the moment its budget is spent, and notes
    whether the depth limit cut off any live position (else the game is solved)."""

    FRAMES_PER_PLY = 2

    def __init__(self, game: AnyGame, *, nodes_left: float, deadline: float, **options: Any) -> None:
        super().__init__(game, **options)
        self.nodes_left = nodes_left
        self.deadline = deadline
        self.reached_horizon = False
        self.enter = self.enter_within_budget

    def enter_within_budget(self, ply: int, alpha: float | None, beta: float | None, state: State) -> None:
        if self.recorder.nodes >= self.nodes_left:
            raise _OutOfBudget
        if self.recorder.nodes % 256 == 0 and time.monotonic() > self.deadline:
            raise _OutOfBudget
        self.recorder.enter(ply, alpha, beta, state)

    def leaf(self, state: State, depth: float, ply: int) -> float:
        if not self.game.is_terminal(state):
            self.reached_horizon = True
        return super().leaf(state, depth, ply)


def anytime(game: GameLike, *, max_nodes: int | None = None, max_seconds: float | None = None,
            max_depth: int | None = None, evaluate: Callable[[State], float] | None = None,
            order: str | Ordering | None = None,
            state: State = None, trace: bool = False) -> SearchResult:
    """Iterative deepening under a budget of ``max_nodes`` nodes and/or ``max_seconds``::

        best := none
        for depth = 1, 2, 3, ...
            result := alphabeta(root, depth), moves ordered by the previous iteration
            if the budget ran out during it: stop       (the unfinished iteration is dropped)
            best := result
            if the search reached the end of the game everywhere: stop
        return best

    ``value``, ``move`` and ``pv`` come from the last completed iteration; ``stats``
    counts every node searched, the abandoned iteration included (never more than
    ``max_nodes``), an :class:`~mmlib.search.AnytimeStats`: ``stats.depth`` is the depth of the
    last completed iteration (0 if none completed: then ``move`` is None), ``stats.iterations``
    one row per completed iteration and ``stats.abandoned`` the nodes of the unfinished one.
    ``order`` is the order of positions no iteration has ranked yet.
    ``trace=True`` keeps the transcript of every iteration, one after the other.

    >>> from mmlib.games import TicTacToe
    >>> solved = anytime(TicTacToe(), max_nodes=10 ** 6)      # ends when the game is searched out
    >>> solved.value, solved.stats.depth, solved.stats.abandoned
    (0, 9, 0)
    """
    game = as_game(game)
    max_nodes = check_count(max_nodes)
    max_depth = check_depth(max_depth, "max_depth")
    if max_seconds is not None:
        max_seconds = _validate.number("max_seconds", max_seconds, finite=True, positive=True)
    if max_nodes is None and max_seconds is None and max_depth is None:
        raise ArgumentError("max_nodes, max_seconds, max_depth: give at least one budget")
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {evaluate!r}")
    _validate.flag("trace", trace)
    search = _Anytime(game, max_nodes=max_nodes, max_depth=max_depth, evaluate=evaluate,
                      order=as_ordering(order), trace=trace,
                      deadline=math.inf if max_seconds is None else time.monotonic() + max_seconds)
    return run(search, Kind.ANYTIME, state, lambda start, _: search.deepen(start))


class _Anytime(Search):
    """Iterative deepening under a budget, run as one search: each iteration is a fresh
    :class:`_Iteration`, and what the iterations found and spent is kept here."""

    FRAMES_PER_PLY = 2

    def __init__(self, game: Any, *, max_nodes: int | None, max_depth: int | None,
                 evaluate: Callable[[State], float] | None, order: Ordering, trace: bool,
                 deadline: float) -> None:
        super().__init__(game, depth=max_depth, evaluate=evaluate, order=None, table=None, trace=False,
                         max_nodes=None)
        self.evaluate, self.keep_transcript, self.deadline = evaluate, trace, deadline
        self.policy = PreviousIteration(base=order)
        self.nodes_left = INF if max_nodes is None else max_nodes
        self.spent = self.leaves = self.cutoffs = self.abandoned = 0
        self.last: SearchResult | None = None
        self.rows: list[IterationRow] = []
        self.events: list[Event] = []
        self.iteration: _Iteration | None = None        # the iteration under way

    def deepen(self, start: State) -> float | None:
        """Search to depth 1, 2, 3, ... until the budget runs out or the game is searched out;
        the value of the last completed iteration."""
        depth = 0
        while self.horizon == INF or depth < self.horizon:
            depth += 1
            self.policy.next_iteration()
            search = self.iteration = make_counting_search(
                _Iteration, self.game, nodes_left=self.nodes_left - self.spent, deadline=self.deadline,
                depth=depth, evaluate=self.evaluate, order=self.policy, trace=self.keep_transcript)
            try:
                value = search.alphabeta(start, depth, -INF, INF, 0)
            except _OutOfBudget:
                self.abandon(search.recorder.finish())
                break
            stats = self.spend(search, search.stats())
            line = search.principal_variation(start)
            self.last = SearchResult(value, line[0] if line else None, line, stats, Kind.ALPHABETA, None,
                                     self.game, start)
            self.rows.append(IterationRow(depth, stats.nodes, value, self.last.move))
            if not search.reached_horizon or time.monotonic() > self.deadline:
                break
        self.iteration = None
        return None if self.last is None else self.last.value

    def spend(self, search: _Iteration, stats: Stats) -> Stats:
        """Add an iteration's counts and transcript to the whole search's."""
        self.events += search.transcript() or ()
        self.spent, self.leaves = self.spent + stats.nodes, self.leaves + stats.leaves
        self.cutoffs += stats.cutoffs
        return stats

    def abandon(self, stats: Stats) -> None:
        """The iteration under way stops unfinished: its counts are the abandoned nodes."""
        assert self.iteration is not None
        self.abandoned = self.spend(self.iteration, stats).nodes
        self.iteration = None

    # -- what run() asks ---------------------------------------------------------------
    def stats(self) -> AnytimeStats:
        return AnytimeStats(nodes=self.spent, leaves=self.leaves, cutoffs=self.cutoffs, leaf_order=None,
                            passes=len(self.rows) + (1 if self.abandoned else 0),
                            depth=self.rows[-1].depth if self.rows else 0, iterations=tuple(self.rows),
                            abandoned=self.abandoned)

    def partial_stats(self) -> AnytimeStats:
        if self.iteration is not None:
            self.abandon(self.iteration.recorder.finish("interrupted"))
        return self.stats()

    def blame(self, error: Exception) -> MmlibError:
        if self.iteration is not None:                    # the error arose in the iteration under way
            return self.iteration.blame(error)
        return super().blame(error)

    def principal_variation(self, start: State) -> tuple[Any, ...]:
        return () if self.last is None else self.last.pv

    def transcript(self) -> tuple[Event, ...] | None:
        return tuple(self.events) if self.keep_transcript else None
