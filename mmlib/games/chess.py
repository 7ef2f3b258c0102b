"""Chess, over python-chess: any position given by its FEN, searched by mmlib's own searches.

python-chess (PyPI ``chess``, the optional extra ``mmlib[chess]``) generates the legal moves and
knows the rules; this module fits it to the :class:`~mmlib.games.Game` protocol and adds a small
evaluation of its own.  A state is a :class:`chess.Board`; a move is a :class:`chess.Move`.

MAX is the side to move in the starting position (so every value is from that side's point of
view: in the starting position of a game MAX is White; in a test position where Black is to move,
MAX is Black).

The game is over when the side to move has no legal move (checkmate or stalemate), when neither
side has the material left to mate, or when the fifty-move rule applies (a FEN may carry a move
clock close to 100 half-moves).  Threefold repetition is left out: a position given by a FEN has
no history, and a position can come round a third time only after eight plies, deeper than the
searches here look.

Utility: checkmate is worth ``MATE - ply`` to the winner (``ply`` counts half-moves from the start
of the game, so a quicker mate scores higher), every draw 0.

Evaluation (from MAX's view; see :func:`white_score`): material, pawn 100, knight 320, bishop 330,
rook 500, queen 900, plus a small piece-square bonus per piece, written as rules rather than as
tables of numbers (:data:`SQUARE_BONUS`): pawns gain as they advance and in the centre, knights
and bishops in the centre, rooks on the seventh rank, the king behind its pawns in a corner.

>>> game = Chess()
>>> len(game.moves(game.initial)), game.is_max(game.initial), game.evaluate(game.initial)
(20, True, 0)
>>> mated = game.position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")  # fool's mate
>>> game.is_terminal(mated), game.utility(mated)
(True, -99996)
>>> from mmlib import search
>>> search.minimax(game, depth=2, evaluate=lambda board: 0).stats.horizon_leaves   # perft(2)
400
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, cast

try:
    import chess
    import chess.svg
except ImportError as missing:        # pragma: no cover - the extra is not installed
    raise ImportError("mmlib.games.chess needs python-chess: pip install 'mmlib[chess]'") from missing

from ..errors import ArgumentError, ArgumentTypeError, GameError, IllegalMoveError, printable
from ..ordering import (
    HistoryHeuristic,
    KillerMoves,
    NaturalOrder,
    Ordering,
    PreviousIteration,
    RandomOrder,
    ReversedOrder,
)

if TYPE_CHECKING:
    from ..ordering import Searcher
    from .base import Move, State

__all__ = ["Chess", "Position", "ORDERINGS", "MATE", "PIECE_VALUES", "SQUARE_BONUS", "white_score",
           "CapturesFirst", "mvv_lva_score", "STARTING_FEN", "KIWIPETE"]

STARTING_FEN = chess.STARTING_FEN
"""The starting position of a game of chess."""

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
"""Peter McKenzie's "Kiwipete", the position move generators are tested on: castling, en
passant, promotions and pins within three plies."""

MATE = 100_000
"""A checkmate is worth ``MATE - ply``; every evaluation is far smaller in magnitude."""

PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
                chess.QUEEN: 900, chess.KING: 0}
"""Material in centipawns (hundredths of a pawn)."""


def _centre(square: int) -> int:
    """0 on the edge of the board, 1, 2, up to 3 on the four centre squares."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    return min(file, 7 - file, rank, 7 - rank)


def _pawn(square: int) -> int:
    rank = chess.square_rank(square)                   # from White's side: rank 1 is 0
    return 5 * (rank - 1) + (10 if _centre(square) == 3 else 0)


def _king(square: int) -> int:
    file, rank = chess.square_file(square), chess.square_rank(square)
    return 20 if rank == 0 and file in (0, 1, 2, 6, 7) else -10 * min(rank, 3)


SQUARE_BONUS: dict[int, Callable[[int], int]] = {
    chess.PAWN: _pawn,                                          # advance, and hold the centre
    chess.KNIGHT: lambda square: 10 * _centre(square) - 15,    # a knight on the rim is dim
    chess.BISHOP: lambda square: 5 * _centre(square),
    chess.ROOK: lambda square: 20 if chess.square_rank(square) == 6 else 0,   # the seventh rank
    chess.QUEEN: lambda square: 3 * _centre(square),
    chess.KING: _king,                                          # castled, behind its pawns
}
"""The piece-square bonus of each piece type, for a White piece on ``square`` (a Black piece
uses the mirrored square), in centipawns."""

_TABLES = {piece: tuple(PIECE_VALUES[piece] + bonus(square) for square in chess.SQUARES)
           for piece, bonus in SQUARE_BONUS.items()}


