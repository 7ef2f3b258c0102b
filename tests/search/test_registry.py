"""The one list of searches (mmlib.search.registry): every family is in it once, every result
carries its family's kind, every view that offers searches offers the families it should, and
the other spellings of a name are read as the family's."""

from __future__ import annotations

import inspect

import pytest

from mmlib import analysis, search, trace, trees
from mmlib.draw.tree_layout import readable_name
from mmlib.errors import ArgumentError, ArgumentTypeError
from mmlib.search import FAMILIES, Kind, family
from mmlib.search.registry import canonical, names
from mmlib.search.yardstick import ALGORITHMS as COMPARED

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]                                        # AIMA figure 5.2, value 3
DICE = [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]]          # AIMA figure 5.12, value 2.1

# What each public search is, written down here independently of the registry: the function,
# the name its results carry, and whether it searches chance nodes.
SPEC = {
    "minimax": ("minimax", False), "alphabeta": ("alphabeta", False), "negamax": ("negamax", False),
    "quiescence": ("quiescence", False), "aspiration": ("aspiration", False), "pvs": ("pvs", False),
    "mtdf": ("mtdf", False), "sss_star": ("sss*", False), "expectimax": ("expectimax", True),
    "expectiminimax": ("expectiminimax", True), "mcts": ("mcts", False), "anytime": ("anytime", False),
    "iterative_deepening": ("iterative_deepening", False),
}


GENERATED = trees.ordered(2, 3, "best", seed=0)       # static values at every node: for deepening


def run(about: search.Family, **options):
    """A small search by ``about``, on a tree it can search."""
    if about.chance:
        return about.function(trees.layered_tree(DICE, layers="max chance min"), **options)
    if about.kind is Kind.QUIESCENCE:
        return about.function(AIMA, 2, forcing=lambda state: [], **options)
    if about.kind is Kind.ITERATIVE_DEEPENING:
        return about.function(GENERATED, 3, **options)
    if about.kind is Kind.ANYTIME:
        return about.function(GENERATED, max_nodes=1000, **options)
    if about.kind is Kind.MCTS:
        return about.function(AIMA, iterations=50, seed=0, **options)
    return about.function(AIMA, **options)


def expected_value(about: search.Family) -> float | None:
    if about.chance:
        return 2.1
    if about.kind in (Kind.ITERATIVE_DEEPENING, Kind.ANYTIME):
        return search.minimax(GENERATED).value
    return None if about.monte_carlo else 3


def test_every_public_search_is_in_the_registry_once():
    functions = {getattr(about.function, "func", about.function).__name__ for about in FAMILIES}
    assert functions == set(SPEC)
    assert sorted(about.kind.value for about in FAMILIES) == sorted(kind.value for kind in Kind)
    assert len({about.kind for about in FAMILIES}) == len(FAMILIES)
    for name, (kind, chance) in SPEC.items():
        assert getattr(search, name) in [getattr(about.function, "func", about.function)
                                         for about in FAMILIES]
        assert family(name).name == kind or family(name).kind is Kind.EXPECTIMINIMAX
        assert family(kind).chance is chance


@pytest.mark.parametrize("about", FAMILIES, ids=lambda about: about.name)
def test_every_result_carries_its_familys_kind(about):
    result = run(about)
    last = result.last if isinstance(result, search.IterativeResult) else result
    if about.kind is Kind.ITERATIVE_DEEPENING:
        assert last.kind is Kind.ALPHABETA                   # each iteration is an alpha-beta search
        return
    assert last.kind is about.kind
    assert Kind.named(last.algorithm) is about.kind
    if expected_value(about) is not None:
        assert last.value == pytest.approx(expected_value(about))


def test_alphabeta_names_its_variant_and_cutoff():
    for variant in ("fail-soft", "fail-hard"):
        for cutoff in (">=", ">"):
            result = search.alphabeta(AIMA, variant=variant, cutoff=cutoff)
            assert result.kind is Kind.ALPHABETA and result.algorithm == f"alphabeta ({variant}, {cutoff})"
            assert family(result.algorithm) is family("alphabeta")


@pytest.mark.parametrize("typed, meant", [
    ("SSS*", "sss*"), ("sss_star", "sss*"), ("sss*", "sss*"), ("MTD(f)", "mtdf"), ("PVS", "pvs"),
    ("alpha-beta", "alphabeta"), ("Alphabeta", "alphabeta"), ("alphabeta (fail-hard, >)", "alphabeta"),
    ("Star1", "star1"), ("Monte Carlo tree search", "mcts"), ("iterative deepening", "iterative_deepening"),
])
def test_other_spellings_are_read_as_the_familys(typed, meant):
    assert family(typed).name == meant
    assert family(Kind(meant)) is family(typed)


def test_a_name_of_no_family_is_refused_naming_the_argument():
    with pytest.raises(ArgumentError, match="^algorithm: unknown 'chess'; expected one of minimax, alpha"):
        family("chess")
    with pytest.raises(ArgumentTypeError, match="^algorithm: "):
        family(3)
    assert canonical("chess") == "chess" and canonical(None) is None
    with pytest.raises(ArgumentError, match="^colour: not a property"):
        names(colour=True)


