"""Magical Treehouse's kinds before the Building Step: the chance draws (Preparations 3
and 8, the deal and Draw 4), the Planning Step played by everyone at once, and the answers
to a spell cast in it.

Each kind holds its whole rule: it generates its legal moves (the stage in ``stages.py``
lists them), applies one, says why a legal one is allowed (``explain``, citing the
rulebook and rulings R1...), writes the log line (``narrate``: secret choices are narrated
without the card) and names the board targets clicked to choose it (``click_path``, the
``data-target`` ids render.py draws). A move that is not generated is refused by the
core's ``why_not``; ``refusal`` gives the rule's sentence for a common mistake.

Values are immutable (``state.py``): a change builds the new tuple and assigns it.
"""

from __future__ import annotations

from typing import Any

from ...core.fields import add_at, replace_at
from ...core.piles import without, without_sorted
from . import rules as R
from .actions import (
    Cast,
    CommonObjective,
    DiscardCard,
    DiscardHand,
    DrawCard,
    DrawFour,
    DropOut,
    Exchange,
    GiveBiscuit,
    KeepStorage,
    PersonalObjective,
    Place,
    Take,
    Wait,
)
from .kind import RULES, MagicalKind
from .spells import discards, exchanges, must_answer
from .stages import Deal, Planning, Spell
from .trash import spell_to_trash, to_trash

_TAKE, _DRAW4, _DISCARD_HAND, _DROP, _WAIT = Take(), DrawFour(), DiscardHand(), DropOut(), Wait()
_KEEP = KeepStorage()


def acting(s: Any) -> None:
    """Any planning move but waiting: the others' waits end (someone did something)."""
    if any(s.waits):
        s.waits = (False,) * s.game.players


def pass_hand(s: Any, p: int) -> None:
    """The rest of a hand goes on top of the carriage in the turn direction; the passer
    knows those cards (the "known" record)."""
    hand = s.hands[p]
    if not hand:
        return
    i = s.put_carriage(p)
    s.carriages = replace_at(s.carriages, i, s.carriages[i] + hand)
    known = dict(s.known)
    for c in hand:
        known[c] = (p,)
    s.known = known
    s.hands = replace_at(s.hands, p, ())


# -- chance ---------------------------------------------------------------------------------
@RULES.kind(CommonObjective)
class CommonObjectiveKind(MagicalKind):
    WHY = "Preparations 3: 1 brown and 1 green common objective, drawn at random"

    def apply(self, s, a, player):
        s.common = replace_at(s.common, 0 if s.common[0] is None else 1, a.tile)


@RULES.kind(PersonalObjective)
class PersonalObjectiveKind(MagicalKind):
    WHY = "Preparations 8: each player takes a brown tile face down"

    def apply(self, s, a, player):
        s.personal = replace_at(s.personal, s.personal.index(None), a.tile)

    def narrate(self, s, a, player):
        p = s.personal.index(None) if None in s.personal else 0
        return f"{s.game.player_name(p)} takes a personal objective face down"


@RULES.kind(DrawCard)
class DrawCardKind(MagicalKind):
    WHY = "a draw from your deck: every undealt card equally likely (ruling R1)"

    def apply(self, s, a, player):
        to_draw = s.to_draw
        p = 0
        while not to_draw[p]:   # the first seat owed a card (Deal.settle: one is)
            p += 1
        s.pool = without_sorted(s.pool, a.card)
        s.hands = replace_at(s.hands, p, s.hands[p] + (a.card,))
        s.deck = add_at(s.deck, p, -1)
        s.to_draw = add_at(to_draw, p, -1)

    def narrate(self, s, a, player):
        p = next((q for q in range(s.game.players) if s.to_draw[q]), 0)
        return f"{s.game.player_name(p)} draws a card"


# -- planning (2. Planning Step) ---------------------------------------------------------------
@RULES.kind(Place)
class PlaceKind(MagicalKind):
    WHY = ("Planning Step: place one non-spell card in your drawer and the rest on the "
           "carriage in the turn direction")
    CLICKS = ("card:{card}", "drawer")

    def generate(self, s, seat):
        spells, places = s.game.spells, s.game.places
        return [places[c] for c in sorted(s.hands[seat]) if c not in spells]

    def refusal(self, s, a, player):
        if player in s.actors() and isinstance(s.top, Planning) and a.card in s.hands[player] \
                and s.game.cards[a.card].kind == "spell":
            return (f"{a} is not allowed: Planning Step, 'Choose one non-spell planning "
                    "card' (a spell is cast or discarded with the hand)")
        return None

    def apply(self, s, a, p):
        acting(s)
        s.hands = replace_at(s.hands, p, without(s.hands[p], a.card))
        s.drawers = replace_at(s.drawers, p, s.drawers[p] + (a.card,))
        pass_hand(s, p)

    def narrate(self, s, a, player):
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} puts a card in the drawer and passes the rest on"


