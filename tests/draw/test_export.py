"""The files a lecturer takes away (mmlib.draw.export): SVG, PDF, PNG and TikZ exports, a step-through as an
animated GIF, and a tree picture that shows itself as SVG with its words."""

import html as html_module
import xml.etree.ElementTree as ET

import pytest
from support import A_TO_G, AIMA

from mmlib import draw, search
from mmlib.errors import ArgumentError, ArgumentTypeError, MmlibError
from mmlib.trace import trace_of


def test_export_writes_each_format(tmp_path):
    result = search.alphabeta(AIMA, trace=True)
    svg = draw.export(result, tmp_path / "t.svg", windows=True)
    assert ET.parse(svg).getroot().get("aria-label") == trace_of(result).describe()
    assert draw.export(result, tmp_path / "t.pdf").read_bytes().startswith(b"%PDF")
    assert draw.export(result, tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")
    assert draw.export(result, tmp_path / "t.tex").read_text().rstrip().endswith(r"\end{tikzpicture}")
    assert draw.export(AIMA, tmp_path / "plain", format="tikz").read_text().count("% node ") == 13
    assert draw.export(AIMA, tmp_path / "frame.svg", max_depth=1).exists()


@pytest.mark.parametrize("call,error,name", [
    (lambda p: draw.export(AIMA, p / "t.jpg"), ArgumentError, "path"),
    (lambda p: draw.export(AIMA, p / "t.svg", format="bmp"), ArgumentError, "format"),
    (lambda p: draw.export(AIMA, p / "missing" / "t.svg"), ArgumentError, "path"),
    (lambda p: draw.export(AIMA, p), ArgumentError, "path"),
    (lambda p: draw.export(AIMA, 42), ArgumentTypeError, "path"),
    (lambda p: draw.export(AIMA, p / "t.svg", windows=True), ArgumentError, "windows"),
    (lambda p: draw.save_steps_gif(search.alphabeta(AIMA), p / "s.gif"), ArgumentError, "trace"),
    (lambda p: draw.save_steps_gif(search.alphabeta(AIMA, trace=True), p / "s.png"), ArgumentError, "path"),
    (lambda p: draw.save_steps_gif(search.alphabeta(AIMA, trace=True), p / "s.gif", max_frames=5),
     ArgumentError, "max_frames"),
    (lambda p: draw.save_steps_gif(AIMA, p / "s.gif"), ArgumentTypeError, "result"),
    (lambda p: draw.tree_picture(AIMA, colour="red"), ArgumentError, "colour"),
])
def test_bad_exports_raise_mmlib_errors_naming_the_argument(tmp_path, call, error, name):
    with pytest.raises(error, match=name) as caught:
        call(tmp_path)
    assert isinstance(caught.value, MmlibError)


@pytest.mark.slow
def test_a_step_through_gif_has_one_frame_per_step_of_one_size(tmp_path):
    from PIL import Image

    result = search.alphabeta([[3, 12], [2, 4]], trace=True)
    path = draw.save_steps_gif(result, tmp_path / "steps.gif", fps=4)
    assert path.read_bytes()[:6] == b"GIF89a"
    with Image.open(path) as gif:
        assert gif.n_frames == len(result.trace) + 1
        sizes = set()
        for frame in range(gif.n_frames):
            gif.seek(frame)
            sizes.add(gif.size)
        assert len(sizes) == 1


def test_a_tree_picture_shows_as_svg_with_its_words():
    result = search.alphabeta(AIMA, trace=True)
    picture = draw.tree_picture(result, windows=True, title="AIMA figure 5.2")
    words = trace_of(result).describe()
    assert repr(picture) == words
    assert ET.fromstring(picture._repr_svg_()).get("aria-label") == words
    html = picture._repr_html_()
    assert f'<img alt="{html_module.escape(words)}"' in html and "data:image/svg+xml;base64," in html


def test_a_tree_picture_of_a_step_is_saved_like_an_export(tmp_path):
    result = search.alphabeta(A_TO_G, trace=True)
    picture = draw.tree_picture(result, step=12, windows=True)
    assert "current node E" in repr(picture)                        # event 11 enters E
    assert picture.save(tmp_path / "step.pdf").read_bytes().startswith(b"%PDF")
    assert picture.save(tmp_path / "step.svg").read_text(encoding="utf-8") == picture._repr_svg_()
