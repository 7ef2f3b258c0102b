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
- when a call has a tree, the function receives fresh :class:`~mmlib.check.nodes.LabNode`
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

import builtins
import contextlib
import ctypes
import faulthandler
import gc
import io
import json
import linecache
import math
import numbers
import os
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ._args import integer, seconds
from .nodes import LabNode, Shape, Stop, TableValues, build_nodes

try:                                     # imported here, not in the child (no import after fork)
    import resource
except ImportError:                      # not on Windows
    resource = None  # type: ignore[assignment]

__all__ = ["TIME_LIMIT", "MEMORY_LIMIT", "OUTPUT_LIMIT", "Call", "Answer", "Outcome", "Remote", "run_calls",
           "isolated", "pack", "unpack", "serve"]

TIME_LIMIT = 5.0
"""Seconds one call of the student's function may take before it is stopped."""
MEMORY_LIMIT = 1 << 30
"""Bytes of memory the student's code may take on top of what the notebook already uses."""
OUTPUT_LIMIT = 2_000
"""Characters of printed output kept per call (the rest is counted, not kept)."""

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TEXT = 60                                   # longest text shown for a returned object
_LINE = 1 << 20                              # longest message the child may send


# -- the calls and what came back --------------------------------------------------------------

@dataclass(frozen=True)
class Call:
    """One call: ``args`` (plain data: numbers, strings, lists of those) and, with ``shape``,
    a tree whose root node is passed first, its node values served from ``values``.
    ``budget`` caps the node accesses (a loop over the nodes that never ends is stopped)."""

    args: tuple = ()
    shape: Shape | None = None
    values: tuple = ()
    budget: int | None = None


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
        return cls(kind, _clip(text, 200), number, tuple(cls.from_message(i, depth + 1) for i in items))


