"""The nodes student code receives (``.label``, ``.children``, ``.is_leaf()``, ``.value``), from plain data.

A :class:`LabNode` holds its label and its children, nothing else: its value comes from a
*value source* each time ``node.value`` is read.  When the checker runs a student's
function, the source is the checker itself, in another process, which records every read
(reading ``node.value`` *is* the static evaluation); when you try a function by hand
(:func:`mmlib.check.lab_tree`), the source is a plain table.  A tree crosses between
processes as its :data:`Shape` (labels and children, no values).

>>> shape = (("A", "B", "C"), ((1, 2), (), ()))
>>> root = build_nodes(shape, TableValues([0, 3, 12]))
>>> root
LabNode('A', 2 children)
>>> [child.label for child in root.children], root.children[1].value
(['B', 'C'], 12)
>>> root.children[1].is_leaf()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["LabNode", "Shape", "build_nodes", "Stop", "TableValues", "ValueSource"]


class Stop(BaseException):
    """Raised inside the student's code to stop it (a BaseException: ``except Exception``
    in student code does not swallow it)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class ValueSource(Protocol):
    def touch(self) -> None: ...
    def value(self, index: int) -> float: ...
    def peek(self, index: int) -> float | None: ...


class TableValues:
    """Values from a list, with a budget of node accesses (``None``: no limit); records
    the indices of the values read, in order (reading twice in a row counts once)."""

    def __init__(self, values: Sequence[float], budget: int | None = None):
        self._values = tuple(values)
        self.budget = budget
        self.touches = 0
        self.read: list[int] = []
        self.ran_away = False

    def touch(self) -> None:
        self.touches += 1
        if self.budget is not None and self.touches > self.budget:
            self.ran_away = True               # kept even if the function swallows the Stop
            raise Stop("runaway")

    def value(self, index: int) -> float:
        self.touch()
        if not self.read or self.read[-1] != index:
            self.read.append(index)
        return self._values[index]

    def peek(self, index: int) -> float | None:
        return self._values[index]


class LabNode:
    """A node of a lab tree: ``.label``, ``.children``, ``.is_leaf()``, ``.value``.

    ``.value`` is the node's static evaluation; on a leaf it is the leaf's value.  The
    root is a MAX node and the players alternate level by level.
    """

    __slots__ = ("_label", "_index", "_kids", "_source")

    def __init__(self, label: str, index: int, kids: tuple[LabNode, ...], source: ValueSource):
        self._label = label
        self._index = index
        self._kids = kids
        self._source = source

    @property
    def label(self) -> str:
        return self._label

    @property
    def children(self) -> list[LabNode]:
        self._source.touch()
        return list(self._kids)

    def is_leaf(self) -> bool:
        self._source.touch()
        return not self._kids

    @property
    def value(self) -> float:
        return self._source.value(self._index)

    def __repr__(self) -> str:
        if self._kids:
            return f"LabNode({self._label!r}, {len(self._kids)} children)"
        value = self._source.peek(self._index)
        return f"LabNode({self._label!r}, leaf)" if value is None else \
            f"LabNode({self._label!r}, value={value!r})"


Shape = tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]
"""A tree without its values: the labels and the children (as node indices) of nodes
0, 1, 2, ... in preorder; node 0 is the root."""


def build_nodes(shape: Shape, source: ValueSource) -> LabNode:
    """Fresh :class:`LabNode` objects for ``shape``, reading values from ``source``; the root."""
    labels, kids = shape

    def make(index: int) -> LabNode:
        return LabNode(labels[index], index, tuple(make(child) for child in kids[index]), source)

    return make(0)
