"""The engine every search shares: its one factory of searches."""

import linecache
from typing import Any

import pytest

from mmlib import ordering, search, trees
from mmlib.errors import UserFunctionError
from mmlib.games import TicTacToe
from mmlib.search.engine import as_game, make_search
from mmlib.search.minimax import Minimax


def test_the_factory_takes_its_options_by_name_only():
    with pytest.raises(TypeError):
        make_search(Minimax, as_game([[1, 2], [3]]), 1)   # type: ignore[misc]
    made = make_search(Minimax, as_game([[1, 2], [3]]), depth=1, max_nodes=7, max_seconds=None)
    assert (made.horizon, made.max_nodes) == (1, 7)


def test_the_factory_checks_the_options_it_is_given():
    with pytest.raises(ValueError, match="depth"):
        make_search(Minimax, as_game([[1, 2], [3]]), depth=-1)


# -- blame: which user function failed, read from the code objects the error carries ---------------

class _FailingGame:
    """Tic-tac-toe (or ``game``), seen by the search through this wrapper, whose method ``method``
    raises at its ``after + 1``-th call by the search (the game's own methods calling one another
    are not counted)."""

    def __init__(self, method: str, after: int, game: Any = None) -> None:
        self.game, self.method, self.after, self.calls = game or TicTacToe(), method, after, 0

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.game, name)
        if name != self.method:
            return found

        def failing(*args: Any) -> Any:
            self.calls += 1
            if self.calls > self.after:
                raise LookupError(f"{name} failed")
            return found(*args)
        return failing


SEARCHES = {
    "minimax": lambda game: search.minimax(game, depth=2),
    "alphabeta": lambda game: search.alphabeta(game, depth=3, table=True),
    "pvs": lambda game: search.pvs(game, depth=3),
    "mtdf": lambda game: search.mtdf(game, depth=3),
    "iterative deepening": lambda game: search.iterative_deepening(game, 3),
}


def _failure(run: Any, game: Any) -> Exception | None:
    """What ``run(game)`` raised, with linecache refusing to serve source lines meanwhile."""
    def no_source(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("blame read a source file")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(linecache, "getline", no_source)
        patch.setattr(linecache, "getlines", no_source)
        try:
            run(game)
        except Exception as error:  # noqa: BLE001 - the test looks at whatever it was
            return error
    return None


@pytest.mark.parametrize("method", ["moves", "play", "is_terminal", "evaluate", "key"])
@pytest.mark.parametrize("name", list(SEARCHES))
def test_blame_names_the_game_method_that_raised_whichever_call_it_was(name: str, method: str) -> None:
    # whichever call of the method fails (the first, or one deep in the search or in the principal
    # variation), only that method raised, so the message names it; and no source file is read
    # (a student's cell has none)
    for after in (0, 1, 7, 17, 60):
        game = _FailingGame(method, after)
        error = _failure(SEARCHES[name], game)
        if error is None:
            assert game.calls <= after, f"{method} never failed, yet was called past call {after}"
            continue
        assert isinstance(error, UserFunctionError), (after, repr(error))
        assert error.function == f"game.{method}", (after, str(error))
        assert str(error).startswith(f"game.{method} raised LookupError")
        assert isinstance(error.__cause__, LookupError)


def test_blame_names_the_evaluator_and_the_ordering_as_the_messages_always_did() -> None:
    class Failing(ordering.KillerMoves):
        def order(self, searcher: ordering.Searcher, state: Any, moves: Any, path: Any) -> Any:
            raise RuntimeError("no order")

    def evaluate(state: Any) -> float:
        raise ValueError("no value")

    tree = trees.from_nested([[1, 2], [3, 4]])
    with pytest.raises(UserFunctionError, match=r"^evaluate raised ValueError at path \(0,\): no value$"):
        search.alphabeta(tree, depth=1, evaluate=evaluate)
    failed = r"^the ordering Failing\.order raised RuntimeError at path \(\): no order$"
    with pytest.raises(UserFunctionError, match=failed):
        search.alphabeta(tree, order=Failing())


@pytest.mark.parametrize("method", ["moves", "play", "is_max"])
@pytest.mark.parametrize("name", ["mtdf", "alphabeta"])
def test_a_game_method_failing_at_any_of_its_calls_is_named(name: str, method: str) -> None:
    # every call the search makes, including those of the principal variation worked out after the
    # search (MTD(f)'s proven line, a table's stored line), fails in turn: each is the user's error
    def run(game: Any) -> Any:
        if name == "mtdf":
            return search.mtdf(game, depth=3)
        return search.alphabeta(game, depth=3, table=True)

    counting = _FailingGame(method, 10**9, trees.ordered(3, 4, "random", seed=1))
    run(counting)
    assert counting.calls > 5
    for after in range(counting.calls):
        with pytest.raises(UserFunctionError) as raised:
            run(_FailingGame(method, after, trees.ordered(3, 4, "random", seed=1)))
        assert raised.value.function == f"game.{method}", (after, str(raised.value))
