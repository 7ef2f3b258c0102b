"""Game trees as SVG text: quick enough to redraw at every step of an explorer.

:func:`tree_svg` paints the facts of :mod:`mmlib.trace` (a :class:`~mmlib.trace.Marks`)
on the same layout as :func:`~mmlib.draw.draw_tree`: MAX nodes are up-triangles, MIN
nodes down-triangles, leaves squares with their value underneath; a value that is only a
bound is written ``≥ 6`` or ``≤ 2``; the principal variation has thick solid edges, the
current node a dashed ring, pruned parts dotted grey edges and a ✕; a legend says so.
Colours are from the Okabe–Ito palette and never carry a meaning alone.

The SVG is built with :mod:`xml.etree.ElementTree`, so it is always well-formed XML (a
label may contain ``<`` or ``&``; control characters are replaced by ``�``).  It has a
``<title>`` and ``role="img"`` with an ``aria-label`` saying what it shows in words.  Text
is at least 12 px in SVG units and the drawing is meant to be shown at its natural size
(wide trees scroll sideways instead of shrinking); labels never overlap node shapes or one
another (:meth:`TreeSvg.boxes` gives the boxes the tests check).

Every node shape carries the class ``node`` plus its kind (``max``, ``min``, ``chance``,
``leaf``) and its state (``pruned``, ``pending``, ``pv``, ``current``), and ``data-label``.

Trees with chance nodes (:class:`~mmlib.trees.LayeredTree`) draw them as circles with the
probability of each outcome on its edge (``1/2``, ``0.9``); when several agents move in a
round, or chance moves, each level is named at the left (``MAX``, ``MIN 1``, ``MIN 2``,
``chance``).

>>> import xml.etree.ElementTree as ET
>>> svg = tree_svg([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> root = ET.fromstring(svg)
>>> len([e for e in root.iter() if "node" in e.get("class", "").split()])   # A, B, C, D + 9 leaves
13
>>> root.get("aria-label")
'A game tree with 13 nodes and 9 leaves; its minimax value is 3.'
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError, printable
from ..trace import LOWER, Marks, bound_text
from ..trees import Path
from . import style
from .legend import legend_rows
from .lineplot import Series, log_plot_svg
from .svg_text import FONT, SVG_NS, Box, Label, clean_text, text_width
from .svg_text import number_text as _num
from .svg_text import sub_element as _sub
from .tree_layout import (
    CHANCE_COLOR,
    CURRENT_COLOR,
    CUT_MARK,
    DEFAULT_MAX_NODES,
    EDGE_COLOR,
    FADED_TEXT_ALPHA,
    LEAF_COLOR,
    MAX_COLOR,
    MIN_COLOR,
    PENDING_ALPHA,
    PROBABILITY_GAP,
    PRUNED_COLOR,
    PV_COLOR,
    EdgeMark,
    LegendEntry,
    NodeMark,
    Places,
    Scene,
    TreeLayout,
    beside_places,
    drawing_parts,
    probability_side,
    slot_width,
)

DOTS = "0.1 4.4"
"""A pruned edge's dash pattern: round dots (each 0.1 long plus its round caps), as the legend says."""

if TYPE_CHECKING:
    from ..search.results import SearchResult
    from ..trees.convert import AnyTree

__all__ = ["TreeSvg", "tree_svg", "Series", "log_plot_svg", "Box", "MIN_FONT_PX", "clean_text", "text_width"]

