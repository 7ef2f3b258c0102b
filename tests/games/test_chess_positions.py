"""Tests of mmlib.games.chess_positions: the 24 Bratko–Kopec test positions and their best moves."""

import pytest

from mmlib.games.chess_positions import BRATKO_KOPEC


def test_the_24_positions_are_named_in_order_with_a_full_fen_and_a_best_move():
    assert [name for name, _, _ in BRATKO_KOPEC] == [f"BK.{k:02d}" for k in range(1, 25)]
    for _, fen, best in BRATKO_KOPEC:
        board, side, castling, en_passant, halfmoves, moves = fen.split(" ")
        assert board.count("/") == 7 and side in "wb" and halfmoves.isdigit() and moves.isdigit()
        assert best.split()


def test_two_positions_accept_either_of_two_moves():
    assert [name for name, _, best in BRATKO_KOPEC if len(best.split()) == 2] == ["BK.05", "BK.14"]


def test_every_best_move_is_legal_in_its_position():
    chess = pytest.importorskip("chess")
    for name, fen, best in BRATKO_KOPEC:
        board = chess.Board(fen)
        assert board.is_valid(), name
        for move in best.split():
            board.parse_san(move)          # raises on an illegal or ambiguous move
