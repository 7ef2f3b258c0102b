"""Checks of a move ordering for Connect Four (lab 5), measured against the minimal tree.

The student writes ``order_moves(board, moves)``: the same columns, the most promising
first for the player to move.  A *board* is a string of the six rows, top row first,
separated by ``/`` (``X``, ``O`` or ``.`` in each of the seven cells); X moves first.

The check runs alpha-beta here, to :data:`ORDERING_DEPTH` plies from each board of
:data:`ORDERING_BOARDS`, with the game's static evaluation at the horizon and the
student's order at every node; the student's function answers, in a separate process
(:mod:`mmlib.isolation.runner`), only the questions the search asks
(:func:`~mmlib.check.queries.answers_by_rounds`).  It counts the leaves (static
evaluations) and compares them with the Knuth–Moore minimal tree: with perfect ordering
alpha-beta evaluates b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves of a uniform tree (Knuth & Moore 1975),
391 for b = 7 and d = 5.

>>> report = check_ordering(lambda board, moves: moves, depth=3)     # columns left to right, 3 plies
>>> report.passed, report.diagnosis
(False, 'too-many-leaves')
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import analysis, search
from ..errors import ArgumentError
from ..games import ConnectFour
from ..games.connect4 import WIN, CentreFirst
from ..isolation import runner
from ..isolation._args import flag, function, integer, seconds
from ..isolation.runner import Call, Outcome
from ..ordering import Ordering, StaticOrder
from .queries import Unusable, answers_by_rounds, function_name, shown_call
from .report import Report, counted, finish

if TYPE_CHECKING:
    from ..ordering import Searcher
    pass

__all__ = ["ORDERING_BOARDS", "fresh_boards", "ORDERING_DEPTH", "EMPTY_BOARD", "board_of", "state_of", "play",
           "evaluate",
           "to_move", "legal_moves", "show", "leaves_per_board", "check_ordering", "value_text"]

GAME = ConnectFour()
ORDERING_DEPTH = 5
"""How deep the check's alpha-beta searches from each board (plies)."""
EMPTY_BOARD = "/".join(["......."] * GAME.rows)
"""The board before the first move."""
OPENINGS = ("", "33", "3232", "334", "2344", "4312", "431", "32")
ORDERING_BOARDS: tuple[str, ...] = ()
"""The boards the check searches from: the empty board and seven openings, X or O to move."""
NODE_LIMIT = 400_000
"""The most nodes one of the check's searches may take (a random order takes about 10,000)."""
MAX_DEPTH = 7
"""The deepest search the check runs: at depth 8 the left-to-right search from its boards
needs more than :data:`NODE_LIMIT` nodes."""


def board_of(state: Any) -> str:
    """The board string of a Connect Four state.

    >>> board_of(GAME.position("33"))
    '......./......./......./......./...O.../...X...'
    """
    return "/".join("".join(GAME.cell(state, column, row) for column in range(GAME.columns))
                    for row in reversed(range(GAME.rows)))


def state_of(board: str) -> Any:
    """The Connect Four state of a board string (the inverse of :func:`board_of`).

    >>> state_of(board_of(GAME.position("334"))) == GAME.position("334")
    True
    """
    if not isinstance(board, str):
        from ..errors import ArgumentTypeError
        raise ArgumentTypeError(f"board: expected a string of rows separated by '/', got {board!r:.60}")
    return _parse(board)


@functools.lru_cache(maxsize=1 << 16)
def _parse(board: str) -> Any:
    rows = board.split("/")
    if len(rows) != GAME.rows or any(len(row) != GAME.columns or set(row) - set("XO.") for row in rows):
        from ..errors import ArgumentError
        raise ArgumentError(f"board: expected {GAME.rows} rows of {GAME.columns} cells (X, O or .) "
                            f"separated by '/', got {board!r:.80}")
    x = o = 0
    for top_index, row in enumerate(rows):
        height = GAME.rows - 1 - top_index
        for column, cell in enumerate(row):
            bit = 1 << (column * (GAME.rows + 1) + height)
            if cell == "X":
                x |= bit
            elif cell == "O":
                o |= bit
    outcome = 1 if GAME.has_line(x) else -1 if GAME.has_line(o) else \
        0 if (x | o).bit_count() == GAME.columns * GAME.rows else None
    return (x, o, outcome)


ORDERING_BOARDS = tuple(board_of(GAME.position(opening)) for opening in OPENINGS)
FRESH_BOARDS = 8
"""How many fresh boards :func:`fresh_boards` adds to :data:`ORDERING_BOARDS` for a seed."""


