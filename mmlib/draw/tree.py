"""Drawing game trees with matplotlib: the painter for a :class:`~matplotlib.figure.Figure` or an Axes.

Where the nodes sit and what is painted on them (values and bounds, windows, pruned
subtrees, leaf order, principal variation, current node, probabilities, the legend and
the text alternative) come from :mod:`mmlib.draw.tree_layout`, which reads the facts of a
search from :mod:`mmlib.trace`; this module turns the layout's slots into points and
paints the scene.  The SVG painter (:mod:`mmlib.draw.svg`) and the TikZ painter
(:mod:`mmlib.draw.tikz`) paint the very same scene.  :class:`TreeView` draws a tree
once and then shows any :class:`Marks` by updating its artists, which is what a
step-through does at every step.

Meaning is never carried by colour alone (the colours are from the Okabe–Ito palette,
safe for colour-blind readers): MAX nodes are up-triangles, MIN nodes down-triangles,
leaves squares; the principal variation has thick solid edges, the current node a
dashed ring, pruned parts dotted grey edges and a ✕; a value that is only a bound is
written ``≥ 6`` or ``≤ 2``.

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
>>> layout(tree)[()], layout(tree)[(0,)], layout(tree)[(0, 0, 0)]
((3.5, 0.0), (1.5, -1.0), (0.0, -3.0))
>>> marks = marks_from_result(search.alphabeta(tree, trace=True))
>>> sorted(tree.node(p).value for p in marks.pruned if tree.node(p).is_leaf())
[-1, 0, 9]
>>> marks.value_text(tree.node("E").path)
'≥ 6'
>>> type(draw_tree(tree)).__name__
'Figure'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, ArgumentTypeError, printable
from ..trace import (
    LOWER,
    Marks,
    Trace,
    bound_text,
    counted,
    format_mark,
    format_value,
    format_window,
    minimax_marks,
    result_marks,
    result_pruned_leaves,
    result_tree,
    static_marks,
    trace_of,
)
from ..trees import Path
from . import style
from .display import check_axes, set_alt
from .legend import legend_rows
from .svg_text import fit_title
from .tree_layout import (
    CHANCE_COLOR,
    CURRENT_COLOR,
    CUT_MARK,
    EDGE_COLOR,
    FADED_ALPHA,
    FADED_TEXT_ALPHA,
    LEAF_COLOR,
    MAX_COLOR,
    MIN_COLOR,
    PENDING_ALPHA,
    PROBABILITY_AT,
    PROBABILITY_GAP,
    PROBABILITY_LOWER,
    PRUNED_COLOR,
    PV_COLOR,
    Rect,
    Scene,
    TreeLayout,
    as_tree,
    beside_places,
    drawing_parts,
    edge_style,
    is_result,
    layout,
    level_names,
    node_kind,
    probability_edges,
    probability_side,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..search.results import SearchResult
    from ..trees.convert import AnyTree

__all__ = [
    "Marks",
    "TreeView",
    "draw_tree",
    "draw_trees",
    "format_value",
    "format_mark",
    "format_window",
    "layout",
    "marks_from_events",
    "marks_from_result",
    "pruned_leaves",
    "describe_drawing",
    "as_tree",
    "level_names",
    "probability_edges",
    "node_kind",
    "edge_style",
    "PROBABILITY_AT",
    "MAX_COLOR",
    "MIN_COLOR",
    "LEAF_COLOR",
    "CHANCE_COLOR",
    "PV_COLOR",
    "EDGE_COLOR",
    "PRUNED_COLOR",
    "CURRENT_COLOR",
    "FADED_ALPHA",
    "PENDING_ALPHA",
]

LEVEL_ROOM = 2.1
"""Slots left of the leftmost node where the level names (MAX, MIN 1, chance) are written, on
axes of the caller's (a figure of its own makes room for the names' measured width)."""
LEVEL_POINTS = 80.0
"""The distance between two levels of a tree (points), less for a deep tree (a figure is at most
10 inches high)."""
GAP = 0.5 * style.TEXT_PT
"""The least space between two texts side by side (points)."""
LEAF_GAP = 1.0 * style.TEXT_PT
"""The least space between the texts of two leaves side by side (points): a wide space, so two
windows never read as one."""
BESIDE_MARGIN = 2.0
"""The least distance (points) between an edge and a value or window beside a node."""
ABOVE_CLEAR = BESIDE_MARGIN + 2.5
"""How far over a node's centre (points) a value and window written above it begin: an edge
leaving the node level passes under them clear of the margin."""
TEXT_SPACE = 4.0
"""The least space (points, besides the margin) between a value or window and a probability."""
RING_AREA = 1.9
"""The dashed ring around the current node has this many times the area of the node's marker."""
MIN_FONT_PT = style.TEXT_PT
"""No text of a matplotlib tree is smaller: 11 pt, 14.7 px at 96 dpi.  A tree figure is at most
:data:`mmlib.draw.style.MAX_FIGURE_INCHES` wide, so a notebook column never shrinks it."""
VALUE_FONT_PT = style.VALUE_PT
"""The values beside the nodes."""

# -- what a search did (read from the trace model) -------------------------------------------------

def marks_from_events(tree: AnyTree, events: Iterable[Any], offset: Path = (), *,
                      variant: str = "fail-soft", negamax: bool = False) -> Marks:
    """Marks after the given trace events (a prefix of a trace gives a step of the search);
    ``offset`` is the path of the node the search started from.  The facts come from
    :class:`mmlib.trace.Trace`; this is a shortcut for ``Trace(...).marks(len(events))``.
    """
    events = tuple(events)
    return Trace(tree, events, start=offset, variant=variant, negamax=negamax).marks(len(events))


def marks_from_result(result: SearchResult) -> Marks:
    """Marks for a finished search (see :func:`mmlib.trace.result_marks`): values with their
    bounds, the windows each node was *called* with, pruned subtrees, leaf order and PV."""
    _check_result(result)
    return result_marks(result)


def pruned_leaves(result: SearchResult) -> list[Path]:
    """The leaves (paths, left to right) that the search pruned away.

    >>> from mmlib import search
    >>> pruned_leaves(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    [(1, 1), (1, 2)]
    """
    _check_result(result)
    return result_pruned_leaves(result)


_is_result = is_result


def _check_result(result: SearchResult) -> None:
    if not _is_result(result):
        raise ArgumentTypeError(f"result: expected the result of a search (search.alphabeta(...)), "
                                f"got {type(result).__name__}")


# -- the painter ------------------------------------------------------------------------------------

MARKERS = {"max": "^", "min": "v", "leaf": "s", "chance": "o"}
LETTER_MARGIN = 2.2
"""Points between a node's letter and its shape's outline (a thick outline marks the principal
variation)."""
MAX_NODE_SIZE = 600.0
"""The largest marker area (points²): a triangle 24.5 points wide, with room for its letter."""
MARKER_AREA = {"leaf": 0.55, "chance": 0.75}
"""A leaf's square and a chance node's circle have this fraction of a triangle's marker area."""
EDGE_LOOK: dict[str, tuple[str, float, float, Any]] = {
    "pv": (PV_COLOR, 1.0, 3.5, "-"), "pruned": (PRUNED_COLOR, 1.0, 1.5, ":"),
    "pending": (EDGE_COLOR, PENDING_ALPHA, 1.0, "-"), "searched": (EDGE_COLOR, 1.0, 1.4, "-"),
    "plain": (EDGE_COLOR, 1.0, 1.0, "-")}
"""Edge style -> (colour, opacity, width in points, line style)."""


