"""Which searches a trace reads: the kind a result's name stands for (:class:`Algorithm`, the
registry's :class:`~mmlib.search.Kind`), and what each kind asks of the replay (passes, chance
nodes, Monte Carlo iterations), read from :data:`mmlib.search.FAMILIES`.

>>> Algorithm.named("alphabeta (fail-hard, >)"), replays(Algorithm.named("sss*")).passes
(<Kind.ALPHABETA: 'alphabeta'>, True)
>>> replays(Algorithm.named("anytime")) is None
True
"""

from __future__ import annotations

from ..search.registry import Family, family, names
from ..search.results import ALPHABETA_NAMES as ALPHABETA_NAMES
from ..search.results import Kind

Algorithm = Kind
"""The kind of search a transcript comes from (its ``value`` is the family's name)."""


def replays(kind: Kind | None) -> Family | None:
    """The registry's entry for ``kind`` when the trace reads its transcript, else None."""
    if kind is None:
        return None
    about = family(kind)
    return about if about.traced else None


WINDOW_ALGORITHMS = names(passes=True, traced=True)
"""The searches of several passes (and null-window tests) whose transcripts :class:`Trace` reads."""


CHANCE_ALGORITHMS = names(chance=True, traced=True)
"""The searches of trees with chance nodes whose transcripts :class:`Trace` reads."""

__all__ = ["Algorithm", "replays", "WINDOW_ALGORITHMS", "CHANCE_ALGORITHMS", "ALPHABETA_NAMES"]
