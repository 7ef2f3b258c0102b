"""The student distribution: a folder to push as the course's own repository, without solutions.

Students clone the course's repository and Binder opens it, so it must hold nothing they should
not see.  ``mmlib-course distribute OUT --repository owner/name`` (``make distribution``)
writes into ``OUT``:

- ``notebooks/``: the lectures (each ``.ipynb`` with its MyST ``.md`` twin) and the student labs
  (``notebooks/labs/``, written from their sources as ``make release`` writes them: stubs where the
  answers are, no hidden tests; the pictures of their given figures from the stored student labs);
- ``mmlib/`` (without ``mmlib/course/``, the instructor's tools),
  ``pyproject.toml`` (the package, its dependencies and ``[tool.mmlib] repository``
  set to the new repository), ``environment.yml`` (what Binder installs) and ``LICENSE``;
- ``README.md``: the Binder badge and link, how to run the course locally, and its contents;
- ``start`` and ``jupyter/jupyter_server_config.json``: Binder (repo2docker) runs ``start`` before it
  starts Jupyter, as the README's local set-up does, and ``start`` puts ``jupyter/`` first on
  ``JUPYTER_CONFIG_PATH``, so the server saves notebooks through :func:`mmlib.widgets.saving.pre_save_hook`
  (the students' configuration of ``make lab``, ``jupyter/student/``, without the instructor's parts);
- ``.gitignore``.

Its notebooks store each explorer as its still picture and sentence, without widget state or widget
view (:func:`mmlib.widgets.saving.stills_only`), so a front end that runs no save hook (VS Code) has
no stored state to mismatch the views a student's run saves.

Every Binder link (the README's and the one in each notebook's first cell, rewritten by
``instructor/navigation.py``) opens ``owner/name``, which must be given: the instructor's repository
names no Binder repository, since Binder must never open it.  Left out: ``instructor/`` (solutions, lab
sources with their hidden tests, the grader, the exam tools), ``tests/``, ``benchmarks/``, grades,
exams and releases.  ``OUT`` must be new or empty; ``--force`` empties it first, keeping only its
``.git`` folder, so the course's repository can be updated in place::

    mmlib-course distribute ../course --repository my-university/game-search --force
    cd ../course && git add -A && git commit -m "Week 3" && git push
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

from ..errors import CourseError
from .labsource import (
    ROOT,
    build,
    lab_names,
    make_labs,
    navigation,
    notebook_text,
    read_notebook,
    write_notebook,
)

__all__ = ["distribute", "student_pyproject", "student_readme", "server_config", "main"]

REPOSITORY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$")
PROJECT_KEYS = ("name", "version", "description", "readme", "requires-python", "license", "license-files",
                "authors", "classifiers", "dependencies")
"""What the student pyproject keeps of ``[project]``, beside the students' extras."""
STUDENT_EXTRAS = ("lab", "chess", "fast", "graphs")
"""The extras a student's own set-up installs, as ``make lab`` does (JupyterLab, Notebook 7, jupytext and
python-chess; numba; networkx); the instructor's, the developers' and the website's stay out."""
STUDENT_INSTALL = ".[lab,fast,graphs]"
"""What the README's set-up installs: the package with the extras of ``make lab``."""
INSTRUCTOR_TOOLS = Path("mmlib/course")
"""The instructor's tools in the package: graders and exam builders stay out of the students' copy."""
GITIGNORE = ".venv/\n__pycache__/\n*.egg-info/\n.ipynb_checkpoints/\nbuild/\n"
STUDENT_SERVER_CONFIG = Path("jupyter/student/jupyter_server_config.json")
"""The Jupyter server configuration of ``make lab``: its ``ContentsManager`` part (the pre-save hook) goes
into the distribution; its other parts switch off the instructor's nbgrader, which students lack."""
SERVER_CONFIG = Path("jupyter/jupyter_server_config.json")
"""Where the distribution holds its Jupyter server configuration (``start`` puts the folder first)."""
START = """#!/bin/bash
# Binder (repo2docker) runs this file before it starts Jupyter, with Jupyter's command as the arguments;
# on your own computer, start JupyterLab through it too: ./start .venv/bin/jupyter lab
# It puts the course's Jupyter configuration (jupyter/) first, so the server saves every notebook
# through mmlib.widgets.saving.pre_save_hook: an explorer run and saved reopens as its still picture.
here="$(cd "$(dirname "$0")" && pwd)"
export JUPYTER_CONFIG_PATH="$here/jupyter${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
exec "$@"
"""
"""The distribution's ``start`` script (repo2docker's: its last line must be ``exec "$@"``)."""


