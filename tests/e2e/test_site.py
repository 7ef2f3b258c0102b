"""End to end: the course website (`make site`, site/build.py) as a reader meets it, in headless chromium.

The site is built once per session from the notebooks as stored (nothing executed) into a temporary folder
and served over HTTP on 127.0.0.1. Every page is opened with the network cut off (only the local server
answers), then checked for

- links: every link to a page of the site leads to a file that exists (and to an anchor on it, when named);
  links out are well-formed https addresses,
- images: every picture served by the site loads (naturalWidth > 0); pictures from elsewhere have an address,
- raw reprs and figures shown as text (the patterns of tests/notebooks/test_rendering.py),
- math typeset by MathJax (served by the site itself), and no TeX left as text,
- the stored figures: at least as many pictures in the page as the notebook has figure outputs,
- each explorer shown as its still picture with the sentence that running the cell makes it interactive,
- a launch link to the course's Binder for that very notebook, opening the students' repository the site is
  built for (from a students' distribution, as `make site REPOSITORY=owner/name` builds it), and no Binder
  link to any other repository,
- navigation: the sidebar lists every lecture and lab; next/previous links between pages,
- serious or critical accessibility violations found by axe-core (build/axe/, installed by `make test`).

Playwright drives the system's chromium (helpers shared with tests/e2e/test_browser.py); without chromium,
Playwright, Jupyter Book or axe-core the tests concerned skip with the reason; with CI=true they fail.
"""

from __future__ import annotations

import http.server
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from support import served
from test_browser import (  # noqa: F401, F811 - browser and chromium_path are fixtures used here
    AXE_IMPACTS,
    AXE_JS,
    FIGURE_AS_TEXT,
    RAW_REPR,
    ROOT,
    VIEWPORT,
    axe_problem,
    browser,
    chromium_path,
    require,
)

pytestmark = pytest.mark.browser

NOTEBOOKS = ROOT / "notebooks"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
IMAGE_MIMES = ("image/png", "image/svg+xml", "image/jpeg")
# Text a reader must never see, beside the patterns of tests/notebooks/test_rendering.py.
REPR_TEXT = re.compile(r"<Figure size|<mmlib\.|object at 0x")
MATHJAX_JS = ROOT / "build" / "mathjax" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
STILL_SENTENCE = re.compile(r"run the cell to (?:use it|play|step through it)", re.I)


def mathjax_problem() -> str | None:
    if MATHJAX_JS.exists():
        return None
    missing = MATHJAX_JS.relative_to(ROOT)
    return f"MathJax not installed: {missing} is missing (`make test` installs it with npm)"


STUDENTS_REPOSITORY = "uni-example/game-search"
"""The students' repository the site is built for in these tests."""


def repository() -> str:
    return STUDENTS_REPOSITORY


def site_notebooks() -> list[Path]:
    return [*sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), *sorted(NOTEBOOKS.glob("labs/*.ipynb"))]


def page_of(notebook: Path) -> str:
    return notebook.relative_to(NOTEBOOKS).with_suffix(".html").as_posix()


