"""A sweep's named axes: every axis a keyword and a column, and a new axis one entry of AXES."""

import pytest

from mmlib import analysis, search, trees
from mmlib.errors import ArgumentTypeError

COUNTS = ("nodes", "leaves", "cutoffs", "value")


def test_every_axis_is_a_column_of_every_row_in_order():
    rows = analysis.sweep([2], [2, 3], ["best", "worst"], ["minimax", "alphabeta"], seeds=[0, 1])
    assert len(rows) == 2 * 2 * 2 * 2
    assert all(tuple(row) == tuple(axis.column for axis in analysis.AXES) + COUNTS for row in rows)


def test_axes_by_keyword_are_the_axes_by_position():
    by_keyword = analysis.sweep(seeds=range(2), algorithms=["alphabeta", "minimax"], depths=[3],
                                branchings=[3], orderings=["random"])
    assert by_keyword == analysis.sweep([3], [3], ["random"], ["alphabeta", "minimax"], range(2))
    # the teaching search, tree by tree: algorithms vary fastest, on the same tree
    expected = [(seed, name, run(trees.ordered(3, 3, "random", seed)).stats.leaves)
                for seed in range(2) for name, run in (("alphabeta", search.alphabeta),
                                                       ("minimax", search.minimax))]
    assert [(r["seed"], r["algorithm"], r["leaves"]) for r in by_keyword] == expected


def test_an_unknown_axis_is_named():
    with pytest.raises(ArgumentTypeError, match="noises: not an axis of a sweep"):
        analysis.sweep([2], [2], noises=[0.5])
    with pytest.raises(ArgumentTypeError, match="noise: not an axis"):
        analysis.measure(2, 2, "best", "alphabeta", 0, noise=0.5)


def test_a_new_axis_is_one_entry(monkeypatch):
    """An axis the compiled path does not know reaches the tree's maker, its rows are
    searched by the teaching search, and it is a column of every row."""
    made, make = [], trees.ordered

    def ordered(*args, **options):
        made.append(options.get("noise"))
        return make(*args, **options)

    monkeypatch.setattr(analysis.trees, "ordered", ordered)
    monkeypatch.setattr(analysis, "AXES", (*analysis.AXES, analysis.Axis("noise", "noises", (0.0,),
                                                                         compiled=False)))
    rows = analysis.sweep([2], [3], ["random"], ["alphabeta"], [0, 1], noises=[0.0, 0.5])
    assert [(row["seed"], row["noise"]) for row in rows] == [(0, 0.0), (0, 0.5), (1, 0.0), (1, 0.5)]
    assert 0.5 in made
    for row in rows:
        tree = trees.ordered(2, 3, "random", row["seed"], noise=row["noise"])
        assert row["leaves"] == search.alphabeta(tree).stats.leaves
    assert analysis.measure(2, 3, "random", "alphabeta", 1, noise=0.5)["noise"] == 0.5
