"""The mmlib error family.

Every error mmlib raises on purpose is an :class:`MmlibError`.  Each concrete class
also subclasses the built-in exception a Python programmer would expect
(``ValueError`` for bad values, ``TypeError`` for bad types), so ``except ValueError``
keeps working.

>>> from mmlib import trees
>>> try:
...     trees.from_nested([])
... except MmlibError as err:
...     print(type(err).__name__, "-", err)
TreeError - nested: an interior node has no children (at path ()); write a leaf as a number

The error contract
------------------
Which error for which family of input (every one of them is an :class:`MmlibError`,
and its message names the argument, the line or the position):

- a bad value of an argument (a negative depth, an unknown name, alpha >= beta, a
  size too large to build): :class:`ArgumentError` (a ``ValueError``);
- an argument of the wrong type (a float depth, a list where a name is expected,
  an array where a string is expected): :class:`ArgumentTypeError` (a ``TypeError``).
  A whole number may be of any integer type (an ``int`` subclass, a numpy integer: a
  slider or an array hands those over) and is taken as the plain ``int`` it equals;
  True, False and floats such as ``0.0`` are refused, also as a game's state or move;
- a malformed nested list (empty node, non-numeric or non-finite leaf, a list that
  contains itself, more nodes than ``max_nodes``) or networkx graph: :class:`TreeError`;
- a malformed tree text: :class:`TreeTextError`, whose ``line`` is the 1-based line;
- a game asked something it cannot answer, or a move that is not legal:
  :class:`GameError` / :class:`IllegalMoveError`;
- an instructor's tool (a roster, a scores file, an output folder) that cannot go on as
  asked: :class:`CourseError`;
- a search that cannot run as asked: :class:`SearchError`; refused at once because its
  size alone exceeds the budget: :class:`SearchTooLarge`; stopped because it used up its
  budget: :class:`BudgetExceeded` (:class:`NodeBudgetExceeded` for ``max_nodes``,
  :class:`TimeBudgetExceeded` for ``max_seconds``), carrying the partial ``stats``;
- a user-supplied function (an evaluation, an ordering, a game's methods) that raised
  or returned something unusable: :class:`UserFunctionError`, naming the function and
  the position (the path of moves from the start), chained to the original exception.
  When the function raised, the error is also an instance of the original exception's
  class where Python allows it, so ``except NotImplementedError`` still works.

Budgets: every search, sweep and census has a default budget of
:data:`DEFAULT_MAX_NODES` nodes (5,000,000) and :data:`DEFAULT_MAX_SECONDS` seconds (10),
so a search asked by accident to visit a huge tree ends within about ten seconds; pass
``max_nodes=`` / ``max_seconds=`` to raise them, or None to lift them.  A search that runs
longer than a few seconds shows its progress (:mod:`mmlib.progress`).

Interrupting: a search stopped by the kernel's interrupt (or Ctrl-C) raises
:class:`SearchInterrupted`, carrying the partial ``stats`` like :class:`BudgetExceeded`.
It is a ``KeyboardInterrupt``, deliberately not an :class:`MmlibError`: ``except
Exception`` or ``except BudgetExceeded`` around a search (a sweep going on to the next
size, say) must not swallow the stop a person asked for.  A sweep, census or check stopped
the same way raises :class:`RunInterrupted`, carrying what it finished: ``completed`` (the
rows of a sweep) and ``partial`` (counts so far).
"""

from __future__ import annotations

import reprlib
from typing import Any, cast

__all__ = [
    "MmlibError",
    "ArgumentError",
    "ArgumentTypeError",
    "TreeError",
    "TreeTextError",
    "GameError",
    "IllegalMoveError",
    "SearchError",
    "NodeBudgetExceeded",
    "SearchTooLarge",
    "CheckFailed",
    "CourseError",
    "BudgetExceeded",
    "TimeBudgetExceeded",
    "SearchInterrupted",
    "RunInterrupted",
    "UserFunctionError",
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_SECONDS",
    "printable",
]

DEFAULT_MAX_NODES = 5_000_000
"""The node budget of a search, a sweep's single search or a census, unless told otherwise
(a few seconds of pure Python); ``max_nodes=None`` lifts it."""

DEFAULT_MAX_SECONDS = 10.0
"""The time budget (wall-clock seconds) of a search unless told otherwise, so that a search
started by accident on a huge game ends within about ten seconds; None lifts it."""


