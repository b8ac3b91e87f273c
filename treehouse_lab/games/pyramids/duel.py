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

The policy. After the last sweep every choice is scored with the middle of the bracket and
the best is kept (the first in the engine's order among equals). Its regret is at most the
bracket's width at the successors, so it is optimal to within about 1e-12.
"""

from __future__ import annotations

import time
import tracemalloc
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any, Callable, Sequence

import numpy as np

from ...errors import RuleError
from .arrangement import ACTIONS, FACES, TRIO, Arrangement
from .rules import HOUSE_SIDE, TRIO_SIDE, turn_rule, winners_after
from .symmetry import checked_symmetries, move_sets
from .table import ARRANGEMENTS, INDEX, table

N = len(ARRANGEMENTS)
NO_MOVE = 255
"""The policy's entry for a face that is rerolled (no decision to take)."""

#: A choice's outcome code, from ``winners_after`` (seat 0 the mover, seat 1 the opponent).
WIN, LOSS, TIE, GOES_ON = "win", "loss", "tie", "goes on"


def outcome(side: str, mover_matches: bool, opponent_matches: bool) -> str:
    """What a move on ``side`` leads to, given who matches the House after it, as the
    game's ``winners_after`` decides (two players; seat 0 acts)."""
    house = 0
    trios = [house if mover_matches else 1, house if opponent_matches else 2]
    won = winners_after(trios, house, 0, side)
    if won == [0]:
        return WIN
    if won == [1]:
        return LOSS
    if won == [0, 1]:
        return TIE
    if won == []:
        return GOES_ON
    raise AssertionError(f"winners_after gave {won}")


#: How an outcome enters the min over successor values (the choice is worth 1 - entry,
#: clipped to [0, 1]): a win is -inf (worth 1), a loss +inf (worth 0), a tie 1/2.
ENCODE = {WIN: -np.inf, LOSS: np.inf, TIE: 0.5}


@dataclass
class Model:
    """The move table and turn rule of one Aim variant, as arrays over arrangement
    numbers (``table.ARRANGEMENTS``)."""

    aim_stack_top: bool
    results: dict[str, dict[str, list[list[int]]]]  # side -> face -> a -> results in order
    trio_ok: dict[str, np.ndarray]   # face -> (N, 1, N) bool over (a, h)
    house_ok: dict[str, np.ndarray]
    pass_ok: dict[str, np.ndarray]
    weight: dict[str, int]           # face -> p_f * denominator
    denominator: np.ndarray          # (N, 1, N): denominator - rerolled weight
    wild_is_union: bool
    outcomes: dict[str, dict[tuple[bool, bool], str]]


def die_weights() -> tuple[dict[str, int], int]:
    """The engine's die (its chance node) as integer weights over a common denominator, so
    the sweep multiplies by exact small integers."""
    from .counting import die_faces

    die = [(f, Fraction(p)) for f, p in die_faces()]
    d = lcm(*(p.denominator for _, p in die))
    return {f: int(p * d) for f, p in die}, d


def build(aim_stack_top: bool = True) -> Model:
    """Read the variant's move table and ask the turn rule about every (trio, House, face)."""
    tab = table(aim_stack_top)
    results: dict[str, dict[str, list[list[int]]]] = {}
    for side in (TRIO_SIDE, HOUSE_SIDE):
        results[side] = {}
        for f in FACES:
            rows = []
            for a in range(N):
                row = tab.side(side, f, a)
                rows.append([row.after[p][0] for p in row.plays])
            results[side][f] = rows
    weight, d = die_weights()
    trio_ok, house_ok, pass_ok = {}, {}, {}
    rerolled = np.zeros((N, 1, N), dtype=np.int64)
    for f in FACES:
        t_ok = np.zeros((N, 1, N), bool)
        h_ok = np.zeros((N, 1, N), bool)
        p_ok = np.zeros((N, 1, N), bool)
        for a in range(N):
            mine = results[TRIO_SIDE][f][a]
            for h in range(N):
                theirs = results[HOUSE_SIDE][f][h]
                turn = turn_rule(f, mine, theirs)
                # The rule passes a side's moves through whole or not at all; the sweep's
                # min over a side relies on that, so it is checked, not assumed.
                if turn.trio and list(turn.trio) != mine or \
                        turn.house and list(turn.house) != theirs:
                    raise AssertionError("turn_rule offered part of a side's moves")
                t_ok[a, 0, h] = bool(turn.trio)
                h_ok[a, 0, h] = bool(turn.house)
                p_ok[a, 0, h] = turn.may_pass
                if turn.reroll:
                    rerolled[a, 0, h] += weight[f]
        trio_ok[f], house_ok[f], pass_ok[f] = t_ok, h_ok, p_ok
    wild_is_union = all(
        set(results[side]["wild"][a]) == set().union(*(results[side][f][a] for f in ACTIONS))
        for side in (TRIO_SIDE, HOUSE_SIDE) for a in range(N))
    outcomes = {side: {(m, o): outcome(side, m, o) for m in (False, True)
                       for o in (False, True)} for side in (TRIO_SIDE, HOUSE_SIDE)}
    return Model(bool(aim_stack_top), results, trio_ok, house_ok, pass_ok, weight,
                 d - rerolled, wild_is_union, outcomes)


def solitaire_rolls(m: Model, tolerance: float = 1e-13) -> np.ndarray:
    """The solitaire's expected rolls to a match, ``R[trio, house]``, from the *same*
    arrays the two-player sweep reads (the move table's results, the turn rule's masks,
    the die's weights, ``winners_after``'s outcomes for the mover alone): a check that
    those arrays are the game ``solver.solve`` solved exactly. Every roll counts,
    rerolls included (solver.py's equations), so R = (D + sum_f w_f min_c R(c)) / den.
    Jacobi value iteration from 0 rises to the least fixed point, the optimum."""
    r = np.zeros((N, N))
    win_trio = m.outcomes[TRIO_SIDE][True, False] == WIN
    win_house = m.outcomes[HOUSE_SIDE][True, False] == WIN
    if not (win_trio and win_house):
        raise AssertionError("a move that matches the mover's trio should win")
    eye = np.eye(N, dtype=bool)
    den = m.denominator[:, 0, :].astype(float)
    d = float(sum(m.weight.values()))
    pads = {}
    for f in FACES:
        for side in (TRIO_SIDE, HOUSE_SIDE):
            rows = m.results[side][f]
            pad = np.full((N, max(1, max(map(len, rows)))), N)  # N: a column of +inf
            for i, row in enumerate(rows):
                pad[i, :len(row)] = row
            pads[side, f] = pad
    for _ in range(100_000):
        # a choice's cost: 0 where the move matches (x == h on the trio, y == a on the House)
        cost = np.where(eye, 0.0, r)
        trio_cost = np.vstack([cost, np.full((1, N), np.inf)])   # [x, h]: trio becomes x
        house_cost = np.hstack([cost, np.full((N, 1), np.inf)])  # [a, y]: House becomes y
        num = np.full((N, N), d)
        for f in FACES:
            t_ok, h_ok, p_ok = (x[f][:, 0, :] for x in (m.trio_ok, m.house_ok, m.pass_ok))
            best = np.where(t_ok, trio_cost[pads[TRIO_SIDE, f]].min(axis=1), np.inf)
            best = np.where(h_ok, np.minimum(best, house_cost[:, pads[HOUSE_SIDE, f]].min(axis=2)),
                            best)
            best = np.where(p_ok, np.minimum(best, r), best)
            used = t_ok | h_ok
            num += np.where(used, m.weight[f] * np.where(used, best, 0.0), 0.0)
        new = num / den
        if np.abs(new - r).max() < tolerance:
            return new
        r = new
    raise RuntimeError("solitaire value iteration did not converge")


# ---------------------------------------------------------------------------------------
# the classes and their successors
# ---------------------------------------------------------------------------------------

#: Slots after the classes in a value vector: a move that wins, loses, ties, or no move.
SLOTS = (WIN, LOSS, TIE, "none")


def class_keys(perms: Sequence[Sequence[int]]) -> np.ndarray:
    """For every position (a, b, h), the least key (g[a] * N + g[b]) * N + g[h] over the
    symmetries g: equal keys, one class."""
    key = None
    for g in perms:
        g = np.asarray(g, dtype=np.int64)
        k = g[:, None, None] * (N * N) + g[None, :, None] * N + g[None, None, :]
        key = k if key is None else np.minimum(key, k, out=key)
    return key


@dataclass
class Reduced:
    """The game over symmetry classes (the values are equal on a class: a symmetry maps
    every choice of a position to a choice of its image, matches to matches).

    ``succ[side, face]`` is a (classes, width) matrix: for each class's representative,
    its choices on that side in the engine's order, as the class the opponent then moves
    in, or a slot (``SLOTS``: won, lost, tied, padding) after the K classes."""

    perms: list[list[int]]
    reps: np.ndarray
    a: np.ndarray
    b: np.ndarray
    h: np.ndarray
    class_of: np.ndarray
    succ: dict[tuple[str, str], np.ndarray]
    passed: np.ndarray
    trio_ok: dict[str, np.ndarray]
    house_ok: dict[str, np.ndarray]
    pass_ok: dict[str, np.ndarray]
    denominator: np.ndarray

    @property
    def k(self) -> int:
        return len(self.reps)

    def successors(self, m: Model, side: str, face: str) -> np.ndarray:
        """The (classes, width) successor matrix of one side and face (module docstring)."""
        rows = m.results[side][face]
        width = max(1, max(len(r) for r in rows))
        pad = np.full((N, width), -1, dtype=np.int64)
        for i, r in enumerate(rows):
            pad[i, :len(r)] = r
        k = self.k
        slot = {name: k + i for i, name in enumerate(SLOTS)}
        x = pad[self.a if side == TRIO_SIDE else self.h]
        a, b, h = self.a[:, None], self.b[:, None], self.h[:, None]
        safe = np.maximum(x, 0)
        if side == TRIO_SIDE:
            out = self.class_of[b, safe, h]
            mover, opp = x == h, np.broadcast_to(b == h, x.shape)
        else:
            out = self.class_of[b, a, safe]
            mover, opp = x == a, x == b
        out = out.astype(np.int32)
        for (mm, om), result in m.outcomes[side].items():
            if result != GOES_ON:
                out[(mover == mm) & (opp == om)] = slot[result]
        out[x < 0] = slot["none"]
        return out


def reduce_model(m: Model) -> Reduced:
    perms = checked_symmetries(ARRANGEMENTS, move_sets(ARRANGEMENTS, m.aim_stack_top))
    keys = class_keys(perms)
    reps = np.unique(keys)
    class_of = np.searchsorted(reps, keys).astype(np.int32)
    del keys
    a, rest = np.divmod(reps, N * N)
    b, h = np.divmod(rest, N)
    r = Reduced(perms, reps, a, b, h, class_of, {}, class_of[b, a, h],
                {f: m.trio_ok[f][a, 0, h] for f in FACES},
                {f: m.house_ok[f][a, 0, h] for f in FACES},
                {f: m.pass_ok[f][a, 0, h] for f in FACES},
                m.denominator[a, 0, h].astype(float))
    faces = ACTIONS if m.wild_is_union else FACES
    for side in (TRIO_SIDE, HOUSE_SIDE):
        for f in faces:
            r.succ[side, f] = r.successors(m, side, f)
    return r


# ---------------------------------------------------------------------------------------
# one sweep
# ---------------------------------------------------------------------------------------

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
        after_pass = 1.0 - v[r.passed]
        num = np.zeros_like(v)
        wild_t = wild_h = None
        for f in FACES:
            if f == "wild" and m.wild_is_union:
                mt, mh = wild_t, wild_h
            else:
                mt = ext[r.succ[TRIO_SIDE, f]].min(axis=1)
                mh = ext[r.succ[HOUSE_SIDE, f]].min(axis=1) if houses else None
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


def check_house_declinable(m: Model) -> None:
    """Every usable face still leaves a choice once the House moves are struck (the turn
    rule offers the House only beside a pass or, on a Wild, beside the trio): so the
    "Without House moves" analysis is a restriction of the players' choices, never a
    position with no legal move."""
    for f in FACES:
        stranded = m.house_ok[f] & ~m.trio_ok[f] & ~m.pass_ok[f]
        if stranded.any():
            raise AssertionError(f"turn_rule leaves a House move as the only choice on {f}")


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


# ---------------------------------------------------------------------------------------
# the policy
# ---------------------------------------------------------------------------------------

def choice_values(sol: TwoPlayerSolution, face: str,
                  v: np.ndarray | None = None, seat: int = 0) -> np.ndarray:
    """Every choice's value to the mover (in ``seat``) at each class's representative for
    ``face``, in the engine's order (trio moves, House moves, pass): a (classes, columns)
    array, -inf where there is no such choice (a House move of a seat that may not move
    the House included); ``v`` the opponent's values (default the middle of their
    bracket)."""
    m, r = sol.model, sol.reduced
    if v is None:
        v = sum(sol.bounds(1 - seat)) / 2
    worth = np.concatenate([1.0 - v, [1.0, 0.0, 0.5, -np.inf]])
    house_ok = r.house_ok[face] if sol.houses(seat) else np.zeros_like(r.house_ok[face])
    cols = []
    for side, ok in ((TRIO_SIDE, r.trio_ok[face]), (HOUSE_SIDE, house_ok)):
        succ = r.succ.get((side, face))
        if succ is None:
            succ = r.successors(m, side, face)
        cols.append(np.where(ok[:, None], worth[succ], -np.inf))
    cols.append(np.where(r.pass_ok[face], 1.0 - v[r.passed], -np.inf)[:, None])
    return np.concatenate(cols, axis=1)


def legal_index(sol: TwoPlayerSolution, face: str, column: np.ndarray) -> np.ndarray:
    """The index in the engine's legal-action list (``PyramidsGame.decide``: trio moves,
    then House moves, then the pass) of a column of ``choice_values``."""
    m, r = sol.model, sol.reduced
    widths = [max(1, max(len(x) for x in m.results[s][face])) for s in (TRIO_SIDE, HOUSE_SIDE)]
    nt = np.array([len(x) for x in m.results[TRIO_SIDE][face]])[r.a]
    nh = np.array([len(x) for x in m.results[HOUSE_SIDE][face]])[r.h]
    nt = np.where(r.trio_ok[face], nt, 0)
    nh = np.where(r.house_ok[face], nh, 0)
    if column.ndim == 2:
        nt, nh = nt[:, None], nh[:, None]
    wt, wh = widths
    return np.where(column < wt, column,
                    np.where(column < wt + wh, nt + column - wt, nt + nh))


def extract_policy(sol: TwoPlayerSolution, seat: int = 0):
    """``seat``'s best choice (by the middle of the opponent's bracket; the first in the
    engine's order among equals) at every class representative and face, as a
    ``perfect.PolicyTable``."""
    from .perfect import PolicyTable

    r = sol.reduced
    v = sum(sol.bounds(1 - seat)) / 2
    moves = np.full((r.k, len(FACES)), NO_MOVE, dtype=np.uint8)
    for i, f in enumerate(FACES):
        vals = choice_values(sol, f, v, seat)
        best = np.argmax(vals, axis=1)
        usable = np.isfinite(vals.max(axis=1))
        moves[:, i] = np.where(usable, legal_index(sol, f, best), NO_MOVE)
    return PolicyTable(sol.aim_stack_top, [list(map(int, g)) for g in r.perms],
                       [int(x) for x in r.reps], moves.tobytes())


def regret(sol: TwoPlayerSolution, table: Any, seat: int = 0) -> float:
    """The most a table's move (``seat``'s) can lose against the best choice, anywhere:
    the best choice's upper bound minus the chosen one's lower bound (so it covers the
    bracket's width too)."""
    r = sol.reduced
    moves = np.frombuffer(table.moves, dtype=np.uint8).reshape(r.k, len(FACES))
    lower, upper = sol.bounds(1 - seat)
    worst = 0.0
    for i, f in enumerate(FACES):
        lo = choice_values(sol, f, upper, seat)   # a choice's worth is 1 - the opponent's
        hi = choice_values(sol, f, lower, seat)
        usable = np.isfinite(hi.max(axis=1))
        cols = np.arange(hi.shape[1])
        index = legal_index(sol, f, np.broadcast_to(cols, hi.shape))
        chosen = np.where(index == moves[:, i:i + 1], lo, -np.inf).max(axis=1)
        with np.errstate(invalid="ignore"):  # inf - inf where a face is rerolled
            gap = np.where(usable, hi.max(axis=1) - chosen, 0.0)
        worst = max(worst, float(gap.max()))
    return worst


__all__ = ["NO_MOVE", "TwoPlayerSolution", "build", "check_house_declinable",
           "choice_values", "class_keys", "extract_policy", "house_seats_arg", "outcome",
           "reduce_model", "regret", "solitaire_rolls", "solve_two_player"]
