"""Every stored figure can be read from the back of a lecture room: no text under 11 pt at the
notebook's display width (a picture wider than the column is shrunk: text is measured as shown),
no rotated text, text dark enough for WCAG AA (4.5:1 against what is behind it), no label across
the outline of a node (both judged on the SVG drawings too: the text's colour over the shapes
painted before it, its ink set in DejaVu Sans against the nodes' outlines), no legend over the
data, over a label or over another legend, no blank band between a drawing and its legend (above
it or below it), no value, window or other label of a tree crossed or touched by an edge (judged
on the SVG drawings, whose edges are lines), and no series hidden under another unless the legend
says so.  And the drawings' legends list only the marks a figure uses.

How each stored figure is measured:

- an SVG (inline in HTML, or ``image/svg+xml``) from its own text: every ``<text>``'s font size
  (inherited from its parents, SVG's default 16 px otherwise), scaled by how much a notebook
  column of 900 px shrinks the picture (not at all when it is shown at its natural size,
  ``max-width:none``); legend boxes estimated from their words, data from the node shapes,
  edges and plotted lines;
- a PNG (a matplotlib figure) from the geometry :func:`mmlib.draw.display.figure_html` stored
  in it when it was drawn (:mod:`mmlib.draw.geometry`: every text's size in points and its box,
  every legend's box, the data points), scaled by the PNG's own width.  A PNG without it was not
  drawn through mmlib's display and cannot be checked: that fails too.

``MMLIB_FIGURE_NOTEBOOKS=dir`` measures the notebooks in ``dir`` instead (executed copies).
"""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import struct
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from mmlib.draw.geometry import PNG_KEY
from mmlib.draw.style import DISPLAY_WIDTH_PX, MAX_HEIGHT_PX, MIN_TEXT_PT, PX_PER_PT

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path(os.environ.get("MMLIB_FIGURE_NOTEBOOKS", ROOT))
NOTEBOOKS = sorted(
    [*SOURCE.glob("notebooks/*.ipynb"), *SOURCE.glob("notebooks/labs/*.ipynb"),
     *SOURCE.glob("instructor/solutions/*.ipynb"), *SOURCE.glob("*.ipynb")]
)
SVG_NS = "{http://www.w3.org/2000/svg}"
CHAR_WIDTH = 0.6
"""An SVG text's width, estimated as this fraction of its font size per character."""


@dataclass
class Measured:
    """One stored figure as measured: where it is, its texts ``(words, effective pt, box,
    rotated, in a legend)``, its legend boxes and its data points (boxes ``(x0, y0, x1, y1)`` in
    one frame; ``up``: y grows upwards, as in a PNG's geometry, else downwards, as in SVG); for
    a PNG also each text's ink box and contrast, the nodes' outlines, and the labelled series."""

    where: str
    texts: list[tuple[str, float, tuple[float, ...], bool, bool]] = field(default_factory=list)
    legends: list[tuple[float, ...]] = field(default_factory=list)
    data: list[tuple[float, float]] = field(default_factory=list)
    problem: str = ""
    up: bool = True
    contrasts: list[tuple[str, float, float]] = field(default_factory=list)
    """``(words, contrast ratio, pt)`` of each text."""
    inks: list[tuple[str, tuple[float, ...]]] = field(default_factory=list)
    outlines: list[list[tuple[float, float]]] = field(default_factory=list)
    series: list[tuple[str, list[tuple[float, float]]]] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    """The texts (of an SVG) whose ink runs past the drawing's left or right edge."""
    edges: list[tuple[tuple[float, float], tuple[float, float], float]] = field(default_factory=list)
    """A tree's edges (SVG ``<line class="edge">``): ends and half the stroke's width."""
    shapes: list[list[tuple[float, float]]] = field(default_factory=list)
    """A tree's node shapes (their outlines), which hide the ends of the edges under them."""


# -- reading the stored figures -------------------------------------------------------------------

