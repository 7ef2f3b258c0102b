"""Hostile inputs over the drawings, the explorers, the quiz, the checkers and the searches beyond
alpha-beta, each call in its own process with a time and a memory limit.

The contract (see ``mmlib.errors``): whatever a caller passes, and whatever a student does with
an explorer's controls, an mmlib function returns or raises an :class:`~mmlib.errors.MmlibError`;
nothing else escapes, nothing hangs, no process dies, and what it returns is right (SVG and HTML
that parse, statuses that escape what the user typed).  Every call is forked from this process
(:func:`run`), so a hang or a crash is observed, not suffered: the child is killed after
``MMLIB_FUZZ_TIME_LIMIT`` seconds and may add at most ``MMLIB_FUZZ_MEMORY_MB`` of address space.

Set ``MMLIB_FUZZ_EXAMPLES`` for more examples per test, ``MMLIB_FUZZ_COLLECT`` to a file to append
findings there instead of failing, ``MMLIB_FUZZ_REPORT`` to a file for the session's totals.
"""

from __future__ import annotations

import math
import os
import resource
import select
import signal
import time
import traceback
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

os.environ.setdefault("MPLBACKEND", "Agg")

from mmlib import check, draw, games, quiz, search, trees, widgets  # noqa: E402
from mmlib.check import expectimax as labcheck  # noqa: E402
from mmlib.draw import boards, connect4  # noqa: E402
from mmlib.errors import MmlibError, printable  # noqa: E402
from mmlib.widgets.common import ButtonGrid  # noqa: E402

# Fuzzing starts a process per call: `make test` runs it, `make check` leaves it out.
pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("MMLIB_FUZZ_EXAMPLES", "6"))
TIME_LIMIT = float(os.environ.get("MMLIB_FUZZ_TIME_LIMIT", "10"))
"""Seconds one call may take before it counts as a hang."""
MEMORY_LIMIT = int(os.environ.get("MMLIB_FUZZ_MEMORY_MB", "1500")) * 2 ** 20
"""Bytes of address space one call may add to what this process already holds."""
ACTION_TARGET = 2.0
"""Seconds an explorer's action should answer within (measured in benchmarks/bench_widgets.py;
here a slower action is counted, and only a call past TIME_LIMIT fails)."""
COLLECT = os.environ.get("MMLIB_FUZZ_COLLECT")

FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

OUTCOMES: Counter = Counter()
"""(family, outcome) -> calls, over the session."""
SLOW: Counter = Counter()
"""family -> explorer actions slower than ACTION_TARGET."""


# -- one call in its own process -----------------------------------------------------------------

def _address_space() -> int:
    with open("/proc/self/status") as handle:
        for line in handle:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    own = [frame for frame in frames if "/mmlib/" in frame.filename] or frames
    if not own:
        return "?"
    return f"{own[-1].filename.split('/mmlib/')[-1]}:{own[-1].lineno}"


def _child(write_end: int, function: Callable, args: tuple, kwargs: dict,
           check_answer: Callable[[Any], str | None] | None) -> None:
    limit = _address_space() + MEMORY_LIMIT
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    started = time.perf_counter()
    try:
        answer = function(*args, **kwargs)
        problem = check_answer(answer) if check_answer is not None else None
        line = "ok\t" if not problem else f"slow\t{problem[5:]}" if problem.startswith("slow:") \
            else f"wrong\t{problem}"
    except MmlibError as error:
        try:
            str(error)
            line = f"family\t{type(error).__name__}"
        except BaseException as broken:  # noqa: BLE001 - an unprintable message is a finding
            line = f"outside\t{type(broken).__name__} printing a {type(error).__name__} at {_where(broken)}"
    except BaseException as error:  # noqa: BLE001 - the point of the test
        try:
            message = " ".join(str(error)[:160].split())
        except BaseException:  # noqa: BLE001
            message = "?"
        line = f"outside\t{type(error).__name__}: {message} at {_where(error)}"
    line = line.replace("\n", " ") + f"\t{time.perf_counter() - started:.3f}\n"
    os.write(write_end, line.encode("utf-8", "replace")[:4000])


