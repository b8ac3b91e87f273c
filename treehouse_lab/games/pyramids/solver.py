"""Solitaire Treehouse (pyramids), solved exactly: the fewest expected rolls to a match.

The puzzle. One player, one trio, one House. Each turn follows the rulings' turn rule
(shared/design/pyramids-rulings.md, "Turn"): roll the die; an action that can change the
trio must be used there (the player picks which result); otherwise it may be used on the
House (never Swap, unless the roll was Wild) or passed; if it can change neither, roll
again. Wild is any of the five actions on the trio or on the House, the player's choice.
The game ends at the first match, which only an action makes ("Set-up and winning").

What is counted. **Every roll of the die counts, rerolls included**, up to and including
the roll whose action makes the match. ``V(trio, house)`` is that expected number under
optimal play from a position where it is the player's turn and no match has been made.
The start is ``trio == house == house_start`` (the Tree): equal but not matched, as the
rulings say, so ``V(start)`` is an ordinary value of the same equations. (A position with
``trio == house`` is never reached later: the action that makes them equal is a match.)

The equations. With p_f the die's probabilities (read from the engine's chance node),
R the faces that must be rerolled here, and C_f the choices face f offers (a result on the
trio, a result on the House, or a pass: what the game's own turn rule, ``rules.turn_rule``,
allows), each worth 0 if it matches and V(next) if not:

    V(s) = (1 + sum_{f not in R} p_f * min_{c in C_f} value(c)) / (1 - sum_{f in R} p_f)

(the rerolls are a geometric number of extra rolls before the turn's real roll).

How it is solved (in seconds, exactly):
1. The 204 x 204 positions shrink by symmetry: relabelling the pieces (the same way in trio
   and House) and mirroring left-right map moves to moves. ``symmetries`` *checks* this
   for every arrangement and action before using it; 41,616 positions become 3,480 classes.
2. Value iteration in floats (Gauss-Seidel sweeps) finds an optimal policy.
3. The policy's linear equations are solved exactly with Fractions, one strongly connected
   component of the policy's move graph at a time (sinks first), by sparse elimination.
4. Exact policy improvement: every choice is re-scored with the exact values; if any is
   strictly better the policy changes and step 3 runs again. When nothing improves, the
   exact values satisfy the Bellman optimality equations exactly (``verify_bellman``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from ...errors import RuleError
from .arrangement import FACES, Arrangement, all_arrangements, piece_set, results
from .graph import strongly_connected
from .rules import turn_rule
from .symmetry import (
    candidate_symmetries,
    checked_symmetries,
    is_symmetry,
    mirror,
    move_sets,
    relabel,
    symmetries,
)

WIN = -1
"""Marks a choice that makes the match (the game ends: value 0)."""

Die = Sequence[tuple[str, Fraction]]


# ---------------------------------------------------------------------------------------
# the model
# ---------------------------------------------------------------------------------------

def default_die() -> tuple[tuple[str, Fraction], ...]:
    """The engine's die (its chance node's exact outcomes)."""
    from .counting import die_faces

    return die_faces()


@dataclass(frozen=True)
class Choice:
    """One thing a face lets the player do: ``where`` is "trio", "house" or "pass";
    ``result`` the new trio or House (None for a pass); ``wins`` if it makes the match."""

    where: str
    result: Arrangement | None
    wins: bool

    def __str__(self) -> str:
        if self.where == "pass":
            return "pass"
        verb = "match" if self.wins else "make"
        return f"{verb} {self.where} {self.result}"


def choices(trio: Arrangement, house: Arrangement, face: str,
            aim_stack_top: bool = True) -> list[Choice] | None:
    """What ``face`` offers at (trio, house) under the turn rule (``rules.turn_rule``);
    None means roll again."""
    turn = turn_rule(face, sorted(results(trio, face, aim_stack_top=aim_stack_top)),
                     sorted(results(house, face, aim_stack_top=aim_stack_top)))
    if turn.reroll:
        return None
    out = ([Choice("trio", x, x == house) for x in turn.trio]
           + [Choice("house", y, y == trio) for y in turn.house])
    if turn.may_pass:
        out.append(Choice("pass", None, False))
    return out


@dataclass
class _Reduced:
    """The symmetry-reduced model: class k stands for the positions in its orbit."""

    n: int                                   # arrangements
    arrangements: tuple[Arrangement, ...]
    class_of: list[int]                      # position t*n + h -> class
    reps: list[int]                          # class -> representative position t*n + h
    reroll: list[Fraction]                   # class -> P(reroll)
    faces: list[list[tuple[Fraction, list[int]]]]  # class -> [(p, successor classes|WIN)]


def _build(pieces: str, aim_stack_top: bool, die: Die) -> _Reduced:
    arrs = all_arrangements(pieces)
    n = len(arrs)
    full = move_sets(arrs, aim_stack_top)
    table = {f: [sorted(r) for r in full[f]] for f, _ in die}
    group = checked_symmetries(arrs, full)
    class_key = [0] * (n * n)
    for t in range(n):
        for h in range(n):
            class_key[t * n + h] = min(g[t] * n + g[h] for g in group)
    reps = sorted(set(class_key))
    number = {r: k for k, r in enumerate(reps)}
    class_of = [number[k] for k in class_key]
    reroll, faces = [], []
    for r in reps:
        t, h = divmod(r, n)
        lost = Fraction(0)
        row = []
        for f, p in die:
            turn = turn_rule(f, table[f][t], table[f][h])
            if turn.reroll:
                lost += p
                continue
            succ = ([WIN if x == h else class_of[x * n + h] for x in turn.trio]
                    + [WIN if y == t else class_of[t * n + y] for y in turn.house])
            if turn.may_pass:
                succ.append(class_of[r])
            row.append((p, sorted(set(succ))))
        reroll.append(lost)
        faces.append(row)
    return _Reduced(n, arrs, class_of, reps, reroll, faces)


# ---------------------------------------------------------------------------------------
# solving
# ---------------------------------------------------------------------------------------

def _value_iteration(m: _Reduced, tol: float = 1e-12, max_sweeps: int = 100_000) -> list[float]:
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


def _evaluate(m: _Reduced, policy: list[list[int]]) -> list[Fraction]:
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


def _improve(m: _Reduced, policy: list[list[int]], values: list[Fraction]) -> int:
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
    ``solve_equations`` reads (``_Reduced`` is one; ``interop.solitaire`` builds another
    from an OpenSpiel game): for each position ``s``, ``faces[s]`` lists (probability,
    successors) with ``WIN`` for a choice that ends the game, and ``reroll[s]`` the
    probability of a roll that changes nothing (or 0, with such rolls as a face whose only
    successor is ``s`` itself: the equations are the same)."""

    faces: list[list[tuple[Fraction, list[int]]]]
    reroll: list[Fraction]


