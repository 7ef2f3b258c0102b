"""What sealed code sees of mmlib: a staged copy with only the modules it may import.

A lab's graded code may import some parts of mmlib (and what those import); every other part is
simply not there, and some functions of the shipped modules, the searches a lab asks for, have
their body replaced by an error.  :func:`stage` writes that copy into a folder the sandbox
(:mod:`mmlib.isolation.sandbox`) mounts read-only; the package and ``mmlib.check`` are stand-ins that
say what is missing.  Which parts each lab allows is the course's choice (``mmlib.course.labs``).

>>> shipped = sandbox_modules(("mmlib.games",))
>>> "mmlib.games.connect4" in shipped, "mmlib.isolation.runner" in shipped, "mmlib.search" in shipped
(True, True, False)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = ["ALWAYS", "PACKAGE_ROOT", "sandbox_modules", "stage"]

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent
"""The folder holding the mmlib package in use: what is staged is the code that runs here."""

ALWAYS = ("mmlib.isolation.runner", "mmlib.check.nodes", "mmlib.errors")
"""Shipped into every sandbox: the protocol (with what it imports), the node interface, the errors."""
STAND_INS = ("mmlib", "mmlib.check")


def _module_file(root: Path, module: str) -> Path | None:
    path = root.joinpath(*module.split("."))
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return path.with_suffix(".py") if path.with_suffix(".py").is_file() else None


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for stmt in body:
        if isinstance(stmt, ast.If | ast.Try):
            yield from _top_level(stmt.body)
            for handler in getattr(stmt, "handlers", []):
                yield from _top_level(handler.body)
            yield from _top_level(stmt.orelse)
        else:
            yield stmt


def _imports(root: Path, module: str) -> set[str]:
    """The mmlib modules ``module`` imports when it is loaded (imports inside functions left out)."""
    path = _module_file(root, module)
    assert path is not None, module
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for stmt in _top_level(ast.parse(path.read_text()).body):
        names: list[str] = []
        if isinstance(stmt, ast.ImportFrom):
            base = stmt.module or ""
            if stmt.level:
                parts = package.split(".")[: len(package.split(".")) - stmt.level + 1]
                base = ".".join(parts + ([stmt.module] if stmt.module else []))
            names = [base] + [f"{base}.{alias.name}" for alias in stmt.names]
        elif isinstance(stmt, ast.Import):
            names = [alias.name for alias in stmt.names]
        found |= {name for name in names if name.startswith("mmlib") and _module_file(root, name)}
    return found - set(STAND_INS)


def sandbox_modules(allowed: tuple[str, ...], *, root: Path = PACKAGE_ROOT) -> set[str]:
    """Every mmlib module shipped into a sandbox whose code may import ``allowed``: those, what
    they import, and :data:`ALWAYS`."""
    todo = list(allowed) + list(ALWAYS)
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += _imports(root, module)
    return seen


def _called_at_import(module: ast.Module) -> set[str]:
    """The names of the functions the module calls while it is imported: in its own statements,
    in class bodies and in decorators (a function that makes the methods of a class), never inside
    a function's body.

    >>> sorted(_called_at_import(ast.parse(
    ...     "def wrap(f): return f\\nclass A:\\n    m = wrap(len)\\n    def n(self): return helper()")))
    ['wrap']
    """
    called: set[str] = set()
    pending: list[ast.AST] = list(module.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            pending += getattr(node, "decorator_list", [])    # run at import; the body is not
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            called.add(node.func.id)
        pending += ast.iter_child_nodes(node)
    return called


class _Hollow(ast.NodeTransformer):
    """Replace the bodies of the named top-level functions ("*": every function and method of the
    module), of every method of a named class ("Class") and of named methods ("Class.method") by an
    error saying they are not available; a named attribute ("Class.attribute", no method of that
    name) is no longer set by the class's methods, so reading it fails."""

    def __init__(self, module: str, names: tuple[str, ...]) -> None:
        self.module, self.names = module, names

    def _hollow(self, function: ast.FunctionDef, name: str) -> None:
        message = f"{self.module}.{name} is not available while this lab is graded"
        function.body = [ast.Raise(ast.Call(ast.Name("RuntimeError", ast.Load()),
                                            [ast.Constant(message)], []), None)]

    def _unset(self, cls: ast.ClassDef, attribute: str) -> None:
        for node in ast.walk(cls):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if not isinstance(block, list):
                    continue
                for index, stmt in enumerate(block):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else \
                        [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
                    if any(isinstance(t, ast.Attribute) and t.attr == attribute
                           and isinstance(t.value, ast.Name) and t.value.id == "self" for t in targets):
                        block[index] = ast.Pass()

    def visit_Module(self, node: ast.Module) -> ast.Module:
        everything = "*" in self.names
        needed = _called_at_import(node) if everything else set()    # "*" must not break the import
        for stmt in node.body:
            if isinstance(stmt, ast.FunctionDef) and (everything and stmt.name not in needed
                                                      or stmt.name in self.names):
                self._hollow(stmt, stmt.name)
            if isinstance(stmt, ast.ClassDef):
                whole = everything or stmt.name in self.names
                methods = {m.name for m in stmt.body if isinstance(m, ast.FunctionDef)}
                for method in stmt.body:
                    dotted = f"{stmt.name}.{getattr(method, 'name', '')}"
                    if isinstance(method, ast.FunctionDef) and (whole or dotted in self.names):
                        self._hollow(method, dotted)
                for name in self.names:
                    owner, _, attribute = name.partition(".")
                    if owner == stmt.name and attribute and attribute not in methods:
                        self._unset(stmt, attribute)
        return node


STAND_IN_MMLIB = '''"""mmlib as graded lab code sees it: only the parts this lab allows are here."""
import importlib.abc
import importlib.machinery
import sys
import types

from .errors import MmlibError  # noqa: F401

SHIPPED = {shipped!r}


class _Absent(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"{{self.__name__}} is not available while this lab is graded "
                             f"(graded code may use {allowed})")


class _AbsentFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith("mmlib.") and fullname not in SHIPPED:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _Absent(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


sys.meta_path.append(_AbsentFinder())

for _name in {order!r}:            # the order the whole package imports them in (no import cycle)
    if f"mmlib.{{_name}}" in SHIPPED:
        try:
            importlib.import_module(f"mmlib.{{_name}}")
        except Exception:  # noqa: BLE001 - its import fails again, with its message, where it is used
            pass


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return importlib.import_module(f"{{__name__}}.{{name}}")
'''

STAND_IN_CHECK = '''"""The lab checker runs in the grader, not here: only the node interface is."""
import importlib

from ..errors import CheckFailed  # noqa: F401
from .nodes import LabNode, lab_tree  # noqa: F401


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if name.startswith("check"):
        raise AttributeError(f"mmlib.check.{{name}} runs in the grader, not in graded code")
    return importlib.import_module(f"{{__name__}}.{{name}}")
'''


def _import_order(root: Path) -> list[str]:
    """The subpackages mmlib's own ``__init__`` imports, in order."""
    source = ast.parse((root / "mmlib" / "__init__.py").read_text())
    return [alias.name for stmt in source.body if isinstance(stmt, ast.ImportFrom) and stmt.level == 1
            and not stmt.module for alias in stmt.names if alias.name != "check"]


def stage(allowed: tuple[str, ...], target: Path, *,
          withheld: Mapping[str, tuple[str, ...]] | None = None, root: Path = PACKAGE_ROOT,
          stand_ins: Mapping[str, str] | None = None) -> Path:
    """Write the mmlib that sealed code allowed to import ``allowed`` sees into ``target``/mmlib, the
    functions ``withheld`` names (module -> names, "*": all, "Class.method") hollowed out, and the
    modules ``stand_ins`` gives (module -> source, e.g. a ``mmlib.quiz`` holding only a lab's own
    question trees); return ``target``."""
    stand_ins = stand_ins or {}
    modules = sandbox_modules(allowed, root=root) | set(stand_ins)
    packages = {".".join(m.split(".")[:i]) for m in modules for i in range(1, len(m.split(".")))}
    withheld = withheld or {}
    for module in sorted(modules | packages):
        source_path = _module_file(root, module)
        is_package = source_path is not None and source_path.name == "__init__.py" or module in packages
        out = target.joinpath(*module.split("."))
        out = out / "__init__.py" if is_package else out.with_suffix(".py")
        out.parent.mkdir(parents=True, exist_ok=True)
        if module == "mmlib":
            text = STAND_IN_MMLIB.format(shipped=sorted(modules | packages), order=_import_order(root),
                                         allowed=", ".join(allowed))
        elif module == "mmlib.check":
            text = STAND_IN_CHECK.format()
        elif module in stand_ins:
            text = stand_ins[module]
        elif module not in modules:        # a package only some of whose modules are here
            text = '"""Only some modules of this package are here while a lab is graded."""\n'
        else:
            assert source_path is not None
            text = source_path.read_text()
            if module in withheld:
                tree = _Hollow(module, withheld[module]).visit(ast.parse(text))
                text = ast.unparse(ast.fix_missing_locations(tree))
        out.write_text(text)
    for path in [target, *target.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return target

