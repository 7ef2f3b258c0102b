"""The labs: every solution passes every check, every stub fails it, and the stored notebooks are
exactly what instructor/make_labs.py writes from each lab's one source (instructor/labs/<lab>.md)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from mmlib import check

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "instructor"))

import make_labs  # noqa: E402

GENERATED = make_labs.notebooks()
STUDENT = [ROOT / "notebooks" / "labs" / f"{name}.ipynb" for name in make_labs.NAMES]
SOLUTION = [ROOT / "instructor" / "solutions" / f"{name}.ipynb" for name in make_labs.NAMES]
CHECK_CALL = re.compile(r"check\.check_\w+\(")


def name_of(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


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


def test_one_source_per_lab():
    sources = sorted(p.stem for p in (ROOT / "instructor" / "labs").glob("*.md"))
    assert sources == make_labs.NAMES
    assert not list((ROOT / "notebooks" / "labs").glob("*.py")), "lab tooling lives in instructor/"
    assert not (ROOT / "notebooks" / "labs" / "solutions").exists()


@pytest.mark.parametrize("path", STUDENT + SOLUTION, ids=name_of)
def test_stored_notebooks_match_the_single_source(path):
    stored = nbformat.read(path, as_version=4)
    generated = GENERATED[path]
    assert [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in stored.cells] == \
        [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in generated.cells], \
        "run: python instructor/make_labs.py (then `make notebooks` for the solutions)"
    assert stored.metadata.kernelspec.name == "python3"


# Running a whole lab and every check in it is a grading run: `make test` runs these two, `make check` not.
@pytest.mark.slow
@pytest.mark.parametrize("path", SOLUTION, ids=name_of)
def test_every_solution_passes_every_check(path, capsys):
    outcomes, _ = run_cells(GENERATED[path])
    assert [(cell.id, repr(error)) for cell, error in outcomes if error is not None] == []
    checks = [cell for cell, _ in outcomes if CHECK_CALL.search(cell.source)]
    assert len(checks) >= 2
    assert "FAILED" not in capsys.readouterr().out.replace("evaluator: FAILED (loses)", "")


@pytest.mark.slow
@pytest.mark.parametrize("path", STUDENT, ids=name_of)
def test_every_stub_fails_every_check(path, capsys):
    outcomes, _ = run_cells(GENERATED[path])
    for cell, error in outcomes:
        tagged = "raises-exception" in cell.metadata.get("tags", [])
        assert tagged == (error is not None), (cell.id, cell.source, error)
        if CHECK_CALL.search(cell.source) and "raise_on_failure=True" in cell.source:
            assert isinstance(error, check.CheckFailed) and "not-implemented" in str(error), cell.source
        elif error is not None:
            assert isinstance(error, NotImplementedError), (cell.source, error)
            assert "your code" in str(error), "a stub says what to do"
    assert "not-implemented" in capsys.readouterr().out   # the report is shown before the error


@pytest.mark.parametrize("path", STUDENT, ids=name_of)
def test_student_notebook_holds_no_solution(path):
    student = nbformat.read(path, as_version=4)
    solution = GENERATED[SOLUTION[STUDENT.index(path)]]
    student_code = "\n".join(c.source for c in code_cells(student))
    solution_code = "\n".join(c.source for c in code_cells(solution))
    assert "# YOUR CODE HERE" in student_code and "# YOUR CODE HERE" not in solution_code
    assert "### " not in student_code and "### " not in solution_code
    assert "runs-student-code" not in str([c.metadata for c in student.cells + solution.cells])
    hidden = set(solution_code.splitlines()) - set(student_code.splitlines())
    assert hidden, "the solution adds code the student writes"
    answers = [line for line in hidden if line.strip() and not line.strip().startswith("#")]
    assert answers and not any(line in student_code for line in answers if len(line.strip()) > 12)


def test_lab2_predictions_are_not_given_away():
    lab2 = "\n".join(c.source for c in code_cells(nbformat.read(STUDENT[1], as_version=4)))
    assert '"I J"' not in lab2 and "question.pruned" not in lab2


def test_student_version_of_a_cell():
    source = "def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"
    assert make_labs.student_source(source) == (
        "def f(x):\n    # YOUR CODE HERE\n"
        '    raise NotImplementedError("replace this line with your code")')
    assert make_labs.solution_source(source) == "def f(x):\n    return x"
    stubbed = "### BEGIN SOLUTION\nanswer = 3\n### STUB answer = ...\n### END SOLUTION"
    assert make_labs.student_source(stubbed) == "answer = ..."
    assert make_labs.solution_source(stubbed) == "answer = 3"


@pytest.mark.parametrize("path", STUDENT + SOLUTION, ids=name_of)
def test_points_tables_add_up(path):
    text = GENERATED[path].cells[1].source
    rows = re.findall(r"^\| (\d+) \| .* \| (\d+) \|$", text, flags=re.M)
    total = re.search(r"\*\*total\*\* \| \*\*(\d+)\*\*", text)
    assert rows and total and sum(int(points) for _, points in rows) == int(total.group(1))


@pytest.mark.parametrize("path", SOLUTION, ids=name_of)
def test_stored_solution_outputs_have_no_errors(path):
    stored = nbformat.read(path, as_version=4)
    for cell in code_cells(stored):
        assert cell.execution_count is not None, "execute the solutions: make notebooks"
        assert not [o for o in cell.outputs if o.output_type == "error"]


def test_a_solution_keeps_its_outputs_only_while_its_code_is_unchanged():
    stored = nbformat.read(SOLUTION[0], as_version=4)
    fresh = make_labs.build(make_labs.NAMES[0], solution=True)
    assert make_labs.keep_outputs(fresh, stored)
    outputs = [cell.outputs for cell in make_labs.code_cells(stored)]
    assert outputs and [cell.outputs for cell in make_labs.code_cells(fresh)] == outputs
    changed = make_labs.build(make_labs.NAMES[0], solution=True)
    changed.cells[2].source += "\nprint('one more line')"
    assert changed.cells[2].cell_type == "code"
    assert not make_labs.keep_outputs(changed, stored)
    assert all(c.outputs == [] and c.execution_count is None for c in make_labs.code_cells(changed))
