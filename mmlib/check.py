"""Checkers for the labs: run a student's search on many trees, explain what went wrong.

A student writes ``minimax(node, depth, maximizing)`` or ``alphabeta(node, depth, alpha,
beta, maximizing)`` exactly as the lecture pseudocode does, over the small node interface
of :class:`LabNode`:

- ``node.children``: the list of child nodes (empty for a leaf);
- ``node.is_leaf()``: True when the node has no children;
- ``node.value``: the node's static evaluation (a leaf's value);
- ``node.label``: the node's name, as in the drawings ("A", "B", ...).

Reading ``node.value`` *is* the static evaluation: the checker records every read, so it
knows which positions the student evaluated and in which order.  It compares value and
evaluation order with :mod:`mmlib.search` on the seed trees and on generated trees
(ties, mixed depths, negative values, depth limits).  On a failure it shrinks the tree
to a smallest counterexample, names the mistake (``report.diagnosis``) and gives a hint.

Student code runs in a separate (daemon) thread with a time limit, and every node
access counts against a budget: a loop or recursion that keeps touching nodes is
stopped by the node wrapper itself; code that spins without touching any node is
abandoned after the time limit (the thread keeps running in the background and the
report says so; only then may the kernel need a restart).

>>> def minimax(node, depth, maximizing):
...     if depth == 0 or node.is_leaf():
...         return node.value
...     values = [minimax(child, depth - 1, not maximizing) for child in node.children]
...     return max(values) if maximizing else min(values)
>>> report = check_minimax(minimax)
>>> report.passed, report.diagnosis
(True, 'ok')
>>> def no_alternation(node, depth, maximizing):
...     if depth == 0 or node.is_leaf():
...         return node.value
...     values = [no_alternation(child, depth - 1, maximizing) for child in node.children]
...     return max(values) if maximizing else min(values)
>>> check_minimax(no_alternation).diagnosis
'no-alternation'
"""

from __future__ import annotations

import html
import linecache
import math
import numbers
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import analysis, search, trees
from .errors import ArgumentTypeError, MmlibError
from .mixing import MASK, splitmix64

__all__ = [
    "LabNode",
    "Report",
    "CheckFailed",
    "lab_tree",
    "random_nested",
    "check_cases",
    "check_minimax",
    "check_best_move",
    "check_alphabeta",
    "check_pruned",
    "check_evaluator",
    "check_agent",
    "SEED_TREES",
]

INF = math.inf
TIME_LIMIT = 5.0
"""Seconds one call of the student's function may take before it is abandoned."""
_WORKER_STACK = 256 * 2**20

SEED_TREES: dict[str, list] = {
    "AIMA figure 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "the A-G tree of the slides": [[[3, 5], [6, 9]], [[1, 2], [0, -1]]],
    "t1.in": [[7, 5], [9, 3, 1]],
}
"""The worked examples of the lecture material, checked first."""


class CheckFailed(MmlibError, AssertionError):
    """A check found a mistake; the report above the error explains it."""


# -- integers from a seed (no random module: an explicit splitmix64 mixer) ------------------



class _Draws:
    """A stream of integers determined by a seed."""

    def __init__(self, seed: int):
        self.state = splitmix64(seed & MASK)

    def below(self, n: int) -> int:
        self.state = splitmix64(self.state)
        return self.state % n

    def between(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)


def random_nested(seed: int, *, max_branching: int = 3, max_depth: int = 3, low: int = -9,
                  high: int = 9, stop: float = 0.2) -> list:
    """A random tree as nested lists with integer leaves, deterministic per ``seed``.

    Every interior node has 1..``max_branching`` children (the root at least 2); below
    the root a node becomes a leaf early with probability ``stop`` (mixed depths).

    >>> random_nested(3) == random_nested(3)
    True
    >>> tree = trees.from_nested(random_nested(3, max_depth=2))
    >>> tree.height <= 2 and len(tree.root.children) >= 2
    True
    """
    draws = _Draws(seed)
    stop_per_mille = int(stop * 1000)

    def grow(depth: int, is_root: bool) -> list | int:
        if depth == max_depth or (not is_root and draws.below(1000) < stop_per_mille):
            return draws.between(low, high)
        count = draws.between(2 if is_root else 1, max(max_branching, 2 if is_root else 1))
        return [grow(depth + 1, False) for _ in range(count)]

    return grow(0, True)  # type: ignore[return-value]


def _static_value(item: list | int) -> int:
    """The static value the checker gives an interior node: the floor of its children's mean."""
    if not isinstance(item, list):
        return item
    values = [_static_value(child) for child in item]
    return sum(values) // len(values)


def _build(nested: list) -> trees.Tree:
    """An explicit tree whose interior nodes also carry static values (for depth limits)."""
    return trees.Tree(_with_statics(trees.from_nested(nested).root))


def _subtree(nested: list | int, path: Sequence[int]) -> list | int:
    for move in path:
        nested = nested[move]  # type: ignore[index]
    return nested


# -- the node interface the student programs against ---------------------------------------

class _Stop(BaseException):
    """Raised inside the student's code to stop it (a BaseException: ``except Exception``
    in student code does not swallow it)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _Probe:
    """Records what the student's code looks at, and stops runaway code."""

    def __init__(self, budget: int | None):
        self.budget = budget
        self.touches = 0
        self.evaluated: list[tuple[int, ...]] = []
        self.cancelled = False

    def touch(self) -> None:
        self.touches += 1
        if self.cancelled:
            raise _Stop("timeout")
        if self.budget is not None and self.touches > self.budget:
            raise _Stop("runaway")

    def evaluate(self, path: tuple[int, ...]) -> None:
        self.touch()
        if not self.evaluated or self.evaluated[-1] != path:   # reading twice in a row counts once
            self.evaluated.append(path)


