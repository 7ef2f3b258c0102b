"""Every stored still picture of an explorer fits the column of each place it is shown: the
notebook's column in JupyterLab, the website's text and the printed handout's page.  A still wider
than a column is cut there (the handout lost the right-hand leaves of 03's trees and the depth-8
end of 05's plots) or scrolls sideways (the website).

Each still is an SVG stored as an ``<img>`` in the ``text/html`` beside the live widget view.  Its
width where it is shown: its natural width (the SVG's ``width``) when the ``<img>`` keeps it
(``max-width:none``), otherwise at most the column's width, and then its drawing must scale with
it (a ``viewBox`` of the same proportions, ``height:auto``) rather than being cropped.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from mmlib.draw.style import DISPLAY_WIDTH_PX
from mmlib.widgets.common import svg_as_img

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("notebooks/labs/*.ipynb")])
MM_PER_INCH, PX_PER_INCH = 25.4, 96
PAPER_MM = {"A4": 210, "Letter": 215.9}


def handout_column_px() -> float:
    """The printed page's text width in CSS pixels, from the paper and margins site/handout.py prints with."""
    source = (ROOT / "site" / "handout.py").read_text()
    paper = re.search(r'format="(\w+)"', source).group(1)
    left = float(re.search(r'"left": "([\d.]+)mm"', source).group(1))
    right = float(re.search(r'"right": "([\d.]+)mm"', source).group(1))
    return (PAPER_MM[paper] - left - right) / MM_PER_INCH * PX_PER_INCH


COLUMNS = {"JupyterLab": DISPLAY_WIDTH_PX, "the handout": handout_column_px(), "a narrow window": 360}


def stills(path: Path) -> list[tuple[str, str, str]]:
    """``(where, img tag, svg text)`` of each SVG picture stored as an ``<img>`` in ``path``."""
    notebook = json.loads(path.read_text())
    found = []
    for c, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            html = "".join(output.get("data", {}).get("text/html", ""))
            for k, tag in enumerate(re.findall(r"<img\b[^>]*data:image/svg\+xml;base64,[^>]*>", html)):
                svg = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", tag).group(1)).decode()
                found.append((f"{path.name} cell {c} picture {k}", tag, svg))
    return found


def shown_width(tag: str, svg: str, column: float) -> float:
    """The picture's width in a column ``column`` pixels wide, as a browser lays it out."""
    root = re.search(r"<svg\b[^>]*>", svg).group(0)
    natural = float(re.search(r'\bwidth="([\d.]+)', root).group(1))
    style = re.search(r'style="([^"]*)"', tag)
    keeps_size = style is not None and "max-width:none" in style.group(1).replace(" ", "")
    return natural if keeps_size else min(natural, column)


def scales(tag: str, svg: str) -> str:
    """Why the picture would be cropped or distorted when shrunk, or ``""``."""
    root = re.search(r"<svg\b[^>]*>", svg).group(0)
    box = re.search(r'viewBox="([^"]+)"', root)
    if box is None:
        return "the SVG has no viewBox: shrunk, it is cropped"
    _, _, box_w, box_h = (float(v) for v in box.group(1).replace(",", " ").split())
    width = float(re.search(r'\bwidth="([\d.]+)', root).group(1))
    height = float(re.search(r'\bheight="([\d.]+)', root).group(1))
    if abs(width / height - box_w / box_h) > 0.01:
        return f"its viewBox ({box_w:g} x {box_h:g}) and size ({width:g} x {height:g}) differ in shape"
    if "height:auto" not in tag.replace(" ", ""):
        return "the <img> does not say height:auto"
    return ""


def test_the_stills_are_found():
    """The measure below sees the explorers' stills (at least one in each lecture that stores one)."""
    names = {where.split()[0] for path in NOTEBOOKS for where, _, _ in stills(path)}
    assert {"03_alpha_beta_pruning.ipynb", "05_move_ordering.ipynb", "06_square_root_speedup.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_still_fits_every_column(path):
    problems = []
    for where, tag, svg in stills(path):
        for name, column in COLUMNS.items():
            width = shown_width(tag, svg, column)
            if width > column + 0.5:
                problems.append(f"{where}: {width:g} px wide in {name}'s column of {column:.0f} px")
        why = scales(tag, svg)
        if why:
            problems.append(f"{where}: {why}")
    assert not problems, "\n".join(problems)


def test_the_measure_fails_a_still_that_keeps_a_width_wider_than_the_column():
    wide = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400"/>'
    kept = svg_as_img(wide, alt="a wide tree").replace('style="', 'style="max-width:none;')
    assert shown_width(kept, wide, 703) == 1200
    assert shown_width(svg_as_img(wide, alt="a wide tree"), wide, 703) == 703
    assert scales(svg_as_img(wide, alt="a wide tree"), wide) == ""
    cropped = wide.replace(' viewBox="0 0 1200 400"', "")
    assert "no viewBox" in scales(svg_as_img(cropped, alt="x"), cropped)
    assert 690 < handout_column_px() < 710          # A4 less 12 mm each side: 186 mm
