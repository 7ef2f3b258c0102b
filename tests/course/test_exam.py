"""The exam tool: per-student sets, printable HTML, one PDF page per question, Moodle XML that
follows Moodle's documented question structure."""

from __future__ import annotations

import base64
import csv
import html
import re
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mmlib import quiz
from mmlib.course import exam
from mmlib.errors import CourseError

ROOT = Path(__file__).resolve().parents[2]

STUDENTS = [("s001", "Ada Lovelace"), ("s002", "Alan Turing"), ("s003", "")]


@pytest.fixture(scope="module")
def sets():
    return exam.make_sets(STUDENTS, questions=2, seed=2025, branching=2, depth=3)   # one shape for all


def test_roster_with_and_without_header(tmp_path):
    (tmp_path / "a.csv").write_text("Name,ID\nAda Lovelace,s001\nAlan Turing,s002\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("s001\ns002\n\n", encoding="utf-8")
    assert exam.read_roster(tmp_path / "a.csv") == [("s001", "Ada Lovelace"), ("s002", "Alan Turing")]
    assert exam.read_roster(tmp_path / "b.csv") == [("s001", "s001"), ("s002", "s002")]


def test_sets_are_per_student_and_reproducible(sets):
    varied = exam.make_sets(STUDENTS, questions=2, seed=2025)
    for shape, first in (({"branching": 2, "depth": 3}, sets), ({}, varied)):
        again = exam.make_sets(STUDENTS, questions=2, seed=2025, **shape)
        keys = [[q.key for q in s.questions] for s in first]
        assert keys == [[q.key for q in s.questions] for s in again]
        assert len({tuple(k) for k in keys}) == 3 and all(len(set(k)) == 2 for k in keys)
    with pytest.raises(CourseError, match="the roster names a student twice"):
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


MOODLE_TYPES = {"category", "numerical", "shortanswer", "cloze", "multichoice"}


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
    assert len(graded) == 6 * 6                           # value, move, pruned, order, bounds, ordering
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
        if item.get("type") == "cloze":                   # its grade: one point per embedded answer
            assert item.find("defaultgrade") is None and not item.findall("answer")
            assert html_text.count("{1:SHORTANSWER:") == html_text.count("{1:MULTICHOICE:") == \
                sum(1 for node in question.tree.nodes() if not node.is_leaf())
            continue
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


@pytest.mark.slow
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
    assert "-m mmlib.course exam --n 30 --seed 5" in dry.stdout
    roster = subprocess.run(["make", "-n", "exam", "STUDENTS=roster.csv"], cwd=ROOT, capture_output=True,
                            text=True)
    assert '-m mmlib.course exam --students "roster.csv" --seed 0' in roster.stdout


# -- what issue 23 found: the depth-4 key, ties in Moodle, part (e) in Moodle, answer space, set numbers --

def _overlaps(figure) -> list[tuple[str, str]]:
    """Pairs of texts in the figure's axes whose boxes overlap (as drawn, in pixels)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)
    boxes = [(text.get_text(), text.get_window_extent(renderer)) for ax in figure.axes for text in ax.texts
             if text.get_visible() and text.get_text().strip()]
    found = []
    for i, (left, a) in enumerate(boxes):
        for right, b in boxes[i + 1:]:
            width = min(a.x1, b.x1) - max(a.x0, b.x0)
            height = min(a.y1, b.y1) - max(a.y0, b.y0)
            if width > 1 and height > 1:
                found.append((left, right))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("branching, depth", [(2, 3), (2, 4), (3, 3), (4, 2), (3, 2)])
def test_no_text_of_a_key_page_runs_into_another(branching, depth):
    question = quiz.alpha_beta_question(3, branching, depth)
    student_set = exam.StudentSet("s1", "", (question,))
    for answers in (True, False):
        pages = exam.page_figures(student_set, 1, question, answers=answers)
        for page in pages:
            assert _overlaps(page) == [], (branching, depth, answers)
    plan = exam.layout(question, answers=True)
    expected = {(2, 3): (False, 1), (3, 2): (False, 1), (2, 4): (True, 1), (4, 2): (True, 1),
                (3, 3): (True, 4)}
    assert (plan.landscape, len(plan.pieces)) == expected[branching, depth]   # 27 leaves: top + 3 subtrees


@pytest.mark.slow
def test_the_old_depth_4_key_page_had_its_windows_run_into_each_other():
    """The layout the test above guards against: a portrait page with every window on the tree."""
    from matplotlib.figure import Figure

    from mmlib.draw import draw_tree

    question = quiz.alpha_beta_question(3, 2, 4)
    figure = Figure(figsize=exam.A4)
    draw_tree(question.result, ax=figure.add_axes((0.04, 0.1, 0.92, 0.5)), windows=True, title="")
    assert any(a.startswith("[") and b.startswith("[") for a, b in _overlaps(figure))


def test_a_wide_tree_is_printed_across_the_page_in_html():
    wide = exam.make_sets([("s1", "")], questions=1, seed=3, depth=4)
    narrow = exam.make_sets([("s1", "")], questions=1, seed=3, depth=3)
    assert 'data-page="landscape"' in exam.exam_html(wide, answers=True)
    assert 'data-page="portrait"' in exam.exam_html(narrow, answers=True)
    assert "@page landscape { size: A4 landscape" in exam.exam_html(wide)
    for student_set in wide + narrow:
        for question in student_set.questions:
            svg = exam._drawing(question, True, windows=exam.layout(question, answers=True).windows)
            plan = exam.layout(question, answers=True)
            assert exam._svg_width(svg) * exam.SHRINK <= exam.PAGE_WIDTH[plan.landscape]


def _minimax(item, maximizing=True):
    if not isinstance(item, list):
        return item
    values = [_minimax(child, not maximizing) for child in item]
    return max(values) if maximizing else min(values)


def _tied_question() -> quiz.Question:
    for seed in range(200):
        question = quiz.alpha_beta_question(seed, 2, 3, ties=True, value_range=(0, 4))
        values = [_minimax(child, False) for child in question.tree.to_nested()]
        if values.count(max(values)) == 2:
            return question
    raise AssertionError("no tree with two best moves")


def test_every_best_move_is_right_and_the_question_says_so():
    question = _tied_question()
    values = [_minimax(child, False) for child in question.tree.to_nested()]
    labels = [child.label for child in question.tree.root.children]
    best = {label for label, value in zip(labels, values, strict=True) if value == max(values)}
    assert len(best) == 2
    part = next(p for p in question.parts() if p.kind == "best_move")
    assert set(part.accepted) == best
    assert "any one of them is right" in part.prompt
    root = ET.fromstring(exam.moodle_xml([question]).encode())
    item = next(i for i in root.findall("question") if i.get("type") == "shortanswer"
                and _text_of(i, "name/text").endswith("best move"))
    assert "any one of them is right" in html.unescape(_text_of(item, "questiontext/text"))
    right = {_text_of(a, "text") for a in item.findall("answer") if a.get("fraction") == "100"}
    assert right == best


def test_a_single_best_move_is_the_only_answer():
    question = quiz.alpha_beta_question(0, 3, 2, ordering="best")      # B 17, C <= 4, D <= 3
    part = next(p for p in question.parts() if p.kind == "best_move")
    assert part.accepted == ("B",) and part.answer == "move to B"


_CLOZE = re.compile(r"<th scope=\"row\">([^<]+)</th><td>\{1:SHORTANSWER:([^}]*)\}</td>"
                    r"<td>\{1:MULTICHOICE:([^}]*)\}</td>")


def test_part_e_goes_to_moodle_as_embedded_answers_with_the_keys_values_and_bounds():
    question = quiz.alpha_beta_question(3, 2, 4)
    root = ET.fromstring(exam.moodle_xml([question]).encode())
    item = next(i for i in root.findall("question") if i.get("type") == "cloze")
    assert _text_of(item, "name/text") == "Tree 1 (e) bounds"
    rows = _CLOZE.findall(_text_of(item, "questiontext/text"))
    inner = [n.label for n in sorted((n for n in question.tree.nodes() if not n.is_leaf()),
                                     key=lambda n: (len(n.path), n.path))]
    assert [label for label, _, _ in rows] == inner
    key = question.inner_values                           # the answer key: "7", "≥ 19", "≤ 12"
    assert set(key) < set(inner)                           # this tree has inner nodes never searched
    for label, written, menu in rows:
        right = [choice[1:] for choice in menu.split("~") if choice.startswith("=")]
        assert len(right) == 1 and len(menu.split("~")) == 4
        accepted = {answer[1:] for answer in written.split("~")}
        if label not in key:
            assert right == ["not searched"] and accepted == {"-"}
            continue
        text = key[label]
        number = text.lstrip("≥≤ ")
        assert number in accepted and number.replace("−", "-") in accepted
        assert right == [{"≥": "≥, a lower bound", "≤": "≤, an upper bound"}.get(text[0], "exact")]


def test_questions_leave_room_for_every_answer_and_the_key_fills_it():
    sets = exam.make_sets([("s1", "")], questions=1, seed=4)
    question = sets[0].questions[0]
    inner = [n.label for n in question.tree.nodes() if not n.is_leaf()]
    questions, key = exam.exam_html(sets), exam.exam_html(sets, answers=True)
    items = questions.split('<ol class="parts">')[1].split("</ol>")[0].split("<li>")[1:]
    assert len(items) == len(question.parts())
    for item, part in zip(items, question.parts(), strict=True):
        if part.kind == "bounds":
            assert item.count('<th scope="row">') == len(inner)
            assert item.count("<td></td>") == 2 * len(inner)
        else:
            assert item.count('<div class="line"></div>') == (2 if part.kind in ("pruned", "order") else 1)
    table = key.split('<table class="bounds">')[1].split("</table>")[0]
    assert table.count('<th scope="row">') == len(inner) and "<td></td>" not in table
    assert "[−∞, +∞]" in table                            # the root's window
    text = exam.page_figures(sets[0], 1, question)[0].texts[0].get_text()
    assert text.count("_" * 12) >= len(inner) and text.count("_" * 70) == 7


def test_numbered_sets_are_01_02_as_the_help_says(tmp_path):
    assert "numbered 01, 02" in exam._parser().format_help()
    assert exam.main(["--n", "3", "--questions", "1", "--out", str(tmp_path), "--formats", "moodle",
                      "--depth", "2"]) == 0
    rows = list(csv.DictReader((tmp_path / "sets.csv").open(encoding="utf-8")))
    assert [r["student"] for r in rows] == ["01", "02", "03"]
    numbers = exam.set_numbers(120)
    assert numbers[0] == "001" and numbers[-1] == "120" and len(set(numbers)) == 120


def test_bounds_key_follows_what_the_leaves_prove():
    """Fail-hard clamps what a node returns to its window; the key says what its leaves prove,
    and every row's kind is true of the node's minimax value."""
    from mmlib.course.exam import bounds_rows
    from mmlib.trace import minimax_values
    clamped = 0
    for seed in range(12):
        question = quiz.alpha_beta_question(seed, 3, 3, variant="fail-hard")
        truth = minimax_values(question.tree)
        by_label = {node.label: node.path for node in question.tree.nodes()}
        for label, _, returned, kind in bounds_rows(question):
            if kind.startswith("its leaves prove "):
                clamped += 1
                drawn = question.model.marks().value_text(by_label[label])
                assert drawn == f"{kind.removeprefix('its leaves prove ')} (ret. {returned})"
            elif kind == "exact":
                assert truth[by_label[label]] == float(returned.replace("−", "-"))
    assert clamped > 0


def _spread(answers):
    """How many different answers, and the share of the most common one."""
    counts = Counter(answers)
    return len(counts), counts.most_common(1)[0][1] / len(answers)


def test_the_default_exam_is_not_guessable():
    """30 students, 3 questions: one shape for all gave 5 different sets of pruned leaves over 90
    questions, 'N O' right 34% to 38% of the time; shapes drawn per student spread the answers,
    while the k-th question of every set has about the same number of leaves."""
    students = [(f"s{i:02d}", "") for i in range(1, 31)]
    one_shape = [q for s in exam.make_sets(students, questions=3, seed=2025, branching=2, depth=3)
                 for q in s.questions]
    varied = exam.make_sets(students, questions=3, seed=2025)
    questions = [q for s in varied for q in s.questions]
    before = _spread([" ".join(q.pruned) for q in one_shape])
    after = _spread([" ".join(q.pruned) for q in questions])
    assert before[0] <= 6 and before[1] > 0.3                       # the old default, as found
    assert after[0] >= 50 and after[1] <= 0.12
    assert _spread([" ".join(q.evaluated) for q in questions])[1] <= 0.12
    assert _spread([q.value for q in questions])[1] <= 0.12
    for k in range(3):
        leaves = {q.tree.leaf_count for q in (s.questions[k] for s in varied)}
        assert max(leaves) - min(leaves) <= 2, (k, leaves)          # as long to solve for everyone
        assert len({(q.branching, q.depth) for q in (s.questions[k] for s in varied)}) == 2


@pytest.mark.slow
def test_every_legend_row_and_answer_line_is_on_its_page(tmp_path):
    """The key's legend below the tree (once cut off at the page's edge) ends inside the page, and
    each part's prompt starts below a blank line after the previous answer line."""
    student = exam.make_sets([("s1", "")], questions=3, seed=2025)[0]
    for number, question in enumerate(student.questions, start=1):
        for answers in (False, True):
            for figure in exam.page_figures(student, number, question, answers=answers):
                figure.draw_without_rendering()
                for ax in figure.axes:
                    legend = ax.get_legend()
                    if legend is not None:
                        box = legend.get_window_extent()
                        assert box.y0 >= 0.019 * figure.dpi * figure.get_figheight(), (number, answers)
        spaced = r"ol\.parts > li \+ li \{ margin-top: 0\.\d+rem"          # the printed HTML too
        assert re.search(spaced, exam.exam_html([student]))
        lines = exam._page_lines(question, False, 100, "head", room=True)
        for index, line in enumerate(lines):
            if re.match(r"\([b-f]\) ", line):
                assert lines[index - 1] == "", lines[index - 2: index + 1]
