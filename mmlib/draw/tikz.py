r"""Tree drawings as TikZ, for LaTeX slides and handouts: the same layout and marks as every drawing.

:func:`tree_tikz` writes a ``tikzpicture`` environment to paste into a document whose
preamble says ``\usepackage{tikz}`` (no TikZ library is needed; ``xcolor``, which TikZ
loads, gives the colours).  It paints the :class:`~mmlib.draw.tree_layout.Scene` of
:mod:`mmlib.draw.tree_layout`: MAX up-triangles, MIN down-triangles, chance circles and leaf
squares in the Okabe–Ito colours, the principal variation thick, pruned edges dotted
with a ×, bounds written ``$\geq 6$`` / ``$\leq 2$``, [α, β] windows (an inner node's value
and window where no edge passes, by the rule of every painter:
:func:`~mmlib.draw.tree_layout.beside_places`), evaluation numbers,
the current node in a dashed ring, probabilities on the edges out of chance nodes and a
legend underneath.  Every mark is plain ASCII LaTeX; node labels and the title are
escaped, so a label such as ``a_1`` or ``50%`` is printed as written.

>>> from mmlib import search
>>> AIMA_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
>>> tikz = tree_tikz(search.alphabeta(AIMA_5_2, trace=True), windows=True)
>>> tikz.splitlines()[1][:22], tikz.splitlines()[-1]
('\\begin{tikzpicture}[x=', '\\end{tikzpicture}')
>>> plain = TreeLayout(AIMA_5_2).scene()
>>> with_windows = TreeLayout(AIMA_5_2).scene(search.alphabeta(AIMA_5_2, trace=True), windows=True)
>>> auto_x_unit(plain) == 1.2 < auto_x_unit(with_windows)          # slots widen for the windows
True
>>> tikz.count("% node "), r"$\leq$ 2" in tikz, tikz.count("% cross ")    # the edges to I and J
(13, True, 2)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..errors import ArgumentError
from ..trace import Marks
from ..trees import Path
from .legend import legend_rows
from .tree_layout import (
    CHANCE_COLOR,
    CUT_MARK,
    DEFAULT_MAX_NODES,
    EDGE_COLOR,
    FADED_TEXT_ALPHA,
    LEAF_COLOR,
    MAX_COLOR,
    MIN_COLOR,
    PENDING_ALPHA,
    PROBABILITY_AT,
    PROBABILITY_LOWER,
    PRUNED_COLOR,
    PV_COLOR,
    EdgeMark,
    NodeMark,
    Rect,
    Scene,
    TreeLayout,
    beside_places,
    drawing_parts,
    probability_side,
)

if TYPE_CHECKING:
    from ..trees.convert import AnyTree

__all__ = ["tree_tikz", "paint_tikz", "latex_text"]

COLORS = {"mmmax": MAX_COLOR, "mmmin": MIN_COLOR, "mmleaf": LEAF_COLOR, "mmchance": CHANCE_COLOR,
          "mmpv": PV_COLOR, "mmedge": EDGE_COLOR, "mmpruned": PRUNED_COLOR}
FILL_NAME = {"max": "mmmax", "min": "mmmin", "leaf": "mmleaf", "chance": "mmchance"}
SIZE_PT = 8.0
"""Half the size of a node shape, in points."""
EDGE_STYLE = {"pv": "color=mmpv, line width=2.4pt", "pruned": "color=mmpruned, dotted, line width=0.9pt",
              "pending": f"color=mmedge, opacity={PENDING_ALPHA}",
              "searched": "color=mmedge, line width=0.8pt",
              "plain": "color=mmedge, line width=0.6pt"}

_MATH = {"≥": r"\geq", "≤": r"\leq", "−": "-", "∞": r"\infty", "✕": r"\times", "⋯": r"\cdots",
         "α": r"\alpha", "β": r"\beta"}
_TEXT = {"…": r"\dots{}", "–": "--", "—": "---", "‘": "`", "’": "'", "“": "``", "”": "''",
         "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
         "%": r"\%", "_": r"\_", "^": r"\^{}", "~": r"\~{}", "<": r"\textless{}", ">": r"\textgreater{}"}


def latex_text(text: str) -> str:
    r"""``text`` as LaTeX: special characters escaped, the signs of the drawings as math.

    >>> print(latex_text("≥ 6"), latex_text("[−∞, 3]"), latex_text("50% of a_1 costs $5"))
    $\geq$ 6 [$- \infty$, 3] 50\% of a\_1 costs \$5
    """
    out: list[str] = []
    math: list[str] = []
    for char in str(text):
        if char in _MATH:
            math.append(_MATH[char])
            continue
        if math:
            out.append("$" + " ".join(math) + "$")
            math = []
        if char in _TEXT:
            out.append(_TEXT[char])
        elif char in "\n\t\r" or ord(char) < 32:
            out.append(" " if char in "\n\t\r" else "?")
        else:
            out.append(char)
    if math:
        out.append("$" + " ".join(math) + "$")
    return "".join(out)


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _at(x: float, y: float, dx: float = 0.0, dy: float = 0.0) -> str:
    """A coordinate ``(x, y)`` in layout units, shifted by ``dx``/``dy`` points."""
    parts = (f"xshift={_n(dx)}pt" if dx else "", f"yshift={_n(dy)}pt" if dy else "")
    shift = ", ".join(part for part in parts if part)
    return f"([{shift}]{_n(x)},{_n(y)})" if shift else f"({_n(x)},{_n(y)})"


def _text(options: str, at: str, text: str) -> str:
    """A ``\\node`` writing ``text`` (made LaTeX, sans-serif) at ``at``."""
    options = options.replace("font=", "font=\\sffamily", 1) if "font=" in options else options
    return f"  \\node[{options}] at {at} {{{latex_text(text)}}};"


def _shape(mark: NodeMark, r: float = SIZE_PT, dy: float = 0.0) -> str:
    """The path of a node's shape, ``r`` points from its centre to its tip (moved ``dy`` points up)."""
    x, y = mark.x, mark.y
    if mark.kind == "leaf":
        return f"{_at(x, y, -0.7 * r, dy - 0.7 * r)} rectangle {_at(x, y, 0.7 * r, dy + 0.7 * r)}"
    if mark.kind == "chance":
        return f"{_at(x, y, 0, dy)} circle[radius={_n(r)}pt]"
    tip = 1 if mark.kind == "max" else -1          # MAX points up, MIN points down
    return (f"{_at(x, y, 0, dy + tip * r)} -- {_at(x, y, -1.1 * r, dy - tip * 0.7 * r)} -- "
            f"{_at(x, y, 1.1 * r, dy - tip * 0.7 * r)} -- cycle")


