"""Growth explorer: how many leaves a search needs as the depth grows, against theory.

>>> explorer = growth_explorer()
>>> explorer.depth.value = 4
>>> explorer.rows[-1]["depth"], explorer.rows[-1]["leaves"]        # best first, b=3: 3^2 + 3^2 - 1
(4, 17)
"""

from __future__ import annotations

import html
import sys
import time
from typing import Any

from .. import _validate, analysis, search, trees
from ..analysis import deepest_fitting, forecast_nodes, growth_per_ply, mean_of
from ..draw.lineplot import STYLES, Line, line_plot_svg
from ..draw.plots import ordering_name
from ..draw.tree import format_value
from ..errors import ArgumentError, MmlibError, printable
from ..trace.algorithms import search_name
from .common import (
    FitsItsRanges,
    StaticFallback,
    VBox,
    show_svg,
    status_html,
    svg_as_img,
    svg_figure,
)
from .slider import FractionSlider, Slider

__all__ = ["growth_explorer", "GrowthExplorer", "forecast_nodes", "deepest_fitting", "guides",
           "default_budget", "count_text", "pearl_name"]

MAX_BRANCHING = 8
MAX_DEPTH = 30
MAX_TREES = 200
MAX_SEED = 20
ANSWER_SECONDS = 2
"""Every action on an explorer answers within this many seconds."""
NODE_BUDGET = 40_000
"""Nodes one update of the explorer may search in all (every depth, every tree) with the
teaching search: well under a second."""
FAST_NODE_BUDGET = 2_500_000
"""The same with the compiled counts-only path (:mod:`mmlib.fastcount`, 5 to 20 million nodes
a second on a busy two-core machine): an update answers within :data:`ANSWER_SECONDS`."""


BROWSER_SHARE = 0.4
"""In a browser tab, the share of :data:`ANSWER_SECONDS` one update may spend searching (the rest
draws); the budget there is what this machine searches in that time, at most :data:`NODE_BUDGET`."""

_measured_budget: int | None = None


def default_budget() -> int:
    """The node budget of one update when none is given: :data:`FAST_NODE_BUDGET` with the
    compiled path, else :data:`NODE_BUDGET`; in a browser tab (Pyodide: no numba, and a device
    of any speed), what this machine's teaching search counts in ``BROWSER_SHARE`` of
    :data:`ANSWER_SECONDS`, measured once on a small tree, and never more than ``NODE_BUDGET``.

    >>> default_budget() in (NODE_BUDGET, FAST_NODE_BUDGET)
    True
    """
    global _measured_budget
    try:
        from .. import fastcount
    except ImportError:          # no numpy (a browser tab without Pyodide's numpy): the teaching search
        compiled = False
    else:
        compiled = fastcount.compiled()
    if compiled:
        return FAST_NODE_BUDGET
    if sys.platform != "emscripten":  # a fixed budget elsewhere: the stored outputs do not depend on speed
        return NODE_BUDGET
    if _measured_budget is None:
        search.alphabeta(trees.ordered(3, 3, "random"))                  # warm up
        started = time.perf_counter()
        nodes = sum(search.alphabeta(trees.ordered(3, 6, "random", seed)).stats.nodes for seed in range(3))
        rate = nodes / max(time.perf_counter() - started, 1e-6)
        _measured_budget = max(1_000, min(NODE_BUDGET, int(rate * ANSWER_SECONDS * BROWSER_SHARE)))
    return _measured_budget


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


