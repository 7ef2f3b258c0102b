"""In a real Jupyter kernel: student code that exits, loops, hoards memory or floods output is
checked, and the kernel survives; a failing check shows its report once and a one-line error."""

from __future__ import annotations

import os
import re
import sys
import textwrap
from pathlib import Path

import pytest
import support

jupyter_client = pytest.importorskip("jupyter_client")

ROOT = Path(__file__).resolve().parents[2]
# A real kernel and a process per check: `make test` runs these tests, `make check` leaves them out.
pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork-based checker on Linux"),
              pytest.mark.slow]

SETUP = """
import math, os, sys
from mmlib import check

""" + support.MINIMAX_SOURCE + """

def quits(node, depth, maximizing):
    os._exit(1)

def exits(node, depth, maximizing):
    sys.exit("bye")

def spins(node, depth, maximizing):
    while True:
        pass

def hoards(node, depth, maximizing):
    return len(bytearray(10 * 2**30))

flooded = []

def floods(node, depth, maximizing):
    if not flooded:                  # the first tree only (the list fills in the checker's process)
        flooded.append(True)
        for i in range(2 * 10**5):        # a flood, and within the 5 s a call may take on a busy machine
            print("flood", i)
    return minimax(node, depth, maximizing)

def stub(node, depth, maximizing):
    raise NotImplementedError()

def children():
    # processes whose parent is this kernel
    found, me = [], str(os.getpid())
    for p in os.listdir("/proc"):
        try:
            if p.isdigit() and open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[1] == me:
                found.append(p)
        except OSError:           # a process that ended meanwhile
            pass
    return found
"""


@pytest.fixture(scope="module")
def kernel():
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name="python3", env=env, cwd=str(ROOT))
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client, code: str) -> tuple[dict, list[dict]]:
    """Execute ``code``; the reply's content and the output messages of the cell."""
    outputs: list[dict] = []

    def hook(message):
        if message["msg_type"] in ("stream", "display_data", "execute_result", "error"):
            outputs.append(message)

    reply = client.execute_interactive(textwrap.dedent(code), output_hook=hook, timeout=120)
    return reply["content"], outputs


def plain(messages: list[dict]) -> str:
    parts = []
    for message in messages:
        content = message["content"]
        if message["msg_type"] == "stream":
            parts.append(content["text"])
        elif message["msg_type"] == "error":
            parts.append("\n".join(content["traceback"]))
        else:
            parts.append(content["data"].get("text/plain", ""))
    return re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(parts))


def test_the_kernel_survives_every_kind_of_broken_student_code(kernel):
    reply, _ = run(kernel, SETUP)
    assert reply["status"] == "ok"
    reply, out = run(kernel, "print(os.getpid())")
    pid = plain(out).strip()
    for call, diagnosis in [
        ("check.check_minimax(quits)", "exit"),
        ("check.check_minimax(exits)", "exit"),
        ("check.check_minimax(spins, time_limit=0.5)", "timeout"),
        ("check.check_minimax(hoards)", "memory"),
    ]:
        reply, out = run(kernel, f"print({call}.diagnosis)")
        assert reply["status"] == "ok", (call, plain(out))
        assert plain(out).strip() == diagnosis, call
        reply, out = run(kernel, "print(os.getpid())")
        assert plain(out).strip() == pid, f"the kernel restarted after {call}"
        reply, out = run(kernel, "print(children())")
        assert plain(out).strip() == "[]", f"a process is still running after {call}"


def test_a_flood_of_prints_does_not_reach_the_notebook(kernel):
    run(kernel, SETUP)
    reply, out = run(kernel, "report = check.check_minimax(floods)\nprint(report.passed, flooded)")
    assert reply["status"] == "ok"
    # what reaches the notebook: the answer, and on a slow machine mmlib's own progress line, never a print
    shown = [line for line in plain(out).strip().splitlines()
             if not line.startswith("checking your minimax function:")]
    assert shown == ["True []"]                    # and the notebook's own list was not touched
    assert sum(len(m["content"].get("text", "")) for m in out) < 100


def test_a_failing_check_shows_the_report_once_and_a_one_line_error(kernel):
    run(kernel, SETUP)
    reply, out = run(kernel, "check.check_minimax(stub, raise_on_failure=True)")
    assert reply["status"] == "error" and reply["ename"] == "CheckFailed"
    assert reply["evalue"] == "minimax: not-implemented (see the report above)"
    kinds = [m["msg_type"] for m in out]
    assert kinds == ["display_data", "error"], kinds
    assert "minimax: not answered yet" in out[0]["content"]["data"]["text/plain"]
    assert "minimax: not answered yet" in out[0]["content"]["data"]["text/html"]
    traceback = out[1]["content"]["traceback"]
    assert len(traceback) == 1
    assert re.sub(r"\x1b\[[0-9;]*m", "", traceback[0]) == \
        "CheckFailed: minimax: not-implemented (see the report above)"
