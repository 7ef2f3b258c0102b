"""mmlib.progress: the progress line appears only when a person watches, on time, and says the truth.

The clock is passed in by hand (``tick(count, now)``), so every figure below is exact.
"""

from __future__ import annotations

import io

import pytest

from mmlib import progress, search, trees
from mmlib.errors import ArgumentTypeError, RunInterrupted
from mmlib.instrument import CLOCK_EVERY
from mmlib.progress import SHOW_AFTER, UPDATE_EVERY, Progress, Run, budget_text


@pytest.mark.parametrize(("setting", "shown"), [("0", False), ("off", False), ("1", True), ("Yes", True)])
def test_the_environment_decides_first(monkeypatch: pytest.MonkeyPatch, setting: str, shown: bool) -> None:
    monkeypatch.setenv("MMLIB_PROGRESS", setting)
    assert progress.wanted() is shown


def test_the_line_waits_then_updates_on_its_own_rhythm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MMLIB_PROGRESS", "1")
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    line = Progress("search", "max_nodes=100", started=0.0)
    line.tick(10, SHOW_AFTER - 0.01)                     # too early: nothing
    assert stream.getvalue() == ""
    line.tick(400, SHOW_AFTER)                           # due: 400 nodes in 2 s
    first = stream.getvalue()
    assert first == "\rsearch: 400 nodes so far (200 a second, 2.0 s); stops at max_nodes=100 - " \
                    "press Ctrl-C to stop it now"
    line.tick(500, SHOW_AFTER + UPDATE_EVERY / 2)        # before the next update: nothing new
    assert stream.getvalue() == first
    line.tick(1000, SHOW_AFTER + UPDATE_EVERY)
    assert stream.getvalue().count("\r") == 2
    assert "1,000 nodes so far (400 a second, 2.5 s)" in stream.getvalue()
    line.end(1200)
    assert stream.getvalue().startswith(first) and "search: done after 1,200 nodes in " in stream.getvalue()
    last = stream.getvalue().rpartition("\r")[2]        # padded over the longer line before it, then ended
    assert last.endswith("\n") and last.rstrip().endswith(" s") and len(last) > len(first)


def test_no_line_where_nobody_watches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MMLIB_PROGRESS", "0")
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    line = Progress("check", "3 trees", started=0.0)
    line.tick(1, 100.0)
    line.end(1)
    assert stream.getvalue() == "" and line.due == float("inf")


def test_budget_words() -> None:
    assert budget_text(1234, None, unit="leaves") == "max_leaves=1,234"
    assert budget_text(float("inf"), 2.5) == "max_seconds=2.5"
    with pytest.raises(ArgumentTypeError, match="max_nodes, max_seconds"):
        budget_text("many", None)  # type: ignore[arg-type]


def test_a_run_keeps_what_finished_when_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MMLIB_PROGRESS", "0")
    with pytest.raises(RunInterrupted) as stop:
        with Run("sweep", "4 searches", "searches", total=4) as run:
            run.step("a")
            run.step(None, count=2)
            raise KeyboardInterrupt
    assert (stop.value.done, stop.value.completed) == (3, ("a",))
    with pytest.raises(ValueError, match="own"):                 # other errors pass through unchanged
        with Run("sweep", "1 search", "searches") as run:
            raise ValueError("its own")


# -- the line a search shows ----------------------------------------------------------------

def _fast_progress(monkeypatch: pytest.MonkeyPatch, setting: str = "1") -> None:
    monkeypatch.setenv("MMLIB_PROGRESS", setting)
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress, "UPDATE_EVERY", 0.0)


def test_a_long_search_shows_nodes_rate_and_budget_then_its_last_count(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _fast_progress(monkeypatch)
    result = search.minimax(trees.uniform(2, 12), max_nodes=100_000, max_seconds=50)
    lines = capsys.readouterr().err.split("\r")
    shown = [line.strip() for line in lines if "so far" in line]
    assert shown, "no progress line"
    # the clock is read about every CLOCK_EVERY nodes, and the line shows the count then
    counts = [int(line.split(":")[1].split()[0].replace(",", "")) for line in shown]
    steps = [later - earlier for earlier, later in zip([0] + counts, counts, strict=False)]
    assert all(CLOCK_EVERY <= step <= CLOCK_EVERY + 1 for step in steps), steps
    assert len(counts) == (2 ** 13 - 1) // (CLOCK_EVERY + 1)
    assert all("a second" in line and "stops at max_nodes=100,000 or max_seconds=50" in line
               for line in shown)
    assert lines[-1].strip() == f"search: done after {2 ** 13 - 1:,} nodes in " + \
        lines[-1].split(" in ")[1].strip()
    assert result.stats.nodes == 2 ** 13 - 1


def test_no_progress_line_when_turned_off_or_when_no_person_watches(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _fast_progress(monkeypatch, "0")
    search.minimax(trees.uniform(2, 12))
    assert capsys.readouterr().err == ""
    monkeypatch.delenv("MMLIB_PROGRESS")
    assert progress.wanted() is False          # pytest's captured stderr is not a terminal

    class Kernel:
        _allow_stdin = False                   # what nbclient and nbval send

    monkeypatch.setattr(progress, "_kernel", lambda: Kernel())
    assert progress.wanted() is False
    Kernel._allow_stdin = True                 # what JupyterLab sends
    assert progress.wanted() is True


def test_in_a_notebook_the_progress_is_one_output_updated_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    from IPython import display as ipython_display

    _fast_progress(monkeypatch)
    shown: list = []

    class Handle:
        def update(self, data, raw):
            shown.append(("update", data["text/plain"]))

    def display(data, raw, display_id):
        shown.append(("display", data["text/plain"]))
        return Handle()

    monkeypatch.setattr(progress, "_kernel", lambda: object())
    monkeypatch.setattr(ipython_display, "display", display)
    search.minimax(trees.uniform(2, 11))
    assert [kind for kind, _ in shown] == ["display"] + ["update"] * (len(shown) - 1)
    assert len(shown) >= 3
    assert shown[-1][1].startswith(f"search: done after {2 ** 12 - 1:,} nodes")
    assert "interrupt the kernel" in shown[0][1]
