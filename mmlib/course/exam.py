"""Alpha-beta exams: one seeded question set per student, printable and importable into Moodle.

``mmlib-course exam --students roster.csv --seed 2025 --out exam/`` (or ``--n 30`` for
thirty anonymous sets) writes into ``exam/``:

- ``questions.html`` and ``key.html``: printable pages, one set per student (a page break
  between sets); every tree drawn as inline SVG with its text alternative, and written as the
  labelled tree text beside it; the key shows the search on the tree (values and bounds,
  pruned branches, leaf order) and the answers;
- ``questions.pdf`` and ``key.pdf``: one page per question (matplotlib's PDF backend);
- ``moodle.xml``: every question in Moodle's XML import format, one category per question
  tree: the value as a *numerical* question, the move, the pruned leaves and the evaluation
  order as *shortanswer*, the cheapest order of MAX's moves as *multichoice* (what each
  inner node returns is written, not graded, so it is left out); the drawing goes along as
  an SVG file with its ``alt`` text;
- ``sets.csv``: which student got which questions (student, question, tree as nested lists).

The roster is a CSV file with a column ``id`` (or ``student``), optionally ``name``; without
a header its first column is the id.  The same roster and seed always give the same sets.
By default the k-th question of every set is on a tree of about the same size for everyone (8 or 9
leaves, then 16, then 25 or 27: :data:`SIZES`) whose shape is drawn per student, so that answers
differ between students; ``--branching`` and ``--depth`` give every tree one shape.
Constraints are those of :func:`mmlib.quiz.alpha_beta_question`: ``--branching``, ``--depth``,
``--ordering``, ``--ties``, ``--low``/``--high``, ``--min-pruned``, ``--max-pruned``,
``--cutoff``, ``--variant`` and ``--kinds``.
"""

from __future__ import annotations

import argparse
import base64
import csv
import functools
import html
import re
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mmlib import quiz
from mmlib.errors import CourseError
from mmlib.mixing import MASK, splitmix64
from mmlib.trace import EXACT, LOWER, UPPER, format_value, format_window

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..trace.marks import Marks

__all__ = ["StudentSet", "Layout", "read_roster", "make_sets", "layout", "bounds_rows", "exam_html",
           "exam_pdf", "page_figures", "moodle_xml", "main"]

LETTERS = "abcdefgh"


@dataclass(frozen=True)
class StudentSet:
    """One student's questions."""

    student: str
    name: str
    questions: tuple[quiz.Question, ...]


# -- students and their sets --------------------------------------------------------------------------

