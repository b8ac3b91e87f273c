"""Treehouse Diner bots: ``diner-cook``, a cook that chases its nearest orders.

``greedy`` in the Diner. ``greedy`` looks one action ahead, and in the Diner almost no
single action changes ``scores()``: points come only when an order is delivered, at the
end of a Phase 2 that took a pantry visit, several minutes and several placements to set
up. On ``scores()`` it played at random where it matters (which space, which order gets
the ingredient) and lost to ``random`` (40.0% [33.5%, 46.9%] of 200 seeded two-player
games, seats swapped). So the Diner names its own estimate for it, :data:`GREEDY_POINTS`
(:func:`progress`): the points plus what the kitchen has gained towards delivery, with a
chosen shelf space's ingredients counted the moment it is chosen (the minutes are paid in
the next steps, ruling D2) together with the pushes and minutes it commits to. A new order
is worth nothing to it until an ingredient is found for it, and a joker being stacked
counts as finished (:func:`joker_paid_value`). Measured with seed 7, 200 games a pairing,
bots rotating through the seats, under ruling D11's jokers:

* two players: ``greedy`` beats ``random`` 72.0% [65.4%, 77.8%] (26.5 points a game
  against 10.9); ``diner-cook`` beats ``greedy`` 59.5% [52.6%, 66.1%] (26.7 against
  22.5): both value a pantry visit the same way (:func:`push_cost`);
* three players (one bot against two): ``greedy`` wins 62.5% [55.6%, 68.9%] against two
  ``random``, ``diner-cook`` 43.0% [36.3%, 49.9%] against two ``greedy`` (a fair third is
  33.3%).

What the estimate leaves out matters (100 two-player games each, seed 7, measured before
ruling D11 let a joker come before the placements): scoring a new
order at its points over one more than its symbols (:func:`points`, the search's estimate)
makes greedy take every phone call, and it lost all of 20 games to ``random``; counting
the chosen space's ingredients without its pushes and minutes beats ``random`` 100.0%
[96.3%, 100.0%] and ``diner-cook`` 68.0% [58.3%, 76.3%]: the cost this module puts on a
pushed order and a minute (:data:`COMPLAINT`, :data:`MINUTE_COST`) is more caution than
the game rewards. Under D11, counting a joker as it stands (a start free, its first
ingredient a covered symbol) made greedy start jokers that spent what its orders needed:
it lost to ``random`` by 2.5 points a game (20 games, seed 11).

``diner-cook`` (:class:`CookBot`) is a *teaching* heuristic, each choice one sentence a
class can argue with and test by simulation (notebooks/explore-diner.ipynb):

1. **Pantry or phone** (1. Go to the Pantry or to the Phone): go to the phone when the
   kitchen runs dry (at most one order left), or when no shelf space it can pay for holds
   an ingredient its orders miss and the kitchen has room (a full kitchen would push an
   order off for each new one: then the least costly pantry visit is better); otherwise
   go to the pantry.
2. **Which shelf space** (A) Go to the Pantry): plan the visit by the minutes it can pay.
   Each space is worth what it adds to :func:`kitchen_value` (the orders' points, each
   divided by one more than the symbols it would still miss, so the order nearest to
   completion gains most), less a complaint and the order's value for each minute beyond
   those its orders can pay without one being pushed off (:func:`safe_minutes`), less a
   little for every minute (time the kitchen does not get back).
3. **Paying the minutes**: never push an order off while another can move; move the
   order nearest to completion (it will be delivered soon, so the time costs it least).
   When it must push, it pushes the order worth least.
4. **At the phone** (B), its own picks and its picks on others' turns: the order worth
   most to its kitchen: its points over one more than the symbols its supply cannot
   fill, less the value of an order the new card would push off.
5. **Assigning** (2. Assign Ingredients): an ingredient goes to the order nearest to
   completion (then the one worth more). A joker is started only when it completes an
   order this turn (Ingredient Jokers: 2 Daisies, else 4 ingredients), on the order
   nearest to completion, and then before any placement (ruling D11 lets a joker come
   first, and a placement could use up what pays for it); a joker takes Daisies first,
   and a joker of 2 Daisies is never grown to 4 (two ingredients for nothing more).
6. **Effects**: it discards and recycles the ingredient its orders need least, moves the
   order closest to being pushed off to the left, announces a Challenge unless its mood
   would pass +8, and never plays an Action card (a teaching bot keeps to the basic game's
   choices; the modules still play through).

The Diner's search samples of what a seat cannot see come from the zones it declares
(``view.py``): ``game.determinize(state.observation(seat), seat, rng)`` deals the order
pile, the Starting orders in the box, the Action cards and Challenges it cannot see.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Sequence

from ...bots import best_of, check_game
from ...protocol import Action
from .actions import (
    AnnounceChallenge,
    AssignBee,
    ChooseShelf,
    Decline,
    Discard,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    PlacePlate,
    PlayAction,
    Recycle,
    StartJoker,
    TakeFromPantry,
    TakeOrder,
)
from .kinds import top_is
from .rules import KITCHEN_SPACES, MOOD_MAX, added
from .stages import MinutesStep

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

#: What a minute costs when no order is pushed off: the kitchen's time is spent.
MINUTE_COST = 0.05
#: What pushing an order off costs besides the order: the complaint (1 point of mood).
COMPLAINT = 1.0
#: Jokers: 2 Daisies, or 4 ingredients of any kinds (Ingredient Jokers).
DAISY_JOKER, ANY_JOKER = 2, 4


def missing(state: DinerState, entry: tuple) -> list[int]:
    """The symbols (indices into ``game.symbol_names``) of an order still uncovered."""
    syms = state.game.symbols[entry[0]]
    return [s for s, cover in zip(syms, entry[1]) if not cover]


def jokers_affordable(state: DinerState, supply: Sequence[int]) -> int:
    """How many jokers ``supply`` can pay for: pairs of Daisies first, then fours of what
    is left (bees are not ingredients)."""
    g = state.game
    daisies = supply[g.daisy]
    rest = sum(supply[k] for k in g.ingredients) - daisies
    pairs = daisies // DAISY_JOKER
    return pairs + (rest + daisies % DAISY_JOKER) // ANY_JOKER


def kitchen_value(state: DinerState, kitchen: Sequence[Any], supply: Sequence[int]) -> float:
    """What a kitchen with this supply is worth to its cook: each order's points over one
    more than the symbols it would still miss once the supply is assigned (orders nearest
    to completion first) and jokers paid where they finish an order. An order one symbol
    short is worth half its points, two short a third: the last ingredient is worth most."""
    g = state.game
    left = list(supply)
    orders = sorted((e for e in kitchen if e is not None), key=lambda e: len(missing(state, e)))
    short = []
    for e in orders:
        m = 0
        for s in missing(state, e):
            if s < g.plate0 and left[s]:
                left[s] -= 1
            elif s >= g.plate0 and any(left[k] for k in g.ingredients):
                k = max(g.ingredients, key=lambda k: left[k])
                left[k] -= 1
            else:
                m += 1
        short.append([m, g.orders[e[0]].points])
    jokers = jokers_affordable(state, left)
    for item in sorted(short):
        if item[0] and item[0] <= jokers:
            jokers -= item[0]
            item[0] = 0
    return sum(points / (1 + m) for m, points in short)


def push_cost(state: DinerState, kitchen: Sequence[Any], minutes: int) -> float:
    """What paying ``minutes`` costs in pushed orders (Pushing Orders Off the Starting
    Lane): a complaint and an order for each minute beyond :func:`safe_minutes`, the order
    counted as the cheapest of the kitchen (the one a cook would let go)."""
    pushed = max(0, minutes - safe_minutes(kitchen))
    if not pushed:
        return 0.0
    cheapest = min((kitchen_value(state, (e,), state.game.zero)
                    for e in kitchen if e is not None), default=0.0)
    return pushed * (COMPLAINT + cheapest)


def safe_minutes(kitchen: Sequence[Any]) -> int:
    """How many minutes the kitchen can pay without pushing an order off: the order k-th
    from the 1-minute space can come down to space k at most (skipping is not allowed)."""
    spaces = [i + 1 for i, e in enumerate(kitchen) if e is not None]
    return sum(t - rank for rank, t in enumerate(spaces, start=1))


class CookBot:
    """``diner-cook``: plans its pantry visits and chases its nearest orders (see the
    module docstring). In 200 seeded games a pairing (seed 7, bots rotating through the
    seats) it won 99.0% [96.4%, 99.7%] against ``random`` and 59.5% [52.6%, 66.1%] against
    ``greedy`` with two players; with three, one against two, 99.5% [97.2%, 99.9%] and
    43.0% [36.3%, 49.9%] (a fair third is 33.3%)."""

    name = "diner-cook"

    def choose(self, state: DinerState, rng: random.Random,
               player: int | None = None) -> Action:
        check_game(self.name, state, "diner")
        seat = state.actors()[0] if player is None else player
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        kinds = {type(a) for a in legal}
        if ChooseShelf in kinds:
            return self._phase_one(state, seat, legal, rng)
        if TakeOrder in kinds:
            return self._take(state, seat, legal, rng)
        if MoveOrder in kinds:
            return self._pay(state, seat, legal, rng)
        if Joker in kinds:
            if state.joker_being_built() is not None:
                return self._joker(state, seat, legal, rng)
            # A joker of 2 Daisies just laid may grow to 4 (D11): two more ingredients
            # that replace nothing more, so the cook never grows one.
            legal = [a for a in legal if not isinstance(a, Joker)]
            kinds = {type(a) for a in legal}
        if StartJoker in kinds:
            # D11: a joker may come before the placements; one that completes an order
            # goes first, before a placement uses up what it is paid with.
            start = self._start_joker(state, seat, legal, rng)
            if start is not None:
                return start
        if Place in kinds or PlacePlate in kinds or AssignBee in kinds:
            return self._assign(state, seat, legal, rng)
        if FinishAssigning in kinds:
            return next(a for a in legal if isinstance(a, FinishAssigning))
        return self._effect(state, seat, legal, rng)

    # -- 1. pantry or phone ------------------------------------------------------------------
    def _phase_one(self, state: DinerState, seat: int, legal: list[Action],
                   rng: random.Random) -> Action:
        shelves = [a for a in legal if isinstance(a, ChooseShelf)]
        phones = [a for a in legal if isinstance(a, TakeOrder)]
        kitchen = state.kitchens[seat]
        supply = state.supplies[seat]
        now = kitchen_value(state, kitchen, supply)

        def gain(a: ChooseShelf) -> float:
            space = state.space(a.size, a.column)
            after = added(supply, space)
            minutes = sum(space)
            return (kitchen_value(state, kitchen, after) - now
                    - push_cost(state, kitchen, minutes) - MINUTE_COST * minutes)

        orders = sum(1 for e in kitchen if e is not None)
        room = _pushed_by(kitchen, KITCHEN_SPACES) is None     # a new order pushes none off
        if phones and (orders <= 1 or (room and max(map(gain, shelves)) <= 0)):
            return self._take(state, seat, phones, rng)
        return best_of(shelves, gain, rng)

    def _take(self, state: DinerState, seat: int, legal: list[Action],
              rng: random.Random) -> Action:
        g = state.game
        kitchen = state.kitchens[seat]
        supply = state.supplies[seat]
        others = [a for a in legal if not isinstance(a, TakeOrder)]

        def worth(a: TakeOrder) -> float:
            order = g.orders[a.order]
            entry = (a.order, tuple(() for _ in order.ingredients), 0)
            value = kitchen_value(state, (entry,), supply)
            lost = _pushed_by(kitchen, order.minutes)
            if lost is not None:
                value -= COMPLAINT + kitchen_value(state, (lost,), state.game.zero)
            return value

        takes = [a for a in legal if isinstance(a, TakeOrder)]
        return best_of(takes, worth, rng) if takes else rng.choice(others)

    # -- paying the minutes ------------------------------------------------------------------
    def _pay(self, state: DinerState, seat: int, legal: list[Action],
             rng: random.Random) -> Action:
        kitchen = state.kitchens[seat]

        def key(a: MoveOrder) -> tuple:
            entry = kitchen[a.minutes - 1]
            if a.minutes == 1:      # a push: the order worth least goes
                return (0, -kitchen_value(state, (entry,), state.game.zero), 0)
            return (1, -len(missing(state, entry)), a.minutes)

        moves = [a for a in legal if isinstance(a, MoveOrder)]
        return best_of(moves, key, rng)

    # -- 2. assigning -----------------------------------------------------------------------
    def _assign(self, state: DinerState, seat: int, legal: list[Action],
                rng: random.Random) -> Action:
        g = state.game
        slots = {e[0]: e for e in state.kitchens[seat] if e is not None}

        def key(a: Action) -> tuple:
            order = getattr(a, "order", None)
            entry = slots.get(order)
            if entry is None or not isinstance(a, (Place, PlacePlate, AssignBee)):
                return (-1, 0, 0)
            return (1, -len(missing(state, entry)), g.orders[order].points)

        return best_of(legal, key, rng)

    def _start_joker(self, state: DinerState, seat: int, legal: list[Action],
                     rng: random.Random) -> Action | None:
        """The joker start that completes an order (its uncovered symbols no more than
        the jokers the supply pays for), on the order nearest to completion, or None."""
        g = state.game
        slots = {e[0]: e for e in state.kitchens[seat] if e is not None}
        jokers = jokers_affordable(state, state.supplies[seat])
        starts = [a for a in legal if isinstance(a, StartJoker)
                  and 0 < len(missing(state, slots[a.order])) <= jokers]
        if not starts:
            return None
        return best_of(starts, lambda a: (-len(missing(state, slots[a.order])),
                                          g.orders[a.order].points), rng)

    def _joker(self, state: DinerState, seat: int, legal: list[Action],
               rng: random.Random) -> Action:
        g = state.game
        supply = state.supplies[seat]
        daisy = g.kinds[g.daisy]
        need = _needs(state, seat)

        def key(a: Joker) -> tuple:
            k = g.kind_index[a.ingredient]
            return (a.ingredient == daisy, supply[k] - need[k])

        jokers = [a for a in legal if isinstance(a, Joker)]
        return best_of(jokers, key, rng)

    # -- effects, Challenges, Action cards -----------------------------------------------------
    def _effect(self, state: DinerState, seat: int, legal: list[Action],
                rng: random.Random) -> Action:
        g = state.game
        supply = state.supplies[seat]
        need = _needs(state, seat)
        kitchen = state.kitchens[seat]

        def surplus(a: Action) -> int:
            k = g.kind_index[a.ingredient]
            return supply[k] - need[k]

        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return best_of(discards, surplus, rng)
        recycles = [a for a in legal if isinstance(a, Recycle) and surplus(a) > 0]
        if recycles:
            return best_of(recycles, surplus, rng)
        lefts = [a for a in legal if isinstance(a, MoveLeft)]
        if lefts:
            return best_of(lefts, lambda a: (-a.minutes,
                                             len(missing(state, kitchen[a.minutes - 1]))), rng)
        shortcut = [a for a in legal if isinstance(a, TakeFromPantry)]
        if shortcut:
            return best_of(shortcut, lambda a: need[g.kind_index[a.ingredient]]
                           - supply[g.kind_index[a.ingredient]], rng)
        announce = [a for a in legal if isinstance(a, AnnounceChallenge)]
        if announce and state.moods[seat] + 2 <= MOOD_MAX:
            return announce[0]
        quiet = [a for a in legal if not isinstance(a, (PlayAction, AnnounceChallenge))]
        declines = [a for a in quiet if isinstance(a, Decline)]
        if declines:
            return declines[0]
        return rng.choice(quiet or legal)


def _needs(state: DinerState, seat: int) -> list[int]:
    """For each kind, how many uncovered symbols of that kind the kitchen's orders show."""
    g = state.game
    need = [0] * len(g.kinds)
    for e in state.kitchens[seat]:
        if e is not None:
            for s in missing(state, e):
                if s < g.plate0:
                    need[s] += 1
    return need


