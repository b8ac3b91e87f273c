"""The figures of the design lab and how each gets its 95% interval: a :class:`Figure`
(value, interval, number of games, or "n/a" and why) and a :class:`Distribution` (a
count of whole numbers: mean, standard deviation, quantiles, histogram).

Which interval for which figure (all at :data:`treehouse_lab.intervals.CONFIDENCE`):

* a share of games (a win share, ties, timeouts, comebacks): Wilson's score interval
  (:func:`treehouse_lab.intervals.wilson`). A shared win counts as its fraction of a
  success: an outcome split between 0 and 1 varies less than a 0-or-1 one, so the
  interval is, if anything, wider than it needs to be;
* a mean over games (a length, a branching factor, lead changes a game, a margin): the
  normal interval mean ± z·s/√n (:func:`treehouse_lab.intervals.mean_interval`), which
  the central limit theorem justifies for the hundreds of games a design question needs.

Everything here is exact arithmetic until the last step and deterministic: the same games
give the same table, whatever played them.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Sequence

from ..intervals import Figure, mean_interval, wilson


def not_available(name: str, why: str, n: int = 0) -> Figure:
    return Figure(name, None, None, None, n, why=f"n/a for this game: {why}")


def share(name: str, successes: Fraction | int | float, n: int,
          why: str = "no games to count") -> Figure:
    """A share of ``n`` games with Wilson's interval (a shared win counts its fraction)."""
    if n == 0:
        return not_available(name, why, 0)
    lo, hi = wilson(float(successes), n)  # type: ignore[arg-type]
    return Figure(name, float(successes) / n, lo, hi, n)


def exact_sum(values: Sequence[float | Fraction]) -> int | float | Fraction:
    """``sum(values)``, the same number, sooner: whole numbers and fractions are added by
    denominator, so a run of a thousand win shares costs a few Fraction additions, not a
    thousand (each a gcd: in a run of cheap games they cost more than the tracing).
    Anything else (floats) is added by ``sum``, in order, as before."""
    whole = 0
    parts: dict[int, int] = {}
    for v in values:
        cls = v.__class__
        if cls is int or cls is bool:
            whole += v
        elif cls is Fraction:
            d = v.denominator  # type: ignore[union-attr]
            if d == 1:
                whole += v.numerator  # type: ignore[union-attr]
            else:
                parts[d] = parts.get(d, 0) + v.numerator  # type: ignore[union-attr]
        else:
            return sum(values)
    if not parts:
        return whole
    total = Fraction(whole)
    for d, n in parts.items():
        total += Fraction(n, d)
    return total


def plain(x: float | Fraction) -> float | Fraction:
    """A whole Fraction as an int (the same number: the same sums and floats, sooner)."""
    if x.__class__ is Fraction and x.denominator == 1:  # type: ignore[union-attr]
        return x.numerator  # type: ignore[union-attr]
    return x


def mean(name: str, values: Sequence[float | Fraction], why: str = "") -> Figure:
    """The mean of one value a game, with its normal interval."""
    if not values:
        return not_available(name, why or "no game gives this value")
    values = [plain(v) for v in values]
    lo, hi = mean_interval(values)
    return Figure(name, float(exact_sum(values)) / len(values), lo, hi, len(values))


def shifted(name: str, figure: Figure, offset: float, scale: float = 1.0) -> Figure:
    """``scale * (figure + offset)``, interval and all (a negative scale swaps its ends):
    the first player's edge is its win share less the fair share."""
    if figure.value is None or figure.low is None or figure.high is None:
        return Figure(name, None, None, None, figure.n, figure.why)
    ends = sorted((scale * (figure.low + offset), scale * (figure.high + offset)))
    return Figure(name, scale * (figure.value + offset), ends[0], ends[1], figure.n)


@dataclass(frozen=True)
class Distribution:
    """How often each whole number occurred (a game's moves, a decision's choices)."""

    name: str
    counts: tuple[tuple[int, int], ...] = field(default=())

    @classmethod
    def of(cls, name: str, values: Iterable[int]) -> Distribution:
        return cls(name, tuple(sorted(Counter(values).items())))

    @classmethod
    def pooled(cls, name: str, tallies: Iterable[Iterable[tuple[int, int]]]) -> Distribution:
        total: Counter = Counter()
        for tally in tallies:
            for value, count in tally:
                total[value] += count
        return cls(name, tuple(sorted(total.items())))

    @property
    def n(self) -> int:
        return sum(c for _, c in self.counts)

    @property
    def mean(self) -> Fraction | None:
        n = self.n
        return Fraction(sum(v * c for v, c in self.counts), n) if n else None

    @property
    def sd(self) -> float | None:
        """The sample standard deviation (n - 1 in the denominator)."""
        n, m = self.n, self.mean
        if m is None or n < 2:
            return None if m is None else 0.0
        return math.sqrt(float(sum(c * (v - m) ** 2 for v, c in self.counts)) / (n - 1))

    def quantile(self, q: float) -> int | None:
        """The smallest value with at least a share ``q`` of the counts at or below it
        (the inverse of the empirical distribution function: an observed value)."""
        if not self.counts:
            return None
        need = q * self.n
        seen = 0
        for value, count in self.counts:
            seen += count
            if seen >= need:
                return value
        return self.counts[-1][0]

    def quantiles(self, qs: Sequence[float] = (0, 0.1, 0.25, 0.5, 0.75, 0.9, 1)
                  ) -> dict[float, int | None]:
        return {q: self.quantile(q) for q in qs}

    def histogram(self, bins: int = 20) -> list[tuple[int, int, int]]:
        """``(low, high, count)`` for at most ``bins`` bins of equal width over the
        values (``low <= value <= high``), for a table or a plot."""
        if not self.counts:
            return []
        first, last = self.counts[0][0], self.counts[-1][0]
        width = max(1, -(-(last - first + 1) // bins))
        out = []
        for low in range(first, last + 1, width):
            high = low + width - 1
            out.append((low, high, sum(c for v, c in self.counts if low <= v <= high)))
        return out


__all__ = ["Distribution", "Figure", "exact_sum", "mean", "not_available", "plain", "share",
           "shifted"]