def png_chunks(data: bytes) -> tuple[int, dict[str, str]]:
    """The width of a PNG and its tEXt chunks."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = struct.unpack(">I", data[16:20])[0]
    texts, at = {}, 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            texts[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + length
    return width, texts


def measure_png(data: bytes, where: str) -> Measured:
    width, chunks = png_chunks(data)
    if PNG_KEY not in chunks:
        return Measured(where, problem="a PNG without mmlib's measurements (not drawn by mmlib.draw?)")
    facts = json.loads(chunks[PNG_KEY])
    # the stored PNG may be cropped (bbox_inches="tight"): its own width says how much a column shrinks it
    scale = min(1.0, DISPLAY_WIDTH_PX / width)
    out = Measured(where)
    for text in facts["texts"]:
        out.texts.append((text["text"], text["pt"] * scale, tuple(text["box"]), text["rotation"] % 360 != 0,
                          text["role"] == "legend"))
    out.legends = [tuple(box) for box in facts["legends"]]
    out.data = [tuple(point) for point in facts["data"]]
    # a text (a title) wider than its figure runs past the figure's edges (a tight crop then
    # widens the image to the text, which reaches both of its edges)
    out.outside = [text["text"] for text in facts["texts"]
                   if text["box"][2] - text["box"][0] > facts["width"] + 0.5]
    if "shapes" not in facts:
        out.problem = "a PNG measured before colours, outlines and series were stored: execute it again"
        return out
    shapes = facts["shapes"]
    out.data += [tuple(point) for shape in shapes for point in shape["outline"]]
    out.outlines = [[tuple(point) for point in shape["outline"]] for shape in shapes if shape["edge"]]
    out.series = [(line["label"], [tuple(point) for point in line["points"]]) for line in facts["series"]]
    for text in facts["texts"]:
        ink = tuple(text["ink"])
        if text["role"] != "legend":
            out.inks.append((text["text"], ink))
        behind = _behind(text["background"], ink, shapes)
        out.contrasts.append((text["text"], contrast(over(text["color"], behind), behind), text["pt"]))
    return out


# -- colours: what is behind a text, and WCAG's contrast ratio -------------------------------------

WHITE = (1.0, 1.0, 1.0)


def over(color: list[float], behind: tuple[float, ...]) -> tuple[float, ...]:
    """``color`` (r, g, b, a) painted over the opaque colour ``behind``."""
    a = color[3]
    return tuple(a * c + (1 - a) * b for c, b in zip(color[:3], behind, strict=True))


def _behind(background: list[float] | None, ink: tuple[float, ...],
            shapes: list[dict]) -> tuple[float, ...]:
    """The colour behind a text: its own box, else the topmost node shape round its middle, else white."""
    if background is not None:
        return over(background, WHITE)
    middle = ((ink[0] + ink[2]) / 2, (ink[1] + ink[3]) / 2)
    colour = WHITE
    for shape in shapes:                        # in painting order: the last one holding it is on top
        if _in_polygon(middle, shape["outline"]):
            colour = over(shape["fill"], colour)
    return colour


def _in_polygon(point: tuple[float, float], outline: list) -> bool:
    x, y, inside = point[0], point[1], False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def contrast(first: tuple[float, ...], second: tuple[float, ...]) -> float:
    """WCAG 2's contrast ratio of two opaque colours (1 to 21).

    >>> round(contrast((0, 0, 0), (1, 1, 1)), 1), round(contrast((0.4627,) * 3, (1, 1, 1)), 2)
    (21.0, 4.54)
    """
    def luminance(rgb: tuple[float, ...]) -> float:
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _size(element: ET.Element, inherited: float) -> float:
    size = element.get("font-size")
    if size is None:
        style = re.search(r"font-size:\s*([\d.]+)", element.get("style", ""))
        size = style.group(1) if style else None
    return float(str(size).removesuffix("px")) if size is not None else inherited


def _paint(element: ET.Element, name: str, inherited: str) -> str:
    """An element's ``fill`` or ``stroke`` (attribute or style), else the one it inherits."""
    style = re.search(rf"(?:^|;)\s*{name}:\s*([^;]+)", element.get("style", ""))
    return (style.group(1) if style else element.get(name, inherited)).strip()


def _opacity(element: ET.Element, name: str) -> float:
    return float(element.get(name, 1.0))


NAMED = {"white": (1.0, 1.0, 1.0), "black": (0.0, 0.0, 0.0)}


def svg_rgba(paint: str, alpha: float) -> list[float] | None:
    """An SVG paint (``#rgb``, ``#rrggbb``, white, black) as [r, g, b, a] from 0 to 1; None for
    ``none`` (or a paint this test does not read).

    >>> svg_rgba("#f00", 0.5), svg_rgba("none", 1.0)
    ([1.0, 0.0, 0.0, 0.5], None)
    """
    paint = paint.lower()
    if paint in NAMED:
        return [*NAMED[paint], alpha]
    digits = paint.removeprefix("#")
    if not paint.startswith("#") or len(digits) not in (3, 6):
        return None
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return [int(digits[k:k + 2], 16) / 255 for k in (0, 2, 4)] + [alpha]


def _outline(element: ET.Element, tag: str) -> list[tuple[float, float]]:
    """A closed shape's outline as points (a circle or an ellipse as a 24-gon)."""
    import math

    get = lambda name: float(element.get(name, 0))  # noqa: E731
    if tag in ("circle", "ellipse"):
        rx, ry = (get("r"), get("r")) if tag == "circle" else (get("rx"), get("ry"))
        return [(get("cx") + rx * math.cos(k * math.pi / 12), get("cy") + ry * math.sin(k * math.pi / 12))
                for k in range(25)]
    if tag == "polygon":
        pairs = [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]
        return pairs + pairs[:1]
    x, y, w, h = get("x"), get("y"), get("width"), get("height")
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]


def _advance(words: str, size: float, bold: bool) -> float:
    """How wide DejaVu Sans (the figures' font, shipped with matplotlib) sets ``words`` at ``size`` px."""
    return float(_font(max(1, round(size)), bold).getlength(words))


@functools.cache
def _font(size: int, bold: bool) -> Any:
    from matplotlib import font_manager
    from PIL import ImageFont

    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans",
                                                             weight="bold" if bold else "normal"))
    return ImageFont.truetype(path, size)


