"""Notebook 04's claims (test_lecture_claims.py has more): the CS312 recitation's [min, max] windows and
clamped returns, fail-soft against fail-hard, ties against the strict test, t1.in, and negamax.  The
recitation's code and negamax are written here from their texts, independently of mmlib."""

from __future__ import annotations

import math

from oracles import layered_alphabeta, layered_minimax, leaves_of

from mmlib import search, trees

W, L = 100, -100
DEPTH3 = [[[1, 5, 6], [8, 3]], [L, [1, W]]]
AG = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]


def cs312(nested, lo, hi, is_max=True, path=(), log=None):
    """The recitation's second pseudocode: fail-hard, `if v > max return max`; logs each node's window
    and what it returns, by path."""
    log = {} if log is None else log
    log[path] = [(lo, hi), None]
    if not isinstance(nested, list):
        log[path][1] = nested
        return nested, log
    v = lo if is_max else hi
    for i, child in enumerate(nested):
        r, _ = cs312(child, v if is_max else lo, hi if is_max else v, not is_max, path + (i,), log)
        v = max(v, r) if is_max else min(v, r)
        if is_max and v > hi or not is_max and v < lo:
            v = hi if is_max else lo
            break
    log[path][1] = v
    return v, log


def test_the_recitations_windows_and_returns():
    tree = trees.from_nested(DEPTH3)
    literal = search.alphabeta(tree, variant="fail-hard", cutoff=">", alpha=L, beta=W, trace=True)
    value, log = cs312(DEPTH3, L, W)
    windows = {tree.label_of(e.path): (e.alpha, e.beta) for e in literal.trace if e.kind == "enter"}
    assert windows == {tree.label_of(p): window for p, (window, _) in log.items()}
    assert windows == {"A": (L, W), "B": (L, W), "D": (L, W), "H": (L, W), "I": (1, W), "J": (5, W),
                       "E": (L, 6), "K": (L, 6), "C": (6, W), "F": (6, W)}
    assert sorted(v for p, v in leaves_of(DEPTH3) if p not in log) == sorted([3, 1, W])
    assert value == literal.value == 6
    returned = {tree.label_of(e.path): e.value for e in literal.trace if e.kind == "return"}
    assert (returned["E"], log[(0, 1)][1], layered_minimax(DEPTH3[0][1], ("max", "min"))) == (6, 6, 8)
    assert (returned["C"], log[(1,)][1], layered_minimax(DEPTH3[1], ("min", "max"))) == (6, 6, L)
    soft = search.alphabeta(tree, trace=True)
    soft_returns = {tree.label_of(e.path): e.value for e in soft.trace if e.kind == "return"}
    assert (soft_returns["E"], soft_returns["C"]) == (8, L)
    assert soft.value == literal.value and soft.stats.leaf_order == literal.stats.leaf_order


def test_ties_cost_the_strict_test_cutoffs():
    random_tree = trees.explicit(trees.uniform(3, 4, seed=0))

    def coarse(nested):
        return [coarse(x) for x in nested] if isinstance(nested, list) else round(2 * nested)

    tie_heavy = trees.from_nested(coarse(random_tree.to_nested()))
    def leaves(tree, **options):
        return search.alphabeta(tree, **options).stats.leaves

    assert leaves(random_tree) == leaves(random_tree, cutoff=">")
    assert leaves(tie_heavy) < leaves(tie_heavy, cutoff=">")


def test_t1_in():
    t1 = trees.from_text("ABCDEFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1")
    run = search.alphabeta(t1)
    value, read = layered_alphabeta([[7, 5], [9, 3, 1]])
    assert run.value == value == 5 and run.stats.leaves == len(read) == 4 == t1.leaf_count - 1
    assert [t1.label_of(p) for p in run.stats.leaf_order] == ["D", "E", "F", "G"]


def negamax(nested, alpha=-math.inf, beta=math.inf, to_move=1, path=(), log=None):
    """Knuth and Moore's negamax on a nested list whose leaves hold values from MAX's point of view (MAX
    at the root): each node's value is from the side to move; logs what each node returned, by path,
    and the leaves read."""
    log = {"returns": {}, "read": []} if log is None else log
    if not isinstance(nested, list):
        log["read"].append(path)
        value = to_move * nested
    else:
        value = -math.inf
        for i, child in enumerate(nested):
            value = max(value, -negamax(child, -beta, -alpha, -to_move, path + (i,), log)[0])
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    log["returns"][path] = value
    return value, log


def test_negamax_values_are_from_the_side_to_move_and_its_leaves_are_fail_softs():
    """04: B is worth 5 to MAX and -5 to MIN, who moves there; negamax (the library's and the one above)
    reads exactly the leaves of fail-soft alpha-beta with the `>=` test, on each of the notebook's trees."""
    value, log = negamax(AG)
    ag = trees.from_nested(AG)
    nega = search.negamax(ag, trace=True)
    returns = {ag.label_of(e.path): e.value for e in nega.trace if e.kind == "return"}
    assert value == nega.value == 5
    assert returns == {"D": 5, "E": 6, "B": -5, "F": 2, "C": -2, "A": 5}
    assert {ag.label_of(p): v for p, v in log["returns"].items() if len(p) < 3} == returns
    random_tree = trees.explicit(trees.uniform(3, 4, seed=0))
    for nested in (AG, DEPTH3, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], [[7, 5], [9, 3, 1]],
                   [[3, 5], [[[1, 7], 8], 2]], random_tree.to_nested()):
        tree = trees.from_nested(nested)
        value, read = layered_alphabeta(nested)
        assert negamax(nested)[0] == value == search.negamax(tree).value
        assert negamax(nested)[1]["read"] == read == list(search.negamax(tree).stats.leaf_order)
