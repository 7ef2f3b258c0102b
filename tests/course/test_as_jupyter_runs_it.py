"""Grading runs a submitted notebook as Jupyter runs it (issue: "run the notebook as Jupyter runs it").

IPython's own transformation turns magics and shell lines into calls (a continuation line that
starts with ``%`` or ``!=`` stays Python), cell magics that are not Python are not run, the scientific
packages import, a slow experiment costs only itself, sets pass the channel, the lab's quiz tree is
there, and "cell N" is the Nth cell JupyterLab shows.  Correct submissions in styles unlike the
solution are graded once, in one run, and each is also run top to bottom in a fresh kernel
(nbclient): what passes its own check cells there must earn full marks here.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from textwrap import dedent

import nbformat
import pytest

from mmlib.course import grading
from mmlib.course.cells import cell_code
from mmlib.course.scoring import stage_lab
from mmlib.isolation import sealed
from mmlib.isolation.sandbox import Sandbox, bwrap_available

ROOT = Path(__file__).resolve().parents[2]

_needs_bwrap = pytest.mark.skipif(not bwrap_available() and os.environ.get("CI") != "true",
                                  reason="bubblewrap is not installed here (CI installs it)")


def needs_bwrap(test):
    """A test that runs sandboxes: it takes seconds (`make test` runs it, `make check` does not)."""
    return pytest.mark.slow(_needs_bwrap(test))


# -- the transformation, as IPython does it -----------------------------------------------------------


def run_here(cells: list[str], quick: set[int] = frozenset()) -> tuple[dict, list]:
    """Run transformed cells with the sealed process's own code, in this process."""
    namespace: dict = {}
    shell = sealed._Shell(namespace)
    namespace["get_ipython"] = lambda: shell
    said: list = []
    sealed.run_cells([cell_code(cell, n)[0] for n, cell in enumerate(cells, start=1)], namespace, skip=set(),
                     checker_calls=lambda stmt: False, report=lambda kind, data: said.append((kind, data)),
                     quick=set(quick))
    return namespace, said


def test_time_and_timeit_run_their_statement_once_and_shell_lines_do_nothing():
    namespace, said = run_here(["calls = []\n%time calls.append(1)\n%timeit calls.append(2)\n!echo hi\n"
                                "out = !ls\n%matplotlib inline"])
    assert namespace["calls"] == [1, 2] and namespace["out"] == []
    assert [kind for kind, _ in said] == ["cell"]


def test_of_a_slow_cell_only_definitions_imports_and_plain_assignments_run():
    namespace, _ = run_here(["import math\nPLAYERS = 2\nINF = math.inf\ndef f():\n    return 1\n"
                             "results = [f() for _ in range(3)]\nfor i in range(3):\n    pass\n"
                             "class C:\n    pass\n"
                             "answer = 'A B'\nslow = f()"], quick={1})
    assert {"math", "PLAYERS", "INF", "f", "C", "answer"} <= set(namespace)
    assert "results" not in namespace and "slow" not in namespace and "i" not in namespace


# -- the sandbox: packages, slow cells, the notebook limit, the quiz tree ---------------------------------

def sandbox(tmp_path: Path, lab: str, cells: list[str], **limits) -> Sandbox:
    from mmlib.course.labs import packages
    from mmlib.isolation.sandbox import package_folders

    box = Sandbox(stage_lab(lab, tmp_path / "lib"), cells, tmp_path,
                  packages=package_folders(packages(lab)), **limits)
    box.start()
    return box


@needs_bwrap
def test_numpy_matplotlib_and_networkx_import_in_the_sandbox(tmp_path):
    box = sandbox(tmp_path, "lab1_minimax", [
        "import numpy as np\ntotal = int(np.arange(5).sum())",
        "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('plot.png')\ndrawn = True",
        "import networkx as nx\nedges = nx.path_graph(3).number_of_edges()"])
    try:
        assert [box.lookup(name) for name in ("total", "drawn", "edges")] == \
            [{"value": 10}, {"value": True}, {"value": 2}], box.notes
    finally:
        box.stop()


