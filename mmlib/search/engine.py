"""The search engine: what every search shares, apart from the algorithms themselves.

A search is a :class:`Search` object: the game, the checked options, the recorder that
counts (see :mod:`mmlib.instrument` for what the counts mean), and the vocabulary the
algorithms are written in (``moves``, ``play``, ``leaf``, ``best``, ``cutoff``, ``done``).
Each family of algorithms is a subclass in its own module (:mod:`~mmlib.search.minimax`,
:mod:`~mmlib.search.alphabeta`, :mod:`~mmlib.search.quiescence`); :func:`run` runs one from
the start position with room on the call stack, turns a user function's failure into a
:class:`~mmlib.errors.UserFunctionError` naming the function and the position
(:func:`blame`), and wraps up the :class:`~mmlib.search.SearchResult`.

The searches that visit a position more than once (windows, chance, Monte Carlo, anytime)
name each node by its path: :class:`PathSearch`, run by the same :func:`run`.

>>> from mmlib import search
>>> type(as_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).__name__      # a nested list is read as a tree
'Tree'
>>> search.minimax([[1, 2], [3, 4]], depth=1, evaluate=lambda state: 1 / 0)
Traceback (most recent call last):
...
mmlib.errors.UserFunctionError[ZeroDivisionError]: evaluate raised ZeroDivisionError at path (0,): division by zero
>>> check_depth(-1)
Traceback (most recent call last):
...
mmlib.errors.ArgumentError: depth: must be at least 0, got -1
"""

from __future__ import annotations

import linecache
import math
import numbers
import operator
import os
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from .. import _validate
from ..conventions import Conventions
from ..conventions import apply as apply_conventions
from ..errors import (
    ArgumentTypeError,
    MmlibError,
    SearchError,
    SearchInterrupted,
    UserFunctionError,
    describe,
    wrap_user_exception,
)
from ..games.base import Game, Move, State
from ..instrument import Recorder, Tracer
from ..ordering import NaturalOrder, Ordering, as_ordering
from ..table import TranspositionTable
from .budgets import check_budget, recursion_room
from .results import SearchResult

__all__ = ["Search", "PathSearch", "run", "blame", "as_game", "check_depth", "make_search", "user_call", "INF"]

INF = math.inf

GameLike = Game | Sequence[Any] | str
"""What a search accepts: anything that follows the :class:`~mmlib.games.Game` protocol (trees,
generated trees, games), or a tree written as nested lists or as a labelled tree text."""
Line = tuple[Any, ...]
"""A line of play kept as nested pairs (move, rest of the line), so nothing is copied."""


