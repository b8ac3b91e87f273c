"""Two-player Treehouse (pyramids), solved: the first player's win probability under perfect
play, as a certified interval, and a perfect policy for both seats (issue 21).

Needs numpy (the ``solve`` extra); nothing in the engine imports this module.

The positions. With two players a position at the start of a turn is (mover's trio,
opponent's trio, House): 204**3 = 8,489,664 of them, held as a numpy cube ``V[a, b, h]``,
the probability that the player about to roll wins. One cube serves both seats: seat 1 to
move at (t0, t1, h) is the mover at (t1, t0, h).

The Bellman operator. Every rule comes from the game itself: the moves and their results
from the move table (``table.table``, the rows ``PyramidsGame.decide`` reads), what a face
allows from ``rules.turn_rule``, who wins from ``rules.winners_after``. For a face f, the
turn rule says, at (a, h), whether the trio may be changed, the House, and whether a pass is
allowed; each choice is worth

* a win (1) or a loss (0) where ``winners_after`` says the move ends the game;
* otherwise ``1 - V[opponent's trio, mover's new trio, new House]``: the opponent is now the
  mover.

    (T V)(s) = sum_{f not rerolled at s} p_f max_{choices c of f} value(c)
               / (1 - sum_{f rerolled at s} p_f)

How the four awkward cases are handled:

* **Rerolls** ("If you cannot use the action in either place, then you roll again"): a
  face the turn rule answers with ``reroll`` is left out of the sum and the rest is divided
  by the chance of rolling something usable (the same player rolls again, until a usable
  face comes up: a geometric number of rolls that changes nothing else).
* **"House or pass"**: where the turn rule allows a pass, the pass is one more choice,
  worth ``1 - V[b, a, h]`` (nothing moved, the opponent rolls). A pass makes no match
  ("A match is only ever made by an action").
* **A House move that makes the opponent match**: ``winners_after`` names the opponent,
  so the choice is worth 0 to the mover. It stays a choice (the rules allow it), it is
  just never better than another; where it is the only choice left besides nothing, the
  mover must weigh it against the pass, which the turn rule offers.
* **Both trios matching at once** (a House move onto an arrangement both trios share, or
  a trio move onto a House the opponent already equals): ``winners_after`` says the actor
  wins alone ("the player who caused the win is the winner"), so it is a win. With two
  players no move makes a tie (a tie needs two players other than the actor), so the tie
  probability is exactly 0; the solver checks that from ``winners_after`` rather than
  assuming it, and a tie would be scored 1/2.

The bracket. T is antitone: V <= W implies T W <= T V (each choice is worth 1 minus the
opponent's value). So if L <= V* <= U for the game's value V* (a fixed point, V* = T V*),
then T U <= V* <= T L. Starting from L = 0 (a loss everywhere) and U = 1 (a win
everywhere), the pair (T U, T L) is again a bracket, after every sweep. L_k and U_k are the
values of the game cut off after k turns, an unfinished game scored as a loss (L) or a win
(U) for the player to move at the start: whatever one scores a game that never ends, its
value lies between. The gap closes by a factor of about 0.8 a sweep.

Certified in floating point. Each sweep is computed in float64 and then rounded outward:
every quantity is a sum of at most a few non-negative products of exact floats, so its
relative error is below 9 units of 2**-53; the lower bound is moved down by r * 2**-48 and
then one more float (``numpy.nextafter``), the upper one up, and both are clipped to [0, 1].
So the true T of the stored floats lies inside the stored interval, every sweep.

Without House moves (an analysis, not a rule: how much of the advantage the House moves
are worth). ``solve_two_player(house_seats=...)`` names the seats that may move the House:
``(0, 1)`` the rules, ``()`` nobody, ``(0,)`` or ``(1,)`` one player only. A barred seat
plays the rulebook's game with the House moves struck from its choices and nothing else
changed: the House moves are the ``turn_rule``'s ``house`` answer (the move table's House
rows), so striking them re-codes no rule; where the turn rule offered the House or a pass,
the pass remains, and on a Wild the trio (the turn rule itself never leaves the House as
the only choice: that is checked, ``check_house_declinable``). The rerolls stay exactly
where they were. This is the cleanest comparison, rather than a game whose House cannot be
moved at all (the turn rule would then reroll where it offers "House or pass", which
changes the tempo too: a pass hands the die over, a reroll keeps it), because it measures
exactly the House moves as a strategic option inside the real game. Barring both seats
answers "how much of the edge do they make"; barring one seat at a time then says whose
House moves are worth what (nobody, first only, both: the first player's then the second
player's worth; nobody, second only, both: the other order), since with both holding them
the two players' gains largely cancel. With one seat barred
the two seats no longer share one cube: each seat gets its own bracket, seat s's sweep
reading the other seat's values (V_s = T_s(V_{1-s}); the pair operator is antitone too),
so a sweep applies an operator four times instead of twice (a barred seat's is cheaper:
it has no House side to scan).

The policy, scored from the bracket, is ``duel_policy``'s; the arrays the sweep reads are
``duel_model``'s.
"""

