"""What the generic layers read of Treehouse's theory (the game's ``THEORY``, issue 49,
item 7): the exact figures where Treehouse is solved (issue 48, item 2), the value a solver
gives next to the simulation's estimate, so a reader sees both and a test sees the interval
contain it; the rulebook's name for the House moves; and the solitaire's position key for
an exact solve through OpenSpiel.

The interface (docs/dev/adding-a-game.md, "Theory the generic layers read"), which
``design.exact``, ``design.restrict`` and ``interop.solitaire`` call for any game that
declares a ``THEORY``; every part is optional:

* :data:`KIND_NAMES` ``{name: "kind.field=value"}``: the game's own names for kinds of
  moves, which ``restricted(..., forbid=name)`` accepts;
* :func:`exact_values` ``(game, bot_names, max_moves) -> {figure name: Fraction}`` and
  :func:`exact_source` ``(game) -> str``: the exact values of a ``measure`` run's figures
  and where they come from (a note);
* :func:`restricted_values` ``(game, seat, forbid, bot_names, barred_bots) -> (exact,
  figures, notes)``: for a ``restricted`` run, the exact values of its figures, figures to
  show beside the simulation's, and notes;
* :func:`position_key` ``(openspiel_game, symmetric) -> key``: the key of a one-player
  position for ``interop.solitaire.fewest_expected_rolls``.

What is exact, and how (docs/design-lab.md, "Exact figures"; ``design.exact`` forwards
the names below, so ``exact.two_player()`` reads as it did when they lived there):

* **Two-player Treehouse, perfect play** (``pyramids-perfect`` in both seats): the first
  player's win probability, from the certified brackets ``tools/solve_pyramids.py``
  shipped in ``games/pyramids/solved/two-player.json`` (both Aim variants, every House
  start; ruling R20's Hop onto a lying piece). A bracket is at most 1e-12 wide: the
  figure's ``exact`` is its middle, ``low``/``high`` its ends. The solve is of the game
  without a roll limit; the limit (ruling R18) ends a game only after 2,000 rolls, which
  perfect play does not near (its games last a few rolls; the longest of 20,000 simulated
  took 57), so the value with the limit is taken to be the same.
* **House moves restricted, two players**: the same game solved with the House moves
  struck from one seat's choices (``solve_two_player(house_seats=...)``; shipped for the
  rulebook's Aim and House start). Both seats then play *optimally under the restriction*,
  Jaffe et al.'s restricted player; the ``pyramids-perfect`` bot made to skip House moves
  (``restrict.Forbid``) plays the unrestricted policy instead, so its simulation measures
  another value (about 0.18 to the first player against the exact 0.122): shown side by
  side. The play the exact value assumes is :func:`restricted_optimum`: the barred game
  solved afresh (numpy, about a minute to a gap of 1e-4) and each seat's policy from it,
  as bots; ``restricted(..., restricted_bots=...)`` plays them in the barred run, and its
  ``value[seat]`` then carries the exact value, which its interval is tested to contain.
* **The solitaire** (one player, ``pyramids-solo``, the optimal policy): the expected
  number of rolls and of moves (decisions), exact Fractions from the policy's linear
  equations (``equations.solve_equations``, the solver's routine); the distribution of a
  game's moves and rolls, by stepping the policy's Markov chain forward from the start
  (floats, stopped when less than 1e-15 of the games are still going); and the chance of
  a match within the roll limit, from that distribution.
* **House moves restricted, solitaire**: the same with the House moves struck: under the
  optimal restricted policy (Jaffe's value of the House moves), and under the policy
  ``pyramids-solo`` plays when made to skip them (what ``restricted()`` simulates: its
  interval is tested against this one).

Nothing here is guessed: a configuration the solvers do not cover gets no exact value
(``exact_values`` returns an empty dict), and a request for one raises ``RuleError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Hashable, Sequence

from ....bots import check_game
from ....equations import WIN, Equations, solve_equations
from ....errors import RuleError, quote
from ....intervals import Figure
from ..arrangement import TRIO, Arrangement, all_arrangements
from . import shipped, solver
from .perfect import perfect_action
from .symmetry import checked_symmetries, move_sets

#: Stop stepping a chain forward once less than this share of games is still going.
TAIL = 1e-15
#: A roll limit that cuts off less than this share of games (the distribution's own
#: rounding is about 1e-15) leaves the expected length of the game without a limit.
NEGLIGIBLE = 1e-12


# ---------------------------------------------------------------------------------------
# two players: the shipped certified brackets
# ---------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _two_player_json() -> dict:
    return json.loads(shipped("two-player.json").read_text())


#: ``house_seats`` -> the entry of ``two-player.json``'s ``house_moves``.
_HOUSE_ENTRY = {(): "nobody", (0,): "first", (1,): "second"}


def first_player_win(aim_stack_top: bool = True, house_start: str = "LMS",
                     house_seats: Sequence[int] = (0, 1)) -> tuple[float, float]:
    """The certified bracket of the first player's win probability in two-player
    Treehouse under perfect play, House moves open to ``house_seats`` (the rules: both)."""
    data = _two_player_json()
    start = str(Arrangement.parse(house_start, TRIO))
    seats = tuple(sorted(set(house_seats)))
    if seats == (0, 1):
        variant = data["variants"][f"aim_stack_top={bool(aim_stack_top)}"]
        lo, hi = variant["win"] if start == variant["house_start"] \
            else variant["house_starts"][start]
        return float(lo), float(hi)
    entry = data["house_moves"].get(_HOUSE_ENTRY.get(seats, ""))
    if entry is None or entry["aim_stack_top"] != bool(aim_stack_top) \
            or entry["house_start"] != start:
        raise RuleError(
            f"no solve of House moves for seats {quote(list(house_seats))} with "
            f"aim_stack_top={bool(aim_stack_top)}, house_start={quote(house_start)}: the "
            "shipped ones are house_seats (), (0,) and (1,) with the rulebook's Aim and "
            "House start (tools/solve_pyramids.py --house)")
    return float(entry["win"][0]), float(entry["win"][1])


def _bracket_figure(name: str, lo: float, hi: float, why: str) -> Figure:
    mid = (Fraction(lo) + Fraction(hi)) / 2
    return Figure(name, float(mid), lo, hi, 0, why=why, exact=mid)


def two_player(aim_stack_top: bool = True, house_start: str = "LMS",
               house_seats: Sequence[int] = (0, 1)) -> Figure:
    """``first_player``: the first player's win probability under perfect play (an exact
    figure: ``n`` is 0 games, the interval the certified bracket)."""
    lo, hi = first_player_win(aim_stack_top, house_start, house_seats)
    who = {(0, 1): "", (): ", nobody may move the House", (0,): ", only the first player "
           "may move the House", (1,): ", only the second player may move the House"}
    return _bracket_figure("first_player", lo, hi, "exact: the two-player solver's certified "
                           f"bracket{who[tuple(sorted(set(house_seats)))]}")


def house_value(seat: int, aim_stack_top: bool = True, house_start: str = "LMS") -> Figure:
    """``house_value[seat]``: what the House moves are worth to ``seat`` of two-player
    Treehouse, exactly: its win probability under perfect play less the same when it may
    not move the House and both seats play perfectly under that restriction (Jaffe et al.,
    "restricted play"). The interval is the two brackets' difference."""
    if seat not in (0, 1):
        raise RuleError(f"seat must be 0 or 1 in two-player Treehouse, got {quote(seat)}")
    full = first_player_win(aim_stack_top, house_start)
    barred = first_player_win(aim_stack_top, house_start, (1 - seat,))
    if seat == 0:
        lo, hi = full[0] - barred[1], full[1] - barred[0]
    else:  # the second player's share is 1 - the first's
        lo, hi = barred[0] - full[1], barred[1] - full[0]
    return _bracket_figure(f"house_value[{seat}]", lo, hi,
                           "exact: two certified brackets of the two-player solver")


