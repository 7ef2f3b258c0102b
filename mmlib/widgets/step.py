"""Step through a search: a slider over the trace, the tree redrawn at every step, one sentence.

>>> explorer = step_through([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
>>> explorer.slider.value = explorer.slider.max
>>> explorer.sentence
'A returns 5: the value of the game is 5.'

A lecture chooses the step the explorer opens at (and so the still picture a notebook stores):
a step number, ``"first cutoff"`` (just after the first pruning) or ``"end"`` (the final frame,
with the principal variation):

>>> shown = step_through([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], start="first cutoff")
>>> shown.slider.value, shown.sentence
(16, "at E: 6 ≥ β = 5, so E's remaining child K is pruned.")
>>> "shown at step 16 of 34: at E" in shown.fallback_text()
True

Trees with chance nodes are stepped through with expectimax, expectiminimax, or Ballard's
Star1 and Star2 pruning; trees with several MIN (or MAX) agents per round with minimax and
alpha-beta, as CS188 does:

>>> dice = step_through([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
...                     "star1", layers="max chance min")
>>> dice.go(dice.events_until("cutoff", "C"))
>>> dice.sentence.endswith("cannot lift the average above α = 2.1, so G is pruned.")
True

MTD(f), SSS* and the other searches of several passes are stepped through pass by pass, and
Monte Carlo tree search iteration by iteration:

>>> mtd = step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "mtdf", guess=0)
>>> mtd.go(mtd.slider.max)
>>> mtd.phase, mtd.sentence.split(": ", 1)[0]
('pass 2 of 2 asks “value > 3?”; proved value = 3', 'pass 2')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import _validate, search
from ..conventions import Conventions, resolve
from ..conventions import apply as apply_conventions
from ..draw.style import DISPLAY_WIDTH_PX
from ..draw.svg import TreeSvg
from ..draw.tree import as_tree, probability_edges
from ..draw.tree_layout import readable_name
from ..errors import ArgumentError, ArgumentTypeError
from ..errors import printable as describe_value
from ..trace import Trace, trace_of
from .common import StaticFallback, VBox, set_status, show_svg, status_html, svg_as_img, svg_figure
from .slider import Slider

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..trees.convert import AnyTree
    from ..trees.explicit import Tree
    from ..trees.layered import LayeredTree

__all__ = ["step_through", "StepThrough", "describe"]

MAX_STEP_NODES = 400
"""Trees larger than this are refused: every step redraws every node."""
MAX_STEP_ITERATIONS = 200
"""Monte Carlo iterations the explorer steps through at most (each one is several steps)."""
COLUMN_PX = DISPLAY_WIDTH_PX - 20.0
"""The width a notebook gives an output (the drawing fills it and scrolls sideways beyond it)."""


def describe(tree: AnyTree, events: tuple[Any, ...], k: int, cutoff: str = ">=", *,
             variant: str = "fail-soft") -> str:
    """One sentence for the event ``events[k]`` of a trace on ``tree``
    (written by :meth:`mmlib.trace.Trace.sentence`).

    >>> result = search.alphabeta([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], trace=True)
    >>> k = next(i for i, e in enumerate(result.trace) if e.kind == "cutoff")
    >>> describe(result.game, result.trace, k)
    "at E: 6 ≥ β = 5, so E's remaining child K is pruned."
    """
    if events and events[0].alpha is None:
        variant = "minimax"
    return Trace(tree, events, cutoff=cutoff, variant=variant).sentence(k)


ALGORITHMS = search.registry.names(stepped=True)
"""The searches the explorer steps through: the families of :data:`mmlib.search.FAMILIES` flagged
``stepped`` (those that average chance nodes on trees with chance nodes, those with passes pass by
pass, Monte Carlo tree search iteration by iteration); other spellings of their names
(``"sss_star"``, ``"SSS*"``, ``"alpha-beta"``) are read as theirs."""

WINDOWED = tuple(about.kind for about in search.FAMILIES if about.windows)
"""The searches whose drawings show each node's [α, β] window: the families of
:data:`mmlib.search.FAMILIES` flagged ``windows`` (alpha-beta in every variant among them)."""

def _run_search(tree: Tree | LayeredTree, algorithm: str, variant: str, cutoff: str,
                window: tuple[float, float],
                bounds: tuple[float, float] | None = None, options: dict[str, Any] | None = None,
                conventions: Conventions | None = None) -> Any:
    name = search.registry.canonical(algorithm)
    if name not in ALGORITHMS:
        raise ArgumentError(f"algorithm: expected one of {', '.join(map(repr, ALGORITHMS))}, "
                            f"got {algorithm!r}")
    about = search.family(name)
    if probability_edges(tree) and not (about.chance or about.monte_carlo):
        raise ArgumentError(f"algorithm: {algorithm} does not average chance nodes; step through this "
                            "tree with 'expectimax', 'expectiminimax', 'star1' or 'star2'")
    if about.chance and not hasattr(tree, "layers"):
        raise ArgumentError(f"algorithm: {algorithm} searches trees with chance nodes; give the kind of "
                            "each level, e.g. layers='max chance min chance'")
    alpha, beta = window
    return about.search(tree, trace=True, conventions=conventions, variant=variant, cutoff=cutoff,
                        alpha=alpha, beta=beta, bounds=bounds, **(options or {}))


def _tree_of(tree: AnyTree, layers: str | Sequence[str]) -> Any:
    """The tree to step through: nested lists or a text with ``layers`` become a layered tree."""
    if layers is None:
        return as_tree(tree, max_nodes=MAX_STEP_NODES)
    from ..trees import layered_tree, layered_tree_from_text
    if hasattr(tree, "layers"):
        raise ArgumentError("layers: the tree already has its layers; leave layers out")
    if isinstance(tree, str):
        return layered_tree_from_text(tree, layers=layers)
    return layered_tree(tree, layers=layers)


def _widgets() -> Any:
    import ipywidgets
    return ipywidgets


class StepThrough(StaticFallback, VBox):  # type: ignore[misc]  # ipywidgets has no types
    """The step-through explorer (see :func:`step_through`).

    ``slider`` (step number; step 0 is before the search starts), ``back``, ``next``,
    ``play``, ``status`` (the sentence), ``output`` (the figure: an ``HTML`` showing the tree as SVG,
    whose text is ``svg``), ``result`` and ``view`` (the :class:`~mmlib.draw.svg.TreeSvg` drawing it).
    """

    def fallback_text(self) -> str:
        return (f"Step-through explorer: {self.name} on a tree of "
                f"{self.tree.leaf_count} leaves, "
                f"shown at step {self.slider.value} of {len(self.events)}: {self.sentence}"
                " — run the cell to step through it.")

    def fallback_html(self) -> str | None:
        if not self.svg:
            return None
        saved = f"step {self.slider.value} of {len(self.events)} when the notebook was saved: {self.sentence}"
        return svg_as_img(self.svg, alt=saved)

    def __init__(self, tree: Tree | LayeredTree, algorithm: str, variant: str, cutoff: str, interval: int,
                 window: tuple[float, float] = (-search.INF, search.INF), layers: Any = None,
                 bounds: tuple[float, float] | None = None, options: dict[str, Any] | None = None,
                 conventions: Conventions | None = None, start: int | str = 0):
        widgets = _widgets()
        searched = _searched(tree)
        self.tree = _tree_of(searched.game if searched is not None else tree, layers)
        if self.tree.node_count > MAX_STEP_NODES:
            raise ArgumentError(f"tree: {self.tree.node_count} nodes is too many to step through "
                                f"(at most {MAX_STEP_NODES})")
        self.cutoff = cutoff
        self.result = searched if searched is not None else \
            _run_search(self.tree, algorithm, variant, cutoff, window, bounds, options, conventions)
        self.model = trace_of(self.result)
        self.events = self.model.events
        self.windows = self.model.kind in WINDOWED
        self.name = readable_name(self.result.algorithm)
        self.view = TreeSvg(self.tree, min_width=COLUMN_PX, windows=self.windows,
                            events=None if self.model.monte_carlo else self.events)
        self.svg = ""
        self.output = svg_figure()
        self.status = status_html()
        full = widgets.Layout(width="100%")
        # A labelled native slider with a number box (screen readers announce its name and the
        # step in words); the arrow keys, Back and Next step through the search from the keyboard.
        self.slider = Slider(value=0, min=0, max=len(self.events), label="step",
                             words=f"step {{value}} of {len(self.events)}", continuous_update=True,
                             fits=f"The search has {len(self.events)} steps; step 0 is before it starts.")
        self.slider.add_class("mmlib-step-slider")
        self.back = widgets.Button(description="Back", icon="step-backward", layout={"width": "auto"},
                                   tooltip="one step back")
        self.next = widgets.Button(description="Next", icon="step-forward", layout={"width": "auto"},
                                   tooltip="one step on")
        self.play = widgets.ToggleButton(
            description="Play", icon="play", value=False, layout={"width": "auto"},
            tooltip="step on by itself until the search ends (press again to stop)")
        self.interval = interval
        self.back.on_click(lambda _: self.go(self.slider.value - 1))
        self.next.on_click(lambda _: self.go(self.slider.value + 1))
        self.play.observe(self._on_play, names="value")
        self.slider.observe(self._on_step, names="value")
        controls = widgets.HBox([self.play, self.back, self.next, self.slider], layout=full)
        super().__init__([controls, self.status, self.output], layout=full)   # the drawing holds its legend
        self.add_class("mmlib-step-through")
        self.sentence = ""
        first = self.start_step(start)
        self.show(first)
        if first:
            self.slider.value = first

    def start_step(self, start: int | str) -> int:
        """The step number ``start`` names: a step number, ``"first cutoff"``, ``"cutoff at C"``
        (just after the cutoff at the node labelled C) or ``"end"``."""
        if isinstance(start, str):
            if start == "end":
                return len(self.events)
            if start == "first cutoff":
                if not any(event.kind == "cutoff" for event in self.events):
                    raise ArgumentError("start: this search prunes nothing, so it has no 'first cutoff'; "
                                        "start at 'end' or a step number")
                return self.events_until("cutoff")
            if start.startswith("cutoff at "):
                label = start.removeprefix("cutoff at ")
                if not any(event.kind == "cutoff" and self.tree.label_of(event.path) == label
                           for event in self.events):
                    raise ArgumentError(f"start: no cutoff at {label!r} in this search")
                return self.events_until("cutoff", label)
            raise ArgumentError("start: expected a step number, 'first cutoff', 'cutoff at <node>' or 'end', "
                                f"got {start!r}")
        step = _validate.whole("start", start, what="a step number, 'first cutoff' or 'end'")
        if not 0 <= step <= len(self.events):
            raise ArgumentError(f"start: expected a step from 0 to {len(self.events)}, got {step}")
        return step

    def go(self, step: int) -> None:
        """Move to ``step`` (clamped to the trace)."""
        step = _validate.whole("step", step)
        self.slider.value = max(self.slider.min, min(self.slider.max, step))

    def _on_play(self, change: dict[str, Any]) -> None:
        if change["new"]:
            if self.slider.value >= self.slider.max:
                self.go(0)
            self._tick_later()

    def tick(self) -> None:
        """One step of Play: step on, and stop at the end of the search."""
        if not self.play.value:
            return
        self.go(self.slider.value + 1)
        if self.slider.value >= self.slider.max:
            self.play.value = False
        else:
            self._tick_later()

    def _tick_later(self) -> None:
        import asyncio

        try:
            loop = asyncio.get_running_loop()      # the kernel's loop, while a button callback runs
        except RuntimeError:
            return                                  # no loop (plain Python): call tick() to step
        loop.call_later(self.interval / 1000, self.tick)

    def events_until(self, kind: str, label: str | None = None) -> int:
        """The step just after the first event of ``kind`` (``"cutoff"``, ``"return"``...),
        at the node labelled ``label`` if given: ``go`` there to see it."""
        if not isinstance(kind, str) or not (label is None or isinstance(label, str)):
            raise ArgumentTypeError(f"kind, label: expected strings, got {describe_value(kind)}, "
                                    f"{describe_value(label)}")
        for k, event in enumerate(self.model.events):
            if event.kind == kind and (label is None or self.tree.label_of(event.path) == label):
                return k + 1
        raise ArgumentError(f"kind: no {kind!r} event{' at ' + label if label else ''} in this search")

    def _on_step(self, change: dict[str, Any]) -> None:
        try:
            self.show(change["new"])
        except Exception as error:  # noqa: BLE001 - never raise into the kernel from a callback
            set_status(self.status, f"could not draw step {change['new']}: {error}", error=True)

    def show(self, step: int) -> None:
        """Draw the tree as it is after ``step`` events and say what the last one did."""
        step = _validate.whole("step", step)
        if not 0 <= step <= len(self.events):
            raise ArgumentError(f"step: expected 0 to {len(self.events)}, got {describe_value(step)}")
        finished = step == len(self.events)
        marks = self.model.end_marks() if finished else self.model.marks(step)
        if step == 0:
            self.sentence = f"{self.name}: press Next or Play to start at {self.tree.root.label}."
        else:
            self.sentence = self.model.sentence(step - 1)
        self.phase = self.model.phase_text(step)
        parts = (readable_name(self.model), self.phase, f"step {step} of {len(self.events)}")
        title = " — ".join(part for part in parts if part)
        scene = self.view.scene(marks, windows=self.windows, title=title,
                                description=f"{title}: {self.sentence} " + self.view.describe(marks))
        self.svg = self.view.paint(scene)
        show_svg(self.output, self.svg)
        set_status(self.status, f"step {step}: {self.sentence}")




def _searched(tree: Any) -> Any:
    """``tree`` itself when it is a search result with a transcript (None when it is a tree)."""
    if hasattr(tree, "stats") and hasattr(tree, "algorithm"):
        if tree.trace is None:
            raise ArgumentError("tree: this search result has no transcript; search again with trace=True")
        return tree
    return None


def step_through(tree: Tree | LayeredTree, algorithm: str = "alphabeta", *,
                 conventions: Conventions | None = None,
                 layers: Any = None, variant: str | None = None, cutoff: str | None = None,
                 alpha: float = -search.INF, beta: float = search.INF,
                 bounds: tuple[float, float] | None = None, guess: float | None = None,
                 delta: float | None = None,
                 iterations: int | None = None, seed: int | None = None,
                 interval: int = 900, start: int | str = 0) -> StepThrough:
    """An explorer that replays a search on ``tree`` one event at a time.

    ``tree``: an explicit tree, a generated tree of modest size (at most 400 nodes), a
    nested list or a labelled tree text; or a tree with chance nodes or several agents
    (a :class:`~mmlib.trees.LayeredTree`, or nested lists or a text with ``layers``,
    e.g. ``layers="max chance min"`` or ``"max min min"``).  ``algorithm``: ``"minimax"`` or
    ``"alphabeta"`` (with ``variant`` ``"fail-soft"``/``"fail-hard"``, ``cutoff``
    ``">="``/``">"`` and the root's window ``alpha``, ``beta``: Cornell CS 312's fail-hard
    search starts at [L, W]; on a tree with several MIN agents, each minimises in turn);
    on trees with chance nodes ``"expectimax"``, ``"expectiminimax"``, ``"star1"`` or
    ``"star2"`` (Ballard 1983; ``bounds=(L, U)`` on the leaf values, by default the
    smallest and largest leaf).  Chance nodes are circles with each outcome's probability on
    its edge, and the sentences say how each average is made.
    The searches that search the root again step through pass by pass: ``"aspiration"``
    (``guess``, ``delta``), ``"pvs"`` (its null-window tests and re-searches), ``"mtdf"``
    (``guess``) and ``"sss*"``; the title and each sentence say which pass it is, what it asks
    ("null window “value ≥ 4?”") and what it proves.  ``"mcts"`` steps through ``iterations``
    iterations of Monte Carlo tree search (``seed``): selection, expansion, playout and
    back-propagation, each node showing its wins/visits.  ``tree`` may also be a search result
    found with ``trace=True`` on a tree: its own transcript is replayed.
    Each step redraws the tree with the current node (dashed ring), the values known so far
    (a bound written as a bound: ``≥ 6``, ``≤ 2``), the [α, β] windows and the pruned parts,
    and says in one sentence what happened (the sentences come from :mod:`mmlib.trace`).
    ``interval``: milliseconds between steps when playing.  ``start``: the step shown first, and
    so the still picture a saved notebook keeps: a step number (0, before the search starts, by
    default), ``"first cutoff"`` (just after the first pruning), ``"cutoff at C"`` (just after the
    cutoff at the node labelled C) or ``"end"`` (the final frame, with the principal variation);
    the picture's title says which step of how many it is.
    ``conventions`` (:class:`~mmlib.conventions.Conventions`) search as a course writes it:
    MIN at the root, several MIN agents in turn, values from the side to move, no deep
    cutoffs; ``variant`` and ``cutoff``, when given, win over it.
    """
    if not isinstance(algorithm, str):
        raise ArgumentTypeError(f"algorithm: expected one of {', '.join(map(repr, ALGORITHMS))}, "
                                f"got {describe_value(algorithm)}")
    iterations = _validate.whole("iterations", iterations, minimum=1, maximum=MAX_STEP_ITERATIONS,
                                 allow_none=True)
    options = {"guess": guess, "delta": delta, "iterations": iterations or 10, "seed": seed or 0}
    conventions = resolve(conventions, variant=variant, cutoff=cutoff)
    if layers is None and not conventions.usual_turns and _searched(tree) is None:
        tree = apply_conventions(as_tree(tree, max_nodes=MAX_STEP_NODES), conventions)
    return StepThrough(tree, algorithm, conventions.variant, conventions.cutoff, interval, (alpha, beta),
                       layers, bounds, options, conventions, start)
