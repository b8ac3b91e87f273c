"""Treehouse Diner module lessons: "Save the Bees" (``diner-bees``) and "Secret Ingredient"
(``diner-secret``), taught on a live game as data.

Why a module of their own: the basic-game lesson (``lessons.py``) and the module lessons are
written apart; ``lessons.py`` imports ``MODULE_LESSONS`` from here and puts them after the
basic game's plan in ``LESSONS``.

Both assume the learner knows the basic game: the first step recaps the turn, the others
teach the module on the board. A Diner turn is many small decisions (a minute each, an
ingredient each), and how many depends on the deal, so most steps take several moves
(``Do(again=...)``): a step ends at a move that always comes (the shelf space chosen, the
last minute paid, the end of the learner's turn), never at one a chance event might skip.
Every step falls back to any legal move (``first_of(..., ANY)``) so that an effect the deal
brings in between (a row bonus, an order's effect) is played inside the step, its text
saying what is asked. The games are short (2 players, ``round_limit=3``, ruling D41: "a
short game for a lesson"), so each lesson ends with the real end-of-game scoring.

Sections quoted are those of the Treehouse Diner rulebook; rulings D21 ... are in
docs/rulings/diner.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from ...lessons.odds import counted_odds
from ...lessons.steps import Do, LessonPlan, Read
from .actions import (
    AnnounceChallenge,
    AssignBee,
    ChooseShelf,
    MoveOrder,
    Place,
    PlacePlate,
    PlayAction,
    TakeOrder,
)
from .rules import BEE, CHILI, a_an, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

BOOK = "Treehouse Diner rulebook"
#: The learner plays second, so the last turn of the short game is theirs and the lesson's
#: last move ends the game: the scoring step shows the real end, and no pick at the phone
#: on a bot's last turn is left over after the lesson.
SEAT = 1
#: The lessons' games: short, so that the end-of-game scoring is reached (ruling D41).
ROUNDS = 3


def _rule(section: str) -> str:
    return f"{BOOK}, '{section}'"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# -- reading the position ----------------------------------------------------------------

def _space_has(s: DinerState, a: Any, token: str) -> bool:
    return isinstance(a, ChooseShelf) and token in s.space_contents(a.size, a.column)


def _in_bag(s: DinerState, token: str) -> str:
    """The odds that one token drawn from the bag is ``token``, counted over the bag. The
    bag's contents follow from what is on the table (everything outside it is public,
    ruling D19), so this is a count the learner can make, not hidden information."""
    bag = [k for k, c in s.bag().items() for _ in range(c)]
    odds = counted_odds(bag, lambda k: k == token)
    return odds.sentence("tokens in the bag", f"{'are bees' if token == BEE else 'are chilis'}")


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
        said = [f"{x} holds {a_an(held[x])}" if x in held else f"{x} is still open"
                for x in letters]
        plates = " ".join(k[-1].upper() for k in syms)
        out.append(f"{e['name']} (plates {plates}: {_and(said)})")
    return "; ".join(out)


def _order_words(s: DinerState, order: str) -> str:
    o = s.game.orders[order]
    parts = []
    if CHILI in o.ingredients:
        parts.append("needs the chili")
    plates = sorted(k[-1].upper() for k in o.ingredients if k.startswith("plate_"))
    if plates:
        parts.append(f"a Soup Stew with plates {' '.join(plates)}")
    return f"{o.name} ({', '.join(parts) or 'no chili'}, {o.points} points)"


def _turn_no(s: DinerState, seat: int, k: int) -> int:
    """The number of the learner's ``k``-th turn (``state.turn`` counts every turn)."""
    return (k - 1) * s.game.players + seat + 1


def _rest_of_turn(k: int) -> Any:
    """``again``: until the learner's ``k``-th turn is over (its end step included). What
    the learner decides on a bot's turn before it (a pick at the phone, a discard) is played
    inside this step too: the turn number, not the seat to move, draws the line."""
    return lambda s, seat, a: s.turn <= _turn_no(s, seat, k)


