"""Write the navigation cells of every notebook from one list of titles.

The first cell of each notebook holds its title, links to the previous and next notebook, a
Binder link (in the students' repository only, see below) and the course contents with this
notebook in bold; the last cell repeats the previous / next links.  Lectures step to lectures
and labs to labs; a lecture's last cell points at the labs that practise it ("Now try Lab 2"),
and a lab's first and last cells link back to the lectures it practises (``Entry.practises``).
Both are markdown cells tagged ``navigation``: this script replaces them (or inserts them when
missing) and leaves every other cell alone, so running it twice changes nothing.

Lectures are jupytext pairs (``NN_name.ipynb`` + ``NN_name.md``): both files are rewritten
together.  The student labs (``notebooks/labs``) and their solutions (``instructor/solutions``)
get the same cells; ``instructor/make_labs.py`` uses :func:`navigation_sources` when it writes
them, so a lab written from its source already carries them.

    python instructor/navigation.py          # rewrite the navigation cells in place

The Binder links open the repository named by ``[tool.mmlib] repository`` in pyproject.toml.  Only
the students' distribution names one (``make distribution REPOSITORY=owner/name`` writes it and runs
this script there); the instructor's repository, which holds the solutions and hidden tests, names
none, so its notebooks carry no Binder link, and a pyproject.toml that names one beside an
``instructor/`` folder is refused.
"""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import jupytext
import nbformat

__all__ = [
    "COURSE",
    "TAG",
    "Entry",
    "binder_url",
    "labs_of",
    "lecture_pairs",
    "lectures_of",
    "main",
    "navigation_sources",
    "pair_differences",
    "repository",
    "set_navigation",
    "student_notebooks",
]

ROOT = Path(__file__).resolve().parent.parent
TAG = "navigation"
PAIRED_FORMAT = "md:myst"
BINDER_BADGE = "https://mybinder.org/badge_logo.svg"


@dataclass(frozen=True)
class Entry:
    """One notebook of the course: its path under notebooks/, short label and title; a lab also
    names the labels of the lectures it practises."""

    path: str
    label: str
    title: str
    practises: tuple[str, ...] = ()

    @property
    def is_lab(self) -> bool:
        return self.path.startswith("labs/")

    @property
    def heading(self) -> str:
        return f"{self.label}: {self.title}" if self.is_lab else f"{self.label} · {self.title}"

    @property
    def link_text(self) -> str:
        return f"{self.label}: {self.title}" if self.is_lab else f"{self.label} {self.title}"


COURSE: tuple[Entry, ...] = (
    Entry("00_start_here.ipynb", "00", "Start here"),
    Entry("01_game_trees_and_minimax.ipynb", "01", "Game trees and minimax"),
    Entry("02_depth_limits_and_evaluation.ipynb", "02", "Depth limits and static evaluation"),
    Entry("03_alpha_beta_pruning.ipynb", "03", "Alpha-beta pruning"),
    Entry("04_alpha_beta_variants.ipynb", "04", "Alpha-beta as the sources write it"),
    Entry("05_move_ordering.ipynb", "05", "Move ordering"),
    Entry("06_square_root_speedup.ipynb", "06", "The square-root speedup"),
    Entry("07_tictactoe_solved.ipynb", "07", "Tic-tac-toe, solved"),
    Entry("08_beyond_connect_four.ipynb", "08", "Beyond tic-tac-toe: Connect Four"),
    Entry("09_chance_and_many_agents.ipynb", "09", "Chance and many agents"),
    Entry("10_beyond_alpha_beta.ipynb", "10", "Beyond alpha-beta: null windows, best-first, Monte Carlo"),
    Entry("11_chess.ipynb", "11", "√b in chess: move ordering on real positions"),
    Entry("labs/lab1_minimax.ipynb", "Lab 1", "minimax", ("01", "02")),
    Entry("labs/lab2_alphabeta.ipynb", "Lab 2", "alpha-beta", ("03", "04")),
    Entry("labs/lab3_tictactoe_evaluator.ipynb", "Lab 3", "a tic-tac-toe evaluator", ("05", "07")),
    Entry("labs/lab4_expectimax.ipynb", "Lab 4", "expectimax", ("09",)),
    Entry("labs/lab5_move_ordering.ipynb", "Lab 5", "move ordering", ("05", "06", "11")),
    Entry("labs/lab6_anytime_agent.ipynb", "Lab 6", "an anytime agent", ("05", "10")),
    Entry("labs/lab7_transposition_table.ipynb", "Lab 7", "a transposition table",
          ("07", "08")),
)


def _by_label(label: str) -> Entry:
    for entry in COURSE:
        if entry.label == label:
            return entry
    raise ValueError(f"no notebook labelled {label!r} in navigation.COURSE")


