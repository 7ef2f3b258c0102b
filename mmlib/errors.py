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
"""

from __future__ import annotations

from typing import Any

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
]


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


class NodeBudgetExceeded(SearchError):
    """The search visited more nodes than ``max_nodes``; ``stats`` holds the partial counts."""

    def __init__(self, max_nodes: int, stats: Any):
        self.max_nodes = max_nodes
        self.stats = stats
        super().__init__(
            f"max_nodes: the search exceeded its budget of {max_nodes:,} nodes "
            f"(partial counts: {stats.nodes:,} nodes, {stats.leaves:,} leaves); "
            "raise max_nodes, lower the depth, or use alpha-beta with good move ordering"
        )


class SearchTooLarge(SearchError):
    """Refused before starting: the search would certainly exceed ``max_nodes``."""


class CheckFailed(MmlibError, AssertionError):
    """A lab check found a mistake; the report shown just before the error explains it.

    In a notebook the error shows as its one-line message, not as a traceback: the
    report is what the student reads.
    """

    def _render_traceback_(self) -> list[str]:
        return [f"\x1b[31m{type(self).__name__}\x1b[0m: {self}"]
