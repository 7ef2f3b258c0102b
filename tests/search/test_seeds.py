"""The worked examples of the five seed documents, each test named after its seed.

Every expected figure below is read off the seed text (or worked out by hand from it),
not from mmlib's output.
"""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import check, games, search, trees
from mmlib.check.cases import check_cases, random_nested
from mmlib.check.nodes import shape_of
from mmlib.conventions import Conventions
from mmlib.isolation.nodes import TableValues, build_nodes

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


# -- every alpha-beta of the five documents, transcribed as written, passes the checker -----------
#
# Each function below follows its document line by line (only the syntax is Python's), takes
# the checker's arguments (node, depth, alpha, beta, maximizing) and is checked under the
# document's own conventions.  The same conventions given to search.alphabeta evaluate the
# same leaves in the same order on every check tree (a second, independent implementation).


inf = math.inf


def cs312_recitation_21(n, d, min, max, is_max):   # the recitation's own names
    """Cornell CS 312, Recitation 21: the [min, max] form, `if v > max return max`."""
    if n.is_leaf() or d == 0:
        return n.value                                # return evaluate(n)
    if is_max:
        v = min                                       # v := min
        for child in n.children:
            v_ = cs312_recitation_21(child, d - 1, v, max, False)
            if v_ > v:
                v = v_
            if v > max:
                return max
        return v
    v = max                                           # v := max
    for child in n.children:
        v_ = cs312_recitation_21(child, d - 1, min, v, True)
        if v_ < v:
            v = v_
        if v < min:
            return min
    return v


def min_max_article(position, depth, alpha, beta, maximizingPlayer):
    """The "Min-Max algorithm and pruning" article: `if beta <= alpha: break`."""
    if depth == 0 or position.is_leaf():
        return position.value                         # static evaluation of position
    if maximizingPlayer:
        maxEval = -inf
        for child in position.children:
            eval_ = min_max_article(child, depth - 1, alpha, beta, False)
            maxEval = max(maxEval, eval_)
            alpha = max(alpha, eval_)
            if beta <= alpha:
                break
        return maxEval
    minEval = +inf
    for child in position.children:
        eval_ = min_max_article(child, depth - 1, alpha, beta, True)
        minEval = min(minEval, eval_)
        beta = min(beta, eval_)
        if beta <= alpha:
            break
    return minEval


def game_search_notes(node, depth, alpha, beta, maximizing):
    """The lecture notes on game search, section IV.4: `while there are still moves to explore
    and best-so-far < beta`, handing `best-so-far` down as the child's alpha (MAX) or beta
    (MIN).  A finished game is scored statically like a position at the maximum depth."""
    maximum_depth = depth

    def minimax(board, player, depth_so_far, alpha, beta):
        if depth_so_far < maximum_depth and not board.is_leaf():
            moves = iter(board.children)              # generate all moves for player
            if player == "minimizer":
                best_so_far = inf
                while (move := next(moves, None)) is not None and best_so_far > alpha:
                    value = minimax(move, "maximizer", depth_so_far + 1, alpha, best_so_far)
                    if value < best_so_far:
                        best_so_far = value
                return best_so_far
            best_so_far = -inf
            while (move := next(moves, None)) is not None and best_so_far < beta:
                value = minimax(move, "minimizer", depth_so_far + 1, best_so_far, beta)
                if value > best_so_far:
                    best_so_far = value
            return best_so_far
        return board.value                            # static evaluation of board

    return minimax(node, "maximizer" if maximizing else "minimizer", 0, alpha, beta)


def game_search_notes_item_d(node, depth, alpha, beta, maximizing):
    """The same notes' rule d: "a maximizer hands down max(alpha, best-so-far) and beta; a
    minimizer hands down alpha and min(beta, best-so-far)" (what their deep cutoff needs)."""
    maximum_depth = depth

    def minimax(board, player, depth_so_far, alpha, beta):
        if depth_so_far < maximum_depth and not board.is_leaf():
            moves = iter(board.children)
            if player == "minimizer":
                best_so_far = inf
                while (move := next(moves, None)) is not None and best_so_far > alpha:
                    value = minimax(move, "maximizer", depth_so_far + 1, alpha, min(beta, best_so_far))
                    if value < best_so_far:
                        best_so_far = value
                return best_so_far
            best_so_far = -inf
            while (move := next(moves, None)) is not None and best_so_far < beta:
                value = minimax(move, "minimizer", depth_so_far + 1, max(alpha, best_so_far), beta)
                if value > best_so_far:
                    best_so_far = value
            return best_so_far
        return board.value

    return minimax(node, "maximizer" if maximizing else "minimizer", 0, alpha, beta)


def ozbilge_slides(node, depth, alpha, beta, maximizing):
    """E. Özbilge's slides: max-value / min-value, `if rv >= beta, return rv`.  The slides
    search to the end of the game (no depth), so they are checked on full-depth trees."""
    def max_value(node, alpha, beta):
        if node.is_leaf():
            return node.value
        rv = -inf
        for a in node.children:
            childval = min_value(a, alpha, beta)
            rv = max(rv, childval)
            if rv >= beta:
                return rv
            alpha = max(alpha, rv)
        return rv

    def min_value(node, alpha, beta):
        if node.is_leaf():
            return node.value
        rv = +inf
        for a in node.children:
            childval = max_value(a, alpha, beta)
            rv = min(rv, childval)
            if rv <= alpha:
                return rv
            beta = min(beta, rv)
        return rv

    return max_value(node, alpha, beta) if maximizing else min_value(node, alpha, beta)