class LabNode:
    """A node of a lab tree: ``.label``, ``.children``, ``.is_leaf()``, ``.value``.

    ``.value`` is the node's static evaluation; on a leaf it is the leaf's value.  The
    root is a MAX node and the players alternate level by level.

    >>> root = lab_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> root
    LabNode('A', 3 children)
    >>> [child.label for child in root.children], root.children[0].children[1].value
    (['B', 'C', 'D'], 12)
    >>> root.children[0].children[1].is_leaf()
    True
    """

    __slots__ = ("_node", "_probe", "_kids")

    def __init__(self, node: trees.Node, probe: _Probe | None = None):
        self._node = node
        self._probe = probe
        self._kids: tuple[LabNode, ...] | None = None

    @property
    def label(self) -> str:
        return self._node.label

    @property
    def children(self) -> list[LabNode]:
        if self._probe is not None:
            self._probe.touch()
        if self._kids is None:
            self._kids = tuple(LabNode(child, self._probe) for child in self._node.children)
        return list(self._kids)

    def is_leaf(self) -> bool:
        if self._probe is not None:
            self._probe.touch()
        return not self._node.children

    @property
    def value(self) -> float:
        if self._probe is not None:
            self._probe.evaluate(self._node.path)
        return self._node.value  # type: ignore[return-value]

    def __repr__(self) -> str:
        if self._node.is_leaf():
            return f"LabNode({self.label!r}, value={self._node.value!r})"
        return f"LabNode({self.label!r}, {len(self._node.children)} children)"


def lab_tree(tree: Any) -> LabNode:
    """The root :class:`LabNode` of a tree (a nested list, a tree text or a ``trees.Tree``),
    for trying a function by hand.  Interior nodes get static values (the floor of the
    mean of their children's), so depth-limited searches work too.

    >>> root = lab_tree([[3, 5], [2, 9]])
    >>> root.value, root.children[1].value
    (4, 5)
    >>> lab_tree(trees.from_text("XYZ\\nX: YZ\\nY 1\\nZ 2")).children[1].label
    'Z'
    """
    return LabNode(_with_statics(trees.as_tree(tree).root))


def _with_statics(node: trees.Node) -> trees.Node:
    """A copy of a subtree (labels kept) where interior nodes without a static value get one."""
    kids = tuple(_with_statics(child) for child in node.children)
    value = node.value
    if kids and value is None:
        values = [child.value for child in kids]
        value = sum(values) // len(values)  # type: ignore[arg-type]
    return trees.Node(node.label, value, kids, node.is_max, node.path)


# -- running student code safely ------------------------------------------------------------

@dataclass
class _Run:
    """What one call of the student's function did."""

    kind: str                       # "ok", "not-implemented", "error", "recursion", "runaway", "timeout"
    value: Any = None
    evaluated: tuple = ()
    detail: str = ""


def _call(fn: Callable, args: tuple, probe: _Probe, time_limit: float | None = None) -> _Run:
    time_limit = TIME_LIMIT if time_limit is None else time_limit
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn(*args)
        except _Stop as stop:
            box["stop"] = stop.reason
        except BaseException as error:   # noqa: BLE001 - any failure of student code is reported
            box["error"] = error

    worker = threading.Thread(target=target, name="mmlib-check", daemon=True)
    previous = threading.stack_size(_WORKER_STACK)   # deep (runaway) recursion ends in RecursionError,
    try:                                             # not in a crash of the kernel
        worker.start()
    finally:
        threading.stack_size(previous)
    worker.join(time_limit)
    if worker.is_alive():
        probe.cancelled = True          # code that still touches nodes stops at the next touch
        worker.join(0.5)
        still = worker.is_alive()
        return _Run("timeout", evaluated=tuple(probe.evaluated), detail=(
            f"it did not finish within {time_limit:g} seconds and never looked at a node again; "
            "it is still running in the background (restart the kernel if the notebook gets slow)"
            if still else f"it did not finish within {time_limit:g} seconds"))
    evaluated = tuple(probe.evaluated)
    if "stop" in box:
        return _Run(box["stop"], evaluated=evaluated, detail=(
            f"it looked at nodes {probe.touches:,} times on a tree where a full search needs far "
            "fewer: a loop that never ends, or a recursion that never reaches a leaf?"))
    if "error" in box:
        error = box["error"]
        if isinstance(error, _BadAnswer):
            return _Run(error.diagnosis, evaluated=evaluated, detail=error.detail)
        if isinstance(error, NotImplementedError):
            return _Run("not-implemented", evaluated=evaluated,
                        detail="it still raises NotImplementedError: replace the stub with your code")
        if isinstance(error, RecursionError):
            return _Run("recursion", evaluated=evaluated, detail=(
                "it recursed without end (RecursionError): does every call move to a child "
                "and stop at depth 0 or at a leaf?"))
        return _Run("error", evaluated=evaluated, detail=_describe_error(error, fn))
    return _Run("ok", box.get("value"), evaluated)


def _describe_error(error: BaseException, fn: Callable) -> str:
    """The error and where it happened in the student's code (no file paths: they vary)."""
    import os
    package = os.path.dirname(os.path.abspath(__file__))
    code = getattr(fn, "__code__", None)
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if not os.path.abspath(frame.filename).startswith(package)
              and "threading" not in os.path.basename(frame.filename)]
    where = ""
    if frames:
        frame = frames[-1]
        line = (linecache.getline(frame.filename, frame.lineno) or "").strip()
        if code is not None and frame.filename == code.co_filename:
            where = f" at line {frame.lineno - code.co_firstlineno + 1} of {frame.name}"
        else:
            where = f" in {frame.name}"
        where += f": `{line}`" if line else ""
    note = ""
    if isinstance(error, TypeError) and "NoneType" in str(error):
        note = " (one of your calls returned None: is a return statement missing?)"
    return f"it raised {type(error).__name__}: {error}{where}{note}"


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


# -- reference models: the right algorithm and the classic mistakes --------------------------

