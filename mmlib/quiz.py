"""Alpha-beta quiz questions for a class: a tree to solve by hand, and its answer key.

Leaf values are whole numbers from 0 to 20 taken from mmlib's generated trees, so a
question is the same in every process and on every machine, and easy to work by hand.
Difficulty grows with the tree (``branching``, ``depth``) and with the move ordering:
``"best"`` orderings prune a lot and quickly, ``"worst"`` ones prune nothing.

>>> question = alpha_beta_question(seed=4, branching=2, depth=3)
>>> question.value == search.minimax(question.tree).value
True
>>> len(question.evaluated) + len(question.pruned) == question.tree.leaf_count
True
>>> len({q.key for q in question_batch(5, seed=1)})
5
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from . import search, trees
from .errors import ArgumentError, ArgumentTypeError, describe
from .trace import Trace, format_value, trace_of

__all__ = ["Question", "alpha_beta_question", "question_batch"]

LOW, HIGH = 0, 20


@dataclass(frozen=True)
class Question:
    """One question: the tree, and the answer key (alpha-beta, children left to right,
    cutoff as soon as alpha >= beta)."""

    seed: int
    branching: int
    depth: int
    ordering: Any
    tree: trees.Tree

    @property
    def key(self) -> str:
        """The tree as nested lists (what makes two questions different)."""
        return repr(self.tree.to_nested())

    @cached_property
    def result(self) -> search.SearchResult:
        """The alpha-beta search the answer key is read from (with its transcript)."""
        return search.alphabeta(self.tree, trace=True)

    @cached_property
    def model(self) -> Trace:
        """The facts of that search (:class:`mmlib.trace.Trace`): values with their bounds,
        pruned leaves, evaluation order."""
        return trace_of(self.result)

    @property
    def value(self) -> float:
        """The minimax value of the root."""
        return self.model.value

    @property
    def best_move(self) -> str:
        """The label of the root's child that alpha-beta chooses (the first best one)."""
        return self.tree.label_of(self.model.pv[:1])

    @property
    def evaluated(self) -> list[str]:
        """The leaves alpha-beta evaluates, in order."""
        return [self.tree.label_of(path) for path in self.model.evaluation_order]

    @property
    def pruned(self) -> list[str]:
        """The leaves alpha-beta never evaluates, left to right."""
        return [self.tree.label_of(path) for path in self.model.pruned_leaves]

    @property
    def inner_values(self) -> dict[str, str]:
        """What alpha-beta returns at each inner node it searched, a bound written as a bound
        (``"≥ 6"``, ``"≤ 2"``), by label in breadth-first order."""
        marks = self.model.marks()
        return {node.label: marks.value_text(node.path) for node in sorted(
            (n for n in self.tree.nodes() if not n.is_leaf() and n.path in marks.entered),
            key=lambda n: (len(n.path), n.path))}

    def prompt(self) -> str:
        return (f"Question {self.seed}: the root is MAX and the players alternate.  Run "
                "alpha-beta with the children taken left to right, pruning as soon as alpha >= beta.  "
                "(a) What is the minimax value of the root?  (b) Which move does MAX choose?  "
                "(c) Which leaves are never evaluated?  (d) In which order are the leaves evaluated?  "
                "(e) What does each inner node return, and is it exact or only a bound (>= or <=)?")

    def answer_key(self) -> str:
        inner = ", ".join(f"{label} {text}" for label, text in self.inner_values.items())
        return (f"Answer {self.seed}: (a) value {self.value}; (b) move to {self.best_move}; "
                f"(c) pruned: {' '.join(self.pruned) or 'none'}; "
                f"(d) evaluated: {' '.join(self.evaluated)}; (e) returned: {inner}.")

    def figure(self, *, answers: bool = False) -> Any:
        """The tree as a matplotlib Figure (with the search annotations if ``answers``: values
        and bounds, pruned parts, leaf order).  Save it with ``question.figure().savefig("q.png")``."""
        from .draw import draw_tree
        if answers:
            return draw_tree(self.result, windows=True, title=f"Answer {self.seed}")
        return draw_tree(self.tree, values=False, title=f"Question {self.seed}")

    def svg(self, *, answers: bool = False) -> str:
        """The drawing as SVG text, with its text alternative (the answers if ``answers``)."""
        from .draw.svg import tree_svg
        if answers:
            return tree_svg(self.result, windows=True, title=f"Answer {self.seed}")
        return tree_svg(self.tree, values=False, title=f"Question {self.seed}")

    def savefig(self, path: str, *, answers: bool = False) -> None:
        """Write the drawing to ``path`` (PNG, SVG or PDF, by its ending)."""
        self.figure(answers=answers).savefig(path)

    def tree_text(self) -> str:
        """The tree as students read it: the labelled tree text, or for a tree of more than
        62 nodes its nested lists (labels run breadth first, as in the answer key)."""
        if self.tree.node_count <= MAX_TEXT_NODES:
            return trees.to_text(self.tree).rstrip()
        breadth_first = sorted(self.tree.nodes(), key=lambda node: (len(node.path), node.path))
        labels = ", ".join(node.label for node in breadth_first)
        return f"Tree (nodes labelled breadth first: {labels}):\n{_nested(self.tree.root)}"

    def __str__(self) -> str:
        return "\n".join([self.prompt(), self.tree_text(), self.answer_key()])

    def __repr__(self) -> str:
        return (f"Question(seed={self.seed}, branching={self.branching}, depth={self.depth}, "
                f"ordering={self.ordering!r}, leaves={self.tree.leaf_count})")