from __future__ import annotations

import time
import tracemalloc
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from ....errors import RuleError
from ..arrangement import FACES, TRIO, Arrangement
from ..rules import HOUSE_SIDE, TRIO_SIDE
from ..table import INDEX
from .duel_model import TIE, Model, N, Reduced, build, check_house_declinable, reduce_model
from .duel_policy import extract_policy

# ---------------------------------------------------------------------------------------
# one sweep
# ---------------------------------------------------------------------------------------

def least(ext: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The least entry of ``ext`` over each class's choices: ``rows`` holds one row per
    choice (``Reduced.succ``, choices by classes). Why row by row: ``ext[succ].min(axis=1)``
    over a (classes, width) matrix reduces along a short inner axis, which numpy does about
    three times slower than an elementwise minimum of whole rows; and ``np.take`` gathers
    about 1.4 times as fast as ``ext[row]`` (numpy's fancy indexing takes a general path).
    The result is the same to the bit (a minimum is exact)."""
    out = np.take(ext, rows[0])
    for row in rows[1:]:
        np.minimum(out, np.take(ext, row), out=out)
    return out


@dataclass
class Sweeper:
    """T, the Bellman operator over the classes (module docstring), rounded outward."""

    model: Model
    reduced: Reduced

    def __call__(self, v: np.ndarray, direction: float, houses: bool = True) -> np.ndarray:
        """T(v), rounded towards ``direction`` (-inf for a lower bound, +inf for upper);
        ``v`` the opponent's values; ``houses=False`` strikes the mover's House moves
        (module docstring, "Without House moves")."""
        m, r = self.model, self.reduced
        # a win's entry is -inf (worth 1 - entry = 1 once clipped), a loss +inf (worth 0)
        ext = np.concatenate([v, [-np.inf, np.inf, 0.5, np.inf]])
        after_pass = 1.0 - np.take(v, r.passed)
        num = np.zeros_like(v)
        wild_t = wild_h = None
        for f in FACES:
            if f == "wild" and m.wild_is_union:
                mt, mh = wild_t, wild_h
            else:
                mt = least(ext, r.succ[TRIO_SIDE, f])
                mh = least(ext, r.succ[HOUSE_SIDE, f]) if houses else None
                if f != "wild":
                    wild_t = mt if wild_t is None else np.minimum(wild_t, mt)
                    if houses:
                        wild_h = mh if wild_h is None else np.minimum(wild_h, mh)
            val = np.where(r.trio_ok[f], 1.0 - mt, -np.inf)
            if houses:
                np.maximum(val, np.where(r.house_ok[f], 1.0 - mh, -np.inf), out=val)
            np.maximum(val, np.where(r.pass_ok[f], after_pass, -np.inf), out=val)
            np.clip(val, 0.0, 1.0, out=val)
            if m.weight[f] != 1:
                val *= m.weight[f]
            num += val
        out = num / r.denominator
        # Outward rounding (module docstring): the float result is within 9 * 2**-53 * r
        # of the exact T(v); 2**-48 * r and one more float cover it.
        if direction > 0:
            out += np.ldexp(out, -48)
        else:
            out -= np.ldexp(out, -48)
        out = np.nextafter(out, direction)
        np.clip(out, 0.0, 1.0, out=out)
        return out


# ---------------------------------------------------------------------------------------
# the solve
# ---------------------------------------------------------------------------------------

@dataclass
class TwoPlayerSolution:
    """The certified result of ``solve_two_player`` (module docstring).

    ``win`` and ``tie`` are (low, high) intervals for the first player from the start;
    ``lower``/``upper`` the bracket over every class of positions with the first player
    to move (``value`` looks a position up, ``bounds`` gives either seat's); ``policy``
    the perfect policy's table (``perfect.PolicyTable``), which serves both seats when
    they play by the same rules (``house_seats`` (0, 1) or (); else ``seat_policy``)."""

    aim_stack_top: bool
    house_start: str
    win: tuple[float, float]
    tie: tuple[float, float]
    sweeps: int
    seconds: float
    seconds_per_sweep: float
    peak_memory_bytes: int
    model: Model = field(repr=False)
    reduced: Reduced = field(repr=False)
    lower: np.ndarray = field(repr=False)
    upper: np.ndarray = field(repr=False)
    house_seats: tuple[int, ...] = (0, 1)
    second: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)
    _policy: Any = field(default=None, repr=False)

    @property
    def symmetric(self) -> bool:
        """Whether both seats play by the same rules (one cube serves both)."""
        return self.second is None

    def bounds(self, seat: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """(lower, upper) over the classes, ``seat`` to move."""
        if seat not in (0, 1):
            raise RuleError(f"seat must be 0 or 1, got {seat!r}")
        if seat == 0 or self.second is None:
            return self.lower, self.upper
        return self.second

    def houses(self, seat: int) -> bool:
        """Whether ``seat`` may move the House in this solve."""
        return seat in self.house_seats

    @property
    def width(self) -> float:
        return self.win[1] - self.win[0]

    @property
    def classes(self) -> int:
        return self.reduced.k

    def value(self, mover: Arrangement | str | int, opponent: Arrangement | str | int,
              house: Arrangement | str | int, seat: int = 0) -> tuple[float, float]:
        """The certified interval of the mover's win probability at a position (mover's
        trio, opponent's trio, House), the mover (in ``seat``) about to roll."""
        a, b, h = (_number(x) for x in (mover, opponent, house))
        c = self.reduced.class_of[a, b, h]
        lower, upper = self.bounds(seat)
        return float(lower[c]), float(upper[c])

    def start_value(self, house_start: Arrangement | str | None = None) -> tuple[float, float]:
        """The first player's win interval when both trios start as Trees and the House as
        ``house_start`` (default this solution's). The rules do not depend on the start,
        so one solve answers every ``house_start``."""
        tree = Arrangement.tree(TRIO)
        return self.value(tree, tree, self.house_start if house_start is None else house_start)

    @property
    def policy(self) -> Any:
        """The perfect policy as a compact table (``perfect.PolicyTable``), made once; it
        serves both seats, so only where they play by the same rules."""
        if not self.symmetric:
            raise RuleError("the seats play by different rules here (house_seats "
                            f"{self.house_seats}): use seat_policy(0) or seat_policy(1)")
        if self._policy is None:
            self._policy = extract_policy(self)
        return self._policy

    def seat_policy(self, seat: int) -> Any:
        """The perfect policy of one seat (``perfect.PolicyTable``)."""
        if self.symmetric:
            return self.policy
        return extract_policy(self, seat)

    def summary(self) -> dict[str, Any]:
        return {
            "aim_stack_top": self.aim_stack_top, "house_start": self.house_start,
            "house_seats": list(self.house_seats),
            "win": list(self.win), "tie": list(self.tie), "width": self.width,
            "sweeps": self.sweeps, "classes": self.classes, "positions": N ** 3,
            "seconds": round(self.seconds, 1),
            "seconds_per_sweep": round(self.seconds_per_sweep, 3),
            "peak_memory_mb": round(self.peak_memory_bytes / 2**20, 1),
        }


def _number(x: Arrangement | str | int) -> int:
    if isinstance(x, (int, np.integer)):
        return int(x)
    return INDEX[Arrangement.parse(x, TRIO) if isinstance(x, str) else x]


def house_seats_arg(house_seats: Sequence[int]) -> tuple[int, ...]:
    """``house_seats`` checked and sorted: a subset of the two seats."""
    try:
        seats = tuple(sorted(set(house_seats)))
    except TypeError:
        seats = None
    if seats is None or not set(seats) <= {0, 1}:
        raise RuleError(f"house_seats must be seats of a two-player game, a subset of "
                        f"(0, 1); got {str(house_seats)[:40]!r}")
    return seats


def solve_two_player(aim_stack_top: bool = True, house_start: str = "LMS",
                     progress: bool = True, tolerance: float = 1e-12,
                     max_sweeps: int = 2000, house_seats: Sequence[int] = (0, 1),
                     report: Callable[[str], None] = print) -> TwoPlayerSolution:
    """Bracket the two-player value until the widest gap over *every* position is at most
    ``tolerance`` (module docstring); ``progress`` reports every tenth sweep.
    ``house_seats`` are the seats that may move the House: (0, 1) the rules; (), (0,) or
    (1,) the analysis "Without House moves" (module docstring)."""
    start_arr = Arrangement.parse(house_start, TRIO)
    if not 0 < tolerance < 1:
        raise RuleError(f"tolerance must be between 0 and 1, got {tolerance!r}")
    seats = house_seats_arg(house_seats)
    tracing = not tracemalloc.is_tracing()
    if tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    t0 = time.perf_counter()
    model = build(aim_stack_top)
    reduced = reduce_model(model)
    sweep = Sweeper(model, reduced)
    if any(out == TIE for side in model.outcomes.values() for out in side.values()):
        raise NotImplementedError("a tie outcome would need its own probability solve")
    if seats != (0, 1):
        check_house_declinable(model)
    # one bracket per seat that plays by its own rules: one if both play alike
    players = [0] if len(seats) != 1 else [0, 1]
    lows = [np.zeros(reduced.k) for _ in players]
    ups = [np.ones(reduced.k) for _ in players]
    t1 = time.perf_counter()
    sweeps = 0
    gap = 1.0
    while gap > tolerance:
        if sweeps >= max_sweeps:
            raise RuntimeError(f"the bracket did not close in {max_sweeps} sweeps")
        new = []
        for s in players:
            other = players[-1 - s]  # the opponent's bracket (itself when symmetric)
            houses = s in seats
            new.append((sweep(ups[other], -np.inf, houses), sweep(lows[other], np.inf, houses)))
        for s, (new_lower, new_upper) in zip(players, new):
            # both the old and the new bounds hold: keep the tighter of each
            lows[s] = np.maximum(lows[s], new_lower, out=new_lower)
            ups[s] = np.minimum(ups[s], new_upper, out=new_upper)
        sweeps += 1
        gap = max(float((u - lo).max()) for lo, u in zip(lows, ups))
        if progress and sweeps % 10 == 0:
            report(f"sweep {sweeps}: widest gap {gap:.3e}")
    t2 = time.perf_counter()
    _, peak = tracemalloc.get_traced_memory()
    if tracing:
        tracemalloc.stop()
    c = reduced.class_of[INDEX[Arrangement.tree(TRIO)], INDEX[Arrangement.tree(TRIO)],
                         INDEX[start_arr]]
    # With two players no move ties (winners_after, checked above): the tie chance is 0.
    lower, upper = lows[0], ups[0]
    sol = TwoPlayerSolution(
        bool(aim_stack_top), str(start_arr), (float(lower[c]), float(upper[c])), (0.0, 0.0),
        sweeps, t2 - t0, (t2 - t1) / max(sweeps, 1), peak, model, reduced, lower, upper,
        seats, (lows[1], ups[1]) if len(players) == 2 else None)
    if progress:
        report(f"done: {sweeps} sweeps in {t2 - t0:.1f} s, first player wins with "
               f"probability in [{sol.win[0]:.15f}, {sol.win[1]:.15f}]")
    return sol


__all__ = ["Sweeper", "TwoPlayerSolution", "house_seats_arg", "least", "solve_two_player"]
