"""Independent computations behind the lectures' claims, written from the rules, never from mmlib's code.

The claim tests (``tests/notebooks/test_claims_*.py``) compare the lectures' sentences with these: alpha-beta
on nested lists whose levels follow a layer pattern, and a Connect Four solver that asks only "can the
player to move force a four within n plies?".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Path = tuple[int, ...]

#: The horizon tree of notebook 02 in the labelled tree text: MAX's queen is attacked; B leaves it, C first
#: throws in a pawn; J, K: MIN ignores the queen / the pawn; L, M: MAX loses more.  Values on interior
#: nodes are static values, used where a depth limit stops.
HORIZON_TREE = """ABCDEFGHIJKLM
A: BC
B: DJ
C: EK
D: LF
E: MG
F: H
G: I
B 0
C 0
D -9
E -1
F -9
G -1
H -9
I -10
J 0
K 1
L -10
M -10"""


def leaves_of(nested: Any, path: Path = ()) -> list[tuple[Path, Any]]:
    """Every leaf of a nested-list tree as (path, value), left to right.

    >>> leaves_of([[3, 5], 2])
    [((0, 0), 3), ((0, 1), 5), ((1,), 2)]
    """
    if not isinstance(nested, list):
        return [(path, nested)]
    return [leaf for i, child in enumerate(nested) for leaf in leaves_of(child, path + (i,))]


def layered_alphabeta(nested: Any, layers: Sequence[str] = ("max", "min"), alpha: float = -math.inf,
                      beta: float = math.inf, path: Path = ()) -> tuple[float, list[Path]]:
    """Fail-soft alpha-beta (cut when alpha >= beta) on a nested list whose level k is a MAX or MIN node
    as ``layers[k % len(layers)]`` says; returns the value and the paths of the leaves read, in order.

    >>> layered_alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    (3, [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)])
    """
    if not isinstance(nested, list):
        return nested, [path]
    maximise = layers[len(path) % len(layers)] == "max"
    best = -math.inf if maximise else math.inf
    read: list[Path] = []
    for i, child in enumerate(nested):
        value, below = layered_alphabeta(child, layers, alpha, beta, path + (i,))
        read += below
        if maximise:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best, read


def layered_minimax(nested: Any, layers: Sequence[str] = ("max", "min"), depth: int = 0) -> float:
    """The minimax value of a nested list with the levels of ``layers``.

    >>> layered_minimax([[[3, 5], [2, 9]], [[6, 1], [8, 4]]], ("max", "max", "min"))
    4
    """
    if not isinstance(nested, list):
        return nested
    values = [layered_minimax(child, layers, depth + 1) for child in nested]
    return max(values) if layers[depth % len(layers)] == "max" else min(values)


# -- Connect Four: 7 columns, 6 rows, X first; a move is a column, 0 on the left ---------------------

COLUMNS, ROWS = 7, 6


def c4_board(opening: str) -> list[list[str]]:
    """The columns (bottom first) after the moves of ``opening``, X moving first.

    >>> c4_board("33")[3]
    ['X', 'O']
    """
    board: list[list[str]] = [[] for _ in range(COLUMNS)]
    for k, column in enumerate(opening):
        board[int(column)].append("XO"[k % 2])
    return board


def c4_to_move(board: list[list[str]]) -> str:
    return "XO"[sum(map(len, board)) % 2]


def c4_four_through(board: list[list[str]], column: int) -> bool:
    """Whether the top disc of ``column`` completes four in a row."""
    row = len(board[column]) - 1
    who = board[column][row]

    def owner(c: int, r: int) -> str | None:
        return board[c][r] if 0 <= c < COLUMNS and 0 <= r < len(board[c]) else None

    for dc, dr in [(1, 0), (0, 1), (1, 1), (1, -1)]:
        run = 1
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while owner(c, r) == who:
                run, c, r = run + 1, c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def c4_forces_win(board: list[list[str]], plies: int) -> bool:
    """Whether the player to move can force four in a row within ``plies`` moves (theirs and the
    opponent's, counted together).

    >>> c4_forces_win(c4_board("001122"), 1)       # X completes the bottom row in column 3
    True
    """
    if plies <= 0:
        return False
    for column in range(COLUMNS):
        if len(board[column]) == ROWS:
            continue
        board[column].append(c4_to_move(board))
        try:
            if c4_four_through(board, column):
                return True
            if c4_opponent_cannot_escape(board, plies - 1):
                return True
        finally:
            board[column].pop()
    return False


def c4_opponent_cannot_escape(board: list[list[str]], plies: int) -> bool:
    """Whether every reply of the player to move loses to a forced four within ``plies`` moves."""
    if plies <= 1:
        return False
    replies = [c for c in range(COLUMNS) if len(board[c]) < ROWS]
    if not replies:
        return False
    for column in replies:
        board[column].append(c4_to_move(board))
        try:
            if c4_four_through(board, column) or not c4_forces_win(board, plies - 1):
                return False
        finally:
            board[column].pop()
    return True


def c4_lost_after(opening: str, column: int, plies: int) -> bool:
    """Whether the move ``column`` after ``opening`` loses by force within ``plies`` moves counted from
    the position after ``opening`` (the move itself included).

    >>> c4_lost_after("01010", 5, 2), c4_lost_after("01010", 0, 2)    # O must block column 0
    (True, False)
    """
    board = c4_board(opening)
    board[column].append(c4_to_move(board))
    return not c4_four_through(board, column) and c4_forces_win(board, plies - 1)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's (1927) score interval for a proportion, 95 % by default.

    >>> [round(x, 2) for x in wilson(9, 10)]
    [0.6, 0.98]
    """
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


# -- tic-tac-toe: a board is a string of nine characters, "X", "O" or "."; X moves first --------------

TTT_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_winner(board: str) -> str | None:
    for a, b, c in TTT_LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def ttt_children(board: str) -> list[tuple[int, str]]:
    """(square, board after it) for every move, or none when the game is over."""
    if ttt_winner(board) or "." not in board:
        return []
    mark = "X" if board.count("X") == board.count("O") else "O"
    return [(i, board[:i] + mark + board[i + 1:]) for i in range(9) if board[i] == "."]


def ttt_census(board: str = "." * 9, memo: dict | None = None) -> tuple[int, int, int, int]:
    """(nodes, complete games, X wins, O wins) of the game tree below ``board``, the board included.

    >>> ttt_census("XOXOXO...")[1:]
    (4, 4, 0)
    """
    memo = {} if memo is None else memo
    if board not in memo:
        children = ttt_children(board)
        if not children:
            winner = ttt_winner(board)
            memo[board] = (1, 1, int(winner == "X"), int(winner == "O"))
        else:
            below = [ttt_census(child, memo) for _, child in children]
            memo[board] = (1 + sum(b[0] for b in below), *(sum(b[k] for b in below) for k in (1, 2, 3)))
    return memo[board]


def ttt_positions(board: str = "." * 9) -> set[str]:
    """Every position reachable from ``board``, the board included."""
    seen, frontier = {board}, [board]
    while frontier:
        for _, child in ttt_children(frontier.pop()):
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def ttt_value(board: str, memo: dict | None = None) -> int:
    """The minimax value of ``board`` with +10 / -10 / 0 scoring, X maximising."""
    memo = {} if memo is None else memo
    if board not in memo:
        children = ttt_children(board)
        if not children:
            memo[board] = {"X": 10, "O": -10, None: 0}[ttt_winner(board)]
        else:
            values = [ttt_value(child, memo) for _, child in children]
            memo[board] = max(values) if board.count("X") == board.count("O") else min(values)
    return memo[board]
