"""`make lite`: the course as a JupyterLite site, where Python (Pyodide) runs in the browser tab.

Writes ``build/lite/site/`` (git-ignored): the lectures and the student labs, JupyterLab and
Notebook 7 with the Pyodide kernel and the widgets' front ends (ipywidgets' manager and
anywidget), built by jupyterlite-core and jupyterlite-pyodide-kernel (pinned in pyproject.toml's
``lite`` extra).  Serve the folder with any static web server (``python -m http.server -d
build/lite/site``) and open ``lab/index.html``.

What the site holds and where each part comes from:

- Pyodide's core (the interpreter, its standard library, ``pyodide-lock.json``) from the npm
  package ``pyodide`` at exactly the version the kernel expects
  (``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION``), under ``static/pyodide/``;
- the kernel's own Python packages (micropip, packaging, IPython and what it needs, jedi, parso)
  as the same versions' wheels from PyPI, beside the core: the kernel starts with nothing fetched
  from anywhere but the site;
- mmlib as a pure-Python wheel built from this checkout, with ipywidgets, anywidget, comm and
  psygnal (the versions installed here, so the kernel's widgets match the front ends), all
  entered in the site's ``pyodide-lock.json`` and loaded when the kernel starts;
- numpy, matplotlib, networkx and every other package Pyodide builds for WebAssembly stay
  *Pyodide's own builds*, named in the lock file by their full address in Pyodide's
  distribution (``PYODIDE_CDN``): a cell that imports them fetches them from there, once per
  browser (the browser caches them).  No package index serves these builds, so this is the one
  thing that needs the network.
- With ``--pyodide RELEASE`` (``make lite PYODIDE=...``: the path or URL of Pyodide's full release
  tarball for the same version, ``pyodide-<version>.tar.bz2`` from Pyodide's GitHub releases)
  the whole distribution is unpacked into ``static/pyodide/`` instead, every lock entry names its
  local file, and the site needs no network at all (a campus network, a USB stick).

The build is cached in ``build/lite-cache/`` (npm's download, the wheels); a second build with
nothing changed takes seconds.

``--course DIR`` builds from the students' distribution in ``DIR`` (``mmlib-course distribute``; ``make
site REPOSITORY=owner/name`` and ``make lite REPOSITORY=owner/name`` write it first): its notebooks, whose
Binder badges open the students' repository, and mmlib from its copy (without the instructor's tools).
Without it the site is built from this checkout, to try the course here; publish the one built for the
students' repository.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "lite"
CACHE = ROOT / "build" / "lite-cache"
VENV_BIN = Path(sys.executable).parent

try:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
except ImportError:  # pragma: no cover - the lite extra is not installed
    PYODIDE_VERSION = ""

PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""Where Pyodide's own builds (numpy, matplotlib, networkx, ...) are fetched from at run time."""

KERNEL_PACKAGES = ("micropip", "packaging", "ipython", "jedi", "traitlets", "typing-extensions")
"""What the Pyodide kernel and the widgets load from the lock file as the kernel starts (with what
they depend on)."""

WIDGET_PACKAGES = ("ipywidgets", "anywidget", "comm", "psygnal")
"""Pure-Python packages the notebooks need that Pyodide does not build: wheels from PyPI."""

PRELOAD = ("mmlib", "ipywidgets", "anywidget", "comm")
"""Loaded as the kernel starts, so ``import mmlib`` works in the first cell."""

NEEDS_PYODIDE_BUILDS = ("numpy", "matplotlib", "networkx")
"""What the lectures use that only Pyodide's distribution has (figures, graphs)."""

EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension")
"""The front ends in the site: the widget manager, anywidget, the Pyodide kernel."""


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], cwd=cwd, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


# -- Pyodide ----------------------------------------------------------------------------------

def npm_core() -> Path:
    """Pyodide's core from npm, at the kernel's version (cached)."""
    core = CACHE / "npm" / "node_modules" / "pyodide"
    package = core / "package.json"
    if not package.exists() or json.loads(package.read_text())["version"] != PYODIDE_VERSION:
        run("npm", "install", "--prefix", CACHE / "npm", "--no-save", "--no-audit", "--no-fund",
            "--loglevel=error", f"pyodide@{PYODIDE_VERSION}")
    return core


