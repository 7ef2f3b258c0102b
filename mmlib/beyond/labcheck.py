"""Checkers for the expectimax lab: run a student's search on many chance trees, explain mistakes.

A student writes ``expectimax(node)`` (MAX and chance nodes) or ``expectiminimax(node)``
(MAX, MIN and chance nodes) over the small node interface of :class:`ChanceLabNode`:

- ``node.kind``: ``"max"``, ``"min"`` or ``"chance"``;
- ``node.children``: the child nodes (empty for a leaf);
- ``node.probabilities``: at a chance node, the probability of each child, in order;
- ``node.is_leaf()``: True when the node has no children;
- ``node.value``: a leaf's value (reading it is a static evaluation, and is recorded);
- ``node.label``: the node's name ("A", "B", ...).

The lecture's examples run first, then generated trees from the smallest to the largest; the
report shows the first tree on which the function goes wrong, what was expected, what came
back, and a hint.  The function runs in a separate process with a time and memory limit
(:mod:`mmlib.check.runner`): an endless loop, ``os._exit`` or a huge allocation fails the
check and leaves the notebook running.

>>> def expectimax(node):                  # the lab's stub, not answered yet
...     raise NotImplementedError
>>> check_expectimax(expectimax).diagnosis
'not-implemented'
>>> def first_outcome(node):              # a wrong first try: follows the first child only
...     return node.value if node.is_leaf() else first_outcome(node.children[0])
>>> check_expectimax(first_outcome).diagnosis
'wrong-value'
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..check import CheckFailed, runner
from ..check.nodes import LabNode
from ..check.report import try_it, verdict
from ..check.runner import Call, Outcome
from ..errors import ArgumentTypeError, describe
from ..search.chance import expectiminimax as _expectiminimax
from .layered import LayeredNode, LayeredTree, layered_tree

__all__ = ["ChanceLabNode", "LabReport", "chance_lab_tree", "check_expectimax",
           "check_expectiminimax", "check_best_gamble", "tree_text", "try_it", "CASES"]

TIME_LIMIT = 5.0
_TOUCH_LIMIT = 100_000


class _Stop(Exception):
    """The student's code touched nodes far too often (a loop that never ends?)."""


class _Probe:
    def __init__(self):
        self.reads: list[str] = []
        self.touches = 0

    def touch(self) -> None:
        self.touches += 1
        if self.touches > _TOUCH_LIMIT:
            raise _Stop


class ChanceLabNode:
    """A node of a lab chance tree (see the module docstring).

    >>> root = chance_lab_tree([[(0.5, 8), (0.5, 2)]], layers="max chance")
    >>> child = root.children[0]
    >>> child.kind, child.probabilities, [leaf.value for leaf in child.children]
    ('chance', [0.5, 0.5], [8, 2])
    """

    __slots__ = ("_node", "_probe")

    def __init__(self, node: LayeredNode, probe: _Probe | None = None):
        self._node = node
        self._probe = probe

    def _touch(self) -> None:
        if self._probe is not None:
            self._probe.touch()

    @property
    def label(self) -> str:
        return self._node.label

    @property
    def kind(self) -> str:
        self._touch()
        return self._node.kind

    @property
    def children(self) -> list[ChanceLabNode]:
        self._touch()
        return [ChanceLabNode(child, self._probe) for child in self._node.children]

    @property
    def probabilities(self) -> list[float]:
        self._touch()
        return list(self._node.probabilities)

    def is_leaf(self) -> bool:
        self._touch()
        return not self._node.children

    @property
    def value(self) -> float | None:
        self._touch()
        if self._probe is not None:
            self._probe.reads.append(self._node.label)
        return self._node.value

    def __repr__(self) -> str:
        if not self._node.children:
            return f"ChanceLabNode({self.label!r}, value={self._node.value!r})"
        return f"ChanceLabNode({self.label!r}, {self._node.kind}, {len(self._node.children)} children)"


def chance_lab_tree(nested: Any, *, layers: str = "max chance") -> ChanceLabNode:
    """The root :class:`ChanceLabNode` of a nested-list chance tree, for trying a function by hand."""
    return ChanceLabNode(layered_tree(nested, layers=layers).root)


# -- the cases ------------------------------------------------------------------------------

_PROBABILITY_SETS = ([0.5, 0.5], [0.25, 0.75], [0.5, 0.25, 0.25], [0.1, 0.6, 0.3], [0.9, 0.1])


