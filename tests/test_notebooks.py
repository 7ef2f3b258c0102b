"""Static checks on every notebook, and a check that stored outputs come from the current code.

Strict nbval (run by `make test`) re-executes every notebook and compares its text outputs; the checks here
cover what nbval cannot see: the kernel, absolute paths, whether the notebook was executed top to bottom,
widget cells being tagged, and figures (nbval skips PNGs) being produced by the current code.

Staleness: `make notebooks` re-executes every notebook and then records in its metadata a SHA-256 of mmlib's
source and a SHA-256 of the notebook's own code cells (`python tests/test_notebooks.py --stamp NB...`).
`test_outputs_come_from_current_code` recomputes both: if mmlib or a code cell changed since the outputs were
stored, the notebook must be re-executed.  This is cheaper than re-running every notebook a second time,
and stricter than a diff of text outputs, as it also covers figures and widget cells.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
SANITIZE = NOTEBOOK_DIR / "sanitize.cfg"
MMLIB = ROOT / "mmlib"

STAMP_KEY = "mmlib"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
IGNORE_TAG = "nbval-ignore-output"
RAISES_TAGS = {"raises-exception", "nbval-raises-exception"}
ABSOLUTE_PATH = re.compile(r"/work/|/root\b|/home/|/Users/|\b[A-Z]:\\(?![nt\"'])")
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}")


def notebook_paths() -> list[Path]:
    """Every notebook that `make test` validates, in a stable order."""
    patterns = ("*.ipynb", "labs/*.ipynb", "labs/solutions/*.ipynb")
    return [p for pattern in patterns for p in sorted(NOTEBOOK_DIR.glob(pattern))]


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source_of(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def text_of(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def code_cells(nb: dict) -> list[dict]:
    return [cell for cell in nb["cells"] if cell["cell_type"] == "code"]


def tags_of(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def text_outputs(cell: dict) -> list[str]:
    """The text of every output of a cell, images excluded (their base64 may contain anything)."""
    texts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            texts.append(text_of(output["text"]))
        elif output["output_type"] == "error":
            texts.append(f"{output['ename']}: {output['evalue']}")
        else:
            for mime, value in output.get("data", {}).items():
                if not mime.startswith("image/") or mime == "image/svg+xml":
                    texts.append(value if isinstance(value, str) else json.dumps(value))
    return texts


def sanitize_patterns() -> dict[str, tuple[str, str]]:
    """Section name -> (regex, replacement), parsed the way nbval parses the file."""
    text = SANITIZE.read_text(encoding="utf-8")
    sections = re.findall(r"^\[([^\]]+)\]\s*\nregex: (.*)\nreplace: (.*)$", text, flags=re.M)
    return {name: (regex, replace) for name, regex, replace in sections}


# ---------------------------------------------------------------------------------------- stamping


def mmlib_source_hash() -> str:
    """SHA-256 over mmlib's Python sources (relative path and text, line endings normalised)."""
    digest = hashlib.sha256()
    for path in sorted(MMLIB.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(MMLIB).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_text(encoding="utf-8").replace("\r\n", "\n").encode())
        digest.update(b"\0")
    return digest.hexdigest()


def code_hash(nb: dict) -> str:
    """SHA-256 over a notebook's code cell sources (and their tags, which change how they are run)."""
    digest = hashlib.sha256()
    for cell in code_cells(nb):
        digest.update(source_of(cell).encode())
        digest.update(b"\0")
        digest.update(",".join(sorted(tags_of(cell))).encode())
        digest.update(b"\0")
    return digest.hexdigest()


