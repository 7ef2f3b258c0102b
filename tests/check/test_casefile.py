"""Case files a student can open: they read back as written, their answers are right, a student
runs one, and a counterexample prints in the same form."""

from __future__ import annotations

import math
import re
from pathlib import Path

import mutants
import pytest
import support

from mmlib import check, trees
from mmlib.check import casefile, practice
from mmlib.errors import ArgumentError, TreeTextError

INF = math.inf
CASES = Path(__file__).resolve().parents[2] / "notebooks" / "labs" / "cases"
KEY = re.compile(r"^(check|depth|value|evaluated|not evaluated|move values|best moves)\s*=\s*(.*)$")


# An independent reading of a case file and independent searches (not mmlib's models).

def _fields(text: str) -> tuple[dict[str, str], trees.Tree]:
    fields, tree_lines = {}, []
    for line in text.splitlines():
        match = KEY.match(line.strip())
        if match:
            fields[match.group(1)] = match.group(2)
        else:
            tree_lines.append(line)
    return fields, trees.from_text("\n".join(tree_lines))


def _search(node: trees.Node, depth: int, alpha: float, beta: float, prune: bool, read: list[str]) -> float:
    if depth == 0 or not node.children:
        assert node.value is not None, f"{node.label} is evaluated but the file gives it no value"
        read.append(node.label)
        return node.value
    best = -INF if node.is_max else INF
    for child in node.children:
        score = _search(child, depth - 1, alpha, beta, prune, read)
        if node.is_max:
            best, alpha = max(best, score), max(alpha, score)
        else:
            best, beta = min(best, score), min(beta, score)
        if prune and alpha >= beta:
            break
    return best


def _horizon(node: trees.Node, depth: int) -> list[str]:
    if depth == 0 or not node.children:
        return [node.label]
    return [label for child in node.children for label in _horizon(child, depth - 1)]


def _shipped() -> list[Path]:
    """The game-tree cases (labs 1 and 2; labs 4 and 7: tests/check/test_practice_labs.py)."""
    return sorted(CASES.glob("lab[12]/*.txt"))


def test_practice_cases_ship_for_labs_1_and_2() -> None:
    assert {path.parent.name for path in _shipped()} >= {"lab1", "lab2"}
    assert len([p for p in _shipped() if p.parent.name == "lab1"]) >= 5


@pytest.mark.parametrize("path", _shipped(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_shipped_answers_are_right(path: Path) -> None:
    fields, tree = _fields(path.read_text(encoding="utf-8"))
    depth = tree.height if fields["depth"] == "none" else int(fields["depth"])
    read: list[str] = []
    value = _search(tree.root, depth, -INF, INF, fields["check"] == "alpha-beta", read)
    assert float(fields["value"]) == value
    if "evaluated" in fields:
        assert fields["evaluated"].split() == read
    if fields["check"] == "alpha-beta":
        skipped = [label for label in _horizon(tree.root, depth) if label not in read]
        assert fields["not evaluated"].split() == (skipped or ["none"])
    elif fields["check"] == "best move":
        moves = [_search(child, depth - 1, -INF, INF, False, []) for child in tree.root.children]
        assert [float(v) for v in fields["move values"].split()] == moves
        best = [i for i, v in enumerate(moves) if v == value]
        assert [int(m) for m in fields["best moves"].split()] == best
    else:
        assert read == _horizon(tree.root, depth)


@pytest.mark.parametrize("lab", ["lab1", "lab2"])
def test_shipped_files_are_current(lab: str) -> None:
    shipped = {path.name: path.read_text(encoding="utf-8") for path in (CASES / lab).glob("*.txt")}
    assert shipped == practice.practice_set(lab), "run: python instructor/make_cases.py"


def test_alpha_beta_cases_prune_something() -> None:
    texts = practice.practice_set("lab2").values()
    assert sum("not evaluated = none" not in text for text in texts) >= 5


@pytest.mark.parametrize("case", check.check_cases(30, seed=5), ids=lambda case: case.name or "generated")
@pytest.mark.parametrize("kind", casefile.KINDS)
def test_write_then_read_gives_the_same_case(case: check.Case, kind: str) -> None:
    written = casefile.case_from_nested(case.nested, kind, case.depth, case.name)
    text = casefile.write_case(written)
    again = casefile.read_case(text)
    assert again == written
    assert trees.to_text(again.tree) == trees.to_text(written.tree)      # static values included
    assert casefile.write_case(again) == text


def test_a_case_with_only_the_tree_reads_and_gets_its_answers() -> None:
    case = casefile.read_case("check = minimax\ndepth = 1\nABCDE\nA: BC\nB: DE\nC 2\nD 1\nE 9\nB 8\n")
    assert (case.value, case.evaluated) == (8, ("B", "C"))


@pytest.mark.parametrize(("text", "message"), [
    ("check = minimax\ndepth = 1\nABC\nA: BC\nB 4\nC 7\nevaluated = C B", "line 7: evaluated = C B"),
    ("check = minimax\ndepth = 1\nABC\nA: BC\nB 4\nC 7\nvalue = 4", "line 7: value = 4"),
    ("check = minmax\ndepth = 1\nABC\nA: BC\nB 4\nC 7", "line 1: check = minmax"),
    ("check = minimax\ndepth = 0\nABC\nA: BC\nB 4\nC 7", "line 2: depth = 0"),
    ("check = minimax\nABC\nA: BC\nB 4\nC 7", "no 'depth = ...' line"),
    ("check = minimax\ndepth = 1\nABC\nA: BC\nB 4", "leaf 'C' has no value"),
])
def test_a_wrong_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(TreeTextError, match=re.escape(message)):
        casefile.read_case(text)


def test_without_the_folder_a_practice_name_gives_the_case_as_shipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)                        # a grader's sandbox: no cases/ folder
    assert practice.practice_cases("lab2") == [f"lab2/{n:02d}" for n in range(1, 9)]
    shipped = casefile.read_case((CASES / "lab2" / "03.txt").read_text(encoding="utf-8"))
    assert practice.load_case("lab2/03") == shipped


def test_an_edited_file_beside_the_labs_is_the_one_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cases" / "lab1").mkdir(parents=True)
    (tmp_path / "cases" / "lab1" / "01.txt").write_text("check = minimax\ndepth = 1\nABC\nA: BC\nB 4\nC 7\n")
    monkeypatch.chdir(tmp_path)
    assert practice.load_case("lab1/01").tree.to_nested() == [4, 7]
    assert practice.practice_cases("lab1") == ["lab1/01"]


def test_an_unknown_case_name_says_where_to_look() -> None:
    with pytest.raises(ArgumentError, match="cases/ beside the labs"):
        practice.load_case("lab1/99")


minimax = support.minimax
alphabeta = support.alphabeta


shallow_minimax = mutants.minimax_stops_one_ply_early
no_pruning = mutants.alphabeta_never_prunes


@pytest.mark.slow
def test_run_case_on_right_and_wrong_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)                    # where the labs run
    assert check.run_case("lab1/04", minimax).passed
    report = check.run_case("lab1/04", shallow_minimax)
    assert (report.passed, report.diagnosis) == (False, "depth-off-by-one")
    text = str(report)
    assert text.splitlines()[0] == "minimax, case lab1/04 (AIMA figure 5.2 searched to depth 1): not yet " \
                                   "(depth-off-by-one)"
    assert "Expected value 7, got 6." in text        # not shrunk: the case itself
    assert str(check.run_case(CASES / "lab2" / "03.txt", alphabeta)).splitlines()[1] == (
        "Value 5 and evaluation order H I J L M; never evaluated: K N O, as the case file says.")
    assert check.run_case("lab2/03", no_pruning).diagnosis == "no-pruning"
    assert [r.passed for r in check.run_cases("lab2", alphabeta)] == [True] * 8


