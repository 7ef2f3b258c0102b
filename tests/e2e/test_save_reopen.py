"""A student's second session looks like the first: a lecture run and saved, reopened after the server
restarts, shows each explorer live or as its still picture, never "Error displaying widget".

JupyterLab saves a notebook after Run All (the student presses Ctrl+S, or autosave does). The saved
outputs then name widget models of the kernel that has gone, and JupyterLab keeps no widget state in
the file, so on reopening (the notebook now trusted) ipywidgets finds no model and shows
"Error displaying widget: model not found" where the explorer was. The students' Jupyter
configuration (jupyter/student/, which `make lab` and `make notebook` put first on the configuration
path) runs a pre-save hook that keeps a widget view in the file only while the file holds its model's
state; an explorer's output then falls back to its still picture.

The test starts JupyterLab as `make lab` does, on a copy of the repository as a fresh clone has it, runs
all of lecture 00 in chromium, saves, stops the server, starts a new one with the same trust database
and settings, and reopens the lecture.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_browser import (
    CHROMIUM_ARGS,
    WIDGET_MIME,
    fresh_clone,
    jupyter_server,
    open_notebook,
    require_browser,
    run_all,
    unexpected_errors,
    wait_for_widgets,
    widget_error_texts,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]   # two JupyterLab servers and a Run All: a minute

LECTURE = "notebooks/00_start_here.ipynb"

# Each widget output has settled: shown live, as its still picture, or as an error (not "Loading widget...").
JS_SETTLED = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
                      .every(o => !o.innerText.includes('Loading widget'))"""

JS_SAVED = """() => { const panel = window.jupyterapp.shell.currentWidget;
                      return panel && panel.context && !panel.context.model.dirty; }"""


def student_lab(clone: Path, state: Path):
    """JupyterLab serving ``clone`` with the students' configuration first, as `make lab` starts it."""
    return jupyter_server("jupyterlab", clone, state, env={
        "MMLIB_PROGRESS": "0", "JUPYTER_CONFIG_PATH": str(clone / "jupyter" / "student")}, args=(
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True"))


def widget_views(path: Path) -> list[str]:
    """The model ids of the widget views in the stored outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [output["data"][WIDGET_MIME]["model_id"] for cell in nb["cells"] if cell["cell_type"] == "code"
            for output in cell.get("outputs", []) if WIDGET_MIME in output.get("data", {})]


def stored_state(path: Path) -> set[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    widgets = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    return set(widgets.get("state", {}))


def test_a_lecture_run_saved_and_reopened_shows_no_widget_error(tmp_path):
    chromium = require_browser()
    from playwright.sync_api import sync_playwright

    clone = fresh_clone(tmp_path / "clone")
    state = tmp_path / "state"
    saved = clone / LECTURE
    views_as_cloned = widget_views(saved)
    assert views_as_cloned and set(views_as_cloned) <= stored_state(saved)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            with student_lab(clone, state) as lab:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                open_notebook(page, lab, LECTURE)
                ran = run_all(page)
                assert unexpected_errors(ran) == []
                page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
                page.wait_for_function(JS_SAVED, timeout=30_000)
                page.wait_for_timeout(1000)
                lab.shut_down_kernels()
                page.close()
            after_run = json.loads(saved.read_text(encoding="utf-8"))
            code = [cell for cell in after_run["cells"] if cell["cell_type"] == "code"]
            assert None not in [cell.get("execution_count") for cell in code], "Run All's outputs saved"
            explorers = [output for cell in code
                         for output in cell.get("outputs", []) if "Step-through explorer" in
                         "".join(output.get("data", {}).get("text/plain", ""))]
            assert explorers and all("text/html" in output["data"] for output in explorers)
            assert set(widget_views(saved)) <= stored_state(saved), \
                "every widget view saved has its model's state in the file"

            with student_lab(clone, state) as lab:          # the same trust database: the notebook is trusted
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                open_notebook(page, lab, LECTURE)
                wait_for_widgets(page)
                page.wait_for_function(JS_SETTLED, timeout=30_000)
                page.wait_for_timeout(2000)              # the widget manager has restored what it can
                assert widget_error_texts(page) == []
                stills = page.locator(".jp-OutputArea-output .mmlib-fallback img").count()
                live = page.locator(".jp-OutputArea-output .mmlib-step-through").count()
                assert stills + live == len(explorers), (stills, live)
                assert page.locator(".jp-OutputArea-output .mmlib-fallback p").first.inner_text().startswith(
                    "Step-through explorer")
                lab.shut_down_kernels()
                page.close()
        finally:
            browser.close()
