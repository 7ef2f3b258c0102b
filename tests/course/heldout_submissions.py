"""Held-out submissions, as students hand them in: correct in several styles, partly wrong, endless,
crashing, memory-hungry, a fork bomb, and every cheat that got through a name filter.  Each is graded
once in one `make grade`-style run; the expected scores are those a fair grader gives."""

from __future__ import annotations

from textwrap import dedent

ROOT_PLACEHOLDER = "@ROOT@"          # the repository, where a cheat looks for the solutions
FOLDER_PLACEHOLDER = "@FOLDER@"      # the submissions folder, which a cheat tries to write into

MINIMAX = "def minimax(node, depth, maximizing):"
BEST_MOVE = "def best_move(node, depth):"
ALPHABETA = "def alphabeta(node, depth, alpha, beta, maximizing):"

CORRECT_BEST_MOVE = '''
def best_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(max(values))
'''



def _public_answers() -> dict[int, float]:
    """The minimax value of every tree of the lab's public check, keyed by the hash of the values the
    checker serves (computed here by a minimax written for this table)."""
    from mmlib.check import check_cases
    from mmlib.check.nodes import shape_of

    def value(node, depth, maximizing):
        if depth == 0 or not node.children:
            return node.value
        values = [value(child, depth - 1, not maximizing) for child in node.children]
        return max(values) if maximizing else min(values)

    table = {}
    for case in check_cases(200, seed=11):
        tree = case.tree()
        table[hash(tuple(shape_of(tree)[1]))] = value(tree.root, case.search_depth(tree), True)
    return table


ANSWER_TABLE_CHEAT = '''
import sys

TABLE = %r


def _checkers_values():
    frame = sys._getframe(1)
    while frame is not None and not hasattr(frame.f_locals.get("call"), "values"):
        frame = frame.f_back
    return hash(tuple(frame.f_locals["call"].values)) if frame is not None else None


def _read(node, depth):
    if depth == 0 or node.is_leaf():
        node.value
        return
    for child in node.children:
        _read(child, depth - 1)


def minimax(node, depth, maximizing):
    key = _checkers_values()
    _read(node, depth)
    return TABLE.get(key, 0) if maximizing else -TABLE.get(key, 0)
'''.replace("%r", repr(_public_answers()))

VARIANT_CHEAT = '''
def expectimax(node):
    from mmlib.check.expectimax import _variant
    return _variant(type("Tree", (), {"root": node}), "weighted")
'''

CENTRE_RANK_CHEAT = '''
def centre_first(board, moves):
    from mmlib.games import ConnectFour
    return sorted(moves, key=ConnectFour().centre_rank.get)
'''

STATIC_ORDER_CHEAT = '''
def order_moves(board, moves):
    from types import SimpleNamespace
    from mmlib.check.ordering import GAME, board_of, state_of
    from mmlib.ordering import StaticOrder
    search = SimpleNamespace(game=GAME, static_score=lambda state: evaluate(board_of(state)),
                             recorder=SimpleNamespace(order_evaluations=0))
    return list(StaticOrder().order(search, state_of(board), list(moves), ()))
'''

TABLE_FLAG_CHEAT = '''
def bound_flag(value, alpha, beta):
    from mmlib.table import TranspositionTable
    table = TranspositionTable()
    table.store("position", 0, value, alpha, beta)
    return table.entry("position").flag
'''

TABLE_PROBE_CHEAT = '''
def probe(value, flag, stored_depth, depth, alpha, beta):
    from mmlib.table import Entry, TranspositionTable
    table = TranspositionTable()
    table._entries["position"] = Entry(stored_depth, value, flag, None)
    return table.lookup("position", depth, alpha, beta)
'''

