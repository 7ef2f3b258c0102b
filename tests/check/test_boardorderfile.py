"""Lab 3's move-ordering cases as text (mmlib.check.boardorderfile): a wrong line of an ordering case file is
named."""

from __future__ import annotations

import re

import pytest

from mmlib.check import practice
from mmlib.errors import TreeTextError

ORDER_HEAD = "check = order_moves\ndepth = 3\nevaluate = open lines\nboard = 'X...O....'\n"


@pytest.mark.parametrize(("text", "message"), [
    (ORDER_HEAD + "after move 1 = 2", "line 5: after move 1 = 2, but it is 0"),
    (ORDER_HEAD + "after move 4 = 2", "line 5: after move 4: that square is taken"),
    (ORDER_HEAD + "best first = 1 2 3 5 6 7 8",
     "line 5: best first = 1 2 3 5 6 7 8, but it is 2 5 6 7 8 1 3"),
    (ORDER_HEAD + "nodes in square order = 90", "line 5: nodes in square order = 90, but it is 93"),
    (ORDER_HEAD + "goal = 100", "line 5: goal = 100, but it is 120"),
    (ORDER_HEAD.replace("open lines", "my evaluate"), "line 3: evaluate = my evaluate: a case fixes"),
    (ORDER_HEAD.replace("evaluate = open lines\n", ""), "no 'evaluate = open lines' line"),
    (ORDER_HEAD.replace("X...O....", "XXXOO...."), "line 4: board = 'XXXOO....'"),
])
def test_a_wrong_ordering_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(TreeTextError, match=re.escape(message)):
        practice.read_any(text)