def white_score(board: chess.Board) -> int:
    """Material plus piece-square bonuses, White's minus Black's, in centipawns.

    >>> white_score(chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))      # a rook up, king at home
    500
    """
    score = 0
    for piece, table in _TABLES.items():
        mask = board.pieces_mask(piece, chess.WHITE)
        for square in chess.scan_forward(mask):
            score += table[square]
        mask = board.pieces_mask(piece, chess.BLACK)
        for square in chess.scan_forward(mask):
            score -= table[square ^ 56]                 # the same square seen from Black's side
    return score


class Position(chess.Board):
    """A :class:`chess.Board` that remembers its legal moves once they are listed (a search asks
    for them twice: is the game over, and which moves are there); pushing or popping a move
    forgets them."""

    _legal: list[chess.Move] | None = None
    _legal_set: frozenset[chess.Move] | None = None
    _over: bool | None = None

    def legal(self) -> list[chess.Move]:
        """The legal moves, in python-chess's order."""
        if self._legal is None:
            self._legal = list(self.generate_legal_moves())
        return self._legal

    def is_legal_move(self, move: chess.Move) -> bool:
        if self._legal_set is None:
            self._legal_set = frozenset(self.legal())
        return move in self._legal_set

    def over(self) -> bool:
        """True when the game is over: no legal move, too little material, or fifty moves."""
        if self._over is None:
            if self._legal is not None:
                moves = bool(self._legal)
            else:
                moves = any(self.generate_legal_moves())
            self._over = not moves or self.halfmove_clock >= 100 or self.is_insufficient_material()
        return self._over

    def push(self, move: chess.Move) -> None:
        self._legal = self._legal_set = self._over = None
        super().push(move)

    def pop(self) -> chess.Move:
        self._legal = self._legal_set = self._over = None
        return super().pop()


def as_position(board: chess.Board) -> Position:
    """``board`` as a :class:`Position`: itself, or a copy of a plain board's position (its FEN;
    the moves that led to it are not kept)."""
    if isinstance(board, Position):
        return board
    position = Position(None, chess960=board.chess960)
    position.set_fen(board.fen())
    return position


