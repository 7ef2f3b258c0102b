"""Drawing game trees: a tidy layered layout and the search annotations on top of it.

The layout gives every leaf its own slot (0, 1, 2, ... from left to right) and puts
each parent midway between its first and last child, one level per depth.  Two
nodes of the same depth therefore sit at least one slot apart.

What a search did is summarised in :class:`Marks` (values, windows, entered and
pruned nodes, leaf numbers, principal variation, current node).  :class:`TreeView`
draws a tree once and then shows any :class:`Marks` by updating its artists, which
is what the step-through explorer does at every step.

>>> from mmlib import search, trees
>>> tree = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
>>> layout(tree)[()], layout(tree)[(0,)], layout(tree)[(0, 0, 0)]
((3.5, 0.0), (1.5, -1.0), (0.0, -3.0))
>>> marks = marks_from_result(search.alphabeta(tree, trace=True))
>>> sorted(tree.node(p).value for p in marks.pruned if tree.node(p).is_leaf())
[-1, 0, 9]
>>> type(draw_tree(tree)).__name__
'Figure'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError
from ..trees import Tree, as_tree

__all__ = [
    "Marks",
    "TreeView",
    "draw_tree",
    "format_value",
    "layout",
    "marks_from_events",
    "marks_from_result",
    "pruned_leaves",
]

Path = tuple

MAX_COLOR = "#3b6fb6"
MIN_COLOR = "#e07b39"
LEAF_COLOR = "#9a9a9a"
PV_COLOR = "#c0392b"
EDGE_COLOR = "#555555"
CURRENT_COLOR = "#2ca02c"
FADED_ALPHA = 0.18
PENDING_ALPHA = 0.45


# -- values and trees -------------------------------------------------------------------------

def format_value(value: float | None) -> str:
    """A value as people write it: ``+∞``/``−∞`` for infinities, no needless ``.0``.

    >>> format_value(float("inf")), format_value(-math.inf), format_value(5.0), format_value(0.123456)
    ('+∞', '−∞', '5', '0.123')
    """
    if value is None:
        return ""
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    if float(value).is_integer():
        text = str(int(value))
    else:
        text = f"{value:.3g}"
    return text.replace("-", "−")


def format_window(window: tuple[float | None, float | None] | None) -> str:
    """``[α, β]`` with infinities as ``−∞``/``+∞`` (empty for minimax, which has no window)."""
    if window is None or window[0] is None:
        return ""
    return f"[{format_value(window[0])}, {format_value(window[1])}]"


def minimax_values(tree: Tree) -> dict[Path, float]:
    """The minimax value of every node (interior static values are not used)."""
    values: dict[Path, float] = {}
    for node in reversed(tree.nodes()):  # children before parents
        if node.is_leaf():
            values[node.path] = node.value
        else:
            kids = [values[child.path] for child in node.children]
            values[node.path] = max(kids) if node.is_max else min(kids)
    return values


# -- layout ------------------------------------------------------------------------------------

def layout(tree: Tree) -> dict[Path, tuple[float, float]]:
    """Positions ``path -> (x, y)``: leaves in slots 0, 1, 2..., parents centred over their
    children (midway between the first and the last), ``y = -depth``.

    >>> from mmlib.trees import from_nested
    >>> layout(from_nested([[1, 2], 3]))
    {(0, 0): (0.0, -2.0), (0, 1): (1.0, -2.0), (0,): (0.5, -1.0), (1,): (2.0, -1.0), (): (1.25, 0.0)}
    """
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


# -- what a search did ---------------------------------------------------------------------------

@dataclass
class Marks:
    """What to show on a tree: all paths are tuples of child indices from the root.

    ``values``: the value shown beside a node (known so far); ``windows``: the [α, β]
    window a node was called with (or has now, during a step-through); ``entered``:
    nodes the search called; ``pruned``: nodes inside pruned subtrees, whose roots are
    ``pruned_roots`` (marked ✕); ``leaf_numbers``: evaluation order, from 1;
    ``pv``: moves of the principal variation; ``current``: the node being worked on.
    """

    values: dict[Path, float] = field(default_factory=dict)
    windows: dict[Path, tuple] = field(default_factory=dict)
    entered: set[Path] = field(default_factory=set)
    pruned: set[Path] = field(default_factory=set)
    pruned_roots: set[Path] = field(default_factory=set)
    leaf_numbers: dict[Path, int] = field(default_factory=dict)
    pv: tuple = ()
    current: Path | None = None
    searched: bool = False
    start: Path = ()


def _subtree_paths(tree: Tree, root: Path) -> Iterable[Path]:
    stack = [tree.node(root)]
    while stack:
        node = stack.pop()
        yield node.path
        stack.extend(node.children)


def _add_pruned(marks: Marks, tree: Tree, roots: Iterable[Path]) -> None:
    for root in roots:
        marks.pruned_roots.add(root)
        marks.pruned.update(_subtree_paths(tree, root))


def marks_from_events(tree: Tree, events: Iterable[Any], offset: Path = ()) -> Marks:
    """Marks after the given trace events (a prefix of a trace gives a step of the search).

    ``offset`` is the path of the node the search started from.
    """
    marks = Marks(searched=True)
    leaves = 0
    for event in events:
        path = offset + tuple(event.path)
        marks.current = path
        if event.kind == "enter":
            marks.entered.add(path)
            marks.windows[path] = (event.alpha, event.beta)
        elif event.kind == "leaf":
            leaves += 1
            marks.leaf_numbers[path] = leaves
            marks.values[path] = event.value
        elif event.kind == "update":
            marks.values[path] = event.value
            marks.windows[path] = (event.alpha, event.beta)
        elif event.kind == "cutoff":
            _add_pruned(marks, tree, [path + (move,) for move in event.skipped])
        elif event.kind in ("return", "hit"):
            marks.values[path] = event.value
    return marks


def _entered_windows(tree: Tree, events: Iterable[Any], offset: Path) -> dict[Path, tuple]:
    return {offset + tuple(e.path): (e.alpha, e.beta) for e in events if e.kind == "enter"}


def marks_from_result(result: Any) -> Marks:
    """Marks for a finished search: from its trace if it has one, otherwise from
    ``stats.leaf_order`` (a node was entered when it lies on the path to an evaluated leaf).

    Windows are the ones each node was *called* with, as in the figure of seed 000.
    """
    tree, offset = _result_tree(result)
    if result.trace is not None:
        marks = marks_from_events(tree, result.trace, offset)
        marks.windows = _entered_windows(tree, result.trace, offset)
    elif result.stats.leaf_order is None:
        raise ArgumentError("result: it was searched with leaf_order=False and no trace, so it does "
                            "not say which nodes were visited; search again with trace=True")
    else:
        marks = Marks(searched=True)
        for number, leaf in enumerate(result.stats.leaf_order, start=1):
            path = offset + tuple(leaf)
            marks.leaf_numbers[path] = number
            marks.values[path] = tree.node(path).value
            marks.entered.update(path[:k] for k in range(len(offset), len(path) + 1))
        marks.values[offset] = result.value
        stops = set(marks.leaf_numbers)
        roots = [child.path for p in marks.entered if p not in stops
                 for child in tree.node(p).children if child.path not in marks.entered]
        _add_pruned(marks, tree, roots)
    marks.current = None
    marks.pv = tuple(result.pv)
    marks.start = offset
    marks.values[offset] = result.value
    return marks


def pruned_leaves(result: Any) -> list[Path]:
    """The leaves (paths, left to right) that the search pruned away.

    >>> from mmlib import search
    >>> pruned_leaves(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    [(1, 1), (1, 2)]
    """
    tree, _ = _result_tree(result)
    pruned = marks_from_result(result).pruned
    return [leaf.path for leaf in tree.leaves() if leaf.path in pruned]


def _result_tree(result: Any) -> tuple[Tree, Path]:
    """The explicit tree a result was searched on, and the path it started from."""
    game = result.game
    if isinstance(game, Tree):
        start = result.start if result.start is not None else game.root
        return game, tuple(getattr(start, "path", ()))
    tree = as_tree(game)
    return tree, ()


def _is_result(thing: Any) -> bool:
    return hasattr(thing, "stats") and hasattr(thing, "pv") and hasattr(thing, "game")


# -- the drawing ----------------------------------------------------------------------------------

class TreeView:
    """A tree drawn once on a matplotlib Axes; :meth:`show` updates it for any :class:`Marks`.

    >>> from mmlib import trees
    >>> view = TreeView(trees.from_nested([[3, 5], [2, 9]]))
    >>> view.show(Marks()) is view.figure
    True
    """

    def __init__(self, tree: Any, *, ax: Any = None, edge_labels: bool = False,
                 node_size: float | None = None, title: str | None = None):
        import networkx as nx
        from matplotlib.figure import Figure

        self.tree = as_tree(tree)
        self.positions = layout(self.tree)
        self.nodes = self.tree.nodes()
        self.label = {node.path: node.label for node in self.nodes}
        slots = max(self.tree.leaf_count, 1)
        if ax is None:
            width = min(max(1.2 + 0.62 * slots, 4.0), 22.0)
            height = min(max(1.1 * (self.tree.height + 1) + 0.9, 2.6), 9.0)
            self.figure = Figure(figsize=(width, height), layout="constrained")
            ax = self.figure.add_subplot()
        else:
            self.figure = ax.figure
        self.ax = ax
        slot_points = max(ax.get_position().width * self.figure.get_figwidth() * 72 / (slots + 0.6), 1.0)
        self.font = min(max(slot_points * 0.42, 4.5), 11.0)
        self.crowded = slot_points < 22
        self.node_size = node_size if node_size is not None else min(max((slot_points * 0.62) ** 2, 25), 520)
        self.graph = self._graph(nx)
        pos = {self.label[p]: xy for p, xy in self.positions.items()}
        self._draw_edges(nx, pos, edge_labels)
        self._draw_nodes(nx, pos)
        self._draw_texts()
        self._draw_frame(title)

    # -- building the artists (once) --------------------------------------------------------
    def _graph(self, nx: Any) -> Any:
        from ..trees import to_networkx
        return to_networkx(self.tree)

    def _draw_edges(self, nx: Any, pos: dict, edge_labels: bool) -> None:
        self.edge_paths = [child.path for node in self.nodes for child in node.children]
        edgelist = [(self.label[p[:-1]], self.label[p]) for p in self.edge_paths]
        self.edges = nx.draw_networkx_edges(self.graph, pos, edgelist=edgelist, ax=self.ax, arrows=False,
                                            edge_color=EDGE_COLOR, width=1.0)
        if edge_labels and edgelist:
            labels = {edge: str(path[-1]) for edge, path in zip(edgelist, self.edge_paths, strict=True)}
            nx.draw_networkx_edge_labels(self.graph, pos, edge_labels=labels, ax=self.ax,
                                         font_size=self.font * 0.8, rotate=False,
                                         bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})

    def _draw_nodes(self, nx: Any, pos: dict) -> None:
        groups = {"max": [], "min": [], "leaf": []}
        for node in self.nodes:
            kind = "leaf" if node.is_leaf() else "max" if node.is_max else "min"
            groups[kind].append(node.path)
        shapes = {"max": "^", "min": "v", "leaf": "s"}
        sizes = {"max": self.node_size, "min": self.node_size, "leaf": self.node_size * 0.45}
        self.groups, self.node_artists = {}, {}
        for kind, paths in groups.items():
            if not paths:
                continue
            self.groups[kind] = paths
            self.node_artists[kind] = nx.draw_networkx_nodes(
                self.graph, pos, nodelist=[self.label[p] for p in paths], ax=self.ax,
                node_shape=shapes[kind], node_size=sizes[kind], node_color=self._base_color(kind),
                edgecolors="black", linewidths=0.8)
        self.current_ring = self.ax.scatter([], [], s=self.node_size * 2.6, facecolors="none",
                                            edgecolors=CURRENT_COLOR, linewidths=2.5, zorder=5)

    @staticmethod
    def _base_color(kind: str) -> str:
        return {"max": MAX_COLOR, "min": MIN_COLOR, "leaf": LEAF_COLOR}[kind]

    def _draw_texts(self) -> None:
        ax, font = self.ax, self.font
        self.value_texts, self.window_texts, self.number_texts, self.cross_texts = {}, {}, {}, {}
        show_labels = self.tree.leaf_count <= 40
        for node in self.nodes:
            x, y = self.positions[node.path]
            if show_labels:
                ax.text(x, y + (0.02 if node.is_max else -0.02), node.label, ha="center", va="center",
                        fontsize=font * 0.75, color="white", fontweight="bold", zorder=4)
            if node.is_leaf():
                self.value_texts[node.path] = ax.text(
                    x, y - 0.16, format_value(node.value), ha="center", va="top", fontsize=font,
                    rotation=90 if self.crowded else 0, zorder=4)
                self.window_texts[node.path] = ax.text(
                    x, y - 0.55, "", ha="center", va="top", fontsize=font * 0.7, color="#444444",
                    rotation=90 if self.crowded else 0)
                self.number_texts[node.path] = ax.text(
                    x - 0.22, y + 0.2, "", ha="center", va="center", fontsize=font * 0.7, color="white",
                    zorder=6, visible=False,
                    bbox={"boxstyle": "circle,pad=0.15", "fc": "#444444", "ec": "none"})
            else:
                self.value_texts[node.path] = ax.text(
                    x + 0.18, y + 0.05, "", ha="left", va="bottom", fontsize=font, fontweight="bold",
                    zorder=4)
                self.window_texts[node.path] = ax.text(
                    x + 0.18, y - 0.02, "", ha="left", va="top", fontsize=font * 0.75, color="#444444")
            if node.path:
                px, py = self.positions[node.path[:-1]]
                self.cross_texts[node.path] = ax.text(
                    (x + px) / 2, (y + py) / 2, "✕", ha="center", va="center", fontsize=font * 1.3,
                    color=PV_COLOR, fontweight="bold", zorder=6, visible=False)

    def _draw_frame(self, title: str | None) -> None:
        from matplotlib.lines import Line2D

        ax = self.ax
        xs = [x for x, _ in self.positions.values()]
        ax.set_xlim(min(xs) - 0.7, max(xs) + 0.9)
        ax.set_ylim(-self.tree.height - (1.3 if self.crowded else 0.95), 0.55)
        ax.set_axis_off()
        handles = [Line2D([], [], marker="^", ls="", color=MAX_COLOR, mec="black", label="MAX"),
                   Line2D([], [], marker="v", ls="", color=MIN_COLOR, mec="black", label="MIN"),
                   Line2D([], [], marker="s", ls="", color=LEAF_COLOR, mec="black", label="leaf")]
        self.legend = ax.legend(handles=handles, loc="upper left", fontsize=max(self.font * 0.8, 6),
                                frameon=False, handletextpad=0.2, borderaxespad=0.1)
        self.title = ax.set_title(title or "", fontsize=max(self.font, 9))

    # -- showing a state (every time) ------------------------------------------------------------
    def show(self, marks: Marks, *, values: bool = True, windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None) -> Any:
        """Update the drawing to show ``marks``; returns the Figure."""
        shown = marks.values if marks.searched else (minimax_values(self.tree) if values else {})
        pv_paths = _pv_paths(marks)
        for kind, paths in self.groups.items():
            colors = [self._node_rgba(kind, path, marks) for path in paths]
            self.node_artists[kind].set_facecolor(colors)
            self.node_artists[kind].set_edgecolor(
                [PV_COLOR if path in pv_paths else (0, 0, 0, rgba[3])
                 for path, rgba in zip(paths, colors, strict=True)])
            self.node_artists[kind].set_linewidth([2.2 if path in pv_paths else 0.8 for path in paths])
        self._show_edges(marks, pv_paths)
        for node in self.nodes:
            self._show_node_texts(node, marks, shown, values, windows, leaf_numbers)
        if marks.current is not None and marks.current in self.positions:
            self.current_ring.set_offsets([self.positions[marks.current]])
        else:
            self.current_ring.set_offsets(_empty_offsets())
        if title is not None:
            self.title.set_text(title)
        return self.figure

    def _node_rgba(self, kind: str, path: Path, marks: Marks) -> tuple:
        from matplotlib.colors import to_rgba

        alpha = 1.0
        if path in marks.pruned:
            alpha = FADED_ALPHA
        elif marks.searched and path not in marks.entered:
            alpha = PENDING_ALPHA
        return to_rgba(self._base_color(kind), alpha)

    def _show_edges(self, marks: Marks, pv_paths: set) -> None:
        from matplotlib.colors import to_rgba

        if self.edges is None or not self.edge_paths:
            return
        colors, widths = [], []
        for path in self.edge_paths:
            if path in pv_paths:
                colors.append(to_rgba(PV_COLOR)), widths.append(3.0)
            elif path in marks.pruned:
                colors.append(to_rgba(EDGE_COLOR, FADED_ALPHA)), widths.append(1.0)
            elif marks.searched and path not in marks.entered:
                colors.append(to_rgba(EDGE_COLOR, PENDING_ALPHA)), widths.append(1.0)
            else:
                colors.append(to_rgba(EDGE_COLOR)), widths.append(1.3)
        self.edges.set_color(colors)
        self.edges.set_linewidth(widths)

    def _show_node_texts(self, node: Any, marks: Marks, shown: dict, values: bool, windows: bool,
                         leaf_numbers: bool) -> None:
        path = node.path
        faded = path in marks.pruned
        text_alpha = 0.3 if faded else 1.0
        value_text = self.value_texts[path]
        if node.is_leaf():
            value_text.set_alpha(text_alpha)
        else:
            value_text.set_text(format_value(shown.get(path)) if values else "")
        self.window_texts[path].set_text(format_window(marks.windows.get(path)) if windows else "")
        if node.is_leaf():
            number = marks.leaf_numbers.get(path) if leaf_numbers else None
            number_text = self.number_texts[path]
            number_text.set_visible(number is not None)
            number_text.set_text(str(number or ""))
        if path in self.cross_texts:
            self.cross_texts[path].set_visible(path in marks.pruned_roots)


def _pv_paths(marks: Marks) -> set[Path]:
    """The nodes along the principal variation (none before the search has finished)."""
    if not marks.pv:
        return set()
    return {marks.start + tuple(marks.pv[:k]) for k in range(len(marks.pv) + 1)}


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
    A result shows the values the search returned, the principal variation in red,
    pruned subtrees faded and marked ✕, leaves numbered in evaluation order and, with
    ``windows=True`` (needs ``trace=True`` in the search), the [α, β] window of each
    node's call.  ``edge_labels`` writes the move (child index) on each edge.

    >>> from mmlib import search
    >>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    >>> figure = draw_tree(result, windows=True, title="AIMA figure 5.2")
    >>> figure.axes[0].get_title()
    'AIMA figure 5.2'
    """
    if _is_result(tree_or_result):
        result = tree_or_result
        if windows and (result.trace is None):
            raise ArgumentError("windows: the [α, β] windows need a trace; search with trace=True")
        if windows and result.trace and result.trace[0].alpha is None:
            raise ArgumentError("windows: minimax has no [α, β] window; draw an alpha-beta result")
        tree, _ = _result_tree(result)
        marks = marks_from_result(result)
        if title is None:
            title = f"{result.algorithm}: value {format_value(result.value)}, " \
                    f"{result.stats.leaves} of {tree.leaf_count} leaves evaluated"
    else:
        if windows:
            raise ArgumentError("windows: a plain tree has no windows; draw a search result")
        if hasattr(tree_or_result, "moves") and not hasattr(tree_or_result, "node_count"):
            raise ArgumentTypeError(f"tree_or_result: {type(tree_or_result).__name__} is a game, not a "
                                    "tree; draw game positions with draw.draw_game_tree")
        tree, marks = as_tree(tree_or_result), Marks()
    view = TreeView(tree, ax=ax, edge_labels=edge_labels, node_size=node_size, title=title)
    return view.show(marks, values=values, windows=windows, leaf_numbers=leaf_numbers)
