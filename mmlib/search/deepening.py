"""Iterative deepening: alpha-beta to depth 1, 2, 3, ..., each iteration ordered by the last.

:func:`iterative_deepening` runs every iteration to ``max_depth`` (or until the game is
searched out) within one budget; :func:`anytime` runs until a node or time budget runs
out and plays the move of the last completed iteration.

>>> from mmlib import search, trees
>>> deepening = search.iterative_deepening(trees.ordered(2, 3, noise=0.1), 10)   # b = 2, 3 plies
>>> [r.stats.nodes for r in deepening.iterations]      # 1 + 2, 1 + 2 + 4, then pruned below 15
[3, 7, 12]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _validate
from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS, ArgumentTypeError, describe
from ..ordering import KillerMoves, Ordering, PreviousIteration, as_ordering
from ..table import TranspositionTable
from .alphabeta import alphabeta
from .budgets import Budget
from .engine import GameLike, as_game, user_call
from .results import IterativeResult, SearchResult

__all__ = ["iterative_deepening", "anytime"]


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
    game = as_game(game)
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


