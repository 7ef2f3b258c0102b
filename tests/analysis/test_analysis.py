"""Analysis: formulas against known values, sweeps against direct searches."""

import math

import pytest

from mmlib import analysis, search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError


def test_knuth_moore_figures():
    assert analysis.knuth_moore_leaves(4, 8) == 511
    assert [analysis.knuth_moore_leaves(3, d) for d in range(5)] == [1, 3, 5, 11, 17]
    assert analysis.knuth_moore_nodes(2, 2) == 1 + 2 + 3


def test_minimal_tree_paths_count_like_the_formula():
    for b in range(1, 5):
        for d in range(0, 6):
            paths = list(analysis.minimal_tree_paths(b, d))
            assert sum(len(p) == d for p in paths) == analysis.knuth_moore_leaves(b, d)
            assert len(paths) == analysis.knuth_moore_nodes(b, d)


def test_pearl_branching_factor():
    golden = (1 + math.sqrt(5)) / 2
    assert analysis.pearl_branching(2) == pytest.approx(golden, rel=1e-12)
    assert analysis.pearl_branching(10) == pytest.approx(5.064, abs=5e-4)
    for b in range(2, 30):
        r = analysis.pearl_branching(b)
        xi = r / (1 + r)
        assert xi ** b + xi - 1 == pytest.approx(0, abs=1e-12)
        assert math.sqrt(b) < r < b


def test_pearl_is_about_b_to_the_three_quarters():
    for b in (5, 10, 20):
        assert analysis.pearl_branching(b) == pytest.approx(b ** 0.75, rel=0.15)


def test_effective_branching_factors():
    assert analysis.effective_branching_factor(4 ** 8, 8) == pytest.approx(4)
    assert analysis.aima_branching_factor(1 + 3 + 9 + 27, 3) == pytest.approx(3)
    with pytest.raises(ArgumentError, match="leaves"):
        analysis.effective_branching_factor(0, 3)
    with pytest.raises(ArgumentError, match="depth"):
        analysis.effective_branching_factor(10, 0)


def test_sweep_rows_match_direct_searches():
    rows = analysis.sweep([2, 3], [2, 4], ["best", "worst", 0.5, "uniform"], ["minimax", "alphabeta"],
                          seeds=[0, 1])
    assert len(rows) == 2 * 2 * 4 * 2 * 2
    for row in rows:
        b, d = row["branching"], row["depth"]
        if row["algorithm"] == "minimax" or row["ordering"] == "worst":
            assert row["leaves"] == b ** d
        elif row["ordering"] == "best":
            assert row["leaves"] == analysis.knuth_moore_leaves(b, d)
    direct = search.alphabeta(trees.ordered(3, 4, 0.5, seed=1))
    [row] = [r for r in rows if (r["branching"], r["depth"], r["ordering"], r["algorithm"], r["seed"])
             == (3, 4, 0.5, "alphabeta", 1)]
    assert (row["nodes"], row["leaves"], row["cutoffs"]) == (
        direct.stats.nodes, direct.stats.leaves, direct.stats.cutoffs)


def test_sweep_progress_and_errors(capsys):
    seen = []
    analysis.sweep([2], [1, 2, 3], progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    analysis.sweep([2], [1, 2], progress=True)
    assert "2/2" in capsys.readouterr().err
    with pytest.raises(ArgumentError, match="algorithms"):
        analysis.sweep([2], [2], algorithms=["alphabetta"])
    with pytest.raises(ArgumentTypeError, match="progress"):
        analysis.sweep([2], [2], progress="yes")


# -- an interrupted sweep or census keeps what it finished -----------------------------------------

def _interrupt_after(calls):
    """A progress hook that presses the stop button after ``calls`` calls (deterministic)."""
    seen = []

    def hook(done, total):
        seen.append(done)
        if len(seen) == calls:
            raise KeyboardInterrupt
    return hook


def test_an_interrupted_sweep_keeps_its_finished_rows():
    from mmlib.errors import RunInterrupted
    with pytest.raises(RunInterrupted) as stop:
        analysis.sweep([2], [1, 2, 3, 4], ["best"], ["minimax", "alphabeta"], progress=_interrupt_after(3))
    assert isinstance(stop.value, KeyboardInterrupt)        # no `except Exception` swallows it
    assert (stop.value.done, stop.value.total) == (3, 8)
    rows = stop.value.completed
    # depth 1: minimax 2 leaves, alpha-beta 2; depth 2: minimax 4 (the 4th search never finished)
    assert [(r["depth"], r["algorithm"], r["leaves"]) for r in rows] == [
        (1, "minimax", 2), (1, "alphabeta", 2), (2, "minimax", 4)]
    assert "3 of 8 searches" in str(stop.value) and "sys.last_value.completed" in str(stop.value)


def test_an_interrupt_inside_a_search_of_a_sweep_keeps_the_rows_before_it(monkeypatch):
    from mmlib.errors import RunInterrupted, SearchInterrupted
    real = analysis.measure
    calls = []

    def measure(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise SearchInterrupted(search.minimax(trees.from_nested([1, 2])).stats)
        return real(*args, **kwargs)
    monkeypatch.setattr(analysis, "measure", measure)
    with pytest.raises(RunInterrupted) as stop:
        analysis.sweep([2], [1, 2], ["best"], ["negamax"])
    assert [r["depth"] for r in stop.value.completed] == [1]


def test_a_progress_hook_that_fails_is_named():
    from mmlib.errors import UserFunctionError
    with pytest.raises(UserFunctionError, match="progress"):
        analysis.sweep([2], [1], progress=lambda done: None)           # wrong number of arguments
    with pytest.raises(UserFunctionError, match="progress.*ZeroDivisionError"):
        analysis.sweep([2], [1], progress=lambda done, total: 1 / 0)


class _StopAfter:
    """Tic-tac-toe whose `moves` presses the stop button at its n-th call."""

    def __init__(self, calls):
        from mmlib import games
        self.game, self.left = games.TicTacToe(), calls

    def __getattr__(self, name):
        return getattr(self.game, name)

    def moves(self, state):
        self.left -= 1
        if self.left == 0:
            raise KeyboardInterrupt
        return self.game.moves(state)


def test_an_interrupted_census_keeps_its_partial_counts():
    from mmlib.errors import RunInterrupted
    with pytest.raises(RunInterrupted) as stop:
        analysis.census(_StopAfter(5000))
    counts = stop.value.partial
    # the node being expanded when the stop came is counted: 5,000 interior nodes, the rest games
    assert counts["nodes"] - counts["games"] == 5000
    assert counts["games"] == counts["max_wins"] + counts["min_wins"] + counts["draws"] > 0
    assert "partial counts: nodes" in str(stop.value)


def test_compiling_the_counting_loop_is_not_part_of_a_sweeps_time(monkeypatch):
    """On a fresh machine the compiled loop is built on first use (seconds); a sweep's budget is
    for its searches, so the first sweep must not run out of time while the loop compiles."""
    import time

    from mmlib import fastcount
    if not fastcount.compiled():
        pytest.skip("numba is not installed: the sweep uses the teaching search")
    fastcount.warm()                                                       # compiled for real, then
    monkeypatch.setattr(fastcount, "warm", lambda: time.sleep(0.5))     # a slow first compilation
    rows = analysis.sweep([2], [1, 2], max_seconds=0.4)
    assert [row["leaves"] for row in rows] == [2, 3]
