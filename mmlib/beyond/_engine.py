"""What every search of :mod:`mmlib.beyond` shares: checked options, the counts, the result.

The counts mean what they mean everywhere in mmlib (see :mod:`mmlib.instrument`):
``nodes`` are calls of the search function, the root included, summed over every pass;
``leaves`` are static evaluations; ``cutoffs`` are times a node stopped with children
left unsearched.  Searches that search some positions again also count
``researches`` (a window widened, a null-window guess corrected, one more pass).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .. import _validate
from ..errors import (
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    ArgumentTypeError,
    MmlibError,
    SearchError,
    SearchInterrupted,
    SearchTooLarge,
    UserFunctionError,
    describe,
    wrap_user_exception,
)
from ..instrument import Event, Recorder, Stats, Tracer
from ..ordering import as_ordering
from ..search import SearchResult
from ..search.engine import as_game as _as_game
from ..search.budgets import recursion_room as _recursion_room
from ..search.budgets import refuse_hopeless

__all__ = ["BeyondStats", "Engine", "INF", "as_game", "check_depth", "check_budget",
           "check_number", "run", "first_guess"]

INF = math.inf



@dataclass(repr=False, frozen=True)
class BeyondStats(Stats):
    """:class:`~mmlib.instrument.Stats` plus the counts of searches that search again.

    ``researches``: searches of the root (or of a child) repeated with another window;
    ``passes``: searches started at the root (1 for a single search; for Monte Carlo
    tree search, the completed iterations; for iterative deepening, the iterations);
    ``extra``: what one algorithm adds (visits per move, the depth reached...).
    """

    researches: int = 0
    passes: int = 1
    extra: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        extra = f", table_hits={self.table_hits}" if self.table_hits else ""
        return (f"Stats(nodes={self.nodes}, leaves={self.leaves}, cutoffs={self.cutoffs}, "
                f"researches={self.researches}{extra})")


def as_game(game: Any) -> Any:
    """A tree or game following the Game protocol (nested lists and tree texts are read), as
    for the searches of :mod:`mmlib.search`."""
    return _as_game(game)


def check_depth(depth: Any, name: str = "depth", allow_none: bool = True) -> int | None:
    """A depth limit: a whole number >= 0 (or None), checked as :mod:`mmlib.search` checks it."""
    return _validate.whole(name, depth, minimum=0, allow_none=allow_none)


def check_budget(value: Any, name: str = "max_nodes") -> int | None:
    """A count of at least 1, or None (no limit)."""
    return _validate.whole(name, value, minimum=1, allow_none=True)


def _is_real(value: object) -> bool:
    """Whether ``value`` is a real number (a bool is not)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def check_number(value: Any, name: str, *, positive: bool = False, finite: bool = True) -> float:
    if not _is_real(value) or value != value:   # NaN
        raise ArgumentTypeError(f"{name}: expected a number, got {describe(value)}")
    try:
        as_float = float(value)
    except OverflowError:
        raise ArgumentError(f"{name}: too large to compute with, got {describe(value)}") from None
    if finite and not math.isfinite(as_float):
        raise ArgumentError(f"{name}: expected a finite number, got {describe(value)}")
    if positive and not value > 0:
        raise ArgumentError(f"{name}: must be > 0, got {describe(value)}")
    return value


class PathRecorder:
    """The instrument's recorder (:mod:`mmlib.instrument`), told about each node by its path.

    The recorder names a node by its ply and keeps the moves of the current line in its
    ``trail``; the searches here name nodes by their paths, so each call first puts the
    path on the trail (and hands it to a :class:`PathTracer`, whose events share it).
    Everything else (the counts, ``events``, ``finish``) is the recorder's.
    """

    def __init__(self, recorder: Recorder):
        self.recorder = recorder

    def at(self, path: tuple) -> int:
        recorder = self.recorder
        recorder.trail[:] = path
        if recorder.tracing:            # a PathTracer: its events will hold this tuple
            recorder.given = path if path.__class__ is tuple else tuple(path)  # type: ignore[attr-defined]
        return len(path)

    def enter(self, path: tuple, alpha: Any, beta: Any, state: Any) -> None:
        self.recorder.enter(self.at(path), alpha, beta, state)

    def update(self, path: tuple, move: Any, score: Any, value: Any, alpha: Any, beta: Any) -> None:
        self.recorder.update(self.at(path), move, score, value, alpha, beta)

    def leaf(self, path: tuple, value: float) -> float:
        return self.recorder.leaf(self.at(path), value)

    def cutoff(self, path: tuple, skipped: Sequence) -> None:
        self.recorder.cutoff(self.at(path), skipped)

    def hit(self, path: tuple, value: float) -> float:
        return self.recorder.hit(self.at(path), value)

    def leave(self, path: tuple, value: Any) -> Any:
        return self.recorder.leave(self.at(path), value)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recorder, name)


