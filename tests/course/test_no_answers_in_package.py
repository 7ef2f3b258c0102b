"""Students have mmlib (and its docstrings) as well as the labs: no example in the package may answer a lab.

The functions a lab asks for are the ones whose body holds its answer (between `### BEGIN SOLUTION`
and `### END SOLUTION`); a docstring example may show such a function only as the lab's stub."""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def asked_functions() -> set[str]:
    """The functions whose body (or part of it) is a lab's answer."""
    names = set()
    for source in (ROOT / "instructor" / "labs").glob("*.md"):
        function = None
        for line in source.read_text().splitlines():
            if match := re.match(r"\s*def (\w+)\(", line):
                function = match.group(1)
            elif line.strip() == "### BEGIN SOLUTION" and function and line.startswith((" ", "\t")):
                names.add(function)
            elif line.startswith("```"):
                function = None
    return names


def example_functions() -> list[tuple[str, ast.FunctionDef]]:
    parser = doctest.DocTestParser()
    found = []
    for module in sorted((ROOT / "mmlib").rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            docstring = ast.get_docstring(node, clean=True) if isinstance(
                node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) else None
            if not docstring:
                continue
            for example in parser.get_examples(docstring):
                try:
                    tree = ast.parse(example.source)
                except SyntaxError:
                    continue
                found += [(str(module.relative_to(ROOT)), d) for d in ast.walk(tree)
                          if isinstance(d, ast.FunctionDef)]
    return found


def is_stub(function: ast.FunctionDef) -> bool:
    body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Raise)


def test_the_labs_ask_for_functions():
    assert {"minimax", "alphabeta", "best_move", "expectimax"} <= asked_functions()


def test_no_docstring_example_answers_a_lab():
    asked = asked_functions()
    answers = [(module, f.name) for module, f in example_functions() if f.name in asked and not is_stub(f)]
    assert not answers, answers
