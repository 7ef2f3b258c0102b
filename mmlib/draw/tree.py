"""Drawing game trees: a tidy layered layout, and the facts of a search painted on top of it.

The layout gives every leaf its own slot (0, 1, 2, ... from left to right) and puts
each parent midway between its first and last child, one level per depth.  Two
nodes of the same depth therefore sit at least one slot apart.

The facts (values and whether they are bounds, windows, pruned subtrees, leaf order,
principal variation, current node) come from :mod:`mmlib.trace` as :class:`Marks`;
this module only paints them.  :class:`TreeView` draws a tree once and then shows any
:class:`Marks` by updating its artists, which is what a step-through does at every step.

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

from collections.abc import Iterable
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError, describe
from ..trace import (
    Marks,
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
from ..trees import Tree
from .display import ALT_ATTRIBUTE, check_axes, set_alt

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
    "LEGEND",
    "describe_drawing",
    "as_tree",
    "level_names",
    "probability_edges",
    "PROBABILITY_AT",
]

Path = tuple

# Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour-vision deficiency.
MAX_COLOR = "#56B4E9"       # sky blue
MIN_COLOR = "#E69F00"       # orange
LEAF_COLOR = "#DDDDDD"      # light grey (squares)
CHANCE_COLOR = "#F0E442"    # yellow (circles)
PV_COLOR = "#D55E00"        # vermillion, with thick solid edges
EDGE_COLOR = "#555555"
PRUNED_COLOR = "#999999"    # with dotted edges and a ✕
CURRENT_COLOR = "#000000"   # a dashed ring
RING_AREA = 1.9
"""The dashed ring around the current node has this many times the area of the node's marker."""
FADED_ALPHA = 0.35
PENDING_ALPHA = 0.55
MIN_FONT_PT = 9.0
"""No text of a matplotlib tree is smaller (9 pt is 12.5 px at 100 dpi, still 9 px when a
12-inch figure is shrunk to a 900-pixel notebook column)."""

LEGEND = ("▲ MAX   ▼ MIN   ■ leaf   ━ principal variation (thick)   ◌ current node (dashed ring)   "
          "┈ ✕ pruned (dotted)   ≥ 6 / ≤ 2: a bound, not the exact value   (5): best so far")
"""What the marks mean, in words (shown under the drawings)."""


CHANCE_LEGEND = "● chance (circle): averages its outcomes, with each outcome's probability on its edge"
"""What a chance node looks like, in words (added to :data:`LEGEND` for trees with chance nodes)."""

PROBABILITY_AT = 0.34
"""A probability is written on its edge this far from the chance node (a fraction of the edge)."""


def as_tree(tree: Any, *, max_nodes: int = 2000) -> Any:
    """The explicit tree to draw: a tree with chance nodes or several agents as it is
    (see :func:`mmlib.trace.view_tree`), anything else through :func:`mmlib.trees.as_tree`."""
    return view_tree(tree, max_nodes=max_nodes)


def level_names(tree: Any) -> dict[int, str]:
    """Who moves at each depth, for trees with chance nodes or several agents per round
    (empty for an ordinary two-player tree, whose triangles say it all).

    >>> from mmlib.beyond import layered_tree
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

    >>> from mmlib.beyond import layered_tree
    >>> probability_edges(layered_tree([[(0.5, 8), (0.25, 24), (0.25, -12)]], layers="max chance"))
    {(0, 0): '1/2', (0, 1): '1/4', (0, 2): '1/4'}
    """
    out: dict[Path, str] = {}
    for node in tree.nodes():
        if getattr(node, "is_chance", False) and not node.is_leaf():
            for child, p in zip(node.children, node.probabilities, strict=True):
                out[child.path] = format_probability(p)
    return out


# -- layout ------------------------------------------------------------------------------------

