"""Treehouse Diner bots: the determinizer the search bot needs.

Why: a search bot (``mcts``) is handed a copy of the true state, which holds what no
kitchen helper can see: the bag, the order pile, the Starting orders left in the box
(Setup 2), the Challenges left in the box (Save the Bees, Setup 2), the Action card draw
pile and the other helpers' Action card hands (Secret Ingredient, Setup 4: "Each player
now draws 1 random Action card"; a card is shown only when played). A bot that searched
the true state would play as if it could see through card backs, so
``treehouse_lab.search.determinize`` refuses a game that hides something and has no
``determinize`` hook here. This is that hook: ``determinize(game, observation, rng)``.

What a seat can know is more than what it sees, because every pile is a *set* to the
engine (a draw is a chance node with equal chances, so no pile's order is ever needed)
and everything else is on the table. Counted, not guessed:

* the bag holds exactly the tokens not in the pantry, a supply, a kitchen, the compost or
  a beehive ("Refilling the Ingredient Bag": ingredients are never made or lost);
* the order pile holds every Basic (or Chili) order not on the phone tray, in a kitchen,
  delivered or on the discard pile;
* the Challenge box holds the Challenges neither face up nor announced.

Dealt at random with ``rng``, each deal equally likely, because the observation cannot
tell:

* which of the other helpers' Action cards and the draw pile hold the Action cards the
  seat has not seen (not in its hand, on the discard pile or being played): the other
  hands' sizes show, so the unseen cards are shuffled and dealt in those sizes;
* which unseen Starting orders are still in the box and which were dealt, pushed out and
  shuffled into the order pile with the discard pile (ruling D15): the box holds as many
  of each length as were not dealt (Setup 2: one of 4 and one of 6 minutes each).

The observation is the seat's view *now*: what it saw earlier (a card drawn, the Starting
orders dealt at set-up) is not remembered, as in Backyard's determinizer.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, NamedTuple

from ...errors import RuleError
from .rules import BEE, STARTING_MINUTES
from .state import _BEES_FIELDS, _CHILI_FIELDS, _FIELDS

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerGame, DinerState


class _Plan(NamedTuple):
    """What every sample of one observation shares, and what is dealt anew each time."""

    base: DinerState                 # checked as a save, with the unknowns dealt in order
    deck: tuple[str, ...]            # the Basic/Chili orders in the pile (counted)
    starting: tuple[tuple[tuple[str, ...], int], ...]  # (unseen Starting orders, how many
    #                                  of them are in the box), one entry per length
    unseen: tuple[str, ...]          # the Action cards the seat has not seen
    others: tuple[tuple[int, int], ...]  # (seat, hand size) of each other hand


#: The last observation determinized and its plan: a search draws hundreds of samples
#: from one observation, so the save is counted and checked once and only the deals are
#: redone. (Compared by value, so a changed observation is planned again.)
_LAST: tuple | None = None


def determinize(game: DinerGame, observation: dict, rng: random.Random) -> DinerState:
    """A state the observing seat cannot tell apart from the real one, built from its
    ``observation`` (``state.observation(seat)``) alone: see the module docstring and
    ``treehouse_lab.search.determinize``."""
    global _LAST
    last = _LAST
    if last is not None and last[0] is game and last[1] == observation:
        plan: _Plan = last[2]
    else:
        plan = _plan(game, observation)
        _LAST = (game, copy.deepcopy(observation), plan)
    s = plan.base.clone()
    ambiguous = [(ids, k) for ids, k in plan.starting if 0 < k < len(ids)]
    if ambiguous:
        box = [o for ids, k in plan.starting if not 0 < k < len(ids) for o in ids[:k]]
        deck = list(plan.deck)
        deck += (o for ids, k in plan.starting if not 0 < k < len(ids) for o in ids[k:])
        for ids, k in ambiguous:
            shuffled = list(ids)
            rng.shuffle(shuffled)
            box += shuffled[:k]
            deck += shuffled[k:]
        s._box = tuple(sorted(box))
        s._deck = tuple(sorted(deck))
    if plan.unseen:
        cards = list(plan.unseen)
        rng.shuffle(cards)
        hands = list(s._hands)
        at = 0
        for q, n in plan.others:
            hands[q] = tuple(cards[at:at + n])
            at += n
        s._hands = tuple(hands)
        s._adeck = tuple(sorted(cards[at:]))
    # The deals change what the other hands hold and what a pile can give.
    s._legal = None
    s._chance = None
    return s


def _plan(game: DinerGame, observation: dict) -> _Plan:
    """Count the piles the observation leaves out, deal the unknowns in a fixed order and
    check the result as a save (``game.state_from_json``: a bad observation is refused
    with the field it got wrong, never turned into a broken state)."""
    if not isinstance(observation, dict) or observation.get("game") != game.NAME \
            or "player" not in observation:
        raise RuleError("diner determinize: expected an observation of Treehouse Diner "
                        "(state.observation(seat))")
    me = observation["player"]
    who = game.player_name(me)

    def check(what: str, have: int, shown: int) -> None:
        if have != shown:
            raise RuleError(f"diner determinize: the observation of {who} leaves {have} "
                            f"{what} unseen, but shows a count of {shown}")

    keys = _FIELDS + (_BEES_FIELDS if game.bees else ()) + (_CHILI_FIELDS if game.chili else ())
    save = {k: observation[k] for k in keys if k in observation}

    # The bag: the starting bag (Components, with the modules' chilis and bees) minus
    # every token in sight.
    left = dict(zip(game.kinds, game.bag_start))

    def take(tokens: list[str]) -> None:
        for k in tokens:
            left[k] -= 1

    take(observation["compost"])
    for row in observation["pantry"]:
        for space in row:
            take(space)
    for supply in observation["supplies"]:
        take(supply)
    seen_orders: set[str] = {o for o in observation["tray"] if o}
    seen_orders.update(observation["discard"])
    for d in observation["delivered"]:
        seen_orders.update(d)
    for kitchen in observation["kitchens"]:
        for e in kitchen:
            if e is None:
                continue
            seen_orders.add(e["order"])
            for cover in e["covers"]:
                take(cover)
            if game.bees:
                left[BEE] -= e["bees"]
    if game.bees:
        left[BEE] -= sum(observation["beehives"])
    if any(c < 0 for c in left.values()):
        raise RuleError(f"diner determinize: the observation of {who} shows more "
                        "ingredients than the game has")
    bag = [k for k in game.kinds for _ in range(left[k])]
    check("ingredients in the bag", len(bag), observation["bag_count"])
    save["bag"] = bag

    # The orders: Basic (Chili) orders not in sight are in the pile. Of the unseen
    # Starting orders of each length, the box keeps those not dealt (Setup 2: one each,
    # the deals still on the stack not yet made); the rest went through the discard pile
    # into the pile (D15).
    deck = tuple(sorted(o for o in game.basic_ids if o not in seen_orders))
    to_deal: dict[int, int] = {}
    for t in observation["stack"]:
        if t["task"] == "deal":
            to_deal[t["minutes"]] = to_deal.get(t["minutes"], 0) + 1
    starting = []
    box: list[str] = []
    extra: list[str] = []
    for m in STARTING_MINUTES:
        ids = tuple(sorted(o for o in game.starting_ids
                           if game.orders[o].minutes == m and o not in seen_orders))
        total = sum(1 for o in game.starting_ids if game.orders[o].minutes == m)
        k = total - game.players + to_deal.get(m, 0)
        if not 0 <= k <= len(ids):
            raise RuleError(f"diner determinize: the box should hold {k} Starting orders of "
                            f"{m} minutes, but the observation of {who} leaves {len(ids)} "
                            "unseen")
        starting.append((ids, k))
        box += ids[:k]
        extra += ids[k:]
    check("Starting orders in the box", len(box), observation["box_count"])
    check("orders in the order pile", len(deck) + len(extra), observation["deck_count"])
    save["deck"] = sorted(deck + tuple(extra))
    save["box"] = sorted(box)

    if game.bees:
        seen_c = {c for x in (*observation["challenges"], *observation["announced"]) for c in x}
        cbox = sorted(c for c in game.challenges if c not in seen_c)
        check("Challenges in the box", len(cbox), observation["challenge_box_count"])
        save["challenge_box"] = cbox

    unseen: tuple[str, ...] = ()
    others: tuple[tuple[int, int], ...] = ()
    if game.chili:
        mine = observation["hands"][me]
        counts = observation["hand_counts"]
        if not isinstance(mine, list) or len(mine) != counts[me]:
            raise RuleError(f"diner determinize: the observation of {who} must show its own "
                            "hand, as many cards as its hand count")
        spent = [t["card"] for t in observation["stack"] if t["task"] == "spent"]
        seen_a = {*mine, *observation["action_discard"], *spent}
        unseen = tuple(sorted(c for c in game.action_cards if c not in seen_a))
        others = tuple((q, n) for q, n in enumerate(counts) if q != me)
        check("Action cards in the other hands and the draw pile", len(unseen),
              sum(n for _, n in others) + observation["action_deck_count"])
        hands: list[list[str]] = []
        at = 0
        for q in range(game.players):
            if q == me:
                hands.append(list(mine))
            else:
                hands.append(list(unseen[at:at + counts[q]]))
                at += counts[q]
        save["hands"] = hands
        save["action_deck"] = list(unseen[at:])
    return _Plan(game.state_from_json(save), deck, tuple(starting), unseen, others)


__all__ = ["determinize"]
