"""Tests of mmlib.draw.style: sizes, colours and the styles that tell series apart beyond colour."""

import pytest

from mmlib.draw import style


def test_points_and_pixels_of_css():
    assert style.PX_PER_PT == pytest.approx(4 / 3)                  # CSS: 96 px per inch, 72 pt per inch
    assert style.MIN_TEXT_PT <= style.TEXT_PT < style.VALUE_PT < style.TITLE_PT


def test_neighbouring_series_differ_in_colour_dash_and_marker():
    styles = [style.series_style(index) for index in range(5)]
    for field in ("color", "svg_dash", "marker"):
        assert len({getattr(s, field) for s in styles}) == 5, field
    assert style.series_style(len(style.OKABE_ITO)).color == style.OKABE_ITO[0]


def test_each_ordering_keeps_its_series():
    markers = {name: style.series_style(index).marker for name, index in style.ORDERING_STYLES.items()}
    assert markers == {"best": "o", "q": "s", "random": "^", "worst": "D"}      # circles, squares, ...


def test_only_a_picture_wider_than_the_column_is_shrunk():
    width = style.DISPLAY_WIDTH_PX
    assert style.display_scale(width) == 1.0 and style.display_scale(width / 2) == 1.0
    assert style.display_scale(2 * width) == 0.5 and style.display_scale(2 * width, natural_size=True) == 1.0