class PolicyBot:
    """A seat of two-player Treehouse playing a policy table of a solve (``table``, a
    ``perfect.PolicyTable``), as ``pyramids-perfect`` plays the shipped one: the table's
    move wherever there is a choice. ``barred`` is the seat the solve bars from the House
    (the restriction whose optimum it plays). It never draws from the generator."""

    def __init__(self, table: Any, barred: int, aim_stack_top: bool) -> None:
        self.table, self.barred, self.aim_stack_top = table, barred, bool(aim_stack_top)
        self.name = f"pyramids-perfect, House barred from seat {barred}"

    def choose(self, state: Any, rng: Any, player: int | None = None) -> Any:
        check_game(self.name, state, "pyramids")
        g = state.game
        if g.players != 2 or not g.hop_onto_lying or g.aim_stack_top != self.aim_stack_top:
            raise RuleError(f"bot {quote(self.name)} plays the game it was solved for: two "
                            f"players, hop_onto_lying=True, aim_stack_top="
                            f"{self.aim_stack_top}")
        seat = state.current_player if player is None else player
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return perfect_action(state, self.table, seat)


@dataclass
class Optimum:
    """Both seats' best play when ``seat`` may not move the House (:func:`restricted_optimum`):
    ``bots`` one a seat, ``win`` the solve's bracket of the first player's win, ``regret``
    the most either policy loses by a move against the best choice (``duel_policy.regret``,
    the bracket's width included), ``tolerance`` the gap the solve closed to."""

    seat: int
    bots: list[PolicyBot]
    win: tuple[float, float]
    regret: float
    tolerance: float


