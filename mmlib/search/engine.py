"""The search engine: what every search shares, apart from the algorithms themselves.

A search is a :class:`Search` object: the game, the checked options, the recorder that
counts (see :mod:`mmlib.instrument` for what the counts mean), and the vocabulary the
algorithms are written in (``moves``, ``play``, ``leaf``, ``best``, ``cutoff``, ``done``).
Each family of algorithms is a subclass in its own module (:mod:`~mmlib.search.minimax`,
:mod:`~mmlib.search.alphabeta`, :mod:`~mmlib.search.quiescence`,
:mod:`~mmlib.search.windows`, :mod:`~mmlib.search.deepening`, :mod:`~mmlib.search.chance`,
:mod:`~mmlib.search.mcts`); :func:`run` runs one from the start position with room on the
call stack, turns a user function's failure into a :class:`~mmlib.errors.UserFunctionError`
naming the function and the position (:func:`blame`), and wraps up the
:class:`~mmlib.search.SearchResult`.

>>> from mmlib import search
>>> type(as_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).__name__      # a nested list is read as a tree
'Tree'
>>> search.minimax([[1, 2], [3, 4]], depth=1, evaluate=lambda state: 1 / 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mmlib.errors.UserFunctionError[ZeroDivisionError]: evaluate raised ZeroDivisionError at path (0,): ...
>>> check_depth(-1)
Traceback (most recent call last):
...
mmlib.errors.ArgumentError: depth: must be at least 0, got -1
"""

from __future__ import annotations

import dis
import math
import numbers
import operator
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from types import CodeType
from typing import Any, Literal, TypeVar, cast, overload

from .. import _validate
from ..conventions import Conventions
from ..conventions import apply as apply_conventions
from ..errors import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    ArgumentTypeError,
    MmlibError,
    SearchError,
    SearchInterrupted,
    UserFunctionError,
    printable,
    wrap_user_exception,
)
from ..games.base import AnyGame, Move, State
from ..instrument import Comparison, Event, Recorder, Stats, Tracer
from ..ordering import NaturalOrder, Ordering, as_ordering
from ..table import TranspositionTable
from .budgets import check_budget, check_count, check_line_length, recursion_room, refuse_hopeless
from .results import Kind, ResearchStats, SearchResult

__all__ = ["Search", "run", "blame", "as_game", "check_depth", "checked_score",
           "make_search", "make_counting_search", "user_call", "INF"]

INF = math.inf

GameLike = AnyGame | Sequence[Any] | str
"""What a search accepts: anything that follows the :class:`~mmlib.games.Game` protocol (trees,
generated trees, games), or a tree written as nested lists or as a labelled tree text."""
Line = tuple[Any, ...]
"""A line of play kept as nested pairs (move, rest of the line), so nothing is copied."""
Path = tuple[Any, ...]
"""A node's path: the moves from the start."""


