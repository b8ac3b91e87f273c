"""The Treehouse Diner module lesson "Save the Bees" (``diner-bees``), taught on a live game
as data: fetch bees from the pantry, spread them over the orders with the fewest bees,
deliver them to the beehive, master Challenges.

Why a module of its own: one module per lesson; what the module lessons share (the short
game, the recap of the basic game, where a step of several moves ends) is in
``lessons_common.py``; ``lessons.py`` lists this plan after the basic game's in ``LESSONS``.

Sections quoted are those of the Treehouse Diner rulebook; rulings D24 ... are in
docs/rulings/diner.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from ...lessons.scores import score_rows
from ...lessons.steps import Do, LessonPlan, Read
from .actions import AnnounceChallenge, AssignBee, ChooseShelf, MoveOrder
from .lessons_common import (
    ANY,
    ROUNDS,
    SEAT,
    cite,
    in_bag,
    joined,
    pushed_bees,
    rest_of_turn,
    space_has,
    stage_words,
    until_choice,
    until_phase2,
    winners,
)
from .rules import BEE, title
from .stages import AssignStep, EndStep, MinutesStep, Phase1Step

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


def _paying(s: DinerState, seat: int, a: Any) -> bool:
    """``again``: minutes left to pay (the last one takes the space, ruling D2)."""
    return isinstance(s.top, MinutesStep) and s.active == seat


BEE_SHELF = where(lambda s, p, a: space_has(s, a, BEE),
                  "go to the pantry for a shelf space that holds a bee")
SHELF = kind(ChooseShelf, "go to the pantry for a shelf space")
MOVE = kind(MoveOrder, "pay a minute by moving one of your orders one space to the right")
BEE_ON = kind(AssignBee, "put a bee on one of your orders with the fewest bees")
ANNOUNCE = kind(AnnounceChallenge, "announce a Challenge you have mastered")


def _bees_setup(s: DinerState, seat: int) -> str:
    g = s.game
    # Short (a first step): each Challenge's condition is on the board and in the Rules
    # panel, and told when one is mastered.
    mine = [g.challenges[c].name for c in s.challenges(seat)]
    bees_shelf = sum(sp.count(BEE) for row in s.pantry() for sp in row)
    mine_bees = s.supply(seat).get(BEE, 0)
    return ("Press Next. Bees stray into the pantry: 22 bees are mixed into "
            f"the bag (Setup Changes): {bees_shelf} are on the shelves now, and you drew "
            f"{mine_bees}. Your 3 Challenges: {' '.join(mine)} The game ends after round "
            f"{ROUNDS}.")


def _fetch_bee(s: DinerState, seat: int) -> str:
    why = (" A bee comes into your supply with the ingredients and costs a minute like "
           f"them. {in_bag(s, BEE)}, so bees keep coming.")
    branch = which(FETCH_BEE, s, seat)
    if branch == 0:
        return ("Go to the pantry for a shelf space with a bee (spotlit: those your kitchen "
                "can pay for)." + why)
    if branch == 1:
        return ("No space with a bee is one your kitchen can pay for now: choose any shelf "
                "space." + why)
    return stage_words(s, seat) + why


FETCH_BEE = first_of(BEE_SHELF, SHELF, ANY)

def _pay(s: DinerState, seat: int) -> str:
    text = ("Pay the minutes as in the basic game: one order one space to the right per "
            "token, bees included." + pushed_bees(s, seat) + " ")
    if which(PAY, s, seat):
        return text + stage_words(s, seat)
    return text + "Click the order to move."


PAY = first_of(MOVE, ANY)


def _bees_assign(s: DinerState, seat: int) -> str:
    """The Phase 2 text with bees: bees first, then the recap, then the Challenges."""
    branch = which(ASSIGN_BEES, s, seat)
    if branch == 0:
        fewest = [title(o) for o in s.fewest_bees(seat)]
        n = s.supply(seat).get(BEE, 0)
        return (f"Put your {n} bee{'s' if n != 1 else ''} on your orders with the fewest "
                f"bees, now {joined(fewest)} (a tie: you choose). Bees are not ingredients: "
                "never on a symbol or in a joker. An order delivered with bees sends them to "
                "your beehive, 1 point each.")
    if branch == 1:
        names = [s.game.challenges[c].text for c in s.mastered(seat)]
        return ("You have mastered a Challenge: " + " / ".join(names)
                + " Announce it for 2 praise (+2 mood, at most +8); that ends your turn. "
                "Or keep it for a later turn.")
    text = stage_words(s, seat)
    if isinstance(s.top, AssignStep):
        full = [e["name"] for e in s.kitchen(seat).values() if e["complete"]]
        withbees = [e["name"] for e in s.kitchen(seat).values() if e["complete"] and e["bees"]]
        if withbees:
            text += (f" {joined(withbees)} will be delivered with its bees: they go to "
                     "your beehive, 1 point each.")
        elif full:
            text += f" {joined(full)} will be delivered."
        else:
            text += (" An order carrying bees takes them to your beehive only when it is "
                     "delivered.")
    if isinstance(s.top, AssignStep) and s.challenges(seat):
        text += " After Phase 2, a face-up Challenge that holds may be announced for 2 praise."
    if isinstance(s.top, EndStep):
        text += " None of your Challenges holds now: end your turn."
    return text


ASSIGN_BEES = first_of(BEE_ON, ANNOUNCE, ANY)


def _next_phase1(s: DinerState, seat: int) -> str:
    hive = s.beehive(seat)
    carriers = [f"{e['name']} ({e['bees']})" for e in s.kitchen(seat).values() if e["bees"]]
    head = f"Your beehive holds {hive} saved bee{'s' if hive != 1 else ''}. "
    if carriers and isinstance(s.top, Phase1Step):  # the choice of the turn: what to fetch
        head += f"Bees wait on {joined(carriers)}: fetch what those orders miss to deliver them. "
    return head + stage_words(s, seat)


def _last_turn(s: DinerState, seat: int) -> str:
    return "Last turn of the game. " + _bees_assign(s, seat)


def _bees_scores(s: DinerState, seat: int) -> str:
    rows = score_rows(s, seat, lambda p, sc: (
        f"{sc['orders']} orders, {sc['mood']} mood, {sc['bees']} bees, {sc['bee_bonus']} "
        f"bonus = {sc['total']}"))
    return ("Orders and mood score as before; each bee in your beehive adds 1, and the most "
            "saved bees 3 more (ties included, ruling D24). " + "; ".join(rows)
            + f". {winners(s, seat)}.")


BEES = LessonPlan(
    id="diner-bees",
    title="Treehouse Diner: Save the Bees",
    game="diner",
    options={"players": 2, "modules": ("bees",), "round_limit": ROUNDS},
    bot="diner-cook",
    seat=SEAT,
    minutes=10,
    summary="Fetch bees from the pantry, spread them over your orders, deliver them to your "
            "beehive and master Challenges, in a short game against a bot.",
    steps=(
        Read("Bees in the pantry", _bees_setup,
             rule=cite('Module "Save the Bees": Setup Changes'),
             rule_id="diner/module-save-the-bees-setup-changes"),
        Do("Fetch a bee", _fetch_bee, FETCH_BEE,
           hint="Look for the yellow bee tokens on the shelves: a spotlit space holds one "
                "and has no more tokens than your orders can pay minutes for.",
           rule=cite('Module "Save the Bees": Game Flow'),
           rule_id="diner/module-save-the-bees-game-flow", again=until_choice(1)),
        Do("A minute for each bee", _pay, PAY,
           hint="Click an order in your kitchen to move it one space to the right.",
           rule=cite("A) Go to the Pantry to Fetch Ingredients"),
           rule_id="diner/a-go-to-the-pantry-to-fetch-ingredients", again=_paying),
        Do("Bees on the orders with the fewest bees", _bees_assign, ASSIGN_BEES,
           hint="Click the bee in your supply, then one of the spotlit orders: those with "
                "the fewest bees.",
           rule=cite('Module "Save the Bees": Game Flow'),
           rule_id="diner/module-save-the-bees-game-flow", again=rest_of_turn(1)),
        Do("Chase the orders that carry bees", _next_phase1, ANY,
           hint="Choose a shelf space or an order at the phone, then pay its minutes.",
           rule=cite("1. Go to the Pantry or to the Phone"),
           rule_id="diner/1-go-to-the-pantry-or-to-the-phone",
           again=until_phase2(2)),
        Do("Deliver and save the bees", _bees_assign, ASSIGN_BEES,
           hint="Bees first, on the spotlit orders; then your ingredients; then finish.",
           rule=cite('Module "Save the Bees": Game Flow'),
           rule_id="diner/module-save-the-bees-game-flow", again=rest_of_turn(2)),
        Do("Your last turn and the Challenges", _last_turn, first_of(BEE_ON, ANNOUNCE, ANY),
           hint="Bees go on the spotlit orders; a mastered Challenge is announced at the "
                "end of your turn.",
           rule=cite("Mastering Challenges"), rule_id="diner/mastering-challenges",
           again=rest_of_turn(3)),
        Read("Scoring: the beehives", _bees_scores,
             rule=cite('Module "Save the Bees": Game Flow'),
             rule_id="diner/module-save-the-bees-game-flow"),
    ),
)


__all__ = ["BEES"]
