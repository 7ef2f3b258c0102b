"""Where every node of a tree drawing sits, and what is painted on it: computed once, for every painter.

A tree drawing is made in two steps.  :class:`TreeLayout` places the nodes: every leaf
gets its own slot (0, 1, 2, ... from left to right), each parent sits midway between its
first and last child, one level per depth.  :meth:`TreeLayout.scene` then reads the facts
of a search from :mod:`mmlib.trace` (a :class:`~mmlib.trace.Marks`) and turns them into a
:class:`Scene`: for every node its shape, its state (pruned, not yet searched, on the
principal variation, current), the text beside it (``3``, ``≥ 6``, ``≤ 2``), its [α, β]
window and its evaluation number; for every edge its style and, out of a chance node,
its probability; the ✕ on each pruned subtree; the legend; the words of the text
alternative.  The painters (SVG in :mod:`mmlib.draw.svg`, matplotlib in
:mod:`mmlib.draw.tree`, TikZ in :mod:`mmlib.draw.tikz`) only turn slots into their own
units and paint the scene; none of them decides anything about the search.

Meaning is never carried by colour alone (the colours are from the Okabe–Ito palette,
safe for colour-blind readers): MAX nodes are up-triangles, MIN nodes down-triangles,
chance nodes circles, leaves squares; the principal variation has thick solid edges, the
current node a dashed ring, pruned parts dotted grey edges and a ✕.

A tree too big to draw readably is refused, and the message says what to draw instead:
the top levels (``max_depth=``) or one subtree (``root=``).  Both are drawn from the whole
tree's facts, so a value shown is the value of the whole subtree below it; a node whose
children are not drawn has ``⋯`` under it.

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
>>> frame = TreeLayout(tree)
>>> frame.positions[()], frame.positions[(0,)], frame.positions[(0, 0, 0)]
((3.5, 0.0), (1.5, -1.0), (0.0, -3.0))
>>> scene = frame.scene(search.alphabeta(tree, trace=True))
>>> scene.node((0, 1)).value, scene.node((1,)).value, [tree.label_of(c.child) for c in scene.crosses]
('≥ 6', '≤ 2', ['K', 'G'])
>>> top = TreeLayout(trees.uniform(3, 6), max_depth=2)       # 1,093 nodes; the top three levels
>>> len(top.nodes), top.slots, sorted(top.cut)[:2]
(13, 9, [(0, 0), (0, 1)])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, MmlibError, printable
from ..trace import (
    BETWEEN,
    EXACT,
    LOWER,
    SO_FAR,
    UNKNOWN,
    UPPER,
    Marks,
    Reading,
    Trace,
    format_mark,
    format_probability,
    format_value,
    format_window,
    minimax_marks,
    node_role,
    result_marks,
    result_tree,
    trace_of,
    view_tree,
)
from ..trace.algorithms import search_name
from ..trace.narration import describe_marks, evaluated_words
from ..trees import Path
from .legend import (
    CUT_MARK,
    LEGEND_GLYPH,
    LEGEND_WORDS,
    WINS_WORDS,
    LegendEntry,
    bound_words,
    chance_words,
    returned_words,
    static_words,
)

if TYPE_CHECKING:
    from ..search.results import SearchResult
    from ..trees._nodes import LinkedNode
    from ..trees.convert import AnyTree
    from ..trees.explicit import Tree
    from ..trees.layered import LayeredTree

__all__ = ["TreeLayout", "Scene", "NodeMark", "EdgeMark", "LegendEntry", "bound_words", "readable_name",
           "chance_words", "layout", "slot_width", "node_kind", "edge_style", "level_names",
           "probability_edges", "as_tree", "is_result", "drawing_parts", "DEFAULT_MAX_NODES", "COPY_LIMIT",
           "MAX_COLOR", "MIN_COLOR", "LEAF_COLOR", "CHANCE_COLOR", "PV_COLOR", "EDGE_COLOR",
           "PRUNED_COLOR", "CURRENT_COLOR", "FADED_ALPHA", "FADED_TEXT_ALPHA", "PENDING_ALPHA",
           "PROBABILITY_AT", "PROBABILITY_GAP", "PROBABILITY_LOWER", "probability_side", "CUT_MARK",
           "beside_places", "Places"]

# Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour-vision deficiency.
MAX_COLOR = "#56B4E9"       # sky blue, up-triangles
MIN_COLOR = "#E69F00"       # orange, down-triangles
LEAF_COLOR = "#DDDDDD"      # light grey (squares)
CHANCE_COLOR = "#F0E442"    # yellow (circles)
PV_COLOR = "#D55E00"        # vermillion, with thick solid edges
EDGE_COLOR = "#555555"
PRUNED_COLOR = "#999999"    # with dotted edges and a ✕
CURRENT_COLOR = "#000000"   # a dashed ring
FILL = {"max": MAX_COLOR, "min": MIN_COLOR, "leaf": LEAF_COLOR, "chance": CHANCE_COLOR}
FADED_ALPHA = 0.35
"""Opacity of a pruned node."""
PENDING_ALPHA = 0.55
"""Opacity of a node the search has not reached yet."""
FADED_TEXT_ALPHA = 0.62
"""Opacity of the texts of a faded node (pruned or not searched): black at 62% on white, 6.5:1,
and 4.9:1 on the palest faded node."""
PROBABILITY_AT = 0.34
"""A probability is written beside its edge this far from the chance node (a fraction of the edge)."""
PROBABILITY_LOWER = 0.08
"""A painter that places a probability by a point of its edge (its box standing on that point)
takes the point this much (a fraction of the edge) further down than :data:`PROBABILITY_AT`,
so that the middle of the box is about where that fraction puts it."""
PROBABILITY_GAP = 3.0
"""Points (pixels in SVG) between a probability and its edge: it stands beside the edge, on the
side away from the chance node's other edges, never on the line."""


