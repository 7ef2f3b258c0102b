"""Labels written at the end of each line of a plot, spread apart so that none overlaps another.

Lines that run close together (random ordering and q = 0.5, say) are hard to tell apart from a
legend alone; a name written beside each line's last point, joined to it by a short leader,
says which is which where the eye already is.  Both painters use this: the matplotlib figures
(:func:`mmlib.draw.plots.label_ends`) and the explorers' SVG plots
(:func:`mmlib.draw.lineplot.line_plot_svg` with ``end_labels``), so a still and a static figure
of the same measurement are labelled the same way.

>>> spread([100.0, 104.0, 300.0], gap=20.0)
[92.0, 112.0, 300.0]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["spread"]


def spread(wanted: Sequence[float], *, gap: float, low: float = float("-inf"),
           high: float = float("inf")) -> list[float]:
    """Positions as near ``wanted`` as can be (in the same order, index for index), every two at
    least ``gap`` apart and all within ``[low, high]`` when they fit there: labels that would
    overlap are pushed apart symmetrically about where they wanted to be.

    >>> spread([10.0, 10.0, 10.0], gap=5.0)
    [5.0, 10.0, 15.0]
    >>> spread([0.0, 1.0], gap=10.0, low=0.0)         # kept inside [low, high]
    [0.0, 10.0]
    >>> spread([50.0, 0.0], gap=10.0)                 # the order of the input is kept
    [50.0, 0.0]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    # clusters of labels that touch: [first wanted index in order, count, centre]
    clusters: list[list[float]] = []
    for rank, i in enumerate(order):
        clusters.append([rank, 1, float(wanted[i])])
        while len(clusters) > 1:
            (r0, n0, c0), (_, n1, c1) = clusters[-2], clusters[-1]
            if (c0 + (n0 - 1) * gap / 2) + gap <= c1 - (n1 - 1) * gap / 2:
                break
            n = n0 + n1                       # merge: the centre is the mean of what both wanted
            clusters[-2:] = [[r0, n, (c0 * n0 + c1 * n1) / n]]
    placed = [0.0] * len(wanted)
    for first, count, centre in clusters:
        start = centre - (count - 1) * gap / 2
        for k in range(int(count)):
            placed[order[int(first) + k]] = start + k * gap
    floor = low                               # inside [low, high]: up from low, then down from high
    for i in order:
        placed[i] = max(placed[i], floor)
        floor = placed[i] + gap
    ceiling = high
    for i in reversed(order):
        placed[i] = min(placed[i], ceiling)
        ceiling = placed[i] - gap
    return placed