def labs_of(lecture: Entry) -> list[Entry]:
    """The labs that practise ``lecture``, in course order.

    >>> [lab.label for lab in labs_of(COURSE[3])]
    ['Lab 2']
    """
    return [entry for entry in COURSE if entry.is_lab and lecture.label in entry.practises]


def lectures_of(lab: Entry) -> list[Entry]:
    """The lectures ``lab`` practises, in course order.

    >>> [lecture.label for lecture in lectures_of(_by_label("Lab 1"))]
    ['01', '02']
    """
    named = [_by_label(label) for label in lab.practises]
    return [entry for entry in COURSE if entry in named]


def _neighbours(entry: Entry) -> tuple[Entry | None, Entry | None]:
    """The notebooks before and after ``entry`` among its own kind (lectures or labs)."""
    kind = [other for other in COURSE if other.is_lab == entry.is_lab]
    index = kind.index(entry)
    return (kind[index - 1] if index > 0 else None, kind[index + 1] if index + 1 < len(kind) else None)


def repository(root: Path = ROOT) -> str | None:
    """The GitHub ``owner/name`` the Binder links open (``[tool.mmlib] repository``), or None where
    pyproject.toml names none: in the instructor's repository, which Binder must never open.

    >>> repository() is None
    True
    """
    with open(root / "pyproject.toml", "rb") as file:
        named = tomllib.load(file).get("tool", {}).get("mmlib", {}).get("repository")
    if named is not None and (root / "instructor").exists():
        raise ValueError(f"{root / 'pyproject.toml'}: [tool.mmlib] repository = {named!r}, but {root} holds "
                         "instructor/ (solutions and hidden tests), and Binder would open it from every "
                         "notebook; remove the setting: `make distribution REPOSITORY=owner/name` writes the "
                         "students' repository, whose notebooks open it on Binder")
    return None if named is None else str(named)


def binder_url(path: str, repository: str) -> str:
    """The Binder address that opens ``path`` (relative to the root of ``repository``) in JupyterLab.

    >>> binder_url("notebooks/00_start_here.ipynb", "uni/course")
    'https://mybinder.org/v2/gh/uni/course/HEAD?labpath=notebooks%2F00_start_here.ipynb'
    """
    return f"https://mybinder.org/v2/gh/{repository}/HEAD?labpath={quote(path, safe='')}"


def _location(entry: Entry, root: Path, *, solutions: bool) -> Path:
    """Where ``entry`` lives; seen from a solution notebook, a lab is its solution."""
    if solutions and entry.is_lab:
        return root / "instructor" / "solutions" / Path(entry.path).name
    return root / "notebooks" / entry.path


def _entry_of(path: Path, root: Path) -> tuple[Entry, bool]:
    """The course entry of a notebook path, and whether the path is a lab solution."""
    path = path.resolve()
    solutions = path.parent == (root / "instructor" / "solutions").resolve()
    for entry in COURSE:
        if _location(entry, root, solutions=solutions).resolve() == path:
            return entry, solutions
    raise ValueError(f"{path} is not in navigation.COURSE; add it to the list there")


def _link(entry: Entry, here: Path, root: Path, *, solutions: bool) -> str:
    target = _location(entry, root, solutions=solutions)
    return Path(os.path.relpath(target, here)).as_posix()


def navigation_sources(path: Path, *, root: Path = ROOT) -> tuple[str, str]:
    """The markdown of the first and last navigation cells of the notebook at ``path``."""
    entry, solutions = _entry_of(path, root)
    here = path.resolve().parent
    previous, following = _neighbours(entry)

    def link(other: Entry, text: str) -> str:
        return f"[{text}]({_link(other, here, root, solutions=solutions)})"

    steps = []
    if previous:
        steps.append(link(previous, f"← {previous.link_text}"))
    if entry is not COURSE[0]:
        steps.append(link(COURSE[0], "Contents"))
    if following:
        steps.append(link(following, f"{following.link_text} →"))
    top = list(steps)
    opens = repository(root)
    if opens is not None:                       # the students' repository: its Binder badge
        binder_path = _location(entry, root, solutions=solutions).relative_to(root).as_posix()
        top.append(f"[![Open in Binder]({BINDER_BADGE})]({binder_url(binder_path, opens)})")

    lectures = [other for other in COURSE if not other.is_lab]
    labs = [other for other in COURSE if other.is_lab]

    def short(other: Entry) -> str:
        number = other.label.removeprefix("Lab ")
        if other is entry:
            return f"**{number}**"
        return f'[{number}]({_link(other, here, root, solutions=solutions)} "{other.title}")'

    contents = ("Lectures " + " · ".join(short(other) for other in lectures)
                + " — Labs " + " · ".join(short(other) for other in labs))
    first = f"# {entry.heading}\n\n{' · '.join(top)}\n\n{contents}"
    last = " · ".join(steps)
    if entry.is_lab:
        practised = _listed([link(lecture, f"lecture {lecture.link_text}") for lecture in lectures_of(entry)])
        first += f"\n\nThis lab practises {practised}."
        last = f"Back to {practised}.\n\n{last}"
    elif labs_of(entry):
        labs = _listed([link(lab, lab.link_text) for lab in labs_of(entry)])
        verb = "practises" if len(labs_of(entry)) == 1 else "practise"
        last = f"**Now try {labs}**, which {verb} this lecture.\n\n{last}"
    return first, last


