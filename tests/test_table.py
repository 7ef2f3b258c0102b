"""mmlib.table: the transposition table answers only when what it stored settles the question.

The yardstick is the contract of fail-soft alpha-beta itself, written here independently: searched
in [alpha, beta], a result r <= alpha says the true value m is at most r, r >= beta says m >= r,
and any r in between is m.  A stored entry may answer a later search in [a, b] only with a number
that search could have returned: one that tells the truth about m in the same way.
"""

from __future__ import annotations

import math
import random

import pytest

from mmlib.errors import ArgumentTypeError
from mmlib.table import EXACT, LOWER, UPPER, BoundTable, TranspositionTable


def fail_soft_result(rng: random.Random, true: int, alpha: int, beta: int) -> int:
    """A number fail-soft alpha-beta may return for a position of value ``true`` in [alpha, beta]."""
    if true <= alpha:
        return rng.randint(true, alpha)          # fails low: an upper bound at least the true value
    if true >= beta:
        return rng.randint(beta, true)           # fails high: a lower bound at most the true value
    return true


def honest(answer: int, true: int, alpha: int, beta: int) -> bool:
    """``answer`` is what a correct search of a position of value ``true`` in [alpha, beta] may say."""
    if answer <= alpha:
        return true <= answer
    if answer >= beta:
        return true >= answer
    return answer == true


def window(rng: random.Random) -> tuple[int, int]:
    low = rng.randint(-10, 10)
    return low, low + rng.randint(1, 8)


def test_an_answer_from_the_table_is_one_a_search_could_give() -> None:
    rng = random.Random(20240533)
    answered = 0
    for _ in range(5000):
        true = rng.randint(-10, 10)
        alpha, beta = window(rng)
        table = TranspositionTable()
        table.store("p", 3, fail_soft_result(rng, true, alpha, beta), alpha, beta)
        a, b = window(rng)
        answer = table.lookup("p", 3, a, b)
        if answer is not None:
            answered += 1
            assert honest(answer, true, a, b), (true, alpha, beta, table.entry("p"), a, b, answer)
    assert 1000 < answered < 5000                # it answers often, and not always


@pytest.mark.parametrize(("value", "flag"), [(2, UPPER), (3, UPPER), (5, EXACT), (8, LOWER), (9, LOWER)])
def test_the_flag_says_what_the_window_proves(value: int, flag: str) -> None:
    table = TranspositionTable()
    table.store("p", 1, value, 3, 8, move="m")
    assert table.entry("p") is not None and table.entry("p").flag == flag
    assert table.best_move("p") == "m" and len(table) == 1


def test_a_lower_bound_answers_only_a_search_as_deep_and_a_window_it_settles() -> None:
    table = TranspositionTable()
    table.store("k", 2, 5, alpha=1, beta=9)
    assert table.entry("k").flag == EXACT
    table.store("k", 2, 9, alpha=1, beta=9)
    assert table.entry("k").flag == LOWER
    assert table.lookup("k", 2, 1, 9) == 9
    assert table.lookup("k", 3, 1, 9) is None         # searched too shallow
    assert table.lookup("k", 2, 1, 10) is None        # >= 9 says nothing about beta = 10


def test_a_shallower_search_neither_replaces_nor_answers_a_deeper_one() -> None:
    table = TranspositionTable()
    table.store("p", 4, 5, -math.inf, math.inf, move=1)
    table.store("p", 2, 7, -math.inf, math.inf, move=2)       # shallower: kept out
    assert (table.entry("p").value, table.best_move("p"), table.stores) == (5, 1, 1)
    assert table.lookup("p", 5, -math.inf, math.inf) is None   # asked deeper than stored
    assert table.lookup("p", 4, -math.inf, math.inf) == 5
    table.store("p", 6, 1, -math.inf, math.inf)               # deeper: replaces
    assert (table.entry("p").value, table.stores) == (1, 2)
    table.clear()
    assert len(table) == 0 and table.lookup("p", 0, 0, 1) is None


@pytest.mark.parametrize("call", [
    lambda t: t.store([1], 1, 0, 0, 1),
    lambda t: t.lookup({}, 1, 0, 1),
    lambda t: t.best_move([]),
])
def test_an_unhashable_key_is_refused_by_name(call) -> None:
    with pytest.raises(ArgumentTypeError, match="key"):
        call(TranspositionTable())


@pytest.mark.parametrize(("value", "depth"), [(math.nan, 1), ("5", 1), (5, "deep")])
def test_a_value_or_depth_that_is_no_number_is_refused(value, depth) -> None:
    with pytest.raises(ArgumentTypeError):
        TranspositionTable().store("p", depth, value, 0, 9)


@pytest.mark.parametrize("call, name", [
    (lambda table: table.lookup(1, [2], 0, 1), "depth"),
    (lambda table: table.lookup(2, 2, "low", 1), "alpha"),
    (lambda table: table.store(1, 2, None, 0, 1), "value"),
    (lambda table: table.store(1, 2, math.nan, 0, 1), "value"),
    (lambda table: table.store(1, 2, 0.5, 0, "high"), "beta"),
    (lambda table: table.store(1, "deep", 0.5, 0, 1), "depth"),
])
def test_a_transposition_table_names_the_argument_that_is_no_number(call, name) -> None:
    table = TranspositionTable()
    table.store(1, 3, 0.5, 0, 1)                  # an exact entry
    table.store(2, 3, 0, 0, 1)                    # an upper bound: a lookup compares it with alpha
    with pytest.raises(ArgumentTypeError, match=f"^{name}: expected a number"):
        call(table)


def test_the_bound_table_tightens_and_keeps_depths_apart() -> None:
    rng = random.Random(7)
    table = BoundTable()
    for depth in (2, 3):
        lowers = [rng.randint(-20, 20) for _ in range(10)]
        uppers = [rng.randint(21, 40) for _ in range(10)]
        for lower, upper in zip(lowers, uppers, strict=True):
            table.store("p", depth, lower=lower)
            table.store("p", depth, upper=upper)
        assert table.bounds("p", depth) == (max(lowers), min(uppers))
    assert table.bounds("p", 4) == (-math.inf, math.inf) and table.best_move("p", 4) is None
    table.store("p", 2, move="x")
    assert table.best_move("p", 2) == "x" and table.best_move("p", 3) is None
    assert (len(table), table.stores) == (2, 41)
