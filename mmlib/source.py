"""The library's own code on screen: a search's core, highlighted, its instrumentation set apart.

``show(search.alphabeta)`` finds the function that does the searching (not the wrapper that
checks the arguments: here ``AlphaBeta.alphabeta`` in ``mmlib/search/alphabeta.py``) and
shows it with the line numbers of its file.  The lines that only count and record (the
nodes, the cutoffs, the transcript of a step-through, the principal variation) are marked
``┆`` in a gutter and set apart on a grey band, in dark upright ink (a learning move
ordering, killer moves, is told there too, but no value changes); ``instrumentation="hide"``
leaves them out (the line numbers then skip them).  In a notebook the listing is
highlighted HTML (Pygments, WCAG AA contrast); as text it is the same listing with the
same marks.  Any other Python function, method or
class with source can be shown too, like aima-python's ``psource``.

>>> from mmlib import search
>>> listing = show(search.minimax)
>>> [part.name for part in listing.parts]
['Minimax.minimax']
>>> print(listing.parts[0].lines[2].text, listing.parts[0].lines[2].instrumentation)
    self.enter(ply, None, None, state) True
>>> print(show(search.minimax, instrumentation="hide"))      # doctest: +ELLIPSIS
mmlib/search/minimax.py · Minimax.minimax, lines ...
  ...   def minimax(self, state: State, depth: float, ply: int) -> float:
  ...       \"\"\"Plain minimax: every child of every node is searched.\"\"\"
  ...       if depth == 0 or self.game.is_terminal(state):      # the depth limit, or the game is over
...
>>> show(42)
Traceback (most recent call last):
...
mmlib.errors.ArgumentTypeError: show: expected a function, method or class with Python source, got 42
"""

from __future__ import annotations

import ast
import html
import inspect
import linecache
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import _validate
from .errors import ArgumentError, ArgumentTypeError, printable

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["show", "Listing", "Part", "Line", "CORES", "INSTRUMENTATION_CALLS", "VOCABULARY", "token_colours"]

CORES: dict[str, tuple[str, ...]] = {
    "mmlib.search.minimax.minimax": ("Minimax.minimax",),
    "mmlib.search.alphabeta.alphabeta": ("AlphaBeta.alphabeta",),
    "mmlib.search.alphabeta.negamax": ("AlphaBeta.negamax",),
    "mmlib.search.quiescence.quiescence": ("Quiescence.alphabeta", "Quiescence.moves"),
    "mmlib.search.windows.aspiration": ("aspiration.root",),
    "mmlib.search.windows.pvs": ("WindowSearch.pvs", "WindowSearch.test"),
    "mmlib.search.windows.mtdf": ("mtdf.root", "WindowSearch.test"),
    "mmlib.search.windows.sss_star": ("sss_star.root", "WindowSearch.test"),
    "mmlib.search.chance.expectimax": ("ChanceSearch.expectiminimax",),
    "mmlib.search.chance.expectiminimax": ("ChanceSearch.expectiminimax",),
    "mmlib.search.mcts.mcts": ("MonteCarlo.iterate", "MonteCarlo.select", "MonteCarlo.expand",
                               "MonteCarlo.simulate"),
}
"""Where each public search does its searching: the functions of its module (``Class.method``, or
``function.nested`` for a loop written inside the public function) that hold the algorithm.  A search
not listed here is shown as the method of the same name in its module, when there is one."""

INSTRUMENTATION_CALLS = frozenset({"enter", "update", "cutoff", "done", "mark", "leave", "visit",
                                   "visit_position"})
"""The search's listener calls: a statement that is only one of these calls counts or records."""
_COUNTERS = frozenset({"researches", "passes", "horizon_leaves", "lines", "value"})
"""The search's own counters and records (``self.passes += 1``, ``search.value = g``,
``self.lines[ply] = ()``)."""
_RECORDING_FLAGS = frozenset({"tracing", "watched"})
CHECK_CALL = "self.checked("
"""A guard that only checks what user code returned (``if ...: value = self.checked(value, ...)``:
the value itself, or an error naming the function) is set apart with the instrumentation."""

VOCABULARY: dict[str, str] = {
    "enter": "counts a call of the search (a node) and, for a step-through, records the window",
    "leaf": "the static value of a position (a leaf: counted as one evaluation)",
    "best": "returns score unchanged; it records the move for the principal variation",
    "done": "returns the value unchanged; it records it for the step-through and a learning move ordering",
    "cutoff": "records the skipped moves as pruned (one cutoff); a learning move ordering is told",
    "update": "records a child's result for the step-through",
    "moves": "the moves of a position, in the search's move order",
    "play": "the position after a move",
    "prunes": "the cutoff test: alpha >= beta (or alpha > beta, as some courses write it)",
    "mark": "writes a marker (a new pass, a null-window test) into the step-through",
    "recall": "the transposition table's answer, when it settles the node",
    "remember": "stores the node's result in the transposition table",
    "known": "the bounds table settled the node: its stored bound is the answer",
    "keep": "stores the bound a test proved in the bounds table",
    "visit": "counts a position of the search tree (a node)",
}
"""What the engine's words mean, for the legend under a listing (only the words it uses)."""

