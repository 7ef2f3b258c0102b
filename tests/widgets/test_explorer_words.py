"""The explorers' own words: counts rounded as the other explorers round them, singular and plural,
a slider held below the value chosen says so and goes back when it fits, a slider switched off says
why, a typed value that cannot be taken is answered with the right reason, a fraction takes the
value its thumb shows, the status line is a live region and every slider is named in words."""

import re

import pytest

from mmlib import search, trees, widgets
from mmlib.widgets.common import StatusLine
from mmlib.widgets.slider import FractionSlider, OutOfRange, Slider


def status_text(explorer) -> str:
    return re.sub(r"<[^>]+>", "", explorer.status.value)


# -- counts and plurals ----------------------------------------------------------------------------------

def test_growth_explorer_rounds_a_mean_over_trees_like_the_other_explorers():
    explorer = widgets.growth_explorer(branching=3, depth=4, ordering="random", trees=7, node_budget=40_000)
    # the mean over seeds 0-6, counted here by the teaching search one tree at a time
    leaves = [search.alphabeta(trees.ordered(3, 4, "random", seed)).stats.leaves for seed in range(7)]
    mean = sum(leaves) / len(leaves)
    assert not mean.is_integer()                        # the case that printed 15.752475247524753
    text = status_text(explorer)
    assert text.startswith(f"depth 4: {mean:,.1f} leaves, "), text
    assert not re.search(r"\d\.\d{2,} (leaves|nodes)", text), text


def test_one_tree_is_singular_in_the_sliders_words_and_the_ranges_sentences():
    growth = widgets.growth_explorer(branching=3, depth=2, node_budget=40_000)
    assert growth.trees.text() == "one tree" and growth.depth.text(1) == "depth 1"
    growth.trees.value = 3
    assert growth.trees.text() == "mean of 3 trees"
    quality = widgets.quality_explorer(branching=2, depth=3, trees=1, node_budget=40_000)
    assert "with 1 tree:" in quality.depth.fits and "1 trees" not in quality.depth.fits
    assert quality.trees.text() == "one tree"
    tight = widgets.growth_explorer(branching=8, depth=4, ordering="worst", node_budget=6_000)
    assert tight.trees.max == 1 and "1 to 1 tree answers within" in tight.trees.fits
    assert 'model.get("words_one")' in Slider._esm       # the browser says the same words


# -- a slider held back, a slider switched off ----------------------------------------------------------

def test_a_depth_held_back_by_b_says_so_and_returns_when_b_allows_it():
    explorer = widgets.growth_explorer(branching=2, depth=12, ordering="worst", node_budget=100_000)
    assert "not 12 as chosen" not in status_text(explorer)
    # worst order at b = 8: depths 1..5 take 42,797 nodes, depth 6 another 299,593 (see test_widgets_sliders)
    explorer.branching.value = 8
    assert explorer.depth.value == 5 and explorer.rows[-1]["depth"] == 5
    text = status_text(explorer)
    assert text.startswith("depth 5:"), text
    assert ("depth d is 5, not 12 as chosen: at b = 8, worst ordering, alphabeta, 1 tree: depths 1 to 5 "
            "answer within 2 seconds. It goes back to 12 when that fits.") in text, text
    explorer.branching.value = 2
    assert explorer.depth.value == 12 and explorer.rows[-1]["depth"] == 12
    assert "as chosen" not in status_text(explorer)


def test_the_q_slider_says_why_it_is_off_and_the_status_says_when_it_turns_on_or_off():
    explorer = widgets.growth_explorer(branching=3, depth=3, ordering="best", node_budget=40_000)
    assert explorer.q.disabled and explorer.q.off_reason == "used only with the ordering “quality q”"
    assert "off_reason" in Slider._esm and "aria-describedby" in Slider._esm
    explorer.ordering.value = "quality q"
    assert not explorer.q.disabled
    assert "the best child comes first with probability q = 0.5, set by the slider ordering quality q" \
        in status_text(explorer)
    explorer.ordering.value = "random"
    assert explorer.q.disabled
    assert "the slider ordering quality q is off, used only with the ordering “quality q”." \
        in status_text(explorer)
    explorer.seed.value = 3                   # said once, when it happened
    assert "quality q" not in status_text(explorer)


