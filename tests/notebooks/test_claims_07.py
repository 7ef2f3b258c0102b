"""Notebook 07's claims (the census, three searches, the table, the openings, the depth-adjusted exercise),
checked here rather than by asserts in the lecture, against an independent tic-tac-toe
(``oracles.ttt_*``) and the well-known figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracles import ttt_census, ttt_children, ttt_positions, ttt_value

from mmlib import analysis, games, search
from mmlib.table import TranspositionTable

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_census_by_an_independent_count():
    nodes, complete, x_wins, o_wins = ttt_census()
    assert (nodes, complete, x_wins, o_wins) == (549_946, 255_168, 131_184, 77_904)
    assert len(ttt_positions()) == 5_478
    census = analysis.census(games.TicTacToe())
    assert census == {"nodes": nodes, "games": complete, "max_wins": x_wins, "min_wins": o_wins,
                      "draws": complete - x_wins - o_wins, "positions": 5_478}
    assert complete - x_wins - o_wins == 46_080
    assert round(nodes / 5_478) == 100                                     # 01: "about a hundred paths"


def test_the_table_holds_the_empty_board_exactly():
    ttt = games.TicTacToe()
    table = TranspositionTable()
    search.alphabeta(ttt, table=table)
    assert table.entry(ttt.initial).value == 0 and table.entry(ttt.initial).flag == "exact"
    assert search.alphabeta(ttt, table=table).stats.nodes == 1            # exercise 3


def test_openings_and_replies_by_the_independent_solver():
    memo: dict = {}
    assert {ttt_value(child, memo) for _, child in ttt_children("." * 9)} == {0}
    against_corner = {m for m, child in ttt_children("X........") if ttt_value(child, memo) == 0}
    against_centre = {m for m, child in ttt_children("....X....") if ttt_value(child, memo) == 0}
    against_edge = {m for m, child in ttt_children(".X.......") if ttt_value(child, memo) == 0}
    assert against_corner == {4} and against_centre == {0, 2, 6, 8} and against_edge == {0, 2, 4, 7}
    ttt = games.TicTacToe()
    after = ttt.play(ttt.initial, 0)
    assert {m for m, r in search.move_values(ttt, state=after).items() if r.value == 0} == {4}


def test_depth_adjusted_scores_in_the_exercise():
    """The scores themselves are notebook 01's (test_claims_01.py)."""
    answer = search.minimax(games.TicTacToe(".O..X....", scoring="depth-adjusted"))
    assert answer.value == 5 and len(answer.pv) == 5                        # exercise 1


def test_the_probe_is_the_lines_the_lecture_names():
    # "The probe is lines 78–85" of TranspositionTable.lookup, as `source.show` numbers them
    import inspect

    lines, first = inspect.getsourcelines(TranspositionTable.lookup)
    named = [line.strip() for line in lines[78 - first:85 - first + 1]]
    assert named[0] == "if entry is None or entry.depth < depth:" and named[-1] == "return entry.value"
    assert [line for line in named if line.startswith("if ")] == [
        "if entry is None or entry.depth < depth:", "if entry.flag == EXACT:",
        "if entry.flag == LOWER and entry.value >= beta:", "if entry.flag == UPPER and entry.value <= alpha:"]
    text = (ROOT / "notebooks" / "07_tictactoe_solved.md").read_text()
    assert "The probe is lines\n78–85" in text