BADGE = "circle, fill=black!80, text=white, inner sep=0.5pt, font=\\scriptsize\\bfseries"
"""The look of an order badge: a number in a dark disc."""
BADGE_AT = 1.1 * SIZE_PT + 7
"""How far (points) the centre of an inner node's order badge is from the node's centre."""
BADGE_REACH = 5.0
"""Half the width of an order badge (points, a number of two digits)."""
BESIDE_AT = SIZE_PT + 4
"""How far (points) an inner node's value and window begin from its centre, on either side."""
VALUE_HEIGHT, WINDOW_HEIGHT = 11.0, 9.0
"""How high (points) a value (bold, ``\\small``) and a window (``\\scriptsize``) stand, with their margins."""
MARGIN = 2.5
"""The least distance (points) between an edge and a value or window beside a node."""


def _beside_anchors(place: str) -> tuple[tuple[float, str], tuple[float, str]]:
    """Where the value and the window of an inner node are anchored at ``place`` (one of
    :data:`~mmlib.draw.tree_layout.BESIDE`): each a height over the node's centre (points) and
    the TikZ anchor.  Beside it, the value stands on the centre's height and the window hangs
    from it; above it, the window stands just over the centre and the value on the window;
    below it, the value hangs just under the centre and the window under the value."""
    east_west = "east" if place.startswith("left") else "west"
    if place.endswith("above"):
        lift = MARGIN + 2                     # a level edge out of the node passes under them, clear
        return (lift + WINDOW_HEIGHT, f"south {east_west}"), (lift, f"south {east_west}")
    if place.endswith("below"):
        return (-1.0, f"north {east_west}"), (-1 - VALUE_HEIGHT, f"north {east_west}")
    return (0.0, f"south {east_west}"), (0.0, f"north {east_west}")


