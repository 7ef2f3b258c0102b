"""One sealed process for graded code: bubblewrap, limits, a validated channel, a whole-sandbox kill.

:class:`Sandbox` runs a student's notebook top to bottom in a process sealed by bubblewrap
(:func:`bwrap_available`): user nobody, its own PID, network, IPC and mount namespaces, only the
Python runtime and a staged copy of mmlib (:mod:`mmlib.isolation.stage`) mounted read-only, its inputs,
a private 16 MB scratch folder as its only writable place, limits on memory, processor time,
processes and file size, and an empty environment.  It then serves the notebook's functions over
:mod:`mmlib.isolation.runner`'s protocol: :class:`RemoteFunction` is a student's function the checker
calls as if it were forked, everything that comes back checked on arrival.

:func:`run_limited` runs a command (the grader of one submission) in its own process group with
a memory limit and a wall-clock limit, and kills the whole group when it is over.

>>> outcome = run_limited([sys.executable, "-c", "print('hello')"], time_limit=30, memory_limit=1 << 30)
>>> outcome.lines, outcome.stopped
([b'hello'], None)
"""

from __future__ import annotations

import contextlib
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ArgumentError
from . import runner

__all__ = ["Sandbox", "RemoteFunction", "bwrap_available", "hidden_installs", "INSTALLED", "run_limited",
           "Finished", "CELL_TIME", "NOTEBOOK_TIME", "package_folders", "SANDBOX_MEMORY", "SCRATCH_BYTES",
           "EXTRA_PROCESSES", "NOTES_LIMIT", "OUTPUT_BYTES"]

CELL_TIME = 30.0
"""Seconds one cell of the student's notebook may take; a slower cell is run again with only its
definitions, imports and plain assignments (its slow experiment left out, never its functions)."""
NOTEBOOK_TIME = 60.0
"""Seconds all the notebook's cells may take together; from the cell that passes it on, only
definitions, imports and plain assignments are run."""
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


INSTALLED = ("mmlib", "mmlib-*", "mmlib.*", "__editable__*mmlib*", "*mmlib*.pth", "*mmlib*.egg-link")
"""What an installation of mmlib leaves in a folder of packages (the package, its metadata, an
editable install's finder and path files): hidden in every sandbox."""
_PACKAGE_FOLDERS = tuple(f"{base}python*/{kind}" for base in ("lib/", "lib64/", "local/lib/", "")
                         for kind in ("site-packages", "dist-packages"))
"""Where a Python prefix (or /usr/lib) keeps its packages."""


def hidden_installs(source: Path, mounted: str) -> list[str]:
    """bwrap options hiding every installation of mmlib found below ``source`` (mounted at
    ``mounted``): graded code sees only the staged copy of the parts its lab allows, even where
    mmlib is installed in the runtime's own prefix (a conda environment, a system Python).

    >>> import tempfile
    >>> prefix = Path(tempfile.mkdtemp())
    >>> (prefix / "lib" / "python3.11" / "site-packages" / "mmlib").mkdir(parents=True)
    >>> hidden_installs(prefix, "/python")
    ['--tmpfs', '/python/lib/python3.11/site-packages/mmlib']
    """
    options: list[str] = []
    # one path per folder (lib64 is often a link to lib)
    found = {folder.resolve(): folder for pattern in reversed(_PACKAGE_FOLDERS)
             for folder in source.glob(pattern) if folder.is_dir()}
    folders = found.values()
    for folder in sorted(folders):
        for entry in sorted({p for pattern in INSTALLED for p in folder.glob(pattern)}):
            target = f"{mounted}/{entry.relative_to(source).as_posix()}"
            options += ["--tmpfs", target] if entry.is_dir() else ["--ro-bind", "/dev/null", target]
    return options


def _bwrap_prefix() -> list[str]:
    """bwrap's options: new namespaces for everything, no network, nothing mounted but the runtime
    (and in it, no installed mmlib: :func:`hidden_installs`)."""
    runtime = Path(sys.base_prefix)
    command = ["bwrap", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
               "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv",
               "--setenv", "PYTHONHASHSEED", "0", "--ro-bind", str(runtime), "/python",
               "--perms", "0755", "--dir", "/usr"]     # else 0700 as root: nobody loads no library
    command += hidden_installs(runtime, "/python")
    for system in ("/usr/lib", "/usr/lib64", "/usr/lib32"):
        if Path(system).is_dir():
            command += ["--ro-bind", system, system] + hidden_installs(Path(system), system)
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


