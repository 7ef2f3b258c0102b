"""The rules of the class tournament: Connect Four games between agents, refereed here.

An *agent* answers ``anytime_move(board, max_nodes)`` with a column, as lab 6's agent does.
The referee (:func:`play_game`) gives it the board as text (the rows top first, separated by
``/``; ``X`` moves first) and a node budget, and waits at most ``move_seconds`` for the answer:
the clock runs here, outside the agent, which runs in another process
(:mod:`mmlib.isolation.runner`; in the tournament a sealed sandbox).  An agent that runs over its
time, runs iterations of lab 6's ``search_to_depth`` that spend more than the node budget in all
(:func:`mmlib.check.deepening.held_to_budget`), raises, crashes, ends its process or answers
anything but a column with room in it *forfeits*: it loses that game, and the record says why.
Its opponent wins the game if it answers the same board with a column with room; if it forfeits
too, both lose.  Each pair of games starts from its own opening of a few random moves, the
colours swapped, so first-move advantage is shared.

The fixed entrants (:data:`BASELINES`) are trusted code that runs here: random moves, the
centre-most column, and alpha-beta to a fixed depth.  :func:`practice_games` plays your own agent
against them under the same rules and time budget.

>>> rules = Rules(columns=5, rows=4)
>>> record = play_game(rules, {"X": baseline("alphabeta-2"), "O": baseline("random")}, opening="", seed=1)
>>> record.result, record.forfeit
('X', None)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from .. import search
from ..errors import ArgumentError
from ..games import ConnectFour
from ..games.connect4 import CentreFirst
from ..isolation import runner
from ..isolation.runner import Call, Outcome
from ..search import arena
from .deepening import MOVE_SECONDS, held_to_budget, moves_text, opening_text

if TYPE_CHECKING:
    from ..games.base import AnyGame
    from ..games.connect4 import State as FourState

__all__ = ["Rules", "GameRecord", "Agent", "BASELINES", "baseline", "student_agent", "board_text",
           "opening_of", "play_game", "practice_games", "seed_of"]


@dataclass(frozen=True)
class Rules:
    """The settings every game of a tournament shares.

    ``columns``, ``rows``, ``connect``: the board (lab 6's helpers play on 7 x 6, connect 4);
    ``move_seconds``: wall-clock time per move; ``max_nodes``: the node budget passed to the
    agent; ``games``: games per pairing (even: each opening is played with both colours);
    ``opening_moves``: random moves before the agents take over.
    """

    columns: int = 7
    rows: int = 6
    connect: int = 4
    move_seconds: float = MOVE_SECONDS
    max_nodes: int = 1000
    games: int = 2
    opening_moves: int = 2

    def __post_init__(self) -> None:
        if not (isinstance(self.games, int) and self.games >= 2 and self.games % 2 == 0):
            raise ArgumentError(f"games: expected an even number >= 2 (both colours), got {self.games!r}")
        if not (isinstance(self.move_seconds, int | float) and 0 < self.move_seconds <= 600):
            raise ArgumentError(f"move_seconds: expected more than 0 and at most 600, "
                                f"got {self.move_seconds!r}")
        if not (isinstance(self.max_nodes, int) and self.max_nodes >= 1):
            raise ArgumentError(f"max_nodes: expected a whole number >= 1, got {self.max_nodes!r}")
        if not (isinstance(self.opening_moves, int) and 0 <= self.opening_moves < self.columns * self.rows):
            raise ArgumentError(f"opening_moves: expected 0 to {self.columns * self.rows - 1}, "
                                f"got {self.opening_moves!r}")
        self.game()                                # checks the board's size

    def game(self) -> ConnectFour:
        """The game these rules play."""
        return ConnectFour(self.columns, self.rows, self.connect)


@dataclass
class GameRecord:
    """One game: who played X and O, the opening and every move (columns, opening included),
    the ``result`` ("X", "O", "draw", or "none" when both forfeited), who forfeited ("X", "O",
    "both" or None) and why (``reasons``: side -> reason)."""

    x: str
    o: str
    opening: str
    moves: list[int] = field(default_factory=list)
    result: str = "draw"
    forfeit: str | None = None
    reasons: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Agent:
    """A player in a game: ``choose(board, game, state)`` gives a column, or raises
    :class:`Forfeit` with the reason."""

    name = "agent"

    def choose(self, board: str, game: ConnectFour, state: FourState) -> int:
        raise NotImplementedError


class Forfeit(Exception):
    """The agent loses the game: ``reason`` says why."""


def board_text(game: ConnectFour, state: FourState) -> str:
    """The board as the agents see it: rows top first, separated by ``/``.

    >>> game = ConnectFour(4, 3)
    >>> board_text(game, game.position("12"))
    '..../..../.XO.'
    """
    return "/".join("".join(game.cell(state, column, row) for column in range(game.columns))
                    for row in reversed(range(game.rows)))


class _Trusted(Agent):
    def __init__(self, name: str, player: Callable[[Any, Any], Any]):
        self.name, self.player = name, player

    def choose(self, board: str, game: ConnectFour, state: FourState) -> int:
        return int(self.player(game, state))


def _depth_player(depth: int) -> Callable[[Any, Any], Any]:
    def choose(game: AnyGame, state: FourState) -> Any:
        return search.alphabeta(game, depth=depth, state=state, order=CentreFirst(), max_seconds=None,
                                max_nodes=None).move
    return choose


def _centre_player(game: AnyGame, state: FourState) -> Any:
    return CentreFirst().order(None, state, list(game.moves(state)), ())[0]


BASELINES: dict[str, str] = {
    "random": "random legal moves",
    "centre": "the column nearest the centre with room",
    "alphabeta-2": "alpha-beta to depth 2 with the open-lines evaluation",
    "alphabeta-4": "alpha-beta to depth 4 with the open-lines evaluation",
}
"""The fixed entrants, by name (``alphabeta-D`` for any depth D from 1 to 8 works too)."""


def baseline(name: str, seed: int = 0) -> Agent:
    """The fixed entrant ``name`` (see :data:`BASELINES`); ``seed`` seeds the random one.

    >>> baseline("centre").name
    'centre'
    """
    if name == "random":
        return _Trusted(name, arena.random_player(seed))
    if name == "centre":
        return _Trusted(name, _centre_player)
    if name.startswith("alphabeta-") and name[10:].isdigit() and 1 <= int(name[10:]) <= 8:
        return _Trusted(name, _depth_player(int(name[10:])))
    raise ArgumentError(f"baseline: expected random, centre or alphabeta-D (D from 1 to 8), got {name!r}")


class _Student(Agent):
    def __init__(self, name: str, fn: Callable[..., Any], rules: Rules):
        self.name, self.fn, self.rules = name, fn, rules
        self.asked = held_to_budget(fn)          # each move asked through the node-budget meter

    def choose(self, board: str, game: ConnectFour, state: FourState) -> int:
        call = Call((board, self.rules.max_nodes))
        outcomes = runner.run_calls(self.asked, [call], time_limit=self.rules.move_seconds)
        try:
            outcome = next(outcomes)
        finally:
            outcomes.close()
        return _column(outcome, list(game.moves(state)), self.rules.max_nodes)


def _column(outcome: Outcome, legal: list[int], max_nodes: int) -> int:
    if outcome.kind == "timeout":
        raise Forfeit(f"overran its time: {outcome.detail}")
    if outcome.kind == "over-budget":
        raise Forfeit("over its node budget: its iterations of search_to_depth spent more than the move's "
                      f"{max_nodes} nodes in all")
    if outcome.kind != "ok" or outcome.answer is None:
        raise Forfeit(f"{outcome.kind}: {outcome.detail or 'it was stopped'}")
    answer = outcome.answer
    if answer.kind != "int" or answer.number not in legal:
        raise Forfeit(f"illegal move: it answered {answer.text}, not a column with room ({legal})")
    return int(answer.number)


def student_agent(name: str, fn: Callable[..., Any], rules: Rules) -> Agent:
    """An agent ``fn(board, max_nodes) -> column``, asked each move in another process (a sealed
    one when ``fn`` is a :class:`mmlib.isolation.sandbox.RemoteFunction`) with the rules' time limit."""
    return _Student(name, fn, rules)


def seed_of(*parts: Any) -> int:
    """A seed made from ``parts``: the same on every machine and in every process.

    >>> seed_of("r1", "alice", "bob") == seed_of("r1", "alice", "bob") != seed_of("r1", "bob", "alice")
    True
    """
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big")


def opening_of(rules: Rules, seed: int) -> str:
    """The opening of ``rules.opening_moves`` random moves drawn from ``seed`` (column digits),
    one that leaves the game open.

    >>> opening_of(Rules(), 5) == opening_of(Rules(), 5), len(opening_of(Rules(), 5))
    (True, 2)
    """
    game, rng = rules.game(), random.Random(seed)
    for _ in range(100):
        state, moves = game.initial, []
        for _ in range(rules.opening_moves):
            legal = list(game.moves(state))
            if not legal:
                break
            moves.append(legal[int(rng.random() * len(legal))])
            state = game.play(state, moves[-1])
        if not game.is_terminal(state):
            return "".join(str(move) for move in moves)
    return ""


def play_game(rules: Rules, agents: dict[str, Agent], *, opening: str, seed: int = 0) -> GameRecord:
    """Play one game from ``opening`` (column digits) between ``agents["X"]`` and ``agents["O"]``."""
    del seed                              # the agents carry their own seeds; kept for the record's sake
    game = rules.game()
    record = GameRecord(agents["X"].name, agents["O"].name, opening)
    state = game.initial
    for digit in opening:
        state = game.play(state, int(digit))
        record.moves.append(int(digit))
    while not game.is_terminal(state):
        side = "X" if game.is_max(state) else "O"
        try:
            move = agents[side].choose(board_text(game, state), game, state)
        except Forfeit as why:
            record.reasons[side] = str(why)
            other = "O" if side == "X" else "X"
            try:                       # the opponent wins if it can answer the same board itself
                agents[other].choose(board_text(game, state), game, state)
            except Forfeit as also:
                record.reasons[other] = str(also)
            record.forfeit = side if len(record.reasons) == 1 else "both"
            record.result = other if len(record.reasons) == 1 else "none"
            return record
        state = game.play(state, move)
        record.moves.append(move)
    utility = game.utility(state)
    record.result = "X" if utility > 0 else "O" if utility < 0 else "draw"
    return record


def _own_moves(record: GameRecord, side: str) -> int:
    """The moves ``side`` played in the game, the opening's not counted (X moves first)."""
    return sum(1 for index in range(len(record.opening), len(record.moves))
               if (index % 2 == 0) == (side == "X"))


def _game_said(record: GameRecord, you: str, name: str) -> str:
    """A game of :func:`practice_games` in words: won, drew or lost, and how, counting the moves
    your agent played (:func:`~mmlib.check.deepening.moves_text`).

    >>> record = GameRecord("you", "random", "11", [1, 1], "O", "X", {"X": "overran its time"})
    >>> _game_said(record, "X", "random")
    'lost: your agent forfeited its first move (overran its time)'
    >>> _game_said(GameRecord("random", "you", "11", [1, 1, 0, 2, 0, 2, 0, 2], "O"), "O", "random")
    'won after 3 moves by your agent'
    """
    own, other = _own_moves(record, you), "O" if you == "X" else "X"
    if you in record.reasons:
        also = f"; {name} could not answer that board either" if other in record.reasons else ""
        return f"lost: {moves_text(own, forfeited=True)} ({record.reasons[you]}){also}"
    if other in record.reasons:
        return f"won: {name} forfeited its move ({record.reasons[other]}), {moves_text(own)}"
    verdict = "won" if record.result == you else "lost" if record.result == other else "drew"
    return f"{verdict} {moves_text(own)}"


def practice_games(anytime_move: Callable[..., Any], *, rules: Rules | None = None,
             opponents: tuple[str, ...] = ("random", "centre", "alphabeta-2"), seed: int = 0) -> list[str]:
    """Play your ``anytime_move`` against the fixed entrants under the tournament's rules (time
    per move, node budget, openings, both colours): one line per game, then your points.  A line
    counts the moves your agent played, not the opening's, and says which move it forfeited, if any.

    >>> lines = practice_games(lambda board, max_nodes: 9, rules=Rules(columns=5, rows=4),
    ...                        opponents=("centre",))
    >>> print(lines[0])           # doctest: +ELLIPSIS
    against centre as X from the opening 2, 0: lost: your agent forfeited its first move (illegal move: ...)
    >>> lines[-1]
    'you: 0 of 2 points'
    """
    rules = rules or Rules()
    lines, points = [], 0.0
    for name in opponents:
        for pair in range(rules.games // 2):
            opening = opening_of(rules, seed_of(seed, name, pair))
            for you in ("X", "O"):
                other = "O" if you == "X" else "X"
                agents = {you: student_agent("you", anytime_move, rules),
                          other: baseline(name, seed_of(seed, name, pair, you))}
                record = play_game(rules, agents, opening=opening)
                points += 1.0 if record.result == you else 0.5 if record.result == "draw" else 0.0
                lines.append(f"against {name} as {you} from the opening {opening_text(opening)}: "
                             f"{_game_said(record, you, name)}")
    games = len(opponents) * rules.games
    lines.append(f"you: {points:g} of {games} points")
    return lines
