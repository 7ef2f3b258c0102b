"""The lectures' claims, checked here rather than in the student's way.

A lecture keeps a claim a student should see checked as one readable line; the detailed
statements behind its walkthroughs are recomputed here with mmlib and compared with the exact
figures the sources give (the A–G walkthrough of E. Özbilge's slides, the lecture notes' examples,
CMPUT 355's slide "Pruning", the Min-Max article's examples).
"""

from __future__ import annotations

import math
from math import inf

import pytest

from mmlib import search, trees

# -- 03: the A-G walkthrough of the slides, step for step ---------------------------------------

AG = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])


@pytest.fixture(scope="module")
def walk():
    return search.alphabeta(AG, trace=True)


def steps(walk, kind, label, move=None):
    return [e for e in walk.trace
            if e.kind == kind and AG.label_of(e.path) == label and (move is None or e.move == move)]


def update(walk, label, move):
    (event,) = steps(walk, "update", label, move)
    return event


def window_on_entry(walk, label):
    (event,) = steps(walk, "enter", label)
    return event.alpha, event.beta


def test_the_slides_a_to_g_walkthrough(walk):
    assert window_on_entry(walk, "A") == (-inf, inf)                       # the initial call
    assert (update(walk, "D", 0).alpha, update(walk, "D", 0).beta) == (3, inf)  # α = max(−∞, 3)
    assert (update(walk, "D", 1).alpha, update(walk, "D", 1).value) == (5, 5)   # α = max(3, 5); D is 5
    assert update(walk, "B", 0).beta == 5                                  # at B, β = min(+∞, 5)
    assert window_on_entry(walk, "E") == (-inf, 5)                         # E gets −∞ and 5 from B
    assert update(walk, "E", 0).alpha == 6                                 # α = 6 ≥ β = 5 ...
    assert [AG.node(e.path + e.skipped).value for e in steps(walk, "cutoff", "E")] == [9]  # ... skip 9
    assert steps(walk, "return", "E")[0].value == 6                        # E returns 6
    assert (update(walk, "B", 1).beta, update(walk, "B", 1).value) == (5, 5)  # β = min(5, 6); B is 5
    assert update(walk, "A", 0).alpha == 5                                 # at A, α = 5
    assert window_on_entry(walk, "C") == (5, inf)
    assert window_on_entry(walk, "F") == (5, inf)
    assert update(walk, "F", 0).alpha == 5                                 # α = max(5, 1) is still 5
    assert (update(walk, "F", 1).value, update(walk, "F", 1).alpha) == (2, 5)
    assert update(walk, "C", 0).beta == 2                                  # β = min(+∞, 2) ≤ α = 5
    assert [AG.label_of(e.path + e.skipped) for e in steps(walk, "cutoff", "C")] == ["G"]
    assert update(walk, "A", 1).value == 5 == walk.value                   # max(5, 2) = 5


def test_updated_alpha_is_not_the_nodes_value(walk):
    """04, CMPUT 355's question: F ends with α = 5 (from A) but is worth 2."""
    (f_done,) = steps(walk, "return", "F")
    assert update(walk, "F", 1).alpha == 5 and f_done.value == 2
    assert search.minimax(AG, state=AG.node("F")).value == 2


# -- 03: CMPUT 355's slide "Pruning" and the lecture notes' cutoff examples -------------------

PRUNING = "abcdefgh\na: bc\nb: de\nc: fgh\nd 7\ne 5\nf {f}\ng {g}\nh {h}"


def test_cmput_pruning_slide_b_is_5_and_c_at_most_3():
    tree = trees.from_text(PRUNING.format(f=3, g=9, h=1))
    run = search.alphabeta(tree)
    assert run.value == 5
    assert [tree.label_of(p) for p in run.stats.leaf_order] == ["d", "e", "f"]     # g and h pruned
    for g in range(-20, 21, 5):
        for h in range(-20, 21, 5):
            assert search.minimax(trees.from_text(PRUNING.format(f=3, g=g, h=h))).value == 5


