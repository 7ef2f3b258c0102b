"""Generated trees: a node exists only while the search looks at it.

Every value comes from a 64-bit hash of the node's path (the splitmix64 mixer in pure
integer arithmetic), so a seed gives the same tree in every process, on every
platform and in every Python version, and a tree of 10^12 leaves costs only the
memory of the part a search visits.

>>> tree = uniform(branching=2, depth=3, seed=7)
>>> tree.leaf_count, tree.node_count
(8, 15)
>>> best = ordered(branching=3, depth=4, ordering="best", seed=1)
>>> best
ordered(branching=3, depth=4, ordering='best', seed=1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, SearchError
from ..errors import printable as _show
from ..mixing import MASK, splitmix64, unit_float
from ._nodes import not_a_move, not_a_node
from .explicit import Tree, bfs_labels, build

__all__ = [
    "GeneratedNode",
    "UniformTree",
    "OrderedTree",
    "uniform",
    "ordered",
    "uniform_leaf_count",
    "uniform_node_count",
    "explicit",
    "count_at_least",
    "MAX_BRANCHING",
    "MAX_DEPTH",
]

_STEP = 0xD6E8FEB86659FD93
_EVAL_SALT = 0x5851F42D4C957F2D
_ORDER_SALT = 0x2545F4914F6CDD1D

_mix = splitmix64
_unit = unit_float


def _child_hash(h: int, move: int) -> int:
    return _mix(h ^ (((move + 1) * _STEP) & MASK))


class GeneratedNode:
    """A node of a generated tree: its hash, depth and (true) value."""

    __slots__ = ("h", "depth", "value")
    lo = 0.0
    """The lowest value a node below it may have (a worst-ordered tree narrows it: :class:`NarrowedNode`)."""
    hi = 1.0
    """The highest value a node below it may have."""

    def __init__(self, h: int, depth: int, value: float):
        self.h = h
        self.depth = depth
        self.value = value

    def __repr__(self) -> str:
        return f"GeneratedNode(depth={self.depth}, value={self.value!r})"


class NarrowedNode(GeneratedNode):
    """A node of a worst-ordered tree, whose value and every value below it lie in [lo, hi]."""

    __slots__ = ("lo", "hi")

    def __init__(self, h: int, depth: int, value: float, lo: float, hi: float):
        super().__init__(h, depth, value)
        self.lo = lo
        self.hi = hi


MAX_BRANCHING = 1_000_000
"""The widest generated tree: more children than this at one node is refused."""

MAX_DEPTH = 1_000_000
"""The deepest generated tree (a search follows at most ``search.MAX_SEARCH_DEPTH`` plies)."""

MAX_COUNT_BITS = 100_000
"""Exact sizes (b^d...) are computed only up to numbers of this many bits (about 30,000
digits); beyond, :func:`uniform_leaf_count` and friends refuse and say how big."""


def _exponent_bits(branching: int, depth: int) -> float:
    if branching <= 1:
        return 0.0
    if depth.bit_length() > 1000:             # too big for a float: as good as infinite here
        return math.inf
    return depth * math.log2(branching)


def _power(branching: int, depth: int, name: str) -> int:
    bits = _exponent_bits(branching, depth)
    if bits == math.inf:
        raise ArgumentError(f"depth: {_show(depth)} is far too deep for the {name} of a tree to be "
                            f"counted, or even written down; pass a depth of at most "
                            f"{int(MAX_COUNT_BITS / math.log2(branching)):,} for branching {branching}")
    if bits > MAX_COUNT_BITS:
        digits = bits * math.log10(2)
        deepest = int(MAX_COUNT_BITS / math.log2(branching))
        raise ArgumentError(
            f"depth: the {name} {branching}^{depth:,} has about {digits:,.0f} digits, too many to "
            f"compute exactly (at most about {MAX_COUNT_BITS * math.log10(2):,.0f}); pass a depth of "
            f"at most {deepest:,} for branching {branching}, or use its logarithm: "
            f"depth * math.log10(branching) = {digits:,.1f}")
    power: int = branching ** depth          # an int: depth is a whole number >= 0
    return power


def count_at_least(branching: int, depth: int, limit: int, *, full: bool = False) -> tuple[bool, str]:
    """Is b^d (``full``: 1 + b + ... + b^d) more than ``limit``?  And the number, written
    for a message ("1,111" or "about 10^30,103"), without computing big powers exactly.

    >>> count_at_least(10, 3, 1000, full=True)
    (True, '1,111')
    >>> count_at_least(3, 10 ** 8, 10 ** 9)
    (True, 'about 10^47,712,125')
    """
    bits = _exponent_bits(branching, depth)
    if bits == math.inf:
        return True, f"b^{_show(depth)}"
    if bits > int(max(limit, 1)).bit_length() + 64:
        return True, f"about 10^{bits * math.log10(2):,.0f}"
    count = uniform_node_count(branching, depth) if full else branching ** depth
    return count > limit, f"{count:,}"


def uniform_leaf_count(branching: int, depth: int) -> int:
    """Leaves of a uniform tree: b^d (refused beyond :data:`MAX_COUNT_BITS` bits).

    >>> uniform_leaf_count(10, 10)
    10000000000
    """
    b, d = _validate.whole("branching", branching, minimum=1), _validate.whole("depth", depth, minimum=0)
    return _power(b, d, "leaf count")


def uniform_node_count(branching: int, depth: int) -> int:
    """All nodes of a uniform tree including the root: 1 + b + ... + b^d.

    >>> uniform_node_count(2, 3)
    15
    """
    b, d = _validate.whole("branching", branching, minimum=1), _validate.whole("depth", depth, minimum=0)
    return d + 1 if b == 1 else (_power(b, d + 1, "node count") - 1) // (b - 1)


class _GeneratedTree:
    """What uniform and ordered trees share: shape, the Game protocol, sizes."""

    def __init__(self, branching: int, depth: int, seed: int):
        self.branching = _validate.whole("branching", branching, minimum=1)
        self.depth = _validate.whole("depth", depth, minimum=0)
        self.seed = _validate.whole("seed", seed)
        if self.branching > MAX_BRANCHING:
            raise ArgumentError(f"branching: at most {MAX_BRANCHING:,}, got {_show(self.branching)}")
        if self.depth > MAX_DEPTH:
            raise ArgumentError(f"depth: at most {MAX_DEPTH:,}, got {_show(self.depth)}")
        root_hash = _mix(self.seed & MASK)
        self.initial = GeneratedNode(root_hash, 0, self._root_value(root_hash))

    @property
    def leaf_count(self) -> int:
        """b^d, computed on demand (refused when it has more than ~30,000 digits)."""
        return uniform_leaf_count(self.branching, self.depth)

    @property
    def node_count(self) -> int:
        """1 + b + ... + b^d, computed on demand (refused like :attr:`leaf_count`)."""
        return uniform_node_count(self.branching, self.depth)

    def _root_value(self, h: int) -> float:
        return _unit(h)

    # -- the Game protocol -------------------------------------------------------
    def is_max(self, node: GeneratedNode) -> bool:
        try:
            return node.depth % 2 == 0
        except AttributeError:
            raise not_a_node(node) from None

    def moves(self, node: GeneratedNode) -> range:
        try:
            return range(self.branching) if node.depth < self.depth else range(0)
        except AttributeError:
            raise not_a_node(node) from None

    def is_terminal(self, node: GeneratedNode) -> bool:
        try:
            return node.depth >= self.depth
        except AttributeError:
            raise not_a_node(node) from None

    def utility(self, node: GeneratedNode) -> float:
        try:
            return node.value
        except AttributeError:
            raise not_a_node(node) from None

    def key(self, node: GeneratedNode) -> int:
        try:
            return node.h
        except AttributeError:
            raise not_a_node(node) from None

    def play(self, node: GeneratedNode, move: int) -> GeneratedNode:
        raise NotImplementedError          # each kind of generated tree makes its children

    def evaluate(self, node: GeneratedNode) -> float:
        raise NotImplementedError          # each kind of generated tree says what it can estimate

    def node_at(self, path: Iterable[int]) -> GeneratedNode:
        """The node reached by following ``path`` (child indices) from the root."""
        node = self.initial
        if isinstance(path, (str, bytes)) or not isinstance(path, Iterable):
            raise ArgumentTypeError(f"path: expected a tuple of child indices such as (0, 1), got "
                                    f"{_show(path)}")
        for move in path:
            if isinstance(move, bool) or move not in self.moves(node):
                raise ArgumentError(f"path: move {move!r} does not exist at depth {node.depth}")
            node = self.play(node, move)
        return node


class UniformTree(_GeneratedTree):
    """Uniform tree with i.i.d. leaf values in (0, 1): Pearl's random model."""

    def play(self, node: GeneratedNode, move: int) -> GeneratedNode:
        try:
            h = _mix(node.h ^ (((move + 1) * _STEP) & MASK))  # _child_hash, written out (a call per node)
            return GeneratedNode(h, node.depth + 1, _unit(h))
        except AttributeError:
            raise not_a_node(node) from None
        except TypeError:
            raise not_a_move(move, self.moves(node)) from None

    def evaluate(self, node: GeneratedNode) -> float:
        try:
            interior = node.depth < self.depth
        except AttributeError:
            raise not_a_node(node) from None
        if interior:
            raise SearchError(
                "uniform trees have no static evaluation at interior nodes; "
                "use trees.ordered(..., noise=...) for depth-limited experiments"
            )
        return node.value

    def __repr__(self) -> str:
        return f"uniform(branching={self.branching}, depth={self.depth}, seed={self.seed})"