def _random_nested(rng: random.Random, kinds: tuple[str, ...], depth: int, level: int = 0):
    if depth == 0 or (level > 0 and rng.random() < 0.2):
        return rng.randint(-9, 9)
    kind = kinds[level % len(kinds)]
    if kind == "chance":
        probabilities = rng.choice(_PROBABILITY_SETS)
        return [(p, _random_nested(rng, kinds, depth - 1, level + 1)) for p in probabilities]
    return [_random_nested(rng, kinds, depth - 1, level + 1) for _ in range(rng.randint(1, 3))]


@dataclass(frozen=True)
class _Case:
    nested: Any
    layers: str
    name: str = ""

    def tree(self) -> LayeredTree:
        return layered_tree(self.nested, layers=self.layers)


CASES: dict[str, list[_Case]] = {
    "expectimax": [
        _Case([[(1 / 2, 8), (1 / 3, 24), (1 / 6, -12)]], "max chance", "CS188's chance node"),
        _Case([[(0.5, 2), (0.5, 6)], [(0.9, 3), (0.1, 5)]], "max chance", "two gambles"),
    ],
    "expectiminimax": [
        _Case([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]], "max chance min",
              "AIMA figure 5.12"),
        _Case([[(0.9, [20, 20]), (0.1, [30, 30])], [(0.9, [1, 1]), (0.1, [400, 400])]],
              "max chance min", "AIMA figure 5.12, rescaled"),
    ],
}


def _cases(kind: str, count: int = 120, seed: int = 0) -> list[_Case]:
    rng = random.Random(seed)
    layers = "max chance" if kind == "expectimax" else "max chance min chance"
    generated: list[_Case] = []
    while len(generated) < count:
        nested = _random_nested(rng, tuple(layers.split()), rng.randint(1, 4))
        if isinstance(nested, list):
            generated.append(_Case(nested, layers))
    generated.sort(key=lambda case: case.tree().node_count)
    return CASES[kind] + generated


# -- running the student's function ---------------------------------------------------------
#
# The student's function runs in a separate process (:mod:`mmlib.check.runner`): a loop that
# never ends, ``os._exit``, ``sys.exit`` or a huge allocation stops only that process.  The
# tree is shipped as plain data; every leaf value is asked of this process, which records the
# read, so the verdict is computed here, out of the student code's reach.

@dataclass
class _Run:
    kind: str    # "ok", "not-implemented", "error", "recursion", "runaway", "timeout", "memory", ...
    value: Any = None
    reads: list = field(default_factory=list)
    detail: str = ""
    shown: str = ""


_RUN_DETAILS = {
    "runaway": "it touched nodes far more often than a full search needs",
}


class _ShippedNode:
    """A chance-tree node rebuilt in the checking process: the student's node objects wrap these."""

    __slots__ = ("_lab", "_kinds", "_probabilities")

    def __init__(self, lab: LabNode, kinds: list, probabilities: list):
        self._lab, self._kinds, self._probabilities = lab, kinds, probabilities

    @property
    def label(self) -> str:
        return self._lab.label

    @property
    def kind(self) -> str:
        return self._kinds[self._lab._index]

    @property
    def children(self) -> list:
        return [_ShippedNode(child, self._kinds, self._probabilities) for child in self._lab._kids]

    @property
    def probabilities(self) -> list:
        return self._probabilities[self._lab._index]

    @property
    def value(self) -> Any:
        return self._lab.value if not self._lab._kids else None


class _ShippedProbe:
    """Node accesses count against the call's budget (reads are recorded by the checker)."""

    def __init__(self, lab: LabNode):
        self.reads: list[str] = []
        self._source = lab._source

    def touch(self) -> None:
        self._source.touch()


def _student_call(fn: Callable) -> Callable:
    def call(root: LabNode, kinds: list, probabilities: list) -> Any:
        return fn(ChanceLabNode(_ShippedNode(root, kinds, probabilities), _ShippedProbe(root)))  # type: ignore[arg-type]
    call.__wrapped_student__ = (fn, "chance")  # type: ignore[attr-defined]  # a sealed fn: wrapped there
    return call


def _shipped(tree: LayeredTree) -> tuple[Call, tuple[str, ...]]:
    """The call running the student's function on ``tree``, and the label of each node index."""
    labels: list[str] = []
    kids: list[tuple[int, ...]] = []
    kinds: list[str] = []
    probabilities: list[list[float]] = []
    values: list[Any] = []

    def visit(node: LayeredNode) -> int:
        index = len(labels)
        labels.append(node.label)
        kids.append(())
        kinds.append(node.kind)
        probabilities.append(list(node.probabilities))
        values.append(node.value if not node.children else None)
        kids[index] = tuple(visit(child) for child in node.children)
        return index

    visit(tree.root)
    call = Call((kinds, probabilities), (tuple(labels), tuple(kids)), tuple(values),
                budget=_TOUCH_LIMIT)
    return call, tuple(labels)