@dataclass(frozen=True)
class _Model:
    """A search written with knobs, so that a mistake can be reproduced exactly."""

    name: str
    prune: bool = True
    cutoff: str = ">="
    hard: bool = False
    depth_shift: int = 0
    alternate: bool = True
    root_max: bool = True
    swap: bool = False
    wrong_bound: bool = False

    def run(self, tree: trees.Tree, depth: int) -> tuple[float, tuple]:
        evaluated: list[tuple] = []
        prunes = (lambda a, b: a >= b) if self.cutoff == ">=" else (lambda a, b: a > b)

        def visit(node: trees.Node, depth: int, alpha: float, beta: float, maximizing: bool) -> float:
            if depth <= 0 or node.is_leaf():
                evaluated.append(node.path)
                return node.value  # type: ignore[return-value]
            kids_max = (not maximizing) if self.alternate else maximizing
            if self.hard:
                return hard(node, depth, alpha, beta, maximizing, kids_max)
            value = -INF if maximizing else INF
            for child in node.children:
                score = visit(child, depth - 1, alpha, beta, kids_max)
                value = max(value, score) if maximizing else min(value, score)
                if not self.prune:
                    continue
                if maximizing != self.swap:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if prunes(alpha, beta):
                    break
            return value

        def hard(node, depth, alpha, beta, maximizing, kids_max) -> float:
            if maximizing:
                value = alpha
                for child in node.children:
                    value = max(value, visit(child, depth - 1, value, beta, kids_max))
                    if prunes(value, beta):
                        return alpha if self.wrong_bound else beta
                return value
            value = beta
            for child in node.children:
                value = min(value, visit(child, depth - 1, alpha, value, kids_max))
                if prunes(alpha, value):
                    return beta if self.wrong_bound else alpha
            return value

        value = visit(tree.root, depth + self.depth_shift, -INF, INF, self.root_max)
        return value, tuple(evaluated)


_MINIMAX = _Model("ok", prune=False)
_MINIMAX_MISTAKES = (
    _Model("depth-off-by-one", prune=False, depth_shift=-1),
    _Model("depth-off-by-one", prune=False, depth_shift=1),
    _Model("no-alternation", prune=False, alternate=False),
    _Model("inverted-players", prune=False, root_max=False),
    _Model("pruning", prune=True),
)
_ALPHABETA = (_Model("ok"), _Model("ok", hard=True))
_ALPHABETA_MISTAKES = (
    _Model("no-pruning", prune=False),
    _Model("strict-cutoff", cutoff=">"),
    _Model("strict-cutoff", cutoff=">", hard=True),
    _Model("depth-off-by-one", depth_shift=-1),
    _Model("depth-off-by-one", depth_shift=1),
    _Model("no-alternation", alternate=False),
    _Model("inverted-players", root_max=False),
    _Model("wrong-side", swap=True),
    _Model("fail-hard-clamp", hard=True, wrong_bound=True),
)

HINTS = {
    "ok": "",
    "not-implemented": "Write your code where it says # YOUR CODE HERE and delete the raise line.",
    "error": "Your function crashed; the line and the error are above.",
    "recursion": "Every recursive call must go one level down (a child, depth - 1) and every path "
                 "must end: stop when depth == 0 or node.is_leaf().",
    "runaway": "Something loops over the same nodes again and again; each child is searched once.",
    "timeout": "Your function took too long; look for a while loop whose condition never changes.",
    "wrong-type": "Return a number: the value of the node (not a node, a list, a pair or None).",
    "depth-off-by-one": "Stop exactly when depth == 0 (or at a leaf), and call the children with "
                        "depth - 1: your search goes one level too shallow or too deep.",
    "no-alternation": "Players alternate: the children of a MAX node are MIN nodes.  Call the children "
                      "with `not maximizing` (False below a MAX node, True below a MIN node).",
    "inverted-players": "The root is a MAX node (maximizing=True): MAX takes the largest child value, "
                        "MIN the smallest.  Your MAX and MIN seem swapped.",
    "pruning": "Minimax looks at every leaf; skipping leaves is alpha-beta's job (the next lab).",
    "no-pruning": "Alpha-beta must skip the children that cannot matter: after updating alpha (at MAX) or "
                  "beta (at MIN), stop the loop with `break` as soon as alpha >= beta.",
    "strict-cutoff": "Prune as soon as alpha >= beta, not only when alpha > beta: once the bounds meet, "
                     "the remaining children cannot change the result.",
    "wrong-side": "A MAX node raises alpha (the value MAX is already sure of); a MIN node lowers beta.  "
                  "You update the other bound.",
    "fail-hard-clamp": "In the fail-hard form a cutoff at a MAX node returns beta (the value MIN will "
                       "not allow) and at a MIN node returns alpha; you return the other bound.",
    "interior-value": "Read node.value only where the search stops (depth 0 or a leaf); interior values "
                      "are only estimates.",
    "missing-leaves": "Minimax looks at every leaf below the depth limit, in order.",
    "under-pruning": "You evaluate leaves that alpha-beta can skip: pass the current alpha and beta down "
                     "to the children and test for a cutoff after every child.",
    "over-pruning": "You skip a leaf that can still change the result: prune only when alpha >= beta.",
    "wrong-order": "Search the children from left to right, in the order node.children gives them.",
    "wrong-value": "The value differs from minimax's; work through the small tree above by hand.",
    "wrong-move": "Choose a child whose minimax value is the best for the player to move.",
    "not-a-move": "Return the index of a child: 0 for the first, 1 for the second, ...",
}


# -- the report -------------------------------------------------------------------------------