FIGURE_MAX_NODES = 400
"""The most nodes a matplotlib drawing shows unless told (``max_nodes=``): as many as the
step-through's, which a figure draws and renders within a few seconds.  (The SVG drawings,
much faster, take :data:`~mmlib.draw.tree_layout.DEFAULT_MAX_NODES`.)"""


class TreeView:
    """A tree drawn once on a matplotlib Axes; :meth:`show` updates it for any :class:`Marks`.

    ``root``, ``max_depth`` and ``max_nodes`` choose what is drawn (see
    :class:`mmlib.draw.tree_layout.TreeLayout`).

    >>> from mmlib import trees
    >>> view = TreeView(trees.from_nested([[3, 5], [2, 9]]))
    >>> view.show(Marks()) is view.figure
    True
    """

    def __init__(self, tree: AnyTree, *, ax: Any = None, edge_labels: bool = False,
                 node_size: float | None = None, title: str | None = None, windows: bool = False,
                 root: Path | str = (), max_depth: int | None = None,
                 max_nodes: int | None = FIGURE_MAX_NODES, shown: Scene | None = None, legend: bool = True):
        check_axes(ax)
        self.with_legend = legend          # False: the figure's one legend is written by its maker
        if node_size is not None and (isinstance(node_size, bool) or not isinstance(node_size, (int, float))
                                      or not 1 <= node_size <= 10_000):
            raise ArgumentError(f"node_size: expected a marker area from 1 to 10,000 (points²), "
                                f"got {printable(node_size)}")
        self.frame = TreeLayout(tree, root=root, max_depth=max_depth, max_nodes=max_nodes)
        # the texts to make room for: those of ``shown`` (a drawing of one state), else the widest possible
        self.shown_texts = {mark.path: (mark.value, mark.window) for mark in shown.nodes} if shown else {}
        # the inner nodes evaluated statically (at a depth limit): their order badge stands left of them
        self.badged = {mark.path for mark in shown.nodes
                       if mark.order is not None and mark.kind != "leaf"} if shown else set()
        self.tree = self.frame.tree
        self.positions = self.frame.positions
        self.nodes = self.frame.nodes
        slots = self.frame.slots
        self.widest = max((len(format_value(leaf.value)) for leaf in self.frame.leaves), default=1)
        self.stagger = False
        self.windows = windows
        self.xlim: tuple[float, float] | None = None
        self.ylim = (0.0, 0.0)
        if ax is None:
            self.figure, ax = self._own_figure(windows, node_size, title)
        else:
            self.figure = ax.figure
        self.ax = ax
        if self.xlim is None:        # axes of the caller's: the slots share its width
            margins = (LEVEL_ROOM + 0.1 if self.frame.levels else 0.7) + 1.1
            self.slot_points = max(_axes_points(ax) / (slots + margins), 1.0)
        self.font = VALUE_FONT_PT
        self.node_size = node_size if node_size is not None else _node_size(self.slot_points)
        self.radius_points = self.node_size ** 0.5 / 2
        # crowded leaves: no room beside a leaf for its evaluation number, which goes under its value
        self.crowded = self._crowded(self.slot_points)
        self.value_depth = self.font * 1.3
        self.leaf_values_shown = self.slot_points >= 0.62 * self.font * self.widest + 2   # else too many
        self.levels = self.frame.levels
        self.probabilities = self.frame.probabilities
        self.windows = windows
        if self.xlim is None:
            self.level_points = self._caller_level()
        self.letters_inside = None not in {_letter_baseline(node.label, self.frame.kinds[node.path],
                                                            self.radius_points) for node in self.nodes}
        self.places = self._places(self.radius_points)
        self._draw_edges(edge_labels)
        self._draw_nodes()
        self._draw_texts()
        self._draw_chance_and_levels()
        self._draw_frame(title)

    def _own_figure(self, windows: bool, node_size: float | None, title: str | None) -> tuple[Any, Any]:
        """A figure as wide as the drawing's texts need and no wider, the axes filling it: the
        slot width (points) that keeps every label clear of its neighbour's, and x limits that
        end where the outermost texts end.  When a notebook column would shrink the figure and
        leaves carry windows, every other leaf's window is written one line lower (``stagger``),
        which halves the room a leaf needs."""
        from matplotlib.figure import Figure

        def plan(stagger: bool) -> tuple[float, float, float]:
            self.stagger = stagger
            slot = self._needed_slot_points(windows, node_size)
            for _ in range(3):              # a marker grows with its slot, and with it its texts' reach
                left, right = self._x_limits(windows, slot, node_size)
                comfortable = max(min(1.2 + 0.62 * self.frame.slots, style.MAX_FIGURE_INCHES), 4.0) * 72
                if slot * (right - left) >= comfortable - 0.5:
                    break
                slot = comfortable / (right - left)
            return slot, left, right

        slot, left, right = plan(False)
        if windows and slot * (right - left) > style.MAX_FIGURE_INCHES * 72:
            staggered = plan(True)
            if staggered[0] * (staggered[2] - staggered[1]) < slot * (right - left):
                slot, left, right = staggered
            else:
                self.stagger = False
        width = min(slot * (right - left) / 72, 18.0)
        self.slot_points = width * 72 / (right - left)
        self.xlim = (left, right)
        size = node_size if node_size is not None else _node_size(self.slot_points)
        r = size ** 0.5 / 2
        ring = r * RING_AREA ** 0.5
        bottom = self._room_below(windows, r)
        depth = self.frame.depth
        level = min(LEVEL_POINTS, max((720 - 120 - bottom) / max(depth, 1), 40.0))
        if any(len(leaf.path) - len(self.frame.root) < depth for leaf in self.frame.leaves):
            level = max(level, bottom + r + 4)        # a shallow leaf's texts clear the next level's nodes
        self.level_points = level
        top = max(ring + 2 + MIN_FONT_PT * 1.4, self._over_root(r) + 4)
        self.axes_height = depth * level + top + bottom
        self.ylim = (-depth - bottom / level, top / level)
        self.room = (0.0, 0.0)                 # above and below the axes: see _fit_figure
        wider = self._wide_enough_for_legend(width)
        if wider > width:                      # the tree keeps its scale, centred in the wider figure
            pad = (wider - width) * 72 / self.slot_points / 2
            self.xlim, width = (left - pad, right + pad), wider
        figure = Figure(figsize=(width, self.axes_height / 72))
        ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
        return figure, ax

    def _wide_enough_for_legend(self, width: float) -> float:
        """``width``, or the column's (:data:`mmlib.draw.style.MAX_FIGURE_INCHES`) when the
        figure with its longest legend, in rows of that width, would be taller than a slide
        (:data:`mmlib.draw.style.MAX_HEIGHT_PX`): a wider figure holds the legend in fewer rows."""
        words = [entry.words for entry in self.frame.every_legend_entry()]
        rows = len(legend_rows(_entry_points(words), width * 72 - LEGEND_MARGIN))
        points = self.axes_height + _legend_room(rows) + _title_room(1)
        if points / 72 * style.PX_PER_INCH <= style.MAX_HEIGHT_PX or rows < 2:
            return width
        return max(width, style.MAX_FIGURE_INCHES)

    def _fit_figure(self) -> None:
        """Make the figure of its own tall enough for the title's lines above the axes and the
        legend's rows under them (it only grows: a step-through keeps one size)."""
        text = self.title.get_text()
        lines = text.count("\n") + 1 if text.strip() else 0
        above = _title_room(lines) if lines else 4.0
        below = _legend_room(self.legend_rows) if self.legend_rows else 4.0
        above, below = max(above, self.room[0]), max(below, self.room[1])
        if (above, below) == self.room:
            return
        self.room = (above, below)
        height = self.axes_height + above + below
        self.figure.set_figheight(height / 72)
        self.ax.set_position((0.0, below / height, 1.0, self.axes_height / height))

    def _room_below(self, windows: bool, radius: float) -> float:
        """Points from the centre of a node on the lowest level to the end of its lowest text."""
        leaf_ring = radius * (0.55 * RING_AREA) ** 0.5
        crowded = self._crowded(self.slot_points)
        leaf = leaf_ring + 3 + VALUE_FONT_PT * 1.3 + (1 + self.stagger) * MIN_FONT_PT * 1.4 * windows \
            + (MIN_FONT_PT * 1.6 + 3) * crowded + 2
        cut = radius + 2 + VALUE_FONT_PT * 1.5
        lowest = [path for path, (_, y) in self.positions.items() if y == -self.frame.depth]
        needs = [leaf if self.frame.kinds[path] == "leaf" else cut if path in self.frame.cut else radius + 4
                 for path in lowest]
        return max(needs, default=radius + 4)

    def _crowded(self, slot: float) -> bool:
        """No room beside a leaf for its evaluation number, which goes under its value."""
        return slot < 0.62 * VALUE_FONT_PT * self.widest + 2.2 * MIN_FONT_PT + 8

    def _x_limits(self, windows: bool, slot: float, node_size: float | None) -> tuple[float, float]:
        """Where the x axis starts and ends (slots) for a slot ``slot`` points wide: at the
        outermost texts of the nodes and the names of the levels, with 4 points to spare."""
        radius = (node_size if node_size is not None else _node_size(slot)) ** 0.5 / 2
        extent = self._extents(windows, radius, outer=True)
        badge = self._badge_points()
        lefts, rights = [], []
        for path, (x, _) in self.positions.items():
            reach_left, reach_right = extent(path)
            if self.frame.kinds[path] == "leaf" and not self._crowded(slot):
                reach_right = max(reach_right, radius * (0.55 * RING_AREA) ** 0.5 + 3 + badge)
            lefts.append(x - (reach_left + 4) / slot)
            rights.append(x + (reach_right + 4) / slot)
        left = min(lefts)
        if self.frame.levels:
            names = max(_text_points(name, MIN_FONT_PT) for name in self.frame.levels.values())
            left = min(left, min(x for x, _ in self.positions.values()) - (radius * RING_AREA ** 0.5 + 8
                                                                           + names + 6) / slot)
        return left, max(rights)

    def _needed_slot_points(self, windows: bool, node_size: float | None = None) -> float:
        """The slot width (points) at which no label of a node reaches its neighbour's on the
        same level (labels to the right of inner nodes, under leaves) with :data:`GAP` points
        between them.  A marker grows with the slot (see ``node_size``), so the width is found
        by a few rounds of fixed-point iteration."""
        slot = 60.0
        for _ in range(6):
            size = node_size if node_size is not None else _node_size(slot)
            extent = self._extents(windows, size ** 0.5 / 2)
            least = 24.0 if self.frame.slots == 1 else 1.0     # (one leaf has no neighbour to keep apart)
            if self.stagger and windows:       # every other leaf's window is one line lower
                least = max(least, (self._window_points() + LEAF_GAP) / 2)
            least = max(least, self._probability_room())
            slot = self.frame.leaf_gap(partial(self._apart, extent, windows), least=least)
        return slot

    def _probability_room(self) -> float:
        """The least slot (points) at which the probabilities written on the edges out of a chance
        node stay :data:`GAP` apart (they sit :data:`PROBABILITY_AT` of the way down each edge)."""
        least = 0.0
        for node in self.nodes:
            kids = [node.path + (k,) for k in range(len(node.children))
                    if node.path + (k,) in self.frame.probabilities and node.path + (k,) in self.positions]
            x = self.positions[node.path][0]
            for left, right in zip(kids, kids[1:], strict=False):
                (x1, _), (x2, _) = self.positions[left], self.positions[right]
                sides = (probability_side(x, x1), probability_side(x, x2))
                if sides == ("left", "right"):        # written outward, away from each other
                    continue
                apart = (PROBABILITY_AT + PROBABILITY_LOWER) * (x2 - x1)
                if apart > 1e-9:             # the one written towards the other lies between them
                    between = left if sides[0] == "right" else right
                    words = _text_points(self.frame.probabilities[between], MIN_FONT_PT) + PROBABILITY_GAP
                    least = max(least, (words + GAP + 2) / apart)
        return least

    def _apart(self, extent: Any, windows: bool, left: Path, right: Path) -> float:
        """How far apart the centres of two neighbours must be (points): their reach, and a gap."""
        leaves = self.frame.kinds[left] == "leaf" and self.frame.kinds[right] == "leaf"
        return float(extent(left)[1] + extent(right)[0] + (LEAF_GAP if leaves and windows else GAP))

    def _window_points(self) -> float:
        """The widest window a leaf may carry (points)."""
        shown = [frame for path, (_, frame) in self.shown_texts.items()
                 if frame and self.frame.kinds[path] == "leaf"]
        if shown:
            return max(_text_points(frame, MIN_FONT_PT) for frame in shown)
        lowest, highest = self._extreme_values()
        return max(_text_points(f"[{low}, {high}]", MIN_FONT_PT)
                   for low in (lowest, "−∞") for high in (highest, "+∞"))

    def _extreme_values(self) -> tuple[str, str]:
        if not self.frame.leaves:
            return "0", "0"
        return (format_value(min(leaf.value for leaf in self.frame.leaves)),
                format_value(max(leaf.value for leaf in self.frame.leaves)))

    def _extents(self, windows: bool, radius: float, *, outer: bool = False) -> Any:
        """A function giving how far a node's marks reach left and right of its centre (points);
        ``outer``: every text (a staggered window too), for where the axes end."""
        font = VALUE_FONT_PT
        leaf_texts = [format_value(leaf.value) for leaf in self.frame.leaves] or ["0"]
        widest = max(leaf_texts, key=lambda text: _text_points(text, font))
        value = _text_points(bound_text(LOWER, widest), font, bold=True) + 2
        window = max(_text_points(f"[{low}, {high}]", MIN_FONT_PT) + 2
                     for low in (self._extreme_values()[0], "−∞")
                     for high in (self._extreme_values()[1], "+∞")) if windows else 0.0
        ring = radius * RING_AREA ** 0.5
        leaf_ring = radius * (0.55 * RING_AREA) ** 0.5
        badge = ring + 3 + self._badge_points()

        def widths(path: Path) -> tuple[float, float]:
            """How wide the value and the window beside ``path`` are (or may be)."""
            if path not in self.shown_texts:
                return value, window
            text, frame = self.shown_texts[path]
            return (_text_points(text, font, bold=self.frame.kinds[path] != "leaf") + 2,
                    _text_points(frame, MIN_FONT_PT) + 2 if frame else 0.0)

        def extent(path: Path) -> tuple[float, float]:
            if self.frame.kinds[path] == "leaf" and path not in self.frame.cut:
                # a staggered leaf's window shares the room of two slots: only its value decides
                shown = widths(path)
                half = max(_text_points(widest, font), shown[0] - 2 if path in self.shown_texts else 0.0,
                           0.0 if self.stagger and not outer else shown[1]) / 2
                return max(half, leaf_ring), max(half, leaf_ring)
            return badge if path in self.badged else ring, ring + 3 + max(widths(path))

        return extent

    def _badge_points(self) -> float:
        """How wide an order badge is (points): its number, in a circle."""
        numbers = max(len(self.frame.leaves) + len(self.badged), 1)
        return _text_points("8" * len(str(numbers)), MIN_FONT_PT) + 8

    # -- where the texts beside a node go ---------------------------------------------------
    def _caller_top(self) -> float:
        return float(max(self.radius_points + 18, self._over_root(self.radius_points) + 4))

    def _caller_level(self) -> float:
        """The distance between two levels (points) on the caller's axes."""
        high = max(self.ax.get_position().height * self.figure.get_figheight() * 72, 1.0)
        bottom = self._room_below(self.windows, self.radius_points)
        top = self.radius_points + 18
        return float(max((high - bottom - top) / max(self.frame.depth, 1), 1.0))

    def _letter_above(self, path: Path) -> float:
        """How far over a node's centre (points) its letter stands when its shape is too small for it."""
        leaf_ring = self.radius_points * 0.55 ** 0.5 * RING_AREA ** 0.5
        ring = self.radius_points * RING_AREA ** 0.5
        return float(leaf_ring if self.frame.kinds[path] == "leaf" else ring) + 2

    def _letter_top(self) -> float:
        """Where an edge into a node ends (points over its centre) when letters stand over the
        shapes: clear of the tallest of them (its halo, and a point more)."""
        tallest = max((_ink(node.label, MIN_FONT_PT)[3] - min(_ink(node.label, MIN_FONT_PT)[1], 0.0)
                       for node in self.nodes), default=MIN_FONT_PT)
        return max(self._letter_above(node.path) for node in self.nodes) + tallest + MIN_FONT_PT * 0.3 + 2

    @staticmethod
    def _beside_at(place: str, ring: float) -> tuple[tuple[float, float], tuple[float, float], str]:
        """Where the value and the window of an inner node go at ``place`` (offsets in points; the
        value's bottom, the window's top or bottom) and the window's vertical alignment."""
        sign = -1.0 if place.startswith("left") else 1.0
        if place.endswith("above"):
            lift = ABOVE_CLEAR                # a level edge out of the node passes under them, clear
            return (sign * (ring + 3), lift + MIN_FONT_PT * 1.3), (sign * (ring + 3), lift), "bottom"
        if place.endswith("below"):
            value_bottom = -1 - VALUE_FONT_PT * 1.2
            return (sign * (ring + 3), value_bottom), (sign * (ring + 3), value_bottom - 1), "top"
        return (sign * (ring + 3), 1), (sign * (ring + 3), -1), "top"

    def _beside_boxes(self, path: Path, place: str, ring: float, widths: tuple[float, float]) -> list[Rect]:
        """The boxes (points, from the node's centre, y up) its value and window may cover at ``place``."""
        (vx, vy), (wx, wy), va = self._beside_at(place, ring)
        value_w, window_w = widths
        value_h, window_h = VALUE_FONT_PT * 1.2, MIN_FONT_PT * 1.2

        def box(x: float, y: float, width: float, height: float, up: bool) -> Rect:
            left = x - width if x < 0 else x
            return (left, y if up else y - height, left + width, y + height if up else y)

        boxes = [box(vx, vy, value_w, value_h, True)]
        return boxes + ([box(wx, wy, window_w, window_h, va == "bottom")] if window_w else [])

    def _widths(self, path: Path, window: float) -> tuple[float, float]:
        """How wide the value and the window of ``path`` are, or may be (points; ``window``: the
        widest window a leaf may carry, 0 without windows)."""
        if path in self.shown_texts:
            text, frame = self.shown_texts[path]
            return (_text_points(text, VALUE_FONT_PT, bold=True) + 2,
                    _text_points(frame, MIN_FONT_PT) + 2 if frame else 0.0)
        leaf_texts = [format_value(leaf.value) for leaf in self.frame.leaves] or ["0"]
        widest = max(leaf_texts, key=lambda text: _text_points(text, VALUE_FONT_PT))
        return (_text_points(bound_text(LOWER, widest), VALUE_FONT_PT, bold=True) + 2,
                window + 2 if window else 0.0)

    def _places(self, radius: float) -> dict[Path, str]:
        """Where each inner node's value and window go (see :func:`~mmlib.draw.tree_layout.clear_place`);
        remembered for the last geometry asked (the figure's own size asks first)."""
        key = (radius, self.slot_points, self.level_points, self.xlim)
        if getattr(self, "_places_for", None) != key:
            self._places_for, self._places_found = key, self._find_places(radius)
        return dict(self._places_found)

    def _find_places(self, radius: float) -> dict[Path, str]:
        ring = radius * RING_AREA ** 0.5
        leaf_r = radius * 0.55 ** 0.5
        slot, level = self.slot_points, self.level_points
        window = self._window_points() if self.windows else 0.0
        under = self._room_below(self.windows, radius)
        widths = {path: self._widths(path, window) for path, kind in self.frame.kinds.items()
                  if kind != "leaf" and path in self.positions}

        def point(path: Path) -> tuple[float, float]:
            x, y = self.positions[path]
            return x * slot, y * level

        def reach(path: Path) -> list[Rect]:           # a neighbour's shape, and a leaf's texts under it
            x, y = point(path)
            if self.frame.kinds[path] != "leaf":
                return [(x - ring, y - ring, x + ring, y + ring)]
            value = format_value(self.frame.tree.node(path).value)
            half = max(_text_points(value, VALUE_FONT_PT), window) / 2
            badge = 0.0 if self._crowded(slot) else leaf_r + 3 + MIN_FONT_PT * 1.6
            return [(x - leaf_r, y - leaf_r, x + max(leaf_r, badge), y + leaf_r),
                    (x - half, y - under, x + half, y - leaf_r)]

        xs = [x * slot for x, _ in self.positions.values()]
        x_range = ((self.xlim[0] if self.xlim else min(xs) / slot - 0.7) * slot,
                  (self.xlim[1] if self.xlim else max(xs) / slot + 1.1) * slot)
        def boxes(path: Path, place: str) -> list[Rect]:
            x, y = point(path)
            return [(x + a, y + b, x + c, y + d)
                    for a, b, c, d in self._beside_boxes(path, place, ring, widths[path])]

        return beside_places(self.positions, self.frame.kinds, point=point, boxes=boxes, reach=reach,
                             margin=BESIDE_MARGIN, x_range=x_range,
                             fixed=[(a - TEXT_SPACE, b - TEXT_SPACE, c + TEXT_SPACE, d + TEXT_SPACE)
                                    for a, b, c, d in self._probability_boxes(slot, level)])

    def _probability_boxes(self, slot: float, level: float) -> list[Rect]:
        """What the probabilities written on the edges cover (points), as
        :meth:`_draw_chance_and_levels` writes them: no node's value or window may go there."""
        out = []
        for path, text in self.frame.probabilities.items():
            if path not in self.positions or path[:-1] not in self.positions:
                continue                                  # not drawn (under max_depth, or another root)
            (x, y), towards_left = self._probability_anchor(path)
            x, y = x * slot, y * level
            wide, high = _text_points(text, MIN_FONT_PT), 1.2 * MIN_FONT_PT
            left = x - PROBABILITY_GAP - wide if towards_left else x + PROBABILITY_GAP
            out.append((left, y, left + wide, y + high))
        return out

    def _probability_anchor(self, path: Path) -> tuple[tuple[float, float], bool]:
        """Where the probability of the edge into ``path`` is written (data units: the point on
        the edge its box's lower corner sits beside), and whether it goes left of the edge (the
        side away from the other edges)."""
        (x1, y1), (x2, y2) = self.positions[path[:-1]], self.positions[path]
        t = PROBABILITY_AT + PROBABILITY_LOWER
        return (x1 + t * (x2 - x1), y1 + t * (y2 - y1)), probability_side(x1, x2) == "left"

    def _over_root(self, radius: float) -> float:
        """How high (points) the texts beside the root reach over its centre."""
        ring = radius * RING_AREA ** 0.5
        root = self.frame.root
        if self.frame.kinds[root] == "leaf":
            return 0.0
        places = self._places(radius)
        window = self._window_points() if self.windows else 0.0
        return max(box[3] for box in self._beside_boxes(root, places[root], ring, self._widths(root, window)))

    # -- building the artists (once) --------------------------------------------------------
    def _draw_edges(self, edge_labels: bool) -> None:
        from matplotlib.collections import LineCollection

        self.edge_paths = [node.path for node in self.nodes if node.path != self.frame.root]
        # a letter too big for its shape stands over it: the edge into the node ends above the letter
        into = 0.0 if self.letters_inside else self._letter_top() / self.level_points
        segments = [(self.positions[p[:-1]], (self.positions[p][0], self.positions[p][1] + into))
                    for p in self.edge_paths]
        self.edges = LineCollection(segments, colors=EDGE_COLOR, linewidths=1.0, zorder=1)
        self.ax.add_collection(self.edges)
        if edge_labels:
            for path in self.edge_paths:
                (x1, y1), (x2, y2) = self.positions[path[:-1]], self.positions[path]
                self.ax.text((x1 + x2) / 2, (y1 + y2) / 2, str(path[-1]), ha="center", va="center",
                             fontsize=MIN_FONT_PT, zorder=3,
                             bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})

    def _draw_nodes(self) -> None:
        self.groups: dict[str, list[Path]] = {}
        for node in self.nodes:
            self.groups.setdefault(self.frame.kinds[node.path], []).append(node.path)
        self.node_artists = {}
        for kind, paths in self.groups.items():
            xs, ys = zip(*(self.positions[p] for p in paths), strict=True)
            # a white shape under each node: the edges end under a faded node, not across it
            self.ax.scatter(xs, ys, s=self.node_size * MARKER_AREA.get(kind, 1.0), marker=MARKERS[kind],
                            c="white", edgecolors="white", linewidths=0.8, zorder=1.5)
            self.node_artists[kind] = self.ax.scatter(
                xs, ys, s=self.node_size * MARKER_AREA.get(kind, 1.0), marker=MARKERS[kind],
                c=self._base_color(kind), edgecolors="black", linewidths=0.8, zorder=2)
        self.current_ring = self.ax.scatter([], [], s=self.node_size * RING_AREA, facecolors="none",
                                            edgecolors=CURRENT_COLOR, linewidths=2.0, linestyles="--",
                                            zorder=5)

    @staticmethod
    def _base_color(kind: str) -> str:
        return {"max": MAX_COLOR, "min": MIN_COLOR, "leaf": LEAF_COLOR, "chance": CHANCE_COLOR}[kind]

    def _beside(self, text: str, xy: tuple[float, float], offset: tuple[float, float], **style: Any) -> Any:
        """A text ``offset`` points away from the node at ``xy``.  Every node lies inside the axes,
        so matplotlib is told not to test at every draw whether ``xy`` is visible
        (``annotation_clip=False``): the same picture, without the test that cost most of a draw."""
        return self.ax.annotate(text, xy, xytext=offset, textcoords="offset points", annotation_clip=False,
                                **style)

    def _draw_texts(self) -> None:
        ax, font, r, beside = self.ax, self.font, self.radius_points, self._beside
        self.value_texts: dict[Path, Any] = {}
        self.window_texts: dict[Path, Any] = {}
        self.number_texts: dict[Path, Any] = {}
        self.cross_texts: dict[Path, Any] = {}
        self.label_texts: dict[Path, Any] = {}
        baselines = {node.path: _letter_baseline(node.label, self.frame.kinds[node.path], r)
                     for node in self.nodes}
        letters = self.letters_inside                   # every letter inside its shape, or none
        rows: dict[float, list[Path]] = {}
        for node in self.nodes:
            if node.is_leaf():
                rows.setdefault(self.positions[node.path][1], []).append(node.path)
        staggered = {path for row in rows.values()                     # every other leaf of a level
                     for path in sorted(row, key=lambda p: self.positions[p][0])[1::2]}
        for node in self.nodes:
            x, y = self.positions[node.path]
            baseline = baselines[node.path]
            if baseline is not None and letters:
                self.label_texts[node.path] = beside(
                    node.label, (x, y), (0, baseline), ha="center", va="baseline",
                    fontsize=MIN_FONT_PT, color="black", fontweight="bold", zorder=4)
            else:       # too small a shape for its letter: the label stands just above it, on a halo
                above = self._letter_above(node.path)
                self.label_texts[node.path] = beside(
                    node.label, (x, y), (0, above), ha="center", va="bottom", fontsize=MIN_FONT_PT,
                    color="black", fontweight="bold", zorder=7,
                    bbox={"boxstyle": "round,pad=0.05", "fc": "white", "ec": "none"})
            if node.path in self.frame.cut:      # its children are not drawn
                beside(CUT_MARK, (x, y), (0, -(r + 2)), ha="center", va="top", fontsize=font * 1.2,
                       fontweight="bold", zorder=4)
            if node.is_leaf():
                self._leaf_texts(node.path, (x, y), node.path in staggered)
            else:
                self._inner_texts(node.path, (x, y))
        for path in self.edge_paths:
            (px, py), (x, y) = self.positions[path[:-1]], self.positions[path]
            t = 0.62 if path in self.probabilities else 0.5    # clear of the edge's probability
            self.cross_texts[path] = ax.text(
                px + t * (x - px), py + t * (y - py), "✕", ha="center", va="center", fontsize=font * 1.2,
                color="black", fontweight="bold", zorder=6, visible=False)

    def _leaf_texts(self, path: Path, xy: tuple[float, float], staggered: bool) -> None:
        """A leaf's value, its window under it and its order badge (beside it, or under both)."""
        font, r, beside = self.font, self.radius_points, self._beside
        leaf_r = r * 0.55 ** 0.5
        leaf_ring = leaf_r * RING_AREA ** 0.5
        below = leaf_ring + 5 + self.value_depth            # under the value: window, number
        self.value_texts[path] = beside(
            "", xy, (0, -(leaf_ring + 3)), ha="center", va="top", fontsize=font, zorder=4)
        lower = MIN_FONT_PT * 1.4 if self.stagger and staggered else 0.0
        self.window_texts[path] = beside(
            "", xy, (0, -(below + lower)), ha="center", va="top", fontsize=MIN_FONT_PT, color=style.SOFT_INK)
        windows_room = MIN_FONT_PT * 1.4 * (1 + self.stagger) if self.windows else 0
        where = (0, -(below + windows_room + 3)) if self.crowded else (leaf_ring + 3, leaf_r)
        self.number_texts[path] = beside(
            "", xy, where, ha="center" if self.crowded else "left",
            va="top" if self.crowded else "center", fontsize=MIN_FONT_PT,
            color="white", zorder=6, visible=False,
            bbox={"boxstyle": "circle,pad=0.15", "fc": "#333333", "ec": "none"})

    def _inner_texts(self, path: Path, xy: tuple[float, float]) -> None:
        """An inner node's value and window where no edge passes (:attr:`places`), and on the other
        side the order badge it gets when it is evaluated statically at a depth limit."""
        ring = self.radius_points * RING_AREA ** 0.5
        beside, place = self._beside, self.places[path]
        value_at, window_at, va_window = self._beside_at(place, ring)
        ha = "right" if value_at[0] < 0 else "left"
        self.value_texts[path] = beside(
            "", xy, value_at, ha=ha, va="bottom", fontsize=self.font, fontweight="bold", zorder=4)
        self.window_texts[path] = beside(
            "", xy, window_at, ha=ha, va=va_window, fontsize=MIN_FONT_PT, color=style.SOFT_INK)
        side = 1.0 if place.startswith("left") else -1.0
        self.number_texts[path] = beside(
            "", xy, (side * (ring + 3), 0), ha="left" if side > 0 else "right", va="center",
            fontsize=MIN_FONT_PT, color="white", zorder=6, visible=False,
            bbox={"boxstyle": "circle,pad=0.15", "fc": "#333333", "ec": "none"})

    def _draw_chance_and_levels(self) -> None:
        """The probability on each edge out of a chance node, and who moves at each level."""
        self.probability_texts = {}
        for path, text in self.probabilities.items():
            # beside its edge, the lower corner of its box nearest the edge just off the line, so
            # that the line never crosses it
            anchor, towards_left = self._probability_anchor(path)
            self.probability_texts[path] = self._beside(
                text, anchor,
                (-PROBABILITY_GAP if towards_left else PROBABILITY_GAP, 0),
                ha="right" if towards_left else "left",
                va="bottom", fontsize=MIN_FONT_PT, zorder=3,
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
        left = self.xlim[0] + 4 / self.slot_points if self.xlim is not None else \
            min(x for x, _ in self.positions.values()) - LEVEL_ROOM
        self.level_texts = {depth: self.ax.text(left, -depth, name, ha="left", va="center",
                                                fontsize=MIN_FONT_PT, color=style.SOFT_INK)
                            for depth, name in self.levels.items()}

    def _draw_frame(self, title: str | None) -> None:
        ax = self.ax
        if self.xlim is not None:
            ax.set_xlim(*self.xlim)
            ax.set_ylim(*self.ylim)
        else:
            xs = [x for x, _ in self.positions.values()]
            ax.set_xlim(min(xs) - (LEVEL_ROOM + 0.1 if self.levels else 0.7), max(xs) + 1.1)
            # the caller's axes: the room under the lowest level and over the root, in points
            bottom, top = self._room_below(self.windows, self.radius_points), self._caller_top()
            level = self.level_points
            ax.set_ylim(-self.frame.depth - bottom / level, top / level)
        ax.set_axis_off()
        self.title = ax.set_title(self._fitted(title or ""), fontsize=style.TITLE_PT)
        self.legend: Any = None
        self.legend_rows = 0
        self.legend_entries: tuple[Any, ...] = ()

    def _fitted(self, title: str) -> str:
        """``title`` broken into lines no wider than the axes (:func:`fit_title`)."""
        return fit_title(title, style.TITLE_PT, _axes_points(self.ax))

    def _legend_handle(self, glyph: str, words: str) -> Any:
        from matplotlib.lines import Line2D

        if glyph in MARKERS:
            return Line2D([], [], marker=MARKERS[glyph], ls="", ms=11, mew=1.2, color=self._base_color(glyph),
                          mec="black", label=words)         # as large as the order badge, outlined in black
        return {
            "pv": lambda: Line2D([], [], color=PV_COLOR, lw=3.5, label=words),
            "pruned": lambda: Line2D([], [], color=PRUNED_COLOR, lw=1.5, ls=":", marker="x", mec="black",
                                     label=words),
            "ring": lambda: Line2D([], [], marker="o", ms=10, mfc="none", mec=CURRENT_COLOR, ls="",
                                   label=words),
            "pending": lambda: Line2D([], [], marker="s", ls="", ms=11, mew=1.2, color=LEAF_COLOR,
                                      mec="black", alpha=FADED_ALPHA, label=words),
            "order": lambda: Line2D([], [], marker="o", ls="", ms=11, color="#333333", mec="#333333",
                                    label=words),                    # a leaf's order badge
        }.get(glyph, lambda: Line2D([], [], ls="", label=words))()

    def _show_legend(self, scene: Scene) -> None:
        if self.legend is not None and self.legend_entries == scene.legend:
            return                               # the same legend: keep it (a step-through redraws often)
        self.legend_entries = scene.legend
        handles = [self._legend_handle(entry.glyph, entry.words) for entry in scene.legend]
        if self.legend is not None:
            self.legend.remove()
        self.legend = row_legend(self.ax, handles, self._axes_inches() * 72)
        self.legend_rows = self.legend.rows

    def _axes_inches(self) -> float:
        return float(self.ax.get_position().width * self.figure.get_figwidth())

    # -- showing a state (every time) ------------------------------------------------------------
    def show(self, marks: Marks | None, *, values: bool = True, windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None) -> Any:
        """Update the drawing to show ``marks``; returns the Figure."""
        return self.paint(self.frame.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers),
                          title=title)

    def paint(self, scene: Scene, *, title: str | None = None) -> Any:
        """Paint ``scene`` (from this view's :attr:`frame`); returns the Figure."""
        from matplotlib.colors import to_rgba

        by_path = {mark.path: mark for mark in scene.nodes}
        for kind, paths in self.groups.items():
            marks = [by_path[path] for path in paths]
            fills = [to_rgba(mark.fill, mark.opacity) for mark in marks]
            self.node_artists[kind].set_facecolor(fills)
            self.node_artists[kind].set_edgecolor([PV_COLOR if mark.on_pv else (0, 0, 0, mark.opacity)
                                                   for mark in marks])
            self.node_artists[kind].set_linewidth([2.4 if mark.on_pv else 0.8 for mark in marks])
        if self.edge_paths:
            looks = [EDGE_LOOK[edge.style] for edge in scene.edges]
            self.edges.set_color([to_rgba(color, alpha) for color, alpha, _, _ in looks])
            self.edges.set_linewidth([width for _, _, width, _ in looks])
            self.edges.set_linestyle([dash for _, _, _, dash in looks])
        for edge in scene.edges:
            self.cross_texts[edge.child].set_visible(edge.cross)
            if edge.child in self.probability_texts:
                self.probability_texts[edge.child].set_alpha(FADED_TEXT_ALPHA if edge.faded else 1.0)
        for mark in scene.nodes:
            self._paint_texts(mark)
        current = scene.current
        if current is not None:
            self.current_ring.set_offsets([(current.x, current.y)])
            scale = MARKER_AREA.get(current.kind, 1.0) if current.kind != "chance" else 0.75
            self.current_ring.set_sizes([self.node_size * RING_AREA * scale])
        else:
            self.current_ring.set_offsets(_empty_offsets())
        if self.with_legend:
            self._show_legend(scene)
        self.legend_entries = scene.legend
        if title is not None:
            self.title.set_text(self._fitted(title))
        if self.xlim is not None:
            self._fit_figure()
        return self.figure

    def _paint_texts(self, mark: Any) -> None:
        value_text = self.value_texts[mark.path]
        value_text.set_alpha(mark.text_opacity)
        self.label_texts[mark.path].set_alpha(mark.text_opacity)
        if mark.kind != "leaf":
            value_text.set_text(mark.value)
            value_text.set_fontweight("normal" if mark.static else "bold")   # static: plain, as a leaf's
        elif self.leaf_values_shown:
            value_text.set_text(mark.value)
        self.window_texts[mark.path].set_text(mark.window)
        number_text = self.number_texts[mark.path]
        number_text.set_visible(mark.order is not None)
        number_text.set_text(str(mark.order or ""))


