"""Magical Treehouse's kinds: each action kind's whole rule in one class.

A kind generates its legal moves (the stage in ``stages.py`` lists them), applies one,
says why one is not allowed (``why_not``: the sentence naming the rule), why a legal one
is (``explain``, citing the rulebook and rulings R1...), writes the log line
(``narrate``: secret choices are narrated without the card) and names the board targets
clicked to choose it (``click_path``, the ``data-target`` ids render.py draws).

Values are immutable (``state.py``): a change builds the new tuple and assigns it.
"""

from __future__ import annotations

from typing import Any

from ...core.kinds import Kind, KindTable
from ...core.piles import without, without_sorted
from ...protocol import State
from . import rules as R
from .actions import (
    Build,
    BuildFaceDown,
    Cast,
    CommonObjective,
    Discard,
    DiscardCard,
    DiscardHand,
    DrawCard,
    DrawFour,
    DropOut,
    Exchange,
    Finish,
    GiveBiscuit,
    KeepStorage,
    MovePipe,
    PersonalObjective,
    Pipe,
    Place,
    PlaceFamiliar,
    Reveal,
    SkipFamiliar,
    Store,
    Take,
    Wait,
)
from .moves_spell import discards, exchanges, must_answer
from .view import public_text

KINDS = KindTable("magical")
_TAKE, _DRAW4, _DISCARD_HAND, _DROP, _WAIT = Take(), DrawFour(), DiscardHand(), DropOut(), Wait()
_KEEP, _SKIP, _FINISH = KeepStorage(), SkipFamiliar(), Finish()


def put(values: tuple, i: int, value: Any) -> tuple:
    """``values`` with entry ``i`` replaced (fields are tuples; a list copy is the
    cheapest way to build the new tuple for a few seats)."""
    out = list(values)
    out[i] = value
    return tuple(out)


class MagicalKind(Kind):
    """The parts every Magical kind shares: ``WHY`` is the rule that allows it (its
    explanation). A move that is not generated is refused by the core's ``why_not``: a
    kind's ``refusal`` sentence for a common mistake, else the legal list."""

    WHY = ""

    def explain(self, s: Any, a: Any, player: int) -> str:
        return f"{a} — {self.WHY}"

    def narrate(self, s: Any, a: Any, player: int) -> str:
        """The log line, which every seat reads: a face-down building of the actor's is
        named as the others know it ("face-down building 1": ruling R17)."""
        if player < 0:
            return State.narrate(s, a, None)
        return f"{s.game.player_name(player)}: {public_text(s, player, str(a))}"

    def click_path(self, s: Any, a: Any, seat: int) -> tuple[str, ...]:
        return ()


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
    s.carriages = put(s.carriages, i, s.carriages[i] + hand)
    known = dict(s.known)
    for c in hand:
        known[c] = (p,)
    s.known = known
    s.hands = put(s.hands, p, ())


# -- chance ---------------------------------------------------------------------------------
@KINDS.kind(CommonObjective)
class CommonObjectiveKind(MagicalKind):
    WHY = "Preparations 3: 1 brown and 1 green common objective, drawn at random"

    def apply(self, s, a, player):
        s.common = put(s.common, 0 if s.common[0] is None else 1, a.tile)


@KINDS.kind(PersonalObjective)
class PersonalObjectiveKind(MagicalKind):
    WHY = "Preparations 8: each player takes a brown tile face down"

    def apply(self, s, a, player):
        s.personal = put(s.personal, s.personal.index(None), a.tile)

    def narrate(self, s, a, player):
        p = s.personal.index(None) if None in s.personal else 0
        return f"{s.game.player_name(p)} takes a personal objective face down"


@KINDS.kind(DrawCard)
class DrawCardKind(MagicalKind):
    WHY = "a draw from your deck: every undealt card equally likely (ruling R1)"

    def apply(self, s, a, player):
        to_draw = s.to_draw
        p = 0
        while not to_draw[p]:   # the first seat owed a card (Deal.settle: one is)
            p += 1
        s.pool = without_sorted(s.pool, a.card)
        s.hands = put(s.hands, p, s.hands[p] + (a.card,))
        s.deck = put(s.deck, p, s.deck[p] - 1)
        s.to_draw = put(to_draw, p, to_draw[p] - 1)

    def narrate(self, s, a, player):
        p = next((q for q in range(s.game.players) if s.to_draw[q]), 0)
        return f"{s.game.player_name(p)} draws a card"


