"""Test cases a student can open: one tree, its search depth and the expected answers, as text.

A case file is the labelled tree text (the ``t1.in`` format of :mod:`mmlib.trees.text`)
followed by a few ``key = value`` lines::

    # Lab 1, practice case: AIMA figure 5.2
    check = minimax
    depth = 2
    ABCDEFGHIJKLM
    A: BCD
    B: EFG
    C: HIJ
    D: KLM
    E 3
    ...
    # static values of interior nodes above the depth limit (a correct search never reads them)
    A 6
    ...
    value = 3
    evaluated = E F G H I J K L M

- ``check``: ``minimax``, ``alpha-beta`` (children left to right, cutoff when alpha >= beta) or
  ``best move`` (the index of a best child of the root: 0 for the first);
- ``depth``: the search depth (``none``: to the bottom of the tree);
- ``value``: the value the search returns at the root, from MAX's point of view;
- ``evaluated``: the nodes whose ``node.value`` the search reads, in order (the leaves, and
  interior nodes where the search stops at its depth limit);
- ``not evaluated`` (alpha-beta): the nodes minimax would evaluate that alpha-beta never does
  (its pruned leaves, or pruned nodes at the depth limit; ``none`` when there are none);
- ``move values`` and ``best moves`` (best move): the minimax value of each move, left to right,
  and the moves of best value (any of them is right).

A first comment line, before anything else, names the case.

Interior nodes carry a static value (``node.value`` there); the file gives each one under a
comment saying whether it sits at, above or below the depth limit: only those at the limit
are read by a correct search.  The expected lines are optional (a case you write yourself
needs only the tree, ``check`` and ``depth``); when present, :func:`read_case` checks them against
the reference search and names the line of any that is wrong.

>>> case = case_from_nested([[7, 5], [9, 3, 1]], "alpha-beta", name="t1.in")
>>> text = write_case(case)
>>> print(text, end="")
# t1.in
check = alpha-beta
depth = none
ABCDEFGH
A: BC
B: DE
C: FGH
D 7
E 5
F 9
G 3
H 1
# static values of interior nodes above the depth limit (a correct search never reads them)
A 5
B 6
C 4
value = 5
evaluated = D E F G
not evaluated = H
>>> read_case(text) == case
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import trees
from ..errors import ArgumentError, ArgumentTypeError, TreeTextError, printable
from .cases import Case, build, with_statics
from .models import reference

__all__ = ["CaseFile", "read_case", "write_case", "case_from_nested", "KINDS", "depth_limit_notes",
           "beyond_the_limit", "case_text", "number_text", "split_fields"]

KINDS = ("minimax", "alpha-beta", "best move")
"""The checks a case file can be for."""

_FIELD = re.compile(r"^(check|depth|value|evaluated|not evaluated|move values|best moves|name)\s*=\s*(.*)$")
_ABOVE = "# static values of interior nodes above the depth limit (a correct search never reads them)"
_AT = "# static values of interior nodes at the depth limit (the search evaluates them there)"
_BELOW = "# static values of interior nodes below the depth limit (a correct search never reaches them)"


@dataclass(frozen=True)
class FileCase(Case):
    """A :class:`~mmlib.check.cases.Case` whose tree (static values included) comes from a file."""

    given: trees.Tree | None = field(default=None, compare=False)

    def tree(self) -> trees.Tree:
        return self.given if self.given is not None else build(self.nested)


@dataclass(frozen=True)
class CaseFile:
    """One case: the ``tree`` (with static values on interior nodes), the ``check`` it is for,
    the search ``depth`` (None: to the bottom), and the expected answers (labels)."""

    tree: trees.Tree
    check: str
    depth: int | None
    value: float
    evaluated: tuple[str, ...]
    not_evaluated: tuple[str, ...]
    name: str = ""
    move_values: tuple[float, ...] = ()
    best_moves: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CaseFile):
            return NotImplemented
        return (trees.to_text(self.tree), self.check, self.depth, self.value, self.evaluated,
                self.not_evaluated, self.name, self.move_values, self.best_moves) == (
            trees.to_text(other.tree), other.check, other.depth, other.value, other.evaluated,
            other.not_evaluated, other.name, other.move_values, other.best_moves)

    def __hash__(self) -> int:
        return hash((trees.to_text(self.tree), self.check, self.depth))

    @property
    def search_depth(self) -> int:
        return self.tree.height if self.depth is None else self.depth

    def as_case(self) -> FileCase:
        """The case as the checkers take it (``cases=[...]``)."""
        nested = self.tree.to_nested()
        assert isinstance(nested, list), "a case's root has children"
        return FileCase(nested, self.depth, self.name, self.tree)


def _expected(tree: trees.Tree, check: str,
              depth: int | None) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    """Value, evaluated labels in order, and never-evaluated leaves (within the depth limit)."""
    limit = tree.height if depth is None else depth
    value, order = reference("minimax" if check == "best move" else check).run(tree, limit)
    horizon = reference("minimax").run(tree, limit)[1]
    evaluated = tuple(tree.label_of(path) for path in order)
    skipped = tuple(tree.label_of(path) for path in horizon if path not in set(order))
    return value, evaluated, skipped


def _kind(check: Any) -> str:
    if check not in KINDS:
        raise ArgumentError(f"check: expected one of {', '.join(KINDS)}, got {printable(check)}")
    return str(check)


def case_from_nested(nested: Any, check: str, depth: int | None = None, name: str = "") -> CaseFile:
    """A case on the tree ``nested`` (interior nodes get the checker's static values), with the
    reference search's answers.

    >>> case_from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "minimax", depth=1).evaluated
    ('B', 'C', 'D')
    """
    return _complete(build(nested), _kind(check), depth, name)


def _complete(tree: trees.Tree, check: str, depth: int | None, name: str) -> CaseFile:
    value, evaluated, skipped = _expected(tree, check, depth)
    if check != "best move":
        return CaseFile(tree, check, depth, value, evaluated, skipped, name)
    limit = tree.height if depth is None else depth
    root = tree.root                 # a move's value: minimax on the root left with that move only
    moves = tuple(reference("minimax").run(trees.Tree(trees.Node(root.label, root.value, (child,), True, ())),
                                           limit)[0] for child in root.children)
    best = tuple(i for i, move in enumerate(moves) if move == max(moves))
    return CaseFile(tree, check, depth, value, evaluated, skipped, name, moves, best)



def depth_limit_notes(tree: trees.Tree, depth: int) -> list[str]:
    """The static values of interior nodes, as tree-text lines under comments saying where
    each node sits: at the depth limit (read there), above or below it (never read).

    >>> print("\\n".join(depth_limit_notes(build([[4, 7], 2]), 1)))
    # static values of interior nodes above the depth limit (a correct search never reads them)
    A 3
    # static values of interior nodes at the depth limit (the search evaluates them there)
    B 5
    """
    groups: dict[str, list[str]] = {_ABOVE: [], _AT: [], _BELOW: []}
    for node in sorted(tree.nodes(), key=lambda node: (len(node.path), node.path)):
        if node.is_leaf() or node.value is None:
            continue
        ply = len(node.path)
        group = _ABOVE if ply < depth else _AT if ply == depth else _BELOW
        groups[group].append(f"{node.label} {node.value}")
    lines: list[str] = []
    for comment, entries in groups.items():
        if entries:
            lines += [comment, *entries]
    return lines


def _tree_lines(tree: trees.Tree, depth: int) -> list[str]:
    """The tree text: labels, children and leaf values, then interior static values by group."""
    leaves_only = trees.to_text(trees.Tree(_without_statics(tree.root))).splitlines()
    return leaves_only + depth_limit_notes(tree, depth)


def _without_statics(node: trees.Node) -> trees.Node:
    kids = tuple(_without_statics(child) for child in node.children)
    return trees.Node(node.label, node.value if not kids else None, kids, node.is_max, node.path)


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def write_case(case: CaseFile) -> str:
    """The case as text (see the module docstring); :func:`read_case` reads it back."""
    if not isinstance(case, CaseFile):
        raise ArgumentTypeError(f"case: expected a CaseFile, got {type(case).__name__}")
    lines = [f"# {case.name}"] if case.name else []
    lines += [f"check = {case.check}", f"depth = {'none' if case.depth is None else case.depth}"]
    lines += _tree_lines(case.tree, case.search_depth)
    lines += [f"value = {number_text(case.value)}", f"evaluated = {' '.join(case.evaluated) or 'none'}"]
    if case.check == "alpha-beta":
        lines.append(f"not evaluated = {' '.join(case.not_evaluated) or 'none'}")
    if case.check == "best move":
        lines = lines[:-1] + [f"move values = {' '.join(number_text(v) for v in case.move_values)}",
                              f"best moves = {' '.join(str(move) for move in case.best_moves)}"]
    return "\n".join(lines) + "\n"


def split_fields(text: str, pattern: re.Pattern[str]) -> tuple[dict[str, tuple[int, str]], list[str], str]:
    """A case file's ``key = value`` lines (``pattern`` matches them: key, value) by key, with
    their line numbers; the other lines (a field's line left blank, so that the tree reader's
    line numbers stay right); and the name a first comment line gives.

    >>> split_fields("# two leaves\\ncheck = minimax\\nABC", _FIELD)
    ({'check': (2, 'minimax')}, ['# two leaves', '', 'ABC'], 'two leaves')
    """
    fields: dict[str, tuple[int, str]] = {}
    tree_lines: list[str] = []
    name = ""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if match := pattern.match(stripped):
            key = match.group(1)
            if key in fields:
                raise TreeTextError(f"{key!r} is given twice", number)
            fields[key] = (number, match.group(2).strip())
            tree_lines.append("")
            continue
        if stripped.startswith("#") and not name and not any(tree_lines) and not fields:
            name = stripped[1:].strip()
        tree_lines.append(line)
    return fields, tree_lines, name


def read_case(text: str) -> CaseFile:
    """Read a case file; an error names the line of anything wrong, including an expected answer
    that the reference search does not give.

    >>> read_case("check = minimax\\ndepth = 1\\nABC\\nA: BC\\nB 4\\nC 7\\nvalue = 4")
    Traceback (most recent call last):
    ...
    mmlib.errors.TreeTextError: line 7: value = 4, but minimax on this tree to depth 1 returns 7
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text: expected the text of a case file, got {type(text).__name__}")
    fields, tree_lines, name = split_fields(text, _FIELD)
    if "name" in fields:
        name = fields["name"][1]
    for key in ("check", "depth"):
        if key not in fields:
            raise TreeTextError(f"no '{key} = ...' line (a case file says which check and which depth)")
    number, word = fields["check"]
    if word not in KINDS:
        raise TreeTextError(f"check = {word}: expected one of {', '.join(KINDS)}", number)
    tree = trees.from_text("\n".join(tree_lines))
    number, word = fields["depth"]
    depth: int | None = None
    if word != "none":
        if not re.fullmatch(r"[0-9]+", word) or int(word) < 1:
            raise TreeTextError(f"depth = {word}: expected a whole number of at least 1, or none", number)
        depth = int(word)
    case = _complete(trees.Tree(with_statics(tree.root)), fields["check"][1], depth, name)
    _agree(case, fields)
    return case


