"""Keep the packaging files (pyproject, Binder environment, Makefile, README) consistent."""

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent

# conda-style spec, e.g. "networkx>=3.1" or "python=3.11"
CONDA_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(?:(>=|==|=|<=|>|<)\s*([^\s,]+))?\s*$")
NOT_RUNTIME = {"python", "pip"}
CONDA_NAMES = {"python-chess": "chess"}
"""conda-forge names that differ from PyPI's."""


def normalise(name: str) -> str:
    name = name.strip().lower().replace("_", "-")
    return CONDA_NAMES.get(name, name)


@pytest.fixture(scope="module")
def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def conda_specs(environment: dict) -> dict[str, tuple[str | None, str | None]]:
    """Map normalised name -> (operator, version) for the plain string conda deps."""
    specs = {}
    for dep in environment["dependencies"]:
        if isinstance(dep, str):
            m = CONDA_SPEC.match(dep)
            assert m, f"unparseable conda dependency: {dep!r}"
            specs[normalise(m.group(1))] = (m.group(2), m.group(3))
    return specs


def pip_section(environment: dict) -> list[str]:
    sections = [d["pip"] for d in environment["dependencies"] if isinstance(d, dict) and "pip" in d]
    assert len(sections) == 1, "expected exactly one '- pip:' section"
    return sections[0]


# What a student's session needs beside the package's own dependencies: Binder's environment.yml holds
# these extras too (and no others: not the instructor's, the site's or the tests').
BINDER_EXTRAS = ("lab", "fast", "graphs")


def binder_requirements(pyproject: dict) -> list[str]:
    extras = pyproject["project"]["optional-dependencies"]
    return [*pyproject["project"]["dependencies"], *(r for name in BINDER_EXTRAS for r in extras[name])]


def runtime_lower_bounds(pyproject: dict) -> dict[str, Version | None]:
    bounds = {}
    for raw in binder_requirements(pyproject):
        req = Requirement(raw)
        lows = [Version(s.version) for s in req.specifier if s.operator == ">="]
        bounds[normalise(req.name)] = max(lows) if lows else None
    return bounds


def test_environment_basics(environment):
    assert environment["name"] == "mmlib"
    assert environment["channels"] == ["conda-forge"]
    specs = conda_specs(environment)
    assert specs.get("python") == ("=", "3.11")
    assert "pip" in specs
    assert "-e ." in [entry.strip() for entry in pip_section(environment)]


def test_environment_names_same_runtime_packages(environment, pyproject):
    conda_names = set(conda_specs(environment)) - NOT_RUNTIME
    assert conda_names == set(runtime_lower_bounds(pyproject))


def test_lower_bounds_agree(environment, pyproject):
    specs = conda_specs(environment)
    for name, low in runtime_lower_bounds(pyproject).items():
        op, version = specs[name]
        if low is None:
            assert op is None, f"{name}: environment.yml pins {op}{version}, pyproject has none"
        else:
            assert op == ">=", f"{name}: environment.yml should say >={low}"
            assert Version(version) == low, f"{name}: {version} in environment.yml vs {low}"


def test_python_version_agrees(environment, pyproject):
    assert pyproject["project"]["requires-python"] == ">=3.11"
    assert conda_specs(environment)["python"] == ("=", "3.11")


def test_makefile_targets():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([A-Za-z0-9_.\-]+)\s*:(?!=)", makefile, flags=re.M))
    assert {"lab", "test", "bench", "notebooks", "clean"} <= targets
    phony = re.search(r"^\.PHONY\s*:(.*)$", makefile, flags=re.M)
    assert phony and {"lab", "test", "bench", "notebooks", "clean"} <= set(phony.group(1).split())


def test_readme_mentions_setup_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lab" in readme
    assert "make test" in readme


# ---------------------------------------------------------------------------------------- dependencies

