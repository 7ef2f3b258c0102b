"""Tests of mmlib.trace.passes: the searches of several passes read as passes with re-searches."""

import math

from mmlib.trace.bounds import LOWER, UPPER
from mmlib.trace.events import TraceEvent
from mmlib.trace.passes import find_phases, find_researches

# two null-window passes of MTD(f) on a root with one leaf worth 4: "value >= 3?" (yes: >= 4),
# then "value >= 5?" (no: <= 4), so the value is 4
EVENTS = [
    TraceEvent("pass", (), alpha=3, beta=3, test=">="),
    TraceEvent("enter", (), alpha=2.5, beta=3),
    TraceEvent("leaf", (0,), value=4),
    TraceEvent("return", (), value=4),
    TraceEvent("pass", (), alpha=5, beta=5, test=">="),
    TraceEvent("enter", (), alpha=4.5, beta=5),
    TraceEvent("leaf", (0,), value=4),
    TraceEvent("return", (), value=4),
]


def test_each_pass_is_a_phase_that_narrows_what_is_known():
    first, second = find_phases(EVENTS, (), {3: LOWER, 7: UPPER}, [])
    assert (first.number, first.first, first.end) == (1, 0, 4)
    assert (first.alpha, first.beta, first.test) == (3, 3, ">=")
    assert (first.value, first.bound, first.lower, first.upper) == (4, LOWER, 4, math.inf)
    assert (first.nodes, first.leaves, first.cutoffs, first.researches) == (1, 1, 0, 0)
    assert (second.number, second.first, second.end, second.bound) == (2, 4, 8, UPPER)
    assert (second.lower, second.upper) == (4, 4)
    assert (first.outcome, second.outcome) == ("fail high", "fail low")


def test_a_child_entered_twice_in_one_visit_is_a_re_search():
    events = [
        TraceEvent("enter", (), alpha=-math.inf, beta=math.inf),
        TraceEvent("enter", (0,), alpha=-math.inf, beta=math.inf),
        TraceEvent("return", (0,), value=1),
        TraceEvent("enter", (1,), alpha=1, beta=1),            # PVS's null window on the second child
        TraceEvent("return", (1,), value=6),
        TraceEvent("enter", (1,), alpha=6, beta=math.inf),      # failed high: searched again
        TraceEvent("return", (1,), value=6),
        TraceEvent("return", (), value=6),
    ]
    (research,) = find_researches(events, (), {4: (1, ">")})
    assert (research.path, research.event) == ((1,), 5)
    assert research.answer == 6 and (research.alpha, research.beta) == (6, math.inf)
    assert (research.gamma, research.test) == (1, ">")
