"""Lab checks in the notebook's own process: the path a browser tab takes (JupyterLite, Pyodide).

In a browser tab there is one process and one thread: ``os.fork`` exists but fails, threads
cannot start, and the kernel's interrupt may never arrive.  :func:`run_here` therefore calls
the student's function right here, one call after another, bounded without a kill:

- the tree handed to the function counts every access (``node.children``, ``node.is_leaf()``,
  ``node.value``) and raises once the call's budget of accesses is spent, so a search that
  loops over the nodes for ever stops with the checker's "runaway" message;
- the student's own code (not mmlib's) is watched at every turn of a loop (``sys.monitoring``;
  a line tracer on Python 3.11) and the call stops once its ``time_limit`` has passed, so
  ``while True: pass`` stops too, with the "timeout" message;
- both stops are :class:`~mmlib.isolation.nodes.Stop`, a ``BaseException``: ``except Exception``
  in the student's code does not swallow them, and a function that catches them anyway is
  still reported as stopped;
- what the function prints is captured as in the separate process, and ``input()`` fails.

What this path cannot protect against (it is for practice; grading runs sealed, elsewhere):
a loop inside one long call into compiled code (``sum(itertools.count())``, ``time.sleep``,
a huge ``list * n``) is not watched and runs until it ends; on Python 3.11 (not the tab's), a
function that catches the stop and then loops without touching a node runs on; memory is not
limited, so a huge allocation can end the tab's Python; ``sys.exit`` is reported, but code
that changes the checker's own modules or the notebook's variables does change them.  Restarting
the kernel (or reloading the tab) ends everything.

:func:`wanted` says whether to take this path: always in Pyodide (``sys.platform`` is
``"emscripten"``), and wherever the environment variable ``MMLIB_CHECK_INPROCESS`` is ``1``
(``0`` turns it off).

>>> from mmlib.isolation.runner import Call
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
>>> [(message["kind"], message["answer"]["number"], read) for message, read in
...  run_here(first_leaf, [Call((), shape, values, budget=50)], time_limit=1)]
[('ok', 3, (2,))]
>>> [message["kind"] for message, _ in run_here(endless, [Call((), shape, values, budget=50)], time_limit=1)]
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
from types import CodeType, FrameType
from typing import Any

from .child import Call, Capture, no_input, run_one
from .nodes import Stop, TableValues

__all__ = ["wanted", "run_here", "IN_BROWSER", "CHECK_EVERY", "NOTICE"]

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


class _Clock(TableValues):
    """The tree's values with their budget of accesses, and the clock of the call.

    The student's own code is watched: on Python 3.12 and later (the browser tab's) through
    ``sys.monitoring`` at every jump (each turn of a loop), on 3.11 through a line tracer.  Once
    ``deadline`` has passed (looked at every ``CHECK_EVERY`` events) or the accesses ran out,
    every later event raises :class:`~mmlib.isolation.nodes.Stop`, so a handler that catches the stop
    stops too.  (A tracer that raises is switched off by Python 3.11: there each node access
    switches it on again.)"""

    def __init__(self, values: Sequence[float], budget: int | None, deadline: float):
        super().__init__(values, budget)
        self.deadline = deadline
        self.events = 0
        self.timed_out = False
        self.done = False              # the call has returned: nothing is stopped any more

    def touch(self) -> None:
        if (self.timed_out or self.ran_away) and _MONITORING is None and not self.done:
            sys.settrace(self.global_trace)
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename.startswith(_OURS):
                frame = frame.f_back      # type: ignore[assignment]
            if frame is not None:
                frame.f_trace = self.local_trace
        super().touch()

    def tick(self) -> None:
        if self.done:
            return
        self.events += 1
        if self.ran_away:
            raise Stop("runaway")
        if self.timed_out or self.events % CHECK_EVERY == 0 and time.monotonic() > self.deadline:
            self.timed_out = True
            raise Stop("timeout")

    def global_trace(self, frame: FrameType, event: str, arg: object) -> Any:
        if frame.f_code.co_filename.startswith(_OURS):
            return None
        return self.local_trace

    def local_trace(self, frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":           # not "exception": a stop raised there would switch tracing off
            self.tick()
        return self.local_trace

    def on_jump(self, code: CodeType, offset: int, destination: int) -> Any:
        if code.co_filename.startswith(_OURS):
            return _MONITORING.DISABLE if _MONITORING is not None else None
        self.tick()
        return None


_MONITORING: Any = getattr(sys, "monitoring", None)
_TOOL = 4                                  # a free sys.monitoring tool id (0-5; 5 is the optimizer's)


@contextlib.contextmanager
def _bounded(clock: _Clock, capture: Capture) -> Iterator[None]:
    previous_input = builtins.input
    builtins.input = no_input
    try:
        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture), _watching(clock):
            yield
    finally:
        builtins.input = previous_input


@contextlib.contextmanager
def _watching(clock: _Clock) -> Iterator[None]:
    if _MONITORING is None:
        previous = sys.gettrace()
        sys.settrace(clock.global_trace)
        try:
            yield
        finally:
            sys.settrace(previous)
        return
    _MONITORING.use_tool_id(_TOOL, "mmlib.check")
    try:
        _MONITORING.register_callback(_TOOL, _MONITORING.events.JUMP, clock.on_jump)
        _MONITORING.set_events(_TOOL, _MONITORING.events.JUMP)
        yield
    finally:
        _MONITORING.set_events(_TOOL, 0)
        _MONITORING.register_callback(_TOOL, _MONITORING.events.JUMP, None)
        _MONITORING.free_tool_id(_TOOL)


NOTICE = ("This check runs your function here, in this browser tab, for practice: a loop that never ends "
          "is stopped by the node budget or the clock, but a long call into compiled code (time.sleep, "
          "a huge list) runs until it ends, memory is not limited (a huge allocation can stop the tab's "
          "Python: reload the page), and code that changes the checker changes it. Graded work is checked "
          "again, sealed, when you hand it in.")
"""Said once, in a browser tab, before the first check: what this path cannot protect against."""

_told = False


def run_here(fn: Callable[..., Any], calls: Sequence[Call], *,
             time_limit: float) -> Iterator[tuple[dict[str, Any], tuple[int, ...]]]:
    """Run ``fn`` on each call in this process; yield, per call and in order, what it did as plain
    data (the message a forked child would send) and the node indices whose value it read."""
    global _told
    if IN_BROWSER and not _told:
        _told = True
        print(NOTICE)

    for call in calls:
        capture = Capture()
        clock = _Clock(call.values, call.budget, time.monotonic() + time_limit)
        with _bounded(clock, capture):
            message = run_one(fn, call, None, capture, clock)
            clock.done = True
        if clock.timed_out and message["kind"] != "runaway":
            message.update(kind="timeout", answer=None, detail=(
                f"it did not finish within {time_limit:g} second{'' if time_limit == 1 else 's'} "
                "and was stopped"))
        yield json.loads(json.dumps(message)), tuple(clock.read)
