"""The chess explorer (mmlib.widgets.chess): it answers from the stored counts, within its budget, refuses
bad arguments, and a line drawn on top of another says so in its legend (issue #31)."""

from __future__ import annotations

import pytest

pytest.importorskip("chess")

from support import stored_chess_counts as stored  # noqa: E402

from mmlib.errors import ArgumentError  # noqa: E402
from mmlib.games.chess import ORDERINGS  # noqa: E402
from mmlib.widgets.chess import ordering_lines  # noqa: E402


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


def rows(*nodes: int) -> list[dict[str, int]]:
    return [{"depth": depth, "nodes": count} for depth, count in enumerate(nodes, start=1)]


def test_equal_lines_say_which_they_cover_and_a_shared_first_point_is_not_covering():
    labels = [line.label for line in ordering_lines({
        "MVV-LVA": rows(39, 292, 2185),
        "+ killers": rows(39, 292, 2185),            # the same line
        "+ history": rows(39, 300, 2200),            # within 10% everywhere: drawn on it, not equal
        "random": rows(39, 715, 9336),               # meets the others at depth 1 only
        "generator": rows(39, 739, 1353),            # within 10% of random at depths 1-2 only
    })]
    assert labels == ["MVV-LVA: 2,185 nodes at depth 3",
                      "+ killers: 2,185 nodes at depth 3; on MVV-LVA (same counts)",
                      "+ history: 2,200 nodes at depth 3; on MVV-LVA and on + killers (within 10%)",
                      "random: 9,336 nodes at depth 3",
                      "generator: 1,353 nodes at depth 3; on random at depths 1–2 (within 10%)"]
