"""Search beyond alpha-beta: leaves against the Knuth-Moore minimal tree, Star1/Star2 against
expectiminimax, Stockman's theorem, the trace model replaying each search's counts, and Monte Carlo
tree search against alpha-beta per node budget.

Leaf counts are exact and do not depend on the machine; the matches are seeded, so they replay.
"""

from __future__ import annotations

import time

from mmlib import games, search, trees
from mmlib.games.connect4 import CentreFirst
from mmlib.search import alphabeta_player, match, mcts_player, scaled_reward
from mmlib.search.yardstick import chance_leaves, leaf_ratios, minimal_leaves, proof_leaves
from mmlib.trace import trace_of

SIZES = [(2, 8), (4, 6), (4, 8), (8, 6)]
ORDERINGS = ["best", 0.8, "random"]
SEEDS = range(5)


def row(benchmark: str, measure: str, value: str, target: str = "", status: str = "info") -> dict:
    return {"benchmark": benchmark, "measure": measure, "value": value, "target": target, "status": status}


def leaves_against_the_minimal_tree() -> list[tuple[int, int, object, dict[str, float]]]:
    """(b, d, ordering, mean leaves / minimal-tree leaves of each search), over SEEDS."""
    return [(b, d, ordering, leaf_ratios(b, d, ordering, seeds=SEEDS))
            for b, d in SIZES for ordering in ORDERINGS]


def leaves_table(measured: list[tuple[int, int, object, dict[str, float]]]) -> str:
    """The measurements as one Markdown table: a row per b, d and ordering, a column per search."""
    names = list(measured[0][3])
    lines = ["| b | d | ordering | minimal tree (leaves) | " + " | ".join(names) + " |",
             "|---:|---:|---|---:|" + "---:|" * len(names)]
    for b, d, ordering, ratios in measured:
        cells = " | ".join(f"{ratios[name]:.2f}" for name in names)
        lines.append(f"| {b} | {d} | {ordering} | {minimal_leaves(b, d):,} | {cells} |")
    return "\n".join(lines)


def bench_leaves_against_the_minimal_tree(measured=None) -> list[dict]:
    rows = []
    for b, d, ordering, ratios in measured or leaves_against_the_minimal_tree():
        value = " / ".join(f"{ratio:.2f}" for ratio in ratios.values())
        measure = (f"b={b}, d={d} (minimal tree {minimal_leaves(b, d):,} leaves), ordering {ordering!r}: "
                   + " / ".join(ratios))
        if ordering == "best":
            exact = all(abs(ratio - 1) < 1e-12 for ratio in ratios.values())
            rows.append(row("leaves / minimal tree", measure, value, "all 1.00 (Knuth & Moore)",
                            "met" if exact else "missed"))
        else:
            rows.append(row("leaves / minimal tree", measure, value))
    return rows


def bench_trace_replay(count: int = 50) -> list[dict]:
    """Replaying each transcript (mmlib.trace) gives the search's own counts and value."""
    searches = [("aspiration", lambda t: search.aspiration(t, guess=0.5, delta=0.1, trace=True)),
                ("PVS", lambda t: search.pvs(t, trace=True)),
                ("MTD(f)", lambda t: search.mtdf(t, guess=0.5, trace=True)),
                ("SSS*", lambda t: search.sss_star(t, trace=True)),
                ("MCTS", lambda t: search.mcts(t, iterations=100, seed=0, trace=True,
                                               reward=scaled_reward(0, 1)))]
    agreed = 0
    for seed in range(count):
        tree = trees.ordered(3, 4, "random", seed=seed, noise=0.1)
        for _, algorithm in searches:
            result = algorithm(tree)
            stats = result.stats
            own = {"nodes": stats.nodes, "leaves": stats.leaves, "cutoffs": stats.cutoffs,
                   "researches": stats.researches, "passes": stats.passes}
            model = trace_of(result)
            agreed += model.counts() == own and (result.algorithm == "mcts" or model.value == result.value)
    total = count * len(searches)
    return [row("trace replay", f"{' / '.join(n for n, _ in searches)} on ordered(3, 4, 'random'), {count} "
                "trees: counts (nodes, leaves, cutoffs, re-searches, passes) and value replayed",
                f"{agreed} of {total}", f"{total} of {total}", "met" if agreed == total else "missed")]