def probability_side(parent_x: float, child_x: float) -> str:
    """The side of its edge a probability is written on: ``"left"`` of an edge going down to the
    left, else ``"right"`` (so a chance node's probabilities stand outside its fan of edges).

    >>> probability_side(2.0, 0.0), probability_side(2.0, 4.0), probability_side(2.0, 2.0)
    ('left', 'right', 'right')
    """
    return "left" if child_x < parent_x else "right"
CROSS_AT = 0.5
"""The ✕ of a pruned subtree sits this far down the edge into it ..."""
CROSS_AT_PROBABILITY = 0.62
"""... or this far, clear of the probability, on an edge out of a chance node."""

DEFAULT_MAX_NODES = 2000
"""The most nodes a tree drawing shows; larger trees are drawn with ``max_depth`` or ``root``."""
COPY_LIMIT = 100_000
"""The most nodes of a generated tree copied to read its facts (for a partial drawing)."""


# -- what each piece is ------------------------------------------------------------------------

def as_tree(tree: AnyTree, *, max_nodes: int = DEFAULT_MAX_NODES) -> Any:
    """The explicit tree to draw: a tree with chance nodes or several agents as it is
    (see :func:`mmlib.trace.view_tree`), anything else through :func:`mmlib.trees.as_tree`."""
    return view_tree(tree, max_nodes=max_nodes)


def is_result(thing: Any) -> bool:
    """True for a search result (something with ``stats``, ``pv`` and ``game``)."""
    return hasattr(thing, "stats") and hasattr(thing, "pv") and hasattr(thing, "game")


def node_kind(node: Any) -> str:
    """``"leaf"``, ``"max"``, ``"min"`` or ``"chance"``: which shape a node is drawn with."""
    if node.is_leaf():
        return "leaf"
    if getattr(node, "is_chance", False):
        return "chance"
    return "max" if node.is_max else "min"


def edge_style(path: Path, marks: Marks, pv: set[Path]) -> str:
    """How the edge into ``path`` is drawn: ``"pv"``, ``"pruned"``, ``"pending"``, ``"searched"``
    or ``"plain"`` (no search shown)."""
    if path in pv:
        return "pv"
    if path in marks.pruned:
        return "pruned"
    if marks.searched and path not in marks.entered:
        return "pending"
    return "searched" if marks.searched else "plain"


def node_state(path: Path, marks: Marks) -> str:
    """``"pruned"``, ``"pending"`` (not reached yet) or ``""``."""
    if path in marks.pruned:
        return "pruned"
    if marks.searched and path not in marks.entered:
        return "pending"
    return ""


def level_names(tree: Tree | LayeredTree) -> dict[int, str]:
    """Who moves at each depth, for trees with chance nodes or several agents per round
    (empty for an ordinary two-player tree, whose triangles say it all).

    >>> from mmlib.trees import layered_tree
    >>> level_names(layered_tree([[[3, 5], [2, 9]], [[1, 4], [6, 7]]], layers="max min min"))
    {0: 'MAX', 1: 'MIN 1', 2: 'MIN 2'}
    >>> level_names([[1, 2], [3, 4]])
    {}
    """
    layers = getattr(tree, "layers", None)
    if not layers or (len(set(layers)) == len(layers) and "chance" not in layers):
        return {}
    names: dict[int, str] = {}
    for node in tree.nodes():
        if not node.is_leaf():
            names.setdefault(len(node.path), node_role(tree, node.path))
    return dict(sorted(names.items()))


def probability_edges(tree: Any) -> dict[Path, str]:
    """The probability written on each edge out of a chance node, by the child's path.

    >>> from mmlib.trees import layered_tree
    >>> probability_edges(layered_tree([[(0.5, 8), (0.25, 24), (0.25, -12)]], layers="max chance"))
    {(0, 0): '1/2', (0, 1): '1/4', (0, 2): '1/4'}
    """
    out: dict[Path, str] = {}
    for node in tree.nodes():
        if getattr(node, "is_chance", False) and not node.is_leaf():
            for child, p in zip(node.children, node.probabilities, strict=True):
                out[child.path] = format_probability(p)
    return out


def layout(tree: Tree | LayeredTree, *, root: Path = (), max_depth: int | None = None) -> dict[Path,
           tuple[float, float]]:
    """Positions ``path -> (x, y)`` of the nodes drawn: leaves (and nodes at ``max_depth``) in
    slots 0, 1, 2..., parents centred over their children (midway between the first and the
    last), ``y = -depth`` counted from ``root``.

    >>> from mmlib.trees import from_nested
    >>> layout(from_nested([[1, 2], 3]))
    {(0, 0): (0.0, -2.0), (0, 1): (1.0, -2.0), (0,): (0.5, -1.0), (1,): (2.0, -1.0), (): (1.25, 0.0)}
    >>> layout(from_nested([[1, 2], 3]), max_depth=1)
    {(0,): (0.0, -1.0), (1,): (1.0, -1.0), (): (0.5, 0.0)}
    """
    if not hasattr(getattr(tree, "root", None), "path"):
        tree = as_tree(tree)                     # a nested list, a text, a generated tree, or an error
    if not isinstance(root, (tuple, list)):
        raise ArgumentTypeError(f"root: expected a path (a tuple of child indices such as (0, 1)), "
                                f"got {printable(root)}")
    start = tree.node(tuple(root))
    positions: dict[Path, tuple[float, float]] = {}
    next_slot = 0.0
    stack: list[tuple[Any, bool]] = [(start, False)]
    while stack:  # iterative post-order, so long chains do not exhaust the call stack
        node, expanded = stack.pop()
        depth = len(node.path) - len(start.path)
        if node.is_leaf() or depth == max_depth:
            positions[node.path] = (next_slot, float(-depth))
            next_slot += 1.0
        elif expanded:
            first = positions[node.children[0].path][0]
            last = positions[node.children[-1].path][0]
            positions[node.path] = ((first + last) / 2, float(-depth))
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
    return positions