def measure_svg(text: str, where: str) -> Measured:
    root = ET.fromstring(text)
    width = float(str(root.get("width", DISPLAY_WIDTH_PX)).removesuffix("px"))
    view = [float(v) for v in root.get("viewBox", "").replace(",", " ").split()] or [0, 0, width]
    natural = "max-width:none" in root.get("style", "").replace(" ", "")
    scale = 1.0 if natural else min(1.0, DISPLAY_WIDTH_PX / width)
    out = Measured(where)
    shapes: list[dict] = []                     # filled shapes in painting order, as measure_png has them

    def walk(element: ET.Element, size: float, rotated: bool, legend: bool, paint: tuple[str, str, float]
             ) -> None:
        size = _size(element, size)
        rotated = rotated or "rotate" in element.get("transform", "")
        legend = legend or "legend" in element.get("class", "").split()
        paint = (_paint(element, "fill", paint[0]), _paint(element, "stroke", paint[1]),
                 paint[2] * _opacity(element, "opacity"))
        tag = element.tag.removeprefix(SVG_NS)
        if tag == "text" and (element.text or "").strip():
            words = element.text.strip()
            x, y = float(element.get("x", 0)), float(element.get("y", 0))
            w = len(words) * CHAR_WIDTH * size
            left = {"middle": x - w / 2, "end": x - w}.get(element.get("text-anchor", "start"), x)
            box = (left, y - 0.8 * size, left + w, y + 0.2 * size)
            out.texts.append((words, size * scale / PX_PER_PT, box, rotated, legend))
            for script in element.iter(f"{SVG_NS}tspan"):        # an exponent or a subscript: its own size
                if (script.text or "").strip() and script.get("font-size"):
                    out.texts.append((script.text.strip(), _size(script, size) * scale / PX_PER_PT, box,
                                      rotated, legend))
            w = _advance(words, size, element.get("font-weight", "") == "bold")   # ink, set in DejaVu Sans
            left = {"middle": x - w / 2, "end": x - w}.get(element.get("text-anchor", "start"), x)
            ink = (left, y - 0.7 * size, left + w, y)        # capitals and digits: baseline to cap height
            if ink[0] < view[0] - 0.5 or ink[2] > view[0] + view[2] + 0.5:
                out.outside.append(words)
            colour = svg_rgba(paint[0], paint[2] * _opacity(element, "fill-opacity"))
            if not legend and not {"cross", "probability"} & set(element.get("class", "").split()):
                out.inks.append((words, ink))         # (a ✕ and a probability are written on their edge)
            if colour is not None and any(c.isalnum() for c in words):   # a lone ▲ or ■ is a shape, not words
                behind = _behind(None, ink, shapes)
                shown_pt = size * scale / PX_PER_PT
                out.contrasts.append((words, contrast(over(colour, behind), behind), shown_pt))
        else:
            if not legend and (tag in ("polyline", "line", "polygon", "circle")
                               or (tag == "rect" and "node" in element.get("class", "").split())):
                out.data.extend(_points(element, tag))
            if tag in ("rect", "circle", "ellipse", "polygon"):
                fill = svg_rgba(paint[0], paint[2] * _opacity(element, "fill-opacity"))
                outline = _outline(element, tag)
                if fill is not None:
                    shapes.append({"outline": outline, "fill": fill})
                if "node" in element.get("class", "").split() and paint[1] != "none":
                    out.outlines.append(outline)
                if "node" in element.get("class", "").split():
                    out.shapes.append(outline)
            if tag == "line" and "edge" in element.get("class", "").split():
                get = lambda name: float(element.get(name, 0))  # noqa: E731
                out.edges.append(((get("x1"), get("y1")), (get("x2"), get("y2")),
                                  float(element.get("stroke-width", 1)) / 2))
        for child in element:
            if child.tag.removeprefix(SVG_NS) not in ("title", "desc"):
                walk(child, size, rotated, legend, paint)

    walk(root, 16.0, False, False, ("black", "none", 1.0))
    out.up = False
    for line in root.iter(f"{SVG_NS}polyline"):
        if line.get("data-label"):
            pairs = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
            out.series.append((line.get("data-label"), [(p[0] * scale, p[1] * scale) for p in pairs]))
    legend_texts = [box for _, _, box, _, is_legend in out.texts if is_legend]
    if legend_texts:   # one box round a legend's words (a legend row of glyphs and words)
        out.legends = [(min(b[0] for b in legend_texts), min(b[1] for b in legend_texts),
                        max(b[2] for b in legend_texts), max(b[3] for b in legend_texts))]
    # SVG's y grows downwards: turn boxes into (x0, y0, x1, y1) with y0 < y1 (already so)
    return out


def _points(element: ET.Element, tag: str) -> list[tuple[float, float]]:
    get = lambda name: float(element.get(name, 0))  # noqa: E731
    if tag == "polyline" or tag == "polygon":
        pairs = [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]
        return _sampled(pairs)
    if tag == "line":
        return _sampled([(get("x1"), get("y1")), (get("x2"), get("y2"))])
    if tag == "circle":
        return [(get("cx"), get("cy"))]
    return [(get("x"), get("y")), (get("x") + get("width"), get("y") + get("height"))]


def _sampled(points: list[tuple[float, ...]]) -> list[tuple[float, float]]:
    out = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        out += [(x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20) for k in range(21)]
    return out or [(p[0], p[1]) for p in points]


def stored_pictures(path: Path) -> list[tuple[str, bytes | str]]:
    """``(where, picture)`` of every stored picture of the notebook (:func:`output_pictures`)."""
    notebook = json.loads(path.read_text())
    return [picture for c, cell in enumerate(notebook.get("cells", []))
            for o, output in enumerate(cell.get("outputs", []))
            for picture in output_pictures(output.get("data", {}), f"{path.name} cell {c} output {o}")]


def output_pictures(data: dict[str, Any], where: str) -> list[tuple[str, bytes | str]]:
    """``(where, picture)`` of one output's mime bundle: a PNG's bytes or an SVG's text (an SVG
    shown as an ``<img>`` keeps ``max-width:none`` only when the img says so: it is shrunk to the
    column otherwise)."""
    found: list[tuple[str, bytes | str]] = []
    html = "".join(data.get("text/html", ""))
    pngs = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html)
    if "image/png" in data and not pngs:
        pngs.append("".join(data["image/png"]))
    svgs = re.findall(r"<svg\b.*?</svg>", html, re.S)
    if "image/svg+xml" in data and not svgs:
        svgs.append("".join(data["image/svg+xml"]))
    found += [(f"{where} png {k}", base64.b64decode(b64)) for k, b64 in enumerate(pngs)]
    found += [(f"{where} svg {k}", text) for k, text in enumerate(svgs)]
    for k, tag in enumerate(re.findall(r"<img\b[^>]*data:image/svg\+xml;base64,[^>]*>", html)):
        text = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", tag).group(1)).decode()
        if "max-width:none" not in tag.replace(" ", ""):
            text = re.sub(r"max-width:\s*none;?", "", text, count=1)
        found.append((f"{where} img-svg {k}", text))
    return found


