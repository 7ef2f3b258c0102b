"""The class tournament (mmlib.course.tournament, .standings; the rules in mmlib.check.contest).

The fast tests use only the fixed entrants (trusted code, no sandbox) on small boards; the slow
ones seal a dozen agents of known strength, working and broken, in the grader's sandbox, on a
process pool and on a Dask LocalCluster.
"""

from __future__ import annotations

import csv
import html.parser
import json
import os
import random
import socket
import tempfile
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import nbformat
import pytest

from mmlib.check.contest import Rules, baseline, play_game, practice_games, seed_of
from mmlib.course import standings, tournament
from mmlib.course.tournament import Entrant
from mmlib.errors import ArgumentError
from mmlib.isolation.sandbox import bwrap_available

SMALL = Rules(columns=5, rows=4, move_seconds=5, games=2)


# -- fast: pairings, ratings, pages, resuming --------------------------------------------------------

def _fake_results(tasks: list[tournament.Task], rng: random.Random) -> list[dict[str, Any]]:
    return [{"id": game.id, "x": task.a.name if game.first_is_x else task.b.name,
             "o": task.b.name if game.first_is_x else task.a.name, "result": rng.choice("XO")}
            for task in tasks for game in task.games]


@pytest.mark.parametrize("count", [12, 11])
def test_swiss_pairs_by_score_without_repeats(count: int) -> None:
    people = [Entrant(f"p{i:02d}", "random") for i in range(count)]
    rng, records, met, byes = random.Random(count), [], set(), []
    for round_ in range(1, 8):
        tasks, bye = tournament.swiss_round(people, records, round_, SMALL, seed=3)
        points = tournament.points_of(records)
        pairs = [frozenset((task.a.name, task.b.name)) for task in tasks]
        seated = [name for pair in pairs for name in pair] + ([bye] if bye else [])
        assert sorted(seated) == [p.name for p in people]                 # everyone once a round
        assert not met & set(pairs)                                          # nobody meets anybody twice
        met |= set(pairs)
        if round_ == 2 and count == 12:
            # after round 1 (two decisive games a pairing) the scores are even: those with the same
            # score can all be paired among themselves, and are
            assert all(len({points.get(name, 0) for name in pair}) == 1 for pair in pairs)
        if bye:
            assert bye not in byes
            byes.append(bye)
            records.append({"id": f"r{round_}-bye", "bye": bye, "points": SMALL.games})
        records += _fake_results(tasks, rng)
    assert bool(byes) == (count % 2 == 1)


def test_swiss_refuses_rounds_that_need_a_repeat() -> None:
    people = [Entrant(name, "random") for name in "abcd"]
    records: list[dict[str, Any]] = []
    for round_ in (1, 2, 3):
        tasks, _ = tournament.swiss_round(people, records, round_, SMALL)
        records += _fake_results(tasks, random.Random(round_))
    with pytest.raises(ArgumentError, match="rounds: round 4"):
        tournament.swiss_round(people, records, 4, SMALL)


class _Counting(Executor):
    """An executor running tasks in a process pool, counting the games it was given."""

    def __init__(self) -> None:
        self.pool, self.games = ProcessPoolExecutor(2), 0

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait, cancel_futures=cancel_futures)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.games += len(args[0].games)
        return self.pool.submit(fn, *args, **kwargs)


def _baselines(*names: str) -> list[Entrant]:
    return [Entrant(name, baseline=name) for name in names]


def test_a_game_played_again_alone_is_the_same_game() -> None:
    # a tournament stopped between the two games of a pairing plays the second one again by itself:
    # the random entrant must not remember the game before it
    entrants = _baselines("random", "alphabeta-1")
    for task in tournament.round_robin(entrants, SMALL, seed=5):
        both = tournament.run_pairing(task, SMALL)
        first, second = task.games
        alone = tournament.run_pairing(task.without({first.id}), SMALL)
        assert [record["id"] for record in both] == [first.id, second.id]
        assert alone == both[1:]


