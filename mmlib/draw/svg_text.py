"""SVG made safely, for every SVG painter of the package: text XML can hold, elements, text widths and boxes.

A tree drawing builds its SVG with :mod:`xml.etree.ElementTree` (:func:`sub_element`), a plot
writes it as text (:func:`element`, :func:`text_element`); both clean every text first
(:func:`clean_text`), so a label may contain ``<``, ``&`` or control characters and the
picture stays well-formed XML.  :func:`text_width` estimates how wide a text is drawn, so
painters can keep labels apart; :class:`Box` is what a label or a shape covers.

>>> element("circle", cx=3.25, cy=4.0, r=2.0, class_="point", stroke_dasharray=None)
'<circle cx="3.2" cy="4" r="2" class="point"/>'
>>> text_element(1.0, 2.0, "a < b")
'<text x="1" y="2">a &lt; b</text>'
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["SVG_NS", "FONT", "CHAR_WIDTH", "clean_text", "number_text", "sub_element", "text_width", "Box",
           "Label", "attributes_text", "element", "text_element", "svg_open", "set_width", "wrap_text"]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Arial, sans-serif"
CHAR_WIDTH = 0.66
"""Width of a character as a fraction of the font size (generous for digits, ∞, ≥, −)."""

_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean_text(text: Any) -> str:
    """``text`` as a string XML can hold: characters XML 1.0 forbids become U+FFFD.

    >>> clean_text("a\x07<b>")
    'a\ufffd<b>'
    """
    return _FORBIDDEN.sub("\ufffd", str(text))


def number_text(value: float) -> str:
    """A coordinate with at most one decimal (keeps the SVG short).

    >>> number_text(12.0), number_text(3.14159), number_text(-0.04)
    ('12', '3.1', '-0')
    """
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _attribute_text(value: object) -> str:
    if isinstance(value, float):
        return number_text(value)
    return clean_text(value)


def _attribute_name(key: str) -> str:
    return "class" if key == "class_" else key.replace("_", "-")


def sub_element(parent: ET.Element, tag: str, text: str | None = None, **attributes: Any) -> ET.Element:
    """A child element; ``class_`` becomes ``class``, ``_`` in names becomes ``-``, None is left out."""
    element = ET.SubElement(parent, tag, {_attribute_name(k): _attribute_text(v)
                                          for k, v in attributes.items() if v is not None})
    if text is not None:
        element.text = clean_text(text)
    return element


_ADVANCE = {**dict.fromkeys("0123456789", 0.64), " ": 0.32, ",": 0.32, ".": 0.32, "[": 0.4, "]": 0.4,
            "(": 0.4, ")": 0.4, "/": 0.34, "−": 0.84, "-": 0.37, "+": 0.84, "∞": 0.84, "≥": 0.84, "≤": 0.84}
"""Advance widths (fractions of the font size) of DejaVu Sans, the first font the SVGs ask for,
rounded up; any other character counts :data:`CHAR_WIDTH`."""


def text_width(text: str, size: float) -> float:
    """An upper estimate of the width of ``text`` at font size ``size``.

    >>> text_width("[−100, 100]", 10.0) < len("[−100, 100]") * CHAR_WIDTH * 10.0
    True
    """
    return sum(_ADVANCE.get(char, CHAR_WIDTH) for char in text) * size


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in SVG units: what a label or a node shape covers."""

    left: float
    top: float
    right: float
    bottom: float
    what: str = ""

    def overlaps(self, other: Box) -> bool:
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)


@dataclass(frozen=True)
class Label:
    """A text placed at (x, baseline y) with an anchor, and the box it covers."""

    x: float
    y: float
    text: str
    size: float
    anchor: str
    css: str
    opacity: float = 1.0

    @property
    def box(self) -> Box:
        width = text_width(self.text, self.size)
        left = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        return Box(left, self.y - 0.8 * self.size, left + width, self.y + 0.25 * self.size, self.css)


def attributes_text(**attributes: Any) -> str:
    """``key="value"`` pairs; ``class_`` becomes ``class``, ``_`` in names becomes ``-``, None is left out."""
    return " ".join(f'{_attribute_name(key)}="{html.escape(_attribute_text(value), quote=True)}"'
                    for key, value in attributes.items() if value is not None)


def element(tag: str, **attributes: Any) -> str:
    """An empty element as text."""
    return f"<{tag} {attributes_text(**attributes)}/>"


def text_element(x: float, y: float, text: str, **attributes: Any) -> str:
    """A ``<text>`` at (x, baseline y) as text."""
    body = html.escape(clean_text(text), quote=False)
    return f"<text {attributes_text(x=float(x), y=float(y), **attributes)}>{body}</text>"