class _ShortRepr(reprlib.Repr):
    """reprlib's bounded repr (a few levels, a few items), with huge integers described."""

    def repr_int(self, value: int, level: int) -> str:
        if abs(value).bit_length() > 256:
            return f"<an integer of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits>"
        return repr(value)


_SHORT = _ShortRepr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 3, 6, 6, 4
_SHORT.maxstring = _SHORT.maxother = 80


def printable(value: object, limit: int = 60) -> str:
    """A short, always printable description of a user-supplied value for an error message.

    >>> printable(10 ** 5000)
    'an integer of about 5,001 digits'
    >>> printable("x" * 100, limit=12)
    "'xxxxxxxxx...' (str)"
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or not 8 <= limit <= 10_000:
        raise ArgumentError(f"limit: expected a whole number from 8 to 10,000, got {printable(limit)}")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 256:
        return f"an integer of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
    try:
        text = _SHORT.repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    if len(text) > limit:
        return f"{text[:limit - 2]}...' ({type(value).__name__})" if text[:1] in "'\"" else \
            f"{text[:limit]}... ({type(value).__name__})"
    return text


class MmlibError(Exception):
    """Base class of every error raised by mmlib."""


class ArgumentError(MmlibError, ValueError):
    """An argument has a bad value; the message names the argument."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument has the wrong type; the message names the argument.  A kind of
    :class:`ArgumentError` (so ``except ArgumentError`` catches every bad argument) and a
    ``TypeError``."""


class TreeError(MmlibError, ValueError):
    """A tree description is malformed (ragged, empty, non-numeric leaves...)."""


class TreeTextError(TreeError):
    """A labelled tree text is malformed; ``line`` is the 1-based line number (or None)."""

    column: int | None = None

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class GameError(MmlibError, ValueError):
    """A game was asked something it cannot answer (e.g. utility of a live position)."""


class IllegalMoveError(GameError):
    """A move that is not legal in the given position."""


class SearchError(MmlibError, ValueError):
    """A search cannot be carried out as asked (too deep, missing evaluation...)."""


class BudgetExceeded(SearchError):
    """A search (or a sweep, a census) used up its budget; ``stats`` holds the partial counts
    of the search that was stopped and ``completed`` the results finished before it
    (earlier iterations of iterative deepening, earlier moves of ``move_values``)."""

    def __init__(self, message: str, stats: Any, completed: tuple[Any, ...] = ()):
        self.stats = stats
        self.completed = completed
        super().__init__(message)


class NodeBudgetExceeded(BudgetExceeded):
    """The search visited more nodes than ``max_nodes``; ``stats`` holds the partial counts."""

    def __init__(self, max_nodes: int, stats: Any, completed: tuple[Any, ...] = ()):
        self.max_nodes = max_nodes
        done = sum(result.stats.nodes for result in completed)
        before = f", after {done:,} nodes of earlier searches" if completed else ""
        super().__init__(
            f"max_nodes: the search exceeded its budget of {max_nodes:,} nodes "
            f"(partial counts: {stats.nodes:,} nodes, {stats.leaves:,} leaves{before}); "
            "raise max_nodes (None lifts it), lower the depth, or use alpha-beta with good "
            "move ordering",
            stats, completed,
        )


class TimeBudgetExceeded(BudgetExceeded):
    """The search ran longer than ``max_seconds``; ``stats`` holds the partial counts."""

    def __init__(self, max_seconds: float, stats: Any, completed: tuple[Any, ...] = ()):
        self.max_seconds = max_seconds
        super().__init__(
            f"max_seconds: the search exceeded its budget of {max_seconds:g} seconds "
            f"(partial counts: {stats.nodes:,} nodes, {stats.leaves:,} leaves); "
            "raise max_seconds (None lifts it), lower the depth, or use alpha-beta with good "
            "move ordering",
            stats, completed,
        )


class SearchInterrupted(KeyboardInterrupt):
    """A search stopped by the kernel's interrupt (or Ctrl-C); ``stats`` holds the partial
    counts and ``completed`` the results finished before it, as for :class:`BudgetExceeded`.

    A ``KeyboardInterrupt`` (not an ``Exception``), so nothing that catches errors swallows it.
    """

    def __init__(self, stats: Any, completed: tuple[Any, ...] = ()):
        self.stats = stats
        self.completed = completed
        done = sum(result.stats.nodes for result in completed)
        before = f", after {done:,} nodes of earlier searches" if completed else ""
        super().__init__(
            f"the search was interrupted (partial counts: {stats.nodes:,} nodes, "
            f"{stats.leaves:,} leaves{before}); a smaller depth, or alpha-beta with good move "
            "ordering, ends sooner")


class RunInterrupted(KeyboardInterrupt):
    """A sweep, census or check stopped by the kernel's interrupt (or Ctrl-C).

    ``done`` of ``total`` (None: not known in advance) ``unit`` were finished;
    ``completed`` holds their results (the rows of a sweep, as ``TimeBudgetExceeded``'s
    ``completed`` does) and ``partial`` the counts so far (a census's counts).  In a
    notebook the error of the last cell is ``sys.last_value``:

    >>> stop = RunInterrupted("sweep", 2, 5, "searches", completed=({"leaves": 3}, {"leaves": 5}))
    >>> print(stop)
    sweep: interrupted after 2 of 5 searches; what was finished is kept: rows = sys.last_value.completed
    >>> [row["leaves"] for row in stop.completed]
    [3, 5]
    """

    def __init__(self, what: str, done: int, total: int | None, unit: str, *,
                 completed: tuple[Any, ...] = (), partial: dict[str, Any] | None = None):
        self.what, self.done, self.total, self.unit = what, done, total, unit
        self.completed = completed
        self.partial = dict(partial or {})
        of = "" if total is None else f" of {total:,}"
        kept = ""
        if completed:
            kept = "; what was finished is kept: rows = sys.last_value.completed"
        elif self.partial:
            counts = ", ".join(f"{key} {value:,}" for key, value in self.partial.items())
            kept = f" (partial counts: {counts}; in sys.last_value.partial)"
        super().__init__(f"{what}: interrupted after {done:,}{of} {unit}{kept}")


class SearchTooLarge(SearchError):
    """Refused before starting: the search would certainly exceed ``max_nodes``."""


class CheckFailed(MmlibError, AssertionError):
    """A lab check found a mistake; the report shown just before the error explains it.

    In a notebook the error shows as its one-line message, not as a traceback: the
    report is what the student reads.  ``error.report`` is that report (None if not given),
    for a grader to hand back as feedback.
    """

    def __init__(self, message: str, report: Any = None) -> None:
        super().__init__(message)
        self.report = report

    def _render_traceback_(self) -> list[str]:
        return [f"\x1b[31m{type(self).__name__}\x1b[0m: {self}"]


class CourseError(MmlibError, ValueError):
    """One of the instructor's tools (:mod:`mmlib.course`) cannot go on as asked: a malformed
    roster or scores file, a missing file, an output folder that would overwrite something, an
    unknown lab.  The message names the file and line or the option; the command line
    (``mmlib-course``) prints it and exits with status 1."""


class UserFunctionError(SearchError):
    """A function supplied by the user (an evaluation, an ordering, a game's method) raised
    an exception or returned something unusable.  ``function`` names it and ``path`` is the
    position (moves from the start) where it happened; the original exception, if any, is
    the ``__cause__``.

    >>> from mmlib import search
    >>> try:
    ...     search.minimax([[1, 2], [3, 4]], depth=1, evaluate=lambda node: None)
    ... except UserFunctionError as err:
    ...     print(err)
    evaluate returned None at path (0,), not a number
    """

    def __init__(self, message: str, function: str = "", path: tuple[Any, ...] | None = None):
        self.function = function
        self.path = path
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


_WRAPPERS: dict[type, type] = {}


def wrap_user_exception(error: Exception, message: str, function: str,
                        path: tuple[Any, ...] | None) -> UserFunctionError:
    """A :class:`UserFunctionError` for ``error`` raised by user code, which is also an
    instance of ``type(error)`` when Python allows that combination of classes."""
    kind = type(error)
    cls = _WRAPPERS.get(kind)
    if cls is None:
        try:
            cls = type(f"UserFunctionError[{kind.__name__}]", (UserFunctionError, kind), {})
            BaseException.__new__(cls)               # Python refuses some combinations of bases
        except TypeError:
            cls = UserFunctionError
        _WRAPPERS[kind] = cls
    if cls is UserFunctionError:
        return UserFunctionError(message, function, path)
    wrapped = cast(UserFunctionError, BaseException.__new__(cls))
    try:
        wrapped.__dict__.update(getattr(error, "__dict__", {}))
    except (AttributeError, TypeError):
        return UserFunctionError(message, function, path)
    wrapped.args = (message,)
    wrapped.function = function
    wrapped.path = path
    return wrapped
