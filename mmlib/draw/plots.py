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

Every series has its own colour, line style and marker (:func:`mmlib.draw.style.series_style`);
the theory curves are black and grey, each with a dash of its own, without markers; the legend
sits under the plot, where it covers no line; no text is under 11 pt; the y axis is named
above it, level (no turned text).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, printable
from ..trace.algorithms import search_name
from . import lineplot, style
from .display import check_axes, check_figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_growth", "plot_ebf", "add_band", "legend_below", "label_ends", "say_coinciding",
           "pearl_curve", "say_where_pearl_runs",
           "average_rows", "ordering_name", "OKABE_ITO"]

MEASURES = ("leaves", "nodes")
OKABE_ITO = style.OKABE_ITO
"""The Okabe–Ito palette, safe with deuteranopia and protanopia; each series also has its own
line style and marker, so colour is never the only thing that tells two lines apart."""
FONT_SIZE = style.TEXT_PT
"""Points, for legends and ticks (the figures are 7.5 inches wide, under a 900-pixel column)."""
RANDOM_ORDERINGS = ("random", "uniform")

ORDERING_NAMES = {
    "best": "best ordering",
    "worst": "worst ordering",
    "random": "random ordering",
    "uniform": "random ordering (i.i.d. leaf values)",
}


def ordering_name(ordering: str | float) -> str:
    """How notebooks 05 and 06 name an ordering: ``"random ordering"``, ``"best ordering"``...
    (``"uniform"``, Pearl's tree of independent leaf values, is random ordering too).

    >>> ordering_name("uniform"), ordering_name("best"), ordering_name(0.9)
    ('random ordering (i.i.d. leaf values)', 'best ordering', 'best move first with probability q = 0.9')
    """
    if isinstance(ordering, float):
        return f"best move first with probability q = {ordering:g}"
    return ORDERING_NAMES.get(ordering, str(ordering))