def _measured(where: str, picture: bytes | str) -> Measured:
    return measure_png(picture, where) if isinstance(picture, bytes) else measure_svg(picture, where)


def output_figures(data: dict[str, Any], where: str) -> list[Measured]:
    """The figures of one output's mime bundle, measured as a notebook shows them."""
    return [_measured(at, picture) for at, picture in output_pictures(data, where)]


def stored_figures(path: Path) -> list[Measured]:
    return [_measured(where, picture) for where, picture in stored_pictures(path)]


# -- the judgements ---------------------------------------------------------------------------------

def _overlap(a: tuple[float, ...], b: tuple[float, ...], inset: float = 1.0) -> bool:
    return a[0] + inset < b[2] and b[0] + inset < a[2] and a[1] + inset < b[3] and b[1] + inset < a[3]


def _inside(point: tuple[float, float], box: tuple[float, ...], inset: float = 2.0) -> bool:
    return box[0] + inset < point[0] < box[2] - inset and box[1] + inset < point[1] < box[3] - inset


def faults(figure: Measured) -> list[str]:
    """What is wrong with one stored figure, in words (empty when nothing is)."""
    if figure.problem:
        return [figure.problem]
    out = []
    small = [(round(pt, 1), words) for words, pt, _, _, _ in figure.texts if pt < MIN_TEXT_PT - 0.05]
    if small:
        out.append(f"{len(small)} texts under {MIN_TEXT_PT:g} pt at {DISPLAY_WIDTH_PX} px, smallest "
                   f"{min(small)}")
    rotated = [words for words, _, _, turned, _ in figure.texts if turned]
    if rotated:
        out.append(f"rotated text: {rotated[:3]}")
    if figure.outside:
        out.append(f"text past the drawing's edge (or wider than the figure): {figure.outside[:3]}")
    for i, first in enumerate(figure.legends):
        if any(_overlap(first, second) for second in figure.legends[i + 1:]):
            out.append("two legends overlap")
        covered = [p for p in figure.data if _inside(p, first)]
        if covered:
            out.append(f"a legend covers {len(covered)} data points, e.g. {covered[0]}")
        labels = [words for words, _, box, _, is_legend in figure.texts
                  if not is_legend and _overlap(box, first, 2.0)]
        if labels:
            out.append(f"a legend covers the labels {labels[:3]}")
        for band, side in zip(_bands(figure, first), ("above", "below"), strict=True):
            if band > BLANK_BAND_PX:
                out.append(f"{band:.0f} px of blank space {side} a legend")
    faint = [(words, round(ratio, 2)) for words, ratio, pt in figure.contrasts
             if ratio < (3.0 if pt >= 18 else 4.5)]
    if faint:
        out.append(f"{len(faint)} texts under WCAG AA contrast, e.g. {faint[:3]}")
    crossed = [words for words, ink in figure.inks
               if any(_crosses(outline, ink) for outline in figure.outlines)]
    if crossed:
        out.append(f"labels across a node's outline: {crossed[:5]}")
    touched = edge_touched(figure)
    if touched:
        out.append(f"labels crossed or touched by an edge: {touched[:5]}")
    out += [f"the series {a!r} and {b!r} are drawn on top of each other and the legend does not say so"
            for a, b in hidden_series(figure.series)]
    return out


BLANK_BAND_PX = 40
"""The most empty space (pixels) between a legend and what is drawn above it."""
COINCIDE_PX = 1.0
"""Two points this close (pixels) are drawn on top of each other."""
SAYS_SO = ("same as", "same points", "coincid", "hidden", "identical", "exactly on", "on top of", "(on the",
           "to the eye", "drawn over", "drawn on ", "; on ")
"""Words in a series' label that say it coincides with another one."""


def _bands(figure: Measured, legend: tuple[float, ...]) -> tuple[float, float]:
    """The empty heights between ``legend`` and the lowest thing drawn above it, and between it and
    the highest thing drawn below it, across the whole width of the figure (0 where nothing is):
    a legend under a plot, or over a tree as an explorer's still had it."""
    def span(box: tuple[float, ...]) -> tuple[float, float]:     # a box's bottom and top, as heights
        return (box[1], box[3]) if figure.up else (-box[3], -box[1])

    low, high = span(legend)
    drawn = [span(box) for _, _, box, _, is_legend in figure.texts if not is_legend]
    drawn += [(height, height) for height in ((y if figure.up else -y) for _, y in figure.data)]
    above = [bottom for bottom, _ in drawn if bottom >= high - 1]
    below = [top for _, top in drawn if top <= low + 1]
    return (min(above) - high if above else 0.0, low - max(below) if below else 0.0)


def _crosses(outline: list[tuple[float, float]], ink: tuple[float, ...]) -> bool:
    """Whether the outline passes through the box of a text's ink (0.5 px inside its edges)."""
    x0, y0, x1, y1 = ink[0] + 0.5, ink[1] + 0.5, ink[2] - 0.5, ink[3] - 0.5
    for (ax, ay), (bx, by) in zip(outline, outline[1:], strict=False):
        steps = max(2, int(abs(bx - ax) + abs(by - ay)) * 2)
        if any(x0 < ax + (bx - ax) * k / steps < x1 and y0 < ay + (by - ay) * k / steps < y1
               for k in range(steps + 1)):
            return True
    return False


