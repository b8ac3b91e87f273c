"""Treehouse Diner: the kinds of the basic game, each action's whole rule in one place.

Every kind (core/kinds.py) generates its legal moves (``generate``; legality is a lookup
in that list), says why another move is not allowed (``why_not``), makes the change
(``apply``), says why a move is allowed (``explain``, citing the rulebook), writes the log
line (``narrate``) and names the board targets clicked to choose it (``click_path``). The
stage on top of the stack (stages.py) says which kinds are offered now; a kind reads and
changes the state through its public fields and methods. The modules' kinds are in
``moves_modules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.kinds import Kind, KindTable
from ...protocol import CHANCE, Action
from . import stages as st
from .actions import (
    DECLINABLE,
    ChooseShelf,
    Decline,
    Discard,
    DrawIngredient,
    DrawOrder,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    Recycle,
    StartJoker,
    TakeOrder,
)
from .rules import (
    DAISY,
    PLATES,
    a_an,
    ingredient,
    joker_done,
    movable_left,
    movable_right,
    plural,
    title,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

RULES = KindTable("diner")


# -- Shared wording ---------------------------------------------------------------------------

def who(s: DinerState, p: int) -> str:
    return s.game.player_name(p)


def out_of_turn(s: DinerState, p: int) -> str:
    """' (on Player 1's turn)' when ``p`` decides during someone else's turn."""
    a = s.active
    if a is None or a == p:
        return ""
    return f" (on {who(s, a)}'s turn)"


def not_now(s: DinerState, what: str) -> str:
    return f"{what} is not what happens now: {s.waiting_for()}"


def top_named(s: DinerState, *names: str) -> Any:
    """The top stage if it is one of ``names``, else None."""
    t = s.stack[-1] if s.stack else None
    return t if t is not None and t.NAME in names else None


def chance_moves(s: DinerState, action_type: type) -> list[Action]:
    """A chance kind's moves: the outcomes of the draw on top, when they are its own."""
    return [a for a, _ in s.chance_outcomes() if a.__class__ is action_type]


# -- Chance ------------------------------------------------------------------------------------

@RULES.kind(DrawIngredient)
class DrawIngredientKind(Kind):
    """Setup 4 and 6, the draw and recycle effects, Refilling a Shelf Row: a random
    ingredient from the bag."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return chance_moves(s, DrawIngredient)

    def why_not(self, s: DinerState, a: DrawIngredient, player: int) -> str | None:
        if top_named(s, "draw", "fill", "refill") is None:
            return not_now(s, "Drawing an ingredient")
        if player != CHANCE:
            return "Ingredients come out of the bag at random; no player picks them"
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s.bag_counts[k]:
            return f"The bag holds no {ingredient(a.ingredient)}"
        return None

    def apply(self, s: DinerState, a: DrawIngredient, player: int) -> None:
        s.stack[-1].receive(s, s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: DrawIngredient, player: int) -> str:
        k = s.game.kind_index[a.ingredient]
        n, total = s.bag_counts[k], sum(s.bag_counts)
        return (f"The bag holds {plural(n, a.ingredient)} of {total} ingredients, so the "
                f"chance of {a_an(a.ingredient)} is {n}/{total}.")

    def narrate(self, s: DinerState, a: DrawIngredient, player: int) -> str:
        t = s.stack[-1]
        left = sum(s.bag_counts) - 1
        if t.NAME in ("fill", "refill"):
            return (f"{a_an(a.ingredient)} from the bag fills a circle of the "
                    f"{t.row}-ingredient shelf row ({left} left in the bag)")
        return f"{who(s, t.player)} draws {a_an(a.ingredient)} from the bag ({left} left)"


@RULES.kind(DrawOrder)
class DrawOrderKind(Kind):
    """Setup 2 (Starting orders), Setup 8 and Go to the Phone step 5 (the phone tray), the
    "draw an order" effect: a random card of a face-down pile."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return chance_moves(s, DrawOrder)

    def why_not(self, s: DinerState, a: DrawOrder, player: int) -> str | None:
        t = top_named(s, "deal", "tray", "order")
        if t is None:
            return not_now(s, "Drawing an order")
        if player != CHANCE:
            return "Orders are drawn at random; no player picks them"
        if a.order not in t.pile(s):
            return f"{title(a.order)} is not in the pile being drawn from"
        return None

    def apply(self, s: DinerState, a: DrawOrder, player: int) -> None:
        s.stack[-1].take(s, a.order)

    def explain(self, s: DinerState, a: DrawOrder, player: int) -> str:
        t = s.stack[-1]
        n = len(t.pile(s))
        if t.NAME == "deal":
            return (f"Setup 2: each kitchen helper is dealt a {t.minutes}-minute Starting "
                    f"order at random; each of the {n} left is equally likely, 1/{n}.")
        return f"The order pile is shuffled: each of its {n} cards is equally likely, 1/{n}."

    def narrate(self, s: DinerState, a: DrawOrder, player: int) -> str:
        t = s.stack[-1]
        o = s.game.orders[a.order]
        if t.NAME == "deal":
            return f"{who(s, t.player)} is dealt the Starting order {o.name} ({o.minutes} minutes)"
        if t.NAME == "tray":
            return f"{o.name} goes on the phone tray"
        return (f"{who(s, t.player)} draws the order {o.name} and lays it on the "
                f"{o.minutes}-minute space")


