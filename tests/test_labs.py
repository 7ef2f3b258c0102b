"""The labs: every solution passes every check, every stub fails it, and the stored notebooks are
exactly what notebooks/labs/make_labs.py generates from its single source."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from mmlib import check

ROOT = Path(__file__).resolve().parent.parent
LABS = ROOT / "notebooks" / "labs"
sys.path.insert(0, str(LABS))

import make_labs  # noqa: E402

GENERATED = make_labs.notebooks()
STUDENT = [LABS / name for name in make_labs.NAMES]
SOLUTION = [LABS / "solutions" / name for name in make_labs.NAMES]
CHECK_CALL = re.compile(r"check\.check_\w+\(")


def code_cells(nb):
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def run_cells(nb):
    """Execute the code cells in one namespace, as a kernel would; returns (cell, error) pairs."""
    namespace: dict = {"__name__": "__lab__"}
    outcomes = []
    for cell in code_cells(nb):
        source = "\n".join(line for line in cell.source.splitlines() if not line.startswith("%"))
        try:
            exec(compile(source, f"<{cell.id}>", "exec"), namespace)
        except Exception as error:  # noqa: BLE001 - recorded and asserted on below
            outcomes.append((cell, error))
        else:
            outcomes.append((cell, None))
    return outcomes, namespace


@pytest.mark.parametrize("path", STUDENT + SOLUTION, ids=lambda p: p.relative_to(LABS).as_posix())
def test_stored_notebooks_match_the_single_source(path):
    stored = nbformat.read(path, as_version=4)
    generated = GENERATED[path]
    assert [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in stored.cells] == \
        [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in generated.cells], \
        "run: python notebooks/labs/make_labs.py --execute"
    assert stored.metadata.kernelspec.name == "python3"


@pytest.mark.parametrize("path", SOLUTION, ids=lambda p: p.name)
def test_every_solution_passes_every_check(path, capsys):
    outcomes, _ = run_cells(GENERATED[path])
    assert [(cell.id, repr(error)) for cell, error in outcomes if error is not None] == []
    checks = [cell for cell, _ in outcomes if CHECK_CALL.search(cell.source)]
    assert len(checks) >= 2
    assert "FAILED" not in capsys.readouterr().out.replace("evaluator: FAILED (loses)", "")


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_every_stub_fails_every_check(path, capsys):
    outcomes, _ = run_cells(GENERATED[path])
    for cell, error in outcomes:
        tagged = "raises-exception" in cell.metadata.get("tags", [])
        assert tagged == (error is not None), (cell.id, cell.source, error)
        if CHECK_CALL.search(cell.source) and "raise_on_failure=True" in cell.source:
            assert isinstance(error, check.CheckFailed) and "not-implemented" in str(error), cell.source
        elif error is not None:
            assert isinstance(error, NotImplementedError), (cell.source, error)
    assert "not-implemented" in capsys.readouterr().out   # the report is shown before the error


def test_stubs_are_marked_and_solutions_are_hidden():
    for student, solution in zip(STUDENT, SOLUTION, strict=True):
        student_code = "\n".join(c.source for c in code_cells(GENERATED[student]))
        solution_code = "\n".join(c.source for c in code_cells(GENERATED[solution]))
        assert "# YOUR CODE HERE" in student_code and "# YOUR CODE HERE" not in solution_code
        assert "### " not in student_code and "### " not in solution_code
    lab2 = "\n".join(c.source for c in code_cells(GENERATED[STUDENT[1]]))
    assert '"I J"' not in lab2 and "question.pruned" not in lab2


def test_student_version_of_a_cell():
    source = "def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"
    assert make_labs.student_source(source) == \
        "def f(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()"
    assert make_labs.solution_source(source) == "def f(x):\n    return x"
    stubbed = "### BEGIN SOLUTION\nanswer = 3\n### STUB answer = ...\n### END SOLUTION"
    assert make_labs.student_source(stubbed) == "answer = ..."
    assert make_labs.solution_source(stubbed) == "answer = 3"


@pytest.mark.parametrize("path", STUDENT + SOLUTION, ids=lambda p: p.relative_to(LABS).as_posix())
def test_points_tables_add_up(path):
    text = GENERATED[path].cells[1].source
    rows = re.findall(r"^\| (\d+) \| .* \| (\d+) \|$", text, flags=re.M)
    total = re.search(r"\*\*total\*\* \| \*\*(\d+)\*\*", text)
    assert rows and total and sum(int(points) for _, points in rows) == int(total.group(1))


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_stored_student_outputs_show_the_failing_checks(path):
    stored = nbformat.read(path, as_version=4)
    for cell in code_cells(stored):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if CHECK_CALL.search(cell.source) and "raise_on_failure=True" in cell.source:
            assert errors and errors[0].ename == "CheckFailed"
            plain = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(errors[0].traceback))
            assert "File /" not in plain and "/work/" not in plain and "/home/" not in plain


@pytest.mark.parametrize("path", SOLUTION, ids=lambda p: p.name)
def test_stored_solution_outputs_have_no_errors(path):
    stored = nbformat.read(path, as_version=4)
    for cell in code_cells(stored):
        assert cell.execution_count is not None
        assert not [o for o in cell.outputs if o.output_type == "error"]
