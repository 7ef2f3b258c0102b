"""Hidden tests of labs 5, 6 and 7 draw fresh cases from the grading seed (issue #32, part 2).

For each checker whose public cases are a fixed sample: a seed gives other cases than the default,
the same ones again for the same seed; the lab's own solution (from `instructor/labs/*.md`, between
BEGIN and END SOLUTION) passes on 30 seeds (`make test-long`; 2 in `make test`); an answer table keyed on
the public cases passes the public check and fails a fresh one; and each lab's hidden test uses the seed.
Lab 3 needs none of this: its checks answer every reachable tic-tac-toe position.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mmlib import analysis
from mmlib.check import deepening, ordering, table
from mmlib.ordering import Ordering

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=[pytest.param(range(2), id="2-seeds"),
                        pytest.param(range(30), id="30-seeds", marks=pytest.mark.long)])
def seeds(request: pytest.FixtureRequest) -> range:
    """The seeds a test runs on: 2 in `make test`, 30 in `make test-long`."""
    return request.param


def solution(lab: str, name: str, module: Any) -> Any:
    """The function ``name`` of the lab's solution, defined with the names its check module offers."""
    text = (ROOT / "instructor" / "labs" / f"{lab}.md").read_text()
    cells = re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", text, re.S)
    cell = next(cell for cell in cells if f"def {name}(" in cell)
    code = "\n".join(line for line in cell.split("---\n")[-1].splitlines()
                     if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))
    namespace = {key: getattr(module, key) for key in dir(module) if not key.startswith("__")}
    exec(code, namespace)                                          # noqa: S102 (the instructor's own code)
    return namespace[name]


class _Order(Ordering):
    """A student's ``order_moves`` used in this process (the checker asks it in another)."""

    name = "student"

    def __init__(self, order_moves: Any):
        self.order_moves = order_moves

    def order(self, search_: Any, state: Any, moves: Any, path: tuple[Any, ...]) -> Any:
        return self.order_moves(ordering.board_of(state), list(moves))


# -- every lab with a fixed sample uses the grading seed in its hidden tests ----------------------