def read_roster(path: str | Path) -> list[tuple[str, str]]:
    """(id, name) per student from a CSV file: columns ``id`` (or ``student``) and ``name``,
    or, without such a header, the id in the first column."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = [row for row in csv.reader(handle) if row and any(cell.strip() for cell in row)]
    if not rows:
        raise CourseError(f"{path}: the roster is empty")
    header = [cell.strip().lower() for cell in rows[0]]
    id_column = next((header.index(word) for word in ("id", "student", "student_id") if word in header), None)
    if id_column is None:
        return [(row[0].strip(), row[0].strip()) for row in rows]
    name_column = header.index("name") if "name" in header else id_column
    return [(row[id_column].strip(), row[name_column].strip() if name_column < len(row) else "")
            for row in rows[1:]]


SIZES: tuple[tuple[tuple[int, int], ...], ...] = (((2, 3), (3, 2)), ((2, 4), (4, 2)), ((3, 3), (5, 2)))
"""The (branching, depth) shapes of each question of a set when the exam fixes none: question k
draws one of the shapes of ``SIZES[(k - 1) % 3]``, trees of about the same number of leaves (8 or 9,
then 16, then 25 or 27), so every student's set is as long to solve while the shapes, and with them
the answers, differ from student to student (one shape for everyone made the answers guessable:
five different sets of pruned leaves over 90 questions)."""


def varied_set(student: str, questions: int, *, seed: int = 0, **options: Any) -> list[quiz.Question]:
    """``student``'s ``questions`` in the exam ``seed``, the k-th on a tree of one of the shapes
    of :data:`SIZES` (drawn per student); ``options`` are those of :func:`mmlib.quiz.alpha_beta_question`.

    >>> shapes = [(q.branching, q.depth) for q in varied_set("s1", 3, seed=1)]
    >>> [shape in SIZES[k] for k, shape in enumerate(shapes)]
    [True, True, True]
    >>> [q.key for q in varied_set("s1", 3, seed=1)] == [q.key for q in varied_set("s1", 3, seed=1)]
    True
    """
    base = quiz.student_seed(student, seed)
    chosen: list[quiz.Question] = []
    draw = 0
    while len(chosen) < questions:
        mixed = splitmix64((base * 1_000_003 + draw) & MASK)
        draw += 1
        sizes = SIZES[len(chosen) % len(SIZES)]
        branching, depth = sizes[mixed % len(sizes)]
        question = quiz.alpha_beta_question(mixed >> 16, branching, depth, **options)
        if all(question.key != other.key for other in chosen):
            chosen.append(question)
    return chosen


def make_sets(students: Sequence[tuple[str, str]], *, questions: int = 3, seed: int = 0,
              **options: Any) -> list[StudentSet]:
    """Every student's set in the exam ``seed``: with ``branching`` and ``depth`` given,
    :func:`mmlib.quiz.question_set` of their id (every tree of that shape), else :func:`varied_set`.

    >>> sets = make_sets([("s1", "Ada"), ("s2", "Alan")], questions=2, seed=1)
    >>> [s.student for s in sets], [len(q.pruned) > 0 for q in sets[0].questions]
    (['s1', 's2'], [True, True])
    """
    ids = [student for student, _ in students]
    if len(set(ids)) != len(ids):
        raise CourseError("the roster names a student twice")
    fixed = options.get("branching") is not None or options.get("depth") is not None
    if fixed:
        options = {"branching": 2, "depth": 3, **{k: v for k, v in options.items() if v is not None}}
        return [StudentSet(student, name, tuple(quiz.question_set(student, questions, seed=seed, **options)))
                for student, name in students]
    options = {k: v for k, v in options.items() if k not in ("branching", "depth")}
    return [StudentSet(student, name, tuple(varied_set(student, questions, seed=seed, **options)))
            for student, name in students]


def numbered(sets: Sequence[StudentSet]) -> list[tuple[StudentSet, int, quiz.Question]]:
    return [(s, k, q) for s in sets for k, q in enumerate(s.questions, start=1)]


# -- how each tree is laid out on a page --------------------------------------------------------------

PAGE_WIDTH = {False: 730.0, True: 1030.0}
"""What an A4 page holds across (portrait, landscape), in the drawings' units (about 1/96 inch)."""
SHRINK = 0.85
"""The most a drawing is scaled down to fit a page (its smallest text, 9 points, prints at 7.7);
below that it gets hard to read."""


@dataclass(frozen=True)
class Layout:
    """How a question's tree goes on paper: the page's orientation, whether the [α, β] windows are
    written on the drawing (else only in the key's table), and the drawings: the whole tree
    (``{}``), or, for a tree too wide for any page, its top (``{"max_depth": 1}``) and then the
    subtree of each of the root's children (``{"root": "B"}``), each on a page of its own."""

    landscape: bool
    windows: bool
    pieces: tuple[dict[str, Any], ...]


def _svg_width(svg: str) -> float:
    found = re.search(r'<svg[^>]*\swidth="([\d.]+)"', svg)
    assert found is not None, "a drawing without a width"
    return float(found.group(1))


def _drawing(question: quiz.Question, answers: bool, *, windows: bool = False, title: str | None = None,
             **piece: Any) -> str:
    from mmlib.draw.svg import tree_svg

    if answers:
        return tree_svg(question.result, windows=windows, title=title, **piece)
    return tree_svg(question.tree, values=False, title=title, **piece)