def run(function: Callable, *args: Any, check_answer: Callable[[Any], str | None] | None = None,
        **kwargs: Any) -> tuple[str, str, float]:
    """``(outcome, detail, seconds)`` of ``function(*args, **kwargs)`` run in a forked child:
    ``ok``, ``family`` (an MmlibError), ``outside`` (anything else raised), ``wrong`` (its answer
    failed ``check_answer``), ``hang`` (killed after TIME_LIMIT) or ``killed`` (died by itself)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            _child(write_end, function, args, kwargs, check_answer)
        finally:
            os._exit(0)
    os.close(write_end)
    started = time.perf_counter()
    ready, _, _ = select.select([read_end], [], [], TIME_LIMIT)
    data = b""
    if ready:
        while chunk := os.read(read_end, 4096):
            data += chunk
    os.close(read_end)
    if not data:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if not data:
        if not ready:
            return "hang", f"no answer within {TIME_LIMIT:g} s", time.perf_counter() - started
        return "killed", f"wait status {status}", time.perf_counter() - started
    outcome, detail, seconds = data.decode("utf-8", "replace").rstrip("\n").split("\t")
    return outcome, detail, float(seconds)


def call(family: str, function: Callable, *args: Any, check_answer: Callable | None = None,
         **kwargs: Any) -> str:
    """Run one call isolated and count it; anything but ``ok``, ``family`` or ``slow`` fails the
    test (or is appended to MMLIB_FUZZ_COLLECT).  ``slow`` (an explorer's action past
    ACTION_TARGET) is counted and collected, not failed: timing is the benchmark's job."""
    outcome, detail, seconds = run(function, *args, check_answer=check_answer, **kwargs)
    OUTCOMES[family, outcome] += 1
    if outcome == "slow":
        SLOW[family] += 1
        if COLLECT:
            with open(COLLECT, "a") as handle:
                handle.write(f"slow\t{family}\t{_name(function)}\t{detail}\n")
    if outcome in ("ok", "family", "slow"):
        return outcome
    if COLLECT:
        with open(COLLECT, "a") as handle:
            handle.write(f"{outcome}\t{family}\t{_name(function)}\t{detail}\t"
                         f"args={printable(args, 120)} kwargs={printable(kwargs, 120)}\n")
        return outcome
    pytest.fail(f"{family}: {_name(function)} -> {outcome}: {detail}; args={printable(args, 300)} "
                f"kwargs={printable(kwargs, 300)}")


def _name(function: Callable) -> str:
    return getattr(function, "__qualname__", getattr(function, "__name__", repr(function)))


# -- what answers must be ------------------------------------------------------------------------

def valid_svg(answer: Any) -> str | None:
    """SVG text must parse as XML."""
    if not isinstance(answer, str):
        return f"not a string: {type(answer).__name__}"
    try:
        ET.fromstring(answer)
    except ET.ParseError as error:
        return f"SVG that does not parse: {error}"
    return None


def valid_html(answer: Any) -> str | None:
    """An HTML fragment must parse as XML once wrapped (the drawings write XHTML-clean markup)."""
    if not isinstance(answer, str):
        return f"not a string: {type(answer).__name__}"
    try:
        ET.fromstring(f"<div>{answer}</div>")
    except ET.ParseError as error:
        return f"HTML that does not parse: {error}"
    return None


def a_figure(answer: Any) -> str | None:
    """A drawing returns a Figure with a text alternative."""
    if type(answer).__name__ != "Figure":
        return f"not a Figure: {type(answer).__name__}"
    if not draw.figure_alt(answer).strip():
        return "a Figure without a text alternative"
    return None


# -- hostile values -----------------------------------------------------------------------------

HOSTILE_TEXT = ["", " ", "<b>bold</b>", "&amp;", "a\x00b", "\x07", "\ud800", "\udfff", "\ufffe",
                "\u2028", "\x0b", "A" * 5000, "³", "٣", "1_000", "nan", "-inf", "None", "]]>", "'\""]
huge_ints = st.sampled_from([10 ** 20, 10 ** 400, -(10 ** 400), 2 ** 63, 10 ** 4000])
odd_numbers = st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 1e308, 5e-324, 0.5, -1.5])
numpy_values = st.sampled_from([np.int64(3), np.float64(2.5), np.float64("nan"), np.bool_(True),
                                np.array([1, 2]), np.array(3)])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-20, 20), huge_ints, odd_numbers,
                    numpy_values, st.sampled_from(HOSTILE_TEXT), st.text(max_size=6),
                    st.binary(max_size=3), st.just(object()), st.just(len))
anything = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.tuples(inner, inner),
                                                         st.dictionaries(st.text(max_size=2), inner,
                                                                         max_size=2)),
                        max_leaves=8)
