"""A line drawn on top of another says so in its legend (issue #31: no series hidden without the figure
saying so): the chess explorer's orderings and the growth explorer's measured line against its guides."""

from __future__ import annotations

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
                      "+ killers: 2,185 nodes at depth 3, drawn over MVV-LVA",
                      "+ history: 2,200 nodes at depth 3, within 10% of MVV-LVA",
                      "random: 9,336 nodes at depth 3",
                      "generator: 1,353 nodes at depth 3, within 10% of random at depths 1–2"]


@pytest.mark.slow
def test_growth_explorer_names_the_guide_its_line_covers():
    best = widgets.growth_explorer(branching=3, depth=4, ordering="best")
    assert "(on the Knuth–Moore line)" in best.svg            # best order: exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1
    plain = widgets.growth_explorer(branching=3, depth=4, ordering="random", algorithm="minimax")
    assert "(on the bᵈ line)" in plain.svg                    # minimax reads every leaf
    random = widgets.growth_explorer(branching=3, depth=4, ordering="random")
    assert "(on the" not in random.svg
