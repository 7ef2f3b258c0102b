"""The engine every search shares: its one factory of searches."""

import pytest

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
