"""Monte Carlo tree search with UCT (Kocsis & Szepesvári 2006), reproducible from a seed.

Each iteration has four steps (Browne et al. 2012, "A Survey of Monte Carlo Tree
Search Methods"; AIMA 4th ed., section 5.4):

1. *selection*: from the root, follow the child with the best UCB1 score
   ``mean + c * sqrt(ln N / n)`` while the node is fully expanded;
2. *expansion*: add one untried move as a new node;
3. *simulation*: play random moves from there to the end of the game;
4. *back-propagation*: add the result (1 win for MAX, 1/2 draw, 0 loss) to every node
   on the way up.

The move played is the most visited child of the root.  Counts are comparable to
alpha-beta's: ``nodes`` are positions visited (the tree part and the random playout of
every iteration), ``leaves`` are finished games scored, ``cutoffs`` stay 0.  With
``max_nodes`` the search stops before it would visit more positions than that; the
positions of an iteration cut short are counted, its result is not used.  Like every
search, it also has a time budget, ``max_seconds``: past it the search stops with
:class:`~mmlib.errors.TimeBudgetExceeded`, carrying the counts and the root's visits so
far.  Chance nodes (see :mod:`mmlib.search.chance`) are sampled with their probabilities.

>>> from mmlib.games import TicTacToe
>>> game = TicTacToe("XX.OO....")            # X to move wins at once in square 2
>>> result = mcts(game, max_nodes=2000, seed=1)
>>> result.move, result.stats.nodes <= 2000
(2, True)
>>> mcts(game, max_nodes=2000, seed=1).stats.visits == result.stats.visits
True
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import (
    DEFAULT_MAX_SECONDS,
    ArgumentError,
    ArgumentTypeError,
    MmlibError,
    SearchTooLarge,
    TimeBudgetExceeded,
    UserFunctionError,
    printable,
    wrap_user_exception,
)
from ..games.base import Move, State
from .budgets import MAX_LINE, check_count
from .chance import chance_outcomes, is_chance
from .engine import GameLike, Path, Search, as_game, run
from .results import Kind, MonteCarloStats, SearchResult

if TYPE_CHECKING:
    from ..games.base import AnyGame

__all__ = ["mcts", "outcome_reward", "scaled_reward", "MonteCarlo"]


def outcome_reward(game: AnyGame, state: State) -> float:
    """1 if MAX won the finished game, 0 if MAX lost, 1/2 for a draw (the sign of the utility)."""
    if not callable(getattr(game, "utility", None)):
        raise ArgumentTypeError(f"game: expected a game (with a utility method), got {printable(game)}")
    score: float = game.utility(state)
    return 1.0 if score > 0 else 0.0 if score < 0 else 0.5


def scaled_reward(low: float, high: float) -> Callable[[Any, Any], float]:
    """A reward for games whose final scores lie in [low, high] (trees with values in
    (0, 1), for instance): the utility rescaled to [0, 1], as a fraction of the range.

    >>> from mmlib import search, trees
    >>> tree = trees.uniform(3, 4, seed=2)
    >>> result = mcts(tree, iterations=3000, seed=0, reward=scaled_reward(0, 1))
    >>> result.move == search.alphabeta(tree).move
    True
    """
    low, high = _validate.number("low", low, finite=True), _validate.number("high", high, finite=True)
    if not low < high:
        raise ArgumentError(f"low, high: need low < high, got ({low}, {high})")

    def reward(game: AnyGame, state: State) -> float:
        return float((game.utility(state) - low) / (high - low))
    return reward


class _Node:
    """A node of the search tree: visits, total reward for MAX, the moves not yet tried."""

    __slots__ = ("state", "path", "children", "untried", "visits", "reward")

    def __init__(self, state: State, path: Path, untried: list[Move]):
        self.state = state
        self.path = path
        self.children: dict[Any, _Node] = {}
        self.untried = untried
        self.visits = 0
        self.reward = 0.0

    def mean(self) -> float:
        return self.reward / self.visits


class _OutOfBudget(Exception):
    """The next position would exceed the node budget."""


class MonteCarlo(Search):
    """Monte Carlo tree search: its four steps, in the engine's words.  The search keeps its
    own tree of nodes and jumps between them, so each visit first puts the node's path on
    the line (:meth:`~mmlib.search.engine.Search.reach`)."""

    FRAMES_PER_PLY = 0         # not recursive: its loops walk the tree it keeps

    def __init__(self, game: AnyGame, *, exploration: float, seed: int,
                 reward: Callable[[Any, Any], float], budget: int | None, max_seconds: float | None,
                 trace: bool) -> None:
        super().__init__(game, depth=None, evaluate=None, order=None, table=None, trace=trace,
                         max_nodes=None, max_seconds=max_seconds)
        self.exploration = exploration
        self.random = random.Random(seed)
        self.reward = reward
        self.budget = math.inf if budget is None else budget
        self.root: _Node | None = None
        self.completed = 0

    def search(self, start: State, iterations: int | None) -> float | None:
        """Iterate from ``start`` until the iterations or the node budget are spent; the
        value of the most visited move."""
        self.root = root = _Node(start, (), self.legal(start))
        while iterations is None or self.completed < iterations:
            try:
                self.iterate(root)
            except _OutOfBudget:
                break
            except TimeBudgetExceeded as stopped:   # the partial counts, with the root's visits so far
                raise TimeBudgetExceeded(stopped.max_seconds, self.stats()) from None
            self.completed += 1
        for node in _tree_nodes(root):       # a child added by an iteration cut short
            node.children = {m: c for m, c in node.children.items() if c.visits}
        if not root.children:
            return self.game.utility(start) if self.game.is_terminal(start) else None
        pv = self.principal_variation(start)
        # at a chance node nobody chooses: its value is the mean of its playouts
        return root.children[pv[0]].mean() if pv else root.mean()

    def iterate(self, root: _Node) -> None:
        """One iteration: selection, expansion, simulation, back-propagation."""
        self.visit(root)
        path = [root]
        node = root
        while not self.game.is_terminal(node.state):
            if is_chance(self.game, node.state):
                node = self.sample_outcome(node)
            elif node.untried:
                node = self.expand(node)
                path.append(node)
                break
            else:
                node = self.select(node)
            path.append(node)
        reward = self.simulate(node.state, node.path)
        for visited in path:
            visited.visits += 1
            visited.reward += reward
            self.update(len(visited.path), None, reward, visited.mean(), None, None)

    def select(self, node: _Node) -> _Node:
        """The child with the best UCB1 score for the player to move (first one on ties)."""
        maximizing = self.game.is_max(node.state)
        log_n = math.log(node.visits)
        best: _Node | None = None
        best_score = -math.inf
        for child in node.children.values():
            mean = child.mean() if maximizing else 1.0 - child.mean()
            score = mean + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None, "select is only asked at a node with children"
        self.visit(best)
        return best

    def expand(self, node: _Node) -> _Node:
        """Add one untried move (chosen at random) to the tree."""
        move = node.untried.pop(self.random_index(len(node.untried)))
        state = self.game.play(node.state, move)
        child = _Node(state, node.path + (move,), self.legal(state))
        self.visit(child)
        node.children[move] = child
        return child

    def sample_outcome(self, node: _Node) -> _Node:
        """At a chance node, the outcome drawn with its probability (kept in the tree)."""
        move = self.draw(node.state)
        if move not in node.children:
            state = self.game.play(node.state, move)
            node.children[move] = _Node(state, node.path + (move,), self.legal(state))
        child = node.children[move]
        self.visit(child)
        return child

    def simulate(self, state: State, path: Path) -> float:
        """Random moves (and chance outcomes) to the end of the game; the result for MAX."""
        game = self.game
        while not game.is_terminal(state):
            if is_chance(game, state):
                move = self.draw(state)
            else:
                moves = list(game.moves(state))
                move = moves[self.random_index(len(moves))]
            state, path = game.play(state, move), path + (move,)
            self.visit_position(state, path)
        self.recorder.leaf(len(path), game.utility(state))
        return self.score(state, path)

    def score(self, state: State, path: Path) -> float:
        """The reward of the finished game at ``path``: a finite number, or a UserFunctionError."""
        try:
            value = self.reward(self.game, state)
        except MmlibError:
            raise
        except Exception as error:
            raise wrap_user_exception(error, f"reward raised {type(error).__name__} at path {path}: "
                                             f"{printable(str(error), 100)}", "reward", path) from error
        try:
            finite = _is_number(value) and math.isfinite(value)
        except OverflowError:                    # an integer too large for a float
            finite = False
        if not finite:
            raise UserFunctionError(f"reward returned {printable(value)} at path {path}, not a finite "
                                    "number (a finished game's result for MAX, in [0, 1])", "reward", path)
        return float(value)

    # -- counting and randomness ---------------------------------------------------
    def visit(self, node: _Node) -> None:
        self.visit_position(node.state, node.path)

    def visit_position(self, state: State, path: Path) -> None:
        if self.recorder.nodes >= self.budget:
            raise _OutOfBudget
        self.enter(self.reach(path), None, None, state)

    def random_index(self, n: int) -> int:
        return min(int(self.random.random() * n), n - 1)

    def draw(self, state: State) -> Any:
        u, total = self.random.random(), 0.0
        outcomes = chance_outcomes(self.game, state)
        for move, probability in outcomes:
            total += probability
            if u < total:
                return move
        return outcomes[-1][0]

    def legal(self, state: State) -> list[Move]:
        if self.game.is_terminal(state) or is_chance(self.game, state):
            return []
        return list(self.game.moves(state))

    # -- what run() asks ---------------------------------------------------------------
    def stats(self, how: str = "done") -> MonteCarloStats:
        """The counts, the completed iterations (``passes``) and the root's ``visits`` and ``means``."""
        children = self.root.children if self.root is not None else {}
        return MonteCarloStats.adding(self.research_stats(how), passes=self.completed,
                                      visits={move: child.visits for move, child in children.items()},
                                      means={move: child.mean() for move, child in children.items()})

    def partial_stats(self) -> MonteCarloStats:
        return self.stats("interrupted")

    def principal_variation(self, start: State) -> tuple[Move, ...]:
        return () if self.root is None else _most_visited_line(self.game, self.root)


