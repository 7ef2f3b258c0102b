"""Checks of an anytime agent for Connect Four (lab 6): iterative deepening under a node
budget that plays the move of the last *completed* iteration.

The student writes ``anytime_move(board, max_nodes)`` with the lab's
:func:`search_to_depth`, an alpha-beta search of a board to a fixed depth that stops with
:class:`OutOfNodes` when its budget runs out (the exception carries ``best_so_far``, the
move the unfinished iteration liked best when it stopped: a temptation, since an
unfinished iteration has not yet looked at every move).  Boards are the strings of
:mod:`mmlib.check.ordering`.

:func:`check_anytime` asks the function, in a separate process (:mod:`mmlib.isolation.runner`),
for its move on several boards and budgets, and compares with the rule (Korf 1985 for
iterative deepening; AIMA 4th ed. §5.3): depth 1, 2, 3, ... with the remaining budget and the
previous iteration's move tried first; the move of the last completed iteration.
:func:`check_games` lets the agent play against reference agents with a time limit per move.

>>> search_to_depth(EMPTY_BOARD, 1, 100)
Iteration(depth=1, move=3, value=7, nodes=8)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import search
from ..errors import NodeBudgetExceeded
from ..games.connect4 import CentreFirst
from ..isolation import runner
from ..isolation._args import flag, function, integer, seconds
from ..isolation.nodes import Stop
from ..isolation.runner import Call, Outcome
from ..progress import Run
from ..search import arena
from .ordering import EMPTY_BOARD, GAME, board_of, legal_moves, play, show, state_of
from .queries import Unusable, ask, shown_call, usable_outcome
from .report import HINTS, Report, finish

if TYPE_CHECKING:
    from ..games.base import AnyGame, State

__all__ = ["EMPTY_BOARD", "play", "show", "legal_moves",
           "OutOfNodes", "Iteration", "search_to_depth", "empty_cells", "reference_move", "iterations",
           "within_budget", "held_to_budget",
           "DEEPENING_CASES", "fresh_cases", "check_anytime", "check_games", "MOVE_SECONDS", "opening_text",
           "moves_text"]

DEEPENING_CASES = tuple((board_of(GAME.position(opening)), budget) for opening, budget in (
    ("", 400), ("", 2500), ("33", 150), ("32", 800), ("3323", 100), ("3344", 100), ("4433", 100),
    ("332", 400), ("35", 2500), ("32", 1200), ("31", 300), ("35", 300), ("334", 400), ("2344", 1000),
    ("24", 400), ("34", 300)))
"""The boards and node budgets :func:`check_anytime` asks about: openings of up to four moves,
budgets from 100 to 2,500 nodes, chosen so that each classic mistake plays another move on
some of them, and on one of them ("24", 400) trying the previous move first lets the rule finish an
iteration more than without it (the board a report on that mistake shows)."""
FRESH_CASES = 16
FRESH_BUDGETS = (100, 150, 200, 300, 400, 600, 800, 1000, 1200, 1600, 2000, 2500)
"""How many fresh boards and budgets :func:`fresh_cases` adds for a seed."""


def fresh_cases(seed: int, count: int = FRESH_CASES) -> tuple[tuple[str, int], ...]:
    """``count`` boards and node budgets drawn from ``seed``, of the kind of
    :data:`DEEPENING_CASES`: openings of up to four random legal moves, budgets from 100 to
    2,500 nodes, none of the fixed pairs, no repeats.

    >>> cases = fresh_cases(5)
    >>> len(cases), cases == fresh_cases(5) != fresh_cases(6), set(cases) & set(DEEPENING_CASES)
    (16, True, set())
    """
    seed = integer("seed", seed)
    count = integer("count", count, minimum=1)
    rng = random.Random(f"deepening cases {seed}")
    found: list[tuple[str, int]] = []
    while len(found) < count:
        state = GAME.initial
        for _ in range(rng.randint(0, 4)):
            state = GAME.play(state, rng.choice(list(GAME.moves(state))))
        case = (board_of(state), rng.choice(FRESH_BUDGETS))
        if case not in DEEPENING_CASES and case not in found:
            found.append(case)
    return tuple(found)


GAME_BUDGET = 1000
"""The node budget per move in :func:`check_games`."""
MOVE_SECONDS = 1.0
"""Seconds one move may take in :func:`check_games`: the class tournament's time per move
(:class:`mmlib.check.contest.Rules`), so the check is the test the tournament runs."""


class _Meter:
    """The nodes the iterations of :func:`search_to_depth` spent since :meth:`reset`, all of them
    together: what :func:`check_games` holds against the budget of the move being chosen (the
    budget is for the whole move)."""

    def __init__(self) -> None:
        self.spent = 0

    def reset(self) -> None:
        self.spent = 0

    def note(self, nodes: int) -> None:
        self.spent += nodes


_METER = _Meter()


class OutOfNodes(Exception):
    """The budget ran out before the iteration finished; ``nodes`` were spent in it and
    ``best_so_far`` is the move it rated best among those it had finished (None if none)."""

    def __init__(self, nodes: int, best_so_far: int | None):
        super().__init__(f"out of nodes after {nodes} nodes (best so far: {best_so_far})")
        self.nodes, self.best_so_far = nodes, best_so_far


class Iteration(NamedTuple):
    """A completed search: its depth, best move, value (X's point of view) and nodes spent."""

    depth: int
    move: int
    value: float
    nodes: int


def empty_cells(board: str) -> int:
    """How many cells are empty: no search needs more plies than that.

    >>> empty_cells(EMPTY_BOARD)
    42
    """
    return board.count(".") if isinstance(board, str) else 0


def search_to_depth(board: str, depth: int, max_nodes: int, *, first: int | None = None) -> Iteration:
    """Alpha-beta from ``board`` to ``depth`` plies, ``first`` tried first at the root and the
    other columns from the centre outwards, spending at most ``max_nodes`` nodes (the root
    counts as one); :class:`OutOfNodes` if that is not enough.

    >>> search_to_depth(EMPTY_BOARD, 3, 100, first=0).move
    3
    >>> search_to_depth(EMPTY_BOARD, 3, 100)
    Iteration(depth=3, move=3, value=9, nodes=76)
    >>> search_to_depth(EMPTY_BOARD, 3, 40)
    Traceback (most recent call last):
    ...
    mmlib.check.deepening.OutOfNodes: out of nodes after 40 nodes (best so far: 3)
    """
    try:
        iteration = _iteration(board, depth, max_nodes, first)
    except OutOfNodes as out:
        _METER.note(out.nodes)
        raise
    _METER.note(iteration.nodes)
    return iteration


def _iteration(board: str, depth: int, max_nodes: int, first: int | None) -> Iteration:
    state = state_of(board)
    moves = CentreFirst().order(None, state, list(GAME.moves(state)), ())
    if first in moves:
        moves = [first] + [move for move in moves if move != first]
    if max_nodes < 1:
        raise OutOfNodes(0, None)
    maximizing, spent = GAME.is_max(state), 1
    best_move, best = None, None
    for move in moves:
        alpha, beta = (best, None) if maximizing else (None, best)
        if spent >= max_nodes:
            raise OutOfNodes(spent, best_move)
        try:
            child = search.alphabeta(GAME, depth=depth - 1, state=GAME.play(state, move), order=CentreFirst(),
                                     alpha=-math.inf if alpha is None else alpha,
                                     beta=math.inf if beta is None else beta,
                                     max_nodes=max_nodes - spent, max_seconds=None, leaf_order=False)
        except NodeBudgetExceeded:
            raise OutOfNodes(max_nodes, best_move) from None
        spent += child.stats.nodes
        if best is None or (child.value > best if maximizing else child.value < best):
            best_move, best = move, child.value
    assert best_move is not None and best is not None
    return Iteration(depth, best_move, best, spent)


@dataclass(frozen=True)
class _Run:
    """What the rule does on one board and budget: each completed iteration, then the one
    that ran out (its nodes and best move so far), and the move played."""

    completed: tuple[Iteration, ...]
    stopped: OutOfNodes | None
    move: int | None


def iterations(board: str, max_nodes: int, *, remaining: bool = True, previous_first: bool = True) -> _Run:
    """Iterative deepening by the rule (or, for the checker's mistake models, without passing
    the remaining budget or without trying the previous move first)."""
    done: list[Iteration] = []
    spent, best = 0, None
    for depth in range(1, empty_cells(board) + 1):
        try:
            result = search_to_depth(board, depth, max_nodes - spent if remaining else max_nodes,
                                     first=best if previous_first else None)
        except OutOfNodes as out:
            return _Run(tuple(done), out, best)
        spent, best = spent + result.nodes, result.move
        done.append(result)
    return _Run(tuple(done), None, best)


def reference_move(board: str, max_nodes: int) -> int | None:
    """The move of the last completed iteration.

    >>> reference_move(EMPTY_BOARD, 400)
    3
    """
    return iterations(board, max_nodes).move


def _models(board: str, max_nodes: int) -> dict[str, int | None]:
    """What each classic mistake plays."""
    run = iterations(board, max_nodes)
    partial = run.stopped.best_so_far if run.stopped is not None and run.stopped.best_so_far is not None \
        else run.move
    return {"partial-iteration": partial,
            "whole-budget-each-time": iterations(board, max_nodes, remaining=False).move,
            "previous-move-not-first": iterations(board, max_nodes, previous_first=False).move,
            "no-deepening": None}


MODEL_HINTS = {
    "partial-iteration": "When the budget runs out, the unfinished iteration has not looked at every move: "
                         "its best so far may be a move it simply tried first.  Play the move of the last "
                         "iteration that finished.",
    "whole-budget-each-time": "The budget is for the whole move: give each iteration what is left "
                              "(max_nodes minus the nodes the finished iterations spent).",
    "previous-move-not-first": "Try the previous iteration's best move first (first=...), as the exercise "
                               "asks: it is the best guess, and alpha-beta usually prunes more with it (not "
                               "on every board), so which iterations finish, and their move, can differ.",
    "wrong-move": "Search depth 1, 2, 3, ... with what is left of the budget, the previous best move "
                  "first; when an iteration runs out of nodes, return the move of the last one that "
                  "finished.",
}


_HINTS = {"not-a-move": "Return a column that is not full, one of legal_moves(board): the move of the last "
                        "iteration that finished (depth 1 always fits in the budgets of the check)."}


def _hint(diagnosis: str) -> str:
    return _HINTS.get(diagnosis, HINTS.get(diagnosis, ""))


def _valid_move(call: Call, outcome: Outcome) -> int:
    answer = usable_outcome("anytime_move", call, outcome)
    if answer.kind != "int" or answer.number not in legal_moves(call.args[0]):
        raise Unusable("not-a-move", f"{shown_call('anytime_move', call)} returned {answer.text}, not a "
                       f"legal column ({legal_moves(call.args[0])})")
    return int(answer.number)


def _shown(wrong: list[tuple[tuple[str, int], Any]], diagnosis: str) -> tuple[tuple[str, int], Any]:
    """The wrong answer a report shows: the first, or for ``previous-move-not-first`` the first on a
    board where the previous move first lets more iterations finish (what the hint says it does)."""
    if diagnosis == "previous-move-not-first":
        for question, move in wrong:
            without = iterations(*question, previous_first=False)
            if len(iterations(*question).completed) > len(without.completed):
                return question, move
    return wrong[0]


def _explain(board: str, max_nodes: int, *, previous_first: bool = True) -> list[str]:
    run = iterations(board, max_nodes, previous_first=previous_first)
    lines = [f"depth {it.depth}: finished, {it.nodes} nodes, best move {it.move} (value {it.value:g})"
             for it in run.completed]
    if run.stopped is not None:
        lines.append(f"depth {len(run.completed) + 1}: ran out after {run.stopped.nodes} nodes "
                     f"(best so far: {run.stopped.best_so_far})")
    return ["    " + line for line in lines]


def check_anytime(anytime_move: Callable[..., Any], *, raise_on_failure: bool = False,
                  time_limit: float | None = None, seed: int | None = None) -> Report:
    """Check ``anytime_move(board, max_nodes) -> column`` on the boards and budgets of
    :data:`DEEPENING_CASES` (and, with a ``seed``, the fresh ones :func:`fresh_cases` draws
    from it): it must play the move of the last completed iteration.

    >>> check_anytime(lambda board, max_nodes: search_to_depth(board, 1, max_nodes).move).diagnosis
    'wrong-move'
    """
    __tracebackhide__ = True
    function("anytime_move", anytime_move, "your anytime_move function")
    flag("raise_on_failure", raise_on_failure)
    time_limit = runner.TIME_LIMIT if time_limit is None else seconds("time_limit", time_limit, maximum=3600)
    title = "anytime iterative deepening"
    questions = list(DEEPENING_CASES) + ([] if seed is None else list(fresh_cases(seed)))
    try:
        answers = ask(anytime_move, "anytime_move", questions, _valid_move, time_limit=time_limit)
    except Unusable as bad:
        return finish(Report(title, False, bad.diagnosis, "Your agent is not ready yet.",
                             [f"Your code: {bad.detail}."], _hint(bad.diagnosis), output=bad.output),
                      raise_on_failure)
    wrong = [(question, answers[question]) for question in questions
             if answers[question] != reference_move(*question)]
    if not wrong:
        return finish(Report(title, True, "ok", (
            f"Played the move of the last completed iteration on all {len(questions)} boards and budgets "
            f"({min(b for _, b in questions):,} to {max(b for _, b in questions):,} nodes).")),
            raise_on_failure)
    models = {question: _models(*question) for question in questions}
    same = [name for name in MODEL_HINTS if name != "wrong-move"
            and all(models[question][name] == answers[question] for question in questions)]
    diagnosis = same[0] if same else "wrong-move"
    (board, budget), move = _shown(wrong, diagnosis)
    details = [f"anytime_move({board!r}, {budget}) returned {move}; the last completed iteration's move "
               f"is {reference_move(board, budget)}.  Iterative deepening there, with the remaining budget "
               "and the previous best move first:"] + _explain(board, budget)
    if diagnosis == "previous-move-not-first":
        details += ["The same without the previous best move first (every move from the centre outwards):",
                    *_explain(board, budget, previous_first=False)]
    details.append(f"({len(wrong)} of {len(questions)} boards and budgets give another move.)")
    return finish(Report(title, False, diagnosis, "Your agent plays another move than the exercise's "
                         "iterative deepening.", details, MODEL_HINTS[diagnosis]), raise_on_failure)


# -- games against reference agents --------------------------------------------------------------

class _Stopped(Exception):
    def __init__(self, unusable: Unusable):
        super().__init__(unusable.detail)
        self.unusable, self.where = unusable, ""


def _budget_moves(board: str, max_nodes: int) -> Iterator[int | None]:
    yield reference_move(board, max_nodes)
    yield from _models(board, max_nodes).values()
    for depth in range(1, empty_cells(board) + 1):
        try:
            yield search_to_depth(board, depth, max_nodes).move
        except OutOfNodes as out:
            yield out.best_so_far
            return


def within_budget(board: str, max_nodes: int, move: int) -> bool:
    """True when a search of ``board`` within ``max_nodes`` nodes plays ``move``: the rule, a
    classic mistake (:func:`_models`) or a completed fixed-depth search.  An agent whose move is
    none of these searched further than its budget allows.

    >>> within_budget(EMPTY_BOARD, 400, 3), within_budget(EMPTY_BOARD, 400, 0)
    (True, False)
    """
    return any(found == move for found in _budget_moves(board, max_nodes))


def held_to_budget(anytime_move: Callable[..., Any]) -> Callable[..., Any]:
    """``anytime_move`` as :func:`check_games` and the class tournament call it, in the process
    where the student's code runs: stopped as "over-budget" (an outcome of that kind) when the
    iterations of :func:`search_to_depth` it ran spent, together, more nodes than the whole move may
    (:class:`_Meter`).  An agent with a search of its own is held to its budget by its moves
    (:func:`within_budget`)."""
    def call(board: str, max_nodes: int) -> Any:
        _METER.reset()
        move = anytime_move(board, max_nodes)
        if _METER.spent > max_nodes:
            raise Stop("over-budget")
        return move
    call.__wrapped_student__ = (anytime_move, "budget")  # type: ignore[attr-defined]  # sealed: wrapped there
    return call


def _valid_metered_move(call: Call, outcome: Outcome) -> int:
    if outcome.kind == "over-budget":
        raise Unusable("over-budget", f"{shown_call('anytime_move', call)} ran iterations of "
                       f"search_to_depth that spent more than the move's {call.args[1]} nodes in all")
    return _valid_move(call, outcome)


def _student_player(anytime_move: Callable[..., Any], max_nodes: int, seconds_: float,
                    played: list[tuple[str, int]] | None = None) -> Callable[..., Any]:
    metered = held_to_budget(anytime_move)

    def choose(game: AnyGame, state: State) -> int:
        board = board_of(state)
        try:
            answer = ask(metered, "anytime_move", [(board, max_nodes)], _valid_metered_move,
                         time_limit=seconds_)
        except Unusable as bad:
            raise _Stopped(bad) from None
        move: int = answer[(board, max_nodes)]
        if played is not None:
            played.append((board, move))
        return move
    return choose


def _opening(rng: random.Random, moves: int = 2) -> tuple[Any, tuple[int, ...]]:
    """A position after ``moves`` random moves (each pair of games starts from one), and the
    columns of those moves, X's first."""
    state, played = GAME.initial, []
    for _ in range(moves):
        columns = list(GAME.moves(state))
        played.append(columns[int(rng.random() * len(columns))])
        state = GAME.play(state, played[-1])
    return state, tuple(played)


def opening_text(columns: Sequence[int] | str) -> str:
    """An opening as a report names it: the columns of its moves, X's first.

    >>> opening_text((3, 5)), opening_text("11"), opening_text(())
    ('3, 5', '1, 1', 'the empty board')
    """
    return ", ".join(str(column) for column in columns) or "the empty board"


def _ordinal(number: int) -> str:
    """``number`` as an ordinal: first, second, third in words, then :func:`mmlib.quiz.ordinal`'s
    4th, 11th, 21st, ...

    >>> [_ordinal(number) for number in (1, 2, 3, 4, 11, 12, 21, 22, 113)]
    ['first', 'second', 'third', '4th', '11th', '12th', '21st', '22nd', '113th']
    """
    from ..quiz import ordinal

    return ("first", "second", "third")[number - 1] if number in (1, 2, 3) else ordinal(number)


def moves_text(own: int, *, forfeited: bool = False) -> str:
    """How a report on a game counts its moves: the agent's own, never the opening's.  ``own``:
    the moves the agent played; ``forfeited``: it then forfeited the next one.

    >>> moves_text(9), moves_text(1)
    ('after 9 moves by your agent', 'after 1 move by your agent')
    >>> moves_text(0, forfeited=True), moves_text(4, forfeited=True)
    ('your agent forfeited its first move', 'your agent forfeited its 5th move')
    """
    if forfeited:
        return f"your agent forfeited its {_ordinal(own + 1)} move"
    return f"after {own:,} move{'' if own == 1 else 's'} by your agent"


def _rule_player(max_nodes: int) -> Callable[..., Any]:
    return lambda game, state: reference_move(board_of(state), max_nodes)


def _fair_opening(rng: random.Random, opponent: Callable[..., Any],
                  max_nodes: int) -> tuple[Any, tuple[int, ...]]:
    """A fresh opening from which the rule (:func:`reference_move`, what every correct agent
    plays) scores at least one point in the pair of games against ``opponent``: the fixed
    openings are such, so the pass mark stays as fair on fresh ones."""
    rule = _rule_player(max_nodes)
    while True:
        state, columns = _opening(rng)
        as_x = arena.play(GAME, rule, opponent, state=state)
        as_o = arena.play(GAME, opponent, rule, state=state)
        if (as_x > 0) - (as_x < 0) + (as_o < 0) - (as_o > 0) >= 0:          # at least 1 point of 2
            return state, columns


def opponents(seed: int | None = None) -> dict[str, Callable[..., Any]]:
    """The reference agents: random moves (drawn from ``seed``, default 7), and anytime
    alpha-beta with 200 nodes a move."""
    return {"random moves": arena.random_player(seed=7 if seed is None else seed),
            "alpha-beta, 200 nodes a move": arena.alphabeta_player(max_nodes=200)}


def _games_against(name: str, opponent: Callable[..., Any], student: Callable[..., Any],
                   played: list[tuple[str, int]], games: int, rng: random.Random, fresh: bool,
                   max_nodes: int, run: Run) -> tuple[float, list[str]]:
    """Play ``games`` games against ``opponent``, half as X, each pair from its own opening: the
    points, and one line a game; :class:`_Stopped` (saying where) when the agent gives no move."""
    points, record = 0.0, []
    for number in range(games):
        if number % 2 == 0:
            opening, columns = _fair_opening(rng, opponent, max_nodes) if fresh else _opening(rng)
        as_x, before = number % 2 == 0, len(played)
        place = f"as {'X' if as_x else 'O'} from the opening {opening_text(columns)}"
        try:
            result = arena.play(GAME, student if as_x else opponent, opponent if as_x else student,
                                state=opening)
        except _Stopped as stopped:
            stopped.where = (f"In the game against {name} {place}: your agent's "
                             f"{_ordinal(len(played) - before + 1)} move (the opening's not counted).")
            raise
        mine = result if as_x else -result
        points += 1 if mine > 0 else 0.5 if mine == 0 else 0
        outcome = "won" if mine > 0 else "drew" if mine == 0 else "lost"
        record.append(f"{outcome} {place} {moves_text(len(played) - before)}")
        run.step()
    return points, record


def check_games(anytime_move: Callable[..., Any], *, max_nodes: int = GAME_BUDGET, games: int = 4,
                raise_on_failure: bool = False, move_seconds: float = MOVE_SECONDS,
                seed: int | None = None) -> Report:
    """Let ``anytime_move`` (``max_nodes`` a move, ``move_seconds`` at most per move) play
    ``games`` games against each reference agent of :func:`opponents`, half of them as X, each
    pair from its own opening of two random moves.  It must win every game against random
    moves and score at least half the points against alpha-beta with 200 nodes a move.
    With a ``seed``, the openings and the random player's moves are drawn from it (games no
    one has seen) instead of the fixed ones.  A game's line counts the agent's own moves
    (:func:`moves_text`), not the opening's.
    """
    __tracebackhide__ = True
    function("anytime_move", anytime_move, "your anytime_move function")
    max_nodes = integer("max_nodes", max_nodes, minimum=10)
    games = integer("games", games, minimum=2)
    flag("raise_on_failure", raise_on_failure)
    move_seconds = seconds("move_seconds", move_seconds, maximum=600)
    title = "anytime agent in play"
    played: list[tuple[str, int]] = []
    student = _student_player(anytime_move, max_nodes, move_seconds, played)
    rows, failed = [], []
    if seed is not None:
        seed = integer("seed", seed)
    rng = random.Random(2024 if seed is None else f"openings {seed}")
    total = games * len(opponents())
    with Run("your anytime agent in play", f"{total} games", "games played", total=total) as run:
        for name, opponent in opponents(None if seed is None else rng.getrandbits(32)).items():
            try:
                points, record = _games_against(name, opponent, student, played, games, rng,
                                                seed is not None and name != "random moves", max_nodes, run)
            except _Stopped as stopped:
                bad = stopped.unusable
                if bad.diagnosis == "over-budget":
                    return finish(_spent_too_much(title, bad.detail, max_nodes, stopped.where),
                                  raise_on_failure)
                return finish(Report(title, False, bad.diagnosis, "Your agent could not finish a game.",
                                     [stopped.where, f"Your code: {bad.detail}."], _hint(bad.diagnosis),
                                     output=bad.output), raise_on_failure)
            need = games if name == "random moves" else games / 2
            rows.append(f"against {name}: {points:g} of {games} points (needed: {need:g})")
            rows += ["    " + line for line in record]
            if points < need:
                failed.append(name)
    summary = (f"{games} games against each reference agent, {max_nodes:,} nodes and {move_seconds:g} "
               f"second{'' if move_seconds == 1 else 's'} a move; each move came in time.")
    rows.insert(0, "Each opening is named by the columns of its two moves, X's first; the moves counted "
                   "are your agent's own.")
    over = _over_budget(title, played, max_nodes)
    if over is not None:
        return finish(over, raise_on_failure)
    if not failed:
        return finish(Report(title, True, "ok", summary, rows), raise_on_failure)
    return finish(Report(title, False, "too-weak", summary, rows,
                         "Check that the agent plays the move of the last completed iteration "
                         "(check_anytime), with the whole budget for each move."), raise_on_failure)


def _spent_too_much(title: str, detail: str, max_nodes: int, where: str = "") -> Report:
    return Report(title, False, "over-budget", "Your agent searched further than its node budget.",
                  [*([where] if where else []), f"{detail}."],
                  "Pass max_nodes to your searches (what is left of it to each iteration), "
                  "and stop when it is spent.")


def _over_budget(title: str, played: list[tuple[str, int]], max_nodes: int) -> Report | None:
    """The report on the first move played (board, column) that no search within ``max_nodes``
    nodes plays, or None when every move was within the budget."""
    over = next(((board, move) for board, move in played if not within_budget(board, max_nodes, move)), None)
    if over is None:
        return None
    board, move = over
    return Report(title, False, "over-budget", "Your agent searched further than its node budget.", [
        f"On {board!r} it played column {move}: no search of that board within {max_nodes} nodes "
        "plays it "
        f"(the last completed iteration there plays {reference_move(board, max_nodes)})."],
        "Pass max_nodes to your searches, and stop when it is spent.")