class Search:
    """One search: the game, the options, and the words the algorithms are written in.

    Reading guide: ``enter`` counts a call, ``play`` makes a move (and remembers it as
    part of the line being searched), ``leaf`` evaluates a position statically,
    ``update`` reports a child's result, ``cutoff`` reports pruned children, ``best``
    records the best move so far (for the principal variation), ``done`` reports the
    node's value.  ``update`` is called only while a transcript is written, ``done`` only
    when a transcript or a learning ordering policy listens.  None of them changes what
    the algorithm computes.  ``ply`` is the node's distance from the start (the root has
    ply 0).  ``enter`` and ``update`` are
    the recorder's own methods (see :mod:`mmlib.instrument`).
    """

    FRAMES_PER_PLY = 1
    """Python frames one level of the search takes on the call stack."""

    def __init__(self, game: Any, *, depth: int | float | None,
                 evaluate: Callable[[State], float] | None, order: Any,
                 table: TranspositionTable | None, trace: bool, max_nodes: int | None, cutoff: str,
                 leaf_order: bool = True, max_seconds: float | None = None) -> None:
        self.game = game
        self.horizon = INF if depth is None else depth
        self.static_value = evaluate or game.evaluate
        self.evaluator_name = "evaluate" if evaluate is not None else "game.evaluate"
        self.order = as_ordering(order)
        self.natural_order = type(self.order) in (Ordering, NaturalOrder)
        self.table = table
        budget = INF if max_nodes is None else max_nodes
        self.recorder = (Tracer if trace else Recorder)(game, budget, leaf_order,
                                                        max_seconds=max_seconds)
        self.enter = self.recorder.enter
        self.update = self.recorder.update
        self.tracing = self.recorder.tracing
        self.watched = self.tracing or self.order.learns
        self.trail = self.recorder.trail
        self.prunes = operator.ge if cutoff == ">=" else operator.gt
        self.lines: dict[int, Line] = {}

    # -- the vocabulary the algorithms are written in ------------------------------
    def moves(self, state: State, ply: int) -> Sequence[Move]:
        """The moves of ``state`` in the order the ordering policy chooses."""
        self.lines[ply] = ()
        moves: Sequence[Move] = self.game.moves(state)
        if moves.__class__ not in SEQUENCES:
            moves = self.listed(moves, "game.moves", ply)
        if self.natural_order:
            return moves
        return self.reordered(state, moves, ply)

    def play(self, state: State, move: Move, ply: int) -> State:
        """The position after ``move``; the move is remembered as the line's ``ply``-th."""
        try:
            self.trail[ply] = move
        except IndexError:                       # the line is this long for the first time
            self.trail.append(move)
        return self.game.play(state, move)

    def leaf(self, state: State, depth: float, ply: int) -> float:
        """Static evaluation: the exact score of a finished game, else the evaluator.
        (Above the depth limit a position is a leaf only because the game is over.)"""
        game = self.game
        if depth > 0 or game.is_terminal(state):
            value = game.utility(state)
            if value.__class__ not in _PLAIN_NUMBERS or value != value:
                value = self.checked(value, "game.utility", ply)
        else:
            value = self.static_value(state)
            if value.__class__ not in _PLAIN_NUMBERS or value != value:
                value = self.checked(value, self.evaluator_name, ply)
            self.recorder.horizon_leaves += 1
        self.lines[ply] = ()
        return self.recorder.leaf(ply, value)

    def best(self, ply: int, move: Move, score: float) -> float:
        """``move`` is the best so far at ``ply``: the principal variation goes on with the
        child's own line (kept as a pair (move, rest) so nothing is copied; every child sets
        its line, empty at a leaf)."""
        self.lines[ply] = (move, self.lines[ply + 1])
        return score

    def cutoff(self, ply: int, move: Move, skipped: Sequence[Move]) -> None:
        """``move`` ended the node at ``ply``; the moves ``skipped`` are pruned."""
        self.recorder.cutoff(ply, skipped)
        if skipped and self.order.learns:
            self.order.cutoff(self.recorder.path(ply), move)

    def done(self, state: State, ply: int, value: float, sign: int = 1) -> float:
        """The node at ``ply`` returns ``value`` (a learning ordering policy is told first)."""
        if self.order.learns:
            line = self.lines[ply]
            self.order.finished(self, state, self.recorder.path(ply), sign * value,
                                line[0] if line else None)
        if self.recorder.tracing:
            self.recorder.leave(ply, value)
        return value

    def recall(self, state: State, depth: float, alpha: float, beta: float, ply: int,
               sign: int = 1) -> float | None:
        """The transposition table's answer, if it settles this node (None otherwise)."""
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        assert self.table is not None
        value = self.table.lookup(self.game.key(state), depth, lo, hi)
        if value is None:
            return None
        self.lines[ply] = ()
        return self.recorder.hit(ply, sign * value)

    def remember(self, state: State, depth: float, value: float, window: tuple[float, float], ply: int,
                 sign: int = 1) -> None:
        """Store the node's result in the transposition table, flagged by the window."""
        alpha, beta = window
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        line = self.lines[ply]
        assert self.table is not None
        self.table.store(self.game.key(state), depth, sign * value, lo, hi,
                         line[0] if line else None)

    # -- checking what user code hands back (rarely needed, so kept off the fast path) --
    def static_score(self, state: State) -> float:
        """The evaluator's score of ``state``, checked (used by orderings)."""
        value = self.static_value(state)
        if value.__class__ not in _PLAIN_NUMBERS or value != value:
            value = self.checked(value, self.evaluator_name, None)
        return value

    def checked(self, value: Any, function: str, ply: int | None) -> float:
        """``value`` if it is a usable score, else an error naming ``function`` and the position."""
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            try:
                if not math.isnan(value):
                    return cast(float, value)
            except (OverflowError, TypeError, ValueError):   # huge ints are never NaN
                if isinstance(value, numbers.Integral):
                    return cast(float, value)
        where = "" if ply is None else f" at path {self.recorder.path(ply)}"
        why = " (NaN compares false with everything)" if isinstance(value, numbers.Real) else ""
        raise UserFunctionError(f"{function} returned {describe(value)}{where}, not a number{why}",
                                function, None if ply is None else self.recorder.path(ply))

    def listed(self, moves: Any, function: str, ply: int) -> Sequence[Move]:
        """``moves`` as a list when it is an iterable other than a list, tuple or range."""
        if isinstance(moves, Sequence) and not isinstance(moves, str):
            return moves
        try:
            return list(moves)
        except TypeError:
            raise UserFunctionError(
                f"{function} returned {describe(moves)} at path {self.recorder.path(ply)}, "
                "not a sequence of moves", function, self.recorder.path(ply)) from None

    def reordered(self, state: State, moves: Sequence[Move], ply: int) -> Sequence[Move]:
        """The ordering policy's order of ``moves``, checked to be the same moves."""
        path = self.recorder.path(ply)
        ordered = self.order.order(self, state, moves, path)
        if ordered is moves:
            return moves
        if ordered.__class__ not in SEQUENCES:
            ordered = self.listed(ordered, "the ordering's order", ply)
        if len(ordered) != len(moves) or any(move not in moves for move in ordered):
            name = type(self.order).__name__
            raise UserFunctionError(
                f"the ordering {name} returned {describe(ordered)} at path {path}, not the "
                f"moves {describe(list(moves))} in some order", f"{name}.order", path)
        return ordered


