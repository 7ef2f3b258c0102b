"""What a search did, read once from its transcript: the model every view paints.

A search run with ``trace=True`` writes a transcript of events (see
:class:`mmlib.instrument.Event`).  :class:`Trace` reads it once and answers everything a
drawing, the step-through explorer, the tree editor or a quiz answer key shows:

- the value of every node the search returned, and whether it is **exact** or only a
  **bound**, by one rule: what the leaves evaluated below the node prove.  Propagated
  bottom up, a leaf is [v, v], a child never searched [−∞, +∞], a MAX node [max of the los,
  max of the his], a MIN node [min of the los, min of the his], a chance node the
  probability-weighted sums (an outcome never searched counts as [L, U] when Star1 or
  Star2 knows every value lies there).  The value is exact when lo = hi (``3``), else a
  bound on each end that says something (``≥ 6``, ``≤ 2``, ``3 to 5``).  Where the search
  returned another number (fail-hard clamps to the window) both are shown: ``2 (ret. 3)``.
  The narration also says what the returned number says by its window: with (α, β), r is
  exact when α < r < β, at most r when r ≤ α and at least r when r ≥ β (Knuth & Moore
  1975; at chance nodes see :func:`chance_bound`);
- the window each node was entered with, the nodes entered, the pruned subtrees (nodes
  never entered because a cutoff skipped them) and the order in which leaves were evaluated;
- the principal variation (the best move at each node, from the root down);
- one sentence per event saying what happened (:meth:`Trace.sentence`).

Negamax transcripts (values from the side to move) are turned to MAX's point of view
first, so every value and window here reads as in a minimax figure.

The package's modules, from the ground up: :mod:`~mmlib.trace.bounds` (what a value says:
exact or a bound), :mod:`~mmlib.trace.words` (values, windows and bounds written out),
:mod:`~mmlib.trace.trees` (the trees read, who moves, true values),
:mod:`~mmlib.trace.events` (the transcript), :mod:`~mmlib.trace.marks` (what a view shows),
:mod:`~mmlib.trace.algorithms` (which searches are read), :mod:`~mmlib.trace.passes` (passes,
re-searches, Monte Carlo iterations), :mod:`~mmlib.trace.narration` (one sentence per event),
:mod:`~mmlib.trace.model` (:class:`Trace`, the replay and its one bound rule) and
:mod:`~mmlib.trace.results` (from a search result).

Trees with chance nodes and with several MIN (or MAX) agents per round
(:class:`~mmlib.trees.LayeredTree`) are read too: transcripts of expectimax,
expectiminimax and Ballard's (1983) Star1 and Star2, and of minimax and alpha-beta on
multi-agent trees.  Their nodes are drawn by the same rule, the leaves evaluated below a
chance node proving the weighted sums of what they prove of its outcomes.

Searches that search the start node more than once are read as a sequence of **passes**
(:class:`Phase`): aspiration windows (a window, widened after a fail low or high), PVS (one
pass, with null-window tests and a :class:`Research` of a child whose test failed high),
MTD(f) and SSS* (one null-window test per pass, each proving a bound on the value).  Monte
Carlo tree search is read as **iterations** (:class:`Iteration`): selection, expansion,
playout, and the visits and wins backed up.  :meth:`Trace.counts` recounts nodes, leaves,
cutoffs, re-searches and passes from the transcript alone.

>>> from mmlib import search, trees
>>> mtd = trace_of(search.mtdf([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0, trace=True))
>>> [phase.label() for phase in mtd.phases]
['pass 1: null window “value ≥ 0?” → ≥ 3 (fail high)', 'pass 2: null window “value > 3?” → ≤ 3 (fail low)']
>>> mtd.counts()["researches"], (mtd.phases[-1].lower, mtd.phases[-1].upper)
(1, (3, 3))

>>> from mmlib.search import expectiminimax
>>> from mmlib.trees import layered_tree
>>> dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
...                     layers="max chance min")            # AIMA figure 5.12, left
>>> star1 = trace_of(expectiminimax(dice, pruning="star1", trace=True))
>>> star1.value_text(()), star1.value_text((1,)), [dice.label_of(p) for p in star1.pruned_leaves]
('2.1', '≤ 1.3', ['M', 'N', 'O'])

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])    # AIMA figure 5.2
>>> model = trace_of(search.alphabeta(tree, trace=True))
>>> model.value_text(()), model.value_text((1,)), [tree.label_of(p) for p in model.pruned_leaves]
('3', '≤ 2', ['I', 'J'])
>>> model.sentence(len(model.events) - 1)
'A returns 3: the value of the game is 3.'
"""

from __future__ import annotations

from .algorithms import ALPHABETA_NAMES as ALPHABETA_NAMES
from .algorithms import CHANCE_ALGORITHMS as CHANCE_ALGORITHMS
from .algorithms import WINDOW_ALGORITHMS
from .algorithms import Algorithm as Algorithm
from .bounds import BETWEEN, EXACT, LOWER, SO_FAR, UNKNOWN, UPPER, Window
from .bounds import bound_of as bound_of
from .bounds import chance_bound as chance_bound
from .bounds import null_window_bound as null_window_bound
from .events import TraceEvent
from .events import gamma_of as gamma_of
from .events import question_of as question_of
from .events import score_of as score_of
from .events import value_of as value_of
from .events import window_of as window_of
from .marks import Marks as Marks
from .marks import minimax_marks, static_marks
from .model import Trace as Trace
from .passes import Iteration, Phase, Research
from .results import result_marks, trace_of
from .results import result_pruned_leaves as result_pruned_leaves
from .trees import best_line as best_line
from .trees import expected_values, minimax_values, view_tree
from .trees import node_role as node_role
from .trees import result_tree as result_tree
from .words import Reading as Reading
from .words import bound_text as bound_text
from .words import counted as counted
from .words import format_known, format_mark, format_value
from .words import format_probability as format_probability
from .words import format_window as format_window

# The model's own parts (the Trace and Marks that trace_of and the views build, the readers of
# one event, the bound rule, the words of a window) stay importable here for mmlib's views and
# widgets, but are not in __all__: students reach them through trace_of and what it returns.

__all__ = [
    "EXACT",
    "LOWER",
    "UPPER",
    "BETWEEN",
    "SO_FAR",
    "UNKNOWN",
    "TraceEvent",
    "Window",
    "trace_of",
    "format_value",
    "format_mark",
    "format_known",
    "minimax_values",
    "expected_values",
    "view_tree",
    "minimax_marks",
    "static_marks",
    "result_marks",
    "Phase",
    "Research",
    "Iteration",
    "WINDOW_ALGORITHMS",
]