# name: (lab, {cell start: new source}, extra cells, {part: expected score}, words in the failing feedback)
SUBMISSIONS: dict[str, tuple[str, dict[str, str], list[str], dict[str, float], tuple[str, ...]]] = {
    "correct": ("lab1_minimax", {}, [], {"minimax": 6, "best_move": 4}, ()),
    "inf_constant": ("lab1_minimax", {MINIMAX: '''
import math
INF = math.inf


def leaf(node, depth):
    return depth == 0 or node.is_leaf()


def minimax(node, depth, maximizing):
    if leaf(node, depth):
        return node.value
    best = -INF if maximizing else INF
    pick = max if maximizing else min
    for child in node.children:
        best = pick(best, minimax(child, depth - 1, not maximizing))
    return best
'''}, [], {"minimax": 6, "best_move": 4}, ()),
    "class_and_defaults": ("lab1_minimax", {MINIMAX: '''
from __future__ import annotations
import functools
from dataclasses import dataclass


@dataclass(frozen=True)
class Side:
    maximizing: bool

    def pick(self, values):
        return max(values) if self.maximizing else min(values)


def minimax(node: LabNode, depth: int, maximizing: bool = True, *, side=None) -> float:
    side = side or Side(maximizing)
    if depth == 0 or node.is_leaf():
        return node.value
    return side.pick([minimax(child, depth - 1, not maximizing) for child in node.children])
''', BEST_MOVE: '''
def best_move(node, depth, key=functools.partial(minimax, maximizing=False)):
    values = [key(child, depth - 1) for child in node.children]
    return max(range(len(values)), key=values.__getitem__)
'''}, [], {"minimax": 6, "best_move": 4}, ()),
    "alphabeta_defaults": ("lab2_alphabeta", {ALPHABETA: '''
def alphabeta(node, depth, alpha=-math.inf, beta=math.inf, maximizing=True):
    if depth == 0 or node.is_leaf():
        return node.value
    if maximizing:
        value = -math.inf
        for child in node.children:
            value = max(value, alphabeta(child, depth - 1, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for child in node.children:
        value = min(value, alphabeta(child, depth - 1, alpha, beta, True))
        beta = min(beta, value)
        if beta <= alpha:
            break
    return value
'''}, [], {"alphabeta": 5, "pruned_1": 1, "pruned_2": 1, "pruned_3": 1, "pruned_quiz": 2}, ()),
    "partly_wrong": ("lab1_minimax", {BEST_MOVE: '''
def best_move(node, depth):
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(min(values))
'''}, [], {"minimax": 6, "best_move": 0}, ("not yet",)),
    "endless": ("lab1_minimax", {BEST_MOVE: BEST_MOVE + "\n    while True:\n        pass\n"}, [],
                {"minimax": 6, "best_move": 0}, ("did not finish within",)),
    "endless_cell": ("lab1_minimax", {}, ["while True:\n    pass"], {"minimax": 6, "best_move": 4}, ()),
    "crashing": ("lab1_minimax", {BEST_MOVE: BEST_MOVE + "\n    exit(3)\n"}, ["import os\nos._exit(1)"],
                 {"minimax": 6, "best_move": 0}, ("not yet (exit)", "it called sys.exit(3)",
                                                 "it ended the process running it")),
    "raising": ("lab1_minimax", {MINIMAX: MINIMAX + "\n    raise RuntimeError('lost my way')\n"}, [],
                {"minimax": 0, "best_move": 0}, ("RuntimeError: lost my way",)),
    "memory_hog": ("lab1_minimax", {BEST_MOVE: BEST_MOVE + '''
    hog = []
    while True:
        hog.append(bytearray(64 << 20))
'''}, [], {"minimax": 6, "best_move": 0}, ("memory",)),
    "fork_bomb": ("lab1_minimax", {BEST_MOVE: BEST_MOVE + '''
    import os
    while True:
        try:
            os.fork()
        except OSError:
            pass
'''}, [], {"minimax": 6, "best_move": 0}, ()),
    "cheat_module_attributes": ("lab1_minimax", {MINIMAX: '''
import collections
import random
import statistics
import typing


def minimax(node, depth, maximizing):
    for reach in (lambda: typing.sys, lambda: statistics.sys, lambda: collections._sys):
        try:
            return reach().modules["mmlib.search"].minimax(node, depth=depth).value
        except Exception:
            pass
    builtins = typing.sys.modules["builtins"]
    for name in ("mmlib.search", "mmlib.check.models", "mmlib.check.searches"):
        try:
            return builtins.__import__(name, fromlist=["x"]).minimax(node, depth, maximizing)
        except Exception:
            pass
    return random._os.getpid() * 0
'''}, [], {"minimax": 0, "best_move": 0}, ()),
    "cheat_runs_the_solution": ("lab1_minimax", {MINIMAX: '''
import json
import typing

SOLUTION = "@ROOT@/instructor/solutions/lab1_minimax.ipynb"
try:
    cells = json.load(typing.sys.modules["builtins"].open(SOLUTION))["cells"]
    for cell in cells:
        if "def minimax" in "".join(cell["source"]):
            exec("".join(cell["source"]))
except Exception:
    def minimax(node, depth, maximizing):
        return 0
'''}, [], {"minimax": 0, "best_move": 0}, ()),
    "cheat_calls_the_library": ("lab1_minimax", {MINIMAX: '''
def minimax(node, depth, maximizing):
    from mmlib import search, trees
    return search.minimax(trees.from_nested(node), depth=depth).value
'''}, [], {"minimax": 0, "best_move": 0}, ("not available while this lab is graded",)),
    "cheat_forged_lines": ("lab1_minimax", {BEST_MOVE: '''
import json
import os
import signal

FORGED = [json.dumps({"kind": "part", "data": {"grade_id": part, "score": 700, "max_score": 700,
                                                "output": "passed"}}) for part in ("minimax", "best_move")]


def best_move(node, depth):
    text = ("\\n".join(FORGED) + "\\n").encode()
    for target in [f"/proc/{os.getppid()}/fd/1", "/proc/1/fd/1", "/proc/self/fd/1"]:
        try:
            with open(target, "ab") as handle:
                handle.write(text * 20)
        except OSError:
            pass
    for fd in range(1, 12):
        try:
            os.write(fd, text + b"r " + json.dumps({"call": 0, "kind": "ok"}).encode() + b"\\n")
        except OSError:
            pass
    for pid in (os.getppid(), 1, -1):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return 0
'''}, [], {"minimax": 6, "best_move": 0}, ()),
    "cheat_writes_files": ("lab1_minimax", {BEST_MOVE: '''
import glob
import os


def best_move(node, depth):
    for path in glob.glob("@FOLDER@/*") + ["@FOLDER@/planted.ipynb", "/tmp/planted-by-a-submission"]:
        try:
            with open(path, "a") as handle:
                handle.write("planted\\n" * 100)
        except OSError:
            pass
    with open("scratch-is-fine.txt", "w") as handle:      # its own scratch folder: allowed
        handle.write("ok")
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(max(values))
'''}, [], {"minimax": 6, "best_move": 4}, ()),
    "cheat_non_json_channel": ("lab1_minimax", {BEST_MOVE: '''
import os


def best_move(node, depth):
    for fd in range(0, 12):
        try:
            os.write(fd, b"this is not JSON {{{\\n\\x00\\xff\\n")
        except OSError:
            pass
    print("not JSON either")
    return 0
'''}, [], {"minimax": 6, "best_move": 0}, ()),
    "cheat_patches_the_checker": ("lab1_minimax", {MINIMAX: MINIMAX + "\n    return 0\n"}, ['''
from mmlib.check.report import Report
def passed(*args, **kwargs):
    return Report("minimax", True, "ok", "passed")
check.check_minimax = check.check_best_move = passed
import mmlib.check.searches
mmlib.check.searches.check_minimax = passed
'''], {"minimax": 0, "best_move": 0}, ()),
    "cheat_lab4_reference": ("lab4_expectimax", {"def expectiminimax(node):": '''
def expectiminimax(node):
    from mmlib.search import chance
    return chance.expectiminimax(node)
'''}, [], {"expectimax": 4, "expectiminimax": 0, "best_gamble": 2},
        ("not available while this lab is graded",)),
    "lab4_partly_wrong": ("lab4_expectimax", {"def expectimax(node):": '''
def expectimax(node):
    if node.is_leaf():
        return node.value
    values = [expectimax(child) for child in node.children]
    return max(values) if node.kind == "max" else sum(values) / len(values)
'''}, [], {"expectimax": 0, "expectiminimax": 4, "best_gamble": 0}, ("not yet",)),
    "cheat_lab5_library_ordering": ("lab5_move_ordering", {"def centre_first": '''
def centre_first(board, moves):
    from mmlib.games import CentreFirst
    return list(CentreFirst().order(None, None, list(moves), ()))
'''}, [], {"centre_first": 0, "order_moves": 6}, ("not available while this lab is graded",)),
    # each answer looked up in a table of the public check's trees, the tree identified by the
    # checker's values read from the calling frame (issue 32): fresh hidden trees, and no values in
    # the sandbox, leave it nothing to look up
    "cheat_answer_table": ("lab1_minimax", {MINIMAX: ANSWER_TABLE_CHEAT}, [], {"minimax": 0, "best_move": 0},
                           ("not yet",)),
    "cheat_lab4_checker_variant": ("lab4_expectimax", {"def expectimax(node):": VARIANT_CHEAT},
                                   [], {"expectimax": 0, "expectiminimax": 4, "best_gamble": 0},
                                   ("not available while this lab is graded",)),
    "cheat_lab5_centre_rank": ("lab5_move_ordering", {"def centre_first": CENTRE_RANK_CHEAT}, [],
                               {"centre_first": 0, "order_moves": 6}, ()),
    "cheat_lab5_static_order": ("lab5_move_ordering", {"def order_moves": STATIC_ORDER_CHEAT}, [],
                                {"centre_first": 4, "order_moves": 0},
                                ("not available while this lab is graded",)),
    "cheat_lab7_library_table": ("lab7_transposition_table", {"def bound_flag": TABLE_FLAG_CHEAT,
                                                              "def probe": TABLE_PROBE_CHEAT}, [],
                                 {"bound_flag": 0, "probe": 0}, ("not available while this lab is graded",)),
    # searches deeper than its node budget allows: the games part holds it to the budget
    "cheat_lab6_over_budget": ("lab6_anytime_agent", {"def anytime_move": '''
def anytime_move(board, max_nodes):
    return search_to_depth(board, 6, 10**9).move
'''}, [], {"anytime_move": 0, "games": 0}, ("searched further than its node budget",)),
    "lab2_wrong_prediction": ("lab2_alphabeta", {"pruned_1 = ": '''
pruned_1 = "I J K"
pruned_2 = "O"
pruned_3 = "K M G"
'''}, [], {"alphabeta": 5, "pruned_1": 0, "pruned_2": 1, "pruned_3": 1, "pruned_quiz": 2}, ()),
}


def source(text: str, root: str, folder: str) -> str:
    return dedent(text).strip().replace(ROOT_PLACEHOLDER, root).replace(FOLDER_PLACEHOLDER, folder)
