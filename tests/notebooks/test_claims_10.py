"""Notebook 10's claims (null windows, best-first search, MCTS, anytime search), checked here rather than
by asserts in the lecture.  Statistical claims are re-run over at least 20 seeds."""

from __future__ import annotations

import math
import random

import pytest
from oracles import c4_lost_after, layered_alphabeta, wilson

from mmlib import games, search, trees, widgets
from mmlib.games.connect4 import WIN, CentreFirst
from mmlib.search import alphabeta_player, match, mcts_player, minimal_leaves
from mmlib.trace import trace_of

AIMA = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
TRAP, LOSING = "54313516564", [0, 1, 2, 5, 6]
HORIZON = "23534212"


def test_aspiration_researches_only_when_the_guess_is_wrong():
    assert search.aspiration(AIMA, guess=3, delta=1).stats.researches == 0
    assert search.aspiration(AIMA, guess=10, delta=1).stats.researches == 1
    assert search.aspiration(AIMA, guess=-10, delta=1).stats.researches == 1


def test_the_four_searches_on_aima_skip_i_and_j():
    for algorithm in (search.alphabeta, search.pvs, lambda t: search.mtdf(t, guess=0), search.sss_star):
        result = algorithm(AIMA)
        assert result.value == 3
        assert {AIMA.label_of(p) for p in result.stats.leaf_order} == set("EFGHKLM")
    assert search.mtdf(AIMA, guess=0).stats.passes == 2 and search.sss_star(AIMA).stats.passes == 4


def test_mtdf_passes_add_up_and_sss_lowers_its_upper_bound():
    result = search.mtdf(AIMA, guess=0, trace=True)
    phases = trace_of(result).phases
    assert sum(p.nodes for p in phases) == result.stats.nodes
    assert sum(p.leaves for p in phases) == result.stats.leaves
    sss = trace_of(search.sss_star(AIMA, trace=True)).phases
    assert [p.upper for p in sss] == [14, 5, 3, 3] and sss[-1].lower == 3
    assert [p.lower for p in sss[:-1]] == [-math.inf] * 3


def test_the_explorers_say_what_the_lecture_shows():
    explorer = widgets.step_through(AIMA, "mtdf", guess=0)
    explorer.go(len(explorer.model.events))          # the last step: pass 2's test fails low
    assert explorer.phase == "pass 2 of 2 asks “value > 3?”; proved value = 3"
    assert explorer.sentence == ("pass 2: A returns 3: the test “value > 3?” fails (fail low), so A ≤ 3; "
                                 "now 3 ≤ value ≤ 3: the value of the game is 3.")
    wdl = trees.from_nested([[1, -1], [1, 0], [-1, -1]])
    result = search.mcts(wdl, iterations=8, seed=0, trace=True)
    mc_explorer = widgets.step_through(result)
    mc_explorer.go(trace_of(result).iterations[3].first + 2)
    assert mc_explorer.phase == "iteration 4 of 8"
    assert mc_explorer.sentence == ("iteration 4: selection: B (1/1) has the best UCB1 score "
                                    "among A's children.")
    assert wdl.label_of((result.move,)) == "C"


def random_nested(rng, depth):
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(0, 4)
    return [random_nested(rng, depth - 1) for _ in range(rng.randint(1, 4))]


@pytest.mark.slow
def test_stockman_on_the_lectures_thousand_trees():
    rng = random.Random(2024)
    strictly_fewer = 0
    for _ in range(1000):
        nested = random_nested(rng, 4)
        tree = trees.from_nested(nested)
        sss, ab = search.sss_star(tree), search.alphabeta(tree)
        value, read = layered_alphabeta(nested)                     # an independent alpha-beta
        assert sss.value == ab.value == value
        assert ab.stats.leaf_order == read
        assert set(sss.stats.leaf_order) <= set(read)                # Stockman (1979)
        strictly_fewer += sss.stats.leaves < ab.stats.leaves
    assert 0 < strictly_fewer < 1000                                 # "it may skip more"


