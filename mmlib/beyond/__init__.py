"""Search beyond alpha-beta: narrow windows, best-first search, Monte Carlo, chance, many agents.

Every algorithm runs on the :class:`mmlib.games.Game` protocol, counts like
:mod:`mmlib.search` (nodes, leaves, cutoffs, plus re-searches) and returns a
:class:`mmlib.search.SearchResult`.  The searches are re-exported by :mod:`mmlib.search`.

- :mod:`~mmlib.beyond.nullwindow`: aspiration windows, PVS, MTD(f), SSS*;
- :mod:`~mmlib.beyond.mcts`: Monte Carlo tree search (UCT);
- :mod:`~mmlib.beyond.chance`: expectimax, expectiminimax, Star1 and Star2;
- :mod:`~mmlib.trees.layered`: trees with chance nodes and with several agents (re-exported here);
- :mod:`~mmlib.beyond.anytime`: iterative deepening under a node or time budget;
- :mod:`~mmlib.beyond.arena`: matches between players, with confidence intervals.
"""

from ..trees.layered import (
    LayeredNode,
    LayeredTree,
    LayeredUniformTree,
    layered_tree,
    layered_tree_from_text,
    layered_uniform,
)
from .anytime import anytime
from .arena import Score, alphabeta_player, match, mcts_player, play, random_player, wilson_interval
from .chance import chance_outcomes, expectimax, expectiminimax, is_chance
from .mcts import mcts, outcome_reward, scaled_reward
from .nullwindow import BoundTable, aspiration, mtdf, pvs, sss_star

__all__ = [
    "anytime", "aspiration", "pvs", "mtdf", "sss_star", "BoundTable",
    "mcts", "outcome_reward", "scaled_reward",
    "expectimax", "expectiminimax", "is_chance", "chance_outcomes",
    "LayeredNode", "LayeredTree", "LayeredUniformTree", "layered_tree", "layered_tree_from_text",
    "layered_uniform",
    "Score", "match", "play", "wilson_interval", "alphabeta_player", "mcts_player", "random_player",
]
