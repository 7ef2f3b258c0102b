"""The in-process lab-check path (mmlib.isolation.inprocess): what a browser tab runs, here in CPython."""

from __future__ import annotations

import sys
import time

import mutants
import pytest
from support import minimax

from mmlib import trees
from mmlib.check import check_alphabeta, check_minimax
from mmlib.check.nodes import shape_of
from mmlib.isolation import inprocess
from mmlib.isolation.runner import Call, run_calls


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MMLIB_CHECK_INPROCESS", "1")


_endless = mutants.minimax_loops_forever    # loops over the nodes without end
_spin = mutants.minimax_spins               # touches no node at all


def _swallows(node, depth, maximizing):
    while True:
        try:
            _ = node.children
        except BaseException:            # noqa: BLE001 - the student catches everything
            pass


def test_wanted_follows_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MMLIB_CHECK_INPROCESS", "1")
    assert inprocess.wanted()
    monkeypatch.setenv("MMLIB_CHECK_INPROCESS", "0")
    assert not inprocess.wanted()
    monkeypatch.delenv("MMLIB_CHECK_INPROCESS")
    assert inprocess.wanted() is inprocess.IN_BROWSER is False       # CPython on Linux


def test_run_calls_takes_the_path_without_forking(in_process: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    def no_fork() -> int:
        raise OSError("fork is not available here")

    monkeypatch.setattr(os, "fork", no_fork)
    shape, values, _ = shape_of(trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    outcome, = run_calls(minimax, [Call((2, True), shape, values, budget=100)])
    assert (outcome.kind, outcome.answer and outcome.answer.number) == ("ok", 3)
    # leaves read in order: preorder indices of the nine leaves of AIMA figure 5.2
    assert outcome.evaluated == (2, 3, 4, 6, 7, 8, 10, 11, 12)


def test_a_correct_function_passes(in_process: None) -> None:
    assert check_minimax(minimax).passed


def test_an_endless_search_stops_within_its_budget(in_process: None) -> None:
    started = time.monotonic()
    report = check_minimax(_endless)
    assert not report.passed and report.diagnosis == "runaway"
    assert time.monotonic() - started < 5


def test_a_loop_that_touches_nothing_stops_on_time(in_process: None) -> None:
    shape, values, _ = shape_of(trees.from_nested([[3, 5], [2, 9]]))
    started = time.monotonic()
    outcome, = run_calls(_spin, [Call((2, True), shape, values, budget=100)], time_limit=0.3)
    assert outcome.kind == "timeout" and "0.3 seconds" in outcome.detail
    assert time.monotonic() - started < 2


def _swallows_quietly(node, depth, maximizing):
    while True:
        try:
            while True:
                pass
        except BaseException:            # noqa: BLE001 - the student catches everything
            continue


@pytest.mark.parametrize("fn, kind", [
    (_swallows, "runaway"),
    # Python 3.11 switches a tracer off once it raised, and nothing here switches it on again
    # (the browser tab's Python is 3.14: sys.monitoring; tests/e2e/test_lite.py runs this there)
    pytest.param(_swallows_quietly, "timeout", marks=pytest.mark.skipif(
        sys.version_info < (3, 12), reason="sys.monitoring is Python 3.12 and later")),
])
def test_catching_the_stop_does_not_escape_it(in_process: None, fn, kind: str) -> None:
    shape, values, _ = shape_of(trees.from_nested([[3, 5], [2, 9]]))
    started = time.monotonic()
    outcome, = run_calls(fn, [Call((2, True), shape, values, budget=100)], time_limit=0.3)
    assert outcome.kind == kind
    assert time.monotonic() - started < 2


def test_printing_is_captured_and_input_fails(in_process: None, capsys: pytest.CaptureFixture[str]) -> None:
    def chatty(node, depth, maximizing):
        print("looking at", node.label)
        return input("value? ")

    shape, values, _ = shape_of(trees.from_nested([[3, 5], [2, 9]]))
    outcome, = run_calls(chatty, [Call((2, True), shape, values, budget=100)])
    assert outcome.kind == "error" and "input()" in outcome.detail
    assert outcome.output == "looking at A\n"
    assert capsys.readouterr().out == ""


def test_alphabeta_check_in_process(in_process: None) -> None:
    def alphabeta(node, depth, alpha, beta, maximizing):
        if depth == 0 or node.is_leaf():
            return node.value
        if maximizing:
            value = float("-inf")
            for child in node.children:
                value = max(value, alphabeta(child, depth - 1, alpha, beta, False))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = float("inf")
        for child in node.children:
            value = min(value, alphabeta(child, depth - 1, alpha, beta, True))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    assert check_alphabeta(alphabeta).passed
    assert check_alphabeta(lambda node, depth, alpha, beta, maximizing: minimax(node, depth, maximizing)) \
        .diagnosis != "ok"
