"""The Codespaces dev container (.devcontainer/devcontainer.json): what `make lab` and `make test` need."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_devcontainer_installs_what_ci_installs() -> None:
    text = (ROOT / ".devcontainer" / "devcontainer.json").read_text()
    config = json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.M))       # JSON with comment lines
    setup = config["postCreateCommand"]
    ci = (ROOT / ".ci" / "run").read_text()
    for package in re.findall(r"apt-get install -y -qq (?:--no-install-recommends )?([\w .-]+)", ci):
        for name in package.split():
            if name in ("chromium", "bubblewrap", "texlive-latex-base", "texlive-pictures"):
                assert name in setup, name
    assert setup.endswith("make install")
    assert "node" in json.dumps(config["features"])              # npm: axe-core, MathJax, Pyodide's core
    assert "--ip=0.0.0.0" in config["remoteEnv"]["LAB_ARGS"] and 8888 in config["forwardPorts"]
    match = re.search(r"python:(\d+)\.(\d+)", config["image"])
    assert match and (int(match[1]), int(match[2])) >= (3, 11)
