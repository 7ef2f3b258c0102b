"""Line plots as SVG text, painted in about a millisecond (an explorer's slider move redraws one).

One painter, :func:`line_plot_svg`, draws every SVG plot of the package: the explorers'
(growth, orderings, quality) and :func:`log_plot_svg`'s.  Each measured line has its own
colour (Okabe–Ito), dash pattern *and* marker shape, so no two lines differ by colour alone;
guides (theory curves) are grey or black dashes without markers.  The legend sits under the
axes, where it covers no data, one line per row, and lists only the lines drawn; the picture
carries a text alternative that lists every line's points.  Text is 15 px (11.25 pt) or
larger and the plot is 760 px wide, so a notebook column of 900 px shows it unshrunk.  A second
panel under the axes (:class:`Lower`) can show the same lines with other values: each count
divided by the Knuth–Moore minimum at its depth (:func:`ratio_panel`), which draws apart lines
that crowd each other on a log scale of counts, as :func:`mmlib.draw.plots.plot_growth` does
with ``ratio=True``, on the same axis.

>>> svg = line_plot_svg([Line("doubling", [1, 2, 3], [2, 4, 8], marker="square")],
...                     title="2^d", xlabel="d", ylabel="leaves")
>>> svg.count('class="point"'), "doubling: (1, 2), (2, 4), (3, 8)" in svg
(3, True)
"""

from __future__ import annotations

import html
import itertools
import math
import numbers
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError, printable
from . import style
from .endlabels import spread
from .svg_text import clean_text, set_width, text_width, wrap_text

__all__ = ["Line", "Lower", "line_plot_svg", "ratio_panel", "ratio_ticks", "ratio_words", "MARKERS", "STYLES",
           "Series", "log_plot_svg", "say_coinciding", "lies_on", "near_points", "gap", "ON_WORDS",
           "NEAR_WORDS"]

FONT_PX = 15
WIDTH = 760.0
PLOT_HEIGHT = 300.0
LEFT, TOP, RIGHT = 78.0, 58.0, 24.0
LEGEND_ROW = 24.0
WRAPPED_ROW = 19.0
"""From one row of a legend entry's words to the next, when they take more than one."""
LEGEND_TEXT = 52.0
"""From the left of a legend entry's sample of its line to its words."""
END_GAP = 16.0
"""From the right edge of the axes to the names written at the lines' ends."""
BELOW_AXES = 62.0
"""From the bottom of the axes to the first legend row: the x ticks and the x label."""
PANEL_GAP = 32.0
"""From the bottom of the upper axes to the top of a lower panel: its y label, written level."""

MARKERS = ("circle", "square", "triangle", "diamond", "down")
STYLES = tuple((look.color, look.svg_dash, marker)
               for look, marker in zip(map(style.series_style, range(5)), MARKERS, strict=True))
"""Colour (Okabe–Ito), dash pattern and marker of the 1st, 2nd... measured line: all three differ,
and each is the style a matplotlib figure gives the same series (:func:`mmlib.draw.style.series_style`).

>>> STYLES[1]
('#D55E00', '7 4', 'square')
"""


@dataclass(frozen=True)
class Line:
    """One line: ``label``, points ``xs``/``ys``, colour, SVG dash pattern (``""`` solid) and
    marker shape (one of :data:`MARKERS`, ``""`` for none: a guide); ``end``: a short name
    written beside the line's last point (``""``: none), so lines that run close together are
    told apart where they are (:mod:`mmlib.draw.endlabels`)."""

    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    color: str = "#0072B2"
    dash: str = ""
    marker: str = "circle"
    width: float = 2.0
    end: str = ""


@dataclass(frozen=True)
class Lower:
    """A second panel under the axes, sharing their x axis (whose ticks and label move under it):
    ``ys[k]`` the values of the k-th line there (``None``: not drawn there), on a log axis over
    ``y_range`` with the ticks ``ticks``, named ``ylabel`` level above it; ``height`` of its axes
    in pixels.  Each line keeps its colour, dash, marker and end name; the one legend, under both
    panels, says where a line lies on another in either (:func:`ratio_panel` makes the usual one:
    counts divided by a reference)."""

    ys: Sequence[Sequence[float] | None]
    ylabel: str
    y_range: tuple[float, float]
    ticks: Sequence[float]
    height: float = 140.0


RATIO_STEPS = (1, 2, 5)
"""The ticks of a ratio axis in each power of ten: 1, 2, 5, 10, 20, 50..."""
RATIO_ROOM = (0.8, 1.4)
"""A ratio axis runs from this fraction of 1 to this multiple of the highest ratio."""


def ratio_ticks(highest: float) -> list[float]:
    """The ticks of a panel of ratios from 1 up to ``highest``: 1, 2, 5, 10, 20... as far as the
    axis reaches (:data:`RATIO_ROOM`), on a log scale where equal ratios are equally far apart;
    over more than two powers of ten, the powers of ten alone (the others would crowd).

    >>> ratio_ticks(1.0), ratio_ticks(40.75), ratio_ticks(186.6)
    ([1], [1, 2, 5, 10, 20, 50], [1, 10, 100])
    """
    top = max(1.0, highest) * RATIO_ROOM[1]
    steps = RATIO_STEPS if top <= 100 else (1,)
    return [step * 10 ** power for power in range(math.floor(math.log10(top)) + 1)
            for step in steps if step * 10 ** power <= top]


