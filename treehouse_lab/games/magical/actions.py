"""Magical Treehouse actions: small steps, each a value with a sentence (their rules are
the kinds in ``moves.py``).

Why so small: the planning step is played by everyone at once, so each thing a player can
do at the table ("put this card in my drawer and pass the rest", "take from the carriage",
"I whistle!") is one action of one seat, and a driver interleaves them. The building step
places one card at a time. Secret choices (a play-order card, a spell's discard) are
recorded hidden and revealed together.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...protocol import Action


# -- chance --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CommonObjective(Action):
    """Chance: a common objective tile is drawn (Preparations 3)."""
    KIND = "common_objective"
    TEXT = "Common objective {tile}"
    tile: str


@dataclass(frozen=True)
class PersonalObjective(Action):
    """Chance: the next player takes a personal objective face down (Preparations 8)."""
    KIND = "personal_objective"
    TEXT = "Personal objective {tile}"
    tile: str


@dataclass(frozen=True)
class DrawCard(Action):
    """Chance: a player draws a card from their deck (1. Preparations Step; Draw 4)."""
    KIND = "draw_card"
    TEXT = "Draw {card}"
    card: str


# -- planning ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place(Action):
    """Put a non-spell hand card in the drawer; the rest go to the carriage."""
    KIND = "place"
    TEXT = "Put {card} in the drawer and pass the rest on"
    card: str


@dataclass(frozen=True)
class Take(Action):
    KIND = "take"
    TEXT = "Take the cards from the carriage"


@dataclass(frozen=True)
class DrawFour(Action):
    KIND = "draw_four"
    TEXT = "Draw 4 cards from the deck"


@dataclass(frozen=True)
class DiscardHand(Action):
    KIND = "discard_hand"
    TEXT = "Discard the whole hand (it holds a spell)"


@dataclass(frozen=True)
class Cast(Action):
    """Use a spell: everyone still planning stops and resolves it."""
    KIND = "cast"
    TEXT = "Cast {card}: I whistle!"
    card: str


@dataclass(frozen=True)
class DropOut(Action):
    KIND = "drop_out"
    TEXT = "Drop out of the planning step: I'm done!"


@dataclass(frozen=True)
class GiveBiscuit(Action):
    """Give a biscuit to a dropped-out player to move the cards past them."""
    KIND = "give_biscuit"
    to: int

    def __str__(self) -> str:
        return f"Give a biscuit to Player {self.to + 1} to move the carriage cards past them"


@dataclass(frozen=True)
class Wait(Action):
    """Let the others go first (when everyone waits, the eldest must move)."""
    KIND = "wait"
    TEXT = "Wait for the others"


@dataclass(frozen=True)
class DiscardCard(Action):
    """A spell's choice: a hand or drawer card to the trash (secret, revealed together)."""
    KIND = "discard_card"
    TEXT = "Discard {card} from the {place}"
    card: str
    place: str


@dataclass(frozen=True)
class Exchange(Action):
    """The exchange spell: swap a drawer card with a storage card."""
    KIND = "exchange"
    TEXT = "Exchange {drawer_card} (drawer) with {storage_card} (storage)"
    drawer_card: str
    storage_card: str


@dataclass(frozen=True)
class KeepStorage(Action):
    KIND = "keep_storage"
    TEXT = "Exchange nothing"


# -- building ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reveal(Action):
    """Choose the play-order card (secret until everyone has chosen)."""
    KIND = "reveal"
    TEXT = "Reveal {card} for the play order"
    card: str


@dataclass(frozen=True)
class Build(Action):
    """Build a card face up: ``on`` is "" for a new level 1 building, else the id of the
    building (its bottom card) it goes on."""
    KIND = "build"
    card: str
    on: str

    def __str__(self) -> str:
        if not self.on:
            return f"Build {self.card} as a new building"
        return f"Build {self.card} on {self.on}"


@dataclass(frozen=True)
class BuildFaceDown(Action):
    KIND = "build_face_down"
    TEXT = "Build {card} face down (level 1, 0 VP)"
    card: str


@dataclass(frozen=True)
class Pipe(Action):
    KIND = "pipe"
    TEXT = "Connect {a} and {b} with {card}"
    card: str
    a: str
    b: str


@dataclass(frozen=True)
class MovePipe(Action):
    """Blue level 4 [move pipes]: reconnect a pipe already built."""
    KIND = "move_pipe"
    TEXT = "Move {card} to connect {a} and {b}"
    card: str
    a: str
    b: str


@dataclass(frozen=True)
class Store(Action):
    KIND = "store"
    TEXT = "Store {card} under {on}"
    card: str
    on: str


@dataclass(frozen=True)
class Discard(Action):
    """A drawer card that cannot be used anywhere goes to the trash (ruling)."""
    KIND = "discard"
    TEXT = "Discard {card}: it cannot be used"
    card: str


@dataclass(frozen=True)
class PlaceFamiliar(Action):
    KIND = "place_familiar"
    TEXT = "Place a familiar in {area}"
    area: str


@dataclass(frozen=True)
class SkipFamiliar(Action):
    KIND = "skip_familiar"
    TEXT = "Place no familiar"


@dataclass(frozen=True)
class Finish(Action):
    """End the building turn with the drawer empty, leaving the storage and the pipes as
    they are."""
    KIND = "finish"
    TEXT = "Finish building (leave the storage and the pipes as they are)"
