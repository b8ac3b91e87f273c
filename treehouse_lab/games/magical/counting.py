"""Exact chances for the notebook: what a deal or a draw of 4 may bring.

Why a module: "what is the chance my opening hand holds a spell?" is the first question a
student asks about the draft, and the engine's chance nodes already say it card by card
(each draw is uniform over the undealt cards, see ``state.py``). These functions give the
same numbers in closed form (the hypergeometric law), so a notebook can compare both.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ...core.counting import hypergeometric, hypergeometric_at_least
from .rules import HAND, Card


def at_least_one(successes: int, population: int, draws: int) -> Fraction:
    return hypergeometric_at_least(successes, population, draws)


def opening_hand(game, marked: Callable[[Card], bool]) -> dict[int, Fraction]:
    """{k: chance} of k marked cards in a first-round hand of 8 (all 96 cards undealt)."""
    cards = list(game.cards.values())
    m = sum(1 for c in cards if marked(c))
    return _marked_among(m, len(cards), HAND)


def next_draws(state, marked: Callable[[Card], bool], draws: int = 4) -> dict[int, Fraction]:
    """{k: chance} of k marked cards among the next ``draws`` cards any player draws, from
    the undealt cards of ``state`` (the deck a player draws from is a random part of
    them, which gives the same chances)."""
    cards = state.game.cards
    pool = state.pool
    m = sum(1 for c in pool if marked(cards[c]))
    n = min(draws, len(pool))
    return _marked_among(m, len(pool), n)


def _marked_among(marked: int, population: int, draws: int) -> dict[int, Fraction]:
    """{k: chance} of k marked cards among ``draws`` from ``population``, 0 left out."""
    bag = {"marked": marked, "other": population - marked}
    chances = {k: hypergeometric(bag, {"marked": k, "other": draws - k})
               for k in range(draws + 1)}
    return {k: p for k, p in chances.items() if p}


def is_spell(card: Card) -> bool:
    return card.kind == "spell"