def ratio_words(measure: str) -> str:
    """The y label of a panel of counts divided by the Knuth–Moore minimum at the same depth.

    >>> ratio_words("leaves")
    'leaves ÷ Knuth–Moore minimum (1 = the best order; log scale)'
    """
    return f"{measure} ÷ Knuth–Moore minimum (1 = the best order; log scale)"


def ratio_panel(ys: Sequence[Sequence[float] | None], measure: str = "leaves", *,
                height: float = 140.0) -> Lower:
    """A :class:`Lower` panel of ratios to the Knuth–Moore minimum (``ys``: each line's, ``None``
    where a line has none, as :func:`mmlib.analysis.times_minimal` computes them): a log axis from
    just under 1 to over the highest ratio, ticked 1, 2, 5, 10... (:func:`ratio_ticks`).

    >>> panel = ratio_panel([[1.0, 1.0], None, [1.8, 4.76]])
    >>> panel.ticks, panel.y_range
    ([1, 2, 5], (0.8, 6.664))
    """
    highest = max([1.0, *(y for values in ys if values is not None for y in values)])
    return Lower(ys, ratio_words(measure), (RATIO_ROOM[0], highest * RATIO_ROOM[1]), ratio_ticks(highest),
                 height)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _escape(text: str) -> str:
    return html.escape(clean_text(text))


SCRIPT_SIZE = 1.0
"""A superscript's or subscript's font size, a fraction of the text's: as large as the text (15 px
in the explorers, 11 pt), so that it can be read from the back of a room, where a smaller exponent
(matplotlib's mathtext sets them at 0.7) cannot; it is set apart by being raised or lowered."""
SCRIPT_SHIFT = {"super": -0.4, "sub": 0.25}
"""How far a superscript is raised (negative: up) and a subscript lowered, in fractions of the
text's font size."""
_SCRIPT = re.compile(r"([\^_])(\{[^{}\s]*\}|[^\s,:;()^_]+)")


def script_runs(text: str) -> list[tuple[str, str]]:
    """``text`` cut into runs ``(words, kind)``: ``kind`` ``""`` for the line of text,
    ``"super"`` for an exponent written ``^x`` (``b^⌈d/2⌉``, ``b^{3/4}``), ``"sub"`` for a
    subscript written ``_x`` (``R_b``).  A script runs to the next space, comma, colon,
    semicolon or bracket; braces hold one that goes on.

    >>> script_runs("b^⌈d/2⌉ + 1: best, R_b")
    [('b', ''), ('⌈d/2⌉', 'super'), (' + 1: best, R', ''), ('b', 'sub')]
    >>> script_runs("no script here")
    [('no script here', '')]
    """
    runs: list[tuple[str, str]] = []
    at = 0
    for match in _SCRIPT.finditer(text):
        if match.start() > at:
            runs.append((text[at:match.start()], ""))
        runs.append((match.group(2).removeprefix("{").removesuffix("}"),
                     "super" if match.group(1) == "^" else "sub"))
        at = match.end()
    return runs + ([(text[at:], "")] if at < len(text) or not runs else [])


def script_width(text: str, size: float, measure: Callable[[str, float], float] = set_width) -> float:
    """How wide ``text`` is set with its scripts (:func:`script_runs`) smaller, at font size
    ``size`` (each run measured by ``measure``): the width the legend wraps by.

    >>> script_width("b^d", 15.0) == set_width("b", 15.0) + set_width("d", 15.0 * SCRIPT_SIZE)
    True
    """
    return sum(measure(words, size * (SCRIPT_SIZE if kind else 1.0)) for words, kind in script_runs(text))


def script_markup(text: str, size: float = FONT_PX) -> str:
    """``text`` as the content of an SVG ``<text>`` of font size ``size``: escaped, each script a
    ``<tspan>`` of :data:`SCRIPT_SIZE` moved up or down by ``dy`` (which every renderer follows),
    and the text after it moved back.

    >>> script_markup("R_b & c")
    'R<tspan dy="3.8" font-size="15">b</tspan> <tspan dy="-3.8">&amp; c</tspan>'
    >>> script_markup("b^2")
    'b<tspan dy="-6" font-size="15">2</tspan>'
    """
    out, shift = [], 0.0
    for words, kind in script_runs(text):
        target = SCRIPT_SHIFT[kind] * size if kind else 0.0
        small = f' font-size="{_fmt(size * SCRIPT_SIZE)}"' if kind else ""
        if target == shift and not kind:
            out.append(_escape(words))
        else:           # a space after a script is written between the tspans, where no renderer drops it
            rest = words.lstrip(" ")
            out.append(f'{words[:len(words) - len(rest)]}<tspan dy="{_fmt(target - shift)}"{small}>'
                       f"{_escape(rest)}</tspan>")
        shift = target
    return "".join(out)


_SPOKEN_BRACKETS = (("⌈", "⌉", "rounded up"), ("⌊", "⌋", "rounded down"))