@dataclass
class Report:
    """The outcome of a check: ``passed``, ``diagnosis``, a summary and a counterexample.

    ``str(report)`` is a plain-text version; in a notebook the report shows as HTML and,
    on a failure, with a drawing of the counterexample tree.
    """

    title: str
    passed: bool
    diagnosis: str
    summary: str
    details: list[str] = field(default_factory=list)
    hint: str = ""
    counterexample: trees.Tree | None = None
    depth: int | None = None
    show_static: bool = False

    @property
    def figure(self) -> Any:
        """A drawing of the counterexample (None without one or without :mod:`mmlib.draw`)."""
        if self.counterexample is None:
            return None
        try:
            from .draw import draw_tree
        except ImportError:
            return None
        tree = self.counterexample
        if not self.show_static and self.depth is not None and self.depth >= tree.height:
            tree = trees.from_nested(tree.to_nested())
        return draw_tree(tree)

    def _tree_text(self) -> str:
        """The counterexample as labelled text; interior static values only matter (and are
        only shown) when the search stops above the leaves."""
        tree = self.counterexample
        assert tree is not None
        if not self.show_static and self.depth is not None and self.depth >= tree.height:
            tree = trees.from_nested(tree.to_nested())
        return trees.to_text(tree)

    def _lines(self) -> list[str]:
        lines = [f"{self.title}: {'passed' if self.passed else 'FAILED'} ({self.diagnosis})", self.summary]
        lines += self.details
        if self.counterexample is not None:
            lines.append(f"Smallest tree found (search depth {self.depth}):")
            lines += ["    " + line for line in self._tree_text().splitlines()]
            lines.append(f"    as nested lists: {self.counterexample.to_nested()!r}")
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return lines

    def __str__(self) -> str:
        return "\n".join(self._lines())

    def __repr__(self) -> str:
        return f"Report({self.title!r}, passed={self.passed}, diagnosis={self.diagnosis!r})"

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.passed else "#b3261e"
        verdict = "passed" if self.passed else "not yet"
        parts = [f'<div class="mmlib-check"><p style="color:{colour};font-weight:bold">'
                 f"{html.escape(self.title)}: {verdict}"
                 f"{'' if self.passed else ' (' + html.escape(self.diagnosis) + ')'}</p>",
                 f"<p>{html.escape(self.summary)}</p>"]
        if self.details:
            parts.append("<ul>" + "".join(f"<li>{html.escape(d)}</li>" for d in self.details) + "</ul>")
        if self.counterexample is not None:
            parts.append(f"<p>Smallest tree found (search depth {self.depth}):</p><pre>"
                         + html.escape(self._tree_text()) + "</pre>")
        if self.hint:
            parts.append(f"<p><b>Hint:</b> {html.escape(self.hint)}</p>")
        return "".join(parts) + "</div>"

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display({"text/html": self._repr_html_(), "text/plain": str(self)}, raw=True)
        figure = self.figure
        if figure is not None:
            display(figure)

    def raise_for_failure(self) -> Report:
        """Raise :class:`CheckFailed` if the check failed (after showing the report in a
        notebook); return the report otherwise."""
        __tracebackhide__ = True   # notebooks show the student's cell, not ours
        if not self.passed:
            _show(self)
            _raise_briefly(CheckFailed(f"{self.title}: {self.diagnosis} (see the report above)"))
        return self


# The frame that raises CheckFailed is always printed by IPython; compiling it under a
# short pseudo file name keeps absolute paths of this installation out of stored notebooks.
_BRIEF: dict[str, Any] = {}
_BRIEF_SOURCE = "def raise_(error):\n    raise error\n"
linecache.cache["<mmlib.check>"] = (len(_BRIEF_SOURCE), None, _BRIEF_SOURCE.splitlines(True), "<mmlib.check>")
exec(compile(_BRIEF_SOURCE, "<mmlib.check>", "exec"), _BRIEF)


def _raise_briefly(error: BaseException) -> None:
    __tracebackhide__ = True
    _BRIEF["raise_"](error)


def _show(report: Report) -> None:
    try:
        from IPython import get_ipython
    except ImportError:
        get_ipython = None  # type: ignore[assignment]
    if get_ipython is not None and get_ipython() is not None:
        report._ipython_display_()
    else:
        print(report)


def _finish(report: Report, raise_on_failure: bool) -> Report:
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    return report.raise_for_failure() if raise_on_failure else report


# -- checking a search function ---------------------------------------------------------------

@dataclass(frozen=True)
class _Case:
    nested: list
    depth: int | None            # None: search to the bottom (depth = the tree's height)
    name: str = ""

    def tree(self) -> trees.Tree:
        return _build(self.nested)

    def search_depth(self, tree: trees.Tree) -> int:
        return tree.height if self.depth is None else self.depth


def check_cases(count: int = 120, seed: int = 0) -> list[_Case]:
    """The trees every search check uses: the seed trees, then ``count`` generated trees
    (small and large branching, ties, negative values, mixed depths, depth limits).

    >>> cases = check_cases(10)
    >>> len(cases), cases[0].nested
    (13, [[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    """
    cases = [_Case(nested, None, name) for name, nested in SEED_TREES.items()]
    for i in range(count):
        draws = _Draws(seed * 1_000_003 + i)
        max_depth = 1 + draws.below(5)
        max_branching = 2 + draws.below(3)
        spread = (2, 5, 20)[draws.below(3)]            # small spreads give many ties
        nested = random_nested(seed * 7_919 + i, max_branching=max_branching, max_depth=max_depth,
                               low=-spread, high=spread, stop=0.25 if i % 2 else 0.0)
        height = trees.from_nested(nested).height
        limited = i % 4 == 3 and height >= 2
        cases.append(_Case(nested, 1 + draws.below(height - 1) if limited else None))
    return cases


def _observe(fn: Callable, case_tree: trees.Tree, depth: int, kind: str) -> _Run:
    probe = _Probe(budget=40 * case_tree.node_count + 200)
    root = LabNode(case_tree.root, probe)
    args = (root, depth, True) if kind == "minimax" else (root, depth, -INF, INF, True)
    run = _call(fn, args, probe)
    if run.kind == "ok" and not _is_number(run.value):
        return _Run("wrong-type", run.value, run.evaluated,
                    f"it returned {_short(run.value)} instead of a number")
    return run


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, LabNode) else f"a node ({value!r})"
    text = text if len(text) <= 60 else text[:57] + "..."
    return text if value is not None else "None (is a return statement missing?)"


def _classify(run: _Run, tree: trees.Tree, depth: int, kind: str) -> str:
    """"ok" or the name of the mistake, for one tree."""
    if run.kind != "ok":
        return run.kind
    correct = (_MINIMAX,) if kind == "minimax" else _ALPHABETA
    got = (run.value, run.evaluated)
    if any(model.run(tree, depth) == got for model in correct):
        return "ok"
    for model in _MINIMAX_MISTAKES if kind == "minimax" else _ALPHABETA_MISTAKES:
        if model.run(tree, depth) == got:
            return model.name
    return _generic(run, tree, depth, kind)


