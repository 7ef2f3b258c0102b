"""Hostile inputs of the kinds that were once accepted silently or escaped the error family.

- an evaluation that returns NaN on some calls only, in every search that calls it;
- a game's state or move given as a float equal to a position, a numpy integer, an int
  subclass or a bool;
- a tree text with a control character somewhere in a line;
- a progress callback of iterative deepening that raises or takes the wrong arguments;
- quiz questions asked for a range of leaf values;
- the kernel's interrupt arriving at any point of a search, a sweep or a census;
- something that is not a node given to a tree's methods, on every kind of tree;
- a transposition-table key that cannot be hashed, a leaf count too big to write, an empty plot;
- a progress callback of a sweep that raises or takes the wrong arguments;
- a student function that lifts the checker's budget of node reads and then runs away.

Same contract and same campaign switches as ``test_fuzz.py`` (``MMLIB_FUZZ_EXAMPLES``,
``MMLIB_FUZZ_COLLECT``).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz import FUZZ, TRIED, anything, expect, in_family

from mmlib import analysis, check, draw, errors, games, quiz, search, trees
from mmlib.errors import ArgumentError, MmlibError, TreeTextError, UserFunctionError
from mmlib.table import TranspositionTable

pytestmark = pytest.mark.slow

DEPTH_LIMITED = [
    ("minimax", lambda game, evaluate: search.minimax(game, depth=2, evaluate=evaluate)),
    ("alphabeta", lambda game, evaluate: search.alphabeta(game, depth=2, evaluate=evaluate)),
    ("alphabeta fail-hard", lambda game, evaluate: search.alphabeta(game, depth=2, evaluate=evaluate,
                                                                    variant="fail-hard", table=True)),
    ("negamax", lambda game, evaluate: search.negamax(game, depth=2, evaluate=evaluate)),
    ("static order", lambda game, evaluate: search.alphabeta(game, depth=2, evaluate=evaluate,
                                                             order="static")),
    ("deepening", lambda game, evaluate: search.iterative_deepening(game, 2, evaluate=evaluate)),
    ("move values", lambda game, evaluate: search.move_values(game, depth=2, evaluate=evaluate)),
    ("pvs", lambda game, evaluate: search.pvs(game, depth=2, evaluate=evaluate)),
    ("mtdf", lambda game, evaluate: search.mtdf(game, depth=2, evaluate=evaluate)),
    ("aspiration", lambda game, evaluate: search.aspiration(game, depth=2, evaluate=evaluate)),
    ("sss*", lambda game, evaluate: search.sss_star(game, depth=2, evaluate=evaluate)),
]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]                    # AIMA figure 5.2


def games_to_search():
    return st.sampled_from([trees.from_nested(AIMA), trees.ordered(3, 3, "random", seed=1, noise=0.1),
                            games.TicTacToe("XO. .X. ..O")])


class Pattern:
    """An evaluation returning the values of ``pattern`` in turn (static value otherwise);
    remembers whether it ever handed back a NaN."""

    def __init__(self, pattern):
        self.values = itertools.cycle(pattern)
        self.gave_nan = False

    def __call__(self, state):
        value = next(self.values)
        if value is None:
            return 0
        if value != value:
            self.gave_nan = True
        return value


nan_kinds = st.sampled_from([math.nan, np.nan, np.float64("nan"), np.float32("nan"), -math.nan])
patterns = st.lists(st.one_of(nan_kinds, st.integers(-20, 20), st.just(None)), min_size=1, max_size=6)


@FUZZ
@given(games_to_search(), patterns, st.sampled_from(DEPTH_LIMITED))
def test_an_evaluation_that_returns_nan_sometimes_is_refused_wherever_it_is_called(game, pattern, entry):
    name, run = entry
    evaluate = Pattern(pattern)
    outcome = in_family("nan sometimes", run, game, evaluate)
    if evaluate.gave_nan:
        expect(isinstance(outcome, UserFunctionError) and "evaluate" in str(outcome), "nan sometimes",
               f"{name}: an evaluation that returned NaN once was accepted ({outcome!r:.80})")


def test_the_aima_tree_with_nan_on_every_other_call_is_refused():
    calls = itertools.count()
    with pytest.raises(UserFunctionError, match="^evaluate returned nan"):
        search.minimax(AIMA, depth=1, evaluate=lambda node: math.nan if next(calls) % 2 else 1.0)


class Square(int):
    pass


whole_kinds = st.sampled_from([int, np.int64, np.int8, np.uint16, Square])
not_whole = st.sampled_from([float, np.float64, bool])


def as_kind(kind, value):
    """``value`` as a ``kind`` of whole number (numpy's int64 when ``kind`` is too small for it)."""
    try:
        return kind(value)
    except OverflowError:
        return np.int64(value)


@FUZZ
@given(st.sampled_from(["tic-tac-toe", "connect four"]), st.integers(0, 40), st.data())
def test_a_position_or_move_of_another_number_type(name, steps, data):
    game = games.TicTacToe() if name == "tic-tac-toe" else games.ConnectFour(5, 4)
    state = game.initial
    for _ in range(steps % 6):                 # a random legal position a few moves in
        if game.is_terminal(state):
            break
        state = game.play(state, data.draw(st.sampled_from(list(game.moves(state)))))
    if game.is_terminal(state):
        return
    move = data.draw(st.sampled_from(list(game.moves(state))))
    expected = game.play(state, move)
    if isinstance(state, int):                 # tic-tac-toe: a state is a whole number too
        kind = data.draw(whole_kinds)
        played = in_family(name, game.play, as_kind(kind, state), move)
        expect(played == expected and type(played) is int, name,
               f"a state given as {kind.__name__} played differently")
        bad = data.draw(not_whole)
        if not (bad is bool and state > 1):
            refused = in_family(name, game.play, bad(state), move)
            expect(isinstance(refused, MmlibError), name, f"a state given as {bad.__name__} was accepted")
    kind = data.draw(whole_kinds)
    played = in_family(name, game.play, state, as_kind(kind, move))
    expect(played == expected, name, f"a move given as {kind.__name__} played differently")
    bad = data.draw(not_whole)
    if not (bad is bool and move > 1):
        refused = in_family(name, game.play, state, bad(move))
        expect(isinstance(refused, MmlibError), name, f"a move given as {bad.__name__} was accepted")


CONTROL = [chr(code) for code in itertools.chain(range(0, 9), range(11, 13), range(14, 32), range(127, 160))
           ] + ["\u2028", "\u2029"]
VALID_TEXT = "ABCDEFG\nA: BC\nB: DE\nC: FG\nD 3\nE -5\nF 12\nG 0"


@FUZZ
@given(st.sampled_from(CONTROL), st.integers(0, len(VALID_TEXT)))
def test_a_control_character_anywhere_in_a_tree_text_is_refused_with_its_line(char, position):
    text = VALID_TEXT[:position] + char + VALID_TEXT[position:]
    outcome = in_family("text control", trees.from_text, text)
    line = VALID_TEXT[:position].count("\n") + 1
    expect(isinstance(outcome, TreeTextError) and outcome.line == line, "text control",
           f"{char!r} at {position} gave {outcome!r:.80}")


progress_callbacks = st.sampled_from([
    lambda depth, result: 1 / 0,
    lambda depth: None,
    lambda: None,
    lambda depth, result, extra: None,
    lambda depth, result: depth.missing,
    lambda depth, result: None,
    lambda depth, result: "any value",
])


@FUZZ
@given(progress_callbacks, st.integers(1, 4))
def test_a_progress_callback_that_fails_is_named(progress, depth):
    outcome = in_family("progress callback", search.iterative_deepening,
                        trees.ordered(2, 4, noise=0.1, seed=1), depth, progress=progress)
    if isinstance(outcome, MmlibError):
        expect(isinstance(outcome, UserFunctionError) and str(outcome).startswith("progress"),
               "progress callback", f"a failing callback gave {outcome!r:.80}")


@FUZZ
@given(st.integers(0, 2 ** 48), st.sampled_from([(2, 1), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]),
       st.integers(-60, 60), st.integers(0, 90), st.booleans(), anything)
def test_quiz_leaves_stay_in_the_range_asked_for(seed, size, low, width, ties, other):
    branching, depth = size
    value_range = (low, low + width)
    question = in_family("quiz range", quiz.alpha_beta_question, seed, branching, depth,
                         value_range=value_range, ties=ties, min_pruned=0)
    if not isinstance(question, MmlibError):
        values = [leaf.value for leaf in question.tree.leaves()]
        expect(all(low <= value <= low + width for value in values), "quiz range",
               f"seed {seed}: leaves {values} outside {value_range}")
    in_family("quiz range", quiz.alpha_beta_question, seed, value_range=other)


@FUZZ
@given(st.integers(1, 60), st.sampled_from(DEPTH_LIMITED))
def test_the_interrupt_at_any_point_keeps_the_partial_counts(after, entry):
    name, run = entry
    calls = [0]

    def evaluate(state):
        calls[0] += 1
        if calls[0] > after:
            raise KeyboardInterrupt
        return calls[0] % 7

    TRIED["interrupt"] += 1
    interrupted = getattr(errors, "SearchInterrupted", ())
    try:
        run(trees.ordered(3, 4, "random", seed=2, noise=0.1), evaluate)
    except KeyboardInterrupt as stop:
        expect(isinstance(stop, interrupted) and getattr(stop, "stats", None) is not None,
               "interrupt", f"{name}: an interrupt lost the partial counts")
    except Exception as error:  # noqa: BLE001 - the point of the test
        expect(False, "interrupt", f"{name}: an interrupt became {type(error).__name__}")


# -- something that is not a node, on every kind of tree ---------------------------------------------

def _layered():
    try:
        from mmlib.trees import layered_tree, layered_uniform
    except ImportError:                       # before trees with chance nodes moved to mmlib.trees
        from mmlib.trees import layered_tree, layered_uniform
    return (layered_tree([[1, 2], [3, 4]], layers="max chance"),
            layered_uniform(2, 2, layers="max chance"))


def every_kind_of_tree():
    explicit = trees.from_nested(AIMA)
    graph = trees.to_networkx(explicit)
    return [explicit, trees.uniform(3, 3, seed=1), trees.ordered(3, 3, "best", seed=1),
            trees.ordered(3, 3, "worst", seed=1), trees.ordered(3, 3, 0.5, seed=1, noise=0.1),
            trees.from_json(trees.to_json(explicit)), trees.from_cs188(trees.to_cs188(explicit)),
            trees.from_networkx(graph, explicit.root.label), trees.from_text(trees.to_text(explicit)),
            *_layered()]


TREES = every_kind_of_tree()
NODE_METHODS = ("is_max", "is_chance", "outcomes", "moves", "is_terminal", "utility", "evaluate", "key",
                "kind", "best_position")


@FUZZ
@given(st.sampled_from(TREES), st.sampled_from(NODE_METHODS), anything)
def test_a_tree_method_given_something_that_is_not_a_node_names_the_node(tree, method, value):
    function = getattr(tree, method, None)
    if function is None:
        return
    outcome = in_family("not a node", function, value)
    expect(isinstance(outcome, errors.ArgumentTypeError) and str(outcome).startswith("node:"),
           "not a node", f"{type(tree).__name__}.{method}({value!r:.40}) gave {outcome!r:.80}")


@FUZZ
@given(st.sampled_from(TREES), anything, anything)
def test_play_names_the_node_or_the_move(tree, value, move):
    outcome = in_family("not a node", tree.play, value, 0)
    expect(isinstance(outcome, errors.ArgumentTypeError) and str(outcome).startswith("node:"),
           "not a node", f"{type(tree).__name__}.play({value!r:.40}, 0) gave {outcome!r:.80}")
    if isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 3:
        return                                  # a move the root may have
    outcome = in_family("not a move", tree.play, tree.initial, move)
    if isinstance(outcome, MmlibError):
        expect(str(outcome).startswith("move:"), "not a move",
               f"{type(tree).__name__}.play(root, {move!r:.40}) gave {outcome!r:.80}")


@FUZZ
@given(st.sampled_from([t for t in TREES if hasattr(t, "label_of")]), anything)
def test_looking_a_node_up_by_something_that_is_not_a_path_names_the_argument(tree, where):
    for method, name in (("label_of", "path"), ("node", "where")):
        outcome = in_family("not a path", getattr(tree, method), where)
        if isinstance(outcome, MmlibError):
            expect(str(outcome).startswith(name + ":"), "not a path",
                   f"{method}({where!r:.40}) gave {outcome!r:.80}")


# -- errors that name their argument ----------------------------------------------------------------

unhashable = st.one_of(st.lists(st.integers(), max_size=3),
                       st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
                       st.sets(st.integers(), max_size=2), st.just(np.array([1, 2])), st.just([[1], {}]))


@FUZZ
@given(unhashable, st.integers(0, 3))
def test_a_table_key_that_cannot_be_hashed_is_named(key, depth):
    table = TranspositionTable()
    for outcome in (in_family("table key", table.store, key, depth, 1.0, 0.0, 3.0),
                    in_family("table key", table.lookup, key, depth, 0.0, 3.0)):
        expect(isinstance(outcome, errors.ArgumentTypeError) and str(outcome).startswith("key:"),
               "table key", f"an unhashable key {key!r:.40} gave {outcome!r:.80}")


@FUZZ
@given(st.integers(2, 10 ** 9), st.integers(10 ** 6, 10 ** 12))
def test_a_leaf_count_too_big_to_write_says_which_depth_fits(branching, depth):
    for count in (trees.uniform_leaf_count, trees.uniform_node_count):
        outcome = in_family("huge count", count, branching, depth)
        expect(isinstance(outcome, ArgumentError) and str(outcome).startswith("depth:")
               and "at most" in str(outcome), "huge count",
               f"{count.__name__}({branching}, {depth}) gave {outcome!r:.100}")


@FUZZ
@given(st.sampled_from([[], (), iter([])]), st.sampled_from([(0, 1), (1, 10)]))
def test_an_empty_plot_is_refused_naming_the_series(series, x_range):
    outcome = in_family("empty plot", draw.log_plot_svg, series, x_range=x_range, y_range=(1, 10))
    expect(isinstance(outcome, MmlibError) and str(outcome).startswith("series:"), "empty plot",
           f"log_plot_svg({series!r}) gave {outcome!r:.80}")


sweep_callbacks = st.sampled_from([
    lambda done, total: 1 / 0,
    lambda done: None,
    lambda: None,
    lambda done, total, extra: None,
    lambda done, total: done.missing,
    lambda done, total: None,
    lambda done, total: "any value",
])


@FUZZ
@given(sweep_callbacks)
def test_a_sweep_progress_callback_that_fails_is_named(progress):
    outcome = in_family("sweep progress", analysis.sweep, [2], [1, 2], progress=progress)
    if isinstance(outcome, MmlibError):
        expect(isinstance(outcome, UserFunctionError) and str(outcome).startswith("progress"),
               "sweep progress", f"a failing callback gave {outcome!r:.80}")
    else:
        expect([row["leaves"] for row in outcome] == [2, 3], "sweep progress",
               f"a callback that returned changed the rows: {outcome!r:.80}")


@FUZZ
@given(st.integers(1, 8))
def test_an_interrupted_sweep_keeps_exactly_the_rows_it_finished(after):
    plan = dict(branchings=[2, 3], depths=[1, 2], orderings=["best", "worst"], algorithms=["minimax"])
    whole = analysis.sweep(**plan)

    def stop(done, total):
        if done == after:
            raise KeyboardInterrupt
    TRIED["interrupt"] += 1
    try:
        analysis.sweep(**plan, progress=stop)
    except errors.RunInterrupted as stopped:
        expect(list(stopped.completed) == whole[:after] and stopped.done == after, "interrupt",
               f"interrupted after {after}: kept {len(stopped.completed)} rows")
    except KeyboardInterrupt:
        expect(False, "interrupt", f"an interrupted sweep lost its rows (after {after})")


# -- a student function that lifts the checker's budget, then runs away -------------------------------

def _lift_to_none(node):
    node._source._budget = None


def _lift_high(node):
    node._source._budget = 10 ** 18


def _wind_back(node):
    node._source._touches = -10 ** 12


def _lift_everywhere(node):
    import gc
    for item in gc.get_objects():
        if hasattr(item, "_budget"):
            try:
                item._budget = None
            except Exception:  # noqa: BLE001 - what a student might write
                pass


def _runs_away(lift):
    def minimax(node, depth, maximizing, *more):
        try:
            lift(node)
        except Exception:  # noqa: BLE001 - the node may not allow it: run away anyway
            pass
        while True:
            for child in node.children:
                _ = child.children
            _ = node.value if not node.children else None
    return minimax


@pytest.mark.parametrize("lift", [_lift_to_none, _lift_high, _wind_back, _lift_everywhere])
def test_a_function_that_lifts_its_budget_and_runs_away_is_not_an_error(lift):
    cases = check.check_cases(1, seed=3)
    runaway = _runs_away(lift)
    for name, fn in (("check_minimax", runaway),
                     ("check_alphabeta", lambda node, depth, alpha, beta, maximizing: runaway(node, depth,
                                                                                             maximizing)),
                     ("check_best_move", lambda node, depth: runaway(node, depth, True))):
        report = getattr(check, name)(fn, cases=cases, time_limit=1)
        assert report.diagnosis in ("runaway", "timeout"), (name, lift.__name__, report.diagnosis)


# -- found by a held-out campaign over every public function ------------------------------------------

@pytest.mark.parametrize("call, name", [
    (lambda: analysis.effective_branching_factor(10, 10 ** 400), "depth"),
    (lambda: analysis.effective_branching_factor(math.inf, 2), "leaves"),
    (lambda: quiz.best_moves(2.5), "q"),
    (lambda: check.try_it(True), "function"),
    (lambda: __import__("mmlib.progress").progress.budget_text(math.nan, None), "max_nodes"),
    (lambda: __import__("mmlib.progress").progress.budget_text(None, "x"), "max_nodes, max_seconds"),
])
def test_campaign_findings_name_their_argument(call, name):
    with pytest.raises(errors.ArgumentError) as refused:
        call()
    assert str(refused.value).startswith(name)


@pytest.mark.parametrize("depth", [8, 2 ** 63, 10 ** 400])
def test_an_ordering_check_deeper_than_its_searches_can_go_is_refused_at_once(depth):
    from mmlib.check import ordering
    with pytest.raises(ArgumentError, match="^depth: at most 7"):
        ordering.check_ordering(lambda board, moves: moves, depth=depth)
    with pytest.raises(ArgumentError, match="^depth: at most 7"):
        ordering.leaves_per_board(lambda board, moves: moves, depth=depth)


# -- a second held-out campaign: every parameter of every public function, 22 hostile values ------

HUGE = 10 ** 400


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "negamax", "mtdf", "pvs"])
def test_a_depth_too_big_for_a_float_searches_a_tree_to_its_end_and_is_refused_for_a_game(name):
    tree = trees.uniform(2, 3, seed=4)
    assert getattr(search, name)(tree, depth=HUGE).value == search.minimax(tree).value
    with pytest.raises(MmlibError, match="^depth: .* too deep"):      # a game does not know its height
        getattr(search, name)(games.TicTacToe("XO. .X. ..O"), depth=HUGE)