def _spells(s: Any, p: int) -> list[str]:
    """The spells in seat ``p``'s hand, sorted (card ids are unique)."""
    return sorted(s.game.spells.intersection(s.hands[p]))


@RULES.kind(Take)
class TakeKind(MagicalKind):
    WHY = ("Planning Step: with no cards in hand and fewer than 5 in the drawer, take the "
           "cards from the carriage against the turn direction")

    def generate(self, s, seat):
        if s.hands[seat] or len(s.drawers[seat]) >= R.DRAWER:
            return []
        return [_TAKE] if s.carriages[s.take_carriage(seat)] else []

    def refusal(self, s, a, player):
        return empty_hand_refusal(s, a, player)

    def apply(self, s, a, p):
        acting(s)
        i = s.take_carriage(p)
        car = s.carriages[i]
        if any(c in s.known for c in car):
            s.known = {c: v for c, v in s.known.items() if c not in car}
        s.hands = replace_at(s.hands, p, s.hands[p] + car)
        s.carriages = replace_at(s.carriages, i, ())

    def click_path(self, s, a, seat):
        return (f"carriage:{s.take_carriage(seat)}",)


def empty_hand_refusal(s: Any, a: Any, by: int) -> str | None:
    """Take and Draw 4: "If you have no cards in your hand and fewer than 5 in your
    drawer"."""
    if isinstance(s.top, Planning) and 0 <= by < s.game.players:
        if s.hands[by]:
            return f"{a} is not allowed: only players with no cards in hand may"
        if len(s.drawers[by]) >= R.DRAWER:
            return f"{a} is not allowed: only with fewer than 5 cards in the drawer"
    return None


@RULES.kind(DrawFour)
class DrawFourKind(MagicalKind):
    WHY = "Planning Step: with no cards in hand and fewer than 5 in the drawer, draw 4"
    CLICKS = ("deck:{seat}",)

    def generate(self, s, seat):
        if s.hands[seat] or len(s.drawers[seat]) >= R.DRAWER:
            return []
        return [_DRAW4] if s.deck[seat] > 0 else []

    def refusal(self, s, a, player):
        return empty_hand_refusal(s, a, player)

    def apply(self, s, a, p):
        acting(s)
        s.to_draw = replace_at(s.to_draw, p, min(R.DRAW, s.deck[p]))
        s.push(Deal())


@RULES.kind(DiscardHand)
class DiscardHandKind(MagicalKind):
    WHY = "Planning Step: a hand holding a spell may go to the trash, spell on top"
    # The whole hand goes (issue 18): the first click, on the trash can, only asks; the
    # second is on the "Discard all N cards?" button the board then shows.
    CLICKS = ("trash:{seat}", "discard-all:{seat}")

    def generate(self, s, seat):
        return [] if s.game.spells.isdisjoint(s.hands[seat]) else [_DISCARD_HAND]

    def apply(self, s, a, p):
        acting(s)
        # "in one pile, face up, with the spell card on top"
        cards = s.game.cards
        hand = s.hands[p]
        spells = tuple(c for c in hand if cards[c].kind == "spell")
        rest = tuple(c for c in hand if cards[c].kind != "spell")
        to_trash(s, p, rest + spells)
        s.hands = replace_at(s.hands, p, ())


@RULES.kind(Cast)
class CastKind(MagicalKind):
    WHY = "Planning Step: use the special power of a spell; everyone still planning stops"
    CLICKS = ("card:{card}", "cast")

    def generate(self, s, seat):
        g = s.game
        if g.spells.isdisjoint(s.hands[seat]):   # most hands: no spell to cast
            return []
        casts = g.casts
        return [casts[c] for c in _spells(s, seat)]

    def apply(self, s, a, p):
        """ "When the effects of the spell have been resolved, the spell is put in the trash
        can": on top of the cards its effect moves (``Spell.settle``; ruling R6)."""
        acting(s)
        g = s.game
        s.hands = replace_at(s.hands, p, without(s.hands[p], a.card))
        effect = g.cards[a.card].power
        if effect.reverses:
            s.direction = -s.direction
        elif effect.hands_to_carriage:
            for q in range(g.players):
                if not s.dropped[q]:
                    pass_hand(s, q)
        else:
            todo = tuple("todo" if not s.dropped[q] and must_answer(s, effect, q) else None
                         for q in range(g.players))
            if "todo" in todo:
                s.choices = todo
                s.spell_card, s.caster = a.card, p
                s.push(Spell())
                return
        spell_to_trash(s, p, a.card)


