"""Pig, the dice game: a small stochastic game on the Game protocol, with chance nodes.

Rules (Neller & Presser 2004, "Optimal Play of the Dice Game Pig"): on your turn you
roll a die as often as you like.  A 1 ends your turn and scores nothing for it; 2-6 add
to your *turn total*.  If you *hold*, the turn total is added to your score and the turn
passes.  The first player to reach the goal wins.  A turn starts with a roll (holding
with a turn total of 0 is not a move).

After "roll" the state is a chance node: ``is_chance`` is True and ``outcomes`` lists
the six faces with probability 1/6 each.  X moves first and is MAX; a win is +1 for X,
a loss -1.  The game can go on forever (both players rolling 1s), so searches need a
depth limit; ``evaluate`` estimates a position by the score difference (turn total
included) over the goal, between -1 and 1.

>>> game = Pig(goal=20)
>>> state = game.play(game.initial, "roll")
>>> game.is_chance(state), [p for _, p in game.outcomes(state)] == [1 / 6] * 6
(True, True)
>>> game.render(game.play(state, 5))
'X 0, O 0 - X to move, turn total 5'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from .. import _validate
from ..errors import ArgumentError, GameError, IllegalMoveError

if TYPE_CHECKING:
    from .base import Game

__all__ = ["Pig", "PigState", "PigMove"]

FACES = (1, 2, 3, 4, 5, 6)


class PigState(NamedTuple):
    """Scores of X and O, the turn total, who is to move (0 = X, 1 = O), and whether the
    die is in the air (a chance node)."""

    x: int
    o: int
    turn: int
    player: int
    rolling: bool = False


PigMove = int | Literal["roll", "hold"]
"""A move of Pig: "roll" or "hold" for the player, the face the die shows at a chance node."""


class Pig:
    """Pig to ``goal`` points (100 in the classic game; smaller goals make small trees)."""

    value_bounds = (-1.0, 1.0)

    def __init__(self, goal: int = 100):
        goal = _validate.whole("goal", goal, minimum=2)
        self.goal = goal
        self.initial = PigState(0, 0, 0, 0)

    # -- the Game protocol, and chance --------------------------------------------
    def is_max(self, state: PigState) -> bool:
        return state.player == 0

    def is_chance(self, state: PigState) -> bool:
        return state.rolling

    def outcomes(self, state: PigState) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in FACES]

    def moves(self, state: PigState) -> tuple[PigMove, ...]:
        if self.is_terminal(state):
            return ()
        if state.rolling:
            return FACES
        return ("roll", "hold") if state.turn else ("roll",)

    def play(self, state: PigState, move: PigMove) -> PigState:
        if move not in self.moves(state):
            raise IllegalMoveError(f"move: {move!r} is not legal here "
                                   f"(legal: {', '.join(map(str, self.moves(state))) or 'none'})")
        if move == "roll":
            return state._replace(rolling=True)
        if move == "hold":
            x, o = (state.x + state.turn, state.o) if state.player == 0 else (
                state.x, state.o + state.turn)
            return PigState(x, o, 0, 1 - state.player)
        if move == 1:                                   # a 1: the turn total is lost
            return PigState(state.x, state.o, 0, 1 - state.player)
        assert isinstance(move, int)                    # "roll" and "hold" are played above
        return state._replace(turn=state.turn + move, rolling=False)

    def is_terminal(self, state: PigState) -> bool:
        return state.x >= self.goal or state.o >= self.goal

    def utility(self, state: PigState) -> float:
        if not self.is_terminal(state):
            raise GameError("utility: the game is not over; use evaluate for an estimate")
        return 1 if state.x >= self.goal else -1

    def evaluate(self, state: PigState) -> float:
        if self.is_terminal(state):
            return self.utility(state)
        x = state.x + (state.turn if state.player == 0 else 0)
        o = state.o + (state.turn if state.player == 1 else 0)
        return max(-1.0, min(1.0, (x - o) / self.goal))

    def key(self, state: PigState) -> PigState:
        return state

    # -- looking around --------------------------------------------------------------
    def position(self, x: int = 0, o: int = 0, turn: int = 0, to_move: str = "X") -> PigState:
        """The state with these scores, turn total and player to move ("X" or "O")."""
        if to_move not in ("X", "O"):
            raise ArgumentError(f"to_move: expected 'X' or 'O', got {to_move!r}")
        x, o, turn = (_validate.whole(name, value, minimum=0)
                      for name, value in (("x", x), ("o", o), ("turn", turn)))
        return PigState(x, o, turn, 0 if to_move == "X" else 1)

    def render(self, state: PigState) -> str:
        player = "XO"[state.player]
        if self.is_terminal(state):
            return f"X {state.x}, O {state.o} - {'X' if state.x >= self.goal else 'O'} has won"
        doing = "rolling" if state.rolling else "to move"
        return f"X {state.x}, O {state.o} - {player} {doing}, turn total {state.turn}"

    def __repr__(self) -> str:
        return f"Pig(goal={self.goal})"


if TYPE_CHECKING:
    _IS_A_GAME: Game[PigState, PigMove] = Pig()
