"""Where no place beside a node or above it is free of edges, its value and window go under it,
or else where the fewest edges run through them: cases found by drawing random and uniform
trees with their windows."""

import math

from mmlib import search, trees
from mmlib.draw.svg import TreeSvg
from mmlib.draw.tree_layout import clear_place
from mmlib.trace import trace_of


def _touching(view: TreeSvg, marks) -> list:
    """The values and windows beside inner nodes that an edge passes within 1 px of (sampled
    every half pixel along each edge; an edge is hidden under the shapes it ends in)."""
    _, labels = view.boxes(marks, windows=True)
    inner = {path for path, kind in view.kind.items() if kind != "leaf"}
    beside = [label for label in labels if label.what in ("value", "window")
              and any(abs(label.top - view.xy[path][1]) < 40 and abs(label.left - view.xy[path][0]) < 60
                      for path in inner)]
    shapes = [view.shape_box(path) for path in view.grid]
    touched = []
    for label in beside:
        for child in view.grid:
            if not child or child[:-1] not in view.grid:
                continue
            (ax, ay), (bx, by) = view.xy[child[:-1]], view.xy[child]
            steps = int(math.hypot(bx - ax, by - ay) * 2) + 1
            for k in range(steps + 1):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                if any(s.left < x < s.right and s.top < y < s.bottom for s in shapes):
                    continue
                if math.hypot(max(label.left - x, 0, x - label.right),
                              max(label.top - y, 0, y - label.bottom)) < 1:
                    touched.append((label.what, child))
                    break
    return touched


def test_a_node_whose_parent_edge_crosses_its_right_side_gets_room_on_its_left():
    """[[8], [0], 7, 1] with its windows: A's edge down to B (the principal variation) rises
    through B's right side, beside it and above it, and B is the leftmost node.  Its texts go on
    its left, and the tree moves right to make room for them (before, B's left side ran off the
    drawing, and its value was written on the right, on A's thick edge)."""
    result = search.alphabeta(trees.from_nested([[8], [0], 7, 1]), trace=True)
    view = TreeSvg(result.game, windows=True)
    assert view.places[(0,)] == "left"
    assert _touching(view, trace_of(result).marks()) == []
    _, labels = view.boxes(trace_of(result).marks(), windows=True)
    assert min(label.left for label in labels) >= 12.0


def test_when_every_place_is_crossed_the_one_crossed_least_is_taken():
    """Of places all crossed, the one the fewest edges cross is taken.  The root of
    uniform(3, 3) with its windows: its edges to its outer children are nearly level and pass
    through the texts beside it and under it on both sides; above it on the right they pass
    clear under the window, so that is where they go."""
    places = {"right": [(10, -5, 40, 0), (10, 0, 50, 5)],
              "right above": [(10, -20, 40, -12), (10, -12, 50, -4)]}
    edges = [((0, 0), (400, 4)), ((0, 0), (400, -3))]                  # level edges through the right side
    assert clear_place(places, edges, [], margin=5, x_range=(-100, 500)) == ("right above", False)
    result = search.alphabeta(trees.uniform(3, 3), trace=True)
    view = TreeSvg(result.game, windows=True)
    assert view.places[()] == "right above"
