"""The labs' practice cases: which trees each lab ships as case files, and running a student's
function on one case or on all of them (the files' form: :mod:`mmlib.check.casefile`).

>>> def first_leaf(node, depth, maximizing):      # not minimax: it always follows the first child
...     if depth == 0 or node.is_leaf():
...         return node.value
...     return first_leaf(node.children[0], depth - 1, not maximizing)
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "cases"
>>> len(write_practice(folder, ["lab1", "lab2"]))  # lab1/01.txt ... lab1/11.txt, lab2/01.txt ... 08.txt
19
>>> run_case(folder / "lab1" / "01.txt", first_leaf).passed
False
>>> def no_pruning(node, depth, alpha, beta, maximizing):   # not alpha-beta either
...     return first_leaf(node, depth, maximizing)
>>> print(str(run_case(folder / "lab2" / "01.txt", no_pruning)).splitlines()[0])
alpha-beta, case lab2/01 (AIMA figure 5.2): not yet (over-pruning)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..conventions import DEFAULT
from ..errors import ArgumentError, ArgumentTypeError, TreeTextError, printable
from ..isolation import runner
from ..isolation._args import function
from ..table import EXACT, LOWER, UPPER
from .boardfile import (
    BOARD_KINDS,
    BoardCaseFile,
    board_case,
    read_board_case,
    run_board_case,
    write_board_case,
)
from .boardorderfile import (
    BOARD_ORDER_KINDS,
    BoardOrderCaseFile,
    board_order_case,
    read_board_order_case,
    run_board_order_case,
    write_board_order_case,
)
from .callfile import CALL_KINDS, CallCaseFile, call_case, read_call_case, run_call_case, write_call_case
from .casefile import KINDS, CaseFile, case_from_nested, number_text, read_case, write_case
from .chancefile import (
    CHANCE_KINDS,
    ChanceCaseFile,
    chance_case,
    read_chance_case,
    run_chance_case,
    write_chance_case,
)
from .deepening import EMPTY_BOARD, play
from .orderfile import (
    ORDER_KINDS,
    OrderCaseFile,
    order_case,
    read_order_case,
    run_order_case,
    write_order_case,
)
from .report import Report, finish
from .searches import _check_best_move, _check_search

CASES_DIR = "cases"
"""The folder, beside the labs, that holds the practice cases (``cases/lab1/01.txt``)."""

__all__ = ["CASES_DIR", "load_case", "practice_cases", "PRACTICE_TREES", "PRACTICE_LABS", "PRACTICE_MOVES",
           "PRACTICE_CHANCE", "PRACTICE_CALLS", "PRACTICE_BOARDS", "PRACTICE_BOARD_ORDERS",
           "PRACTICE_ORDERS", "practice_set",
           "read_any", "AnyCase", "write_practice", "run_case", "run_cases"]


PRACTICE_TREES: tuple[tuple[str, list[Any], int | None], ...] = (
    ("AIMA figure 5.2", [[3, 12, 8], [2, 4, 6], [14, 5, 2]], None),
    ("t1.in of CMPUT 355, University of Alberta", [[7, 5], [9, 3, 1]], None),
    ("the A-G tree of E. Özbilge's slides", [[[3, 5], [6, 9]], [[1, 2], [0, -1]]], None),
    ("AIMA figure 5.2 searched to depth 1", [[3, 12, 8], [2, 4, 6], [14, 5, 2]], 1),
    ("the A-G tree of E. Özbilge's slides searched to depth 2", [[[3, 5], [6, 9]], [[1, 2], [0, -1]]], 2),
    ("leaves at mixed depths, negative values", [[-2, [4, -6]], 1, [[3, -1], -5]], None),
    ("tied values", [[5, 5, 2], [5, 7], [4, 5]], None),
    ("mixed depths searched to depth 2", [[[2, 8], 6], [[-3, 9], [4, 1]], 3], 2),
)
"""The practice trees every search lab ships (name, tree, search depth)."""

PRACTICE_LABS = {"lab1": "minimax", "lab2": "alpha-beta", "lab3": "evaluate", "lab4": "expectimax",
                 "lab5": "centre first", "lab6": "anytime_move", "lab7": "bound_flag"}
"""The labs with practice cases, and the check :func:`run_cases` runs by default."""

INF = float("inf")

PRACTICE_BOARDS: dict[str, tuple[tuple[str, str, str], ...]] = {"lab3": (
    ("X took a corner: O must take the centre", "........X",
     "Any other reply lets X, a few moves later, make two threats at once."),
    ("X holds two opposite corners: O must answer on an edge", "..X.O.X..",
     "After O takes a corner, X must block O's diagonal, and that block makes two threats at once."),
    ("X threatens two lines through square 6: O must take square 0", "..OX....X",
     "O on 0 blocks the column 0-3-6 and threatens 1, so X must answer there; after any other move\n"
     "X makes two threats at once."),
    ("O can make two threats at once on square 0 or 6: X must take one of them", "..OO.X..X",
     "O on 0 would threaten 1 and 6; O on 6 would threaten 0 and 4."),
    ("a threat that backfires: X must not play 2", ".X.O.X..O",
     "X on 2 threatens 0, so O blocks there, and O on 0 threatens both 4 and 6."),
    ("X can make two threats at once on square 2: O must take 0, 2 or 8", ".X..OX...",
     "After O on 3 or 7, X plays 2 and threatens both 0 and 8; O on 6 threatens 2, but X's block\n"
     "there does the same."),
)}
"""Each board lab's practice boards (name, board, why), for its agent searching to depth 3."""

