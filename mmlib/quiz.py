"""Alpha-beta quiz questions for a class: a tree to solve by hand, and its answer key.

A question is a uniform tree with whole-number leaves, the same in every process and on
every machine.  By default every question prunes at least one leaf, its leaf values are
all different (ask for ``ties=True`` to practise ties) and every value of the range is
equally likely.  Difficulty grows with the tree (``branching``, ``depth``) and with the move
ordering: ``"best"`` orderings prune a lot and quickly, ``"worst"`` ones prune little.
The convention is alpha-beta's: ``cutoff=">="`` prunes as soon as alpha >= beta, ``">"``
only when alpha > beta; ``variant="fail-hard"`` clamps what a node returns to its window.

Each question asks (a) the value, (b) the best move, (c) the pruned leaves, (d) the order
in which leaves are evaluated, (e) what each inner node returns (a value or a bound) and
(f) which order of MAX's moves makes alpha-beta evaluate the fewest leaves.  The answers
are read once from the search's transcript (:mod:`mmlib.trace`) and kept.

>>> question = alpha_beta_question(seed=4, branching=2, depth=3)
>>> question.value == search.minimax(question.tree).value
True
>>> len(question.evaluated) + len(question.pruned) == question.tree.leaf_count
True
>>> len(question.pruned) >= 1, len({leaf.value for leaf in question.tree.leaves()})
(True, 8)
>>> len({q.key for q in question_batch(5, seed=1)})
5
>>> [q.tree.leaf_count for q in question_set("alice", 2, seed=2025)]
[8, 8]
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from . import _validate, search, trees
from .conventions import Conventions, resolve
from .conventions import apply as apply_conventions
from .errors import ArgumentError, ArgumentTypeError, MmlibError, printable
from .mixing import MASK, splitmix64
from .ordering import Ordering
from .trace import Marks, Trace, format_value, format_window, node_role, trace_of
from .trees import Path
from .trees.explicit import build

if TYPE_CHECKING:
    from .games.base import State
    from .ordering import Searcher

__all__ = ["Question", "Part", "AnswerKey", "alpha_beta_question", "question_batch", "question_set",
           "student_seed", "best_moves", "KINDS", "PRACTICE_MODES", "PracticeRound", "Feedback",
           "parse_bound", "first_question", "next_question"]

LOW, HIGH = 0, 20
"""The default range of leaf values for a tree of at most 16 leaves (0 to 99 for larger ones)."""

KINDS = ("value", "best_move", "pruned", "order", "bounds", "ordering")
"""The parts a question can ask, in the order they are asked."""

CUTOFFS = (">=", ">")
VARIANTS = ("fail-soft", "fail-hard")
MAX_ATTEMPTS = 200
"""How many trees are tried before a set of constraints is declared unsatisfiable."""
MAX_LEAVES = 64

_ATTEMPT_SALT = 0xA0761D6478BD642F
_VALUE_SALT = 0xE7037ED1A0B428DB


@dataclass(frozen=True)
class Part:
    """One part of a question: what is asked and its answer.

    ``answer`` is the key as printed; ``accepted`` the short answers that count as right
    (spaces as written); ``number`` the numerical answer; ``choices`` the options of a
    multiple-choice part, each with whether it is right.
    """

    kind: str
    prompt: str
    answer: str
    accepted: tuple[str, ...] = ()
    number: float | None = None
    choices: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class AnswerKey:
    """Everything the answer key says, computed once from the search's transcript."""

    value: float
    best_move: str
    evaluated: tuple[str, ...]
    pruned: tuple[str, ...]
    inner_values: dict[str, str] = field(hash=False)
    root_orders: dict[str, int] = field(hash=False)
    """Leaves alpha-beta evaluates for each order of the root's moves (labels separated by spaces)."""

    @property
    def best_orders(self) -> list[str]:
        """The orders of the root's moves with the fewest leaves evaluated."""
        fewest = min(self.root_orders.values())
        return [order for order, leaves in self.root_orders.items() if leaves == fewest]


