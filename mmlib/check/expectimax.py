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
(:mod:`mmlib.isolation.runner`): an endless loop, ``os._exit`` or a huge allocation fails the
check and leaves the notebook running.  The nodes are the checker's :class:`~mmlib.check.LabNode`
seen through the chance interface, and the verdict is a :class:`~mmlib.check.Report`.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .. import _validate
from ..errors import printable
from ..isolation import runner
from ..isolation.nodes import LabNode, TableValues, ValueSource, build_nodes
from ..isolation.runner import Call, Outcome
from ..search import expectiminimax as _expectiminimax
from ..trees import LayeredNode, LayeredTree, layered_tree
from .cases import grading_seed
from .report import Report, counted, finish, try_it

__all__ = ["ChanceLabNode", "LabReport", "ChanceCase", "chance_lab_tree", "check_expectimax",
           "check_expectiminimax", "check_best_gamble", "case_lines", "exact_value",
           "fraction_text", "value_text", "returned_text", "try_it", "CASES", "HINTS", "grading_seed"]

TIME_LIMIT = 5.0
_TOUCH_LIMIT = 100_000


class ChanceLabNode:
    """A node of a lab chance tree (see the module docstring): a :class:`~mmlib.check.LabNode`
    (label, children, values from its value source) with the kind and probabilities of each node.

    Every access counts against the call's budget, as a :class:`~mmlib.check.LabNode`'s does;
    reading ``value`` is a static evaluation, recorded by the value source.

    >>> root = chance_lab_tree([[(0.5, 8), (0.5, 2)]], layers="max chance")
    >>> child = root.children[0]
    >>> child.kind, child.probabilities, [leaf.value for leaf in child.children]
    ('chance', [0.5, 0.5], [8, 2])
    """

    __slots__ = ("_lab", "_kinds", "_probabilities")

    def __init__(self, lab: LabNode, kinds: Sequence[str], probabilities: Sequence[Sequence[float]]):
        self._lab, self._kinds, self._probabilities = lab, kinds, probabilities

    def _touch(self) -> None:
        self._lab._source.touch()

    @property
    def label(self) -> str:
        return self._lab.label

    @property
    def kind(self) -> str:
        self._touch()
        kind: str = self._kinds[self._lab._index]
        return kind

    @property
    def children(self) -> list[ChanceLabNode]:
        self._touch()
        return [ChanceLabNode(child, self._kinds, self._probabilities) for child in self._lab._kids]

    @property
    def probabilities(self) -> list[float]:
        self._touch()
        return list(self._probabilities[self._lab._index])

    def is_leaf(self) -> bool:
        self._touch()
        return not self._lab._kids

    @property
    def value(self) -> float | None:
        self._touch()
        return self._lab.value if not self._lab._kids else None

    def __repr__(self) -> str:
        kids = self._lab._kids
        if not kids:
            return f"ChanceLabNode({self.label!r}, value={self._lab._source.peek(self._lab._index)!r})"
        return f"ChanceLabNode({self.label!r}, {self._kinds[self._lab._index]}, {len(kids)} children)"


def chance_lab_tree(nested: Sequence[Any], *, layers: str = "max chance") -> ChanceLabNode:
    """The root :class:`ChanceLabNode` of a nested-list chance tree, for trying a function by hand."""
    call, _ = _shipped(layered_tree(nested, layers=layers))
    return _lab_root(call, TableValues(call.values))


def _lab_root(call: Call, source: ValueSource) -> ChanceLabNode:
    """The root node of a shipped chance tree, its values read from ``source``."""
    kinds, probabilities = call.args
    assert call.shape is not None
    return ChanceLabNode(build_nodes(call.shape, source), kinds, probabilities)



# -- the cases ------------------------------------------------------------------------------

_PROBABILITY_SETS = ([0.5, 0.5], [0.25, 0.75], [0.5, 0.25, 0.25], [0.1, 0.6, 0.3], [0.9, 0.1])


