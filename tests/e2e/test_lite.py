"""End to end: the course in the browser tab (`make lite`, site/lite.py), Python running in Pyodide.

The JupyterLite site is built (cached: site/lite.py rebuilds only when mmlib, the notebooks or the
versions changed) and served on 127.0.0.1; headless chromium opens a lecture and a lab with every
other address cut off, and the Pyodide kernel runs:

- a search with its counts (AIMA figure 5.2: value 3, 7 of 9 leaves, leaves 4 and 6 pruned),
- a tree drawing as SVG, without matplotlib,
- a growth explorer whose depth slider is moved by the keyboard,
- the cells of lectures 00-02 that need neither numpy nor matplotlib (their drawing lines left out), each
  printing what the notebook stored when it ran in CPython, and lecture 00's step-through explorer moved by
  the keyboard, saying the sentence CPython says for that step,
- lab 1's check on a correct minimax and on endless ones (stopped by the node budget, and by the
  clock when the loop touches no node and even catches the stop), each within its budget.

numpy, matplotlib and networkx are Pyodide's own builds: the test checks that the site's lock file
names them at Pyodide's distribution (or, self-hosted, as files in the site) and that nothing the
kernel needs to start is fetched from elsewhere.  The seconds the kernel takes to be ready and each
call's time in the tab against the same call in CPython go to benchmarks/artifacts/lite.json
(benchmarks/LITE.md keeps a run's numbers).
"""

from __future__ import annotations

import ast
import functools
import http.server
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support import MINIMAX_SOURCE, served
from test_browser import ROOT, browser, chromium_path, require  # noqa: F401, F811 - fixtures used here

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SITE = ROOT / "build" / "lite" / "site"
ARTIFACT = ROOT / "benchmarks" / "artifacts" / "lite.json"
KERNEL_READY = 300_000           # ms: Pyodide's start on a busy two-core machine

SEARCH = """
from mmlib import search, trees
result = search.alphabeta(trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
print(result.value, result.stats.nodes, result.stats.leaves, result.stats.cutoffs)
"""
DRAWING = """
import sys
from mmlib import draw, search
svg = draw.tree_svg(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True), windows=True)
print(svg.startswith("<svg"), svg.count('class="node leaf pruned"'), "matplotlib" in sys.modules)
"""
LAB_FUNCTIONS = MINIMAX_SOURCE + """
def endless(node, depth, maximizing):
    while True:
        for child in node.children:
            child.is_leaf()

def stubborn(node, depth, maximizing):
    while True:
        try:
            while True:
                pass
        except BaseException:
            continue
"""
CHECK_CORRECT = """
from mmlib import check
print(check.check_minimax(minimax, raise_on_failure=False).passed)
"""
CHECK_ENDLESS = """
from mmlib import check
report = check.check_minimax(endless, raise_on_failure=False)
print(report.passed, report.diagnosis)
"""
CHECK_STUBBORN = """
from mmlib import trees
from mmlib.check.nodes import shape_of
from mmlib.isolation.runner import Call, run_calls
shape, values, _ = shape_of(trees.from_nested([[3, 5], [2, 9]]))
outcome, = run_calls(stubborn, [Call((2, True), shape, values, budget=100)], time_limit=1.0)
print(outcome.kind)
"""
TIMED = """
import time as _t
_t0 = _t.perf_counter()
exec(compile({code!r}, "<cell>", "exec"))
print("SECONDS", _t.perf_counter() - _t0)
"""


def build_problem() -> str | None:
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError:
        return "jupyterlite-core / jupyterlite-pyodide-kernel not installed (pip install -e '.[lite]')"
    if subprocess.run(["npm", "--version"], capture_output=True).returncode != 0:
        return "npm not installed (Pyodide's core comes from npm)"
    return None


@pytest.fixture(scope="module")
def site() -> Path:
    require(build_problem())
    subprocess.run([sys.executable, str(ROOT / "site" / "lite.py")], cwd=ROOT, check=True)
    return SITE


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def server(site) -> Iterator[str]:
    with served(site, QuietHandler) as address:
        yield address