def test_notes_shallow_cutoff():
    tree = trees.from_nested([[3, 5], [1, 4, 6], [2, 9]])
    run = search.alphabeta(tree)
    assert run.value == 3 == min(3, 5)
    assert [tree.label_of(p) for p in run.stats.leaf_order] == ["E", "F", "G", "J"]  # 4, 6 and 9 unread
    for x in (-100, 0, 100):
        for y in (-100, 0, 100):
            assert search.minimax([[3, 5], [1, x, y], [2, 9]]).value == 3


def test_notes_window_greater_than_6_or_4_or_less():
    high = trees.from_nested([[4, 7], [[6, 2], [7, 1], [5, 3]]])
    run = search.alphabeta(high, trace=True)
    (entry,) = [e for e in run.trace if e.kind == "enter" and high.label_of(e.path) == "G"]
    assert (entry.alpha, entry.beta) == (4, 6)
    assert [leaf.label for leaf in high.leaves() if leaf.path not in run.stats.leaf_order] == ["L"]  # the 1
    low = trees.from_nested([[4, 7], [[6, 2], [3, 2], [5, 3]]])
    low_run = search.alphabeta(low)
    assert low_run.value == 4
    assert [leaf.value for leaf in low.leaves() if leaf.path not in low_run.stats.leaf_order] == [5, 3]


# -- 05: ordering by the static evaluator ------------------------------------------------------

def test_static_ordering_claims():
    from mmlib import analysis
    runs = {}
    for noise in (0.0, 0.05, 0.1, 0.2, 0.5, 1.0):
        tree = trees.ordered(5, 7, "random", 3, noise=noise)
        runs[noise] = search.alphabeta(tree), search.alphabeta(tree, order="static")
    assert all(natural.value == static.value for natural, static in runs.values())
    assert runs[0.0][1].stats.leaves == 5 ** 4 + 5 ** 3 - 1 == analysis.knuth_moore_leaves(5, 7)
    assert all(static.stats.nodes < natural.stats.nodes for natural, static in runs.values())
    natural, static = runs[1.0]
    assert static.stats.nodes + static.stats.order_evaluations > natural.stats.nodes   # sorting costs


# -- 08: what each technique saves in Connect Four ---------------------------------------------

@pytest.fixture(scope="module")
def connect_four_nodes():
    from mmlib.games.connect4 import CentreFirst, ConnectFour
    game = ConnectFour()
    techniques = {
        "column order": lambda d: search.alphabeta(game, depth=d).stats.nodes,
        "centre first": lambda d: search.alphabeta(game, depth=d, order=CentreFirst()).stats.nodes,
        "static order": lambda d: search.alphabeta(game, depth=d, order="static").stats.nodes,
        "iterative deepening": lambda d: search.iterative_deepening(game, d).nodes,
        "+ killers": lambda d: search.iterative_deepening(game, d, killers=True).nodes,
        "+ table": lambda d: search.iterative_deepening(game, d, killers=True, table=True).nodes,
        "all four": lambda d: search.iterative_deepening(game, d, order=CentreFirst(), killers=True,
                                                         table=True).nodes,
        "centre + table": lambda d: search.alphabeta(game, depth=d, order=CentreFirst(),
                                                     table=True).stats.nodes,
        "centre + deepening": lambda d: search.iterative_deepening(game, d, order=CentreFirst()).nodes,
        "centre + deep. + killers": lambda d: search.iterative_deepening(game, d, order=CentreFirst(),
                                                                          killers=True).nodes,
        "centre + deep. + table": lambda d: search.iterative_deepening(game, d, order=CentreFirst(),
                                                                        table=True).nodes,
    }
    return {name: [count(d) for d in range(1, 8)] for name, count in techniques.items()}


