"""Practice cases with chance nodes (lab 4) as text: one tree, the kinds of its levels, the answer.

A chance case file is the labelled tree text of :func:`~mmlib.trees.layered_tree_from_text`
(``A: BC`` lists A's children, ``B p 1/2 1/2`` the probabilities of chance node B's outcomes,
``C 8`` a leaf's value) with a few ``key = value`` lines::

    # a chance node with three outcomes
    check = expectimax
    levels = max chance
    ABCDE
    A: B
    B: CDE
    B p 1/6 1/3 1/2
    C 8
    D 24
    E -12
    value = 10/3

- ``check``: ``expectimax`` (MAX and chance nodes), ``expectiminimax`` (MAX, MIN and chance
  nodes) or ``best gamble`` (the index of a child of the MAX root with the largest expectimax
  value: 0 for the first);
- ``levels``: the kind of each level from the root down, repeated below the last one;
- ``value``: the value of the root, as a fraction where it is not a whole or decimal number;
- ``move values`` and ``best moves`` (best gamble): the value of each child of the root, left to
  right, and the children of largest value (any of them is right).

A correct function reads every leaf's ``node.value`` exactly once (in any order).  The expected
lines are optional; when present, :func:`read_chance_case` checks them against the reference
search and names the line of any that is wrong.

>>> case = chance_case([[(0.5, 2), (0.5, 6)], [(0.25, 10), (0.75, 2)]], "best gamble", "max chance",
...                    name="two gambles worth the same")
>>> text = write_chance_case(case)
>>> print(text, end="")
# two gambles worth the same
check = best gamble
levels = max chance
ABCDEFG
A: BC
B: DE
C: FG
B p 1/2 1/2
C p 1/4 3/4
D 2
E 6
F 10
G 2
value = 4
move values = 4 4
best moves = 0 1
>>> read_chance_case(text) == case
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import ArgumentError, TreeTextError, printable
from ..trees import LayeredTree, layered_tree, layered_tree_from_text
from .casefile import split_fields
from .expectimax import (
    ChanceCase,
    LabReport,
    case_lines,
    check_gambles,
    check_trees,
    exact_value,
    fraction_text,
)

__all__ = ["CHANCE_KINDS", "ChanceCaseFile", "chance_case", "write_chance_case", "read_chance_case",
           "run_chance_case", "fraction_text"]

CHANCE_KINDS = ("expectimax", "expectiminimax", "best gamble")
"""The checks a chance case file can be for."""

_FIELD = re.compile(r"^(check|levels|value|move values|best moves)\s*=\s*(.*)$")


@dataclass(frozen=True)
class FileChanceCase(ChanceCase):
    """A :class:`~mmlib.check.expectimax.ChanceCase` whose tree comes from a file."""

    given: LayeredTree | None = field(default=None, compare=False)

    def tree(self) -> LayeredTree:
        return self.given if self.given is not None else super().tree()


@dataclass(frozen=True, eq=False)
class ChanceCaseFile:
    """One chance case: the ``tree``, the ``check`` it is for, and its expected answers."""

    tree: LayeredTree
    check: str
    value: Fraction
    name: str = ""
    move_values: tuple[Fraction, ...] = ()
    best_moves: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChanceCaseFile):
            return NotImplemented
        return write_chance_case(self) == write_chance_case(other)

    def __hash__(self) -> int:
        return hash(write_chance_case(self))

    def as_case(self) -> FileChanceCase:
        """The case as the checkers take it."""
        return FileChanceCase(None, " ".join(self.tree.layers), self.name, self.tree)


def _kind(check: Any) -> str:
    if check not in CHANCE_KINDS:
        raise ArgumentError(f"check: expected one of {', '.join(CHANCE_KINDS)}, got {printable(check)}")
    return str(check)


def _complete(tree: LayeredTree, check: str, name: str) -> ChanceCaseFile:
    if check != "best gamble":
        return ChanceCaseFile(tree, check, exact_value(tree.root), name)
    moves = tuple(exact_value(child) for child in tree.root.children)
    best = tuple(i for i, value in enumerate(moves) if value == max(moves))
    return ChanceCaseFile(tree, check, exact_value(tree.root), name, moves, best)


def chance_case(nested: Any, check: str, levels: str, name: str = "") -> ChanceCaseFile:
    """A case on the chance tree ``nested`` (as :func:`~mmlib.trees.layered_tree` reads it), with
    the exact answers.

    >>> chance_case([[(1/6, 8), (1/3, 24), (1/2, -12)]], "expectimax", "max chance").value
    Fraction(10, 3)
    """
    kind = _kind(check)
    tree = layered_tree(nested, layers=levels)
    if kind == "best gamble" and tree.root.kind != "max":
        raise ArgumentError(f"levels: a best gamble case has a MAX root, got {printable(levels)}")
    return _complete(tree, kind, name)


def write_chance_case(case: ChanceCaseFile) -> str:
    """The case as text (see the module docstring); :func:`read_chance_case` reads it back."""
    lines = [f"# {case.name}"] if case.name else []
    return "\n".join(lines + case_lines(case.tree, case.check)) + "\n"


def _number(word: str, number: int, key: str) -> Fraction:
    try:
        return Fraction(word)
    except (ValueError, ZeroDivisionError):
        raise TreeTextError(f"{key} = {word}: expected a number such as 3, 2.5 or 10/3", number) from None


def read_chance_case(text: str) -> ChanceCaseFile:
    """Read a chance case file; an error names the line of anything wrong, including an expected
    answer the reference search does not give.

    >>> read_chance_case("check = expectimax\\nlevels = max chance\\nABCD\\nA: B\\nB: CD\\nC 4\\nD 8\\n"
    ...                  "value = 8")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 8: value = 8, but expectimax on this tree gives 6
    """
    fields, tree_lines, name = split_fields(text, _FIELD)
    for key in ("check", "levels"):
        if key not in fields:
            raise TreeTextError(f"no '{key} = ...' line (a chance case file says which check and "
                                "which levels)")
    number, word = fields["check"]
    if word not in CHANCE_KINDS:
        raise TreeTextError(f"check = {word}: expected one of {', '.join(CHANCE_KINDS)}", number)
    tree = layered_tree_from_text("\n".join(tree_lines), layers=fields["levels"][1])
    case = _complete(tree, word, name)
    where = f"{case.check} on this tree gives"
    if "value" in fields:
        number, word = fields["value"]
        if _number(word, number, "value") != case.value:
            raise TreeTextError(f"value = {word}, but {where} {fraction_text(case.value)}", number)
    for key, want in (("move values", [fraction_text(v) for v in case.move_values]),
                      ("best moves", [str(move) for move in case.best_moves])):
        if key in fields and case.check == "best gamble":
            number, word = fields[key]
            if word.split() != want:
                raise TreeTextError(f"{key} = {word}, but {where} {' '.join(want)}", number)
    return case


def run_chance_case(case: ChanceCaseFile, fn: Callable[..., Any], title: str) -> LabReport:
    """Run ``fn(node)`` on the case's tree; the report says what the file expects and, on a
    failure, shows the case as its file gives it."""
    __tracebackhide__ = True
    if case.check == "best gamble":
        report = check_gambles(fn, [case.as_case()], title=title)
    else:
        report = check_trees(fn, title, [case.as_case()])
    if report.passed:
        said = (f"move {' or '.join(map(str, case.best_moves))} (move values "
                f"{' '.join(fraction_text(v) for v in case.move_values)})" if case.check == "best gamble"
                else f"value {fraction_text(case.value)}, each leaf read once")
        report.summary = f"Right: {said}, as the case file says."
        return report
    if report.diagnosis == "not-implemented":
        return report
    report.summary = "Wrong on this case."
    report.case_text = write_chance_case(case).rstrip("\n")
    return report