def fresh_boards(seed: int, count: int = FRESH_BOARDS, *, depth: int = ORDERING_DEPTH) -> tuple[str, ...]:
    """``count`` boards drawn from ``seed``, of the kind of :data:`ORDERING_BOARDS`: openings of
    one to four random legal moves (so X or O to move), none of the fixed boards, no repeats,
    and together no harder than the fixed boards: alpha-beta to ``depth`` with the best move
    first by the static evaluation (the order the lab asks for) needs at most as many leaves
    per minimal tree on them as on :data:`ORDERING_BOARDS`.

    >>> boards = fresh_boards(5, depth=3)
    >>> len(boards), boards == fresh_boards(5, depth=3) != fresh_boards(6, depth=3)
    (8, True)
    >>> set(boards) & set(ORDERING_BOARDS), {to_move(board) for board in boards} == {"X", "O"}
    (set(), True)
    """
    seed = integer("seed", seed)
    count = integer("count", count, minimum=1)
    if count > 100:
        raise ArgumentError(f"count: at most 100 fresh boards, got {count:,}")
    depth = _depth(depth)
    rng = random.Random(f"ordering boards {seed}")
    ratio = sum(_best_first_leaves(depth, ORDERING_BOARDS)) / len(ORDERING_BOARDS)
    found: list[str] = []
    total = 0
    for _ in range(100 * count):
        state = GAME.initial
        for _ in range(1 + len(found) % 4):       # as many boards after 1, 2, 3 and 4 moves
            state = GAME.play(state, rng.choice(list(GAME.moves(state))))
        board = board_of(state)
        if board in ORDERING_BOARDS or board in found:
            continue
        leaves = _best_first_leaves(depth, (board,))[0]
        if total + leaves <= ratio * (len(found) + 1):
            found.append(board)
            total += leaves
            if len(found) == count:
                return tuple(found)
    raise ArgumentError(f"seed: no {count} boards as easy as the fixed ones from seed {seed}")


def play(board: str, column: int) -> str:
    """The board after the player to move drops a disc in ``column``.

    >>> play(EMPTY_BOARD, 3)
    '......./......./......./......./......./...X...'
    """
    return board_of(GAME.play(state_of(board), column))


def evaluate(board: str) -> float:
    """The static evaluation of a board from X's point of view (higher is better for X):
    the one the check's search uses at its horizon.

    >>> evaluate(play(EMPTY_BOARD, 3)) > evaluate(play(EMPTY_BOARD, 0))
    True
    """
    state = state_of(board)
    return GAME.utility(state) if GAME.is_terminal(state) else GAME.evaluate(state)


def to_move(board: str) -> str:
    """``"X"`` or ``"O"``: who moves next.

    >>> to_move(EMPTY_BOARD), to_move(play(EMPTY_BOARD, 3))
    ('X', 'O')
    """
    return GAME.player(state_of(board))


def legal_moves(board: str) -> list[int]:
    """The columns that are not full, left to right (none once the game is over)."""
    return list(GAME.moves(state_of(board)))


def show(board: str) -> str:
    """The board as a grid, with the column numbers underneath.

    >>> print(show(play(EMPTY_BOARD, 3)).splitlines()[-2])
    . . . X . . .
    """
    return GAME.render(state_of(board))


# -- the search, with the student's answers ------------------------------------------------------