labels = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=12))

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def trees_and_results():
    """Good trees and search results, beside hostile values, as the first argument of a drawing."""
    good = st.sampled_from([
        AIMA, trees.from_nested(AIMA), trees.ordered(2, 3, "random", seed=1), "ABC\nB 3\nC 4",
        search.alphabeta(AIMA, trace=True), search.minimax(AIMA), search.alphabeta(AIMA),
        search.pvs(AIMA, trace=True), trees.layered_tree([[(0.5, 8), (0.5, 2)]], layers="max chance"),
        trees.uniform(2, 14), trees.uniform(30, 3), trees.uniform(1, 3000),
    ])
    return st.one_of(good, anything)


def hostile_options(names: list[str], values=None):
    values = values if values is not None else st.one_of(anything, labels)
    return st.dictionaries(st.sampled_from(names), values, max_size=3)


# -- drawings ---------------------------------------------------------------------------------

@FUZZ
@given(trees_and_results(), hostile_options(["ax", "values", "windows", "leaf_numbers", "edge_labels",
                                             "title", "node_size"]))
def test_draw_tree(tree, options):
    call("draw_tree", draw.draw_tree, tree, check_answer=a_figure, **options)
    call("draw_tree", draw.describe_drawing, tree)
    call("draw_tree", draw.layout, tree)
    call("draw_tree", draw.pruned_leaves, tree)
    call("draw_tree", draw.marks_from_result, tree)
    call("draw_tree", draw.format_value, tree)


@FUZZ
@given(trees_and_results(), hostile_options(["values", "windows", "leaf_numbers", "title", "min_width"]),
       anything)
def test_tree_svg(tree, options, marks):
    call("tree_svg", draw.tree_svg, tree, check_answer=valid_svg, **options)
    call("tree_svg", draw.tree_svg, AIMA, marks, check_answer=valid_svg)
    call("tree_svg", lambda: draw.TreeSvg(tree, **{k: v for k, v in options.items() if k == "min_width"})
         .show(None, title=options.get("title")), check_answer=valid_svg)


@FUZZ
@given(st.lists(labels, min_size=1, max_size=4), st.sampled_from(["max", "min"]))
def test_labels_make_valid_svg(names, kind):
    """Odd labels (a lone surrogate, a control character, markup) still make SVG that parses."""
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_node("root", label=names[0])
    for number, name in enumerate(names[1:]):
        graph.add_edge("root", number, )
        graph.nodes[number].update(value=number, label=name)
    tree = call("labels", trees.from_networkx, graph, "root")
    del tree
    for name in names:
        text = f"A: BC\nB 3\nC 4\n# {name}"
        call("labels", draw.tree_svg, text, title=name, check_answer=valid_svg)
        call("labels", lambda name=name: draw.tree_svg(
            search.alphabeta(trees.from_nested(AIMA), trace=True), title=name), check_answer=valid_svg)
        call("labels", draw.log_plot_svg, [draw.svg.Series(name, [1, 2], [1, 4])], x_range=(1, 2),
             y_range=(1, 10), title=name, xlabel=name, ylabel=name, check_answer=valid_svg)
        call("labels", boards.board_svg, games.TicTacToe(), title=name, check_answer=valid_svg)
        call("labels", connect4.connect4_svg, games.ConnectFour(), title=name, check_answer=valid_svg)


def _games():
    return st.one_of(st.sampled_from([games.TicTacToe(), games.TicTacToe("XO. .X. ..O"),
                                      games.ConnectFour(), games.ConnectFour(5, 4, opening="0123"),
                                      games.Pig(), AIMA, trees.uniform(2, 3)]), anything)


@FUZZ
@given(_games(), st.one_of(anything, st.integers(-2, 2 ** 19)), anything,
       hostile_options(["title", "last_move", "cell", "max_nodes", "ax"]))
def test_boards(game, state, depth, options):
    board_options = {k: v for k, v in options.items() if k in ("title", "last_move", "ax")}
    call("boards", draw.draw_board, game, state, check_answer=a_figure, **board_options)
    call("boards", boards.board_svg, game, state, check_answer=valid_svg,
         **{k: v for k, v in options.items() if k in ("cell", "title")})
    call("boards", boards.board_html, game, state, check_answer=valid_html)
    call("boards", boards.board_text, game, state)
    call("boards", boards.winning_line, game, state)
    call("boards", draw.draw_game_tree, game, state, depth,
         **{k: v for k, v in options.items() if k in ("max_nodes", "title")})
    call("boards", draw.game_tree, game, state, depth,
         **{k: v for k, v in options.items() if k == "max_nodes"})
    call("connect4", draw.draw_connect4, game, state, check_answer=a_figure, **board_options)
    call("connect4", connect4.connect4_svg, game, state, check_answer=valid_svg,
         **{k: v for k, v in options.items() if k in ("cell", "title", "last_move")})