def spoken(text: str) -> str:
    """``text`` as a screen reader should say it: an exponent ``^x`` (or ``ᵈ``) as "to the power
    x", a rounded half ``⌈d/2⌉`` as "d/2 rounded up", a subscript ``_x`` as "sub x"; for the
    text alternative, where a reader has no raised letters to see.

    >>> spoken("Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1: best order")
    'Knuth–Moore b to the power (d/2 rounded up) + b to the power (d/2 rounded down) − 1: best order'
    >>> spoken("bᵈ: every leaf; Pearl's R_b")
    "b to the power d: every leaf; Pearl's R sub b"
    """
    def words(script: str) -> str:
        for opening, closing, said in _SPOKEN_BRACKETS:
            if script.startswith(opening) and script.endswith(closing):
                return f"({script[1:-1]} {said})"
        return script

    said = "".join(run if not kind else f" to the power {words(run)}" if kind == "super" else f" sub {run}"
                   for run, kind in script_runs(text))
    return said.replace("ᵈ", " to the power d")


def _number(value: float) -> str:
    """A value as the text alternative and tick labels write it: 17, 2.5, 1.2e+06."""
    if float(value).is_integer() and abs(value) < 1e7:
        return f"{int(value):,}" if abs(value) >= 10_000 else str(int(value))
    return f"{value:.3g}"


def _marker(shape: str, x: float, y: float, color: str) -> str:
    common = f'class="point" fill="{color}" stroke="#222222" stroke-width="1"'
    r = 5.0
    if shape == "circle":
        return f'<circle {common} cx="{_fmt(x)}" cy="{_fmt(y)}" r="{r}"/>'
    if shape == "square":
        return f'<rect {common} x="{_fmt(x - r)}" y="{_fmt(y - r)}" width="{2 * r}" height="{2 * r}"/>'
    points = {"triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)], "down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
              "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)]}[shape]
    text = " ".join(f"{_fmt(x + r * dx)},{_fmt(y + r * dy)}" for dx, dy in points)
    return f'<polygon {common} points="{text}"/>'


def _log_ticks(low: float, high: float) -> list[float]:
    """Powers of ten in [low, high], with 2 and 5 between them when fewer than three decades show."""
    ticks = [10.0 ** k for k in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)]
    if len([t for t in ticks if low <= t <= high]) < 3:
        ticks = [t * m for t in ticks for m in (1, 2, 5)]
    return [t for t in ticks if low <= t <= high]


def _data_ranges(lines: Sequence[Line], log_y: bool) -> tuple[tuple[float, float], tuple[float, float]]:
    """The x and y ranges that show every point of ``lines`` with a margin."""
    xs = [x for line in lines for x in line.xs]
    ys = [y for line in lines for y in line.ys if (y > 0 or not log_y)]
    x0, x1 = (min(xs), max(xs)) if xs else (0.0, 1.0)
    if x1 == x0:
        x0, x1 = x0 - 1, x1 + 1
    pad = (x1 - x0) * 0.04
    y0, y1 = (min(ys), max(ys)) if ys else (1.0, 10.0)
    if log_y:
        return (x0 - pad, x1 + pad), (y0 / 1.5, y1 * 1.5)
    span = (y1 - y0) or 1.0
    return (x0 - pad, x1 + pad), (max(0.0, y0 - 0.08 * span), y1 + 0.08 * span)


def _alternative(lines: Sequence[Line], title: str, note: str, lower: Lower | None = None,
                 names: dict[float, str] | None = None) -> str:
    """The text alternative: the title, then every line's points (and those of a lower panel),
    each x written as its name where the axis names its ticks."""
    def points(line: Line, ys: Sequence[float]) -> str:
        return f"{line.label}: " + ", ".join(f"({(names or {}).get(x, _number(x))}, {_number(y)})"
                                              for x, y in zip(line.xs, ys, strict=True)) + "."

    text = f"{title}. " + " ".join(points(line, line.ys) for line in lines)
    if lower is not None:
        text += f" Lower panel, {lower.ylabel}: " + " ".join(
            points(line, ys) for line, ys in zip(lines, lower.ys, strict=True) if ys is not None)
    return text + (f" {note}" if note else "")


Mapping = Callable[[float, float], tuple[float, float]]


def _mapping(xs: tuple[float, float], ys: tuple[float, float], top: float, height: float, width: float,
             log_y: bool) -> Mapping:
    """From data (x, y) to pixels, for axes at ``top`` (of ``height`` and ``width``, left edge at
    :data:`LEFT`) showing the ranges ``xs`` and ``ys``."""
    (x0, x1), (y0, y1) = xs, ys
    scale = (math.log10(y0), math.log10(y1)) if log_y else (y0, y1)

    def px(x: float, y: float) -> tuple[float, float]:
        fy = math.log10(y) if log_y else y
        return (LEFT + (x - x0) / (x1 - x0) * width,
                top + height - (fy - scale[0]) / (scale[1] - scale[0]) * height)
    return px


