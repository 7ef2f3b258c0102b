"""Search benchmarks: the cost of instrumentation, the minimal tree at scale, tic-tac-toe against peers,
and each notebook's execution time.

Every comparison is measured side by side in one run (interleaved repetitions, the order of the
contestants alternating, best of N and the median of the paired ratios), on the CPU time of this thread
(time.thread_time, garbage collection paused, as timeit does), so the ratios hold for this machine at
this moment even when other processes share its cores.
"""

from __future__ import annotations

import gc
import math
import shutil
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from mmlib import games, search, trees
from mmlib.search.alphabeta import AlphaBeta
from mmlib.search.engine import make_search

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"

RATIO_TARGET = 1.3
MINIMAL_TREE_SECONDS = 3.0
NOTEBOOK_SECONDS = 30.0
ALL_NOTEBOOKS_SECONDS = 180.0
REPEATS = 9


def row(benchmark: str, measure: str, value: str, target: str = "", status: str = "info") -> dict:
    return {"benchmark": benchmark, "measure": measure, "value": value, "target": target, "status": status}


def met(ok: bool) -> str:
    return "met" if ok else "missed"


def timed(function, *args, **kwargs) -> tuple[float, object]:
    """CPU seconds of this thread spent in one call, and its result (garbage collection paused)."""
    gc.collect()
    gc.disable()
    try:
        start = time.thread_time()
        result = function(*args, **kwargs)
        return time.thread_time() - start, result
    finally:
        gc.enable()


def interleaved_runs(functions: dict, repeats: int) -> dict[str, list[tuple[float, object]]]:
    """Run each function `repeats` times, taking turns (in reversed order every other round)."""
    runs: dict[str, list[tuple[float, object]]] = {name: [] for name in functions}
    for turn in range(repeats):
        order = list(functions.items())
        for name, function in (order if turn % 2 == 0 else reversed(order)):
            runs[name].append(timed(function))
    return runs


def interleaved_best(functions: dict, repeats: int) -> dict[str, tuple[float, object]]:
    """Run each function `repeats` times, taking turns, and keep each one's fastest run."""
    runs = interleaved_runs(functions, repeats)
    return {name: min(results, key=lambda run: run[0]) for name, results in runs.items()}


# ---------------------------------------------------------------------------------------- bare search


def bare_alphabeta(game, state, alpha: float, beta: float, counter: list[int] | None = None) -> float:
    """Plain recursive fail-soft alpha-beta (cut when alpha >= beta) over the same Game protocol calls."""
    if counter is not None:
        counter[0] += 1
    if game.is_terminal(state):
        return game.utility(state)
    if game.is_max(state):
        value = -math.inf
        for move in game.moves(state):
            score = bare_alphabeta(game, game.play(state, move), alpha, beta, counter)
            if score > value:
                value = score
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return value
    value = math.inf
    for move in game.moves(state):
        score = bare_alphabeta(game, game.play(state, move), alpha, beta, counter)
        if score < value:
            value = score
            if value < beta:
                beta = value
                if alpha >= beta:
                    break
    return value


class CallsOnly(AlphaBeta):
    """mmlib's fail-soft alpha-beta, the same code, with every call it makes kept and every body emptied:
    the moves, the children and the leaves' values come from the game, and nothing is counted, recorded or
    remembered (no counts, no leaf order, no line).  Its time is the floor of any instrumentation that keeps
    the pseudocode's calls (enter, leaf, update, cutoff, done, moves, play, best, prunes)."""

    def moves(self, state, ply):
        return self.game.moves(state)

    def play(self, state, move, ply):
        return self.game.play(state, move)

    def leaf(self, state, depth, ply):
        return self.game.utility(state)

    def best(self, ply, move, score):
        return score


def nothing(*args) -> None:
    """A listener that does nothing."""


def calls_only_alphabeta(tree) -> float:
    """The value of ``tree`` by :class:`CallsOnly`, its listeners doing nothing."""
    calls = make_search(CallsOnly, tree, max_seconds=None)
    calls.enter = calls.update = calls.cutoff = calls.done = nothing
    return calls.alphabeta(tree.initial, math.inf, -math.inf, math.inf, 0)