def _generic(run: _Run, tree: trees.Tree, depth: int, kind: str) -> str:
    reference = _MINIMAX if kind == "minimax" else _ALPHABETA[0]
    value, expected = reference.run(tree, depth)
    horizon = set(_MINIMAX.run(tree, depth)[1])
    if any(path not in horizon for path in run.evaluated):
        return "interior-value"
    if run.value != value:
        return "wrong-value"
    if kind == "minimax":
        return "missing-leaves" if set(run.evaluated) < horizon else "wrong-order"
    got, want = set(run.evaluated), set(expected)
    if got == want:
        return "wrong-order"
    return "under-pruning" if got > want else "over-pruning"


def _explain(run: _Run, tree: trees.Tree, depth: int, kind: str, diagnosis: str) -> list[str]:
    if run.kind != "ok":
        lines = [f"Your function: {run.detail}."]
        if run.evaluated:
            lines.append("It evaluated, in order: " + _labels(tree, run.evaluated))
        return lines
    reference = _MINIMAX if kind == "minimax" else _ALPHABETA[0]
    value, order = reference.run(tree, depth)
    lines = [f"Expected value {value}, got {run.value}" + (" (right)." if run.value == value else ".")]
    what = "leaves" if kind == "minimax" else \
        "leaves (alpha-beta, children left to right, cutoff at alpha >= beta)"
    lines.append(f"Expected evaluation order of {what}: {_labels(tree, order)}")
    lines.append(f"Your evaluation order: {_labels(tree, run.evaluated)}")
    divergence = next((i for i, (a, b) in enumerate(zip(order, run.evaluated, strict=False)) if a != b),
                      min(len(order), len(run.evaluated)))
    if divergence < max(len(order), len(run.evaluated)):
        want = tree.label_of(order[divergence]) if divergence < len(order) else "none (the search is over)"
        got = tree.label_of(run.evaluated[divergence]) if divergence < len(run.evaluated) else "none"
        lines.append(f"First difference: evaluation {divergence + 1} should be {want}; yours is {got}.")
    else:
        lines.append("Same evaluations in the same order: only the value you return differs.")
    if diagnosis == "strict-cutoff":
        extra = len(run.evaluated) - len(order)
        lines.insert(0, f"Correct value, but you prune only on alpha > beta: {extra} extra "
                        f"lea{'f' if extra == 1 else 'ves'} on this tree.")
    if diagnosis == "no-pruning":
        lines.insert(0, "Correct value, but you prune nothing: you evaluate every leaf, as minimax does.")
    return lines


def _labels(tree: trees.Tree, paths: Sequence[tuple]) -> str:
    return " ".join(tree.label_of(path) for path in paths) or "(nothing)"


def _candidates(nested: list) -> list[list]:
    """Smaller trees: subtrees made leaves, children deleted, nodes replaced by a child or a
    grandchild.  Biggest reductions first.  Leaf values are kept (shrinking them towards 0
    gives trees of ties, which hide what a mistake does on ordinary values)."""
    out: list[list] = []
    interior: list[tuple[int, ...]] = []

    def walk(item: list | int, path: tuple[int, ...]) -> None:
        if isinstance(item, list):
            interior.append(path)
            for i, child in enumerate(item):
                walk(child, path + (i,))

    walk(nested, ())

    def replaced(path: tuple[int, ...], new: list | int) -> list | int:
        if not path:
            return new
        copy = _copy(nested)
        parent = _subtree(copy, path[:-1])
        parent[path[-1]] = new  # type: ignore[index]
        return copy

    for path in interior[1:]:
        out.append(replaced(path, _static_value(_subtree(nested, path))))
    for path in interior:
        item = _subtree(nested, path)
        for i in range(len(item)):  # type: ignore[arg-type]
            if len(item) > 1:  # type: ignore[arg-type]
                out.append(replaced(path, [c for j, c in enumerate(item) if j != i]))  # type: ignore[union-attr]
            child = item[i]  # type: ignore[index]
            if path and isinstance(child, list):
                out.append(replaced(path, child))
                for grandchild in child:                    # keeps MAX and MIN levels in place
                    out.append(replaced(path, grandchild))
    return [c for c in out if isinstance(c, list)]


def _copy(item: list | int) -> list | int:
    return [_copy(child) for child in item] if isinstance(item, list) else item


def _size(nested: list | int) -> int:
    return 1 + sum(_size(c) for c in nested) if isinstance(nested, list) else 1


def _shrink(case: _Case, still_fails: Callable[[_Case], bool], max_tries: int = 400) -> _Case:
    """Delta-debugging, greedily: take any smaller tree on which the same mistake shows."""
    tries = 0
    improved = True
    while improved and tries < max_tries:
        improved = False
        for nested in _candidates(case.nested):
            tries += 1
            candidate = _Case(nested, case.depth)
            if still_fails(candidate):
                case, improved = candidate, True
                break
            if tries >= max_tries:
                break
    return case


