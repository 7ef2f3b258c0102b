"""Notebook 03's claims beyond the A-G walkthrough (test_lecture_claims.py): the skipped leaves, the CS312
recitation's [min, max] windows and clamped returns, fail-soft against fail-hard, AIMA 5.2, ties and
t1.in.  The recitation's code is transcribed here from its text, independently of mmlib."""

from __future__ import annotations

from oracles import layered_alphabeta, layered_minimax

from mmlib import search, trees

W, L = 100, -100
AG = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]
DEPTH3 = [[[1, 5, 6], [8, 3]], [L, [1, W]]]


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


def leaves_of(nested, path=()):
    if not isinstance(nested, list):
        return [(path, nested)]
    return [leaf for i, c in enumerate(nested) for leaf in leaves_of(c, path + (i,))]


def test_the_a_to_g_search_skips_9_0_and_minus_1():
    value, read = layered_alphabeta(AG)
    skipped = sorted(v for p, v in leaves_of(AG) if p not in read)
    run = search.alphabeta(trees.from_nested(AG))
    assert value == run.value == 5 and skipped == [-1, 0, 9] and run.stats.leaves == len(read) == 5


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


def test_aima_figure_5_2():
    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    value, read = layered_alphabeta(aima)
    assert value == 3 and [v for p, v in leaves_of(aima) if p not in read] == [4, 6]


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


def test_the_deep_cutoff_is_at_h_with_alpha_3_from_three_levels_up():
    """03: H (MIN, three levels below the root) is entered with α = 3 and skips its leaf 7, although its
    parent F has no value yet; checked with the independent alpha-beta of tests/oracles.py as well."""
    deep = [[3, 5], [[[1, 7], 8], 2]]
    run = search.alphabeta(trees.from_nested(deep), trace=True)
    tree = trees.from_nested(deep)
    (h_entry,) = [e for e in run.trace if e.kind == "enter" and tree.label_of(e.path) == "H"]
    (h_cut,) = [e for e in run.trace if e.kind == "cutoff"]
    assert h_entry.alpha == 3
    assert tree.label_of(h_cut.path) == "H" and tree.node(h_cut.path + h_cut.skipped).value == 7
    value, read = layered_alphabeta(deep)
    assert value == 3 and (1, 0, 0, 1) not in read and (1, 0, 0, 0) in read