_PLAIN_NUMBERS = (int, float)
SEQUENCES = (tuple, list, range)

S = TypeVar("S", bound=Search)

# -- checking arguments and running ----------------------------------------------------------

_PROTOCOL = ("initial", "is_max", "moves", "play", "is_terminal", "utility", "evaluate", "key")


def as_game(game: Any, conventions: Conventions | None = None) -> Any:
    """``game`` as something that follows the Game protocol, with the players
    ``conventions`` give it (nested lists and tree texts are read as trees)."""
    if conventions is not None and not conventions.usual_turns:
        return apply_conventions(as_game(game), conventions)
    if isinstance(game, (list, tuple, str)):
        from ..trees import as_tree
        return as_tree(game)
    missing = [name for name in _PROTOCOL if not hasattr(game, name)]
    if missing:
        raise ArgumentTypeError(
            f"game: expected a tree, a game, a nested list or a tree text, got "
            f"{type(game).__name__} (it lacks {', '.join(missing)})"
        )
    return game


def check_depth(depth: Any, name: str = "depth", allow_none: bool = True) -> int | None:
    """A depth limit: a whole number >= 0 (None: no limit, when ``allow_none``)."""
    return _validate.whole(name, depth, minimum=0, allow_none=allow_none)  # type: ignore[no-any-return]


def make_search(kind: type[S], game: Any, depth: Any, evaluate: Any, order: Any, table: Any, trace: Any,
                max_nodes: Any, cutoff: Any, leaf_order: Any = True, max_seconds: Any = None) -> S:
    """A search of the family ``kind`` (a :class:`Search` subclass), its options checked."""
    depth = check_depth(depth)
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {describe(evaluate)}")
    cutoff = _validate.choice("cutoff", cutoff, (">=", ">"))
    max_nodes, max_seconds = check_budget(max_nodes, max_seconds)
    if table is True:
        table = TranspositionTable()
    elif table is False:
        table = None
    elif table is not None and not isinstance(table, TranspositionTable):
        raise ArgumentTypeError(f"table: expected True or a TranspositionTable, got {describe(table)}")
    _validate.flag("leaf_order", leaf_order)
    _validate.flag("trace", trace)
    return kind(game, depth=depth, evaluate=evaluate, order=order, table=table,
                trace=trace, max_nodes=max_nodes, cutoff=cutoff, leaf_order=leaf_order,
                max_seconds=max_seconds)