def test_a_fixed_entrant_plays_each_game_seeded_by_its_id_under_its_own_name() -> None:
    # each game replayed by hand with the fixed entrants the definition names: the random one
    # seeded by the game's id and the entrant's name, afresh for every game
    ann, bob = Entrant("ann", baseline="random"), Entrant("bob", baseline="centre")
    rules = Rules(columns=5, rows=4, games=4)
    for task in tournament.round_robin([ann, bob], rules, seed=3):
        records = tournament.run_pairing(task, rules)
        assert len(records) == 4 and len({record["id"] for record in records}) == 4
        for game, record in zip(task.games, records, strict=True):
            by_hand = {"ann": baseline("random", seed_of(game.id, "ann")), "bob": baseline("centre")}
            x, o = ("ann", "bob") if game.first_is_x else ("bob", "ann")
            expected = play_game(rules, {"X": by_hand[x], "O": by_hand[o]}, opening=game.opening)
            assert (record["x"], record["o"]) == (x, o)
            assert record["moves"] == expected.moves and record["result"] == expected.result


@pytest.mark.slow
def test_an_interrupted_tournament_resumes_without_replaying(tmp_path: Path) -> None:
    entrants = _baselines("random", "centre", "alphabeta-1", "alphabeta-3")
    with _Counting() as pool:
        first = tournament.run_tournament(entrants, SMALL, tmp_path / "a", pool=pool)
    assert len(first) == 12
    journal = (tmp_path / "a" / "journal.jsonl").read_text().splitlines()
    (tmp_path / "a" / "journal.jsonl").write_text("\n".join(journal[:5]) + "\n")     # stopped after 5 games
    with _Counting() as counting:
        again = tournament.run_tournament(entrants, SMALL, tmp_path / "a", pool=counting)
    assert counting.games == 7
    assert again == first                                 # the same games, the same results, the same order
    with _Counting() as pool:
        swiss = tournament.run_tournament(entrants, SMALL, tmp_path / "s", fmt="swiss", rounds=3, pool=pool)
    assert len(swiss) == 12
    with pytest.raises(ArgumentError, match="other settings"):
        tournament.run_tournament(entrants, Rules(columns=5, rows=4, games=4), tmp_path / "a", pool=pool)


def _past_the_budget(board: str, max_nodes: int) -> int:
    from mmlib.check.deepening import search_to_depth
    return search_to_depth(board, 5, 10**9).move


def test_an_agent_whose_iteration_spends_past_the_node_budget_forfeits() -> None:
    rules = Rules(max_nodes=200, move_seconds=30, games=2)
    namespace: dict[str, Any] = {}
    exec(ANYTIME, namespace)                                 # the lab's agent, held to its budget
    lines = practice_games(_past_the_budget, rules=rules, opponents=("centre",))
    assert lines[-1] == "you: 0 of 2 points", lines
    said = ("over its node budget: its iterations of search_to_depth spent more than the move's 200 nodes "
            "in all")
    assert all(said in line for line in lines[:-1]), lines
    fair = practice_games(namespace["anytime_move"], rules=rules, opponents=("centre",))
    assert not any("forfeit" in line or "budget" in line for line in fair), fair