@dataclass(frozen=True)
class Question:
    """One question: the tree, the convention, and the answer key (alpha-beta, children left
    to right, the cutoff test ``cutoff``, the ``variant``; who moves where, as ``conventions`` say)."""

    seed: int
    branching: int
    depth: int
    ordering: Any
    tree: trees.Tree
    cutoff: str = ">="
    variant: str = "fail-soft"
    kinds: tuple[str, ...] = KINDS
    conventions: Conventions | None = None

    @property
    def key(self) -> str:
        """The tree as nested lists (what makes two questions different)."""
        return repr(self.tree.to_nested())

    @cached_property
    def result(self) -> search.SearchResult:
        """The alpha-beta search the answer key is read from (with its transcript)."""
        return search.alphabeta(self.tree, trace=True, conventions=self.conventions, cutoff=self.cutoff,
                                variant=self.variant)

    @cached_property
    def model(self) -> Trace:
        """The facts of that search (:class:`mmlib.trace.Trace`): values with their bounds,
        pruned leaves, evaluation order."""
        return trace_of(self.result)

    @cached_property
    def answers(self) -> AnswerKey:
        """The answer key, computed once (every answer below reads it)."""
        model, tree = self.model, self.tree
        marks = model.marks()
        inner = sorted((n for n in tree.nodes() if not n.is_leaf() and n.path in marks.entered),
                       key=lambda n: (len(n.path), n.path))
        assert model.value is not None           # a finished search on a tree has a value
        return AnswerKey(
            value=model.value,
            best_move=tree.label_of(model.pv[:1]),
            evaluated=tuple(tree.label_of(path) for path in model.evaluation_order),
            pruned=tuple(tree.label_of(path) for path in model.pruned_leaves),
            inner_values={node.label: marks.value_text(node.path) for node in inner},
            root_orders=_root_orders(tree, cutoff=self.cutoff, variant=self.variant,
                                      conventions=self.conventions),
        )

    @property
    def value(self) -> float:
        """The minimax value of the root."""
        return self.answers.value

    @property
    def best_move(self) -> str:
        """The label of the root's child that alpha-beta chooses (the first best one)."""
        return self.answers.best_move

    @property
    def evaluated(self) -> list[str]:
        """The leaves alpha-beta evaluates, in order."""
        return list(self.answers.evaluated)

    @property
    def pruned(self) -> list[str]:
        """The leaves alpha-beta never evaluates, left to right."""
        return list(self.answers.pruned)

    @property
    def inner_values(self) -> dict[str, str]:
        """What alpha-beta returns at each inner node it searched, a bound written as a bound
        (``"≥ 6"``, ``"≤ 2"``), by label in breadth-first order."""
        return dict(self.answers.inner_values)

    @property
    def best_orders(self) -> list[str]:
        """The orders of MAX's moves at the root (labels separated by spaces) that make
        alpha-beta evaluate the fewest leaves, each subtree kept as drawn."""
        return self.answers.best_orders

    @property
    def has_ties(self) -> bool:
        """True when two leaves have the same value."""
        values = [leaf.value for leaf in self.tree.leaves()]
        return len(set(values)) < len(values)

    def convention(self) -> str:
        """The rules of the search, in words."""
        test = "as soon as alpha >= beta" if self.cutoff == ">=" else "only when alpha > beta"
        returns = ("every node returns a value clamped to its window [alpha, beta] (fail-hard)"
                   if self.variant == "fail-hard" else
                   "every node returns the best value it found, even outside its window (fail-soft)")
        return (f"{self._who_moves()}.  Run alpha-beta with the children taken "
                f"left to right, pruning {test}; {returns}.")

    def _who_moves(self) -> str:
        layers = ("max", "min") if self.conventions is None else self.conventions.layers
        if len(layers) == 2:
            return f"The root is {layers[0].upper()} and the players alternate"
        order = ", ".join(player.upper() for player in layers)
        return f"The players move level by level in the order {order}, repeated, from the root down"

    def parts(self) -> list[Part]:
        """The parts this question asks (its ``kinds``), each with its answer."""
        return [_PARTS[kind](self) for kind in self.kinds]

    def prompt(self, number: int | str | None = None) -> str:
        letters = "abcdefgh"
        asked = "  ".join(f"({letters[i]}) {part.prompt}" for i, part in enumerate(self.parts()))
        return f"Question {self.seed if number is None else number}: {self.convention()}  {asked}"

    def answer_key(self, number: int | str | None = None) -> str:
        letters = "abcdefgh"
        answered = "; ".join(f"({letters[i]}) {part.answer}" for i, part in enumerate(self.parts()))
        return f"Answer {self.seed if number is None else number}: {answered}."

    def figure(self, *, answers: bool = False) -> Any:
        """The tree as a matplotlib Figure (with the search annotations if ``answers``: values
        and bounds, pruned parts, leaf order).  Save it with ``question.figure().savefig("q.png")``."""
        from .draw import draw_tree
        if answers:
            return draw_tree(self.result, windows=True, title=f"Answer {self.seed}")
        return draw_tree(self.tree, values=False, title=f"Question {self.seed}")

    def svg(self, *, answers: bool = False, title: str | None = None) -> str:
        """The drawing as SVG text, with its text alternative (the answers if ``answers``)."""
        from .draw.svg import tree_svg
        if answers:
            return tree_svg(self.result, windows=True, title=title or f"Answer {self.seed}")
        return tree_svg(self.tree, values=False, title=title or f"Question {self.seed}")

    def savefig(self, path: str, *, answers: bool = False) -> None:
        """Write the drawing to ``path`` (PNG, SVG or PDF, by its ending)."""
        self.figure(answers=answers).savefig(path)

    def tree_text(self) -> str:
        """The tree as students read it: the labelled tree text (labels longer than one
        character, separated by spaces, once the tree has more than 62 nodes).  The format has
        MAX at the root and turns that alternate; under other turns it gives the labels and
        values, and the prompt says who moves."""
        tree = self.tree
        if self.conventions is not None and not self.conventions.usual_turns:
            children = {node.label: [kid.label for kid in node.children] for node in tree.nodes()}
            values = {node.label: node.value for node in tree.nodes() if node.value is not None}
            tree = build(children, values, tree.root.label)      # the same tree, turns left to the prompt
        return trees.to_text(tree).rstrip()

    def __str__(self) -> str:
        return "\n".join([self.prompt(), self.tree_text(), self.answer_key()])

    def __repr__(self) -> str:
        convention = "" if (self.cutoff, self.variant) == (">=", "fail-soft") else \
            f", cutoff={self.cutoff!r}, variant={self.variant!r}"
        return (f"Question(seed={self.seed}, branching={self.branching}, depth={self.depth}, "
                f"ordering={self.ordering!r}{convention}, leaves={self.tree.leaf_count})")