def test_every_traced_family_is_read_by_the_trace():
    for about in FAMILIES:
        result = run(about, trace=True) if "trace" in inspect.signature(about.function).parameters else None
        if about.traced:
            model = trace.trace_of(result)
            assert model.kind is about.kind
            assert model.multipass is about.passes and model.chance is about.chance
            assert model.monte_carlo is about.monte_carlo
        elif result is not None:
            with pytest.raises(ArgumentError, match="cannot read a transcript"):
                trace.trace_of(result)


def test_the_registry_flags_say_what_the_searches_do():
    # passes: the start is searched more than once (or tested with null windows) on some tree
    for about in FAMILIES:
        if about.passes:
            assert any(event.kind in ("pass", "test") for event in run(about, trace=True).trace)
    # windows: the transcript's enter events carry a finite window somewhere below the root
    for about in FAMILIES:
        if about.traced and not about.monte_carlo:
            events = run(about, trace=True).trace
            finite = any(e.alpha is not None and e.beta is not None
                         and (abs(e.alpha) < 1e9 or abs(e.beta) < 1e9) for e in events if e.kind == "enter")
            if about.windows:
                assert finite, about.name
    assert names(compiled=True) == ("minimax", "alphabeta")


@pytest.mark.slow
def test_the_step_through_offers_every_stepped_family_under_any_spelling():
    from mmlib.widgets import step
    assert step.step_through(AIMA, "sss*").result.kind is Kind.SSS
    assert step.ALGORITHMS[:2] == ("minimax", "alphabeta")                   # the lectures' two first
    for about in FAMILIES:
        if not about.stepped:
            with pytest.raises(ArgumentError, match="^algorithm: expected one of 'minimax'"):
                step.step_through(AIMA, about.name)
            continue
        for spelling in [about.display]:                       # the name itself: below and the lectures
            if about.chance:
                explorer = step.step_through(DICE, spelling, layers="max chance min")
            else:
                explorer = step.step_through(AIMA, spelling, iterations=5, seed=1)
            assert explorer.result.kind is about.kind
            assert explorer.windows is about.windows


def test_the_sweep_runs_every_family_that_sweeps_and_reads_other_spellings():
    assert [name for name in analysis.ALGORITHMS if name in names()] == list(names(sweeps=True))
    rows = analysis.sweep([2], [3], ["random"], ["alpha-beta", "Minimax", "negamax", "alphabeta-strict"],
                          max_nodes=None)                      # the teaching searches (nothing to compile)
    assert [row["algorithm"] for row in rows] == ["alphabeta", "minimax", "negamax", "alphabeta-strict"]
    # an independent count: minimax visits every node of the uniform binary tree of depth 3
    assert rows[1]["nodes"] == 15 and rows[1]["leaves"] == 8
    with pytest.raises(ArgumentError, match="^algorithms: unknown 'sss\\*'"):
        analysis.sweep([2], [3], ["random"], ["sss*"])           # no time budget in SSS* yet


def test_the_minimal_tree_comparison_lists_the_pruning_families_by_display_name():
    assert list(COMPARED) == ["alpha-beta", "aspiration", "PVS", "MTD(f)", "SSS*"]
    tree = trees.ordered(3, 3, "random", seed=2, noise=0.1)
    guess = search.alphabeta(tree, depth=2).known_value
    assert COMPARED["MTD(f)"](tree, guess).kind is Kind.MTDF
    assert COMPARED["aspiration"](tree, guess).stats.leaves == search.aspiration(
        tree, guess=guess, delta=0.1).stats.leaves


def test_the_compiled_counts_and_the_growth_explorer_offer_the_families_with_a_twin():
    fastcount = pytest.importorskip("mmlib.fastcount")
    from mmlib.widgets import growth
    assert set(fastcount.ALGORITHMS) == set(names(compiled=True)) == set(growth.ALGORITHMS)
    assert growth.ALGORITHMS[0] == "alphabeta"                 # the menu opens on alpha-beta
    tree = trees.ordered(3, 3, "best")
    for name in fastcount.ALGORITHMS:
        assert fastcount.count(tree, name).leaves == family(name).function(tree).stats.leaves
    explorer = growth.growth_explorer(2, 3, algorithm="Alpha-Beta", node_budget=1000)
    assert explorer.algorithm.value == "alphabeta"


def test_drawing_titles_name_alphabeta_by_its_variant_and_others_by_their_display_name():
    assert readable_name("alphabeta (fail-soft, >=)") == "alpha-beta (fail-soft, cut when α ≥ β)"
    assert readable_name("sss*") == "SSS*" and readable_name("mtdf") == "MTD(f)"
    assert readable_name("alphabeta") == "alpha-beta" and readable_name("mcts") == "Monte Carlo tree search"
    assert readable_name("a search of my own") == "a search of my own"       # not listed: as it is
    model = trace.trace_of(search.alphabeta(AIMA, cutoff=">", trace=True))
    assert readable_name(model) == "alpha-beta (fail-soft, cut when α > β)"
