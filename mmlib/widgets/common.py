"""Pieces shared by the explorers: an SVG drawing inside an ``ipywidgets.HTML`` (redrawn in about
a millisecond, without flicker), a status line, and a readable static fallback for notebooks
opened without their widget models.

A notebook saved with widget outputs but never run in this session (a fresh clone, a Binder
start, a notebook that is not trusted) has no widget models in the browser, so JupyterLab shows
the next representation in the output instead of the widget.  :class:`StaticFallback` makes that
representation a sentence (``text/plain``) and a still picture of the current drawing
(``text/html``), while the live widget view stays the preferred one.  A trusted notebook whose
widget view names a model it does not hold shows an error instead of falling back; the students'
Jupyter configuration saves notebooks without such views (:mod:`mmlib.widgets.saving`).

>>> class Demo(StaticFallback):
...     def _repr_mimebundle_base(self, **kwargs):
...         return {"text/plain": "Demo(children=(...))", "application/vnd.jupyter.widget-view+json": {}}
...     def fallback_text(self):
...         return "A demo explorer — run the cell to use it."
...     def fallback_html(self):
...         return "<svg><title>demo</title></svg>"
>>> bundle = Demo()._repr_mimebundle_()
>>> bundle["text/plain"]
'A demo explorer — run the cell to use it.'
>>> sorted(bundle)
['application/vnd.jupyter.widget-view+json', 'text/html', 'text/plain']
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..errors import MmlibError

__all__ = ["svg_figure", "show_svg", "fit_column",
           "status_html", "set_status", "lines_html", "status_words", "StaticFallback", "fallback_bundle",
           "svg_as_img", "captioned_still", "VBox", "StatusLine"]

VBox: Any = ipywidgets.VBox
"""The box every explorer is built on.  ipywidgets ships no type hints, so its classes are
``Any`` to the type checker; the explorers subclass this one name (``class X(StaticFallback,
VBox)``) rather than a class looked up on the fly, which a checker cannot follow."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
STILL_STYLE = "max-width:100%;height:auto"
"""The style of every still picture: never wider than the column it is shown in."""


def svg_figure() -> Any:
    """An empty ``HTML`` area for SVG drawings, with the DOM class the browser tests look for."""
    import ipywidgets as widgets

    figure = widgets.HTML(value="")
    figure.add_class("mmlib-figure")
    return figure


def show_svg(figure: Any, svg: str) -> None:
    """Replace what ``figure`` (from :func:`svg_figure`) shows by the SVG text ``svg``, scaled down
    to the column where it is wider (:func:`fit_column`), as the still pictures are."""
    figure.value = f'<div class="mmlib-svg">{fit_column(svg)}</div>'


_SVG_ROOT = re.compile(r"<svg\b[^>]*>")
_STYLE = re.compile(r'\sstyle="[^"]*"')


def fit_column(svg: str) -> str:
    """``svg`` whose root says :data:`STILL_STYLE` (never wider than its column, its height following
    its width through the ``viewBox``) in place of any style it had (a tree says ``max-width:none``).

    >>> fit_column('<svg width="900" viewBox="0 0 900 300" style="max-width:none;height:auto"><g/></svg>')
    '<svg width="900" viewBox="0 0 900 300" style="max-width:100%;height:auto"><g/></svg>'
    >>> fit_column("")
    ''
    """
    root = _SVG_ROOT.search(svg)
    if root is None:
        return svg
    tag = _STYLE.sub("", root.group(0))
    end = "/>" if tag.endswith("/>") else ">"
    tag = f'{tag[:-len(end)]} style="{STILL_STYLE}"{end}'
    return svg[:root.start()] + tag + svg[root.end():]


_STATUS_ESM = """
function render({ model, el }) {
  // One element that stays while its text changes: a polite live region, so a screen reader says
  // each new status (what the explorer now shows, and what changed and why) without moving focus.
  const line = document.createElement("div");
  line.className = "mmlib-status-line";
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  el.append(line);
  const show = () => { line.innerHTML = model.get("value"); };
  model.on("change:value", show);
  show();
  return () => model.off("change:value", show);
}
export default { render };
"""


class StatusLine(anywidget.AnyWidget):
    """An explorer's status line: ``value`` is HTML (as :func:`set_status` writes it), shown in an
    ARIA live region (``role="status"``, ``aria-live="polite"``) that a screen reader reads out
    whenever it changes.

    >>> StatusLine(value="depth 4").value
    'depth 4'
    """

    _esm = _STATUS_ESM
    _css = ".mmlib-status-line { font-size: 14px; line-height: 1.4; }"
    value = traitlets.Unicode("").tag(sync=True)


