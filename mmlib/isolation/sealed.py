"""The sealed process's side of grading: the notebook runs, then answers the grader's requests.

A sealed process (:class:`mmlib.isolation.sandbox.Sandbox`) runs :func:`sandbox_main`: the student's
notebook top to bottom (:func:`run_cells`), then :func:`serve`: it runs one of the notebook's
functions on a batch of calls, or says what one of its names is, in plain data (:func:`pack`)
that the grader checks on arrival.  Nothing here trusts the grader's side to be in this process.

>>> name_facts({"depth": 3, "search": len}, "depth"), name_facts({}, "search")
({'value': 3}, {'missing': '`search` is not defined'})
"""

from __future__ import annotations

import builtins
import contextlib
import faulthandler
import io
import json
import linecache
import numbers
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .child import Call, Capture, Channel, no_input, run_one, safe_text

if TYPE_CHECKING:
    pass

try:
    import resource
except ImportError:                      # not on Windows
    resource = None  # type: ignore[assignment]

__all__ = ["pack", "unpack", "batch_request", "ADAPTERS", "serve", "name_facts", "run_cells", "is_quick",
           "sandbox_main"]


def pack(data: Any, depth: int = 0) -> Any:
    """Arguments as JSON that keeps tuples apart from lists (``unpack`` undoes it).

    >>> import math
    >>> unpack(json.loads(json.dumps(pack((1, [2.5, "x"], None, -math.inf)))))
    (1, [2.5, 'x'], None, -inf)
    >>> unpack(json.loads(json.dumps(pack([{"B", "A"}, frozenset({3})])))) == [{"A", "B"}, frozenset({3})]
    True
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
    if isinstance(data, set | frozenset):
        return {"f" if isinstance(data, frozenset) else "s": [pack(item, depth + 1) for item in data]}
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
    if type(data) is dict and list(data) in (["s"], ["f"]) and type(next(iter(data.values()))) is list:
        try:
            items = {unpack(item, depth + 1) for item in next(iter(data.values()))}
        except TypeError as error:                       # an unhashable item
            raise ValueError("not packed data") from error
        return frozenset(items) if "f" in data else items
    raise ValueError("not packed data")


def _call_message(call: Call) -> dict[str, Any]:
    """A call as the sealed process gets it: the arguments and the tree's shape, never its values
    (each value it reads is asked of the grader, which records the read), so nothing in its
    process tells it more about a case than the function must read."""
    return {"args": pack(call.args), "shape": pack(call.shape), "budget": call.budget}


def _call_of(message: dict[str, Any]) -> Call:
    return Call(unpack(message["args"]), unpack(message["shape"]), (), message["budget"])


def batch_request(name: str, calls: list[Call], adapter: str | None = None) -> bytes:
    """The line asking a sealed process (:func:`serve`) to run ``name`` on ``calls``."""
    return json.dumps({"op": "calls", "name": name, "adapter": adapter,
                       "calls": [_call_message(call) for call in calls]}).encode() + b"\n"


ADAPTERS = {"chance": ("mmlib.check.expectimax", "_student_call"),
            "budget": ("mmlib.check.deepening", "held_to_budget")}
"""Wrappers a sealed process may put around a student's function: name -> (module, function)."""


def serve(namespace: dict[str, Any], channel: Channel, capture: Capture) -> None:
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
            channel.send(b"g " + json.dumps(name_facts(namespace, name)).encode())
            continue
        fn = namespace.get(name, _missing(name))
        if request.get("adapter") in ADAPTERS:
            import importlib
            module, wrapper = ADAPTERS[request["adapter"]]
            fn = getattr(importlib.import_module(module), wrapper)(fn)
        for number, message in enumerate(request["calls"]):
            result = run_one(fn, _call_of(message), channel, capture)
            result["call"] = number
            channel.send(b"r " + json.dumps(result).encode())


def _missing(name: str) -> Callable[..., Any]:
    def missing(*args: Any) -> Any:
        raise NameError(f"name '{name}' is not defined")
    return missing


DATA_LIMIT = 20_000
"""Characters of JSON a sealed process may send for one value the grader asks of it."""


def name_facts(namespace: dict[str, Any], name: str) -> dict[str, Any]:
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
        return {"missing": f"`{name}` is not plain data (text, numbers, lists, tuples, sets, dicts): "
                           f"{safe_text(value, 60)}"}
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


def _limit(limits: dict[str, Any]) -> None:
    if resource is None:
        return
    for key, which in (("memory", "RLIMIT_AS"), ("cpu", "RLIMIT_CPU"), ("processes", "RLIMIT_NPROC"),
                       ("file_size", "RLIMIT_FSIZE"), ("files", "RLIMIT_NOFILE"), ("core", "RLIMIT_CORE")):
        if key in limits and hasattr(resource, which):
            value = int(limits[key])
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(getattr(resource, which), (value, value))