PAPER, INK, DIM_PAPER, DIM_INK, NUMBER_INK = "#fefefe", "#1e1e1e", "#ececec", "#333333", "#595959"
"""The listing's colours: AA contrast (4.5:1 or more) for every text on its background.  The
instrumentation lines are set apart by their grey band, a bar at its left edge (:data:`BAR`) and
the mark, not by faint text: their ink is upright and dark (10.7:1 on the band, AAA), so they
still read when a projector's light washes a grey out."""
BAR = "#767676"
"""The bar at the left of an instrumentation line's band (3:1 or more against both backgrounds)."""
STYLE = "a11y-light"
"""The Pygments style of the highlighted code (its colours meet WCAG AA on a light background)."""
MARK = "┆"
"""The gutter mark of an instrumentation line (so colour is never the only sign)."""


@dataclass(frozen=True)
class Line:
    """One line of a listing: its number in the file, its text (dedented), whether it only
    counts and records."""

    number: int
    text: str
    instrumentation: bool


@dataclass(frozen=True)
class Part:
    """One function of a listing: its file (relative to the package's folder), its name, its lines."""

    file: str
    name: str
    lines: tuple[Line, ...]

    def shown(self, instrumentation: str) -> tuple[Line, ...]:
        """The lines shown with ``instrumentation`` ``"dim"`` or ``"hide"``."""
        if instrumentation == "hide":
            return tuple(line for line in self.lines if not line.instrumentation)
        return self.lines

    @property
    def heading(self) -> str:
        return f"{self.file} · {self.name}, lines {self.lines[0].number}–{self.lines[-1].number}"


@dataclass(frozen=True)
class Listing:
    """What :func:`show` returns: the parts, shown as text (``str``) or as HTML in a notebook."""

    parts: tuple[Part, ...]
    instrumentation: str = "dim"

    def legend(self) -> list[str]:
        """The sentences under the listing: the mark, and the engine's words the code uses."""
        marked = sum(line.instrumentation for part in self.parts for line in part.lines)
        checks = any(line.instrumentation and CHECK_CALL in line.text
                     for part in self.parts for line in part.lines)
        sentences = []
        if marked and self.instrumentation == "hide":
            what = ("lines that only count, record or check a returned value" if checks
                    else "instrumentation lines")
            sentences.append(f"{marked} {what} are hidden; the line numbers skip them.")
        elif marked:
            sentences.append(f"{MARK} marks instrumentation: counting, and recording for the step-through "
                             "and for move orderings that learn (killer moves)"
                             + (", and checking that user code returned a number" if checks else "")
                             + "; it never changes a value.")
        code = "\n".join(line.text for part in self.parts for line in part.shown(self.instrumentation))
        for word, meaning in VOCABULARY.items():
            if f"self.{word}(" in code or f"search.{word}(" in code:
                sentences.append(f"{word}: {meaning}.")
        return sentences

    def __str__(self) -> str:
        out: list[str] = []
        for part in self.parts:
            out.append(part.heading)
            for line in part.shown(self.instrumentation):
                mark = MARK if line.instrumentation else " "
                out.append(f"{line.number:>4} {mark} {line.text}".rstrip())
            out.append("")
        return "\n".join(out + self.legend()).rstrip()

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        blocks = [_html_part(part, self.instrumentation) for part in self.parts]
        legend = "".join(f"<li>{html.escape(sentence)}</li>" for sentence in self.legend())
        return (f'<div class="mmlib-source" style="color:{INK};background:{PAPER};border:1px solid #767676;'
                f'padding:6px 8px;max-width:100%;overflow-x:auto">{"".join(blocks)}'
                f'<ul style="margin:4px 0 0 0;padding-left:1.2em;font-size:0.9em;color:{INK}">{legend}</ul>'
                "</div>")


