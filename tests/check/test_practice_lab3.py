"""Lab 3's practice cases (a tic-tac-toe evaluator): their answers are right (the game solved here
independently, on strings), the files shipped are the files the code writes, the lab's solution
passes every case, each case fails with a classic mistaken evaluator, and a failure prints its
counterexample in the file's own form."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
import pytest

from mmlib import check
from mmlib.check import agent, boardfile, practice
from mmlib.errors import ArgumentTypeError, TreeTextError

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "notebooks" / "labs" / "cases"
FILES = sorted((CASES / "lab3").glob("*.txt"))
ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


# -- tic-tac-toe on strings, independently of mmlib -------------------------------------------

def _mover(board: str) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


def _winner(board: str) -> str | None:
    for a, b, c in ROWS:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def _over(board: str) -> bool:
    return _winner(board) is not None or "." not in board


def _play(board: str, square: int) -> str:
    return board[:square] + _mover(board) + board[square + 1:]


def _empty(board: str) -> list[int]:
    return [square for square, mark in enumerate(board) if mark == "."]


@cache
def _solved(board: str) -> int:
    """+1 X wins, -1 O wins, 0 draw, with best play on both sides (plain minimax, no pruning)."""
    winner = _winner(board)
    if winner is not None:
        return 1 if winner == "X" else -1
    if "." not in board:
        return 0
    values = [_solved(_play(board, square)) for square in _empty(board)]
    return max(values) if _mover(board) == "X" else min(values)


def _agent(board: str, evaluate: Any, depth: int) -> int:
    """The lab's agent, as its text describes it: depth-limited minimax, squares in order, a
    finished game +10 / -10 / 0, ``evaluate`` at the horizon; the first best move."""
    def value(here: str, left: int) -> float:
        if _over(here):
            return {"X": 10, "O": -10, None: 0}[_winner(here)]
        if left == 0:
            return float(evaluate(here))
        values = [value(_play(here, square), left - 1) for square in _empty(here)]
        return max(values) if _mover(here) == "X" else min(values)

    scores = [(value(_play(board, square), depth - 1), square) for square in _empty(board)]
    best = max(s for s, _ in scores) if _mover(board) == "X" else min(s for s, _ in scores)
    return next(square for s, square in scores if s == best)


def _fields(text: str) -> dict[str, str]:
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return {key.strip(): word.strip() for key, _, word in (line.partition("=") for line in lines) if word}


# -- the lab's solution and classic mistakes -----------------------------------------------------

@cache
def _solution() -> dict[str, Any]:
    """The evaluator of the lab's reference solution (its answer cell), with the lab's own helpers."""
    nb = nbformat.read(ROOT / "instructor" / "solutions" / "lab3_tictactoe_evaluator.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    namespace: dict[str, Any] = {}
    exec("from mmlib.games.tictactoe import LINES", namespace)
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith(("def open_lines(", "def evaluate(")):
            definition = cell.source.split("\n\n\n")[0]           # open_lines without the check after it
            exec(definition if "open_lines" in cell.source[:20] else cell.source, namespace)
    return namespace


def open_lines(board: str) -> int:
    """The slides' heuristic E(n) = M(n) - O(n) alone (the lab shows it is not enough)."""
    return (sum(all(board[s] != "O" for s in row) for row in ROWS)
            - sum(all(board[s] != "X" for s in row) for row in ROWS))


def indifferent(board: str) -> int:
    """Every position looks even."""
    return 0


def mover_view(board: str) -> float:
    """The solution's estimate from the side to move's point of view (a negamax habit), not X's."""
    value: float = _solution()["evaluate"](board)
    return value if _mover(board) == "X" else -value


MISTAKES = (open_lines, indifferent, mover_view)


# -- the files ------------------------------------------------------------------------------------

def test_lab3_ships_its_practice_cases_as_the_code_writes_them() -> None:
    shipped = {path.name: path.read_text(encoding="utf-8") for path in FILES}
    assert len(shipped) >= 5
    assert shipped == practice.practice_set("lab3"), "run: python instructor/make_cases.py"
    assert practice.PRACTICE_LABS["lab3"] == "evaluate"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"lab3/{p.stem}")
def test_the_answers_are_right(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fields = _fields(text)
    board = fields["board"].strip("'")
    assert fields["check"] == "evaluate" and int(fields["depth"]) == agent.AGENT_DEPTH
    assert not _over(board)
    sign = 1 if _mover(board) == "X" else -1
    endings = {1: "X wins", -1: "O wins", 0: "draw"}
    moves = {int(key.split()[1]): word for key, word in fields.items() if key.startswith("move ")}
    assert moves == {square: endings[_solved(_play(board, square))] for square in _empty(board)}
    safe = [square for square in _empty(board) if sign * _solved(_play(board, square)) >= 0]
    assert fields["moves that do not lose"].split() == [str(square) for square in safe]
    assert 0 < len(safe) < len(_empty(board)), "a case has a move that loses and one that does not"
    drawn = [line[4:9].replace(" ", "") for line in text.splitlines() if line.startswith("#   ")]
    assert "".join(drawn) == board, "the drawing is the board"
    assert f"# {_mover(board)} to move" in text
    assert text.startswith("# ") and text.splitlines()[1].startswith("# "), "a name and why"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"lab3/{p.stem}")
