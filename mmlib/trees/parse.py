"""Reading a tree someone typed: a nested list such as ``[[3, 5], [2, 9]]`` or the labelled text.

Mistakes are reported as :class:`~mmlib.errors.TreeTextError` naming the line and column
and what is wrong there, in words a student can act on.

>>> parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").leaf_count
9
>>> parse_tree("[[3, x], [2, 9]]")
Traceback (most recent call last):
...
mmlib.errors.TreeTextError: line 1, column 6: `x` is not a number or a list
"""

from __future__ import annotations

import ast
from typing import Any

from .. import _validate
from ..errors import TreeTextError
from .explicit import Tree, from_nested
from .text import from_text

__all__ = ["parse_tree", "parse_nested"]

EXAMPLE = "[[3, 5], [2, 9]]"


def parse_tree(text: str) -> Tree:
    """A tree from a nested list (when the text starts with ``[``) or from the labelled text
    format of :func:`mmlib.trees.from_text`.

    >>> parse_tree("AB\\nA: B\\nB 3\\n").leaf_count
    1
    """
    _validate.text("text", text, show=_validate.type_name)
    if not text.strip().startswith("["):
        return from_text(text)
    return from_nested(parse_nested(text))


def parse_nested(text: str) -> list[Any] | float:
    """The nested list written in ``text`` (numbers and lists only; nothing is evaluated).

    >>> parse_nested("[[3, -5],\\n [2.5, 9]]")
    [[3, -5], [2.5, 9]]
    >>> try:
    ...     parse_nested("[[1, 2], []]")
    ... except TreeTextError as error:
    ...     print(error.line, error.column, error.reason)
    1 10 `[]` has no children; an interior node needs at least one (write a leaf as a number)
    """
    body = text.lstrip("\n\r\t ")
    skipped = text[: len(text) - len(body)]
    shift = _Shift(lines=skipped.count("\n"), columns=len(skipped) - (skipped.rfind("\n") + 1))
    try:
        expression = ast.parse(body.rstrip(), mode="eval").body
    except SyntaxError as error:
        line, column = shift.at(error.lineno or 1, error.offset)
        raise _error(line, column, f"{error.msg} (a nested list looks like {EXAMPLE})") from None
    return _read(expression, body, shift)


class _Shift:
    """Turns positions in the stripped text back into positions in what was typed."""

    def __init__(self, lines: int, columns: int):
        self.lines, self.columns = lines, columns

    def at(self, line: int, column: int | None) -> tuple[int, int | None]:
        if column is not None and line == 1:
            column += self.columns
        return line + self.lines, column


def _read(node: ast.AST, text: str, shift: _Shift) -> list[Any] | float:
    if isinstance(node, (ast.List, ast.Tuple)):
        if not node.elts:
            raise _located(node, text, shift,
                           "has no children; an interior node needs at least one (write a leaf as a number)")
        return [_read(child, text, shift) for child in node.elts]
    number = _number(node)
    if number is None:
        raise _located(node, text, shift, "is not a number or a list")
    return number


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _number(node.operand)
        if inner is None:
            return None
        return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
            and not isinstance(node.value, bool):
        return node.value
    return None


def _located(node: ast.AST, text: str, shift: _Shift, reason: str) -> TreeTextError:
    source = " ".join((ast.get_source_segment(text, node) or type(node).__name__).split())
    if len(source) > 30:
        source = source[:27] + "..."
    assert isinstance(node, ast.expr), "only expressions are read"
    line, column = shift.at(node.lineno, node.col_offset + 1)
    return _error(line, column, f"`{source}` {reason}")


def _error(line: int, column: int | None, reason: str) -> TreeTextError:
    where = f"line {line}, column {column}" if column else f"line {line}"
    error = TreeTextError(f"{where}: {reason}")
    error.line, error.reason = line, reason
    error.column = column
    return error
