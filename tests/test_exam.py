"""The exam tool: per-student sets, printable HTML, one PDF page per question, Moodle XML that
follows Moodle's documented question structure."""

from __future__ import annotations

import base64
import csv
import html
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "instructor"))

import exam  # noqa: E402

STUDENTS = [("s001", "Ada Lovelace"), ("s002", "Alan Turing"), ("s003", "")]


@pytest.fixture(scope="module")
def sets():
    return exam.make_sets(STUDENTS, questions=2, seed=2025)


def test_roster_with_and_without_header(tmp_path):
    (tmp_path / "a.csv").write_text("Name,ID\nAda Lovelace,s001\nAlan Turing,s002\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("s001\ns002\n\n", encoding="utf-8")
    assert exam.read_roster(tmp_path / "a.csv") == [("s001", "Ada Lovelace"), ("s002", "Alan Turing")]
    assert exam.read_roster(tmp_path / "b.csv") == [("s001", "s001"), ("s002", "s002")]


def test_sets_are_per_student_and_reproducible(sets):
    again = exam.make_sets(STUDENTS, questions=2, seed=2025)
    keys = [[q.key for q in s.questions] for s in sets]
    assert keys == [[q.key for q in s.questions] for s in again]
    assert len({tuple(k) for k in keys}) == 3 and all(len(set(k)) == 2 for k in keys)
    with pytest.raises(SystemExit):
        exam.make_sets([("x", ""), ("x", "")])


class _Outline(HTMLParser):
    def __init__(self):
        super().__init__()
        self.svgs, self.sections, self.pres, self._in_pre = [], [], [], False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "svg":
            self.svgs.append(attrs)
        if tag == "section":
            self.sections.append(attrs.get("class"))
        self._in_pre = tag == "pre"

    def handle_data(self, data):
        if self._in_pre:
            self.pres.append(data)
            self._in_pre = False


def test_html_questions_and_key(sets):
    questions, key = exam.exam_html(sets), exam.exam_html(sets, answers=True)
    for page in (questions, key):
        outline = _Outline()
        outline.feed(page)
        assert outline.sections.count("set") == 3 and outline.sections.count("question") == 6
        assert len(outline.svgs) == 6
        assert all(svg.get("role") == "img" and svg.get("aria-label") for svg in outline.svgs)
        trees = [q.tree_text() for s in sets for q in s.questions]
        assert outline.pres == trees                  # every tree also as text, for readers of any kind
        assert "Ada Lovelace (s001)" in page and "page-break-after" in page
    for student_set in sets:
        for question in student_set.questions:
            for part in question.parts():
                assert part.prompt in html.unescape(questions) and part.answer in html.unescape(key)
            assert f"pruned: {' '.join(question.pruned)}" not in questions
            assert f"evaluated: {' '.join(question.evaluated)}" not in questions
    assert "Answer 1" in key and "Answer 1" not in questions


def _pdf_pages(data: bytes) -> int:
    """Check the PDF's frame (header, end marker, cross-reference table where startxref points,
    an object at each offset it lists) and return its page count."""
    assert data.startswith(b"%PDF-1.") and data.rstrip().endswith(b"%%EOF")
    start = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    assert data[start:start + 4] == b"xref"
    table = re.match(rb"xref\s+0 (\d+)\s+((?:\d{10} \d{5} [nf]\s*)+)", data[start:])
    assert table is not None
    entries = re.findall(rb"(\d{10}) (\d{5}) ([nf])", table.group(2))
    assert len(entries) == int(table.group(1))
    for number, (offset, _, used) in enumerate(entries):
        if used == b"n":
            assert re.match(rb"%d 0 obj" % number, data[int(offset):int(offset) + 20])
    pages = len(re.findall(rb"/Type /Page\b(?!s)", data))
    assert re.search(rb"/Type /Pages[^>]*/Count %d\b" % pages, data) or \
        re.search(rb"/Count %d\b" % pages, data)
    return pages


@pytest.mark.slow
def test_pdf_one_page_per_question(sets, tmp_path):
    assert exam.exam_pdf(sets, tmp_path / "q.pdf") == 6
    assert exam.exam_pdf(sets[:1], tmp_path / "k.pdf", answers=True) == 2
    assert _pdf_pages((tmp_path / "q.pdf").read_bytes()) == 6
    assert _pdf_pages((tmp_path / "k.pdf").read_bytes()) == 2
    assert (tmp_path / "q.pdf").read_bytes() == (exam.exam_pdf(sets, tmp_path / "again.pdf") and
                                                 (tmp_path / "again.pdf").read_bytes())   # reproducible


MOODLE_TYPES = {"category", "numerical", "shortanswer", "multichoice"}


def _text_of(element, path):
    found = element.find(path)
    assert found is not None, path
    return found.text or ""


def test_moodle_xml_follows_the_documented_structure(sets):
    questions = [q for s in sets for q in s.questions]
    document = exam.moodle_xml(questions)
    assert document.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')
    root = ET.fromstring(document.encode("utf-8"))
    assert root.tag == "quiz"
    items = root.findall("question")
    assert {item.get("type") for item in items} == MOODLE_TYPES
    categories = [item for item in items if item.get("type") == "category"]
    assert [_text_of(c, "category/text") for c in categories] == \
        [f"$course$/Alpha-beta/Tree {k}" for k in range(1, 7)]
    graded = [item for item in items if item.get("type") != "category"]
    assert len(graded) == 6 * 5                           # value, move, pruned, order, ordering per tree
    tree_number = 0
    for item in items:
        if item.get("type") == "category":
            tree_number += 1
            continue
        question = questions[tree_number - 1]
        assert _text_of(item, "name/text").startswith(f"Tree {tree_number} (")
        body = item.find("questiontext")
        assert body.get("format") == "html"
        html_text = _text_of(body, "text")
        file = body.find("file")
        assert file.get("encoding") == "base64" and file.get("path") == "/"
        assert f'src="@@PLUGINFILE@@/{file.get("name")}" alt="Game tree' in html_text
        assert base64.b64decode(file.text).decode().startswith("<svg")
        assert _text_of(item, "defaultgrade") == "1"
        answers = item.findall("answer")
        assert answers
        assert all(a.get("fraction") in ("0", "100") and a.find("text") is not None for a in answers)
        kind = item.get("type")
        if kind == "numerical":
            assert len(answers) == 1 and float(_text_of(answers[0], "text")) == question.value
            assert _text_of(answers[0], "tolerance") == "0"
        elif kind == "shortanswer":
            assert _text_of(item, "usecase") in ("0", "1")
            accepted = {_text_of(a, "text") for a in answers}
            assert {question.best_move, " ".join(question.pruned) or "none",
                    " ".join(question.evaluated)} & accepted
        else:
            assert _text_of(item, "single") == "true" and _text_of(item, "answernumbering") == "abc"
            right = [_text_of(a, "text") for a in answers if a.get("fraction") == "100"]
            assert len(right) == 1 and right[0] in question.best_orders
            assert len(answers) >= 2


def test_the_command_line_writes_everything(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\ns1,Ada\ns2,Alan\n", encoding="utf-8")
    out = tmp_path / "out"
    assert exam.main(["--students", str(roster), "--seed", "7", "--questions", "2", "--out", str(out),
                      "--depth", "2", "--branching", "3", "--ties", "--cutoff", ">",
                      "--kinds", "value,pruned"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["key.html", "key.pdf", "moodle.xml", "questions.html",
                                                    "questions.pdf", "sets.csv"]
    rows = list(csv.DictReader((out / "sets.csv").open(encoding="utf-8")))
    assert [(r["student"], r["question"]) for r in rows] == [("s1", "1"), ("s1", "2"),
                                                             ("s2", "1"), ("s2", "2")]
    assert "only when alpha > beta" in html.unescape((out / "questions.html").read_text(encoding="utf-8"))
    items = ET.parse(out / "moodle.xml").getroot().findall("question")
    assert sorted({i.get("type") for i in items}) == ["category", "numerical", "shortanswer"]


def test_make_exam_target():
    dry = subprocess.run(["make", "-n", "exam", "N=30", "SEED=5"], cwd=ROOT, capture_output=True, text=True)
    assert "instructor/exam.py --n 30 --seed 5" in dry.stdout
    roster = subprocess.run(["make", "-n", "exam", "STUDENTS=roster.csv"], cwd=ROOT, capture_output=True,
                            text=True)
    assert 'instructor/exam.py --students "roster.csv" --seed 0' in roster.stdout
