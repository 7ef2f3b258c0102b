"""Release the labs and grade submitted notebooks, with the students' code sealed.

Each lab has one source, ``instructor/labs/<lab>.md``, in nbgrader's format: answers between
``### BEGIN SOLUTION`` and ``### END SOLUTION``, and one **graded part** per hidden-test cell,
a cell with nbgrader's metadata (``grade: true``, ``grade_id``, ``points``) whose lines sit
between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``.  A part scores its points iff
its hidden test raises nothing (and, when it ends with an :mod:`mmlib.check` report, the report
passed); what the check printed is the feedback.  Student notebooks and solutions never contain
these cells (``instructor/make_labs.py`` leaves them out).

``python instructor/grading.py release`` writes the student notebooks and solutions (through
``make_labs``) and, for each lab, the autograder notebook ``release/autograder/<lab>.ipynb``.

``python instructor/grading.py grade SUBMISSIONS [--out GRADES]`` grades every ``*.ipynb``
below ``SUBMISSIONS`` and writes ``GRADES/scores.csv`` (one row per part and a total per
submission) and ``GRADES/<submission>/results.json`` in Gradescope's format.

How a submission is graded, and why it cannot forge its score:

- the student's notebook runs top to bottom, as in the notebook (constants, helpers, default
  arguments, classes, imports all work; the lab's own check calls are left out, a cell that
  raises stops there as in a kernel, and the feedback names what was left out and why) inside a
  **sandbox** (:class:`Sandbox`, bubblewrap): user nobody, its own PID, network, IPC and mount
  namespaces, only the Python runtime and the parts of mmlib the lab allows mounted read-only
  (:data:`SANDBOX_MODULES`; the searches the lab asks for are not there), its inputs, a
  private scratch folder as its only writable place, limits on memory, processor time,
  processes and file size, killed as a whole at the checker's wall-clock limit;
- the checker and the hidden tests run in another process that holds no student code: it calls
  the student's functions in the sandbox over a channel (:mod:`mmlib.check.runner`'s protocol)
  that carries only plain data, checked on arrival, and computes the verdict itself;
- that process reports to this one over a validated channel (:func:`read_results`): known part
  ids, once each, a score within the part's points; a malformed message fails only what it
  concerns, and the run goes on for everybody else.

Where bubblewrap is missing, ``grade`` refuses to run unless given ``--weaker-isolation``
(a plain process with the same limits; every result then says so).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import csv
import json
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import nbformat

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import make_labs  # noqa: E402

from mmlib.check import runner  # noqa: E402

__all__ = ["Part", "Result", "Graded", "Sandbox", "RemoteFunction", "parts", "lab_of", "grade_notebook",
           "grade_folder", "read_results", "bwrap_available", "autograder", "release",
           "TIME_LIMIT", "MEMORY_LIMIT", "SANDBOX_MODULES"]

TIME_LIMIT = 120.0
"""Wall-clock seconds one submission may take to grade, all parts together."""
MEMORY_LIMIT = 4 << 30
"""Bytes of address space the process grading one submission may use."""

HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"


# -- the graded parts, from the lab's source ---------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One graded part of a lab: nbgrader's ``grade_id``, its ``points`` and the hidden test."""

    grade_id: str
    points: float
    test: str


is_hidden_test = make_labs.is_hidden_test


def hidden_code(source: str) -> str:
    """The lines between the hidden-test markers.

    >>> hidden_code("### BEGIN HIDDEN TESTS\\ncheck.check_minimax(minimax)\\n### END HIDDEN TESTS")
    'check.check_minimax(minimax)'
    """
    lines = source.splitlines()
    return "\n".join(lines[lines.index(HIDDEN_BEGIN) + 1: lines.index(HIDDEN_END)])


def parts(name: str, *, root: Path = ROOT) -> list[Part]:
    """The graded parts of lab ``name``, in order."""
    source = make_labs.read_source(name, root / "instructor" / "labs")
    return [Part(cell.metadata["nbgrader"]["grade_id"], float(cell.metadata["nbgrader"]["points"]),
                 hidden_code(cell.source))
            for cell in source.cells if is_hidden_test(cell)]


# -- what a lab's student code may see -----------------------------------------------------------

SANDBOX_MODULES: dict[str, tuple[str, ...]] = {
    "lab1_minimax": ("mmlib.trees",),
    "lab2_alphabeta": ("mmlib.trees",),
    "lab3_tictactoe_evaluator": ("mmlib.games",),
    "lab4_expectimax": ("mmlib.check.expectimax",),
    "lab5_move_ordering": ("mmlib.check.ordering",),
    "lab6_anytime_agent": ("mmlib.check.deepening",),
    "lab7_transposition_table": ("mmlib.games", "mmlib.table"),
}
"""The parts of mmlib each lab's code may import while it is graded (with what they import);
every other part of mmlib is simply not there.  The checker's own node interface
(``mmlib.check.nodes``) and the protocol (``mmlib.check.runner``) are always there."""

