"""A search result's trace (:func:`trace_of`) and marks (:func:`result_marks`): the kind of
search, its variant and its cutoff test are read from the result and its conventions.

>>> from mmlib import search
>>> trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6]], cutoff=">", trace=True)).cutoff
'>'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, ArgumentTypeError
from ..trees import Path
from .algorithms import ALPHABETA_NAMES, Algorithm, replays
from .bounds import EXACT
from .marks import Marks, MarksDraft
from .model import Trace
from .trees import _subtree_paths, result_tree

if TYPE_CHECKING:
    from ..search.results import SearchResult


def trace_of(result: SearchResult, *, cutoff: str | None = None) -> Trace:
    """The :class:`Trace` of a search result (searched with ``trace=True`` on a tree).

    The results of every family :data:`mmlib.search.FAMILIES` flags ``traced`` are read:
    minimax, alpha-beta (fail-soft, fail-hard), negamax, quiescence, the searches with windows
    or passes and Monte Carlo tree search, and on trees with chance nodes the chance searches.
    ``cutoff`` names the cutoff test of a negamax search for the narration (default ``">="``).

    >>> from mmlib import search
    >>> trace_of(search.negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).value_text((1,))
    '≤ 2'
    """
    if not (hasattr(result, "trace") and hasattr(result, "algorithm")):
        raise ArgumentTypeError(f"result: expected a SearchResult, got {type(result).__name__}")
    if result.trace is None:
        raise ArgumentError("result: it has no transcript; search again with trace=True")
    tree, start = result_tree(result)
    name = result.algorithm
    kind = getattr(result, "kind", None) or Algorithm.named(name)
    about = replays(kind)
    if about is None:
        raise ArgumentError(f"result: cannot read a transcript of {name!r}")
    variant, found = about.variant, ">="
    conventions = getattr(result, "conventions", None)
    if kind in (Algorithm.ALPHABETA, Algorithm.NEGAMAX) and conventions is not None:
        variant, found = conventions.variant, conventions.cutoff     # the course's cutoff and variant
    elif kind is Algorithm.ALPHABETA and name in ALPHABETA_NAMES:    # a result made without them
        variant, found = ALPHABETA_NAMES[name]
    pv = result.pv if about.passes or about.monte_carlo else None
    return Trace(tree, result.trace, start=start, variant=variant, cutoff=cutoff or found,
                 negamax=kind is Algorithm.NEGAMAX, algorithm=name, pv=pv)


def result_marks(result: Any) -> Marks:
    """The marks of a finished search: from its transcript when it has one, otherwise from
    ``stats.leaf_order`` (a node was entered when it lies on the path to an evaluated leaf;
    then only the leaves and the start node get values, the start node's taken as exact,
    as it is with the default window).

    >>> from mmlib import search
    >>> sorted(result_marks(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).pruned_roots)
    [(1, 1), (1, 2)]
    """
    if getattr(result, "trace", None) is not None:
        return trace_of(result).marks()
    if not hasattr(result, "stats"):
        raise ArgumentTypeError(f"result: expected a SearchResult, got {type(result).__name__}")
    if result.stats.leaf_order is None:
        raise ArgumentError("result: it was searched with leaf_order=False and no trace, so it does "
                            "not say which nodes were visited; search again with trace=True")
    tree, start = result_tree(result)
    marks = MarksDraft(searched=True, start=start, pv=tuple(result.pv))
    for number, leaf in enumerate(result.stats.leaf_order, start=1):
        path = start + tuple(leaf)
        marks.leaf_numbers[path] = number
        marks.values[path], marks.bound_kinds[path] = tree.evaluate(tree.node(path)), EXACT
        marks.entered.update(path[:k] for k in range(len(start), len(path) + 1))
    marks.values[start], marks.bound_kinds[start] = result.value, EXACT
    roots = [child.path for p in marks.entered if p not in marks.leaf_numbers
             for child in tree.node(p).children if child.path not in marks.entered]
    for root in roots:
        marks.pruned_roots.add(root)
        marks.pruned.update(_subtree_paths(tree, root))
    return marks.done()


def result_pruned_leaves(result: SearchResult) -> list[Path]:
    """The leaves (paths, left to right) that a finished search pruned away, read from its
    marks (:func:`result_marks`).

    >>> from mmlib import search
    >>> result_pruned_leaves(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    [(1, 1), (1, 2)]
    """
    tree, _ = result_tree(result)
    pruned = result_marks(result).pruned
    return [leaf.path for leaf in tree.leaves() if leaf.path in pruned]
