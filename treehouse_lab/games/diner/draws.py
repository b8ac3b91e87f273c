"""Treehouse Diner: the chance stages, a token from the bag or a card from a face-down pile
(see ``stages.py``). Each says what it draws from (its ``outcomes``, exact) and where the
drawn token or card goes (``receive``, ``take``), which the chance kinds call."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...core.chance import UniformDraws
from ...core.fields import add_at, replace_at
from ...core.jsonio import expect_int
from ...core.piles import without
from ...errors import RuleError
from .rules import STARTING_MINUTES
from .stage_base import COLUMN, ROW, SEAT, STAGES, DinerStage, loader

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


def deal_minutes(data: Any, where: str, game: Any) -> int:
    m = expect_int(data, where, 1, 6)
    if m not in STARTING_MINUTES:
        raise RuleError(f"{where}: Starting orders have 4 or 6 minutes")
    return m



# -- chance: ingredients from the bag ------------------------------------------------------

class BagDraw(DinerStage):
    """A stage drawing one ingredient from the bag: ``receive`` puts it where it goes."""

    __slots__ = ()
    CHANCE = True

    def outcomes(self, s: DinerState) -> list[tuple[Any, Fraction]]:
        return s.game.bag_draws.outcomes(s.bag_counts)

    def drawn(self, s: DinerState, action: Any) -> bool:
        k = s.game.bag_draws.kind_by_id.get(id(action))
        return k is not None and s.bag_counts[k] > 0

    def receive(self, s: DinerState, k: int) -> None:
        raise NotImplementedError


@STAGES.stage
@dataclass(frozen=True)
class DrawStep(BagDraw):
    """Setup 4, the draw effects: an ingredient from the bag into ``player``'s supply."""

    NAME = "draw"
    CODECS = {"player": SEAT}
    player: int

    def settle(self, s: DinerState) -> bool:
        if any(s.bag_counts):
            return False
        s.pop()   # bag and compost both empty: nothing to draw (D14)
        return True

    def receive(self, s: DinerState, k: int) -> None:
        p = self.player
        s.bag_counts = add_at(s.bag_counts, k, -1)
        s.set_supply(p, add_at(s.supplies[p], k, 1))
        s.pop()

    def label(self, s: DinerState) -> str:
        return f"Chance: {s.game.player_name(self.player)} draws an ingredient from the bag"


@STAGES.stage
@dataclass(frozen=True)
class FillStep(BagDraw):
    """Setup 6 and Refilling a Shelf Row: the row's next empty circle from the bag, until
    the row is full."""

    NAME = "fill"
    CODECS = {"row": ROW}
    row: int

    def settle(self, s: DinerState) -> bool:
        if any(s.bag_counts) and s.next_circle(self.row) is not None:
            return False
        s.pop()
        return True

    def receive(self, s: DinerState, k: int) -> None:
        s.bag_counts = add_at(s.bag_counts, k, -1)
        s.add_to_space(self.row, s.next_circle(self.row), k, 1)

    def label(self, s: DinerState) -> str:
        return f"Chance: the {self.row}-ingredient shelf row is filled from the bag"


@STAGES.stage
@dataclass(frozen=True)
class RefillStep(BagDraw):
    """"Take a shortcut!": "Refill the space that became empty", one token (D32)."""

    NAME = "refill"
    MODULE = "chili"
    CODECS = {"row": ROW, "column": COLUMN}
    row: int
    column: int

    def settle(self, s: DinerState) -> bool:
        if any(s.bag_counts) and sum(s.space(self.row, self.column)) < self.row:
            return False
        s.pop()
        return True

    def receive(self, s: DinerState, k: int) -> None:
        s.bag_counts = add_at(s.bag_counts, k, -1)
        s.pop()
        s.add_to_space(self.row, self.column, k, 1)

    def label(self, s: DinerState) -> str:
        return (f"Chance: the {self.row}-ingredient space in column {self.column} is "
                "refilled from the bag")


# -- chance: cards from face-down piles ---------------------------------------------------

class CardDraw(DinerStage):
    """A stage drawing one card of a face-down pile, each card equally likely: ``pile``
    is the pile, ``take`` puts the drawn card where it goes."""

    __slots__ = ()
    CHANCE = True

    def pile(self, s: DinerState) -> tuple[str, ...]:
        raise NotImplementedError

    def draws(self, s: DinerState) -> UniformDraws:
        """The game's table of the pile's draws, by card id."""
        return s.game.order_draws

    def outcomes(self, s: DinerState) -> list[tuple[Any, Fraction]]:
        return self.draws(s).outcomes(self.pile(s))

    def drawn(self, s: DinerState, action: Any) -> bool:
        card = self.draws(s).key_by_id.get(id(action))
        return card is not None and card in self.pile(s)

    def take(self, s: DinerState, card: str) -> None:
        raise NotImplementedError