def _letter_baseline(label: str, kind: str, radius: float) -> float | None:
    """Where the baseline of a node's letter goes (points above the node's centre) so that the
    letter's ink keeps :data:`LETTER_MARGIN` points inside the shape's outline: low in an
    up-triangle, high in a down-triangle, centred in a square or circle; None if it does not fit."""
    x0, y0, x1, y1 = _ink(label, MIN_FONT_PT)
    half, high, m = (x1 - x0) / 2, y1 - y0, LETTER_MARGIN
    if kind == "max":             # apex up at +r, base at -r: half-width (r - y) / 2 at height y
        bottom = -radius + m
        return bottom - y0 if (radius - (bottom + high)) / 2 >= half + m else None
    if kind == "min":             # apex down at -r, base at +r: half-width (r + y) / 2
        top = radius - m
        return top - y1 if (radius + (top - high)) / 2 >= half + m else None
    side = (radius * 2) * MARKER_AREA.get(kind, 1.0) ** 0.5 / 2             # half the square, or radius
    fits = (half + m) ** 2 + (high / 2 + m) ** 2 <= side ** 2 if kind == "chance" else \
        max(half, high / 2) + m <= side
    return -(y0 + y1) / 2 if fits else None


@functools.lru_cache(maxsize=4096)
def _ink(text: str, size: float) -> tuple[float, float, float, float]:
    """The box of ``text``'s ink in bold at ``size`` points, from its baseline origin (points)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    extents = TextPath((0, 0), text, prop=FontProperties(size=size, weight="bold")).get_extents()
    return float(extents.x0), float(extents.y0), float(extents.x1), float(extents.y1)


def _node_size(slot: float) -> float:
    """The marker area (points²) of a node on a slot ``slot`` points wide."""
    return min(max((slot * 0.62) ** 2, 9.0), MAX_NODE_SIZE)


def _axes_points(ax: Any) -> float:
    return float(ax.get_position().width * ax.figure.get_figwidth() * 72)


@functools.lru_cache(maxsize=4096)
def _text_points(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` in points at font ``size``, from the font's own metrics (remembered:
    fitting the slots of a wide tree asks the same few texts thousands of times)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    properties = FontProperties(size=size, weight="bold" if bold else "normal")
    width, _, _ = TextToPath().get_text_width_height_descent(text, properties, ismath=False)
    return float(width)


def _title_room(lines: int) -> float:
    """Points above the axes for a title of ``lines`` lines."""
    return lines * style.TITLE_PT * 1.25 + 8


def _legend_room(rows: int) -> float:
    """Points under the axes for a legend of ``rows`` rows."""
    return rows * MIN_FONT_PT * 1.75 + 10


LEGEND_MARGIN = 10.0
"""Points of a figure's width a legend's rows leave free (its border and a little more)."""


TEXT_PAD_EM = 0.6
"""The space between a legend entry's glyph and its words, in ems (a thick line's end stays clear of them)."""
ENTRY_GAP_EM = 1.6
"""The space between two entries of a row legend, in ems: wide enough that an entry's words never
read as running into the next entry's glyph ("leaf ── principal variation")."""