class Chess:
    """Chess from the position ``fen`` (default: the starting position).

    >>> game = Chess("4k3/8/8/8/8/8/8/8 w - - 0 1")
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentError: fen: not a legal chess position: no white king ('4k3/8/8/8/8/8/8/8 w - - 0 1')
    >>> Chess("8/8/8/8 w - - 0 1")
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentError: fen: not a FEN: expected 8 rows in position part of fen: '8/8/8/8'
    """

    initial: Position
    max_colour: chess.Color

    def __init__(self, fen: str = STARTING_FEN):
        self.initial = self.position(fen)
        self.max_colour = self.initial.turn

    # -- the Game protocol ---------------------------------------------------------------
    def is_max(self, state: chess.Board) -> bool:
        return bool(state.turn == self.max_colour)

    def moves(self, state: chess.Board) -> list[chess.Move]:
        """The legal moves, in python-chess's order (the game is over: none)."""
        if state.__class__ is Position:
            return [] if state.over() else state.legal()
        if self.drawn_by_rule(state):
            return []
        return list(state.generate_legal_moves())

    def play(self, state: chess.Board, move: chess.Move) -> Position:
        """The position after ``move`` (``state`` is not changed)."""
        if state.__class__ is not Position:
            state = as_position(self._board(state))
        if not state.is_legal_move(move):
            what = move.uci() if isinstance(move, chess.Move) else printable(move)
            raise IllegalMoveError(f"move: {what} is not a legal move in {state.fen()}")
        after = state.copy(stack=False)
        after.push(move)
        return after

    def is_terminal(self, state: chess.Board) -> bool:
        if state.__class__ is Position:
            return state.over()
        return self.drawn_by_rule(state) or not any(state.generate_legal_moves())

    @staticmethod
    def _board(state: State) -> chess.Board:
        if not isinstance(state, chess.Board):
            raise GameError(f"state: expected a chess.Board, got {printable(state)}")
        return state

    def utility(self, state: chess.Board) -> float:
        """``MATE - ply`` for the side that mated, from MAX's view; 0 for a draw."""
        if not self.is_terminal(state):
            raise GameError("state: utility asked of a game that is not over")
        if state.is_check() and not any(state.generate_legal_moves()):
            mated = MATE - state.ply()
            return -mated if self.is_max(state) else mated
        return 0

    def evaluate(self, state: chess.Board) -> float:
        """Material and piece-square bonuses (:func:`white_score`) from MAX's view; the exact
        utility once the game is over."""
        if self.is_terminal(state):
            return self.utility(state)
        score = white_score(state)
        return score if self.max_colour == chess.WHITE else -score

    def key(self, state: chess.Board) -> Hashable:
        """The position: the pieces, the side to move, castling rights and the en-passant square."""
        return (state.pawns, state.knights, state.bishops, state.rooks, state.queens, state.kings,
                state.occupied_co[chess.WHITE], state.turn, state.castling_rights, state.ep_square)

    # -- the rules, for people ----------------------------------------------------------------
    @staticmethod
    def drawn_by_rule(state: chess.Board) -> bool:
        """A draw with legal moves still on the board: too little material to mate, or fifty
        moves by each side without a capture or a pawn move."""
        return state.halfmove_clock >= 100 or state.is_insufficient_material()

    def position(self, fen: str) -> Position:
        """The board of ``fen``, checked to be a legal position."""
        if not isinstance(fen, str):
            raise ArgumentTypeError(f"fen: expected a FEN string, got {printable(fen)}")
        try:
            board = Position(fen)
        except ValueError as error:
            raise ArgumentError(f"fen: not a FEN: {error}") from None
        status = board.status()
        if status != chess.STATUS_VALID:
            problems = ", ".join(flag.name.lower().replace("_", " ") for flag in chess.Status
                                 if flag and flag in status and flag.name)
            raise ArgumentError(f"fen: not a legal chess position: {problems} ({fen!r})")
        return board

    def move(self, state: chess.Board, text: str) -> chess.Move:
        """The move written ``text`` in ``state``, in SAN (``"Nf3"``) or UCI (``"g1f3"``).

        >>> game = Chess()
        >>> game.move(game.initial, "Nf3") == game.move(game.initial, "g1f3")
        True
        """
        try:
            return state.parse_san(text)
        except ValueError:
            try:
                move = chess.Move.from_uci(text)
            except (ValueError, TypeError):
                raise IllegalMoveError(f"move: {text!r} is not a move in {state.fen()}") from None
            if not state.is_legal(move):
                raise IllegalMoveError(f"move: {text!r} is not legal in {state.fen()}") from None
            return move

    def branching(self, state: chess.Board | None = None) -> int:
        """How many legal moves ``state`` (default: the start) has: its own b."""
        return len(self.moves(self.initial if state is None else state))

    def render(self, state: chess.Board | None = None) -> str:
        """The board as eight lines of text, White's pieces in capitals, ``·`` an empty square."""
        board = self.initial if state is None else state
        rows = str(board).replace(".", "·").split("\n")
        return "\n".join(f"{8 - i} {row}" for i, row in enumerate(rows)) + "\n  a b c d e f g h"

    def describe(self, state: chess.Board | None = None) -> str:
        """The position in words: who is to move, then each side's pieces and their squares.

        >>> Chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").describe()
        'White to move. White: king e1, rook a1. Black: king e8.'
        """
        board = self.initial if state is None else state
        words = []
        for colour in (chess.WHITE, chess.BLACK):
            pieces = [f"{chess.piece_name(piece)} {chess.square_name(square)}"
                      for piece in reversed(chess.PIECE_TYPES)
                      for square in board.pieces(piece, colour)]
            words.append(f"{chess.COLOR_NAMES[colour].capitalize()}: {', '.join(pieces)}.")
        situation = f"{chess.COLOR_NAMES[board.turn].capitalize()} to move"
        if board.is_checkmate():
            situation = f"{chess.COLOR_NAMES[board.turn].capitalize()} is checkmated"
        elif self.is_terminal(board):
            situation = "A draw"
        elif board.is_check():
            situation += ", in check"
        return f"{situation}. {' '.join(words)}"

    def svg(self, state: chess.Board | None = None, *, size: int = 480,
            last: chess.Move | None = None) -> str:
        """The board as SVG (python-chess's drawing), ``size`` pixels wide, with a ``<title>`` and
        an ``aria-label`` that give the position in words (:meth:`describe`).

        >>> svg = Chess().svg(size=400)
        >>> 'width="400"' in svg, 'aria-label="White to move. White: king e1' in svg
        (True, True)
        """
        board = self.initial if state is None else state
        label = self.describe(board).replace("&", "&amp;").replace('"', "&quot;")
        drawing = chess.svg.board(board, size=size, lastmove=last, coordinates=True)
        head, _, rest = drawing.partition(">")
        return f'{head} role="img" aria-label="{label}"><title>{label}</title>{rest}'

    def __repr__(self) -> str:
        fen = self.initial.fen()
        return "Chess()" if fen == STARTING_FEN else f"Chess({fen!r})"


# -- ordering captures: most valuable victim, least valuable attacker --------------------------

