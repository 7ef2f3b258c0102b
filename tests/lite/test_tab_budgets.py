"""What changes in a browser tab (sys.platform == "emscripten"): explorers' budgets, progress lines."""

from __future__ import annotations

import sys
import types

import pytest

import mmlib
from mmlib import progress
from mmlib.widgets import growth


@pytest.fixture
def tab(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "mmlib.fastcount", None)     # no numpy, no numba in the tab
    monkeypatch.delattr(mmlib, "fastcount", raising=False)        # nor as the attribute, once imported
    monkeypatch.delenv("MMLIB_PROGRESS", raising=False)
    monkeypatch.setattr(growth, "_measured_budget", None)


def test_explorer_budget_is_what_the_machine_counts_in_time(tab: None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([0.0, 0.5])                      # the three calibration searches "take" half a second
    monkeypatch.setattr(growth, "time", types.SimpleNamespace(perf_counter=lambda: next(clock)))
    # 3 seeds of ordered(3, 6, "random"), counted by the teaching search: their nodes / 0.5 s * 0.8 s
    from mmlib import search, trees
    nodes = sum(search.alphabeta(trees.ordered(3, 6, "random", seed)).stats.nodes for seed in range(3))
    share = growth.ANSWER_SECONDS * growth.BROWSER_SHARE
    expected = max(1_000, min(growth.NODE_BUDGET, int(nodes / 0.5 * share)))
    assert growth.default_budget() == expected < growth.NODE_BUDGET
    assert growth.default_budget() == expected       # measured once


def test_a_fast_tab_keeps_the_fixed_budget(tab: None) -> None:
    assert growth.default_budget() <= growth.NODE_BUDGET


def test_progress_line_in_a_tab_says_it_stops_by_itself(tab: None) -> None:
    assert progress.wanted()
    line = progress.Progress("search", "max_nodes=5,000,000").text(100, 2.0)
    assert line.endswith("it stops by itself at max_nodes=5,000,000") and "interrupt" not in line