def _entry_points(words: list[str]) -> list[float]:
    """How wide each legend entry is (points): its glyph (2 em), the space after it, its words
    and the space before the next entry, as :func:`row_legend` writes them."""
    room = (2.0 + TEXT_PAD_EM + ENTRY_GAP_EM) * MIN_FONT_PT
    return [room + _text_points(text, MIN_FONT_PT) for text in words]


def row_legend(where: Any, handles: list[Any], points: float, **placing: Any) -> Any:
    """A legend of ``handles`` under the axes ``where`` (or at ``placing`` on a figure), its
    entries in the rows of :func:`mmlib.draw.legend.legend_rows` for ``points`` (the width it
    may take); its ``rows`` attribute says how many rows it has.

    >>> from matplotlib.figure import Figure
    >>> from matplotlib.lines import Line2D
    >>> ax = Figure(figsize=(4, 3)).add_subplot()
    >>> long = "a mark whose meaning takes many words to say plainly"
    >>> legend = row_legend(ax, [Line2D([], [], label=words) for words in ("MAX", "MIN", long)], 4 * 72)
    >>> legend.rows, [text.get_text() for text in legend.get_texts()][:2]
    (2, ['MAX', 'MIN'])
    """
    from matplotlib.legend import Legend
    from matplotlib.offsetbox import HPacker, VPacker

    labels = [handle.get_label() for handle in handles]
    rows = legend_rows(_entry_points(labels), points - LEGEND_MARGIN)

    class RowLegend(Legend):      # matplotlib's Legend, its entries packed in rows
        def _init_legend_box(self, handles: Any, labels: Any, markerfirst: bool = True) -> None:
            base: Any = Legend                           # (not in matplotlib's type stubs)
            base._init_legend_box(self, handles, labels, markerfirst)
            own: Any = self                              # (its boxes are matplotlib's own attributes)
            items = [item for column in own._legend_handle_box.get_children()
                     for item in column.get_children()]
            size = own._fontsize
            own._legend_handle_box = VPacker(pad=0, sep=own.labelspacing * size, align="left", children=[
                HPacker(pad=0, sep=own.columnspacing * size, align="baseline",
                        children=[items[i] for i in row]) for row in rows])
            own._legend_box = VPacker(pad=own.borderpad * size, sep=own.labelspacing * size,
                                      align=own._alignment,
                                      children=[own._legend_title_box, own._legend_handle_box])
            own._legend_box.set_figure(own.get_figure(root=False))
            own._legend_box.axes = own.axes

    options = {"loc": "upper center", "bbox_to_anchor": (0.5, 0.0)} | placing
    legend: Any = RowLegend(where, handles, labels, ncols=1, fontsize=MIN_FONT_PT, frameon=False,
                            handlelength=2.0, handletextpad=TEXT_PAD_EM, columnspacing=ENTRY_GAP_EM,
                            borderaxespad=0.2, **options)
    legend.rows = len(rows)
    if hasattr(where, "legend_"):
        where.legend_ = legend
        legend._remove_method = where._remove_legend
    else:
        where.legends.append(legend)
        legend._remove_method = where.legends.remove
    where.stale = True
    return legend


