"""Tests of mmlib.check.table: lab 7's checker of a transposition table's bound flags."""

from __future__ import annotations

import math

import pytest

from mmlib.check import table
from mmlib.table import EXACT, LOWER, UPPER, TranspositionTable

BOUNDS = (-math.inf, -2, -1, 0, 1, 2, math.inf)


def test_the_reference_rules_are_those_of_mmlib_table():
    for value in (-2, -1, 0, 1, 2):
        for alpha in BOUNDS:
            for beta in BOUNDS:
                if alpha >= beta:
                    continue
                store = TranspositionTable()
                store.store("p", depth=2, value=value, alpha=alpha, beta=beta)
                assert store.entry("p").flag == table.reference_flag(value, alpha, beta)
                windows = {EXACT: (-math.inf, math.inf), LOWER: (-math.inf, value), UPPER: (value, math.inf)}
                for flag, (low, high) in windows.items():
                    for stored_depth, depth in ((1, 2), (2, 2), (3, 2)):
                        lookup = TranspositionTable()
                        lookup.store("p", depth=stored_depth, value=value, alpha=low, beta=high)
                        assert lookup.entry("p").flag == flag
                        assert lookup.lookup("p", depth, alpha, beta) == \
                            table.reference_probe(value, flag, stored_depth, depth, alpha, beta)


def test_the_rules_give_minimax_on_every_graph():
    for graph in table.graphs():
        rows, misuse = table._deepening(graph, table.reference_flag, table.reference_probe)
        assert misuse is None and all(found == true for _, found, true in rows)


def test_the_classic_cache_is_caught_with_a_graph_where_it_matters():
    report = table.check_bound_flag(lambda value, alpha, beta: EXACT)
    assert report.diagnosis == "cutoff-stored-as-exact" and not report.passed
    text = str(report)
    assert "Where it matters" in text and "stored as EXACT (it is LOWER)" in text


@pytest.mark.parametrize("probe, diagnosis", [
    (lambda v, f, sd, d, a, b: table.reference_probe(v, f, d, d, a, b), "shallow-entry"),
    (lambda v, f, sd, d, a, b: v if sd >= d else None, "bound-used-as-exact"),
    (lambda v, f, sd, d, a, b: None, "missed-hit"),
    (lambda v, f, sd, d, a, b: "yes", "wrong-type"),
])
def test_probe_mistakes_are_named(probe, diagnosis):
    assert table.check_probe(probe).diagnosis == diagnosis
