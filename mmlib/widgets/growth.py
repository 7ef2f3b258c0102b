"""Growth explorer: how many leaves a search needs as the depth grows, against theory.

>>> explorer = growth_explorer()
>>> explorer.depth.value = 4
>>> explorer.rows[-1]["depth"], explorer.rows[-1]["leaves"]        # best first, b=3: 3^2 + 3^2 - 1
(4, 17)
"""

from __future__ import annotations

import html
import numbers
from typing import Any

from .. import analysis, trees
from ..draw.plots import OKABE_ITO, ordering_name
from ..draw.svg import Series, log_plot_svg
from ..draw.tree import format_value
from ..errors import ArgumentError, ArgumentTypeError, MmlibError, describe
from .common import StaticFallback, VBox, set_status, show_svg, status_html, svg_as_img, svg_figure

__all__ = ["growth_explorer", "GrowthExplorer"]

MAX_BRANCHING = 8
MAX_DEPTH = 30
MAX_TREES = 200
NODE_BUDGET = 40_000
"""Nodes the searches of one depth may take together with the teaching search; deeper
searches are skipped so the kernel never freezes."""
FAST_NODE_BUDGET = 2_000_000_000
"""The same with the compiled counts-only path (:mod:`mmlib.fastcount`, about 20 ns a node):
enough for b = 2 at depth 30 over 100 trees (the whole update then takes under a minute on
two cores)."""


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


