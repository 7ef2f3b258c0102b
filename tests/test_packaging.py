"""Keep the packaging files (pyproject, Binder environment, Makefile, README) consistent."""

import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent

# conda-style spec, e.g. "networkx>=3.1" or "python=3.11"
CONDA_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(?:(>=|==|=|<=|>|<)\s*([^\s,]+))?\s*$")
NOT_RUNTIME = {"python", "pip"}


def normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-")


@pytest.fixture(scope="module")
def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def conda_specs(environment: dict) -> dict[str, tuple[str | None, str | None]]:
    """Map normalised name -> (operator, version) for the plain string conda deps."""
    specs = {}
    for dep in environment["dependencies"]:
        if isinstance(dep, str):
            m = CONDA_SPEC.match(dep)
            assert m, f"unparseable conda dependency: {dep!r}"
            specs[normalise(m.group(1))] = (m.group(2), m.group(3))
    return specs


def pip_section(environment: dict) -> list[str]:
    sections = [d["pip"] for d in environment["dependencies"] if isinstance(d, dict) and "pip" in d]
    assert len(sections) == 1, "expected exactly one '- pip:' section"
    return sections[0]


def runtime_lower_bounds(pyproject: dict) -> dict[str, Version | None]:
    bounds = {}
    for raw in pyproject["project"]["dependencies"]:
        req = Requirement(raw)
        lows = [Version(s.version) for s in req.specifier if s.operator == ">="]
        bounds[normalise(req.name)] = max(lows) if lows else None
    return bounds


def test_environment_basics(environment):
    assert environment["name"] == "mmlib"
    assert environment["channels"] == ["conda-forge"]
    specs = conda_specs(environment)
    assert specs.get("python") == ("=", "3.11")
    assert "pip" in specs
    assert "-e ." in [entry.strip() for entry in pip_section(environment)]


def test_environment_names_same_runtime_packages(environment, pyproject):
    conda_names = set(conda_specs(environment)) - NOT_RUNTIME
    assert conda_names == set(runtime_lower_bounds(pyproject))


def test_lower_bounds_agree(environment, pyproject):
    specs = conda_specs(environment)
    for name, low in runtime_lower_bounds(pyproject).items():
        op, version = specs[name]
        if low is None:
            assert op is None, f"{name}: environment.yml pins {op}{version}, pyproject has none"
        else:
            assert op == ">=", f"{name}: environment.yml should say >={low}"
            assert Version(version) == low, f"{name}: {version} in environment.yml vs {low}"


def test_python_version_agrees(environment, pyproject):
    assert pyproject["project"]["requires-python"] == ">=3.11"
    assert conda_specs(environment)["python"] == ("=", "3.11")


def test_makefile_targets():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([A-Za-z0-9_.\-]+)\s*:(?!=)", makefile, flags=re.M))
    assert {"lab", "test", "bench", "notebooks", "clean"} <= targets
    phony = re.search(r"^\.PHONY\s*:(.*)$", makefile, flags=re.M)
    assert phony and {"lab", "test", "bench", "notebooks", "clean"} <= set(phony.group(1).split())


def test_readme_mentions_setup_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lab" in readme
    assert "make test" in readme
