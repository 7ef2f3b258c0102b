"""Grading submitted lab notebooks: five real submissions of lab 1, built from its solution, are
graded each in its own process, and the scores, the CSV and Gradescope's results.json are exact."""

from __future__ import annotations

import csv
import json
import sys
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "instructor"))

import grading  # noqa: E402
import make_labs  # noqa: E402

SOLUTION = ROOT / "instructor" / "solutions" / "lab1_minimax.ipynb"

# Grading starts a process per submission: `make test` runs these tests, `make check` leaves them out.
pytestmark = pytest.mark.slow

WRONG_BEST_MOVE = '''
def best_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(min(values))
'''
ENDLESS_BEST_MOVE = '''
def best_move(node, depth):
    while True:
        pass
'''
CRASHING_BEST_MOVE = '''
def best_move(node, depth):
    exit(3)
'''
RAISING_MINIMAX = '''
def minimax(node, depth, maximizing):
    raise RuntimeError("lost my way")
'''
TYPED_MINIMAX = '''
from __future__ import annotations
import math
def minimax(node: LabNode, depth: int, maximizing: bool) -> float:
    if depth == 0 or node.is_leaf():
        return node.value
    values = [minimax(child, depth - 1, not maximizing) for child in node.children]
    return max(values, default=-math.inf) if maximizing else min(values, default=math.inf)
'''
LAZY_MINIMAX = '''
def minimax(node, depth, maximizing):
    return 0
'''
PATCH_CHECKER = '''
from mmlib.check.report import Report
def passed(*args, **kwargs):
    return Report("minimax", True, "ok", "passed")
check.check_minimax = check.check_best_move = passed
import mmlib.check.searches
mmlib.check.searches.check_minimax = passed
'''
REFERENCE_BEST_MOVE = '''
def best_move(node, depth):
    from mmlib.check import models
    return models.best_moves(node)[0]
'''


def submission(tmp_path: Path, stem: str, replace: dict[str, str], extra: list[str] = ()) -> Path:
    """Lab 1's solution with the cells that start with each key replaced, and extra cells added."""
    nb = nbformat.read(SOLUTION, as_version=4)
    for cell in nb.cells:
        for start, code in replace.items():
            if cell.cell_type == "code" and cell.source.startswith(start):
                cell.source = code.strip()
    nb.cells += [nbformat.v4.new_code_cell(code.strip()) for code in extra]
    path = tmp_path / f"{stem}_lab1_minimax.ipynb"
    nbformat.write(nb, path)
    return path


def scores(graded: grading.Graded) -> dict[str, float]:
    return {r.grade_id: r.score for r in graded.results}


def test_the_lab_sources_give_each_part_its_points():
    for name in make_labs.NAMES:
        assert sum(part.points for part in grading.parts(name)) == 10, name
    assert [(p.grade_id, p.points) for p in grading.parts("lab1_minimax")] == \
        [("minimax", 6), ("best_move", 4)]


