"""Chess: mmlib's instrumented alpha-beta over the Chess game against a plain python-chess alpha-beta.

Both search the same Bratko-Kopec positions to the same depth with the same ordering (captures first by
MVV-LVA, then the generator's order), the same evaluation (mmlib.games.chess.white_score) and the same
rules for a finished game, so they visit the same nodes; the node counts are compared before any time is.
The plain search is what one writes first with python-chess: one board, push and pop, negamax.  Timed side
by side in one run, taking turns, best of five, on the CPU time of this thread with garbage collection
paused.  Target: mmlib within 1.5x of the plain search.
"""

from __future__ import annotations

import math

import chess
from bench_connect4 import _best_times  # best of REPEATS, taking turns, on this thread's CPU time

from mmlib import search
from mmlib.games.chess import MATE, CapturesFirst, Chess, mvv_lva_score, white_score
from mmlib.games.chess_positions import BRATKO_KOPEC

POSITIONS = ("BK.02", "BK.12", "BK.19")
DEPTH = 3
REPEATS = 5
RATIO_TARGET = 1.5


def plain_alphabeta(board: chess.Board, depth: int, alpha: float, beta: float, counter: list[int]) -> float:
    """Negamax alpha-beta, fail-soft, from the side to move; counts its calls in ``counter[0]``."""
    counter[0] += 1
    if not any(board.generate_legal_moves()):
        return -(MATE - board.ply()) if board.is_check() else 0
    if board.halfmove_clock >= 100 or board.is_insufficient_material():
        return 0
    if depth == 0:
        score = white_score(board)
        return score if board.turn == chess.WHITE else -score
    moves = list(board.generate_legal_moves())
    scored = [(mvv_lva_score(board, move), i, move) for i, move in enumerate(moves)]
    captures = sorted((item for item in scored if item[0]), key=lambda item: -item[0])
    ordered = [move for _, _, move in captures] + [move for score, _, move in scored if not score]
    value = -math.inf
    for move in ordered:
        board.push(move)
        score = -plain_alphabeta(board, depth - 1, -beta, -alpha, counter)
        board.pop()
        if score > value:
            value = score
            alpha = max(alpha, value)
        if alpha >= beta:
            break
    return value


def plain(fen: str) -> tuple[int, float]:
    counter = [0]
    board = chess.Board(fen)
    value = plain_alphabeta(board, DEPTH, -math.inf, math.inf, counter)
    return counter[0], value


def mmlib_search(fen: str) -> tuple[int, float]:
    game = Chess(fen)
    result = search.alphabeta(game, depth=DEPTH, order=CapturesFirst(), max_nodes=None, max_seconds=None,
                              leaf_order=False)
    return result.stats.nodes, result.value


def run() -> list[dict]:
    fens = [fen for name, fen, _ in BRATKO_KOPEC if name in POSITIONS]
    best = _best_times(REPEATS, {
        "mmlib": lambda: [mmlib_search(fen) for fen in fens],
        "plain": lambda: [plain(fen) for fen in fens],
    })
    mine, theirs = best["mmlib"][1], best["plain"][1]
    # the plain search scores from the side to move, mmlib from MAX's: the side to move at the start
    if [nodes for nodes, _ in mine] != [nodes for nodes, _ in theirs] or [v for _, v in mine] != [
            v for _, v in theirs]:
        return [{"benchmark": "chess", "measure": "same nodes and values as the plain search",
                 "value": f"{mine} vs {theirs}", "target": "equal", "status": "missed"}]
    nodes = sum(count for count, _ in mine)
    rows = []
    for name, (seconds, _) in best.items():
        rows.append({"benchmark": "chess", "measure": f"nodes/s, {name} alpha-beta (MVV-LVA, depth {DEPTH}, "
                     f"{', '.join(POSITIONS)}: {nodes:,} nodes)", "value": f"{nodes / seconds:,.0f}",
                     "target": "", "status": "info"})
    ratio = best["mmlib"][0] / best["plain"][0]
    rows.append({"benchmark": "chess", "measure": "mmlib's time / plain python-chess alpha-beta's",
                 "value": f"{ratio:.2f}x", "target": f"<= {RATIO_TARGET:.1f}x",
                 "status": "met" if ratio <= RATIO_TARGET else "missed"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['measure']:<90} {row['value']:>12} {row['target']:>8} {row['status']}")
