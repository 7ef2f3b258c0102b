"""An explorer of move ordering in chess: the nodes alpha-beta searches on a Bratko–Kopec position,
depth by depth, for every ordering of the lecture on one plot.

Three sliders: the position (BK.01 to BK.24), the deepest depth, and the ordering whose measures
the status line reads out (nodes, the effective branching factor against b and √b, the first
move's share of the cutoffs, the cost over the minimal tree).  The counts come from the stored
measurements (:mod:`mmlib.games.chess_counts`) where there are some, else from a search run now
within one budget of :data:`~mmlib.widgets.growth.ANSWER_SECONDS` for the whole update: what does
not finish in time is left off the plot and named in the status line.

>>> explorer = chess_explorer(position=12, depth=3)
>>> explorer.rows["MVV-LVA"][-1]["nodes"] < explorer.rows["random"][-1]["nodes"]
True
>>> explorer.ordering.value = 3
>>> explorer.ordering.text()
'ordering 3 of 6: MVV-LVA'
"""

from __future__ import annotations

import html
import math
import time
from typing import TYPE_CHECKING, Any

from .. import _validate, branching
from ..draw import style
from ..draw.lineplot import STYLES, Line, line_plot_svg
from ..errors import BudgetExceeded, MmlibError
from ..games.chess import ORDERINGS, Chess
from ..games.chess_counts import BRANCHING, COUNTS
from ..games.chess_positions import BRATKO_KOPEC
from .common import (
    FitsItsRanges,
    StaticFallback,
    VBox,
    set_status,
    show_svg,
    status_html,
    svg_as_img,
    svg_figure,
)
from .growth import ANSWER_SECONDS
from .slider import Slider

if TYPE_CHECKING:
    import chess

__all__ = ["chess_explorer", "ChessExplorer", "MAX_CHESS_DEPTH", "stored_rows", "ordering_lines",
           "ordering_plot"]

MAX_CHESS_DEPTH = 4
"""The deepest depth the explorer offers: depth 4 is stored for one position and searched live,
within the budget, for the others."""

NAMES = tuple(ORDERINGS)
CHESS_STYLES = (*STYLES, (style.OKABE_ITO[5], "1 3", "square"))
"""Six orderings: the five line styles of the package and a sixth (sky blue, dotted, squares)."""


def stored_rows(position: str, ordering: str, depth: int) -> list[dict[str, Any]] | None:
    """The rows of :func:`mmlib.branching.ordering_rows` for depths 1..``depth`` from the stored
    counts, or None when they do not reach that depth.

    >>> [row["depth"] for row in stored_rows("BK.12", "MVV-LVA", 4)]
    [1, 2, 3, 4]
    """
    counts = {row[2]: row[3:] for row in COUNTS if row[0] == position and row[1] == ordering}
    if depth not in counts:
        return None
    return branching.rows_from_counts(counts, range(1, depth + 1), BRANCHING[position], ordering)


SAME_POINT = 0.1
"""Two counts within 10% of each other draw their markers on top of each other on the log plot."""


def _spans(depths: list[int]) -> str:
    """Depths as the legend writes them: ``[1, 2, 3]`` -> ``"depths 1–3"``, ``[2]`` -> ``"depth 2"``."""
    if len(depths) == 1:
        return f"depth {depths[0]}"
    if depths == list(range(depths[0], depths[-1] + 1)):
        return f"depths {depths[0]}–{depths[-1]}"
    return "depths " + ", ".join(map(str, depths))


