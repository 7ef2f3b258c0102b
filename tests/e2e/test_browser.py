"""End to end: every widget notebook, run and operated in JupyterLab in a real (headless) chromium.

JupyterLab runs on 127.0.0.1 with a random port and token, news and update checks off, on a temporary copy of
notebooks/ (the repository is never modified), with its own settings and workspace directories.  Playwright
drives the system's chromium through `executable_path`; no browser is ever downloaded.  Without chromium the
tests skip; with CI=true a missing chromium is a failure.  Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
ARTIFACTS = ROOT / "tests" / "artifacts"
IGNORE_TAG = "nbval-ignore-output"
RAISES_TAGS = {"raises-exception", "nbval-raises-exception"}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_TIMEOUT = 90
RUN_ALL_TIMEOUT = 180
WIDGET_TIMEOUT = 30

# DOM classes agreed for the mmlib widgets (docs: CONVENTIONS, "Widgets").
WIDGET_CLASSES = (
    "mmlib-step-through",
    "mmlib-growth-explorer",
    "mmlib-tree-editor",
    "mmlib-tictactoe",
    "mmlib-connect4",
)


# ------------------------------------------------------------------------------------------ discovery


def find_chromium() -> str | None:
    """The system chromium (Debian's /usr/bin/chromium is a shell wrapper around the real binary)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            real = Path("/usr/lib/chromium/chromium")
            return str(real) if found == "/usr/bin/chromium" and real.exists() else found
    return None


def cell_source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


WIDGET_CALL = re.compile(
    r"\bwidgets\.\w+\(|\b(?:step_through|growth_explorer|tree_editor|play_tictactoe|play_connect4)\("
)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def shows_widgets(path: Path) -> bool:
    """A notebook with a cell tagged nbval-ignore-output that builds widgets (mmlib's or ipywidgets')
    or whose stored outputs are widget views."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        tagged = IGNORE_TAG in cell.get("metadata", {}).get("tags", [])
        if tagged and WIDGET_CALL.search(cell_source(cell)):
            return True
        if any(WIDGET_MIME in output.get("data", {}) for output in cell.get("outputs", [])):
            return True
    return False


def widget_notebooks() -> list[Path]:
    candidates = [
        *sorted(NOTEBOOK_DIR.glob("*.ipynb")),
        *sorted(NOTEBOOK_DIR.glob("labs/*.ipynb")),
        *sorted(NOTEBOOK_DIR.glob("labs/solutions/*.ipynb")),
    ]
    return [path for path in candidates if shows_widgets(path)]


def require_browser() -> str:
    """The chromium binary and Playwright, or a skip (a failure in CI)."""
    in_ci = os.environ.get("CI", "").lower() == "true"
    chromium = find_chromium()
    problem = None
    if chromium is None:
        problem = "chromium not installed (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "playwright not installed (pip install -e '.[test]')"
    if problem:
        if in_ci:
            pytest.fail(f"browser tests must run in CI: {problem}")
        pytest.skip(problem)
    return chromium


# ------------------------------------------------------------------------------------------ server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Lab:
    url: str
    token: str
    root: Path
    log: Path

    def notebook_url(self, relative: str) -> str:
        return f"{self.url}/lab/tree/{relative}?reset&token={self.token}"


def wait_for_server(lab: Lab, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab exited with {process.returncode}:\n{lab.log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{lab.url}/api/status?token={lab.token}", timeout=2) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    tail = lab.log.read_text()[-3000:]
    raise RuntimeError(f"JupyterLab did not start in {SERVER_START_TIMEOUT} s:\n{tail}")


@contextmanager
def jupyterlab(root: Path, state: Path) -> Iterator[Lab]:
    """JupyterLab serving `root`, with its settings, workspaces and runtime files under `state`."""
    port, token = free_port(), secrets.token_hex(24)
    venv_share = Path(sys.prefix) / "share" / "jupyter"
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    env.update(
        PYTHONHASHSEED="0",
        JUPYTER_PATH=str(venv_share),  # the project's own python3 kernel comes first
        JUPYTER_RUNTIME_DIR=str(state / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(state / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"),
    )
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    # the frontend's own switches: never fetch news, never check for updates, no toasts over the widgets
    settings = state / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    quiet = {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True}
    (settings / "notification.jupyterlab-settings").write_text(json.dumps(quiet))
    log = state / "jupyterlab.log"
    lab = Lab(url=f"http://127.0.0.1:{port}", token=token, root=root, log=log)
    with open(log, "w") as log_file:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=log_file, stderr=subprocess.STDOUT)
        try:
            wait_for_server(lab, process)
            yield lab
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# ------------------------------------------------------------------------------------------ page helpers

# The open notebook panel, its cells' outputs and the kernel state, read from JupyterLab's own model.
JS_NOTEBOOK_STATE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content || !panel.sessionContext) { return null; }
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = [];
  const model = panel.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type !== 'code') { continue; }
    const outputs = cell.outputs.toJSON();
    cells.push({
      count: cell.executionCount,
      tags: cell.getMetadata('tags') || [],
      errors: outputs.filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue),
      source: cell.sharedModel.getSource().slice(0, 80),
    });
  }
  const prompts = Array.from(document.querySelectorAll('.jp-InputArea-prompt'));
  return {kernel: kernel ? kernel.status : 'none', cells: cells,
          busy: prompts.some(p => p.textContent.includes('*'))};
}"""


def notebook_state(page) -> dict | None:
    return page.evaluate(JS_NOTEBOOK_STATE)


def wait_for_kernel_idle(page, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = notebook_state(page)
        if state and state["kernel"] == "idle" and not state["busy"]:
            return state
        page.wait_for_timeout(250)
    raise AssertionError(f"kernel not idle after {timeout} s: {state}")


def open_notebook(page, lab: Lab, relative: str) -> None:
    page.goto(lab.notebook_url(relative))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(
        """() => { const p = window.jupyterapp.shell.currentWidget;
                   return p && p.sessionContext && p.sessionContext.session &&
                          p.sessionContext.session.kernel &&
                          p.sessionContext.session.kernel.status === 'idle'; }""",
        timeout=90_000,
    )


def run_all(page) -> dict:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_timeout(1000)
    state = wait_for_kernel_idle(page, RUN_ALL_TIMEOUT)
    return state


def unexpected_errors(state: dict) -> list[str]:
    return [
        f"cell {i} ({cell['source']!r}): {error}"
        for i, cell in enumerate(state["cells"])
        for error in cell["errors"]
        if not RAISES_TAGS & set(cell["tags"])
    ]


def widget_error_texts(page) -> list[str]:
    """ipywidgets shows 'Error displaying widget' (or the raw model repr) when a view fails to render."""
    texts = page.locator(".jp-OutputArea-output").all_inner_texts()
    return [t[:200] for t in texts if "Error displaying widget" in t or "Error rendering" in t]


def status_text(root) -> str:
    status = root.locator(".mmlib-status")
    return " | ".join(status.all_inner_texts()) if status.count() else ""


def figure_signature(root) -> str:
    """What the widget's figure shows: the sources of its images (PNG data URLs) and any svg/text."""
    figure = root.locator(".mmlib-figure")
    if not figure.count():
        return ""
    sources = figure.locator("img").evaluate_all("imgs => imgs.map(i => i.src.slice(-200))")
    return json.dumps([sources, figure.first.inner_text()[:500]])


def observable(root) -> str:
    return status_text(root) + "\n" + figure_signature(root)


def wait_for_change(page, root, before: str, what: str) -> str:
    deadline = time.monotonic() + WIDGET_TIMEOUT
    while time.monotonic() < deadline:
        now = observable(root)
        if now != before:
            return now
        page.wait_for_timeout(200)
    raise AssertionError(f"{what}: nothing changed in {WIDGET_TIMEOUT} s (status {status_text(root)!r})")


def set_slider(page, slider, direction: str = "ArrowRight", presses: int = 1) -> None:
    handle = slider.locator(".noUi-handle, .widget-slider .ui-slider-handle, input[type=range]").first
    handle.focus()
    for _ in range(presses):
        page.keyboard.press(direction)


# ------------------------------------------------------------------------------------------ widget drivers


def operate_step_through(page, root) -> list[str]:
    done = []
    before = observable(root)
    next_button = root.locator("button", has_text=re.compile(r"^\s*Next\s*$")).first
    next_button.click()
    before = wait_for_change(page, root, before, "step-through: Next")
    done.append("Next")
    slider = root.locator(".mmlib-step-slider").first
    if slider.count():
        set_slider(page, slider, "ArrowRight", presses=2)
        wait_for_change(page, root, before, "step-through: step slider")
        done.append("step slider")
    return done


def operate_growth_explorer(page, root) -> list[str]:
    before = observable(root)
    slider = root.locator(".widget-slider, .widget-hslider, .jupyter-widget-slider").first
    set_slider(page, slider, "ArrowRight")
    wait_for_change(page, root, before, "growth explorer: slider")
    return ["slider"]


def operate_tree_editor(page, root) -> list[str]:
    before = observable(root)
    text = root.locator(".mmlib-editor-text textarea, textarea.mmlib-editor-text").first
    text.fill("ABCDEFG\nA: BC\nB: DE\nC: FG\nD 3\nE 12\nF 8\nG 2\n")
    text.press("Tab")  # commit the edit if the textarea only syncs on blur
    wait_for_change(page, root, before, "tree editor: new tree text")
    before = observable(root)
    text.fill("ABC\nA: BC\nB: x\n")
    text.press("Tab")
    after = wait_for_change(page, root, before, "tree editor: malformed text")
    assert status_text(root), f"tree editor: no message for a malformed tree ({after!r})"
    return ["valid text", "malformed text"]


def operate_tictactoe(page, root) -> list[str]:
    squares = root.locator(".mmlib-square")
    assert squares.count() == 9, f"tic-tac-toe shows {squares.count()} squares"
    before_labels = squares.all_inner_texts()
    target = next((i for i, label in enumerate(before_labels) if not label.strip(" .")), 4)
    squares.nth(target).click()
    # The status may change first ("thinking..."); wait for the clicked square itself.
    deadline = time.monotonic() + WIDGET_TIMEOUT
    while time.monotonic() < deadline:
        after_labels = squares.all_inner_texts()
        if after_labels[target] != before_labels[target]:
            break
        page.wait_for_timeout(200)
    else:
        raise AssertionError(f"tic-tac-toe: clicking square {target} changed nothing: {after_labels}")
    return [f"square {target}"]


def operate_connect4(page, root) -> list[str]:
    columns = root.locator(".mmlib-column")
    assert columns.count() >= 4, f"Connect Four shows {columns.count()} column buttons"
    before = observable(root)
    columns.nth(columns.count() // 2).click()
    wait_for_change(page, root, before, "Connect Four: column click")
    return ["middle column"]


DRIVERS = {
    "mmlib-step-through": operate_step_through,
    "mmlib-growth-explorer": operate_growth_explorer,
    "mmlib-tree-editor": operate_tree_editor,
    "mmlib-tictactoe": operate_tictactoe,
    "mmlib-connect4": operate_connect4,
}


def operate_generic(page, root) -> list[str]:
    """A plain ipywidgets slider next to a label/status (used to test the harness itself)."""
    before = observable(root) + " ".join(root.locator(".widget-readout, .widget-label").all_inner_texts())
    set_slider(page, root.locator(".widget-slider, .widget-hslider").first, "ArrowRight")
    deadline = time.monotonic() + WIDGET_TIMEOUT
    while time.monotonic() < deadline:
        now = observable(root) + " ".join(root.locator(".widget-readout, .widget-label").all_inner_texts())
        if now != before:
            return ["slider"]
        page.wait_for_timeout(200)
    raise AssertionError("generic widget: moving the slider changed nothing")


# ------------------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def chromium_path() -> str:
    return require_browser()


@pytest.fixture(scope="module")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def lab(tmp_path_factory, chromium_path) -> Iterator[Lab]:
    root = tmp_path_factory.mktemp("lab-root")
    skip = shutil.ignore_patterns(".ipynb_checkpoints", "_build")
    shutil.copytree(NOTEBOOK_DIR, root / "notebooks", ignore=skip)
    state = tmp_path_factory.mktemp("lab-state")
    with jupyterlab(root / "notebooks", state) as server:
        yield server


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    console_errors: list[str] = []
    page.on("pageerror", lambda error: console_errors.append(str(error)))
    page.console_errors = console_errors
    try:
        yield page
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception:  # noqa: BLE001 - a failed screenshot must not hide the test's own outcome
            pass
        context.close()


# ------------------------------------------------------------------------------------------ tests

WIDGET_NOTEBOOKS = widget_notebooks()
WIDGET_IDS = [nb.relative_to(NOTEBOOK_DIR).as_posix() for nb in WIDGET_NOTEBOOKS]


def run_and_operate(page, lab: Lab, relative: str) -> dict[str, list[str]]:
    """Open a notebook, run all cells, check for errors, then operate every widget; returns what was done."""
    open_notebook(page, lab, relative)
    state = run_all(page)
    errors = unexpected_errors(state)
    assert not errors, f"{relative}: errors after run-all:\n" + "\n".join(errors)
    never_ran = [i for i, c in enumerate(state["cells"]) if c["count"] is None and c["source"].strip()]
    assert not never_ran, f"{relative}: code cells {never_ran} did not run"
    # widget views render asynchronously after the kernel goes idle
    page.wait_for_timeout(1500)
    assert not widget_error_texts(page), f"{relative}: {widget_error_texts(page)}"
    operated: dict[str, list[str]] = {}
    for css_class, driver in DRIVERS.items():
        roots = page.locator(f".{css_class}")
        for index in range(roots.count()):
            root = roots.nth(index)
            root.scroll_into_view_if_needed()
            operated[f"{css_class}[{index}]"] = driver(page, root)
    assert not page.console_errors, f"{relative}: page errors {page.console_errors}"
    return operated


@pytest.mark.parametrize("notebook", WIDGET_NOTEBOOKS, ids=WIDGET_IDS)
def test_widget_notebook_runs_and_responds(page, lab, notebook):
    relative = notebook.relative_to(NOTEBOOK_DIR).as_posix()
    operated = run_and_operate(page, lab, relative)
    assert operated, f"{relative} shows widgets but none of the classes {WIDGET_CLASSES} was found"


def test_widget_notebooks_exist():
    """The lectures and labs promise interactive widgets; the browser test must have something to drive."""
    assert WIDGET_NOTEBOOKS, "no notebook has a cell tagged nbval-ignore-output that calls widgets.*"


def test_harness_drives_a_plain_slider(page, lab):
    """The harness itself: a scratch notebook with an IntSlider whose observer updates a Label."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)"}
    code = (
        "import ipywidgets as widgets\n"
        "slider = widgets.IntSlider(value=3, min=0, max=10)\n"
        "label = widgets.Label(value='value 3')\n"
        "label.add_class('mmlib-status')\n"
        "slider.observe(lambda change: setattr(label, 'value', f\"value {change['new']}\"), names='value')\n"
        "box = widgets.VBox([slider, label])\n"
        "box.add_class('mmlib-harness')\n"
        "box"
    )
    nb.cells = [nbformat.v4.new_code_cell(code, metadata={"tags": [IGNORE_TAG]})]
    nbformat.write(nb, lab.root / "harness.ipynb")
    open_notebook(page, lab, "harness.ipynb")
    state = run_all(page)
    assert not unexpected_errors(state)
    root = page.locator(".mmlib-harness")
    root.wait_for(timeout=30_000)
    assert status_text(root) == "value 3"
    set_slider(page, root.locator(".widget-slider, .widget-hslider").first, "ArrowRight")
    wait_for_change(page, root, "value 3\n", "harness slider")
    assert status_text(root) == "value 4"