def _empty_offsets() -> Any:
    import numpy as np
    return np.empty((0, 2))


def draw_tree(tree_or_result: Any, *, ax: Axes | None = None, values: bool | str = True,
              windows: bool = False,
              leaf_numbers: bool = True, edge_labels: bool = False, title: str | None = None,
              node_size: float | None = None, root: Path | str = (), max_depth: int | None = None,
              max_nodes: int | None = FIGURE_MAX_NODES, step: int | None = None,
              conventions: Any = None, legend: bool = True) -> Any:
    """Draw a game tree, or what a search did on it; returns the matplotlib Figure.

    ``tree_or_result``: an explicit tree, a generated tree, a nested list, a tree text,
    or a :class:`~mmlib.search.SearchResult` of a search on a tree.  MAX nodes are
    up-triangles, MIN nodes down-triangles, leaves squares with their value underneath.
    A plain tree shows the minimax value beside each node (``values=False`` hides them;
    ``values="static"`` shows each node's own number instead: a leaf's value, an interior
    node's static value where the tree gives one, as a depth-limited search sees them).
    A result shows the values the search returned, a bound as a bound (``≥ 6``, ``≤ 2``),
    the principal variation with thick edges, pruned subtrees dotted and marked ✕, leaves
    numbered in evaluation order and, with ``windows=True`` (needs ``trace=True`` in the
    search), the [α, β] window of each node's call.  ``step=k`` shows the search after
    its first k events instead (as the step-through does).  ``edge_labels`` writes the
    move (child index) on each edge.  The legend under the tree says what each mark means
    (``legend=False`` leaves it out: see :func:`draw_trees` for one legend under several trees).

    A tree of more than ``max_nodes`` nodes is refused with a message saying what fits:
    ``max_depth=d`` draws the top d + 1 levels (a node whose children are left out has
    ``⋯`` under it), ``root="B"`` (a label or a path) draws the subtree of B; values are
    those of the whole tree.
    ``conventions`` (:class:`~mmlib.conventions.Conventions`) give a plain tree its players
    (MIN at the root, several MIN agents); a result already knows the ones it was searched under.

    >>> from mmlib import search
    >>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    >>> figure = draw_tree(result, windows=True, title="AIMA figure 5.2")
    >>> figure.axes[0].get_title()
    'AIMA figure 5.2'
    >>> "≤ 2" in {text.get_text() for text in figure.axes[0].texts}
    True
    >>> from mmlib import trees
    >>> from mmlib.errors import ArgumentError
    >>> big = trees.uniform(3, 7)                         # 3,280 nodes
    >>> try:
    ...     draw_tree(big)
    ... except ArgumentError as refusal:
    ...     print(refusal)                                # doctest: +NORMALIZE_WHITESPACE
    tree: a drawing of 3,280 nodes is more than max_nodes=400; draw its top levels with
    max_depth=5 (364 nodes), or one subtree with root='E' (364 nodes)
    >>> len(draw_tree(big, max_depth=2).axes[0].collections) > 0
    True
    """
    return _paint_tree(tree_or_result, ax=ax, values=values, windows=windows, leaf_numbers=leaf_numbers,
                       edge_labels=edge_labels, title=title, node_size=node_size, root=root,
                       max_depth=max_depth, max_nodes=max_nodes, step=step, conventions=conventions,
                       legend=legend).figure


