"""Growth plots: how many nodes a search needs as the tree gets deeper, against theory.

Both functions take the rows of :func:`mmlib.analysis.sweep` (dicts with ``branching``,
``depth``, ``ordering``, ``algorithm``, ``seed``, ``nodes``, ``leaves``, ``cutoffs``);
rows that differ only in ``seed`` are averaged.

>>> from mmlib import analysis
>>> rows = analysis.sweep([3], [1, 2, 3, 4], ["best", "random"], ["minimax", "alphabeta"])
>>> figure = plot_growth(rows)
>>> figure.axes[0].get_yscale()
'log'
>>> type(plot_ebf(rows)).__name__
'Figure'
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from ..errors import ArgumentError, ArgumentTypeError, describe
from .display import check_axes

__all__ = ["plot_growth", "plot_ebf", "average_rows", "ordering_name", "OKABE_ITO"]

MEASURES = ("leaves", "nodes")
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
"""The Okabe–Ito palette, safe with deuteranopia and protanopia; each series also has its own
line style and marker, so colour is never the only thing that tells two lines apart."""
LINE_STYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
THEORY_STYLES = ((0, (6, 3)), (0, (1, 2)), (0, (6, 2, 1, 2)))
"""Dashed, dotted and dash-dotted: b^d, Knuth–Moore and Pearl, drawn in black and grey without markers."""
FONT_SIZE = 10
"""Points, for legends, ticks and axis labels at the figure's own size (7.5 inches wide, under 900 px)."""

ORDERING_NAMES = {
    "best": "best ordering",
    "worst": "worst ordering",
    "random": "random ordering",
    "uniform": "random ordering (i.i.d. leaf values)",
}


def ordering_name(ordering: Any) -> str:
    """How notebooks 04 and 05 name an ordering: ``"random ordering"``, ``"best ordering"``...
    (``"uniform"``, Pearl's tree of independent leaf values, is random ordering too).

    >>> ordering_name("uniform"), ordering_name("best"), ordering_name(0.9)
    ('random ordering (i.i.d. leaf values)', 'best ordering', 'best move first with probability q = 0.9')
    """
    if isinstance(ordering, float):
        return f"best move first with probability q = {ordering:g}"
    return ORDERING_NAMES.get(ordering, str(ordering))


