"""Checks of a tic-tac-toe agent (lab 3): the student's evaluator and move ordering.

The student's ``evaluate(board)`` and ``order_moves(board, moves)`` run in a separate process
(:mod:`mmlib.isolation.runner`) once on every reachable position that is not over; what they
answered comes back as plain data.  This process then lets an alpha-beta agent built on
those answers play X and O against every possible reply: the verdict never depends on
anything the student's code could reach.

>>> check_evaluator(lambda board: 0).diagnosis
'loses'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import analysis, search
from ..errors import NodeBudgetExceeded
from ..isolation import runner
from ..isolation._args import flag, function, integer, seconds
from ..isolation.runner import Call, Outcome
from ..ordering import Ordering
from ..progress import Run
from .report import HINTS, Report, finish

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..games import TicTacToe
    from ..games.base import Move, State
    from ..ordering import Searcher

__all__ = ["AGENT_DEPTH", "AGENT_MAX_NODES", "check_evaluator", "check_agent"]

AGENT_DEPTH = 3
"""How deep the lab's agent searches (plies), with alpha-beta."""
AGENT_MAX_NODES = 120
"""The node budget of each of the agent's searches in :func:`check_agent`."""


class _Unusable(Exception):
    def __init__(self, diagnosis: str, detail: str, output: str = ""):
        super().__init__(detail)
        self.diagnosis, self.detail, self.output = diagnosis, detail, output


def _answers(fn: Callable[..., Any], name: str, game: TicTacToe, states: list[int], with_moves: bool,
             time_limit: float) -> dict[Any, Any]:
    """What ``fn`` answers on each position (run elsewhere); _Unusable at the first bad answer."""
    calls = [Call((game.board(state), list(game.moves(state))) if with_moves else (game.board(state),))
             for state in states]
    table: dict[Any, Any] = {}
    outcomes = runner.run_calls(fn, calls, time_limit=time_limit)
    try:
        with Run(f"checking your {name} function", f"{len(calls):,} positions", "positions answered",
                 total=len(calls)) as run:
            for state, call, outcome in zip(states, calls, outcomes, strict=False):
                table[state] = _usable(name, call, outcome, with_moves)
                run.step()
    finally:
        outcomes.close()
    return table


def _usable(name: str, call: Call, outcome: Outcome, with_moves: bool) -> Any:
    shown = f"{name}({', '.join(repr(arg) for arg in call.args)})"
    if outcome.kind == "not-implemented":
        raise _Unusable(outcome.kind, outcome.detail, outcome.output)
    if outcome.kind != "ok":
        raise _Unusable(outcome.kind, f"{shown}: {outcome.detail or 'it was stopped'}", outcome.output)
    answer = outcome.answer
    assert answer is not None
    if with_moves:
        moves = call.args[1]
        items = [item.number for item in answer.items if item.kind == "int" and item.number is not None]
        if answer.kind != "list" or len(items) != len(answer.items) or sorted(items) != sorted(moves):
            raise _Unusable("bad-order", f"{shown} returned {answer.text}, not the same moves in some order")
        return items
    if not answer.is_number:
        raise _Unusable("wrong-type", f"{shown} returned {answer.text}, not a number")
    if answer.number is None or not -10 < answer.number < 10:
        raise _Unusable("out-of-range", f"{shown} returned {answer.text}: keep estimates strictly "
                        "between -10 (O has won) and +10 (X has won)")
    return answer.number


class _TableOrder(Ordering):
    name = "student"

    def __init__(self, table: dict[Any, Any] | None):
        self.table = table

    def order(self, search_: Searcher, state: State, moves: Sequence[Move], path: tuple[Any, ...]) -> Any:
        return moves if self.table is None else self.table[state]


def _play_everything(game: TicTacToe, values: dict[Any, Any], orders: dict[Any, Any] | None,
                    depth: int, max_nodes: int | None) -> dict[Any, Any]:
    """The agent plays X and then O against every possible reply of the opponent."""
    ordering = _TableOrder(orders)
    chosen: dict[int, int] = {}
    facts: dict[str, Any] = {"searches": 0, "worst": 0, "total": 0, "games": 0, "loss": None, "over": None}

    def agent_move(state: int) -> int:
        if state not in chosen:
            try:
                result = search.alphabeta(game, depth=depth, evaluate=values.__getitem__, order=ordering,
                                          state=state, max_nodes=max_nodes)
            except NodeBudgetExceeded:
                facts["over"] = state
                raise
            chosen[state] = result.move
            facts["searches"] += 1
            facts["total"] += result.stats.nodes
            facts["worst"] = max(facts["worst"], result.stats.nodes)
        return chosen[state]

    def explore(state: int, agent_is_x: bool, line: tuple[Any, ...]) -> bool:
        if game.is_terminal(state):
            facts["games"] += 1
            winner = game.winner(state)
            if winner is not None and (winner == "X") != agent_is_x:
                facts["loss"] = (agent_is_x, line, state)
                return False
            return True
        if game.is_max(state) == agent_is_x:
            move = agent_move(state)
            return explore(game.play(state, move), agent_is_x, line + (move,))
        return all(explore(game.play(state, reply), agent_is_x, line + (reply,))
                   for reply in game.moves(state))

    try:
        if explore(game.initial, True, ()):
            explore(game.initial, False, ())
    except NodeBudgetExceeded:
        pass                                   # facts["over"] says where
    return facts


