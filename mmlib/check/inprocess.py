"""Lab checks in the notebook's own process: the path a browser tab takes (JupyterLite, Pyodide).

In a browser tab there is one process and one thread: ``os.fork`` exists but fails, threads
cannot start, and the kernel's interrupt may never arrive.  :func:`run_here` therefore calls
the student's function right here, one call after another, bounded without a kill:

- the tree handed to the function counts every access (``node.children``, ``node.is_leaf()``,
  ``node.value``) and raises once the call's budget of accesses is spent, so a search that
  loops over the nodes for ever stops with the checker's "runaway" message;
- a line tracer runs on the student's own code (not on mmlib's) and stops the call once its
  ``time_limit`` has passed, so ``while True: pass`` stops too, with the "timeout" message;
- both stops are :class:`~mmlib.check.nodes.Stop`, a ``BaseException``: ``except Exception``
  in the student's code does not swallow them, and a function that catches them anyway is
  still reported as stopped;
- what the function prints is captured as in the separate process, and ``input()`` fails.

What this path cannot protect against (it is for practice; grading runs sealed, elsewhere):
a loop inside one long call into compiled code (``sum(itertools.count())``, ``time.sleep``,
a huge ``list * n``) is not traced and runs until it ends; memory is not limited, so a huge
allocation can end the tab's Python; ``os._exit`` or ``sys.exit`` caught nowhere end nothing
here but are reported, yet code that changes the checker's own modules or the notebook's
variables does change them.  Restarting the kernel (or reloading the tab) ends everything.

:func:`wanted` says whether to take this path: always in Pyodide (``sys.platform`` is
``"emscripten"``), and wherever the environment variable ``MMLIB_CHECK_INPROCESS`` is ``1``
(``0`` turns it off).

>>> from mmlib.check.runner import Call
>>> from mmlib.check.nodes import shape_of
>>> from mmlib import trees
>>> shape, values, _ = shape_of(trees.from_nested([[3, 5], [2, 9]]))
>>> def first_leaf(node):
...     while not node.is_leaf():
...         node = node.children[0]
...     return node.value
>>> def endless(node):
...     while True:
...         node.children
>>> [(o.kind, o.answer and o.answer.number) for o in
...  run_here(first_leaf, [Call((), shape, values, budget=50)], time_limit=1)]
[('ok', 3)]
>>> [o.kind for o in run_here(endless, [Call((), shape, values, budget=50)], time_limit=1)]
['runaway']
"""

from __future__ import annotations

import builtins
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from .child import Call, Capture, no_input, run_one
from .nodes import Stop, TableValues

__all__ = ["wanted", "run_here", "IN_BROWSER", "CHECK_EVERY"]

IN_BROWSER = sys.platform == "emscripten"
"""Whether this Python runs in a browser tab (Pyodide)."""

CHECK_EVERY = 1000
"""Lines of the student's code between two looks at the clock."""

_OURS = str(Path(__file__).resolve().parents[1])     # mmlib's own files are not traced


def wanted() -> bool:
    """Whether lab checks run in this process (see the module docstring)."""
    setting = os.environ.get("MMLIB_CHECK_INPROCESS", "").strip().lower()
    if setting in ("1", "on", "yes", "true"):
        return True
    if setting in ("0", "off", "no", "false"):
        return False
    return IN_BROWSER


class _Clock:
    """Stops the student's code once ``deadline`` has passed (looked at every CHECK_EVERY lines)."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.lines = 0
        self.timed_out = False

    def global_trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename.startswith(_OURS):
            return None
        return self.local_trace

    def local_trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        self.lines += 1
        if self.lines % CHECK_EVERY == 0 and time.monotonic() > self.deadline:
            self.timed_out = True
            raise Stop("timeout")
        return self.local_trace


@contextlib.contextmanager
def _bounded(clock: _Clock, capture: Capture) -> Iterator[None]:
    previous_trace = sys.gettrace()
    previous_input = builtins.input
    builtins.input = no_input
    try:
        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture):
            sys.settrace(clock.global_trace)
            try:
                yield
            finally:
                sys.settrace(previous_trace)
    finally:
        builtins.input = previous_input


def run_here(fn: Callable[..., Any], calls: Sequence[Call], *, time_limit: float) -> Iterator[Any]:
    """Run ``fn`` on each call in this process; yield one ``runner.Outcome`` per call, in order."""
    from .runner import Answer, Outcome

    for call in calls:
        source = TableValues(call.values, call.budget)
        capture = Capture()
        clock = _Clock(time.monotonic() + time_limit)
        with _bounded(clock, capture):
            message = run_one(fn, call, None, capture, source)
        if clock.timed_out and message["kind"] != "runaway":
            message.update(kind="timeout", answer=None, detail=(
                f"it did not finish within {time_limit:g} seconds and was stopped"))
        message = json.loads(json.dumps(message))
        answer = Answer.from_message(message["answer"]) if message["kind"] == "ok" else None
        yield Outcome(message["kind"], answer, tuple(source.read), message["detail"], message["output"],
                      message["printed"])
