"""Magical Treehouse's turn structure: one stage class per step of the rulebook.

A game is: Preparations (chance: the objectives), then four rounds of

1. the Preparations Step (the deal: chance, one card at a time);
2. the Planning Step, in real time: every seat still planning is an actor at once; a spell
   cast pushes a spell stage on top that everyone affected answers (secretly, applied
   together), and "Draw 4" pushes a deal;
3. the Building Step: everyone chooses a play-order card in secret (revealed together),
   then each builds in play order.

After the fourth round the stack is empty: the game is over and ``scores()`` is the final
scoring (4. Scoring). Each phase has exactly one stack, so a save keeps today's one word
``phase`` (:func:`phase_codec`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.chance import UniformOutcomes
from ...core.fields import Codec, replace_at
from ...core.piles import without
from ...core.stages import AllAtOnce, Stage, StageTable
from ...errors import RuleError, quote
from . import rules as R
from .actions import (
    Build,
    BuildFaceDown,
    Cast,
    CommonObjective,
    Discard,
    DiscardCard,
    DiscardHand,
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
from .trash import spell_to_trash, to_trash

STAGES = StageTable("magical")


# -- preparations -------------------------------------------------------------------------
@STAGES.stage
@dataclass(frozen=True)
class Setup(Stage):
    """Preparations 3 and 8: the common objectives, then one personal objective a seat."""

    NAME = "setup"
    LABEL = "Chance: the objectives are drawn (Preparations 3 and 8)"
    CHANCE = True

    def outcomes(self, s: Any) -> list[tuple[Any, Fraction]]:
        objectives = s.game.data.objectives.values()
        if s.common[0] is None:
            tiles, make = [o for o in objectives if o.colour == "brown"], CommonObjective
        elif s.common[1] is None:
            tiles, make = [o for o in objectives if o.colour == "green"], CommonObjective
        else:
            used = set(s.common) | set(s.personal)
            tiles = [o for o in objectives if o.colour == "brown" and o.id not in used]
            make = PersonalObjective
        made = s.game.make
        return UniformOutcomes.of((made(make, t.id) for t in sorted(tiles, key=lambda o: o.id)),
                                  len(tiles))

    def settle(self, s: Any) -> bool:
        if None in s.common or None in s.personal:
            return False
        s.pop()
        start_round(s)
        return True


def start_round(s: Any) -> None:
    """1. Preparations Step: everything on the working boards and carriages is dealt
    again into equal decks (the remainder waits undealt: ruling), 8 cards each, and the
    round's biscuits."""
    n = s.game.players
    pool = list(s.pool)
    for p in range(n):
        pool += s.hands[p] + s.drawers[p] + s.trash[p] + s.carriages[p]
    empty = ((),) * n
    s.hands = s.drawers = s.trash = s.carriages = empty
    s.pool = tuple(sorted(pool))
    s.known = {}
    size = len(pool) // n
    s.deck = (size,) * n
    s.to_draw = (min(R.HAND, size),) * n
    r = s.round - 1
    s.round_biscuits = s.tray_piles[r]
    s.tray_piles = replace_at(s.tray_piles, r, 0)
    s.dropped = s.waits = (False,) * n
    s.order, s.turn = (), 0
    s.push(Deal(), Planning())


@STAGES.stage
@dataclass(frozen=True)
class Deal(Stage):
    """Chance: the first seat owed a card draws one (the deal, or Draw 4)."""

    NAME = "deal"
    CHANCE = True

    def outcomes(self, s: Any) -> list[tuple[Any, Fraction]]:
        return s.game.deal.outcomes(s.pool)

    def drawn(self, s: Any, action: Any) -> bool:
        """The draw of an undealt card: found without the ~60 outcomes."""
        card = s.game.deal.key_by_id.get(id(action))
        return card is not None and s.undealt(card)

    def settle(self, s: Any) -> bool:
        if any(s.to_draw):
            return False
        s.pop()
        return True

    def label(self, s: Any) -> str:
        p = next(q for q in range(s.game.players) if s.to_draw[q])
        return f"Chance: {s.game.player_name(p)} draws a card"


# -- planning -----------------------------------------------------------------------------
@STAGES.stage
@dataclass(frozen=True)
class Planning(Stage):
    """2. Planning Step, in real time: every seat still planning and not waiting acts;
    "If the game stalls, because all players want to wait for another player to do
    something, then the oldest player must make a move" (ruling R4)."""

    NAME = "planning"
    LABEL = "The Planning Step: everyone still planning acts at once"
    OFFERS = (Place, DiscardHand, Cast, Take, DrawFour, DropOut, GiveBiscuit, Wait)

    def actors(self, s: Any) -> list[int]:
        active = [p for p, idle in enumerate(s.idle()) if not idle]
        return active or [s.eldest_planning()]

    def settle(self, s: Any) -> bool:
        if not all(s.dropped):
            return False
        s.pop()
        end_planning(s)
        return True

    def legal(self, s: Any, seat: int) -> list:
        """The offered kinds' moves in ``OFFERS`` order; a hand's kinds (place, discard,
        cast) and an empty hand's (take, draw 4, drop out) exclude each other, so only
        one group is asked."""
        out: list = []
        for generate in s.KINDS.generators(self.HAND if s.hands[seat] else self.EMPTY):
            out += generate(s, seat)
        return out

    HAND = (Place, DiscardHand, Cast, GiveBiscuit, Wait)
    EMPTY = (Take, DrawFour, DropOut, GiveBiscuit, Wait)