class Tab:
    """One JupyterLite tab with a notebook open and its Pyodide kernel ready."""

    def __init__(self, browser, server: str, path: str):  # noqa: F811 - the fixture's browser
        self.outside: list[str] = []
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.context.route("**/*", functools.partial(self.only_local, server))
        self.page = self.context.new_page()
        started = time.monotonic()
        self.page.goto(f"{server}lab/index.html?path={path}")
        self.page.wait_for_selector(".jp-Notebook", timeout=KERNEL_READY)
        self.page.wait_for_function(
            """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                       const k = w && w.sessionContext && w.sessionContext.session
                                 && w.sessionContext.session.kernel;
                       return k && k.status === 'idle'; }""", timeout=KERNEL_READY, polling=500)
        self.run("import mmlib")                     # the kernel has really started
        self.ready_seconds = time.monotonic() - started

    def only_local(self, server: str, route) -> Any:
        url = route.request.url
        if url.startswith(server + "jupyter-lite.json"):     # let the test reach the application object
            response = route.fetch()
            data = response.json()
            data["jupyter-config-data"]["exposeAppInBrowser"] = True
            return route.fulfill(response=response, body=json.dumps(data))
        if url.startswith(server):
            return route.continue_()
        self.outside.append(url)
        return route.abort()

    def run(self, code: str, timeout: float = 120) -> str:
        """Run ``code`` in the notebook's kernel; its printed text (an error fails the test)."""
        reply = self.page.evaluate(
            """async ([code, timeout]) => {
                 const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
                 const out = [];
                 const future = k.requestExecute({code});
                 future.onIOPub = (msg) => {
                   const c = msg.content;
                   if (msg.header.msg_type === 'stream') out.push(c.text);
                   if (msg.header.msg_type === 'execute_result') out.push(c.data['text/plain'] + '\\n');
                   if (msg.header.msg_type === 'error') out.push('ERROR ' + c.ename + ': ' + c.evalue);
                 };
                 const done = await Promise.race([future.done,
                   new Promise((_, no) => setTimeout(() => no(new Error('timeout')), timeout * 1000))]);
                 return {status: done.content.status, text: out.join('')};
               }""", [code, timeout])
        assert reply["status"] == "ok", reply["text"]
        return reply["text"]

    def timed(self, code: str) -> tuple[str, float]:
        text = self.run(TIMED.format(code=code))
        printed, _, seconds = text.rpartition("SECONDS ")
        return printed, float(seconds)

    def run_cell(self, code: str) -> Any:
        """Add a cell at the end of the open notebook, run it there (outputs shown); its output area."""
        self.page.evaluate(
            """async (code) => {
                 const app = window.jupyterapp;
                 const panel = app.shell.currentWidget;
                 const notebook = panel.content;
                 notebook.activeCellIndex = notebook.widgets.length - 1;
                 await app.commands.execute('notebook:insert-cell-below');
                 notebook.activeCell.model.sharedModel.setSource(code);
                 await app.commands.execute('notebook:run-cell');
               }""", code)
        return self.page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-OutputArea")

    def close(self) -> None:
        self.context.close()


def in_cpython(script: str) -> float:
    """Seconds the same code takes here, in CPython, in a fresh process (mmlib of this checkout)."""
    done = subprocess.run([sys.executable, "-c", "import mmlib\n" + script], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "MMLIB_CHECK_INPROCESS": "1",
                                                     "PATH": "/usr/bin:/bin"})
    return float(done.stdout.rpartition("SECONDS ")[2])


@pytest.fixture(scope="module")
def record() -> Iterator[dict[str, Any]]:
    numbers: dict[str, Any] = {}
    yield numbers
    ARTIFACT.parent.mkdir(parents=True, exist_ok=True)
    ARTIFACT.write_text(json.dumps(numbers, indent=1))


@pytest.fixture(scope="module")
def lecture(browser, server, record) -> Iterator[Tab]:  # noqa: F811 - the fixture imported above
    tab = Tab(browser, server, "01_game_trees_and_minimax.ipynb")
    record["kernel ready, lecture (s)"] = round(tab.ready_seconds, 1)
    try:
        yield tab
    finally:
        record["addresses outside the site (lecture)"] = tab.outside
        tab.close()


def compare(record: dict[str, Any], name: str, tab: Tab, code: str, setup: str = "") -> str:
    printed, tab_seconds = tab.timed(code)
    cpython = in_cpython(setup + TIMED.format(code=code))
    record[name] = {"tab s": round(tab_seconds, 4), "CPython s": round(cpython, 4),
                    "ratio": round(tab_seconds / cpython, 1) if cpython > 0 else None}
    return printed


def test_the_kernel_starts_from_the_site_alone(lecture):
    assert lecture.run("import sys; print(sys.platform, sys.version_info >= (3, 11))").split() == \
        ["emscripten", "True"]
    # what the kernel needed came from the site: only the notebooks' Binder badge points elsewhere
    assert [url for url in lecture.outside if "mybinder.org" not in url] == []


def test_a_search_counts_in_the_tab(lecture, record):
    # AIMA figure 5.2: value 3; alpha-beta skips the leaves 4 and 6, so 7 of the 9 leaves, one cutoff;
    # 11 nodes: the root, its 3 children and 7 leaves
    assert compare(record, "alphabeta, AIMA figure 5.2", lecture, SEARCH).split() == ["3", "11", "7", "1"]


