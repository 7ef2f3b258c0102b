"""What each lab's graded code may see of mmlib: edit these two tables when a lab's needs change.

The grader stages a copy of mmlib for each lab (:func:`mmlib.isolation.stage.stage`) holding only the
modules :data:`SANDBOX_MODULES` names (with what they import, and the protocol, node interface
and errors every sandbox has); the functions :data:`WITHHELD` names are there with their body
replaced by an error.  ``mmlib.course`` itself is never staged.

>>> SANDBOX_MODULES["lab1_minimax"], set(WITHHELD) <= set(SANDBOX_MODULES)
(('mmlib.trees',), True)
"""

from __future__ import annotations

__all__ = ["SANDBOX_MODULES", "WITHHELD", "PACKAGES", "NO_PACKAGES", "packages"]

SANDBOX_MODULES: dict[str, tuple[str, ...]] = {
    "lab1_minimax": ("mmlib.trees",),
    "lab2_alphabeta": ("mmlib.trees",),
    "lab3_tictactoe_evaluator": ("mmlib.games",),
    "lab4_expectimax": ("mmlib.check.expectimax",),
    "lab5_move_ordering": ("mmlib.check.ordering",),
    "lab6_anytime_agent": ("mmlib.check.deepening",),
    "lab7_transposition_table": ("mmlib.games", "mmlib.table"),
}
"""The parts of mmlib each lab's code may import while it is graded (with what they import);
every other part of mmlib is simply not there.  The checker's own node interface
(``mmlib.check.nodes``) and the protocol (``mmlib.isolation.runner``) are always there."""

WITHHELD: dict[str, dict[str, tuple[str, ...]]] = {
    "lab4_expectimax": {"mmlib.search.chance": ("*",),     # the other searches are not shipped to lab 4
                        "mmlib.check.expectimax": ("_variant", "_check", "_diagnose", "check_expectimax",
                                                   "check_expectiminimax", "check_best_gamble")},
    "lab5_move_ordering": {"mmlib.search.minimax": ("*",),          # the engines' methods too (AlphaBeta...)
                           "mmlib.search.alphabeta": ("*",),
                           "mmlib.search.deepening": ("*",),
                           "mmlib.search.quiescence": ("*",),
                           "mmlib.search.arena": ("alphabeta_player", "mcts_player"),
                           "mmlib.check.ordering": ("_best_first", "check_ordering"),
                           "mmlib.ordering": ("StaticOrder", "PreviousIteration"),
                           "mmlib.games.connect4": ("CentreFirst.order", "ConnectFour.centre_rank",
                                                    "ConnectFour.centre_order")},
    "lab6_anytime_agent": {"mmlib.check.deepening": ("reference_move", "iterations", "_models",
                                                     "within_budget", "check_anytime", "check_games"),
                           "mmlib.search.deepening": ("iterative_deepening", "anytime"),
                           "mmlib.search.arena": ("alphabeta_player", "mcts_player")},
    "lab7_transposition_table": {"mmlib.table": ("TranspositionTable.store", "TranspositionTable.lookup",
                                                 "BoundTable")},
}
"""Functions (and "Class.method"s) of shipped modules whose body is replaced by an error, per lab:
the searches and orderings a lab asks for, where a shipped module cannot do without their module
("*": every function of the module)."""

PACKAGES: tuple[str, ...] = ("numpy", "matplotlib", "mpl_toolkits", "networkx", "PIL", "pyparsing", "cycler",
                             "kiwisolver", "dateutil", "six", "fontTools", "packaging", "contourpy")
"""The scientific packages of the course's environment that graded code may import (numpy,
matplotlib, networkx, and what matplotlib imports), mounted read-only into every lab's sandbox
unless :data:`NO_PACKAGES` forbids them for the lab."""

NO_PACKAGES: dict[str, tuple[str, ...]] = {}
"""Packages of :data:`PACKAGES` a lab forbids (lab -> top-level names), e.g. ``("numpy",)``."""


def packages(name: str) -> tuple[str, ...]:
    """The packages lab ``name``'s graded code may import besides Python's own library and mmlib.

    >>> "numpy" in packages("lab1_minimax")
    True
    """
    return tuple(package for package in PACKAGES if package not in NO_PACKAGES.get(name, ()))
