"""Search with chance nodes: expectimax, expectiminimax, and Ballard's Star1 and Star2.

A game with dice has *chance nodes*: ``game.is_chance(state)`` is True there and
``game.outcomes(state)`` lists (move, probability) pairs.  The value of a chance node
is the expected value of its outcomes (AIMA 4th ed., section 5.5: expectiminimax).

- :func:`expectiminimax`: MAX maximises, MIN minimises, chance averages;
- :func:`expectimax`: MAX against chance only; an opponent (a MIN node) is modelled as
  choosing uniformly at random, as CS188 (UC Berkeley, "Uncertainty and Utilities")
  does for ghosts that move at random;
- ``expectiminimax(..., pruning="star1" | "star2")``: Ballard's (1983) alpha-beta for
  trees with chance nodes.  With bounds L <= every value <= U, a chance node whose
  outcomes so far already decide that its value lies outside [alpha, beta] stops.
  Star2 first *probes* each outcome (searches just its first move) to get cheap bounds;
  with a table that remembers what the probes learnt it evaluates fewer leaves than Star1.
  Both return the expectiminimax value.

CS188's expectimax example: a chance node with outcomes 8, 24, -12 and probabilities
1/2, 1/3, 1/6 has value 1/2 * 8 + 1/3 * 24 + 1/6 * (-12) = 10.

>>> from mmlib.trees import layered_tree
>>> tree = layered_tree([[(1/2, 8), (1/3, 24), (1/6, -12)]], layers="max chance")
>>> round(expectimax(tree).value, 9)
10.0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS, ArgumentError, ArgumentTypeError, printable
from ..games.base import Move, State
from .engine import INF, GameLike, Search, as_game, make_counting_search, run
from .results import Kind, ResearchStats, SearchResult
from .windows import BoundTable

if TYPE_CHECKING:
    from ..games.base import AnyGame
    from ..ordering import Ordering

__all__ = ["expectimax", "expectiminimax", "is_chance", "chance_outcomes", "ChanceSearch"]


def is_chance(game: AnyGame, state: State) -> bool:
    """True when ``state`` is a chance node of ``game`` (False for games without chance)."""
    test = getattr(game, "is_chance", None)
    return bool(test is not None and test(state))


def chance_outcomes(game: AnyGame, state: State) -> list[tuple[Any, float]]:
    """The (move, probability) pairs of a chance node."""
    outcomes = getattr(game, "outcomes", None)
    if not callable(outcomes):
        raise ArgumentTypeError(f"game: expected a game with chance nodes (an outcomes method), got "
                                f"{printable(game)}")
    return list(outcomes(state))


class ChanceSearch(Search):
    """Expectiminimax, expectimax and Ballard's Star1 and Star2, in the engine's words.
    ``bound_table`` is the bounds table of Star1 and Star2 (None: no table)."""

    FRAMES_PER_PLY = 2         # a search and its helper

    def __init__(self, game: AnyGame, *, values: tuple[float, float] | None = None,
                 bound_table: BoundTable | None = None, **options: Any) -> None:
        super().__init__(game, **options)
        self.low, self.high = values if values is not None else (-INF, INF)
        self.bound_table = bound_table

    def before(self, state: State) -> None:
        self.refuse_unfinishable(state)

    def stats(self) -> ResearchStats:
        return self.research_stats()

    def expectiminimax(self, state: State, depth: float, ply: int, random_opponent: bool = False) -> float:
        """MAX: the largest child value; MIN: the smallest (or, for expectimax, the
        average); chance: the sum of probability * value over the outcomes."""
        self.enter(ply, None, None, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return self.leaf(state, depth, ply)
        if is_chance(self.game, state) or (random_opponent and not self.game.is_max(state)):
            value: float = 0
            for move, probability in self.weighted(state):
                score = self.expectiminimax(self.play(state, move, ply), depth - 1, ply + 1,
                                            random_opponent)
                value += probability * score
                self.update(ply, move, score, value, None, None)
            self.lines[ply] = ()
            return self.done(state, ply, value)
        maximizing = self.game.is_max(state)
        value = -INF if maximizing else INF
        for move in self.moves(state, ply):
            score = self.expectiminimax(self.play(state, move, ply), depth - 1, ply + 1,
                                        random_opponent)
            if (score > value) if maximizing else (score < value):
                value = self.best(ply, move, score)
            self.update(ply, move, score, value, None, None)
        return self.done(state, ply, value)

    def weighted(self, state: State) -> list[tuple[Move, float]]:
        if is_chance(self.game, state):
            return chance_outcomes(self.game, state)
        moves = list(self.game.moves(state))
        return [(move, 1 / len(moves)) for move in moves]

    # -- Star1 and Star2 -------------------------------------------------------------
    def star(self, state: State, depth: float, alpha: float, beta: float, ply: int, probing: bool) -> float:
        """Fail-soft alpha-beta at MAX and MIN nodes; :meth:`chance_node` at chance nodes."""
        self.enter(ply, alpha, beta, state)
        if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
            return self.leaf(state, depth, ply)
        if is_chance(self.game, state):
            return self.done(state, ply, self.chance_node(state, depth, alpha, beta, ply, probing))
        moves = self.moves(state, ply)
        maximizing = self.game.is_max(state)
        value = -INF if maximizing else INF
        for i, move in enumerate(moves):
            score = self.star(self.play(state, move, ply), depth - 1, alpha, beta, ply + 1, probing)
            if maximizing:
                if score > value:
                    value = self.best(ply, move, score)
                alpha = max(alpha, value)
            else:
                if score < value:
                    value = self.best(ply, move, score)
                beta = min(beta, value)
            self.update(ply, move, score, value, alpha, beta)
            if alpha >= beta:
                self.cutoff(ply, move, moves[i + 1:])
                break
        return self.done(state, ply, value)

    def chance_node(self, state: State, depth: float, alpha: float, beta: float, ply: int,
                    probing: bool) -> float:
        """Star1 (Ballard 1983), with Star2's probing phase when ``probing``.

        Every outcome i has a lower bound lo[i] and an upper bound hi[i] (at first the
        bounds L and U of all values).  With the outcomes before i known exactly (sum S),
        the chance node's value lies outside [alpha, beta] as soon as outcome i is

            <= α′ = (alpha - S - sum_{j>i} p_j hi[j]) / p_i      (value <= alpha), or
            >= β′ = (beta  - S - sum_{j>i} p_j lo[j]) / p_i      (value >= beta),

        so outcome i is searched in the window [max(α′, lo[i]), min(β′, hi[i])] and the
        node stops when the result falls outside (α′, β′).  Star2 first searches only the
        first move of each outcome: that raises lo[i] (a MAX outcome) or lowers hi[i]
        (a MIN outcome), and may already settle the node.
        """
        outcomes = chance_outcomes(self.game, state)
        moves = [move for move, _ in outcomes]
        p = [probability for _, probability in outcomes]
        lo, hi = [self.low] * len(p), [self.high] * len(p)
        self.lines[ply] = ()
        if probing:
            for i, move in enumerate(moves):
                self.probe(state, move, depth, i, p, lo, hi, alpha, beta, ply)
                low = sum(pj * lj for pj, lj in zip(p, lo, strict=True))
                high = sum(pj * hj for pj, hj in zip(p, hi, strict=True))
                if low >= beta or high <= alpha:
                    self.cutoff(ply, move, moves)            # no outcome was searched in full
                    return low if low >= beta else high
        known: float = 0                                      # S: the exact part so far
        for i, move in enumerate(moves):
            if lo[i] == hi[i]:
                score = lo[i]
            else:
                rest_hi = sum(pj * hj for pj, hj in zip(p[i + 1:], hi[i + 1:], strict=True))
                rest_lo = sum(pj * lj for pj, lj in zip(p[i + 1:], lo[i + 1:], strict=True))
                fail_low = (alpha - known - rest_hi) / p[i]       # α′
                fail_high = (beta - known - rest_lo) / p[i]       # β′
                window = (max(fail_low, lo[i]), min(fail_high, hi[i]))
                if window[0] >= window[1]:       # only by rounding: the bounds already decide
                    self.cutoff(ply, move, moves[i:])
                    if fail_low >= hi[i]:
                        return min(alpha, known + p[i] * hi[i] + rest_hi)
                    return max(beta, known + p[i] * lo[i] + rest_lo)
                if probing:
                    self.researches += 1
                score = self.star(self.play(state, move, ply), depth - 1, *window, ply + 1, probing)
                if score <= fail_low:
                    self.cutoff(ply, move, moves[i + 1:])
                    return known + p[i] * score + rest_hi       # an upper bound <= alpha
                if score >= fail_high:
                    self.cutoff(ply, move, moves[i + 1:])
                    return known + p[i] * score + rest_lo       # a lower bound >= beta
            known += p[i] * score
            self.update(ply, move, score, known, alpha, beta)
        return known

    def probe(self, state: State, move: Move, depth: float, i: int, p: list[float], lo: list[float],
              hi: list[float], alpha: float, beta: float, ply: int) -> None:
        """Star2's probe of outcome i: search only the first move of the position it
        leads to.  A MAX position is worth at least that move; a MIN position at most."""
        game = self.game
        child = self.play(state, move, ply)
        self.enter(ply + 1, alpha, beta, child)
        if depth - 1 == 0 or game.is_terminal(child):
            lo[i] = hi[i] = self.leaf(child, depth - 1, ply + 1)
            return
        if is_chance(game, child):
            self.recorder.leave(ply + 1, None)
            return
        first = self.moves(child, ply + 1)[0]
        others = sum(pj * lj for j, (pj, lj) in enumerate(zip(p, lo, strict=True)) if j != i)
        if game.is_max(child):
            window = (self.low, min((beta - others) / p[i], self.high))
            value = self.star(self.play(child, first, ply + 1), depth - 2, *window, ply + 2, True)
            lo[i] = max(lo[i], value)
        else:
            others = sum(pj * hj for j, (pj, hj) in enumerate(zip(p, hi, strict=True)) if j != i)
            window = (max((alpha - others) / p[i], self.low), self.high)
            value = self.star(self.play(child, first, ply + 1), depth - 2, *window, ply + 2, True)
            hi[i] = min(hi[i], value)
        self.recorder.cutoff(ply + 1, list(game.moves(child))[1:])
        self.recorder.leave(ply + 1, value)


class TableChanceSearch(ChanceSearch):
    """Star1 and Star2 with a bounds table, wrapped around :meth:`~ChanceSearch.star`: a node
    whose stored bounds settle the search is counted and answered from them; any other is
    searched, and what its fail-soft result says is stored.  The algorithm is unchanged."""

    FRAMES_PER_PLY = 3         # the table, the search and its helper

    def star(self, state: State, depth: float, alpha: float, beta: float, ply: int, probing: bool) -> float:
        if (known := self.known(state, depth, alpha, beta, ply)) is not None:
            return known
        return self.keep(state, depth, alpha, beta, super().star(state, depth, alpha, beta, ply, probing))

    def known(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float | None:
        """The bounds table's answer, when its bounds settle this search (None otherwise): the
        node is then counted, and answered from the table."""
        assert self.bound_table is not None
        lower, upper = self.bound_table.bounds(self.game.key(state), depth)
        if lower == upper or lower >= beta:
            value = lower
        elif upper <= alpha:
            value = upper
        else:
            return None
        self.enter(ply, alpha, beta, state)
        self.lines[ply] = ()
        return self.recorder.hit(ply, value)

    def keep(self, state: State, depth: float, alpha: float, beta: float, value: float) -> float:
        """Keep what a fail-soft result says: <= alpha an upper bound, >= beta a lower one."""
        assert self.bound_table is not None
        key = self.game.key(state)
        if value > alpha:
            self.bound_table.store(key, depth, lower=value)
        if value < beta:
            self.bound_table.store(key, depth, upper=value)
        return value


def _bounds(game: AnyGame, bounds: Any) -> tuple[float, float]:
    if bounds is None:
        bounds = getattr(game, "value_bounds", None)
        if bounds is None:
            raise ArgumentError("bounds: Star1 and Star2 need the smallest and largest value "
                                "a leaf can have; pass bounds=(L, U)")
    if not isinstance(bounds, (tuple, list)) or len(bounds) != 2:
        raise ArgumentTypeError(f"bounds: expected a pair (L, U), got {bounds!r}")
    low, high = (_validate.number("bounds", b, finite=True) for b in bounds)
    if not low < high:
        raise ArgumentError(f"bounds: need L < U, got ({low}, {high})")
    return low, high


def expectimax(game: GameLike, *, depth: int | None = None, evaluate: Callable[[State], float] | None = None,
               state: State = None, trace: bool = False, max_nodes: int | None = DEFAULT_MAX_NODES,
               order: str | Ordering | None = None,
               max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """Expectimax (CS188): MAX maximises; at a chance node, and at a MIN node (an opponent
    thought to play uniformly at random), the value is the expected value::

        value(s) = max over moves of value(child)            if MAX is to move
                 = sum over outcomes of p * value(child)      otherwise

    >>> expectimax([[3, 12], [2, 4, 6]]).value                 # MIN averages: max(7.5, 4)
    7.5
    """
    game = as_game(game)
    search = make_counting_search(ChanceSearch, game, depth=depth, evaluate=evaluate, order=order,
                                  trace=trace, max_nodes=max_nodes, max_seconds=max_seconds)
    search.visits_every_node = True
    return run(search, Kind.EXPECTIMAX, state,
               lambda s, d: search.expectiminimax(s, d, 0, random_opponent=True))


def expectiminimax(game: GameLike, *, depth: int | None = None,
                   evaluate: Callable[[State], float] | None = None,
                   pruning: str | None = None, bounds: tuple[float, float] | None = None,
                   table: bool | BoundTable = False, state: State = None, trace: bool = False,
                   max_nodes: int | None = DEFAULT_MAX_NODES, order: str | Ordering | None = None,
                   max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """Expectiminimax (AIMA 4th ed., section 5.5)::

        value(s) = max over moves of value(child)             if MAX is to move
                 = min over moves of value(child)             if MIN is to move
                 = sum over outcomes of p * value(child)      at a chance node

    ``pruning="star1"`` or ``"star2"`` searches with Ballard's (1983) pruning (see
    ``ChanceSearch.chance_node``); it needs ``bounds=(L, U)`` on the leaf values
    (default: the game's ``value_bounds``).  ``table`` (True or a
    :class:`~mmlib.search.BoundTable`) lets Star1 and Star2 keep the bounds they learn
    about each position, so that a position searched again (Star2 searches each probed
    move again) is answered from memory when its bounds suffice.  All give the same value.

    >>> from mmlib.trees import layered_tree
    >>> aima = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
    ...                     layers="max chance min")        # AIMA figure 5.12, left
    >>> [round(expectiminimax(aima, pruning=p).value, 9) for p in (None, "star1", "star2")]
    [2.1, 2.1, 2.1]
    """
    game = as_game(game)
    if pruning is not None and (not isinstance(pruning, str) or pruning not in ("star1", "star2")):
        raise ArgumentError(f"pruning: expected None, 'star1' or 'star2', got {pruning!r}")
    bound_table: BoundTable | None
    if table is True:
        bound_table = BoundTable()
    elif table is False:
        bound_table = None
    elif isinstance(table, BoundTable):
        bound_table = table
    else:
        raise ArgumentTypeError(f"table: expected True, False or a BoundTable, got {table!r}")
    if pruning is None:
        if bound_table is not None:
            raise ArgumentError("table: only the pruning searches (star1, star2) use a table")
        search = make_counting_search(ChanceSearch, game, depth=depth, evaluate=evaluate, order=order,
                                      trace=trace, max_nodes=max_nodes, max_seconds=max_seconds)
        search.visits_every_node = True
        return run(search, Kind.EXPECTIMINIMAX, state, lambda s, d: search.expectiminimax(s, d, 0))
    search = make_counting_search(ChanceSearch if bound_table is None else TableChanceSearch, game,
                                  values=_bounds(game, bounds), bound_table=bound_table,
                                  depth=depth, evaluate=evaluate, order=order, trace=trace,
                                  max_nodes=max_nodes, max_seconds=max_seconds)
    probing = pruning == "star2"
    return run(search, Kind.STAR2 if probing else Kind.STAR1, state,
               lambda s, d: search.star(s, d, search.low, search.high, 0, probing))