class GrowthExplorer(FitsItsRanges, StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """Sliders ``branching``, ``depth``, ``q``, ``seed``, ``trees`` (each with a number box) and
    menus ``ordering``, ``algorithm``; the plot in ``output`` (an ``HTML`` showing the SVG text
    ``svg``), the summary in ``status``; ``rows`` holds the measurements shown (means over the
    trees).  The depth and trees sliders reach only as far as answers within
    :data:`ANSWER_SECONDS`; their ``fits`` says how far that is."""

    RANGED = ("depth", "trees")

    def __init__(self, branching: int, depth: int, ordering: str, algorithm: str, node_budget: int,
                 trees: int = 1, *, yardsticks: bool = True):
        widgets = _widgets()
        self.node_budget = node_budget
        self.yardsticks = yardsticks
        """Whether the status line names √b and Pearl's rate (for a search that prunes)."""
        self.cache: dict[tuple[Any, ...], dict[str, Any] | None] = {}
        self.rows: list[dict[str, Any]] = []
        self._fitting = False
        self.news: list[str] = []
        self.branching = Slider(value=branching, min=2, max=MAX_BRANCHING, label="branching factor b",
                                words="branching factor {value}")
        self.depth = Slider(value=1, min=1, max=MAX_DEPTH, label="depth d", words="depths 1 to {value}",
                            words_one="depth 1")
        self.q = FractionSlider(value=0.5, min=0.0, max=1.0, step=0.05, label="ordering quality q",
                                words="best child first with probability {value}",
                                disabled=ordering != "quality q", off_reason=Q_OFF)
        self.seed = Slider(value=0, min=0, max=MAX_SEED, label="seed", words="first tree: seed {value}")
        self.trees = Slider(value=1, min=1, max=MAX_TREES, label="trees", words="mean of {value} trees",
                            words_one="one tree")
        self.ordering = widgets.Dropdown(options=list(ORDERINGS), value=ordering, description="ordering")
        self.algorithm = widgets.Dropdown(options=list(ALGORITHMS), value=algorithm,
                                          description="algorithm")
        self.trees.value = trees               # 1 to 200 trees of depth 1 always fit
        self.fit_ranges()
        if depth > self.depth.max:
            raise ArgumentError(f"depth: {depth} does not answer in time. {self.depth.fits}")
        self.depth.value = depth
        self.fit_ranges()
        for control in (self.branching, self.depth, self.ordering, self.q, self.seed, self.trees,
                        self.algorithm):
            control.observe(self._on_change, names="value")
        self.output = svg_figure()
        self.svg = ""
        self.status = status_html()
        sliders = widgets.VBox([self.branching, self.depth, self.q, self.seed, self.trees])
        menus = widgets.VBox([self.ordering, self.algorithm])
        super().__init__([widgets.HBox([sliders, menus]), self.status, self.output])
        self.add_class("mmlib-growth-explorer")
        self.update()

    def ordering_value(self) -> Any:
        return self.q.value if self.ordering.value == "quality q" else self.ordering.value

    def fit_ranges(self) -> None:
        """Bound the depth and trees sliders to what answers within the time, and say so."""
        b, ordering, algorithm = self.branching.value, self.ordering_value(), self.algorithm.value
        off = self.ordering.value != "quality q"
        if off != self.q.disabled:
            self.q.disabled = off
            self.news.append(f"Ordering {ordering_name(ordering)}: the slider {self.q.label} is off, "
                             f"{Q_OFF}." if off else
                             f"Ordering quality q: the best child comes first with probability "
                             f"q = {self.q.value:g}, set by the slider {self.q.label}.")
        deepest = deepest_fitting(b, ordering, algorithm, self.trees.value, self.node_budget,
                                  max_depth=MAX_DEPTH)
        self.depth.set_range(1, deepest)
        many = self.trees.value == 1 and "1 tree" or f"{self.trees.value} trees"
        self.depth.fits = (f"At b = {b}, {ordering_name(ordering)}, {algorithm}, {many}: depths 1 to "
                           f"{deepest} answer within {ANSWER_SECONDS} seconds.")
        per_tree = sum(forecast_nodes(b, k, ordering, algorithm) for k in range(1, self.depth.value + 1))
        most = int(max(1, min(MAX_TREES, self.node_budget // max(per_tree, 1))))
        self.trees.set_range(1, most)
        answer = "tree answers" if most == 1 else "trees answer"
        self.trees.fits = (f"At b = {b} and depth {self.depth.value}: 1 to {most} {answer} within "
                           f"{ANSWER_SECONDS} seconds.")


    def seeds(self) -> range:
        """The seeds of the trees measured: ``trees`` of them from ``seed`` on."""
        return range(self.seed.value, self.seed.value + self.trees.value)

    def measure(self, branching: int, depth: int, budget: float | None = None) -> dict[str, Any] | None:
        """The row for one depth (cached): leaves and nodes averaged over the trees, or None
        if one tree takes more than ``budget`` or four times its share of it (the forecast of
        :meth:`update` keeps the trees' expected total within the budget)."""
        _validate.whole("branching", branching, minimum=2, maximum=MAX_BRANCHING)
        _validate.whole("depth", depth, minimum=1, maximum=MAX_DEPTH)
        budget = self.node_budget if budget is None else budget
        seeds = self.seeds()
        key = (branching, depth, self.ordering_value(), seeds, self.algorithm.value)
        if key not in self.cache:
            try:
                rows = analysis.sweep([branching], [depth], [key[2]], [key[4]], seeds,
                                      max_nodes=max(1, int(min(budget, 4 * budget // len(seeds)))),
                                      max_seconds=None)
            except MmlibError:  # over the budget (NodeBudgetExceeded) or a refused search
                self.cache[key] = None
            else:
                self.cache[key] = {"depth": depth, "trees": len(rows),
                                   "leaves": mean_of(rows, "leaves"), "nodes": mean_of(rows, "nodes")}
        return self.cache[key]

    def update(self) -> None:
        """Measure depths 1..d (until the budget runs out) and redraw the plot."""
        b, d = self.branching.value, self.depth.value
        rows: list[dict[str, Any]] = []
        left = self.node_budget              # for the searches of every depth together
        for depth in range(1, d + 1):
            row = self.measure(b, depth, left)
            if row is None:
                break
            rows.append(row)
            left -= row["nodes"] * row["trees"]
            if left <= 0:
                break
        self.rows = rows
        pearl = analysis.pearl_branching(b)
        self.svg = self.plot(b, d)
        show_svg(self.output, self.svg)
        self.say(self.summary(b, d, pearl))

    def plot(self, b: int, d: int) -> str:
        """The SVG plot: measured leaves per depth, with the b^d guide and, for alpha-beta, the
        Knuth–Moore one (minimax prunes nothing, and is taught before the formula)."""
        depths = list(range(1, d + 1))
        rows = self.rows
        seeds = self.seeds()
        which = (f"one random tree (seed {seeds[0]})" if len(seeds) == 1
                 else f"mean of {len(seeds)} random trees (seeds {seeds[0]}–{seeds[-1]})")
        color, dash, marker = STYLES[0]
        theory = guides(b, depths, knuth_moore=self.algorithm.value != "minimax")
        measured = {r["depth"]: r["leaves"] for r in rows}
        lines = [      # a measured line on a guide says so in its legend (line_plot_svg: say_coinciding)
            Line(f"{search_name(self.algorithm.value)}, {ordering_name(self.ordering_value())}, {which}",
                 list(measured), list(measured.values()), color, dash, marker),
            *theory,
        ]
        return line_plot_svg(lines, title=f"b = {b}: leaves versus depth", xlabel="depth d",
                             ylabel="leaves evaluated (log scale)", x_ticks=_depth_ticks(d))

    def summary(self, b: int, d: int, pearl: float) -> str:
        if not self.rows:
            return f"b = {b}: even depth 1 needs more than {self.node_budget:,} nodes."
        last = self.rows[-1]
        ebf = analysis.effective_branching_factor(last["leaves"], last["depth"])
        text = (f"depth {last['depth']}: {count_text(last['leaves'])} leaves, {count_text(last['nodes'])} "
                f"nodes{' (means)' if last['trees'] > 1 else ''}; effective "
                f"branching factor {format_value(round(ebf, 3))} ({self._yardsticks(b, pearl)})")
        if last["depth"] < d:
            skipped = f"Depth {d}" if last["depth"] + 1 == d else f"Depths {last['depth'] + 1}–{d}"
            text += f". {skipped} skipped: it would take more than {self.node_budget:,} nodes."
        growth = self.growth_per_ply()
        if growth is not None:
            rate = f" ({pearl_name(b)} = {pearl:.3f})" if self._pruning_yardsticks() else ""
            text += f". Growth per ply from depth {last['depth'] - 2} to {last['depth']}: {growth:.3f}{rate}"
        return text

    def _pruning_yardsticks(self) -> bool:
        """Whether the status line names √b and Pearl's rate: for a search that prunes, when asked."""
        return self.yardsticks and self.algorithm.value != "minimax"

    def _yardsticks(self, b: int, pearl: float) -> str:
        """What the status line sets the effective branching factor beside."""
        if self.algorithm.value == "minimax":
            return f"b = {b}: minimax evaluates every leaf"
        if not self._pruning_yardsticks():
            return f"b = {b}"
        return f"b = {b}, √b = {b ** 0.5:.3f}, Pearl's growth rate {pearl_name(b)} = {pearl:.3f} per ply"

    def growth_per_ply(self) -> float | None:
        """sqrt(N_d / N_(d-2)) at the deepest measured depth d (two plies: one MAX, one MIN level)."""
        return growth_per_ply({row["depth"]: row["leaves"] for row in self.rows})

    # -- the still picture for a notebook shown without its widget models ---------------------------
    def fallback_text(self) -> str:
        return (f"Growth explorer: leaves evaluated versus depth for b = {self.branching.value}, "
                f"{ordering_name(self.ordering_value())}, {search_name(self.algorithm.value)}"
                " — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        summary = html.unescape(self.status.value)
        return svg_as_img(self.svg, alt=f"the plot when the notebook was saved: {summary}")


ORDERINGS = ("best", "random", "worst", "quality q", "uniform")
Q_OFF = "used only with the ordering “quality q”"
"""Why the q slider is off: said beside it and in the status line when it turns off."""


def pearl_name(branching: int) -> str:
    """Pearl's growth rate R_b at this branching factor, as the status line writes it: with a
    real subscript (R₃ at b = 3) in the plain text of the status line, where no "_" is read out.

    >>> pearl_name(3), pearl_name(10)
    ('R₃', 'R₁₀')
    """
    return "R" + str(branching).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def count_text(value: float) -> str:
    """A count as the explorers say it: a whole count with thousands separators, a mean over
    several trees to one decimal.

    >>> count_text(15752), count_text(15.752475247524753), count_text(1234.0)
    ('15,752', '15.8', '1,234.0')
    """
    return f"{value:,}" if isinstance(value, int) else f"{value:,.1f}"


ALGORITHMS = tuple(sorted(search.registry.names(compiled=True),
                          key=lambda name: not search.family(name).windows))
"""The searches the explorer measures: the families with a compiled twin (so that an update
answers in time), alpha-beta first."""


def growth_explorer(branching: int = 3, depth: int = 4, ordering: str = "best", algorithm: str = "alphabeta",
                    *, trees: int = 1, node_budget: int | None = None, yardsticks: bool = True
                    ) -> GrowthExplorer:
    """An explorer of search cost: leaves evaluated versus depth for a generated tree
    (``trees.ordered``) with the chosen branching, ordering (best / random / worst / quality q,
    or "uniform": Pearl's trees of independent leaf values, ``trees.uniform``),
    seed and algorithm, drawn with the guides b^d and Knuth–Moore; the status line gives the
    effective branching factor and, from depth 3 on, the growth per ply, beside √b and Pearl's
    growth rate (:func:`pearl_name`) for a search that prunes (``yardsticks=False``: without them,
    for a lecture that has not taught them yet).
    ``trees`` (1 to 200) averages over that many trees (seeds ``seed``, ``seed + 1``...).
    Every action answers within :data:`ANSWER_SECONDS` seconds: the searches of one update take
    at most ``node_budget`` nodes together (default :data:`FAST_NODE_BUDGET` with the compiled
    path of :mod:`mmlib.fastcount`, else :data:`NODE_BUDGET`; a smaller one may be given), and
    the depth and trees sliders reach only as far as fits in it (a depth beyond is refused with a
    sentence saying which depths fit).
    """
    _validate.whole("branching", branching, minimum=2, maximum=MAX_BRANCHING)
    _validate.whole("depth", depth, minimum=1, maximum=MAX_DEPTH)
    algorithm = search.registry.canonical(algorithm)         # another spelling: "alpha-beta", "Minimax"
    for name, value, options in (("ordering", ordering, ORDERINGS), ("algorithm", algorithm, ALGORITHMS)):
        if not isinstance(value, str) or value not in options:
            raise ArgumentError(f"{name}: expected one of {', '.join(options)}, got {printable(value)}")
    _validate.whole("trees", trees, minimum=1, maximum=MAX_TREES)
    _validate.flag("yardsticks", yardsticks)
    if node_budget is None:
        node_budget = default_budget()
    else:                                    # a smaller budget only: every action answers in time
        _validate.whole("node_budget", node_budget, minimum=1, maximum=FAST_NODE_BUDGET)
    return GrowthExplorer(branching, depth, ordering, algorithm, node_budget, trees, yardsticks=yardsticks)


def guides(branching: int, depths: list[int], *, knuth_moore: bool = True) -> list[Line]:
    """The theory curves drawn under measured leaves: b^d (no pruning) and, unless
    ``knuth_moore=False``, Knuth–Moore (alpha-beta in the best order).

    >>> [line.label[:2] for line in guides(3, [1, 2], knuth_moore=False)]
    ['b^']
    """
    every = [branching ** k for k in depths]
    lines = [Line("b^d: every leaf, no pruning", depths, every, "#000000", "7 4", "")]
    if knuth_moore:
        lines.append(Line("Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1: best order", depths,
                          [analysis.knuth_moore_leaves(branching, k) for k in depths], "#666666", "2 3", ""))
    return lines


def _depth_ticks(d: int) -> range:
    return range(1, d + 1, 1 if d <= 16 else 2)