def _random_nested(rng: random.Random, kinds: tuple[str, ...], depth: int, level: int = 0) -> Any:
    if depth == 0 or (level > 0 and rng.random() < 0.2):
        return rng.randint(-9, 9)
    kind = kinds[level % len(kinds)]
    if kind == "chance":
        probabilities = rng.choice(_PROBABILITY_SETS)
        return [(p, _random_nested(rng, kinds, depth - 1, level + 1)) for p in probabilities]
    return [_random_nested(rng, kinds, depth - 1, level + 1) for _ in range(rng.randint(1, 3))]


@dataclass(frozen=True)
class ChanceCase:
    """One chance tree to check on (the chance counterpart of :class:`~mmlib.check.Case`):
    ``nested`` as :func:`~mmlib.trees.layered_tree` reads it, its levels following ``layers``;
    ``name`` is the source's name for a worked example.

    >>> ChanceCase([[(0.5, 8), (0.5, 2)]], "max chance").tree().leaf_count
    2
    """

    nested: Any
    layers: str
    name: str = ""

    def tree(self) -> LayeredTree:
        return layered_tree(self.nested, layers=self.layers)


CASES: dict[str, list[ChanceCase]] = {
    "expectimax": [
        ChanceCase([[(1 / 2, 8), (1 / 3, 24), (1 / 6, -12)]], "max chance", "CS188's chance node"),
        ChanceCase([[(0.5, 2), (0.5, 6)], [(0.9, 3), (0.1, 5)]], "max chance", "two gambles"),
    ],
    "expectiminimax": [
        ChanceCase([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]], "max chance min",
                   "AIMA figure 5.12"),
        ChanceCase([[(0.9, [20, 20]), (0.1, [30, 30])], [(0.9, [1, 1]), (0.1, [400, 400])]],
                   "max chance min", "AIMA figure 5.12, rescaled"),
    ],
}


def _cases(kind: str, count: int = 120, seed: int = 0) -> list[ChanceCase]:
    rng = random.Random(seed)
    layers = "max chance" if kind == "expectimax" else "max chance min chance"
    generated: list[ChanceCase] = []
    while len(generated) < count:
        nested = _random_nested(rng, tuple(layers.split()), rng.randint(1, 4))
        if isinstance(nested, list):
            generated.append(ChanceCase(nested, layers))
    generated.sort(key=lambda case: case.tree().node_count)
    return CASES[kind] + generated


# -- running the student's function ---------------------------------------------------------
#
# The student's function runs in a separate process (:mod:`mmlib.isolation.runner`): a loop that
# never ends, ``os._exit``, ``sys.exit`` or a huge allocation stops only that process.  The
# tree is shipped as plain data; every leaf value is asked of this process, which records the
# read, so the verdict is computed here, out of the student code's reach.

@dataclass
class _Run:
    kind: str    # "ok", "not-implemented", "error", "recursion", "runaway", "timeout", "memory", ...
    value: Any = None
    reads: list[str] = field(default_factory=list)
    detail: str = ""
    shown: str = ""


_RUN_DETAILS = {
    "runaway": "it touched nodes far more often than a full search needs",
}


def _student_call(fn: Callable[[ChanceLabNode], Any]) -> Callable[..., Any]:
    """``fn`` as the runner calls it: on the root :class:`~mmlib.check.LabNode` and the kinds and
    probabilities of the nodes (by index), seen through :class:`ChanceLabNode`."""
    def call(root: LabNode, kinds: list[str], probabilities: list[list[float]]) -> Any:
        return fn(ChanceLabNode(root, kinds, probabilities))
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


def _runs(fn: Callable[..., Any], trees: list[LayeredTree]) -> Iterator[_Run]:
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
    "not-implemented": "Write the function in the cell above, then run that cell and this one again.",
    "ignores-probabilities": "At a chance node weight each child's value by node.probabilities[i].",
    "chance-as-min": "A chance node averages its children (weighted by probability); it does not minimise.",
    "chance-as-max": "A chance node averages its children (weighted by probability); it does not maximise.",
    "min-as-max": "At a MIN node take the smallest child value.",
    "reads-twice": "Compute each child's value once and reuse it: every leaf's value should be read once.",
    "wrong-value": "Follow the pseudocode: MAX takes the largest child value, a chance node the "
                   "probability-weighted sum.",
    "wrong-move": "Return the index (0, 1, ...) of a child with the largest value, computed with your "
                  "expectimax.",
    "error": "Read the error message and the line it names.",
    "recursion": "Return node.value at a leaf, and recurse only into node.children.",
    "runaway": "Look for a loop that never ends.",
    "timeout": "Look for a loop that never ends.",
    "memory": "Look for a list or loop that keeps growing.",
    "exit": "Return the value instead of ending the program (no os._exit or sys.exit).",
    "crash": "Look for a recursion too deep or a list that keeps growing.",
}


