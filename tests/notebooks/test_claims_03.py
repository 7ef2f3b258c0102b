"""Notebook 03's claims beyond the A-G walkthrough (test_lecture_claims.py): the skipped leaves, AIMA 5.2
and the deep cutoff, checked with the independent alpha-beta of tests/oracles.py."""

from __future__ import annotations

from oracles import layered_alphabeta, leaves_of

from mmlib import search, trees

AG = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]


def test_the_a_to_g_search_skips_9_0_and_minus_1():
    value, read = layered_alphabeta(AG)
    skipped = sorted(v for p, v in leaves_of(AG) if p not in read)
    run = search.alphabeta(trees.from_nested(AG))
    assert value == run.value == 5 and skipped == [-1, 0, 9] and run.stats.leaves == len(read) == 5


def test_aima_figure_5_2():
    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    value, read = layered_alphabeta(aima)
    assert value == 3 and [v for p, v in leaves_of(aima) if p not in read] == [4, 6]


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
