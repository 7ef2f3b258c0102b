"""How figures appear in a notebook (mmlib.draw.display): a PNG picture inside an ``<img>`` whose ``alt``
says what the figure shows, the same words as its plain text, and the figure's geometry in the PNG."""

import base64
import html
import io
import json
import re

import pytest
from matplotlib.figure import Figure
from PIL import Image

from mmlib.draw.display import CSS_PX_PER_INCH, check_axes, figure_alt, figure_html, set_alt
from mmlib.draw.geometry import PNG_KEY
from mmlib.errors import ArgumentTypeError


def _plot(title="Leaves searched"):
    figure = Figure(figsize=(3, 2))
    ax = figure.add_subplot()
    ax.plot([1, 2], [3, 4], label="alpha-beta")
    ax.plot([1, 2], [3, 9], label="minimax")
    ax.legend()
    ax.set_title(title)
    ax.set_xlabel("depth")
    ax.set_ylabel("leaves")
    return figure


def test_the_alt_text_is_built_from_the_titles_axes_and_legend():
    assert figure_alt(_plot()) == \
        "Figure: Leaves searched (x axis: depth; y axis: leaves; lines: alpha-beta, minimax)."
    figure = Figure()
    figure.suptitle("Two searches")
    figure.add_subplot().set_title("left")
    figure.add_subplot().set_xlabel("depth")
    assert figure_alt(figure) == "Figure: Two searches; left; (x axis: depth)."
    assert figure_alt(Figure()) == "A figure without a title."


def test_stored_words_win_over_the_titles_with_their_spaces_tidied():
    figure = _plot()
    set_alt(figure, "  A plot of\nleaves   against depth. ")
    assert figure_alt(figure) == "A plot of leaves against depth."


def test_the_html_is_an_img_with_the_alt_and_a_png_carrying_the_geometry():
    figure = _plot('leaves < 10 & "nodes"')
    shown = figure_html(figure)
    img = r'<img alt="([^"]*)" src="data:image/png;base64,([^"]+)" style="max-width:100%">'
    alt, data = re.fullmatch(img, shown).groups()
    assert html.unescape(alt) == figure_alt(figure)                        # escaped, then read back whole
    with Image.open(io.BytesIO(base64.b64decode(data))) as png:
        assert png.format == "PNG"
        assert png.width <= 3 * CSS_PX_PER_INCH + 10                       # 3 inches at 96 px, cropped
        facts = json.loads(png.text[PNG_KEY])
    assert {text["text"] for text in facts["texts"]} >= {"depth", "leaves", "alpha-beta", "minimax"}


def test_anything_but_a_figure_or_axes_is_refused_naming_it():
    with pytest.raises(ArgumentTypeError, match="^figure: expected a matplotlib Figure, got list"):
        set_alt([1, 2], "words")
    with pytest.raises(ArgumentTypeError, match="^figure:"):
        figure_alt("a figure")
    with pytest.raises(ArgumentTypeError, match="^ax: expected matplotlib Axes"):
        check_axes(Figure())
    check_axes(None)
    check_axes(Figure().add_subplot())
