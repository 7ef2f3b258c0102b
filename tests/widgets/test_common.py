"""The explorers' live drawings fit the column they are shown in, as their still pictures do: a
drawing wider than the column is scaled down with it (its height following through the viewBox)
rather than scrolling sideways."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mmlib import trees, widgets
from mmlib.widgets.common import STILL_STYLE, fit_column, show_svg, svg_figure


def shown_svg(html: str) -> ET.Element:
    """The root ``<svg>`` of what an explorer's figure area shows."""
    found = re.search(r"<svg\b.*</svg>", html, re.S)
    assert found, f"no SVG shown: {html[:120]}"
    return ET.fromstring(found.group(0))


def fits(root: ET.Element) -> bool:
    """Whether a browser draws ``root`` at most as wide as its column, keeping its proportions."""
    style = (root.get("style") or "").replace(" ", "")
    if "max-width:100%" not in style or "height:auto" not in style or "max-width:none" in style:
        return False
    _, _, box_w, box_h = (float(v) for v in root.get("viewBox", "0 0 0 0").split())
    return box_w > 0 and abs(box_w / box_h - float(root.get("width")) / float(root.get("height"))) < 0.01


def test_a_drawing_that_keeps_its_natural_width_is_found():
    wide = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300" ' \
           'style="max-width:none;height:auto"><g/></svg>'
    assert not fits(ET.fromstring(wide))                           # what a tree drawing says of itself
    assert not fits(ET.fromstring(wide.replace(' viewBox="0 0 1200 300"', "")))
    assert fits(ET.fromstring(fit_column(wide)))
    assert fit_column(wide).count("style=") == 1 and STILL_STYLE in fit_column(wide)


def test_show_svg_scales_a_drawing_down_to_the_column():
    figure = svg_figure()
    show_svg(figure, '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="90" '
                     'viewBox="0 0 900 90"></svg>')
    assert fits(shown_svg(figure.value)) and "overflow-x" not in figure.value


@pytest.mark.parametrize("make", [
    lambda: widgets.step_through(trees.explicit(trees.ordered(4, 3, "random", seed=1))),   # 64 leaves: wide
    lambda: widgets.tree_editor("[[1, 2], [3, 4]]"),
], ids=["step-through of a wide tree", "tree editor"])
def test_live_explorer_drawings_fit_the_column(make):
    explorer = make()
    root = shown_svg(explorer.output.value)
    assert fits(root), root.attrib
    if "step" in type(explorer).__name__.lower():
        assert float(root.get("width")) > 850                       # wider than the column: it must shrink
