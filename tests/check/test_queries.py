"""Asking a student's function for what a checker's search needs (mmlib.check.queries)."""

from __future__ import annotations

import pytest

from mmlib.check.queries import Unusable, answers_by_rounds, shown_call, usable_outcome
from mmlib.isolation.runner import Answer, Call, Outcome


def test_a_call_is_shown_as_the_student_writes_it():
    assert shown_call("order_moves", Call(("X..", [0, 1]))) == "order_moves('X..', [0, 1])"
    assert shown_call("f", Call(())) == "f()"


def test_a_returned_answer_is_usable_and_anything_else_says_why_not():
    answer = Answer("int", "7", 7)
    assert usable_outcome("f", Call((1,)), Outcome("ok", answer)) is answer
    with pytest.raises(Unusable) as stopped:
        usable_outcome("f", Call((1,)), Outcome("timeout", output="hi\n"))
    assert (stopped.value.diagnosis, stopped.value.detail, stopped.value.output) == (
        "timeout", "f(1): it was stopped", "hi\n")
    with pytest.raises(Unusable) as unwritten:
        usable_outcome("f", Call((1,)), Outcome("not-implemented", detail="write f first"))
    assert (unwritten.value.diagnosis, unwritten.value.detail) == ("not-implemented", "write f first")


def _chain(known, missing):
    """A search that follows n -> f(n) from 1 until it reaches 0: each round can only ask the next link."""
    n, path = 1, []
    while n != 0:
        if (n,) not in known:
            missing.add((n,))
            return None
        path.append(n)
        n = known[(n,)]
    return path


def _number(call, outcome):
    return usable_outcome("halve", call, outcome).number


def test_the_search_is_run_again_until_it_asks_nothing_new():
    # the chain 1 -> 5 -> 2 -> 0: each round learns one link, the fourth asks nothing new
    chain = {1: 5, 5: 2, 2: 0}
    assert answers_by_rounds(chain.get, "halve", _chain, _number) == [1, 5, 2]


def test_a_search_that_keeps_asking_is_stopped_after_its_rounds():
    with pytest.raises(Unusable) as stopped:
        answers_by_rounds({1: 5, 5: 2, 2: 0}.get, "halve", _chain, _number, max_rounds=2)
    assert stopped.value.diagnosis == "unstable"
    assert "after 2 rounds" in stopped.value.detail