def _text_box(x: float, y: float, width: float, height: float, anchor: str) -> Rect:
    """The box (points, y up) of a text ``width`` by ``height`` anchored at ``(x, y)``."""
    left = x - width if anchor.endswith("east") else x
    low = y - height if anchor.startswith("north") else y
    return left, low, left + width, low + height


def _beside_boxes(mark: NodeMark, place: str, centre: tuple[float, float]) -> list[Rect]:
    """What the value and window of the inner node ``mark`` cover at ``place`` (points, y up),
    its centre at ``centre``."""
    x, y = centre
    side = -1 if place.startswith("left") else 1
    (value_dy, value_anchor), (window_dy, window_anchor) = _beside_anchors(place)
    boxes = []
    if mark.value:
        boxes.append(_text_box(x + side * BESIDE_AT, y + value_dy, _width_pt(mark.value, "small"),
                               VALUE_HEIGHT, value_anchor))
    if mark.window:
        boxes.append(_text_box(x + side * BESIDE_AT, y + window_dy, _width_pt(mark.window, "scriptsize"),
                               WINDOW_HEIGHT, window_anchor))
    return boxes


def beside_places_of(scene: Scene, x_unit: float, y_unit: float) -> dict[Path, str]:
    """Where the value and window of each inner node of ``scene`` go, leaf slots ``x_unit`` cm
    and levels ``y_unit`` cm apart: the rule of every painter
    (:func:`~mmlib.draw.tree_layout.beside_places`), measured in the picture's points.

    >>> from mmlib import search
    >>> scene = TreeLayout([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).scene(
    ...     search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True), windows=True)
    >>> places = beside_places_of(scene, auto_x_unit(scene), 1.5)
    >>> places[(0,)], places[(1,)]            # A's edge to B rises through B's right
    ('left', 'right')
    """
    marks = {mark.path: mark for mark in scene.nodes}
    x_pt, y_pt = x_unit / CM_PER_PT, y_unit / CM_PER_PT

    def point(path: Path) -> tuple[float, float]:
        return marks[path].x * x_pt, marks[path].y * y_pt

    def boxes(path: Path, place: str) -> list[Rect]:
        return _beside_boxes(marks[path], place, point(path))

    def reach(path: Path) -> list[Rect]:
        """A neighbour's shape (with room for an order badge on either side, where it has one),
        and a leaf's value and window under it."""
        mark, (x, y) = marks[path], point(path)
        if mark.kind != "leaf":
            half = BADGE_AT + BADGE_REACH if mark.order is not None else 1.1 * SIZE_PT
            return [(x - half, y - SIZE_PT, x + half, y + SIZE_PT)]
        half = max(_width_pt(mark.value, "small"), _width_pt(mark.window, "scriptsize")) / 2
        under = VALUE_HEIGHT + (12 + WINDOW_HEIGHT if mark.window else 0.0)
        badge = SIZE_PT + 7 + BADGE_REACH if mark.order is not None else 0.7 * SIZE_PT
        return [(x - 0.7 * SIZE_PT, y - 0.7 * SIZE_PT, x + badge, y + 0.7 * SIZE_PT),
                (x - half, y - SIZE_PT - 2 - under, x + half, y - SIZE_PT - 2)]

    xs = [mark.x for mark in scene.nodes]
    fixed: list[Rect] = []
    if scene.title:
        middle, half = (min(xs) + max(xs)) / 2 * x_pt, _width_pt(scene.title, "small") / 2
        fixed.append((middle - half, 2 * SIZE_PT, middle + half, 2 * SIZE_PT + VALUE_HEIGHT))
    low = -math.inf
    if scene.levels:
        names = max(_width_pt(name, "scriptsize") for name in scene.levels.values())
        low = (min(xs) - LEVEL_GUTTER) * x_pt + names
    return beside_places({path: (mark.x, mark.y) for path, mark in marks.items()},
                           {path: mark.kind for path, mark in marks.items()},
                           point=point, boxes=boxes, reach=reach, margin=MARGIN, x_range=(low, math.inf),
                           fixed=fixed)


