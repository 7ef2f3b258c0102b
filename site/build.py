"""Build the course website into build/site/html (``make site REPOSITORY=owner/name``).

The website is built for the students' repository, never for this one: its launch buttons (Binder and the
browser tab) and every notebook's own Binder badge open the repository the students clone, which holds no
solutions or hidden tests.  ``make site REPOSITORY=owner/name`` therefore writes the students' distribution
first (``mmlib-course distribute``, into build/site-course/), builds the JupyterLite site from it
(site/lite.py ``--course``) and then this website from the same folder; a folder holding the instructor's
tools (``instructor/``, ``mmlib/course/``) is refused.

Jupyter Book 1 (Sphinx with sphinx-book-theme) renders the notebooks as stored: nothing is executed, so
each page shows the figures, the math and the still picture of each explorer that the notebook holds.
This script writes the book's configuration into build/site/ -- the table of contents from the notebooks
that exist (the lectures in order, then the student labs) and the launch buttons from the repository named
in the distribution's pyproject.toml ``[tool.mmlib]`` -- builds, and copies MathJax (npm's ``mathjax``
package, which the Makefile installs into build/mathjax/) into the site so that its pages need no network.

Usage: python site/build.py --course build/site-course [--out build/site]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MATHJAX = ROOT / "build" / "mathjax" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
CDN_MATHJAX = "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-svg-full.js"


INSTRUCTOR_ONLY = ("instructor", "mmlib/course", "tests")
"""What only the instructor's repository holds (solutions, hidden tests, graders): a course folder with any
of these is not the students' repository."""


def students_course(course: Path) -> str:
    """The students' repository (owner/name) that ``course``, a folder written by ``mmlib-course
    distribute``, is published as; a clear error for the instructor's repository or another folder."""
    held = [name for name in INSTRUCTOR_ONLY if (course / name).exists()]
    if held:
        raise SystemExit(
            f"site: {course} holds {', '.join(held)}/: it is the instructor's repository, and a website "
            "built from it would launch the solutions. Build it for the students' repository: "
            "make site REPOSITORY=owner/name")
    try:
        with open(course / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["tool"]["mmlib"]["repository"])
    except (OSError, KeyError) as error:
        raise SystemExit(f"site: {course} is not a students' distribution (no pyproject.toml with "
                         f"[tool.mmlib] repository: {error}); write one with make distribution "
                         "REPOSITORY=owner/name") from None


def table_of_contents(notebooks: Path) -> str:
    """The lectures in their numbered order under the start page, then the student labs."""
    lectures = sorted(p.stem for p in notebooks.glob("[0-9][0-9]_*.ipynb"))
    labs = sorted(p.stem for p in (notebooks / "labs").glob("*.ipynb"))
    root, *chapters = lectures
    lines = ["format: jb-book", f"root: {root}", "parts:", "  - caption: Lectures", "    chapters:"]
    lines += [f"      - file: {name}" for name in chapters]
    if labs:
        lines += ["  - caption: Labs", "    chapters:"]
        lines += [f"      - file: labs/{name}" for name in labs]
    return "\n".join(lines) + "\n"


def configuration(repository: str, local_mathjax: bool) -> str:
    text = (ROOT / "site" / "_config.yml").read_text(encoding="utf-8")
    text = text.replace("https://github.com/REPOSITORY", f"https://github.com/{repository}")
    if not local_mathjax:
        text = text.replace('"mathjax/tex-svg-full.js"', f'"{CDN_MATHJAX}"')
    return text