def test_the_solution_holds_and_a_classic_mistake_loses(path: Path) -> None:
    fields = _fields(path.read_text(encoding="utf-8"))
    board, safe = fields["board"].strip("'"), {int(word) for word in fields["moves that do not lose"].split()}
    assert _agent(board, _solution()["evaluate"], agent.AGENT_DEPTH) in safe
    assert any(_agent(board, mistake, agent.AGENT_DEPTH) not in safe for mistake in MISTAKES)


def test_every_file_reads_back_as_written() -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        case = practice.read_any(text)
        assert isinstance(case, boardfile.BoardCaseFile)
        assert boardfile.write_board_case(case) == text


# -- running them ---------------------------------------------------------------------------------

def test_the_solution_passes_every_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)                        # where the labs run
    reports = check.run_cases("lab3", _solution()["evaluate"])
    assert len(reports) == len(FILES) and all(report.passed for report in reports), [str(r) for r in reports]
    assert all("as the case file says" in report.summary for report in reports)


@pytest.mark.slow
def test_each_classic_mistake_fails_some_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    for mistake in MISTAKES:
        failed = [report for report in check.run_cases("lab3", mistake) if not report.passed]
        assert failed and {report.diagnosis for report in failed} == {"loses"}, mistake.__name__


def test_a_losing_move_is_shown_in_the_file_s_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    report = check.run_case("lab3/02", open_lines)
    lines = str(report).splitlines()
    assert lines[0] == ("evaluate, case lab3/02 (X holds two opposite corners: O must answer on an edge): "
                        "FAILED (loses)")
    assert "Your agent:      move 0 = X wins" in lines
    assert "The case file:   moves that do not lose = 1 3 5 7" in lines
    assert lines[4:8] == ["The board:", "    . . X    0 1 2", "    . O .    3 4 5", "    X . .    6 7 8"]
    # where the search stopped on the line it expected, and what the evaluator said there
    stop = next(line for line in lines if line.startswith("Your search expected"))
    played = re.search(r"stopped after (.*), X to move, where your evaluate says (\S+):", stop)
    assert played, stop
    board = "..X.O.X.."
    for word in played.group(1).split():
        assert word[0] == _mover(board)
        board = _play(board, int(word[1:]))
    assert float(played.group(2)) == open_lines(board)
    assert _solved(board) == 1 and lines[-2] == "but from there, with best play, X wins."


def test_an_estimate_out_of_range_and_a_stub_are_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    report = check.run_case("lab3/01", lambda board: 10)
    assert report.diagnosis == "out-of-range" and "returned 10" in str(report)

    def stub(board):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    shown = check.run_case("lab3/01", stub)
    assert shown.diagnosis == "not-implemented"
    assert "moves that do not lose" not in str(shown)
    with pytest.raises(ArgumentTypeError, match="fn: expected your function, got 5"):
        check.run_case("lab3/01", 5)  # type: ignore[arg-type]


def test_without_the_folder_a_name_gives_the_case_as_shipped(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert practice.practice_cases("lab3") == [f"lab3/{path.stem}" for path in FILES]
    assert practice.load_case("lab3/03") == practice.read_any((CASES / "lab3" / "03.txt").read_text())


# -- reading files --------------------------------------------------------------------------------

HEAD = "check = evaluate\ndepth = 3\nboard = 'X...O...X'\n"


@pytest.mark.parametrize(("text", "message"), [
    (HEAD + "move 1 = X wins", "line 4: move 1 = X wins, but it is draw"),
    (HEAD + "moves that do not lose = 1 3", "line 4: moves that do not lose = 1 3, but it is 1 3 5 7"),
    (HEAD + "move 4 = draw", "line 4: move 4: that square is taken"),
    ("check = evaluate\ndepth = 0\nboard = 'X...O...X'", "line 2: depth = 0"),
    ("check = evaluate\ndepth = 3\nboard = 'XXX.OO...'", "line 3: board = 'XXX.OO...'"),
    ("check = evaluate\ndepth = 3\nboard = 'XX'", "line 3: board = 'XX'"),
    ("check = evaluate\ndepth = 3", "no 'board = ...' line"),
    (HEAD + "the best = 1", "line 4: expected a line 'key = value'"),
])
def test_a_wrong_board_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(TreeTextError, match=re.escape(message)):
        practice.read_any(text)