@pytest.mark.slow
def test_connect_four_technique_claims(connect_four_nodes):
    nodes = connect_four_nodes
    deep_enough = range(2, 7)                                    # depths 3..7
    assert all(nodes["centre first"][i] * 2 < nodes["column order"][i] for i in deep_enough)
    assert all(nodes["static order"][i] <= nodes["centre first"][i] for i in deep_enough)
    assert all(nodes["iterative deepening"][i] < nodes["column order"][i] for i in deep_enough)
    assert all(nodes["iterative deepening"][i] > nodes["centre first"][i] for i in deep_enough)
    assert all(nodes["+ table"][i] <= nodes["+ killers"][i] for i in deep_enough)
    # The figures at depth 7, and the full combination.
    assert (nodes["+ table"][6], nodes["centre first"][6]) == (9_310, 6_505)
    assert nodes["all four"][6] > nodes["centre first"][6] > nodes["centre + table"][6]
    # 08's reading of the tables: the gap between column order and centre first widens from depth 3;
    # killers help at some depths and hurt at others; a table never adds nodes and, on top of centre
    # first, is the cheapest combination from depth 4 on.
    gap = [nodes["column order"][i] / nodes["centre first"][i] for i in deep_enough]
    assert gap == sorted(gap)
    helps = [nodes["+ killers"][i] < nodes["iterative deepening"][i] for i in range(1, 7)]
    assert any(helps) and not all(helps)
    for without, with_table in [("centre first", "centre + table"), ("+ killers", "+ table"),
                                ("centre + deepening", "centre + deep. + table"),
                                ("centre + deep. + killers", "all four")]:
        assert all(a >= b for a, b in zip(nodes[without], nodes[with_table], strict=True))
    combined = ["centre first", "centre + table", "centre + deepening", "centre + deep. + killers",
                "centre + deep. + table", "all four"]
    assert all(min(combined, key=lambda name: nodes[name][i]) == "centre + table" for i in range(3, 7))


# -- 10: null windows, the minimal tree, Monte Carlo tree search --------------------------------

AIMA = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def test_mtdf_passes_on_aima():
    from mmlib.trace import trace_of
    result = search.mtdf(AIMA, guess=0, trace=True)
    model = trace_of(result)
    assert [(p.lower, p.upper) for p in model.phases] == [(3, inf), (3, 3)]
    assert [(p.nodes, p.leaves) for p in model.phases] == [(5, 3), (9, 4)]
    assert model.counts() == {"nodes": result.stats.nodes, "leaves": result.stats.leaves,
                              "cutoffs": result.stats.cutoffs, "researches": 1, "passes": 2}


@pytest.mark.slow
def test_leaf_ratios_against_the_minimal_tree():
    from mmlib.search.yardstick import leaf_ratios
    table = {(b, d, o): leaf_ratios(b, d, o, seeds=range(5))
             for b, d in [(2, 8), (4, 6), (8, 4), (8, 6)] for o in ("best", 0.8, "random")}
    assert all(abs(r - 1) < 1e-12 for (b, d, o), row in table.items() if o == "best" for r in row.values())
    random_rows = [row for (b, d, o), row in table.items() if o == "random"]
    assert all(row["MTD(f)"] < row["alpha-beta"] and row["SSS*"] < row["alpha-beta"] for row in random_rows)
    assert all(row["aspiration"] < row["alpha-beta"] for row in random_rows)
    assert sum(row["PVS"] > row["alpha-beta"] for row in random_rows) == 3     # three of the four sizes
    shares = [row[name] / row["alpha-beta"] for row in random_rows for name in ("MTD(f)", "SSS*")]
    assert (f"{min(shares):.0%}", f"{max(shares):.0%}") == ("45%", "69%")  # "between 45% and 69%"


def test_connect_four_searches_against_the_minimal_tree():
    from mmlib import games
    from mmlib.games.connect4 import CentreFirst
    from mmlib.search.yardstick import proof_leaves
    c4 = games.ConnectFour(opening="3324")
    v, _, _ = proof_leaves(c4, depth=6)
    results = {name: f(c4, depth=6, order=CentreFirst()) for name, f in
               [("alpha-beta", search.alphabeta), ("PVS", search.pvs), ("MTD(f)", search.mtdf),
                ("SSS*", search.sss_star)]}
    assert {r.value for r in results.values()} == {v}
    assert set(results["SSS*"].stats.leaf_order) <= set(results["alpha-beta"].stats.leaf_order)
    leaves = [results[name].stats.leaves for name in ("SSS*", "MTD(f)", "PVS", "alpha-beta")]
    assert leaves == sorted(set(leaves))                           # strictly increasing


