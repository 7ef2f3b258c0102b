"""Tests of mmlib.branching: measured growth per ply and effective branching factors."""

from __future__ import annotations

import math

from mmlib import branching


def test_measurements_of_the_best_ordering_on_a_uniform_tree() -> None:
    from mmlib import trees
    rows = branching.ordering_rows(trees.ordered(4, 4, "best"), "natural", [1, 2, 3, 4])
    assert [row["leaves"] for row in rows] == [4 ** math.ceil(d / 2) + 4 ** (d // 2) - 1 for d in range(1, 5)]
    assert all(row["over_minimal"] == 1 and row["b"] == 4 for row in rows)
    assert all(row["first_share"] == 1 for row in rows[1:])
