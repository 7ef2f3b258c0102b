"""Quiescence search: alpha-beta that looks past its depth limit while a position is unquiet.

>>> from mmlib import search
>>> from mmlib.games import ConnectFour
>>> search.quiescence(ConnectFour(opening="334455"), 0).value > 1000     # a win just past the horizon
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS, ArgumentTypeError
from ..games.base import Move, State
from ..ordering import Ordering
from .alphabeta import AlphaBeta
from .engine import INF, SEQUENCES, GameLike, as_game, make_search, run
from .results import Kind, SearchResult

if TYPE_CHECKING:
    from ..games.base import AnyGame

__all__ = ["quiescence", "Quiescence"]


class Quiescence(AlphaBeta):
    """Alpha-beta that looks past the depth limit while the position is unquiet.

    Alpha-beta itself is unchanged; two things are added.  At or past the depth limit a
    position is a leaf only when it is quiet (it has no forcing moves), and past the limit
    only its forcing moves are searched.
    """

    FRAMES_PER_PLY = 2

    def __init__(self, game: AnyGame, *, forcing: Callable[[State], Sequence[Move]], **options: Any) -> None:
        super().__init__(game, **options)
        self.forcing = forcing
        self.pending: Sequence[Move] = ()   # the forcing moves of the node being entered

    def alphabeta(self, state: State, depth: float, alpha: float, beta: float, ply: int) -> float:
        if depth <= 0 and not self.game.is_terminal(state):      # at or past the depth limit
            self.pending = self.forcing(state)
            depth = -1 if self.pending else 0                    # unquiet: search on; quiet: a leaf
        return super().alphabeta(state, depth, alpha, beta, ply)

    def moves(self, state: State, ply: int) -> Sequence[Move]:
        if ply < self.horizon:
            return super().moves(state, ply)
        self.lines[ply] = ()
        pending = self.pending                       # found by alphabeta just now
        if pending.__class__ not in SEQUENCES:
            pending = self.listed(pending, "forcing", ply)
        if self.natural_order:
            return pending
        return self.reordered(state, pending, ply)


def quiescence(game: GameLike, depth: int, *, evaluate: Callable[[Any], float] | None = None,
               forcing: Callable[[Any], Sequence[Any]] | None = None, order: str | Ordering | None = None,
               state: State = None, trace: bool = False,
               max_nodes: int | None = DEFAULT_MAX_NODES,
               max_seconds: float | None = DEFAULT_MAX_SECONDS) -> SearchResult:
    """Alpha-beta to ``depth``, then on along forcing moves until the position is quiet.

    A depth-limited search scores the positions at its horizon statically; if one of them
    is unquiet (a player can win at once, or must block at once) the decisive move lies
    just beyond the horizon: the horizon effect.  ``forcing(state)`` lists the
    moves that make a position unquiet (empty: quiet); the default is the game's own
    ``forcing_moves``.  The counts include the nodes searched beyond the horizon.

    >>> from mmlib.games import ConnectFour
    >>> from mmlib.search import alphabeta
    >>> game = ConnectFour(opening="334455")     # X can win at once on either side
    >>> alphabeta(game, depth=1).value == quiescence(game, 0).value > 1000
    True
    """
    game = as_game(game)
    if depth is None:
        raise ArgumentTypeError("depth: quiescence search needs a depth limit, got None")
    forcing = getattr(game, "forcing_moves", None) if forcing is None else forcing
    if not callable(forcing):
        raise ArgumentTypeError(f"forcing: expected a function of a state (the game "
                                f"{type(game).__name__} has no forcing_moves), got {forcing!r}")
    search = make_search(Quiescence, game, forcing=forcing, depth=depth, evaluate=evaluate, order=order,
                         trace=trace, max_nodes=max_nodes, max_seconds=max_seconds)
    return run(search, Kind.QUIESCENCE, state, lambda s, d: search.alphabeta(s, d, -INF, INF, 0))

