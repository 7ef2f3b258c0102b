"""What several test files share: hypothesis strategies, a student's minimax, and independent oracles.

Every oracle here is written from its source (a textbook, a paper), never from mmlib's code or output, so
a test that compares mmlib with it can fail.  Test files import it as ``from support import ...``
(pytest puts ``tests/`` on the import path: ``pythonpath`` in pyproject.toml); ``tests/conftest.py``
offers the student functions as fixtures too.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

from hypothesis import strategies as st


def nested_trees(leaves: st.SearchStrategy[Any] | None = None, *, max_children: int = 4,
                 max_leaves: int = 40) -> st.SearchStrategy[Any]:
    """Game trees as nested lists: a leaf is a value, an inner node the list of its 1..max_children
    children.  Few leaf values (the default is -4..4) give many ties, where > and >= cutoffs differ.

    >>> from hypothesis import find
    >>> find(nested_trees(max_leaves=5), lambda t: isinstance(t, list) and len(t) == 3)
    [0, 0, 0]
    """
    values = st.integers(-4, 4) if leaves is None else leaves
    return st.recursive(values, lambda kids: st.lists(kids, min_size=1, max_size=max_children),
                        max_leaves=max_leaves)


def knuth_moore(b: int, d: int) -> int:
    """Leaves of the minimal tree of a uniform tree with branching b and depth d (Knuth & Moore 1975).

    >>> knuth_moore(3, 2), knuth_moore(4, 8)
    (5, 511)
    """
    return b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1


# -- what a student writes in lab 1: the lecture's pseudocode on the lab's node type ----------------

def minimax(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    values = [minimax(c, depth - 1, not maximizing) for c in node.children]
    return max(values) if maximizing else min(values)


#: The same function as source text, for a kernel or a submitted notebook.
MINIMAX_SOURCE = inspect.getsource(minimax)


# -- what a student writes in lab 2 --------------------------------------------------------------

def alphabeta(node, depth, alpha, beta, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        score = alphabeta(child, depth - 1, alpha, beta, not maximizing)
        if maximizing:
            best, alpha = max(best, score), max(alpha, score)
        else:
            best, beta = min(best, score), min(beta, score)
        if alpha >= beta:
            break
    return best
