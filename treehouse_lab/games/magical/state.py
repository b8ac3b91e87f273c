"""Magical Treehouse: the declared state and the read API a renderer or a bot uses.

Design (docs/rulings/magical.md has the rulings):

* **The decks are exchangeable.** The rulebook shuffles the remaining cards and deals
  equal decks; nobody looks at a deck, and a player draws from their own. Dealing a
  random partition and drawing the top card of your part is, card for card, the same
  chance as drawing uniformly from all the undealt cards, so the state keeps one sorted
  pool (``pool``) and each player's deck *size*; each draw is a chance node over the pool
  with exact probability 1/len(pool) (ruling R1).
* **The turn structure is a stack of stages** (``stages.py``): set-up, the deal, the
  real-time planning step, a spell being resolved, the secret reveal and the building
  step. Its save is the one word ``phase`` of today's saves: each phase has one stack.
* **Every field is declared once** (``FIELDS``); values are immutable (tuples, read-only
  maps), so a clone shares them. Saving, loading, cloning and equality come from core
  (``core/fields.py``); ``saves.py`` holds the checks across fields and the migration
  from the saves written before formats were numbered.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace
from operator import or_
from typing import Any, ClassVar

from ...core.fields import Bool, Custom, Field, Int, Map, Opt, PerSeat, Seat, Str, Tuple
from ...core.stages import StagedState
from ...core.zones import is_unseen
from ...protocol import CHANCE
from . import pipes as pipe_rules
from . import rules as R
from . import view
from .actions import DrawCard
from .codecs import (
    CARD,
    CARDS,
    CHOICE,
    STACK,
    areas,
    direction,
    known,
    objective_ids,
    pieces,
    plain_map,
    sorted_pool,
)
from .moves import RULES
from .saves import MIGRATIONS, check_save
from .stages import Building, Deal, phase_codec, start_round


class MagicalState(StagedState):
    """A position. Fields are the declared ones below; read them through the accessors."""

    KINDS = RULES
    FORMAT = 3
    MIGRATIONS = MIGRATIONS
    FIELDS = (
        Field("stack", phase_codec(), key="phase"),
        Field("round", Int(1, R.ROUNDS)),
        Field("direction", Custom(lambda v: v, direction)),
        Field("pool", Custom(list, sorted_pool)),
        Field("deck", PerSeat(Int(0, R.PLANNING_CARDS))),
        Field("to_draw", PerSeat(Int(0, R.HAND))),
        Field("hands", PerSeat(CARDS)),
        Field("drawers", PerSeat(CARDS)),
        Field("carriages", PerSeat(CARDS)),
        Field("known", Custom(plain_map, known),
              doc="carriage card -> the seats that know it (they put it there); with "
                  "trash='top', also a trash card everyone saw on top -> every seat (R18)"),
        Field("trash", PerSeat(CARDS)),
        Field("box", CARDS),
        Field("villages", PerSeat(Tuple(STACK))),
        Field("piped", PerSeat(Tuple(pieces(CARD, Str(), Str()))), key="pipes"),
        Field("moved", CARDS, key="pipes_moved",
              doc="the pipes the builder has moved this turn (each at most once: R10)"),
        Field("stored", PerSeat(Tuple(pieces(CARD, Str()))), key="storage"),
        Field("placed", Map(Seat(), keys=areas), key="forest"),
        Field("supply", PerSeat(Int(0, R.BOARD_FAMILIARS))),
        Field("tray_piles", Tuple(Int(0, R.BISCUITS), length=4), key="tray"),
        Field("biscuit_counts", PerSeat(Int(0, R.BISCUITS)), key="biscuits"),
        Field("round_biscuits", Int(0, R.BISCUITS)),
        Field("box_biscuits", Int(0, R.BISCUITS)),
        Field("common", Tuple(Opt(Str(objective_ids)), length=2)),
        Field("personal", PerSeat(Opt(Str(objective_ids)))),
        Field("dropped", PerSeat(Bool())),
        Field("waits", PerSeat(Bool()), key="waiting"),
        Field("spell_card", Opt(CARD), key="spell"),
        Field("caster", Int(-1, lambda g: g.players - 1)),
        Field("choices", PerSeat(CHOICE)),
        Field("order", Tuple(Seat()), key="play_order"),
        Field("turn", Int(0, lambda g: g.players)),
        Field("owed", Tuple(Str(("any", "unproductive"))), key="familiars_owed"),
    )
    #: Core's caches, dropped at every step (among them the memo in which the building
    #: kinds share the storage room and pipe pairs, ``_memo_get``).
    CACHES: ClassVar[tuple[str, ...]] = StagedState.CACHES
    __slots__ = tuple(f.name for f in FIELDS) + ("game",) + CACHES

    # -- the turn structure ------------------------------------------------------------
    def _next_turn(self) -> bool:
        """Round end: after the fourth round the game is over (4. Scoring); otherwise the
        next round's Preparations Step."""
        self.order, self.turn, self.owed = (), 0, ()
        if self.round >= R.ROUNDS:
            return False
        self.round += 1
        start_round(self)
        return True

    def _check_save(self) -> None:
        check_save(self)

    def _seen_from(self, state: Any) -> None:
        """A seen state names a face-down building another seat built as that seat's pipes
        and storage do (``view.alias``: ``?down1``, its place among that village's
        face-down buildings), not by the bare mark the seen save leaves on its bottom card:
        two such buildings stay two, and a pipe or a stored card still finds the one it
        belongs to in a picture."""
        super()._seen_from(state)
        villages = []
        for stacks in self.villages:
            k, renamed = 0, []
            for st in stacks:
                if st.down:
                    k += 1
                    if is_unseen(st.cards[0]):
                        st = replace(st, cards=(view.alias(k), *st.cards[1:]))
                renamed.append(st)
            villages.append(tuple(renamed))
        self.villages = tuple(villages)

    def _is_legal(self, action: Any, player: int) -> bool:
        """A draw's outcomes are the draws of the undealt cards (``Deal.outcomes``), so a
        draw is legal when its card is undealt: no scan of the ~60 outcomes. Other chance
        outcomes are found in their list, by identity first."""
        if player == CHANCE and self.stack[-1].__class__ is Deal:
            return action.__class__ is DrawCard and self.undealt(action.card)
        return super()._is_legal(action, player)

    def undealt(self, card: Any) -> bool:
        """Whether ``card`` is in the undealt pool: a binary search, since the pool is
        kept sorted (``sorted_pool``; a draw at every other step scans it otherwise)."""
        if card.__class__ is not str:
            return False
        pool = self.pool
        i = bisect_left(pool, card)
        return i < len(pool) and pool[i] == card

    # -- public read accessors (fresh copies) -----------------------------------------
    @property
    def side(self) -> str:
        return self.game.side

    @property
    def ages(self) -> tuple[int, ...]:
        return self.game.ages

    @property
    def eldest(self) -> int:
        return self.game.ages[0]

    @property
    def play_order(self) -> list[int]:
        return list(self.order)

    def hand(self, p: int) -> list[str]:
        return list(self.hands[p])

    def hand_size(self, p: int) -> int:
        return len(self.hands[p])

    def drawer(self, p: int) -> list[str]:
        return list(self.drawers[p])

    def storage(self, p: int) -> list[tuple[str, str]]:
        return list(self.stored[p])

    def trash_of(self, p: int) -> list[str]:
        return list(self.trash[p])

    def village(self, p: int) -> list[dict]:
        cards = self.game.cards
        return [{"id": s.id, "cards": list(s.cards), "down": s.down,
                 "level": R.stack_level(s, cards), "colour": R.stack_colour(s, cards),
                 "vp": R.stack_top_vp(s, cards)} for s in self.villages[p]]

    def pipes(self, p: int) -> list[tuple[str, str, str]]:
        return list(self.piped[p])

    def pipes_moved(self) -> list[str]:
        """The pipes the builder has moved this turn: each moves at most once (R10)."""
        return list(self.moved)

    def carriages_counts(self) -> list[int]:
        return [len(c) for c in self.carriages]

    def put_carriage(self, p: int) -> int:
        """The carriage a seat passes its hand to: on its left clockwise, else right."""
        return p if self.direction == 1 else (p - 1) % self.game.players

    def take_carriage(self, p: int) -> int:
        """The carriage a seat takes from: against the turn direction."""
        return (p - 1) % self.game.players if self.direction == 1 else p

    def carriage_known(self, i: int, viewer: int) -> list[str]:
        """The cards on carriage ``i`` that ``viewer`` put there (the "known" record)."""
        known = self.known
        return [c for c in self.carriages[i] if viewer in known.get(c, ())]

    def deck_sizes(self) -> list[int]:
        return list(self.deck)

    def biscuits(self) -> list[int]:
        return list(self.biscuit_counts)

    def tray(self) -> list[int]:
        return list(self.tray_piles)

    def forest(self) -> dict[str, int | None]:
        return {a: self.placed.get(a) for a in self.game.areas}

    def familiar_supply(self) -> list[int]:
        return list(self.supply)

    def waiting(self) -> list[bool]:
        return list(self.waits)

    def dropped_out(self) -> list[bool]:
        return list(self.dropped)

    def common_objectives(self) -> list[str | None]:
        return list(self.common)

    def personal_objective(self, p: int) -> str | None:
        return self.personal[p]

    @property
    def builder(self) -> int | None:
        return self.order[self.turn] if isinstance(self.top, Building) else None

    @property
    def spell(self) -> dict | None:
        if self.spell_card is None:
            return None
        return {"card": self.spell_card, "caster": self.caster,
                "effect": self.game.cards[self.spell_card].effect,
                "to_choose": [p for p, c in enumerate(self.choices) if c == "todo"]}

    def card_census(self) -> dict[str, int]:
        """Where the 96 planning cards are: {place: count}, always summing to 96 ("spell":
        the spell being resolved, on the table until it goes to the trash)."""
        return {
            "deck": len(self.pool),
            "hands": sum(map(len, self.hands)),
            "drawers": sum(map(len, self.drawers)),
            "carriages": sum(map(len, self.carriages)),
            "storage": sum(map(len, self.stored)),
            "villages": sum(len(s.cards) for v in self.villages for s in v)
            + sum(map(len, self.piped)),
            "trash": sum(map(len, self.trash)),
            "box": len(self.box),
            "spell": 0 if self.spell_card is None else 1,   # in play, not yet in the trash
        }

    # -- rules the kinds and stages share ------------------------------------------------
    def eldest_planning(self) -> int:
        """The eldest seat still planning."""
        dropped = self.dropped
        return next(p for p in self.game.ages if not dropped[p])

    def idle(self) -> list[bool]:
        """Per seat: dropped out or waiting (not planning now)."""
        return list(map(or_, self.dropped, self.waits))

    def forced(self) -> bool:
        """Everyone still planning waits: the eldest of them must move (and may not wait)."""
        return False not in map(or_, self.dropped, self.waits)

    def stack_index(self, p: int, sid: str) -> int:
        for i, s in enumerate(self.villages[p]):
            if s.cards[0] == sid:
                return i
        return -1

    def powers(self, p: int) -> list[R.Effect]:
        """The building effects in force in seat ``p``'s village."""
        cards = self.game.cards
        return [e for s in self.villages[p] for e in R.stack_powers(s, cards)]

    def storage_room(self, p: int) -> list[str]:
        """Buildings with a free Storage (purple level 4: any number)."""
        return self._memo_get(("room", p), lambda: self._storage_room(p))

    def _storage_room(self, p: int) -> list[str]:
        cards = self.game.cards
        used: dict[str, int] = {}
        for _, on in self.stored[p]:
            used[on] = used.get(on, 0) + 1
        out = []
        for s in self.villages[p]:
            if sum(e.storage for e in R.stack_powers(s, cards)) > used.get(s.id, 0):
                out.append(s.id)
        return out

    def pipe_pairs(self, p: int, pipes: Any) -> list[tuple[str, str]]:
        """Pairs a pipe may join, given ``pipes`` (every pipe but the one placed or moved),
        under the game's pipe rule (``pipes.py``, ruling R10)."""
        rule = self.game.pipe_rule
        if pipes is self.piped[p]:      # a new pipe (not one being moved): once a list
            return self._memo_get(("pairs", p), lambda: pipe_rules.free_pairs(
                rule, self.villages[p], pipes))
        return pipe_rules.free_pairs(rule, self.villages[p], pipes)

    def targets(self, p: int, card: str) -> list[str]:
        """Buildings a face-up building card may go on."""
        cards = self.game.cards
        c = cards[card]
        out = []
        for s in self.villages[p]:
            top = cards[s.cards[-1]]
            if len(s.cards) == 1 and s.down:
                if c.level == 2:
                    out.append(s.id)
            elif top.colour == c.colour and top.level == c.level - 1:
                out.append(s.id)
        return out

    def storage_builds(self, p: int) -> bool:
        cards = self.game.cards
        return any(cards[c].kind == "building" for c, _ in self.stored[p])

    def familiar_areas(self, p: int, mode: str) -> list[str]:
        """Rules for placing familiars: outermost areas; areas connected to one with your
        familiar; never an occupied area. Flying familiar adds any unproductive area; the
        yellow Place familiar (unproductive) goes to an unproductive area only."""
        g = self.game
        placed = self.placed
        free = [a for a in g.areas if a not in placed]
        if mode == "unproductive":
            return [a for a in free if a in g.unproductive]
        mine = {a for a, q in placed.items() if q == p}
        near = {b for a in mine for b in g.forest[a].connects}
        flying = any(e.flying for e in self.powers(p))
        return [a for a in free if a in g.outermost or a in near
                or (flying and a in g.unproductive)]

    # -- scoring -------------------------------------------------------------------------
    def resources(self, p: int) -> dict[str, int]:
        return R.resources_of([a for a, q in self.placed.items() if q == p], self.game.forest)

    def scores(self) -> list[dict]:
        """4. Scoring, for each seat: buildings (top cards), potions (level 3 Potion into
        VP), level5, objectives (single most only), biscuits (3 per VP).

        The design lab's recorder reads this every turn (issue 48), so nothing that cannot
        score is worked out: the familiars are sorted by seat in one pass; a village's
        potions only where a building in force extracts one (without, no potion is
        supplied, none is changed into another, and no Potion into VP scores); its level 5
        VP only where a level 5 effect is in force.
        tests/games/magical/test_magical_score_shortcuts.py holds this to the plain count."""
        g = self.game
        n = g.players
        cards = g.cards
        unproductive = g.unproductive
        areas: list[list[str]] = [[] for _ in range(n)]
        unprod = [0] * n
        for a, q in self.placed.items():
            areas[q].append(a)
            if a in unproductive:
                unprod[q] += 1
        res = [R.resources_of(areas[p], g.forest) for p in range(n)]
        out = []
        for p in range(n):
            stacks, pipes = self.villages[p], self.piped[p]
            powers = [e for st in stacks for e in R.stack_powers(st, cards)]
            if any(e.extracts for e in powers):
                vp_pot, extracted, _ = R.potions(stacks, pipes, res[p], cards,
                                                  g.options["green_potions"])
            else:
                vp_pot, extracted = 0, set()
            level5 = R.level5_vp(stacks, pipes, len(self.stored[p]), unprod[p], extracted,
                                 cards) if any(e.scores for e in powers) else 0
            out.append({"buildings": sum(R.stack_top_vp(s, cards) for s in stacks),
                        "potions": vp_pot, "level5": level5,
                        "objectives": 0, "biscuits": self.biscuit_counts[p] // 3})
        tiles = g.options["objective_values"] == "tiles"
        for tile, owner in [(t, None) for t in self.common if t] + \
                [(t, p) for p, t in enumerate(self.personal) if t]:
            obj = g.data.objectives[tile]
            values = [R.objective_measure(obj.goal, self.villages[p], res[p],
                                          self.biscuit_counts[p], cards) for p in range(n)]
            leader = R.single_leader(values)
            if leader is not None and owner in (None, leader):
                out[leader]["objectives"] += obj.tile_vp if tiles else obj.vp
        for sc in out:
            sc["total"] = sum(sc.values())
        return out

    def winners(self) -> list[int]:
        """Most VP; ties by biscuits, then the youngest of those tied."""
        sc = self.scores()
        youngest = {p: i for i, p in enumerate(self.game.ages)}
        best = max(range(self.game.players),
                   key=lambda p: (sc[p]["total"], self.biscuit_counts[p], youngest[p]))
        return [best]

    # -- hidden information (view.py) ------------------------------------------------------
    def _observation(self, player: int) -> dict:
        return view.observation(self, player)

    def _hidden_from(self, player: int) -> set[str]:
        return view.hidden_from(self, player)

    def components(self) -> dict[str, list[str]]:
        """Every component where it is now (``MagicalGame.COMPONENTS`` names them). Not
        core's census read off the fields: a building's cards are inside its ``Stack``, a
        moved pipe is named in ``moved`` as well as in ``piped``, familiars and biscuits
        are counts, and an objective not drawn is in the box, which no field holds."""
        g = self.game
        n = g.players
        cards = list(self.pool) + list(self.box)
        if self.spell_card is not None:     # in play until resolved (ruling R6)
            cards.append(self.spell_card)
        for p in range(n):
            cards += self.hands[p] + self.drawers[p] + self.carriages[p] + self.trash[p]
            cards += tuple(c for c, _ in self.stored[p]) + tuple(x[0] for x in self.piped[p])
            cards += [c for s in self.villages[p] for c in s.cards]
        objectives = [t for t in self.common if t] + [t for t in self.personal if t]
        objectives += [o for o in g.data.objectives if o not in objectives]
        fams: list[str] = []
        for q in range(4):
            ids = g.familiar_ids(q)
            if q < n:
                count = self.supply[q] + 1 + sum(1 for x in self.placed.values() if x == q)
                fams += ids[:count]
            else:
                fams += ids
        bisc = sum(self.biscuit_counts) + sum(self.tray_piles) + self.round_biscuits \
            + self.box_biscuits
        return {"card": sorted(cards), "objective": sorted(objectives),
                "familiar": sorted(fams), "biscuit": ["biscuit"] * bisc}

    def explain(self, action: Any, by: int | None = None) -> str:
        """The rule behind ``action``, as the tutorial reads it for any card a seat holds,
        whether or not that seat may act this instant (several plan at once)."""
        self._seat_arg(by, "explain", "by")
        kind = self.KINDS.get(action)
        if kind is None or self.is_terminal():
            return super().explain(action, by)
        return kind.explain(self, action, self._seat_for(by))

    def __repr__(self) -> str:
        return f"<MagicalState {self.game.players}p round {self.round} {self.stage}>"

    def _over(self, action: Any) -> str:
        return f"{action} is not allowed: the game is over"


__all__ = ["MagicalState"]
