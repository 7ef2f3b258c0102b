"""Time the searches of this checkout against another revision's, side by side, on the same machine.

Usage: `python benchmarks/side_by_side.py [REVISION] [--runs N]` (default: main, 6 runs).  The other
revision's `mmlib` is extracted with `git archive` into a temporary folder; then N rounds alternate
one process per side (old, new; new, old; ...), each timing every workload below as the best of 3 in
CPU time (`time.process_time`), so the other programs of a busy machine weigh on both sides alike.
It prints one row per workload with the best time of each side and their ratio, new / old, and the
geometric mean of the ratios: below 1 this checkout is faster.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def workloads() -> dict[str, Callable[[], object]]:
    """The searches timed: each family of mmlib.search on a tree or game big enough to time."""
    from mmlib import games, search, trees
    try:
        from mmlib.trees import layered_uniform  # type: ignore[attr-defined]
    except ImportError:                          # a revision from before chance trees moved to trees
        from mmlib.beyond import layered_uniform

    def chance_tree() -> object:
        return layered_uniform(3, 8, layers="max chance min chance", seed=1)

    return {
        "minimax uniform(4, 8)": lambda: search.minimax(trees.uniform(4, 8, seed=1), max_nodes=None),
        "alphabeta uniform(6, 8)": lambda: search.alphabeta(trees.uniform(6, 8, seed=1), max_nodes=None),
        "alphabeta fail-hard ordered(5, 8)": lambda: search.alphabeta(
            trees.ordered(5, 8, "random", seed=2), variant="fail-hard"),
        "negamax uniform(5, 8)": lambda: search.negamax(trees.uniform(5, 8, seed=3), max_nodes=None),
        "alphabeta with a transcript uniform(4, 8)": lambda: search.alphabeta(trees.uniform(4, 8, seed=1),
                                                                              trace=True),
        "alphabeta + table, tic-tac-toe x5": lambda: [search.alphabeta(games.TicTacToe(), table=True)
                                                      for _ in range(5)],
        "iterative_deepening Connect Four to 7": lambda: search.iterative_deepening(games.ConnectFour(), 7),
        "quiescence Connect Four to 5": lambda: search.quiescence(games.ConnectFour(opening="3344"), 5),
        "pvs ordered(4, 9)": lambda: search.pvs(trees.ordered(4, 9, "random", seed=1)),
        "mtdf ordered(4, 8)": lambda: search.mtdf(trees.ordered(4, 8, "random", seed=1)),
        "sss_star ordered(4, 7)": lambda: search.sss_star(trees.ordered(4, 7, "random", seed=1)),
        "aspiration ordered(4, 9)": lambda: search.aspiration(trees.ordered(4, 9, "random", seed=1)),
        "expectiminimax star2 + table": lambda: search.expectiminimax(chance_tree(), pruning="star2",
                                                                      table=True),
        "expectimax": lambda: search.expectimax(chance_tree()),
        "mcts tic-tac-toe, 50,000 nodes": lambda: search.mcts(games.TicTacToe(), max_nodes=50_000, seed=1),
        "anytime Connect Four, 20,000 nodes": lambda: search.anytime(games.ConnectFour(), max_nodes=20_000),
    }


def time_here() -> dict[str, float]:
    """Best of 3 CPU seconds per workload, in this process."""
    timings = {}
    for name, work in workloads().items():
        best = float("inf")
        for _ in range(3):
            started = time.process_time()
            work()
            best = min(best, time.process_time() - started)
        timings[name] = best
    return timings


def extract(revision: str, into: Path) -> Path:
    """``revision``'s mmlib package, unpacked into ``into``."""
    archive = subprocess.run(["git", "archive", revision, "mmlib"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    with tempfile.TemporaryFile() as file:
        file.write(archive)
        file.seek(0)
        with tarfile.open(fileobj=file) as tar:
            tar.extractall(into, filter="data")
    return into


def side(path: Path) -> dict[str, float]:
    """The timings of one process whose mmlib is the one under ``path``."""
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, __file__, "--here"], env=env, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", nargs="?", default="main")
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.here:
        print(json.dumps(time_here()))
        return
    with tempfile.TemporaryDirectory() as folder:
        sides = {"old": extract(args.revision, Path(folder)), "new": ROOT}
        runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
        for number in range(args.runs):
            for name in ("old", "new") if number % 2 == 0 else ("new", "old"):
                runs[name].append(side(sides[name]))
    print(f"{'workload':42s} {'old s':>8s} {'new s':>8s} {'new/old':>8s}")
    ratios = []
    for workload in runs["old"][0]:
        old = min(run[workload] for run in runs["old"])
        new = min(run[workload] for run in runs["new"])
        ratios.append(new / old)
        print(f"{workload:42s} {old:8.4f} {new:8.4f} {new / old:8.3f}")
    print(f"{'geometric mean':42s} {'':8s} {'':8s} {statistics.geometric_mean(ratios):8.3f}")


if __name__ == "__main__":
    main()
