"""The stored chess measurements: the counts the lecture and its explorer read are what the searches give
now (a sample re-measured), they cover what the lecture says they cover, and the lecture's claims about
them hold; the chess explorer answers from them, within its budget, and refuses bad arguments."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("chess")

from mmlib import branching  # noqa: E402
from mmlib.errors import ArgumentError  # noqa: E402
from mmlib.games.chess import ORDERINGS, Chess  # noqa: E402
from mmlib.games.chess_counts import BRANCHING, COUNTS  # noqa: E402
from mmlib.games.chess_positions import BRATKO_KOPEC  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def script():
    path = ROOT / "instructor" / "chess_counts.py"
    spec = importlib.util.spec_from_file_location("chess_counts_script", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def stored(position: str, ordering: str) -> dict[int, tuple]:
    return {row[2]: row[3:] for row in COUNTS if row[:2] == (position, ordering)}


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


# -- the explorer ----------------------------------------------------------------------------------------

@pytest.mark.slow
def test_the_explorer_answers_from_the_stored_counts() -> None:
    from mmlib.widgets.chess import chess_explorer
    explorer = chess_explorer(position=12, depth=4, ordering=3)
    assert explorer.unfinished == []
    for ordering in ORDERINGS:
        assert [row["nodes"] for row in explorer.rows[ordering]] == [stored("BK.12", ordering)[d][0]
                                                                     for d in range(1, 5)]
    assert "MVV-LVA, depth 4" in explorer.status.value
    explorer.ordering.value = 1
    assert explorer.ordering.text() == "ordering 1 of 6: generator"
    assert "generator, depth 4" in explorer.status.value
    assert 'aria-label="Black to move' in explorer.board.value
    assert explorer.fallback_html().startswith("<img alt=")


@pytest.mark.slow
def test_the_explorer_stops_within_its_budget() -> None:
    import time

    from mmlib.widgets.chess import chess_explorer
    from mmlib.widgets.growth import ANSWER_SECONDS
    explorer = chess_explorer(position=1, depth=3, ordering=1)
    started = time.monotonic()
    explorer.depth.value = 4           # not stored for the generator's order on BK.01: searched now
    assert time.monotonic() - started < ANSWER_SECONDS + 3
    assert "generator" in explorer.unfinished and "Not finished within" in explorer.status.value
    assert [row["depth"] for row in explorer.rows["generator"]] == [1, 2, 3]


@pytest.mark.parametrize("arguments, words", [({"position": 25}, "position"), ({"depth": 5}, "depth"),
                                              ({"ordering": 0}, "ordering")])
def test_the_explorer_refuses_bad_arguments(arguments: dict, words: str) -> None:
    from mmlib.widgets.chess import chess_explorer
    with pytest.raises(ArgumentError, match=words):
        chess_explorer(**arguments)


def test_rows_from_counts_match_a_live_measurement() -> None:
    game = Chess(BRATKO_KOPEC[4][1])
    live = branching.ordering_rows(game, ORDERINGS["MVV-LVA"], [1, 2], max_seconds=None)
    counts = stored("BK.05", "MVV-LVA")
    assert [(row["nodes"], row["leaves"], row["cutoffs"]) for row in live] == [counts[d][:3] for d in (1, 2)]
