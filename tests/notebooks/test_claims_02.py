"""Notebook 02's claims (depth limits, the open-lines heuristic, the cost of a ply, the horizon effect),
checked here rather than by asserts in the lecture; the heuristic and the article's minimax are
rewritten here from the slides' and the article's text.  Its depth-by-depth tic-tac-toe counts are
checked in test_lecture_claims.py."""

from __future__ import annotations

import pytest
from oracles import HORIZON_TREE, layered_minimax

from mmlib import analysis, games, search, trees
from mmlib.games.tictactoe import LINES

W, L = 100, -100
HORIZON = HORIZON_TREE


def open_lines(board: str) -> int:
    """The slides' E(n) = M(n) - O(n), from the board text."""
    return sum(all(board[s] != "O" for s in line) for line in LINES) - \
        sum(all(board[s] != "X" for s in line) for line in LINES)


def article_minimax(game, position, depth, maximizing):
    if depth == 0 or game.is_terminal(position):
        return game.evaluate(position)
    values = [article_minimax(game, game.play(position, m), depth - 1, not maximizing)
              for m in game.moves(position)]
    return max(values) if maximizing else min(values)


def test_the_recitations_depth_3_example_and_the_notes_example():
    result = search.minimax(trees.from_nested([[[1, 5, 6], [8, 3]], [L, [1, W]]]), depth=3)
    assert (result.value, result.move) == (6, 0) == (layered_minimax([[[1, 5, 6], [8, 3]], [L, [1, W]]]), 0)
    notes = [[3, 9], [7, 2], [4, 8]]
    assert [min(c) for c in notes] == [3, 2, 4]
    assert search.minimax(trees.from_nested(notes), depth=2).value == layered_minimax(notes) == 4


def test_open_lines_is_mmlibs_evaluation_one_and_two_moves_deep():
    game = games.TicTacToe()
    assert [open_lines(b) for b in ("....X....", "X........", ".X.......")] == [4, 3, 2]
    checked = 0
    for first in game.moves(game.initial):
        after_one = game.play(game.initial, first)
        for state in [after_one, *(game.play(after_one, reply) for reply in game.moves(after_one))]:
            assert game.evaluate(state) == open_lines(game.board(state))
            checked += 1
    assert checked == 9 + 72


def test_two_ply_minimax_on_the_opening_and_later():
    game = games.TicTacToe()
    two_ply = {m: r.value for m, r in search.move_values(game, depth=2).items()}
    assert two_ply == {m: article_minimax(game, game.play(game.initial, m), 1, False) for m in range(9)}
    assert (two_ply[4], two_ply[0], two_ply[1]) == (1, -1, -2)
    assert {two_ply[m] for m in (0, 2, 6, 8)} == {-1} and {two_ply[m] for m in (1, 3, 5, 7)} == {-2}
    assert search.minimax(game, depth=2).move == 4
    assert article_minimax(game, game.initial, 3, True) == search.minimax(game, depth=3).value
    centre = game.play(game.initial, 4)
    assert min(game.evaluate(game.play(centre, r)) for r in game.moves(centre)) == two_ply[4] == 1
    second = game.state("O.. .X. ...")
    replies = {m: r.value for m, r in search.move_values(game, depth=2, state=second).items()}
    assert {m for m, v in replies.items() if v == max(replies.values())} == {2, 6, 8}
    assert max(replies.values()) == 1 and {replies[m] for m in (1, 3, 5, 7)} == {0}
    late = game.state("XOX .OX O..")
    late_values = {m: r.value for m, r in search.move_values(game, depth=2, state=late).items()}
    assert late_values == {8: 10, 7: 0, 3: -10} and search.minimax(game, depth=2, state=late).move == 8


def test_piece_difference_reaches_one_with_twelve_kings():
    assert ((0 + 2 * 12) - 0) / 24 == 1


@pytest.mark.slow
def test_minimax_evaluates_b_to_the_d_leaves():
    rows = analysis.sweep(branchings=(2, 3, 4), depths=range(1, 7), orderings=("random",),
                          algorithms=("minimax",))
    assert len(rows) == 18 and all(row["leaves"] == row["branching"] ** row["depth"] for row in rows)


def test_the_horizon_effect():
    horizon = trees.from_text(HORIZON)
    choice = {d: horizon.label_of(search.minimax(horizon, depth=d).pv[:1]) for d in (1, 2, 3, 4)}
    assert choice == {1: "B", 2: "C", 3: "C", 4: "B"}
    assert search.minimax(horizon).value == -9
    # what each of MAX's moves is worth to a search of that depth, as the lecture prints and argues
    worth = {d: tuple(search.minimax(horizon, depth=d - 1, state=horizon.play(horizon.initial, move)).value
                      for move in horizon.moves(horizon.initial)) for d in (1, 2, 3, 4)}
    assert worth == {1: (0, 0), 2: (-9, -1), 3: (-9, -1), 4: (-9, -10)}
    choosing = [node for node in horizon.nodes() if len(horizon.moves(node)) > 1]
    assert len(choosing) >= 5                           # A, B, C, D, E choose: siblings, not a chain


def test_the_lecture_draws_the_horizon_tree_the_tests_check():
    import re
    from pathlib import Path

    lecture_file = Path(__file__).resolve().parents[2] / "notebooks" / "02_depth_limits_and_evaluation.md"
    text = lecture_file.read_text()
    lecture = re.search(r"horizon = trees.from_text\('''(.*?)'''\)", text, re.S).group(1)
    body = "\n".join(line for line in lecture.splitlines() if not line.startswith("#"))
    assert body.strip() == HORIZON.strip()
