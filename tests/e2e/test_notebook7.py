"""End to end: a lecture in the Jupyter Notebook 7 interface, the one many university hubs open by default.

One Notebook 7 server (`python -m notebook`, the same settings as the JupyterLab tests: random port and
token, no news, a fresh clone of the repository) serves the start notebook. The test opens it as a student
does, checks what it shows before anything runs (the explorer's still picture, no raw repr), runs it all,
checks the outputs again, then drives the step-through explorer by mouse (the Next button) and by keyboard
(arrow keys on its step slider), with the drivers of tests/e2e/test_browser.py.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_browser import (  # noqa: F401, F811 - browser and chromium_path are fixtures used here
    FIGURE_AS_TEXT,
    RAW_REPR,
    ROOT,
    VIEWPORT,
    Lab,
    browser,
    chromium_path,
    fresh_clone,
    jupyter_server,
    observable,
    operate_step_through,
    run_all,
    stderr_outputs,
    unexpected_errors,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser

LECTURE = "notebooks/00_start_here.ipynb"
STUDENT_CONFIG = ROOT / "jupyter" / "student"


def notebook7(root: Path, state: Path):
    """Jupyter Notebook 7 serving `root`, with its settings, workspaces and runtime files under `state`."""
    return jupyter_server("notebook", root, state, args=("--JupyterNotebookApp.expose_app_in_browser=True",),
                          env={"JUPYTER_CONFIG_PATH": str(STUDENT_CONFIG)})  # as `make lab`: no grader


@pytest.fixture(scope="module")
def server(tmp_path_factory, chromium_path) -> Iterator[Lab]:  # noqa: F811 - the imported fixture
    clone = fresh_clone(tmp_path_factory.mktemp("clone"))
    with notebook7(clone, tmp_path_factory.mktemp("notebook-state")) as running:
        yield running


def notebook_shortcut_glitch(error: str) -> bool:
    """Notebook 7.6's own keyboard-shortcut settings (JupyterLab's shortcuts extension, bundled in
    notebook_core) throw this when a plugin's settings change that the registry holds no schema for: an
    error inside Notebook's own bundle, outside every output of the course (it stays with the Jupytext and
    nbgrader extensions switched off). Nothing else is excused."""
    first_frame = next((line for line in error.splitlines()[1:] if line.strip().startswith("at ")), "")
    return (error.startswith("Cannot read properties of undefined (reading 'schema')")
            and "/static/notebook/notebook_core." in first_frame)


JS_OUTPUT_TEXT = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
  .map(o => o.innerText).join('\\n')"""


def raw_text(page) -> list[str]:
    text = page.evaluate(JS_OUTPUT_TEXT)
    return [m.group() for pattern in (RAW_REPR, FIGURE_AS_TEXT) for m in pattern.finditer(text)]


def test_lecture_runs_and_its_explorer_responds_in_notebook_7(browser, server):  # noqa: F811
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(f"{error}\n{error.stack or ''}"))
    try:
        page.goto(f"{server.url}/notebooks/{LECTURE}?token={server.token}")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
        assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        page.wait_for_function(
            """() => { const p = window.jupyterapp.shell.currentWidget;
                       return p && p.sessionContext && p.sessionContext.session &&
                              p.sessionContext.session.kernel &&
                              p.sessionContext.session.kernel.status === 'idle'; }""",
            timeout=90_000,
        )
        wait_for_widgets(page)
        # As opened: the explorer's still picture and its sentence, nothing raw.
        still = page.locator(".mmlib-fallback").first
        assert still.is_visible() and "run the cell" in still.inner_text()
        assert not raw_text(page)

        started = time.monotonic()
        state = run_all(page)
        wait_for_widgets(page)
        assert not unexpected_errors(state, raises_allowed=False)
        assert not stderr_outputs(state, raises_allowed=False)
        assert not [c["index"] for c in state["cells"] if c["count"] is None and c["source"].strip()]
        assert not raw_text(page)
        assert "Error displaying widget" not in page.evaluate(JS_OUTPUT_TEXT)

        root = page.locator(".mmlib-step-through").first
        root.wait_for(timeout=30_000)
        root.scroll_into_view_if_needed()
        before = observable(root)
        done = operate_step_through(page, root)          # Next by mouse, the step slider by keyboard
        assert done == ["Next", "step slider (keyboard)"]
        assert observable(root) != before
        assert time.monotonic() - started < 240
        assert not [error for error in page_errors if not notebook_shortcut_glitch(error)], page_errors
    finally:
        context.close()
        server.shut_down_kernels()