# -- the parts ------------------------------------------------------------------------------------

def _list_answers(labels: Sequence[str]) -> tuple[str, ...]:
    if not labels:
        return ("none",)
    spaced = " ".join(labels)
    forms = [spaced, ", ".join(labels), ",".join(labels)]
    if all(len(label) == 1 for label in labels):
        forms.append("".join(labels))
    return tuple(dict.fromkeys(forms))


def _value_part(q: Question) -> Part:
    return Part("value", "What is the minimax value of the root?", f"value {format_value(q.value)}",
                accepted=(format_value(q.value).replace("−", "-"),), number=float(q.value))


def best_moves(q: Question) -> tuple[str, ...]:
    """The labels of every move of the root's best value, left to right: the children whose exact
    minimax value is the root's (alpha-beta returns the first of them, :attr:`Question.best_move`).

    >>> q = alpha_beta_question(0, 2, 1, value_range=(0, 3), ties=True, min_pruned=0)
    >>> q.tree.to_nested(), best_moves(q), q.best_move         # both leaves are worth 1 to MAX
    ([1, 1], ('B', 'C'), 'B')
    """
    if not isinstance(q, Question):
        raise ArgumentTypeError(f"q: expected a Question (from alpha_beta_question), got {printable(q)}")
    marks = trace_of(search.minimax(q.tree, trace=True, conventions=q.conventions)).marks()
    best = marks.values[()]
    return tuple(child.label for child in q.tree.root.children if marks.values.get(child.path) == best)


def _move_part(q: Question) -> Part:
    moves = best_moves(q)
    answer = f"move to {q.best_move}" if len(moves) == 1 else \
        (f"move to {' or '.join(moves)} (equally good, so any of them is right; alpha-beta keeps the "
         f"first, {q.best_move})")
    return Part("best_move", "Which move does MAX choose (the label of the child it moves to)?  If several "
                "moves are equally good, any one of them is right.", answer, accepted=moves)


def _pruned_part(q: Question) -> Part:
    return Part("pruned", "Which leaves are never evaluated (left to right, or 'none')?",
                f"pruned: {' '.join(q.pruned) or 'none'}", accepted=_list_answers(q.pruned))


def _order_part(q: Question) -> Part:
    return Part("order", "In which order are the leaves evaluated?",
                f"evaluated: {' '.join(q.evaluated)}", accepted=_list_answers(q.evaluated))


def _bounds_part(q: Question) -> Part:
    inner = ", ".join(f"{label} {text}" for label, text in q.inner_values.items())
    return Part("bounds", "What does each inner node return, and is it exact or only a bound (>= or <=)?  "
                "Write 'not searched' for a node alpha-beta never enters.", f"returned: {inner}")


def _ordering_part(q: Question) -> Part:
    orders = q.answers.root_orders
    drawn = " ".join(child.label for child in q.tree.root.children)
    best = q.best_orders
    choices = _order_choices(orders, drawn)
    answer = (f"fewest leaves: {' or '.join(best)} ({orders[best[0]]} leaves; "
              f"in the order drawn, {drawn}: {orders[drawn]})")
    return Part("ordering",
                f"MAX may search its moves {drawn} in any order, each subtree as drawn.  In which order "
                "does alpha-beta evaluate the fewest leaves?",
                answer, accepted=tuple(best), choices=choices)


def _order_choices(orders: dict[str, int], drawn: str, count: int = 4) -> tuple[tuple[str, bool], ...]:
    """One order with the fewest leaves and up to ``count - 1`` orders with more, in a fixed
    (lexicographic) order: the order drawn if it is not best, then the worst, then the rest."""
    fewest = min(orders.values())
    best = min(order for order, leaves in orders.items() if leaves == fewest)
    others = [order for order, leaves in sorted(orders.items(), key=lambda item: (-item[1], item[0]))
              if leaves > fewest]
    if orders[drawn] > fewest:
        others.remove(drawn)
        others.insert(0, drawn)
    picked = sorted([best] + others[:count - 1])
    return tuple((order, order == best) for order in picked)


_PARTS = {"value": _value_part, "best_move": _move_part, "pruned": _pruned_part, "order": _order_part,
          "bounds": _bounds_part, "ordering": _ordering_part}


