"""Chess over python-chess: perft through mmlib's own search against the published counts, the rules
that end a game, the evaluation's symmetry, the orderings, the measurements and bad input.

Figures are the published perft tables (the starting position and Peter McKenzie's "Kiwipete", as
listed by the Chess Programming Wiki, with their checkmate counts), properties that hold for any
correct evaluation (a position and its colour-mirrored twin score opposite), or comparisons between
orderings -- never numbers copied from the code under test.
"""

from __future__ import annotations

import pytest

chess = pytest.importorskip("chess")

from mmlib import branching, search  # noqa: E402
from mmlib.errors import ArgumentError, GameError, IllegalMoveError, SearchTooLarge  # noqa: E402
from mmlib.games import Chess  # noqa: E402
from mmlib.games.chess import (  # noqa: E402
    KIWIPETE,
    MATE,
    ORDERINGS,
    CapturesFirst,
    mvv_lva_score,
    white_score,
    worst_guess,
)
from mmlib.games.chess_positions import BRATKO_KOPEC  # noqa: E402
from mmlib.ordering import HistoryHeuristic  # noqa: E402


def perft(fen: str | None, depth: int) -> tuple[int, int]:
    """Positions at exactly ``depth`` plies, and how many of them are checkmates, through mmlib's minimax.

    Every line in these positions lasts the whole depth (the first checkmates come at the last ply),
    so the leaves are the perft count; those scored as a finished game are the checkmates."""
    game = Chess(fen) if fen else Chess()
    result = search.minimax(game, depth=depth, evaluate=lambda board: 0, max_nodes=None, max_seconds=None,
                            leaf_order=False)
    return result.stats.leaves, result.stats.leaves - result.stats.horizon_leaves


def test_perft_start_depth_3() -> None:
    assert perft(None, 3) == (8_902, 0)


def test_perft_kiwipete_depth_2() -> None:
    assert perft(KIWIPETE, 2) == (2_039, 0)


@pytest.mark.slow
def test_perft_start_depth_4() -> None:
    assert perft(None, 4) == (197_281, 8)          # the 8 checkmates: fool's mates and their kin


@pytest.mark.slow
def test_perft_kiwipete_depth_3() -> None:
    assert perft(KIWIPETE, 3) == (97_862, 1)


# -- the rules ---------------------------------------------------------------------------------

def test_checkmate_stalemate_and_draws() -> None:
    game = Chess()
    mate = game.position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert game.is_terminal(mate) and game.moves(mate) == []
    assert game.utility(mate) == -(MATE - 4)                       # White, MAX, is mated at ply 4
    black = Chess("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    after = black.play(black.initial, black.move(black.initial, "Qh4#"))
    assert black.utility(after) == MATE - 4                        # Black, MAX here, mates
    stalemate = Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_terminal(stalemate.initial) and stalemate.utility(stalemate.initial) == 0
    bare = Chess("8/8/4k3/8/8/3K4/8/8 w - - 0 1")                  # two kings: no mate possible
    assert bare.is_terminal(bare.initial) and bare.utility(bare.initial) == 0
    fifty = Chess("4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
    assert fifty.is_terminal(fifty.initial) and fifty.moves(fifty.initial) == []
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial)


def test_a_mate_in_one_is_found_and_preferred() -> None:
    game = Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    result = search.alphabeta(game, depth=3)
    assert result.move == chess.Move.from_uci("a1a8") and result.value > MATE - 1000


def test_play_does_not_change_the_state_and_rejects_illegal_moves() -> None:
    game = Chess()
    before = game.initial.fen()
    game.play(game.initial, chess.Move.from_uci("e2e4"))
    assert game.initial.fen() == before
    with pytest.raises(IllegalMoveError, match="e2e5"):
        game.play(game.initial, chess.Move.from_uci("e2e5"))
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        game.play(game.initial, "e4")
    with pytest.raises(IllegalMoveError, match="Ke2"):
        game.move(game.initial, "Ke2")
    plain = chess.Board()                                     # a plain python-chess board works too
    assert len(game.moves(game.play(plain, chess.Move.from_uci("g1f3")))) == 20


@pytest.mark.parametrize("fen, words", [
    ("not a fen", "fen: not a FEN"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "no white king"),
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "fen: not a legal chess position"),   # fine: Black to move
    ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "opposite check"),                    # White to move, Black in check
])
def test_a_bad_fen_is_named(fen: str, words: str) -> None:
    if "R3K3 b" in fen:
        assert Chess(fen).is_max(Chess(fen).initial)
        return
    with pytest.raises(ArgumentError, match=words):
        Chess(fen)
    with pytest.raises(ArgumentError, match="fen"):
        Chess(123)  # type: ignore[arg-type]


