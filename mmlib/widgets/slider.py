"""An accessible slider: a native, labelled ``<input type="range">`` with a number box beside it.

ipywidgets' own slider draws its handle as a ``<div>`` that has no accessible name, so a screen
reader announces nothing (axe-core's rule aria-input-field-name).  This slider is a tiny
`anywidget <https://anywidget.dev>`_ front end around the browser's own controls:

- ``<label for>`` names the range input and the number box beside it;
- ``aria-valuetext`` says the value in words (``words``, with ``{value}`` replaced);
- the mouse drags it, the arrow keys, Page Up/Down, Home and End move it; the number box
  takes a typed value, and a value outside ``min``..``max`` is refused in words (``fits``
  says what would fit) instead of being sent to the kernel;
- the Python trait ``value`` follows it both ways.

A value set from Python outside the range is refused the same way, with an
:class:`~mmlib.errors.ArgumentError` naming the slider:

>>> depth = Slider(value=4, min=1, max=9, label="d", words="depth {value}",
...                fits="Depths up to 9 answer within 2 seconds.")
>>> depth.value = 6
>>> depth.text()
'depth 6'
>>> depth.value = 12
Traceback (most recent call last):
...
mmlib.widgets.slider.OutOfRange: d: 12 is out of range: choose 1 to 9. Depths up to 9 answer within 2 seconds.
>>> depth.value
6
>>> depth._repr_mimebundle_()[0]["text/plain"]
'd: depth 6 (a slider from 1 to 9) — run the cell to use it.'
"""

from __future__ import annotations

import numbers
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..errors import ArgumentError, ArgumentTypeError, printable
from .common import StaticFallback

__all__ = ["Slider", "FractionSlider", "OutOfRange"]


class OutOfRange(ArgumentError, traitlets.TraitError):
    """A value outside the slider's range, refused in words (what would fit).  It is a
    :class:`~mmlib.errors.ArgumentError` and, for traitlets, a ``TraitError``: the value the
    slider refuses is one the browser could never send."""

_ESM = r"""
function render({ model, el }) {
  const id = "mmlib-slider-" + Math.random().toString(36).slice(2);
  const label = document.createElement("label");
  const range = document.createElement("input");
  const box = document.createElement("input");
  const note = document.createElement("span");
  label.htmlFor = id;
  range.type = "range";
  range.id = id;
  box.type = "number";
  box.className = "mmlib-slider-box";
  note.className = "mmlib-slider-note";
  note.setAttribute("role", "status");
  el.classList.add("mmlib-slider");
  el.append(label, range, box, note);
  // The keys belong to the slider and its box, not to the notebook's shortcuts.  The notebook
  // listens on the document before the event reaches the slider, so the slider claims its keys
  // first, on the window (the key still does what it does in any range or number input).
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const claim = (event) => { if (event.target === range || event.target === box) event.stopPropagation(); };
  window.addEventListener("keydown", claim, true);

  const off = document.createElement("span");
  off.className = "mmlib-slider-off";
  off.id = id + "-off";
  el.append(off);
  const words = (value) => {
    const one = Number(value) === 1 && model.get("words_one");
    const template = one ? model.get("words_one") : model.get("words");
    return template.split("{value}").join(String(value));
  };
  const name = () => model.get("label");
  function show() {
    const value = model.get("value");
    label.textContent = name();
    range.setAttribute("aria-label", name());
    box.setAttribute("aria-label", name() + ", typed");
    for (const input of [range, box]) {
      input.min = model.get("min");
      input.max = model.get("max");
      input.step = model.get("step");
      input.disabled = model.get("disabled");
    }
    range.value = value;
    box.value = value;
    range.setAttribute("aria-valuetext", words(value));
    note.textContent = model.get("note");
    // a slider switched off says why, beside it and to a screen reader
    off.textContent = model.get("disabled") ? model.get("off_reason") : "";
    if (off.textContent) { range.setAttribute("aria-describedby", off.id); }
    else { range.removeAttribute("aria-describedby"); }
  }
  function send(value) {
    note.textContent = "";
    model.set("value", value);
    model.save_changes();
  }
  range.addEventListener("input", () => {
    box.value = range.value;
    range.setAttribute("aria-valuetext", words(range.value));
    if (model.get("continuous_update")) { send(Number(range.value)); }
  });
  range.addEventListener("change", () => send(Number(range.value)));
  // A typed value goes to the kernel as typed: Python checks it (type_in) and answers with the new
  // value or a note saying what went wrong, then the box shows the slider's value again.
  box.addEventListener("change", () => model.send({ typed: box.value }));
  const answered = (message) => { if (message && message.show) { show(); } };
  model.on("msg:custom", answered);
  model.on("change", show);
  show();
  return () => {
    model.off("change", show);
    model.off("msg:custom", answered);
    window.removeEventListener("keydown", claim, true);
  };
}
export default { render };
"""