def end_planning(s: Any) -> None:
    """Everyone is done: leftover round biscuits go back to the box; the shortfall comes
    from the trash cans; then everyone chooses a play-order card."""
    g = s.game
    n = g.players
    cards = g.cards
    s.box_biscuits += s.round_biscuits
    s.round_biscuits = 0
    # Shortfall: from the trash can, highest play order first, then the next player's
    # trash can in the turn order; spells not allowed; the cards leave the game.
    # Ruling: players settle it in turn order from the eldest.
    trash = [list(t) for t in s.trash]
    box = list(s.box)
    start = s.eldest
    for k in range(n):
        p = (start + k * s.direction) % n
        short = R.DRAWER - len(s.drawers[p])
        for j in range(n):
            if short <= 0:
                break
            t = trash[(p + j * s.direction) % n]
            usable = sorted((c for c in t if cards[c].kind != "spell"),
                            key=lambda c: -cards[c].order)[:short]
            for c in usable:
                t.remove(c)
                box.append(c)
            short -= len(usable)
    s.trash = tuple(map(tuple, trash))
    # "show them to all other players, and then put them back in the box": the box is
    # public, so a card the variant trash="top" hid is seen now (ruling R18).
    if s.known and len(box) > len(s.box):
        s.known = {c: v for c, v in s.known.items() if c not in box}
    s.box = tuple(sorted(box))
    s.choices = tuple("todo" if s.drawers[p] else None for p in range(n))
    s.push(RevealStep())


@STAGES.stage
@dataclass(frozen=True)
class Spell(AllAtOnce):
    """A discard or exchange spell: "All players simultaneously choose"; the choices are
    secret and applied together (once nobody is left to choose, core's ``AllAtOnce``),
    then play resumes."""

    NAME = "spell"
    OFFERS = (DiscardCard, Exchange, KeepStorage)

    def waits(self, s: Any, seat: int) -> bool:
        return s.choices[seat] == "todo"

    def done(self, s: Any) -> None:
        hands, drawers = list(s.hands), list(s.drawers)
        stored = list(s.stored)
        for q, ch in enumerate(s.choices):
            if isinstance(ch, DiscardCard):
                if ch.place == "hand":
                    hands[q] = without(hands[q], ch.card)
                else:
                    drawers[q] = without(drawers[q], ch.card)
                to_trash(s, q, (ch.card,))
            elif isinstance(ch, Exchange):
                drawers[q] = tuple(ch.storage_card if c == ch.drawer_card else c
                                   for c in drawers[q])
                stored[q] = tuple((ch.drawer_card, on) if c == ch.storage_card else (c, on)
                                  for c, on in stored[q])
        # "When the effects of the spell have been resolved, the spell is put in the
        # trash can": on top of the cards it made its caster discard.
        spell_to_trash(s, s.caster, s.spell_card)
        s.hands, s.drawers, s.stored = tuple(hands), tuple(drawers), tuple(stored)
        # "Then, the player who played the spell says 'I snap my fingers!'"
        s.choices = (None,) * s.game.players
        s.spell_card, s.caster = None, -1

    def label(self, s: Any) -> str:
        todo = [s.game.player_name(p) for p in self.actors(s)]
        return f"The spell: {', '.join(todo)} choose{'s' if len(todo) == 1 else ''}"


# -- building -----------------------------------------------------------------------------
@STAGES.stage
@dataclass(frozen=True)
class RevealStep(AllAtOnce):
    """Building Step 1: everyone chooses a drawer card face down; all are revealed
    together once nobody is left to choose (core's ``AllAtOnce``), and the lowest number
    builds first."""

    NAME = "reveal"
    LABEL = "Building Step 1: everyone chooses a play-order card face down"
    OFFERS = (Reveal,)

    def waits(self, s: Any, seat: int) -> bool:
        return s.choices[seat] == "todo"

    def done(self, s: Any) -> None:
        cards = s.game.cards
        shown = [(cards[c].order, p) for p, c in enumerate(s.choices) if c]
        order = [p for _, p in sorted(shown)]
        # Ruling: a player with nothing to reveal builds last (eldest first).
        order += [p for p in s.game.ages if p not in order]
        drawers = list(s.drawers)
        for p, c in enumerate(s.choices):
            if c:
                drawers[p] = without(drawers[p], c)
                to_trash(s, p, (c,))    # "The revealed cards go to their trash cans."
        s.drawers = tuple(drawers)
        s.choices = (None,) * s.game.players
        s.order, s.turn, s.owed = tuple(order), 0, ()
        s.push(Building())

    def revealed(self, before: Any, action: Any, player: int) -> str:
        """"reveal them simultaneously": once the last choice is in, every chosen card is
        shown to all (the narration of that choice may not say so: it may be asked before
        the seat commits)."""
        if player < 0 or before.choices.count("todo") != 1:
            return ""
        g = before.game
        chosen = [action.card if p == player else c for p, c in enumerate(before.choices)]
        shown = ", ".join(f"{g.player_name(p)} {c} ({g.cards[c].order})"
                          for p, c in enumerate(chosen) if c)
        return f"Play-order cards revealed: {shown}"