def _axes(px: Mapping, x0: float, top: float, size: tuple[float, float], ticks: Sequence[float],
          log_y: bool) -> list[str]:
    """The frame of axes at ``top`` of ``size`` (width, height), and a grid line and a label at
    each y tick."""
    width, height = size
    out = [f'<rect x="{LEFT}" y="{top}" width="{_fmt(width)}" height="{height}" fill="white" '
           'stroke="#333333" stroke-width="0.8"/>']
    for tick, words in zip(ticks, _tick_texts(ticks, log_y), strict=True):
        _, y = px(x0, tick)
        out.append(f'<line x1="{LEFT}" x2="{_fmt(LEFT + width)}" y1="{_fmt(y)}" y2="{_fmt(y)}" '
                   'stroke="#dddddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{_fmt(y + 5)}" text-anchor="end">{words}</text>')
    return out


def _shown(lines: Sequence[Line], ys: Sequence[Sequence[float] | None], log_y: bool
           ) -> list[list[tuple[float, float]]]:
    """Each line's points (x, y) with its ``ys`` (``None``: none), those a log axis can show."""
    return [[] if values is None else
            [(x, y) for x, y in zip(line.xs, values, strict=True) if y > 0 or not log_y]
            for line, values in zip(lines, ys, strict=True)]


def line_plot_svg(lines: Sequence[Line], *, title: str, xlabel: str, ylabel: str,
                  x_ticks: Iterable[float] | None = None, x_names: Sequence[str] | None = None,
                  log_y: bool = True, note: str = "",
                  x_range: tuple[float, float] | None = None, y_range: tuple[float, float] | None = None,
                  width: float = WIDTH, plot_height: float = PLOT_HEIGHT, lower: Lower | None = None) -> str:
    """Lines on a logarithmic (or linear) y axis with the legend under the axes, as SVG text.
    ``x_ticks``: where the x axis is labelled (default: every whole number in range);
    ``x_names``: what each of them is called, for an axis of categories (default: the numbers),
    wrapped to the room between two ticks.
    ``note``: a sentence added to the text alternative.  ``x_range``, ``y_range``: what the
    axes show (default: every point, with a margin); ``width`` and ``plot_height`` (of the
    axes) in pixels.  Points with y ≤ 0 are left out of a logarithmic plot.  A line's ``end``
    name is written right of the axes beside its last point, joined to it by a leader; the
    names are spread apart so none overlaps another (the axes narrow to make room).
    ``lower``: a second panel under the axes, with other values of the same lines (a ratio to a
    reference, say: :func:`ratio_panel`), its lines named at their ends as well.

    >>> svg = line_plot_svg([Line("best", [1, 2], [3, 5], end="best"), Line("worst", [1, 2], [3, 9])],
    ...                     title="b = 3", xlabel="d", ylabel="leaves",
    ...                     lower=ratio_panel([[1.0, 1.0], [1.0, 1.8]]))
    >>> svg.count('class="point"'), svg.count('class="end-label"'), "Lower panel, leaves ÷" in svg
    (8, 2, True)
    >>> svg = line_plot_svg([Line("b*", [1, 2], [13.4, 7.9])], title="b*", xlabel="ordering", ylabel="b*",
    ...                     log_y=False, x_ticks=[1, 2], x_names=["generator", "MVV-LVA"])
    >>> ">MVV-LVA</text>" in svg, "b*: (generator, 13.4), (MVV-LVA, 7.9)." in svg
    (True, True)
    """
    (x0, x1), (y0, y1) = _data_ranges(lines, log_y)
    if x_range is not None:
        x0, x1 = x_range
    if y_range is not None:
        y0, y1 = y_range
    ticks = list(x_ticks if x_ticks is not None else range(math.ceil(x0), math.floor(x1) + 1))
    names = _tick_names(ticks, x_names)
    ends = max((script_width(line.end, FONT_PX, text_width) + END_GAP + 8 for line in lines if line.end),
               default=0.0)
    plot_w = max(width - LEFT - RIGHT - ends, 20.0)
    panels = [(_mapping((x0, x1), (y0, y1), TOP, plot_height, plot_w, log_y), TOP, plot_height,
               _shown(lines, [line.ys for line in lines], log_y))]
    if lower is not None:
        top = TOP + plot_height + PANEL_GAP
        panels.append((_mapping((x0, x1), lower.y_range, top, lower.height, plot_w, True), top, lower.height,
                       _shown(lines, lower.ys, True)))
    drawn = [[[px(x, y) for x, y in points] for points in shown] for px, _, _, shown in panels]
    labels = [line.label for line in lines]
    for points, (_, _, _, shown) in zip(drawn, panels, strict=True):
        labels = say_coinciding(labels, points, shown)        # a hidden line says so, in either panel
    rows = [wrap_text(label, FONT_PX, width - LEFT - LEGEND_TEXT - 8, script_width) for label in labels]
    bottom = panels[-1][1] + panels[-1][2]
    tick_xs = [panels[0][0](tick, y0)[0] for tick in ticks]
    tick_rows = _wrapped_names([names[tick] for tick in ticks], tick_xs, plot_w)
    below = BELOW_AXES + (max(map(len, tick_rows), default=1) - 1) * WRAPPED_ROW   # names over two rows
    height = bottom + below + sum(LEGEND_ROW + (len(r) - 1) * WRAPPED_ROW for r in rows) + 8

    alternative = spoken(_alternative(lines, title, note, lower, names if x_names is not None else None))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="mmlib-plot" width="{_fmt(width)}" '
           f'height="{_fmt(height)}" viewBox="0 0 {_fmt(width)} {_fmt(height)}" role="img" '
           f'aria-label="{_escape(alternative)}" font-family="sans-serif" font-size="{FONT_PX}">',
           f"<title>{_escape(alternative)}</title>"]
    out += _axes(panels[0][0], x0, TOP, (plot_w, plot_height),
                 _log_ticks(y0, y1) if log_y else _linear_ticks(y0, y1), log_y)
    if lower is not None:
        out += _axes(panels[1][0], x0, panels[1][1], (plot_w, lower.height), lower.ticks, True)
    for x, tick_words in zip(tick_xs, tick_rows, strict=True):
        out += [f'<text x="{_fmt(x)}" y="{_fmt(bottom + 20 + k * WRAPPED_ROW)}" text-anchor="middle">'
                f"{script_markup(row)}</text>" for k, row in enumerate(tick_words)]
    out.append(f'<text x="{_fmt(width / 2)}" y="24" text-anchor="middle" font-size="{FONT_PX + 2}" '
               f'font-weight="bold" class="title">{script_markup(title, FONT_PX + 2)}</text>')
    out.append(f'<text x="{_fmt(LEFT + plot_w / 2)}" y="{_fmt(bottom + below - 18)}" '
               f'text-anchor="middle">{script_markup(xlabel)}</text>')
    for words, (_, top, _, _) in zip((ylabel, lower.ylabel if lower else ""), panels, strict=False):
        out.append(f'<text x="{_fmt(LEFT)}" y="{_fmt(top - 8)}" text-anchor="start" class="ylabel">'
                   f"{script_markup(words)}</text>")      # level above the axes, as the other plots write it
    for points, (_, top, size, _) in zip(drawn, panels, strict=True):
        for line, line_points, label in zip(lines, points, labels, strict=True):
            out += _line(line, line_points, label)
        out += _end_labels(lines, points, LEFT + plot_w, (top, top + size))
    out += _legend(lines, rows, bottom + below)
    out.append("</svg>")
    return "".join(out)