Item = TypeVar("Item")


def slot_width(rows: Iterable[Sequence[tuple[float, Item]]], apart: Callable[[Item, Item], float], *,
               least: float = 0.0) -> float:
    """The leaf gap: the distance between two neighbouring slots at which every two neighbours
    of a row (``(x in slots, item)``, left to right) are at least ``apart(left, right)`` apart
    (centre to centre, in a painter's units); never less than ``least``.  The one rule every
    painter spaces its leaves by (:meth:`TreeLayout.leaf_gap`).

    >>> slot_width([[(0.0, "3"), (1.0, "12"), (3.0, "100")]], lambda a, b: 10.0 * (len(a) + len(b)))
    30.0
    """
    width = least
    for row in rows:
        for (x1, left), (x2, right) in zip(row, row[1:], strict=False):
            if x2 - x1 > 1e-9:
                width = max(width, apart(left, right) / (x2 - x1))
    return width


# -- where the texts beside a node go -------------------------------------------------------------

Rect = tuple[float, float, float, float]
"""A box ``(x0, y0, x1, y1)`` (``x0 < x1``, ``y0 < y1``) in a painter's units."""
Segment = tuple[tuple[float, float], tuple[float, float]]
BESIDE = ("right", "left", "right above", "left above", "right below", "left below")
"""Where a painter may write an inner node's value and window, in the order it tries them: right
of the node (the value a little above its middle, the window under it), the same on the left,
both above its middle on either side (the value over the window), or both under it (the value
first).  An edge from a parent far to one side rises through the texts on that side, and edges
to children far apart fall through a window under the middle; the first place that no edge
passes through is taken.  Under the middle is tried last: it is free where the parent's edge and
its siblings' edges cross every place above (the children of a parent with many children far
apart) while the node's own children are close."""


def segment_gap(segment: Segment, box: Rect) -> float:
    """The least distance between a line segment and a box (0 when the segment enters it).

    >>> segment_gap(((0, 0), (10, 10)), (4, 3, 6, 5)), segment_gap(((0, 5), (10, 5)), (2, 0, 4, 3))
    (0.0, 2.0)
    """
    (ax, ay), (bx, by) = segment
    x0, y0, x1, y1 = box
    # clip the segment to the box (Liang-Barsky): any part inside means they meet
    low, high = 0.0, 1.0
    for p, q in ((ax - bx, ax - x0), (bx - ax, x1 - ax), (ay - by, ay - y0), (by - ay, y1 - ay)):
        if p == 0:
            if q < 0:
                break
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    else:
        if low <= high:
            return 0.0

    def to_box(x: float, y: float) -> float:
        return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))

    def to_segment(x: float, y: float) -> float:
        dx, dy = bx - ax, by - ay
        t = min(1.0, max(0.0, ((x - ax) * dx + (y - ay) * dy) / max(dx * dx + dy * dy, 1e-12)))
        return math.hypot(x - ax - t * dx, y - ay - t * dy)

    return min(to_box(ax, ay), to_box(bx, by), *(to_segment(x, y) for x in (x0, x1) for y in (y0, y1)))


def boxes_meet(first: Rect, second: Rect, gap: float = 0.0) -> bool:
    """Whether two boxes overlap or come closer than ``gap``."""
    return (first[0] < second[2] + gap and second[0] < first[2] + gap
            and first[1] < second[3] + gap and second[1] < first[3] + gap)


def clear_place(places: dict[str, list[Rect]], segments: Iterable[Segment], obstacles: Iterable[Rect], *,
                margin: float, x_range: tuple[float, float]) -> tuple[str, bool]:
    """The first of ``places`` (a name and the boxes its texts would cover) whose boxes every
    segment passes at least ``margin`` away from, that meets no obstacle (another node's shape or
    the room its texts may take) and stays between the x range ``x_range``, and True.  When none is
    clear (a node fanning out to many children far apart, whose edges cross the level below it):
    of the places that meet no obstacle and stay in that range (texts never overlap), the one whose
    texts the fewest edges run through, then the fewest come near (the first of those), else the
    first place, and False.

    >>> places = {"right": [(5, 0, 20, 6)], "left": [(-20, 0, -5, 6)]}
    >>> clear_place(places, [((0, 0), (40, 10))], [], margin=1, x_range=(-50, 50))   # an edge up-right
    ('left', True)
    >>> clear_place(places, [((0, 0), (40, 10))], [(-10, 0, -8, 2)], margin=1, x_range=(-50, 50))
    ('right', False)
    >>> clear_place(places, [((0, 0), (40, 10)), ((0, 3), (40, 3)), ((0, 0), (-40, 2))], [],
    ...             margin=1, x_range=(-50, 50))                         # two edges on the right, one left
    ('left', False)
    """
    segments, obstacles = list(segments), list(obstacles)

    def apart(boxes: list[Rect]) -> bool:
        return all(x_range[0] <= box[0] and box[2] <= x_range[1] for box in boxes) and \
            not any(boxes_meet(box, other, margin) for other in obstacles for box in boxes)

    def crossed(boxes: list[Rect]) -> tuple[int, int]:
        """How many times an edge runs through a text, and how many times it comes too near one."""
        gaps = [segment_gap(segment, box) for segment in segments for box in boxes]
        return sum(1 for gap in gaps if gap == 0), sum(1 for gap in gaps if gap < margin)

    for name, boxes in places.items():
        if apart(boxes) and crossed(boxes) == (0, 0):
            return name, True
    fits = [name for name, boxes in places.items() if apart(boxes)]
    return min(fits, key=lambda name: crossed(places[name]), default=next(iter(places))), False


