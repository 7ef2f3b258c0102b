"""Hostile inputs over every public entry point of the search, trees, games and analysis.

The contract (see ``mmlib.errors``): whatever a caller passes, an mmlib function returns
or raises an :class:`~mmlib.errors.MmlibError`; nothing else escapes, and nothing hangs.
Each call runs under a time limit (a hang fails the test instead of stalling CI); the
examples are derandomized and bounded, so the whole file takes well under two minutes.

Set ``MMLIB_FUZZ_EXAMPLES`` to run more examples per test (a longer campaign).
"""

from __future__ import annotations

import math
import os
import signal
from collections import Counter
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from mmlib import analysis, games, ordering, search, trees
from mmlib.errors import MmlibError, UserFunctionError, printable
from mmlib.table import TranspositionTable

EXAMPLES = int(os.environ.get("MMLIB_FUZZ_EXAMPLES", "60"))
TIME_LIMIT = float(os.environ.get("MMLIB_FUZZ_TIME_LIMIT", "5"))
"""Seconds one call may take before it counts as a hang."""

FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck),
                phases=[Phase.explicit, Phase.generate] if os.environ.get("MMLIB_FUZZ_COLLECT")
                else list(Phase))

# A fuzzing campaign: `make test` runs it, `make check` leaves it out.
pytestmark = pytest.mark.slow

TRIED: Counter = Counter()
"""Calls made per input family (reported at the end of the session by conftest-less print)."""


class Hang(Exception):
    """A call ran past TIME_LIMIT."""


@contextmanager
def time_limit(seconds: float):
    def stop(signum, frame):
        raise Hang(f"no answer within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


COLLECT = os.environ.get("MMLIB_FUZZ_COLLECT")
"""A file to append every finding to instead of failing (for a campaign over many inputs)."""


def _finding(kind: str, family: str, function, error: BaseException | None) -> bool:
    if not COLLECT:
        return False
    name = getattr(function, "__qualname__", getattr(function, "__name__", "?"))
    where = ""
    if error is not None and error.__traceback__ is not None:
        import traceback
        last = traceback.extract_tb(error.__traceback__)[-1]
        where = f"{os.path.basename(last.filename)}:{last.lineno}"
    with open(COLLECT, "a") as handle:
        handle.write(f"{kind}\t{family}\t{name}\t{type(error).__name__ if error else ''}\t"
                     f"{where}\n")
    return True


def expect(condition: bool, family: str, what: str) -> None:
    """A property of the answer (a silent wrong answer is a finding too)."""
    if condition:
        return
    if COLLECT:
        with open(COLLECT, "a") as handle:
            handle.write(f"wrong\t{family}\t{what}\t\t\n")
        return
    raise AssertionError(f"{family}: {what}")


def in_family(family: str, function, *args, **kwargs):
    """Call ``function``; it must return or raise an MmlibError, within the time limit."""
    TRIED[family] += 1
    try:
        with time_limit(TIME_LIMIT):
            return function(*args, **kwargs)
    except MmlibError as error:
        try:
            str(error)                               # the message itself must be printable
        except Exception as broken:  # noqa: BLE001
            if not _finding("raise", family, function, broken):
                raise
        return error
    except Hang as error:
        if _finding("hang", family, function, error):
            return error
        pytest.fail(f"{family}: {getattr(function, '__name__', function)} hung on "
                    f"args={printable(args, 300)} kwargs={printable(kwargs, 300)}")
    except Exception as error:  # noqa: BLE001 - the point of the test
        if _finding("raise", family, function, error):
            return error
        pytest.fail(f"{family}: {getattr(function, '__name__', function)} raised "
                    f"{type(error).__name__}: {error!s:.200} on args={printable(args, 300)} "
                    f"kwargs={printable(kwargs, 300)}")


# -- hostile values -----------------------------------------------------------------------------

huge_ints = st.sampled_from([10 ** 20, 10 ** 400, -(10 ** 400), 2 ** 63, 10 ** 4000])
odd_numbers = st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 1e308, 5e-324, 0.5])
numpy_values = st.sampled_from([np.int64(3), np.float64(2.5), np.float64("nan"), np.bool_(True),
                                np.array([1, 2]), np.array(["a", "b"]), np.array(3)])