def show(*functions: Any, instrumentation: str = "dim") -> Listing:
    """The source of each of ``functions``: for a search of :mod:`mmlib.search`, the code that
    searches (see :data:`CORES`); for anything else with Python source, that source.

    ``instrumentation``: ``"dim"`` (default) shows the lines that only count and record
    set apart (a grey band with a bar at its left, dark upright ink) and marked ``┆``;
    ``"hide"`` leaves them out.

    >>> from mmlib import search
    >>> [part.name for part in show(search.mtdf).parts]
    ['mtdf.root', 'WindowSearch.test']
    >>> show(search.alphabeta, instrumentation="bright")
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentError: instrumentation: expected one of 'dim', 'hide', got 'bright'
    """
    instrumentation = _validate.choice("instrumentation", instrumentation, ("dim", "hide"))
    if not functions:
        raise ArgumentTypeError("show: expected at least one function, method or class, got none")
    parts = tuple(part for function in functions for part in _parts(function))
    return Listing(parts, instrumentation)


# -- finding the code -------------------------------------------------------------------------

def _parts(function: Callable[..., Any]) -> Iterator[Part]:
    function = inspect.unwrap(function) if callable(function) else function
    if isinstance(function, (staticmethod, classmethod)):
        function = function.__func__
    if not (inspect.isfunction(function) or inspect.ismethod(function) or inspect.isclass(function)):
        raise ArgumentTypeError(f"show: expected a function, method or class with Python source, "
                                f"got {printable(function)}")
    function = getattr(function, "__func__", function)
    module = inspect.getmodule(function)
    public = f"{function.__module__}.{function.__qualname__}"
    names = CORES.get(public)
    if names is None and module is not None and function.__module__.startswith("mmlib.search."):
        names = _same_name_method(module, function.__name__)
    if names is None:
        yield _part_of(function)
        return
    file = inspect.getsourcefile(function)
    assert file is not None and module is not None
    for name in names:
        yield _part_at(file, name, module.__name__)


def _same_name_method(module: Any, name: str) -> tuple[str, ...] | None:
    """``("Class.name",)`` for a class of ``module`` that defines a method ``name`` (the core of
    the search ``name``), else None."""
    for cls_name, cls in vars(module).items():
        if inspect.isclass(cls) and cls.__module__ == module.__name__ and name in vars(cls):
            return (f"{cls_name}.{name}",)
    return None


def _part_of(function: Callable[..., Any]) -> Part:
    """The part for any object with source (a student's function too)."""
    try:
        source_lines, first = inspect.getsourcelines(function)
    except (OSError, TypeError):
        raise ArgumentError(f"show: {printable(function)} has no Python source to show") from None
    file = inspect.getsourcefile(function) or "<unknown>"
    first = max(first, 1)
    return _make_part(_short_file(file, function.__module__), function.__qualname__.replace(".<locals>", ""),
                      first, source_lines)


def _part_at(file: str, qualname: str, module: str) -> Part:
    """The part for ``qualname`` (``Class.method`` or ``function.nested``) defined in ``file``."""
    text = "".join(linecache.getlines(file)) or Path(file).read_text(encoding="utf-8")
    node = _find(ast.parse(text), qualname.split("."))
    if node is None:
        raise ArgumentError(f"show: {qualname} is not defined in {_short_file(file, module)}")
    first = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
    assert node.end_lineno is not None
    lines = text.splitlines(keepends=True)[first - 1:node.end_lineno]
    return _make_part(_short_file(file, module), qualname, first, lines)


Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _find(tree: ast.AST, path: Sequence[str]) -> Definition | None:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == path[0]:
            return node if len(path) == 1 else _find(node, path[1:])
    return None


def _short_file(file: str, module: str) -> str:
    """``mmlib/search/alphabeta.py`` for a module of the package, else the file's name."""
    if module.startswith("mmlib"):
        parts = Path(file).parts
        if "mmlib" in parts:
            return "/".join(parts[len(parts) - 1 - parts[::-1].index("mmlib"):])
    return Path(file).name


# -- which lines are instrumentation ------------------------------------------------------------

def _make_part(file: str, name: str, first: int, source_lines: Sequence[str]) -> Part:
    text = textwrap.dedent("".join(source_lines))
    marked = _instrumentation_lines(text)
    lines = tuple(Line(first + i, line.rstrip("\n"), i + 1 in marked)
                  for i, line in enumerate(text.splitlines()))
    return Part(file, name, lines)


