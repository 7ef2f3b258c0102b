"""The nodes student code receives (mmlib.isolation.nodes): built from a shape, values read from their
source and recorded in order, every access counted against a budget that a swallowed stop cannot undo."""

import pytest

from mmlib.isolation.nodes import LabNode, Stop, TableValues, build_nodes

# A(B(D, E), C): preorder A=0, B=1, D=2, E=3, C=4
SHAPE = (("A", "B", "D", "E", "C"), ((1, 4), (2, 3), (), (), ()))
VALUES = [0, 5, 3, 12, 8]


def test_the_nodes_follow_the_shape_in_preorder():
    root = build_nodes(SHAPE, TableValues(VALUES))
    assert root.label == "A" and not root.is_leaf()
    b, c = root.children
    assert [node.label for node in b.children] == ["D", "E"] and b.children[1].is_leaf()
    assert (c.label, c.is_leaf(), c.value) == ("C", True, 8)
    assert [leaf.value for leaf in b.children] == [3, 12]
    assert repr(root) == "LabNode('A', 2 children)" and repr(c) == "LabNode('C', value=8)"


def test_the_values_read_are_recorded_in_order_and_a_repeat_counts_once():
    source = TableValues(VALUES)
    root = build_nodes(SHAPE, source)
    d, e = root.children[0].children
    _ = e.value, e.value, d.value, e.value
    assert source.read == [3, 2, 3]
    assert repr(d) == "LabNode('D', value=3)" and source.read == [3, 2, 3]      # showing a node reads nothing


def test_every_access_counts_and_the_budget_stops_a_runaway_even_if_swallowed():
    source = TableValues(VALUES, budget=4)
    root = build_nodes(SHAPE, source)
    assert not root.is_leaf()                                   # access 1
    d = root.children[0].children[0]                            # accesses 2 and 3
    assert d.is_leaf() and source.touches == 4                  # access 4: the whole budget
    with pytest.raises(Stop) as stopped:
        _ = d.value                                             # access 5
    assert stopped.value.reason == "runaway" and source.ran_away and source.touches == 5
    assert source.read == []                                    # the value was never handed out
    assert not isinstance(stopped.value, Exception)   # `except Exception` in student code lets it through
    try:
        _ = root.children
    except BaseException:  # noqa: BLE001 - a student's function that swallows everything
        pass
    assert source.ran_away and source.touches == 6


def test_nodes_hold_only_their_label_and_children():
    node = build_nodes(SHAPE, TableValues(VALUES))
    with pytest.raises(AttributeError):
        node.extra = 1
    assert isinstance(node, LabNode) and not hasattr(node, "__dict__")