def test_a_tree_drawing_is_svg_without_matplotlib(lecture, record):
    assert compare(record, "tree_svg with windows", lecture, DRAWING).split() == ["True", "2", "False"]


def test_an_explorer_answers_the_keyboard(lecture, record):
    output = lecture.run_cell("from mmlib import widgets\nwidgets.growth_explorer(3, 4)")
    depth = output.locator(".mmlib-slider input[type=range]").nth(1)      # b, d, ...
    depth.wait_for(timeout=120_000)
    status = output.locator(".widget-html, .widget-label").last
    before = output.inner_text()
    started = time.monotonic()
    depth.focus()
    depth.press("ArrowRight")
    lecture.page.wait_for_function("([el, before]) => el.innerText !== before",
                                   arg=[output.element_handle(), before], timeout=30_000, polling=100)
    record["growth explorer: depth 4 -> 5 answered (s)"] = round(time.monotonic() - started, 2)
    assert "5" in depth.input_value() and status.count() >= 0
    budget = lecture.run("from mmlib.widgets import growth; print(growth.default_budget())")
    record["growth explorer node budget in the tab"] = int(budget)


@pytest.fixture(scope="module")
def lab(lecture) -> Tab:
    """The lab's functions, defined in the lecture's kernel: a Pyodide kernel takes about a minute of the
    machine to start, so the checks run in the one already started (the long set opens lab 1 itself)."""
    lecture.run(LAB_FUNCTIONS)
    return lecture


def test_lab_1_opens_in_its_own_tab_and_its_check_runs_there(browser, server, record):  # noqa: F811
    tab = Tab(browser, server, "labs/lab1_minimax.ipynb")
    record["kernel ready, lab (s)"] = round(tab.ready_seconds, 1)
    try:
        tab.run(LAB_FUNCTIONS)
        assert tab.run(CHECK_CORRECT).splitlines()[-1] == "True"
        assert tab.outside == []
    finally:
        tab.close()


def test_a_lab_check_passes_a_correct_minimax(lab, record):
    from mmlib.isolation.inprocess import NOTICE

    printed = compare(record, "check_minimax, correct", lab, CHECK_CORRECT, LAB_FUNCTIONS)
    assert printed.splitlines()[-1] == "True"
    assert printed.startswith(NOTICE)          # the tab says, once, what its checks cannot protect against


def test_an_endless_search_is_stopped_by_its_budget(lab, record):
    assert compare(record, "check_minimax, endless", lab, CHECK_ENDLESS, LAB_FUNCTIONS).split()[-2:] == \
        ["False", "runaway"]
    assert record["check_minimax, endless"]["tab s"] < 10


def test_a_loop_that_catches_the_stop_is_stopped_by_the_clock(lab):
    printed, seconds = lab.timed(CHECK_STUBBORN)
    assert printed.splitlines()[-1] == "timeout" and seconds < 5


def test_numpy_and_matplotlib_are_declared_where_the_build_loads_them(site):
    sys.path.insert(0, str(ROOT / "site"))
    try:
        import lite
    finally:
        sys.path.remove(str(ROOT / "site"))
    packages = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    needed = lite.closure(packages, lite.NEEDS_PYODIDE_BUILDS)
    assert {"numpy", "matplotlib", "networkx"} <= set(needed)
    for name in needed:
        where = packages[name]["file_name"]
        if where.startswith("https://"):     # the default: Pyodide's distribution at run time
            assert where.startswith(lite.PYODIDE_CDN), (name, where)
        else:                                 # self-hosted (--pyodide RELEASE): the file is in the site
            assert (site / "static" / "pyodide" / where).exists(), (name, where)
    # what the kernel needs to start is all in the site
    for name in lite.closure(packages, (*lite.KERNEL_PACKAGES, *lite.PRELOAD)):
        assert (site / "static" / "pyodide" / packages[name]["file_name"]).exists(), name


# -- the lectures' own cells -------------------------------------------------------------------------

LECTURES = ("00_start_here", "01_game_trees_and_minimax", "02_depth_limits_and_evaluation")
SETUP = ("import math\nfrom mmlib import analysis, games, search, trees, widgets\n"
         "from mmlib.games.tictactoe import LINES")
"""What the lectures' first cells import, less matplotlib (which the tab loads from Pyodide's distribution,
out of reach here)."""
HEAVY = ("census", "max_seconds=60", "analysis.sweep", "searched == nodes")
"""Cells left out for the test's time: the whole tic-tac-toe tree (549,946 nodes) and a sweep."""
NEEDS_MATPLOTLIB = ("Figure", "draw.plot_", "widgets.")