ROWS = [{"branching": 2, "depth": d, "ordering": o, "algorithm": a, "seed": 0, "leaves": 2 ** d,
         "nodes": 2 ** (d + 1) - 1, "ebf": 1.5} for d in (1, 2, 3) for o in ("best", "random")
        for a in ("alphabeta", "minimax")]


@FUZZ
@given(st.one_of(st.just(ROWS), anything, st.lists(st.dictionaries(
    st.sampled_from(["branching", "depth", "ordering", "algorithm", "seed", "leaves", "nodes", "ebf"]),
    anything), max_size=3)), hostile_options(["measure", "theory", "ax", "title"]))
def test_plots(rows, options):
    call("plots", draw.plot_growth, rows, check_answer=a_figure, **options)
    call("plots", draw.plot_ebf, rows, check_answer=a_figure,
         **{k: v for k, v in options.items() if k in ("ax", "title")})
    call("plots", draw.average_rows, rows, **{k: v for k, v in options.items() if k == "measure"})


@FUZZ
@given(st.one_of(anything, st.just([draw.svg.Series("leaves", [1, 2], [2, 4])])), anything, anything,
       hostile_options(["title", "xlabel", "ylabel", "width", "height"]))
def test_log_plot_svg(series, x_range, y_range, options):
    call("log_plot_svg", draw.log_plot_svg, series, x_range=x_range, y_range=y_range,
         check_answer=valid_svg, **options)
    call("log_plot_svg", draw.log_plot_svg, [draw.svg.Series("s", [1, 3], [2, 40])], x_range=x_range,
         y_range=(1, 100), check_answer=valid_svg)
    call("log_plot_svg", draw.log_plot_svg, [draw.svg.Series("s", series, x_range)], x_range=(0, 3),
         y_range=(1, 10), check_answer=valid_svg)


@FUZZ
@given(anything, labels)
def test_figure_alt_text(figure, text):
    call("alt text", draw.set_alt, figure, text)
    call("alt text", draw.figure_alt, figure)
    call("alt text", lambda: draw.figure_alt(draw.draw_tree(AIMA)) and draw.set_alt(draw.draw_tree(AIMA),
                                                                                     text))


# -- explorers: constructors and every action ------------------------------------------------------

def _controls(widget) -> list:
    """Every control below ``widget`` (buttons, number boxes, text fields, drop-downs)."""
    import ipywidgets

    found, stack = [], [widget]
    while stack:
        item = stack.pop()
        if isinstance(item, ipywidgets.Box):
            stack.extend(item.children)
        elif isinstance(item, (ipywidgets.Button, ipywidgets.ValueWidget, ButtonGrid)):
            found.append(item)       # (a ButtonGrid: the boards' squares and column buttons)
    return found


def _assign(control, value) -> None:
    """What the browser can send: a value the control's own validation accepts."""
    from traitlets import TraitError

    try:
        control.value = value
    except TraitError:
        pass                   # refused by ipywidgets' own validation: the browser cannot send it


def _value_for(control, data) -> Any:
    import ipywidgets

    if isinstance(control, ipywidgets.Dropdown) or hasattr(control, "options"):
        return data.draw(st.sampled_from(list(control.options) or [None]))
    if isinstance(control, (ipywidgets.Text, ipywidgets.Textarea)):
        return data.draw(st.one_of(labels, st.sampled_from(
            ["[[3, 12], [2, 4]]", "A: BC\nB 3\nC 4", "[" * 3000, "A: " + "B" * 300, "[[1]*9]*9",
             str([[[[1, 2, 3]] * 6] * 6] * 6), "A: A"])))
    if isinstance(control, (ipywidgets.ToggleButton, ipywidgets.Checkbox)):
        return data.draw(st.booleans())
    if isinstance(control, (ipywidgets.FloatText, ipywidgets.BoundedFloatText, ipywidgets.FloatSlider)):
        return data.draw(st.one_of(odd_numbers, st.floats(-5, 5)))
    return data.draw(st.one_of(st.integers(-5, 30), huge_ints, st.sampled_from(
        [getattr(control, "min", 0), getattr(control, "max", 0)])))