# -- Phase 1 -------------------------------------------------------------------------------------

@RULES.kind(ChooseShelf)
class ChooseShelfKind(Kind):
    """Go to the Pantry: "Choose a shelf space whose ingredients you want to put
    completely into your personal supply. For each ingredient ... one minute passes."
    The space is chosen first, then the minutes are paid (ruling D2)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return s.shelves(seat)

    def why_not(self, s: DinerState, a: ChooseShelf, player: int) -> str | None:
        t = top_named(s, "phase1")
        if t is None:
            return not_now(s, "Going to the pantry")
        if player != t.player:
            return f"It is {who(s, t.player)}'s turn to go to the pantry or the phone"
        space = s.space(a.size, a.column)
        if space is None:
            return (f"The pantry has no {a.size}-ingredient space in column {a.column} "
                    f"(sizes 1-4, columns 1-{s.game.columns})")
        n = sum(space)
        if not n:
            return "Go to the Pantry: that shelf space is empty"
        cap = s.capacity(player)
        if not cap:
            return ("Sometimes you have no choice: with no orders in your kitchen you must go "
                    "to the phone")
        if n > cap:
            return (f"Go to the Pantry: that space holds {n} ingredients but your orders can "
                    f"only make {cap} minutes pass; \"you must choose a shelf space with fewer "
                    "ingredients\"")
        return None

    def apply(self, s: DinerState, a: ChooseShelf, player: int) -> None:
        n = sum(s.space(a.size, a.column))
        s.replace(st.MinutesStep(player, a.size, a.column, n))

    def explain(self, s: DinerState, a: ChooseShelf, player: int) -> str:
        n = sum(s.space(a.size, a.column))
        return (f"Go to the Pantry: the space holds {n} ingredients, so {n} minutes must pass: "
                f"you move orders in your kitchen {n} times one space to the right (your "
                f"orders can make {s.capacity(player)} minutes pass), then take them all.")

    def narrate(self, s: DinerState, a: ChooseShelf, player: int) -> str:
        kinds = ", ".join(map(ingredient, s.space_contents(a.size, a.column)))
        n = sum(s.space(a.size, a.column))
        return (f"{who(s, player)} goes to the pantry for the {a.size}-ingredient space in "
                f"column {a.column} ({kinds}): {n} minute{'s' if n != 1 else ''} to pay")

    def click_path(self, s: DinerState, a: ChooseShelf, seat: int) -> tuple[str, ...]:
        return (f"shelf:{a.size}:{a.column}",)


@RULES.kind(TakeOrder)
class TakeOrderKind(Kind):
    """Go to the Phone: "Choose one of the face-up orders from the phone tray and lay it
    in your kitchen according to its preparation time. Then immediately carry out the
    order effects"; the others clockwise take one each, and "you must take the last
    remaining order"."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        take = s.game.take_of
        return [take[o] for o in s.tray_orders if o]

    def why_not(self, s: DinerState, a: TakeOrder, player: int) -> str | None:
        t = top_named(s, "phase1", "phone")
        if t is None:
            return not_now(s, "Taking an order from the phone")
        decides = t.player if t.NAME == "phase1" else t.takers[0]
        if player != decides:
            return f"It is {who(s, decides)}'s turn to take an order from the phone"
        if a.order not in s.tray_orders:
            return f"{title(a.order)} is not on the phone tray"
        return None

    def apply(self, s: DinerState, a: TakeOrder, player: int) -> None:
        g = s.game
        t = s.pop()
        if t.NAME == "phase1":
            # Go to the Phone: the others clockwise, then you take the last one; then
            # step 5, refill the tray (under the picks, so it happens after them).
            s.push(st.PhoneStep((*g.others[player], player)), st.TrayStep())
        elif len(t.takers) > 1:
            s.push(st.PhoneStep(t.takers[1:]))
        tray = list(s.tray_orders)
        tray[tray.index(a.order)] = None
        s.tray_orders = tuple(tray)
        s.lay(player, a.order)
        s.push(*g.effects[(a.order, player)])

    def explain(self, s: DinerState, a: TakeOrder, player: int) -> str:
        o = s.game.orders[a.order]
        first = s.stack[-1].NAME == "phase1"
        why = ("Go to the Phone: you choose one of the face-up orders first; then the others "
               "clockwise take one each and you take the last one. " if first else
               "Go to the Phone: all orders on the tray must be taken in turn. ")
        effects = "; ".join(o.effect_texts) or "it has no effects"
        return (why + f"{o.name} goes on your {o.minutes}-minute space (pushing orders there "
                f"to the right) and its effects happen at once: {effects}.")

    def narrate(self, s: DinerState, a: TakeOrder, player: int) -> str:
        o = s.game.orders[a.order]
        first = s.stack[-1].NAME == "phase1"
        verb = "goes to the phone and takes" if first else "takes"
        line = (f"{who(s, player)}{out_of_turn(s, player)} {verb} {o.name} "
                f"({o.minutes} minutes, {o.points} points)")
        off = s.would_push_off(player, o.minutes)
        if off:
            line += f"; {title(off)} is pushed off the kitchen: a complaint"
        return line

    def click_path(self, s: DinerState, a: TakeOrder, seat: int) -> tuple[str, ...]:
        return (f"tray:{a.order}",)