WINDOW_COLOR = "#333333"
MIN_FONT_PX = style.TEXT_PX
"""The smallest text in a tree drawing, in SVG units (shown at natural size: pixels): 11.25 pt.
Windows, leaf numbers and node letters are this size, values a little larger."""
VALUE_FONT_PX = style.VALUE_PX
MAX_WIDTH_PX = 100_000
"""The widest drawing asked for with ``min_width`` (pixels)."""
LEGEND_ROW = 24.0
"""Height of a legend row."""
RADIUS = 16.0
"""Half-size of a node shape (letters inside are 15 px)."""
LEVEL = 92.0
"""Vertical distance between levels: room for a leaf's value, window and the next level's labels."""
LEVEL_STRETCH = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""The distances between levels tried, as multiples of :data:`LEVEL`, until every inner node's
value and window have a place no edge passes (steeper edges leave more room beside a node)."""
SLOT_SPREAD = (1.0, 1.3, 1.6)
"""The leaf gaps tried, as multiples of the least one, when more room between the levels is not
enough (a node boxed in by its neighbours' texts)."""
RING = RADIUS * 1.35
"""Radius of the dashed ring around the current inner node (it clears the triangle's corners)."""
RING_STROKE = 2.5
"""The width of the dashed ring's line."""
BESIDE_AT = RING + RING_STROKE / 2 + 5.0
"""From an inner node's centre to the near end of its value and window: 5 px clear of the
dashed ring round the current node (a value never touches it)."""
LEAF_RING = RADIUS * 1.0
"""Radius of the ring around the current leaf."""
BADGE = 11.0
"""Radius of the circle numbering a leaf's evaluation order."""
GAP = 4.0
BESIDE_MARGIN = 3.0
"""The least distance (pixels) between an edge and a value or window beside a node."""
ABOVE_BASELINE = BESIDE_MARGIN + 2 + 0.25 * MIN_FONT_PX
"""How far over a node's centre (pixels) the window written above it has its baseline: an edge
leaving the node level passes under it clear of the margin."""
TEXT_SPACE = 5.0
"""The least space (pixels, besides the margin) between a value or window and a probability."""
MAX_SLOT = 130.0
TITLE_ROOM = 40.0
"""Where the room over the tree begins (pixels from the top): under the title's line."""
LEGEND_GAP = 26.0
"""From the end of the tree's lowest texts to the baseline of the legend's first row (pixels)."""
LEGEND_MARGIN = 12.0
"""Under the legend's last row (pixels)."""

# -- trees ----------------------------------------------------------------------------------------

class TreeSvg:
    """A tree laid out once; :meth:`show` returns the SVG text for any :class:`Marks`.

    ``min_width``: the drawing is at least this wide (an explorer passes its column width,
    so a small tree uses the room it has).  Slots widen until no label can touch a node
    shape or another label; ``windows=False`` leaves no room for [α, β] windows; ``texts``
    (the values and ``[α, β]`` windows a search will write, when known) makes room for those alone
    instead of for the widest a value of the tree could be; ``events`` (a search's transcript)
    makes room for the texts the layout says it writes (:meth:`TreeLayout.texts_written`);
    ``evaluated`` (the nodes a search evaluates statically; read from ``events`` unless given)
    makes room for the order badge left of each inner node among them (a depth limit's).

    >>> from mmlib import search
    >>> view = TreeSvg([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    >>> result = search.alphabeta(view.tree, trace=True)
    >>> from mmlib.draw.tree import marks_from_result
    >>> view.show(marks_from_result(result)).count('class="node leaf pruned"')   # leaves 9, 0, -1
    3
    """

    def __init__(self, tree: AnyTree | SearchResult, *, min_width: float = 0.0, windows: bool = True,
                 root: Path | str = (),
                 max_depth: int | None = None, max_nodes: int | None = DEFAULT_MAX_NODES,
                 texts: Iterable[str] | None = None, events: Iterable[Any] | None = None,
                 evaluated: Iterable[Path] | None = None):
        min_width = _validate.number("min_width", min_width, finite=True)
        if not 0 <= min_width <= MAX_WIDTH_PX:
            raise ArgumentError(f"min_width: expected pixels from 0 to {MAX_WIDTH_PX:,}, "
                                f"got {printable(min_width)}")
        self.frame = TreeLayout(tree, root=root, max_depth=max_depth, max_nodes=max_nodes)
        if events is not None:
            events = tuple(events)
            texts = self.frame.texts_written(events) if texts is None else texts
            evaluated = [event.path for event in events if event.kind == "leaf"] if evaluated is None \
                else evaluated
        self.badged = {tuple(path) for path in evaluated or ()
                       if tuple(path) in self.frame.kinds and self.frame.kinds[tuple(path)] != "leaf"}
        self.tree = self.frame.tree
        self.nodes = self.frame.nodes
        self.kind = self.frame.kinds
        self.grid = self.frame.positions
        self.value_room, self.window_room = self._text_room(windows, texts)
        self.levels = self.frame.levels
        self.probabilities = self.frame.probabilities
        names = [text_width(name, MIN_FONT_PX) for name in self.levels.values()]
        self.gutter = max(names) + 16 if names else 0.0
        self.left_margin = 12.0 + self.gutter + max(self.value_room, self.window_room) / 2
        self.top = 0.0
        self.level = LEVEL
        """Pixels between two levels."""
        self.places = Places()
        self.slot = self.width = 0.0
        self.xy: dict[Path, tuple[float, float]] = {}
        self.spread = 1.0
        self._make_room(min_width)
        # the title, then the tree, then the legend: the tree stays where it is from step to step
        # while the legend under it gains and loses rows, and no rows are kept empty above it
        over_root = self._reserved(self.frame.root, self.places.get(self.frame.root, ""))
        highest = min([box.top for box in over_root] + [-RING])
        self.top = TITLE_ROOM - highest + GAP
        self.xy = self._points()
        self.tree_bottom = self.top + self.level * self.frame.depth + LEAF_RING + 2 + GAP + VALUE_FONT_PX
        """Where the lowest node's value ends; a leaf's window is one line lower."""
        rows = max(len(self._legend_rows(legend)) for legend in self._widest_legends())
        self.height = self._legend_top(True) + LEGEND_ROW * (rows - 1) + LEGEND_MARGIN
        """The height with the longest legend this tree can have (a drawing is as high as its own)."""
        self.letters = True

    def _text_room(self, windows: bool, texts: Iterable[str] | None) -> tuple[float, float]:
        """The width kept beside a node for its value and for its window: for the texts a search
        will write when they are known, else for the widest value the tree holds."""
        widest = max(self.frame.widest_value(), 2)
        value_room = text_width(bound_text(LOWER, "8" * widest), VALUE_FONT_PX)
        window_room = max(text_width(f"[{'8' * widest}, {'8' * widest}]", MIN_FONT_PX),
                          text_width("[−∞, +∞]", MIN_FONT_PX)) if windows else 0.0
        if texts is not None:         # the values and windows a search will write: room for those alone
            shown = [text for text in texts if text]
            values = [text for text in shown if not text.startswith("[")]
            windows_shown = [text for text in shown if text.startswith("[")]
            value_room = max([text_width(text, VALUE_FONT_PX) for text in values]
                             + [text_width(bound_text(LOWER, "88"), VALUE_FONT_PX)])
            if windows:
                window_room = max([text_width(text, MIN_FONT_PX) for text in windows_shown]
                                  + [text_width("[−∞, +∞]", MIN_FONT_PX)])
        return value_room, window_room

    def _make_room(self, min_width: float) -> None:
        """Lay the tree out with more room between the levels, then between the slots, while a
        node's texts have no clear place; when none is clear everywhere, the least crowded (the
        smallest of those)."""
        tried: list[tuple[int, float, float]] = []
        for spread, stretch in ((spread, stretch) for spread in SLOT_SPREAD for stretch in LEVEL_STRETCH):
            self.level, self.spread = LEVEL * stretch, spread
            self._lay_out(min_width)
            tried.append((len(self.places.crowded), spread, stretch))
            if not self.places.crowded:
                return
        _, self.spread, stretch = min(tried)
        self.level = LEVEL * stretch
        self._lay_out(min_width)

    # -- geometry --------------------------------------------------------------------------
    def _lay_out(self, min_width: float) -> None:
        """The slot width, the drawing's width, the nodes' points and the places of their texts,
        :attr:`level` pixels between the levels."""
        slots = self.frame.slots
        needed = self._needed_slot() * self.spread
        room = (min_width - self.left_margin - self._right_room(needed)) / max(slots - 1, 1)
        self.slot = min(max(needed, room), max(MAX_SLOT, needed))
        self.width = max(self.left_margin + self.slot * (slots - 1) + self._right_room(self.slot), 420.0,
                         min_width)
        self.xy = self._points()
        self.places = self._places()
        texts = [box.left for path, place in self.places.items() for box in self._reserved(path, place)]
        short = 12.0 + self.gutter - min(texts, default=math.inf)
        if short > 0:                      # a text left of the leftmost node: the tree moves right
            self.left_margin += short
            self.width = max(self.width,
                             self.left_margin + self.slot * (slots - 1) + self._right_room(self.slot))
            self.xy = self._points()
            self.places = self._places()

    def _points(self) -> dict[Path, tuple[float, float]]:
        return {path: (self.left_margin + self.slot * x, self.top + self.level * -y)
                for path, (x, y) in self.grid.items()}

    def _beside(self, path: Path, place: str, value: str, window: str, opacity: float = 1.0, *,
                static: bool = False) -> list[Label]:
        """The value and window of the inner node at ``path`` written at ``place`` (one of
        :data:`~mmlib.draw.tree_layout.BESIDE`); ``static``: the value is the node's static
        evaluation, written in plain type (class ``static value``), not bold."""
        x, y = self.xy[path]
        sign = -1.0 if place.startswith("left") else 1.0
        at, anchor = x + sign * BESIDE_AT, "end" if sign < 0 else "start"
        under = y + 3 + VALUE_FONT_PX * 0.8                     # a value's baseline, its top just under y
        above = y - ABOVE_BASELINE
        value_y, window_y = {"above": (above - MIN_FONT_PX * 1.2, above),
                             "below": (under, under + MIN_FONT_PX * 1.2)
                             }.get(place.rsplit(" ", 1)[-1], (y - 3, y + MIN_FONT_PX * 1.1))
        css = "static value" if static else "value"
        out = [Label(at, value_y, value, VALUE_FONT_PX, anchor, css, opacity)] if value else []
        return out + ([Label(at, window_y, window, MIN_FONT_PX, anchor, "window")] if window else [])

    def _reserved(self, path: Path, place: str) -> list[Box]:
        """The boxes the widest value and window of ``path`` would cover at ``place``."""
        if not place:
            return []
        out = []
        labels = self._beside(path, place, "8", "8" if self.window_room else "")
        for label, width in zip(labels, (self.value_room, self.window_room), strict=False):
            left = label.x - width if label.anchor == "end" else label.x
            out.append(Box(left, label.box.top, left + width, label.box.bottom))
        return out

    def _places(self) -> Places:
        """Where each inner node's value and window go: the first place of
        :data:`~mmlib.draw.tree_layout.BESIDE` that no edge passes through (nor another node's
        shape or texts); decided once, for the widest texts the drawing keeps room for."""
        def boxes(path: Path, place: str) -> list[tuple[float, float, float, float]]:
            return [(b.left, b.top, b.right, b.bottom) for b in self._reserved(path, place)]

        written = [self._probability_label(path, text).box for path, text in self.probabilities.items()]
        return beside_places(self.grid, self.kind, point=self.xy.__getitem__, boxes=boxes,
                             reach=self._leaf_rects, margin=BESIDE_MARGIN,
                             x_range=(-math.inf, self.width - 4.0),
                             fixed=[(b.left - TEXT_SPACE, b.top - TEXT_SPACE, b.right + TEXT_SPACE,
                                     b.bottom + TEXT_SPACE) for b in written])     # on their edges

    def _shape_rect(self, path: Path) -> tuple[float, float, float, float]:
        box = self.shape_box(path)
        return box.left, box.top, box.right, box.bottom

    def _leaf_rects(self, path: Path) -> list[tuple[float, float, float, float]]:
        """What a node's shape covers; for a leaf also its order badge beside it and the room for its
        value and window under it."""
        if self.kind[path] != "leaf":
            return [self._shape_rect(path)]
        (x, y), half = self.xy[path], max(self.value_room, self.window_room) / 2
        under = y + LEAF_RING + 2
        return [(x - LEAF_RING - 2, y - LEAF_RING - 2, x + self._badge_x() + BADGE, under),
                (x - half, under, x + half, under + GAP + VALUE_FONT_PX + MIN_FONT_PX * 1.3)]

    def _extent(self, path: Path) -> tuple[float, float]:
        """How far a node's shape and labels reach to its left and to its right."""
        if self.kind[path] == "leaf":
            half = max(self.value_room, self.window_room) / 2
            return max(half, LEAF_RING + 2), max(half, self._badge_x() + BADGE)
        return RING + GAP + 2 * BADGE if path in self.badged else RING + 2, \
            BESIDE_AT + max(self.value_room, self.window_room)

    def _left_of(self, path: Path, neighbour: Path) -> float:
        """How far the node at ``path`` reaches to its left towards ``neighbour`` on its left: a
        leaf's value and window are written below it, lower than an inner neighbour's value and
        window (beside that node, at most 1.1 lines down), so only its shape meets them."""
        if self.kind[path] == "leaf" and self.kind[neighbour] != "leaf":
            return LEAF_RING + 2
        return self._extent(path)[0]

    @staticmethod
    def _badge_x() -> float:
        """Where the centre of a leaf's order badge sits, right of the leaf (clear of its ring)."""
        return LEAF_RING + 2 + GAP + BADGE

    def _needed_slot(self) -> float:
        """The leaf gap (pixels), read from the layout: every two neighbours on a level apart by
        what their shapes and texts reach, and nothing in a probability band touching."""
        def apart(left: Path, right: Path) -> float:
            return self._extent(left)[1] + self._left_of(right, left) + 2 * GAP

        bands = [[(x, (left, right)) for x, left, right in sorted(band)]
                 for band in self._probability_bands().values()]
        return max(self.frame.leaf_gap(apart, least=40.0),
                   slot_width(bands, lambda left, right: left[1] + right[0] + GAP))

    def _probability_bands(self) -> dict[int, list[tuple[float, float, float]]]:
        """By depth, what lies in the band just below that level, where probabilities are
        written: ``(x in slots, reach left, reach right)`` of each probability and leaf value."""
        bands: dict[int, list[tuple[float, float, float]]] = {}
        along = (RING + 2 + 1.05 * MIN_FONT_PX) / self.level        # see _probability_label
        for path, text in self.probabilities.items():
            (px, _), (cx, _) = self.grid[path[:-1]], self.grid[path]
            wide = text_width(text, MIN_FONT_PX) + PROBABILITY_GAP
            left = probability_side(px, cx) == "left"
            reach = (wide, -PROBABILITY_GAP) if left else (-PROBABILITY_GAP, wide)
            bands.setdefault(len(path) - 1, []).append((px + along * (cx - px), *reach))
        half = max(self.value_room, self.window_room) / 2
        for path, (x, _) in self.grid.items():
            if self.kind[path] == "leaf" and len(path) in bands:
                bands[len(path)].append((x, half, half))
        return bands

    def _right_room(self, slot: float) -> float:
        """The room right of the rightmost slot, ``slot`` pixels apart: as far as any node's
        shape and texts reach beyond it, and a margin."""
        rightmost = max(x for x, _ in self.grid.values())
        return max((x - rightmost) * slot + self._extent(path)[1]
                   for path, (x, _) in self.grid.items()) + 12.0

    def _ring(self, path: Path) -> float:
        return LEAF_RING if self.kind[path] == "leaf" else RING

    def shape_box(self, path: Path) -> Box:
        """The box a node's shape covers."""
        x, y = self.xy[path]
        if self.kind[path] == "leaf":
            half = RADIUS * 0.65
            return Box(x - half, y - half, x + half, y + half, "leaf")
        if self.kind[path] == "chance":
            return Box(x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS, "chance")
        tip = -1 if self.kind[path] == "max" else 1
        top, bottom = sorted((y + tip * RADIUS, y - tip * RADIUS * 0.7))
        return Box(x - RADIUS * 1.1, top, x + RADIUS * 1.1, bottom, self.kind[path])

    def scene(self, marks: Marks | None = None, *, values: bool = True, windows: bool = False,
              leaf_numbers: bool = True, title: str | None = None, description: str | None = None) -> Scene:
        """The scene to paint for ``marks`` (see :meth:`mmlib.draw.tree_layout.TreeLayout.scene`)."""
        return self.frame.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers,
                                title=title or "", description=description)

    def labels(self, marks: Marks | None = None, *, values: bool = True, windows: bool = False,
               leaf_numbers: bool = True) -> list[Label]:
        """The texts placed beside the nodes for ``marks`` (values, windows, leaf numbers)."""
        scene = self.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers)
        return self._scene_labels(scene)

    def _scene_labels(self, scene: Scene) -> list[Label]:
        out = []
        for mark in scene.nodes:
            x, y = self.xy[mark.path]
            if mark.kind == "leaf":
                below = y + LEAF_RING + 2 + GAP + 0.8 * VALUE_FONT_PX
                out.append(Label(x, below, mark.value, VALUE_FONT_PX, "middle", "value", mark.text_opacity))
                if mark.window:
                    out.append(Label(x, below + MIN_FONT_PX * 1.3, mark.window, MIN_FONT_PX, "middle",
                                      "window"))
                if mark.order is not None:
                    out.append(Label(x + self._badge_x(), y + MIN_FONT_PX * 0.35, str(mark.order),
                                      MIN_FONT_PX, "middle", "order"))
            else:
                place = self.places[mark.path]
                out += self._beside(mark.path, place, mark.value, mark.window, mark.text_opacity,
                                    static=mark.static)
                if mark.order is not None:    # evaluated at a depth limit: the badge where its texts are not
                    side = 1 if place.startswith("left") else -1
                    out.append(Label(x + side * (RING + GAP + BADGE), y + MIN_FONT_PX * 0.35, str(mark.order),
                                     MIN_FONT_PX, "middle", "order"))
                if mark.cut:
                    out.append(Label(x, y + RING + 2 + 0.8 * VALUE_FONT_PX, CUT_MARK, VALUE_FONT_PX,
                                      "middle", "cut"))
        for edge in scene.edges:
            if edge.probability:
                out.append(self._probability_label(edge.child, edge.probability))
        for depth, name in scene.levels.items():
            out.append(Label(12.0, self.top + self.level * depth + 0.3 * MIN_FONT_PX, name, MIN_FONT_PX,
                             "start", "level"))
        return out

    def boxes(self, marks: Marks | None = None, **options: Any) -> tuple[list[Box], list[Box]]:
        """``(shapes, labels)``: the boxes of the node shapes and of the labels drawn for ``marks``."""
        scene = self.scene(marks, **options)
        shapes = [self.shape_box(node.path) for node in self.nodes]
        current = scene.current
        if current is not None:
            x, y, r = *self.xy[current.path], self._ring(current.path) + 1.25      # half the ring's stroke
            shapes.append(Box(x - r, y - r, x + r, y + r, "current-ring"))
        labels = [label.box for label in self._scene_labels(scene)]
        crosses = [Label(x, y, "✕", 17.0, "middle", "cross").box for x, y in self._cross_points(scene)]
        return shapes, labels + crosses

    def _cross_points(self, scene: Scene) -> list[tuple[float, float]]:
        points = []
        for edge in scene.crosses:
            (x1, y1), (x2, y2) = self.xy[edge.parent], self.xy[edge.child]
            t = edge.cross_at
            points.append((x1 + t * (x2 - x1), y1 + t * (y2 - y1) + 6.0))
        return points

    # -- drawing ---------------------------------------------------------------------------------
    def show(self, marks: Marks | None = None, *, values: bool = True, windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None, description: str | None = None) -> str:
        """The SVG text of the tree showing ``marks`` (a plain tree when ``marks`` is None).

        ``description`` is the text alternative (``aria-label``); by default it is made from
        the marks (value of the root, best move, pruned leaves by label).
        """
        return self.paint(self.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers,
                                     title=title, description=description))

    def paint(self, scene: Scene) -> str:
        """The SVG text of ``scene`` (made by this view's :attr:`frame`)."""
        words = scene.description + self._chance_note()
        height = self._height(scene)
        svg = ET.Element("svg", {"xmlns": SVG_NS, "width": _num(self.width), "height": _num(height),
                                 "viewBox": f"0 0 {_num(self.width)} {_num(height)}",
                                 "font-family": FONT, "role": "img", "aria-label": clean_text(words),
                                 "style": "max-width:none;height:auto", "class": "mmlib-tree"})
        _sub(svg, "title", scene.title or words)
        _sub(svg, "desc", words)
        if scene.title:
            _sub(svg, "text", scene.title, x=12.0, y=24.0, font_size=style.TITLE_PX, font_weight="bold",
                 class_="title")
        self._legend(svg, scene)
        edges = _sub(svg, "g", class_="edges")
        for edge in scene.edges:
            self._edge(edges, edge)
        self._crosses(svg, scene)
        shapes = _sub(svg, "g", class_="nodes")
        for mark in scene.nodes:
            self._shape(shapes, mark)
        self._texts(svg, scene)
        self._current_ring(svg, scene)
        return ET.tostring(svg, encoding="unicode")

    def _chance_note(self) -> str:
        """What the circles and the numbers on edges mean, for trees with chance nodes."""
        if not self.probabilities:
            return ""
        return (" Chance nodes (circles) average their outcomes; the probability of each outcome "
                "is written on its edge.")

    def describe(self, marks: Marks) -> str:
        """What the drawing shows, in words (its text alternative)."""
        return self.frame.describe(marks)

    # -- one piece each ---------------------------------------------------------------------
    def _edge(self, parent: ET.Element, edge: EdgeMark) -> None:
        (x1, y1), (x2, y2) = self.xy[edge.parent], self.xy[edge.child]
        color, width, dash, opacity = {
            "pv": (PV_COLOR, 4.0, None, None), "pruned": (PRUNED_COLOR, 2.2, DOTS, None),
            "pending": (EDGE_COLOR, 1.0, None, PENDING_ALPHA), "searched": (EDGE_COLOR, 1.4, None, None),
            "plain": (EDGE_COLOR, 1.2, None, None)}[edge.style]
        css = "edge" if edge.style in ("searched", "plain") else f"edge {edge.style}"
        _sub(parent, "line", class_=css, x1=x1, y1=y1, x2=x2, y2=y2, stroke=color, stroke_width=width,
             stroke_dasharray=dash, stroke_linecap="round", stroke_opacity=opacity)

    def _crosses(self, parent: ET.Element, scene: Scene) -> None:
        for x, y in self._cross_points(scene):
            _sub(parent, "text", "✕", x=x, y=y, text_anchor="middle", font_size=17.0, font_weight="bold",
                 fill="#000000", class_="cross")

    def _shape(self, parent: ET.Element, mark: NodeMark) -> None:
        x, y = self.xy[mark.path]
        kind, opacity = mark.kind, mark.opacity
        classes = ["node", kind] + [s for s in (mark.state, "pv" if mark.on_pv else "",
                                                 "current" if mark.current else "") if s]
        style: dict[str, Any] = dict(class_=" ".join(classes), data_label=mark.label, fill=mark.fill,
                     stroke=PV_COLOR if mark.on_pv else "#000000",
                     stroke_width=2.6 if mark.on_pv else 1.0,
                     fill_opacity=opacity if opacity < 1 else None,
                     stroke_opacity=opacity if opacity < 1 and not mark.on_pv else None)
        if opacity < 1:       # a white shape under a faded node: the edges end under it, not across it
            self._shape_element(parent, kind, x, y, {"fill": "#ffffff", "stroke": "#ffffff",
                                                     "stroke_width": 1.0, "class_": "backing"})
        element = self._shape_element(parent, kind, x, y, style)
        _sub(element, "title", mark.title)

    @staticmethod
    def _shape_element(parent: ET.Element, kind: str, x: float, y: float,
                       style: dict[str, Any]) -> ET.Element:
        """The shape of a node of ``kind`` at (x, y): a square leaf, a round chance node, a
        triangle pointing up (MAX) or down (MIN)."""
        if kind == "leaf":
            side = RADIUS * 1.3
            return _sub(parent, "rect", x=x - side / 2, y=y - side / 2, width=side, height=side, **style)
        if kind == "chance":
            return _sub(parent, "circle", cx=x, cy=y, r=RADIUS, **style)
        tip = -1 if kind == "max" else 1          # MAX points up, MIN points down
        points = [(x, y + tip * RADIUS), (x - RADIUS * 1.1, y - tip * RADIUS * 0.7),
                  (x + RADIUS * 1.1, y - tip * RADIUS * 0.7)]
        return _sub(parent, "polygon", points=" ".join(f"{_num(a)},{_num(b)}" for a, b in points), **style)

    def _texts(self, parent: ET.Element, scene: Scene) -> None:
        group = _sub(parent, "g", class_="texts")
        if self.letters:
            for mark in scene.nodes:
                x, y = self.xy[mark.path]
                shift = {"max": 0.42, "min": 0.18, "leaf": 0.36, "chance": 0.36}[mark.kind] * MIN_FONT_PX
                _sub(group, "text", mark.label, x=x, y=y + shift, text_anchor="middle", font_size=MIN_FONT_PX,
                     font_weight="bold", fill="#000000", class_="label",
                     opacity=mark.text_opacity if mark.text_opacity < 1 else None)
        faded = {(edge.parent, edge.child) for edge in scene.edges if edge.faded}
        for label in self._scene_labels(scene):
            if label.css == "order":
                _sub(group, "circle", cx=label.x, cy=label.y - MIN_FONT_PX * 0.35, r=BADGE, fill="#333333",
                     class_="order")
            if label.css == "probability":     # on its edge: a white halo keeps it readable
                _sub(group, "text", label.text, x=label.x, y=label.y, font_size=label.size,
                     class_="probability", text_anchor=None if label.anchor == "start" else label.anchor,
                     fill="#000000", stroke="#ffffff",
                     stroke_width=3.5, paint_order="stroke", stroke_linejoin="round",
                     opacity=FADED_TEXT_ALPHA if self._faded_edge(label, faded) else None)
                continue
            bold = label.css == "cut" or (label.css == "value" and label.anchor != "middle")
            attributes = dict(x=label.x, y=label.y, font_size=label.size, class_=label.css,
                              text_anchor=None if label.anchor == "start" else label.anchor,
                              fill={"window": WINDOW_COLOR, "order": "#ffffff",
                                    "level": WINDOW_COLOR}.get(label.css, "#000000"),
                              font_weight="bold" if bold else None,
                              opacity=label.opacity if label.opacity < 1 else None)
            _sub(group, "text", label.text, **attributes)

    def _faded_edge(self, label: Label, faded: set[tuple[Path, Path]]) -> bool:
        """True when the probability ``label`` is on an edge into a pruned subtree."""
        return any(self.probabilities.get(child) == label.text
                   and abs(self._probability_label(child, label.text).x - label.x) < 1e-6
                   for _, child in faded)

    def _probability_label(self, path: Path, text: str) -> Label:
        """The probability of the edge into ``path``, beside the edge (:func:`probability_side`):
        the corner of its box nearest the edge :data:`PROBABILITY_GAP` from the line, at the
        height of the box's lower edge, so that no part of the line crosses it."""
        (x1, y1), (x2, y2) = self.xy[path[:-1]], self.xy[path]
        baseline = y1 + RING + 2 + 0.8 * MIN_FONT_PX
        low = baseline + 0.25 * MIN_FONT_PX                             # the lower edge of its box
        on_line = x1 + (low - y1) / (y2 - y1) * (x2 - x1) if y2 != y1 else x1
        if probability_side(x1, x2) == "left":
            return Label(on_line - PROBABILITY_GAP, baseline, text, MIN_FONT_PX, "end", "probability")
        return Label(on_line + PROBABILITY_GAP, baseline, text, MIN_FONT_PX, "start", "probability")

    def _current_ring(self, parent: ET.Element, scene: Scene) -> None:
        current = scene.current
        if current is None:
            return
        x, y = self.xy[current.path]
        _sub(parent, "circle", cx=x, cy=y, r=self._ring(current.path), fill="none", stroke=CURRENT_COLOR,
             stroke_width=RING_STROKE, stroke_dasharray="6 4", class_="current-ring")

    def _widest_legends(self) -> list[tuple[LegendEntry, ...]]:
        """Legends with every entry this drawing can show, of a search and of Monte Carlo tree
        search (to reserve the rows of the longer)."""
        return [self.frame.every_legend_entry(monte_carlo=monte_carlo) for monte_carlo in (False, True)]

    def _legend_rows(self, legend: tuple[LegendEntry, ...]) -> list[list[tuple[Any, str, float]]]:
        """The legend entries, wrapped into rows that fit the drawing's width."""
        glyphs = {"max": self._legend_glyph("▲", MAX_COLOR), "min": self._legend_glyph("▼", MIN_COLOR),
                  "leaf": self._legend_glyph("■", LEAF_COLOR),
                  "chance": self._legend_glyph("●", CHANCE_COLOR),
                  "pv": self._legend_pv, "ring": self._legend_ring, "pruned": self._legend_pruned,
                  "pending": self._legend_glyph("■", LEAF_COLOR, PENDING_ALPHA), "order": self._legend_order}
        draws = [glyphs.get(entry.glyph) for entry in legend]
        widths = [(30.0 if draw is not None else 0.0) + text_width(entry.words, MIN_FONT_PX) * 0.9 + 18
                  for draw, entry in zip(draws, legend, strict=True)]
        rows: list[list[tuple[Any, str, float]]] = []
        for row in legend_rows(widths, self.width - 12.0) or [[]]:
            x = 12.0
            rows.append([])
            for index in row:
                rows[-1].append((draws[index], legend[index].words, x))
                x += widths[index]
        return rows

    def _legend_top(self, windows: bool) -> float:
        """The baseline of the legend's first row: under the lowest texts of the tree (the leaves'
        windows when ``windows``)."""
        return self.tree_bottom + (MIN_FONT_PX * 1.3 if windows else 0.0) + LEGEND_GAP

    def _height(self, scene: Scene) -> float:
        """How high the drawing of ``scene`` is: down to its legend's last row."""
        rows = max(len(self._legend_rows(scene.legend)), 1)
        return self._legend_top(self._leaf_windows(scene)) + LEGEND_ROW * (rows - 1) + LEGEND_MARGIN

    @staticmethod
    def _leaf_windows(scene: Scene) -> bool:
        return any(mark.window for mark in scene.nodes if mark.kind == "leaf")

    def _legend(self, parent: ET.Element, scene: Scene) -> None:
        group = _sub(parent, "g", class_="legend")
        top = self._legend_top(self._leaf_windows(scene))
        for number, row in enumerate(self._legend_rows(scene.legend)):
            y = top + LEGEND_ROW * number
            for draw, words, x in row:
                if draw is not None:
                    draw(group, x, y - 4)
                    x += 30
                _sub(group, "text", words, x=x, y=y, font_size=MIN_FONT_PX)

    @staticmethod
    def _legend_glyph(glyph: str, color: str, opacity: float = 1.0) -> Any:
        def draw(group: ET.Element, x: float, y: float) -> None:
            _sub(group, "text", glyph, x=x + 6, y=y + 8, font_size=18.0, fill=color, stroke="#000000",
                 stroke_width=0.6, opacity=opacity if opacity < 1 else None)
        return draw

    @staticmethod
    def _legend_pv(group: ET.Element, x: float, y: float) -> None:
        _sub(group, "line", x1=x, y1=y, x2=x + 24, y2=y, stroke=PV_COLOR, stroke_width=4.0)

    @staticmethod
    def _legend_ring(group: ET.Element, x: float, y: float) -> None:
        _sub(group, "circle", cx=x + 12, cy=y, r=8.0, fill="none", stroke=CURRENT_COLOR, stroke_width=2.0,
             stroke_dasharray="4 3")

    @staticmethod
    def _legend_order(group: ET.Element, x: float, y: float) -> None:
        """A leaf's order badge: a dark disc with a white 1."""
        _sub(group, "circle", cx=x + 12, cy=y, r=BADGE, fill="#333333")
        _sub(group, "text", "1", x=x + 12, y=y + MIN_FONT_PX * 0.35, font_size=MIN_FONT_PX, fill="#ffffff",
             text_anchor="middle")

    @staticmethod
    def _legend_pruned(group: ET.Element, x: float, y: float) -> None:
        _sub(group, "line", x1=x, y1=y, x2=x + 24, y2=y, stroke=PRUNED_COLOR, stroke_width=2.2,
             stroke_dasharray=DOTS, stroke_linecap="round")


