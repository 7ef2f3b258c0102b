"""Tests mirror the package: every module ``mmlib/<pkg>/<name>.py`` has a test module named after it,
``tests/<pkg>/test_<name>.py`` or ``tests/<pkg>/test_<name>_<more>.py`` (a leading underscore dropped;
``_<more>`` tells apart modules of the same name in two packages, which pytest cannot collect twice).
A top-level module ``mmlib/<name>.py`` may have its test module in any folder of ``tests/``.
``__init__`` and ``__main__`` are exempt.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE, TESTS = ROOT / "mmlib", ROOT / "tests"

# The modules still tested only under other names, each to get its own test module (issue 33, part 7);
# the list may only shrink, and is empty now: a new module comes with its test module.
WAITING: set[str] = set()


def modules_needing_tests(package: Path = PACKAGE) -> list[str]:
    """The package's modules that need a test module, as paths from the repository's root."""
    return sorted(str(path.relative_to(ROOT)) for path in package.rglob("*.py")
                  if path.stem not in ("__init__", "__main__"))


def has_test_module(module: str, tests: Path = TESTS) -> bool:
    """Whether ``module`` (``mmlib/<pkg>/<name>.py`` or ``mmlib/<name>.py``) has its test module."""
    path = Path(module)
    name = path.stem.lstrip("_")
    folders = path.parent.parts[1:]
    places = [tests.joinpath(*folders)] if folders else [tests, *(p for p in tests.rglob("*") if p.is_dir())]
    return any(place.joinpath(f"test_{name}.py").is_file() or any(place.glob(f"test_{name}_*.py"))
               for place in places)


def test_every_module_has_a_test_module_named_after_it():
    missing = [module for module in modules_needing_tests()
               if not has_test_module(module) and module not in WAITING]
    assert not missing, f"add a test module for each of {missing} (see this file's docstring)"


def test_the_waiting_list_only_names_modules_still_waiting():
    done = sorted(module for module in WAITING if has_test_module(module))
    assert not done, f"remove {done} from WAITING: they have their test modules"


def test_the_rule_tells_a_mirrored_module_from_one_tested_elsewhere(tmp_path):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "test_minimax.py").write_text("")
    (tmp_path / "trace").mkdir()
    (tmp_path / "trace" / "test_results_of_trace.py").write_text("")
    (tmp_path / "analysis").mkdir()
    (tmp_path / "analysis" / "test_fastcount.py").write_text("")
    assert has_test_module("mmlib/search/minimax.py", tmp_path)
    assert has_test_module("mmlib/trace/results.py", tmp_path)
    assert has_test_module("mmlib/fastcount.py", tmp_path)               # a top-level module: any folder
    assert not has_test_module("mmlib/search/results.py", tmp_path)        # not in tests/search
    assert not has_test_module("mmlib/trees/_nodes.py", tmp_path)
    assert not has_test_module("mmlib/search/mini.py", tmp_path)           # test_minimax is not test_mini_*


def test_no_two_test_modules_share_a_file_name():
    # pytest imports test modules by file name (tests/ has no packages): a second test_results.py
    # would stop the collection, hence test_results_of_trace.py beside search's test_results.py
    names = sorted(path.name for path in TESTS.rglob("test_*.py"))
    assert not {name for name in names if names.count(name) > 1}
