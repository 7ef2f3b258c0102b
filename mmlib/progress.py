"""The line a long search or check shows while it runs.

A search that has run for :data:`SHOW_AFTER` seconds starts showing one line, updated about
every :data:`UPDATE_EVERY` seconds: how many nodes so far, how many a second, and the
budget at which it will stop.  The search looks at the clock only every
:data:`~mmlib.instrument.CLOCK_EVERY` nodes, so a short search never pays for it.

Where the line appears: in a Jupyter notebook opened by a person, as an output of the cell
that updates in place; in a terminal, on standard error.  A notebook run without a person
(``jupyter nbconvert --execute``, ``pytest --nbval``) shows nothing, so stored outputs do
not depend on the machine's speed.  The environment variable ``MMLIB_PROGRESS`` set to
``0`` turns the line off everywhere and ``1`` turns it on everywhere.  In a browser tab
(JupyterLite's Pyodide kernel) the line is always shown, and says that the run stops by itself
at its budget: there the kernel's stop button may never reach a running cell.

>>> line = Progress("search", "max_nodes=9,000,000")
>>> for part in line.text(2_500_000, 5.0).split(" - "):
...     print(part)
search: 2,500,000 nodes so far (500,000 a second, 5.0 s); stops at max_nodes=9,000,000
press Ctrl-C to stop it now
"""

from __future__ import annotations

import os
import sys
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any

from .errors import ArgumentTypeError, RunInterrupted, printable

if TYPE_CHECKING:
    pass

__all__ = ["SHOW_AFTER", "UPDATE_EVERY", "Progress", "Run", "wanted", "budget_text"]

SHOW_AFTER = 2.0
"""Seconds a search or check runs before it shows its progress."""

UPDATE_EVERY = 0.5
"""Seconds between two updates of the progress line."""


def wanted() -> bool:
    """Whether a progress line is shown here (see the module docstring)."""
    setting = os.environ.get("MMLIB_PROGRESS", "").strip().lower()
    if setting in ("0", "off", "no", "false"):
        return False
    if setting in ("1", "on", "yes", "true"):
        return True
    if sys.platform == "emscripten":       # a browser tab (Pyodide): a person is watching
        return True
    kernel = _kernel()
    if kernel is not None:
        # A front end a person uses allows input(); nbclient and nbval do not.
        return bool(getattr(kernel, "_allow_stdin", False))
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _kernel() -> Any:
    shell_module = sys.modules.get("IPython")
    if shell_module is None:
        return None
    try:
        shell = shell_module.get_ipython()
    except Exception:  # noqa: BLE001 - no shell: not in a notebook
        return None
    return getattr(shell, "kernel", None)


def budget_text(max_nodes: float | None, max_seconds: float | None, unit: str = "nodes") -> str:
    """The budget in words, as the arguments that set it.

    >>> budget_text(5_000_000, 10.0)
    'max_nodes=5,000,000 or max_seconds=10'
    >>> budget_text(None, None)
    'nothing (no budget)'
    """
    parts = []
    try:
        if max_nodes is not None and max_nodes != float("inf"):
            parts.append(f"max_{unit}={int(max_nodes):,}")
        if max_seconds is not None:
            parts.append(f"max_seconds={float(max_seconds):g}")
    except (TypeError, ValueError, OverflowError):
        raise ArgumentTypeError(f"max_nodes, max_seconds: expected whole numbers of nodes and seconds "
                                f"or None, got {printable(max_nodes)} and {printable(max_seconds)}") from None
    return " or ".join(parts) if parts else "nothing (no budget)"


