"""Release the labs and grade submitted notebooks, with the students' code sealed.

``mmlib-course release`` (``make release``) writes the student notebooks and solutions (through
the course's ``instructor/make_labs.py``) and, for each lab, the autograder notebook
``release/autograder/<lab>.ipynb``.  ``mmlib-course grade SUBMISSIONS [--out GRADES]``
(``make grade``) grades every ``*.ipynb`` below ``SUBMISSIONS`` and writes ``GRADES/scores.csv``
(one row per part and a total per submission) and ``GRADES/<submission>/results.json`` in
Gradescope's format.  The labs, their graded parts and hidden tests are read from the course's
repository (:mod:`mmlib.course.labsource`); this package stores none of them.

How a submission is graded, and why it cannot forge its score:

- the student's notebook runs top to bottom, as in the notebook (constants, helpers, default
  arguments, classes, imports all work; the lab's own check calls are left out, a cell that
  raises stops there as in a kernel, and the feedback names what was left out and why) inside a
  **sandbox** (:class:`mmlib.isolation.sandbox.Sandbox`, bubblewrap): user nobody, its own PID,
  network, IPC and mount namespaces, only the Python runtime and the parts of mmlib the lab
  allows mounted read-only (:data:`mmlib.course.labs.SANDBOX_MODULES`; the searches the lab asks
  for are not there, and neither is this package), its inputs, a private scratch folder as its
  only writable place, limits on memory, processor time, processes and file size, killed as a
  whole at the checker's wall-clock limit;
- the checker and the hidden tests run in another process that holds no student code
  (:mod:`mmlib.course.scoring`): it calls the student's functions in the sandbox over a channel
  (:mod:`mmlib.isolation.runner`'s protocol) that carries only plain data, checked on arrival, and
  computes the verdict itself;
- that process reports to this one over a validated channel (:func:`read_results`): known part
  ids, once each, a score within the part's points; a malformed message fails only what it
  concerns, and the run goes on for everybody else;
- the hidden tests draw fresh cases (:func:`mmlib.check.hidden_cases`: the instructor's trees, then
  trees from this run's secret seed, recorded in every result) and the sandbox gets a tree's shape
  but never its values, so no answer table of the public check's trees finds anything;
- a submission that is a symbolic link, lies in a linked folder or resolves outside the
  submissions folder is refused (:func:`refused`).

Where bubblewrap is missing or cannot start, ``grade`` refuses to run: no score comes from
student code that is not sealed (``--weaker-isolation``, once a plain-process fallback, is refused
with the reason).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..check.cases import SEED_VARIABLE, grading_seed
from ..errors import ArgumentError
from ..isolation.sandbox import RemoteFunction, Sandbox, bwrap_available, run_limited
from ..isolation.stage import PACKAGE_ROOT
from ..isolation.stage import sandbox_modules as _sandbox_modules
from .channel import Graded, Result, read_results
from .labs import SANDBOX_MODULES, WITHHELD
from .labsource import (
    ROOT,
    Part,
    lab_names,
    lab_of,
    make_labs,
    parts,
    read_notebook,
    read_source,
    write_notebook,
)
from .scoring import stage_lab

if TYPE_CHECKING:                     # nbformat comes with the grader extra, imported where it is used
    import nbformat

__all__ = ["Part", "Result", "Graded", "Sandbox", "RemoteFunction", "parts", "lab_of", "grade_notebook",
           "grade_folder", "read_results", "bwrap_available", "autograder", "release", "sandbox_modules",
           "stage", "main", "refused", "TIME_LIMIT", "MEMORY_LIMIT", "SUBMISSION_BYTES", "SANDBOX_MODULES",
           "WITHHELD"]

TIME_LIMIT = 300.0
"""Wall-clock seconds one submission may take to grade, all parts together (its notebook runs
within :data:`mmlib.isolation.sandbox.NOTEBOOK_TIME`, and again after a call that had to be stopped)."""
SUBMISSION_BYTES = 20 << 20
"""Largest notebook file graded, in bytes (20 MiB); a larger one is refused before it is read."""
MEMORY_LIMIT = 4 << 30
"""Bytes of address space the process grading one submission may use."""


def sandbox_modules(name: str) -> set[str]:
    """Every mmlib module shipped into lab ``name``'s sandbox: what the lab allows and what that imports.

    >>> shipped = sandbox_modules("lab1_minimax")
    >>> "mmlib.trees" in shipped, "mmlib.search" in shipped, [m for m in shipped if "course" in m]
    (True, False, [])
    """
    return _sandbox_modules(SANDBOX_MODULES[name])


def stage(name: str, target: Path) -> Path:
    """Write the mmlib that lab ``name``'s sealed code sees into ``target``/mmlib; return ``target``."""
    return stage_lab(name, target)


