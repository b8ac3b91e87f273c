"""Exact counting and probability for Treehouse (pyramids).

Why a module of its own: the classroom notebook asks the same questions three ways (brute
force from the engine's model, a combinatorial case split, a sympy generating function) and
shows that the answers agree, so each way lives here as a small function the notebook calls
and the tests check against the others.

Rules are never re-implemented here: every move comes from the arrangement model
(``arrangement.results``) and the die from the engine's own chance node, so the numbers are
the engine's numbers. Sections cited: rulebook "Turn Options" and "How to Play";
rulings "Notation", "Actions" and "Turn" (docs/rulings/pyramids.md).

Exact values are :class:`fractions.Fraction` (what the engine's chance nodes use) except
where sympy is the point (the generating function, ``count_arrangements``), which return
sympy objects. sympy is imported inside the functions that need it, so importing this
module, the game or ``treehouse_lab`` stays cheap.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import factorial
from typing import Any, Sequence

from ....errors import RuleError, quote
from ..arrangement import FACES, Arrangement, all_arrangements, results
from ..rules import turn_rule

# ---------------------------------------------------------------------------------------
# 1. Arrangements, three ways
# ---------------------------------------------------------------------------------------

def count_by_enumeration(n: int | str = 3) -> int:
    """Way 1, brute force: build every arrangement with the engine's model and count them.

    This is the ground truth the two formulas below must reproduce.
    """
    return len(all_arrangements(n))


def position_ways(k: int) -> int:
    """In how many ways can ``k`` given pieces form one position?

    One piece stands up or lies pointing left or right: 3 ways. Two or more pieces can only
    share a position as an upright stack ("Stacked pieces are always kept upright", and
    lying pieces never nest), and a stack is any order bottom to top: k! ways.
    """
    if k < 1:
        raise RuleError(f"a position holds at least one piece, got k={quote(k)}")
    return 3 if k == 1 else factorial(k)


def compositions(n: int) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of positive parts: the sizes of the
    positions from left to right. There are 2**(n-1) of them (n >= 1)."""
    if n == 0:
        return [()]
    out = []
    for first in range(1, n + 1):
        out.extend((first, *rest) for rest in compositions(n - first))
    return out


@dataclass(frozen=True)
class Case:
    """One row of the case split: a line whose positions hold ``sizes`` pieces (left to
    right). ``choose`` ways to say which pieces go where (a multinomial coefficient),
    ``shapes`` ways to orient or order them inside their positions, ``ways`` the product."""

    sizes: tuple[int, ...]
    choose: int
    shapes: int

    @property
    def positions(self) -> int:
        return len(self.sizes)

    @property
    def ways(self) -> int:
        return self.choose * self.shapes

    @property
    def formula(self) -> str:
        """The row as arithmetic a student can check by hand, e.g. ``3!/(1!2!) * 3 * 2!``."""
        denom = "".join(f"{k}!" for k in self.sizes)
        n = sum(self.sizes)
        parts = " * ".join("3" if k == 1 else f"{k}!" for k in self.sizes)
        return f"{n}!/({denom}) * {parts}"


def case_table(n: int = 3) -> list[Case]:
    """Way 2, the case split: one row per sequence of position sizes.

    Choosing which pieces go to the positions is a multinomial n!/(k1! k2! ...); then each
    position independently has ``position_ways(k)`` shapes. Rows are ordered by the number
    of positions, then by sizes.
    """
    rows = []
    for sizes in compositions(n):
        choose = factorial(n)
        shapes = 1
        for k in sizes:
            choose //= factorial(k)
            shapes *= position_ways(k)
        rows.append(Case(sizes, choose, shapes))
    rows.sort(key=lambda c: (c.positions, c.sizes))
    return rows


def count_by_cases(n: int = 3) -> int:
    """The explicit sum of the case split."""
    return sum(c.ways for c in case_table(n))


def cases_by_positions(n: int = 3) -> dict[int, int]:
    """The case split grouped by how many positions the line has: {positions: ways}."""
    out: Counter = Counter()
    for c in case_table(n):
        out[c.positions] += c.ways
    return dict(sorted(out.items()))