PACKAGE_SETTINGS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                    "MPLBACKEND": "Agg", "MPLCONFIGDIR": "@SCRATCH@", "NUMBA_DISABLE_JIT": "1"}
"""The sealed process's environment for the scientific packages: one thread each (threads count as
processes against its limit), matplotlib drawing into files, its cache in the scratch folder."""


def package_folders(names: tuple[str, ...]) -> dict[str, Path]:
    """Where the installed packages ``names`` (top-level import names) live, and the folders of
    shared libraries their wheels bring (``numpy.libs``): what a sandbox mounts so its code may
    import them.  A package that is not installed is left out (importing it fails as anywhere).

    >>> folders = package_folders(("numpy", "no_such_package"))
    >>> "numpy" in folders, "no_such_package" in folders
    (True, False)
    """
    import importlib.util

    found: dict[str, Path] = {}
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None or spec.origin in (None, "built-in", "frozen"):
            continue
        origin = Path(spec.origin).resolve()
        if spec.submodule_search_locations:
            found[name] = origin.parent
        else:
            found[origin.name] = origin
        wheels = {name.lower(), "pillow" if name == "PIL" else name.lower()}
        for libs in origin.parent.parent.glob("*.libs") if spec.submodule_search_locations else ():
            if libs.is_dir() and libs.name.lower().removesuffix(".libs") in wheels:
                found[libs.name] = libs.resolve()
    return found


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
    and file size.  Nothing else is offered: a plain process (once ``isolation="process"``) could
    read the course's files, forge a result and leave processes behind, so it is refused.  ``lib`` is the
    folder holding the mmlib the sealed code sees (:func:`mmlib.isolation.stage.stage` writes it).
    """

    def __init__(self, lib: Path, cells: list[str], work: Path, *, isolation: str = "bwrap",
                 memory_limit: int = SANDBOX_MEMORY, cell_time: float = CELL_TIME,
                 notebook_time: float = NOTEBOOK_TIME, packages: dict[str, Path] | None = None):
        if isolation != "bwrap":
            raise ArgumentError(f"isolation: student code is graded only in bubblewrap (got {isolation!r}); "
                                "a plain process cannot keep it from the grader's files and processes")
        self.cells, self.isolation = cells, isolation
        self.memory_limit, self.cell_time, self.notebook_time = memory_limit, cell_time, notebook_time
        self.packages = dict(packages or {})
        self.stage = lib
        self.inputs = work / "inputs"
        self.inputs.mkdir(mode=0o755, exist_ok=True)
        self.inputs.chmod(0o755)
        self.skip: set[int] = set()
        self.quick: set[int] = set()             # cells too slow to run whole: only their definitions run
        self.quiet: set[int] = set()             # the lab's own cells: what they cannot do here is no news
        self.notes: list[str] = []
        self.process: subprocess.Popen[bytes] | None = None
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
        boot = ("import sys; sys.path.insert(0, '/grading/lib'); from mmlib.isolation import runner; "
                "runner.sandbox_main('/grading/inputs/job.json')")
        version = f"python{sys.version_info.major}.{sys.version_info.minor}"
        packages = [arg for name, folder in sorted(self.packages.items())
                    for arg in ("--ro-bind", str(folder), f"/grading/site/{name}")]
        settings = [arg for name, value in sorted(PACKAGE_SETTINGS.items())
                    for arg in ("--setenv", name, value.replace("@SCRATCH@", "/scratch"))]
        return _bwrap_prefix() + settings + [
            "--perms", "0755", "--dir", "/grading", "--ro-bind", str(self.stage), "/grading/lib",
            "--ro-bind", str(self.inputs), "/grading/inputs",
            "--perms", "0755", "--dir", "/grading/site", *packages,
            "--perms", "1777", "--size", str(SCRATCH_BYTES), "--tmpfs", "/scratch", "--chdir", "/scratch",
            f"/python/bin/{version}", "-I", "-S", "-B", "-c", boot]

    def start(self) -> None:
        """Start the sealed process and run the notebook in it (a cell that never ends is left out)."""
        for _attempt in range(10):
            target_uid = 65534 if os.getuid() == 0 else os.getuid()
            limits = {"memory": self.memory_limit, "cpu": 600, "file_size": SCRATCH_BYTES, "files": 64,
                      "core": 0, "processes": _processes_of(target_uid) + EXTRA_PROCESSES}
            job = {"cells": self.cells, "skip": sorted(self.skip), "quick": sorted(self.quick),
                   "limits": limits, "drop_privileges": True,
                   "path": ["/grading/site"] if self.packages else []}
            (self.inputs / "job.json").write_text(json.dumps(job))
            (self.inputs / "job.json").chmod(0o644)
            cwd, env = None, {"PYTHONHASHSEED": "0"}
            self.buffer = b""
            self.process = subprocess.Popen(self._command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, cwd=cwd, env=env)
            if self._run_notebook():
                return
            if self.broken:
                return
        self.broken = "your notebook did not finish running top to bottom"

    def _deadline(self, cell: int, notebook_end: float) -> float:
        now = time.monotonic()
        return now + self.cell_time if cell in self.quick else min(now + self.cell_time, notebook_end)

    def _run_notebook(self) -> bool:
        """Follow the sealed process through the notebook: True once it is ready; False when it was
        stopped (the cell that hung, ended the process or broke the channel is then marked)."""
        notebook_end = time.monotonic() + self.notebook_time
        cell = 0
        deadline = self._deadline(cell, notebook_end)
        while True:
            line = self._line(deadline)
            if line == b"ready":
                return True
            kind, data = ("bad", None) if line is None or line in (b"", b"?") else self._message(line)
            if kind == "cell" and isinstance(data, int):
                cell = data
                deadline = self._deadline(cell, notebook_end)
            elif kind == "note" and isinstance(data, str):
                if cell not in self.quiet:
                    self._note(data)
            else:          # the cell being run hung, ended the process or wrote into the channel
                self.stop()
                if not cell:
                    self.broken = "the process for your notebook could not start"
                    return False
                self._mark(cell, line, time.monotonic() >= notebook_end)
                return False

    def _mark(self, cell: int, line: bytes | None, over_notebook: bool) -> None:
        """Cell ``cell`` stopped the notebook: run only its definitions next time, or leave it out."""
        if line is None and cell not in self.quick:
            if over_notebook:
                self.quick |= set(range(cell, len(self.cells) + 1))
                self._note(f"the notebook's cells took over {self.notebook_time:g} s in all (the limit), so "
                           f"from cell {cell} on only definitions (def, class, import) and plain assignments "
                           "were run")
            else:
                self.quick.add(cell)
                self._note(f"cell {cell} did not finish within {self.cell_time:g} s (the limit per cell), so "
                           "only its definitions (def, class, import) and plain assignments were run")
            return
        self.skip.add(cell)
        why = (f"even its definitions did not finish within {self.cell_time:g} s" if line is None else
               "it ended the process running it" if line == b"" else
               "it wrote into the grader's channel")
        self._note(f"cell {cell} was left out: {why}")

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

    def lookup(self, name: str) -> dict[str, Any]:
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




# -- the process that grades one submission -----------------------------------------------------

OUTPUT_BYTES = 4 << 20
"""Bytes of a limited process's output that are read (the rest is not)."""


