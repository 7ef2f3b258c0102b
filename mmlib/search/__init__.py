"""Instrumented game-tree search: minimax, alpha-beta (fail-soft and fail-hard), negamax.

The package holds one concern per module: the algorithms, written in the shape of the
lecture pseudocode (:mod:`mmlib.search.algorithms`); what a search returns
(:mod:`mmlib.search.results`); budgets (:mod:`mmlib.search.budgets`).  What the counts
mean is defined in :mod:`mmlib.instrument`; the choices on which courses' pseudocode
differs (cutoff test, fail-soft or fail-hard, who moves first, negamax values, several
MIN agents) are one :class:`~mmlib.conventions.Conventions` value.  The searches beyond
alpha-beta (:mod:`mmlib.beyond`) are re-exported here.

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA figure 5.2
>>> search.minimax(tree)
SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9, cutoffs=0)
>>> result = search.alphabeta(tree)
>>> result.value, result.stats.leaves, [tree.label_of(p) for p in result.stats.leaf_order]
(3, 7, ['E', 'F', 'G', 'H', 'K', 'L', 'M'])
>>> search.alphabeta(tree, conventions=search.Conventions(cutoff=">", variant="fail-hard")).value
3
"""

from __future__ import annotations

from ..conventions import Conventions
from ..errors import DEFAULT_MAX_NODES, DEFAULT_MAX_SECONDS
from ..instrument import Stats
from .alphabeta import alphabeta, move_values, negamax
from .deepening import iterative_deepening
from .engine import INF, as_game, check_depth
from .minimax import minimax
from .quiescence import quiescence
from .budgets import MAX_SEARCH_DEPTH, REFUSE_ABOVE, Budget
from .budgets import check_budget as _check_budget  # noqa: F401 - used by mmlib.analysis
from .budgets import recursion_room as _recursion_room  # noqa: F401 - used by mmlib.beyond
from .counting import minimax_nodes
from .results import IterativeResult, SearchResult

__all__ = [
    "minimax_nodes",
    "SearchResult",
    "IterativeResult",
    "Stats",
    "Conventions",
    "Budget",
    "minimax",
    "alphabeta",
    "negamax",
    "iterative_deepening",
    "quiescence",
    "move_values",
    "INF",
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_SECONDS",
    "MAX_SEARCH_DEPTH",
    "REFUSE_ABOVE",
]

# -- search beyond alpha-beta (mmlib.beyond) ----------------------------------------------
from ..beyond import (  # noqa: E402
    aspiration,
    expectimax,
    expectiminimax,
    mtdf,
    pvs,
    sss_star,
)
from ..beyond.anytime import anytime  # noqa: E402 - the function, not its module
from ..beyond.mcts import mcts  # noqa: E402 - the function, not its module

__all__ += ["anytime", "aspiration", "pvs", "mtdf", "sss_star", "mcts", "expectimax", "expectiminimax"]
