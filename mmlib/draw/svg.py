"""Game trees and log-scale plots as SVG text: quick enough to redraw at every step of an explorer.

:func:`tree_svg` draws the same picture as :func:`~mmlib.draw.draw_tree` (same layout,
same colours): MAX nodes are up-triangles, MIN nodes down-triangles, leaves squares with
their value underneath; the search annotations come from a :class:`~mmlib.draw.tree.Marks`
(values so far, [α, β] windows, leaf numbers, pruned parts faded and marked ✕, the
current node ringed in green, the principal variation in red).  Building the string
takes about a millisecond, where a matplotlib redraw and PNG encoding take hundreds.

Every node shape carries the class ``node`` plus its kind (``max``, ``min``, ``leaf``)
and its state (``pruned``, ``pending``, ``pv``, ``current``), and ``data-label``.

>>> import xml.etree.ElementTree as ET
>>> svg = tree_svg([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> root = ET.fromstring(svg)
>>> len([e for e in root.iter() if "node" in e.get("class", "").split()])   # A, B, C, D + 9 leaves
13
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .tree import (
    CURRENT_COLOR,
    EDGE_COLOR,
    FADED_ALPHA,
    LEAF_COLOR,
    MAX_COLOR,
    MIN_COLOR,
    PENDING_ALPHA,
    PV_COLOR,
    Marks,
    _pv_paths,
    as_tree,
    format_value,
    format_window,
    layout,
    minimax_values,
)

__all__ = ["TreeSvg", "tree_svg", "Series", "log_plot_svg"]

SVG_NS = "http://www.w3.org/2000/svg"
WINDOW_COLOR = "#444444"
FONT = "DejaVu Sans, Arial, sans-serif"
TARGET_WIDTH = 960.0
"""Pixels the slots of a tree share (each slot 24 to 56 pixels wide)."""
LABELS_UP_TO = 40
"""Node letters are written inside the shapes of trees with at most this many leaves."""


# -- small SVG helpers ---------------------------------------------------------------------------

def _num(value: float) -> str:
    """A coordinate with at most one decimal (keeps the SVG short)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _attrs(**attributes: Any) -> str:
    """``key="value"`` pairs; ``class_`` becomes ``class``, ``_`` in names becomes ``-``, None is left out."""
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = "class" if key == "class_" else key.replace("_", "-")
        text = _num(value) if isinstance(value, float) else str(value)
        parts.append(f'{name}="{html.escape(text, quote=True)}"')
    return " ".join(parts)


def _element(tag: str, **attributes: Any) -> str:
    return f"<{tag} {_attrs(**attributes)}/>"


def _text(x: float, y: float, text: str, **attributes: Any) -> str:
    return f"<text {_attrs(x=float(x), y=float(y), **attributes)}>{html.escape(text, quote=False)}</text>"


def _svg_open(width: float, height: float, label: str) -> str:
    return (f'<svg xmlns="{SVG_NS}" {_attrs(width=float(width), height=float(height))} '
            f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="{FONT}" role="img" '
            f'aria-label="{html.escape(label, quote=True)}" style="max-width:100%;height:auto">')


# -- trees ----------------------------------------------------------------------------------------

@dataclass
class _Geometry:
    """Pixel sizes of one tree drawing, derived from the number of leaves."""

    slot: float
    level: float
    radius: float
    font: float
    crowded: bool
    left: float = 22.0
    top: float = 52.0
    bottom: float = 0.0
    right: float = 64.0
    extra: dict = field(default_factory=dict)

    @classmethod
    def for_leaves(cls, leaves: int, height: int) -> _Geometry:
        slot = min(max(TARGET_WIDTH / max(leaves, 1), 24.0), 56.0)
        font = min(max(slot * 0.42, 9.0), 13.0)
        crowded = slot < 34
        geometry = cls(slot=slot, level=62.0 + 4 * font * (0 if crowded else 0.5),
                       radius=min(slot * 0.34, 13.0), font=font, crowded=crowded)
        geometry.bottom = 20 + (9.5 if crowded else 2.6) * font
        return geometry


