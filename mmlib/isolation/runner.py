"""Running student code where it cannot hurt the notebook or fool the checker.

:func:`run_calls` runs a student's function on a batch of calls in a separate process,
forked from the caller (so functions defined in a notebook are there), and yields one
:class:`Outcome` per call, in order:

- the process has limits: ``time_limit`` seconds per call (wall clock; the checker kills
  the process and everything it started when one call takes longer), ``memory_limit`` bytes
  of new memory, a CPU-time ceiling, no core files, no terminal input;
- what the function prints is captured (the first ``OUTPUT_LIMIT`` characters of each call
  are kept, the lines are counted) instead of reaching the notebook;
- ``os._exit``, ``sys.exit``, endless loops, huge allocations and crashes end or stop only
  that process: the outcome says what happened and the remaining calls go on in a fresh one;
- when a call has a tree, the function receives fresh :class:`~mmlib.isolation.nodes.LabNode`
  objects that hold labels and children only: every ``node.value`` is asked of this
  process, which records the read.  What the function returned comes back as plain data
  (:class:`Answer`: numbers checked, a short text made safely), so the verdict is computed
  here, out of the student code's reach.

>>> def double(x):
...     print("doubling", x)
...     return 2 * x
>>> [(o.kind, o.answer.number, o.output) for o in run_calls(double, [Call((1,)), Call((20,))])]
[('ok', 2, 'doubling 1\\n'), ('ok', 40, 'doubling 20\\n')]
>>> import os
>>> outcome, = run_calls(lambda: os._exit(3), [Call(())])
>>> outcome.kind, outcome.detail
('exit', 'it ended the process running it (exit status 3): a search function must return a value')
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import os
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import inprocess
from ._args import integer, seconds
from .child import (
    OUTPUT_LIMIT,
    Call,
    Capture,
    child_main,
    clip,
    describe_error,
    isolated,
    plain_answer,
    run_one,
)
from .nodes import TableValues
from .sealed import ADAPTERS, batch_request, name_facts, pack, run_cells, sandbox_main, serve, unpack

__all__ = ["TIME_LIMIT", "MEMORY_LIMIT", "OUTPUT_LIMIT", "Call", "Answer", "Outcome", "Remote", "run_calls",
           "isolated", "pack", "unpack", "serve", "batch_request", "describe_error", "name_facts",
           "plain_answer", "run_cells", "sandbox_main", "ADAPTERS"]

TIME_LIMIT = 5.0
"""Seconds one call of the student's function may take before it is stopped."""
MEMORY_LIMIT = 1 << 30
"""Bytes of memory the student's code may take on top of what the notebook already uses."""

_LINE = 1 << 20                              # longest message the child may send


# -- the calls and what came back --------------------------------------------------------------

@dataclass(frozen=True)
class Answer:
    """What the student's function returned, as plain, safe data.

    ``kind``: "int", "float", "inf", "nan", "bigint" (too many digits to show), "bool",
    "none", "node", "list" or "object"; ``number``: the exact number for "int", "float" and
    "inf"; ``text``: a short, safe description to show; ``items``: the entries of a "list".
    """

    kind: str
    text: str
    number: int | float | None = None
    items: tuple[Answer, ...] = ()

    KINDS = ("int", "float", "inf", "nan", "bigint", "bool", "none", "node", "list", "object")

    @property
    def is_number(self) -> bool:
        return self.kind in ("int", "float", "inf", "bigint")

    @classmethod
    def from_message(cls, data: Any, depth: int = 0) -> Answer:
        """Rebuild an answer from a message, checking every field (ValueError if malformed)."""
        if not isinstance(data, dict) or data.get("kind") not in cls.KINDS or depth > 2:
            raise ValueError("malformed answer")
        kind, text, number = data["kind"], data.get("text"), data.get("number")
        if not isinstance(text, str):
            raise ValueError("malformed answer")
        if kind == "int" and type(number) is not int or kind == "float" and type(number) is not float:
            raise ValueError("malformed answer")
        if kind == "inf":
            number = math.inf if data.get("sign", 1) > 0 else -math.inf
        elif kind not in ("int", "float"):
            number = None
        items = data.get("items", [])
        if not isinstance(items, list) or len(items) > 20:
            raise ValueError("malformed answer")
        return cls(kind, clip(text, 200), number, tuple(cls.from_message(i, depth + 1) for i in items))


