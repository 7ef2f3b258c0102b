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
    included: the explorer's cache is emptied first, so every depth 1..d is searched again
    (d is lowered to what the explorer allows at that b and ordering)."""
    from mmlib import widgets

    explorer = widgets.growth_explorer(branching=2, depth=1)
    for control in (explorer.branching, explorer.depth, explorer.ordering):
        control.unobserve_all("value")   # one update per sample, called below
    settings = [(b, d, o) for o in ("best", "random", "worst") for b in (2, 4, 6, 8) for d in (2, 5, 8)]

    def change(b, d, o):
        def apply():
            explorer.cache.clear()
            explorer.ordering.value = o
            explorer.branching.value = b
            explorer.fit_ranges()
            explorer.depth.value = min(d, explorer.depth.max)
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


def _fresh(explorer, control, value) -> None:
    """Move ``control`` to ``value`` with the explorer's cache emptied: every search runs again."""
    explorer.cache.clear()
    control.value = value


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
        """Every slider of the growth explorer moved to its extremes, for every ordering and
        algorithm: b from 2 to 8 and back, d to the deepest depth its slider allows, q, seed
        and trees to their ends; each move one action, timed from the move to the redrawn plot."""
        explorer = widgets.growth_explorer(branching=2, depth=1)
        actions = []
        for algorithm in ("alphabeta", "minimax"):
            for ordering in ("best", "random", "worst", "quality q", "uniform"):
                actions.append(lambda a=algorithm: setattr(explorer.algorithm, "value", a))
                actions.append(lambda o=ordering: setattr(explorer.ordering, "value", o))
                for b in (2, 5, 8):
                    actions.append(lambda b=b: _fresh(explorer, explorer.branching, b))
                    actions.append(lambda: _fresh(explorer, explorer.depth, explorer.depth.max))
                    actions.append(lambda: setattr(explorer.trees, "value", explorer.trees.max))
                    actions.append(lambda: setattr(explorer.q, "value", 0.0))
                    actions.append(lambda: setattr(explorer.seed, "value", explorer.seed.max))
                    actions.append(lambda: setattr(explorer.trees, "value", 1))
                    actions.append(lambda: setattr(explorer.seed, "value", 0))
        return actions

    def step_through():
        """The step slider dragged across trees up to the largest the explorer takes (400 nodes)."""
        from mmlib import trees

        explorer = widgets.step_through(trees.ordered(2, 7, "random", seed=3))      # 255 nodes
        big = widgets.step_through(trees.ordered(3, 5, "worst", seed=3))            # 364 nodes, none pruned
        actions = []
        for view in (explorer, big):
            actions += [lambda v=view: setattr(v.slider, "value", v.slider.max),
                        lambda v=view: setattr(v.slider, "value", 0),
                        lambda v=view: setattr(v.slider, "value", v.slider.max // 2),
                        lambda v=view: v.next.click(), lambda v=view: v.back.click()]
        return actions

    def orderings():
        """The four-orderings explorer: b from 2 to 8, the deepest depth its slider allows, q and seed."""
        explorer = widgets.orderings_explorer(branching=2, depth=1)
        actions = []
        for b in (2, 3, 5, 8):
            actions.append(lambda b=b: _fresh(explorer, explorer.branching, b))
            actions.append(lambda: _fresh(explorer, explorer.depth, explorer.depth.max))
            actions.append(lambda: setattr(explorer.q, "value", 0.05))
            actions.append(lambda: setattr(explorer.q, "value", 0.95))
            actions.append(lambda: setattr(explorer.seed, "value", explorer.seed.max))
            actions.append(lambda: setattr(explorer.depth, "value", 1))
        return actions

    def quality():
        """The leaves-versus-q explorer: b from 2 to 8 with its deepest depth and most trees."""
        explorer = widgets.quality_explorer(branching=2, depth=1, trees=1)
        actions = []
        for b in (2, 3, 5, 8):
            actions.append(lambda b=b: _fresh(explorer, explorer.branching, b))
            actions.append(lambda: _fresh(explorer, explorer.depth, explorer.depth.max))
            actions.append(lambda: setattr(explorer.trees, "value", explorer.trees.max))
            actions.append(lambda: setattr(explorer.trees, "value", 1))
            actions.append(lambda: setattr(explorer.depth, "value", 1))
        return actions

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
        _slowest("growth explorer: every slider to its extremes, every ordering and algorithm", growth()),
        _slowest("step-through: slider across 255- and 364-node trees, Next, Back", step_through()),
        _slowest("orderings explorer: b 2 to 8, deepest depth, q, seed", orderings()),
        _slowest("leaves-versus-q explorer: b 2 to 8, deepest depth, most trees", quality()),
    ]


def run() -> list[dict]:
    return (_rows("step-through slider, 64 leaves", step_through_samples())
            + _rows("growth explorer update, b <= 8, d <= 8", growth_samples())
            + action_rows())


if __name__ == "__main__":
    for row in run():
        print(row)
