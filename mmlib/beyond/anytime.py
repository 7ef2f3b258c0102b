"""Anytime iterative deepening: search deeper and deeper until a node or time budget runs out.

Alpha-beta to depth 1, 2, 3, ...; each iteration tries first the moves the previous one
found best.  When the budget runs out in the middle of an iteration, that iteration is
abandoned and the move of the *last completed* iteration is played: a program that can
be stopped at any moment and still has its best move so far (an anytime algorithm).

>>> from mmlib.games import ConnectFour
>>> result = anytime(ConnectFour(), max_nodes=5000)
>>> result.stats.nodes <= 5000, result.stats.extra["depth"] >= 4
(True, True)
>>> [row["depth"] for row in result.stats.extra["iterations"]][:3]
[1, 2, 3]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError
from ..ordering import PreviousIteration, as_ordering
from ..search import SearchResult
from ._engine import INF, as_game, check_budget, check_depth, check_number
from .nullwindow import _WindowSearch

__all__ = ["anytime"]


class _OutOfBudget(Exception):
    """The iteration under way must stop: no nodes or no time left."""


class _Iteration(_WindowSearch):
    """One alpha-beta iteration that stops the moment its budget is spent, and notes
    whether the depth limit cut off any live position (else the game is solved)."""

    def __init__(self, game, *, nodes_left: float, deadline: float, **options):
        super().__init__(game, **options)
        self.nodes_left = nodes_left
        self.deadline = deadline
        self.reached_horizon = False
        self.enter = self.enter_within_budget

    def enter_within_budget(self, path, alpha, beta, state):
        if self.recorder.nodes >= self.nodes_left:
            raise _OutOfBudget
        if self.recorder.nodes % 256 == 0 and time.monotonic() > self.deadline:
            raise _OutOfBudget
        self.recorder.enter(path, alpha, beta, state)

    def leaf(self, state, depth, path):
        if not self.game.is_terminal(state):
            self.reached_horizon = True
        return super().leaf(state, depth, path)


def anytime(game: Any, *, max_nodes: int | None = None, max_seconds: float | None = None,
            max_depth: int | None = None, evaluate: Callable | None = None, order: Any = None,
            state: Any = None, trace: bool = False) -> SearchResult:
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
    max_nodes = check_budget(max_nodes)
    max_depth = check_depth(max_depth, "max_depth")
    if max_seconds is not None:
        max_seconds = check_number(max_seconds, "max_seconds", positive=True)
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
    rows: list[dict] = []
    abandoned = 0
    events: list = []
    depth = 0
    while max_depth is None or depth < max_depth:
        depth += 1
        policy.next_iteration()
        search = _Iteration(game, nodes_left=nodes_left - spent, deadline=deadline, depth=depth,
                            evaluate=evaluate, order=policy, trace=trace)
        try:
            value = search.alphabeta(start, depth, -INF, INF, ())
        except _OutOfBudget:
            if trace:
                events += search.recorder.events
            partial = search.recorder.finish()
            abandoned = partial.nodes
            spent += partial.nodes
            leaves, cutoffs = leaves + partial.leaves, cutoffs + partial.cutoffs
            break
        stats = search.stats()
        if trace:
            events += search.recorder.events
        spent, leaves, cutoffs = spent + stats.nodes, leaves + stats.leaves, cutoffs + stats.cutoffs
        line = search.lines.get(0, ())
        best = SearchResult(value, line[0] if line else None, line, stats, "alphabeta", None,
                            game, start)
        rows.append({"depth": depth, "nodes": stats.nodes, "value": value,
                     "move": best.move})
        if not search.reached_horizon or time.monotonic() > deadline:
            break
    return _result(game, start, best, rows, spent, leaves, cutoffs, abandoned,
                   tuple(events) if trace else None)


def _result(game, start, best, rows, spent, leaves, cutoffs, abandoned, events) -> SearchResult:
    from ._engine import BeyondStats
    stats = BeyondStats(nodes=spent, leaves=leaves, cutoffs=cutoffs, leaf_order=None,
                        passes=len(rows) + (1 if abandoned else 0))
    stats.extra.update(depth=rows[-1]["depth"] if rows else 0, iterations=rows,
                       abandoned=abandoned)
    if best is None:
        return SearchResult(None, None, (), stats, "anytime", events, game, start)
    return SearchResult(best.value, best.move, best.pv, stats, "anytime", events, game, start)
