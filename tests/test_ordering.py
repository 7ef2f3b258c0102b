"""mmlib.ordering: each policy puts the moves in the order its definition says.

Each expected order below is worked out by hand from the policy's definition (killer slots per ply,
Schaeffer's 2^d history scores, the previous iteration's best move then its backed-up values), or
checked as a property (a random order is a permutation, the same for the same seed and path).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace

import pytest

from mmlib import trees
from mmlib.errors import ArgumentError, ArgumentTypeError
from mmlib.ordering import (
    HistoryHeuristic,
    KillerMoves,
    NaturalOrder,
    PreviousIteration,
    RandomOrder,
    ReversedOrder,
    StaticOrder,
    as_ordering,
    learns_from_previous,
)

MOVES = ["a", "b", "c", "d"]


def test_natural_and_reversed() -> None:
    assert list(NaturalOrder().order(None, None, MOVES, ())) == MOVES
    assert ReversedOrder().order(None, None, MOVES, ()) == ["d", "c", "b", "a"]


def test_a_random_order_is_a_permutation_fixed_by_seed_and_path() -> None:
    policy = RandomOrder(seed=5)
    orders = [tuple(policy.order(None, None, [0, 1, 2], (i,))) for i in range(600)]
    assert all(sorted(order) == [0, 1, 2] for order in orders)
    assert orders == [tuple(RandomOrder(seed=5).order(None, None, [0, 1, 2], (i,))) for i in range(600)]
    counts = Counter(orders)                       # each of the 6 orders about 100 times
    assert set(counts) == set(itertools.permutations([0, 1, 2]))
    assert all(60 < count < 140 for count in counts.values()), counts
    other = [tuple(RandomOrder(seed=6).order(None, None, [0, 1, 2], (i,))) for i in range(600)]
    assert other != orders


def test_a_random_order_makes_a_search_reproducible_by_its_seed() -> None:
    from mmlib import search

    tree = trees.ordered(3, 5, "best", seed=4)
    first = search.alphabeta(tree, order=RandomOrder(seed=1)).stats.leaf_order
    assert search.alphabeta(tree, order=RandomOrder(seed=1)).stats.leaf_order == first
    assert search.alphabeta(tree, order=RandomOrder(seed=2)).stats.leaf_order != first


def test_killers_go_first_at_their_own_ply_only() -> None:
    policy = KillerMoves(slots=2)
    policy.cutoff((0, 1), "c")                     # a cutoff at ply 2
    assert policy.order(None, None, MOVES, (1, 0)) == ["c", "a", "b", "d"]
    assert policy.order(None, None, MOVES, (1,)) == MOVES             # ply 1: no killer
    policy.cutoff((1, 1), "d")
    policy.cutoff((2, 0), "b")                     # a third killer: the oldest, "c", leaves
    assert policy.order(None, None, MOVES, (0, 0)) == ["b", "d", "a", "c"]
    assert policy.order(None, None, ["a", "c"], (0, 0)) == ["a", "c"]   # killers not legal here


def test_killer_moves_are_remembered_per_ply() -> None:
    killers = KillerMoves()
    killers.cutoff((0, 1), 2)
    killers.cutoff((1, 1), 0)
    killers.cutoff((2, 1), 2)
    assert killers.killers[2] == [2, 0]
    assert killers.order(None, None, [0, 1, 2], (1, 1)) == [2, 0, 1]


def test_history_scores_a_cutoff_two_to_the_depth_left() -> None:
    policy = HistoryHeuristic()
    search = SimpleNamespace(horizon=4)
    assert policy.order(search, None, MOVES, ()) == MOVES
    policy.cutoff((0,), "c")                       # 3 plies left below: 2^3
    policy.cutoff((0, 0, 0), "b")                  # 1 ply left: 2^1, twice
    policy.cutoff((1, 1, 1), "b")
    assert policy.scores == {"c": 8, "b": 4}
    assert policy.order(search, None, MOVES, (2,)) == ["c", "b", "a", "d"]


def test_the_static_order_puts_the_best_looking_child_first_for_the_side_to_move() -> None:
    tree = trees.from_nested([[3, 9, 3, 5], [3, 9, 3, 5]])
    maximizing = trees.from_nested([3, 9, 3, 5])               # MAX chooses among four leaves
    searcher = SimpleNamespace(game=maximizing, static_value=maximizing.evaluate,
                               recorder=SimpleNamespace(order_evaluations=0))
    assert StaticOrder().order(searcher, maximizing.initial, [0, 1, 2, 3], ()) == [1, 3, 0, 2]
    searcher.game, searcher.static_value = tree, tree.evaluate
    minimizing = tree.play(tree.initial, 0)                    # MIN: the lowest first, ties in order
    assert not tree.is_max(minimizing)
    assert StaticOrder().order(searcher, minimizing, [0, 1, 2, 3], (0,)) == [0, 2, 3, 1]
    assert searcher.recorder.order_evaluations == 8            # counted apart from the leaves


def test_the_previous_iteration_orders_best_first_then_by_value() -> None:
    tree = trees.from_nested([[3, 5], [2, 9], [7, 1], [4, 4]])
    search = SimpleNamespace(game=tree)
    policy = PreviousIteration()
    root = tree.initial
    assert list(policy.order(search, root, [0, 1, 2, 3], ())) == [0, 1, 2, 3]   # nothing learnt
    # a depth-1 iteration backed up these values at the children (values seen from MAX)
    for move, value in [(0, 3), (1, 2), (2, 6)]:
        policy.finished(search, tree.play(root, move), (move,), value, None)
    policy.finished(search, root, (), 6, 2)
    assert list(policy.order(search, root, [0, 1, 2, 3], ())) == [0, 1, 2, 3]   # not until the next
    policy.next_iteration()
    # best move 2 first; then MAX's highest value first; child 3 never reached: last
    assert policy.order(search, root, [0, 1, 2, 3], ()) == [2, 0, 1, 3]
    child = tree.play(root, 1)                     # a MIN node: lowest value first (none known here)
    assert policy.order(search, child, [0, 1], (1,)) == [0, 1]


def test_names_and_errors() -> None:
    assert [type(as_ordering(name)).__name__ for name in (None, "natural", "reversed", "killer")] == [
        "NaturalOrder", "NaturalOrder", "ReversedOrder", "KillerMoves"]
    policy = HistoryHeuristic()
    assert as_ordering(policy) is policy
    assert learns_from_previous(KillerMoves(PreviousIteration())) and not learns_from_previous(KillerMoves())
    with pytest.raises(ArgumentError, match="order: expected one of"):
        as_ordering("best")
    with pytest.raises(ArgumentTypeError, match="order"):
        as_ordering(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed"):
        RandomOrder(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="slots"):
        KillerMoves(slots=0)
    with pytest.raises(ArgumentTypeError, match="base"):
        KillerMoves(base="natural")  # type: ignore[arg-type]


def test_an_ordering_reads_the_engine_search_through_the_searcher_protocol() -> None:
    """The protocol an ordering is typed against names what the engine's search gives it, and is
    not named like the engine's own class (one name, one meaning)."""
    from mmlib import ordering, search
    from mmlib.search.engine import Search

    given: list[object] = []

    class Watching(NaturalOrder):
        def order(self, search: ordering.Searcher, state: object, moves: Sequence[object],
                  path: tuple[object, ...]) -> Sequence[object]:
            given.append(search)
            return moves

    search.alphabeta(trees.from_nested([[1, 2], [5, 6]]), order=Watching())
    assert given and all(isinstance(one, Search) for one in given)
    members = set(ordering.Searcher.__annotations__) | {"static_value"}
    assert members == {"game", "recorder", "static_value"}
    assert all(hasattr(given[0], member) for member in members)
    first = given[0]
    assert isinstance(first, Search)
    leaf = first.game.play(first.game.play(first.game.initial, 1), 0)
    assert first.static_value(leaf) == 5
    assert ordering.Searcher.__name__ != Search.__name__
    assert not hasattr(ordering, "Search")
