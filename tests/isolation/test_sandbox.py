"""Tests of mmlib.isolation.sandbox: what the sandbox lets student code see."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mmlib.isolation.sandbox import _bwrap_prefix, bwrap_available


@pytest.mark.skipif(not bwrap_available(), reason="bubblewrap is not installed here (CI installs it)")
def test_an_installed_mmlib_in_the_runtime_is_hidden_from_the_sandbox(tmp_path, monkeypatch):
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    packages = tmp_path / "prefix" / "lib" / version / "site-packages"
    (packages / "mmlib" / "search").mkdir(parents=True)
    (packages / "mmlib" / "search" / "minimax.py").write_text("ANSWER = 42\n")
    (packages / "mmlib-0.1.0.dist-info").mkdir()
    (packages / "__editable__.mmlib-0.1.0.pth").write_text("/home/instructor/mmlib\n")
    (packages / "other.py").write_text("KEPT = 1\n")
    real = sys.base_prefix
    monkeypatch.setattr(sys, "base_prefix", str(tmp_path / "prefix"))
    look = (f"import os; p = '/python/lib/{version}/site-packages'\n"
            "def shown(path):\n"
            "    try:\n"
            "        return open(path).read()\n"
            "    except OSError:\n"
            "        return ''\n"                              # unreadable is hidden too
            "print(sorted(os.listdir(p + '/mmlib')), shown(p + '/__editable__.mmlib-0.1.0.pth') == '', "
            "shown(p + '/other.py'))")
    command = _bwrap_prefix() + ["--ro-bind", real, "/real", f"/real/bin/{version}", "-I", "-S", "-c", look]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.stdout.split("\n")[0] == "[] True KEPT = 1", done.stdout + done.stderr
