"""The instructor's options for grading: the Makefile's GRADER_ARGS reach `gradescope build` intact,
`--lab` forces a lab, and the lab of a renamed copy is found by its check cells."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import nbformat
import pytest

from mmlib.course import gradescope, grading

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("grader_args", [["--weaker-isolation"],
                                         ["--weaker-isolation", "--time-limit", "60"]])
def test_make_gradescope_passes_grader_args_that_start_with_dashes(grader_args, monkeypatch):
    recipe = subprocess.run(["make", "-n", "-s", "gradescope", f"GRADER_ARGS={' '.join(grader_args)}"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = " ".join(recipe.replace("\\\n", " ").splitlines()[-1:])
    words = shlex.split(line)
    assert words[1:4] == ["-m", "mmlib.course", "gradescope"], line
    seen = {}
    monkeypatch.setattr(gradescope, "build_all", lambda out, **options: seen.update(options) or [])
    gradescope.main(words[4:])
    assert seen["grader_args"] == grader_args


def test_lab_option_forces_the_lab_of_a_file(tmp_path, monkeypatch):
    folder = tmp_path / "submissions"
    (folder / "alice").mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(), folder / "alice" / "homework.ipynb")
    nbformat.write(nbformat.v4.new_notebook(), folder / "bob.ipynb")
    seen = {}

    def fake(path, *, submission, name=None, **limits):
        seen[submission] = name
        graded = grading.Graded(submission, name or "unknown")
        return graded

    monkeypatch.setattr(grading, "grade_notebook", fake)
    monkeypatch.setattr(grading, "bwrap_available", lambda: True)
    grading.main(["grade", str(folder), "--out", str(tmp_path / "grades"),
                  "--lab", "alice/homework.ipynb=lab2_alphabeta", "--lab", "lab1_minimax"])
    assert seen == {"alice/homework": "lab2_alphabeta", "bob": "lab1_minimax"}
    for wrong in (["--lab", "lab9"], ["--lab", "carol.ipynb=lab1_minimax"]):
        with pytest.raises(SystemExit):
            grading.main(["grade", str(folder), "--out", str(tmp_path / "grades"), *wrong])


def test_an_oversized_notebook_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "huge_lab1_minimax.ipynb"
    with open(path, "wb") as handle:
        handle.truncate(grading.SUBMISSION_BYTES + 1)           # sparse: no disk, no memory
    monkeypatch.setattr(grading, "read_notebook", lambda path: pytest.fail("the notebook was read"))
    graded = grading.grade_notebook(path)
    assert graded.score == 0 and graded.lab == "lab1_minimax"
    assert f"over the limit of {grading.SUBMISSION_BYTES >> 20} MiB" in graded.results[0].output
