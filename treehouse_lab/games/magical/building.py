"""Magical Treehouse's building kinds (3. Building Step): the play-order card chosen in
secret (Step 1), then one card at a time and the familiars it grants (Step 2).

The Step 2 legal list interleaves kinds card by card (each drawer card's builds, its
face-down build and its storage places; then the storage cards; then moving pipes; then
Finish), so each kind that uses a card answers for one card (``for_card``) and the stage
(``stages.Building.legal``) walks the cards.
"""

from __future__ import annotations

from typing import Any

from ...core.fields import add_at, replace_at
from ...core.piles import without
from .actions import (
    Build,
    BuildFaceDown,
    Discard,
    Finish,
    MovePipe,
    Pipe,
    PlaceFamiliar,
    Reveal,
    SkipFamiliar,
    Store,
)
from .kind import RULES, MagicalKind
from .rules import Stack
from .stages import next_builder
from .trash import to_trash
from .view import public_text

_SKIP, _FINISH = SkipFamiliar(), Finish()


# -- Building Step 1 ----------------------------------------------------------------------------
@RULES.kind(Reveal)
class RevealKind(MagicalKind):
    WHY = "Building Step 1: everyone reveals a drawer card; lowest number builds first"
    CLICKS = ("card:{card}", "reveal")

    def generate(self, s, seat):
        reveals = s.game.reveals
        return [reveals[c] for c in sorted(s.drawers[seat])]

    def apply(self, s, a, p):
        s.choices = replace_at(s.choices, p, a.card)

    def narrate(self, s, a, player):
        # Face down even for the last choice: this may be asked before the seat commits,
        # and the others' cards are hidden from it till then. The reveal is told after
        # the step (RevealStep.revealed).
        if player < 0:
            return super().narrate(s, a, player)
        return f"{s.game.player_name(player)} chooses a play-order card face down"


# -- Building Step 2 ----------------------------------------------------------------------------
def take_card(s: Any, p: int, card: str) -> None:
    """A card built from the drawer, or else from the storage."""
    if card in s.drawers[p]:
        s.drawers = replace_at(s.drawers, p, without(s.drawers[p], card))
    else:
        s.stored = replace_at(s.stored, p, tuple(x for x in s.stored[p] if x[0] != card))


def _pair(s: Any, p: int, a: str, b: str) -> tuple[str, str]:
    """A pipe's two buildings, clicked left to right as they stand in the village."""
    order = {st.id: i for i, st in enumerate(s.villages[p])}
    x, y = sorted((a, b), key=lambda sid: (order.get(sid, 0), sid))
    return f"stack:{x}", f"stack:{y}"


class CardKind(MagicalKind):
    """A kind that uses one drawer or storage card."""

    def for_card(self, s: Any, p: int, card: str, from_storage: bool) -> list:
        raise NotImplementedError

    def generate(self, s, seat):
        if s.owed:
            return []
        cards = s.game.cards
        out = []
        for card in sorted(s.drawers[seat]):
            out += self.for_card(s, seat, card, False)
        for card, _ in sorted(s.stored[seat]):
            if cards[card].kind == "building":
                out += self.for_card(s, seat, card, True)
        return out


@RULES.kind(Build)
class BuildKind(CardKind):
    WHY = "Building Step 2: level 1 beside the others; levels 2-5 on the same colour one " \
          "level lower"

    def for_card(self, s, p, card, from_storage):
        c = s.game.cards[card]
        if c.kind != "building":
            return []
        if c.level == 1:
            return [s.game.make(Build, card, "")]
        make = s.game.make
        return [make(Build, card, sid) for sid in s.targets(p, card)]

    def apply(self, s, a, p):
        c = s.game.cards[a.card]
        take_card(s, p, a.card)
        village = s.villages[p]
        if not a.on:
            village = village + (Stack((a.card,)),)
        else:
            i = s.stack_index(p, a.on)
            village = replace_at(village, i, Stack(village[i].cards + (a.card,), village[i].down))
        s.villages = replace_at(s.villages, p, village)
        grants = ("any",) * c.familiar + c.power.familiars
        if c.level == 3 and any(e.breeding for e in s.powers(p)):
            grants += ("any",)
        s.owed = s.owed + grants

    def click_path(self, s, a, seat):
        return (f"card:{a.card}", f"stack:{a.on}" if a.on else f"village:{seat}")


@RULES.kind(BuildFaceDown)
class BuildFaceDownKind(CardKind):
    WHY = "Building Step 2: any building may be flipped face down as [VP 0, level 1]"
    CLICKS = ("card:{card}", "facedown:{seat}")

    def for_card(self, s, p, card, from_storage):
        return [s.game.make(BuildFaceDown, card)] if s.game.cards[card].kind == "building" else []

    def apply(self, s, a, p):
        take_card(s, p, a.card)
        s.villages = replace_at(s.villages, p, s.villages[p] + (Stack((a.card,), True),))

    def narrate(self, s, a, p):
        # The card came from a hidden drawer and lies face down: only its builder knows
        # it (ruling R17), and the log is read by every seat.
        return f"{s.game.player_name(p)} builds a card face down (level 1, 0 VP)"


