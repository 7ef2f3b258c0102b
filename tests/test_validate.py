"""mmlib._validate, the one helper every public boundary checks its arguments with, and the
hostile inputs of issue 33 (part 9) at the boundaries that now use it."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy
import pytest

from mmlib import _validate, games, search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError, UserFunctionError
from mmlib.trace import trace_of

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]           # AIMA figure 5.2


@pytest.mark.parametrize("value", [3, numpy.int64(3), numpy.uint8(3), numpy.int32(3)])
def test_a_whole_number_of_any_integer_type_is_the_plain_int_it_equals(value):
    got = _validate.whole("depth", value, minimum=0)
    assert got == 3 and type(got) is int


@pytest.mark.parametrize("value", [True, False, 3.0, numpy.float64(3), "3", None, Fraction(3)])
def test_anything_else_is_not_a_whole_number(value):
    with pytest.raises(ArgumentTypeError, match="^depth: expected a whole number"):
        _validate.whole("depth", value)


def test_a_whole_number_outside_its_range_names_the_range():
    with pytest.raises(ArgumentError, match="^trees: expected 1 to 50, got 51$"):
        _validate.whole("trees", 51, minimum=1, maximum=50)
    with pytest.raises(ArgumentError, match="^step: must be at most 9, got 10$"):
        _validate.whole("step", 10, maximum=9)
    assert _validate.whole("max_depth", None, minimum=0, allow_none=True) is None


@pytest.mark.parametrize("value", [10 ** 400, -10 ** 400, Fraction(10 ** 400)])
def test_a_number_too_large_for_a_float_is_refused_by_name(value):
    with pytest.raises(ArgumentError, match="^alpha: too large to compute with"):
        _validate.number("alpha", value)


def test_infinities_are_numbers_unless_finite_is_asked():
    assert _validate.number("beta", math.inf) == math.inf
    with pytest.raises(ArgumentError, match="^delta: expected a finite number"):
        _validate.number("delta", math.inf, finite=True)
    with pytest.raises(ArgumentError, match="^delta: must be > 0"):
        _validate.number("delta", 0, positive=True)


# -- the reproducers of issue 33, part 9 -----------------------------------------------------------

@pytest.mark.parametrize("family", [search.minimax, search.alphabeta, search.negamax])
def test_a_numpy_depth_on_a_generated_tree_is_a_depth(family):
    """It raised a raw AttributeError ('numpy.int64' object has no attribute 'bit_length')."""
    tree = trees.ordered(3, 3, "random", 1, noise=0.1)
    assert family(tree, depth=numpy.int64(2)) == family(tree, depth=2)


def test_a_window_too_large_for_a_float_is_refused_naming_it():
    """A fail-hard search returned alpha = 10**400 and its drawing raised a raw OverflowError."""
    with pytest.raises(ArgumentError, match="^alpha: too large to compute with, got an integer of about 401"):
        search.alphabeta(AIMA, alpha=10 ** 400, variant="fail-hard")
    with pytest.raises(ArgumentError, match="^beta: too large"):
        search.alphabeta(AIMA, alpha=0, beta=10 ** 400)


def test_an_evaluation_returning_nan_every_other_call_is_refused_naming_the_node():
    calls = []

    def sometimes_nan(node):
        calls.append(node)
        return math.nan if len(calls) % 2 == 0 else 1.0

    with pytest.raises(UserFunctionError, match=r"^evaluate returned nan at path \(1,\), not a number"):
        search.minimax(AIMA, evaluate=sometimes_nan, depth=1)


@pytest.mark.parametrize("call", [
    lambda n: games.Pig(goal=n + 8),
    lambda n: games.Pig(goal=10).position(n, n, n),
    lambda n: trees.uniform(n, n, seed=n),
    lambda n: search.mcts(AIMA, seed=n, iterations=5),
    lambda n: trace_of(search.alphabeta(AIMA, trace=True)).marks(n),
    lambda n: trace_of(search.alphabeta(AIMA, trace=True)).sentence(n),
    lambda n: trace_of(search.alphabeta(AIMA, trace=True)).pruned_by(n),
], ids=["pig goal", "pig state", "uniform", "mcts seed", "marks step", "sentence k", "pruned_by step"])
def test_public_boundaries_take_numpy_integers(call):
    assert call(numpy.int64(2)) == call(2) or repr(call(numpy.int64(2))) == repr(call(2))