_CSS = """
.mmlib-slider { display: flex; align-items: center; gap: 0.5em; flex-wrap: wrap; margin: 2px 0; }
.mmlib-slider label { min-width: 10em; font-size: 14px; }
.mmlib-slider input[type=range] { width: 220px; }
.mmlib-slider input[type=number] { width: 5.5em; font-size: 14px; }
.mmlib-slider .mmlib-slider-note { color: #b00020; font-size: 14px; flex-basis: 100%; }
.mmlib-slider .mmlib-slider-note:empty { display: none; }
.mmlib-slider .mmlib-slider-off { color: #444444; font-size: 14px; }
.mmlib-slider .mmlib-slider-off:empty { display: none; }
"""


class _Range(StaticFallback, anywidget.AnyWidget, ipywidgets.ValueWidget):  # type: ignore[misc]
    """What both sliders share: the front end, the label, the words and the refusal."""

    _esm = _ESM
    _css = _CSS
    label = traitlets.Unicode("").tag(sync=True)
    """The slider's name in words ("depth d"), shown before it and announced by a screen reader."""
    words = traitlets.Unicode("{value}").tag(sync=True)
    """The value in words (``aria-valuetext``); ``{value}`` stands for the value."""
    words_one = traitlets.Unicode("").tag(sync=True)
    """The words for the value 1 when they differ ("the tree of seed {value}", not "1 trees")."""
    fits = traitlets.Unicode("").tag(sync=True)
    """A sentence added to a refusal: what would fit (e.g. which depths answer in time)."""
    note = traitlets.Unicode("").tag(sync=True)
    """A message shown under the slider (cleared by the next move)."""
    disabled = traitlets.Bool(False).tag(sync=True)
    off_reason = traitlets.Unicode("").tag(sync=True)
    """While ``disabled``: why, shown beside the slider and given as its description."""
    continuous_update = traitlets.Bool(False).tag(sync=True)
    """Send every position while dragging (True) or only where the drag ends (False)."""
    integer = traitlets.Bool(True).tag(sync=True)
    value: Any
    min: Any
    max: Any
    step: Any

    def __init__(self, **kwargs: Any) -> None:
        value = kwargs.pop("value", None)
        self._moving = False
        super().__init__(**kwargs)
        self.value = self.min if value is None else value
        self.wanted: Any = self.value
        """The value last chosen (by hand or from Python); :meth:`set_range` returns to it when it fits."""
        self.observe(self._chosen, names="value")
        self.on_msg(self._on_message)

    def _chosen(self, change: dict[str, Any]) -> None:
        if not self._moving:
            self.wanted = change["new"]

    def _on_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if isinstance(content, dict) and "typed" in content:
            self.type_in(str(content["typed"]))
            self.send({"show": True})          # the box shows the slider's value again

    def text(self, value: object = None) -> str:
        """The value (or ``value``) in words, as a screen reader says it."""
        value = self.value if value is None else value
        template = self.words_one if value == 1 and self.words_one else self.words
        return template.replace("{value}", _shown(value))

    def choices(self) -> str:
        """What may be typed, in words: "a whole number from 1 to 9"."""
        return f"a whole number from {_shown(self.min)} to {_shown(self.max)}"

    def refusal(self, value: object) -> str:
        """The sentence that refuses ``value`` and says what would fit."""
        low, high = _shown(self.min), _shown(self.max)
        sentence = f"{self.label}: {_shown(value)} is out of range: choose {low} to {high}."
        return f"{sentence} {self.fits}".strip()

    def type_in(self, typed: str) -> None:
        """Take ``typed``, the text of the number box: set the value, or say in ``note`` why not
        (an empty box, not a number, not a whole number, out of range); a value between two
        steps moves to the nearest step, and ``note`` says so.

        >>> d = Slider(value=4, min=1, max=9, label="depth d")
        >>> d.type_in("2.5"); d.note, d.value
        ('depth d: 2.5 is not a whole number. Type a whole number from 1 to 9.', 4)
        >>> d.type_in(""); d.note
        'depth d: the box was empty. Type a whole number from 1 to 9.'
        >>> d.type_in(" 7 "); d.note, d.value
        ('', 7)
        """
        text = typed.strip()
        try:
            number = float(text)
        except ValueError:
            number = float("nan")
        if not text:
            note = f"{self.label}: the box was empty. Type {self.choices()}."
        elif number != number or number in (float("inf"), float("-inf")):
            note = f"{self.label}: {text} is not a number. Type {self.choices()}."
        elif self.integer and not number.is_integer():
            note = f"{self.label}: {text} is not a whole number. Type {self.choices()}."
        elif not self.min <= number <= self.max:
            note = self.refusal(int(number) if self.integer else number)
        else:
            self.value = int(number) if self.integer else number
            snapped = not self.integer and self.value != number
            note = (f"{self.label}: {text} lies between the slider's steps of {_shown(self.step)}, "
                    f"so it moved to the nearest, {_shown(self.value)}.") if snapped else ""
        self.note = ""                         # the same note twice is said twice
        self.note = note

    def set_range(self, low: float, high: float) -> None:
        """New bounds; the value moves inside them if it was outside, and back to the value last
        chosen (``wanted``) as far as the new bounds allow."""
        self._moving = True
        try:
            with self.hold_trait_notifications():
                self.min, self.max = min(low, self.max), max(high, self.min)   # never min > max on the way
                self.min, self.max = low, high
                self.value = min(max(self.wanted, low), high)
        finally:
            self._moving = False

    def held_back(self) -> str:
        """A sentence when the value is not the one last chosen because that does not fit now
        (what it is, why, and that it comes back), else ``""``.

        >>> d = Slider(value=8, min=1, max=9, label="depth d", fits="At b = 8: depths 1 to 6 fit.")
        >>> d.set_range(1, 6)
        >>> d.held_back()
        'depth d is 6, not 8 as chosen: at b = 8: depths 1 to 6 fit. It goes back to 8 when that fits.'
        >>> d.set_range(1, 9); d.value, d.held_back()
        (8, '')
        """
        if self.value == self.wanted:
            return ""
        why = self.fits[:1].lower() + self.fits[1:] if self.fits else \
            f"it can be {_shown(self.min)} to {_shown(self.max)} now."
        return (f"{self.label} is {_shown(self.value)}, not {_shown(self.wanted)} as chosen: {why} "
                f"It goes back to {_shown(self.wanted)} when that fits.")

    def fallback_text(self) -> str:
        return f"{self.label}: {self.text()} (a slider from {_shown(self.min)} to {_shown(self.max)}) " \
               "— run the cell to use it."