def _paint_tree(tree_or_result: Any, *, ax: Axes | None, values: bool | str, windows: bool,
                leaf_numbers: bool, edge_labels: bool, title: str | None, node_size: float | None,
                root: Path | str, max_depth: int | None, max_nodes: int | None, step: int | None,
                conventions: Any, legend: bool) -> TreeView:
    """The work of :func:`draw_tree`: the view it painted (its figure, and its legend's entries)."""
    static = _static_values(values, tree_or_result)
    if conventions is not None and not _is_result(tree_or_result):
        from ..conventions import apply, resolve
        tree_or_result = apply(as_tree(tree_or_result), resolve(conventions))
    tree, marks, words, default_title = drawing_parts(tree_or_result, step=step, windows=windows)
    if static:
        marks, words = static_marks(tree), static_words(tree)
    values = bool(values)
    shown = TreeLayout(tree, root=root, max_depth=max_depth, max_nodes=max_nodes).scene(
        marks, values=values, windows=windows, leaf_numbers=leaf_numbers, description="")
    view = TreeView(tree, ax=ax, edge_labels=edge_labels, node_size=node_size,
                    title=default_title if title is None else title, windows=windows, root=root,
                    max_depth=max_depth, max_nodes=max_nodes, shown=shown, legend=legend)
    scene = view.frame.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers,
                             description=words)
    figure = view.paint(scene)
    set_alt(figure, scene.description, append=ax is not None)
    return view


