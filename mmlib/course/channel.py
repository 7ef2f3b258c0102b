"""The grading process's channel back to the grader, validated, and what a graded submission is.

The process that grades one submission (:mod:`mmlib.course.scoring`) sends one JSON line per note
and per graded part.  :func:`read_results` believes none of it blindly: known part ids, once
each, a score between 0 and the part's points; a malformed message fails only what it concerns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..isolation.sandbox import NOTES_LIMIT
from .labsource import Part

__all__ = ["Result", "Graded", "read_results", "MESSAGE_LIMIT", "NOTES_LIMIT"]

@dataclass
class Result:
    """One graded part: its score and the checker's feedback."""

    grade_id: str
    score: float
    max_score: float
    output: str


@dataclass
class Graded:
    """A graded submission."""

    submission: str
    lab: str
    results: list[Result] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    seed: int | None = None
    """The seed the hidden tests drew their cases from (kept for the instructor, not shown)."""

    @property
    def score(self) -> float:
        return sum(r.score for r in self.results)

    def gradescope(self) -> dict[str, Any]:
        """Gradescope's results.json: the total, and one test per part with its feedback."""
        notes = "\n".join(self.notes)
        return {"score": self.score,
                "execution_time": round(self.seconds, 1),
                "output": f"{self.lab}: {self.score:g} / {sum(r.max_score for r in self.results):g} points"
                          + (f"\n{notes}" if notes else ""),
                "tests": [{"name": r.grade_id, "score": r.score, "max_score": r.max_score,
                           "output": r.output, "visibility": "visible"} for r in self.results],
                **({"extra_data": {"hidden_seed": self.seed}} if self.seed is not None else {})}



MESSAGE_LIMIT = 100_000
"""Longest line the grading process may send; output beyond 4 MB in all is not read."""


def read_results(lines: list[bytes], expected: list[Part]) -> tuple[list[Result], list[str]]:
    """The results and notes of a grading process's messages, validated: known part ids, once
    each, 0 <= score <= the part's points.  A malformed message fails only what it concerns.

    >>> part = Part("minimax", 6.0, "")
    >>> results, notes = read_results([b'not json', b'{"kind": "part", "data": {"grade_id": "minimax",'
    ...     b' "score": 60, "max_score": 60, "output": "ok"}}'], [part])
    >>> results[0].score, notes
    (0.0, ['a message from the grading process was not JSON; it was left out'])
    >>> print(results[0].output)
    not graded: the grading process sent an impossible result for this part (score 60 of 6 points)
    """
    points = {part.grade_id: part.points for part in expected}
    results: dict[str, Result] = {}
    notes: list[str] = []
    for raw in lines:
        if len(raw) > MESSAGE_LIMIT:
            notes.append("a message from the grading process was too long; it was left out")
            continue
        try:
            message = json.loads(raw)
        except ValueError:
            notes.append("a message from the grading process was not JSON; it was left out")
            continue
        if not isinstance(message, dict) or message.get("kind") not in ("note", "part"):
            notes.append("a message from the grading process had no known kind; it was left out")
            continue
        data = message.get("data")
        if message["kind"] == "note":
            if isinstance(data, str) and len(notes) < NOTES_LIMIT:
                notes.append(data[:400])
            continue
        ident = data.get("grade_id") if isinstance(data, dict) else None
        if not isinstance(data, dict) or ident not in points:
            notes.append("the grading process sent a result for an unknown part; it was left out")
            continue
        if ident in results:
            results[ident] = Result(ident, 0.0, points[ident],
                                    "not graded: the grading process sent two results for this part")
            continue
        score, output = data.get("score"), data.get("output")
        if not isinstance(score, int | float) or isinstance(score, bool) or not isinstance(output, str) \
                or not 0 <= score <= points[ident] or data.get("max_score") != points[ident]:
            results[ident] = Result(ident, 0.0, points[ident],
                                    "not graded: the grading process sent an impossible result for this part"
                                    f" (score {_safe(score)} of {points[ident]:g} points)")
            continue
        results[ident] = Result(ident, float(score), points[ident], output[:20_000])
    return [results[part.grade_id] for part in expected if part.grade_id in results], notes


def _safe(value: object) -> str:
    return repr(value)[:40]

