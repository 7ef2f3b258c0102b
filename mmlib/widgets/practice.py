"""Practise alpha-beta by predicting it: the quiz's questions (:mod:`mmlib.quiz`), one step at a time.

The widget paints a :class:`mmlib.quiz.PracticeRound`, which knows the steps, the answers and
their reasons.

Three kinds of question, each answered step by step with immediate feedback:

- ``"evaluated"``: click the leaf alpha-beta evaluates next;
- ``"pruned"``: click a leaf the next cutoff prunes;
- ``"window"``: type the window [α, β] a node is entered with.

Every reason given is a sentence of the search's trace (:meth:`mmlib.trace.Trace.sentence`):
the cutoff that pruned a leaf, the window a leaf was reached with, the update that set a
parent's window.  A round of questions is the same for the same ``seed``.

>>> drill = PracticeRound(first_question(seed=0), "pruned")
>>> drill.prompt
"Question 0: which leaf does alpha-beta's first cutoff prune? Click one."
>>> wrong = drill.answer_leaf("H")
>>> wrong.correct, wrong.text
(False, 'No: H is evaluated, not pruned — reach the leaf H with [α, β] = [−∞, +∞].')
>>> right = drill.answer_leaf(drill.expected[0])
>>> right.correct, right.text
(True, "Right: at E: 17 ≥ β = 15, so E's remaining child K is pruned.")
"""

from __future__ import annotations

import html
from typing import Any

from .. import _validate
from ..draw.style import DISPLAY_WIDTH_PX
from ..draw.svg import TreeSvg
from ..errors import ArgumentError
from ..quiz import PRACTICE_MODES as MODES
from ..quiz import Feedback as Feedback
from ..quiz import PracticeRound, first_question, next_question
from ..quiz import parse_bound as parse_bound
from ..trace import format_value
from .common import StaticFallback, VBox, set_status, show_svg, status_html, svg_as_img, svg_figure

__all__ = ["practice", "Practice", "PracticeRound", "Feedback", "MODES", "parse_bound", "first_question",
           "next_question"]

MODE_NAMES = {"evaluated": "which leaf is evaluated next", "pruned": "which leaf is pruned next",
              "window": "the window [α, β] of each node"}
MODE_OPTIONS = {"evaluated": "leaf evaluated next", "pruned": "pruned leaf next",
                "window": "window [α, β] of each node"}
"""The kinds of question as the list offers them (each starts with its own letter, to be
chosen by typing it)."""
COLUMN_PX = DISPLAY_WIDTH_PX - 20.0
"""The width a notebook gives an output (the drawing fills it)."""
ANSWER_PX = 18
"""The font size of everything a student answers with (the leaf buttons, the α and β boxes, Check) and
of the question: above the 11 pt (14.7 px) every figure's text keeps, to be read from the back row."""
PRACTICE_CSS = ("<style>.mmlib-practice .mmlib-practice-answer .widget-label,"
                ".mmlib-practice .mmlib-practice-answer input,"
                f".mmlib-practice .mmlib-practice-answer button{{font-size:{ANSWER_PX}px}}"
                ".mmlib-practice .mmlib-practice-answer input{height:34px}"
                ".mmlib-practice .mmlib-practice-leaf{border:1px solid #4d4d4d;border-radius:6px}"
                ".mmlib-practice button:focus-visible,.mmlib-practice input:focus-visible,"
                ".mmlib-practice select:focus-visible{outline:3px solid #000;outline-offset:1px}"
                ".mmlib-practice .mmlib-practice-leaf:disabled{opacity:1;color:#3d3d3d;border-style:dashed}"
                "</style>")
"""Answers as large as the question; the control with the keyboard focus outlined in black; a leaf
already answered is greyed by a dashed border and its words, not only faded (ipywidgets fades it)."""
SUBMIT_DELAY = 0.3
"""Seconds between Enter in a box and the check, for the text typed just before to arrive."""


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
        """The tree as the widget shows it, titled by the question it asks (what a student reads above
        the live drawing, with "(Run the cell.)" where the live widget says how to click; a
        finished question by its number and "done")."""
        drill = self.round
        clickable = drill.prompt != drill.asked
        title = f"Question {drill.question.seed}: done" if drill.done else \
            drill.asked + (" (Run the cell.)" if clickable else "")
        return svg_as_img(self._drawing(title),
                          alt=f"the question when the notebook was saved: {title}")

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
        self.leaf_hint = widgets.HTML(value=f'<span style="font-size:{ANSWER_PX}px">Your answer: click a '
                                      "leaf (or Tab to it, then Enter)</span>",
                                      layout=widgets.Layout(width="100%"))
        self.leaf_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.leaf_row.add_class("mmlib-practice-answer")
        self.leaf_buttons: dict[str, Any] = {}
        box = dict(continuous_update=True,          # dicts: each box gets its own Style and Layout
                   style={"description_width": "initial", "font_size": f"{ANSWER_PX}px"},
                   layout={"width": "170px", "height": "38px"})
        self.alpha = widgets.Text(description="α", placeholder="e.g. -inf", **box)
        self.beta = widgets.Text(description="β", placeholder="e.g. 5", **box)
        self.alpha.add_class("mmlib-practice-alpha")
        self.beta.add_class("mmlib-practice-beta")
        self.check = widgets.Button(description="Check", icon="check", layout={"width": "auto"},
                                    tooltip="check the window (or press Enter in a box)")
        self.check.style.font_size = f"{ANSWER_PX}px"
        self.window_row = widgets.HBox([self.alpha, self.beta, self.check], layout={"align_items": "center"})
        self.window_row.add_class("mmlib-practice-answer")
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
        css = widgets.HTML(PRACTICE_CSS, layout=widgets.Layout(height="0px", margin="0"))
        super().__init__([css, top, self.prompt, self.output, self.leaf_row, self.window_row, self.status,
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
            button = widgets.Button(description="", layout={"width": "auto", "height": "40px",
                                                            "margin": "4px 8px 4px 0"})
            button.style.font_size, button.style.font_weight = f"{ANSWER_PX}px", "bold"
            button.add_class("mmlib-practice-leaf")
            button.on_click(lambda _, label=leaf.label: self.answer(label))
            self.leaf_buttons[leaf.label] = button
        self.leaf_row.children = (self.leaf_hint, *self.leaf_buttons.values())

    def _drawing(self, title: str) -> str:
        """The tree with what the round has shown so far (windows once a leaf question is asked, or
        a window question answered), titled ``title``."""
        drill = self.round
        marks = drill.marks()
        return self.view.show(marks, windows=drill.mode != "window" or drill.done, title=title,
                              description=f"{drill.prompt} " + self.view.describe(marks))

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
            button.description = f"leaf {leaf.label} ({value})" + (f": {state}" if state else "")
            button.disabled = bool(state) or drill.done
            button.tooltip = f"leaf {leaf.label}, value {format_value(leaf.value)}" + \
                (f", {state}" if state else "")
        self.prompt.value = f'<b style="font-size:{ANSWER_PX}px">{html.escape(drill.prompt)}</b>'
        self.svg = self._drawing(f"Question {drill.question.seed}")
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