odd_text = st.sampled_from(["", " ", "³", "٣", "1_000", "\u2028", "\x0b", "A" * 1000, "fail-soft ",
                            ">=", ">", "best", "uniform", "minimax", "nan", "-inf", "None"])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), huge_ints, odd_numbers,
                    st.floats(allow_nan=True), numpy_values, odd_text, st.text(max_size=8),
                    st.binary(max_size=4), st.just(object()), st.just(len))
anything = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.tuples(inner, inner),
                                                         st.dictionaries(st.text(max_size=2), inner,
                                                                         max_size=2)),
                        max_leaves=8)

SMALL_TREE = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def small_games():
    return st.sampled_from([SMALL_TREE, trees.ordered(3, 3, "random", seed=1, noise=0.1),
                            trees.uniform(2, 4, seed=3), games.TicTacToe("XO. .X. ..O"),
                            games.ConnectFour(4, 4, opening="0123")])


# -- family 1: the search functions' arguments ---------------------------------------------------

SEARCH_OPTIONS = ["depth", "evaluate", "order", "state", "trace", "max_nodes", "max_seconds",
                  "leaf_order"]
EXTRA = {search.alphabeta: ["variant", "cutoff", "table", "alpha", "beta"],
         search.negamax: ["cutoff", "table"]}


@FUZZ
@given(st.sampled_from([search.minimax, search.alphabeta, search.negamax]), small_games(),
       st.data())
def test_search_options(function, game, data):
    names = SEARCH_OPTIONS + EXTRA.get(function, [])
    chosen = data.draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
    kwargs = {name: data.draw(anything, label=name) for name in chosen}
    in_family("search options", function, game, **kwargs)


@FUZZ
@given(anything, st.data())
def test_search_games(game, data):
    function = data.draw(st.sampled_from([search.minimax, search.alphabeta, search.negamax,
                                          search.move_values]))
    in_family("search game argument", function, game, depth=data.draw(st.integers(0, 3)))


@FUZZ
@given(small_games(), anything, anything, anything)
def test_iterative_deepening_quiescence_move_values(game, depth, option, budget):
    in_family("deepening", search.iterative_deepening, game, depth, max_nodes=budget)
    in_family("deepening", search.iterative_deepening, game, 2, order=option)
    in_family("quiescence", search.quiescence, game, depth, forcing=option)
    in_family("move values", search.move_values, game, depth=depth, algorithm=option)
    in_family("move values", search.move_values, game, depth=2, max_seconds=budget)


@FUZZ
@given(st.sampled_from([10, 12, 24, 40, 200_000, 10 ** 6]), st.integers(1, 12))
def test_hopeless_searches_are_refused_or_stopped_quickly(depth, branching):
    tree = trees.uniform(branching, depth)
    for function in (search.minimax, search.alphabeta):
        outcome = in_family("budgets", function, tree, max_nodes=20_000, max_seconds=2)
        if not isinstance(outcome, MmlibError):
            expect(outcome.stats.nodes <= 20_000, "budgets", "a search went past max_nodes")


# -- family 2: what user-supplied functions return or raise --------------------------------------

class Boom(Exception):
    pass


def returning(value):
    return lambda state: value


def raising(state):
    raise Boom("user code failed")


@FUZZ
@given(small_games(), anything, st.sampled_from([search.minimax, search.alphabeta,
                                                 search.negamax, search.quiescence]))
def test_evaluate_results(game, value, function):
    depth = 1
    outcome = in_family("evaluate results", function, game, depth=depth, evaluate=returning(value))
    raised = in_family("evaluate raises", function, game, depth=depth, evaluate=raising)
    if function is search.quiescence and not hasattr(game, "forcing_moves"):
        return                                       # refused: no forcing moves to follow
    expect(isinstance(raised, UserFunctionError) and isinstance(raised, Boom)
           and isinstance(raised.__cause__, Boom), "evaluate raises",
           f"{function.__name__}: a failing evaluate is not reported as a UserFunctionError")
    if isinstance(value, float) and math.isnan(value) and (
            function is not search.quiescence or hasattr(game, "forcing_moves")):
        expect(isinstance(outcome, UserFunctionError), "evaluate results",
               f"{function.__name__}: an evaluate returning NaN is accepted")