def stored_outputs(notebook: Path) -> dict[str, int]:
    """What the notebook holds, counted from its JSON: figure outputs, explorers (widget views) and
    markdown cells with TeX math."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    counts = {"figures": 0, "explorers": 0, "math_cells": 0}
    for cell in nb["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown" and re.search(r"\$[^$\n]+\$", source):
            counts["math_cells"] += 1
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = data.get("text/html", "")
            html = "".join(html) if isinstance(html, list) else html
            if WIDGET_MIME in data:
                counts["explorers"] += 1
            elif any(mime in data for mime in IMAGE_MIMES) or re.search(r"<svg\b|<img\b", html):
                counts["figures"] += 1
    return counts


# ------------------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The website, built once from the notebooks as stored, in the students' distribution."""
    try:
        import jupyter_book  # noqa: F401
    except ImportError:
        require("Jupyter Book is not installed (pip install -e '.[site]')")
    from mmlib.course import distribute

    out = tmp_path_factory.mktemp("site")
    course = out / "course"
    distribute.distribute(course, STUDENTS_REPOSITORY)
    result = subprocess.run([sys.executable, str(ROOT / "site" / "build.py"), "--out", str(out),
                             "--course", str(course)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"site/build.py failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    warnings = [line for line in result.stdout.splitlines() + result.stderr.splitlines()
                if re.search(r"\bWARNING\b|\bERROR\b", line)]
    assert not warnings, "the site builds with warnings:\n" + "\n".join(warnings[:20])
    return out / "html"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def server(site) -> Iterator[str]:
    with served(site, QuietHandler) as address:
        yield address


JS_PAGE = """() => {
  const main = document.querySelector('main') || document.body;
  const links = Array.from(document.querySelectorAll('a[href]')).map(a => ({
      href: a.getAttribute('href'), absolute: a.href, text: a.innerText.trim().slice(0, 60),
      sidebar: !!a.closest('.bd-sidebar-primary, nav.bd-links')}));
  const images = Array.from(document.querySelectorAll('img')).map(i => ({
      src: i.currentSrc || i.src, loaded: i.complete && i.naturalWidth > 0, alt: i.getAttribute('alt'),
      in_output: !!i.closest('.cell_output, .output'),
      still: !!i.closest('.mmlib-fallback')}));
  // outputs showing a picture (an <img> or an inline <svg>), the explorers' still pictures apart
  const pictures = Array.from(main.querySelectorAll('.cell_output .output')).filter(o =>
      !o.querySelector('.mmlib-fallback') && Array.from(o.querySelectorAll('img, svg')).some(p =>
          !p.closest('mjx-container') && p.getBoundingClientRect().width > 40)).length;
  const ids = Array.from(document.querySelectorAll('[id]')).map(e => e.id);
  return {title: document.title, text: main.innerText, links: links, images: images, ids: ids,
          pictures: pictures,
          math: document.querySelectorAll('mjx-container').length,
          math_errors: document.querySelectorAll('mjx-merror, [data-mjx-error]').length,
          stills: Array.from(main.querySelectorAll('.mmlib-fallback')).map(f => f.innerText.trim()),
          prev_next: Array.from(document.querySelectorAll('.prev-next-area a'))
                          .map(a => a.getAttribute('href'))};
}"""

# MathJax (loaded with defer: it has run by the load event) typesets the page once its startup is done.
JS_TYPESET = """async () => {
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) { await MathJax.startup.promise; }
}"""

# The theme's frame (header, sidebars) is the same on every page: axe checks the whole of the first page,
# then the article of each page.
JS_AXE = """async ([impacts, whole]) => {
  const context = whole ? document : {include: [['main']]};
  const results = await axe.run(context, {resultTypes: ['violations']});
  return results.violations.filter(v => impacts.includes(v.impact)).map(v =>
    `${v.impact} ${v.id} (${v.help}), ${v.nodes.length} element(s): ` +
    v.nodes.slice(0, 5).map(n => n.html.slice(0, 120)).join(' | '));
}"""


@pytest.fixture(scope="module")
def pages(browser, server, site) -> dict[str, dict]:  # noqa: F811 - the fixture imported above
    """Every HTML page of the site, opened once with only the local server reachable."""
    context = browser.new_context(viewport=VIEWPORT)
    outside: list[str] = []

    def only_local(route):
        if route.request.url.startswith(server):
            return route.continue_()
        outside.append(route.request.url)
        return route.abort()

    context.route("**/*", only_local)
    found: dict[str, dict] = {}
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)[:300]))
        # index.html only sends the reader on to the start page
        html_files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                            if not {"_sources", "_static"} & set(p.parts) and p.name != "index.html")
        for relative in html_files:
            errors.clear()
            page.goto(server + relative, wait_until="load")
            page.evaluate(JS_TYPESET)
            page.wait_for_timeout(200)
            facts = page.evaluate(JS_PAGE)
            if AXE_JS.exists():
                page.add_script_tag(path=str(AXE_JS))
                facts["axe"] = page.evaluate(JS_AXE, [list(AXE_IMPACTS), not found])
            facts["page_errors"] = list(errors)
            found[relative] = facts
    finally:
        context.close()
    found["_outside"] = {"requests": outside}
    return found


@pytest.fixture(scope="module")
def site_root(site) -> Path:
    return site


# ------------------------------------------------------------------------------------------ tests

NOTEBOOK_PAGES = [page_of(nb) for nb in site_notebooks()]


def test_every_notebook_has_a_page(site_root):
    missing = [name for name in NOTEBOOK_PAGES if not (site_root / name).is_file()]
    assert not missing, f"notebooks without a page: {missing}"
    assert (site_root / "index.html").is_file()


def test_no_broken_link(site_root, pages, server):
    broken = []
    for relative, facts in pages.items():
        if relative.startswith("_"):
            continue
        for link in facts["links"]:
            url = urlparse(link["absolute"])
            if link["absolute"].startswith(server):
                target = site_root / unquote(url.path[1:] or "index.html")
                if target.is_dir():
                    target = target / "index.html"
                if not target.is_file():
                    broken.append(f"{relative}: {link['href']!r} ({link['text']!r}) leads nowhere")
                elif url.fragment and target.suffix == ".html":
                    target_page = target.relative_to(site_root).as_posix()
                    ids = pages.get(target_page, {}).get("ids")
                    if ids is not None and unquote(url.fragment) not in ids:
                        broken.append(f"{relative}: {link['href']!r} names a missing anchor")
            elif url.scheme in ("http", "https"):
                if url.scheme != "https" or not url.netloc:
                    broken.append(f"{relative}: {link['href']!r} is not a well-formed https address")
            elif url.scheme not in ("mailto", "javascript", ""):
                broken.append(f"{relative}: {link['href']!r}")
            local = link["absolute"].startswith(server)
            if local and url.path.endswith(".ipynb") and "/_sources/" not in url.path:
                broken.append(f"{relative}: {link['href']!r} links to a notebook file, not its page")
    assert not broken, "\n".join(broken)


