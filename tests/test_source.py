"""mmlib.source: the searches' own code on screen, its core found, its instrumentation set apart."""

from __future__ import annotations

import ast
import inspect
import re
import sys

import pytest

from mmlib import search, source
from mmlib.errors import ArgumentError, ArgumentTypeError
from mmlib.search.alphabeta import AlphaBeta
from mmlib.search.chance import ChanceSearch
from mmlib.search.minimax import Minimax
from mmlib.search.windows import WindowSearch

SEARCHES = (search.minimax, search.alphabeta, search.negamax, search.quiescence, search.aspiration,
            search.pvs, search.mtdf, search.sss_star, search.expectimax, search.expectiminimax, search.mcts)
LISTENER = re.compile(r"^(self|search)\.(enter|update|cutoff|done|mark|visit)\(|^if self\.(tracing|watched):")


def contrast(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_core_not_the_wrapper_with_its_file_line_numbers():
    part, = source.show(search.alphabeta).parts
    lines, first = inspect.getsourcelines(AlphaBeta.alphabeta)
    assert part.name == "AlphaBeta.alphabeta" and part.file == "mmlib/search/alphabeta.py"
    assert [line.number for line in part.lines] == list(range(first, first + len(lines)))
    assert part.lines[0].text.startswith("def alphabeta(self, state")
    assert [p.name for p in source.show(search.minimax).parts] == ["Minimax.minimax"]
    assert [p.name for p in source.show(search.expectimax).parts] == ["ChanceSearch.expectiminimax"]
    assert [p.name for p in source.show(search.sss_star).parts] == ["sss_star.root", "WindowSearch.test"]


def test_every_search_shows_code_that_searches():
    for function in SEARCHES:
        for part in source.show(function).parts:
            assert part.name != function.__qualname__, function     # never the argument-checking wrapper
            code = "\n".join(line.text for line in part.lines)
            called = {node.func.attr for node in ast.walk(ast.parse(code))
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
            assert called & {"minimax", "alphabeta", "negamax", "pvs", "test", "expectiminimax", "expand",
                             "simulate", "select", "visit", "moves", "forcing", "is_terminal"}, part.name


def test_the_listener_calls_and_only_they_are_marked():
    part, = source.show(search.alphabeta).parts
    for line in part.lines:
        listener = bool(LISTENER.match(line.text.strip()))
        inside_recording_block = line.text.strip().startswith("self.update(")
        assert line.instrumentation == (listener or inside_recording_block), line
    marked = sum(line.instrumentation for line in part.lines)
    assert marked == 6       # enter; twice (update, cutoff); done
    for text in ("return value", "alpha = max(alpha, value)", "break", "return self.leaf(state, depth, ply)"):
        assert not any(line.instrumentation for line in part.lines if line.text.strip() == text)


def test_a_loop_else_that_only_records_is_marked_with_its_else():
    pvs = source.show(WindowSearch.pvs).parts[0]
    else_line = max(line.number for line in pvs.lines if line.text.strip() == "else:")
    assert {line.number: line.instrumentation for line in pvs.lines}[else_line]
    assert sum(line.instrumentation for line in pvs.lines if "researches += 1" in line.text) == 2


def test_the_code_without_its_instrumentation_is_still_python():
    for function in SEARCHES + (ChanceSearch.chance_node, Minimax.minimax):
        parts = source.show(function, instrumentation="hide").parts
        assert any(line.instrumentation for part in parts for line in part.lines), function
        for part in parts:
            ast.parse("\n".join(line.text for line in part.shown("hide")))   # nothing left half a block


def test_hidden_lines_leave_gaps_in_the_numbers_and_say_so():
    listing = source.show(search.minimax, instrumentation="hide")
    numbers = [int(line.split()[0]) for line in str(listing).splitlines()[1:] if line[:4].strip().isdigit()]
    assert numbers == [line.number for line in listing.parts[0].lines if not line.instrumentation]
    assert numbers != list(range(numbers[0], numbers[0] + len(numbers)))
    assert "3 instrumentation lines are hidden" in str(listing)      # enter, update, done
    assert source.MARK not in "\n".join(str(listing).splitlines()[1:-5])


def test_text_and_html_mark_every_instrumentation_line_not_by_colour_alone():
    listing = source.show(search.alphabeta)
    text_marks = [line for line in str(listing).splitlines() if line[5:6] == source.MARK]
    assert len(text_marks) == 6
    page = listing._repr_html_()
    assert page.count(f"</span> {source.MARK} ") == 6
    assert "marks instrumentation" in page and "&lt;" in page or "<" not in "".join(
        line.text for line in listing.parts[0].lines)
    assert "cutoff: records the skipped moves as pruned" in str(listing)


def test_the_colours_meet_wcag_aa():
    for colour in source.token_colours():
        assert contrast(colour, source.PAPER) >= 4.5, colour
    assert contrast(source.DIM_INK, source.DIM_PAPER) >= 4.5
    assert contrast(source.NUMBER_INK, source.DIM_PAPER) >= 4.5
    assert contrast(source.NUMBER_INK, source.PAPER) >= 4.5
    colours = set(re.findall(r"color:(#[0-9a-fA-F]{6})", source.show(search.pvs)._repr_html_()))
    assert len(colours) > 3
    for colour in colours:
        assert contrast(colour, source.PAPER) >= 4.5 or contrast(colour, source.DIM_PAPER) >= 4.5, colour


def test_without_pygments_the_html_is_the_plain_listing(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygments.lexers", None)
    page = source.show(search.minimax)._repr_html_()
    assert "def minimax(self, state: State, depth: float, ply: int) -&gt; float:" in page


def test_any_function_with_source_like_psource():
    def student_minimax(node):
        return node

    part, = source.show(student_minimax).parts
    assert part.name == "test_any_function_with_source_like_psource.student_minimax"
    assert part.file == "test_source.py"
    assert part.lines[0].number == inspect.getsourcelines(student_minimax)[1]
    assert not any(line.instrumentation for line in part.lines)


@pytest.mark.parametrize("argument", [42, "alphabeta", None, len])
def test_a_bad_argument_is_an_mmlib_error_naming_it(argument):
    with pytest.raises(ArgumentTypeError, match="show: expected a function, method or class"):
        source.show(argument)


def test_a_bad_option_or_nothing_to_show():
    with pytest.raises(ArgumentError, match="instrumentation: expected one of 'dim', 'hide'"):
        source.show(search.minimax, instrumentation="bright")
    with pytest.raises(ArgumentTypeError, match="at least one"):
        source.show()
    exec_namespace: dict[str, object] = {}
    exec("def made_up(x):\n    return x\n", exec_namespace)
    with pytest.raises(ArgumentError, match="has no Python source"):
        source.show(exec_namespace["made_up"])


def test_instrumentation_lines_are_set_apart_yet_read_well_when_projected():
    # the style each marked row is written with, read from the HTML emitted: a band of its own,
    # upright dark ink on it (AA at least, and AAA's 7:1, since a projector washes greys out)
    page = source.show(search.alphabeta)._repr_html_()
    rows = re.findall(r'<span style="([^"]*)"><span[^>]*>\s*\d+</span> ' + source.MARK, page)
    assert len(rows) == 6
    for style in rows:
        look = dict(item.split(":", 1) for item in style.split(";"))
        assert look["background"] != source.PAPER and look.get("font-style", "normal") == "normal", style
        assert "font-weight" not in look and "opacity" not in look, style
        assert contrast(look["color"], look["background"]) >= 7, style
        assert contrast(look["box-shadow"].split()[-1], look["background"]) >= 3, style   # the bar


def test_a_guard_that_checks_a_returned_value_is_set_apart_and_said_so():
    # lecture 02 shows Search.leaf: the lines that check the evaluator returned a number are set apart
    # with the counting, and hidden with it, so that the listing is the leaf rule alone (issue #31)
    from mmlib.search.engine import Search
    listing = source.show(Search.leaf)
    checks = [line for line in listing.parts[0].lines
              if "checked" in line.text or "_PLAIN_NUMBERS" in line.text]
    assert len(checks) == 4 and all(line.instrumentation for line in checks)
    assert "checking that user code returned a number" in listing.legend()[0]
    hidden = str(source.show(Search.leaf, instrumentation="hide"))
    assert "checked" not in hidden and "value = self.static_value(state)" in hidden
    assert "6 lines that only count, record or check a returned value are hidden" in hidden
    assert "checking" not in source.show(search.minimax).legend()[0]      # said only where there is a check