def test_mcts_iterations_on_the_win_draw_loss_tree():
    from mmlib.trace import trace_of
    wdl = trees.from_nested([[1, -1], [1, 0], [-1, -1]])
    result = search.mcts(wdl, iterations=8, seed=0, trace=True)
    model = trace_of(result)
    name = wdl.label_of
    assert sorted(name(it.expansion) for it in model.iterations[:3]) == ["B", "C", "D"]
    fourth, seventh = model.iterations[3], model.iterations[6]
    assert [name(p) for p in fourth.selection] == ["A", "B"] and fourth.reward == 0
    assert seventh.expansion is None and name(seventh.leaf) == "H" and seventh.reward == 0.5
    assert result.stats.visits == {2: 2, 0: 2, 1: 4} and result.move == 1
    assert model.counts()["nodes"] == result.stats.nodes and model.counts()["passes"] == 8


# -- 07: tic-tac-toe solved ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def ttt_runs():
    from mmlib import games
    ttt = games.TicTacToe()
    return ttt, search.minimax(ttt), search.alphabeta(ttt), search.alphabeta(ttt, table=True)


@pytest.mark.slow
def test_tictactoe_three_searches(ttt_runs):
    _, plain, pruned, remembered = ttt_runs
    assert plain.value == pruned.value == remembered.value == 0
    assert (plain.stats.nodes, plain.stats.leaves) == (549_946, 255_168)       # the census
    assert remembered.stats.nodes < 5_478 < pruned.stats.nodes < plain.stats.nodes
    assert round(plain.stats.nodes / pruned.stats.nodes) == 30                # 07: "30 times fewer nodes"
    # 07: from the sixth ply on a position appears on average dozens, then hundreds, then over a
    # thousand times in the tree (positions per ply by an independent tic-tac-toe, tests/oracles.py)
    from oracles import ttt_children
    layers = [{"." * 9}]
    while following := {child for board in layers[-1] for _, child in ttt_children(board)}:
        layers.append(following)
    copies = [n / len(layer) for n, layer in zip(plain.stats.nodes_by_depth, layers, strict=True)]
    assert 10 < copies[6] < 100 < copies[7] < 1000 < copies[9]


def test_tictactoe_table_contents(ttt_runs):
    from mmlib.table import TranspositionTable
    ttt, _, _, remembered = ttt_runs
    table = TranspositionTable()
    with_table = search.alphabeta(ttt, table=table)
    assert len(table) <= 5_478
    assert with_table.stats.nodes == remembered.stats.nodes
    assert table.entry(ttt.initial).value == 0 and table.entry(ttt.initial).flag == "exact"


def test_tictactoe_replies_to_centre_and_corner(ttt_runs):
    ttt = ttt_runs[0]
    assert all(result.value == 0 for result in search.move_values(ttt).values())

    def drawing_replies(first_move):
        after = ttt.play(ttt.initial, first_move)
        return {move for move, result in search.move_values(ttt, state=after).items() if result.value == 0}

    assert drawing_replies(4) == {0, 2, 6, 8}         # against the centre: any corner
    assert drawing_replies(0) == {4}                  # against a corner: only the centre


# -- 09: many agents ---------------------------------------------------------------------------

def test_one_max_two_min_agents():
    from mmlib.trees import layered_tree
    agents = layered_tree([[[3, 5], [2, 9]], [[6, 1], [8, 4]]], layers="max min min")
    plain, pruned = search.minimax(agents), search.alphabeta(agents)
    assert plain.value == pruned.value == 2 == max(min(3, 5, 2, 9), min(6, 1, 8, 4))
    assert [agents.label_of(p) for p in pruned.stats.leaf_order] == ["H", "I", "J", "K", "L", "M"]
    assert pruned.stats.cutoffs == 1


# -- 01 and 02: the tic-tac-toe tree, depth by depth -------------------------------------------

@pytest.mark.slow
def test_tictactoe_tree_depth_by_depth():
    from mmlib import analysis, games
    game = games.TicTacToe()
    census = analysis.census(game)
    full = search.minimax(game)
    assert (full.stats.nodes, full.stats.leaves, full.value) == (census["nodes"], census["games"], 0)
    assert census["max_wins"] + census["min_wins"] + census["draws"] == census["games"]
    per_depth = full.stats.nodes_by_depth
    nodes = [sum(per_depth[: d + 1]) for d in range(10)]
    assert nodes[9] == full.stats.nodes == 549_946
    assert nodes[1] == 1 + 9 and nodes[2] == 1 + 9 + 9 * 8           # no game ends in two moves
    assert all(search.minimax(game, depth=d).stats.nodes == nodes[d] for d in range(7))
    assert [1 + sum(math.perm(9, k) for k in range(1, d + 1)) for d in range(5)] == nodes[:5]  # no win yet


