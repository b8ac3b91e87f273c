"""Treehouse Diner: the actions, small frozen values (the engine protocol's Action).

Multi-step decisions are small actions: a pantry visit is a :class:`ChooseShelf` then one
:class:`MoveOrder` per minute (the take follows the last minute by itself, ruling D2);
Phase 2 is one :class:`Place` or :class:`Joker` per ingredient, then
:class:`FinishAssigning`. What each may do and when is its kind's (kinds.py); which step
offers it is its stage's (stages.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import RuleError
from ...protocol import Action
from .rules import LETTERS, PLATES, a_an, ingredient, plate_name, title

#: What a :class:`Decline` may turn down.
DECLINABLE = ("recycle", "move_left")
#: The names an ingredient field may hold (every kind of token, the modules' too).
TOKEN_NAMES: tuple[str, ...] = tuple(LETTERS)


class Named(Action):
    """An action whose ``NAMED`` fields hold the name of a token or a symbol, printed in
    its sentence (``a_an``, ``plate_name``). An empty name is refused at construction,
    naming the field and the names it may hold: the sentence could not be written (an
    IndexError from ``str()`` before). Which names the game has is its kind's to check
    (``why_not``), so an unknown but non-empty name still builds and is then refused as
    illegal with a reason."""

    __slots__ = ()
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __post_init__(self) -> None:
        super().__post_init__()
        for name, allowed in self.NAMED.items():
            if not getattr(self, name):
                raise RuleError(f"{self.KIND}: {name} must not be empty; it names one of "
                                f"{', '.join(allowed)}")


@dataclass(frozen=True)
class DrawIngredient(Named):
    """Chance: one ingredient from the bag, a kind with chance count/total."""

    KIND: ClassVar[str] = "draw_ingredient"
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {"ingredient": TOKEN_NAMES}
    ingredient: str

    def __str__(self) -> str:
        return f"Draw {a_an(self.ingredient)} from the bag"


@dataclass(frozen=True)
class DrawOrder(Action):
    """Chance: one order card from a face-down pile, every card left equally likely."""

    KIND: ClassVar[str] = "draw_order"
    order: str

    def __str__(self) -> str:
        return f"Draw the order {title(self.order)}"


@dataclass(frozen=True)
class ChooseShelf(Action):
    """Phase 1 A: go to the pantry for the space of ``size`` circles in ``column``."""

    KIND: ClassVar[str] = "choose_shelf"
    TEXT: ClassVar[str] = "Go to the pantry for the {size}-ingredient space in column {column}"
    size: int
    column: int


@dataclass(frozen=True)
class TakeOrder(Action):
    """Phase 1 B: take an order from the phone tray (also the other players' picks)."""

    KIND: ClassVar[str] = "take_order"
    order: str

    def __str__(self) -> str:
        return f"Take {title(self.order)} from the phone"


@dataclass(frozen=True)
class MoveOrder(Action):
    """One minute of a pantry visit: the order on the ``minutes`` space moves right."""

    KIND: ClassVar[str] = "move_order"
    order: str
    minutes: int

    def __str__(self) -> str:
        if self.minutes == 1:
            return f"Push {title(self.order)} off the 1-minute space (a complaint)"
        return f"Move {title(self.order)} from {self.minutes} to {self.minutes - 1} minutes"


@dataclass(frozen=True)
class MoveLeft(Action):
    """The "move an order left" effect: the order on ``minutes`` moves one space left."""

    KIND: ClassVar[str] = "move_left"
    order: str
    minutes: int

    def __str__(self) -> str:
        return f"Move {title(self.order)} left from {self.minutes} to {self.minutes + 1} minutes"


@dataclass(frozen=True)
class Discard(Named):
    """The discard effects: one ingredient of the supply to the compost."""

    KIND: ClassVar[str] = "discard"
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {"ingredient": TOKEN_NAMES}
    ingredient: str

    def __str__(self) -> str:
        return f"Discard {a_an(self.ingredient)} to the compost"


@dataclass(frozen=True)
class Recycle(Named):
    """The recycle effect: compost an ingredient of the supply, then draw one."""

    KIND: ClassVar[str] = "recycle"
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {"ingredient": TOKEN_NAMES}
    ingredient: str

    def __str__(self) -> str:
        return f"Recycle {a_an(self.ingredient)}: compost it and draw a new ingredient"


@dataclass(frozen=True)
class Decline(Action):
    """Turn down an optional effect: ``recycle`` (the rulebook's "You may"), or
    ``move_left`` with the variant ``move_left="may"`` (ruling D9)."""

    KIND: ClassVar[str] = "decline"
    what: str

    def __str__(self) -> str:
        if self.what == "recycle":
            return "Do not recycle"
        if self.what == "move_left":
            return "Leave every order where it is"
        return f"Decline {self.what}"


@dataclass(frozen=True)
class Place(Named):
    """Phase 2: an ingredient from the supply on a matching symbol of an order (the
    first uncovered one: identical symbols are interchangeable, ruling D12)."""

    KIND: ClassVar[str] = "place"
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {"ingredient": TOKEN_NAMES}
    order: str
    ingredient: str

    def __str__(self) -> str:
        return f"Place {a_an(self.ingredient)} on {title(self.order)}"


@dataclass(frozen=True)
class StartJoker(Action):
    """Phase 2, Ingredient Jokers: begin a joker stack on an uncovered ``symbol`` of an
    order (the first such symbol); it must then be finished with :class:`Joker` steps."""

    KIND: ClassVar[str] = "start_joker"
    order: str
    symbol: str

    def __str__(self) -> str:
        return (f"Start a joker for the {ingredient(self.symbol)} of {title(self.order)} "
                "(2 Daisies or 4 ingredients)")


@dataclass(frozen=True)
class Joker(Named):
    """Phase 2, Ingredient Jokers: one ingredient onto the joker being built for the
    ``symbol`` of an order (2 daisies or 4 arbitrary ingredients finish it)."""

    KIND: ClassVar[str] = "joker"
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {"symbol": TOKEN_NAMES,
                                                   "ingredient": TOKEN_NAMES}
    order: str
    symbol: str
    ingredient: str

    def __str__(self) -> str:
        return (f"Put {a_an(self.ingredient)} on the joker for the {ingredient(self.symbol)} "
                f"of {title(self.order)}")


@dataclass(frozen=True)
class FinishAssigning(Action):
    """Phase 2 ends: completed orders are delivered, the turn is over."""

    KIND: ClassVar[str] = "finish"
    TEXT: ClassVar[str] = "Finish assigning and deliver the completed orders"


# -- The modules: Save the Bees and Secret Ingredient --------------------------------------------

@dataclass(frozen=True)
class AssignBee(Action):
    """Save the Bees, Game Flow: a bee from the supply onto one of your orders with the
    fewest bees ("Always place new bees only on your orders with the fewest bees")."""

    KIND: ClassVar[str] = "assign_bee"
    order: str

    def __str__(self) -> str:
        return f"Put a bee on {title(self.order)}"


@dataclass(frozen=True)
class PlacePlate(Named):
    """Phase 2, Soup Stew Orders: an ingredient on a plate symbol (``plate_a`` ...)."""

    KIND: ClassVar[str] = "place_plate"
    NAMED: ClassVar[dict[str, tuple[str, ...]]] = {"plate": PLATES,
                                                   "ingredient": TOKEN_NAMES}
    order: str
    plate: str
    ingredient: str

    def __str__(self) -> str:
        return f"Place {a_an(self.ingredient)} on {plate_name(self.plate)} of {title(self.order)}"


@dataclass(frozen=True)
class PlayAction(Action):
    """Secret Ingredient, Action Cards: play a card from your hand; its effects happen at
    once, then it goes on the discard pile."""

    KIND: ClassVar[str] = "play_action"
    card: str

    def __str__(self) -> str:
        return f"Play the Action card {card_title(self.card)}"


@dataclass(frozen=True)
class TakeFromPantry(Action):
    """The "Take a shortcut!" effect: one ingredient or bee from a shelf space."""

    KIND: ClassVar[str] = "take_from_pantry"
    size: int
    column: int
    ingredient: str

    def __str__(self) -> str:
        return (f"Take {a_an(self.ingredient)} from the {self.size}-ingredient space in column "
                f"{self.column}")


@dataclass(frozen=True)
class AnnounceChallenge(Action):
    """Save the Bees, Mastering Challenges: announce a mastered Challenge for 2 praise;
    it ends the turn."""

    KIND: ClassVar[str] = "announce"
    challenge: str

    def __str__(self) -> str:
        return f"Announce the Challenge {title(self.challenge)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """After Phase 2: end the turn (keeping mastered Challenges face up for later)."""

    KIND: ClassVar[str] = "end_turn"
    TEXT: ClassVar[str] = "End the turn"


@dataclass(frozen=True)
class DrawAction(Action):
    """Chance: one Action card from the face-down draw pile, each equally likely."""

    KIND: ClassVar[str] = "draw_action"
    card: str

    def __str__(self) -> str:
        # Copies of a card are drawn one by one, each 1/n: the copy number keeps the
        # outcomes' texts apart, as the protocol asks of every node.
        return f"Draw the Action card {card_title(self.card)}"


@dataclass(frozen=True)
class DealChallenge(Action):
    """Chance: one Challenge dealt from the shuffled Challenges, each equally likely."""

    KIND: ClassVar[str] = "deal_challenge"
    challenge: str

    def __str__(self) -> str:
        return f"Deal the Challenge {title(self.challenge)}"


def card_title(card: str) -> str:
    """'take-a-shortcut-3' -> 'Take A Shortcut (copy 3)': the title, and the copy where a
    card has several."""
    copy = str(card).rpartition("-")[2]
    return title(card_name(card)) + (f" (copy {copy})" if copy.isdigit() else "")


def card_name(card: str) -> str:
    """'take-a-shortcut-3' -> 'take-a-shortcut' (the copy number is not part of the name)."""
    head, _, tail = str(card).rpartition("-")
    return head if tail.isdigit() and head else str(card)

