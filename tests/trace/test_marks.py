"""Tests of mmlib.trace.marks: what a view shows on a tree at one moment."""

from oracles import layered_minimax

from mmlib.trace.marks import minimax_marks, static_marks
from mmlib.trees import from_text


def test_marks_views_change_are_new_marks():
    from mmlib.trace import Marks
    from mmlib.trees import as_tree
    marks = Marks(values={(): 3.0})
    shown = marks.at((0,)).with_leaf_values(as_tree([[3, 5], [2, 9]]))
    assert marks.current is None and marks.values == {(): 3.0} and marks.bound_kinds == {}
    assert shown.current == (0,) and shown.values[(1, 0)] == 2 and shown.values[()] == 3.0


def test_minimax_marks_are_every_nodes_exact_value():
    nested = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]             # AIMA's Figure 5.2
    marks = minimax_marks(nested)
    assert marks.values == {(): 3, (0,): 3, (1,): 2, (2,): 2, **{(i, j): nested[i][j] for i in range(3)
                                                                  for j in range(3)}}
    assert marks.values[()] == layered_minimax(nested)
    assert set(marks.bound_kinds.values()) == {"exact"} and marks.value_text((2,)) == "2"


def test_static_marks_show_only_the_numbers_written_on_the_tree():
    marks = static_marks(from_text("ABCD\nA: BC\nB: D\nB 5\nC 7\nD -1"))
    assert dict(marks.values) == {(0,): 5, (0, 0): -1, (1,): 7}
