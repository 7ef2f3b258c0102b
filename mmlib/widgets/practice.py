"""Practise alpha-beta by predicting it: the quiz's questions (:mod:`mmlib.quiz`), one step at a time.

Three kinds of question, each answered step by step with immediate feedback:

- ``"evaluated"``: click the leaf alpha-beta evaluates next;
- ``"pruned"``: click a leaf the next cutoff prunes;
- ``"window"``: type the window [α, β] a node is entered with.

Every reason given is a sentence of the search's trace (:meth:`mmlib.trace.Trace.sentence`):
the cutoff that pruned a leaf, the window a leaf was reached with, the update that set a
parent's window.  A round of questions is the same for the same ``seed``.

>>> drill = PracticeRound(first_question(seed=0), "pruned")
>>> drill.prompt
'Question 0: which leaf does alpha-beta prune first? Click it.'
>>> wrong = drill.answer_leaf("H")
>>> wrong.correct, wrong.text
(False, 'No: H is evaluated, not pruned — reach the leaf H with [α, β] = [−∞, +∞].')
>>> right = drill.answer_leaf(drill.expected[0])
>>> right.correct, right.text
(True, "Right: at E: 17 ≥ β = 15, so E's remaining child K is pruned.")
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any

from .. import _validate
from ..draw.style import DISPLAY_WIDTH_PX
from ..draw.svg import TreeSvg
from ..errors import ArgumentError, ArgumentTypeError, MmlibError
from ..quiz import Question, alpha_beta_question
from ..trace import Marks, format_value, format_window, node_role
from ..trees import Path
from .common import StaticFallback, VBox, set_status, show_svg, status_html, svg_as_img, svg_figure

__all__ = ["practice", "Practice", "PracticeRound", "Feedback", "MODES", "parse_bound", "first_question",
           "next_question"]

MODES = ("evaluated", "pruned", "window")
"""The kinds of question: the next leaf evaluated, the next leaf pruned, the window of each node."""
MODE_NAMES = {"evaluated": "which leaf is evaluated next", "pruned": "which leaf is pruned next",
              "window": "the window [α, β] of each node"}
MODE_OPTIONS = {"evaluated": "leaf evaluated next", "pruned": "pruned leaf next",
                "window": "window [α, β] of each node"}
"""The kinds of question as the list offers them (each starts with its own letter, to be
chosen by typing it)."""
COLUMN_PX = DISPLAY_WIDTH_PX - 20.0
"""The width a notebook gives an output (the drawing fills it)."""
SUBMIT_DELAY = 0.3
"""Seconds between Enter in a box and the check, for the text typed just before to arrive."""


# -- questions ------------------------------------------------------------------------------------

def next_question(after: int, *, branching: int = 2, depth: int = 3,
                  ordering: str | float = "random") -> Question:
    """The quiz question numbered after ``after``; like every question here, its alpha-beta
    search prunes at least one leaf (the quiz's ``min_pruned=1``).

    >>> question = next_question(0)
    >>> question.seed, len(question.pruned) > 0
    (1, True)
    """
    return first_question(_validate.whole("after", after, show=repr) + 1, branching=branching, depth=depth,
                          ordering=ordering)


def first_question(seed: int = 0, *, branching: int = 2, depth: int = 3,
                   ordering: str | float = "random") -> Question:
    """The first question of a round started with ``seed``: the quiz's question ``seed``.

    >>> question = first_question(seed=0)
    >>> question.seed, len(question.pruned) > 0
    (0, True)
    """
    return alpha_beta_question(_validate.whole("seed", seed, show=repr), branching, depth, ordering=ordering,
                               min_pruned=1)


# -- reading answers ---------------------------------------------------------------------------------

_INFINITY = {"inf": math.inf, "+inf": math.inf, "∞": math.inf, "+∞": math.inf, "infinity": math.inf,
             "-inf": -math.inf, "−inf": -math.inf, "-∞": -math.inf, "−∞": -math.inf, "-infinity": -math.inf}


def parse_bound(text: Any, name: str = "α") -> float:
    """A typed α or β: a number, or ∞ written ``inf``, ``∞``, ``+∞``, ``-inf`` or ``−∞``.

    >>> parse_bound("-inf"), parse_bound(" 7 "), parse_bound("−3"), parse_bound(2)
    (-inf, 7.0, -3.0, 2.0)
    >>> parse_bound("seven", "β")
    Traceback (most recent call last):
    mmlib.errors.ArgumentError: β: write a number such as 7, or -inf / inf for −∞ / +∞; got 'seven'
    """
    if _validate.is_real(text):
        return float(text)
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{name}: expected a number or its text, got {text!r}")
    words = text.strip().lower().replace(" ", "")
    if not words:
        raise ArgumentError(f"{name}: type a value (a number, or -inf / inf)")
    if words in _INFINITY:
        return _INFINITY[words]
    try:
        value = float(words.replace("−", "-"))
    except ValueError:
        value = math.nan
    if math.isnan(value):
        raise ArgumentError(f"{name}: write a number such as 7, or -inf / inf for −∞ / +∞; "
                            f"got {text.strip()!r}")
    return value


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- the model: one question, step by step ----------------------------------------------------------

@dataclass(frozen=True)
class Feedback:
    """What one answer earned: ``correct`` is True or False for a scored answer and None for an
    answer refused without scoring (a mistyped number, a leaf already decided); ``text`` says why."""

    correct: bool | None
    text: str


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class PracticeRound:
    """One question of ``mode`` (see :data:`MODES`) answered step by step; of the quiz
    ``question`` its number (``seed``), ``tree`` and search (``model``) are read.

    ``prompt`` asks for the current step; :meth:`answer_leaf` (modes ``"evaluated"``,
    ``"pruned"``) or :meth:`answer_window` (mode ``"window"``) answers it and returns a
    :class:`Feedback`; a right answer moves on, and in mode ``"window"`` a wrong one does too,
    after saying the right window.  ``marks()`` is what the drawing shows now, ``done`` says
    when every step is answered.

    >>> drill = PracticeRound(first_question(seed=0), "window")
    >>> drill.prompt
    'Question 0: alpha-beta enters B (MIN). With which window [α, β]?'
    >>> feedback = drill.answer_window("-inf", "inf")
    >>> feedback.correct, feedback.text.split(" — ")[1]
    (True, 'enter A (MAX) with [α, β] = [−∞, +∞].')
    """

    def __init__(self, question: Question, mode: str):
        if mode not in MODES:
            raise ArgumentError(f"mode: expected one of {', '.join(map(repr, MODES))}, got {mode!r}")
        self.question, self.mode = question, mode
        self.model = question.model
        self.tree = question.tree
        self.events = self.model.events
        self.steps = self._steps()
        self.step = 0
        self.shown = 0                      # events of the search the drawing shows

    # -- the steps of each mode -----------------------------------------------------------------
    def _steps(self) -> list[int]:
        """The event each step asks about: a leaf evaluation, a cutoff, or a node's entry."""
        kinds = {"evaluated": ("leaf",), "pruned": ("cutoff",), "window": ("enter",)}[self.mode]
        found = [k for k, e in enumerate(self.events) if e.kind in kinds]
        if self.mode == "window":
            below_root = [k for k in found if self.events[k].path]
            inner = [k for k in below_root if not self.tree.node(self.events[k].path).is_leaf()]
            found = inner or below_root
        return found

    @property
    def done(self) -> bool:
        return self.step >= len(self.steps)

    @property
    def event(self) -> Any:
        """The trace event the current step asks about."""
        return self.events[self.steps[self.step]]

    def label(self, path: Path) -> str:
        return self.tree.label_of(path)

    def pruned_by(self, k: int) -> list[str]:
        """The leaves pruned by the cutoff event ``events[k]``, left to right."""
        return [self.label(path) for path in self.model.pruned_by(k)]

    @property
    def expected(self) -> list[str]:
        """The right answers to the current step: leaf labels, or the window as ``[α, β]`` text."""
        if self.done:
            return []
        if self.mode == "evaluated":
            return [self.label(self.event.path)]
        if self.mode == "pruned":
            return self.pruned_by(self.steps[self.step])
        return [format_window((self.event.alpha, self.event.beta))]

    @property
    def prompt(self) -> str:
        head = f"Question {self.question.seed}: "
        if self.done:
            return head + "done. " + self.model.describe() + " New question gives another tree."
        if self.mode == "evaluated":
            which = "first" if self.step == 0 else "next"
            return head + f"which leaf does alpha-beta evaluate {which}? Click it."
        if self.mode == "pruned":
            which = "first" if self.step == 0 else "next"
            return head + f"which leaf does alpha-beta prune {which}? Click it."
        path = self.event.path
        return head + f"alpha-beta enters {self.label(path)} ({node_role(self.tree, path)}). " \
            "With which window [α, β]?"

    # -- the state of the leaves -------------------------------------------------------------------
    def leaf_states(self) -> dict[str, str]:
        """What the drawing shows of each leaf now, by label: ``"evaluated 3rd"``, ``"pruned"``
        or ``""`` (not decided yet)."""
        marks = self.marks()
        states = {}
        for leaf in self.tree.leaves():
            if leaf.path in marks.leaf_numbers:
                states[leaf.label] = f"evaluated {ordinal(marks.leaf_numbers[leaf.path])}"
            else:
                states[leaf.label] = "pruned" if leaf.path in marks.pruned else ""
        return states

    def marks(self) -> Marks:
        """The search as far as the answers so far have taken it, every leaf's value shown (in
        mode ``"window"`` the node asked about is the current one)."""
        marks = self.model.marks(self.shown) if self.shown < len(self.events) else self.model.marks()
        if self.mode == "window" and not self.done:
            marks = marks.at(self.event.path)           # the node whose window is asked for
        return marks.with_leaf_values(self.tree)

    # -- answers -------------------------------------------------------------------------------------
    def answer_leaf(self, label: str) -> Feedback:
        """Answer the current step of mode ``"evaluated"`` or ``"pruned"`` with a leaf's label."""
        if self.mode == "window":
            return Feedback(None, "This question asks for a window: type α and β.")
        if self.done:
            return Feedback(None, "This question is done: ask for a new one.")
        states = self.leaf_states()
        if not isinstance(label, str) or label not in states:
            return Feedback(None, f"There is no leaf {label!r}; the leaves are {', '.join(states)}.")
        state = states[label]
        if state:
            return Feedback(None, f"{label} is already {state}: pick a leaf not decided yet.")
        if self.mode == "evaluated":
            return self._answer_evaluated(label)
        return self._answer_pruned(label)

    def _answer_evaluated(self, label: str) -> Feedback:
        k = self.steps[self.step]
        since = self.shown
        if label == self.expected[0]:
            said = [*self._cutoffs(since, k), self.model.sentence(k - 1)]
            self._advance(k + 1)
            if self.done:                                   # the cutoffs after the last leaf
                said += self._cutoffs(k, len(self.events))
            return Feedback(True, "Right: " + " ".join([said[0], *map(_sentence, said[1:])]))
        for c in range(since, k):
            if self.events[c].kind == "cutoff" and label in self.pruned_by(c):
                return Feedback(False, f"No: {label} is never evaluated — {self.model.sentence(c)}")
        return Feedback(False, f"No: alpha-beta takes the children left to right, and a leaf left of "
                               f"{label} still comes first.")

    def _cutoffs(self, start: int, stop: int) -> list[str]:
        """The sentences of the cutoffs among ``events[start:stop]``."""
        return [self.model.sentence(c) for c in range(start, stop) if self.events[c].kind == "cutoff"]

    def _answer_pruned(self, label: str) -> Feedback:
        k = self.steps[self.step]
        if label in self.expected:
            pruned = self.pruned_by(k)
            text = "Right: " + self.model.sentence(k)
            if len(pruned) > 1 or pruned != [self.label(self.events[k].path + self.events[k].skipped[:1])]:
                text += f" Pruned leaves: {', '.join(pruned)}."
            self._advance(k + 1)
            return Feedback(True, text)
        entered = self.model.entered_at(self.tree.node(label).path)
        if entered is not None:
            return Feedback(False, f"No: {label} is evaluated, not pruned — {self.model.sentence(entered)}")
        return Feedback(False, f"No: {label} is pruned, but later; a cutoff further left comes first.")

    def answer_window(self, alpha: float, beta: float) -> Feedback:
        """Answer the current step of mode ``"window"`` with α and β (numbers or their text);
        a mistyped value is refused with a message, unscored."""
        if self.mode != "window":
            return Feedback(None, "This question asks for a leaf: click one.")
        if self.done:
            return Feedback(None, "This question is done: ask for a new one.")
        try:
            window = (parse_bound(alpha, "α"), parse_bound(beta, "β"))
        except MmlibError as error:
            return Feedback(None, str(error))
        k = self.steps[self.step]
        event = self.event
        here = self.label(event.path)
        right = format_window((event.alpha, event.beta))
        reason = self._window_reason(k)
        self._advance(k + 1)
        if window == (event.alpha, event.beta):
            return Feedback(True, f"Right: {here} is entered with {right}, {reason}")
        return Feedback(False, f"No: you wrote {format_window(window)}, but {here} is entered with "
                               f"{right}, {reason}")

    def _window_reason(self, k: int) -> str:
        """Why the node entered at ``events[k]`` has its window: the last event that set its
        parent's window (the parent's entry, or the update after its last child returned)."""
        parent = self.events[k].path[:-1]
        setter = self.model.window_set_by(k)
        return f"the window its parent {self.label(parent)} has then — {self.model.sentence(setter)}"

    def _advance(self, shown: int) -> None:
        self.step += 1
        self.shown = len(self.events) if self.done else shown


# -- the widget ---------------------------------------------------------------------------------------

def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


class Practice(StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """The practice widget (see :func:`practice`).

    ``kind`` (the dropdown of :data:`MODES`), ``leaf_buttons`` (one per leaf, by label),
    ``alpha`` and ``beta`` (text boxes; Enter in either checks), ``check``, ``fresh`` (a new
    question), ``status`` (the feedback), ``score_line``, ``output`` (the drawing, whose SVG text
    is ``svg``), ``round`` (the :class:`PracticeRound`), ``right`` and ``answered`` (the score).
    """

    def fallback_text(self) -> str:
        return (f"Alpha-beta practice: predict {MODE_NAMES[self.round.mode]} on generated trees, "
                "with a reason for every answer and a score — run the cell to use it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        return svg_as_img(self.svg, alt=f"the question when the notebook was saved: {self.round.prompt}")

    def __init__(self, mode: str, seed: int, branching: int, depth: int, ordering: str | float):
        widgets = _widgets()
        self.options: dict[str, Any] = dict(branching=branching, depth=depth, ordering=ordering)
        question = first_question(seed, **self.options)
        self.round = PracticeRound(question, mode)
        self.right = self.answered = 0
        self.svg = ""
        self.kind = widgets.Dropdown(options=[(MODE_OPTIONS[m], m) for m in MODES], value=mode,
                                     description="predict", style={"description_width": "initial"},
                                     layout=widgets.Layout(width="320px"))
        self.fresh = widgets.Button(description="New question", icon="refresh", layout={"width": "auto"},
                                    tooltip="a fresh tree to practise on")
        self.fresh.add_class("mmlib-practice-new")
        self.prompt = widgets.HTML(value="")
        self.prompt.add_class("mmlib-practice-prompt")
        self.output = svg_figure()
        self.leaf_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.leaf_buttons: dict[str, Any] = {}
        box = dict(continuous_update=True, style={"description_width": "initial"},
                   layout={"width": "140px"})        # a dict: each box gets its own Layout
        self.alpha = widgets.Text(description="α", placeholder="e.g. -inf", **box)
        self.beta = widgets.Text(description="β", placeholder="e.g. 5", **box)
        self.alpha.add_class("mmlib-practice-alpha")
        self.beta.add_class("mmlib-practice-beta")
        self.check = widgets.Button(description="Check", icon="check", layout={"width": "auto"},
                                    tooltip="check the window (or press Enter in a box)")
        self.window_row = widgets.HBox([self.alpha, self.beta, self.check])
        self.status = status_html()
        self.score_line = widgets.HTML(value="")
        self.score_line.add_class("mmlib-practice-score")
        self.kind.observe(lambda change: self.restart(change["new"]), names="value")
        self.fresh.on_click(lambda _: self.new_question())
        self.check.on_click(lambda _: self.submit_window())
        self._waiting: Any = None                      # a check waiting for the last keystrokes
        for box in (self.alpha, self.beta):
            box.on_msg(self._on_box_message)
            box.observe(self._on_typing, names="value")
        top = widgets.HBox([self.kind, self.fresh])
        super().__init__([top, self.prompt, self.output, self.leaf_row, self.window_row, self.status,
                          self.score_line], layout=widgets.Layout(width="100%"))
        self.add_class("mmlib-practice")
        self.view = TreeSvg(question.tree, min_width=COLUMN_PX, windows=True)
        self._build_leaf_buttons()
        self.show()

    # -- driving it ---------------------------------------------------------------------------------
    def answer(self, label: str) -> Feedback:
        """Click the leaf ``label`` (as its button does)."""
        return self._scored(self.round.answer_leaf(label))

    def submit_window(self) -> Feedback:
        """Check the window typed into ``alpha`` and ``beta`` (as Check and Enter do)."""
        feedback = self._scored(self.round.answer_window(self.alpha.value, self.beta.value))
        if feedback.correct is not None:
            self.alpha.value = self.beta.value = ""
        return feedback

    def new_question(self) -> None:
        """A fresh question (the next one of this round that prunes a leaf), in the same mode."""
        question = next_question(self.round.question.seed, **self.options)
        self.round = PracticeRound(question, self.round.mode)
        self.view = TreeSvg(question.tree, min_width=COLUMN_PX, windows=True)
        self._build_leaf_buttons()
        self.alpha.value = self.beta.value = ""
        self.show()

    def restart(self, mode: str) -> None:
        """The same question again, in ``mode``."""
        self.round = PracticeRound(self.round.question, mode)
        self.alpha.value = self.beta.value = ""
        self.show()

    # -- what happens inside ------------------------------------------------------------------------
    def _on_box_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if content.get("event") == "submit":          # Enter pressed in the α or β box
            self._submit_soon()

    def _submit_soon(self) -> None:
        """Check the window once the boxes' last keystrokes have arrived: the browser sends Enter
        at once but may hold back the text typed just before it until the kernel has answered."""
        import asyncio

        try:
            loop = asyncio.get_running_loop()          # the kernel's loop, while a message is handled
        except RuntimeError:
            self.submit_window()                        # plain Python: nothing is on its way
            return
        if self._waiting is not None:
            self._waiting.cancel()
        self._waiting = loop.call_later(SUBMIT_DELAY, self._submit_now)

    def _submit_now(self) -> None:
        self._waiting = None
        try:
            self.submit_window()
        except Exception as error:  # noqa: BLE001 - never raise into the kernel from a callback
            set_status(self.status, f"could not check the window: {error}", error=True)

    def _on_typing(self, _change: dict[str, Any]) -> None:
        if self._waiting is not None:                  # text that came after Enter: wait for the rest
            self._submit_soon()

    def _scored(self, feedback: Feedback) -> Feedback:
        if feedback.correct is not None:
            self.answered += 1
            self.right += int(feedback.correct)
        self.show(feedback)
        return feedback

    def _build_leaf_buttons(self) -> None:
        widgets = _widgets()
        self.leaf_buttons = {}
        for leaf in self.round.tree.leaves():
            button = widgets.Button(description="", layout={"width": "auto"})
            button.add_class("mmlib-practice-leaf")
            button.on_click(lambda _, label=leaf.label: self.answer(label))
            self.leaf_buttons[leaf.label] = button
        self.leaf_row.children = tuple(self.leaf_buttons.values())

    def show(self, feedback: Feedback | None = None) -> None:
        """Redraw the tree, the prompt, the leaf buttons, the feedback and the score."""
        drill = self.round
        clicking = drill.mode != "window"
        self.leaf_row.layout.display = None if clicking else "none"
        self.window_row.layout.display = "none" if clicking or drill.done else None
        states = drill.leaf_states()
        for leaf in drill.tree.leaves():
            state = states[leaf.label]
            button = self.leaf_buttons[leaf.label]
            value = format_value(leaf.value)
            button.description = f"{leaf.label} ({value})" + (f": {state}" if state else "")
            button.disabled = bool(state) or drill.done
            button.tooltip = f"leaf {leaf.label}, value {format_value(leaf.value)}" + \
                (f", {state}" if state else "")
        self.prompt.value = f"<b>{html.escape(drill.prompt)}</b>"
        title = f"Question {drill.question.seed}"
        marks = drill.marks()
        self.svg = self.view.show(marks, windows=clicking or drill.done, title=title,
                                  description=f"{drill.prompt} " + self.view.describe(marks))
        show_svg(self.output, self.svg)
        if feedback is None:
            set_status(self.status, "Right answers and reasons appear here.")
        else:
            mark = {True: "✓ ", False: "✗ ", None: "! "}[feedback.correct]
            set_status(self.status, mark + feedback.text, error=feedback.correct is not True)
        self.score_line.value = f"Score: {self.right} right of {self.answered} answered."


def practice(*, mode: str = "evaluated", seed: int = 0, branching: int = 2, depth: int = 3,
             ordering: str | float = "random") -> Practice:
    """Practise alpha-beta on quiz questions (:func:`mmlib.quiz.alpha_beta_question`), each
    pruning at least one leaf: click the leaf evaluated next (``mode="evaluated"``) or pruned
    next (``"pruned"``), or type the window [α, β] each node is entered with (``"window"``).
    Every answer gets its reason from the search's trace, a running score is kept, and
    *New question* draws a fresh tree.  The same ``seed`` gives the same questions.

    ``branching``, ``depth`` and ``ordering`` are those of the quiz.

    >>> drill = practice(seed=0)
    >>> drill.answer("H").correct, drill.score_line.value
    (True, 'Score: 1 right of 1 answered.')
    """
    if mode not in MODES:
        raise ArgumentError(f"mode: expected one of {', '.join(map(repr, MODES))}, got {mode!r}")
    return Practice(mode, _validate.whole("seed", seed, show=repr), branching, depth, ordering)
