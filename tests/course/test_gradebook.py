"""The gradebook (one row per student, Moodle's and Canvas's forms) and the feedback pages, from a
grades folder written by hand; and once end to end, after grading real submissions."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from mmlib.course import gradebook
from mmlib.errors import CourseError

ROOT = Path(__file__).resolve().parents[2]

SCORES = """submission,lab,part,score,max_score
alice_lab1_minimax,lab1_minimax,minimax,6,6
alice_lab1_minimax,lab1_minimax,best_move,4,4
alice_lab1_minimax,lab1_minimax,total,10,10
bob/lab1_minimax,lab1_minimax,minimax,6,6
bob/lab1_minimax,lab1_minimax,best_move,0,4
bob/lab1_minimax,lab1_minimax,total,6,10
bob/lab2_alphabeta,lab2_alphabeta,alphabeta,3,5
bob/lab2_alphabeta,lab2_alphabeta,pruning,5,5
bob/lab2_alphabeta,lab2_alphabeta,total,8,10
"""


def grades_folder(tmp_path: Path, scores: str = SCORES) -> Path:
    grades = tmp_path / "grades"
    grades.mkdir()
    (grades / "scores.csv").write_text(scores)
    for row in csv.DictReader(scores.splitlines()):
        if row["part"] == "total":
            continue
        path = grades / row["submission"] / "results.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        results = json.loads(path.read_text()) if path.exists() else \
            {"score": 0, "tests": [],
             "output": f"{row['lab']}: total\ncell 3, line 1: `print(x)` is not run by the grader"}
        output = "FAILED: expected <3> & got 'x'" if row["score"] == "0" else "passed"
        results["tests"].append({"name": row["part"], "score": float(row["score"]),
                                 "max_score": float(row["max_score"]), "output": output})
        results["score"] = sum(t["score"] for t in results["tests"])
        path.write_text(json.dumps(results))
    return grades


def read(path: Path) -> list[list[str]]:
    with open(path, newline="") as handle:
        return list(csv.reader(handle))


def test_one_row_per_student_with_each_part_and_the_totals(tmp_path):
    grades = grades_folder(tmp_path)
    gradebook.write(grades, warn=lambda text: None)
    rows = read(grades / "gradebook.csv")
    assert rows[0] == ["student", "name", "email", "section",
                       "lab1_minimax minimax", "lab1_minimax best_move", "lab1_minimax total",
                       "lab2_alphabeta alphabeta", "lab2_alphabeta pruning", "lab2_alphabeta total", "total"]
    assert rows[1:] == [["alice", "", "", "", "6", "4", "10", "", "", "", "10"],
                        ["bob", "", "", "", "6", "0", "6", "3", "5", "8", "14"]]


def test_the_canvas_form_has_its_student_columns_and_points_possible(tmp_path):
    grades = grades_folder(tmp_path)
    gradebook.write(grades, warn=lambda text: None)
    rows = read(grades / "canvas.csv")
    assert rows[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    assert rows[1][:5] == ["    Points Possible", "", "", "", ""]
    assert rows[1][5:] == ["6", "4", "10", "5", "5", "10"]
    assert rows[2][:3] == ["alice", "", "alice"] and rows[3][5:] == ["6", "0", "6", "3", "5", "8"]


def test_a_roster_names_the_students_and_keeps_those_without_a_submission(tmp_path):
    grades = grades_folder(tmp_path)
    roster = tmp_path / "roster.csv"
    roster.write_text("Name,Email,Section,SIS User ID\nAlice Liddell,ALICE@uni.edu,A1,1001\n"
                      "Carol Danvers,carol@uni.edu,A2,1003\nBob Marley,bob@uni.edu,A1,1002\n")
    warnings: list[str] = []
    gradebook.write(grades, roster, warn=warnings.append)
    rows = read(grades / "gradebook.csv")
    assert [row[:4] for row in rows[1:]] == [["1001", "Alice Liddell", "ALICE@uni.edu", "A1"],
                                             ["1003", "Carol Danvers", "carol@uni.edu", "A2"],
                                             ["1002", "Bob Marley", "bob@uni.edu", "A1"]]
    assert rows[2][4:] == [""] * 7                       # no submission: no grade, not a zero
    assert rows[3][-1] == "14" and not warnings
    canvas = read(grades / "canvas.csv")
    assert canvas[2][:5] == ["Alice Liddell", "", "1001", "", "A1"]


def test_a_submission_nobody_on_the_roster_handed_in_is_reported_and_kept(tmp_path):
    grades = grades_folder(tmp_path)
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nalice,Alice\n")
    warnings: list[str] = []
    gradebook.write(grades, roster, warn=warnings.append)
    assert [row[0] for row in read(grades / "gradebook.csv")[1:]] == ["alice", "bob"]
    assert warnings == ["bob/lab1_minimax: 'bob' is not on the roster; "
                        "the gradebook gives it a row of its own"]


def test_of_two_submissions_of_a_lab_the_better_counts_and_is_reported(tmp_path):
    scores = SCORES + ("alice_lab1_minimax_v2,lab1_minimax,minimax,0,6\n"
                       "alice_lab1_minimax_v2,lab1_minimax,best_move,0,4\n"
                       "alice_lab1_minimax_v2,lab1_minimax,total,0,10\n").replace("_v2", "-late")
    grades = grades_folder(tmp_path, scores.replace("alice_lab1_minimax-late", "lab1_minimax-alice"))
    warnings: list[str] = []
    gradebook.write(grades, warn=warnings.append)
    assert read(grades / "gradebook.csv")[1][:7] == ["alice", "", "", "", "6", "4", "10"]
    assert warnings == ["AMBIGUOUS: alice: two submissions of lab1_minimax (alice_lab1_minimax, "
                        "lab1_minimax-alice); the better, alice_lab1_minimax, counts"]


def test_a_total_that_is_not_the_sum_of_its_parts_is_refused(tmp_path):
    grades = grades_folder(tmp_path, SCORES.replace("alice_lab1_minimax,lab1_minimax,total,10,10",
                                                     "alice_lab1_minimax,lab1_minimax,total,9,10"))
    with pytest.raises(CourseError, match="line 4: total 9 of alice_lab1_minimax is not the sum of its"):
        gradebook.write(grades)


class Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_each_submission_gets_a_feedback_page_with_every_part_escaped(tmp_path):
    grades = grades_folder(tmp_path)
    gradebook.write(grades, warn=lambda text: None)
    page = (grades / "bob" / "lab1_minimax" / "feedback.html").read_text()
    parser = Text()
    parser.feed(page)
    text = "".join(parser.text)
    assert "lab1_minimax: feedback for bob" in text and "Score: 6 / 10 points." in text
    assert "best_move: 0 / 4 points (no points)" in text and "minimax: 6 / 6 points (full marks)" in text
    assert "FAILED: expected <3> & got 'x'" in text and "<3>" not in page        # shown, escaped
    assert "Notes from the grader" in text and "`print(x)` is not run by the grader" in text
    assert "script" not in parser.tags and page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page


@pytest.mark.slow
def test_make_grade_writes_the_gradebook_and_feedback_after_grading(tmp_path):
    solution = nbformat.read(ROOT / "instructor" / "solutions" / "lab1_minimax.ipynb", as_version=4)
    submitted = tmp_path / "submitted"
    submitted.mkdir()
    nbformat.write(solution, submitted / "dana_lab1_minimax.ipynb")
    grades = tmp_path / "grades"
    subprocess.run(["make", "-s", "grade", f"SUBMISSIONS={submitted}", f"GRADES={grades}",
                    f"PY={sys.executable}", "STAMP="], cwd=ROOT, check=True, capture_output=True, timeout=300)
    rows = read(grades / "gradebook.csv")
    assert rows[1][0] == "dana" and rows[1][-1] == "10"
    assert "lab1_minimax: feedback for dana" in (grades / "dana_lab1_minimax" / "feedback.html").read_text()


def test_missing_labs_can_score_zero_instead_of_no_grade(tmp_path):
    grades = grades_folder(tmp_path)
    roster = tmp_path / "roster.csv"
    roster.write_text("id\nalice\nbob\ncarol\n")
    gradebook.write(grades, roster, warn=lambda text: None, zero_missing=True)
    rows = read(grades / "gradebook.csv")
    assert rows[1][4:] == ["6", "4", "10", "0", "0", "0", "10"]        # alice did not hand in lab 2
    assert rows[3][4:] == ["0"] * 7                                     # carol handed in nothing
    assert read(grades / "canvas.csv")[4][5:] == ["0"] * 6


@pytest.mark.parametrize(("submission", "lab", "student"), [
    ("section1/alice/lab1_minimax", "lab1_minimax", "alice"),
    ("section1/bob/lab1_minimax", "lab1_minimax", "bob"),
    ("section2/carol/lab1/lab1_minimax", "lab1_minimax", "carol"),     # nbgrader: submitted/<who>/<lab>/
    ("peggy_Lab1", "lab1_minimax", "peggy"),
    ("peggy-lab 2", "lab2_alphabeta", "peggy"),
    ("Lab2_alphabeta_dave", "lab2_alphabeta", "dave"),
    ("erin_lab12", "lab1_minimax", "erin_lab12"),                        # lab 12 is not lab 1
])
def test_students_in_nested_folders_and_lab_numbers_get_their_own_names(submission, lab, student):
    assert gradebook.naming(submission, lab) == (student, None)


def test_every_doubt_about_who_handed_in_is_reported_as_ambiguous(tmp_path):
    rows = ["submission,lab,part,score,max_score"]
    for name in ("s1/alice/lab1_minimax", "s1/bob/lab1_minimax", "s2/alice/bob_lab1_minimax", "lab1_minimax"):
        rows += [f"{name},lab1_minimax,minimax,6,6", f"{name},lab1_minimax,best_move,4,4",
                 f"{name},lab1_minimax,total,10,10"]
    grades = grades_folder(tmp_path, "\n".join(rows) + "\n")
    completed = subprocess.run([sys.executable, "-m", "mmlib.course", "gradebook", str(grades)],
                               capture_output=True, text=True, check=True)
    names = [row[0] for row in read(grades / "gradebook.csv")[1:]]
    assert names == ["alice", "bob", "lab1_minimax"]
    doubts = (grades / "ambiguities.txt").read_text().splitlines()
    assert len(doubts) == 3, doubts
    assert "the folder says 'alice', the file name 'bob'" in doubts[0]
    assert "alice: two submissions of lab1_minimax" in doubts[1]
    assert "no student's name in 'lab1_minimax'" in doubts[2]
    assert "WARNING: 3 ambiguities" in completed.stderr

