"""The child's side of running student code: isolate the process, call, report plain data.

:mod:`mmlib.isolation.runner` forks a child (or a sealed process, :mod:`mmlib.isolation.sealed`, is
started) that runs the student's function; everything here runs in that child.  What the
function returned or raised leaves it as plain data (:func:`plain_answer`,
:func:`describe_error`), what it printed is captured (:class:`Capture`), and every node value
it reads is asked of the parent over the channel.

>>> plain_answer([1, 2.5, None])["text"]
'[1, 2.5, None]'
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import faulthandler
import io
import json
import linecache
import math
import numbers
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .nodes import LabNode, Shape, Stop, build_nodes

try:                                     # imported here, not in the child (no import after fork)
    import resource
except ImportError:                      # not on Windows
    resource = None  # type: ignore[assignment]

__all__ = ["OUTPUT_LIMIT", "Call", "child_main", "isolated", "run_one", "describe_error", "plain_answer",
           "Channel", "Capture", "safe_text", "clip", "no_input"]

OUTPUT_LIMIT = 2_000
"""Characters of printed output kept per call (the rest is counted, not kept)."""

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TEXT = 60                                   # longest text shown for a returned object



@dataclass(frozen=True)
class Call:
    """One call: ``args`` (plain data: numbers, strings, lists of those) and, with ``shape``,
    a tree whose root node is passed first, its node values served from ``values``.
    ``budget`` caps the node accesses (a loop over the nodes that never ends is stopped)."""

    args: tuple[Any, ...] = ()
    shape: Shape | None = None
    values: tuple[Any, ...] = ()
    budget: int | None = None



# -- the child: isolate, run, report plain data ------------------------------------------------

def child_main(fn: Callable[..., Any], calls: list[Call], up: int, down: int, up_read: int, down_write: int,
                time_limit: float, memory_limit: int) -> None:
    """Run the calls and send the outcomes; always ends the process with os._exit."""
    try:
        os.close(up_read)
        os.close(down_write)
        channel = Channel(up, down)
        capture = Capture()
        isolated(memory_limit, cpu_seconds=time_limit * len(calls) + 10, capture=capture)
        for number, call in enumerate(calls):
            message = run_one(fn, call, channel, capture)
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
    builtins.input = no_input
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


def no_input(prompt: object = "") -> str:
    raise RuntimeError("input() is not available while your function is checked")


class Channel:
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

    def __init__(self, channel: Channel, budget: int | None):
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


class Capture(io.TextIOBase):
    """Bounded capture of printed text: keeps the first OUTPUT_LIMIT characters, counts lines."""

    def __init__(self) -> None:
        self.start()

    def start(self) -> None:
        self.kept: list[str] = []
        self.size = 0
        self.lines = 0

    def write(self, text: str) -> int:
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


def run_one(fn: Callable[..., Any], call: Call, channel: Channel | None, capture: Capture,
             source: Any = None) -> dict[str, Any]:
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
        kind, detail = "exit", (f"it called sys.exit({safe_text(stop.code, 20)}): a search function "
                                "must return a value")
    except BaseException as error:   # noqa: BLE001 - any failure of student code is reported
        kind, detail = "error", describe_error(error, fn)
    if kind != "runaway" and _ran_away(source, call.budget):
        kind, detail, answer = "runaway", "", None   # it caught the stop and went on: still a runaway
    output, printed = capture.take()
    return {"kind": kind, "detail": detail, "answer": answer, "output": output, "printed": printed}


def _ran_away(source: str, budget: int | None) -> bool:
    """Whether the call spent its budget of node accesses: marked so by the source, or more
    accesses counted than the checker's own ``budget`` allowed (a function that lifted the
    budget its nodes hold, or cleared the mark, still ran away)."""
    if getattr(source, "ran_away", False) is True:
        return True
    touches = getattr(source, "_touches", getattr(source, "touches", 0))
    return budget is not None and type(touches) is int and touches > budget


def describe_error(error: BaseException, fn: Callable[..., Any]) -> str:
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
            where += f": `{clip(line, 100)}`" if line else ""
    except BaseException:   # noqa: BLE001
        where = ""
    message = safe_text(error, 200, use_str=True)
    note = ""
    if isinstance(error, TypeError) and "NoneType" in message:
        note = " (one of your calls returned None: is a return statement missing?)"
    return f"it raised {type(error).__name__}: {message}{where}{note}"


def plain_answer(value: Any, depth: int = 0) -> dict[str, Any]:
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
        return {"kind": "node", "text": f"a node ({clip(value._label, 20)})"}
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
        return {"kind": "list", "text": clip(text, _TEXT), "items": items}
    return {"kind": "object", "text": safe_text(value, _TEXT)}


def _plain_int(number: int) -> dict[str, Any]:
    if abs(number) < 10**30:
        return {"kind": "int", "text": str(number), "number": number}
    digits = int(number.bit_length() * 0.30102999566398120) + 1
    if abs(number) >= 10**digits:
        digits += 1
    elif abs(number) < 10**(digits - 1):
        digits -= 1
    return {"kind": "bigint", "text": f"a {digits:,}-digit integer"}


def safe_text(value: object, limit: int, *, use_str: bool = False) -> str:
    """repr (or str) of any object, made safely: a failing or endless one is described instead."""
    try:
        text = (str if use_str else repr)(value)
        if type(text) is not str:
            raise TypeError
    except BaseException as error:   # noqa: BLE001
        return f"a {clip(type(value).__name__, 40)} object (showing it raised {type(error).__name__})"
    return clip(text, limit)


def clip(text: str, limit: int) -> str:
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= limit else text[:limit - 3] + "..."