@pytest.mark.parametrize("name", ["check_evaluator", "check_alphabeta", "check_best_move", "check_ordering"])
@pytest.mark.parametrize("time_limit", [HUGE, 2 ** 63, math.inf])
def test_a_time_limit_too_big_for_a_float_is_refused_naming_it(name, time_limit):
    with pytest.raises(ArgumentError, match="^time_limit: must be above 0 and at most"):
        getattr(check, name)(lambda *args: 0, time_limit=time_limit)


@pytest.mark.parametrize("workers, refused", [(HUGE, None), (2 ** 63, None), (2.5, "workers"),
                                               ((1, "a"), "workers"), (0, "workers"), (math.nan, "workers")])
def test_count_many_takes_any_number_of_workers_or_names_them(workers, refused):
    from mmlib import fastcount
    if refused is None:
        counts = fastcount.count_many(2, 3, seeds=range(3), workers=workers)
        assert counts == fastcount.count_many(2, 3, seeds=range(3), workers=1)
    else:
        with pytest.raises(MmlibError, match=f"^{refused}:"):
            fastcount.count_many(2, 3, seeds=range(3), workers=workers)


@pytest.mark.parametrize("seeds", [None, -7, math.inf, "012", b"\xff"])
def test_seeds_that_are_not_some_whole_numbers_are_named(seeds):
    from mmlib import fastcount
    for call in (lambda: fastcount.outcomes_many(2, 2, "uniform", seeds, "alphabeta", max_nodes=100),
                 lambda: search.leaf_ratios(2, 2, "best", seeds=seeds),
                 lambda: search.chance_leaves(2, 2, seeds=seeds)):
        with pytest.raises(MmlibError, match="^seeds:"):
            call()


