"""mmlib.conventions: one value names a course's choices, and every search honours it.

The yardstick is a minimax written here on nested lists, taking the player of each level from the
round of turns directly; the library's searches run on the tree :func:`~mmlib.conventions.apply`
gives them.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mmlib import search, trees
from mmlib.conventions import DEFAULT, Conventions, apply, resolve
from mmlib.errors import ArgumentError, ArgumentTypeError


def minimax(node: object, layers: tuple[str, ...], depth: int = 0) -> int:
    if isinstance(node, int):
        return node
    assert isinstance(node, list)
    values = [minimax(child, layers, depth + 1) for child in node]
    return max(values) if layers[depth % len(layers)] == "max" else min(values)


def random_nested(rng: random.Random, depth: int) -> object:
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(0, 20)
    return [random_nested(rng, depth - 1) for _ in range(rng.randint(1, 3))]


ROUNDS = [Conventions(), Conventions(root="min"), Conventions(turns="max min min"),
          Conventions(turns=("min", "max", "min"), root="min"), Conventions(turns="max max min", root="min")]


@pytest.mark.parametrize("rules", ROUNDS, ids=lambda rules: " ".join(rules.layers))
def test_every_search_finds_the_value_of_the_turns_it_is_given(rules: Conventions) -> None:
    rng = random.Random(" ".join(rules.layers))
    for _ in range(12):
        nested = [random_nested(rng, 4) for _ in range(rng.randint(2, 3))]
        tree = apply(trees.from_nested(nested), rules)
        expected = minimax(nested, rules.layers)
        assert search.minimax(tree).value == expected
        for cutoff in (">=", ">"):
            for variant in ("fail-soft", "fail-hard"):
                for deep in (True, False):
                    course = replace(rules, cutoff=cutoff, variant=variant, deep=deep)
                    result = search.alphabeta(tree, conventions=course)
                    assert result.value == expected, (nested, cutoff, variant, deep)


def test_pruning_only_on_a_strict_cutoff_never_evaluates_fewer_leaves() -> None:
    rng = random.Random(312)
    for _ in range(60):
        tree = trees.from_nested([random_nested(rng, 3) for _ in range(3)])
        strict = search.alphabeta(tree, cutoff=">").stats.leaves
        assert strict >= search.alphabeta(tree, cutoff=">=").stats.leaves


def test_the_round_starts_with_the_root() -> None:
    assert Conventions(turns="max min min", root="min").layers == ("min", "min", "max")
    assert Conventions(turns="max min min").usual_turns is False
    assert Conventions(root="max", turns="min max").layers == ("max", "min")
    assert Conventions(root="max", turns="min max").usual_turns


def test_the_usual_turns_leave_a_tree_as_it_is() -> None:
    tree = trees.from_nested([[1, 2], [3]])
    assert apply(tree, DEFAULT) is tree


def test_resolve_lets_a_keyword_win() -> None:
    course = Conventions(cutoff=">", variant="fail-hard")
    assert resolve(course, cutoff=None) is course
    assert resolve(course, cutoff=">=") == Conventions(variant="fail-hard")
    assert resolve() is DEFAULT
    with pytest.raises(ArgumentError, match="colour: not a convention"):
        resolve(colour="red")
    with pytest.raises(ArgumentTypeError, match="conventions"):
        resolve("cs312")  # type: ignore[arg-type]


def test_the_words_name_what_differs() -> None:
    assert Conventions(values="mover", deep=False, root="min").describe() == (
        "prune when alpha >= beta; fail-soft (results may lie outside [alpha, beta]); MIN moves at "
        "the root; values from the side to move (negamax); no deep cutoffs (each node bounded by its "
        "parent only)")
    assert Conventions(turns="max min min").describe().endswith("MAX moves at the root; turns MAX, MIN, MIN")


@pytest.mark.parametrize(("arguments", "message"), [
    ({"cutoff": "=>"}, "cutoff"),
    ({"turns": "max max"}, "both MAX and MIN"),
    ({"turns": ()}, "turns"),
    ({"turns": "max min", "root": "min", "values": "mover"}, None),
    ({"turns": "max min min", "values": "mover"}, "negamax"),
    ({"turns": "max " * 33 + "min " * 32}, "at most 64"),
])
def test_impossible_conventions_are_refused_by_name(arguments: dict[str, object],
                                                     message: str | None) -> None:
    if message is None:
        Conventions(**arguments)  # type: ignore[arg-type]
        return
    with pytest.raises(ArgumentError, match=message):
        Conventions(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad, error", [
    ({"cutoff": "=>"}, ArgumentError), ({"variant": "hard"}, ArgumentError),
    ({"root": "MAX"}, ArgumentError), ({"values": "min"}, ArgumentError),
    ({"turns": "max max"}, ArgumentError), ({"turns": ()}, ArgumentTypeError),
    ({"turns": "max min min", "values": "mover"}, ArgumentError), ({"deep": 1}, ArgumentTypeError),
    ({"cutoff": 1}, ArgumentTypeError),
])
def test_bad_conventions_are_refused_naming_the_field(bad: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error, match=next(iter(bad))):
        Conventions(**bad)  # type: ignore[arg-type]


def test_conventions_are_frozen_and_hashable() -> None:
    conventions = Conventions(cutoff=">")
    with pytest.raises(AttributeError):
        conventions.cutoff = ">="  # type: ignore[misc]
    assert {conventions: 1}[Conventions(cutoff=">")] == 1


def test_a_game_that_decides_who_moves_takes_only_the_usual_turns() -> None:
    from mmlib.games.tictactoe import TicTacToe
    game = TicTacToe()
    assert apply(game, DEFAULT) is game
    with pytest.raises(ArgumentError, match="decides itself who moves"):
        apply(game, Conventions(root="min"))
