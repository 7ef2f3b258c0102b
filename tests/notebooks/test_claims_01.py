"""Notebook 01's claims (the W/L tree, AND/OR, tic-tac-toe scores, the size of the tree), checked here
rather than by asserts in the lecture, against the sources' figures and independent computations."""

from __future__ import annotations

import math

from oracles import layered_minimax

from mmlib import games, search, trees

W, L = 100, -100
WL = [[[W, L], L], [L, W, W]]


def test_the_slides_and_the_articles_small_trees():
    small = search.minimax([[3, 5], [2, 9]])
    assert (small.value, small.move) == (3, 0) == (layered_minimax([[3, 5], [2, 9]]), 0)
    chess = trees.from_nested([[3, 5], [-1, 6]])
    assert [search.minimax(chess, state=c).value for c in chess.root.children] == [3, -1]
    assert search.minimax(chess).value == 3


def test_the_recitations_win_loss_tree():
    tree = trees.from_nested(WL)
    values = {n.label: search.minimax(tree, state=n).value for n in tree.nodes() if not n.is_leaf()}
    assert values == {"A": L, "B": L, "C": L, "D": W}               # the recitation's labels
    assert layered_minimax(WL) == L

    def good_for_max(nested, depth=0):                               # the notes' AND/OR view
        if not isinstance(nested, list):
            return nested == W
        branches = [good_for_max(c, depth + 1) for c in nested]
        return any(branches) if depth % 2 == 0 else all(branches)

    def walk(nested, depth=0):
        yield nested, depth
        if isinstance(nested, list):
            for child in nested:
                yield from walk(child, depth + 1)

    for nested, depth in walk(WL):
        layers = ("max", "min") if depth % 2 == 0 else ("min", "max")
        assert good_for_max(nested, depth) == (layered_minimax(nested, layers) == W)


def test_the_slides_tictactoe_scores_and_three_moves():
    game = games.TicTacToe()
    ends = ("XOX OOX ..X", "XOX OOX XO.", "XOX OOX XXO")
    assert [game.utility(game.state(b)) for b in ends] == [10, -10, 0]
    position = game.state("XOX OOX ...")
    values = {game.square(m): r.value for m, r in search.move_values(game, state=position).items()}
    assert values == {(2, 0): -10, (2, 1): 0, (2, 2): 10}
    best = search.minimax(game, state=position)
    assert game.square(best.move) == (2, 2) and best.value == 10


def test_depth_adjusted_scores_pick_the_fastest_win():
    board = "X.O .X. O.."
    fast = search.minimax(games.TicTacToe(board, scoring="depth-adjusted"))
    slow = search.minimax(games.TicTacToe(board))
    assert fast.pv == (8,) and slow.move == 1 and len(slow.pv) > 1
    for r in search.move_values(games.TicTacToe(board, scoring="depth-adjusted")).values():
        if r.value > 0:
            assert r.value == 10 - (1 + len(r.pv))


def test_nine_factorial_and_the_tree_if_no_game_ended_early():
    """The census itself (549,946 nodes, 5,478 positions) is checked in test_claims_07.py."""
    assert math.factorial(9) == 362_880 and sum(math.perm(9, k) for k in range(10)) == 986_410
