"""The outcome of a check, as a report a student reads: verdict, named mistake, the smallest
counterexample, what the function printed there, and a hint.

``str(report)`` is plain text; in a notebook the report shows as HTML with a drawing of
the counterexample, and a failing report adds one line on standard error (its :func:`verdict`):
"Run All" goes on past it, and a grader that reads a cell's errors (nbgrader's ``validate``
and ``autograde`` count standard error as a failure) sees it.  With ``raise_on_failure=True``
a failing check shows its report, then raises :class:`~mmlib.errors.CheckFailed`, which a
notebook shows as one line (the report is what to read, not a traceback).

>>> report = Report("minimax", False, "no-alternation", "1 of 3 trees checked show a mistake.",
...                 ["Expected value 3, got 14."], HINTS["no-alternation"])
>>> print(str(report).splitlines()[0])
minimax: not yet (no-alternation)
>>> finish(report, raise_on_failure=True)
Traceback (most recent call last):
...
mmlib.errors.CheckFailed: minimax: no-alternation (see the report above)
"""

from __future__ import annotations

import html
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import trees
from ..errors import ArgumentTypeError, CheckFailed, UserFunctionError, printable

__all__ = ["Report", "HINTS", "finish", "show", "verdict", "try_it", "counted"]

def counted(number: int, noun: str) -> str:
    """``number`` ``noun``s, in words a report can use: one leaf, 2 leaves, 1,000 leaves.

    >>> counted(1, "leaf"), counted(0, "leaf"), counted(2_500, "board")
    ('1 leaf', '0 leaves', '2,500 boards')
    """
    plural = {"leaf": "leaves"}.get(noun, noun + "s")
    return f"{number:,} {noun if number == 1 else plural}"


HINTS = {
    "ok": "",
    "not-implemented": "Write your code where it says # YOUR CODE HERE and delete the raise line.",
    "error": "Your function crashed; the line and the error are above.",
    "recursion": "Every recursive call must go one level down (a child, depth - 1) and every path "
                 "must end: stop when depth == 0 or node.is_leaf().",
    "runaway": "Something loops over the same nodes again and again; each child is searched once.",
    "timeout": "Your function took too long; look for a while loop whose condition never changes.",
    "memory": "Your function asked for far more memory than a search needs: does a list keep growing?",
    "exit": "Return the value instead of ending the program: no exit(), sys.exit() or os._exit() here.",
    "crash": "The process running your function crashed; look for a recursion that never ends.",
    "wrong-type": "Return a number: the value of the node (not a node, a list, a pair or None).",
    "depth-off-by-one": "Stop exactly when depth == 0 (or at a leaf), and call the children with "
                        "depth - 1: your search stops a level too soon or goes on below the depth limit.",
    "no-alternation": "Players alternate: the children of a MAX node are MIN nodes.  Call the children "
                      "with `not maximizing` (False below a MAX node, True below a MIN node).",
    "inverted-players": "The root is a MAX node (maximizing=True): MAX takes the largest child value, "
                        "MIN the smallest.  Your MAX and MIN seem swapped.",
    "pruning": "Minimax looks at every leaf; skipping leaves is alpha-beta's job (the next lab).",
    "no-pruning": "Alpha-beta must skip the children that cannot matter: after updating alpha (at MAX) or "
                  "beta (at MIN), stop the loop with `break` as soon as alpha >= beta, and hand alpha and "
                  "beta down in each recursive call (a child searched with (-inf, inf) never prunes).",
    "strict-cutoff": "Prune as soon as alpha >= beta, not only when alpha > beta: once the bounds meet, "
                     "the remaining children cannot change the result.",
    "cutoff-on-ties": "These conventions prune only when alpha > beta: when the bounds are equal, search "
                      "on (write the test as `alpha > beta`, or `v > max` in the [min, max] form).",
    "no-deep-cutoffs": "Hand the full window down: a MAX node passes max(alpha, best so far) as the child's "
                       "alpha, not only its own best, so that a bound found two levels up prunes too "
                       "(a deep cutoff).",
    "deep-cutoffs": "These conventions bound each node by its parent only (no deep cutoffs): a MAX node "
                    "hands down its own best so far as alpha, not the alpha it received.",
    "wrong-side": "A MAX node raises alpha (the value MAX is already sure of); a MIN node lowers beta.  "
                  "You update the other bound.",
    "fail-hard-clamp": "In the fail-hard form a cutoff at a MAX node returns beta (the value MIN will "
                       "not allow) and at a MIN node returns alpha; you return the other bound.",
    "below-depth-limit": "Your search read node.value below the depth limit. Stop when depth == 0 and return "
                         "node.value there, even at a node with children (its static value), and call the "
                         "children with depth - 1.",
    "interior-value": "Read node.value only where the search stops (depth 0 or a leaf); interior values "
                      "are only estimates.",
    "missing-leaves": "Minimax looks at every leaf below the depth limit, in order.",
    "under-pruning": "You evaluate leaves that alpha-beta can skip: pass the current alpha and beta down "
                     "to the children and test for a cutoff after every child.",
    "over-pruning": "You skip a leaf that can still change the result: prune only when alpha >= beta.",
    "wrong-order": "Search the children from left to right, in the order node.children gives them.",
    "wrong-value": "The value differs from minimax's; work through the small tree above by hand.",
    "wrong-move": "Choose a child whose minimax value is the best for the player to move.",
    "not-a-move": "Return the index of a child: 0 for the first, 1 for the second, ...",
    "bad-order": "Return the same moves, reordered (a list with each legal move once).",
    "out-of-range": "Keep your estimates strictly between -10 (O has won) and +10 (X has won).",
}