@dataclass(frozen=True)
class Finished:
    """What :func:`run_limited` saw: the output lines (at most :data:`OUTPUT_BYTES`), why the
    process was stopped (None when it ended with status 0) and how long it took."""

    lines: list[bytes]
    stopped: str | None
    seconds: float


def _limits(memory_limit: int) -> None:
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the process's group (the sandboxes inside die with their parent) and reap it."""
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    process.wait()


def run_limited(command: list[str], *, time_limit: float, memory_limit: int,
                env: dict[str, str] | None = None, cwd: str | None = None,
                what: str = "the time limit") -> Finished:
    """Run ``command`` in its own process group with ``memory_limit`` bytes of address space and
    ``time_limit`` wall-clock seconds; kill the whole group when it ends or at the limit.
    ``what`` names the time limit in the reason a process was stopped."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env,
                                   cwd=cwd or tempfile.gettempdir(),
                                   preexec_fn=lambda: _limits(memory_limit))
        stopped: str | None
        try:
            process.wait(timeout=time_limit)
            stopped = None if process.returncode == 0 else \
                f"grading stopped (exit status {process.returncode})"
        except subprocess.TimeoutExpired:
            stopped = f"grading stopped after {time_limit:g} s ({what})"
        _kill_group(process)
        out.seek(0)
        lines = out.read(OUTPUT_BYTES).splitlines()
        if stopped and process.returncode not in (0, None):
            err.seek(0)
            tail = err.read()[-2000:].decode(errors="replace").strip().splitlines()[-1:]
            stopped += f": {tail[0][:300]}" if tail else ""
    return Finished(lines, stopped, time.monotonic() - start)
