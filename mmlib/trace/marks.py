"""What a view shows on a tree at one moment (:class:`Marks`), and the marks of a plain tree.

>>> minimax_marks([[3, 5], [2, 9]]).value_text(())
'3'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..trees import Path
from .bounds import EXACT, SO_FAR, Window
from .trees import minimax_values, view_tree
from .words import Reading

if TYPE_CHECKING:
    from ..trees.convert import AnyTree
    from ..trees.explicit import Tree
    from ..trees.layered import LayeredTree


@dataclass(frozen=True, eq=False)
class Marks:
    """What to show on a tree at one moment; all paths are tuples of child indices from the root.

    ``values``: the value the search returned at a node (its best value so far while it is
    searched); ``known``: the interval [lo, hi] the leaves evaluated below it prove, and
    ``bound_kinds`` its kind (:data:`EXACT`, :data:`LOWER`, :data:`UPPER`, :data:`BETWEEN`,
    :data:`UNKNOWN`, or :data:`SO_FAR` for a best value so far that proves nothing yet), by
    the one rule of :func:`~mmlib.trace.bounds.known_kind`; ``windows``: the [α, β] window
    a node was entered with (in every frame of a step-through too); ``entered``: nodes
    the search called; ``pruned``: nodes inside pruned subtrees, whose roots are
    ``pruned_roots``; ``leaf_numbers``: evaluation order, from 1 (over a search of several
    passes: ``numbered`` says whose evaluations they number, ``"pass 2"`` at a step of its
    second pass, ``"passes 1–2"`` when the finished search is shown); ``pv``: moves of the
    principal variation from ``start``; ``current``: the node being worked on;
    ``searched``: False for a plain tree (no search shown); ``monte_carlo``: True for Monte
    Carlo tree search, whose nodes show wins/visits (``texts``) instead of values.

    Marks are facts the model computed, so a view cannot change them: the mappings are
    read-only and the sets frozen.  A changed view is a new Marks (:meth:`at`,
    :meth:`with_leaf_values`).

    >>> marks = Marks(values={(): 3})
    >>> marks.values[()] = 4
    Traceback (most recent call last):
    TypeError: 'mappingproxy' object does not support item assignment
    """

    values: Mapping[Path, float] = field(default_factory=dict)
    windows: Mapping[Path, Window] = field(default_factory=dict)
    entered: frozenset[Path] = frozenset()
    pruned: frozenset[Path] = frozenset()
    pruned_roots: frozenset[Path] = frozenset()
    leaf_numbers: Mapping[Path, int] = field(default_factory=dict)
    pv: tuple[Any, ...] = ()
    current: Path | None = None
    searched: bool = False
    start: Path = ()
    bound_kinds: Mapping[Path, str] = field(default_factory=dict)
    texts: Mapping[Path, str] = field(default_factory=dict)
    """What to write instead of a value (Monte Carlo tree search: wins/visits, ``2/3``)."""
    monte_carlo: bool = False
    known: Mapping[Path, tuple[float, float]] = field(default_factory=dict)
    numbered: str = ""

    def __post_init__(self) -> None:
        for name in _MAPPINGS:
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        for name in _SETS:
            object.__setattr__(self, name, frozenset(getattr(self, name)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Marks):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(self))

    __hash__ = None  # type: ignore[assignment]   # equal marks may hold different dict orders

    def value_text(self, path: Path) -> str:
        """The value of ``path`` as drawn: what its evaluated leaves prove (``3``, ``≥ 6``,
        ``≤ 2``, ``3 to 5``; with what the search returned when that is another number,
        ``2 (ret. 3)``), ``(5)`` (so far), ``2/3`` (wins/visits), or ``""`` if unknown.

        >>> Marks(values={(): 3}, known={(): (2, 2)}, bound_kinds={(): "exact"}).value_text(())
        '2 (ret. 3)'
        """
        if path in self.texts:
            return self.texts[path]
        return self.reading(path).text()

    def reading(self, path: Path) -> Reading:
        """What the value of ``path`` says, as numbers (its kind, the interval its evaluated
        leaves prove, the number returned): what :meth:`value_text` writes.

        >>> Marks(values={(): 3}, known={(): (2, 2)}, bound_kinds={(): "exact"}).reading(())
        Reading(kind='exact', low=2, high=2, returned=3)
        """
        kind = self.bound_kinds.get(path, EXACT)
        if path in self.known and kind != SO_FAR:
            return Reading(kind, *self.known[path], self.values.get(path))
        return Reading(kind, None, None, self.values.get(path))

    def at(self, current: Path | None) -> Marks:
        """The same marks with ``current`` as the node being worked on (a new Marks).

        >>> Marks().at((1,)).current
        (1,)
        """
        return replace(self, current=current)

    def with_leaf_values(self, tree: Tree | LayeredTree) -> Marks:
        """The same marks with every leaf of ``tree`` showing its static value, exact, where
        the search has not set one (a new Marks).

        >>> from mmlib.trees import as_tree
        >>> Marks().with_leaf_values(as_tree([[3, 5], [2, 9]])).value_text((1, 1))
        '9'
        """
        values, bound_kinds = dict(self.values), dict(self.bound_kinds)
        for leaf in tree.leaves():
            if leaf.value is not None:                   # a tree's leaves all have values
                values.setdefault(leaf.path, leaf.value)
            bound_kinds.setdefault(leaf.path, EXACT)
        return replace(self, values=values, bound_kinds=bound_kinds)

    def pv_paths(self) -> set[Path]:
        """The nodes along the principal variation (none while it is not known)."""
        if not self.pv:
            return set()
        return {self.start + tuple(self.pv[:k]) for k in range(len(self.pv) + 1)}


_MAPPINGS = ("values", "windows", "leaf_numbers", "bound_kinds", "texts", "known")
_SETS = ("entered", "pruned", "pruned_roots")


@dataclass
class MarksDraft:
    """The marks being worked out by a replay of the search, step by step (the model's own
    scratch copy); :meth:`done` hands the finished :class:`Marks` to the views.

    >>> draft = MarksDraft(searched=True)
    >>> draft.values[()] = 3
    >>> draft.done().value_text(())
    '3'
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
    bound_kinds: dict[Path, str] = field(default_factory=dict)
    texts: dict[Path, str] = field(default_factory=dict)
    monte_carlo: bool = False
    known: dict[Path, tuple[float, float]] = field(default_factory=dict)
    numbered: str = ""

    def done(self) -> Marks:
        """The finished, read-only marks."""
        return Marks(**{f.name: getattr(self, f.name) for f in fields(self)})


def static_marks(tree: AnyTree) -> Marks:
    """Marks of a plain tree showing each node's own number: a leaf's value and an interior
    node's static value where it has one (what a depth-limited search uses where it stops).

    >>> from mmlib.trees import from_text
    >>> dict(static_marks(from_text("ABC\\nA: BC\\nA 4\\nB 1\\nC 7")).values)
    {(): 4, (0,): 1, (1,): 7}
    """
    values = {node.path: node.value for node in view_tree(tree).nodes() if node.value is not None}
    return Marks(values=values, bound_kinds=dict.fromkeys(values, EXACT))


def minimax_marks(tree: AnyTree) -> Marks:
    """Marks of a plain tree: every node's exact minimax value, no search.

    >>> minimax_marks([[3, 5], [2, 9]]).value_text((1,))
    '2'
    """
    values = minimax_values(view_tree(tree))
    return Marks(values=values, bound_kinds=dict.fromkeys(values, EXACT))
