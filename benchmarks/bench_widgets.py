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


ACTION_TARGET_S = 2.0
"""Every action a student can take on an explorer (a button, a number box, a text field) answers
within this many seconds."""


def _slowest(name: str, actions) -> dict:
    seconds = max(_timed(actions)) / 1000
    return {"benchmark": name, "measure": "slowest action (s)", "value": f"{seconds:.2f}",
            "target": f"<= {ACTION_TARGET_S:g}", "status": "met" if seconds <= ACTION_TARGET_S else "missed"}


def action_rows() -> list[dict]:
    """The slowest of each explorer's heaviest actions, each timed from the click to the answer."""
    from mmlib import games, widgets

    def tictactoe_computer_first(algorithm, scoring):
        board = widgets.play_tictactoe(algorithm=algorithm, computer_first=True, scoring=scoring)
        return [board.new_game.click for _ in range(2)]

    def tictactoe_replies(algorithm):
        actions = []
        for square in range(9):
            def reply(square=square):
                board = widgets.play_tictactoe(algorithm=algorithm)
                board.buttons[square].click()
            actions.append(reply)
        return actions

    def connect4(game, depth, computer_first):
        board = widgets.play_connect4(game, depth=depth, computer_first=computer_first)
        actions = [board.new_game.click]
        actions += [lambda c=c: board.click(c) for c in (3, 3, 2, 4, 1)]
        return actions

    def editor():
        explorer = widgets.tree_editor()
        big = str([[[list(range(8))] * 5] * 5])                 # 200 leaves, the editor's largest
        too_big = str([[[list(range(8))] * 5] * 5] * 40)         # refused: 8,000 leaves
        return [lambda text=text: setattr(explorer.text, "value", text) for text in (big, too_big, "[[1")]

    def growth():
        explorer = widgets.growth_explorer(branching=2, depth=1)
        settings = [(8, 8, "worst", "minimax"), (8, 8, "random", "alphabeta"), (7, 8, "best", "alphabeta")]

        def change(b, d, o, a):
            def apply():
                explorer.cache.clear()
                explorer.algorithm.value, explorer.ordering.value = a, o
                explorer.branching.value, explorer.depth.value = b, d
            return apply
        return [change(*setting) for setting in settings]

    return [
        _slowest("tic-tac-toe, computer first (New game), alpha-beta",
                 tictactoe_computer_first("alphabeta", "ten")),
        _slowest("tic-tac-toe, computer first (New game), minimax, depth-adjusted",
                 tictactoe_computer_first("minimax", "depth-adjusted")),
        _slowest("tic-tac-toe, the computer's reply to each first move, minimax",
                 tictactoe_replies("minimax")),
        _slowest("Connect Four 7x6, depth 12, five moves", connect4(games.ConnectFour(), 12, False)),
        _slowest("Connect Four 7x6, depth 12, computer first", connect4(games.ConnectFour(), 12, True)),
        _slowest("tree editor: 200 leaves, 8,000 leaves, a typo", editor()),
        _slowest("growth explorer: b = 8, d = 8", growth()),
    ]


def run() -> list[dict]:
    return (_rows("step-through slider, 64 leaves", step_through_samples())
            + _rows("growth explorer update, b <= 8, d <= 8", growth_samples())
            + action_rows())


if __name__ == "__main__":
    for row in run():
        print(row)
