"""The class tournament: games per minute on two cores, and what sealing costs per game.

A round-robin of the fixed entrants and STUDENTS copies of lab 6's reference agent (the lab's own
solution notebook), at the default rules (1 s and 1,000 nodes a move, two games a pairing), runs on a
process pool of two workers three ways:

- sealed: each student's notebook in its own bubblewrap sandbox, as `mmlib-course tournament` plays;
- plain processes: the same, without bubblewrap (``--weaker-isolation``);
- unsealed: the agents' code run in the referee's process, called directly (no time limit, no
  protection): the cost of the games alone.

The three take turns, twice, and the best of each counts.  It reports games per minute (wall clock)
for each, and the ratio of each way's time per game to the unsealed one's.  Processor time is not
reported: a sandbox killed at the end of a pairing is not reaped by the worker, so its processor
time escapes ``getrusage``; and on a busy machine the wall clock also measures how much of the
processors each way gets (more processes get more), so compare figures of one run only.
"""

from __future__ import annotations

import contextlib
import math
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from mmlib.check import contest
from mmlib.course import tournament
from mmlib.course.labsource import ROOT, build
from mmlib.isolation.sandbox import bwrap_available

STUDENTS = 2
REPEATS = 2
WORKERS = 2
RULES = contest.Rules()


class _Direct(contest.Agent):
    """The student's agent run here, in the referee's process: no seal, no time limit."""

    def __init__(self, name: str, cells: tuple[str, ...]):
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for cell in cells:
            with contextlib.suppress(Exception), contextlib.redirect_stdout(None):
                exec(compile(cell, "<cell>", "exec"), namespace)
        self.name, self.fn = name, namespace["anytime_move"]

    def choose(self, board: str, game: Any, state: Any) -> int:
        return int(self.fn(board, RULES.max_nodes))


def _unsealed(task: tournament.Task, rules: contest.Rules) -> list[dict[str, Any]]:
    def agent(entrant: tournament.Entrant, seed: int) -> contest.Agent:
        if entrant.baseline:
            return contest.baseline(entrant.baseline, seed)
        return _Direct(entrant.name, entrant.cells)
    agents = {task.a.name: agent(task.a, 1), task.b.name: agent(task.b, 2)}
    records = []
    for game in task.games:
        x, o = (task.a, task.b) if game.first_is_x else (task.b, task.a)
        records.append(contest.play_game(rules, {"X": agents[x.name], "O": agents[o.name]},
                                         opening=game.opening).as_dict())
    return records


def _entrants() -> list[tournament.Entrant]:
    solution = build(tournament.LAB, solution=True, root=ROOT)
    cells = tuple(cell.source for cell in solution.cells if cell.cell_type == "code"
                  and "check.check_" not in cell.source)
    fixed = [tournament.Entrant(name, baseline=name) for name in tournament.DEFAULT_BASELINES]
    return fixed + [tournament.Entrant(f"student{i}", cells=cells) for i in range(STUDENTS)]


def _timed(how: str, entrants: list[tournament.Entrant]) -> tuple[float, int]:
    """Wall-clock seconds and games of a round-robin played ``how``."""
    start = time.perf_counter()
    tasks = tournament.round_robin(entrants, RULES)
    with ProcessPoolExecutor(WORKERS) as pool:
        if how == "unsealed":
            games = sum(len(future.result()) for future in [pool.submit(_unsealed, t, RULES) for t in tasks])
        else:
            with tempfile.TemporaryDirectory() as out:
                games = len(tournament.run_tournament(entrants, RULES, Path(out), pool=pool,
                                                      isolation="bwrap" if how == "sealed" else "process"))
    return time.perf_counter() - start, games


def run() -> list[dict[str, Any]]:
    entrants = _entrants()
    ways = ["sealed", "plain processes", "unsealed"] if bwrap_available() else ["plain processes", "unsealed"]
    seconds: dict[str, float] = {}
    games = 0
    for _ in range(REPEATS):                          # the ways take turns; the best time of each counts
        for how in ways:
            took, games = _timed(how, entrants)
            seconds[how] = min(seconds.get(how, math.inf), took / games)
    rows = [{"benchmark": "tournament", "measure": f"games per minute on {WORKERS} workers, {how} "
             f"({games} games, {len(entrants)} entrants, best of {REPEATS})",
             "value": f"{60 / seconds[how]:.1f}", "target": "", "status": "info"} for how in ways]
    for how in ways[:-1]:
        rows.append({"benchmark": "tournament", "measure": f"time per game, {how} / unsealed",
                     "value": f"{seconds[how] / seconds['unsealed']:.2f}x", "target": "", "status": "info"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['measure']:<75} {row['value']:>10}")