class _Shell:
    """``get_ipython()`` in a sealed process: what the notebook's magics and shell lines became
    (IPython's transformation, :mod:`mmlib.course.cells`) run here.  ``%time``, ``%timeit`` and
    ``%prun`` run their statement once; shell commands and every other magic do nothing."""

    RUN = ("time", "timeit", "prun")
    WITH_VALUE = {"timeit": "nrps", "prun": "lsTD"}     # the options that take a value

    def __init__(self, namespace: dict[str, Any]):
        self._namespace = namespace

    @classmethod
    def statement(cls, name: str, line: str) -> str:
        """The statement of ``%name line`` without the magic's options.

        >>> _Shell.statement("timeit", "-n 10 -r 3 -o minimax(root, 2, True)")
        'minimax(root, 2, True)'
        """
        words = line.strip()
        while words.startswith("-") and name in cls.WITH_VALUE:
            option, _, words = words.partition(" ")
            if option[1:] and option[-1] in cls.WITH_VALUE[name] and len(option) == 2:
                words = words.lstrip().partition(" ")[2]
            words = words.lstrip()
        return words

    def run_line_magic(self, name: str, line: str, _stack_depth: int = 1) -> Any:
        if name in self.RUN and isinstance(line, str) and line.strip():
            code = compile(self.statement(name, line), "<magic>", "exec")
            # %time keeps what the statement assigns; %timeit and %prun run it inside a function
            exec(code, self._namespace, None if name == "time" else {})
        return None

    def run_cell_magic(self, name: str, line: str, cell: str) -> None:
        return None

    def system(self, command: str) -> None:
        return None

    def getoutput(self, command: str, split: bool = True, depth: int = 0) -> list[str]:
        return []


def is_quick(stmt: Any) -> bool:
    """A statement kept when its cell is too slow: a definition, an import, or an assignment whose
    right side calls nothing (``PLAYERS = 2``, ``pruned = "C D"``, ``INF = math.inf``).

    >>> import ast
    >>> [is_quick(s) for s in ast.parse("def f(): pass\\nx = [1, 2]\\ny = f()\\nfor i in x: pass").body]
    [True, True, False, False]
    """
    import ast

    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Import | ast.ImportFrom):
        return True
    if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
        return not any(isinstance(node, ast.Call) for node in ast.walk(stmt.value))
    return False


def run_cells(cells: list[str], namespace: dict[str, Any], *, skip: set[int],
              checker_calls: Callable[[Any], bool], report: Callable[[str, Any], None],
              quick: set[int] | None = None) -> None:
    """Run a notebook's cells (as the Python a kernel runs, :func:`mmlib.course.cells.cell_code`;
    "" for Markdown) top to bottom in ``namespace``, as a kernel would: a cell that raises stops
    there (the next cell still runs); cells in ``skip`` and statements that call the checker are
    left out; of the cells in ``quick`` (too slow to run whole) only the :func:`is_quick`
    statements run.  ``report("cell", n)`` before each cell, ``report("note", text)`` for each
    thing left out or stopped."""
    import __future__

    import ast

    quick = quick or set()
    flags = 0                       # `from __future__ import ...` holds for the later cells, as in a kernel
    for number, code in enumerate(cells, start=1):
        if number in skip or not code.strip():
            continue
        report("cell", number)
        filename = f"<cell {number}>"
        linecache.cache[filename] = (len(code), None, [line + "\n" for line in code.splitlines()], filename)
        try:
            tree = ast.parse(code, filename)
        except SyntaxError as error:
            report("note", f"cell {number} was not run: syntax error on line {error.lineno}")
            continue
        for stmt in tree.body:
            if checker_calls(stmt) or number in quick and not is_quick(stmt):
                continue
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
                for alias in stmt.names:
                    flags |= getattr(getattr(__future__, alias.name, None), "compiler_flag", 0)
            try:
                exec(compile(ast.Module([stmt], []), filename, "exec", flags=flags), namespace)
            except BaseException as error:   # noqa: BLE001 - a cell that raises stops, as in a kernel
                text = (ast.get_source_segment(code, stmt) or "").splitlines()[0][:60]
                report("note", f"cell {number} stopped at line {stmt.lineno} (`{text}`): "
                               f"{type(error).__name__}: {safe_text(error, 160, use_str=True)}; "
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
    capture = Capture()
    sys.stdin = io.StringIO("")
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = capture  # type: ignore[misc,assignment]
    builtins.input = no_input
    builtins.exit = builtins.quit = sys.exit    # type: ignore[assignment]  # `python -S` has none
    channel = Channel(up, down_fd)
    faulthandler.disable()

    def report(kind: str, data: dict[str, Any]) -> None:
        channel.send(b"n " + json.dumps({"kind": kind, "data": data}).encode())

    def checker_calls(stmt: Any) -> bool:
        import ast
        return any(isinstance(node, ast.Attribute) and node.attr.startswith("check_")
                   and isinstance(node.value, ast.Name) and node.value.id == "check"
                   for node in ast.walk(stmt))

    namespace: dict[str, Any] = {"__name__": "__main__", "display": lambda *args, **kwargs: None}
    shell = _Shell(namespace)
    namespace["get_ipython"] = lambda: shell
    for folder in job.get("path", []):          # the scientific packages the lab allows
        sys.path.append(folder)
    run_cells(job["cells"], namespace, skip=set(job.get("skip", [])), checker_calls=checker_calls,
              report=report, quick=set(job.get("quick", [])))
    capture.take()
    channel.send(b"ready")
    serve(namespace, channel, capture)
