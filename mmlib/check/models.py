"""The reference search and the classic mistakes, each written as the same search with knobs.

This is a second, deliberately separate copy of minimax and alpha-beta (the teaching copy
lives in :mod:`mmlib.search`): it is the yardstick a student's code is compared with, node
for node, so it must not share code with what it judges, and its knobs reproduce mistakes
the library's search never makes.

A mistake is named when the student's function does exactly what a mistaken model does:
the same value and the same evaluations in the same order.  The reference follows a
course's :class:`~mmlib.conventions.Conventions` (cutoff test, who moves first, the turn
order, deep cutoffs or not), and so do the mistakes: each changes one knob of it.

>>> from mmlib.check.cases import build
>>> tree = build([[3, 12, 8], [2, 4, 6], [14, 5, 2]])      # with static values inside
>>> MINIMAX.run(tree, 2)[0], ALPHABETA[0].run(tree, 2)[0]
(3, 3)
>>> every_leaf = (3, tuple(leaf.path for leaf in tree.leaves()))
>>> [model.name for model in ALPHABETA_MISTAKES if model.run(tree, 2) == every_leaf]
['no-pruning']
>>> from mmlib.conventions import Conventions
>>> strict, _ = alphabeta_models(Conventions(cutoff=">", variant="fail-hard"))
>>> [(model.cutoff, model.hard) for model in strict]       # Cornell CS 312's form only
[('>', True)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .. import trees
from ..conventions import DEFAULT, Conventions

__all__ = ["Model", "MINIMAX", "MINIMAX_MISTAKES", "ALPHABETA", "ALPHABETA_MISTAKES", "diagnose",
           "minimax_models", "alphabeta_models"]

INF = math.inf


@dataclass(frozen=True)
class Model:
    """A search written with knobs, so that a mistake can be reproduced exactly.

    ``layers``: who moves on each level from the root, repeated (the conventions' turn
    order); ``inverted`` swaps MAX and MIN everywhere; ``alternate=False`` gives every
    node the root's player; ``deep=False`` bounds each node by its parent only.
    """

    name: str
    prune: bool = True
    cutoff: str = ">="
    hard: bool = False
    depth_shift: int = 0
    alternate: bool = True
    inverted: bool = False
    swap: bool = False
    wrong_bound: bool = False
    deep: bool = True
    layers: tuple[str, ...] = ("max", "min")

    def is_max(self, ply: int) -> bool:
        """Whether the player on level ``ply`` (the root is 0) maximizes, in this model."""
        kind = self.layers[ply % len(self.layers) if self.alternate else 0]
        return (kind == "max") != self.inverted

    def run(self, tree: trees.Tree, depth: int) -> tuple[float, tuple[Any, ...]]:
        evaluated: list[tuple[Any, ...]] = []
        def prunes(alpha: float, beta: float) -> bool:
            return alpha >= beta if self.cutoff == ">=" else alpha > beta

        def visit(node: trees.Node, depth: int, alpha: float, beta: float, ply: int) -> float:
            if depth <= 0 or node.is_leaf():
                evaluated.append(node.path)
                leaf: float = node.value  # type: ignore[assignment]
                return leaf
            maximizing = self.is_max(ply)
            if not self.deep and ply > 0:         # only the parent's bound reaches this node
                alpha, beta = (-INF, beta) if maximizing else (alpha, INF)
            if self.hard:
                return hard(node, depth, alpha, beta, maximizing, ply)
            value = -INF if maximizing else INF
            for child in node.children:
                score = visit(child, depth - 1, alpha, beta, ply + 1)
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

        def hard(node: trees.Node, depth: int, alpha: float, beta: float, maximizing: bool,
                 ply: int) -> float:
            if maximizing:
                value = alpha
                for child in node.children:
                    value = max(value, visit(child, depth - 1, value, beta, ply + 1))
                    if prunes(value, beta):
                        return alpha if self.wrong_bound else beta
                return value
            value = beta
            for child in node.children:
                value = min(value, visit(child, depth - 1, alpha, value, ply + 1))
                if prunes(alpha, value):
                    return beta if self.wrong_bound else alpha
            return value

        value = visit(tree.root, depth + self.depth_shift, -INF, INF, 0)
        return value, tuple(evaluated)


@lru_cache(maxsize=64)
def minimax_models(conventions: Conventions = DEFAULT) -> tuple[Model, tuple[Model, ...]]:
    """The reference minimax under ``conventions`` and its classic mistakes."""
    ok = Model("ok", prune=False, layers=conventions.layers)
    return ok, (
        replace(ok, name="depth-off-by-one", depth_shift=-1),
        replace(ok, name="depth-off-by-one", depth_shift=1),
        replace(ok, name="no-alternation", alternate=False),
        replace(ok, name="inverted-players", inverted=True),
        replace(ok, name="pruning", prune=True),
    )


@lru_cache(maxsize=64)
def alphabeta_models(conventions: Conventions = DEFAULT) -> tuple[tuple[Model, ...], tuple[Model, ...]]:
    """The correct alpha-beta searches under ``conventions`` and the classic mistakes, each one
    knob away from them.  The first correct search has the conventions' variant; under the
    cutoff ``>=`` the other variant is correct too: from the window (-inf, inf) the two then
    evaluate the same leaves and return the same value.  Under ``>`` they differ (a fail-hard
    node returns exactly the bound it was cut at, and ``>`` does not prune on equality), so
    only the named variant is correct."""
    ok = Model("ok", cutoff=conventions.cutoff, deep=conventions.deep, layers=conventions.layers,
               hard=conventions.fail_hard)
    other_cutoff = ">" if conventions.cutoff == ">=" else ">="
    cutoff_mistake = "strict-cutoff" if conventions.cutoff == ">=" else "cutoff-on-ties"
    mistakes = [
        replace(ok, name="no-pruning", prune=False, hard=False),
        replace(ok, name=cutoff_mistake, cutoff=other_cutoff, hard=False),
        replace(ok, name=cutoff_mistake, cutoff=other_cutoff, hard=True),
        replace(ok, name="depth-off-by-one", depth_shift=-1),
        replace(ok, name="depth-off-by-one", depth_shift=1),
        replace(ok, name="no-alternation", alternate=False),
        replace(ok, name="inverted-players", inverted=True),
        replace(ok, name="wrong-side", swap=True, hard=False),
        replace(ok, name="fail-hard-clamp", hard=True, wrong_bound=True),
        replace(ok, name="no-deep-cutoffs" if conventions.deep else "deep-cutoffs",
                deep=not conventions.deep),
    ]
    correct = (ok, replace(ok, hard=not ok.hard)) if conventions.cutoff == ">=" else (ok,)
    return correct, tuple(mistakes)


MINIMAX, MINIMAX_MISTAKES = minimax_models()
ALPHABETA, ALPHABETA_MISTAKES = alphabeta_models()


def reference(kind: str, conventions: Conventions = DEFAULT) -> Model:
    """The reference search of a check ``kind`` ("minimax" or "alpha-beta")."""
    return minimax_models(conventions)[0] if kind == "minimax" else alphabeta_models(conventions)[0][0]


def diagnose(value: float | None, evaluated: Sequence[tuple[Any, ...]], tree: trees.Tree, depth: int,
             kind: str,
             conventions: Conventions = DEFAULT) -> str:
    """"ok" or the name of the mistake, for a function that returned the number ``value``
    (from MAX's point of view) after evaluating the nodes at ``evaluated``, in order."""
    if kind == "minimax":
        ok, mistakes = minimax_models(conventions)
        correct: tuple[Model, ...] = (ok,)
    else:
        correct, mistakes = alphabeta_models(conventions)
    got = (value, tuple(evaluated))
    if any(model.run(tree, depth) == got for model in correct):
        return "ok"
    for model in mistakes:
        if model.run(tree, depth) == got:
            return model.name
    return _generic(value, tuple(evaluated), tree, depth, kind, conventions)


def _generic(value: float | None, evaluated: tuple[Any, ...], tree: trees.Tree, depth: int, kind: str,
             conventions: Conventions) -> str:
    expected_value, expected = reference(kind, conventions).run(tree, depth)
    horizon = set(reference("minimax", conventions).run(tree, depth)[1])
    if any(len(path) > depth for path in evaluated):
        return "below-depth-limit"
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
