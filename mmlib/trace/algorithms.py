"""Which searches a trace reads: the kind a result's name stands for (:class:`Algorithm`, the
registry's :class:`~mmlib.search.Kind`), and what each kind asks of the replay (passes, chance
nodes, Monte Carlo iterations), read from :data:`mmlib.search.FAMILIES`.

>>> Algorithm.named("alphabeta (fail-hard, >)"), replays(Algorithm.named("sss*")).passes
(<Kind.ALPHABETA: 'alphabeta'>, True)
>>> replays(Algorithm.named("anytime")) is None
True
"""

from __future__ import annotations

from ..errors import MmlibError
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

__all__ = ["Algorithm", "replays", "WINDOW_ALGORITHMS", "CHANCE_ALGORITHMS", "ALPHABETA_NAMES", "search_name"]


def search_name(algorithm: str, variant: str | None = None, cutoff: str | None = None) -> str:
    """A search as the lectures name it: alpha-beta with its variant and its cutoff test (given,
    else read from the result's name ``algorithm``), the other searches as the list of searches
    displays them (the name itself if it is not listed).

    >>> search_name("alphabeta (fail-hard, >)"), search_name("alphabeta (fail-soft, >=)", "fail-hard", ">")
    ('alpha-beta (fail-hard, cut when α > β)', 'alpha-beta (fail-hard, cut when α > β)')
    >>> search_name("mtdf"), search_name("minimax"), search_name("my search")
    ('MTD(f)', 'minimax', 'my search')
    """
    if algorithm in ALPHABETA_NAMES:
        named_variant, named_cutoff = ALPHABETA_NAMES[algorithm]
        variant, cutoff = variant or named_variant, cutoff or named_cutoff
        return f"alpha-beta ({variant}, cut when α {'≥' if cutoff == '>=' else '>'} β)"
    try:
        return family(algorithm).display
    except MmlibError:
        return algorithm