@functools.lru_cache(maxsize=4096)              # the pages and the HTML ask for it several times
def layout(question: quiz.Question, *, answers: bool = False) -> Layout:
    """The first of these that fits an A4 page (scaled down by at most :data:`SHRINK`): portrait,
    then landscape, with the windows drawn (the key), then without; else the tree in pieces.

    >>> [layout(quiz.alpha_beta_question(3, 2, depth), answers=True) for depth in (3, 4)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [Layout(landscape=False, windows=True, pieces=({},)), Layout(landscape=True, windows=False, pieces=({},))]
    """
    options = [(False, True), (True, True), (False, False), (True, False)] if answers else \
        [(False, False), (True, False)]
    for landscape, windows in options:
        if _svg_width(_drawing(question, answers, windows=windows)) * SHRINK <= PAGE_WIDTH[landscape]:
            return Layout(landscape, windows, ({},))
    children = tuple({"root": child.label} for child in question.tree.root.children)
    return Layout(True, False, ({"max_depth": 1}, *children))


def _piece_title(label: str, piece: dict[str, Any]) -> str:
    if "root" in piece:
        return f"{label}: the subtree of {piece['root']}"
    return f"{label}: the top of the tree" if piece else label


def _inner_nodes(question: quiz.Question) -> list[Any]:
    return sorted((n for n in question.tree.nodes() if not n.is_leaf()), key=lambda n: (len(n.path), n.path))


_KIND_WORDS = {EXACT: "exact", LOWER: "≥, a lower bound", UPPER: "≤, an upper bound"}


def bounds_rows(question: quiz.Question) -> list[tuple[str, str, str, str]]:
    """The key of part (e), one row per inner node in breadth-first order: the label, the window
    [α, β] it was entered with, what it returns and whether that is exact or a bound (``not
    searched`` for a node alpha-beta never enters).

    >>> bounds_rows(quiz.alpha_beta_question(0, 3, 2, ordering="best"))[:2]
    [('A', '[−∞, +∞]', '17', 'exact'), ('B', '[−∞, +∞]', '17', 'exact')]
    """
    marks = question.model.marks()
    rows = []
    for node in _inner_nodes(question):
        if node.path not in marks.entered:
            rows.append((node.label, "", "", "not searched"))
            continue
        rows.append((node.label, format_window(marks.windows.get(node.path)),
                     format_value(marks.values[node.path]), _kind_words(marks, node.path)))
    return rows


def _kind_words(marks: Marks, path: Any) -> str:
    """Whether what a node returned is exact or a bound, by what the leaves evaluated below it
    prove; where they prove something else than the number returned says (fail-hard clamps it,
    or both ends are known), what they prove: ``its leaves prove 2``."""
    reading = marks.reading(path)
    if not reading.returned_shown and reading.kind in _KIND_WORDS:
        return _KIND_WORDS[reading.kind]
    return f"its leaves prove {reading.text(returned=False)}"


# -- printable HTML ---------------------------------------------------------------------------------------

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 66rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.45; }
section.set { break-after: page; page-break-after: always; }
section.question { margin-bottom: 2rem; }
figure, div.tree-text, ol.parts > li, table.bounds { break-inside: avoid; page-break-inside: avoid; }
section.set[data-page="landscape"] { page: landscape; }
figure { margin: 0.5rem 0; } svg.mmlib-tree { max-width: 100% !important; height: auto; }
pre { background: #f6f6f6; padding: 0.4rem 0.6rem; column-width: 9rem; white-space: pre-wrap;
      overflow-wrap: anywhere; }
