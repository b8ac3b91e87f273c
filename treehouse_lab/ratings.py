"""Strength ratings from a round-robin: a Bradley–Terry model, fitted by maximum
likelihood, on the Elo scale, with 95% intervals.

The model (Bradley and Terry 1952; Luce's choice rule for more than two players): each
bot has a strength ``exp(θ)``, and in a game where bot ``a`` sits in one seat and bot
``b`` in the ``m`` others, ``a`` wins with probability

    p = exp(θa) / (exp(θa) + m·exp(θb))   =   σ(θa − θb − ln m),

the chance that the winner, drawn in proportion to strength, is ``a``. With two players
(m = 1) it is the classic Bradley–Terry model, and with equal strengths ``a`` wins its
fair share 1/(m + 1). A shared win counts as its win share (1/k of a k-way tie), so the
data of a pairing is its number of games and ``a``'s total win share: the fit is a
logistic regression on those, solved here by Newton's method (a handful of bots: a
small linear system, no numpy needed).

Why not Elo's running update: it depends on the order the games were played in. The
maximum-likelihood fit depends only on the results, which are seeded.

* **Scale.** Ratings are Elo points, ``400·log10(e)·θ``: 400 points apart, the stronger
  bot is expected to win 10 games to 1 head to head.
* **Anchor.** Only differences are measured, so the first bot of the tournament (usually
  ``random``) is fixed at 0 and every other rating, with its interval, is relative to it.
* **Intervals** are the normal approximation from the observed information at the
  optimum (the inverse of the log-likelihood's curvature): 95% for each bot's difference
  from the anchor.
* **Smoothing.** Every pairing gets one extra game, split evenly between the two, before
  fitting. Without it a bot that won every game of a pairing would have an infinite
  rating; with it the rating is large and finite, and the effect on a pairing of a
  hundred games is about 1% of a game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from .intervals import CONFIDENCE, z_value

#: Elo points per unit of θ (natural log of strength).
ELO = 400 / math.log(10)
#: The games added to each pairing, split evenly, before fitting (see the module's text).
SMOOTHING = 1.0


@dataclass(frozen=True)
class Pairing:
    """The data of one pairing: ``games`` games with ``bot`` in one seat and ``against``
    in the ``others`` other seats, where ``bot`` won a total win share of ``share``."""

    bot: str
    against: str
    others: int
    games: int
    share: float


@dataclass(frozen=True)
class Rating:
    """One bot's rating: Elo points above the anchor, with its 95% interval, and the
    number of games it played in the tournament."""

    bot: str
    elo: float
    low: float
    high: float
    games: int

    def __str__(self) -> str:
        return f"{self.bot}: {self.elo:+.0f} [{self.low:+.0f}, {self.high:+.0f}]"


@dataclass(frozen=True)
class Step:
    """One rung of a ladder: how many Elo points ``upper`` stands above ``lower``, with
    the 95% interval of that difference (narrower than the two ratings' intervals
    suggest: both are measured against the same anchor, and that shared error cancels)."""

    lower: str
    upper: str
    elo: float
    low: float
    high: float

    def __str__(self) -> str:
        return (f"{self.upper} above {self.lower}: {self.elo:+.0f} "
                f"[{self.low:+.0f}, {self.high:+.0f}]")


def fit(bots: Sequence[str], pairings: Sequence[Pairing],
        confidence: float = CONFIDENCE) -> list[Rating]:
    """The ratings of ``bots`` (in their order; the first is the anchor, at 0) from the
    results of ``pairings``. A bot in no pairing with the others gets an infinite
    interval: nothing relates it to the anchor."""
    return _fit(bots, pairings, confidence)[0]


def steps(bots: Sequence[str], pairings: Sequence[Pairing],
          confidence: float = CONFIDENCE) -> list[Step]:
    """The ladder's rungs: each bot against the one rated just below it, weakest first,
    with the interval of the difference (from the fit's covariance)."""
    ratings, theta, cov = _fit(bots, pairings, confidence)
    z = z_value(confidence)
    order = sorted(range(len(ratings)), key=lambda i: ratings[i].elo)
    out = []
    for i, j in zip(order, order[1:]):
        var = _cov(cov, j, j) + _cov(cov, i, i) - 2 * _cov(cov, i, j)
        half = z * math.sqrt(var) if 0 <= var < math.inf else math.inf
        d = ELO * (theta[j] - theta[i])
        out.append(Step(ratings[i].bot, ratings[j].bot, d, d - ELO * half, d + ELO * half))
    return out


def _cov(cov: list[list[float]] | None, i: int, j: int) -> float:
    """The covariance of θi and θj (the anchor, 0, has none)."""
    if i == 0 or j == 0:
        return 0.0
    return math.inf if cov is None else cov[i - 1][j - 1]


def _fit(bots: Sequence[str], pairings: Sequence[Pairing],
         confidence: float) -> tuple[list[Rating], list[float], list[list[float]] | None]:
    names = list(dict.fromkeys(bots))
    index = {b: i for i, b in enumerate(names)}
    data = []
    for p in pairings:
        if p.games <= 0 or p.bot == p.against:
            continue
        n = p.games + SMOOTHING
        s = p.share + SMOOTHING * _fair(p.others)
        data.append((index[p.bot], index[p.against], math.log(p.others), n, s))
    k = len(names)
    theta = [0.0] * k
    free = list(range(1, k))
    for _ in range(100):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for a, b, offset, n, s in data:
            p = _sigmoid(theta[a] - theta[b] - offset)
            g = s - n * p
            w = n * p * (1 - p)
            grad[a] += g
            grad[b] -= g
            hess[a][a] += w
            hess[b][b] += w
            hess[a][b] -= w
            hess[b][a] -= w
        step = _solve([[hess[i][j] for j in free] for i in free], [grad[i] for i in free])
        if step is None:
            break
        for i, d in zip(free, step):
            theta[i] += d
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    cov = _inverse([[hess[i][j] for j in free] for i in free])
    z = z_value(confidence)
    played = [0] * k
    for p in pairings:
        played[index[p.bot]] += p.games
        played[index[p.against]] += p.games * (p.others if p.bot != p.against else 0)
    out = []
    for i, name in enumerate(names):
        if i == 0:
            half = 0.0
        else:
            var = cov[i - 1][i - 1] if cov is not None else math.inf
            half = z * math.sqrt(var) if var >= 0 else math.inf
        elo = ELO * theta[i]
        out.append(Rating(name, elo, elo - ELO * half, elo + ELO * half, played[i]))
    return out, theta, cov


def _fair(others: int) -> float:
    return 1 / (others + 1)


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float] | None:
    """``matrix⁻¹·rhs`` by Gaussian elimination with partial pivoting; None if singular."""
    n = len(rhs)
    m = [row[:] + [r] for row, r in zip(matrix, rhs)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]] | None:
    n = len(matrix)
    cols = []
    for j in range(n):
        col = _solve(matrix, [1.0 if i == j else 0.0 for i in range(n)])
        if col is None:
            return None
        cols.append(col)
    return [[cols[j][i] for j in range(n)] for i in range(n)]


__all__ = ["ELO", "SMOOTHING", "Pairing", "Rating", "Step", "fit", "steps"]