TOUCH_PX = 1.0
"""A label's ink closer than this (pixels) to an edge's stroke touches it."""


def edge_touched(figure: Measured) -> list[str]:
    """The labels of a tree an edge crosses or touches: some point of an edge's visible part (out
    of the node shapes at its ends) within half its stroke and :data:`TOUCH_PX` of a label's ink
    (a label written beside a node: a letter inside its shape is judged against the outline)."""
    out = []
    for words, ink in figure.inks:
        middle = ((ink[0] + ink[2]) / 2, (ink[1] + ink[3]) / 2)
        if any(_in_polygon(middle, shape) for shape in figure.shapes):
            continue              # a node's letter: its shape hides the edges (the outline check holds it)
        for (ax, ay), (bx, by), half in figure.edges:
            reach = half + TOUCH_PX
            x0, y0, x1, y1 = ink[0] - reach, ink[1] - reach, ink[2] + reach, ink[3] + reach
            if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
                continue
            steps = max(2, int(abs(bx - ax) + abs(by - ay)) * 2)
            points = ((ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps) for k in range(steps + 1))
            if any(x0 < x < x1 and y0 < y < y1 and not any(_in_polygon((x, y), s) for s in figure.shapes)
                   for x, y in points):
                out.append(words)
                break
    return out


def _on(point: tuple[float, float], polyline: list[tuple[float, float]]) -> bool:
    """Whether ``point`` is within :data:`COINCIDE_PX` of the line through ``polyline``."""
    px, py = point
    for (ax, ay), (bx, by) in zip(polyline, polyline[1:], strict=False):
        dx, dy = bx - ax, by - ay
        t = min(1.0, max(0.0, ((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-12)))
        if (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2 <= COINCIDE_PX ** 2:
            return True
    return False


def _lies_on(points: list[tuple[float, float]], line: list[tuple[float, float]]) -> bool:
    """Whether a series through ``points`` is drawn on ``line``: every point, and the middle of
    every piece between two points, within a pixel of it."""
    middles = [((x0 + x1) / 2, (y0 + y1) / 2) for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False)]
    return len(points) >= 2 and len(line) >= 2 and all(_on(point, line) for point in points + middles)


def hidden_series(series: list[tuple[str, list[tuple[float, float]]]]) -> list[tuple[str, str]]:
    """Pairs of series of which one lies on the other (see :func:`_lies_on`), when neither
    label says so (see :data:`SAYS_SO`)."""
    out = []
    for i, (first, a) in enumerate(series):
        for second, b in series[i + 1:]:
            if not (_lies_on(a, b) or _lies_on(b, a)):
                continue
            if not any(w in label.lower() for label in (first, second) for w in SAYS_SO):
                out.append((first, second))
    return out


def smallest_text(figure: Measured) -> float:
    return min((pt for _, pt, _, _, _ in figure.texts), default=float("inf"))


FIGURES = [figure for path in NOTEBOOKS for figure in stored_figures(path)]


def test_the_notebooks_have_figures():
    assert len(FIGURES) >= 30, [f.where for f in FIGURES]


@pytest.mark.parametrize("figure", FIGURES, ids=[f.where for f in FIGURES])
def test_stored_figure_is_readable(figure):
    assert not faults(figure), f"{figure.where}: " + "; ".join(faults(figure))


# -- the judgements can fail (each on a figure made to break one rule) -----------------------------

def _png_of(figure) -> bytes:
    from mmlib.draw.display import figure_html

    return base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", figure_html(figure)).group(1))


def test_small_text_rotated_text_and_a_legend_over_data_are_found():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6, 4))
    ax = figure.add_subplot()
    ax.plot(range(10), range(10), label="a line through the middle")
    ax.legend(loc="center", fontsize=12)
    ax.set_xlabel("depth", fontsize=12)
    ax.set_ylabel("leaves", fontsize=12)        # matplotlib turns a y label by 90°
    ax.tick_params(labelsize=8)
    found = " ".join(faults(measure_png(_png_of(figure), "test")))
    assert "texts under 11 pt" in found and "(8.0," in found
    assert "rotated text: ['leaves']" in found
    assert "a legend covers" in found and "data points" in found


def test_two_legends_over_each_other_are_found():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6, 4))
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], label="a")
    ax.tick_params(labelsize=12)
    figure.legend(loc="lower left", fontsize=12)
    figure.legend(loc="lower left", fontsize=12)
    assert "two legends overlap" in faults(measure_png(_png_of(figure), "test"))


def test_a_wide_png_is_judged_at_the_column_width():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(18, 3))            # 1,392 px once cropped, shrunk to 900: 12 pt shows as 7.8 pt
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1])
    ax.set_title("title", fontsize=12)
    ax.tick_params(labelsize=12)
    measured = measure_png(_png_of(figure), "test")
    assert 7 < smallest_text(measured) < 8


def test_svg_text_is_scaled_and_a_png_without_measurements_fails():
    small = ('<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="100">'
             '<text x="5" y="20" font-size="20">shrunk to half</text></svg>')
    assert smallest_text(measure_svg(small, "t")) == pytest.approx(20 * DISPLAY_WIDTH_PX / 1800 / PX_PER_PT)
    natural = small.replace('height="100"', 'height="100" style="max-width:none"')
    assert smallest_text(measure_svg(natural, "t")) == pytest.approx(20 / PX_PER_PT)
    import io

    from matplotlib.figure import Figure
    bare = io.BytesIO()
    Figure(figsize=(2, 2)).savefig(bare, format="png")
    assert faults(measure_png(bare.getvalue(), "t")) == [
        "a PNG without mmlib's measurements (not drawn by mmlib.draw?)"]


