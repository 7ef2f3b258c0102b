"""The gradebook and the feedback pages, from what ``make grade`` wrote.

``mmlib-course gradebook GRADES [--roster roster.csv]`` (run by ``make grade`` after
grading) reads ``GRADES/scores.csv`` (one row per submission and part, and a ``total`` row per
submission) and ``GRADES/<submission>/results.json``, and writes:

- ``GRADES/gradebook.csv``: one row per student, the columns ``student, name, email, section``,
  then every part of every lab graded (``lab1_minimax minimax``), each lab's total
  (``lab1_minimax total``) and the ``total``.  Moodle imports it as it is (Grades → Import → CSV
  file: map ``student`` or ``email`` to the user's ID number or email address, and the columns to
  grade items); any spreadsheet reads it.
- ``GRADES/canvas.csv``: the same scores in Canvas's gradebook import form: the columns
  ``Student, ID, SIS User ID, SIS Login ID, Section`` (Canvas finds the student by ``ID``,
  ``SIS User ID`` or ``SIS Login ID``), a ``Points Possible`` row, and one column per part and
  per lab total, each a new assignment on import (or matched by name to an existing one).  Without
  a roster the student's name from the file goes into ``SIS User ID``: name the files by it.
- ``GRADES/<submission>/feedback.html``: the student's feedback page, as nbgrader's
  ``generate_feedback`` gives it: each part with its score and the checker's feedback, and what
  the grader did not run.

A student is named by the roster or, without one, by the submission's name (:func:`naming`): the
innermost folder that is not a lab's for ``section1/alice/lab1/lab1_minimax.ipynb``, the file name
without the lab's name or number for ``alice_lab1_minimax.ipynb`` or ``peggy_Lab1.ipynb``.  Every
doubt (no name found, a folder and a file name that disagree, two submissions of a lab by one
student) is reported as AMBIGUOUS on stderr and in ``GRADES/ambiguities.txt``.
The roster is a CSV file with a header; a submission matches a student when its name is one of
the student's ``id``, ``student_id``, ``sis user id``, ``sis login id``, ``login``, ``username``
or ``email`` (or what comes before the ``@`` of it), whatever the case.  ``name`` (or Canvas's
``Student``), ``email``, ``section``, ``ID``, ``SIS User ID`` and ``SIS Login ID`` columns are
copied.  A student on the roster without a submission gets empty cells (no grade, which neither
gradebook turns into a zero; ``--zero-missing`` writes 0 instead); a submission that matches nobody
is listed on stderr and gets a row of its own.  When a student has two submissions of a lab, the
better counts (also listed).
"""

from __future__ import annotations

import argparse
import csv
import html
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import CourseError
from .labsource import lab_names

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["Submission", "Student", "read_scores", "student_of", "naming", "read_roster", "students",
           "gradebook_rows", "canvas_rows", "feedback_html", "write", "main"]

KEY_COLUMNS = ("id", "student_id", "sis user id", "sis login id", "login", "username", "email")
"""Roster columns a submission's name is matched against, in this order."""
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")


@dataclass
class Submission:
    """One graded submission, from scores.csv: its parts in order (part -> (score, max_score))."""

    name: str
    lab: str
    parts: dict[str, tuple[float, float]] = field(default_factory=dict)

    @property
    def total(self) -> float:
        return sum(score for score, _ in self.parts.values())


@dataclass
class Student:
    """One row of the gradebook: who, and their submission of each lab."""

    key: str
    name: str = ""
    columns: dict[str, str] = field(default_factory=dict)
    labs: dict[str, Submission] = field(default_factory=dict)


def read_scores(path: Path) -> list[Submission]:
    """The submissions of ``scores.csv``, in its order (the ``total`` rows are checked, not kept)."""
    submissions: dict[str, Submission] = {}
    with open(path, newline="", encoding="utf-8") as handle:
        for number, row in enumerate(csv.DictReader(handle), start=2):
            try:
                name, lab, part = row["submission"], row["lab"], row["part"]
                score, top = float(row["score"]), float(row["max_score"])
            except (KeyError, TypeError, ValueError) as error:
                raise CourseError(f"{path}, line {number}: not a row of scores ({error})") from None
            submission = submissions.setdefault(name, Submission(name, lab))
            if part == "total":
                if abs(score - submission.total) > 1e-9:
                    raise CourseError(f"{path}, line {number}: total {score:g} of {name} is not the sum "
                                     f"of its parts ({submission.total:g})")
                continue
            submission.parts[part] = (score, top)
    return list(submissions.values())


