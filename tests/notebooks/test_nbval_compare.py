"""The comparison the browser tests apply after Run All is strict nbval's, to the character."""

from __future__ import annotations

import base64
import copy
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import SimpleNamespace

import nbformat
import nbval_compare
import pytest
from nbval.plugin import IPyNbFile
from nbval_compare import SANITIZE, differences, outputs_from_messages

ROOT = Path(__file__).resolve().parents[2]
STUDENT_NOTEBOOKS = [*sorted((ROOT / "notebooks").glob("*.ipynb")),
                     *sorted((ROOT / "notebooks" / "labs").glob("*.ipynb"))]


def stored_outputs(nb) -> list[list[dict]]:
    """Each code cell's stored outputs as plain JSON, as a front end hands them over."""
    return [[dict(output) for output in copy.deepcopy(cell.outputs)]
            for cell in nb.cells if cell.cell_type == "code"]


def test_what_is_not_compared_is_what_nbval_leaves_out(monkeypatch):
    """nbval decides in IPyNbFile.__init__ what it leaves out; run it on a stand-in for pytest's node."""
    def bare_node(self, *args, **kwargs):
        self.parent = SimpleNamespace(config=SimpleNamespace(
            option=SimpleNamespace(nbval_lax=False, nbdime=False)))

    monkeypatch.setattr(pytest.File, "__init__", bare_node)
    node = IPyNbFile.__new__(IPyNbFile)
    IPyNbFile.__init__(node)
    assert node.skip_compare == nbval_compare.SKIP_COMPARE


@pytest.mark.parametrize("path", STUDENT_NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_stored_outputs_agree_with_themselves(path):
    nb = nbformat.read(path, as_version=4)
    assert differences(nb, stored_outputs(nb)) == []


def first_output(nb, wanted) -> tuple[int, dict]:
    """The first compared code cell (not tagged nbval-ignore-output) with an output `wanted` accepts."""
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    for number, cell in enumerate(code):
        if "nbval-ignore-output" in cell.metadata.get("tags", []):
            continue
        for output in cell.outputs:
            if wanted(output):
                return number, output
    raise LookupError("no such output")


def one_character_changed(text: str) -> str:
    at = next(i for i, c in enumerate(text) if c.isalnum())
    return text[:at] + ("x" if text[at] != "x" else "y") + text[at + 1:]


LECTURE = ROOT / "notebooks" / "03_alpha_beta_pruning.ipynb"


@pytest.mark.parametrize("kind", ["text/plain", "text/html", "stdout"])
def test_one_character_of_a_stored_output_changed_fails(kind):
    nb = nbformat.read(LECTURE, as_version=4)
    fresh = stored_outputs(nb)
    if kind == "stdout":
        number, output = first_output(nb, lambda o: o.output_type == "stream" and o.name == "stdout")
        output.text = one_character_changed(output.text)
    else:
        number, output = first_output(nb, lambda o: kind in o.get("data", {}))
        output.data[kind] = one_character_changed(output.data[kind])
    found = differences(nb, fresh)
    assert len(found) == 1 and found[0].startswith(f"Cell {number} ") and "Cell outputs differ" in found[0]


def test_an_output_more_or_less_fails():
    nb = nbformat.read(LECTURE, as_version=4)
    number, _ = first_output(nb, lambda o: o.output_type == "stream")
    fresh = stored_outputs(nb)
    fresh[number].append({"output_type": "display_data", "metadata": {}, "data": {"text/plain": "more"}})
    assert [f.split(" ", 2)[1] for f in differences(nb, fresh)] == [str(number)]
    fresh = stored_outputs(nb)
    fresh[number] = []
    assert [f.split(" ", 2)[1] for f in differences(nb, fresh)] == [str(number)]


def test_an_unexpected_exception_fails():
    nb = nbformat.read(LECTURE, as_version=4)
    fresh = stored_outputs(nb)
    fresh[0].append({"output_type": "error", "ename": "ValueError", "evalue": "no", "traceback": []})
    found = differences(nb, fresh)
    assert len(found) == 1 and "Cell execution caused an exception: ValueError: no" in found[0]


def test_pictures_addresses_and_ignored_cells_are_not_compared():
    nb = nbformat.read(LECTURE, as_version=4)
    fresh = stored_outputs(nb)
    number, output = first_output(nb, lambda o: "image/png" in o.get("data", {})
                                  or "data:image/png;base64," in o.get("data", {}).get("text/html", ""))
    if "image/png" in output.data:
        output.data["image/png"] = base64.b64encode(b"another picture").decode()
    else:
        html = output.data["text/html"]
        start = html.index("base64,") + len("base64,")
        output.data["text/html"] = html[:start] + "QUJD" + html[start:]
    ignored = [cell for cell in nb.cells if cell.cell_type == "code"
               and "nbval-ignore-output" in cell.metadata.get("tags", [])]
    assert ignored, "the lecture has a cell whose output is not compared"
    ignored[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text="anything")]
    assert differences(nb, fresh) == []