def user_call(function: Callable[..., Any], name: str, *args: Any) -> Any:
    """Call a user-supplied function outside a search; its failure becomes an mmlib error."""
    try:
        return function(*args)
    except MmlibError:
        raise
    except Exception as error:
        raise wrap_user_exception(
            error, f"{name} raised {type(error).__name__}: {short_message(error)}", name, None
        ) from error


def run(search: Search, algorithm: str, state: Any, root_call: Callable[[Any, float], float],
         conventions: Conventions | None = None) -> SearchResult:
    start = search.game.initial if state is None else state
    with recursion_room(search.game, search.horizon, frames_per_ply=search.FRAMES_PER_PLY):
        try:
            value = root_call(start, search.horizon)
        except RecursionError:
            raise SearchError(
                "depth: the game is too deep for a recursive search here; give a depth limit"
            ) from None
        except MmlibError:
            raise
        except Exception as error:
            raise blame(search, error) from error
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, SearchInterrupted):
                raise
            raise SearchInterrupted(search.recorder.finish("interrupted")) from None
    stats = search.recorder.finish()
    pv = principal_variation(search, start)
    trace = tuple(search.recorder.events) if isinstance(search.recorder, Tracer) else None
    return SearchResult(value, pv[0] if pv else None, pv, stats, algorithm, trace,
                        search.game, start, conventions)


_CALLS = re.compile(r"self\.static_value|self\.game\.(\w+)|game\.(\w+)|self\.order\.(\w+)|"
                    r"self\.base\.(\w+)|self\.forcing|search\.static_value")
_FAMILIES = ("engine.py", "minimax.py", "alphabeta.py", "quiescence.py")
"""The modules whose frames :func:`blame` reads to name the user function that failed."""
_HERE = os.path.dirname(os.path.abspath(__file__))
_OWN_FILES = {os.path.join(_HERE, name) for name in _FAMILIES} | {
    os.path.join(os.path.dirname(_HERE), name) for name in ("instrument.py", "ordering.py", "table.py")}


def blame(search: Search, error: Exception) -> UserFunctionError:
    """A user function raised ``error`` during ``search``: name the function and the
    position, found from the innermost frame of the search's own code."""
    own = None
    tb = error.__traceback__
    while tb is not None:
        if os.path.abspath(tb.tb_frame.f_code.co_filename) in _OWN_FILES:
            own = tb
        tb = tb.tb_next
    function, path = "a function of the game", None
    if own is not None:
        line = linecache.getline(own.tb_frame.f_code.co_filename, own.tb_lineno)
        function = _called_name(search, line) or function
        ply = own.tb_frame.f_locals.get("ply")
        if isinstance(ply, int):
            path = search.recorder.path(ply)
    where = f" at path {path}" if path is not None else ""
    message = f"{function} raised {type(error).__name__}{where}: {short_message(error)}"
    return wrap_user_exception(error, message, function, path)


def _called_name(search: Search, line: str) -> str | None:
    match = _CALLS.search(line)
    if match is None:
        return None
    text = match.group(0)
    if text.endswith("static_value"):
        return search.evaluator_name
    if text == "self.forcing":
        return "forcing"
    method = next(group for group in match.groups() if group)
    if text.startswith(("self.order.", "self.base.")):
        return f"the ordering {type(search.order).__name__}.{method}"
    return f"game.{method}"


def short_message(error: Exception) -> str:
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 - a broken __str__ must not hide the error
        text = ""
    return text if len(text) <= 200 else text[:197] + "..."


def principal_variation(search: Search, start: Any) -> tuple[Move, ...]:
    line = _unlinked(search.lines.get(0, ()))
    if search.table is None:
        return line
    # A table hit ends the recorded line early; continue it with the stored best moves.
    game, state, seen = search.game, start, set()
    for move in line:
        state = game.play(state, move)
    extended = list(line)
    while not game.is_terminal(state) and len(extended) < 200:
        key = game.key(state)
        move = search.table.best_move(key)
        if move is None or key in seen:
            break
        seen.add(key)
        extended.append(move)
        state = game.play(state, move)
    return tuple(extended)


def _unlinked(line: Line) -> tuple[Move, ...]:
    """The moves of a line kept as nested pairs (move, rest), as a flat tuple."""
    moves = []
    while line:
        moves.append(line[0])
        line = line[1]
    return tuple(moves)