WITHHELD: dict[str, dict[str, tuple[str, ...]]] = {
    "lab4_expectimax": {"mmlib.beyond.chance": ("*",),
                        "mmlib.search.algorithms": ("minimax", "alphabeta", "negamax", "move_values",
                                                    "iterative_deepening", "quiescence")},
    "lab5_move_ordering": {"mmlib.search.algorithms": ("minimax", "alphabeta", "negamax", "move_values",
                                                       "iterative_deepening", "quiescence"),
                           "mmlib.check.ordering": ("_best_first", "check_ordering"),
                           "mmlib.games.connect4": ("CentreFirst.order",)},
    "lab6_anytime_agent": {"mmlib.check.deepening": ("reference_move", "iterations", "_models"),
                           "mmlib.search.algorithms": ("iterative_deepening",),
                           "mmlib.beyond.anytime": ("anytime",)},
}
"""Functions (and "Class.method"s) of shipped modules whose body is replaced by an error, per lab:
the searches and orderings a lab asks for, where a shipped module cannot do without their module
("*": every function of the module)."""

ALWAYS = ("mmlib.check.runner", "mmlib.check.nodes", "mmlib.errors")
STAND_INS = ("mmlib", "mmlib.check")


def _module_file(root: Path, module: str) -> Path | None:
    path = root.joinpath(*module.split("."))
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return path.with_suffix(".py") if path.with_suffix(".py").is_file() else None


def _top_level(body: list[ast.stmt]) -> Any:
    for stmt in body:
        if isinstance(stmt, ast.If | ast.Try):
            yield from _top_level(stmt.body)
            for handler in getattr(stmt, "handlers", []):
                yield from _top_level(handler.body)
            yield from _top_level(stmt.orelse)
        else:
            yield stmt


def _imports(root: Path, module: str) -> set[str]:
    """The mmlib modules ``module`` imports when it is loaded (imports inside functions left out)."""
    path = _module_file(root, module)
    assert path is not None, module
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for stmt in _top_level(ast.parse(path.read_text()).body):
        names: list[str] = []
        if isinstance(stmt, ast.ImportFrom):
            base = stmt.module or ""
            if stmt.level:
                parts = package.split(".")[: len(package.split(".")) - stmt.level + 1]
                base = ".".join(parts + ([stmt.module] if stmt.module else []))
            names = [base] + [f"{base}.{alias.name}" for alias in stmt.names]
        elif isinstance(stmt, ast.Import):
            names = [alias.name for alias in stmt.names]
        found |= {name for name in names if name.startswith("mmlib") and _module_file(root, name)}
    return found - set(STAND_INS)


def sandbox_modules(name: str, *, root: Path = ROOT) -> set[str]:
    """Every mmlib module shipped into lab ``name``'s sandbox: what the lab allows and what that imports."""
    todo = list(SANDBOX_MODULES[name]) + list(ALWAYS)
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += _imports(root, module)
    return seen


class _Hollow(ast.NodeTransformer):
    """Replace the bodies of the named top-level functions ("*": all of them) and methods
    ("Class.method") by an error saying they are not available."""

    def __init__(self, module: str, names: tuple[str, ...]):
        self.module, self.names = module, names

    def _hollow(self, function: ast.FunctionDef, name: str) -> None:
        message = f"{self.module}.{name} is not available while this lab is graded"
        function.body = [ast.Raise(ast.Call(ast.Name("RuntimeError", ast.Load()),
                                            [ast.Constant(message)], []), None)]

    def visit_Module(self, node: ast.Module) -> ast.Module:
        for stmt in node.body:
            if isinstance(stmt, ast.FunctionDef) and ("*" in self.names or stmt.name in self.names):
                self._hollow(stmt, stmt.name)
            if isinstance(stmt, ast.ClassDef):
                for method in stmt.body:
                    dotted = f"{stmt.name}.{getattr(method, 'name', '')}"
                    if isinstance(method, ast.FunctionDef) and dotted in self.names:
                        self._hollow(method, dotted)
        return node


STAND_IN_MMLIB = '''"""mmlib as graded lab code sees it: only the parts this lab allows are here."""
import importlib.abc
import importlib.machinery
import sys
import types

from .errors import MmlibError  # noqa: F401

SHIPPED = {shipped!r}


class _Absent(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"{{self.__name__}} is not available while this lab is graded "
                             f"(graded code may use {allowed})")


class _AbsentFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith("mmlib.") and fullname not in SHIPPED:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _Absent(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


sys.meta_path.append(_AbsentFinder())

for _name in {order!r}:            # the order the whole package imports them in (no import cycle)
    if f"mmlib.{{_name}}" in SHIPPED:
        try:
            importlib.import_module(f"mmlib.{{_name}}")
        except Exception:  # noqa: BLE001 - its import fails again, with its message, where it is used
            pass


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return importlib.import_module(f"{{__name__}}.{{name}}")
'''