def _without_lab(word: str, lab: str) -> str:
    """``word`` without the lab's name or number (``lab1_minimax``, ``Lab1``, ``lab 1``, ``lab-1``)."""
    number = lab_names().index(lab) + 1 if lab in lab_names() else None
    pattern = re.escape(lab) + (rf"|lab[\s_-]*0?{number}(?!\d)" if number else "")
    return re.sub(pattern, " ", word, flags=re.IGNORECASE).strip(" _-.")


def naming(submission: str, lab: str) -> tuple[str, str | None]:
    """Who handed in ``submission`` (its path in scores.csv, without ``.ipynb``), and a doubt about
    it when there is one.  The innermost folder that is not the lab's own (``alice/`` in
    ``section1/alice/lab1/lab1_minimax``), else the file name without the lab's name or number
    (``peggy_Lab1`` is ``peggy``), else the file name as it is (a doubt).  A folder and a file
    name that name different people is a doubt too (the folder counts).

    >>> naming("section1/alice/lab1/lab1_minimax", "lab1_minimax"), naming("peggy_Lab1", "lab1_minimax")
    (('alice', None), ('peggy', None))
    >>> naming("alice/bob_lab1_minimax", "lab1_minimax")[1]
    "the folder says 'alice', the file name 'bob': 'alice' is used"
    """
    *folders, file = submission.split("/")
    people = [folder for folder in folders if _without_lab(folder, lab)]
    from_file = _without_lab(file, lab)
    if people:
        who = people[-1]
        if from_file and who.lower() not in from_file.lower():
            return who, f"the folder says {who!r}, the file name {from_file!r}: {who!r} is used"
        return who, None
    if from_file:
        return from_file, None
    return submission, f"no student's name in {submission!r} (a folder or the file name without the lab)"


def student_of(submission: str, lab: str) -> str:
    """Who handed in ``submission`` (see :func:`naming`).

    >>> student_of("alice/lab1_minimax", "lab1_minimax"), student_of("bob_lab1_minimax", "lab1_minimax")
    ('alice', 'bob')
    >>> student_of("lab2_alphabeta-Carol Smith", "lab2_alphabeta"), student_of("lab1_minimax", "lab1_minimax")
    ('Carol Smith', 'lab1_minimax')
    """
    return naming(submission, lab)[0]


