"""The results of a tournament (:mod:`mmlib.course.tournament`): ratings, pages and CSV files.

:func:`ratings` fits a Bradley–Terry model (Bradley & Terry 1952; Elo's scale, 400 points for odds
of 10 to 1) to the games by Newton's method, a draw counting half a win for each side and every
entrant given one virtual draw against a fixed opponent rated 1500, so that an entrant who won or
lost everything still has a finite rating; the 95 % intervals come from the inverse of the
(observed) information matrix.  Win rates carry 95 % Wilson intervals, as
:func:`mmlib.search.arena.wilson_interval` computes them.

:func:`write` puts into the tournament's folder:

- ``index.html``: the leaderboard (rank, rating with its interval, games, wins, draws, losses,
  points, win rate with its interval, forfeits) and, for up to :data:`CROSSTABLE_MAX` entrants,
  the crosstable; static HTML, no script, readable on a phone;
- ``players/<name>.html``: each entrant's games, and why it forfeited any;
- ``games/<id>.html``: one game, replayable move by move without any script: the moves, and after
  each one the board drawn (discs marked X and O, not by colour alone) and as text, with links to
  the previous and next move;
- ``standings.csv``: every entrant's figures; ``gradebook.csv``: one row per student, with the
  points the instructor grants (``participation`` for an agent that finished a game without
  forfeiting, ``bonus`` for each fixed entrant it is ranked above), which Moodle or Canvas
  import as a column (map ``student`` to the student's ID or login).

>>> games = [{"x": "a", "o": "b", "result": "X"}, {"x": "b", "o": "a", "result": "O"}]
>>> {name: round(rating) for name, (rating, low, high) in ratings(games, ["a", "b"]).items()}
{'a': 1676, 'b': 1324}
"""

from __future__ import annotations

import csv
import hashlib
import html
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..check.contest import Rules
from ..search.arena import wilson_interval

__all__ = ["CROSSTABLE_MAX", "Standing", "ratings", "standings", "write", "board_svg"]

CROSSTABLE_MAX = 40
"""The crosstable is drawn for up to this many entrants (beyond, each entrant's page lists its games)."""
ELO = 400 / math.log(10)


def ratings(games: Sequence[dict[str, Any]], names: Sequence[str]) -> dict[str, tuple[float, float, float]]:
    """Each entrant's Bradley–Terry rating on Elo's scale with its 95 % interval: (rating, low, high)."""
    import numpy as np

    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    score, played = np.zeros((n, n)), np.zeros((n, n))
    for game in games:
        if "bye" in game or game["result"] == "none":      # a double forfeit says nothing of strength
            continue
        i, j = index[game["x"]], index[game["o"]]
        s = 1.0 if game["result"] == "X" else 0.5 if game["result"] == "draw" else 0.0
        score[i, j] += s
        score[j, i] += 1 - s
        played[i, j] += 1
        played[j, i] += 1
    theta = np.zeros(n)
    hessian = -np.eye(n)
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
        anchor = 1 / (1 + np.exp(-theta))
        gradient = (score - played * p).sum(axis=1) + (0.5 - anchor)
        weight = played * p * (1 - p)
        hessian = weight - np.diag(weight.sum(axis=1) + anchor * (1 - anchor))
        step = np.linalg.solve(hessian, gradient)
        theta = theta - step
        if float(np.abs(step).max(initial=0)) < 1e-10:
            break
    deviation = np.sqrt(np.diag(np.linalg.inv(-hessian)))
    return {name: (1500 + ELO * float(theta[i]), 1500 + ELO * float(theta[i] - 1.96 * deviation[i]),
                   1500 + ELO * float(theta[i] + 1.96 * deviation[i])) for name, i in index.items()}


@dataclass
class Standing:
    """One entrant's line of the leaderboard."""

    name: str
    baseline: str | None
    rank: int = 0
    rating: float = 1500.0
    low: float = 1500.0
    high: float = 1500.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: float = 0.0
    forfeits: list[tuple[str, str]] = field(default_factory=list)     # (game id, reason)
    completed: int = 0                                                   # games finished without forfeiting

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2 + self.byes

    def win_rate(self) -> tuple[float, float, float] | None:
        if not self.games:
            return None
        low, high = wilson_interval(self.wins, self.games)
        return self.wins / self.games, low, high


