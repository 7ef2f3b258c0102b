"""What sealed code sees of mmlib (mmlib.isolation.stage), on a small package written here: the modules
allowed, what they import when loaded (not inside functions) and the ones always shipped; withheld
functions hollowed out; the copy read-only for others."""

from __future__ import annotations

import stat

import pytest

from mmlib.isolation.stage import sandbox_modules, stage

FILES = {
    "mmlib/__init__.py": "from . import games\n",
    "mmlib/errors.py": "class MmlibError(Exception):\n    pass\n",
    "mmlib/check/__init__.py": "",
    "mmlib/check/nodes.py": "from ..errors import MmlibError\n",
    "mmlib/isolation/__init__.py": "",
    "mmlib/isolation/runner.py": "from . import wire\n",
    "mmlib/isolation/wire.py": "",
    "mmlib/games/__init__.py": "",
    "mmlib/games/board.py": "from . import rules\nfrom ..errors import MmlibError\n\n"
                            "def best(xs):\n    from mmlib.search import deep\n    return max(xs)\n\n"
                            "def worst(xs):\n    return min(xs)\n",
    "mmlib/games/rules.py": "",
    "mmlib/games/unused.py": "",
    "mmlib/search/__init__.py": "",
    "mmlib/search/deep.py": "",
}


@pytest.fixture
def package(tmp_path):
    root = tmp_path / "src"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_the_modules_shipped_are_those_allowed_what_they_import_and_the_protocol(package):
    assert sandbox_modules(("mmlib.games.board",), root=package) == {
        "mmlib.games.board", "mmlib.games.rules", "mmlib.errors",                    # allowed and its imports
        "mmlib.isolation.runner", "mmlib.isolation.wire", "mmlib.check.nodes",       # always, with theirs
        "mmlib.games", "mmlib.isolation"}                         # the packages `from . import` loads
    # an import inside a function (mmlib.search.deep) is not followed; a module no one imports is left out


def test_a_withheld_function_says_it_is_not_available_and_the_rest_works(package, tmp_path):
    target = stage(("mmlib.games.board",), tmp_path / "staged", withheld={"mmlib.games.board": ("best",)},
                   root=package)
    staged = target / "mmlib"
    assert (staged / "games" / "rules.py").is_file() and not (staged / "search").exists()
    assert not (staged / "games" / "unused.py").exists()
    board = (staged / "games" / "board.py").read_text()
    assert "is not available" in board and "max(xs)" not in board
    namespace: dict = {}
    imports = ("from . import rules\n", "from ..errors import MmlibError\n")
    exec(board.replace(imports[0], "").replace(imports[1], ""), namespace)
    assert namespace["worst"]([3, 1, 2]) == 1
    with pytest.raises(RuntimeError, match="^mmlib.games.board.best is not available while this lab is"):
        namespace["best"]([3, 1, 2])
    modes = {stat.S_IMODE(path.stat().st_mode) for path in staged.rglob("*.py")}
    assert modes == {0o644}