@needs_bwrap
def test_a_slow_cell_keeps_its_definitions_and_the_notebook_limit_keeps_later_definitions(tmp_path):
    slow = "import time\ndef {name}():\n    return '{name}'\nstart = time.monotonic()\n" \
           "while time.monotonic() - start < {seconds}:\n    pass\n{name}_done = bool(start)"
    box = sandbox(tmp_path, "lab1_minimax", [slow.format(name="endless", seconds=1000),
                                              slow.format(name="second", seconds=2.5),
                                              slow.format(name="third", seconds=2.5),
                                              "plain = 'C D'"], cell_time=3, notebook_time=4)
    try:
        found = {name: box.lookup(name) for name in ("endless", "endless_done", "second", "second_done",
                                                       "third", "third_done", "plain")}
    finally:
        box.stop()
    assert found["endless"] == found["second"] == found["third"] == {"callable": True}
    assert found["plain"] == {"value": "C D"} and found["second_done"] == {"value": True}
    assert "missing" in found["endless_done"] and "missing" in found["third_done"]
    assert box.notes == [
        "cell 1 did not finish within 3 s (the limit per cell), so only its definitions (def, class, import) "
        "and plain assignments were run",
        "the notebook's cells took over 4 s in all (the limit), so from cell 3 on only definitions (def, "
        "class, import) and plain assignments were run"]


@needs_bwrap
def test_the_labs_own_quiz_tree_cell_works_in_the_sandbox_without_its_answers(tmp_path):
    box = sandbox(tmp_path, "lab2_alphabeta", [
        "from mmlib import quiz",
        "quiz_tree = quiz.alpha_beta_question(seed=7, branching=3, depth=3, ordering='random').tree\n"
        "leaves = [leaf.label for leaf in quiz_tree.leaves()]",
        "key = quiz.alpha_beta_question(seed=7, branching=3, depth=3, ordering='random').pruned",
        "other = quiz.alpha_beta_question(seed=8)"])
    try:
        from mmlib import quiz

        truth = quiz.alpha_beta_question(seed=7, branching=3, depth=3, ordering="random").tree
        assert box.lookup("leaves") == {"value": [leaf.label for leaf in truth.leaves()]}
        assert "missing" in box.lookup("key") and "missing" in box.lookup("other")
        assert any("only the question's tree" in note for note in box.notes), box.notes
    finally:
        box.stop()


# -- correct submissions unlike the solution: graded once, and run in a fresh kernel ----------------------

MINIMAX_NUMPY_BLACK = '''
import numpy as np

PLAYERS = 2


def minimax(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    turn = 0 if maximizing else 1
    values = np.array([minimax(child, depth - 1, not maximizing) for child in node.children])
    return int(values.max()) if (turn
                                 % PLAYERS == 0) else int(values.min())
'''
BEST_MOVE_NOT_EQUAL = '''
def best_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    best, last = max(values), None
    for index, value in enumerate(values):
        if (value
        != best):
            continue
        last = index
        break
    return last
'''
OLD_ATTEMPT = '''
%%script false
def minimax(node, depth, maximizing):
    return 0
'''
MAGICS = ['%%time\ntiming_ok = True', "%%writefile notes.txt\nminimax = None", "%%bash\necho hello",
          "%%html\n<b>minimax = None</b>", "!pip list\n%timeit -n 1 -r 1 sum(range(10))",
          "files = !ls\n%matplotlib inline"]
PRUNED_AS_SETS = '''
pruned_1 = {"I", "J", "M"}
pruned_2 = frozenset({"O"})
pruned_3 = ("K", "M", "G")
'''
QUIZ_COMPUTED = '''
def visit(node, alpha, beta, maximizing, seen):
    """Alpha-beta on the quiz's own tree, recording the leaves it evaluates."""
    if node.is_leaf():
        seen.append(node.label)
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        value = visit(child, alpha, beta, not maximizing, seen)
        if maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if beta <= alpha:
            break
    return best


seen = []
visit(quiz_tree.root, -math.inf, math.inf, True, seen)
pruned_quiz = " ".join(leaf.label for leaf in quiz_tree.leaves() if leaf.label not in seen)
'''

# name: (lab, {start of a solution cell: new source}, cells added at the end, file name, fresh cell ids)
STYLES: dict[str, tuple[str, dict[str, str], list[str], str, bool]] = {
    "numpy_black_not_equal": ("lab1_minimax", {"def minimax": MINIMAX_NUMPY_BLACK,
                                               "def best_move": BEST_MOVE_NOT_EQUAL},
                              [], "a_lab1_minimax", False),
    "old_attempt_switched_off": ("lab1_minimax", {}, [OLD_ATTEMPT], "b_lab1_minimax", False),
    "magics_everywhere": ("lab1_minimax", {}, MAGICS, "c_lab1_minimax", False),
    "renamed_copy": ("lab1_minimax", {}, [], "my homework (final)", True),
    "sets_and_computed_quiz": ("lab2_alphabeta", {'pruned_1 = "I J M"': PRUNED_AS_SETS,
                                                  'pruned_quiz = "R S U V Z a b d e f"': QUIZ_COMPUTED},
                               [], "e_lab2_alphabeta", False),
}
FULL = {"lab1_minimax": {"minimax": 6, "best_move": 4},
        "lab2_alphabeta": {"alphabeta": 5, "pruned_1": 1, "pruned_2": 1, "pruned_3": 1, "pruned_quiz": 2}}