def _node(mark: NodeMark, place: str = "right") -> list[str]:
    fade = f", fill opacity={mark.opacity}, draw opacity={mark.opacity}" if mark.opacity < 1 else ""
    outline = "draw=mmpv, line width=1.6pt" if mark.on_pv else "draw=black, line width=0.4pt"
    lines = [f"  % node {latex_text(mark.title).replace('%', '')}",
             f"  \\filldraw[fill={FILL_NAME[mark.kind]}, {outline}{fade}] {_shape(mark)};"]
    if fade:              # a white shape under a faded node: the edges end under it, not across it
        lines.insert(0, f"  \\filldraw[fill=white, draw=white] {_shape(mark)};")
    text_fade = f", opacity={mark.text_opacity}" if mark.text_opacity < 1 else ""
    shift = {"max": -1.5, "min": 1.5}.get(mark.kind, 0.0)
    letter = f"font=\\bfseries\\scriptsize, inner sep=0pt{text_fade}"
    lines.append(_text(letter, _at(mark.x, mark.y, 0, shift), mark.label))
    if mark.kind == "leaf":
        lines.append(_text(f"anchor=north, inner sep=1pt{text_fade}", _at(mark.x, mark.y, 0, -SIZE_PT - 2),
                           mark.value))
        if mark.window:
            lines.append(f"  \\node[anchor=north, font=\\scriptsize, inner sep=1pt, text=black!75] at "
                         f"{_at(mark.x, mark.y, 0, -SIZE_PT - 14)} {{{latex_text(mark.window)}}};")
        if mark.order is not None:
            lines.append(_text(BADGE, _at(mark.x, mark.y, SIZE_PT + 7, 0), str(mark.order)))
    else:
        side = -1 if place.startswith("left") else 1
        if mark.order is not None:          # evaluated at a depth limit: the badge where its texts are not
            lines.append(_text(BADGE, _at(mark.x, mark.y, -side * BADGE_AT, 0), str(mark.order)))
        (value_dy, value_anchor), (window_dy, window_anchor) = _beside_anchors(place)
        if mark.value:
            weight = "" if mark.static else "font=\\bfseries, "          # a static evaluation: plain type
            lines.append(f"  \\node[anchor={value_anchor}, {weight}inner sep=1pt{text_fade}] at "
                         f"{_at(mark.x, mark.y, side * BESIDE_AT, value_dy)} {{{latex_text(mark.value)}}};")
        if mark.window:
            at = _at(mark.x, mark.y, side * BESIDE_AT, window_dy)
            lines.append(f"  \\node[anchor={window_anchor}, font=\\scriptsize, inner sep=1pt, text=black!75] "
                         f"at {at} {{{latex_text(mark.window)}}};")
        if mark.cut:
            lines.append(f"  \\node[anchor=north, inner sep=1pt] at {_at(mark.x, mark.y, 0, -SIZE_PT - 2)} "
                         f"{{{latex_text(CUT_MARK)}}};")
    if mark.current:
        radius = SIZE_PT * (0.95 if mark.kind == "leaf" else 1.4)
        lines.append(f"  \\draw[dashed, line width=1pt] {_at(mark.x, mark.y)} circle[radius={_n(radius)}pt];")
    return lines


def _edge(edge: EdgeMark, by_path: dict[Path, NodeMark]) -> list[str]:
    parent, child = by_path[edge.parent], by_path[edge.child]
    lines = [f"  \\draw[{EDGE_STYLE[edge.style]}] {_at(parent.x, parent.y)} -- {_at(child.x, child.y)};"]
    if edge.probability:         # beside the edge, its box's lower corner just off the line
        t = PROBABILITY_AT + PROBABILITY_LOWER
        fade = f", opacity={FADED_TEXT_ALPHA}" if edge.faded else ""
        side = "south east, xshift=-3pt" if probability_side(parent.x, child.x) == "left" else \
            "south west, xshift=3pt"
        lines.append(f"  \\node[fill=white, inner sep=1pt, anchor={side}, font=\\scriptsize{fade}] at "
                     f"{_at(parent.x + t * (child.x - parent.x), parent.y + t * (child.y - parent.y))} "
                     f"{{{latex_text(edge.probability)}}};")
    return lines


