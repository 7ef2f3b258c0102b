"""Which searches a trace reads: the :class:`Algorithm` a result's name stands for, and what
each kind asks of the replay (passes, chance nodes, Monte Carlo iterations).

>>> Algorithm.named("alphabeta (fail-hard, >)"), Algorithm.named("sss*").multipass
(<Algorithm.ALPHABETA: 'alphabeta'>, True)
>>> Algorithm.named("anytime") is None
True
"""

from __future__ import annotations

from enum import Enum

from ..conventions import CUTOFFS, VARIANTS


class Algorithm(Enum):
    """The kind of search a transcript comes from (its ``value`` is the family's name)."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    NEGAMAX = "negamax"
    QUIESCENCE = "quiescence"
    ASPIRATION = "aspiration"
    PVS = "pvs"
    MTDF = "mtdf"
    SSS = "sss*"
    EXPECTIMAX = "expectimax"
    EXPECTIMINIMAX = "expectiminimax"
    STAR1 = "star1"
    STAR2 = "star2"
    MCTS = "mcts"

    @classmethod
    def named(cls, name: str) -> Algorithm | None:
        """The kind of the search a result's ``algorithm`` names (``"alphabeta (fail-soft, >=)"``,
        ``"pvs"``...); None for a search whose transcript the trace does not read."""
        return _BY_NAME.get(name)

    @property
    def multipass(self) -> bool:
        """A search of several passes (and null-window tests): aspiration, PVS, MTD(f), SSS*."""
        return self.value in WINDOW_ALGORITHMS

    @property
    def chance(self) -> bool:
        """A search of trees with chance nodes: expectimax, expectiminimax, Star1, Star2."""
        return self.value in CHANCE_ALGORITHMS

    @property
    def random_opponent(self) -> bool:
        """Expectimax: MIN is thought to move at random, so its nodes average their children."""
        return self is Algorithm.EXPECTIMAX

    @property
    def monte_carlo(self) -> bool:
        """Monte Carlo tree search, read as iterations."""
        return self is Algorithm.MCTS

    @property
    def variant(self) -> str:
        """How the search of this kind returns its values when its result does not say:
        ``"minimax"`` (no window) or ``"fail-soft"``."""
        if self in (Algorithm.MINIMAX, Algorithm.EXPECTIMAX, Algorithm.EXPECTIMINIMAX, Algorithm.MCTS):
            return "minimax"
        return "fail-soft"


WINDOW_ALGORITHMS = ("aspiration", "pvs", "mtdf", "sss*")
"""The searches of several passes (and null-window tests) whose transcripts :class:`Trace` reads."""


CHANCE_ALGORITHMS = ("expectimax", "expectiminimax", "star1", "star2")
"""The searches of trees with chance nodes whose transcripts :class:`Trace` reads."""


ALPHABETA_NAMES: dict[str, tuple[str, str]] = {
    f"alphabeta ({variant}, {cutoff})": (variant, cutoff) for variant in VARIANTS for cutoff in CUTOFFS}
"""The names alpha-beta gives its results, with the variant and cutoff test each stands for."""


_BY_NAME: dict[str, Algorithm] = {
    **{kind.value: kind for kind in Algorithm if kind is not Algorithm.ALPHABETA},
    **dict.fromkeys(ALPHABETA_NAMES, Algorithm.ALPHABETA)}
