"""Lab 5's ordering case files (mmlib.check.orderfile): the reference counts, the text and its errors."""

from __future__ import annotations

import pytest

from mmlib.check.orderfile import order_case, read_order_case, run_order_case, write_order_case
from mmlib.errors import TreeTextError

EMPTY = "/".join(["......."] * 6)
OPENED = "......./......./......./......./......./...X..."


def test_the_goals_follow_the_exercises():
    # depth 1: alpha-beta evaluates each of the 7 columns once, in any order
    centre = order_case("centre first", EMPTY, 1)
    assert (centre.left_to_right, centre.reference, centre.goal) == (7, 7, 7 // 2)
    # best first: 1.3 times Knuth & Moore's minimal tree, 7^ceil(d/2) + 7^floor(d/2) - 1 leaves
    assert order_case("best first", OPENED, 2).minimal == 7 + 7 - 1
    best = order_case("best first", OPENED, 5)
    assert (best.minimal, best.goal) == (7 ** 3 + 7 ** 2 - 1, int(1.3 * (7 ** 3 + 7 ** 2 - 1)))


def test_a_written_case_reads_back_as_itself():
    case = order_case("centre first", OPENED, 2, "after 3")
    text = write_order_case(case)
    assert text.startswith("# after 3\ncheck = centre first\ndepth = 2\n# O to move:\n")
    assert read_order_case(text) == case


@pytest.mark.parametrize(("text", "line", "words"), [
    ("check = centre first\ndepth = 8\nboard = '" + EMPTY + "'", 2, "from 1 to 7"),
    ("check = worst first\ndepth = 2\nboard = '" + EMPTY + "'", 1, "expected one of"),
    ("check = centre first\n\ndepth = 1\nboard = '" + EMPTY + "'\ngoal = 4", 5, "but it is 3"),
    ("check = centre first\ndepth = 1\nboard = 'X'", 3, "board = 'X'"),
    ("check = centre first\ndepth: 1", 2, "key = value"),
])
def test_a_wrong_line_is_named(text, line, words):
    with pytest.raises(TreeTextError, match=words) as wrong:
        read_order_case(text)
    assert f"line {line}" in str(wrong.value)


def test_a_case_without_its_board_says_what_a_case_gives():
    with pytest.raises(TreeTextError, match="no 'board = ...' line"):
        read_order_case("check = centre first\ndepth = 1\n")


def test_the_report_passes_the_goal_and_fails_above_it():
    case = order_case("centre first", OPENED, 2)
    centre = run_order_case(case, lambda board, moves: sorted(moves, key=lambda m: abs(m - 3)), "centre",
                            time_limit=5)
    left = run_order_case(case, lambda board, moves: moves, "left", time_limit=5)
    assert centre.passed == (case.reference <= case.goal)
    assert not left.passed and left.diagnosis == "too-many-leaves"
