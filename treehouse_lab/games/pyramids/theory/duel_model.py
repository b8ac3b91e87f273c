"""The two-player solve's model (issue 21): the move table, the turn rule and the die read
into numpy arrays over arrangement numbers, and the game reduced to symmetry classes. Every
rule comes from the game itself (``table.table``, ``rules.turn_rule``,
``rules.winners_after``, ``counting.die_faces``); how the sweep uses these arrays is the
``duel`` module docstring's.

Needs numpy (the ``solve`` extra); nothing in the engine imports this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Sequence

import numpy as np

from ..arrangement import ACTIONS, FACES
from ..rules import HOUSE_SIDE, TRIO_SIDE, turn_rule, winners_after
from ..table import ARRANGEMENTS, table
from .symmetry import checked_symmetries, move_sets

N = len(ARRANGEMENTS)


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

    ``succ[side, face]`` is a (width, classes) matrix: for each class's representative,
    its choices on that side in the engine's order (row ``j`` the ``j``-th choice of every
    class), as the class the opponent then moves in, or a slot (``SLOTS``: won, lost,
    tied, padding) after the K classes. ``successors`` builds one as (classes, width)."""

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
        """The (classes, width) successor matrix of one side and face (the class docstring)."""
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
            # stored choices by classes, each choice a contiguous row (duel.least)
            r.succ[side, f] = np.ascontiguousarray(r.successors(m, side, f).T)
    return r



def check_house_declinable(m: Model) -> None:
    """Every usable face still leaves a choice once the House moves are struck (the turn
    rule offers the House only beside a pass or, on a Wild, beside the trio): so the
    "Without House moves" analysis is a restriction of the players' choices, never a
    position with no legal move."""
    for f in FACES:
        stranded = m.house_ok[f] & ~m.trio_ok[f] & ~m.pass_ok[f]
        if stranded.any():
            raise AssertionError(f"turn_rule leaves a House move as the only choice on {f}")


__all__ = ["GOES_ON", "LOSS", "Model", "N", "Reduced", "SLOTS", "TIE", "WIN", "build",
           "check_house_declinable", "class_keys", "die_weights", "outcome", "reduce_model",
           "solitaire_rolls"]
