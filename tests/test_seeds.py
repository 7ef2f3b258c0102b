"""The worked examples of the five seed documents, each test named after its seed.

Every expected figure below is read off the seed text (or worked out by hand from it),
not from mmlib's output.
"""

import pytest

from mmlib import games, search, trees

W, L = 100, -100  # seed 000 writes W and L for won / lost positions


def labels(tree, paths):
    return [tree.label_of(path) for path in paths]


# -- seed 000: CS312 recitation 21 --------------------------------------------------------

def test_seed000_win_loss_tree_is_lost_at_the_root():
    #        +
    #      /   \
    #     -     -
    #    / \   /|\
    #   +   L L W W
    #  / \
    # W   L
    tree = trees.from_nested([[[W, L], L], [L, W, W]])
    result = search.minimax(tree)
    assert result.value == L
    # the left MIN node is L because it can move straight to L; the right one too
    assert search.minimax(tree, state=tree.node("B")).value == L
    assert search.minimax(tree, state=tree.node("C")).value == L


SEED000_DEPTH3 = [[[1, 5, 6], [8, 3]], [L, [1, W]]]


def test_seed000_depth3_tree_has_value_6():
    assert search.minimax(SEED000_DEPTH3).value == 6


@pytest.mark.parametrize("cutoff", [">", ">="])
def test_seed000_min_max_windows_match_the_figure(cutoff):
    # The figure annotates each visited node with the [min, max] range it was called with.
    tree = trees.from_nested(SEED000_DEPTH3)
    result = search.alphabeta(tree, variant="fail-hard", cutoff=cutoff, alpha=L, beta=W, trace=True)
    windows = {tree.label_of(e.path): (e.alpha, e.beta) for e in result.trace if e.kind == "enter"}
    leaf = {tree.label_of(e.path): e for e in result.trace if e.kind == "enter"}
    assert result.value == 6
    assert windows["A"] == (L, W)                        # 6[L,W] at the root
    assert windows["B"] == (L, W)                        # left MIN 6[L,W]
    assert windows["D"] == (L, W)                        # 6[L,W]
    assert windows["E"] == (L, 6)                        # 6[L,6]
    assert windows["C"] == (6, W)                        # right MIN L[6,W]
    assert windows["F"] == (6, W)                        # its leaf L[6,W]
    first_leaves = [p for p in result.stats.leaf_order if p[:2] == (0, 0)]
    assert [windows[tree.label_of(p)] for p in first_leaves] == [(L, W), (1, W), (5, W)]
    assert windows[tree.label_of((0, 1, 0))] == (L, 6)   # 8[L,6]
    # Pruned (X in the figure): the 3 under E and the whole W node under C.
    assert labels(tree, result.stats.leaf_order) == ["H", "I", "J", "K", "F"]
    assert set(leaf) == {"A", "B", "C", "D", "E", "F", "H", "I", "J", "K"}
    # Fail-hard returns are clamped: E "returns max" = 6 although its child was 8.
    returned = {tree.label_of(e.path): e.value for e in result.trace if e.kind == "return"}
    assert returned["E"] == 6 and returned["C"] == 6


def test_seed000_fail_hard_result_is_clamped_to_the_window():
    tree = trees.from_nested(SEED000_DEPTH3)
    assert search.alphabeta(tree, variant="fail-hard", alpha=7, beta=50).value == 7
    assert search.alphabeta(tree, variant="fail-hard", alpha=-50, beta=2).value == 2
    assert search.alphabeta(tree, variant="fail-soft", alpha=-50, beta=2).value > 2


# -- seed 001: minimax(position, depth, maximizingPlayer) and "if beta <= alpha: break" -------

def test_seed001_depth_limited_minimax_uses_static_evaluation_at_depth_zero():
    # depth 1 from the root: the children are scored by the evaluator, not searched
    tree = trees.from_text("ABCDEFG\nA: BC\nB: DE\nC: FG\nB 4\nC 2\nD 3\nE 5\nF 2\nG 9\n")
    assert search.minimax(tree, depth=1).value == 4
    assert search.minimax(tree, depth=1).stats.leaves == 2
    assert search.minimax(tree).value == 3


def test_seed001_fail_soft_break_on_beta_le_alpha():
    tree = trees.from_nested([[3, 5], [2, 9]])
    result = search.alphabeta(tree)   # fail-soft with beta <= alpha is the default
    assert result.value == 3
    assert labels(tree, result.stats.leaf_order) == ["D", "E", "F"]   # 9 is never looked at


# -- seed 002: lecture notes on game search ---------------------------------------------------

def test_seed002_tictactoe_has_9_factorial_move_sequences_at_most():
    import math

    census = search.minimax(games.TicTacToe()).stats
    assert math.factorial(9) == 362_880
    assert census.leaves < math.factorial(9)   # games end early on a win


def test_seed002_deep_cutoff():
    # A's first child is worth 3.  Two levels further down, the MIN node E finds a 1:
    # alpha = 3 came from A, so E's remaining children are cut off ("DEEP CUTOFF").
    tree = trees.from_nested([[3, 4], [[[1, 8], 9], 2]])
    result = search.alphabeta(tree, trace=True)
    e_path = (1, 0, 0)
    cut = [ev for ev in result.trace if ev.kind == "cutoff"]
    assert result.value == 3
    assert [(ev.path, ev.skipped) for ev in cut] == [(e_path, (1,))]
    enter_e = next(ev for ev in result.trace if ev.kind == "enter" and ev.path == e_path)
    assert enter_e.alpha == 3                  # inherited from the root, two levels up
    assert (1, 0, 0, 1) not in result.stats.leaf_order   # the 8 is skipped


