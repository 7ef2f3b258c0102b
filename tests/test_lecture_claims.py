"""The lectures' claims, checked here rather than in the student's way.

A lecture keeps a claim a student should see checked as one readable line; the detailed
statements behind its walkthroughs are recomputed here with mmlib and compared with the exact
figures the sources give (the A–G walkthrough of E. Özbilge's slides, the lecture notes' examples,
CMPUT 355's slide "Pruning", the Min-Max article's examples).
"""

from __future__ import annotations

from math import inf

import pytest

from mmlib import search, trees

# -- 03: the A-G walkthrough of the slides, step for step ---------------------------------------

AG = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])


@pytest.fixture(scope="module")
def walk():
    return search.alphabeta(AG, trace=True)


def steps(walk, kind, label, move=None):
    return [e for e in walk.trace
            if e.kind == kind and AG.label_of(e.path) == label and (move is None or e.move == move)]


def update(walk, label, move):
    (event,) = steps(walk, "update", label, move)
    return event


def window_on_entry(walk, label):
    (event,) = steps(walk, "enter", label)
    return event.alpha, event.beta


def test_the_slides_a_to_g_walkthrough(walk):
    assert window_on_entry(walk, "A") == (-inf, inf)                       # the initial call
    assert (update(walk, "D", 0).alpha, update(walk, "D", 0).beta) == (3, inf)  # α = max(−∞, 3)
    assert (update(walk, "D", 1).alpha, update(walk, "D", 1).value) == (5, 5)   # α = max(3, 5); D is 5
    assert update(walk, "B", 0).beta == 5                                  # at B, β = min(+∞, 5)
    assert window_on_entry(walk, "E") == (-inf, 5)                         # E gets −∞ and 5 from B
    assert update(walk, "E", 0).alpha == 6                                 # α = 6 ≥ β = 5 ...
    assert [AG.node(e.path + e.skipped).value for e in steps(walk, "cutoff", "E")] == [9]  # ... skip 9
    assert steps(walk, "return", "E")[0].value == 6                        # E returns 6
    assert (update(walk, "B", 1).beta, update(walk, "B", 1).value) == (5, 5)  # β = min(5, 6); B is 5
    assert update(walk, "A", 0).alpha == 5                                 # at A, α = 5
    assert window_on_entry(walk, "C") == (5, inf)
    assert window_on_entry(walk, "F") == (5, inf)
    assert update(walk, "F", 0).alpha == 5                                 # α = max(5, 1) is still 5
    assert (update(walk, "F", 1).value, update(walk, "F", 1).alpha) == (2, 5)
    assert update(walk, "C", 0).beta == 2                                  # β = min(+∞, 2) ≤ α = 5
    assert [AG.label_of(e.path + e.skipped) for e in steps(walk, "cutoff", "C")] == ["G"]
    assert update(walk, "A", 1).value == 5 == walk.value                   # max(5, 2) = 5


def test_updated_alpha_is_not_the_nodes_value(walk):
    """CMPUT 355's question: F ends with α = 5 (from A) but is worth 2."""
    (f_done,) = steps(walk, "return", "F")
    assert update(walk, "F", 1).alpha == 5 and f_done.value == 2
    assert search.minimax(AG, state=AG.node("F")).value == 2


# -- 03: CMPUT 355's slide "Pruning" and the lecture notes' cutoff examples -------------------

PRUNING = "abcdefgh\na: bc\nb: de\nc: fgh\nd 7\ne 5\nf {f}\ng {g}\nh {h}"


def test_cmput_pruning_slide_b_is_5_and_c_at_most_3():
    tree = trees.from_text(PRUNING.format(f=3, g=9, h=1))
    run = search.alphabeta(tree)
    assert run.value == 5
    assert [tree.label_of(p) for p in run.stats.leaf_order] == ["d", "e", "f"]     # g and h pruned
    for g in range(-20, 21, 5):
        for h in range(-20, 21, 5):
            assert search.minimax(trees.from_text(PRUNING.format(f=3, g=g, h=h))).value == 5


def test_notes_shallow_cutoff():
    tree = trees.from_nested([[3, 5], [1, 4, 6], [2, 9]])
    run = search.alphabeta(tree)
    assert run.value == 3 == min(3, 5)
    assert [tree.label_of(p) for p in run.stats.leaf_order] == ["E", "F", "G", "J"]  # 4, 6 and 9 unread
    for x in (-100, 0, 100):
        for y in (-100, 0, 100):
            assert search.minimax([[3, 5], [1, x, y], [2, 9]]).value == 3


def test_notes_window_greater_than_6_or_4_or_less():
    high = trees.from_nested([[4, 7], [[6, 2], [7, 1], [5, 3]]])
    run = search.alphabeta(high, trace=True)
    (entry,) = [e for e in run.trace if e.kind == "enter" and high.label_of(e.path) == "G"]
    assert (entry.alpha, entry.beta) == (4, 6)
    assert [leaf.label for leaf in high.leaves() if leaf.path not in run.stats.leaf_order] == ["L"]  # the 1
    low = trees.from_nested([[4, 7], [[6, 2], [3, 2], [5, 3]]])
    low_run = search.alphabeta(low)
    assert low_run.value == 4
    assert [leaf.value for leaf in low.leaves() if leaf.path not in low_run.stats.leaf_order] == [5, 3]