# Run in a fresh interpreter with a finder ahead of all others that refuses the modules named, so that
# what a module imports when it is imported (or used) shows.
BLOCKER = """
import sys
ALLOWED = {allowed!r}
BLOCKED = {blocked!r}
class Refuse:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        allowed = ALLOWED is None or top in ALLOWED or top in sys.stdlib_module_names
        if top in BLOCKED or not allowed:
            raise ModuleNotFoundError(f"{{name}} is not installed here", name=name)
        return None
sys.meta_path.insert(0, Refuse())
"""


def run_blocked(code: str, *, allowed: set[str] | None = None, blocked: set[str] = frozenset()) -> str:
    program = BLOCKER.format(allowed=sorted(allowed) if allowed is not None else None,
                             blocked=sorted(blocked)) + code
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_the_blocker_blocks():
    """The check itself: a third-party import under the blocker fails."""
    program = BLOCKER.format(allowed=["mmlib"], blocked=[]) + "import numpy\n"
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "numpy is not installed here" in result.stderr


def test_core_needs_only_the_standard_library():
    """trees, games, search, analysis and trace import and search with no third-party module at all."""
    out = run_blocked(
        "import mmlib\n"
        "from mmlib import trees, games, search, analysis, trace, conventions, errors\n"
        "tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])\n"
        "result = search.alphabeta(tree)\n"
        "rows = analysis.sweep([2, 3], [1, 2, 3], ['best', 'random'], ['minimax', 'alphabeta'])\n"
        "print(result.value, result.stats.leaves if hasattr(result, 'stats') else result.leaves, len(rows))\n"
        "print(search.alphabeta(games.TicTacToe(), table=True).value)\n",
        allowed={"mmlib"},
    )
    assert out.split() == ["3", "7", "24", "0"], out


# The extras: nothing that draws or explores may need them.
EXTRAS = {"numba", "networkx", "jupyterlab", "notebook", "jupytext", "nbgrader", "jupyter_book", "sphinx",
          "playwright", "nbconvert", "pytest", "hypothesis"}


def test_drawings_explorers_and_sweeps_need_no_extra():
    """With every extra missing (numba, networkx, JupyterLab, ...), the drawings, the explorers and the
    sweeps work from the package's own dependencies."""
    out = run_blocked(
        "import matplotlib\nmatplotlib.use('Agg')\n"
        "from mmlib import analysis, draw, trees, widgets, fastcount\n"
        "tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])\n"
        "figure = draw.draw_tree(tree)\n"
        "explorer = widgets.step_through(tree)\n"
        "rows = analysis.sweep([3], [4], ['best'], ['alphabeta'], seeds=range(3))\n"
        "print(type(figure).__module__.split('.')[0], fastcount.compiled(), len(rows), rows[0]['leaves'])\n"
        "print(sorted(m.partition('.')[0] for m in __import__('sys').modules if m.partition('.')[0] in "
        + repr(sorted(EXTRAS)) + "))\n",
        blocked=EXTRAS,
    )
    first, second = out.splitlines()
    assert first.split()[1:] == ["False", "3", "17"], out     # Knuth-Moore: 3**2 + 3**2 - 1 leaves
    assert second == "[]"