def standings(records: Sequence[dict[str, Any]], entrants: Sequence[Any]) -> list[Standing]:
    """The leaderboard, best first: by rating, then points, then name.

    >>> from types import SimpleNamespace as E
    >>> rows = standings([{"id": "g", "x": "a", "o": "b", "result": "O", "forfeit": "X",
    ...                    "reasons": {"X": "slow"}}],
    ...                  [E(name="a", baseline=None), E(name="b", baseline="random")])
    >>> [(row.rank, row.name, row.wins, row.losses, row.forfeits) for row in rows]
    [(1, 'b', 1, 0, []), (2, 'a', 0, 1, [('g', 'slow')])]
    """
    table = {e.name: Standing(e.name, e.baseline) for e in entrants}
    for record in records:
        if "bye" in record:
            table[record["bye"]].byes += record["points"]
            continue
        for side, name in (("X", record["x"]), ("O", record["o"])):
            row = table[name]
            if record["result"] == "draw":
                row.draws += 1
            elif record["result"] == side:
                row.wins += 1
            else:
                row.losses += 1
            reasons = record.get("reasons", {})
            if side in reasons:
                row.forfeits.append((record["id"], str(reasons[side])))
            elif not reasons:
                row.completed += 1
    for name, (rating, low, high) in ratings(records, list(table)).items():
        table[name].rating, table[name].low, table[name].high = rating, low, high
    rows = sorted(table.values(), key=lambda row: (-round(row.rating, 6), -row.points, row.name))
    for rank, row in enumerate(rows, start=1):
        row.rank = rank
    return rows


# -- pages ----------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 0.75rem;
       line-height: 1.5; color: #111; background: #fff; }