class Progress:
    """One progress line: ``what`` runs, counting ``unit``; it stops at ``limit`` (words).

    Call :meth:`tick` now and then with the count and the clock; the line appears once
    :data:`SHOW_AFTER` seconds have passed since the progress was made, and :meth:`end`
    writes its last state.
    """

    def __init__(self, what: str, limit: str, unit: str = "nodes", started: float | None = None):
        self.what = what
        self.limit = limit
        self.unit = unit
        self.started = time.perf_counter() if started is None else started
        self.due = self.started + SHOW_AFTER
        self.shown = False
        self.handle: Any = None
        self.width = 0

    def text(self, count: int, elapsed: float) -> str:
        rate = count / elapsed if elapsed > 0 else 0.0
        head = f"{self.what}: {count:,} {self.unit} so far ({rate:,.0f} a second, {elapsed:.1f} s); "
        if sys.platform == "emscripten":     # a browser tab may never pass the stop button on
            return head + f"it stops by itself at {self.limit}"
        how = "interrupt the kernel (the stop button, or I, I)" if _kernel() is not None else "press Ctrl-C"
        return head + f"stops at {self.limit} - {how} to stop it now"

    def tick(self, count: int, now: float) -> None:
        """The count is ``count`` at time ``now``: update the line if it is due."""
        if now < self.due:
            return
        self.due = now + UPDATE_EVERY
        if not self.shown:
            if not wanted():
                self.due = float("inf")           # never asked again
                return
            self.shown = True
        self._write(self.text(count, now - self.started), final=False)

    def end(self, count: int, how: str = "done") -> None:
        """The run ended (``how``: done, stopped, interrupted): its last line, if one is shown."""
        if not self.shown:
            return
        elapsed = time.perf_counter() - self.started
        self._write(f"{self.what}: {how} after {count:,} {self.unit} in {elapsed:.1f} s", final=True)
        self.shown = False
        self.due = float("inf")

    def _write(self, line: str, final: bool) -> None:
        if _kernel() is not None:
            try:
                from IPython.display import display
                if self.handle is None:
                    self.handle = display({"text/plain": line}, raw=True,  # type: ignore[no-untyped-call]
                                          display_id=True)
                else:
                    self.handle.update({"text/plain": line}, raw=True)
                return
            except Exception:  # noqa: BLE001 - fall back to standard error
                pass
        stream = sys.stderr
        if stream is None:
            return
        try:
            stream.write("\r" + line.ljust(self.width) + ("\n" if final else ""))
            self.width = 0 if final else len(line)
            stream.flush()
        except (OSError, ValueError):
            pass


class Run:
    """A long sweep, census or check, counted step by step: it shows the progress line and
    turns the kernel's interrupt into :class:`~mmlib.errors.RunInterrupted`, which keeps
    what was finished (the ``completed`` results and the ``partial`` counts).

    >>> rows = []
    >>> with Run("sweep", "3 searches", "searches done", total=3) as run:
    ...     for leaves in (3, 5, 7):
    ...         rows.append({"leaves": leaves})
    ...         run.step(rows[-1])
    >>> run.done, len(run.completed)
    (3, 3)

    An interrupt inside the ``with`` (here raised by hand after two steps) keeps both rows:

    >>> try:
    ...     with Run("sweep", "3 searches", "searches done", total=3) as run:
    ...         run.step({"leaves": 3}); run.step({"leaves": 5})
    ...         raise KeyboardInterrupt
    ... except RunInterrupted as stop:
    ...     print(stop.done, [row["leaves"] for row in stop.completed])
    2 [3, 5]
    """

    def __init__(self, what: str, limit: str, unit: str, *, total: int | None = None,
                 show: bool = True) -> None:
        self.what, self.unit, self.total = what, unit, total
        self.line = Progress(what, limit, unit=unit)
        if not show:                     # the caller shows its progress its own way
            self.line.due = float("inf")
        self.done = 0
        self.completed: list[Any] = []
        self.partial: dict[str, Any] = {}

    def __enter__(self) -> Run:
        return self

    def step(self, result: Any = None, count: int = 1) -> None:
        """``count`` more steps are finished (``result``, if not None, is kept)."""
        self.done += count
        if result is not None:
            self.completed.append(result)
        self.line.tick(self.done, time.perf_counter())

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.line.end(self.done)
            return
        interrupted = isinstance(error, KeyboardInterrupt)
        self.line.end(self.done, "interrupted" if interrupted else "stopped")
        if interrupted and not isinstance(error, RunInterrupted):
            raise RunInterrupted(self.what, self.done, self.total, self.unit,
                                 completed=tuple(self.completed), partial=self.partial) from None
