"""Static checks on every notebook: what strict nbval cannot see.

Strict nbval (run by `make test`: the browser tests' Run All for the lectures, with nbval's own comparison,
and nbval itself for the lab solutions) re-executes every lecture and lab solution and compares its text
outputs with the stored ones, so stored outputs are stale exactly when they differ from what the
current code produces: a change to mmlib that leaves every output the same needs no re-execution.
The checks here cover the rest: each lecture and its MyST twin agree, the navigation cells are
current and their links resolve, the kernel, absolute paths, execution order, widget cells being
tagged, figures stored as images, exercise answers kept out of sight, and the wording of the text.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
INSTRUCTOR = ROOT / "instructor"
SANITIZE = Path(__file__).resolve().parent / "nbval_sanitize.cfg"
sys.path.insert(0, str(INSTRUCTOR))

import navigation  # noqa: E402

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
IGNORE_TAG = "nbval-ignore-output"
RAISES_TAGS = {"raises-exception", "nbval-raises-exception"}
ABSOLUTE_PATH = re.compile(r"/work/|/root\b|/home/|/Users/|\b[A-Z]:\\(?![nt\"'])")
EMBEDDED_PICTURE = re.compile(r"data:image/(?:png|svg\+xml);base64,[A-Za-z0-9+/=]+")
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}")

LECTURES = [ipynb for ipynb, _ in navigation.lecture_pairs()]
STUDENT_LABS = sorted((NOTEBOOK_DIR / "labs").glob("*.ipynb"))
SOLUTIONS = sorted((INSTRUCTOR / "solutions").glob("*.ipynb"))
LAB_SOURCES = sorted((INSTRUCTOR / "labs").glob("*.md"))
EXECUTED = LECTURES + SOLUTIONS


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def code_cells(nb) -> list:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def tags_of(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def text_of(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def text_outputs(cell) -> list[str]:
    """The text of every output of a cell, images excluded (their base64 may contain anything)."""
    texts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            texts.append(text_of(output["text"]))
        elif output["output_type"] == "error":
            texts.append(f"{output['ename']}: {output['evalue']}")
        else:
            for mime, value in output.get("data", {}).items():
                if not mime.startswith("image/") or mime == "image/svg+xml":
                    text = text_of(value) if isinstance(value, str | list) else json.dumps(value)
                    texts.append(EMBEDDED_PICTURE.sub("data:image/PICTURE", text))
    return texts


def sanitize_patterns() -> dict[str, tuple[str, str]]:
    """Section name -> (regex, replacement), parsed the way nbval parses the file."""
    text = SANITIZE.read_text(encoding="utf-8")
    sections = re.findall(r"^\[([^\]]+)\]\s*\nregex: (.*)\nreplace: (.*)$", text, flags=re.M)
    return {name: (regex, replace) for name, regex, replace in sections}


def ids(paths: list[Path]) -> list[str]:
    return [relative(p) for p in paths]


# ---------------------------------------------------------------------------------------- sanitizing


def test_sanitize_file_parses_like_nbval():
    nbval_plugin = pytest.importorskip("nbval.plugin")
    text = SANITIZE.read_text(encoding="utf-8")
    pairs = nbval_plugin.get_sanitize_patterns(text)
    sections = re.findall(r"^\[[^\]]+\]$", text, flags=re.M)
    assert len(pairs) == len(sections) >= 3, "each [section] needs a 'regex: ' line then a 'replace: ' line"
    for regex, replace in pairs:
        re.compile(regex)
        assert regex == regex.strip() and replace == replace.strip(), "no trailing spaces"


@pytest.mark.parametrize(
    ("section", "raw", "expected"),
    [
        ("memory_addresses", "<Node at 0x7f3a2b1c9d50>", "<Node at 0xADDRESS>"),
        ("timings", "took 1.23 s (12 ms a call, 3.5e-05 s a node)", "took TIME (TIME a call, TIME a node)"),
        ("timings", "2 squares and 9 moves", "2 squares and 9 moves"),
        ("temp_paths", "wrote /tmp/pytest-1/x.png", "wrote TMPPATH"),
    ],
)
def test_sanitize_patterns_rewrite_what_they_should(section, raw, expected):
    regex, replace = sanitize_patterns()[section]
    assert re.sub(regex, replace, raw) == expected


def test_the_makefile_uses_the_sanitize_file():
    assert relative(SANITIZE) in (ROOT / "Makefile").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------- layout


def test_notebooks_folder_holds_only_what_students_open():
    allowed = {p.name for p in LECTURES} | {p.with_suffix(".md").name for p in LECTURES} | {"labs"}
    allowed |= {"t1.in"}           # CMPUT 355's example tree, read by `python -m mmlib alphabeta < t1.in`
    found = {p.name for p in NOTEBOOK_DIR.iterdir() if p.name not in {".ipynb_checkpoints", "__pycache__"}}
    assert found <= allowed, f"not for students: {sorted(found - allowed)}"
    lab_files = {p.name for p in (NOTEBOOK_DIR / "labs").iterdir() if not p.name.startswith(".")}
    assert lab_files == {p.name for p in STUDENT_LABS} | {"cases"}, \
        "notebooks/labs holds the student notebooks and their practice cases only"
    cases = NOTEBOOK_DIR / "labs" / "cases"
    assert all(p.suffix == ".txt" for p in cases.rglob("*") if p.is_file()), "cases/ holds case files only"
    assert [p.stem for p in STUDENT_LABS] == [p.stem for p in SOLUTIONS] == [p.stem for p in LAB_SOURCES]


def test_every_course_notebook_is_listed_for_navigation():
    listed = {NOTEBOOK_DIR / entry.path for entry in navigation.COURSE}
    assert listed == set(LECTURES) | set(STUDENT_LABS)


# ---------------------------------------------------------------------------------------- pairs


@pytest.mark.parametrize("path", LECTURES, ids=ids(LECTURES))
def test_lecture_is_paired_with_myst_markdown(path):
    nb = load(path)
    assert nb.metadata.get("jupytext", {}).get("formats") == "ipynb,md:myst", \
        f"pair it: jupytext --set-formats ipynb,md:myst {relative(path)}"
    assert path.with_suffix(".md").is_file()


@pytest.mark.parametrize("path", LECTURES, ids=ids(LECTURES))
def test_both_sides_of_the_pair_agree(path):
    problems = navigation.pair_differences(path, path.with_suffix(".md"))
    assert not problems, f"{problems[0]}: run `jupytext --sync {relative(path)}`"


def test_an_unsynced_edit_is_detected(tmp_path):
    ipynb, text = navigation.lecture_pairs()[1]
    shutil.copy(ipynb, tmp_path / ipynb.name)
    copy = tmp_path / text.name
    markdown = text.read_text(encoding="utf-8")
    copy.write_text(markdown, encoding="utf-8")
    assert navigation.pair_differences(tmp_path / ipynb.name, copy) == []
    copy.write_text(markdown.replace("minimax", "minimaks", 1), encoding="utf-8")
    assert navigation.pair_differences(tmp_path / ipynb.name, copy)
    copy.write_text(markdown.replace("tags: [nbval-ignore-output]", "tags: []", 1)
                    if "tags: [nbval-ignore-output]" in markdown else markdown + "\n+++\n\nnew cell\n",
                    encoding="utf-8")
    assert navigation.pair_differences(tmp_path / ipynb.name, copy)


def test_no_global_jupytext_config_pairs_the_labs():
    for name in ("jupytext.toml", ".jupytext", ".jupytext.toml", "jupytext.yml", ".jupytext.yml"):
        for folder in (ROOT, NOTEBOOK_DIR, NOTEBOOK_DIR / "labs"):
            assert not (folder / name).exists(), f"{folder / name} would pair the labs too"
    for path in STUDENT_LABS + SOLUTIONS:
        assert "jupytext" not in load(path).metadata, relative(path)


# ---------------------------------------------------------------------------------------- navigation


def copy_course(destination: Path) -> Path:
    for folder in ("notebooks", "instructor"):
        shutil.copytree(ROOT / folder, destination / folder,
                        ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    shutil.copy(ROOT / "pyproject.toml", destination / "pyproject.toml")
    return destination


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for folder in ("notebooks", "instructor") for p in sorted((root / folder).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_navigation_is_current_and_idempotent(tmp_path):
    root = copy_course(tmp_path)
    before = snapshot(root)
    assert navigation.main(root) == [], "run python instructor/navigation.py"
    assert snapshot(root) == before


def test_navigation_restores_a_damaged_cell(tmp_path):
    root = copy_course(tmp_path)
    ipynb, text = navigation.lecture_pairs(root)[3]
    before = (ipynb.read_bytes(), text.read_bytes())
    nb = load(ipynb)
    nb.cells[0].source = "# old title"
    del nb.cells[-1]
    navigation._write_pair(nb, ipynb, text)
    assert navigation.main(root) == [ipynb, text]
    restored = [(c.cell_type, c.source, tags_of(c)) for c in load(ipynb).cells]
    stored = nbformat.reads(before[0].decode(), as_version=4)
    original = [(c.cell_type, c.source, tags_of(c)) for c in stored.cells]
    assert restored == original
    assert text.read_text(encoding="utf-8") == before[1].decode()


NAVIGATED = LECTURES + STUDENT_LABS + SOLUTIONS


@pytest.mark.parametrize("path", NAVIGATED, ids=ids(NAVIGATED))
def test_first_and_last_cells_navigate(path):
    nb = load(path)
    first, last = navigation.navigation_sources(path)
    assert navigation.TAG in tags_of(nb.cells[0]) and nb.cells[0].source == first
    assert navigation.TAG in tags_of(nb.cells[-1]) and nb.cells[-1].source == last
    headings = [line for cell in nb.cells if cell.cell_type == "markdown"
                for line in cell.source.splitlines() if line.startswith("# ")]
    assert headings == [first.splitlines()[0]], "one title per notebook, in the navigation cell"


LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


@pytest.mark.parametrize("path", NAVIGATED, ids=ids(NAVIGATED))
def test_every_relative_link_resolves(path):
    for cell in load(path).cells:
        if cell.cell_type != "markdown":
            continue
        for target in LINK.findall(cell.source):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            file = target.split("#")[0]
            assert (path.parent / file).exists(), f"{relative(path)}: link to missing {target}"


BINDER = re.compile(r"https://mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/HEAD\?labpath=([^)\s\"]+)")


def test_no_notebook_here_opens_this_repository_on_binder():
    """This repository holds the solutions and hidden tests: its pyproject.toml names no Binder repository
    and no lecture (either twin), student lab or solution links to Binder."""
    assert navigation.repository() is None
    for path in LECTURES + [ipynb.with_suffix(".md") for ipynb in LECTURES] + STUDENT_LABS + SOLUTIONS:
        assert "mybinder.org" not in path.read_text(encoding="utf-8"), relative(path)


def test_navigation_gives_the_students_repository_its_binder_badges(tmp_path):
    """Where pyproject.toml names the students' repository (the distribution), each notebook's first cell
    opens that very notebook there on Binder; beside an instructor/ folder the setting is refused."""
    (tmp_path / "pyproject.toml").write_text('[tool.mmlib]\nrepository = "uni-example/game-search"\n')
    for path, labpath in (("03_alpha_beta_pruning.ipynb", "notebooks%2F03_alpha_beta_pruning.ipynb"),
                          ("labs/lab7_transposition_table.ipynb",
                           "notebooks%2Flabs%2Flab7_transposition_table.ipynb")):
        first, last = navigation.navigation_sources(tmp_path / "notebooks" / path, root=tmp_path)
        assert BINDER.findall(first) == [("uni-example/game-search", labpath)], first
        assert "mybinder.org" not in last
    here, _ = navigation.navigation_sources(NOTEBOOK_DIR / navigation.COURSE[3].path)
    assert "mybinder.org" not in here
    (tmp_path / "instructor").mkdir()
    with pytest.raises(ValueError, match="holds instructor/"):
        navigation.navigation_sources(tmp_path / "notebooks" / navigation.COURSE[3].path, root=tmp_path)


# ---------------------------------------------------------------------------------------- execution


ALL = LECTURES + STUDENT_LABS + SOLUTIONS


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_kernel_is_python3(path):
    nb = load(path)
    spec = nb.metadata.get("kernelspec", {})
    assert spec.get("name") == "python3", f"{relative(path)}: kernelspec name {spec.get('name')!r}"
    assert spec.get("language", "python") == "python"
    assert nb.nbformat == 4


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_absolute_paths(path):
    for index, cell in enumerate(load(path).cells):
        for text in [cell.source, *text_outputs(cell)]:
            match = ABSOLUTE_PATH.search(text)
            assert not match, f"{relative(path)} cell {index}: absolute path {text[match.start():][:40]!r}"


@pytest.mark.parametrize("path", EXECUTED, ids=ids(EXECUTED))
def test_executed_top_to_bottom_with_outputs(path):
    counts = [cell.execution_count for cell in code_cells(load(path)) if cell.source.strip()]
    assert None not in counts, f"{relative(path)}: a code cell never ran: run `make notebooks`"
    assert counts == list(range(1, len(counts) + 1)), f"{relative(path)}: execution counts {counts}"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_execution_timings_stored(path):
    """Timings change on every run: stored, they would make every re-execution a diff of every cell."""
    timed = [index for index, cell in enumerate(load(path).cells) if "execution" in cell.get("metadata", {})]
    assert timed == [], f"{relative(path)} cells {timed}: execute with record_timing=False"


@pytest.mark.parametrize("path", STUDENT_LABS, ids=ids(STUDENT_LABS))
def test_student_labs_are_stored_without_outputs(path):
    """Except their given figures (tests/notebooks/test_lab_figures.py)."""
    for cell in code_cells(load(path)):
        if "given-figure" not in tags_of(cell):
            assert cell.execution_count is None and cell.outputs == [], \
                f"{relative(path)}: run python instructor/make_labs.py"


@pytest.mark.parametrize("path", EXECUTED, ids=ids(EXECUTED))
def test_widget_cells_are_ignored_by_nbval(path):
    for index, cell in enumerate(code_cells(load(path))):
        shows_widget = any(WIDGET_MIME in output.get("data", {}) for output in cell.outputs)
        if shows_widget:
            assert IGNORE_TAG in tags_of(cell), f"{relative(path)} code cell {index} shows a widget: tag it"


@pytest.mark.parametrize("path", EXECUTED, ids=ids(EXECUTED))
def test_no_errors_in_stored_outputs(path):
    for index, cell in enumerate(code_cells(load(path))):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"{relative(path)} code cell {index} raised {errors and errors[0].ename}"


@pytest.mark.parametrize("path", EXECUTED, ids=ids(EXECUTED))
def test_figures_are_stored_as_images_with_a_text_alternative(path):
    for index, cell in enumerate(code_cells(load(path))):
        for output in cell.outputs:
            data = output.get("data", {})
            plain = text_of(data.get("text/plain", ""))
            assert not plain.startswith("<Figure size"), (
                f"{relative(path)} code cell {index}: a figure shown as {plain!r} "
                "(import mmlib.draw first, with the inline matplotlib backend)")
            for img in re.findall(r"<img [^>]*>", text_of(data.get("text/html", ""))):
                alt = re.search(r'alt="([^"]*)"', img)
                assert alt and alt.group(1).strip(), \
                    f"{relative(path)} code cell {index}: a picture without alt text"


@pytest.mark.parametrize("path", EXECUTED, ids=ids(EXECUTED))
def test_no_addresses_or_timings_in_outputs(path):
    timing, _ = sanitize_patterns()["timings"]
    for index, cell in enumerate(code_cells(load(path))):
        if IGNORE_TAG in tags_of(cell):
            continue
        for text in text_outputs(cell):
            for pattern, what in ((ADDRESS, "memory address"), (re.compile(timing), "timing")):
                match = pattern.search(text)
                assert not match, f"{relative(path)} code cell {index}: {what} {match.group(0)!r} in output"


# ---------------------------------------------------------------------------------------- the text

# Words about how the material was made, not about the subject.
NOT_FOR_STUDENTS = re.compile(
    r"seeds? ?0\d\d|\bseed documents?\b|lost in conversion|\bconver(?:sion|ted)\b|picture (?:was|is) lost"
    r"|(?:figure|picture)[^.]{0,40} (?:is|was) (?:lost|missing)|the script's|source documents?|\breadings\b"
    r"|generated by|written for this course"
    r"|\btest suite\b|\bmake (?:bench|test|notebooks)\b|RESULTS\.md|\bfree cores?\b|survived as text",
    re.I,
)
CODE_SPAN = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$]+\$", re.S)
LITERAL_POWER = re.compile(r"\w\^[\w({]")


def student_texts() -> list[tuple[str, str]]:
    """(where, text) for every markdown cell and code comment a student reads."""
    texts = []
    for path in LECTURES + STUDENT_LABS:
        for index, cell in enumerate(load(path).cells):
            where = f"{relative(path)} cell {index}"
            if cell.cell_type == "markdown":
                texts.append((where, cell.source))
            elif cell.cell_type == "code":
                texts += [(where, comment) for comment in re.findall(r"#.*", cell.source)]
    for path in LAB_SOURCES:
        texts.append((relative(path), path.read_text(encoding="utf-8")))
    return texts


def test_text_speaks_of_the_subject_only():
    found = [(where, match.group(0)) for where, text in student_texts()
             for match in NOT_FOR_STUDENTS.finditer(text)]
    assert found == []


def test_text_pattern_catches_what_it_should():
    for bad in ("as seed 000 says", "Seed 003's scores", "indentation was lost in conversion",
                "Its picture was lost", "The script's questions", "The notes' figure is lost",
                "Their picture of the game tree was lost", "all five course readings",
                "The test suite repeats this", "`make bench` compares it", "benchmarks/RESULTS.md",
                "in a minute on two free cores", "(its picture survived as text)"):
        assert NOT_FOR_STUDENTS.search(bad), bad
    for fine in ("trees.uniform(3, 4, seed=0)", "the slides' figure 5.2", "drag the seed slider",
                 "reading a leaf's value", "nothing is lost yet"):
        assert not NOT_FOR_STUDENTS.search(fine), fine


def test_no_literal_carets_in_prose():
    found = []
    for where, text in student_texts():
        if where.endswith(".md"):
            continue
        prose = CODE_SPAN.sub("", text)
        found += [(where, match.group(0)) for match in LITERAL_POWER.finditer(prose)]
    assert found == [], "write powers as $10^{120}$ or 10<sup>120</sup>"
    assert LITERAL_POWER.search(CODE_SPAN.sub("", "more than 10^120 games"))
    assert not LITERAL_POWER.search(CODE_SPAN.sub("", "more than $10^{120}$ games, `b**d`"))


ANSWER = re.compile(r"<details>\s*<summary>\s*Answers?(?: \d+)?\s*</summary>(.*?)</details>", re.S | re.I)


EXERCISES = r"^#+ (Exercises|Questions to think about \(not graded\))\s*$"
"""A lecture's exercises; a lab's ungraded ones, named apart from its graded "Exercise 1 (6 points)"."""


def exercise_cells(nb) -> list[int]:
    return [index for index, cell in enumerate(nb.cells)
            if cell.cell_type == "markdown" and re.search(EXERCISES, cell.source, re.M)]


@pytest.mark.parametrize("path", LECTURES + STUDENT_LABS, ids=ids(LECTURES + STUDENT_LABS))
def test_exercise_answers_stay_collapsed_on_run_all(path):
    nb = load(path)
    found = exercise_cells(nb)
    assert found, f"{relative(path)} has no Exercises section"
    if path in STUDENT_LABS:      # after the graded "Exercise 1", "Exercise 2": not a third graded part
        assert all("(not graded)" in nb.cells[index].source for index in found), relative(path)
    for index in found:
        cell = nb.cells[index]
        assert ANSWER.search(cell.source), f"{relative(path)} cell {index}: put the answers in <details>"
        outside = ANSWER.sub("", cell.source)
        assert "Answer" not in outside, f"{relative(path)} cell {index}: an answer outside <details>"
        following = []
        for later in nb.cells[index + 1:]:
            if later.cell_type == "markdown":
                break
            following.append(later)
        for later in following:       # cells that check the answers: input collapsed, nothing shown
            assert later.metadata.get("jupyter", {}).get("source_hidden"), \
                f"{relative(path)}: a cell after the exercises shows its code (collapse its input)"
            assert not later.get("outputs"), f"{relative(path)}: a cell after the exercises prints an answer"
            assert not re.search(r"\b(print|display)\(", later.source), \
                f"{relative(path)}: a cell after the exercises would show an answer on run-all"


def test_make_lab_hides_the_md_twins_only():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    globs = json.loads(re.search(r"^HIDE_GLOBS := (.*)$", makefile, flags=re.M).group(1))
    assert "--ContentsManager.hide_globs=$(HIDE_GLOBS)" in makefile
    hidden = {p.name for p in NOTEBOOK_DIR.rglob("*") if any(fnmatch.fnmatch(p.name, g) for g in globs)}
    assert hidden == {p.with_suffix(".md").name for p in LECTURES}


def test_the_map_lists_every_lab():
    start = NOTEBOOK_DIR / "00_start_here.md"
    body = start.read_text(encoding="utf-8").split("## The map", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"\]\((labs/[^)]+\.ipynb)\)", body))
    assert listed == {f"labs/{p.name}" for p in STUDENT_LABS}


@pytest.mark.parametrize("path", LECTURES, ids=ids(LECTURES))
def test_each_lecture_states_its_goals_and_takeaways(path):
    text = path.with_suffix(".md").read_text(encoding="utf-8")
    assert "you will be able to" in text.split("```{code-cell}", 1)[0], \
        f"{relative(path)}: no goals before the code"
    takeaways = text.split("## Key takeaways", 1)
    assert len(takeaways) == 2, f"{relative(path)}: no 'Key takeaways' section"
    points = re.findall(r"^- ", takeaways[1].split("+++", 1)[0], re.M)
    assert 3 <= len(points) <= 5, f"{relative(path)}: {len(points)} takeaways"
