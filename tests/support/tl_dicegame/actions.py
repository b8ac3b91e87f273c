"""The moves: a deal and a roll (chance), and a guess (a decision)."""

from __future__ import annotations

from dataclasses import dataclass

from treehouse_lab.protocol import Action


@dataclass(frozen=True)
class Deal(Action):
    KIND = "deal"
    TEXT = "Deal {card}"
    card: str


@dataclass(frozen=True)
class Roll(Action):
    KIND = "roll"
    TEXT = "Roll {pips}"
    pips: int


@dataclass(frozen=True)
class Guess(Action):
    KIND = "guess"
    TEXT = "Guess the other card is {side}"
    side: str