def svg_open(width: float, height: float, label: str) -> str:
    """The opening ``<svg>`` tag, shown at its natural size, with ``label`` as its text alternative."""
    label = clean_text(label)
    return (f'<svg xmlns="{SVG_NS}" {attributes_text(width=float(width), height=float(height))} '
            f'viewBox="0 0 {number_text(width)} {number_text(height)}" font-family="{FONT}" role="img" '
            f'aria-label="{html.escape(label, quote=True)}" style="max-width:none;height:auto">'
            f'<title>{html.escape(label, quote=False)}</title>')


DEJAVU_SANS = {
    **dict.fromkeys("0123456789", 0.636), **dict.fromkeys(" ,.·", 0.318), **dict.fromkeys(":;|\\/", 0.337),
    **dict.fromkeys("+−<=>^~#≤≥×", 0.838), **dict.fromkeys("()[]⌈⌉⌊⌋", 0.39), **dict.fromkeys("ijl", 0.278),
    **dict.fromkeys("²³⁰¹⁴⁵⁶⁷⁸⁹", 0.401), **dict.fromkeys("bdgpqnhu", 0.635), **dict.fromkeys("vxy", 0.592),
    "a": 0.613, "c": 0.55, "e": 0.615, "f": 0.352, "k": 0.579, "m": 0.974, "o": 0.612, "r": 0.411,
    "s": 0.521, "t": 0.392, "w": 0.818, "z": 0.525, "A": 0.684, "B": 0.686, "C": 0.698, "D": 0.77,
    "E": 0.632, "F": 0.575, "G": 0.775, "H": 0.752, "K": 0.656, "L": 0.557, "M": 0.863, "N": 0.748,
    "O": 0.787, "P": 0.603, "Q": 0.787, "R": 0.695, "S": 0.635, "T": 0.611, "U": 0.732, "V": 0.684,
    "W": 0.989, "X": 0.685, "Y": 0.611, "Z": 0.685, "-": 0.361, "'": 0.275, '"': 0.46, "!": 0.401,
    "?": 0.531, "%": 0.95, "&": 0.78, "*": 0.5, "_": 0.5, "—": 1.0, "…": 1.0, "–": 0.5, "ᵈ": 0.405,
    "√": 0.637, "∞": 0.833, "α": 0.659, "β": 0.638, "I": 0.295, "J": 0.295,
}
"""Advance widths (fractions of the font size) of DejaVu Sans, the widest of the fonts the plots'
``sans-serif`` picks (matplotlib ships it; Arial and Helvetica are narrower), as its file gives them."""


def set_width(text: str, size: float) -> float:
    """How wide DejaVu Sans sets ``text`` at font size ``size`` (a character it has no width for
    here counts :data:`CHAR_WIDTH`); closer than :func:`text_width`, which rounds every width up.

    >>> round(set_width("within 10%", 15.0), 1), round(text_width("within 10%", 15.0), 1)
    (83.6, 93.3)
    """
    return sum(DEJAVU_SANS.get(char, CHAR_WIDTH) for char in text) * size


def wrap_text(text: str, size: float, width: float,
              measure: Callable[[str, float], float] | None = None) -> list[str]:
    """``text`` in rows no wider than ``width`` at font size ``size`` (measured by ``measure``,
    default :func:`set_width`), broken at spaces, before a dash " — " where one fits (a first
    word wider than ``width`` is left whole).

    >>> wrap_text("+ killers: 22,164 nodes — on + history to the eye", 15.0, 300.0)
    ['+ killers: 22,164 nodes', '— on + history to the eye']
    >>> wrap_text("measured — exactly on theory", 15.0, 160.0)
    ['measured — exactly', 'on theory']
    >>> wrap_text("short", 15.0, 200.0)
    ['short']
    """
    width_of = measure or set_width
    rows: list[str] = []
    rest = text
    while width_of(rest, size) > width:
        fits = [k for k, char in enumerate(rest) if char == " " and width_of(rest[:k], size) <= width]
        if not fits:
            break
        dash = [k for k in fits if rest.startswith(" — ", k)]
        cut = dash[-1] if dash and width_of(rest[:dash[-1]], size) >= width / 2 else fits[-1]
        rows.append(rest[:cut])
        rest = rest[cut + 1:]
    return [*rows, rest]


def fit_title(title: str, size: float, room: float) -> str:
    """``title`` in lines no wider than ``room`` at font ``size`` (points, DejaVu Sans), so it
    never runs past its figure's edges: broken after a ``=`` or ``:`` (between the two things it
    joins) when both halves fit, else at the last space that fits.

    >>> fit_title("X 0, O 4, X 8 = X 8, O 4, X 0", 12, 150).splitlines()
    ['X 0, O 4, X 8 =', 'X 8, O 4, X 0']
    >>> fit_title("X to move", 12, 150)
    'X to move'
    """
    if set_width(title, size) <= room:
        return title
    for mark in (" = ", ": "):
        head, found, tail = title.partition(mark)
        if found and max(set_width(head + found.rstrip(), size), set_width(tail, size)) <= room:
            return f"{head}{found.rstrip()}\n{tail}"
    return "\n".join(wrap_text(title, size, room))
