"""The narration: one sentence per transcript event, saying what the search did and why
(:meth:`mmlib.trace.Trace.sentence` asks :class:`_Narrator` for it).

>>> from mmlib import search
>>> from mmlib.trace import trace_of
>>> trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True)).sentence(0)
'enter A (MAX) with [α, β] = [−∞, +∞].'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from ..trees import Path, Tree
from .bounds import BETWEEN, EXACT, LOWER, UNKNOWN, UPPER, Window, _same, bound_of
from .events import TraceEvent, question_of, score_of, value_of
from .marks import Marks
from .passes import Iteration, Phase, Research
from .trees import _is_chance, _is_layered, node_role
from .words import (
    _tally_text,
    counted,
    format_known,
    format_mark,
    format_probability,
    format_test,
    format_value,
    format_window,
)

if TYPE_CHECKING:
    from ..trees.layered import LayeredTree


class Narrated(Protocol):
    """What the narration reads of a trace (:class:`mmlib.trace.Trace` is one): the events, the tree
    and the model's answers about them, so that the narration needs no import of the model."""

    events: tuple[TraceEvent, ...]
    tree: Tree
    start: Path
    variant: str
    cutoff: str
    chance: bool
    multipass: bool
    monte_carlo: bool
    phases: tuple[Phase, ...]
    _raw_kinds: dict[int, str]

    def phase_at(self, k: int) -> Phase | None: ...
    def iteration_at(self, k: int) -> Iteration | None: ...
    def research_at(self, k: int) -> Research | None: ...
    def test_at(self, k: int) -> tuple[float, str] | None: ...
    def averages(self, path: Path) -> bool: ...
    def probabilities(self, path: Path) -> tuple[float, ...]: ...
    def kind_of_return(self, k: int) -> str: ...
    def known_at(self, k: int) -> tuple[float, float] | None: ...
    def window_kind(self, k: int) -> str: ...