@pytest.mark.parametrize("call, name", [
    (lambda: search.minimal_leaves("A\x1dB", 2), "branching"),
    (lambda: search.minimal_leaves(2, math.nan), "depth"),
    (lambda: search.minimal_leaves(2, HUGE), "depth"),
    (lambda: search.leaf_ratios(2, 2, "best", algorithms=(1, "a")), "algorithms"),
    (lambda: search.leaf_ratios(2, 2, "best", algorithms={"mine": 3}), "algorithms['mine']"),
    (lambda: search.proof_leaves(trees.uniform(2, 2), depth=lambda: 0), "depth"),
    (lambda: __import__("mmlib.conventions").conventions.apply(trees.uniform(2, 2), None), "conventions"),
    (lambda: errors.printable(3, limit=None), "limit"),
    (lambda: errors.printable(3, limit="A\x1dB"), "limit"),
    (lambda: games.TicTacToe.square(""), "move"),
    (lambda: games.TicTacToe.square({"a": 1}), "move"),
    (lambda: games.TicTacToe.square(9), "move"),
    (lambda: games.ConnectFour(4, 4).has_line({"a": 1}), "discs"),
    (lambda: games.ConnectFour(4, 4).has_line(-7), "discs"),
    (lambda: draw.draw_board(games.TicTacToe(), title=b"\xff"), "title"),
    (lambda: draw.draw_game_tree(games.TicTacToe("XO. .X. ..O"), title=b"\xff"), "title"),
    (lambda: draw.game_tree(games.TicTacToe(), max_nodes=None), "max_nodes"),
    (lambda: draw.game_tree(games.TicTacToe(), max_nodes="A\x1dB"), "max_nodes"),
    (lambda: draw.tree_svg(trees.uniform(2, 2), min_width={"a": 1}), "min_width"),
    (lambda: draw.tree_svg(trees.uniform(2, 2), min_width=HUGE), "min_width"),
    (lambda: search.as_game(trees.uniform(2, 2), math.nan), "conventions"),
    (lambda: search.mcts_player(max_nodes=10, seed=(1, "a")), "seed"),
    (lambda: __import__("mmlib.widgets").widgets.play_connect4(time_budget="A\x1dB"), "time_budget"),
])
def test_helpers_given_a_value_of_the_wrong_kind_name_the_argument(call, name):
    with pytest.raises(MmlibError) as refused:
        call()
    assert str(refused.value).startswith(f"{name}:")


