"""ARCHITECTURE.md lists every module of mmlib, one line each, and nothing that is not one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "mmlib"


def package_modules() -> set[str]:
    names = set()
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.add(".".join(parts))
    return names


def listed_modules(text: str) -> list[str]:
    """The modules the list of ARCHITECTURE.md names: lines ``- `mmlib.x`: what it is``."""
    return re.findall(r"^- `(mmlib(?:\.[\w]+)*)`: \S", text, flags=re.MULTILINE)


def test_every_module_is_listed_once_and_nothing_else():
    listed = listed_modules((ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8"))
    modules = package_modules()
    missing = sorted(modules - set(listed))
    extra = sorted(set(listed) - modules)
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert missing == [], f"add a line '- `name`: what it is' to ARCHITECTURE.md for {missing}"
    assert extra == [], f"ARCHITECTURE.md lists modules that do not exist: {extra}"
    assert twice == [], f"ARCHITECTURE.md lists these modules twice: {twice}"


def test_the_check_reads_the_list_as_a_reader_does():
    text = "- `mmlib.search`: the searches\n- `mmlib.search.registry`: the list\n  - `mmlib.nope` no colon\n"
    assert listed_modules(text) == ["mmlib.search", "mmlib.search.registry"]


def test_the_readme_sends_contributors_here():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    contributors = readme[readme.index("## For contributors"):]
    assert "(ARCHITECTURE.md)" in contributors.split("\n## ")[0]