def _files(root: Path, folder: str) -> list[Path]:
    """The files of ``folder`` that git tracks (every file, outside a git checkout), relative to root."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", folder], cwd=root, capture_output=True,
                                check=True).stdout.decode()
        paths = [Path(name) for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        paths = [p.relative_to(root) for p in sorted((root / folder).rglob("*")) if p.is_file()]
    return [p for p in paths if "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts
            and (root / p).is_file()]


def _toml_value(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        if len(value) > 2:
            return "[\n" + "".join(f"    {_toml_value(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_toml_value(item)}" for key, item in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    raise TypeError(f"cannot write {value!r} as TOML")


def student_pyproject(repository: str, root: Path = ROOT) -> str:
    """The distribution's pyproject.toml: the package and its dependencies, and the repository.

    >>> config = tomllib.loads(student_pyproject("uni/course"))
    >>> config["tool"]["mmlib"]["repository"], sorted(config["project"]["optional-dependencies"])
    ('uni/course', ['chess', 'fast', 'graphs', 'lab'])
    """
    with open(root / "pyproject.toml", "rb") as handle:
        config = tomllib.load(handle)
    project = {key: config["project"][key] for key in PROJECT_KEYS if key in config["project"]}
    lines = ["[build-system]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in config["build-system"].items()]
    lines += ["", "[project]"] + [f"{key} = {_toml_value(value)}" for key, value in project.items()]
    extras = config["project"].get("optional-dependencies", {})
    lines += ["", "[project.optional-dependencies]"]
    lines += [f"{name} = {_toml_value(extras[name])}" for name in STUDENT_EXTRAS if name in extras]
    setuptools = config.get("tool", {}).get("setuptools", {})
    if "packages" in setuptools:
        lines += ["", "[tool.setuptools]", f"packages = {_toml_value(setuptools['packages'])}"]
    if "package-data" in setuptools:
        lines += ["", "[tool.setuptools.package-data]"]
        lines += [f"{key} = {_toml_value(value)}" for key, value in setuptools["package-data"].items()]
    lines += ["", "# The GitHub repository (owner/name) the Binder links open.", "[tool.mmlib]",
              f"repository = {_toml_value(repository)}", ""]
    return "\n".join(lines)


def student_readme(repository: str, root: Path = ROOT) -> str:
    """The distribution's README: title, Binder link, how to start, the contents.

    >>> badge = "(https://mybinder.org/v2/gh/uni/course/HEAD?labpath=notebooks%2F00_start_here.ipynb)"
    >>> badge in student_readme("uni/course")
    True
    """
    nav = navigation()
    start = nav.COURSE[0].path
    binder = nav.binder_url(f"notebooks/{start}", repository)
    with open(root / "pyproject.toml", "rb") as handle:
        description = tomllib.load(handle)["project"].get("description", "")
    lectures = "\n".join(f"- [{entry.link_text}](notebooks/{entry.path})"
                         for entry in nav.COURSE if not entry.is_lab)
    labs = "\n".join(f"- [{entry.link_text}](notebooks/{entry.path})"
                     for entry in nav.COURSE if entry.is_lab)
    return f"""# Adversarial search: minimax, alpha-beta and the square-root speedup

[![Binder]({nav.BINDER_BADGE})]({binder})

{description}

Open the course in your browser with the Binder badge above (nothing to install; your changes are
lost when the session ends, so download the notebooks you work on), or on your own computer
(Python 3.11 or later):

```bash
git clone https://github.com/{repository}.git
cd {repository.split("/")[1]}
python3 -m venv .venv
.venv/bin/pip install -e "{STUDENT_INSTALL}"
./start .venv/bin/jupyter lab notebooks/{start}
```

(`./start` gives JupyterLab the course's configuration, in `jupyter/`, as Binder does: a notebook you
run and save reopens with each explorer as its picture until you run it again.)

## Lectures

{lectures}

## Labs

Each lab asks you to write a function; a cell below it runs the same check your work is graded
with, so you know where you stand before you hand it in.

{labs}

