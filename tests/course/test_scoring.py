"""Tests of mmlib.course.scoring: what a lab's scoring ships, with the answers withheld."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mmlib.course import labs, scoring


@pytest.mark.slow
@pytest.mark.parametrize("lab", sorted(labs.SANDBOX_MODULES))
def test_every_module_a_lab_ships_imports_with_its_functions_withheld(tmp_path, lab):
    # hollowing "every function" of a module must leave the functions its import calls (a decorator
    # that makes the methods of a class): the table wrapper of alpha-beta broke lab 5's import once
    lib = scoring.stage_lab(lab, tmp_path / "lib")
    shipped = [str(path.relative_to(lib).with_suffix("")).replace("/", ".")
               for path in (lib / "mmlib").rglob("*.py") if path.name != "__init__.py"]
    code = (f"import importlib, sys\nsys.path.insert(0, {str(lib)!r})\n"
            "for name in sys.argv[1:]:\n    importlib.import_module(name)\nprint('ok')")
    done = subprocess.run([sys.executable, "-I", "-c", code, *labs.SANDBOX_MODULES[lab], *shipped],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
