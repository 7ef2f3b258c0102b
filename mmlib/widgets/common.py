"""Pieces shared by the explorers: an SVG drawing inside an ``ipywidgets.HTML`` (redrawn in about
a millisecond, without flicker) and a status line."""

from __future__ import annotations

import html
from typing import Any

__all__ = ["svg_figure", "show_svg", "status_html", "set_status"]

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