@RULES.kind(MoveOrder)
class MoveOrderKind(Kind):
    """Go to the Pantry: "For each passing minute you must move one order in your kitchen
    one space to the right ... The kitchen space onto which an order is moved must be
    free. Skipping is not allowed. Orders can be moved multiple times." Pushing Orders
    Off the Starting Lane: from the 1-minute space it leaves the kitchen, a complaint."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        k = s.kitchens[seat]
        move = s.game.move_of
        return [move[(k[m - 1][0], m)] for m in movable_right(k)]

    def why_not(self, s: DinerState, a: MoveOrder, player: int) -> str | None:
        t = top_named(s, "minutes")
        if t is None:
            return not_now(s, "Moving an order to pay a minute")
        if player != t.player:
            return f"{who(s, t.player)} is paying minutes at the pantry"
        k = s.kitchens[player]
        m = a.minutes
        if not 1 <= m <= 6 or k[m - 1] is None or k[m - 1][0] != a.order:
            return f"{title(a.order)} is not on your {m}-minute space"
        if m > 1 and k[m - 2] is not None:
            return (f"Go to the Pantry: the {m - 1}-minute space is taken by "
                    f"{title(k[m - 2][0])}; \"the kitchen space onto which an order is moved "
                    "must be free. Skipping is not allowed.\"")
        return None

    def apply(self, s: DinerState, a: MoveOrder, player: int) -> None:
        g = s.game
        m = a.minutes
        k = list(s.kitchens[player])
        entry = k[m - 1]
        k[m - 1] = None
        if m > 1:
            k[m - 2] = entry
        s.set_kitchen(player, tuple(k))
        if m == 1:
            s.push_off(player, entry)
        t = s.pop()
        if t.left > 1:
            s.push(st.MinutesStep(t.player, t.row, t.column, t.left - 1))
            return
        # The minutes are paid: the whole space goes into the supply.
        space = s.take_space(t.row, t.column)
        s.set_supply(player, tuple(x + y for x, y in zip(s.supplies[player], space)))
        if not any(any(x) for x in s.shelf_rows[g.row_of_size[t.row]]):
            # Refilling a Shelf Row: refill at once, then the row's bonus.
            if g.bees and t.row not in s.emptied:
                s.emptied = (*s.emptied, t.row)
            s.push(st.FillStep(t.row), *g.bonus[(t.row, player)])

    def explain(self, s: DinerState, a: MoveOrder, player: int) -> str:
        t = s.stack[-1]
        of = sum(s.space(t.row, t.column))
        minute = f"This pays minute {of - t.left + 1} of {of}."
        if a.minutes == 1:
            return ("Pushing Orders Off the Starting Lane: an order on the 1-minute space may "
                    "be pushed out of your kitchen; it pays one minute but is a complaint (-1 "
                    "mood), the order goes to the discard pile and its ingredients to the "
                    f"compost. {minute}")
        return (f"Go to the Pantry: the {a.minutes - 1}-minute space is free, so the order may "
                f"move onto it (no skipping; orders may move several times). {minute}")

    def narrate(self, s: DinerState, a: MoveOrder, player: int) -> str:
        t = s.stack[-1]
        of = sum(s.space(t.row, t.column))
        paid = of - t.left + 1
        if a.minutes == 1:
            line = (f"{who(s, player)} pushes {title(a.order)} off the 1-minute space: a "
                    f"complaint; {paid} of {of} minutes paid")
        else:
            line = (f"{who(s, player)} moves {title(a.order)} from {a.minutes} to "
                    f"{a.minutes - 1} minutes: {paid} of {of} minutes paid")
        if t.left == 1:
            kinds = ", ".join(map(ingredient, s.space_contents(t.row, t.column)))
            line += f"; takes {kinds} from the pantry"
        return line

    def click_path(self, s: DinerState, a: MoveOrder, seat: int) -> tuple[str, ...]:
        return (f"order:{a.order}",)


# -- Effects -----------------------------------------------------------------------------------

def supply_path(a: Any, seat: int) -> tuple[str, ...]:
    """One click on the ingredient in the supply."""
    return (f"supply:{seat}:{a.ingredient}",)


@RULES.kind(Discard)
class DiscardKind(Kind):
    """Symbol Overview: "Discard an ingredient from your personal supply and put it into
    the compost box"; "All other kitchen helpers must discard an ingredient" (each
    chooses which, clockwise, ruling D8)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        g = s.game
        sup = s.supplies[seat]
        return [g.discard_of[k] for k in g.ingredients if sup[k]]

    def why_not(self, s: DinerState, a: Discard, player: int) -> str | None:
        t = top_named(s, "discard")
        if t is None:
            return not_now(s, "Discarding")
        if player != t.player:
            return f"{who(s, t.player)} must discard an ingredient now"
        if a.ingredient == "bee":
            return "Bees are not ingredients: the discard effect takes an ingredient"
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s.supplies[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        return None

    def apply(self, s: DinerState, a: Discard, player: int) -> None:
        s.compost_one(player, s.game.kind_index[a.ingredient])
        s.pop()

    def explain(self, s: DinerState, a: Discard, player: int) -> str:
        return ("Symbol Overview: discard an ingredient from your personal supply into the "
                "compost box; you choose which.")

    def narrate(self, s: DinerState, a: Discard, player: int) -> str:
        return (f"{who(s, player)}{out_of_turn(s, player)} discards {a_an(a.ingredient)} "
                "to the compost")

    def click_path(self, s: DinerState, a: Discard, seat: int) -> tuple[str, ...]:
        return supply_path(a, seat)


@RULES.kind(Recycle)
class RecycleKind(Kind):
    """Symbol Overview: "You may recycle an ingredient. If desired, put an ingredient from
    your personal supply into the compost box and immediately draw a new random
    ingredient from the ingredient bag." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        g = s.game
        sup = s.supplies[seat]
        # "Bees cannot be recycled."
        return [g.recycle_of[k] for k in g.ingredients if sup[k]]

    def why_not(self, s: DinerState, a: Recycle, player: int) -> str | None:
        t = top_named(s, "recycle")
        if t is None:
            return not_now(s, "Recycling")
        if player != t.player:
            return f"{who(s, t.player)} may recycle now"
        if a.ingredient == "bee":
            return "Bees are not ingredients: \"Bees may not be recycled.\""
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s.supplies[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply to recycle"
        return None

    def apply(self, s: DinerState, a: Recycle, player: int) -> None:
        s.compost_one(player, s.game.kind_index[a.ingredient])
        s.replace(st.DrawStep(player))

    def explain(self, s: DinerState, a: Recycle, player: int) -> str:
        return ("Symbol Overview: you may recycle: the ingredient goes to the compost and you "
                "draw a new one from the bag at once (if the bag is then empty it is refilled "
                "from the compost first).")

    def narrate(self, s: DinerState, a: Recycle, player: int) -> str:
        return (f"{who(s, player)}{out_of_turn(s, player)} recycles {a_an(a.ingredient)} "
                "and draws a new ingredient")

    def click_path(self, s: DinerState, a: Recycle, seat: int) -> tuple[str, ...]:
        return supply_path(a, seat)


@RULES.kind(Decline)
class DeclineKind(Kind):
    """An optional effect turned down (recycle; move left under the variant)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        g = s.game
        what = s.stack[-1].NAME
        if what == "recycle" or (what == "move_left" and g.move_left == "may"):
            return [g.decline_of[what]]
        return []

    def why_not(self, s: DinerState, a: Decline, player: int) -> str | None:
        if a.what not in DECLINABLE:
            return f"Only {' or '.join(DECLINABLE)} may be declined"
        t = top_named(s, a.what)
        if t is None:
            return not_now(s, "Declining")
        if player != t.player:
            return f"It is {who(s, t.player)}'s choice"
        if a.what == "move_left" and s.game.move_left != "may":
            return ("Symbol Overview: \"Move any order in your kitchen 1 space to the left\" "
                    "is not optional (ruling D9; the variant move_left='may' makes it so)")
        return None

    def apply(self, s: DinerState, a: Decline, player: int) -> None:
        s.pop()

    def explain(self, s: DinerState, a: Decline, player: int) -> str:
        if a.what == "recycle":
            return "Symbol Overview: \"You may recycle an ingredient\": it is your choice."
        return "Variant move_left='may' (ruling D9): moving an order left is optional."

    def narrate(self, s: DinerState, a: Decline, player: int) -> str:
        name = f"{who(s, player)}{out_of_turn(s, player)}"
        if a.what == "recycle":
            return f"{name} does not recycle"
        return f"{name} leaves every order where it is"

    def click_path(self, s: DinerState, a: Decline, seat: int) -> tuple[str, ...]:
        return (f"decline:{a.what}",)


@RULES.kind(MoveLeft)
class MoveLeftKind(Kind):
    """Symbol Overview: "Move any order in your kitchen 1 space to the left onto a free
    space (skipping is not allowed). An order lying on the 6-minute kitchen space cannot
    be moved further to the left." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        k = s.kitchens[seat]
        left = s.game.left_of
        return [left[(k[m - 1][0], m)] for m in movable_left(k)]

    def why_not(self, s: DinerState, a: MoveLeft, player: int) -> str | None:
        t = top_named(s, "move_left")
        if t is None:
            return not_now(s, "Moving an order left")
        if player != t.player:
            return f"{who(s, t.player)} moves an order left now"
        k = s.kitchens[player]
        m = a.minutes
        if not 1 <= m <= 6 or k[m - 1] is None or k[m - 1][0] != a.order:
            return f"{title(a.order)} is not on your {m}-minute space"
        if m == 6:
            return ("Symbol Overview: an order lying on the 6-minute kitchen space cannot be "
                    "moved further to the left")
        if k[m] is not None:
            return (f"Symbol Overview: the {m + 1}-minute space is taken; the order must move "
                    "onto a free space (skipping is not allowed)")
        return None

    def apply(self, s: DinerState, a: MoveLeft, player: int) -> None:
        k = list(s.kitchens[player])
        m = a.minutes
        k[m], k[m - 1] = k[m - 1], None
        s.set_kitchen(player, tuple(k))
        s.pop()

    def explain(self, s: DinerState, a: MoveLeft, player: int) -> str:
        return (f"Symbol Overview: the {a.minutes + 1}-minute space is free, so the order may "
                "move onto it, gaining a minute of preparation time.")

    def narrate(self, s: DinerState, a: MoveLeft, player: int) -> str:
        return (f"{who(s, player)}{out_of_turn(s, player)} moves {title(a.order)} left "
                f"from {a.minutes} to {a.minutes + 1} minutes")

    def click_path(self, s: DinerState, a: MoveLeft, seat: int) -> tuple[str, ...]:
        return (f"order:{a.order}",)


# -- Phase 2 ------------------------------------------------------------------------------------

def assigning(s: DinerState, player: int) -> str | None:
    """Why ``player`` may not assign now (None if it is their Phase 2)."""
    t = top_named(s, "assign")
    if t is None:
        return not_now(s, "Assigning ingredients")
    if player != t.player:
        return f"It is {who(s, t.player)}'s Phase 2"
    return None


def placing(s: DinerState, player: int) -> str | None:
    """Why ``player`` may not place an ingredient now (Phase 2 with no joker under way)."""
    why = assigning(s, player)
    if why:
        return why
    if s.stack[-1].joker is not None:
        return "Ingredient Jokers: finish the joker you started first"
    return None


def phase_two_of(s: DinerState, seat: int, action_type: type) -> list[Action]:
    """The Phase 2 moves of one kind, in the order the Assign stage lists them."""
    t = top_named(s, "assign")
    if t is None or t.joker is not None:
        return []
    return [a for a in PlaceKind.phase_two(s, seat) if a.__class__ is action_type]


def slot_path(s: DinerState, a: Any, seat: int, symbol: int) -> tuple[str, ...]:
    """The ingredient in the supply, then the first uncovered symbol it fills."""
    i = s.first_uncovered(seat, s.slot_of(seat, a.order), symbol)
    return (f"supply:{seat}:{a.ingredient}", f"slot:{a.order}:{i}")


@RULES.kind(Place)
class PlaceKind(Kind):
    """2. Assign Ingredients to Orders: "You do this by laying the ingredients on matching
    symbols of your orders." """

    @staticmethod
    def phase_two(s: DinerState, player: int) -> list[Action]:
        """Phase 2 with no joker under way: each ingredient onto the first uncovered
        matching symbol of an order, or onto a Soup Stew plate (any ingredient that fits,
        no jokers, D29), order by order; bees onto the orders with the fewest; then
        jokers started on a symbol, or, once nothing can be placed, finishing (2. Assign
        Ingredients). One list, since placements of different kinds interleave."""
        g = s.game
        sup = s.supplies[player]
        can_start = s.can_start_joker(player)
        p0 = g.plate0
        places: list[Action] = []
        starts: list[Action] = []
        for e in s.kitchens[player]:
            if e is None:
                continue
            o, covers = e[0], e[1]
            syms = g.symbols[o]
            seen = set()
            for sym, c in zip(syms, covers):
                if c or sym in seen:
                    continue
                seen.add(sym)
                if sym >= p0:
                    places += [g.plate_of[(o, sym, k)] for k in g.ingredients
                               if sup[k] and s.plate_ok(covers, syms, sym, k)]
                    continue
                if sup[sym]:
                    places.append(g.place_of[(o, sym)])
                if can_start:
                    starts.append(g.start_of[(o, sym)])
        if g.bee is not None and sup[g.bee]:
            places += [g.bee_of[o] for o in s.fewest_bees(player)]
        if not places:
            starts.append(g.finish)
        return places + starts

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, Place)

    def why_not(self, s: DinerState, a: Place, player: int) -> str | None:
        why = placing(s, player)
        if why:
            return why
        g = s.game
        if a.ingredient == "bee":
            return ("Bees are not ingredients: a bee goes centred on an order (put a bee on it), "
                    "not on a symbol")
        k = g.kind_index.get(a.ingredient)
        if k is None or not s.supplies[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        slot = s.slot_of(player, a.order)
        if slot is None:
            return f"{title(a.order)} is not in your kitchen"
        if s.first_uncovered(player, slot, k) is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.ingredient)} symbol"
        return None

    def apply(self, s: DinerState, a: Place, player: int) -> None:
        k = s.game.kind_index[a.ingredient]
        slot = s.slot_of(player, a.order)
        s.cover(player, slot, s.first_uncovered(player, slot, k), k)

    def explain(self, s: DinerState, a: Place, player: int) -> str:
        return (f"2. Assign Ingredients: {title(a.order)} shows an uncovered "
                f"{ingredient(a.ingredient)} symbol and you have {a_an(a.ingredient)}; every "
                "ingredient that can be assigned must be assigned this phase.")

    def narrate(self, s: DinerState, a: Place, player: int) -> str:
        entry = s.kitchens[player][s.slot_of(player, a.order)]
        n = len(entry[1])
        done = sum(1 for c in entry[1] if c) + 1
        return (f"{who(s, player)} places {a_an(a.ingredient)} on {title(a.order)}: "
                f"{done} of {n} symbols covered")

    def click_path(self, s: DinerState, a: Place, seat: int) -> tuple[str, ...]:
        return slot_path(s, a, seat, s.game.kind_index[a.ingredient])


