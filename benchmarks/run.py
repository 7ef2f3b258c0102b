"""Run every benchmarks/bench_*.py module, print one table and write benchmarks/RESULTS.md.

Each module has `run() -> list[dict]` with keys benchmark, measure, value, target, status ("met", "missed"
or "info").  Usage: `python benchmarks/run.py [NAME ...]`, e.g. `python benchmarks/run.py search` runs only
bench_search.py; with no names, all of them.  Each module runs in a process of its own.  RESULTS.md is
written only when every module ran.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import os
import platform
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "RESULTS.md"
COLUMNS = ("benchmark", "measure", "value", "target", "status")


def discover(names: list[str]) -> list[Path]:
    modules = sorted(HERE.glob("bench_*.py"))
    if names:
        wanted = {name.removeprefix("bench_").removesuffix(".py") for name in names}
        modules = [m for m in modules if m.stem.removeprefix("bench_") in wanted]
        missing = wanted - {m.stem.removeprefix("bench_") for m in modules}
        if missing:
            sys.exit(f"no benchmark module for: {', '.join(sorted(missing))}")
    return modules


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, str]:
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return {
        "CPU": cpu_model(),
        "cores": f"{cores} ({usable} usable by this process)",
        "load average at start (1, 5, 15 min)": load,
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "OS": platform.platform(),
        "commit": commit,
    }


def table(rows: list[dict], markdown: bool) -> str:
    cells = [[str(r.get(c, "")) for c in COLUMNS] for r in rows]
    if markdown:
        lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in cells]
        return "\n".join(lines)
    widths = [max(len(h), *(len(row[i]) for row in cells)) for i, h in enumerate(COLUMNS)]
    line = "  ".join("-" * w for w in widths)
    out = ["  ".join(h.ljust(w) for h, w in zip(COLUMNS, widths, strict=True)), line]
    out += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join(out)


def write_results(rows: list[dict], about: dict[str, str], started: dt.datetime, seconds: float) -> None:
    summary = {s: sum(r["status"] == s for r in rows) for s in ("met", "missed")}
    text = [
        "# Benchmark results",
        "",
        "Written by `make bench` (`python benchmarks/run.py`); do not edit by hand.",
        "Ratios are measured side by side in one run; absolute times depend on the machine and its load.",
        "",
        f"- date: {started:%Y-%m-%d %H:%M} UTC (took {seconds:.0f} s)",
        *[f"- {key}: {value}" for key, value in about.items()],
        f"- targets: {summary['met']} met, {summary['missed']} missed",
        "",
        table(rows, markdown=True),
        "",
    ]
    RESULTS.write_text("\n".join(text), encoding="utf-8")


def run_alone(path: Path) -> list[dict] | None:
    """The rows of one module, run in a process of its own (None if it crashed), so that no module
    measures in the wake of another: the compiled sweeps, for one, leave worker threads behind that
    slow down the timings that follow them in the same process."""
    done = subprocess.run([sys.executable, __file__, "--module", str(path)], stdout=subprocess.PIPE,
                          text=True, check=False)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.splitlines()[-1])


def module_main(path: Path) -> int:
    """Run one module and print its rows as JSON on the last line (see run_alone)."""
    sys.path.insert(0, str(HERE))
    try:
        rows = list(load(path).run())
    except Exception:  # noqa: BLE001 - the parent reports the module as crashed
        traceback.print_exc()
        return 1
    print(json.dumps(rows))
    return 0


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    started = dt.datetime.now(dt.UTC)
    clock = time.perf_counter()
    about = machine()
    rows: list[dict] = []
    failed = []
    for path in discover(argv):
        print(f"running {path.name} ...", flush=True)
        module_rows = run_alone(path)
        if module_rows is None:
            failed.append(path.name)
            rows.append({"benchmark": path.stem, "measure": "run()", "value": "crashed", "target": "",
                         "status": "missed"})
            continue
        for r in module_rows:
            missing = set(COLUMNS) - set(r)
            assert not missing, f"{path.name}: row without {missing}: {r}"
        rows.extend(module_rows)
    seconds = time.perf_counter() - clock
    print()
    for key, value in about.items():
        print(f"{key}: {value}")
    print()
    print(table(rows, markdown=False))
    if failed:
        print(f"\nbenchmarks crashed: {', '.join(failed)}; {RESULTS.name} not written", file=sys.stderr)
        return 1
    if argv:
        print(f"\nonly {', '.join(argv)} ran; {RESULTS.name} is written by a full run")
        return 0
    write_results(rows, about, started, seconds)
    print(f"\nwrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--module"]:
        sys.exit(module_main(Path(sys.argv[2])))
    sys.exit(main(sys.argv[1:]))