@dataclass(frozen=True)
class Outcome:
    """What one call did.

    ``kind``: "ok" (it returned ``answer``), "not-implemented", "error", "recursion", "over-budget"
    (a checker's wrapper found it spent more than its node budget),
    "runaway" (node accesses over the budget), "timeout", "memory", "exit" (it ended the
    process) or "crash"; ``evaluated``: the node indices whose value it read, in order;
    ``detail``: what went wrong, in words; ``output``: what it printed (at most
    ``OUTPUT_LIMIT`` characters); ``printed``: how many lines it printed in all.
    """

    kind: str
    answer: Answer | None = None
    evaluated: tuple[int, ...] = ()
    detail: str = ""
    output: str = ""
    printed: int = 0

    @property
    def truncated(self) -> bool:
        return self.output.count("\n") < self.printed


# -- a function that lives in another process ---------------------------------------------------

class Remote:
    """A student's function that lives in a sealed process of its own (a sandbox), which speaks
    the child's side of this module's protocol (:func:`serve`).  :func:`run_calls` sends it a
    batch of calls instead of forking; everything that comes back is checked here as from a
    forked child.  Subclasses say how to reach the process.

    ``adapter`` names a wrapper (from :data:`ADAPTERS`) the other process puts around the
    function before calling it, e.g. the chance nodes of the expectimax lab.
    """

    name: str = "function"
    adapter: str | None = None

    def begin(self, calls: list[Call], time_limit: float) -> tuple[int, int]:
        """Send a batch of calls; return the descriptors to read messages from and to write values to."""
        raise NotImplementedError

    def finish(self, clean: bool) -> int | None:
        """The batch is over: keep the process for the next batch when ``clean``, else stop it.
        Returns the process's wait status when it was stopped (None when kept)."""
        raise NotImplementedError

    def __call__(self, *args: Any) -> Any:
        raise RuntimeError(f"{self.name} runs in a sealed process: call it through mmlib.check")


def remote_of(fn: Callable[..., Any]) -> Remote | None:
    """The :class:`Remote` behind ``fn``: itself, or the one a known wrapper carries."""
    if isinstance(fn, Remote):
        return fn
    inner = getattr(fn, "__wrapped_student__", None)
    if isinstance(inner, tuple) and len(inner) == 2 and isinstance(inner[0], Remote):
        remote, adapter = inner
        return _Adapted(remote, adapter)
    return None


class _Adapted(Remote):
    def __init__(self, remote: Remote, adapter: str):
        self.remote, self.adapter, self.name = remote, adapter, remote.name

    def begin(self, calls: list[Call], time_limit: float) -> tuple[int, int]:
        return self.remote.begin(calls, time_limit, adapter=self.adapter)  # type: ignore[call-arg]

    def finish(self, clean: bool) -> int | None:
        return self.remote.finish(clean)


# -- the parent: fork, serve values, read outcomes, kill ---------------------------------------

def run_calls(fn: Callable[..., Any], calls: Sequence[Call], *, time_limit: float = TIME_LIMIT,
              memory_limit: int = MEMORY_LIMIT) -> Generator[Outcome, None, None]:
    """Run ``fn`` on each call in a child process; yield the outcomes in order.

    Stop iterating (or close the iterator) to stop early: the child is killed.
    """
    time_limit = seconds("time_limit", time_limit, maximum=3600)
    memory_limit = integer("memory_limit", memory_limit, minimum=1 << 20)
    calls = list(calls)
    remote = remote_of(fn)
    if remote is not None:
        fn = remote
    elif inprocess.wanted():                 # a browser tab: no process to fork (mmlib.isolation.inprocess)
        for message, read in inprocess.run_here(fn, calls, time_limit=time_limit):
            answer = Answer.from_message(message["answer"]) if message["kind"] == "ok" else None
            yield Outcome(message["kind"], answer, read, message["detail"], message["output"],
                          message["printed"])
        return
    elif not hasattr(os, "fork"):
        yield from _run_here(fn, calls, time_limit)
        return
    start = 0
    while start < len(calls):
        with _Child(fn, calls[start:], time_limit, memory_limit) as child:
            for outcome in child.outcomes():
                start += 1
                yield outcome