def _cross(edge: EdgeMark, by_path: dict[Path, NodeMark]) -> list[str]:
    parent, child, t = by_path[edge.parent], by_path[edge.child], edge.cross_at
    at = _at(parent.x + t * (child.x - parent.x), parent.y + t * (child.y - parent.y))
    return [f"  % cross {latex_text(child.label)}", _text("font=\\bfseries", at, "✕")]


CM_PER_PT = 2.54 / 72.27
LEVEL_GUTTER = 1.6
"""Leaf slots left of the leftmost node where the names of the levels are written (when a
tree has chance nodes or several agents)."""
CHAR_CM = {"small": 0.19, "scriptsize": 0.14}
"""A generous width of one character of the sans-serif font at each size, in cm."""


def _width_cm(text: str, size: str = "small") -> float:
    return len(text) * CHAR_CM[size]


def _width_pt(text: str, size: str) -> float:
    """A generous width of ``text`` at ``size`` with the margins of its node (points; 0 for no text)."""
    return _width_cm(text, size) / CM_PER_PT + 2 if text else 0.0


def auto_x_unit(scene: Scene) -> float:
    """The distance (cm) between two leaf slots at which no text reaches the next node's
    shape or text on the same level (at least 1.2 cm)."""
    def reach(mark: NodeMark) -> tuple[float, float]:
        if mark.kind == "leaf":
            half = max(_width_cm(mark.value), _width_cm(mark.window, "scriptsize")) / 2
            badge = (SIZE_PT + 14) * CM_PER_PT if mark.order is not None else SIZE_PT * CM_PER_PT
            return max(half, SIZE_PT * CM_PER_PT), max(half, badge)
        right = (SIZE_PT + 4) * CM_PER_PT + max(_width_cm(mark.value), _width_cm(mark.window, "scriptsize"))
        left = (1.1 * SIZE_PT + 14) * CM_PER_PT if mark.order is not None else 1.4 * SIZE_PT * CM_PER_PT
        return left, max(right, left)         # a badge goes right of a node whose texts go left

    return round(scene.leaf_gap(lambda left, right: reach(left)[1] + reach(right)[0] + 0.15, least=1.2), 2)


def _legend_glyph(glyph: str, x: float, y: float, dy: float) -> str:
    if glyph in FILL_NAME:
        mark = NodeMark(path=(), x=x, y=y, kind=glyph, label="", role="")
        return f"  \\filldraw[fill={FILL_NAME[glyph]}, draw=black, line width=0.4pt] {_shape(mark, 4.5, dy)};"
    if glyph == "pending":          # a faded leaf: not searched
        mark = NodeMark(path=(), x=x, y=y, kind="leaf", label="", role="")
        return (f"  \\filldraw[fill={FILL_NAME['leaf']}, draw=black, line width=0.4pt, opacity=0.35] "
                f"{_shape(mark, 4.5, dy)};")
    if glyph == "ring":
        return f"  \\draw[dashed, line width=0.8pt] {_at(x, y, 6, dy)} circle[radius=4.5pt];"
    if glyph == "order":            # a leaf's order badge
        badge = "circle, fill=black!80, text=white, inner sep=0.5pt, font=\\scriptsize\\bfseries"
        return _text(badge, _at(x, y, 6, dy), "1")
    if glyph in ("pv", "pruned"):
        return f"  \\draw[{EDGE_STYLE[glyph]}] {_at(x, y, -3, dy)} -- {_at(x, y, 13, dy)};"
    return ""


def _legend(scene: Scene, left: float, width_cm: float, x_unit: float, bottom: float,
            below_pt: float) -> list[str]:
    """The legend under the tree (``below_pt`` points under the level ``bottom``), in the rows of
    :func:`mmlib.draw.legend.legend_rows` for ``width_cm``."""
    entries = scene.legend
    widths = [(0.6 if entry.glyph else 0.0) + _width_cm(entry.words, "scriptsize") + 0.4 for entry in entries]
    lines = ["  % legend"]
    for row_number, row in enumerate(legend_rows(widths, width_cm)):
        x = left
        dy = -(below_pt + 13 * row_number)
        for number in row:
            entry = entries[number]
            glyph = _legend_glyph(entry.glyph, x, bottom, dy)
            if glyph:
                lines.append(glyph)
            lines.append(_text("anchor=west, font=\\scriptsize, inner sep=1pt",
                               _at(x + (0.6 / x_unit if entry.glyph else 0.0), bottom, 0, dy), entry.words))
            x += widths[number] / x_unit
    return lines