def average_rows(rows: Iterable[dict], measure: str = "leaves") -> dict[tuple, list[tuple[int, float]]]:
    """``(branching, ordering, algorithm) -> [(depth, mean of measure over seeds), ...]`` by depth.

    >>> average_rows([{"branching": 2, "depth": 1, "ordering": "best", "algorithm": "minimax",
    ...                "seed": s, "leaves": 2 + s} for s in (0, 2)])
    {(2, 'best', 'minimax'): [(1, 3.0)]}
    """
    if not isinstance(measure, str) or measure not in MEASURES:
        raise ArgumentError(f"measure: expected 'leaves' or 'nodes', got {describe(measure)}")
    if isinstance(rows, (str, bytes, dict)) or not isinstance(rows, Iterable):
        raise ArgumentTypeError(f"rows: expected rows of measurements (dicts, as analysis.sweep "
                                f"returns), got {type(rows).__name__}")
    sums: dict[tuple, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        try:
            key = (row["branching"], row["ordering"], row["algorithm"])
            sums[key][row["depth"]].append(row[measure])
        except (KeyError, TypeError, IndexError):
            raise ArgumentError(f"rows: each row needs branching, depth, ordering, algorithm and "
                                f"{measure} (as analysis.sweep returns), got {describe(row)}") from None
    return {key: [(d, sum(v) / len(v)) for d, v in sorted(by_depth.items())]
            for key, by_depth in sums.items()}


def _series_label(key: tuple, many_branchings: bool) -> str:
    branching, ordering, algorithm = key
    text = f"{algorithm}, {ordering_name(ordering)}"
    return f"b={branching}: {text}" if many_branchings else text


def _theory_curves(branching: int, depths: list[int], measure: str) -> dict[str, list[float]]:
    from .. import analysis

    pearl = analysis.pearl_branching(branching)
    km_leaves = [analysis.knuth_moore_leaves(branching, d) for d in depths]
    km_nodes = [analysis.knuth_moore_nodes(branching, d) for d in depths]
    if measure == "leaves":
        return {
            f"$b^d$ (minimax, b={branching})": [branching ** d for d in depths],
            f"Knuth–Moore $b^{{⌈d/2⌉}}+b^{{⌊d/2⌋}}-1$ (b={branching})": km_leaves,
            f"Pearl $R_b^d$, $R_{{{branching}}}$={pearl:.3f}": [pearl ** d for d in depths],
        }
    return {
        f"all nodes (minimax, b={branching})": [(branching ** (d + 1) - 1) // (branching - 1)
                                                 if branching > 1 else d + 1 for d in depths],
        f"Knuth–Moore minimal tree (b={branching})": km_nodes,
        f"Pearl $\\sum R_b^k$, $R_{{{branching}}}$={pearl:.3f}": [sum(pearl ** k for k in range(d + 1))
                                                                for d in depths],
    }


def _new_axes(ax: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    check_axes(ax)
    if ax is not None:
        return ax.figure, ax
    figure = Figure(figsize=size, layout="constrained")
    return figure, figure.add_subplot()


def _style(index: int) -> dict:
    """Colour, line style and marker of the ``index``-th measured series (all three differ)."""
    return {"color": OKABE_ITO[index % len(OKABE_ITO)], "ls": LINE_STYLES[index % len(LINE_STYLES)],
            "marker": MARKERS[index % len(MARKERS)]}


def _finish(figure: Any, ax: Any, own_figure: bool, title: str, entries: int) -> None:
    """Fonts of at least 10 pt, a title, and the legend under the plot where it covers no line."""
    ax.tick_params(labelsize=FONT_SIZE)
    ax.xaxis.label.set_size(FONT_SIZE + 1)
    ax.yaxis.label.set_size(FONT_SIZE + 1)
    ax.set_title(title, fontsize=FONT_SIZE + 2)
    columns = 1 if entries <= 3 else 2
    if own_figure:
        figure.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncols=columns,
                      fontsize=FONT_SIZE, frameon=False)
    else:
        ax.legend(fontsize=FONT_SIZE, loc="best", ncols=columns)


def plot_growth(rows: Iterable[dict], *, measure: str = "leaves", theory: bool = True, ax: Any = None,
                title: str | None = None) -> Any:
    """Leaves (or nodes) searched versus depth on a log axis, one line per
    (branching, ordering, algorithm), with the theory curves b^d, Knuth–Moore and Pearl's
    R_b^d as dashed lines for each branching factor; returns the Figure."""
    if not isinstance(theory, bool):
        raise ArgumentTypeError(f"theory: expected True or False, got {describe(theory)}")
    series = average_rows(rows, measure)
    if not series:
        raise ArgumentError("rows: no rows to plot (run analysis.sweep first)")
    own_figure = ax is None
    figure, ax = _new_axes(ax, (7.5, 4.8))
    branchings = sorted({key[0] for key in series})
    for index, (key, points) in enumerate(series.items()):
        ax.plot([d for d, _ in points], [v for _, v in points], ms=6, lw=1.8, **_style(index),
                label=_series_label(key, len(branchings) > 1))
    if theory:
        depths = sorted({d for points in series.values() for d, _ in points})
        greys = ["#000000", "#777777", "#333333", "#999999"]
        for i, branching in enumerate(branchings):
            curves = _theory_curves(branching, depths, measure)
            for style, (name, values) in zip(THEORY_STYLES, curves.items(), strict=True):
                ax.plot(depths, values, ls=style, color=greys[i % len(greys)], lw=1.3, label=name)
    ax.set_yscale("log")
    ax.set_xlabel("depth d")
    ax.set_ylabel(f"{measure} searched (log scale)")
    ax.grid(True, which="major", alpha=0.3)
    _finish(figure, ax, own_figure, title or f"{measure.capitalize()} searched versus depth",
            len(series) + 3 * len(branchings) * theory)
    return figure


def plot_ebf(rows: Iterable[dict], *, ax: Any = None, title: str | None = None) -> Any:
    """Effective branching factor leaves^(1/d) versus depth, with reference lines at b,
    Pearl's R_b and √b (Knuth–Moore's best case) for each branching factor; returns the Figure."""
    from .. import analysis

    series = average_rows(rows, "leaves")
    if not series:
        raise ArgumentError("rows: no rows to plot (run analysis.sweep first)")
    own_figure = ax is None
    figure, ax = _new_axes(ax, (7.5, 4.5))
    branchings = sorted({key[0] for key in series})
    for index, (key, points) in enumerate(series.items()):
        ax.plot([d for d, _ in points], [analysis.effective_branching_factor(v, d) for d, v in points],
                ms=6, lw=1.8, **_style(index), label=_series_label(key, len(branchings) > 1))
    for branching in branchings:
        references = {f"b = {branching}": branching,
                      f"$R_{{{branching}}}$ = {analysis.pearl_branching(branching):.3f}":
                          analysis.pearl_branching(branching),
                      f"√{branching} = {math.sqrt(branching):.3f}": math.sqrt(branching)}
        for style, (name, value) in zip(THEORY_STYLES, references.items(), strict=True):
            ax.axhline(value, ls=style, color="#333333", lw=1.3, label=name)
    ax.set_xlabel("depth d")
    ax.set_ylabel("effective branching factor  leaves$^{1/d}$")
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    _finish(figure, ax, own_figure, title or "Effective branching factor versus depth",
            len(series) + 3 * len(branchings))
    return figure
