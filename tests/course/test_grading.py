"""Grading submitted lab notebooks with the students' code sealed.

A held-out set of submissions (tests/heldout_submissions.py: correct in several styles, partly
wrong, endless, crashing, memory-hungry, a fork bomb, and each cheat that once got through) is
graded in one run, as `make grade` does; each must score what a fair grader gives it, the
submissions folder must be unchanged afterwards and nothing may be left running.  Then labs 5
to 7, each as a correct, a partly correct, an endless, a crashing and a cheating submission."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from heldout_submissions import SUBMISSIONS, source

from mmlib.course import grading
from mmlib.course.labsource import make_labs as _make_labs
from mmlib.errors import ArgumentError
from mmlib.isolation.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]

make_labs = _make_labs()           # the course's instructor/make_labs.py

_needs_bwrap = pytest.mark.skipif(not grading.bwrap_available() and os.environ.get("CI") != "true",
                                  reason="bubblewrap is not installed here (CI installs it)")


def needs_bwrap(test):
    """A test that grades in sandboxes: it takes seconds (`make test` runs it, `make check` does not)."""
    return pytest.mark.slow(_needs_bwrap(test))


def build(folder: Path, stem: str, lab: str, replace: dict[str, str], extra: list[str] = ()) -> Path:
    """Lab ``lab``'s solution with the code cells that start with each key replaced, and cells added."""
    nb = nbformat.read(ROOT / "instructor" / "solutions" / f"{lab}.ipynb", as_version=4)
    for start, code in replace.items():
        cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(start)]
        assert len(cells) == 1, start
        cells[0].source = source(code, str(ROOT), str(folder))
    nb.cells += [nbformat.v4.new_code_cell(source(code, str(ROOT), str(folder))) for code in extra]
    path = folder / f"{stem}_{lab}.ipynb"
    nbformat.write(nb, path)
    return path


def scores(graded: grading.Graded) -> dict[str, float]:
    return {r.grade_id: r.score for r in graded.results}


