"""Treehouse Diner: the state's read API, what renderers, bots, counting helpers, kinds and
stages ask of a position (every list or dict returned is a new one, the caller's).

A mixin of :class:`~.state.DinerState`, which declares the fields read here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...protocol import Action
from .challenges import ChallengeView
from .rules import a_an, capacity, joker_can_finish, joker_done, plate_name
from .rules_assign import PlacingPlan, has_free_plate, letter_kind

if TYPE_CHECKING:  # pragma: no cover
    from .game import DinerGame

Counts = tuple  # one count per ingredient kind


class DinerReads:
    """Reading a Diner position; see :class:`~.state.DinerState` for its fields."""

    __slots__ = ()
    game: DinerGame
    turn: int
    stack: tuple[Any, ...]
    bag_counts: Counts
    compost_counts: Counts
    shelf_rows: tuple
    supplies: tuple
    kitchens: tuple
    moods: tuple
    deliveries: tuple
    deck: tuple
    tray_orders: tuple
    order_discard: tuple
    box: tuple
    hives: tuple
    open_challenges: tuple
    done_challenges: tuple
    challenge_box: tuple
    emptied: tuple
    hands: tuple
    action_deck: tuple
    action_discards: tuple
    active: int | None

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
        return top.joker if top is not None and top.NAME == "assign" else None

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
        if top is not None and top.NAME == "assign" and top.joker is not None:
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


# -- what Challenge conditions look at ----------------------------------------------------------

def _orders(s: Any, p: int) -> list[Any]:
    """The orders in ``p``'s kitchen, its empty spaces left out."""
    return [e for e in s.kitchens[p] if e is not None]


#: How each field of :class:`ChallengeView` is read off a position for one player: both
#: the whole view and the view read on demand are made of these.
VIEW_READERS: dict[str, Callable[[Any, int], Any]] = {
    "supply": lambda s, p: MappingProxyType(
        {s.game.kinds[k]: s.supplies[p][k] for k in s.game.ingredients}),
    "chefs": lambda s, p: tuple(s.game.chefs[e[0]] for e in _orders(s, p)),
    "spaces": lambda s, p: tuple(i + 1 for i, e in enumerate(s.kitchens[p]) if e is not None),
    "covered": lambda s, p: sum(1 for e in _orders(s, p) for c in e[1] if c),
    "bees_on_orders": lambda s, p: sum(e[2] for e in _orders(s, p)),
    "beehive": lambda s, p: s.hives[p],
    "delivered": lambda s, p: len(s.deliveries[p]),
    "delivered_points": lambda s, p: sum(s.game.orders[o].points for o in s.deliveries[p]),
    "mood": lambda s, p: s.moods[p],
    "emptied": lambda s, p: s.emptied if s.active == p else (),
}


class _ReadOnDemand:
    """One field of :class:`ChallengeViewOnDemand`: read off the position when first
    asked for, then kept in the view's own ``__dict__`` (a non-data descriptor, so the
    kept value is found first from then on)."""

    __slots__ = ("name", "read")

    def __init__(self, name: str, read: Callable[[Any, int], Any]) -> None:
        self.name, self.read = name, read

    def __get__(self, view: Any, owner: type | None = None) -> Any:
        if view is None:
            return self
        value = view.__dict__[self.name] = self.read(view._state, view._player)
        return value


class ChallengeViewOnDemand:
    """A :class:`ChallengeView` whose fields are read when first asked for (the
    conditions of two Challenges read one or two of its ten fields)."""

    def __init__(self, state: Any, player: int) -> None:
        self._state, self._player = state, player


for _name, _read in VIEW_READERS.items():
    setattr(ChallengeViewOnDemand, _name, _ReadOnDemand(_name, _read))
