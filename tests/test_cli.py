"""`python -m mmlib`: CMPUT 355's `python3 alphabeta.py < t1.in`, checked against known figures.

The expected figures are worked out by hand (t1.in: value 5, alpha-beta evaluates D E F G and
prunes H) or by an independent alpha-beta written here, never copied from the command's output.
"""

from __future__ import annotations

import io
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mmlib.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
T1 = ROOT / "notebooks" / "t1.in"


def run(*argv: str, text: str | None = None) -> tuple[int, str, str]:
    """Run the command in this process, with ``text`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    if text is not None:
        argv = (*argv, "-")          # argparse's FileType reads "-" as standard input
        old = sys.stdin
        sys.stdin = io.StringIO(text)
        try:
            status = main(list(argv), stdout=out, stderr=err)
        finally:
            sys.stdin = old
    else:
        status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def line_starting(output: str, start: str) -> str:
    found = [line for line in output.splitlines() if line.startswith(start)]
    assert len(found) == 1, output
    return found[0]


def test_t1_in_is_the_cmput_355_example():
    text = T1.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert lines == ["ABCDEFGH", "A: BC", "B: DE", "C: FGH", "D 7", "E 5", "F 9", "G 3", "H 1"]


def test_the_course_command_through_standard_input():
    """Exactly as CMPUT 355 runs its script: the tree on standard input, in a new process."""
    with T1.open(encoding="utf-8") as stdin:
        done = subprocess.run([sys.executable, "-m", "mmlib", "alphabeta"], stdin=stdin, capture_output=True,
                              text=True, encoding="utf-8", cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert line_starting(done.stdout, "value:") == "value: 5"
    assert line_starting(done.stdout, "leaves evaluated") == "leaves evaluated (4 of 5): D E F G"
    assert line_starting(done.stdout, "pruned leaves") == "pruned leaves: H"
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("algorithm, leaves, pruned", [
    ("minimax", "(5 of 5): D E F G H", "none"),
    ("alphabeta", "(4 of 5): D E F G", "H"),       # min(9, 3) = 3 < 5: C is worth at most 3, H cannot matter
    ("negamax", "(4 of 5): D E F G", "H"),
])
def test_each_search_on_t1(algorithm, leaves, pruned):
    status, out, err = run(algorithm, str(T1))
    assert (status, err) == (0, "")
    assert out.splitlines()[0].startswith(algorithm)
    assert line_starting(out, "value:") == "value: 5"                 # max(min(7, 5), min(9, 3, 1))
    assert line_starting(out, "leaves evaluated") == f"leaves evaluated {leaves}"
    assert line_starting(out, "pruned leaves") == f"pruned leaves: {pruned}"


def test_windows_flag_prints_every_node_with_its_window():
    status, out, _ = run("alphabeta", "--windows", str(T1))
    assert status == 0
    rows = {line.split()[0]: " ".join(line.split()[1:]) for line in out.split("\n\n")[1].splitlines()[1:]}
    assert list(rows) == list("ABDECFGH")
    # By hand: E is searched once B knows 7 (beta 7); C after A has 5 (alpha 5); G after F gave
    # C a 9 (beta 9); C stops at 3 <= alpha, so its 3 is only an upper bound; H is never searched.
    assert rows["A"] == "[−∞, +∞] 5"
    assert rows["E"] == "[−∞, 7] 5"
    assert rows["C"] == "[5, +∞] ≤ 3"
    assert rows["G"] == "[5, 9] 3"
    assert rows["H"] == "pruned"


def test_minimax_has_no_windows_but_every_value():
    status, out, _ = run("minimax", "--windows", str(T1))
    assert status == 0
    rows = {line.split()[0]: line.split()[1] for line in out.split("\n\n")[1].splitlines()[1:]}
    assert rows == {"A": "5", "B": "5", "D": "7", "E": "5", "C": "1", "F": "9", "G": "3", "H": "1"}


def test_fail_hard_clamps_c_to_alpha():
    status, out, _ = run("alphabeta", "--fail-hard", "--windows", str(T1))
    assert status == 0
    c = line_starting(out, "  C")
    # C = min(9, 3, H) is at most 3, and fail-hard returns it clamped to alpha = 5: both are shown
    assert c.split()[-4:] == ["≤", "3", "(ret.", "5)"]


def test_cutoff_on_ties_only_when_asked():
    tie = "ABCDEF\nA: BC\nB: D\nC: EF\nD 5\nE 5\nF 9\n"        # C's first child ties B's 5
    assert "(2 of 3)" in line_starting(run("alphabeta", text=tie)[1], "leaves evaluated")
    assert "(3 of 3)" in line_starting(run("alphabeta", "--cutoff", ">", text=tie)[1], "leaves evaluated")


@pytest.mark.parametrize("text, line, words", [
    ("ABC\nA: BC\nB 1\nC x\n", 4, "not a number"),
    ("ABC\nA: BC\nB 1\n", 2, "'C' has no value"),
    ("# a comment\n\nABC\nA: BZ\nB 1\nC 2\n", 4, "unknown label 'Z'"),
    ("ABC\nA: BC\nB 1\nC 2\nC 3\n", 5, "given a value twice"),
])
def test_a_malformed_text_names_its_line(text, line, words):
    status, out, err = run("alphabeta", text=text)
    assert status == 1 and out == ""
    assert f"line {line}:" in err and words in err
    assert "Traceback" not in err


def test_an_empty_input_is_an_error_not_a_hang():
    status, _, err = run("minimax", text="")
    assert status == 1 and "no label line" in err


def test_a_malformed_file_in_a_new_process_has_no_traceback(tmp_path):
    bad = tmp_path / "bad.in"
    bad.write_text("AB\nA: B\nB seven\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mmlib", "negamax", str(bad)], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().startswith(f"{bad}: line 3:")
    assert "Traceback" not in done.stderr


def test_usage_errors_exit_with_argparse_status():
    with pytest.raises(SystemExit) as stopped:
        run("bestfirst", str(T1))
    assert stopped.value.code == 2


# -- an independent alpha-beta over the same text, for random trees -------------------------

def independent(text: str) -> tuple[float, list[str]]:
    """Parse the text and run textbook fail-soft alpha-beta (alpha >= beta), written here."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    root = lines[0][0]
    kids = {line[0]: list(line.split(":")[1].strip()) for line in lines[1:] if ":" in line}
    values = {line[0]: float(line.split()[1]) for line in lines[1:] if ":" not in line}
    seen: list[str] = []

    def ab(node: str, alpha: float, beta: float, is_max: bool) -> float:
        if node in values and node not in kids:
            seen.append(node)
            return values[node]
        best = -math.inf if is_max else math.inf
        for kid in kids[node]:
            score = ab(kid, alpha, beta, not is_max)
            if is_max:
                best, alpha = max(best, score), max(alpha, score)
            else:
                best, beta = min(best, score), min(beta, score)
            if alpha >= beta:
                break
        return best

    return ab(root, -math.inf, math.inf, True), seen


