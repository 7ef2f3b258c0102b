"""Practice cases for lab 3's move ordering as text: one board, a fixed evaluator, the nodes to beat.

How many nodes the agent's search takes depends on the evaluator at its depth limit as well as
on the order of the moves.  A case fixes the evaluator, the open-lines heuristic E(n) = M(n) - O(n)
of the lab's first cell (lines still open to X minus lines still open to O; a finished game
+10 / -10 / 0), so that only the student's ``order_moves(board, moves)`` is judged.  The file draws
the board, gives the open-lines value after each move, the moves best first by that value (for X
the highest first, for O the lowest; ties in square order), the nodes of alpha-beta to ``depth``
plies with the squares in order and best first, and the goal, exercise 2's budget::

    # the empty board: X's first move
    check = order_moves
    depth = 3
    evaluate = open lines
    # X to move; the squares are numbered row by row:
    #   . . .    0 1 2
    #   ...
    board = '.........'
    after move 0 = 3
    ...
    best first = 4 0 2 6 8 1 3 5 7
    nodes in square order = 163
    nodes best first = 96
    goal = 120

Nodes are calls of the search, the board itself included.  The check asks ``order_moves`` about
every position the search may order (the board and the positions fewer than ``depth`` moves on),
runs alpha-beta with the children in the student's order and compares its nodes with the goal.
:func:`read_board_order_case` checks every line against the reference searches and names the line
of any that is wrong.

>>> case = board_order_case(".........", name="the empty board")
>>> case.best_first[:5], case.square_order, case.best_order, case.goal
((4, 0, 2, 6, 8), 163, 96, 120)
>>> read_board_order_case(write_board_order_case(case)) == case
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import search
from ..errors import MmlibError, TreeTextError
from ..ordering import StaticOrder
from . import agent
from .boardfile import GAME, _to_move, _valid, agree, drawn
from .casefile import number_text
from .orderfile import board_fields
from .queries import Unusable, ask
from .report import HINTS, Report

__all__ = ["BOARD_ORDER_KINDS", "EVALUATOR", "BoardOrderCaseFile", "board_order_case",
           "write_board_order_case", "read_board_order_case", "run_board_order_case"]

BOARD_ORDER_KINDS = ("order_moves",)
"""The checks a board ordering case file can be for."""
EVALUATOR = "open lines"
"""The evaluator a case fixes at the depth limit: the game's own, E(n) = M(n) - O(n)."""

_FIELD = re.compile(r"^(check|depth|evaluate|board|after move [0-8]|best first|nodes in square order|"
                    r"nodes best first|goal)\s*=\s*(.*)$")


@dataclass(frozen=True)
class BoardOrderCaseFile:
    """One case: the ``board``, the search ``depth``, the open-lines value ``after`` each move,
    the moves ``best_first`` by it, the nodes in square order and best first, and the ``goal``."""

    check: str
    board: str
    depth: int
    after: dict[int, float]
    best_first: tuple[int, ...]
    square_order: int
    best_order: int
    goal: int
    name: str = ""
    why: str = ""


def board_order_case(board: str, depth: int = agent.AGENT_DEPTH, name: str = "",
                     why: str = "") -> BoardOrderCaseFile:
    """A case on ``board`` (a game not over), with the reference searches' counts."""
    state = GAME.state(board)
    if GAME.is_terminal(state):
        raise MmlibError(f"board: {board!r} is a finished game; a case asks for an order of moves")
    after = {move: GAME.evaluate(GAME.play(state, move)) for move in GAME.moves(state)}
    sign = -1 if GAME.is_max(state) else 1                  # X: the highest first; O: the lowest
    best = tuple(sorted(after, key=lambda move: (sign * after[move], move)))
    square = search.alphabeta(GAME, depth=depth, state=state).stats.nodes
    reference = search.alphabeta(GAME, depth=depth, state=state, order=StaticOrder()).stats.nodes
    return BoardOrderCaseFile("order_moves", GAME.board(state), depth, after, best, square, reference,
                              agent.AGENT_MAX_NODES, name, why)


def _moves_text(moves: tuple[int, ...] | list[int]) -> str:
    return " ".join(map(str, moves))


def _counts(case: BoardOrderCaseFile) -> list[tuple[str, str]]:
    return [("best first", _moves_text(case.best_first)), ("nodes in square order", str(case.square_order)),
            ("nodes best first", str(case.best_order)), ("goal", str(case.goal))]


