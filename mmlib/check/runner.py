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
import traceback
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

__all__ = ["TIME_LIMIT", "MEMORY_LIMIT", "OUTPUT_LIMIT", "Call", "Answer", "Outcome", "run_calls",
           "isolated"]

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


# -- the parent: fork, serve values, read outcomes, kill ---------------------------------------

def run_calls(fn: Callable, calls: Sequence[Call], *, time_limit: float = TIME_LIMIT,
              memory_limit: int = MEMORY_LIMIT) -> Generator[Outcome, None, None]:
    """Run ``fn`` on each call in a child process; yield the outcomes in order.

    Stop iterating (or close the iterator) to stop early: the child is killed.
    """
    time_limit = seconds("time_limit", time_limit, maximum=3600)
    memory_limit = integer("memory_limit", memory_limit, minimum=1 << 20)
    calls = list(calls)
    if not hasattr(os, "fork"):
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

    def __enter__(self) -> _Child:
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
        self.kill()
        for fd in (self.up, self.down):
            with contextlib.suppress(OSError):
                os.close(fd)

    def kill(self) -> None:
        """Kill the child and everything it started (its process group), and reap it."""
        if self.status is not None:
            return
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(OSError):
                kill(self.pid, signal.SIGKILL)
        _, self.status = os.waitpid(self.pid, 0)

    def outcomes(self) -> Iterator[Outcome]:
        for number, call in enumerate(self.calls):
            outcome = self.serve(number, call)
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
                    f"it did not finish within {self.time_limit:g} seconds, so it was stopped: "
                    "a loop that never ends?"))
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
    """Linux: the child gets SIGKILL if the notebook's process dies."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))   # PR_SET_PDEATHSIG


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
    """The error and where it happened in the student's code (no file paths: they vary)."""
    try:
        code = getattr(fn, "__code__", None)
        frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                  if not os.path.abspath(frame.filename).startswith(_PACKAGE)]
        where = ""
        if frames:
            frame = frames[-1]
            line = (linecache.getline(frame.filename, frame.lineno or 0) or "").strip()
            if code is not None and frame.filename == code.co_filename and frame.lineno:
                where = f" at line {frame.lineno - code.co_firstlineno + 1} of {frame.name}"
            else:
                where = f" in {frame.name}"
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