def beside_neighbours(positions: dict[Path, tuple[float, float]], kinds: dict[Path, str]
                      ) -> dict[Path, tuple[list[Path], list[Path]]]:
    """For each inner node: the edges that pass near its texts (its own, its parent's to its
    siblings and those into its neighbours on its level), each named by the path of its child,
    and its neighbours on its level (left, then right).

    >>> beside = beside_neighbours(layout([[1, 2], [3, 4]]), {(): "max", (0,): "min", (1,): "min",
    ...                            (0, 0): "leaf", (0, 1): "leaf", (1, 0): "leaf", (1, 1): "leaf"})
    >>> beside[(0,)]
    ([(0, 0), (0, 1), (0,), (1,)], [(1,)])
    """
    children: dict[Path, list[Path]] = {}
    for path in positions:
        if path and path[:-1] in positions:
            children.setdefault(path[:-1], []).append(path)
    rows: dict[float, list[Path]] = {}
    for path, (_, y) in positions.items():
        rows.setdefault(y, []).append(path)
    beside: dict[Path, tuple[list[Path], list[Path]]] = {}
    for row in rows.values():
        row.sort(key=lambda path: positions[path][0])
        for k, path in enumerate(row):
            if kinds[path] == "leaf":
                continue
            near = row[max(k - 1, 0):k] + row[k + 1:k + 2]
            edges = list(children.get(path, []))
            edges += children.get(path[:-1], []) if path else []
            edges += [p for p in near if p and p[:-1] in positions and p not in edges]
            beside[path] = (edges, near)
    return beside


class Places(dict[Path, str]):
    """Where each inner node's value and window go (:func:`beside_places`), and ``crowded``: the
    nodes for which no place was clear (a painter gives such a drawing more room between its levels)."""

    crowded: frozenset[Path] = frozenset()


def _near(box: Rect, segment: Segment, margin: float) -> bool:
    """Whether a segment's bounding box comes within ``margin`` of ``box`` (a cheap first test)."""
    (ax, ay), (bx, by) = segment
    return (min(ax, bx) < box[2] + margin and box[0] - margin < max(ax, bx)
            and min(ay, by) < box[3] + margin and box[1] - margin < max(ay, by))


def beside_places(positions: dict[Path, tuple[float, float]], kinds: dict[Path, str], *,
                  point: Callable[[Path], tuple[float, float]], boxes: Callable[[Path, str], list[Rect]],
                  reach: Callable[[Path], list[Rect]], margin: float, x_range: tuple[float, float],
                  fixed: Sequence[Rect] = ()) -> Places:
    """Where each inner node's value and window go, by the one rule every painter follows: the
    first of :data:`BESIDE` whose texts no edge of the drawing passes within ``margin`` of, and
    that meets no other node nor the texts placed beside another node already (see
    :func:`clear_place`).  The nodes for which no place is clear are the result's ``crowded``.

    A painter says it in its own units: ``point(path)`` the centre of a node, ``boxes(path,
    place)`` what its value and window cover at ``place``, ``reach(path)`` what another node
    covers (its shape; a leaf's texts under it and its order badge), ``fixed`` what stands in
    every node's way (a title, the probabilities on chance edges), ``x_range`` the x range the
    texts stay in.

    >>> positions = layout([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> kinds = {path: "leaf" if len(path) == 2 else "max" if not path else "min" for path in positions}
    >>> def point(path):
    ...     x, y = positions[path]
    ...     return 40 * x, 60 * y
    >>> def boxes(path, place):                          # one line of text, 20 wide, beside the node
    ...     x, y = point(path)
    ...     left = x - 30 if place.startswith("left") else x + 10
    ...     return [(left, y + (10 if place.endswith("above") else -5), left + 20, y + 5)]
    >>> places = beside_places(positions, kinds, point=point, boxes=boxes, margin=2, x_range=(-100, 500),
    ...                        reach=lambda path: [(point(path)[0] - 8, point(path)[1] - 8,
    ...                                            point(path)[0] + 8, point(path)[1] + 8)])
    >>> places[(0,)], places[(1,)], places[(2,)]        # A's edge to B rises through B's right side
    ('left', 'right', 'right')
    >>> places.crowded
    frozenset()
    """
    places = Places()
    crowded = set()
    edges = [(point(path[:-1]), point(path)) for path in positions if path and path[:-1] in positions]
    shapes = {path: reach(path) for path in positions}
    written: list[Rect] = []               # the texts placed so far
    for path, _ in beside_neighbours(positions, kinds).items():
        candidates = {place: boxes(path, place) for place in BESIDE}
        every = [box for found in candidates.values() for box in found]
        if not every:                      # nothing written beside it
            places[path] = BESIDE[0]
            continue
        room = (min(b[0] for b in every), min(b[1] for b in every), max(b[2] for b in every),
                max(b[3] for b in every))
        segments = [edge for edge in edges if _near(room, edge, margin)]
        obstacles = [rect for other, rects in shapes.items() if other != path for rect in rects
                     if boxes_meet(rect, room, margin)]
        obstacles += [rect for rect in written if boxes_meet(rect, room, margin)]
        places[path], clear = clear_place(candidates, segments, [*obstacles, *fixed], margin=margin,
                                          x_range=x_range)
        written += candidates[places[path]]
        if not clear:
            crowded.add(path)
    places.crowded = frozenset(crowded)
    return places


