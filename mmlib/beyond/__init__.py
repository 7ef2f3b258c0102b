"""Search beyond alpha-beta: narrow windows, best-first search, Monte Carlo, chance, many agents.

Every algorithm runs on the :class:`mmlib.games.Game` protocol, counts like
:mod:`mmlib.search` (nodes, leaves, cutoffs, plus re-searches) and returns a
:class:`mmlib.search.SearchResult`.  The public names are re-exported by
:mod:`mmlib.search`.
"""

from .nullwindow import BoundTable, aspiration, mtdf, pvs, sss_star

__all__ = ["BoundTable", "aspiration", "mtdf", "pvs", "sss_star"]
