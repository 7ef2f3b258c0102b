"""The practice cases of lab 4 (chance trees), lab 5 (move ordering), lab 6 (an anytime agent's
move) and lab 7 (a transposition table's calls): their answers are right (worked out here
independently), the files shipped are the files the code writes, none of them is a case the
grading draws, the reference solutions pass them all, and a wrong function fails with its
counterexample in the file's own form."""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import mutants
import nbformat
import pytest

from mmlib import check
from mmlib.check import callfile, chancefile, deepening, expectimax, ordering, practice, table
from mmlib.errors import ArgumentTypeError
from mmlib.trees import LayeredNode, layered_tree_from_text

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "notebooks" / "labs" / "cases"
INF = math.inf
ANSWERS = (r"def (expectimax|expectiminimax|best_gamble|bound_flag|probe|anytime_move|centre_first|"
           r"order_moves)\(")
FIELD = re.compile(r"^(check|levels|value|move values|best moves)\s*=\s*(.*)$")


def _files(lab: str) -> list[Path]:
    return sorted((CASES / lab).glob("*.txt"))


# -- independent answers ----------------------------------------------------------------------
# Expectimax as CS 188 and AIMA (section 5.5) define it, in exact fractions; the table's rules
# as Marsland (1986) states them.

def _exact(node: LayeredNode) -> Fraction:
    if not node.children:
        return Fraction(str(node.value))
    values = [_exact(child) for child in node.children]
    if node.kind == "max":
        return max(values)
    if node.kind == "min":
        return min(values)
    weights = [Fraction(p).limit_denominator(1000) for p in node.probabilities]
    return sum((w * v for w, v in zip(weights, values, strict=True)), Fraction(0))


def _chance_fields(text: str) -> tuple[dict[str, str], LayeredNode]:
    fields, lines = {}, []
    for line in text.splitlines():
        match = FIELD.match(line.strip())
        if match:
            fields[match.group(1)] = match.group(2)
        else:
            lines.append(line)
    return fields, layered_tree_from_text("\n".join(lines), layers=fields["levels"]).root


def _flag(value: float, alpha: float, beta: float) -> str:
    if value >= beta:
        return "LOWER"                  # a cutoff: the true value is at least value
    if value <= alpha:
        return "UPPER"                  # no move reached alpha: at most value
    return "EXACT"


def _probe(value: float, flag: str, stored_depth: int, depth: int, alpha: float, beta: float) -> Any:
    deep_enough = stored_depth >= depth
    settles = flag == "EXACT" or (flag == "LOWER" and value >= beta) or (flag == "UPPER" and value <= alpha)
    return value if deep_enough and settles else None


def _calls(text: str) -> tuple[str, list[tuple[list[Any], str]]]:
    kind, calls = "", []
    for line in text.splitlines():
        if line.startswith("check = "):
            kind = line.split("= ")[1]
        elif match := re.fullmatch(r"(\w+)\((.*)\) = (\S+)", line):
            args = [word.split("=")[1] for word in match.group(2).split(", ")]
            calls.append(([float(a) if a.lstrip("-").replace(".", "").isdigit() or "inf" in a else a
                           for a in args], match.group(3)))
    return kind, calls


# -- the files ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lab", ["lab4", pytest.param("lab5", marks=pytest.mark.slow), "lab6", "lab7"])
def test_shipped_files_are_current(lab: str) -> None:
    shipped = {path.name: path.read_text(encoding="utf-8") for path in _files(lab)}
    assert len(shipped) >= 6
    assert shipped == practice.practice_set(lab), "run: python instructor/make_cases.py"


@pytest.mark.parametrize("path", _files("lab4"), ids=lambda p: f"lab4/{p.stem}")
def test_chance_answers_are_right(path: Path) -> None:
    fields, root = _chance_fields(path.read_text(encoding="utf-8"))
    assert Fraction(fields["value"]) == _exact(root)
    if fields["check"] == "best gamble":
        moves = [_exact(child) for child in root.children]
        assert [Fraction(word) for word in fields["move values"].split()] == moves
        assert [int(word) for word in fields["best moves"].split()] == [
            i for i, v in enumerate(moves) if v == max(moves)]
    else:
        assert fields["check"] in ("expectimax", "expectiminimax")
        assert ("min" in fields["levels"].split()) == (fields["check"] == "expectiminimax")