@dataclass(frozen=True)
class Outcome:
    """What one call did.

    ``kind``: "ok" (it returned ``answer``), "not-implemented", "error", "recursion",
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


def remote_of(fn: Any) -> Remote | None:
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

def run_calls(fn: Callable, calls: Sequence[Call], *, time_limit: float = TIME_LIMIT,
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

    def __init__(self, fn: Callable, calls: list[Call], time_limit: float, memory_limit: int):
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
            _child_main(self.fn, self.calls, up_write, down_read, up_read, down_write,
                        self.time_limit, self.memory_limit)
        gc.unfreeze()
        self.pid = pid
        os.close(up_write)
        os.close(down_read)
        self.up, self.down = up_read, down_write
        os.set_blocking(self.down, False)              # a child that stops reading cannot block us
        return self

    def __exit__(self, *exc: Any) -> None:
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
                    f"it did not finish within {self.time_limit:g} seconds, so it was stopped"))
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
        if kind not in ("ok", "not-implemented", "error", "recursion", "runaway", "memory", "exit") \
                or not isinstance(detail, str) or not isinstance(output, str) or type(printed) is not int:
            raise ValueError("malformed outcome")
        answer = Answer.from_message(data.get("answer")) if kind == "ok" else None
        return Outcome(kind, answer, tuple(read), _clip(detail, 600), output[:OUTPUT_LIMIT], printed)

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


def _run_here(fn: Callable, calls: list[Call], time_limit: float) -> Iterator[Outcome]:
    """Where there is no fork (Windows): each call in a thread of this process, with the time
    limit but without isolation (a function that never ends keeps running in the background)."""
    import threading

    for call in calls:
        source = TableValues(call.values, call.budget)
        capture = _Capture()
        box: dict = {}

        def target(call: Call = call, source: TableValues = source, capture: _Capture = capture,
                   box: dict = box) -> None:
            box["message"] = _run_one(fn, call, None, capture, source)

        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture):
            worker = threading.Thread(target=target, name="mmlib-check", daemon=True)
            worker.start()
            worker.join(time_limit)
        if "message" not in box:
            yield Outcome("timeout", evaluated=tuple(source.read), detail=(
                f"it did not finish within {time_limit:g} seconds; it is still running in the "
                "background (restart the kernel if the notebook gets slow)"))
            return
        message = json.loads(json.dumps(box["message"]))
        answer = Answer.from_message(message["answer"]) if message["kind"] == "ok" else None
        yield Outcome(message["kind"], answer, tuple(source.read), message["detail"], message["output"],
                      message["printed"])


# -- the child: isolate, run, report plain data ------------------------------------------------

def _child_main(fn: Callable, calls: list[Call], up: int, down: int, up_read: int, down_write: int,
                time_limit: float, memory_limit: int) -> None:
    """Run the calls and send the outcomes; always ends the process with os._exit."""
    try:
        os.close(up_read)
        os.close(down_write)
        channel = _Channel(up, down)
        capture = _Capture()
        isolated(memory_limit, cpu_seconds=time_limit * len(calls) + 10, capture=capture)
        for number, call in enumerate(calls):
            message = _run_one(fn, call, channel, capture)
            message["call"] = number
            channel.send(b"r " + json.dumps(message).encode())
    except BaseException:    # noqa: BLE001 - nothing may escape into the notebook's code
        os._exit(70)
    os._exit(0)


def isolated(memory_limit: int, *, cpu_seconds: float, capture: io.TextIOBase) -> None:
    """Limit this (child) process and cut it off from the notebook's input and output."""
    os.setsid()                                  # its own process group: killed as a whole
    _die_with_parent()
    faulthandler.disable()                       # a crash dump would go to the notebook's stderr
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    sys.stdin = io.StringIO("")
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = capture  # type: ignore[misc,assignment]
    builtins.input = _no_input
    if resource is None:
        return
    limits = [(resource.RLIMIT_CORE, 0)]
    used = _address_space()
    if used is not None:
        limits.append((resource.RLIMIT_AS, used + memory_limit))
    cpu = time.process_time()
    limits.append((resource.RLIMIT_CPU, int(cpu + cpu_seconds) + 1))
    for which, soft in limits:
        with contextlib.suppress(ValueError, OSError):
            _, hard = resource.getrlimit(which)
            resource.setrlimit(which, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _die_with_parent() -> None:
    """Linux: the child gets SIGKILL if the notebook's process dies, and it adopts whatever its
    own children leave behind (a process started in the background stays below it, where the
    checker finds and stops it)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))        # PR_SET_PDEATHSIG
        libc.prctl(36, 1)                         # PR_SET_CHILD_SUBREAPER


def _no_input(prompt: object = "") -> str:
    raise RuntimeError("input() is not available while your function is checked")


class _Channel:
    """The child's end: send a line, ask for a node's value."""

    def __init__(self, up: int, down: int):
        self.up = up
        self.down = os.fdopen(down, "rb")

    def send(self, line: bytes) -> None:
        view = memoryview(line + b"\n")
        while view:
            view = view[os.write(self.up, view):]

    def value(self, index: int) -> Any:
        self.send(b"v %d" % index)
        return json.loads(self.down.readline())


class _RemoteValues:
    """The value source of the child's nodes: every read is asked of (and recorded by) the parent."""

    ran_away = False
    """Set once the budget of node accesses is spent (the function may swallow the stop)."""

    def __init__(self, channel: _Channel, budget: int | None):
        self._channel = channel
        self._budget = budget
        self._touches = 0

    def touch(self) -> None:
        self._touches += 1
        if self._budget is not None and self._touches > self._budget:
            self.ran_away = True               # kept even if the function swallows the Stop
            raise Stop("runaway")

    def value(self, index: int) -> Any:
        self.touch()
        return self._channel.value(index)

    def peek(self, index: int) -> None:
        return None


class _Capture(io.TextIOBase):
    """Bounded capture of printed text: keeps the first OUTPUT_LIMIT characters, counts lines."""

    def __init__(self) -> None:
        self.start()

    def start(self) -> None:
        self.kept: list[str] = []
        self.size = 0
        self.lines = 0

    def write(self, text: Any) -> int:
        if type(text) is not str:
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.lines += text.count("\n")
        if self.size < OUTPUT_LIMIT:
            piece = text[:OUTPUT_LIMIT - self.size]
            self.kept.append(piece)
            self.size += len(piece)
        return len(text)

    def writable(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    def take(self) -> tuple[str, int]:
        text = "".join(self.kept)
        lines = self.lines + (1 if text and not text.endswith("\n") and self.size < OUTPUT_LIMIT else 0)
        self.start()
        return text, lines


def _run_one(fn: Callable, call: Call, channel: _Channel | None, capture: _Capture,
             source: Any = None) -> dict:
    """Call ``fn`` once; the outcome as a plain dict (no object of the student's in it)."""
    capture.start()
    args = tuple(list(arg) if isinstance(arg, list) else arg for arg in call.args)
    if call.shape is not None:
        if source is None:
            assert channel is not None, "a shaped call needs the channel to the parent"
            source = _RemoteValues(channel, call.budget)
        args = (build_nodes(call.shape, source),) + args
    kind, detail, answer = "ok", "", None
    try:
        value = fn(*args)
        answer = plain_answer(value)
    except Stop as stop:
        kind, detail = stop.reason, ""
    except NotImplementedError:
        kind, detail = "not-implemented", ("it still raises NotImplementedError: replace the stub "
                                           "with your code")
    except RecursionError:
        kind, detail = "recursion", ("it recursed without end (RecursionError): does every call move to a "
                                     "child and stop at depth 0 or at a leaf?")
    except MemoryError:
        kind, detail = "memory", "it needed more memory than the check allows (MemoryError)"
    except SystemExit as stop:
        kind, detail = "exit", (f"it called sys.exit({_safe_text(stop.code, 20)}): a search function "
                                "must return a value")
    except BaseException as error:   # noqa: BLE001 - any failure of student code is reported
        kind, detail = "error", describe_error(error, fn)
    if getattr(source, "ran_away", False) is True and kind != "runaway":
        kind, detail, answer = "runaway", "", None   # it caught the stop and went on: still a runaway
    output, printed = capture.take()
    return {"kind": kind, "detail": detail, "answer": answer, "output": output, "printed": printed}


def describe_error(error: BaseException, fn: Callable) -> str:
    """The error and where it happened in the student's code (no file paths: they vary): the
    line counted from the first line of the function it happened in, as the student sees it.

    >>> def helper(x):
    ...     return 1 / x
    >>> def search(x):
    ...     return helper(x)
    >>> try:
    ...     search(0)
    ... except ZeroDivisionError as error:
    ...     print(describe_error(error, search))
    it raised ZeroDivisionError: division by zero at line 2 of helper: `return 1 / x`
    """
    where = ""
    try:
        frames = []
        tb = error.__traceback__
        while tb is not None:
            code = tb.tb_frame.f_code
            if not os.path.abspath(code.co_filename).startswith(_PACKAGE):
                frames.append((code, tb.tb_lineno))
            tb = tb.tb_next
        if frames:
            code, lineno = frames[-1]
            line = (linecache.getline(code.co_filename, lineno) or "").strip()
            if code.co_name == "<module>":
                where = " in code outside any function"
            else:
                where = f" at line {max(1, lineno - code.co_firstlineno + 1)} of {code.co_name}"
            where += f": `{_clip(line, 100)}`" if line else ""
    except BaseException:   # noqa: BLE001
        where = ""
    message = _safe_text(error, 200, use_str=True)
    note = ""
    if isinstance(error, TypeError) and "NoneType" in message:
        note = " (one of your calls returned None: is a return statement missing?)"
    return f"it raised {type(error).__name__}: {message}{where}{note}"


def plain_answer(value: Any, depth: int = 0) -> dict:
    """A returned object as plain data that any process can read safely.

    >>> plain_answer(True)["kind"], plain_answer(10**5000)["text"], plain_answer(float("nan"))["kind"]
    ('bool', 'a 5,001-digit integer', 'nan')
    """
    kind = type(value)
    if value is None:
        return {"kind": "none", "text": "None"}
    if kind is bool:
        return {"kind": "bool", "text": "True" if value else "False"}
    if kind is LabNode:
        return {"kind": "node", "text": f"a node ({_clip(value._label, 20)})"}
    try:
        if issubclass(kind, numbers.Integral):
            return _plain_int(int.__int__(value) if isinstance(value, int) else int(value))
        if issubclass(kind, numbers.Real):
            number = float.__float__(value) if isinstance(value, float) else float(value)
            if math.isnan(number):
                return {"kind": "nan", "text": "nan (not a number)"}
            if math.isinf(number):
                sign = 1 if number > 0 else -1
                return {"kind": "inf", "text": "inf" if sign > 0 else "-inf", "sign": sign}
            return {"kind": "float", "text": repr(number), "number": number}
    except BaseException:   # noqa: BLE001 - a number that cannot be read is shown as an object
        pass
    if kind in (list, tuple) and depth < 2 and len(value) <= 20:
        items = [plain_answer(item, depth + 1) for item in value]
        inside = ", ".join(item["text"] for item in items)
        text = f"[{inside}]" if kind is list else f"({inside}{',' if len(items) == 1 else ''})"
        return {"kind": "list", "text": _clip(text, _TEXT), "items": items}
    return {"kind": "object", "text": _safe_text(value, _TEXT)}


def _plain_int(number: int) -> dict:
    if abs(number) < 10**30:
        return {"kind": "int", "text": str(number), "number": number}
    digits = int(number.bit_length() * 0.30102999566398120) + 1
    if abs(number) >= 10**digits:
        digits += 1
    elif abs(number) < 10**(digits - 1):
        digits -= 1
    return {"kind": "bigint", "text": f"a {digits:,}-digit integer"}


def _safe_text(value: Any, limit: int, *, use_str: bool = False) -> str:
    """repr (or str) of any object, made safely: a failing or endless one is described instead."""
    try:
        text = (str if use_str else repr)(value)
        if type(text) is not str:
            raise TypeError
    except BaseException as error:   # noqa: BLE001
        return f"a {_clip(type(value).__name__, 40)} object (showing it raised {type(error).__name__})"
    return _clip(text, limit)


def _clip(text: str, limit: int) -> str:
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= limit else text[:limit - 3] + "..."


# -- plain data between the checker and a sealed process -----------------------------------------

def pack(data: Any, depth: int = 0) -> Any:
    """Arguments as JSON that keeps tuples apart from lists (``unpack`` undoes it).

    >>> unpack(json.loads(json.dumps(pack((1, [2.5, "x"], None, -math.inf)))))
    (1, [2.5, 'x'], None, -inf)
    """
    if depth > 60:
        raise ValueError("data nested too deep")
    if data is None or type(data) in (bool, int, float, str):
        return data
    if isinstance(data, tuple):
        return {"t": [pack(item, depth + 1) for item in data]}
    if isinstance(data, list):
        return [pack(item, depth + 1) for item in data]
    if isinstance(data, dict):
        return {"d": [[pack(k, depth + 1), pack(v, depth + 1)] for k, v in data.items()]}
    if isinstance(data, numbers.Integral):
        return int(data)
    if isinstance(data, numbers.Real):
        return float(data)
    raise TypeError(f"cannot send a {type(data).__name__} to a sealed process")


def unpack(data: Any, depth: int = 0) -> Any:
    """The data :func:`pack` packed (ValueError when it is not such data)."""
    if depth > 60:
        raise ValueError("data nested too deep")
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [unpack(item, depth + 1) for item in data]
    if type(data) is dict and list(data) == ["t"] and type(data["t"]) is list:
        return tuple(unpack(item, depth + 1) for item in data["t"])
    if type(data) is dict and list(data) == ["d"] and type(data["d"]) is list:
        return {unpack(k, depth + 1): unpack(v, depth + 1) for k, v in data["d"]}
    raise ValueError("not packed data")


def _call_message(call: Call) -> dict:
    return {"args": pack(call.args), "shape": pack(call.shape), "values": pack(call.values),
            "budget": call.budget}


def _call_of(message: dict) -> Call:
    return Call(unpack(message["args"]), unpack(message["shape"]), unpack(message["values"]),
                message["budget"])


def batch_request(name: str, calls: list[Call], adapter: str | None = None) -> bytes:
    """The line asking a sealed process (:func:`serve`) to run ``name`` on ``calls``."""
    return json.dumps({"op": "calls", "name": name, "adapter": adapter,
                       "calls": [_call_message(call) for call in calls]}).encode() + b"\n"


ADAPTERS = {"chance": ("mmlib.check.expectimax", "_student_call")}
"""Wrappers a sealed process may put around a student's function: name -> (module, function)."""


def serve(namespace: dict, channel: _Channel, capture: _Capture) -> None:
    """The sealed process's side: answer the requests read from ``channel`` until it closes.

    ``{"op": "calls", "name": ..., "calls": [...]}`` runs ``namespace[name]`` on each call and
    sends one ``r`` line per call (value requests go up as ``v`` lines, as from a forked child);
    ``{"op": "get", "name": ...}`` sends ``g`` and what ``name`` is: a function, plain data, or
    missing.
    """
    while True:
        line = channel.down.readline()
        if not line:
            return
        request = json.loads(line)
        name = request["name"]
        if request["op"] == "get":
            channel.send(b"g " + json.dumps(describe_name(namespace, name)).encode())
            continue
        fn = namespace.get(name, _missing(name))
        if request.get("adapter") in ADAPTERS:
            import importlib
            module, wrapper = ADAPTERS[request["adapter"]]
            fn = getattr(importlib.import_module(module), wrapper)(fn)
        for number, message in enumerate(request["calls"]):
            result = _run_one(fn, _call_of(message), channel, capture)
            result["call"] = number
            channel.send(b"r " + json.dumps(result).encode())


def _missing(name: str) -> Callable:
    def missing(*args: Any) -> Any:
        raise NameError(f"name '{name}' is not defined")
    return missing


DATA_LIMIT = 20_000
"""Characters of JSON a sealed process may send for one value the grader asks of it."""


def describe_name(namespace: dict, name: str) -> dict:
    """What ``name`` is in ``namespace``, as the grader may learn it: a function, plain data, or missing."""
    if name not in namespace:
        return {"missing": f"`{name}` is not defined"}
    value = namespace[name]
    if callable(value):
        return {"callable": True}
    try:
        data = pack(value)
        if len(json.dumps(data)) > DATA_LIMIT:
            raise ValueError
    except (TypeError, ValueError, RecursionError):
        return {"missing": f"`{name}` is not plain data (text, numbers, lists): {_safe_text(value, 60)}"}
    return {"value": data}


# -- the sealed process: run the notebook, then serve ---------------------------------------------

def _drop_privileges() -> None:
    """As root (inside a sandbox that kept only these two capabilities), become nobody."""
    if os.getuid() == 0:
        os.setgroups([])
        os.setgid(65534)
        os.setuid(65534)
        if os.getuid() == 0 or os.geteuid() == 0:
            raise RuntimeError("could not drop root")


def _limit(limits: dict) -> None:
    if resource is None:
        return
    for key, which in (("memory", "RLIMIT_AS"), ("cpu", "RLIMIT_CPU"), ("processes", "RLIMIT_NPROC"),
                       ("file_size", "RLIMIT_FSIZE"), ("files", "RLIMIT_NOFILE"), ("core", "RLIMIT_CORE")):
        if key in limits and hasattr(resource, which):
            value = int(limits[key])
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(getattr(resource, which), (value, value))


def run_cells(cells: list[str], namespace: dict, *, skip: set[int], checker_calls: Callable[[Any], bool],
              report: Callable[[str, Any], None]) -> None:
    """Run a notebook's code cells top to bottom in ``namespace``, as a kernel would: a cell that
    raises stops there (the next cell still runs); cells in ``skip`` and statements that call
    the checker are left out.  ``report("cell", n)`` before each cell, ``report("note", text)``
    for each thing left out or stopped."""
    import __future__

    import ast

    flags = 0                       # `from __future__ import ...` holds for the later cells, as in a kernel
    for number, source in enumerate(cells, start=1):
        if number in skip:
            continue
        report("cell", number)
        code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
        filename = f"<cell {number}>"
        linecache.cache[filename] = (len(code), None, [line + "\n" for line in code.splitlines()], filename)
        try:
            tree = ast.parse(code, filename)
        except SyntaxError as error:
            report("note", f"cell {number} was not run: syntax error on line {error.lineno}")
            continue
        for stmt in tree.body:
            if checker_calls(stmt):
                continue
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
                for alias in stmt.names:
                    flags |= getattr(getattr(__future__, alias.name, None), "compiler_flag", 0)
            try:
                exec(compile(ast.Module([stmt], []), filename, "exec", flags=flags), namespace)
            except BaseException as error:   # noqa: BLE001 - a cell that raises stops, as in a kernel
                text = (ast.get_source_segment(code, stmt) or "").splitlines()[0][:60]
                report("note", f"cell {number} stopped at line {stmt.lineno} (`{text}`): "
                               f"{type(error).__name__}: {_safe_text(error, 160, use_str=True)}; "
                               "the rest of that cell was not run")
                break


def sandbox_main(job_path: str) -> None:
    """Entry point of a sealed process: fd 0 and fd 1 are the channel to the grader."""
    down_fd, up = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    with open(job_path) as handle:
        job = json.load(handle)
    if job.get("drop_privileges", True):
        _drop_privileges()
    _limit(job.get("limits", {}))
    capture = _Capture()
    sys.stdin = io.StringIO("")
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = capture  # type: ignore[misc,assignment]
    builtins.input = _no_input
    builtins.exit = builtins.quit = sys.exit    # type: ignore[assignment]  # `python -S` has none
    channel = _Channel(up, down_fd)
    faulthandler.disable()

    def report(kind: str, data: Any) -> None:
        channel.send(b"n " + json.dumps({"kind": kind, "data": data}).encode())

    def checker_calls(stmt: Any) -> bool:
        import ast
        return any(isinstance(node, ast.Attribute) and node.attr.startswith("check_")
                   and isinstance(node.value, ast.Name) and node.value.id == "check"
                   for node in ast.walk(stmt))

    namespace: dict = {"__name__": "__main__", "display": lambda *args, **kwargs: None}
    run_cells(job["cells"], namespace, skip=set(job.get("skip", [])), checker_calls=checker_calls,
              report=report)
    capture.take()
    channel.send(b"ready")
    serve(namespace, channel, capture)
