"""Tests of mmlib.widgets.slider: the labelled sliders of the explorers."""

from mmlib.widgets.slider import Slider


def test_slider_is_a_labelled_native_range_input_with_its_value_in_words():
    slider = Slider(value=3, min=2, max=8, label="b", words="branching factor {value}")
    assert 'type = "range"' in slider._esm and "label.htmlFor = id" in slider._esm
    assert "aria-valuetext" in slider._esm and 'box.type = "number"' in slider._esm
    assert slider.text() == "branching factor 3"
    slider.value = 8
    assert slider.text() == "branching factor 8"
    assert set(slider.keys) >= {"value", "min", "max", "step", "label", "words", "fits", "disabled"}


def test_set_range_moves_the_value_inside_and_back_to_the_value_chosen():
    slider = Slider(value=9, min=1, max=9, label="depth d", fits="Depths 1 to 4 fit.")
    slider.set_range(1, 4)
    assert (slider.min, slider.max, slider.value) == (1, 4, 4)
    assert slider.held_back() == "depth d is 4, not 9 as chosen: depths 1 to 4 fit. It goes back to 9 when " \
                                 "that fits."
    slider.set_range(1, 7)
    assert (slider.max, slider.value) == (7, 7)          # as near the choice as fits
    slider.set_range(1, 20)
    assert (slider.max, slider.value, slider.held_back()) == (20, 9, "")
    slider.set_range(1, 4)
    slider.value = 3                                     # a new choice while held back replaces the old
    slider.set_range(1, 20)
    assert slider.value == 3 and slider.held_back() == ""


def test_a_slider_shown_without_its_front_end_is_a_sentence():
    bundle, _ = Slider(value=2, min=0, max=5, label="step", words="step {value} of 5")._repr_mimebundle_()
    assert bundle["text/plain"] == "step: step 2 of 5 (a slider from 0 to 5) — run the cell to use it."
