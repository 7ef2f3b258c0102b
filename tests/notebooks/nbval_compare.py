"""Strict nbval's own verdict on outputs computed elsewhere.

`make test` executes each notebook a student opens once, in JupyterLab (tests/e2e/test_browser.py, "Run
All"), and compares the outputs the kernel sent for each cell there with the stored ones here, cell by
cell, with nbval's own code: its way of collecting a cell's outputs from the kernel's messages, its options
per cell (tags and comment markers), its merging of streams, its list of what is not
compared and its comparison, with the rewriting rules of nbval_sanitize.cfg.  The verdict is the one
`pytest --nbval --nbval-sanitize-with tests/notebooks/nbval_sanitize.cfg` gives on the same outputs
(tests/notebooks/test_nbval_compare.py proves it on notebooks that differ by one character).
"""

from __future__ import annotations

import copy
from collections import OrderedDict, defaultdict
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import nbformat
from nbval.plugin import (
    IPyNbCell,
    _trim_base64,
    coalesce_streams,
    find_comment_markers,
    find_metadata_tags,
    get_sanitize_patterns,
    nocolors,
)

SANITIZE = Path(__file__).resolve().parent / "nbval_sanitize.cfg"

# What strict nbval (without --nbdime) leaves out of a comparison: IPyNbFile.__init__ of nbval 0.11
# (test_nbval_compare.py checks that nbval still says so).
SKIP_COMPARE = (
    "metadata",
    "traceback",
    "prompt_number",
    "output_type",
    "name",
    "execution_count",
    "application/vnd.jupyter.widget-view+json",
    "image/png",
    "image/jpeg",
)


class _Comparison:
    """Stands in for the nbval cell item whose methods compare outputs (they read these attributes)."""

    compare_outputs = IPyNbCell.compare_outputs
    sanitize = IPyNbCell.sanitize

    def __init__(self, patterns: OrderedDict[str, str]) -> None:
        self.parent = SimpleNamespace(skip_compare=SKIP_COMPARE, sanitize_patterns=patterns)
        self.colors = nocolors
        self.comparison_traceback: list[str] = []

    def format_output_compare(self, key: str, left: object, right: object) -> None:
        """The message of a mismatch (nbval asks pytest's assertion rewriting for a diff)."""
        shown = [_trim_base64(v) if isinstance(v, str) else repr(v) for v in (left, right)]
        self.comparison_traceback += [f" mismatch {key!r}", "<<<<<<<<<<<< stored:", shown[0],
                                      "============ after Run All:", shown[1], ">>>>>>>>>>>>"]


def sanitize_patterns(path: Path = SANITIZE) -> OrderedDict[str, str]:
    """The (regex, replacement) pairs as nbval reads them from its --nbval-sanitize-with file."""
    return OrderedDict(get_sanitize_patterns(path.read_text(encoding="utf-8")))


def cell_options(cell: Any) -> defaultdict[str, bool]:
    """nbval's options for one code cell ('check', 'skip', 'check_exception'), as IPyNbFile.collect
    sets them under strict --nbval."""
    options: defaultdict[str, bool] = defaultdict(bool, find_metadata_tags(cell.metadata))
    options.update(dict(find_comment_markers(cell.source)))
    options.setdefault("check", True)
    return options


def outputs_from_messages(messages: list[dict]) -> list[Any]:
    """A cell's outputs as nbval builds them from the kernel's iopub messages for its execute request
    (``{"msg_type": ..., "content": ...}`` in the order received): every display, result, stream and error
    appended (clear_output and display updates are not applied), the streams merged."""
    outs = []
    for message in messages:
        kind, reply = message["msg_type"], message["content"]
        out = nbformat.NotebookNode(output_type=kind)
        if kind in ("display_data", "execute_result"):
            out["metadata"] = reply["metadata"]
            out["data"] = reply["data"]
            if kind == "execute_result":
                out.execution_count = reply["execution_count"]
        elif kind == "stream":
            out.name = reply["name"]
            out.text = reply["text"]
        elif kind == "error":
            out["ename"] = reply["ename"]
            out["evalue"] = reply["evalue"]
            out["traceback"] = reply["traceback"]
        else:  # status, execute_input, comm messages, execute_reply, clear_output, update_display_data
            continue
        outs.append(out)
    return outs


def differences(stored: Any, fresh: list[list[Any]]) -> list[str]:
    """Where the fresh outputs of each code cell (``fresh[n]`` for the n-th code cell, in nbval's shape:
    outputs_from_messages) differ from the stored notebook ``stored`` as strict nbval judges: one message
    per failing cell, numbered like nbval's items ("Cell n" counts code cells from 0)."""
    code = [cell for cell in stored.cells if cell.cell_type == "code"]
    if len(code) != len(fresh):
        return [f"{len(fresh)} code cells ran, the stored notebook has {len(code)}"]
    patterns = sanitize_patterns()
    found = []
    for number, (cell, outputs) in enumerate(zip(code, fresh, strict=True)):
        options = cell_options(cell)
        if options["skip"]:
            continue
        where = f"Cell {number} ({cell.source[:60]!r})"
        errors = [o for o in outputs if o.get("output_type") == "error"]
        if errors and not options["check_exception"]:
            found.append(f"{where}: Cell execution caused an exception: "
                         f"{errors[0].get('ename')}: {errors[0].get('evalue')}")
            continue
        unrun = cell.execution_count is None
        if unrun and cell.outputs:
            found.append(f"{where}: Unrun reference cell has outputs")
            continue
        if options["check"] and not unrun:
            comparison = _Comparison(patterns)
            ran = coalesce_streams([nbformat.from_dict(o) for o in outputs])
            if not comparison.compare_outputs(ran, coalesce_streams(copy.deepcopy(cell.outputs))):
                found.append(f"{where}: Cell outputs differ\n" + "\n".join(comparison.comparison_traceback))
    return found