class PathTracer(Tracer):
    """A :class:`~mmlib.instrument.Tracer` whose events hold the path the search names
    the node by (the searches here keep each node's path as a tuple), not a copy of it."""

    given: tuple = ()

    def place(self, ply: int) -> tuple:
        return self.given

    def at(self, ply: int) -> tuple:
        return self.given


class Engine:
    """One search: the game, its options, the recorder, and the words searches are written in.

    ``enter`` counts a call, ``leaf`` evaluates statically, ``update`` reports a child's
    result, ``cutoff`` reports pruned children, ``best`` extends the principal
    variation, ``done`` returns a node's value.  None of them changes what is computed.
    """

    def __init__(self, game: Any, *, depth: Any = None, evaluate: Callable | None = None,
                 order: Any = None, trace: bool = False, max_nodes: Any = None,
                 max_seconds: Any = DEFAULT_MAX_SECONDS):
        depth = check_depth(depth)
        _validate.flag("trace", trace)
        if evaluate is not None and not callable(evaluate):
            raise ArgumentTypeError(f"evaluate: expected a function of a state, got {evaluate!r}")
        budget = check_budget(max_nodes)
        self.max_nodes = budget
        self.max_seconds = _validate.seconds_budget(max_seconds)
        self.game = game
        self.horizon = INF if depth is None else depth
        self.static_value = evaluate or game.evaluate
        self.evaluator_name = "evaluate" if evaluate is not None else "game.evaluate"
        self.order = as_ordering(order)
        self.recorder = PathRecorder((PathTracer if trace else Recorder)(
            game, INF if budget is None else budget, max_seconds=self.max_seconds))
        self.enter = self.recorder.enter
        self.update = self.recorder.update
        self.lines: dict[int, tuple] = {}
        self.researches = 0
        self.passes = 0

    def at_horizon(self, state: Any, depth: float) -> bool:
        """Stop here: the game is over or the depth limit is reached."""
        return depth == 0 or self.game.is_terminal(state)

    def moves(self, state: Any, path: tuple) -> Sequence:
        """The moves of ``state`` in the order the ordering policy chooses."""
        self.lines[len(path)] = ()
        return self.order.order(self, state, list(self.game.moves(state)), path)

    def leaf(self, state: Any, depth: float, path: tuple) -> float:
        """Static evaluation: the score of a finished game, else the evaluator."""
        game = self.game
        if game.is_terminal(state):
            value = score(game.utility(state), "game.utility", path)
        else:
            value = score(self.static_value(state), self.evaluator_name, path)
        self.lines[len(path)] = ()
        return self.recorder.leaf(path, value)

    def best(self, path: tuple, move: Any, score: float) -> float:
        """``move`` is the best so far at ``path``: extend the principal variation."""
        self.lines[len(path)] = (move,) + self.lines.get(len(path) + 1, ())
        return score

    def cutoff(self, path: tuple, move: Any, skipped: Sequence) -> None:
        """``move`` ended the node at ``path``; the moves ``skipped`` are pruned."""
        self.recorder.cutoff(path, skipped)
        if skipped:
            self.order.cutoff(path, move)

    def done(self, state: Any, path: tuple, value: float) -> float:
        """The node at ``path`` returns ``value``."""
        if self.order.learns:
            line = self.lines.get(len(path), ())
            self.order.finished(self, state, path, value, line[0] if line else None)
        return self.recorder.leave(path, value)

    def mark(self, kind: str, path: tuple, **facts: Any) -> None:
        """Write a marker into the transcript, when there is one (it counts nothing).

        ``"pass"``: a search of the start node begins, with the window ``alpha``, ``beta``;
        for a null-window test alpha = beta = gamma and ``move`` is the test, ``">="``
        ("is the value >= gamma?") or ``">"``.  ``"test"``: the node at ``path`` is about
        to be tested in the same way (PVS).  :mod:`mmlib.trace` reads both.
        """
        if self.recorder.tracing:
            self.recorder.events.append(Event(kind, tuple(path), **facts))

    def stats(self) -> BeyondStats:
        base = self.recorder.finish()
        counts = {item.name: getattr(base, item.name) for item in fields(Stats)}
        return BeyondStats(**counts, researches=self.researches, passes=max(self.passes, 1))