@lru_cache(maxsize=2)
def restricted_optimum(seat: int, aim_stack_top: bool = True,
                       tolerance: float = 1e-6) -> Optimum:
    """The play :func:`house_value` assumes, as bots: two-player Treehouse solved afresh
    with the House moves struck from ``seat``'s choices (``duel.solve_two_player`` with
    ``house_seats`` the other seat), and each seat's policy from that solve. Play them
    in the barred run of ``restricted(..., bots="pyramids-perfect", restricted_bots=
    optimum.bots)`` and its ``value[seat]`` gets the exact House value. Needs numpy (the
    solve extra); a solve to 1e-4 takes about a minute, to 1e-6 about two, and some
    500 MB (made once a process)."""
    if seat not in (0, 1):
        raise RuleError(f"seat must be 0 or 1 in two-player Treehouse, got {quote(seat)}")
    if not 0 < tolerance < 1:
        raise RuleError(f"tolerance must be between 0 and 1, got {quote(tolerance)}")
    from . import duel, duel_policy

    sol = duel.solve_two_player(bool(aim_stack_top), progress=False, tolerance=tolerance,
                                house_seats=(1 - seat,))
    tables = [sol.seat_policy(s) for s in (0, 1)]
    worst = max(duel_policy.regret(sol, t, s) for s, t in enumerate(tables))
    return Optimum(seat, [PolicyBot(t, seat, aim_stack_top) for t in tables], sol.win,
                   worst, tolerance)


# ---------------------------------------------------------------------------------------
# the solitaire
# ---------------------------------------------------------------------------------------

@dataclass
class Solitaire:
    """The solitaire under one policy, exactly: ``rolls`` and ``moves`` the expected
    numbers from the start (Fractions), ``roll_counts`` and ``move_counts`` the chance
    that a game takes exactly k rolls / k moves (floats, up to a tail under
    :data:`TAIL`)."""

    policy: str
    rolls: Fraction
    moves: Fraction
    roll_counts: dict[int, float] = field(repr=False)
    move_counts: dict[int, float] = field(repr=False)

    def win(self, roll_limit: int) -> float:
        """The chance of a match within ``roll_limit`` rolls (ruling R18: the puzzle ends
        unsolved at the limit)."""
        return min(1.0, sum(p for k, p in self.roll_counts.items() if k <= roll_limit))

    def tail(self, roll_limit: int) -> float:
        """The chance that a game is still going after ``roll_limit`` rolls (at most)."""
        return max(0.0, 1.0 - sum(p for k, p in self.roll_counts.items()
                                  if k <= roll_limit))


@dataclass
class _Chain:
    """The solitaire's classes (the solver's), each face's choices with their successor
    class (``WIN`` for a match), and the chance of a vain roll."""

    solution: Any
    reroll: list[Fraction]
    faces: list[list[tuple[Fraction, list[tuple[str, int]]]]]   # (p, [(where, successor)])
    start: int


@lru_cache(maxsize=4)
def _chain(aim_stack_top: bool, hop_onto_lying: bool, house_start: str) -> _Chain:
    from .. import bots

    sol = bots.solution(aim_stack_top, hop_onto_lying)
    m, index = sol.model, sol._index
    reroll, faces = [], []
    for rep in m.reps:
        t, h = (m.arrangements[i] for i in divmod(rep, m.n))
        lost, row = Fraction(0), []
        for face, p in sol.die:
            options = solver.choices(t, h, face, aim_stack_top, hop_onto_lying)
            if options is None:
                lost += p
                continue
            succ = []
            for c in options:
                if c.wins:
                    succ.append((c.where, WIN))
                elif c.where == "trio":
                    succ.append((c.where, m.class_of[index[c.result] * m.n + index[h]]))
                elif c.where == "house":
                    succ.append((c.where, m.class_of[index[t] * m.n + index[c.result]]))
                else:
                    succ.append((c.where, m.class_of[rep]))
            row.append((p, succ))
        reroll.append(lost)
        faces.append(row)
    start = Arrangement.parse(house_start, TRIO)
    tree = Arrangement.tree(TRIO)
    return _Chain(sol, reroll, faces, m.class_of[index[tree] * m.n + index[start]])