def _tick_names(ticks: list[float], x_names: Sequence[str] | None) -> dict[float, str]:
    """Each x tick's words: its name in ``x_names`` (one for each tick), else its number."""
    if x_names is not None and (isinstance(x_names, str) or len(x_names) != len(ticks)):
        raise ArgumentError(f"x_names: expected one name for each of the {len(ticks)} x_ticks, "
                            f"got {printable(x_names)}")
    return dict(zip(ticks, x_names or [_number(tick) for tick in ticks], strict=True))


def _wrapped_names(names: list[str], xs: list[float], plot_w: float) -> list[list[str]]:
    """The ticks' ``names``, written at ``xs`` (pixels), each in rows no wider than the room
    between two ticks (the whole axes' width ``plot_w`` for one tick)."""
    room = min((b - a for a, b in zip(xs, xs[1:], strict=False)), default=plot_w) - 8
    return [wrap_text(name, FONT_PX, room, script_width) for name in names]


def _line(line: Line, points: list[tuple[float, float]], label: str) -> list[str]:
    """A line through ``points`` (pixels), with a marker at each point unless it is a guide;
    ``label``: its legend's words."""
    out = []
    if len(points) > 1:
        path = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        kind = "series" if line.marker else "guide"
        out.append(f'<polyline class="{kind}" data-label="{_escape(spoken(label))}" points="{path}" '
                   f'fill="none" stroke="{line.color}" stroke-width="{line.width}"{dash}/>')
    if line.marker:
        out += [_marker(line.marker, x, y, line.color) for x, y in points]
    return out


def _end_labels(lines: Sequence[Line], drawn: Sequence[Sequence[tuple[float, float]]], right: float,
                span: tuple[float, float]) -> list[str]:
    """Each line's ``end`` name right of the axes (whose right edge is at ``right``), level with
    its last point or as near as the names' spacing allows, with a leader from the point."""
    named = [(line, points[-1]) for line, points in zip(lines, drawn, strict=True) if line.end and points]
    places = spread([y for _, (_, y) in named], gap=FONT_PX * 1.2, low=span[0], high=span[1])
    out = []
    for (line, (x, y)), place in zip(named, places, strict=True):
        leader = " ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in ((x + 6, y), (right + 4, y),
                                                             (right + END_GAP - 2, place)))
        out.append(f'<g class="end-label"><polyline points="{leader}" fill="none" stroke="{line.color}" '
                   f'stroke-width="1.5"/><text x="{_fmt(right + END_GAP)}" y="{_fmt(place + 5)}">'
                   f"{script_markup(line.end)}</text></g>")
    return out


ON_WORDS = " — exactly on "
"""How a series' label says that it lies on another line with the same data (and is hidden under
it, or hides it)."""
NEAR_WORDS = " — on "
"""How a series' label begins to say that it is drawn on another line whose data differ from its own."""