def _until_choice(k: int) -> Any:
    """``again``: until the learner has chosen the pantry or the phone in turn ``k``."""
    def again(s: DinerState, seat: int, a: Any) -> bool:
        t = _turn_no(s, seat, k)
        return s.turn < t or (s.turn == t and not isinstance(a, (ChooseShelf, TakeOrder)))
    return again


def _until_phase2(k: int) -> Any:
    """``again``: until Phase 1 of turn ``k`` is over: minutes to pay, picks at the phone,
    an effect asking the learner go on; a chance event or Phase 2 ends it, and the next
    step (which takes any move too) goes on from there."""
    def again(s: DinerState, seat: int, a: Any) -> bool:
        t = _turn_no(s, seat, k)
        return s.turn < t or (s.turn == t and (
            s.stage in ("phase1", "pantry", "phone")
            or (s.stage == "effects" and s.current_player == seat)))
    return again


def _paying(s: DinerState, seat: int, a: Any) -> bool:
    """``again``: minutes left to pay (the last one takes the space, ruling D2)."""
    return s.stage == "pantry" and s.active == seat


ANY = where(lambda s, p, a: True, "make one of your moves")
BEE_SHELF = where(lambda s, p, a: _space_has(s, a, BEE),
                  "go to the pantry for a shelf space that holds a bee")
SHELF = kind(ChooseShelf, "go to the pantry for a shelf space")
MOVE = kind(MoveOrder, "pay a minute by moving one of your orders one space to the right")
BEE_ON = kind(AssignBee, "put a bee on one of your orders with the fewest bees")
ANNOUNCE = kind(AnnounceChallenge, "announce a Challenge you have mastered")
PLAY = kind(PlayAction, "play your Action card")
TAKE_SOUP = where(lambda s, p, a: isinstance(a, TakeOrder) and _soup(s, a.order),
                  "take a Soup Stew from the phone tray")
TAKE_CHILI = where(lambda s, p, a: isinstance(a, TakeOrder) and _chili_order(s, a.order),
                   "take a Chili order that needs the chili")
#: at a pick after the first (the phone's later picks): never to send you to the phone
PICK_SPECIAL = where(lambda s, p, a: isinstance(a, TakeOrder) and s.stage == "phone"
                     and _special(s, a.order),
                     "take a Soup Stew or a Chili order that needs the chili")
TAKE = kind(TakeOrder, "take an order from the phone tray")
PLATE = kind(PlacePlate, "place an ingredient on a plate of your Soup Stew")
CHILI_ON = kind(Place, "place your chili on an order", ingredient=CHILI)
CHILI_SHELF = where(lambda s, p, a: _space_has(s, a, CHILI),
                    "go to the pantry for a shelf space that holds a chili")


def _winners(s: DinerState, seat: int) -> str:
    """Who won, with the tiebreakers' words when the points tie (Tiebreakers, D17)."""
    g = s.game
    won = s.winners()
    if not won:
        return "The game is not over yet"
    names = ["you" if p == seat else g.player_name(p) for p in won]
    totals = [sc["total"] for sc in s.scores()]
    tied = [p for p, t in enumerate(totals) if t == max(totals)]
    how = (" (equal points: the tiebreakers decide, first the most delivered orders)"
           if len(tied) > 1 else "")
    verb = "share the win" if len(won) > 1 else ("win" if won == [seat] else "wins")
    return f"{_and(names).capitalize()} {verb}{how}"


def _stage_words(s: DinerState, seat: int) -> str:
    """What the basic game asks now, in a sentence (the recap inside each step); on a bot's
    turn (a pick at the phone, an effect), whose turn it is first."""
    if s.active is not None and s.active != seat:
        words = _now_words(s, seat)
        return (f"It is {s.game.player_name(s.active)}'s turn, but this is yours to decide. "
                + words)
    return _now_words(s, seat)