class TreeSvg:
    """A tree laid out once; :meth:`show` returns the SVG text for any :class:`Marks`.

    >>> from mmlib import search
    >>> view = TreeSvg([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    >>> result = search.alphabeta(view.tree, trace=True)
    >>> from mmlib.draw.tree import marks_from_result
    >>> view.show(marks_from_result(result)).count('class="node leaf pruned"')   # leaves 9, 0, -1
    3
    """

    def __init__(self, tree: Any):
        self.tree = as_tree(tree)
        self.nodes = self.tree.nodes()
        self.geometry = _Geometry.for_leaves(self.tree.leaf_count, self.tree.height)
        g = self.geometry
        self.xy = {path: (g.left + g.slot * (x + 0.5), g.top + g.level * -y)
                   for path, (x, y) in layout(self.tree).items()}
        self.width = g.left + g.slot * max(self.tree.leaf_count, 1) + g.right
        self.height = g.top + g.level * self.tree.height + g.bottom
        self.labels = self.tree.leaf_count <= LABELS_UP_TO

    def show(self, marks: Marks | None = None, *, values: bool = True, windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None) -> str:
        """The SVG text of the tree showing ``marks`` (a plain tree when ``marks`` is None)."""
        marks = marks if marks is not None else Marks()
        shown = marks.values if marks.searched else (minimax_values(self.tree) if values else {})
        pv = _pv_paths(marks)
        parts = [_svg_open(self.width, self.height, title or "game tree"), self._legend()]
        if title:
            parts.append(_text(self.width / 2, 20, title, text_anchor="middle", font_size=13.0,
                               font_weight="bold", class_="title"))
        parts += [self._edge(node.path, marks, pv) for node in self.nodes if node.path]
        parts += [self._crosses(marks)]
        for node in self.nodes:
            parts.append(self._shape(node, marks, pv))
            parts.append(self._node_texts(node, marks, shown, values, windows, leaf_numbers))
        parts.append(self._current_ring(marks))
        parts.append("</svg>")
        return "".join(parts)

    # -- one piece each ---------------------------------------------------------------------
    def _state(self, path: tuple, marks: Marks) -> tuple[str, float]:
        """``("pruned" | "pending" | "", opacity)`` of a node or of the edge into it."""
        if path in marks.pruned:
            return "pruned", FADED_ALPHA
        if marks.searched and path not in marks.entered:
            return "pending", PENDING_ALPHA
        return "", 1.0

    def _edge(self, path: tuple, marks: Marks, pv: set) -> str:
        (x1, y1), (x2, y2) = self.xy[path[:-1]], self.xy[path]
        state, opacity = self._state(path, marks)
        if path in pv:
            color, width, state = PV_COLOR, 3.0, "pv"
        else:
            color, width = EDGE_COLOR, 1.3 if not state and marks.searched else 1.0
        return _element("line", class_=f'edge {state}'.strip(), x1=x1, y1=y1, x2=x2, y2=y2, stroke=color,
                                stroke_width=width, stroke_opacity=opacity if opacity < 1 else None)

    def _crosses(self, marks: Marks) -> str:
        out = []
        for path in sorted(marks.pruned_roots):
            if path in self.xy and path:
                (x1, y1), (x2, y2) = self.xy[path[:-1]], self.xy[path]
                out.append(_text((x1 + x2) / 2, (y1 + y2) / 2 + self.geometry.font * 0.45, "✕",
                                 text_anchor="middle", font_size=self.geometry.font * 1.3,
                                 font_weight="bold", fill=PV_COLOR, class_="cross"))
        return "".join(out)

    def _shape(self, node: Any, marks: Marks, pv: set) -> str:
        x, y = self.xy[node.path]
        r = self.geometry.radius
        kind = "leaf" if node.is_leaf() else "max" if node.is_max else "min"
        state, opacity = self._state(node.path, marks)
        classes = ["node", kind] + [s for s in (state, "pv" if node.path in pv else "",
                                                 "current" if node.path == marks.current else "") if s]
        style = dict(class_=" ".join(classes), data_label=node.label,
                     fill={"max": MAX_COLOR, "min": MIN_COLOR, "leaf": LEAF_COLOR}[kind],
                     stroke=PV_COLOR if node.path in pv else "black",
                     stroke_width=2.2 if node.path in pv else 0.8,
                     fill_opacity=opacity if opacity < 1 else None,
                     stroke_opacity=opacity if opacity < 1 and node.path not in pv else None)
        if kind == "leaf":
            side = r * 1.3
            return _element("rect", x=x - side / 2, y=y - side / 2, width=side, height=side, **style)
        tip = -1 if kind == "max" else 1          # MAX points up, MIN points down
        points = [(x, y + tip * r), (x - r * 1.1, y - tip * r * 0.7), (x + r * 1.1, y - tip * r * 0.7)]
        return _element("polygon", points=' '.join(f'{_num(a)},{_num(b)}' for a, b in points), **style)

    def _node_texts(self, node: Any, marks: Marks, shown: dict, values: bool, windows: bool,
                    leaf_numbers: bool) -> str:
        g, (x, y) = self.geometry, self.xy[node.path]
        faded = 0.3 if node.path in marks.pruned else None
        out = []
        if self.labels:
            out.append(_text(x, y + g.font * 0.28 + (0.5 if node.is_max else -1.5), node.label,
                             text_anchor="middle", font_size=g.font * 0.75, font_weight="bold",
                             fill="white", class_="label"))
        window = format_window(marks.windows.get(node.path)) if windows else ""
        if node.is_leaf():
            out.append(self._below(x, y + g.radius * 0.65 + 3, format_value(node.value), g.font,
                                   "black", "value", faded))
            if window:
                offset = (len(format_value(node.value)) + 1) * g.font * 0.62 if g.crowded else g.font * 1.15
                out.append(self._below(x, y + g.radius * 0.65 + 3 + offset, window, g.font * 0.7,
                                       WINDOW_COLOR, "window", None))
            number = marks.leaf_numbers.get(node.path) if leaf_numbers else None
            if number is not None:
                out.append(self._leaf_number(x - g.radius * 0.9, y - g.radius * 0.9, number))
        else:
            value = format_value(shown.get(node.path)) if values else ""
            if value:
                out.append(_text(x + g.radius + 3, y - 2, value, font_size=g.font, font_weight="bold",
                                 class_="value"))
            if window:
                out.append(_text(x + g.radius + 3, y + g.font * 0.8, window, font_size=g.font * 0.75,
                                 fill=WINDOW_COLOR, class_="window"))
        return "".join(out)

    def _below(self, x: float, y: float, text: str, size: float, color: str, kind: str,
               opacity: float | None) -> str:
        """Text under a leaf: horizontal, or turned to run downwards when the slots are narrow."""
        if self.geometry.crowded:
            return _text(x - size * 0.35, y, text, font_size=size, fill=color, class_=kind, opacity=opacity,
                         transform=f"rotate(90 {_num(x - size * 0.35)} {_num(y)})")
        return _text(x, y + size, text, text_anchor="middle", font_size=size, fill=color, class_=kind,
                     opacity=opacity)

    def _leaf_number(self, x: float, y: float, number: int) -> str:
        size = self.geometry.font * 0.7
        return (_element("circle", cx=x, cy=y, r=size * 0.8, fill='#444444', class_='order')
                + _text(x, y + size * 0.35, str(number), text_anchor="middle", font_size=size, fill="white",
                        class_="order"))

    def _current_ring(self, marks: Marks) -> str:
        if marks.current is None or marks.current not in self.xy:
            return ""
        x, y = self.xy[marks.current]
        return _element("circle", cx=x, cy=y, r=self.geometry.radius * 1.7, fill='none', stroke=CURRENT_COLOR,
                                 stroke_width=2.5, class_='current-ring')

    def _legend(self) -> str:
        size, out, x = 11.0, [], 8.0
        kinds = (("MAX", MAX_COLOR, "▲"), ("MIN", MIN_COLOR, "▼"), ("leaf", LEAF_COLOR, "■"))
        for name, color, mark in kinds:
            out.append(_text(x, 40, mark, font_size=size, fill=color, stroke="black", stroke_width=0.4))
            out.append(_text(x + size + 1, 40, name, font_size=size))
            x += size * (len(name) * 0.7 + 2.2)
        return f'<g class="legend">{"".join(out)}</g>'