def test_no_broken_image(pages, server):
    broken = []
    for relative, facts in pages.items():
        if relative.startswith("_"):
            continue
        for image in facts["images"]:
            local = image["src"].startswith(server) or image["src"].startswith("data:")
            if local and not image["loaded"]:
                broken.append(f"{relative}: {image['src'][:100]!r} does not load")
            if not local and not image["src"].startswith("https://"):
                broken.append(f"{relative}: {image['src'][:100]!r}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("relative", NOTEBOOK_PAGES)
def test_page_shows_no_raw_repr(pages, relative):
    text = pages[relative]["text"]
    found = [m.group() for pattern in (RAW_REPR, FIGURE_AS_TEXT, REPR_TEXT) for m in pattern.finditer(text)]
    assert not found, f"{relative}: {found[:5]}"
    assert not pages[relative]["page_errors"], pages[relative]["page_errors"]


@pytest.mark.parametrize("relative", NOTEBOOK_PAGES)
def test_page_shows_the_stored_figures_and_stills(pages, relative):
    notebook = NOTEBOOKS / relative.replace(".html", ".ipynb")
    stored = stored_outputs(notebook)
    facts = pages[relative]
    assert facts["pictures"] >= stored["figures"], (
        f"{relative}: {stored['figures']} stored figures, {facts['pictures']} shown")
    stills = [i for i in facts["images"] if i["still"] and i["loaded"]]
    assert len(facts["stills"]) == len(stills) == stored["explorers"], (
        f"{relative}: {stored['explorers']} explorers, {len(stills)} still pictures")
    assert all(STILL_SENTENCE.search(text) for text in facts["stills"]), facts["stills"]
    assert all(i["alt"] for i in stills), "a still picture without a text alternative"


@pytest.mark.parametrize("relative", NOTEBOOK_PAGES)
def test_math_is_typeset(pages, relative):
    require(mathjax_problem())
    notebook = NOTEBOOKS / relative.replace(".html", ".ipynb")
    facts = pages[relative]
    if stored_outputs(notebook)["math_cells"]:
        assert facts["math"] > 0, f"{relative}: math in the notebook, none typeset on the page"
    assert not facts["math_errors"], f"{relative}: {facts['math_errors']} TeX errors"
    assert not re.search(r"\\(?:frac|sqrt|alpha|beta|infty|le|ge)\b", facts["text"]), (
        f"{relative}: TeX shown as text")


@pytest.mark.parametrize("relative", NOTEBOOK_PAGES)
def test_page_launches_its_notebook_on_binder(pages, relative):
    notebook = "notebooks/" + relative.replace(".html", ".ipynb")
    prefix = f"https://mybinder.org/v2/gh/{repository()}/"
    launches = [link["absolute"] for link in pages[relative]["links"] if link["absolute"].startswith(prefix)]
    assert any(notebook in unquote(url) for url in launches), f"{relative}: no Binder link to {notebook}"
    elsewhere = [url for url in (link["absolute"] for link in pages[relative]["links"])
                 if url.startswith("https://mybinder.org/v2/") and not url.startswith(prefix)]
    assert not elsewhere, f"{relative}: Binder links to another repository than the students' {elsewhere[:3]}"


def test_navigation_lists_every_page(pages, server):
    start = pages["00_start_here.html"]
    listed = {urlparse(link["absolute"]).path.lstrip("/") for link in start["links"] if link["sidebar"]}
    missing = [name for name in NOTEBOOK_PAGES if name != "00_start_here.html" and name not in listed]
    assert not missing, f"the sidebar does not list {missing}"
    for relative in NOTEBOOK_PAGES[1:-1]:
        assert len(pages[relative]["prev_next"]) == 2, f"{relative}: {pages[relative]['prev_next']}"


def test_site_needs_no_network(pages):
    """MathJax and the theme come from the site itself; only the Binder badge is fetched from elsewhere."""
    require(mathjax_problem())
    outside = [url for url in pages["_outside"]["requests"] if not url.startswith("https://mybinder.org/")]
    assert not outside, outside[:10]


def test_no_serious_accessibility_violation(pages):
    require(axe_problem())
    found = [f"{relative}: {v}" for relative, facts in pages.items() if not relative.startswith("_")
             for v in facts.get("axe", [])]
    assert not found, "axe-core, serious or critical:\n" + "\n".join(found)