def random_text(rng: random.Random) -> str:
    labels = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    root = next(labels)
    order, lines, leaves, frontier = [root], [], [], [(root, 0)]
    while frontier:
        node, depth = frontier.pop(0)
        if depth < 3 and (depth == 0 or rng.random() < 0.8):
            kids = [next(labels) for _ in range(rng.randint(1, 3))]
            order += kids
            lines.append(f"{node}: {''.join(kids)}")
            frontier += [(kid, depth + 1) for kid in kids]
        else:
            leaves.append(f"{node} {rng.randint(-9, 9)}")
    return "\n".join(["".join(order), *lines, *leaves]) + "\n"


@pytest.mark.parametrize("seed", range(25))
def test_agrees_with_an_independent_alphabeta(seed):
    text = random_text(random.Random(seed))
    value, seen = independent(text)
    status, out, _ = run("alphabeta", text=text)
    assert status == 0
    assert line_starting(out, "value:") == f"value: {value:g}".replace("-", "−")
    assert line_starting(out, "leaves evaluated").split(": ")[1].split() == seen


def test_depth_uses_the_static_values_of_interior_nodes():
    text = "ABCDE\nA: BC\nB: D\nC: E\nB 4\nC 6\nD 9\nE 1\n"      # B and C carry static values
    out = run("minimax", "--depth", "1", "--windows", text=text)[1]
    assert line_starting(out, "value:") == "value: 6"                                          # max(4, 6)
    assert line_starting(out, "positions evaluated").endswith("at the depth limit or the end: B C")
    assert line_starting(out, "    D").split()[1:] == ["below", "the", "depth", "limit"]
    assert line_starting(run("minimax", text=text)[1], "value:") == "value: 9"                  # max(9, 1)
    status, _, err = run("alphabeta", "--depth", "-1", text=text)
    assert status == 1 and "depth" in err