def test_seed002_checkers_piece_difference_normalised():
    # "difference between my number of pieces and my opponent's, divided by 24"
    def piece_difference(mine, theirs):
        return (mine - theirs) / 24

    tree = trees.from_text("ABC\nA: BC\nB 0\nC 0\n")
    result = search.minimax(tree, evaluate=lambda node: piece_difference(12, 12))
    assert result.value == 0
    assert piece_difference(12, 0) == 0.5


# -- seed 003: lecture slides ---------------------------------------------------------------

def test_seed003_end_positions_score_plus_ten_minus_ten_and_zero():
    game = games.TicTacToe(scoring="ten")
    assert game.utility(game.state("XOX OOX ..X")) == 10
    assert game.utility(game.state("XOX OOX XO.")) == -10
    assert game.utility(game.state("XOX OOX XXO")) == 0


def test_seed003_three_moves_left_middle_right():
    game = games.TicTacToe("XOX OOX ...", scoring="ten")
    values = {game.square(m): r.value for m, r in search.move_values(game).items()}
    assert values == {(2, 0): -10, (2, 1): 0, (2, 2): 10}
    assert game.square(search.minimax(game).move) == (2, 2)


def test_seed003_depth_adjusted_scores_prefer_the_faster_win():
    # X can win at once (square 2) or later; WIN - depth makes the immediate win worth 9.
    game = games.TicTacToe("XX. OO. ...", scoring="depth-adjusted")
    result = search.minimax(game)
    assert result.value == 10 - 1
    assert result.move == 2
    # With plain +10 every winning line is worth the same.
    assert search.minimax(games.TicTacToe("XX. OO. ...", scoring="ten")).value == 10


def test_seed003_open_lines_heuristic():
    game = games.TicTacToe()
    start = game.initial
    assert game.evaluate(game.play(start, 4)) == 8 - 4   # X in the centre
    assert game.evaluate(game.play(start, 0)) == 8 - 5   # corner
    assert game.evaluate(game.play(start, 1)) == 8 - 6   # edge


def test_seed003_two_ply_minimax_on_the_opening():
    # Luger & Stubblefield's figure: centre 1, corner -1, edge -2; X takes the centre.
    game = games.TicTacToe()
    values = {m: r.value for m, r in search.move_values(game, depth=2, algorithm="minimax").items()}
    assert values[4] == 1
    assert {values[m] for m in (0, 2, 6, 8)} == {-1}
    assert {values[m] for m in (1, 3, 5, 7)} == {-2}
    result = search.minimax(game, depth=2)
    assert (result.value, result.move) == (1, 4)


SEED003_AG = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]


def test_seed003_alpha_beta_walkthrough_a_to_g():
    tree = trees.from_nested(SEED003_AG)
    result = search.alphabeta(tree, trace=True)
    assert result.value == 5
    evaluated = [tree.node(p).value for p in result.stats.leaf_order]
    assert evaluated == [3, 5, 6, 1, 2]          # 9 and G's 0, -1 are never looked at
    updates = [(tree.label_of(e.path), e.alpha, e.beta) for e in result.trace if e.kind == "update"]
    inf = float("inf")
    assert updates == [
        ("D", 3, inf),        # alpha at D = max(-inf, 3)
        ("D", 5, inf),        # alpha = max(3, 5)
        ("B", -inf, 5),       # beta at B = min(+inf, 5)
        ("E", 6, 5),          # at E: beta <= alpha, E breaks
        ("B", -inf, 5),       # beta = min(5, 6) stays 5
        ("A", 5, inf),        # alpha at A = 5
        ("F", 5, inf),        # F sees 1: alpha stays 5
        ("F", 5, inf),        # F sees 2
        ("C", 5, 2),          # beta at C = 2 <= alpha = 5: C breaks, G is skipped
        ("A", 5, inf),        # "the best value at A is max(5, 2) which is a 5"
    ]
    enters = {tree.label_of(e.path): (e.alpha, e.beta) for e in result.trace if e.kind == "enter"}
    assert enters["E"] == (-inf, 5) and enters["C"] == (5, inf) and enters["F"] == (5, inf)
    cutoffs = [(tree.label_of(e.path), e.skipped) for e in result.trace if e.kind == "cutoff"]
    assert cutoffs == [("E", (1,)), ("C", (1,))]
    assert "G" not in enters


def test_seed003_max_value_min_value_give_minimax():
    assert search.minimax(SEED003_AG).value == 5


# -- seed 004: CMPUT 355, alphabeta.py < t1.in ----------------------------------------------

T1_IN = """ABCDEFGH
A: BC
B: DE
C: FGH
D 7
E 5
F 9
G 3
H 1
"""


def test_seed004_t1_in():
    tree = trees.from_text(T1_IN)
    result = search.alphabeta(tree)
    assert result.value == 5
    assert labels(tree, result.stats.leaf_order) == ["D", "E", "F", "G"]   # 4 of the 5 leaves
    assert search.minimax(tree).value == 5


def test_seed004_updates_alpha_when_the_value_improves():
    # the script's `if ab > val: alpha, val = ab, ab` and `if alpha >= beta: break`
    tree = trees.from_text(T1_IN)
    assert search.alphabeta(tree, cutoff=">=").stats.leaves == 4
