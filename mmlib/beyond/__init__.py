"""Search beyond alpha-beta: narrow windows, best-first search, Monte Carlo, chance, many agents.

Every algorithm runs on the :class:`mmlib.games.Game` protocol, counts like
:mod:`mmlib.search` (nodes, leaves, cutoffs, plus re-searches) and returns a
:class:`mmlib.search.SearchResult`.  The searches are re-exported by :mod:`mmlib.search`.

- :mod:`~mmlib.beyond.nullwindow`: aspiration windows, PVS, MTD(f), SSS*;
- :mod:`~mmlib.beyond.mcts`: Monte Carlo tree search (UCT);
- :mod:`~mmlib.beyond.chance`: expectimax, expectiminimax, Star1 and Star2;
- :mod:`~mmlib.beyond.layered`: trees with chance nodes and with several agents.
"""

from .chance import chance_outcomes, expectimax, expectiminimax, is_chance
from .layered import (
    LayeredNode,
    LayeredTree,
    LayeredUniformTree,
    layered_tree,
    layered_tree_from_text,
    layered_uniform,
)
from .mcts import mcts, outcome_reward
from .nullwindow import BoundTable, aspiration, mtdf, pvs, sss_star

__all__ = ["BoundTable", "aspiration", "mtdf", "pvs", "sss_star", "mcts", "outcome_reward",
           "expectimax", "expectiminimax", "is_chance", "chance_outcomes", "LayeredNode",
           "LayeredTree", "LayeredUniformTree", "layered_tree", "layered_tree_from_text",
           "layered_uniform"]
