"""Gradescope autograders: one zip per lab, grading on Gradescope's machines as ``make grade`` does here.

``mmlib-course gradescope build --out release/gradescope`` (``make gradescope``) writes
``<lab>.zip`` for every lab, the file a Gradescope *programming assignment* takes as its
autograder.  Gradescope unpacks it into ``/autograder/source``, runs ``setup.sh`` once when it
builds the image, and for every submission runs ``run_autograder``, which grades the notebook the
student uploaded (``/autograder/submission/``) and writes ``/autograder/results/results.json``.

The zip holds:

- ``setup.sh``: installs Python (3.11 or later), bubblewrap (the grader's sandbox) and mmlib with
  its dependencies into ``/autograder/venv``;
- ``run_autograder``: runs ``python -m mmlib.course gradescope run``;
- ``gradescope.json``: the lab, its parts and points, and who sees what and when;
- mmlib (the package with its grader, ``mmlib.course``, and ``pyproject.toml``), the course's scripts
  that build a lab from its source (``instructor/*.py``) and the lab's source without its answers,
  ``instructor/labs/<lab>.md`` (:func:`without_answers`: every solution block holds the student's
  stub, the hidden tests stay).  No other lab, no solution: nothing a student could read in an
  exposed result answers the lab.

``run`` copies the submitted notebook to ``<lab>.ipynb`` in a scratch folder, grades it with
``mmlib-course grade`` (the very grader of ``make grade``, so both give the same scores)
and writes Gradescope's ``results.json``: ``score``, ``execution_time``, ``output``,
``visibility``, ``stdout_visibility`` and one test per part (``name``, ``score``, ``max_score``,
``output``: the checker's feedback, ``visibility``).  A submission with no notebook, several
notebooks none of which is named after the lab, or one the grader cannot read, scores zero on
every part with the reason.

Who sees the results is a setting, not a constant: ``--visibility`` (each test and the whole
result) and ``--stdout-visibility`` take Gradescope's values ``visible``, ``after_due_date``,
``after_published`` and ``hidden``.

``--grader-args`` passes options to the grader on Gradescope's machines (``--time-limit``,
``--seed``).  Where bubblewrap cannot start inside Gradescope's container (Docker's default
seccomp profile and capabilities forbid the namespaces it makes), every part says so and scores
zero: no score comes from unsealed code (see the README).

Every path the scripts use is below one root, ``/autograder`` on Gradescope; the environment
variable ``AUTOGRADER_ROOT`` moves it (a test runs the zip in a temporary folder laid out like
Gradescope's), and ``MMLIB_PYTHON`` names the Python to run (default ``$AUTOGRADER_ROOT/venv/bin/python``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from ..errors import CourseError
from ..isolation.sandbox import bwrap_available
from .grading import refused
from .labsource import ROOT, lab_names, parts

__all__ = ["VISIBILITIES", "CONFIG", "build", "build_all", "run", "results_for", "main", "without_answers"]

VISIBILITIES = ("visible", "after_due_date", "after_published", "hidden")
"""Gradescope's visibility settings: at once, after the due date, once grades are published, never."""
CONFIG = "gradescope.json"
"""The file in the zip that says which lab it grades, its parts, and the visibility settings."""
PRIVATE = ("solutions", "labs")
"""Folders of ``instructor/`` the zip leaves out (it takes only its own lab's source)."""
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
"""The date stamped on every file of a zip, so the same sources give the same bytes."""

SETUP_SH = r"""#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu).
# It installs Python >= 3.11, bubblewrap (the grader's sandbox) and mmlib with what its grader reads
# notebooks with (the grader extra) into $ROOT/venv.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3 python3-venv python3-pip bubblewrap
PY=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    apt-get install -y --no-install-recommends python3.11 python3.11-venv
    PY=python3.11
fi
"$PY" -m venv "$ROOT/venv"
"$ROOT/venv/bin/python" -m pip install --quiet --upgrade pip
"$ROOT/venv/bin/python" -m pip install --quiet "$ROOT/source[grader]"
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this for every submission: grade /autograder/submission/ into
# /autograder/results/results.json (AUTOGRADER_ROOT moves /autograder, MMLIB_PYTHON names the Python).
set -uo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${MMLIB_PYTHON:-$ROOT/venv/bin/python}"
cd "$ROOT/source" && exec "$PYTHON" -m mmlib.course gradescope run
"""


# -- building the zips --------------------------------------------------------------------------