def _check_player(evaluate: Callable[..., Any], order_moves: Any, title: str, depth: int | None,
                  max_nodes: int | None,
                  raise_on_failure: bool, time_limit: float | None) -> Report:
    __tracebackhide__ = True
    from ..games import TicTacToe

    function("evaluate", evaluate, "your evaluate function")
    if order_moves is not None:
        function("order_moves", order_moves, "your order_moves function")
    depth = integer("depth", depth, minimum=1)
    if max_nodes is not None:
        max_nodes = integer("max_nodes", max_nodes, minimum=1)
    flag("raise_on_failure", raise_on_failure)
    time_limit = runner.TIME_LIMIT if time_limit is None else seconds("time_limit", time_limit, maximum=3600)
    game = TicTacToe()
    states = [state for state in sorted(analysis.reachable_positions(game)) if not game.is_terminal(state)]
    try:
        values = _answers(evaluate, "evaluate", game, states, False, time_limit)
        orders = None if order_moves is None else \
            _answers(order_moves, "order_moves", game, states, True, time_limit)
    except _Unusable as bad:
        return finish(Report(title, False, bad.diagnosis, "Your player is not ready yet.",
                             [f"Your code: {bad.detail}."], HINTS.get(bad.diagnosis, ""), output=bad.output),
                      raise_on_failure)
    facts = _play_everything(game, values, orders, depth, max_nodes)
    if facts["over"] is not None:
        return finish(Report(title, False, "over-budget", "Your player is not ready yet.", [
            f"Your code: the agent's search (depth {depth}) from the board {game.board(facts['over'])!r} "
            f"needed more than {max_nodes} nodes."],
            "Order the moves so that the best one for the player to move comes first: a cutoff then "
            "happens as early as possible.  Try ordering by your evaluator."), raise_on_failure)
    if facts["loss"] is not None:
        agent_is_x, line, state = facts["loss"]
        moves = " ".join(f"{'X' if i % 2 == 0 else 'O'}{move}" for i, move in enumerate(line))
        details = [f"Playing {'X' if agent_is_x else 'O'}, your agent lost: {moves} (squares 0-8, "
                   "row by row).", "Final board:"] + ["    " + row for row in game.render(state).splitlines()]
        return finish(Report(title, False, "loses", "Your agent can be beaten.", details, (
            "At the depth limit your evaluator must see danger coming: a player to move with two in "
            "a row (and the third square free) wins; a player facing two such threats loses.")),
            raise_on_failure)
    summary = (f"Never lost: as X and as O against every possible reply ({facts['games']:,} games), "
               f"{facts['searches']:,} searches to depth {depth}, at most {facts['worst']:,} nodes each "
               f"({facts['total']:,} in all)" + (f"; budget {max_nodes:,} per search." if max_nodes else "."))
    return finish(Report(title, True, "ok", summary), raise_on_failure)


def check_evaluator(evaluate: Callable[..., Any], *, depth: int = AGENT_DEPTH, raise_on_failure: bool = False,
                    time_limit: float | None = None) -> Report:
    """Check a tic-tac-toe evaluator ``evaluate(board) -> number``.

    ``board`` is nine characters ``X``, ``O`` or ``.`` row by row, for a game that is not
    over; the value is from X's point of view and must lie strictly between -10 and +10
    (the scores of a win and a loss).  The check evaluates every reachable position, then
    lets an alpha-beta agent (``depth`` plies, children in square order) using it play X
    and O against every possible reply: it must never lose.

    >>> check_evaluator(lambda board: 100).diagnosis
    'out-of-range'
    """
    __tracebackhide__ = True
    return _check_player(evaluate, None, "evaluator", depth, None, raise_on_failure, time_limit)


def check_agent(evaluate: Callable[..., Any], order_moves: Callable[..., Any], *, depth: int = AGENT_DEPTH,
                max_nodes: int = AGENT_MAX_NODES, raise_on_failure: bool = False,
                time_limit: float | None = None) -> Report:
    """Check an evaluator together with a move ordering ``order_moves(board, moves) -> moves``
    (the same moves, the most promising first for the player to move): the agent must
    never lose, and each of its searches must stay within ``max_nodes`` nodes.

    >>> check_agent(lambda board: 0, lambda board, moves: moves).passed
    False
    """
    __tracebackhide__ = True
    function("order_moves", order_moves, "your order_moves function")
    integer("max_nodes", max_nodes, minimum=1)
    return _check_player(evaluate, order_moves, "evaluator and move ordering", depth, max_nodes,
                         raise_on_failure, time_limit)