def test_every_search_meets_the_minimal_tree_with_the_best_order():
    best = trees.ordered(4, 6, "best", seed=1)
    assert minimal_leaves(4, 6) == 4 ** 3 + 4 ** 3 - 1
    for f in (search.alphabeta, search.pvs, search.sss_star, lambda t: search.mtdf(t, guess=0.5)):
        assert f(best).stats.leaves == 4 ** 3 + 4 ** 3 - 1


def test_best_first_searches_pass_more_often_but_read_fewer_leaves():
    tree = trees.ordered(8, 6, "random", seed=0)
    sss, mtd = search.sss_star(tree).stats, search.mtdf(tree, guess=0.5).stats
    assert sss.nodes > 3 * sss.leaves and mtd.passes < sss.passes / 2


def test_mcts_finds_the_tictactoe_win():
    ttt = games.TicTacToe("XX.OO....")
    result = search.mcts(ttt, max_nodes=2000, seed=1)
    assert result.move == 2 and result == search.mcts(ttt, max_nodes=2000, seed=1)


@pytest.mark.slow
def test_alphabeta_beats_mcts_at_connect_four_over_20_seeds():
    losses = total = 0
    for seed in range(20):
        score = match(games.ConnectFour(), mcts_player(max_nodes=500, seed=seed),
                      alphabeta_player(max_nodes=500), games=2, seed=seed)
        losses, total = losses + score.losses, total + score.wins + score.draws + score.losses
    low, _ = wilson(losses, total)
    assert low > 0.5, (losses, total)                                # MCTS loses most games


@pytest.mark.slow
def test_mcts_and_alphabeta_are_close_at_tictactoe_over_20_seeds():
    """The intervals of MCTS's wins and of its losses overlap: the games cannot tell the two apart."""
    for budget in (200, 1000):
        wins = losses = total = 0
        for seed in range(20):
            score = match(games.TicTacToe(), mcts_player(max_nodes=budget, seed=seed),
                          alphabeta_player(max_nodes=budget), games=2, seed=seed)
            wins, losses = wins + score.wins, losses + score.losses
            total += score.wins + score.draws + score.losses
        (win_low, win_high), (loss_low, loss_high) = wilson(wins, total), wilson(losses, total)
        assert win_low < loss_high and loss_low < win_high, (budget, wins, losses, total)


@pytest.mark.slow
def test_the_trap_by_an_independent_solver():
    assert [c for c in range(7) if c4_lost_after(TRAP, c, 6)] == LOSING     # six plies from the trap
    assert [c for c in range(7) if c4_lost_after(TRAP, c, 4)] == [2, 6]     # four plies see only these
    trap = games.ConnectFour(opening=TRAP)
    for depth, lost in [(5, LOSING), (3, [2, 6])]:
        assert [m for m in trap.moves(trap.initial)
                if search.alphabeta(trap, depth=depth, state=trap.play(trap.initial, m)).value >= WIN] == lost
    ab = search.anytime(trap, max_nodes=1000)
    assert (ab.stats.depth, ab.move) == (4, 3)


@pytest.mark.slow
def test_mcts_often_falls_into_the_trap_with_1000_nodes_and_never_with_10000():
    trap = games.ConnectFour(opening=TRAP)
    few = sum(search.mcts(trap, max_nodes=1000, seed=s).move in LOSING for s in range(20))
    assert 4 <= few <= 16, few                                       # often, not always
    assert not any(search.mcts(trap, max_nodes=10000, seed=s).move in LOSING for s in range(20))


@pytest.mark.slow
def test_the_horizon_position():
    horizon = games.ConnectFour(opening=HORIZON)
    ab = search.anytime(horizon, max_nodes=20000)
    assert (ab.stats.depth, ab.move) == (7, 1)
    assert search.alphabeta(horizon, depth=7, order=CentreFirst(), table=True,
                            state=horizon.play(horizon.initial, 1)).value <= -WIN
    assert all(search.mcts(horizon, max_nodes=20000, seed=s).move == 4 for s in range(20))