PRACTICE_BOARD_ORDERS: dict[str, tuple[tuple[str, str, str], ...]] = {"lab3": (
    ("the empty board: X's first move", ".........",
     "In square order the search tries a corner first and the centre fifth, the move of the highest\n"
     "value."),
    ("X took a corner: O to move", "........X",
     "The same board as case 01: the centre, O's only reply that does not lose, has the lowest value."),
    ("X in a corner, O on the centre: square order is lucky here", "X...O....",
     "Square order stays within the goal on this board; the reverse order does not."),
    ("X in a corner, O on an edge: X to move", "...O....X",
     "In square order the search tries the corner 0 first, which is not X's best-looking move."),
    ("X on an edge: O to move", ".......X.",
     "O wants the value low: the moves sorted as X would sort them (highest first) take more nodes\n"
     "than the goal; square order does not."),
)}
"""Lab 3's practice boards for exercise 2 (name, board, why): the agent's search to depth 3 with the
open-lines evaluator fixed at its depth limit, the student's order judged by its nodes."""

PRACTICE_CHANCE: dict[str, tuple[tuple[str, str, str, Any], ...]] = {"lab4": (
    ("lecture 09, exercise 1: one chance node, probabilities 1/6, 1/3, 1/2", "expectimax", "max chance",
     [[(1 / 6, 8), (1 / 3, 24), (1 / 2, -12)]]),
    ("two gambles worth the same", "expectimax", "max chance",
     [[(0.5, 2), (0.5, 6)], [(0.25, 10), (0.75, 2)]]),
    ("a choice after a chance outcome, and a sure move", "expectimax", "max chance",
     [[(1 / 3, [[(0.5, 12), (0.5, 0)], 5]), (2 / 3, 3)], [(0.2, 20), (0.8, -1)], 2]),
    ("AIMA figure 5.12 with the leaves under the second move's unlikely roll changed",
     "expectiminimax", "max chance min", [[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [13, 13])]]),
    ("dice, then MIN, then dice again", "expectiminimax", "max chance min chance",
     [[(0.5, [[(0.5, 4), (0.5, 8)], 7]), (0.5, [10, 12])], [(1 / 3, 15), (2 / 3, 0)]]),
    ("lecture 09's chance node against a safer gamble", "best gamble", "max chance",
     [[(1 / 6, 8), (1 / 3, 24), (1 / 2, -12)], [(0.5, 4), (0.5, 2)]]),
    ("three gambles, two of them best", "best gamble", "max chance",
     [[(0.5, 2), (0.5, 6)], [(0.25, 10), (0.75, 2)], [(0.9, 3), (0.1, 5)]]),
    ("a long shot against a safe bet", "best gamble", "max chance",
     [[(0.5, 3), (0.5, 4)], [(0.9, 0), (0.1, 30)]]),
)}
"""Each chance lab's practice trees (name, check, levels, tree as :func:`~mmlib.trees.layered_tree`
reads it)."""