def test_required_dependencies_are_what_views_import():
    """pyproject's dependencies are the drawing and explorer libraries, not JupyterLab or numba."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    required = {normalise(Requirement(r).name) for r in project["dependencies"]}
    assert {"matplotlib", "ipywidgets", "numpy"} <= required
    assert not required & {"jupyterlab", "notebook", "jupytext", "numba", "networkx", "nbgrader"}
    extras = project["optional-dependencies"]
    assert {normalise(Requirement(r).name) for r in extras["lab"]} >= {"jupyterlab", "jupytext"}
    assert [Requirement(r).name for r in extras["fast"]] == ["numba"]


# ---------------------------------------------------------------------------------------- Binder

START_NOTEBOOK = "notebooks/00_start_here.ipynb"
STUDENTS = "uni-example/game-search"


def test_nothing_here_opens_this_repository_on_binder():
    """This repository holds the solutions and hidden tests: its pyproject.toml names no repository for
    Binder, and no file it tracks (README, notebooks, site, ...) except the code that writes the students'
    badges holds a Binder link."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert "repository" not in tomllib.load(f).get("tool", {}).get("mmlib", {})
    found = subprocess.run(["git", "grep", "-l", "mybinder.org/v2", "--", ".", ":!*.py"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert found.returncode == 1 and not found.stdout, f"Binder links in {found.stdout.split()}{found.stderr}"


def test_the_students_readme_badge_opens_their_start_notebook():
    from mmlib.course.distribute import student_readme

    badges = re.findall(r"\((https://mybinder\.org/v2/[^)\s]+)\)", student_readme(STUDENTS))
    assert len(badges) == 1, badges
    url = urlparse(badges[0])
    assert url.path == f"/v2/gh/{STUDENTS}/HEAD", badges[0]
    assert parse_qs(url.query).get("labpath") == [START_NOTEBOOK], badges[0]
    assert (ROOT / START_NOTEBOOK).is_file(), f"{START_NOTEBOOK} is missing"


def test_binder_environment_installs_the_package_itself(environment):
    # Binder builds environment.yml; the "-e ." pip entry installs mmlib from the repository root
    assert (ROOT / "environment.yml").parent == ROOT
    assert "-e ." in [entry.strip() for entry in pip_section(environment)]


# ---------------------------------------------------------------------------------------- wheel

def source_tree_copy(destination: Path) -> Path:
    """What a build needs, copied so that building never writes into the repository."""
    destination.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, destination / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "mmlib", destination / "mmlib", ignore=skip)
    return destination


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    shown = " ".join(map(str, command))
    assert result.returncode == 0, f"{shown} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("build")
    source = source_tree_copy(work / "source")
    dist = work / "dist"
    run([sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(dist), str(source)], timeout=600)
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(p.name for p in dist.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0], "work": work}


def package_sources() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "mmlib").rglob("*.py")
        if "__pycache__" not in p.parts
    }


