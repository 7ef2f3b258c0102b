"""The lectures show results; the tests keep the claims true (issue #30, part 3).  An `assert` stands in at
most one lecture code cell in ten, never on a sentence a view prints, and the prose does not tell students
how the course is checked or made fast.  Each lecture's claims are tested in test_claims_NN.py (and
test_lecture_claims.py)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LECTURES = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ASSERT = re.compile(r"^\s*assert\b", re.M)
ASSERT_LINE = re.compile(r"^\s*assert\b.*", re.M)
STRING = re.compile(r'"[^"\n]*"|“[^”\n]*”')


def on_a_sentence(line: str) -> bool:
    """Whether an assert line compares with a string of four words or more."""
    return any(literal.count(" ") >= 3 for literal in STRING.findall(line))
ABOUT_THE_COURSE = re.compile(
    r"\bassert(?:s|ion|ions)?\b|\bfastcount\b|\bnumba\b|\bcompiles? to machine code\b", re.I)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


@cache
def cells(kind: str) -> list[tuple[str, str]]:
    """(notebook, source) of every lecture cell of this kind."""
    return [(path.name, "".join(cell["source"])) for path in LECTURES
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == kind]


def test_there_are_lectures():
    assert len(LECTURES) >= 10


def test_at_most_one_lecture_code_cell_in_ten_asserts():
    code = cells("code")
    with_assert = [name for name, source in code if ASSERT.search(source)]
    assert 10 * len(with_assert) <= len(code), f"{len(with_assert)} of {len(code)} code cells: {with_assert}"


def test_no_assert_on_a_printed_sentence():
    found = [(name, line.strip()) for name, source in cells("code")
             for line in ASSERT_LINE.findall(source) if on_a_sentence(line)]
    assert found == []
    assert on_a_sentence('assert explorer.sentence == "pass 2: enter A (MAX) with"')
    assert not on_a_sentence('assert run("article", tree)[1] == run("slides", tree)[1] == labels(tree), name')


def test_the_prose_does_not_say_how_the_course_is_checked_or_made_fast():
    found = [(name, m.group(0)) for name, source in cells("markdown")
             for m in ABOUT_THE_COURSE.finditer(CODE.sub("", source))]
    assert found == []
    assert ABOUT_THE_COURSE.search("the key claims are checked with assert right next to them")
    assert ABOUT_THE_COURSE.search("as one loop that numba compiles")
