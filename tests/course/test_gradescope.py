"""Gradescope's autograder zip, built and run in a temporary root laid out like Gradescope's
(source/, submission/, results/): a correct, a wrong and an empty submission give the right
results.json, with the visibility the instructor chose."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from mmlib.course import gradescope
from mmlib.errors import CourseError

ROOT = Path(__file__).resolve().parents[2]

LAB = "lab1_minimax"
SOLUTION = ROOT / "instructor" / "solutions" / f"{LAB}.ipynb"
WRONG_BEST_MOVE = '''
def best_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(min(values))
'''


def answer_lines(lab: str) -> list[str]:
    """The lines of the lab's answers: between the solution markers, neither a marker nor a stub."""
    found, inside = [], False
    for line in (ROOT / "instructor" / "labs" / f"{lab}.md").read_text().splitlines():
        if line.strip() in ("### BEGIN SOLUTION", "### END SOLUTION"):
            inside = line.strip() == "### BEGIN SOLUTION"
        elif inside and not line.strip().startswith("### STUB") and line.strip():
            found.append(line)
    assert len(found) >= 5, found
    return found


def points_in_source(lab: str) -> dict[str, float]:
    """Each graded part's points, read from the nbgrader metadata of the lab's source with a regex."""
    text = (ROOT / "instructor" / "labs" / f"{lab}.md").read_text()
    found = re.findall(r"nbgrader: \{grade: true, grade_id: (\w+),[^}]*?points: ([\d.]+)", text)
    return {grade_id: float(points) for grade_id, points in found}


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("zips")
    return gradescope.build(LAB, out, visibility="after_due_date", stdout_visibility="hidden")


def run_in_root(zip_path: Path, root: Path, files: dict[str, nbformat.NotebookNode]) -> dict:
    """Unpack the zip into root/source, put ``files`` in root/submission and run run_autograder there."""
    (root / "source").mkdir(parents=True)
    (root / "submission").mkdir()
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(root / "source")
    for name, nb in files.items():
        nbformat.write(nb, root / "submission" / name)
    run_autograder = root / "source" / "run_autograder"        # extractall drops the mode: bash runs it
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(AUTOGRADER_ROOT=str(root), MMLIB_PYTHON=sys.executable)
    subprocess.run(["bash", str(run_autograder)], cwd=str(root), env=env, check=True,
                   capture_output=True, timeout=300)
    return json.loads((root / "results" / "results.json").read_text())


def solution_with(replace: dict[str, str]) -> nbformat.NotebookNode:
    nb = nbformat.read(SOLUTION, as_version=4)
    for cell in nb.cells:
        for start, code in replace.items():
            if cell.cell_type == "code" and cell.source.startswith(start):
                cell.source = code.strip()
    return nb