def cmput355(node, depth, alpha, beta, maximizing):
    """University of Alberta CMPUT 355, "Alpha-Beta Search": alphabeta(s, alpha, beta) with
    `if alpha >= beta: return val`.  P1 (MAX) plays at the root and the players alternate;
    it searches to terminal states, so it is checked on full-depth trees."""
    def player(s, is_p1):
        return 1 if is_p1 else 2

    def alphabeta(s, alpha, beta, is_p1):
        if s.is_leaf():                               # terminal(s)
            return s.value                            # score(s)
        if player(s, is_p1) == 1:                     # MAX player
            val = -inf
            for c in s.children:
                ab = alphabeta(c, alpha, beta, False)
                alpha = max(alpha, ab)
                val = max(val, ab)
                if alpha >= beta:
                    return val                        # prune remaining children
        if player(s, is_p1) == 2:
            val = inf
            for c in s.children:
                ab = alphabeta(c, alpha, beta, True)
                beta = min(beta, ab)
                val = min(val, ab)
                if alpha >= beta:
                    return val                        # prune remaining children
        return val

    return alphabeta(node, alpha, beta, maximizing)


def full_depth_cases():
    """The check trees searched to the bottom (for code that has no depth limit)."""
    return [case for case in check_cases() if case.depth is None]


CS312 = Conventions(cutoff=">", variant="fail-hard")
NOTES_AS_PRINTED = Conventions(deep=False)
SEED_ALPHABETAS = [
    # (the function, its conventions, whether it has a depth limit)
    (cs312_recitation_21, CS312, True),
    (min_max_article, Conventions(), True),
    (game_search_notes, NOTES_AS_PRINTED, True),
    (game_search_notes_item_d, Conventions(), True),
    (ozbilge_slides, Conventions(), False),
    (cmput355, Conventions(), False),
]


@pytest.mark.parametrize("fn, conventions, limited", SEED_ALPHABETAS,
                         ids=[fn.__name__ for fn, _, _ in SEED_ALPHABETAS])
def test_each_seed_alphabeta_passes_the_checker_under_its_own_conventions(fn, conventions, limited):
    cases = None if limited else full_depth_cases()
    report = check.check_alphabeta(fn, conventions=conventions, cases=cases)
    assert report.passed, str(report)


def test_the_recitation_passes_with_the_keywords_of_search_alphabeta():
    report = check.check_alphabeta(cs312_recitation_21, cutoff=">", variant="fail-hard")
    assert report.passed, str(report)


@pytest.mark.parametrize("fn, conventions, expected", [
    (cs312_recitation_21, Conventions(), "strict-cutoff"),        # v > max prunes only on >
    (min_max_article, CS312, "cutoff-on-ties"),                   # beta <= alpha prunes on ties
    (game_search_notes, Conventions(), "no-deep-cutoffs"),        # best-so-far handed down
    (game_search_notes_item_d, NOTES_AS_PRINTED, "deep-cutoffs"),
])
@pytest.mark.slow
def test_under_another_courses_conventions_the_difference_is_named(fn, conventions, expected):
    report = check.check_alphabeta(fn, conventions=conventions)
    assert not report.passed and report.diagnosis == expected, str(report)


def evaluation_order(fn, tree, depth):
    """The value ``fn`` returns on ``tree`` and the paths of the nodes it reads, in order."""
    shape, values, paths = shape_of(tree)
    source = TableValues(values)
    value = fn(build_nodes(shape, source), depth, -inf, inf, True)
    return value, [paths[index] for index in source.read]


@pytest.mark.parametrize("fn, conventions, limited", SEED_ALPHABETAS,
                         ids=[fn.__name__ for fn, _, _ in SEED_ALPHABETAS])
def test_search_alphabeta_under_the_same_conventions_evaluates_the_same_leaves(fn, conventions,
                                                                              limited):
    for case in check_cases() if limited else full_depth_cases():
        tree = case.tree()
        depth = case.search_depth(tree)
        result = search.alphabeta(tree, depth=depth, conventions=conventions)
        assert evaluation_order(fn, tree, depth) == (result.value, result.stats.leaf_order), case


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 5), branching=st.integers(2, 4))
def test_the_recitation_and_the_notes_agree_with_search_on_random_trees(seed, depth, branching):
    nested = random_nested(seed, max_branching=branching, max_depth=depth, low=-3, high=3)
    tree = check.cases.build(nested)
    for fn, conventions in ((cs312_recitation_21, CS312), (game_search_notes, NOTES_AS_PRINTED)):
        result = search.alphabeta(tree, conventions=conventions)
        assert evaluation_order(fn, tree, tree.height) == (result.value, result.stats.leaf_order)


def test_the_recitation_figure_under_its_own_conventions():
    # Under the recitation's conventions the search prunes what its figure crosses out (X):
    # the 3 under the 8 node and the W under the right MIN node.
    tree = trees.from_nested(SEED000_DEPTH3)
    result = search.alphabeta(tree, conventions=CS312, alpha=L, beta=W)
    assert result.value == 6 and result.algorithm == "alphabeta (fail-hard, >)"
    assert labels(tree, result.stats.leaf_order) == ["H", "I", "J", "K", "F"]


def test_without_deep_cutoffs_the_notes_deep_cutoff_example_is_not_pruned():
    # The notes' DEEP CUTOFF: E (two levels below A) stops at once because A's alpha = 3
    # reaches it.  Handing only best-so-far down, E never hears of A's 3 and reads the 8.
    tree = trees.from_nested([[3, 4], [[[1, 8], 9], 2]])
    deep = search.alphabeta(tree)
    shallow = search.alphabeta(tree, conventions=NOTES_AS_PRINTED)
    assert deep.value == shallow.value == 3
    assert (1, 0, 0, 1) not in deep.stats.leaf_order
    assert (1, 0, 0, 1) in shallow.stats.leaf_order
