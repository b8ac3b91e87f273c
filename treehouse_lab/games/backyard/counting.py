"""Exact counting for the Backyard Builders probability notebook.

Two ways to the same number, on purpose: ``playable_fraction`` asks the engine (it sums the
exact chance outcomes of the next draw), while ``playable_fraction_among`` counts by hand
from an explicit list of cards. The notebook shows they agree, then uses the counting
version for what a *player* can know (the cards they have not seen), which is not the
engine's true deck.

sympy is imported only inside :func:`hypergeometric_expr`, so importing this module is cheap.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable

from ...core.counting import hypergeometric_at_least  # noqa: F401 (notebooks call it here)
from .rules import Card, Floor, card_from_id, matches
from .stages import DeckDraw

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState


def _card(c: Card | str) -> Card:
    return c if isinstance(c, Card) else card_from_id(c)


def next_draw_outcomes(state: BackyardState) -> list[tuple[Card, Fraction]]:
    """The next card drawn and its exact chance, from the engine's own draw node.

    At a draw chance node these are ``state.chance_outcomes()``; otherwise the deck is
    what the next draw node will offer (each card left equally likely), which is also
    exactly what ``chance_outcomes`` returns once that node is reached."""
    from .actions import Draw

    if isinstance(state.top, DeckDraw):  # the deal or a turn's draw: a chance node
        outcomes = state.chance_outcomes()
        return [(state.game.card_set[a.card], p) for a, p in outcomes if isinstance(a, Draw)]
    n = state.deck_count
    if n == 0:
        return []
    cards = state.game.card_set
    return [(cards[c], Fraction(1, n)) for c in state.to_json()["deck"]]


def playable_fraction(state: BackyardState, player: int) -> Fraction:
    """Exact chance that the next card drawn can be played face up on ``player``'s
    treehouse (How to Build Your Treehouse: its bottom floor matches the top floor's colour
    or number; anything fits a bare ladder or a wild)."""
    top = state.top_floor(player)
    return sum((p for card, p in next_draw_outcomes(state) if matches(top, card)), Fraction(0))


def playable_count(top: Floor | None, cards: Iterable[Card | str]) -> int:
    """How many of ``cards`` could go face up on a treehouse whose top floor is ``top``
    (None for the bare ladder)."""
    return sum(1 for c in cards if matches(top, _card(c)))


def playable_fraction_among(top: Floor | None, unseen: Iterable[Card | str]) -> Fraction:
    """Pure counting: favourable / total over an explicit list of equally likely cards
    (ids like ``"G4-Y3"`` or :class:`Card` values)."""
    cards = [_card(c) for c in unseen]
    if not cards:
        raise ValueError("no unseen cards to draw from")
    return Fraction(playable_count(top, cards), len(cards))


def unseen_cards(state: BackyardState, player: int) -> list[str]:
    """The treehouse cards ``player`` cannot see now (deck, the hand if not theirs, other
    players' face-down cards, the set-aside leftover hand): the cards a player reasons
    over. Purple cards boxed in a 2-player game are known to be out and are not listed."""
    return sorted(c for c in state.hidden_from(player) if c in state.game.card_set)


def hypergeometric_expr(k: int = 1) -> Any:
    """The same chance as a sympy expression in symbols G (good), N (total) and d
    (draws), for k = 1: 1 - C(N-G, d)/C(N, d). Imported lazily."""
    import sympy

    G, N, d = sympy.symbols("G N d", integer=True, nonnegative=True)
    if k != 1:
        i = sympy.symbols("i", integer=True)
        return sympy.Sum(sympy.binomial(G, i) * sympy.binomial(N - G, d - i),
                         (i, k, d)) / sympy.binomial(N, d)
    return 1 - sympy.binomial(N - G, d) / sympy.binomial(N, d)
