"""Tests of mmlib.trace.algorithms: which searches a trace reads, and how."""

from mmlib.search import Kind
from mmlib.trace.algorithms import CHANCE_ALGORITHMS, WINDOW_ALGORITHMS, replays


def test_the_searches_of_several_passes_and_of_chance_trees():
    assert set(WINDOW_ALGORITHMS) == {"aspiration", "pvs", "mtdf", "sss*"}
    assert set(CHANCE_ALGORITHMS) == {"expectimax", "expectiminimax", "star1", "star2"}


def test_a_kind_the_trace_reads_has_its_registry_entry_and_no_kind_has_none():
    assert replays(None) is None
    about = replays(Kind.MTDF)
    assert about is not None and about.kind is Kind.MTDF and about.passes
    assert replays(Kind.STAR1) is not None and replays(Kind.STAR1).chance