def layout(tree: Tree) -> dict[Path, tuple[float, float]]:
    """Positions ``path -> (x, y)``: leaves in slots 0, 1, 2..., parents centred over their
    children (midway between the first and the last), ``y = -depth``.

    >>> from mmlib.trees import from_nested
    >>> layout(from_nested([[1, 2], 3]))
    {(0, 0): (0.0, -2.0), (0, 1): (1.0, -2.0), (0,): (0.5, -1.0), (1,): (2.0, -1.0), (): (1.25, 0.0)}
    """
    if not hasattr(getattr(tree, "root", None), "path"):
        tree = as_tree(tree)                     # a nested list, a text, a generated tree, or an error
    positions: dict[Path, tuple[float, float]] = {}
    next_slot = 0.0
    stack: list[tuple[Any, bool]] = [(tree.root, False)]
    while stack:  # iterative post-order, so long chains do not exhaust the call stack
        node, expanded = stack.pop()
        depth = float(-len(node.path))
        if node.is_leaf():
            positions[node.path] = (next_slot, depth)
            next_slot += 1.0
        elif expanded:
            first = positions[node.children[0].path][0]
            last = positions[node.children[-1].path][0]
            positions[node.path] = ((first + last) / 2, depth)
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
    return positions


# -- what a search did (read from the trace model) -------------------------------------------------