def _act(widget_factory: Callable, actions: list) -> Callable:
    """Build the explorer, then do ``actions`` (each ``(index of a control, value or "click")``),
    each one timed; returns the slowest action's seconds, building included, and what is wrong
    with the statuses and figures shown after them, if anything (see :func:`_slowest_check`).  The time is
    the process's CPU time, the work an action does: on a machine shared by parallel tests the wall clock
    measures the other tests too."""
    def session():
        import ipywidgets

        started = time.process_time()
        explorer = widget_factory()                  # the first action: running the cell
        slowest = time.process_time() - started
        controls = _controls(explorer)
        for index, value in actions:
            control = controls[index % len(controls)]
            started = time.process_time()
            if isinstance(control, ipywidgets.Button):
                control.click()
            elif isinstance(control, ButtonGrid):             # a press as the browser sends it
                control._handle_custom_msg({"event": "press", "index": value}, [])
            else:
                _assign(control, value)
            slowest = max(slowest, time.process_time() - started)
        return slowest, _status_problem(explorer)
    return session


def _status_problem(explorer) -> str | None:
    for name in ("status", "output", "figure"):
        element = getattr(explorer, name, None)
        text = getattr(element, "value", None)
        text = text.replace("&nbsp;", " ").replace("<br>", "<br/>") if isinstance(text, str) else text
        if isinstance(text, str) and text and valid_html(text):      # (HTML's <br> ends no element)
            return f"{name} is not well-formed: {valid_html(text)} in {text[:120]!r}"
    return None


def _slowest_check(answer: tuple[float, str | None]) -> str | None:
    seconds, problem = answer
    if problem:
        return problem
    if seconds > ACTION_TARGET:
        return f"slow: an action took {seconds:.2f} s (target {ACTION_TARGET:g} s)"
    return None


EXPLORERS = {
    "step_through": lambda: widgets.step_through(AIMA),
    "step_through chance": lambda: widgets.step_through([[(0.5, 8), (0.5, 2)], [(0.5, 1), (0.5, 9)]],
                                                        "expectimax", layers="max chance"),
    "growth_explorer": lambda: widgets.growth_explorer(),
    "tree_editor": lambda: widgets.tree_editor("A: BC\nB 3\nC 4"),
    "play_tictactoe": lambda: widgets.play_tictactoe(),
    "play_tictactoe computer first": lambda: widgets.play_tictactoe(computer_first=True),
    "play_tictactoe minimax": lambda: widgets.play_tictactoe(algorithm="minimax", scoring="depth-adjusted"),
    "play_connect4": lambda: widgets.play_connect4(depth=12),
    "play_connect4 small": lambda: widgets.play_connect4(games.ConnectFour(4, 4), depth=12,
                                                         computer_first=True),
}


@FUZZ
@given(st.sampled_from(sorted(EXPLORERS)), st.data())
def test_explorer_actions(name, data):
    probe = EXPLORERS[name]()
    controls = _controls(probe)
    actions = []
    for _ in range(data.draw(st.integers(1, 6))):
        index = data.draw(st.integers(0, len(controls) - 1))
        control = controls[index]
        if isinstance(control, ButtonGrid):                   # any button, a taken one, or none
            actions.append((index, data.draw(st.integers(-1, len(control.labels)))))
        else:
            actions.append((index, "click" if type(control).__name__ == "Button" else
                            _value_for(control, data)))
    call(f"explorer {name}", _act(EXPLORERS[name], actions), check_answer=_slowest_check)


@FUZZ
@given(trees_and_results(), hostile_options(["algorithm", "layers", "variant", "cutoff", "alpha", "beta",
                                             "bounds", "interval"]))
def test_step_through_arguments(tree, options):
    call("explorer constructors", widgets.step_through, tree, **options)


@FUZZ
@given(anything, anything, anything, anything, anything)
def test_explorer_constructors(first, second, third, fourth, fifth):
    call("explorer constructors", widgets.growth_explorer, first, second, third, fourth)
    call("explorer constructors", widgets.growth_explorer, node_budget=fifth)
    call("explorer constructors", widgets.tree_editor, first)
    call("explorer constructors", widgets.play_tictactoe, first, second, computer_first=third,
         scoring=fourth)
    call("explorer constructors", widgets.play_connect4, first, depth=second, computer_first=third,
         time_budget=fourth, node_budget=fifth)
    call("explorer constructors", widgets.play_connect4, depth=second, time_budget=fourth)


@FUZZ
@given(st.one_of(st.integers(-3, 12), anything), st.one_of(st.integers(0, 11), anything))
def test_explorer_methods(column, step):
    """The methods the controls call, called with values no control sends."""
    call("explorer methods", lambda: widgets.play_connect4(games.ConnectFour(4, 4), depth=2).click(column))
    call("explorer methods", lambda: widgets.play_tictactoe(depth=1).human_move(column))
    call("explorer methods", lambda: widgets.step_through(AIMA).go(step))
    call("explorer methods", lambda: widgets.step_through(AIMA).show(step))
    call("explorer methods", lambda: widgets.step_through(AIMA).events_until(step, column))
    call("explorer methods", lambda: widgets.growth_explorer(depth=2).measure(column, step))


