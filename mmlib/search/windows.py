"""Searching with narrow windows: aspiration windows, PVS, MTD(f) and SSS*.

Alpha-beta with the window [alpha, beta] answers more cheaply the narrower the window.
The narrowest question is a *null-window test*, "is the value at least gamma?": its
answer is only a bound, but it costs no more than the Knuth-Moore minimal tree of one
kind (all MAX moves or all MIN replies).  Four algorithms are built on that idea:

- aspiration windows: alpha-beta in a window around a guess, widened when it fails;
- PVS / NegaScout (Marsland & Campbell 1982, Reinefeld 1983): search the first move
  fully, prove the others worse with null-window tests, re-search when a test fails;
- MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): only null-window tests, each
  answer a new bound, with a table remembering the bounds of every position;
- SSS* (Stockman 1979) in the form MT-SSS* of Plaat et al.: MTD(f) from the guess +inf.
  It evaluates no leaf that alpha-beta (same move order) skips: Stockman's theorem.

Values here are real numbers, so "at least gamma" and "more than gamma" are two tests
(integers would use gamma and gamma + 1).  Every search returns the minimax value.

>>> from mmlib import trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA figure 5.2
>>> [f(tree).value for f in (aspiration, pvs, mtdf, sss_star)]
[3, 3, 3, 3]
>>> sss_star(tree).stats.leaves, mtdf(tree, guess=3).stats.passes
(7, 2)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .. import _validate
from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS, ArgumentTypeError, MmlibError
from ..games.base import Move, State
from ..table import BoundTable
from .alphabeta import AlphaBeta
from .engine import INF, GameLike, as_game, checked_score, make_counting_search, run
from .results import Kind, ResearchStats, SearchResult

if TYPE_CHECKING:
    from ..games.base import AnyGame
    from ..ordering import Ordering

__all__ = ["aspiration", "pvs", "mtdf", "sss_star", "BoundTable", "WindowSearch"]

Test = Callable[[float, float], bool]
"""A null-window test's comparison: ``operator.ge`` ("value >= gamma?") or ``operator.gt``."""