def draw_trees(trees_or_results: Sequence[Any], *, titles: Sequence[str] | None = None,
               height: float = 6.0, **options: Any) -> Any:
    """Several trees (or searches) side by side in one figure as wide as the column, each drawn
    as :func:`draw_tree` draws it (``options`` are its options, for every panel), with one
    legend under them all: every mark any panel uses, said once.  ``titles``: one per panel;
    ``height``: the figure's, in inches.  Returns the matplotlib Figure.

    >>> from mmlib import search
    >>> tree = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]
    >>> figure = draw_trees([search.minimax(tree), search.alphabeta(tree)],
    ...                     titles=["minimax", "alpha-beta"])
    >>> [ax.get_title() for ax in figure.axes], len(figure.legends), [ax.get_legend() for ax in figure.axes]
    (['minimax', 'alpha-beta'], 1, [None, None])
    >>> [text.get_text() for text in figure.legends[0].get_texts()][-2:]
    ['pruned (dotted, ✕)', 'order of evaluation']
    """
    from matplotlib.figure import Figure

    panels = list(trees_or_results)
    names = list(titles) if titles is not None else [None] * len(panels)
    if not panels or len(names) != len(panels):
        raise ArgumentError(f"titles: expected one title for each of the {len(panels)} trees, "
                            f"got {len(names)}" if panels
                            else "trees_or_results: expected one tree or search or more, got none")
    width = style.MAX_FIGURE_INCHES
    figure = Figure(figsize=(width, height))
    views = []
    for number, (panel, name) in enumerate(zip(panels, names, strict=True)):
        ax = figure.add_axes((number / len(panels), 0.0, 1 / len(panels), 1.0))
        defaults = {"values": True, "windows": False, "leaf_numbers": True, "edge_labels": False,
                    "node_size": None, "root": (), "max_depth": None, "max_nodes": FIGURE_MAX_NODES,
                    "step": None, "conventions": None}
        views.append((ax, {**defaults, **options}, panel, name))
    words: list[str] = []
    handles: dict[str, Any] = {}
    # every panel first drawn to learn its legend; then the axes leave room for the legend's rows
    for ax, settings, panel, name in views:
        view = _paint_tree(panel, ax=ax, title=name, legend=False, **settings)
        after = -1                # an entry new to the legend goes after the one before it in its panel
        for entry in view.legend_entries:
            if entry.words not in handles:
                handles[entry.words] = view._legend_handle(entry.glyph, entry.words)
                words.insert(after + 1, entry.words)
            after = words.index(entry.words)
    rows = len(legend_rows(_entry_points(words), width * 72 - LEGEND_MARGIN))
    below, above = _legend_room(rows) / (height * 72), _title_room(1) / (height * 72)
    figure.clear()
    set_alt(figure, "")
    for number, (_, settings, panel, name) in enumerate(views):
        ax = figure.add_axes((number / len(panels), below, 1 / len(panels), 1.0 - below - above))
        _paint_tree(panel, ax=ax, title=name, legend=False, **settings)
    row_legend(figure, [handles[text] for text in words], width * 72, loc="upper center",
               bbox_to_anchor=(0.5, below))
    return figure


