"""Monte Carlo tree search: reproducible, counted like alpha-beta, and sensible on small games."""

import pytest
from support import svg_legend_words

from mmlib import games, search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError


def test_the_same_seed_gives_the_same_search():
    game = games.ConnectFour(opening="33")
    first = search.mcts(game, max_nodes=3000, seed=7)
    again = search.mcts(game, max_nodes=3000, seed=7)
    assert first.stats.leaf_order == again.stats.leaf_order
    assert first.stats == again.stats and first.move == again.move      # visits and means too
    other = search.mcts(game, max_nodes=3000, seed=8)
    assert other.stats.leaf_order != first.stats.leaf_order


def test_node_budget_is_kept_exactly():
    for budget in (1, 10, 777, 5000):
        result = search.mcts(games.TicTacToe(), max_nodes=budget, seed=0)
        assert result.stats.nodes == budget
        assert result.stats.leaves == result.stats.passes       # one finished game an iteration


def test_counting_on_a_tree_of_one_move():
    # Each iteration visits the root and one child, which is a leaf: 2 nodes, 1 leaf.
    result = search.mcts([1, -1, 0], iterations=50, seed=3)
    assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (100, 50, 0)
    assert sum(result.stats.visits.values()) == 50
    assert result.move == 0 and result.value == 1.0


def test_the_winning_move_gets_most_visits():
    # AIMA-style small tree: move 1 wins whatever MIN does, move 0 may lose
    for seed in range(5):
        assert search.mcts(trees.from_nested([[1, -1], [1, 1]]), iterations=200, seed=seed).move == 1


@pytest.mark.parametrize("seed", range(4))
def test_tic_tac_toe_takes_a_win_and_blocks_a_loss(seed):
    assert search.mcts(games.TicTacToe("XX.OO...."), max_nodes=2000, seed=seed).move == 2
    assert search.mcts(games.TicTacToe("X.X.O...."), max_nodes=5000, seed=seed).move == 1


def test_chance_nodes_are_sampled():
    game = games.Pig(goal=10)
    result = search.mcts(game, iterations=200, seed=1)
    assert result.move == "roll" and result.stats.passes == 200
    state = game.position(x=8, o=8, turn=4, to_move="X")          # holding wins at once
    assert search.mcts(game, iterations=300, seed=1, state=state).move == "hold"


def test_trace_enters_every_counted_position():
    result = search.mcts(games.TicTacToe("XX.OO...."), max_nodes=300, seed=0, trace=True)
    assert sum(1 for event in result.trace if event.kind == "enter") == result.stats.nodes
    assert sum(1 for event in result.trace if event.kind == "leaf") == result.stats.leaves


def test_bad_options_are_named():
    game = games.TicTacToe()
    with pytest.raises(ArgumentError, match="exploration"):
        search.mcts(game, exploration=-1)
    with pytest.raises(ArgumentTypeError, match="seed"):
        search.mcts(game, seed="a")
    with pytest.raises(ArgumentTypeError, match="reward"):
        search.mcts(game, reward=3)
    with pytest.raises(ArgumentError, match="iterations"):
        search.mcts(game, iterations=0)


def test_a_budget_that_ends_inside_an_expansion_leaves_no_unvisited_move():
    for budget in range(2, 40):
        result = search.mcts(games.ConnectFour(), max_nodes=budget, seed=1)
        assert all(visits > 0 for visits in result.stats.visits.values())


# -- drawing a Monte Carlo tree search: wins/visits beside the nodes, and a legend that says so --

WDL = [[1, -1], [1, 0], [-1, -1]]          # notebook 9's tree of wins (1), draws (0) and losses (-1)
MC_LEGEND = ["MAX", "MIN", "leaf", "most visited line (thick)", "faded: never in its tree",
             "w/n: wins for MAX (a draw counts 1/2) / visits"]
SEARCH_ONLY = ("pruned", "bound", "so far", "principal variation")


def _fractions(result):
    from mmlib.trace import trace_of

    marks = trace_of(result).marks()
    return {path: tuple(float(n) for n in text.replace("½", ".5").split("/"))
            for path, text in marks.texts.items()}


@pytest.mark.parametrize("leaf, share", [(1, 1.0), (0, 0.5), (-1, 0.0)])
def test_wins_are_counted_for_max_at_every_node(leaf, share):
    """Every game a win for MAX: w = n everywhere, also below MIN's moves; all draws: w = n/2;
    all losses for MAX: w = 0 -- whoever moved into the node."""
    result = search.mcts(trees.from_nested([[leaf] * 2] * 3), iterations=12, seed=0, trace=True)
    fractions = _fractions(result)
    assert len(fractions) >= 7 and any(len(path) == 2 for path in fractions)   # MIN's moves are in the tree
    for path, (wins, visits) in fractions.items():
        assert wins == share * visits, (path, wins, visits)
    assert fractions[()][1] == 12