@pytest.mark.parametrize("lab", ["lab5_move_ordering", "lab6_anytime_agent", "lab7_transposition_table"])
def test_each_hidden_test_draws_fresh_cases_from_the_grading_seed(lab):
    text = (ROOT / "instructor" / "labs" / f"{lab}.md").read_text()
    tests = re.findall(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", text, re.S)
    assert len(tests) == 2
    for test in tests:
        assert "seed=check.grading_seed()" in test, test


# -- lab 7: bound flags and table lookups ---------------------------------------------------------

def test_lab7_fresh_cases_are_new_repeatable_and_cover_every_branch(seeds):
    grid_flags, grid_probes = set(table._grid_flags()), set(table._grid_probes())
    assert table.fresh_flags(3) == table.fresh_flags(3) != table.fresh_flags(4)
    assert table.fresh_probes(3) == table.fresh_probes(3) != table.fresh_probes(4)
    for seed in seeds:
        flags, probes = table.fresh_flags(seed), table.fresh_probes(seed)
        assert len(set(flags) - grid_flags) >= 30 and len(set(probes) - grid_probes) >= 80
        assert {table.reference_flag(*case) for case in flags} == {table.EXACT, table.LOWER, table.UPPER}
        assert any(value == alpha for value, alpha, _ in flags)
        assert any(value == beta for value, _, beta in flags)
        answered = {(flag, stored >= depth, table.reference_probe(value, flag, stored, depth, alpha, beta)
                     is not None) for value, flag, stored, depth, alpha, beta in probes}
        assert answered == {(flag, deep, hit) for flag in (table.EXACT, table.LOWER, table.UPPER)
                            for deep in (True, False) for hit in (True, False)
                            if deep or not hit} - {(table.EXACT, True, False)}
    fresh_graphs = [graph.children for graph in table.graphs(20, seed=table._graph_seed(3))]
    assert fresh_graphs != [graph.children for graph in table.graphs(20)]


def test_lab7_solution_is_right_on_fresh_seeds(seeds):
    bound_flag = solution("lab7_transposition_table", "bound_flag", table)
    probe = solution("lab7_transposition_table", "probe", table)
    for seed in seeds:
        assert all(bound_flag(*case) == table.reference_flag(*case) for case in table.fresh_flags(seed))
        assert all(probe(*case) == table.reference_probe(*case) for case in table.fresh_probes(seed))
    for seed in seeds[:3]:                       # the graphs: every iteration finds the minimax value
        assert table._wrong_graph(bound_flag, probe, table.GRAPHS, seed) is None


@pytest.mark.slow
def test_lab7_answer_tables_of_the_public_checks_fail_a_fresh_seed():
    """Tables of every question the public checks ask (the grid and the graphs' searches)."""
    bound_flag = solution("lab7_transposition_table", "bound_flag", table)
    probe = solution("lab7_transposition_table", "probe", table)
    assert table.check_bound_flag(bound_flag, seed=5).passed and table.check_probe(probe, seed=5).passed
    flags = {case: table.reference_flag(*case) for case in table._grid_flags()}
    probes = {case: table.reference_probe(*case) for case in table._grid_probes()}

    def recording_flag(*args):
        flags[args] = table.reference_flag(*args)
        return flags[args]

    def recording_probe(*args):
        probes[args] = table.reference_probe(*args)
        return probes[args]

    table._wrong_graph(recording_flag, table.reference_probe, table.GRAPHS)
    table._wrong_graph(table.reference_flag, recording_probe, table.GRAPHS)

    def flag_table(value, alpha, beta):
        return flags.get((value, alpha, beta), "exact")

    def probe_table(value, flag, stored_depth, depth, alpha, beta):
        return probes.get((value, flag, stored_depth, depth, alpha, beta), value)

    assert table.check_bound_flag(flag_table).passed and table.check_probe(probe_table).passed
    assert not table.check_bound_flag(flag_table, seed=5).passed
    assert not table.check_probe(probe_table, seed=5).passed


# -- lab 6: anytime iterative deepening -------------------------------------------------------------

def test_lab6_fresh_cases_are_new_and_repeatable(seeds):
    assert deepening.fresh_cases(3) == deepening.fresh_cases(3) != deepening.fresh_cases(4)
    for seed in seeds:
        cases = deepening.fresh_cases(seed)
        assert len(set(cases)) == 16 and not set(cases) & set(deepening.DEEPENING_CASES)
        assert {budget for _, budget in cases} <= set(deepening.FRESH_BUDGETS)
        assert all(deepening.legal_moves(board) for board, _ in cases)


@pytest.mark.slow
def test_lab6_solution_plays_the_rule_on_fresh_seeds(seeds):
    anytime_move = solution("lab6_anytime_agent", "anytime_move", deepening)
    for seed in seeds:
        for board, budget in deepening.fresh_cases(seed):
            assert anytime_move(board, budget) == deepening.reference_move(board, budget), (seed, board)


@pytest.mark.slow
def test_lab6_an_answer_table_of_the_public_cases_fails_a_fresh_seed():
    answers = {case: deepening.reference_move(*case) for case in deepening.DEEPENING_CASES}

    def cheat(board, max_nodes):
        return answers.get((board, max_nodes), deepening.legal_moves(board)[0])

    assert deepening.check_anytime(cheat).passed
    assert not deepening.check_anytime(cheat, seed=5).passed


@pytest.mark.slow
def test_lab6_games_from_fresh_openings_are_new_and_the_rule_passes_them(monkeypatch):
    """The fresh openings differ from the fixed ones and between seeds; the rule (every correct
    agent's moves) passes.  (Measured on 30 seeds when written; here on 2: a game check takes seconds.)"""
    seen: dict[Any, list[str]] = {}

    def rule_player(anytime_move, max_nodes, seconds_, played=None):
        def choose(game, state):
            board = ordering.board_of(state)
            seen[current].append(board)
            return deepening.reference_move(board, max_nodes)
        return choose

    monkeypatch.setattr(deepening, "_student_player", rule_player)
    for current in (None, 1, 2):
        seen[current] = []
        assert deepening.check_games(deepening.reference_move, seed=current).passed, current
    assert seen[None] != seen[1] != seen[2] != seen[None]


# -- lab 5: move ordering ---------------------------------------------------------------------------

@pytest.mark.slow
def test_lab5_fresh_boards_are_new_and_repeatable():
    boards = ordering.fresh_boards(3, depth=3)
    assert boards == ordering.fresh_boards(3, depth=3) != ordering.fresh_boards(4, depth=3)
    assert not set(boards) & set(ordering.ORDERING_BOARDS)
    assert {ordering.to_move(board) for board in boards} == {"X", "O"}


@pytest.mark.slow
def test_lab5_solutions_pass_on_fresh_seeds(seeds):
    order_moves = solution("lab5_move_ordering", "order_moves", ordering)
    centre_first = solution("lab5_move_ordering", "centre_first", ordering)
    minimal = analysis.knuth_moore_leaves(7, ordering.ORDERING_DEPTH)
    fixed = ordering._leaves(_Order(order_moves), ordering.ORDERING_DEPTH, ordering.ORDERING_BOARDS)
    for seed in seeds:
        boards = ordering.fresh_boards(seed)
        mine = sum(fixed) + sum(ordering._leaves(_Order(order_moves), ordering.ORDERING_DEPTH, boards))
        assert mine <= int(1.3 * minimal * 2 * len(boards)), seed
    for seed in seeds[:3]:                        # far below the mark: centre first, 3 seeds suffice
        boards = ordering.ORDERING_BOARDS + ordering.fresh_boards(seed)
        centre = sum(ordering._leaves(_Order(centre_first), ordering.ORDERING_DEPTH, boards))
        assert centre <= sum(ordering._left_to_right(ordering.ORDERING_DEPTH, boards)) // 2, seed


@pytest.mark.slow
def test_lab5_an_answer_table_of_the_public_boards_fails_a_fresh_seed():
    """Best first wherever the public check's searches go, left to right elsewhere."""
    order_moves = solution("lab5_move_ordering", "order_moves", ordering)
    asked: set[str] = set()

    def recording(board, moves):
        asked.add(board)
        return order_moves(board, moves)

    ordering._leaves(_Order(recording), ordering.ORDERING_DEPTH, ordering.ORDERING_BOARDS)
    known = {board: order_moves(board, ordering.legal_moves(board)) for board in asked}

    def cheat(board, moves):
        return known.get(board, moves)

    assert ordering.check_ordering(cheat, within=1.3).passed
    report = ordering.check_ordering(cheat, within=1.3, seed=5)
    assert not report.passed and report.diagnosis == "too-many-leaves"