class _Checker(html.parser.HTMLParser):
    """Collects what an accessible static page needs: tags, images' names, scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.unnamed_images = 0
        self.attributes: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        self.attributes.append(found)
        if tag == "svg" and not found.get("aria-label"):
            self.unnamed_images += 1


def test_pages_and_gradebook(tmp_path: Path) -> None:
    entrants = _baselines("random", "alphabeta-3") + [Entrant(name, cells=("",)) for name in ("ada", "bob")]
    rules = Rules(columns=5, rows=4)
    records = [
        {"id": "g1", "round": 1, "x": "ada", "o": "random", "opening": "", "moves": [2, 0, 2, 0, 2, 1, 2],
         "result": "X", "forfeit": None, "reasons": {}},
        {"id": "g2", "round": 1, "x": "bob", "o": "ada", "opening": "", "moves": [],
         "result": "O", "forfeit": "X", "reasons": {"X": "illegal move: it answered 9"}},
        {"id": "g3", "round": 1, "x": "alphabeta-3", "o": "ada", "opening": "",
         "moves": [2, 0, 2, 0, 2, 0, 2],
         "result": "X", "forfeit": None, "reasons": {}},
        {"id": "g4", "round": 1, "x": "bob", "o": "random", "opening": "", "moves": [],
         "result": "none", "forfeit": "both", "reasons": {"X": "slow", "O": "also slow"}},
    ]
    rows = standings.write(tmp_path, records, entrants, rules, participation=2, bonus=0.5)
    by_name = {row.name: row for row in rows}
    assert (by_name["bob"].wins, by_name["bob"].losses, by_name["random"].losses) == (0, 2, 2)
    with open(tmp_path / "gradebook.csv") as handle:
        book = {row["student"]: row for row in csv.DictReader(handle)}
    assert set(book) == {"ada", "bob"}                       # students only
    assert book["bob"]["participation"] == "0"               # never finished a game without forfeiting
    assert book["ada"]["participation"] == "2"
    ada_above = sum(row.baseline is not None and row.rank > by_name["ada"].rank for row in rows)
    assert book["ada"]["bonus"] == f"{0.5 * ada_above:g}" and ada_above >= 1
    page = (tmp_path / "games" / "g1.html").read_text()
    checker = _Checker()
    checker.feed(page)
    assert "script" not in checker.tags and checker.unnamed_images == 0
    assert checker.tags.count("section") == 8                # the empty board and each of the 7 moves
    assert ">X</text>" in page and ">O</text>" in page      # discs marked by letter, not colour alone
    bob = (tmp_path / "players" / f"{standings._slug('bob')}.html").read_text()
    assert "illegal move: it answered 9" in bob
    index = (tmp_path / "index.html").read_text()
    assert 'name="viewport"' in index and 'lang="en"' in index and "<caption>" in index


# -- slow: a dozen agents, sealed ------------------------------------------------------------------------

needs_bwrap = pytest.mark.skipif(not bwrap_available() and os.environ.get("CI") != "true",
                                 reason="bubblewrap is missing")

ANYTIME = '''from mmlib.check.deepening import OutOfNodes, empty_cells, search_to_depth

def anytime_move(board, max_nodes):
    best, spent = None, 0
    for depth in range(1, empty_cells(board) + 1):
        try:
            iteration = search_to_depth(board, depth, max_nodes - spent, first=best)
        except OutOfNodes:
            break
        spent += iteration.nodes
        best = iteration.move
    return best
'''
LEFTMOST = "def anytime_move(board, max_nodes):\n    return board.split('/')[0].index('.')\n"
HOSTILE = '''import os, socket
try:
    if os.fork() == 0:                  # a process left behind, if the sandbox let it live
        import time
        time.sleep(1000)
except OSError:
    pass

def anytime_move(board, max_nodes):
    try:
        socket.create_connection(("127.0.0.1", PORT), timeout=0.2).sendall(b"hello")
    except OSError:
        pass
    with open(RESULTS + "/stolen.txt", "w") as handle:
        handle.write(board)
    return 3
'''
BROKEN = {  # name: (code, what its forfeits must say)
    "slow": ("import time\ndef anytime_move(board, max_nodes):\n    time.sleep(100)\n", "overran its time"),
    "crash": ("import os\ndef anytime_move(board, max_nodes):\n    os._exit(3)\n",
              "exit: it ended the process"),
    "raises": ("def anytime_move(board, max_nodes):\n    return 1 // 0\n", "raised ZeroDivisionError"),
    "illegal": ("def anytime_move(board, max_nodes):\n    return 7\n", "illegal move: it answered 7"),
    "hostile": (HOSTILE, "raised FileNotFoundError"),
    "missing": ("def anytime_mvoe(board, max_nodes):\n    return 3\n",
                "no agent: `anytime_move` is not defined"),
    "hog": ("def anytime_move(board, max_nodes):\n    return len(bytearray(8 << 30))\n", "MemoryError"),
}


def _notebook(path: Path, code: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def dozen(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, socket.socket, Path]:
    folder = tmp_path_factory.mktemp("submissions")
    results = tmp_path_factory.mktemp("results")
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0)
    port = listener.getsockname()[1]
    for name, code in {"good": ANYTIME, "leftmost": LEFTMOST, **{k: v[0] for k, v in BROKEN.items()}}.items():
        code = code.replace("PORT", str(port)).replace("RESULTS", repr(str(results)))
        _notebook(folder / f"{name}_lab6_anytime_agent.ipynb", code)
    return folder, listener, results


RULES = Rules(move_seconds=1.0, max_nodes=200, games=2)
WORKING = {"random", "centre", "alphabeta-3", "good", "leftmost"}


def _descendants() -> list[str]:
    """Processes below this one (what a tournament could leave running)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    below, frontier = [], [os.getpid()]
    while frontier:
        pid = frontier.pop()
        children = [child for child, parent in parents.items() if parent == pid]
        below += [str(child) for child in children]
        frontier += children
    return below


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own temporary folder, for its pool's and Dask's workers alike (other tests running
    beside it stage their agents in the machine's), to see that the workers removed what they staged."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _check_dozen(records: list[dict[str, Any]], entrants: list[Entrant], dozen: Any, out: Path) -> None:
    _, listener, results = dozen
    rows = standings.write(out, records, entrants, RULES)
    rank = {row.name: row.rank for row in rows}
    for name, (_, why) in BROKEN.items():
        played = [r for r in records if name in (r["x"], r["o"])]
        assert played
        for record in played:
            side = "X" if record["x"] == name else "O"
            assert record["result"] != side and record["result"] != "draw", (name, record)
            assert why in record["reasons"][side], (name, record["reasons"])
    assert max(rank[name] for name in WORKING) < min(rank[name] for name in BROKEN)
    for strong in ("alphabeta-3", "good"):
        assert rank[strong] < min(rank["random"], rank["leftmost"]), rank
    assert not (results / "stolen.txt").exists() and list(results.iterdir()) == []
    with pytest.raises(BlockingIOError):
        listener.accept()                                      # no agent reached the network
    assert all(not r.get("reasons") or set(r["reasons"]) <= {"X", "O"} for r in records)


@needs_bwrap
@pytest.mark.slow
def test_round_robin_of_a_dozen_sealed_agents(dozen: Any, tmp_path: Path, scratch: Path) -> None:
    folder = dozen[0]
    entrants = tournament.entrants_from(folder, baselines=("random", "centre", "alphabeta-3"))
    assert len(entrants) == 12
    with ProcessPoolExecutor(2) as pool:
        records = tournament.run_tournament(entrants, RULES, tmp_path, pool=pool)
    assert len(records) == 66 * 2
    _check_dozen(records, entrants, dozen, tmp_path)
    assert _descendants() == []
    left = {name for name in os.listdir(scratch) if name.startswith("mmlib-tournament")}
    assert left == set()                                       # nothing written outside the results


@needs_bwrap
@pytest.mark.slow
def test_swiss_of_a_dozen_sealed_agents(dozen: Any, tmp_path: Path) -> None:
    entrants = tournament.entrants_from(dozen[0], baselines=("random", "centre", "alphabeta-3"))
    with ProcessPoolExecutor(2) as pool:
        records = tournament.run_tournament(entrants, RULES, tmp_path, fmt="swiss", rounds=3, seed=1,
                                            pool=pool)
    assert len(records) == 3 * 6 * 2
    pairs = [frozenset((r["x"], r["o"])) for r in records]
    assert all(pairs.count(pair) == 2 for pair in pairs)      # each pairing once: its two games
    for name, (_, why) in BROKEN.items():
        for record in records:
            if name in (record["x"], record["o"]):
                side = "X" if record["x"] == name else "O"
                assert record["result"] != side and why in record["reasons"][side]
    assert _descendants() == []


@needs_bwrap
@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_results_as_the_process_pool(dozen: Any, tmp_path: Path,
                                                                   scratch: Path) -> None:
    distributed = pytest.importorskip("distributed")
    folder = dozen[0]
    chosen = {"good", "slow", "illegal"}
    entrants = [e for e in tournament.entrants_from(folder, baselines=("alphabeta-3",))
                if e.baseline or e.name in chosen]
    with ProcessPoolExecutor(2) as pool:
        local = tournament.run_tournament(entrants, RULES, tmp_path / "pool", fmt="swiss", rounds=2,
                                          pool=pool)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                                  processes=True) as cluster, \
            tournament.executor(cluster.scheduler_address) as pool:
        remote = tournament.run_tournament(entrants, RULES, tmp_path / "dask", fmt="swiss", rounds=2,
                                           pool=pool)
    assert len(local) == 2 * 2 * 2
    assert remote == local
    left = {name for name in os.listdir(scratch) if name.startswith("mmlib-tournament")}
    assert left == set()                                       # the workers removed what they staged
    assert json.loads((tmp_path / "pool" / "tournament.json").read_text()) == \
        json.loads((tmp_path / "dask" / "tournament.json").read_text())


