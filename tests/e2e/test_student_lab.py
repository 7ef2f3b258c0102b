"""JupyterLab as `make lab` opens it shows students no instructor tooling.

`make test` installs nbgrader (the instructor's grader) into the same environment, and nbgrader brings a
JupyterLab extension (the Nbgrader menu, the "Create Assignment" panel) and server extensions (formgrader,
assignment and course lists). `make lab` puts jupyter/student/ first on the configuration path, which
switches them off. The test takes the command `make lab` runs (from `make -n lab`), starts it on a free
port, and asks the server: the page configuration disables nbgrader's JupyterLab extension and the
formgrader's page does not exist. The same command without the student configuration shows both, so the
test would notice if nbgrader were not there to be switched off.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from test_browser import ROOT, free_port

pytestmark = pytest.mark.slow  # two JupyterLab servers, half a minute

NBGRADER_LAB = "@jupyter/nbgrader"


def make_lab_command() -> str:
    """The shell command of `make lab`'s recipe, as make would run it."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    printed = subprocess.run(["make", "-n", "--no-print-directory", "lab"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    joined = re.sub(r"\\\n\s*", " ", printed)
    lines = [line for line in joined.splitlines() if re.search(r"\bjupyter lab\b", line)]
    assert len(lines) == 1, printed
    return lines[0]


def serve(command: str, state: Path) -> tuple[subprocess.Popen, str, str]:
    port, token = free_port(), secrets.token_hex(16)
    arguments = (f" --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --ServerApp.port_retries=0"
                 f" --IdentityProvider.token={token}")
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(state / "runtime"), JUPYTER_DATA_DIR=str(state / "data"),
               JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"))
    env.pop("JUPYTER_CONFIG_PATH", None)
    log = open(state / "lab.log", "w")  # noqa: SIM115 - closed with the process below
    process = subprocess.Popen(["bash", "-c", command + arguments], cwd=ROOT, env=env, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert process.poll() is None, (state / "lab.log").read_text()[-3000:]
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                return process, url, token
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    stop(process)
    raise AssertionError(f"JupyterLab did not start:\n{(state / 'lab.log').read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    os.killpg(process.pid, 15)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait()


def what_students_get(url: str, token: str) -> dict:
    with urllib.request.urlopen(f"{url}/lab?token={token}", timeout=30) as reply:
        page = reply.read().decode()
    config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                                  page, re.S).group(1))
    try:
        with urllib.request.urlopen(f"{url}/formgrader?token={token}", timeout=30) as reply:
            formgrader = reply.status
    except urllib.error.HTTPError as error:
        formgrader = error.code
    return {"disabled": config.get("disabledExtensions", []), "formgrader": formgrader}


def nbgrader_installed() -> bool:
    try:
        import nbgrader  # noqa: F401
    except ImportError:
        return False
    return True


def test_make_lab_shows_no_instructor_tooling(tmp_path):
    command = make_lab_command()
    assert "JUPYTER_CONFIG_PATH=" in command and "jupyter/student" in command
    (tmp_path / "student").mkdir()
    process, url, token = serve(command, tmp_path / "student")
    try:
        seen = what_students_get(url, token)
    finally:
        stop(process)
    assert NBGRADER_LAB in seen["disabled"], seen
    assert seen["formgrader"] == 404, seen


def test_without_the_student_configuration_nbgrader_shows(tmp_path):
    """The control: the very same command without jupyter/student/ serves nbgrader's extensions."""
    if not nbgrader_installed():
        pytest.skip("nbgrader is not installed here: nothing for `make lab` to hide")
    command = re.sub(r"JUPYTER_CONFIG_PATH=\S+\s+", "", make_lab_command())
    (tmp_path / "instructor").mkdir()
    process, url, token = serve(command, tmp_path / "instructor")
    try:
        seen = what_students_get(url, token)
    finally:
        stop(process)
    assert NBGRADER_LAB not in seen["disabled"], seen
    assert seen["formgrader"] in (200, 302), seen