def _best(succ: list[int], values: Sequence[Fraction]) -> int:
    """The successor a value-minimising player picks: a match first, else least value
    (the exact values of different classes all differ, so ties are within one class)."""
    return WIN if WIN in succ else min(succ, key=lambda c: (values[c], c))


def _evaluate(chain: _Chain, policy: list[list[int]]) -> tuple[Fraction, Fraction]:
    """Expected rolls and moves from the start under ``policy`` (one successor a face):
    two linear systems solved exactly by the solver's routine (a single choice a face, so
    its minimisation is the policy's own equations)."""
    rows = [[(p, [s]) for (p, _), s in zip(chain.faces[k], policy[k])]
            for k in range(len(policy))]
    rolls, _, _ = solve_equations(Equations(rows, chain.reroll))
    moves_rows = [[(p / (1 - chain.reroll[k]), succ) for p, succ in rows[k]]
                  for k in range(len(rows))]
    moves, _, _ = solve_equations(Equations(moves_rows, [Fraction(0)] * len(rows)))
    return rolls[chain.start], moves[chain.start]


def _counts(chain: _Chain, policy: list[list[int]], by_moves: bool) -> dict[int, float]:
    """The chance that a game ends at exactly k rolls (or k moves), by stepping the
    policy's chain forward from the start until less than :data:`TAIL` is left."""
    steps = []
    for k, row in enumerate(chain.faces):
        keep = 0.0 if by_moves else float(chain.reroll[k])
        scale = 1.0 / (1.0 - float(chain.reroll[k])) if by_moves else 1.0
        steps.append((keep, [(float(p) * scale, s) for (p, _), s in zip(row, policy[k])]))
    alive = {chain.start: 1.0}
    out: dict[int, float] = {}
    k = 0
    while sum(alive.values()) >= TAIL and k < 100_000:
        k += 1
        nxt: dict[int, float] = {}
        ended = 0.0
        for c, mass in alive.items():
            keep, moves = steps[c]
            if keep:
                nxt[c] = nxt.get(c, 0.0) + mass * keep
            for p, s in moves:
                if s == WIN:
                    ended += mass * p
                else:
                    nxt[s] = nxt.get(s, 0.0) + mass * p
        if ended:
            out[k] = ended
        alive = nxt
    return out


#: The policies :func:`solitaire` knows.
POLICIES = ("optimal", "optimal without House moves", "solo without House moves")


@lru_cache(maxsize=8)
def solitaire(policy: str = "optimal", aim_stack_top: bool = True,
              hop_onto_lying: bool = True, house_start: str = "LMS") -> Solitaire:
    """The solitaire (one player) from its start under ``policy``, exactly:

    * ``"optimal"``: the fewest expected rolls (the solver's; ``pyramids-solo`` plays it);
    * ``"optimal without House moves"``: the best a player barred from the House can do
      (a pass where the turn rule offers "the House, or pass"; the trio on a Wild), solved
      afresh;
    * ``"solo without House moves"``: ``pyramids-solo`` made to skip its House moves
      (``restrict.Forbid``): among the rest, the move of least unrestricted value.
    """
    if policy not in POLICIES:
        raise RuleError(f"policy must be one of {', '.join(POLICIES)}, got {quote(policy)}")
    chain = _chain(bool(aim_stack_top), bool(hop_onto_lying), str(house_start))
    allowed = [[[s for where, s in succ if policy == "optimal" or where != "house"]
                for _, succ in row] for row in chain.faces]
    if policy == "optimal without House moves":
        model = Equations([[(p, cand) for (p, _), cand in zip(row, cands)]
                           for row, cands in zip(chain.faces, allowed)], chain.reroll)
        values, _, _ = solve_equations(model)
    else:
        values = chain.solution.values
    chosen = [[_best(cand, values) for cand in cands] for cands in allowed]
    rolls, moves = _evaluate(chain, chosen)
    return Solitaire(policy, rolls, moves, _counts(chain, chosen, False),
                     _counts(chain, chosen, True))


