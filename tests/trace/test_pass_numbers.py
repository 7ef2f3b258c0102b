"""A step of a search of several passes numbers the static evaluations of the pass it shows;
the finished search numbers them over every pass, and its drawings say which."""

import pytest

from mmlib import search
from mmlib.draw.tree_layout import TreeLayout
from mmlib.trace import trace_of

AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]       # AIMA figure 5.2


def _numbers_of_the_pass(events, step):
    """The leaves evaluated since the last pass began, before ``step``, numbered from 1: read
    from the transcript alone."""
    numbers, count = {}, 0
    for event in events[:step]:
        if event.kind == "pass":
            numbers, count = {}, 0
        elif event.kind == "leaf":
            count += 1
            numbers[event.path] = count
    return numbers


SEARCHES = {"MTD(f) from 0": lambda tree: search.mtdf(tree, guess=0, trace=True),
            "SSS*": lambda tree: search.sss_star(tree, trace=True),
            "aspiration 10 ± 1": lambda tree: search.aspiration(tree, guess=10, delta=1, trace=True)}


@pytest.mark.parametrize("name", SEARCHES)
def test_every_step_numbers_the_evaluations_of_its_own_pass(name):
    result = SEARCHES[name](AIMA_5_2)
    model = trace_of(result)
    assert len(model.phases) > 1
    for step in range(len(model.events) + 1):
        marks = model.marks(step)
        assert dict(marks.leaf_numbers) == _numbers_of_the_pass(model.events, step), (name, step)
        phase = model.phase_at(step - 1) if step else None
        assert marks.numbered == (f"pass {phase.number}" if phase else ""), (name, step)
    final = model.marks()
    last = {path: k for k, path in enumerate(result.stats.leaf_order, start=1)}   # a leaf evaluated again
    assert dict(final.leaf_numbers) == last                                        # shows its last number
    assert final.numbered == f"passes 1–{len(model.phases)}"


def test_the_mtdf_still_numbers_pass_2_and_its_legend_and_words_say_so():
    """At the end of MTD(f)'s second pass (the still of lecture 10), the badges are 1 to 4 on
    H, K, L and M, not pass 1's E, F, G and the count carried over."""
    result = search.mtdf(AIMA_5_2, guess=0, trace=True)
    model = trace_of(result)
    last = model.marks(len(model.events))
    assert {model.label(path): number for path, number in last.leaf_numbers.items()} == \
        {"H": 1, "K": 2, "L": 3, "M": 4}
    scene = TreeLayout(result.game).scene(last)
    assert "order of evaluation, pass 2" in [entry.words for entry in scene.legend]
    assert "4 of 9 leaves evaluated in pass 2" in scene.description
    whole = TreeLayout(result.game).scene(model.marks())
    assert "order of evaluation, passes 1–2" in [entry.words for entry in whole.legend]


def test_a_search_of_one_pass_numbers_as_before():
    model = trace_of(search.alphabeta(AIMA_5_2, trace=True))
    marks = model.marks(len(model.events))
    assert marks.numbered == "" and sorted(marks.leaf_numbers.values()) == list(range(1, 8))
    assert "order of evaluation" in [entry.words for entry in TreeLayout(AIMA_5_2).scene(marks).legend]


def test_the_step_through_ends_on_the_last_pass_numbered():
    """Lecture 10's explorer, stored at its last step (titled "pass 2 of 2"): the finished
    search with its principal variation, the badges numbering pass 2's evaluations."""
    from mmlib import widgets

    explorer = widgets.step_through(AIMA_5_2, "mtdf", guess=0)
    explorer.go(len(explorer.model.events))
    end = explorer.model.end_marks()
    assert end.pv == explorer.model.pv and end.current == explorer.model.start
    assert {explorer.model.label(path): n for path, n in end.leaf_numbers.items()} == \
        {"H": 1, "K": 2, "L": 3, "M": 4}
    assert "pass 2 of 2" in explorer.svg and "order of evaluation, pass 2" in explorer.svg
    assert "4 of 9 leaves evaluated in pass 2" in explorer.svg