# -- grading notebooks ------------------------------------------------------------------------------

def _refused(path: Path, name: str | None, submission: str | None, why: str, seed: int | None) -> Graded:
    """A submission that could not be graded: every part of its lab (when known) 0, with the reason."""
    name = name or next((lab for lab in lab_names() if lab in path.name), None)
    graded = Graded(submission or path.stem, name or "unknown", seed=seed)
    graded.results = [Result(part.grade_id, 0.0, part.points, why) for part in (parts(name) if name else [])]
    graded.notes.append(why)
    return graded


def grade_notebook(path: Path, *, name: str | None = None, time_limit: float = TIME_LIMIT,
                   memory_limit: int = MEMORY_LIMIT, submission: str | None = None,
                   isolation: str = "bwrap", seed: int | None = None) -> Graded:
    """Grade one submitted notebook: the checker in a fresh process with a time and a memory
    limit, the student's code in a sandbox it starts (see :class:`Sandbox`).  ``name`` forces
    the lab (else :func:`lab_of` finds it).  A file over :data:`SUBMISSION_BYTES` is refused
    unread; the sandbox's temporary folder is removed whatever happens to the grading process.
    The hidden tests draw their cases from ``seed`` (default :func:`~mmlib.check.cases.grading_seed`:
    secret, random per run unless ``$MMLIB_GRADING_SEED`` fixes it); the result records it."""
    if isolation != "bwrap":
        raise ArgumentError(f"isolation: only 'bwrap' grades (got {isolation!r}): {REFUSED}")
    seed = grading_seed() if seed is None else seed
    path = Path(path).resolve()
    try:
        size = path.stat().st_size
    except OSError as error:
        return _refused(path, name, submission, f"not graded: the notebook could not be read ({error})", seed)
    if size > SUBMISSION_BYTES:
        return _refused(path, name, submission,
                        f"not graded: the notebook is {size / (1 << 20):.1f} MiB, over the limit of "
                        f"{SUBMISSION_BYTES >> 20} MiB (clear large outputs and submit again)", seed)
    try:
        nb = read_notebook(path)
        name = name or lab_of(path, nb)
    except Exception as error:  # noqa: BLE001 - an unreadable submission is reported, the run goes on
        why = f"not graded: the notebook could not be read ({type(error).__name__}: {str(error)[:200]})"
        if isinstance(error, ValueError) and "--lab" in str(error):
            why = f"not graded: {error}"
        return _refused(path, name, submission, why, seed)
    expected = parts(name)
    graded = Graded(submission or path.stem, name, seed=seed)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PACKAGE_ROOT), os.environ.get("PYTHONPATH", "")]),
               PYTHONHASHSEED="0", MPLBACKEND="Agg", MMLIB_COURSE_ROOT=str(ROOT),
               **{SEED_VARIABLE: str(seed)})
    work = tempfile.mkdtemp(prefix="mmlib-grading-", dir=os.environ.get("TMPDIR"))  # as set now, not cached
    try:
        command = [sys.executable, "-m", "mmlib.course", "_child", name, str(path), isolation, work]
        finished = run_limited(command,
                               time_limit=time_limit, memory_limit=memory_limit, env=env,
                               what="the time limit of a submission")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    lines, stopped, graded.seconds = finished.lines, finished.stopped, finished.seconds
    graded.results, graded.notes = read_results(lines, expected)
    done = {r.grade_id for r in graded.results}
    graded.results += [Result(part.grade_id, 0.0, part.points, stopped or "not graded")
                       for part in expected if part.grade_id not in done]
    order = [part.grade_id for part in expected]
    graded.results.sort(key=lambda r: order.index(r.grade_id))
    if stopped:
        graded.notes.append(stopped)
    return graded