def read_roster(path: Path) -> list[Student]:
    """The students of a roster CSV (see the module's docstring for its columns)."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    if not rows:
        raise CourseError(f"{path}: the roster has no students")
    lower = {column.strip().lower(): column for column in rows[0] if column}
    keys = [lower[word] for word in KEY_COLUMNS if word in lower]
    if not keys and "student" in lower:
        keys = [lower["student"]]                   # the exam's roster: a column student holds the id
    if not keys:
        raise CourseError(f"{path}: the roster needs a column naming each student: one of "
                         + ", ".join(KEY_COLUMNS))
    name_column = lower.get("name") or (lower.get("student") if lower.get("student") not in keys else None)
    out = []
    for number, row in enumerate(rows, start=2):
        key = next((row[k].strip() for k in keys if (row.get(k) or "").strip()), "")
        if not key:
            raise CourseError(f"{path}, line {number}: no id for this student")
        columns = {word: (row.get(lower[word]) or "").strip() for word in
                   ("email", "section", "id", "sis user id", "sis login id") if word in lower}
        columns["_keys"] = "\n".join((row.get(k) or "").strip() for k in keys)
        out.append(Student(key, (row.get(name_column) or "").strip() if name_column else "", columns))
    return out


def _aliases(student: Student) -> set[str]:
    words = {student.key} | set(student.columns.get("_keys", "").split("\n"))
    words |= {word.split("@")[0] for word in words if "@" in word}
    return {word.lower() for word in words if word}


def students(submissions: Iterable[Submission], roster: list[Student] | None = None,
             warn: Callable[[str], object] = print) -> list[Student]:
    """The gradebook's students (the roster's, in its order, then anyone else who handed in),
    each with their best submission of every lab."""
    people = list(roster or [])
    by_alias = {alias: person for person in people for alias in _aliases(person)}
    for submission in submissions:
        who, doubt = naming(submission.name, submission.lab)
        if doubt:
            warn(f"AMBIGUOUS: {submission.name}: {doubt}")
        person = by_alias.get(who.lower())
        if person is None:
            if roster is not None:
                warn(f"{submission.name}: {who!r} is not on the roster; "
                     "the gradebook gives it a row of its own")
            person = Student(who)
            people.append(person)
            by_alias[who.lower()] = person
        earlier = person.labs.get(submission.lab)
        if earlier is not None:
            kept = max(earlier, submission, key=lambda s: s.total)
            warn(f"AMBIGUOUS: {person.key}: two submissions of {submission.lab} ({earlier.name}, "
                 f"{submission.name}); the better, {kept.name}, counts")
            submission = kept
        person.labs[submission.lab] = submission
    return people


def _columns(submissions: Iterable[Submission]) -> list[tuple[str, list[tuple[str, float]]]]:
    """Every lab graded (in the course's order) with its parts and their points."""
    labs: dict[str, dict[str, float]] = {}
    for submission in submissions:
        parts = labs.setdefault(submission.lab, {})
        for part, (_, top) in submission.parts.items():
            parts.setdefault(part, top)
    order = {name: index for index, name in enumerate(lab_names())}
    return [(lab, list(labs[lab].items())) for lab in sorted(labs, key=lambda lab: (order.get(lab, 99), lab))]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _scores(person: Student, columns: list[tuple[str, list[tuple[str, float]]]], missing: str) -> list[str]:
    """The student's cells: each part and the lab's total, ``missing`` for a lab not handed in."""
    cells: list[str] = []
    for lab, parts in columns:
        submission = person.labs.get(lab)
        for part, _ in parts:
            graded = submission is not None and part in submission.parts
            cells.append(_number(submission.parts[part][0]) if submission and graded else missing)
        cells.append(_number(submission.total) if submission else missing)
    return cells


def _headers(columns: list[tuple[str, list[tuple[str, float]]]]) -> list[str]:
    return [f"{lab} {part}" for lab, parts in columns for part in [p for p, _ in parts] + ["total"]]


def _possible(columns: list[tuple[str, list[tuple[str, float]]]]) -> list[str]:
    return [_number(points) for _, parts in columns
            for points in [p for _, p in parts] + [sum(p for _, p in parts)]]


def gradebook_rows(people: list[Student], submissions: list[Submission],
                   missing: str = "") -> list[list[str]]:
    """gradebook.csv: a header, then one row per student with each part, each lab's total and the total
    (``missing``, empty or ``0``, for what a student did not hand in)."""
    columns = _columns(submissions)
    rows = [["student", "name", "email", "section", *_headers(columns), "total"]]
    for person in people:
        total = _number(sum(s.total for s in person.labs.values())) if person.labs else missing
        rows.append([person.key, person.name, person.columns.get("email", ""),
                     person.columns.get("section", ""), *_scores(person, columns, missing), total])
    return rows


def canvas_rows(people: list[Student], submissions: list[Submission], missing: str = "") -> list[list[str]]:
    """canvas.csv: Canvas's five student columns, a Points Possible row, one column per part and lab total."""
    columns = _columns(submissions)
    rows = [[*CANVAS_COLUMNS, *_headers(columns)],
            ["    Points Possible", "", "", "", "", *_possible(columns)]]
    for person in people:
        ids = person.columns
        rows.append([person.name or person.key, ids.get("id", ""), ids.get("sis user id", person.key),
                     ids.get("sis login id", ""), ids.get("section", ""), *_scores(person, columns, missing)])
    return rows


# -- the feedback page ----------------------------------------------------------------------------

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 52rem; margin: 2rem auto; line-height: 1.45;
       color: #1a1a1a; }
table { border-collapse: collapse; }
th, td { border: 1px solid #888; padding: 0.25rem 0.6rem; text-align: left; }
td.score { text-align: right; } pre { background: #f4f4f4; padding: 0.6rem; white-space: pre-wrap; }
.verdict { font-weight: bold; }
"""


def feedback_html(results: dict[str, Any], *, student: str, lab: str) -> str:
    """The feedback page of one submission, from its results.json: the total, a table of the
    parts, and each part's feedback (every text escaped).

    >>> page = feedback_html({"score": 6, "output": "", "tests": [{"name": "minimax", "score": 6,
    ...     "max_score": 6, "output": "passed <ok>"}]}, student="alice", lab="lab1_minimax")
    >>> "passed &lt;ok&gt;" in page and "6 / 6" in page
    True
    """
    tests = results.get("tests", [])
    top = sum(float(t.get("max_score", 0)) for t in tests)
    score = float(results.get("score", sum(float(t.get("score", 0)) for t in tests)))
    title = f"{lab}: feedback for {student}"
    rows = "".join(
        f"<tr><th scope=\"row\"><a href=\"#{html.escape(str(t.get('name')))}\">"
        f"{html.escape(str(t.get('name')))}</a></th>"
        f"<td class=\"score\">{float(t.get('score', 0)):g} / {float(t.get('max_score', 0)):g}</td>"
        f"<td class=\"verdict\">{_verdict(t)}</td></tr>" for t in tests)
    sections = "".join(
        f"<section><h2 id=\"{html.escape(str(t.get('name')))}\">{html.escape(str(t.get('name')))}: "
        f"{float(t.get('score', 0)):g} / {float(t.get('max_score', 0)):g} points ({_verdict(t)})</h2>"
        f"<pre>{html.escape(str(t.get('output', '')))}</pre></section>" for t in tests)
    notes = str(results.get("output", "")).split("\n", 1)
    grader = (f"<section><h2>Notes from the grader</h2><pre>{html.escape(notes[1])}</pre></section>"
              if len(notes) > 1 and notes[1].strip() else "")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body><main>"
            f"<h1>{html.escape(title)}</h1><p>Score: <strong>{score:g} / {top:g}</strong> points.</p>"
            "<table><caption>Score of each part</caption><thead><tr><th scope=\"col\">Part</th>"
            "<th scope=\"col\">Score</th><th scope=\"col\">Verdict</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>{sections}{grader}</main></body></html>\n")


def _verdict(test: dict[str, Any]) -> str:
    score, top = float(test.get("score", 0)), float(test.get("max_score", 0))
    return "full marks" if score >= top else "no points" if score <= 0 else "part of the points"


# -- writing it all -----------------------------------------------------------------------------------

def _write_csv(path: Path, rows: list[list[str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def write(grades: Path, roster: Path | None = None, warn: Callable[[str], object] = print, *,
          zero_missing: bool = False) -> list[Path]:
    """Write gradebook.csv, canvas.csv and every submission's feedback.html in ``grades``; with
    ``zero_missing`` a lab a student did not hand in scores 0 instead of no grade."""
    grades = Path(grades)
    scores = grades / "scores.csv"
    if not scores.exists():
        raise CourseError(f"{scores}: no such file (run `make grade` first)")
    submissions = read_scores(scores)
    people = students(submissions, read_roster(roster) if roster else None, warn=warn)
    written = [grades / "gradebook.csv", grades / "canvas.csv"]
    missing = "0" if zero_missing else ""
    _write_csv(written[0], gradebook_rows(people, submissions, missing))
    _write_csv(written[1], canvas_rows(people, submissions, missing))
    for submission in submissions:
        results = grades / submission.name / "results.json"
        if not results.exists():
            warn(f"{results}: missing, so no feedback page for {submission.name}")
            continue
        page = feedback_html(json.loads(results.read_text(encoding="utf-8")),
                             student=student_of(submission.name, submission.lab), lab=submission.lab)
        (results.parent / "feedback.html").write_text(page, encoding="utf-8")
        written.append(results.parent / "feedback.html")
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mmlib-course gradebook",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("grades", type=Path, help="the folder make grade wrote (with scores.csv)")
    parser.add_argument("--roster", type=Path, help="CSV of the students (see the module's docstring)")
    parser.add_argument("--zero-missing", action="store_true",
                        help="a lab a student did not hand in scores 0 (default: no grade, an empty cell)")
    args = parser.parse_args(argv)
    warnings: list[str] = []

    def warn(text: str) -> None:
        warnings.append(text)
        print(f"gradebook: {text}", file=sys.stderr)

    written = write(args.grades, args.roster, warn=warn, zero_missing=args.zero_missing)
    print(f"wrote {written[0]}, {written[1]} and {len(written) - 2} feedback pages")
    doubts = [text for text in warnings if text.startswith("AMBIGUOUS")]
    if doubts:
        (args.grades / "ambiguities.txt").write_text("\n".join(doubts) + "\n", encoding="utf-8")
        print(f"gradebook: WARNING: {len(doubts)} ambiguities in who handed in what (listed above and in "
              f"{args.grades / 'ambiguities.txt'}): check them before the grades go out", file=sys.stderr)


if __name__ == "__main__":
    main()