@pytest.mark.slow
def test_wheel_and_sdist_contain_every_module(built):
    with zipfile.ZipFile(built["wheel"]) as wheel:
        in_wheel = {name for name in wheel.namelist() if name.startswith("mmlib/")}
        metadata = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        lines = wheel.read(metadata).decode().splitlines()
    requires = [line for line in lines if line.startswith("Requires-Dist:")]
    assert {name for name in in_wheel if name.endswith(".py")} == package_sources()
    assert "mmlib/py.typed" in in_wheel, "the PEP 561 marker: without it type checkers ignore mmlib's hints"
    runtime = [Requirement(r.split(":", 1)[1]) for r in requires]
    unconditional = {normalise(r.name) for r in runtime if r.marker is None}
    assert unconditional == {normalise(Requirement(d).name) for d in tomllib.loads(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]}
    with tarfile.open(built["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert package_sources() <= names
    assert {"pyproject.toml", "README.md", "LICENSE"} <= names


# A plain kernel: the package and the Jupyter machinery that runs a notebook, nothing else.
KERNEL_MACHINERY = ["nbclient>=0.10", "ipykernel>=6.29"]
NOT_IN_A_PLAIN_KERNEL = ["jupyterlab", "notebook", "jupytext", "numba", "networkx", "nbgrader",
                         "jupyter_book", "playwright", "pytest"]
# What a hosted notebook or an editor's notebook view can show: the widget models of ipywidgets 8 (and
# anywidget, whose front end those hosts load like any ipywidgets 8 model).
WIDGET_MODULES = {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output",
                  "anywidget"}

PLAIN_KERNEL_CELLS = [
    "%matplotlib inline\nfrom mmlib import analysis, draw, trees, widgets",
    "rows = analysis.sweep([2, 3], [2, 4], ['best', 'random'], ['minimax', 'alphabeta'], seeds=range(3))\n"
    "best = [r for r in rows if r['ordering'] == 'best' and r['algorithm'] == 'alphabeta']\n"
    "print(len(rows), sum(r['leaves'] for r in best))",
    "tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])\ndraw.draw_tree(tree)",
    "widgets.step_through(tree)",
    "import ipywidgets\nprint(ipywidgets.__version__)",
]


# The plain kernel's environment is built once per machine and per set of requirements, in the user's
# cache folder (~/.cache/mmlib/plain-kernel-<key>/, shared by every clone on the machine): a venv
# without system site-packages, holding what pip resolves for the wheel's declared dependencies and
# the kernel machinery, nothing else.  Every run installs the new wheel into it from no index at all,
# so pip must find every dependency the wheel declares already there; a change to the declared
# dependencies (or to Python) gives a new key and a new environment.
PLAIN_KERNELS = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mmlib"
VENV_LEAKS = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MPLBACKEND", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH"}


def declared_requirements(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    return sorted(line.split(":", 1)[1].strip() for line in lines if line.startswith("Requires-Dist:"))


def plain_kernel_environment(wheel: Path) -> Path:
    """The venv for the wheel's declared dependencies (built on first use); its interpreter."""
    key = hashlib.sha256(json.dumps([sys.version, declared_requirements(wheel), KERNEL_MACHINERY]).encode())
    venv_dir = PLAIN_KERNELS / f"plain-kernel-{key.hexdigest()[:16]}"
    python = venv_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    complete = venv_dir / "complete.json"
    PLAIN_KERNELS.mkdir(parents=True, exist_ok=True)
    with open(PLAIN_KERNELS / "plain-kernel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not complete.exists():
            shutil.rmtree(venv_dir, ignore_errors=True)
            run([sys.executable, "-m", "venv", str(venv_dir)], timeout=300)
            install = [str(python), "-m", "pip", "install", "-q", str(wheel), *KERNEL_MACHINERY]
            run(install, env=plain_env(venv_dir), timeout=900)
            run([str(python), "-m", "pip", "uninstall", "-q", "-y", "mmlib"], env=plain_env(venv_dir))
            complete.write_text(json.dumps(installed(python, venv_dir)))
    return python


def plain_env(venv_dir: Path, work: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in VENV_LEAKS}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", JUPYTER_PATH=str(venv_dir / "share" / "jupyter"))
    if work is not None:
        env["JUPYTER_DATA_DIR"] = str(work / "jupyter-data")
    return env


def installed(python: Path, venv_dir: Path) -> list[str]:
    freeze = run([str(python), "-m", "pip", "freeze", "--all"], env=plain_env(venv_dir)).stdout
    return sorted(line for line in freeze.splitlines() if line and not line.lower().startswith("mmlib"))


def fresh_venv(built: dict[str, Path]) -> tuple[Path, dict[str, str]]:
    """The plain kernel's venv with this wheel installed from no index: its declared dependencies and the
    kernel machinery only, exactly the packages pip resolved for them when the venv was built."""
    python = plain_kernel_environment(built["wheel"])
    venv_dir = python.parent.parent
    env = plain_env(venv_dir, built["work"])
    with open(PLAIN_KERNELS / "plain-kernel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        run([str(python), "-m", "pip", "uninstall", "-q", "-y", "mmlib"], env=env)
        assert installed(python, venv_dir) == json.loads((venv_dir / "complete.json").read_text()), \
            f"{venv_dir} holds more or other packages than pip resolved for the wheel; delete it"
        install = [str(python), "-m", "pip", "install", "-q", "--no-index", str(built["wheel"])]
        run(install, env=env, timeout=300)
    return python, env


def execute(python: Path, env: dict[str, str], notebook: Path, workdir: Path) -> dict:
    """Run the notebook in the venv's own kernel through nbclient; the executed notebook, widget state
    stored as a notebook saved from Jupyter stores it."""
    program = (
        "import json, sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "client = NotebookClient(nb, timeout=300, kernel_name='python3', store_widget_state=True,\n"
        "                        resources={'metadata': {'path': sys.argv[2]}})\n"
        "client.execute()\n"
        "nbformat.write(nb, sys.argv[1])\n"
    )
    run([str(python), "-c", program, str(notebook), str(workdir)], env=env, cwd=workdir, timeout=600)
    return json.loads(notebook.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_wheel_installs_into_a_fresh_venv_and_runs_a_notebook(built, tmp_path):
    """`pip install mmlib` alone, then a sweep, a drawing and an explorer in a plain kernel (nbclient +
    ipykernel: no JupyterLab, no Notebook, no extras), and the start notebook run all."""
    python, env = fresh_venv(built)
    venv_dir = python.parent.parent

    # nothing of JupyterLab, Notebook or the extras came with the package
    probe = "import importlib.util, sys\nprint([n for n in sys.argv[1:] if importlib.util.find_spec(n)])"
    present = run([str(python), "-c", probe, *NOT_IN_A_PLAIN_KERNEL], env=env, cwd=tmp_path).stdout.strip()
    assert present == "[]", f"a plain install brought {present}"

    # every module imports from the installed wheel, not from the repository (networkx stays unimported);
    # a module of an optional extra (python-chess: mmlib[chess]) says which extra it needs, and nothing else
    check = (
        "import importlib, pkgutil, mmlib\n"
        "names = [m.name for m in pkgutil.walk_packages(mmlib.__path__, 'mmlib.')]\n"
        "for name in names:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ImportError as error:\n"
        "        if \"pip install 'mmlib[chess]'\" not in str(error):\n"
        "            raise\n"
        "print(mmlib.__file__)\n"
    )
    where = run([str(python), "-c", check], env=env, cwd=tmp_path, timeout=300).stdout.strip()
    assert Path(where).resolve().is_relative_to(venv_dir.resolve()), where

    # a sweep, a drawing and an explorer
    workdir = tmp_path / "plain"
    workdir.mkdir()
    notebook = workdir / "plain.ipynb"
    cells = [{"cell_type": "code", "source": c, "metadata": {}, "outputs": [], "execution_count": None}
             for c in PLAIN_KERNEL_CELLS]
    notebook.write_text(json.dumps({"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}}}))
    done = execute(python, env, notebook, workdir)
    outputs = [cell["outputs"] for cell in done["cells"]]
    failed = [o for cell in outputs for o in cell if o["output_type"] == "error" or o.get("name") == "stderr"]
    assert not failed, failed
    # the sweep: 2 x 2 x 2 x 2 x 3 = 48 rows; best-ordered alpha-beta evaluates the Knuth-Moore minimal
    # tree, b**ceil(d/2) + b**floor(d/2) - 1 leaves: (3 + 7 + 5 + 17) x 3 seeds = 96
    assert "".join(outputs[1][0]["text"]).split() == ["48", "96"]
    drawing = outputs[2][0]["data"]
    html = "".join(drawing.get("text/html", ""))
    assert any(m.startswith("image/") for m in drawing) or "<svg" in html or "src=\"data:image/" in html
    view = outputs[3][0]["data"]
    assert "application/vnd.jupyter.widget-view+json" in view and "run the cell" in "".join(view["text/html"])
    state = done["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    modules = {model["model_module"] for model in state.values()}
    assert modules <= WIDGET_MODULES, f"the explorer needs front ends beyond ipywidgets 8: {modules}"
    assert "".join(outputs[4][0]["text"]).startswith("8.")

    # the start notebook, run all
    start = ROOT / START_NOTEBOOK
    copy = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "_build"))
    done = execute(python, env, copy / start.name, copy)
    errors = [o for cell in done["cells"] for o in cell.get("outputs", []) if o["output_type"] == "error"]
    assert not errors, errors