def ordering_lines(rows: dict[str, list[dict[str, Any]]]) -> list[Line]:
    """One plotted line per ordering (nodes per depth), in the explorer's styles, each labelled with
    its count at its deepest depth and, where it is drawn on a stretch of earlier lines (counts within
    :data:`SAME_POINT` at two successive depths or more), on which and where: no line hides under
    another without its legend saying so, in words a reader takes in at a glance.

    >>> same = [{"depth": 1, "nodes": 39}, {"depth": 2, "nodes": 292}]
    >>> near = [{"depth": 1, "nodes": 40}, {"depth": 2, "nodes": 300}, {"depth": 3, "nodes": 900}]
    >>> for line in ordering_lines({"MVV-LVA": same, "+ killers": same, "+ history": near}):
    ...     print(line.label)
    MVV-LVA: 292 nodes at depth 2
    + killers: 292 nodes at depth 2; on MVV-LVA (same counts)
    + history: 900 nodes at depth 3; on MVV-LVA and on + killers at depths 1–2 (within 10%)
    """
    lines: list[Line] = []
    drawn: dict[str, dict[int, int]] = {}
    for ordering, ordering_rows in rows.items():
        if not ordering_rows:
            continue
        counts = {row["depth"]: row["nodes"] for row in ordering_rows}
        label = f"{ordering}: {ordering_rows[-1]['nodes']:,} nodes at depth {ordering_rows[-1]['depth']}"
        exact: dict[str, list[str]] = {}                # where it is drawn -> the earlier lines there
        near: dict[str, list[str]] = {}
        for earlier, earlier_counts in drawn.items():
            covered = [depth for depth, nodes in counts.items() if depth in earlier_counts and
                       abs(nodes - earlier_counts[depth]) <= SAME_POINT * max(nodes, earlier_counts[depth])]
            if any(depth + 1 in covered for depth in covered):     # a stretch of line, not one point
                everywhere = len(covered) == len(counts) == len(earlier_counts)
                same = all(counts[depth] == earlier_counts[depth] for depth in covered)
                where = "" if everywhere else f" at {_spans(covered)}"
                (exact if same else near).setdefault(where, []).append(earlier)
        for found, why in ((exact, "same counts"), (near, "within 10%")):
            for where, names in found.items():
                label += "; on " + " and on ".join(names) + f"{where} ({why})"
        drawn[ordering] = counts
        color, dash, marker = CHESS_STYLES[NAMES.index(ordering)]
        lines.append(Line(label, list(counts), list(counts.values()), color, dash, marker))
    return lines


def ordering_plot(name: str, rows: dict[str, list[dict[str, Any]]], depth: int, b: float) -> str:
    """The plot of alpha-beta's nodes against depth 1..``depth`` on the Bratko–Kopec position
    ``name``, one line per ordering of ``rows`` (:func:`ordering_lines`), under every node of a
    tree of ``b`` moves everywhere and over Knuth and Moore's minimal tree for it: the figure the
    explorer draws, and a lecture draws for a depth it shows still.

    >>> rows = {"MVV-LVA": stored_rows("BK.12", "MVV-LVA", 2)}
    >>> svg = ordering_plot("BK.12", rows, 2, 38.8)
    >>> "BK.12 (Black to move)" in svg, svg.count('class="guide"')
    (True, 2)
    """
    fen = next(fen for position, fen, _ in BRATKO_KOPEC if position == name)
    depths = list(range(1, depth + 1))
    lines = ordering_lines(rows)
    lines.append(Line(f"every node, no pruning (b = {b:.1f}): 1 + b + … + b^d", depths,
                      [sum(b ** k for k in range(d + 1)) for d in depths], "#000000", "7 4", ""))
    lines.append(Line(f"Knuth–Moore's minimal tree, were every node to have b = {b:.1f} moves", depths,
                      [branching.minimal_nodes(b, d) for d in depths], "#666666", "2 3", ""))
    side = "White" if fen.split()[1] == "w" else "Black"
    return line_plot_svg(lines, xlabel="depth d", ylabel="nodes searched (log scale)", x_ticks=depths,
                         title=f"{name} ({side} to move): alpha-beta's nodes by ordering")