# -- quiz ----------------------------------------------------------------------------------------

@FUZZ
@given(st.one_of(st.integers(-3, 10 ** 6), anything), st.one_of(st.integers(1, 6), anything),
       st.one_of(st.integers(1, 6), anything),
       st.one_of(st.sampled_from(["best", "worst", "random", 0.0, 0.5, 1.0]), anything))
def test_quiz(seed, branching, depth, ordering):
    call("quiz", quiz.alpha_beta_question, seed, branching, depth, ordering=ordering)
    call("quiz", quiz.question_batch, seed, 0, branching, depth, ordering=ordering)
    call("quiz", quiz.question_batch, 3, seed)


@FUZZ
@given(st.integers(0, 10 ** 6), st.sampled_from([(2, 1), (2, 5), (4, 3), (5, 2), (3, 3), (2, 6), (8, 2)]),
       st.sampled_from(["best", "worst", "random", 0.3]))
def test_every_question_prints_and_draws(seed, size, ordering):
    def printed_and_drawn():
        question = quiz.alpha_beta_question(seed, *size, ordering=ordering)
        text = str(question)
        assert question.answer_key() in text and question.prompt() in text
        for answers in (False, True):
            problem = valid_svg(question.svg(answers=answers))
            assert problem is None, problem
            question.figure(answers=answers)
        return text

    call("quiz prints", printed_and_drawn)


def _question_keeps(options: dict) -> Callable[[Any], str | None]:
    """A question must meet what it was asked, checked against a search of its own tree."""
    def check(question: Any) -> str | None:
        tree = question.tree
        leaves = tree.leaf_count
        searched = search.alphabeta(tree, cutoff=question.cutoff, variant=question.variant)
        pruned = leaves - searched.stats.leaves
        low, high = options.get("min_pruned", 1), options.get("max_pruned") or leaves
        if not low <= pruned <= high:
            return f"{pruned} leaves pruned, asked for {low} to {high}"
        values = [leaf.value for leaf in tree.leaves()]
        if "value_range" in options and not all(options["value_range"][0] <= v <= options["value_range"][1]
                                                for v in values):
            return f"leaf values {values} outside value_range {options['value_range']}"
        if options.get("ties", False) != (len(set(values)) < len(values)):
            return f"ties={options.get('ties', False)} but the leaves are {values}"
        if question.value != search.minimax(tree).value:
            return f"the answer key's value {question.value} is not minimax's {search.minimax(tree).value}"
        return None
    return check


QUIZ_OPTIONS = {
    "ties": st.booleans(), "value_range": st.tuples(st.integers(-5, 5), st.integers(-5, 40)),
    "min_pruned": st.integers(0, 8), "max_pruned": st.one_of(st.none(), st.integers(0, 8)),
    "cutoff": st.sampled_from([">=", ">"]), "variant": st.sampled_from(["fail-soft", "fail-hard"]),
    "kinds": st.lists(st.sampled_from(quiz.KINDS), max_size=3, unique=True),
}


@settings(FUZZ, max_examples=max(4, EXAMPLES // 2))
@given(st.integers(0, 10 ** 6), st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 1)]),
       st.sampled_from(["best", "worst", "random", 0.5]), st.data())
def test_quiz_constraints(seed, size, ordering, data):
    """Questions asked with constraints meet them, or the constraints are refused by name."""
    names = data.draw(st.lists(st.sampled_from(sorted(QUIZ_OPTIONS)), max_size=3, unique=True))
    options = {name: data.draw(st.one_of(QUIZ_OPTIONS[name], anything) if data.draw(st.booleans())
                               else QUIZ_OPTIONS[name], label=name) for name in names}
    call("quiz constraints", quiz.alpha_beta_question, seed, *size, ordering=ordering,
         check_answer=_question_keeps(options), **options)
    call("quiz constraints", quiz.question_set, data.draw(st.one_of(labels, anything)), 2, seed=seed,
         **options)


# -- files ----------------------------------------------------------------------------------------

def _written(answer: Any) -> str | None:
    """export returns the path it wrote; an SVG file must parse."""
    import pathlib

    if not isinstance(answer, pathlib.Path) or not answer.is_file() or answer.stat().st_size == 0:
        return f"no file written: {answer!r}"
    if answer.suffix == ".svg":
        return valid_svg(answer.read_text(encoding="utf-8"))
    return None