def solitaire_house_value(aim_stack_top: bool = True, hop_onto_lying: bool = True,
                          house_start: str = "LMS", count: str = "rolls") -> Figure:
    """``house_value[0]`` of the solitaire: the expected ``count`` ("rolls" or "moves")
    the House moves save a player who plays optimally with and without them (Jaffe et
    al.'s restricted play; an exact Fraction)."""
    if count not in ("rolls", "moves"):
        raise RuleError(f"count must be 'rolls' or 'moves', got {quote(count)}")
    full = solitaire("optimal", aim_stack_top, hop_onto_lying, house_start)
    barred = solitaire("optimal without House moves", aim_stack_top, hop_onto_lying,
                       house_start)
    value = getattr(barred, count) - getattr(full, count)
    return Figure("house_value[0]", float(value), float(value), float(value), 0,
                  why=f"exact: expected {count} saved, the solitaire solved with and "
                      "without House moves", exact=value)


# ---------------------------------------------------------------------------------------
# the interface the generic layers call (the module docstring)
# ---------------------------------------------------------------------------------------

#: The game's own names for kinds of moves (``restricted(..., forbid="house")``).
KIND_NAMES: dict[str, str] = {
    # Treehouse rulebook, How to Play: "you may do the action to the House, or pass".
    "house": "play.side=house",
}


def exact_values(game: Any, bot_names: Sequence[str], max_moves: int | None = None
                 ) -> dict[str, Fraction]:
    """The exact values of a run's figures, by figure name, where a solver covers the
    game's options and its bots (the module docstring); else {}.

    * two-player Treehouse, ``pyramids-perfect`` in both seats: ``first_player``,
      ``first_player_edge``, ``win_share[0]``, ``win_share[1]`` and ``balance``;
    * the solitaire, ``pyramids-solo``: ``win_share[0]`` (a match within the roll limit)
      and, when the limit cuts off less than :data:`NEGLIGIBLE` of the games, ``moves``.

    A run cut at ``max_moves`` gets none (the solves are of whole games)."""
    if max_moves is not None:
        return {}
    names = tuple(bot_names)
    opts = game.options
    if not opts["hop_onto_lying"]:
        return {}
    if game.players == 2 and names == ("pyramids-perfect",) * 2:
        lo, hi = first_player_win(opts["aim_stack_top"], opts["house_start"])
        if opts["roll_limit"] < 2000:  # a tie at the limit is no longer negligible
            return {}
        p = (Fraction(lo) + Fraction(hi)) / 2
        return {"first_player": p, "first_player_edge": p - Fraction(1, 2),
                "win_share[0]": p, "win_share[1]": 1 - p,
                "balance": 1 - abs(2 * p - 1)}
    if game.players == 1 and names == ("pyramids-solo",):
        s = solitaire("optimal", opts["aim_stack_top"], True, opts["house_start"])
        out = {"win_share[0]": Fraction(s.win(opts["roll_limit"]))}
        if s.tail(opts["roll_limit"]) < NEGLIGIBLE:
            out["moves"] = s.moves
        return out
    return {}


def exact_source(game: Any) -> str:
    """Where :func:`exact_values` come from, for the note under a run's table."""
    if game.players == 2:
        return "from the Treehouse solvers (perfect play, certified to 1e-12)"
    return "from the solitaire's optimal policy (pyramids-solo)"