def bench_instrumentation_overhead(branching: int = 6, depth: int = 8, seed: int = 1) -> list[dict]:
    tree = trees.ordered(branching, depth, "random", seed)
    counter = [0]
    bare_value = bare_alphabeta(tree, tree.initial, -math.inf, math.inf, counter)
    runs = interleaved_runs(
        {
            "instrumented": lambda: search.alphabeta(tree, max_seconds=None),
            "counts only": lambda: search.alphabeta(tree, leaf_order=False, max_seconds=None),
            "bare": lambda: bare_alphabeta(tree, tree.initial, -math.inf, math.inf),
            "calls only": lambda: calls_only_alphabeta(tree),
        },
        repeats=REPEATS,
    )
    (t_instr, result) = min(runs["instrumented"], key=lambda run: run[0])
    t_counts = min(seconds for seconds, _ in runs["counts only"])
    (t_calls, calls_value) = min(runs["calls only"], key=lambda run: run[0])
    t_bare = min(seconds for seconds, _ in runs["bare"])
    paired = statistics.median(a / b for (a, _), (b, _) in zip(runs["instrumented"], runs["bare"],
                                                               strict=True))
    assert result.value == bare_value == calls_value, (result.value, bare_value, calls_value)
    assert result.stats.nodes == counter[0], (result.stats.nodes, counter[0])
    paired_calls = statistics.median(a / b for (a, _), (b, _) in zip(runs["calls only"], runs["bare"],
                                                                     strict=True))
    nodes = counter[0]
    ratio = t_instr / t_bare
    name = f"alpha-beta, ordered({branching}, {depth}, 'random')"
    return [
        row(name, "nodes searched (both)", f"{nodes:,}"),
        row(name, "instrumented, time per node", f"{t_instr / nodes * 1e6:.2f} µs"),
        row(name, "bare recursive, time per node", f"{t_bare / nodes * 1e6:.2f} µs"),
        row(name, f"median of the {REPEATS} paired ratios instrumented / bare", f"{paired:.2f}×"),
        row(name, f"instrumented / bare (best of {REPEATS} each)", f"{ratio:.2f}×", f"≤ {RATIO_TARGET}×",
            met(ratio <= RATIO_TARGET)),
        row(name, f"instrumented without the leaf order (leaf_order=False) / bare (best of {REPEATS} each)",
            f"{t_counts / t_bare:.2f}×"),
        row(name, f"the same alpha-beta, its calls kept and their bodies empty (nothing counted) / bare "
            f"(best of {REPEATS} each; paired median)", f"{t_calls / t_bare:.2f}× ({paired_calls:.2f}×)",
            "the floor of the ratio above"),
    ]


# ---------------------------------------------------------------------------------------- minimal tree


def peak_memory(function) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_minimal_tree(branching: int = 10, depth: int = 10) -> list[dict]:
    tree = trees.ordered(branching, depth, "best", 0)
    seconds, result = timed(search.alphabeta, tree, max_seconds=None)
    minimal = branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1
    assert result.stats.leaves == minimal, (result.stats.leaves, minimal)
    small = trees.ordered(branching, 6, "best", 0)
    # Counts only (leaf_order=False): the leaf order itself grows with the leaves evaluated.
    peak_small = peak_memory(lambda: search.alphabeta(small, leaf_order=False, max_seconds=None))
    peak_large = peak_memory(lambda: search.alphabeta(tree, leaf_order=False, max_seconds=None))
    growth = peak_large / peak_small
    leaves_growth = minimal / (branching**3 + branching**3 - 1)
    name = f"alpha-beta 'best' ordering, b={branching}, d={depth} ({branching**depth:.0e} leaves)"
    return [
        row(name, "leaves evaluated (Knuth-Moore minimum)", f"{result.stats.leaves:,}"),
        row(name, "CPU time", f"{seconds:.2f} s", f"≤ {MINIMAL_TREE_SECONDS:.0f} s",
            met(seconds <= MINIMAL_TREE_SECONDS)),
        row(name, "peak traced memory d=6 / d=10, counts only",
            f"{peak_small / 1e3:.1f} kB / {peak_large / 1e3:.1f} kB"),
        row(
            name,
            "memory growth d=6 -> d=10",
            f"{growth:.1f}× (leaves grew {leaves_growth:.0f}×)",
            "flat (≤ 2×)",
            met(growth <= 2.0),
        ),
    ]


# ---------------------------------------------------------------------------------------- deep chains

DEEP_CHAIN = 100_000
DEEP_CHAIN_SECONDS = 1.0

