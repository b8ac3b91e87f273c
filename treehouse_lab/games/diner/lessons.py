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
from .stages import MinutesStep, at_phone, effect_under_way

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


def _missing(s: DinerState, seat: int) -> dict[str, int]:
    """What the learner's orders still need beyond the supply: what to fetch."""
    g = s.game
    need: dict[str, int] = {}
    for e in s.kitchen(seat).values():
        for k, c in zip(g.orders[e["order"]].ingredients, e["covers"]):
            if not c:
                need[k] = need.get(k, 0) + 1
    return {k: n - s.supply(seat).get(k, 0) for k, n in need.items()
            if n > s.supply(seat).get(k, 0)}


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
    return s.turn == 0 and f"{s.game.player_name(seat)} draws an ingredient" in \
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
    missing = _missing(s, seat)
    want = (f"Beyond what you hold, your orders need {_counts(missing)}: pick a space with "
            "some." if missing else "What you hold covers your orders: pick any space.")
    return ("Phase 1: go to the pantry. Click a shelf space to take all its ingredients; "
            "each costs a minute, so only spaces your orders can pay for are spotlit. "
            + want)


def _until(types: tuple[type, ...]) -> Any:
    """A step's ``again``: stay after a move the engine asked for out of the step's way
    (the phone out of turn, a discard), so the step still teaches what it is for."""
    return lambda s, seat, a: not isinstance(a, types)


def _paying(s: DinerState, seat: int, a: Any) -> bool:
    """Stay while the visit still asks for a minute or a refilled row's bonus."""
    paying = (MoveOrder, Recycle, Decline, MoveLeft)
    return not isinstance(a, paying) or (
        _learner_still(s, seat, paying)
        and (isinstance(s.top, MinutesStep) or effect_under_way(s)))


MINUTE = kind(MoveOrder, "pay a minute: click an order to move it one space right")
PUSH_OFF = where(lambda s, p, a: isinstance(a, MoveOrder) and a.minutes == 1,
                 "push the order on the 1-minute space off your kitchen")
MINUTES_STEP = first_of(MINUTE, NOW)
PUSH_STEP = first_of(PUSH_OFF, MINUTE, NOW)


def _minutes(s: DinerState, seat: int) -> str:
    if which(MINUTES_STEP, s, seat):
        return _now(s, seat)
    push = any(isinstance(a, MoveOrder) and a.minutes == 1 for a in _legal(s, seat))
    text = ("Pay a minute per ingredient: click an order to move it one space right, toward "
            "1 minute (onto a free space, no skipping). An order's space is the time it has "
            "left, so move orders with time to spare.")
    if push:
        text += (" The order on the 1-minute space may be pushed off to pay a minute, for a "
                 "complaint (-1 mood).")
    return text


def _push(s: DinerState, seat: int) -> str:
    branch = which(PUSH_STEP, s, seat)
    if branch == 2:
        return _now(s, seat)
    if branch == 0:
        return ("An order lies on your 1-minute space: click it to push it off your kitchen. "
                "That pays a minute, but earns a complaint: the order is discarded, its "
                "ingredients composted, and your mood drops 1 (-1 point at the end). Try it "
                "once to see how it works.")
    return ("Pay the minutes: click an order to move it one space right. None of yours can be "
            "pushed off now; an order on the 1-minute space may be, to pay a minute, but that "
            "earns a complaint (-1 point at the end).")


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


#: Ingredient Jokers and ruling D11 in a sentence (the Jokers step; the rest is in the
#: Rules panel: four Daisies, one ingredient at a time).
JOKER_RULE = ("a joker of 2 Daisies or any 4 ingredients stands in for a missing ingredient, "
              "only where your supply holds none of it (ruling D11).")


def _building(s: DinerState, seat: int) -> bool:
    return any(isinstance(a, Joker) for a in _legal(s, seat))


def _assign_words(s: DinerState, seat: int, jokers: str) -> str:
    """Phase 2's text: what to click, the must-assign rule, what the learner holds, and
    ``jokers`` (a step's words on the J boxes, when one may be started)."""
    if _building(s, seat):
        return ("You are building a joker (2 Daisies or 4 ingredients): add the next "
                "ingredient to it.")
    text = ("Phase 2: click an ingredient, then a spotlit symbol it matches. Every "
            "ingredient that fits must go on now, and a completely covered order is "
            f"delivered for its points. You hold {_counts(s.supply(seat))}.")
    if jokers and any(isinstance(a, StartJoker) for a in _legal(s, seat)):
        text += " " + jokers
    return text


def _assign(s: DinerState, seat: int) -> str:
    """The first Phase 2: the J boxes are only named (the Jokers step teaches them)."""
    return _phase2(s, seat, "The J boxes make jokers, for a later step.")


