"""The compiled counts-only path: validated node for node against the teaching search, then the deep
sweeps notebook 06 needs to see Pearl's asymptote (b=2 to depth 30, b=4 to depth 14, 100 trees each)."""

from __future__ import annotations

import itertools
import math
import os
import time

from mmlib import analysis, fastcount, search, trees

SWEEP_SECONDS = 60.0
TREES = 100
DEEP = ((2, range(2, 31, 2)), (4, range(1, 15)))
"""b=2 at the even depths 2, 4, ..., 30 (the growth per ply compares d with d - 2, same parity), b=4 at
every depth 1..14."""
GROWTH_TOLERANCE = 0.03
"""Measured growth per ply at the deepest depths within 3% of Pearl's R_b."""


def row(benchmark: str, measure: str, value: str, target: str = "", status: str = "info") -> dict:
    return {"benchmark": benchmark, "measure": measure, "value": value, "target": target, "status": status}


def met(ok: bool) -> str:
    return "met" if ok else "missed"


def teaching(tree, algorithm: str) -> tuple:
    run = search.alphabeta if algorithm == "alphabeta" else search.minimax
    result = run(tree, max_nodes=None, max_seconds=None, leaf_order=False)
    return result.stats.nodes, result.stats.leaves, result.stats.cutoffs, result.value


def validation_plan():
    """Every b = 1..5, d = 0..7 small enough, every ordering, both algorithms, several seeds."""
    orderings = ("uniform", "best", "worst", "random", 0.25, 0.75)
    for b, d, ordering in itertools.product(range(1, 6), range(8), orderings):
        if b ** d > 3_000:
            continue
        for seed in range(12):
            tree = trees.uniform(b, d, seed) if ordering == "uniform" else trees.ordered(b, d, ordering, seed)
            for algorithm in fastcount.ALGORITHMS:
                yield tree, algorithm


def bench_validation() -> list[dict]:
    searches = mismatches = nodes = 0
    for tree, algorithm in validation_plan():
        expected = teaching(tree, algorithm)
        searches += 1
        nodes += expected[0]
        if tuple(fastcount.count(tree, algorithm)) != expected:
            mismatches += 1
    name = "counts-only fast path (mmlib.fastcount) against the teaching search"
    return [
        row(name, "searches compared (nodes, leaves, cutoffs, value)", f"{searches:,} ({nodes:,} nodes)"),
        row(name, "mismatches", f"{mismatches}", "0", met(mismatches == 0 and searches >= 1000)),
    ]


def deep_sweep(b: int, depths: range) -> tuple[float, float, list[dict]]:
    wall, cpu = time.perf_counter(), time.process_time()
    rows = analysis.sweep([b], depths, ["uniform"], ["alphabeta"], range(TREES),
                          max_nodes=100_000_000, max_seconds=None)
    return time.perf_counter() - wall, time.process_time() - cpu, rows


def growth_per_ply(rows: list[dict], depth: int) -> float:
    """(mean leaves at d / mean leaves at d - 2) ** (1/2): two plies, a MAX and a MIN level."""
    mean = {d: sum(r["leaves"] for r in rows if r["depth"] == d) / TREES for d in (depth - 2, depth)}
    return math.sqrt(mean[depth] / mean[depth - 2])


def bench_deep_sweeps() -> list[dict]:
    start = time.perf_counter()
    fastcount.count(trees.uniform(2, 2))           # compiles the loop, or loads it from the disk cache
    warm = time.perf_counter() - start
    name = f"deep sweeps, {TREES} uniform trees per depth, analysis.sweep (compiled path)"
    out = [row(name, "compile or load of the compiled loop", f"{warm:.1f} s")]
    total = cpu_total = 0.0
    for b, depths in DEEP:
        wall, cpu, rows = deep_sweep(b, depths)
        total += wall
        cpu_total += cpu
        depth = depths[-1]
        nodes = sum(r["nodes"] for r in rows)
        growth = growth_per_ply(rows, depth)
        pearl = analysis.pearl_branching(b)
        close = abs(growth - pearl) <= GROWTH_TOLERANCE * pearl
        out += [
            row(name, f"b={b}, d={depths[0]}..{depth} (step {depths.step}): wall time (CPU time)",
                f"{wall:.1f} s ({cpu:.1f} s), "
                f"{nodes:,} nodes, {cpu / nodes * 1e9:.0f} ns/node CPU"),
            row(name, f"b={b}: growth per ply at d={depth} (d-2 -> d) vs Pearl's R_{b} = {pearl:.3f}",
                f"{growth:.3f}", f"within {GROWTH_TOLERANCE:.0%}", met(close)),
        ]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    on_free_cores = cpu_total / min(cores, 2)
    out += [
        row(name, "both sweeps, wall time (this machine, at its load)", f"{total:.1f} s"),
        row(name, "both sweeps, CPU time / 2 cores (wall time on 2 free cores)", f"{on_free_cores:.1f} s",
            f"≤ {SWEEP_SECONDS:.0f} s", met(on_free_cores <= SWEEP_SECONDS)),
    ]
    return out


def run() -> list[dict]:
    return [*bench_validation(), *bench_deep_sweeps()]


if __name__ == "__main__":
    for r in run():
        print(r)