def _check_search(fn: Any, kind: str, title: str, cases: list[_Case] | None,
                  raise_on_failure: bool) -> Report:
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    if not callable(fn):
        raise ArgumentTypeError(f"fn: expected your {kind} function, got {type(fn).__name__}")
    cases = check_cases() if cases is None else cases
    runs: list[tuple[_Case, trees.Tree, int, _Run, str]] = []
    for case in cases:
        tree = case.tree()
        depth = case.search_depth(tree)
        run = _observe(fn, tree, depth, kind)
        runs.append((case, tree, depth, run, _classify(run, tree, depth, kind)))
        if run.kind != "ok":
            break                                   # a crash or a hang: no need to go on
    failures = [entry for entry in runs if entry[4] != "ok"]
    if not failures:
        return _finish(Report(title, True, "ok", _summary(runs, kind)), raise_on_failure)
    # Name the mistake: the one that explains every failing tree, else the first tree's.
    first = failures[0]
    diagnosis = first[4]
    case, tree, depth, run, _ = first
    if run.kind in ("not-implemented", "timeout"):
        report = Report(title, False, diagnosis, f"Your {kind} function is not working yet.",
                        _explain(run, tree, depth, kind, diagnosis), HINTS.get(diagnosis, ""))
        return _finish(report, raise_on_failure)

    value_wrong = _value_wrong(run, tree, depth)

    def still_fails(candidate: _Case) -> bool:
        candidate_tree = candidate.tree()
        candidate_depth = candidate.search_depth(candidate_tree)
        observed = _observe(fn, candidate_tree, candidate_depth, kind)
        return (_classify(observed, candidate_tree, candidate_depth, kind) == diagnosis
                and _value_wrong(observed, candidate_tree, candidate_depth) == value_wrong)

    small = _shrink(case, still_fails)
    small_tree = small.tree()
    small_depth = small.search_depth(small_tree)
    small_run = _observe(fn, small_tree, small_depth, kind)
    where = f"on {case.name}" if case.name else "on a generated tree"
    summary = (f"{len(failures)} of {len(runs)} trees checked show a mistake; first {where} "
               f"({tree.node_count} nodes), shrunk to {small_tree.node_count} nodes.")
    report = Report(title, False, diagnosis, summary,
                    _explain(small_run, small_tree, small_depth, kind, diagnosis),
                    HINTS.get(diagnosis, ""), small_tree, small_depth,
                    show_static=any(not small_tree.node(p).is_leaf() for p in small_run.evaluated))
    return _finish(report, raise_on_failure)


def _value_wrong(run: _Run, tree: trees.Tree, depth: int) -> bool:
    return run.kind == "ok" and run.value != _MINIMAX.run(tree, depth)[0]


def _summary(runs: list, kind: str) -> str:
    trees_ = [tree for _, tree, _, _, _ in runs]
    ties = sum(1 for tree in trees_ if _has_tie(tree))
    mixed = sum(1 for tree in trees_ if len({len(leaf.path) for leaf in tree.leaves()}) > 1)
    negative = sum(1 for tree in trees_ if any(leaf.value < 0 for leaf in tree.leaves()))
    limited = sum(1 for case, tree, depth, _, _ in runs if depth < tree.height)
    seeds = sum(1 for case, *_ in runs if case.name)
    compared = sum(len(run.evaluated) for *_, run, _ in runs)
    what = "value and every evaluation in order" if kind == "minimax" else \
        "value and the exact leaves evaluated, in order (pruning included)"
    return (f"Checked {len(runs)} trees ({seeds} from the lecture, {ties} with tied values, {mixed} "
            f"with leaves at mixed depths, {negative} with negative values, {limited} searched to a "
            f"depth limit): {what} match the reference on all of them ({compared} evaluations compared).")


def _has_tie(tree: trees.Tree) -> bool:
    return any(len({child.value for child in node.children if child.is_leaf()})
               < sum(1 for child in node.children if child.is_leaf()) for node in tree.nodes())


def check_minimax(fn: Callable, *, cases: list | None = None, raise_on_failure: bool = False) -> Report:
    """Check ``fn(node, depth, maximizing)`` against minimax: value and evaluation order.

    Diagnoses: ``ok``, ``not-implemented``, ``error``, ``recursion``, ``runaway``, ``timeout``,
    ``wrong-type``, ``depth-off-by-one``, ``no-alternation``, ``inverted-players``,
    ``pruning``, ``interior-value``, ``missing-leaves``, ``wrong-order``, ``wrong-value``.

    >>> def stub(node, depth, maximizing):
    ...     raise NotImplementedError
    >>> check_minimax(stub).diagnosis
    'not-implemented'
    """
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    return _check_search(fn, "minimax", "minimax", cases, raise_on_failure)


def check_alphabeta(fn: Callable, *, cases: list | None = None, raise_on_failure: bool = False) -> Report:
    """Check ``fn(node, depth, alpha, beta, maximizing)`` against alpha-beta: the value and
    the exact leaves evaluated, in order.  Fail-soft and fail-hard forms with the
    ``alpha >= beta`` cutoff both pass (they evaluate the same leaves).

    Diagnoses: those of :func:`check_minimax` (without ``pruning``) plus ``no-pruning``,
    ``strict-cutoff`` (prunes only on alpha > beta), ``wrong-side`` (MAX updates beta or MIN
    alpha), ``fail-hard-clamp`` (a fail-hard cutoff returns the wrong bound),
    ``under-pruning``, ``over-pruning``.

    >>> def alphabeta(node, depth, alpha, beta, maximizing):
    ...     if depth == 0 or node.is_leaf():
    ...         return node.value
    ...     best = -math.inf if maximizing else math.inf
    ...     for child in node.children:
    ...         score = alphabeta(child, depth - 1, alpha, beta, not maximizing)
    ...         if maximizing:
    ...             best = max(best, score)
    ...             alpha = max(alpha, best)
    ...         else:
    ...             best = min(best, score)
    ...             beta = min(beta, best)
    ...         if alpha >= beta:
    ...             break
    ...     return best
    >>> check_alphabeta(alphabeta).passed
    True
    """
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    return _check_search(fn, "alpha-beta", "alpha-beta", cases, raise_on_failure)