@FUZZ
@given(small_games(), anything)
def test_ordering_results(game, answer):
    class Hostile(ordering.Ordering):
        def order(self, search_, state, moves, path):
            return answer

    class Failing(ordering.Ordering):
        def order(self, search_, state, moves, path):
            raise Boom("ordering failed")

    in_family("ordering results", search.alphabeta, game, depth=2, order=Hostile())
    raised = in_family("ordering raises", search.alphabeta, game, depth=2, order=Failing())
    expect(isinstance(raised, UserFunctionError) and "order" in str(raised), "ordering raises",
           "a failing ordering is not reported as a UserFunctionError")


GAME_METHODS = ["is_max", "moves", "play", "is_terminal", "utility", "evaluate", "key"]


@FUZZ
@given(st.sampled_from(GAME_METHODS), anything, st.booleans())
def test_broken_games(method, value, raises):
    game = trees.ordered(2, 3, "random", seed=4, noise=0.1)

    class Broken(type(game)):
        pass

    broken = Broken(2, 3, "random", 4, 0.1)

    def replacement(*args):
        if raises:
            raise Boom(f"{method} failed")
        return value

    setattr(broken, method, replacement)
    in_family("broken games", search.minimax, broken, depth=3)
    for function in (search.alphabeta, search.negamax):
        in_family("broken games", function, broken, depth=3, table=True)
    in_family("broken games", analysis.census, broken, max_nodes=1000)


# -- family 3: trees ---------------------------------------------------------------------------

@FUZZ
@given(anything, anything)
def test_tree_builders(nested, option):
    in_family("nested", trees.from_nested, nested)
    in_family("nested", trees.from_nested, [[1, 2], [3]], root_is_max=option)
    in_family("nested", trees.from_nested, [[1, 2], [3]], max_nodes=option)
    in_family("as_tree", trees.as_tree, nested)
    in_family("to_text", trees.to_text, nested)


def test_self_containing_and_exploding_lists():
    cycle = [1, 2]
    cycle.append(cycle)
    in_family("nested", trees.from_nested, cycle)
    doubling = [1, 1]
    for _ in range(80):
        doubling = [doubling, doubling]
    in_family("nested", trees.from_nested, doubling)


TEXT_PIECES = ["ABC", "A: BC", "B 3", "C -2", "C 1e999", "B nan", "A: A", "D 4", "B: C",
               "# note", "", "B 1_000", "B ٣", "AB\u2028C", "B\x0b2", "A:", "C 10" + "0" * 5000]


@FUZZ
@given(st.lists(st.sampled_from(TEXT_PIECES), max_size=8), st.text(max_size=30),
       st.sampled_from(["\n", "\r\n", "\r", "\u2028", "\x0b"]))
def test_tree_text(pieces, noise, newline):
    in_family("text", trees.from_text, newline.join(pieces))
    in_family("text", trees.from_text, noise)
    in_family("text", trees.from_text, "\n".join(pieces) + noise)


@FUZZ
@given(anything, anything, anything, anything)
def test_generated_trees(branching, depth, order, noise):
    in_family("generated", trees.uniform, branching, depth)
    in_family("generated", trees.ordered, branching, depth, order, noise=noise)
    in_family("generated", trees.uniform_leaf_count, branching, depth)
    in_family("generated", trees.uniform_node_count, branching, depth)
    in_family("generated", trees.explicit, trees.uniform(2, 3), max_nodes=branching)


@FUZZ
@given(st.integers(1, 10 ** 9), st.integers(0, 10 ** 9))
def test_generated_tree_sizes(branching, depth):
    made = in_family("generated sizes", trees.uniform, branching, depth)
    if not isinstance(made, MmlibError):
        in_family("generated sizes", lambda: made.leaf_count)
        in_family("generated sizes", search.minimax, made)
        in_family("generated sizes", search.alphabeta, made, max_seconds=1)


json_labels = st.one_of(st.text(alphabet="ABCDEFGH", min_size=1, max_size=2), st.sampled_from(["", " ", 3]))
json_players = st.sampled_from(["MAX", "MIN", "MIN", "CHANCE", "max", None])
json_values = st.one_of(st.integers(-9, 9), odd_numbers, huge_ints, anything)
json_nodes = st.recursive(
    st.fixed_dictionaries({"label": json_labels, "player": json_players, "value": json_values}),
    lambda kids: st.fixed_dictionaries(
        {"label": json_labels, "player": json_players, "children": st.lists(kids, max_size=3)},
        optional={"value": json_values, "probabilities": st.one_of(
            st.lists(st.sampled_from([0.5, 0.25, 1.0, 0.0, -0.5, math.nan]), max_size=3), anything)}),
    max_leaves=7)
