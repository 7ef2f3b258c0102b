"""Tree editor: type a tree, see it drawn with its alpha-beta search as you type; mistakes are
explained in place (line, column and what is wrong) and the old drawing is cleared.

>>> editor = tree_editor("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> print(editor.message)  # doctest: +NORMALIZE_WHITESPACE
alpha-beta (fail-soft, cut when α ≥ β): value 3 at A, best move to B; 7 of 9 leaves evaluated;
pruned leaves: I, J.
>>> editor.text.value = "[[3, 12, 8],\\n [2, 4 6]]"
>>> editor.message.startswith("line 2, column 6:"), editor.output.value
(True, '')
"""

from __future__ import annotations

from typing import Any

from .. import search
from ..draw.style import DISPLAY_WIDTH_PX
from ..draw.svg import TreeSvg
from ..draw.tree_layout import readable_name
from ..errors import ArgumentTypeError, MmlibError
from ..search import SearchResult
from ..trace import Trace, trace_of
from ..trees import Tree
from ..trees.parse import parse_tree
from .common import StaticFallback, VBox, set_status, show_svg, status_html, svg_as_img, svg_figure

__all__ = ["tree_editor", "TreeEditor", "parse_tree"]

MAX_EDITOR_LEAVES = 200
COLUMN_PX = DISPLAY_WIDTH_PX - 20.0

PROMPT = ("Type a nested list such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]] or a labelled tree "
          "(first line the labels, then lines like 'A: BC' and 'B 7').")


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


def text_rows(text: str) -> int:
    """Rows the text box needs to show ``text`` whole (one spare row to type into).

    >>> text_rows("[1, 2]"), text_rows("A\\nB\\nC\\nD\\nE")
    (3, 6)
    """
    return min(max(text.count("\n") + 2, 3), 40)


class TreeEditor(StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """``text`` (the Textarea), ``status``, ``output`` (the figure), ``tree``, ``result`` and
    ``model`` (the :class:`~mmlib.trace.Trace`; all None while the text has errors),
    ``message`` (the status as plain text)."""

    def fallback_text(self) -> str:
        return "Tree editor: type a tree and see alpha-beta search it — run the cell to use it."

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        return svg_as_img(self.svg, alt=f"the tree when the notebook was saved: {self.message}")

    def __init__(self, text: str):
        widgets = _widgets()
        self.text = widgets.Textarea(value=text, placeholder=PROMPT, rows=text_rows(text),
                                     continuous_update=True,
                                     layout=widgets.Layout(width="100%"))
        self.text.add_class("mmlib-editor-text")
        self.status = status_html()
        self.output = svg_figure()
        self.tree: Tree | None = None
        self.result: SearchResult | None = None
        self.model: Trace | None = None
        self.svg = ""
        self.message = ""
        self.text.observe(lambda change: self.update(), names="value")
        super().__init__([self.text, self.status, self.output],          # the drawing holds its legend
                         layout=widgets.Layout(width="100%"))
        self.add_class("mmlib-tree-editor")
        self.update()

    def say(self, message: str, *, error: bool = False) -> None:
        self.message = message
        set_status(self.status, message, error=error)

    def clear(self, message: str, *, error: bool = False) -> None:
        """Forget the tree and its drawing and show ``message`` instead."""
        self.tree = self.result = self.model = None
        self.svg = ""
        self.output.value = ""
        self.say(message, error=error)

    def update(self) -> None:
        """Parse the text; draw the tree and its alpha-beta search, or explain the mistake."""
        self.text.rows = text_rows(self.text.value)
        if not self.text.value.strip():
            self.clear(PROMPT)
            return
        try:
            tree = parse_tree(self.text.value)
            if tree.leaf_count > MAX_EDITOR_LEAVES:
                self.clear(f"the tree has {tree.leaf_count} leaves; the editor draws at most "
                           f"{MAX_EDITOR_LEAVES}", error=True)
                return
            result = search.alphabeta(tree, trace=True)
            model = trace_of(result)
            view = TreeSvg(tree, min_width=COLUMN_PX)
            scene = view.scene(model.marks(), windows=True, title=readable_name(model),
                               description=model.describe())
            drawing = view.paint(scene)
        except MmlibError as error:
            self.clear(str(error), error=True)
            return
        self.tree, self.result, self.model, self.svg = tree, result, model, drawing
        show_svg(self.output, drawing)
        self.say(model.describe())


def tree_editor(text: str = "") -> TreeEditor:
    """A text area for a tree (nested list or labelled text); the tree is drawn with its
    alpha-beta search (values and bounds, windows, pruned parts) while you type, and a
    mistake is shown in place with its line, column and reason instead of a traceback."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text: expected the tree as a string, got {type(text).__name__}")
    return TreeEditor(text)