def mvv_lva_score(board: chess.Board, move: chess.Move) -> int:
    """MVV-LVA: a capture's victim counts ten times its attacker, so taking a queen with a pawn
    (900 * 10 - 100) comes before taking it with a rook, and both before taking a pawn.  A
    promotion counts as capturing the new piece.  Not a capture: 0.

    >>> board = chess.Board(KIWIPETE)
    >>> mvv_lva_score(board, chess.Move.from_uci("e2a6")), mvv_lva_score(board, chess.Move.from_uci("e5f7"))
    (2970, 680)
    """
    victim = board.piece_type_at(move.to_square)
    if victim is None and board.is_en_passant(move):
        victim = chess.PAWN
    gain = 10 * (PIECE_VALUES[victim] if victim else 0)
    if move.promotion:
        gain += 10 * PIECE_VALUES[move.promotion]
    if not gain:
        return 0
    attacker = board.piece_type_at(move.from_square)
    return gain - (PIECE_VALUES[attacker] if attacker else 0)


class CapturesFirst(Ordering):
    """Captures (and promotions) first, best by MVV-LVA (:func:`mvv_lva_score`); the other moves
    after them in the order of ``base`` (default: the generator's).  The base orders only the quiet
    moves, so it learns only from their cutoffs: killers and history scores are kept for quiet
    moves, as in chess programs (a capture is already tried early).

    >>> game = Chess(KIWIPETE)
    >>> [move.uci() for move in CapturesFirst().order(None, game.initial, game.moves(game.initial), ())][:3]
    ['e2a6', 'f3f6', 'd5e6']
    """

    name = "mvv-lva"

    def __init__(self, base: Ordering | None = None):
        if base is not None and not isinstance(base, Ordering):
            raise ArgumentTypeError(f"base: expected an Ordering, got {printable(base)}")
        self.base: Ordering = base or Ordering()
        self.learns = self.base.learns
        self.captures: dict[int, list[Any]] = {}       # the captures of the node at each ply

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        board = cast(chess.Board, state)                  # this ordering is only given chess positions
        scored = [(mvv_lva_score(board, move), move) for move in moves]
        captures = [move for _, move in sorted((item for item in scored if item[0]),
                                               key=lambda item: -item[0])]
        quiet = [move for score, move in scored if not score]
        self.captures[len(path)] = captures
        return captures + list(self.base.order(search, state, quiet, path))

    def cutoff(self, path: tuple[Any, ...], move: Move) -> None:
        if move not in self.captures.get(len(path), ()):
            self.base.cutoff(path, move)

    def finished(self, search: Searcher, state: State, path: tuple[Any, ...], value: float,
                 best: Move) -> None:
        self.base.finished(search, state, path, value, best)

    def __repr__(self) -> str:
        return "CapturesFirst()" if type(self.base) is Ordering else f"CapturesFirst(base={self.base!r})"


# -- the orderings of the lecture, each a function that makes a fresh policy --------------------

def generator_order() -> Ordering:
    """The moves in the order python-chess generates them (piece by piece, from h8 down)."""
    return NaturalOrder()


def random_order(seed: int = 0) -> Ordering:
    """A random order at every node, the same again for the same ``seed``."""
    return RandomOrder(seed)


def mvv_lva() -> Ordering:
    """Captures first, most valuable victim first, then least valuable attacker."""
    return CapturesFirst()


def mvv_lva_killers() -> Ordering:
    """Captures by MVV-LVA, then the killer moves of this ply, then the rest."""
    return CapturesFirst(KillerMoves())


def mvv_lva_killers_history() -> Ordering:
    """Captures by MVV-LVA, then killers, then the quiet moves by their history scores."""
    return CapturesFirst(KillerMoves(HistoryHeuristic()))


def previous_iteration() -> Ordering:
    """Iterative deepening: the previous iteration's best move first, then captures, killers,
    history (searched as depth 1, 2, ..., each iteration ordered by the last)."""
    return PreviousIteration(mvv_lva_killers_history())


def worst_guess() -> Ordering:
    """A deliberately bad order: MVV-LVA turned round (quiet moves first, the best captures last)."""
    return _Reversed(CapturesFirst())


class _Reversed(ReversedOrder):
    def __init__(self, base: Ordering):
        self.base = base

    def order(self, search: Searcher, state: State, moves: Sequence[Any],
              path: tuple[Any, ...]) -> Sequence[Any]:
        return list(reversed(self.base.order(search, state, moves, path)))


ORDERINGS: dict[str, Callable[[], Ordering]] = {
    "generator": generator_order,
    "random": random_order,
    "MVV-LVA": mvv_lva,
    "+ killers": mvv_lva_killers,
    "+ history": mvv_lva_killers_history,
    "+ previous iteration": previous_iteration,
}
"""The orderings of the lecture, worst to best by design, by name; each makes a fresh policy.

>>> list(ORDERINGS)
['generator', 'random', 'MVV-LVA', '+ killers', '+ history', '+ previous iteration']
"""


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from .base import Game

    _IS_A_GAME: Game[chess.Board, chess.Move] = Chess()
