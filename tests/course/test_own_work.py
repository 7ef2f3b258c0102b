"""Nothing but the student's own work scores (issue 32, part 2).

Fresh hidden cases from a secret seed, no case values in the sandbox, every implementation of what a
lab asks withheld from its sandbox, lab 6's node budget enforced, symbolic links refused, installed
copies of mmlib hidden, no score from unsealed code, and a Gradescope zip without answers.  The
cheats graded end to end in sandboxes are in heldout_submissions.py (test_grading.py grades them);
here each defence is tested on its own, fast."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from textwrap import dedent

import pytest

from mmlib.check import cases as cases_module
from mmlib.check import check_cases, deepening, hidden_cases
from mmlib.check.nodes import shape_of
from mmlib.course import gradescope, grading
from mmlib.course.channel import Graded
from mmlib.isolation.runner import Call, batch_request

ROOT = Path(__file__).resolve().parents[2]
LECTURE = 3                                   # the lecture's trees come first in every list of cases


def nested_of(cases):
    return [json.dumps(case.nested) + str(case.depth) for case in cases]


def test_hidden_cases_are_fresh_trees_and_the_instructors_own():
    public = set(nested_of(check_cases(200, seed=11)))
    own = [[[5, -3, 8], [2, [7, -6]]], ([[[2, 9], [-4]], [[6, 1], [3, -8, 5]]], 2)]
    for seed in (1, 2_000_003, 4_294_967_295):
        hidden = hidden_cases(200, extra=own, seed=seed)
        assert hidden[0].nested == own[0] and hidden[1].depth == 2
        generated = nested_of(hidden[2 + LECTURE:])
        assert len(generated) == 200
        assert len(public & set(generated)) <= 5, seed      # a few tiny trees may repeat by chance
    assert nested_of(hidden_cases(50, seed=1)) != nested_of(hidden_cases(50, seed=2))


def test_the_seed_is_secret_random_per_run_and_can_be_fixed(monkeypatch):
    monkeypatch.delenv(cases_module.SEED_VARIABLE, raising=False)
    monkeypatch.setattr(cases_module, "_drawn", [])
    first = cases_module.grading_seed()
    assert cases_module.grading_seed() == first                 # once per run
    monkeypatch.setattr(cases_module, "_drawn", [])
    assert cases_module.grading_seed() != first      # a new run, a new seed (2**-32 to fail by chance)
    monkeypatch.setenv(cases_module.SEED_VARIABLE, "77")
    assert cases_module.grading_seed() == 77
    assert nested_of(hidden_cases(20)) == nested_of(hidden_cases(20, seed=77))
    monkeypatch.setenv(cases_module.SEED_VARIABLE, "seventy")
    with pytest.raises(ValueError, match="MMLIB_GRADING_SEED"):
        cases_module.grading_seed()


def test_every_lab_that_draws_trees_uses_fresh_ones_in_its_hidden_tests():
    for lab in ("lab1_minimax", "lab2_alphabeta", "lab4_expectimax"):
        tests = [part.test for part in grading.parts(lab)]
        drawing = [test for test in tests if "cases=" in test or "expect" in test or "gamble" in test]
        assert drawing, lab
        for test in drawing:
            assert "seed=11" not in test and ("hidden_cases(" in test or "grading_seed()" in test), test


def test_the_sandbox_gets_a_trees_shape_but_never_its_values():
    tree = check_cases(0)[0].tree()
    shape, values, _ = shape_of(tree)
    secret = tuple(value * 1000 + 777 if value is not None else None for value in values)
    request = batch_request("minimax", [Call((2, True), shape, secret, budget=100)])
    assert not [value for value in secret if value is not None and str(value).encode() in request]
    message = json.loads(request)["calls"][0]
    assert set(message) == {"args", "shape", "budget"}


# -- what each lab's sandbox withholds ---------------------------------------------------------------

CHEATS = {      # lab: code that uses the library's own implementation of what the lab asks
    "lab4_expectimax": ["from mmlib.check.expectimax import _variant",
                        "_variant(type('T', (), {'root': None}), 'weighted')"],
    "lab5_move_ordering": ["from mmlib.games import ConnectFour", "ConnectFour().centre_rank",
                           "from mmlib.ordering import StaticOrder",
                           "StaticOrder().order(None, None, [1], ())",
                           "from mmlib.games.connect4 import CentreFirst",
                           "CentreFirst().order(None, None, [1], ())"],
    "lab6_anytime_agent": ["from mmlib.check import deepening", "deepening.reference_move('.' * 42, 400)",
                           "deepening.within_budget('.' * 42, 400, 3)",
                           "from mmlib.search import arena", "arena.alphabeta_player(max_nodes=200)"],
    "lab7_transposition_table": ["from mmlib.table import TranspositionTable",
                                 "TranspositionTable().lookup('k', 0, 0, 1)",
                                 "TranspositionTable().store('k', 0, 1, 0, 2)",
                                 "from mmlib.table import BoundTable", "BoundTable()"],
}


@pytest.mark.slow
@pytest.mark.parametrize("lab", sorted(CHEATS))
def test_the_library_never_answers_a_lab_in_its_sandbox(lab, tmp_path):
    staged = grading.stage(lab, tmp_path / "lib")
    lines = CHEATS[lab]
    probe = dedent(f"""
        import sys
        sys.path.insert(0, {str(staged)!r})
        failed = 0
        for line in {lines!r}:
            try:
                exec(line, globals())
            except Exception as error:
                failed += not line.startswith("from ")
                print("refused:", line, type(error).__name__, error)
            else:
                print("allowed:", line)
        print("failed", failed)
    """)
    done = subprocess.run([sys.executable, "-I", "-S", "-c", probe], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    calls = [line for line in lines if not line.startswith("from ")]
    assert f"failed {len(calls)}" in done.stdout, done.stdout + done.stderr
    assert "allowed: from " in done.stdout            # the modules themselves are there: only the answers go


def test_lab6_games_hold_the_agent_to_its_node_budget():
    board = "...O.../.X.X.../.O.O.../.O.X.X./.X.O.X./.OXX.O."
    deep = deepening.search_to_depth(board, 6, 10**9).move          # a search that ignores the budget
    rule = deepening.reference_move(board, 1000)
    assert deep != rule
    assert deepening.within_budget(board, 1000, rule)
    assert not deepening.within_budget(board, 1000, deep)
    for board, budget in deepening.DEEPENING_CASES:                  # the rule always fits its budget
        assert deepening.within_budget(board, budget, deepening.reference_move(board, budget))


def _past_the_budget(board, max_nodes):
    return deepening.search_to_depth(board, 6, 10**9).move


def _whole_budget_each_time(board, max_nodes):
    best = None
    for depth in range(1, deepening.empty_cells(board) + 1):
        try:
            best = deepening.search_to_depth(board, depth, max_nodes, first=best).move
        except deepening.OutOfNodes:
            return best
    return best


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 6, 16, 20])
def test_lab6_games_stop_an_agent_whose_iteration_spends_past_the_budget(seed):
    # on these fresh openings every move a depth-6 search plays is also one some search within
    # 1,000 nodes plays, so only counting what its iterations spend shows it ignored the budget
    report = deepening.check_games(_past_the_budget, seed=seed)
    assert report.diagnosis == "over-budget", report
    assert "spent more than the move's 1000 nodes" in str(report)


@pytest.mark.slow
def test_lab6_games_hold_the_whole_move_to_its_budget():
    # each iteration gets the whole budget: no single iteration spends more than the move's budget,
    # but together they do, and in a game (as in the tournament) that would out-search honest agents
    report = deepening.check_games(_whole_budget_each_time, seed=3)
    assert report.diagnosis == "over-budget", report
    assert "spent more than the move's 1000 nodes in all" in str(report)


# -- symbolic links, installed copies, unsealed code, the Gradescope zip ---------------------------

def test_symbolic_links_and_linked_folders_are_refused_without_grading(tmp_path, monkeypatch):
    solution = ROOT / "instructor" / "solutions" / "lab1_minimax.ipynb"
    folder = tmp_path / "submissions"
    (folder / "bob").mkdir(parents=True)
    (folder / "alice_lab1_minimax.ipynb").symlink_to(solution)
    (folder / "bob" / "lab1_minimax.ipynb").write_text(solution.read_text())
    (folder / "carol").symlink_to(folder / "bob", target_is_directory=True)
    calls: list[Path] = []
    monkeypatch.setattr(grading, "grade_notebook",
                        lambda path, **_: calls.append(path) or Graded(path.stem, "lab1_minimax"))
    graded = {g.submission: g for g in grading.grade_folder(folder, tmp_path / "grades", seed=1)}
    assert [path.relative_to(folder).as_posix() for path in calls] == ["bob/lab1_minimax.ipynb"]
    for linked in ("alice_lab1_minimax", "carol/lab1_minimax"):
        assert graded[linked].score == 0 and len(graded[linked].results) == 2
        assert all("symbolic link" in r.output for r in graded[linked].results)


def test_gradescope_gives_no_score_where_the_sandbox_cannot_start(tmp_path, monkeypatch):
    (tmp_path / "source").mkdir()
    (tmp_path / "submission").mkdir()
    config = {"lab": "lab1_minimax", "visibility": "visible", "stdout_visibility": "hidden",
              "grader_args": [], "parts": [{"name": "minimax", "max_score": 6.0},
                                           {"name": "best_move", "max_score": 4.0}]}
    (tmp_path / "source" / gradescope.CONFIG).write_text(json.dumps(config))
    (tmp_path / "submission" / "lab1_minimax.ipynb").write_text(
        (ROOT / "instructor" / "solutions" / "lab1_minimax.ipynb").read_text())
    monkeypatch.setattr(gradescope, "bwrap_available", lambda: False)
    monkeypatch.setattr(gradescope, "_grade", lambda *args: pytest.fail("graded without a sandbox"))
    results = gradescope.run(tmp_path)
    assert results["score"] == 0 and [t["score"] for t in results["tests"]] == [0, 0]
    assert all("bubblewrap" in t["output"] and "cannot start" in t["output"] for t in results["tests"])
    (tmp_path / "submission" / "lab1_minimax.ipynb").unlink()
    (tmp_path / "submission" / "lab1_minimax.ipynb").symlink_to(ROOT / "instructor" / "solutions" /
                                                                  "lab1_minimax.ipynb")
    monkeypatch.setattr(gradescope, "bwrap_available", lambda: True)
    results = gradescope.run(tmp_path)
    assert results["score"] == 0 and "symbolic link" in results["tests"][0]["output"]
