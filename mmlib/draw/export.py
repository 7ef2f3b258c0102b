r"""Tree drawings to keep: files for slides and handouts, an animated step-through, a picture for notebooks.

- :func:`export` writes a tree, a search result or one step of a search to a file: SVG
  (the SVG painter), PDF or PNG (the matplotlib painter) or TikZ (a ``tikzpicture`` to
  ``\input`` in LaTeX slides).  Every format paints the same layout and marks.
- :func:`save_steps_gif` writes the step-through of a search as an animated GIF: one frame
  per event of the transcript, each titled with what happened at that step.
- :func:`tree_picture` gives a drawing that a notebook shows as SVG, with its text
  alternative as ``alt`` text and title, and that can be saved in any of those formats.

>>> import pathlib, tempfile
>>> from mmlib import search
>>> result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> files = [export(result, folder / name, windows=True) for name in ("a.svg", "a.pdf", "a.tex")]
>>> [path.stat().st_size > 1000 for path in files]
[True, True, True]
>>> tikz = export(result, folder / "step.tex", step=9).read_text()      # step 9: at the leaf G
>>> tikz.count("\\draw[dashed, line width=1pt] (2,-2)")                    # G's dashed ring
1
"""

from __future__ import annotations

import base64
import html
import os
import pathlib
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, printable
from ..trace import trace_of
from ..trees import Path
from .tree_layout import DEFAULT_MAX_NODES, drawing_parts, is_result

if TYPE_CHECKING:

    from matplotlib.figure import Figure

    from ..search.results import SearchResult
    from ..trees.convert import AnyTree

__all__ = ["export", "save_steps_gif", "tree_picture", "TreePicture", "FORMATS"]

FORMATS = {".svg": "svg", ".pdf": "pdf", ".png": "png", ".tex": "tikz", ".tikz": "tikz"}
"""File endings and the format each means (``format=`` takes the names on the right)."""
PNG_DPI = 192
"""PNG files are drawn at twice the screen's 96 pixels per inch, sharp on a projector."""


def _target(path: Any, format: str | None, allowed: dict[str, str]) -> tuple[pathlib.Path, str]:
    """The file to write and its format; mmlib errors name ``path`` or ``format``."""
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentTypeError(f"path: expected a file name (a str or a pathlib.Path), "
                                f"got {type(path).__name__}")
    target = pathlib.Path(path)
    try:
        if "\x00" in str(target):
            raise ValueError("a file name cannot hold a NUL character")
        os.fsencode(target)                   # a lone surrogate cannot be written as a file name
    except ValueError as error:               # UnicodeEncodeError is a ValueError too
        raise ArgumentError(f"path: {printable(str(target))} cannot be a file name here ({error})") from error
    with _writing(target):                    # a name the system refuses (too long...) is named
        folder, parent = target.is_dir(), target.parent.is_dir()
    if folder:
        raise ArgumentError(f"path: {str(target)!r} is a folder; give a file name such as tree.svg")
    if not parent:
        raise ArgumentError(f"path: the folder {str(target.parent)!r} does not exist")
    names = sorted(set(allowed.values()))
    if format is None:
        found = allowed.get(target.suffix.lower())
        if found is None:
            raise ArgumentError(f"path: cannot tell the format from {target.name!r}; end it with "
                                f"{', '.join(sorted(allowed))} or pass format= one of {', '.join(names)}")
        return target, found
    if not isinstance(format, str) or format.lower().lstrip(".") not in names + ["tex"]:
        raise ArgumentError(f"format: expected one of {', '.join(names)}, got {format!r}")
    name = format.lower().lstrip(".")
    return target, "tikz" if name == "tex" else name


@contextmanager
def _writing(target: pathlib.Path) -> Iterator[None]:
    """Write ``target``; a file the system refuses to write (no permission, a special folder, a
    full disk) is an ArgumentError naming ``path``, chained to the system's error."""
    try:
        yield
    except OSError as error:
        raise ArgumentError(f"path: cannot write {str(target)!r} ({error.strerror or error}); "
                            "choose another file name or folder") from error


