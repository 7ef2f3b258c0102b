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
and settings, and reopens the lecture. The second test does the same on the students' distribution,
with the Jupyter configuration its `start` script gives Binder's Jupyter (its notebooks store each
explorer as its still picture, without widget state).
"""

from __future__ import annotations

import json
import subprocess
import sys
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


def student_lab(clone: Path, state: Path, config: Path | None = None):
    """JupyterLab serving ``clone`` with the students' configuration (``config``, by default
    ``jupyter/student``) first, as `make lab` starts it."""
    config = config or clone / "jupyter" / "student"
    return jupyter_server("jupyterlab", clone, state, env={
        "MMLIB_PROGRESS": "0", "JUPYTER_CONFIG_PATH": str(config)}, args=(
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
    clone = fresh_clone(tmp_path / "clone")
    views_as_cloned = widget_views(clone / LECTURE)
    assert views_as_cloned and set(views_as_cloned) <= stored_state(clone / LECTURE)
    run_save_and_reopen(clone, tmp_path / "state")


def test_the_students_distribution_started_as_binder_starts_it_reopens_without_widget_error(tmp_path):
    from mmlib.course import distribute

    course = tmp_path / "course"
    distribute.distribute(course, "uni-example/game-search")
    assert widget_views(course / LECTURE) == [] and stored_state(course / LECTURE) == set()
    # the configuration path as the distribution's `start` sets it (repo2docker runs Jupyter through it)
    probe = "import os; print(os.environ['JUPYTER_CONFIG_PATH'])"
    started = subprocess.run([str(course / "start"), sys.executable, "-c", probe], cwd=course, check=True,
                             env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60)
    config = Path(started.stdout.strip())
    assert config == course / "jupyter"
    run_save_and_reopen(course, tmp_path / "state", config)


def run_save_and_reopen(clone: Path, state: Path, config: Path | None = None) -> None:
    """Run all of the lecture in JupyterLab (``config`` first on the configuration path), save, restart
    the server and reopen it: each explorer shows live or as its still picture, never an error."""
    chromium = require_browser()
    from playwright.sync_api import sync_playwright

    saved = clone / LECTURE
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            with student_lab(clone, state, config) as lab:
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

            with student_lab(clone, state, config) as lab:  # the same trust database: the notebook is trusted
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
