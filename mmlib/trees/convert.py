"""One way in: whatever a user hands over as "a tree", as an explicit :class:`Tree`.

>>> as_tree([[3, 5], [2, 9]]).leaf_count
4
>>> as_tree("AB\\nA: B\\nB 1").height
1
>>> as_tree(7).leaf_count       # a lone number is a one-leaf tree
1
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError
from ..games.base import rooted_at
from .explicit import Node, Path, Tree, from_nested
from .generated import _GeneratedTree, explicit
from .layered import LayeredTree
from .text import from_text

if TYPE_CHECKING:
    from ..games.base import AnyGame, State

__all__ = ["as_tree", "game_tree", "TreeLike", "AnyTree"]

TreeLike = Tree | _GeneratedTree | Sequence[Any] | str | float
"""What :func:`as_tree` reads as an explicit tree: a tree, a generated tree, a nested list
(or a lone number), a labelled tree text."""

AnyTree = TreeLike | LayeredTree
"""What a view draws: anything :func:`as_tree` reads, or a tree with chance nodes or several
agents (a :class:`~mmlib.trees.LayeredTree`, drawn as it is)."""


def as_tree(tree: TreeLike, *, max_nodes: int = 2000) -> Tree:
    """An explicit tree from a tree, a nested list (or a lone number), a labelled tree text,
    or a generated tree (copied with :func:`~mmlib.trees.explicit`, at most ``max_nodes``)."""
    if isinstance(tree, Tree):
        return tree
    if isinstance(tree, (list, tuple)) or (isinstance(tree, numbers.Real) and not isinstance(tree, bool)):
        return from_nested(tree)
    if isinstance(tree, str):
        return from_text(tree)
    if isinstance(tree, _GeneratedTree):
        return explicit(tree, max_nodes=max_nodes)
    raise ArgumentTypeError(
        f"tree: expected a tree, a generated tree, a nested list or a tree text, "
        f"got {type(tree).__name__}"
    )


def game_tree(game: AnyGame, state: State = None, depth: int = 1, *,
              max_nodes: int = 100) -> tuple[Tree, dict[Path, Any]]:
    """The game tree below ``state`` to ``depth`` moves of ``game`` (a Game) as an explicit Tree
    whose leaves carry the static values (the utility of finished games, else
    ``game.evaluate``), and a map ``path -> state``.  Depth-adjusted scores count the moves made
    from ``state`` (see :func:`mmlib.games.base.rooted_at`).

    >>> from mmlib import games
    >>> tree, states = game_tree(games.TicTacToe(), depth=1)
    >>> tree.leaf_count, sorted({leaf.value for leaf in tree.leaves()})
    (9, [2, 3, 4])
    """
    depth = _validate.whole("depth", depth, minimum=0)
    max_nodes = _validate.whole("max_nodes", max_nodes, minimum=1)
    if state is not None:
        rooted = rooted_at(game, state)
        if rooted is not game:            # depth-adjusted scores count from the drawn position
            game, state = rooted, rooted.initial
    state = game.initial if state is None else state
    states: dict[Path, Any] = {(): state}
    frontier: list[Path] = [()]
    for _ in range(depth):
        frontier = [path + (move,) for path in frontier if not game.is_terminal(states[path])
                    for move in game.moves(states[path])]
        for path in frontier:
            states[path] = game.play(states[path[:-1]], path[-1])
        if len(states) > max_nodes:
            raise ArgumentError(f"depth: {depth} moves from here give more than max_nodes={max_nodes} "
                                "positions, too many boards to draw; use a smaller depth or a later position")
    built: dict[Path, Node] = {}
    for path in sorted(states, key=len, reverse=True):
        here = states[path]
        moves = [m for m in game.moves(here) if path + (m,) in states] if not game.is_terminal(here) else []
        kids = tuple(built.pop(path + (m,)) for m in moves)
        value = None
        if not kids:
            value = game.utility(here) if game.is_terminal(here) else game.evaluate(here)
        built[path] = Node(str(len(built)), value, kids, game.is_max(here), path)
    return Tree(built[()]), states