class _Narrator:
    """Writes the sentence of one event, reading the events before it."""

    def __init__(self, trace: Narrated):
        self.trace = trace
        self.events = trace.events
        self.tree = trace.tree

    def label(self, path: Path) -> str:
        return self.tree.label_of(path)

    def sentence(self, k: int) -> str:
        event = self.events[k]
        if self.trace.monte_carlo:
            return self._monte_carlo(k, event)
        if event.kind in ("pass", "test"):
            return self._by_kind(k, event, "_marker")
        if self.trace.multipass:
            special = self._window_sentence(k, event)
            if special:
                return special
        return self._by_kind(k, event)

    def _by_kind(self, k: int, event: TraceEvent, suffix: str = "") -> str:
        """The sentence told by the method named after the event's kind (``_leaf``, ``_cutoff``...)."""
        tell: Callable[[int, TraceEvent], str] = getattr(self, f"_{event.kind}{suffix}")
        return tell(k, event)

    # -- searches of several passes: aspiration, PVS, MTD(f), SSS* ----------------------------------
    def _pass_marker(self, k: int, event: TraceEvent) -> str:
        phase = self.trace.phase_at(k)
        number, total = (phase.number, len(self.trace.phases)) if phase else (1, 1)
        here = self.label(self.trace.start)
        before = self.trace.phases[number - 2] if number > 1 else None
        known = (f" (known so far: {format_value(before.lower)} ≤ value ≤ {format_value(before.upper)})"
                 if before is not None else "")
        if event.test is not None:
            return (f"pass {number} of {total}: ask {format_test(*question_of(event))} about {here} "
                    f"with a null-window search{known}.")
        again = " again" if number > 1 else ""
        if total == 1:
            return f"search {here} with the window {format_window((event.alpha, event.beta))}."
        return f"pass {number} of {total}: search {here}{again} with the window " \
               f"{format_window((event.alpha, event.beta))}{known}."

    def _test_marker(self, k: int, event: TraceEvent) -> str:
        child, parent = self.label(event.path), self.label(event.path[:-1])
        if event.test == ">":
            why = f"can {child} beat {parent}'s best so far, {format_value(event.alpha)}?"
        else:
            why = f"is {child} no better for MIN than {parent}'s best so far, {format_value(event.alpha)}?"
        question = format_test(*question_of(event))
        return f"at {parent}: test {child} with a null window, {question} ({why})"

    def _window_sentence(self, k: int, event: TraceEvent) -> str | None:
        test = self.trace.test_at(k)
        here = self.label(event.path)
        if event.kind == "enter":
            research = self.trace.research_at(k)
            if research is not None:
                answer = "" if research.answer is None else \
                    f"its test answered {format_value(research.answer)}, so it is better than the best " \
                    "so far; "
                return (f"re-search {here} with the window {format_window((event.alpha, event.beta))}: "
                        f"{answer}its exact value is needed.")
            if test is not None and self.tree.node(event.path).is_leaf():
                return f"reach the leaf {here} with the null window {format_test(*test)}."
            if test is not None:
                role = "MAX" if event.is_max else "MIN"
                return f"enter {here} ({role}) with the null window {format_test(*test)}."
            return None
        if test is None:
            if event.kind == "return" and event.path == self.trace.start:
                return self._pass_return(k, event, None)
            return None
        gamma, question = test
        if event.kind == "update":
            child = self.label(event.path + (event.move,))
            return f"at {here}: {child} returned {format_value(event.score)}, so {here}'s value so far is " \
                   f"{format_value(event.value)}."
        if event.kind == "cutoff":
            update = self._last(k, "update", event.path)
            skipped = ", ".join(self.label(event.path + (m,)) for m in event.skipped)
            value = format_value(update.value) if update is not None else "its value"
            if self._is_max(k, event.path):
                why = f"{value} passes the test {format_test(gamma, question)} already"
            else:
                why = f"{value} fails the test {format_test(gamma, question)} already"
            return f"at {here}: {why}, so {skipped} {'is' if len(event.skipped) == 1 else 'are'} pruned."
        if event.kind in ("return", "hit"):
            if event.path == self.trace.start:
                return self._pass_return(k, event, test)
            kind = self.trace._raw_kinds.get(k, EXACT)
            mark = format_mark(event.value, kind)
            to = f" to {self.label(event.path[:-1])}"
            if event.kind == "hit" and kind == EXACT:
                return f"{here} is already in the table: its value is {mark}."
            if event.kind == "hit":
                return f"{here} is already in the table: {here} {mark}, which answers {format_test(*test)}."
            if kind == EXACT:
                return f"{here} returns {format_value(event.value)}{to}."
            verdict = "passes" if kind == LOWER else "fails"
            return f"{here} returns {format_value(event.value)}{to}: the test {verdict}, so {here} {mark}."
        return None

    def _pass_return(self, k: int, event: TraceEvent, test: tuple[float, str] | None) -> str:
        here, value = self.label(event.path), format_value(event.value)
        kind = self.trace._raw_kinds.get(k, EXACT)
        phase = self.trace.phase_at(k)
        verb = "is already in the table with" if event.kind == "hit" else "returns"
        if test is not None:
            verdict = "passes (fail high)" if kind == LOWER else "fails (fail low)"
            text = f"{here} {verb} {value}: the test {format_test(*test)} {verdict}, so {here} " \
                   f"{format_mark(event.value, kind)}"
        else:
            window = self._window(k, event.path) or (-math.inf, math.inf)
            if kind == LOWER:
                text = f"{here} {verb} {value} ≥ β = {format_value(window[1])}: it failed high, " \
                       f"{here} ≥ {value}"
            elif kind == UPPER:
                text = f"{here} {verb} {value} ≤ α = {format_value(window[0])}: it failed low, " \
                       f"{here} ≤ {value}"
            else:
                text = f"{here} {verb} {value}, inside its window {format_window(window)}: exact"
        if phase is None:
            return text + "."
        if phase.lower == phase.upper:
            return text + f"; now {format_value(phase.lower)} ≤ value ≤ {format_value(phase.upper)}: " \
                          f"the value of the game is {format_value(phase.lower)}."
        return text + f"; now {format_value(phase.lower)} ≤ value ≤ {format_value(phase.upper)}, " \
                      "so another pass is needed."

    # -- Monte Carlo tree search ---------------------------------------------------------------------
    def _monte_carlo(self, k: int, event: TraceEvent) -> str:
        iteration = self.trace.iteration_at(k)
        here, path = self.label(event.path), event.path
        if event.kind == "enter":
            if path == self.trace.start:
                visits, wins = self._tally(k, path)
                return f"start at the root {here} ({_tally_text(wins, visits)} so far)."
            if iteration is None or not iteration.complete:
                return f"visit {here}; the node budget ends the search before this iteration is backed up."
            if path == iteration.expansion:
                return f"expansion: {self.label(path[:-1])}'s move to {here} has not been tried, so {here} " \
                       "joins the tree."
            if path in iteration.selection:
                parent = self.tree.node(path[:-1])
                if _is_chance(parent):
                    return f"selection: chance picks the outcome {here}."
                visits, wins = self._tally(k, path)
                return (f"selection: {here} ({format_value(wins)}/{visits}) has the best UCB1 score "
                        f"among {self.label(path[:-1])}'s children.")
            if _is_chance(self.tree.node(path[:-1])):
                return f"playout: chance picks the outcome {here}."
            return f"playout: a random move to {here}."
        if event.kind == "leaf":
            reward = "" if iteration is None or iteration.reward is None else \
                f", a reward of {format_value(iteration.reward)} for MAX"
            return f"the game ends at {here} with the value {format_value(event.value)}{reward}."
        if event.kind == "update":
            visits, wins = self._tally(k + 1, path)
            return (f"back-propagation: {here} adds the reward {format_value(event.score)}: "
                    f"{_tally_text(wins, visits)} (mean {format_value(wins / visits)}).")
        return self._by_kind(k, event)

    def _tally(self, k: int, path: Path) -> tuple[int, float]:
        """The visits and wins of ``path`` backed up before event ``k``."""
        scores = [score_of(e) for e in self.events[:k] if e.kind == "update" and e.path == path]
        return len(scores), sum(scores)

    def _enter(self, k: int, event: TraceEvent) -> str:
        here, node = self.label(event.path), self.tree.node(event.path)
        window = format_window((event.alpha, event.beta))
        called = f" with [α, β] = {window}" if window else ""
        if node.is_leaf():
            return f"reach the leaf {here}{called}."
        role = node_role(self.tree, event.path) if _is_layered(self.tree) else \
            ("MAX" if event.is_max else "MIN")
        return f"enter {here} ({role}){called}."

    def _leaf(self, k: int, event: TraceEvent) -> str:
        here, value = self.label(event.path), format_value(event.value)
        if not self.tree.node(event.path).is_leaf():        # a depth-limited search stops here
            return f"{here} is at the depth limit: its static value is {value}."
        return f"{here} is a leaf: its value is {value}."

    def _update(self, k: int, event: TraceEvent) -> str:
        here = self.label(event.path)
        child = self.label(event.path + (event.move,))
        if self.trace.chance and self.trace.averages(event.path):
            terms = self._terms(k, event.path)
            p = format_probability(self.trace.probabilities(event.path)[event.move])
            text = (f"at {here}: {child} returned {format_value(event.score)} with probability {p}; "
                    f"{here}'s weighted sum so far is {terms} = {format_value(event.value)}")
            return text + "."
        text = (f"at {here}: {child} returned {format_value(event.score)}, so {here}'s value so far is "
                f"{format_value(event.value)}")
        if self.trace.variant == "fail-hard" and self._best_score(k, event.path) != event.value:
            side = "α" if self._is_max(k, event.path) else "β"
            text += f" (fail-hard: the value starts at {side} = {format_value(event.value)} and no child " \
                    "has beaten it yet)"
        if event.alpha is not None:
            text += f"; now α = {format_value(event.alpha)}, β = {format_value(event.beta)}"
        return text + "."

    def _cutoff(self, k: int, event: TraceEvent) -> str:
        here = self.label(event.path)
        skipped = [self.label(event.path + (move,)) for move in event.skipped]
        what = f"remaining child {skipped[0]} is" if len(skipped) == 1 else \
            f"remaining children {', '.join(skipped)} are"
        if self.trace.chance and self.trace.averages(event.path):
            return self._chance_cutoff(k, event, skipped)
        update = self._last_in_visit(k, "update", event.path)
        if self.trace.chance and update is None and not self.tree.node(event.path).is_leaf():
            return self._probe(k, event, skipped)
        update = self._last(k, "update", event.path)
        if update is None:
            return f"at {here}: the {what} pruned."
        strict = self.trace.cutoff == ">"
        if self._is_max(k, event.path):
            test = f"{format_value(update.value)} {'>' if strict else '≥'} β = {format_value(update.beta)}"
        else:
            test = f"{format_value(update.value)} {'<' if strict else '≤'} α = {format_value(update.alpha)}"
        text = f"at {here}: {test}, so {here}'s {what} pruned"
        side = "β" if self._is_max(k, event.path) else "α"
        bound = update.beta if self._is_max(k, event.path) else update.alpha
        if self.trace.variant == "fail-hard" and bound != update.value:
            text += (f"; fail-hard: {here} will return {side} = {format_value(bound)}, its value "
                     f"clamped to the window")
        return text + "."

    def _hit(self, k: int, event: TraceEvent) -> str:
        here = self.label(event.path)
        mark = format_mark(event.value, self.trace._raw_kinds.get(k, EXACT))
        return f"{here} is already in the table: value {mark}."

    def _return(self, k: int, event: TraceEvent) -> str:
        here, path = self.label(event.path), event.path
        window = self._window(k, path)
        if self.trace.chance:
            return self._chance_return(k, event, window)
        kind = self.trace.window_kind(k)
        value = format_value(event.value)
        clamp = self._clamp(k, event, window)
        proved = self._proved(k, event)
        if path == self.trace.start and kind == EXACT and not clamp and not proved:
            return f"{here} returns {value}: the value of the game is {value}."
        to = "" if path == self.trace.start else f" to {self.label(path[:-1])}"
        text = f"{here} returns {value}{to}"
        if clamp:
            text += f" ({clamp})"
        alpha, beta = window if window else (None, None)
        if kind == LOWER:
            text += f": {value} ≥ β = {format_value(beta)}, so it is a lower bound, {here} ≥ {value}"
        elif kind == UPPER:
            text += f": {value} ≤ α = {format_value(alpha)}, so it is an upper bound, {here} ≤ {value}"
        elif kind == UNKNOWN:
            text += f": its window [{value}, {value}] is empty, so {value} says nothing about {here}'s value"
        elif (outside := bound_of(value_of(event), window)) != EXACT:
            edge = f"≤ α = {format_value(alpha)}" if outside == UPPER else f"≥ β = {format_value(beta)}"
            text += f": {value} {edge}, but nothing below {here} was pruned, so {value} is its exact value"
        text += proved
        if path == self.trace.start:
            text += f"; the value of the game is {self._known_text(k, event)}"
        return text + "."

    def _known_text(self, k: int, event: TraceEvent) -> str:
        """What the leaves prove about the node returning at ``events[k]``, as drawn (``3``, ``≥ 6``)."""
        known = self.trace.known_at(k)
        if known is None:
            return format_value(event.value)
        return format_known(*known, self.trace.kind_of_return(k), None if
                            self.trace.kind_of_return(k) != UNKNOWN else event.value)

    def _proved(self, k: int, event: TraceEvent) -> str:
        """What the leaves evaluated below the node of the return ``events[k]`` prove, when it
        is more than, or other than, what the returned number says by its window ("" if not)."""
        known, kind = self.trace.known_at(k), self.trace.kind_of_return(k)
        window_kind = self.trace.window_kind(k)
        if known is None or self.tree.node(event.path).is_leaf():
            return ""
        low, high = known
        said = {EXACT: (low, high), LOWER: (low, None), UPPER: (None, high)}
        if kind == window_kind and kind in said and all(
                number is None or _same(number, value_of(event)) for number in said[kind]):
            return ""
        here = self.label(event.path)
        if kind == EXACT:
            claim = f"{here} = {format_value(low)} exactly"
        elif kind == LOWER:
            claim = f"{here} ≥ {format_value(low)}"
        elif kind == UPPER:
            claim = f"{here} ≤ {format_value(high)}"
        elif kind == BETWEEN:
            claim = f"{here} is between {format_value(low)} and {format_value(high)}"
        else:
            return f"; the leaves evaluated below {here} prove nothing about its value"
        return f"; the leaves evaluated below {here} prove {claim}"

    # -- chance nodes and Star2's probes ------------------------------------------------------------
    def _terms(self, k: int, path: Path) -> str:
        """``1/2 × 3 + 1/2 × 5``: the outcomes of an averaging node's visit up to event ``k``."""
        probabilities = self.trace.probabilities(path)
        terms = []
        for event in self._visit(k, path):
            if event.kind == "update":
                score = format_value(event.score)
                score = f"({score})" if score_of(event) < 0 else score
                terms.append(f"{format_probability(probabilities[event.move])} × {score}")
        return " + ".join(terms)

    def _chance_cutoff(self, k: int, event: TraceEvent, skipped: list[str]) -> str:
        here, path = self.label(event.path), event.path
        window = self._window(k, path) or (-math.inf, math.inf)
        returned = next((e for e in self.events[k + 1:] if e.path == path and e.kind == "return"), None)
        value = returned.value if returned is not None else None
        low = returned is not None and self.trace.window_kind(self.events.index(returned)) == UPPER
        limit = f"α = {format_value(window[0])}" if low else f"β = {format_value(window[1])}"
        which = f"the best outcomes left cannot lift the average above {limit}" if low else \
            f"the worst outcomes left cannot pull the average below {limit}"
        sign = "at most" if low else "at least"
        rest = f"the rest ({', '.join(skipped)}) are" if len(skipped) > 1 else f"{skipped[0]} is"
        if self._last_in_visit(k, "update", path) is None and len(event.skipped) == \
                len(self.tree.node(path).children):
            return (f"at {here}: the probes alone show that {here}'s average is {sign} "
                    f"{format_value(value)}: {which}, so no outcome needs a full search.")
        enter = next(e for e in reversed(self.events[:k])
                     if e.kind == "enter" and len(e.path) == len(path) + 1 and e.path[:-1] == path)
        child = self.label(enter.path)
        score = next((e.value for e in reversed(self.events[:k]) if e.path == enter.path
                      and e.kind in ("return", "leaf", "hit")), None)
        return (f"at {here}: outcome {child} returned {format_value(score)}, so {here}'s average is "
                f"{sign} {format_value(value)}: even {which}, so {rest} pruned.")

    def _probe(self, k: int, event: TraceEvent, skipped: list[str]) -> str:
        here, node = self.label(event.path), self.tree.node(event.path)
        first = next((e for e in reversed(self.events[:k]) if e.kind == "enter"
                      and e.path[:-1] == event.path), None)
        searched = self.label(first.path) if first is not None else "its first move"
        side = "at least" if node.is_max else "at most"
        return (f"Star2's probe of {here}: only its first move {searched} was searched, so {here} "
                f"({'MAX' if node.is_max else 'MIN'}) is worth {side} that; "
                f"{', '.join(skipped)} {'is' if len(skipped) == 1 else 'are'} left for now.")

    def _chance_return(self, k: int, event: TraceEvent, window: Window | None) -> str:
        here, path = self.label(event.path), event.path
        to = "" if path == self.trace.start else f" to {self.label(path[:-1])}"
        if event.value is None:
            return f"{here} returns{to} without a value: the probe learnt nothing from it."
        value = format_value(event.value)
        kind = self.trace.window_kind(k)
        node = self.tree.node(path)
        if self.trace.averages(path) and kind == EXACT:
            text = f"{here} averages {self._terms(k, path)} = {value}"
            if path == self.trace.start:
                return text + f": the value of the game is {value}."
            return text + f" and returns it{to}."
        if kind == EXACT:
            if path == self.trace.start:
                return f"{here} returns {value}: the value of the game is {value}."
            return f"{here} returns {value}{to}."
        mark = format_mark(event.value, kind)
        if self.trace.averages(path):
            reason = "its outcomes so far already decide it"
        elif self._last_in_visit(k, "update", path) is None and not node.is_leaf():
            reason = "a probe sees only the first move"
        else:
            reason = "the window ruled out the rest"
        text = f"{here} returns {value}{to}: only a bound, {here} {mark} ({reason})"
        text += self._proved(k, event)
        if path == self.trace.start:
            text += f"; the value of the game is {self._known_text(k, event)}"
        return text + "."

    def _visit(self, k: int, path: Path) -> list[TraceEvent]:
        """The events at ``path`` since it was last entered, up to event ``k``."""
        out: list[TraceEvent] = []
        for event in reversed(self.events[:k + 1]):
            if event.path == path:
                if event.kind == "enter":
                    break
                out.append(event)
        return out[::-1]

    def _last_in_visit(self, k: int, kind: str, path: Path) -> TraceEvent | None:
        found = [e for e in self._visit(k, path) if e.kind == kind]
        return found[-1] if found else None

    # -- what the sentences need to know ---------------------------------------------------------
    def _clamp(self, k: int, event: TraceEvent, window: Window | None) -> str:
        """For fail-hard: how the returned value was clamped to the window ("" if it was not)."""
        if self.trace.variant != "fail-hard" or window is None or self.tree.node(event.path).is_leaf():
            return ""
        best = self._best_score(k, event.path)
        value = value_of(event)
        if best is None or best == value:
            return ""
        alpha, beta = window
        if value == beta or (value != alpha and best > value):
            return f"fail-hard: its best child gave {format_value(best)}, clamped to β = {format_value(beta)}"
        return f"fail-hard: its best child gave {format_value(best)}, clamped to α = {format_value(alpha)}"

    def _best_score(self, k: int, path: Path) -> float | None:
        """The best child score of ``path``'s current call, up to event ``k``."""
        maximizing = self._is_max(k, path)
        best: float | None = None
        for event in reversed(self.events[:k + 1]):
            if event.path == path and event.kind == "enter":
                break
            if event.path == path and event.kind == "update":
                score = score_of(event)
                if best is None or (score > best if maximizing else score < best):
                    best = score
        return best

    def _last(self, k: int, kind: str, path: Path) -> TraceEvent | None:
        event: TraceEvent           # (mypy reads reversed() of a tuple of named tuples as Any)
        for event in reversed(self.events[:k]):
            if event.path == path and event.kind == kind:
                return event
        return None

    def _window(self, k: int, path: Path) -> Window | None:
        enter = self._last(k, "enter", path)
        if enter is None or enter.alpha is None:
            return None
        return (enter.alpha, enter.beta)

    def _is_max(self, k: int, path: Path) -> bool:
        enter = self._last(k + 1, "enter", path)
        return bool(enter.is_max) if enter is not None else self.tree.node(path).is_max