def average_rows(rows: Iterable[dict[str, Any]], measure: str = "leaves"
                 ) -> dict[tuple[Any, ...], list[tuple[int, float]]]:
    """``(branching, ordering, algorithm) -> [(depth, mean of measure over seeds), ...]`` by depth.

    >>> average_rows([{"branching": 2, "depth": 1, "ordering": "best", "algorithm": "minimax",
    ...                "seed": s, "leaves": 2 + s} for s in (0, 2)])
    {(2, 'best', 'minimax'): [(1, 3.0)]}
    """
    if not isinstance(measure, str) or measure not in MEASURES:
        raise ArgumentError(f"measure: expected 'leaves' or 'nodes', got {printable(measure)}")
    if isinstance(rows, (str, bytes, dict)) or not isinstance(rows, Iterable):
        raise ArgumentTypeError(f"rows: expected rows of measurements (dicts, as analysis.sweep "
                                f"returns), got {type(rows).__name__}")
    sums: dict[tuple[Any, ...], dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        try:
            key = (row["branching"], row["ordering"], row["algorithm"])
            sums[key][row["depth"]].append(row[measure])
        except (KeyError, TypeError, IndexError):
            raise ArgumentError(f"rows: each row needs branching, depth, ordering, algorithm and "
                                f"{measure} (as analysis.sweep returns), got {printable(row)}") from None
    return {key: [(d, sum(v) / len(v)) for d, v in sorted(by_depth.items())]
            for key, by_depth in sums.items()}


def _series_label(key: tuple[Any, ...], many_branchings: bool, *, algorithm: bool = True,
                  ordering: bool = True) -> str:
    """A series' legend label: its branching factor (when the figure has several), its search and its
    ordering, leaving out what the figure says once for every series."""
    branching, order, name = key
    text = ", ".join([search_name(name)] * algorithm + [ordering_name(order)] * ordering)
    if not many_branchings:
        return text
    return f"b = {branching}: {text}" if text else f"b = {branching}"


def pearl_curve(branching: int, depths: Iterable[int], through: tuple[int, float]) -> list[float]:
    """Pearl's growth for random ordering drawn as a curve: ×R_b per ply, through the measured
    point ``through = (depth, leaves)`` (R_b is a rate per ply; the constant in front of R_b^d is
    not part of the theorem, so it is fitted to a measurement).

    >>> [round(v, 1) for v in pearl_curve(4, [3, 4, 5], through=(5, 1000.0))]
    [144.6, 380.3, 1000.0]
    """
    from .. import analysis

    rate = analysis.pearl_branching(branching)
    depth, leaves = through
    return [leaves * rate ** (d - depth) for d in depths]


def _theory_curves(branching: int, depths: list[int], measure: str,
                   random_points: list[tuple[int, float]]) -> list[tuple[str, str, list[int], list[float]]]:
    """``(style name, label, depths, values)`` of each reference curve for ``branching``: b^d and
    Knuth–Moore; Pearl's rate only beside a measured random-ordering series, fitted through its
    deepest point and drawn where it lies above the Knuth–Moore count (no ordering beats the best)."""
    from .. import analysis

    if measure == "leaves":
        curves = [("minimax", f"$b^d$ (minimax, b={branching})", depths, [branching ** d for d in depths]),
                  ("knuth-moore", f"Knuth–Moore $b^{{⌈d/2⌉}}+b^{{⌊d/2⌋}}-1$ (b={branching})", depths,
                   [analysis.knuth_moore_leaves(branching, d) for d in depths])]
        best = {d: analysis.knuth_moore_leaves(branching, d) for d in depths}
    else:
        curves = [("minimax", f"all nodes (minimax, b={branching})", depths,
                   [(branching ** (d + 1) - 1) // (branching - 1) if branching > 1 else d + 1
                    for d in depths]),
                  ("knuth-moore", f"Knuth–Moore minimal tree (b={branching})", depths,
                   [analysis.knuth_moore_nodes(branching, d) for d in depths])]
        best = {d: analysis.knuth_moore_nodes(branching, d) for d in depths}
    if random_points:
        values = pearl_curve(branching, depths, random_points[-1])
        kept = [(d, v) for d, v in zip(depths, values, strict=True) if v >= best[d]]
        rate = analysis.pearl_branching(branching)
        curves.append(("pearl", f"Pearl: ×$R_{{{branching}}}$ = {rate:.3f} per ply (random ordering)",
                       [d for d, _ in kept], [v for _, v in kept]))
    return curves


def _new_axes(ax: Axes | None, size: tuple[float, float]) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    check_axes(ax)
    if ax is not None:
        return ax.figure, ax
    figure = Figure(figsize=size, layout="constrained")
    return figure, figure.add_subplot()


def _style(index: int) -> dict[str, Any]:
    """Colour, line style and marker of the ``index``-th measured series (all three differ)."""
    look = style.series_style(index)
    return {"color": look.color, "ls": look.dash, "marker": look.marker}


def _style_indices(series: dict[tuple[Any, ...], Any]) -> list[int]:
    """The style of each series: for one branching factor and one algorithm, by its ordering, so an
    ordering looks the same in every figure (another q, or an ordering with no style of its own,
    takes the first style no series here uses); otherwise by position, so two branchings or two
    algorithms are never drawn alike."""
    if len({key[0] for key in series}) > 1 or len({key[2] for key in series}) > 1:
        return list(range(len(series)))
    indices: list[int | None] = []
    for _, ordering, _ in series:
        own = style.ORDERING_STYLES.get(ordering if isinstance(ordering, str) else "q")
        indices.append(own if own is not None and own not in indices else None)
    free = (k for k in range(len(series) + len(style.ORDERING_STYLES)) if k not in indices)
    return [next(free) if index is None else index for index in indices]


def _theory_style(name: str) -> dict[str, Any]:
    look = style.THEORY[name]
    return {"color": look.color, "ls": look.dash, "lw": 1.5}


def _finish(figure: Any, ax: Any, own_figure: bool, title: str, ylabel: str) -> None:
    """Fonts of at least 11 pt, a title, the y axis named level above it, and the legend under
    the plot where it covers no line."""
    ax.tick_params(labelsize=FONT_SIZE)
    ax.xaxis.label.set_size(style.VALUE_PT)
    ax.set_ylabel(ylabel, rotation=0, ha="left", va="bottom", fontsize=style.VALUE_PT)
    ax.yaxis.set_label_coords(0.0, 1.02)
    ax.set_title(title, fontsize=style.TITLE_PT, pad=style.VALUE_PT * 2.2)
    legend_below(figure if own_figure else ax)


def legend_below(where: Any) -> Any:
    """(Re)make the legend of a plot under it, its entries in rows as a tree's legend has them
    (:func:`mmlib.draw.tree.row_legend`: each row filled left to right before the next): ``where``
    is the Figure made by :func:`plot_growth` / :func:`plot_ebf` (one legend for the figure) or
    an Axes drawn into (its own legend, under it).  Any legend there before is replaced."""
    from matplotlib.figure import Figure

    from .tree import row_legend

    _check_where(where)
    axes = where.axes[0] if isinstance(where, Figure) else where
    say_coinciding(axes)
    handles, _ = axes.get_legend_handles_labels()
    if isinstance(where, Figure):
        for old in list(where.legends):
            old.remove()
        return row_legend(where, handles, where.get_figwidth() * 72, loc="outside lower center",
                          bbox_to_anchor=None, bbox_transform=where.transSubfigure)
    old_legend = axes.get_legend()
    if old_legend is not None:
        old_legend.remove()
    inches = axes.get_position().width * where.get_figure(root=True).get_figwidth()
    return row_legend(axes, handles, inches * 72, loc="upper center", bbox_to_anchor=(0.5, -0.14))


def say_coinciding(ax: Any, *, pixels: float = 1.0) -> list[str]:
    """Add to the label of every line of ``ax`` that lies on another one as drawn that it does
    (:func:`mmlib.draw.lineplot.say_coinciding`: ``"worst — exactly on b^d"`` when their data
    are equal, ``"— on b^d to the eye, at most 2 apart"`` when not), so the legend names what
    the picture cannot show; returns the labels changed.  Called by :func:`legend_below`.

    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> _ = ax.plot([1, 2, 3], [2, 4, 8], label="measured"); _ = ax.plot([1, 3], [2, 8], label="theory")
    >>> _ = ax.plot([1, 2, 3], [2, 4, 8], label="centre-first"); _ = ax.plot([1, 2], [2, 3], label="other")
    >>> _ = ax.plot([1, 2, 3], [2000, 4000, 8000], label="ten thousand")
    >>> _ = ax.plot([1, 2, 3], [2000, 4001, 8000], label="one off")
    >>> say_coinciding(ax)
    ['measured — exactly on centre-first', 'ten thousand — on one off to the eye, at most 1 apart']
    """
    import numpy as np

    lines = [line for line in ax.get_lines() if not str(line.get_label()).startswith("_")
             and line.get_visible() and len(line.get_xydata())]
    drawn = [[(float(x), float(y)) for x, y in line.get_transform().transform(np.asarray(line.get_xydata(),
                                                                                       dtype=float))]
             for line in lines]
    to_data = ax.transData.inverted()            # a line drawn in axes coordinates (axhline) too
    data = [[(float(x), float(y)) for x, y in (line.get_xydata() if line.get_transform() == ax.transData else
                                                to_data.transform(np.asarray(points)))]
            for line, points in zip(lines, drawn, strict=True)]
    labels = [str(line.get_label()) for line in lines]
    changed = []
    new_labels = lineplot.say_coinciding(labels, drawn, data, pixels=pixels)
    for line, old, new in zip(lines, labels, new_labels, strict=True):
        if new != old:
            line.set_label(new)
            changed.append(new)
    return changed


def label_ends(ax: Any, names: dict[str, str] | None = None) -> list[str]:
    """Write a short name right of the axes ``ax`` beside the last point of each line with markers
    (each measured series) and of each guide ``names`` lists, joined to it by a leader in the
    line's colour, the names spread apart so none overlaps another
    (:func:`mmlib.draw.endlabels.spread`, as the explorers' SVG plots place theirs); ``names``
    maps a line's label to its name there (default: the label itself); returns the names written,
    top to bottom.  Lines that run close together are then told
    apart where they are, not only in the legend.

    >>> from matplotlib.figure import Figure
    >>> ax = Figure(layout="constrained").add_subplot()
    >>> _ = ax.plot([1, 2], [5, 9], marker="o", label="centre first")
    >>> _ = ax.plot([1, 2], [5, 9.1], marker="s", label="static order")
    >>> _ = ax.plot([1, 2], [1, 2], label="guide")                    # no markers: not named
    >>> label_ends(ax, {"static order": "static"})
    ['static', 'centre first']
    """
    import numpy as np

    from .endlabels import spread

    check_axes(ax)
    if ax is None:
        raise ArgumentTypeError("ax: expected matplotlib Axes, got None")
    names = {} if names is None else names
    figure = ax.get_figure(root=True)
    engine = figure.get_layout_engine()
    if engine is not None:
        engine.execute(figure)                           # the layout settles before pixels are read
    lines = [line for line in ax.get_lines() if not str(line.get_label()).startswith("_")
             and line.get_visible() and (line.get_marker() not in (None, "", "None", " ")
                                         or str(line.get_label()).split(lineplot.ON_WORDS)[0] in names)]
    ends = []
    for line in lines:
        points = np.asarray(line.get_xydata(), dtype=float)
        points = points[np.isfinite(points).all(axis=1) & ((points[:, 1] > 0) | (ax.get_yscale() != "log"))]
        if len(points):
            ends.append((line, points[-1], ax.transData.transform(points[-1])))
    box = ax.get_window_extent()
    gap = FONT_SIZE * 1.25 * figure.dpi / 72
    places = spread([float(y) for _, _, (_, y) in ends], gap=gap, low=box.y0, high=box.y1)
    written = []
    to_points = 72 / figure.dpi
    for (line, end, (x, y)), place in zip(ends, places, strict=True):
        label = str(line.get_label()).split(lineplot.ON_WORDS)[0]      # as named before legend_below
        name = names.get(label, label)
        leader = {"arrowstyle": "-", "color": line.get_color(), "lw": 1.5, "shrinkA": 2, "shrinkB": 6}
        ax.annotate(name, xy=tuple(end), xytext=((box.x1 - x) * to_points + 14, (place - y) * to_points),
                    textcoords="offset points", va="center", ha="left", fontsize=FONT_SIZE, color=style.INK,
                    annotation_clip=False, arrowprops=leader)
        written.append((place, name))
    return [name for _, name in sorted(written, reverse=True)]


def add_band(figure: Any, xs: Iterable[float], low: Iterable[float], high: Iterable[float], *, label: str,
             ordering: str | float) -> Any:
    """Shade a band (a confidence interval) round the series of ``ordering`` on a figure of
    :func:`plot_ebf` or :func:`plot_growth`, in that series' colour and hatched (so it is told
    apart by more than colour), and remake the legend with it; returns the figure.

    >>> from mmlib import analysis
    >>> rows = analysis.sweep([2], [1, 2, 3], ["random"], ["alphabeta"], seeds=range(3))
    >>> figure = add_band(plot_ebf(rows), [1, 2, 3], [1.5, 1.5, 1.5], [2, 2, 2], label="95% band",
    ...                   ordering="random")
    >>> [text.get_text() for text in figure.legends[0].get_texts()][-1]
    '95% band'
    """
    from matplotlib.colors import to_rgb

    check_figure(figure)
    _validate.text("label", label)
    if not figure.axes:
        raise ArgumentError("figure: expected a figure of plot_growth or plot_ebf, got an empty figure")
    xs, low, high = (_numbers(name, values) for name, values in (("xs", xs), ("low", low), ("high", high)))
    if not len(xs) == len(low) == len(high):
        raise ArgumentError(f"xs, low, high: expected as many numbers each, got {len(xs)}, {len(low)} "
                            f"and {len(high)}")
    ax = figure.axes[0]
    name = ordering_name(ordering)
    line = next((line for line in ax.get_lines() if name in line.get_label()), None)
    if line is None:
        raise ArgumentError(f"ordering: no series of {name!r} in this figure")
    ax.fill_between(xs, low, high, facecolor=(*to_rgb(line.get_color()), 0.35),
                    edgecolor=line.get_color(), hatch="///", linewidth=0.0, label=label, zorder=1)
    legend_below(figure if figure.legends else ax)
    return figure


def _draw_theory(ax: Any, series: dict[tuple[Any, ...], list[tuple[int, float]]], branchings: list[int],
                 measure: str, *, pearl: bool, compact: bool) -> None:
    """The reference curves of each branching factor (:func:`_theory_curves`); Pearl's beside a
    random-ordering series when ``pearl``."""
    depths = sorted({d for points in series.values() for d, _ in points})
    for branching in branchings:
        randoms = [points for (b, ordering, _), points in series.items()
                   if pearl and b == branching and ordering in RANDOM_ORDERINGS]
        through = randoms[0] if randoms else []
        for name, label, xs, values in _theory_curves(branching, depths, measure, through):
            ax.plot(xs, values, **_theory_style(name), zorder=1.5 if name == "pearl" else 2,
                    label=label.removesuffix(" (random ordering)") if compact else label)


def plot_growth(rows: Iterable[dict[str, Any]], *, measure: str = "leaves", theory: bool = True,
                ax: Axes | None = None, title: str | None = None, end_names: bool = False,
                ratio: bool = False, pearl: bool = True) -> Any:
    """Leaves (or nodes) searched versus depth on a log axis, one line per
    (branching, ordering, algorithm), with the theory curves b^d, Knuth–Moore and Pearl's
    as dashed and dotted lines for each branching factor; beside a random ordering, Pearl's rate
    ×R_b per ply through its deepest point, under that series, its legend entry naming the depths
    where the two run together (:func:`say_where_pearl_runs`); ``end_names``: each series (and
    Pearl's line) also named at its end (:func:`label_ends`: "random", "q = 0.5"...); ``ratio``: a
    second panel under the first divides each series by the Knuth–Moore minimum at its depth, so
    lines that crowd each other on the first are drawn apart (a figure of its own, not with
    ``ax``: as wide as the column, at most :data:`mmlib.draw.style.MAX_HEIGHT_PX` tall, its legend
    in two columns and the one algorithm named over the panels); ``pearl=False`` leaves Pearl's
    line out of the theory curves (b^d and Knuth–Moore stay); returns the Figure.

    >>> from mmlib import analysis
    >>> rows = analysis.sweep([2], [1, 2, 3], ["best", "worst"], ["alphabeta"])
    >>> lower = plot_growth(rows, ratio=True).axes[1]
    >>> [[round(float(y), 2) for y in line.get_ydata()] for line in lower.get_lines()[:2]]
    [[1.0, 1.0, 1.0], [1.0, 1.33, 1.6]]

    (best: the minimum itself; worst: 2^d over Knuth–Moore's 2, 3, 5 leaves.)
    """
    for name, flag in (("theory", theory), ("end_names", end_names), ("ratio", ratio), ("pearl", pearl)):
        if not isinstance(flag, bool):
            raise ArgumentTypeError(f"{name}: expected True or False, got {printable(flag)}")
    if ratio and ax is not None:
        raise ArgumentError("ax: a plot with ratio=True makes a figure of its own (two panels); "
                            "leave ax out or set ratio=False")
    series = average_rows(rows, measure)
    if not series:
        raise ArgumentError("rows: no rows to plot (run analysis.sweep first)")
    own_figure = ax is None
    figure, ax = _new_axes(ax, (7.5, 6.0))
    lower = None
    many = len({key[0] for key in series}) > 1
    # two panels as wide as the column and as tall as a slide shows: the legend in two columns, the
    # algorithm named once (over the panels) when there is one
    compact = ratio and len({key[2] for key in series}) == 1
    # the branching factor alone tells apart series of one search and one ordering: said once, on the axis
    by_branching = many and not ratio and len({key[1:] for key in series}) == 1

    def label(key: tuple[Any, ...]) -> str:
        return _series_label(key, many, algorithm=not (compact or by_branching), ordering=not by_branching)
    if ratio:
        figure.set_size_inches(style.MAX_FIGURE_INCHES, style.MAX_HEIGHT_PX / style.PX_PER_INCH - 0.3)
        figure.delaxes(ax)
        ax, lower = figure.subplots(2, 1, sharex=True, height_ratios=[3, 2])
    branchings = sorted({key[0] for key in series})
    for index, (key, points) in zip(_style_indices(series), series.items(), strict=True):
        ax.plot([d for d, _ in points], [v for _, v in points], ms=7, lw=2.0, **_style(index),
                label=label(key))
    if theory:
        _draw_theory(ax, series, branchings, measure, pearl=pearl, compact=compact)
    ax.set_yscale("log")
    ax.set_xlabel("depth d" if lower is None else "")
    ax.grid(True, which="major", alpha=0.3)
    _, only_ordering, only_search = next(iter(series))
    algorithm = (f" by {search_name(only_search)}" if compact else
                 f" by {search_name(only_search)}, {ordering_name(only_ordering)}" if by_branching else "")
    done = "evaluated" if measure == "leaves" else "searched"    # as every explorer's axis says it
    _finish(figure, ax, own_figure, title or f"{measure.capitalize()} {done} versus depth",
            f"{measure} {done}{algorithm} (log scale)")
    names = {label(key): _end_name(key, many) for key in series}
    names.update({str(line.get_label()): "Pearl" for line in ax.get_lines()
                  if str(line.get_label()).startswith("Pearl") and not many})
    if lower is not None:
        _ratio_panel(lower, series, measure, many, algorithm=not compact)
        if end_names:
            label_ends(lower, names)
    if end_names:
        label_ends(ax, names)
    if (theory and say_where_pearl_runs(ax)) or compact:
        legend_below(figure if own_figure else ax)
    return figure


NEAR_PX = 3.0
"""Two lines closer than this (pixels) read as one line where they run."""


def say_where_pearl_runs(ax: Any, *, pixels: float = NEAR_PX) -> str:
    """Add to the label of Pearl's curve on ``ax`` the depths at which it runs within ``pixels`` of
    the random-ordering series it is fitted to (drawn through that series' deepest point, it
    follows it where their growth agrees): ``"... — on random at depths 5–7"``; returns the words
    added (``""`` when it runs apart, or either line is missing).

    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> _ = ax.plot([1, 2, 3, 4], [1, 2, 4, 8], label="alpha-beta, random ordering")
    >>> _ = ax.plot([1, 2, 3, 4], [3, 2, 4, 8], label="Pearl: ×R per ply")
    >>> say_where_pearl_runs(ax)
    ' — on random at depths 2–4'
    """
    import numpy as np

    def drawn(line: Any) -> list[tuple[float, float]]:
        return [(float(x), float(y)) for x, y in line.get_transform().transform(
            np.asarray(line.get_xydata(), dtype=float))]

    lines = [line for line in ax.get_lines() if not str(line.get_label()).startswith("_")]
    pearls = [line for line in lines if str(line.get_label()).startswith("Pearl")]
    randoms = [line for line in lines if line not in pearls and any(
        ORDERING_NAMES[name] in str(line.get_label()) for name in RANDOM_ORDERINGS)]
    if len(pearls) != 1 or len(randoms) != 1 or lineplot.ON_WORDS in str(pearls[0].get_label()):
        return ""
    figure = ax.get_figure(root=True)
    engine = figure.get_layout_engine()
    if engine is not None:
        engine.execute(figure)                           # the layout settles before pixels are read
    near = lineplot.near_points(drawn(pearls[0]), drawn(randoms[0]), pixels)
    depths = [int(pearls[0].get_xdata()[k]) for k in near]
    if not depths:
        return ""
    words = f" — on random at {'depth' if len(depths) == 1 else 'depths'} {_runs(depths)}"
    pearls[0].set_label(str(pearls[0].get_label()) + words)
    return words


def _runs(numbers: list[int]) -> str:
    """Whole numbers in order, each run of consecutive ones written first–last.

    >>> _runs([2, 5, 6, 7]), _runs([3])
    ('2, 5–7', '3')
    """
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def _ratio_panel(ax: Any, series: dict[tuple[Any, ...], list[tuple[int, float]]], measure: str,
                 many_branchings: bool, *, algorithm: bool = True) -> None:
    """Each series divided by the Knuth–Moore minimum (of leaves or of nodes) at its depth, on a
    log axis with the minimum, 1, drawn as a level line."""
    from matplotlib.ticker import FixedLocator, NullLocator

    from .. import analysis

    ratios = [analysis.times_minimal(key[0], [d for d, _ in points], [v for _, v in points], measure)
              for key, points in series.items()]
    panel = lineplot.ratio_panel(ratios, measure)            # the explorers' SVG ratio panel's axis
    for index, (key, points), ys in zip(_style_indices(series), series.items(), ratios, strict=True):
        ax.plot([d for d, _ in points], ys, ms=7, lw=2.0, **_style(index),
                label=_series_label(key, many_branchings, algorithm=algorithm))
    ax.axhline(1.0, **_theory_style("knuth-moore"), label="_the minimum", zorder=1.5)   # under the series
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(FixedLocator(panel.ticks))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_yticklabels([str(t) for t in panel.ticks])
    ax.set_ylim(*panel.y_range)
    ax.set_xlabel("depth d", fontsize=style.VALUE_PT)
    ax.tick_params(labelsize=FONT_SIZE)
    ax.grid(True, which="major", alpha=0.3)
    ax.set_ylabel(panel.ylabel, rotation=0, ha="left", va="bottom", fontsize=style.VALUE_PT)
    ax.yaxis.set_label_coords(0.0, 1.02)


def _end_name(key: tuple[Any, ...], many_branchings: bool) -> str:
    """A series' name at its line's end: its ordering in a word or two (``"q = 0.5"``, ``"random"``).

    >>> _end_name((4, 0.5, "alphabeta"), False), _end_name((3, "best", "minimax"), True)
    ('q = 0.5', 'b=3 best')
    """
    branching, ordering, _ = key
    name = (f"q = {ordering:g}" if isinstance(ordering, float)
            else ordering_name(ordering).split(" ordering")[0])
    return f"b={branching} {name}" if many_branchings else name


def plot_ebf(rows: Iterable[dict[str, Any]], *, ax: Axes | None = None, title: str | None = None) -> Any:
    """Effective branching factor leaves^(1/d) versus depth, with for each branching factor the
    exact best case (Knuth–Moore's count) and the limits b, Pearl's R_b and √b as level lines;
    returns the Figure."""
    from .. import analysis

    series = average_rows(rows, "leaves")
    if not series:
        raise ArgumentError("rows: no rows to plot (run analysis.sweep first)")
    own_figure = ax is None
    figure, ax = _new_axes(ax, (7.5, 6.0))
    branchings = sorted({key[0] for key in series})
    depths = sorted({d for points in series.values() for d, _ in points})
    for index, (key, points) in zip(_style_indices(series), series.items(), strict=True):
        ax.plot([d for d, _ in points], [analysis.effective_branching_factor(v, d) for d, v in points],
                ms=7, lw=2.0, **_style(index), label=_series_label(key, len(branchings) > 1), zorder=3)
    for branching in branchings:
        km = [analysis.effective_branching_factor(analysis.knuth_moore_leaves(branching, d), d)
              for d in depths]
        ax.plot(depths, km, **_theory_style("knuth-moore"), label=f"Knuth–Moore best case (b={branching})",
                zorder=4)                  # on top: the best ordering's measurements follow it exactly
        rate = analysis.pearl_branching(branching)
        ax.axhline(branching, **_theory_style("minimax"), label=f"limit with no pruning: b = {branching}")
        ax.axhline(rate, **_theory_style("pearl"),
                   label=f"limit for random ordering: $R_{{{branching}}}$ = {rate:.3f}")
        ax.axhline(math.sqrt(branching), color="#000000", lw=0.8, ls="-",
                   label=f"limit for the best ordering: √{branching} = {math.sqrt(branching):.3f}")
    ax.set_xlabel("depth d")
    ax.set_ylim(bottom=min(math.sqrt(b) for b in branchings) * 0.8, top=max(branchings) * 1.08)   # √b to b
    ax.grid(True, alpha=0.3)
    _finish(figure, ax, own_figure, title or "Effective branching factor versus depth",
            "effective branching factor = leaves$^{1/d}$")
    return figure


def _numbers(name: str, values: Iterable[float]) -> list[float]:
    """``values`` as a list of finite numbers, or an ArgumentError naming ``name``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ArgumentTypeError(f"{name}: expected a list of numbers, got {printable(values)}")
    numbers = []
    for index, value in enumerate(values):
        _validate.number(f"{name}[{index}]", value, finite=True)
        try:
            numbers.append(float(value))
        except OverflowError:                     # a whole number too large to plot
            raise ArgumentError(f"{name}[{index}]: expected a number a plot can show, got "
                                f"{printable(value)}") from None
    return numbers


def _check_where(where: str) -> None:
    """An ArgumentTypeError naming ``where`` unless it is a figure with axes, or axes."""
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    if not (isinstance(where, Figure) and where.axes) and not isinstance(where, Axes):
        raise ArgumentTypeError(f"where: expected a figure of plot_growth or plot_ebf, or matplotlib "
                                f"Axes, got {printable(where)}")