def full_release(where: str) -> Path:
    """Pyodide's full release tarball (path or URL), unpacked into the cache: its ``pyodide/``."""
    name = where.rstrip("/").split("/")[-1]
    target = CACHE / "release" / name.removesuffix(".tar.bz2")
    if not (target / "pyodide" / "pyodide-lock.json").exists():
        archive = Path(where)
        if where.startswith(("http://", "https://")):
            archive = CACHE / "release" / name
            archive.parent.mkdir(parents=True, exist_ok=True)
            print(f"fetching {where}", flush=True)
            urllib.request.urlretrieve(where, archive)
        with tarfile.open(archive) as tar:
            tar.extractall(target, filter="data")
    found = list(target.rglob("pyodide-lock.json"))
    if not found:
        raise SystemExit(f"{where}: no pyodide-lock.json inside; is it Pyodide's full release tarball?")
    lock = json.loads(found[0].read_text())
    if lock["info"].get("version") not in (None, PYODIDE_VERSION):
        raise SystemExit(f"{where} is Pyodide {lock['info']['version']}; "
                         f"the kernel expects {PYODIDE_VERSION}")
    return found[0].parent


def closure(packages: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    """``names`` and everything they depend on in the lock file, in a stable order."""
    seen: list[str] = []
    todo = [normal(name) for name in names]
    while todo:
        name = todo.pop(0)
        if name in seen or name not in packages:
            continue
        seen.append(name)
        todo.extend(normal(dep) for dep in packages[name]["depends"])
    return seen


def download(specs: list[str], into: Path) -> list[Path]:
    """Pure-Python wheels (py3-none-any) of exactly these versions from PyPI (cached)."""
    into.mkdir(parents=True, exist_ok=True)
    wanted = [spec for spec in specs if not _cached(spec, into)]
    if wanted:
        run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
            "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", "3.13",
            "--dest", into, *wanted)
    return [_cached(spec, into) or into / "missing" for spec in specs]


def _cached(spec: str, into: Path) -> Path | None:
    name, _, version = spec.partition("==")
    for wheel in into.glob("*.whl"):
        parts = wheel.name.split("-")
        if normal(parts[0]) == normal(name) and parts[1] == version:
            return wheel
    return None


def mmlib_wheel(into: Path, course: Path) -> Path:
    """mmlib as a pure-Python wheel, built from ``course`` (this checkout or the students' copy)."""
    for old in into.glob("mmlib-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", into, course)
    wheel, = into.glob("mmlib-*.whl")
    return wheel


def entry(wheel: Path, depends: list[str], imports: list[str]) -> dict[str, Any]:
    name, version = wheel.name.split("-")[:2]
    return {"name": normal(name), "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False}


def pyodide_dir(target: Path, release: str | None, course: Path = ROOT) -> dict[str, Any]:
    """Write ``target`` (the site's ``static/pyodide/``): Pyodide and its lock file, with mmlib
    and the widgets' packages in it.  Returns the lock."""
    if target.exists():
        shutil.rmtree(target)
    source = full_release(release) if release else npm_core()
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(
        "*.map", "*.d.ts", "package.json", "README.md", "console*.html"))
    lock = json.loads((source / "pyodide-lock.json").read_text())
    packages: dict[str, Any] = lock["packages"]
    wheels = CACHE / "wheels"
    if not release:
        kernel = closure(packages, KERNEL_PACKAGES)
        specs = [f"{packages[name]['name']}=={packages[name]['version']}" for name in kernel]
        for name, wheel in zip(kernel, download(specs, wheels), strict=True):
            shutil.copy2(wheel, target / wheel.name)
            packages[name].update(file_name=wheel.name, sha256=sha256(wheel))
        for name, package in packages.items():
            if name not in kernel:                # Pyodide's own builds: from its distribution at run time
                package["file_name"] = PYODIDE_CDN + package["file_name"]
    versions = {name: importlib.metadata.version(name) for name in WIDGET_PACKAGES}
    extra = download([f"{name}=={version}" for name, version in versions.items()], wheels)
    extra.append(mmlib_wheel(CACHE / "mmlib", course))
    depends = {"ipywidgets": ["comm", "ipython", "traitlets"],
               "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
               "comm": ["traitlets"], "psygnal": [], "mmlib": ["ipywidgets", "anywidget"]}
    imports = {"ipywidgets": ["ipywidgets"], "anywidget": ["anywidget"], "comm": ["comm"],
               "psygnal": ["psygnal"], "mmlib": ["mmlib"]}
    for wheel in extra:
        name = normal(wheel.name.split("-")[0])
        shutil.copy2(wheel, target / wheel.name)
        packages[name] = entry(target / wheel.name, depends[name], imports[name])
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return lock


