"""The errors a tree's methods raise when given something that is not one of its nodes.

The methods of a tree (``is_max``, ``moves``, ``play``, ...) run millions of times in a
search, so they do not check their arguments first: they catch the ``AttributeError`` or
``TypeError`` a wrong argument causes (a ``try`` costs nothing when nothing is raised) and
raise one of these instead.

>>> from mmlib import trees
>>> trees.uniform(2, 3).moves(42)
Traceback (most recent call last):
...
mmlib.errors.ArgumentTypeError: node: expected a node of this tree (tree.initial, or a node \
that tree.play(node, move) returned), got 42 (type int)
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentTypeError, IllegalMoveError, describe

__all__ = ["not_a_node", "not_a_move"]


def not_a_node(value: Any, name: str = "node") -> ArgumentTypeError:
    """The error for ``value`` given as the node argument ``name``."""
    return ArgumentTypeError(f"{name}: expected a node of this tree (tree.initial, or a node that "
                             f"tree.play(node, move) returned), got {describe(value)} "
                             f"(type {type(value).__name__})")


def not_a_move(move: Any, moves: Any) -> IllegalMoveError | ArgumentTypeError:
    """The error for ``move`` given to ``play`` at a node whose moves are ``moves``."""
    if isinstance(move, bool) or not hasattr(move, "__index__"):
        return ArgumentTypeError(f"move: expected a whole number, one of tree.moves(node) = "
                                 f"{_shown(moves)}, got {describe(move)}")
    return IllegalMoveError(f"move: {describe(move)} is not one of tree.moves(node) = {_shown(moves)}")


def _shown(moves: Any) -> str:
    if isinstance(moves, range):
        return "range(0)" if not moves else f"0 to {moves[-1]}"
    return repr(moves)
