"""mmlib.instrument: the counts every search reports mean what the module says they mean.

nodes = calls of the search function, the root included; leaves = static evaluations;
cutoffs = times a node stopped with children left unsearched.  The yardstick is an alpha-beta
written here on nested lists that counts exactly that, independently of the library.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pytest

from mmlib import search, trees
from mmlib.errors import NodeBudgetExceeded
from mmlib.instrument import Event, Recorder, SharedPath


@dataclass
class Counts:
    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    leaf_order: list[tuple[int, ...]] = field(default_factory=list)


def alphabeta(node: object, alpha: float, beta: float, is_max: bool, counts: Counts,
              path: tuple[int, ...] = ()) -> float:
    """Fail-soft alpha-beta, children left to right, cutting as soon as alpha >= beta."""
    counts.nodes += 1
    if isinstance(node, int):
        counts.leaves += 1
        counts.leaf_order.append(path)
        return node
    assert isinstance(node, list)
    best = -math.inf if is_max else math.inf
    for i, child in enumerate(node):
        value = alphabeta(child, alpha, beta, not is_max, counts, path + (i,))
        if is_max:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            if i < len(node) - 1:                 # a test after the last child skips nothing
                counts.cutoffs += 1
            break
    return best


def random_nested(rng: random.Random, depth: int) -> object:
    if depth == 0 or rng.random() < 0.2:
        return rng.randint(0, 9)
    return [random_nested(rng, depth - 1) for _ in range(rng.randint(1, 4))]


def test_the_lecture_tree_counts() -> None:       # AIMA 4th ed., figure 5.5: C is cut after its 2
    stats = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).stats
    assert (stats.nodes, stats.leaves, stats.cutoffs) == (11, 7, 1)
    minimax = search.minimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).stats
    assert (minimax.nodes, minimax.leaves, minimax.cutoffs) == (13, 9, 0)


def test_the_counts_are_those_of_their_definitions() -> None:
    rng = random.Random(1975)
    for _ in range(150):
        nested = [random_nested(rng, 4) for _ in range(rng.randint(1, 4))]
        counts = Counts()
        value = alphabeta(nested, -math.inf, math.inf, True, counts)
        result = search.alphabeta(trees.from_nested(nested))
        assert result.value == value
        assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (
            counts.nodes, counts.leaves, counts.cutoffs), nested
        assert [tuple(path) for path in result.stats.leaf_order] == counts.leaf_order


def test_a_last_child_that_closes_the_window_is_no_cutoff() -> None:
    nested = [[5], [4, 7]]          # B = 5; C's first leaf, 4 <= 5, fires the test with 7 left
    counts = Counts()
    alphabeta(nested, -math.inf, math.inf, True, counts)
    assert counts.cutoffs == 1
    last = [[5], [7, 4]]            # in C the test fires only at its last child: nothing skipped
    counts = Counts()
    alphabeta(last, -math.inf, math.inf, True, counts)
    assert counts.cutoffs == 0
    assert search.alphabeta(last).stats.cutoffs == 0 and search.alphabeta(nested).stats.cutoffs == 1


def test_the_trace_has_one_event_per_count() -> None:
    result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    kinds = [event.kind for event in result.trace]
    assert (kinds.count("enter"), kinds.count("leaf"), kinds.count("cutoff")) == (11, 7, 1)


def test_a_small_transcript_event_by_event() -> None:
    """Fail-soft alpha-beta on [[3, 5], [2, 9]], worked by hand: B = 3, then C stops at 2 ≤ α = 3."""
    result = search.alphabeta(trees.from_nested([[3, 5], [2, 9]]), trace=True)
    expected = [
        Event("enter", (), alpha=-math.inf, beta=math.inf, is_max=True),
        Event("enter", (0,), alpha=-math.inf, beta=math.inf, is_max=False),
        Event("enter", (0, 0), alpha=-math.inf, beta=math.inf, is_max=True),
        Event("leaf", (0, 0), value=3),
        Event("update", (0,), value=3, alpha=-math.inf, beta=3, move=0, score=3),
        Event("enter", (0, 1), alpha=-math.inf, beta=3, is_max=True),
        Event("leaf", (0, 1), value=5),
        Event("update", (0,), value=3, alpha=-math.inf, beta=3, move=1, score=5),
        Event("return", (0,), value=3),
        Event("update", (), value=3, alpha=3, beta=math.inf, move=0, score=3),
        Event("enter", (1,), alpha=3, beta=math.inf, is_max=False),
        Event("enter", (1, 0), alpha=3, beta=math.inf, is_max=True),
        Event("leaf", (1, 0), value=2),
        Event("update", (1,), value=2, alpha=3, beta=2, move=0, score=2),
        Event("cutoff", (1,), skipped=(1,)),
        Event("return", (1,), value=2),
        Event("update", (), value=3, alpha=3, beta=math.inf, move=1, score=2),
        Event("return", (), value=3),
    ]
    assert list(result.trace) == expected
    assert [repr(e) for e in result.trace] == [repr(e) for e in expected]
    assert all(type(e.path) is tuple and e.depth == len(e.path) for e in result.trace)
    b = [e for e in result.trace if e.path == (0,)]
    assert len(b) == 4 and all(e.path is b[0].path for e in b)     # one path for all B's events
    assert {e.path: e.kind for e in result.trace if e.kind == "leaf"} == {(0, 0): "leaf", (0, 1): "leaf",
                                                                          (1, 0): "leaf"}


def test_a_shared_path_is_the_moves_from_the_start() -> None:
    rng = random.Random(2)
    for _ in range(50):
        moves = [rng.randint(0, 3) for _ in range(rng.randint(0, 12))]
        lines = [SharedPath.ROOT]
        for move in moves:
            lines.append(SharedPath(lines[-1], move))
        asked = rng.sample(range(len(lines)), k=len(lines))    # tuples made in any order
        for ply in asked:
            assert lines[ply].moves() == tuple(moves[:ply]) and lines[ply].length == ply
    assert repr(SharedPath(SharedPath.ROOT, "e4")) == "SharedPath(('e4',))"


def test_a_recorder_counts_what_it_is_told_and_pads_the_depths() -> None:
    recorder = Recorder(None, max_nodes=4)  # type: ignore[arg-type]   # the game is not read here
    recorder.enter(0, None, None, None)
    recorder.trail[:] = ["a"]
    recorder.enter(1, None, None, None)
    assert recorder.leaf(1, 7) == 7
    recorder.cutoff(0, ["b", "c"])               # two moves skipped: one cutoff
    recorder.cutoff(0, [])                       # nothing skipped: no cutoff
    stats = recorder.finish()
    assert (stats.nodes, stats.leaves, stats.cutoffs) == (2, 1, 1)
    assert (stats.nodes_by_depth, stats.leaves_by_depth, stats.leaf_order) == ([1, 1], [0, 1], [("a",)])
    recorder.enter(3, None, None, None)          # a level never reached before grows the lists
    recorder.enter(1, None, None, None)
    assert recorder.finish().nodes_by_depth == [1, 2, 0, 1]
    with pytest.raises(NodeBudgetExceeded) as stop:
        recorder.enter(1, None, None, None)      # the fifth node, over max_nodes=4
    assert stop.value.stats.nodes == 5


def test_no_search_goes_past_its_node_budget() -> None:
    with pytest.raises(NodeBudgetExceeded) as stop:
        search.alphabeta(trees.uniform(3, 8), max_nodes=100)
    assert "100" in str(stop.value)
    assert search.minimax(trees.uniform(2, 3), max_nodes=15).stats.nodes == 15


# -- the events of a transcript: typed fields, and the markers of the searches of several passes ----

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]       # AIMA figure 5.2: value 3
INF = math.inf


def test_an_event_is_a_named_tuple_of_typed_fields() -> None:
    from typing import get_args

    from mmlib.instrument import Comparison, Event, EventKind, SharedPath
    assert issubclass(Event, tuple) and Event._fields[-1] == "test"
    assert set(get_args(EventKind)) == {"enter", "leaf", "update", "cutoff", "hit", "return", "pass", "test"}
    assert set(get_args(Comparison)) == {">=", ">"}
    shared = Event("leaf", SharedPath(SharedPath(SharedPath.ROOT, 2), 0), value=3)
    plain = Event("leaf", (2, 0), value=3)
    assert shared == plain and hash(shared) == hash(plain) and shared.path == (2, 0) and shared.depth == 2
    assert shared != Event("leaf", (2, 1), value=3) and plain != Event("pass", (2, 0), value=3, test=">")
    assert repr(shared) == ("Event(kind='leaf', path=(2, 0), value=3, alpha=None, beta=None, move=None, "
                            "score=None, skipped=(), is_max=None, test=None)")
    import pickle
    again = pickle.loads(pickle.dumps(shared))
    assert again == shared and again.place == (2, 0)
    with pytest.raises(AttributeError):
        shared.value = 4          # type: ignore[misc]


def markers(result: search.SearchResult) -> list[tuple[object, ...]]:
    assert result.trace is not None
    found: list[tuple[object, ...]] = [(e.kind, e.path, e.alpha, e.beta, e.test) for e in result.trace
                                       if e.kind in ("pass", "test")]
    assert all(e.move is None for e in result.trace if e.kind in ("pass", "test"))   # move is a move's alone
    return found


def test_mtdf_marks_each_pass_with_its_null_window_question() -> None:
    # guess 0: "value ≥ 0?" holds (3 ≥ 0), then "value > 3?" fails: the value is 3
    assert markers(search.mtdf(AIMA, guess=0, trace=True)) == [
        ("pass", (), 0, 0, ">="), ("pass", (), 3, 3, ">")]


def test_sss_star_marks_its_passes_downwards_from_infinity() -> None:
    # "value ≥ γ?" from γ = +∞: each failed test's upper bound is the largest first-MIN-reply
    # (14, then 5, then 3), and "value ≥ 3?" holds
    assert markers(search.sss_star(AIMA, trace=True)) == [
        ("pass", (), INF, INF, ">="), ("pass", (), 14, 14, ">="), ("pass", (), 5, 5, ">="),
        ("pass", (), 3, 3, ">=")]


def test_aspiration_marks_its_windows_without_a_question() -> None:
    # guess 10 ± 1: [9, 11] fails low (the value is 3), so the search is repeated on [−∞, 11]
    assert markers(search.aspiration(AIMA, guess=10, delta=1, trace=True)) == [
        ("pass", (), 9, 11, None), ("pass", (), -INF, 11, None)]


def test_pvs_marks_one_pass_and_a_null_window_test_for_each_later_child() -> None:
    # B = 3 with the full window; B's later leaves are tested "≥ 3?" (no better for MIN), and C and D
    # are tested "> 3?" (can they beat A's 3?)
    assert markers(search.pvs(AIMA, trace=True)) == [
        ("pass", (), -INF, INF, None), ("test", (0, 1), 3, 3, ">="), ("test", (0, 2), 3, 3, ">="),
        ("test", (1,), 3, 3, ">"), ("test", (2,), 3, 3, ">")]
