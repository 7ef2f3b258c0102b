"""Trees with chance nodes and with several agents per round.

A *layer pattern* names the kind of node on each level, repeated down the tree:
``"max min"`` is the usual two-player tree, ``"max min min"`` one MAX agent against two
MIN agents who move in turn (CS188's multi-agent minimax), ``"max chance"`` MAX against
chance (expectimax), ``"max chance min chance"`` a dice game (expectiminimax).

A chance node's children are its outcomes; each has a probability.  Trees with chance
nodes answer two more questions than the :class:`~mmlib.games.Game` protocol:
``is_chance(state)`` and ``outcomes(state)`` (a list of (move, probability) pairs).

Three ways to build one, as for ordinary trees:

>>> tree = layered_tree([[(0.5, 8), (1/3, 24), (1/6, -12)]], layers="max chance")
>>> node = tree.play(tree.initial, 0)
>>> tree.is_chance(node), [round(p, 3) for _, p in tree.outcomes(node)]
(True, [0.5, 0.333, 0.167])
>>> text_tree = layered_tree_from_text('''
... ABCDE
... A: B
... B: CDE
... B p 1/2 1/3 1/6
... C 8
... D 24
... E -12
... ''', layers="max chance")
>>> text_tree.outcomes(text_tree.node("B"))[1]
(1, 0.3333333333333333)
>>> layered_uniform(3, 4, layers="max chance min chance", seed=1).leaf_count
81
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, SearchError, TreeError, TreeTextError, printable
from ..mixing import MASK, splitmix64, unit_float
from ._nodes import LinkedTree, not_a_move, not_a_node
from .explicit import Path, bfs_labels
from .generated import _power
from .text import _LINE_BREAK, _printable

__all__ = ["KINDS", "LayeredNode", "LayeredTree", "LayeredUniformTree", "layered_tree",
           "layered_tree_from_text", "layered_uniform", "parse_layers"]

KINDS = ("max", "min", "chance")


def parse_layers(layers: str | Sequence[str]) -> tuple[str, ...]:
    """``"max chance min chance"`` -> ('max', 'chance', 'min', 'chance'); checked.

    >>> parse_layers("max min min")
    ('max', 'min', 'min')
    """
    if isinstance(layers, str):
        kinds = tuple(layers.replace(",", " ").split())
    elif isinstance(layers, (list, tuple)):
        kinds = tuple(layers)
    else:
        raise ArgumentTypeError(f"layers: expected a string such as 'max chance min chance', "
                                f"got {layers!r}")
    if not kinds:
        raise ArgumentError("layers: give at least one kind of node")
    for kind in kinds:
        if kind not in KINDS:
            raise ArgumentError(f"layers: unknown kind {kind!r}; use 'max', 'min' or 'chance'")
    if kinds[0] == "chance" and len(set(kinds)) == 1:
        raise ArgumentError("layers: a tree of chance nodes only has no player")
    return kinds


@dataclass(eq=False)
class LayeredNode:
    """A node: its kind ('max', 'min' or 'chance'), value (leaves), children and,
    for a chance node, the probability of each child."""

    label: str
    kind: str
    value: float | None = None
    children: tuple[LayeredNode, ...] = ()
    probabilities: tuple[float, ...] = ()
    path: Path = field(default=(), repr=False)

    def is_leaf(self) -> bool:
        return not self.children

    @property
    def is_max(self) -> bool:
        """True at a MAX node (as for the nodes of :class:`mmlib.trees.Tree`)."""
        return self.kind == "max"

    @property
    def is_chance(self) -> bool:
        """True at a chance node with outcomes."""
        return self.kind == "chance" and bool(self.children)

    def __repr__(self) -> str:
        if self.is_leaf():
            return f"LayeredNode({self.label!r}, value={self.value!r})"
        return f"LayeredNode({self.label!r}, {self.kind}, {len(self.children)} children)"


class LayeredTree(LinkedTree[LayeredNode]):
    """An explicit tree with MAX, MIN and chance nodes (the Game protocol plus
    ``is_chance`` and ``outcomes``).  ``value_bounds`` are the smallest and largest
    leaf values (widened by 1 when all leaves are equal): every value lies between them."""

    def __init__(self, root: LayeredNode, layers: tuple[str, ...]):
        if not isinstance(root, LayeredNode):
            raise ArgumentTypeError(f"root: expected a LayeredNode (build the tree with layered_tree or "
                                    f"layered_tree_from_text), got {printable(root)}")
        self.root = root
        self.layers = layers
        self._nodes = _preorder(root)
        leaves = [self.evaluate(node) for node in self._nodes if node.is_leaf()]
        self.leaf_count = len(leaves)
        self.node_count = len(self._nodes)
        self.height = max(len(node.path) for node in self._nodes)
        low, high = min(leaves), max(leaves)
        self.value_bounds = (low, high) if low < high else (low - 1, high + 1)  # any L < U
        self._by_label = {node.label: node for node in self._nodes}
        self._by_path = {node.path: node for node in self._nodes}

    # -- the Game protocol, and chance ---------------------------------------------
    @property
    def initial(self) -> LayeredNode:
        return self.root

    def is_max(self, node: LayeredNode) -> bool:
        try:
            return node.kind == "max"
        except AttributeError:
            raise not_a_node(node) from None

    def is_chance(self, node: LayeredNode) -> bool:
        try:
            return node.kind == "chance" and bool(node.children)
        except AttributeError:
            raise not_a_node(node) from None

    def outcomes(self, node: LayeredNode) -> list[tuple[int, float]]:
        try:
            return list(enumerate(node.probabilities))
        except AttributeError:
            raise not_a_node(node) from None

    def evaluate(self, node: LayeredNode) -> float:
        try:
            value = node.value
        except AttributeError:
            raise not_a_node(node) from None
        if value is None:
            raise SearchError(f"node {node.label} has no static value: search to the leaves")
        return value

    # -- looking around --------------------------------------------------------------
    def node(self, where: Path | str) -> LayeredNode:
        try:
            found = self._by_label.get(where) if isinstance(where, str) else self._by_path.get(tuple(where))
        except TypeError:                         # not iterable, or holding unhashable items
            raise ArgumentTypeError(f"where: expected a path (a tuple of child indices such as "
                                    f"(0, 1)) or a label, got {printable(where)}") from None
        if found is None:
            raise ArgumentError(f"where: no node {where!r} in this tree")
        return found

    def __repr__(self) -> str:
        return (f"<LayeredTree {' '.join(self.layers)}: {self.node_count} nodes, "
                f"{self.leaf_count} leaves, height {self.height}>")


def _preorder(root: LayeredNode) -> list[LayeredNode]:
    out: list[LayeredNode] = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.children))
    return out


def _probability(value: object, where: str) -> float:
    real = _validate.is_real(value)
    probability = cast(float, value)    # a Real (int, float, Fraction) compares as a float does
    if not real or not 0 < probability <= 1:
        raise TreeError(f"{where}: probability {value!r} is not a number in (0, 1]")
    return probability


def _leaf(value: object, where: str) -> float:
    if not _validate.is_real(value) or not _finite(value):
        shown = repr(value) if len(repr(value)) <= 40 else f"{repr(value)[:30]}... (too large)"
        raise TreeError(f"{where}: leaf value {shown} is not a finite number")
    return value


def _finite(value: float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int beyond a float's range, e.g. 10**400
        return False


def layered_tree(nested: Any, *,
                 layers: str | Sequence[str] = "max chance min chance") -> LayeredTree:
    """A tree from nested lists whose levels follow ``layers`` (repeated).

    A list is an interior node and a number a leaf.  At a chance node each child is
    either a plain subtree (then all outcomes are equally likely) or a pair
    ``(probability, subtree)``; the probabilities must add up to 1.  Labels are
    A, B, C... breadth first.

    >>> tree = layered_tree([[2, 3], [1, 4]], layers="max chance")
    >>> tree.outcomes(tree.node("B"))
    [(0, 0.5), (1, 0.5)]
    >>> layered_tree([[(0.5, 2), (0.6, 3)]], layers="max chance")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeError: nested: the outcomes at path (0,): probabilities add up to 1.1, not 1
    """
    kinds = parse_layers(layers)
    order: list[tuple[Path, Any]] = []
    queue: deque[tuple[Path, Any]] = deque([((), nested)])
    while queue:
        path, item = queue.popleft()
        order.append((path, item))
        if isinstance(item, (list, tuple)):
            if not item:
                raise TreeError(f"nested: an interior node has no children (at path {path})")
            children = _children(item, kinds[len(path) % len(kinds)], path)
            queue.extend((path + (i,), child) for i, (_, child) in enumerate(children))
        else:
            _leaf(item, f"nested: leaf at path {path}")
    labels = dict(zip((p for p, _ in order), bfs_labels(len(order)), strict=True))
    built: dict[Path, LayeredNode] = {}
    for path, item in reversed(order):
        kind = kinds[len(path) % len(kinds)]
        if isinstance(item, (list, tuple)):
            pairs = _children(item, kind, path)
            kids = tuple(built.pop(path + (i,)) for i in range(len(pairs)))
            chances = tuple(p for p, _ in pairs) if kind == "chance" else ()
            built[path] = LayeredNode(labels[path], kind, None, kids, chances, path)
        else:
            built[path] = LayeredNode(labels[path], kind, item, (), (), path)
    return LayeredTree(built[()], kinds)


def _children(item: Sequence[Any], kind: str, path: Path) -> list[tuple[Any, Any]]:
    """(probability, subtree) for each child; probabilities only at chance nodes."""
    pairs = [isinstance(child, tuple) for child in item]
    if kind != "chance":
        return [(None, child) for child in item]
    where = f"nested: the outcomes at path {path}"
    if all(pairs):
        for child in item:
            if len(child) != 2:
                raise TreeError(f"{where}: write an outcome as (probability, subtree)")
        probabilities = [_probability(p, where) for p, _ in item]
        _check_sum_named(probabilities, where)
        return [(p, child) for p, child in item]
    if any(pairs):
        raise TreeError(f"{where}: give a probability to every outcome or to none")
    return [(1 / len(item), child) for child in item]


def _check_sum_named(probabilities: Sequence[float], where: str) -> None:
    total = sum(probabilities)
    if not math.isclose(total, 1.0, rel_tol=0, abs_tol=1e-9):
        raise TreeError(f"{where}: probabilities add up to {float(total):.6g}, not 1")


_CHILDREN = re.compile(r"^(\S)\s*:\s*(.*)$")
_PROBABILITIES = re.compile(r"^(\S)\s+p\s+(.+)$")
_VALUE = re.compile(r"^(\S)\s+(\S+)$")


def layered_tree_from_text(text: str, *,
                           layers: str | Sequence[str] = "max chance min chance") -> LayeredTree:
    """The labelled tree text (``X: BCD`` children, ``X 7`` values) plus one kind of line:
    ``X p 1/2 1/4 1/4`` gives the probabilities of chance node X's children, in order
    (fractions or decimals; without such a line the outcomes are equally likely).
    Each level's kind follows ``layers``.  Errors name the line.

    >>> layered_tree_from_text("ABC\\nA: BC\\nA p 1/2 1/3\\nB 1\\nC 2", layers="chance max")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 3: the probabilities add up to 0.833333, not 1
    """
    _validate.text("text", text, show=_validate.type_name)
    kinds = parse_layers(layers)
    lines = [(n, _printable(n, line).strip()) for n, line in enumerate(_LINE_BREAK.split(text), start=1)
             if line.strip() and not line.strip().startswith("#")]
    if not lines:
        raise TreeTextError("text: there is no label line (every line is blank or a comment)")
    label_number, label_line = lines[0]
    labels = list(label_line)
    if len(set(labels)) != len(labels):
        raise TreeTextError("a label appears twice in the label line", label_number)
    children: dict[str, list[str]] = {}
    mentioned = {label: label_number for label in labels}  # the line that names each label last
    values: dict[str, float] = {}
    chances: dict[str, tuple[int, list[float]]] = {}
    for number, line in lines[1:]:
        if match := _CHILDREN.match(line):
            parent, kids = match.group(1), [c for c in match.group(2) if not c.isspace()]
            for label in [parent, *kids]:
                if label not in labels:
                    raise TreeTextError(f"{label!r} is not in the label line", number)
            if parent in children:
                raise TreeTextError(f"{parent!r} is given children twice", number)
            children[parent] = kids
            mentioned.update(dict.fromkeys(kids, number))
        elif match := _PROBABILITIES.match(line):
            chances[match.group(1)] = (number, [_fraction(word, number)
                                                for word in match.group(2).split()])
        elif match := _VALUE.match(line):
            label, word = match.groups()
            if label not in labels:
                raise TreeTextError(f"{label!r} is not in the label line", number)
            try:
                values[label] = _leaf(float(word) if "." in word or "e" in word else int(word),
                                      "value")
            except (ValueError, TreeError):
                raise TreeTextError(f"{word!r} is not a number", number) from None
        else:
            raise TreeTextError(f"cannot read {line!r}: expected 'X: BCD', 'X 7' or "
                                "'X p 1/2 1/2'", number)
    return _build_from_labels(labels[0], children, values, chances, kinds, mentioned)


def _fraction(word: str, number: int) -> float:
    try:
        value = float(Fraction(word))
    except (ValueError, ZeroDivisionError):
        raise TreeTextError(f"{word!r} is not a probability", number) from None
    if not 0 < value <= 1:
        raise TreeTextError(f"{word!r} is not a probability in (0, 1]", number)
    return value


def _build_from_labels(root: str, children: dict[str, list[str]], values: dict[str, float],
                       chances: dict[str, tuple[int, list[float]]], kinds: tuple[str, ...],
                       mentioned: dict[str, int]) -> LayeredTree:
    order: list[tuple[str, Path]] = []
    queue: deque[tuple[str, Path]] = deque([(root, ())])
    seen = {root}
    while queue:
        label, path = queue.popleft()
        order.append((label, path))
        for i, kid in enumerate(children.get(label, ())):
            if kid in seen:
                raise TreeTextError(f"{kid!r} has two parents (or is the root)")
            seen.add(kid)
            queue.append((kid, path + (i,)))
    built: dict[str, LayeredNode] = {}
    for label, path in reversed(order):
        kind = kinds[len(path) % len(kinds)]
        kids = tuple(built.pop(kid) for kid in children.get(label, ()))
        if not kids and label not in values:
            raise TreeTextError(f"leaf {label!r} has no value: add a line '{label} 7' with its value",
                                mentioned[label])
        probabilities: tuple[float, ...] = ()
        if label in chances:
            number, given = chances[label]
            if kind != "chance" or not kids:
                raise TreeTextError(f"{label!r} is not a chance node with children", number)
            if len(given) != len(kids):
                raise TreeTextError(f"{label!r} has {len(kids)} children but "
                                    f"{len(given)} probabilities", number)
            if not math.isclose(sum(given), 1.0, rel_tol=0, abs_tol=1e-9):
                raise TreeTextError(f"the probabilities add up to {sum(given):.6g}, not 1", number)
            probabilities = tuple(given)
        elif kind == "chance" and kids:
            probabilities = tuple(1 / len(kids) for _ in kids)
        built[label] = LayeredNode(label, kind, values.get(label), kids, probabilities, path)
    return LayeredTree(built[root], kinds)


# -- generated trees ------------------------------------------------------------------------

_STEP = 0xD6E8FEB86659FD93
_CHANCE_SALT = 0x61C8864680B583EB


@dataclass(frozen=True)
class GeneratedLayeredNode:
    h: int
    depth: int
    value: float


class LayeredUniformTree:
    """A uniform tree of ``branching`` and ``depth`` whose levels follow ``layers``, leaf
    values i.i.d. in (0, 1) from a 64-bit hash of the path (the same tree everywhere).

    Chance nodes give their outcomes equal probabilities, or, with
    ``probabilities="random"``, random ones (drawn from the same hash).
    """

    value_bounds = (0.0, 1.0)

    def __init__(self, branching: int, depth: int, layers: str | Sequence[str], seed: int,
                 probabilities: str):
        sizes: list[int] = []
        for name, value, least in (("branching", branching, 1), ("depth", depth, 0)):
            sizes.append(_validate.whole(name, value, what="an integer", show=repr))
            if value < least:
                raise ArgumentError(f"{name}: must be at least {least}, got {value}")
        branching, depth = sizes
        seed = _validate.whole("seed", seed, what="an integer", show=repr)
        if not isinstance(probabilities, str) or probabilities not in ("equal", "random"):
            raise ArgumentError(f"probabilities: expected 'equal' or 'random', got {probabilities!r}")
        self.branching, self.depth, self.seed = branching, depth, seed
        self.layers = parse_layers(layers)
        self.probabilities = probabilities
        self.leaf_count = _power(branching, depth, "leaf count")   # refuses a size too big to write
        self.height = depth
        h = splitmix64(seed & MASK)
        self.initial = GeneratedLayeredNode(h, 0, unit_float(h))

    def kind(self, node: GeneratedLayeredNode) -> str:
        try:
            return self.layers[node.depth % len(self.layers)]
        except AttributeError:
            raise not_a_node(node) from None

    def is_max(self, node: GeneratedLayeredNode) -> bool:
        return self.kind(node) == "max"

    def is_chance(self, node: GeneratedLayeredNode) -> bool:
        return self.kind(node) == "chance" and node.depth < self.depth     # kind: only nodes

    def outcomes(self, node: GeneratedLayeredNode) -> list[tuple[int, float]]:
        b = self.branching
        self.kind(node)                                   # refuses what is not a node
        if self.probabilities == "equal":
            return [(i, 1 / b) for i in range(b)]
        weights = [0.05 + unit_float(splitmix64(node.h ^ _CHANCE_SALT ^ i)) for i in range(b)]
        total = sum(weights)
        return [(i, w / total) for i, w in enumerate(weights)]

    def moves(self, node: GeneratedLayeredNode) -> range:
        try:
            return range(self.branching) if node.depth < self.depth else range(0)
        except AttributeError:
            raise not_a_node(node) from None

    def play(self, node: GeneratedLayeredNode, move: int) -> GeneratedLayeredNode:
        try:
            h = splitmix64(node.h ^ (((move + 1) * _STEP) & MASK))
            return GeneratedLayeredNode(h, node.depth + 1, unit_float(h))
        except AttributeError:
            raise not_a_node(node) from None
        except TypeError:
            raise not_a_move(move, self.moves(node)) from None

    def is_terminal(self, node: GeneratedLayeredNode) -> bool:
        try:
            return node.depth >= self.depth
        except AttributeError:
            raise not_a_node(node) from None

    def utility(self, node: GeneratedLayeredNode) -> float:
        try:
            return node.value
        except AttributeError:
            raise not_a_node(node) from None

    def evaluate(self, node: GeneratedLayeredNode) -> float:
        if not self.is_terminal(node):
            raise SearchError("generated layered trees have no static evaluation at interior "
                              "nodes; search to the leaves")
        return node.value

    def key(self, node: GeneratedLayeredNode) -> int:
        try:
            return node.h
        except AttributeError:
            raise not_a_node(node) from None

    def __repr__(self) -> str:
        return (f"layered_uniform({self.branching}, {self.depth}, "
                f"layers={' '.join(self.layers)!r}, seed={self.seed})")


def layered_uniform(branching: int, depth: int, *, layers: str | Sequence[str] = "max chance min chance",
                    seed: int = 0, probabilities: str = "equal") -> LayeredUniformTree:
    """A generated uniform tree whose levels follow ``layers`` (see :class:`LayeredUniformTree`).

    >>> tree = layered_uniform(2, 3, layers="max min min", seed=4)
    >>> child = tree.play(tree.initial, 0)
    >>> tree.kind(tree.initial), tree.kind(child), tree.kind(tree.play(child, 1))
    ('max', 'min', 'min')
    """
    return LayeredUniformTree(branching, depth, layers, seed, probabilities)


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from ..games.base import Game

    _IS_A_GAME: Game[LayeredNode, int] = LayeredTree(LayeredNode("A", "max"), ())
    _IS_A_GENERATED_GAME: Game[GeneratedLayeredNode, int] = LayeredUniformTree(2, 2, (), 0, "uniform")
