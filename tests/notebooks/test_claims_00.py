"""Notebook 00's claims about its 30-second taste, checked here rather than by asserts in the lecture,
against the independent ``oracles.layered_alphabeta``."""

from __future__ import annotations

from oracles import layered_alphabeta

from mmlib import search, trees

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_the_taste():
    tree = trees.from_nested(AIMA)
    by_minimax, by_alphabeta = search.minimax(tree), search.alphabeta(tree)
    value, read = layered_alphabeta(AIMA)
    assert by_minimax.value == by_alphabeta.value == value == 3
    assert by_alphabeta.stats.leaves == len(read) == 7 < by_minimax.stats.leaves == tree.leaf_count == 9
    assert [tree.label_of(p) for p in read] == list("EFGHKLM")        # the middle move's 4 and 6 unread
    assert [min(move) for move in AIMA] == [3, 2, 2]                 # the three moves' worth


def test_the_exercise_answers_by_the_independent_alphabeta():
    assert layered_alphabeta([[3, 12, 8], [20, 4, 6], [14, 5, 2]])[0] == 4
    assert len(layered_alphabeta([[3, 12, 8], [20, 4, 6], [14, 5, 2]])[1]) == 9
    assert layered_alphabeta([[14, 5, 2], [2, 4, 6], [3, 12, 8]])[1] == layered_alphabeta(AIMA)[1]
