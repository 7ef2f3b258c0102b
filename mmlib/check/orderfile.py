"""Practice cases for move ordering (lab 5) as text: one board, the search depth and the leaves to beat.

An ordering case file gives a Connect Four board (drawn in comment lines, then in the lab's text
form: six rows, top row first, separated by ``/``), the depth of the alpha-beta search, the leaves
it evaluates with the columns left to right and with the order the exercise asks for, and the
goal on this board::

    # after 3 2 4 3 5
    check = centre first
    depth = 5
    # O to move:
    #   . . . . . . .
    #   ...
    board = '......./......./......./......./...O.../..OXXX.'
    leaves left to right = 5560
    leaves centre first = 2323
    goal = 2780

- ``check``: ``centre first`` (exercise 1; goal: at most half the leaves of the columns left to
  right) or ``best first`` (exercise 2; goal: at most 1.3 times the minimal tree of Knuth & Moore
  1975, 7^3 + 7^2 - 1 = 391 leaves at depth 5);
- ``leaves centre first`` / ``leaves best first``: what the order the exercise describes evaluates
  (the centre column first, or the best static evaluation first for the player to move).

The check runs alpha-beta from the board with the children in the student's order and compares
its leaves with the goal.  :func:`read_order_case` checks every number against the reference
searches and names the line of any that is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import analysis
from ..errors import TreeTextError
from ..games.connect4 import CentreFirst
from ..ordering import Ordering, StaticOrder
from .ordering import GAME, _leaves, leaves_per_board, show, state_of, to_move
from .queries import Unusable
from .report import HINTS, Report, counted

__all__ = ["ORDER_KINDS", "OrderCaseFile", "order_case", "write_order_case", "read_order_case",
           "run_order_case", "board_fields"]

ORDER_KINDS = ("centre first", "best first")
"""The checks an ordering case file can be for."""
WITHIN = 1.3
"""Exercise 2's goal: at most this many times the minimal tree."""

_FIELD = re.compile(r"^(check|depth|board|leaves left to right|leaves centre first|leaves best first|"
                    r"minimal tree|goal)\s*=\s*(.*)$")


@dataclass(frozen=True)
class OrderCaseFile:
    """One case: the ``board``, the search ``depth``, the check, and the leaves of each order."""

    check: str
    board: str
    depth: int
    left_to_right: int
    reference: int
    minimal: int
    goal: int
    name: str = ""


def _reference_order(check: str) -> Ordering:
    return CentreFirst() if check == "centre first" else StaticOrder()


def order_case(check: str, board: str, depth: int, name: str = "") -> OrderCaseFile:
    """A case on ``board`` with the reference searches' counts.

    >>> case = order_case("best first", '......./......./......./......./......./...X...', 2)
    >>> case.minimal, case.goal
    (13, 16)
    """
    state_of(board)                                        # a malformed board is refused here
    left = _leaves(None, depth, (board,))[0]
    reference = _leaves(_reference_order(check), depth, (board,))[0]
    minimal = analysis.knuth_moore_leaves(GAME.columns, depth)
    goal = left // 2 if check == "centre first" else int(WITHIN * minimal)
    return OrderCaseFile(check, board, depth, left, reference, minimal, goal, name)


def _counts(case: OrderCaseFile) -> list[tuple[str, int]]:
    reference = "leaves centre first" if case.check == "centre first" else "leaves best first"
    minimal = [] if case.check == "centre first" else [("minimal tree", case.minimal)]
    return [("leaves left to right", case.left_to_right), *minimal, (reference, case.reference),
            ("goal", case.goal)]


def write_order_case(case: OrderCaseFile) -> str:
    """The case as text (see the module docstring); :func:`read_order_case` reads it back."""
    lines = [f"# {case.name}"] if case.name else []
    lines += [f"check = {case.check}", f"depth = {case.depth}", f"# {to_move(case.board)} to move:",
              *(f"#   {line}" for line in show(case.board).splitlines()), f"board = {case.board!r}"]
    lines += [f"{key} = {value}" for key, value in _counts(case)]
    return "\n".join(lines) + "\n"


