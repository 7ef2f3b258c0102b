"""Pieces shared by the explorers: a figure shown as a PNG inside an ``ipywidgets.Output``, or an
SVG drawing inside an ``ipywidgets.HTML`` (redrawn in about a millisecond, without flicker)."""

from __future__ import annotations

import base64
import html
import io
from typing import Any

__all__ = ["figure_output", "show_figure", "svg_figure", "show_svg", "status_html", "set_status", "PNG_DPI"]

PNG_DPI = 72
MAX_PNG_WIDTH = 1000
"""Pixels; wide figures are rendered at a lower resolution so that a redraw stays quick."""


def png_of(figure: Any, dpi: int | None = None) -> bytes:
    """The figure rendered to PNG bytes (Agg, no pyplot), at most ``MAX_PNG_WIDTH`` pixels wide."""
    if dpi is None:
        dpi = min(PNG_DPI, MAX_PNG_WIDTH / figure.get_figwidth())
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def figure_output() -> Any:
    """An empty ``Output`` with the DOM class the browser tests look for."""
    import ipywidgets as widgets

    output = widgets.Output()
    output.add_class("mmlib-figure")
    return output


def show_figure(output: Any, figure: Any) -> None:
    """Replace what ``output`` shows by ``figure`` as a PNG (works with or without a kernel)."""
    data = base64.b64encode(png_of(figure)).decode("ascii")
    output.outputs = ({"output_type": "display_data", "data": {"image/png": data, "text/plain": "<figure>"},
                       "metadata": {}},)


def svg_figure() -> Any:
    """An empty ``HTML`` area for SVG drawings, with the DOM class the browser tests look for."""
    import ipywidgets as widgets

    figure = widgets.HTML(value="")
    figure.add_class("mmlib-figure")
    return figure


def show_svg(figure: Any, svg: str) -> None:
    """Replace what ``figure`` (from :func:`svg_figure`) shows by the SVG text ``svg``."""
    figure.value = f'<div class="mmlib-svg" style="overflow-x:auto">{svg}</div>'


def status_html(text: str = "") -> Any:
    """An ``HTML`` line with the DOM class ``mmlib-status``."""
    import ipywidgets as widgets

    status = widgets.HTML(value=text)
    status.add_class("mmlib-status")
    return status


def set_status(status: Any, text: str, *, error: bool = False) -> None:
    """Show ``text`` (plain text, escaped) in the status line, in red for an error."""
    escaped = html.escape(text).replace("\n", "<br>")
    status.value = f'<span style="color:#b00020">{escaped}</span>' if error else escaped
