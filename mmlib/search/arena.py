"""Matches between players: win / draw / loss counts with confidence intervals.

A *player* is a function ``(game, state) -> move``.  :func:`match` plays many games in
pairs: each pair starts from its own random opening (a few random moves, so that
deterministic players do not replay one game) and the players swap colours between the
two games of a pair.  It counts the results of the first player.  The intervals are
Wilson score intervals (Wilson 1927) at 95 %.

>>> from mmlib.games import TicTacToe
>>> score = match(TicTacToe(), alphabeta_player(max_nodes=20_000), random_player(),
...               games=20, opening_moves=1, seed=3)
>>> score.losses, score.wins + score.draws
(0, 20)
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import DEFAULT_MAX_SECONDS, ArgumentError, ArgumentTypeError, printable
from .budgets import check_count
from .chance import chance_outcomes, is_chance
from .deepening import anytime
from .engine import GameLike, as_game, user_call
from .mcts import mcts

if TYPE_CHECKING:
    from ..games.base import AnyGame, State
    from ..ordering import Ordering

__all__ = ["Score", "match", "play", "wilson_interval", "alphabeta_player", "mcts_player",
           "random_player"]

Player = Callable[[Any, Any], Any]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % for z = 1.96).

    >>> [round(x, 3) for x in wilson_interval(8, 10)]
    [0.49, 0.943]
    """
    for name, count in (("successes", successes), ("trials", trials)):
        if isinstance(count, bool) or not isinstance(count, numbers.Integral):
            raise ArgumentTypeError(f"{name}: expected a whole number, got {printable(count)}")
    if not 1 <= trials <= 2 ** 53:
        raise ArgumentError(f"trials: expected 1 to 2**53, got {printable(trials)}")
    if not 0 <= successes <= trials:
        raise ArgumentError(f"successes: expected 0 to trials ({printable(trials)}), "
                            f"got {printable(successes)}")
    z = _validate.number("z", z, finite=True, positive=True)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Score:
    """The first player's results over ``games`` games."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def interval(self, outcome: str) -> tuple[float, float]:
        """95 % Wilson interval of the share of "wins", "draws" or "losses"."""
        if outcome not in ("wins", "draws", "losses"):
            raise ArgumentError(f"outcome: expected 'wins', 'draws' or 'losses', got {outcome!r}")
        return wilson_interval(getattr(self, outcome), self.games)

    def __str__(self) -> str:
        """Each count with its 95 % interval, the word singular for one.

        >>> str(Score(1, 0, 9))
        '1 win (2%-40%), 0 draws (0%-28%), 9 losses (60%-98%)'
        """
        parts = []
        for name, one in (("wins", "win"), ("draws", "draw"), ("losses", "loss")):
            low, high = self.interval(name)
            count = getattr(self, name)
            parts.append(f"{count} {one if count == 1 else name} ({low:.0%}-{high:.0%})")
        return ", ".join(parts)


def play(game: GameLike, x_player: Player, o_player: Player, *, state: State = None,
         rng: random.Random | None = None) -> float:
    """Play one game to the end; return its utility (from X's, that is MAX's, view)."""
    game = as_game(game)
    for name, player in (("x_player", x_player), ("o_player", o_player)):
        if not callable(player):
            raise ArgumentTypeError(f"{name}: expected a player (game, state) -> move, got "
                                    f"{type(player).__name__}")
    state = game.initial if state is None else state
    rng = rng or random.Random(0)
    while not game.is_terminal(state):
        if is_chance(game, state):
            outcomes = chance_outcomes(game, state)
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            name, player = ("x_player", x_player) if game.is_max(state) else ("o_player", o_player)
            move = user_call(player, name, game, state)
        state = game.play(state, move)
    return float(game.utility(state))


def match(game: GameLike, first: Player, second: Player, *, games: int = 100,
          opening_moves: int = 2, seed: int = 0) -> Score:
    """``games`` games of ``first`` against ``second``: pairs of games from one opening of
    ``opening_moves`` random moves, colours swapped; the first player's wins, draws, losses."""
    for name, player in (("first", first), ("second", second)):
        if not callable(player):
            raise ArgumentTypeError(f"{name}: expected a player (game, state) -> move")
    game = as_game(game)
    games = _validate.whole("games", games, minimum=1)
    opening_moves = _validate.whole("opening_moves", opening_moves, minimum=0)
    seed = _validate.whole("seed", seed, minimum=0)
    rng = random.Random(seed)
    wins = draws = losses = 0
    for number in range(games):
        if number % 2 == 0:                    # each opening twice, colours swapped
            state = _opening(game, rng, opening_moves)
        first_is_x = number % 2 == 0
        x, o = (first, second) if first_is_x else (second, first)
        result = play(game, x, o, state=state, rng=rng)
        mine = result if first_is_x else -result
        wins, draws, losses = wins + (mine > 0), draws + (mine == 0), losses + (mine < 0)
    return Score(wins, draws, losses)


def _opening(game: AnyGame, rng: random.Random, moves: int) -> Any:
    # Retry until the opening leaves a game to play.
    for _ in range(100):
        state = game.initial
        for _ in range(moves):
            if game.is_terminal(state):
                break
            options = list(game.moves(state))
            state = game.play(state, options[int(rng.random() * len(options))])
        if not game.is_terminal(state):
            return state
    return game.initial


def alphabeta_player(*, max_nodes: int, evaluate: Callable[[Any], float] | None = None,
                     order: str | Ordering | None = None) -> Player:
    """Anytime alpha-beta (:func:`~mmlib.search.anytime`) with ``max_nodes`` a move."""
    def choose(game: AnyGame, state: State) -> Any:
        result = anytime(game, max_nodes=max_nodes, evaluate=evaluate, order=order, state=state)
        return result.move if result.move is not None else next(iter(game.moves(state)))
    choose.__name__ = f"alphabeta_{max_nodes}"
    return choose


def mcts_player(*, max_nodes: int | None, seed: int = 0, exploration: float = math.sqrt(2),
                max_seconds: float | None = DEFAULT_MAX_SECONDS) -> Player:
    """UCT with ``max_nodes`` a move (None: 1,000 iterations a move) and at most ``max_seconds``
    a move (see :func:`~mmlib.search.mcts`); each move uses a fresh seed drawn from
    ``seed``.  The budgets are checked here, before any game is played."""
    max_nodes = check_count(max_nodes)
    max_seconds = _validate.seconds_budget(max_seconds)
    exploration = _validate.number("exploration", exploration, finite=True)
    rng = random.Random(_validate.whole("seed", seed))

    def choose(game: AnyGame, state: State) -> Any:
        return mcts(game, max_nodes=max_nodes, max_seconds=max_seconds, seed=rng.randrange(2 ** 32),
                    exploration=exploration, state=state).move
    choose.__name__ = f"mcts_{max_nodes}"
    return choose


def random_player(seed: int = 0) -> Player:
    """Uniformly random legal moves."""
    if isinstance(seed, bool) or not isinstance(seed, (numbers.Integral, str)):
        raise ArgumentTypeError(f"seed: expected a whole number or a string, got {printable(seed)}")
    rng = random.Random(seed if isinstance(seed, str) else int(seed))

    def choose(game: AnyGame, state: State) -> Any:
        moves = list(game.moves(state))
        return moves[int(rng.random() * len(moves))]
    return choose