def test_the_zip_has_gradescopes_scripts_and_no_solution(autograder_zip):
    with zipfile.ZipFile(autograder_zip) as archive:
        names = set(archive.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
        config = json.loads(archive.read(gradescope.CONFIG))
        everything = b"".join(archive.read(name) for name in names)
    assert {"setup.sh", "run_autograder", "pyproject.toml", "mmlib/__init__.py", "mmlib/course/grading.py",
            f"instructor/labs/{LAB}.md"} <= names
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert not [name for name in names if name.startswith("instructor/solutions/")]
    assert [name for name in names if name.startswith("instructor/labs/")] == [f"instructor/labs/{LAB}.md"]
    assert b"### BEGIN HIDDEN TESTS" in everything             # the lab's source (its hidden tests) is there
    with zipfile.ZipFile(autograder_zip) as archive:
        shipped = archive.read(f"instructor/labs/{LAB}.md").decode()
    assert not [line for line in answer_lines(LAB) if line in shipped]     # but none of its answers
    assert b"lab2_alphabeta" not in b"".join(n.encode() for n in names)
    assert config == {"lab": LAB, "visibility": "after_due_date", "stdout_visibility": "hidden",
                      "grader_args": [], "parts": [{"name": name, "max_score": points}
                                for name, points in points_in_source(LAB).items()]}


def test_setup_script_is_valid_bash_and_installs_what_grading_needs(autograder_zip):
    with zipfile.ZipFile(autograder_zip) as archive:
        setup = archive.read("setup.sh").decode()
    subprocess.run(["bash", "-n", "-c", setup], check=True)
    assert "bubblewrap" in setup and 'pip install --quiet "$ROOT/source[grader]"' in setup
    assert "3, 11" in setup                                 # mmlib needs Python 3.11 or later


def test_the_same_sources_give_the_same_zip(tmp_path, autograder_zip):
    again = gradescope.build(LAB, tmp_path, visibility="after_due_date", stdout_visibility="hidden")
    assert again.read_bytes() == autograder_zip.read_bytes()


def test_visibility_is_a_setting_and_checked(tmp_path):
    with pytest.raises(CourseError, match="visibility: expected one of visible, after_due_date"):
        gradescope.build(LAB, tmp_path, visibility="later")
    built = gradescope.build(LAB, tmp_path, visibility="hidden", stdout_visibility="visible")
    with zipfile.ZipFile(built) as archive:
        config = json.loads(archive.read(gradescope.CONFIG))
    assert (config["visibility"], config["stdout_visibility"]) == ("hidden", "visible")


@pytest.mark.slow
def test_a_correct_submission_scores_every_point(tmp_path, autograder_zip):
    results = run_in_root(autograder_zip, tmp_path, {"my_work.ipynb": nbformat.read(SOLUTION, as_version=4)})
    expected = points_in_source(LAB)
    assert [(t["name"], t["score"], t["max_score"]) for t in results["tests"]] == \
        [(name, points, points) for name, points in expected.items()]
    assert results["score"] == sum(expected.values())
    assert results["visibility"] == "after_due_date" and results["stdout_visibility"] == "hidden"
    assert {t["visibility"] for t in results["tests"]} == {"after_due_date"}
    assert all("passed" in t["output"] for t in results["tests"])
    assert isinstance(results["execution_time"], float) and results["execution_time"] > 0


@pytest.mark.slow
def test_a_wrong_best_move_loses_that_part_with_the_checkers_feedback(tmp_path, autograder_zip):
    nb = solution_with({"def best_move": WRONG_BEST_MOVE})
    results = run_in_root(autograder_zip, tmp_path, {f"alice_{LAB}.ipynb": nb, "notes.ipynb": nb})
    scores = {t["name"]: t["score"] for t in results["tests"]}
    assert scores == {"minimax": points_in_source(LAB)["minimax"], "best_move": 0.0}
    assert results["score"] == points_in_source(LAB)["minimax"]
    assert "not yet" in results["tests"][1]["output"]


@pytest.mark.slow
def test_an_empty_submission_scores_zero_with_the_reason(tmp_path, autograder_zip):
    results = run_in_root(autograder_zip, tmp_path, {})
    assert results["score"] == 0
    assert [(t["name"], t["score"]) for t in results["tests"]] == \
        [(name, 0.0) for name in points_in_source(LAB)]
    assert all("no notebook submitted" in t["output"] for t in results["tests"])


@pytest.mark.slow
def test_a_notebook_that_is_not_json_scores_zero_with_the_reason(tmp_path, autograder_zip):
    results_dir = tmp_path / "root"
    (results_dir / "submission").mkdir(parents=True)
    (results_dir / "source").mkdir()
    with zipfile.ZipFile(autograder_zip) as archive:
        archive.extractall(results_dir / "source")
    (results_dir / "submission" / f"{LAB}.ipynb").write_text("{ not a notebook")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(AUTOGRADER_ROOT=str(results_dir), MMLIB_PYTHON=sys.executable)
    subprocess.run(["bash", str(results_dir / "source" / "run_autograder")], env=env, check=True,
                   capture_output=True, timeout=300)
    results = json.loads((results_dir / "results" / "results.json").read_text())
    assert results["score"] == 0 and len(results["tests"]) == len(points_in_source(LAB))
    assert all(t["output"].startswith("not graded") and "JSON" in t["output"] for t in results["tests"])


@pytest.mark.slow
def test_gradescope_and_make_grade_agree_on_the_same_submission(tmp_path, autograder_zip, monkeypatch):
    monkeypatch.setenv("MMLIB_GRADING_SEED", "2025")      # the same hidden trees in both runs
    nb = solution_with({"def best_move": WRONG_BEST_MOVE})
    on_gradescope = run_in_root(autograder_zip, tmp_path / "root", {f"{LAB}.ipynb": nb})
    folder = tmp_path / "submitted"
    folder.mkdir()
    nbformat.write(nb, folder / f"bob_{LAB}.ipynb")
    subprocess.run([sys.executable, "-m", "mmlib.course", "grade", str(folder),
                    "--out", str(tmp_path / "grades")], check=True, capture_output=True, timeout=300)
    here = json.loads((tmp_path / "grades" / f"bob_{LAB}" / "results.json").read_text())
    assert [(t["name"], t["score"], t["max_score"], t["output"]) for t in on_gradescope["tests"]] == \
        [(t["name"], t["score"], t["max_score"], t["output"]) for t in here["tests"]]
    assert on_gradescope["score"] == here["score"]
    assert on_gradescope["extra_data"] == here["extra_data"] == {"hidden_seed": 2025}