@RULES.kind(DropOut)
class DropOutKind(MagicalKind):
    WHY = "Planning Step: 'I'm done!' - take one of this round's biscuits if any are left"
    CLICKS = ("done:{seat}",)

    def generate(self, s, seat):
        return [] if s.hands[seat] else [_DROP]

    def apply(self, s, a, p):
        acting(s)
        s.dropped = replace_at(s.dropped, p, True)
        if s.round_biscuits:
            s.round_biscuits -= 1
            s.biscuit_counts = add_at(s.biscuit_counts, p, 1)

    def narrate(self, s, a, player):
        """The log tells what happened; the button's own text is the player's call."""
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} drops out of the planning step: \"I'm done!\""


@RULES.kind(GiveBiscuit)
class GiveBiscuitKind(MagicalKind):
    WHY = "Planning Step: a biscuit to a dropped-out player moves the cards past them"
    CLICKS = ("biscuit:{to}",)

    def generate(self, s, seat):
        if s.biscuit_counts[seat] <= 0:
            return []
        gifts, dropped, carriages = s.game.gifts, s.dropped, s.carriages
        return [gifts[q] for q in range(s.game.players)
                if dropped[q] and carriages[s.take_carriage(q)]]

    def apply(self, s, a, p):
        acting(s)
        q = a.to
        b = s.biscuit_counts
        b = add_at(b, p, -1)
        s.biscuit_counts = add_at(b, q, 1)
        src, dst = s.take_carriage(q), s.put_carriage(q)
        cars = s.carriages
        cars = replace_at(cars, dst, cars[dst] + cars[src])
        s.carriages = replace_at(cars, src, ())


@RULES.kind(Wait)
class WaitKind(MagicalKind):
    WHY = ("Planning Step: you need not act at once; when everyone waits the eldest moves "
           "(ruling R4)")
    CLICKS = ("wait:{seat}",)

    def generate(self, s, seat):
        idle = s.idle()
        busy = idle.count(False)
        if busy == 0:                               # forced: the eldest must move
            return []
        # everyone else waits: this seat is the one still planning; the eldest must move
        if busy == 1 and not idle[seat] and s.eldest_planning() == seat:
            return []
        return [_WAIT]

    def refusal(self, s, a, player):
        if isinstance(s.top, Planning) and s.forced():
            return ("Wait is not allowed: everyone is waiting, so the eldest must move "
                    "(Planning Step)")
        return None

    def apply(self, s, a, p):
        s.waits = replace_at(s.waits, p, True)

    def narrate(self, s, a, player):
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} waits for the others"


# -- a spell being resolved ---------------------------------------------------------------------


class SpellChoiceKind(MagicalKind):
    """A spell's answer: recorded secretly; the spell stage applies them all together."""

    def apply(self, s, a, p):
        s.choices = replace_at(s.choices, p, a)

    def narrate(self, s, a, player):
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} makes a choice for the spell"


def _effect(s: Any) -> R.Effect:
    return s.game.cards[s.spell_card].power


@RULES.kind(DiscardCard)
class DiscardCardKind(SpellChoiceKind):
    WHY = "the spell: every player still planning chooses a card to discard"
    CLICKS = ("card:{card}", "trash:{seat}")

    def generate(self, s, seat):
        return discards(s, _effect(s), seat)


@RULES.kind(Exchange)
class ExchangeKind(SpellChoiceKind):
    WHY = "the spell: switch one drawer card and one storage card"
    CLICKS = ("card:{drawer_card}", "card:{storage_card}")

    def generate(self, s, seat):
        return exchanges(s, _effect(s), seat)


@RULES.kind(KeepStorage)
class KeepStorageKind(SpellChoiceKind):
    WHY = "the spell: the exchange is not mandatory"
    CLICKS = ("keep:{seat}",)

    def generate(self, s, seat):
        return [_KEEP] if _effect(s).exchanges else []


__all__ = ["acting", "empty_hand_refusal", "pass_hand"]