def _now_words(s: DinerState, seat: int) -> str:
    stage = s.stage
    if stage == "phase1":
        return ("Phase 1: go to the pantry (choose a shelf space and pay a minute for each "
                "token on it) or to the phone (take an order; everyone takes one in turn).")
    if stage == "pantry":
        return ("Pay the minutes: each one moves one of your orders one space to the right; "
                "an order pushed off the 1-minute space is a complaint." + _pushed_bees(s, seat))
    if stage == "phone":
        return "At the phone: take an order from the tray and lay it in your kitchen."
    if stage == "assign":
        return ("Phase 2: every ingredient that fits an order must go on it; then finish, "
                "and every completely covered order is delivered.")
    if stage == "end":
        if s.game.chili:
            return ("Phase 2 is over: you may still play Action cards (\"at any time during "
                    "your turn\"), or end your turn.")
        return "Phase 2 is over: announce what you can, or end your turn."
    text = f"Carry out the effect: {s.waiting_for()}."
    if s.game.bees and s.supply(seat).get(BEE):
        text += (" Bees are not ingredients: they are never recycled or discarded (Save the "
                 "Bees).")
    return text


# -- Save the Bees ------------------------------------------------------------------------------

def _bees_setup(s: DinerState, seat: int) -> str:
    g = s.game
    mine = [g.challenges[c].text for c in s.challenges(seat)]
    bees_shelf = sum(sp.count(BEE) for row in s.pantry() for sp in row)
    mine_bees = s.supply(seat).get(BEE, 0)
    return ("Spring has come and bees stray into the pantry: help them home! You know the "
            "basic game: on your turn you go to the pantry or to the phone (Phase 1), then "
            "assign your ingredients and deliver the completed orders (Phase 2). Save the "
            "Bees changes the set-up (Setup Changes): the 22 bees are mixed into the bag with "
            f"the ingredients, so they fill the pantry too ({bees_shelf} bees are on the "
            f"shelves now, and your 3 starting draws gave you {mine_bees}). And each player "
            "has 3 Challenges face up above the kitchen. Yours: " + " / ".join(mine)
            + f" This is a short game: it ends after round {ROUNDS}.")


def _fetch_bee(s: DinerState, seat: int) -> str:
    head = ("A bee on a shelf space goes into your supply with the ingredients, and "
            "collecting it costs one minute, just like an ingredient (Save the Bees, Game "
            f"Flow). {_in_bag(s, BEE)}, so bees keep coming. ")
    branch = which(FETCH_BEE, s, seat)
    if branch == 0:
        return head + ("Go to the pantry for a shelf space with a bee (the spotlit ones are "
                       "those your kitchen can pay for).")
    if branch == 1:
        return head + ("No space with a bee is one your kitchen can pay for now: choose "
                       "any shelf space.")
    return head + _stage_words(s, seat)


FETCH_BEE = first_of(BEE_SHELF, SHELF, ANY)


def _pushed_bees(s: DinerState, seat: int) -> str:
    """Save the Bees: the warning when the order on the 1-minute space carries bees."""
    first = s.kitchen(seat).get(1)
    if s.game.bees and first and first["bees"]:
        return (f" Careful: {first['name']} carries bees; pushed off the 1-minute space, its "
                "bees go to the compost, not to your beehive (Save the Bees, Game Flow).")
    return ""


def _pay(s: DinerState, seat: int) -> str:
    text = ("Pay the minutes as in the basic game: one order one space to the right per "
            "token, bees included." + _pushed_bees(s, seat) + " ")
    if which(PAY, s, seat):
        return text + _stage_words(s, seat)
    return text + "Click the order to move."


PAY = first_of(MOVE, ANY)


