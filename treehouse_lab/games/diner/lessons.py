"""Treehouse Diner lessons: the rules taught on a live game, as data.

The lesson ``diner`` plays the basic game with 2 kitchen helpers (the quickest table: a
bot's turn is one short paragraph) against ``diner-cook``, the Diner's teaching bot
(bots.py: it plans its pantry visits and chases its nearest orders). The learner plays
three turns: the pantry, the phone, the pantry again. One decision in the Diner takes
several moves (a minute per ingredient, an ingredient per symbol), so those steps stay
for another move (``Do.again``) until the decision is made.

Any deal: the bot may send the learner to the phone out of turn, an effect may ask for a
discard, a shelf row may pay its bonus. Every step therefore accepts first what it teaches
and otherwise whatever the engine asks for now (``first_of(..., NOW)``), and its text says
which (``which``). The bag's odds come from the engine's chance node; everything outside
the bag is on the table (ruling D19), so they are what the learner can count.

Sections quoted are those of the Treehouse Diner rulebook; rulings D1, D2 ... are in
docs/rulings/diner.md.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from ...lessons.odds import fraction
from ...lessons.scores import score_rows
from ...lessons.steps import Do, LessonPlan, Read, Teaches
from .actions import (
    ChooseShelf,
    Decline,
    Discard,
    DrawIngredient,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    Recycle,
    StartJoker,
    TakeOrder,
)
from .lessons_bees import BEES
from .lessons_secret import SECRET
from .rules import a_an, ingredient

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

BOOK = "Treehouse Diner rulebook"
SEAT = 0


def rule_id(section: str) -> str:
    """The Rules panel's id of a rulebook section: "diner/" and the title lowercased, every
    run of other characters than a-z and 0-9 one "-"."""
    return "diner/" + re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")


def _cite(section: str) -> dict[str, str]:
    return {"rule": f"{BOOK}, '{section}'", "rule_id": rule_id(section)}


SETUP = "Setup - Basic Game"
PANTRY = "A) Go to the Pantry to Fetch Ingredients"
PUSH = "Pushing Orders Off the Starting Lane"
PHONE = "B) Go to the Phone to Accept New Orders"
ASSIGN = "2. Assign Ingredients to Orders and Deliver Completed Orders"
JOKERS = "Ingredient Jokers"
DELIVER = "Delivering Orders"
END = "End of the Game"


# -- reading the position ----------------------------------------------------------------

def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(kind_: str, n: int) -> str:
    word = ingredient(kind_)
    if n == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") and word != "Daisy" else (
        "Daisies" if word == "Daisy" else word + "es" if word.endswith("sh") else word + "s")


def _counts(counts: dict[str, int]) -> str:
    return _and([f"{n} {_plural(k, n)}" for k, n in counts.items() if n]) or "nothing"


def _legal(s: DinerState, seat: int) -> list[Any]:
    return s.legal_actions(seat) if seat in s.actors() else []


def _kitchen(s: DinerState, seat: int) -> str:
    """Each order of the kitchen, its space and what it still needs."""
    g = s.game
    parts = []
    for minutes, e in sorted(s.kitchen(seat).items(), reverse=True):
        need = [k for k, c in zip(g.orders[e["order"]].ingredients, e["covers"]) if not c]
        parts.append(f"{e['name']} on the {minutes}-minute space (still needs "
                     f"{_and([ingredient(k) for k in need]) or 'nothing'})")
    return _and(parts) or "no order"


def _now(s: DinerState, seat: int) -> str:
    """What the engine asks of the learner now, in a sentence, with the rule behind it."""
    legal = _legal(s, seat)
    if any(isinstance(a, TakeOrder) for a in legal) and s.active != seat:
        return (f"{s.game.player_name(s.active)} went to the phone, and \"the other kitchen "
                "helpers, clockwise, also each take an order\" (Go to the Phone): take one "
                "now. It goes on the space of its minutes, and what lies there moves right.")
    if any(isinstance(a, Discard) for a in legal):
        return ("An order's effect says to discard an ingredient (Symbol Overview): choose "
                "one of your supply for the compost box.")
    if any(isinstance(a, (Recycle, Decline)) for a in legal):
        return ("You may recycle an ingredient (Symbol Overview): compost one and draw a new "
                "one from the bag, or keep your supply as it is.")
    if any(isinstance(a, MoveLeft) for a in legal):
        return ("An effect moves one of your orders 1 space to the left (Symbol Overview): "
                "more minutes to spend later. Choose which.")
    return f"The game asks: {s.waiting_for()}. Do that now (the spotlit targets)."


NOW = where(lambda s, p, a: True, "do what the game asks now (the spotlit targets)")


def _learner_still(s: DinerState, seat: int, types: tuple[type, ...]) -> bool:
    return any(isinstance(a, types) for a in _legal(s, seat))


# -- odds from the engine's chance node ----------------------------------------------------

def _first_draw(s: DinerState, seat: int) -> bool:
    """Stop before the learner's first ingredient from the bag (Setup step 4)."""
    return s.stage == "setup" and f"{s.game.player_name(seat)} draws an ingredient" in \
        s.waiting_for()


