"""Budgets: every search has a default one, a user can raise or lift it, budgets are totals,
hopeless requests are refused at once, and the cost of a search is linear in its depth."""

import gc
import math
import subprocess
import sys
import textwrap
import time

import pytest

from mmlib import analysis, games, search, trees
from mmlib.errors import (
    DEFAULT_MAX_NODES,
    ArgumentError,
    BudgetExceeded,
    NodeBudgetExceeded,
    SearchTooLarge,
    TimeBudgetExceeded,
    UserFunctionError,
)


def test_every_search_has_the_documented_default_budget():
    for function in (search.minimax, search.alphabeta, search.negamax, search.quiescence,
                     search.iterative_deepening, search.move_values, analysis.sweep,
                     analysis.measure, analysis.census, analysis.reachable_positions):
        import inspect
        parameters = inspect.signature(function).parameters
        assert parameters["max_nodes"].default == DEFAULT_MAX_NODES, function.__name__


def test_the_node_budget_stops_a_search_of_hours_with_the_partial_counts():
    with pytest.raises(NodeBudgetExceeded) as caught:
        search.alphabeta(trees.uniform(10, 5), max_nodes=10_000)
    assert caught.value.stats.nodes == 10_001
    assert caught.value.stats.leaves > 0


def test_the_time_budget_stops_a_search():
    start = time.perf_counter()
    with pytest.raises(TimeBudgetExceeded) as caught:
        search.minimax(games.ConnectFour(), max_nodes=None, max_seconds=0.3)
    assert time.perf_counter() - start < 3
    assert caught.value.stats.nodes > 0 and "max_seconds" in str(caught.value)


def test_hopeless_minimax_is_refused_at_once_with_its_size():
    start = time.perf_counter()
    with pytest.raises(SearchTooLarge, match="33,554,431 nodes"):     # 2^25 - 1
        search.minimax(trees.uniform(2, 24))
    with pytest.raises(SearchTooLarge, match="100,000,000,000,000,000,000 nodes"):
        search.alphabeta(trees.uniform(10, 40))      # the minimal tree alone: 10^20 leaves
    with pytest.raises(SearchTooLarge, match="10\\^1,000"):
        search.alphabeta(trees.uniform(10, 2000))
    assert time.perf_counter() - start < 0.5


def test_lifting_the_budget_lets_a_large_search_run():
    tree = trees.ordered(2, 24, noise=0.1)
    result = search.minimax(tree, depth=3, max_nodes=None)
    assert result.stats.nodes == 15


def test_no_big_power_is_computed_exactly():
    start = time.perf_counter()
    with pytest.raises(ArgumentError):
        trees.uniform(3, 10 ** 8)
    with pytest.raises(ArgumentError):
        trees.ordered(10 ** 8, 10 ** 8)
    with pytest.raises(ArgumentError, match="digits"):
        _ = trees.uniform(3, 10 ** 6).leaf_count
    with pytest.raises(SearchTooLarge):
        search.alphabeta(trees.uniform(3, 10 ** 6))
    assert time.perf_counter() - start < 0.5


def test_move_values_spends_one_budget_over_all_moves():
    tree = trees.uniform(3, 6, seed=2)
    full = search.move_values(tree)
    total = sum(result.stats.nodes for result in full.values())
    with pytest.raises(NodeBudgetExceeded) as caught:
        search.move_values(tree, max_nodes=total - 1)
    assert len(caught.value.completed) == 2          # the first two moves fitted
    assert sum(r.stats.nodes for r in caught.value.completed) + caught.value.stats.nodes \
        == total


def test_iterative_deepening_spends_one_budget_over_all_iterations():
    tree = trees.ordered(3, 6, "random", seed=1, noise=0.1)
    full = search.iterative_deepening(tree, 6)
    with pytest.raises(NodeBudgetExceeded) as caught:
        search.iterative_deepening(tree, 6, max_nodes=full.nodes - 1)
    assert len(caught.value.completed) == 5
    assert isinstance(caught.value, BudgetExceeded)


def test_iterative_deepening_stops_at_the_bottom_of_the_tree():
    tree = trees.ordered(2, 4, "random", seed=1, noise=0.1)
    deepening = search.iterative_deepening(tree, 1000)
    assert len(deepening.iterations) == 4
    assert deepening.value == search.alphabeta(tree).value


def test_iterative_deepening_needs_one_iteration():
    with pytest.raises(ArgumentError, match="max_depth"):
        search.iterative_deepening([[1, 2], [3, 4]], 0)


def test_census_has_a_budget_and_keeps_its_exact_figures():
    counts = analysis.census(games.TicTacToe())
    assert counts["nodes"] == 549_946 and counts["games"] == 255_168
    with pytest.raises(NodeBudgetExceeded):
        analysis.census(games.ConnectFour(), max_nodes=10_000)


