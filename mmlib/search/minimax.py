"""Minimax: every child of every node is searched (AIMA 4th ed., section 5.2).

::

    minimax(n) = utility(n)                     if n is a leaf (or at the depth limit: evaluate(n))
                 max over the children c of minimax(c)   if MAX moves at n
                 min over the children c of minimax(c)   if MIN moves at n

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA figure 5.2
>>> search.minimax(tree)
SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9, cutoffs=0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..conventions import Conventions, resolve
from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS
from ..games.base import State
from ..ordering import Ordering
from .engine import INF, GameLike, Search, as_game, make_search, run
from .results import Kind, SearchResult

__all__ = ["minimax", "Minimax"]


class Minimax(Search):
    """Plain minimax, written in the engine's words (see :class:`~mmlib.search.engine.Search`)."""

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
            self.update(ply, move, score, value, None, None)
        self.done(state, ply, value)
        return value


def minimax(game: GameLike, *, depth: int | None = None,
            evaluate: Callable[[Any], float] | None = None, conventions: Conventions | None = None,
            order: str | Ordering | None = None, state: State = None, trace: bool = False,
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
    game = as_game(game, conventions)
    search = make_search(Minimax, game, depth=depth, evaluate=evaluate, order=order, trace=trace,
                         max_nodes=max_nodes, leaf_order=leaf_order, max_seconds=max_seconds)
    search.refuse_too_large(state, minimax=True)

    def root(start: State, depth: float) -> float:
        value = search.minimax(start, depth, 0)
        if conventions.values == "mover" and not search.game.is_max(start):
            return -value                                    # from MIN's point of view
        return value

    return run(search, Kind.MINIMAX, state, root, conventions)

