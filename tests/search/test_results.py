"""Tests of mmlib.search.results: what a search returns."""

from __future__ import annotations

import pytest

from mmlib import search
from mmlib.errors import ArgumentTypeError
from mmlib.search import Kind


def test_results_and_their_counts_are_frozen():
    import dataclasses

    result = search.alphabeta([[3, 5], [2, 9]])
    for record, field in ((result, "value"), (result.stats, "nodes")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, field, 0)


def test_a_result_made_by_hand_with_a_name_gets_its_kind():
    stats = search.Stats()
    made = search.SearchResult(3, 0, (0,), stats, "alphabeta (fail-hard, >)")
    assert made.kind is Kind.ALPHABETA and made.algorithm == "alphabeta (fail-hard, >)"
    assert search.SearchResult(3, 0, (0,), stats, Kind.PVS).algorithm == "pvs"
    with pytest.raises(ArgumentTypeError, match="^kind: "):
        search.SearchResult(3, 0, (0,), stats, "chess")