_CASE_FORM = "The tree, as a case file (with the expected answers):"


@dataclass
class Report:
    """The outcome of a check: ``passed``, ``diagnosis``, a summary and a counterexample.

    ``str(report)`` is a plain-text version; in a notebook the report shows as HTML and,
    on a failure, with a drawing of the counterexample tree.  ``output`` is what the
    student's function printed on the case shown (cut to a few lines); ``case_text`` the
    counterexample as a case file (:mod:`mmlib.check.casefile`), shown instead of the bare tree.
    """

    title: str
    passed: bool
    diagnosis: str
    summary: str
    details: list[str] = field(default_factory=list)
    hint: str = ""
    counterexample: trees.Tree | None = None
    depth: int | None = None
    show_static: bool = False
    output: str = ""
    case_text: str = ""
    search: str = ""
    """The search the report checks (``"minimax"`` or ``"alpha-beta"``), whose right run its drawing
    shows: alpha-beta's always, minimax's where it stops above the leaves."""

    @property
    def figure(self) -> Any:
        """A drawing of the counterexample (None without one or without :mod:`mmlib.draw`): the right
        search on it (the values it backs up, the static values where it stops, what alpha-beta
        prunes), so every value drawn is one the case expects; plain minimax to the leaves is the
        tree with its minimax values."""
        if self.counterexample is None:
            return None
        try:
            from ..draw import draw_tree
        except ImportError:
            return None
        tree = self._shown_tree()
        limited = self.depth is not None and self.depth < tree.height
        if self.search != "alpha-beta" and not (self.search == "minimax" and limited):
            return draw_tree(tree, title=self._values_title())    # the tree with its values to the leaves
        from .. import search

        run = search.alphabeta if self.search == "alpha-beta" else search.minimax
        depth = self.depth if limited else tree.height
        return draw_tree(run(tree, depth=depth, trace=True),
                         title=f"The right {self.search}" + (f" to depth {depth}" if limited else ""))

    def _values_title(self) -> str | None:
        """The title of a drawing of the tree with the values its search backs up to the leaves:
        that search's name, as the drawings of a run say "The right minimax to depth 2"."""
        return "The right minimax" if self.search == "minimax" else None

    def _shown_tree(self) -> trees.Tree:
        """The counterexample; interior static values only matter (and are only shown) when
        the search stops above the leaves."""
        tree = self.counterexample
        assert tree is not None
        if not self.show_static and self.depth is not None and self.depth >= tree.height:
            tree = trees.from_nested(tree.to_nested())
        return tree

    def _lines(self) -> list[str]:
        lines = [verdict(self.title, self.passed, self.diagnosis), self.summary]
        lines += self.details
        if self.case_text:
            lines.append(_CASE_FORM)
            lines += ["    " + line for line in self.case_text.splitlines()]
        elif self.counterexample is not None:
            lines.append(f"Smallest tree found (search depth {self.depth}):")
            lines += ["    " + line for line in trees.to_text(self._shown_tree()).splitlines()]
            lines.append(f"    as nested lists: {self.counterexample.to_nested()!r}")
        if self.output:
            lines.append("Your function printed:")
            lines += ["    " + line for line in self.output.splitlines()]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return lines

    def __str__(self) -> str:
        return "\n".join(self._lines())

    def __repr__(self) -> str:
        return f"Report({self.title!r}, passed={self.passed}, diagnosis={self.diagnosis!r})"

    def __bool__(self) -> bool:
        return self.passed

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.passed else "#b3261e"
        parts = [f'<div class="mmlib-check"><p style="color:{colour};font-weight:bold">'
                 f"{html.escape(verdict(self.title, self.passed, self.diagnosis))}</p>",
                 f"<p>{html.escape(self.summary)}</p>"]
        if self.details:
            parts.append(_details_html(self.details))
        if self.case_text:
            parts.append(f"<p>{html.escape(_CASE_FORM)}</p><pre>{html.escape(self.case_text)}</pre>")
        elif self.counterexample is not None:
            parts.append(f"<p>Smallest tree found (search depth {self.depth}):</p><pre>"
                         + html.escape(trees.to_text(self._shown_tree())) + "</pre>")
        if self.output:
            parts.append("<p>Your function printed:</p><pre>" + html.escape(self.output) + "</pre>")
        if self.hint:
            parts.append(f"<p><b>Hint:</b> {html.escape(self.hint)}</p>")
        return "".join(parts) + "</div>"

    def _ipython_display_(self) -> None:
        self._display(verdict_on_stderr=True)

    def _display(self, *, verdict_on_stderr: bool) -> None:
        """Show the report (and its drawing); on a failure, its verdict on standard error when
        ``verdict_on_stderr`` (not when an error follows, which says it already)."""
        from IPython.display import display
        display({"text/html": self._repr_html_(), "text/plain": str(self)}, raw=True)  # type: ignore[no-untyped-call]
        figure = self.figure
        if figure is not None:
            display(figure)  # type: ignore[no-untyped-call]
        if not self.passed and verdict_on_stderr:
            print(verdict(self.title, self.passed, self.diagnosis), file=sys.stderr)

    def raise_for_failure(self) -> Report:
        """Raise :class:`~mmlib.errors.CheckFailed` if the check failed (after showing the
        report in a notebook); return the report otherwise."""
        __tracebackhide__ = True
        if not self.passed:
            show(self, verdict_on_stderr=False)
            raise CheckFailed(f"{self.title}: {self.diagnosis} (see the report above)", self)
        return self