class _RootOrder(Ordering):
    """The root's moves in a given order; every other node's children left to right."""

    name = "root order"

    def __init__(self, moves: Sequence[int]):
        self.moves = list(moves)

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        return self.moves if path == () else moves


def _root_orders(tree: trees.Tree, *, cutoff: str, variant: str,
                 conventions: Conventions | None = None) -> dict[str, int]:
    """Leaves alpha-beta evaluates for every order of the root's children (by their labels):
    one tree, searched once per order with the root's moves in that order."""
    nested = tree.to_nested()
    children = tree.root.children
    if not isinstance(nested, list):
        return {tree.root.label: 1}
    base = trees.from_nested(nested)
    counts = {}
    for order in itertools.permutations(range(len(children))):
        result = search.alphabeta(base, cutoff=cutoff, variant=variant, conventions=conventions,
                                  order=_RootOrder(order), leaf_order=False)
        counts[" ".join(children[i].label for i in order)] = result.stats.leaves
    return counts


# -- making questions --------------------------------------------------------------------------------

def _check_size(branching: int, depth: int | None) -> tuple[int, int]:
    branching, depth = _validate.whole("branching", branching), _validate.whole("depth", depth)
    for name, value, low, high in (("branching", branching, 2, 5), ("depth", depth, 1, 5)):
        if not low <= value <= high:
            raise ArgumentError(f"{name}: a question needs {low} to {high} (to be solvable by hand), "
                                f"got {value}")
    if branching ** depth > MAX_LEAVES:
        raise ArgumentError(f"branching, depth: {branching}**{depth} leaves is too many for a question "
                            f"(at most {MAX_LEAVES})")
    return branching, depth


def _default_range(leaves: int) -> tuple[int, int]:
    return (LOW, HIGH) if leaves <= 16 else (0, 99)


def _check_range(value_range: Any, leaves: int, ties: bool) -> tuple[int, int]:
    if value_range is None:
        return _default_range(leaves)
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        raise ArgumentTypeError(f"value_range: expected (low, high), got {printable(value_range)}")
    low, high = (_validate.whole("value_range", end) for end in value_range)
    if low > high:
        raise ArgumentError(f"value_range: low {low} is above high {high}")
    if high - low > 10 ** 6:
        raise ArgumentError(f"value_range: at most a million values, got {high - low + 1:,}")
    if not ties and high - low + 1 < leaves:
        raise ArgumentError(f"value_range: {leaves} different leaf values need at least {leaves} whole "
                            f"numbers, and {low}..{high} has {high - low + 1}; widen it or pass ties=True")
    return low, high


def _check_options(cutoff: Any, variant: Any, kinds: Any, min_pruned: Any,
                   max_pruned: Any) -> tuple[str, ...]:
    if cutoff not in CUTOFFS:
        raise ArgumentError(f"cutoff: expected '>=' or '>', got {printable(cutoff)}")
    if variant not in VARIANTS:
        raise ArgumentError(f"variant: expected 'fail-soft' or 'fail-hard', got {printable(variant)}")
    if kinds is None:
        kinds = KINDS
    if isinstance(kinds, str) or not isinstance(kinds, Iterable):
        raise ArgumentTypeError(f"kinds: expected a list of {', '.join(KINDS)}, got {printable(kinds)}")
    kinds = tuple(kinds)
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or not kinds or len(set(kinds)) != len(kinds):
        raise ArgumentError(f"kinds: expected some of {', '.join(KINDS)} (each once), got {printable(kinds)}")
    if _validate.whole("min_pruned", min_pruned) < 0:
        raise ArgumentError(f"min_pruned: expected 0 or more, got {min_pruned}")
    if max_pruned is not None and _validate.whole("max_pruned", max_pruned) < min_pruned:
        raise ArgumentError(f"max_pruned: {max_pruned} is below min_pruned={min_pruned}")
    return tuple(kind for kind in KINDS if kind in kinds)


class _Stream:
    """Whole numbers from splitmix64, the same on every platform and Python version."""

    def __init__(self, seed: int):
        self.state = seed & MASK

    def below(self, n: int) -> int:
        self.state = (self.state + 1) & MASK
        return splitmix64(self.state) % n


def _leaf_values(count: int, low: int, high: int, ties: bool, stream: _Stream) -> list[int]:
    """``count`` values from low..high, smallest first: all different (a uniform sample without
    replacement), or independent draws when ties are allowed; every value equally likely."""
    if ties:
        return sorted(low + stream.below(high - low + 1) for _ in range(count))
    pool = list(range(low, high + 1))
    for i in range(count):                       # the first ``count`` steps of a Fisher-Yates shuffle
        j = i + stream.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return sorted(pool[:count])