def test_faint_text_a_label_across_an_outline_a_blank_band_and_a_hidden_series_are_found():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6, 5))
    ax = figure.add_axes((0.1, 0.45, 0.85, 0.5))
    ax.plot([1, 2, 3], [1, 4, 9], label="measured")
    ax.plot([1, 3], [1, 9], label="a guide")                     # through two of the points only
    ax.plot([1, 2, 3], [1, 4, 9], label="theory", ls=":")        # every point on "measured"
    ax.scatter([2], [6], s=900, marker="^", c="#56B4E9", edgecolors="black")
    ax.annotate("A", (2, 6), xytext=(0, 13), textcoords="offset points", ha="center",
                va="center", fontsize=12)                         # across the triangle's top edges
    ax.text(1, 8, "faint words", fontsize=12, color="#999999")
    ax.tick_params(labelsize=12)
    figure.legend(loc="lower center", fontsize=12)                # far below the axes: a band
    found = " ".join(faults(measure_png(_png_of(figure), "test")))
    assert "texts under WCAG AA contrast" in found and "'faint words'" in found
    assert "labels across a node's outline: ['A']" in found
    assert "px of blank space above a legend" in found
    assert "'measured' and 'theory' are drawn on top of each other" in found
    assert "'a guide'" not in found                              # crossing is not hiding


SVG_PLOT = ('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="{h}" font-size="16">'
            '<rect x="40" y="20" width="500" height="200" fill="white" stroke="#333333"/>'
            '<polyline data-label="measured" points="40,200 290,120 540,40" stroke="#0072B2" fill="none"/>'
            '<polyline data-label="{second}" points="40,200 290,120 540,40" stroke="#D55E00" fill="none"/>'
            '<polygon class="node max" points="300,60 280,90 320,90" fill="#56B4E9" stroke="#000000"/>'
            '<text x="{label_x}" y="84" font-weight="bold">E</text>'
            '<text x="60" y="{faint_y}" fill="{faint}">faint words</text>'
            '<g class="legend"><text x="40" y="{legend_y}">measured: the points</text></g></svg>')


def svg_plot(**changes: Any) -> Measured:
    """A small SVG plot, every fault absent unless ``changes`` brings it in."""
    values = {"h": 300, "second": "theory — exactly on measured", "label_x": 326, "faint": "#595959",
              "faint_y": 40, "legend_y": 250, **changes}
    return measure_svg(SVG_PLOT.format(**values), "test")


def test_a_title_wider_than_its_figure_is_found():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(2.2, 2.4))
    figure.add_subplot().set_title("X 0, O 4, X 8 = X 8, O 4, X 0", fontsize=12)     # lecture 07's, unwrapped
    found = faults(measure_png(_png_of(figure), "t"))
    assert any("wider than the figure): ['X 0, O 4" in fault for fault in found), found
    figure.axes[0].set_title("X 0, O 4, X 8 =\nX 8, O 4, X 0", fontsize=12)
    assert not any("wider than the figure" in fault for fault in faults(measure_png(_png_of(figure), "t")))


def test_an_svg_is_judged_for_contrast_outlines_bands_and_hidden_series():
    assert faults(svg_plot()) == []
    assert "texts under WCAG AA contrast, e.g. [('faint words'" in " ".join(faults(svg_plot(faint="#999999")))
    assert "labels across a node's outline: ['E']" in faults(svg_plot(label_x=312))
    assert "text past the drawing's edge (or wider than the figure): ['E']" in faults(
        svg_plot(label_x=596))
    assert faults(svg_plot(label_x=584)) == []
    assert any("blank space above a legend" in f for f in faults(svg_plot(h=600, legend_y=560)))
    assert any("'measured' and 'theory' are drawn on top of each other" in f
               for f in faults(svg_plot(second="theory")))
    on_blue = SVG_PLOT.replace('<text x="60"', '<rect x="50" y="20" width="200" height="30" fill="#0072B2"/>'
                                               '<text x="60"')
    assert "faint words" in " ".join(faults(measure_svg(on_blue.format(
        h=300, second="theory — exactly on", label_x=326, faint="#000000", faint_y=40, legend_y=250), "t")))


def test_saying_so_in_the_legend_and_a_dark_enough_text_pass():
    from matplotlib.figure import Figure

    from mmlib.draw.plots import legend_below

    figure = Figure(figsize=(6, 4), layout="constrained")
    ax = figure.add_subplot()
    ax.plot([1, 2, 3], [1, 4, 9], label="measured")
    ax.plot([1, 2, 3], [1, 4, 9], label="theory", ls=":")
    ax.text(1, 8, "dark enough", fontsize=12, color="#767676")   # 4.54:1 on white
    ax.tick_params(labelsize=12)
    legend_below(figure)
    assert faults(measure_png(_png_of(figure), "test")) == []
    assert [t.get_text() for t in figure.legends[0].get_texts()] == ["measured — exactly on theory", "theory"]