def bag_odds(s: DinerState) -> list[tuple[str, int, int]]:
    """(kind, how many of that kind are in the bag, how many in all), from the engine's
    chance outcomes: each kind's chance times the bag's count (public, D19)."""
    n = s.bag_count
    rows = []
    for a, p in s.chance_outcomes():
        if isinstance(a, DrawIngredient):
            k = p * n
            rows.append((a.ingredient, int(k), n))
    return rows


def _setup(s: DinerState, seat: int) -> str:
    g = s.game
    rows = bag_odds(s) if s.is_chance_node() else []
    # Short (a first step): the kitchen, the pantry and the phone are told at the steps
    # that use them.
    text = (f"Press Next to draw your first ingredients. You are {g.player_name(seat)}: "
            "deliver orders for points (Goal).")
    if rows:
        n = rows[0][2]
        odds = ", ".join(f"{_plural(kind_, 2)} {k}/{n}" for kind_, k, _ in rows)
        text += (f" The bag holds {n} ingredients, counted from what is on the table: "
                 f"{odds}.")
    return text


def _drew(before: DinerState, after: DinerState, seat: int) -> str:
    new = {k: n - before.supply(seat).get(k, 0) for k, n in after.supply(seat).items()}
    got = [k for k, n in new.items() if n > 0]
    if not got:
        return ""
    rows = {k: (c, n) for k, c, n in bag_odds(before)}
    c, n = rows[got[0]]
    return (f"You drew {a_an(got[0])}: {c} of the {n} ingredients were "
            f"{_plural(got[0], 2)}, a chance of {fraction(c, n)}.")


# -- Phase 1: the pantry -----------------------------------------------------------------

SHELF = kind(ChooseShelf, "go to the pantry: click a shelf space")
PANTRY_STEP = first_of(SHELF, NOW)


def _pantry(s: DinerState, seat: int) -> str:
    if which(PANTRY_STEP, s, seat):
        return _now(s, seat)
    return ("Your turn has two phases (Game Flow): 1. go to the pantry OR to the phone, 2. "
            "put ingredients on your orders and deliver the completed ones. Go to the "
            f"pantry now. Your kitchen: {_kitchen(s, seat)}; your supply: "
            f"{_counts(s.supply(seat))}. \"Choose a shelf space whose ingredients you want to "
            "put completely into your personal supply. For each ingredient in the chosen "
            "shelf space, one minute passes.\" Your orders can make "
            f"{s.capacity(seat)} minutes pass, so every space you can pay for is spotlit: "
            "pick one with ingredients your orders need.")


