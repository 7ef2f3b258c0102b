"""Tests of mmlib.widgets.saving: a saved notebook keeps a widget view only while it holds the model."""

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from mmlib.widgets.saving import WIDGET_STATE, WIDGET_VIEW, keep_views_with_state, pre_save_hook, stills_only


def view(model_id, **more):
    return new_output("display_data", data={WIDGET_VIEW: {"model_id": model_id, "version_major": 2,
                                                          "version_minor": 0}, **more})


def notebook(stored=()):
    nb = new_notebook(cells=[new_markdown_cell("# a lecture"), new_code_cell("explorer()", outputs=[
        view("kept", **{"text/plain": "the explorer in words", "text/html": "<img alt='still'>"}),
        view("gone", **{"text/plain": "another explorer"}),
        view("bare"),
    ])])
    if stored:
        nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0,
                                                 "state": {model: {} for model in stored}}}
    return nb


def test_only_views_whose_model_is_stored_stay_and_the_notebook_stays_valid():
    nb = notebook(stored=["kept"])
    assert keep_views_with_state(nb) == 2
    outputs = nb.cells[1].outputs
    assert WIDGET_VIEW in outputs[0]["data"] and WIDGET_VIEW not in outputs[1]["data"]
    assert outputs[1]["data"] == {"text/plain": "another explorer"}
    assert outputs[2]["data"] == {"text/plain": "an interactive widget: run the cell to show it"}
    nbformat.validate(nb)
    assert keep_views_with_state(nb) == 0                      # a second save changes nothing


def test_stills_only_drops_the_state_and_every_view():
    nb = notebook(stored=["kept", "gone"])
    assert stills_only(nb) == 3 and "widgets" not in nb.metadata
    assert [sorted(output["data"]) for output in nb.cells[1].outputs] == \
        [["text/html", "text/plain"], ["text/plain"], ["text/plain"]]
    nbformat.validate(nb)


def test_the_save_hook_mends_notebooks_and_leaves_other_files_alone():
    nb = notebook()
    model = {"type": "notebook", "content": nb}
    pre_save_hook(model, path="lecture.ipynb")
    assert not any(WIDGET_VIEW in output["data"] for output in nb.cells[1].outputs)
    other = {"type": "file", "content": {"cells": [{"cell_type": "code", "outputs": [view("x")]}]}}
    pre_save_hook(other, path="data.json")
    assert WIDGET_VIEW in other["content"]["cells"][0]["outputs"][0]["data"]
