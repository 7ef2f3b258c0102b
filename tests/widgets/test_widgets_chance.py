"""The step-through explorer on trees with chance nodes and with several agents."""

import xml.etree.ElementTree as ET

import pytest
from support import svg_legend_words

from mmlib.draw.style import DISPLAY_WIDTH_PX
from mmlib.errors import ArgumentError
from mmlib.trees import layered_tree
from mmlib.widgets import step_through

AIMA_5_12 = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]   # AIMA figure 5.12, left
CS188 = [[(1/2, 8), (1/3, 24), (1/6, -12)], [(1/4, 3), (3/4, 9)]]               # CS188 expectimax


def classes_of(svg, css):
    return [e for e in ET.fromstring(svg).iter() if css in e.get("class", "").split()]


@pytest.mark.parametrize("algorithm", ["expectimax", "expectiminimax", "star1", "star2"])
def test_every_step_of_a_chance_search_draws_and_narrates(algorithm):
    explorer = step_through(AIMA_5_12, algorithm, layers="max chance min")
    assert explorer.result.algorithm == algorithm
    for step in range(explorer.slider.max + 1):
        explorer.go(step)
        assert explorer.sentence and "could not" not in explorer.status.value
        assert [e.text for e in classes_of(explorer.svg, "probability")] == ["0.9", "0.1", "0.9", "0.1"]
    assert explorer.sentence == "A returns 2.1: the value of the game is 2.1."
    assert "chance" in svg_legend_words(explorer.svg)
    assert explorer.windows == (algorithm.startswith("star"))


def test_expectimax_explorer_says_how_the_average_is_made():
    explorer = step_through(layered_tree(CS188, layers="max chance"), "expectimax")
    explorer.go(explorer.events_until("return", "B"))
    assert explorer.sentence == "B averages 1/2 × 8 + 1/3 × 24 + 1/6 × (−12) = 10 and returns it to A."
    assert "B averages" in ET.fromstring(explorer.svg).get("aria-label")


def test_star1_explorer_narrates_the_pruning_and_draws_the_bound():
    explorer = step_through(AIMA_5_12, "star1", layers="max chance min")
    explorer.go(explorer.events_until("cutoff", "C"))
    assert "even the best outcomes left cannot lift the average above α = 2.1, so G is pruned" in \
        explorer.sentence
    explorer.go(explorer.events_until("return", "C"))
    assert "≤ 1.3" in {e.text for e in classes_of(explorer.svg, "value")}
    assert {e.get("data-label") for e in classes_of(explorer.svg, "pruned")
            if "node" in e.get("class").split()} == {"G", "M", "N", "O"}


def test_multi_agent_alphabeta_explorer_names_the_agents():
    explorer = step_through([[[3, 5], [2, 9]], [[1, 4], [6, 7]]], "alphabeta", layers="max min min")
    explorer.go(3)
    assert explorer.sentence == "enter D (MIN 2) with [α, β] = [−∞, +∞]."
    assert [e.text for e in classes_of(explorer.svg, "level")] == ["MAX", "MIN 1", "MIN 2"]
    explorer.go(explorer.slider.max)
    assert explorer.sentence == "A returns 2: the value of the game is 2."
    assert explorer.model.pruned_leaves                            # alpha-beta prunes here too


def test_wrong_algorithm_or_layers_are_refused_clearly():
    with pytest.raises(ArgumentError, match="does not average chance nodes"):
        step_through(AIMA_5_12, "alphabeta", layers="max chance min")
    with pytest.raises(ArgumentError, match="layers="):
        step_through([[1, 2], [3, 4]], "star1")
    with pytest.raises(ArgumentError, match="algorithm"):
        step_through(AIMA_5_12, "star3", layers="max chance min")
    with pytest.raises(ArgumentError, match="already has its layers"):
        step_through(layered_tree(AIMA_5_12, layers="max chance min"), "star1", layers="max chance min")


def test_the_explorers_legend_quotes_the_drawings_own_probability_and_bounds():
    explorer = step_through(AIMA_5_12, "star1", layers="max chance min")
    explorer.go(explorer.slider.max)
    words = svg_legend_words(explorer.svg)
    assert "0.9: an outcome&#x27;s probability" in words and "1/2" not in words
    sides = {e.text[0] for e in classes_of(explorer.svg, "value") if e.text[:1] in "≥≤"}
    assert sides                                       # Star1 prunes here, so the drawing shows a bound
    for side in "≥≤":
        assert (side in words) == (side in sides)


@pytest.mark.parametrize("algorithm", ["expectiminimax", "star1", "star2"])
def test_a_chance_step_through_fits_the_column_with_no_label_touching_another(algorithm):
    """The explorer keeps room for the values and windows its search writes (not for the widest a
    value of the tree could be): AIMA figure 5.12 fits a 900-px column at every step, its text
    at 15 px (11.25 pt), and no label touches a shape or another label."""
    explorer = step_through(AIMA_5_12, algorithm, layers="max chance min")
    assert explorer.view.width <= DISPLAY_WIDTH_PX
    for step in range(explorer.slider.max + 1):
        marks = explorer.model.marks(step)
        shapes, labels = explorer.view.boxes(marks, windows=explorer.windows)
        for i, label in enumerate(labels):
            assert not any(label.overlaps(shape) for shape in shapes), (step, label)
            assert not any(label.overlaps(other) for other in labels[i + 1:]), (step, label)
        assert all(box.right <= explorer.view.width for box in shapes + labels)
    sizes = {float(e.get("font-size")) for e in ET.fromstring(explorer.svg).iter() if e.get("font-size")}
    assert min(sizes) >= 15
