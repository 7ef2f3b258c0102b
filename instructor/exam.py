"""Alpha-beta exams: one seeded question set per student, printable and importable into Moodle.

``python instructor/exam.py --students roster.csv --seed 2025 --out exam/`` (or ``--n 30`` for
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
Constraints are those of :func:`mmlib.quiz.alpha_beta_question`: ``--branching``, ``--depth``,
``--ordering``, ``--ties``, ``--low``/``--high``, ``--min-pruned``, ``--max-pruned``,
``--cutoff``, ``--variant`` and ``--kinds``.
"""

from __future__ import annotations

import argparse
import base64
import csv
import html
import sys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mmlib import quiz
from mmlib.errors import MmlibError
from mmlib.trace import format_value

__all__ = ["StudentSet", "read_roster", "make_sets", "exam_html", "exam_pdf", "moodle_xml", "main"]

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
        raise SystemExit(f"{path}: the roster is empty")
    header = [cell.strip().lower() for cell in rows[0]]
    id_column = next((header.index(word) for word in ("id", "student", "student_id") if word in header), None)
    if id_column is None:
        return [(row[0].strip(), row[0].strip()) for row in rows]
    name_column = header.index("name") if "name" in header else id_column
    return [(row[id_column].strip(), row[name_column].strip() if name_column < len(row) else "")
            for row in rows[1:]]


def make_sets(students: Sequence[tuple[str, str]], *, questions: int = 3, seed: int = 0,
              **options: Any) -> list[StudentSet]:
    """Every student's set: :func:`mmlib.quiz.question_set` of their id in the exam ``seed``.

    >>> sets = make_sets([("s1", "Ada"), ("s2", "Alan")], questions=2, seed=1)
    >>> [s.student for s in sets], [len(q.pruned) > 0 for q in sets[0].questions]
    (['s1', 's2'], [True, True])
    """
    ids = [student for student, _ in students]
    if len(set(ids)) != len(ids):
        raise SystemExit("the roster names a student twice")
    return [StudentSet(student, name, tuple(quiz.question_set(student, questions, seed=seed, **options)))
            for student, name in students]


def numbered(sets: Sequence[StudentSet]) -> list[tuple[StudentSet, int, quiz.Question]]:
    return [(s, k, q) for s in sets for k, q in enumerate(s.questions, start=1)]


# -- printable HTML ---------------------------------------------------------------------------------------

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 48rem; margin: 2rem auto;
       line-height: 1.45; }
