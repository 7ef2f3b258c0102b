"""Tests of mmlib.isolation.runner: student functions called in a child process, and what comes back."""

from __future__ import annotations

import math
import os

from hypothesis import given
from hypothesis import strategies as st

from mmlib.check import cases as cases_module
from mmlib.check.nodes import shape_of
from mmlib.isolation import runner


def test_after_a_crash_the_remaining_calls_run_in_a_fresh_process():
    def sometimes(x):
        if x == 2:
            os._exit(9)
        return x * 10

    outcomes = list(runner.run_calls(sometimes, [runner.Call((x,)) for x in (1, 2, 3)]))
    assert [o.kind for o in outcomes] == ["ok", "exit", "ok"]
    assert outcomes[2].answer.number == 30


def test_reads_are_recorded_by_the_checker_in_order():
    tree = cases_module.build([[3, 12, 8], [2, 4, 6]])
    shape, values, paths = shape_of(tree)

    def read_backwards(node):
        return [leaf.value for child in reversed(node.children) for leaf in reversed(child.children)]

    outcome, = runner.run_calls(read_backwards, [runner.Call((), shape, values)])
    assert [paths[i] for i in outcome.evaluated] == [leaf.path for leaf in reversed(tree.leaves())]
    assert [item.number for item in outcome.answer.items] == [6, 4, 2, 8, 12, 3]


def round_trip(value):
    import json
    return runner.Answer.from_message(json.loads(json.dumps(runner.plain_answer(value))))


@given(st.integers(min_value=-10**40, max_value=10**40) | st.integers().map(lambda n: n * 10**40))
def test_integers_come_back_exactly_or_with_their_number_of_digits(n):
    answer = round_trip(n)
    if abs(n) < 10**30:
        assert (answer.kind, answer.number, answer.text) == ("int", n, str(n))
    else:
        assert answer.kind == "bigint" and answer.number is None
        assert answer.text == f"a {len(str(abs(n))):,}-digit integer"


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_floats_come_back_exactly_and_nan_is_named(x):
    answer = round_trip(x)
    if math.isnan(x):
        assert answer.kind == "nan" and not answer.is_number
    elif math.isinf(x):
        assert answer.kind == "inf" and answer.number == x
    else:
        assert answer.kind == "float" and answer.number == x and answer.is_number