@pytest.mark.slow
def test_a_deep_chain_costs_memory_linear_in_its_depth():
    """Copying the path at every level made a chain's cost quadratic in its depth (3.8 GB at a
    depth of 30,000).  A chain of 100,000 now fits in a few hundred megabytes, counted by the
    operating system in a fresh process; its time is measured in `make bench` (bench_deep_chain)."""
    program = textwrap.dedent("""
        import resource
        from mmlib import search, trees
        tree = trees.uniform(1, 100_000)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss      # kilobytes on Linux
        result = search.alphabeta(tree)
        assert result.stats.nodes == 100_001 and len(result.pv) == 100_000
        print(before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    before, after = map(int, done.stdout.split())
    # Linear: about 90 MB run alone, up to 600 MB seen inside the full parallel suite; quadratic would be
    # tens of gigabytes.
    assert after - before < 1_000_000, f"the search's peak grew by {after - before:,} kB (from {before:,} kB)"


def held_bytes(objects) -> int:
    """Bytes of everything reachable from ``objects``, each object counted once (classes and
    what they lead to left out: they are there whatever the transcript holds)."""
    seen: set[int] = set()
    stack, total = list(objects), 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


@pytest.mark.slow
def test_a_traced_deep_chain_costs_memory_linear_in_its_depth():
    """When each event held its node's path as a tuple of its own, a traced chain d plies deep
    held about 1.5·d² moves (a 10,000-ply chain took 8 s and 1.1 GB, and traces were refused
    beyond about 2,800 plies).  The events of a node now share one path, made from its parent's."""
    deep = search.minimax(trees.uniform(1, 100_000), trace=True)
    shallow = search.minimax(trees.uniform(1, 10_000), trace=True)
    # each inner node of a chain enters, hears from its only child and returns; the leaf enters
    # and is evaluated
    assert deep.stats.nodes == 100_001 and len(deep.trace) == 3 * 100_000 + 2
    ratio = held_bytes(deep.trace) / held_bytes(shallow.trace)
    assert 5 <= ratio <= 20, f"{ratio:.1f}"           # 10 if linear, 100 if quadratic
    leaf = next(e for e in deep.trace if e.kind == "leaf")
    assert leaf.depth == 100_000 and len(leaf.path) == 100_000
    assert leaf.path == (0,) * 100_000 and hash(leaf.path) == hash((0,) * 100_000)
    assert deep.trace[0].path == () and deep.trace[-1].kind == "return" and deep.trace[-1].path == ()
    assert deep.trace[-2].path == () and deep.trace[-2].move == 0


def test_every_event_of_a_traced_chain_names_its_node():
    n = 2_000
    result = search.alphabeta(trees.uniform(1, n), trace=True)
    expected = ([("enter", d) for d in range(n + 1)] + [("leaf", n)]
                + [(kind, d) for d in reversed(range(n)) for kind in ("update", "return")])
    assert [(e.kind, len(e.path)) for e in result.trace] == expected
    assert all(e.path == (0,) * e.depth and e.path[:1] == (0,) * min(1, e.depth) for e in result.trace)
    assert {e.path for e in result.trace} == {(0,) * d for d in range(n + 1)}


def test_user_failures_name_the_function_and_the_position():
    def evaluate(node):
        if node.label == "C":
            raise KeyError("no such entry")
        return 0

    with pytest.raises(UserFunctionError) as caught:
        search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], depth=1, evaluate=evaluate)
    assert caught.value.path == (1,) and caught.value.function == "evaluate"
    assert isinstance(caught.value, KeyError)            # except KeyError still works
    assert isinstance(caught.value.__cause__, KeyError)


# -- waiting: the default time budget, the progress line, the kernel's interrupt ----------------

def test_the_default_time_budget_ends_an_accidental_huge_search_within_ten_seconds():
    import inspect

    from mmlib.errors import DEFAULT_MAX_SECONDS
    assert DEFAULT_MAX_SECONDS <= 10
    for function in (search.minimax, search.alphabeta, search.negamax, search.iterative_deepening):
        assert inspect.signature(function).parameters["max_seconds"].default == DEFAULT_MAX_SECONDS


def test_the_time_budget_error_says_which_argument_raises_it():
    with pytest.raises(TimeBudgetExceeded, match=r"^max_seconds: .*raise max_seconds \(None lifts it\)"):
        search.alphabeta(trees.uniform(10, 12), max_seconds=0.05)


def _interrupting(after: int):
    calls = [0]

    def evaluate(state):
        calls[0] += 1
        if calls[0] > after:
            raise KeyboardInterrupt
        return 0
    return evaluate


def test_the_kernels_interrupt_stops_a_search_with_its_partial_counts():
    from mmlib.errors import SearchInterrupted
    tree = trees.ordered(2, 10, noise=0.5, seed=3)
    with pytest.raises(SearchInterrupted) as caught:
        search.minimax(tree, depth=8, evaluate=_interrupting(100))
    assert caught.value.stats.leaves == 100                 # the 101st evaluation was interrupted
    # entered so far: the 101 leaves, and at each level above them the nodes whose subtrees
    # begin at or before the 101st leaf (a binary tree searched to depth 8, first child first)
    interior = sum(math.ceil(101 / 2 ** (8 - level)) for level in range(8))
    assert caught.value.stats.nodes == 101 + interior
    assert isinstance(caught.value, KeyboardInterrupt)
    assert not isinstance(caught.value, Exception)          # `except Exception` does not swallow it
    assert "interrupted" in str(caught.value) and "100 leaves" in str(caught.value)


def test_an_interrupted_deepening_keeps_the_iterations_it_finished():
    from mmlib.errors import SearchInterrupted
    tree = trees.ordered(2, 10, noise=0.5, seed=3)
    # depth 1, 2, 3 evaluate 2 + 4 + 8 leaves at most; interrupting at the 40th call stops a later one
    with pytest.raises(SearchInterrupted) as caught:
        search.iterative_deepening(tree, 10, evaluate=_interrupting(40))
    finished = caught.value.completed
    assert [r.stats.nodes_by_depth.__len__() - 1 for r in finished] == list(range(1, len(finished) + 1))
    assert sum(r.stats.leaves for r in finished) + caught.value.stats.leaves == 40


def test_an_interrupted_search_beyond_alpha_beta_keeps_its_counts_too():
    from mmlib.errors import SearchInterrupted
    with pytest.raises(SearchInterrupted) as caught:
        search.pvs(trees.ordered(2, 10, noise=0.5, seed=3), depth=8, evaluate=_interrupting(30))
    assert caught.value.stats.leaves == 30
