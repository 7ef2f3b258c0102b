"""The growth explorer (mmlib.widgets.growth) driven from code: set a slider, check what is measured
and drawn."""

import xml.etree.ElementTree as ET

import pytest
from support import shown_svg, with_class

from mmlib import widgets
from mmlib.errors import ArgumentError


def test_growth_explorer_follows_knuth_moore_for_best_ordering():
    explorer = widgets.growth_explorer(branching=3, depth=2)
    assert "mmlib-growth-explorer" in explorer._dom_classes
    before = explorer.output.value
    assert len(with_class(shown_svg(explorer), "point")) == 2
    explorer.depth.value = 6
    assert explorer.output.value != before
    assert len(with_class(shown_svg(explorer), "point")) == 6          # one marker per measured depth
    # Knuth & Moore: b^ceil(d/2) + b^floor(d/2) - 1 leaves, best move first
    assert [row["leaves"] for row in explorer.rows] == [3 ** ((d + 1) // 2) + 3 ** (d // 2) - 1
                                                        for d in range(1, 7)]
    assert "effective branching factor" in explorer.status.value
    explorer.ordering.value = "worst"
    assert [row["leaves"] for row in explorer.rows] == [3 ** d for d in range(1, 7)]


def test_growth_explorer_stays_within_its_budget():
    explorer = widgets.growth_explorer(branching=8, depth=3, ordering="worst", node_budget=5_000)
    # worst first prunes nothing: depths 1..3 take 9 + 73 + 585 = 667 nodes, depth 4 adds 4681 more
    assert explorer.depth.max == 3
    assert [row["depth"] for row in explorer.rows] == [1, 2, 3]
    assert len(with_class(shown_svg(explorer), "point")) == 3
    with pytest.raises(ArgumentError, match="depths 1 to 3 answer within 2 seconds"):
        explorer.depth.value = 4
    with pytest.raises(ArgumentError, match="depths 1 to 3 answer within 2 seconds"):
        widgets.growth_explorer(branching=8, depth=8, ordering="worst", node_budget=5_000)
    explorer.ordering.value = "quality q"
    assert explorer.q.disabled is False and explorer.rows


def _legend(svg: str) -> str:
    """The legend's words, each text whole (its scripts' letters written in line: b^d as "bd")."""
    entries = [g for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g")
               if g.get("class") == "legend-entry"]
    return " ".join("".join(text.itertext()) for g in entries for text in g.iter("{http://www.w3.org/2000/svg}text"))


@pytest.mark.slow
def test_growth_explorer_names_the_guide_its_line_covers_once():
    best = _legend(widgets.growth_explorer(branching=3, depth=4, ordering="best").svg)
    # best order: exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1, said once
    assert best.count("on the Knuth–Moore") + best.count("exactly on Knuth–Moore") == 1
    assert "— exactly on Knuth–Moore" in best
    plain = _legend(widgets.growth_explorer(branching=3, depth=4, ordering="random", algorithm="minimax").svg)
    assert plain.count("on the bd") + plain.count("exactly on bd") == 1      # minimax reads every leaf (b^d)
    assert "— exactly on bd" in plain
    random = _legend(widgets.growth_explorer(branching=3, depth=4, ordering="random").svg)
    assert " on " not in random


def test_growth_explorer_names_pruning_yardsticks_only_for_a_search_that_prunes():
    # minimax evaluates all b^d leaves: √b and Pearl's rate (taught with alpha-beta) are not its yardsticks
    explorer = widgets.growth_explorer(branching=3, depth=4, ordering="random", algorithm="minimax")
    said = explorer.status.value
    assert "effective branching factor 3 (b = 3: minimax evaluates every leaf)" in said
    assert "√b" not in said and "Pearl" not in said and "R₃" not in said
    explorer.algorithm.value = "alphabeta"
    assert "√b = 1.732, Pearl&#x27;s growth rate R₃ = 2.148 per ply" in explorer.status.value


def test_a_lecture_before_the_square_root_can_leave_its_yardsticks_out():
    explorer = widgets.growth_explorer(branching=4, depth=4, ordering="quality q", yardsticks=False)
    said = explorer.status.value
    assert "effective branching factor" in said and "(b = 4)" in said
    assert "√b" not in said and "Pearl" not in said and "R₄" not in said
    with pytest.raises(ArgumentError, match="yardsticks"):
        widgets.growth_explorer(yardsticks="no")