def say_coinciding(labels: Sequence[str], drawn: Sequence[Sequence[tuple[float, float]]],
                   data: Sequence[Sequence[tuple[float, float]]], *, pixels: float = 1.0) -> list[str]:
    """The ``labels`` of lines drawn through the points ``drawn`` (pixels), whose data points
    (x, y) are ``data``, each line that lies on another (see :func:`lies_on`) saying so.  It says
    ``"— exactly on"`` the other only when their data are equal (see :func:`gap`): every point
    of the line is a point of the other; else it says that the two are one to the eye and how
    far apart their data are (``"— on + history to the eye, at most 1 apart"``).  Of two lines
    on each other the first says so, unless one of their labels already names the other
    (``"drawn over MVV-LVA"``).

    >>> drawn = [[(0, 0), (100, 50)], [(0, 0), (100, 50), (200, 90)], [(0, 0), (100, 10)]]
    >>> say_coinciding(["best", "Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (b = 3)", "random"], drawn,
    ...                [[(1, 3), (2, 5)], [(1, 3), (2, 5), (3, 11)], [(1, 3), (2, 9)]])
    ['best — exactly on Knuth–Moore', 'Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (b = 3)', 'random']
    >>> say_coinciding(["+ killers", "+ history"], drawn[:2], [[(1, 39), (4, 22164)], [(1, 39), (4, 22165)]])
    ['+ killers — on + history to the eye, at most 1 apart', '+ history']
    """
    out = list(labels)
    for i, points in enumerate(drawn):
        if ON_WORDS in out[i] or NEAR_WORDS in out[i]:
            continue
        for j, other in enumerate(drawn):
            if j == i or not lies_on(points, other, pixels):
                continue
            if _names(labels[i], labels[j]) or lies_on(other, points, pixels) and (
                    _names(labels[j], labels[i]) or (j < i and (ON_WORDS in out[j] or NEAR_WORDS in out[j]))):
                continue                                 # one of the two labels says it already
            apart = gap(data[i], data[j])
            near = f"{NEAR_WORDS}{_short(labels[j])} to the eye" + (f", at most {apart} apart" * bool(apart))
            out[i] += ON_WORDS + _short(labels[j]) if apart == "" else near
            break
    return out


def gap(points: Sequence[tuple[float, float]], other: Sequence[tuple[float, float]]) -> str | None:
    """How far apart the data of a line through ``points`` are from those of ``other``, in words:
    ``""`` when they are equal (up to floating-point rounding): at every x of the first, the other
    has a point of the same y, or a flat piece at that y (:func:`value_at`); else the largest
    difference where the other has a value (whole numbers) or the largest relative difference,
    rounded up (other numbers); None when that says nothing (no value to compare, or no difference).

    >>> gap([(1, 27.000000000000004)], [(1, 27), (2, 81)]), gap([(1, 5)], [(2, 5)])
    ('', None)
    >>> gap([(1, 3), (2, 22_164)], [(1, 3), (2, 22_165)]), gap([(1, 2.5), (2, 3.0)], [(1, 2.5), (2, 3.1)])
    ('1', '3.3%')
    >>> gap([(1, 3), (2, 3.0000000000000004)], [(0, 3), (5, 3)])      # a horizontal guide
    ''
    >>> gap([(1, 3), (2, math.inf)], [(1, 3), (2, 7)]) is None           # only finite values compare
    True
    """
    pairs = [(y, value_at(other, x)) for x, y in points]
    if all(z is not None and math.isclose(y, z, rel_tol=1e-9) for y, z in pairs):
        return ""
    known = [(y, z) for y, z in pairs if z is not None and math.isfinite(y) and math.isfinite(z)]
    largest = max((abs(y - z) for y, z in known), default=0.0)
    if largest == 0:
        return None
    if all(float(y).is_integer() and float(z).is_integer() for y, z in known):
        return _number(largest)
    share = max(abs(y - z) / max(abs(y), abs(z)) for y, z in known if y != z) * 100
    digits = max(0, 1 - math.floor(math.log10(share)))           # two significant digits, rounded up
    return f"{math.ceil(share * 10 ** digits) / 10 ** digits:.{digits}f}".rstrip("0").rstrip(".") + "%"


def value_at(points: Sequence[tuple[float, float]], x: float) -> float | None:
    """The y of the line through ``points`` at ``x`` that its data give: a point's at that x, or
    that of a flat piece (both ends at one y) over it; None elsewhere (a sloping piece between
    two points says nothing about the data between them).

    >>> value_at([(1, 3), (4, 3), (5, 9)], 2), value_at([(1, 3), (4, 3), (5, 9)], 5)
    (3, 9)
    >>> value_at([(4, 3), (5, 9)], 4.5) is None
    True
    """
    for px, py in points:
        if px == x:
            return py
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if y0 == y1 and min(x0, x1) <= x <= max(x0, x1):
            return y0
    return None


def _names(label: str, other: str) -> bool:
    """Whether ``label`` says where it lies against the line ``other`` ("drawn over MVV-LVA",
    "within 10% of MVV-LVA", "exactly on MVV-LVA").

    >>> _names("+ killers: 292 nodes, drawn over MVV-LVA", "MVV-LVA: 292 nodes")
    True
    >>> _names("MVV-LVA-2", "MVV-LVA")
    False
    """
    return re.search(rf"\b(?:over|of|on) {re.escape(_short(other))}(?!\w)", label) is not None