section.set { break-after: page; page-break-after: always; }
section.question { break-inside: avoid; page-break-inside: avoid; margin-bottom: 2rem; }
figure { margin: 0.5rem 0; } svg { max-width: 100%; height: auto; }
pre { background: #f6f6f6; padding: 0.4rem 0.6rem; column-width: 9rem; }
ol.parts { list-style-type: lower-alpha; } .answer { font-weight: bold; }
@media print { body { margin: 0; } }
"""


def exam_html(sets: Sequence[StudentSet], *, answers: bool = False, title: str = "Alpha-beta exam") -> str:
    """The questions (or, with ``answers``, the key) of every set as one printable HTML page."""
    heading = f"{title}: answer key" if answers else title
    body = []
    for student_set in sets:
        questions = "".join(_question_html(k, q, answers) for k, q in enumerate(student_set.questions, 1))
        body.append(f"<section class=\"set\"><h1>{html.escape(heading)}</h1>"
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
    svg = question.svg(answers=answers, title=label)
    parts = question.parts()
    items = "".join(
        f"<li>{html.escape(part.prompt)}"
        + (f"<br><span class=\"answer\">{html.escape(part.answer)}</span>" if answers else "")
        + "</li>" for part in parts)
    return (f"<section class=\"question\"><h2>{label}</h2><p>{html.escape(question.convention())}</p>"
            f"<figure>{svg}<figcaption>The same tree as text (children left to right, leaf values "
            f"from MAX's point of view):<pre>{html.escape(question.tree_text())}</pre></figcaption></figure>"
            f"<ol class=\"parts\">{items}</ol></section>")


# -- PDF: one page per question ------------------------------------------------------------------------

def exam_pdf(sets: Sequence[StudentSet], path: str | Path, *, answers: bool = False) -> int:
    """Write one A4 page per question (with ``answers``: per answer) to ``path``; return the pages."""
    from matplotlib.backends.backend_pdf import PdfPages

    pages = 0
    with PdfPages(path, metadata={"Title": "Alpha-beta exam" + (": answer key" if answers else ""),
                                  "CreationDate": None}) as pdf:
        for student_set, number, question in numbered(sets):
            pdf.savefig(page_figure(student_set, number, question, answers=answers))
            pages += 1
    return pages


def page_figure(student_set: StudentSet, number: int, question: quiz.Question, *,
                answers: bool = False) -> Any:
    """One A4 page: the question's text above its tree (with ``answers``: the answers above the
    search drawn on the tree)."""
    from matplotlib.figure import Figure

    from mmlib.draw import draw_tree

    figure = Figure(figsize=(8.27, 11.69))
    lines = _page_lines(student_set, number, question, answers)
    figure.text(0.06, 0.96, "\n".join(lines), va="top", ha="left", fontsize=10, family="DejaVu Sans")
    ax = figure.add_axes((0.04, 0.1, 0.92, 0.86 - 0.0145 * (len(lines) + 1)))    # the legend goes below
    if answers:
        draw_tree(question.result, ax=ax, windows=True, title="")
    else:
        draw_tree(question.tree, ax=ax, values=False, title="")
    return figure


def _page_lines(student_set: StudentSet, number: int, question: quiz.Question, answers: bool) -> list[str]:
    head = f"{'Answer' if answers else 'Question'} {number}, student {_who(student_set)}"
    lines = [head, ""] + textwrap.wrap(question.convention(), 100)
    for letter, part in zip(LETTERS, question.parts(), strict=False):
        lines += textwrap.wrap(f"({letter}) {part.prompt}", 100, subsequent_indent="     ")
        if answers:
            lines += textwrap.wrap(part.answer, 96, initial_indent="     ", subsequent_indent="     ")
    return lines


# -- Moodle XML ------------------------------------------------------------------------------------------

MOODLE_TYPES = {"value": "numerical", "best_move": "shortanswer", "pruned": "shortanswer",
                "order": "shortanswer", "ordering": "multichoice"}
"""The Moodle question type of each part that Moodle can grade."""


def moodle_xml(questions: Sequence[quiz.Question], *, category: str = "Alpha-beta") -> str:
    """Every gradable part of ``questions`` in Moodle's XML import format: one category per tree
    (``$course$/<category>/Tree k``), the drawing embedded as an SVG file.

    >>> from xml.etree.ElementTree import fromstring
    >>> quiz_element = fromstring(moodle_xml([quiz.alpha_beta_question(3)]))
    >>> [question.get("type") for question in quiz_element]
    ['category', 'numerical', 'shortanswer', 'shortanswer', 'shortanswer', 'multichoice']
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
    text = (f"<p>{html.escape(question.convention())}</p>"
            f"<p><img src=\"@@PLUGINFILE@@/{figure_name}\" alt=\"{html.escape(alt)}\"></p>"
            f"<p>The tree as text:</p><pre>{html.escape(question.tree_text())}</pre>"
            f"<p>{html.escape(part.prompt)}</p>")
    body = _text(element, "questiontext", text, format="html")
    file = ET.SubElement(body, "file", name=figure_name, path="/", encoding="base64")
    file.text = base64.b64encode(question.svg(title=f"Tree {number}").encode()).decode()
    _text(element, "generalfeedback", f"<p>{html.escape(part.answer)}</p>", format="html")
    ET.SubElement(element, "defaultgrade").text = "1"
    ET.SubElement(element, "penalty").text = "0.3333333"
    ET.SubElement(element, "hidden").text = "0"
    _MOODLE_ANSWERS[kind](element, part)


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
    parser.add_argument("--branching", type=int, default=2)
    parser.add_argument("--depth", type=int, default=3)
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
            raise SystemExit("give both --low and --high")
        value_range = (args.low, args.high)
    return dict(branching=args.branching, depth=args.depth, ordering=ordering, ties=args.ties,
                value_range=value_range, min_pruned=args.min_pruned, max_pruned=args.max_pruned,
                cutoff=args.cutoff, variant=args.variant,
                kinds=None if args.kinds is None else [kind.strip() for kind in args.kinds.split(",")
                                                        if kind.strip()])


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.students is not None:
        students = read_roster(args.students)
    else:
        if args.n < 1:
            raise SystemExit("--n: at least one set")
        width = len(str(args.n))
        students = [(f"{i:0{width}d}", "") for i in range(1, args.n + 1)]
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


if __name__ == "__main__":
    try:
        sys.exit(main())
    except MmlibError as error:          # a constraint that cannot be met, a bad value: say which
        sys.exit(f"exam.py: {error}")