@RULES.kind(Pipe)
class PipeKind(CardKind):
    WHY = "Building Step 2: pipes connect two buildings (ruling R10)"

    def for_card(self, s, p, card, from_storage):
        if s.game.cards[card].kind != "pipe":
            return []
        make = s.game.make
        return [make(Pipe, card, a, b) for a, b in s.pipe_pairs(p, s.piped[p])]

    def apply(self, s, a, p):
        s.drawers = replace_at(s.drawers, p, without(s.drawers[p], a.card))
        s.piped = replace_at(s.piped, p, s.piped[p] + ((a.card, a.a, a.b),))

    def click_path(self, s, a, seat):
        return (f"card:{a.card}", *_pair(s, seat, a.a, a.b))


def pipe_moves(s: Any, p: int) -> list[MovePipe]:
    """Blue level 4 [move pipes]: each of the seat's pipes not yet moved this turn to any
    other pair the pipe rule allows (ruling R10: a pipe moves at most once a turn, so a
    turn, and a game, ends)."""
    if not any(e.moves_pipes for e in s.powers(p)):
        return []
    out = []
    pipes, moved, make = s.piped[p], s.moved, s.game.make
    for pipe, a, b in sorted(pipes):
        if pipe in moved:
            continue
        rest = [x for x in pipes if x[0] != pipe]
        out.extend(make(MovePipe, pipe, x, y) for x, y in s.pipe_pairs(p, rest)
                   if {x, y} != {a, b})
    return out


@RULES.kind(MovePipe)
class MovePipeKind(MagicalKind):
    WHY = "Blue level 4 [move pipes]: 'can always move their pipes' (each once a turn: R10)"

    def generate(self, s, seat):
        return [] if s.owed else pipe_moves(s, seat)

    def refusal(self, s, a, player):
        if s.builder == player and a.card in s.moved:     # builder: None but in building
            return f"{a} is not allowed: {a.card} has moved this turn (ruling R10: once a turn)"
        return None

    def apply(self, s, a, p):
        s.piped = replace_at(s.piped, p, tuple((c, a.a, a.b) if c == a.card else (c, x, y)
                                        for c, x, y in s.piped[p]))
        s.moved = s.moved + (a.card,)

    def click_path(self, s, a, seat):
        return (f"pipe:{a.card}", *_pair(s, seat, a.a, a.b))


@RULES.kind(Store)
class StoreKind(CardKind):
    WHY = "Building Step 2: a Storage holds 1 card (purple level 4: any number)"
    CLICKS = ("card:{card}", "store:{on}")

    def for_card(self, s, p, card, from_storage):
        if from_storage or s.game.cards[card].kind != "building":
            return []
        make = s.game.make
        return [make(Store, card, sid) for sid in s.storage_room(p)]

    def apply(self, s, a, p):
        s.drawers = replace_at(s.drawers, p, without(s.drawers[p], a.card))
        s.stored = replace_at(s.stored, p, s.stored[p] + ((a.card, a.on),))

    def narrate(self, s, a, p):
        # A stored card is its owner's secret (the storage zone): the log names the place.
        return f"{s.game.player_name(p)} stores a card under {public_text(s, p, a.on)}"


@RULES.kind(Discard)
class DiscardKind(CardKind):
    WHY = "ruling R9: a card with no possible use may not stay in the drawer"
    CLICKS = ("card:{card}", "trash:{seat}")

    def for_card(self, s, p, card, from_storage):
        kind = s.game.cards[card].kind
        if kind == "building":
            return []
        if kind == "pipe" and s.pipe_pairs(p, s.piped[p]):
            return []
        # a spell cannot reach a drawer; kept for data that does
        return [s.game.make(Discard, card)]

    def apply(self, s, a, p):
        s.drawers = replace_at(s.drawers, p, without(s.drawers[p], a.card))
        to_trash(s, p, (a.card,))


@RULES.kind(PlaceFamiliar)
class PlaceFamiliarKind(MagicalKind):
    WHY = "Rules for placing familiars: outermost, connected, never occupied"
    CLICKS = ("area:{area}",)

    def generate(self, s, seat):
        if not s.owed or s.supply[seat] == 0:
            return []
        make = s.game.make
        return [make(PlaceFamiliar, a) for a in s.familiar_areas(seat, s.owed[0])]

    def apply(self, s, a, p):
        s.owed = s.owed[1:]
        s.placed = {**s.placed, a.area: p}
        s.supply = add_at(s.supply, p, -1)


@RULES.kind(SkipFamiliar)
class SkipFamiliarKind(MagicalKind):
    WHY = "'the player can place' a familiar: it is optional"
    CLICKS = ("skipfam",)

    def generate(self, s, seat):
        return [_SKIP] if s.owed else []

    def apply(self, s, a, p):
        s.owed = s.owed[1:]


@RULES.kind(Finish)
class FinishKind(MagicalKind):
    """The builder ends the turn: offered once the drawer is empty while something may
    still be done (a stored card to build, or a pipe to move with blue level 4); with
    nothing left, the turn ends by itself (``Building.settle``)."""

    WHY = "Building Step 2: the drawer is empty; the turn ends when the builder says so"
    CLICKS = ("finish",)

    def generate(self, s, seat):
        return [] if s.owed or s.drawers[seat] else [_FINISH]

    def apply(self, s, a, p):
        next_builder(s)


__all__ = ["CardKind", "pipe_moves", "take_card"]