def format_case_table(n: int = 3) -> str:
    """The case split as a small text table for the notebook."""
    lines = [f"{'sizes':<12} {'choose':>7} {'shapes':>7} {'ways':>7}   arithmetic"]
    for c in case_table(n):
        lines.append(f"{str(c.sizes):<12} {c.choose:>7} {c.shapes:>7} {c.ways:>7}   {c.formula}")
    lines.append(f"{'total':<12} {'':>7} {'':>7} {count_by_cases(n):>7}")
    return "\n".join(lines)


def position_egf(x: Any = None) -> Any:
    """The exponential generating function of one position, B(x) = sum b_k x^k / k!.

    b_1 = 3 (up, left, right) gives 3x; b_k = k! for a stack of k >= 2 gives x^k, and
    x^2 + x^3 + ... = x^2/(1 - x). So B(x) = 3x + x^2/(1 - x).
    """
    import sympy

    x = sympy.Symbol("x") if x is None else x
    return 3 * x + x**2 / (1 - x)


def arrangement_egf(x: Any = None) -> Any:
    """The EGF of whole arrangements: a line is a sequence of positions, and the labelled
    "sequence" construction turns B(x) into 1/(1 - B(x)). Simplified: (1 - x)/(1 - 4x + 2x^2).
    """
    import sympy

    x = sympy.Symbol("x") if x is None else x
    return sympy.cancel(1 / (1 - position_egf(x)))


def count_arrangements(n: int) -> Any:
    """Way 3: n! [x^n] 1/(1 - B(x)), as a sympy Integer, for any n >= 0."""
    import sympy

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RuleError(f"n must be a whole number >= 0, got {quote(n)}")
    x = sympy.Symbol("x")
    series = sympy.series(arrangement_egf(x), x, 0, n + 1).removeO()
    return sympy.Integer(sympy.factorial(n) * series.coeff(x, n))


def recurrence() -> tuple[Any, Any]:
    """A recurrence read off the EGF's denominator, and its sympy-solved closed form.

    The EGF is a rational function P(x)/Q(x), so c_n = a(n)/n! obeys the linear recurrence
    whose characteristic polynomial is Q reversed; here Q = 1 - 4x + 2x^2 gives
    c_n = 4 c_{n-1} - 2 c_{n-2}, i.e. a(n) = 4n a(n-1) - 2n(n-1) a(n-2). Returns
    ``(equation, closed_form)`` where ``closed_form`` is a(n) as a sympy expression in n.
    """
    import sympy

    x = sympy.Symbol("x")
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    num, den = sympy.fraction(arrangement_egf(x))
    q = sympy.Poly(den, x).all_coeffs()[::-1]  # q0 + q1 x + q2 x^2 + ...
    if q[0] != 1:
        q = [c / q[0] for c in q]
    c = sympy.Function("c")
    order = len(q) - 1
    rec = sum(q[i] * c(n + order - i) for i in range(order + 1))
    init = {c(i): count_arrangements(i) / sympy.factorial(i) for i in range(order)}
    c_n = sympy.rsolve(rec, c(n), init)
    closed = sympy.factorial(n) * sympy.simplify(c_n)
    a = sympy.Function("a")
    equation = sympy.Eq(a(n), 4 * n * a(n - 1) - 2 * n * (n - 1) * a(n - 2))
    return equation, closed


def count_by_recurrence(n: int) -> int:
    """a(n) = 4n a(n-1) - 2n(n-1) a(n-2), a(0) = 1, a(1) = 3: plain integers, no sympy."""
    a, b = 1, 3
    if n == 0:
        return 1
    for m in range(2, n + 1):
        a, b = b, 4 * m * b - 2 * m * (m - 1) * a
    return b


# ---------------------------------------------------------------------------------------
# 2. Move tables
# ---------------------------------------------------------------------------------------

def _all(pieces: str = "SML") -> list[Arrangement]:
    return sorted(all_arrangements(pieces), key=str)


