"""Tests of mmlib.trace.events: the numbers each kind of transcript event guarantees."""

import math

import pytest

from mmlib.errors import ArgumentError
from mmlib.trace.events import TraceEvent, gamma_of, question_of, score_of, value_of, window_of


def test_the_numbers_an_event_carries_are_read_back():
    assert value_of(TraceEvent("return", (1,), value=-2.5)) == -2.5
    assert score_of(TraceEvent("update", (), value=4, score=4, move=0)) == 4
    assert window_of(TraceEvent("enter", (0, 1), alpha=3, beta=math.inf)) == (3, math.inf)
    assert gamma_of(TraceEvent("pass", (), alpha=7, beta=7, test=">")) == 7
    assert question_of(TraceEvent("test", (2,), alpha=-1, beta=-1, test=">=")) == (-1, ">=")


@pytest.mark.parametrize("read, event, name", [
    (value_of, TraceEvent("enter", (0,), alpha=1, beta=2), "value"),
    (score_of, TraceEvent("leaf", (0,), value=1), "score"),
    (window_of, TraceEvent("leaf", (0, 1), value=1), "alpha"),
    (question_of, TraceEvent("pass", (), alpha=5, beta=5), "test"),
])
def test_a_number_the_event_does_not_carry_is_named_with_the_event(read, event, name):
    with pytest.raises(ArgumentError, match=f"the '{event.kind}' event at .* carries no {name}"):
        read(event)
