"""The printed handout (`make handout`, site/handout.py): one PDF per lecture, read back with poppler.

Printing takes a few seconds a lecture, so the test prints three lectures chosen for what they hold (the most
figures and explorers, the most math, a game board) into a temporary folder; `make handout` prints them all.
Each PDF must hold the lecture's words (its title and the sentence under each explorer's still picture), its
pictures (the SVG drawings print as vector graphics whose labels are text, so the labels of the still
pictures are found in the PDF's text), a plausible number of pages, and print on white: rendered in
shades of grey, the pages are mostly paper, with no dark panels behind the text.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from test_browser import ROOT, require, require_browser

pytestmark = pytest.mark.browser

LECTURES = ["03_alpha_beta_pruning", "06_square_root_speedup", "07_tictactoe_solved"]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def poppler() -> None:
    missing = [tool for tool in ("pdftotext", "pdfinfo", "pdftoppm", "pdfimages") if not shutil.which(tool)]
    if missing:
        require(f"poppler-utils not installed ({', '.join(missing)}; apt-get install poppler-utils)")


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Path:
    require_browser()
    poppler()
    mathjax = ROOT / "build" / "mathjax" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
    if not mathjax.exists():
        require(f"MathJax not installed: {mathjax.relative_to(ROOT)} is missing (`make test` installs it)")
    out = tmp_path_factory.mktemp("handout")
    notebooks = [str(ROOT / "notebooks" / f"{name}.ipynb") for name in LECTURES]
    command = [sys.executable, str(ROOT / "site" / "handout.py"), "--out", str(out), *notebooks]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"handout.py failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    return out


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def stored(name: str) -> dict:
    """What the notebook holds: its title, the sentences of its explorers' still pictures, its figures."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    headings = [re.search(r"^# (.+)$", "".join(c["source"]), re.M) for c in nb["cells"]
                if c["cell_type"] == "markdown"]
    title = next(h.group(1) for h in headings if h)
    stills, figures = [], 0
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            html = "".join(output.get("data", {}).get("text/html", ""))
            if WIDGET_MIME in output.get("data", {}):
                sentence = re.search(r'class="mmlib-fallback"><p>(.*?)</p>', html, re.S)
                stills.append(unescape(sentence.group(1)) if sentence else "")
            elif "<svg" in html or "<img" in html:
                figures += 1
    return {"title": title, "stills": stills, "figures": figures}


def words(text: str) -> str:
    """The text with its spaces made single, and the ligatures a PDF sets ("ﬁ") written out."""
    return re.sub(r"\s+", " ", text.translate(LIGATURES)).strip()


LIGATURES = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl"})


@pytest.mark.parametrize("name", LECTURES)
def test_handout_holds_the_lecture(handout, name):
    pdf = handout / f"{name}.pdf"
    assert pdf.is_file(), f"no {pdf.name} in {sorted(p.name for p in handout.iterdir())}"
    facts, text = stored(name), words(pdf_text(pdf))
    assert words(facts["title"]) in text
    for sentence in facts["stills"]:
        assert sentence and words(sentence)[:60] in text, f"{name}: the still picture's sentence {sentence!r}"
        assert re.search(r"run the cell to (use it|play|step through it)", sentence)
    assert not re.search(r"<Figure size|<mmlib\.|object at 0x|Error displaying widget", text)
    assert "$" not in text, f"{name}: TeX printed as text"
    pages = page_count(pdf)
    assert 3 <= pages <= 60, f"{name}: {pages} pages"


def picture_titles(name: str) -> list[str]:
    """The first label of every SVG drawing the notebook stores (inline, or as a data: picture) that writes
    its words as text: the drawing's title line."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    titles = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            html = "".join(output.get("data", {}).get("text/html", ""))
            svgs = re.findall(r"<svg\b.*?</svg>", html, re.S)
            svgs += [base64.b64decode(b).decode("utf-8", "replace")
                     for b in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)]
            for svg in svgs:
                label = re.search(r"<text\b[^>]*>([^<]{8,})</text>", svg)
                if label:
                    titles.append(unescape(label.group(1)))
    return titles


@pytest.mark.parametrize("name", LECTURES)
def test_handout_prints_the_pictures(handout, name):
    """Every drawing of the lecture (figures and still pictures) is printed: each one's title line, which
    the SVG writes as text, is in the PDF's text."""
    titles, rasters = picture_titles(name), raster_pictures(name)
    assert titles or rasters, f"{name}: no picture stored"
    text = words(pdf_text(handout / f"{name}.pdf"))
    missing = [title for title in titles if words(title) not in text]
    assert not missing, f"{name}: {len(missing)} of {len(titles)} drawings not in the PDF: {missing[:3]}"
    listing = subprocess.run(["pdfimages", "-list", str(handout / f"{name}.pdf")], capture_output=True,
                             text=True, check=True).stdout.splitlines()[2:]
    images = [line for line in listing if line.split()[2] == "image"]
    assert len(images) >= rasters, f"{name}: {rasters} PNG pictures stored, {len(images)} printed"


def raster_pictures(name: str) -> int:
    """How many PNG pictures (the game boards) the notebook's outputs hold."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return sum(len(re.findall(r"data:image/png;base64,", "".join(o.get("data", {}).get("text/html", ""))))
               + ("image/png" in o.get("data", {}))
               for c in nb["cells"] for o in c.get("outputs", []))


def test_handout_reads_in_black_and_white(handout):
    """Rendered in grey at 30 dpi, every page is mostly paper: on average lighter than 85 % white, and no
    page has a dark band (a row of pixels darker than 40 % on average) behind its text."""
    for name in LECTURES:
        prefix = handout / f"grey-{name}"
        pdf = handout / f"{name}.pdf"
        subprocess.run(["pdftoppm", "-gray", "-r", "30", str(pdf), str(prefix)], check=True)
        for page in sorted(handout.glob(f"grey-{name}*.pgm")):
            width, height, pixels = read_pgm(page)
            assert sum(pixels) / len(pixels) > 0.85 * 255, f"{page.name}: too dark for paper"
            rows = [pixels[y * width:(y + 1) * width] for y in range(height)]
            dark = [y for y, row in enumerate(rows) if sum(row) / width < 0.4 * 255]
            assert not dark, f"{page.name}: dark band at rows {dark[:5]}"


def read_pgm(path: Path) -> tuple[int, int, bytes]:
    """A binary PGM (P5, 8 bits) as written by pdftoppm -gray."""
    data = path.read_bytes()
    fields = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    assert fields and int(fields.group(3)) == 255, f"{path.name}: not an 8-bit PGM"
    width, height = int(fields.group(1)), int(fields.group(2))
    return width, height, data[fields.end():fields.end() + width * height]