@pytest.mark.parametrize("path", _files("lab7"), ids=lambda p: f"lab7/{p.stem}")
def test_table_answers_are_right(path: Path) -> None:
    kind, calls = _calls(path.read_text(encoding="utf-8"))
    assert len(calls) >= 4 and kind in ("bound_flag", "probe")
    for args, answer in calls:
        if kind == "bound_flag":
            assert answer == _flag(*args)
        else:
            value, flag, stored, depth, alpha, beta = args
            right = _probe(value, flag, int(stored), int(depth), alpha, beta)
            assert answer == ("None" if right is None else f"{right:g}")
    answers = {answer for _, answer in calls}
    assert len(answers) >= 2, "each case asks for more than one kind of answer"


def _anytime(board: str, max_nodes: int) -> int | None:
    """Lab 6's pseudocode (Korf 1985), on the lab's own one-iteration search."""
    best, spent = None, 0
    for depth in range(1, deepening.empty_cells(board) + 1):
        try:
            iteration = deepening.search_to_depth(board, depth, max_nodes - spent, first=best)
        except deepening.OutOfNodes:
            break
        spent, best = spent + iteration.nodes, iteration.move
    return best


@pytest.mark.parametrize("path", _files("lab6"), ids=lambda p: f"lab6/{p.stem}")
def test_anytime_answers_are_right(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    match = re.search(r"^anytime_move\(board='([.XO/]+)', max_nodes=(\d+)\) = (\d)$", text, re.MULTILINE)
    assert match, text
    board, budget, move = match.group(1), int(match.group(2)), int(match.group(3))
    assert _anytime(board, budget) == move
    drawn = [line[4:] for line in text.splitlines() if line.startswith("#   ")]
    rows = [row.replace(" ", "") for row in drawn[:-1]]
    assert "/".join(rows) == board, "the drawing above the call is its board"


@pytest.mark.slow
def _discs(board: str) -> int:
    return sum(cell in "XO" for cell in board)


def _lab5_fields(text: str) -> dict[str, str]:
    return {key.strip(): word.strip() for key, _, word in (line.partition("=") for line in text.splitlines())
            if word and not key.startswith("#")}


@pytest.mark.parametrize("path", _files("lab5"), ids=lambda p: f"lab5/{p.stem}")
def test_ordering_cases_are_consistent(path: Path) -> None:
    fields = _lab5_fields(path.read_text(encoding="utf-8"))
    board, depth = fields["board"].strip("'"), int(fields["depth"])
    assert _discs(board) >= 5                                   # never a graded board (at most 4 discs)
    minimal = 7 ** math.ceil(depth / 2) + 7 ** (depth // 2) - 1     # Knuth & Moore 1975
    left = int(fields["leaves left to right"])
    if fields["check"] == "centre first":
        assert int(fields["goal"]) == left // 2
        assert int(fields["leaves centre first"]) <= int(fields["goal"]) < left
    else:
        assert int(fields["minimal tree"]) == minimal and int(fields["goal"]) == int(1.3 * minimal)
        assert int(fields["leaves best first"]) <= int(fields["goal"]) < left
    drawn = [line[4:].replace(" ", "") for line in path.read_text().splitlines() if line.startswith("#   ")]
    assert "/".join(drawn[:-1]) == board


def test_no_lab5_practice_board_is_a_graded_board() -> None:
    """Graded: ORDERING_BOARDS and fresh_boards drawn from a secret seed, openings of at most four
    moves; every practice board has five discs or more."""
    for name, _, opening in practice.PRACTICE_ORDERS["lab5"]:
        assert len(opening) >= 5, name
    assert max(map(_discs, ordering.ORDERING_BOARDS)) <= 4
    for seed in range(3):                                   # the premise: what the draws reach
        assert max(map(_discs, ordering.fresh_boards(seed, depth=2))) <= 4


@pytest.mark.slow
def test_lab6_practice_shows_each_classic_mistake() -> None:
    calls = [call for _, _, calls in practice.PRACTICE_CALLS["lab6"] for call in calls]
    told = {name for call in calls for name, move in deepening._models(*call).items()
            if move != deepening.reference_move(*call)}
    assert {"partial-iteration", "whole-budget-each-time", "previous-move-not-first"} <= told


def test_every_kind_of_answer_is_practised() -> None:
    kinds = [chancefile.read_chance_case(path.read_text(encoding="utf-8")).check for path in _files("lab4")]
    assert sorted(set(kinds)) == ["best gamble", "expectimax", "expectiminimax"]
    assert any(len(case.best_moves) > 1 for case in map(check.load_case, practice.practice_cases("lab4"))
               if isinstance(case, chancefile.ChanceCaseFile))
    flags = {answer for path in _files("lab7") for _, answer in _calls(path.read_text())[1]}
    assert {"EXACT", "LOWER", "UPPER", "None"} <= flags


# -- practice is not what is graded -------------------------------------------------------------
# Lab 4's graded cases are the checker's own trees (expectimax.CASES) and trees drawn by
# expectimax._random_nested from a secret seed: leaves -9..9, probabilities from
# _PROBABILITY_SETS.  Lab 7's are the fixed grid (values -1, 0, 1; bounds -inf, -1, 0, 1, inf) and
# calls drawn by table.fresh_flags / fresh_probes from a secret seed (values -29..37, alpha -20..16
# or -inf, beta at most 28 or inf).  Every practice case lies outside all of them.

def _out_of_reach(nested: Any) -> bool:
    """Something in the tree the generator never draws."""
    if not isinstance(nested, list):
        return not -9 <= nested <= 9
    if all(isinstance(child, tuple) for child in nested):
        probabilities = [p for p, _ in nested]
        if not any(all(math.isclose(a, b) for a, b in zip(probabilities, chosen, strict=False))
                   and len(chosen) == len(probabilities) for chosen in expectimax._PROBABILITY_SETS):
            return True
        return any(_out_of_reach(child) for _, child in nested)
    return any(_out_of_reach(child) for child in nested)


def _drawn(nested: Any) -> bool:
    """Within the generator's reach (the premise of the proof above, checked on what it draws)."""
    return not _out_of_reach(nested)


def _as_text(tree: Any) -> str:
    """A chance tree as a case file writes it (its levels, nodes, probabilities and leaves)."""
    return "\n".join(expectimax.case_lines(tree, "expectimax"))


def test_no_lab4_practice_tree_is_a_graded_tree() -> None:
    graded = {_as_text(case.tree()) for cases in expectimax.CASES.values() for case in cases}
    for name, _, levels, nested in practice.PRACTICE_CHANCE["lab4"]:
        assert _out_of_reach(nested), f"{name}: the graded trees' generator could draw it"
        tree = chancefile.chance_case(nested, "expectimax" if "min" not in levels else "expectiminimax",
                                      levels).tree
        assert _as_text(tree) not in graded, name
    for seed in range(40):                                  # the premise: what the generator draws
        rng = random.Random(seed)
        for kinds in (("max", "chance"), ("max", "chance", "min", "chance")):
            for _ in range(30):
                assert _drawn(expectimax._random_nested(rng, kinds, rng.randint(1, 4)))


def _flag_reach(value: float, alpha: float, beta: float) -> bool:
    return (-29 <= value <= 37 and (alpha == -INF or -20 <= alpha <= 16)
            and (beta == INF or beta <= 28))


def test_no_lab7_practice_call_is_a_graded_call() -> None:
    grids = {"bound_flag": set(table._grid_flags()), "probe": set(table._grid_probes())}
    for name, kind, calls in practice.PRACTICE_CALLS["lab7"]:
        for call in calls:
            assert call not in grids[kind], f"{name}: {call} is in the grid"
            value, alpha, beta = (call[0], call[-2], call[-1])
            assert not _flag_reach(value, alpha, beta), f"{name}: {call} could be drawn"
    for seed in range(100):                                 # the premise: what the draws reach
        assert all(_flag_reach(*case) for case in table.fresh_flags(seed))
        assert all(_flag_reach(case[0], case[4], case[5]) for case in table.fresh_probes(seed))


def test_no_lab6_practice_case_is_a_graded_case() -> None:
    """Graded: the fixed DEEPENING_CASES and fresh_cases drawn from a secret seed, whose budgets all
    come from FRESH_BUDGETS; no practice budget does."""
    for name, _, calls in practice.PRACTICE_CALLS["lab6"]:
        for call in calls:
            assert call not in deepening.DEEPENING_CASES, name
            assert call[1] not in deepening.FRESH_BUDGETS, name
    for seed in range(30):                                  # the premise: what the draws reach
        assert {budget for _, budget in deepening.fresh_cases(seed)} <= set(deepening.FRESH_BUDGETS)


# -- running them -------------------------------------------------------------------------------

def _solutions(lab: str) -> dict[str, Any]:
    """The functions the reference solution of ``lab`` defines (its answer cells only)."""
    nb = nbformat.read(ROOT / "instructor" / "solutions" / f"{lab}.ipynb", as_version=4)
    namespace: dict[str, Any] = {}
    exec("from mmlib.table import EXACT, LOWER, UPPER\n"
         "from mmlib.check.deepening import OutOfNodes, empty_cells, search_to_depth\n"
         "from mmlib.check.ordering import evaluate, play, to_move", namespace)
    for cell in nb.cells:
        if cell.cell_type == "code" and re.match(ANSWERS, cell.source):
            exec(cell.source, namespace)
    return namespace


@pytest.mark.slow
@pytest.mark.parametrize(("lab", "kinds"), [
    ("lab4_expectimax", {"expectimax": "expectimax", "expectiminimax": "expectiminimax",
                         "best gamble": "best_gamble"}),
    ("lab6_anytime_agent", {"anytime_move": "anytime_move"}),
    ("lab7_transposition_table", {"bound_flag": "bound_flag", "probe": "probe"})])
def test_the_reference_solutions_pass_every_practice_case(lab: str, kinds: dict[str, str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)                        # where the labs run
    solution = _solutions(lab)
    short = lab.split("_")[0]
    ran = 0
    for kind, function in kinds.items():
        reports = check.run_cases(short, solution[function], kind=kind)
        assert reports and all(report.passed for report in reports), [str(r) for r in reports]
        assert all("as the case file says" in report.summary for report in reports)
        ran += len(reports)
    assert ran == len(practice.practice_cases(short))


@pytest.mark.slow
def test_the_lab5_solutions_meet_every_practice_goal(monkeypatch: pytest.MonkeyPatch) -> None:
    """All boards in one search per exercise (one case at a time asks the function in many rounds),
    then one case through run_case."""
    monkeypatch.chdir(CASES.parent)
    solution = _solutions("lab5_move_ordering")
    cases = [check.load_case(name) for name in practice.practice_cases("lab5")]
    for kind, function in (("centre first", "centre_first"), ("best first", "order_moves")):
        chosen = [case for case in cases if case.check == kind]
        leaves = ordering.leaves_per_board(solution[function], boards=[case.board for case in chosen])
        assert all(count <= case.goal for count, case in zip(leaves, chosen, strict=True))
    assert check.run_case("lab5/01", solution["centre_first"]).passed


mean_expectimax = mutants.expectimax_ignores_probabilities
min_as_max = mutants.expectiminimax_min_as_max


def likeliest_gamble(node):  # type: ignore[no-untyped-def]
    """The gamble whose best outcome is largest (a gambler's mistake, not expectimax)."""
    values = [max(child.value for child in gamble.children) for gamble in node.children]
    return values.index(max(values))


@pytest.mark.slow
def test_wrong_chance_functions_fail_with_the_case_in_its_files_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    report = check.run_case("lab4/01", mean_expectimax)
    text = str(report)
    assert (report.passed, report.diagnosis) == (False, "ignores-probabilities")
    assert text.splitlines()[0] == ("expectimax, case lab4/01 (lecture 09, exercise 1: one chance node, "
                                    "probabilities 1/6, 1/3, 1/2): not yet (ignores-probabilities)")
    assert "Expected value 10/3 ≈ 3.33333, got 20/3 ≈ 6.66667." in text
    start = text.splitlines().index("The tree, as a case file (with the expected answers):")
    shown = "\n".join(line[4:] for line in text.splitlines()[start + 1:] if line.startswith("    "))
    assert shown + "\n" == (CASES / "lab4" / "01.txt").read_text(encoding="utf-8")
    assert not all(r.passed for r in check.run_cases("lab4", min_as_max, kind="expectiminimax"))
    gamble = check.run_case("lab4/08", likeliest_gamble)
    assert gamble.diagnosis == "wrong-move" and "best moves = 0" in str(gamble)


def always_exact(value, alpha, beta):  # type: ignore[no-untyped-def]
    return "exact"                                         # the lab's classic mistake


def ignores_depth(value, flag, stored_depth, depth, alpha, beta):  # type: ignore[no-untyped-def]
    settles = flag == "exact" or flag == "lower" and value >= beta or flag == "upper" and value <= alpha
    return value if settles else None


@pytest.mark.slow
def test_wrong_table_functions_fail_with_the_call_in_its_files_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    lines = str(check.run_case("lab7/01", always_exact)).splitlines()
    assert lines[:4] == [
        "bound_flag, case lab7/01 (results of a search in the window [40, 60]): not yet "
        "(fail-low-stored-as-exact)", "Wrong on this case.",
        "Your answer:     bound_flag(value=35, alpha=40, beta=60) = EXACT",
        "The case file:   bound_flag(value=35, alpha=40, beta=60) = UPPER"]
    report = check.run_case("lab7/04", ignores_depth)
    assert report.diagnosis == "shallow-entry"
    assert "Your answer:     probe(value=50, flag=EXACT, stored_depth=2, depth=3, alpha=40, beta=60) = 50" \
        in str(report)


def keeps_best_so_far(board, max_nodes):  # type: ignore[no-untyped-def]
    """Plays the unfinished iteration's best so far (the classic mistake)."""
    best, spent = None, 0
    for depth in range(1, deepening.empty_cells(board) + 1):
        try:
            iteration = deepening.search_to_depth(board, depth, max_nodes - spent, first=best)
        except deepening.OutOfNodes as out:
            return out.best_so_far if out.best_so_far is not None else best
        spent, best = spent + iteration.nodes, iteration.move
    return best


@pytest.mark.slow
def test_a_wrong_agent_fails_with_the_board_and_the_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    reports = check.run_cases("lab6", keeps_best_so_far)
    wrong = [report for report in reports if not report.passed]
    assert wrong and all(report.diagnosis == "partial-iteration" for report in wrong)
    lines = str(wrong[0]).splitlines()
    assert lines[1:3] == ["Wrong on this case.", "Your answer:     anytime_move(board='......./......./"
                          "......./......./......./...XO..', max_nodes=900) = 4"]
    assert "    . . . X O . ." in lines
    assert "    depth 5: ran out after 532 nodes (best so far: 4)" in lines


def left_to_right(board, moves):  # type: ignore[no-untyped-def]
    return moves                                           # no ordering: exactly the file's count


@pytest.mark.slow
def test_a_wrong_order_fails_with_its_leaves_and_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    report = check.run_case("lab5/01", left_to_right)
    lines = str(report).splitlines()
    assert (report.passed, report.diagnosis) == (False, "too-many-leaves")
    assert lines[2] == "Your order: 5,560 leaves from this board to depth 5; the goal: at most 2,780."
    assert "    . . O X X X ." in lines and "    goal = 2780" in lines


def stub(*args):  # type: ignore[no-untyped-def]
    raise NotImplementedError


@pytest.mark.slow
def test_a_stub_is_told_it_is_not_answered_and_sees_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    for name in ("lab4/01", "lab5/01", "lab6/01", "lab7/01"):
        report = check.run_case(name, stub)
        assert report.diagnosis == "not-implemented"
        shown = str(report)
        assert "value =" not in shown and "= UPPER" not in shown and ") = 3" not in shown, shown


# -- reading files ------------------------------------------------------------------------------

@pytest.mark.parametrize("lab", ["lab4", "lab6", "lab7"])
def test_every_file_reads_back_as_written(lab: str) -> None:
    for path in _files(lab):
        text = path.read_text(encoding="utf-8")
        case = practice.read_any(text)
        again = (chancefile.write_chance_case(case) if isinstance(case, chancefile.ChanceCaseFile)
                 else callfile.write_call_case(case))  # type: ignore[arg-type]
        assert again == text


def test_without_the_folder_a_name_gives_the_case_as_shipped(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert practice.practice_cases("lab7") == [f"lab7/{n:02d}" for n in range(1, 7)]
    assert practice.load_case("lab4/02") == practice.read_any((CASES / "lab4" / "02.txt").read_text())


@pytest.mark.parametrize("name", ["lab4/01", "lab5/01", "lab6/01", "lab7/01"])
def test_a_function_that_is_not_one_is_refused_by_name(name: str) -> None:
    with pytest.raises(ArgumentTypeError, match="fn: expected your function, got 5"):
        check.run_case(name, 5)


@pytest.mark.parametrize("lab", sorted(p.stem for p in (ROOT / "instructor" / "labs").glob("lab*.md")))
def test_every_lab_runs_its_practice_cases_as_check_run_case(lab: str) -> None:
    # one way to write it in every lab, whatever module the lab imports as `check`
    text = (ROOT / "instructor" / "labs" / f"{lab}.md").read_text()
    assert "practice.run_case" not in text and not re.search(r"import .*\bpractice\b", text)
    assert re.search(r'^(check\.)?run_case\("lab\d/\d\d", \w+\)$', text, re.M), lab
    if not re.search(r"^from mmlib import .*\bcheck\b", text, re.M):     # lab 4's check is its own module
        assert re.search(r"^from mmlib\.check import run_case$", text, re.M), lab


def test_run_cases_runs_the_cases_of_the_function_it_is_given() -> None:
    # lab 4 has cases for three functions: each is run on its own cases, known by its name
    def expectiminimax(node: Any) -> float:
        return 0.0

    def best_gamble(node: Any) -> Any:
        return None

    def my_expectimax(node: Any) -> float:
        return 0.0

    titles = [r.title for r in practice.run_cases("lab4", expectiminimax)]
    assert [t.split(" (")[0] for t in titles] == [f"expectiminimax, case lab4/0{n}" for n in (4, 5)]
    assert len(practice.run_cases("lab4", best_gamble)) == 3
    assert len(practice.run_cases("lab4", my_expectimax)) == 3             # the lab's default: expectimax
