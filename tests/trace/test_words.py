"""Tests of mmlib.trace.words: values, windows, bounds, tests and probabilities as people write them."""

from __future__ import annotations

import math

import pytest

from mmlib.errors import ArgumentTypeError
from mmlib.trace import format_probability
from mmlib.trace.bounds import BETWEEN, EXACT, LOWER, SO_FAR, UPPER
from mmlib.trace.words import bound_text, format_mark, format_test, format_value, format_window


def test_probabilities_are_written_simply():
    assert [format_probability(p) for p in (0.5, 0.25, 1/3, 1/6, 0.9, 0.1, 0.37)] == \
        ["1/2", "1/4", "1/3", "1/6", "0.9", "0.1", "0.37"]


def test_values_are_written_with_true_minus_signs_and_infinities():
    assert [format_value(v) for v in (3, -3, 2.0, -0.5, math.inf, -math.inf, None)] == \
        ["3", "−3", "2", "−0.5", "+∞", "−∞", ""]
    with pytest.raises(ArgumentTypeError, match="value: expected a number"):
        format_value("3")


def test_windows_and_null_window_questions():
    assert format_window((-math.inf, math.inf)) == "[−∞, +∞]"
    assert format_window((2, 2.5)) == "[2, 2.5]" and format_window(None) == ""
    assert format_test(-1, ">") == "“value > −1?”"


@pytest.mark.parametrize("kind, numbers, text", [
    (EXACT, ("6",), "6"), (LOWER, ("6",), "≥ 6"), (UPPER, ("−2",), "≤ −2"), (BETWEEN, ("3", "5"), "3 to 5"),
    (SO_FAR, ("5",), "(5)"),
])
def test_each_kind_of_bound_has_its_one_look(kind, numbers, text):
    assert bound_text(kind, *numbers) == text


def test_a_mark_is_its_value_written_as_its_kind():
    assert format_mark(-3, UPPER) == "≤ −3" and format_mark(math.inf, LOWER) == "≥ +∞"
    assert format_mark(4) == "4"
