"""Several agents per round (CS188), anytime iterative deepening, and matches."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import games, search, trees
from mmlib.errors import ArgumentError, IllegalMoveError
from mmlib.search import match, mcts_player, random_player, wilson_interval
from mmlib.trees import layered_tree, layered_uniform

# -- many agents ------------------------------------------------------------------------------


def test_one_max_two_min_agents_by_hand():
    # MAX, then MIN agent 1, then MIN agent 2:
    # B = min(min(3, 5), min(2, 9)) = 2, C = min(min(6, 1), min(8, 4)) = 1, A = max(2, 1) = 2.
    tree = layered_tree([[[3, 5], [2, 9]], [[6, 1], [8, 4]]], layers="max min min")
    assert search.minimax(tree).value == 2
    result = search.alphabeta(tree)
    assert result.value == 2 and result.move == 0
    # Two MIN levels in a row cannot cut each other (E = min(2, 9) must be exact: a lower
    # leaf in place of 9 would lower B); C stops after F = 1 <= alpha 2 and skips G (8, 4).
    assert [tree.label_of(p) for p in result.stats.leaf_order] == ["H", "I", "J", "K", "L", "M"]
    assert result.stats.cutoffs == 1


tied = st.integers(0, 4)
shapes = st.recursive(tied, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30)


@pytest.mark.slow     # a big property run (1000 examples): `make test` runs it, `make check` does not
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shapes, st.sampled_from(["max min min", "max max min", "max min min min", "min max max"]))
def test_alphabeta_with_several_agents_returns_the_minimax_value(shape, layers):
    tree = layered_tree(shape, layers=layers)
    expected = search.minimax(tree)
    for result in (search.alphabeta(tree), search.alphabeta(tree, variant="fail-hard"),
                   search.pvs(tree), search.mtdf(tree), search.sss_star(tree)):
        assert result.value == expected.value
    assert set(search.alphabeta(tree).stats.leaf_order) <= set(expected.stats.leaf_order)


@pytest.mark.parametrize("layers", ["max min min", "max min min min"])
def test_generated_trees_with_several_agents(layers):
    for seed in range(20):
        tree = layered_uniform(3, 5, layers=layers, seed=seed)
        assert search.alphabeta(tree).value == search.minimax(tree).value


def test_ghosts_rules():
    game = games.Ghosts()
    assert game.agents == 3
    state = game.play(game.initial, "E")                    # the hero eats a dot
    assert state.score == 10 - 1 and state.agent == 1
    state = game.play(game.play(state, "W"), "N")            # ghost 1, then ghost 2
    assert state.agent == 0 and state.rounds == 1
    with pytest.raises(IllegalMoveError, match="agent 0"):
        game.play(state, "N")


def test_ghosts_caught_and_cleared():
    game = games.Ghosts("#####\n#H.G#\n#####", rounds=5)
    state = game.play(game.initial, "E")                     # eats the only dot: +10 -1 +500
    assert game.is_terminal(state) and game.utility(state) == 509
    chase = games.Ghosts("######\n#H G.#\n######", rounds=5)
    caught = chase.play(chase.play(chase.initial, "E"), "W")
    assert chase.is_terminal(caught) and chase.utility(caught) == -1 - 500


def test_ghosts_alphabeta_agrees_with_minimax_and_prunes():
    game = games.Ghosts()
    for depth in (3, 6):
        plain, pruned = search.minimax(game, depth=depth), search.alphabeta(game, depth=depth)
        assert pruned.value == plain.value and pruned.stats.leaves < plain.stats.leaves


# -- anytime iterative deepening ----------------------------------------------------------


def test_anytime_keeps_the_last_completed_iteration():
    game = games.ConnectFour()
    result = search.anytime(game, max_nodes=3000)
    depth = result.stats.depth
    rows = result.stats.iterations
    assert result.stats.nodes <= 3000
    assert result.stats.abandoned > 0
    assert [row.depth for row in rows] == list(range(1, depth + 1))
    assert result.stats.nodes == sum(row.nodes for row in rows) + result.stats.abandoned
    # the move is that of a complete alpha-beta search to the depth reached
    assert result.value == search.alphabeta(game, depth=depth).value
    assert result.move == rows[-1].move


def test_anytime_stops_when_the_game_is_solved():
    result = search.anytime(games.TicTacToe(), max_nodes=10 ** 6)
    assert result.value == 0 and result.stats.depth == 9      # tic-tac-toe is a draw
    assert result.stats.abandoned == 0


def test_anytime_to_a_fixed_depth_matches_alphabeta():
    tree = trees.ordered(3, 6, "random", seed=1, noise=0.1)
    result = search.anytime(tree, max_depth=6)
    assert result.value == search.alphabeta(tree).value and result.stats.depth == 6


def test_anytime_with_too_small_a_budget_has_no_move():
    result = search.anytime(games.ConnectFour(), max_nodes=3)
    assert result.move is None and result.stats.depth == 0 and result.stats.nodes == 3


def test_anytime_needs_a_budget():
    with pytest.raises(ArgumentError, match="budget"):
        search.anytime(games.TicTacToe())
    with pytest.raises(ArgumentError, match="max_seconds"):
        search.anytime(games.TicTacToe(), max_seconds=0)


def test_anytime_under_a_time_budget():
    result = search.anytime(games.ConnectFour(), max_seconds=0.2)
    assert result.stats.depth >= 1 and result.move in range(7)


# -- matches ---------------------------------------------------------------------------------


def test_wilson_interval_known_values():
    # Wilson (1927) interval at 95 %: 0 of 10 -> [0, 0.2775]; 5 of 10 -> [0.2366, 0.7634]
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_match_counts_every_game_once_and_is_reproducible():
    game = games.TicTacToe()
    first = match(game, mcts_player(max_nodes=300, seed=1), random_player(2), games=12, seed=5)
    again = match(game, mcts_player(max_nodes=300, seed=1), random_player(2), games=12, seed=5)
    assert first == again and first.games == 12
    low, high = first.interval("wins")
    assert 0 <= low <= first.wins / 12 <= high <= 1


def test_anytime_trace_covers_every_counted_node():
    result = search.anytime(games.ConnectFour(), max_nodes=500, trace=True)
    assert sum(1 for event in result.trace if event.kind == "enter") == result.stats.nodes == 500
    roots = [event for event in result.trace if event.kind == "enter" and event.path == ()]
    assert len(roots) == result.stats.depth + 1        # one per iteration, the dropped one too


def test_anytime_counts_are_typed_fields_one_row_per_completed_iteration():
    # each completed iteration's value is the depth-limited minimax value (whatever the order), the
    # first searches the root and its 3 children, and the rows' nodes and the dropped ones are all
    tree = trees.ordered(3, 6, "random", seed=1, noise=0.1)
    stats = search.anytime(tree, max_nodes=300).stats
    assert isinstance(stats, search.AnytimeStats) and not hasattr(stats, "extra")
    assert stats.depth >= 3 and stats.abandoned > 0 and stats.passes == stats.depth + 1
    assert [row.depth for row in stats.iterations] == list(range(1, stats.depth + 1))
    assert [row.value for row in stats.iterations] == [search.minimax(tree, depth=depth).value
                                                       for depth in range(1, stats.depth + 1)]
    assert stats.iterations[0].nodes == 4
    assert stats.nodes == sum(row.nodes for row in stats.iterations) + stats.abandoned == 300