def _short(label: str) -> str:
    """A line's name in another's legend entry: its label up to a bracket or colon, or its first
    word when that is still long (``"Knuth–Moore b^⌈d/2⌉ + ...: best order"``: ``"Knuth–Moore"``)."""
    name = label.split(ON_WORDS)[0].split(NEAR_WORDS)[0].split(" (")[0].split(": ")[0]
    return name if len(name) <= 22 else name.split(" ")[0]


def lies_on(points: Sequence[tuple[float, float]], polyline: Sequence[tuple[float, float]],
            pixels: float = 1.0) -> bool:
    """Whether a line through ``points`` is drawn on ``polyline``: at least two points, and every
    one and the middle of every piece between two of them, within ``pixels`` of it.

    >>> lies_on([(0, 0), (200, 200)], [(0, 0), (100, 100), (200, 200)])
    True
    >>> lies_on([(0, 0), (200, 200)], [(0, 0), (100, 300), (200, 200)])   # the middle is not on it
    False
    """
    finite = [(float(x), float(y)) for x, y in points if math.isfinite(x) and math.isfinite(y)]
    line = [(float(x), float(y)) for x, y in polyline if math.isfinite(x) and math.isfinite(y)]
    if len(finite) < 2 or len(line) < 2:
        return False
    middles = [((x0 + x1) / 2, (y0 + y1) / 2) for (x0, y0), (x1, y1) in zip(finite, finite[1:], strict=False)]
    return all(_near_line(point, line, pixels) for point in finite + middles)


def near_points(points: Sequence[tuple[float, float]], polyline: Sequence[tuple[float, float]],
                pixels: float = 1.0) -> list[int]:
    """The indexes of ``points`` drawn within ``pixels`` of ``polyline`` (where one line runs on
    another over part of its length).

    >>> near_points([(0, 0), (100, 40), (200, 101)], [(0, 0), (100, 50), (200, 100)], 2.0)
    [0, 2]
    """
    line = [(float(x), float(y)) for x, y in polyline if math.isfinite(x) and math.isfinite(y)]
    if len(line) < 2:
        return []
    return [k for k, (x, y) in enumerate(points)
            if math.isfinite(x) and math.isfinite(y) and _near_line((float(x), float(y)), line, pixels)]


