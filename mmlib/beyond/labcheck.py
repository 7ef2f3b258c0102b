"""The expectimax lab's checker now lives in :mod:`mmlib.check.expectimax`.

>>> from mmlib.beyond.labcheck import check_expectimax
>>> check_expectimax(lambda node: 0).diagnosis
'wrong-value'
"""

from ..check.expectimax import (
    CASES,
    HINTS,
    TIME_LIMIT,
    ChanceCase,
    ChanceLabNode,
    LabReport,
    _student_call,
    chance_lab_tree,
    check_best_gamble,
    check_expectimax,
    check_expectiminimax,
    tree_text,
    try_it,
)

__all__ = ["ChanceLabNode", "LabReport", "ChanceCase", "chance_lab_tree", "check_expectimax",
           "check_expectiminimax", "check_best_gamble", "tree_text", "try_it", "CASES", "HINTS",
           "TIME_LIMIT", "_student_call"]
