"""How much of mmlib's signatures say nothing: parameters annotated ``Any``.

Every function and method of the package is read with ``ast``; a parameter counts as untyped
when its annotation is ``Any`` (``typing.Any``, or ``Any | None``) or a name that resolves, through
module-level aliases and imports, to ``Any`` (``State = Any`` once made 15% of them so).  The
share must stay at most 5% (it was 645 of 3,732, 17.3%, while ``State`` and ``Move`` were ``Any``;
169 of 3,735, 4.5%, once games were typed).  Run this file as a script to print the share.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mmlib"
LIMIT = 0.05


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from ... import`` statement reads."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_any_expr(node: ast.expr | None, aliases: set[str]) -> bool:
    """True when an annotation (or an alias's value) means ``Any``."""
    if node is None:
        return False
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return False
    if isinstance(node, ast.Name):
        return node.id in aliases
    if isinstance(node, ast.Attribute):
        return node.attr == "Any" and isinstance(node.value, ast.Name) and node.value.id == "typing"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # X | None
        sides = (node.left, node.right)
        rest = [s for s in sides if not (isinstance(s, ast.Constant) and s.value is None)]
        return any(_is_any_expr(s, aliases) for s in rest)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        if node.value.id == "Optional":
            return _is_any_expr(node.slice, aliases)
    return False


def _modules() -> dict[str, tuple[ast.Module, bool]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        found[_module_name(path)] = (ast.parse(path.read_text(encoding="utf-8")), path.name == "__init__.py")
    return found


def _any_names(modules: dict[str, tuple[ast.Module, bool]]) -> dict[str, set[str]]:
    """Per module, the names that mean ``Any`` there: ``Any`` itself, aliases, imported aliases."""
    names: dict[str, set[str]] = {name: set() for name in modules}
    changed = True
    while changed:
        changed = False
        for module, (tree, is_package) in modules.items():
            known = names[module]
            before = len(known)
            for node in tree.body:
                if isinstance(node, ast.ImportFrom):
                    source = _absolute(module, is_package, node)
                    for alias in node.names:
                        local = alias.asname or alias.name
                        is_any = source == "typing" and alias.name == "Any"
                        if is_any or alias.name in names.get(source, ()):
                            known.add(local)
                elif isinstance(node, ast.Assign) and _is_any_expr(node.value, known):
                    known.update(t.id for t in node.targets if isinstance(t, ast.Name))
                elif (
                    isinstance(node, ast.AnnAssign)
                    and isinstance(node.target, ast.Name)
                    and _is_any_expr(node.value, known)
                ):
                    known.add(node.target.id)
            changed = changed or len(known) != before
    return names


def _parameters(tree: ast.Module) -> Iterator[tuple[str, ast.arg]]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
            every += [a for a in (args.vararg, args.kwarg) if a is not None]
            name = getattr(node, "name", "<lambda>")
            for arg in every:
                if arg.arg in ("self", "cls") and arg.annotation is None:
                    continue
                yield name, arg


def measure() -> tuple[int, int, list[str]]:
    """(parameters annotated Any, all parameters, where the Any ones are)."""
    modules = _modules()
    names = _any_names(modules)
    total, untyped, where = 0, 0, []
    for module, (tree, _) in modules.items():
        for function, arg in _parameters(tree):
            total += 1
            if _is_any_expr(arg.annotation, names[module]):
                untyped += 1
                where.append(f"{module}.{function}({arg.arg})")
    return untyped, total, where


def test_the_measure_sees_an_alias_of_any() -> None:
    tree = ast.parse("from typing import Any\nS = Any\n"
                     "def f(a: S, b: 'S | None', c: int, d: Any) -> None: ...")
    modules = {"m": (tree, False)}
    names = _any_names(modules)
    flags = [_is_any_expr(arg.annotation, names["m"]) for _, arg in _parameters(tree)]
    assert flags == [True, True, False, True]


def test_the_measure_follows_imports_of_an_alias() -> None:
    base = ast.parse("from typing import Any\nState = Any\n")
    user = ast.parse("from .base import State as S\ndef f(x: S, y: 'list[S]') -> None: ...")
    names = _any_names({"p.base": (base, False), "p.user": (user, False)})
    flags = [_is_any_expr(arg.annotation, names["p.user"]) for _, arg in _parameters(user)]
    assert flags == [True, False]


@pytest.mark.slow                                       # it parses the whole package: a second or two
def test_at_most_five_percent_of_parameters_are_any() -> None:
    untyped, total, where = measure()
    share = untyped / total
    if share > LIMIT:
        listed = "\n".join(where)
        pytest.fail(f"{untyped} of {total} parameters ({share:.1%}) are Any, above {LIMIT:.0%}:\n{listed}")


if __name__ == "__main__":
    untyped, total, _ = measure()
    print(f"{untyped} of {total} parameters are Any ({untyped / total:.1%})")
