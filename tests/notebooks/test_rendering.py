"""The rendering contract of the stored notebooks, checked without a kernel or a browser.

What a student sees in a notebook nobody has run yet is its stored outputs, rendered by JupyterLab from the
richest MIME type each output carries. The contract:

- no figure as text: an output whose text/plain is ``<Figure size 640x480 with 1 Axes>`` carries an image;
- no raw object repr where it is the richest output (``StepThrough(children=(...``,
  ``<mmlib.trees.Node object at 0x...>``, ``<ast.Name object at 0x...>``, ``<function f at 0x...>``);
- every widget view carries a static picture (text/html or an image) beside it in its output: a notebook
  from a fresh clone or on Binder is untrusted, and JupyterLab 4 draws widget views only in trusted
  notebooks; in an untrusted one it shows the richest safe MIME type instead (text/html, an image, or else
  the raw text/plain);
- every widget view's model, and every model it refers to, is in the widget state saved in the notebook's
  metadata, so a trusted notebook (and nbviewer, Voila, an HTML export) draws it before it runs.

Checked on every notebook under notebooks/ (lectures and student labs) and instructor/solutions/.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(
    [
        *ROOT.glob("notebooks/*.ipynb"),
        *ROOT.glob("notebooks/labs/*.ipynb"),
        *ROOT.glob("instructor/solutions/*.ipynb"),
    ]
)
NOTEBOOK_IDS = [path.relative_to(ROOT).as_posix() for path in NOTEBOOKS]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# JupyterLab's order of preference: the first MIME type present is the one rendered.
MIME_ORDER = (
    WIDGET_VIEW,
    "application/javascript",
    "text/html",
    "text/markdown",
    "text/latex",
    "image/svg+xml",
    "image/bmp",
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "application/pdf",
    "application/json",
    "text/plain",
)
STATIC_PICTURES = ("text/html", "image/svg+xml", "image/png", "image/jpeg", "image/gif", "image/webp")

# A matplotlib figure shown as its repr: `<Figure size 640x480 with 1 Axes>`.
FIGURE_AS_TEXT = re.compile(r"<Figure size \d+(?:\.\d+)?x\d+(?:\.\d+)?(?: with \d+ Axes)?>")
# Raw reprs a student must never be shown (the same patterns are applied to rendered text in tests/e2e).
RAW_REPR = re.compile(
    r"\b[A-Z]\w*\(children=\("  # an ipywidgets container: StepThrough(children=(HBox(children=(...
    r"|\blayout=Layout\("  # any other ipywidgets widget
    r"|<[A-Za-z_][\w.]* object at 0x[0-9A-Fa-f]+>"  # object.__repr__: <mmlib.trees.Node object at 0x7f...>
    r"|<ast\.\w+ object\b"  # <ast.Name object at 0x...>
    r"|<(?:function|bound method|generator object|built-in method) [\w.<>]+ at 0x[0-9A-Fa-f]+>"
)
MODEL_REFERENCE = re.compile(r"IPY_MODEL_([0-9a-fA-F]+)")


@dataclass(frozen=True)
class Finding:
    cell: int
    what: str
    text: str

    def __str__(self) -> str:
        return f"cell {self.cell}: {self.what}: {self.text!r}"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def joined(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def richest(data: dict) -> str | None:
    return next((mime for mime in MIME_ORDER if mime in data), next(iter(data), None))


def outputs(nb: dict):
    """(cell index, output) for every stored output; the cell index counts markdown cells too."""
    for index, cell in enumerate(nb.get("cells", [])):
        for output in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            yield index, output


def visible_texts(output: dict) -> list[str]:
    """The text a student reads in this output when it is shown as text: a stream, or a text/plain
    that is the richest MIME type of its bundle."""
    if output.get("output_type") == "stream":
        return [joined(output.get("text", ""))]
    data = output.get("data", {})
    if richest(data) == "text/plain":
        return [joined(data["text/plain"])]
    return []


def saved_widget_state(nb: dict) -> dict:
    return nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def missing_models(model_id: str, state: dict) -> list[str]:
    """The models needed to draw `model_id` (it and every model it refers to) that `state` lacks."""
    missing, seen, todo = [], set(), [model_id]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if current not in state:
            missing.append(current)
            continue
        todo.extend(MODEL_REFERENCE.findall(json.dumps(state[current].get("state", {}))))
    return missing


# ------------------------------------------------------------------------------------- the three rules


def figures_as_text(nb: dict) -> list[Finding]:
    found = []
    for index, output in outputs(nb):
        data = output.get("data", {})
        has_picture = any(mime in data for mime in STATIC_PICTURES)
        if not has_picture:
            for match in FIGURE_AS_TEXT.finditer(joined(data.get("text/plain", ""))):
                found.append(Finding(index, "figure shown as text, no image", match.group()))
        if output.get("output_type") == "stream":
            for match in FIGURE_AS_TEXT.finditer(joined(output.get("text", ""))):
                found.append(Finding(index, "figure printed as text", match.group()))
    return found


def raw_reprs(nb: dict) -> list[Finding]:
    found = []
    for index, output in outputs(nb):
        for text in visible_texts(output):
            match = RAW_REPR.search(text)  # one finding per output
            if match:
                start = max(0, match.start() - 20)
                found.append(Finding(index, "raw repr", text[start : match.end() + 60]))
    return found


def widgets_without_picture(nb: dict) -> list[Finding]:
    """Widget views with no text/html or image beside them: what an untrusted notebook shows is their text."""
    found = []
    for index, output in outputs(nb):
        data = output.get("data", {})
        if WIDGET_VIEW in data and not any(mime in data for mime in STATIC_PICTURES):
            model_id = data[WIDGET_VIEW].get("model_id", "")
            shown = joined(data.get("text/plain", ""))[:80]
            what = f"widget {model_id} has no text/html or image beside it; shows"
            found.append(Finding(index, what, shown))
    return found


def widgets_without_state(nb: dict) -> list[Finding]:
    """Widget views whose model, or a model it refers to, is missing from the saved widget state."""
    state = saved_widget_state(nb)
    found = []
    for index, output in outputs(nb):
        data = output.get("data", {})
        if WIDGET_VIEW not in data:
            continue
        model_id = data[WIDGET_VIEW].get("model_id", "")
        missing = missing_models(model_id, state)
        if model_id in missing:
            found.append(Finding(index, "widget not in the saved widget state", model_id))
        elif missing:
            what = f"widget {model_id}: {len(missing)} of the models it refers to not saved, e.g."
            found.append(Finding(index, what, missing[0]))
    return found


def report(path: Path, findings: list[Finding]) -> str:
    """One line per finding; "cell N" counts every cell of the notebook from 0, markdown cells too."""
    name = path.relative_to(ROOT).as_posix()
    return f"{name} (cells numbered from 0, markdown included):\n  " + "\n  ".join(map(str, findings))


# ------------------------------------------------------------------------------------- the stored notebooks


def test_there_are_notebooks_to_check():
    assert len(NOTEBOOKS) >= 10, NOTEBOOK_IDS
    assert any(name.startswith("notebooks/labs/") for name in NOTEBOOK_IDS)
    assert any(name.startswith("instructor/solutions/") for name in NOTEBOOK_IDS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_no_figure_is_shown_as_text(path):
    findings = figures_as_text(load(path))
    assert not findings, report(path, findings)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_no_raw_repr_is_the_richest_output(path):
    findings = raw_reprs(load(path))
    assert not findings, report(path, findings)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_every_widget_has_a_static_picture_for_untrusted_notebooks(path):
    findings = widgets_without_picture(load(path))
    assert not findings, report(path, findings)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_every_widget_is_in_the_saved_widget_state(path):
    findings = widgets_without_state(load(path))
    assert not findings, report(path, findings)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_printed_text_is_stored_whole(path):
    # a cell's printed lines are one output, as JupyterLab shows them: the website and the handout
    # render stored outputs one by one, and a line split across two would show as two
    findings = split_streams(load(path))
    assert not findings, report(path, findings)


# ------------------------------------------------------------------------------------- the rules themselves

def split_streams(notebook: dict) -> list[Finding]:
    """Cells whose printed text is stored as consecutive pieces of the same stream."""
    found = []
    for index, cell in enumerate(notebook["cells"]):
        outputs = cell.get("outputs", [])
        for before, after in zip(outputs, outputs[1:], strict=False):
            if before["output_type"] == after["output_type"] == "stream" and before["name"] == after["name"]:
                found.append(Finding(index, f"{before['name']} stored in pieces",
                                     f"{joined(before['text'])[-30:]} | {joined(after['text'])[:30]}"))
                break
    return found


def test_a_stream_stored_in_pieces_is_found_and_one_broken_by_a_figure_is_not():
    def stream(text: str, name: str = "stdout") -> dict:
        return {"output_type": "stream", "name": name, "text": text}

    figure = {"output_type": "display_data", "data": {"image/png": ""}, "metadata": {}}
    split = {"cells": [{"cell_type": "code", "outputs": [stream("minimax:"), stream(" E 16\n")]}]}
    apart = {"cells": [{"cell_type": "code", "outputs": [stream("a\n"), figure, stream("b\n"),
                                                         stream("warning\n", "stderr")]}]}
    assert [f.cell for f in split_streams(split)] == [0] and split_streams(apart) == []


def notebook(*outputs_: dict, state: dict | None = None) -> dict:
    cells = [{"cell_type": "markdown", "source": "# t"}, {"cell_type": "code", "outputs": list(outputs_)}]
    nb = {"cells": cells}
    nb["metadata"] = {"widgets": {WIDGET_STATE: {"state": state}}} if state is not None else {}
    return nb


def display(data: dict) -> dict:
    return {"output_type": "display_data", "data": data, "metadata": {}}


WIDGET_REPR = "StepThrough(children=(HBox(children=(Play(value=0),)),))"


def widget(model_id: str, text: str = WIDGET_REPR, **extra) -> dict:
    return display({WIDGET_VIEW: {"model_id": model_id, "version_major": 2}, "text/plain": text, **extra})


def model(*children: str) -> dict:
    return {"model_name": "VBoxModel", "state": {"children": [f"IPY_MODEL_{c}" for c in children]}}


def test_a_figure_without_image_is_found_and_one_with_image_is_not():
    text = {"text/plain": "<Figure size 640x480 with 1 Axes>"}
    assert [f.cell for f in figures_as_text(notebook(display(text)))] == [1]
    assert not figures_as_text(notebook(display({**text, "image/png": "iVBOR"})))
    printed = {"output_type": "stream", "name": "stdout", "text": "Figure(640x480)\n<Figure size 800x600>\n"}
    assert len(figures_as_text(notebook(printed))) == 1


@pytest.mark.parametrize(
    "text",
    [
        "StepThrough(children=(HBox(children=(Play(value=0),)),))",
        "IntSlider(value=3, layout=Layout(width='80%'))",
        "<mmlib.trees.Node object at 0x7f3a2c1d9e10>",
        "[<ast.Name object at 0x7f00>, <ast.Constant object at 0x7f01>]",
        "<function minimax at 0x7f3a2c1d9e10>",
        "<bound method Game.moves of <mmlib.games.Nim object at 0x1f>>",
    ],
)
def test_raw_reprs_are_found_as_text_plain_and_in_streams(text):
    assert len(raw_reprs(notebook(display({"text/plain": text})))) >= 1
    assert len(raw_reprs(notebook({"output_type": "stream", "name": "stdout", "text": text}))) >= 1


def test_a_repr_under_a_richer_output_and_a_designed_repr_are_not_raw():
    hidden = display({"text/plain": "<mmlib.trees.Node object at 0x7f3a>", "text/html": "<b>A</b>"})
    designed = display({"text/plain": "<Tree: 9 nodes, 2 leaves, height 4>"})
    result = display({"text/plain": "SearchResult(value=3, nodes=7, leaves=4, cutoffs=0)"})
    assert not raw_reprs(notebook(hidden, designed, result))


def test_a_widget_is_saved_only_when_it_and_all_its_models_are():
    assert not widgets_without_state(notebook(widget("a1"), state={"a1": model("b2"), "b2": model()}))
    lost_child = widgets_without_state(notebook(widget("a1"), state={"a1": model("b2")}))
    assert len(lost_child) == 1 and lost_child[0].text == "b2"
    no_state = widgets_without_state(notebook(widget("a1")))
    assert len(no_state) == 1 and no_state[0].what == "widget not in the saved widget state"
    assert len(widgets_without_state(notebook(widget("a1"), state={"c3": model()}))) == 1


def test_a_widget_needs_a_static_picture_beside_it_even_with_saved_state():
    saved = {"a1": model()}
    assert len(widgets_without_picture(notebook(widget("a1"), state=saved))) == 1
    html = widget("a1", **{"text/html": "<svg><title>t</title></svg>"})
    assert not widgets_without_picture(notebook(html, state=saved))
    assert not widgets_without_picture(notebook(widget("a1", **{"image/png": "iVBOR"})))
