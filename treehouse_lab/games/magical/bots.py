"""Magical Treehouse bots: ``magical-builder``, a planner that fills its drawer and builds.

Why a game bot: the random bot is a poor opponent here. In the planning step one of its
few choices with an empty hand is "Drop out", so it drops out after a card or two and
scores almost nothing; and the greedy bot sees no points change while planning (points
come only from the village), so it plans at random too. A tutorial board, a simulation of
how scores spread, and a search bot's playouts all need a player that does what the
rulebook's players do.

``magical-builder`` is a *teaching* heuristic, each choice one sentence a class can argue
with and test by simulation:

1. **Planning** (2. Planning Step): with cards in hand, put in the drawer the building
   worth most to its village (:func:`plan_value`: a level 1, or a card that goes on one
   of its buildings or on a card already in its drawer, is worth its VP; a card with
   nothing to stand on is worth nothing); a hand of spells only is
   discarded. With an empty hand and fewer than 5 drawer cards, take the carriage's cards;
   with nothing on it, wait while another player still planning holds cards (they may
   come its way: that is what lets a human at the board act before the bots finish),
   else draw 4; drop out only when the drawer is full or nothing is left to take. It never
   gives biscuits away (they are points and the tie-break) and never casts.
2. **Spells cast by others**: discard the card worth least; keep its storage.
3. **Building** (3. Building Step): reveal the card worth least (it goes to the trash),
   then one move ahead on its own points (``scores()``, its own row: what it can see),
   ties broken by the order of :data:`PREFERENCE`; a pipe is moved only for points (a
   move that gains nothing could be undone and made again for ever).

How ``mcts`` plays Magical Treehouse (treehouse_lab.search.mcts, with :data:`SEARCH`):
it weighs at each decision only ``magical-builder``'s best ``top`` moves
(:data:`CANDIDATES`: the builder's own choice first, then the rest by the values it
chooses by), so its iterations go to the moves worth arguing about, and a decision with
one candidate costs no search at all. Each move is tried in playouts of the fast builder
(:data:`ROLLOUT`: building moves weighed by the VP of the village's top cards, not every
seat's ``scores()``) for 24 decisions, then the position is scored by :func:`points`
(points so far plus half of what the drawer promises), a margin of 4 points making odds
of e to 1. It plays the builder's own choice unless the other candidate did better over
the same playout scenarios by at least one standard error (``switch``). The
ranking is the prior of a search guided by a policy, as in AlphaZero's or OpenSpiel's
MCTS with a policy evaluator, here a hard one: a move outside the top few is never
weighed. ``"mcts(top=None)"`` weighs every legal move, as the search does in other games.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...bots import best_of, check_game
from ...protocol import Action
from .moves import (
    Build,
    BuildFaceDown,
    Cast,
    Discard,
    DiscardCard,
    DiscardHand,
    DrawFour,
    DropOut,
    Exchange,
    Finish,
    KeepStorage,
    MovePipe,
    Pipe,
    Place,
    PlaceFamiliar,
    Reveal,
    SkipFamiliar,
    Store,
    Take,
    Wait,
)
from .rules import DRAWER, stack_colour, stack_level, stack_top_vp
from .stages import Building, Planning, RevealStep, Spell

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

#: What a card is worth more when it continues a building (a level 2-5 on its colour one
#: level lower): the rulebook counts only the top card's VP, so a taller building is how
#: VP grow.
STACK_BONUS = 3
#: Planning and spell moves other than the bot's own choice, in the order a search weighs
#: them (cards first, by :func:`plan_value`; casting and giving biscuits last).
LATER: tuple[type, ...] = (Place, DiscardCard, Reveal, KeepStorage, Exchange, Take, DrawFour,
                           Wait, DropOut, DiscardHand, Cast)
#: Building moves in the order the bot prefers when its points do not tell them apart.
PREFERENCE: tuple[type, ...] = (Build, PlaceFamiliar, Pipe, Store, MovePipe, BuildFaceDown,
                                Discard, SkipFamiliar, Finish)


def supports(state: MagicalState, seat: int) -> list[tuple[str, int, bool]]:
    """What a card could stand on for ``seat``: ``(colour, level, a single face-down
    card)`` of each of its buildings, then of each building card in its drawer (read once
    for the many cards a planning choice weighs)."""
    cards = state.game.cards
    out = [(stack_colour(b, cards), stack_level(b, cards), b.down and len(b.cards) == 1)
           for b in state.villages[seat]]
    out += [(c.colour, c.level, False) for c in map(cards.get, state.drawer(seat))
            if c.kind == "building"]
    return out


def plan_value(state: MagicalState, seat: int, card_id: str,
               below: list[tuple[str, int, bool]] | None = None) -> int:
    """How much ``seat`` wants ``card_id`` in its drawer: a level 1 its VP plus 1 (it is
    always buildable and places a familiar); a level 2-5 its VP plus :data:`STACK_BONUS`
    when it can go on one of the seat's buildings or on a card in its drawer (same colour,
    one level lower; any level 2 on a face-down building), and 0 when it has nothing to
    stand on (it would go face down, worth 0 VP: 3. Building Step). Pipes are worth 1 once
    the village has two buildings to join; spells 0. ``below`` is :func:`supports` when
    the caller has read it already."""
    card = state.game.cards[card_id]
    if card.kind == "spell":
        return 0
    if card.kind == "pipe":
        return 1 if len(state.villages[seat]) >= 2 else 0
    if card.level == 1:
        return card.vp + 1      # always buildable, and it places a familiar
    for colour, level, face_down in supports(state, seat) if below is None else below:
        if card.level == level + 1 and (colour == card.colour or (face_down and card.level == 2)):
            return card.vp + STACK_BONUS
    return 0                    # nothing to stand on: it would go face down, worth 0 VP


class BuilderBot:
    """``magical-builder``: fills its drawer and builds (see the module docstring).

    ``playout=True`` is the search bot's playout policy (:data:`ROLLOUT`): the same
    choices, except that in the building step only a building move is weighed, by the
    VP of its village's top cards (3. Building Step; not its row of ``scores()``, which
    works out every village's potions and the objectives), and the other moves go by
    :data:`PREFERENCE` alone, never a pipe moved: a building step offers some twenty
    moves, and scoring each cost a search 10 s a decision at the worst. Potions and
    objectives are left to the search's evaluation at the end of the playout."""

    name = "magical-builder"

    def __init__(self, playout: bool = False) -> None:
        self.playout = playout

    def choose(self, state: MagicalState, rng: random.Random,
               player: int | None = None) -> Action:
        check_game(self.name, state, "magical")
        actors = state.actors()
        seat = player if player is not None else actors[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        top = state.top
        if isinstance(top, Planning):
            return self._plan(state, seat, legal, rng)
        if isinstance(top, Spell):
            return self._answer_spell(state, seat, legal, rng)
        if isinstance(top, RevealStep):
            return best_of(legal, lambda a: -plan_value(state, seat, a.card), rng)
        return self._build(state, seat, legal, rng)

    def _plan(self, state: MagicalState, seat: int, legal: list[Action],
              rng: random.Random) -> Action:
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            below = supports(state, seat)
            return best_of(places, lambda a: plan_value(state, seat, a.card, below), rng)
        waits = [a for a in legal if isinstance(a, Wait)]
        if waits and not state.hand(seat) and not any(isinstance(a, Take) for a in legal) \
                and len(state.drawer(seat)) < DRAWER \
                and any(state.hand_size(q) for q in state.actors() if q != seat):
            return waits[0]       # cards may come my way: let the others pass them on
        for kind in (DiscardHand, Take, DrawFour):
            if len(state.drawer(seat)) < DRAWER or kind is DiscardHand:
                found = [a for a in legal if isinstance(a, kind)]
                if found:
                    return found[0]
        for kind in (DropOut, Cast):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        return rng.choice(legal)

    def _answer_spell(self, state: MagicalState, seat: int, legal: list[Action],
                      rng: random.Random) -> Action:
        keep = [a for a in legal if isinstance(a, KeepStorage)]
        if keep:
            return keep[0]
        discards = [a for a in legal if isinstance(a, DiscardCard)]
        if discards:
            return best_of(discards, lambda a: -plan_value(state, seat, a.card), rng)
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        return rng.choice(exchanges or legal)

    def _build(self, state: MagicalState, seat: int, legal: list[Action],
               rng: random.Random) -> Action:
        return best_of(legal, self.build_value(state, seat), rng)

    def build_value(self, state: MagicalState, seat: int):
        """The building step's ordering of moves: ``value(action)``, higher is better
        (its points one move ahead, then :data:`PREFERENCE`)."""
        if self.playout:
            cards = state.game.cards

            def points(s: MagicalState) -> int:
                return sum(stack_top_vp(b, cards) for b in s.villages[seat])
        else:
            def points(s: MagicalState) -> int:
                return s.scores()[seat]["total"]
        now = points(state)
        weighed = (Build,) if self.playout else None

        def value(a: Action) -> tuple:
            if weighed is not None and not isinstance(a, weighed):
                after = now - isinstance(a, MovePipe)   # the playout's short cut
            else:
                after = points(state.child(a, by=seat))
            if isinstance(a, MovePipe) and after <= now:
                return (after - 1, 0)   # moving a pipe for nothing could go on for ever
            rank = next((i for i, kind in enumerate(PREFERENCE) if isinstance(a, kind)),
                        len(PREFERENCE))
            return (after, -rank)
        return value

    def ranked(self, state: MagicalState, seat: int, legal: list[Action]) -> list[Action]:
        """``legal`` best first, as this bot sees them: its own choice first (its seeded
        tie-break drawn from a fixed generator, so the ranking is a function of the
        position), then the rest by the same values it chooses by (:func:`plan_value`
        in the planning, reveal and spell steps; points one move ahead in the building
        step). The search bot's candidates (:data:`CANDIDATES`)."""
        if len(legal) <= 1:
            return list(legal)
        first = self.choose(state, random.Random(0), seat)
        rest = [a for a in legal if a != first]
        top = state.top
        if isinstance(top, Building):
            value = self.build_value(state, seat)
            rest.sort(key=value, reverse=True)
        elif isinstance(top, (Planning, Spell, RevealStep)):
            below = supports(state, seat)
            sign = 1 if isinstance(top, Planning) else -1     # keep the best, give the worst

            def key(a: Action) -> tuple:
                card = getattr(a, "card", None)
                kind = next((i for i, k in enumerate(LATER) if isinstance(a, k)), len(LATER))
                if card is None or isinstance(a, Cast):
                    return (kind, 0)
                return (kind, -sign * plan_value(state, seat, card, below))
            rest.sort(key=key)
        return [first] + rest


def playout_bot() -> BuilderBot:
    """The fast playout policy a search bot (``mcts``) finishes its simulated games with."""
    return BuilderBot(playout=True)


def points(state: MagicalState) -> list[float]:
    """What a search bot (``mcts``) counts each seat's position as when it stops a playout
    before the end: its points (``scores()``) plus half of what its drawer promises
    (:func:`plan_value` of each card: a playout stopped in the planning step has built
    nothing yet, and the drawer is what the step was for)."""
    rows = state.scores()
    return [row["total"] + sum(plan_value(state, p, c, below)
                               for c in state.drawer(p)) / 2
            for p, row in enumerate(rows) for below in [supports(state, p)]]


def candidates(state: MagicalState, seat: int, legal: list[Action]) -> list[Action]:
    """The moves ``mcts`` weighs at its root, best first: ``magical-builder``'s ranking
    (:meth:`BuilderBot.ranked`); the search keeps the first ``top`` (:data:`SEARCH`)."""
    return BuilderBot().ranked(state, seat, legal)


ROLLOUT = playout_bot
CANDIDATES = candidates
#: How ``mcts`` searches Magical Treehouse (treehouse_lab.search.mcts): playouts of 24
#: decisions (a planning step with four players is about that many), scored by
#: :func:`points`, 4 points making odds of e to 1; widening over the planning step's many
#: small choices; 12 deals of the hidden cards (a deal costs as much as a playout here);
#: the root weighs only the builder's best 2 moves (:data:`CANDIDATES`).
SEARCH = {"depth": 24, "scale": 4.0, "widen": 0.5, "deals": 12, "top": 2, "switch": 1.0}
POINTS = points


__all__ = ["BuilderBot", "CANDIDATES", "LATER", "POINTS", "PREFERENCE", "ROLLOUT", "SEARCH",
           "STACK_BONUS", "candidates", "plan_value", "playout_bot", "points", "supports"]