def move_table(aim_stack_top: bool = True, pieces: str = "SML") -> dict[str, dict[str, int]]:
    """For every arrangement (by its text), how many distinct arrangements each action can
    produce from it (rulings: moves are counted by the arrangement they produce).
    ``wild`` counts the distinct results of the five actions together on one trio."""
    table = {}
    for a in _all(pieces):
        table[str(a)] = {
            face: len(results(a, face, aim_stack_top=aim_stack_top)) for face in FACES
        }
    return table


def move_distribution(aim_stack_top: bool = True,
                      pieces: str = "SML") -> dict[str, dict[int, int]]:
    """For each face: {k: how many arrangements have exactly k distinct results}."""
    table = move_table(aim_stack_top, pieces)
    out = {}
    for face in FACES:
        counts = Counter(row[face] for row in table.values())
        out[face] = dict(sorted(counts.items()))
    return out


def move_totals(aim_stack_top: bool = True, pieces: str = "SML") -> dict[str, int]:
    """For each face: the total number of (arrangement, result) moves over all
    arrangements; each is an edge of that face's move graph."""
    table = move_table(aim_stack_top, pieces)
    return {face: sum(row[face] for row in table.values()) for face in FACES}


def format_move_distribution(aim_stack_top: bool = True, pieces: str = "SML") -> str:
    """The distribution as a text table: rows k = number of distinct results, one column
    per face, cells = how many arrangements; a totals row at the foot."""
    dist = move_distribution(aim_stack_top, pieces)
    totals = move_totals(aim_stack_top, pieces)
    ks = sorted({k for d in dist.values() for k in d})
    head = f"{'k':>4} " + " ".join(f"{f:>6}" for f in FACES)
    lines = [head]
    for k in ks:
        lines.append(f"{k:>4} " + " ".join(f"{dist[f].get(k, 0) or '.':>6}" for f in FACES))
    lines.append(f"{'sum':>4} " + " ".join(f"{totals[f]:>6}" for f in FACES))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# 3. The next roll
# ---------------------------------------------------------------------------------------

@cache
def die_faces() -> tuple[tuple[str, Fraction], ...]:
    """The die as the engine rolls it: ((face, probability), ...) from the chance node of a
    fresh 2-player game, so a change to the engine's die shows up here."""
    return _engine_die()


def _engine() -> Any:
    """A 2-player game from the engine (the solitaire questions only look at seat 0)."""
    from ..game import PyramidsGame

    return PyramidsGame(players=2)


def _engine_die() -> tuple[tuple[str, Fraction], ...]:
    """Read the die off the engine: a fresh game starts at the die, a chance node whose
    outcomes are the faces with exact Fraction probabilities."""
    state = _engine().new_initial_state()
    if not state.is_chance_node():  # pragma: no cover - the engine's contract
        raise RuntimeError("a new pyramids game should start with a roll of the die")
    return tuple((outcome.face, p) for outcome, p in state.chance_outcomes())


def engine_win_next_roll(trio: Arrangement | str, house: Arrangement | str,
                         aim_stack_top: bool = True) -> Fraction:
    """``win_next_roll`` asked of the engine itself, as a cross-check.

    For each face of the engine's die, ``game.position(..., rolled=face)`` builds the
    decision (the engine refuses a face that can change neither line: that is a reroll),
    and a face wins if one of the engine's legal actions makes seat 0 a winner.
    """
    from ..game import PyramidsGame

    game = PyramidsGame(players=2, aim_stack_top=aim_stack_top)
    other = str(house)
    win = reroll = Fraction(0)
    for face, p in _engine_die():
        try:
            state = game.position(trios=[str(trio), _bystander(trio, house)], house=other,
                                  to_move=0, rolled=face)
        except RuleError:
            reroll += p
            continue
        if any(state.child(a).winners() == [0] for a in state.legal_actions()):
            win += p
    return win / (1 - reroll)


def _bystander(trio: Arrangement | str, house: Arrangement | str) -> str:
    """A trio for the idle seat that never matters: seat 0 wins alone whenever it matches
    (rulings: "If the actor matches, the actor wins alone"), so any trio would do; pick
    one different from both lines for clarity."""
    for candidate in ("LMS", "SML", "MLS"):
        if candidate not in (str(trio), str(house)):
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True)
class FaceOutcome:
    """What one face of the die lets the player at ``(trio, house)`` do, under the turn
    rule (``rules.turn_rule``): ``where`` is "trio" (must be used there), "house" (may be
    used on the House, or passed), "either" (Wild) or "reroll"; ``wins`` whether some legal
    choice matches."""

    face: str
    probability: Fraction
    where: str
    wins: bool


