"""Backyard Builders Treehouse: the four kinds of action, as values.

What each does, when it is allowed and how it is told is its kind, in moves.py; the actions
are apart from the kinds only so that the stages (stages.py) can name what they offer
without importing the kinds that push them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.seating import player_name
from ...protocol import Action
from .rules import achievement_title, card_text

# -- Actions ----------------------------------------------------------------------------

@dataclass(frozen=True)
class ChooseAchievement(Action):
    """Chance, at set-up with the expansion: the one achievement card turned face up."""

    KIND: ClassVar[str] = "choose_achievement"
    achievement: str

    def __str__(self) -> str:
        return f"Turn up the achievement card {achievement_title(self.achievement)}"


@dataclass(frozen=True)
class ChooseStartPlayer(Action):
    """Chance, at set-up: the start player, who holds the hammer all game."""

    KIND: ClassVar[str] = "choose_start_player"
    player: int

    def __str__(self) -> str:
        return f"{player_name(self.player)} is the start player and takes the hammer"


@dataclass(frozen=True)
class Draw(Action):
    """Chance: one card from the draw deck (each card left equally likely). The action
    names the card, so the engine and its JSON are exact; the narrated log does not (R6)."""

    KIND: ClassVar[str] = "draw"
    card: str

    def __str__(self) -> str:
        return f"Draw {card_text(self.card)}"


@dataclass(frozen=True)
class Play(Action):
    """The one decision of a turn: a card from the hand, face up or face down as a wild."""

    KIND: ClassVar[str] = "play"
    card: str
    face_down: bool = False

    def __str__(self) -> str:
        how = "face down as a wild" if self.face_down else "face up"
        return f"Play {card_text(self.card)} {how}"


__all__ = ["ChooseAchievement", "ChooseStartPlayer", "Draw", "Play"]