MAX_TEXT_NODES = 62
"""The labelled tree text names each node with one character (A-Z, a-z, 0-9): a larger
question's tree is printed as nested lists instead (its nodes labelled breadth first)."""


def _nested(node: Any) -> str:
    if node.is_leaf():
        return format_value(node.value)
    return "[" + ", ".join(_nested(child) for child in node.children) + "]"


def _check_size(branching: Any, depth: Any) -> None:
    for name, value, low, high in (("branching", branching, 2, 5), ("depth", depth, 1, 5)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ArgumentTypeError(f"{name}: expected a whole number, got {describe(value)}")
        if not low <= value <= high:
            raise ArgumentError(f"{name}: a question needs {low} to {high} (to be solvable by hand), "
                                f"got {describe(value)}")
    if branching ** depth > 64:
        raise ArgumentError(f"branching, depth: {branching}**{depth} leaves is too many for a question "
                            "(at most 64)")



def alpha_beta_question(seed: int, branching: int = 2, depth: int = 3, *,
                        ordering: str | float = "random") -> Question:
    """A question on a uniform tree with whole-number leaves from 0 to 20.

    ``ordering``: "best" (many early cutoffs, easier), "worst" (no cutoffs),
    "random", or a number q in [0, 1] (the chance the best move comes first).

    >>> q = alpha_beta_question(0, 3, 2, ordering="best")
    >>> q.tree.leaf_count, len(q.evaluated)      # Knuth & Moore: 3 + 3 - 1 leaves
    (9, 5)
    """
    _check_size(branching, depth)
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ArgumentTypeError(f"seed: expected a whole number, got {describe(seed)}")
    generated = trees.ordered(branching, depth, ordering, seed=int(seed))
    nested = _scaled(trees.explicit(generated).to_nested())
    return Question(int(seed), branching, depth, ordering, trees.from_nested(nested))


def _scaled(item: Any) -> Any:
    if isinstance(item, list):
        return [_scaled(child) for child in item]
    return LOW + int(item * (HIGH - LOW + 1))        # values in (0, 1) -> 0..20


MAX_BATCH = 1_000
"""The most questions one batch makes."""


def question_batch(n: int, seed: int = 0, branching: int = 2, depth: int = 3, *,
                   ordering: str | float = "random") -> list[Question]:
    """``n`` questions on distinct trees, the same list for the same arguments.

    >>> [q.seed for q in question_batch(3, seed=2)] == [q.seed for q in question_batch(3, seed=2)]
    True
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or not 1 <= n <= MAX_BATCH:
        raise ArgumentError(f"n: expected a whole number from 1 to {MAX_BATCH:,} (about 2 ms a question), "
                            f"got {describe(n)}")
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ArgumentTypeError(f"seed: expected a whole number, got {describe(seed)}")
    questions: list[Question] = []
    seen: set[str] = set()
    candidate = int(seed) * 100_003
    while len(questions) < n:
        if candidate - int(seed) * 100_003 > 10 * n + 100:
            raise ArgumentError(f"n: could not find {n} different trees of this size")
        question = alpha_beta_question(candidate, branching, depth, ordering=ordering)
        candidate += 1
        if question.key not in seen:
            seen.add(question.key)
            questions.append(question)
    return questions
