"""``mmlib-course tournament``: the students' lab 6 agents play Connect Four against each other.

Every submitted notebook of lab 6 is an entrant, and so are the fixed entrants the course
already has (:data:`mmlib.check.contest.BASELINES`: random moves, the centre-most column,
alpha-beta to a fixed depth).  Two formats:

- **round-robin** (a section): every entrant meets every other, ``games`` games a pairing;
- **Swiss** (a class of hundreds): ``rounds`` rounds; each round pairs entrants with equal or
  nearest scores who have not met yet (an odd one out gets a bye, worth a won pairing, at most
  once); a round is paired only when the one before it is over.

Each pairing plays pairs of games from its own seeded opening, colours swapped
(:mod:`mmlib.check.contest` holds the rules and the referee).  Sealed as grading is: each
student's notebook runs top to bottom in its own bubblewrap sandbox
(:class:`mmlib.isolation.sandbox.Sandbox`, the same one graded code runs in: user nobody, no
network, only the Python runtime and lab 6's part of mmlib read-only, a private scratch
folder), and the referee, in another process, asks it for each move with the time limit
enforced from outside; the two agents of a game live in two sandboxes and never see each
other.  An agent that overruns, crashes, hangs, answers an illegal move or does what its
sandbox forbids loses that game, and the record says why; a game whose referee itself fails is
retried on the next run and the tournament goes on.

Games are independent tasks for a :class:`concurrent.futures.Executor`: a local process pool by
default, or a Dask cluster (``--scheduler ADDRESS``: Dask's ``LocalCluster``, ``SSHCluster`` or
dask-jobqueue's Slurm cluster; the PyPI package ``distributed``, in the ``tournament`` extra).
Every game is a function of the entrants, the rules and the seed, so whichever runs them the
results are the same.  Each finished game is appended to ``OUT/journal.jsonl`` at once; run the
same command again after an interruption and only the games not in the journal are played.
The results (:mod:`mmlib.course.standings`) are written into ``OUT`` as well.
"""

from __future__ import annotations

import argparse
import atexit
import compileall
import contextlib
import json
import multiprocessing.util
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Container, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..check.contest import (
    BASELINES,
    Agent,
    Forfeit,
    Rules,
    baseline,
    opening_of,
    play_game,
    seed_of,
    student_agent,
)
from ..errors import ArgumentError
from ..isolation.sandbox import RemoteFunction, Sandbox, bwrap_available
from .gradebook import student_of
from .scoring import stage_lab

if TYPE_CHECKING:
    from ..games import ConnectFour
    from ..games.connect4 import State as FourState

__all__ = ["LAB", "FUNCTION", "Entrant", "Task", "entrants_from", "round_robin", "swiss_round", "run_pairing",
           "Game", "run_tournament", "executor", "staged_lib", "points_of", "main"]

LAB = "lab6_anytime_agent"
"""The lab whose student function is the player."""
FUNCTION = "anytime_move"
"""The player: ``anytime_move(board, max_nodes) -> column``."""
DEFAULT_BASELINES = ("random", "centre", "alphabeta-2", "alphabeta-4")


@dataclass(frozen=True)
class Entrant:
    """A player: a fixed entrant (``baseline`` names it) or a student's notebook (its code ``cells``)."""

    name: str
    baseline: str | None = None
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """One game of a pairing: its id, whether the pairing's first entrant plays X, the opening."""

    id: str
    first_is_x: bool
    opening: str


@dataclass(frozen=True)
class Task:
    """The games of one pairing, a task for an executor: the round, the two entrants, the games
    (each its own seeded opening with both colours).  The agents' sandboxes are started once for
    all the games of a task (and again after one has been stopped); a fixed entrant is made afresh
    for each game, seeded by the game's id."""

    round: int
    a: Entrant
    b: Entrant
    games: tuple[Game, ...]

    def without(self, done: Container[str]) -> Task:
        """The task without the games in ``done``."""
        return replace(self, games=tuple(game for game in self.games if game.id not in done))


