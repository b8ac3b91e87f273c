"""Piles of cards held as tuples of card ids, each id naming one card: taking a card out.

Why here: every game draws cards from piles it keeps as tuples (the Diner's order pile
and Action cards, Magical Treehouse's undealt pool), and filtering the whole pile for the
one card was the most of a draw's cost; the card's position is found instead.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any


def without(pile: tuple, card: Any) -> tuple:
    """``pile`` with the one ``card`` taken out (ValueError if it holds none)."""
    i = pile.index(card)
    return pile[:i] + pile[i + 1:]


def without_sorted(pile: tuple, card: Any) -> tuple:
    """:func:`without` for a sorted ``pile`` holding ``card`` (Magical Treehouse's undealt
    pool), found by a binary search."""
    i = bisect_left(pile, card)
    return pile[:i] + pile[i + 1:]