@pytest.mark.parametrize("name", make_labs.NAMES)
def test_hidden_tests_are_only_in_the_autograder(name):
    for solution in (False, True):
        text = nbformat.writes(make_labs.build(name, solution=solution))
        assert "HIDDEN TESTS" not in text and '"nbgrader"' not in text
    autograder = grading.autograder(name)
    graded = [c for c in autograder.cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert [c.metadata["nbgrader"]["grade_id"] for c in graded] == [p.grade_id for p in grading.parts(name)]
    assert all(c.metadata["nbgrader"]["checksum"] for c in graded)


@pytest.mark.parametrize("name", ["lab2_alphabeta", "lab3_tictactoe_evaluator", "lab4_expectimax"])
def test_every_solution_scores_full_marks(name):
    graded = grading.grade_notebook(ROOT / "instructor" / "solutions" / f"{name}.ipynb")
    assert graded.score == 10 and all(r.score == r.max_score for r in graded.results), graded.results
    assert not graded.notes or all("not run by the grader" in note for note in graded.notes)


def test_correct_submission_scores_full_marks(tmp_path):
    graded = grading.grade_notebook(submission(tmp_path, "correct", {}))
    assert scores(graded) == {"minimax": 6, "best_move": 4}
    assert graded.lab == "lab1_minimax" and graded.score == 10
    assert "passed" in graded.results[0].output


def test_type_hints_are_not_evaluated(tmp_path):
    graded = grading.grade_notebook(submission(tmp_path, "typed", {"def minimax": TYPED_MINIMAX}))
    assert scores(graded) == {"minimax": 6, "best_move": 4} and not graded.notes


def test_partly_correct_submission_scores_the_parts_it_gets_right(tmp_path):
    graded = grading.grade_notebook(submission(tmp_path, "partly", {"def best_move": WRONG_BEST_MOVE}))
    assert scores(graded) == {"minimax": 6, "best_move": 0}
    assert "FAILED" in graded.results[1].output


def test_endless_loop_scores_zero_for_that_part_in_bounded_time(tmp_path):
    path = submission(tmp_path, "endless", {"def best_move": ENDLESS_BEST_MOVE},
                      extra=["while True:\n    pass"])
    start = time.monotonic()
    graded = grading.grade_notebook(path)
    assert time.monotonic() - start < 60
    assert scores(graded) == {"minimax": 6, "best_move": 0}
    assert "timeout" in graded.results[1].output
    assert any("while True" in note and "not run by the grader" in note for note in graded.notes)


def test_a_submission_over_its_time_limit_is_stopped_with_zero(tmp_path):
    start = time.monotonic()
    graded = grading.grade_notebook(submission(tmp_path, "slow", {}), time_limit=0.5)
    assert time.monotonic() - start < 10
    assert scores(graded) == {"minimax": 0, "best_move": 0}
    assert "time limit" in graded.results[0].output


def test_a_submission_over_its_memory_limit_is_stopped_with_zero(tmp_path):
    graded = grading.grade_notebook(submission(tmp_path, "memory", {}), memory_limit=64 << 20)
    assert scores(graded) == {"minimax": 0, "best_move": 0}
    assert "grading stopped (exit status" in graded.results[0].output


def test_crashing_submission_scores_zero_for_the_crashing_parts(tmp_path):
    graded = grading.grade_notebook(submission(tmp_path, "crash", {"def best_move": CRASHING_BEST_MOVE},
                                               extra=["import os\nos._exit(1)"]))
    assert scores(graded) == {"minimax": 6, "best_move": 0}
    assert "FAILED (exit)" in graded.results[1].output and "exit(3)" in graded.results[1].output
    assert any("os._exit(1)" in note and "not run by the grader" in note for note in graded.notes)
    graded = grading.grade_notebook(submission(tmp_path, "raises", {"def minimax": RAISING_MINIMAX}))
    assert scores(graded) == {"minimax": 0, "best_move": 0}
    assert "RuntimeError" in graded.results[0].output


def test_cheating_submission_is_caught(tmp_path):
    path = submission(tmp_path, "cheat", {"def minimax": LAZY_MINIMAX, "def best_move": REFERENCE_BEST_MOVE},
                      extra=[PATCH_CHECKER])
    graded = grading.grade_notebook(path)
    assert scores(graded) == {"minimax": 0, "best_move": 0}
    assert any("check.check_minimax = " in note and "not run" in note for note in graded.notes)
    assert any("def best_move" in note and "refused" in note for note in graded.notes)
    assert graded.results[1].output.startswith(
        "`best_move` was refused (cell 7, line 1: it imports `mmlib.check`")


def test_make_grade_writes_the_csv_and_gradescope_results(tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    submission(folder, "alice", {})
    submission(folder, "bob", {"def best_move": WRONG_BEST_MOVE})
    grading.main(["grade", str(folder), "--out", str(tmp_path / "grades")])
    with open(tmp_path / "grades" / "scores.csv", newline="") as handle:
        rows = [(r["submission"], r["part"], r["score"], r["max_score"]) for r in csv.DictReader(handle)]
    assert rows == [("alice_lab1_minimax", "minimax", "6", "6"),
                    ("alice_lab1_minimax", "best_move", "4", "4"),
                    ("alice_lab1_minimax", "total", "10", "10"),
                    ("bob_lab1_minimax", "minimax", "6", "6"), ("bob_lab1_minimax", "best_move", "0", "4"),
                    ("bob_lab1_minimax", "total", "6", "10")]
    results = json.loads((tmp_path / "grades" / "bob_lab1_minimax" / "results.json").read_text())
    assert results["score"] == 6
    assert [(t["name"], t["score"], t["max_score"]) for t in results["tests"]] == \
        [("minimax", 6, 6), ("best_move", 0, 4)]
    assert "FAILED" in results["tests"][1]["output"]


def test_definitions_keep_only_code_that_runs_nothing():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "@cache\ndef f(x):\n    return x",
        "def g(x, y=print('hi')):\n    return x",
        "def h(x):\n    return open('answers').read()",
        "def k(x):\n    return x.__class__",
        "answer = 'I J'\nother = question.pruned",
        "def broken(:",
        "from __future__ import annotations\n"
        "def typed(node: LabNode, depth: int, maximizing: bool) -> float:\n    return 0",
    )])
    code, notes, refused = grading.definitions(nb)
    assert code.splitlines()[0] == "answer = 'I J'" and code.splitlines()[1].startswith("def typed(")
    assert sorted(refused) == ["h", "k"]
    assert [note.split(":")[0] for note in notes] == \
        ["cell 1, line 2", "cell 2, line 1", "cell 3, line 1", "cell 4, line 1", "cell 5, line 2", "cell 6"]


# -- labs 5 to 7: each graded as a correct, a partly correct, an endless, a crashing and a cheating
# submission, built from the lab's solution ------------------------------------------------------

