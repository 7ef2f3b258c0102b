"""How figures appear in a notebook: a picture with a text alternative.

JupyterLab shows a matplotlib figure as a bare ``<img>`` with no ``alt`` text, so a screen
reader announces nothing, and its ``text/plain`` form is ``<Figure size 640x480 with 1 Axes>``.
Once :mod:`mmlib.draw` is imported in IPython, every figure is shown instead as HTML: the same
PNG picture, inside an ``<img>`` whose ``alt`` says what the figure shows, and the same words
as its plain-text form.  The words are those a drawing function stored with :func:`set_alt`
(a tree drawing says its value, best move and pruned leaves), or else the figure's titles,
axis labels and legend.

>>> from matplotlib.figure import Figure
>>> figure = Figure()
>>> ax = figure.add_subplot()
>>> _ = ax.plot([1, 2], [3, 4], label="alpha-beta"); _ = ax.legend()
>>> _ = ax.set_title("Leaves searched"); _ = ax.set_xlabel("depth")
>>> figure_alt(figure)
'Figure: Leaves searched (x axis: depth; lines: alpha-beta).'
>>> set_alt(figure, "A plot of leaves against depth.")
>>> figure_html(figure)[:64]
'<img alt="A plot of leaves against depth." src="data:image/png;b'

"""

from __future__ import annotations

import base64
import html
import io
from typing import TYPE_CHECKING

from ..errors import ArgumentTypeError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["set_alt", "figure_alt", "figure_html", "show_figures_with_alt_text"]

ALT_ATTRIBUTE = "mmlib_alt"
CSS_PX_PER_INCH = 96
"""Figures are drawn at the browser's own 96 pixels per inch, so a 7.5 pt label shows 10 px
high (the inline backend's 72 would make it 7.5 px)."""
PAD_INCHES = 0.05
"""The white margin round a figure saved cropped to what it draws."""


def check_figure(figure: Figure) -> None:
    """An ArgumentTypeError naming ``figure`` unless it is a matplotlib figure."""
    from matplotlib.figure import FigureBase

    if not isinstance(figure, FigureBase):
        raise ArgumentTypeError(f"figure: expected a matplotlib Figure, got {type(figure).__name__}")


def check_axes(ax: Axes | None) -> None:
    """An ArgumentTypeError naming ``ax`` unless it is None or matplotlib axes to draw into."""
    if ax is None:
        return
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise ArgumentTypeError(f"ax: expected matplotlib Axes (or None for a new figure), "
                                f"got {type(ax).__name__}")


def set_alt(figure: Figure, text: str, *, append: bool = False) -> None:
    """Store the text alternative of ``figure`` (what it shows, in words); ``append``: after
    the words already stored, for one more drawing in a figure that holds several.

    >>> from matplotlib.figure import Figure
    >>> boards = Figure()
    >>> set_alt(boards, "Board 1: X wins."); set_alt(boards, "Board 2: a draw.", append=True)
    >>> figure_alt(boards)
    'Board 1: X wins. Board 2: a draw.'
    """
    check_figure(figure)
    before = getattr(figure, ALT_ATTRIBUTE, "") if append else ""
    setattr(figure, ALT_ATTRIBUTE, " ".join(f"{before} {text}".split()))


def figure_alt(figure: Figure) -> str:
    """The text alternative of ``figure``: the words stored with :func:`set_alt`, or its titles,
    axis labels and legend entries."""
    check_figure(figure)
    stored = getattr(figure, ALT_ATTRIBUTE, None)
    if stored:
        return str(stored)
    parts = []
    suptitle = getattr(figure, "_suptitle", None)
    if suptitle is not None and suptitle.get_text():
        parts.append(suptitle.get_text())
    for ax in figure.axes:
        words = [ax.get_title()] if ax.get_title() else []
        details = []
        if ax.get_xlabel():
            details.append(f"x axis: {ax.get_xlabel()}")
        if ax.get_ylabel():
            details.append(f"y axis: {ax.get_ylabel()}")
        legend = ax.get_legend()
        if legend is not None:
            details.append("lines: " + ", ".join(t.get_text() for t in legend.get_texts()))
        if details:
            words.append(f"({'; '.join(details)})")
        if words:
            parts.append(" ".join(words))
    return "Figure: " + "; ".join(parts) + "." if parts else "A figure without a title."


def figure_html(figure: Figure) -> str:
    """``figure`` as an ``<img>`` with a PNG data URL and its text alternative as ``alt``
    (HTML that JupyterLab shows even in a notebook that is not trusted).  The PNG carries the
    figure's geometry (:mod:`mmlib.draw.geometry`: text sizes, legend and data boxes), so a
    stored figure can be checked for small text and covered data."""
    from .geometry import PNG_KEY, geometry_json

    picture = io.BytesIO()
    facts = geometry_json(figure)
    figure.savefig(picture, format="png", dpi=CSS_PX_PER_INCH, bbox_inches="tight", pad_inches=PAD_INCHES,
                   facecolor="white", metadata={PNG_KEY: facts})
    data = base64.b64encode(picture.getvalue()).decode("ascii")
    return (f'<img alt="{html.escape(figure_alt(figure))}" src="data:image/png;base64,{data}" '
            'style="max-width:100%">')


def show_figures_with_alt_text() -> bool:
    """In IPython, show every matplotlib figure as :func:`figure_html`, with
    :func:`figure_alt` as its plain text; returns False outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False
    # by name: matplotlib is not imported here (a browser tab loads it only when a cell draws with it)
    formatters = shell.display_formatter.formatters
    formatters["text/html"].for_type_by_name("matplotlib.figure", "Figure", figure_html)
    formatters["text/plain"].for_type_by_name("matplotlib.figure", "Figure",
                                              lambda figure, printer, cycle: printer.text(figure_alt(figure)))
    formatters["image/png"].pop("matplotlib.figure.Figure", None)       # the HTML carries the same picture
    return True