def _details_html(details: Sequence[str]) -> str:
    """Details as a list; runs of lines indented by four spaces (a board, a tree) stay
    together as one preformatted block, so a board reads as a grid.

    >>> _details_html(["Final board:", "    X O X", "    . X O"])
    '<ul><li>Final board:<pre>X O X\\n. X O</pre></li></ul>'
    """
    items: list[str] = []
    block: list[str] = []
    for line in [*details, ""]:
        if line.startswith("    "):
            block.append(line[4:])
            continue
        if block:
            pre = "<pre>" + html.escape("\n".join(block)) + "</pre>"
            items[-1:] = [items[-1] + pre] if items else ["<li>" + pre]
            block = []
        if line:
            items.append("<li>" + html.escape(line))
    return "<ul>" + "".join(item + "</li>" for item in items) + "</ul>"


def verdict(title: str, passed: bool, diagnosis: str) -> str:
    """A check's outcome in one line.

    >>> verdict("minimax", True, "ok")
    'minimax: passed'
    >>> verdict("minimax", False, "not-implemented")
    'minimax: not answered yet'
    >>> verdict("minimax", False, "no-alternation")
    'minimax: not yet (no-alternation)'
    """
    if passed:
        return f"{title}: passed"
    if diagnosis == "not-implemented":
        return f"{title}: not answered yet"
    return f"{title}: not yet ({diagnosis})"


