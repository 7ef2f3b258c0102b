"""The website's "Browser tab" launch item beside Binder's (site/build.py, add_lite), and that the website is
built only for the students' repository."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ('<ul class="dropdown-menu"><li><a href="https://mybinder.org/v2/gh/o/r/HEAD?urlpath=lab/tree/'
          'notebooks/{nb}" target="_blank" class="btn btn-sm dropdown-item" title="Launch on Binder">'
          '<span class="btn__text-container">Binder</span></a></li></ul>')


def _site_build():
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "site" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_notebook_page_gets_a_browser_tab_item(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = _site_build()
    lite = tmp_path / "lite-site"
    (lite / "lab").mkdir(parents=True)
    (lite / "lab" / "index.html").write_text("lab")
    course = tmp_path / "course"
    (lite / ".mmlib-lite-course").write_text(str(course))        # built from the website's course folder
    monkeypatch.setattr(build, "LITE", lite)
    html = tmp_path / "html"
    (html / "labs").mkdir(parents=True)
    pages = {"01_game_trees_and_minimax.html": "01_game_trees_and_minimax.ipynb",
             "labs/lab1_minimax.html": "labs/lab1_minimax.ipynb"}
    for page, nb in pages.items():
        (html / page).write_text(BINDER.format(nb=nb))
        (course / "notebooks" / nb).parent.mkdir(parents=True, exist_ok=True)
        (course / "notebooks" / nb).write_text("{}")
    (html / "search.html").write_text(BINDER.format(nb="none"))     # not a notebook's page
    assert build.add_lite(html, tmp_path / "other" / "notebooks") == 0     # a build made from elsewhere
    assert "Browser tab" not in (html / "01_game_trees_and_minimax.html").read_text()
    assert build.add_lite(html, course / "notebooks") == 2
    lecture = (html / "01_game_trees_and_minimax.html").read_text()
    assert lecture.count("<li>") == 2 and "Binder</span></a></li><li>" in lecture
    assert 'href="lite/lab/index.html?path=01_game_trees_and_minimax.ipynb"' in lecture
    lab = (html / "labs/lab1_minimax.html").read_text()
    assert 'href="../lite/lab/index.html?path=labs/lab1_minimax.ipynb"' in lab
    assert "Browser tab" not in (html / "search.html").read_text()
    assert (html / "lite" / "lab" / "index.html").read_text() == "lab"     # the build is published beside
    assert not (html / "lite" / ".mmlib-lite-course").exists()


def test_the_website_is_built_for_the_students_repository_only(tmp_path: Path) -> None:
    build = _site_build()
    with pytest.raises(SystemExit, match=r"instructor's repository.*make site REPOSITORY=owner/name"):
        build.students_course(ROOT)                      # this checkout: solutions, hidden tests, graders
    with pytest.raises(SystemExit, match="not a students' distribution"):
        build.students_course(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.mmlib]\nrepository = "uni/course"\n')
    assert build.students_course(tmp_path) == "uni/course"
    assert "https://github.com/uni/course" in build.configuration("uni/course", local_mathjax=True)


def test_make_site_without_a_students_repository_refuses() -> None:
    done = subprocess.run(["make", "--no-print-directory", "site", "REPOSITORY="], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout.startswith("make site REPOSITORY=owner/name: the website launches the students' "
                                  "repository")