def tree_svg(tree: AnyTree | SearchResult, marks: Marks | None = None, *, values: bool = True,
             windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None, min_width: float = 0.0,
             root: Path | str = (), max_depth: int | None = None, max_nodes: int | None = DEFAULT_MAX_NODES,
             step: int | None = None) -> str:
    """A game tree as SVG text, with what a search did when ``marks`` is given.

    ``tree``: an explicit tree, a generated tree, a nested list, a tree text, or a
    :class:`~mmlib.search.SearchResult` (then ``marks`` are read from it, or with ``step``
    from the first ``step`` events of its transcript).  ``marks``: from
    :func:`~mmlib.draw.tree.marks_from_result` or, for a step of a search,
    :meth:`mmlib.trace.Trace.marks`.  The other arguments are those of
    :func:`~mmlib.draw.draw_tree`.

    >>> from mmlib import search
    >>> from mmlib.draw.tree import marks_from_result
    >>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    >>> svg = tree_svg(result.game, marks_from_result(result), windows=True, title="AIMA figure 5.2")
    >>> svg.count('class="node leaf pruned"'), "[3, +∞]" in svg, "≤ 2" in svg    # leaves 4 and 6 pruned
    (2, True, True)
    """
    description = None
    if hasattr(tree, "stats") and hasattr(tree, "trace"):
        tree, found, description, _ = drawing_parts(tree, step=step, windows=False)
        marks = marks if marks is not None else found
    view = TreeSvg(tree, min_width=min_width, windows=windows, root=root, max_depth=max_depth,
                   max_nodes=max_nodes, evaluated=getattr(marks, "leaf_numbers", None))
    return view.show(marks, values=values, windows=windows, leaf_numbers=leaf_numbers, title=title,
                     description=description)