class _Child:
    """One child process running a batch of calls, and the two pipes to it."""

    def __init__(self, fn: Callable[..., Any], calls: list[Call], time_limit: float, memory_limit: int):
        self.fn, self.calls = fn, calls
        self.time_limit, self.memory_limit = time_limit, memory_limit
        self.pid = 0
        self.status: int | None = None
        self.buffer = b""
        self.answered = 0
        self.remote = fn if isinstance(fn, Remote) else None

    def __enter__(self) -> _Child:
        if self.remote is not None:
            self.up, self.down = self.remote.begin(self.calls, self.time_limit)
            return self
        up_read, up_write = os.pipe()
        down_read, down_write = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        gc.freeze()               # the child's collector leaves the notebook's objects alone
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)   # "multi-threaded fork"
                pid = os.fork()
        except BaseException:
            gc.unfreeze()
            for fd in (up_read, up_write, down_read, down_write):
                os.close(fd)
            raise
        if pid == 0:                                   # the child never returns from here
            child_main(self.fn, self.calls, up_write, down_read, up_read, down_write,
                        self.time_limit, self.memory_limit)
        gc.unfreeze()
        self.pid = pid
        os.close(up_write)
        os.close(down_read)
        self.up, self.down = up_read, down_write
        os.set_blocking(self.down, False)              # a child that stops reading cannot block us
        return self

    def __exit__(self, *exc: object) -> None:
        if self.remote is not None:
            if self.status is None:
                self.status = self.remote.finish(self.answered == len(self.calls) and not self.buffer)
            return
        self.kill()
        for fd in (self.up, self.down):
            with contextlib.suppress(OSError):
                os.close(fd)

    def kill(self) -> None:
        """Kill the child and everything it started (its process group), and reap it."""
        if self.status is not None:
            return
        if self.remote is not None:
            self.status = self.remote.finish(False) or 0
            return
        family = self._stop_family()
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(OSError):
                kill(self.pid, signal.SIGKILL)
        for pid in family:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        _, self.status = os.waitpid(self.pid, 0)

    def _stop_family(self) -> list[int]:
        """Stop (SIGSTOP) the child and every process below it, until no new one appears: then
        none can start another, and killing them all leaves nothing behind."""
        family: list[int] = []
        for _ in range(100):
            found = [pid for pid in [self.pid] + _descendants(self.pid) if pid not in family]
            if not found:
                break
            for pid in found:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
            family += found
        return family

    def outcomes(self) -> Iterator[Outcome]:
        for number, call in enumerate(self.calls):
            outcome = self.serve(number, call)
            self.answered += 1
            yield outcome
            if outcome.kind in ("timeout", "memory", "exit", "crash") and self.status is not None:
                return

    def serve(self, number: int, call: Call) -> Outcome:
        """Answer the value requests of one call until its outcome arrives."""
        read: list[int] = []
        deadline = time.monotonic() + self.time_limit
        while True:
            line = self.next_line(deadline)
            if line is None:
                self.kill()
                return Outcome("timeout", evaluated=tuple(read), detail=(
                    f"it did not finish within {self.time_limit:g} "
                    f"second{'' if self.time_limit == 1 else 's'}, so it was stopped"))
            if line == b"":
                return self.death(read)
            if line.startswith(b"v "):
                if not self.answer_value(line, call, read):
                    return self.broken(read)
                continue
            if line.startswith(b"r "):
                try:
                    return self.outcome(json.loads(line[2:]), number, read)
                except ValueError:
                    return self.broken(read)
            return self.broken(read)

    def answer_value(self, line: bytes, call: Call, read: list[int]) -> bool:
        try:
            index = int(line[2:])
            value = call.values[index] if index >= 0 else None
        except (ValueError, IndexError):
            return False
        if value is None:
            return False
        if not read or read[-1] != index:
            read.append(index)
        try:
            os.write(self.down, json.dumps(value).encode() + b"\n")
        except OSError:
            return False
        return True

    def outcome(self, data: Any, number: int, read: list[int]) -> Outcome:
        if not isinstance(data, dict) or data.get("call") != number:
            raise ValueError("malformed outcome")
        kind, detail, output, printed = (data.get(k) for k in ("kind", "detail", "output", "printed"))
        if kind not in ("ok", "not-implemented", "error", "recursion", "runaway", "over-budget", "memory",
                        "exit") \
                or not isinstance(detail, str) or not isinstance(output, str) or type(printed) is not int:
            raise ValueError("malformed outcome")
        answer = Answer.from_message(data.get("answer")) if kind == "ok" else None
        return Outcome(kind, answer, tuple(read), clip(detail, 600), output[:OUTPUT_LIMIT], printed)

    def next_line(self, deadline: float) -> bytes | None:
        """The next message line; b"" when the child is gone; None at the deadline."""
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not _readable(self.up, left):
                return None
            chunk = os.read(self.up, 1 << 16)
            if not chunk:
                return b""
            self.buffer += chunk
            if len(self.buffer) > _LINE:
                return b"?"
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line + b"\n"

    def death(self, read: list[int]) -> Outcome:
        """The child closed its pipe: it ended (os._exit) or was killed."""
        self.kill()        # reaps it (and stops anything it started)
        status = self.status or 0
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) not in (signal.SIGKILL,):
            try:
                name = signal.Signals(os.WTERMSIG(status)).name
            except ValueError:
                name = f"signal {os.WTERMSIG(status)}"
            if os.WTERMSIG(status) == signal.SIGXCPU:
                return Outcome("timeout", evaluated=tuple(read), detail=(
                    "it used up the processor time the check allows, so it was stopped"))
            return Outcome("crash", evaluated=tuple(read), detail=(
                f"the process running it crashed ({name}): a recursion too deep, or too much memory?"))
        if os.WIFEXITED(status):
            return Outcome("exit", evaluated=tuple(read), detail=(
                f"it ended the process running it (exit status {os.WEXITSTATUS(status)}): "
                "a search function must return a value"))
        return Outcome("crash", evaluated=tuple(read), detail=(
            "the process running it was killed (by the system: out of memory?)"))

    def broken(self, read: list[int]) -> Outcome:
        self.kill()
        return Outcome("crash", evaluated=tuple(read), detail=(
            "it wrote into the checker's channel or broke it, so it was stopped"))