# -- planning (2. Planning Step) ---------------------------------------------------------------
@KINDS.kind(Place)
class PlaceKind(MagicalKind):
    WHY = ("Planning Step: place one non-spell card in your drawer and the rest on the "
           "carriage in the turn direction")

    def generate(self, s, seat):
        spells, places = s.game.spells, s.game.places
        return [places[c] for c in sorted(s.hands[seat]) if c not in spells]

    def refusal(self, s, a, player):
        if player in s.actors() and s.phase == "planning" and a.card in s.hands[player] \
                and s.game.cards[a.card].kind == "spell":
            return (f"{a} is not allowed: Planning Step, 'Choose one non-spell planning "
                    "card' (a spell is cast or discarded with the hand)")
        return None

    def apply(self, s, a, p):
        acting(s)
        s.hands = put(s.hands, p, without(s.hands[p], a.card))
        s.drawers = put(s.drawers, p, s.drawers[p] + (a.card,))
        pass_hand(s, p)

    def narrate(self, s, a, player):
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} puts a card in the drawer and passes the rest on"

    def click_path(self, s, a, seat):
        return (f"card:{a.card}", "drawer")


def _spells(s: Any, p: int) -> list[str]:
    """The spells in seat ``p``'s hand, sorted (card ids are unique)."""
    return sorted(s.game.spells.intersection(s.hands[p]))


@KINDS.kind(Take)
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
        s.hands = put(s.hands, p, s.hands[p] + car)
        s.carriages = put(s.carriages, i, ())

    def click_path(self, s, a, seat):
        return (f"carriage:{s.take_carriage(seat)}",)


def empty_hand_refusal(s: Any, a: Any, by: int) -> str | None:
    """Take and Draw 4: "If you have no cards in your hand and fewer than 5 in your
    drawer"."""
    if s.phase == "planning" and 0 <= by < s.game.players:
        if s.hands[by]:
            return f"{a} is not allowed: only players with no cards in hand may"
        if len(s.drawers[by]) >= R.DRAWER:
            return f"{a} is not allowed: only with fewer than 5 cards in the drawer"
    return None


@KINDS.kind(DrawFour)
class DrawFourKind(MagicalKind):
    WHY = "Planning Step: with no cards in hand and fewer than 5 in the drawer, draw 4"

    def generate(self, s, seat):
        if s.hands[seat] or len(s.drawers[seat]) >= R.DRAWER:
            return []
        return [_DRAW4] if s.deck[seat] > 0 else []

    def refusal(self, s, a, player):
        return empty_hand_refusal(s, a, player)

    def apply(self, s, a, p):
        from .stages import Deal
        acting(s)
        s.to_draw = put(s.to_draw, p, min(R.DRAW, s.deck[p]))
        s.push(Deal())

    def click_path(self, s, a, seat):
        return (f"deck:{seat}",)


@KINDS.kind(DiscardHand)
class DiscardHandKind(MagicalKind):
    WHY = "Planning Step: a hand holding a spell may go to the trash, spell on top"

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
        s.hands = put(s.hands, p, ())

    def click_path(self, s, a, seat):
        # The whole hand goes (issue 18): the first click, on the trash can, only asks; the
        # second is on the "Discard all N cards?" button the board then shows.
        return (f"trash:{seat}", f"discard-all:{seat}")


@KINDS.kind(Cast)
class CastKind(MagicalKind):
    WHY = "Planning Step: use the special power of a spell; everyone still planning stops"

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
        s.hands = put(s.hands, p, without(s.hands[p], a.card))
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
                from .stages import Spell
                s.choices = todo
                s.spell_card, s.caster = a.card, p
                s.push(Spell())
                return
        spell_to_trash(s, p, a.card)

    def click_path(self, s, a, seat):
        return (f"card:{a.card}", "cast")


def spell_to_trash(s: Any, caster: int, card: str) -> None:
    """The resolved spell goes on top of its caster's trash can (Planning Step)."""
    to_trash(s, caster, (card,))


def to_trash(s: Any, p: int, cards: tuple[str, ...]) -> None:
    """``cards`` go on top of seat ``p``'s trash can, the last one on top: every way into
    a trash can comes here. Under the variant trash="top" (ruling R18) the card they cover
    lay on top, seen by everyone, so the "known" record keeps it known to every seat; the
    cards of one batch under its last (a discarded hand under its spell) were never on top
    and stay their owner's (``view.py``, the zone "trash")."""
    pile = s.trash[p]
    if pile and s.game.trash_top:
        s.known = {**s.known, pile[-1]: tuple(range(s.game.players))}
    s.trash = put(s.trash, p, pile + cards)


