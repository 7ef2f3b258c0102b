"""The student distribution: what students clone and Binder opens holds the lectures, the student
labs and mmlib, every Binder link opens the students' repository (which must be named), it installs,
and it holds no solution, hidden test, grader or exam tool."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

from mmlib.course import distribute, labsource
from mmlib.errors import CourseError

ROOT = Path(__file__).resolve().parents[2]
navigation = labsource.navigation()          # the course's instructor/navigation.py

REPOSITORY = "uni-example/game-search"
pytestmark = pytest.mark.slow                   # writing the distribution takes a few seconds


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist") / "course"
    distribute.distribute(out, REPOSITORY)
    return out


def files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text(errors="replace")
            for p in folder.rglob("*") if p.is_file() and ".git" not in p.parts}


def solution_blocks() -> list[list[str]]:
    """The answers of every lab source: the stripped lines of each BEGIN/END SOLUTION block."""
    blocks = []
    for source in sorted((ROOT / "instructor" / "labs").glob("*.md")):
        block: list[str] | None = None
        for line in source.read_text().splitlines():
            if line.strip() == "### BEGIN SOLUTION":
                block = []
            elif line.strip() == "### END SOLUTION":
                blocks.append(block or [])
                block = None
            elif block is not None and line.strip() and not line.strip().startswith("#"):
                block.append(line.strip())
    return blocks


def test_only_the_students_folders_are_there(dist):
    top = sorted(p.name for p in dist.iterdir())
    assert top == [".gitignore", "LICENSE", "README.md", "environment.yml", "jupyter", "mmlib", "notebooks",
                   "pyproject.toml", "start"]
    tooling = re.compile(r"(instructor|tests|benchmarks|grades|exam|release|mmlib/course)/")
    assert not [name for name in files(dist) if tooling.match(name)]


def test_no_solution_hidden_test_or_instructor_tooling(dist):
    for name, text in files(dist).items():
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS", "instructor/"):
            assert marker not in text, (name, marker)
    blocks = solution_blocks()
    assert len(blocks) >= 7                                    # every lab has answers to hide
    # What students read as course material (mmlib's own algorithms are the lectures' subject and stay).
    notebooks = {name: text for name, text in files(dist).items()
                 if name.startswith("notebooks/") or name == "README.md"}
    flat = {name: " ".join(text.split()) for name, text in notebooks.items()}
    for block in blocks:
        if len(block) >= 2:                                    # a whole answer, in any cell or output
            answer = " ".join(block)
            assert not [name for name, text in flat.items() if answer in text], block
    distinctive = {line for block in blocks for line in block if len(line) >= 30}
    assert len(distinctive) >= 10
    for line in distinctive:                                  # nor any telling line of one
        assert not [name for name, text in notebooks.items() if line in text], line


def test_the_student_labs_have_stubs_where_the_answers_were(dist):
    for entry in navigation.COURSE:
        if entry.is_lab:
            nb = nbformat.read(dist / "notebooks" / entry.path, as_version=4)
            code = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")
            assert 'raise NotImplementedError("replace this line with your code")' in code, entry.path
            assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"
                       and "given-figure" not in cell.metadata.get("tags", []))     # the trees are shown
            stored = nbformat.read(ROOT / "notebooks" / entry.path, as_version=4)
            given = [[cell.outputs for cell in notebook.cells
                      if "given-figure" in cell.metadata.get("tags", [])] for notebook in (nb, stored)]
            assert given[0] == given[1], entry.path                  # with their pictures, as stored


def test_the_notebooks_are_the_whole_course_and_every_link_resolves(dist):
    listed = {f"notebooks/{entry.path}" for entry in navigation.COURSE}
    present = {p.relative_to(dist).as_posix() for p in (dist / "notebooks").rglob("*.ipynb")}
    assert present == listed
    for name in sorted(present):
        nb = nbformat.read(dist / name, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            for target in re.findall(r"\]\(([^)\s]+)", cell.source):
                if target.startswith("http"):
                    continue
                path = (dist / name).parent / unquote(target.split("#")[0])
                assert path.exists(), (name, target)
    readme = (dist / "README.md").read_text()
    for target in re.findall(r"\]\((notebooks/[^)\s]+)\)", readme):
        assert (dist / target).exists(), target
    linked = set(re.findall(r"\]\((notebooks/[^)]+)\)", readme))
    assert {f"notebooks/{entry.path}" for entry in navigation.COURSE} <= linked


def test_every_binder_link_opens_the_courses_repository(dist):
    links = [(name, link) for name, text in files(dist).items()
             for link in re.findall(r"https://mybinder\.org/v2/gh/[^)\s\"\\]+", text)]
    assert len(links) >= 1 + 2 * 10 + 7                        # README, each lecture pair, each lab
    assert all(link.startswith(f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD?labpath=notebooks%2F")
               for _, link in links), links[:3]
    opened = sorted(unquote(link.split("labpath=")[1]) for _, link in links)
    notebooks = sorted(p.relative_to(dist).as_posix() for p in (dist / "notebooks").rglob("*.ipynb"))
    lectures = [name for name in notebooks if "/labs/" not in name]
    # the README opens the start page; every notebook (each lecture's .md twin too) opens itself
    assert opened == sorted(["notebooks/00_start_here.ipynb", *notebooks, *lectures]), opened
    assert navigation.repository(dist) == REPOSITORY


def test_without_the_students_repository_the_distribution_is_refused(tmp_path):
    """No default: this repository, with the solutions, names none, and Binder must never open it."""
    for missing in (None, ""):
        with pytest.raises(CourseError, match=r"--repository: name the students' repository"):
            distribute.distribute(tmp_path / "course", missing)
    assert not (tmp_path / "course").exists()
    done = subprocess.run([sys.executable, "-m", "mmlib.course", "distribute", str(tmp_path / "course")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Binder never opens it" in done.stderr, done.stderr


def test_the_distribution_installs_and_its_package_imports(dist, tmp_path):
    target = tmp_path / "site"
    # As a student's pip does it: the build backend pyproject.toml asks for, in an isolated build.
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(dist)], check=True, capture_output=True, timeout=300)
    assert (target / "mmlib" / "py.typed").exists() and not (target / "instructor").exists()
    probe = "import json, mmlib, mmlib.quiz, mmlib.check; print(json.dumps(mmlib.__file__))"
    done = subprocess.run([sys.executable, "-c", probe], env={"PYTHONPATH": str(target), "PATH": "/usr/bin"},
                          cwd=tmp_path, capture_output=True, text=True, check=True, timeout=120)
    assert Path(json.loads(done.stdout)).is_relative_to(target)


def test_binder_installs_the_same_dependencies(dist):
    environment = (dist / "environment.yml").read_text()
    assert "- -e ." in environment and "python=3.11" in environment and "#" not in environment


# As Binder's repo2docker runs `start` (its image's entrypoint: `start` with Jupyter's command as arguments,
# from the repository's folder, HOME elsewhere), Jupyter's server reads its configuration files
# (jupyter_server_config.*) from each folder of the configuration path, as every Jupyter application does
# (jupyter_core's JupyterApp, of which the server's ServerApp is one; importing the server itself takes
# seconds, and tests/e2e/test_save_reopen.py runs it): the hook it names saves a notebook without a widget
# view whose model the file does not hold.
SERVER_PROBE = """
import json
from jupyter_core.application import JupyterApp
from traitlets.utils.importstring import import_item

