"""Exact chances for the notebook: what a deal or a draw of 4 may bring.

Why a module: "what is the chance my opening hand holds a spell?" is the first question a
student asks about the draft, and the engine's chance nodes already say it card by card
(each draw is uniform over the undealt cards, see ``state.py``). These functions give the
same numbers in closed form (the hypergeometric law), so a notebook can compare both.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Callable

from .rules import HAND, Card


def hypergeometric(successes: int, population: int, draws: int, k: int) -> Fraction:
    """The chance of exactly ``k`` marked cards among ``draws`` cards drawn from
    ``population`` cards of which ``successes`` are marked."""
    if not 0 <= k <= draws <= population or successes > population:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def at_least_one(successes: int, population: int, draws: int) -> Fraction:
    return 1 - hypergeometric(successes, population, draws, 0)


def opening_hand(game, marked: Callable[[Card], bool]) -> dict[int, Fraction]:
    """{k: chance} of k marked cards in a first-round hand of 8 (all 96 cards undealt)."""
    cards = list(game.cards.values())
    m = sum(1 for c in cards if marked(c))
    return {k: hypergeometric(m, len(cards), HAND, k) for k in range(HAND + 1)
            if hypergeometric(m, len(cards), HAND, k)}


def next_draws(state, marked: Callable[[Card], bool], draws: int = 4) -> dict[int, Fraction]:
    """{k: chance} of k marked cards among the next ``draws`` cards any player draws, from
    the undealt cards of ``state`` (the deck a player draws from is a random part of
    them, which gives the same chances)."""
    cards = state.game.cards
    pool = state.pool
    m = sum(1 for c in pool if marked(cards[c]))
    n = min(draws, len(pool))
    return {k: hypergeometric(m, len(pool), n, k) for k in range(n + 1)
            if hypergeometric(m, len(pool), n, k)}


def is_spell(card: Card) -> bool:
    return card.kind == "spell"
