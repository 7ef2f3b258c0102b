"""What a view shows on a tree at one moment (:class:`Marks`), and the marks of a plain tree.

>>> minimax_marks([[3, 5], [2, 9]]).value_text(())
'3'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..trees import Path
from .bounds import EXACT, Window
from .trees import minimax_values, view_tree
from .words import format_mark


@dataclass
class Marks:
    """What to show on a tree at one moment; all paths are tuples of child indices from the root.

    ``values``: the value known for a node, and ``bounds`` its kind (:data:`EXACT`,
    :data:`LOWER`, :data:`UPPER` or :data:`SO_FAR`); ``windows``: the [α, β] window a node
    was entered with (during a step-through: the window it has now); ``entered``: nodes
    the search called; ``pruned``: nodes inside pruned subtrees, whose roots are
    ``pruned_roots``; ``leaf_numbers``: evaluation order, from 1; ``pv``: moves of the
    principal variation from ``start``; ``current``: the node being worked on;
    ``searched``: False for a plain tree (no search shown); ``monte_carlo``: True for Monte
    Carlo tree search, whose nodes show wins/visits (``texts``) instead of values.
    """

    values: dict[Path, float] = field(default_factory=dict)
    windows: dict[Path, Window] = field(default_factory=dict)
    entered: set[Path] = field(default_factory=set)
    pruned: set[Path] = field(default_factory=set)
    pruned_roots: set[Path] = field(default_factory=set)
    leaf_numbers: dict[Path, int] = field(default_factory=dict)
    pv: tuple[Any, ...] = ()
    current: Path | None = None
    searched: bool = False
    start: Path = ()
    bounds: dict[Path, str] = field(default_factory=dict)
    texts: dict[Path, str] = field(default_factory=dict)
    """What to write instead of a value (Monte Carlo tree search: wins/visits, ``2/3``)."""
    monte_carlo: bool = False

    def value_text(self, path: Path) -> str:
        """The value of ``path`` as drawn: ``3``, ``≥ 6``, ``≤ 2``, ``(5)``, ``2/3`` (wins/visits),
        or ``""`` if unknown."""
        if path in self.texts:
            return self.texts[path]
        return format_mark(self.values.get(path), self.bounds.get(path, EXACT))

    def at(self, current: Path | None) -> Marks:
        """The same marks with ``current`` as the node being worked on (a new Marks).

        >>> Marks().at((1,)).current
        (1,)
        """
        return replace(self, current=current)

    def with_leaf_values(self, tree: Any) -> Marks:
        """The same marks with every leaf of ``tree`` showing its static value, exact, where
        the search has not set one (a new Marks).

        >>> from mmlib.trees import as_tree
        >>> Marks().with_leaf_values(as_tree([[3, 5], [2, 9]])).value_text((1, 1))
        '9'
        """
        values, bounds = dict(self.values), dict(self.bounds)
        for leaf in tree.leaves():
            if leaf.value is not None:                   # a tree's leaves all have values
                values.setdefault(leaf.path, leaf.value)
            bounds.setdefault(leaf.path, EXACT)
        return replace(self, values=values, bounds=bounds)

    def pv_paths(self) -> set[Path]:
        """The nodes along the principal variation (none while it is not known)."""
        if not self.pv:
            return set()
        return {self.start + tuple(self.pv[:k]) for k in range(len(self.pv) + 1)}


def minimax_marks(tree: Any) -> Marks:
    """Marks of a plain tree: every node's exact minimax value, no search.

    >>> minimax_marks([[3, 5], [2, 9]]).value_text((1,))
    '2'
    """
    values = minimax_values(view_tree(tree))
    return Marks(values=values, bounds=dict.fromkeys(values, EXACT))