def _static_values(values: Any, tree_or_result: AnyTree | SearchResult) -> bool:
    """True for ``values="static"`` (on a plain tree only); refuses what ``values`` cannot be."""
    if isinstance(values, bool):
        return False
    if values != "static":
        raise ArgumentTypeError(f"values: expected True, False or 'static', got {printable(values)}")
    if _is_result(tree_or_result):
        raise ArgumentError("values: 'static' shows a plain tree's static values; a search result shows "
                            "the values its search returned (draw the tree itself)")
    return True


def static_words(tree: AnyTree) -> str:
    """The text alternative of a tree drawn with its static values: every number, node by node.

    >>> static_words("ABC\\nA: BC\\nA 4\\nB 1\\nC 7")[-62:]
    'each node its static value (a leaf: its value): A 4, B 1, C 7.'
    """
    explicit = as_tree(tree)
    numbers = ", ".join(f"{node.label} {format_value(node.value)}" for node in explicit.nodes()
                        if node.value is not None)
    return (f"A game tree with {counted(explicit.node_count, 'node')} and "
            f"{counted(explicit.leaf_count, 'leaf', 'leaves')}; beside each node its static value "
            f"(a leaf: its value): {numbers}.")


def describe_drawing(tree_or_result: Any) -> str:
    """The text alternative of a drawing: what it shows, in words.

    >>> describe_drawing([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    'A game tree with 13 nodes and 9 leaves; its minimax value is 3.'
    """
    if is_result(tree_or_result):
        if tree_or_result.trace is not None:
            return trace_of(tree_or_result).describe()
        tree, _ = result_tree(tree_or_result)
        return TreeLayout(tree, max_nodes=None).describe(result_marks(tree_or_result))
    tree = as_tree(tree_or_result)
    return TreeLayout(tree, max_nodes=None).describe(minimax_marks(tree))