def fingerprint(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def sandbox_processes(marker: Path) -> list[str]:
    """Processes of a grading run (its temporary folders are below ``marker``) still alive."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if str(marker) in command:
                found.append(f"{entry.name}: {command[:120]}")
    return found


@pytest.fixture(scope="module")
def heldout(tmp_path_factory):
    """Every held-out submission (and a notebook that is not JSON) graded in one run."""
    base = tmp_path_factory.mktemp("heldout")
    folder = base / "submissions"
    folder.mkdir()
    for stem, (lab, replace, extra, _, _) in SUBMISSIONS.items():
        build(folder, stem, lab, replace, extra)
    (folder / "broken_lab1_minimax.ipynb").write_text("{ this is not a notebook")
    before = fingerprint(folder)
    start = time.monotonic()
    saved = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(base)                 # the sandboxes' folders, named in their command lines
    try:
        grading.main(["grade", str(folder), "--out", str(base / "grades")])
    finally:
        os.environ.pop("TMPDIR") if saved is None else os.environ.update(TMPDIR=saved)
    seconds = time.monotonic() - start
    results = {path.parent.name: json.loads(path.read_text())
               for path in (base / "grades").glob("*/results.json")}
    with open(base / "grades" / "scores.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return {"base": base, "folder": folder, "before": before, "after": fingerprint(folder),
            "results": results, "rows": rows, "seconds": seconds}


@needs_bwrap
@pytest.mark.parametrize("stem", sorted(SUBMISSIONS))
def test_each_heldout_submission_scores_what_a_fair_grader_gives(heldout, stem):
    lab, _, _, expected, reasons = SUBMISSIONS[stem]
    results = heldout["results"][f"{stem}_{lab}"]
    got = {test["name"]: test["score"] for test in results["tests"]}
    assert got == expected, results
    assert results["score"] == sum(expected.values())
    failed = "\n".join(test["output"] for test in results["tests"] if test["score"] < test["max_score"])
    for reason in reasons:
        assert reason in failed, (reason, failed)


@needs_bwrap
def test_the_csv_has_one_row_per_part_and_no_score_above_its_points(heldout):
    rows = heldout["rows"]
    keys = [(row["submission"], row["part"]) for row in rows]
    assert len(keys) == len(set(keys))
    expected_parts = sum(len(expected) + 1 for _, _, _, expected, _ in SUBMISSIONS.values()) + 3
    assert len(rows) == expected_parts
    assert all(0 <= float(row["score"]) <= float(row["max_score"]) for row in rows)
    broken = [(row["part"], row["score"], row["max_score"]) for row in rows
              if row["submission"] == "broken_lab1_minimax"]       # unreadable: the run goes on
    assert broken == [("minimax", "0", "6"), ("best_move", "0", "4"), ("total", "0", "10")]


@needs_bwrap
def test_grading_leaves_the_submissions_and_the_machine_as_they_were(heldout):
    assert heldout["after"] == heldout["before"]
    assert not Path("/tmp/planted-by-a-submission").exists()
    assert not sandbox_processes(heldout["base"])


@needs_bwrap
def test_time_per_submission_is_reported(heldout):
    took = {name: float(result["execution_time"]) for name, result in heldout["results"].items()}
    print(f"\nheld-out run: {heldout['seconds']:.1f} s for {len(took)} notebooks")
    for name, seconds in sorted(took.items()):
        print(f"  {name}: {heldout['results'][name]['score']:g} points, {seconds:.1f} s")
    assert max(took.values()) < grading.TIME_LIMIT


def test_the_grader_reads_only_valid_results():
    parts = [grading.Part("minimax", 6.0, ""), grading.Part("best_move", 4.0, "")]

    def line(ident, score, max_score=None):
        data = {"grade_id": ident, "score": score, "max_score": max_score or score, "output": "x"}
        return json.dumps({"kind": "part", "data": data}).encode()

    results, notes = grading.read_results(
        [line("minimax", 6), line("minimax", 6), line("ghost", 1), b"\xff\xfe", b"[]",
         line("best_move", 5, 4), b"x" * 200_000], parts)
    assert [(r.grade_id, r.score) for r in results] == [("minimax", 0.0), ("best_move", 0.0)]
    assert "two results" in results[0].output and "impossible" in results[1].output
    assert len(notes) == 4


def test_the_lab_sources_give_each_part_its_points():
    for name in make_labs.NAMES:
        assert sum(part.points for part in grading.parts(name)) == 10, name
    assert [(p.grade_id, p.points) for p in grading.parts("lab1_minimax")] == \
        [("minimax", 6), ("best_move", 4)]


@pytest.mark.slow
@pytest.mark.parametrize("name", make_labs.NAMES)
def test_hidden_tests_are_only_in_the_autograder(name):
    for solution in (False, True):
        text = nbformat.writes(make_labs.build(name, solution=solution))
        assert "HIDDEN TESTS" not in text and '"nbgrader"' not in text
    autograder = grading.autograder(name)
    graded = [c for c in autograder.cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert [c.metadata["nbgrader"]["grade_id"] for c in graded] == [p.grade_id for p in grading.parts(name)]
    assert all(c.metadata["nbgrader"]["checksum"] for c in graded)


@pytest.mark.parametrize("name", make_labs.NAMES)
def test_the_searches_a_lab_asks_for_are_not_in_its_sandbox(name, tmp_path):
    modules = grading.sandbox_modules(name)
    assert not {"mmlib.check.models", "mmlib.check.searches", "mmlib.quiz", "mmlib.draw"} & modules
    staged = grading.stage(name, tmp_path)
    # The instructor's tools never reach graded code: no mmlib.course, nor the sandbox's own launcher.
    tooling = ("mmlib.course", "mmlib.isolation.sandbox", "mmlib.isolation.stage")
    assert not [module for module in modules if module.startswith(tooling)]
    assert not (staged / "mmlib" / "course").exists()
    if name in ("lab1_minimax", "lab2_alphabeta", "lab3_tictactoe_evaluator", "lab7_transposition_table"):
        assert not any(module.startswith(("mmlib.search",)) for module in modules)
        assert not (staged / "mmlib" / "search").exists()
    for module, names in grading.WITHHELD.get(name, {}).items():
        text = (staged / Path(*module.split("."))).with_suffix(".py").read_text()
        for withheld in names:
            owner, _, attribute = withheld.partition(".")
            if withheld == "*":
                assert "def " not in text or "is not available" in text
            elif f"def {attribute or owner}(" in text or not attribute:      # a function, method or class
                pattern = rf"{re.escape(f'{module}.{withheld}')}(\.\w+)? is not available"
                assert re.search(pattern, text), withheld
            else:                                                            # an attribute: never set
                assert f"self.{attribute} =" not in text, withheld


@needs_bwrap
@pytest.mark.parametrize("name", ["lab2_alphabeta", "lab3_tictactoe_evaluator", "lab4_expectimax"])
def test_every_solution_scores_full_marks(name):
    graded = grading.grade_notebook(ROOT / "instructor" / "solutions" / f"{name}.ipynb")
    assert graded.score == 10 and all(r.score == r.max_score for r in graded.results), graded.results


@needs_bwrap
def test_a_submission_over_its_time_limit_is_stopped_with_zero(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    start = time.monotonic()
    path = build(tmp_path, "slow", "lab1_minimax", {})
    graded = grading.grade_notebook(path, time_limit=0.5)
    assert time.monotonic() - start < 10
    assert {r.grade_id: r.score for r in graded.results} == {"minimax": 0, "best_move": 0}
    assert "time limit" in graded.results[0].output
    time.sleep(0.5)
    assert not sandbox_processes(tmp_path)


def test_no_score_comes_from_unsealed_code(tmp_path, monkeypatch, capsys):
    """--weaker-isolation (a plain process that let a forged result, a copied solution and a daemon
    through) is refused with the reason, as is grading where bubblewrap cannot start."""
    with pytest.raises(SystemExit):
        grading.main(["grade", str(tmp_path), "--out", str(tmp_path / "grades"), "--weaker-isolation"])
    assert "--weaker-isolation is not offered" in capsys.readouterr().err
    with pytest.raises(ArgumentError, match="only 'bwrap' grades"):
        grading.grade_notebook(tmp_path / "x_lab1_minimax.ipynb", isolation="process")
    with pytest.raises(ArgumentError, match="graded only in bubblewrap"):
        Sandbox(tmp_path, [], tmp_path, isolation="process")
    monkeypatch.setattr(grading, "bwrap_available", lambda: False)
    with pytest.raises(SystemExit):
        grading.main(["grade", str(tmp_path), "--out", str(tmp_path / "grades")])
    err = capsys.readouterr().err
    assert "no score is given" in err and "--weaker-isolation" not in err
    assert not (tmp_path / "grades").exists()


# -- labs 5 to 7: each graded as a correct, a partly correct, an endless, a crashing and a cheating
# submission, built from the lab's solution ------------------------------------------------------

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
        # dropping moves would evaluate fewer leaves; the checker's own code is not in the sandbox
        "cheating": ({"def order_moves": "def order_moves(board, moves):\n    return moves[:1]",
                      "def centre_first": "def centre_first(board, moves):\n"
                                          "    from mmlib.check import models\n"
                                          "    return models.centre_first(board, moves)"},
                     {"centre_first": 0, "order_moves": 0}, ("not available while this lab is graded",
                                                             "bad-order")),
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
                     {"anytime_move": 0, "games": 0}, "not available while this lab is graded"),
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
                                   "    from mmlib.check import table\n"
                                   "    return table.reference_probe(value, flag, stored_depth, depth,"
                                   " alpha, beta)"},
                     {"bound_flag": 4, "probe": 0}, "not available while this lab is graded"),
    },
}
KINDS = ("partly", "endless", "crashing", "cheating")


@needs_bwrap
@pytest.mark.parametrize("name", sorted(NEW_LABS))
def test_new_lab_solution_scores_full_marks(name):
    graded = grading.grade_notebook(ROOT / "instructor" / "solutions" / f"{name}.ipynb")
    points = [part.points for part in grading.parts(name)]
    assert scores(graded) == dict(zip(NEW_LABS[name]["parts"], points, strict=True))
    assert graded.score == 10 and all("passed" in r.output for r in graded.results)


@needs_bwrap
@pytest.mark.parametrize("name,kind", [(name, kind) for name in sorted(NEW_LABS) for kind in KINDS])
def test_new_lab_submissions_score_what_they_get_right(tmp_path, name, kind):
    replace, expected, reason = NEW_LABS[name][kind]
    start = time.monotonic()
    graded = grading.grade_notebook(build(tmp_path, kind, name, replace))
    assert time.monotonic() - start < 60
    assert scores(graded) == expected, graded.results
    failed = [r.output for r in graded.results if r.score == 0]
    for why in (reason,) if isinstance(reason, str) else reason:   # each failing part says why
        assert any(why in output for output in failed), (why, failed)


def test_one_command_holds_every_instructors_tool():
    """`mmlib-course` (here `python -m mmlib.course`) lists its subcommands, refuses an unknown one,
    and the Makefile's instructor targets call it."""
    def course(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "mmlib.course", *args], capture_output=True, text=True,
                              cwd=ROOT, timeout=120)

    listed = course("--help")
    assert listed.returncode == 0, listed.stderr
    for command in ("release", "grade", "gradebook", "gradescope", "exam", "distribute"):
        assert f"{command}:" in listed.stdout, command
    unknown = course("grades")
    assert unknown.returncode == 2 and "invalid choice: 'grades'" in unknown.stderr
    grade = course("grade", "--help")
    assert grade.returncode == 0 and "--weaker-isolation" in grade.stdout
    dry = subprocess.run(["make", "-n", "release", "grade", "gradescope", "distribution", "SUBMISSIONS=subs"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120).stdout
    for command in ("release", 'grade "subs"', 'gradebook "grades"', "gradescope build", "distribute"):
        assert f"-m mmlib.course {command}" in dry, (command, dry)
