"""What a saved notebook keeps of its explorers: a widget view only while the file holds its model.

A cell that shows an explorer stores the widget view (``application/vnd.jupyter.widget-view+json``,
naming a widget model by id) and, beside it, the explorer's still picture (``text/html``) and a
sentence (``text/plain``).  The front end shows the widget view when it can find the model: from the
running kernel, or from the widget state stored in the notebook's metadata (an executed lecture as
the course ships it holds that state).  JupyterLab does not store the state when a student saves
(its ``saveState`` setting is off), so a lecture run and saved names models that are gone with the
kernel, and on reopening ipywidgets shows "Error displaying widget: model not found" in place of
the explorer instead of falling back to its picture.

:func:`keep_views_with_state` removes from a notebook the widget views whose model the file does not
hold, so the front end shows the still picture; :func:`pre_save_hook` does so on every save in a
Jupyter server configured with it, as the students' configuration ``jupyter/student/`` does (and the
students' distribution's ``jupyter/``, which its ``start`` script gives Binder's Jupyter)::

    {"ContentsManager": {"pre_save_hook": "mmlib.widgets.saving.pre_save_hook"}}

A front end that runs no server hook (VS Code's notebook editor) saves what it shows; :func:`stills_only`
stores a notebook so that this is safe there (the students' distribution is stored so).

The running session is not touched: the explorers stay live until the notebook is closed.

>>> nb = {"metadata": {}, "cells": [{"cell_type": "code", "outputs": [{"output_type": "display_data",
...     "data": {"text/plain": "A still", "text/html": "<img alt='a still'>",
...              WIDGET_VIEW: {"model_id": "4f1c", "version_major": 2, "version_minor": 0}}}]}]}
>>> keep_views_with_state(nb)
1
>>> sorted(nb["cells"][0]["outputs"][0]["data"])
['text/html', 'text/plain']
"""

from __future__ import annotations

from typing import Any

__all__ = ["WIDGET_VIEW", "WIDGET_STATE", "keep_views_with_state", "stills_only", "pre_save_hook"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _stored_models(nb: dict[str, Any]) -> set[str]:
    """The ids of the widget models whose state the notebook's metadata holds."""
    widgets = nb.get("metadata", {}).get("widgets") or {}
    state = (widgets.get(WIDGET_STATE) or {}).get("state") or {}
    return set(state) if isinstance(state, dict) else set()


def keep_views_with_state(nb: dict[str, Any]) -> int:
    """Remove, in place, every widget view of ``nb`` (a notebook as JSON) whose model's state the
    notebook does not store, keeping the output's other representations; returns how many went.

    An output left with no representation at all says in ``text/plain`` what was there.

    >>> nb = {"metadata": {"widgets": {WIDGET_STATE: {"state": {"kept": {}}}}}, "cells": [
    ...     {"cell_type": "markdown", "source": ""},
    ...     {"cell_type": "code", "outputs": [
    ...         {"output_type": "execute_result", "data": {WIDGET_VIEW: {"model_id": "kept"}}},
    ...         {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "gone"}}}]}]}
    >>> keep_views_with_state(nb)
    1
    >>> [sorted(output["data"]) for output in nb["cells"][1]["outputs"]]
    [['application/vnd.jupyter.widget-view+json'], ['text/plain']]
    >>> nb["cells"][1]["outputs"][1]["data"]["text/plain"]
    'an interactive widget: run the cell to show it'

    """
    stored = _stored_models(nb)
    removed = 0
    for cell in nb.get("cells") or []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs") or []:
            data = output.get("data") if isinstance(output, dict) else None
            if not isinstance(data, dict) or WIDGET_VIEW not in data:
                continue
            view = data[WIDGET_VIEW]
            if isinstance(view, dict) and view.get("model_id") in stored:
                continue
            del data[WIDGET_VIEW]
            removed += 1
            if not data:
                data["text/plain"] = "an interactive widget: run the cell to show it"
    return removed


def stills_only(nb: dict[str, Any]) -> int:
    """Remove, in place, the widget state stored in ``nb`` and every widget view, keeping each output's
    still picture and sentence; returns how many views went.

    A notebook in this form is safe in a front end that runs no save hook.  VS Code's Jupyter extension
    writes no widget state when it saves, and shows a widget view's next representation (the still)
    when neither the notebook nor the kernel holds the view's model; but it restores the state a
    notebook stores and then draws each view from it without that check, so a lecture run and saved
    over stored state, reopened, would show an empty output where each explorer was.

    >>> nb = {"metadata": {"widgets": {WIDGET_STATE: {"state": {"4f1c": {}}}}}, "cells": [
    ...     {"cell_type": "code", "outputs": [{"output_type": "display_data", "data": {
    ...         "text/plain": "A still", WIDGET_VIEW: {"model_id": "4f1c"}}}]}]}
    >>> stills_only(nb), nb["metadata"], nb["cells"][0]["outputs"][0]["data"]
    (1, {}, {'text/plain': 'A still'})
    """
    metadata = nb.get("metadata")
    if isinstance(metadata, dict) and isinstance(metadata.get("widgets"), dict):
        metadata["widgets"].pop(WIDGET_STATE, None)
        if not metadata["widgets"]:
            del metadata["widgets"]
    return keep_views_with_state(nb)


def pre_save_hook(model: dict[str, Any], **kwargs: Any) -> None:
    """A Jupyter server's ``pre_save_hook``: a notebook is saved without widget views it could not
    show again (see :func:`keep_views_with_state`); other files are saved as they are.

    >>> model = {"type": "file", "content": "text"}
    >>> pre_save_hook(model, path="notes.txt")
    >>> model
    {'type': 'file', 'content': 'text'}
    """
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        keep_views_with_state(model["content"])