@KINDS.kind(DropOut)
class DropOutKind(MagicalKind):
    WHY = "Planning Step: 'I'm done!' - take one of this round's biscuits if any are left"

    def generate(self, s, seat):
        return [] if s.hands[seat] else [_DROP]

    def apply(self, s, a, p):
        acting(s)
        s.dropped = put(s.dropped, p, True)
        if s.round_biscuits:
            s.round_biscuits -= 1
            s.biscuit_counts = put(s.biscuit_counts, p, s.biscuit_counts[p] + 1)

    def click_path(self, s, a, seat):
        return (f"done:{seat}",)

    def narrate(self, s, a, player):
        """The log tells what happened; the button's own text is the player's call."""
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} drops out of the planning step: \"I'm done!\""


@KINDS.kind(GiveBiscuit)
class GiveBiscuitKind(MagicalKind):
    WHY = "Planning Step: a biscuit to a dropped-out player moves the cards past them"

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
        b = put(b, p, b[p] - 1)
        s.biscuit_counts = put(b, q, b[q] + 1)
        src, dst = s.take_carriage(q), s.put_carriage(q)
        cars = s.carriages
        cars = put(cars, dst, cars[dst] + cars[src])
        s.carriages = put(cars, src, ())

    def click_path(self, s, a, seat):
        return (f"biscuit:{a.to}",)


@KINDS.kind(Wait)
class WaitKind(MagicalKind):
    WHY = ("Planning Step: you need not act at once; when everyone waits the eldest moves "
           "(ruling R4)")

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
        if s.phase == "planning" and s.forced():
            return ("Wait is not allowed: everyone is waiting, so the eldest must move "
                    "(Planning Step)")
        return None

    def apply(self, s, a, p):
        s.waits = put(s.waits, p, True)

    def narrate(self, s, a, player):
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} waits for the others"

    def click_path(self, s, a, seat):
        return (f"wait:{seat}",)


# -- a spell being resolved ---------------------------------------------------------------------
class SpellChoiceKind(MagicalKind):
    """A spell's answer: recorded secretly; the spell stage applies them all together."""

    def apply(self, s, a, p):
        s.choices = put(s.choices, p, a)

    def narrate(self, s, a, player):
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} makes a choice for the spell"


def _effect(s: Any) -> R.Effect:
    return s.game.cards[s.spell_card].power


@KINDS.kind(DiscardCard)
class DiscardCardKind(SpellChoiceKind):
    WHY = "the spell: every player still planning chooses a card to discard"

    def generate(self, s, seat):
        return discards(s, _effect(s), seat)

    def click_path(self, s, a, seat):
        return (f"card:{a.card}", f"trash:{seat}")


@KINDS.kind(Exchange)
class ExchangeKind(SpellChoiceKind):
    WHY = "the spell: switch one drawer card and one storage card"

    def generate(self, s, seat):
        return exchanges(s, _effect(s), seat)

    def click_path(self, s, a, seat):
        return (f"card:{a.drawer_card}", f"card:{a.storage_card}")


@KINDS.kind(KeepStorage)
class KeepStorageKind(SpellChoiceKind):
    WHY = "the spell: the exchange is not mandatory"

    def generate(self, s, seat):
        return [_KEEP] if _effect(s).exchanges else []

    def click_path(self, s, a, seat):
        return (f"keep:{seat}",)


# -- building (3. Building Step) ------------------------------------------------------------------
@KINDS.kind(Reveal)
class RevealKind(MagicalKind):
    WHY = "Building Step 1: everyone reveals a drawer card; lowest number builds first"

    def generate(self, s, seat):
        reveals = s.game.reveals
        return [reveals[c] for c in sorted(s.drawers[seat])]

    def apply(self, s, a, p):
        s.choices = put(s.choices, p, a.card)

    def narrate(self, s, a, player):
        # Face down even for the last choice: this may be asked before the seat commits,
        # and the others' cards are hidden from it till then. The reveal is told after
        # the step (RevealStep.revealed).
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} chooses a play-order card face down"

    def click_path(self, s, a, seat):
        return (f"card:{a.card}", "reveal")


from .moves_building import building_moves  # noqa: E402  (the building kinds register here)

#: Every action type, in the order the kinds were registered (``Game.ACTION_TYPES``).
ACTION_TYPES = KINDS.action_types

__all__ = ["ACTION_TYPES", "KINDS", "MagicalKind", "Build", "BuildFaceDown", "Cast",
           "CommonObjective", "Discard", "DiscardCard", "DiscardHand", "DrawCard", "DrawFour",
           "DropOut", "Exchange", "Finish", "GiveBiscuit", "KeepStorage", "MovePipe",
           "PersonalObjective", "Pipe", "Place", "PlaceFamiliar", "Reveal", "SkipFamiliar",
           "Store", "Take", "Wait", "building_moves", "put", "without"]