@dataclass(repr=False)
class LabReport(Report):
    """A :class:`~mmlib.check.Report` whose counterexample is a chance tree: it shows as every report
    does, the tree as a case file (``case_text``, with its exact expected answers) and drawn.

    >>> tree = layered_tree([[(1/6, 8), (1/3, 24), (1/2, -12)]], layers="max chance")
    >>> report = LabReport("expectimax", False, "wrong-value", "Wrong on the first tree checked.",
    ...                    [f"Expected value {value_text(exact_value(tree.root))}, got 0."],
    ...                    counterexample=tree, case_text="\\n".join(case_lines(tree, "expectimax")))
    >>> print(report)
    expectimax: not yet (wrong-value)
    Wrong on the first tree checked.
    Expected value 10/3 ≈ 3.33333, got 0.
    The tree, as a case file (with the expected answers):
        check = expectimax
        levels = max chance
        ABCDE
        A: B
        B: CDE
        B p 1/6 1/3 1/2
        C 8
        D 24
        E -12
        value = 10/3
    """

    counterexample: LayeredTree | None = None  # type: ignore[assignment]  # a chance tree

    def __repr__(self) -> str:
        return f"LabReport({self.title!r}, passed={self.passed}, diagnosis={self.diagnosis!r})"

    def _shown_tree(self) -> Any:
        """The chance tree itself (it has no static values to hide)."""
        return self.counterexample

    def _values_title(self) -> str:
        """The drawn values are expectiminimax's (expectimax's on a tree without MIN nodes)."""
        assert self.counterexample is not None
        return f"The right {'expectiminimax' if 'min' in self.counterexample.layers else 'expectimax'}"


# -- exact values, as a case file writes them ------------------------------------------------

def _exact(probability: float) -> Fraction:
    return Fraction(probability).limit_denominator(1000)


def _leaf(node: LayeredNode) -> Fraction:
    """A leaf's value as written (a float such as 0.1 as 1/10, not its binary approximation)."""
    assert node.value is not None, "a leaf has a value"
    return Fraction(str(node.value))


def exact_value(node: LayeredNode) -> Fraction:
    """The node's expectiminimax value, in exact fractions.

    >>> exact_value(layered_tree([[(1/6, 8), (1/3, 24), (1/2, -12)]], layers="max chance").root)
    Fraction(10, 3)
    """
    if not node.children:
        return _leaf(node)
    values = [exact_value(child) for child in node.children]
    if node.kind == "chance":
        return sum((_exact(p) * v for p, v in zip(node.probabilities, values, strict=True)), Fraction(0))
    return max(values) if node.kind == "max" else min(values)


def fraction_text(number: Fraction) -> str:
    """A whole or decimal number as such, any other fraction as ``p/q``.

    >>> fraction_text(Fraction(11, 5)), fraction_text(Fraction(10, 3)), fraction_text(Fraction(-4))
    ('2.2', '10/3', '-4')
    """
    if number.denominator == 1:
        return str(number.numerator)
    rest = number.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    return f"{float(number):g}" if rest == 1 and len(f"{float(number):g}") <= 8 else str(number)


def value_text(number: Fraction) -> str:
    """A value as a case file writes it, with its decimal beside a fraction ``p/q``.

    >>> value_text(Fraction(10, 3)), value_text(Fraction(11, 5)), value_text(Fraction(-4))
    ('10/3 ≈ 3.33333', '2.2', '-4')
    """
    text = fraction_text(number)
    return f"{text} ≈ {float(number):.6g}" if "/" in text else text


