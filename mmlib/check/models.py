"""The reference search and the classic mistakes, each written as the same search with knobs.

A mistake is named when the student's function does exactly what a mistaken model does:
the same value and the same evaluations in the same order.

>>> from mmlib.check.cases import build
>>> tree = build([[3, 12, 8], [2, 4, 6], [14, 5, 2]])      # with static values inside
>>> MINIMAX.run(tree, 2)[0], ALPHABETA[0].run(tree, 2)[0]
(3, 3)
>>> every_leaf = (3, tuple(leaf.path for leaf in tree.leaves()))
>>> [model.name for model in ALPHABETA_MISTAKES if model.run(tree, 2) == every_leaf]
['no-pruning']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .. import trees

__all__ = ["Model", "MINIMAX", "MINIMAX_MISTAKES", "ALPHABETA", "ALPHABETA_MISTAKES", "diagnose"]

INF = math.inf


@dataclass(frozen=True)
class Model:
    """A search written with knobs, so that a mistake can be reproduced exactly."""

    name: str
    prune: bool = True
    cutoff: str = ">="
    hard: bool = False
    depth_shift: int = 0
    alternate: bool = True
    root_max: bool = True
    swap: bool = False
    wrong_bound: bool = False

    def run(self, tree: trees.Tree, depth: int) -> tuple[float, tuple]:
        evaluated: list[tuple] = []
        prunes = (lambda a, b: a >= b) if self.cutoff == ">=" else (lambda a, b: a > b)

        def visit(node: trees.Node, depth: int, alpha: float, beta: float, maximizing: bool) -> float:
            if depth <= 0 or node.is_leaf():
                evaluated.append(node.path)
                return node.value  # type: ignore[return-value]
            kids_max = (not maximizing) if self.alternate else maximizing
            if self.hard:
                return hard(node, depth, alpha, beta, maximizing, kids_max)
            value = -INF if maximizing else INF
            for child in node.children:
                score = visit(child, depth - 1, alpha, beta, kids_max)
                value = max(value, score) if maximizing else min(value, score)
                if not self.prune:
                    continue
                if maximizing != self.swap:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if prunes(alpha, beta):
                    break
            return value

        def hard(node, depth, alpha, beta, maximizing, kids_max) -> float:
            if maximizing:
                value = alpha
                for child in node.children:
                    value = max(value, visit(child, depth - 1, value, beta, kids_max))
                    if prunes(value, beta):
                        return alpha if self.wrong_bound else beta
                return value
            value = beta
            for child in node.children:
                value = min(value, visit(child, depth - 1, alpha, value, kids_max))
                if prunes(alpha, value):
                    return beta if self.wrong_bound else alpha
            return value

        value = visit(tree.root, depth + self.depth_shift, -INF, INF, self.root_max)
        return value, tuple(evaluated)


MINIMAX = Model("ok", prune=False)
MINIMAX_MISTAKES = (
    Model("depth-off-by-one", prune=False, depth_shift=-1),
    Model("depth-off-by-one", prune=False, depth_shift=1),
    Model("no-alternation", prune=False, alternate=False),
    Model("inverted-players", prune=False, root_max=False),
    Model("pruning", prune=True),
)
ALPHABETA = (Model("ok"), Model("ok", hard=True))
ALPHABETA_MISTAKES = (
    Model("no-pruning", prune=False),
    Model("strict-cutoff", cutoff=">"),
    Model("strict-cutoff", cutoff=">", hard=True),
    Model("depth-off-by-one", depth_shift=-1),
    Model("depth-off-by-one", depth_shift=1),
    Model("no-alternation", alternate=False),
    Model("inverted-players", root_max=False),
    Model("wrong-side", swap=True),
    Model("fail-hard-clamp", hard=True, wrong_bound=True),
)


def diagnose(value: float | None, evaluated: Sequence[tuple], tree: trees.Tree, depth: int, kind: str) -> str:
    """"ok" or the name of the mistake, for a function that returned the number ``value``
    after evaluating the nodes at ``evaluated``, in order."""
    correct = (MINIMAX,) if kind == "minimax" else ALPHABETA
    got = (value, tuple(evaluated))
    if any(model.run(tree, depth) == got for model in correct):
        return "ok"
    for model in MINIMAX_MISTAKES if kind == "minimax" else ALPHABETA_MISTAKES:
        if model.run(tree, depth) == got:
            return model.name
    return _generic(value, tuple(evaluated), tree, depth, kind)


def _generic(value: float | None, evaluated: tuple, tree: trees.Tree, depth: int, kind: str) -> str:
    reference = MINIMAX if kind == "minimax" else ALPHABETA[0]
    expected_value, expected = reference.run(tree, depth)
    horizon = set(MINIMAX.run(tree, depth)[1])
    if any(path not in horizon for path in evaluated):
        return "interior-value"
    if value != expected_value:
        return "wrong-value"
    if kind == "minimax":
        return "missing-leaves" if set(evaluated) < horizon else "wrong-order"
    got, want = set(evaluated), set(expected)
    if got == want:
        return "wrong-order"
    return "under-pruning" if got > want else "over-pruning"