# -- the published pages in a browser: axe-core at a phone's width -----------------------------------------

AXE_JS = Path(__file__).resolve().parents[2] / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.browser
@pytest.mark.slow
def test_the_pages_pass_axe_on_a_phone(tmp_path: Path) -> None:
    import shutil
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    sync_api = pytest.importorskip("playwright.sync_api")
    if chromium is None or not AXE_JS.exists():
        if os.environ.get("CI") == "true":
            pytest.fail("chromium and axe-core (make test installs it) are needed")
        pytest.skip("chromium or axe-core (build/axe/) is missing")
    if chromium == "/usr/bin/chromium" and Path("/usr/lib/chromium/chromium").exists():
        chromium = "/usr/lib/chromium/chromium"          # Debian's wrapper script around the browser
    entrants = _baselines("random", "centre", "alphabeta-1")
    with ProcessPoolExecutor(2) as pool:
        records = tournament.run_tournament(entrants, SMALL, tmp_path, pool=pool)
    records[0] = {**records[0], "forfeit": "X", "reasons": {"X": "overran its time"}}
    standings.write(tmp_path, records, entrants, SMALL)
    pages = [tmp_path / "index.html", next((tmp_path / "players").iterdir()), tmp_path / "games" /
             f"{records[0]['id']}.html"]
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 375, "height": 740})
        try:
            for path in pages:
                page.goto(path.as_uri())
                page.add_script_tag(path=str(AXE_JS))
                found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']}))"
                                      ".violations.map(v => `${v.impact} ${v.id}: ${v.nodes.length}`)")
                assert found == [], (path.name, found)
                # nothing wider than the phone's screen but the tables' own scrolling regions
                overflow = page.evaluate("document.documentElement.scrollWidth")
                assert overflow <= 375, (path.name, overflow)
        finally:
            browser.close()