# -- the marks ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class NodeMark:
    """One node as painted.  ``x`` in slots, ``y = -depth``; ``reading``: what the value beside
    an inner node (or the leaf's value under a leaf) says, its kind and numbers (None: nothing
    written), or ``fixed_text`` written instead (Monte Carlo tree search: wins/visits); a
    painter writes it as :attr:`value`; ``window``: its [α, β]; ``order``: its number in the
    order of static evaluation (a leaf's, or an inner node's at a depth limit: every static
    evaluation is numbered); ``cut``: its children are not drawn."""

    path: Path
    x: float
    y: float
    kind: str
    label: str
    role: str
    state: str = ""
    on_pv: bool = False
    current: bool = False
    reading: Reading | None = None
    fixed_text: str = ""
    window: str = ""
    order: int | None = None
    cut: bool = False
    static: bool = False
    """The value beside this inner node is its own static evaluation (at a depth limit), not
    one backed up from its children: painted in plain type, as a leaf's value, not bold."""

    @property
    def value(self) -> str:
        """The text beside the node, written when it is painted: ``3``, ``≥ 6``, ``(5)``,
        ``2 (ret. 3)`` (see :meth:`mmlib.trace.Reading.text`), wins/visits, or ``""``."""
        if self.fixed_text or self.reading is None:
            return self.fixed_text
        return self.reading.text()

    @property
    def opacity(self) -> float:
        return {"pruned": FADED_ALPHA, "pending": PENDING_ALPHA}.get(self.state, 1.0)

    @property
    def text_opacity(self) -> float:
        """The texts of a faded node (pruned, or not searched) are faded with it."""
        return FADED_TEXT_ALPHA if self.state in ("pruned", "pending") else 1.0

    @property
    def fill(self) -> str:
        return FILL[self.kind]

    @property
    def title(self) -> str:
        """The node in words: ``B (MIN): ≤ 2, pruned``."""
        value = f": {self.value}" if self.value or self.kind == "leaf" else ""
        return f"{self.label} ({self.role}){value}" + (", pruned" if self.state == "pruned" else "")


@dataclass(frozen=True)
class EdgeMark:
    """The edge from ``parent`` to ``child``: its ``style`` (see :func:`edge_style`), the
    probability written on it (``""`` if none) and whether it leads into a pruned subtree."""

    parent: Path
    child: Path
    style: str
    probability: str = ""
    faded: bool = False
    cross: bool = False

    @property
    def cross_at(self) -> float:
        """Where the ✕ of a pruned subtree sits along the edge (0 at the parent, 1 at the child)."""
        return CROSS_AT_PROBABILITY if self.probability else CROSS_AT


@dataclass(frozen=True)
class Scene:
    """Everything a painter paints: nodes and edges in drawing order, the legend, the names of
    the levels (by depth from the top), the title and the text alternative."""

    nodes: tuple[NodeMark, ...]
    edges: tuple[EdgeMark, ...]
    legend: tuple[LegendEntry, ...]
    levels: dict[int, str]
    description: str
    title: str = ""
    searched: bool = False

    def node(self, path: Path) -> NodeMark:
        """The mark of the node at ``path``."""
        for mark in self.nodes:
            if mark.path == tuple(path):
                return mark
        raise ArgumentError(f"path: no node {path!r} in this drawing")

    @property
    def crosses(self) -> list[EdgeMark]:
        """The edges into pruned subtrees, each marked with a ✕."""
        return [edge for edge in self.edges if edge.cross]

    @property
    def current(self) -> NodeMark | None:
        return next((mark for mark in self.nodes if mark.current), None)

    def leaf_gap(self, apart: Callable[[NodeMark, NodeMark], float], *, least: float = 0.0) -> float:
        """The leaf gap of this scene's layout for a painter that measures its marks' texts (see
        :func:`slot_width`): every two neighbouring marks on a level ``apart(left, right)`` apart."""
        rows: dict[float, list[NodeMark]] = {}
        for mark in self.nodes:
            rows.setdefault(mark.y, []).append(mark)
        return slot_width([[(mark.x, mark) for mark in sorted(row, key=lambda mark: mark.x)]
                           for row in rows.values()], apart, least=least)