def face_outcomes(trio: Arrangement | str, house: Arrangement | str,
                  aim_stack_top: bool = True) -> list[FaceOutcome]:
    """Each face of the engine's die at this position, by the turn rule (rulings, "Turn";
    ``rules.turn_rule``): Wild on either line, another face on the trio if it can change
    it, else on the House (never a Swap) or a pass, else a reroll. A choice wins when it
    makes trio and House equal (a match is only made by an action).
    """
    t = Arrangement.parse(trio) if isinstance(trio, str) else trio
    h = Arrangement.parse(house) if isinstance(house, str) else house
    out = []
    for face, p in die_faces():
        turn = turn_rule(face, results(t, face, aim_stack_top=aim_stack_top),
                         results(h, face, aim_stack_top=aim_stack_top))
        out.append(FaceOutcome(face, p, turn.where, h in turn.trio or t in turn.house))
    return out


def win_next_roll(trio: Arrangement | str, house: Arrangement | str,
                  aim_stack_top: bool = True) -> Fraction:
    """P(the player at ``(trio, house)`` matches on this turn), playing the best move.

    A turn is rolls until a face that can be used: P = P(winning face) / (1 - P(reroll)),
    the sum of a geometric series of rerolls. Exact, as a Fraction.
    """
    faces = face_outcomes(trio, house, aim_stack_top)
    win = sum((f.probability for f in faces if f.wins), Fraction(0))
    reroll = sum((f.probability for f in faces if f.where == "reroll"), Fraction(0))
    return win / (1 - reroll)


def one_roll_table(house: Arrangement | str = "LMS", aim_stack_top: bool = True,
                   pieces: str = "SML") -> dict[str, Fraction]:
    """{trio text: P(win this turn)} for every trio that can match ``house`` this turn."""
    out = {}
    for t in _all(pieces):
        p = win_next_roll(t, house, aim_stack_top)
        if p:
            out[str(t)] = p
    return out


def count_one_roll_positions(aim_stack_top: bool = True, pieces: str = "SML") -> int:
    """How many of the (trio, House) pairs (trio != House) can be matched this turn."""
    arrs = _all(pieces)
    return sum(
        1 for t, h in product(arrs, arrs)
        if t != h and win_next_roll(t, h, aim_stack_top)
    )


def simulate_next_roll(trio: Arrangement | str, house: Arrangement | str, trials: int,
                       seed: int = 0, aim_stack_top: bool = True) -> Fraction:
    """A seeded estimate of ``win_next_roll``: roll the engine's die (exact integer
    sampling, rerolling as the rules say) ``trials`` times and count wins. Returned as the
    exact fraction wins/trials so it prints beside the exact value."""
    import random

    from ....core.chance import sample_outcome

    faces = {f.face: f for f in face_outcomes(trio, house, aim_stack_top)}
    dist = list(die_faces())
    rng = random.Random(seed)
    wins = 0
    for _ in range(trials):
        while True:
            face = faces[sample_outcome(dist, rng)]
            if face.where != "reroll":
                break
        wins += face.wins
    return Fraction(wins, trials)


def as_sympy(value: Fraction | int) -> Any:
    """A Fraction as a sympy Rational (for notebooks that want sympy's printing)."""
    import sympy

    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


__all__: Sequence[str] = (
    "FACES", "Case", "FaceOutcome", "arrangement_egf", "as_sympy", "case_table",
    "cases_by_positions", "compositions", "count_arrangements", "count_by_cases",
    "count_by_enumeration", "count_by_recurrence", "count_one_roll_positions", "die_faces",
    "face_outcomes", "format_case_table", "format_move_distribution", "move_distribution",
    "move_table", "move_totals", "one_roll_table", "position_egf", "position_ways",
    "recurrence", "simulate_next_roll", "win_next_roll",
)


