"""No function of mmlib is longer than a reader can hold in mind: at most 60 lines of code.

A function's lines run from its ``def`` (decorators left out) to its last line; its docstring does
not count (the project asks for docstrings with runnable examples, and they should not push code
apart).  The compiled twin, :mod:`mmlib.fastcount`, is one loop on purpose (numba compiles it with
an explicit stack) and is left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mmlib"
LIMIT = 60
EXEMPT = {PACKAGE / "fastcount.py"}


def code_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of ``function`` from ``def`` to its end, its docstring left out."""
    assert function.end_lineno is not None
    lines = function.end_lineno - function.lineno + 1
    first = function.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        assert first.end_lineno is not None
        lines -= first.end_lineno - first.lineno + 1
    return lines


def long_functions(source: str, limit: int = LIMIT) -> list[tuple[str, int]]:
    """The functions and methods (nested ones too) of ``source`` longer than ``limit``, with their
    lengths."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and code_lines(node) > limit:
            found.append((f"{node.name} (line {node.lineno})", code_lines(node)))
    return found


def test_no_function_is_over_60_lines() -> None:
    offenders = [f"{path.relative_to(PACKAGE.parent)}: {name}, {lines} lines"
                 for path in sorted(PACKAGE.rglob("*.py")) if path not in EXEMPT
                 for name, lines in long_functions(path.read_text(encoding="utf-8"))]
    assert offenders == [], "split these by meaning:\n" + "\n".join(offenders)


def test_the_measure_counts_code_not_the_docstring() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(59))
    docstring = '    """A docstring\n' + "    of many lines\n" * 20 + '    """\n'
    source = f"def f():\n{docstring}{body}    return 0\n"            # def + 59 + return: 61 lines
    assert long_functions(source) == [("f (line 1)", 61)]
    assert long_functions(source.replace("    x0 = 0\n", "")) == []
    nested = "class C:\n    def g(self):\n        def h():\n" + body.replace("    ", "            ") \
        + "            return 1\n        return h\n"
    assert long_functions(nested, limit=59) == [("g (line 2)", 63), ("h (line 3)", 61)]   # g: 2 + 61