def _descendants(pid: int) -> list[int]:
    """Linux: every living process below ``pid`` (also those that left its process group)."""
    try:
        entries = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []
    parents: dict[int, list[int]] = {}
    for name in entries:
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            parents.setdefault(int(fields[1]), []).append(int(name))
        except (OSError, IndexError, ValueError):
            continue
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.append(child)
                todo.append(child)
    return found


def _readable(fd: int, seconds: float) -> bool:
    """Wait until ``fd`` has data (or its end closed), at most ``seconds``."""
    if hasattr(select, "poll"):               # no limit on descriptor numbers, unlike select()
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        return bool(poller.poll(max(1, math.ceil(seconds * 1000))))
    return bool(select.select([fd], [], [], seconds)[0])


def _run_here(fn: Callable[..., Any], calls: list[Call], time_limit: float) -> Iterator[Outcome]:
    """Where there is no fork (Windows): each call in a thread of this process, with the time
    limit but without isolation (a function that never ends keeps running in the background)."""
    import threading

    for call in calls:
        source = TableValues(call.values, call.budget)
        capture = Capture()
        box: dict[str, Any] = {}

        def target(call: Call = call, source: TableValues = source, capture: Capture = capture,
                   box: dict[str, Any] = box) -> None:
            box["message"] = run_one(fn, call, None, capture, source)

        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture):
            worker = threading.Thread(target=target, name="mmlib-check", daemon=True)
            worker.start()
            worker.join(time_limit)
        if "message" not in box:
            yield Outcome("timeout", evaluated=tuple(source.read), detail=(
                f"it did not finish within {time_limit:g} second{'' if time_limit == 1 else 's'}; "
                "it is still running in the background (restart the kernel if the notebook gets slow)"))
            return
        message = json.loads(json.dumps(box["message"]))
        answer = Answer.from_message(message["answer"]) if message["kind"] == "ok" else None
        yield Outcome(message["kind"], answer, tuple(source.read), message["detail"], message["output"],
                      message["printed"])