def _until(types: tuple[type, ...]) -> Any:
    """A step's ``again``: stay after a move the engine asked for out of the step's way
    (the phone out of turn, a discard), so the step still teaches what it is for."""
    return lambda s, seat, a: not isinstance(a, types)


def _paying(s: DinerState, seat: int, a: Any) -> bool:
    """Stay while the visit still asks for a minute or a refilled row's bonus."""
    paying = (MoveOrder, Recycle, Decline, MoveLeft)
    return not isinstance(a, paying) or (
        _learner_still(s, seat, paying) and s.stage in ("pantry", "effects"))


MINUTE = kind(MoveOrder, "pay a minute: click an order to move it one space right")
PUSH_OFF = where(lambda s, p, a: isinstance(a, MoveOrder) and a.minutes == 1,
                 "push the order on the 1-minute space off your kitchen")
MINUTES_STEP = first_of(MINUTE, NOW)
PUSH_STEP = first_of(PUSH_OFF, MINUTE, NOW)


def _minutes(s: DinerState, seat: int) -> str:
    if which(MINUTES_STEP, s, seat):
        return _now(s, seat)
    push = any(isinstance(a, MoveOrder) and a.minutes == 1 for a in _legal(s, seat))
    text = ("Time passes: \"For each passing minute you must move one order in your kitchen "
            "one space to the right\" (toward 1 minute), before you take the ingredients. "
            "\"The kitchen space onto which an order is moved must be free. Skipping is not "
            f"allowed.\" Your kitchen: {_kitchen(s, seat)}. Click an order to move it; one "
            "click per minute.")
    if push:
        text += (" An order on the 1-minute space can be pushed off the kitchen: that pays "
                 "a minute too, but it earns a complaint (your mood drops 1).")
    return text


def _push(s: DinerState, seat: int) -> str:
    branch = which(PUSH_STEP, s, seat)
    if branch == 2:
        return _now(s, seat)
    head = ("Pushing Orders Off the Starting Lane: \"If an order lies on the 1-minute "
            "kitchen space, you can push it down out of your kitchen. You thereby gain one "
            "minute ... but you also get a complaint.\" The order goes to the discard pile, "
            "its ingredients to the compost, and your mood marker moves 1 left (-1 point at "
            "the end). ")
    if branch == 0:
        return head + ("An order lies on your 1-minute space: push it off now (a minute "
                       "paid, a complaint taken) to see how it works.")
    return head + (f"No order of yours can be pushed off now ({_kitchen(s, seat)}): pay "
                   "the minute by moving an order one space right. Remember the rule for "
                   "when an order reaches the 1-minute space.")


# -- Phase 2: assigning ---------------------------------------------------------------------

ASSIGNING = (Place, StartJoker, Joker)
PLACE = kind(Place, "put an ingredient on a matching symbol (click it, then the symbol)")
JOKER_MOVE = where(lambda s, p, a: isinstance(a, (StartJoker, Joker)),
                   "build an ingredient joker (click a J box, then the ingredients)")
ASSIGN_MOVE = where(lambda s, p, a: isinstance(a, ASSIGNING),
                    "put an ingredient on a symbol, or build a joker")
FINISH = kind(FinishAssigning, "finish assigning and deliver the completed orders")
ASSIGN_STEP = first_of(ASSIGN_MOVE, FINISH, NOW)
JOKER_STEP = first_of(JOKER_MOVE, ASSIGN_MOVE, FINISH, NOW)
#: Phase 2 is one step: every ingredient placed, then Finish delivers
PHASE2_DONE = _until((FinishAssigning,))