def _bees_assign(s: DinerState, seat: int) -> str:
    """The Phase 2 text with bees: bees first, then the recap, then the Challenges."""
    branch = which(ASSIGN_BEES, s, seat)
    if branch == 0:
        fewest = [title(o) for o in s.fewest_bees(seat)]
        n = s.supply(seat).get(BEE, 0)
        return (f"You have {n} bee{'s' if n != 1 else ''} in your supply. In Phase 2 each "
                "bee goes in the middle of one of your orders, as evenly as possible: "
                "\"Always place new bees only on your orders with the fewest bees\" (Game "
                f"Flow). Now that is {_and(fewest)}; where several tie, you choose. Bees are "
                "not ingredients: never on a symbol, never in a joker.")
    if branch == 1:
        names = [s.game.challenges[c].text for c in s.mastered(seat)]
        return ("Phase 2 is over and you have mastered a Challenge: " + " / ".join(names)
                + " Announce it: turn it over and get 2 praise (your mood marker 2 spaces "
                "right, never above +8). Announcing ends your turn (Mastering "
                "Challenges); you could also keep it face up for a later turn.")
    text = _stage_words(s, seat)
    if s.stage == "assign":
        full = [e["name"] for e in s.kitchen(seat).values() if e["complete"]]
        withbees = [e["name"] for e in s.kitchen(seat).values() if e["complete"] and e["bees"]]
        if withbees:
            text += (f" {_and(withbees)} will be delivered with bees on it: the flying "
                     "squirrel takes them to your beehive, 1 point each at the end.")
        elif full:
            text += f" {_and(full)} will be delivered."
        else:
            text += (" An order carrying bees takes them to your beehive only when it is "
                     "delivered.")
    if s.stage == "assign" and s.challenges(seat):
        text += (" After Phase 2 you check your face-up Challenges: one that holds then may "
                 "be announced for 2 praise (Mastering Challenges).")
    if s.stage == "end":
        text += " None of your Challenges holds now: end your turn."
    return text


ASSIGN_BEES = first_of(BEE_ON, ANNOUNCE, ANY)


def _next_phase1(s: DinerState, seat: int) -> str:
    hive = s.beehive(seat)
    carriers = [f"{e['name']} ({e['bees']})" for e in s.kitchen(seat).values() if e["bees"]]
    head = f"Your beehive holds {hive} saved bee{'s' if hive != 1 else ''}. "
    if carriers:
        head += (f"Bees wait on {_and(carriers)}: fetch what those orders miss, so that they "
                 "are delivered and the bees saved. ")
    return head + _stage_words(s, seat)


def _last_turn(s: DinerState, seat: int) -> str:
    return ("Your last turn: the game ends after this round. " + _bees_assign(s, seat))


def _bees_scores(s: DinerState, seat: int) -> str:
    g = s.game
    rows = []
    for p, sc in enumerate(s.scores()):
        who = "You" if p == seat else g.player_name(p)
        rows.append(f"{who}: {sc['orders']} for orders + {sc['mood']} for mood + "
                    f"{sc['bees']} for saved bees + {sc['bee_bonus']} most-bees bonus = "
                    f"{sc['total']}")
    return ("End of the game (here after round " f"{ROUNDS}). Add up the points of your "
            "delivered orders and your mood, as in the basic game (the Challenges you "
            "announced are in your mood). Save the Bees adds: 1 point for each bee in your "
            "beehive (bees still on unfinished orders count nothing), and 3 more for whoever "
            "saved the most bees, every tied player included (nobody gets them if no bee was "
            "saved, ruling D24). " + "; ".join(rows) + f". {_winners(s, seat)}.")


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
             rule=_rule('Module "Save the Bees": Setup Changes'),
             rule_id="diner/module-save-the-bees-setup-changes"),
        Do("Fetch a bee", _fetch_bee, FETCH_BEE,
           hint="Look for the yellow bee tokens on the shelves: a spotlit space holds one "
                "and has no more tokens than your orders can pay minutes for.",
           rule=_rule('Module "Save the Bees": Game Flow'),
           rule_id="diner/module-save-the-bees-game-flow", again=_until_choice(1)),
        Do("A minute for each bee", _pay, PAY,
           hint="Click an order in your kitchen to move it one space to the right.",
           rule=_rule("A) Go to the Pantry to Fetch Ingredients"),
           rule_id="diner/a-go-to-the-pantry-to-fetch-ingredients", again=_paying),
        Do("Bees on the orders with the fewest bees", _bees_assign, ASSIGN_BEES,
           hint="Click the bee in your supply, then one of the spotlit orders: those with "
                "the fewest bees.",
           rule=_rule('Module "Save the Bees": Game Flow'),
           rule_id="diner/module-save-the-bees-game-flow", again=_rest_of_turn(1)),
        Do("Chase the orders that carry bees", _next_phase1, ANY,
           hint="Choose a shelf space or an order at the phone, then pay its minutes.",
           rule=_rule("1. Go to the Pantry or to the Phone"),
           rule_id="diner/1-go-to-the-pantry-or-to-the-phone",
           again=_until_phase2(2)),
        Do("Deliver and save the bees", _bees_assign, ASSIGN_BEES,
           hint="Bees first, on the spotlit orders; then your ingredients; then finish.",
           rule=_rule('Module "Save the Bees": Game Flow'),
           rule_id="diner/module-save-the-bees-game-flow", again=_rest_of_turn(2)),
        Do("Your last turn and the Challenges", _last_turn, first_of(BEE_ON, ANNOUNCE, ANY),
           hint="Bees go on the spotlit orders; a mastered Challenge is announced at the "
                "end of your turn.",
           rule=_rule("Mastering Challenges"), rule_id="diner/mastering-challenges",
           again=_rest_of_turn(3)),
        Read("Scoring: the beehives", _bees_scores,
             rule=_rule('Module "Save the Bees": Game Flow'),
             rule_id="diner/module-save-the-bees-game-flow"),
    ),
)


