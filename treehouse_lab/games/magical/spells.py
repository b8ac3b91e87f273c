"""Who answers a Magical Treehouse spell, and with what (2. Planning Step, the spells):
the discard spells' cards and the exchange spell's swaps for one seat. The planning kinds
(``moves.CastKind``) ask whether anyone must answer; the spell's answer kinds offer these.
"""

from __future__ import annotations

from typing import Any

from . import rules as R
from .actions import DiscardCard, Exchange


def must_answer(s: Any, effect: R.Effect, q: int) -> bool:
    """Who answers a spell: everyone still planning who can (a card to discard; for the
    exchange, a stored card and a building in the drawer)."""
    return bool(discards(s, effect, q) or exchanges(s, effect, q))


def discards(s: Any, effect: R.Effect, q: int) -> list[DiscardCard]:
    """A discard spell's answers for seat ``q``: one a card of the pile it names."""
    place = effect.discards_from
    if not place:
        return []
    make = s.game.make
    return [make(DiscardCard, c, place) for c in sorted(getattr(s, R.PILES[place])[q])]


def exchanges(s: Any, effect: R.Effect, q: int) -> list[Exchange]:
    """The exchange spell's swaps for seat ``q``: a drawer building for a stored card."""
    if not effect.exchanges:
        return []
    cards, make = s.game.cards, s.game.make
    return [make(Exchange, d, st) for d in sorted(s.drawers[q]) if cards[d].kind == "building"
            for st, _ in sorted(s.stored[q])]


__all__ = ["discards", "exchanges", "must_answer"]