def tree_svg(tree: Any, marks: Marks | None = None, *, values: bool = True, windows: bool = False,
             leaf_numbers: bool = True, title: str | None = None) -> str:
    """A game tree as SVG text, with what a search did when ``marks`` is given.

    ``tree``: an explicit tree, a generated tree, a nested list or a tree text.
    ``marks``: from :func:`~mmlib.draw.tree.marks_from_result` or, for a step of a
    search, :func:`~mmlib.draw.tree.marks_from_events`.  The other arguments are
    those of :func:`~mmlib.draw.draw_tree`.

    >>> from mmlib import search
    >>> from mmlib.draw.tree import marks_from_result
    >>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
    >>> svg = tree_svg(result.game, marks_from_result(result), windows=True, title="AIMA figure 5.2")
    >>> svg.count('class="node leaf pruned"'), "[3, +∞]" in svg     # leaves 4 and 6 pruned
    (2, True)
    """
    return TreeSvg(tree).show(marks, values=values, windows=windows, leaf_numbers=leaf_numbers, title=title)


# -- log-scale line plots ---------------------------------------------------------------------------

@dataclass
class Series:
    """One line of a plot: ``label``, the points ``xs``/``ys``, its colour, an SVG dash pattern
    (``""`` for a solid line) and whether the points get round markers."""

    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    color: str = "#1f77b4"
    dash: str = ""
    markers: bool = False
    width: float = 1.5


@dataclass
class _Frame:
    """Pixel box of the axes and the data ranges mapped onto it (y on a log scale)."""

    left: float
    top: float
    width: float
    height: float
    x_range: tuple[float, float]
    log_range: tuple[float, float]

    def px(self, x: float, y: float) -> tuple[float, float]:
        (x0, x1), (l0, l1) = self.x_range, self.log_range
        return (self.left + (x - x0) / (x1 - x0) * self.width,
                self.top + self.height - (math.log10(y) - l0) / (l1 - l0) * self.height)