@pytest.mark.slow
def test_the_command_writes_the_leaderboard_and_the_gradebook(tmp_path: Path) -> None:
    from mmlib.course import cli

    (tmp_path / "submissions").mkdir()
    out = tmp_path / "out"
    argv = ["tournament", str(tmp_path / "submissions"), "--out", str(out), "--baselines",
            "random,alphabeta-2", "--columns", "5", "--rows", "4", "--games", "4", "--workers", "2",
            "--weaker-isolation"]
    assert cli.main(argv) == 0
    with open(out / "standings.csv") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["entrant"] for row in rows] == ["alphabeta-2", "random"] and rows[0]["games"] == "4"
    assert (out / "gradebook.csv").read_text().splitlines() == [
        "student,rank,rating,points,participation,bonus,tournament"]
    assert len(list((out / "games").iterdir())) == 4 and (out / "index.html").exists()
    with pytest.raises(SystemExit):
        cli.main(["tournament", str(tmp_path / "nowhere")])


# -- the lab's example leaderboard ------------------------------------------------------------------------

LAB6 = Path(__file__).resolve().parents[2] / "instructor" / "labs" / "lab6_anytime_agent.md"
SOLUTION = LAB6.parents[1] / "solutions" / "lab6_anytime_agent.ipynb"
SHOWN = {"random": "random moves", "centre": "centre-most column", "alphabeta-2": "alpha-beta, depth 2",
         "alphabeta-4": "alpha-beta, depth 4"}


@needs_bwrap
@pytest.mark.slow
def test_the_labs_example_leaderboard_is_what_the_command_writes(tmp_path: Path) -> None:
    # the lab shows a leaderboard "with its default settings and seed 0": the command, as instructors run it
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "reference solution_lab6_anytime_agent.ipynb").write_bytes(SOLUTION.read_bytes())
    tournament.main([str(tmp_path / "in"), "--out", str(tmp_path / "out")])
    with open(tmp_path / "out" / "standings.csv", newline="") as file:
        written = [[row["rank"], SHOWN.get(row["entrant"], row["entrant"]), row["rating"],
                    f"{row['rating_low']}–{row['rating_high']}", row["wins"], row["draws"], row["losses"],
                    row["points"]] for row in csv.DictReader(file)]
    text = LAB6.read_text()
    table = text[text.index("| rank | entrant |"):].split("\n\n")[0].splitlines()[2:]
    assert [[cell.strip() for cell in line.strip("|").split("|")] for line in table] == written
