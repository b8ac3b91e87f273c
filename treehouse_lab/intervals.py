"""Confidence intervals for the figures of a run: Wilson's interval for a win rate, the
normal one for a mean, and :class:`Rate`, a count out of trials with both its exact value
and its interval.

Why Wilson's interval and not "p ± z·se": it stays inside [0, 1] and behaves for rates near
0 or 1 and for few trials, which is what small notebook runs produce.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

#: The confidence level of every interval shown.
CONFIDENCE = 0.95


def z_value(confidence: float = CONFIDENCE) -> float:
    """The normal quantile of a two-sided interval at ``confidence`` (1.96 for 95%)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Wilson's score interval for a proportion: unlike "p ± z·se" it stays inside [0, 1]
    and behaves for rates near 0 or 1 and for few trials."""
    if trials <= 0:
        return (0.0, 1.0)
    z = z_value(confidence)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2))
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(values: Sequence[float | Fraction],
                  confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The normal-approximation interval for a mean: mean ± z·s/√n."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = float(sum(values)) / n
    if n == 1:
        return (mean, mean)
    var = sum((float(v) - mean) ** 2 for v in values) / (n - 1)
    half = z_value(confidence) * math.sqrt(var / n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class Rate:
    """A count out of a number of trials, with its exact value and its interval."""

    count: int
    trials: int

    @property
    def exact(self) -> Fraction:
        return Fraction(self.count, self.trials) if self.trials else Fraction(0)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.trials)

    def __float__(self) -> float:
        return float(self.exact)

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{float(self.exact):6.1%} [{lo:5.1%}, {hi:5.1%}]"


@dataclass(frozen=True)
class Figure:
    """One named figure: ``value`` with its 95% interval ``[low, high]`` over ``n`` games.
    (The design lab's unit, ``design.estimate``; here, below the games, so that a game's
    theory can hand the lab a figure it knows exactly without importing the lab.)
    ``value`` is None when the figure is "n/a for this game" (``why`` says why). ``exact``
    holds the value a solver gives, where one does (then ``value`` is still the
    simulation's, and its interval should contain ``exact``)."""

    name: str
    value: float | None
    low: float | None
    high: float | None
    n: int
    why: str = ""
    exact: Fraction | None = None

    @property
    def available(self) -> bool:
        return self.value is not None

    def contains(self, x: float) -> bool:
        """Whether ``x`` lies in the interval (False for an n/a figure)."""
        return self.low is not None and self.high is not None and self.low <= x <= self.high


__all__ = ["CONFIDENCE", "Figure", "Rate", "mean_interval", "wilson", "z_value"]
