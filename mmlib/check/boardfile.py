"""Practice cases for a tic-tac-toe evaluator (lab 3) as text: one board, and the moves that do not lose.

A board case file draws a tic-tac-toe board (the squares numbered 0-8 row by row beside it),
gives it in the lab's text form (nine characters ``X``, ``O`` or ``.``), the depth of the
agent's alpha-beta search, how the game ends after each move with best play on both sides,
and the moves that do not lose::

    # X holds two opposite corners: O must answer on an edge
    check = evaluate
    depth = 3
    # O to move; the squares are numbered row by row:
    #   X . .    0 1 2
    #   . O .    3 4 5
    #   . . X    6 7 8
    board = 'X...O...X'
    # each move, and how the game ends after it with best play on both sides:
    move 1 = draw
    move 2 = X wins
    ...
    moves that do not lose = 1 3 5 7

The check is lab 3's agent on that one board: alpha-beta to ``depth`` plies with the squares in
order, a finished game scored +10 / -10 / 0 and the student's ``evaluate(board)`` at the horizon;
the move it plays must be one that does not lose.  :func:`read_board_case` checks every answer
against a search of the whole game and names the line of any that is wrong.

>>> case = board_case("X...O...X", name="two opposite corners")
>>> case.safe_moves, case.outcomes[2]
((1, 3, 5, 7), 'X wins')
>>> read_board_case(write_board_case(case)) == case
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
from ..games import TicTacToe
from ..isolation.runner import Call, Outcome
from . import agent
from .orderfile import board_fields
from .queries import Unusable, ask
from .report import HINTS, Report

__all__ = ["BOARD_KINDS", "BoardCaseFile", "board_case", "write_board_case", "read_board_case",
           "run_board_case"]

BOARD_KINDS = ("evaluate",)
"""The checks a board case file can be for."""

GAME = TicTacToe()
_FASTEST = TicTacToe(scoring="depth-adjusted")      # the same game; its best lines are the shortest
_FIELD = re.compile(r"^(check|depth|board|move [0-8]|moves that do not lose)\s*=\s*(.*)$")
_NUMBERS = ("0 1 2", "3 4 5", "6 7 8")


@dataclass(frozen=True)
class BoardCaseFile:
    """One case: the ``board``, the agent's search ``depth``, how the game ends after each move
    (``outcomes``: move -> ``"X wins"``, ``"O wins"`` or ``"draw"``) and the moves that do not lose."""

    check: str
    board: str
    depth: int
    outcomes: dict[int, str]
    safe_moves: tuple[int, ...]
    name: str = ""
    why: str = ""


def _to_move(state: int) -> str:
    return "X" if GAME.is_max(state) else "O"


def _ending(value: float | None) -> str:
    assert value is not None                            # a search of the whole game has a value
    return "X wins" if value > 0 else "O wins" if value < 0 else "draw"


def board_case(board: str, depth: int = agent.AGENT_DEPTH, name: str = "", why: str = "") -> BoardCaseFile:
    """A case on ``board`` (a game not over), with the outcomes of a search of the whole game."""
    state = GAME.state(board)
    if GAME.is_terminal(state):
        raise MmlibError(f"board: {board!r} is a finished game; a case asks for a move")
    mover = _to_move(state)
    outcomes = {move: _ending(search.alphabeta(GAME, state=GAME.play(state, move)).value)
                for move in GAME.moves(state)}
    lost = f"{'O' if mover == 'X' else 'X'} wins"
    safe = tuple(move for move, ending in outcomes.items() if ending != lost)
    return BoardCaseFile("evaluate", GAME.board(state), depth, outcomes, safe, name, why)


def drawn(board: str) -> list[str]:
    """The board with its squares' numbers beside it, three lines.

    >>> print("\\n".join(drawn("X...O...X")))
    X . .    0 1 2
    . O .    3 4 5
    . . X    6 7 8
    """
    rows = GAME.render(GAME.state(board)).splitlines()
    return [f"{row}    {numbers}" for row, numbers in zip(rows, _NUMBERS, strict=True)]


def _safe_text(case: BoardCaseFile) -> str:
    return " ".join(map(str, case.safe_moves)) or "none"


def write_board_case(case: BoardCaseFile) -> str:
    """The case as text (see the module docstring); :func:`read_board_case` reads it back."""
    lines = [f"# {case.name}"] if case.name else []
    lines += [f"# {line}" for line in case.why.splitlines()]
    lines += [f"check = {case.check}", f"depth = {case.depth}",
              f"# {_to_move(GAME.state(case.board))} to move; the squares are numbered row by row:",
              *(f"#   {line}" for line in drawn(case.board)), f"board = {case.board!r}",
              "# each move, and how the game ends after it with best play on both sides:"]
    lines += [f"move {move} = {ending}" for move, ending in case.outcomes.items()]
    lines.append(f"moves that do not lose = {_safe_text(case)}")
    return "\n".join(lines) + "\n"


def read_board_case(text: str) -> BoardCaseFile:
    """Read a board case file; an error names the line of anything wrong.

    >>> read_board_case("check = evaluate\\ndepth = 3\\nboard = 'X...O...X'\\nmove 2 = draw")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 4: move 2 = draw, but it is X wins
    """
    fields, comments, _, depth, (number, board) = board_fields(text, _FIELD, BOARD_KINDS, 9, "a board case")
    name, why = (comments[0], "\n".join(comments[1:])) if comments else ("", "")
    try:
        case = board_case(board.strip("'\""), depth, name, why)
    except MmlibError as error:
        raise TreeTextError(f"board = {board}: {error}", number) from None
    expected = {f"move {move}": ending for move, ending in case.outcomes.items()}
    expected["moves that do not lose"] = _safe_text(case)
    agree(fields, expected, "move ")
    return case


def agree(fields: dict[str, tuple[int, str]], expected: dict[str, str], per_move: str) -> None:
    """Raise, naming its line, at the first field of a board case file that differs from ``expected``
    (a ``per_move`` field for a square that is taken included).

    >>> agree({"move 4": (5, "draw")}, {"move 1": "draw"}, "move ")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 5: move 4: that square is taken
    """
    for key, (number, value) in fields.items():
        if key.startswith(per_move) and key not in expected:
            raise TreeTextError(f"{key}: that square is taken", number)
        if key in expected and value != expected[key]:
            raise TreeTextError(f"{key} = {value}, but it is {expected[key]}", number)


def _horizon(state: int, depth: int) -> set[int]:
    """The positions a search to ``depth`` plies evaluates: not over, ``depth`` moves on."""
    if GAME.is_terminal(state):
        return set()
    if depth == 0:
        return {state}
    return set().union(*(_horizon(GAME.play(state, move), depth - 1) for move in GAME.moves(state)))


def _valid(name: str, with_moves: bool, call: Call, outcome: Outcome) -> Any:
    """The answer of ``name`` to ``call`` as the agent's check takes it; :class:`Unusable` if none."""
    try:
        return agent._usable(name, call, outcome, with_moves)
    except agent._Unusable as bad:
        raise Unusable(bad.diagnosis, bad.detail, bad.output) from None


