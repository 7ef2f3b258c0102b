"""Quiescence search: do not stop at the depth limit in the middle of a fight.

A depth-limited search scores the positions at its horizon statically.  If one of
them is *unquiet* -- a player can win at once, or must block a threat at once -- the
static score says little about it: the decisive move lies just beyond the horizon
(the *horizon effect*, seed 002).  Quiescence search extends such positions: below the
depth limit it keeps searching, but only the *forcing* moves (the immediate wins, or
else the forced blocks), until the position is quiet; then it scores it statically.

The algorithm is fail-soft alpha-beta (:mod:`mmlib.search`), with one change in the
test that ends the search, so it uses the same instrumented machinery and its
results carry the same counts.

>>> from mmlib.games.connect4 import ConnectFour
>>> game = ConnectFour(opening="334455")   # X can win at once on either side
>>> plain = quiescence(game, depth=0)
>>> plain.value > 1000, plain.pv
(True, (2,))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import ArgumentTypeError
from .ordering import Ordering
from .search import INF, SearchResult, _as_game, _make_search, _run, _Search

__all__ = ["quiescence"]


class _QuiescenceSearch(_Search):
    """Alpha-beta that looks beyond the horizon while the position is unquiet."""

    def __init__(self, forcing: Callable, **options):
        super().__init__(**options)
        self.forcing = forcing

    def quiescence(self, state, depth, alpha, beta, path):
        """Fail-soft alpha-beta; at depth <= 0 only forcing moves are searched."""
        self.enter(path, alpha, beta, state)
        if self.game.is_terminal(state):
            return self.leaf(state, path)
        if depth > 0:
            moves = self.moves(state, path)
        else:
            moves = self.forcing(state)                # beyond the horizon: forcing moves only
            if not moves:
                return self.leaf(state, path)          # quiet: the static value can be trusted
        if self.game.is_max(state):
            value = -INF
            for i, move in enumerate(moves):
                score = self.quiescence(self.game.play(state, move), depth - 1, alpha, beta,
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
                score = self.quiescence(self.game.play(state, move), depth - 1, alpha, beta,
                                        path + (move,))
                if score < value:
                    value = self.best(path, move, score)
                beta = min(beta, value)
                self.update(path, move, score, value, alpha, beta)
                if self.prunes(alpha, beta):
                    self.cutoff(path, move, moves[i + 1:])
                    break
        return self.done(state, path, value)


def quiescence(game: Any, depth: int, evaluate: Callable | None = None, *,
               forcing: Callable | None = None, order: str | Ordering | None = None,
               state: Any = None, trace: bool = False, max_nodes: int | None = None) -> SearchResult:
    """Alpha-beta to ``depth``, then on along forcing moves until the position is quiet.

    ``forcing(state)`` lists the moves that make a position unquiet (an empty list means
    quiet); the default is the game's own ``forcing_moves`` (Connect Four has one: the
    immediate wins, else the blocks of the opponent's immediate wins).  The extension
    ends by itself: every forcing move fills a cell.  Counts in ``result.stats`` include
    the nodes searched beyond the horizon (``stats.nodes_by_depth`` shows how deep).

    >>> from mmlib.games.connect4 import ConnectFour
    >>> game = ConnectFour(opening="334455")
    >>> quiescence(game, depth=1).value == game.utility(game.position("3344552"))
    True
    """
    game = _as_game(game)
    if forcing is None:
        forcing = getattr(game, "forcing_moves", None)
    if not callable(forcing):
        raise ArgumentTypeError(
            f"forcing: expected a function of a state (the game {type(game).__name__} has no "
            f"forcing_moves), got {forcing!r}")
    checked = _make_search(game, depth, evaluate, order, None, trace, max_nodes, ">=")
    if depth is None:
        raise ArgumentTypeError("depth: quiescence search needs a depth limit, got None")
    search = _QuiescenceSearch(forcing, game=game, depth=checked.horizon, evaluate=evaluate,
                               order=checked.order, table=None, trace=bool(trace),
                               max_nodes=max_nodes, cutoff=">=")
    return _run(search, "quiescence", state, lambda s, d: search.quiescence(s, d, -INF, INF, ()))
