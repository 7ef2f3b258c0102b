"""A tree drawing's legend: its entries, their words and glyphs, the same for every painter.

:meth:`mmlib.draw.tree_layout.TreeLayout.scene` chooses the entries a drawing needs (only the
marks it uses); the painters draw each entry's glyph and write its words.

>>> entries = (LegendEntry("pv", LEGEND_WORDS["pv"]), LegendEntry("", bound_words("≥ 6", "")))
>>> [entry.words for entry in entries]
['principal variation (thick)', '≥ 6: a bound, not the exact value']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..trace import EXACT, LOWER, SO_FAR, UPPER, bound_text, format_known

__all__ = ["LegendEntry", "CUT_MARK", "WINS_WORDS", "LEGEND_WORDS", "LEGEND_GLYPH",
           "bound_words", "chance_words", "returned_words"]

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


LEGEND_GLYPH = {"bound": "", "so far": "", "wins": "", "most visited": "pv", "pending yet": "pending",
                "not grown": "pending", "not grown yet": "pending",
                "window": ""}
"""The glyph of a legend entry whose glyph is not its own name ("" for words alone)."""