def read_order_case(text: str) -> OrderCaseFile:
    """Read an ordering case file; an error names the line of anything wrong.

    >>> read_order_case("check = best first\\ndepth = 2\\nboard = '......./......./......./......./"
    ...                 "......./...X...'\\ngoal = 20")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 4: goal = 20, but it is 16
    """
    fields, comments, check, depth, (number, board) = board_fields(text, _FIELD, ORDER_KINDS, 7,
                                                                   "an ordering case")
    name = comments[0] if comments else ""
    try:
        case = order_case(check, board.strip("'\""), depth, name)
    except Exception as error:  # noqa: BLE001 - any malformed board is named by its line
        raise TreeTextError(f"board = {board}: {error}", number) from None
    for key, value in _counts(case):
        if key in fields and fields[key][1] != str(value):
            raise TreeTextError(f"{key} = {fields[key][1]}, but it is {value}", fields[key][0])
    return case


def board_fields(text: str, field: re.Pattern[str], kinds: tuple[str, ...], deepest: int,
                 what: str) -> tuple[dict[str, tuple[int, str]], list[str], str, int, tuple[int, str]]:
    """The ``key = value`` lines of a board case file (key -> line number, value), the comments
    above the first of them, its check (one of ``kinds``), depth (1 to ``deepest``) and board line;
    an error names the line of anything malformed (``what``: the kind of case, for the message)."""
    fields: dict[str, tuple[int, str]] = {}
    comments: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if stripped[1:].strip() and not fields:
                comments.append(stripped[1:].strip())
            continue
        match = field.match(stripped)
        if not match:
            raise TreeTextError(f"expected a line 'key = value', got {stripped!r}", number)
        fields[match.group(1)] = (number, match.group(2).strip())
    for key in ("check", "depth", "board"):
        if key not in fields:
            raise TreeTextError(f"no '{key} = ...' line ({what} gives the check, depth and board)")
    number, check = fields["check"]
    if check not in kinds:
        raise TreeTextError(f"check = {check}: expected one of {', '.join(kinds)}", number)
    number, depth = fields["depth"]
    if not re.fullmatch(rf"[1-{deepest}]", depth):
        raise TreeTextError(f"depth = {depth}: expected a whole number from 1 to {deepest}", number)
    return fields, comments, check, int(depth), fields["board"]


def run_order_case(case: OrderCaseFile, fn: Callable[..., Any], title: str, *, time_limit: float) -> Report:
    """Run alpha-beta from the case's board with the children in ``fn``'s order; the report gives
    its leaves against the goal."""
    __tracebackhide__ = True
    try:
        leaves = leaves_per_board(fn, depth=case.depth, boards=(case.board,), time_limit=time_limit,
                                  name="centre_first" if case.check == "centre first" else "order_moves")[0]
    except Unusable as bad:
        return Report(title, False, bad.diagnosis, "Your ordering is not ready yet.",
                      [f"Your code: {bad.detail}."], HINTS.get(bad.diagnosis, ""), output=bad.output)
    said = (f"Your order: {counted(leaves, 'leaf')} from this board to depth {case.depth}; the goal: at most "
            f"{case.goal:,}")
    if leaves <= case.goal:
        return Report(title, True, "ok", f"{said}, as the case file says.")
    drawn = ["The board:", *(f"    {line}" for line in show(case.board).splitlines())]
    counts = [f"    {key} = {value}" for key, value in _counts(case)]
    hint = ("Put the centre columns first: 3, then 2 and 4, then 1 and 5, then 0 and 6." if case.check ==
            "centre first" else "Try first the move after which the static evaluation is best for the player "
            "to move: X wants the highest value, O the lowest.")
    return Report(title, False, "too-many-leaves", "Wrong on this case.",
                  [f"{said}.", *drawn, "The case file:", *counts], hint)