_ORDERINGS = ("best", "worst", "random")


class OrderedTree(_GeneratedTree):
    """A tree built top-down from true minimax values, with the best child's position controlled.

    Every node carries its true minimax value.  A MAX node's best child has the
    same value and its other children strictly less (a MIN node: strictly more), so
    "best" is well defined.  Where the best child stands is decided by ``ordering``:

    - ``"best"``: first everywhere (alpha-beta meets the Knuth-Moore minimal tree);
    - ``"worst"``: children improve strictly from first to last and stay inside the
      window alpha-beta will have, so no cutoff is possible anywhere (all b^d leaves);
    - ``"random"``: a uniformly random position;
    - a number ``q`` in [0, 1]: first with probability ``q``, else uniformly among the rest.

    ``noise`` gives interior nodes a static evaluation: true value + uniform noise in
    [-noise, noise] (leaves are exact).
    """

    def __init__(self, branching: int, depth: int, ordering: str | float, seed: int,
                 noise: float = 0.0):
        super().__init__(branching, depth, seed)
        self.ordering = _check_ordering(ordering)
        _validate.real("noise", noise, what="a finite number >= 0", show=_show)
        try:
            usable = math.isfinite(float(noise)) and noise >= 0
        except OverflowError:
            usable = False
        if not usable:
            raise ArgumentError(f"noise: expected a finite number >= 0, got {_show(noise)}")
        self.noise: float = float(noise) if not isinstance(noise, int) else noise
        # the probability that the best child comes first (what best_position uses for a number q)
        self._first_best: float = self.ordering if isinstance(self.ordering, float) else \
            {"best": 1.0, "random": 1.0 / self.branching}.get(self.ordering, 0.0)

    def best_position(self, node: GeneratedNode) -> int:
        """Index of the child that has the node's true value."""
        b = self.branching
        if self.ordering == "worst":
            return b - 1
        if self.ordering == "best" or b == 1:
            return 0
        try:
            u = _unit(_mix(node.h ^ _ORDER_SALT))
        except AttributeError:
            raise not_a_node(node) from None
        if self.ordering == "random":
            return min(int(u * b), b - 1)
        if u < self._first_best:
            return 0
        rest = (u - self._first_best) / (1.0 - self._first_best)
        return 1 + min(int(rest * (b - 1)), b - 2)

    def play(self, node: GeneratedNode, move: int) -> GeneratedNode:
        try:
            h = _mix(node.h ^ (((move + 1) * _STEP) & MASK))  # _child_hash, written out (a call per node)
        except AttributeError:
            raise not_a_node(node) from None
        except TypeError:
            raise not_a_move(move, self.moves(node)) from None
        if self.ordering == "worst":
            return self._worst_child(node, move, h)
        maximizing = node.depth % 2 == 0
        v = node.value
        if move == self.best_position(node):
            value = v
        elif maximizing:  # a worse child for MAX is strictly lower, still inside (0, 1)
            value = v * (0.001 + 0.998 * _unit(h))
        else:
            value = v + (1.0 - v) * (0.001 + 0.998 * _unit(h))
        return GeneratedNode(h, node.depth + 1, value)

    def _worst_child(self, node: GeneratedNode, move: int, h: int) -> GeneratedNode:
        # Children's values move strictly towards the parent's value, the last one
        # equal to it; child i lives in the window alpha-beta will hand it.
        maximizing = node.depth % 2 == 0
        step = self._worst_fraction(node, move)
        previous = self._worst_fraction(node, move - 1) if move else None
        if step == 1.0:  # the last child carries the parent's value exactly
            value = node.value
        elif maximizing:
            value = node.lo + (node.value - node.lo) * step
        else:
            value = node.hi - (node.hi - node.value) * step
        if maximizing:
            lo = node.lo if previous is None else node.lo + (node.value - node.lo) * previous
            return NarrowedNode(h, node.depth + 1, value, lo, node.hi)
        hi = node.hi if previous is None else node.hi - (node.hi - node.value) * previous
        return NarrowedNode(h, node.depth + 1, value, node.lo, hi)

    def _worst_fraction(self, node: GeneratedNode, move: int) -> float:
        b = self.branching
        if move == b - 1:
            return 1.0
        return (move + 0.05 + 0.9 * _unit(_child_hash(node.h, move))) / b

    def evaluate(self, node: GeneratedNode) -> float:
        try:
            exact = node.depth >= self.depth or not self.noise
        except AttributeError:
            raise not_a_node(node) from None
        if exact:
            return node.value
        return node.value + self.noise * (2.0 * _unit(_mix(node.h ^ _EVAL_SALT)) - 1.0)

    def __repr__(self) -> str:
        noise = f", noise={self.noise!r}" if self.noise else ""
        return (f"ordered(branching={self.branching}, depth={self.depth}, "
                f"ordering={self.ordering!r}, seed={self.seed}{noise})")