def _near_line(point: tuple[float, float], line: list[tuple[float, float]], pixels: float) -> bool:
    px, py = point
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        dx, dy = bx - ax, by - ay
        t = min(1.0, max(0.0, ((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-12)))
        if math.hypot(px - ax - t * dx, py - ay - t * dy) <= pixels:
            return True
    return False


def _legend(lines: Sequence[Line], rows: Sequence[Sequence[str]], top: float) -> list[str]:
    """The legend under the axes: for each line a short stretch of it (none for a single point,
    drawn without a line), its marker and its label, written in ``rows`` (the label wrapped to the
    drawing's width), one under another."""
    out = []
    y = top
    for index, line in enumerate(lines):
        x = LEFT
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        out.append('<g class="legend-entry">')
        if len(line.xs) > 1 or not line.marker:
            out.append(f'<line x1="{_fmt(x)}" x2="{_fmt(x + 44)}" y1="{_fmt(y)}" y2="{_fmt(y)}" '
                       f'stroke="{line.color}" stroke-width="{line.width}"{dash}/>')
        if line.marker:
            out.append(_marker(line.marker, x + 22, y, line.color).replace('class="point"',
                                                                            'class="legend-mark"'))
        out += [f'<text x="{_fmt(x + LEGEND_TEXT)}" y="{_fmt(y + 5 + k * WRAPPED_ROW)}">'
                f"{script_markup(row)}</text>" for k, row in enumerate(rows[index])]
        out[-1] += "</g>"
        y += LEGEND_ROW + (len(rows[index]) - 1) * WRAPPED_ROW
    return out


def _linear_ticks(low: float, high: float) -> list[float]:
    step = 10 ** math.floor(math.log10((high - low) / 4 or 1))
    for factor in (1, 2, 5, 10):
        if (high - low) / (step * factor) <= 6:
            step *= factor
            break
    first = math.ceil(low / step) * step
    return [first + k * step for k in range(int((high - first) / step) + 1)]


def _tick_texts(ticks: Sequence[float], log_y: bool) -> list[str]:
    """The y ticks' labels, all in one format: on a log axis of powers of ten that reaches 10⁵,
    every one a power (10² … 10⁶: "1,000,000" would not fit left of the axes); else every whole
    number written out with the same thousands separator.

    >>> _tick_texts([100, 1000, 10_000], True), _tick_texts([100, 1000, 10_000, 100_000], True)
    (['100', '1,000', '10,000'], ['10²', '10³', '10⁴', '10⁵'])
    >>> _tick_texts([20_000, 50_000, 100_000, 200_000], True), _tick_texts([0, 2.5, 5], False)
    (['20,000', '50,000', '100,000', '200,000'], ['0', '2.5', '5'])
    """
    powers = [round(math.log10(tick)) if tick > 0 else None for tick in ticks]
    if log_y and ticks and max(ticks) >= 100_000 and all(
            power is not None and 10.0 ** power == tick for power, tick in zip(powers, ticks, strict=True)):
        return ["10" + str(power).translate(SUPERSCRIPTS) for power in powers]
    return [f"{int(tick):,}" if log_y and float(tick).is_integer() and abs(tick) < 1e7 else _number(tick)
            for tick in ticks]


SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


# -- log_plot_svg: the same painter, for lines given as Series and axes given as ranges ------------------

@dataclass
class Series:
    """One line of :func:`log_plot_svg`: ``label``, the points ``xs``/``ys``, its colour and SVG
    dash pattern (``""`` solid; by default the ``k``-th series gets the ``k``-th of
    :data:`STYLES`), whether the points get markers, the line's width and the marker's shape
    (one of :data:`MARKERS`; ``""``: a shape of its own, different from the other series')."""

    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    color: str = ""
    dash: str | None = None
    markers: bool = False
    width: float = 1.5
    marker: str = ""


def log_plot_svg(series: Sequence[Series], *, x_range: tuple[float, float], y_range: tuple[float, float],
                 title: str = "", xlabel: str = "", ylabel: str = "", width: float = WIDTH,
                 height: float = 420) -> str:
    """Lines on a logarithmic y axis over ``x_range`` and ``y_range``, as SVG text, painted by
    :func:`line_plot_svg`: integer x ticks, a grid line per power of ten (and at 2 and 5 between
    them when fewer than three decades show), the y label written level above the axes, and the
    legend under the plot (it never covers a line; the picture grows by its rows).  Every series
    with markers gets a shape of its own.  ``height``: of the picture without its legend.
    Points with y ≤ 0 are left out (they have no logarithm).

    >>> svg = log_plot_svg([Series("2^d", [1, 2, 3], [2, 4, 8], markers=True)], x_range=(0.8, 3.2),
    ...                    y_range=(1, 10), title="doubling")
    >>> svg.count('class="point"'), '>5</text>' in svg, "2 to the power d: (1, 2), (2, 4), (3, 8)." in svg
    (3, True, True)
    """
    _check_plot(series, x_range, y_range, width, height)
    free = itertools.cycle([shape for shape in MARKERS if shape not in {line.marker for line in series}]
                           or MARKERS)
    lines = []
    for index, line in enumerate(series):
        color, dash, _ = STYLES[index % len(STYLES)]
        lines.append(Line(line.label, line.xs, line.ys, line.color or color,
                          dash if line.dash is None else line.dash,
                          (line.marker or next(free)) if line.markers else "", line.width))
    return line_plot_svg(lines, title=title or "plot", xlabel=xlabel, ylabel=ylabel,
                         x_range=(float(x_range[0]), float(x_range[1])),
                         y_range=(float(y_range[0]), float(y_range[1])), width=float(width),
                         plot_height=max(float(height) - TOP - BELOW_AXES, 40.0))


def _is_real(value: object) -> bool:
    """Whether ``value`` is a real number (a bool is not)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _finite(name: str, values: Iterable[float], size: int | None = None) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or \
            (size is not None and len(values) != size):
        raise ArgumentTypeError(f"{name}: expected {size or 'a sequence of'} numbers, "
                                f"got {printable(values)}")
    if not all(_is_real(v) and abs(v) < 1e300 for v in values):
        raise ArgumentError(f"{name}: expected finite numbers, got {printable(values)}")
    return [float(v) for v in values]


def _check_plot(series: Any, x_range: tuple[float, float], y_range: tuple[float, float], width: float,
                height: float) -> None:
    """ArgumentError / ArgumentTypeError naming the first argument of :func:`log_plot_svg` that is wrong."""
    if isinstance(series, (str, bytes)) or not isinstance(series, Sequence) or \
            not all(isinstance(line, Series) for line in series):
        raise ArgumentTypeError(f"series: expected a list of Series, got {printable(series)}")
    if not series:
        raise ArgumentError("series: nothing to plot; pass at least one Series(label, xs, ys)")
    for line in series:
        if len(_finite("series xs", line.xs)) != len(_finite("series ys", line.ys)):
            raise ArgumentError(f"series: {printable(line.label)} has {len(line.xs)} xs "
                                f"and {len(line.ys)} ys")
        if line.marker and line.marker not in MARKERS:
            raise ArgumentError(f"series: {printable(line.label)} has marker {printable(line.marker)}; "
                                f"expected one of {', '.join(MARKERS)}")
    x0, x1 = _finite("x_range", x_range, 2)
    if not x0 < x1 or x1 - x0 > 10_000:
        raise ArgumentError(f"x_range: expected low < high, at most 10,000 apart, got {printable(x_range)}")
    y0, y1 = _finite("y_range", y_range, 2)
    if not 0 < y0 < y1:
        raise ArgumentError(f"y_range: expected 0 < low < high, got {printable(y_range)}")
    for name, size in (("width", width), ("height", height)):
        if _finite(name, [size], 1)[0] < 100 or size > 10_000:
            raise ArgumentError(f"{name}: expected 100 to 10,000 pixels, got {printable(size)}")