def build(out: Path, course: Path) -> Path:
    repository = students_course(course)
    notebooks = course / "notebooks"
    out.mkdir(parents=True, exist_ok=True)
    local_mathjax = MATHJAX.is_file()
    if not local_mathjax:
        print(f"site: {MATHJAX.relative_to(ROOT)} is missing (npm install mathjax@3); pages load MathJax "
              "from a CDN", file=sys.stderr)
    (out / "_config.yml").write_text(configuration(repository, local_mathjax), encoding="utf-8")
    (out / "_toc.yml").write_text(table_of_contents(notebooks), encoding="utf-8")
    html = out / "_build" / "html"
    shutil.rmtree(out / "_build", ignore_errors=True)
    command = [str(Path(sys.executable).parent / "jupyter-book"), "build", str(notebooks),
               "--path-output", str(out), "--config", str(out / "_config.yml"),
               "--toc", str(out / "_toc.yml"), "--builder", "html", "--keep-going"]
    subprocess.run(command, check=True)
    if local_mathjax:
        (html / "_static" / "mathjax").mkdir(parents=True, exist_ok=True)
        shutil.copy2(MATHJAX, html / "_static" / "mathjax" / MATHJAX.name)
    target = out / "html"
    shutil.rmtree(target, ignore_errors=True)
    html.rename(target)
    add_lite(target, notebooks)
    print(f"site: open {target / 'index.html'}; its launch buttons open {repository}")
    return target


LITE = ROOT / "build" / "lite" / "site"
"""The JupyterLite build (`make lite`), published with the website under ``lite/``."""
BINDER_ITEM = re.compile(r'(<li>\s*<a href="https://mybinder\.org/[^"]*"[^>]*>.*?</a>\s*</li>)', re.S)


def lite_item(page: str) -> str:
    """The menu item that opens ``page``'s notebook (a path like ``labs/lab1_minimax.html``) in the
    browser tab, from the JupyterLite build published beside the pages.

    >>> lite_item("labs/lab1_minimax.html").split('"')[1]
    '../lite/lab/index.html?path=labs/lab1_minimax.ipynb'
    >>> lite_item("01_game_trees_and_minimax.html").split('"')[1]
    'lite/lab/index.html?path=01_game_trees_and_minimax.ipynb'
    """
    prefix = "../" * page.count("/")
    notebook = page.removesuffix(".html") + ".ipynb"
    return (f'<li><a href="{prefix}lite/lab/index.html?path={notebook}" target="_blank" '
            'class="btn btn-sm dropdown-item" title="Run this notebook in your browser tab (JupyterLite)">'
            '<span class="btn__text-container">Browser tab</span></a></li>')


def add_lite(html: Path, notebooks: Path) -> int:
    """Copy the JupyterLite build into ``html/lite/`` and put a "Browser tab" launch item beside
    Binder's on every page made from a notebook of ``notebooks``; the number of pages given one.
    Only a build made from the same course folder is published (else no item)."""
    if not LITE.is_dir():
        print(f"site: {LITE} is missing (make lite): no browser-tab launch buttons", file=sys.stderr)
        return 0
    built_from = LITE / ".mmlib-lite-course"
    if not built_from.is_file() or Path(built_from.read_text()).resolve() != notebooks.parent.resolve():
        print(f"site: {LITE} was not built from {notebooks.parent} (site/lite.py --course): "
              "no browser-tab launch buttons", file=sys.stderr)
        return 0
    shutil.copytree(LITE, html / "lite", dirs_exist_ok=True, ignore=shutil.ignore_patterns(".mmlib-lite-*"))
    given = 0
    for page in sorted(html.rglob("*.html")):
        relative = page.relative_to(html).as_posix()
        notebook = notebooks / (relative.removesuffix(".html") + ".ipynb")
        if relative.startswith(("lite/", "_")) or not notebook.exists():
            continue
        text = page.read_text(encoding="utf-8")
        item = lite_item(relative)
        changed = BINDER_ITEM.sub(lambda match, item=item: match.group(1) + item, text, count=1)
        if changed != text:
            page.write_text(changed, encoding="utf-8")
            given += 1
    return given


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--course", type=Path, required=True,
                        help="the students' distribution to build from (make distribution REPOSITORY=...)")
    args = parser.parse_args()
    build(args.out.resolve(), args.course.resolve())


if __name__ == "__main__":
    main()