def _shown(value: object) -> str:
    """A number as a sentence shows it (a whole number too long to read, by its number of digits).

    >>> _shown(0.35), _shown(12), _shown(-10**400)
    ('0.35', '12', 'a negative number of 401 digits')
    """
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int) and abs(value) >= 10 ** 15:
        sign = " negative" if value < 0 else ""
        try:
            return f"a{sign} number of {len(str(abs(value))):,} digits"
        except ValueError:                       # more digits than Python converts to text
            return f"a{sign} number of thousands of digits"
    return str(value)


class Slider(_Range):
    """A slider over whole numbers from ``min`` to ``max`` (see the module's docstring)."""

    value = traitlets.Any(0).tag(sync=True)   # checked below, to refuse in words
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(10).tag(sync=True)
    step = traitlets.Int(1).tag(sync=True)

    @traitlets.validate("value")
    def _check_value(self, proposal: Any) -> int:
        value = proposal["value"]
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ArgumentTypeError(f"{self.label}: expected a whole number, got {printable(value)}")
        if not self.min <= int(value) <= self.max:
            raise OutOfRange(self.refusal(value))
        return int(value)


class FractionSlider(_Range):
    """A slider over numbers from ``min`` to ``max`` in steps of ``step`` (a probability, say).

    >>> q = FractionSlider(value=0.5, min=0.0, max=1.0, step=0.05, label="q",
    ...                    words="best move first with probability {value}")
    >>> q.value = 0.75
    >>> q.text()
    'best move first with probability 0.75'
    """

    integer = traitlets.Bool(False).tag(sync=True)
    value = traitlets.Any(0.0).tag(sync=True)   # checked below, to refuse in words
    min = traitlets.Float(0.0).tag(sync=True)
    max = traitlets.Float(1.0).tag(sync=True)
    step = traitlets.Float(0.1).tag(sync=True)

    @traitlets.validate("value")
    def _check_value(self, proposal: Any) -> float:
        value = proposal["value"]
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ArgumentTypeError(f"{self.label}: expected a number, got {printable(value)}")
        number: Any = value                     # int or float: compared exactly, however large
        if not self.min <= number <= self.max:  # NaN fails this too
            raise OutOfRange(self.refusal(value))
        return self.snap(float(value))

    def snap(self, value: float) -> float:
        """``value`` moved to the nearest step, so the value is where the thumb is drawn.

        >>> FractionSlider(min=0.0, max=1.0, step=0.05).snap(0.33)
        0.35
        """
        steps = round((value - self.min) / self.step) if self.step > 0 else 0
        return float(min(self.max, round(self.min + steps * self.step, 10)))

    def choices(self) -> str:
        return f"a number from {_shown(self.min)} to {_shown(self.max)}"
