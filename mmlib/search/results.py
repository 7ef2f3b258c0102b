"""What a search returns: :class:`SearchResult` (one search) and :class:`IterativeResult`
(iterative deepening: one result per depth).  Both are frozen: a result is a record of
what happened, never changed afterwards.

>>> from mmlib import search
>>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> result.value, result.move, result.pv, result.stats.leaves
(3, 0, (0, 0), 7)
>>> result.kind, result.algorithm
(<Kind.ALPHABETA: 'alphabeta'>, 'alphabeta (fail-soft, >=)')
>>> result.value = 4
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'value'
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, NamedTuple, TypeVar

from ..conventions import CUTOFFS, VARIANTS, Conventions
from ..errors import ArgumentTypeError, SearchError, printable
from ..instrument import Event, Stats

__all__ = ["Kind", "SearchResult", "IterativeResult", "ResearchStats", "MonteCarloStats", "AnytimeStats",
           "IterationRow"]


class Kind(Enum):
    """The family a search belongs to; its ``value`` is the name the family's results carry.
    What each family is and does is told once, in :data:`mmlib.search.registry.FAMILIES`.

    >>> Kind.named("alphabeta (fail-hard, >)"), Kind.named("sss*"), Kind.named("chess") is None
    (<Kind.ALPHABETA: 'alphabeta'>, <Kind.SSS: 'sss*'>, True)
    """

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    NEGAMAX = "negamax"
    QUIESCENCE = "quiescence"
    EXPECTIMAX = "expectimax"
    EXPECTIMINIMAX = "expectiminimax"
    STAR1 = "star1"
    STAR2 = "star2"
    ASPIRATION = "aspiration"
    PVS = "pvs"
    MTDF = "mtdf"
    SSS = "sss*"
    MCTS = "mcts"
    ITERATIVE_DEEPENING = "iterative_deepening"
    ANYTIME = "anytime"

    @classmethod
    def named(cls, name: str) -> Kind | None:
        """The kind a result's ``algorithm`` names (``"pvs"``, ``"alphabeta (fail-soft, >=)"``...);
        None for a name of no family."""
        return _BY_NAME.get(name) if isinstance(name, str) else None

    def result_name(self, conventions: Conventions | None = None) -> str:
        """The name a result of this kind carries: alpha-beta searched under ``conventions``
        says its variant and cutoff test, ``"alphabeta (fail-soft, >=)"``; every other kind
        its ``value``."""
        if self is Kind.ALPHABETA and conventions is not None:
            return f"alphabeta ({conventions.variant}, {conventions.cutoff})"
        return self.value


ALPHABETA_NAMES: dict[str, tuple[str, str]] = {
    f"alphabeta ({variant}, {cutoff})": (variant, cutoff) for variant in VARIANTS for cutoff in CUTOFFS}
"""The names alpha-beta gives its results, with the variant and cutoff test each stands for."""

_BY_NAME: dict[str, Kind] = {**{kind.value: kind for kind in Kind},
                             **dict.fromkeys(ALPHABETA_NAMES, Kind.ALPHABETA)}


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value, the best move, the principal variation, the counts.

    ``move`` is a child index for trees and an action for games (None at a leaf);
    ``pv`` is the sequence of moves both sides are expected to play;
    ``kind`` is the :class:`Kind` of search that found it and ``algorithm`` its name, which
    for alpha-beta says the variant and the cutoff test (``"alphabeta (fail-hard, >)"``);
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
    kind: Kind = Kind.MINIMAX
    trace: tuple[Event, ...] | None = field(default=None, repr=False, compare=False)
    game: Any = field(default=None, repr=False, compare=False)
    start: Any = field(default=None, repr=False, compare=False)
    conventions: Conventions | None = field(default=None, repr=False, compare=False)
    algorithm: str = ""

    def __post_init__(self) -> None:
        kind: Any = self.kind
        if isinstance(kind, str) and Kind.named(kind) is not None:      # a result's name, as before kinds
            object.__setattr__(self, "kind", Kind.named(kind))
            object.__setattr__(self, "algorithm", self.algorithm or kind)
        elif not isinstance(kind, Kind):
            raise ArgumentTypeError(f"kind: expected a search.Kind or a search's name, got {printable(kind)}")
        if not self.algorithm:
            object.__setattr__(self, "algorithm", self.kind.result_name(self.conventions))

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
                                    f"got {printable(iterations)}")
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
    tree search, the completed iterations; for iterative deepening, the iterations).
    What one family adds has its own class: :class:`MonteCarloStats`, :class:`AnytimeStats`.

    >>> from mmlib import search
    >>> search.pvs([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).stats
    Stats(nodes=11, leaves=7, cutoffs=1, researches=0)
    """

    researches: int = 0
    passes: int = 1

    def __repr__(self) -> str:
        extra = f", table_hits={self.table_hits}" if self.table_hits else ""
        return (f"Stats(nodes={self.nodes}, leaves={self.leaves}, cutoffs={self.cutoffs}, "
                f"researches={self.researches}{extra})")

    @classmethod
    def adding(cls: type[_S], stats: Stats, **more: Any) -> _S:
        """These counts: every field of ``stats``, then ``more`` (which may replace some).

        >>> from mmlib.instrument import Stats
        >>> MonteCarloStats.adding(Stats(nodes=3, leaves=2), passes=2, visits={0: 2})
        Stats(nodes=3, leaves=2, cutoffs=0, researches=0)
        """
        return cls(**{**{item.name: getattr(stats, item.name) for item in fields(stats)}, **more})


_S = TypeVar("_S", bound=ResearchStats)


@dataclass(repr=False, frozen=True)
class MonteCarloStats(ResearchStats):
    """The counts of Monte Carlo tree search: ``passes`` is the completed iterations, and
    the root's ``visits`` and ``means`` (mean reward, MAX's view) are given per move.

    >>> from mmlib import search
    >>> stats = search.mcts([[1, 0], [0, 0]], iterations=40, seed=1).stats
    >>> stats.passes, sum(stats.visits.values()), sorted(stats.visits) == sorted(stats.means)
    (40, 40, True)
    """

    visits: dict[Any, int] = field(default_factory=dict)
    means: dict[Any, float] = field(default_factory=dict)


class IterationRow(NamedTuple):
    """One completed iteration of :func:`~mmlib.search.anytime`: its ``depth``, the ``nodes``
    it searched, the ``value`` and the ``move`` it found."""

    depth: int
    nodes: int
    value: float | None
    move: Any


@dataclass(repr=False, frozen=True)
class AnytimeStats(ResearchStats):
    """The counts of :func:`~mmlib.search.anytime` (every iteration's, the abandoned one's too):
    ``depth`` is the depth of the last completed iteration (0 if none completed),
    ``iterations`` one :class:`IterationRow` per completed iteration and ``abandoned`` the
    nodes of the iteration the budget stopped (0 if none was).

    >>> from mmlib import games, search
    >>> stats = search.anytime(games.TicTacToe(), max_nodes=3000).stats
    >>> stats.nodes == sum(row.nodes for row in stats.iterations) + stats.abandoned, stats.abandoned > 0
    (True, True)
    >>> [row.depth for row in stats.iterations] == list(range(1, stats.depth + 1))
    True
    """

    depth: int = 0
    iterations: tuple[IterationRow, ...] = ()
    abandoned: int = 0