_CHAIN_PROBE = """
import resource, sys, time
from mmlib import search, trees
tree = trees.uniform(1, {depth})
search.minimax(trees.uniform(1, 1000), trace={trace})      # warm up
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start, cpu = time.perf_counter(), time.process_time()
result = search.minimax(tree, trace={trace}, max_seconds=None)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
assert result.stats.nodes == {depth} + 1 and len(result.pv) == {depth}
assert not {trace} or len(result.trace) == 3 * {depth} + 2
print(seconds, cpu, before, after)
"""


def chain_probe(depth: int, trace: bool = False) -> tuple[float, float, int]:
    """Wall time, CPU time and growth of peak memory (kB, resident) of minimax on a chain, in a
    fresh process (with ``trace``, keeping the transcript: 3 events a node)."""
    import subprocess
    import sys

    output = subprocess.run([sys.executable, "-c", _CHAIN_PROBE.format(depth=depth, trace=trace)], check=True,
                            capture_output=True, text=True, cwd=ROOT,
                            env={**__import__("os").environ, "PYTHONPATH": str(ROOT)}).stdout
    seconds, cpu, before, after = output.split()
    return float(seconds), float(cpu), int(after) - int(before)


def bench_deep_chain() -> list[dict]:
    return [*deep_chain_rows(trace=False), *deep_chain_rows(trace=True)]