def test_the_legend_of_an_mcts_drawing_lists_only_its_marks_in_every_painter():
    import xml.etree.ElementTree as ET

    from mmlib import draw
    from mmlib.draw.svg import tree_svg
    from mmlib.draw.tikz import tree_tikz

    result = search.mcts(trees.from_nested(WDL), iterations=8, seed=0, trace=True)
    figure = draw.draw_tree(result)
    assert [t.get_text() for t in figure.axes[0].get_legend().get_texts()] == MC_LEGEND
    svg = ET.fromstring(tree_svg(result))
    ns = {"s": "http://www.w3.org/2000/svg"}
    legend = [t.text for t in svg.findall(".//s:g[@class='legend']/s:text", ns) if t.text not in "▲▼■"]
    assert legend == MC_LEGEND
    words = svg.get("aria-label")
    assert "w/n: wins for MAX" in words and not any(mark in words for mark in SEARCH_ONLY)
    tikz = tree_tikz(result).split("% legend")[1]
    assert "w/n: wins for MAX (a draw counts 1/2) / visits" in tikz and "most visited line" in tikz
    assert not any(mark in tikz for mark in ("pruned", "bound", "so far"))


def test_a_step_of_an_mcts_shows_its_ring_and_wins_but_no_search_marks():
    from mmlib import draw, widgets
    from mmlib.draw.svg import tree_svg

    result = search.mcts(trees.from_nested(WDL), iterations=8, seed=0, trace=True)
    legend = [t.get_text() for t in draw.draw_tree(result, step=20).axes[0].get_legend().get_texts()]
    assert legend == ["MAX", "MIN", "leaf", "current node (dashed ring)",
                      "faded: not in its tree (or this playout) yet", MC_LEGEND[-1]]
    assert not any(mark in tree_svg(result, step=20) for mark in SEARCH_ONLY)
    explorer = widgets.step_through(result)
    explorer.go(20)
    assert "w/n: wins for MAX" in explorer.svg and "pruned" not in explorer.svg
    words = svg_legend_words(explorer.svg)             # the key under the drawing
    assert "w/n: wins for MAX" in words and "most visited line" not in words    # the step draws no line yet
    assert not any(mark in words for mark in SEARCH_ONLY)
    explorer.go(explorer.slider.max)
    assert "most visited line" in svg_legend_words(explorer.svg)
    alphabeta = widgets.step_through(search.alphabeta(trees.from_nested(WDL), trace=True))
    assert "pruned" not in svg_legend_words(alphabeta.svg)         # step 0: nothing pruned yet
    alphabeta.go(alphabeta.slider.max)
    assert "pruned" in svg_legend_words(alphabeta.svg)


def test_an_alphabeta_drawing_keeps_its_own_legend():
    from mmlib import draw

    figure = draw.draw_tree(search.alphabeta(trees.from_nested(WDL), trace=True))
    legend = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    assert "pruned (dotted, ✕)" in legend and "principal variation (thick)" in legend
    assert not any("w/n" in text for text in legend)


# -- the time budget --------------------------------------------------------------------------

def test_the_default_time_budget_is_the_one_of_every_search():
    import inspect

    from mmlib.errors import DEFAULT_MAX_SECONDS
    assert inspect.signature(search.mcts).parameters["max_seconds"].default == DEFAULT_MAX_SECONDS


def test_a_time_budget_stops_a_long_search_quickly_with_the_partial_counts():
    import time

    from mmlib.errors import TimeBudgetExceeded
    started = time.perf_counter()
    with pytest.raises(TimeBudgetExceeded, match="^max_seconds: .* 0.05 seconds") as stopped:
        search.mcts(games.ConnectFour(), iterations=10 ** 9, max_seconds=0.05, seed=0)
    assert time.perf_counter() - started < 2                  # about 0.05 s, plus one clock interval
    stats = stopped.value.stats
    assert stopped.value.max_seconds == 0.05
    assert stats.nodes > 0 and stats.leaves > 0
    # the clock is read on entering a position, before the iteration cut short scores its game:
    # every completed iteration scored one finished game and added one visit to the root's moves
    assert stats.passes == stats.leaves
    assert sum(stats.visits.values()) == stats.passes
    assert set(stats.means) == set(stats.visits) <= set(range(7))