def evaluated_words(tree: Tree | LayeredTree, evaluated: Iterable[Path], total: int,
                    count: int | None = None, *, brief: bool = False) -> str:
    """How many of the ``total`` leaves were evaluated, in words; the nodes in ``evaluated``
    that are not leaves were evaluated statically at the depth limit, and are named too
    (``brief``, for a title: only how many static evaluations).  ``count`` is the number of
    static evaluations (the distinct nodes of ``evaluated`` unless told).

    >>> from mmlib.trees import from_text
    >>> tree = from_text("ABCDE\\nA: BC\\nB: DE\\nB 4\\nC 1\\nD 3\\nE 5")
    >>> evaluated_words(tree, [(0, 0), (1,)], 3)
    '2 of 3 leaves evaluated'
    >>> evaluated_words(tree, [(0,), (1,)], 3)                     # a search to depth 1
    '2 static evaluations: 1 of 3 leaves and B at the depth limit'
    >>> evaluated_words(tree, [(0,), (1,)], 3, brief=True)
    '2 static evaluations'
    """
    paths = set(evaluated)
    inner = sorted(path for path in paths if not tree.node(path).is_leaf())
    leaves = len(paths) - len(inner)
    if not inner:
        return f"{leaves if count is None else count} of {total} leaves evaluated"
    names = ", ".join(tree.label_of(path) for path in inner)
    evaluations = f"{len(paths) if count is None else count} static evaluations"
    if brief:
        return evaluations
    return f"{evaluations}: {leaves} of {total} leaves and {names} at the depth limit"