class _Answered(Ordering):
    """The order the student's function gave for each board; the game's order (and a note
    of the question) where it has not answered yet."""

    name = "student"

    def __init__(self, known: dict[Any, Any], missing: set[Any]):
        self.known, self.missing = known, missing

    def order(self, search_: Searcher, state: Any, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        question = (board_of(state), tuple(moves))
        answer = self.known.get(question)
        if answer is None:              # asked after this round; meanwhile a likely order
            self.missing.add(question)
            return CentreFirst().order(search_, state, moves, path)
        order: Sequence[Any] = answer
        return order


def _depth(depth: int | None) -> int:
    depth = integer("depth", depth, minimum=1)
    if depth > MAX_DEPTH:
        raise ArgumentError(f"depth: at most {MAX_DEPTH} (deeper, the searches from these boards take more "
                            f"than {NODE_LIMIT:,} nodes), got {depth:,}")
    return int(depth)


def _leaves(order: Ordering | str | None, depth: int, boards: Sequence[str]) -> list[int]:
    return [search.alphabeta(GAME, depth=depth, state=state_of(board), order=order, max_nodes=NODE_LIMIT,
                             max_seconds=None, leaf_order=False).stats.leaves for board in boards]


@functools.lru_cache(maxsize=8)
def _best_first_leaves(depth: int, boards: tuple[str, ...]) -> list[int]:
    return _leaves(StaticOrder(), depth, boards)


@functools.lru_cache(maxsize=8)
def _left_to_right(depth: int, boards: tuple[str, ...] = ORDERING_BOARDS) -> list[int]:
    return _leaves(None, depth, boards)


def _valid_order(name: str, call: Call, outcome: Outcome) -> tuple[int, ...]:
    """The columns ``name(board, moves)`` returned, if they are the same columns in some order."""
    from .queries import usable_outcome

    answer = usable_outcome(name, call, outcome)
    moves = call.args[1]
    items = [item.number for item in answer.items if item.kind == "int"]
    if answer.kind != "list" or len(items) != len(answer.items) or sorted(items) != sorted(moves):
        raise Unusable("bad-order", f"{shown_call(name, call)} returned {answer.text}, "
                       "not the same columns in some order")
    return tuple(items)


def leaves_per_board(order_moves: Callable[..., Any], *, depth: int = ORDERING_DEPTH,
                     boards: Sequence[str] = ORDERING_BOARDS, time_limit: float | None = None,
                     name: str = "order_moves") -> list[int]:
    """The leaves alpha-beta evaluates to ``depth`` from each board with the children in the
    order ``order_moves(board, moves)`` gives (run in a separate process).  A report of an
    unusable answer names the function by its own name, or ``name`` when it has none (a lambda).

    >>> leaves_per_board(lambda board, moves: moves, depth=2, boards=ORDERING_BOARDS[:1])
    [34]
    >>> leaves_per_board(lambda board, moves: sorted(moves, key=lambda m: abs(m - 3)), depth=2,
    ...                  boards=ORDERING_BOARDS[:1])     # the minimal tree has 7 + 7 - 1 = 13
    [16]
    """
    function("order_moves", order_moves, "your order_moves function")
    depth = _depth(depth)
    time_limit = runner.TIME_LIMIT if time_limit is None else seconds("time_limit", time_limit, maximum=3600)
    name = function_name(order_moves, name)
    leaves: list[int] = answers_by_rounds(
        order_moves, name, lambda known, missing: _leaves(_Answered(known, missing), depth, boards),
        functools.partial(_valid_order, name), time_limit=time_limit)
    return leaves


def _best_first(board: str, depth: int) -> tuple[list[int], list[float]]:
    """The columns of ``board`` from best to worst for the player to move, by their alpha-beta
    value ``depth - 1`` plies deeper, and those values."""
    state = state_of(board)
    values = {move: search.alphabeta(GAME, depth=depth - 1, state=GAME.play(state, move), order=CentreFirst(),
                                     max_nodes=NODE_LIMIT, max_seconds=None, leaf_order=False).known_value
              if depth > 1 else evaluate(play(board, move)) for move in GAME.moves(state)}
    sign = -1 if GAME.is_max(state) else 1
    ranked = sorted(values, key=lambda move: (sign * values[move], move))
    return ranked, [values[move] for move in ranked]


def value_text(value: float) -> str:
    """A value from X's point of view as a report words it: a won game says who wins.

    >>> value_text(5), value_text(-3), value_text(1035), value_text(-1_029)
    ('5', '−3', 'X wins (1,035)', 'O wins (−1,029)')
    """
    number = _number(value)
    if abs(value) >= WIN:
        return f"{'X' if value > 0 else 'O'} wins ({number})"
    return number


def _number(value: float) -> str:
    return f"{value:,}".replace("-", "−")


def _where_you_lose(order_moves: Callable[..., Any], board: str, depth: int, mine: int, minimal: int,
                    time_limit: float, name: str = "order_moves") -> list[str]:
    """What a report says about the board where the ordering costs most (``mine`` leaves against
    ``minimal``): the student's order there against the columns ranked by a deeper search."""
    ranked, values = _best_first(board, depth)
    question = (board, tuple(legal_moves(board)))

    def first_order(known: dict[Any, Any], missing: set[Any]) -> Any:
        if question not in known:
            missing.add(question)
        return known.get(question, ())

    name = function_name(order_moves, name)
    yours = answers_by_rounds(order_moves, name, first_order, functools.partial(_valid_order, name),
                              time_limit=time_limit)
    player = to_move(board)
    details = [f"Where you lose most: from the board {board!r} ({player} to move; "
               f"{counted(mine, 'leaf')}, the minimal tree has {minimal:,}):"]
    details += ["    " + line for line in show(board).splitlines()]
    best = [move for move, value in zip(ranked, values, strict=True) if value == values[0]]
    top = f"{_number(values[0])} from X's point of view" + (
        f": {'X' if values[0] > 0 else 'O'} wins" if abs(values[0]) >= WIN else "")
    each = ", ".join(f"{move} → {value_text(value)}" for move, value in zip(ranked, values, strict=True))
    details += [f"Your order there: {list(yours)}.  Searched {depth - 1} plies deeper, the best "
                f"{'column is' if len(best) == 1 else 'columns are'} {', '.join(map(str, best))} for "
                f"{player} (value {top}); the columns from best to worst, with "
                f"their values: {each}."]
    if any(abs(value) >= WIN for value in values):
        details.append(f"A won game scores {WIN:,} plus the cells still empty (a quicker win scores more): "
                       f"positive when X wins, negative when O does; the evaluation of a game not over "
                       f"lies between −{WIN:,} and {WIN:,}.")
    if yours and yours[0] in best:
        details.append("Your first column here is among the best: the extra leaves come from the nodes "
                       "below, so order those as well.")
    return details


def check_ordering(order_moves: Callable[..., Any], *, within: float | None = None,
                   depth: int = ORDERING_DEPTH, raise_on_failure: bool = False,
                   time_limit: float | None = None, seed: int | None = None) -> Report:
    """Check a Connect Four move ordering ``order_moves(board, moves) -> moves``.

    Alpha-beta searches ``depth`` plies from each of :data:`ORDERING_BOARDS` with the
    children in the student's order.  Without ``within`` the total of leaves must be at
    most half of what the columns left to right need; with ``within`` it must be at most
    ``within`` times the Knuth–Moore minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 per board.
    With a ``seed``, the fresh boards :func:`fresh_boards` draws from it are searched as well.

    >>> check_ordering(lambda board, moves: moves[:1]).diagnosis
    'bad-order'
    """
    __tracebackhide__ = True
    function("order_moves", order_moves, "your order_moves function")
    depth = _depth(integer("depth", depth, minimum=2))
    flag("raise_on_failure", raise_on_failure)
    if within is not None:
        within = seconds("within", within, maximum=1000)
    time_limit = runner.TIME_LIMIT if time_limit is None else seconds("time_limit", time_limit, maximum=3600)
    boards = ORDERING_BOARDS + (() if seed is None else fresh_boards(seed, depth=depth))
    title = "move ordering" + (f" (within {within:g} times the minimal tree)" if within else "")
    name = function_name(order_moves, "centre_first" if within is None else "order_moves")
    try:
        leaves = leaves_per_board(order_moves, depth=depth, boards=boards, time_limit=time_limit, name=name)
    except Unusable as bad:
        from .report import HINTS
        return finish(Report(title, False, bad.diagnosis, "Your ordering is not ready yet.",
                             [f"Your code: {bad.detail}."], HINTS.get(bad.diagnosis, ""), output=bad.output),
                      raise_on_failure)
    natural = _left_to_right(depth, boards)
    minimal = analysis.knuth_moore_leaves(GAME.columns, depth)
    total, limit = sum(leaves), (sum(natural) // 2 if within is None else int(within * minimal * len(leaves)))
    table = [f"{'board':<52} {'yours':>6} {'left to right':>14} {'minimal tree':>13}"] + [
        f"{board:<52} {mine:>6,} {left:>14,} {minimal:>13,}"
        for board, mine, left in zip(boards, leaves, natural, strict=True)] + [
        f"{'total':<52} {total:>6,} {sum(natural):>14,} {minimal * len(leaves):>13,}"]
    goal = (f"at most half of the columns left to right ({limit:,})" if within is None else
            f"at most {within:g} times the minimal tree ({limit:,})")
    summary = (f"Alpha-beta to depth {depth} from {counted(len(leaves), 'board')} evaluated "
               f"{counted(total, 'leaf')} with your "
               f"order: the goal is {goal}.")
    details = ["Leaves evaluated from each board (the minimal tree: 7^⌈d/2⌉ + 7^⌊d/2⌋ − 1, "
               "Knuth & Moore 1975):"] + ["    " + line for line in table]
    if total <= limit:
        return finish(Report(title, True, "ok", summary, details), raise_on_failure)
    worst = max(range(len(leaves)), key=lambda i: (leaves[i] / minimal, -i))
    details += _where_you_lose(order_moves, boards[worst], depth, leaves[worst], minimal, time_limit, name)
    hint = ("Try the best move first at every node, for the player to move there: X wants the highest "
            "evaluation, O the lowest.  The centre columns are a good guess; the static evaluation of "
            "the board after each move is a better one.")
    return finish(Report(title, False, "too-many-leaves", summary, details, hint), raise_on_failure)
