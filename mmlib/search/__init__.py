"""Instrumented game-tree search: the one home of every search in mmlib.

One engine (:mod:`~mmlib.search.engine`: the recorder, budgets, the blame for a user
function's error) and one short module per family, each in the shape of its lecture
pseudocode: :mod:`~mmlib.search.minimax`; :mod:`~mmlib.search.alphabeta` (fail-soft,
fail-hard, negamax); :mod:`~mmlib.search.quiescence`; :mod:`~mmlib.search.deepening`
(iterative deepening, anytime); :mod:`~mmlib.search.windows` (aspiration, PVS, MTD(f),
SSS*); :mod:`~mmlib.search.chance` (expectimax, expectiminimax, Star1, Star2);
:mod:`~mmlib.search.mcts`; every family is described once in :mod:`~mmlib.search.registry`,
which the views read.  Around them: what a search returns (:mod:`~mmlib.search.results`),
budgets (:mod:`~mmlib.search.budgets`), matches between players (:mod:`~mmlib.search.arena`)
and measurements against the minimal tree (:mod:`~mmlib.search.yardstick`).  What the counts
mean is defined in :mod:`mmlib.instrument`; the choices on which courses' pseudocode
differs (cutoff test, fail-soft or fail-hard, who moves first, negamax values, several
MIN agents) are one :class:`~mmlib.conventions.Conventions` value.  A family's function has
its module's name: ``search.minimax`` is the function, ``from mmlib.search.minimax import
Minimax`` reaches the module.

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
from .arena import Score, alphabeta_player, match, mcts_player, play, random_player, wilson_interval
from .budgets import MAX_SEARCH_DEPTH, REFUSE_ABOVE, Budget
from .chance import chance_outcomes, expectimax, expectiminimax, is_chance
from .counting import minimax_nodes
from .deepening import anytime, iterative_deepening
from .engine import INF, as_game, check_depth
from .mcts import mcts, outcome_reward, scaled_reward
from .minimax import minimax
from .quiescence import quiescence
from .registry import FAMILIES, Family, family
from .results import (
    AnytimeStats,
    IterationRow,
    IterativeResult,
    Kind,
    MonteCarloStats,
    ResearchStats,
    SearchResult,
)
from .windows import BoundTable, aspiration, mtdf, pvs, sss_star
from .yardstick import chance_leaves, leaf_ratios, minimal_leaves, proof_leaves

__all__ = [
    "minimax_nodes",
    "SearchResult",
    "Kind",
    "Family",
    "FAMILIES",
    "family",
    "IterativeResult",
    "ResearchStats",
    "MonteCarloStats",
    "AnytimeStats",
    "IterationRow",
    "Stats",
    "Conventions",
    "Budget",
    "minimax",
    "alphabeta",
    "negamax",
    "iterative_deepening",
    "quiescence",
    "move_values",
    "as_game",
    "check_depth",
    "INF",
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_SECONDS",
    "MAX_SEARCH_DEPTH",
    "REFUSE_ABOVE",
    "anytime", "aspiration", "pvs", "mtdf", "sss_star", "BoundTable",
    "mcts", "outcome_reward", "scaled_reward",
    "expectimax", "expectiminimax", "is_chance", "chance_outcomes",
    "Score", "match", "play", "wilson_interval", "alphabeta_player", "mcts_player", "random_player",
    "minimal_leaves", "proof_leaves", "leaf_ratios", "chance_leaves",
]