_GRID_ESM = """
function render({ model, el }) {
  // One real <button> per entry, in a grid of `columns` columns `width` pixels wide: Tab reaches
  // each, Enter or Space presses it, its text is short (a number or a mark) and its accessible name
  // says it in full ("square 4, row 2, column 2, empty").  The buttons are updated in place, so
  // the one with the focus keeps it from move to move.
  const grid = document.createElement("div");
  el.append(grid);
  const draw = () => {
    const labels = model.get("labels"), names = model.get("names");
    const kinds = model.get("kinds"), disabled = model.get("disabled");
    const columns = model.get("columns"), width = model.get("width"), gap = model.get("gap");
    grid.className = model.get("grid_class");
    grid.style.display = "grid";
    grid.style.gap = `${gap}px`;
    grid.style.gridTemplateColumns = `repeat(${columns}, ${width}px)`;
    grid.style.width = `${columns * width + (columns - 1) * gap}px`;
    while (grid.children.length > labels.length) { grid.lastChild.remove(); }
    while (grid.children.length < labels.length) {
      const index = grid.children.length;
      const button = document.createElement("button");
      button.type = "button";
      button.addEventListener("click", () => model.send({ event: "press", index: index }));
      grid.append(button);
    }
    Array.from(grid.children).forEach((button, index) => {
      button.className = [model.get("button_class"), kinds[index] || ""].join(" ").trim();
      button.textContent = labels[index];
      button.setAttribute("aria-label", names[index] || labels[index]);
      button.title = names[index] || "";
      button.disabled = Boolean(disabled[index]);
    });
  };
  for (const name of ["labels", "names", "kinds", "disabled", "columns", "width", "gap"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
}
export default { render };
"""


class ButtonGrid(anywidget.AnyWidget):
    """Real buttons in a grid: ``labels`` (the short text each shows), ``names`` (what a screen
    reader says for each, its accessible name, also shown as a tooltip), ``kinds`` (a CSS class
    each, for its look), ``disabled`` (cannot be pressed), in ``columns`` columns ``width`` pixels
    wide, ``gap`` pixels apart; the grid has the DOM class ``grid_class``, each button
    ``button_class``.  ``on_press(index)`` runs when one is pressed (a click, or Enter or Space on
    the focused button).  The look is the caller's CSS (``_css`` of a subclass).

    >>> pressed = []
    >>> grid = ButtonGrid(["0", "1"], ["first", "second"], pressed.append, columns=2)
    >>> grid._handle_custom_msg({"event": "press", "index": 1}, [])     # what the browser sends
    >>> grid.disabled = [True, False]
    >>> grid.press(0); grid.press(7); grid.press("1")                   # refused: not to be pressed
    >>> pressed
    [1]
    """

    _esm = _GRID_ESM
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    kinds = traitlets.List(traitlets.Unicode()).tag(sync=True)
    disabled = traitlets.List(traitlets.Bool()).tag(sync=True)
    columns = traitlets.Int(1).tag(sync=True)
    width = traitlets.Int(40).tag(sync=True)
    gap = traitlets.Int(0).tag(sync=True)
    grid_class = traitlets.Unicode("").tag(sync=True)
    button_class = traitlets.Unicode("").tag(sync=True)

    def __init__(self, labels: list[str], names: list[str], on_press: Any, **layout: Any):
        super().__init__(labels=labels, names=names, kinds=[""] * len(labels),
                         disabled=[False] * len(labels), **layout)
        self.on_press = on_press
        self.on_msg(self._on_message)

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "press":
            self.press(content.get("index"))

    def press(self, index: object) -> None:
        """Press button ``index``, as a click does (an index that is no button's, or whose button
        is disabled, is ignored, as the browser would never send it)."""
        if (isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(self.labels)
                and not self.disabled[index]):
            self.on_press(index)


def status_html(text: str = "") -> Any:
    """A status line (:class:`StatusLine`) with the DOM class ``mmlib-status``."""
    status = StatusLine(value=text)
    status.add_class("mmlib-status")
    return status


def set_status(status: Any, text: str, *, error: bool = False) -> None:
    """Show ``text`` (plain text, escaped) in the status line, in red for an error.

    >>> class Line:
    ...     value = ""
    >>> line = Line()
    >>> set_status(line, "<b>X</b> to move")
    >>> line.value
    '&lt;b&gt;X&lt;/b&gt; to move'
    """
    escaped = lines_html(text)
    status.value = f'<span style="color:#b00020">{escaped}</span>' if error else escaped


def lines_html(text: str) -> str:
    """Plain ``text`` as HTML, escaped, one line a line.

    >>> lines_html("You played 3.\\nYour move (X < O).")
    'You played 3.<br>Your move (X &lt; O).'
    """
    return html.escape(text).replace("\n", "<br>")


def status_words(status: Any) -> str:
    """What a status line says (as :func:`set_status` wrote it), as plain text, a line per line.

    >>> class Line:
    ...     value = ""
    >>> line = Line()
    >>> set_status(line, "You played 3.\\nYour move (X).")
    >>> status_words(line).splitlines()
    ['You played 3.', 'Your move (X).']
    """
    return html.unescape(status.value.replace("<br>", "\n"))