@STAGES.stage
@dataclass(frozen=True)
class DealStep(CardDraw):
    """Setup 2: a Starting order of ``minutes`` for ``player``."""

    NAME = "deal"
    CODECS = {"player": SEAT, "minutes": loader(deal_minutes)}
    player: int
    minutes: int

    def pile(self, s: DinerState) -> tuple[str, ...]:
        orders = s.game.orders
        return tuple(o for o in s.box if orders[o].minutes == self.minutes)

    def settle(self, s: DinerState) -> bool:
        if self.pile(s):
            return False
        s.pop()
        return True

    def take(self, s: DinerState, order: str) -> None:
        s.box = without(s.box, order)
        s.pop()
        s.lay(self.player, order)

    def label(self, s: DinerState) -> str:
        return (f"Setup: dealing {s.game.player_name(self.player)} a {self.minutes}-minute "
                "Starting order")


class OrderPileDraw(CardDraw):
    """A draw from the order pile; a used-up pile is first rebuilt from the discard pile
    of unfulfilled orders (D15)."""

    __slots__ = ()

    def pile(self, s: DinerState) -> tuple[str, ...]:
        return s.deck

    def restock(self, s: DinerState) -> bool:
        """Rebuild the pile if needed; False when there is nothing left to draw."""
        s.restock_orders()
        return bool(s.deck)


@STAGES.stage
@dataclass(frozen=True)
class TrayStep(OrderPileDraw):
    """Setup 8 and Go to the Phone step 5: the phone tray filled from the order pile."""

    NAME = "tray"
    LABEL = "Chance: the phone tray is filled from the order pile"

    def settle(self, s: DinerState) -> bool:
        if None in s.tray_orders and self.restock(s):
            return False
        s.pop()
        return True

    def take(self, s: DinerState, order: str) -> None:
        s.deck = without(s.deck, order)
        tray = list(s.tray_orders)
        tray[tray.index(None)] = order
        s.tray_orders = tuple(tray)


@STAGES.stage
@dataclass(frozen=True)
class OrderStep(OrderPileDraw):
    """The "draw an order" effect: an order for ``player``'s kitchen, its effects next."""

    NAME = "order"
    CODECS = {"player": SEAT}
    player: int

    def settle(self, s: DinerState) -> bool:
        if self.restock(s):
            return False
        s.pop()
        return True

    def take(self, s: DinerState, order: str) -> None:
        s.deck = without(s.deck, order)
        s.pop()
        s.lay(self.player, order)
        s.push(*s.game.effects[(order, self.player)])

    def label(self, s: DinerState) -> str:
        return f"Chance: {s.game.player_name(self.player)} draws an order"


@STAGES.stage
@dataclass(frozen=True)
class ChallengeStep(CardDraw):
    """Save the Bees, Setup 2: a Challenge for ``player`` from the shuffled ones."""

    NAME = "challenge"
    MODULE = "bees"
    CODECS = {"player": SEAT}
    player: int

    def pile(self, s: DinerState) -> tuple[str, ...]:
        return s.challenge_box

    def draws(self, s: DinerState) -> UniformDraws:
        return s.game.challenge_draws

    def settle(self, s: DinerState) -> bool:
        if s.challenge_box:
            return False
        s.pop()
        return True

    def take(self, s: DinerState, card: str) -> None:
        p = self.player
        s.challenge_box = without(s.challenge_box, card)
        s.open_challenges = replace_at(s.open_challenges, p, (*s.open_challenges[p], card))
        s.pop()

    def label(self, s: DinerState) -> str:
        return f"Setup: dealing {s.game.player_name(self.player)} a Challenge"


@STAGES.stage
@dataclass(frozen=True)
class ActionStep(CardDraw):
    """Secret Ingredient Setup 4 and "draw an Action card": a card into ``player``'s hand
    ("If the Action card draw pile is used up, shuffle the discard pile face down and form
    a new Action card draw pile")."""

    NAME = "action"
    MODULE = "chili"
    CODECS = {"player": SEAT}
    player: int

    def pile(self, s: DinerState) -> tuple[str, ...]:
        return s.action_deck

    def draws(self, s: DinerState) -> UniformDraws:
        return s.game.action_draws

    def settle(self, s: DinerState) -> bool:
        s.restock_actions()
        if s.action_deck:
            return False
        s.pop()
        return True

    def take(self, s: DinerState, card: str) -> None:
        p = self.player
        s.action_deck = without(s.action_deck, card)
        s.hands = replace_at(s.hands, p, (*s.hands[p], card))
        s.pop()

    def label(self, s: DinerState) -> str:
        return f"Chance: {s.game.player_name(self.player)} draws an Action card"