def check_best_move(fn: Callable, *, cases: list | None = None, raise_on_failure: bool = False) -> Report:
    """Check ``fn(node, depth)``, which returns the index of the best child of a MAX root
    (0 for the first child).  Any move of best minimax value is accepted.

    >>> def best_move(node, depth):
    ...     values = [min(leaf.value for leaf in child.children) if child.children else child.value
    ...               for child in node.children]
    ...     return values.index(max(values))
    >>> check_best_move(best_move, cases=check_cases(0)).passed
    True
    """
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    if not callable(fn):
        raise ArgumentTypeError(f"fn: expected your best_move function, got {type(fn).__name__}")
    cases = check_cases() if cases is None else cases
    title = "best move"

    def judge(case: _Case) -> tuple[str, trees.Tree, int, _Run, set]:
        tree = case.tree()
        depth = case.search_depth(tree)
        probe = _Probe(budget=40 * tree.node_count + 200)
        run = _call(fn, (LabNode(tree.root, probe), depth), probe)
        values = {move: result.value for move, result in search.move_values(tree, depth).items()}
        best = {move for move, value in values.items() if value == max(values.values())}
        if run.kind != "ok":
            return run.kind, tree, depth, run, best
        if isinstance(run.value, bool) or not isinstance(run.value, numbers.Integral):
            run.detail = f"it returned {_short(run.value)} instead of a child's index"
            return "wrong-type", tree, depth, run, best
        if run.value not in values:
            run.detail = f"it returned {run.value}, but the root has children 0 to {len(values) - 1}"
            return "not-a-move", tree, depth, run, best
        return ("ok" if run.value in best else "wrong-move"), tree, depth, run, best

    judged = []
    for case in cases:
        outcome = judge(case)
        judged.append((case, outcome))
        if outcome[3].kind != "ok":
            break
    failures = [(case, outcome) for case, outcome in judged if outcome[0] != "ok"]
    if not failures:
        return _finish(Report(title, True, "ok", (
            f"Checked {len(judged)} trees ({sum(1 for c, _ in judged if c.name)} from the lecture): "
            "your move has the best minimax value on all of them (ties: any best move counts).")),
            raise_on_failure)
    case, (diagnosis, tree, depth, run, best) = failures[0]
    if diagnosis in ("not-implemented", "timeout"):
        return _finish(Report(title, False, diagnosis, "Your best_move function is not working yet.",
                              [f"Your function: {run.detail}."], HINTS.get(diagnosis, "")),
                       raise_on_failure)
    case = _shrink(case, lambda candidate: judge(candidate)[0] == diagnosis)
    diagnosis, tree, depth, run, best = judge(case)
    values = {move: result.value for move, result in search.move_values(tree, depth).items()}
    details = [f"Your function: {run.detail}." if run.detail else f"Your move: {run.value}.",
               "Minimax values of the moves: " + ", ".join(f"{m}: {v}" for m, v in values.items())
               + f"; best: {' or '.join(str(m) for m in sorted(best))}."]
    report = Report(title, False, diagnosis,
                    f"{len(failures)} of {len(judged)} trees checked show a mistake.",
                    details, HINTS.get(diagnosis, ""), tree, depth)
    return _finish(report, raise_on_failure)


def check_pruned(tree: Any, pruned: Any, *, title: str = "pruned leaves",
                 raise_on_failure: bool = False) -> Report:
    """Check a prediction of the leaves alpha-beta never evaluates on ``tree`` (children
    searched left to right, cutoff as soon as alpha >= beta).

    ``pruned`` is a string of leaf labels (``"HI"`` or ``"H I"``) or a list of labels;
    ``...`` (the stub) counts as not answered yet.

    >>> check_pruned([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "I J").passed   # the leaves 4 and 6
    True
    >>> check_pruned([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "J").diagnosis
    'missed'
    """
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    explicit = trees.as_tree(tree)
    result = search.alphabeta(explicit)
    evaluated = {explicit.label_of(path) for path in result.stats.leaf_order}
    truth = [leaf.label for leaf in explicit.leaves() if leaf.label not in evaluated]
    if pruned is ... or pruned is None:
        return _finish(Report(title, False, "not-implemented", "No prediction yet.",
                              hint="Replace ... with the labels of the leaves you predict are pruned."),
                       raise_on_failure)
    labels = list(pruned.replace(",", " ").replace(" ", "")) if isinstance(pruned, str) else list(pruned)
    leaves = {leaf.label for leaf in explicit.leaves()}
    unknown = [label for label in labels if label not in leaves]
    if unknown:
        return _finish(Report(title, False, "not-a-leaf",
                              f"{', '.join(map(str, unknown))}: not leaves of this tree.",
                              hint="Use the labels of leaves, as in the drawing."), raise_on_failure)
    said = set(labels)
    missed = [label for label in truth if label not in said]
    wrong = sorted(said - set(truth))
    if not missed and not wrong:
        return _finish(Report(title, True, "ok", (
            f"Right: alpha-beta skips {' '.join(truth) or 'no leaf'} and evaluates "
            f"{len(evaluated)} of {explicit.leaf_count} leaves; value {result.value}.")), raise_on_failure)
    details = []
    if missed:
        details.append(f"{len(missed)} pruned lea{'f' if len(missed) == 1 else 'ves'} "
                       "missing from your answer.")
    if wrong:
        details.append(f"{len(wrong)} lea{'f' if len(wrong) == 1 else 'ves'} in your answer "
                       "that alpha-beta does evaluate.")
    diagnosis = "missed" if not wrong else "too-many" if not missed else "both"
    return _finish(Report(title, False, diagnosis, "Not quite.", details, (
        "Walk the tree left to right and write alpha and beta next to every node; a node stops "
        "as soon as alpha >= beta.")), raise_on_failure)


# -- tic-tac-toe: an evaluator and a move ordering (lab 3) --------------------------------------

AGENT_DEPTH = 3
"""How deep the lab's agent searches (plies), with alpha-beta."""
AGENT_MAX_NODES = 120
"""The node budget of each of the agent's searches in :func:`check_agent`."""


class _BadAnswer(Exception):
    """The student's evaluator or ordering answered something unusable."""

    def __init__(self, diagnosis: str, detail: str):
        super().__init__(detail)
        self.diagnosis = diagnosis
        self.detail = detail


def _student_ordering(order_moves: Callable | None, game: Any) -> Any:
    from .ordering import Ordering

    class StudentOrder(Ordering):
        name = "student"

        def order(self, search_, state, moves, path):
            if order_moves is None:
                return moves
            board = game.board(state)
            answer = order_moves(board, list(moves))
            if not isinstance(answer, (list, tuple)) or sorted(answer) != sorted(moves):
                raise _BadAnswer("bad-order", f"order_moves({board!r}, {list(moves)}) returned "
                                 f"{_short(answer)}, not the same moves in some order")
            return list(answer)

    return StudentOrder()