def _attempt_tree(seed: int, attempt: int, branching: int, depth: int, ordering: str | float,
                  low: int, high: int, ties: bool) -> trees.Tree:
    """A tree shaped by ``trees.ordered`` whose leaves are replaced, rank for rank, by whole
    numbers: the same comparisons, so the same best moves and the same ordering."""
    tree_seed = seed if attempt == 0 else splitmix64((seed ^ attempt * _ATTEMPT_SALT) & MASK)
    generated = trees.explicit(trees.ordered(branching, depth, ordering, seed=tree_seed))
    leaves = generated.leaves()
    rank = sorted(range(len(leaves)), key=lambda i: (leaves[i].value, i))
    values = _leaf_values(len(leaves), low, high, ties, _Stream(tree_seed ^ _VALUE_SALT))
    by_leaf = {rank[k]: values[k] for k in range(len(leaves))}
    index = iter(range(len(leaves)))
    return trees.from_nested(_replace_leaves(generated.to_nested(), lambda: by_leaf[next(index)]))


def _replace_leaves(item: Any, value: Callable[[], float]) -> Any:
    if isinstance(item, list):
        return [_replace_leaves(child, value) for child in item]
    return value()


def _fits(question: Question, ties: bool, min_pruned: int, max_pruned: int | None) -> bool:
    pruned = len(question.model.pruned_leaves)      # the model first: the key is built only once it fits
    if pruned < min_pruned or (max_pruned is not None and pruned > max_pruned):
        return False
    if ties and not question.has_ties:
        return False
    if "ordering" in question.kinds:
        counts = question.answers.root_orders.values()
        if min(counts) == max(counts):
            return False
    return True


def alpha_beta_question(seed: int, branching: int = 2, depth: int = 3, *,
                        ordering: str | float = "random", ties: bool = False,
                        value_range: tuple[int, int] | None = None, min_pruned: int = 1,
                        max_pruned: int | None = None, cutoff: str | None = None,
                        variant: str | None = None, kinds: Sequence[str] | None = None,
                        conventions: Conventions | None = None) -> Question:
    """A question on a uniform tree with whole-number leaves.

    ``ordering``: "best" (many early cutoffs, easier), "worst" (fewest cutoffs),
    "random", or a number q in [0, 1] (the chance the best move comes first).
    ``ties``: False (default) makes every leaf value different; True draws them independently
    and keeps only trees with at least one tie.  ``value_range``: (low, high), default
    0..20 for up to 16 leaves, else 0..99.  ``min_pruned`` / ``max_pruned``: how many leaves
    alpha-beta must skip (default at least one).  ``kinds``: the parts asked (:data:`KINDS`).
    ``conventions`` (:class:`~mmlib.conventions.Conventions`): the course's cutoff test, variant,
    who moves first and in which order; the answer key follows them.  ``cutoff`` and ``variant``,
    when given, win over it (as for :func:`mmlib.search.alphabeta`).

    The tree is the first of up to :data:`MAX_ATTEMPTS` trees drawn from ``seed`` that meets
    every constraint, so the same arguments give the same question everywhere.

    >>> q = alpha_beta_question(0, 3, 2, ordering="best")
    >>> q.tree.leaf_count, len(q.evaluated)      # Knuth & Moore: 3 + 3 - 1 leaves
    (9, 5)
    >>> q.tree.to_nested(), q.value, q.pruned        # C's first leaf 4 and D's 3 are below B's 17
    ([[17, 19, 20], [4, 10, 6], [3, 14, 16]], 17, ['I', 'J', 'L', 'M'])
    >>> q.answers.root_orders                         # searching D first costs 3 + 3 + 3 leaves
    {'B C D': 5, 'B D C': 5, 'C B D': 7, 'C D B': 7, 'D B C': 7, 'D C B': 9}
    >>> alpha_beta_question(1, ties=True, cutoff=">").has_ties
    True
    """
    seed = _validate.whole("seed", seed)
    branching, depth = _check_size(branching, depth)
    if depth == 1 and kinds is None:       # below a root whose children are leaves every order costs the same
        kinds = [kind for kind in KINDS if kind != "ordering"]
    rules = resolve(conventions, cutoff=cutoff, variant=variant)
    kinds = _check_options(rules.cutoff, rules.variant, kinds, min_pruned, max_pruned)
    if depth == 1 and "ordering" in kinds:
        raise ArgumentError("kinds: at depth 1 alpha-beta evaluates every leaf in any order; leave out "
                            "'ordering'")
    _validate.flag("ties", ties)
    leaves = branching ** depth
    low, high = _check_range(value_range, leaves, ties)
    if depth == 1 and min_pruned > 0:
        raise ArgumentError("min_pruned: alpha-beta prunes nothing below a MAX root whose children are "
                            "leaves; pass min_pruned=0 for a tree of depth 1")
    for attempt in range(MAX_ATTEMPTS):
        tree = _attempt_tree(seed, attempt, branching, depth, ordering, low, high, ties)
        if conventions is not None:
            tree = apply_conventions(tree, rules)
        question = Question(seed, branching, depth, ordering, tree, rules.cutoff, rules.variant, kinds,
                            None if conventions is None else rules)
        if _fits(question, ties, min_pruned, max_pruned):
            return question
    raise _none_fits(f"branching={branching}, depth={depth}, ordering={ordering!r}", min_pruned,
                     max_pruned or leaves, ties, "ordering" in kinds)


