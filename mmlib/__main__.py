"""Search a labelled tree text from the command line, as CMPUT 355's ``alphabeta.py`` does.

University of Alberta CMPUT 355 ("Alpha-Beta Search") runs its course script as
``python3 alphabeta.py < t1.in``; mmlib gives the same::

    python -m mmlib alphabeta < t1.in
    python -m mmlib minimax t1.in
    python -m mmlib negamax --windows < t1.in
    python -m mmlib minimax --depth 2 < tree.in     # interior lines "X 4" give static values

It prints the value at the root, the leaves evaluated in order and the leaves pruned;
``--windows`` adds every node with the window [alpha, beta] it was searched with and what the
leaves evaluated below it prove of its value (``≤ 3`` when that is only a bound; ``≤ 3 (ret. 5)``
when the search returned another number, as fail-hard does).  The format of the tree text
is described in :mod:`mmlib.trees.text`.  A malformed text is reported with its line
number and the exit status 1; nothing here computes anything: the searches are
:mod:`mmlib.search`'s and every fact printed is read from :mod:`mmlib.trace`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from . import search, trace, trees
from .errors import MmlibError

if TYPE_CHECKING:
    from .search.results import SearchResult

__all__ = ["main", "report"]

SEARCHES = {"minimax": search.minimax, "alphabeta": search.alphabeta, "negamax": search.negamax}


def parser() -> argparse.ArgumentParser:
    """The command line: a search, a tree text (a file, or standard input) and options."""
    command = argparse.ArgumentParser(
        prog="python -m mmlib",
        description="Search a labelled tree text (the t1.in format of CMPUT 355's alphabeta.py) "
                    "and print its value and the leaves evaluated, in order.")
    command.add_argument("algorithm", choices=sorted(SEARCHES), help="the search to run")
    command.add_argument("file", nargs="?", type=argparse.FileType("r", encoding="utf-8"),
                         default=sys.stdin,
                         help="the tree text (default: standard input: `python -m mmlib alphabeta < t1.in`)")
    command.add_argument("--windows", action="store_true",
                         help="also print every node with its window [alpha, beta] and the value it returned")
    command.add_argument("--depth", type=int, default=None,
                         help="stop at this depth and use the static values written on interior nodes "
                              "(default: search to the leaves)")
    command.add_argument("--fail-hard", action="store_true",
                         help="clamp each result to its window (Cornell CS 312's [min, max] form)")
    command.add_argument("--cutoff", choices=(">=", ">"), default=">=",
                         help="prune when alpha >= beta (default) or only when alpha > beta")
    return command


def report(result: SearchResult, *, windows: bool = False) -> str:
    """What the command prints for a search ``result`` made with ``trace=True``.

    >>> tree = trees.from_text("ABCDEFGH\\nA: BC\\nB: DE\\nC: FGH\\nD 7\\nE 5\\nF 9\\nG 3\\nH 1")
    >>> print(report(search.alphabeta(tree, trace=True)))
    alphabeta (fail-soft, >=)
    value: 5
    leaves evaluated (4 of 5): D E F G
    pruned leaves: H
    """
    model = trace.trace_of(result)
    evaluated = [model.label(path) for path in model.evaluation_order]
    pruned = [model.label(path) for path in model.pruned_leaves]
    lines = [
        model.algorithm,
        f"value: {model.value_text(model.start)}",
        f"leaves evaluated ({len(evaluated)} of {model.tree.leaf_count}): {' '.join(evaluated)}"
        if set(model.evaluation_order) <= {leaf.path for leaf in model.tree.leaves()}
        else f"positions evaluated at the depth limit or the end: {' '.join(evaluated)}",
        f"pruned leaves: {' '.join(pruned) or 'none'}",
    ]
    if windows:
        lines += ["", *_window_table(model)]
    return "\n".join(lines)


def _window_table(model: trace.Trace) -> list[str]:
    """One line per node, indented by depth: label, window searched with, its value as drawn."""
    marks = model.marks()
    has_windows = model.variant != "minimax"
    rows = [("node", "window" if has_windows else "", "value")]
    for node in model.tree.nodes():
        name = "  " * len(node.path) + node.label
        if node.path in marks.pruned:
            rows.append((name, "", "pruned"))
        elif node.path not in marks.entered:
            rows.append((name, "", "below the depth limit"))
        else:
            window = trace.format_window(marks.windows.get(node.path))
            rows.append((name, window, marks.value_text(node.path)))
    width = [max(len(row[k]) for row in rows) for k in range(2)]
    return [f"{row[0]:<{width[0]}}  {row[1]:<{width[1]}}  {row[2]}".rstrip() if has_windows
            else f"{row[0]:<{width[0]}}  {row[2]}".rstrip() for row in rows]


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run the command; returns the exit status (0, or 1 for a tree text or search that failed)."""
    out, err = stdout or sys.stdout, stderr or sys.stderr
    options = parser().parse_intermixed_args(argv)
    name = getattr(options.file, "name", "<stdin>")
    try:
        with options.file as source:
            text = source.read()
        tree = trees.from_text(text)
        extra: dict[str, Any] = {}
        if options.algorithm != "minimax":
            extra = {"variant": "fail-hard" if options.fail_hard else "fail-soft", "cutoff": options.cutoff}
        result = SEARCHES[options.algorithm](tree, depth=options.depth, trace=True, **extra)
    except (MmlibError, UnicodeDecodeError) as error:
        print(f"{name}: {error}", file=err)
        return 1
    print(report(result, windows=options.windows), file=out)
    return 0


if __name__ == "__main__":
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")      # ∞ and ≤ on a terminal that cannot show them
    sys.exit(main())