def _as_run(outcome: Outcome, labels: tuple[str, ...]) -> _Run:
    reads = [labels[index] for index in outcome.evaluated]
    if outcome.kind != "ok":
        return _Run(outcome.kind, reads=reads, detail=outcome.detail or _RUN_DETAILS.get(outcome.kind, ""))
    answer = outcome.answer
    assert answer is not None
    value: Any = answer.number if answer.kind in ("int", "float", "inf") else _Shown(answer.text)
    return _Run("ok", value, reads, shown=answer.text)


class _Shown:
    """A returned object that is not a number, known only by a safe description."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _runs(fn: Callable, trees: list[LayeredTree]) -> Iterator[_Run]:
    """The runs of ``fn`` on each tree, in order (stop iterating to stop the process)."""
    shipped = [_shipped(tree) for tree in trees]
    outcomes = runner.run_calls(_student_call(fn), [call for call, _ in shipped], time_limit=TIME_LIMIT)
    try:
        for outcome, (_, labels) in zip(outcomes, shipped, strict=True):
            yield _as_run(outcome, labels)
    finally:
        outcomes.close()


# -- the report -----------------------------------------------------------------------------

HINTS = {
    "not-implemented": "write the function in the cell above, then run that cell and this one again",
    "ignores-probabilities": "at a chance node weight each child's value by node.probabilities[i]",
    "chance-as-min": "a chance node averages its children (weighted by probability); it does not minimise",
    "chance-as-max": "a chance node averages its children (weighted by probability); it does not maximise",
    "min-as-max": "at a MIN node take the smallest child value",
    "reads-twice": "compute each child's value once and reuse it: every leaf's value should be read once",
    "wrong-value": "follow the pseudocode: MAX takes the largest child value, a chance node the "
                   "probability-weighted sum",
    "error": "read the error message and the line it names",
    "recursion": "return node.value at a leaf, and recurse only into node.children",
    "runaway": "look for a loop that never ends",
    "timeout": "look for a loop that never ends",
    "memory": "look for a list or loop that keeps growing",
    "exit": "return the value instead of ending the program (no os._exit or sys.exit)",
    "crash": "look for a recursion too deep or a list that keeps growing",
}


@dataclass
class LabReport:
    """What a check found: ``passed``, a one-word ``diagnosis``, details and a hint."""

    title: str
    passed: bool
    diagnosis: str
    summary: str
    details: list[str] = field(default_factory=list)
    counterexample: LayeredTree | None = None
    hint: str = ""

    def __str__(self) -> str:
        lines = [f"{self.title}: {'passed' if self.passed else 'FAILED'} ({self.diagnosis})",
                 self.summary, *self.details]
        if self.counterexample is not None:
            layers = " ".join(self.counterexample.layers)
            lines.append(f"The first tree it fails on (levels: {layers}):")
            lines += ["    " + line for line in tree_text(self.counterexample).splitlines()]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"LabReport({self.title!r}, passed={self.passed}, diagnosis={self.diagnosis!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _ipython_display_(self) -> None:
        """In a notebook: the report, and on a failure its verdict on standard error (as a
        :class:`mmlib.check.Report` does)."""
        from IPython.display import display
        display({"text/plain": str(self)}, raw=True)
        if not self.passed:
            print(verdict(self.title, self.passed, self.diagnosis), file=sys.stderr)

    def raise_for_failure(self) -> LabReport:
        """Print the report and raise :class:`mmlib.check.CheckFailed` if the check failed."""
        if not self.passed:
            print(self)
            raise CheckFailed(f"{self.title}: {self.diagnosis} (see the report above)", self)
        return self


def tree_text(tree: LayeredTree) -> str:
    """The labelled tree text of a chance tree, with ``X p ...`` lines for the probabilities.

    >>> print(tree_text(layered_tree([[(0.5, 8), (0.5, 2)]], layers="max chance")))
    ABCD
    A: B
    B: CD
    B p 0.5 0.5
    C 8
    D 2
    """
    nodes = sorted(tree.nodes(), key=lambda node: (len(node.path), node.path))
    lines = ["".join(node.label for node in nodes)]
    lines += [f"{node.label}: {''.join(child.label for child in node.children)}"
              for node in nodes if node.children]
    lines += [f"{node.label} p " + " ".join(f"{p:g}" for p in node.probabilities)
              for node in nodes if node.kind == "chance" and node.children]
    lines += [f"{node.label} {node.value}" for node in nodes if not node.children]
    return "\n".join(lines)


def _variant(tree: LayeredTree, at_chance: str, at_min: str = "min") -> float:
    """The value a common mistake would give (chance nodes as 'mean', 'min' or 'max')."""
    def value(node: LayeredNode) -> float:
        if not node.children:
            return node.value  # type: ignore[return-value]
        values = [value(child) for child in node.children]
        kind = node.kind
        if kind == "chance":
            if at_chance == "weighted":
                return sum(p * v for p, v in zip(node.probabilities, values, strict=True))
            kind = at_chance
        elif kind == "min":
            kind = at_min
        if kind == "mean":
            return sum(values) / len(values)
        return max(values) if kind == "max" else min(values)
    return value(tree.root)


def _diagnose(run: _Run, tree: LayeredTree, expected: float) -> str:
    if run.kind != "ok":
        return run.kind
    if not _is_number(run.value) or not math.isclose(run.value, expected, rel_tol=1e-9, abs_tol=1e-9):
        for diagnosis, (at_chance, at_min) in [("ignores-probabilities", ("mean", "min")),
                                               ("chance-as-min", ("min", "min")),
                                               ("chance-as-max", ("max", "min")),
                                               ("min-as-max", ("weighted", "max"))]:
            if _is_number(run.value) and math.isclose(run.value, _variant(tree, at_chance, at_min),
                                                       rel_tol=1e-9, abs_tol=1e-9):
                return diagnosis
        return "wrong-value"
    if sorted(run.reads) != sorted(leaf.label for leaf in tree.leaves()):
        return "reads-twice"
    return "ok"


def _returned(run: _Run) -> str:
    return run.shown or describe(run.value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check(fn: Any, kind: str, raise_on_failure: bool) -> LabReport:
    if not callable(fn):
        raise ArgumentTypeError(f"fn: expected your function, got {describe(fn)}")
    title = kind
    cases = _cases(kind)
    trees = [case.tree() for case in cases]
    for number, (case, tree, run) in enumerate(zip(cases, trees, _runs(fn, trees), strict=True)):
        expected = _expectiminimax(tree).known_value
        diagnosis = _diagnose(run, tree, expected)
        if diagnosis != "ok":
            where = f" ({case.name})" if case.name else ""
            details = [run.detail] if run.detail else []
            if run.kind == "ok":
                details.append(f"expected {expected:.6g}, your function returned {_returned(run)}")
                if diagnosis == "reads-twice":
                    details.append(f"leaves read: {' '.join(run.reads)}")
            report = LabReport(title, False, diagnosis,
                               f"wrong on a tree{where}, after {number} correct ones",
                               details, tree, HINTS.get(diagnosis, ""))
            return report.raise_for_failure() if raise_on_failure else report
    return LabReport(title, True, "ok", f"right on all {len(cases)} trees, each leaf read once")


def check_expectimax(fn: Callable, *, raise_on_failure: bool = False) -> LabReport:
    """Check ``fn(node)`` against expectimax on MAX / chance trees (CS188's examples first)."""
    return _check(fn, "expectimax", raise_on_failure)


def check_expectiminimax(fn: Callable, *, raise_on_failure: bool = False) -> LabReport:
    """Check ``fn(node)`` against expectiminimax on MAX / chance / MIN trees (AIMA's first)."""
    return _check(fn, "expectiminimax", raise_on_failure)


def check_best_gamble(fn: Callable, *, raise_on_failure: bool = False) -> LabReport:
    """Check ``fn(node)``: the index of a child of the MAX root with the largest expectimax value."""
    if not callable(fn):
        raise ArgumentTypeError(f"fn: expected your function, got {describe(fn)}")
    cases = [case for case in _cases("expectimax")
             if case.tree().root.kind == "max" and case.tree().root.children]
    trees = [case.tree() for case in cases]
    for number, (tree, run) in enumerate(zip(trees, _runs(fn, trees), strict=True)):
        values = [_expectiminimax(tree, state=child).known_value for child in tree.root.children]
        best = max(values)
        right = (run.kind == "ok" and isinstance(run.value, int) and not isinstance(run.value, bool)
                 and 0 <= run.value < len(values) and math.isclose(values[run.value], best,
                                                                   rel_tol=1e-9, abs_tol=1e-9))
        if not right:
            diagnosis = run.kind if run.kind != "ok" else "wrong-move"
            details = [run.detail] if run.detail else [
                f"the children's expectimax values are {[round(v, 6) for v in values]}; "
                f"your function returned {_returned(run)}"]
            hint = HINTS.get(diagnosis, "return the index (0, 1, ...) of a child with the largest "
                                        "value, computed with your expectimax")
            report = LabReport("best gamble", False, diagnosis,
                               f"wrong on a tree after {number} correct ones", details, tree, hint)
            return report.raise_for_failure() if raise_on_failure else report
    return LabReport("best gamble", True, "ok", "right on every tree")
