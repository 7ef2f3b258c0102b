"""The TikZ painter writes an inner node's value and window where no edge passes, as the SVG and
matplotlib painters do: read back from the LaTeX text itself, measured in the picture's points."""

import math
import re

import pytest

from mmlib import search
from mmlib.draw.tikz import tree_tikz
from mmlib.trace import trace_of

AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]       # AIMA figure 5.2
A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]       # E. Özbilge 2024, the A-G walkthrough
CS312 = [[[1, 5, 6], [8, 3]], [-100, [1, 100]]]      # Cornell CS 312, recitation 21

PT_PER_CM = 72.27 / 2.54
POINT = (r"\((?:\[(?:xshift=(?P<dx>-?[\d.]+)pt)?(?:, )?(?:yshift=(?P<dy>-?[\d.]+)pt)?\])?"
         r"(?P<x>-?[\d.]+),(?P<y>-?[\d.]+)\)")
TEXT = re.compile(r"\\node\[anchor=(?P<anchor>[a-z ]+), font=\\(?P<font>bfseries|scriptsize)[^\]]*\] at "
                  + POINT + r" \{(?P<text>[^}]*)\};")
EDGE = re.compile(r"\\draw\[[^\]]*\] " + POINT.replace("?P<", "?P<a") + " -- "
                  + POINT.replace("?P<", "?P<b") + ";")


def _characters(latex: str) -> int:
    """How many signs a reader sees in a value or window as LaTeX writes it (``$\\geq$ 2`` is 3)."""
    return len(re.sub(r"\\[a-zA-Z]+", "x", latex.replace("$", "")))


def _boxes_and_edges(tikz: str) -> tuple[list[tuple[str, tuple[float, float, float, float]]], list]:
    """The values and windows beside inner nodes as boxes, and the edges as segments (points, y up).
    A value is about 9 points high and 4.5 points a sign, a window 7 points high and 3.5 a sign
    (sans-serif at \\small and \\scriptsize)."""
    x_cm, y_cm = map(float, re.search(r"\[x=([\d.]+)cm, y=([\d.]+)cm", tikz).groups())

    def at(match, prefix=""):
        get = lambda name: float(match.group(prefix + name) or 0)     # noqa: E731
        return get("x") * x_cm * PT_PER_CM + get("dx"), get("y") * y_cm * PT_PER_CM + get("dy")

    tree_part = tikz.split("% legend")[0]
    boxes = []
    for match in TEXT.finditer(tree_part):
        anchor = match.group("anchor")
        if anchor not in ("south west", "north west", "south east", "north east"):
            continue                                        # under a node (a leaf's texts), not beside it
        x, y = at(match)
        value = match.group("font") == "bfseries"
        width = _characters(match.group("text")) * (4.5 if value else 3.5)
        height = 9.0 if value else 7.0
        left = x - width if anchor.endswith("east") else x
        low = y - height if anchor.startswith("north") else y
        boxes.append((match.group("text"), (left, low, left + width, low + height)))
    edges = [(at(m, "a"), at(m, "b")) for m in EDGE.finditer(tree_part)]
    return boxes, edges


def _gap(segment, box) -> float:
    """The least distance from a box to the points of a segment, sampled every tenth of a point
    (5 for a segment whose bounding box is that far from the box)."""
    (ax, ay), (bx, by) = segment
    x0, y0, x1, y1 = box
    if min(ax, bx) > x1 + 5 or max(ax, bx) < x0 - 5 or min(ay, by) > y1 + 5 or max(ay, by) < y0 - 5:
        return 5.0
    steps = int(math.hypot(bx - ax, by - ay) * 10) + 1
    points = ((ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps) for k in range(steps + 1))
    return min(math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)) for x, y in points)


@pytest.mark.parametrize("nested", [AIMA_5_2, A_TO_G, CS312], ids=["AIMA", "A-G", "CS312"])
def test_no_edge_passes_through_a_value_or_a_window_in_tikz(nested):
    result = search.alphabeta(nested, trace=True)
    steps = len(trace_of(result).events)
    checked = 0
    for step in (None, steps // 2, steps):
        boxes, edges = _boxes_and_edges(tree_tikz(result, step=step, windows=True))
        assert len(edges) == sum(1 for _ in result.game.nodes()) - 1 and boxes
        for text, box in boxes:
            assert all(_gap(edge, box) >= 1.0 for edge in edges), (step, text, box)
            checked += 1
    assert checked > 10


def test_aima_b_writes_its_value_and_window_left_of_it_in_tikz():
    """A's edge down to B rises through B's right side: B's texts go to its left, C's and D's
    stay on the right (as in the SVG and matplotlib drawings of the same tree)."""
    tikz = tree_tikz(search.alphabeta(AIMA_5_2, trace=True), windows=True)
    anchors = {}
    for node in ("B", "C", "D"):
        part = tikz.split(f"% node {node} (")[1].split("% node")[0]
        anchors[node] = sorted(set(re.findall(r"anchor=((?:south|north) (?:east|west))", part)))
    assert anchors == {"B": ["north east", "south east"], "C": ["north west", "south west"],
                       "D": ["north west", "south west"]}
