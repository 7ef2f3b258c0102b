"""Two explorers of move ordering: leaves versus depth for several orderings on one plot, and
leaves versus the quality q of the ordering.

>>> explorer = orderings_explorer(branching=3, depth=4, q=0.8)
>>> [line.label.split(":")[0] for line in explorer.lines][:4]
['best order', 'q = 0.8 (best first with probability 0.8)', 'random order', 'worst order']
>>> explorer.leaves["best"][-1], explorer.leaves["worst"][-1]     # Knuth–Moore 3^2 + 3^2 - 1, and 3^4
(17, 81)
>>> explorer.ratios["best"], round(explorer.ratios["worst"][-1], 2)  # ÷ the minimal tree: 1, and 81 / 17
([1.0, 1.0, 1.0, 1.0], 4.76)
>>> quality = quality_explorer(branching=3, depth=4, trees=2)
>>> quality.leaves[-1]                                            # q = 1 is the best order
17
"""

from __future__ import annotations

import html
from typing import Any

from .. import _validate, analysis
from ..draw.lineplot import STYLES, Line, line_plot_svg, ratio_panel
from ..draw.style import ORDERING_STYLES
from ..errors import ArgumentError, printable
from .common import (
    FitsItsRanges,
    StaticFallback,
    VBox,
    show_svg,
    status_html,
    svg_as_img,
    svg_figure,
)
from .growth import (
    ANSWER_SECONDS,
    FAST_NODE_BUDGET,
    MAX_BRANCHING,
    MAX_DEPTH,
    MAX_SEED,
    _depth_ticks,
    count_text,
    default_budget,
    guides,
)
from .slider import FractionSlider, Slider

__all__ = ["orderings_explorer", "OrderingsExplorer", "quality_explorer", "QualityExplorer", "QS"]

QS = tuple(i / 10 for i in range(11))
"""The qualities the leaves-versus-q plot measures: 0, 0.1, ..., 1."""
MAX_TREES = 20
UPPER_HEIGHT = 220.0
"""The orderings explorer's upper panel (pixels), so that with the panel of ratios under it and
the legend the picture stays within :data:`mmlib.draw.style.MAX_HEIGHT_PX`."""


def _budget(node_budget: int | None) -> int:
    if node_budget is None:
        return default_budget()
    _validate.whole("node_budget", node_budget, minimum=1, maximum=FAST_NODE_BUDGET)
    return node_budget


def _mean_leaves(branching: int, depth: int, ordering: str | float, seeds: range, budget: int) -> float:
    rows = analysis.sweep([branching], [depth], [ordering], ["alphabeta"], seeds, max_nodes=budget,
                          max_seconds=None)
    return analysis.mean_of(rows, "leaves")


