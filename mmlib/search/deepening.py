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
>>> result.stats.nodes <= 5000, result.stats.extra["depth"] >= 4
(True, True)
>>> [row["depth"] for row in result.stats.extra["iterations"]][:3]
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
    describe,
)
from ..games.base import State
from ..instrument import Event
from ..ordering import KillerMoves, Ordering, PreviousIteration, as_ordering, learns_from_previous
from ..table import TranspositionTable
from .alphabeta import AlphaBeta, alphabeta
from .budgets import Budget, check_count
from .engine import INF, GameLike, as_game, check_depth, make_counting_search, user_call
from .results import IterativeResult, Kind, ResearchStats, SearchResult

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
        raise ArgumentTypeError(f"progress: expected a function or None, got {describe(progress)}")
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
    ``max_nodes``).  ``stats.extra["depth"]`` is the depth of the last completed
    iteration (0 if none completed: then ``move`` is None), ``stats.extra["iterations"]``
    one row per completed iteration and ``stats.extra["abandoned"]`` the nodes of the
    unfinished one.  ``order`` is the order of positions no iteration has ranked yet.
    ``trace=True`` keeps the transcript of every iteration, one after the other.

    >>> from mmlib.games import TicTacToe
    >>> solved = anytime(TicTacToe(), max_nodes=10 ** 6)      # ends when the game is searched out
    >>> solved.value, solved.stats.extra["depth"], solved.stats.extra["abandoned"]
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
    policy = PreviousIteration(base=as_ordering(order))
    deadline = math.inf if max_seconds is None else time.monotonic() + max_seconds
    start = game.initial if state is None else state
    nodes_left = INF if max_nodes is None else max_nodes
    spent = leaves = cutoffs = 0
    best: SearchResult | None = None
    rows: list[dict[str, Any]] = []
    abandoned = 0
    events: list[Event] = []
    depth = 0
    while max_depth is None or depth < max_depth:
        depth += 1
        policy.next_iteration()
        search = make_counting_search(_Iteration, game, nodes_left=nodes_left - spent, deadline=deadline,
                                      depth=depth, evaluate=evaluate, order=policy, trace=trace)
        try:
            value = search.alphabeta(start, depth, -INF, INF, 0)
        except _OutOfBudget:
            events += search.transcript() or ()
            partial = search.recorder.finish()
            abandoned = partial.nodes
            spent += partial.nodes
            leaves, cutoffs = leaves + partial.leaves, cutoffs + partial.cutoffs
            break
        except MmlibError:
            raise
        except Exception as error:
            raise search.blame(error) from error
        stats = search.stats()
        events += search.transcript() or ()
        spent, leaves, cutoffs = spent + stats.nodes, leaves + stats.leaves, cutoffs + stats.cutoffs
        line = search.principal_variation(start)
        best = SearchResult(value, line[0] if line else None, line, stats, Kind.ALPHABETA, None,
                            game, start)
        rows.append({"depth": depth, "nodes": stats.nodes, "value": value,
                     "move": best.move})
        if not search.reached_horizon or time.monotonic() > deadline:
            break
    return _result(game, start, best, rows, spent, leaves, cutoffs, abandoned,
                   tuple(events) if trace else None)


def _result(game: AnyGame, start: State, best: SearchResult | None, rows: list[dict[str, Any]], spent: int,
            leaves: int, cutoffs: int, abandoned: int, events: tuple[Event, ...] | None) -> SearchResult:
    stats = ResearchStats(nodes=spent, leaves=leaves, cutoffs=cutoffs, leaf_order=None,
                        passes=len(rows) + (1 if abandoned else 0))
    stats.extra.update(depth=rows[-1]["depth"] if rows else 0, iterations=rows,
                       abandoned=abandoned)
    if best is None:
        return SearchResult(None, None, (), stats, Kind.ANYTIME, events, game, start)
    return SearchResult(best.value, best.move, best.pv, stats, Kind.ANYTIME, events, game, start)
