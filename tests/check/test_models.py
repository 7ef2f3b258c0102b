"""mmlib.check.models: each mistake model does exactly what the mistake does when a student writes it.

The student functions are in ``tests/mutants.py``, written by hand from the mistake, not from the
model.  Each runs on the lab's node type over every check tree, and the value it returns with the
leaves it reads, in order, must be what a model of the same name gives: that is how the checker
names a mistake, so a model that drifted from its mistake would leave it unnamed.  The reference
models themselves are compared with mmlib.search, a second implementation.
"""

from __future__ import annotations

import math

import mutants
import pytest

from mmlib import check, search
from mmlib.check import models
from mmlib.check.nodes import shape_of
from mmlib.isolation.nodes import TableValues, build_nodes

INF = math.inf
TREES = [(tree, case.search_depth(tree)) for case in check.check_cases() for tree in [case.tree()]]


def what_it_does(function, tree, depth, *window):
    """The value a student function returns on ``tree`` and the paths of the values it read, in order."""
    shape, values, paths = shape_of(tree)
    source = TableValues(values)
    value = function(build_nodes(shape, source), depth, *window, True)
    return value, tuple(paths[i] for i in source.read)


@pytest.mark.parametrize("function, name", list(mutants.MINIMAX_MISTAKES.items()) +
                         list(mutants.ALPHABETA_MISTAKES.items()),
                         ids=lambda item: getattr(item, "__name__", item))
def test_a_student_mistake_does_what_its_model_does_on_every_check_tree(function, name):
    minimax = function in mutants.MINIMAX_MISTAKES
    named = [model for model in (models.MINIMAX_MISTAKES if minimax else models.ALPHABETA_MISTAKES)
             if model.name == name]
    assert named, f"no model is named {name}"
    window = () if minimax else (-INF, INF)
    differs = 0
    for tree, depth in TREES:
        done = what_it_does(function, tree, depth, *window)
        assert any(model.run(tree, depth) == done for model in named), (tree.to_nested(), depth, done)
        correct = models.MINIMAX.run(tree, depth) if minimax else models.ALPHABETA[0].run(tree, depth)
        differs += done != correct
    assert differs > 0                 # the check trees show the mistake


def test_every_mistake_model_has_a_student_mistake_of_its_name():
    written = set(mutants.MINIMAX_MISTAKES.values()), set(mutants.ALPHABETA_MISTAKES.values())
    assert {model.name for model in models.MINIMAX_MISTAKES} == written[0]
    assert {model.name for model in models.ALPHABETA_MISTAKES} == written[1]


def test_the_student_searches_of_tests_support_do_what_the_reference_models_do():
    import support
    for tree, depth in TREES:
        assert what_it_does(support.minimax, tree, depth) == models.MINIMAX.run(tree, depth)
        assert what_it_does(support.alphabeta, tree, depth, -INF, INF) == models.ALPHABETA[0].run(tree, depth)


def test_reference_models_match_mmlib_search():
    for case in check.check_cases():
        tree = case.tree()
        depth = case.search_depth(tree)
        for model, kwargs in ((models.ALPHABETA[0], {}), (models.ALPHABETA[1], {"variant": "fail-hard"}),
                              (models.ALPHABETA_MISTAKES[1], {"cutoff": ">"})):
            result = search.alphabeta(tree, depth=depth, **kwargs)
            assert model.run(tree, depth) == (result.value, tuple(result.stats.leaf_order))
        result = search.minimax(tree, depth=depth)
        assert models.MINIMAX.run(tree, depth) == (result.value, tuple(result.stats.leaf_order))


def test_a_search_that_reads_far_below_its_depth_limit_is_told_so():
    # limit 1 on a tree three levels deep: no ±1 depth model reads the leaves, so the generic rule names it
    tree = next(tree for tree, _ in TREES if tree.height >= 3)
    value, paths = what_it_does(mutants.minimax_ignores_the_depth, tree, 1)
    assert max(len(path) for path in paths) >= 3
    assert models.diagnose(value, paths, tree, 1, "minimax") == "below-depth-limit"
    assert "below the depth limit" in check.report.HINTS["below-depth-limit"]
