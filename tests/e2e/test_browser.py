"""End to end: every notebook, as a student meets it, in JupyterLab in a real (headless) chromium.

One JupyterLab server and one browser serve every notebook. The server runs on 127.0.0.1 with a random
port and token, news and update checks off, on a copy of the repository's files as a fresh clone has them
(the repository is never modified), with its own settings and workspace directories. Cells are not
virtualised (the notebook setting windowingMode is "none"), so every cell is in the page. Playwright drives
the system's chromium through `executable_path`; no browser is ever downloaded.

For each notebook under notebooks/ (lectures and student labs) the page is inspected twice: as opened,
before anything runs (what a visitor of a fresh clone sees), and after "Run All". Each time the whole
notebook is shot, screenful by screenful, into build/screenshots/<notebook>/, and checked for

- raw reprs and figures shown as text (the patterns of tests/notebooks/test_rendering.py, applied to the
  rendered text),
- error outputs (after running, cells tagged raises-exception in the student labs may fail: their stubs do),
- widgets that fail to display,
- visible text under 9 px: the computed font size of HTML text, the on-screen size of SVG text
  (font size times the scale of its transformation to the screen), also inside SVG pictures shown as <img>,
- serious or critical accessibility violations found by axe-core (build/axe/, installed by `make test`)
  in the cell outputs and rendered markdown, not in JupyterLab's own interface.

After Run All, every cell's outputs (as the kernel sent them) must equal the stored ones as strict nbval
compares them (nbval's own comparison and tests/notebooks/nbval_sanitize.cfg, in
tests/notebooks/nbval_compare.py): these notebooks are executed here, once, and not by nbval as well.

Then every mmlib widget is operated (clicked, typed into, slid) and must respond.

Without chromium, Playwright or axe-core the tests concerned skip with the reason; with CI=true they fail.
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "notebooks"))
from nbval_compare import differences, outputs_from_messages  # noqa: E402
from test_rendering import FIGURE_AS_TEXT, RAW_REPR  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK_DIR = ROOT / "notebooks"
SCREENSHOTS = ROOT / "build" / "screenshots"
AXE_JS = ROOT / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
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
VIEWPORT = {"width": 1280, "height": 900}
MIN_TEXT_PX = 9.0
AXE_IMPACTS = ("serious", "critical")
MAX_SHOTS = 80
SERVER_START_TIMEOUT = 90
RUN_ALL_TIMEOUT = 240
WIDGET_TIMEOUT = 30
RENDER_TIMEOUT = 20

# DOM classes agreed for the mmlib widgets (docs: CONVENTIONS, "Widgets").
WIDGET_CLASSES = (
    "mmlib-step-through",
    "mmlib-growth-explorer",
    "mmlib-orderings-explorer",
    "mmlib-quality-explorer",
    "mmlib-chess-explorer",
    "mmlib-tree-editor",
    "mmlib-tictactoe",
    "mmlib-connect4",
    "mmlib-practice",
)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


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
    r"\bwidgets\.\w+\(|\b(?:step_through|growth_explorer|orderings_explorer|quality_explorer|chess_explorer|tree_editor|"
    r"play_tictactoe|play_connect4|practice)\("
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


def student_notebooks() -> list[Path]:
    """Every notebook a student opens: the lectures and the student labs."""
    return [*sorted(NOTEBOOK_DIR.glob("*.ipynb")), *sorted(NOTEBOOK_DIR.glob("labs/*.ipynb"))]


def widget_notebooks() -> list[Path]:
    candidates = [*student_notebooks(), *sorted((ROOT / "instructor" / "solutions").glob("*.ipynb"))]
    return [path for path in candidates if shows_widgets(path)]


def is_student_lab(relative: str) -> bool:
    return relative.startswith("notebooks/labs/")


def require(problem: str | None) -> None:
    """Skip with the reason, or fail when the tests must run (CI=true)."""
    if problem:
        if in_ci():
            pytest.fail(f"browser tests must run in CI: {problem}")
        pytest.skip(problem)


def require_browser() -> str:
    """The chromium binary and Playwright, or a skip (a failure in CI)."""
    chromium = find_chromium()
    if chromium is None:
        require("chromium not installed (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        require("playwright not installed (pip install -e '.[test]')")
    return chromium


def axe_problem() -> str | None:
    if AXE_JS.exists():
        return None
    return f"axe-core not installed: {AXE_JS.relative_to(ROOT)} is missing (`make test` installs it with npm)"


# ------------------------------------------------------------------------------------------ fresh clone


def tracked_files(root: Path) -> list[Path] | None:
    """The files a clone of the repository has (tracked, plus new files not ignored), or None without git."""
    try:
        listing = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [Path(name) for name in listing.decode().split("\0") if name]


def fresh_clone(target: Path) -> Path:
    """Copy the repository's files into `target` as a clone has them: no outputs of earlier runs,
    no checkpoints, no build/ folder."""
    files = tracked_files(ROOT)
    if files is None:  # not a git checkout (an unpacked archive): the notebooks and the instructor's files
        skip = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        shutil.copytree(NOTEBOOK_DIR, target / "notebooks", ignore=skip)
        shutil.copytree(ROOT / "instructor", target / "instructor", ignore=skip)
        return target
    for relative in files:
        source = ROOT / relative
        if source.is_file():
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / relative)
    return target


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

    def api(self, method: str, path: str) -> object:
        request = urllib.request.Request(
            f"{self.url}/api/{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=20) as reply:
            body = reply.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        """End every session and its kernel, so one notebook's kernel does not run beside the next."""
        for session in self.api("GET", "sessions") or []:
            self.api("DELETE", f"sessions/{session['id']}")


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


def write_settings(settings: Path) -> None:
    """The frontend's own switches: never fetch news, never check for updates, no toasts over the outputs;
    every cell in the page (no virtual scrolling), so all of a notebook can be inspected and shot."""
    files = {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
            "doNotDisturbMode": True,
        },
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    }
    for name, values in files.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values))


