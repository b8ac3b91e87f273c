"""Treehouse Diner: the rulebook's numbers, the card and board types, the effect
vocabulary and the rules that are pure functions of plain values.

Why pure functions: the engine, the renderer, the counting helpers and the tests all ask
"where does this order land, and what falls off?", "how many minutes can this kitchen
pay?" or "can this joker still be finished?". Answering them here, from tuples, means one
implementation, easy to test on hand-built kitchens, and no rule tied to a card list (the
cards are data: ``orders.toml``, ``pantry.toml``, read by ``data.py``).

Section names in comments are those of the Treehouse Diner Rulebook; rulings
D1, D2 ... are in docs/rulings/diner.md.

Representations (chosen so states copy cheaply and compare by value):

* an ingredient is a *kind index* into the game's ``kinds`` (the basic game's six, in the
  rulebook's component order); a multiset of ingredients (the bag, the compost, a supply,
  a shelf space) is a tuple of counts, one per kind;
* a kitchen is a tuple of six entries, index 0 the 1-minute space up to index 5 the
  6-minute space; an entry is None or ``(order id, covers, bees)``, with one cover per
  ingredient symbol of the order: ``()`` uncovered, ``(k,)`` the matching ingredient,
  ``(daisy, daisy)`` or four kinds for a finished joker (a shorter stack is a joker being
  built, which only the player assigning may have), and the bees lying on the order
  (Save the Bees; 0 without the module): ``(order id, covers, bees)``;
* a step of the turn still to do is a stage (``stages.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from operator import add
from typing import Any, Mapping, NamedTuple, Sequence

from ...core.kinds import Vocabulary
from ...core.seating import clockwise_from

# -- Components (Rulebook: Components, Setup - Basic Game) -------------------------------

#: The basic game's ingredients in the rulebook's order, with how many the bag holds.
BAG: dict[str, int] = {"dandelion": 20, "acorn": 18, "blueberry": 16, "radish": 14,
                       "mushroom": 12, "daisy": 10}
BASIC_KINDS: tuple[str, ...] = tuple(BAG)
DAISY = "daisy"
#: A letter pair drawn on every token, so colour is never the only cue.
LETTERS: dict[str, str] = {"dandelion": "Dn", "acorn": "Ac", "blueberry": "Bb",
                           "radish": "Ra", "mushroom": "Mu", "daisy": "Dy", "chili": "Ch",
                           "bee": "Be"}

# -- The modules (Module "Save the Bees", Module "Secret Ingredient") --------------------------

MODULES: tuple[str, ...] = ("bees", "chili")
#: Components: "8 Chilis ("Secret Ingredient" module)", "22 bees ("Save the Bees" module)".
CHILI, BEE = "chili", "bee"
CHILIS, BEES = 8, 22
#: Soup Stew plate symbols: identical letters take identical ingredients, different
#: letters different ones (Soup Stew Orders).
PLATES: tuple[str, ...] = ("plate_a", "plate_b", "plate_c", "plate_d")
CHILI_ORDERS = 46
ACTION_CARDS = 44
CHALLENGE_CARDS = 15
CHALLENGES_EACH = 3     # Save the Bees, Setup 2: "Draw 3 random Challenges each"
ACTIONS_AT_START = 1    # Secret Ingredient, Setup 4: "Each player now draws 1 random Action card"
PRAISE_PER_CHALLENGE = 2  # Mastering Challenges: "immediately receive 2 praise"
MOST_BEES_BONUS = 3     # "Whoever has saved the most bees receives an additional bonus of 3"


def is_plate(symbol: str) -> bool:
    return symbol in PLATES


def plate_name(symbol: str) -> str:
    """'plate_b' -> 'plate B'."""
    return f"plate {symbol[-1].upper()}"

BASIC_ORDERS = 46
STARTING_ORDERS = 8
#: Setup 2: "one Starting order (blue leaf canopy) with 4 minutes and one with 6 minutes".
STARTING_MINUTES: tuple[int, ...] = (4, 6)
STARTING_EACH = 4      # of each length: 8 cards, two per player for up to 4 players
SUPPLY_AT_START = 3    # Setup 4: "Each player draws 3 random ingredients"
PLAYERS: tuple[int, ...] = (2, 3, 4)
KITCHEN_SPACES = 6     # the 6- to 1-minute spaces
MOOD_MIN, MOOD_MAX = -8, 8
#: End of the Game: "Participating kitchen helpers 2 3 4 / Delivered orders 8 7 6".
END_AFTER: dict[int, int] = {2: 8, 3: 7, 4: 6}
#: Ingredient Jokers: "2 Daisies or 4 arbitrary ingredients".
DAISY_JOKER = 2
ANY_JOKER = 4

DECKS: tuple[str, ...] = ("basic", "starting", "chili")
_NAME = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)*$")


def slug(name: str) -> str:
    """'Acorn Jam' -> 'acorn-jam': an order's id, spelled from its name."""
    return name.lower().replace(" ", "-")