def refused(path: Path, folder: Path) -> str | None:
    """Why the submission at ``path`` below ``folder`` is not graded, or None: a symbolic link (to
    a solution, to another student's file), a folder on its way that is one, or anything that
    resolves outside ``folder``, is refused rather than graded as the submitter's work.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "own.ipynb").write_text("{}") and None
    >>> (folder / "link.ipynb").symlink_to(folder / "own.ipynb")
    >>> refused(folder / "own.ipynb", folder) is None, refused(folder / "link.ipynb", folder)[:40]
    (True, 'not graded: the submission is a symbolic')
    """
    relative = Path(path).relative_to(folder)
    for depth in range(1, len(relative.parts) + 1):
        if (folder / Path(*relative.parts[:depth])).is_symlink():
            return ("not graded: the submission is a symbolic link (or lies in a linked folder), "
                    "not a notebook of its own: submit the notebook file itself")
    if not Path(path).resolve().is_relative_to(Path(folder).resolve()):
        return "not graded: the submission lies outside the submissions folder"
    return None


def grade_folder(folder: Path, out: Path, *, labs: dict[str, str] | None = None,
                 **limits: Any) -> list[Graded]:
    """Grade every notebook below ``folder`` (symbolic links refused, see :func:`refused`); write
    ``out/scores.csv`` and ``out/<id>/results.json``.  ``labs`` forces the lab of some files (path
    relative to ``folder``, or "*" for every file).  The hidden tests of the whole run draw their
    cases from one seed (``seed=``, default :func:`~mmlib.check.cases.grading_seed`), printed and
    kept in every results.json so that the instructor can reproduce the run."""
    folder, out = Path(folder), Path(out)
    labs = labs or {}
    limits["seed"] = grading_seed() if limits.get("seed") is None else limits["seed"]
    print(f"hidden tests draw their cases from seed {limits['seed']} "
          f"(--seed {limits['seed']} repeats this run)", flush=True)
    linked = [inside for link in folder.rglob("*") if link.is_symlink() and link.is_dir()
              for inside in link.glob("*.ipynb")]              # not followed by rglob: refused below
    paths = sorted(p for p in [*folder.rglob("*.ipynb"), *linked] if ".ipynb_checkpoints" not in p.parts
                   and out.resolve() not in p.resolve().parents)
    everything: list[Graded] = []
    for path in paths:
        ident = path.relative_to(folder).with_suffix("").as_posix()
        forced = labs.get(path.relative_to(folder).as_posix(), labs.get("*"))
        why = refused(path, folder)
        graded = _refused(path, forced, ident, why, limits["seed"]) if why else \
            grade_notebook(path, submission=ident, name=forced, **limits)
        everything.append(graded)
        target = out / ident / "results.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(graded.gradescope(), indent=2) + "\n")
        print(f"{ident}: {graded.score:g} points in {graded.seconds:.1f} s", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "scores.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["submission", "lab", "part", "score", "max_score"])
        for graded in everything:
            for r in graded.results:
                writer.writerow([graded.submission, graded.lab, r.grade_id, f"{r.score:g}",
                                 f"{r.max_score:g}"])
            writer.writerow([graded.submission, graded.lab, "total", f"{graded.score:g}",
                             f"{sum(r.max_score for r in graded.results):g}"])
    return everything


# -- release -----------------------------------------------------------------------------------

def autograder(name: str, *, root: Path | None = None) -> nbformat.NotebookNode:
    """Lab ``name``'s autograder notebook: the source with solutions, hidden tests and nbgrader's
    checksums, its metadata validated by nbgrader."""
    from nbgrader.preprocessors import CheckCellMetadata, ComputeChecksums  # type: ignore[import-untyped]

    nb = read_source(name, root)
    for index, cell in enumerate(nb.cells):
        cell.id = f"{name}-{index:02d}"
    nb, _ = CheckCellMetadata().preprocess(nb, {})
    nb, _ = ComputeChecksums().preprocess(nb, {})
    checked: nbformat.NotebookNode = nb
    return checked


def release(out: Path | None = None) -> None:
    """Write the student notebooks and solutions, and the autograder notebooks in ``out``
    (default: ``release/`` in the course's repository)."""
    out = out or ROOT / "release"
    make_labs().main()
    for name in lab_names():
        path = Path(out) / "autograder" / f"{name}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_notebook(autograder(name), path)
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


# -- the command line ----------------------------------------------------------------------------

WEAKER = ("bubblewrap (bwrap) is missing or cannot make a sandbox here, so student code cannot be "
          "sealed and no score is given: install it (Debian: apt-get install bubblewrap), or grade on a "
          "machine where it starts (inside a container, one that allows user namespaces)")
REFUSED = ("--weaker-isolation is not offered: without bubblewrap, student code runs as a plain process "
           "that can read the course's files, forge a result and leave processes behind, so its scores "
           "could not be trusted; grade where bubblewrap starts")


def add_commands(commands: Any) -> None:
    """The ``release`` and ``grade`` subcommands, on an ``argparse`` subparsers object."""
    commands.add_parser("release", help="write student notebooks, solutions and autograders",
                        description="Write the student notebooks, solutions and autograder notebooks.")
    grade = commands.add_parser("grade", help="grade every notebook in a folder",
                                description="Grade every notebook below SUBMISSIONS, student code sealed.")
    grade.add_argument("submissions", type=Path)
    grade.add_argument("--out", type=Path, default=ROOT / "grades")
    grade.add_argument("--time-limit", type=float, default=TIME_LIMIT,
                       help=f"wall-clock seconds per submission (default {TIME_LIMIT:g})")
    grade.add_argument("--lab", action="append", default=[], metavar="[FILE=]LAB",
                       help="grade FILE (a path below SUBMISSIONS) as lab LAB, whatever its name and cells; "
                            "without FILE=, every file; may be repeated")
    grade.add_argument("--seed", type=int, default=None,
                       help="the seed of the hidden tests' cases (default: secret and random per run, "
                            f"or ${SEED_VARIABLE}); each results.json records it")
    grade.add_argument("--weaker-isolation", action="store_true",
                       help="not offered (refused with the reason): a plain process cannot seal student code")


def run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Run the ``release`` or ``grade`` command parsed into ``args``."""
    if args.command == "release":
        release()
        return
    if not args.submissions.is_dir():
        parser.error(f"SUBMISSIONS={args.submissions}: no such folder")
    if args.weaker_isolation:
        parser.error(REFUSED)
    if not bwrap_available():
        parser.error(WEAKER)
    labs = forced_labs(args.lab, args.submissions, parser)
    graded = grade_folder(args.submissions, args.out, labs=labs, time_limit=args.time_limit, seed=args.seed)
    print(f"graded {len(graded)} notebooks: {args.out / 'scores.csv'}")


def forced_labs(given: list[str], folder: Path, parser: argparse.ArgumentParser) -> dict[str, str]:
    """``--lab [FILE=]LAB`` options as {file below ``folder`` (or "*"): lab}, each checked."""
    labs: dict[str, str] = {}
    for option in given:
        file, _, lab = option.rpartition("=")
        if lab not in lab_names():
            parser.error(f"--lab {option}: no lab {lab!r} (the labs: {', '.join(lab_names())})")
        if file and not (folder / file).is_file():
            parser.error(f"--lab {option}: no file {file!r} in {folder}")
        labs[Path(file).as_posix() if file else "*"] = lab
    return labs


def main(argv: list[str] | None = None) -> None:
    """``release`` or ``grade SUBMISSIONS [--out GRADES] [--time-limit S] [--seed N]``."""
    parser = argparse.ArgumentParser(prog="mmlib-course", description=(__doc__ or "").split("\n")[0])
    add_commands(parser.add_subparsers(dest="command", required=True))
    run_command(parser.parse_args(argv), parser)

