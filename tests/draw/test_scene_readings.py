"""The drawing scene keeps what a value says (its kind and numbers), and writes it when painted."""

import math

from mmlib import search
from mmlib.draw.tree_layout import NodeMark, TreeLayout
from mmlib.trace import BETWEEN, EXACT, LOWER, SO_FAR, UNKNOWN, UPPER, Reading, bound_text

A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]   # E. Özbilge 2024: value 5, leaves 9, 0, -1 pruned
AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]   # AIMA figure 5.2: value 3, leaves 4 and 6 pruned


def test_the_scene_holds_the_kind_and_the_numbers_of_each_bound():
    # Worked by hand: C = [6, 9] is entered with β = 5 (B's 5), so its first leaf 6 cuts: C ≥ 6.
    # F = [1, 2] gives 2 ≤ α = 5, so the MIN node E is cut after it: E ≤ 2.
    result = search.alphabeta(A_TO_G, trace=True)
    scene = TreeLayout(result.game).scene(result)
    assert scene.node((0, 1)).reading == Reading(LOWER, 6, math.inf, 6)
    assert scene.node((1,)).reading == Reading(UPPER, -math.inf, 2, 2)
    assert scene.node(()).reading == Reading(EXACT, 5, 5, 5)
    assert scene.node((0, 0, 1)).reading == Reading(EXACT, 5, 5, None)         # a leaf: its value
    assert (scene.node((0, 1)).value, scene.node((1,)).value, scene.node(()).value) == ("≥ 6", "≤ 2", "5")


def test_fail_hard_keeps_what_is_proven_and_what_was_returned_apart():
    # Fail-hard on AIMA 5.2: C = [2, 4, 6] is cut at its first leaf 2 ≤ α = 3 and returns α = 3,
    # though its leaves prove only C ≤ 2.
    result = search.alphabeta(AIMA_5_2, variant="fail-hard", trace=True)
    scene = TreeLayout(result.game).scene(result)
    reading = scene.node((1,)).reading
    assert reading == Reading(UPPER, -math.inf, 2, 3)
    assert reading.returned_shown
    assert scene.node((1,)).value == "≤ 2 (ret. 3)"
    assert reading.text(returned=False) == "≤ 2"


def test_the_text_is_written_from_the_reading_when_painted():
    mark = NodeMark(path=(), x=0.0, y=0.0, kind="max", label="A", role="MAX",
                    reading=Reading(BETWEEN, 3, 5, 4))
    assert mark.value == "3 to 5 (ret. 4)"
    assert NodeMark(path=(), x=0.0, y=0.0, kind="max", label="A", role="MAX").value == ""
    wins = NodeMark(path=(), x=0.0, y=0.0, kind="max", label="A", role="MAX", fixed_text="2/3",
                    reading=Reading(EXACT, 1, 1, None))
    assert wins.value == "2/3"
    assert mark.title == "A (MAX): 3 to 5 (ret. 4)"


def test_one_function_marks_every_kind():
    assert [bound_text(kind, "7") for kind in (EXACT, LOWER, UPPER, SO_FAR, UNKNOWN)] == \
        ["7", "≥ 7", "≤ 7", "(7)", "(7)"]
    assert bound_text(BETWEEN, "−1", "+∞") == "−1 to +∞"
    assert Reading(SO_FAR, None, None, 5).text() == "(5)"
    assert Reading.exact(None).text() == ""
