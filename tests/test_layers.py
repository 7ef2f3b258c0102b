"""The package's import graph: no circles, and no import from a lower layer to a higher one.

The layers, from the ground up, are :data:`LAYERS`; a module may import only from its own layer or a
lower one (imports for the type checker alone, under ``if TYPE_CHECKING:``, do not count).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mmlib"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("mmlib.errors",),
    ("mmlib._validate", "mmlib.mixing", "mmlib.progress"),
    ("mmlib.ordering", "mmlib.instrument", "mmlib.table", "mmlib.isolation"),
    ("mmlib.trees", "mmlib.games"),
    ("mmlib.conventions",),
    ("mmlib.search",),
    ("mmlib.fastcount", "mmlib.analysis", "mmlib.branching"),
    ("mmlib.trace",),
    ("mmlib.draw", "mmlib.quiz", "mmlib.source"),
    ("mmlib.check",),
    ("mmlib.widgets", "mmlib.course"),
    ("mmlib", "mmlib.__main__"),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def runtime_imports(tree: ast.AST, *, typing: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run: those under ``if TYPE_CHECKING:`` are for the type checker
    only, and left out unless ``typing``."""
    for node in ast.iter_child_nodes(tree):
        if not typing and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from runtime_imports(ast.Module(node.orelse, []))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from runtime_imports(node, typing=typing)


def imported_modules(name: str, path: Path, *, typing: bool = False) -> Iterator[str]:
    """The mmlib modules that the module `name` imports (a package stands for its ``__init__``);
    with ``typing``, also those imported for the type checker alone."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in runtime_imports(ast.parse(path.read_text(encoding="utf-8")), typing=typing):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            candidates = [f"{source}.{alias.name}" for alias in node.names] + [source]
        else:
            continue
        for candidate in candidates:
            if candidate in MODULES:
                yield candidate
                break


GRAPH = {name: set(imported_modules(name, path)) - {name} for name, path in MODULES.items()}
TYPED_GRAPH = {name: set(imported_modules(name, path, typing=True)) - {name}
               for name, path in MODULES.items()}
"""Every import, the type checker's too: two modules that need each other's names, even only to
annotate, are one module in two files."""


def layer_of(module: str) -> int:
    unit = ".".join(module.split(".")[:2])
    for index, layer in enumerate(LAYERS):
        if unit in layer or module in layer:
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        layer_of(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_or_sideways(module: str) -> None:
    upward = sorted(target for target in GRAPH[module] if layer_of(target) > layer_of(module))
    assert upward == [], f"{module} (layer {layer_of(module)}) imports from a higher layer: {upward}"


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively; the components with more than one module are circles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def test_no_import_circles() -> None:
    assert strongly_connected(GRAPH) == []


def test_no_import_circles_even_for_the_type_checker() -> None:
    assert strongly_connected(TYPED_GRAPH) == []


def test_imports_for_the_type_checker_are_read() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n"
    tree = ast.parse(source)
    assert [ast.unparse(node) for node in runtime_imports(tree)] == ["from typing import TYPE_CHECKING"]
    assert len(list(runtime_imports(tree, typing=True))) == 2


def test_the_circle_finder_finds_a_circle() -> None:
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
