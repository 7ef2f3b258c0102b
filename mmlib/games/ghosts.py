"""A tiny maze game with one MAX agent and several MIN agents (CS188's multi-agent search).

The hero (MAX) eats dots in a maze while ghosts (each a MIN agent) chase it; in every
round the hero moves, then ghost 1, then ghost 2...  This is the setting of UC Berkeley
CS188's multi-agent project: minimax and alpha-beta run unchanged, a round is simply
several MIN levels in a row.  Scoring as in CS188: +10 a dot, -1 a hero move, +500 for
eating the last dot, -500 for being caught.  The game also ends after ``rounds`` rounds.

Maze text: ``#`` wall, ``.`` dot, ``H`` the hero, ``G`` a ghost, space an empty cell.

>>> game = Ghosts()
>>> print(game.render(game.initial))
#######
#H...G#
#.#.#.#
#....G#
#######
>>> game.is_max(game.initial), game.moves(game.initial)
(True, ('S', 'E'))
>>> after = game.play(game.initial, "E")
>>> game.is_max(after), game.agent(after)
(False, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, GameError, IllegalMoveError

__all__ = ["Ghosts", "GhostsState", "DEFAULT_MAZE"]

DEFAULT_MAZE = """
#######
#H...G#
#.#.#.#
#....G#
#######
"""

_STEPS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}

DOT, MOVE, WIN, LOSS = 10, -1, 500, -500


class GhostsState(NamedTuple):
    """Where the hero and the ghosts stand, the dots left, whose turn (0 = hero, i = ghost i),
    the score so far and the rounds played."""

    hero: tuple[int, int]
    ghosts: tuple[tuple[int, int], ...]
    dots: frozenset[tuple[int, int]]
    agent: int
    score: int
    rounds: int


class Ghosts:
    """The maze game (see the module docstring); ``rounds`` limits its length."""

    def __init__(self, maze: str = DEFAULT_MAZE, *, rounds: int = 20):
        if not isinstance(maze, str):
            raise ArgumentTypeError(f"maze: expected a string, got {type(maze).__name__}")
        rounds = _validate.whole("rounds", rounds, minimum=1)
        rows = [row for row in maze.strip("\n").splitlines() if row.strip()]
        self.rows = rows
        self.rounds = rounds
        cells, dots, hero, ghosts = set(), set(), None, []
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char not in "#. HG":
                    raise ArgumentError(f"maze: row {r + 1}, column {c + 1}: unknown character "
                                        f"{char!r} (use # . H G or a space)")
                if char != "#":
                    cells.add((r, c))
                if char == ".":
                    dots.add((r, c))
                elif char == "H":
                    if hero is not None:
                        raise ArgumentError("maze: more than one hero H")
                    hero = (r, c)
                elif char == "G":
                    ghosts.append((r, c))
        if hero is None or not ghosts:
            raise ArgumentError("maze: needs one hero H and at least one ghost G")
        self.cells = frozenset(cells)
        self.agents = 1 + len(ghosts)
        self.initial = GhostsState(hero, tuple(ghosts), frozenset(dots), 0, 0, 0)

    # -- the Game protocol ---------------------------------------------------------
    def is_max(self, state: GhostsState) -> bool:
        return state.agent == 0

    def agent(self, state: GhostsState) -> int:
        """0 for the hero, i for ghost i."""
        return state.agent

    def moves(self, state: GhostsState) -> tuple[str, ...]:
        if self.is_terminal(state):
            return ()
        where = state.hero if state.agent == 0 else state.ghosts[state.agent - 1]
        return tuple(name for name, step in _STEPS.items()
                     if (where[0] + step[0], where[1] + step[1]) in self.cells)

    def play(self, state: GhostsState, move: str) -> GhostsState:
        if move not in self.moves(state):
            raise IllegalMoveError(f"move: {move!r} is not legal for agent {state.agent} here "
                                   f"(legal: {', '.join(self.moves(state)) or 'none'})")
        dr, dc = _STEPS[move]
        following = (state.agent + 1) % self.agents
        if state.agent == 0:
            hero = (state.hero[0] + dr, state.hero[1] + dc)
            eaten = hero in state.dots
            dots = state.dots - {hero}
            score = state.score + MOVE + (DOT if eaten else 0)
            if hero in state.ghosts:
                score += LOSS
            elif not dots:
                score += WIN
            return GhostsState(hero, state.ghosts, dots, following, score, state.rounds)
        i = state.agent - 1
        ghost = (state.ghosts[i][0] + dr, state.ghosts[i][1] + dc)
        ghosts = state.ghosts[:i] + (ghost,) + state.ghosts[i + 1:]
        score = state.score + (LOSS if ghost == state.hero else 0)
        return GhostsState(state.hero, ghosts, state.dots, following, score,
                           state.rounds + (following == 0))

    def is_terminal(self, state: GhostsState) -> bool:
        return (state.hero in state.ghosts or not state.dots or state.rounds >= self.rounds)

    def utility(self, state: GhostsState) -> float:
        if not self.is_terminal(state):
            raise GameError("utility: the game is not over; use evaluate for an estimate")
        return state.score

    def evaluate(self, state: GhostsState) -> float:
        """The score, minus the distance (in steps, walls ignored) to the nearest dot."""
        if self.is_terminal(state):
            return state.score
        nearest = min(abs(state.hero[0] - r) + abs(state.hero[1] - c) for r, c in state.dots)
        return state.score - nearest

    def key(self, state: GhostsState) -> GhostsState:
        return state

    # -- looking around --------------------------------------------------------------
    def render(self, state: GhostsState) -> str:
        grid = [["#" if (r, c) not in self.cells else " " for c in range(len(row))]
                for r, row in enumerate(self.rows)]
        for r, c in state.dots:
            grid[r][c] = "."
        for r, c in state.ghosts:
            grid[r][c] = "G"
        r, c = state.hero
        grid[r][c] = "X" if state.hero in state.ghosts else "H"
        return "\n".join("".join(row) for row in grid)

    def __repr__(self) -> str:
        return f"Ghosts(rounds={self.rounds}, agents={self.agents})"


if TYPE_CHECKING:                                       # the type checker holds it to the protocol
    from .base import Game

    _IS_A_GAME: Game[GhostsState, str] = Ghosts()
