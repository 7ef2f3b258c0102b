"""Values and [α, β] windows beside inner nodes never cross an edge nor another text, in wide trees
whose edges are nearly level as in narrow ones, and keep clear of a chance edge's probability.
Measured on the SVG the explorers show, by sampling every edge every half pixel (independently of
the layout's own geometry)."""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmlib import search, trees
from mmlib.draw.svg import TreeSvg
from mmlib.trace import trace_of
from mmlib.trees import layered_tree

COLUMN_PX = 830.0
MAX_EXAMPLES = 15
AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]                   # AIMA figure 5.2
A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]                   # E. Özbilge 2024, the A-G walkthrough
CS312 = [[[1, 5, 6], [8, 3]], [-100, [1, 100]]]                  # Cornell CS 312, recitation 21
AIMA_5_12 = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]   # AIMA figure 5.12 (left)


def _edge_points(view: TreeSvg) -> tuple[np.ndarray, list]:
    """Every edge sampled every half pixel, leaving out what lies under a node's shape: the
    points (x, y) and the edge (its child's path) of each."""
    shapes = [view.shape_box(path) for path in view.grid]
    xs, ys, owners = [], [], []
    for child in view.grid:
        if not child or child[:-1] not in view.grid:
            continue
        (ax, ay), (bx, by) = view.xy[child[:-1]], view.xy[child]
        t = np.linspace(0.0, 1.0, int(math.hypot(bx - ax, by - ay) * 2) + 2)
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        free = np.ones_like(t, dtype=bool)
        for s in shapes:
            free &= ~((s.left < x) & (x < s.right) & (s.top < y) & (y < s.bottom))
        xs.append(x[free])
        ys.append(y[free])
        owners += [child] * int(free.sum())
    return np.stack([np.concatenate(xs), np.concatenate(ys)]), owners


def _beside_boxes(view: TreeSvg) -> list:
    """The room each inner node's value and window may take at its place (what any step writes there)."""
    return [(path, box) for path, place in view.places.items() for box in view._reserved(path, place)]


def _crossings(view: TreeSvg, boxes, points=None) -> list:
    """(node, edge) for each text box an edge comes within 1 px of, and (node, node) for texts
    of two nodes that overlap."""
    (x, y), owners = points or _edge_points(view)
    out = []
    for path, box in boxes:
        gap = np.hypot(np.maximum(np.maximum(box.left - x, x - box.right), 0),
                       np.maximum(np.maximum(box.top - y, y - box.bottom), 0))
        out += [(path, owners[k]) for k in np.flatnonzero(gap < 1.0)]
    out += [(p, q) for k, (p, a) in enumerate(boxes) for q, b in boxes[k + 1:] if p != q and a.overlaps(b)]
    return sorted(set(out))


def _drawn(view: TreeSvg, marks) -> list:
    """The values and windows drawn beside inner nodes for ``marks``, each with its node."""
    inner = [path for path, kind in view.kind.items() if kind != "leaf"]
    out = []
    for label in view.labels(marks, windows=True):
        if label.css in ("value", "window"):
            path = min(view.xy, key=lambda p: math.hypot(view.xy[p][0] - label.x, view.xy[p][1] - label.y))
            if path in inner:
                out.append((path, label.box))
    return out


def _view(result):
    return TreeSvg(result.game, min_width=COLUMN_PX, windows=True, events=trace_of(result).events)


def test_the_root_of_a_wide_tree_has_its_texts_clear_of_its_nearly_level_edges():
    """uniform(3, 3): the root's edges to its outer children run nine slots sideways and one level
    down, under everything beside it; the texts above it on the right stand clear of them."""
    result = search.alphabeta(trees.uniform(3, 3), trace=True)
    view = _view(result)
    assert view.places[()] in ("right above", "left above")
    assert _crossings(view, _beside_boxes(view)) == []
    top = min(box.top for _, box in _beside_boxes(view) if _ == ())
    assert top > 30                                             # under the title's line


@pytest.mark.slow
def test_wide_trees_with_windows_at_two_steps():
    for branching, depth in ((3, 3), (5, 2), (6, 2), (4, 2)):
        result = search.alphabeta(trees.uniform(branching, depth), trace=True)
        view = _view(result)
        assert _crossings(view, _beside_boxes(view)) == [], (branching, depth)
        model = trace_of(result)
        points = _edge_points(view)
        for step in (len(model.events) // 2, len(model.events)):
            assert _crossings(view, _drawn(view, model.marks(step)), points) == [], (branching, depth, step)


@pytest.mark.slow
def test_the_lecture_trees_at_every_step():
    cases = [search.alphabeta(nested, trace=True) for nested in (AIMA_5_2, A_TO_G, CS312)]
    cases.append(search.expectiminimax(layered_tree(AIMA_5_12, layers="max chance min"), pruning="star1",
                                       trace=True))
    for result in cases:
        view = _view(result)
        model = trace_of(result)
        points = _edge_points(view)
        for step in range(len(model.events) + 1):
            assert _crossings(view, _drawn(view, model.marks(step)), points) == [], (result.game, step)


def test_lecture_9s_chance_node_b_keeps_clear_of_its_edges_probability():
    """B of AIMA figure 5.12 (left): its value and window, written beside it, stand at least
    5 px from the probability 0.9 written on its edge down to D, at every step of Star1."""
    result = search.expectiminimax(layered_tree(AIMA_5_12, layers="max chance min"), pruning="star1",
                                   trace=True)
    view = _view(result)
    model = trace_of(result)
    gaps = []
    for step in range(len(model.events) + 1):
        labels = view.labels(model.marks(step), windows=True)
        probabilities = [label.box for label in labels if label.css == "probability"]
        for path, box in _drawn(view, model.marks(step)):
            if view.tree.label_of(path) == "B":
                gaps += [math.hypot(max(box.left - p.right, p.left - box.right, 0),
                                    max(box.top - p.bottom, p.top - box.bottom, 0)) for p in probabilities]
    assert gaps and min(gaps) >= 5.0, min(gaps)


def _shapes(depth: int):
    leaf = st.integers(-20, 20) | st.floats(-9, 9, allow_nan=False).map(lambda v: round(v, 2))
    if depth == 0:
        return leaf
    return leaf | st.lists(_shapes(depth - 1), min_size=1, max_size=4)


@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_shapes(2), min_size=1, max_size=4))
def test_random_tree_shapes(nested):
    """Trees of up to four levels, one to four children a node, leaves at any depth."""
    result = search.alphabeta(nested, trace=True)
    view = _view(result)
    assert _crossings(view, _beside_boxes(view)) == []