def case_lines(tree: LayeredTree, check: str) -> list[str]:
    """``tree`` as a chance case file for ``check`` (:mod:`mmlib.check.chancefile`), with its exact
    answers: the value of the root and, for ``"best gamble"``, the value of each move and the best."""
    nodes = sorted(tree.nodes(), key=lambda node: (len(node.path), node.path))
    lines = [f"check = {check}", f"levels = {' '.join(tree.layers)}", "".join(node.label for node in nodes)]
    lines += [f"{node.label}: {''.join(child.label for child in node.children)}"
              for node in nodes if node.children]
    lines += [f"{node.label} p " + " ".join(str(_exact(p)) for p in node.probabilities)
              for node in nodes if node.kind == "chance" and node.children]
    lines += [f"{node.label} {fraction_text(_leaf(node))}" for node in nodes if not node.children]
    lines.append(f"value = {fraction_text(exact_value(tree.root))}")
    if check == "best gamble":
        moves = [exact_value(child) for child in tree.root.children]
        lines += [f"move values = {' '.join(fraction_text(v) for v in moves)}",
                  "best moves = " + " ".join(str(i) for i, v in enumerate(moves) if v == max(moves))]
    return lines


def _progress(number: int, where: str) -> str:
    """The summary of a failing check: how many trees came right before the one shown.

    >>> print(_progress(0, " (AIMA figure 5.12)"))
    Wrong on the first tree checked (AIMA figure 5.12).
    >>> print(_progress(1, ""))
    Right on the first tree checked, wrong on the second.
    >>> print(_progress(12, ""))
    Right on the first 12 trees checked, wrong on the next one.
    """
    if number == 0:
        return f"Wrong on the first tree checked{where}."
    if number == 1:
        return f"Right on the first tree checked, wrong on the second{where}."
    return f"Right on the first {counted(number, 'tree')} checked, wrong on the next one{where}."


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


def _returned(run: _Run, expected: Fraction | None = None) -> str:
    if _is_number(run.value) and math.isfinite(run.value):
        return returned_text(run.value, expected)
    return run.shown or printable(run.value)


SMALL_DENOMINATOR = 1000
"""The largest denominator :func:`returned_text` writes a returned number's fraction with."""


def returned_text(value: float, expected: Fraction | None = None) -> str:
    """A number the student's function returned, written as a report writes the expected value
    (:func:`value_text`): exactly when it is a fraction with a small denominator (up to
    :data:`SMALL_DENOMINATOR`), else to 6 significant digits, or in full where those would read
    as the ``expected`` value.

    >>> returned_text(20 / 3), returned_text(1.3), returned_text(7), returned_text(math.pi)
    ('20/3 ≈ 6.66667', '1.3', '7', '3.14159')
    >>> returned_text(3.3333334, Fraction(10, 3)), returned_text(1e300)
    ('3.3333334', '1e+300')
    """
    if isinstance(value, int):
        return str(value)
    near = Fraction(value).limit_denominator(SMALL_DENOMINATOR)
    if abs(value) < 1e12 and math.isclose(float(near), value, rel_tol=1e-12, abs_tol=1e-12):
        return value_text(near)
    text = f"{value:.6g}"
    return repr(value) if expected is not None and text == f"{float(expected):.6g}" else text


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check(fn: Callable[..., Any], kind: str, raise_on_failure: bool, seed: int = 0) -> LabReport:
    _validate.function("fn", fn, "your function")
    return check_trees(fn, kind, _cases(kind, seed=_validate.whole("seed", seed)), raise_on_failure)


def check_trees(fn: Any, title: str, cases: list[ChanceCase], raise_on_failure: bool = False) -> LabReport:
    """Check ``fn(node)`` against expectiminimax on the trees of ``cases``, in order (what
    :func:`check_expectimax` does on its own trees; a practice case file's one tree)."""
    trees = [case.tree() for case in cases]
    for number, (case, tree, run) in enumerate(zip(cases, trees, _runs(fn, trees), strict=True)):
        expected = _expectiminimax(tree).known_value
        diagnosis = _diagnose(run, tree, expected)
        if diagnosis != "ok":
            details = [f"Your function: {run.detail}."] if run.detail else []
            if run.kind == "ok":
                exact = exact_value(tree.root)
                details.append(f"Expected value {value_text(exact)}, got {_returned(run, exact)}.")
                if diagnosis == "reads-twice":
                    details.append(f"Leaves read, in order: {' '.join(run.reads)}")
            return _failed(title, diagnosis, _progress(number, _where(case)), details, tree, raise_on_failure)
    return LabReport(title, True, "ok", f"Right on all {counted(len(cases), 'tree')}, each leaf read once.")