# -- Secret Ingredient ---------------------------------------------------------------------------

def _chili_setup(s: DinerState, seat: int) -> str:
    g = s.game
    hand = [g.action_cards[c].text for c in s.hand(seat)]
    tray = [_order_words(s, o) for o in s.tray() if o]
    return ("The chili has been discovered! You know the basic game (Phase 1: pantry or "
            "phone; Phase 2: assign and deliver). Secret Ingredient changes the set-up "
            "(Setup Changes): the pantry is turned to its chili side (other row bonuses), 8 "
            "chilis join the bag, the Chili orders (orange leaf canopy) replace the Basic "
            "orders, and each player draws 1 Action card (the others' cards are hidden). "
            f"{_in_bag(s, CHILI)}. On the phone tray: " + "; ".join(tray)
            + ". Your Action card: " + " / ".join(hand)
            + f" This is a short game: it ends after round {ROUNDS}.")


def _play_card(s: DinerState, seat: int) -> str:
    if which(PLAY_CARD, s, seat) == 0:
        g = s.game
        cards = " / ".join(g.action_cards[c].text for c in s.hand(seat))
        return ("Action cards give one-time special abilities. \"You may play Action cards "
                "at any time during your turn\", even several, each carried out at once and "
                "completely, then put on the discard pile (Action Cards). Play yours now: "
                f"{cards}")
    return "Your card's effect: " + _stage_words(s, seat)


PLAY_CARD = first_of(PLAY, ANY)


def _tray(s: DinerState, test: Any) -> str:
    return "; ".join(_order_words(s, o) for o in s.tray() if o and test(s, o))


def _phone(s: DinerState, seat: int) -> str:
    branch = which(PHONE, s, seat)
    head = ("Chili orders are used just like Basic orders (Setup Changes); Soup Stews show "
            "plates instead of ingredients, and some orders need the chili, \"a very rare "
            "and coveted ingredient\" (Chili Orders). ")
    last = " Everyone then takes an order in turn, and you take the last one."
    if branch <= 2 and s.stage != "phase1":
        return ("At the phone each one takes an order in turn, and whoever went to the phone "
                "takes the last one. Take " + ("the spotlit Soup Stew." if branch == 0 else
                                               "the spotlit Chili order." if branch == 1 else
                                               "an order."))
    if branch == 0:
        return head + ("A Soup Stew is on the phone tray: go to the phone and take it: "
                       + _tray(s, _soup) + "." + last)
    if branch == 1:
        return head + ("No Soup Stew is on the tray, but a Chili order is: go to the phone "
                       "and take it: " + _tray(s, _chili_order) + "." + last)
    if branch == 2:
        return head + ("Neither is on the tray now: go to the phone anyway and take the order "
                       "you like." + last)
    return _filling(s, seat)


def _filling(s: DinerState, seat: int) -> str:
    """The text of the chili lesson's later steps, following ``FILL``'s branch."""
    branch = which(FILL, s, seat)
    if branch == 0:
        return ("At the phone: take a Soup Stew or a Chili order that needs the chili: "
                + _tray(s, _special) + ".")
    if branch == 1:
        return ("Soup Stew Orders: any ingredient may go on a plate, but identical plates "
                "(same letter) need identical ingredients, and different letters different "
                "ones; bees never. What can go on a plate must go there. Your Soup Stews: "
                + _plates(s, seat) + ". Place an ingredient on a spotlit plate.")
    if branch == 2:
        return ("Place your chili: it is an ingredient like the others, just rare (Chili "
                "Orders).")
    return _stage_words(s, seat)