def bench_connect_four(opening: str = "3324", depth: int = 6) -> list[dict]:
    game = games.ConnectFour(opening=opening)
    value, at_least, at_most = proof_leaves(game, depth=depth)
    rows = [row(f"Connect Four after {opening}, depth {depth}",
                "minimal tree (leaves on every path): larger proof .. sum of proofs - 1",
                f"{max(at_least, at_most)} .. {at_least + at_most - 1}")]
    searches = [("alpha-beta", search.alphabeta), ("PVS", search.pvs), ("MTD(f)", search.mtdf),
                ("SSS*", search.sss_star)]
    for name, algorithm in searches:
        result = algorithm(game, depth=depth, order=CentreFirst())
        assert result.value == value, (name, result.value, value)
        rows.append(row(f"Connect Four after {opening}, depth {depth}", f"{name}, centre first: leaves",
                        f"{result.stats.leaves:,} ({result.stats.leaves / (at_least + at_most - 1):.2f}"
                        " × sum of proofs - 1)"))
    return rows


def bench_stockman(count: int = 300) -> list[dict]:
    held = 0
    for seed in range(count):
        tree = trees.uniform(3, 5, seed=seed)
        sss = set(search.sss_star(tree).stats.leaf_order)
        held += sss <= set(search.alphabeta(tree).stats.leaf_order)
    return [row("Stockman's theorem", f"SSS* leaves within alpha-beta's, uniform(3, 5), {count} trees",
                f"{held} of {count}", f"{count} of {count}", "met" if held == count else "missed")]


def bench_star_pruning() -> list[dict]:
    rows = []
    for b, d in [(3, 4), (4, 4), (3, 6), (6, 4)]:
        leaves = chance_leaves(b, d, seeds=SEEDS)
        rows.append(row("chance trees, max chance min chance",
                        f"b={b}, d={d}: mean leaves " + " / ".join(leaves),
                        " / ".join(f"{n:.1f}" for n in leaves.values())))
    return rows


def bench_mcts_against_alphabeta() -> list[dict]:
    rows = []
    plan = [(games.TicTacToe(), "tic-tac-toe", (50, 200, 1000), 100),
            (games.ConnectFour(), "Connect Four", (500, 2000), 20)]
    for game, name, budgets, count in plan:
        for budget in budgets:
            start = time.perf_counter()
            score = match(game, mcts_player(max_nodes=budget, seed=budget),
                          alphabeta_player(max_nodes=budget), games=count, seed=1)
            seconds = time.perf_counter() - start
            rows.append(row(f"MCTS vs anytime alpha-beta, {name}",
                            f"{budget:,} nodes a move, {count} games (MCTS's results, 95% Wilson)",
                            str(score), "", "info"))
            rows.append(row(f"MCTS vs anytime alpha-beta, {name}", f"{budget:,} nodes a move: time",
                            f"{seconds:.1f} s"))
    return rows


def run() -> list[dict]:
    return [
        *bench_leaves_against_the_minimal_tree(),
        *bench_connect_four(),
        *bench_stockman(),
        *bench_trace_replay(),
        *bench_star_pruning(),
        *bench_mcts_against_alphabeta(),
    ]


if __name__ == "__main__":
    measured = leaves_against_the_minimal_tree()
    print(f"Mean leaves / Knuth-Moore minimal tree, trees.ordered(b, d, ordering, noise=0.1), "
          f"seeds {SEEDS.start}-{SEEDS.stop - 1}:\n")
    print(leaves_table(measured))
    print()
    rows = [*bench_leaves_against_the_minimal_tree(measured), *bench_connect_four(), *bench_stockman(),
            *bench_trace_replay(), *bench_star_pruning(), *bench_mcts_against_alphabeta()]
    print("| benchmark | measure | value | target | status |\n|---|---|---|---|---|")
    for r in rows:
        cells = (str(r[c]) for c in ("benchmark", "measure", "value", "target", "status"))
        print("| " + " | ".join(cells) + " |")
