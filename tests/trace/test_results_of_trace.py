"""Tests of mmlib.trace.results: a search result's trace, marks and pruned leaves."""

import pytest

from mmlib import search
from mmlib.errors import ArgumentError
from mmlib.trace import result_marks, trace_of
from mmlib.trace.results import result_pruned_leaves

AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_alpha_beta_on_aimas_figure_prunes_the_two_leaves_after_the_2():
    result = search.alphabeta(AIMA_5_2)
    assert result_pruned_leaves(result) == [(1, 1), (1, 2)]


def test_a_traced_result_has_its_trace_and_marks():
    result = search.alphabeta(AIMA_5_2, trace=True)
    events = trace_of(result).events
    assert sum(event.kind == "leaf" for event in events) == result.stats.leaves == 7
    marks = result_marks(result)
    assert marks.values[()] == 3 and sorted(marks.pruned) == [(1, 1), (1, 2)]
    assert marks.bound_kinds[(1,)] == "upper"                        # C returned 2 <= alpha = 3


def test_a_result_without_a_transcript_has_no_trace():
    with pytest.raises(ArgumentError, match="no transcript; search again with trace=True"):
        trace_of(search.alphabeta(AIMA_5_2))
