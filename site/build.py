"""Build the course website into build/site/html (``make site``).

Jupyter Book 1 (Sphinx with sphinx-book-theme) renders the notebooks as stored: nothing is executed, so
each page shows the figures, the math and the still picture of each explorer that the notebook holds.
This script writes the book's configuration into build/site/ -- the table of contents from the notebooks
that exist (the lectures in order, then the student labs) and the launch buttons from the repository named
in pyproject.toml's ``[tool.mmlib]`` -- builds, and copies MathJax (npm's ``mathjax`` package, which the
Makefile installs into build/mathjax/) into the site so that its pages need no network.

Usage: python site/build.py [--out build/site]
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
NOTEBOOKS = ROOT / "notebooks"
MATHJAX = ROOT / "build" / "mathjax" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
CDN_MATHJAX = "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-svg-full.js"


def repository() -> str:
    """The GitHub repository (owner/name) the course is published as."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["tool"]["mmlib"]["repository"])


def table_of_contents() -> str:
    """The lectures in their numbered order under the start page, then the student labs."""
    lectures = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    labs = sorted(p.stem for p in (NOTEBOOKS / "labs").glob("*.ipynb"))
    root, *chapters = lectures
    lines = ["format: jb-book", f"root: {root}", "parts:", "  - caption: Lectures", "    chapters:"]
    lines += [f"      - file: {name}" for name in chapters]
    if labs:
        lines += ["  - caption: Labs", "    chapters:"]
        lines += [f"      - file: labs/{name}" for name in labs]
    return "\n".join(lines) + "\n"


def configuration(local_mathjax: bool) -> str:
    text = (ROOT / "site" / "_config.yml").read_text(encoding="utf-8")
    text = text.replace("https://github.com/REPOSITORY", f"https://github.com/{repository()}")
    if not local_mathjax:
        text = text.replace('"mathjax/tex-svg-full.js"', f'"{CDN_MATHJAX}"')
    return text


def build(out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    local_mathjax = MATHJAX.is_file()
    if not local_mathjax:
        print(f"site: {MATHJAX.relative_to(ROOT)} is missing (npm install mathjax@3); pages load MathJax "
              "from a CDN", file=sys.stderr)
    (out / "_config.yml").write_text(configuration(local_mathjax), encoding="utf-8")
    (out / "_toc.yml").write_text(table_of_contents(), encoding="utf-8")
    html = out / "_build" / "html"
    shutil.rmtree(out / "_build", ignore_errors=True)
    command = [str(Path(sys.executable).parent / "jupyter-book"), "build", str(NOTEBOOKS),
               "--path-output", str(out), "--config", str(out / "_config.yml"),
               "--toc", str(out / "_toc.yml"), "--builder", "html", "--keep-going"]
    subprocess.run(command, check=True)
    if local_mathjax:
        (html / "_static" / "mathjax").mkdir(parents=True, exist_ok=True)
        shutil.copy2(MATHJAX, html / "_static" / "mathjax" / MATHJAX.name)
    target = out / "html"
    shutil.rmtree(target, ignore_errors=True)
    html.rename(target)
    add_lite(target)
    print(f"site: open {target / 'index.html'}")
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


def add_lite(html: Path) -> int:
    """Copy the JupyterLite build into ``html/lite/`` and put a "Browser tab" launch item beside
    Binder's on every page made from a notebook; the number of pages given one."""
    if not LITE.is_dir():
        print(f"site: {LITE.relative_to(ROOT)} is missing (make lite): no browser-tab launch buttons",
              file=sys.stderr)
        return 0
    shutil.copytree(LITE, html / "lite", dirs_exist_ok=True)
    given = 0
    for page in sorted(html.rglob("*.html")):
        relative = page.relative_to(html).as_posix()
        notebook = NOTEBOOKS / (relative.removesuffix(".html") + ".ipynb")
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
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