PRACTICE_CALLS: dict[str, tuple[tuple[str, str, tuple[tuple[Any, ...], ...]], ...]] = {"lab7": (
    ("results of a search in the window [40, 60]", "bound_flag",
     ((35, 40, 60), (40, 40, 60), (50, 40, 60), (60, 40, 60), (75, 40, 60))),
    ("windows with an infinite bound", "bound_flag",
     ((45, -INF, 60), (60, -INF, 60), (40, 40, INF), (100, 40, INF), (-50, -INF, INF))),
    ("a null window [49, 50] (width 1)", "bound_flag",
     ((48, 49, 50), (49, 49, 50), (50, 49, 50), (55, 49, 50))),
    ("an EXACT entry, searched deep enough or not", "probe",
     ((50, EXACT, 3, 3, 40, 60), (50, EXACT, 5, 3, 40, 60), (50, EXACT, 2, 3, 40, 60),
      (70, EXACT, 4, 3, 40, 60))),
    ("a LOWER entry: the search that stored it was cut off", "probe",
     ((65, LOWER, 3, 3, 40, 60), (60, LOWER, 3, 2, 40, 60), (50, LOWER, 3, 3, 40, 60),
      (65, LOWER, 1, 3, 40, 60))),
    ("an UPPER entry: no move reached alpha", "probe",
     ((40, UPPER, 2, 2, 40, 60), (35, UPPER, 4, 2, 40, 60), (45, UPPER, 4, 2, 40, 60),
      (-50, UPPER, 2, 2, -INF, 60), (30, UPPER, 1, 2, 40, 60))),
)}

def _board(opening: str) -> str:
    """The Connect Four board after the columns of ``opening`` (lab 6's text form)."""
    board = EMPTY_BOARD
    for column in opening:
        board = play(board, int(column))
    return board


PRACTICE_CALLS["lab6"] = (
    ("the empty board, 500 nodes", "anytime_move", ((_board(""), 500),)),
    ("after 3 and 2, a budget of 700 nodes", "anytime_move", ((_board("32"), 700),)),
    ("after 3 and 4, 900 nodes: the unfinished iteration likes another move", "anytime_move",
     ((_board("34"), 900),)),
    ("after 2, 250 nodes: the budget is for the whole move", "anytime_move", ((_board("2"), 250),)),
    ("after 3 4 3 4, 700 nodes: the previous best move first", "anytime_move", ((_board("3434"), 700),)),
    ("after 3 3 2, 500 nodes", "anytime_move", ((_board("332"), 500),)),
)
"""Each lab's practice calls (name, function, argument tuples)."""

PRACTICE_ORDERS: dict[str, tuple[tuple[str, str, str], ...]] = {"lab5": (
    ("after 3 2 4 3 5", "centre first", "32435"),
    ("after 3 3 4 4 3", "centre first", "33443"),
    ("after 3 2 3 4 5 4", "centre first", "323454"),
    ("after 3 2 5 4 4 3", "best first", "325443"),
    ("after 4 3 4 3 5 2", "best first", "434352"),
    ("after 3 2 4 3 5", "best first", "32435"),
    ("after 3 3 4 4 3", "best first", "33443"),
)}
"""Each ordering lab's practice boards (name, check, opening), searched to depth 5: boards of five
and more discs (the graded boards have at most four)."""
ORDER_DEPTH = 5

PRACTICE_MOVES: dict[str, tuple[tuple[str, list[Any], int | None], ...]] = {"lab1": (
    ("AIMA figure 5.2: the best move", [[3, 12, 8], [2, 4, 6], [14, 5, 2]], None),
    ("AIMA figure 5.2 searched to depth 1: two best moves", [[3, 12, 8], [2, 4, 6], [14, 5, 2]], 1),
    ("the A-G tree of E. Özbilge's slides: the best move", [[[3, 5], [6, 9]], [[1, 2], [0, -1]]], None),
)}
"""Each lab's best-move cases, after its search cases (check ``best move``)."""


def practice_set(lab: str) -> dict[str, str]:
    """The practice case files of ``lab``: file name -> text.

    >>> sorted(practice_set("lab1"))[:2]
    ['01.txt', '02.txt']
    """
    if lab not in PRACTICE_LABS:
        raise ArgumentError(f"lab: expected one of {', '.join(PRACTICE_LABS)}, got {printable(lab)}")
    if lab in PRACTICE_BOARDS:
        texts = [write_board_case(board_case(board, name=name, why=why))
                 for name, board, why in PRACTICE_BOARDS[lab]]
        texts += [write_board_order_case(board_order_case(board, name=name, why=why))
                  for name, board, why in PRACTICE_BOARD_ORDERS.get(lab, ())]
        return {f"{number:02d}.txt": text for number, text in enumerate(texts, start=1)}
    if lab in PRACTICE_CHANCE:
        return {f"{number:02d}.txt": write_chance_case(chance_case(nested, check, levels, name))
                for number, (name, check, levels, nested) in enumerate(PRACTICE_CHANCE[lab], start=1)}
    if lab in PRACTICE_ORDERS:
        return {f"{number:02d}.txt": write_order_case(order_case(check, _board(opening), ORDER_DEPTH, name))
                for number, (name, check, opening) in enumerate(PRACTICE_ORDERS[lab], start=1)}
    if lab in PRACTICE_CALLS:
        return {f"{number:02d}.txt": write_call_case(call_case(check, list(calls), name))
                for number, (name, check, calls) in enumerate(PRACTICE_CALLS[lab], start=1)}
    cases = [(PRACTICE_LABS[lab], entry) for entry in PRACTICE_TREES]
    cases += [("best move", entry) for entry in PRACTICE_MOVES.get(lab, ())]
    return {f"{number:02d}.txt": write_case(case_from_nested(nested, kind, depth, name))
            for number, (kind, (name, nested, depth)) in enumerate(cases, start=1)}