def entrants_from(folder: Path, *, baselines: tuple[str, ...] = DEFAULT_BASELINES) -> list[Entrant]:
    """The fixed entrants, then one entrant per lab 6 notebook below ``folder``, named after the
    student (the folder, or the file name without the lab's name)."""
    from .labsource import read_notebook

    entrants = [Entrant(name, baseline=name) for name in baselines]
    for name in baselines:
        baseline(name)                           # a bad name is refused here
    taken = set(baselines)
    for path in sorted(p for p in Path(folder).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts):
        try:
            cells = tuple(cell.source for cell in read_notebook(path).cells if cell.cell_type == "code")
        except Exception as error:  # noqa: BLE001 - an unreadable notebook enters and forfeits every game
            cells = (f"raise RuntimeError({f'the notebook could not be read: {type(error).__name__}'!r})",)
        name = student_of(path.relative_to(folder).with_suffix("").as_posix(), LAB)
        unique, number = name, 2
        while unique in taken:
            unique, number = f"{name} ({number})", number + 1
        taken.add(unique)
        entrants.append(Entrant(unique, cells=cells))
    return entrants


def _pairing(round_: int, a: Entrant, b: Entrant, rules: Rules, seed: int) -> list[Task]:
    games = []
    for pair in range(rules.games // 2):
        opening = opening_of(rules, seed_of(seed, round_, a.name, b.name, pair))
        for first_is_x in (True, False):
            x, o = (a, b) if first_is_x else (b, a)
            games.append(Game(f"r{round_}-{seed_of(seed, round_, x.name, o.name, pair):016x}", first_is_x,
                              opening))
    return [Task(round_, a, b, tuple(games))]


def round_robin(entrants: list[Entrant], rules: Rules, seed: int = 0) -> list[Task]:
    """Every pairing once (round 1), ``rules.games`` games each.

    >>> tasks = round_robin([Entrant("a", "random"), Entrant("b", "centre"), Entrant("c", "random")], Rules())
    >>> [(t.a.name, t.b.name, len(t.games)) for t in tasks]
    [('a', 'b', 2), ('a', 'c', 2), ('b', 'c', 2)]
    """
    return [task for i, a in enumerate(entrants) for b in entrants[i + 1:]
            for task in _pairing(1, a, b, rules, seed)]


def points_of(records: list[dict[str, Any]]) -> dict[str, float]:
    """Each entrant's points: 1 a win, 1/2 a draw, and a bye as many points as a pairing has games.

    >>> points_of([{"x": "a", "o": "b", "result": "X"}, {"x": "b", "o": "a", "result": "draw"},
    ...            {"bye": "c", "points": 2}])
    {'a': 1.5, 'b': 0.5, 'c': 2}
    """
    points: dict[str, float] = {}
    for record in records:
        if "bye" in record:
            points[record["bye"]] = points.get(record["bye"], 0) + record["points"]
            continue
        for side, name in (("X", record["x"]), ("O", record["o"])):
            gained = 1.0 if record["result"] == side else 0.5 if record["result"] == "draw" else 0.0
            points[name] = points.get(name, 0) + gained
    return points


def swiss_round(entrants: list[Entrant], records: list[dict[str, Any]], round_: int, rules: Rules,
                seed: int = 0) -> tuple[list[Task], str | None]:
    """The games of Swiss round ``round_`` after ``records``, and who gets the bye (None if nobody).

    Entrants are ranked by points (ties in a seeded order), and each in turn is paired with the
    next-ranked one it has not met; when that leaves someone without a partner, the pairing
    backtracks.  Nobody meets anybody twice.

    >>> people = [Entrant(name, "random") for name in "abcd"]
    >>> first, bye = swiss_round(people, [], 1, Rules())
    >>> played = [{"x": t.a.name, "o": t.b.name, "result": "X"} for t in first]
    >>> second, _ = swiss_round(people, played, 2, Rules())
    >>> met = lambda tasks: {frozenset((t.a.name, t.b.name)) for t in tasks}
    >>> bye, len(met(first)), met(first) & met(second)
    (None, 2, set())
    """
    points = points_of(records)
    met = {frozenset((r["x"], r["o"])) for r in records if "bye" not in r}
    had_bye = {r["bye"] for r in records if "bye" in r}
    order = sorted(entrants, key=lambda e: (-points.get(e.name, 0), seed_of(seed, "order", e.name)))
    bye = None
    if len(order) % 2:
        bye_entrant = next((e for e in reversed(order) if e.name not in had_bye), order[-1])
        order.remove(bye_entrant)
        bye = bye_entrant.name
    pairs = _pair(order, met)
    if pairs is None:
        raise ArgumentError(f"rounds: round {round_} cannot pair {len(order)} entrants without a repeat; "
                            "play fewer rounds")
    tasks = [task for a, b in pairs for task in _pairing(round_, a, b, rules, seed)]
    return tasks, bye


def _pair(order: list[Entrant], met: set[frozenset[str]], budget: list[int] | None = None) \
        -> list[tuple[Entrant, Entrant]] | None:
    """Pair ``order`` top down, each with the nearest one not met; backtrack (within a budget)."""
    budget = budget if budget is not None else [100_000]
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first.name, other.name)) in met:
            continue
        tail = _pair(rest[:index] + rest[index + 1:], met, budget)
        if tail is not None:
            return [(first, other)] + tail
    return None