def best_move(node, depth):  # type: ignore[no-untyped-def]
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(max(values))


@pytest.mark.slow
def test_run_case_on_best_move_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    names = [name for name in check.practice_cases("lab1") if "best move" in check.load_case(name).check]
    assert len(names) >= 3
    assert [report.passed for report in check.run_cases("lab1", best_move, kind="best move")] == [True] * 3
    assert len(check.run_cases("lab1", minimax)) == 8                # the lab's search cases only
    report = check.run_case(names[1], lambda node, depth: 1)          # AIMA 5.2 to depth 1: 0 or 2
    assert report.diagnosis == "wrong-move"
    assert "    best moves = 0 2" in str(report).splitlines()


@pytest.mark.slow
def test_the_off_by_one_counterexample_says_what_is_true() -> None:
    report = check.check_minimax(shallow_minimax, cases=check.check_cases(0))
    lines = str(report).splitlines()
    # the smallest tree: a MAX root over two leaves 4 and 7, searched to depth 1
    assert "Expected value 7, got 5." in lines
    assert "Your evaluation order: A" in lines
    assert ("A is not a leaf and lies above the depth limit (depth 1): its static value 5 is an "
            "estimate a correct search never reads.") in lines
    start = lines.index("The tree, as a case file (with the expected answers):")
    assert lines[start + 1:start + 11] == ["    " + line for line in [
        "check = minimax", "depth = 1", "ABC", "A: BC", "B 4", "C 7",
        "# static values of interior nodes above the depth limit (a correct search never reads them)",
        "A 5", "value = 7", "evaluated = B C"]]
    assert lines[start + 11].startswith("Hint: ")
    assert not any("nested lists" in line for line in lines)
    shown = "\n".join(line[4:] for line in lines[start + 1:start + 11])
    assert casefile.read_case(shown).tree.to_nested() == [4, 7]      # the report's case reads back


deep_minimax = mutants.minimax_searches_one_ply_too_deep


@pytest.mark.slow
def test_a_search_past_the_depth_limit_is_told_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)
    text = str(check.run_case("lab1/04", deep_minimax))     # AIMA figure 5.2 to depth 1
    assert "Your evaluation order: E F G H I J K L M" in text
    assert ("E, F, G, H, I, J, K, L, M lie below the depth limit (depth 1): a correct search stops "
            "above them.") in text


@pytest.mark.parametrize("case, function, drawn_value", [("lab1/05", mutants.minimax_ignores_the_depth, 4),
                                                          ("lab2/05", mutants.alphabeta_never_prunes, 4)])
def test_a_depth_limited_case_is_drawn_as_the_right_search_to_its_depth(monkeypatch, case, function,
                                                                          drawn_value) -> None:
    # the report says "Expected value 4": its drawing must not show the full tree's minimax value (5)
    from mmlib.draw.display import figure_alt

    monkeypatch.chdir(CASES.parent)
    report = check.run_case(case, function)
    assert not report.passed and report.depth == 2
    figure = report.figure
    words = figure_alt(figure)
    assert f"value {drawn_value}" in words and "value 5" not in words, words


def test_an_alpha_beta_counterexample_is_drawn_as_the_right_search_with_its_pruning(monkeypatch) -> None:
    # a full-depth case: the drawing is alpha-beta's own search (bounds, pruned leaves marked), not
    # the tree with every value minimax knows
    from mmlib.draw.display import figure_alt

    monkeypatch.chdir(CASES.parent)
    report = check.run_case("lab2/03", no_pruning)
    words = figure_alt(report.figure)
    assert not report.passed and "pruned leaves: K" in words and "alpha-beta" in words, words