TRY_SECONDS = 5.0
"""Seconds a call through :func:`try_it` may take: the checks' limit for one call
(:data:`mmlib.isolation.runner.TIME_LIMIT`)."""

_STOPPED = ("timeout", "memory", "exit", "crash", "runaway")
"""The outcomes of a separate process that :func:`try_it` reports instead of repeating them here."""


def try_it(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)``; while ``function`` is still a stub (it raises
    NotImplementedError) it says "not answered yet" on standard error and returns None, so that
    the notebook goes on.

    The call is first made as the checks make it (:func:`mmlib.isolation.runner.run_calls`: a
    separate process, :data:`TRY_SECONDS` seconds at most): a loop that never ends, a call that
    ends the process or takes all the memory is stopped there and reported as a
    :class:`CallStopped` (a :class:`~mmlib.errors.UserFunctionError`) naming the function and
    the limit, and the notebook goes on working.  Only a call that finished there is made again
    here, so what it returns, prints or draws, and any error it raises, reach the notebook as
    before.  The first run costs a few milliseconds (a fork), more in a kernel that holds much
    memory (about 25 ms with 500 MB).

    >>> def minimax(node, depth, maximizing):
    ...     raise NotImplementedError("replace this line with your code")
    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     try_it(minimax, None, 2, True)
    >>> err.getvalue()
    'minimax: not answered yet (it still raises NotImplementedError)\\n'
    >>> try_it(max, 3, 12, 8)
    12
    """
    __tracebackhide__ = True
    if not callable(function):
        raise ArgumentTypeError(f"function: expected your function, got {printable(function)}")
    _stopped_elsewhere(function, args, kwargs)
    try:
        return function(*args, **kwargs)
    except NotImplementedError:
        name = getattr(function, "__name__", "your function")
        print(f"{name}: not answered yet (it still raises NotImplementedError)", file=sys.stderr)
        return None


class CallStopped(UserFunctionError):
    """A call through :func:`try_it` that was stopped (a loop that never ends, an exit, all the
    memory): a :class:`~mmlib.errors.UserFunctionError` that a notebook shows as its one-line
    message, which names the function, what happened and the limit."""

    def _render_traceback_(self) -> list[str]:
        return [f"\x1b[31m{type(self).__name__}\x1b[0m: {self}"]


def _stopped_elsewhere(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Make the call once in a separate process with the checks' time limit; raise
    :class:`CallStopped` when it was stopped there (see :func:`try_it`)."""
    __tracebackhide__ = True
    from ..isolation import runner

    outcomes = runner.run_calls(lambda: function(*args, **kwargs), [runner.Call(())], time_limit=TRY_SECONDS)
    try:
        outcome = next(outcomes)
    finally:
        outcomes.close()
    if outcome.kind in _STOPPED:
        from .queries import function_name

        name = function_name(function, "your function")
        unit = "second" if TRY_SECONDS == 1 else "seconds"
        limit = f" (try_it gives a call at most {TRY_SECONDS:g} {unit}, as the checks do)" \
            if outcome.kind == "timeout" else ""
        raise CallStopped(f"{name}: {outcome.detail or 'it was stopped'}{limit}. "
                          f"{HINTS.get(outcome.kind, '')}".rstrip(), name)


def show(report: Report, *, verdict_on_stderr: bool = True) -> None:
    """Display the report in a notebook, or print it."""
    try:
        from IPython import get_ipython
    except ImportError:
        get_ipython = None
    if get_ipython is not None and get_ipython() is not None:
        report._display(verdict_on_stderr=verdict_on_stderr)
    else:
        print(report)


def finish(report: Report, raise_on_failure: bool) -> Report:
    """The report, or (``raise_on_failure`` and a failure) show it and raise CheckFailed."""
    __tracebackhide__ = True
    return report.raise_for_failure() if raise_on_failure else report