def _line(start: int, moves: tuple[int, ...]) -> str:
    players = "XO" if GAME.is_max(start) else "OX"
    return " ".join(f"{players[i % 2]}{move}" for i, move in enumerate(moves))


def _after(state: int, moves: tuple[int, ...]) -> int:
    for move in moves:
        state = GAME.play(state, move)
    return state


def run_board_case(case: BoardCaseFile, fn: Callable[..., Any], title: str, *, time_limit: float) -> Report:
    """Let lab 3's agent, with ``fn`` as its evaluator, choose a move on the case's board; the report
    names the move, how the game ends after it, and on a losing move where the search stopped."""
    __tracebackhide__ = True
    state = GAME.state(case.board)
    horizon = sorted(_horizon(state, case.depth))
    try:
        answers = ask(fn, "evaluate", [(GAME.board(here),) for here in horizon],
                      functools.partial(_valid, "evaluate", False),
                      time_limit=time_limit)
    except Unusable as bad:
        return Report(title, False, bad.diagnosis, "Your evaluator is not ready yet.",
                      [f"Your code: {bad.detail}."], HINTS.get(bad.diagnosis, ""), output=bad.output)
    values = {here: answers[(GAME.board(here),)] for here in horizon}
    chosen = search.alphabeta(GAME, depth=case.depth, evaluate=values.__getitem__, state=state)
    said = f"move {chosen.move} = {case.outcomes[chosen.move]}"
    if chosen.move in case.safe_moves:
        return Report(title, True, "ok", f"Your agent plays {said}: a move that does not lose "
                      f"({_safe_text(case)}), as the case file says.")
    after = GAME.play(state, chosen.move)
    best = search.alphabeta(_FASTEST, state=after).pv
    details = [f"Your agent:      {said}", f"The case file:   moves that do not lose = {_safe_text(case)}",
               "The board:", *(f"    {line}" for line in drawn(case.board)),
               f"With best play after it: {_line(state, (chosen.move, *best))}."]
    if len(chosen.pv) == case.depth and not GAME.is_terminal(_after(state, chosen.pv)):
        stop = _after(state, chosen.pv)
        truth = _ending(search.alphabeta(GAME, state=stop).value)
        details += [f"Your search expected {chosen.value:g} from this move: it stopped after "
                    f"{_line(state, chosen.pv)}, {_to_move(stop)} to move, where your evaluate says "
                    f"{values[stop]:g}:", *(f"    {line}" for line in drawn(GAME.board(stop))),
                    f"but from there, with best play, {'it is a draw' if truth == 'draw' else truth}."]
    return Report(title, False, "loses", "Wrong on this case.", details, (
        "At the depth limit your evaluator must see danger coming: a player to move with two in a row "
        "(and the third square free) wins; a player facing two such threats loses."))
