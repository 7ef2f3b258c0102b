"""Labs 6 and 7's practice calls as text (mmlib.check.callfile): a wrong line of a call file is named."""

from __future__ import annotations

import re

import pytest

from mmlib.check import callfile
from mmlib.errors import TreeTextError


@pytest.mark.parametrize(("text", "message"), [
    ("check = bound_flag\nbound_flag(value=60, alpha=40, beta=60) = EXACT", "line 2: the answer is LOWER"),
    ("check = probe\nprobe(value=5, flag=LOWER, stored_depth=1, depth=1, alpha=0, beta=5) = None",
     "line 2: the answer is 5, not None"),
    ("check = bound_flag\nbound_flag(value=6, beta=9, alpha=0) = EXACT", "line 2: expected the parameters"),
    ("check = bound_flag\nbound_flag(value=six, alpha=0, beta=9) = EXACT", "line 2: 'six'"),
    ("check = bound_flag\nprobe(value=5, flag=LOWER, stored_depth=1, depth=1, alpha=0, beta=5) = 5",
     "line 2: a call of probe"),
    ("bound_flag(value=6, alpha=0, beta=9) = EXACT",
     "line 1: expected 'check = bound_flag or probe or anytime_move'"),
])
def test_a_wrong_call_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(TreeTextError, match=re.escape(message)):
        callfile.read_call_case(text)