def stamp(path: Path) -> None:
    """Record which code produced the stored outputs (run by `make notebooks` right after executing)."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nb.metadata[STAMP_KEY] = {"mmlib_sha256": mmlib_source_hash(), "code_sha256": code_hash(nb)}
    nbformat.write(nb, path)


# ---------------------------------------------------------------------------------------- tests

NOTEBOOKS = notebook_paths()
IDS = [relative(p) for p in NOTEBOOKS]


@pytest.fixture(params=NOTEBOOKS, ids=IDS)
def notebook(request) -> tuple[Path, dict]:
    return request.param, load(request.param)


def test_sanitize_file_parses_like_nbval():
    nbval_plugin = pytest.importorskip("nbval.plugin")
    text = SANITIZE.read_text(encoding="utf-8")
    pairs = nbval_plugin.get_sanitize_patterns(text)
    sections = re.findall(r"^\[[^\]]+\]$", text, flags=re.M)
    assert len(pairs) == len(sections) >= 3, "each [section] needs a 'regex: ' line then a 'replace: ' line"
    for regex, replace in pairs:
        re.compile(regex)
        assert regex == regex.strip() and replace == replace.strip(), "no trailing spaces in sanitize.cfg"


@pytest.mark.parametrize(
    ("section", "raw", "expected"),
    [
        ("memory_addresses", "<Node at 0x7f3a2b1c9d50>", "<Node at 0xADDRESS>"),
        ("timings", "took 1.23 s (12 ms a call, 3.5e-05 s a node)", "took TIME (TIME a call, TIME a node)"),
        ("timings", "2 squares and 9 moves", "2 squares and 9 moves"),
        ("temp_paths", "wrote /tmp/pytest-1/x.png", "wrote TMPPATH"),
    ],
)
def test_sanitize_patterns_rewrite_what_they_should(section, raw, expected):
    regex, replace = sanitize_patterns()[section]
    assert re.sub(regex, replace, raw) == expected


def test_kernel_is_python3(notebook):
    path, nb = notebook
    spec = nb["metadata"].get("kernelspec", {})
    assert spec.get("name") == "python3", f"{relative(path)}: kernelspec name {spec.get('name')!r}"
    assert spec.get("language", "python") == "python"
    assert nb.get("nbformat") == 4


def test_no_absolute_paths(notebook):
    path, nb = notebook
    for index, cell in enumerate(nb["cells"]):
        for text in [source_of(cell), *text_outputs(cell)]:
            match = ABSOLUTE_PATH.search(text)
            assert not match, f"{relative(path)} cell {index}: absolute path {text[match.start():][:40]!r}"


def test_executed_top_to_bottom_with_outputs(notebook):
    path, nb = notebook
    counts = []
    for index, cell in enumerate(code_cells(nb)):
        if not source_of(cell).strip():
            continue
        count = cell.get("execution_count")
        assert count is not None, f"{relative(path)} code cell {index} never ran: run `make notebooks`"
        counts.append(count)
    assert counts == list(range(1, len(counts) + 1)), f"{relative(path)}: execution counts {counts}"


def test_widget_cells_are_ignored_by_nbval(notebook):
    path, nb = notebook
    for index, cell in enumerate(code_cells(nb)):
        shows_widget = any(WIDGET_MIME in output.get("data", {}) for output in cell.get("outputs", []))
        if shows_widget:
            assert IGNORE_TAG in tags_of(cell), f"{relative(path)} code cell {index} shows a widget: tag it"


def test_errors_only_where_expected(notebook):
    path, nb = notebook
    is_student_lab = path.parent.name == "labs"
    for index, cell in enumerate(code_cells(nb)):
        errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
        if errors:
            assert tags_of(cell) & RAISES_TAGS, (
                f"{relative(path)} code cell {index} raised {errors[0]['ename']}: "
                "only cells tagged raises-exception may raise"
            )
            if not is_student_lab:
                assert errors[0]["ename"] != "NotImplementedError", f"{relative(path)}: unfinished code"


def test_no_addresses_or_timings_in_outputs(notebook):
    path, nb = notebook
    timing, _ = sanitize_patterns()["timings"]
    for index, cell in enumerate(code_cells(nb)):
        if IGNORE_TAG in tags_of(cell):
            continue
        for text in text_outputs(cell):
            for pattern, what in ((ADDRESS, "memory address"), (re.compile(timing), "timing")):
                match = pattern.search(text)
                assert not match, f"{relative(path)} code cell {index}: {what} {match.group(0)!r} in output"


def test_outputs_come_from_current_code(notebook):
    path, nb = notebook
    recorded = nb["metadata"].get(STAMP_KEY)
    hint = f"re-execute {relative(path)} with `make notebooks`"
    assert recorded, f"no execution stamp: {hint}"
    assert recorded.get("code_sha256") == code_hash(nb), f"code cells changed since the run: {hint}"
    assert recorded.get("mmlib_sha256") == mmlib_source_hash(), f"mmlib changed since the run: {hint}"


def test_stamp_detects_changed_code(tmp_path):
    """The staleness check itself: editing a code cell or mmlib changes the hashes."""
    nb = {"cells": [{"cell_type": "code", "source": "x = 1", "metadata": {}, "outputs": []}], "metadata": {}}
    before = code_hash(nb)
    nb["cells"][0]["source"] = "x = 2"
    assert code_hash(nb) != before
    nb["cells"][0]["source"] = "x = 1"
    nb["cells"][0]["metadata"]["tags"] = [IGNORE_TAG]
    assert code_hash(nb) != before
    assert len(mmlib_source_hash()) == 64


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "--stamp":
        sys.exit("usage: python tests/test_notebooks.py --stamp NOTEBOOK...")
    for name in sys.argv[2:]:
        stamp(Path(name))
        print(f"stamped {name}")
