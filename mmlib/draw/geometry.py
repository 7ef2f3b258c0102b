"""What is where on a matplotlib figure: every text with its size and box, every legend's box,
and the points of the data, in pixels.

:func:`figure_html` (in :mod:`mmlib.draw.display`) stores this geometry in the PNG it shows
(a ``tEXt`` chunk named :data:`PNG_KEY`), so that a stored notebook figure can be checked for
small text and for legends over data long after the kernel that drew it has gone
(``tests/test_figures.py`` does).  The geometry is raw: sizes in points, boxes in pixels at
``dpi``; judging it is left to the reader.

>>> from matplotlib.figure import Figure
>>> figure = Figure(figsize=(4, 3))
>>> ax = figure.add_subplot()
>>> _ = ax.plot([0, 1], [0, 1], label="a line"); _ = ax.legend(fontsize=8)
>>> facts = geometry(figure)
>>> sorted({text["role"] for text in facts["texts"]}), min(t["pt"] for t in facts["texts"])
(['legend', 'text'], 8.0)
>>> len(facts["legends"]), len(facts["data"]) > 10
(1, True)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["geometry", "geometry_json", "PNG_KEY"]

PNG_KEY = "mmlib-geometry"
"""The name of the PNG text chunk holding a figure's geometry (JSON)."""
SAMPLES = 24
"""Points taken along each straight piece of a line (a legend over the middle of a segment
covers data even where no vertex is)."""


def _box(extent: Any) -> list[float]:
    return [round(float(v), 1) for v in (extent.x0, extent.y0, extent.x1, extent.y1)]


def _line_points(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """``points`` (display pixels) with :data:`SAMPLES` points between each neighbouring pair."""
    if len(points) < 2:
        return list(points)
    out: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        out += [(x0 + (x1 - x0) * k / SAMPLES, y0 + (y1 - y0) * k / SAMPLES) for k in range(SAMPLES + 1)]
    return out


def _data_points(ax: Any) -> list[tuple[float, float]]:
    """The data of ``ax`` as points in pixels: lines (sampled), scatter points, filled bands and
    patches (their corners and centre), inside the axes."""
    import numpy as np
    from matplotlib.collections import PathCollection

    area = ax.get_window_extent()
    points: list[tuple[float, float]] = []
    for line in ax.get_lines():
        data = np.asarray(line.get_xydata(), dtype=float)
        if line.get_visible() and len(data):
            xy = line.get_transform().transform(data)
            points += _line_points([tuple(p) for p in xy if np.all(np.isfinite(p))])
    for collection in ax.collections:
        if not collection.get_visible():
            continue
        if isinstance(collection, PathCollection):           # scatter: one marker per offset
            offsets = np.asarray(collection.get_offsets(), dtype=float)
            if len(offsets):
                points += [tuple(p) for p in collection.get_offset_transform().transform(offsets)]
            continue
        for path in collection.get_paths():                  # line segments, filled bands
            if len(path.vertices):
                xy = collection.get_transform().transform(path.vertices)
                points += _line_points([tuple(p) for p in xy if np.all(np.isfinite(p))])
    for patch in ax.patches:
        if patch.get_visible():
            box = patch.get_window_extent()
            points += [(box.x0, box.y0), (box.x1, box.y1), (box.x0, box.y1), (box.x1, box.y0),
                       ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)]
    return [(round(float(x), 1), round(float(y), 1)) for x, y in points
            if area.x0 - 1 <= x <= area.x1 + 1 and area.y0 - 1 <= y <= area.y1 + 1]


def _rgba(color: str, alpha: Any = None) -> list[float]:
    """``color`` as ``[r, g, b, a]`` (0 to 1), its alpha multiplied by ``alpha``."""
    from matplotlib.colors import to_rgba

    r, g, b, a = to_rgba(color)
    return [round(r, 3), round(g, 3), round(b, 3), round(a * (1.0 if alpha is None else float(alpha)), 3)]


def _shapes(ax: Axes) -> list[dict[str, Any]]:
    """The markers of ``ax``'s scatters (a tree's nodes): each one's outline (pixels), fill and
    whether its outline is drawn, in the order they are painted (later ones on top)."""
    import numpy as np
    from matplotlib.collections import PathCollection

    out: list[tuple[float, dict[str, Any]]] = []
    for collection in ax.collections:
        if not isinstance(collection, PathCollection) or not collection.get_visible():
            continue
        painted: Any = collection            # (the face and edge colours: matplotlib's stubs lack them)
        offsets = np.asarray(collection.get_offsets(), dtype=float)
        paths, sizes = collection.get_paths(), collection.get_sizes()
        fills, edges = painted.get_facecolors(), painted.get_edgecolors()
        if not len(offsets) or not len(paths):
            continue
        scale = ax.figure.dpi / 72.0
        for k, point in enumerate(collection.get_offset_transform().transform(offsets)):
            path = paths[k % len(paths)]
            size = float(sizes[k % len(sizes)]) if len(sizes) else 36.0
            factor = scale * size ** 0.5            # a marker's path is one point wide per √size
            vertices = np.asarray(path.vertices, dtype=float)
            outline = [(round(float(point[0] + x * factor), 1), round(float(point[1] + y * factor), 1))
                       for x, y in vertices]
            fill = _rgba(fills[k % len(fills)]) if len(fills) else [1.0, 1.0, 1.0, 0.0]
            edge = _rgba(edges[k % len(edges)]) if len(edges) else [0.0, 0.0, 0.0, 0.0]
            out.append((collection.get_zorder(), {"outline": outline, "fill": fill,
                                                  "edge": edge[3] > 0.05 and edge[:3] != [1.0, 1.0, 1.0]}))
    return [shape for _, shape in sorted(out, key=lambda item: item[0])]