The lectures come as notebooks (`.ipynb`) and as the same cells in text (`.md`); JupyterLab keeps
both in step.
"""


def server_config(root: Path = ROOT) -> str:
    """The distribution's Jupyter server configuration: the ``ContentsManager`` part of ``make lab``'s.

    >>> json.loads(server_config())
    {'ContentsManager': {'pre_save_hook': 'mmlib.widgets.saving.pre_save_hook'}}
    """
    config = json.loads((root / STUDENT_SERVER_CONFIG).read_text(encoding="utf-8"))
    return json.dumps({"ContentsManager": config["ContentsManager"]}, indent=2) + "\n"


def _stills_only(out: Path) -> None:
    """Store every notebook under ``out/notebooks`` with its explorers as still pictures (no widget state)."""
    from ..widgets.saving import stills_only  # here: mmlib.widgets loads ipywidgets and every explorer

    for path in sorted((out / "notebooks").rglob("*.ipynb")):
        nb = read_notebook(path)
        had_state = bool(nb.get("metadata", {}).get("widgets"))
        if stills_only(nb) or had_state:
            write_notebook(nb, path)


def _check_out(out: Path, force: bool) -> None:
    out = out.resolve()
    if out == ROOT or ROOT.is_relative_to(out) or out.is_relative_to(ROOT / "notebooks") or \
            out.is_relative_to(ROOT / "mmlib") or out.is_relative_to(ROOT / "instructor"):
        raise CourseError(f"OUT={out}: choose a folder outside the course's sources")
    if out.exists() and not out.is_dir():
        raise CourseError(f"OUT={out}: not a folder")
    content = [p for p in out.iterdir() if p.name != ".git"] if out.exists() else []
    if content and not force:
        raise CourseError(f"OUT={out} is not empty: pass --force to replace what it holds (its .git stays)")
    for path in content:
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()


def distribute(out: Path, repository: str | None, *, force: bool = False,
               root: Path = ROOT) -> list[Path]:
    """Write the student distribution into ``out``, its Binder links opening ``repository`` (the students'
    repository, owner/name); return the files written (relative to out)."""
    if not repository:
        raise CourseError("--repository: name the students' repository (owner/name, e.g. make "
                          "distribution REPOSITORY=my-university/game-search); its README and notebooks "
                          "open it on Binder. There is no default: this repository holds the solutions, "
                          "and Binder never opens it")
    if not REPOSITORY.match(repository):
        raise CourseError(f"--repository: expected a GitHub owner/name, got {repository!r}")
    out = Path(out)
    _check_out(out, force)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def put(relative: Path, data: bytes) -> None:
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        (out / relative).write_bytes(data)
        written.append(relative)

    lab_paths = {Path("notebooks/labs") / f"{name}.ipynb" for name in lab_names()}
    for relative in _files(root, "mmlib") + _files(root, "notebooks"):
        if relative not in lab_paths and not relative.is_relative_to(INSTRUCTOR_TOOLS):
            put(relative, (root / relative).read_bytes())
    for name in lab_names():
        lab = build(name, solution=False, root=root)
        stored = root / "notebooks" / "labs" / f"{name}.ipynb"        # with the pictures of its given figures
        if stored.exists():
            make_labs(root).give_figures(lab, read_notebook(stored))
        put(Path("notebooks/labs") / f"{name}.ipynb", notebook_text(lab).encode())
    put(Path("pyproject.toml"), student_pyproject(repository, root).encode())
    environment = "".join(line for line in (root / "environment.yml").read_text().splitlines(keepends=True)
                          if not line.lstrip().startswith("#"))
    put(Path("environment.yml"), environment.encode())
    put(Path("LICENSE"), (root / "LICENSE").read_bytes())
    put(Path(".gitignore"), GITIGNORE.encode())
    put(Path("README.md"), student_readme(repository, root).encode())
    put(SERVER_CONFIG, server_config(root).encode())
    put(Path("start"), START.encode())
    (out / "start").chmod(0o755)
    navigation().main(out.resolve())                  # every Binder link opens the new repository
    _stills_only(out)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mmlib-course distribute",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write (new or empty, or pass --force)")
    parser.add_argument("--repository", help="the students' GitHub repository, owner/name, which every "
                        "Binder link opens (required: there is no default)")
    parser.add_argument("--force", action="store_true", help="empty OUT first (its .git folder stays)")
    args = parser.parse_args(argv)
    written = distribute(args.out, args.repository, force=args.force)
    print(f"wrote {len(written)} files to {args.out}: push it as the course's repository")


if __name__ == "__main__":
    main()