class Search:
    """One search: the game, the checked options, the recorder that counts, and the words the
    algorithms are written in.  Every family of algorithms is a subclass in its own module.

    Reading guide: ``enter`` counts a call, ``play`` makes a move (and remembers it as
    part of the line being searched), ``leaf`` evaluates a position statically,
    ``update`` reports a child's result, ``cutoff`` reports pruned children, ``best``
    records the best move so far (for the principal variation), ``done`` reports the
    node's value, ``mark`` writes a marker (a new pass, a null-window test) into the
    transcript.  None of them changes what the algorithm computes.  A node is named by
    its ``ply``, its distance from the start (the root has ply 0): the recorder keeps the
    moves of the line being searched, so a node's path is made only when it is kept, and
    a node costs the same at any depth (see :mod:`mmlib.instrument`).  ``enter`` and
    ``update`` are the recorder's own methods.  ``researches`` and ``passes`` are counted
    by the algorithms that search the start again (windows, Star2, Monte Carlo).
    """

    FRAMES_PER_PLY = 1
    """Python frames one level of the search takes on the call stack."""

    def __init__(self, game: Any, *, depth: int | float | None,
                 evaluate: Callable[[State], float] | None, order: str | Ordering | None,
                 table: TranspositionTable | None, trace: bool, max_nodes: int | None, cutoff: str = ">=",
                 leaf_order: bool = True, max_seconds: float | None = None) -> None:
        self.game = game
        self.horizon: float = INF if depth is None else depth
        self.static_value: Callable[[State], Any] = evaluate or game.evaluate
        self.evaluator_name = "evaluate" if evaluate is not None else "game.evaluate"
        self.order: Ordering = as_ordering(order)
        self.natural_order = type(self.order) in (Ordering, NaturalOrder)
        self.table = table
        self.max_nodes = max_nodes
        budget = INF if max_nodes is None else max_nodes
        self.recorder = (Tracer if trace else Recorder)(game, budget, leaf_order,
                                                        max_seconds=max_seconds)
        self.enter = self.recorder.enter
        self.update = self.recorder.update
        self.tracing = self.recorder.tracing
        self.watched = self.tracing or self.order.learns
        if not self.watched:                     # nobody listens: a node's end costs one call that returns
            self.done = _unwatched_done          # type: ignore[method-assign]
        self.trail = self.recorder.trail
        self.prunes = operator.ge if cutoff == ">=" else operator.gt
        self.lines: dict[int, Line] = {}
        self.researches = 0
        self.passes = 0
        self.visits_every_node = False
        """Whether a tree too big for the budget is refused as for minimax (the search visits
        every node), or as for alpha-beta (it visits at least the minimal tree)."""

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

    def reach(self, path: Path) -> int:
        """Put ``path`` on the line being searched (for a search that jumps between the
        nodes of a tree it keeps, as Monte Carlo does); its ply."""
        ply = len(path)
        if ply:
            try:
                self.trail[ply - 1] = path[-1]
            except IndexError:
                self.trail.append(path[-1])
        return ply

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

    def mark(self, kind: Literal["pass", "test"], ply: int, *, alpha: float, beta: float,
             test: Comparison | None = None) -> None:
        """Write a marker for the node at ``ply`` on the line into the transcript, when there
        is one (it counts nothing).

        ``"pass"``: a search of the start node begins, with the window ``alpha``, ``beta``;
        for a null-window test alpha = beta = gamma and ``test`` is its question, ``">="``
        ("is the value >= gamma?") or ``">"``.  ``"test"``: the node at ``ply`` is about
        to be tested in the same way (PVS).  :mod:`mmlib.trace` reads both.
        """
        if isinstance(self.recorder, Tracer):
            self.recorder.events.append(Event(kind, self.recorder.path(ply), alpha=alpha, beta=beta,
                                              test=test))

    def recall(self, state: State, depth: float, alpha: float, beta: float, ply: int,
               sign: int = 1) -> float | None:
        """The transposition table's answer, if it settles this node (None otherwise): the node
        is then counted, and answered from the table."""
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        assert self.table is not None
        value = self.table.lookup(self.game.key(state), depth, lo, hi)
        if value is None:
            return None
        self.enter(ply, alpha, beta, state)
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
        value: float = self.static_value(state)
        if value.__class__ not in _PLAIN_NUMBERS or value != value:
            value = self.checked(value, self.evaluator_name, None)
        return value

    def checked(self, value: object, function: str, ply: int | None) -> float:
        """``value`` if it is a usable score, else an error naming ``function`` and the position."""
        return checked_score(value, function, None if ply is None else self.recorder.path(ply))

    def listed(self, moves: Iterable[Move], function: str, ply: int) -> Sequence[Move]:
        """``moves`` as a list when it is an iterable other than a list, tuple or range."""
        if isinstance(moves, Sequence) and not isinstance(moves, str):
            return moves
        try:
            return list(moves)
        except TypeError:
            raise UserFunctionError(
                f"{function} returned {printable(moves)} at path {self.recorder.path(ply)}, "
                "not a sequence of moves", function, self.recorder.path(ply)) from None

    def reordered(self, state: State, moves: Sequence[Move], ply: int) -> Sequence[Move]:
        """The ordering policy's order of ``moves``, checked to be the same moves."""
        path = self.recorder.path(ply)
        ordered = self.order.order(self, state, moves, path)
        if ordered is moves:
            return moves
        if ordered.__class__ not in SEQUENCES:
            ordered = self.listed(ordered, "the ordering's order", ply)
        if len(ordered) != len(moves) or not _all_among(ordered, moves):
            name = type(self.order).__name__
            raise UserFunctionError(
                f"the ordering {name} returned {printable(ordered)} at path {path}, not the "
                f"moves {printable(list(moves))} in some order", f"{name}.order", path)
        return ordered

    # -- what run() asks ---------------------------------------------------------------
    def before(self, state: State) -> None:
        """Refuse, before it starts, a search that could not finish (nothing by default)."""

    def refuse_unfinishable(self, state: State) -> None:
        """Refuse a line too long to search to the end, or a tree the node budget cannot cover
        (the check of the searches that count their passes)."""
        check_line_length(self.game, self.horizon)
        self.refuse_too_large(state)

    def refuse_too_large(self, state: State, *, minimax: bool = False) -> None:
        """Refuse a generated tree the node budget cannot cover, judged by this search's own
        checked depth and budget (never the raw arguments: a numpy depth is a plain int here)."""
        depth = None if self.horizon == INF else int(self.horizon)
        refuse_hopeless(self.game, depth, self.max_nodes, state, minimax=minimax or self.visits_every_node)

    def blame(self, error: Exception) -> MmlibError:
        """The error to raise when a user function (the game's, the evaluator) raised ``error``."""
        return blame(self, error)

    def stats(self) -> Stats:
        """The counts of the finished search."""
        return self.recorder.finish()

    def partial_stats(self) -> Stats:
        """The counts of a search interrupted from the keyboard."""
        return self.recorder.finish("interrupted")

    def research_stats(self, how: str = "done") -> ResearchStats:
        """The counts with the passes over the start and the re-searches (``how``: as for
        :meth:`~mmlib.instrument.Recorder.finish`)."""
        base = self.recorder.finish(how)
        counts = {item.name: getattr(base, item.name) for item in fields(Stats)}
        return ResearchStats(**counts, researches=self.researches, passes=max(self.passes, 1))

    def transcript(self) -> tuple[Event, ...] | None:
        """The events the search wrote (None when no transcript was asked for)."""
        return tuple(self.recorder.events) if isinstance(self.recorder, Tracer) else None

    def principal_variation(self, start: State) -> tuple[Move, ...]:
        """The moves both sides are expected to play from ``start``."""
        return principal_variation(self, start)