@STAGES.stage
@dataclass(frozen=True)
class Building(Stage):
    """Building Step 2: one card at a time for the seat whose turn it is in play order;
    a familiar owed is placed (or not) before anything else."""

    NAME = "building"
    OFFERS = (Build, BuildFaceDown, Store, Pipe, Discard, MovePipe, Finish,
              PlaceFamiliar, SkipFamiliar)

    def actors(self, s: Any) -> list[int]:
        return [s.order[s.turn]]

    def settle(self, s: Any) -> bool:
        """Skip what needs no decision: placements that cannot be made, and a turn with
        nothing left to do (no card to build, no pipe blue level 4 could still move:
        Building Step 2, "can always move their pipes"); after the last turn the round
        is over."""
        if s.turn >= len(s.order):
            s.pop()
            return True
        p = s.order[s.turn]
        if s.owed:
            if s.supply[p] == 0 or not s.familiar_areas(p, s.owed[0]):
                s.owed = s.owed[1:]
                return True
            return False
        if s.drawers[p] or s.storage_builds(p):
            return False
        if s.KINDS.by_type[MovePipe].generate(s, p):     # nothing owed: the pipe moves
            return False
        next_builder(s)
        return True

    #: The kinds that use one card, in the order the legal list names a card's moves.
    CARD_KINDS = (Build, BuildFaceDown, Store, Pipe, Discard)

    def legal(self, s: Any, seat: int) -> list:
        """Familiars owed first; else card by card (builds, face down, storage places, or
        a pipe's joins or the discard of a useless card), then the storage cards, moving
        pipes and Finish: the kinds interleave, so the list is walked here."""
        kinds = s.KINDS.by_type
        if s.owed:
            return (kinds[PlaceFamiliar].generate(s, seat)
                    + kinds[SkipFamiliar].generate(s, seat))
        card_kinds = [kinds[t] for t in self.CARD_KINDS]
        cards = s.game.cards
        out: list = []
        for card in sorted(s.drawers[seat]):
            for kind in card_kinds:
                out += kind.for_card(s, seat, card, False)  # type: ignore[attr-defined]
        for card, _ in sorted(s.stored[seat]):
            if cards[card].kind == "building":
                for kind in card_kinds:
                    out += kind.for_card(s, seat, card, True)  # type: ignore[attr-defined]
        return out + kinds[MovePipe].generate(s, seat) + kinds[Finish].generate(s, seat)

    def label(self, s: Any) -> str:
        p = s.order[s.turn]
        what = "places a familiar" if s.owed else "builds"
        return f"Building Step 2: {s.game.player_name(p)} {what}"


def next_builder(s: Any) -> None:
    """The turn passes to the next seat in play order (no pipe has moved in it yet)."""
    s.turn += 1
    s.owed = s.moved = ()


#: What a save says once the stack is empty (the game is over): core's ``stage`` then.
OVER = "over"


#: The stack of each phase (bottom first): a save names the phase, and the stack is that.
STACKS: dict[str, tuple[Stage, ...]] = {
    "setup": (Setup(),), "deal": (Planning(), Deal()), "planning": (Planning(),),
    "spell": (Planning(), Spell()), "reveal": (RevealStep(),), "building": (Building(),),
    OVER: (),
}
PHASES = tuple(STACKS)


class _PhaseCodec(Codec):
    def dump(self, value: tuple) -> str:
        return value[-1].NAME if value else OVER

    def load(self, data: Any, where: str, game: Any) -> tuple:
        if not isinstance(data, str) or data not in STACKS:
            raise RuleError(f"{where}: {quote(data, 20)} is not a phase; phases are "
                            f"{', '.join(PHASES)}")
        return STACKS[data]


def phase_codec() -> Codec:
    """The stack saved as today's ``phase`` word."""
    return _PhaseCodec()


__all__ = ["Building", "Deal", "PHASES", "Planning", "RevealStep", "STAGES", "STACKS",
           "Setup", "Spell", "end_planning", "next_builder", "phase_codec", "start_round"]
