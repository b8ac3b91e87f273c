"""Exact odds of a chance event, from the engine's own chance node.

Why from the engine: the engine already knows every outcome and its exact Fraction
(``state.chance_outcomes()``); a lesson that counted again could disagree with the game.
What no other rules teacher shows is the count behind the number: "2 of the 9 cards left
are green: 2/9".

Hidden information is the lesson's to respect: the engine's outcomes may depend on cards a
learner cannot see (another player's face-down card is not in the deck). A lesson shows
these odds only where the outcomes are what the learner can count, and otherwise counts
over what the learner cannot see (its game's counting module).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from ..errors import RuleError
from ..protocol import Action, State


@dataclass(frozen=True)
class Odds:
    """How likely an event is: ``favourable`` of ``outcomes`` equally likely outcomes when
    ``uniform``, and its exact ``chance`` always."""

    favourable: int
    outcomes: int
    chance: Fraction
    uniform: bool

    def sentence(self, whole: str, event: str) -> str:
        """"2 of the 9 cards left in the deck fit: 2/9" (``whole`` = "cards left in the
        deck", ``event`` = "fit"); with unequal outcomes, the chance alone."""
        if self.uniform:
            return (f"{self.favourable} of the {self.outcomes} {whole} {event}: "
                    f"{fraction(self.favourable, self.outcomes)}")
        return f"The chance that it will {event} is {self.chance}"


def fraction(k: int, n: int) -> str:
    """"2/9" as counted (not reduced: the count is the lesson), with the reduced form
    after it where they differ ("3/9 = 1/3")."""
    if n == 0:
        return "0"
    reduced = Fraction(k, n)
    plain = f"{k}/{n}"
    if reduced.denominator != n and k:
        return f"{plain} = {reduced}"
    return plain


def chance_odds(state: State, event: Callable[[Action], bool]) -> Odds:
    """The odds that the chance node at ``state`` brings an outcome passing ``event``."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise RuleError("chance_odds: this position is not a chance node")
    good = [(a, p) for a, p in outcomes if event(a)]
    chance = sum((p for _, p in good), Fraction(0))
    uniform = len({p for _, p in outcomes}) == 1
    return Odds(len(good), len(outcomes), chance, uniform)


def counted_odds(cards: list[str], event: Callable[[str], bool]) -> Odds:
    """The odds over ``cards`` equally likely (a learner's count of the unseen cards)."""
    good = sum(1 for c in cards if event(c))
    n = len(cards)
    return Odds(good, n, Fraction(good, n) if n else Fraction(0), True)


def each_outcome(state: State) -> list[tuple[str, Fraction]]:
    """Every outcome of the chance node at ``state`` with its exact chance, named as the
    engine names it: for a public chance event (a die), since a draw's name is the card."""
    return [(str(a), p) for a, p in state.chance_outcomes()]


__all__ = ["Odds", "chance_odds", "counted_odds", "each_outcome", "fraction"]
