"""The explorers' line plot, painted as SVG text in about a millisecond (a slider move redraws it).

Each measured line has its own colour, dash pattern *and* marker shape, so no two lines differ by
colour alone; guides (theory curves) are grey or black dashes without markers.  The legend sits
under the axes, where it covers no data, and the picture carries a text alternative that lists
every line's points.  Text is 15 px or larger at the size the notebook shows it.

>>> svg = line_plot_svg([Line("doubling", [1, 2, 3], [2, 4, 8], marker="square")],
...                     title="2^d", xlabel="d", ylabel="leaves")
>>> svg.count('class="point"'), "doubling: (1, 2), (2, 4), (3, 8)" in svg
(3, True)
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Line", "line_plot_svg", "MARKERS", "STYLES"]

FONT_PX = 15
WIDTH = 760.0
PLOT_HEIGHT = 300.0
LEFT, TOP, RIGHT = 78.0, 58.0, 24.0
LEGEND_ROW = 24.0

MARKERS = ("circle", "square", "triangle", "diamond", "down")
STYLES = (("#0072B2", "", "circle"), ("#D55E00", "8 4", "square"), ("#009E73", "2 3", "triangle"),
          ("#CC79A7", "10 3 2 3", "diamond"), ("#E69F00", "4 2", "down"))
"""Colour (Okabe–Ito), dash pattern and marker of the 1st, 2nd... measured line: all three differ."""


@dataclass(frozen=True)
class Line:
    """One line: ``label``, points ``xs``/``ys``, colour, SVG dash pattern (``""`` solid) and
    marker shape (one of :data:`MARKERS`, ``""`` for none: a guide)."""

    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    color: str = "#0072B2"
    dash: str = ""
    marker: str = "circle"
    width: float = 2.0


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


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


def line_plot_svg(lines: Sequence[Line], *, title: str, xlabel: str, ylabel: str,
                  x_ticks: Sequence[float] | None = None, log_y: bool = True,
                  note: str = "") -> str:
    """Lines on a logarithmic (or linear) y axis with the legend under the axes, as SVG text.
    ``x_ticks``: where the x axis is labelled (default: every whole number in range).
    ``note``: a sentence added to the text alternative."""
    xs = [x for line in lines for x in line.xs]
    ys = [y for line in lines for y in line.ys if (y > 0 or not log_y)]
    x0, x1 = (min(xs), max(xs)) if xs else (0.0, 1.0)
    if x1 == x0:
        x0, x1 = x0 - 1, x1 + 1
    pad = (x1 - x0) * 0.04
    x0, x1 = x0 - pad, x1 + pad
    y0, y1 = (min(ys), max(ys)) if ys else (1.0, 10.0)
    if log_y:
        y0, y1 = y0 / 1.5, y1 * 1.5
        scale = (math.log10(y0), math.log10(y1))
    else:
        span = (y1 - y0) or 1.0
        y0, y1 = max(0.0, y0 - 0.08 * span), y1 + 0.08 * span
        scale = (y0, y1)
    plot_w = WIDTH - LEFT - RIGHT
    rows = len(lines)
    height = TOP + PLOT_HEIGHT + 62 + rows * LEGEND_ROW + 8

    def px(x: float, y: float) -> tuple[float, float]:
        fy = math.log10(y) if log_y else y
        return (LEFT + (x - x0) / (x1 - x0) * plot_w,
                TOP + PLOT_HEIGHT - (fy - scale[0]) / (scale[1] - scale[0]) * PLOT_HEIGHT)

    alternative = f"{title}. " + " ".join(
        f"{line.label}: " + ", ".join(f"({_number(x)}, {_number(y)})" for x, y in zip(line.xs, line.ys,
                                                                                       strict=True)) + "."
        for line in lines) + (f" {note}" if note else "")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="mmlib-plot" width="{_fmt(WIDTH)}" '
           f'height="{_fmt(height)}" viewBox="0 0 {_fmt(WIDTH)} {_fmt(height)}" role="img" '
           f'aria-label="{html.escape(alternative)}" font-family="sans-serif" font-size="{FONT_PX}">',
           f"<title>{html.escape(alternative)}</title>",
           f'<rect x="{LEFT}" y="{TOP}" width="{_fmt(plot_w)}" height="{PLOT_HEIGHT}" fill="white" '
           'stroke="#333333" stroke-width="0.8"/>']
    ticks = _log_ticks(y0, y1) if log_y else _linear_ticks(y0, y1)
    for tick in ticks:
        _, y = px(x0, tick)
        out.append(f'<line x1="{LEFT}" x2="{_fmt(LEFT + plot_w)}" y1="{_fmt(y)}" y2="{_fmt(y)}" '
                   'stroke="#dddddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{_fmt(y + 5)}" text-anchor="end">{_tick(tick, log_y)}</text>')
    for tick in (x_ticks if x_ticks is not None else range(math.ceil(x0), math.floor(x1) + 1)):
        x, _ = px(tick, y0 if log_y else y0)
        out.append(f'<text x="{_fmt(x)}" y="{_fmt(TOP + PLOT_HEIGHT + 20)}" text-anchor="middle">'
                   f"{_number(tick)}</text>")
    out.append(f'<text x="{_fmt(WIDTH / 2)}" y="24" text-anchor="middle" font-size="{FONT_PX + 2}" '
               f'font-weight="bold" class="title">{html.escape(title)}</text>')
    out.append(f'<text x="{_fmt(LEFT + plot_w / 2)}" y="{_fmt(TOP + PLOT_HEIGHT + 44)}" '
               f'text-anchor="middle">{html.escape(xlabel)}</text>')
    out.append(f'<text x="{_fmt(LEFT)}" y="{_fmt(TOP - 8)}" text-anchor="start" class="ylabel">'
               f"{html.escape(ylabel)}</text>")      # level above the axes, as the other plots write it
    for line in lines:
        points = [px(x, y) for x, y in zip(line.xs, line.ys, strict=True) if y > 0 or not log_y]
        if len(points) > 1:
            path = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
            dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
            kind = "series" if line.marker else "guide"
            out.append(f'<polyline class="{kind}" points="{path}" fill="none" stroke="{line.color}" '
                       f'stroke-width="{line.width}"{dash}/>')
        if line.marker:
            out += [_marker(line.marker, x, y, line.color) for x, y in points]
    legend_top = TOP + PLOT_HEIGHT + 62
    for index, line in enumerate(lines):
        x, y = LEFT, legend_top + index * LEGEND_ROW
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        out.append(f'<g class="legend-entry"><line x1="{_fmt(x)}" x2="{_fmt(x + 44)}" y1="{_fmt(y)}" '
                   f'y2="{_fmt(y)}" stroke="{line.color}" stroke-width="{line.width}"{dash}/>')
        if line.marker:
            out.append(_marker(line.marker, x + 22, y, line.color).replace('class="point"',
                                                                            'class="legend-mark"'))
        out.append(f'<text x="{_fmt(x + 52)}" y="{_fmt(y + 5)}">{html.escape(line.label)}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _linear_ticks(low: float, high: float) -> list[float]:
    step = 10 ** math.floor(math.log10((high - low) / 4 or 1))
    for factor in (1, 2, 5, 10):
        if (high - low) / (step * factor) <= 6:
            step *= factor
            break
    first = math.ceil(low / step) * step
    return [first + k * step for k in range(int((high - first) / step) + 1)]


def _tick(value: float, log_y: bool) -> str:
    if log_y and value >= 100_000:
        exponent = round(math.log10(value))
        if 10 ** exponent == value:
            return "10" + str(exponent).translate(str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"))
    return _number(value)
