"""The optimality equations of a fewest-expected-rolls puzzle, solved exactly.

Why a module of its own, outside any game: the equations are the same whoever writes
them down. Treehouse's solitaire solver (``games/pyramids/theory/solver.py``) builds them
from its move table under symmetry; ``interop.solitaire`` builds them from any one-player
OpenSpiel game through the pyspiel API alone; the one routine here solves both (steps 2 to
4 of the solver's docstring): float value
iteration picks a policy, its linear equations are solved exactly with Fractions one
strongly connected component at a time, and exact policy improvement repeats until no
choice is strictly better.

The shape read (``Equations``; the solver's reduced model has the same two fields): for
each position ``s``, ``faces[s]`` lists (probability, successors) with ``WIN`` for a choice
that ends the game, and ``reroll[s]`` the probability of a roll that changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Protocol, Sequence

from .graph import strongly_connected

WIN = -1
"""Marks a choice that makes the match (the game ends: value 0)."""


class Model(Protocol):
    """What the routines read: ``Equations`` or ``solver``'s reduced model."""

    faces: list[list[tuple[Fraction, list[int]]]]
    reroll: list[Fraction]



def _value_iteration(m: Model, tol: float = 1e-12, max_sweeps: int = 100_000) -> list[float]:
    """Gauss-Seidel value iteration from 0 (a lower bound that rises to the optimum).

    A face with a winning choice contributes 0 (values are never negative), so only the
    faces without one enter the sweep."""
    k = len(m.faces)
    v = [0.0] * k
    rows = []
    for s in range(k):
        scale = 1.0 / (1.0 - float(m.reroll[s]))
        rows.append(([(float(p) * scale, succ) for p, succ in m.faces[s] if WIN not in succ],
                     scale))
    get = v.__getitem__
    for _ in range(max_sweeps):
        delta = 0.0
        for s in range(k):
            row, new = rows[s]
            for p, succ in row:
                new += p * min(map(get, succ))
            d = new - v[s]
            if d > delta or -d > delta:
                delta = abs(d)
            v[s] = new
        if delta < tol:
            return v
    raise RuntimeError("value iteration did not converge")


def _exact_min(succ: list[int], values: Sequence[Fraction], approx: Sequence[float]) -> int:
    """The successor of least exact value (ties: a win, then the smallest class).

    Floats pick the few candidates within 1e-9 of the float minimum (a Fraction of this
    size converts with error near 1e-15), then Fractions decide among them: exact, and
    much faster than comparing every pair of large Fractions."""
    if WIN in succ:
        return WIN
    lo = min(approx[c] for c in succ)
    near = [c for c in succ if approx[c] <= lo + 1e-9]
    return min(near, key=lambda c: (values[c], c))


def _pick(succ: list[int], value: Callable[[int], Any]) -> int:
    """The best successor: least value; ties go to a win, then the smallest class."""
    return min(succ, key=lambda c: (value(c), c != WIN, c))


