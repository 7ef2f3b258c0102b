"""A line drawn on top of another says so in its legend (issue #31: no series hidden without the figure
saying so): the chess explorer's orderings and the growth explorer's measured line against its guides."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("chess")

from mmlib import widgets  # noqa: E402
from mmlib.widgets.chess import ordering_lines  # noqa: E402


def rows(*nodes: int) -> list[dict[str, int]]:
    return [{"depth": depth, "nodes": count} for depth, count in enumerate(nodes, start=1)]


def test_equal_lines_say_which_they_cover_and_a_shared_first_point_is_not_covering():
    labels = [line.label for line in ordering_lines({
        "MVV-LVA": rows(39, 292, 2185),
        "+ killers": rows(39, 292, 2185),            # the same line
        "+ history": rows(39, 300, 2200),            # within 10% everywhere: drawn over, not equal
        "random": rows(39, 715, 9336),               # meets the others at depth 1 only
        "generator": rows(39, 739, 1353),            # within 10% of random at depths 1-2 only
    })]
    assert labels == ["MVV-LVA: 2,185 nodes at depth 3",
                      "+ killers: 2,185 nodes at depth 3; drawn over MVV-LVA (the same counts)",
                      "+ history: 2,200 nodes at depth 3; drawn on MVV-LVA and on + killers "
                      "(counts within 10%)",
                      "random: 9,336 nodes at depth 3",
                      "generator: 1,353 nodes at depth 3; drawn on random at depths 1–2 (counts within 10%)"]


def _legend(svg: str) -> str:
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg.split('class="legend-entry"', 1)[1]))


@pytest.mark.slow
def test_growth_explorer_names_the_guide_its_line_covers_once():
    best = _legend(widgets.growth_explorer(branching=3, depth=4, ordering="best").svg)
    # best order: exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1, said once
    assert best.count("on the Knuth–Moore") + best.count("exactly on Knuth–Moore") == 1
    assert "— exactly on Knuth–Moore" in best
    plain = _legend(widgets.growth_explorer(branching=3, depth=4, ordering="random", algorithm="minimax").svg)
    assert plain.count("on the bᵈ") + plain.count("exactly on bᵈ") == 1      # minimax reads every leaf
    assert "— exactly on bᵈ" in plain
    random = _legend(widgets.growth_explorer(branching=3, depth=4, ordering="random").svg)
    assert " on " not in random
