"""Redraw latency of the explorers: step-through slider moves and growth-explorer updates."""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("MPLBACKEND", "Agg")

TARGET_MS = 150.0


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def _timed(actions) -> list[float]:
    samples = []
    for action in actions:
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _rows(name: str, samples: list[float]) -> list[dict]:
    median, p95 = statistics.median(samples), _percentile(samples, 0.95)
    return [
        {"benchmark": name, "measure": "median redraw (ms)", "value": f"{median:.0f}",
         "target": f"<= {TARGET_MS:.0f}", "status": "met" if median <= TARGET_MS else "missed"},
        {"benchmark": name, "measure": "p95 redraw (ms)", "value": f"{p95:.0f}", "target": "-",
         "status": "info"},
    ]


def step_through_samples() -> list[float]:
    from mmlib import trees, widgets

    explorer = widgets.step_through(trees.ordered(2, 6, "random", seed=3))   # 64 leaves
    steps = list(range(1, explorer.slider.max + 1, max(1, explorer.slider.max // 60)))

    def move(step):
        return lambda: setattr(explorer.slider, "value", step)
    return _timed(move(step) for step in steps)


def growth_samples() -> list[float]:
    """Each sample is one change of b, d and ordering followed by one update, all searches
    included: the explorer's cache is emptied first, so every depth 1..d is searched again."""
    from mmlib import widgets

    explorer = widgets.growth_explorer(branching=2, depth=1)
    for control in (explorer.branching, explorer.depth, explorer.ordering):
        control.unobserve_all("value")   # one update per sample, called below
    settings = [(b, d, o) for o in ("best", "random", "worst") for b in (2, 4, 6, 8) for d in (2, 5, 8)]

    def change(b, d, o):
        def apply():
            explorer.cache.clear()
            explorer.branching.value, explorer.depth.value, explorer.ordering.value = b, d, o
            explorer.update()
        return apply
    return _timed(change(b, d, o) for b, d, o in settings)


def run() -> list[dict]:
    return (_rows("step-through slider, 64 leaves", step_through_samples())
            + _rows("growth explorer update, b <= 8, d <= 8", growth_samples()))


if __name__ == "__main__":
    for row in run():
        print(row)