def _unwatched_done(state: State, ply: int, value: float, sign: int = 1) -> float:
    """:meth:`Search.done` when nobody listens (no transcript, no learning ordering): ``value``."""
    return value


def _all_among(ordered: Sequence[Move], moves: Sequence[Move]) -> bool:
    """Whether every move of ``ordered`` is one of ``moves`` (by a set when moves hash: a chess
    position has dozens of moves, and comparing each with each costs more than the search)."""
    try:
        return set(moves).issuperset(ordered)
    except TypeError:                                     # moves that cannot be hashed
        return all(move in moves for move in ordered)


def checked_score(value: object, function: str, path: tuple[Move, ...] | None) -> float:
    """``value`` if it is a usable score (a real number, not NaN, not a bool), else a
    :class:`~mmlib.errors.UserFunctionError` naming ``function`` and the position."""
    if value.__class__ in _PLAIN_NUMBERS and value == value:
        return cast(float, value)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            if not math.isnan(value):
                return cast(float, value)
        except (OverflowError, TypeError, ValueError):   # huge ints are never NaN
            if isinstance(value, numbers.Integral):
                return cast(float, value)
    where = "" if path is None else f" at path {tuple(path)}"
    why = " (NaN compares false with everything)" if isinstance(value, numbers.Real) else ""
    raise UserFunctionError(f"{function} returned {printable(value)}{where}, not a number{why}",
                            function, None if path is None else tuple(path))


_PLAIN_NUMBERS = (int, float)
SEQUENCES = (tuple, list, range)

S = TypeVar("S", bound=Search)

# -- checking arguments and running ----------------------------------------------------------

_PROTOCOL = ("initial", "is_max", "moves", "play", "is_terminal", "utility", "evaluate", "key")