class TreeLayout:
    """A tree laid out once (see :func:`layout`); :meth:`scene` gives the marks to paint for any
    state of a search.

    ``root``: the path or label of the node drawn at the top (default: the tree's root);
    ``max_depth``: how many levels below it are drawn (default: all); ``max_nodes``: the
    most nodes drawn; a larger drawing is refused with a message saying which ``max_depth``
    or ``root`` fits.

    >>> from mmlib import trees
    >>> try:
    ...     TreeLayout(trees.uniform(4, 6))
    ... except ArgumentError as refusal:
    ...     print(refusal)                                # doctest: +NORMALIZE_WHITESPACE
    tree: a drawing of 5,461 nodes is more than max_nodes=2,000; draw its top levels with
    max_depth=5 (1,365 nodes), or one subtree with root='B' (1,365 nodes)
    >>> TreeLayout(trees.uniform(4, 6), root="B", max_depth=1).slots
    4
    """

    def __init__(self, tree: Any, *, root: Path | str = (), max_depth: int | None = None,
                 max_nodes: int | None = DEFAULT_MAX_NODES):
        self.tree = _explicit(tree)
        max_depth = _validate.whole("max_depth", max_depth, minimum=0, allow_none=True)
        max_nodes = _validate.whole("max_nodes", max_nodes, minimum=1, allow_none=True)
        self.root = _root_path(self.tree, root)
        self.max_depth = max_depth
        counts = _level_counts(self.tree, self.root)
        drawn = sum(counts[: None if max_depth is None else max_depth + 1])
        if max_nodes is not None and drawn > max_nodes:
            raise ArgumentError(_too_big(self.tree, self.root, counts, drawn, max_nodes))
        self.positions = layout(self.tree, root=self.root, max_depth=max_depth)
        self.nodes = list(_preorder(self.tree.node(self.root), max_depth))
        self.kinds = {node.path: node_kind(node) for node in self.nodes}
        self.cut = {node.path for node in self.nodes
                    if not node.is_leaf() and len(node.path) - len(self.root) == max_depth}
        self.slots = max(1, sum(1 for node in self.nodes if node.is_leaf() or node.path in self.cut))
        self.depth = int(max(-y for _, y in self.positions.values()))
        self.levels = {depth - len(self.root): name for depth, name in level_names(self.tree).items()
                       if 0 <= depth - len(self.root) < self.depth}
        self.probabilities = {path: text for path, text in probability_edges(self.tree).items()
                              if path in self.positions and path[:-1] in self.positions}

    @property
    def leaves(self) -> list[Any]:
        """The leaves drawn, left to right."""
        return [node for node in self.nodes if node.is_leaf()]

    @property
    def rows(self) -> list[list[tuple[float, Path]]]:
        """The nodes drawn on each level, from the top, left to right: ``(x in slots, path)``."""
        by_level: dict[float, list[tuple[float, Path]]] = {}
        for path, (x, y) in self.positions.items():
            by_level.setdefault(y, []).append((x, path))
        return [sorted(row) for _, row in sorted(by_level.items(), reverse=True)]

    def leaf_gap(self, apart: Callable[[Path, Path], float], *, least: float = 0.0) -> float:
        """The distance between two leaf slots at which every two neighbours on a level are
        ``apart(left, right)`` apart (see :func:`slot_width`): a painter says how far its shapes
        and texts reach, in its own units, and reads the gap from here."""
        return slot_width(self.rows, apart, least=least)

    def texts_written(self, events: Iterable[Any]) -> list[str]:
        """Every value (as the widest mark it can be: ``≥ v``) and every [α, β] window a step of
        a search with these ``events`` can write: a drawing keeps room for these and no more.

        >>> from mmlib import search
        >>> result = search.alphabeta([[3, 5], [2, 9]], trace=True)
        >>> texts = TreeLayout(result.game).texts_written(result.trace)
        >>> sorted(set(texts))                                  # doctest: +NORMALIZE_WHITESPACE
        ['[3, +∞]', '[3, 2]', '[−∞, +∞]', '[−∞, 3]', '≥ 2', '≥ 3', '≥ 5', '≥ 9',
         '≥ −2', '≥ −3', '≥ −5', '≥ −9']
        """
        events = list(events)
        values = {leaf.value for leaf in self.tree.leaves()}
        values |= {event.value for event in events if getattr(event, "value", None) is not None}
        texts = [format_mark(sign * value, LOWER) for value in values for sign in (1, -1)]
        texts += [format_window((event.alpha, event.beta)) for event in events
                  if getattr(event, "alpha", None) is not None]
        return texts

    def widest_value(self) -> int:
        """The most characters of a value written in this drawing (leaf values; averages of
        chance nodes have decimals)."""
        leaves = self.tree.leaves()
        widest = max([len(format_value(leaf.value)) for leaf in leaves] + [1])
        if self.probabilities:
            widest = max(widest, 9 if any(abs(leaf.value) >= 1000 for leaf in leaves) else 6)
        return widest

    def scene(self, marks: Any = None, *, values: bool = True, windows: bool = False,
              leaf_numbers: bool = True, title: str = "", description: str | None = None) -> Scene:
        """The marks to paint: ``marks`` is a :class:`~mmlib.trace.Marks`, a search result (its
        final marks), or None for the plain tree (with its minimax values unless ``values=False``)."""
        if is_result(marks):
            description = description or _result_words(marks)
            marks = result_marks(marks)
        elif marks is not None and not isinstance(marks, Marks):
            raise ArgumentTypeError(f"marks: expected Marks (draw.marks_from_result(result)), a result "
                                    f"or None, got {type(marks).__name__}")
        if marks is None or (not marks.searched and not marks.values):
            marks = minimax_marks(self.tree) if values else Marks()
        pv = marks.pv_paths()
        nodes = tuple(self._node_mark(node, marks, pv, values, windows, leaf_numbers) for node in self.nodes)
        edges = tuple(EdgeMark(path[:-1], path, edge_style(path, marks, pv), self.probabilities.get(path, ""),
                               faded=path in marks.pruned, cross=path in marks.pruned_roots)
                      for path in (node.path for node in self.nodes) if path != self.root)
        return Scene(nodes=nodes, edges=edges, legend=self._legend(marks, nodes), levels=self.levels,
                     description=(description or self.describe(marks)) + self._partial_words()
                     + (f" Beside each node {WINS_WORDS}." if marks.monte_carlo else ""),
                     title=title or "",
                     searched=marks.searched)

    def _node_mark(self, node: LinkedNode, marks: Marks, pv: set[Path], values: bool, windows: bool,
                   leaf_numbers: bool) -> NodeMark:
        path = node.path
        x, y = self.positions[path]
        reading, fixed_text = None, ""
        if node.is_leaf():
            reading = Reading.exact(node.value)
        elif values and path in marks.texts:
            fixed_text = marks.texts[path]
        elif values:
            reading = marks.reading(path)
        return NodeMark(
            path=path, x=x, y=y, kind=self.kinds[path], label=node.label,
            role="leaf" if node.is_leaf() else node_role(self.tree, path) if self.levels
            else self.kinds[path].upper(),
            state=node_state(path, marks), on_pv=path in pv, current=path == marks.current,
            reading=reading, fixed_text=fixed_text,
            window=format_window(marks.windows.get(path)) if windows else "",
            order=marks.leaf_numbers.get(path) if leaf_numbers else None,
            cut=path in self.cut,
            static=reading is not None and not node.is_leaf() and path in marks.leaf_numbers
            and bool(reading.text()))

    def _legend(self, marks: Marks, nodes: tuple[NodeMark, ...] = ()) -> tuple[LegendEntry, ...]:
        """The legend: the marks this drawing uses, and only those (minimax prunes nothing and
        bounds nothing; Monte Carlo tree search writes wins/visits); its examples (a bound, a
        probability) are marks of this drawing."""
        drawn = [node.path for node in self.nodes]
        words = {"chance": chance_words(next((self.probabilities[path] for path in drawn
                                              if path in self.probabilities), ""))}
        kinds = {self.kinds[path] for path in drawn}
        glyphs: list[str] = [kind for kind in ("max", "min", "leaf", "chance") if kind in kinds]
        ring = ["ring"] if marks.current is not None else []
        if marks.monte_carlo:          # faded: a node its tree has not grown to (nor the playout)
            glyphs += (["most visited"] if marks.pv else []) + ring
            if any(path not in marks.entered for path in drawn):
                glyphs.append("not grown" if marks.current is None else "not grown yet")
            glyphs += ["wins"]
        elif marks.searched:
            shown = {marks.bound_kinds.get(path, EXACT) for path in drawn
                     if self.kinds[path] != "leaf" and path in marks.values}
            glyphs += (["pv"] if marks.pv else []) + ring
            glyphs += ["pruned"] if any(path in marks.pruned for path in drawn) else []
            if any(path not in marks.entered and path not in marks.pruned for path in drawn):
                finished = marks.current is None and bool(marks.entered)      # not step 0 of a search
                glyphs.append("pending" if finished else "pending yet")
            if shown & {LOWER, UPPER, BETWEEN}:
                glyphs.append("bound")
                words["bound"] = bound_words(*(next((marks.reading(path).text(returned=False)
                                                      for path in drawn
                                                      if self.kinds[path] != "leaf" and path in marks.values
                                                      and marks.bound_kinds.get(path, EXACT) == side), "")
                                                for side in (LOWER, UPPER, BETWEEN)))
            glyphs += ["so far"] if shown & {SO_FAR, UNKNOWN} else []
            returned = next((mark.value for mark in nodes
                             if mark.reading is not None and mark.reading.returned_shown), "")
            if returned:
                glyphs.append("returned")
                words["returned"] = returned_words(returned)
        static = next((mark.value for mark in nodes if mark.static), "")
        if static:
            glyphs.append("static")
            words["static"] = static_words(static)
        glyphs += ["order"] if any(mark.order is not None for mark in nodes) else []
        if marks.numbered:          # a search of several passes: the evaluations of one pass, or of all
            words["order"] = f"{LEGEND_WORDS['order']}, {marks.numbered}"
        glyphs += ["window"] if any(mark.window for mark in nodes) else []
        if self.cut:
            glyphs.append("cut")
        return tuple(LegendEntry(LEGEND_GLYPH.get(g, g), words.get(g, LEGEND_WORDS[g])) for g in glyphs)

    def every_legend_entry(self, *, monte_carlo: bool = False) -> tuple[LegendEntry, ...]:
        """Every entry a legend of this drawing can have at some step of a search (a painter
        reserves room for the longest legend, so the drawing does not jump from step to step)."""
        kinds = set(self.kinds.values())
        glyphs: list[str] = [kind for kind in ("max", "min", "leaf", "chance") if kind in kinds]
        if monte_carlo:
            glyphs += ["most visited", "ring", "not grown yet", "wins"]
        else:
            glyphs += ["pv", "ring", "pruned", "pending yet", "bound", "so far", "returned"]
            # a depth-limited search may evaluate an inner node that has a static value of its own
            if any(node.value is not None and not node.is_leaf() for node in self.nodes):
                glyphs.append("static")
            glyphs += ["order", "window"]
        glyphs += ["cut"] if self.cut else []
        return tuple(LegendEntry(LEGEND_GLYPH.get(g, g), LEGEND_WORDS[g]) for g in glyphs)

    def describe(self, marks: Marks) -> str:
        """What the drawing shows, in words (its text alternative): see
        :func:`mmlib.trace.narration.describe_marks`."""
        root = marks.start if marks.searched else self.root
        return describe_marks(self.tree, marks, root=root, levels=tuple(self.levels.values()),
                              chance=bool(self.probabilities))

    def _partial_words(self) -> str:
        words = []
        if self.root:
            words.append(f"the subtree of {self.tree.label_of(self.root)}")
        if self.cut:
            words.append(f"{self.depth} levels below it" if self.root else f"its top {self.depth + 1} levels")
        return f" Drawn: {' with '.join(words)}." if words else ""


