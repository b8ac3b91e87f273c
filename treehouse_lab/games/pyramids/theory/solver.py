"""Solitaire Treehouse (pyramids), solved exactly: the fewest expected rolls to a match.

The puzzle. One player, one trio, one House. Each turn follows the rulings' turn rule
(docs/rulings/pyramids.md, "Turn"): roll the die; an action that can change the
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
import sys
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ....equations import WIN, Equations, bellman_residuals, solve_equations
from ....errors import RuleError
from ..arrangement import FACES, Arrangement, all_arrangements, piece_set, results
from ..rules import turn_rule
from . import shipped
from .symmetry import (
    candidate_symmetries,
    checked_symmetries,
    is_symmetry,
    mirror,
    move_sets,
    relabel,
    symmetries,
)

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
            aim_stack_top: bool = True, hop_onto_lying: bool = True) -> list[Choice] | None:
    """What ``face`` offers at (trio, house) under the turn rule (``rules.turn_rule``);
    None means roll again."""
    rules = {"aim_stack_top": aim_stack_top, "hop_onto_lying": hop_onto_lying}
    turn = turn_rule(face, sorted(results(trio, face, **rules)),
                     sorted(results(house, face, **rules)))
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


def _build(pieces: str, aim_stack_top: bool, die: Die, hop_onto_lying: bool = True) -> _Reduced:
    arrs = all_arrangements(pieces)
    n = len(arrs)
    full = move_sets(arrs, aim_stack_top, hop_onto_lying)
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


class _PositionLookup:
    """Where (trio, house) lies in a solved model: its symmetry class (needs ``pieces``,
    ``model`` and ``_index``, the arrangement numbers)."""

    pieces: str
    model: _Reduced
    _index: dict[Arrangement, int]

    def _number_arrangements(self) -> None:
        self._index = {a: i for i, a in enumerate(self.model.arrangements)}

    def _arr(self, a: Arrangement | str) -> Arrangement:
        return Arrangement.parse(a, self.pieces) if isinstance(a, str) else a

    def _class(self, trio: Arrangement | str, house: Arrangement | str) -> int:
        t, h = self._index[self._arr(trio)], self._index[self._arr(house)]
        return self.model.class_of[t * self.model.n + h]


@dataclass
class Solution(_PositionLookup):
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
    #: Ruling R20's variant: False when a Hop may not land on a lying piece.
    hop_onto_lying: bool = True

    def __post_init__(self) -> None:
        self._number_arrangements()

    # -- lookups ---------------------------------------------------------------------
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
        options = choices(t, h, face, self.aim_stack_top, self.hop_onto_lying)
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
        from ....core.chance import sample_outcome

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
          die: Iterable[tuple[str, Fraction]] | None = None,
          hop_onto_lying: bool = True) -> Solution:
    """Solve solitaire Treehouse exactly for these pieces (default the trio).

    ``die`` defaults to the engine's die; ``aim_stack_top`` and ``hop_onto_lying`` are the
    game's variants. Raises if the exact values fail the Bellman check, which would mean a
    bug (it is checked, not assumed).
    """
    pieces = piece_set(pieces)
    die_t = tuple((f, Fraction(p)) for f, p in (default_die() if die is None else die))
    if sum(p for _, p in die_t) != 1 or {f for f, _ in die_t} - set(FACES):
        raise RuleError(f"a die is faces from {', '.join(FACES)} with probabilities summing "
                        "to 1")
    m = _build(pieces, aim_stack_top, die_t, bool(hop_onto_lying))
    values, floats, rounds = solve_equations(m)
    solution = Solution(pieces, bool(aim_stack_top), die_t, m, values, floats, rounds,
                        hop_onto_lying=bool(hop_onto_lying))
    if not solution.verify_bellman():
        raise AssertionError("exact values fail the Bellman optimality equations")
    return solution


def values_file(aim_stack_top: bool) -> str:
    """The shipped file of the trio's values for this Aim variant (``solved/``)."""
    return f"solo-values-aim{int(bool(aim_stack_top))}.bin"


def values_bytes(solution: Solution) -> bytes:
    """``solution``'s values, each the float nearest the exact one, as little-endian
    doubles in class order: what ``solved/solo-values-aim*.bin`` holds."""
    floats = array("d", (float(v) for v in solution.values))
    if sys.byteorder == "big":  # pragma: no cover
        floats.byteswap()
    return floats.tobytes()


class SoloValues(_PositionLookup):
    """The trio's solitaire values as the floats nearest the exact ones, shipped in the
    package, for the ``pyramids-solo`` bot.

    Why not solve: the exact solve takes seconds (4 s here, more in the browser), and a
    tutorial board waited that long for the bot's first move. Why floats are enough: the
    bot only compares values, and the 3,480 exact values are all different and stay
    strictly ordered when rounded (rounding is monotonic, and
    ``tests/games/pyramids/test_pyramids_solver.py`` checks that no two round to one
    float), so every comparison, and every tie, comes out as with the exact values."""

    def __init__(self, aim_stack_top: bool, values: Sequence[float]) -> None:
        self.pieces = piece_set("SML")
        self.aim_stack_top = bool(aim_stack_top)
        self.model = _build(self.pieces, self.aim_stack_top, default_die())
        if len(values) != len(self.model.reps):
            raise RuleError(f"{values_file(aim_stack_top)}: a damaged table ({len(values)} "
                            f"values for {len(self.model.reps)} classes)")
        self.values = values
        self._number_arrangements()

    def value(self, trio: Arrangement | str, house: Arrangement | str) -> float:
        """Expected rolls to a match from (trio, house), the float nearest the exact
        ``Solution.value``."""
        return self.values[self._class(trio, house)]


@lru_cache(maxsize=2)
def solo_values(aim_stack_top: bool = True) -> SoloValues:
    """The shipped values of the trio for this Aim variant (loaded once per process)."""
    name = values_file(aim_stack_top)
    data = shipped(name).read_bytes()
    if len(data) % 8:
        raise RuleError(f"{name}: a damaged table ({len(data)} bytes, not whole doubles)")
    floats = array("d")
    floats.frombytes(data)
    if sys.byteorder == "big":  # pragma: no cover
        floats.byteswap()
    return SoloValues(aim_stack_top, floats)


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