def _pushed_by(kitchen: Sequence[Any], minutes: int) -> Any:
    """The order that laying a new order on the ``minutes`` space would push off the
    1-minute space (the occupied spaces from there down to 1 all shift right), or None."""
    i = minutes - 1
    while i >= 0 and kitchen[i] is not None:
        i -= 1
    return kitchen[0] if i < 0 and kitchen[minutes - 1] is not None else None


def points(state: DinerState) -> list[float]:
    """What a search bot (``mcts``) counts each seat's position as when it stops a playout
    before the end: the points it has (``scores()``: delivered orders and mood) plus what
    its kitchen promises (:func:`kitchen_value`)."""
    return [row["total"] + kitchen_value(state, state.kitchens[p], state.supplies[p])
            for p, row in enumerate(state.scores())]


def progress(state: DinerState) -> list[float]:
    """What ``greedy`` counts each seat's position as, one move ahead: the points it has
    (``scores()``) plus what its kitchen has gained towards delivery, :func:`kitchen_value`
    less what the same orders were worth with nothing on them. Why not :func:`points`:
    there an order just taken is worth its points over one more than its symbols, more
    than an ingredient adds, so a bot that looks one move ahead takes every phone call and
    never cooks (it lost all of 20 seeded games to ``random``). Here a new order is worth
    nothing until an ingredient is found for it, and the phone is taken only for its
    effects or when the pantry offers nothing."""
    g = state.game
    visit = top_is(state, MinutesStep)
    out = []
    for p, row in enumerate(state.scores()):
        kitchen, supply = state.kitchens[p], state.supplies[p]
        empty = sum(g.orders[e[0]].points / (1 + len(g.symbols[e[0]]))
                    for e in kitchen if e is not None)
        cost = 0.0
        if visit is not None and visit.player == p:
            # A pantry visit under way (D2: the space is chosen, then the minutes paid):
            # its ingredients are as good as in the supply, its minutes still to pay.
            supply = added(supply, state.space(visit.row, visit.column))
            cost = push_cost(state, kitchen, visit.left) + MINUTE_COST * visit.left
        out.append(row["total"] + joker_paid_value(state, p, kitchen, supply) - empty - cost)
    return out