def lab_submission(tmp_path: Path, name: str, stem: str, replace: dict[str, str]) -> Path:
    """Lab ``name``'s solution with the cells that start with each key replaced."""
    nb = nbformat.read(ROOT / "instructor" / "solutions" / f"{name}.ipynb", as_version=4)
    for start, code in replace.items():
        cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(start)]
        assert len(cells) == 1, start
        cells[0].source = code.strip()
    path = tmp_path / f"{stem}_{name}.ipynb"
    nbformat.write(nb, path)
    return path


ENDLESS = "\n    while True:\n        pass\n"
CRASHING = "\n    exit(3)\n"

NEW_LABS = {
    "lab5_move_ordering": {
        "parts": ("centre_first", "order_moves"),
        "partly": ({"def order_moves": "def order_moves(board, moves):\n"
                                      "    return sorted(moves, key=lambda column: abs(column - 3))"},
                   {"centre_first": 4, "order_moves": 0}, "too-many-leaves"),
        "endless": ({"def order_moves": "def order_moves(board, moves):" + ENDLESS},
                    {"centre_first": 4, "order_moves": 0}, "timeout"),
        "crashing": ({"def centre_first": "def centre_first(board, moves):" + CRASHING},
                     {"centre_first": 0, "order_moves": 6}, "exit"),
        # dropping moves would evaluate fewer leaves; asking the checker's own search is refused
        "cheating": ({"def order_moves": "def order_moves(board, moves):\n    return moves[:1]",
                      "def centre_first": "def centre_first(board, moves):\n"
                                          "    from mmlib.ordering import StaticOrder\n    return moves"},
                     {"centre_first": 0, "order_moves": 0}, ("was refused", "bad-order")),
    },
    "lab6_anytime_agent": {
        "parts": ("anytime_move", "games"),
        "partly": ({"def anytime_move": '''
def anytime_move(board, max_nodes):
    best, spent = None, 0
    for depth in range(1, empty_cells(board) + 1):
        try:
            iteration = search_to_depth(board, depth, max_nodes - spent, first=best)
        except OutOfNodes as out:
            return out.best_so_far if out.best_so_far is not None else best
        spent += iteration.nodes
        best = iteration.move
    return best'''}, {"anytime_move": 0, "games": 3}, "partial-iteration"),
        "endless": ({"def anytime_move": "def anytime_move(board, max_nodes):" + ENDLESS},
                    {"anytime_move": 0, "games": 0}, "timeout"),
        "crashing": ({"def anytime_move": "def anytime_move(board, max_nodes):\n"
                                          "    raise RuntimeError('no move')"},
                     {"anytime_move": 0, "games": 0}, "RuntimeError"),
        "cheating": ({"def anytime_move": "def anytime_move(board, max_nodes):\n"
                                          "    from mmlib.check import deepening\n"
                                          "    return deepening.reference_move(board, max_nodes)"},
                     {"anytime_move": 0, "games": 0}, "was refused"),
    },
    "lab7_transposition_table": {
        "parts": ("bound_flag", "probe"),
        "partly": ({"def bound_flag": "def bound_flag(value, alpha, beta):\n    return EXACT"},
                   {"bound_flag": 0, "probe": 6}, "cutoff-stored-as-exact"),
        "endless": ({"def probe": "def probe(value, flag, stored_depth, depth, alpha, beta):" + ENDLESS},
                    {"bound_flag": 4, "probe": 0}, "timeout"),
        "crashing": ({"def bound_flag": "def bound_flag(value, alpha, beta):" + CRASHING},
                     {"bound_flag": 0, "probe": 6}, "exit"),
        "cheating": ({"def probe": "def probe(value, flag, stored_depth, depth, alpha, beta):\n"
                                   "    return check.table.reference_probe(value, flag, stored_depth, depth,"
                                   " alpha, beta)"},
                     {"bound_flag": 4, "probe": 0}, "was refused"),
    },
}
KINDS = ("partly", "endless", "crashing", "cheating")


@pytest.mark.parametrize("name", sorted(NEW_LABS))
def test_new_lab_solution_scores_full_marks(name):
    graded = grading.grade_notebook(ROOT / "instructor" / "solutions" / f"{name}.ipynb")
    points = [part.points for part in grading.parts(name)]
    assert scores(graded) == dict(zip(NEW_LABS[name]["parts"], points, strict=True))
    assert graded.score == 10 and all("passed" in r.output for r in graded.results)


@pytest.mark.parametrize("name,kind", [(name, kind) for name in sorted(NEW_LABS) for kind in KINDS])
def test_new_lab_submissions_score_what_they_get_right(tmp_path, name, kind):
    replace, expected, reason = NEW_LABS[name][kind]
    start = time.monotonic()
    graded = grading.grade_notebook(lab_submission(tmp_path, name, kind, replace))
    assert time.monotonic() - start < 60
    assert scores(graded) == expected, graded.results
    failed = [r.output for r in graded.results if r.score == 0]
    for why in (reason,) if isinstance(reason, str) else reason:   # each failing part says why
        assert any(why in output for output in failed), (why, failed)
