"""Drawings show what the text around them argues from: a tree's static values (lecture 02's horizon
effect rests on them) and the cells a Connect Four player threatens to win in (lecture 08's double
threat), marked by a sign and a shape, not by colour, and named in the text alternative."""

import pytest
from oracles import HORIZON_TREE

from mmlib import draw, search, trees
from mmlib.draw.connect4 import draw_connect4, threat_cells
from mmlib.draw.display import ALT_ATTRIBUTE
from mmlib.errors import ArgumentError, ArgumentTypeError
from mmlib.games.connect4 import ConnectFour

HORIZON = HORIZON_TREE                    # lecture 02's tree, B 0 ... I -10
STATIC = {"B": "0", "C": "0", "D": "−9", "E": "−1", "F": "−9", "G": "−1", "H": "−9", "I": "−10"}


def value_beside(figure, label):
    """The number written beside the node labelled ``label`` (painted right after its label, at an
    offset from it)."""
    texts = [t.get_text() for t in figure.axes[0].texts]
    return texts[texts.index(label) + 1]


def test_a_tree_drawn_with_its_static_values_shows_each_beside_its_node():
    tree = trees.from_text(HORIZON)
    figure = draw.draw_tree(tree, values="static", title="the horizon tree")
    for label, value in STATIC.items():
        assert value_beside(figure, label) == value, label
    assert value_beside(figure, "A") == ""                         # A has no static value
    alt = getattr(figure, ALT_ATTRIBUTE)
    assert "static value" in alt
    assert all(f"{label} {value}" in alt for label, value in STATIC.items()), alt
    plain = draw.draw_tree(tree)                                  # the minimax values differ: C is -10
    assert value_beside(plain, "C") == "−10" and value_beside(plain, "A") == "−9"


def test_static_values_are_refused_where_they_mean_nothing():
    with pytest.raises(ArgumentError, match="^values: 'static'"):
        draw.draw_tree(search.minimax(trees.from_text(HORIZON), depth=2), values="static")
    with pytest.raises(ArgumentTypeError, match="^values: expected True, False or 'static'"):
        draw.draw_tree(trees.from_text(HORIZON), values="yes")


def test_the_threatened_cells_are_marked_by_sign_and_shape_and_named():
    game = ConnectFour()
    state = game.position("3324")                 # columns 1 and 5 empty: a disc there lands at the bottom
    assert threat_cells(game, state, [1, 5]) == [(1, 0), (5, 0)]
    figure = draw_connect4(game, state, title="two threats", threats=[1, 5])
    ax = figure.axes[0]
    marks = sorted(tuple(round(v) for v in t.get_position()) for t in ax.texts if t.get_text() == "!")
    assert marks == [(1, 0), (5, 0)]
    rings = [p for p in ax.patches if getattr(p, "center", None) in ((1, 0), (5, 0))
             and p.get_facecolor()[3] == 0 and p.get_linestyle() != "solid"]
    assert len(rings) == 2                        # a dashed ring around each, not a colour
    alt = getattr(figure, ALT_ATTRIBUTE)
    assert "column 1, row 1 from the bottom; column 5, row 1 from the bottom" in alt
    full = game.position("333333")                                           # column 3 full
    assert threat_cells(game, full, [3]) == []
    unmarked = draw_connect4(game, state)
    assert "!" not in [t.get_text() for t in unmarked.axes[0].texts]
    assert "Marked" not in getattr(unmarked, ALT_ATTRIBUTE)


def _dash_kind(dash: str) -> str:
    """What a reader calls an SVG dash pattern: dots when each stroke is no longer than its gap."""
    strokes = [float(v) for v in dash.split()[::2]]
    gaps = [float(v) for v in dash.split()[1::2]]
    return "dots" if max(strokes) <= min(gaps) else "dashes"


def test_lecture_05_names_the_guides_by_the_line_styles_its_explorer_draws():
    """05 says which guide is which by its look: the words match what the orderings explorer
    draws (and never "short dashes" for a dotted line)."""
    from pathlib import Path

    from mmlib.widgets.growth import guides

    text = " ".join((Path(__file__).parents[2] / "notebooks/05_move_ordering.md").read_text().split())
    every, knuth_moore = guides(3, [1, 2, 3])
    looks = {"#000000": "black", "#666666": "grey"}
    assert f"$b^d$ ({looks[every.color]} {_dash_kind(every.dash)})" in text
    assert f"Knuth–Moore count ({looks[knuth_moore.color]} {_dash_kind(knuth_moore.dash)})" in text
    assert "short dashes" not in text and "long dashes" not in text
