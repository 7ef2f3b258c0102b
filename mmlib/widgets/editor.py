"""Tree editor: type a tree, see it drawn with its alpha-beta search; mistakes are explained in place.

>>> editor = tree_editor("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> editor.message
'alphabeta (fail-soft, >=): value 3, 7 of 9 leaves evaluated; pruned leaves: 4, 6.'
>>> editor.text.value = "[[3, 12, 8],\\n [2, 4 6]]"
>>> editor.message.startswith("line 2:")
True
"""

from __future__ import annotations

import ast

from .. import search, trees
from ..draw.svg import tree_svg
from ..draw.tree import format_value, marks_from_result, pruned_leaves
from ..errors import MmlibError, TreeTextError
from .common import set_status, show_svg, status_html, svg_figure

__all__ = ["tree_editor", "TreeEditor", "parse_tree"]

MAX_EDITOR_LEAVES = 200

PROMPT = ("Type a nested list such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]] or a labelled tree "
          "(first line the labels, then lines like 'A: BC' and 'B 7').")


def parse_tree(text: str) -> trees.Tree:
    """A tree from a nested list (if the text starts with ``[``) or from the labelled text.

    Errors are :class:`~mmlib.errors.TreeTextError` with the line number.
    """
    stripped = text.strip()
    if not stripped.startswith("["):
        return trees.from_text(text)
    try:
        nested = ast.literal_eval(stripped)
    except SyntaxError as error:
        line = (error.lineno or 1) + text[: len(text) - len(text.lstrip())].count("\n")
        raise TreeTextError(f"{error.msg} (a nested list looks like [[3, 5], [2, 9]])",
                            line=line) from None
    except ValueError as error:
        raise TreeTextError(f"{error} (write numbers and lists only)", line=1) from None
    return trees.from_nested(nested)


def _widgets():
    import ipywidgets
    return ipywidgets


class TreeEditor(_widgets().VBox):
    """``text`` (the Textarea), ``status``, ``output`` (the figure), ``tree`` and ``result``
    (None while the text has errors), ``message`` (the status as plain text)."""

    def __init__(self, text: str):
        widgets = _widgets()
        self.text = widgets.Textarea(value=text, placeholder=PROMPT, rows=8, continuous_update=False,
                                     layout=widgets.Layout(width="95%"))
        self.text.add_class("mmlib-editor-text")
        self.status = status_html()
        self.output = svg_figure()
        self.tree = self.result = None
        self.message = ""
        self.text.observe(lambda change: self.update(), names="value")
        super().__init__([self.text, self.status, self.output])
        self.add_class("mmlib-tree-editor")
        self.update()

    def say(self, message: str, *, error: bool = False) -> None:
        self.message = message
        set_status(self.status, message, error=error)

    def update(self) -> None:
        """Parse the text; draw the tree and its alpha-beta search, or explain the mistake."""
        if not self.text.value.strip():
            self.tree = self.result = None
            self.output.value = ""
            self.say(PROMPT)
            return
        try:
            tree = parse_tree(self.text.value)
            if tree.leaf_count > MAX_EDITOR_LEAVES:
                self.say(f"the tree has {tree.leaf_count} leaves; the editor draws at most "
                         f"{MAX_EDITOR_LEAVES}", error=True)
                return
            result = search.alphabeta(tree, trace=True)
            drawing = tree_svg(tree, marks_from_result(result), windows=True, title=result.algorithm)
        except MmlibError as error:
            self.tree = self.result = None
            self.say(_with_line(error), error=True)
            return
        self.tree, self.result = tree, result
        show_svg(self.output, drawing)
        skipped = [format_value(tree.node(path).value) for path in pruned_leaves(result)]
        self.say(f"{result.algorithm}: value {format_value(result.value)}, {result.stats.leaves} of "
                 f"{tree.leaf_count} leaves evaluated; pruned leaves: {', '.join(skipped) or 'none'}.")


def _with_line(error: Exception) -> str:
    message = str(error)
    line = getattr(error, "line", None)
    if line is not None and not message.startswith("line"):
        return f"line {line}: {message}"
    return message


def tree_editor(text: str = "") -> TreeEditor:
    """A text area for a tree (nested list or labelled text); the tree is drawn with its
    alpha-beta search (values, windows, pruned parts), and a mistake is shown in place with
    its line and reason instead of a traceback."""
    return TreeEditor(text)