def deep_chain_rows(trace: bool) -> list[dict]:
    """Minimax on a chain 100,000 plies deep and on one a tenth as deep; with ``trace`` each event
    shares its node's path, so the transcript too must grow linearly with the depth.  The ratio of
    the two is taken on CPU time (best of 3 each), which other processes on the machine disturb least."""
    name = (f"minimax{' with trace=True' if trace else ''} on a chain {DEEP_CHAIN:,} moves deep, "
            f"trees.uniform(1, {DEEP_CHAIN:,})")
    runs = [chain_probe(DEEP_CHAIN, trace) for _ in range(3)]
    seconds = min(run[0] for run in runs)
    cpu = min(run[1] for run in runs)
    memory = min(run[2] for run in runs)
    tenth = min(chain_probe(DEEP_CHAIN // 10, trace)[1] for _ in range(3))
    time_row = (row(name, "wall time (best of 3)", f"{seconds:.2f} s") if trace else
                row(name, "wall time (best of 3)", f"{seconds:.2f} s", f"≤ {DEEP_CHAIN_SECONDS:.0f} s",
                    met(seconds <= DEEP_CHAIN_SECONDS)))
    return [
        time_row,
        row(name, "peak resident memory growth", f"{memory / 1024:.0f} MB"),
        row(name, f"CPU time {DEEP_CHAIN:,} deep / {DEEP_CHAIN // 10:,} deep", f"{cpu / tenth:.1f}×",
            "linear (≤ 20×)", met(cpu / tenth <= 20)),
    ]


# ---------------------------------------------------------------------------------------- tic-tac-toe


def easyai_solver():
    try:
        from easyAI import AI_Player, Negamax
        from easyAI.games import TicTacToe as EasyTicTacToe
    except ImportError:
        return None

    def solve():
        ai = Negamax(9)
        game = EasyTicTacToe([AI_Player(ai), AI_Player(ai)])
        move = ai(game)
        return ai.alpha, move

    return solve


def openspiel_solver():
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")
    return lambda: minimax.alpha_beta_search(game)


def openspiel_nodes() -> int | None:
    """Calls of OpenSpiel's alpha-beta function in one solve of tic-tac-toe (None: not installed)."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax
    except ImportError:
        return None
    calls = [0]
    search_function = minimax._alpha_beta

    def counted(*args, **kwargs):
        calls[0] += 1
        return search_function(*args, **kwargs)

    minimax._alpha_beta = counted
    try:
        minimax.alpha_beta_search(pyspiel.load_game("tic_tac_toe"))
    finally:
        minimax._alpha_beta = search_function
    return calls[0]


def bench_tictactoe(repeats: int = 9) -> list[dict]:
    game = games.TicTacToe(scoring="win-loss")
    solvers = {
        "mmlib alphabeta": lambda: search.alphabeta(game, max_seconds=None),
        "mmlib alphabeta, leaf_order=False": lambda: search.alphabeta(game, leaf_order=False,
                                                                      max_seconds=None),
        "mmlib alphabeta, table=True": lambda: search.alphabeta(game, table=True, max_seconds=None),
    }
    peers = {"easyAI Negamax": easyai_solver(), "OpenSpiel alpha_beta_search": openspiel_solver()}
    solvers.update({name: solve for name, solve in peers.items() if solve is not None})
    best = interleaved_best(solvers, repeats)
    # every solver must agree that the game is a draw
    assert best["mmlib alphabeta"][1].value == 0 and best["mmlib alphabeta, table=True"][1].value == 0
    if "easyAI Negamax" in best:
        assert best["easyAI Negamax"][1][0] == 0, best["easyAI Negamax"][1]
    if "OpenSpiel alpha_beta_search" in best:
        assert best["OpenSpiel alpha_beta_search"][1][0] == 0, best["OpenSpiel alpha_beta_search"][1]

    name = "tic-tac-toe solved from the empty board"
    rows = []
    for solver, (seconds, result) in best.items():
        nodes = f", {result.stats.nodes:,} nodes" if hasattr(result, "stats") else ""
        rows.append(row(name, f"{solver}: CPU time (best of {repeats})", f"{seconds * 1000:.1f} ms{nodes}"))
    for peer in peers:
        if peer not in best:
            rows.append(row(name, f"{peer}", "not installed (pip install -e '.[bench]')"))
            continue
        for solver in ("mmlib alphabeta", "mmlib alphabeta, leaf_order=False", "mmlib alphabeta, table=True"):
            ratio = best[solver][0] / best[peer][0]
            rows.append(row(name, f"{solver} / {peer}", f"{ratio:.2f}×"))
        if peer.startswith("OpenSpiel"):
            nodes = openspiel_nodes()
            assert nodes == best["mmlib alphabeta, leaf_order=False"][1].stats.nodes, nodes
            rows.append(row(name, "OpenSpiel alpha_beta_search: nodes (calls of its search function)",
                            f"{nodes:,}"))
            # The same algorithm on both sides (no table, the same move order, so the same nodes), each
            # giving what solving asks for: OpenSpiel the value and a best move, mmlib the value, the
            # principal variation and the counts (the list of every leaf's path is not asked for).
            ratio = best["mmlib alphabeta, leaf_order=False"][0] / best[peer][0]
            rows.append(row(name, "mmlib alphabeta without a table, leaf_order=False / OpenSpiel",
                            f"{ratio:.2f}×", "< 1× (faster)", met(ratio < 1)))
    return rows


# ---------------------------------------------------------------------------------------- notebooks


def notebook_paths() -> list[Path]:
    patterns = ("*.ipynb", "labs/*.ipynb", "labs/solutions/*.ipynb")
    return [p for pattern in patterns for p in sorted(NOTEBOOK_DIR.glob(pattern))]


def bench_notebooks() -> list[dict]:
    import nbformat
    from nbclient import NotebookClient

    paths = notebook_paths()
    if not paths:
        return [row("notebook execution", "notebooks", "none found")]
    rows, total = [], 0.0
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "notebooks"
        shutil.copytree(NOTEBOOK_DIR, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "_build"))
        for path in paths:
            target = copy / path.relative_to(NOTEBOOK_DIR)
            nb = nbformat.read(target, as_version=4)
            student_lab = path.parent.name == "labs"
            client = NotebookClient(
                nb,
                timeout=600,
                kernel_name="python3",
                allow_errors=student_lab,
                resources={"metadata": {"path": str(target.parent)}},
            )
            start = time.perf_counter()
            client.execute()
            seconds = time.perf_counter() - start
            total += seconds
            rows.append(
                row(
                    "notebook execution (nbclient, incl. kernel start)",
                    path.relative_to(NOTEBOOK_DIR).as_posix(),
                    f"{seconds:.1f} s",
                    f"≤ {NOTEBOOK_SECONDS:.0f} s",
                    met(seconds <= NOTEBOOK_SECONDS),
                )
            )
    rows.append(
        row(
            "notebook execution (nbclient, incl. kernel start)",
            f"all {len(paths)} notebooks",
            f"{total:.1f} s",
            f"≤ {ALL_NOTEBOOKS_SECONDS:.0f} s",
            met(total <= ALL_NOTEBOOKS_SECONDS),
        )
    )
    return rows


def run() -> list[dict]:
    return [
        *bench_instrumentation_overhead(),
        *bench_minimal_tree(),
        *bench_deep_chain(),
        *bench_tictactoe(),
        *bench_notebooks(),
    ]


if __name__ == "__main__":
    for r in run():
        print(r)
