"""Ctrl-C (the kernel's interrupt) stops every family of searches the same way: a SearchInterrupted
carrying the counts so far, whichever family was running and wherever the interrupt arrived."""

import pytest

from mmlib import search, trees
from mmlib.errors import SearchInterrupted


class InterruptOnCall:
    """A user function that works like ``function`` until its ``n``-th call, which is
    interrupted as if Ctrl-C arrived while it ran."""

    def __init__(self, n, function):
        self.calls, self.n, self.function = 0, n, function

    def __call__(self, *args):
        self.calls += 1
        if self.calls == self.n:
            raise KeyboardInterrupt
        return self.function(*args)


def interrupted(about, n):
    """Run the family ``about`` on a tree until its user function's ``n``-th call."""
    tree = trees.uniform(5, 6, seed=1)
    if about.monte_carlo:
        user = InterruptOnCall(n, search.outcome_reward)
        settings = {"reward": user, "iterations": 10 ** 6, "max_nodes": None}
    else:
        user = InterruptOnCall(n, lambda state: 0.5)
        settings = {"evaluate": user, "depth": 4, "max_depth": 4, "bounds": (-1000, 1000),
                    "forcing": lambda state: ()}
    with pytest.raises(SearchInterrupted) as stopped:
        about.search(tree, **settings)
    assert user.calls == n                     # it stopped at once, nothing more was called
    return stopped.value


@pytest.mark.parametrize("about", search.FAMILIES, ids=lambda about: about.name)
def test_an_interrupt_gives_the_partial_counts_in_every_family(about):
    stats = interrupted(about, 20).stats
    if about.monte_carlo:
        assert stats.passes == 19 and stats.nodes > 19     # each iteration ends with one reward
    else:
        assert stats.nodes > stats.leaves > 0


@pytest.mark.parametrize("about", search.FAMILIES, ids=lambda about: about.name)
def test_an_interrupt_later_shows_more_of_the_search(about):
    assert interrupted(about, 40).stats.nodes > interrupted(about, 10).stats.nodes