def test_minimal_leaves_keeps_knuth_and_moore_count():
    assert [search.minimal_leaves(3, depth) for depth in range(5)] == [1, 3, 5, 11, 17]
    assert search.minimal_leaves(np.int64(2), np.int64(4)) == 7


@pytest.mark.parametrize("turns, root", [("max min min", "max"), ("max min", "min"), ("max min min", "min")])
def test_a_question_under_other_turns_prints_who_moves_and_the_tree(turns, root):
    from mmlib.conventions import Conventions
    rules = Conventions(turns=turns, root=root)
    question = quiz.alpha_beta_question(0, 2, 3, conventions=rules)
    text = str(question)
    order = ", ".join(player.upper() for player in rules.layers)
    assert (f"The root is {root.upper()} and the players alternate" in text if len(rules.layers) == 2
            else f"in the order {order}, repeated" in text)
    tree = trees.from_text(question.tree_text())
    assert tree.to_nested() == question.tree.to_nested()
    assert [node.label for node in tree.nodes()] == [node.label for node in question.tree.nodes()]


def test_a_sweep_with_a_time_budget_too_big_for_a_float_runs():
    assert [row["leaves"] for row in analysis.sweep([2], [2], max_seconds=HUGE)] == [3]


def _ebf_figure():
    rows = analysis.sweep([2], [1, 2, 3], ["random"], ["alphabeta"], seeds=range(2))
    return draw.plot_ebf(rows)


