"""Checking a prediction: which leaves does alpha-beta never evaluate on a given tree?

>>> check_pruned([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "I J").passed   # the leaves 4 and 6
True
>>> check_pruned([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "J").diagnosis
'missed'
>>> check_pruned([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "i j").summary
'Labels are case-sensitive: I, J are leaves of this tree; i, j are not.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import search, trees
from ..isolation._args import flag, text
from .report import Report, counted, finish

if TYPE_CHECKING:
    pass

__all__ = ["check_pruned"]


def check_pruned(tree: Any, pruned: Any, *, title: str = "pruned leaves",
                 raise_on_failure: bool = False) -> Report:
    """Check a prediction of the leaves alpha-beta never evaluates on ``tree`` (children
    searched left to right, cutoff as soon as alpha >= beta).

    ``pruned`` is a string of leaf labels (``"HI"`` or ``"H I"``) or a list of labels;
    ``...`` (the stub) counts as not answered yet.

    >>> check_pruned("ABCDEFGH\\nA: BC\\nB: DE\\nC: FGH\\nD 7\\nE 5\\nF 9\\nG 3\\nH 1", "H").passed
    True
    """
    __tracebackhide__ = True
    text("title", title)
    flag("raise_on_failure", raise_on_failure)
    explicit = trees.as_tree(tree)
    result = search.alphabeta(explicit)
    evaluated = {explicit.label_of(path) for path in result.stats.leaf_order or ()}
    truth = [leaf.label for leaf in explicit.leaves() if leaf.label not in evaluated]
    if pruned is ... or pruned is None:
        return finish(Report(title, False, "not-implemented", "No prediction yet.",
                             hint="Replace ... with the labels of the leaves you predict are pruned."),
                      raise_on_failure)
    labels = _labels(pruned)
    if labels is None:
        return finish(Report(title, False, "wrong-type", "Write your answer as a string of leaf labels.",
                             hint='For example "H I" (or a list of labels, ["H", "I"]).'), raise_on_failure)
    mistake = _not_leaves(title, labels, {leaf.label for leaf in explicit.leaves()})
    if mistake is not None:
        return finish(mistake, raise_on_failure)
    said = set(labels)
    missed = [label for label in truth if label not in said]
    wrong = sorted(said - set(truth))
    if not missed and not wrong:
        return finish(Report(title, True, "ok", (
            f"Right: alpha-beta skips {' '.join(truth) or 'no leaf'} and evaluates "
            f"{len(evaluated)} of {counted(explicit.leaf_count, 'leaf')}; value {result.value}.")),
            raise_on_failure)
    details = []
    if missed:
        details.append(f"{len(missed)} pruned lea{'f' if len(missed) == 1 else 'ves'} "
                       "missing from your answer.")
    if wrong:
        details.append(f"{len(wrong)} lea{'f' if len(wrong) == 1 else 'ves'} in your answer "
                       "that alpha-beta does evaluate.")
    diagnosis = "missed" if not wrong else "too-many" if not missed else "both"
    return finish(Report(title, False, diagnosis, "Not quite.", details, (
        "Walk the tree left to right and write alpha and beta next to every node; a node stops "
        "as soon as alpha >= beta.")), raise_on_failure)


def _not_leaves(title: str, labels: list[str], leaves: set[str]) -> Report | None:
    """The report on labels that are not leaves of the tree (perhaps only written in the wrong
    case), or None when every label is a leaf."""
    unknown = [label for label in labels if label not in leaves]
    recased = {label: _recased(label, leaves) for label in unknown}
    if any(recased.values()):
        said_as = [label for label, leaf in recased.items() if leaf][:10]
        leaf_or_leaves = "is a leaf" if len(said_as) == 1 else "are leaves"
        return Report(title, False, "case", (
            f"Labels are case-sensitive: {', '.join(str(recased[label]) for label in said_as)} "
            f"{leaf_or_leaves} of this tree; {', '.join(said_as)} "
            f"{'is' if len(said_as) == 1 else 'are'} not."),
            hint="Write each label exactly as the drawing shows it (capital and small letters "
                 "are different leaves).")
    if unknown:
        shown = ", ".join(label if len(label) <= 10 else label[:7] + "..." for label in unknown[:10])
        return Report(title, False, "not-a-leaf", f"{shown}: not leaves of this tree.",
                      hint="Use the labels of leaves, as in the drawing.")
    return None


def _recased(label: str, leaves: set[str]) -> str | None:
    """The one leaf label that differs from ``label`` only in case, if there is one."""
    matches = [leaf for leaf in leaves if leaf.lower() == label.lower()]
    return matches[0] if len(matches) == 1 else None


def _labels(pruned: Any) -> list[str] | None:
    """The labels of an answer (a string, or a list, tuple or set of strings); None if unusable."""
    if type(pruned) is str:
        return list(pruned.replace(",", " ").replace(" ", ""))
    if type(pruned) in (list, tuple, set, frozenset) and len(pruned) <= 10_000 \
            and all(type(label) is str for label in pruned):
        return list(pruned)
    return None