def test_max_is_the_side_to_move_at_the_start() -> None:
    black = Chess("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")               # Black to move, a rook down
    assert black.evaluate(black.initial) < 0 < Chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").evaluate(
        Chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").initial)


@pytest.mark.parametrize("entry", BRATKO_KOPEC[:8], ids=lambda entry: entry[0])
def test_evaluation_is_colour_symmetric(entry: tuple[str, str, str]) -> None:
    board = chess.Board(entry[1])
    assert white_score(board) == -white_score(board.mirror())


def test_key_tells_positions_apart_and_matches_transpositions() -> None:
    game = Chess()
    one = game.initial
    for uci in ("g1f3", "g8f6", "b1c3"):
        one = game.play(one, chess.Move.from_uci(uci))
    two = game.initial
    for uci in ("b1c3", "g8f6", "g1f3"):
        two = game.play(two, chess.Move.from_uci(uci))
    assert game.key(one) == game.key(two) != game.key(game.initial)


def test_drawing_has_a_text_alternative() -> None:
    game = Chess(KIWIPETE)
    svg = game.svg(size=520)
    assert 'width="520"' in svg and "<title>White to move. White: king e1, queen f3" in svg
    assert game.render().splitlines()[0] == "8 r · · · k · · r"


# -- orderings ------------------------------------------------------------------------------------

def test_mvv_lva_prefers_the_bigger_victim_and_the_smaller_attacker() -> None:
    board = chess.Board("4k3/8/8/3q4/2P1r3/8/8/3QK3 w - - 0 1")
    pawn_takes_queen = mvv_lva_score(board, chess.Move.from_uci("c4d5"))
    queen_takes_queen = mvv_lva_score(board, chess.Move.from_uci("d1d5"))
    assert pawn_takes_queen > queen_takes_queen > 0
    assert mvv_lva_score(board, chess.Move.from_uci("e1e2")) == 0


def nodes(fen: str, order: object, depth: int = 2) -> int:
    return int(search.alphabeta(Chess(fen), depth=depth, order=order, max_nodes=None,
                                max_seconds=None).stats.nodes)


@pytest.mark.parametrize("index", [0, 4, 9])
def test_a_bad_order_costs_more_than_the_generators(index: int) -> None:
    fen = BRATKO_KOPEC[index][1]
    assert nodes(fen, worst_guess()) > nodes(fen, None)


@pytest.mark.parametrize("fen", [KIWIPETE, BRATKO_KOPEC[14][1], BRATKO_KOPEC[18][1], BRATKO_KOPEC[21][1]])
def test_mvv_lva_costs_less_where_there_are_captures(fen: str) -> None:
    board = chess.Board(fen)
    assert any(board.is_capture(move) for move in board.legal_moves)
    assert nodes(fen, CapturesFirst()) < nodes(fen, None)


@pytest.mark.parametrize("name", list(ORDERINGS))
def test_every_ordering_finds_the_alpha_beta_value(name: str) -> None:
    game = Chess(BRATKO_KOPEC[1][1])
    plain = search.minimax(game, depth=2, max_nodes=None, max_seconds=None).value
    rows = branching.ordering_rows(game, ORDERINGS[name], [1, 2], name=name, max_seconds=None)
    assert rows[-1]["value"] == plain and rows[-1]["ordering"] == name


def test_history_learns_across_the_tree() -> None:
    alone = HistoryHeuristic()
    search.alphabeta(Chess(KIWIPETE), depth=2, order=alone, max_seconds=None)
    assert alone.scores and all(score >= 1 for score in alone.scores.values())
    behind_captures = HistoryHeuristic()                # learns from the quiet moves' cutoffs only
    search.alphabeta(Chess(BRATKO_KOPEC[1][1]), depth=3, order=CapturesFirst(behind_captures),
                     max_seconds=None)
    board = chess.Board(BRATKO_KOPEC[1][1])
    assert behind_captures.scores
    assert not any(board.is_capture(move) for move in behind_captures.scores if board.is_legal(move))


def test_the_bratko_kopec_positions_are_legal_and_have_their_best_moves() -> None:
    assert len(BRATKO_KOPEC) == 24
    for _name, fen, best in BRATKO_KOPEC:
        board = Chess(fen).initial
        for san in best.split():
            board.parse_san(san)                   # raises if the move is not legal there


# -- measurements ---------------------------------------------------------------------------------


def test_refusals() -> None:
    with pytest.raises(ArgumentError, match="no legal move"):
        branching.ordering_rows(Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "natural", [1])
    with pytest.raises(SearchTooLarge, match="depth"):
        branching.ordering_rows(Chess(KIWIPETE), "natural", [9], max_nodes=1_000_000)
