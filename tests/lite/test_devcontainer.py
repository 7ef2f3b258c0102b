"""The Codespaces dev container (.devcontainer/devcontainer.json): what `make lab` and `make test` need.

The image, mcr.microsoft.com/devcontainers/python, is built from Docker's official ``python`` image
(Debian with Python in /usr/local, make and a compiler), so python3 and make are there; the node feature adds
node and npm.  No codespace can be started here: the file is checked against the dev container
specification's properties and against what CI installs."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SPEC_PROPERTIES = {
    # devContainer.base.schema.json of the dev container specification (devcontainers/spec): the
    # properties of devContainerCommon, imageContainer and nonComposeBase
    "$schema", "name", "features", "overrideFeatureInstallOrder", "secrets", "forwardPorts",
    "portsAttributes", "otherPortsAttributes", "updateRemoteUserUID", "containerEnv", "containerUser",
    "mounts", "init",
    "privileged", "capAdd", "securityOpt", "remoteEnv", "remoteUser", "initializeCommand", "onCreateCommand",
    "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand", "waitFor",
    "userEnvProbe", "hostRequirements", "customizations", "image", "appPort", "runArgs", "shutdownAction",
    "overrideCommand", "workspaceFolder", "workspaceMount"}
ON_AUTO_FORWARD = {"notify", "openBrowser", "openBrowserOnce", "openPreview", "silent", "ignore"}
PROVIDED = {"python3-venv": "the image's Python has venv", "nodejs": "the node feature",
            "npm": "the node feature"}


def config() -> dict[str, Any]:
    text = (ROOT / ".devcontainer" / "devcontainer.json").read_text()
    return json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.M))       # JSON with comment lines


def test_devcontainer_follows_the_specification() -> None:
    data = config()
    assert set(data) <= SPEC_PROPERTIES, set(data) - SPEC_PROPERTIES
    assert isinstance(data["image"], str) and isinstance(data["postCreateCommand"], str)
    assert all(isinstance(port, int) and 0 < port < 65536 for port in data["forwardPorts"])
    for port, attributes in data["portsAttributes"].items():
        assert int(port) in data["forwardPorts"] and attributes["onAutoForward"] in ON_AUTO_FORWARD
    assert all(isinstance(value, str) for value in data["remoteEnv"].values())
    assert all(isinstance(option, str) for option in data.get("securityOpt", []))


def test_devcontainer_installs_what_ci_installs() -> None:
    data = config()
    setup = data["postCreateCommand"]
    ci = (ROOT / ".ci" / "run").read_text()
    installed_by_ci = {name for line in re.findall(r"apt-get install -y -qq ([^\n]+)", ci)
                       for name in shlex.split(line) if not name.startswith("-")}
    assert {"chromium", "bubblewrap", "poppler-utils", "texlive-latex-base"} <= installed_by_ci
    missing = {name for name in installed_by_ci if name not in shlex.split(setup)} - set(PROVIDED)
    assert not missing, missing
    assert setup.endswith("&& make install")                     # the environment of `make test`
    assert "ghcr.io/devcontainers/features/node:1" in data["features"]   # npm: axe-core, MathJax, Pyodide
    match = re.fullmatch(r"mcr\.microsoft\.com/devcontainers/python:(\d+)\.(\d+)-bookworm", data["image"])
    assert match and (int(match[1]), int(match[2])) >= (3, 11)


def test_make_lab_listens_where_the_codespace_forwards() -> None:
    data = config()
    lab_args = shlex.split(data["remoteEnv"]["LAB_ARGS"])
    assert "--ip=0.0.0.0" in lab_args and "--no-browser" in lab_args
    assert f"--port={data['forwardPorts'][0]}" in lab_args
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^LAB_ARGS\s*\?=", makefile, re.M)             # the environment's value is taken
    assert "$(LAB_ARGS)" in makefile.split("\nlab:")[1].split("\n\n")[0]
    assert "seccomp=unconfined" in data["securityOpt"]                # bubblewrap, for the grader's tests