# -- one game, sealed ------------------------------------------------------------------------------

_STAGED: dict[tuple[str, int], Path] = {}


def staged_lib() -> Path:
    """Lab 6's part of mmlib as sealed code sees it (:func:`mmlib.course.scoring.stage_lab`), written
    once per process with its bytecode (a sandbox then starts without compiling it), and removed
    when the process ends."""
    key = (LAB, os.getpid())
    if key not in _STAGED or not _STAGED[key].is_dir():
        folder = Path(tempfile.mkdtemp(prefix="mmlib-tournament-lib-"))
        folder.chmod(0o755)
        lib = stage_lab(LAB, folder / "lib")
        compileall.compile_dir(lib, quiet=1)
        for path in [lib, *lib.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)

        def remove(owner: int = os.getpid()) -> None:
            if os.getpid() == owner:                 # not in a forked child that inherited the handler
                shutil.rmtree(folder, ignore_errors=True)
        multiprocessing.util.Finalize(None, remove, exitpriority=0)    # a pool's worker process
        atexit.register(remove)                                          # this process
        _STAGED[key] = lib
    return _STAGED[key]


class _Forfeits(Agent):
    """An agent that cannot play: it forfeits at its first move, with the reason."""

    def __init__(self, name: str, reason: str):
        self.name, self.reason = name, reason

    def choose(self, board: str, game: ConnectFour, state: FourState) -> int:
        raise Forfeit(self.reason)


def _sealed_agent(stack: contextlib.ExitStack, entrant: Entrant, rules: Rules, isolation: str) -> Agent:
    """A student's agent: the notebook run in its own sandbox, stopped when ``stack`` closes."""
    work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="mmlib-tournament-")))
    work.chmod(0o755)
    sandbox = Sandbox(staged_lib(), list(entrant.cells), work, isolation=isolation)
    stack.callback(sandbox.stop)
    sandbox.start()
    found = sandbox.lookup(FUNCTION)
    if "callable" not in found:
        why = found.get("missing") or f"`{FUNCTION}` is not a function"
        return _Forfeits(entrant.name, f"no agent: {why}")
    return student_agent(entrant.name, RemoteFunction(sandbox, FUNCTION), rules)


def run_pairing(task: Task, rules: Rules, isolation: str = "bwrap") -> list[dict[str, Any]]:
    """Play the games of one pairing (a task for any executor): each game's record as plain data.
    A student's agent is started once for all the games; a fixed entrant is made afresh for each
    game, seeded by the game's id, so that a random one's moves depend on that game alone and a
    game played again after an interruption is the same game.  A failure of the referee itself
    gives ``{"void": reason}`` records instead of results."""
    records = []
    try:
        with contextlib.ExitStack() as stack:
            sealed = {entrant.name: _sealed_agent(stack, entrant, rules, isolation)
                      for entrant in (task.a, task.b) if entrant.baseline is None}
            for game in task.games:
                x, o = (task.a, task.b) if game.first_is_x else (task.b, task.a)
                agents = {}
                for side, entrant in (("X", x), ("O", o)):
                    if entrant.baseline is None:
                        agents[side] = sealed[entrant.name]
                    else:
                        agents[side] = baseline(entrant.baseline, seed_of(game.id, entrant.name))
                        agents[side].name = entrant.name        # the name it entered under
                record = play_game(rules, agents, opening=game.opening)
                records.append({"id": game.id, "round": task.round, **record.as_dict()})
    except Exception as error:  # noqa: BLE001 - the tournament goes on; the games are tried again next run
        why = f"{type(error).__name__}: {error}"[:300]
        played = {record["id"] for record in records}
        records += [{"id": game.id, "round": task.round, "x": task.a.name if game.first_is_x else task.b.name,
                     "o": task.b.name if game.first_is_x else task.a.name, "void": why}
                    for game in task.games if game.id not in played]
    return records