def without_answers(text: str) -> str:
    r"""A lab source with every ``### BEGIN SOLUTION`` block emptied of its answer: the markers and
    ``### STUB`` lines stay, and the lines between are the stub the student version shows, so the
    student notebook, the graded parts and the names the answers bind read the same from it.

    >>> print(without_answers("def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"))
    def f(x):
        ### BEGIN SOLUTION
        # YOUR CODE HERE
        raise NotImplementedError("replace this line with your code")
        ### END SOLUTION
    >>> print(without_answers("### BEGIN SOLUTION\nanswer = 3\n### STUB answer = ...\n### END SOLUTION"))
    ### BEGIN SOLUTION
    answer = ...
    ### STUB answer = ...
    ### END SOLUTION
    """
    from .labsource import make_labs

    labs = make_labs()
    out: list[str] = []
    block: list[str] | None = None
    for line in text.splitlines():
        if line.strip() == labs.BEGIN:
            block = [line]
        elif block is not None and line.strip() == labs.END:
            block.append(line)
            stubs = [kept for kept in block if kept.strip().startswith(labs.STUB)]
            out += [block[0], *labs.student_source("\n".join(block)).splitlines(), *stubs, line]
            block = None
        elif block is not None:
            block.append(line)
        else:
            out.append(line)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _sources(name: str, root: Path) -> list[Path]:
    """The files of the zip, relative to ``root``: mmlib, the grader and the lab's source."""
    package = [p for p in sorted((root / "mmlib").rglob("*"))
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    tooling = sorted(p for p in (root / "instructor").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
                     and p.relative_to(root / "instructor").parts[0] not in PRIVATE)
    files = [root / "pyproject.toml", root / "README.md", root / "LICENSE", *package, *tooling,
             root / "instructor" / "labs" / f"{name}.md"]
    return [p.relative_to(root) for p in files if p.exists()]


def _config(name: str, visibility: str, stdout_visibility: str, grader_args: list[str],
            root: Path) -> dict[str, Any]:
    return {"lab": name, "visibility": visibility, "stdout_visibility": stdout_visibility,
            "grader_args": grader_args, "parts": [{"name": part.grade_id, "max_score": part.points}
                      for part in parts(name, root=root)]}


def _check_visibility(option: str, value: str) -> str:
    if value not in VISIBILITIES:
        raise CourseError(f"{option}: expected one of {', '.join(VISIBILITIES)}, got {value!r}")
    return value


def _add(archive: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    archive.writestr(info, data)


def build(name: str, out: Path, *, visibility: str = "visible", stdout_visibility: str = "hidden",
          grader_args: list[str] | None = None, root: Path = ROOT) -> Path:
    """Write the autograder zip of lab ``name`` to ``out/<name>.zip`` and return its path;
    ``grader_args`` go to ``mmlib-course grade`` for every submission."""
    _check_visibility("visibility", visibility)
    _check_visibility("stdout_visibility", stdout_visibility)
    config = _config(name, visibility, stdout_visibility, list(grader_args or []), root)
    path = Path(out) / f"{name}.zip"
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        _add(archive, "setup.sh", SETUP_SH.encode(), executable=True)
        _add(archive, "run_autograder", RUN_AUTOGRADER.encode(), executable=True)
        _add(archive, CONFIG, (json.dumps(config, indent=2) + "\n").encode())
        for relative in _sources(name, root):
            data = (root / relative).read_bytes()
            if relative.parts[:2] == ("instructor", "labs"):
                data = without_answers(data.decode()).encode()
            _add(archive, relative.as_posix(), data)
    return path


def build_all(out: Path, *, labs: list[str] | None = None, **settings: Any) -> list[Path]:
    """Every lab's autograder zip (or those of ``labs``) in ``out``."""
    names = lab_names()
    unknown = [lab for lab in labs or [] if lab not in names]
    if unknown:
        raise CourseError(f"--lab: no lab {unknown[0]!r} (labs: {', '.join(names)})")
    return [build(name, out, **settings) for name in labs or names]


# -- grading one submission, on Gradescope ------------------------------------------------------

def _zero(config: dict[str, Any], reason: str) -> dict[str, Any]:
    """Zero on every part, with the reason."""
    return {"score": 0.0, "output": reason,
            "tests": [{"name": part["name"], "score": 0.0, "max_score": part["max_score"], "output": reason}
                      for part in config["parts"]]}


def _notebook(submission: Path, lab: str) -> Path | str:
    """The submitted notebook of ``lab``, or why there is none to grade."""
    found = sorted(p for p in submission.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    linked = [p for p in found if refused(p, submission)]
    if linked:
        return (f"{linked[0].relative_to(submission).as_posix()} is a symbolic link or lies outside "
                "the submission: upload the notebook file itself")
    named = [p for p in found if lab in p.name]
    if len(found) == 1:
        return found[0]
    if len(named) == 1:
        return named[0]
    if not found:
        return f"no notebook submitted: upload your {lab}.ipynb"
    listed = ", ".join(p.relative_to(submission).as_posix() for p in found)
    return (f"{len(found)} notebooks submitted ({listed}) and not exactly one is named {lab}.ipynb: "
            "upload only it")


def results_for(config: dict[str, Any], graded: dict[str, Any] | str) -> dict[str, Any]:
    """Gradescope's results.json from the grader's (or from the reason there is none), with
    every part of ``config`` exactly once and the visibility settings of ``config``."""
    base = _zero(config, graded) if isinstance(graded, str) else graded
    by_name = {test.get("name"): test for test in base.get("tests", [])}
    tests = []
    reason = str(base.get("output", "")).strip()
    missing: dict[str, Any] = {"score": 0.0, "output": "not graded" + (f": {reason}" if reason else "")}
    for part in config["parts"]:
        test = by_name.get(part["name"]) or missing
        score = min(max(float(test.get("score", 0.0)), 0.0), part["max_score"])
        tests.append({"name": part["name"], "score": score,
                      "max_score": part["max_score"], "output": str(test.get("output", "")),
                      "visibility": config["visibility"]})
    results = {"score": sum(test["score"] for test in tests), "output": str(base.get("output", "")),
               "visibility": config["visibility"], "stdout_visibility": config["stdout_visibility"],
               "tests": tests}
    for kept in ("execution_time", "extra_data"):     # extra_data: the hidden seed, not shown to students
        if kept in base:
            results[kept] = base[kept]
    return results


def _grade(notebook: Path, lab: str, source: Path, grader_args: list[str]) -> dict[str, Any] | str:
    """Grade ``notebook`` as lab ``lab`` with ``mmlib-course grade``; its results.json,
    or why there is none."""
    with tempfile.TemporaryDirectory(prefix="mmlib-gradescope-") as scratch:
        folder, out = Path(scratch) / "submission", Path(scratch) / "grades"
        folder.mkdir()
        shutil.copyfile(notebook, folder / f"{lab}.ipynb")
        env = dict(os.environ, PYTHONPATH=str(source), MMLIB_COURSE_ROOT=str(source))
        done = subprocess.run([sys.executable, "-m", "mmlib.course", "grade",
                               str(folder), "--out", str(out), *grader_args],
                              cwd=str(source), env=env, capture_output=True, text=True)
        print(done.stdout + done.stderr, flush=True)        # the run's log (stdout_visibility)
        produced = out / lab / "results.json"
        if not produced.exists():
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            return f"not graded: the grader stopped on {notebook.name}: {last}"
        graded: dict[str, Any] = json.loads(produced.read_text())
        return graded


def run(root: Path | None = None) -> dict[str, Any]:
    """Grade the submission below ``root`` (``$AUTOGRADER_ROOT``, default ``/autograder``) into
    ``root/results/results.json``; return what was written."""
    root = Path(root or os.environ.get("AUTOGRADER_ROOT", "/autograder"))
    source = root / "source"
    config = json.loads((source / CONFIG).read_text())
    start = time.monotonic()
    notebook = _notebook(root / "submission", config["lab"])
    if not isinstance(notebook, str) and not bwrap_available():
        notebook = ("not graded: the grader's sandbox (bubblewrap) cannot start on this autograder, and no "
                    "score is given to code that is not sealed; your instructor grades this lab another way")
    graded = notebook if isinstance(notebook, str) else \
        _grade(notebook, config["lab"], source, config.get("grader_args", []))
    results = results_for(config, graded)
    results["execution_time"] = round(time.monotonic() - start, 1)
    target = root / "results" / "results.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(results, indent=2) + "\n")
    return results


# -- the command line ---------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mmlib-course gradescope",
                                     description=(__doc__ or "").split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="write one autograder zip per lab")
    make.add_argument("--out", type=Path, default=ROOT / "release" / "gradescope")
    make.add_argument("--lab", action="append", help="only this lab (repeat for more); default all")
    make.add_argument("--visibility", default="visible", choices=VISIBILITIES,
                      help="when students see each part's score and feedback (default visible)")
    make.add_argument("--stdout-visibility", default="hidden", choices=VISIBILITIES,
                      help="when students see the grader's log (default hidden)")
    make.add_argument("--grader-args", default="",
                      help="options for `mmlib-course grade` on Gradescope, e.g. --time-limit 300")
    commands.add_parser("run", help="grade $AUTOGRADER_ROOT/submission (on Gradescope)")
    args = parser.parse_args(argv)
    if args.command == "build":
        for path in build_all(args.out, labs=args.lab, visibility=args.visibility,
                              stdout_visibility=args.stdout_visibility, grader_args=args.grader_args.split()):
            print(f"wrote {path}")
    else:
        results = run()
        print(f"{results['score']:g} points")


if __name__ == "__main__":
    main()