# -- 04: fail-hard reads the leaves of fail-soft; CS 312's strict test does not ------------------

def coarse(nested):
    return [coarse(item) for item in nested] if isinstance(nested, list) else round(2 * nested)


def test_clamping_alone_never_changes_the_leaves():
    random_tree = trees.explicit(trees.uniform(3, 4, seed=0))
    named = [AG, AIMA, trees.from_nested([[[1, 5, 6], [8, 3]], [-100, [1, 100]]]),
             trees.from_text("ABCDEFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1"),
             trees.from_nested([[3, 5], [[[1, 7], 8], 2]]), random_tree,
             trees.from_nested(coarse(random_tree.to_nested()))]
    for tree in named:
        assert search.alphabeta(tree, variant="fail-hard").stats.leaf_order == \
            search.alphabeta(tree).stats.leaf_order
    assert search.alphabeta(AG, variant="fail-hard", cutoff=">").stats.leaves == 7       # CS 312 on A-G
    assert search.alphabeta(AG).stats.leaves == 5
    strict = search.alphabeta(random_tree, variant="fail-hard", cutoff=">").stats.leaves
    assert strict > search.alphabeta(random_tree).stats.leaves


# -- 05: the ordering sweep ----------------------------------------------------------------------

@pytest.mark.slow
def test_ordering_sweep_meets_the_reference_figures():
    from mmlib import analysis
    b, depths = 4, range(1, 8)
    orderings = ["best", 0.9, 0.5, "random", "worst"]
    rows = analysis.sweep([b], depths, orderings, ["alphabeta"], range(5))

    def mean_of(**where):
        found = [row["leaves"] for row in rows if all(row[k] == v for k, v in where.items())]
        return sum(found) / len(found)

    for d in depths:
        assert mean_of(ordering="best", depth=d) == b ** math.ceil(d / 2) + b ** (d // 2) - 1   # Knuth-Moore
        assert mean_of(ordering="worst", depth=d) == b ** d
    q_rows = analysis.sweep([4], [6], [i / 10 for i in range(11)], ["alphabeta"], range(5))
    q_leaves = [sum(r["leaves"] for r in q_rows if r["ordering"] == i / 10) / 5 for i in range(11)]
    assert q_leaves[-1] == 4 ** 3 + 4 ** 3 - 1                     # q = 1 is the best order
    assert q_leaves[0] < 4 ** 6 / 3                                # q = 0 is still far from the worst


# -- 09: Star1 and Star2 -------------------------------------------------------------------------

def test_star_pruning_on_pig():
    from mmlib import games
    pig10 = games.Pig(goal=10)
    runs = {}
    variants = [(None, False), ("star1", False), ("star2", False), ("star1", True), ("star2", True)]
    for pruning, table in variants:
        runs[(pruning or "expectiminimax") + (" + table" if table else "")] = \
            search.expectiminimax(pig10, depth=6, pruning=pruning, table=table)
    assert len({round(r.value, 12) for r in runs.values()}) == 1
    assert runs["star1"].stats.leaves < runs["expectiminimax"].stats.leaves < runs["star2"].stats.leaves
    assert runs["star1 + table"].stats.leaves < runs["star1"].stats.leaves / 3


def test_star_pruning_on_generated_chance_trees():
    from mmlib.search.yardstick import chance_leaves
    for b, d in [(3, 4), (4, 4), (6, 4), (3, 6)]:
        row = chance_leaves(b, d, seeds=range(5))
        assert row["Star1"] < row["expectiminimax"]
        assert row["Star2"] > row["Star1"] == row["Star1 + table"]
        assert row["Star2 + table"] < row["Star1"]


# -- 10: the shallow trap, anytime search ------------------------------------------------------

def test_anytime_within_its_budget():
    from mmlib import games
    ten_k = search.anytime(games.ConnectFour(), max_nodes=10000)
    assert ten_k.stats.nodes <= 10000
    assert ten_k.value == search.alphabeta(games.ConnectFour(), depth=ten_k.stats.depth).value
    assert search.anytime(games.TicTacToe(), max_nodes=10 ** 6).stats.depth == 9
