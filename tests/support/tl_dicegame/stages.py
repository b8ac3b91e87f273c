"""What the game waits for: a deal (chance), a roll (chance), a guess (the player to move)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from treehouse_lab.core.stages import Stage, StageTable

from .actions import Deal, Guess, Roll

STAGES = StageTable("dice")
ROUNDS = 3
SIDES = ("high", "low")


@STAGES.stage
@dataclass(frozen=True)
class DealStage(Stage):
    NAME = "deal"
    LABEL = "Chance: a card is dealt face down"
    CHANCE = True

    def outcomes(self, s: Any) -> list[tuple[Deal, Fraction]]:
        p = Fraction(1, len(s.deck))
        return [(Deal(c), p) for c in s.deck]


@STAGES.stage
@dataclass(frozen=True)
class RollStage(Stage):
    NAME = "roll"
    LABEL = "Chance: the die is rolled"
    CHANCE = True
    FACES = tuple(range(1, 7))

    def outcomes(self, s: Any) -> list[tuple[Roll, Fraction]]:
        return [(Roll(n), Fraction(1, 6)) for n in self.FACES]


@STAGES.stage
@dataclass(frozen=True)
class GuessStage(Stage):
    NAME = "guess"
    LABEL = "Guess whether the other player's card is high (4-6) or low (1-3)"
    OFFERS = (Guess,)

    def actors(self, s: Any) -> list[int]:
        return [s.turn % 2]


def stages_from(s: Any) -> tuple[Stage, ...]:
    """The stages left, read off the fields (next first; () at the end)."""
    if any(h is None for h in s.hands):
        return (DealStage(),)
    if s.turn >= 2 * ROUNDS:
        return ()
    return (GuessStage(),) if s.die is not None else (RollStage(), GuessStage())