def write_board_order_case(case: BoardOrderCaseFile) -> str:
    """The case as text (see the module docstring); :func:`read_board_order_case` reads it back."""
    mover = _to_move(GAME.state(case.board))
    wants = "high" if mover == "X" else "low"
    lines = [f"# {case.name}"] if case.name else []
    lines += [f"# {line}" for line in case.why.splitlines()]
    lines += [f"check = {case.check}", f"depth = {case.depth}",
              "# the search evaluates the boards at its depth limit with the open-lines heuristic",
              "# E(n) = M(n) - O(n) (lines still open to X minus lines still open to O; a finished game",
              "# +10 / -10 / 0), not with your evaluate: only your order of the moves is judged",
              f"evaluate = {EVALUATOR}",
              f"# {mover} to move; the squares are numbered row by row:",
              *(f"#   {line}" for line in drawn(case.board)), f"board = {case.board!r}",
              f"# the open-lines value after each move ({mover} wants it {wants}),",
              "# and the moves best first by it (ties in square order):"]
    lines += [f"after move {move} = {number_text(value)}" for move, value in case.after.items()]
    lines += [f"best first = {_moves_text(case.best_first)}",
              f"# alpha-beta from this board to depth {case.depth}, one order at every position it searches;",
              "# nodes are the calls of the search, this board included:",
              f"nodes in square order = {case.square_order}", f"nodes best first = {case.best_order}",
              f"# the goal: exercise 2's budget of {case.goal} nodes per search",
              f"goal = {case.goal}"]
    return "\n".join(lines) + "\n"


def read_board_order_case(text: str) -> BoardOrderCaseFile:
    """Read a board ordering case file; an error names the line of anything wrong.

    >>> read_board_order_case("check = order_moves\\ndepth = 3\\nevaluate = open lines\\n"
    ...                       "board = '.........'\\nnodes best first = 163")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 5: nodes best first = 163, but it is 96
    """
    fields, comments, _, depth, (number, board) = board_fields(text, _FIELD, BOARD_ORDER_KINDS, 9,
                                                               "a board ordering case")
    if "evaluate" not in fields:
        raise TreeTextError(f"no 'evaluate = {EVALUATOR}' line (the evaluator at the depth limit)")
    line, evaluator = fields["evaluate"]
    if evaluator != EVALUATOR:
        raise TreeTextError(f"evaluate = {evaluator}: a case fixes the evaluator to {EVALUATOR}", line)
    name, why = (comments[0], "\n".join(comments[1:])) if comments else ("", "")
    try:
        case = board_order_case(board.strip("'\""), depth, name, why)
    except MmlibError as error:
        raise TreeTextError(f"board = {board}: {error}", number) from None
    expected = {f"after move {move}": number_text(value) for move, value in case.after.items()}
    expected.update(_counts(case))
    agree(fields, expected, "after move ")
    return case


def _positions(state: int, depth: int) -> list[int]:
    """The positions a search to ``depth`` plies may order: not over, fewer than ``depth`` moves on."""
    if GAME.is_terminal(state) or depth == 0:
        return []
    below = [GAME.play(state, move) for move in GAME.moves(state)]
    return [state, *(here for child in below for here in _positions(child, depth - 1))]


def run_board_order_case(case: BoardOrderCaseFile, fn: Callable[..., Any], title: str, *,
                         time_limit: float) -> Report:
    """Run alpha-beta from the case's board with the children in ``fn``'s order and the open-lines
    evaluator at the depth limit; the report gives its nodes against the goal, and on too many the
    student's order of the board's moves beside the case file's."""
    __tracebackhide__ = True
    state = GAME.state(case.board)
    positions = sorted(set(_positions(state, case.depth)))
    questions = [(GAME.board(here), GAME.moves(here)) for here in positions]
    try:
        answers = ask(fn, "order_moves", questions, functools.partial(_valid, "order_moves", True),
                      time_limit=time_limit)
    except Unusable as bad:
        return Report(title, False, bad.diagnosis, "Your ordering is not ready yet.",
                      [f"Your code: {bad.detail}."], HINTS.get(bad.diagnosis, ""), output=bad.output)
    orders = {here: answers[question] for here, question in zip(positions, questions, strict=True)}
    nodes = search.alphabeta(GAME, depth=case.depth, state=state, order=agent._TableOrder(orders)).stats.nodes
    said = (f"With your order: {nodes} nodes from this board to depth {case.depth} (the open-lines "
            f"evaluator at the depth limit); the goal: at most {case.goal}")
    if nodes <= case.goal:
        return Report(title, True, "ok", f"{said}, as the case file says.")
    details = [f"{said}.", "The board:", *(f"    {line}" for line in drawn(case.board)),
               f"Your order:      {_moves_text(orders[state])}",
               f"The case file:   best first = {_moves_text(case.best_first)}",
               *(f"                 {key} = {value}" for key, value in _counts(case)[1:])]
    return Report(title, False, "too-many-nodes", "Wrong on this case.", details, (
        "Put first the move after which the board looks best for the player to move (X the highest "
        "value, O the lowest), at every position the search orders, not only on this board."))