def _explicit(tree: AnyTree) -> Any:
    """The explicit tree behind ``tree`` (a generated tree is copied, up to :data:`COPY_LIMIT` nodes)."""
    try:
        return view_tree(tree, max_nodes=COPY_LIMIT)
    except ArgumentError as error:
        if "max_nodes" not in str(error):
            raise
        raise ArgumentError(f"tree: more than {COPY_LIMIT:,} nodes, too many to draw even in part; "
                            "draw a generated tree with fewer plies") from error


def _root_path(tree: Tree | LayeredTree, root: Path | str) -> Path:
    if not isinstance(root, (str, tuple, list)):
        raise ArgumentTypeError(f"root: expected a node's label or path, got {type(root).__name__}")
    try:
        return tuple(tree.node(root if isinstance(root, str) else tuple(root)).path)
    except MmlibError:
        raise ArgumentError(f"root: no node {root!r} in this tree") from None


def _preorder(start: LinkedNode, max_depth: int | None) -> Iterable[Any]:
    top = len(start.path)
    stack = [start]
    while stack:
        node = stack.pop()
        yield node
        if max_depth is None or len(node.path) - top < max_depth:
            stack.extend(reversed(node.children))


def _level_counts(tree: Tree | LayeredTree, root: Path) -> list[int]:
    """How many nodes lie at each depth below ``root`` (its own depth first)."""
    counts: list[int] = []
    for node in _preorder(tree.node(root), None):
        depth = len(node.path) - len(root)
        counts.extend([0] * (depth + 1 - len(counts)))
        counts[depth] += 1
    return counts


