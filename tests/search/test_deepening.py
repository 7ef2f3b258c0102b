"""Tests of mmlib.search.deepening: iterative deepening and the anytime agent."""


import pytest

from mmlib import games, search, trees
from mmlib.errors import (
    ArgumentError,
)


def test_iterative_deepening_reports_every_iteration():
    tree = trees.ordered(3, 6, "random", seed=8, noise=0.05)
    deepening = search.iterative_deepening(tree, 6, killers=True, table=True)
    assert [len(r.stats.nodes_by_depth) - 1 for r in deepening.iterations] == [1, 2, 3, 4, 5, 6]
    assert deepening.value == search.minimax(tree).value
    assert deepening.nodes == sum(r.stats.nodes for r in deepening.iterations)
    for depth, result in enumerate(deepening.iterations, start=1):
        assert result.value == search.minimax(tree, depth=depth).value


def test_previous_iteration_ordering_helps_on_a_well_evaluated_tree():
    tree = trees.ordered(5, 6, "random", seed=3, noise=0.0)
    last = search.iterative_deepening(tree, 6).last
    natural = search.alphabeta(tree)
    assert last.value == natural.value
    assert last.stats.leaves < natural.stats.leaves


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