def test_the_tree_drawings_of_the_lectures_fit_the_column_and_pass():
    """The CS312 tree with its [min, max] windows, the widest tree of the lectures, fits the
    column (its leaf windows a line apart) and every rule holds; so do the A–G walkthrough and a
    chance tree."""
    from mmlib import draw, search, trees

    w, lose = 100, -100
    cs312 = search.alphabeta(trees.from_nested([[[1, 5, 6], [8, 3]], [lose, [1, w]]]), variant="fail-hard",
                             cutoff=">", alpha=lose, beta=w, trace=True)
    a_to_g = search.alphabeta(trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]]), trace=True)
    for figure in (draw.draw_tree(cs312, windows=True, title="CS312"), draw.draw_tree(a_to_g, windows=True)):
        png = _png_of(figure)
        assert png_chunks(png)[0] <= DISPLAY_WIDTH_PX
        assert faults(measure_png(png, "test")) == []


# -- a legend lists the marks its figure uses, and only those ---------------------------------------

def _legend_words(figure) -> list[str]:
    return [text.get_text() for text in figure.axes[0].get_legend().get_texts()]


def test_a_legend_lists_only_the_marks_its_drawing_uses():
    from mmlib import draw, search, trees

    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    minimax = _legend_words(draw.draw_tree(search.minimax(aima, trace=True)))
    assert not any("pruned" in w or "bound" in w or "so far" in w or "faded" in w for w in minimax), minimax
    assert "principal variation (thick)" in minimax
    plain = _legend_words(draw.draw_tree(aima))
    assert plain == ["MAX", "MIN", "leaf"]
    pruning = _legend_words(draw.draw_tree(search.alphabeta(aima, trace=True)))
    assert "pruned (dotted, ✕)" in pruning
    # a depth-limited search leaves the nodes beyond its horizon unsearched, and says so
    deep = trees.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    for node in deep.nodes():
        node.value = node.value if node.value is not None else 0
    horizon = _legend_words(draw.draw_tree(search.minimax(deep, depth=1, trace=True)))
    assert "faded: not searched" in horizon and not any("pruned" in w for w in horizon)


# -- every figure fits a projected slide ------------------------------------------------------------

def shown_heights(path: Path) -> list[tuple[str, float]]:
    """``(where, height in pixels as the column shows it)`` of every stored
    picture of the notebook (:func:`stored_pictures`): a picture wider than the column is shrunk
    to it, an SVG shown at its natural size (``max-width:none``) is not."""
    found = []
    for where, picture in stored_pictures(path):
        if isinstance(picture, bytes):
            width, height = struct.unpack(">II", picture[16:24])
            found.append((where, height * min(1.0, DISPLAY_WIDTH_PX / width)))
            continue
        root = ET.fromstring(picture)
        width = float(str(root.get("width", DISPLAY_WIDTH_PX)).removesuffix("px"))
        height = float(str(root.get("height", 0)).removesuffix("px"))
        natural = "max-width:none" in root.get("style", "").replace(" ", "")
        found.append((where, height * (1.0 if natural else min(1.0, DISPLAY_WIDTH_PX / width))))
    return found


SLIDES = [pytest.param(where, height, id=where)
          for path in NOTEBOOKS for where, height in shown_heights(path)]


@pytest.mark.parametrize("where, height", SLIDES)
def test_stored_figure_fits_a_slide(where, height):
    """No figure is taller than a projected slide shows at once (:data:`MAX_HEIGHT_PX`, 700 px):
    lecture 01's game tree (957 px), lecture 05's growth figure (862 px) and lecture 03's deep
    cutoff tree (752 px, its legend in one column) were."""
    assert height <= MAX_HEIGHT_PX, f"{where} is {height:.0f} px tall as shown, over {MAX_HEIGHT_PX} px"


def test_the_height_bound_can_fail(tmp_path):
    """A picture is measured as shown: a tall PNG fails, the same PNG twice as wide as the column
    (shown at half its height) and an SVG shown at its natural size are measured as they show."""
    import io

    from PIL import Image

    def png(width: int, height: int) -> str:
        out = io.BytesIO()
        Image.new("RGB", (width, height), "white").save(out, format="PNG")
        return base64.b64encode(out.getvalue()).decode()

    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="800" style="max-width:none"></svg>'
    outputs = [{"output_type": "display_data", "data": {"image/png": png(400, 800)}},
               {"output_type": "display_data", "data": {"image/png": png(DISPLAY_WIDTH_PX * 2, 1200)}},
               {"output_type": "display_data", "data": {"text/html": svg}}]
    notebook = tmp_path / "tall.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": outputs}]}))
    heights = [height for _, height in shown_heights(notebook)]
    assert heights == [800, 600, 800]
    assert [height > MAX_HEIGHT_PX for height in heights] == [True, False, True]


# -- the explorers' stills: the legend right under the tree, no label on an edge --------------------

SVG_TREE = ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="{h}" font-size="15">'
            '<g class="legend"><text x="12" y="30">MAX</text></g>'
            '<line class="edge" x1="200" y1="{y}" x2="60" y2="{low}" stroke-width="1.4"/>'
            '<polygon class="node max" points="200,{tip} 182,{base} 218,{base}" fill="#56B4E9" '
            'stroke="#000"/>'
            '<text x="{value_x}" y="{value_y}" class="value">3</text></svg>')


def svg_tree(legend_gap: float = 20.0, value: tuple[float, float] = (224.0, -3.0)) -> Measured:
    """A root and one edge down to the left, a legend above them ``legend_gap`` pixels away, and
    the root's value at ``value`` (x, and the baseline below the root's centre)."""
    y = 50.0 + legend_gap
    return measure_svg(SVG_TREE.format(h=y + 120, y=y, low=y + 92, tip=y - 16, base=y + 11,
                                       value_x=value[0], value_y=y + value[1]), "test")


