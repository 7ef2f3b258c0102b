"""The labs: every solution passes every check, every stub fails it without stopping Run All, each
graded part shows the student the check grading runs, and the stored notebooks are
exactly what instructor/make_labs.py writes from each lab's one source (instructor/labs/<lab>.md)."""

from __future__ import annotations

import ast
import math
import re
import sys
import types
from pathlib import Path

import nbformat
import pytest

from mmlib import check

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "instructor"))

import make_labs  # noqa: E402

GENERATED = make_labs.notebooks()
STUDENT = [ROOT / "notebooks" / "labs" / f"{name}.ipynb" for name in make_labs.NAMES]
SOLUTION = [ROOT / "instructor" / "solutions" / f"{name}.ipynb" for name in make_labs.NAMES]


def name_of(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def code_cells(nb):
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def run_cells(nb):
    """Execute the code cells in one namespace, as a kernel would; returns (cell, error, value)
    triples, ``value`` being what the cell's last expression gives (what a kernel shows)."""
    namespace: dict = {"__name__": "__lab__"}
    outcomes = []
    for cell in code_cells(nb):
        source = "\n".join(line for line in cell.source.splitlines() if not line.startswith("%"))
        body = ast.parse(source).body
        last = body.pop() if body and isinstance(body[-1], ast.Expr) else None
        value = None
        try:
            exec(compile(ast.Module(body, []), f"<{cell.id}>", "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"<{cell.id}>", "eval"), namespace)
        except Exception as error:  # noqa: BLE001 - recorded and asserted on below
            outcomes.append((cell, error, None))
        else:
            outcomes.append((cell, None, value))
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


def graded_reports(path, outcomes):
    """The reports of the checks of graded parts (not of the examples a lab checks to show a report)."""
    name = path.stem
    graded = {make_labs.visible_source(cell.source) for cell in make_labs.read_source(name).cells
              if make_labs.is_hidden_test(cell)}
    return [value for cell, _, value in outcomes if cell.source in graded]


# Running a whole lab and every check in it is a grading run: `make test` runs these two, `make check` not.
@pytest.mark.slow
@pytest.mark.parametrize("path", SOLUTION, ids=name_of)
def test_every_solution_passes_every_check(path, capsys):
    outcomes, _ = run_cells(GENERATED[path])
    assert [(cell.id, repr(error)) for cell, error, _ in outcomes if error is not None] == []
    reports = graded_reports(path, outcomes)
    assert len(reports) >= 2
    assert all(report.passed for report in reports), [str(r) for r in reports if not r.passed]
    assert "not answered yet" not in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("path", STUDENT, ids=name_of)
def test_run_all_goes_on_past_every_stub_saying_not_answered_yet(path, capsys):
    """No cell of an unanswered lab raises: each check reports "not answered yet" (the report's
    verdict, and on standard error in a notebook) and each example call says so too."""
    outcomes, _ = run_cells(GENERATED[path])
    assert [(cell.id, repr(error)) for cell, error, _ in outcomes if error is not None] == []
    reports = graded_reports(path, outcomes)
    assert len(reports) >= 2
    for report in reports:
        assert not report.passed and report.diagnosis == "not-implemented", str(report)
        assert check.report.verdict(report.title, report.passed, report.diagnosis).endswith(
            "not answered yet")
    tries = [cell for cell, _, _ in outcomes if "check.try_it(" in cell.source]
    assert capsys.readouterr().err.count("not answered yet (it still raises NotImplementedError)") \
        == len(tries)
    assert not any("raises-exception" in cell.metadata.get("tags", []) for cell in GENERATED[path].cells)


@pytest.mark.parametrize("name", make_labs.NAMES)
def test_each_grade_cell_shows_the_student_the_check_grading_runs(name):
    """A graded part's visible check is its hidden test, except that the hidden test raises on
    failure (nbgrader and the grader score a part by whether its code raises) and may draw fresh
    cases the student has not seen: ``seed=check.grading_seed()``, or ``cases=check.hidden_cases(...)``
    in place of the public cases."""
    import ast

    graded = [cell for cell in make_labs.read_source(name).cells if make_labs.is_hidden_test(cell)]
    assert graded
    fresh = {"seed": "check.grading_seed()", "cases": "check.hidden_cases"}
    for cell in graded:
        visible = ast.parse(make_labs.visible_source(cell.source)).body
        hidden = ast.parse(cell.source.split(make_labs.HIDDEN + "\n")[1]
                           .split("\n" + make_labs.HIDDEN_END)[0]).body
        assert len(visible) == len(hidden) == 1, cell.source
        shown, graded_call = visible[0].value, hidden[0].value          # type: ignore[attr-defined]
        assert ast.dump(shown.func) == ast.dump(graded_call.func), cell.source
        assert [ast.dump(arg) for arg in shown.args] == [ast.dump(arg) for arg in graded_call.args]
        keywords = {k.arg: ast.unparse(k.value) for k in graded_call.keywords}
        assert keywords.pop("raise_on_failure") == "True", cell.source
        for key, start in fresh.items():
            if key in keywords and keywords[key].startswith(start):
                keywords.pop(key)
            else:                                      # public cases stay public only with no fresh ones
                assert key not in keywords and key not in {k.arg for k in shown.keywords}, cell.source
        assert keywords == {k.arg: ast.unparse(k.value) for k in shown.keywords if k.arg not in fresh}, \
            cell.source
        assert cell.metadata.nbgrader["locked"] and cell.metadata.nbgrader["points"] > 0


@pytest.mark.parametrize("name", make_labs.NAMES)
def test_every_answer_region_is_an_nbgrader_solution_cell(name):
    cells = make_labs.read_source(name).cells
    ids = [cell.metadata.get("nbgrader", {}).get("grade_id") for cell in cells]
    assert len([i for i in ids if i]) == len({i for i in ids if i}), "grade ids are unique"
    for cell in cells:
        meta = cell.metadata.get("nbgrader", {})
        assert (make_labs.BEGIN in cell.source) == bool(meta.get("solution")), cell.source
        if meta.get("solution"):
            assert meta == {"grade": False, "grade_id": meta["grade_id"], "locked": False,
                            "schema_version": 3, "solution": True, "task": False}


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
    assert '"I J"' not in lab2 and "question." not in lab2
    _, namespace = run_cells(GENERATED[STUDENT[1]])
    held = [name for name, value in namespace.items() if not isinstance(value, types.ModuleType)
            and hasattr(value, "pruned") or hasattr(value, "answers") or hasattr(value, "answer_key")]
    assert held == [], "the student's notebook holds no object that knows the answers"


def alphabeta_pruned(tree) -> list[str]:
    """The leaves alpha-beta never evaluates (children left to right, cutoff when alpha >= beta),
    by a search written here, independent of mmlib's."""
    evaluated: list[str] = []

    def search(node, alpha, beta, maximizing):
        if not node.children:
            evaluated.append(node.label)
            return node.value
        best = -math.inf if maximizing else math.inf
        for child in node.children:
            value = search(child, alpha, beta, not maximizing)
            if maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    root = check.lab_tree(tree)
    search(root, -math.inf, math.inf, True)

    def leaves(node):
        return [node.label] if not node.children else [label for c in node.children for label in leaves(c)]
    return [label for label in leaves(root) if label not in evaluated]


def test_lab2_keys_are_what_an_independent_alpha_beta_prunes():
    outcomes, namespace = run_cells(GENERATED[SOLUTION[1]])
    for tree, answer in (("tree1", "pruned_1"), ("tree2", "pruned_2"), ("tree3", "pruned_3"),
                         ("quiz_tree", "pruned_quiz")):
        assert alphabeta_pruned(namespace[tree]) == namespace[answer].split(), tree
    # each tree prunes something, and they differ in kind: a whole subtree, a single leaf, deep cutoffs
    assert [len(namespace[a].split()) for a in ("pruned_1", "pruned_2", "pruned_3")] == [3, 1, 3]


def test_lab2_trees_are_solved_in_no_lecture():
    lectures = "\n".join(path.read_text() for path in (ROOT / "notebooks").glob("*.md"))
    for nested in ("[[5, 8, 6], [4, 9, 1], [7, 2, 3]]", "[[[2, 6], [5, 9]], [[7, 3], [8, 1]]]",
                   "A: BC\\nB: DE\\nC: FG\\nF: HI"):
        assert nested not in lectures


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


@pytest.mark.parametrize("name", make_labs.NAMES)
def test_a_cell_the_student_rewrites_holds_only_what_the_student_writes(name):
    """A given helper sits in a cell of its own, above the stub: in a solution cell every top-level
    statement is one the student writes (a function whose body is an answer region, an answer
    assignment), never a helper the student would have to keep while rewriting the cell."""
    for cell in make_labs.read_source(name).cells:
        if not cell.metadata.get("nbgrader", {}).get("solution"):
            continue
        student = ast.parse(make_labs.student_source(cell.source)).body
        for statement in student:
            shown = ast.unparse(statement)
            assert "NotImplementedError" in shown or "..." in shown, \
                f"{name}: a helper in the cell the student rewrites:\n{shown}"
