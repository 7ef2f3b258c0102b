"""The path through the course: each lecture ends by pointing at the labs that practise it, and each
lab links back to its lectures, in the stored notebooks (lectures, student labs, solutions)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "instructor"))

import navigation  # noqa: E402

LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")

# Which lab practises which lecture, read off the labs' own subjects (written here, not copied from
# navigation.COURSE): minimax with a depth; alpha-beta and the forms the sources write it in; a
# tic-tac-toe evaluator; expectimax; move ordering and the minimal tree; iterative deepening made
# anytime; a transposition table.
PRACTISES = {
    "lab1_minimax": {"01_game_trees_and_minimax", "02_depth_limits_and_evaluation"},
    "lab2_alphabeta": {"03_alpha_beta_pruning", "04_alpha_beta_variants"},
    "lab3_tictactoe_evaluator": {"05_move_ordering", "07_tictactoe_solved"},
    "lab4_expectimax": {"09_chance_and_many_agents"},
    "lab5_move_ordering": {"05_move_ordering", "06_square_root_speedup", "11_chess"},
    "lab6_anytime_agent": {"05_move_ordering", "10_beyond_alpha_beta"},
    "lab7_transposition_table": {"07_tictactoe_solved", "08_beyond_connect_four"},
}


def links(path: Path, cell: int) -> list[tuple[str, Path]]:
    """The (text, target file) of every relative link in one cell of the notebook at ``path``."""
    source = nbformat.read(path, as_version=4).cells[cell].source
    return [(text, (path.parent / target.split("#")[0]).resolve()) for text, target in LINK.findall(source)
            if not re.match(r"[a-z]+:", target)]


def lab_paths(name: str) -> list[Path]:
    return [ROOT / "notebooks" / "labs" / f"{name}.ipynb",
            ROOT / "instructor" / "solutions" / f"{name}.ipynb"]


def lecture_path(stem: str) -> Path:
    return (ROOT / "notebooks" / f"{stem}.ipynb").resolve()


def test_every_lab_is_listed_with_the_lectures_it_practises():
    labs = {Path(entry.path).stem: {Path(lecture.path).stem for lecture in navigation.lectures_of(entry)}
            for entry in navigation.COURSE if entry.is_lab}
    assert labs == PRACTISES


@pytest.mark.parametrize("name", sorted(PRACTISES))
def test_each_lab_links_back_to_its_lectures_first_and_last(name):
    for path in lab_paths(name):
        for cell in (0, -1):
            lectures = {target for text, target in links(path, cell) if text.startswith("lecture ")}
            assert lectures == {lecture_path(stem) for stem in PRACTISES[name]}, (path, cell)


def test_lab_1_steps_to_labs_not_back_to_the_last_lecture():
    first = links(ROOT / "notebooks" / "labs" / "lab1_minimax.ipynb", 0)
    assert not [text for text, _ in first if text.startswith("←")]
    assert ("Lab 2: alpha-beta →", (ROOT / "notebooks" / "labs" / "lab2_alphabeta.ipynb").resolve()) in first
    assert lecture_path("10_beyond_alpha_beta") not in [target for text, target in first
                                                        if not text.isdigit()]


@pytest.mark.parametrize("stem", sorted({stem for stems in PRACTISES.values() for stem in stems}))
def test_each_lecture_ends_by_pointing_at_its_labs(stem):
    path = lecture_path(stem)
    last = nbformat.read(path, as_version=4).cells[-1].source
    assert last.startswith("**Now try ")
    pointed = {target for text, target in links(path, -1) if text.startswith("Lab ")}
    assert pointed == {(ROOT / "notebooks" / "labs" / f"{name}.ipynb").resolve()
                       for name, stems in PRACTISES.items() if stem in stems}
    twin = path.with_suffix(".md").read_text(encoding="utf-8")
    assert last in twin, "the MyST twin ends the same way: run python instructor/navigation.py"


def test_a_lecture_no_lab_practises_ends_with_its_steps_alone(monkeypatch):
    """A new lecture (say one after 11) needs no lab: it steps on, and no lab is named."""
    entry = navigation.Entry("12_new.ipynb", "12", "A new lecture")
    lectures = [other for other in navigation.COURSE if not other.is_lab]
    labs = [other for other in navigation.COURSE if other.is_lab]
    monkeypatch.setattr(navigation, "COURSE", (*lectures, entry, *labs))
    _, last = navigation.navigation_sources(ROOT / "notebooks" / "12_new.ipynb")
    _, before = navigation.navigation_sources(ROOT / "notebooks" / "11_chess.ipynb")
    assert "Now try" not in last and "Lab" not in last
    assert "[← 11 √b in chess" in last
    assert "[12 A new lecture →](12_new.ipynb)" in before and before.startswith("**Now try [Lab 5")
