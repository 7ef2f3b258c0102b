"""The answers the lectures give to their own exercises (in the collapsed "Answer" blocks), checked here
rather than in a cell of the student's notebook, where the check's source would give the answer away."""

from __future__ import annotations

from oracles import HORIZON_TREE

from mmlib import games, search, trees

W, L = 100, -100                      # the W/L values of notebooks 01 to 04
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
HORIZON = HORIZON_TREE


def test_notebook_00_answers():
    changed = [[3, 12, 8], [20, 4, 6], [14, 5, 2]]           # B's 2 raised to 20: C is worth 4
    assert search.minimax(changed).value == 4
    assert search.alphabeta(changed).stats.leaves == search.minimax(changed).stats.leaves == 9
    swapped = trees.from_nested([[14, 5, 2], [2, 4, 6], [3, 12, 8]])
    by_alphabeta = search.alphabeta(trees.from_nested(AIMA))
    assert search.minimax(swapped).stats.leaves == 9
    assert search.alphabeta(swapped).stats.leaves == by_alphabeta.stats.leaves == 7
    assert search.alphabeta(swapped).stats.leaf_order == by_alphabeta.stats.leaf_order   # the same positions


def test_notebook_01_answers():
    assert search.minimax([[[W, L], L], [W, W, W]]).value == W
    assert search.alphabeta(games.TicTacToe(scoring="depth-adjusted")).value == 0


def test_notebook_02_answers():
    game = games.TicTacToe()
    assert search.minimax([[[1, 5, 4], [8, 3]], [L, [1, W]]]).value == 5
    assert search.minimax(game, state=game.play(game.initial, 0)).value == 0
    wiser = trees.from_text(HORIZON.replace("E -1", "E -10"))
    assert wiser.label_of(search.minimax(wiser, depth=2).pv[:1]) == "B"
    assert wiser.label_of(search.minimax(wiser, depth=3).pv[:1]) == "C"


def test_notebook_03_answers():
    changed = trees.from_nested([[[3, 5], [6, 4]], [[1, 2], [0, -1]]])
    assert (0, 1, 1) not in search.alphabeta(changed).stats.leaf_order     # E's second leaf
    reversed_middle = [[3, 12, 8], [6, 4, 2], [14, 5, 2]]
    order = search.alphabeta(reversed_middle).stats.leaf_order
    assert [path for path in order if path[0] == 1] == [(1, 0), (1, 1), (1, 2)]   # all three, the 2 last


def negamax_with(window, nested, alpha, beta, to_move=1, read=None):
    """Negamax on nested lists (leaf values from MAX's point of view, MAX at the root), calling each
    child with ``window(alpha, beta)``; returns the value for the side to move and the leaves read."""
    read = [] if read is None else read
    if not isinstance(nested, list):
        read.append(nested)
        return to_move * nested, read
    best = -float("inf")
    for child in nested:
        child_alpha, child_beta = window(alpha, beta)
        best = max(best, -negamax_with(window, child, child_alpha, child_beta, -to_move, read)[0])
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best, read


def test_notebook_04_answers():
    tie = [[3, 5], [3, 9]]
    assert search.alphabeta(tie, cutoff=">").stats.leaves > search.alphabeta(tie).stats.leaves
    inf = float("inf")
    right, _ = negamax_with(lambda a, b: (-b, -a), AIMA, -inf, inf)
    wrong, read = negamax_with(lambda a, b: (-a, -b), AIMA, -inf, inf)
    assert right == 3 and (wrong, read) == (14, [3, 2, 14])              # 3 leaves, 14 instead of 3


def test_notebook_05_answers():
    best, worst = (search.alphabeta(trees.ordered(3, 6, order)).stats.leaves for order in ("best", "worst"))
    assert (best, worst) == (3 ** 3 + 3 ** 3 - 1, 3 ** 6)                # Knuth and Moore; every leaf
    plain = search.alphabeta(games.TicTacToe()).stats.nodes
    deepening = search.iterative_deepening(games.TicTacToe(), 9).nodes
    shared = search.iterative_deepening(games.TicTacToe(), 9, table=True).nodes
    assert (deepening, plain, shared) == (18_137, 18_297, 8_571)         # the answer's three totals
    assert abs(deepening - plain) < 0.01 * plain                         # "roughly breaks even"