class GrowthExplorer(StaticFallback, VBox):
    """Number boxes ``branching``, ``depth``, ``q``, ``seed``, ``trees`` and menus ``ordering``,
    ``algorithm``; the plot in ``output`` (an ``HTML`` showing the SVG text ``svg``), the summary
    in ``status``; ``rows`` holds the measurements shown (means over the trees)."""

    def __init__(self, branching: int, depth: int, ordering: str, algorithm: str, node_budget: int,
                 trees: int = 1):
        widgets = _widgets()
        self.node_budget = node_budget
        self.cache: dict[tuple, dict | None] = {}
        self.rows: list[dict] = []
        # Number boxes with labels rather than sliders: each has a name a screen reader announces,
        # and the arrow keys change it.
        number = widgets.Layout(width="190px")
        self.branching = widgets.BoundedIntText(value=branching, min=2, max=MAX_BRANCHING, description="b",
                                                layout=number)
        self.depth = widgets.BoundedIntText(value=depth, min=1, max=MAX_DEPTH, description="d", layout=number)
        self.ordering = widgets.Dropdown(options=list(ORDERINGS),
                                         value=ordering, description="ordering")
        self.q = widgets.BoundedFloatText(value=0.5, min=0.0, max=1.0, step=0.05, description="q",
                                          layout=number)
        self.seed = widgets.BoundedIntText(value=0, min=0, max=20, description="seed", layout=number)
        self.trees = widgets.BoundedIntText(value=trees, min=1, max=MAX_TREES, description="trees",
                                            layout=number)
        self.algorithm = widgets.Dropdown(options=list(ALGORITHMS), value=algorithm,
                                          description="algorithm")
        for control in (self.branching, self.depth, self.ordering, self.q, self.seed, self.trees,
                        self.algorithm):
            control.observe(self._on_change, names="value")
        self.output = svg_figure()
        self.svg = ""
        self.status = status_html()
        left = widgets.VBox([self.branching, self.depth, self.seed, self.trees])
        right = widgets.VBox([self.ordering, self.q, self.algorithm])
        super().__init__([widgets.HBox([left, right]), self.status, self.output])
        self.add_class("mmlib-growth-explorer")
        self.update()

    def ordering_value(self) -> Any:
        return self.q.value if self.ordering.value == "quality q" else self.ordering.value

    def _on_change(self, change: dict) -> None:
        try:
            self.update()
        except MmlibError as error:  # never raise into the kernel from a slider
            set_status(self.status, str(error), error=True)

    def seeds(self) -> range:
        """The seeds of the trees measured: ``trees`` of them from ``seed`` on."""
        return range(self.seed.value, self.seed.value + self.trees.value)

    def measure(self, branching: int, depth: int, budget: float | None = None) -> dict | None:
        """The row for one depth (cached): leaves and nodes averaged over the trees, or None
        if one tree takes more than ``budget`` or four times its share of it (the forecast of
        :meth:`update` keeps the trees' expected total within the budget)."""
        _whole("branching", branching, 2, MAX_BRANCHING)
        _whole("depth", depth, 1, MAX_DEPTH)
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
                                   "leaves": _mean([r["leaves"] for r in rows]),
                                   "nodes": _mean([r["nodes"] for r in rows])}
        return self.cache[key]

    def forecast(self, b: int, depth: int, rows: list[dict]) -> float:
        """Nodes the trees searched to ``depth`` are expected to need (theory where it is exact)."""
        trees_ = self.trees.value
        if self.algorithm.value == "minimax" or self.ordering_value() == "worst":
            return trees.uniform_node_count(b, depth) * trees_
        if self.ordering_value() == "best":
            return analysis.knuth_moore_nodes(b, depth) * trees_
        if len(rows) >= 2:                   # random order: as much more as the last depth grew
            return rows[-1]["nodes"] * trees_ * rows[-1]["nodes"] / rows[-2]["nodes"]
        return rows[-1]["nodes"] * b * trees_ if rows else 0

    def update(self) -> None:
        """Measure depths 1..d (until the budget runs out) and redraw the plot."""
        b, d = self.branching.value, self.depth.value
        self.q.disabled = self.ordering.value != "quality q"
        rows: list[dict] = []
        left = self.node_budget              # for the searches of each depth
        for depth in range(1, d + 1):
            if self.forecast(b, depth, rows) > left:
                break  # this depth would most likely exceed the budget: do not even start it
            row = self.measure(b, depth, left)
            if row is None:
                break
            rows.append(row)
        self.rows = rows
        pearl = analysis.pearl_branching(b)
        self.svg = self.plot(b, d, pearl)
        show_svg(self.output, self.svg)
        set_status(self.status, self.summary(b, d, pearl))

    def plot(self, b: int, d: int, pearl: float) -> str:
        """The SVG plot: measured leaves per depth, with b^d, Knuth–Moore and Pearl's R_b^d."""
        depths = list(range(1, d + 1))
        rows = self.rows
        seeds = self.seeds()
        which = (f"seed {seeds[0]}" if len(seeds) == 1
                 else f"mean of {len(seeds)} trees, seeds {seeds[0]}–{seeds[-1]}")
        label = f"{self.algorithm.value}, {ordering_name(self.ordering_value())}, {which}"
        series = [
            Series(label, [r["depth"] for r in rows], [r["leaves"] for r in rows], color=OKABE_ITO[0],
                   markers=True, width=2.0),
            Series("bᵈ (no pruning)", depths, [b ** k for k in depths], color="#444444", dash="6 4"),
            Series("Knuth–Moore (best first)", depths, [analysis.knuth_moore_leaves(b, k) for k in depths],
                   color="#444444", dash="2 3"),
            Series("Pearl R_bᵈ (random ordering)", depths, [pearl ** k for k in depths], color="#888888",
                   dash="7 3 2 3"),
        ]
        return log_plot_svg(series, x_range=(0.8, d + 0.2), y_range=(0.8, max(b ** d, 2) * 1.5),
                            title=f"b = {b}: leaves versus depth", xlabel="depth d",
                            ylabel="leaves evaluated (log scale)")

    def summary(self, b: int, d: int, pearl: float) -> str:
        if not self.rows:
            return f"b = {b}: even depth 1 needs more than {self.node_budget:,} nodes."
        last = self.rows[-1]
        ebf = analysis.effective_branching_factor(last["leaves"], last["depth"])
        text = (f"depth {last['depth']}: {last['leaves']:,} leaves, {last['nodes']:,} nodes; effective "
                f"branching factor {format_value(round(ebf, 3))} (b = {b}, √b = {b ** 0.5:.3f}, "
                f"R_b = {pearl:.3f})")
        if last["depth"] < d:
            skipped = f"Depth {d}" if last["depth"] + 1 == d else f"Depths {last['depth'] + 1}–{d}"
            text += f". {skipped} skipped: it would take more than {self.node_budget:,} nodes."
        growth = self.growth_per_ply()
        if growth is not None:
            text += (f". Growth per ply from depth {last['depth'] - 2} to {last['depth']}: "
                     f"{growth:.3f} (R_b = {pearl:.3f})")
        return text

    def growth_per_ply(self) -> float | None:
        """sqrt(N_d / N_(d-2)) at the deepest measured depth d (two plies: one MAX, one MIN level)."""
        by_depth = {row["depth"]: row["leaves"] for row in self.rows}
        d = max(by_depth, default=0)
        if d < 3:
            return None
        return (by_depth[d] / by_depth[d - 2]) ** 0.5


    # -- the still picture for a notebook shown without its widget models ---------------------------
    def fallback_text(self) -> str:
        return (f"Growth explorer: leaves evaluated versus depth for b = {self.branching.value}, "
                f"{ordering_name(self.ordering_value())}, {self.algorithm.value} — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        summary = html.unescape(self.status.value)
        return svg_as_img(self.svg, alt=f"the plot when the notebook was saved: {summary}")


ORDERINGS = ("best", "random", "worst", "quality q", "uniform")
ALGORITHMS = ("alphabeta", "minimax")


def _whole(name: str, value: Any, low: int, high: int) -> None:
    """An ArgumentError naming ``name`` unless ``value`` is a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected a whole number, got {describe(value)}")
    if not low <= int(value) <= high:
        raise ArgumentError(f"{name}: expected {low} to {high:,}, got {describe(value)}")


def growth_explorer(branching: int = 3, depth: int = 4, ordering: str = "best", algorithm: str = "alphabeta",
                    *, trees: int = 1, node_budget: int | None = None) -> GrowthExplorer:
    """An explorer of search cost: leaves evaluated versus depth for a generated tree
    (``trees.ordered``) with the chosen branching, ordering (best / random / worst / quality q,
    or "uniform": Pearl's trees of independent leaf values, ``trees.uniform``),
    seed and algorithm, drawn with the curves b^d, Knuth–Moore and Pearl's R_b^d; the status
    line gives the effective branching factor and, from depth 3 on, the growth per ply.
    ``trees`` (1 to 200) averages over that many trees (seeds ``seed``, ``seed + 1``...).  The
    ranges are bounded (b ≤ 8, d ≤ 30) and the searches of one depth take at most
    ``node_budget`` nodes together (default :data:`FAST_NODE_BUDGET` with the compiled path of
    :mod:`mmlib.fastcount`, else :data:`NODE_BUDGET`), so no setting can freeze the kernel for long.
    """
    _whole("branching", branching, 2, MAX_BRANCHING)
    _whole("depth", depth, 1, MAX_DEPTH)
    for name, value, options in (("ordering", ordering, ORDERINGS), ("algorithm", algorithm, ALGORITHMS)):
        if not isinstance(value, str) or value not in options:
            raise ArgumentError(f"{name}: expected one of {', '.join(options)}, got {describe(value)}")
    _whole("trees", trees, 1, MAX_TREES)
    if node_budget is None:
        from .. import fastcount
        node_budget = FAST_NODE_BUDGET if fastcount.compiled() else NODE_BUDGET
    _whole("node_budget", node_budget, 1, 10 ** 10)
    return GrowthExplorer(branching, depth, ordering, algorithm, node_budget, trees)


def _mean(values: list[int]) -> float:
    """The mean, as a whole number when it is one (one tree: its own count)."""
    mean = sum(values) / len(values)
    return int(mean) if mean.is_integer() else mean
