"""Search beyond alpha-beta, now at home in :mod:`mmlib.search`; trees with chance nodes and with
several agents (:mod:`~mmlib.beyond.layered`).

The searches are re-exported here from their modules in :mod:`mmlib.search` (windows, chance,
mcts, deepening, arena, measure) for code that still imports them from ``mmlib.beyond``.
"""

from ..search import (
    BoundTable,
    Score,
    alphabeta_player,
    anytime,
    aspiration,
    chance_outcomes,
    expectimax,
    expectiminimax,
    is_chance,
    match,
    mcts,
    mcts_player,
    mtdf,
    outcome_reward,
    play,
    pvs,
    random_player,
    scaled_reward,
    sss_star,
    wilson_interval,
)
from ..trees.layered import (
    LayeredNode,
    LayeredTree,
    LayeredUniformTree,
    layered_tree,
    layered_tree_from_text,
    layered_uniform,
)

__all__ = [
    "anytime", "aspiration", "pvs", "mtdf", "sss_star", "BoundTable",
    "mcts", "outcome_reward", "scaled_reward",
    "expectimax", "expectiminimax", "is_chance", "chance_outcomes",
    "LayeredNode", "LayeredTree", "LayeredUniformTree", "layered_tree", "layered_tree_from_text",
    "layered_uniform",
    "Score", "match", "play", "wilson_interval", "alphabeta_player", "mcts_player", "random_player",
]