def write_practice(folder: str | os.PathLike[str], labs: Sequence[str] = tuple(PRACTICE_LABS)) -> list[Path]:
    """Write the practice cases of ``labs`` (default: every lab's) into ``folder``
    (``folder/lab1/01.txt``, ...); the paths."""
    written = []
    for lab in labs:
        target = Path(folder) / lab
        target.mkdir(parents=True, exist_ok=True)
        for file_name, text in practice_set(lab).items():
            (target / file_name).write_text(text, encoding="utf-8")
            written.append(target / file_name)
    return written


def _search_path(name: str) -> list[Path]:
    """Where a practice case named ``lab1/03`` may be: in ``cases/`` beside the labs, looked for
    from the current folder up (a lab runs in ``notebooks/labs``; the course root holds
    ``notebooks/labs/cases`` too)."""
    relative = Path(CASES_DIR) / f"{name}.txt"
    here = Path.cwd()
    return [folder / inside / relative for folder in (here, *here.parents)
            for inside in (Path(), Path("labs"), Path("notebooks") / "labs")]


AnyCase = CaseFile | ChanceCaseFile | CallCaseFile | OrderCaseFile | BoardCaseFile | BoardOrderCaseFile
"""A case file of any kind: a game tree, a chance tree, calls of a function, or a board."""


def read_any(text: str) -> AnyCase:
    """Read a case file of any kind, told apart by its ``check = ...`` line.

    >>> read_any("check = bound_flag\\nbound_flag(value=5, alpha=0, beta=5) = LOWER").answers
    ('lower',)
    """
    check = next((line.partition("=")[2].strip() for line in text.splitlines()
                  if line.strip().startswith("check")), "")
    if check in CHANCE_KINDS:
        return read_chance_case(text)
    if check in CALL_KINDS:
        return read_call_case(text)
    if check in ORDER_KINDS:
        return read_order_case(text)
    if check in BOARD_KINDS:
        return read_board_case(text)
    if check in BOARD_ORDER_KINDS:
        return read_board_order_case(text)
    return read_case(text)


def load_case(name: str | os.PathLike[str]) -> AnyCase:
    """Read a practice case by name (``"lab1/03"``, looked for in ``cases/`` beside the labs) or
    by the path of its file.  Where the folder is not at hand (a grader's sandbox, a browser-only
    Jupyter), a practice case's name gives the case as shipped."""
    if not isinstance(name, (str, os.PathLike)):
        raise ArgumentTypeError(f"name: expected a case name such as 'lab1/03' or a file path, "
                                f"got {type(name).__name__}")
    candidates = [Path(name)] if str(name).endswith(".txt") else _search_path(str(name))
    for path in candidates:
        if path.is_file():
            try:
                return read_any(path.read_text(encoding="utf-8"))
            except TreeTextError as error:
                raise TreeTextError(f"{path.name}: {error}") from None
    lab, _, number = str(name).partition("/")
    if lab in PRACTICE_LABS and f"{number}.txt" in practice_set(lab):    # the folder is not here
        return read_any(practice_set(lab)[f"{number}.txt"])
    raise ArgumentError(f"name: no case file {printable(str(name))} (looked for {candidates[0]}); "
                        f"the practice cases are in the folder {CASES_DIR}/ beside the labs")


