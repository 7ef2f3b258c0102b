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
from collections.abc import Iterable
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError, describe
from ..trace import (
    Marks,
    Trace,
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
from .display import ALT_ATTRIBUTE, check_axes, set_alt
from .tree_layout import (
    CHANCE_COLOR,
    CURRENT_COLOR,
    CUT_MARK,
    EDGE_COLOR,
    FADED_ALPHA,
    LEAF_COLOR,
    MAX_COLOR,
    MIN_COLOR,
    PENDING_ALPHA,
    PROBABILITY_AT,
    PRUNED_COLOR,
    PV_COLOR,
    Scene,
    TreeLayout,
    as_tree,
    drawing_parts,
    edge_style,
    is_result,
    layout,
    level_names,
    node_kind,
    probability_edges,
)

__all__ = [
    "Marks",
    "TreeView",
    "draw_tree",
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
"""Slots left of the leftmost node where the level names (MAX, MIN 1, chance) are written."""
RING_AREA = 1.9
"""The dashed ring around the current node has this many times the area of the node's marker."""
MIN_FONT_PT = style.TEXT_PT
"""No text of a matplotlib tree is smaller: 11 pt, 14.7 px at 96 dpi.  A tree figure is at most
:data:`mmlib.draw.style.MAX_FIGURE_INCHES` wide, so a notebook column never shrinks it."""
VALUE_FONT_PT = style.VALUE_PT
"""The values beside the nodes."""

# -- what a search did (read from the trace model) -------------------------------------------------

def marks_from_events(tree: Any, events: Iterable[Any], offset: Path = (), *,
                      variant: str = "fail-soft", negamax: bool = False) -> Marks:
    """Marks after the given trace events (a prefix of a trace gives a step of the search);
    ``offset`` is the path of the node the search started from.  The facts come from
    :class:`mmlib.trace.Trace`; this is a shortcut for ``Trace(...).marks(len(events))``.
    """
    events = tuple(events)
    return Trace(tree, events, start=offset, variant=variant, negamax=negamax).marks(len(events))


def marks_from_result(result: Any) -> Marks:
    """Marks for a finished search (see :func:`mmlib.trace.result_marks`): values with their
    bounds, the windows each node was *called* with, pruned subtrees, leaf order and PV."""
    _check_result(result)
    return result_marks(result)


def pruned_leaves(result: Any) -> list[Path]:
    """The leaves (paths, left to right) that the search pruned away.

    >>> from mmlib import search
    >>> pruned_leaves(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    [(1, 1), (1, 2)]
    """
    _check_result(result)
    return result_pruned_leaves(result)


_is_result = is_result


def _check_result(result: Any) -> None:
    if not _is_result(result):
        raise ArgumentTypeError(f"result: expected the result of a search (search.alphabeta(...)), "
                                f"got {type(result).__name__}")


# -- the painter ------------------------------------------------------------------------------------

MARKERS = {"max": "^", "min": "v", "leaf": "s", "chance": "o"}
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

    def __init__(self, tree: Any, *, ax: Any = None, edge_labels: bool = False,
                 node_size: float | None = None, title: str | None = None, windows: bool = False,
                 root: Path | str = (), max_depth: int | None = None,
                 max_nodes: int | None = FIGURE_MAX_NODES, shown: Scene | None = None):
        from matplotlib.figure import Figure

        check_axes(ax)
        if node_size is not None and (isinstance(node_size, bool) or not isinstance(node_size, (int, float))
                                      or not 1 <= node_size <= 10_000):
            raise ArgumentError(f"node_size: expected a marker area from 1 to 10,000 (points²), "
                                f"got {describe(node_size)}")
        self.frame = TreeLayout(tree, root=root, max_depth=max_depth, max_nodes=max_nodes)
        # the texts to make room for: those of ``shown`` (a drawing of one state), else the widest possible
        self.shown_texts = {mark.path: (mark.value, mark.window) for mark in shown.nodes} if shown else {}
        self.tree = self.frame.tree
        self.positions = self.frame.positions
        self.nodes = self.frame.nodes
        slots = self.frame.slots
        self.widest = max((len(format_value(leaf.value)) for leaf in self.frame.leaves), default=1)
        if ax is None:
            xs = [x for x, _ in self.positions.values()]
            span = max(xs) - min(xs) + (LEVEL_ROOM + 0.1 if self.frame.levels else 0.7) + 1.1   # x limits
            needed = self._needed_slot_points(windows) * span / 72 / 0.93                # inches
            # as wide as a notebook column shows unshrunk, wider (to 18 inches) only when labels need it
            width = min(max(min(1.2 + 0.62 * slots, style.MAX_FIGURE_INCHES), needed, 4.0), 18.0)
            height = min(max(1.35 * (self.frame.depth + 1) + 1.4, 3.0), 10.0)
            self.figure = Figure(figsize=(width, height), layout="constrained")
            ax = self.figure.add_subplot()
        else:
            self.figure = ax.figure
        self.ax = ax
        self.slot_points = max(ax.get_position().width * self.figure.get_figwidth() * 72 / (slots + 0.8), 1.0)
        # (the default axes position; constrained layout widens the axes, so slots only grow)
        self.font = VALUE_FONT_PT
        self.node_size = node_size if node_size is not None else \
            min(max((self.slot_points * 0.62) ** 2, 9.0), 520.0)
        self.radius_points = self.node_size ** 0.5 / 2
        # crowded leaves: no room beside a leaf for its evaluation number, which goes under its value
        self.crowded = self.slot_points < 0.62 * self.font * self.widest + 2.2 * MIN_FONT_PT + 8
        self.value_depth = self.font * 1.3
        self.leaf_values_shown = self.slot_points >= 0.62 * self.font * self.widest + 2   # else too many
        self.levels = self.frame.levels
        self.probabilities = self.frame.probabilities
        self.windows = windows
        self._draw_edges(edge_labels)
        self._draw_nodes()
        self._draw_texts()
        self._draw_chance_and_levels()
        self._draw_frame(title)

    def _needed_slot_points(self, windows: bool) -> float:
        """The slot width (points) at which no label of a node reaches its neighbour on the
        same level (labels to the right of inner nodes, under leaves).  A marker grows with the
        slot (see ``node_size``), so the width is found by a few rounds of fixed-point iteration."""
        slot = 60.0
        for _ in range(6):
            slot = self._slot_for_radius(windows, min(max(slot * 0.62, 3.0), 520.0 ** 0.5) / 2)
        return slot

    def _slot_for_radius(self, windows: bool, radius: float) -> float:
        font = VALUE_FONT_PT
        leaf_texts = [format_value(leaf.value) for leaf in self.frame.leaves] or ["0"]
        widest = max(leaf_texts, key=lambda text: _text_points(text, font))
        lowest, highest = (format_value(f(leaf.value for leaf in self.frame.leaves))
                           for f in (min, max)) if self.frame.leaves else ("0", "0")
        value = _text_points(f"≥ {widest}", font, bold=True) + 2
        window = max(_text_points(f"[{low}, {high}]", MIN_FONT_PT) + 2
                     for low in (lowest, "−∞") for high in (highest, "+∞")) if windows else 0.0

        def widths(path: Path) -> tuple[float, float]:
            """How wide the value and the window beside ``path`` are (or may be)."""
            if path not in self.shown_texts:
                return value, window
            text, frame = self.shown_texts[path]
            return (_text_points(text, font, bold=self.frame.kinds[path] != "leaf") + 2,
                    _text_points(frame, MIN_FONT_PT) + 2 if frame else 0.0)

        def extent(path: Path) -> tuple[float, float]:
            beside = max(widths(path))
            if self.frame.kinds[path] == "leaf" or path in self.frame.cut:
                if path in self.frame.cut:
                    return radius * RING_AREA ** 0.5, radius * RING_AREA ** 0.5 + 3 + beside
                # a leaf's marker and ring grow with the slot (at most 0.32 slot wide each side), so
                # only its value and window decide; a crowded leaf's number goes under them
                half = max(_text_points(widest, font), widths(path)[1]) / 2
                return half, half
            return radius * RING_AREA ** 0.5, radius * RING_AREA ** 0.5 + 3 + beside

        return self.frame.leaf_gap(lambda left, right: extent(left)[1] + extent(right)[0] + 3)

    # -- building the artists (once) --------------------------------------------------------
    def _draw_edges(self, edge_labels: bool) -> None:
        from matplotlib.collections import LineCollection

        self.edge_paths = [node.path for node in self.nodes if node.path != self.frame.root]
        segments = [(self.positions[p[:-1]], self.positions[p]) for p in self.edge_paths]
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
        self.value_texts, self.window_texts, self.number_texts, self.cross_texts = {}, {}, {}, {}
        self.label_texts: dict[Path, Any] = {}
        letters = 2 * r >= MIN_FONT_PT * 1.9
        leaf_r = r * 0.55 ** 0.5
        ring, leaf_ring = r * RING_AREA ** 0.5, leaf_r * RING_AREA ** 0.5     # the current node's ring
        for node in self.nodes:
            x, y = self.positions[node.path]
            if letters:
                self.label_texts[node.path] = ax.text(
                    x, y, node.label, ha="center", va="center", fontsize=MIN_FONT_PT, color="black",
                    fontweight="bold", zorder=4)
            else:       # too small a shape for its letter: the label stands just above it, on a halo
                above = (leaf_ring if node.is_leaf() else ring) + 2
                self.label_texts[node.path] = beside(
                    node.label, (x, y), (0, above), ha="center", va="bottom", fontsize=MIN_FONT_PT,
                    color="black", fontweight="bold", zorder=7,
                    bbox={"boxstyle": "round,pad=0.05", "fc": "white", "ec": "none"})
            if node.path in self.frame.cut:      # its children are not drawn
                beside(CUT_MARK, (x, y), (0, -(r + 2)), ha="center", va="top", fontsize=font * 1.2,
                       fontweight="bold", zorder=4)
            if node.is_leaf():
                below = leaf_ring + 5 + self.value_depth            # under the value: window, number
                self.value_texts[node.path] = beside(
                    "", (x, y), (0, -(leaf_ring + 3)), ha="center", va="top", fontsize=font, zorder=4)
                self.window_texts[node.path] = beside(
                    "", (x, y), (0, -below), ha="center", va="top", fontsize=MIN_FONT_PT,
                    color=style.SOFT_INK)
                where = (0, -(below + (MIN_FONT_PT * 1.4 if self.windows else 0) + 3)) if self.crowded \
                    else (leaf_ring + 3, leaf_r)
                self.number_texts[node.path] = beside(
                    "", (x, y), where, ha="center" if self.crowded else "left",
                    va="top" if self.crowded else "center", fontsize=MIN_FONT_PT,
                    color="white", zorder=6, visible=False,
                    bbox={"boxstyle": "circle,pad=0.15", "fc": "#333333", "ec": "none"})
            else:
                self.value_texts[node.path] = beside(
                    "", (x, y), (ring + 3, 1), ha="left", va="bottom", fontsize=font, fontweight="bold",
                    zorder=4)
                self.window_texts[node.path] = beside(
                    "", (x, y), (ring + 3, -1), ha="left", va="top", fontsize=MIN_FONT_PT,
                    color=style.SOFT_INK)
        for path in self.edge_paths:
            (px, py), (x, y) = self.positions[path[:-1]], self.positions[path]
            t = 0.62 if path in self.probabilities else 0.5    # clear of the edge's probability
            self.cross_texts[path] = ax.text(
                px + t * (x - px), py + t * (y - py), "✕", ha="center", va="center", fontsize=font * 1.2,
                color="black", fontweight="bold", zorder=6, visible=False)

    def _draw_chance_and_levels(self) -> None:
        """The probability on each edge out of a chance node, and who moves at each level."""
        self.probability_texts = {}
        for path, text in self.probabilities.items():
            (x1, y1), (x2, y2) = self.positions[path[:-1]], self.positions[path]
            self.probability_texts[path] = self.ax.text(
                x1 + PROBABILITY_AT * (x2 - x1), y1 + PROBABILITY_AT * (y2 - y1), text, ha="center",
                va="center", fontsize=MIN_FONT_PT, zorder=3,
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
        left = min(x for x, _ in self.positions.values())
        self.level_texts = {depth: self.ax.text(left - LEVEL_ROOM, -depth, name, ha="left", va="center",
                                                fontsize=MIN_FONT_PT, color="#333333")
                            for depth, name in self.levels.items()}

    def _draw_frame(self, title: str | None) -> None:
        ax = self.ax
        xs = [x for x, _ in self.positions.values()]
        ax.set_xlim(min(xs) - (LEVEL_ROOM + 0.1 if self.levels else 0.7), max(xs) + 1.1)
        below = (1.0 + 0.35 * self.windows + 0.45 * self.crowded)
        ax.set_ylim(-self.frame.depth - below, 0.55)
        ax.set_axis_off()
        self.title = ax.set_title(title or "", fontsize=style.TITLE_PT)
        self.legend = None
        self.legend_entries: tuple[Any, ...] = ()

    def _legend_handle(self, glyph: str, words: str) -> Any:
        from matplotlib.lines import Line2D

        if glyph in MARKERS:
            return Line2D([], [], marker=MARKERS[glyph], ls="", color=self._base_color(glyph), mec="black",
                          label=words)
        return {
            "pv": lambda: Line2D([], [], color=PV_COLOR, lw=3.5, label=words),
            "pruned": lambda: Line2D([], [], color=PRUNED_COLOR, lw=1.5, ls=":", marker="x", mec="black",
                                     label=words),
            "ring": lambda: Line2D([], [], marker="o", ms=10, mfc="none", mec=CURRENT_COLOR, ls="",
                                   label=words),
            "pending": lambda: Line2D([], [], marker="s", ls="", color=LEAF_COLOR, mec="black",
                                      alpha=FADED_ALPHA, label=words),
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
        columns = _legend_columns([entry.words for entry in scene.legend], self._axes_inches() - 0.1)
        self.legend = self.ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                                     ncols=columns, fontsize=MIN_FONT_PT, frameon=False,
                                     handletextpad=0.3, columnspacing=1.0, borderaxespad=0.2)

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
                self.probability_texts[edge.child].set_alpha(0.45 if edge.faded else 1.0)
        for mark in scene.nodes:
            self._paint_texts(mark)
        current = scene.current
        if current is not None:
            self.current_ring.set_offsets([(current.x, current.y)])
            scale = MARKER_AREA.get(current.kind, 1.0) if current.kind != "chance" else 0.75
            self.current_ring.set_sizes([self.node_size * RING_AREA * scale])
        else:
            self.current_ring.set_offsets(_empty_offsets())
        self._show_legend(scene)
        if title is not None:
            self.title.set_text(title)
        return self.figure

    def _paint_texts(self, mark: Any) -> None:
        value_text = self.value_texts[mark.path]
        value_text.set_alpha(mark.text_opacity)
        self.label_texts[mark.path].set_alpha(mark.text_opacity)
        if mark.kind != "leaf":
            value_text.set_text(mark.value)
        elif self.leaf_values_shown:
            value_text.set_text(mark.value)
        self.window_texts[mark.path].set_text(mark.window)
        if mark.kind == "leaf":
            number_text = self.number_texts[mark.path]
            number_text.set_visible(mark.order is not None)
            number_text.set_text(str(mark.order or ""))


@functools.lru_cache(maxsize=4096)
def _text_points(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` in points at font ``size``, from the font's own metrics (remembered:
    fitting the slots of a wide tree asks the same few texts thousands of times)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    properties = FontProperties(size=size, weight="bold" if bold else "normal")
    width, _, _ = TextToPath().get_text_width_height_descent(text, properties, ismath=False)
    return float(width)


def _legend_columns(words: list[str], inches: float) -> int:
    """The most legend columns that fit ``inches`` (matplotlib puts one more entry in each of the
    first ``len(words) % columns`` columns)."""
    widths = [(len(text) * 0.6 * MIN_FONT_PT + 36) / 72 for text in words]
    for columns in range(len(words), 1, -1):
        rows, long_columns = divmod(len(words), columns)
        sizes = [rows + 1] * long_columns + [rows] * (columns - long_columns)
        starts = [sum(sizes[:i]) for i in range(columns)]
        total = sum(max(widths[start:start + size])
                    for start, size in zip(starts, sizes, strict=True) if size)
        if total <= inches:
            return columns
    return 1


def _empty_offsets() -> Any:
    import numpy as np
    return np.empty((0, 2))


def draw_tree(tree_or_result: Any, *, ax: Any = None, values: bool | str = True, windows: bool = False,
              leaf_numbers: bool = True, edge_labels: bool = False, title: str | None = None,
              node_size: float | None = None, root: Path | str = (), max_depth: int | None = None,
              max_nodes: int | None = FIGURE_MAX_NODES, step: int | None = None,
              conventions: Any = None) -> Any:
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
    move (child index) on each edge.  The legend under the tree says what each mark means.

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
                    max_depth=max_depth, max_nodes=max_nodes, shown=shown)
    scene = view.frame.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers,
                             description=words)
    figure = view.paint(scene)
    set_alt(figure, scene.description if ax is None else
            " ".join(filter(None, [getattr(figure, ALT_ATTRIBUTE, ""), scene.description])))
    return figure


def _static_values(values: Any, tree_or_result: Any) -> bool:
    """True for ``values="static"`` (on a plain tree only); refuses what ``values`` cannot be."""
    if isinstance(values, bool):
        return False
    if values != "static":
        raise ArgumentTypeError(f"values: expected True, False or 'static', got {describe(values)}")
    if _is_result(tree_or_result):
        raise ArgumentError("values: 'static' shows a plain tree's static values; a search result shows "
                            "the values its search returned (draw the tree itself)")
    return True


def static_words(tree: Any) -> str:
    """The text alternative of a tree drawn with its static values: every number, node by node.

    >>> static_words("ABC\\nA: BC\\nA 4\\nB 1\\nC 7")[-62:]
    'each node its static value (a leaf: its value): A 4, B 1, C 7.'
    """
    explicit = as_tree(tree)
    numbers = ", ".join(f"{node.label} {format_value(node.value)}" for node in explicit.nodes()
                        if node.value is not None)
    return (f"A game tree with {explicit.node_count} nodes and {explicit.leaf_count} leaves; beside each "
            f"node its static value (a leaf: its value): {numbers}.")


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