a { color: #0645ad; } a:focus { outline: 3px solid #111; outline-offset: 2px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #767676; padding: 0.25rem 0.5rem; text-align: right; }
th[scope=row], td.name { text-align: left; }
caption { text-align: left; font-weight: bold; padding: 0.25rem 0; }
.note { border-left: 4px solid #111; padding-left: 0.5rem; }
ol.moves { columns: 12rem; }
.position { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
pre { font-size: 1rem; line-height: 1.2; margin: 0; }
p.steps a { margin-right: 1rem; }
"""


def _page(title: str, body: str, *, depth: int = 0) -> str:
    home = "../" * depth + "index.html"
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            f'<header><nav aria-label="site"><a href="{home}">Leaderboard</a></nav></header>\n'
            f"<main>\n<h1>{html.escape(title)}</h1>\n{body}\n</main>\n</body>\n</html>\n")


def _slug(name: str) -> str:
    """A file name for ``name``: its letters and digits, and a short hash that keeps names apart.

    >>> _slug("Ada Lovelace"), _slug("ada lovelace") != _slug("Ada Lovelace")
    ('Ada-Lovelace-767402', True)
    """
    plain = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:40] or "entrant"
    return f"{plain}-{hashlib.sha256(name.encode()).hexdigest()[:6]}"


def _label(row: Standing) -> str:
    return f"{row.name} (fixed entrant)" if row.baseline else row.name


def _link(name: str, depth: int) -> str:
    return f'<a href="{"../" * depth}players/{_slug(name)}.html">{html.escape(name)}</a>'


def _leaderboard(rows: list[Standing]) -> str:
    lines = ['<div class="scroll" role="region" aria-label="leaderboard" tabindex="0"><table>',
             "<caption>Leaderboard: ratings (Bradley–Terry, Elo scale) with 95 % intervals</caption>",
             '<thead><tr><th scope="col">Rank</th><th scope="col">Entrant</th><th scope="col">Rating</th>'
             '<th scope="col">95 % interval</th><th scope="col">Games</th><th scope="col">Won</th>'
             '<th scope="col">Drawn</th><th scope="col">Lost</th><th scope="col">Points</th>'
             '<th scope="col">Win rate (95 % interval)</th><th scope="col">Forfeits</th></tr></thead><tbody>']
    for row in rows:
        rate = row.win_rate()
        shown = "–" if rate is None else f"{rate[0]:.0%} ({rate[1]:.0%}–{rate[2]:.0%})"
        fixed = " (fixed entrant)" if row.baseline else ""
        lines.append(f'<tr><td>{row.rank}</td><th scope="row">{_link(row.name, 0)}{fixed}</th>'
                     f"<td>{row.rating:.0f}</td><td>{row.low:.0f}–{row.high:.0f}</td><td>{row.games}</td>"
                     f"<td>{row.wins}</td><td>{row.draws}</td><td>{row.losses}</td><td>{row.points:g}</td>"
                     f"<td>{shown}</td><td>{len(row.forfeits)}</td></tr>")
    lines.append("</tbody></table></div>")
    return "\n".join(lines)


def _crosstable(rows: list[Standing], records: Sequence[dict[str, Any]]) -> str:
    if len(rows) > CROSSTABLE_MAX:
        return (f"<p>With more than {CROSSTABLE_MAX} entrants there is no crosstable: each entrant's page "
                "lists its games.</p>")
    points: dict[tuple[str, str], float] = {}
    for record in records:
        if "bye" in record:
            continue
        x, o = record["x"], record["o"]
        gained = {"X": (1.0, 0.0), "O": (0.0, 1.0), "draw": (0.5, 0.5), "none": (0.0, 0.0)}[record["result"]]
        points[x, o] = points.get((x, o), 0) + gained[0]
        points[o, x] = points.get((o, x), 0) + gained[1]
    head = "".join(f'<th scope="col"><abbr title="{html.escape(row.name)}">{row.rank}</abbr></th>'
                   for row in rows)
    lines = ['<div class="scroll" role="region" aria-label="crosstable" tabindex="0"><table>',
             "<caption>Crosstable: the points of the entrant in the row against the entrant in the column "
             "(columns numbered by rank; a dash where they did not meet)</caption>",
             f'<thead><tr><th scope="col">Entrant</th>{head}</tr></thead><tbody>']
    for row in rows:
        cells = "".join("<td>×</td>" if other.name == row.name else
                        f"<td>{points[row.name, other.name]:g}</td>" if (row.name, other.name) in points
                        else "<td>–</td>" for other in rows)
        lines.append(f'<tr><th scope="row">{row.rank}. {html.escape(row.name)}</th>{cells}</tr>')
    lines.append("</tbody></table></div>")
    return "\n".join(lines)


def _settings(rules: Rules, records: Sequence[dict[str, Any]]) -> str:
    games = sum("bye" not in record for record in records)
    return (f"<p>{games} games of Connect Four on a board of {rules.columns} columns and {rules.rows} rows "
            f"(lines of {rules.connect}); {rules.move_seconds:g} s and {rules.max_nodes:,} nodes per move; "
            f"{rules.games} games per pairing, each pair of games from its own opening of "
            f"{rules.opening_moves} random moves with the colours swapped.  An agent that runs over its "
            "time, fails, or answers an illegal move loses that game (a forfeit).</p>")


def board_svg(columns: int, rows: int, cells: list[str], last: tuple[int, int] | None, label: str) -> str:
    """A board as SVG: discs marked with their letter X or O (and coloured), the last disc ringed.

    ``cells`` are the rows top first, one character a cell (``X``, ``O`` or ``.``).

    >>> svg = board_svg(2, 1, ["X."], (0, 0), "after move 1")
    >>> 'aria-label="after move 1"' in svg, ">X</text>" in svg
    (True, True)
    """
    size = 28
    parts = [f'<svg role="img" aria-label="{html.escape(label)}" width="{columns * size}" '
             f'height="{rows * size}" viewBox="0 0 {columns * size} {rows * size}">',
             f'<rect width="{columns * size}" height="{rows * size}" fill="#1d4f91"/>']
    for top, line in enumerate(cells):
        for column, cell in enumerate(line):
            cx, cy = column * size + size // 2, top * size + size // 2
            fill, ink = {"X": ("#b0001e", "#fff"), "O": ("#ffd23f", "#000")}.get(cell, ("#fff", ""))
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="11" fill="{fill}"/>')
            if ink:
                parts.append(f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" font-size="14" '
                             f'font-family="sans-serif" font-weight="bold" fill="{ink}">{cell}</text>')
    if last is not None:
        row_from_bottom, column = last
        cx, cy = column * size + size // 2, (rows - 1 - row_from_bottom) * size + size // 2
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="none" stroke="#fff" stroke-width="2.5" '
                     'stroke-dasharray="4 2"/>')
    parts.append("</svg>")
    return "".join(parts)


def _game_page(record: dict[str, Any], rules: Rules) -> str:
    game = rules.game()
    state = game.initial
    x, o = record["x"], record["o"]
    outcome = {"X": f"{x} (X) won", "O": f"{o} (O) won", "draw": "a draw",
               "none": "both lost"}[record["result"]]
    forfeits = [f"{x if side == 'X' else o} ({side}) forfeited: {reason}"
                for side, reason in sorted(record.get("reasons", {}).items())]
    opening = len(record["opening"])
    moves = record["moves"]
    body = [f"<p>{_link(x, 1)} played X (first), {_link(o, 1)} played O. Result: {html.escape(outcome)}"
            + (f"; {html.escape('; '.join(forfeits))}" if forfeits else "") + ".</p>",
            f"<p>The first {opening} moves were the seeded opening. Columns are numbered 0 to "
            f"{rules.columns - 1} from the left. Step through the game with the links under each board.</p>",
            '<h2>The moves</h2><ol class="moves">']
    for number, move in enumerate(moves, start=1):
        who = "X" if number % 2 else "O"
        body.append(f'<li><a href="#m{number}">{who} in column {move}</a>'
                    + (" (opening)" if number <= opening else "") + "</li>")
    body.append("</ol><h2>Move by move</h2>")
    for number in range(len(moves) + 1):
        move = moves[number - 1] if number else None
        height = 0
        if move is not None:
            height = sum(game.cell(state, move, row) != "." for row in range(game.rows))
            state = game.play(state, move)
        text = ["".join(game.cell(state, column, row) for column in range(game.columns))
                for row in reversed(range(game.rows))]
        if move is None:
            title = "The empty board"
        else:
            title = f"Move {number}: {'X' if number % 2 else 'O'} in column {move}"
        label = f"{title}. The board as text follows."
        steps = [f'<a href="#m{number - 1}">previous move</a>' if number else "",
                 f'<a href="#m{number + 1}">next move</a>' if number < len(moves) else "",
                 '<a href="#m0">start</a>', f'<a href="#m{len(moves)}">end</a>']
        drawing = board_svg(game.columns, game.rows, text, None if move is None else (height, move), label)
        body.append(f'<section id="m{number}" aria-labelledby="h{number}"><h3 id="h{number}">{title}</h3>'
                    f'<div class="position">{drawing}'
                    f"<pre>{html.escape(chr(10).join(' '.join(line) for line in text))}</pre></div>"
                    f'<p class="steps">{"".join(steps)}</p></section>')
    return _page(f"{x} against {o}", "\n".join(body), depth=1)


def _games(count: int) -> str:
    """``count`` games, in words.

    >>> _games(1), _games(3)
    ('1 game', '3 games')
    """
    return f"{count} game{'' if count == 1 else 's'}"


def _player_page(row: Standing, records: Sequence[dict[str, Any]]) -> str:
    rate = row.win_rate()
    body = [f"<p>Rank {row.rank}; rating {row.rating:.0f} (95 % interval {row.low:.0f}–{row.high:.0f}); "
            f"{_games(row.games)}: {row.wins} won, {row.draws} drawn, {row.losses} lost"
            + (f"; byes worth {row.byes:g} points" if row.byes else "")
            + (f"; win rate {rate[0]:.0%} (95 % interval {rate[1]:.0%}–{rate[2]:.0%})" if rate else "")
            + ".</p>"]
    if row.forfeits:
        lost = f"{_games(len(row.forfeits))} {'was' if len(row.forfeits) == 1 else 'were'}"
        body.append(f'<p class="note">{lost} lost by forfeit. The reasons:</p><ul>')
        reasons: dict[str, int] = {}
        for _, reason in row.forfeits:
            reasons[reason] = reasons.get(reason, 0) + 1
        body += [f"<li>{html.escape(reason)} ({_games(count)})</li>" for reason, count in reasons.items()]
        body.append("</ul>")
    body += ['<div class="scroll" role="region" aria-label="games" tabindex="0"><table>',
             f"<caption>The games of {html.escape(row.name)}</caption>",
             '<thead><tr><th scope="col">Round</th><th scope="col">Opponent</th><th scope="col">Played</th>'
             '<th scope="col">Result</th><th scope="col">Moves</th><th scope="col">Game</th></tr></thead>'
             '<tbody>']
    for record in records:
        if record.get("bye") == row.name:
            body.append(f"<tr><td>{record['round']}</td><td class=\"name\">bye</td><td></td>"
                        f"<td>{record['points']:g} points</td><td></td><td></td></tr>")
            continue
        if row.name not in (record.get("x"), record.get("o")):
            continue
        side = "X" if record["x"] == row.name else "O"
        other = record["o"] if side == "X" else record["x"]
        result = "drawn" if record["result"] == "draw" else "won" if record["result"] == side else "lost"
        for by, reason in sorted(record.get("reasons", {}).items()):
            who = "forfeit" if by == side else "opponent forfeited"
            result += f" ({who}: {html.escape(reason)})"
        body.append(f"<tr><td>{record['round']}</td><td class=\"name\">{_link(other, 1)}</td><td>{side}</td>"
                    f"<td class=\"name\">{result}</td><td>{len(record['moves'])}</td>"
                    f'<td><a href="../games/{record["id"]}.html">replay</a></td></tr>')
    body.append("</tbody></table></div>")
    return _page(_label(row), "\n".join(body), depth=1)


def write(out: Path, records: Sequence[dict[str, Any]], entrants: Sequence[Any], rules: Rules, *,
          title: str = "Connect Four tournament", participation: float = 1.0, bonus: float = 0.0,
          note: str | None = None) -> list[Standing]:
    """Write the leaderboard, the entrants' and games' pages, ``standings.csv`` and ``gradebook.csv``
    into ``out``; return the standings."""
    rows = standings(records, entrants)
    (out / "players").mkdir(parents=True, exist_ok=True)
    (out / "games").mkdir(parents=True, exist_ok=True)
    intro = (f'<p class="note">{html.escape(note)}</p>' if note else "") + _settings(rules, records)
    (out / "index.html").write_text(_page(title, intro + _leaderboard(rows) + "<h2>Crosstable</h2>"
                                          + _crosstable(rows, records)))
    for row in rows:
        (out / "players" / f"{_slug(row.name)}.html").write_text(_player_page(row, records))
    for record in records:
        if "bye" not in record:
            (out / "games" / f"{record['id']}.html").write_text(_game_page(record, rules))
    header = ["rank", "entrant", "fixed", "rating", "rating_low", "rating_high", "games", "wins", "draws",
              "losses", "points", "forfeits"]
    with open(out / "standings.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for row in rows:
            writer.writerow([row.rank, row.name, "yes" if row.baseline else "", f"{row.rating:.0f}",
                             f"{row.low:.0f}", f"{row.high:.0f}", row.games, row.wins, row.draws, row.losses,
                             f"{row.points:g}", len(row.forfeits)])
    with open(out / "gradebook.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "rank", "rating", "points", "participation", "bonus", "tournament"])
        for row in rows:
            if row.baseline:
                continue
            took_part = participation if row.completed else 0.0
            above = sum(other.baseline is not None and other.rank > row.rank for other in rows)
            extra = bonus * above
            writer.writerow([row.name, row.rank, f"{row.rating:.0f}", f"{row.points:g}", f"{took_part:g}",
                             f"{extra:g}", f"{took_part + extra:g}"])
    return rows
