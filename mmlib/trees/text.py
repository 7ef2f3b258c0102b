"""The labelled tree text (the ``t1.in`` format of the CMPUT 355 ``alphabeta.py`` script).

- Lines starting with ``#`` are comments; blank lines are ignored.
- The first other line lists the node labels, one character each; the first is the root.
- ``X: BCD`` gives node X the children B, C, D in that order.
- ``X 7`` gives leaf X the value 7 (from MAX's point of view).  On an interior node
  the same line gives its static evaluation, used by depth-limited searches.
- Labels longer than one character (for trees of more than 62 nodes) are written as words
  separated by spaces, on the label line and in the children lists: ``n12: n40 n41 n42``.
  A label line of single characters reads as before, spaced or not.

>>> tree = from_text('''
... ABCDEFGH
... A: BC
... B: DE
... C: FGH
... D 7
... E 5
... F 9
... G 3
... H 1
... ''')
>>> tree.to_nested()
[[7, 5], [9, 3, 1]]
>>> print(to_text(tree), end="")
ABCDEFGH
A: BC
B: DE
C: FGH
D 7
E 5
F 9
G 3
H 1

Labels as words, for trees of any size:

>>> from_text("root left right\\nroot: left right\\nleft 3\\nright 8").to_nested()
[3, 8]
"""

from __future__ import annotations

import math
import re

from .. import _validate
from ..errors import ArgumentTypeError, TreeError, TreeTextError, printable
from .explicit import Tree, build

__all__ = ["from_text", "to_text"]

_CHILDREN = re.compile(r"^(\S)\s*:\s*(.*)$")
_VALUE = re.compile(r"^(\S)\s+(\S+)$")
_WORD_CHILDREN = re.compile(r"^([^\s:]+)\s*:\s*(.*)$")
_WORD_VALUE = re.compile(r"^([^\s:]+)\s+(\S+)$")
_INTEGER = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|inf|infinity|nan)",
                      re.ASCII | re.IGNORECASE)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
MAX_TEXT_LENGTH = 10_000_000
"""The longest tree text read (characters)."""