def _check_ordering(ordering: object) -> str | float:
    if isinstance(ordering, str):
        if ordering not in _ORDERINGS:
            raise ArgumentError(
                f"ordering: expected 'best', 'worst', 'random' or a probability q, got {_show(ordering)}"
            )
        return ordering
    _validate.real("ordering", ordering, what="a string or a number", show=_show)
    q = cast(float, ordering)             # a Real (int, float, Fraction) compares as a float does
    if not 0.0 <= q <= 1.0:
        raise ArgumentError(f"ordering: q must lie in [0, 1], got {_show(ordering)}")
    return float(q)


def uniform(branching: int, depth: int, seed: int = 0) -> UniformTree:
    """A uniform tree of the given branching and depth with i.i.d. leaf values in (0, 1)."""
    return UniformTree(branching, depth, seed)


def ordered(branching: int, depth: int, ordering: str | float = "random", seed: int = 0, *,
            noise: float = 0.0) -> OrderedTree:
    """A uniform tree whose best child sits where ``ordering`` says (see :class:`OrderedTree`)."""
    return OrderedTree(branching, depth, ordering, seed, noise)


def explicit(tree: _GeneratedTree, *, max_nodes: int = 2000) -> Tree:
    """Copy a generated tree into an explicit :class:`Tree` (for drawing and editing).

    Interior nodes keep their static evaluation where the tree defines one.

    >>> explicit(uniform(2, 1, seed=3)).leaf_count
    2
    """
    if not isinstance(tree, _GeneratedTree):
        raise ArgumentTypeError(f"tree: expected a generated tree, got {type(tree).__name__}")
    max_nodes = _validate.whole("max_nodes", max_nodes, minimum=1)
    big, size = count_at_least(tree.branching, tree.depth, max_nodes, full=True)
    if big:
        raise ArgumentError(
            f"tree: {size} nodes is more than max_nodes={max_nodes:,} for an explicit copy"
        )
    paths: list[tuple[tuple[int, ...], GeneratedNode]] = [((), tree.initial)]
    for path, node in paths:  # breadth first: the list grows while we walk it
        paths.extend((path + (m,), tree.play(node, m)) for m in tree.moves(node))
    labels = bfs_labels(len(paths))
    label_of = {path: label for (path, _), label in zip(paths, labels, strict=True)}
    children = {label_of[p]: [label_of[p + (m,)] for m in tree.moves(n)] for p, n in paths
                if n.depth < tree.depth}
    values: dict[str, float] = {}
    for path, node in paths:
        try:
            values[label_of[path]] = tree.evaluate(node)
        except SearchError:
            pass
    return build(children, values, labels[0])


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from ..games.base import Game

    _IS_A_GAME: Game[GeneratedNode, int] = UniformTree(2, 2, 0)