def paint_tikz(scene: Scene, *, x_unit: float | None = None, y_unit: float = 1.5, legend: bool = True) -> str:
    """The ``tikzpicture`` of ``scene``; ``x_unit`` (cm) is the distance between two leaf slots
    (default: as wide as the texts need, at least 1.2), ``y_unit`` (cm) between two levels."""
    x_unit = auto_x_unit(scene) if x_unit is None else x_unit
    for name, value in (("x_unit", x_unit), ("y_unit", y_unit)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 100:
            raise ArgumentError(f"{name}: expected a distance in centimetres, above 0 and below 100, "
                                f"got {value!r}")
    by_path = {mark.path: mark for mark in scene.nodes}
    xs = [mark.x for mark in scene.nodes]
    depth = max(-mark.y for mark in scene.nodes)
    left = min(xs) - (LEVEL_GUTTER if scene.levels else 0.4)
    lines = [f"% {latex_text(scene.description).replace('%', '')}",
             f"\\begin{{tikzpicture}}[x={_n(x_unit)}cm, y={_n(y_unit)}cm, font=\\sffamily\\small]"]
    lines += [f"  \\definecolor{{{name}}}{{HTML}}{{{value.lstrip('#').upper()}}}"
              for name, value in COLORS.items()]
    if scene.title:
        lines.append(_text("anchor=south, font=\\bfseries", _at((min(xs) + max(xs)) / 2, 0, 0, 2 * SIZE_PT),
                           scene.title))
    for depth_of_level, name in scene.levels.items():
        lines.append(_text("anchor=west, font=\\scriptsize, text=black!80", _at(left, -depth_of_level), name))
    lines.append("  % edges")
    for edge in scene.edges:
        lines += _edge(edge, by_path)
    for edge in scene.crosses:
        lines += _cross(edge, by_path)
    places = beside_places_of(scene, x_unit, y_unit)
    for mark in scene.nodes:
        lines += _node(mark, places.get(mark.path, "right"))
    if legend:
        windows = any(mark.window for mark in scene.nodes if -mark.y == depth)
        width_cm = max((max(xs) - left + 1.0) * x_unit, 8.0)
        lines += _legend(scene, left, width_cm, x_unit, -depth, 40.0 if windows else 28.0)
    lines.append("\\end{tikzpicture}")
    return "\n".join(lines)


def tree_tikz(tree: AnyTree, marks: Marks | None = None, *, values: bool = True, windows: bool = False,
              leaf_numbers: bool = True, title: str | None = None, root: Path | str = (),
              max_depth: int | None = None, max_nodes: int | None = DEFAULT_MAX_NODES,
              step: int | None = None, x_unit: float | None = None, y_unit: float = 1.5,
              legend: bool = True) -> str:
    r"""A game tree, or what a search did on it, as a TikZ picture (LaTeX text).

    The arguments are those of :func:`~mmlib.draw.svg.tree_svg`; ``x_unit`` and ``y_unit``
    are the distances (cm) between two leaves (default: what the texts need, at least 1.2)
    and between two levels, ``legend=False``
    leaves the legend out.  The first line is a LaTeX comment saying what the picture
    shows in words.

    >>> print(tree_tikz([[1, 2]], legend=False))       # doctest: +ELLIPSIS
    % A game tree with 4 nodes and 2 leaves; its minimax value is 1.
    \begin{tikzpicture}[x=1.2cm, y=1.5cm, font=\sffamily\small]
    ...
      \draw[color=mmedge, line width=0.6pt] (0.5,-1) -- (0,-2);
    ...
    \end{tikzpicture}
    """
    description = None
    if hasattr(tree, "stats") and hasattr(tree, "trace"):
        tree, found, description, _ = drawing_parts(tree, step=step, windows=windows)
        marks = marks if marks is not None else found
    frame = TreeLayout(tree, root=root, max_depth=max_depth, max_nodes=max_nodes)
    scene = frame.scene(marks, values=values, windows=windows, leaf_numbers=leaf_numbers, title=title or "",
                        description=description)
    return paint_tikz(scene, x_unit=x_unit, y_unit=y_unit, legend=legend)
