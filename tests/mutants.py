"""Wrong student functions, each a classic mistake written out by hand, in one place.

The lab checkers name a mistake when a student's function does exactly what one of their mistake
models does (:mod:`mmlib.check.models` for minimax and alpha-beta, :mod:`mmlib.check.expectimax`
for the chance labs): the same value and the same evaluations in the same order.  The functions
here are those mistakes as a student writes them, on the lab's node type (``node.is_leaf()``,
``node.value``, ``node.children``), so that a test can hand them to a checker.  They stay out of
the package: students never see them.

``MINIMAX_MISTAKES`` and ``ALPHABETA_MISTAKES`` pair each mistake that has a model with the
model's name; ``tests/check/test_models.py`` holds every pair to doing exactly what its model does.
The rest (``minimax_forgets_to_return``, ``minimax_crashes``, the functions that never end, ...)
are mistakes no model reproduces: the checker names them from what happens when they run.

Each is written out whole, as a student would hand it in, though several differ from the right
alpha-beta in one line: a shared skeleton with knobs would be the models again, and a test of the
models against it would test nothing.

Test files import them as ``import mutants`` (pytest puts ``tests/`` on the import path).
"""

from __future__ import annotations

import math

from support import alphabeta as _alphabeta
from support import minimax as _minimax

INF = math.inf

# -- minimax (lab 1): minimax(node, depth, maximizing) -------------------------------------------


def minimax_stops_one_ply_early(node, depth, maximizing):
    if depth == 1 or node.is_leaf():
        return node.value
    values = [minimax_stops_one_ply_early(c, depth - 1, not maximizing) for c in node.children]
    return max(values) if maximizing else min(values)


def minimax_ignores_the_depth(node, depth, maximizing):
    if node.is_leaf():                                     # searches to the leaves whatever the limit
        return node.value
    values = [minimax_ignores_the_depth(c, depth - 1, not maximizing) for c in node.children]
    return max(values) if maximizing else min(values)


def minimax_searches_one_ply_too_deep(node, depth, maximizing):
    if depth < 0 or node.is_leaf():
        return node.value
    values = [minimax_searches_one_ply_too_deep(c, depth - 1, not maximizing) for c in node.children]
    return max(values) if maximizing else min(values)


