"""Tests of mmlib.check.ordering: lab 5's checker of move orderings on Connect Four."""

from __future__ import annotations

import re

from mmlib.check import ordering
from mmlib.games import ConnectFour

GAME = ConnectFour()


def test_boards_and_states_are_inverse():
    for opening in ("", "3", "334", "4312", "0000001111112"):
        state = GAME.position(opening)
        assert ordering.state_of(ordering.board_of(state)) == state
    assert ordering.to_move(ordering.EMPTY_BOARD) == "X"
    assert ordering.legal_moves(ordering.EMPTY_BOARD) == list(range(7))


def test_one_ply_evaluates_every_column_whatever_the_order():
    # at the root nothing can be cut off: one leaf per legal column (7 on every board of the check)
    assert ordering.leaves_per_board(lambda board, moves: moves[::-1], depth=1) == [7] * 8


def test_an_ordering_that_drops_or_repeats_moves_is_refused():
    assert ordering.check_ordering(lambda board, moves: moves[:-1]).diagnosis == "bad-order"
    assert ordering.check_ordering(lambda board, moves: [moves[0]] * len(moves)).diagnosis == "bad-order"


def test_the_goals_separate_the_classic_orderings():
    centre = ordering.check_ordering(lambda board, moves: sorted(moves, key=lambda c: abs(c - 3)))
    assert centre.passed
    tight = ordering.check_ordering(lambda board, moves: sorted(moves, key=lambda c: abs(c - 3)), within=1.3)
    assert not tight.passed and tight.diagnosis == "too-many-leaves"
    assert "Knuth & Moore 1975" in str(tight) and "Where you lose most" in str(tight)


def test_every_count_in_a_report_has_thousands_separators():
    report = ordering.check_ordering(lambda board, moves: sorted(moves, key=lambda c: abs(c - 3)), within=1.3)
    text = str(report)
    assert "4,813 leaves" in text and "(4,066)" in text
    assert re.search(r"(?<![\d,.^])\d{4,}(?![\d,])", text.replace("1975", "")) is None, text
    assert re.search(r"total +4,813 +22,856 +3,128\n", text), text


def test_a_won_game_is_named_and_its_score_explained():
    board = ordering.EMPTY_BOARD
    for column in (3, 3, 4, 4, 5):                          # X threatens both ends of 3 4 5: X wins
        board = ordering.play(board, column)
    said = "\n".join(ordering._where_you_lose(lambda board, moves: moves, board, 5, 999, 391, 5.0))
    assert "(value 1,035 from X's point of view: X wins)" in said
    assert "0 → X wins (1,035)" in said and "values [" not in said
    assert "A won game scores 1,000 plus the cells still empty" in said
    assert ordering.value_text(-1029) == "O wins (−1,029)" and ordering.value_text(-3) == "−3"


def test_an_unusable_order_is_reported_under_the_name_of_the_function_checked():
    # lab 5 exercise 1: centre_first giving every column, illegal ones too (review 5C)
    def centre_first(board, moves):
        return [3, 2, 4, 1, 5, 0, 6]

    full = "/".join(["...O...", "...X...", "...O...", "...X...", "...XO..", "..OXOX."])
    for report in (ordering.check_ordering(centre_first),
                   ordering.check_ordering(centre_first, within=1.3)):
        text = str(report)
        assert report.diagnosis == "bad-order" and "centre_first(" in text and "order_moves" not in text, text
    from mmlib.check.orderfile import order_case, run_order_case
    case = order_case("centre first", full, 2)
    said = str(run_order_case(case, centre_first, "lab5/xx", time_limit=5))
    assert "centre_first(" in said and "order_moves" not in said, said
    # a function without a name (a lambda) is called by the check's own: exercise 1's or exercise 2's
    unnamed = ordering.check_ordering(lambda board, moves: moves[:1])
    assert "centre_first(" in str(unnamed)
    assert "order_moves(" in str(ordering.check_ordering(lambda board, moves: moves[:1], within=1.3))
