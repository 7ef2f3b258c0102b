"""Measure every ordering of the chess lecture on the 24 Bratko-Kopec positions and write the counts to
mmlib/games/chess_counts.py, which the lecture's plots and its explorer read (searching them all again
takes minutes in pure Python; the lecture has one).

    python instructor/chess_counts.py            # measure everything, write the module
    python instructor/chess_counts.py --check 3  # re-measure 3 stored series (chosen by a seed)

Depths: 1-4 for the orderings that capture first, 1-3 for the generator's and the random order (they
cost hundreds of thousands of nodes at depth 4) except on the lecture's own position.
``--check`` is what the tests run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from mmlib import branching
from mmlib.games.chess import ORDERINGS, Chess
from mmlib.games.chess_positions import BRATKO_KOPEC

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "mmlib" / "games" / "chess_counts.py"
LECTURE_POSITION = "BK.12"
"""The position the lecture follows to depth 4 with every ordering."""


SHALLOW = ("generator", "random")
"""Orderings measured to depth 3 only (but on the lecture's position)."""


def deepest(name: str, ordering: str) -> int:
    return 3 if ordering in SHALLOW and name != LECTURE_POSITION else 4


def measure(name: str, fen: str, ordering: str, depth: int) -> tuple[float, list[tuple]]:
    """The position's own b and one stored row (depth, nodes, leaves, cutoffs, first, value, move) a depth."""
    game = Chess(fen)
    rows = branching.ordering_rows(game, ORDERINGS[ordering], range(1, depth + 1), name=ordering,
                                   max_nodes=None, max_seconds=None)
    stored = []
    for row in rows:
        first = round(row["first_share"] * row["cutoffs"]) if row["cutoffs"] else 0
        stored.append((row["depth"], row["nodes"], row["leaves"], row["cutoffs"], first, row["value"],
                       row["move"].uci() if row["move"] is not None else None))
    return rows[0]["b"], stored


def write() -> None:
    lines, branchings = [], {}
    started = time.perf_counter()
    for name, fen, _ in BRATKO_KOPEC:
        for ordering in ORDERINGS:
            b, stored = measure(name, fen, ordering, deepest(name, ordering))
            branchings[name] = b
            for row in stored:
                lines.append(f"    ({name!r}, {ordering!r}, {', '.join(repr(x) for x in row)}),")
            print(f"{name} {ordering:<22} {stored[-1][1]:>9,} nodes  {time.perf_counter() - started:6.0f} s",
                  flush=True)
    text = [
        '"""Node counts of every ordering of the chess lecture on the 24 Bratko-Kopec positions.',
        "",
        "Written by the course's chess_counts.py (it also checks them: ``--check``); do not edit by hand.",
        "Each row: (position, ordering, depth, nodes, leaves, cutoffs, cutoffs by the first move tried,",
        "value, best move in UCI), as measured by :func:`mmlib.branching.ordering_rows` (for the ordering",
        '"+ previous iteration", the totals of iterative deepening to that depth).  ``BRANCHING``: each',
        "position's own b, sqrt(perft(2)).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        '__all__ = ["COUNTS", "BRANCHING"]',
        "",
        "BRANCHING: dict[str, float] = {",
        *(f"    {name!r}: {b!r}," for name, b in branchings.items()),
        "}",
        "",
        "COUNTS: tuple[tuple[str, str, int, int, int, int, int, float, str | None], ...] = (",
        *lines,
        ")",
        "",
    ]
    TARGET.write_text("\n".join(text), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(lines)} rows in {time.perf_counter() - started:.0f} s")


def check(how_many: int, seed: int = 0, max_depth: int = 3) -> list[str]:
    """Re-measure ``how_many`` stored (position, ordering) series up to ``max_depth``; the differences."""
    from mmlib.games.chess_counts import BRANCHING, COUNTS
    series = sorted({(row[0], row[1]) for row in COUNTS})
    chosen = random.Random(seed).sample(series, how_many)
    fens = {name: fen for name, fen, _ in BRATKO_KOPEC}
    problems = []
    for name, ordering in chosen:
        b, measured = measure(name, fens[name], ordering, max_depth)
        stored = [row[2:] for row in COUNTS if row[:2] == (name, ordering) and row[2] <= max_depth]
        if measured != stored or b != BRANCHING[name]:
            problems.append(f"{name} {ordering}: stored {stored}, measured {measured}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, metavar="N", help="re-measure N stored series and compare")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    if arguments.check:
        problems = check(arguments.check, arguments.seed)
        print("\n".join(problems) or f"{arguments.check} stored series measured again: the same")
        return 1 if problems else 0
    write()
    return 0


if __name__ == "__main__":
    sys.exit(main())
