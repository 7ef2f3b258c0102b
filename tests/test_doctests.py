"""Every docstring example in the core runs and gives what it says."""

import doctest
import importlib

import pytest

CORE = ["mmlib", "mmlib.errors", "mmlib.trees", "mmlib.trees.explicit", "mmlib.trees.text",
        "mmlib.trees.graphs", "mmlib.trees.generated", "mmlib.games", "mmlib.games.tictactoe",
        "mmlib.search", "mmlib.instrument", "mmlib.ordering", "mmlib.table", "mmlib.analysis"]


@pytest.mark.parametrize("name", CORE)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0 or name in {"mmlib.games.base"}
