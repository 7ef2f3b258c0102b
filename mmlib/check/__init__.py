"""Checkers for the labs: run a student's search on many trees, explain what went wrong.

A student writes ``minimax(node, depth, maximizing)`` or ``alphabeta(node, depth, alpha,
beta, maximizing)`` exactly as the lecture pseudocode does, over the small node interface
of :class:`LabNode`:

- ``node.children``: the list of child nodes (empty for a leaf);
- ``node.is_leaf()``: True when the node has no children;
- ``node.value``: the node's static evaluation (a leaf's value);
- ``node.label``: the node's name, as in the drawings ("A", "B", ...).

Reading ``node.value`` *is* the static evaluation: the checker records every read, so it
knows which positions the student evaluated and in which order.  It compares value and
evaluation order with the reference search on the lecture's trees and on generated trees
(ties, mixed depths, negative values, depth limits).  On a failure it shrinks the tree
to a smallest counterexample, names the mistake (``report.diagnosis``) and gives a hint.

The student's function runs in a separate process with a time limit per tree, a memory
limit and its printed output captured (:mod:`mmlib.isolation.runner`): an endless loop, a huge
allocation, ``sys.exit`` or ``os._exit`` is reported as such, and the notebook goes on.

The rooms: :mod:`~mmlib.check.cases` (the trees), :mod:`~mmlib.check.nodes` (the node
interface), :mod:`~mmlib.isolation.runner` (running student code), :mod:`~mmlib.check.models`
(the reference and the mistakes), :mod:`~mmlib.check.shrink`, :mod:`~mmlib.check.report`,
:mod:`~mmlib.check.searches` (search checks), :mod:`~mmlib.check.pruned` (predictions),
:mod:`~mmlib.check.agent` (tic-tac-toe agents), :mod:`~mmlib.check.ordering` (Connect Four move
ordering against the minimal tree), :mod:`~mmlib.check.deepening` (anytime iterative deepening),
:mod:`~mmlib.check.table` (a transposition table's bound flags and lookups),
:mod:`~mmlib.check.expectimax` (expectimax and expectiminimax on chance trees),
:mod:`~mmlib.check.casefile` (cases as files a student opens and runs one at a time; lab 3's boards:
:mod:`~mmlib.check.boardfile` for its evaluator, :mod:`~mmlib.check.boardorderfile` for its move ordering).

>>> def minimax(node, depth, maximizing):          # the lab's stub, not answered yet
...     raise NotImplementedError
>>> report = check_minimax(minimax)
>>> report.passed, report.diagnosis
(False, 'not-implemented')
>>> def static_value(node, depth, maximizing):     # a first try: the node's own static value
...     return node.value
>>> check_minimax(static_value).diagnosis
'interior-value'
"""

from __future__ import annotations

from ..errors import CheckFailed
from ..isolation.runner import MEMORY_LIMIT, TIME_LIMIT
from .agent import AGENT_DEPTH, AGENT_MAX_NODES, check_agent, check_evaluator
from .casefile import read_case, write_case
from .cases import SEED_TREES, Case, check_cases, grading_seed, hidden_cases, random_nested
from .deepening import check_anytime, check_games
from .expectimax import (
    ChanceLabNode,
    chance_lab_tree,
    check_best_gamble,
    check_expectimax,
    check_expectiminimax,
)
from .nodes import LabNode, lab_tree
from .ordering import check_ordering
from .practice import load_case, practice_cases, run_case, run_cases
from .pruned import check_pruned
from .report import HINTS, Report, try_it
from .searches import check_alphabeta, check_best_move, check_minimax
from .table import check_bound_flag, check_probe

__all__ = [
    "LabNode",
    "Report",
    "CheckFailed",
    "lab_tree",
    "random_nested",
    "check_cases",
    "hidden_cases",
    "grading_seed",
    "check_minimax",
    "check_best_move",
    "check_alphabeta",
    "check_pruned",
    "check_evaluator",
    "check_agent",
    "check_ordering",
    "check_anytime",
    "check_games",
    "check_bound_flag",
    "check_probe",
    "ChanceLabNode",
    "chance_lab_tree",
    "check_expectimax",
    "check_expectiminimax",
    "check_best_gamble",
    "try_it",
    "run_case",
    "run_cases",
    "practice_cases",
    "load_case",
    "read_case",
    "write_case",
    "SEED_TREES",
    "Case",
    "HINTS",
    "TIME_LIMIT",
    "MEMORY_LIMIT",
    "AGENT_DEPTH",
    "AGENT_MAX_NODES",
]