def _agree(case: CaseFile, fields: dict[str, tuple[int, str]]) -> None:
    """Raise if an expected line of the file differs from the reference search's answer."""
    where = f"{case.check} on this tree to depth {'the bottom' if case.depth is None else case.depth}"
    if "value" in fields:
        number, word = fields["value"]
        try:
            value = float(word)
        except ValueError:
            raise TreeTextError(f"value = {word}: expected a number", number) from None
        if value != case.value:
            raise TreeTextError(f"value = {word}, but {where} returns {number_text(case.value)}", number)
    for key, want in (("evaluated", case.evaluated), ("not evaluated", case.not_evaluated),
                      ("move values", tuple(number_text(v) for v in case.move_values)),
                      ("best moves", tuple(str(move) for move in case.best_moves))):
        if key in fields:
            number, word = fields[key]
            got = () if word == "none" else tuple(word.split())
            if got != want:
                raise TreeTextError(f"{key} = {word}, but {where} gives {' '.join(want) or 'none'}", number)


def beyond_the_limit(tree: trees.Tree, depth: int, evaluated: Sequence[trees.Path]) -> list[str]:
    """Sentences on the nodes in ``evaluated`` that a correct search never evaluates: interior
    nodes above the depth limit, and any node below it (a node at the limit is evaluated there).

    >>> print(*beyond_the_limit(build([4, 7]), 1, [()]))
    A is not a leaf and lies above the depth limit (depth 1): its static value 5 is an estimate a correct ...
    >>> print(*beyond_the_limit(build([[17, 11]]), 1, [(0, 0), (0, 1)]))
    C, D lie below the depth limit (depth 1): a correct search stops above them.
    """
    lines = []
    below = []
    for path in dict.fromkeys(evaluated):
        node = tree.node(path)
        if len(path) > depth:
            below.append(node.label)
        elif len(path) < depth and not node.is_leaf():
            static = number_text(node.value or 0)
            lines.append(f"{node.label} is not a leaf and lies above the depth limit (depth {depth}): "
                         f"its static value {static} is an estimate a correct search never reads.")
    if below:
        lines.append(f"{', '.join(below)} {'lies' if len(below) == 1 else 'lie'} below the depth limit "
                     f"(depth {depth}): a correct search stops above {'it' if len(below) == 1 else 'them'}.")
    return lines


def case_text(tree: trees.Tree, kind: str, depth: int) -> str:
    """A counterexample in the case-file form (what a report prints)."""
    return write_case(_complete(tree, _kind(kind), depth, ""))