CS188_PIECES = ['num_agents: "2"', 'num_agents: "3"', 'num_agents: "1"', 'num_agents: "x"',
                'num_agents: "99999999999999999999"', 'start_state: "a"', 'start_state: "z"',
                'win_states: "d"', 'lose_states: "e f"', 'depth: "1"', 'depth: "-1"', 'depth: "0"',
                'depth: "nan"', 'successors: """', 'a West b', 'b North c', 'c Left d', 'c Right e',
                'a East f', 'b Back a', 'a Loop a', '"""', 'evaluation: """', 'd 6.0', 'e -3.0', 'f 2.0',
                'f nan', 'd inf', 'f 1e400', 'c 3', '# note', 'alg: "MinimaxAgent"', '', 'a', 'd 6.0 7']


def _search_value(tree):
    from mmlib import search
    return (search.expectimax(tree) if type(tree).__name__ == "LayeredTree" else search.minimax(tree)).value


@FUZZ
@given(json_nodes, st.sampled_from([None, "mmlib-tree", "other"]), anything)
def test_tree_json(root, format_name, indent):
    import json

    from mmlib.trees import jsontree

    document = {"root": root} if format_name is None else {"format": format_name, "version": 1,
                                                             "root": root}
    in_family("json", trees.from_json, json.dumps(document, default=repr))   # NaN, 1e400 as JSON does
    in_family("json", trees.from_json, json.dumps(root, default=repr))
    tree = in_family("json", jsontree.from_json_data, document)
    in_family("json", trees.to_json, root)
    if isinstance(tree, MmlibError):
        return
    text = in_family("json", trees.to_json, tree, indent=indent)
    if not isinstance(text, str):                    # refused (or, as a finding, failed): plain
        text = trees.to_json(tree)
    again = in_family("json", trees.from_json, text)
    expect(not isinstance(again, MmlibError), "json", "to_json wrote a tree from_json refuses")
    if not isinstance(again, MmlibError):
        before = in_family("json", _search_value, tree)
        after = in_family("json", _search_value, again)
        expect(isinstance(before, MmlibError) or before == after, "json",
               "a tree read back from its own JSON has another value")


@FUZZ
@given(st.lists(st.sampled_from(CS188_PIECES), max_size=16), anything, anything)
def test_tree_cs188(pieces, depth, algorithm):
    text = "\n".join(pieces)
    test = in_family("cs188", trees.read_cs188, text)
    in_family("cs188", trees.from_cs188, text)
    in_family("cs188", trees.to_cs188, SMALL_TREE, depth=depth, algorithm=algorithm)
    in_family("cs188", trees.to_cs188, depth)
    if isinstance(test, MmlibError):
        return
    expect(test.depth is None or test.depth >= 0, "cs188", "a negative depth was read")
    written = in_family("cs188", trees.to_cs188, test.tree, depth=test.depth)
    if isinstance(written, MmlibError):
        return
    again = in_family("cs188", trees.read_cs188, written)
    expect(not isinstance(again, MmlibError), "cs188", "to_cs188 wrote a file read_cs188 refuses")
    if not isinstance(again, MmlibError):
        expect((again.tree.to_nested(), again.agents, again.depth)
               == (test.tree.to_nested(), test.agents, test.depth), "cs188",
               "a test read back from its own file differs")


@FUZZ
@given(anything, st.data())
def test_networkx_graphs(value, data):
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_edges_from(data.draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)),
                                            max_size=6)))
    for node in graph:
        graph.nodes[node]["value"] = data.draw(st.one_of(st.integers(-5, 5), st.just(value)))
    in_family("graph", trees.from_networkx, graph, data.draw(st.one_of(st.integers(0, 4),
                                                                       st.just(value))))
    in_family("graph", trees.from_networkx, value, 0)
    in_family("graph", trees.to_networkx, value)


# -- family 4: games ------------------------------------------------------------------------------

@FUZZ
@given(anything, anything, anything)
def test_tictactoe(board, state, move):
    in_family("tic-tac-toe", games.TicTacToe, board)
    in_family("tic-tac-toe", games.TicTacToe, scoring=board)
    game = games.TicTacToe()
    for method in ("is_max", "moves", "is_terminal", "utility", "evaluate", "player", "winner",
                   "marks", "board", "render", "state"):
        in_family("tic-tac-toe", getattr(game, method), state)
    in_family("tic-tac-toe", game.play, game.initial, move)
    in_family("tic-tac-toe", game.play, state, move)


