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
    tile: str

    def __str__(self) -> str:
        return f"Common objective {self.tile}"


@dataclass(frozen=True)
class PersonalObjective(Action):
    """Chance: the next player takes a personal objective face down (Preparations 8)."""
    KIND = "personal_objective"
    tile: str

    def __str__(self) -> str:
        return f"Personal objective {self.tile}"


@dataclass(frozen=True)
class DrawCard(Action):
    """Chance: a player draws a card from their deck (1. Preparations Step; Draw 4)."""
    KIND = "draw_card"
    card: str

    def __str__(self) -> str:
        return f"Draw {self.card}"


# -- planning ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place(Action):
    """Put a non-spell hand card in the drawer; the rest go to the carriage."""
    KIND = "place"
    card: str

    def __str__(self) -> str:
        return f"Put {self.card} in the drawer and pass the rest on"


@dataclass(frozen=True)
class Take(Action):
    KIND = "take"

    def __str__(self) -> str:
        return "Take the cards from the carriage"


@dataclass(frozen=True)
class DrawFour(Action):
    KIND = "draw_four"

    def __str__(self) -> str:
        return "Draw 4 cards from the deck"


@dataclass(frozen=True)
class DiscardHand(Action):
    KIND = "discard_hand"

    def __str__(self) -> str:
        return "Discard the whole hand (it holds a spell)"


@dataclass(frozen=True)
class Cast(Action):
    """Use a spell: everyone still planning stops and resolves it."""
    KIND = "cast"
    card: str

    def __str__(self) -> str:
        return f"Cast {self.card}: I whistle!"


@dataclass(frozen=True)
class DropOut(Action):
    KIND = "drop_out"

    def __str__(self) -> str:
        return "Drop out of the planning step: I'm done!"


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

    def __str__(self) -> str:
        return "Wait for the others"


@dataclass(frozen=True)
class DiscardCard(Action):
    """A spell's choice: a hand or drawer card to the trash (secret, revealed together)."""
    KIND = "discard_card"
    card: str
    place: str

    def __str__(self) -> str:
        return f"Discard {self.card} from the {self.place}"


@dataclass(frozen=True)
class Exchange(Action):
    """The exchange spell: swap a drawer card with a storage card."""
    KIND = "exchange"
    drawer_card: str
    storage_card: str

    def __str__(self) -> str:
        return f"Exchange {self.drawer_card} (drawer) with {self.storage_card} (storage)"


@dataclass(frozen=True)
class KeepStorage(Action):
    KIND = "keep_storage"

    def __str__(self) -> str:
        return "Exchange nothing"


# -- building ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reveal(Action):
    """Choose the play-order card (secret until everyone has chosen)."""
    KIND = "reveal"
    card: str

    def __str__(self) -> str:
        return f"Reveal {self.card} for the play order"


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
    card: str

    def __str__(self) -> str:
        return f"Build {self.card} face down (level 1, 0 VP)"


@dataclass(frozen=True)
class Pipe(Action):
    KIND = "pipe"
    card: str
    a: str
    b: str

    def __str__(self) -> str:
        return f"Connect {self.a} and {self.b} with {self.card}"


@dataclass(frozen=True)
class MovePipe(Action):
    """Blue level 4 [move pipes]: reconnect a pipe already built."""
    KIND = "move_pipe"
    card: str
    a: str
    b: str

    def __str__(self) -> str:
        return f"Move {self.card} to connect {self.a} and {self.b}"


@dataclass(frozen=True)
class Store(Action):
    KIND = "store"
    card: str
    on: str

    def __str__(self) -> str:
        return f"Store {self.card} under {self.on}"


@dataclass(frozen=True)
class Discard(Action):
    """A drawer card that cannot be used anywhere goes to the trash (ruling)."""
    KIND = "discard"
    card: str

    def __str__(self) -> str:
        return f"Discard {self.card}: it cannot be used"


@dataclass(frozen=True)
class PlaceFamiliar(Action):
    KIND = "place_familiar"
    area: str

    def __str__(self) -> str:
        return f"Place a familiar in {self.area}"


@dataclass(frozen=True)
class SkipFamiliar(Action):
    KIND = "skip_familiar"

    def __str__(self) -> str:
        return "Place no familiar"


@dataclass(frozen=True)
class Finish(Action):
    """End the building turn with the drawer empty, leaving the storage and the pipes as
    they are."""
    KIND = "finish"

    def __str__(self) -> str:
        return "Finish building (leave the storage and the pipes as they are)"