class OrderingsExplorer(FitsItsRanges, StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """Sliders ``branching``, ``depth`` (the deepest depth drawn), ``q`` and ``seed``; alpha-beta's
    leaves versus depth for the best order, best-first-with-probability-q, random and worst
    orders on one plot (``svg`` in ``output``), with the b^d and Knuth–Moore guides, and under
    it a panel of each count divided by the Knuth–Moore minimum at its depth (how many times
    the minimal tree), where lines that crowd each other above are drawn apart; ``leaves`` maps
    each ordering to its leaves at depths 1..d, ``ratios`` to those ratios
    (:func:`mmlib.analysis.times_minimal`), ``lines`` holds what is drawn."""

    ORDERINGS = ("best", "q", "random", "worst")
    RANGED = ("depth",)

    def __init__(self, branching: int, depth: int, q: float, seed: int, node_budget: int):
        widgets = _widgets()
        self.node_budget = node_budget
        self.cache: dict[tuple[Any, ...], float] = {}
        self.leaves: dict[str, list[float]] = {}
        self.ratios: dict[str, list[float]] = {}
        self.lines: list[Line] = []
        self._fitting = False
        self.news: list[str] = []
        self.branching = Slider(value=branching, min=2, max=MAX_BRANCHING, label="branching factor b",
                                words="branching factor {value}")
        self.depth = Slider(value=1, min=1, max=MAX_DEPTH, label="deepest depth d",
                            words="depths 1 to {value}", words_one="depth 1")
        self.q = FractionSlider(value=q, min=0.0, max=1.0, step=0.05, label="ordering quality q",
                                words="best child first with probability {value}")
        self.seed = Slider(value=seed, min=0, max=MAX_SEED, label="seed", words="tree seed {value}")
        self.fit_ranges()
        if depth > self.depth.max:
            raise ArgumentError(f"depth: {depth} does not answer in time. {self.depth.fits}")
        self.depth.value = depth
        for control in (self.branching, self.depth, self.q, self.seed):
            control.observe(self._on_change, names="value")
        self.output = svg_figure()
        self.status = status_html()
        self.svg = ""
        super().__init__([widgets.VBox([self.branching, self.depth, self.q, self.seed]), self.status,
                          self.output])
        self.add_class("mmlib-orderings-explorer")
        self.update()

    def fit_ranges(self) -> None:
        """Bound the depth slider to the depths whose four searches answer in time."""
        b = self.branching.value
        total, deepest = 0.0, 1
        for depth in range(1, MAX_DEPTH + 1):
            total += sum(analysis.forecast_nodes(b, depth, o, "alphabeta")
                         for o in ("best", 0.5, "random", "worst"))
            if total > self.node_budget:
                break
            deepest = depth
        self.depth.set_range(1, deepest)
        self.depth.fits = f"At b = {b}: depths 1 to {deepest} answer within {ANSWER_SECONDS} seconds."


    def ordering(self, name: str) -> Any:
        return self.q.value if name == "q" else name

    def update(self) -> None:
        """Measure each ordering at depths 1..d and redraw the plot."""
        b, d, seed = self.branching.value, self.depth.value, self.seed.value
        depths = list(range(1, d + 1))
        for name in self.ORDERINGS:
            ordering = self.ordering(name)
            for depth in depths:
                key = (b, depth, ordering, seed)
                if key not in self.cache:
                    self.cache[key] = _mean_leaves(b, depth, ordering, range(seed, seed + 1),
                                                   self.node_budget)
            self.leaves[name] = [self.cache[b, depth, ordering, seed] for depth in depths]
            self.ratios[name] = analysis.times_minimal(b, depths, self.leaves[name])
        q = f"q = {self.q.value:g}"           # the short name another line's legend entry calls it by
        names = {"best": "best order", "q": f"{q} (best first with probability {self.q.value:g})",
                 "random": "random order", "worst": "worst order"}
        ends = {"best": "best", "q": q, "random": "random", "worst": "worst"}
        self.lines = [Line(f"{names[name]}: {count_text(self.leaves[name][-1])} leaves at depth {d}", depths,
                           self.leaves[name], *STYLES[ORDERING_STYLES[name]], end=ends[name])
                      for name in self.ORDERINGS] + guides(b, depths)
        # under the counts, each ordering ÷ the minimal tree; of the guides only the minimum itself, 1
        lower = ratio_panel([self.ratios[name] for name in self.ORDERINGS] + [None, [1.0] * d])
        self.svg = line_plot_svg(self.lines, xlabel="depth d", ylabel="leaves evaluated (log scale)",
                                 x_ticks=_depth_ticks(d), plot_height=UPPER_HEIGHT, lower=lower,
                                 title=f"Alpha-beta, b = {b}, seed {seed}: leaves versus depth")
        show_svg(self.output, self.svg)
        best, worst = self.leaves["best"][-1], self.leaves["worst"][-1]
        times = ", ".join(f"{ends[name]}: {self.ratios[name][-1]:.3g}" for name in self.ORDERINGS[1:])
        self.say(f"depth {d}, leaves: best order {count_text(best)} (Knuth–Moore "
                 f"{analysis.knuth_moore_leaves(b, d):,}), q = {self.q.value:g}: "
                 f"{count_text(self.leaves['q'][-1])}, "
                 f"random: {count_text(self.leaves['random'][-1])}, "
                 f"worst: {count_text(worst)} (bᵈ = {b ** d:,}). How many times the minimal tree: {times}.")

    def fallback_text(self) -> str:
        return (f"Orderings explorer: alpha-beta's leaves versus depth for four orderings, and how many "
                f"times the minimal tree each is, b = {self.branching.value} — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        return svg_as_img(self.svg, alt=f"the plot when the notebook was saved: "
                                        f"{html.unescape(self.status.value)}")


class QualityExplorer(FitsItsRanges, StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """Sliders ``branching``, ``depth`` and ``trees``; alpha-beta's leaves at that depth versus the
    probability q that the best child comes first (``QS``: 0, 0.1, ..., 1), the mean over
    ``trees`` trees (seeds 0, 1, ...), with the Knuth–Moore and b^d levels as guides."""

    RANGED = ("depth", "trees")

    def __init__(self, branching: int, depth: int, trees: int, node_budget: int):
        widgets = _widgets()
        self.node_budget = node_budget
        self.cache: dict[tuple[Any, ...], float] = {}
        self.leaves: list[float] = []
        self._fitting = False
        self.news: list[str] = []
        self.branching = Slider(value=branching, min=2, max=MAX_BRANCHING, label="branching factor b",
                                words="branching factor {value}")
        self.depth = Slider(value=1, min=1, max=MAX_DEPTH, label="depth d", words="depth {value}")
        self.trees = Slider(value=1, min=1, max=MAX_TREES, label="trees", words="mean of {value} trees",
                            words_one="one tree")
        self.trees.value = trees
        self.fit_ranges()
        if depth > self.depth.max:
            raise ArgumentError(f"depth: {depth} does not answer in time. {self.depth.fits}")
        self.depth.value = depth
        self.fit_ranges()
        for control in (self.branching, self.depth, self.trees):
            control.observe(self._on_change, names="value")
        self.output = svg_figure()
        self.status = status_html()
        self.svg = ""
        controls = widgets.VBox([self.branching, self.depth, self.trees])
        super().__init__([controls, self.status, self.output])
        self.add_class("mmlib-quality-explorer")
        self.update()

    def cost(self, depth: int, trees: int) -> float:
        b = self.branching.value
        return sum(analysis.forecast_nodes(b, depth, q, "alphabeta") for q in QS) * trees

    def fit_ranges(self) -> None:
        deepest = max([1] + [d for d in range(1, MAX_DEPTH + 1)
                             if self.cost(d, self.trees.value) <= self.node_budget])
        self.depth.set_range(1, deepest)
        many = "1 tree" if self.trees.value == 1 else f"{self.trees.value} trees"
        self.depth.fits = (f"At b = {self.branching.value} with {many}: depths 1 to "
                           f"{deepest} answer within {ANSWER_SECONDS} seconds.")
        most = max([1] + [t for t in range(1, MAX_TREES + 1)
                          if self.cost(self.depth.value, t) <= self.node_budget])
        self.trees.set_range(1, most)
        self.trees.fits = (f"At depth {self.depth.value}: 1 to {most} "
                           f"{'tree answers' if most == 1 else 'trees answer'} within "
                           f"{ANSWER_SECONDS} seconds.")


    def update(self) -> None:
        b, d, trees = self.branching.value, self.depth.value, self.trees.value
        for q in QS:
            if (b, d, q, trees) not in self.cache:
                self.cache[b, d, q, trees] = _mean_leaves(b, d, q, range(trees), self.node_budget)
        self.leaves = [self.cache[b, d, q, trees] for q in QS]
        qs = list(QS)
        which = "one random tree" if trees == 1 else f"mean of {trees} random trees"
        color, dash, marker = STYLES[0]
        lines = [Line(f"alpha-beta, best child first with probability q ({which})", qs, self.leaves,
                      color, dash, marker),
                 Line(f"b^d = {b ** d:,}: every leaf, no pruning", [0.0, 1.0], [b ** d] * 2, "#000000",
                      "7 4", ""),
                 Line(f"Knuth–Moore = {analysis.knuth_moore_leaves(b, d):,}: best order", [0.0, 1.0],
                      [analysis.knuth_moore_leaves(b, d)] * 2, "#666666", "2 3", "")]
        self.svg = line_plot_svg(lines, title=f"Alpha-beta, b = {b}, d = {d}: leaves versus q",
                                 xlabel="q, the probability that the best child comes first",
                                 ylabel="leaves evaluated (log scale)", x_ticks=qs)
        show_svg(self.output, self.svg)
        self.say(f"b = {b}, d = {d}: q = 0 evaluates {count_text(self.leaves[0])} leaves, "
                 f"q = 0.9: {count_text(self.leaves[-2])}, q = 1: {count_text(self.leaves[-1])} "
                 f"(Knuth–Moore {analysis.knuth_moore_leaves(b, d):,}; bᵈ = {b ** d:,}).")

    def fallback_text(self) -> str:
        return (f"Quality explorer: alpha-beta's leaves versus the ordering quality q, b = "
                f"{self.branching.value}, d = {self.depth.value} — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        return svg_as_img(self.svg, alt=f"the plot when the notebook was saved: "
                                        f"{html.unescape(self.status.value)}")


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


def _quality(q: float) -> float:
    if isinstance(q, bool) or not isinstance(q, int | float) or not 0 <= q <= 1:
        raise ArgumentError(f"q: expected a probability from 0 to 1, got {printable(q)}")
    return float(q)


def orderings_explorer(branching: int = 3, depth: int = 8, q: float = 0.8, *, seed: int = 0,
                       node_budget: int | None = None) -> OrderingsExplorer:
    """An explorer of move ordering: alpha-beta's leaves versus depth on ``trees.ordered`` trees
    of branching ``branching`` (seed ``seed``) for four orderings on one plot — best first,
    best first with probability ``q``, random and worst — with the b^d and Knuth–Moore
    b^⌈d/2⌉ + b^⌊d/2⌋ − 1 guides, and under it each count divided by the Knuth–Moore minimum at
    its depth.  Sliders change b, the deepest depth, q and the seed; each line has its own colour,
    dash pattern and marker, is named at its end in both panels, and the legend sits under the plot.
    The depth slider reaches only as far as answers within :data:`~mmlib.widgets.growth.ANSWER_SECONDS`.
    """
    _validate.whole("branching", branching, minimum=2, maximum=MAX_BRANCHING)
    _validate.whole("depth", depth, minimum=1, maximum=MAX_DEPTH)
    _validate.whole("seed", seed, minimum=0, maximum=MAX_SEED)
    return OrderingsExplorer(branching, depth, _quality(q), seed, _budget(node_budget))


def quality_explorer(branching: int = 4, depth: int = 6, *, trees: int = 5,
                     node_budget: int | None = None) -> QualityExplorer:
    """An explorer of ordering quality: alpha-beta's leaves at depth ``depth`` versus the
    probability q (0, 0.1, ..., 1) that the best child comes first, the mean over ``trees``
    trees (``trees.ordered`` with seeds 0, 1, ...), with the levels b^d (no pruning) and
    Knuth–Moore (the best order) as guides.  Sliders change b, d and the number of trees,
    within what answers in :data:`~mmlib.widgets.growth.ANSWER_SECONDS`."""
    _validate.whole("branching", branching, minimum=2, maximum=MAX_BRANCHING)
    _validate.whole("depth", depth, minimum=1, maximum=MAX_DEPTH)
    _validate.whole("trees", trees, minimum=1, maximum=MAX_TREES)
    return QualityExplorer(branching, depth, trees, _budget(node_budget))