PHONE = first_of(TAKE_SOUP, TAKE_CHILI, TAKE, PLATE, CHILI_ON, ANY)
FILL = first_of(PICK_SPECIAL, PLATE, CHILI_ON, ANY)


def _fetch_chili(s: DinerState, seat: int) -> str:
    branch = which(FETCH_CHILI, s, seat)
    if s.active != seat:
        return _stage_words(s, seat)
    odds = (f"Only 8 chilis are in the game: {_in_bag(s, CHILI)}, so each circle refilled "
            "from the bag rarely shows one. ")
    if branch == 0:
        return odds + ("Grab one while you can: go to the pantry for a spotlit shelf space "
                       "with a chili.")
    return odds + ("No shelf space with a chili is one your kitchen can pay for now. "
                   + _stage_words(s, seat))


FETCH_CHILI = first_of(CHILI_SHELF, ANY)


def _chili_last(s: DinerState, seat: int) -> str:
    if s.active != seat:
        return _filling(s, seat)
    return ("Your last turn: the game ends after this round, so an order laid now will not "
            "be delivered. " + _filling(s, seat))


def _chili_scores(s: DinerState, seat: int) -> str:
    g = s.game
    rows = []
    for p, sc in enumerate(s.scores()):
        who = "You" if p == seat else g.player_name(p)
        rows.append(f"{who}: {sc['orders']} for orders + {sc['mood']} for mood = "
                    f"{sc['total']}")
    return (f"End of the game (here after round {ROUNDS}). Secret Ingredient keeps the basic "
            "scoring: the points of your delivered orders (Chili orders and Soup Stews "
            "included) plus your mood. Unplayed Action cards score nothing. "
            + "; ".join(rows) + f". {_winners(s, seat)}.")


def _card_played(s: DinerState, seat: int, a: Any) -> bool:
    """``again`` for the card step: until the learner's first turn, and then while the
    card's effect still asks the learner something."""
    return s.turn < _turn_no(s, seat, 1) or (s.stage == "effects"
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
             rule=_rule('Module "Secret Ingredient": Setup Changes'),
             rule_id="diner/module-secret-ingredient-setup-changes"),
        Do("Play an Action card", _play_card, PLAY_CARD,
           hint="Click your Action card (below your kitchen) to play it.",
           rule=_rule("Action Cards"), rule_id="diner/action-cards", again=_card_played),
        Do("Chili orders and Soup Stews", _phone, PHONE,
           hint="Click a spotlit order on the phone tray; in Phase 2 click an ingredient, "
                "then where it goes.",
           rule=_rule("Chili Orders"), rule_id="diner/chili-orders", again=_rest_of_turn(1)),
        Do("Hunt the chili", _fetch_chili, FETCH_CHILI,
           hint="Look for the red chili tokens on the shelves.",
           rule=_rule("Chili Orders"), rule_id="diner/chili-orders",
           again=_until_choice(2)),
        Do("Fill the plates", _filling, FILL,
           hint="Pay the minutes, then place each ingredient: a plate takes any ingredient "
                "its letter allows.",
           rule=_rule("Soup Stew Orders"), rule_id="diner/soup-stew-orders",
           again=_rest_of_turn(2)),
        Do("Your last turn", _chili_last, FILL,
           hint="The spotlit moves are the ones this step asks for.",
           rule=_rule("Action Cards"), rule_id="diner/action-cards", again=_rest_of_turn(3)),
        Read("Scoring", _chili_scores, rule=_rule("End of the Game"),
             rule_id="diner/end-of-the-game"),
    ),
)

#: the module lessons' plans (LessonPlan), listed after the basic game's in lessons.LESSONS
MODULE_LESSONS: tuple[LessonPlan, ...] = (BEES, SECRET)

__all__ = ["BEES", "MODULE_LESSONS", "SECRET"]
