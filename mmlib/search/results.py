"""What a search returns: :class:`SearchResult` (one search) and :class:`IterativeResult`
(iterative deepening: one result per depth).  Both are frozen: a result is a record of
what happened, never changed afterwards.

>>> from mmlib import search
>>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> result.value, result.move, result.pv, result.stats.leaves
(3, 0, (0, 0), 7)
>>> result.value = 4
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'value'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..conventions import Conventions
from ..errors import ArgumentTypeError, SearchError, describe
from ..instrument import Event, Stats

__all__ = ["SearchResult", "IterativeResult", "ResearchStats"]


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value, the best move, the principal variation, the counts.

    ``move`` is a child index for trees and an action for games (None at a leaf);
    ``pv`` is the sequence of moves both sides are expected to play;
    ``trace`` is the transcript (a tuple of :class:`~mmlib.instrument.Event`) when
    the search was asked for one, else None; ``game`` and ``start`` are what was
    searched (so a drawing can be made from the result alone); ``conventions`` are the
    :class:`~mmlib.conventions.Conventions` it was searched under (``value`` is from MAX's
    point of view unless they say ``values="mover"``: then from the side to move at the
    start).  ``value`` is None only when a budgeted search (:func:`~mmlib.search.mcts`,
    :func:`~mmlib.search.anytime`) stopped before it had any answer.
    """

    value: float | None
    move: Any
    pv: tuple[Any, ...]
    stats: Stats = field(compare=False)
    algorithm: str = "minimax"
    trace: tuple[Event, ...] | None = field(default=None, repr=False, compare=False)
    game: Any = field(default=None, repr=False, compare=False)
    start: Any = field(default=None, repr=False, compare=False)
    conventions: Conventions | None = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        s = self.stats
        return (f"SearchResult(value={self.value!r}, move={self.move!r}, pv={self.pv!r}, "
                f"nodes={s.nodes}, leaves={s.leaves}, cutoffs={s.cutoffs})")

    @property
    def known_value(self) -> float:
        """``value`` from a search that always finds one (minimax, alpha-beta, expectiminimax);
        a SearchError if the search stopped before any answer.

        >>> from mmlib import search, trees
        >>> search.minimax(trees.from_nested([[3, 12], [2, 4]])).known_value
        3
        """
        if self.value is None:
            raise SearchError(f"value: the {self.algorithm} search stopped before finding any")
        return self.value


@dataclass(frozen=True)
class IterativeResult:
    """Iterative deepening: one :class:`SearchResult` per depth, and their totals."""

    iterations: tuple[SearchResult, ...]

    def __post_init__(self) -> None:
        iterations = self.iterations
        if not isinstance(iterations, (tuple, list)) or not all(isinstance(one, SearchResult)
                                                                 for one in iterations):
            raise ArgumentTypeError(f"iterations: expected a tuple of SearchResult (one per depth), "
                                    f"got {describe(iterations)}")
        object.__setattr__(self, "iterations", tuple(iterations))

    @property
    def last(self) -> SearchResult:
        if not self.iterations:
            raise SearchError("iterations: no iteration was searched")
        return self.iterations[-1]

    @property
    def value(self) -> float | None:
        return self.last.value

    @property
    def move(self) -> Any:
        return self.last.move

    @property
    def pv(self) -> tuple[Any, ...]:
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


@dataclass(repr=False, frozen=True)
class ResearchStats(Stats):
    """:class:`~mmlib.instrument.Stats` plus the counts of searches that search again.

    ``researches``: searches of the root (or of a child) repeated with another window;
    ``passes``: searches started at the root (1 for a single search; for Monte Carlo
    tree search, the completed iterations; for iterative deepening, the iterations);
    ``extra``: what one algorithm adds (visits per move, the depth reached...).

    >>> from mmlib import search
    >>> search.pvs([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).stats
    Stats(nodes=11, leaves=7, cutoffs=1, researches=0)
    """

    researches: int = 0
    passes: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        extra = f", table_hits={self.table_hits}" if self.table_hits else ""
        return (f"Stats(nodes={self.nodes}, leaves={self.leaves}, cutoffs={self.cutoffs}, "
                f"researches={self.researches}{extra})")