def describe_marks(tree: Tree | LayeredTree, marks: Marks, *, root: Path = (), levels: tuple[str, ...] = (),
                   chance: bool = False) -> str:
    """What a drawing of ``tree`` with ``marks`` shows, in words (its text alternative), from
    the node at ``root``; ``levels`` names the levels of a layered tree and ``chance`` says
    it has chance nodes (its value is then an expectiminimax value).

    >>> from mmlib.trace import minimax_marks
    >>> from mmlib.trees import as_tree
    >>> tree = as_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> describe_marks(tree, minimax_marks(tree))
    'A game tree with 13 nodes and 9 leaves; its minimax value is 3.'
    """
    if not marks.searched:
        value = marks.value_text(root)
        subject = (f"A game tree with {counted(tree.node_count, 'node')} and "
                   f"{counted(tree.leaf_count, 'leaf', 'leaves')}")
        if levels:
            subject += f" (levels: {', '.join(levels)})"
        kind = "expectiminimax" if chance else "minimax"
        return subject + (f"; its {kind} value is {value}" if value else "") + "."
    if marks.monte_carlo:
        return _describe_monte_carlo_marks(tree, marks, root)
    value = marks.value_text(root)
    parts = [f"value {value}" if value else "value not known yet"]
    if marks.pv:
        parts.append(f"best move to {tree.label_of(root + tuple(marks.pv[:1]))}")
    pruned = [leaf.label for leaf in tree.leaves() if leaf.path in marks.pruned]
    evaluated = evaluated_words(tree, marks.leaf_numbers, tree.leaf_count)
    if marks.numbered:            # a search of several passes: whose evaluations are numbered
        evaluated += (" in " if marks.numbered.startswith("pass ") else " over ") + marks.numbered
    parts.append(evaluated)
    parts.append(f"pruned leaves: {', '.join(pruned) or 'none'}")
    if marks.current is not None:
        parts.append(f"current node {tree.label_of(marks.current)}")
    return f"Search of a game tree from {tree.label_of(root)}: " + "; ".join(parts) + "."


def _describe_monte_carlo_marks(tree: Tree | LayeredTree, marks: Marks, root: Path) -> str:
    """The words for Monte Carlo tree search: wins/visits at the start, the most visited
    move, the nodes in its tree (no pruning, no bounds: it has neither)."""
    value = marks.value_text(root)
    parts = [f"{value} at the start" if value else "no iteration backed up yet"]
    if marks.pv:
        parts.append(f"most visited move to {tree.label_of(root + tuple(marks.pv[:1]))}")
    parts.append(f"{len(marks.texts)} nodes with visits")
    outside = sum(1 for node in tree.nodes()
                  if node.path[:len(root)] == root and node.path not in marks.entered)
    if outside:                        # drawn faded: its tree (or the playout) has not reached them
        when = "not in its tree (or this playout) yet" if marks.current is not None else "never in its tree"
        parts.append(f"{outside} nodes drawn faded: {when}")
    if marks.current is not None:
        parts.append(f"current node {tree.label_of(marks.current)}")
    return f"Monte Carlo tree search from {tree.label_of(root)}: " + "; ".join(parts) + "."
