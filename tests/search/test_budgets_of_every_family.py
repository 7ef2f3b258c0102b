"""The searches beyond alpha-beta have the budget of mmlib.search: refused at once when hopeless,
stopped with the partial counts when the budget runs out."""

import inspect
import itertools
import time

import pytest

from mmlib import instrument, search, trees
from mmlib.errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    NodeBudgetExceeded,
    SearchTooLarge,
    TimeBudgetExceeded,
)
from mmlib.games import TicTacToe
from mmlib.instrument import CLOCK_EVERY

SEARCHES = [search.expectimax, search.expectiminimax, search.aspiration, search.pvs, search.mtdf,
            search.sss_star]


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_the_default_node_budget_is_the_one_of_mmlib_search(search):
    assert inspect.signature(search).parameters["max_nodes"].default == DEFAULT_MAX_NODES


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_a_hopeless_request_is_refused_at_once(search):
    started = time.perf_counter()
    with pytest.raises(SearchTooLarge, match="max_nodes=5,000,000"):
        search(trees.uniform(10, 14))          # the minimal tree alone has 2 x 10^7 leaves
    assert time.perf_counter() - started < 1


def test_expectimax_visits_every_node_so_it_is_refused_where_pruning_searches_are_not():
    tree = trees.uniform(2, 10)                 # 2,047 nodes; the minimal tree has 2^5 + 2^5 - 1 leaves
    with pytest.raises(SearchTooLarge, match="all"):
        search.expectimax(tree, max_nodes=2_046)
    assert search.expectimax(tree, max_nodes=2_047).stats.nodes == 2_047
    with pytest.raises(SearchTooLarge):
        search.pvs(tree, max_nodes=31)        # 2^5 leaves below the first move alone


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_a_budget_hit_carries_the_partial_counts(search):
    with pytest.raises(NodeBudgetExceeded) as hit:
        search(TicTacToe(), max_nodes=200)
    assert hit.value.max_nodes == 200
    assert hit.value.stats.nodes == 201 and hit.value.stats.leaves > 0


def test_none_lifts_the_budget_but_not_the_refusal_of_a_full_search_far_too_big():
    assert search.pvs(trees.uniform(3, 8), max_nodes=None).stats.nodes > 200
    with pytest.raises(SearchTooLarge):
        search.expectimax(trees.uniform(10, 12), max_nodes=None)


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_the_default_time_budget_is_the_one_of_mmlib_search(search):
    assert inspect.signature(search).parameters["max_seconds"].default == DEFAULT_MAX_SECONDS


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_a_spent_time_budget_stops_the_search_with_the_partial_counts(search, monkeypatch):
    ticks = itertools.count()                  # a clock that moves one second each time it is read
    monkeypatch.setattr(instrument.time, "perf_counter", lambda: float(next(ticks)))
    with pytest.raises(TimeBudgetExceeded) as hit:
        search(TicTacToe(), max_seconds=0.5, max_nodes=None)
    assert hit.value.max_seconds == 0.5
    assert hit.value.stats.nodes == CLOCK_EVERY + 1      # the first look at the clock stops it
    assert hit.value.stats.leaves > 0


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_none_lifts_the_time_budget(search, monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(instrument.time, "perf_counter", lambda: float(next(ticks)))
    assert search(trees.uniform(4, 7), max_seconds=None).stats.nodes > CLOCK_EVERY


@pytest.mark.parametrize("search", SEARCHES, ids=lambda search: search.__name__)
def test_a_bad_time_budget_is_refused_naming_it(search):
    with pytest.raises(ArgumentError, match="max_seconds"):
        search(trees.uniform(2, 2), max_seconds=-1)


def test_every_family_of_the_registry_takes_a_time_budget():
    lacking = [about.name for about in search.FAMILIES
               if "max_seconds" not in inspect.signature(about.function).parameters]
    assert lacking == []