def title(order_id: str) -> str:
    """'acorn-jam' -> 'Acorn Jam': a readable name from an id alone (actions print
    themselves without the card list)."""
    return " ".join(w.capitalize() for w in str(order_id).split("-"))


def valid_name(name: Any) -> bool:
    return isinstance(name, str) and len(name) <= 40 and bool(_NAME.match(name))


def ingredient(kind: str) -> str:
    """'acorn' -> 'Acorn'; a Soup Stew plate 'plate_b' -> 'Plate B'."""
    if kind.startswith("plate_"):
        return f"Plate {kind[-1].upper()}"
    return kind.capitalize()


def a_an(kind: str) -> str:
    """'an Acorn', 'a Radish'."""
    word = ingredient(kind)
    return ("an " if word[0] in "AEIOU" else "a ") + word


def plural(n: int, kind: str) -> str:
    """'1 Acorn', '2 Blueberries', '3 Radishes'."""
    word = ingredient(kind)
    if n == 1:
        return f"1 {word}"
    if word.endswith("y") and word[-2] not in "aeiou":
        return f"{n} {word[:-1]}ies"
    if word.endswith(("sh", "ch", "s")):
        return f"{n} {word}es"
    return f"{n} {word}s"


# -- Cards and boards ------------------------------------------------------------------------

@dataclass(frozen=True)
class Order:
    """An order card (Rulebook: Anatomy of an Order). ``effects`` are effect terms of
    :data:`EFFECTS`, checked when the card list is loaded."""

    id: str
    name: str
    deck: str
    chef: str
    minutes: int
    ingredients: tuple[str, ...]
    points: int
    effects: tuple[Mapping[str, Any], ...]

    @property
    def effect_texts(self) -> list[str]:
        return [EFFECTS.text(e) for e in self.effects]

    def to_json(self) -> dict[str, Any]:
        """The card as data: what ``orders.toml`` holds and what a save embeds."""
        return {"name": self.name, "deck": self.deck, "chef": self.chef,
                "minutes": self.minutes, "ingredients": list(self.ingredients),
                "points": self.points, "effects": [EFFECTS.to_json(e) for e in self.effects]}

    def __str__(self) -> str:
        effects = "; ".join(self.effect_texts) or "no effects"
        return (f"{self.name} ({self.minutes} min, {', '.join(map(ingredient, self.ingredients))}"
                f"; {self.points} points; {effects})")


@dataclass(frozen=True)
class Row:
    """A shelf row: how many circles each of its spaces has, and the bonus for
    refilling it (Refilling a Shelf Row)."""

    size: int
    bonus: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Layout:
    """The pantry's rows, its shelf columns and the phone tray's spaces per player
    count."""

    rows: tuple[Row, ...]
    columns: Mapping[int, int]
    tray: Mapping[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"rows": [{"size": r.size, "bonus": [EFFECTS.to_json(e) for e in r.bonus]}
                         for r in self.rows],
                "columns": {str(k): v for k, v in sorted(self.columns.items())},
                "tray": {str(k): v for k, v in sorted(self.tray.items())}}


# -- Effects (Symbol Overview) -------------------------------------------------------------
#
# An effect is data on a card or a shelf row (``{ kind = "others_discard" }``). Evaluating
# it for the player who resolves it gives the stages it puts on top of the turn, in the
# order they happen (stages.py); the engine carries them out one by one. A stage that
# needs a decision waits for it; the rest happen at once. "Others" are taken clockwise
# from the player resolving the effect (ruling D8).


class Subject(NamedTuple):
    """What an effect is evaluated for: the number of players, the resolving player, and
    the stage classes to build (the game's ``stages`` module, passed in so that this
    module of plain rules does not import the engine's)."""

    players: int
    player: int
    stages: Any


EFFECTS: Vocabulary[tuple[Any, ...]] = Vocabulary("order effect")


def _others(subject: Subject) -> list[int]:
    return clockwise_from(subject.player, subject.players)[1:]


@EFFECTS.define("draw", text=lambda: "Draw a random ingredient from the bag")
def _draw(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.DrawStep(subject.player),)


@EFFECTS.define("others_draw",
                text=lambda: "All other kitchen helpers each draw a random ingredient")
def _others_draw(subject: Subject) -> tuple[Any, ...]:
    return tuple(subject.stages.DrawStep(q) for q in _others(subject))


