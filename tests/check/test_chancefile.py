"""Lab 4's practice cases as text (mmlib.check.chancefile): a wrong line of a chance case file is named."""

from __future__ import annotations

import re

import pytest

from mmlib.check import practice
from mmlib.errors import TreeTextError


@pytest.mark.parametrize(("text", "message"), [
    ("check = expectimax\nlevels = max chance\nABCD\nA: B\nB: CD\nC 4\nD 8\nvalue = 5", "line 8: value = 5"),
    ("check = best gamble\nlevels = max chance\nABCD\nA: BC\nB 4\nC 8\nbest moves = 0", "line 7: best moves"),
    ("check = expectimax\nABCD\nA: B\nB: CD\nC 4\nD 8", "no 'levels = ...' line"),
    ("check = expectimax\nlevels = max chance\nABCD\nA: B\nB: CD\nB p 1/2 1/3\nC 4\nD 8", "line 6"),
    ("check = expectimax\nlevels = max chance\nABCD\nA: B\nB: CD\nC 4\nD 8\nvalue = lots",
     "line 8: value = lots"),
])
def test_a_wrong_chance_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(TreeTextError, match=re.escape(message)):
        practice.read_any(text)
