"""Student code cannot hurt or fool the checker.

Each test runs a hostile or broken student function through the public checks and asserts the
verdict a student should get, that the calling process survives and that nothing is left running.
"""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

import mutants
import pytest
import support

from mmlib import check, search, trees
from mmlib.check import cases as cases_module
from mmlib.check import shrink
from mmlib.check.nodes import shape_of
from mmlib.errors import ArgumentError, MmlibError
from mmlib.isolation import runner
from mmlib.isolation.nodes import TableValues, build_nodes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process checks read /proc")

INF = math.inf


minimax = support.minimax     # the lecture's pseudocode, as a student writes it
alphabeta = support.alphabeta


def children_of(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (zombies included)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def processes_running(marker: str) -> list[int]:
    """Processes whose command line contains ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def started_here() -> list[int]:
    """Children of this process that the current test started: processes other test files leave for the
    process's whole life (multiprocessing's resource tracker, which a Dask cluster starts) do not count."""
    return [pid for pid in children_of(os.getpid()) if pid not in BEFORE]


BEFORE: set[int] = set()


@pytest.fixture(autouse=True)
def nothing_left_running():
    BEFORE.clear()
    BEFORE.update(children_of(os.getpid()))
    yield
    assert started_here() == [], "the checker left a process behind"


# -- a correct function: fast, and passes ------------------------------------------------------------

@pytest.mark.parametrize("checker, fn", [(check.check_minimax, minimax), (check.check_alphabeta, alphabeta)])
def test_a_correct_function_passes_in_under_3_seconds(checker, fn):
    started = time.perf_counter()
    report = checker(fn)
    elapsed = time.perf_counter() - started
    assert report.passed, str(report)
    assert elapsed < 3.0, f"{elapsed:.2f} s"


def test_the_minimal_counterexample_is_one_minimal():
    """No smaller candidate tree shows the named mistake: the shrinking really finished."""
    no_alternation = mutants.minimax_never_alternates
    report = check.check_minimax(no_alternation)
    assert report.diagnosis == "no-alternation"
    nested = report.counterexample.to_nested()

    def shows_the_mistake(candidate):
        built = cases_module.build(candidate)
        depth = built.height if report.depth >= report.counterexample.height else report.depth
        shape, values, _ = shape_of(built)
        return no_alternation(build_nodes(shape, TableValues(values)), depth, True) \
            != search.minimax(built, depth=depth).value

    assert shows_the_mistake(nested)
    assert not any(shows_the_mistake(candidate) for candidate in shrink.candidates(nested))


@pytest.mark.slow
def test_shrinking_stops_in_time_when_smaller_trees_hang(monkeypatch):
    monkeypatch.setattr(shrink, "SHRINK_SECONDS", 1.0)

    def hangs_on_smaller_trees(node, depth, maximizing):
        if [len(child.children) for child in node.children] != [3, 3, 3]:   # all but AIMA figure 5.2
            while True:
                pass
        return 99

    started = time.monotonic()
    report = check.check_minimax(hangs_on_smaller_trees, cases=check.check_cases(0), time_limit=0.3)
    assert report.diagnosis == "wrong-value"
    assert report.counterexample.to_nested() == check.SEED_TREES["AIMA figure 5.2"]
    assert time.monotonic() - started < 1.0 + 2 * 0.3 + 1.5    # not 0.3 s for each smaller candidate


# -- the process running student code ----------------------------------------------------------------

def test_an_endless_loop_times_out_and_leaves_no_process():
    started = time.monotonic()
    report = check.check_minimax(mutants.minimax_spins, time_limit=0.5)
    assert report.diagnosis == "timeout"
    assert 0.5 <= time.monotonic() - started < 3
    assert "did not finish within 0.5 seconds" in str(report)


def test_processes_the_student_code_starts_are_stopped_too():
    marker = "61.2345"

    def spawn_and_spin(node, depth, maximizing):
        import subprocess
        subprocess.Popen(["sleep", marker])
        while True:
            pass

    assert check.check_minimax(spawn_and_spin, time_limit=0.5).diagnosis == "timeout"
    deadline = time.monotonic() + 2
    while processes_running(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_running(marker) == []


def test_after_four_timed_out_checks_nothing_is_left_running(tmp_path):
    """Student code that leaves a process behind in the background (double fork, a session of
    its own, out of the checker's process group), in four checks that each time out."""
    marker = "62.4681"

    def daemon_and_spin(*args):
        import subprocess
        if os.fork() == 0:
            os.setsid()
            subprocess.Popen(["sleep", marker], start_new_session=True)
            os._exit(0)
        while True:
            pass

    for checker in (check.check_minimax, check.check_alphabeta, check.check_best_move, check.check_minimax):
        assert checker(daemon_and_spin, time_limit=0.3).diagnosis == "timeout"
    deadline = time.monotonic() + 2
    while processes_running(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_running(marker) == []
    assert [pid for pid in runner._descendants(os.getpid()) if pid not in BEFORE] == []


@pytest.mark.parametrize("ending, shown", [
    ("os._exit", "exit status 3"),
    ("sys.exit", "sys.exit(3)"),
])
def test_exiting_is_reported_and_the_caller_survives(ending, shown):
    def leave(node, depth, maximizing):
        if ending == "os._exit":
            os._exit(3)
        sys.exit(3)

    report = check.check_minimax(leave)
    assert (report.passed, report.diagnosis) == (False, "exit")
    assert shown in str(report)
    assert check.check_minimax(minimax).passed          # this process is still here, and works


def test_a_crash_of_the_interpreter_is_a_crash_verdict():
    def segfault(node, depth, maximizing):
        import ctypes
        return ctypes.string_at(0)

    report = check.check_minimax(segfault)
    assert report.diagnosis == "crash" and "SIGSEGV" in str(report)


def test_a_huge_allocation_is_a_memory_verdict():
    def hoard(node, depth, maximizing):
        block = bytearray(10 * 2**30)           # 10 GB
        return len(block)

    report = check.check_minimax(hoard)
    assert report.diagnosis == "memory", str(report)
    assert "more memory than the check allows" in str(report)


@pytest.mark.slow     # fills memory to the limit; check/test_expectimax.py checks the same runner
def test_memory_that_grows_step_by_step_is_stopped_too():
    def grow(node, depth, maximizing):
        chunks = []
        while True:
            chunks.append(bytearray(2**24))

    assert check.check_minimax(grow, time_limit=20).diagnosis == "memory"


@pytest.mark.slow
def test_a_flood_of_output_is_cut_and_fast(capfd):
    def chatty(node, depth, maximizing):
        for i in range(10**6):
            print("line", i)
        raise NotImplementedError

    started = time.monotonic()
    report = check.check_minimax(chatty, time_limit=30)     # printing a million lines takes seconds on a busy
    elapsed = time.monotonic() - started                    # machine; the cut output must not add to them
    assert report.diagnosis == "not-implemented", str(report)[:300]
    text = str(report)
    assert "line 0" in text and "line 999999" not in text
    assert "output truncated: 1,000,000 lines in all" in text
    assert len(text) < 5_000
    assert elapsed < 20, f"{elapsed:.1f} s"
    out, err = capfd.readouterr()
    assert "line 1\n" not in out and "line 1\n" not in err    # nothing reached the caller's output


def test_printed_output_of_the_counterexample_is_in_the_report():
    def loud_off_by_one(node, depth, maximizing):
        print("visiting", node.label)
        if depth == 1 or node.is_leaf():
            return node.value
        values = [loud_off_by_one(c, depth - 1, not maximizing) for c in node.children]
        return max(values) if maximizing else min(values)

    report = check.check_minimax(loud_off_by_one)
    assert report.diagnosis == "depth-off-by-one"
    root = report.counterexample.root.label
    assert report.output.splitlines()[0] == f"visiting {root}"
    assert f"visiting {root}" in report._repr_html_()


def test_a_deep_recursion_is_named():
    def down(node, depth, maximizing):
        return down(node, depth - 1, maximizing)

    assert check.check_minimax(down).diagnosis == "recursion"


# -- cheating ----------------------------------------------------------------------------------------

def test_reaching_behind_the_node_interface_fails():
    def peek(node, depth, maximizing):
        tree = trees.Tree(node._node)                     # the reference tree of the old nodes
        return search.minimax(tree, depth=depth).value

    report = check.check_minimax(peek)
    assert not report.passed and report.diagnosis == "error"
    assert "AttributeError" in str(report)


def test_the_nodes_in_the_students_process_hold_no_values():
    def look(node, depth, maximizing):
        leaf = node
        while leaf._kids:
            leaf = leaf._kids[0]
        raise ValueError(f"{leaf!r} {sorted(type(leaf).__slots__)} {sorted(vars(leaf._source))}")

    report = check.check_minimax(look, cases=check.check_cases(0))
    # A leaf has a label, an index, no children and a source that asks the checker for values.
    assert "leaf) ['_index', '_kids', '_label', '_source'] ['_budget', '_channel', '_touches']" \
        in str(report)


def test_changing_the_checkers_state_from_student_code_changes_nothing():
    from mmlib.check import models, searches

    def tamper(node, depth, maximizing):
        import mmlib.check.models
        import mmlib.check.searches
        import mmlib.isolation.runner
        mmlib.check.models.diagnose = lambda *args: "ok"
        mmlib.check.models.MINIMAX = mmlib.check.models.MINIMAX_MISTAKES[2]
        mmlib.check.searches._judge_search = lambda kind: (lambda *args: ("ok", ""))
        mmlib.isolation.runner.TIME_LIMIT = 10**9
        return 42

    original = (models.diagnose, models.MINIMAX, searches._judge_search, runner.TIME_LIMIT)
    report = check.check_minimax(tamper)
    assert not report.passed and report.diagnosis == "wrong-value"
    assert (models.diagnose, models.MINIMAX, searches._judge_search, runner.TIME_LIMIT) == original


def test_a_forged_answer_on_the_checkers_channel_fails():
    """Writing "the right value" straight into the pipe does not record any evaluation."""
    def forge(node, depth, maximizing):
        import json
        channel = node._source._channel
        right = {"kind": "int", "text": "3", "number": 3}         # the value of AIMA figure 5.2
        channel.send(b"r " + json.dumps({"kind": "ok", "detail": "", "output": "", "printed": 0,
                                         "call": 0, "answer": right}).encode())
        os._exit(0)

    report = check.check_minimax(forge, cases=check.check_cases(0))
    assert not report.passed
    assert report.diagnosis == "missing-leaves", str(report)
    assert "Your evaluation order: (nothing)" in str(report)


def test_garbage_on_the_channel_is_a_crash_verdict():
    def scribble(node, depth, maximizing):
        node._source._channel.send(b"hello")
        return 0

    report = check.check_minimax(scribble, cases=check.check_cases(0))
    assert report.diagnosis == "crash"


# -- whatever the student returns, the report is readable ------------------------------------------

class Hostile:
    def __repr__(self):
        raise RuntimeError("no repr for you")

    def __str__(self):
        raise RuntimeError("no str for you")

    def __eq__(self, other):
        raise RuntimeError("no comparison either")

    __hash__ = None


class Endless:
    def __repr__(self):
        while True:
            pass


class LyingError(Exception):
    def __str__(self):
        raise RuntimeError("no message")


@pytest.mark.parametrize("returned, shown, diagnosis", [
    (lambda: Hostile(), "a Hostile object (showing it raised RuntimeError)", "wrong-type"),
    (lambda: [Hostile(), 1], "[a Hostile object", "wrong-type"),
    (lambda: 10**4999, "a 5,000-digit integer", "wrong-value"),
    (lambda: [10**4999], "[a 5,000-digit integer]", "wrong-type"),
    (lambda: True, "it returned True instead of a number", "wrong-type"),
    (lambda: float("nan"), "nan (not a number)", "wrong-type"),
    (lambda: INF, "got inf", "wrong-value"),
    (lambda: "x" * 10**6, "'xxxxxxxx", "wrong-type"),
])
@pytest.mark.slow
def test_any_returned_object_gives_a_readable_report(returned, shown, diagnosis):
    def answer(node, depth, maximizing):
        return returned()

    report = check.check_minimax(answer)
    assert report.diagnosis == diagnosis, str(report)
    text = str(report)
    assert shown in text
    assert len(text) < 3_000 and "0x" not in text
    assert report._repr_html_()


def test_an_endless_repr_is_a_timeout_not_a_hang():
    report = check.check_minimax(lambda node, depth, maximizing: Endless(), time_limit=0.5)
    assert report.diagnosis == "timeout"


def test_an_error_whose_message_cannot_be_shown():
    def raise_lying(node, depth, maximizing):
        raise LyingError()

    report = check.check_minimax(raise_lying)
    assert report.diagnosis == "error"
    assert "LyingError: a LyingError object (showing it raised RuntimeError)" in str(report)


def test_hostile_evaluators_and_orderings():
    assert check.check_evaluator(lambda board: Hostile()).diagnosis == "wrong-type"
    huge = check.check_evaluator(lambda board: 10**4999)
    assert huge.diagnosis == "out-of-range" and "a 5,000-digit integer" in str(huge)
    assert check.check_evaluator(lambda board: float("nan")).diagnosis == "wrong-type"
    assert check.check_evaluator(lambda board: os._exit(0)).diagnosis == "exit"
    report = check.check_agent(lambda board: 0, lambda board, moves: [Hostile()] * len(moves))
    assert report.diagnosis == "bad-order" and "Hostile" in str(report)


# -- the checker's own parameters ----------------------------------------------------------------------

def evaluate(board):
    return 0


@pytest.mark.parametrize("call, argument", [
    (lambda: check.check_evaluator(evaluate, depth=None), "depth"),
    (lambda: check.check_evaluator(evaluate, depth=-1), "depth"),
    (lambda: check.check_evaluator(evaluate, depth="3"), "depth"),
    (lambda: check.check_evaluator(evaluate, depth=2.5), "depth"),
    (lambda: check.check_agent(evaluate, lambda b, m: m, max_nodes=0), "max_nodes"),
    (lambda: check.check_agent(evaluate, lambda b, m: m, max_nodes=None), "max_nodes"),
    (lambda: check.check_minimax(minimax, cases="all"), "cases"),
    (lambda: check.check_minimax(minimax, cases=[[1, 2]]), "cases"),
    (lambda: check.check_minimax(minimax, time_limit=-1), "time_limit"),
    (lambda: check.check_minimax(minimax, time_limit="5"), "time_limit"),
    (lambda: check.check_alphabeta(alphabeta, raise_on_failure="yes"), "raise_on_failure"),
    (lambda: check.check_best_move(42), "fn"),
    (lambda: check.check_best_move(evaluate, root="MIN"), "root"),
    (lambda: check.check_best_move(evaluate, values="min"), "values"),
    (lambda: check.check_best_move(evaluate, turns="max max"), "turns"),
    (lambda: check.check_best_move(evaluate, conventions={"root": "min"}), "conventions"),
    (lambda: check.check_pruned([[1, 2], [3, 4]], "D", title=None), "title"),
    (lambda: check.check_cases(-1), "count"),
    (lambda: check.check_cases(3, seed=None), "seed"),
    (lambda: check.random_nested(1, max_depth=0), "max_depth"),
])
def test_bad_parameters_of_the_checker_raise_at_the_caller(call, argument):
    with pytest.raises(ArgumentError, match=rf"^{argument}: ") as raised:
        call()
    assert isinstance(raised.value, MmlibError)
    assert started_here() == []          # raised before any student code ran


def test_a_students_unusable_prediction_is_a_report_not_an_error():
    assert check.check_pruned([[1, 2], [3, 4]], 42).diagnosis == "wrong-type"
    assert check.check_pruned([[1, 2], [3, 4]], [Hostile()]).diagnosis == "wrong-type"


# -- the runner on its own -----------------------------------------------------------------------------

def test_stopping_early_kills_the_process():
    def slow_second(x):
        if x == 2:
            while True:
                pass
        return x

    outcomes = runner.run_calls(slow_second, [runner.Call((1,)), runner.Call((2,))])
    first = next(outcomes)
    assert first.answer.number == 1
    outcomes.close()
    assert started_here() == []


def test_without_fork_the_checks_still_work_in_this_process(monkeypatch):
    monkeypatch.delattr(os, "fork")

    assert check.check_minimax(minimax).passed
    assert check.check_minimax(mutants.minimax_stops_one_ply_early).diagnosis == "depth-off-by-one"

    def bounded_spin(node, depth, maximizing):
        end = time.monotonic() + 1.0           # ends soon: this thread cannot be killed
        while time.monotonic() < end:
            pass

    report = check.check_minimax(bounded_spin, time_limit=0.2)
    assert report.diagnosis == "timeout" and "still running in the background" in str(report)


# -- plain answers, over many values --------------------------------------------------------------------

