"""The child's side of running student code (mmlib.isolation.child), called here in this process: what a
function returned or raised as plain data, its printing captured within a limit, and a loop over the nodes
stopped as a runaway even when it swallows the stop."""

from __future__ import annotations

import contextlib
import sys

import pytest

from mmlib.isolation.child import OUTPUT_LIMIT, Call, Capture, plain_answer, run_one, safe_text
from mmlib.isolation.nodes import TableValues

SHAPE = (("A", "B", "C"), ((1, 2), (), ()))          # A with the leaves B = 3 and C = 12
VALUES = (0, 3, 12)


def _run(fn, budget=None, args=()):
    capture = Capture()
    with contextlib.redirect_stdout(capture):          # as the child's isolation does
        return run_one(fn, Call(args, SHAPE, VALUES, budget), None, capture, TableValues(VALUES, budget))


def test_a_search_gets_the_root_first_and_its_answer_back_as_plain_data():
    outcome = _run(lambda node, depth: max(child.value for child in node.children) + depth, args=(1,))
    assert outcome == {"kind": "ok", "detail": "", "printed": 0, "output": "",
                       "answer": {"kind": "int", "text": "13", "number": 13}}


def _printing(node):
    print("looking at", node.label)
    print("x" * (OUTPUT_LIMIT + 50))
    return None


def test_what_it_printed_is_kept_up_to_the_limit_and_its_lines_counted():
    outcome = _run(_printing)
    assert outcome["answer"] == {"kind": "none", "text": "None"}
    assert outcome["output"].startswith("looking at A\nxxx") and len(outcome["output"]) == OUTPUT_LIMIT
    assert outcome["printed"] == 2


def _stub(node):
    raise NotImplementedError


def _deep(node):
    return _deep(node)


def _leaves(node):
    sys.exit(3)


def _crash(node):
    return node.children[5]


def _swallows(node):
    for _ in range(1_000):                  # (the real child is also stopped by its clock)
        try:
            _ = node.children
        except BaseException:  # noqa: BLE001 - the student's loop swallows everything
            pass
    return 0


@pytest.mark.parametrize(("fn", "kind", "words"), [
    (_stub, "not-implemented", "still raises NotImplementedError"),
    (_deep, "recursion", "RecursionError"),
    (_leaves, "exit", "it called sys.exit(3)"),
    (_crash, "error", "it raised IndexError: list index out of range at line 2 of _crash"),
    (_swallows, "runaway", ""),
])
def test_each_way_a_function_fails_is_named(fn, kind, words):
    outcome = _run(fn, budget=100)
    assert outcome["kind"] == kind and words in outcome["detail"] and outcome["answer"] is None


class _Unshowable:
    def __repr__(self):
        raise ValueError("no")


@pytest.mark.parametrize(("value", "kind", "text"), [
    (True, "bool", "True"), (-7, "int", "-7"), (10 ** 30, "bigint", "a 31-digit integer"),
    (-(10 ** 45), "bigint", "a 46-digit integer"), (float("-inf"), "inf", "-inf"),
    (float("nan"), "nan", "nan (not a number)"), (2.5, "float", "2.5"), ((1,), "list", "(1,)"),
    ([1, [2, None]], "list", "[1, [2, None]]"),
    (_Unshowable(), "object", "a _Unshowable object (showing it raised ValueError)"),
])
def test_a_returned_object_becomes_plain_data_whatever_it_is(value, kind, text):
    answer = plain_answer(value)
    assert (answer["kind"], answer["text"]) == (kind, text)


def test_text_is_clipped_safely():
    assert safe_text("x" * 50, 10) == repr("x" * 50)[:7] + "..."
    assert safe_text("\ud800", 10, use_str=True) == "?"                  # a lone surrogate cannot be sent