def test_a_band_under_a_legend_and_a_label_on_an_edge_are_found():
    assert faults(svg_tree()) == []
    assert any("px of blank space below a legend" in f for f in faults(svg_tree(legend_gap=100)))
    assert faults(svg_tree(value=(150, 30))) == ["labels crossed or touched by an edge: ['3']"]   # on it
    assert faults(svg_tree(value=(150, 24))) == ["labels crossed or touched by an edge: ['3']"]   # touching
    assert faults(svg_tree(value=(150, 20))) == []                                                # 2 px clear


def explorer_stills() -> list[tuple[str, Any]]:
    """One explorer of every kind that draws a tree, at the step a lecture stores."""
    from mmlib import search, trees, widgets
    from mmlib.trees import layered_tree

    aima = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    win, lose = 100, -100
    cs312 = trees.from_nested([[[1, 5, 6], [8, 3]], [lose, [1, win]]])
    mtdf = widgets.step_through(aima, "mtdf", guess=0)
    mtdf.go(mtdf.model.phases[1].first + 2)
    mcts = widgets.step_through(search.mcts(trees.from_nested([[1, -1], [1, 0], [-1, -1]]), iterations=8,
                                            seed=0, trace=True))
    mcts.go(mcts.model.iterations[3].first + 2)
    return [
        ("alpha-beta at its first cutoff", widgets.step_through(aima, start="first cutoff")),
        ("the A-G tree at the end", widgets.step_through([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], start="end")),
        ("CS312, fail-hard", widgets.step_through(cs312, variant="fail-hard", cutoff=">", alpha=lose,
                                                  beta=win, start="end")),
        ("Star1", widgets.step_through([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                                       "star1", layers="max chance min", start="cutoff at C")),
        ("two MIN agents", widgets.step_through(layered_tree([[[3, 5], [2, 9]], [[6, 1], [8, 4]]],
                                                             layers="max min min"), start="first cutoff")),
        ("MTD(f)", mtdf), ("Monte Carlo tree search", mcts), ("practice", widgets.practice(seed=1)),
        ("the tree editor", widgets.tree_editor((ROOT / "notebooks" / "t1.in").read_text())),
    ]


@pytest.mark.slow
def test_every_explorers_still_puts_its_legend_under_the_tree_and_no_label_on_an_edge():
    """The stills the lectures store are laid out by one painter (:class:`mmlib.draw.svg.TreeSvg`);
    before, each kept rows for the longest legend its search could have between the legend and
    the root (52 to 120 px empty), and an edge from a parent far to one side crossed the values
    and windows beside its child."""
    checked = 0
    for name, explorer in explorer_stills():
        bundle = explorer._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        for figure in output_figures(data, name):
            assert figure.edges and not faults(figure), (name, faults(figure))
            checked += 1
    assert checked == 9


# -- the matplotlib trees: no letter, value or window crossed or touched by an edge ------------------

def mpl_edge_touched(figure: Any) -> list[str]:
    """The texts of a matplotlib tree an edge crosses or touches (as :func:`edge_touched` judges an
    SVG): the edges read from the drawing's line collection, the texts' ink and the node shapes
    from :func:`mmlib.draw.geometry.geometry`."""
    from matplotlib.collections import LineCollection

    from mmlib.draw.geometry import geometry

    facts = geometry(figure)
    ax = figure.axes[0]
    measured = Measured("test", shapes=[[tuple(p) for p in shape["outline"]] for shape in facts["shapes"]])
    for collection in ax.collections:
        if isinstance(collection, LineCollection):
            widths = collection.get_linewidths()
            for k, segment in enumerate(collection.get_segments()):
                (ax0, ay0), (bx0, by0) = ax.transData.transform(segment)
                half = float(widths[k % len(widths)]) * figure.dpi / 72 / 2
                measured.edges.append(((float(ax0), float(ay0)), (float(bx0), float(by0)), half))
    measured.inks = [(text["text"], tuple(text["ink"])) for text in facts["texts"]
                     if text["role"] != "legend" and text["text"] not in ("✕",)
                     and text["text"] != ax.get_title()]
    return edge_touched(measured)


def lecture_trees() -> list[tuple[str, Any]]:
    """The tree drawings the lectures and labs show with an edge near a text: AIMA's tree with its
    windows (00, 03), the slides' first example (01), a 27-leaf tree of move ordering (05), the quiz
    tree of lab 2."""
    from mmlib import draw, quiz, search, trees

    def hundredths(nested: Any) -> Any:
        return [hundredths(child) for child in nested] if isinstance(nested, list) else round(100 * nested)

    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    best = trees.from_nested(hundredths(trees.explicit(trees.ordered(3, 3, "best", seed=1)).to_nested()))
    out = [("AIMA with windows", draw.draw_tree(search.alphabeta(aima, trace=True), windows=True,
                                                title="AIMA")),
           ("the slides' first example", draw.draw_tree(search.alphabeta([[3, 5], [2, 9]], trace=True))),
           ("27 leaves, best first", draw.draw_tree(search.alphabeta(best, trace=True)))]
    quiz_tree = quiz.alpha_beta_question(seed=7, branching=3, depth=3, ordering="random").tree
    return out + [("lab 2's question 7", draw.draw_tree(quiz_tree, values=False, title="Question 7"))]


@pytest.mark.slow
def test_no_edge_crosses_or_touches_a_text_of_a_matplotlib_tree():
    """Before: an edge ran through the letter standing over each leaf of a 27-leaf tree, and the
    edge from A to B through B's value (the principal variation's thick line, in 00, 01 and 03)."""
    for name, figure in lecture_trees():
        assert not mpl_edge_touched(figure), (name, mpl_edge_touched(figure))