def drawing_lines(lines: list[str]) -> set[int]:
    """The numbers (from 1) of the lines of the statements that start with ``draw.``, continuation
    lines included (a call written over two lines is left out whole).

    >>> sorted(drawing_lines(["x = 1", "draw.draw_trees([a],", "    titles=['t'])", "print(x)"]))
    [2, 3]
    """
    try:                                         # a tag line read as a blank one: the numbers stay
        statements = ast.parse("\n".join("" if line.startswith(":tags:") else line for line in lines)).body
    except SyntaxError:                          # not plain Python (a magic): line by line
        return {number for number, line in enumerate(lines, start=1) if line.startswith("draw.")}
    return {number for statement in statements if lines[statement.lineno - 1].startswith("draw.")
            for number in range(statement.lineno, (statement.end_lineno or statement.lineno) + 1)}


def lecture_cells(name: str) -> list[tuple[str, str]]:
    """The code cells of lecture ``name`` that run in the tab here, each with what the notebook stored as
    its printed text and value (lines that draw with matplotlib left out)."""
    cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]
    chosen = []
    for cell in [cell for cell in cells if cell["cell_type"] == "code"][1:]:
        lines = "".join(cell["source"]).splitlines()
        kept = [line for number, line in enumerate(lines, start=1)
                if number not in drawing_lines(lines) and not line.startswith(":tags:")]
        source = "\n".join(kept)
        if not source.strip() or any(mark in source for mark in (*HEAVY, *NEEDS_MATPLOTLIB)):
            continue
        shown = ("stream",) if len(kept) < len(lines) else ("stream", "execute_result")  # a drawing's value
        stored = "".join("".join(out["text"]) if out["output_type"] == "stream" else
                         "".join(out["data"]["text/plain"]) + "\n"
                         for out in cell["outputs"] if out["output_type"] in shown)
        chosen.append((source, stored))
    return chosen


CELLS_TIMED = """
import time as _time
_namespace = {{}}
exec({setup!r}, _namespace)
_seconds = 0.0
for _source in {sources!r}:
    _started = _time.perf_counter()
    exec(compile(_source, "<cell>", "exec"), _namespace)
    _seconds += _time.perf_counter() - _started
print("SECONDS", _seconds)
"""
"""The cells run one after another in one namespace, timed by the Python that runs them (the same code in
the tab and in CPython)."""


@pytest.mark.parametrize("name", LECTURES)
def test_the_lectures_cells_print_in_the_tab_what_they_printed_in_cpython(lecture, record, name):
    cells = lecture_cells(name)
    assert len(cells) >= {"00_start_here": 1}.get(name, 8)
    lecture.run(SETUP)
    for source, stored in cells:
        assert lecture.run(source) == stored, source
    timed = CELLS_TIMED.format(setup=SETUP, sources=[source for source, _ in cells])
    seconds = float(lecture.run(timed).rpartition("SECONDS ")[2])
    cpython = in_cpython(timed)
    record[f"lecture {name[:2]}: {len(cells)} cells without matplotlib"] = {
        "tab s": round(seconds, 3), "CPython s": round(cpython, 3),
        "ratio": round(seconds / cpython, 1) if cpython > 0 else None}


def test_the_step_through_explorer_answers_the_keyboard(lecture, record):
    from mmlib import trees, widgets

    nested = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    call = 'widgets.step_through(tree, algorithm="alphabeta", start="first cutoff")'
    assert any(call in source for source, _ in lecture_cells("00_start_here")) or \
        call in (ROOT / "notebooks" / "00_start_here.md").read_text()
    here = widgets.step_through(trees.from_nested(nested), algorithm="alphabeta", start="first cutoff")
    step = here.slider.value
    here.slider.value = step + 1
    expected = f"step {step + 1}: {here.sentence}"
    output = lecture.run_cell(f"from mmlib import trees, widgets\ntree = trees.from_nested({nested})\n{call}")
    slider = output.locator(".mmlib-slider input[type=range]").first
    slider.wait_for(timeout=120_000)
    assert slider.input_value() == str(step)
    svg_before = output.locator("img, svg").first.get_attribute("src") or output.inner_html()
    started = time.monotonic()
    slider.focus()
    slider.press("ArrowRight")
    lecture.page.wait_for_function("([el, text]) => el.innerText.includes(text)",
                                   arg=[output.element_handle(), expected], timeout=30_000, polling=100)
    record["step-through, step by the keyboard until the sentence changed (s)"] = round(
        time.monotonic() - started, 2)
    assert slider.input_value() == str(step + 1)
    assert (output.locator("img, svg").first.get_attribute("src") or output.inner_html()) != svg_before