def _jokers(s: DinerState, seat: int) -> str:
    """Ingredient Jokers and ruling D11, told on the learner's supply."""
    daisies = s.supply(seat).get("daisy", 0)
    total = sum(s.supply(seat).values())
    legal = _legal(s, seat)
    text = (" Ingredient Jokers: \"You may replace missing ingredients ... lay either 2 "
            "Daisies or 4 arbitrary ingredients stacked on the desired symbol.\" A joker "
            "goes only on a symbol whose ingredient your supply holds none of (ruling D11), "
            "and four Daisies count as 4 ingredients too.")
    if any(isinstance(a, Joker) for a in legal):
        return text + " You are building a joker: add the next ingredient to it."
    if any(isinstance(a, StartJoker) for a in legal):
        return text + (f" You hold {daisies} Daisies and {total} ingredients, so a joker is "
                       "possible now: click the J box under a missing symbol to start one.")
    return text + (f" You hold {daisies} Daisies and {total} ingredients in all: no joker "
                   "is possible now.")


def _assign(s: DinerState, seat: int) -> str:
    branch = which(ASSIGN_STEP, s, seat)
    if branch == 2:
        return _now(s, seat)
    supply = _counts(s.supply(seat))
    if branch == 1:
        return _finish(s, seat)
    return ("Phase 2: \"you must assign all ingredients available in your personal supply "
            "to the orders in your kitchen\". Lay them on matching symbols; one you could "
            "lay may not be kept for later. Your supply: " + supply + "; your kitchen: "
            + _kitchen(s, seat) + ". Click an ingredient, then the symbol to cover."
            + _jokers(s, seat))


def _joker_text(s: DinerState, seat: int) -> str:
    branch = which(JOKER_STEP, s, seat)
    if branch == 0:
        return ("Phase 2 again. " + _jokers(s, seat).strip()
                + " The spotlit targets build it (a joker is a \"may\": here you try it).")
    return _assign(s, seat)


def _finish(s: DinerState, seat: int) -> str:
    done = [e["name"] for e in s.kitchen(seat).values() if e["complete"]]
    head = (f"Nothing more fits (you keep {_counts(s.supply(seat))}). Delivering Orders: "
            "\"All orders that are now completely covered are delivered\": their ingredients "
            "go to the compost box, the order face down on your delivery space, and its "
            "points count at the end. ")
    if done:
        return head + f"{_and(done)} will be delivered. Finish your turn."
    return head + "No order is completely covered yet. Finish your turn."



# -- Phase 1: the phone -----------------------------------------------------------------------

TAKE = kind(TakeOrder, "go to the phone: click an order on the phone tray")
PHONE_STEP = first_of(TAKE, NOW)


def _phoning(s: DinerState, seat: int, a: Any) -> bool:
    """Stay for the last pick of the learner's own phone round (D6): the tray is refilled
    only after it."""
    return not isinstance(a, TakeOrder) or (
        s.stage in ("phone", "effects") and s.active == seat and any(s.tray()))


def _phone(s: DinerState, seat: int) -> str:
    if which(PHONE_STEP, s, seat):
        return _now(s, seat)
    g = s.game
    tray = [g.orders[o] for o in s.tray() if o]
    cards = _and([f"{o.name} ({o.minutes} min, {_and([ingredient(k) for k in o.ingredients])}; "
                  f"{o.points} points)" for o in tray])
    if s.active != seat:
        return (_now(s, seat) + f" On the tray: {cards}. An order card shows its minutes "
                "(top left), ingredients, points (bottom right) and effects (top right), "
                "which happen at once.")
    return ("This turn, go to the phone instead. \"Choose one of the face-up orders from the "
            "phone tray and lay it in your kitchen according to its preparation time. Then "
            "immediately carry out the order effects.\" Then the others take one each, and "
            f"you take the last one: nobody may pass. On the tray: {cards}. An order card "
            "shows its minutes (top left), ingredients, points (bottom right) and effects "
            "(top right). If its space is taken, the orders there move right.")


#: The order taken at the phone acts at once ("Then immediately carry out the order
#: effects"); when its effect asks the learner (discard, recycle, move an order left), the
#: phone step waits for that choice and ``_now`` explains the symbol (Symbol Overview).
#: Over 60 deals of the lesson that came in 20.
SYMBOLS_ON_ORDERS = Teaches("diner/symbol-overview", "the order you take has an effect that "
                            "asks you: discard, recycle, or move an order left")


