"""Tests of mmlib.check.pruned: checking a student's prediction of the leaves alpha-beta prunes."""

from __future__ import annotations

from mmlib import check, trees


def test_pruning_predictions_on_the_seed_trees():
    # AIMA figure 5.2: alpha-beta skips the leaves 4 and 6 (I and J).
    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert [trees.from_nested(aima).node(label).value for label in "IJ"] == [4, 6]
    assert check.check_pruned(aima, "I J").passed
    assert check.check_pruned(aima, ["I", "J"]).passed
    assert check.check_pruned(aima, "J").diagnosis == "missed"
    assert check.check_pruned(aima, "I J K").diagnosis == "too-many"
    assert check.check_pruned(aima, "I K").diagnosis == "both"
    assert check.check_pruned(aima, "B").diagnosis == "not-a-leaf"
    assert check.check_pruned(aima, ...).diagnosis == "not-implemented"
    # Slides' A-G tree: 9 and the whole G subtree (0, -1) are skipped.
    slides = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    skipped = [slides.node("K").value, *(leaf.value for leaf in slides.node("G").children)]
    assert skipped == [9, 0, -1]
    assert check.check_pruned(slides, "K N O").passed
    # t1.in: 4 of the 5 leaves are evaluated.
    t1 = "ABCDEFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1"
    assert check.check_pruned(t1, "H").passed