def solve_equations(m: Equations | _Reduced) -> tuple[list[Fraction], list[float], int]:
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


def bellman_residuals(m: _Reduced, values: Sequence[Fraction]) -> list[Fraction]:
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


@dataclass
class Solution:
    """Exact optimal values and moves for solitaire Treehouse (see the module docstring).

    ``value(trio, house)`` is the expected number of rolls (rerolls included) to a match
    with best play; ``start_value()`` the same from the rulebook's start.
    """

    pieces: str
    aim_stack_top: bool
    die: tuple[tuple[str, Fraction], ...]
    model: _Reduced = field(repr=False)
    values: list[Fraction] = field(repr=False)
    float_values: list[float] = field(repr=False)
    improvement_rounds: int = 0
    _index: dict[Arrangement, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {a: i for i, a in enumerate(self.model.arrangements)}

    # -- lookups ---------------------------------------------------------------------
    def _arr(self, a: Arrangement | str) -> Arrangement:
        return Arrangement.parse(a, self.pieces) if isinstance(a, str) else a

    def _class(self, trio: Arrangement | str, house: Arrangement | str) -> int:
        t, h = self._index[self._arr(trio)], self._index[self._arr(house)]
        return self.model.class_of[t * self.model.n + h]

    @property
    def classes(self) -> int:
        """How many symmetry classes of positions were solved."""
        return len(self.values)

    @property
    def positions(self) -> int:
        return self.model.n ** 2

    def value(self, trio: Arrangement | str, house: Arrangement | str) -> Fraction:
        """Exact expected rolls to a match from (trio, house), no match made yet."""
        return self.values[self._class(trio, house)]

    def start_value(self, house_start: Arrangement | str | None = None) -> Fraction:
        """Expected rolls from the start: trio and House both ``house_start`` (default the
        Tree), equal but not yet matched."""
        start = Arrangement.tree(self.pieces) if house_start is None else house_start
        return self.value(start, start)

    def choice_value(self, trio: Arrangement | str, house: Arrangement | str,
                     choice: Choice) -> Fraction:
        t, h = self._arr(trio), self._arr(house)
        if choice.wins:
            return Fraction(0)
        if choice.where == "trio":
            return self.value(choice.result, h)
        if choice.where == "house":
            return self.value(t, choice.result)
        return self.value(t, h)

    def best_moves(self, trio: Arrangement | str, house: Arrangement | str,
                   face: str) -> list[Choice]:
        """Every optimal choice for ``face`` at (trio, house) (ties included); [] when the
        face must be rerolled."""
        t, h = self._arr(trio), self._arr(house)
        options = choices(t, h, face, self.aim_stack_top)
        if options is None:
            return []
        scored = [(self.choice_value(t, h, c), c) for c in options]
        best = min(v for v, _ in scored)
        return [c for v, c in scored if v == best]

    def best_move(self, trio: Arrangement | str, house: Arrangement | str,
                  face: str) -> Choice | None:
        """One optimal choice (a winning one if any; else the first in sorted order)."""
        moves = self.best_moves(trio, house, face)
        return moves[0] if moves else None

    def policy(self) -> dict[tuple[str, str], dict[str, str]]:
        """The optimal move for every position and face, as text: {(trio, house): {face:
        choice}} (faces that must be rerolled are left out)."""
        out = {}
        for t in self.model.arrangements:
            for h in self.model.arrangements:
                row = {}
                for f, _ in self.die:
                    c = self.best_move(t, h, f)
                    if c is not None:
                        row[f] = str(c)
                out[(str(t), str(h))] = row
        return out

    def verify_bellman(self) -> bool:
        """True when every exact value equals the right side of the optimality equation."""
        return all(r == 0 for r in bellman_residuals(self.model, self.values))

    # -- simulation -------------------------------------------------------------------
    def simulate(self, games: int, seed: int = 0, trio: Arrangement | str | None = None,
                 house: Arrangement | str | None = None) -> list[int]:
        """Roll counts of ``games`` seeded solitaire games played with the optimal moves,
        from (trio, house) (default: the start). Uses the engine's die with exact integer
        sampling (``core.chance.sample_outcome``)."""
        from ...core.chance import sample_outcome

        start = Arrangement.tree(self.pieces)
        t0 = self._arr(trio) if trio is not None else start
        h0 = self._arr(house) if house is not None else start
        rng = random.Random(seed)
        cache: dict[tuple[Arrangement, Arrangement, str], Choice | None] = {}
        counts = []
        for _ in range(games):
            t, h, rolls = t0, h0, 0
            while True:
                rolls += 1
                face = sample_outcome(self.die, rng)
                key = (t, h, face)
                if key not in cache:
                    cache[key] = self.best_move(t, h, face)
                c = cache[key]
                if c is None:
                    continue  # reroll
                if c.wins:
                    break
                if c.where == "trio":
                    t = c.result
                elif c.where == "house":
                    h = c.result
            counts.append(rolls)
        return counts


def solve(pieces: str | int = "SML", aim_stack_top: bool = True,
          die: Iterable[tuple[str, Fraction]] | None = None) -> Solution:
    """Solve solitaire Treehouse exactly for these pieces (default the trio).

    ``die`` defaults to the engine's die. Raises if the exact values fail the Bellman
    check, which would mean a bug (it is checked, not assumed).
    """
    pieces = piece_set(pieces)
    die_t = tuple((f, Fraction(p)) for f, p in (default_die() if die is None else die))
    if sum(p for _, p in die_t) != 1 or {f for f, _ in die_t} - set(FACES):
        raise RuleError(f"a die is faces from {', '.join(FACES)} with probabilities summing "
                        "to 1")
    m = _build(pieces, aim_stack_top, die_t)
    values, floats, rounds = solve_equations(m)
    solution = Solution(pieces, bool(aim_stack_top), die_t, m, values, floats, rounds)
    if not solution.verify_bellman():
        raise AssertionError("exact values fail the Bellman optimality equations")
    return solution


def solve_two_player(aim_stack_top: bool = True, house_start: str = "LMS",
                     progress: bool = True, **options: Any) -> Any:
    """Two-player Treehouse solved (issue 21): the first player's win and tie
    probabilities under perfect play as certified intervals (at most 1e-12 wide) and the
    perfect policy for both seats. See ``duel`` for the method; it needs numpy (the
    ``solve`` extra: ``pip install treehouse-lab[solve]``) and a few minutes.

    Returns a ``duel.TwoPlayerSolution``: ``win``, ``tie``, ``width``, ``sweeps``,
    ``seconds``, ``peak_memory_bytes``, ``value(mover, opponent, house)``, ``policy``."""
    try:
        import numpy  # noqa: F401
    except ModuleNotFoundError:
        raise RuleError("solve_two_player needs numpy: pip install 'treehouse-lab[solve]'") \
            from None
    from .duel import solve_two_player as solve2

    return solve2(aim_stack_top=aim_stack_top, house_start=house_start, progress=progress,
                  **options)


def describe(solution: Solution) -> str:
    """A few lines for a notebook or the benchmark."""
    v = solution.start_value()
    return (
        f"pieces {solution.pieces}, aim_stack_top={solution.aim_stack_top}: "
        f"{solution.positions} positions in {solution.classes} symmetry classes; "
        f"expected rolls from the start = {float(v):.12f} "
        f"(exact fraction, {len(str(v.denominator))}-digit denominator)"
    )


__all__: Sequence[str] = (
    "Choice", "Equations", "Solution", "WIN", "bellman_residuals", "candidate_symmetries",
    "choices", "describe", "is_symmetry", "mirror", "relabel", "solve", "solve_equations",
    "solve_two_player",
    "symmetries",
)