def from_text(text: str) -> Tree:
    """Read a labelled tree text; errors name the line (see the module docstring)."""
    _validate.text("text", text, show=_validate.type_name)
    if len(text) > MAX_TEXT_LENGTH:
        raise TreeTextError(f"the text has {len(text):,} characters, more than {MAX_TEXT_LENGTH:,}")
    lines = [   # lines end at \n, \r\n or \r only, as an editor shows them
        (number, _printable(number, line).strip())
        for number, line in enumerate(_LINE_BREAK.split(text), start=1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines:
        raise TreeTextError("text: there is no label line (every line is blank or a comment); the first "
                            "line lists the labels, e.g. 'ABC', then 'A: BC', 'B 3', 'C 5'")
    words = lines[0][1].split()
    has_long_label = any(len(word) > 1 for word in words)
    as_words = has_long_label and len(words) > 1
    try:
        return _read(lines, words=as_words)
    except TreeTextError:
        if not has_long_label:
            raise
        try:          # the other reading of the label line, for a text written the other way
            return _read(lines, words=not as_words)
        except TreeTextError:
            pass
        raise


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters (a tab is a space; lines end at \\n, \\r\\n or \\r)."""


def _printable(number: int, line: str) -> str:
    """``line`` if it holds no control character; else an error naming the line and column
    (a label or a separator with an invisible character in it is not what the author meant)."""
    found = _CONTROL.search(line)
    if found is not None:
        char = found.group()
        raise TreeTextError(f"column {found.start() + 1} holds the control character {char!r} "
                            f"(U+{ord(char):04X}), which no label, value or separator may contain; "
                            "delete it", number)
    return line


def _read(lines: list[tuple[int, str]], *, words: bool) -> Tree:
    """Read the numbered lines with one-character labels, or with labels as words."""
    label_line, label_list = _read_labels(*lines[0], words=words)
    labels = _Labels(label_list)
    children: dict[str, list[str]] = {}
    values: dict[str, float] = {}
    parent_line: dict[str, int] = {}
    children_line, value_line = (_WORD_CHILDREN, _WORD_VALUE) if words else (_CHILDREN, _VALUE)
    example = "'X: Y Z' (children) or 'X 7' (value)" if words else "'X: BCD' (children) or 'X 7' (value)"
    for number, line in lines[1:]:
        if match := children_line.match(line):
            _read_children(number, match, labels, children, parent_line, words=words)
        elif match := value_line.match(line):
            _read_value(number, match, labels, values)
        else:
            raise TreeTextError(f"cannot read {line!r}: expected {example}", number)
    root = labels[0]
    _check_shape(root, labels, label_line, children, values, parent_line)
    return build(children, values, root)


def _read_labels(number: int, line: str, *, words: bool = False) -> tuple[int, list[str]]:
    labels = line.split() if words else [ch for ch in line if not ch.isspace()]
    for ch in labels:
        if ch in ":#" or ":" in ch:
            raise TreeTextError(f"{ch!r} cannot be a label (the first line lists labels)", number)
    seen: set[str] = set()
    for ch in labels:
        if ch in seen:
            raise TreeTextError(f"duplicate label {ch!r} in the label line", number)
        seen.add(ch)
    return number, labels


class _Labels(list[str]):
    """The label line: in order, with a set for fast membership tests."""

    def __init__(self, labels: list[str]):
        super().__init__(labels)
        self.known = set(labels)

    def __contains__(self, label: object) -> bool:
        return label in self.known


def _known(label: str, labels: list[str], number: int) -> str:
    if label not in labels:
        raise TreeTextError(f"unknown label {label!r} (not in the label line)", number)
    return label


def _read_children(number: int, match: re.Match[str], labels: list[str], children: dict[str, list[str]],
                   parent_line: dict[str, int], *, words: bool = False) -> None:
    parent = _known(match.group(1), labels, number)
    listed = match.group(2).split() if words else [ch for ch in match.group(2) if not ch.isspace()]
    kids = [_known(ch, labels, number) for ch in listed]
    if not kids:
        raise TreeTextError(f"node {parent!r} is given an empty list of children", number)
    if parent in children:
        raise TreeTextError(f"node {parent!r} is given children twice", number)
    for kid in kids:
        if kid == parent:
            raise TreeTextError(f"node {parent!r} cannot be its own child (a cycle)", number)
        if kid in parent_line:
            raise TreeTextError(
                f"node {kid!r} already has a parent (line {parent_line[kid]}); "
                "a tree gives every node one parent",
                number,
            )
        parent_line[kid] = number
    children[parent] = kids


def _read_value(number: int, match: re.Match[str], labels: list[str], values: dict[str, float]) -> None:
    label = _known(match.group(1), labels, number)
    word = match.group(2)
    shown = printable(word)
    if len(word) > 400:
        raise TreeTextError(f"value {shown} of node {label!r} is too long for a number", number)
    if _INTEGER.fullmatch(word):
        value: float = int(word)
        if abs(value) >= 2 ** 1023:
            raise TreeTextError(f"value {shown} of node {label!r} is too large", number)
    elif _DECIMAL.fullmatch(word):
        value = float(word)
    else:
        raise TreeTextError(f"value {shown} of node {label!r} is not a number (write digits "
                            "0-9, a sign, a decimal point, an exponent)", number)
    if not math.isfinite(value):
        raise TreeTextError(f"value {shown} of node {label!r} is not finite", number)
    if label in values:
        raise TreeTextError(f"node {label!r} is given a value twice", number)
    values[label] = value


def _check_shape(root: str, labels: list[str], label_line: int, children: dict[str, list[str]],
                 values: dict[str, float], parent_line: dict[str, int]) -> None:
    if root in parent_line:
        raise TreeTextError(
            f"the root {root!r} (first label) appears as a child: that makes a cycle",
            parent_line[root],
        )
    reached = {root}
    stack = [root]
    while stack:
        for kid in children.get(stack.pop(), ()):
            if kid in reached:  # pragma: no cover - excluded by the one-parent rule
                raise TreeTextError(f"node {kid!r} is reached twice (a cycle)", parent_line[kid])
            reached.add(kid)
            stack.append(kid)
    for label in labels:
        if label not in reached:
            where = parent_line.get(label, label_line)
            raise TreeTextError(
                f"node {label!r} is not connected to the root {root!r} (a cycle, or a "
                "missing 'X: ...' line)",
                where,
            )
        if label not in children and label not in values:
            raise TreeTextError(
                f"leaf {label!r} has no value: add a line '{label} 0' with its value",
                parent_line.get(label, label_line),
            )


def to_text(tree: Tree) -> str:
    """Write ``tree`` in the labelled format: one character per label when every label is one
    character, otherwise labels as words separated by spaces.

    >>> from mmlib.trees import from_nested
    >>> big = from_nested([[1, 2, 3]] * 20)            # 81 nodes: labels A-Z, 23 more, n49-n80
    >>> lines = to_text(big).splitlines()
    >>> lines[0][:12], lines[21], lines[-1]
    ('A B C D E F ', 'U: n78 n79 n80', 'n80 3')
    >>> from_text(to_text(big)).to_nested() == big.to_nested()
    True
    """
    if not isinstance(tree, Tree):
        raise ArgumentTypeError(f"tree: expected an explicit trees.Tree, got {type(tree).__name__}")
    nodes = tree.nodes()
    for node in nodes:
        if not node.label or any(ch.isspace() for ch in node.label) or ":" in node.label \
                or node.label.startswith("#"):
            raise TreeError(f"tree: the label {node.label!r} cannot be written in the text format "
                            "(a label has no spaces or ':' and does not start with '#')")
    if any(node.is_max != (len(node.path) % 2 == 0) for node in nodes):
        raise TreeError("tree: the text format needs turns that alternate by depth from a MAX root")
    separator = "" if all(len(node.label) == 1 for node in nodes) else " "
    breadth_first = sorted(nodes, key=lambda node: (len(node.path), node.path))
    lines = [separator.join(node.label for node in breadth_first)]
    lines += [
        f"{node.label}: " + separator.join(kid.label for kid in node.children)
        for node in breadth_first
        if node.children
    ]
    lines += [f"{node.label} {node.value}" for node in breadth_first if node.value is not None]
    return "\n".join(lines) + "\n"