def first_guess(engine: Engine, state: Any, guess: Any) -> float:
    """The first guess of a window search: ``guess``, else the static value of ``state``, else 0."""
    if guess is not None:
        return check_number(guess, "guess", finite=False)
    if engine.game.is_terminal(state):
        return score(engine.game.utility(state), "game.utility", ())
    try:
        value = engine.static_value(state)
    except MmlibError:
        return 0
    return score(value, engine.evaluator_name, ())


def score(value: Any, function: str, path: tuple) -> Any:
    """``value`` if it is a usable score (a real number, not NaN, not a bool), else a
    :class:`~mmlib.errors.UserFunctionError` naming ``function`` and the position."""
    if value.__class__ in (int, float) and value == value:
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            if not math.isnan(value):
                return value
        except (OverflowError, TypeError, ValueError):   # huge ints are never NaN
            if isinstance(value, numbers.Integral):
                return value
    why = " (NaN compares false with everything)" if isinstance(value, numbers.Real) else ""
    raise UserFunctionError(f"{function} returned {describe(value)} at path {tuple(path)}, not a number{why}",
                            function, tuple(path))


MAX_LINE = 4_000
"""The deepest line the searches here follow.  Each of their nodes holds its path from the start,
so a line d plies deep costs about d²/2 steps and as much memory: 4,000 plies take about a second."""


def _check_line_length(game: Any, horizon: float) -> None:
    """SearchTooLarge, naming the depth, for a tree deeper than :data:`MAX_LINE` searched to the end."""
    height = getattr(game, "height", None)
    if height is None:
        height = getattr(game, "depth", None)
    if not isinstance(height, int) or isinstance(height, bool):
        return                                 # a game: its lines end with the game
    deepest = min(height, horizon)
    if deepest > MAX_LINE:
        raise SearchTooLarge(f"depth: lines of {deepest:,} plies are too deep for the searches beyond "
                             f"alpha-beta (at most {MAX_LINE:,}); give depth=, or use search.alphabeta")


def game_failure(error: Exception) -> MmlibError:
    """The error to raise when the game (or a state it was given) failed with ``error``; it names
    the game and is raised chained to ``error``."""
    return wrap_user_exception(
        error, f"the game failed on this state or below it ({type(error).__name__}: "
        f"{describe(str(error), 100)}); check state= and the game's methods", "game", None)


def run(engine: Engine, algorithm: str, state: Any, root_call: Callable[[Any, float], float],
        *, pv: Callable[[Any, tuple], tuple] | None = None) -> SearchResult:
    """Run ``root_call(start, horizon)`` with room on the call stack; wrap up the result."""
    start = engine.game.initial if state is None else state
    _check_line_length(engine.game, engine.horizon)
    depth = None if engine.horizon == INF else int(engine.horizon)
    # expectimax and expectiminimax visit every node; the others at least the minimal tree
    refuse_hopeless(engine.game, depth, engine.max_nodes, state,
                    minimax=algorithm in ("expectimax", "expectiminimax"))
    with _recursion_room(engine.game, engine.horizon, frames_per_ply=2):   # a search and its helper
        try:
            value = root_call(start, engine.horizon)
        except RecursionError:
            raise SearchError(
                "depth: the game is too deep for a recursive search here; give a depth limit"
            ) from None
        except MmlibError:
            raise
        except Exception as error:
            raise game_failure(error) from error
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, SearchInterrupted):
                raise
            raise SearchInterrupted(engine.stats()) from None
    line = engine.lines.get(0, ())
    if pv is not None:
        line = pv(start, line)
    trace = tuple(engine.recorder.events) if engine.recorder.tracing else None
    return SearchResult(value, line[0] if line else None, line, engine.stats(), algorithm, trace,
                        engine.game, start)