def _evaluate(m: Model, policy: list[list[int]]) -> list[Fraction]:
    """Exact values of a policy: solve (1 - reroll - sum p*[next == s]) V(s) - sum p V(next)
    = 1, component by component (sinks first), by sparse Gaussian elimination with a
    cheapest-pivot-first order (fill-in stays small: the largest component of the trio's
    optimal policy has a few hundred classes)."""
    k = len(m.faces)
    eq_coef: list[dict[int, Fraction]] = []
    for s in range(k):
        row: dict[int, Fraction] = {s: 1 - m.reroll[s]}
        for (p, _), c in zip(m.faces[s], policy[s]):
            if c != WIN:
                row[c] = row.get(c, Fraction(0)) - p
        eq_coef.append(row)
    edges = [[c for c in eq_coef[s] if c != s] for s in range(k)]
    values: list[Fraction | None] = [None] * k
    for comp in strongly_connected(edges):
        members = set(comp)
        eqs: dict[int, tuple[dict[int, Fraction], Fraction]] = {}
        cols: dict[int, set[int]] = {s: set() for s in comp}
        for s in comp:
            row, rhs = {}, Fraction(1)
            for c, a in eq_coef[s].items():
                if c in members:
                    if a:
                        row[c] = a
                else:
                    rhs -= a * values[c]
            eqs[s] = (row, rhs)
            for c in row:
                cols[c].add(s)
        done: list[tuple[int, dict[int, Fraction], Fraction]] = []
        left = set(comp)
        while left:
            v = min(left, key=lambda c: ((len(eqs[c][0]) - 1) * (len(cols[c]) - 1), c))
            left.discard(v)
            row, rhs = eqs.pop(v)
            pivot = row[v]
            for s in cols[v]:
                if s == v or s not in eqs:
                    continue
                r2, rhs2 = eqs[s]
                factor = r2.pop(v) / pivot
                for c, a in row.items():
                    if c == v:
                        continue
                    new = r2.get(c, Fraction(0)) - factor * a
                    if new:
                        if c not in r2:
                            cols[c].add(s)
                        r2[c] = new
                    elif c in r2:
                        del r2[c]
                        cols[c].discard(s)
                eqs[s] = (r2, rhs2 - factor * rhs)
            for c in row:
                if c != v:
                    cols[c].discard(v)
            done.append((v, row, rhs))
        for v, row, rhs in reversed(done):
            acc = rhs
            for c, a in row.items():
                if c != v:
                    acc -= a * values[c]
            values[v] = acc / row[v]
    return values  # type: ignore[return-value]


def _improve(m: Model, policy: list[list[int]], values: list[Fraction]) -> int:
    """Switch every choice that an exact comparison shows strictly worse than another;
    return how many changed (0 means the policy is optimal)."""
    approx = [float(x) for x in values]
    changed = 0
    for s, row in enumerate(m.faces):
        for i, (_, succ) in enumerate(row):
            best = _exact_min(succ, values, approx)
            old = policy[s][i]
            if best != old and (best == WIN or (old != WIN and values[best] < values[old])):
                policy[s][i] = best
                changed += 1
    return changed


@dataclass
class Equations:
    """The optimality equations of a fewest-expected-rolls puzzle, in the shape
    ``solve_equations`` reads (``solver``'s reduced model is one; ``interop.solitaire``
    builds another from an OpenSpiel game): for each position ``s``, ``faces[s]`` lists
    (probability, successors) with ``WIN`` for a choice that ends the game, and
    ``reroll[s]`` the probability of a roll that changes nothing (or 0, with such rolls as
    a face whose only successor is ``s`` itself: the equations are the same)."""

    faces: list[list[tuple[Fraction, list[int]]]]
    reroll: list[Fraction]


def solve_equations(m: Model) -> tuple[list[Fraction], list[float], int]:
    """Exact optimal values of the equations ``m`` (steps 2 to 4 of the module docstring):
    (exact values, the float values that picked the first policy, improvement rounds)."""
    floats = _value_iteration(m)
    policy = [[_pick(succ, lambda c: 0.0 if c == WIN else floats[c]) for _, succ in row]
              for row in m.faces]
    rounds = 0
    while True:
        values = _evaluate(m, policy)
        if not _improve(m, policy, values):
            return values, floats, rounds
        rounds += 1


def bellman_residuals(m: Model, values: Sequence[Fraction]) -> list[Fraction]:
    """For each class, V - (1 + sum p * min value) / (1 - reroll), computed exactly."""
    approx = [float(x) for x in values]
    out = []
    for s, row in enumerate(m.faces):
        total = Fraction(1)
        for p, succ in row:
            best = _exact_min(succ, values, approx)
            if best != WIN:
                total += p * values[best]
        out.append(values[s] - total / (1 - m.reroll[s]))
    return out