@settings(FUZZ, max_examples=max(4, EXAMPLES // 2))
@given(trees_and_results(), st.sampled_from(["t.svg", "t.tex", "t.tikz", "t.png", "t.pdf", "t.jpg",
                                             "no/t.svg", "", "a" * 300 + ".svg", "a\x00b.svg", "\ud800.svg",
                                             None]),
       hostile_options(["format", "step", "values", "windows", "leaf_numbers", "title", "root", "max_depth",
                        "max_nodes"]))
def test_export(tree, name, options):
    import tempfile

    folder = tempfile.mkdtemp(prefix="mmlib-fuzz-")
    path = name if name is None else os.path.join(folder, name)
    call("export", draw.export, tree, path, check_answer=_written, **options)
    call("export", lambda: draw.tree_picture(tree, **options)._repr_svg_(), check_answer=valid_svg)
    call("export", draw.save_steps_gif, search.alphabeta([[3, 5]], trace=True), path,
         **{k: v for k, v in options.items() if k in ("values", "windows", "root", "max_depth")})


# -- checkers ------------------------------------------------------------------------------------

def _student_functions():
    """What students write: right, wrong, hostile."""
    def right_minimax(node, depth, maximizing):
        if depth == 0 or node.is_leaf():
            return node.value
        values = [right_minimax(child, depth - 1, not maximizing) for child in node.children]
        return max(values) if maximizing else min(values)

    def returns(value):
        return lambda *args, **kwargs: value

    def loops(*args):
        while True:
            pass

    def exits(*args):
        os._exit(1)

    def floods(*args):
        print("x" * 10 ** 6)
        return 0

    class HostileRepr:
        def __repr__(self):
            raise RuntimeError("no repr")

        __str__ = __repr__

    return st.one_of(st.sampled_from([right_minimax, loops, exits, floods, returns(HostileRepr()),
                                      returns(10 ** 5000), returns(math.nan)]),
                     anything.map(returns), anything)


@settings(FUZZ, max_examples=max(4, EXAMPLES // 3))
@given(_student_functions(), st.one_of(anything, st.just(None)), anything)
def test_search_checkers(fn, cases, option):
    for checker in (check.check_minimax, check.check_alphabeta, check.check_best_move):
        call("checkers", checker, fn, time_limit=0.5)
        call("checkers", checker, fn, cases=cases, raise_on_failure=option, time_limit=0.5)
    call("checkers", check.check_minimax, fn, time_limit=option)


@settings(FUZZ, max_examples=max(4, EXAMPLES // 3))
@given(_student_functions(), anything, anything)
def test_agent_checkers(fn, depth, budget):
    call("checkers", check.check_evaluator, fn, time_limit=0.5)
    call("checkers", check.check_evaluator, fn, depth=depth, time_limit=0.5)
    call("checkers", check.check_agent, fn, fn, max_nodes=budget, time_limit=0.5)


@FUZZ
@given(trees_and_results(), anything, hostile_options(["title", "raise_on_failure"]))
def test_pruned_checker(tree, pruned, options):
    call("checkers", check.check_pruned, tree, pruned, **options)
    call("checkers", check.check_pruned, AIMA, pruned, **options)
    call("checkers", check.lab_tree, tree)


@FUZZ
@given(st.one_of(st.integers(-5, 5), anything), hostile_options(
    ["max_branching", "max_depth", "low", "high", "stop"], st.one_of(st.integers(-12, 12), anything)))
def test_random_trees_for_checkers(seed, options):
    def nested_within_bounds():
        nested = check.random_nested(seed, **options)
        low, high = options.get("low", -9), options.get("high", 9)
        flat = list(_leaves(nested))
        assert flat and all(low <= leaf <= high for leaf in flat), f"leaves {flat} outside [{low}, {high}]"
        return nested

    call("checkers", nested_within_bounds)
    call("checkers", check.check_cases, seed, options.get("low", 0))


def _leaves(item):
    if isinstance(item, list):
        for child in item:
            yield from _leaves(child)
    else:
        yield item


@settings(FUZZ, max_examples=max(4, EXAMPLES // 3))
@given(_student_functions(), anything, anything)
def test_chance_lab_checkers(fn, nested, layers):
    for checker in (labcheck.check_expectimax, labcheck.check_expectiminimax, labcheck.check_best_gamble):
        call("chance checkers", checker, fn)
        call("chance checkers", checker, fn, raise_on_failure=layers)
    call("chance checkers", labcheck.chance_lab_tree, nested, layers=layers)
    call("chance checkers", labcheck.chance_lab_tree, [[(0.5, 8), (0.5, 2)]], layers=layers)


# -- the searches beyond alpha-beta ----------------------------------------------------------------

def _beyond_games():
    return st.one_of(st.sampled_from([AIMA, trees.ordered(3, 3, "random", seed=1),
                                      games.TicTacToe("XO. .X. ..O"),
                                      games.ConnectFour(4, 4, opening="0123"),   # solved in well under 10 s
                                      trees.layered_tree([[(0.5, 8), (0.5, 2)], [(0.5, 1), (0.5, 9)]],
                                                          layers="max chance"),
                                      trees.layered_uniform(3, 4), games.Pig(goal=10),
                                      # refused at once (a minimal tree of 2 x 10^7 leaves; a line of
                                      # 100,000 plies); uniform(10, 12) is searched to the default
                                      # budget of 5,000,000 nodes, 20-40 s: bounded, but past TIME_LIMIT
                                      trees.uniform(10, 14), trees.uniform(1, 100_000)]), anything)


user_functions = st.sampled_from([len, lambda *args: math.nan, lambda *args: 1 / 0, lambda *args: "x",
                                  lambda *args: 10 ** 400, lambda *args: 0.5, lambda *args: None])
"""What a student may pass as an evaluation or a reward: wrong arity, NaN, a failure, text, a huge
number, a plain constant."""

BEYOND = {
    search.aspiration: ["depth", "evaluate", "guess", "delta", "order", "state", "trace", "max_nodes"],
    search.pvs: ["depth", "evaluate", "order", "state", "trace", "max_nodes"],
    search.mtdf: ["depth", "evaluate", "guess", "table", "order", "state", "trace", "max_nodes"],
    search.sss_star: ["depth", "evaluate", "table", "order", "state", "trace", "max_nodes"],
    search.mcts: ["iterations", "max_nodes", "max_seconds", "exploration", "seed", "reward", "state",
                  "trace"],
    search.expectimax: ["depth", "evaluate", "state", "trace", "max_nodes", "order"],
    search.expectiminimax: ["depth", "evaluate", "pruning", "bounds", "table", "state", "trace",
                            "max_nodes", "order"],
    search.anytime: ["max_nodes", "max_seconds", "max_depth", "evaluate", "order", "state", "trace"],
}


@FUZZ
@given(st.sampled_from(list(BEYOND)), _beyond_games(), st.data())
def test_beyond_searches(function, game, data):
    chosen = data.draw(st.lists(st.sampled_from(BEYOND[function]), max_size=3, unique=True))
    options = {name: data.draw(st.one_of(anything, user_functions) if name in ("evaluate", "reward")
                               else anything, label=name) for name in chosen}
    call("beyond", function, game, **options)
    call("beyond", function, game)


@FUZZ
@given(anything, anything, anything)
def test_beyond_trees_and_matches(first, second, third):
    call("beyond trees", trees.layered_tree, first, layers=second)
    call("beyond trees", trees.layered_tree_from_text, first, layers=second)
    call("beyond trees", trees.layered_tree_from_text, "A: BC\nB 3\nC 4", layers=second)
    call("beyond trees", trees.layered_uniform, first, second, layers=third)
    call("beyond trees", trees.layered_uniform, 3, 3, seed=first, probabilities=second)
    call("matches", search.wilson_interval, first, second, third)
    call("matches", search.match, games.TicTacToe(), search.random_player(1), search.random_player(2),
         games=first, opening_moves=second, seed=third)
    call("matches", search.match, first, search.random_player(1), search.random_player(2), games=2)
    call("matches", search.alphabeta_player, max_nodes=first)
    call("matches", search.mcts_player, max_nodes=first, exploration=second)
    call("matches", search.play, games.TicTacToe(), second, third)
    call("matches", search.scaled_reward, first, second)


def test_session_totals():
    """Runs last in this file: every family was exercised; writes the totals when asked."""
    totals = Counter()
    for (_, outcome), number in OUTCOMES.items():
        totals[outcome] += number
    if len({family for family, _ in OUTCOMES}) > 3:
        assert totals["ok"] + totals["family"] > 0
    report = os.environ.get("MMLIB_FUZZ_REPORT")
    if report:
        import json
        with open(report, "w") as handle:
            json.dump({"calls": sum(totals.values()), **totals, "slow actions": sum(SLOW.values()),
                       "per family": {f"{f} / {o}": n for (f, o), n in sorted(OUTCOMES.items())}},
                      handle, indent=1)