def log_plot_svg(series: Sequence[Series], *, x_range: tuple[float, float], y_range: tuple[float, float],
                 title: str = "", xlabel: str = "", ylabel: str = "", width: float = 600,
                 height: float = 340) -> str:
    """Lines on a logarithmic y axis, as SVG text: integer x ticks, a grid line per power of ten
    and a legend in the upper left.  Points with y ≤ 0 are left out (they have no logarithm).

    >>> svg = log_plot_svg([Series("2^d", [1, 2, 3], [2, 4, 8], markers=True)], x_range=(0.8, 3.2),
    ...                    y_range=(1, 10), title="doubling")
    >>> svg.count('class="point"'), "10²" in svg, "10¹" in svg
    (3, False, True)
    """
    (y0, y1) = y_range
    if not (0 < y0 < y1):
        raise ValueError(f"y_range: expected 0 < low < high, got {y_range!r}")
    frame = _Frame(left=62, top=30, width=width - 80, height=height - 78, x_range=x_range,
                   log_range=(math.log10(y0), math.log10(y1)))
    parts = [_svg_open(width, height, title or "plot"),
             _element("rect", x=frame.left, y=float(frame.top), width=frame.width, height=frame.height,
                      fill="white", stroke="#333333", stroke_width=0.8)]
    parts += _axes(frame)
    for line in series:
        parts.append(_line(frame, line))
    parts.append(_plot_legend(frame, series))
    parts.append(_text(width / 2, 18, title, text_anchor="middle", font_size=13.0, class_="title"))
    centre, mid = frame.left + frame.width / 2, frame.top + frame.height / 2
    parts.append(_text(centre, height - 10, xlabel, text_anchor="middle", font_size=11.0))
    parts.append(_text(14, mid, ylabel, text_anchor="middle", font_size=11.0,
                       transform=f"rotate(-90 14 {_num(mid)})"))
    parts.append("</svg>")
    return "".join(parts)


_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _axes(frame: _Frame) -> list[str]:
    out = []
    bottom = frame.top + frame.height
    for power in range(math.ceil(frame.log_range[0] - 1e-9), math.floor(frame.log_range[1] + 1e-9) + 1):
        _, y = frame.px(frame.x_range[0], 10.0 ** power)
        out.append(_element("line", x1=frame.left, y1=y, x2=frame.left + frame.width, y2=y, stroke='#cccccc',
                                    stroke_width=0.7))
        out.append(_text(frame.left - 6, y + 4, "10" + str(power).translate(_SUPERSCRIPTS), text_anchor="end",
                         font_size=10.0))
    for tick in range(math.ceil(frame.x_range[0]), math.floor(frame.x_range[1]) + 1):
        x, _ = frame.px(tick, 10.0 ** frame.log_range[0])
        out.append(_element("line", x1=x, y1=float(frame.top), x2=x, y2=bottom, stroke="#e4e4e4",
                            stroke_width=0.7))
        out.append(_text(x, bottom + 14, str(tick), text_anchor="middle", font_size=10.0))
    return out


def _line(frame: _Frame, line: Series) -> str:
    points = [frame.px(x, y) for x, y in zip(line.xs, line.ys, strict=True) if y > 0]
    if not points:
        return ""
    out = [_element("polyline", points=' '.join(f'{_num(a)},{_num(b)}' for a, b in points), fill='none',
                               stroke=line.color, stroke_width=line.width, stroke_dasharray=line.dash or None,
                               class_='series')]
    if line.markers:
        out += [_element("circle", cx=a, cy=b, r=3.5, fill=line.color, class_="point") for a, b in points]
    return "".join(out)


def _plot_legend(frame: _Frame, series: Sequence[Series]) -> str:
    out = ['<g class="legend">']
    rows = len(series)
    out.append(_element("rect", x=frame.left + 6, y=frame.top + 6, width=min(250.0, frame.width - 12),
                               height=rows * 16 + 6.0, fill='white', fill_opacity=0.85, stroke='#cccccc'))
    for row, line in enumerate(series):
        y = frame.top + 18 + row * 16
        x = frame.left + 12
        out.append(_element("line", x1=x, y1=y - 4, x2=x + 26, y2=y - 4, stroke=line.color,
                            stroke_width=line.width, stroke_dasharray=line.dash or None))
        if line.markers:
            out.append(_element("circle", cx=x + 13, cy=y - 4, r=3.0, fill=line.color))
        out.append(_text(x + 32, y, line.label, font_size=10.0))
    out.append("</g>")
    return "".join(out)