@EFFECTS.define("discard", text=lambda: "Discard an ingredient from your supply")
def _discard(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.DiscardStep(subject.player),)


@EFFECTS.define("others_discard",
                text=lambda: "All other kitchen helpers must discard an ingredient")
def _others_discard(subject: Subject) -> tuple[Any, ...]:
    return tuple(subject.stages.DiscardStep(q) for q in _others(subject))


@EFFECTS.define("recycle", text=lambda: "You may recycle an ingredient")
def _recycle(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.RecycleStep(subject.player),)


@EFFECTS.define("praise", text=lambda: "Receive 1 praise")
def _praise(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.MoodStep(subject.player, 1),)


@EFFECTS.define("complaint", text=lambda: "Receive 1 complaint")
def _complaint(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.MoodStep(subject.player, -1),)


@EFFECTS.define("others_complaint",
                text=lambda: "All other kitchen helpers receive 1 complaint")
def _others_complaint(subject: Subject) -> tuple[Any, ...]:
    return tuple(subject.stages.MoodStep(q, -1) for q in _others(subject))


@EFFECTS.define("draw_order",
                text=lambda: "Draw a new order and lay it in your kitchen")
def _draw_order(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.OrderStep(subject.player),)


@EFFECTS.define("move_left",
                text=lambda: "Move an order in your kitchen 1 space to the left")
def _move_left(subject: Subject) -> tuple[Any, ...]:
    return (subject.stages.MoveLeftStep(subject.player),)


@EFFECTS.define("draw_action", text=lambda: "Draw an Action card")
def _draw_action(subject: Subject) -> tuple[Any, ...]:
    # Symbol Overview: "Draw a new Action card from the draw pile and take it into your
    # hand. If it is your turn, you can already play the new Action card in this turn."
    return (subject.stages.ActionStep(subject.player),)


@EFFECTS.define("shortcut", text=lambda: "Take 1 arbitrary ingredient or bee from the pantry. "
                "Refill the space that became empty")
def _shortcut(subject: Subject) -> tuple[Any, ...]:
    # The rulebook's Action card "Take a shortcut!" (Secret Ingredient, Action Cards).
    return (subject.stages.ShortcutStep(subject.player),)


def effect_stages(effects: Sequence[Mapping[str, Any]], players: int, player: int,
                  stages: Any) -> tuple[Any, ...]:
    """The stages of a card's or a row's effects, in resolution order (D7)."""
    out: list[Any] = []
    subject = Subject(players, player, stages)
    for e in effects:
        out.extend(EFFECTS.evaluate(e, subject))
    return tuple(out)


# -- The kitchen (Go to the Pantry; Go to the Phone) -----------------------------------------

Entry = tuple  # (order id, covers)
Kitchen = tuple  # six entries (or None), index 0 = the 1-minute space


def place(kitchen: Kitchen, entry: Entry, minutes: int) -> tuple[Kitchen, Entry | None]:
    """Lay ``entry`` on the space of ``minutes`` (Go to the Phone, "Note the following"):
    "If the kitchen space matching the new order is already occupied, the order lying
    there must be moved one kitchen space to the right ... If further cards lie directly to
    the right ... these must all be moved to the right as well." Returns the new kitchen
    and the entry pushed off the 1-minute space, if any."""
    k = list(kitchen)
    i = minutes - 1
    carry: Entry | None = entry
    while carry is not None and i >= 0:
        k[i], carry = carry, k[i]
        i -= 1
    return tuple(k), carry


def capacity(kitchen: Kitchen) -> int:
    """How many minutes the kitchen can pay at most: an order on the t-minute space can
    move right t times (the last one pushes it off), and moving the rightmost order first
    never blocks another, so the sum of the spaces' minutes is always reachable (D3)."""
    return sum(i + 1 for i, e in enumerate(kitchen) if e is not None)


def movable_right(kitchen: Kitchen) -> list[int]:
    """Spaces (minutes) whose order may move one space right now: "The kitchen space onto
    which an order is moved must be free. Skipping is not allowed." From the 1-minute
    space it is pushed off."""
    return [i + 1 for i, e in enumerate(kitchen)
            if e is not None and (i == 0 or kitchen[i - 1] is None)]


def movable_left(kitchen: Kitchen) -> list[int]:
    """Symbol Overview: "Move any order in your kitchen 1 space to the left onto a free
    space (skipping is not allowed). An order lying on the 6-minute kitchen space cannot
    be moved further to the left." """
    return [i + 1 for i, e in enumerate(kitchen)
            if e is not None and i < KITCHEN_SPACES - 1 and kitchen[i + 1] is None]