def practice_cases(lab: str) -> list[str]:
    """The names of a lab's practice cases, in order (``["lab1/01", "lab1/02", ...]``)."""
    if not isinstance(lab, str) or not re.fullmatch(r"lab[0-9]+", lab):
        raise ArgumentError(f"lab: expected a lab's name such as 'lab1', got {printable(lab)}")
    for path in _search_path(lab):
        folder = path.with_suffix("")
        if folder.is_dir():
            return [f"{lab}/{file.stem}" for file in sorted(folder.glob("*.txt"))]
    if lab in PRACTICE_LABS:
        return [f"{lab}/{Path(file).stem}" for file in practice_set(lab)]
    raise ArgumentError(f"lab: no folder {CASES_DIR}/{lab}/ beside the labs")


def run_case(name: str | os.PathLike[str], fn: Callable[..., Any], *, raise_on_failure: bool = False,
             time_limit: float | None = None) -> Report:
    """Run ``fn`` on one practice case (``"lab1/03"`` or a file path) and report, on that very
    tree (not shrunk), what it expected and what ``fn`` did."""
    __tracebackhide__ = True
    function("fn", fn, "your function")
    case = load_case(name)
    shown = f"{Path(name).parent.name}/{Path(name).stem}" if str(name).endswith(".txt") else name
    title = f"{case.check}, case {shown}" + (f" ({case.name})" if case.name else "")
    if isinstance(case, ChanceCaseFile):
        return finish(run_chance_case(case, fn, title), raise_on_failure)
    limit = runner.TIME_LIMIT if time_limit is None else time_limit
    if isinstance(case, CallCaseFile):
        return finish(run_call_case(case, fn, title, time_limit=limit), raise_on_failure)
    if isinstance(case, OrderCaseFile):
        return finish(run_order_case(case, fn, title, time_limit=limit), raise_on_failure)
    if isinstance(case, BoardCaseFile):
        return finish(run_board_case(case, fn, title, time_limit=limit), raise_on_failure)
    if isinstance(case, BoardOrderCaseFile):
        return finish(run_board_order_case(case, fn, title, time_limit=limit), raise_on_failure)
    if case.check == "best move":
        report = _check_best_move(fn, DEFAULT, [case.as_case()], False, time_limit, shrinking=False,
                                  title=title)
        if report.passed:
            best = " or ".join(map(str, case.best_moves))
            report.summary = (f"Your move is a best one ({best}; move values "
                              f"{' '.join(map(number_text, case.move_values))}), as the case file says.")
        return finish(report, raise_on_failure)
    report = _check_search(fn, case.check, [case.as_case()], False, time_limit, shrinking=False, title=title)
    if report.passed:
        skipped = f"; never evaluated: {' '.join(case.not_evaluated)}" if case.not_evaluated else ""
        report.summary = (f"Value {number_text(case.value)} and evaluation order "
                          f"{' '.join(case.evaluated)}{skipped}, as the case file says.")
    return finish(report, raise_on_failure)


def _kind_named(lab: str, fn: Callable[..., Any]) -> str | None:
    """The check of ``lab``'s practice cases that ``fn`` is named for, if there is one.

    >>> def expectiminimax(node): raise NotImplementedError     # a stub: only its name matters
    >>> _kind_named("lab4", expectiminimax), _kind_named("lab4", lambda node: 0)
    ('expectiminimax', None)
    """
    name = getattr(fn, "__name__", "")
    kinds = {load_case(case).check for case in practice_cases(lab)}
    return next((kind for kind in (name, name.replace("_", " ")) if kind in kinds), None)


def run_cases(lab: str, fn: Callable[..., Any], *, kind: str | None = None,
              time_limit: float | None = None) -> list[Report]:
    """:func:`run_case` on every practice case of ``lab`` for the check ``kind`` (``"minimax"``,
    ``"alpha-beta"``, ``"best move"``, ``"expectimax"``, ``"expectiminimax"``, ``"best gamble"``,
    ``"evaluate"``, ``"order_moves"``, ``"centre first"``, ``"best first"``, ``"anytime_move"``,
    ``"bound_flag"`` or ``"probe"``; default: the check ``fn`` is named for, if the lab has cases
    for it (``best_gamble``: ``"best gamble"``), else as in :data:`PRACTICE_LABS`); the reports,
    in order."""
    if kind is None:
        kind = _kind_named(lab, fn) or PRACTICE_LABS.get(lab, "minimax")
    every = KINDS + CHANCE_KINDS + CALL_KINDS + ORDER_KINDS + BOARD_KINDS + BOARD_ORDER_KINDS
    if kind not in every:
        raise ArgumentError(f"kind: expected one of {', '.join(every)}, got {printable(kind)}")
    names = [name for name in practice_cases(lab) if load_case(name).check == kind]
    return [run_case(name, fn, time_limit=time_limit) for name in names]