# -- the end -------------------------------------------------------------------------------

def _scores(s: DinerState, seat: int) -> str:
    g = s.game
    rows = score_rows(s, seat, lambda p, sc: (
        f"{sc['orders']} for {len(s.delivered(p))} delivered orders "
        f"{'+' if sc['mood'] >= 0 else '-'} {abs(sc['mood'])} for the mood = {sc['total']}"))
    return ("End of the Game: it is triggered when someone has delivered "
            f"{g.end_after} orders (with {g.players} helpers), and the round is played to "
            "the end so that everyone has had the same number of turns. Then add up the "
            "points of your delivered orders and your mood (from -8 to +8). Were it over "
            f"now: {'; '.join(rows)}. Tiebreakers, in turn: 1. more delivered orders, 2. "
            "more unfinished orders in your kitchen, 3. more ingredients on them, 4. more "
            "ingredients in your supply (still equal: the win is shared, ruling D17). Play "
            "on with a full game to get there.")


DINER = LessonPlan(
    id="diner",
    title="Treehouse Diner: your first game",
    game="diner",
    options={"players": 2},
    bot="diner-cook",
    seat=SEAT,
    minutes=12,
    summary="Fetch ingredients from the pantry, pay in minutes, take orders on the phone, "
            "cover the symbols (jokers too) and deliver, against the diner-cook bot.",
    steps=(
        Read("Welcome to the diner", _setup, pause=_first_draw, then=_drew, **_cite(SETUP)),
        Do("Go to the pantry", _pantry, PANTRY_STEP, again=_until((ChooseShelf,)),
           hint="Click a shelf space of the pantry (the dashed areas with 1 to 4 "
                "ingredients); the spotlit ones are those your orders can pay for.",
           **_cite(PANTRY)),
        Do("Let the minutes pass", _minutes, MINUTES_STEP, again=_paying,
           hint="Click one of your orders: it moves one space right, toward 1 minute. The "
                "space it moves onto must be free.", **_cite(PANTRY)),
        Do("Cover the symbols and deliver", _assign, ASSIGN_STEP, again=PHASE2_DONE,
           hint="Click an ingredient in your supply, then a spotlit symbol of an order; "
                "when nothing fits any more, click Finish.", **_cite(ASSIGN)),
        Do("The phone", _phone, PHONE_STEP, again=_phoning,
           hint="Click an order on the phone tray.", **_cite(PHONE),
           teaches=(SYMBOLS_ON_ORDERS,)),
        Do("Jokers", _joker_text, JOKER_STEP, again=PHASE2_DONE,
           hint="Click an ingredient, then a symbol; a J box under a symbol starts a "
                "joker; Finish when nothing fits.", **_cite(JOKERS)),
        Do("Back to the pantry", _pantry, PANTRY_STEP, again=_until((ChooseShelf,)),
           hint="Click a spotlit shelf space.", **_cite(PANTRY)),
        Do("The starting lane", _push, PUSH_STEP, again=_paying,
           hint="Click the order on the 1-minute space to push it off, or an order to move "
                "it right.", **_cite(PUSH)),
        Do("Deliver", _assign, ASSIGN_STEP, again=PHASE2_DONE,
           hint="Click an ingredient, then a spotlit symbol; Finish when nothing fits.",
           **_cite(DELIVER)),
        Read("Scoring, the end and the tiebreakers", _scores, **_cite(END)),
    ),
)

# The basic game's lesson first; the module lessons ("Save the Bees", "Secret Ingredient")
# are written one module each (lessons_bees.py, lessons_secret.py) and listed after it.
LESSONS: tuple[LessonPlan, ...] = (DINER, BEES, SECRET)

__all__ = ["DINER", "LESSONS", "bag_odds", "rule_id"]