def export(tree_or_result: Any, path: str | os.PathLike[str], *, format: str | None = None,
           step: int | None = None, values: bool = True, windows: bool = False, leaf_numbers: bool = True,
           title: str | None = None,
           root: Path | str = (), max_depth: int | None = None,
           max_nodes: int | None = DEFAULT_MAX_NODES) -> pathlib.Path:
    """Write a tree drawing to ``path`` and return the path.

    ``format``: ``"svg"``, ``"pdf"``, ``"png"`` or ``"tikz"`` (default: from the file's
    ending: .svg, .pdf, .png, .tex or .tikz).  ``step=k`` draws a search result after the
    first k events of its transcript (a frame of the step-through).  The other arguments
    are those of :func:`~mmlib.draw.draw_tree`.  A TikZ file holds one ``tikzpicture``
    environment; its document needs ``\\usepackage{tikz}``.

    >>> import pathlib, tempfile
    >>> path = export([[3, 5], [2, 9]], pathlib.Path(tempfile.mkdtemp()) / "tree.svg", title="Two moves")
    >>> path.read_text(encoding="utf-8").startswith("<svg")
    True
    >>> from mmlib.errors import ArgumentError
    >>> try:
    ...     export([[3, 5]], "tree.jpg")
    ... except ArgumentError as refusal:
    ...     print(refusal)                                   # doctest: +NORMALIZE_WHITESPACE
    path: cannot tell the format from 'tree.jpg'; end it with .pdf, .png, .svg, .tex, .tikz
    or pass format= one of pdf, png, svg, tikz
    """
    target, kind = _target(path, format, FORMATS)
    drawing_parts(tree_or_result, step=step, windows=windows)        # what cannot be drawn is refused here
    options: dict[str, Any] = dict(values=values, windows=windows, leaf_numbers=leaf_numbers, title=title,
                                   root=root, max_depth=max_depth, max_nodes=max_nodes)
    if kind == "svg":
        from .svg import tree_svg

        text = tree_svg(tree_or_result, step=step, **options)
    elif kind == "tikz":
        from .tikz import tree_tikz

        text = tree_tikz(tree_or_result, step=step, **options) + "\n"
    else:
        from .tree import draw_tree

        figure = draw_tree(tree_or_result, step=step, **options)
        with _writing(target):
            figure.savefig(target, format=kind, dpi=PNG_DPI, bbox_inches="tight", facecolor="white",
                           metadata=_metadata(figure, kind))
        return target
    with _writing(target):
        target.write_text(text, encoding="utf-8")
    return target


def _metadata(figure: Figure, kind: str) -> dict[str, str]:
    from .display import figure_alt

    words = figure_alt(figure)
    return {"Title": words} if kind == "pdf" else {"Description": words}


