"""Lab 3's practice boards as text (mmlib.check.boardfile): a wrong line of a board case file is named."""

from __future__ import annotations

import re

import pytest

from mmlib.check import practice
from mmlib.errors import TreeTextError

HEAD = "check = evaluate\ndepth = 3\nboard = 'X...O...X'\n"


@pytest.mark.parametrize(("text", "message"), [
    (HEAD + "move 1 = X wins", "line 4: move 1 = X wins, but it is draw"),
    (HEAD + "moves that do not lose = 1 3", "line 4: moves that do not lose = 1 3, but it is 1 3 5 7"),
    (HEAD + "move 4 = draw", "line 4: move 4: that square is taken"),
    ("check = evaluate\ndepth = 0\nboard = 'X...O...X'", "line 2: depth = 0"),
    ("check = evaluate\ndepth = 3\nboard = 'XXX.OO...'", "line 3: board = 'XXX.OO...'"),
    ("check = evaluate\ndepth = 3\nboard = 'XX'", "line 3: board = 'XX'"),
    ("check = evaluate\ndepth = 3", "no 'board = ...' line"),
    (HEAD + "the best = 1", "line 4: expected a line 'key = value'"),
])
def test_a_wrong_board_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(TreeTextError, match=re.escape(message)):
        practice.read_any(text)