# -- the same verdict as nbval itself --------------------------------------------------------------

# Cells with the stored output each one gets (None: stored as executed) and whether nbval fails it.
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 16).decode()
CASES = [
    ("print('alpha beta')", lambda o: o[0].update(text="alpha bets\n"), True),
    ("12345", lambda o: o[0]["data"].update({"text/plain": "12346"}), True),
    ("from IPython.display import HTML\nHTML('<b>pruned</b>')",
     lambda o: o[0]["data"].update({"text/html": "<b>prunes</b>"}), True),
    ("import sys\nprint('careful', file=sys.stderr)", lambda o: o[0].update(text="carefull\n"), True),
    ("print('at 0x7f00aa, took 3 ms')", lambda o: o[0].update(text="at 0x7fffff, took 17 ms\n"), False),
    (f"from IPython.display import Image\nImage(data=__import__('base64').b64decode('{PNG}'), format='png')",
     lambda o: o[0]["data"].update({"image/png": base64.b64encode(b"other").decode()}), False),
    ("print('one')\nprint('two')", lambda o: o.append({"output_type": "stream", "name": "stdout",
                                                        "text": "three\n"}), True),
    ("print('not compared')", lambda o: o[0].update(text="whatever\n"), False),    # nbval-ignore-output
    ("1/0", lambda o: o[0].update(evalue="division by zero!"), True),              # raises-exception
    ("1/0", None, False),                                                          # raises-exception
    ("print('same')", None, False),
    ("from IPython.display import clear_output\nprint('old')\nclear_output()\nprint('new')", None, True),
    ("from IPython.display import display\nh = display('first', display_id=True)\nh.update('second')", None,
     True),
]
TAGS = {7: ["nbval-ignore-output"], 8: ["raises-exception"], 9: ["raises-exception"]}


def kernel_messages(cases) -> list[list[dict]]:
    """Each cell's iopub messages, run in one fresh kernel."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        found = []
        for source, _, _ in cases:
            request = client.execute(source, allow_stdin=False)
            messages = []
            while True:
                message = client.get_iopub_msg(timeout=60)
                if message["parent_header"].get("msg_id") != request:
                    continue
                if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
                    break
                messages.append({"msg_type": message["msg_type"], "content": message["content"]})
            found.append(messages)
        return found
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


@pytest.mark.slow
def test_the_verdict_is_nbvals_own(tmp_path):
    """A notebook executed once (its outputs stand for what JupyterLab shows), stored with one character
    changed here and there, then run again (the kernel's messages per cell stand for what JupyterLab
    receives): strict nbval and `differences` fail exactly the same cells.  nbval neither clears outputs
    nor updates displays, so the last two cells fail although a front end would show the stored output."""
    from nbclient import NotebookClient

    cells = [nbformat.v4.new_code_cell(source, metadata={"tags": TAGS.get(n, [])})
             for n, (source, _, _) in enumerate(CASES)]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True).execute()
    fresh = [outputs_from_messages(messages) for messages in kernel_messages(CASES)]
    for cell, (_, change, _) in zip(nb.cells, CASES, strict=True):
        if change:
            outputs = [dict(o) for o in cell.outputs]
            change(outputs)
            cell.outputs = [nbformat.from_dict(o) for o in outputs]
    stored = tmp_path / "stored.ipynb"
    nbformat.write(nb, stored)
    expected = {n for n, (_, _, fails) in enumerate(CASES) if fails}

    ours = {int(found.split(" ", 2)[1]) for found in differences(nbformat.read(stored, as_version=4), fresh)}
    report = tmp_path / "nbval.xml"
    nbval = ["--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(SANITIZE)]
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:xdist", "-p",
                    "no:cacheprovider", *nbval, f"--junitxml={report}", str(stored)],
                   cwd=tmp_path, capture_output=True, timeout=300)
    cases = ElementTree.parse(report).getroot().iter("testcase")
    nbvals = {int(case.get("name").split()[-1]) for case in cases
              if case.find("failure") is not None or case.find("error") is not None}
    assert nbvals == expected
    assert ours == expected