def mcts(game: GameLike, *, iterations: int | None = None, max_nodes: int | None = None,
         max_seconds: float | None = DEFAULT_MAX_SECONDS, exploration: float = math.sqrt(2),
         seed: int = 0, reward: Callable[[Any, Any], float] = outcome_reward, state: State = None,
         trace: bool = False) -> SearchResult:
    """Monte Carlo tree search with UCT: ``iterations`` iterations or ``max_nodes`` positions.

    ::

        repeat until the budget is spent
            node := root
            while node is fully expanded and not terminal: node := child with the best UCB1
            if node is not terminal: node := a new child for one untried move
            r := the result of a random game from node
            add r to the visits and rewards of every node on the path
        return the most visited move of the root

    ``exploration`` is the constant c of UCB1 (sqrt 2 for rewards in [0, 1]);
    ``seed`` fixes every random choice, so a search is reproducible; ``reward(game,
    state)`` scores a finished game in [0, 1] for MAX (default: win 1, draw 1/2, loss 0).
    ``value`` is an estimate: the mean reward of the chosen move (MAX's view, in [0, 1]).
    ``stats`` (:class:`~mmlib.search.MonteCarloStats`) holds the root's ``visits`` and ``means``
    per move; ``stats.passes`` the completed iterations.

    ``max_seconds`` (default :data:`~mmlib.errors.DEFAULT_MAX_SECONDS`; None lifts it) bounds
    the wall-clock time whatever ``iterations`` and ``max_nodes`` say: the clock is read every
    :data:`~mmlib.instrument.CLOCK_EVERY` positions, and past the budget the search raises
    :class:`~mmlib.errors.TimeBudgetExceeded`, whose ``stats`` hold the counts so far, the
    completed iterations (``passes``) and the root's ``visits`` and ``means``.

    >>> from mmlib import trees
    >>> mcts(trees.from_nested([[1, -1], [1, 1]]), iterations=200, seed=0).move
    1
    >>> from mmlib.errors import TimeBudgetExceeded
    >>> try:
    ...     mcts(trees.uniform(3, 40), iterations=10 ** 9, max_seconds=0.05)
    ... except TimeBudgetExceeded as stopped:
    ...     print(stopped.stats.passes > 0, sum(stopped.stats.visits.values()) > 0)
    True True
    """
    game = as_game(game)
    if iterations is None and max_nodes is None:
        iterations = 1000
    iterations = check_count(iterations, "iterations")
    max_nodes = check_count(max_nodes)
    max_seconds = _validate.seconds_budget(max_seconds)
    exploration = _validate.number("exploration", exploration, finite=True)
    if exploration < 0:
        raise ArgumentError(f"exploration: must be >= 0, got {exploration!r}")
    seed = _validate.whole("seed", seed, what="an integer")
    if not callable(reward):
        raise ArgumentTypeError(f"reward: expected a function (game, state) -> [0, 1], got {reward!r}")
    _check_line_length(game)
    _validate.flag("trace", trace)
    search = MonteCarlo(game, exploration=exploration, seed=seed, reward=reward,
                         budget=max_nodes, max_seconds=max_seconds, trace=trace)
    return run(search, Kind.MCTS, state, lambda start, _: search.search(start, iterations))


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float, numbers.Real)) and not isinstance(value, bool)


def _check_line_length(game: AnyGame) -> None:
    """SearchTooLarge for a tree whose lines are longer than :data:`~mmlib.search.budgets.MAX_LINE`
    plies: each position of a playout holds its path from the start, so a line d plies deep
    costs about d²/2 steps."""
    height = getattr(game, "height", None)
    if height is None:
        height = getattr(game, "depth", None)
    if isinstance(height, int) and not isinstance(height, bool) and height > MAX_LINE:
        raise SearchTooLarge(f"game: its lines are {height:,} plies long, too long for Monte Carlo "
                             f"playouts (at most {MAX_LINE:,}); search a shallower tree, or use "
                             "search.alphabeta")


def _tree_nodes(root: _Node) -> list[_Node]:
    nodes: list[_Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(node.children.values())
    return nodes


def _most_visited_line(game: AnyGame, root: _Node) -> tuple[Move, ...]:
    line: list[Move] = []
    node = root
    while node.children and not is_chance(game, node.state):
        move = max(node.children, key=lambda m: node.children[m].visits)
        line.append(move)
        node = node.children[move]
    return tuple(line)
