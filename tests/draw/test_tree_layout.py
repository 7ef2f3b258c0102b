"""The one layout every painter reads (mmlib.draw.tree_layout): nodes of a level a slot apart, parents
centred over their children, the leaf-gap rule, and windows labelled as windows on entry at every step."""

import itertools

import pytest
from support import A_TO_G, EDGE_CASES

from mmlib import draw, search, trees


@pytest.mark.parametrize("name", EDGE_CASES)
def test_layout_keeps_nodes_of_a_level_at_least_one_slot_apart(name):
    tree = trees.from_nested(EDGE_CASES[name])
    positions = draw.layout(tree)
    assert set(positions) == {node.path for node in tree.nodes()}
    by_level: dict[float, list[float]] = {}
    for path, (x, y) in positions.items():
        assert y == -len(path)
        by_level.setdefault(y, []).append(x)
    for xs in by_level.values():
        xs.sort()
        assert all(b - a >= 1 for a, b in itertools.pairwise(xs))


@pytest.mark.parametrize("name", EDGE_CASES)
def test_layout_centres_parents_over_their_children(name):
    tree = trees.from_nested(EDGE_CASES[name])
    positions = draw.layout(tree)
    for node in tree.nodes():
        if node.children:
            first = positions[node.children[0].path][0]
            last = positions[node.children[-1].path][0]
            assert positions[node.path][0] == pytest.approx((first + last) / 2)
    leaves_x = [positions[leaf.path][0] for leaf in tree.leaves()]
    assert leaves_x == list(range(tree.leaf_count))  # leaves evenly spaced, left to right


def test_uniform_tree_parent_is_the_mean_of_its_children():
    positions = draw.layout(trees.explicit(trees.uniform(3, 3, seed=1)))
    for path, (x, _) in positions.items():
        kids = [positions[path + (m,)][0] for m in range(3) if path + (m,) in positions]
        if kids:
            assert x == pytest.approx(sum(kids) / 3)


def test_the_leaf_gap_rule_divides_what_two_neighbours_need_by_the_slots_between_them():
    from mmlib.draw.tree_layout import TreeLayout, slot_width

    rows = [[(0.0, 10.0), (1.0, 30.0), (4.0, 5.0)], [(0.0, 50.0), (0.0, 99.0)]]   # same x: no pair
    # neighbours need (10 + 30) over 1 slot and (30 + 5) over 3 slots: 40 wins; the least is kept
    assert slot_width(rows, lambda a, b: a + b) == 40.0
    assert slot_width(rows, lambda a, b: a + b, least=41.5) == 41.5
    frame = TreeLayout(trees.from_nested([[1, 2], 3]))
    assert frame.rows == [[(1.25, ())], [(0.5, (0,)), (2.0, (1,))], [(0.0, (0, 0)), (1.0, (0, 1))]]
    # B and C are 1.5 slots apart, D and E 1 slot: 6 / 1.5 = 4 < 5 / 1
    apart = {((0,), (1,)): 6.0, ((0, 0), (0, 1)): 5.0}
    assert frame.leaf_gap(lambda left, right: apart[left, right]) == 5.0


def test_every_frame_of_a_step_through_labels_its_windows_as_windows_on_entry():
    """The legend says "[α, β]: window on entry"; every frame draws exactly that (E entered with
    [−∞, 5] is never drawn [6, 5], C entered with [5, +∞] never [5, 2])."""
    from mmlib.draw.tree_layout import TreeLayout
    from mmlib.trace import format_window, trace_of
    model = trace_of(search.alphabeta(A_TO_G, trace=True))
    frame = TreeLayout(model.tree)
    entered: dict = {}
    for step in range(len(model.events) + 1):
        if step:
            event = model.events[step - 1]
            if event.kind == "enter":
                entered[event.path] = format_window((event.alpha, event.beta))
        scene = frame.scene(model.marks(step), windows=True)
        assert {m.path: m.window for m in scene.nodes if m.window} == entered, step
        if entered:
            assert any(entry.words == "[α, β]: window on entry" for entry in scene.legend), step
