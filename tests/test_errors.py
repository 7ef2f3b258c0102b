"""mmlib.errors: one family of errors, each naming what went wrong in words a student can act on.

The expected figures are computed here independently: the number of digits of an integer from
its logarithm, the classes a caller may catch from what the module's docstrings promise.
"""

from __future__ import annotations

import math

import pytest

from mmlib import errors
from mmlib.errors import (
    ArgumentError,
    ArgumentTypeError,
    MmlibError,
    NodeBudgetExceeded,
    RunInterrupted,
    SearchInterrupted,
    TimeBudgetExceeded,
    UserFunctionError,
    printable,
)
from mmlib.instrument import Stats

ERRORS = [getattr(errors, name) for name in errors.__all__
          if isinstance(getattr(errors, name), type) and issubclass(getattr(errors, name), BaseException)]


def test_every_error_is_one_of_the_family_and_every_interrupt_escapes_except_exception() -> None:
    interrupts = {SearchInterrupted, RunInterrupted}
    assert interrupts < set(ERRORS)
    for error in ERRORS:
        if error in interrupts:
            assert issubclass(error, KeyboardInterrupt) and not issubclass(error, Exception)
        else:
            assert issubclass(error, MmlibError), error
    # what a caller who knows only Python's own errors may catch
    assert issubclass(ArgumentTypeError, TypeError) and issubclass(ArgumentTypeError, ValueError)
    assert issubclass(errors.CheckFailed, AssertionError) and issubclass(errors.TreeTextError, ValueError)


@pytest.mark.parametrize("exponent", [77, 78, 100, 400, 5000])
def test_a_huge_integer_is_described_by_its_number_of_digits(exponent: int) -> None:
    for value in (10 ** exponent, -(10 ** exponent) + 1, 3 ** (exponent * 2)):
        text = printable(value)
        true_digits = math.floor(math.log10(abs(value))) + 1
        if abs(value).bit_length() <= 256:                  # small enough to show, cut at 60
            assert text == repr(value)[:60] + "... (int)"
            continue
        digits = int(text.split("about ")[1].split()[0].replace(",", ""))
        assert abs(digits - true_digits) <= 1, (text, true_digits)


def test_a_description_is_short_and_never_fails() -> None:
    assert printable("x" * 100, limit=12) == "'xxxxxxxxx...' (str)"
    assert printable(list(range(100))) == "[0, 1, 2, 3, 4, 5, ...]"
    assert len(printable({i: "y" * 50 for i in range(50)})) <= 60 + len("... (dict)")

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert "Broken" in printable(Broken())
    for limit in (7, 10_001, 8.0, True):
        with pytest.raises(ArgumentError, match="^limit: "):
            printable(3, limit=limit)  # type: ignore[arg-type]


def test_a_budget_error_names_its_argument_and_the_partial_counts() -> None:
    stats = Stats(nodes=5_001, leaves=1_234)
    nodes = NodeBudgetExceeded(5_000, stats)
    assert str(nodes).startswith("max_nodes: the search exceeded its budget of 5,000 nodes "
                                 "(partial counts: 5,001 nodes, 1,234 leaves); raise max_nodes")
    assert (nodes.max_nodes, nodes.stats, nodes.completed) == (5_000, stats, ())
    seconds = TimeBudgetExceeded(0.5, stats)
    assert str(seconds).startswith("max_seconds: the search exceeded its budget of 0.5 seconds")
    interrupted = SearchInterrupted(stats)
    assert "interrupted (partial counts: 5,001 nodes, 1,234 leaves)" in str(interrupted)


def test_an_interrupted_run_says_how_far_it_got_and_where_its_results_are() -> None:
    assert str(RunInterrupted("census", 1_500, None, "positions", partial={"wins": 7})) == (
        "census: interrupted after 1,500 positions (partial counts: wins 7; in sys.last_value.partial)")
    assert str(RunInterrupted("check", 2, 9, "trees")) == "check: interrupted after 2 of 9 trees"


@pytest.mark.parametrize("original", [KeyError("k"), ZeroDivisionError("zero"), RecursionError(),
                                      StopIteration(), OSError(2, "gone")])
def test_a_user_functions_error_is_also_what_it_raised_when_python_allows_it(original: Exception) -> None:
    wrapped = errors.wrap_user_exception(original, "evaluate raised", "evaluate", (0, 1))
    assert isinstance(wrapped, UserFunctionError) and isinstance(wrapped, MmlibError)
    assert (str(wrapped), wrapped.function, wrapped.path) == ("evaluate raised", "evaluate", (0, 1))
    combined = not isinstance(original, OSError)   # OSError's layout cannot share a class with ValueError
    assert isinstance(wrapped, type(original)) is combined
    again = errors.wrap_user_exception(type(original)(), "again", "order", None)
    assert type(again) is type(wrapped)            # one class per kind of error, made once


def test_the_default_budgets_fit_a_lecture() -> None:
    assert errors.DEFAULT_MAX_NODES == 5_000_000 and math.isclose(errors.DEFAULT_MAX_SECONDS, 10.0)
