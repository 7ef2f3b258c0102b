"""Tests of mmlib.isolation._args: the checker's own parameters, refused by name without a repr."""

import math

import numpy as np
import pytest

from mmlib.errors import ArgumentError, ArgumentTypeError, MmlibError
from mmlib.isolation import _args


class Hostile:
    def __repr__(self):
        raise RuntimeError("a student's object may raise in its repr")


def test_good_values_come_back_as_plain_python():
    assert _args.integer("depth", np.int64(3), minimum=1) == 3
    assert type(_args.integer("n", np.int64(3))) is int
    assert _args.seconds("time_limit", 2, maximum=60) == 2.0 and _args.flag("quiet", True) is True
    assert _args.function("fn", len, "a function") is len and _args.text("name", "lab1") == "lab1"


@pytest.mark.parametrize("call, name", [
    (lambda: _args.integer("depth", 0, minimum=1), "depth"),
    (lambda: _args.integer("depth", 2.5), "depth"),
    (lambda: _args.seconds("time_limit", 0, maximum=60), "time_limit"),
    (lambda: _args.seconds("time_limit", 61, maximum=60), "time_limit"),
    (lambda: _args.seconds("time_limit", math.nan, maximum=60), "time_limit"),
    (lambda: _args.flag("quiet", 1), "quiet"),
    (lambda: _args.function("fn", 3, "a function"), "fn"),
    (lambda: _args.text("name", b"lab1"), "name"),
])
def test_a_bad_value_is_the_callers_mistake_named_by_its_argument(call, name):
    with pytest.raises(MmlibError, match=f"^{name}: ") as error:
        call()
    assert isinstance(error.value, (ArgumentError, ArgumentTypeError))


def test_a_hostile_or_huge_value_is_described_without_its_repr():
    with pytest.raises(ArgumentTypeError, match="got a Hostile"):
        _args.integer("depth", Hostile())
    with pytest.raises(ArgumentError, match="digits"):
        _args.seconds("time_limit", 10**400, maximum=60)
    with pytest.raises(ArgumentTypeError, match=r"\.\.\.'"):
        _args.flag("quiet", "x" * 100)                 # a long text is cut short
