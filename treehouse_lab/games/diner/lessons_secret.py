"""The Treehouse Diner module lesson "Secret Ingredient" (``diner-secret``), taught on a
live game as data: play an Action card, take Chili orders and Soup Stews, fill plates and
hunt the rare chili.

Why a module of its own: one module per lesson; what the module lessons share (the short
game, the recap of the basic game, where a step of several moves ends) is in
``lessons_common.py``; ``lessons.py`` lists this plan after the basic game's in ``LESSONS``.

Sections quoted are those of the Treehouse Diner rulebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from ...lessons.scores import score_rows
from ...lessons.steps import Do, LessonPlan, Read
from .actions import Place, PlacePlate, PlayAction, TakeOrder
from .lessons_common import (
    ANY,
    ROUNDS,
    SEAT,
    cite,
    in_bag,
    joined,
    rest_of_turn,
    space_has,
    stage_words,
    turn_no,
    until_choice,
    winners,
)
from .rules import CHILI, a_an
from .stages import Phase1Step, at_phone, effect_under_way

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


def _soup(s: DinerState, order: str) -> bool:
    """A Soup Stew: plate symbols instead of ingredients (Soup Stew Orders)."""
    return any(k.startswith("plate_") for k in s.game.orders[order].ingredients)


def _chili_order(s: DinerState, order: str) -> bool:
    return CHILI in s.game.orders[order].ingredients


def _special(s: DinerState, order: str) -> bool:
    """A Chili order that needs the chili, or a Soup Stew (plates)."""
    return _soup(s, order) or _chili_order(s, order)


def _plates(s: DinerState, seat: int) -> str:
    """The learner's Soup Stews, plate by plate: what each letter holds so far."""
    g = s.game
    out = []
    for e in s.kitchen(seat).values():
        syms = g.orders[e["order"]].ingredients
        if not any(k.startswith("plate_") for k in syms):
            continue
        held: dict[str, str] = {}
        for sym, cover in zip(syms, e["covers"]):
            if cover and len(cover) == 1:
                held.setdefault(sym[-1].upper(), cover[0])
        letters = sorted({k[-1].upper() for k in syms})
        said = [f"{x} holds {a_an(held[x])}" for x in letters if x in held]
        still = [x for x in letters if x not in held]
        if still:
            said.append(f"{joined(still)} still open" if said else "all open")
        plates = " ".join(k[-1].upper() for k in syms)
        out.append(f"{e['name']} (plates {plates}: {', '.join(said)})")
    return "; ".join(out)


def _order_words(s: DinerState, order: str) -> str:
    o = s.game.orders[order]
    parts = []
    if CHILI in o.ingredients:
        parts.append("needs the chili")
    plates = sorted(k[-1].upper() for k in o.ingredients if k.startswith("plate_"))
    if plates:
        parts.append(f"plates {' '.join(plates)}")
    return f"{o.name} ({', '.join(parts) or 'no chili'}, {o.points} points)"


PLAY = kind(PlayAction, "play your Action card")
TAKE_SOUP = where(lambda s, p, a: isinstance(a, TakeOrder) and _soup(s, a.order),
                  "take a Soup Stew from the phone tray")
TAKE_CHILI = where(lambda s, p, a: isinstance(a, TakeOrder) and _chili_order(s, a.order),
                   "take a Chili order that needs the chili")
#: at a pick after the first (the phone's later picks): never to send you to the phone
PICK_SPECIAL = where(lambda s, p, a: isinstance(a, TakeOrder) and at_phone(s)
                     and _special(s, a.order),
                     "take a Soup Stew or a Chili order that needs the chili")
TAKE = kind(TakeOrder, "take an order from the phone tray")
PLATE = kind(PlacePlate, "place an ingredient on a plate of your Soup Stew")
CHILI_ON = kind(Place, "place your chili on an order", ingredient=CHILI)
CHILI_SHELF = where(lambda s, p, a: space_has(s, a, CHILI),
                    "go to the pantry for a shelf space that holds a chili")



def _chili_setup(s: DinerState, seat: int) -> str:
    # Short (a first step): the phone tray's orders are told at the phone step.
    g = s.game
    hand = [g.action_cards[c].text for c in s.hand(seat)]
    return ("Press Next. 8 chilis join the bag, and the pantry shows its chili side "
            f"(Setup Changes). {in_bag(s, CHILI)}. Your Action card: "
            + " / ".join(hand))


def _play_card(s: DinerState, seat: int) -> str:
    if which(PLAY_CARD, s, seat) == 0:
        g = s.game
        cards = " / ".join(g.action_cards[c].text for c in s.hand(seat))
        return (f"Play your Action card now: {cards} Action cards are one-time abilities "
                "you may play \"at any time during your turn\", each carried out at once, then "
                "discarded.")
    return "Your card's effect: " + stage_words(s, seat)


PLAY_CARD = first_of(PLAY, ANY)


def _tray(s: DinerState, test: Any) -> str:
    return "; ".join(_order_words(s, o) for o in s.tray() if o and test(s, o))