def styled(folder: Path, lab: str, replace: dict[str, str], extra: list[str], stem: str, fresh: bool) -> Path:
    nb = nbformat.read(ROOT / "instructor" / "solutions" / f"{lab}.ipynb", as_version=4)
    for start, code in replace.items():
        cells = [cell for cell in nb.cells
                 if cell.cell_type == "code" and cell.source.lstrip().startswith(start)]
        assert len(cells) == 1, start
        cells[0].source = dedent(code).strip()
    nb.cells += [nbformat.v4.new_code_cell(dedent(code).strip()) for code in extra]
    if fresh:
        for number, cell in enumerate(nb.cells):
            cell.id = f"copy{number:03d}"
    path = folder / f"{stem}.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def graded_styles(tmp_path_factory):
    base = tmp_path_factory.mktemp("styles")
    folder = base / "submissions"
    folder.mkdir()
    for lab, replace, extra, stem, fresh in STYLES.values():
        styled(folder, lab, replace, extra, stem, fresh)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TMPDIR", str(base))       # the sandboxes' temporary folders go there
        graded = grading.grade_folder(folder, base / "grades")
    return {"base": base, "folder": folder, "graded": {g.submission: g for g in graded}}


@needs_bwrap
@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_correct_submission_in_any_style_earns_full_marks(graded_styles, style):
    lab, _, _, stem, _ = STYLES[style]
    graded = graded_styles["graded"][stem]
    assert graded.lab == lab
    assert {r.grade_id: r.score for r in graded.results} == FULL[lab], graded
    assert not list(graded_styles["base"].glob("mmlib-grading-*"))       # every temporary folder removed


@needs_bwrap
def test_what_jupyter_does_not_run_is_said_in_the_feedback(graded_styles):
    graded = graded_styles["graded"]
    notes = "\n".join(graded["b_lab1_minimax"].notes)
    count = len(nbformat.read(ROOT / "instructor" / "solutions" / "lab1_minimax.ipynb", as_version=4).cells)
    assert f"cell {count + 1}: its %%script cell magic was not run as Python" in notes
    said = "\n".join(graded["c_lab1_minimax"].notes)
    for magic in ("writefile", "bash", "html"):
        assert f"its %%{magic} cell magic was not run as Python" in said
    assert "`!pip list` was not run" in said and "`!ls` was not run" in said


@needs_bwrap
def test_a_submission_stopped_at_its_time_limit_leaves_no_temporary_folder(tmp_path, monkeypatch):
    path = styled(tmp_path, "lab1_minimax", {}, ["while True:\n    pass"], "stuck_lab1_minimax", False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    start = time.monotonic()
    graded = grading.grade_notebook(path, time_limit=8)
    assert time.monotonic() - start < 30
    assert "grading stopped after 8 s" in "\n".join(graded.notes)
    assert not list(tmp_path.glob("mmlib-grading-*"))


@needs_bwrap
@pytest.mark.parametrize("style", sorted(set(STYLES) - {"renamed_copy"}))     # the solution's own code
def test_each_style_passes_its_own_check_cells_in_a_fresh_kernel(graded_styles, style):
    """What grading gave full marks also passes Run All in a fresh kernel: every check cell passes, and
    the only cell that raises is ``%%script false`` (IPython raises there: `false` fails), the last."""
    from nbclient import NotebookClient

    lab, _, _, stem, _ = STYLES[style]
    nb = nbformat.read(graded_styles["folder"] / f"{stem}.ipynb", as_version=4)
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    client = NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(graded_styles["base"])}})
    client.execute(env=env)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    raised = [cell.source.splitlines()[0] for cell in code
              if any(output.output_type == "error" for output in cell.outputs)]
    assert raised == (["%%script false"] if style == "old_attempt_switched_off" else []), raised
    checks = [cell for cell in code if cell.source.startswith("check.check_")]
    shown = ["\n".join(output.get("text", "") + output.get("data", {}).get("text/plain", "")
                        for output in cell.outputs) for cell in checks]
    assert len(shown) == len(FULL[lab]), shown
    assert all("passed" in text and "not yet" not in text for text in shown), shown