def joker_paid_value(state: DinerState, seat: int, kitchen: Sequence[Any],
                     supply: Sequence[int]) -> float:
    """:func:`kitchen_value` with a joker the seat is stacking counted finished: its symbol
    covered and what it still takes gone from the supply (2 Daisies, or any ingredients
    making 4, whichever leaves the kitchen worth most). Why: a joker covers its
    symbol only once it is stacked, and its first ingredient already covers it on the card;
    counted as it stands, starting a joker cost nothing and its first ingredient bought a
    symbol, so ``greedy`` started jokers on anything and spent four ingredients its orders
    needed on one symbol (ruling D11 offers a joker before the placements)."""
    joker = state.joker_being_built()
    if joker is None or state.stack[-1].player != seat:
        return kitchen_value(state, kitchen, supply)
    g = state.game
    order, i = joker
    stack = state.joker_stack(seat)
    slot = state.slot_of(seat, order)
    entry = kitchen[slot]
    covers = list(entry[1])
    covers[i] = covers[i] or (g.daisy,)         # covered: missing() reads only that
    kitchen = [*kitchen[:slot], (entry[0], tuple(covers), *entry[2:]), *kitchen[slot + 1:]]
    options = []
    if (len(stack) < DAISY_JOKER and all(k == g.daisy for k in stack)
            and supply[g.daisy] >= DAISY_JOKER - len(stack)):
        left = list(supply)
        left[g.daisy] -= DAISY_JOKER - len(stack)
        options.append(left)
    # Every way to make it 4: a few dozen at most (up to 4 of the 6 kinds), and a joker
    # is at hand in few positions.
    for pay in combinations_with_replacement(g.ingredients, ANY_JOKER - len(stack)):
        left = list(supply)
        for k in pay:
            left[k] -= 1
        if min(left) >= 0:
            options.append(left)
    return max((kitchen_value(state, kitchen, left) for left in options),
               default=kitchen_value(state, kitchen, supply))


#: The fast playout policy a search bot (``mcts``) finishes its simulated games with.
ROLLOUT = CookBot
#: How ``mcts`` searches the Diner (treehouse_lab.search.mcts): playouts of about a round
#: and a half (a turn is some ten decisions: the shelf, its minutes, the placements),
#: scored by :func:`points`, 4 points making odds of e to 1; widening over the many small
#: steps of a turn; 30 deals of the hidden order pile.
SEARCH = {"depth": 40, "scale": 4.0, "widen": 0.5, "deals": 30}
POINTS = points
#: What ``greedy`` looks one move ahead on in the Diner (treehouse_lab.bots): the points
#: it has and its kitchen's progress (:func:`progress`), so that a pantry visit that brings
#: an order nearer to delivery is worth something before the delivery's points arrive.
GREEDY_POINTS = progress


__all__ = ["GREEDY_POINTS", "POINTS", "ROLLOUT", "SEARCH", "CookBot", "joker_paid_value",
           "jokers_affordable", "kitchen_value", "missing", "points", "progress", "push_cost",
           "safe_minutes"]