def _listed(items: list[str]) -> str:
    """``items`` as a sentence lists them.

    >>> _listed(["Lab 3"]), _listed(["Lab 3", "Lab 5"]), _listed(["Lab 3", "Lab 5", "Lab 6"])
    ('Lab 3', 'Lab 3 and Lab 5', 'Lab 3, Lab 5 and Lab 6')
    """
    return " and ".join(filter(None, [", ".join(items[:-1]), items[-1]])) if items else ""


def _navigation_cell(source: str, cell_id: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_markdown_cell(source, id=cell_id)
    cell.metadata["tags"] = [TAG]
    return cell


def _is_navigation(cell: nbformat.NotebookNode) -> bool:
    return TAG in cell.get("metadata", {}).get("tags", [])


def set_navigation(nb: nbformat.NotebookNode, first: str, last: str) -> bool:
    """Replace (or insert) the navigation cells of ``nb``; True if anything changed."""
    before = [(cell.cell_type, cell.source) for cell in nb.cells]
    if nb.cells and _is_navigation(nb.cells[0]):
        nb.cells[0].source = first
    else:
        nb.cells.insert(0, _navigation_cell(first, "navigation-top"))
    if len(nb.cells) > 1 and _is_navigation(nb.cells[-1]):
        nb.cells[-1].source = last
    else:
        nb.cells.append(_navigation_cell(last, "navigation-bottom"))
    return before != [(cell.cell_type, cell.source) for cell in nb.cells]


# ---------------------------------------------------------------------------------------- pairs


def lecture_pairs(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """Every lecture notebook and its MyST twin."""
    entries = [entry for entry in COURSE if not entry.is_lab]
    return [(root / "notebooks" / e.path, (root / "notebooks" / e.path).with_suffix(".md")) for e in entries]


def _comparable(nb: nbformat.NotebookNode) -> list[tuple]:
    return [(cell.cell_type, cell.source, tuple(cell.get("metadata", {}).get("tags", [])),
             bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden", False)))
            for cell in nb.cells]


def pair_differences(ipynb: Path, text: Path) -> list[str]:
    """How the two sides of a jupytext pair disagree (cell types, sources, tags, hidden input)."""
    if not text.exists():
        return [f"{text.name} is missing: run jupytext --sync {ipynb.name}"]
    left = _comparable(nbformat.read(ipynb, as_version=4))
    right = _comparable(jupytext.read(text, fmt=PAIRED_FORMAT))
    problems = []
    if len(left) != len(right):
        problems.append(f"{ipynb.name} has {len(left)} cells, {text.name} {len(right)}")
    for index, (a, b) in enumerate(zip(left, right, strict=False)):
        if a != b:
            problems.append(f"cell {index} differs: {a[1][:60]!r} vs {b[1][:60]!r}")
            break
    return problems


def _write_pair(nb: nbformat.NotebookNode, ipynb: Path, text: Path) -> None:
    """Write both sides, the text last, so jupytext sees the pair as up to date."""
    nbformat.write(nb, ipynb)
    jupytext.write(nb, text, fmt=PAIRED_FORMAT)


def student_notebooks(root: Path = ROOT) -> list[Path]:
    """The lab notebooks: the students' versions and the instructor's solutions."""
    labs = [entry for entry in COURSE if entry.is_lab]
    return [_location(entry, root, solutions=solutions) for solutions in (False, True) for entry in labs]


def main(root: Path = ROOT) -> list[Path]:
    """Rewrite the navigation cells under ``root``; returns the files that changed."""
    changed: list[Path] = []
    for ipynb, text in lecture_pairs(root):
        problems = pair_differences(ipynb, text)
        if problems:
            raise SystemExit(f"{ipynb.name} and {text.name} disagree ({problems[0]}): "
                             f"run `jupytext --sync {ipynb.relative_to(root)}` first")
        nb = nbformat.read(ipynb, as_version=4)
        if set_navigation(nb, *navigation_sources(ipynb, root=root)):
            _write_pair(nb, ipynb, text)
            changed += [ipynb, text]
    for path in student_notebooks(root):
        if not path.exists():
            continue
        nb = nbformat.read(path, as_version=4)
        if set_navigation(nb, *navigation_sources(path, root=root)):
            nbformat.write(nb, path)
            changed.append(path)
    return changed


if __name__ == "__main__":
    for changed_path in main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT):
        print("rewrote", changed_path)