# -- the site ---------------------------------------------------------------------------------

def contents(into: Path, course: Path = ROOT) -> Path:
    """The lectures and the student labs (no solutions), as students open them."""
    if into.exists():
        shutil.rmtree(into)
    (into / "labs").mkdir(parents=True)
    for notebook in sorted((course / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        shutil.copy2(notebook, into / notebook.name)
    for notebook in sorted((course / "notebooks" / "labs").glob("*.ipynb")):
        shutil.copy2(notebook, into / "labs" / notebook.name)
    for data in sorted((course / "notebooks").glob("*.in")):
        shutil.copy2(data, into / data.name)
    return into


def config() -> dict[str, Any]:
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "mmlib: minimax and alpha-beta in the browser",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": list(PRELOAD)},
        }},
    }}


def inputs_digest(release: str | None, course: Path = ROOT) -> str:
    """What the site is made of: mmlib, the notebooks, this script, the versions and the options."""
    digest = hashlib.sha256(f"{PYODIDE_VERSION} {release} {course} {sys.version}".encode())
    digest.update(Path(__file__).read_bytes())
    for name in (*KERNEL_PACKAGES, *WIDGET_PACKAGES, "jupyterlite-core", "jupyterlite-pyodide-kernel"):
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            digest.update(f"{name}={importlib.metadata.version(name)}".encode())
    files = [course / "pyproject.toml", *sorted((course / "mmlib").rglob("*.py")),
             *sorted((course / "notebooks").rglob("*.ipynb")), *sorted((course / "notebooks").glob("*.in"))]
    for path in files:
        if ".ipynb_checkpoints" not in path.parts:
            digest.update(path.relative_to(course).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


STAMP = ".mmlib-lite-inputs"
BUILT_FROM = ".mmlib-lite-course"
"""A file in the site naming the folder it was built from (site/build.py publishes only the one built from
the website's own course folder)."""


def build(out: Path, release: str | None, *, force: bool = False, course: Path = ROOT) -> Path:
    if not PYODIDE_VERSION:
        raise SystemExit("jupyterlite-pyodide-kernel is not installed: pip install 'mmlib[lite]'")
    course = course.resolve()
    digest = inputs_digest(release, course)
    stamp = out / STAMP
    if not force and stamp.exists() and stamp.read_text() == digest:
        print(f"{out} is up to date")
        return out
    lite_dir = BUILD / "src"
    if lite_dir.exists():              # with its doit state: every step runs again, into a fresh output
        shutil.rmtree(lite_dir)
    lite_dir.mkdir(parents=True)
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config(), indent=1))
    pyodide_dir(lite_dir / "static" / "pyodide", release, course)
    files = contents(BUILD / "files", course)
    share = VENV_BIN.parent / "share" / "jupyter" / "labextensions"
    extensions = [arg for name in EXTENSIONS
                  for arg in ("--LiteBuildConfig.federated_extensions", share / name)]
    if out.exists():
        shutil.rmtree(out)
    run(VENV_BIN / "jupyter", "lite", "build", "--lite-dir", lite_dir, "--output-dir", out,
        "--contents", files,
        "--ignore-sys-prefix", "--no-sourcemaps", "--apps", "lab", "--apps", "notebooks", *extensions,
        cwd=lite_dir)
    stamp.write_text(digest)
    (out / BUILT_FROM).write_text(str(course))
    if course == ROOT:
        print("built from this checkout, to try the course here (its notebooks have no Binder badges); "
              "publish the site built for the students' repository (make lite REPOSITORY=owner/name)")
    print(f"JupyterLite site in {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}; "
          + ("Pyodide's whole distribution is in it" if release else
             f"{', '.join(NEEDS_PYODIDE_BUILDS)} load from {PYODIDE_CDN} when a cell imports them"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=BUILD / "site", help="where to write the site")
    parser.add_argument("--pyodide", metavar="RELEASE", default=None,
                        help="path or URL of Pyodide's full release tarball (pyodide-VERSION.tar.bz2) to "
                             "self-host the whole distribution, numpy and matplotlib included")
    parser.add_argument("--force", action="store_true", help="build even when nothing changed")
    parser.add_argument("--course", type=Path, default=ROOT,
                        help="the students' distribution to build from (default: this checkout)")
    args = parser.parse_args(argv)
    build(args.out.resolve(), args.pyodide or None, force=args.force, course=args.course)
    return 0


if __name__ == "__main__":
    sys.exit(main())