# -- typed values --------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, note", [
    ("2.5", "depth d: 2.5 is not a whole number. Type a whole number from 1 to 9."),
    ("", "depth d: the box was empty. Type a whole number from 1 to 9."),
    ("   ", "depth d: the box was empty. Type a whole number from 1 to 9."),
    ("e", "depth d: e is not a number. Type a whole number from 1 to 9."),
    ("100", "depth d: 100 is out of range: choose 1 to 9. Depths 1 to 9 fit."),
    ("0", "depth d: 0 is out of range: choose 1 to 9. Depths 1 to 9 fit."),
    ("7", ""),
    ("7.0", ""),
])
def test_a_typed_value_is_taken_or_refused_with_its_own_reason(typed, note):
    slider = Slider(value=4, min=1, max=9, label="depth d", fits="Depths 1 to 9 fit.")
    slider._on_message(slider, {"typed": typed}, [])     # what the number box sends
    assert slider.note == note
    assert slider.value == (7 if not note else 4)


def test_a_fraction_takes_the_value_its_thumb_shows_and_says_when_it_moved():
    q = FractionSlider(value=0.5, min=0.0, max=1.0, step=0.05, label="ordering quality q")
    q.type_in("0.33")
    assert q.value == 0.35
    assert q.note == "ordering quality q: 0.33 lies between the slider's steps of 0.05, so it moved to the " \
                     "nearest, 0.35."
    q.type_in("0.8")
    assert q.value == 0.8 and q.note == ""
    q.value = 0.12                               # from Python too: the value is where the thumb is
    assert q.value == 0.1
    for value in (0.0, 0.05, 0.95, 1.0):
        q.value = value
        assert q.value == value
    q.type_in("1.5")
    assert q.note.startswith("ordering quality q: 1.5 is out of range: choose 0 to 1.") and q.value == 1.0
    with pytest.raises(OutOfRange):
        q.value = -0.01
    explorer = widgets.orderings_explorer(branching=2, depth=3, q=0.33, node_budget=40_000)
    assert explorer.q.value == 0.35 and "q = 0.35" in status_text(explorer)


# -- what a screen reader hears ------------------------------------------------------------------------

def explorers():
    return [widgets.growth_explorer(branching=2, depth=3, node_budget=40_000),
            widgets.orderings_explorer(branching=2, depth=3, node_budget=40_000),
            widgets.quality_explorer(branching=2, depth=3, trees=1, node_budget=40_000),
            widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]])]


def test_every_explorer_status_line_is_a_polite_live_region():
    assert 'setAttribute("role", "status")' in StatusLine._esm
    assert 'setAttribute("aria-live", "polite")' in StatusLine._esm
    for explorer in explorers():
        assert isinstance(explorer.status, StatusLine), type(explorer)
        assert "mmlib-status" in explorer.status._dom_classes
        assert explorer.status.value


def test_every_slider_is_named_in_words():
    names = {}
    for explorer in explorers():
        names[type(explorer).__name__] = [child.label for child in vars(explorer).values()
                                          if isinstance(child, Slider | FractionSlider)]
    assert names == {
        "GrowthExplorer": ["branching factor b", "depth d", "ordering quality q", "seed", "trees"],
        "OrderingsExplorer": ["branching factor b", "deepest depth d", "ordering quality q", "seed"],
        "QualityExplorer": ["branching factor b", "depth d", "trees"],
        "StepThrough": ["step"],
    }


def test_a_huge_whole_number_is_refused_in_words():
    from mmlib.errors import MmlibError

    for slider in (Slider(value=3, min=1, max=9, label="depth d"),
                   FractionSlider(value=0.5, min=0.0, max=1.0, step=0.05, label="ordering quality q")):
        for huge in (10 ** 400, -10 ** 400):
            with pytest.raises(MmlibError, match="of 401 digits is out of range"):
                slider.value = huge