def _student_evaluation(evaluate: Callable, game: Any) -> Callable[[int], float]:
    def static_value(state: int) -> float:
        board = game.board(state)
        value = evaluate(board)
        if not _is_number(value) or not math.isfinite(value):
            raise _BadAnswer("wrong-type", f"evaluate({board!r}) returned {_short(value)}, not a number")
        if not -10 < value < 10:
            raise _BadAnswer("out-of-range", f"evaluate({board!r}) returned {value}: keep estimates "
                             "strictly between -10 (O has won) and +10 (X has won)")
        return value
    return static_value


def _play_everything(evaluate: Callable, order_moves: Callable | None, depth: int,
                     max_nodes: int | None, facts: dict) -> dict:
    """The agent plays X and then O against every possible reply of the opponent."""
    from .errors import NodeBudgetExceeded
    from .games import TicTacToe

    game = TicTacToe()
    static_value = _student_evaluation(evaluate, game)
    for state in sorted(analysis.reachable_positions(game)):
        if not game.is_terminal(state):
            static_value(state)
    ordering = _student_ordering(order_moves, game)
    chosen: dict[int, int] = {}
    facts.update(searches=0, worst=0, total=0, games=0, loss=None, over=None)

    def agent_move(state: int) -> int:
        if state not in chosen:
            try:
                result = search.alphabeta(game, depth, static_value, order=ordering, state=state,
                                          max_nodes=max_nodes)
            except NodeBudgetExceeded:
                facts["over"] = game.board(state)
                raise
            chosen[state] = result.move
            facts["searches"] += 1
            facts["total"] += result.stats.nodes
            facts["worst"] = max(facts["worst"], result.stats.nodes)
        return chosen[state]

    def explore(state: int, agent_is_x: bool, line: tuple) -> bool:
        if game.is_terminal(state):
            facts["games"] += 1
            winner = game.winner(state)
            if winner is not None and (winner == "X") != agent_is_x:
                facts["loss"] = (agent_is_x, line, state)
                return False
            return True
        if game.is_max(state) == agent_is_x:
            move = agent_move(state)
            return explore(game.play(state, move), agent_is_x, line + (move,))
        return all(explore(game.play(state, reply), agent_is_x, line + (reply,))
                   for reply in game.moves(state))

    if explore(game.initial, True, ()):
        explore(game.initial, False, ())
    facts["game"] = game
    return facts


def _check_player(evaluate: Callable, order_moves: Callable | None, title: str, depth: int,
                  max_nodes: int | None, raise_on_failure: bool) -> Report:
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    for name, fn in (("evaluate", evaluate), ("order_moves", order_moves)):
        if fn is not None and not callable(fn):
            raise ArgumentTypeError(f"{name}: expected a function, got {type(fn).__name__}")
    box: dict[str, Any] = {}

    def work() -> dict:
        return _play_everything(evaluate, order_moves, depth, max_nodes, box)

    run = _call(work, (), _Probe(None), time_limit=120.0)
    if run.kind == "error" and box.get("over"):
        run = _Run("over-budget")
    if run.kind != "ok":
        detail = run.detail
        hint = HINTS.get(run.kind, "")
        if run.kind == "over-budget":
            detail = (f"the agent's search (depth {depth}) from the board {box['over']!r} needed more "
                      f"than {max_nodes} nodes")
            hint = ("Order the moves so that the best one for the player to move comes first: "
                    "a cutoff then happens as early as possible.  Try ordering by your evaluator.")
        return _finish(Report(title, False, run.kind, "Your player is not ready yet.",
                              [f"Your code: {detail}."], hint), raise_on_failure)
    facts = run.value
    game = facts["game"]
    if facts["loss"] is not None:
        agent_is_x, line, state = facts["loss"]
        moves = " ".join(f"{'X' if i % 2 == 0 else 'O'}{move}" for i, move in enumerate(line))
        details = [f"Playing {'X' if agent_is_x else 'O'}, your agent lost: {moves} (squares 0-8, "
                   "row by row).", "Final board:"] + ["    " + row for row in game.render(state).splitlines()]
        return _finish(Report(title, False, "loses", "Your agent can be beaten.", details, (
            "At the depth limit your evaluator must see danger coming: a player to move with two in "
            "a row (and the third square free) wins; a player facing two such threats loses.")),
            raise_on_failure)
    summary = (f"Never lost: as X and as O against every possible reply ({facts['games']} games), "
               f"{facts['searches']} searches to depth {depth}, at most {facts['worst']} nodes each "
               f"({facts['total']} in all)" + (f"; budget {max_nodes} per search." if max_nodes else "."))
    return _finish(Report(title, True, "ok", summary), raise_on_failure)


def check_evaluator(evaluate: Callable, *, depth: int = AGENT_DEPTH,
                    raise_on_failure: bool = False) -> Report:
    """Check a tic-tac-toe evaluator ``evaluate(board) -> number``.

    ``board`` is nine characters ``X``, ``O`` or ``.`` row by row, for a game that is not
    over; the value is from X's point of view and must lie strictly between -10 and +10
    (the scores of a win and a loss).  The check evaluates every reachable position, then
    lets an alpha-beta agent (``depth`` plies, children in square order) using it play X
    and O against every possible reply: it must never lose.

    >>> check_evaluator(lambda board: 0).diagnosis
    'loses'
    """
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    return _check_player(evaluate, None, "evaluator", depth, None, raise_on_failure)


def check_agent(evaluate: Callable, order_moves: Callable, *, depth: int = AGENT_DEPTH,
                max_nodes: int = AGENT_MAX_NODES, raise_on_failure: bool = False) -> Report:
    """Check an evaluator together with a move ordering ``order_moves(board, moves) -> moves``
    (the same moves, the most promising first for the player to move): the agent must
    never lose, and each of its searches must stay within ``max_nodes`` nodes.

    >>> check_agent(lambda board: 0, lambda board, moves: moves).passed
    False
    """
    __tracebackhide__ = True   # notebooks show the student's cell, not ours
    return _check_player(evaluate, order_moves, "evaluator and move ordering", depth, max_nodes,
                         raise_on_failure)