@overload
def as_game(game: GameLike) -> AnyGame: ...
@overload
def as_game(game: GameLike, conventions: Conventions | None) -> AnyGame: ...
def as_game(game: GameLike, conventions: Conventions | None = None) -> Any:
    """``game`` as something that follows the Game protocol, with the players
    ``conventions`` give it (nested lists and tree texts are read as trees)."""
    if conventions is not None and not getattr(conventions, "usual_turns", False):
        return apply_conventions(as_game(game), conventions)       # (which checks conventions)
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


def check_depth(depth: int | None, name: str = "depth", allow_none: bool = True) -> int | None:
    """A depth limit: a whole number >= 0 (None: no limit, when ``allow_none``)."""
    return _validate.whole(name, depth, minimum=0, allow_none=allow_none)


def make_search(kind: type[S], game: Any, *, depth: Any = None, evaluate: Any = None, order: Any = None,
                table: Any = None, trace: Any = False, max_nodes: Any = DEFAULT_MAX_NODES, cutoff: Any = ">=",
                leaf_order: Any = True, max_seconds: Any = DEFAULT_MAX_SECONDS, **options: Any) -> S:
    """A search of the family ``kind`` (a :class:`Search` subclass), its options checked; ``options``
    are the family's own (a quiescence search's ``forcing``)."""
    depth = check_depth(depth)
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {printable(evaluate)}")
    cutoff = _validate.choice("cutoff", cutoff, (">=", ">"))
    max_nodes, max_seconds = check_budget(max_nodes, max_seconds)
    if table is True:
        table = TranspositionTable()
    elif table is False:
        table = None
    elif table is not None and not isinstance(table, TranspositionTable):
        raise ArgumentTypeError(f"table: expected True or a TranspositionTable, got {printable(table)}")
    _validate.flag("leaf_order", leaf_order)
    _validate.flag("trace", trace)
    return kind(game, depth=depth, evaluate=evaluate, order=order, table=table,
                trace=trace, max_nodes=max_nodes, cutoff=cutoff, leaf_order=leaf_order,
                max_seconds=max_seconds, **options)


def make_counting_search(kind: type[S], game: Any, *, depth: Any = None, evaluate: Any = None,
                         order: Any = None, trace: Any = False, max_nodes: Any = None,
                         max_seconds: Any = DEFAULT_MAX_SECONDS, **options: Any) -> S:
    """A search of the family ``kind`` that counts its passes over the start (windows, chance,
    Monte Carlo, anytime's iterations), its options checked."""
    depth = check_depth(depth)
    _validate.flag("trace", trace)
    if evaluate is not None and not callable(evaluate):
        raise ArgumentTypeError(f"evaluate: expected a function of a state, got {evaluate!r}")
    max_nodes = check_count(max_nodes)
    max_seconds = _validate.seconds_budget(max_seconds)
    return kind(game, depth=depth, evaluate=evaluate, order=order, table=None, trace=trace,
                max_nodes=max_nodes, max_seconds=max_seconds, **options)


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


def run(search: Search, kind: Kind, state: State, root_call: Callable[[Any, float], float | None],
        conventions: Conventions | None = None, *,
        pv: Callable[[Any, tuple[Move, ...]], tuple[Move, ...]] | None = None) -> SearchResult:
    """Run ``root_call(start, horizon)`` with room on the call stack; wrap up the result.

    A user function's error becomes the search's :meth:`~Search.blame`; ``pv(start, line)``,
    when given, replaces the principal variation the search recorded."""
    start = search.game.initial if state is None else state
    search.before(state)
    with recursion_room(search.game, search.horizon, frames_per_ply=search.FRAMES_PER_PLY):
        try:
            value = root_call(start, search.horizon)
            stats = search.stats()
            line = search.principal_variation(start)   # may play the game's moves again (a table's line)
            if pv is not None:
                line = pv(start, line)
        except RecursionError:
            raise SearchError(
                "depth: the game is too deep for a recursive search here; give a depth limit"
            ) from None
        except MmlibError:
            raise
        except Exception as error:
            raise search.blame(error) from error
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, SearchInterrupted):
                raise
            raise SearchInterrupted(search.partial_stats()) from None
    return SearchResult(value, line[0] if line else None, line, stats, kind, search.transcript(),
                        search.game, start, conventions)


