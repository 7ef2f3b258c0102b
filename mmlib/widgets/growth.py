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
from .common import StaticFallback, set_status, show_svg, status_html, svg_as_img, svg_figure

__all__ = ["growth_explorer", "GrowthExplorer"]

MAX_BRANCHING = 8
MAX_DEPTH = 8
NODE_BUDGET = 40_000
"""Nodes one update may search in all; deeper searches are skipped so the kernel never freezes."""


def _widgets():
    import ipywidgets
    return ipywidgets


class GrowthExplorer(StaticFallback, _widgets().VBox):
    """Sliders ``branching``, ``depth``, ``ordering``, ``q``, ``seed``, ``algorithm``; the plot in
    ``output`` (an ``HTML`` showing the SVG text ``svg``), the summary in ``status``; ``rows``
    holds the measurements shown."""

    def __init__(self, branching: int, depth: int, ordering: str, algorithm: str, node_budget: int):
        widgets = _widgets()
        self.node_budget = node_budget
        self.cache: dict[tuple, dict] = {}
        self.rows: list[dict] = []
        # Number boxes with labels rather than sliders: each has a name a screen reader announces,
        # and the arrow keys change it.
        number = widgets.Layout(width="190px")
        self.branching = widgets.BoundedIntText(value=branching, min=2, max=MAX_BRANCHING, description="b",
                                                layout=number)
        self.depth = widgets.BoundedIntText(value=depth, min=1, max=MAX_DEPTH, description="d", layout=number)
        self.ordering = widgets.Dropdown(options=list(ORDERINGS), value=ordering,
                                         description="ordering")
        self.q = widgets.BoundedFloatText(value=0.5, min=0.0, max=1.0, step=0.05, description="q",
                                          layout=number)
        self.seed = widgets.BoundedIntText(value=0, min=0, max=20, description="seed", layout=number)
        self.algorithm = widgets.Dropdown(options=list(ALGORITHMS), value=algorithm,
                                          description="algorithm")
        for control in (self.branching, self.depth, self.ordering, self.q, self.seed, self.algorithm):
            control.observe(self._on_change, names="value")
        self.output = svg_figure()
        self.svg = ""
        self.status = status_html()
        left = widgets.VBox([self.branching, self.depth, self.seed])
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

    def measure(self, branching: int, depth: int) -> dict | None:
        """The row for one depth (cached), or None if it would exceed the node budget."""
        _whole("branching", branching, 2, MAX_BRANCHING)
        _whole("depth", depth, 1, MAX_DEPTH)
        key = (branching, depth, self.ordering_value(), self.seed.value, self.algorithm.value)
        if key not in self.cache:
            try:
                self.cache[key] = analysis.measure(branching, depth, key[2], key[4], key[3],
                                                   max_nodes=self.node_budget)
            except MmlibError:  # over the budget (NodeBudgetExceeded) or a refused search
                self.cache[key] = None
        return self.cache[key]

    def forecast(self, b: int, depth: int, rows: list[dict]) -> float:
        """Nodes a search to ``depth`` is expected to need (theory where it is exact)."""
        if self.algorithm.value == "minimax" or self.ordering_value() == "worst":
            return trees.uniform_node_count(b, depth)
        if self.ordering_value() == "best":
            return analysis.knuth_moore_nodes(b, depth)
        return rows[-1]["nodes"] * b if rows else 0

    def update(self) -> None:
        """Measure depths 1..d (until the budget runs out) and redraw the plot."""
        b, d = self.branching.value, self.depth.value
        self.q.disabled = self.ordering.value != "quality q"
        rows: list[dict] = []
        for depth in range(1, d + 1):
            if self.forecast(b, depth, rows) > self.node_budget:
                break  # this depth would most likely exceed the budget: do not even start it
            row = self.measure(b, depth)
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
        label = f"{self.algorithm.value}, {ordering_name(self.ordering_value())}, seed {self.seed.value}"
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
        return text


    # -- the still picture for a notebook shown without its widget models ---------------------------
    def fallback_text(self) -> str:
        return (f"Growth explorer: leaves evaluated versus depth for b = {self.branching.value}, "
                f"{ordering_name(self.ordering_value())}, {self.algorithm.value} — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        summary = html.unescape(self.status.value)
        return svg_as_img(self.svg, alt=f"the plot when the notebook was saved: {summary}")


ORDERINGS = ("best", "random", "worst", "quality q")
ALGORITHMS = ("alphabeta", "minimax")


def _whole(name: str, value: Any, low: int, high: int) -> None:
    """An ArgumentError naming ``name`` unless ``value`` is a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentTypeError(f"{name}: expected a whole number, got {describe(value)}")
    if not low <= value <= high:
        raise ArgumentError(f"{name}: expected {low} to {high:,}, got {describe(value)}")


def growth_explorer(branching: int = 3, depth: int = 4, ordering: str = "best", algorithm: str = "alphabeta",
                    *, node_budget: int = NODE_BUDGET) -> GrowthExplorer:
    """An explorer of search cost: leaves evaluated versus depth for a generated tree
    (``trees.ordered``) with the chosen branching, ordering (best / random / worst / quality q),
    seed and algorithm, drawn with the curves b^d, Knuth–Moore and Pearl's R_b^d; the status
    line gives the effective branching factor.  Slider ranges are bounded (b ≤ 8, d ≤ 8) and
    each search stops at ``node_budget`` nodes, so no setting can freeze the kernel.
    """
    _whole("branching", branching, 2, MAX_BRANCHING)
    _whole("depth", depth, 1, MAX_DEPTH)
    _whole("node_budget", node_budget, 1, 10 ** 9)
    for name, value, options in (("ordering", ordering, ORDERINGS), ("algorithm", algorithm, ALGORITHMS)):
        if not isinstance(value, str) or value not in options:
            raise ArgumentError(f"{name}: expected one of {', '.join(options)}, got {describe(value)}")
    return GrowthExplorer(branching, depth, ordering, algorithm, node_budget)