def _none_fits(trees: str, min_pruned: int, max_pruned: int, ties: bool, ordering: bool) -> ArgumentError:
    """The error when no tree drawn (described by ``trees``) meets the question's constraints."""
    return ArgumentError(
        f"min_pruned, max_pruned, ties: none of {MAX_ATTEMPTS} trees with {trees} "
        f"prunes {min_pruned} to {max_pruned} leaves"
        + (" with a tie" if ties else "")
        + (" and has an order of MAX's moves that saves leaves" if ordering else "")
        + "; relax a constraint (ordering='worst' with different leaf values prunes nothing: "
        "pass min_pruned=0)")


MAX_BATCH = 1_000
"""The most questions one batch makes."""


def question_batch(n: int, seed: int = 0, branching: int = 2, depth: int = 3,
                   **options: Any) -> list[Question]:
    """``n`` questions on distinct trees, the same list for the same arguments; ``options`` are
    those of :func:`alpha_beta_question`.

    >>> [q.seed for q in question_batch(3, seed=2)] == [q.seed for q in question_batch(3, seed=2)]
    True
    """
    if not _validate.is_whole(n) or not 1 <= n <= MAX_BATCH:
        raise ArgumentError(f"n: expected a whole number from 1 to {MAX_BATCH:,} (about 2 ms a question), "
                            f"got {printable(n)}")
    seed = _validate.whole("seed", seed)
    questions: list[Question] = []
    seen: set[str] = set()
    start = seed * 100_003
    candidate = start
    while len(questions) < n:
        if candidate - start > 10 * n + 100:
            raise ArgumentError(f"n: could not find {n} different trees of this size")
        question = alpha_beta_question(candidate, branching, depth, **options)
        candidate += 1
        if question.key not in seen:
            seen.add(question.key)
            questions.append(question)
    return questions


def student_seed(student: str, seed: int = 0) -> int:
    """A whole number for ``student`` in the exam ``seed``: the same everywhere, different per
    student (the first 48 bits of SHA-256 of both).

    >>> student_seed("alice", 2025) == student_seed("alice", 2025) != student_seed("bob", 2025)
    True
    """
    if not isinstance(student, str) or not student.strip():
        raise ArgumentTypeError(f"student: expected a name or an id, got {printable(student)}")
    # surrogatepass: a name pasted with a lone surrogate still has its own seed (valid text is unchanged)
    text = f"{_validate.whole('seed', seed)}:{student.strip()}"
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:6], "big")


def question_set(student: str, n: int = 4, *, seed: int = 0, branching: int = 2, depth: int = 3,
                 **options: Any) -> list[Question]:
    """The ``n`` questions of one student in the exam ``seed`` (distinct trees); every student
    gets their own set and the same student always the same one.  ``options`` are those of
    :func:`alpha_beta_question`.

    >>> [q.key for q in question_set("s123", 2)] == [q.key for q in question_set("s123", 2)]
    True
    """
    return question_batch(n, seed=student_seed(student, seed), branching=branching, depth=depth, **options)


PRACTICE_MODES = ("evaluated", "pruned", "window")
"""The kinds of practice question: the next leaf evaluated, the next leaf pruned, the window of
each node."""


# -- practising one question, step by step (the practice widget paints it) ------------------------

def next_question(after: int, *, branching: int = 2, depth: int = 3,
                  ordering: str | float = "random") -> Question:
    """The quiz question numbered after ``after``; like every question here, its alpha-beta
    search prunes at least one leaf (the quiz's ``min_pruned=1``).

    >>> question = next_question(0)
    >>> question.seed, len(question.pruned) > 0
    (1, True)
    """
    return first_question(_validate.whole("after", after, show=repr) + 1, branching=branching, depth=depth,
                          ordering=ordering)


def first_question(seed: int = 0, *, branching: int = 2, depth: int = 3,
                   ordering: str | float = "random") -> Question:
    """The first question of a round started with ``seed``: the quiz's question ``seed``.

    >>> question = first_question(seed=0)
    >>> question.seed, len(question.pruned) > 0
    (0, True)
    """
    return alpha_beta_question(_validate.whole("seed", seed, show=repr), branching, depth, ordering=ordering,
                               min_pruned=1)


# -- reading answers ------------------------------------------------------------------------------

_INFINITY = {"inf": math.inf, "+inf": math.inf, "∞": math.inf, "+∞": math.inf, "infinity": math.inf,
             "-inf": -math.inf, "−inf": -math.inf, "-∞": -math.inf, "−∞": -math.inf, "-infinity": -math.inf}