def save_steps_gif(result: SearchResult, path: str | os.PathLike[str], *, fps: float = 1.5,
                   windows: bool = True,
                   values: bool = True, leaf_numbers: bool = True, root: Path | str = (),
                   max_depth: int | None = None, max_frames: int = 400) -> pathlib.Path:
    """Write the step-through of a search as an animated GIF and return the path.

    ``result``: a search on a tree run with ``trace=True``.  Frame k shows the search after
    its first k events (from the empty tree to the finished search, as
    :meth:`mmlib.trace.Trace.marks` gives them), titled with what step k did
    (:meth:`mmlib.trace.Trace.sentence`); ``fps`` frames a second.  A search of more than
    ``max_frames`` events is refused (a GIF of a thousand frames is no help on a slide):
    draw a smaller tree, or pass a larger ``max_frames``.

    >>> import pathlib, tempfile
    >>> from PIL import Image
    >>> from mmlib import search
    >>> result = search.alphabeta([3, 12], trace=True)               # a MAX root with two leaves
    >>> path = save_steps_gif(result, pathlib.Path(tempfile.mkdtemp()) / "steps.gif")
    >>> Image.open(path).n_frames == len(result.trace) + 1
    True
    """
    from matplotlib.animation import PillowWriter
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from .display import CSS_PX_PER_INCH
    from .tree import TreeView

    target, _ = _target(path, None, {".gif": "gif"})
    if not is_result(result):
        raise ArgumentTypeError(f"result: expected a search result run with trace=True, "
                                f"got {type(result).__name__}")
    if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not 0 < fps <= 50:
        raise ArgumentError(f"fps: expected a number of frames a second, above 0 and at most 50, got {fps!r}")
    max_frames = _validate.whole("max_frames", max_frames, minimum=1)
    tree, _, _, _ = drawing_parts(result, step=0, windows=windows)
    model = trace_of(result)
    steps = len(model.events)
    if steps + 1 > max_frames:
        raise ArgumentError(f"result: its {steps + 1:,} steps are more than max_frames={max_frames:,}; "
                            "animate a smaller tree, or pass a larger max_frames")
    view = TreeView(tree, windows=windows, root=root, max_depth=max_depth, max_nodes=DEFAULT_MAX_NODES)
    FigureCanvasAgg(view.figure)
    width = max(int(view.figure.get_figwidth() * 72 / (0.6 * max(view.font, 10))), 30)
    titles = [_step_title(model, k, steps, width) for k in range(steps + 1)]
    lines = max(title.count("\n") for title in titles)
    titles = [title + "\n" * (lines - title.count("\n")) for title in titles]

    def show(k: int) -> None:
        view.show(model.marks(k), values=values, windows=windows, leaf_numbers=leaf_numbers, title=titles[k])

    for k in range(steps + 1):                # every step once: the figure grows to its fullest legend
        show(k)
    view.figure.canvas.draw()
    view.figure.set_layout_engine("none")
    writer = PillowWriter(fps=fps)  # type: ignore[arg-type]  # Pillow takes fractions of a second
    with _writing(target), writer.saving(view.figure, str(target), dpi=CSS_PX_PER_INCH):
        for k in range(steps + 1):
            show(k)
            writer.grab_frame(facecolor="white")
    return target


def _step_title(model: Any, k: int, steps: int, width: int) -> str:
    what = "Before the search." if k == 0 else model.sentence(k - 1)
    return textwrap.fill(f"Step {k} of {steps}: {what}", width=width)


class TreePicture:
    """A tree drawing that a notebook shows as SVG, with what it shows in words as its
    ``alt`` text, title and plain-text form; :meth:`save` writes it to a file.

    >>> picture = tree_picture([[3, 12, 8], [2, 4, 6], [14, 5, 2]], title="AIMA figure 5.2")
    >>> picture
    A game tree with 13 nodes and 9 leaves; its minimax value is 3.
    >>> picture._repr_html_()[:80]         # a wide tree scrolls sideways at its natural size
    '<div style="overflow-x:auto"><img alt="A game tree with 13 nodes and 9 leaves; i'

    >>> picture._repr_svg_().count('class="node ')
    13
    """

    def __init__(self, tree_or_result: Any, **options: Any):
        from .svg import tree_svg

        self.subject = tree_or_result
        self.options = options
        drawing_parts(tree_or_result, step=options.get("step"), windows=options.get("windows", False))
        self.svg = tree_svg(tree_or_result, **options)

    @property
    def description(self) -> str:
        """What the drawing shows, in words (its text alternative)."""
        import xml.etree.ElementTree as ET

        return ET.fromstring(self.svg).get("aria-label") or ""

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        return (f'<div style="overflow-x:auto"><img alt="{html.escape(self.description)}" '
                f'src="data:image/svg+xml;base64,{data}" style="max-width:none"></div>')

    def __repr__(self) -> str:
        return self.description

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.description)

    def save(self, path: str | os.PathLike[str], *, format: str | None = None) -> pathlib.Path:
        """Write the drawing to ``path`` (see :func:`export`) and return the path."""
        return export(self.subject, path, format=format, **self.options)


def tree_picture(tree_or_result: AnyTree | SearchResult, **options: Any) -> TreePicture:
    """A :class:`TreePicture` of a tree or a search result; ``options`` are those of :func:`export`
    (``values``, ``windows``, ``leaf_numbers``, ``title``, ``root``, ``max_depth``,
    ``max_nodes``, ``step``)."""
    allowed = {"values", "windows", "leaf_numbers", "title", "root", "max_depth", "max_nodes", "step"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ArgumentError(f"{unknown[0]}: not an option of a tree picture; "
                            f"use {', '.join(sorted(allowed))}")
    return TreePicture(tree_or_result, **options)