def _phone(s: DinerState, seat: int) -> str:
    branch = which(PHONE, s, seat)
    last = " Everyone then takes an order in turn, you the last."
    if branch <= 2 and not isinstance(s.top, Phase1Step):
        return ("At the phone each one takes an order in turn, and whoever went to the phone "
                "takes the last one. Take " + ("the spotlit Soup Stew." if branch == 0 else
                                               "the spotlit Chili order." if branch == 1 else
                                               "an order."))
    if branch == 0:
        return ("A Soup Stew is on the phone tray: go to the phone and take it: "
                + _tray(s, _soup) + ". A Soup Stew shows plates instead of ingredients (Soup "
                "Stew Orders)." + last)
    if branch == 1:
        return ("No Soup Stew is on the tray, but a Chili order is: go to the phone and take "
                "it: " + _tray(s, _chili_order) + ". The chili is \"a very rare and coveted "
                "ingredient\" (Chili Orders)." + last)
    if branch == 2:
        return ("Neither is on the tray now: go to the phone anyway and take the order you "
                "like. Soup Stews and orders that need the chili may come later." + last)
    return _filling(s, seat)


def _filling(s: DinerState, seat: int) -> str:
    """The text of the chili lesson's later steps, following ``FILL``'s branch."""
    branch = which(FILL, s, seat)
    if branch == 0:
        return ("At the phone: take a Soup Stew or a Chili order that needs the chili: "
                + _tray(s, _special) + ".")
    if branch == 1:
        return ("Place an ingredient on a spotlit plate: any ingredient fits, but identical "
                "plates (same letter) need identical ingredients, different letters different "
                "ones. Your Soup Stews: " + _plates(s, seat) + ".")
    if branch == 2:
        return ("Place your chili: it is an ingredient like the others, just rare (Chili "
                "Orders).")
    return stage_words(s, seat)


PHONE = first_of(TAKE_SOUP, TAKE_CHILI, TAKE, PLATE, CHILI_ON, ANY)
FILL = first_of(PICK_SPECIAL, PLATE, CHILI_ON, ANY)


def _fetch_chili(s: DinerState, seat: int) -> str:
    branch = which(FETCH_CHILI, s, seat)
    if s.active != seat:
        return stage_words(s, seat)
    odds = (f" Only 8 chilis exist: {in_bag(s, CHILI)}, so a refilled circle rarely shows "
            "one.")
    if branch == 0:
        return ("Go to the pantry for a spotlit shelf space with a chili: grab one while you "
                "can." + odds)
    if isinstance(s.top, Phase1Step):
        return ("No chili space is one your kitchen can pay for now: take another shelf space "
                "or go to the phone." + odds)
    return stage_words(s, seat) + odds


FETCH_CHILI = first_of(CHILI_SHELF, ANY)


def _chili_last(s: DinerState, seat: int) -> str:
    if s.active != seat:
        return _filling(s, seat)
    return "Last turn: only what you deliver now scores. " + _filling(s, seat)


def _chili_scores(s: DinerState, seat: int) -> str:
    rows = score_rows(s, seat, lambda p, sc: (
        f"{sc['orders']} orders, {sc['mood']} mood = {sc['total']}"))
    return (f"The game is over (round {ROUNDS}). Scoring is the basic game's: your delivered "
            "orders' points (Chili orders and Soup Stews too) plus your mood; unplayed Action "
            "cards score nothing. " + "; ".join(rows) + f". {winners(s, seat)}.")


def _card_played(s: DinerState, seat: int, a: Any) -> bool:
    """``again`` for the card step: until the learner's first turn, and then while the
    card's effect still asks the learner something."""
    return s.turn < turn_no(s, seat, 1) or (effect_under_way(s)
                                              and s.current_player == seat)


SECRET = LessonPlan(
    id="diner-secret",
    title="Treehouse Diner: Secret Ingredient",
    game="diner",
    options={"players": 2, "modules": ("chili",), "round_limit": ROUNDS},
    bot="diner-cook",
    seat=SEAT,
    minutes=10,
    summary="Play an Action card, take Chili orders and Soup Stews, fill plates and hunt "
            "the rare chili, in a short game against a bot.",
    steps=(
        Read("The chili side", _chili_setup,
             rule=cite('Module "Secret Ingredient": Setup Changes'),
             rule_id="diner/module-secret-ingredient-setup-changes"),
        Do("Play an Action card", _play_card, PLAY_CARD,
           hint="Click your Action card (below your kitchen) to play it.",
           rule=cite("Action Cards"), rule_id="diner/action-cards", again=_card_played),
        Do("Chili orders and Soup Stews", _phone, PHONE,
           hint="Click a spotlit order on the phone tray; in Phase 2 click an ingredient, "
                "then where it goes.",
           rule=cite("Chili Orders"), rule_id="diner/chili-orders", again=rest_of_turn(1)),
        Do("Hunt the chili", _fetch_chili, FETCH_CHILI,
           hint="Look for the red chili tokens on the shelves.",
           rule=cite("Chili Orders"), rule_id="diner/chili-orders",
           again=until_choice(2)),
        Do("Fill the plates", _filling, FILL,
           hint="Pay the minutes, then place each ingredient: a plate takes any ingredient "
                "its letter allows.",
           rule=cite("Soup Stew Orders"), rule_id="diner/soup-stew-orders",
           again=rest_of_turn(2)),
        Do("Your last turn", _chili_last, FILL,
           hint="The spotlit moves are the ones this step asks for.",
           rule=cite("Action Cards"), rule_id="diner/action-cards", again=rest_of_turn(3)),
        Read("Scoring", _chili_scores, rule=cite("End of the Game"),
             rule_id="diner/end-of-the-game"),
    ),
)


__all__ = ["SECRET"]