# -- the tournament --------------------------------------------------------------------------------

@contextlib.contextmanager
def executor(scheduler: str | None = None, workers: int | None = None) -> Iterator[Executor]:
    """Where the games run: a local process pool of ``workers`` processes, or the Dask cluster
    whose scheduler is at ``scheduler`` (its ``concurrent.futures`` interface)."""
    if scheduler:
        try:
            from distributed import Client  # type: ignore[import-untyped,unused-ignore]
        except ImportError as missing:
            raise ArgumentError("--scheduler needs Dask's distributed package: "
                                "pip install 'mmlib[tournament]'") from missing
        with Client(scheduler) as client:  # type: ignore[no-untyped-call]
            yield client.get_executor()
    else:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
            yield pool


class Journal:
    """``OUT/journal.jsonl``: one finished game (or bye) a line, written as soon as it is over."""

    def __init__(self, path: Path):
        self.path = path
        self.records: dict[str, dict[str, Any]] = {}
        if path.exists():
            for line in path.read_text().splitlines():
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    record = json.loads(line)
                    self.records[record["id"]] = record

    def add(self, record: dict[str, Any]) -> None:
        self.records[record["id"]] = record
        with open(self.path, "a") as handle:
            handle.write(json.dumps(record, sort_keys=True) + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def _settings(entrants: list[Entrant], rules: Rules, fmt: str, rounds: int, seed: int) -> dict[str, Any]:
    return {"format": fmt, "rounds": rounds if fmt == "swiss" else 1, "seed": seed, "rules": asdict(rules),
            "entrants": [[e.name, e.baseline, seed_of(*e.cells)] for e in entrants]}


def run_tournament(entrants: list[Entrant], rules: Rules, out: Path, *, fmt: str = "round-robin",
                   rounds: int = 5, seed: int = 0, pool: Executor | None = None, isolation: str = "bwrap",
                   say: Callable[[str], None] = lambda text: None) -> list[dict[str, Any]]:
    """Play the tournament into ``out`` (its journal); return every finished game's record, in a
    fixed order.  A tournament already begun in ``out`` with the same settings goes on where it
    stopped; with other settings it is refused."""
    if fmt not in ("round-robin", "swiss"):
        raise ArgumentError(f"format: expected round-robin or swiss, got {fmt!r}")
    if len(entrants) < 2:
        raise ArgumentError(f"entrants: a tournament needs two or more, got {len(entrants)}")
    out.mkdir(parents=True, exist_ok=True)
    settings = _settings(entrants, rules, fmt, rounds, seed)
    settings_path = out / "tournament.json"
    if settings_path.exists() and json.loads(settings_path.read_text()) != settings:
        raise ArgumentError(f"out: {out} holds a tournament with other settings or entrants; "
                            "name another folder (or remove that one) to start afresh")
    settings_path.write_text(json.dumps(settings, indent=1) + "\n")
    journal = Journal(out / "journal.jsonl")
    own = contextlib.ExitStack()
    if pool is None:
        pool = own.enter_context(executor())
    planned: list[str] = []
    with own:
        for round_ in range(1, settings["rounds"] + 1):
            done = [journal.records[ident] for ident in planned]
            if fmt == "swiss":
                tasks, bye = swiss_round(entrants, done, round_, rules, seed)
                if bye is not None:
                    ident = f"r{round_}-bye"
                    planned.append(ident)
                    if ident not in journal.records:
                        journal.add({"id": ident, "round": round_, "bye": bye, "points": rules.games})
            else:
                tasks = round_robin(entrants, rules, seed)
            planned += [game.id for task in tasks for game in task.games]
            todo = [task.without(journal.records) for task in tasks]
            todo = [task for task in todo if task.games]
            games, left = sum(len(task.games) for task in tasks), sum(len(task.games) for task in todo)
            say(f"round {round_}: {games} games, {games - left} already played")
            futures = [pool.submit(run_pairing, task, rules, isolation) for task in todo]
            void = []
            for future in as_completed(futures):
                for record in future.result():
                    if "void" in record:
                        void.append(record)
                        say(f"game {record['id']} ({record['x']} - {record['o']}) not played: "
                            f"{record['void']}")
                    else:
                        journal.add(record)
            if void:
                say(f"{len(void)} games could not be played; run the same command again to play them")
                break
    return [journal.records[ident] for ident in planned if ident in journal.records]


# -- the command line ----------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> None:
    """``mmlib-course tournament SUBMISSIONS [--out FOLDER] [options]``."""
    from . import standings

    parser = argparse.ArgumentParser(prog="mmlib-course tournament", description=(
        "Lab 6 agents play Connect Four against each other and the fixed entrants, each sealed in "
        "its own sandbox; writes a leaderboard, per-student pages and a gradebook CSV."))
    parser.add_argument("submissions", type=Path, help="folder of lab 6 notebooks (one per student)")
    parser.add_argument("--out", type=Path, default=Path("tournament"), help="results (default: tournament/)")
    parser.add_argument("--format", choices=("round-robin", "swiss"), default="round-robin")
    parser.add_argument("--rounds", type=int, default=5, help="Swiss rounds (default 5)")
    parser.add_argument("--baselines", default=",".join(DEFAULT_BASELINES),
                        help=f"fixed entrants, comma separated (default {','.join(DEFAULT_BASELINES)}; "
                             f"known: {', '.join(BASELINES)}, alphabeta-D)")
    defaults = Rules()
    parser.add_argument("--columns", type=int, default=defaults.columns)
    parser.add_argument("--rows", type=int, default=defaults.rows)
    parser.add_argument("--connect", type=int, default=defaults.connect)
    parser.add_argument("--move-seconds", type=float, default=defaults.move_seconds, help="time per move")
    parser.add_argument("--max-nodes", type=int, default=defaults.max_nodes, help="node budget per move")
    parser.add_argument("--games", type=int, default=defaults.games, help="games per pairing (even)")
    parser.add_argument("--opening-moves", type=int, default=defaults.opening_moves)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: one per core)")
    parser.add_argument("--scheduler", default=None, help="address of a Dask scheduler to run the games on")
    parser.add_argument("--participation", type=float, default=1.0,
                        help="gradebook points for an agent that finished a game without forfeiting")
    parser.add_argument("--bonus", type=float, default=0.0,
                        help="gradebook points for each fixed entrant an agent is ranked above")
    parser.add_argument("--title", default="Connect Four tournament")
    parser.add_argument("--weaker-isolation", action="store_true",
                        help="where bubblewrap is missing: plain processes with limits (results say so)")
    args = parser.parse_args(argv)
    if not args.submissions.is_dir():
        parser.error(f"SUBMISSIONS={args.submissions}: no such folder")
    isolation = "bwrap"
    if not bwrap_available():
        if not args.weaker_isolation:
            parser.error("bubblewrap (bwrap) is missing or cannot make a sandbox here: install it, or pass "
                         "--weaker-isolation to play with plain processes")
        isolation = "process"
    try:
        rules = Rules(args.columns, args.rows, args.connect, args.move_seconds, args.max_nodes, args.games,
                      args.opening_moves)
        names = tuple(name.strip() for name in args.baselines.split(",") if name.strip())
        entrants = entrants_from(args.submissions, baselines=names)
        with executor(args.scheduler, args.workers) as pool:
            records = run_tournament(entrants, rules, args.out, fmt=args.format, rounds=args.rounds,
                                     seed=args.seed, pool=pool, isolation=isolation,
                                     say=lambda text: print(text, flush=True))
    except ArgumentError as error:
        parser.error(str(error))
    standings.write(args.out, records, entrants, rules, title=args.title, participation=args.participation,
                    bonus=args.bonus, note=None if isolation == "bwrap" else
                    "played WITHOUT bubblewrap: the agents ran as plain processes with limits")
    print(f"{len(records)} games: {args.out / 'index.html'}, {args.out / 'gradebook.csv'}", file=sys.stderr)