@FUZZ
@given(anything, anything, anything, st.text(alphabet="0123456789³٣x ", max_size=12))
def test_connect_four(size, state, move, opening):
    in_family("connect four", games.ConnectFour, size)
    in_family("connect four", games.ConnectFour, 5, 4, size)
    in_family("connect four", games.ConnectFour, opening=opening)
    in_family("connect four", games.ConnectFour, opening=size)
    in_family("connect four", games.ConnectFour, scoring=size)
    game = games.ConnectFour(5, 4)
    for method in ("is_max", "moves", "is_terminal", "utility", "evaluate", "key", "player",
                   "winner", "discs", "render", "winning_line", "forcing_moves", "threats"):
        in_family("connect four", getattr(game, method), state)
    in_family("connect four", game.play, game.initial, move)
    in_family("connect four", game.play, state, move)
    in_family("connect four", game.position, opening)


def test_numpy_moves_are_moves():
    assert games.TicTacToe().play(0, np.int64(4)) == games.TicTacToe().play(0, 4)
    game = games.ConnectFour()
    assert game.play(game.initial, np.int64(3)) == game.play(game.initial, 3)


# -- family 5: analysis and orderings ---------------------------------------------------------------

@FUZZ
@given(anything, anything)
def test_analysis_formulas(first, second):
    for function in (analysis.knuth_moore_leaves, analysis.knuth_moore_nodes,
                     analysis.effective_branching_factor, analysis.aima_branching_factor):
        in_family("formulas", function, first, second)
    in_family("formulas", analysis.pearl_branching, first)
    in_family("formulas", lambda: list(zip(range(100), analysis.minimal_tree_paths(first, second),
                                           strict=False)))


@pytest.fixture(scope="module")
def compiled_counts():
    """The sweeps' fast counter is compiled on its first call (numba, then cached on disk): that
    takes several seconds once, so it is done here, outside the per-call time limit."""
    from mmlib import fastcount
    fastcount.count_many(2, 2, "uniform", [0], workers=1)
    fastcount.count_many(2, 2, "best", [0], workers=1)


@FUZZ
@given(anything, anything, st.data())
def test_sweeps_and_censuses(compiled_counts, value, budget, data):
    column = data.draw(st.sampled_from(["branchings", "depths", "orderings", "algorithms",
                                        "seeds"]))
    plan = {"branchings": [2], "depths": [2], "orderings": ["best"], "algorithms": ["alphabeta"],
            "seeds": [0]}
    plan[column] = value
    in_family("sweep", analysis.sweep, plan["branchings"], plan["depths"], plan["orderings"],
              plan["algorithms"], plan["seeds"], max_nodes=10_000, max_seconds=2)
    in_family("sweep", analysis.sweep, [2], [3], max_nodes=budget)
    in_family("sweep", analysis.measure, 2, 2, value, "alphabeta", 0)
    in_family("census", analysis.census, value, max_nodes=1000)
    in_family("census", analysis.census, games.TicTacToe("XO. .X. ..O"), max_nodes=budget)
    in_family("census", analysis.reachable_positions, value, max_nodes=1000)


@FUZZ
@given(anything, anything)
def test_orderings_and_tables(name, key):
    in_family("orderings", ordering.as_ordering, name)
    in_family("orderings", ordering.RandomOrder, name)
    table = TranspositionTable()
    in_family("table", table.store, key, 2, 1.0, 0.0, 3.0)
    in_family("table", table.lookup, key, 2, 0.0, 3.0)


def test_session_tried_every_family():
    # runs last in this file: every family above was exercised
    families = {"search options", "evaluate results", "ordering results", "broken games",
                "nested", "text", "generated", "graph", "json", "cs188", "tic-tac-toe", "connect four",
                "formulas", "sweep", "census", "orderings", "table"}
    if len(TRIED) > 1:                               # the whole file ran, not one test alone
        assert families <= set(TRIED), families - set(TRIED)
    report = os.environ.get("MMLIB_FUZZ_REPORT")
    if report:
        import json
        with open(report, "w") as handle:
            json.dump(dict(TRIED, total=sum(TRIED.values())), handle, indent=1)