@pytest.mark.parametrize("call, name", [
    (lambda: draw.add_band(None, [1], [1], [2], label="band", ordering="random"), "figure"),
    (lambda: draw.add_band((1, "a"), [1], [1], [2], label="band", ordering="random"), "figure"),
    (lambda: draw.add_band(_ebf_figure(), "A\x1dB", [1], [2], label="band", ordering="random"), "xs"),
    (lambda: draw.add_band(_ebf_figure(), [1, 2], [1, math.nan], [2, 2], label="band", ordering="random"),
     "low[1]"),
    (lambda: draw.add_band(_ebf_figure(), [1, HUGE], [1, 1], [2, 2], label="band", ordering="random"),
     "xs[1]"),
    (lambda: draw.add_band(_ebf_figure(), [1, 2], [1], [2, 2], label="band", ordering="random"),
     "xs, low, high"),
    (lambda: draw.add_band(_ebf_figure(), [1], [1], [2], label=None, ordering="random"), "label"),
    (lambda: draw.legend_below("A\x1dB"), "where"),
    (lambda: draw.legend_below([1, [2]]), "where"),
    (lambda: draw.legend_below(HUGE), "where"),
    (lambda: draw.layout(trees.uniform(2, 2), root=-7), "root"),
    (lambda: draw.layout(trees.uniform(2, 2), root=2 ** 63), "root"),
    (lambda: draw.game_tree(-7), "game"),
    (lambda: draw.game_tree({"a": 1}), "game"),
    (lambda: search.IterativeResult(iterations=math.nan), "iterations"),
    (lambda: search.IterativeResult(iterations=(1, "a")), "iterations"),
    (lambda: search.proof_leaves(trees.uniform(2, 2), state={}), "state"),
    (lambda: search.proof_leaves(trees.uniform(2, 2), state=[1, [2]]), "state"),
])
def test_public_drawing_and_result_calls_name_a_bad_argument(call, name):
    with pytest.raises(MmlibError) as refused:
        call()
    assert str(refused.value).startswith(f"{name}:")


def test_a_band_on_a_figure_still_joins_its_legend():
    figure = draw.add_band(_ebf_figure(), (1, 2, 3), np.array([1.5, 1.5, 1.5]), [2, 2, 2], label="95% band",
                           ordering="random")
    assert [text.get_text() for text in figure.legends[0].get_texts()][-1] == "95% band"


MODEL_PARTS = {"mmlib.trace": ["Marks", "Trace", "Algorithm", "value_of", "score_of", "window_of", "gamma_of",
                               "bound_of", "chance_bound", "null_window_bound", "format_window",
                               "format_probability", "node_role", "best_line", "result_tree",
                               "result_pruned_leaves"],
               "mmlib.draw": ["Marks", "TreeView", "TreeSvg"]}


@pytest.mark.parametrize("module, name", [(module, name) for module, names in MODEL_PARTS.items()
                                          for name in names])
def test_the_models_own_parts_are_importable_but_not_offered_to_students(module, name):
    import importlib

    package = importlib.import_module(module)
    assert name not in package.__all__
    assert getattr(package, name) is not None        # mmlib's views and widgets still import it here
