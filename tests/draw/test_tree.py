"""Tree drawings with matplotlib (mmlib.draw.tree): the pruned leaves and windows of the sources' figures,
marks that follow the trace step by step, values written with signed infinities, bad arguments refused."""

import pytest
from support import A_TO_G, AIMA, CS312

from mmlib import draw, search, trees
from mmlib.draw.tree import TreeView, marks_from_events
from mmlib.errors import ArgumentError, ArgumentTypeError


def values_of(tree, paths):
    return sorted(tree.node(path).value for path in paths)


def test_pruned_leaves_of_the_a_to_g_walkthrough_are_9_0_and_minus_1():
    tree = trees.from_nested(A_TO_G)
    result = search.alphabeta(tree, trace=True)
    assert values_of(tree, draw.pruned_leaves(result)) == [-1, 0, 9]       # E. Özbilge 2024
    marks = draw.marks_from_result(result)
    assert {tree.label_of(p) for p in marks.pruned_roots} == {"G", tree.label_of((0, 1, 1))}


def test_pruned_leaves_of_aima_figure_are_4_and_6():
    tree = trees.from_nested(AIMA)
    assert values_of(tree, draw.pruned_leaves(search.alphabeta(tree))) == [4, 6]


@pytest.mark.parametrize("variant", ["fail-soft", "fail-hard"])
@pytest.mark.parametrize("cutoff", [">=", ">"])
@pytest.mark.parametrize("seed", range(4))
def test_pruned_marking_agrees_with_leaf_order(variant, cutoff, seed):
    tree = trees.explicit(trees.ordered(3, 4, "random", seed=seed))
    result = search.alphabeta(tree, variant=variant, cutoff=cutoff, trace=True)
    marks = draw.marks_from_result(result)
    evaluated = set(result.stats.leaf_order)
    assert not evaluated & marks.pruned
    pruned_leaves = {path for path in marks.pruned if not tree.node(path).children}
    assert {leaf.path for leaf in tree.leaves()} == evaluated | pruned_leaves
    assert sorted(marks.leaf_numbers, key=marks.leaf_numbers.get) == result.stats.leaf_order
    # the same marking follows from leaf_order alone (a result without a trace)
    untraced = search.alphabeta(tree, variant=variant, cutoff=cutoff)
    assert draw.marks_from_result(untraced).pruned == marks.pruned


def test_minimax_prunes_nothing():
    result = search.minimax(AIMA)
    assert draw.pruned_leaves(result) == []


def test_windows_are_the_ones_of_the_cs312_figure():
    # Cornell CS 312: fail-hard alpha-beta, children in order; the 8 leaf is called with [L, 6],
    # the right subtree of the root with [6, W].
    tree = trees.from_nested(CS312)
    result = search.alphabeta(tree, variant="fail-hard", trace=True)
    marks = draw.marks_from_result(result)
    inf = float("inf")
    assert marks.windows[()] == (-inf, inf)
    assert marks.windows[(0, 0, 1)] == (1, inf)     # 5[1, W]
    assert marks.windows[(0, 0, 2)] == (5, inf)     # 6[5, W]
    assert marks.windows[(0, 1)] == (-inf, 6)       # 6[L, 6]
    assert marks.windows[(0, 1, 0)] == (-inf, 6)    # 8[L, 6]
    assert marks.windows[(1,)] == (6, inf)          # L[6, W]
    assert marks.windows[(1, 0)] == (6, inf)        # L[6, W], then the W subtree is cut
    assert values_of(tree, draw.pruned_leaves(result)) == [1, 3, 100]


def test_windows_are_formatted_with_infinity_signs():
    figure = draw.draw_tree(search.alphabeta(A_TO_G, trace=True), windows=True)
    texts = {text.get_text() for text in figure.axes[0].texts}
    assert "[−∞, +∞]" in texts and "[−∞, 5]" in texts and "[5, +∞]" in texts
    assert "✕" in {t.get_text() for t in figure.axes[0].texts if t.get_visible()}


def test_step_marks_follow_the_trace():
    tree = trees.from_nested(A_TO_G)
    trace = search.alphabeta(tree, trace=True).trace
    first_cutoff = next(i for i, e in enumerate(trace) if e.kind == "cutoff")
    before = marks_from_events(tree, trace[:first_cutoff])
    after = marks_from_events(tree, trace[: first_cutoff + 1])
    assert not before.pruned and values_of(tree, after.pruned) == [9]


def test_bad_arguments_raise_mmlib_errors():
    with pytest.raises(ArgumentError, match="windows"):
        draw.draw_tree(search.alphabeta(AIMA), windows=True)
    with pytest.raises(ArgumentError, match="windows"):
        draw.draw_tree(search.minimax(AIMA, trace=True), windows=True)
    with pytest.raises(ArgumentTypeError, match="tree"):
        draw.draw_tree(object())


def test_a_given_axes_is_used():
    from matplotlib.figure import Figure

    figure = Figure()
    axes = figure.subplots(1, 2)
    assert draw.draw_tree(AIMA, ax=axes[1]) is figure
    assert axes[1].texts and not axes[0].texts


def test_infinities_are_written_with_signs():
    assert draw.format_value(float("inf")) == "+∞"
    assert draw.format_value(float("-inf")) == "−∞"


LONG_TITLE = ("alpha-beta on the three-by-three tree of AIMA figure 5.2, with every window the "
              "search was called with and every leaf it left out")


def _fits(figure):
    title = figure.axes[0].title
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(figure).get_renderer()
    axes_width = figure.axes[0].get_window_extent(renderer).width
    assert title.get_text().count("\n") >= 1
    assert title.get_window_extent(renderer).width <= axes_width
    assert " ".join(title.get_text().split()) == " ".join(LONG_TITLE.split())


def test_a_title_wider_than_the_tree_is_broken_into_lines_that_fit():
    _fits(draw.draw_tree(search.alphabeta(AIMA, trace=True), title=LONG_TITLE))


def test_a_step_through_title_set_after_drawing_is_broken_too():
    tree = trees.from_nested(AIMA)
    view = TreeView(tree, windows=True)
    _fits(view.show(marks_from_events(tree, search.alphabeta(tree, trace=True).trace[:5]), title=LONG_TITLE))


def test_a_short_title_stays_on_one_line():
    figure = draw.draw_tree(search.alphabeta(AIMA), title="AIMA figure 5.2")
    assert figure.axes[0].get_title() == "AIMA figure 5.2"
