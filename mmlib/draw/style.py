"""One look for every figure of the package: text sizes, the palette, and a style per series.

A figure in a notebook is read on a laptop or from the back of a lecture room.  The rules:

- no text under :data:`MIN_TEXT_PT` (11 pt) at the width a notebook shows it
  (:data:`DISPLAY_WIDTH_PX`, a JupyterLab column): a matplotlib figure is drawn at 96 pixels
  per inch (:mod:`mmlib.draw.display`), so 11 pt is 14.7 px, and a figure wider than the column
  is shrunk; an SVG tree is shown at its natural size, so its smallest text is
  :data:`TEXT_PX` (15 px, 11.25 pt);
- colours from the Okabe–Ito palette (safe with every common colour-vision deficiency), and
  every series has its own line style and marker as well, so no two differ by colour alone;
- a legend lists only the marks its figure uses, and sits outside the data.

:func:`series_style` gives the ``k``-th measured series its colour, dash and marker;
:data:`THEORY` the reference curves (b^d, Knuth–Moore, Pearl, √b), each with a dash and a
grey of its own.  :func:`display_scale` says how much a figure is shrunk in a notebook.

>>> series_style(0)
SeriesStyle(color='#0072B2', dash='-', svg_dash='', marker='o')
>>> len({series_style(k).dash for k in range(5)}), len({series_style(k).marker for k in range(8)})
(5, 8)
>>> round(display_scale(1200), 2), display_scale(600)
(0.71, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "DISPLAY_WIDTH_PX",
    "PX_PER_INCH",
    "PX_PER_PT",
    "MIN_TEXT_PT",
    "TEXT_PT",
    "VALUE_PT",
    "TITLE_PT",
    "TEXT_PX",
    "VALUE_PX",
    "TITLE_PX",
    "MAX_FIGURE_INCHES",
    "MAX_HEIGHT_PX",
    "ORDERING_STYLES",
    "OKABE_ITO",
    "INK",
    "SOFT_INK",
    "SeriesStyle",
    "series_style",
    "THEORY",
    "display_scale",
]

DISPLAY_WIDTH_PX = 850
"""The width (CSS pixels) at which a notebook shows a figure: a JupyterLab column in a window
1,280 pixels wide, on a laptop or a projector (the website and the handout are narrower).  A
wider picture is shrunk to it."""
PX_PER_INCH = 96
"""Figures are drawn at the browser's own 96 pixels per inch."""
PX_PER_PT = PX_PER_INCH / 72
MIN_TEXT_PT = 11.0
"""No text on a figure is smaller than this at the notebook's display width."""

TEXT_PT = 11.0
"""Matplotlib: labels, windows, legends, ticks, leaf numbers."""
VALUE_PT = 12.0
"""Matplotlib: the values beside the nodes."""
TITLE_PT = 13.0
"""Matplotlib: titles."""
MAX_FIGURE_INCHES = DISPLAY_WIDTH_PX / PX_PER_INCH - 0.1
"""The widest matplotlib figure (inches) that a notebook shows without shrinking it (saving
crops a figure to what it draws and pads it with 0.05 inch on each side)."""

MAX_HEIGHT_PX = 700
"""The tallest figure (CSS pixels, as a notebook column shows it): about what a projected slide
shows at once, so no figure has to be scrolled through in front of a class."""

TEXT_PX = 15.0
"""SVG: the smallest text (15 px = 11.25 pt)."""
VALUE_PX = 16.0
"""SVG: the values beside the nodes."""
TITLE_PX = 17.0
"""SVG: titles."""

OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
"""Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green, reddish purple,
orange, sky blue, black, yellow."""
INK = "#000000"
"""Text on white."""
SOFT_INK = "#333333"
"""Secondary text on white (windows, level names): contrast 12.6:1."""

_DASHES = (("-", ""), ("--", "7 4"), ("-.", "8 3 2 3"), (":", "2 3"), ((0, (4, 2)), "4 2"))
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


@dataclass(frozen=True)
class SeriesStyle:
    """How one series is drawn: colour, matplotlib line style (a name or an (offset, dashes)
    pattern), the same dash for SVG
    (``stroke-dasharray``, ``""`` for solid) and a matplotlib marker name."""

    color: str
    dash: Any
    svg_dash: str
    marker: str


ORDERING_STYLES = {"best": 0, "q": 1, "random": 2, "worst": 3}
"""The series style each move ordering keeps in every figure and explorer (``"q"``: best first with
probability q): best order circles, q squares, random triangles, worst diamonds."""


def series_style(index: int) -> SeriesStyle:
    """The style of the ``index``-th measured series: colour, dash and marker all change from
    one series to the next, so two series never differ by colour alone."""
    dash, svg_dash = _DASHES[index % len(_DASHES)]
    return SeriesStyle(OKABE_ITO[index % len(OKABE_ITO)], dash, svg_dash, _MARKERS[index % len(_MARKERS)])


THEORY: dict[str, SeriesStyle] = {
    "minimax": SeriesStyle("#000000", (0, (7, 3)), "7 3", ""),
    "knuth-moore": SeriesStyle("#000000", (0, (1.5, 2)), "1.5 2.5", ""),
    "pearl": SeriesStyle("#666666", (0, (8, 2, 1.5, 2)), "8 2 1.5 2", ""),
    "sqrt": SeriesStyle("#000000", (0, (1.5, 2)), "1.5 2.5", ""),
}
"""The reference curves, drawn without markers: b^d (and the limit b) dashed black; Knuth–Moore
(and its limit √b) dotted black; Pearl's R_b dash-dotted grey."""


def display_scale(width_px: float, *, natural_size: bool = False) -> float:
    """How much a picture ``width_px`` wide is shrunk in a notebook column (1.0: not at all);
    a picture shown at its natural size (a wide SVG tree scrolls sideways) is not shrunk."""
    if natural_size or width_px <= DISPLAY_WIDTH_PX:
        return 1.0
    return DISPLAY_WIDTH_PX / width_px