def _instrumentation_lines(text: str) -> set[int]:
    """The numbers (1 = the first line of ``text``) of the lines that only count and record."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return set()
    marked: set[int] = set()
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for statement in block:
                if isinstance(statement, ast.stmt) and _records_only(statement):
                    assert statement.end_lineno is not None
                    marked.update(range(statement.lineno, statement.end_lineno + 1))
            if field == "orelse" and block and isinstance(node, (ast.For, ast.While)) and all(
                    isinstance(s, ast.stmt) and _records_only(s) for s in block):
                last_body = node.body[-1].end_lineno
                assert last_body is not None
                marked.update(range(last_body + 1, block[0].lineno))     # the line "else:"
    return marked


def _records_only(statement: ast.stmt) -> bool:
    """Whether ``statement`` only counts, records or checks: a listener call, a counter, a block run
    only for the step-through, a guard that checks a returned value (:data:`CHECK_CALL`), or a
    block whose every statement does one of these."""
    if isinstance(statement, ast.If) and not statement.orelse and all(
            isinstance(s, ast.Assign) and isinstance(s.value, ast.Call)
            and isinstance(s.value.func, ast.Attribute) and s.value.func.attr == "checked"
            for s in statement.body):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        called = statement.value.func
        return isinstance(called, ast.Attribute) and called.attr in INSTRUMENTATION_CALLS
    if isinstance(statement, (ast.AugAssign, ast.Assign)):
        targets = [statement.target] if isinstance(statement, ast.AugAssign) else statement.targets
        return all(_is_counter(target) for target in targets)
    if isinstance(statement, ast.If):
        if any(isinstance(n, ast.Attribute) and n.attr in _RECORDING_FLAGS for n in ast.walk(statement.test)):
            return not statement.orelse or all(_records_only(s) for s in statement.orelse)
        return all(_records_only(s) for s in statement.body + statement.orelse)
    return False


def _is_counter(target: ast.expr) -> bool:
    if isinstance(target, ast.Subscript):
        target = target.value
    if not (isinstance(target, ast.Attribute) and target.attr in _COUNTERS):
        return False
    owner = target.value                       # self.passes, search.passes, self.recorder.horizon_leaves
    while isinstance(owner, ast.Attribute) and owner.attr == "recorder":
        owner = owner.value
    return isinstance(owner, ast.Name) and owner.id in ("self", "search")


# -- HTML ---------------------------------------------------------------------------------------------

def _html_part(part: Part, instrumentation: str) -> str:
    shown = part.shown(instrumentation)
    coloured = _highlighted([line.text for line in shown])
    rows = []
    dim = f"display:block;background:{DIM_PAPER};color:{DIM_INK};box-shadow:inset 4px 0 {BAR}"
    for line, code in zip(shown, coloured, strict=True):
        if line.instrumentation:            # one ink for the whole row, its number too
            text = html.escape(line.text)
            rows.append(f'<span style="{dim}"><span>{line.number:>4}</span> {MARK} {text}</span>')
        else:
            number = f'<span style="color:{NUMBER_INK}">{line.number:>4}</span>'
            rows.append(f'<span style="display:block">{number}   {code}</span>')
    heading = html.escape(part.heading)
    return (f'<div style="font-weight:bold;margin:2px 0">{heading}</div>'
            f'<pre style="margin:0 0 6px 0;padding:0;background:{PAPER};color:{INK};line-height:1.35;'
            f'font-size:0.9em" aria-label="{heading}">' + "".join(rows) + "</pre>")


def _highlighted(lines: Sequence[str]) -> list[str]:
    """Each line as HTML coloured by Pygments (escaped plain text when Pygments is missing)."""
    try:
        from pygments.lexers import PythonLexer
        from pygments.styles import get_style_by_name
        from pygments.token import Token
        style = get_style_by_name(STYLE)
    except Exception:  # noqa: BLE001 - no Pygments, or too old for the style: plain text
        return [html.escape(line) for line in lines]
    out: list[list[str]] = [[]]
    for token, value in PythonLexer(stripnl=False, ensurenl=True).get_tokens("\n".join(lines)):
        pieces = value.split("\n")
        for i, piece in enumerate(pieces):
            if i:
                out.append([])
            if piece:
                out[-1].append(_span(piece, style.style_for_token(token) if token is not Token.Text else {}))
    return ["".join(row) for row in out[:len(lines)]]


def _span(text: str, look: dict[str, Any]) -> str:
    color = look.get("color")
    css = []
    if color and color.lower() != INK.lstrip("#"):
        css.append(f"color:#{color}")
    if look.get("bold"):
        css.append("font-weight:bold")
    if look.get("italic"):
        css.append("font-style:italic")
    escaped = html.escape(text)
    return f'<span style="{";".join(css)}">{escaped}</span>' if css else escaped


def token_colours() -> list[str]:
    """The text colours (``#rrggbb``) the highlighted code can use: each must read on the listing's
    background (WCAG AA), which the tests check.

    >>> INK in token_colours()
    True
    """
    colours = {INK}
    try:
        from pygments.styles import get_style_by_name
        style = get_style_by_name(STYLE)
    except Exception:  # noqa: BLE001 - no Pygments: the code is plain ink
        return sorted(colours)
    for token, _ in style:
        color = style.style_for_token(token).get("color")
        if color:
            colours.add(f"#{color.lower()}")
    return sorted(colours)