def test_none_lifts_the_time_budget_and_a_generous_one_changes_nothing():
    game = games.TicTacToe("XX.OO....")
    lifted = search.mcts(game, max_nodes=500, max_seconds=None, seed=2)
    generous = search.mcts(game, max_nodes=500, max_seconds=10 ** 400, seed=2)
    assert lifted == generous == search.mcts(game, max_nodes=500, seed=2)


@pytest.mark.parametrize("bad, error", [(0, ArgumentError), (-1.5, ArgumentError),
                                        (float("nan"), ArgumentError), ("1", ArgumentTypeError),
                                        (True, ArgumentTypeError), ([1], ArgumentTypeError)])
def test_a_bad_time_budget_is_named(bad, error):
    with pytest.raises(error, match="^max_seconds:"):
        search.mcts(games.TicTacToe(), max_seconds=bad)
    with pytest.raises(error, match="^max_seconds:"):
        search.mcts_player(max_nodes=100, max_seconds=bad)


def test_the_player_checks_its_budgets_before_any_game():
    with pytest.raises(ArgumentError, match="^max_nodes:"):
        search.mcts_player(max_nodes=0)
    with pytest.raises(ArgumentTypeError, match="^exploration:"):
        search.mcts_player(max_nodes=100, exploration="wide")
    player = search.mcts_player(max_nodes=2000, max_seconds=30)
    assert player(games.TicTacToe(), games.TicTacToe("XX.OO....").initial) == 2


# -- what the user supplies: the reward, the game, the state ------------------------------------

def test_a_failing_reward_is_a_user_function_error_chained_to_the_cause():
    from mmlib.errors import UserFunctionError

    def broken(game, state):
        raise ZeroDivisionError("no score")

    with pytest.raises(UserFunctionError, match="^reward raised ZeroDivisionError at path") as raised:
        search.mcts([[1, 2], [3]], reward=broken)
    assert isinstance(raised.value, ZeroDivisionError)            # except ZeroDivisionError still works
    assert isinstance(raised.value.__cause__, ZeroDivisionError)
    with pytest.raises(UserFunctionError, match="^reward raised TypeError"):
        search.mcts([[1, 2], [3]], reward=len)                   # a function of one argument


@pytest.mark.parametrize("answer", ["win", None, float("nan"), float("inf"), 10 ** 400, [1]],
                         ids=["text", "None", "nan", "inf", "huge", "list"])
def test_a_reward_that_is_not_a_finite_number_is_refused(answer):
    from mmlib.errors import UserFunctionError
    with pytest.raises(UserFunctionError, match="^reward returned .* not a finite number"):
        search.mcts([[1, 2], [3]], reward=lambda game, state: answer)


def test_a_state_that_is_not_a_node_of_the_tree_is_named():
    from mmlib.errors import ArgumentTypeError
    with pytest.raises(ArgumentTypeError, match="expected a node of this tree .* got 99"):
        search.mcts(trees.from_nested([[1, 2], [3]]), state=99)


def test_lines_too_long_for_playouts_are_refused_at_once():
    import time

    from mmlib.errors import SearchTooLarge
    started = time.perf_counter()
    with pytest.raises(SearchTooLarge, match="^game: its lines are 100,000 plies long"):
        search.mcts(trees.uniform(1, 100_000), iterations=1)
    assert time.perf_counter() - started < 1                      # before: quadratic, minutes
    assert search.mcts(trees.uniform(1, 50), iterations=3).stats.nodes == 3 * 51


def test_a_chance_node_at_the_start_has_no_move_and_the_mean_of_its_playouts():
    """Nobody chooses at a chance node: the result names no move, and its value is the share of
    playouts won for MAX (here MAX loses only below the second outcome, after choosing -1)."""
    tree = trees.layered_tree([(0.5, [3, 2]), (0.5, [-1, -4])], layers="chance max")
    result = search.mcts(tree, iterations=400, seed=1)
    assert result.move is None and result.pv == ()
    assert 0.35 < result.value < 0.65                  # half the outcomes are won for MAX
    assert result.stats.visits[0] + result.stats.visits[1] == 400


def test_mcts_counts_its_root_visits_and_means_as_typed_fields():
    # X to move wins at once in square 2 of "XX.OO....": that move's every playout scores 1
    result = search.mcts(games.TicTacToe("XX.OO...."), iterations=200, seed=1)
    stats = result.stats
    assert isinstance(stats, search.MonteCarloStats) and not hasattr(stats, "extra")
    assert stats.passes == 200 == sum(stats.visits.values())
    assert set(stats.visits) == set(stats.means) == {2, 5, 6, 7, 8}        # the empty squares
    assert stats.means[2] == 1 and result.move == 2
