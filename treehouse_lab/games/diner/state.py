"""Treehouse Diner: the state, its declared fields and the read API.

The fields are declared once (``FIELDS``; core/fields.py makes saving, loading, clone and
equality from them); the turn is a stack of stages (``stages.py``), run by the one engine
loop of core/stages.py. Every field is immutable (tuples, ints, strings), so ``clone``
copies references only and nothing a caller or another state holds can change this one.

Kinds (``kinds.py``) and stages change the state through its public fields and the few
writing helpers at the end of this module; renderers, bots and the counting helpers read
it through the methods (every list or dict returned is a new one, the caller's). Rulings
D1, D2 ... are in docs/rulings/diner.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...core.fields import Field, Int, PerSeat, Str, Tuple
from ...core.stages import StagedState
from ...errors import RuleError
from ...protocol import CHANCE, TERMINAL, Action
from .moves import RULES
from .rules import (
    BEES,
    MOOD_MAX,
    MOOD_MIN,
    MOST_BEES_BONUS,
    Kitchen,
    clamp_mood,
    place,
    tiebreak_key,
)
from .saves import (
    MIGRATIONS,
    Emptied,
    Ids,
    Kitchens,
    Pantry,
    Tokens,
    actions_of,
    challenges_of,
    check_save,
    orders_of,
)
from .stages import STACK, new_turn
from .state_reads import DinerReads
from .view import DinerView

if TYPE_CHECKING:  # pragma: no cover
    from .game import DinerGame

Counts = tuple  # one count per ingredient kind
#: The face-down piles a turn may rebuild from their discard piles, once each (D40).
PILES = ("actions", "orders")


def _bees(g: Any) -> bool:
    return g.bees


def _chili(g: Any) -> bool:
    return g.chili


def _per_seat(value: Any) -> Any:
    return lambda g: (value,) * g.players


class DinerState(DinerReads, DinerView, StagedState):
    """A position. Read it through the properties and methods below; change it only with
    ``apply`` (or ``child``)."""

    KINDS = RULES
    FORMAT = 2
    MIGRATIONS = MIGRATIONS
    FIELDS = (
        Field("turn", Int(0, 10**6), doc="the turn being played, 1 for the first; 0 in set-up"),
        Field("bag_counts", Tokens(), key="bag", doc="the ingredient bag"),
        Field("compost_counts", Tokens(), key="compost"),
        Field("shelf_rows", Pantry(), key="pantry", doc="the shelf rows, top first"),
        Field("supplies", PerSeat(Tokens())),
        Field("kitchens", Kitchens(), doc="six spaces each, the 1-minute space first"),
        Field("moods", PerSeat(Int(MOOD_MIN, MOOD_MAX)), key="mood"),
        Field("deliveries", PerSeat(Ids(orders_of, "orders")), key="delivered"),
        Field("deck", Ids(orders_of, "orders", sort=True), doc="the face-down order pile"),
        Field("tray_orders", Ids(orders_of, "orders", empty=True,
                                 length=lambda g: g.tray_spaces), key="tray"),
        Field("order_discard", Ids(orders_of, "orders"), key="discard"),
        Field("box", Ids(orders_of, "orders", sort=True, starting_only=True),
              doc="the Starting orders left in the box"),
        Field("stack", STACK),
        # Ruling D40, a turn does not go round in circles: the piles rebuilt from their
        # discard piles this turn (each at most once), and the sizes of the shelf rows
        # emptied this turn (a bonus at most once; also Save the Bees' "Manage the stock!").
        Field("rebuilt", Tuple(Str(PILES), sort=True),
              doc="the face-down piles rebuilt from their discard piles this turn (D40)"),
        Field("emptied", Emptied(), doc="the shelf rows emptied this turn (D27, D40)"),
        # Save the Bees: each beehive, the face-up and the announced Challenges, those in
        # the box.
        Field("hives", PerSeat(Int(0, BEES)), key="beehives", when=_bees,
              default=_per_seat(0)),
        Field("open_challenges", PerSeat(Ids(challenges_of, "Challenges")), key="challenges",
              when=_bees, default=_per_seat(())),
        Field("done_challenges", PerSeat(Ids(challenges_of, "Challenges")), key="announced",
              when=_bees, default=_per_seat(())),
        Field("challenge_box", Ids(challenges_of, "Challenges", sort=True), when=_bees,
              default=()),
        # Secret Ingredient: Action card hands, the face-down draw pile (kept sorted: draws
        # are uniform chance nodes, so its order is never needed), the discard pile.
        Field("hands", PerSeat(Ids(actions_of, "Action cards")), when=_chili,
              default=_per_seat(())),
        Field("action_deck", Ids(actions_of, "Action cards", sort=True), when=_chili,
              default=()),
        Field("action_discards", Ids(actions_of, "Action cards"), key="action_discard",
              when=_chili, default=()),
    )
    CACHES = StagedState.CACHES
    __slots__ = ("game", *(f.name for f in FIELDS), *CACHES)

    game: DinerGame

    @classmethod
    def start(cls, game: DinerGame) -> DinerState:
        """Before any chance: the bag full, the Starting and Basic orders shuffled (no
        order is kept); the set-up stages then deal, draw and fill as chance nodes."""
        s = cls.__new__(cls)
        s.game = game
        n = game.players
        s.turn = 0
        s.bag_counts = game.bag_start
        s.compost_counts = game.zero
        s.shelf_rows = tuple((game.zero,) * game.columns for _ in game.rows)
        s.supplies = (game.zero,) * n
        s.kitchens = ((None,) * 6,) * n
        s.moods = (0,) * n
        s.deliveries = ((),) * n
        s.deck = tuple(sorted(game.basic_ids))
        s.tray_orders = (None,) * game.tray_spaces
        s.order_discard = ()
        s.box = tuple(sorted(game.starting_ids))
        s.stack = game.setup_stack
        s.hives = (0,) * n
        s.open_challenges = s.done_challenges = s.hands = ((),) * n
        s.challenge_box = tuple(sorted(game.challenges))
        s.emptied = s.rebuilt = ()
        s.action_deck = tuple(sorted(game.action_cards))
        s.action_discards = ()
        s.current_player, s._legal, s._chance = CHANCE, None, None
        s._run()
        return s

    # -- the engine loop's two hooks -----------------------------------------------------------
    def _each_step(self) -> None:
        if not any(self.bag_counts) and any(self.compost_counts):
            # Refilling the Ingredient Bag: "If at any point in the game the ingredient bag
            # is empty, it is immediately refilled with all ingredients from the compost."
            self.bag_counts, self.compost_counts = self.compost_counts, self.game.zero

    def _next_turn(self) -> bool:
        """End of the Game: "the current round is played to the end, so that all kitchen
        helpers have had the same number of turns" (seat 0 starts, D1)."""
        n = self.game.players
        if self.turn and self.turn % n == 0 and (
                self.triggered() or self.turn >= n * self.game.round_limit):
            return False  # the end, or the last round the limit allows (D41)
        self.turn += 1
        self.stack = new_turn(self.game, (self.turn - 1) % n)
        self.emptied = self.rebuilt = ()
        return True

    def triggered(self) -> bool:
        """End of the Game: "triggered as soon as a kitchen helper has delivered a certain
        number of orders"; also when no order is left to deliver anywhere (D16)."""
        if max(len(d) for d in self.deliveries) >= self.game.end_after:
            return True
        return not (self.deck or self.order_discard or any(self.tray_orders)
                    or any(e is not None for k in self.kitchens for e in k))

    # -- saves ----------------------------------------------------------------------------------
    def _check_save(self) -> None:
        self.current_player, self._legal, self._chance = CHANCE, None, None
        check_save(self)

    def _loaded(self) -> None:
        """A save must be a position the engine stops at, with something to decide."""
        stack = self.stack
        try:
            super()._loaded()
        except RuleError:
            raise RuleError(
                "stack: the engine never stops here: "
                + ("the game is over or a new turn begins" if not stack else
                   f"the task {stack[-1].NAME} on top happens by itself (nothing to choose "
                   "or draw), or the bag is empty while the compost is not")) from None
        p = self.current_player
        if p >= 0 and not self._legal_actions(p):
            raise RuleError(f"stack: {self.game.player_name(p)} would have nothing "
                            "to choose from")

    # -- reading --------------------------------------------------------------------------------
    @property
    def active(self) -> int | None:
        """Whose turn it is (None during set-up and after the end)."""
        if not self.turn or self.current_player == TERMINAL:
            return None
        return (self.turn - 1) % self.game.players

    @property
    def stage(self) -> str:
        """'setup', 'phase1', 'pantry' (paying minutes), 'phone', 'effects' (an effect or
        a refill under way), 'assign' (Phase 2), 'end' (after Phase 2: announce Challenges,
        play Action cards or end the turn) or 'over'."""
        if self.current_player == TERMINAL:
            return "over"
        if not self.turn:
            return "setup"
        return self.stack[-1].STAGE

    def pending(self) -> list[dict]:
        """The stack as a save writes it, top (what happens next) first."""
        return [t.to_json("task") for t in reversed(self.stack)]

    # -- writing helpers (for the kinds and stages) ----------------------------------------
    @staticmethod
    def add(counts: Counts, k: int, d: int) -> Counts:
        c = list(counts)
        c[k] += d
        return tuple(c)

    @staticmethod
    def with_seat(values: tuple, p: int, value: Any) -> tuple:
        """``values`` with the seat ``p``'s entry replaced (through a list: for a few
        seats about half the time of two slices joined)."""
        out = list(values)
        out[p] = value
        return tuple(out)

    def set_supply(self, player: int, counts: Counts) -> None:
        self.supplies = self.with_seat(self.supplies, player, counts)

    def set_kitchen(self, player: int, kitchen: Kitchen) -> None:
        self.kitchens = self.with_seat(self.kitchens, player, kitchen)

    def add_to_space(self, size: int, column: int, k: int, d: int) -> None:
        """``d`` of kind ``k`` onto (or off) the shelf space ``size``, ``column`` (from 1)."""
        r = self.game.row_of_size[size]
        row = list(self.shelf_rows[r])
        row[column - 1] = self.add(row[column - 1], k, d)
        self.shelf_rows = self.with_seat(self.shelf_rows, r, tuple(row))

    def to_compost(self, covers: Sequence[Sequence[int]], bees: int = 0) -> None:
        c = list(self.compost_counts)
        for cover in covers:
            for k in cover:
                c[k] += 1
        if bees:
            c[self.game.bee] += bees
        self.compost_counts = tuple(c)

    def push_off(self, player: int, entry: tuple) -> None:
        """Pushing Orders Off the Starting Lane: "you also get a complaint ... Place this
        order on a common discard pile ... and the ingredients lying on it into the
        compost box"; Save the Bees: "If an order with bees is not fulfilled but pushed
        out ... the bees, like ingredients, end up in the compost box." """
        self.moods = self.with_seat(self.moods, player, clamp_mood(self.moods[player] - 1))
        self.order_discard = (*self.order_discard, entry[0])
        self.to_compost(entry[1], entry[2])

    def lay(self, player: int, order: str) -> None:
        """Lay a new order on the space of its preparation time, pushing (Go to the
        Phone); its effects are the caller's to put on the stack (D7)."""
        g = self.game
        entry = (order, ((),) * len(g.symbols[order]), 0)
        kitchen, off = place(self.kitchens[player], entry, g.orders[order].minutes)
        self.set_kitchen(player, kitchen)
        if off is not None:
            self.push_off(player, off)

    def take_space(self, size: int, column: int) -> Counts:
        """Empty a shelf space and return what was on it."""
        r = self.game.row_of_size[size]
        row = list(self.shelf_rows[r])
        space, row[column - 1] = row[column - 1], self.game.zero
        self.shelf_rows = self.with_seat(self.shelf_rows, r, tuple(row))
        return space

    def compost_one(self, player: int, k: int) -> None:
        """One ingredient of ``player``'s supply into the compost box."""
        self.set_supply(player, self.add(self.supplies[player], k, -1))
        self.compost_counts = self.add(self.compost_counts, k, 1)

    def cover(self, player: int, slot: int, i: int, k: int) -> tuple[int, ...]:
        """Ingredient ``k`` from the supply onto symbol ``i`` of the order in ``slot``;
        returns what the symbol now holds."""
        kitchen = list(self.kitchens[player])
        o, covers, bees = kitchen[slot]
        cs = list(covers)
        cs[i] = (*cs[i], k)
        kitchen[slot] = (o, tuple(cs), bees)
        self.set_kitchen(player, tuple(kitchen))
        self.set_supply(player, self.add(self.supplies[player], k, -1))
        return cs[i]

    def put_bee(self, player: int, order: str) -> None:
        """A bee from the supply onto one of ``player``'s orders."""
        self.set_supply(player, self.add(self.supplies[player], self.game.bee, -1))
        kitchen = list(self.kitchens[player])
        i = self.slot_of(player, order)
        o, covers, bees = kitchen[i]
        kitchen[i] = (o, covers, bees + 1)
        self.set_kitchen(player, tuple(kitchen))

    def deliver(self, player: int) -> None:
        """Delivering Orders: "place the ingredients of the delivered order in the compost
        box and the order face down on the delivery space"; Save the Bees: "If you deliver
        an order on which bees lie, put the bees at the beehive"."""
        kitchen = list(self.kitchens[player])
        done = []
        for i, e in enumerate(kitchen):
            if e is not None and all(e[1]):
                done.append(e[0])
                self.to_compost(e[1])
                kitchen[i] = None
                if e[2]:
                    self.hives = self.with_seat(self.hives, player, self.hives[player] + e[2])
        if done:
            self.set_kitchen(player, tuple(kitchen))
            self.deliveries = self.with_seat(self.deliveries, player,
                                             (*self.deliveries[player], *done))

    def restock_orders(self) -> None:
        """The order pile is used up: the discard pile of unfulfilled orders is shuffled
        into a new one (D15), once a turn at most (D40)."""
        if not self.deck and self.order_discard and "orders" not in self.rebuilt:
            self.deck, self.order_discard = tuple(sorted(self.order_discard)), ()
            self.rebuilt = tuple(sorted((*self.rebuilt, "orders")))

    def restock_actions(self) -> None:
        """Action Cards: "If the Action card draw pile is used up, shuffle the discard pile
        face down and form a new Action card draw pile", once a turn at most (D40)."""
        if not self.action_deck and self.action_discards and "actions" not in self.rebuilt:
            self.action_deck, self.action_discards = tuple(sorted(self.action_discards)), ()
            self.rebuilt = tuple(sorted((*self.rebuilt, "actions")))

    # -- scores -----------------------------------------------------------------------------------
    def scores(self) -> list[dict[str, int]]:
        """End of the Game: "add up all satisfaction points ... on your delivered orders and
        then add (or subtract) your mood points": ``orders`` + ``mood`` = ``total``. Before
        the end, what each would score if the game ended now."""
        g = self.game
        out = []
        best = max(self.hives)
        for p in range(g.players):
            pts = sum(g.orders[o].points for o in self.deliveries[p])
            sc = {"total": pts + self.moods[p], "orders": pts, "mood": self.moods[p]}
            if g.bees:
                # Save the Bees, end of the game: 1 point per bee in the beehive, and 3 for
                # the most bees saved, every tied player included (none when nobody saved
                # a bee, D24).
                bonus = MOST_BEES_BONUS if best and self.hives[p] == best else 0
                sc["bees"] = self.hives[p]
                sc["bee_bonus"] = bonus
                sc["total"] += self.hives[p] + bonus
            out.append(sc)
        return out

    def tiebreak(self, player: int) -> tuple[int, int, int, int, int]:
        """(points, delivered orders, unfinished orders, ingredients on them, supply): the
        higher wins, compared in this order (Tiebreakers)."""
        k = [e for e in self.kitchens[player] if e is not None]
        total = self.scores()[player]["total"]
        return tiebreak_key(total, len(self.deliveries[player]), len(k),
                            sum(len(c) for e in k for c in e[1]),
                            self.ingredient_count(player))

    def winners(self) -> list[int]:
        """Most points; ties go through the four tiebreakers; players still equal after
        all four share the win (D17). [] before the end."""
        if self.current_player != TERMINAL:
            return []
        keys = [self.tiebreak(p) for p in range(self.game.players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def _over(self, action: Action) -> str:
        return ("End of the Game: the game is over; every kitchen helper has had the same "
                "number of turns")

    def __repr__(self) -> str:
        return f"<DinerState {self.game.players}p turn {self.turn} {self.stage}>"