class Server(JupyterApp):
    name = "jupyter-server"

app = Server()
app.load_config_file()
hook = app.config.ContentsManager.pre_save_hook
view = {"model_id": "gone-with-the-kernel", "version_major": 2, "version_minor": 0}
data = {"text/plain": "A still", "text/html": "<img alt='a still'>",
        "application/vnd.jupyter.widget-view+json": view}
output = {"output_type": "display_data", "data": data}
nb = {"metadata": {}, "cells": [{"cell_type": "code", "outputs": [output]}]}
import_item(hook)(model={"type": "notebook", "content": nb}, path="00.ipynb")
print(json.dumps({"files": app.loaded_config_files, "hook": hook, "saved": sorted(data)}))
"""


def test_binder_starts_jupyter_with_the_pre_save_hook(dist, tmp_path):
    start = dist / "start"
    assert start.stat().st_mode & 0o111 and start.read_text().splitlines()[-1] == 'exec "$@"'
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "PYTHONPATH": str(dist)}     # the distribution's mmlib
    done = subprocess.run([str(start), sys.executable, "-c", SERVER_PROBE], cwd=dist, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    server = json.loads(done.stdout.splitlines()[-1])
    assert server["files"] == [str(dist / "jupyter" / "jupyter_server_config.json")]
    assert server["hook"] == "mmlib.widgets.saving.pre_save_hook"
    assert server["saved"] == ["text/html", "text/plain"]            # the view went, the still stayed


def test_the_notebooks_store_each_explorer_as_its_still_picture(dist):
    """No widget state and no widget view: a front end without the save hook (VS Code) has no stored
    state to mismatch what a student's run saves, and shows the still until the cell is run."""
    explorers = 0
    for path in sorted((dist / "notebooks").rglob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert "widgets" not in nb["metadata"], path
        for cell in nb["cells"]:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                assert "application/vnd.jupyter.widget-view+json" not in data, path
                explorers += "mmlib-fallback" in "".join(data.get("text/html", ""))
    lecture = (ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-view+json" in lecture     # the course's own copy holds views
    assert explorers >= 10


def test_the_readme_starts_jupyterlab_as_binder_does(dist):
    readme = (dist / "README.md").read_text()
    assert f"./start .venv/bin/jupyter lab notebooks/{navigation.COURSE[0].path}\n" in readme


def test_an_existing_folder_is_kept_unless_forced_and_then_only_its_git_stays(tmp_path):
    out = tmp_path / "course"
    (out / ".git").mkdir(parents=True)
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "old_solution.ipynb").write_text("{}")
    with pytest.raises(CourseError, match="is not empty: pass --force"):
        distribute.distribute(out, REPOSITORY)
    distribute.distribute(out, REPOSITORY, force=True)
    assert (out / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
    assert not (out / "old_solution.ipynb").exists() and (out / "README.md").exists()
    with pytest.raises(CourseError, match="--repository: expected a GitHub owner/name"):
        distribute.distribute(tmp_path / "other", "not a repository")
    with pytest.raises(CourseError, match="outside the course's sources"):
        distribute.distribute(ROOT / "notebooks" / "course", REPOSITORY)


@pytest.mark.long          # a fresh environment from PyPI: JupyterLab, numba, ... (11 minutes, busy machine)
def test_the_readme_set_up_works_as_written(dist, tmp_path):
    """The students' README, followed as written on a machine with python3: a fresh virtual environment,
    its `pip install`, and the `jupyter lab` it then starts (checked to exist and to find the notebook;
    the clone is a copy of the distribution under the repository's name)."""
    readme = (dist / "README.md").read_text()
    commands = re.search(r"```bash\n(.*?)```", readme, re.S)[1].splitlines()
    clone, cd, *setup, start = commands
    assert clone == f"git clone https://github.com/{REPOSITORY}.git"
    assert cd == f"cd {REPOSITORY.split('/')[1]}"
    checkout = tmp_path / REPOSITORY.split("/")[1]
    shutil.copytree(dist, checkout)
    for command in setup:
        done = subprocess.run(command, shell=True, cwd=checkout, capture_output=True, text=True, timeout=1200,
                              env={"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(Path.home())})
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    program, _, notebook = start.partition(" lab ")
    assert program == "./start .venv/bin/jupyter" and (checkout / notebook).is_file()
    version = subprocess.run([str(checkout / ".venv/bin/jupyter"), "lab", "--version"], cwd=checkout,
                             capture_output=True, text=True, timeout=120)
    assert version.returncode == 0 and re.fullmatch(r"4\.\d+\.\d+\s*", version.stdout), version
    # what the lectures import beside mmlib: the drawings, the explorers, the .md twins, graphs, chess
    probe = "import mmlib, matplotlib, ipywidgets, anywidget, jupytext, networkx, chess, numba, notebook"
    done = subprocess.run([str(checkout / ".venv/bin/python"), "-c", probe], cwd=checkout,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