def _series(ax: Axes) -> list[dict[str, Any]]:
    """The labelled lines of ``ax`` (those a legend can name): label and vertices in pixels."""
    import numpy as np

    out = []
    for line in ax.get_lines():
        label = str(line.get_label())
        data = np.asarray(line.get_xydata(), dtype=float)
        if label.startswith("_") or not line.get_visible() or not len(data):
            continue
        xy = line.get_transform().transform(data)
        out.append({"label": label, "points": [(round(float(x), 1), round(float(y), 1)) for x, y in xy
                                               if np.isfinite(x) and np.isfinite(y)]})
    return out


def _ink_box(text: Any, renderer: Any, box: list[float]) -> list[float]:
    """The box of ``text``'s ink (pixels): its letters without the room a line keeps above and
    below them (a capital stands on the baseline, nothing hangs under it); ``box`` for a text
    turned, of several lines or of mathematics."""
    from matplotlib.textpath import TextPath

    words = text.get_text()
    if "\n" in words or "$" in words or text.get_rotation() % 360:
        return box
    properties = text.get_fontproperties()
    descent = max(renderer.get_text_width_height_descent(line, properties, ismath=False)[2]
                  for line in (words, "lp"))                # a line hangs as low as "lp" (matplotlib's rule)
    ink = TextPath((0, 0), words, prop=properties).get_extents()
    if ink.width <= 0 or ink.height <= 0:
        return box
    k, baseline = renderer.points_to_pixels(1.0), box[1] + descent
    return [round(float(v), 1) for v in (box[0] + ink.x0 * k, baseline + ink.y0 * k,
                                         box[0] + ink.x1 * k, baseline + ink.y1 * k)]


def _text_colors(text: Any) -> tuple[list[float], list[float] | None]:
    """The colour of ``text`` (its alpha applied) and that of the box drawn behind it, if any."""
    patch = text.get_bbox_patch()
    behind = None
    if patch is not None and patch.get_visible() and patch.get_facecolor()[3] > 0:
        behind = _rgba(patch.get_facecolor())
    return _rgba(text.get_color(), text.get_alpha()), behind


def geometry(figure: Any) -> dict[str, Any]:
    """``{"dpi", "width", "texts": [{"text", "pt", "box", "ink", "rotation", "role", "color",
    "background"}], "legends": [box], "data": [(x, y), ...], "shapes": [{"outline", "fill",
    "edge"}], "series": [{"label", "points"}]}`` of ``figure`` as drawn now (boxes
    ``[x0, y0, x1, y1]`` and points in pixels at ``dpi``; ``role`` is ``"legend"`` for a legend's
    own words, else ``"text"``; ``ink`` the box of the letters themselves; colours ``[r, g, b, a]``;
    ``background`` the box behind a text, or None)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    canvas: Any = figure.canvas if isinstance(figure.canvas, FigureCanvasAgg) else FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    legends = [legend for legend in figure.legends if legend.get_visible()]
    legends += [ax.get_legend() for ax in figure.axes
                if ax.get_legend() is not None and ax.get_legend().get_visible()]
    legend_texts = {id(text) for legend in legends for text in legend.get_texts()}
    hidden = {id(text) for ax in figure.axes if not ax.axison          # an axis turned off draws no ticks
              for axis in (ax.xaxis, ax.yaxis) for text in axis.findobj(Text)}
    texts = []
    for text in figure.findobj(Text):
        words = text.get_text()
        if not text.get_visible() or not words.strip() or text.get_alpha() == 0 or id(text) in hidden:
            continue
        color, behind = _text_colors(text)
        box = _box(text.get_window_extent(renderer))
        texts.append({"text": words, "pt": round(float(text.get_fontsize()), 2),
                      "box": box, "ink": _ink_box(text, renderer, box),
                      "rotation": round(float(text.get_rotation()), 1),
                      "role": "legend" if id(text) in legend_texts else "text",
                      "color": color, "background": behind})
    data = [point for ax in figure.axes for point in _data_points(ax)]
    return {"dpi": float(figure.dpi), "width": round(float(figure.bbox.width), 1), "texts": texts,
            "legends": [_box(legend.get_window_extent(renderer)) for legend in legends], "data": data,
            "shapes": [shape for ax in figure.axes for shape in _shapes(ax)],
            "series": [line for ax in figure.axes for line in _series(ax)]}


def geometry_json(figure: Figure) -> str:
    """:func:`geometry` as compact JSON (what a stored PNG carries)."""
    return json.dumps(geometry(figure), ensure_ascii=True, separators=(",", ":"))