def _too_big(tree: Tree | LayeredTree, root: Path, counts: list[int], drawn: int, max_nodes: int) -> str:
    """The refusal, with what to draw instead: the deepest ``max_depth`` that fits, and the
    first subtree that fits."""
    advice = []
    fits = [d for d in range(len(counts)) if sum(counts[: d + 1]) <= max_nodes]
    if fits and fits[-1] >= 1:
        depth = fits[-1]
        advice.append(f"its top levels with max_depth={depth} ({sum(counts[: depth + 1]):,} nodes)")
    subtree = _first_fitting_subtree(tree.node(root), max_nodes)
    if subtree is not None:
        label, size = subtree
        advice.append(f"one subtree with root={label!r} ({size:,} nodes)")
    instead = "draw " + ", or ".join(advice) if advice else "pass a larger max_nodes"
    return f"tree: a drawing of {drawn:,} nodes is more than max_nodes={max_nodes:,}; {instead}"


def _first_fitting_subtree(start: LinkedNode, max_nodes: int) -> tuple[str, int] | None:
    """The label and size of the first inner node below ``start``, level by level, whose
    subtree has at most ``max_nodes`` nodes (None if there is none)."""
    sizes: dict[Path, int] = {}
    for node in reversed(list(_preorder(start, None))):      # children before their parent
        sizes[node.path] = 1 + sum(sizes[child.path] for child in node.children)
    level = list(start.children)
    while level:
        for node in level:
            if not node.is_leaf() and sizes[node.path] <= max_nodes:
                return node.label, sizes[node.path]
        level = [child for node in level for child in node.children]
    return None


def _result_words(result: SearchResult) -> str | None:
    if getattr(result, "trace", None) is not None:
        return trace_of(result).describe()
    return None


def readable_name(search: Trace | str) -> str:
    """A search's name as a drawing's title writes it.  From its model (a
    :class:`~mmlib.trace.Trace`), alpha-beta is named with the variant and the cutoff test the
    model replays (read from the result's conventions); a result without a transcript gives
    only its name, ``alphabeta (fail-soft, >=)``, read the same way.  Other searches are named
    as the list of searches displays them (``MTD(f)``, ``SSS*``).

    >>> from mmlib import search
    >>> model = trace_of(search.alphabeta([[1, 2], [3]], variant="fail-hard", cutoff=">", trace=True))
    >>> readable_name(model), readable_name("alphabeta (fail-hard, >)"), readable_name("minimax")
    ('alpha-beta (fail-hard, cut when α > β)', 'alpha-beta (fail-hard, cut when α > β)', 'minimax')
    >>> readable_name("mtdf"), readable_name(trace_of(search.sss_star([[1, 2], [3]], trace=True)))
    ('MTD(f)', 'SSS*')
    """
    return search.name if isinstance(search, Trace) else search_name(search)


def drawing_parts(tree_or_result: Any, *, step: int | None = None, windows: bool = False
                  ) -> tuple[Any, Marks | None, str | None, str]:
    """``(tree, marks, description, default title)`` of what is drawn: a plain tree (marks None),
    a search result (its final marks or, with ``step``, the marks after that many events of its
    transcript).  Raises mmlib errors naming the argument for what cannot be drawn.

    >>> from mmlib import search
    >>> result = search.alphabeta([[3, 12, 8], [2, 4, 6]], trace=True)
    >>> tree, marks, words, title = drawing_parts(result, step=4)    # A, B and D entered, D evaluated
    >>> dict(marks.leaf_numbers), tree.label_of(marks.current)
    ({(0, 0): 1}, 'D')
    """
    if not is_result(tree_or_result):
        if windows:
            raise ArgumentError("windows: a plain tree has no windows; draw a search result")
        if step is not None:
            raise ArgumentError("step: a plain tree has no steps; draw a result searched with trace=True")
        if hasattr(tree_or_result, "moves") and not hasattr(tree_or_result, "node_count") \
                and not hasattr(tree_or_result, "layers"):
            raise ArgumentTypeError(f"tree_or_result: {type(tree_or_result).__name__} is a game, not a "
                                    "tree; draw game positions with draw.draw_game_tree")
        return tree_or_result, None, None, ""
    result = tree_or_result
    if (windows or step is not None) and result.trace is None:
        what = "windows: the [α, β] windows" if windows else "step: the steps of a search"
        raise ArgumentError(f"{what} need a trace; search with trace=True")
    if windows and result.trace and result.trace[0].alpha is None:
        raise ArgumentError("windows: minimax has no [α, β] window; draw an alpha-beta result")
    tree, _ = result_tree(result)
    model = trace_of(result) if result.trace is not None else None
    if step is None:
        marks = result_marks(result)
        value = marks.value_text(marks.start)
        evaluated = evaluated_words(tree, marks.leaf_numbers, tree.leaf_count, result.stats.leaves,
                                    brief=True)
        title = f"{readable_name(model or result.algorithm)}: value {value}, {evaluated}"
        return tree, marks, None if model is None else model.describe(), title
    assert model is not None                                    # a step needs a trace (checked above)
    step = _validate.whole("step", step)
    if not 0 <= step <= len(model.events):
        raise ArgumentError(f"step: expected 0 to {len(model.events)} (the events of the search), got {step}")
    marks = model.marks(step)
    return tree, marks, None, f"{readable_name(model)}: step {step} of {len(model.events)}"
