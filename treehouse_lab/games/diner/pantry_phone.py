"""Treehouse Diner: the kinds of the draws (a token from the bag, an order from a pile) and
of Phase 1 (go to the pantry, pay its minutes, or go to the phone), each action's whole rule
in one place (see ``kinds.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import Kind
from ...protocol import CHANCE, Action
from . import stages as st
from .actions import (
    ChooseShelf,
    DrawIngredient,
    DrawOrder,
    MoveOrder,
    TakeOrder,
)
from .kinds import RULES, chance_moves, not_now, out_of_turn, row_emptied, top_is, who
from .rules import a_an, added, ingredient, movable_right, plural, row_empty, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


# -- Chance ------------------------------------------------------------------------------------

@RULES.kind(DrawIngredient)
class DrawIngredientKind(Kind):
    """Setup 4 and 6, the draw and recycle effects, Refilling a Shelf Row: a random
    ingredient from the bag."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return chance_moves(s, DrawIngredient)

    def refusal(self, s: DinerState, a: DrawIngredient, player: int) -> str | None:
        if top_is(s, st.DrawStep, st.FillStep, st.RefillStep) is None:
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
        if isinstance(t, (st.FillStep, st.RefillStep)):
            return (f"{a_an(a.ingredient)} from the bag fills a circle of the "
                    f"{t.row}-ingredient shelf row ({left} left in the bag)")
        return f"{who(s, t.player)} draws {a_an(a.ingredient)} from the bag ({left} left)"


@RULES.kind(DrawOrder)
class DrawOrderKind(Kind):
    """Setup 2 (Starting orders), Setup 8 and Go to the Phone step 5 (the phone tray), the
    "draw an order" effect: a random card of a face-down pile."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return chance_moves(s, DrawOrder)

    def refusal(self, s: DinerState, a: DrawOrder, player: int) -> str | None:
        t = top_is(s, st.DealStep, st.TrayStep, st.OrderStep)
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
        if isinstance(t, st.DealStep):
            return (f"Setup 2: each kitchen helper is dealt a {t.minutes}-minute Starting "
                    f"order at random; each of the {n} left is equally likely, 1/{n}.")
        return f"The order pile is shuffled: each of its {n} cards is equally likely, 1/{n}."

    def narrate(self, s: DinerState, a: DrawOrder, player: int) -> str:
        t = s.stack[-1]
        o = s.game.orders[a.order]
        if isinstance(t, st.DealStep):
            return f"{who(s, t.player)} is dealt the Starting order {o.name} ({o.minutes} minutes)"
        if isinstance(t, st.TrayStep):
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

    def refusal(self, s: DinerState, a: ChooseShelf, player: int) -> str | None:
        t = top_is(s, st.Phase1Step)
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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("shelf:{size}:{column}",)


@RULES.kind(TakeOrder)
class TakeOrderKind(Kind):
    """Go to the Phone: "Choose one of the face-up orders from the phone tray and lay it
    in your kitchen according to its preparation time. Then immediately carry out the
    order effects"; the others clockwise take one each, and "you must take the last
    remaining order"."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        take = s.game.take_of
        return [take[o] for o in s.tray_orders if o]

    def refusal(self, s: DinerState, a: TakeOrder, player: int) -> str | None:
        t = top_is(s, st.Phase1Step, st.PhoneStep)
        if t is None:
            return not_now(s, "Taking an order from the phone")
        decides = t.player if isinstance(t, st.Phase1Step) else t.takers[0]
        if player != decides:
            return f"It is {who(s, decides)}'s turn to take an order from the phone"
        if a.order not in s.tray_orders:
            return f"{title(a.order)} is not on the phone tray"
        return None

    def apply(self, s: DinerState, a: TakeOrder, player: int) -> None:
        g = s.game
        t = s.pop()
        if isinstance(t, st.Phase1Step):
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
        first = isinstance(s.stack[-1], st.Phase1Step)
        why = ("Go to the Phone: you choose one of the face-up orders first; then the others "
               "clockwise take one each and you take the last one. " if first else
               "Go to the Phone: all orders on the tray must be taken in turn. ")
        effects = "; ".join(o.effect_texts) or "it has no effects"
        return (why + f"{o.name} goes on your {o.minutes}-minute space (pushing orders there "
                f"to the right) and its effects happen at once: {effects}.")

    def narrate(self, s: DinerState, a: TakeOrder, player: int) -> str:
        o = s.game.orders[a.order]
        first = isinstance(s.stack[-1], st.Phase1Step)
        verb = "goes to the phone and takes" if first else "takes"
        line = (f"{who(s, player)}{out_of_turn(s, player)} {verb} {o.name} "
                f"({o.minutes} minutes, {o.points} points)")
        off = s.would_push_off(player, o.minutes)
        if off:
            line += f"; {title(off)} is pushed off the kitchen: a complaint"
        return line

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("tray:{order}",)


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

    def refusal(self, s: DinerState, a: MoveOrder, player: int) -> str | None:
        t = top_is(s, st.MinutesStep)
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
        s.set_supply(player, added(s.supplies[player], space))
        if row_empty(s.shelf_rows[g.row_of_size[t.row]]):
            row_emptied(s, t.row, player)

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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("order:{order}",)
