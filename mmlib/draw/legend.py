"""A tree drawing's legend: its entries, their words and glyphs, the same for every painter.

:meth:`mmlib.draw.tree_layout.TreeLayout.scene` chooses the entries a drawing needs (only the
marks it uses); the painters draw each entry's glyph and write its words.

>>> entries = (LegendEntry("pv", LEGEND_WORDS["pv"]), LegendEntry("", bound_words("≥ 6", "")))
>>> [entry.words for entry in entries]
['principal variation (thick)', '≥ 6: a bound, not the exact value']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..trace import EXACT, LOWER, SO_FAR, UPPER, bound_text, format_known

__all__ = ["LegendEntry", "CUT_MARK", "WINS_WORDS", "LEGEND_WORDS", "LEGEND_GLYPH",
           "bound_words", "chance_words", "returned_words", "static_words", "legend_rows"]

CUT_MARK = "⋯"
"""Written under a node whose children are not drawn (``max_depth``)."""


@dataclass(frozen=True)
class LegendEntry:
    """A legend entry: a ``glyph`` (``max``, ``min``, ``leaf``, ``chance``, ``pv``, ``ring``,
    ``pruned``, ``cut`` or ``""`` for words alone) and what it means."""

    glyph: str
    words: str


WINS_WORDS = "w/n: wins for MAX (a draw counts 1/2) / visits"
"""What ``w/n`` beside a node of a Monte Carlo tree search means: every iteration through the
node adds its playout's result for MAX (1 win, 1/2 draw, 0 loss; :mod:`mmlib.search.mcts`),
whichever player moves there."""

LEGEND_WORDS = {
    "max": "MAX", "min": "MIN", "leaf": "leaf",
    "chance": "chance: averages its outcomes (1/2: an outcome's probability)",
    "pv": "principal variation (thick)", "ring": "current node (dashed ring)",
    "pruned": "pruned (dotted, ✕)",
    "bound": f"{bound_text(LOWER, '6')} / {bound_text(UPPER, '2')}: a bound, not the exact value",
    "order": "order of evaluation", "window": "[α, β]: window on entry",
    "pending": "faded: not searched", "pending yet": "faded: not searched yet",
    "not grown": "faded: never in its tree", "not grown yet": "faded: not in its tree (or this playout) yet",
    "so far": f"{bound_text(SO_FAR, '5')}: best so far, not yet a bound",
    "cut": f"{CUT_MARK}: its subtree is not drawn",
    "returned": f"{format_known(2, 2, EXACT, returned=3)}: what its leaves prove, then the other number the "
                "search returned",
    "most visited": "most visited line (thick)", "wins": WINS_WORDS,
    "static": "plain −5 beside a node: its static evaluation at the depth limit "
              "(bold: backed up from below)",
}


def bound_words(lower: str, upper: str, between: str = "") -> str:
    """The legend's words for bounds, with the drawing's own first lower bound, upper bound and
    pair of bounds (``""`` for a kind the drawing does not show).

    >>> bound_words("≥ 6", ""), bound_words("≥ 6", "≤ 2", "3 to 5")
    ('≥ 6: a bound, not the exact value', '≥ 6 / ≤ 2 / 3 to 5: a bound, not the exact value')
    """
    shown = " / ".join(text for text in (lower, upper, between) if text)
    signs = f"{bound_text(LOWER, '').strip()} / {bound_text(UPPER, '').strip()}"
    return f"{shown or signs}: a bound, not the exact value"


def static_words(example: str) -> str:
    """The legend's words for the value beside an inner node that the search evaluated
    statically at its depth limit (written in plain type, where a value backed up from the
    node's children is bold), with the drawing's own first such value.

    >>> static_words("−9")
    'plain −9 beside a node: its static evaluation at the depth limit (bold: backed up from below)'
    """
    return f"plain {example} beside a node: its static evaluation at the depth limit " \
           "(bold: backed up from below)"


def returned_words(example: str) -> str:
    """The legend's words for a node drawn with what its leaves prove and the other number the
    search returned, with the drawing's own first such mark.

    >>> returned_words("≥ 8 (ret. 6)")
    '≥ 8 (ret. 6): what its leaves prove, then the other number the search returned'
    """
    return f"{example}: what its leaves prove, then the other number the search returned"


def chance_words(probability: str) -> str:
    """The legend's words for chance nodes, with a probability written on the drawing's edges.

    >>> chance_words("0.9")
    "chance: averages its outcomes (0.9: an outcome's probability)"
    """
    example = f" ({probability}: an outcome's probability)" if probability else ""
    return f"chance: averages its outcomes{example}"


LEGEND_GLYPH = {"bound": "", "static": "", "so far": "", "wins": "", "most visited": "pv",
                "pending yet": "pending", "not grown": "pending", "not grown yet": "pending",
                "window": ""}
"""The glyph of a legend entry whose glyph is not its own name ("" for words alone)."""


def legend_rows(widths: Sequence[float], room: float) -> list[list[int]]:
    """How every legend is laid out: its entries in reading order, left to right, a new row
    when the next entry would reach past ``room`` (the figure's width, in the units of
    ``widths``: each entry's glyph, words and the space after them).  So a legend takes as
    many columns as fit its figure, and one long entry takes a row of its own instead of
    making every row one entry long.  Returns the indexes of the entries of each row.

    >>> legend_rows([50, 50, 50, 300, 120], 400)
    [[0, 1, 2], [3], [4]]
    >>> legend_rows([50, 60, 70], 1000), legend_rows([500], 100), legend_rows([], 100)
    ([[0, 1, 2]], [[0]], [])
    """
    rows: list[list[int]] = []
    used = 0.0
    for index, width in enumerate(widths):
        if not rows or used + width > room:
            rows.append([])
            used = 0.0
        rows[-1].append(index)
        used += width
    return rows
