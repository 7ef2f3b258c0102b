"""Print the lectures: one PDF per notebook in build/handout/ (``make handout``).

Each notebook is turned into HTML by nbconvert's ``webpdf`` template (the one ``jupyter nbconvert --to
webpdf`` uses) and printed to PDF by the system's chromium through Playwright -- the same browser the
tests drive, never a downloaded one. Nothing is executed: the handout shows the figures stored in the
notebook and, for each explorer, its still picture with the sentence saying that it becomes interactive
when the cell runs (the explorer's live view needs a kernel, so it is left out of print). The pages are
printed as on screen on white paper, so that they read as well in black and white: the drawings carry
their meaning in shapes, line styles and words as well as colour.

Usage: python site/handout.py [--out build/handout] NOTEBOOK.ipynb ...
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parent.parent
# MathJax 3 from npm (the Makefile installs it into build/mathjax/, as for the website): the math is typeset
# before printing, with no network.
MATHJAX = ROOT / "build" / "mathjax" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
MATHJAX_BLOCK = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S)
MATHJAX_CONFIG = """<script>window.MathJax = {tex: {inlineMath: [['$', '$'], ['\\\\(', '\\\\)']],
  displayMath: [['$$', '$$'], ['\\\\[', '\\\\]']], processEscapes: true},
  svg: {fontCache: 'global'}};</script>
"""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# Print rules added to the page: no dark code backgrounds, long code lines wrapped rather than cut at the
# margin, figures kept whole on one page, and no pictures from the web (the Binder badge: paper cannot
# launch anything).
PRINT_CSS = """
@media print {
  body, .jp-Notebook, .jp-Cell, .jp-InputArea-editor { background: #ffffff !important; }
  pre { white-space: pre-wrap !important; overflow-wrap: anywhere; }
  img[src^="http"] { display: none !important; }
  .jp-OutputArea-output img, .jp-OutputArea-output svg, .mmlib-fallback { break-inside: avoid; }
  a { color: inherit; text-decoration: underline; }
}
"""


def find_chromium() -> str:
    """The system chromium (Debian's /usr/bin/chromium is a shell wrapper around the real binary)."""
    real = Path("/usr/lib/chromium/chromium")
    if real.exists():
        return str(real)
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("handout: no chromium found (apt-get install chromium)")


def printable(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook as paper shows it: every explorer as its still picture (the text/html stored beside the
    live view), no widget state."""
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                del data[WIDGET_VIEW]
    notebook.metadata.pop("widgets", None)
    return notebook


def to_html(path: Path) -> str:
    notebook = printable(nbformat.read(path, as_version=4))
    exporter = HTMLExporter(template_name="webpdf")
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    html, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    # nbconvert's template loads MathJax 2 from a CDN; the handout typesets with the local MathJax 3.
    mathjax = f'{MATHJAX_CONFIG}<script src="{MATHJAX.as_uri()}"></script>' if MATHJAX.is_file() else ""
    html = MATHJAX_BLOCK.sub(lambda _: mathjax, html, count=1)
    return html.replace("</head>", f"<style>{PRINT_CSS}</style></head>", 1)


async def print_all(notebooks: list[Path], out: Path) -> list[Path]:
    from playwright.async_api import async_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=find_chromium(), args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        )
        try:
            page = await browser.new_page()
            # The page needs nothing from the network (MathJax, if asked for, is left untypeset).
            await page.route("http*://**", lambda route: route.abort())
            with tempfile.TemporaryDirectory() as scratch:
                for notebook in notebooks:
                    source = Path(scratch) / f"{notebook.stem}.html"
                    source.write_text(to_html(notebook), encoding="utf-8")
                    await page.goto(source.as_uri(), wait_until="load")
                    await page.evaluate("async () => { if (window.MathJax && MathJax.startup) "
                                        "{ await MathJax.startup.promise; } }")
                    await page.emulate_media(media="print")
                    target = out / f"{notebook.stem}.pdf"
                    await page.pdf(path=str(target), format="A4", print_background=True,
                                   margin={"top": "15mm", "bottom": "15mm", "left": "12mm", "right": "12mm"},
                                   display_header_footer=True, header_template="<span></span>",
                                   footer_template='<div style="font-size:9px;width:100%;text-align:center">'
                                   f'{notebook.stem} · <span class="pageNumber"></span> / '
                                   '<span class="totalPages"></span></div>')
                    print(f"handout: {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
                    written.append(target)
        finally:
            await browser.close()
    return written


def main(argv: list[str] | None = None) -> list[Path]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "handout")
    args = parser.parse_args(argv)
    if not MATHJAX.is_file():
        print(f"handout: {MATHJAX.relative_to(ROOT)} is missing (npm install mathjax@3): math stays as TeX",
              file=sys.stderr)
    missing = [str(p) for p in args.notebooks if not p.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    return asyncio.run(print_all([p.resolve() for p in args.notebooks], args.out.resolve()))


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
