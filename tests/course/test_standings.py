"""Tests of mmlib.course.standings: the tournament's ratings (Bradley-Terry) and their intervals."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from mmlib.course import standings


def _log_posterior(theta: dict[str, float], games: list[dict[str, Any]]) -> float:
    """Bradley-Terry's log-likelihood, draws as half a win each, and one draw of each entrant
    against a fixed opponent of strength 0."""
    def log_sigma(z: float) -> float:
        return -math.log1p(math.exp(-z))
    total = sum(0.5 * log_sigma(t) + 0.5 * log_sigma(-t) for t in theta.values())
    for game in games:
        s = {"X": 1.0, "O": 0.0, "draw": 0.5}[game["result"]]
        d = theta[game["x"]] - theta[game["o"]]
        total += s * log_sigma(d) + (1 - s) * log_sigma(-d)
    return total


def test_ratings_maximise_the_bradley_terry_posterior() -> None:
    rng = random.Random(5)
    names = ["a", "b", "c", "d"]
    strength = {"a": 1.5, "b": 0.5, "c": 0.0, "d": -1.0}
    games = []
    for _ in range(60):
        x, o = rng.sample(names, 2)
        p = 1 / (1 + math.exp(strength[o] - strength[x]))
        result = "X" if rng.random() < p else "O" if rng.random() < 0.8 else "draw"
        games.append({"x": x, "o": o, "result": result})
    fitted = standings.ratings(games, names)
    theta = {name: (fitted[name][0] - 1500) / standings.ELO for name in names}
    best = _log_posterior(theta, games)
    for name in names:                                # a maximum: every nudge lowers the posterior
        for nudge in (-1e-3, 1e-3):
            assert _log_posterior({**theta, name: theta[name] + nudge}, games) < best
    assert [n for n, _ in sorted(fitted.items(), key=lambda item: -item[1][0])] == names


def test_rating_interval_of_two_entrants_by_hand() -> None:
    # a beats b in all n games: by symmetry theta_a = -theta_b = t with 2n(1 - s(2t)) = 2 s(t) - 1, and the
    # information matrix [[n w + v, -n w], [-n w, n w + v]] (w = s(2t) s(-2t), v = s(t) s(-t))
    n = 6
    games = [{"x": "a", "o": "b", "result": "X"}] * n
    s = lambda z: 1 / (1 + math.exp(-z))                            # noqa: E731
    low, high = 0.0, 10.0
    for _ in range(200):                                             # bisection on the stationarity condition
        t = (low + high) / 2
        low, high = (t, high) if 2 * n * (1 - s(2 * t)) > 2 * s(t) - 1 else (low, t)
    w, v = s(2 * t) * s(-2 * t), s(t) * s(-t)
    variance = (n * w + v) / ((n * w + v) ** 2 - (n * w) ** 2)
    rating, lo, hi = standings.ratings(games, ["a", "b"])["a"]
    assert rating == pytest.approx(1500 + standings.ELO * t, abs=1e-6)
    half = 1.96 * standings.ELO * math.sqrt(variance)
    assert hi - rating == pytest.approx(rating - lo) == pytest.approx(half)