class ChessExplorer(FitsItsRanges, StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """Sliders ``position`` (1..24: BK.01..BK.24), ``depth`` and ``ordering`` (1..6, the names of
    :data:`~mmlib.games.chess.ORDERINGS`); ``rows`` maps each ordering to its rows for depths
    1..d (fewer when its search ran out of budget), ``board`` and ``output`` show the position
    and the plot."""

    def __init__(self, position: int, depth: int, ordering: int):
        import ipywidgets as widgets

        self.cache: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.unfinished: list[str] = []
        self.position = Slider(value=position, min=1, max=len(BRATKO_KOPEC), label="position",
                               words="Bratko–Kopec position {value}")
        self.depth = Slider(value=depth, min=1, max=MAX_CHESS_DEPTH, label="max depth",
                            words="depths 1 to {value}")
        self.ordering = Slider(value=ordering, min=1, max=len(NAMES), label="ordering",
                               words=self._ordering_words(ordering))
        for control in (self.position, self.depth, self.ordering):
            control.observe(self._on_change, names="value")
        self.board = widgets.HTML(value="")
        self.board.add_class("mmlib-chess-board")
        self.output = svg_figure()
        self.status = status_html()
        self.svg = ""
        super().__init__([widgets.VBox([self.position, self.depth, self.ordering]), self.status,
                          widgets.HBox([self.board]), self.output])
        self.add_class("mmlib-chess-explorer")
        self.update()

    @staticmethod
    def _ordering_words(index: int) -> str:
        return f"ordering {{value}} of {len(NAMES)}: {NAMES[index - 1]}"

    def fit_ranges(self) -> None:
        self.ordering.words = self._ordering_words(self.ordering.value)

    def measure(self, name: str, fen: str, ordering: str, depth: int,
                deadline: float) -> list[dict[str, Any]]:
        """The rows for depths 1..``depth``: stored, cached, or searched now until ``deadline``."""
        key = (name, ordering, depth)
        if key not in self.cache:
            rows = stored_rows(name, ordering, depth)
            if rows is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BudgetExceeded(f"no time left of the {ANSWER_SECONDS} s budget", None)
                rows = branching.ordering_rows(Chess(fen), ORDERINGS[ordering], range(1, depth + 1),
                                               name=ordering, max_nodes=None, max_seconds=left)
            self.cache[key] = rows
        return self.cache[key]

    def update(self) -> None:
        name, fen, best = BRATKO_KOPEC[self.position.value - 1]
        d = self.depth.value
        game = Chess(fen)
        self.board.value = game.svg(size=360)
        deadline = time.monotonic() + ANSWER_SECONDS
        self.rows, self.unfinished = {}, []
        for ordering in NAMES:
            try:
                self.rows[ordering] = self.measure(name, fen, ordering, d, deadline)
            except BudgetExceeded:
                self.unfinished.append(ordering)
                shallower = [self.cache.get((name, ordering, k)) or stored_rows(name, ordering, k)
                             for k in range(d - 1, 0, -1)]
                self.rows[ordering] = next((rows for rows in shallower if rows), [])
        b = BRANCHING.get(name) or branching.own_branching(game)
        self.svg = ordering_plot(name, self.rows, d, b)
        show_svg(self.output, self.svg)
        set_status(self.status, self.summary(name, best, b))

    def summary(self, name: str, best: str, b: float) -> str:
        chosen = NAMES[self.ordering.value - 1]
        rows = self.rows[chosen]
        words = [f"{name}, b = {b:.1f}, √b = {math.sqrt(b):.1f} (the authors' best move: {best})."]
        if rows:
            row = rows[-1]
            share = "no cutoffs" if row["first_share"] is None else f"{row['first_share']:.0%}"
            ratio = row["ebf2"] if row["ebf2"] is not None else row["ebf"]
            words.append(f"{chosen}, depth {row['depth']}: {row['nodes']:,} nodes, "
                         f"{row['leaves']:,} leaves; "
                         f"branching factor {ratio:.1f} per ply; first move tried made {share} of the "
                         f"cutoffs; {row['over_minimal']:.1f} × the minimal tree; best move "
                         f"{_san(name, row['move'])}.")
        if self.unfinished:
            words.append(f"Not finished within {ANSWER_SECONDS} s at depth {self.depth.value}, drawn to "
                         f"the depth they reached: {', '.join(self.unfinished)}.")
        return " ".join(words)

    def fallback_text(self) -> str:
        return ("Chess ordering explorer: alpha-beta's nodes versus depth on a Bratko–Kopec position for "
                "every ordering — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        return svg_as_img(self.svg, alt=f"the plot when the notebook was saved: "
                                        f"{html.unescape(self.status.value)}")


def _san(position: str, move: str | chess.Move) -> str:
    fen = next(fen for name, fen, _ in BRATKO_KOPEC if name == position)
    board = Chess(fen).initial
    try:
        parsed = board.parse_uci(move) if isinstance(move, str) else move
        return str(board.san(parsed))
    except (ValueError, MmlibError):
        return str(move)


def chess_explorer(position: int = 12, depth: int = 3, ordering: int = 3) -> ChessExplorer:
    """The chess ordering explorer on Bratko–Kopec position ``position`` (1..24), depths 1..``depth``
    (at most :data:`MAX_CHESS_DEPTH`), the measures of ordering number ``ordering`` (1..6) read out."""
    _validate.whole("position", position, minimum=1, maximum=len(BRATKO_KOPEC))
    _validate.whole("depth", depth, minimum=1, maximum=MAX_CHESS_DEPTH)
    _validate.whole("ordering", ordering, minimum=1, maximum=len(NAMES))
    return ChessExplorer(position, depth, ordering)
