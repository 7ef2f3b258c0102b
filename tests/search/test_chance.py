"""Chance nodes: layered trees, Pig, expectimax, expectiminimax, Star1 and Star2."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import games, search
from mmlib.errors import ArgumentError, TreeError, TreeTextError
from mmlib.trees import layered_tree, layered_tree_from_text, layered_uniform

AIMA_5_12 = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]
AIMA_5_12_SCALED = [[(0.9, [20, 20]), (0.1, [30, 30])], [(0.9, [1, 1]), (0.1, [400, 400])]]


def test_cs188_expectimax_example_is_worth_10():
    # CS188: 1/2 * 8 + 1/3 * 24 + 1/6 * (-12) = 10
    tree = layered_tree([[(1 / 2, 8), (1 / 3, 24), (1 / 6, -12)]], layers="max chance")
    assert search.expectimax(tree).value == pytest.approx(10)


def test_aima_figure_5_12_an_order_preserving_change_of_scale_changes_the_move():
    # AIMA: a1 = .9*2 + .1*3 = 2.1 beats a2 = .9*1 + .1*4 = 1.3; after rescaling the
    # leaves (order kept) a1 = 21 and a2 = 40.9, so the best move changes.
    for nested, value, move in [(AIMA_5_12, 2.1, 0), (AIMA_5_12_SCALED, 40.9, 1)]:
        tree = layered_tree(nested, layers="max chance min")
        for pruning in (None, "star1", "star2"):
            result = search.expectiminimax(tree, pruning=pruning)
            assert result.value == pytest.approx(value) and result.move == move
    assert search.minimax(layered_tree(AIMA_5_12, layers="max min min")).move == 0


def test_expectimax_averages_an_opponent_that_moves_at_random():
    # max(mean(3, 12), mean(2, 4, 6)) = max(7.5, 4); minimax would say max(3, 2) = 3
    assert search.expectimax([[3, 12], [2, 4, 6]]).value == 7.5
    assert search.minimax([[3, 12], [2, 4, 6]]).value == 3


small_ints = st.integers(0, 4)
nested = st.recursive(small_ints, lambda kids: st.lists(kids, min_size=1, max_size=3),
                      max_leaves=25)
patterns = st.sampled_from(["max chance min chance", "max chance", "chance max chance min",
                            "max min chance", "max max chance min"])


@pytest.mark.slow     # a big property run (1000 examples): `make test` runs it, `make check` does not
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested, patterns)
def test_star1_and_star2_return_the_expectiminimax_value(shape, layers):
    tree = layered_tree(shape, layers=layers)
    plain = search.expectiminimax(tree)
    star1 = search.expectiminimax(tree, pruning="star1")
    star2 = search.expectiminimax(tree, pruning="star2")
    assert star1.value == pytest.approx(plain.value, abs=1e-9)
    assert star2.value == pytest.approx(plain.value, abs=1e-9)
    for pruning in ("star1", "star2"):
        remembered = search.expectiminimax(tree, pruning=pruning, table=True)
        assert remembered.value == pytest.approx(plain.value, abs=1e-9)
        assert remembered.stats.leaves <= tree.leaf_count
    assert set(star1.stats.leaf_order) <= set(plain.stats.leaf_order)
    assert star1.stats.leaves <= plain.stats.leaves == tree.leaf_count


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(2, 4), st.integers(1, 5), patterns,
       st.sampled_from(["equal", "random"]))
def test_generated_chance_trees_agree(seed, b, d, layers, probabilities):
    tree = layered_uniform(b, d, layers=layers, seed=seed, probabilities=probabilities)
    plain = search.expectiminimax(tree)
    assert plain.stats.leaves == b ** d
    for pruning in ("star1", "star2"):
        for table in (False, True):
            result = search.expectiminimax(tree, pruning=pruning, table=table)
            assert result.value == pytest.approx(plain.value)


def test_a_table_lets_star2_reuse_its_probes():
    # No position repeats in a generated tree, so a table cannot help Star1; it helps Star2
    # only by answering the second search of each probed move.
    for seed in range(5):
        tree = layered_uniform(3, 4, seed=seed)
        star1 = search.expectiminimax(tree, pruning="star1").stats.leaves
        assert search.expectiminimax(tree, pruning="star1", table=True).stats.leaves == star1
        with_table = search.expectiminimax(tree, pruning="star2", table=True)
        assert with_table.stats.table_hits > 0
        assert with_table.stats.leaves < search.expectiminimax(tree, pruning="star2").stats.leaves


def test_star1_prunes_on_random_chance_trees():
    saved = sum(4 ** 4 - search.expectiminimax(layered_uniform(4, 4, seed=s), pruning="star1")
                .stats.leaves for s in range(10))
    assert saved > 0


def test_a_tree_without_chance_is_searched_as_by_minimax():
    shape = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    tree = layered_tree(shape, layers="max min")
    assert search.expectiminimax(tree).value == search.minimax(shape).value == 3
    # with no chance node Star1 is alpha-beta: it skips the leaves 4 and 6 (AIMA figure 5.2)
    star1 = search.expectiminimax(tree, pruning="star1")
    assert star1.value == 3 and star1.stats.leaves == search.alphabeta(shape).stats.leaves == 7


def test_text_and_nested_forms_give_the_same_tree():
    text = """
    # AIMA figure 5.12, left
    ABCDEFGHIJKLMNO
    A: BC
    B: DE
    C: FG
    B p 0.9 0.1
    C p 9/10 1/10
    D: HI
    E: JK
    F: LM
    G: NO
    H 2
    I 2
    J 3
    K 3
    L 1
    M 1
    N 4
    O 4
    """
    from_text = layered_tree_from_text(text, layers="max chance min")
    from_nested = layered_tree(AIMA_5_12, layers="max chance min")
    assert [n.label for n in from_text.nodes()] == [n.label for n in from_nested.nodes()]
    assert [p for _, p in from_text.outcomes(from_text.node("C"))] == pytest.approx(
        [p for _, p in from_nested.outcomes(from_nested.node("C"))])
    assert search.expectiminimax(from_text).value == pytest.approx(2.1)


def test_outcomes_without_probabilities_are_equally_likely():
    tree = layered_tree_from_text("ABCD\nA: BCD\nB 3\nC 6\nD 9", layers="chance max")
    assert search.expectiminimax(tree).value == pytest.approx(6)


def test_bad_trees_are_named():
    with pytest.raises(TreeError, match="add up to 1.1"):
        layered_tree([[(0.5, 2), (0.6, 3)]], layers="max chance")
    with pytest.raises(TreeError, match="to every outcome or to none"):
        layered_tree([[(0.5, 2), 3]], layers="max chance")
    with pytest.raises(TreeError, match="probability"):
        layered_tree([[(0, 2), (1, 3)]], layers="max chance")
    with pytest.raises(TreeTextError, match="line 3"):
        layered_tree_from_text("ABC\nA: BC\nA p 1/2\nB 1\nC 2", layers="chance max")
    with pytest.raises(TreeTextError, match="line 2"):
        layered_tree_from_text("ABC\nA: BX\nB 1\nC 2", layers="chance max")
    # The leaf's error names the line that gives it as a child and says what to write.
    with pytest.raises(TreeTextError, match=r"^line 2: leaf 'C' has no value: add a line 'C 7'"):
        layered_tree_from_text("ABC\nA: BC\nB 1", layers="chance max")
    with pytest.raises(TreeTextError, match=r"^line 1: leaf 'A' has no value"):
        layered_tree_from_text("A", layers="max")
    with pytest.raises(ArgumentError, match="layers"):
        layered_tree([1, 2], layers="max dice")
    # An int beyond a float's range is refused as a tree error, not an OverflowError.
    with pytest.raises(TreeError, match=r"path \(1,\): leaf value 1000.*\(too large\) is not a finite"):
        layered_tree([1, 10**400], layers="max")


def test_bad_search_options_are_named():
    with pytest.raises(ArgumentError, match="pruning"):
        search.expectiminimax([[1, 2]], pruning="star3")
    with pytest.raises(ArgumentError, match="bounds"):
        search.expectiminimax(games.TicTacToe(), depth=2, pruning="star1")
    with pytest.raises(ArgumentError, match="bounds"):
        search.expectiminimax([[1, 2]], pruning="star1", bounds=(3, 3))
    with pytest.raises(ArgumentError, match="table"):
        search.expectiminimax([[1, 2]], table=True)


# -- Pig ------------------------------------------------------------------------------------


def test_helpers_given_something_that_is_no_game_name_the_argument():
    from mmlib import search
    from mmlib.errors import ArgumentTypeError
    with pytest.raises(ArgumentTypeError, match="^game: expected a game with chance nodes"):
        search.chance_outcomes([[1, 2]], None)
    with pytest.raises(ArgumentTypeError, match="^game: expected a game"):
        search.outcome_reward(3, None)
    with pytest.raises(ArgumentTypeError, match="^seed: expected a whole number or a string"):
        search.random_player([1, 2])


def test_a_layered_tree_too_deep_to_count_or_built_from_no_node_names_the_argument():
    from mmlib import trees
    from mmlib.errors import ArgumentError, ArgumentTypeError
    with pytest.raises(ArgumentError, match="^depth: "):
        trees.layered_uniform(2, 10 ** 9)              # once spent minutes computing 2 ** 10 ** 9
    with pytest.raises(ArgumentTypeError, match="^root: expected a LayeredNode"):
        trees.LayeredTree(3, ("max",))