class WindowSearch(AlphaBeta):
    """The searches with narrow windows: alpha-beta's own fail-soft search (inherited from
    :class:`~mmlib.search.alphabeta.AlphaBeta`), the null-window test, PVS.  The bounds
    table of MTD(f) and SSS* is ``bound_table``."""

    FRAMES_PER_PLY = 2         # a search and its helper

    def __init__(self, game: AnyGame, *, bound_table: BoundTable | None = None, **options: Any) -> None:
        super().__init__(game, **options)
        self.bound_table = bound_table
        self.value: float = 0

    def before(self, state: State) -> None:
        self.refuse_unfinishable(state)

    def stats(self) -> ResearchStats:
        return self.research_stats()

    def first_guess(self, state: State, guess: float | None) -> float:
        """The first guess of a window search: ``guess``, else the static value of ``state``, else 0."""
        if guess is not None:
            return cast(float, _validate.number("guess", guess))
        if self.game.is_terminal(state):
            return checked_score(self.game.utility(state), "game.utility", ())
        try:
            value = self.static_value(state)
        except MmlibError:
            return 0
        return checked_score(value, self.evaluator_name, ())

    def test(self, state: State, depth: float, gamma: float, holds: Test, ply: int) -> float:
        """The null-window test "is the value >= gamma?" (or "> gamma?": ``holds`` is >= or >).

        The answer g is a bound: if ``holds(g, gamma)`` the value is at least g,
        otherwise at most g.  MAX stops at the first child that passes, MIN at the
        first that fails.  With a table (MT, Plaat et al. 1996) the bounds are kept.
        """
        self.enter(ply, gamma, gamma, state)
        if self.bound_table is not None:
            lower, upper = self.bound_table.bounds(self.game.key(state), depth)
            if holds(lower, gamma):
                return self.known(ply, lower)
            if not holds(upper, gamma):
                return self.known(ply, upper)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            g = self.leaf(state, depth, ply)
            self.keep(state, depth, g, g)
            return g
        moves = self.moves(state, ply)
        maximizing = self.game.is_max(state)
        g = -INF if maximizing else INF
        for i, move in enumerate(moves):
            score = self.test(self.play(state, move, ply), depth - 1, gamma, holds, ply + 1)
            if (score > g) if maximizing else (score < g):
                g = self.best(ply, move, score)
            self.update(ply, move, score, g, gamma, gamma)
            if holds(g, gamma) == maximizing:       # MAX: proved high; MIN: proved low
                self.cutoff(ply, move, moves[i + 1:])
                break
        if holds(g, gamma):
            self.keep(state, depth, g, INF)
        else:
            self.keep(state, depth, -INF, g)
        return self.done(state, ply, g)

    def pvs(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        """Principal variation search: the first move with the window, the others tested.

        MAX: v := pvs(first child, alpha, beta); then for each other child c, while v < beta:
        a := max(alpha, v); if test(c > a) answers t > a, c is better: re-search it in
        [t, beta] (t is a lower bound on c).  MIN is the mirror image.  Fail-soft, like alpha-beta.
        """
        self.enter(ply, alpha, beta, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return self.leaf(state, depth, ply)
        moves = self.moves(state, ply)
        maximizing = self.game.is_max(state)
        first, *others = moves
        value = self.best(ply, first, self.pvs(self.play(state, first, ply), depth - 1,
                                               alpha, beta, ply + 1))
        self.update(ply, first, value, value, alpha, beta)
        for i, move in enumerate(others):
            if (value >= beta) if maximizing else (value <= alpha):
                self.cutoff(ply, moves[i], others[i:])
                break
            child = self.play(state, move, ply)
            if maximizing:
                bound = max(alpha, value)
                self.mark("test", ply + 1, alpha=bound, beta=bound, test=">")
                score = self.test(child, depth - 1, bound, operator.gt, ply + 1)
                if bound < score < beta:                 # better than the best so far: re-search
                    self.researches += 1
                    score = self.pvs(child, depth - 1, score, beta, ply + 1)
                if score > value:
                    value = self.best(ply, move, score)
            else:
                bound = min(beta, value)
                self.mark("test", ply + 1, alpha=bound, beta=bound, test=">=")
                score = self.test(child, depth - 1, bound, operator.ge, ply + 1)
                if alpha < score < bound:
                    self.researches += 1
                    score = self.pvs(child, depth - 1, alpha, score, ply + 1)
                if score < value:
                    value = self.best(ply, move, score)
            self.update(ply, move, score, value, alpha, beta)
        else:
            if (value >= beta) if maximizing else (value <= alpha):
                self.cutoff(ply, moves[-1], ())
        return self.done(state, ply, value)

    # -- the bounds table --------------------------------------------------------------
    def known(self, ply: int, value: float) -> float:
        """The bounds table settled the node at ``ply``: its answer is ``value``."""
        self.lines[ply] = ()
        return self.recorder.hit(ply, value)

    def keep(self, state: State, depth: float, lower: float, upper: float) -> None:
        """Keep the bounds a test proved for ``state`` (infinite ones say nothing)."""
        if self.bound_table is not None:
            self.bound_table.store(self.game.key(state), depth, lower=lower if lower > -INF else None,
                             upper=upper if upper < INF else None)

    def proven_line(self, start: State, line: tuple[Move, ...]) -> tuple[Move, ...]:
        """The principal variation from the table: at each node a child proven to keep
        the root's value (MAX: lower bound >= it; MIN: upper bound <= it)."""
        if self.bound_table is None:
            return line
        game, state, depth = self.game, start, self.horizon
        moves: list[Move] = []
        value = self.value
        while not (depth == 0 or game.is_terminal(state)):
            for move in self.order.order(self, state, list(game.moves(state)), tuple(moves)):
                lower, upper = self.bound_table.bounds(game.key(game.play(state, move)), depth - 1)
                if (lower >= value) if game.is_max(state) else (upper <= value):
                    break
            else:
                break
            moves.append(move)
            state, depth = game.play(state, move), depth - 1
        return tuple(moves)


def _search(game: GameLike, depth: int | None, evaluate: Callable[[State], float] | None,
            order: str | Ordering | None,
            trace: bool, max_nodes: int | None, table: BoundTable | bool | None = None, *,
            max_seconds: float | None) -> WindowSearch:
    game = as_game(game)
    if table is True:
        table = BoundTable()
    elif table is not None and not isinstance(table, BoundTable):
        raise ArgumentTypeError(f"table: expected True or a BoundTable, got {table!r}")
    return make_counting_search(WindowSearch, game, bound_table=table, depth=depth, evaluate=evaluate,
                                order=order, trace=trace, max_nodes=max_nodes, max_seconds=max_seconds)


def aspiration(game: GameLike, *, depth: int | None = None, evaluate: Callable[[State], float] | None = None,
               guess: float | None = None, delta: float = 1.0, order: str | Ordering | None = None,
               state: State = None, trace: bool = False,
               max_nodes: int | None = DEFAULT_MAX_NODES,
               max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """Alpha-beta in an aspiration window [guess - delta, guess + delta], widened on failure.

    ::

        alpha, beta := guess - delta, guess + delta
        loop
            v := alphabeta(root, alpha, beta)
            if v <= alpha: alpha := -inf        (failed low: search again)
            elif v >= beta: beta := +inf        (failed high: search again)
            else return v

    A right guess makes the window narrow and the search cheaper; a wrong one costs a
    re-search (``stats.researches``).  ``guess`` defaults to the static value of the
    position (0 where there is none); ``delta`` is half the window's width.

    >>> from mmlib import trees
    >>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> aspiration(tree, guess=3, delta=1)
    SearchResult(value=3, move=0, pv=(0, 0), nodes=11, leaves=7, cutoffs=1)
    >>> aspiration(tree, guess=10, delta=1).stats.researches
    1
    """
    search = _search(game, depth, evaluate, order, trace, max_nodes, max_seconds=max_seconds)
    delta = _validate.number("delta", delta, finite=True, positive=True)

    def root(start: State, depth: float) -> float:
        centre = search.first_guess(start, guess)
        alpha, beta = centre - delta, centre + delta
        while True:
            search.passes += 1
            search.mark("pass", 0, alpha=alpha, beta=beta)
            value = search.alphabeta(start, depth, alpha, beta, 0)
            if value <= alpha and alpha > -INF:
                alpha = -INF
            elif value >= beta and beta < INF:
                beta = INF
            else:
                return value
            search.researches += 1

    return run(search, Kind.ASPIRATION, state, root)


def pvs(game: GameLike, *, depth: int | None = None, evaluate: Callable[[State], float] | None = None,
        order: str | Ordering | None = None, state: State = None, trace: bool = False,
        max_nodes: int | None = DEFAULT_MAX_NODES,
        max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """Principal variation search (NegaScout, Reinefeld 1983), in the MAX/MIN form::

        pvs(n, alpha, beta):                                 (n a MAX node)
            v := pvs(first child, alpha, beta)
            for each other child c, while v < beta:
                a := max(alpha, v)
                t := test(c, "value > a?")                   (a null-window search)
                if a < t < beta: t := pvs(c, t, beta)        (c is better: re-search)
                v := max(v, t)
            return v

    With the best move first every test fails as expected and the search visits the
    minimal tree; each wrong guess costs a re-search (``stats.researches``).

    >>> pvs([[[3, 5], [6, 9]], [[1, 2], [0, -1]]]).value     # the A-G tree of the Özbilge slides
    5
    """
    search = _search(game, depth, evaluate, order, trace, max_nodes, max_seconds=max_seconds)

    def root(start: State, depth: float) -> float:
        search.mark("pass", 0, alpha=-INF, beta=INF)
        return search.pvs(start, depth, -INF, INF, 0)

    return run(search, Kind.PVS, state, root)


def mtdf(game: GameLike, *, depth: int | None = None, evaluate: Callable[[State], float] | None = None,
         guess: float | None = None, table: bool | BoundTable = True, order: str | Ordering | None = None,
         state: State = None, trace: bool = False, max_nodes: int | None = DEFAULT_MAX_NODES,
         max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """MTD(f) (Plaat et al. 1996): close in on the value with null-window tests only::

        g := guess; lower, upper := -inf, +inf
        while lower < upper:
            if g > lower: ask test(root, "value >= g?")
            else:         ask test(root, "value > g?")       (g = lower is known already)
            the answer g is a bound: if the test passed, lower := g, else upper := g
        return g

    Each test is a pass over the tree (``stats.passes``); the table (a :class:`BoundTable`)
    keeps the bounds of every position between passes, so a pass re-expands only what
    the new question needs.  ``guess`` defaults to the static value of the position
    (0 where there is none); the closer it is, the fewer passes.

    >>> from mmlib import trees
    >>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [(g, mtdf(tree, guess=g).stats.passes) for g in (3, 0, 20)]
    [(3, 2), (0, 2), (20, 4)]
    """
    search = _search(game, depth, evaluate, order, trace, max_nodes,
                     BoundTable() if table is True else table, max_seconds=max_seconds)
    if search.bound_table is None:
        raise ArgumentTypeError("table: MTD(f) needs its table (True or a BoundTable), got None")

    def root(start: State, depth: float) -> float:
        g, lower, upper = search.first_guess(start, guess), -INF, INF
        while lower < upper:
            search.passes += 1
            holds = operator.ge if g > lower else operator.gt
            gamma = g
            search.mark("pass", 0, alpha=gamma, beta=gamma, test=">=" if holds is operator.ge else ">")
            g = search.test(start, depth, gamma, holds, 0)
            if holds(g, gamma):
                lower = g
            else:
                upper = g
        search.researches = search.passes - 1
        search.value = g
        return g

    return run(search, Kind.MTDF, state, root, pv=search.proven_line)


def sss_star(game: GameLike, *, depth: int | None = None, evaluate: Callable[[State], float] | None = None,
             table: bool | BoundTable = True, order: str | Ordering | None = None, state: State = None,
             trace: bool = False, max_nodes: int | None = DEFAULT_MAX_NODES,
             max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """SSS* (Stockman 1979) as MT-SSS* (Plaat et al. 1996): best-first, one bound at a time::

        g := +inf
        repeat
            gamma := g
            g := test(root, "value >= gamma?")       (the answer lowers the upper bound)
        until g >= gamma                             (then g = gamma = the value)

    The first pass finds an upper bound (all MAX moves, one MIN reply each); each next
    pass refines the most promising line, and the table remembers the rest, so every
    leaf is evaluated at most once.  Stockman's theorem: SSS* never evaluates a leaf that
    alpha-beta with the same move order skips.

    >>> from mmlib import trees
    >>> tree = trees.ordered(3, 4, "best", seed=1)
    >>> sss_star(tree).stats.leaves == 3 ** 2 + 3 ** 2 - 1       # the minimal tree
    True
    """
    search = _search(game, depth, evaluate, order, trace, max_nodes,
                     BoundTable() if table is True else table, max_seconds=max_seconds)
    if search.bound_table is None:
        raise ArgumentTypeError("table: SSS* needs its table (True or a BoundTable), got None")

    def root(start: State, depth: float) -> float:
        g = INF
        while True:
            gamma = g
            search.passes += 1
            search.mark("pass", 0, alpha=gamma, beta=gamma, test=">=")
            g = search.test(start, depth, gamma, operator.ge, 0)
            if g >= gamma:
                break
        search.researches = search.passes - 1
        search.value = g
        return g

    return run(search, Kind.SSS, state, root, pv=search.proven_line)