@RULES.kind(StartJoker)
class StartJokerKind(Kind):
    """Ingredient Jokers: "You may replace missing ingredients during assignment using an
    ingredient joker. To do so, lay either: 2 Daisies or 4 arbitrary ingredients stacked on
    the desired symbol of the order." A joker may be started only if the supply can finish
    it, and once started it must be finished (ruling D11)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, StartJoker)

    def why_not(self, s: DinerState, a: StartJoker, player: int) -> str | None:
        why = placing(s, player)
        if why:
            return why
        g = s.game
        slot = s.slot_of(player, a.order)
        if slot is None:
            return f"{title(a.order)} is not in your kitchen"
        if a.symbol in PLATES:
            return ("Soup Stew Orders: a plate takes any ingredient, so no joker is needed or "
                    "allowed there (ruling D29)")
        sym = g.kind_index.get(a.symbol)
        if sym is None or sym == g.bee or s.first_uncovered(player, slot, sym) is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.symbol)} symbol"
        if not s.can_start_joker(player):
            return ("Ingredient Jokers: a joker takes 2 Daisies or 4 ingredients (bees are "
                    "not ingredients), and your supply has neither")
        return None

    def apply(self, s: DinerState, a: StartJoker, player: int) -> None:
        slot = s.slot_of(player, a.order)
        i = s.first_uncovered(player, slot, s.game.kind_index[a.symbol])
        s.replace(st.AssignStep(player, (a.order, i)))

    def explain(self, s: DinerState, a: StartJoker, player: int) -> str:
        return ("Ingredient Jokers: 2 Daisies or 4 arbitrary ingredients stacked on a symbol "
                "replace the missing ingredient. Jokers are optional; your supply can finish "
                "this one, and you must finish it before anything else.")

    def narrate(self, s: DinerState, a: StartJoker, player: int) -> str:
        return (f"{who(s, player)} starts a joker for the {ingredient(a.symbol)} of "
                f"{title(a.order)}")

    def click_path(self, s: DinerState, a: StartJoker, seat: int) -> tuple[str, ...]:
        i = s.first_uncovered(seat, s.slot_of(seat, a.order), s.game.kind_index[a.symbol])
        return (f"joker:{a.order}:{i}",)


@RULES.kind(Joker)
class JokerKind(Kind):
    """Ingredient Jokers: the stack grows one ingredient at a time; 2 Daisies or 4
    ingredients finish it (ruling D11)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        t = top_named(s, "assign")
        if t is None or t.joker is None:
            return []
        g = s.game
        o, i = t.joker
        sym = g.symbols[o][i]
        sup = s.supplies[seat]
        return [g.joker_of[(o, sym, k)] for k in g.ingredients
                if sup[k] and s.joker_ok(seat, k)]

    def why_not(self, s: DinerState, a: Joker, player: int) -> str | None:
        why = assigning(s, player)
        if why:
            return why
        joker = s.stack[-1].joker
        if joker is None:
            return ("Ingredient Jokers: start a joker on a symbol first (click the symbol's "
                    "joker box)")
        g = s.game
        o, i = joker
        sym = g.symbol_names[g.symbols[o][i]]
        if (a.order, a.symbol) != (o, sym):
            return f"Ingredient Jokers: finish the joker for the {ingredient(sym)} of {title(o)}"
        if a.ingredient == "bee":
            return "Bees are not ingredients: \"Bees may not be used as ingredient jokers.\""
        k = g.kind_index.get(a.ingredient)
        if k is None or not s.supplies[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        if not s.joker_ok(player, k):
            return ("Ingredient Jokers: a joker is 2 Daisies or 4 ingredients, and your supply "
                    f"could not finish it after {a_an(a.ingredient)}")
        return None

    def apply(self, s: DinerState, a: Joker, player: int) -> None:
        o, i = s.stack[-1].joker
        stack = s.cover(player, s.slot_of(player, o), i, s.game.kind_index[a.ingredient])
        done = joker_done(stack, s.game.daisy)
        s.replace(st.AssignStep(player, None if done else (o, i)))

    def explain(self, s: DinerState, a: Joker, player: int) -> str:
        have = len(s.joker_stack(player))
        return ("Ingredient Jokers: 2 Daisies or 4 arbitrary ingredients stacked on a symbol "
                f"replace the missing ingredient; this joker has {have} so far"
                + (" (two Daisies finish it)" if a.ingredient == DAISY else "") + ".")

    def narrate(self, s: DinerState, a: Joker, player: int) -> str:
        stack = (*s.joker_stack(player), s.game.kind_index[a.ingredient])
        done = joker_done(stack, s.game.daisy)
        return (f"{who(s, player)} puts {a_an(a.ingredient)} on the joker for the "
                f"{ingredient(a.symbol)} of {title(a.order)}"
                + (": the joker is finished" if done else f" ({len(stack)} on it)"))

    def click_path(self, s: DinerState, a: Joker, seat: int) -> tuple[str, ...]:
        return supply_path(a, seat)


@RULES.kind(FinishAssigning)
class FinishKind(Kind):
    """2. Assign Ingredients: "All your ingredients that can be assigned to orders must be
    assigned in this phase"; Delivering Orders: "All orders that are now completely
    covered are delivered." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, FinishAssigning)

    def why_not(self, s: DinerState, a: FinishAssigning, player: int) -> str | None:
        why = placing(s, player)
        if why:
            return why
        placeable = s.placeable(player)
        if "bee" in placeable:
            return ("Save the Bees: \"Assign the new bees at the end of your turn to your orders "
                    "as evenly as possible\": the bees in your supply must go on your orders")
        if placeable:
            return ("Do not leave ingredients lying around! "
                    f"{', '.join(map(ingredient, placeable))} can still be assigned and must be"
                    " (on a matching symbol or a plate)")
        return None

    def apply(self, s: DinerState, a: FinishAssigning, player: int) -> None:
        s.deliver(player)
        s.pop()

    def explain(self, s: DinerState, a: FinishAssigning, player: int) -> str:
        done = s.complete_orders(player)
        what = (f"{', '.join(title(o) for o in done)} {'is' if len(done) == 1 else 'are'} "
                "completely covered and delivered" if done else "no order is complete yet")
        return ("2. Assign Ingredients: no ingredient left in your supply matches an uncovered "
                f"symbol (jokers are optional), so you may stop; {what}.")

    def narrate(self, s: DinerState, a: FinishAssigning, player: int) -> str:
        done = s.complete_orders(player)
        left = sum(s.supplies[player])
        line = f"{who(s, player)} finishes assigning"
        if done:
            pts = sum(s.game.orders[o].points for o in done)
            line += (f" and delivers {', '.join(title(o) for o in done)} ({pts} points; "
                     f"{len(s.deliveries[player]) + len(done)} delivered)")
        line += (f"; {left} ingredient{'s stay' if left != 1 else ' stays'} in the supply")
        return line

    def click_path(self, s: DinerState, a: FinishAssigning, seat: int) -> tuple[str, ...]:
        return ("finish",)


# The modules' kinds register after these (the order of ``RULES.action_types``).
from . import moves_modules  # noqa: E402, F401