def minimax_never_alternates(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    values = [minimax_never_alternates(c, depth - 1, maximizing) for c in node.children]
    return max(values) if maximizing else min(values)


def minimax_inverted(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    values = [minimax_inverted(c, depth - 1, not maximizing) for c in node.children]
    return min(values) if maximizing else max(values)


def minimax_prunes(node, depth, maximizing):
    """Alpha-beta handed in where minimax was asked for: it reads fewer leaves than minimax does."""
    return _alphabeta(node, depth, -INF, INF, maximizing)


def minimax_forgets_to_return(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    values = [minimax_forgets_to_return(c, depth - 1, not maximizing) for c in node.children]
    max(values) if maximizing else min(values)  # noqa: B018 - the missing return is the mistake


def minimax_crashes(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    return max(minimax_crashes(c, depth - 1, not maximizing) for c in node.children[3])


def minimax_never_stops_recursing(node, depth, maximizing):
    return minimax_never_stops_recursing(node, depth - 1, not maximizing)


def minimax_loops_forever(node, depth, maximizing):
    """Never ends, looking at the nodes all the while (the checker's node budget stops it)."""
    while True:
        node.is_leaf()


def minimax_spins(node, depth, maximizing):
    """Never ends and touches no node (only the time limit stops it)."""
    while True:
        pass


# -- alpha-beta (lab 2): alphabeta(node, depth, alpha, beta, maximizing) ---------------------------


def alphabeta_never_prunes(node, depth, alpha, beta, maximizing):
    """Minimax under alpha-beta's name: the right value, every leaf read."""
    return _minimax(node, depth, maximizing)


def alphabeta_strict_cutoff(node, depth, alpha, beta, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    best = -INF if maximizing else INF
    for child in node.children:
        score = alphabeta_strict_cutoff(child, depth - 1, alpha, beta, not maximizing)
        if maximizing:
            best = max(best, score)
            alpha = max(alpha, best)
        else:
            best = min(best, score)
            beta = min(beta, best)
        if alpha > beta:
            break
    return best


def alphabeta_wrong_side(node, depth, alpha, beta, maximizing):
    """MAX lowers beta and MIN raises alpha: each moves the other player's bound."""
    if depth == 0 or node.is_leaf():
        return node.value
    best = -INF if maximizing else INF
    for child in node.children:
        score = alphabeta_wrong_side(child, depth - 1, alpha, beta, not maximizing)
        if maximizing:
            best = max(best, score)
            beta = min(beta, best)
        else:
            best = min(best, score)
            alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def alphabeta_clamps_to_the_wrong_bound(node, depth, alpha, beta, maximizing):
    """Fail-hard, but a cut node returns the bound it was given on its own side."""
    if depth == 0 or node.is_leaf():
        return node.value
    a0, b0 = alpha, beta
    if maximizing:
        for child in node.children:
            alpha = max(alpha, alphabeta_clamps_to_the_wrong_bound(child, depth - 1, alpha, beta, False))
            if alpha >= beta:
                return a0
        return alpha
    for child in node.children:
        beta = min(beta, alphabeta_clamps_to_the_wrong_bound(child, depth - 1, alpha, beta, True))
        if alpha >= beta:
            return b0
    return beta


def alphabeta_stops_one_ply_early(node, depth, alpha, beta, maximizing):
    if depth == 1 or node.is_leaf():
        return node.value
    best = -INF if maximizing else INF
    for child in node.children:
        score = alphabeta_stops_one_ply_early(child, depth - 1, alpha, beta, not maximizing)
        if maximizing:
            best = max(best, score)
            alpha = max(alpha, best)
        else:
            best = min(best, score)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alphabeta_never_alternates(node, depth, alpha, beta, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    best = -INF if maximizing else INF
    for child in node.children:
        score = alphabeta_never_alternates(child, depth - 1, alpha, beta, maximizing)
        if maximizing:
            best = max(best, score)
            alpha = max(alpha, best)
        else:
            best = min(best, score)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alphabeta_inverted(node, depth, alpha, beta, maximizing):
    """The player who should maximize minimizes, and the other way round."""
    return _alphabeta(node, depth, alpha, beta, not maximizing)


def alphabeta_parents_bound_only(node, depth, alpha, beta, maximizing):
    """A child gets only its parent's own bound, never the grandparent's: no deep cutoffs."""
    if depth == 0 or node.is_leaf():
        return node.value
    best = -INF if maximizing else INF
    for child in node.children:
        window = (alpha, INF) if maximizing else (-INF, beta)
        score = alphabeta_parents_bound_only(child, depth - 1, *window, not maximizing)
        if maximizing:
            best = max(best, score)
            alpha = max(alpha, best)
        else:
            best = min(best, score)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alphabeta_returns_a_tuple(node, depth, alpha, beta, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value, None
    return max(alphabeta_returns_a_tuple(c, depth - 1, alpha, beta, not maximizing) for c in node.children)


def alphabeta_swallows_every_error(node, depth, alpha, beta, maximizing):
    """Loops forever over the children, and hides every exception."""
    while True:
        try:
            for child in node.children:
                child.is_leaf()
        except Exception:  # noqa: BLE001 - the point of the mistake
            pass


#: Each mistake that has a model in mmlib.check.models, under the model's name (the name the
#: checker reports).
MINIMAX_MISTAKES = {
    minimax_stops_one_ply_early: "depth-off-by-one",
    minimax_searches_one_ply_too_deep: "depth-off-by-one",
    minimax_never_alternates: "no-alternation",
    minimax_inverted: "inverted-players",
    minimax_prunes: "pruning",
}

ALPHABETA_MISTAKES = {
    alphabeta_never_prunes: "no-pruning",
    alphabeta_strict_cutoff: "strict-cutoff",
    alphabeta_stops_one_ply_early: "depth-off-by-one",
    alphabeta_never_alternates: "no-alternation",
    alphabeta_inverted: "inverted-players",
    alphabeta_wrong_side: "wrong-side",
    alphabeta_clamps_to_the_wrong_bound: "fail-hard-clamp",
    alphabeta_parents_bound_only: "no-deep-cutoffs",
}


# -- expectimax and expectiminimax (lab 4): search(node) -----------------------------------------


def expectimax_mistake(at_chance=None, at_min=None, twice=False):
    """An expectiminimax that takes a chance node as ``at_chance`` ("mean": the plain average,
    "max", "min") or a MIN node as ``at_min``, or reads its first child twice."""
    def search(node):
        if node.is_leaf():
            return node.value
        values = [search(child) for child in node.children]
        if twice:
            search(node.children[0])
        kind = node.kind
        if kind == "chance" and at_chance:
            kind = at_chance
        elif kind == "min" and at_min:
            kind = at_min
        if kind == "max":
            return max(values)
        if kind == "min":
            return min(values)
        if kind == "mean":
            return sum(values) / len(values)
        return sum(p * v for p, v in zip(node.probabilities, values, strict=True))
    return search


#: The probabilities ignored: a chance node's plain average.
expectimax_ignores_probabilities = expectimax_mistake(at_chance="mean")
#: MIN's nodes taken as MAX's.
expectiminimax_min_as_max = expectimax_mistake(at_min="max")
