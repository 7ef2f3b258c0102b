"""Connect Four: positions per second of the bitboard game against a straightforward list-of-lists one.

Both games count the same positions (a "perft": every move sequence to a fixed depth from the empty
7x6 board, playing each move and testing for a win), measured side by side in one run, taking turns,
best of nine, on the CPU time of this thread with garbage collection paused.  The list-of-lists game
below is what one writes first: a grid of rows, a copy of the grid per move, and a walk along the four
directions through the new disc.
"""

from __future__ import annotations

import gc
import time

from mmlib.games.connect4 import ConnectFour

PERFT_DEPTH = 6
REPEATS = 9
RATIO_TARGET = 2.0


class ListConnectFour:
    """Connect Four on a list of rows (row 0 at the bottom); a state is (grid, to_move, winner, discs)."""

    def __init__(self, columns: int = 7, rows: int = 6, connect: int = 4):
        self.columns, self.rows, self.connect = columns, rows, connect
        self.initial = ([["."] * columns for _ in range(rows)], "X", None, 0)

    def moves(self, state):
        grid, _, winner, discs = state
        if winner is not None or discs == self.columns * self.rows:
            return []
        return [c for c in range(self.columns) if grid[self.rows - 1][c] == "."]

    def play(self, state, column):
        grid, player, _, discs = state
        grid = [row[:] for row in grid]
        row = next(r for r in range(self.rows) if grid[r][column] == ".")
        grid[row][column] = player
        winner = player if self._line_through(grid, column, row) else None
        return (grid, "O" if player == "X" else "X", winner, discs + 1)

    def is_terminal(self, state):
        return state[2] is not None or state[3] == self.columns * self.rows

    def _line_through(self, grid, column, row):
        mark = grid[row][column]
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < self.columns and 0 <= r < self.rows and grid[r][c] == mark:
                    run, c, r = run + 1, c + sign * dc, r + sign * dr
            if run >= self.connect:
                return True
        return False


def perft(game, state, depth: int) -> int:
    """Positions reached by every move sequence of up to ``depth`` moves (the start included)."""
    if depth == 0 or game.is_terminal(state):
        return 1
    return 1 + sum(perft(game, game.play(state, move), depth - 1) for move in game.moves(state))


def bitboard_perft(game: ConnectFour, state, depth: int) -> int:
    """The same count with the bitboard game's unchecked move (what the searches' inner loop costs)."""
    if depth == 0 or state[2] is not None:
        return 1
    return 1 + sum(bitboard_perft(game, game._play_unchecked(state, move), depth - 1)
                   for move in game.moves(state))


def _best_times(repeats: int, functions: dict) -> dict:
    best: dict = {}
    for _ in range(repeats):
        for name, function in functions.items():
            gc.collect()
            gc.disable()
            start = time.thread_time()
            count = function()
            seconds = time.thread_time() - start
            gc.enable()
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, count)
    return best


def run() -> list[dict]:
    bits, grid = ConnectFour(), ListConnectFour()
    best = _best_times(REPEATS, {
        "bitboard": lambda: perft(bits, bits.initial, PERFT_DEPTH),
        "bitboard (unchecked)": lambda: bitboard_perft(bits, bits.initial, PERFT_DEPTH),
        "list of lists": lambda: perft(grid, grid.initial, PERFT_DEPTH),
    })
    counts = {count for _, count in best.values()}
    rows = []
    if len(counts) != 1:
        return [{"benchmark": "connect4", "measure": "perft counts agree", "value": str(sorted(counts)),
                 "target": "equal", "status": "missed"}]
    count = counts.pop()
    rate = {name: count / seconds for name, (seconds, _) in best.items()}
    for name in best:
        rows.append({"benchmark": "connect4", "measure": f"positions/s, {name} (perft {PERFT_DEPTH}, "
                     f"{count:,} positions)", "value": f"{rate[name]:,.0f}", "target": "", "status": "info"})
    ratio = rate["bitboard"] / rate["list of lists"]
    rows.append({"benchmark": "connect4", "measure": "bitboard / list-of-lists positions per second",
                 "value": f"{ratio:.1f}x", "target": f">= {RATIO_TARGET:.1f}x",
                 "status": "met" if ratio >= RATIO_TARGET else "missed"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['measure']:<70} {row['value']:>12} {row['target']:>8} {row['status']}")