ol.parts { list-style-type: lower-alpha; } .answer { font-weight: bold; }
div.line { border-bottom: 1px solid #444; height: 2rem; max-width: 40rem; }
ol.parts > li + li { margin-top: 0.9rem; }   /* the next part's text stays off the answer line above */
table.bounds { border-collapse: collapse; margin: 0.3rem 0 0.6rem; }
table.bounds caption { text-align: left; caption-side: top; white-space: nowrap; }
table.bounds th, table.bounds td { border: 1px solid #444; padding: 0.15rem 0.6rem; min-width: 5rem;
                                   height: 1.6rem; text-align: left; }
@page { size: A4; margin: 12mm; }
@page landscape { size: A4 landscape; margin: 12mm; }
@media print { body { margin: 0; padding: 0; max-width: none; font-size: 11pt; }
               h1 { font-size: 15pt; margin: 0 0 0.2rem; } h2 { font-size: 13pt; margin: 0.3rem 0; }
               p { margin: 0.3rem 0; } }
"""


def exam_html(sets: Sequence[StudentSet], *, answers: bool = False, title: str = "Alpha-beta exam") -> str:
    """The questions (or, with ``answers``, the key) of every set as one printable HTML page: each
    part with room for the answer (a table for what each inner node returns), a tree too wide for
    a portrait page on a landscape one."""
    heading = f"{title}: answer key" if answers else title
    body = []
    for student_set in sets:
        questions = "".join(_question_html(k, q, answers) for k, q in enumerate(student_set.questions, 1))
        wide = any(layout(q, answers=answers).landscape for q in student_set.questions)
        body.append(f"<section class=\"set\" data-page=\"{'landscape' if wide else 'portrait'}\">"
                    f"<h1>{html.escape(heading)}</h1>"
                    f"<p>Student: {html.escape(_who(student_set))}</p>{questions}</section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(heading)}</title><style>{_CSS}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")


def _who(student_set: StudentSet) -> str:
    if student_set.name and student_set.name != student_set.student:
        return f"{student_set.name} ({student_set.student})"
    return student_set.student


def _question_html(number: int, question: quiz.Question, answers: bool) -> str:
    label = f"Answer {number}" if answers else f"Question {number}"
    plan = layout(question, answers=answers)
    figures = "".join(
        "<figure>"
        + _drawing(question, answers, windows=plan.windows, title=_piece_title(label, piece), **piece)
        + "</figure>" for piece in plan.pieces)
    text = ("<div class=\"tree-text\"><p>The same tree as text (children left to right, leaf values from "
            f"MAX's point of view):</p><pre>{html.escape(question.tree_text())}</pre></div>")
    items = "".join(f"<li>{html.escape(part.prompt)}{_answer_html(question, part, answers)}</li>"
                    for part in question.parts())
    return (f"<section class=\"question\"><h2>{label}</h2>"
            f"<p>{html.escape(question.convention())}</p>{figures}{text}"
            f"<ol class=\"parts\">{items}</ol></section>")


def _answer_html(question: quiz.Question, part: quiz.Part, answers: bool) -> str:
    """The key's answer, or the room a student writes it in."""
    if part.kind == "bounds":
        table = _bounds_table(question, answers)
        return (f"<br><span class=\"answer\">{html.escape(part.answer)}</span>{table}" if answers else table)
    if answers:
        return f"<br><span class=\"answer\">{html.escape(part.answer)}</span>"
    lines = 2 if part.kind in ("pruned", "order") else 1
    return "<div class=\"line\"></div>" * lines


def _bounds_table(question: quiz.Question, answers: bool) -> str:
    head: tuple[str, ...]
    if answers:
        head = ("Node", "Window [α, β]", "Returns", "Exact or a bound")
        rows = [tuple(cell or "—" for cell in row) for row in bounds_rows(question)]
    else:
        head = ("Node", "Returns", "Exact, ≥ or ≤")
        rows = [(node.label, "", "") for node in _inner_nodes(question)]
    caption = "What each inner node returns" + ("" if answers else ": your answer")
    header = "".join(f"<th scope=\"col\">{html.escape(cell)}</th>" for cell in head)
    body = "".join("<tr><th scope=\"row\">" + html.escape(row[0]) + "</th>"
                   + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[1:]) + "</tr>" for row in rows)
    return (f"<table class=\"bounds\"><caption>{caption}</caption><thead><tr>{header}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


# -- PDF: one page per question ------------------------------------------------------------------------

A4 = (8.27, 11.69)


def exam_pdf(sets: Sequence[StudentSet], path: str | Path, *, answers: bool = False) -> int:
    """Write one A4 page per question (with ``answers``: per answer; a tree too wide for a page
    adds a page per subtree of the root) to ``path``; return the pages."""
    from matplotlib.backends.backend_pdf import PdfPages

    pages = 0
    with PdfPages(path, metadata={"Title": "Alpha-beta exam" + (": answer key" if answers else ""),
                                  "CreationDate": None}) as pdf:
        for student_set, number, question in numbered(sets):
            for figure in page_figures(student_set, number, question, answers=answers):
                pdf.savefig(figure)
                pages += 1
    return pages


def page_figures(student_set: StudentSet, number: int, question: quiz.Question, *,
                 answers: bool = False) -> list[Any]:
    """A question's A4 pages: its text with room for the answers above its tree (with ``answers``:
    the answers above the search drawn on the tree), landscape for a wide tree.  When the room
    for the answers would leave the tree less than :data:`LEVEL_INCHES` a level, the answers get
    a page of their own after the tree; a tree too wide for any page gets a page per subtree of
    the root."""
    from matplotlib.figure import Figure

    plan = layout(question, answers=answers)
    size = (A4[1], A4[0]) if plan.landscape else A4
    width = 150 if plan.landscape else 100
    head = f"{'Answer' if answers else 'Question'} {number}, student {_who(student_set)}"
    lines = _page_lines(question, answers, width, head, room=not answers)
    separate = not answers and \
        size[1] * (0.9 - _text_height(lines, size)) < LEVEL_INCHES * (question.depth + 1.5)
    if separate:
        lines = _page_lines(question, answers, width, head, room=False)
    figures = [_tree_page(question, answers, plan, size, lines if index == 0 else [_piece_title(head, piece)],
                          piece) for index, piece in enumerate(plan.pieces)]
    if separate:
        figure = Figure(figsize=size)
        room = _page_lines(question, answers, width, f"{head}: your answers", room=True)
        figure.text(0.05, 0.965, "\n".join(room), va="top", ha="left", fontsize=10, family="DejaVu Sans")
        figures.append(figure)
    return figures


LEVEL_INCHES = 0.75
"""The least height a level of a tree gets on a page."""
LINE_INCHES = 10 * 1.3 / 72
"""One line of the pages' 10-point text."""


def _text_height(lines: list[str], size: tuple[float, float]) -> float:
    """The share of the page's height the text takes (from its top margin)."""
    return LINE_INCHES * (len(lines) + 1) / size[1]


def _tree_page(question: quiz.Question, answers: bool, plan: Layout, size: tuple[float, float],
               lines: list[str], piece: dict[str, Any]) -> Any:
    from matplotlib.figure import Figure

    from mmlib.draw import draw_tree

    figure = Figure(figsize=size)
    figure.text(0.05, 0.965, "\n".join(lines), va="top", ha="left", fontsize=10, family="DejaVu Sans")
    top = 0.955 - _text_height(lines, size)
    ax = figure.add_axes((0.04, 0.05, 0.92, top - 0.05))          # the legend goes below the tree
    if answers:
        draw_tree(question.result, ax=ax, windows=plan.windows, title="", **piece)
    else:
        draw_tree(question.tree, ax=ax, values=False, title="", **piece)
    _legend_on_page(figure, ax)
    return figure


PAGE_MARGIN = 0.02
"""The share of a page's height kept free below the legend."""


def _legend_on_page(figure: Figure, ax: Axes) -> None:
    """Raise the tree's axes until the legend below it (anchored to the axes' bottom) ends
    :data:`PAGE_MARGIN` above the page's edge: every row of it printed."""
    legend = ax.get_legend()
    if legend is None:
        return
    for _ in range(3):                       # the drawing may settle after a move: measure again
        figure.draw_without_rendering()
        bottom = legend.get_window_extent().y0 / (figure.dpi * figure.get_figheight())
        if bottom >= PAGE_MARGIN - 1e-3:
            return
        box = ax.get_position()
        shift = PAGE_MARGIN - bottom
        ax.set_position((box.x0, box.y0 + shift, box.width, box.height - shift))


def _page_lines(question: quiz.Question, answers: bool, width: int, head: str, *, room: bool) -> list[str]:
    """The text of a page: the head, the rules, each part with its answer (``answers``) or, with
    ``room``, lines to write it on."""
    lines = [head, ""] + textwrap.wrap(question.convention(), width)
    for letter, part in zip(LETTERS, question.parts(), strict=False):
        lines += textwrap.wrap(f"({letter}) {part.prompt}", width, subsequent_indent="     ")
        if answers:
            lines += textwrap.wrap(part.answer, width - 4, initial_indent="     ", subsequent_indent="     ")
            if part.kind == "bounds":
                windows = ", ".join(f"{label} {window}" for label, window, _, _ in bounds_rows(question)
                                    if window)
                lines += textwrap.wrap(f"windows [α, β] entered with: {windows}", width - 4,
                                       initial_indent="     ", subsequent_indent="     ")
                skipped = [label for label, _, _, kind in bounds_rows(question) if kind == "not searched"]
                if skipped:
                    lines += textwrap.wrap(f"not searched: {', '.join(skipped)}", width - 4,
                                           initial_indent="     ", subsequent_indent="     ")
        elif room:                           # a blank line after the last answer line: the next part's
            lines += [row for written in _room(question, part, width) for row in ("", written)] + [""]
    return lines


def _room(question: quiz.Question, part: quiz.Part, width: int) -> list[str]:
    """The lines a student writes part ``part`` on (one per inner node, in rows, for part (e))."""
    if part.kind == "bounds":
        cells = [f"{node.label}: {'_' * 12}" for node in _inner_nodes(question)]
        per_line = max((width - 5) // 17, 1)
        return ["     " + "   ".join(cells[k:k + per_line]) for k in range(0, len(cells), per_line)]
    return ["     " + "_" * min(width - 10, 70)] * (2 if part.kind in ("pruned", "order") else 1)


# -- Moodle XML ------------------------------------------------------------------------------------------

MOODLE_TYPES = {"value": "numerical", "best_move": "shortanswer", "pruned": "shortanswer",
                "order": "shortanswer", "bounds": "cloze", "ordering": "multichoice"}
"""The Moodle question type of each part: what each inner node returns is an *embedded answers*
(cloze) question, a row per inner node with its value to write and a menu: exact, a lower
bound, an upper bound or not searched."""
CLOZE_KINDS = ("exact", "≥, a lower bound", "≤, an upper bound", "not searched")
NOT_SEARCHED = "-"
"""What a student writes as the value of a node alpha-beta never enters (in Moodle)."""


def moodle_xml(questions: Sequence[quiz.Question], *, category: str = "Alpha-beta") -> str:
    """Every gradable part of ``questions`` in Moodle's XML import format: one category per tree
    (``$course$/<category>/Tree k``), the drawing embedded as an SVG file.

    >>> from xml.etree.ElementTree import fromstring
    >>> quiz_element = fromstring(moodle_xml([quiz.alpha_beta_question(3)]))
    >>> [question.get("type") for question in quiz_element]
    ['category', 'numerical', 'shortanswer', 'shortanswer', 'shortanswer', 'cloze', 'multichoice']
    """
    root = ET.Element("quiz")
    for number, question in enumerate(questions, start=1):
        _moodle_category(root, f"$course$/{category}/Tree {number}")
        for letter, part in zip(LETTERS, question.parts(), strict=False):
            if part.kind in MOODLE_TYPES:
                _moodle_question(root, number, letter, question, part)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _text(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    ET.SubElement(element, "text").text = text
    return element


def _moodle_category(root: ET.Element, path: str) -> None:
    question = ET.SubElement(root, "question", type="category")
    _text(question, "category", path)


def _moodle_question(root: ET.Element, number: int, letter: str, question: quiz.Question,
                     part: quiz.Part) -> None:
    kind = MOODLE_TYPES[part.kind]
    element = ET.SubElement(root, "question", type=kind)
    _text(element, "name", f"Tree {number} ({letter}) {part.kind.replace('_', ' ')}")
    tree = question.tree
    alt = f"Game tree of question {number}: {tree.node_count} nodes, {tree.leaf_count} leaves"
    figure_name = f"tree{number}.svg"
    asked = _cloze_table(question) if kind == "cloze" else ""
    text = (f"<p>{html.escape(question.convention())}</p>"
            f"<p><img src=\"@@PLUGINFILE@@/{figure_name}\" alt=\"{html.escape(alt)}\"></p>"
            f"<p>The tree as text:</p><pre>{html.escape(question.tree_text())}</pre>"
            f"<p>{html.escape(part.prompt)}</p>{asked}")
    body = _text(element, "questiontext", text, format="html")
    file = ET.SubElement(body, "file", name=figure_name, path="/", encoding="base64")
    file.text = base64.b64encode(question.svg(title=f"Tree {number}").encode()).decode()
    _text(element, "generalfeedback", f"<p>{html.escape(part.answer)}</p>", format="html")
    if kind != "cloze":                      # a cloze question's grade is the number of its answers
        ET.SubElement(element, "defaultgrade").text = "1"
    ET.SubElement(element, "penalty").text = "0.3333333"
    ET.SubElement(element, "hidden").text = "0"
    if kind in _MOODLE_ANSWERS:
        _MOODLE_ANSWERS[kind](element, part)


def _cloze(text: str) -> str:
    """An answer inside Moodle's embedded-answer syntax, its special characters escaped."""
    return re.sub(r'([\\}#~/"])', r"\\\1", text)


def _cloze_table(question: quiz.Question) -> str:
    """Part (e) as embedded answers: per inner node, what it returns (a short answer: the number,
    or ``-`` for a node never entered) and whether that is exact or a bound (a menu).

    >>> row = _cloze_table(quiz.alpha_beta_question(0, 3, 2, ordering="best")).split("<tr>")[2]
    >>> row.split("<td>")[1], row.split("<td>")[2][:39]           # A returns 17, exactly
    ('{1:SHORTANSWER:=17}</td>', '{1:MULTICHOICE:=exact~≥, a lower bound~')
    """
    rows = []
    for label, _, value, kind in bounds_rows(question):
        values = [value, value.replace("−", "-")] if value else [NOT_SEARCHED]
        written = "~".join(f"={_cloze(v)}" for v in dict.fromkeys(values))
        choices = CLOZE_KINDS if kind in CLOZE_KINDS else (*CLOZE_KINDS[:-1], kind, CLOZE_KINDS[-1])
        menu = "~".join(("=" if choice == kind else "") + _cloze(choice) for choice in choices)
        rows.append(f"<tr><th scope=\"row\">{html.escape(label)}</th><td>{{1:SHORTANSWER:{written}}}</td>"
                    f"<td>{{1:MULTICHOICE:{menu}}}</td></tr>")
    return (f"<p>For a node alpha-beta never enters, write {NOT_SEARCHED} as its value and choose "
            "'not searched'.</p><table><thead><tr><th scope=\"col\">Node</th><th scope=\"col\">Returns</th>"
            "<th scope=\"col\">Exact or a bound</th></tr></thead><tbody>" + "".join(rows)
            + "</tbody></table>")


def _moodle_numerical(element: ET.Element, part: quiz.Part) -> None:
    answer = _text(element, "answer", format_value(part.number).replace("−", "-"), fraction="100",
                   format="moodle_auto_format")
    ET.SubElement(answer, "tolerance").text = "0"
    _text(answer, "feedback", "", format="html")


def _moodle_shortanswer(element: ET.Element, part: quiz.Part) -> None:
    ET.SubElement(element, "usecase").text = "1"
    for accepted in part.accepted:
        answer = _text(element, "answer", accepted, fraction="100", format="moodle_auto_format")
        _text(answer, "feedback", "", format="html")


def _moodle_multichoice(element: ET.Element, part: quiz.Part) -> None:
    ET.SubElement(element, "single").text = "true"
    ET.SubElement(element, "shuffleanswers").text = "1"
    ET.SubElement(element, "answernumbering").text = "abc"
    for choice, right in part.choices:
        answer = _text(element, "answer", html.escape(choice), fraction="100" if right else "0",
                       format="html")
        _text(answer, "feedback", "", format="html")


_MOODLE_ANSWERS = {"numerical": _moodle_numerical, "shortanswer": _moodle_shortanswer,
                   "multichoice": _moodle_multichoice}


# -- the command line --------------------------------------------------------------------------------------

def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--students", type=Path, help="roster CSV (column id or student, optionally name)")
    who.add_argument("--n", type=int, help="this many anonymous sets, numbered 01, 02, ...")
    parser.add_argument("--seed", type=int, default=0, help="the exam's seed (default 0)")
    parser.add_argument("--questions", type=int, default=3, help="questions per student (default 3)")
    parser.add_argument("--out", type=Path, default=Path("exam"), help="output folder (default exam/)")
    parser.add_argument("--formats", default="html,pdf,moodle", help="any of html, pdf, moodle")
    parser.add_argument("--branching", type=int, default=None,
                        help="every tree's branching (default: shapes vary per student, see SIZES)")
    parser.add_argument("--depth", type=int, default=None,
                        help="every tree's depth (default: shapes vary per student, see SIZES)")
    parser.add_argument("--ordering", default="random", help="random, best, worst or a number in [0, 1]")
    parser.add_argument("--ties", action="store_true", help="leaf values with at least one tie")
    parser.add_argument("--low", type=int, help="smallest leaf value")
    parser.add_argument("--high", type=int, help="largest leaf value")
    parser.add_argument("--min-pruned", type=int, default=1)
    parser.add_argument("--max-pruned", type=int)
    parser.add_argument("--cutoff", choices=quiz.CUTOFFS, default=">=")
    parser.add_argument("--variant", choices=quiz.VARIANTS, default="fail-soft")
    parser.add_argument("--kinds", help="parts asked, separated by commas (default all): "
                        + ", ".join(quiz.KINDS))
    return parser


def _options(args: argparse.Namespace) -> dict[str, Any]:
    ordering: Any = args.ordering
    try:
        ordering = float(ordering)
    except ValueError:
        pass
    value_range = None
    if args.low is not None or args.high is not None:
        if args.low is None or args.high is None:
            raise CourseError("give both --low and --high")
        value_range = (args.low, args.high)
    return dict(branching=args.branching, depth=args.depth, ordering=ordering, ties=args.ties,
                value_range=value_range, min_pruned=args.min_pruned, max_pruned=args.max_pruned,
                cutoff=args.cutoff, variant=args.variant,
                kinds=None if args.kinds is None else [kind.strip() for kind in args.kinds.split(",")
                                                        if kind.strip()])


def set_numbers(n: int) -> list[str]:
    """The ids of ``n`` anonymous sets: 01, 02, ... (three digits from 100 sets on).

    >>> set_numbers(3), set_numbers(100)[-2:]
    (['01', '02', '03'], ['099', '100'])
    """
    width = max(len(str(n)), 2)
    return [f"{i:0{width}d}" for i in range(1, n + 1)]


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.students is not None:
        students = read_roster(args.students)
    else:
        if args.n < 1:
            raise CourseError("--n: at least one set")
        students = [(number, "") for number in set_numbers(args.n)]
    sets = make_sets(students, questions=args.questions, seed=args.seed, **_options(args))
    formats = {word.strip() for word in args.formats.split(",")}
    args.out.mkdir(parents=True, exist_ok=True)
    written = [_write_sets_csv(sets, args.out / "sets.csv")]
    if "html" in formats:
        for name, answers in (("questions.html", False), ("key.html", True)):
            (args.out / name).write_text(exam_html(sets, answers=answers), encoding="utf-8")
            written.append(args.out / name)
    if "pdf" in formats:
        for name, answers in (("questions.pdf", False), ("key.pdf", True)):
            exam_pdf(sets, args.out / name, answers=answers)
            written.append(args.out / name)
    if "moodle" in formats:
        pool = [question for student_set in sets for question in student_set.questions]
        (args.out / "moodle.xml").write_text(moodle_xml(pool), encoding="utf-8")
        written.append(args.out / "moodle.xml")
    print(f"{len(sets)} sets of {args.questions} questions: " + ", ".join(str(p) for p in written))
    return 0


def _write_sets_csv(sets: Sequence[StudentSet], path: Path) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "name", "question", "tree", "value", "pruned"])
        for student_set, number, question in numbered(sets):
            writer.writerow([student_set.student, student_set.name, number, question.key,
                             format_value(question.value), " ".join(question.pruned)])
    return path