def marks_from_events(tree: Tree, events: Iterable[Any], offset: Path = (), *,
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
    tree, _ = result_tree(result)
    pruned = result_marks(result).pruned
    return [leaf.path for leaf in tree.leaves() if leaf.path in pruned]


def _is_result(thing: Any) -> bool:
    return hasattr(thing, "stats") and hasattr(thing, "pv") and hasattr(thing, "game")


def _check_result(result: Any) -> None:
    if not _is_result(result):
        raise ArgumentTypeError(f"result: expected the result of a search (search.alphabeta(...)), "
                                f"got {type(result).__name__}")


# -- the drawing ----------------------------------------------------------------------------------

def node_kind(node: Any) -> str:
    """``"leaf"``, ``"max"``, ``"min"`` or ``"chance"``."""
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


class TreeView:
    """A tree drawn once on a matplotlib Axes; :meth:`show` updates it for any :class:`Marks`.

    >>> from mmlib import trees
    >>> view = TreeView(trees.from_nested([[3, 5], [2, 9]]))
    >>> view.show(Marks()) is view.figure
    True
    """

    def __init__(self, tree: Any, *, ax: Any = None, edge_labels: bool = False,
                 node_size: float | None = None, title: str | None = None, windows: bool = False):
        from matplotlib.figure import Figure

        check_axes(ax)
        if node_size is not None and (isinstance(node_size, bool) or not isinstance(node_size, (int, float))
                                      or not 1 <= node_size <= 10_000):
            raise ArgumentError(f"node_size: expected a marker area from 1 to 10,000 (points²), "
                                f"got {describe(node_size)}")
        self.tree = as_tree(tree)
        self.positions = layout(self.tree)
        self.nodes = self.tree.nodes()
        slots = max(self.tree.leaf_count, 1)
        if ax is None:
            needed = self._needed_slot_points(windows) * (slots + 0.8) / 72 / 0.93
            width = min(max(1.2 + 0.62 * slots, needed, 4.0), 12.0)
            height = min(max(1.25 * (self.tree.height + 1) + 1.2, 3.0), 10.0)
            self.figure = Figure(figsize=(width, height), layout="constrained")
            ax = self.figure.add_subplot()
        else:
            self.figure = ax.figure
        self.ax = ax
        self.slot_points = max(ax.get_position().width * self.figure.get_figwidth() * 72 / (slots + 0.8), 1.0)
        self.font = min(max(self.slot_points * 0.42, MIN_FONT_PT), 11.0)
        self.node_size = node_size if node_size is not None else \
            min(max((self.slot_points * 0.62) ** 2, 9.0), 520.0)
        self.radius_points = self.node_size ** 0.5 / 2
        widest = max((len(format_value(leaf.value)) for leaf in self.tree.leaves()), default=1)
        self.crowded = self.slot_points < 0.62 * self.font * widest + 4
        self.value_depth = (0.62 * self.font * widest + 2) if self.crowded else self.font * 1.3
        self.leaf_values_shown = self.slot_points >= self.font * 1.1   # else too many leaves to write
        self.levels = level_names(self.tree)
        self.probabilities = probability_edges(self.tree)
        self._draw_edges(edge_labels)
        self._draw_nodes()
        self._draw_texts()
        self._draw_chance_and_levels()
        self._draw_frame(title)

    def _needed_slot_points(self, windows: bool) -> float:
        """The slot width (points) at which no label of a node reaches its neighbour on the
        same level, with the largest font and marker used (labels to the right of inner nodes,
        under leaves)."""
        radius, font = 520.0 ** 0.5 / 2, 11.0
        widest = max((len(format_value(leaf.value)) for leaf in self.tree.leaves()), default=1)
        value = (widest + 2) * 0.68 * font
        window = (2 * widest + 4) * 0.62 * MIN_FONT_PT if windows else 0.0

        def extent(node: Any) -> tuple[float, float]:
            if node.is_leaf():
                half = max(widest * 0.62 * font, window) / 2
                ring = radius * (0.55 * RING_AREA) ** 0.5
                return max(half, ring), max(half, ring + 3 + MIN_FONT_PT * 1.6)
            return radius * RING_AREA ** 0.5, radius * RING_AREA ** 0.5 + 3 + max(value, window)

        rows: dict[float, list[tuple[float, Any]]] = {}
        for node in self.nodes:
            x, y = self.positions[node.path]
            rows.setdefault(y, []).append((x, node))
        needed = 0.0
        for row in rows.values():
            row.sort(key=lambda item: item[0])
            for (x1, left), (x2, right) in zip(row, row[1:], strict=False):
                needed = max(needed, (extent(left)[1] + extent(right)[0] + 4) / (x2 - x1))
        return needed

    # -- building the artists (once) --------------------------------------------------------
    def _draw_edges(self, edge_labels: bool) -> None:
        from matplotlib.collections import LineCollection

        self.edge_paths = [child.path for node in self.nodes for child in node.children]
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
        shapes = {"max": "^", "min": "v", "leaf": "s", "chance": "o"}
        self.groups: dict[str, list[Path]] = {}
        for node in self.nodes:
            self.groups.setdefault(node_kind(node), []).append(node.path)
        self.node_artists = {}
        for kind, paths in self.groups.items():
            xs, ys = zip(*(self.positions[p] for p in paths), strict=True)
            size = self.node_size * {"leaf": 0.55, "chance": 0.75}.get(kind, 1.0)
            self.node_artists[kind] = self.ax.scatter(
                xs, ys, s=size, marker=shapes[kind], c=self._base_color(kind), edgecolors="black",
                linewidths=0.8, zorder=2)
        self.current_ring = self.ax.scatter([], [], s=self.node_size * RING_AREA, facecolors="none",
                                            edgecolors=CURRENT_COLOR, linewidths=2.0, linestyles="--",
                                            zorder=5)

    @staticmethod
    def _base_color(kind: str) -> str:
        return {"max": MAX_COLOR, "min": MIN_COLOR, "leaf": LEAF_COLOR, "chance": CHANCE_COLOR}[kind]

    def _draw_texts(self) -> None:
        ax, font, r = self.ax, self.font, self.radius_points
        self.value_texts, self.window_texts, self.number_texts, self.cross_texts = {}, {}, {}, {}
        letters = 2 * r >= MIN_FONT_PT * 1.9
        leaf_r = r * 0.55 ** 0.5
        ring, leaf_ring = r * RING_AREA ** 0.5, leaf_r * RING_AREA ** 0.5     # the current node's ring
        for node in self.nodes:
            x, y = self.positions[node.path]
            if letters:
                ax.text(x, y, node.label, ha="center", va="center", fontsize=MIN_FONT_PT, color="black",
                        fontweight="bold", zorder=4)
            else:       # too small a shape for its letter: the label stands just above it, on a halo
                above = (leaf_ring if node.is_leaf() else ring) + 2
                ax.annotate(node.label, (x, y), xytext=(0, above), textcoords="offset points", ha="center",
                            va="bottom", fontsize=MIN_FONT_PT, color="black", fontweight="bold", zorder=7,
                            bbox={"boxstyle": "round,pad=0.05", "fc": "white", "ec": "none"})
            if node.is_leaf():
                turned = 90 if self.crowded else 0
                self.value_texts[node.path] = ax.annotate(
                    format_value(node.value) if self.leaf_values_shown else "", (x, y),
                    xytext=(0, -(leaf_ring + 3)), textcoords="offset points", ha="center",
                    va="top",
                    fontsize=font, rotation=turned, zorder=4)
                self.window_texts[node.path] = ax.annotate(
                    "", (x, y), xytext=(0, -(leaf_ring + 5 + self.value_depth)),
                    textcoords="offset points", ha="center", va="top", fontsize=MIN_FONT_PT,
                    color="#333333", rotation=turned)
                self.number_texts[node.path] = ax.annotate(
                    "", (x, y), xytext=(leaf_ring + 3, leaf_r), textcoords="offset points", ha="left",
                    va="center", fontsize=MIN_FONT_PT, color="white", zorder=6, visible=False,
                    bbox={"boxstyle": "circle,pad=0.15", "fc": "#333333", "ec": "none"})
            else:
                self.value_texts[node.path] = ax.annotate(
                    "", (x, y), xytext=(ring + 3, 1), textcoords="offset points", ha="left", va="bottom",
                    fontsize=font, fontweight="bold", zorder=4)
                self.window_texts[node.path] = ax.annotate(
                    "", (x, y), xytext=(ring + 3, -1), textcoords="offset points", ha="left", va="top",
                    fontsize=MIN_FONT_PT, color="#333333")
            if node.path:
                px, py = self.positions[node.path[:-1]]
                t = 0.62 if node.path in self.probabilities else 0.5    # clear of the edge's probability
                self.cross_texts[node.path] = ax.text(
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
        self.level_texts = {depth: self.ax.text(left - 1.5, -depth, name, ha="left", va="center",
                                                fontsize=MIN_FONT_PT, color="#333333")
                            for depth, name in self.levels.items()}

    def _draw_frame(self, title: str | None) -> None:
        ax = self.ax
        xs = [x for x, _ in self.positions.values()]
        ax.set_xlim(min(xs) - (1.6 if self.levels else 0.7), max(xs) + 1.1)
        ax.set_ylim(-self.tree.height - (1.5 if self.crowded else 1.0), 0.55)
        ax.set_axis_off()
        self.title = ax.set_title(title or "", fontsize=max(self.font, 10))
        self.legend = None

    def _show_legend(self, marks: Marks) -> None:
        from matplotlib.lines import Line2D

        handles = [Line2D([], [], marker="^", ls="", color=MAX_COLOR, mec="black", label="MAX"),
                   Line2D([], [], marker="v", ls="", color=MIN_COLOR, mec="black", label="MIN"),
                   Line2D([], [], marker="s", ls="", color=LEAF_COLOR, mec="black", label="leaf")]
        if self.probabilities:
            handles.append(Line2D([], [], marker="o", ls="", color=CHANCE_COLOR, mec="black",
                                  label="chance (average; probability on each edge)"))
        if marks.searched:
            handles += [
                Line2D([], [], color=PV_COLOR, lw=3.5, label="principal variation (thick)"),
                Line2D([], [], color=PRUNED_COLOR, lw=1.5, ls=":", marker="x", mec="black",
                       label="pruned (dotted, ✕)"),
                Line2D([], [], ls="", label="≥ 6 / ≤ 2: a bound"),
            ]
            if marks.current is not None:
                handles.append(Line2D([], [], marker="o", ms=10, mfc="none", mec=CURRENT_COLOR, ls="",
                                      label="current node (dashed ring)"))
        if self.legend is not None:
            self.legend.remove()
        columns = max(1, min(len(handles), int(self._axes_inches() / 2.3)))
        self.legend = self.ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                                     ncols=columns, fontsize=MIN_FONT_PT, frameon=False,
                                     handletextpad=0.3, columnspacing=1.0, borderaxespad=0.2)

    def _axes_inches(self) -> float:
        return self.ax.get_position().width * self.figure.get_figwidth()

    # -- showing a state (every time) ------------------------------------------------------------
    def show(self, marks: Marks, *, values: bool = True, windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None) -> Any:
        """Update the drawing to show ``marks``; returns the Figure."""
        from matplotlib.colors import to_rgba

        if not marks.searched and values and not marks.values:
            marks = minimax_marks(self.tree)
        pv = marks.pv_paths()
        for kind, paths in self.groups.items():
            fills = [to_rgba(self._base_color(kind), self._opacity(path, marks)) for path in paths]
            self.node_artists[kind].set_facecolor(fills)
            edges = [PV_COLOR if path in pv else (0, 0, 0, fill[3])
                     for path, fill in zip(paths, fills, strict=True)]
            self.node_artists[kind].set_edgecolor(edges)
            self.node_artists[kind].set_linewidth([2.4 if path in pv else 0.8 for path in paths])
        self._show_edges(marks, pv)
        for node in self.nodes:
            self._show_node_texts(node, marks, values, windows, leaf_numbers)
        for path, text in self.probability_texts.items():
            text.set_alpha(0.45 if path in marks.pruned else 1.0)
        if marks.current is not None and marks.current in self.positions:
            self.current_ring.set_offsets([self.positions[marks.current]])
            kind = node_kind(self.tree.node(marks.current))
            scale = {"leaf": 0.55, "chance": 0.75}.get(kind, 1.0)
            self.current_ring.set_sizes([self.node_size * RING_AREA * scale])
        else:
            self.current_ring.set_offsets(_empty_offsets())
        self._show_legend(marks)
        if title is not None:
            self.title.set_text(title)
        return self.figure

    @staticmethod
    def _opacity(path: Path, marks: Marks) -> float:
        if path in marks.pruned:
            return FADED_ALPHA
        if marks.searched and path not in marks.entered:
            return PENDING_ALPHA
        return 1.0

    def _show_edges(self, marks: Marks, pv: set) -> None:
        from matplotlib.colors import to_rgba

        if not self.edge_paths:
            return
        look = {"pv": (PV_COLOR, 1.0, 3.5, "-"), "pruned": (PRUNED_COLOR, 1.0, 1.5, ":"),
                "pending": (EDGE_COLOR, PENDING_ALPHA, 1.0, "-"), "searched": (EDGE_COLOR, 1.0, 1.4, "-"),
                "plain": (EDGE_COLOR, 1.0, 1.0, "-")}
        styles = [look[edge_style(path, marks, pv)] for path in self.edge_paths]
        self.edges.set_color([to_rgba(color, alpha) for color, alpha, _, _ in styles])
        self.edges.set_linewidth([width for _, _, width, _ in styles])
        self.edges.set_linestyle([dash for _, _, _, dash in styles])

    def _show_node_texts(self, node: Any, marks: Marks, values: bool, windows: bool,
                         leaf_numbers: bool) -> None:
        path = node.path
        text_alpha = 0.45 if path in marks.pruned else 1.0
        value_text = self.value_texts[path]
        value_text.set_alpha(text_alpha)
        if not node.is_leaf():
            value_text.set_text(marks.value_text(path) if values else "")
        self.window_texts[path].set_text(format_window(marks.windows.get(path)) if windows else "")
        if node.is_leaf():
            number = marks.leaf_numbers.get(path) if leaf_numbers else None
            number_text = self.number_texts[path]
            number_text.set_visible(number is not None)
            number_text.set_text(str(number or ""))
        if path in self.cross_texts:
            self.cross_texts[path].set_visible(path in marks.pruned_roots)


def _empty_offsets() -> Any:
    import numpy as np
    return np.empty((0, 2))


def draw_tree(tree_or_result: Any, *, ax: Any = None, values: bool = True, windows: bool = False,
              leaf_numbers: bool = True, edge_labels: bool = False, title: str | None = None,
              node_size: float | None = None) -> Any:
    """Draw a game tree, or what a search did on it; returns the matplotlib Figure.

    ``tree_or_result``: an explicit tree, a generated tree, a nested list, a tree text,
    or a :class:`~mmlib.search.SearchResult` of a search on a tree.  MAX nodes are
    up-triangles, MIN nodes down-triangles, leaves squares with their value underneath.
    A plain tree shows the minimax value beside each node (``values=False`` hides them).
    A result shows the values the search returned, a bound as a bound (``≥ 6``, ``≤ 2``),
    the principal variation with thick edges, pruned subtrees dotted and marked ✕, leaves
    numbered in evaluation order and, with ``windows=True`` (needs ``trace=True`` in the
    search), the [α, β] window of each node's call.  ``edge_labels`` writes the move
    (child index) on each edge.  The legend under the tree says what each mark means.

    >>> from mmlib import search
    >>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    >>> figure = draw_tree(result, windows=True, title="AIMA figure 5.2")
    >>> figure.axes[0].get_title()
    'AIMA figure 5.2'
    >>> "≤ 2" in {text.get_text() for text in figure.axes[0].texts}
    True
    """
    if _is_result(tree_or_result):
        result = tree_or_result
        if windows and (result.trace is None):
            raise ArgumentError("windows: the [α, β] windows need a trace; search with trace=True")
        if windows and result.trace and result.trace[0].alpha is None:
            raise ArgumentError("windows: minimax has no [α, β] window; draw an alpha-beta result")
        tree, _ = result_tree(result)
        marks = result_marks(result)
        if title is None:
            value = format_mark(result.value, marks.bounds.get(marks.start))
            title = (f"{result.algorithm}: value {value}, {result.stats.leaves} of {tree.leaf_count} "
                     "leaves evaluated")
    else:
        if windows:
            raise ArgumentError("windows: a plain tree has no windows; draw a search result")
        if hasattr(tree_or_result, "moves") and not hasattr(tree_or_result, "node_count"):
            raise ArgumentTypeError(f"tree_or_result: {type(tree_or_result).__name__} is a game, not a "
                                    "tree; draw game positions with draw.draw_game_tree")
        tree, marks = as_tree(tree_or_result), Marks()
    view = TreeView(tree, ax=ax, edge_labels=edge_labels, node_size=node_size, title=title, windows=windows)
    figure = view.show(marks, values=values, windows=windows, leaf_numbers=leaf_numbers)
    set_alt(figure, describe_drawing(tree_or_result) if ax is None else
            " ".join(filter(None, [getattr(figure, ALT_ATTRIBUTE, ""), describe_drawing(tree_or_result)])))
    return figure


def describe_drawing(tree_or_result: Any) -> str:
    """The text alternative of a drawing: what it shows, in words.

    >>> describe_drawing([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    'A game tree with 13 nodes and 9 leaves; its minimax value is 3.'
    """
    if _is_result(tree_or_result):
        if tree_or_result.trace is not None:
            return trace_of(tree_or_result).describe()
        tree, _ = result_tree(tree_or_result)
        return f"{tree_or_result.algorithm}: value {format_value(tree_or_result.value)}."
    tree = as_tree(tree_or_result)
    value = minimax_marks(tree).value_text(())
    return (f"A game tree with {tree.node_count} nodes and {tree.leaf_count} leaves; "
            f"its minimax value is {value}.")