def svg_as_img(svg: str, *, alt: str) -> str:
    """``svg`` as an ``<img>`` with a data URL and ``alt`` text: HTML that JupyterLab's sanitizer
    keeps in a notebook that is not trusted (inline ``<svg>`` would be stripped).

    >>> svg_as_img("<svg xmlns='http://www.w3.org/2000/svg'/>", alt="an empty picture")[:44]
    '<img alt="an empty picture" src="data:image/'
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    # at its natural size where the column holds it, scaled down to the column where it does not (the
    # handout's page, the website's text, a narrow notebook): a still is never cut or scrolled
    return (f'<img alt="{html.escape(alt)}" src="data:image/svg+xml;base64,{data}" '
            f'style="{STILL_STYLE}">')


def captioned_still(svg: str, caption_html: str) -> str:
    """``svg`` as a still picture (:func:`svg_as_img`) whose text alternative is what its ``<title>``
    says, captioned by ``caption_html`` (an explorer's status line as it stood: already HTML).

    >>> captioned_still("<svg><title>an empty board</title></svg>", "Your move (X).")[:45]
    '<figure style="margin:0"><img alt="an empty b'
    >>> captioned_still("<svg/>", "Draw.").endswith('<figcaption>Draw.</figcaption></figure>')
    True
    """
    found = re.search(r"<title>(.*?)</title>", svg, re.S)
    words = html.unescape(found.group(1)) if found else "the board when the notebook was saved"
    return (f'<figure style="margin:0">{svg_as_img(svg, alt=words)}'
            f"<figcaption>{caption_html}</figcaption></figure>")


def fallback_bundle(bundle: dict[str, Any] | None, text: str, picture_html: str | None = None
                    ) -> dict[str, Any]:
    """A widget's mime bundle with ``text`` as its ``text/plain`` and ``picture_html`` (a still
    picture and the same sentence) as its ``text/html``; the widget view stays first choice.

    >>> fallback_bundle({"text/plain": "VBox(...)"}, "A board — run the cell to play.")
    {'text/plain': 'A board — run the cell to play.'}
    """
    out = dict(bundle or {})
    out["text/plain"] = text
    if picture_html is not None:
        out["text/html"] = (f'<div class="mmlib-fallback"><p>{html.escape(text)}</p>'
                            f"{picture_html}</div>")
    return out


class FitsItsRanges:
    """An explorer whose sliders' ranges depend on each other (each reaches only as far as answers
    within two seconds): a change first fits the ranges, then draws once; an error is shown in the
    status line, never raised into the kernel from a slider.  Subclasses define ``fit_ranges``,
    ``update`` and ``status``, name in ``RANGED`` the sliders whose ranges ``fit_ranges`` sets, and
    write their status line with :meth:`say`, which adds what changed and why: a slider held
    below the value chosen (it returns to that value when it fits again), and the sentences
    ``fit_ranges`` put in ``news`` (a slider switched off, say)."""

    _fitting = False
    RANGED: tuple[str, ...] = ()
    news: list[str]

    def fit_ranges(self) -> None:
        raise NotImplementedError

    def update(self) -> None:
        raise NotImplementedError

    def say(self, text: str) -> None:
        """Show ``text`` in the status line, followed by what changed and why."""
        held = [getattr(self, name).held_back() for name in self.RANGED]
        news = getattr(self, "news", [])
        set_status(self.status, " ".join([text, *news, *(h for h in held if h)]))  # type: ignore[attr-defined]
        self.news = []

    def _on_change(self, change: dict[str, Any]) -> None:
        if self._fitting:
            return                   # a range moved a value: the update below draws it
        self._fitting = True
        try:
            self.fit_ranges()
        finally:
            self._fitting = False
        try:
            self.update()
        except MmlibError as error:
            self.news = []
            set_status(self.status, str(error), error=True)     # type: ignore[attr-defined]


class StaticFallback:
    """Mixin for explorers (put it before the ipywidgets base class): when the notebook cannot show
    the widget, JupyterLab shows :meth:`fallback_text` and the picture of :meth:`fallback_html`.

    A class using it defines ``fallback_text()`` (one plain sentence: what the explorer is and
    "run the cell to use it") and may define ``fallback_html()`` (a still drawing of what the
    explorer shows now, as HTML, e.g. from :func:`svg_as_img`; None for no picture).
    """

    def fallback_text(self) -> str:
        return f"{type(self).__name__} explorer — run the cell to use it."

    def fallback_html(self) -> str | None:
        return None

    def _repr_mimebundle_base(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        return bundle

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | tuple[dict[str, Any], dict[str, Any]]:
        try:
            picture = self.fallback_html()
        except Exception:  # noqa: BLE001 - a failed still picture must not hide the live widget
            picture = None
        bundle = self._repr_mimebundle_base(**kwargs)
        if isinstance(bundle, tuple):          # (data, metadata), as anywidget's widgets give it
            data, metadata = bundle
            return fallback_bundle(data, self.fallback_text(), picture), metadata
        return fallback_bundle(bundle, self.fallback_text(), picture)