def parse_bound(text: Any, name: str = "α") -> float:
    """A typed α or β: a number, or ∞ written ``inf``, ``∞``, ``+∞``, ``-inf`` or ``−∞``.

    >>> parse_bound("-inf"), parse_bound(" 7 "), parse_bound("−3"), parse_bound(2)
    (-inf, 7.0, -3.0, 2.0)
    >>> parse_bound("seven", "β")
    Traceback (most recent call last):
    mmlib.errors.ArgumentError: β: write a number such as 7, or -inf / inf for −∞ / +∞; got 'seven'
    """
    if _validate.is_real(text):
        return float(text)
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{name}: expected a number or its text, got {text!r}")
    words = text.strip().lower().replace(" ", "")
    if not words:
        raise ArgumentError(f"{name}: type a value (a number, or -inf / inf)")
    if words in _INFINITY:
        return _INFINITY[words]
    try:
        value = float(words.replace("−", "-"))
    except ValueError:
        value = math.nan
    if math.isnan(value):
        raise ArgumentError(f"{name}: write a number such as 7, or -inf / inf for −∞ / +∞; "
                            f"got {text.strip()!r}")
    return value


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- the model: one question, step by step ----------------------------------------------------------

@dataclass(frozen=True)
class Feedback:
    """What one answer earned: ``correct`` is True or False for a scored answer and None for an
    answer refused without scoring (a mistyped number, a leaf already decided); ``text`` says why."""

    correct: bool | None
    text: str


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class PracticeRound:
    """One question of ``mode`` (see :data:`PRACTICE_MODES`) answered step by step; of the quiz
    ``question`` its number (``seed``), ``tree`` and search (``model``) are read.

    ``prompt`` asks for the current step; :meth:`answer_leaf` (modes ``"evaluated"``,
    ``"pruned"``) or :meth:`answer_window` (mode ``"window"``) answers it and returns a
    :class:`Feedback`; a right answer moves on, and in mode ``"window"`` a wrong one does too,
    after saying the right window.  ``marks()`` is what the drawing shows now, ``done`` says
    when every step is answered.

    >>> drill = PracticeRound(first_question(seed=0), "window")
    >>> drill.prompt
    'Question 0: alpha-beta enters B (MIN). With which window [α, β]?'
    >>> feedback = drill.answer_window("-inf", "inf")
    >>> feedback.correct, feedback.text.split(" — ")[1]
    (True, 'enter A (MAX) with [α, β] = [−∞, +∞].')
    """

    def __init__(self, question: Question, mode: str):
        if mode not in PRACTICE_MODES:
            raise ArgumentError(f"mode: expected one of {', '.join(map(repr, PRACTICE_MODES))}, "
                                f"got {mode!r}")
        self.question, self.mode = question, mode
        self.model = question.model
        self.tree = question.tree
        self.events = self.model.events
        self.steps = self._steps()
        self.step = 0
        self.shown = 0                      # events of the search the drawing shows

    # -- the steps of each mode -----------------------------------------------------------------
    def _steps(self) -> list[int]:
        """The event each step asks about: a leaf evaluation, a cutoff, or a node's entry."""
        kinds = {"evaluated": ("leaf",), "pruned": ("cutoff",), "window": ("enter",)}[self.mode]
        found = [k for k, e in enumerate(self.events) if e.kind in kinds]
        if self.mode == "window":
            below_root = [k for k in found if self.events[k].path]
            inner = [k for k in below_root if not self.tree.node(self.events[k].path).is_leaf()]
            found = inner or below_root
        return found

    @property
    def done(self) -> bool:
        return self.step >= len(self.steps)

    @property
    def event(self) -> Any:
        """The trace event the current step asks about."""
        return self.events[self.steps[self.step]]

    def label(self, path: Path) -> str:
        return self.tree.label_of(path)

    def pruned_by(self, k: int) -> list[str]:
        """The leaves pruned by the cutoff event ``events[k]``, left to right."""
        return [self.label(path) for path in self.model.pruned_by(k)]

    @property
    def expected(self) -> list[str]:
        """The right answers to the current step: leaf labels, or the window as ``[α, β]`` text."""
        if self.done:
            return []
        if self.mode == "evaluated":
            return [self.label(self.event.path)]
        if self.mode == "pruned":
            return self.pruned_by(self.steps[self.step])
        return [format_window((self.event.alpha, self.event.beta))]

    @property
    def prompt(self) -> str:
        """The question asked now, with how to answer it in the live widget."""
        click = {"evaluated": " Click it.", "pruned": " Click one."}
        return self.asked + ("" if self.done else click.get(self.mode, ""))

    @property
    def asked(self) -> str:
        """The question asked now, without how to answer it (a still picture cannot be clicked)."""
        head = f"Question {self.question.seed}: "
        if self.done:
            return head + "done. " + self.model.describe() + " New question gives another tree."
        if self.mode == "evaluated":
            which = "first" if self.step == 0 else "next"
            return head + f"which leaf does alpha-beta evaluate {which}?"
        if self.mode == "pruned":
            which = "first" if self.step == 0 else "next"
            return head + f"which leaf does alpha-beta's {which} cutoff prune?"
        path = self.event.path
        return head + f"alpha-beta enters {self.label(path)} ({node_role(self.tree, path)}). " \
            "With which window [α, β]?"

    # -- the state of the leaves -------------------------------------------------------------------
    def leaf_states(self) -> dict[str, str]:
        """What the drawing shows of each leaf now, by label: ``"evaluated 3rd"``, ``"pruned"``
        or ``""`` (not decided yet)."""
        marks = self.marks()
        states = {}
        for leaf in self.tree.leaves():
            if leaf.path in marks.leaf_numbers:
                states[leaf.label] = f"evaluated {ordinal(marks.leaf_numbers[leaf.path])}"
            else:
                states[leaf.label] = "pruned" if leaf.path in marks.pruned else ""
        return states

    def marks(self) -> Marks:
        """The search as far as the answers so far have taken it, every leaf's value shown (in
        mode ``"window"`` the node asked about is the current one)."""
        if self.shown == 0 and self.mode != "window":
            return Marks().with_leaf_values(self.tree)   # nothing searched yet: the question's tree, plain
        marks = self.model.marks(self.shown) if self.shown < len(self.events) else self.model.marks()
        if self.mode == "window" and not self.done:
            marks = marks.at(self.event.path)           # the node whose window is asked for
        return marks.with_leaf_values(self.tree)

    # -- answers -------------------------------------------------------------------------------------
    def answer_leaf(self, label: Any) -> Feedback:
        """Answer the current step of mode ``"evaluated"`` or ``"pruned"`` with a leaf's label."""
        if self.mode == "window":
            return Feedback(None, "This question asks for a window: type α and β.")
        if self.done:
            return Feedback(None, "This question is done: ask for a new one.")
        states = self.leaf_states()
        if not isinstance(label, str) or label not in states:
            return Feedback(None, f"There is no leaf {label!r}; the leaves are {', '.join(states)}.")
        state = states[label]
        if state:
            return Feedback(None, f"{label} is already {state}: pick a leaf not decided yet.")
        if self.mode == "evaluated":
            return self._answer_evaluated(label)
        return self._answer_pruned(label)

    def _answer_evaluated(self, label: str) -> Feedback:
        k = self.steps[self.step]
        since = self.shown
        if label == self.expected[0]:
            said = [*self._cutoffs(since, k), self.model.sentence(k - 1)]
            self._advance(k + 1)
            if self.done:                                   # the cutoffs after the last leaf
                said += self._cutoffs(k, len(self.events))
            return Feedback(True, "Right: " + " ".join([said[0], *map(_sentence, said[1:])]))
        for c in range(since, k):
            if self.events[c].kind == "cutoff" and label in self.pruned_by(c):
                return Feedback(False, f"No: {label} is never evaluated — {self.model.sentence(c)}")
        return Feedback(False, f"No: alpha-beta takes the children left to right, and a leaf left of "
                               f"{label} still comes first.")

    def _cutoffs(self, start: int, stop: int) -> list[str]:
        """The sentences of the cutoffs among ``events[start:stop]``."""
        return [self.model.sentence(c) for c in range(start, stop) if self.events[c].kind == "cutoff"]

    def _answer_pruned(self, label: str) -> Feedback:
        k = self.steps[self.step]
        if label in self.expected:
            pruned = self.pruned_by(k)
            text = "Right: " + self.model.sentence(k)
            if len(pruned) > 1 or pruned != [self.label(self.events[k].path + self.events[k].skipped[:1])]:
                text += f" Pruned leaves: {', '.join(pruned)}."
            self._advance(k + 1)
            return Feedback(True, text)
        entered = self.model.entered_at(self.tree.node(label).path)
        if entered is not None:
            return Feedback(False, f"No: {label} is evaluated, not pruned — {self.model.sentence(entered)}")
        return Feedback(False, f"No: {label} is pruned, but later; a cutoff further left comes first.")

    def answer_window(self, alpha: Any, beta: Any) -> Feedback:
        """Answer the current step of mode ``"window"`` with α and β (numbers or their text);
        a mistyped value is refused with a message, unscored."""
        if self.mode != "window":
            return Feedback(None, "This question asks for a leaf: click one.")
        if self.done:
            return Feedback(None, "This question is done: ask for a new one.")
        try:
            window = (parse_bound(alpha, "α"), parse_bound(beta, "β"))
        except MmlibError as error:
            return Feedback(None, str(error))
        k = self.steps[self.step]
        event = self.event
        here = self.label(event.path)
        right = format_window((event.alpha, event.beta))
        reason = self._window_reason(k)
        self._advance(k + 1)
        if window == (event.alpha, event.beta):
            return Feedback(True, f"Right: {here} is entered with {right}, {reason}")
        return Feedback(False, f"No: you wrote {format_window(window)}, but {here} is entered with "
                               f"{right}, {reason}")

    def _window_reason(self, k: int) -> str:
        """Why the node entered at ``events[k]`` has its window: the last event that set its
        parent's window (the parent's entry, or the update after its last child returned)."""
        parent = self.events[k].path[:-1]
        setter = self.model.window_set_by(k)
        return f"the window its parent {self.label(parent)} has then — {self.model.sentence(setter)}"

    def _advance(self, shown: int) -> None:
        self.step += 1
        self.shown = len(self.events) if self.done else shown
