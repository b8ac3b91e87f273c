"""Magical Treehouse's trash cans: every way a card goes into one (a placed hand's spell,
a discarded hand, a spell's discard, a revealed play-order card, a useless card of the
drawer) comes through :func:`to_trash`, so ruling R18's record of what was seen on top is
kept in one place. Both the kinds and the stages (a spell resolved, the reveal) use it.
"""

from __future__ import annotations

from typing import Any

from ...core.fields import replace_at


def to_trash(s: Any, p: int, cards: tuple[str, ...]) -> None:
    """``cards`` go on top of seat ``p``'s trash can, the last one on top: every way into
    a trash can comes here. Under the variant trash="top" (ruling R18) the card they cover
    lay on top, seen by everyone, so the "known" record keeps it known to every seat; the
    cards of one batch under its last (a discarded hand under its spell) were never on top
    and stay their owner's (``view.py``, the zone "trash")."""
    pile = s.trash[p]
    if pile and s.game.trash_top:
        s.known = {**s.known, pile[-1]: tuple(range(s.game.players))}
    s.trash = replace_at(s.trash, p, pile + cards)


def spell_to_trash(s: Any, caster: int, card: str) -> None:
    """The resolved spell goes on top of its caster's trash can (Planning Step)."""
    to_trash(s, caster, (card,))


__all__ = ["spell_to_trash", "to_trash"]