_CALLS = re.compile(r"self\.static_value|self\.game\.(\w+)|game\.(\w+)|self\.order\.(\w+)|"
                    r"self\.base\.(\w+)|self\.forcing|search\.static_value")
_HERE = os.path.dirname(os.path.abspath(__file__))
_OWN_FILES = {os.path.join(_HERE, name) for name in os.listdir(_HERE) if name.endswith(".py")} | {
    os.path.join(os.path.dirname(_HERE), name) for name in ("instrument.py", "ordering.py", "table.py")}
"""The files whose frames :func:`blame` reads to name the user function that failed: every module
of this package (a new family's module among them) and the recorder, orderings and table."""


def blame(search: Search, error: Exception) -> UserFunctionError:
    """A user function raised ``error`` during ``search``: name the function and the
    position, found from the innermost frame of the search's own code (its code object says
    what it was calling: no source file is read)."""
    own = None
    tb = error.__traceback__
    while tb is not None:
        if os.path.abspath(tb.tb_frame.f_code.co_filename) in _OWN_FILES:
            own = tb
        tb = tb.tb_next
    function, path = "a function of the game", None
    if own is not None:
        called = _calls_at(own.tb_frame.f_code, own.tb_lasti)
        function = next(filter(None, (_called_name(search, text) for text in called)), function)
        ply = own.tb_frame.f_locals.get("ply")
        if isinstance(ply, int):
            path = search.recorder.path(ply)
    where = f" at path {path}" if path is not None else ""
    message = f"{function} raised {type(error).__name__}{where}: {short_message(error)}"
    return wrap_user_exception(error, message, function, path)


def _calls_at(code: CodeType, offset: int) -> tuple[str, str, str]:
    """What the instruction at ``offset`` of ``code`` was calling, as dotted names
    (``self.game.moves``) read from the code object: the names loaded, before it, where its
    expression begins; then, for an error raised around a call (a generator of moves failing inside
    ``list(...)``), the names its expression loads; then those its whole line loads."""
    instructions = list(dis.get_instructions(code))
    failing = None                             # the instruction under way (``offset`` may be in its caches)
    for ins in instructions:
        if ins.offset > offset:
            break
        failing = ins
    if failing is None or failing.positions is None or failing.positions.lineno is None:
        return "", "", ""                      # an error that arrived between two instructions
    line, column = failing.positions.lineno, failing.positions.col_offset
    ends_here = failing.positions.end_lineno == line and failing.positions.end_col_offset is not None
    end = failing.positions.end_col_offset if ends_here else None
    chains: list[tuple[int | None, int, list[str]]] = []     # where each begins, and its names
    follows = False                            # whether an attribute now continues the last chain
    for ins in instructions:
        at = ins.positions
        loaded = ins.argval if ins.opname.startswith("LOAD_") and ins.opname != "LOAD_CONST" else None
        names = [loaded] if isinstance(loaded, str) else list(loaded) if isinstance(loaded, tuple) else []
        if at is None or at.lineno != line or not names:
            follows = False
        elif ins.opname in ("LOAD_ATTR", "LOAD_METHOD"):
            if follows:
                chains[-1][2].append(names[0])
        else:                                  # a name, or two (Python 3.13's LOAD_FAST_LOAD_FAST)
            chains.append((at.col_offset, ins.offset, [names[0]]))
            chains += [(None, ins.offset, [name]) for name in names[1:]]
            follows = True
    here = [chain for begins, first, chain in chains
            if column is not None and begins == column and first < failing.offset]
    inside = [chain for begins, _, chain in chains if column is not None and begins is not None
              and column <= begins and (end is None or begins < end)]
    everything = [chain for _, _, chain in chains]
    return " ".join(map(".".join, here)), " ".join(map(".".join, inside)), " ".join(map(".".join, everything))


def _called_name(search: Search, called: str) -> str | None:
    """The user function ``called`` (dotted names, first match) names, as the messages say it."""
    match = _CALLS.search(called)
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


def principal_variation(search: Search, start: State) -> tuple[Move, ...]:
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