@contextmanager
def jupyter_server(app: str, root: Path, state: Path, *, args: tuple[str, ...] = (),
                   env: dict[str, str] | None = None) -> Iterator[Lab]:
    """The Jupyter front end ``app`` (a module: ``jupyterlab``, ``notebook``) serving `root`, with its
    settings, workspaces and runtime files under `state`; ``env`` adds to its environment."""
    port, token = free_port(), secrets.token_hex(24)
    venv_share = Path(sys.prefix) / "share" / "jupyter"
    environment = dict(os.environ)
    environment.pop("MPLBACKEND", None)
    environment.update(
        PYTHONHASHSEED="0",
        JUPYTER_PATH=str(venv_share),  # the project's own python3 kernel comes first
        JUPYTER_RUNTIME_DIR=str(state / "runtime"),
        JUPYTER_DATA_DIR=str(state / "data"),  # an empty trust database: every notebook untrusted, as cloned
        JUPYTERLAB_SETTINGS_DIR=str(state / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"),
        **(env or {}),
    )
    command = [
        sys.executable,
        "-m",
        app,
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
        *args,
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    write_settings(state / "settings")
    log = state / f"{app}.log"
    server = Lab(url=f"http://127.0.0.1:{port}", token=token, root=root, log=log)
    with open(log, "w") as log_file:
        process = subprocess.Popen(command, cwd=root, env=environment, stdout=log_file,
                                   stderr=subprocess.STDOUT)
        try:
            wait_for_server(server, process)
            yield server
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def jupyterlab(root: Path, state: Path):
    """JupyterLab serving `root`, with its settings, workspaces and runtime files under `state`.

    Its kernels show no progress line (MMLIB_PROGRESS=0), as under nbval and nbconvert, which allow no
    input: the line a long sweep shows a person appears only on a slow machine, so the outputs of Run All
    compared with the stored ones (made without it) do not depend on the machine's speed."""
    return jupyter_server("jupyterlab", root, state, env={"MMLIB_PROGRESS": "0"}, args=(
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
    ))


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
      index: i,
      count: cell.executionCount,
      tags: cell.getMetadata('tags') || [],
      errors: outputs.filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue),
      stderr: outputs.filter(o => o.output_type === 'stream' && o.name === 'stderr')
                     .map(o => (Array.isArray(o.text) ? o.text.join('') : o.text)),
      source: cell.sharedModel.getSource().slice(0, 80),
    });
  }
  const prompts = Array.from(document.querySelectorAll('.jp-InputArea-prompt'));
  return {kernel: kernel ? kernel.status : 'none', cells: cells, count: model.cells.length,
          rendered: panel.content.node.querySelectorAll('.jp-Cell').length,
          busy: prompts.some(p => p.textContent.includes('*'))};
}"""


# The kernel's iopub messages, recorded from before Run All (what nbval would collect for each cell).
JS_RECORD_KERNEL = """() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  window.mmlibIopub = [];
  kernel.iopubMessage.connect((_, msg) => {
    window.mmlibIopub.push({parent: msg.parent_header.msg_id, msg_type: msg.header.msg_type,
                            content: msg.content});
  });
}"""

# Each code cell's execution count after Run All and the kernel's messages per execute request.
JS_RECORDED = """() => {
  const model = window.jupyterapp.shell.currentWidget.content.model;
  const counts = [];
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type === 'code') { counts.push(cell.executionCount); }
  }
  return {counts: counts, messages: window.mmlibIopub};
}"""


def outputs_per_cell(recorded: dict) -> list[list]:
    """Each code cell's outputs in nbval's shape, from the messages answering its execute request (the one
    whose execute_input carries the cell's execution count); a cell that did not run has none."""
    by_request: dict[str, list[dict]] = {}
    count_of: dict[int, str] = {}
    for message in recorded["messages"]:
        by_request.setdefault(message["parent"], []).append(message)
        if message["msg_type"] == "execute_input":
            count_of[message["content"]["execution_count"]] = message["parent"]
    return [outputs_from_messages(by_request[count_of[count]]) if count in count_of else []
            for count in recorded["counts"]]


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


def unexpected_errors(state: dict, *, raises_allowed: bool = True) -> list[str]:
    return [
        f"cell {cell['index']} ({cell['source']!r}): {error}"
        for cell in state["cells"]
        for error in cell["errors"]
        if not (raises_allowed and RAISES_TAGS & set(cell["tags"]))
    ]


UNANSWERED = re.compile(r"[^\n]+: not answered yet( \([^\n]*\))?\n?")
"""A lab check's verdict on an unanswered exercise ("minimax: not answered yet"): written on stderr so that
nbgrader's validate counts it, and expected in a student lab as it is handed out."""


def stderr_outputs(state: dict, *, raises_allowed: bool = True) -> list[str]:
    """Text on stderr (warnings, tracebacks) shows in a red box under the cell; in a student lab
    (``raises_allowed``) a check may say there that an exercise is not answered yet."""
    return [
        f"cell {cell['index']} ({cell['source']!r}): stderr {text[:200]!r}"
        for cell in state["cells"]
        for text in cell["stderr"]
        if not (raises_allowed and (RAISES_TAGS & set(cell["tags"]) or UNANSWERED.fullmatch(text)))
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
    """Next (or Back, for a step-through that opens at its last step), then the step slider by keys."""
    done = []
    before = observable(root)
    step = root.locator(".mmlib-step-slider input[type=range]").first
    at_end = step.input_value() == step.get_attribute("max")
    word, key = ("Back", "ArrowLeft") if at_end else ("Next", "ArrowRight")
    button = root.locator("button", has_text=re.compile(rf"^\s*{word}\s*$")).first
    button.click()
    before = wait_for_change(page, root, before, f"step-through: {word}")
    done.append(word)
    step.focus()
    for _ in range(2):
        step.press(key)                # the labelled step slider answers the arrow keys
    wait_for_change(page, root, before, "step-through: step slider, arrow keys")
    done.append("step slider (keyboard)")
    return done


def operate_sliders(name: str, page, root) -> list[str]:
    """An explorer made of mmlib sliders: the first slider one step on by the keyboard."""
    before = observable(root)
    slider = root.locator(".mmlib-slider input[type=range]").first
    slider.focus()
    slider.press("ArrowRight")
    wait_for_change(page, root, before, f"{name}: first slider, arrow keys")
    return ["first slider (keyboard)"]


def operate_growth_explorer(page, root) -> list[str]:
    before = observable(root)
    depth = root.locator(".mmlib-slider input[type=range]").nth(1)        # b, d, q, seed, trees
    depth.focus()
    depth.press("ArrowLeft" if depth.input_value() != depth.get_attribute("min") else "ArrowRight")
    wait_for_change(page, root, before, "growth explorer: depth slider, arrow keys")
    return ["depth slider (keyboard)"]


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
    target = next((i for i, label in enumerate(before_labels) if label.strip() not in ("X", "O")), 4)
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


def operate_practice(page, root) -> list[str]:
    """From the keyboard: Enter on the first leaf's button answers the question."""
    before = observable(root)
    root.locator(".mmlib-practice-leaf").first.focus()
    page.keyboard.press("Enter")
    after = wait_for_change(page, root, before, "practice: Enter on a leaf button")
    # The drawing may be redrawn a moment before the verdict is written: wait for the verdict itself.
    deadline = time.monotonic() + WIDGET_TIMEOUT
    while not re.search(r"[✓✗] (Right|No):", after) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        after = observable(root)
    assert re.search(r"[✓✗] (Right|No):", after), f"practice: no verdict after an answer ({after!r})"
    return ["leaf button (Enter)"]


DRIVERS = {
    "mmlib-step-through": operate_step_through,
    "mmlib-growth-explorer": operate_growth_explorer,
    "mmlib-orderings-explorer": lambda page, root: operate_sliders("orderings explorer", page, root),
    "mmlib-quality-explorer": lambda page, root: operate_sliders("quality explorer", page, root),
    "mmlib-chess-explorer": lambda page, root: operate_sliders("chess explorer", page, root),
    "mmlib-tree-editor": operate_tree_editor,
    "mmlib-tictactoe": operate_tictactoe,
    "mmlib-connect4": operate_connect4,
    "mmlib-practice": operate_practice,
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


# ------------------------------------------------------------------------------------------ inspection

# The text each output shows, by cell index (every cell is in the page: windowingMode is "none").
JS_OUTPUT_TEXTS = """() => {
  const cells = Array.from(window.jupyterapp.shell.currentWidget.content.node.querySelectorAll('.jp-Cell'));
  const found = [];
  cells.forEach((cell, index) => {
    for (const output of cell.querySelectorAll('.jp-OutputArea-output')) {
      found.push({cell: index, mime: output.getAttribute('data-mime-type') || '', text: output.innerText});
    }
  });
  return found;
}"""

# Widget views still being drawn (from saved state or from the kernel).
JS_WIDGETS_PENDING = """() => Array.from(document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]'))
  .filter(o => !o.querySelector('.jupyter-widgets, .lm-Widget') && !o.innerText.trim()).length"""

# Visible text smaller than the limit in the outputs and rendered markdown: the computed font size of HTML
# text; for SVG text the font size times the scale of its transformation to the screen.  SVG pictures shown
# as <img> are laid out inline at the image's displayed size, measured, and removed again.
JS_SMALL_TEXT = """(limit) => {
  const cells = Array.from(window.jupyterapp.shell.currentWidget.content.node.querySelectorAll('.jp-Cell'));
  const areas = '.jp-OutputArea-output, .jp-MarkdownOutput';
  const found = [];
  const shown = (element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const scale = (m) => m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
  const svgTexts = (root, index, where) => {
    for (const text of root.querySelectorAll('text, tspan')) {
      if (text.tagName === 'text' && text.querySelector('tspan')) { continue; }
      const words = text.textContent.trim();
      if (!words || !shown(text)) { continue; }
      const size = parseFloat(getComputedStyle(text).fontSize) * scale(text.getScreenCTM());
      if (size < limit) {
        found.push({cell: index, kind: where, size: Math.round(size * 10) / 10, text: words.slice(0, 60)});
      }
    }
  };
  cells.forEach((cell, index) => {
    for (const area of cell.querySelectorAll(areas)) {
      const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
      let node;
      while ((node = walker.nextNode())) {
        const words = node.textContent.trim();
        const element = node.parentElement;
        if (!words || !element || element.closest('svg')) { continue; }
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0 && r.height > 0);
        if (!rects.length || !shown(element)) { continue; }
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < limit) {
          found.push({cell: index, kind: 'HTML <' + element.tagName.toLowerCase() + '>', size: size,
                      text: words.slice(0, 60)});
        }
      }
      svgTexts(area, index, 'SVG');
      for (const img of area.querySelectorAll('img')) {
        const src = img.getAttribute('src') || '';
        if (!src.startsWith('data:image/svg+xml') || !shown(img)) { continue; }
        const comma = src.indexOf(',');
        const body = src.slice(0, comma).endsWith(';base64') ? atob(src.slice(comma + 1))
                                                               : decodeURIComponent(src.slice(comma + 1));
        const svg = new DOMParser().parseFromString(body, 'image/svg+xml').documentElement;
        if (svg.tagName !== 'svg') { continue; }
        if (!svg.getAttribute('viewBox')) {
          const w = parseFloat(svg.getAttribute('width')), h = parseFloat(svg.getAttribute('height'));
          if (w && h) { svg.setAttribute('viewBox', `0 0 ${w} ${h}`); }
        }
        const rect = img.getBoundingClientRect();
        svg.setAttribute('width', rect.width);
        svg.setAttribute('height', rect.height);
        const holder = document.createElement('div');
        holder.style.cssText = 'position:fixed;left:0;top:0;visibility:visible;pointer-events:none';
        holder.appendChild(document.importNode(svg, true));
        document.body.appendChild(holder);
        svgTexts(holder, index, 'SVG picture <img>');
        holder.remove();
      }
    }
  });
  return found;
}"""

# Drawings (SVG, images, canvases) in a cell's output that reach past the output's right edge: the
# column scrolls sideways and a projected lecture shows half a tree.
JS_TOO_WIDE = """() => {
  const content = window.jupyterapp.shell.currentWidget.content;
  const cells = Array.from(content.node.querySelectorAll('.jp-Cell'));
  const edge = (content.outerNode || content.node).getBoundingClientRect().right;    // the column's edge
  const found = [];
  cells.forEach((cell, index) => {
    for (const area of cell.querySelectorAll('.jp-OutputArea-output')) {
      for (const drawing of area.querySelectorAll('svg, img, canvas')) {
        if (drawing.parentElement.closest('svg')) { continue; }
        const box = drawing.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.right > edge + 1) {
          found.push({cell: index, kind: drawing.tagName.toLowerCase(), width: Math.round(box.width),
                      over: Math.round(box.right - edge)});
        }
      }
    }
  });
  return found;
}"""

# axe-core over the cell outputs and the rendered markdown; each violating node named with its cell.
JS_AXE = r"""async (impacts) => {
  const include = ['.jp-Notebook .jp-OutputArea', '.jp-Notebook .jp-MarkdownOutput']
    .filter(selector => document.querySelector(selector));
  if (!include.length) { return []; }
  const cells = Array.from(window.jupyterapp.shell.currentWidget.content.node.querySelectorAll('.jp-Cell'));
  const results = await axe.run({include: include.map(s => [s])}, {resultTypes: ['violations']});
  return results.violations.filter(v => impacts.includes(v.impact)).map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 8).map(n => {
      let element = null;
      try { element = document.querySelector(n.target[n.target.length - 1]); } catch (e) { element = null; }
      const cell = element ? cells.indexOf(element.closest('.jp-Cell')) : -1;
      const lines = (n.failureSummary || '').split('\n').map(l => l.trim());
      const reasons = lines.filter(l => l && !l.startsWith('Fix ')).slice(0, 2).join(' / ');
      return {cell: cell, html: n.html.slice(0, 120), summary: reasons};
    }),
    count: v.nodes.length,
  }));
}"""

# The notebook's scrolling element (JupyterLab 4: the windowed list's outer node) and its geometry.
JS_SCROLLER = """(top) => {
  const content = window.jupyterapp.shell.currentWidget.content;
  const scroller = content.outerNode || content.node;
  if (top !== null) { scroller.scrollTop = top; }
  const box = window.jupyterapp.shell.currentWidget.node.getBoundingClientRect();
  return {top: scroller.scrollTop, height: scroller.clientHeight, total: scroller.scrollHeight,
          box: {x: box.x, y: box.y, width: box.width, height: box.height}};
}"""


@dataclass
class View:
    """What one state of a notebook (as opened, or after Run All) shows."""

    shots: list[Path] = field(default_factory=list)
    reached_bottom: bool = False
    raw_reprs: list[str] = field(default_factory=list)
    figures_as_text: list[str] = field(default_factory=list)
    widget_errors: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    small_text: list[str] = field(default_factory=list)
    too_wide: list[str] = field(default_factory=list)
    axe: list[str] = field(default_factory=list)
    cells_in_page: tuple[int, int] = (0, 0)


@dataclass
class Report:
    relative: str
    before: View = field(default_factory=View)
    after: View = field(default_factory=View)
    not_run: list[int] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    outputs: list[list] = field(default_factory=list)  # each code cell's, in nbval's shape
    operated: dict[str, list[str]] = field(default_factory=dict)
    widget_failure: str = ""
    crash: str = ""
    seconds: float = 0.0


def shoot_whole_notebook(page, folder: Path, prefix: str) -> tuple[list[Path], bool]:
    """Screenshots of the notebook panel, one per screenful from top to bottom; True if the last one
    reached the end of the notebook."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{prefix}-*.png"):
        old.unlink()
    shots, top = [], 0
    geometry = page.evaluate(JS_SCROLLER, 0)
    for number in range(1, MAX_SHOTS + 1):
        geometry = page.evaluate(JS_SCROLLER, top)
        page.wait_for_timeout(150)
        path = folder / f"{prefix}-{number:02d}.png"
        page.screenshot(path=str(path), clip=geometry["box"])
        shots.append(path)
        if geometry["top"] + geometry["height"] >= geometry["total"] - 1:
            return shots, True
        top = geometry["top"] + max(geometry["height"] - 60, 100)  # a strip of overlap between screenfuls
    return shots, False


def wait_for_widgets(page) -> None:
    deadline = time.monotonic() + RENDER_TIMEOUT
    while time.monotonic() < deadline and page.evaluate(JS_WIDGETS_PENDING):
        page.wait_for_timeout(250)
    page.wait_for_timeout(1000)  # the last views lay out, MathJax typesets


def look(page, folder: Path, prefix: str, *, axe: bool, shoot: bool = True) -> View:
    """Inspect the notebook as it is now, and shoot it screenful by screenful if ``shoot``."""
    view = View()
    state = notebook_state(page)
    view.cells_in_page = (state["rendered"], state["count"])
    for output in page.evaluate(JS_OUTPUT_TEXTS):
        where = f"cell {output['cell']}"
        match = RAW_REPR.search(output["text"])  # one finding per output
        if match:
            excerpt = output["text"][max(0, match.start() - 20) : match.end() + 60]
            view.raw_reprs.append(f"{where}: {excerpt!r}")
        for match in FIGURE_AS_TEXT.finditer(output["text"]):
            view.figures_as_text.append(f"{where}: {match.group()!r}")
        if "Error displaying widget" in output["text"] or "Error rendering" in output["text"]:
            view.widget_errors.append(f"{where}: {output['text'][:200]!r}")
    for small in page.evaluate(JS_SMALL_TEXT, MIN_TEXT_PX):
        view.small_text.append(f"cell {small['cell']}: {small['kind']} {small['size']} px {small['text']!r}")
    for wide in page.evaluate(JS_TOO_WIDE):
        view.too_wide.append(f"cell {wide['cell']}: <{wide['kind']}> {wide['width']} px wide, "
                             f"{wide['over']} px past the column")
    if axe:
        for violation in page.evaluate(JS_AXE, list(AXE_IMPACTS)):
            nodes = "; ".join(
                f"cell {node['cell']}: {node['html']!r} ({node['summary']})" for node in violation["nodes"]
            )
            view.axe.append(
                f"{violation['impact']} {violation['id']} ({violation['help']}), "
                f"{violation['count']} element(s): {nodes}"
            )
    if shoot:
        view.shots, view.reached_bottom = shoot_whole_notebook(page, folder, prefix)
    return view


def operate_widgets(page) -> dict[str, list[str]]:
    operated: dict[str, list[str]] = {}
    for css_class, driver in DRIVERS.items():
        roots = page.locator(f".{css_class}")
        for index in range(roots.count()):
            root = roots.nth(index)
            root.scroll_into_view_if_needed()
            operated[f"{css_class}[{index}]"] = driver(page, root)
    return operated


def inspect_notebook(browser, lab: Lab, relative: str, *, shoot: bool = True) -> Report:
    """Open a notebook of the fresh clone, look at it, run it all, look again, operate its widgets.  The
    screenshots of every screenful (``shoot``) are taken only where their test runs (`make test-long`)."""
    report = Report(relative)
    started = time.monotonic()
    folder = SCREENSHOTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", relative.removesuffix(".ipynb"))
    shutil.rmtree(folder, ignore_errors=True)  # no screenshot of an earlier run is left beside this run's
    folder.mkdir(parents=True)
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.on("pageerror", lambda error: report.page_errors.append(str(error)[:300]))
    axe = AXE_JS.exists()
    try:
        open_notebook(page, lab, relative)
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        if axe:
            page.add_script_tag(path=str(AXE_JS))
        wait_for_widgets(page)
        report.before = look(page, folder, "1-before-run", axe=axe, shoot=shoot)
        report.before.errors = unexpected_errors(notebook_state(page), raises_allowed=False)
        page.evaluate(JS_RECORD_KERNEL)
        state = run_all(page)
        report.outputs = outputs_per_cell(page.evaluate(JS_RECORDED))
        wait_for_widgets(page)
        raises_allowed = is_student_lab(relative)
        report.after = look(page, folder, "2-after-run", axe=axe, shoot=shoot)
        report.after.errors = unexpected_errors(state, raises_allowed=raises_allowed) + stderr_outputs(
            state, raises_allowed=raises_allowed
        )
        report.not_run = [c["index"] for c in state["cells"] if c["count"] is None and c["source"].strip()]
        try:
            report.operated = operate_widgets(page)
        except AssertionError as failure:
            report.widget_failure = str(failure)
            page.screenshot(path=str(folder / "3-widget-failure.png"))
    except Exception as crash:  # noqa: BLE001 - reported by every test of this notebook
        report.crash = f"{type(crash).__name__}: {crash}"
        try:
            page.screenshot(path=str(folder / "0-crash.png"))
        except Exception:  # noqa: BLE001 - the crash itself is what matters
            pass
    finally:
        context.close()
        try:
            lab.shut_down_kernels()
        except OSError:
            pass
        report.seconds = time.monotonic() - started
    return report


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
    clone = fresh_clone(tmp_path_factory.mktemp("clone"))
    state = tmp_path_factory.mktemp("lab-state")
    with jupyterlab(clone, state) as server:
        yield server


@pytest.fixture(scope="module")
def reports(browser, lab, request) -> Callable[[str], Report]:
    """Each notebook is opened, run and operated once; every test of it reads the same report."""
    done: dict[str, Report] = {}
    shoot = any(item.name.startswith("test_screenshots_cover_the_whole_notebook[")
                for item in request.session.items)

    def report_for(relative: str) -> Report:
        if relative not in done:
            done[relative] = inspect_notebook(browser, lab, relative, shoot=shoot)
        report = done[relative]
        assert not report.crash, f"{relative}: {report.crash} (screenshots in {SCREENSHOTS})"
        return report

    return report_for


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    console_errors: list[str] = []
    page.on("pageerror", lambda error: console_errors.append(str(error)))
    page.console_errors = console_errors
    try:
        yield page
    finally:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        try:
            page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
        except Exception:  # noqa: BLE001 - a failed screenshot must not hide the test's own outcome
            pass
        context.close()


# ------------------------------------------------------------------------------------------ tests

STUDENT_NOTEBOOKS = student_notebooks()
STUDENT_IDS = [nb.relative_to(ROOT).as_posix() for nb in STUDENT_NOTEBOOKS]
WIDGET_NOTEBOOKS = widget_notebooks()
WIDGET_IDS = [nb.relative_to(ROOT).as_posix() for nb in WIDGET_NOTEBOOKS]


def failures(relative: str, what: str, findings: list[str]) -> str:
    """One line per finding; "cell N" counts every cell of the notebook from 0, markdown cells too."""
    return f"{relative}: {what} (cells numbered from 0, markdown included):\n  " + "\n  ".join(findings)


def test_every_lecture_and_lab_is_opened():
    """The browser tests cover the lectures and the student labs of notebooks/."""
    names = [name.removeprefix("notebooks/") for name in STUDENT_IDS]
    assert any(name[:2].isdigit() for name in names) and any(name.startswith("labs/") for name in names)


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_screenshots_cover_the_whole_notebook(reports, relative):
    report = reports(relative)
    for name, view in (("before running", report.before), ("after Run All", report.after)):
        rendered, count = view.cells_in_page
        assert rendered == count, f"{relative} {name}: {rendered} of {count} cells in the page (virtualised)"
        assert view.shots and all(shot.stat().st_size > 0 for shot in view.shots)
        assert view.reached_bottom, f"{relative} {name}: {len(view.shots)} screenshots did not reach the end"


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_unrun_notebook_renders_for_a_student(reports, relative):
    """As opened from a fresh clone: no raw repr, no figure as text, every widget drawn, no error."""
    view = reports(relative).before
    found = [
        *(f"raw repr, {f}" for f in view.raw_reprs),
        *(f"figure as text, {f}" for f in view.figures_as_text),
        *(f"widget not displayed, {f}" for f in view.widget_errors),
        *(f"stored error, {f}" for f in view.errors),
    ]
    assert not found, failures(relative, "before running", found)


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_notebook_runs_and_renders(reports, relative):
    """After Run All: every cell ran, no error output (but the stubs of a student lab), nothing raw."""
    report = reports(relative)
    view = report.after
    found = [
        *(f"cell {i} did not run" for i in report.not_run),
        *(f"error, {f}" for f in view.errors),
        *(f"raw repr, {f}" for f in view.raw_reprs),
        *(f"figure as text, {f}" for f in view.figures_as_text),
        *(f"widget not displayed, {f}" for f in view.widget_errors),
        *(f"page error: {e}" for e in report.page_errors),
    ]
    assert not found, failures(relative, "after Run All", found)


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_outputs_after_run_all_are_the_stored_ones(reports, relative):
    """Strict nbval on the outputs of Run All in JupyterLab (tests/notebooks/nbval_compare.py): every output
    nbval compares equals the stored one, so `make test` executes these notebooks here only."""
    stored = nbformat.read(ROOT / relative, as_version=4)
    found = differences(stored, reports(relative).outputs)
    assert not found, f"{relative}: stored outputs differ from the outputs after Run All (cells numbered " \
                      "like nbval's, code cells from 0):\n" + "\n".join(found)


def test_the_output_comparison_sees_one_character(reports):
    """The outputs recorded during Run All are compared for real: with one character of one stored
    output changed (a cell whose output nbval compares), the lecture no longer agrees."""
    relative = "notebooks/03_alpha_beta_pruning.ipynb"
    if relative not in STUDENT_IDS:
        pytest.skip(f"{relative} is gone")
    stored = nbformat.read(ROOT / relative, as_version=4)
    changed = 0
    for cell in stored.cells:
        if cell.cell_type == "code" and IGNORE_TAG not in cell.metadata.get("tags", []):
            streams = [output for output in cell.outputs if output.output_type == "stream"]
            if streams and "5" in streams[0].text:
                streams[0].text = streams[0].text.replace("5", "6", 1)
                changed += 1
                break
    assert changed == 1
    found = differences(stored, reports(relative).outputs)
    assert len(found) == 1 and "Cell outputs differ" in found[0], found


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_no_text_smaller_than_9_px(reports, relative):
    report = reports(relative)
    found = [*(f"before running, {f}" for f in report.before.small_text)]
    found += [f"after Run All, {f}" for f in report.after.small_text]
    assert not found, failures(relative, f"text under {MIN_TEXT_PX:g} px", found)


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_no_drawing_wider_than_the_column(reports, relative):
    """Live explorers and stills alike fit the notebook's column: nothing scrolls sideways."""
    report = reports(relative)
    found = [*(f"before running, {f}" for f in report.before.too_wide)]
    found += [f"after Run All, {f}" for f in report.after.too_wide]
    assert not found, failures(relative, "drawings wider than the column", found)


@pytest.mark.parametrize("relative", STUDENT_IDS)
def test_no_serious_accessibility_violation(reports, relative):
    require(axe_problem())
    report = reports(relative)
    found = [*(f"before running: {f}" for f in report.before.axe)]
    found += [f"after Run All: {f}" for f in report.after.axe]
    assert not found, failures(relative, "axe-core, serious or critical", found)


@pytest.mark.parametrize("relative", WIDGET_IDS)
def test_widget_notebook_runs_and_responds(reports, relative):
    report = reports(relative)
    assert not report.widget_failure, f"{relative}: {report.widget_failure}"
    assert report.operated, f"{relative} shows widgets but none of the classes {WIDGET_CLASSES} was found"


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
    try:
        open_notebook(page, lab, "harness.ipynb")
        state = run_all(page)
        assert not unexpected_errors(state)
        root = page.locator(".mmlib-harness")
        root.wait_for(timeout=30_000)
        assert status_text(root) == "value 3"
        set_slider(page, root.locator(".widget-slider, .widget-hslider").first, "ArrowRight")
        wait_for_change(page, root, "value 3\n", "harness slider")
        assert status_text(root) == "value 4"
    finally:
        lab.shut_down_kernels()


def test_the_checks_find_what_they_look_for(page, lab):
    """The inspection itself, on a scratch notebook with one of each defect: it must report every one."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)"}
    code = (
        "from IPython.display import HTML, SVG, display\n"
        'display(HTML(\'<p style="font-size:7px">tiny words</p><img src="x.png">\'))\n'
        'display(SVG(\'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" '
        'viewBox="0 0 400 200"><text x="10" y="50" font-size="16">halved</text></svg>\'))\n'
        'display(HTML(\'<svg width="100" height="40"><text x="0" y="20" font-size="6">small '
        "label</text></svg>'))\n"
        'display(HTML(\'<div style="width:3000px"><svg width="3000" height="40" viewBox="0 0 3000 40">'
        "<text x=\"0\" y=\"20\" font-size=\"16\">wide</text></svg></div>'))\n"
        "print(object.__new__(type('Node', (), {})))\n"
        "raise ValueError('boom')"
    )
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nbformat.write(nb, lab.root / "defects.ipynb")
    try:
        open_notebook(page, lab, "defects.ipynb")
        if AXE_JS.exists():
            page.add_script_tag(path=str(AXE_JS))
        state = run_all(page)
        wait_for_widgets(page)
        view = look(page, SCREENSHOTS / "_defects", "run", axe=AXE_JS.exists())
    finally:
        lab.shut_down_kernels()
    errors = unexpected_errors(state)
    assert len(errors) == 1, errors
    assert errors[0].startswith("cell 0 ") and errors[0].endswith("ValueError: boom"), errors
    small = "\n".join(view.small_text)
    assert "7.0 px 'tiny words'" in small or "7 px 'tiny words'" in small, small
    assert "'small label'" in small and "8 px 'halved'" in small, small
    assert any("Node object at 0x" in found for found in view.raw_reprs), view.raw_reprs
    assert any("<svg> 3000 px wide" in found for found in view.too_wide), view.too_wide
    assert len(view.too_wide) == 1, view.too_wide          # the other drawings fit
    if AXE_JS.exists():
        assert any("image-alt" in found for found in view.axe), view.axe


def wait_for_text(page, locator, pattern: str, what: str) -> str:
    """The text of ``locator`` once it matches the regular expression ``pattern``."""
    deadline = time.monotonic() + WIDGET_TIMEOUT
    text = ""
    while time.monotonic() < deadline:
        text = " | ".join(locator.all_inner_texts())
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(200)
    raise AssertionError(f"{what}: expected {pattern!r}, the widget says {text!r}")


def run_widget_cells(page, lab: Lab, name: str, *sources: str) -> Path:
    """Write ``name``.ipynb, one code cell per source (tagged as the lectures tag explorer cells), open it
    and Run All without an error; returns an empty folder build/screenshots/``name``/ for its shots."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)"}
    nb.cells = [nbformat.v4.new_code_cell(source, metadata={"tags": [IGNORE_TAG]}) for source in sources]
    nbformat.write(nb, lab.root / f"{name}.ipynb")
    folder = SCREENSHOTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    open_notebook(page, lab, f"{name}.ipynb")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    state = run_all(page)
    assert not unexpected_errors(state) and not stderr_outputs(state)
    return folder


def test_practice_is_operated_from_the_keyboard(page, lab):
    """The practice widget with the keyboard alone: Enter on leaf buttons, the kind of question chosen
    by typing in its list, α and β typed with Tab between them and Enter to check, a mistyped value
    refused with a message, a fresh question; each state shot into build/screenshots/practice/."""

    def shoot(name: str) -> None:
        root.scroll_into_view_if_needed()
        root.screenshot(path=str(folder / f"{name}.png"))

    try:
        folder = run_widget_cells(page, lab, "practice",
                                  "from mmlib import widgets\nwidgets.practice(seed=1)")
        root = page.locator(".mmlib-practice")
        root.wait_for(timeout=30_000)
        status, score = root.locator(".mmlib-status"), root.locator(".mmlib-practice-score")
        prompt = root.locator(".mmlib-practice-prompt")
        leaves = root.locator(".mmlib-practice-leaf")
        assert leaves.count() == 8 and leaves.first.inner_text().strip() == "leaf H (5)"
        shoot("1-question")

        leaves.first.focus()                                  # H: the first leaf evaluated
        page.keyboard.press("Enter")
        wait_for_text(page, status, r"✓ Right: reach the leaf H", "Enter on H")
        wait_for_text(page, score, r"Score: 1 right of 1 answered", "score after H")
        leaves.last.focus()                                   # O comes later, and is pruned
        page.keyboard.press("Space")
        wait_for_text(page, status, r"✗ No: alpha-beta takes the children left to right", "Space on O")
        wait_for_text(page, score, r"Score: 1 right of 2 answered", "score after O")
        shoot("2-leaf-answers")

        root.locator("select").first.focus()                  # the kind of question, by typing
        page.keyboard.type("w")
        wait_for_text(page, prompt, r"alpha-beta enters B \(MIN\)\. With which window", "window questions")
        alpha = root.locator(".mmlib-practice-alpha input")
        alpha.focus()
        page.keyboard.type("-inf")
        page.keyboard.press("Tab")                            # on to the β box
        page.keyboard.type("inf")
        page.keyboard.press("Enter")
        wait_for_text(page, status, r"✓ Right: B is entered with \[−∞, \+∞\]", "window of B")
        wait_for_text(page, score, r"Score: 2 right of 3 answered", "score after B")
        alpha.focus()
        page.keyboard.type("seven")
        page.keyboard.press("Tab")
        page.keyboard.type("5")
        page.keyboard.press("Enter")
        wait_for_text(page, status, r"α: write a number such as 7", "mistyped α")
        wait_for_text(page, score, r"Score: 2 right of 3 answered", "score after a mistyped α")
        shoot("3-window-refused")

        before = " ".join(prompt.all_inner_texts())
        root.locator(".mmlib-practice-new").focus()
        page.keyboard.press("Enter")
        after = wait_for_text(page, prompt, r"Question (?!1:)\d+: alpha-beta enters", "New question")
        assert after != before
        shoot("4-new-question")

        root.locator("select").first.focus()                  # typed: the next leaf pruned
        page.keyboard.type("p")
        wait_for_text(page, prompt, r"Question 2: which leaf does alpha-beta's first cutoff prune",
                      "pruned leaves")
        leaves.nth(6).focus()                                 # N: C's first value 9 ≤ α = 11 prunes G
        page.keyboard.press("Enter")
        wait_for_text(page, status, r"✓ Right: at C: 9 ≤ α = 11, so C's remaining child G is pruned",
                      "Enter on N")
        wait_for_text(page, prompt, r"Question 2: done", "the question done")
        shoot("5-pruned-done")
        assert not page.console_errors, page.console_errors
    finally:
        lab.shut_down_kernels()


def test_game_boards_are_played_from_the_keyboard_and_say_each_move(page, lab):
    """Lectures 07 and 08's boards in JupyterLab, from the keyboard alone: Connect Four's column
    buttons are real buttons, numbered, named "drop in column N" and each over its column of discs;
    Enter on one drops a disc and the status line (a polite live region) says what both sides
    played and whose move it is; New game is a button of its own size.  Tic-tac-toe's squares
    answer Enter the same way.  Each board is shot into build/screenshots/play/."""
    try:
        folder = run_widget_cells(page, lab, "play", "from mmlib import widgets\n"
                                  "from mmlib.games.connect4 import ConnectFour\n"
                                  "widgets.play_connect4(ConnectFour(), depth=3)",
                                  "widgets.play_tictactoe(computer_first=True)")
        board = page.locator(".mmlib-connect4")
        board.wait_for(timeout=30_000)
        buttons = board.locator("button.mmlib-column")
        buttons.first.wait_for(timeout=30_000)
        names = buttons.evaluate_all("bs => bs.map(b => [b.textContent, b.getAttribute('aria-label')])")
        assert names == [[str(c), f"drop in column {c}"] for c in range(7)], names
        centres = sorted({round(x, 1) for x in board.locator(".mmlib-figure svg circle").evaluate_all(
            "cs => cs.map(c => { const r = c.getBoundingClientRect(); return r.x + r.width / 2; })")})
        for column, centre in enumerate(centres):
            box = buttons.nth(column).bounding_box()
            assert abs(box["x"] + box["width"] / 2 - centre) < 1.5, (column, box, centre)
        status = board.locator(".mmlib-status [aria-live=polite][role=status]")
        assert "Your move (X)" in status.inner_text()
        new_game = board.locator("button", has_text="New game")
        assert new_game.bounding_box()["width"] < 200
        board.scroll_into_view_if_needed()
        board.screenshot(path=str(folder / "1-connect-four.png"))
        buttons.nth(3).focus()
        page.keyboard.press("Enter")
        wait_for_text(page, status, r"You \(X\) played column 3\.\s+The computer \(O\) played column \d",
                      "Enter on column 3")
        assert "Your move (X)" in status.inner_text()
        board.screenshot(path=str(folder / "2-connect-four-answered.png"))

        ttt = page.locator(".mmlib-tictactoe")
        squares = ttt.locator(".mmlib-square")
        squares.first.wait_for(timeout=30_000)
        taken = next(i for i, label in enumerate(squares.all_inner_texts()) if label.strip() == "X")
        free = next(i for i, label in enumerate(squares.all_inner_texts()) if label.strip() not in ("X", "O"))
        # each square is a button whose accessible name says it in full, not just "4" or "X"
        for square, mark in ((taken, "X"), (free, "empty")):
            row, column = divmod(square, 3)
            name = f"square {square}, row {row + 1}, column {column + 1}, {mark}"
            named = ttt.get_by_role("button", name=name, exact=True)
            assert named.count() == 1, (square, squares.evaluate_all("bs => bs.map(b => b.ariaLabel)"))
        assert ttt.get_by_role("button", name=f"square {taken}", exact=False).first.is_disabled()
        ttt.get_by_role("button", name=f"square {free}, ", exact=False).first.focus()
        page.keyboard.press("Enter")
        ttt_status = ttt.locator(".mmlib-status [aria-live=polite]")
        wait_for_text(page, ttt_status, rf"You \(O\) played square {free} ", f"Enter on square {free}")
        assert "Your move (O)" in ttt_status.inner_text()
        row, column = divmod(free, 3)
        assert ttt.get_by_role("button", name=f"square {free}, row {row + 1}, column {column + 1}, O",
                               exact=True).count() == 1
        require(axe_problem())
        page.add_script_tag(path=str(AXE_JS))
        assert not look(page, folder, "axe", axe=True, shoot=False).axe
        ttt.scroll_into_view_if_needed()
        ttt.screenshot(path=str(folder / "3-tictactoe.png"))
        assert not page.console_errors, page.console_errors
    finally:
        lab.shut_down_kernels()


def range_inputs_state(root) -> list[dict]:
    """Each native slider of ``root``: its accessible name (label), value, words and range."""
    return root.locator("input[type=range]").evaluate_all(
        """inputs => inputs.map(i => ({label: i.labels.length ? i.labels[0].textContent : '',
                                        aria: i.getAttribute('aria-label'), value: i.value,
                                        words: i.getAttribute('aria-valuetext'), min: i.min, max: i.max}))""")


def drag_slider(page, slider, fraction: float) -> None:
    """Press the mouse on the slider's thumb and drag it to ``fraction`` of the track."""
    box = slider.bounding_box()
    value, low, high = (float(slider.evaluate(f"i => i.{name}")) for name in ("value", "min", "max"))
    thumb = box["x"] + 8 + (box["width"] - 16) * (value - low) / ((high - low) or 1)
    y = box["y"] + box["height"] / 2
    page.mouse.move(thumb, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(thumb + (box["x"] + 8 + (box["width"] - 16) * fraction - thumb) * step / 10, y)
    page.mouse.up()


def test_explorer_sliders_work_by_mouse_and_keyboard_and_are_axe_clean(page, lab):
    """The growth explorer and the step-through in JupyterLab: a slider dragged by the mouse and
    moved by the arrow keys redraws the plot and the status; a value typed out of range is refused
    with what fits; every slider has an accessible name and its value in words; axe-core finds no
    serious violation (aria-input-field-name above all) in the explorers."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)"}
    nb.cells = [nbformat.v4.new_code_cell(source, metadata={"tags": [IGNORE_TAG]}) for source in (
        "from mmlib import widgets\nwidgets.growth_explorer(branching=3, depth=3)",
        "widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]])",
        "widgets.orderings_explorer(branching=2, depth=4)",
        "import ipywidgets\nipywidgets.IntSlider(value=1, description='plain')")]   # the check's own control
    nbformat.write(nb, lab.root / "sliders.ipynb")
    folder = SCREENSHOTS / "sliders"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        open_notebook(page, lab, "sliders.ipynb")
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        state = run_all(page)
        assert not unexpected_errors(state) and not stderr_outputs(state)
        growth = page.locator(".mmlib-growth-explorer")
        growth.wait_for(timeout=30_000)
        growth.locator("input[type=range]").first.wait_for(timeout=30_000)
        sliders = range_inputs_state(growth)
        names = ["branching factor b", "depth d", "ordering quality q", "seed", "trees"]
        assert [s["label"] for s in sliders] == names, sliders
        # the status line is one live region that stays while its words change
        assert growth.locator(".mmlib-status [role=status][aria-live=polite]").count() == 1
        assert all(s["aria"] and s["words"] for s in sliders), sliders
        assert sliders[1]["words"] == "depths 1 to 3" and int(sliders[1]["max"]) >= 10, sliders

        # keyboard: d one step on, and the plot and the status follow
        before = observable(growth)
        depth = growth.locator("input[type=range]").nth(1)
        depth.focus()
        page.keyboard.press("ArrowRight")
        wait_for_text(page, growth.locator(".mmlib-status"), r"^depth 4: 17 leaves", "d by the keyboard")
        assert depth.get_attribute("aria-valuetext") == "depths 1 to 4"
        wait_for_change(page, growth, before, "growth explorer: plot after d")

        # mouse: b dragged to the right end (8): the depth slider shrinks to what fits in time
        branching = growth.locator("input[type=range]").first
        drag_slider(page, branching, 1.0)
        wait_for_text(page, growth.locator(".mmlib-status"), r"b = 8\b", "b dragged to 8 by the mouse")
        assert branching.input_value() == "8"
        assert growth.locator("input[type=number]").first.input_value() == "8"     # its box follows
        deadline = time.monotonic() + WIDGET_TIMEOUT
        while depth.evaluate("i => i.max") != "12" and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert depth.evaluate("i => i.max") == "12", "b = 8, best order: depths 1 to 12 fit"
        growth.screenshot(path=str(folder / "1-growth-after-drag.png"))

        # a depth typed beyond what fits is refused in words, and nothing is searched
        box = growth.locator("input[type=number]").nth(1)
        box.fill("100")
        box.press("Enter")
        box.press("Tab")
        note = wait_for_text(page, growth.locator(".mmlib-slider-note"),
                             r"depth d: 100 is out of range: choose 1 to 12\. At b = 8, best ordering",
                             "typed 100")
        assert "answer within 2 seconds" in note
        assert box.input_value() == "4"
        box.fill("2.5")
        box.press("Enter")
        box.press("Tab")
        wait_for_text(page, growth.locator(".mmlib-slider-note"), r"depth d: 2\.5 is not a whole number\.",
                      "typed 2.5")
        assert box.input_value() == "4"
        growth.screenshot(path=str(folder / "2-growth-refusal.png"))

        # the step-through: its step slider by the keyboard, then dragged to the end by the mouse
        step_root = page.locator(".mmlib-step-through")
        step = step_root.locator(".mmlib-step-slider input[type=range]")
        assert range_inputs_state(step_root)[0]["label"] == "step"
        step.focus()
        page.keyboard.press("ArrowRight")
        wait_for_text(page, step_root.locator(".mmlib-status"), r"^step 1: enter A", "step by the keyboard")
        drag_slider(page, step, 1.0)
        wait_for_text(page, step_root.locator(".mmlib-status"), r"the value of the game is 3",
                      "step dragged to the end")
        assert step.get_attribute("aria-valuetext") == f"step {step.evaluate('i => i.max')} of " \
            f"{step.evaluate('i => i.max')}"
        step_root.screenshot(path=str(folder / "3-step-through-end.png"))

        require(axe_problem())
        page.add_script_tag(path=str(AXE_JS))
        view = look(page, folder, "axe", axe=True)
        # ipywidgets' own slider (cell 3) has a handle without a name; the explorers (cells 0-2) none
        assert len(view.axe) == 1 and "aria-input-field-name" in view.axe[0], view.axe
        assert re.findall(r"cell (\d+):", view.axe[0]) == ["3"], view.axe
        assert not view.small_text, view.small_text
        assert not page.console_errors, page.console_errors
    finally:
        lab.shut_down_kernels()