def _where(case: ChanceCase) -> str:
    return f" ({case.name})" if case.name else ""


def _failed(title: str, diagnosis: str, summary: str, details: list[str], tree: LayeredTree,
            raise_on_failure: bool, check: str = "") -> LabReport:
    """The report of a failure on ``tree``, shown as a case file for ``check`` (default: expectimax, or
    expectiminimax on a tree with MIN nodes)."""
    hint = HINTS.get(diagnosis, "")
    if diagnosis == "not-implemented":
        report = LabReport(title, False, diagnosis, "Your function still raises NotImplementedError.",
                           [], hint)
    else:
        check = check or ("expectiminimax" if "min" in tree.layers else "expectimax")
        report = LabReport(title, False, diagnosis, summary, details, hint, tree,
                           case_text="\n".join(case_lines(tree, check)))
    return _finish(report, raise_on_failure)


def _finish(report: LabReport, raise_on_failure: bool) -> LabReport:
    """The report, or (``raise_on_failure`` and a failure) show it and raise CheckFailed."""
    finish(report, raise_on_failure)
    return report


def check_expectimax(fn: Callable[..., Any], *, raise_on_failure: bool = False, seed: int = 0) -> LabReport:
    """Check ``fn(node)`` against expectimax on MAX / chance trees (CS188's examples first, then
    trees generated from ``seed``)."""
    return _check(fn, "expectimax", raise_on_failure, seed)


def check_expectiminimax(fn: Callable[..., Any], *, raise_on_failure: bool = False,
                         seed: int = 0) -> LabReport:
    """Check ``fn(node)`` against expectiminimax on MAX / chance / MIN trees (AIMA's first, then
    trees generated from ``seed``)."""
    return _check(fn, "expectiminimax", raise_on_failure, seed)


def check_best_gamble(fn: Callable[..., Any], *, raise_on_failure: bool = False, seed: int = 0) -> LabReport:
    """Check ``fn(node)``: the index of a child of the MAX root with the largest expectimax value
    (on the lecture's trees, then trees generated from ``seed``)."""
    _validate.function("fn", fn, "your function")
    cases = [case for case in _cases("expectimax", seed=_validate.whole("seed", seed))
             if case.tree().root.kind == "max" and case.tree().root.children]
    return check_gambles(fn, cases, raise_on_failure)


def check_gambles(fn: Any, cases: list[ChanceCase], raise_on_failure: bool = False,
                  title: str = "best gamble") -> LabReport:
    """Check ``fn(node)``, the index of a best child of the MAX root, on the trees of ``cases``."""
    trees = [case.tree() for case in cases]
    for number, (case, tree, run) in enumerate(zip(cases, trees, _runs(fn, trees), strict=True)):
        values = [_expectiminimax(tree, state=child).known_value for child in tree.root.children]
        best = max(values)
        right = (run.kind == "ok" and isinstance(run.value, int) and not isinstance(run.value, bool)
                 and 0 <= run.value < len(values) and math.isclose(values[run.value], best,
                                                                   rel_tol=1e-9, abs_tol=1e-9))
        if not right:
            diagnosis = run.kind if run.kind != "ok" else "wrong-move"
            exact = [exact_value(child) for child in tree.root.children]
            best_moves = " or ".join(str(i) for i, v in enumerate(exact) if v == max(exact))
            details = [f"Your function: {run.detail}."] if run.detail else [
                f"The children's expectimax values, left to right: {', '.join(map(value_text, exact))}; "
                f"a best move is {best_moves}, your function returned {_returned(run)}."]
            return _failed(title, diagnosis, _progress(number, _where(case)), details, tree, raise_on_failure,
                           "best gamble")
    return LabReport(title, True, "ok", f"Right on all {counted(len(cases), 'tree')}.")
