"""The released student labs show the trees a student must reason about before anything runs (the given
figures, cells tagged ``given-figure``), and nothing that gives an answer away: no other output, and in
each figure exactly the question — one label per node and one value per leaf, no backed-up value,
window, bound, evaluation order or pruning mark."""

from __future__ import annotations

import ast
import base64
import json
import re
import struct
import sys
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from mmlib import quiz, trees
from mmlib.draw.geometry import PNG_KEY

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "instructor"))

import make_labs  # noqa: E402

STUDENT = {name: ROOT / "notebooks" / "labs" / f"{name}.ipynb" for name in make_labs.NAMES}
GIVEN = {"lab1_minimax": 1, "lab2_alphabeta": 4}
"""The labs whose exercises are about drawn trees, and how many trees each shows: lab 1 the tree of
AIMA figure 5.2; lab 2 the three trees of its pruning exercise and its quiz tree."""
PICTURE = re.compile(r'^<img alt="([^"]+)" src="data:image/png;base64,([A-Za-z0-9+/=]+)"')
ANSWER_MARKS = re.compile(r"[≥≤\[\]αβ×]|prun|order|value", re.IGNORECASE)


def code_cells(path: Path) -> list[nbformat.NotebookNode]:
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def given(cell: nbformat.NotebookNode) -> bool:
    return make_labs.GIVEN_FIGURE in cell.metadata.get("tags", [])


def drawn_texts(html: str) -> list[tuple[str, str]]:
    """The words drawn in a stored figure and their role ("text", "legend"): mmlib.draw keeps them
    in the PNG (chunk PNG_KEY)."""
    match = PICTURE.match(html)
    assert match, html[:120]
    data, at, chunks = base64.b64decode(match.group(2)), 8, {}
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"tEXt":
            key, _, value = data[at + 8:at + 8 + length].partition(b"\0")
            chunks[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + length
    return [(text["text"], text["role"]) for text in json.loads(chunks[PNG_KEY])["texts"]]


class Recorder:
    """Stands in for ``mmlib.draw`` while a given figure's code runs: records what it is asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, dict]] = []

    def draw_tree(self, tree: object, **options: object) -> None:
        self.calls.append((tree, options))


def question_texts(tree: object, options: dict) -> Counter:
    """What a drawing of the bare question holds: every node's label, every leaf's value, the title."""
    game = trees.as_tree(tree)
    texts = Counter(game.label_of(node.path) for node in game.nodes())
    texts.update(f"{leaf.value:g}".replace("-", "−") for leaf in game.leaves())
    if options.get("title"):
        texts.update([str(options["title"])])
    return texts


@pytest.mark.parametrize("name", make_labs.NAMES)
def test_a_student_lab_stores_its_given_figures_and_no_other_output(name):
    cells = code_cells(STUDENT[name])
    assert sum(given(cell) for cell in cells) == GIVEN.get(name, 0)
    for cell in cells:
        if not given(cell):
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]
            continue
        assert cell.execution_count is not None, "run `make notebooks`: the solutions give the figures"
        assert [output.output_type for output in cell.outputs] == ["execute_result"]
        assert sorted(cell.outputs[0].data) == ["text/html", "text/plain"]
        alt = cell.outputs[0].data["text/plain"]
        assert re.fullmatch(r"A game tree with \d+ nodes and \d+ leaves\.", alt)


@pytest.mark.parametrize("name", sorted(GIVEN))
def test_no_given_figure_reveals_an_answer(name):
    """Each figure draws exactly the question: the words drawn are the labels of the tree its code builds
    (run here with a stand-in for the drawing) and the values of its leaves, nothing else."""
    answers = {match.group(1) for cell in make_labs.read_source(name).cells if make_labs.BEGIN in cell.source
               for line in make_labs.solution_source(cell.source).splitlines()
               for match in [re.match(r"(?:def\s+)?(\w+)\s*[=(]", line)] if match}
    assert answers
    namespace: dict = {"trees": trees, "quiz": quiz}
    for cell in code_cells(STUDENT[name]):
        namespace["draw"] = recorder = Recorder()
        if not given(cell):
            continue
        used = {node.id for node in ast.walk(ast.parse(cell.source)) if isinstance(node, ast.Name)}
        assert not used & (answers | {"search", "check"}), cell.source
        exec(cell.source, namespace)                     # noqa: S102 - the lab's own figure code
        assert len(recorder.calls) == 1
        tree, options = recorder.calls[0]
        assert options.get("values") is False            # no backed-up values
        drawn = drawn_texts(cell.outputs[0].data["text/html"])
        assert not [text for text, _ in drawn if ANSWER_MARKS.search(text)]
        assert {text for text, role in drawn if role == "legend"} <= {"MAX", "MIN", "leaf"}
        assert Counter(text for text, role in drawn if role != "legend") == question_texts(tree, options)


@pytest.mark.slow
def test_the_answer_check_sees_a_drawn_answer():
    """A figure of the search (values, windows, pruning) fails the comparison the test above makes."""
    import matplotlib.pyplot as plt

    from mmlib import draw, search
    from mmlib.draw.display import figure_html

    tree = trees.from_nested([[5, 8, 6], [4, 9, 1], [7, 2, 3]])
    figure = draw.draw_tree(search.alphabeta(tree, trace=True), windows=True)
    drawn = drawn_texts(figure_html(figure))
    plt.close(figure)
    assert Counter(text for text, role in drawn if role != "legend") != question_texts(tree, {})
    assert [text for text, _ in drawn if ANSWER_MARKS.search(text)]