STAND_IN_CHECK = '''"""The lab checker runs in the grader, not here: only the node interface is."""
import importlib

from ..errors import CheckFailed  # noqa: F401
from .nodes import LabNode, lab_tree  # noqa: F401


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if name.startswith("check"):
        raise AttributeError(f"mmlib.check.{{name}} runs in the grader, not in graded code")
    return importlib.import_module(f"{{__name__}}.{{name}}")
'''


def _import_order(root: Path) -> list[str]:
    """The subpackages mmlib's own ``__init__`` imports, in order."""
    source = ast.parse((root / "mmlib" / "__init__.py").read_text())
    return [alias.name for stmt in source.body if isinstance(stmt, ast.ImportFrom) and stmt.level == 1
            and not stmt.module for alias in stmt.names if alias.name != "check"]


def stage(name: str, target: Path, *, root: Path = ROOT) -> Path:
    """Write the mmlib that lab ``name``'s sealed code sees into ``target``/mmlib; return ``target``."""
    modules = sandbox_modules(name, root=root)
    packages = {".".join(m.split(".")[:i]) for m in modules for i in range(1, len(m.split(".")))}
    withheld = WITHHELD.get(name, {})
    for module in sorted(modules | packages):
        source_path = _module_file(root, module)
        is_package = source_path is not None and source_path.name == "__init__.py" or module in packages
        out = target.joinpath(*module.split("."))
        out = out / "__init__.py" if is_package else out.with_suffix(".py")
        out.parent.mkdir(parents=True, exist_ok=True)
        if module == "mmlib":
            text = STAND_IN_MMLIB.format(shipped=sorted(modules | packages), order=_import_order(root),
                                         allowed=", ".join(SANDBOX_MODULES[name]))
        elif module == "mmlib.check":
            text = STAND_IN_CHECK.format()
        elif module not in modules:        # a package only some of whose modules are here
            text = '"""Only some modules of this package are here while a lab is graded."""\n'
        else:
            assert source_path is not None
            text = source_path.read_text()
            if module in withheld:
                tree = _Hollow(module, withheld[module]).visit(ast.parse(text))
                text = ast.unparse(ast.fix_missing_locations(tree))
        out.write_text(text)
    for path in [target, *target.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return target


# -- the sealed process ---------------------------------------------------------------------------

CELL_TIME = 10.0
"""Seconds the student's notebook may take to run top to bottom before the cell running is left out."""
SANDBOX_MEMORY = 1 << 30
"""Bytes of address space a sealed process may use."""
SCRATCH_BYTES = 16 << 20
"""Bytes the sealed process may write in its scratch folder (its only writable place)."""
EXTRA_PROCESSES = 32
"""Processes a sealed process may start (a fork bomb stops there)."""
NOTES_LIMIT = 40


def bwrap_available() -> bool:
    """True when bubblewrap is installed and can make a sandbox on this machine."""
    if not shutil.which("bwrap"):
        return False
    try:
        probe = subprocess.run(_bwrap_prefix() + ["/bin/true" if Path("/bin/true").exists() else "true"],
                               capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


def _bwrap_prefix() -> list[str]:
    """bwrap's options: new namespaces for everything, no network, nothing mounted but the runtime."""
    runtime = Path(sys.base_prefix)
    command = ["bwrap", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
               "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv",
               "--setenv", "PYTHONHASHSEED", "0", "--ro-bind", str(runtime), "/python"]
    for system in ("/usr/lib", "/usr/lib64", "/usr/lib32"):
        if Path(system).is_dir():
            command += ["--ro-bind", system, system]
    command += ["--symlink", "usr/lib", "/lib", "--proc", "/proc", "--dev", "/dev"]
    if Path("/usr/lib64").is_dir():
        command += ["--symlink", "usr/lib64", "/lib64"]
    if Path("/usr/bin/true").exists():
        command += ["--ro-bind", "/usr/bin/true", "/bin/true"]
    if os.getuid() == 0:        # root: the sealed process drops to nobody itself, keeping no capability
        command += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        command += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
    return command


def _processes_of(uid: int) -> int:
    count = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                count += entry.stat().st_uid == uid
    return count


class Sandbox:
    """A sealed process holding the student's notebook, run top to bottom; restarted when it dies.

    With ``isolation="bwrap"`` it runs in bubblewrap: its own user (nobody), PID, network, IPC
    and mount namespaces, the Python runtime and the lab's part of mmlib read-only, a private
    scratch folder as its only writable place, and limits on memory, processor time, processes
    and file size.  ``isolation="process"`` (only where bubblewrap is missing, and asked for) is
    a plain process with the same limits: weaker, and every result says so.
    """

    def __init__(self, lab: str, cells: list[str], work: Path, *, isolation: str = "bwrap",
                 memory_limit: int = SANDBOX_MEMORY, cell_time: float = CELL_TIME):
        self.lab, self.cells, self.isolation = lab, cells, isolation
        self.memory_limit, self.cell_time = memory_limit, cell_time
        self.stage = stage(lab, work / "lib")
        self.inputs = work / "inputs"
        self.inputs.mkdir(mode=0o755, exist_ok=True)
        self.inputs.chmod(0o755)
        self.scratch = work / "scratch"          # only for isolation="process"
        self.skip: set[int] = set()
        self.quiet: set[int] = set()             # the lab's own cells: what they cannot do here is no news
        self.notes: list[str] = []
        self.process: subprocess.Popen | None = None
        self.buffer = b""
        self.broken: str | None = None

    # the protocol's pipes
    def _line(self, deadline: float) -> bytes | None:
        assert self.process is not None and self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b""
            self.buffer += chunk
            if len(self.buffer) > 1 << 20:
                return b"?"
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def _note(self, text: str) -> None:
        if len(self.notes) < NOTES_LIMIT and text not in self.notes:
            self.notes.append(text)

    def _command(self) -> list[str]:
        boot = ("import sys; sys.path.insert(0, '/grading/lib'); from mmlib.check import runner; "
                "runner.sandbox_main('/grading/inputs/job.json')")
        version = f"python{sys.version_info.major}.{sys.version_info.minor}"
        if self.isolation == "bwrap":
            return _bwrap_prefix() + [
                "--perms", "0755", "--dir", "/grading", "--ro-bind", str(self.stage), "/grading/lib",
                "--ro-bind", str(self.inputs), "/grading/inputs",
                "--perms", "1777", "--size", str(SCRATCH_BYTES), "--tmpfs", "/scratch", "--chdir", "/scratch",
                f"/python/bin/{version}", "-I", "-S", "-B", "-c", boot]
        boot = boot.replace("/grading/lib", str(self.stage)).replace("/grading/inputs", str(self.inputs))
        return [sys.executable, "-I", "-S", "-B", "-c", boot]

    def start(self) -> None:
        """Start the sealed process and run the notebook in it (a cell that never ends is left out)."""
        for _attempt in range(6):
            target_uid = 65534 if os.getuid() == 0 else os.getuid()
            limits = {"memory": self.memory_limit, "cpu": 600, "file_size": SCRATCH_BYTES, "files": 64,
                      "core": 0, "processes": _processes_of(target_uid) + EXTRA_PROCESSES}
            job = {"cells": self.cells, "skip": sorted(self.skip), "limits": limits,
                   "drop_privileges": self.isolation == "bwrap"}
            (self.inputs / "job.json").write_text(json.dumps(job))
            (self.inputs / "job.json").chmod(0o644)
            cwd = None
            if self.isolation != "bwrap":
                self.scratch.mkdir(exist_ok=True)
                cwd = str(self.scratch)
            self.buffer = b""
            self.process = subprocess.Popen(self._command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, cwd=cwd, env={"PYTHONHASHSEED": "0"})
            deadline = time.monotonic() + self.cell_time
            cell = 0
            while True:
                line = self._line(deadline)
                if line == b"ready":
                    return
                kind, data = ("bad", None) if line is None or line in (b"", b"?") else self._message(line)
                if kind == "cell" and isinstance(data, int):
                    cell, deadline = data, time.monotonic() + self.cell_time
                elif kind == "note" and isinstance(data, str):
                    if cell not in self.quiet:
                        self._note(data)
                else:          # the cell being run hung, ended the process or wrote into the channel
                    self.stop()
                    if not cell:
                        self.broken = "the process for your notebook could not start"
                        return
                    self.skip.add(cell)
                    why = (f"it did not finish within {self.cell_time:g} s" if line is None else
                           "it ended the process running it" if line == b"" else
                           "it wrote into the grader's channel")
                    self._note(f"cell {cell} was left out: {why}")
                    break
        self.broken = "your notebook did not finish running top to bottom"

    def _message(self, line: bytes) -> tuple[str, Any]:
        """A note line from the sealed process, checked: ("cell", n), ("note", text) or ("bad", None)."""
        if not line.startswith(b"n "):
            return "bad", None
        try:
            message = json.loads(line[2:])
            kind, data = message["kind"], message["data"]
        except (ValueError, KeyError, TypeError):
            return "bad", None
        if kind == "cell" and type(data) is int and 0 < data <= len(self.cells):
            return kind, data
        if kind == "note" and isinstance(data, str):
            return kind, data[:300]
        return "bad", None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ensure(self) -> None:
        if not self.alive() and not self.broken:
            self.start()

    def stop(self) -> int:
        """Kill the sealed process (bubblewrap takes everything inside with it); its wait status."""
        if self.process is None:
            return 0
        process, self.process = self.process, None
        with contextlib.suppress(OSError):
            process.kill()
        code = process.wait()
        for pipe in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                pipe.close()                                    # type: ignore[union-attr]
        return (-code) if code < 0 else code << 8

    def send(self, request: bytes) -> bool:
        assert self.process is not None and self.process.stdin is not None
        fd = self.process.stdin.fileno()
        view = memoryview(request)
        deadline = time.monotonic() + 10
        os.set_blocking(fd, False)
        while view:
            if time.monotonic() > deadline:
                return False
            if not select.select([], [fd], [], 1)[1]:
                continue
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                continue
            except OSError:
                return False
        return not view

    def ended_pipes(self) -> tuple[int, int]:
        """Descriptors of a channel whose other end has ended (kept open until the next call)."""
        for fd in getattr(self, "_ended", ()):
            with contextlib.suppress(OSError):
                os.close(fd)
        read, write = os.pipe()
        os.close(write)
        self._ended = (read, os.open(os.devnull, os.O_WRONLY))
        return self._ended

    def lookup(self, name: str) -> dict:
        """What ``name`` is in the student's notebook:
        {"callable": True}, {"value": ...} or {"missing": why}."""
        self.ensure()
        if self.broken or not self.alive():
            return {"missing": self.broken or "the process holding your notebook stopped"}
        if not self.send(json.dumps({"op": "get", "name": name}).encode() + b"\n"):
            self.stop()
            return {"missing": "the process holding your notebook stopped answering"}
        line = self._line(time.monotonic() + 10)
        try:
            assert line is not None and line.startswith(b"g ") and not self.buffer
            answer = json.loads(line[2:])
            assert isinstance(answer, dict) and len(answer) == 1
            if "value" in answer:
                answer = {"value": runner.unpack(answer["value"])}
            elif "missing" in answer:
                assert isinstance(answer["missing"], str)
                answer = {"missing": answer["missing"][:300]}
            else:
                assert answer == {"callable": True}
        except (AssertionError, ValueError, TypeError, KeyError):
            self.stop()
            return {"missing": f"`{name}` could not be read from your notebook (the process holding it "
                               "broke its channel)"}
        return answer


class RemoteFunction(runner.Remote):
    """The student's function ``name``, living in ``sandbox``: the checker calls it through the runner."""

    def __init__(self, sandbox: Sandbox, name: str):
        self.sandbox, self.name = sandbox, name
        self.__name__ = self.__qualname__ = name

    def begin(self, calls: list[runner.Call], time_limit: float,
              adapter: str | None = None) -> tuple[int, int]:
        sandbox = self.sandbox
        sandbox.ensure()
        if sandbox.alive() and not sandbox.send(runner.batch_request(self.name, calls, adapter)):
            sandbox.stop()
        process = sandbox.process
        if process is None or process.stdout is None or process.stdin is None:
            return sandbox.ended_pipes()           # the checker reads a process that has ended
        return process.stdout.fileno(), process.stdin.fileno()

    def finish(self, clean: bool) -> int | None:
        if clean and self.sandbox.alive():
            return None
        return self.sandbox.stop()


# -- grading one notebook (the checker, in a process that holds no student code) --------------------

@dataclass
class Result:
    """One graded part: its score and the checker's feedback."""

    grade_id: str
    score: float
    max_score: float
    output: str


@dataclass
class Graded:
    """A graded submission."""

    submission: str
    lab: str
    results: list[Result] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return sum(r.score for r in self.results)

    def gradescope(self) -> dict:
        """Gradescope's results.json: the total, and one test per part with its feedback."""
        notes = "\n".join(self.notes)
        return {"score": self.score,
                "execution_time": round(self.seconds, 1),
                "output": f"{self.lab}: {self.score:g} / {sum(r.max_score for r in self.results):g} points"
                          + (f"\n{notes}" if notes else ""),
                "tests": [{"name": r.grade_id, "score": r.score, "max_score": r.max_score,
                           "output": r.output, "visibility": "visible"} for r in self.results]}


def lab_of(path: Path, nb: Any) -> str:
    """Which lab a submitted notebook is: by its file name, else by its cell ids."""
    for name in make_labs.NAMES:
        if name in path.name:
            return name
    ids = {str(cell.get("id", "")).split("-")[0] for cell in nb.cells}
    for number, name in enumerate(make_labs.NAMES, start=1):
        if f"lab{number}" in ids:
            return name
    raise ValueError(f"{path}: not a notebook of any lab ({', '.join(make_labs.NAMES)})")


def exercise_names(name: str, *, root: Path = ROOT) -> set[str]:
    """The names the student's answers bind: what the lab's solution cells define."""
    names: set[str] = set()
    for cell in make_labs.read_source(name, root / "instructor" / "labs").cells:
        if cell.cell_type != "code" or "### BEGIN SOLUTION" not in cell.source:
            continue
        code = "\n".join(line for line in _code(cell.source).splitlines()
                         if not line.lstrip().startswith("###"))
        for stmt in ast.parse(code).body:
            if isinstance(stmt, ast.FunctionDef | ast.ClassDef):
                names.add(stmt.name)
            elif isinstance(stmt, ast.Assign):
                names |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    return names


def _code(source: str) -> str:
    """A cell's code without IPython magics and shell lines."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def setup_code(name: str, *, root: Path = ROOT) -> str:
    """The lab's trusted setup, from its student version (no answers in it): imports, helpers
    and the trees the tests use (calls of the checker and bare expressions such as drawings left out)."""
    kept = []
    for cell in make_labs.build(name, solution=False, root=root).cells:
        if cell.cell_type != "code" or "navigation" in cell.metadata.get("tags", []):
            continue
        for stmt in ast.parse(_code(cell.source)).body:
            uses_check = any(isinstance(n, ast.Attribute) and n.attr.startswith("check_")
                             for n in ast.walk(stmt))
            if isinstance(stmt, ast.Expr | ast.Assert) or uses_check:
                continue
            kept.append(ast.unparse(stmt))
    return "\n".join(kept)


def grade_parts(name: str, nb: Any, emit: Any, *, isolation: str = "bwrap") -> None:
    """Grade notebook ``nb`` of lab ``name``; ``emit(kind, data)`` reports each note and part.

    The student's notebook runs in a :class:`Sandbox`; this process runs the lab's trusted setup
    and its hidden tests, handing the checker the student's functions as :class:`RemoteFunction`
    objects and their plain data as data.  No student code ever runs here.
    """
    import contextlib as _contextlib
    import io as _io

    cells = [cell.source for cell in nb.cells if cell.cell_type == "code"]
    namespace: dict[str, Any] = {"__name__": "__lab__"}
    with _contextlib.redirect_stdout(_io.StringIO()):
        exec(compile(setup_code(name), f"<{name} setup>", "exec"), namespace)
    answers = exercise_names(name)
    with tempfile.TemporaryDirectory(prefix="mmlib-grading-") as work:
        Path(work).chmod(0o755)
        sandbox = Sandbox(name, cells, Path(work), isolation=isolation)
        released = {cell.source.strip() for cell in make_labs.build(name, solution=False).cells}
        sandbox.quiet = {number for number, source in enumerate(cells, start=1) if source.strip() in released}
        try:
            if isolation != "bwrap":
                emit("note", "graded WITHOUT bubblewrap (--weaker-isolation): the student's code ran as a "
                             "plain process with limits, not sealed from this machine's files")
            for part in parts(name):
                emit("part", asdict(_grade_part(part, namespace, sandbox, answers)))
        finally:
            sandbox.stop()
        for note in sandbox.notes:
            emit("note", note)


def _grade_part(part: Part, trusted: dict, sandbox: Sandbox, answers: set[str]) -> Result:
    """Run one hidden test here, the student's names fetched from the sandbox.  The part scores
    its points iff the hidden test raises nothing (and a report it ends with passed)."""
    import contextlib as _contextlib
    import io as _io

    from mmlib.check import Report
    from mmlib.check.expectimax import LabReport

    tree = ast.parse(part.test)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & answers
    namespace = dict(trusted)
    missing = []
    for used_name in sorted(used):
        found = sandbox.lookup(used_name)
        if "callable" in found:
            namespace[used_name] = RemoteFunction(sandbox, used_name)
        elif "value" in found:
            namespace[used_name] = found["value"]
        else:
            missing.append(found["missing"])
    skipped = "".join(f"\n- {note}" for note in sandbox.notes)
    left_out = f"\nLeft out while running your notebook:{skipped}" if skipped else ""
    if missing:
        return Result(part.grade_id, 0.0, part.points, f"not graded: {'; '.join(missing)}{left_out}")
    body = tree.body
    last = None
    if body and isinstance(body[-1], ast.Expr):
        last = ast.Expression(body.pop().value)      # type: ignore[attr-defined]
    printed = _io.StringIO()
    try:
        with _contextlib.redirect_stdout(printed):
            exec(compile(ast.Module(body, []), f"<{part.grade_id}>", "exec"), namespace)
            report = eval(compile(last, f"<{part.grade_id}>", "eval"), namespace) if last else None
    except Exception as error:  # noqa: BLE001 - a failing hidden test scores zero, with its reason
        carried = getattr(error, "report", None)          # a CheckFailed may carry its report
        shown = str(carried) if isinstance(carried, Report | LabReport) else printed.getvalue().strip()
        reason = f"{type(error).__name__}: {error}"
        return Result(part.grade_id, 0.0, part.points,
                      (f"{shown}\n{reason}" if shown and str(error) not in shown else shown or reason)
                      + left_out)
    text = str(report) if isinstance(report, Report | LabReport) else printed.getvalue().strip()
    passed = report.passed if isinstance(report, Report | LabReport) else True
    return Result(part.grade_id, part.points if passed else 0.0, part.points,
                  (text or "passed") + (left_out if not passed else ""))


def _child(lab: str, path: str, isolation: str) -> None:
    """Entry point of the grading process: one JSON line per note and part on stdout."""
    channel, sys.stdout = sys.stdout, sys.stderr     # what a lab's setup prints is not a message

    def emit(kind: str, data: Any) -> None:
        print(json.dumps({"kind": kind, "data": data}), file=channel, flush=True)

    grade_parts(lab, nbformat.read(path, as_version=4), emit, isolation=isolation)


def _limits(memory_limit: int) -> None:
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


MESSAGE_LIMIT = 100_000
"""Longest line the grading process may send; output beyond 4 MB in all is not read."""


def read_results(lines: list[bytes], expected: list[Part]) -> tuple[list[Result], list[str]]:
    """The results and notes of a grading process's messages, validated: known part ids, once
    each, 0 <= score <= the part's points.  A malformed message fails only what it concerns.

    >>> part = Part("minimax", 6.0, "")
    >>> results, notes = read_results([b'not json', b'{"kind": "part", "data": {"grade_id": "minimax",'
    ...     b' "score": 60, "max_score": 60, "output": "ok"}}'], [part])
    >>> results[0].score, notes
    (0.0, ['a message from the grading process was not JSON; it was left out'])
    >>> print(results[0].output)
    not graded: the grading process sent an impossible result for this part (score 60 of 6 points)
    """
    points = {part.grade_id: part.points for part in expected}
    results: dict[str, Result] = {}
    notes: list[str] = []
    for raw in lines:
        if len(raw) > MESSAGE_LIMIT:
            notes.append("a message from the grading process was too long; it was left out")
            continue
        try:
            message = json.loads(raw)
        except ValueError:
            notes.append("a message from the grading process was not JSON; it was left out")
            continue
        if not isinstance(message, dict) or message.get("kind") not in ("note", "part"):
            notes.append("a message from the grading process had no known kind; it was left out")
            continue
        data = message.get("data")
        if message["kind"] == "note":
            if isinstance(data, str) and len(notes) < NOTES_LIMIT:
                notes.append(data[:400])
            continue
        ident = data.get("grade_id") if isinstance(data, dict) else None
        if not isinstance(data, dict) or ident not in points:
            notes.append("the grading process sent a result for an unknown part; it was left out")
            continue
        if ident in results:
            results[ident] = Result(ident, 0.0, points[ident],
                                    "not graded: the grading process sent two results for this part")
            continue
        score, output = data.get("score"), data.get("output")
        if not isinstance(score, int | float) or isinstance(score, bool) or not isinstance(output, str) \
                or not 0 <= score <= points[ident] or data.get("max_score") != points[ident]:
            results[ident] = Result(ident, 0.0, points[ident],
                                    "not graded: the grading process sent an impossible result for this part"
                                    f" (score {_safe(score)} of {points[ident]:g} points)")
            continue
        results[ident] = Result(ident, float(score), points[ident], output[:20_000])
    return [results[part.grade_id] for part in expected if part.grade_id in results], notes


def _safe(value: Any) -> str:
    return repr(value)[:40]


def grade_notebook(path: Path, *, name: str | None = None, time_limit: float = TIME_LIMIT,
                   memory_limit: int = MEMORY_LIMIT, submission: str | None = None,
                   isolation: str = "bwrap") -> Graded:
    """Grade one submitted notebook: the checker in a fresh process with a time and a memory
    limit, the student's code in a sandbox it starts (see :class:`Sandbox`)."""
    path = Path(path).resolve()
    try:
        nb = nbformat.read(path, as_version=4)
        name = name or lab_of(path, nb)
    except Exception as error:  # noqa: BLE001 - an unreadable submission is reported, the run goes on
        why = f"not graded: the notebook could not be read ({type(error).__name__}: {str(error)[:200]})"
        name = name or next((lab for lab in make_labs.NAMES if lab in path.name), None)
        graded = Graded(submission or path.stem, name or "unknown")
        lab_parts = parts(name) if name else []
        graded.results = [Result(part.grade_id, 0.0, part.points, why) for part in lab_parts]
        graded.notes.append(why)
        return graded
    expected = parts(name)
    graded = Graded(submission or path.stem, name)
    start = time.monotonic()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PYTHONHASHSEED="0", MPLBACKEND="Agg")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        command = [sys.executable, str(Path(__file__)), "_child", name, str(path), isolation]
        process = subprocess.Popen(command,
                                   stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env,
                                   cwd=tempfile.gettempdir(), preexec_fn=lambda: _limits(memory_limit))
        try:
            process.wait(timeout=time_limit)
            stopped = None if process.returncode == 0 else \
                f"grading stopped (exit status {process.returncode})"
        except subprocess.TimeoutExpired:
            stopped = f"grading stopped after {time_limit:g} s (the time limit of a submission)"
        _kill_group(process)
        out.seek(0)
        lines = out.read(4 << 20).splitlines()
        if stopped and process.returncode not in (0, None):
            err.seek(0)
            tail = err.read()[-2000:].decode(errors="replace").strip().splitlines()[-1:]
            stopped += f": {tail[0][:300]}" if tail else ""
    graded.seconds = time.monotonic() - start
    graded.results, graded.notes = read_results(lines, expected)
    done = {r.grade_id for r in graded.results}
    graded.results += [Result(part.grade_id, 0.0, part.points, stopped or "not graded")
                       for part in expected if part.grade_id not in done]
    order = [part.grade_id for part in expected]
    graded.results.sort(key=lambda r: order.index(r.grade_id))
    if stopped:
        graded.notes.append(stopped)
    return graded


def _kill_group(process: subprocess.Popen) -> None:
    """Kill the grading process's group (the sandboxes inside die with their parent) and reap it."""
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    process.wait()


def grade_folder(folder: Path, out: Path, **limits: Any) -> list[Graded]:
    """Grade every notebook below ``folder``; write ``out/scores.csv`` and ``out/<id>/results.json``."""
    folder, out = Path(folder), Path(out)
    paths = sorted(p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
                   and out.resolve() not in p.resolve().parents)
    everything = []
    for path in paths:
        ident = path.relative_to(folder).with_suffix("").as_posix()
        graded = grade_notebook(path, submission=ident, **limits)
        everything.append(graded)
        target = out / ident / "results.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(graded.gradescope(), indent=2) + "\n")
        print(f"{ident}: {graded.score:g} points in {graded.seconds:.1f} s", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "scores.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["submission", "lab", "part", "score", "max_score"])
        for graded in everything:
            for r in graded.results:
                writer.writerow([graded.submission, graded.lab, r.grade_id, f"{r.score:g}",
                                 f"{r.max_score:g}"])
            writer.writerow([graded.submission, graded.lab, "total", f"{graded.score:g}",
                             f"{sum(r.max_score for r in graded.results):g}"])
    return everything


# -- release -----------------------------------------------------------------------------------

def autograder(name: str, *, root: Path = ROOT) -> Any:
    """Lab ``name``'s autograder notebook: the source with solutions, hidden tests and nbgrader's
    checksums, its metadata validated by nbgrader."""
    from nbgrader.preprocessors import CheckCellMetadata, ComputeChecksums

    nb = make_labs.read_source(name, root / "instructor" / "labs")
    for index, cell in enumerate(nb.cells):
        cell.id = f"{name}-{index:02d}"
    nb, _ = CheckCellMetadata().preprocess(nb, {})
    nb, _ = ComputeChecksums().preprocess(nb, {})
    return nb


def release(out: Path = ROOT / "release") -> None:
    """Write the student notebooks and solutions, and the autograder notebooks in ``out``."""
    make_labs.main()
    for name in make_labs.NAMES:
        path = Path(out) / "autograder" / f"{name}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(autograder(name), path)
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("release", help="write student notebooks, solutions and autograders")
    grade = commands.add_parser("grade", help="grade every notebook in a folder")
    grade.add_argument("submissions", type=Path)
    grade.add_argument("--out", type=Path, default=ROOT / "grades")
    grade.add_argument("--time-limit", type=float, default=TIME_LIMIT)
    grade.add_argument("--weaker-isolation", action="store_true",
                       help="where bubblewrap is missing: run student code as a plain process with limits")
    child = commands.add_parser("_child")
    child.add_argument("lab")
    child.add_argument("path")
    child.add_argument("isolation")
    args = parser.parse_args(argv)
    if args.command == "release":
        release()
    elif args.command == "grade":
        if not args.submissions.is_dir():
            parser.error(f"SUBMISSIONS={args.submissions}: no such folder")
        isolation = "bwrap"
        if not bwrap_available():
            if not args.weaker_isolation:
                parser.error("bubblewrap (bwrap) is missing or cannot make a sandbox here, so student code "
                             "cannot be sealed: install it (Debian: apt-get install bubblewrap), or pass "
                             "--weaker-isolation to grade with plain processes (every result says so)")
            isolation = "process"
            print("WARNING: grading without bubblewrap: student code is not sealed from this machine",
                  file=sys.stderr)
        graded = grade_folder(args.submissions, args.out, time_limit=args.time_limit, isolation=isolation)
        print(f"graded {len(graded)} notebooks: {args.out / 'scores.csv'}")
    else:
        _child(args.lab, args.path, args.isolation)


if __name__ == "__main__":
    main()
