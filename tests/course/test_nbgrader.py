"""The lab sources are real nbgrader assignments: nbgrader 0.9 itself generates each lab from its
source (instructor/labs/<lab>.md), validates, autogrades and writes feedback for three students —
one who hands in the solution, one who hands in wrong answers (labs 1 and 2), one who leaves the
stubs — and its gradebook holds, part by part, the points the instructor expects.  Validation
fails for the wrong answers and the stubs, and `make grade` (mmlib.course.grading) gives the same
points per part as nbgrader (labs 1 and 2: each validation and grading runs the whole lab).

Runs the `nbgrader` command line in a temporary course directory (nbgrader_config.py with
CourseDirectory.root and a gradebook database in that directory), as an instructor would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook  # the instructor extra, installed with the test extra

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "instructor"))

import make_labs  # noqa: E402

NBGRADER = Path(sys.executable).with_name("nbgrader")
STUB = "\n".join(make_labs.STUB_LINES)

# Wrong answers a student might hand in, by the grade_id of the solution cell they replace, and the
# points each graded part is worth then (what the instructor knows, not what a run printed).
WRONG = {
    "lab1_minimax": ({
        "best_move_answer": ("def best_move(node, depth):\n"            # MIN's choice, not MAX's
                             "    values = [minimax(child, depth - 1, False) for child in node.children]\n"
                             "    return values.index(min(values))"),
    }, {"minimax": 6, "best_move": 0}),
    "lab2_alphabeta": ({
        "alphabeta_answer": ("def alphabeta(node, depth, alpha, beta, maximizing):\n"   # minimax: no pruning
                             "    if depth == 0 or node.is_leaf():\n"
                             "        return node.value\n"
                             "    values = [alphabeta(child, depth - 1, alpha, beta, not maximizing)\n"
                             "              for child in node.children]\n"
                             "    return max(values) if maximizing else min(values)"),
        "pruned_answers": ('pruned_1 = "I J M"\n'          # right
                           'pruned_2 = "N O"\n'            # the second MIN node is searched whole
                           'pruned_3 = "k m g"'),          # the right leaves, in the wrong case
        "pruned_quiz_answer": 'pruned_quiz = "R S"',
    }, {"alphabeta": 0, "pruned_1": 1, "pruned_2": 0, "pruned_3": 0, "pruned_quiz": 0}),
}


def points(name: str) -> dict[str, float]:
    """Each graded part of lab ``name`` and its points, from the lab's source."""
    return {cell.metadata.nbgrader["grade_id"]: float(cell.metadata.nbgrader["points"])
            for cell in make_labs.read_source(name).cells
            if cell.metadata.get("nbgrader", {}).get("grade")}


def solutions(name: str) -> dict[str, str]:
    """The answer of each solution cell of lab ``name``, by grade_id."""
    return {cell.metadata.nbgrader["grade_id"]: make_labs.solution_source(cell.source)
            for cell in make_labs.read_source(name).cells
            if cell.metadata.get("nbgrader", {}).get("solution")}


def course(tmp: Path, name: str) -> Path:
    """A course directory with lab ``name`` as nbgrader's source assignment."""
    (tmp / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(tmp)!r}\n"
        f"c.CourseDirectory.db_url = {'sqlite:///' + str(tmp / 'gradebook.db')!r}\n"
        "c.CourseDirectory.course_id = 'mmlib'\n"
        f"c.ClearSolutions.code_stub = {{'python': {STUB!r}}}\n"
        "c.Execute.timeout = 300\n")
    source = make_labs.read_source(name)
    source.metadata["kernelspec"] = dict(make_labs.KERNELSPEC)
    for index, cell in enumerate(source.cells):
        cell.id = f"{name}-{index:02d}"
    path = tmp / "source" / name / f"{name}.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(source, path)
    return tmp


def nbgrader_cli(root: Path, *args: str) -> str:
    """Run ``nbgrader args`` in the course directory; its output (it must succeed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}   # PATH: nbgrader runs alembic
    env.pop("MPLBACKEND", None)
    run = subprocess.run([str(NBGRADER), *args], cwd=root, env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout + run.stderr


def submit(root: Path, name: str, student: str, answers: dict[str, str]) -> Path:
    """Hand in the released lab with ``answers`` in place of the stubs, by solution cell."""
    nb = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if cell.metadata.get("nbgrader", {}).get("solution") and grade_id in answers:
            cell.source = answers[grade_id]
    path = root / "submitted" / student / name / f"{name}.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(nb, path)
    return path


def scores(root: Path, name: str, student: str) -> dict[str, float]:
    """The autograded score of each part, from nbgrader's gradebook."""
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(name, name, student)
        return {grade.name: grade.score for grade in notebook.grades}


LABS = list(make_labs.NAMES)


@pytest.mark.slow
@pytest.mark.parametrize("name", LABS)
def test_nbgrader_generates_validates_autogrades_and_gives_feedback(name, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", f"{NBGRADER.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    root = course(tmp_path, name)
    nbgrader_cli(root, "generate_assignment", name, "--create")
    released = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    code = "\n".join(cell.source for cell in released.cells if cell.cell_type == "code")
    assert "BEGIN HIDDEN TESTS" not in code and "BEGIN SOLUTION" not in code
    assert "raise_on_failure" not in code, "the hidden tests stay with the instructor"
    for answer in solutions(name).values():
        assert answer not in code
    # nbgrader's release is the student notebook make_labs writes, but for the cells whose stub is
    # `answer = ...`: nbgrader puts its one code stub there
    ours = [cell.source for cell in make_labs.build(name, solution=False).cells
            if cell.cell_type == "code" and "navigation" not in cell.metadata.get("tags", [])]
    theirs = [cell.source for cell in released.cells if cell.cell_type == "code"]
    assert len(ours) == len(theirs)
    assert [(o, t) for o, t in zip(ours, theirs, strict=True) if o != t and t != STUB] == []

    expected = {"solution": points(name), "unfilled": dict.fromkeys(points(name), 0.0)}
    submissions = {"solution": submit(root, name, "solution", solutions(name)),
                   "unfilled": submit(root, name, "unfilled", {})}
    if name in WRONG:
        answers, expected["wrong"] = WRONG[name]
        submissions["wrong"] = submit(root, name, "wrong", {**solutions(name), **answers})

    for student, path in submissions.items():
        if name not in WRONG:       # each validation runs the lab in a kernel: labs 1 and 2 show it
            break
        said = nbgrader_cli(root, "validate", str(path))
        if student == "solution":
            assert "Success! Your notebook passes all the tests." in said, said
        else:
            assert "VALIDATION FAILED" in said, (student, said)
        if student == "unfilled":
            assert "not answered yet" in said, said

    nbgrader_cli(root, "autograde", name, "--create")
    for student, parts in expected.items():
        assert scores(root, name, student) == pytest.approx({k: float(v) for k, v in parts.items()}), student

    if name in WRONG:               # make grade gives each of these submissions the same points
        from mmlib.course import grading
        for student, path in submissions.items():
            graded = grading.grade_notebook(path, name=name)
            assert {r.grade_id: r.score for r in graded.results} == scores(root, name, student), student

    nbgrader_cli(root, "generate_feedback", name)
    for student, parts in expected.items():
        page = (root / "feedback" / student / name / f"{name}.html").read_text()
        total = sum(parts.values())
        assert f"Score: {total:g}" in page or f"{total:.1f} / {sum(points(name).values()):.1f}" in page, \
            (student, total)
    unfilled = (root / "feedback" / "unfilled" / name / f"{name}.html").read_text()
    assert "not answered yet" in unfilled