def joker_done(stack: tuple[int, ...], daisy: int) -> bool:
    """Ingredient Jokers: a joker is "either 2 Daisies or 4 arbitrary ingredients" stacked
    on one symbol."""
    n = len(stack)
    return n == ANY_JOKER or (n == DAISY_JOKER and stack[0] == daisy == stack[1])


def joker_can_finish(stack: tuple[int, ...], supply_left: int, daisies_left: int,
                     daisy: int) -> bool:
    """Whether a joker stack (already on the symbol, possibly still empty) can be finished
    from what is left in the supply: fewer than 2 daisies, by enough daisies to make 2;
    anything, by reaching 4 ingredients, so a stack of 3 daisies needs a fourth ingredient
    (four Daisies are "4 arbitrary ingredients", ruling D11)."""
    if joker_done(stack, daisy):
        return True
    if (len(stack) < DAISY_JOKER and all(k == daisy for k in stack)
            and len(stack) + daisies_left >= DAISY_JOKER):
        return True
    return len(stack) + supply_left >= ANY_JOKER


def joker_may_grow(stack: tuple[int, ...], supply_left: int, daisy: int) -> bool:
    """Whether a joker just finished may still take more: 2 Daisies are a joker, and with
    2 more ingredients in the supply they may become a joker of 4 ("lay either: 2 Daisies
    or 4 arbitrary ingredients": four Daisies are four arbitrary ingredients, D11)."""
    return (len(stack) == DAISY_JOKER and stack[0] == daisy == stack[1]
            and supply_left >= ANY_JOKER - DAISY_JOKER)


def added(counts: Sequence[int], more: Sequence[int]) -> tuple[int, ...]:
    """Two counts by kind added (a pantry space into a supply)."""
    return tuple(map(add, counts, more))


def row_empty(row: Sequence[Sequence[int]]) -> bool:
    """Whether every space of a shelf row is empty (Refilling a Shelf Row: "all spaces in
    this row are completely empty")."""
    return not any(map(any, row))


def clamp_mood(m: int) -> int:
    """Praise stops at +8, complaints at -8 (Symbol Overview)."""
    return MOOD_MIN if m < MOOD_MIN else MOOD_MAX if m > MOOD_MAX else m


def tiebreak_key(total: int, delivered: int, unfinished: int, on_orders: int, supply: int
                 ) -> tuple[int, int, int, int, int]:
    """End of the Game and Tiebreakers: most points, then "1. Number of delivered orders
    2. Number of unfinished orders in your own kitchen 3. Number of ingredients on
    unfinished orders in your own kitchen 4. Number of remaining ingredients in your
    personal supply", each time the higher value deciding."""
    return (total, delivered, unfinished, on_orders, supply)


def setup_stages(players: int, row_sizes: Sequence[int], challenges: int, actions: int,
                 stages: Any) -> tuple[Any, ...]:
    """The set-up as stages, in the order they happen: deal the Starting orders (4 then 6
    minutes, player by player), 3 ingredients each, fill the shelf rows top to bottom,
    fill the phone tray (Setup - Basic Game, steps 2, 4, 6, 8); then ``challenges``
    Challenges each (Save the Bees, Setup 2) and ``actions`` Action cards each (Secret
    Ingredient, Setup 4)."""
    st = stages
    out: list[Any] = []
    for p in range(players):
        out += [st.DealStep(p, m) for m in STARTING_MINUTES]
    for p in range(players):
        out += [st.DrawStep(p)] * SUPPLY_AT_START
    out += [st.FillStep(size) for size in row_sizes]
    out.append(st.TrayStep())
    for p in range(players):
        out += [st.ChallengeStep(p)] * challenges
    for p in range(players):
        out += [st.ActionStep(p)] * actions
    return tuple(out)


# -- Action cards and Challenges (the modules' cards) -------------------------------------------

@dataclass(frozen=True)
class ActionCard:
    """An Action card (Secret Ingredient, Action Cards): its effects are terms of
    :data:`EFFECTS`, resolved in order when it is played."""

    id: str
    name: str
    effects: tuple[Mapping[str, Any], ...]

    @property
    def text(self) -> str:
        return f"{self.name} " + ". ".join(EFFECTS.text(e) for e in self.effects) + "."


_CARD_NAME = re.compile(r"^[A-Z][a-z']*(?: [A-Za-z][a-z']*)*!?$")


def valid_card_name(name: Any) -> bool:
    return isinstance(name, str) and len(name) <= 40 and bool(_CARD_NAME.match(name))


def card_slug(name: str) -> str:
    """'Take a shortcut!' -> 'take-a-shortcut'."""
    return re.sub(r"[^a-z ]", "", name.lower()).strip().replace(" ", "-")

