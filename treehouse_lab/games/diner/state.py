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

from ...core.fields import Field, Int, PerSeat, Str, Tuple, add_at, replace_at
from ...core.stages import StagedState
from ...errors import RuleError
from ...protocol import CHANCE, TERMINAL, Action
from .challenges import VIEW_READERS, ChallengeView, ChallengeViewOnDemand
from .moves import RULES
from .must_assign import PlacingPlan, has_free_plate, letter_kind
from .rules import (
    BEES,
    MOOD_MAX,
    MOOD_MIN,
    MOST_BEES_BONUS,
    Kitchen,
    a_an,
    capacity,
    clamp_mood,
    joker_can_finish,
    joker_done,
    place,
    plate_name,
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
from .stages import STACK, AssignStep, new_turn
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


class DinerState(DinerView, StagedState):
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
        return cls.fresh(
            game, bag_counts=game.bag_start, deck=tuple(sorted(game.basic_ids)),
            box=tuple(sorted(game.starting_ids)), stack=game.setup_stack,
            challenge_box=tuple(sorted(game.challenges)),
            action_deck=tuple(sorted(game.action_cards)))

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

    def pending(self) -> list[dict]:
        """The stack as a save writes it, top (what happens next) first."""
        return [t.to_json("task") for t in reversed(self.stack)]

    def capacity(self, player: int) -> int:
        """How many minutes ``player``'s orders can make pass (the largest shelf space
        they may choose, D3)."""
        return capacity(self.kitchens[player])

    def kitchen(self, player: int) -> dict[int, dict]:
        """``{minutes: {"order", "name", "covers", "complete", "bees"}}`` for each order in
        the kitchen; covers list the ingredients on each symbol."""
        g = self.game
        return {i + 1: {"order": e[0], "name": g.orders[e[0]].name,
                        "covers": [[g.kinds[k] for k in c] for c in e[1]],
                        "complete": all(e[1]), "bees": e[2]}
                for i, e in enumerate(self.kitchens[player]) if e is not None}

    def bees_on(self, order: str) -> int:
        """Bees lying on an order in a kitchen (0 for any other order)."""
        for k in self.kitchens:
            for e in k:
                if e is not None and e[0] == order:
                    return e[2]
        return 0

    def beehive(self, player: int) -> int:
        """Bees ``player`` has saved (Save the Bees: 1 point each at the end)."""
        return self.hives[player]

    def challenges(self, player: int) -> list[str]:
        """The Challenges face up above ``player``'s kitchen, not yet announced."""
        return list(self.open_challenges[player])

    def announced(self, player: int) -> list[str]:
        """The Challenges ``player`` has announced (turned over)."""
        return list(self.done_challenges[player])

    def mastered(self, player: int) -> list[str]:
        """The face-up Challenges whose condition holds now (Mastering Challenges). Asked
        at the end of every turn with a module, so the conditions read a view whose fields
        are read off the position only when a condition asks (each at most once)."""
        if not self.open_challenges[player]:
            return []
        view = ChallengeViewOnDemand(self, player)
        cards = self.game.challenges
        return [c for c in self.open_challenges[player] if cards[c].mastered(view)]

    def challenge_view(self, player: int) -> ChallengeView:
        """What Challenge conditions look at, for ``player`` now."""
        return ChallengeView(**{name: read(self, player) for name, read in VIEW_READERS.items()})

    def hand(self, player: int) -> list[str]:
        """The Action cards in ``player``'s hand (observations show them only to their
        owner)."""
        return list(self.hands[player])

    def hand_count(self, player: int) -> int:
        return len(self.hands[player])

    @property
    def action_pile_count(self) -> int:
        return len(self.action_deck)

    def action_discard(self) -> list[str]:
        return list(self.action_discards)

    def supply(self, player: int) -> dict[str, int]:
        return {k: c for k, c in zip(self.game.kinds, self.supplies[player]) if c}

    def mood(self, player: int) -> int:
        return self.moods[player]

    def delivered(self, player: int) -> list[str]:
        return list(self.deliveries[player])

    def tray(self) -> list[str | None]:
        return list(self.tray_orders)

    def discard_pile(self) -> list[str]:
        return list(self.order_discard)

    def compost(self) -> dict[str, int]:
        return {k: c for k, c in zip(self.game.kinds, self.compost_counts) if c}

    def bag(self) -> dict[str, int]:
        """What the bag holds: the engine's truth, for counting and teaching. Players see
        only ``bag_count`` (observations never show this), though it follows from what is
        on the table."""
        return {k: c for k, c in zip(self.game.kinds, self.bag_counts) if c}

    @property
    def bag_count(self) -> int:
        return sum(self.bag_counts)

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    def space_contents(self, size: int, column: int) -> list[str]:
        """The ingredients on a shelf space (kinds in the rulebook's order)."""
        space = self.space(size, column)
        if space is None:
            return []
        return [k for k, c in zip(self.game.kinds, space) for _ in range(c)]

    def pantry(self) -> list[list[list[str]]]:
        """Every shelf row (top first), each a list of spaces (one per column)."""
        g = self.game
        return [[[k for k, c in zip(g.kinds, space) for _ in range(c)] for space in row]
                for row in self.shelf_rows]

    # -- what the kinds and stages ask ------------------------------------------------------------
    def space(self, size: int, column: int) -> Counts | None:
        """The counts on the space of ``size`` circles in ``column`` (from 1), or None."""
        r = self.game.row_of_size.get(size)
        if r is None or not 1 <= column <= self.game.columns:
            return None
        return self.shelf_rows[r][column - 1]

    def next_circle(self, size: int) -> int | None:
        """The column (from 1) of the row's first space that is not full, or None."""
        for c, held in enumerate(map(sum, self.shelf_rows[self.game.row_of_size[size]])):
            if held < size:
                return c + 1
        return None

    def shelves(self, player: int) -> list[Action]:
        """Go to the Pantry: the non-empty spaces whose ingredients the kitchen can pay
        for ("If you do not have enough orders ... you must choose a shelf space with fewer
        ingredients")."""
        cap = capacity(self.kitchens[player])
        if not cap:
            return []
        g = self.game
        out = []
        for r, row in enumerate(self.shelf_rows):
            size = g.rows[r].size
            for c, k in enumerate(map(sum, row)):
                if 0 < k <= cap:
                    out.append(g.shelf_of[(size, c + 1)])
        return out

    def slot_of(self, player: int, order: str) -> int | None:
        for i, e in enumerate(self.kitchens[player]):
            if e is not None and e[0] == order:
                return i
        return None

    def first_uncovered(self, player: int, slot: int, symbol: int) -> int | None:
        e = self.kitchens[player][slot]
        for i, s in enumerate(self.game.symbols[e[0]]):
            if s == symbol and not e[1][i]:
                return i
        return None

    def would_push_off(self, player: int, minutes: int) -> str | None:
        """The order a new order on ``minutes`` would push off the kitchen, if any."""
        k = self.kitchens[player]
        i = minutes - 1
        while i >= 0 and k[i] is not None:
            i -= 1
        return k[0][0] if i < 0 else None

    def ingredient_count(self, player: int) -> int:
        """Ingredients in the supply: bees are not ingredients (Save the Bees)."""
        sup = self.supplies[player]
        b = self.game.bee
        return sum(sup) - (sup[b] if b is not None else 0)

    def fewest_bees(self, player: int) -> list[str]:
        """The orders in the kitchen with the fewest bees (where new bees must go)."""
        least: int | None = None
        out: list[str] = []
        for e in self.kitchens[player]:   # one pass: this runs whenever bees wait to go
            if e is not None:
                bees = e[2]
                if least is None or bees < least:
                    least, out = bees, [e[0]]
                elif bees == least:
                    out.append(e[0])
        return out

    def plate_conflict(self, player: int, slot: int, i: int, k: int) -> str | None:
        """Why ingredient ``k`` may not go on the plate symbol ``i`` of the order in
        ``slot`` (None if it may): "Identical plates of one order must be filled with
        identical ingredients. Different plates need different ingredients." """
        g = self.game
        o, covers = self.kitchens[player][slot][:2]
        syms = g.symbols[o]
        me = syms[i]
        for s, c in zip(syms, covers):
            if len(c) != 1 or s < g.plate0:
                continue   # a joker stack stands for its letter's kind (D29)
            if s == me and c[0] != k:
                return (f"Soup Stew Orders: identical plates take identical ingredients; "
                        f"{plate_name(g.symbol_names[s])} already holds "
                        f"{a_an(g.kinds[c[0]])}")
            if s != me and c[0] == k:
                return (f"Soup Stew Orders: different plates need different ingredients; "
                        f"{plate_name(g.symbol_names[s])} already holds {a_an(g.kinds[k])}")
        return None

    def plate_ok(self, covers: Sequence[tuple], syms: Sequence[int], me: int, k: int) -> bool:
        p0 = self.game.plate0
        for s, c in zip(syms, covers):
            if len(c) == 1 and s >= p0 and ((s == me) != (c[0] == k)):
                return False
        return True

    def letter_kind(self, player: int, slot: int, plate: int) -> int | None:
        """The kind the plates of letter ``plate`` already hold in the order in ``slot``
        (None when none of them holds an ingredient yet)."""
        o, covers = self.kitchens[player][slot][:2]
        return letter_kind(self.game.symbols[o], covers, self.game.plate0, plate)

    def kitchen_orders(self, player: int) -> list[tuple[tuple[int, ...], tuple]]:
        """(symbols, covers) of each order in ``player``'s kitchen."""
        syms = self.game.symbols
        return [(syms[e[0]], e[1]) for e in self.kitchens[player] if e is not None]

    def most_placed(self, player: int) -> int:
        """The most ingredients of the supply that can still be placed (D35)."""
        return self.placing_plan(player).best

    def placing_plan(self, player: int) -> PlacingPlan:
        """``most_placed``'s search for ``player``, set up to answer ``keeps_most`` for
        many placements at once."""
        g = self.game
        return PlacingPlan(self.supplies[player], self.kitchen_orders(player), g.plate0,
                           g.ingredients)

    def placing_order_matters(self, player: int) -> bool:
        """Whether the order of placing can change how many ingredients fit (D35): only
        with a Soup Stew plate letter that holds no kind yet."""
        g = self.game
        return bool(g.chili) and has_free_plate(self.kitchen_orders(player), g.plate0)

    def keeps_most(self, player: int, slot: int, i: int, k: int) -> bool:
        """Whether ingredient ``k`` (one is in the supply) on the uncovered symbol ``i`` of
        the order in ``slot`` still lets the most ingredients be placed ("Holding back
        ingredients is ... not allowed", D35). Only a plate letter with no kind yet can
        make the order of placing matter: a ``k`` on a ``k`` symbol, or on a letter that
        already holds ``k``, leaves every count one lower (``min(s - 1, n - 1)``), so it
        keeps the most. (Phase 2's move list asks ``placing_plan`` itself, once.)"""
        if not self.placing_order_matters(player):
            return True
        g = self.game
        sym = g.symbols[self.kitchens[player][slot][0]][i]
        if sym < g.plate0 or self.letter_kind(player, slot, sym) is not None:
            return True
        pos = sum(1 for e in self.kitchens[player][:slot] if e is not None)
        return self.placing_plan(player).keeps(pos, sym, k)

    def can_start_joker(self, player: int) -> bool:
        return (self.ingredient_count(player) >= 4
                or self.supplies[player][self.game.daisy] >= 2)

    def joker_at_hand(self) -> tuple[str, int] | None:
        """(order id, symbol index) of the joker Phase 2 is at, or None: one being stacked,
        or one of 2 Daisies just laid that may still take 2 more (D11)."""
        top = self.stack[-1] if self.stack else None
        return top.joker if isinstance(top, AssignStep) else None

    def joker_being_built(self) -> tuple[str, int] | None:
        """(order id, symbol index) of the joker being stacked in Phase 2, which must be
        finished before anything else, or None (a finished joker of 2 Daisies that may grow
        is no joker being built: every other step is open)."""
        joker = self.joker_at_hand()
        if joker is None:
            return None
        top = self.stack[-1]
        stack = self.kitchens[top.player][self.slot_of(top.player, joker[0])][1][joker[1]]
        return None if joker_done(stack, self.game.daisy) else joker

    def joker_stack(self, player: int) -> tuple[int, ...]:
        """The ingredients on the joker at hand (``()`` when there is none)."""
        joker = self.joker_at_hand()
        if joker is None:
            return ()
        return self.kitchens[player][self.slot_of(player, joker[0])][1][joker[1]]

    def close_joker(self) -> None:
        """A step other than growing it closes a joker of 2 Daisies just laid (D11): it
        stays a joker of 2."""
        top = self.stack[-1] if self.stack else None
        if isinstance(top, AssignStep) and top.joker is not None:
            self.replace(type(top)(top.player, None))

    def joker_ok(self, player: int, k: int) -> bool:
        """Whether ``k`` may go on the joker being built: the supply has one, and what is
        left could still finish the joker (D11)."""
        g = self.game
        sup = self.supplies[player]
        if not sup[k] or k == g.bee:
            return False   # "Bees may not be used as ingredient jokers."
        return joker_can_finish((*self.joker_stack(player), k),
                                self.ingredient_count(player) - 1,
                                sup[g.daisy] - (k == g.daisy), g.daisy)

    def complete_orders(self, player: int) -> list[str]:
        return [e[0] for e in self.kitchens[player] if e is not None and all(e[1])]

    def placeable(self, player: int) -> list[str]:
        """Kinds in the supply that match an uncovered symbol, fit an uncovered plate
        (Soup Stew Orders: "All ingredients must be placed on plate symbols if they may lie
        there"), or are bees while the kitchen has an order (the must-place rule)."""
        g = self.game
        sup = self.supplies[player]
        p0 = g.plate0
        out = set()
        any_order = False
        for e in self.kitchens[player]:
            if e is not None:
                any_order = True
                syms = g.symbols[e[0]]
                for s, c in zip(syms, e[1]):
                    if c:
                        continue
                    if s < p0:
                        if sup[s]:
                            out.add(s)
                    else:
                        out.update(k for k in g.ingredients
                                   if sup[k] and self.plate_ok(e[1], syms, s, k))
        if any_order and g.bee is not None and sup[g.bee]:
            out.add(g.bee)
        return [g.kinds[k] for k in sorted(out)]

    # -- writing helpers (for the kinds and stages) ----------------------------------------
    def set_supply(self, player: int, counts: Counts) -> None:
        self.supplies = replace_at(self.supplies, player, counts)

    def set_kitchen(self, player: int, kitchen: Kitchen) -> None:
        self.kitchens = replace_at(self.kitchens, player, kitchen)

    def add_to_space(self, size: int, column: int, k: int, d: int) -> None:
        """``d`` of kind ``k`` onto (or off) the shelf space ``size``, ``column`` (from 1)."""
        r = self.game.row_of_size[size]
        row = list(self.shelf_rows[r])
        row[column - 1] = add_at(row[column - 1], k, d)
        self.shelf_rows = replace_at(self.shelf_rows, r, tuple(row))

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
        self.moods = replace_at(self.moods, player, clamp_mood(self.moods[player] - 1))
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
        self.shelf_rows = replace_at(self.shelf_rows, r, tuple(row))
        return space

    def compost_one(self, player: int, k: int) -> None:
        """One ingredient of ``player``'s supply into the compost box."""
        self.set_supply(player, add_at(self.supplies[player], k, -1))
        self.compost_counts = add_at(self.compost_counts, k, 1)

    def cover(self, player: int, slot: int, i: int, k: int) -> tuple[int, ...]:
        """Ingredient ``k`` from the supply onto symbol ``i`` of the order in ``slot``;
        returns what the symbol now holds."""
        kitchen = list(self.kitchens[player])
        o, covers, bees = kitchen[slot]
        cs = list(covers)
        cs[i] = (*cs[i], k)
        kitchen[slot] = (o, tuple(cs), bees)
        self.set_kitchen(player, tuple(kitchen))
        self.set_supply(player, add_at(self.supplies[player], k, -1))
        return cs[i]

    def put_bee(self, player: int, order: str) -> None:
        """A bee from the supply onto one of ``player``'s orders."""
        self.set_supply(player, add_at(self.supplies[player], self.game.bee, -1))
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
                    self.hives = replace_at(self.hives, player, self.hives[player] + e[2])
        if done:
            self.set_kitchen(player, tuple(kitchen))
            self.deliveries = replace_at(self.deliveries, player,
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