def restricted_values(game: Any, seat: int, forbid: str, bot_names: Sequence[str],
                      barred: Sequence[Any] = ()
                      ) -> tuple[dict[str, Fraction], dict[str, Figure], list[str]]:
    """Exact values for a restricted run (``design.restrict``) barring ``seat`` from the
    House moves (``forbid`` the caller's word, ``"house"``), where the solvers cover it:
    the exact values of the run's figures, the restricted-optimal value as a figure to
    show beside the simulation's (``optimal_value[seat]``), and notes. ``barred`` are the
    barred run's bots, unwrapped from the restriction: the exact value is ``value[seat]``
    itself when they are :func:`restricted_optimum`'s."""
    figures: dict[str, Figure] = {}
    notes: list[str] = []
    if forbid != "house" or not game.options["hop_onto_lying"]:
        return {}, figures, notes
    opts = game.options
    if game.players == 1 and tuple(bot_names) == ("pyramids-solo",):
        full = solitaire("optimal", opts["aim_stack_top"], True, opts["house_start"])
        solo = solitaire("solo without House moves", opts["aim_stack_top"], True,
                         opts["house_start"])
        figures["optimal_value[0]"] = solitaire_house_value(
            opts["aim_stack_top"], True, opts["house_start"], count="moves")
        notes.append("optimal_value[0]: the expected moves House moves save a player who plays "
                     "optimally with and without them (exact, no roll limit); the simulated "
                     "bot skips them but keeps its unrestricted judgement")
        limit = opts["roll_limit"]
        out = {"value[0]": Fraction(full.win(limit)) - Fraction(solo.win(limit))}
        if max(full.tail(limit), solo.tail(limit)) < NEGLIGIBLE:
            out["moves"] = solo.moves - full.moves
        return out, figures, notes
    if game.players == 2 and opts["roll_limit"] >= 2000:
        try:
            figures[f"optimal_value[{seat}]"] = house_value(seat, opts["aim_stack_top"],
                                                            opts["house_start"])
        except RuleError:
            return {}, {}, []
        if tuple(bot_names) == ("pyramids-perfect",) * 2 and all(
                isinstance(b, PolicyBot) and b.barred == seat
                and b.aim_stack_top == bool(opts["aim_stack_top"]) for b in barred):
            notes.append(f"value[{seat}]: exact, pyramids-perfect as it is against the "
                         "restricted game's solved policies (exact.restricted_optimum), both "
                         "seats playing best under the restriction")
            return {f"value[{seat}]": figures[f"optimal_value[{seat}]"].exact}, figures, notes
        notes.append(f"optimal_value[{seat}]: the win share House moves are worth to the "
                     "seat when both seats play perfectly, with and without them (exact, "
                     "the solver's); the simulated bots play their own policies")
    return {}, figures, notes


def position_key(game: Any, symmetric: bool = True) -> Callable[[Any], Hashable]:
    """The key of a Treehouse solitaire state for ``interop.solitaire``'s
    ``fewest_expected_rolls``: the trio, the House and the face waiting to be used, read off
    the observation string, up to the checked symmetries (``symmetric=False``: every
    position its own). ``game`` is the
    OpenSpiel game (its parameters and players are read; nothing of pyspiel is imported).

    Why a key at all: an OpenSpiel state carries the roll counter (``rolls``, ruling R18),
    so no two states of a game are the same string and the game is a tree of depth
    ``roll_limit``; the puzzle ``solver.solve`` answers has no limit: its state is the
    trio, the House and the face rolled. The key reads those off the observation string
    and names the position up to the symmetries that map moves to moves (relabelling the
    pieces, mirroring: ``symmetry.checked_symmetries`` checks each on every arrangement
    and face), so the 41,413 positions reachable from the start become about 3,480 nodes
    and the solve takes seconds rather than many minutes. ``symmetric=False`` keeps every
    position apart (exact too, but slow: about 2.2 million transitions)."""
    params = game.get_parameters()
    if game.num_players() != 1:
        raise RuleError("position_key is for the solitaire (players=1, ruling R19)")
    arrs = all_arrangements(TRIO)
    number = {a: i for i, a in enumerate(arrs)}
    n = len(arrs)
    group = (checked_symmetries(arrs, move_sets(arrs, bool(params["aim_stack_top"]),
                                                bool(params.get("hop_onto_lying", True))))
             if symmetric else [list(range(n))])
    parse: dict[str, int] = {}

    def arrangement(text: str) -> int:
        got = parse.get(text)
        if got is None:
            got = parse[text] = number[Arrangement.parse(text, TRIO)]
        return got

    def key(state: Any) -> Hashable:
        seen = json.loads(state.observation_string(0))
        t, h = arrangement(seen["trios"][0]), arrangement(seen["house"])
        return min(g[t] * n + g[h] for g in group), seen["rolled"]

    return key


__all__ = ["KIND_NAMES", "NEGLIGIBLE", "POLICIES", "TAIL", "Optimum", "PolicyBot", "Solitaire",
           "exact_source", "exact_values", "first_player_win", "house_value", "position_key",
           "restricted_optimum", "restricted_values", "solitaire", "solitaire_house_value",
           "two_player"]