@pytest.mark.parametrize("lab", sorted(grading.SANDBOX_MODULES))
def test_each_student_lab_states_every_limit_as_the_grader_applies_it(lab):
    from mmlib.course.labs import packages
    from mmlib.isolation import runner, sandbox

    text = (ROOT / "instructor" / "labs" / f"{lab}.md").read_text()
    section = " ".join(text.split("## Limits when your lab is graded", 1)[1].split())
    for figure in (f"**{sandbox.CELL_TIME:g} s**", f"**{sandbox.NOTEBOOK_TIME:g} s**",
                   f"**{runner.TIME_LIMIT:g} s**", f"**{grading.TIME_LIMIT:g} s**",
                   f"**{sandbox.SANDBOX_MEMORY >> 30} GiB**",
                   f"**{sandbox.SCRATCH_BYTES >> 20} MB**", f"**{grading.SUBMISSION_BYTES >> 20} MiB**"):
        assert figure in section, (lab, figure)
    for module in grading.SANDBOX_MODULES[lab]:
        assert f"`{module}`" in section, (lab, module)
    for package in ("numpy", "matplotlib", "networkx"):
        assert (f"`{package}`" in section) == (package in packages(lab)), (lab, package)


# -- nbgrader's own validate and autograde agree with `make grade` on these correct submissions ----------

NBGRADER_STYLES = {
    "lab1_minimax": {"numpy_black": ({"minimax_answer": MINIMAX_NUMPY_BLACK,
                                      "best_move_answer": BEST_MOVE_NOT_EQUAL}, []),
                     "magics": ({}, MAGICS + [OLD_ATTEMPT])},
    "lab2_alphabeta": {"sets_quiz": ({"pruned_answers": PRUNED_AS_SETS,
                                      "pruned_quiz_answer": QUIZ_COMPUTED}, [])},
}


@needs_bwrap
@pytest.mark.parametrize("lab", sorted(NBGRADER_STYLES))
def test_nbgrader_validate_and_autograde_agree_with_make_grade_on_correct_styles(lab, tmp_path, monkeypatch):
    import test_nbgrader as nbg  # the nbgrader course helpers (tests/course/test_nbgrader.py)

    monkeypatch.setenv("PATH", f"{nbg.NBGRADER.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    root = nbg.course(tmp_path, lab)
    nbg.nbgrader_cli(root, "generate_assignment", lab, "--create")
    paths = {}
    for student, (answers, extra) in NBGRADER_STYLES[lab].items():
        answers = {key: dedent(code).strip() for key, code in answers.items()}
        paths[student] = nbg.submit(root, lab, student, {**nbg.solutions(lab), **answers})
        nb = nbformat.read(paths[student], as_version=4)
        nb.cells += [nbformat.v4.new_code_cell(dedent(code).strip()) for code in extra]
        nbformat.write(nb, paths[student])
        said = nbg.nbgrader_cli(root, "validate", str(paths[student]))
        assert "Success! Your notebook passes all the tests." in said, (student, said)
    nbg.nbgrader_cli(root, "autograde", lab, "--create")
    for student, path in paths.items():
        assert nbg.scores(root, lab, student) == pytest.approx(FULL[lab]), student
        graded = grading.grade_notebook(path)
        assert {r.grade_id: r.score for r in graded.results} == FULL[lab], (student, graded)


@needs_bwrap
def test_what_a_notebook_imports_from_ipython_to_show_things_works_and_shows_nothing(tmp_path):
    box = sandbox(tmp_path, "lab1_minimax", [
        "from IPython.display import display, Markdown, HTML, clear_output\nimport IPython\n"
        "display(Markdown('**minimax**'), HTML('<b>x</b>'))\nclear_output()\n"
        "IPython.get_ipython()\nshown = 1"])
    try:
        assert box.lookup("shown") == {"value": 1} and box.notes == []
    finally:
        box.stop()


def test_timeit_options_are_not_code_and_what_timeit_assigns_stays_inside_it_as_in_ipython():
    namespace, said = run_here(["calls = []\n%timeit -n 10 -r 1 -o calls.append(1)\n%timeit kept = 1\n"
                                "%time timed = 2\n%prun -l 5 -s cumulative calls.append(3)\nafter = True"])
    assert namespace["calls"] == [1, 3] and namespace["timed"] == 2 and namespace["after"] is True
    assert "kept" not in namespace and [kind for kind, _ in said] == ["cell"]