def _deliver(s: DinerState, seat: int) -> str:
    """The last Phase 2: the learner knows jokers by now."""
    return _phase2(s, seat, "You may also build a joker in a J box.")


def _phase2(s: DinerState, seat: int, jokers: str) -> str:
    branch = which(ASSIGN_STEP, s, seat)
    if branch == 2:
        return _now(s, seat)
    if branch == 1:
        return _finish(s, seat)
    return _assign_words(s, seat, jokers)


def _joker_text(s: DinerState, seat: int) -> str:
    branch = which(JOKER_STEP, s, seat)
    daisies = s.supply(seat).get("daisy", 0)
    total = sum(s.supply(seat).values())
    if branch == 0:
        if _building(s, seat):
            return _assign_words(s, seat, "")
        return (f"Jokers: {JOKER_RULE} You hold {daisies} Daisies and {total} ingredients: "
                "click a spotlit J box under a missing symbol to start one (jokers are "
                "optional; try one here).")
    if branch == 1:
        return (f"Jokers: {JOKER_RULE} No joker fits now (you hold "
                f"{_counts({'daisy': daisies}) if daisies else 'no Daisy'} and {total} "
                f"ingredient{'s' if total != 1 else ''} in all): click an ingredient, then a "
                "spotlit symbol it matches.")
    return _phase2(s, seat, "")


def _finish(s: DinerState, seat: int) -> str:
    done = [e["name"] for e in s.kitchen(seat).values() if e["complete"]]
    head = (f"Nothing more fits (you keep {_counts(s.supply(seat))}): click Finish. Every "
            "completely covered order is then delivered: its ingredients go to the compost, "
            "the card to your delivery space, and its points count at the end. ")
    if done:
        return head + f"{_and(done)} will be delivered."
    return head + "No order is completely covered yet."



# -- Phase 1: the phone -----------------------------------------------------------------------

TAKE = kind(TakeOrder, "go to the phone: click an order on the phone tray")
PHONE_STEP = first_of(TAKE, NOW)


def _phoning(s: DinerState, seat: int, a: Any) -> bool:
    """Stay for the last pick of the learner's own phone round (D6): the tray is refilled
    only after it."""
    return not isinstance(a, TakeOrder) or (
        (at_phone(s) or effect_under_way(s)) and s.active == seat
        and any(s.tray()))


def _phone(s: DinerState, seat: int) -> str:
    if which(PHONE_STEP, s, seat):
        return _now(s, seat)
    if s.active != seat:
        return _now(s, seat) + " Its effects (top right of the card) happen at once."
    return ("This turn, go to the phone instead: click an order on the tray. It goes in your "
            "kitchen on the space of its minutes (top left of the card), and its effects "
            "(top right) happen at once. Then the others take one each, and you the last. "
            "New orders mean more points to earn.")


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
        f"{sc['orders']} for {len(s.delivered(p))} "
        f"order{'s' if len(s.delivered(p)) != 1 else ''} "
        f"{'+' if sc['mood'] >= 0 else '-'} {abs(sc['mood'])} mood = {sc['total']}"))
    return ("Score: delivered orders' points plus mood. Were it over now: "
            f"{'; '.join(rows)}. The game ends after the round in which someone delivers "
            f"{g.end_after} orders. Ties: most delivered orders, then most unfinished orders, "
            "ingredients on them, ingredients in supply.")


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
           hint="Click an order on the phone tray. A card shows its minutes (top left), "
                "ingredients, points (bottom right) and effects (top right).", **_cite(PHONE),
           teaches=(SYMBOLS_ON_ORDERS,)),
        Do("Jokers", _joker_text, JOKER_STEP, again=PHASE2_DONE,
           hint="Click an ingredient, then a symbol; a J box under a symbol starts a "
                "joker; Finish when nothing fits.", **_cite(JOKERS)),
        Do("Back to the pantry", _pantry, PANTRY_STEP, again=_until((ChooseShelf,)),
           hint="Click a spotlit shelf space.", **_cite(PANTRY)),
        Do("The starting lane", _push, PUSH_STEP, again=_paying,
           hint="Click the order on the 1-minute space to push it off, or an order to move "
                "it right.", **_cite(PUSH)),
        Do("Deliver", _deliver, ASSIGN_STEP, again=PHASE2_DONE,
           hint="Click an ingredient, then a spotlit symbol; Finish when nothing fits.",
           **_cite(DELIVER)),
        Read("Scoring, the end and the tiebreakers", _scores, **_cite(END)),
    ),
)

# The basic game's lesson first; the module lessons ("Save the Bees", "Secret Ingredient")
# are written one module each (lessons_bees.py, lessons_secret.py) and listed after it.
LESSONS: tuple[LessonPlan, ...] = (DINER, BEES, SECRET)

__all__ = ["DINER", "LESSONS", "bag_odds", "rule_id"]
