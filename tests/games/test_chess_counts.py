"""The stored chess measurements: the counts the lecture and its explorer read are what the searches give
now (a sample re-measured), they cover what the lecture says they cover, and the lecture's claims about
them hold (the chess explorer that answers from them: tests/widgets/test_chess_explorer.py)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("chess")

from support import stored_chess_counts as stored  # noqa: E402

from mmlib import branching  # noqa: E402
from mmlib.games.chess import ORDERINGS, Chess  # noqa: E402
from mmlib.games.chess_counts import BRANCHING  # noqa: E402
from mmlib.games.chess_positions import BRATKO_KOPEC  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def script():
    path = ROOT / "instructor" / "chess_counts.py"
    spec = importlib.util.spec_from_file_location("chess_counts_script", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_counts_cover_every_position_ordering_and_depth() -> None:
    for position, _, _ in BRATKO_KOPEC:
        for ordering in ORDERINGS:
            deepest = 4 if ordering not in ("generator", "random") or position == "BK.12" else 3
            assert sorted(stored(position, ordering)) == list(range(1, deepest + 1)), (position, ordering)


def test_a_stored_series_is_what_the_search_gives_now() -> None:
    problems = script().check(2, seed=7, max_depth=2)
    assert problems == []


def test_the_stored_branching_factors_are_square_roots_of_perft_2() -> None:
    from mmlib import search
    for position, fen, _ in BRATKO_KOPEC[:3]:
        game = Chess(fen)
        perft_2 = search.minimax(game, depth=2, evaluate=lambda board: 0, max_nodes=None,
                                 max_seconds=None).stats.leaves
        assert math.isclose(BRANCHING[position], math.sqrt(perft_2))


def test_every_ordering_gives_the_same_value() -> None:
    for position, _, _ in BRATKO_KOPEC:
        for depth in (1, 2, 3):
            values = {stored(position, ordering)[depth][4] for ordering in ORDERINGS}
            assert len(values) == 1, (position, depth, values)


def geometric_ebf(ordering: str, depth: int = 3) -> float:
    logs = [math.log(math.sqrt(stored(p, ordering)[depth][0] / stored(p, ordering)[depth - 2][0]))
            for p, _, _ in BRATKO_KOPEC]
    return math.exp(sum(logs) / len(logs))


def test_the_lectures_claims_about_the_branching_factor() -> None:
    b = math.exp(sum(math.log(value) for value in BRANCHING.values()) / len(BRANCHING))
    ebf = {ordering: geometric_ebf(ordering) for ordering in ORDERINGS}
    assert ebf["MVV-LVA"] < ebf["generator"] < b          # from near b ...
    assert ebf["MVV-LVA"] < ebf["random"]
    assert ebf["+ history"] < 2 * math.sqrt(b)             # ... toward the square root
    steps = zip(ORDERINGS, list(ORDERINGS)[1:], strict=False)
    biggest = max(steps, key=lambda pair: ebf[pair[0]] - ebf[pair[1]])
    assert biggest[1] == "MVV-LVA"                          # the big step
    assert abs(ebf["+ history"] - ebf["MVV-LVA"]) < 0.2 * ebf["MVV-LVA"]   # killers and history: little


def test_rows_from_counts_match_a_live_measurement() -> None:
    game = Chess(BRATKO_KOPEC[4][1])
    live = branching.ordering_rows(game, ORDERINGS["MVV-LVA"], [1, 2], max_seconds=None)
    counts = stored("BK.05", "MVV-LVA")
    assert [(row["nodes"], row["leaves"], row["cutoffs"]) for row in live] == [counts[d][:3] for d in (1, 2)]
