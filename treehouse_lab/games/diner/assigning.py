"""Treehouse Diner: the kinds of Phase 2, assigning ingredients to orders (jokers included)
and finishing, each action's whole rule in one place (see ``kinds.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.kinds import Kind
from ...protocol import Action
from . import stages as st
from .actions import FinishAssigning, Joker, Place, StartJoker
from .kinds import RULES, not_now, supply_path, top_is, who
from .must_assign import Demand, PlacingPlan, letter_holds, order_demand
from .rules import BEE, DAISY, a_an, ingredient, joker_done, joker_may_grow, plate_name, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


# -- Phase 2 ------------------------------------------------------------------------------------

def assigning(s: DinerState, player: int) -> str | None:
    """Why ``player`` may not assign now (None if it is their Phase 2)."""
    t = top_is(s, st.AssignStep)
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
    if s.stack[-1].joker is not None and s.joker_being_built() is not None:
        return "Ingredient Jokers: finish the joker you started first"
    return None


def from_supply(s: DinerState, a: Any, player: int,
                bee: str) -> tuple[str | None, int, int]:
    """What placing ``a`` (an ingredient from ``player``'s supply onto one of their orders:
    a Place or a PlacePlate) first needs, asked in the order a player meets it: their
    Phase 2 with no joker under way, an ingredient (``bee`` says why a bee is none), held,
    and the order in the kitchen. ``(why not, -1, -1)``, or ``(None, kind index, the
    order's slot)``."""
    why = placing(s, player)
    if why:
        return why, -1, -1
    if a.ingredient == "bee":
        return bee, -1, -1
    k = s.game.kind_index.get(a.ingredient)
    if k is None or not s.supplies[player][k]:
        return f"There is no {ingredient(a.ingredient)} in your supply", -1, -1
    slot = s.slot_of(player, a.order)
    if slot is None:
        return f"{title(a.order)} is not in your kitchen", -1, -1
    return None, k, slot


def holding_back(s: DinerState, player: int, slot: int, i: int, k: int) -> str | None:
    """Why ingredient ``k`` may not go on symbol ``i`` of the order in ``slot`` because it
    would leave fewer ingredients placed than another way (None if it may; D35)."""
    if s.keeps_most(player, slot, i, k):
        return None
    return ("Holding back ingredients is not allowed: "
            f"{s.most_placed(player)} ingredients of your supply can still be placed, and "
            f"{a_an(s.game.kinds[k])} there would leave fewer (ruling D35)")


def phase_two_of(s: DinerState, seat: int, action_type: type) -> list[Action]:
    """The Phase 2 moves of one kind, in the order the Assign stage lists them."""
    t = top_is(s, st.AssignStep)
    if t is None or (t.joker is not None and s.joker_being_built() is not None):
        return []
    return [a for a in PlaceKind.phase_two(s, seat) if a.__class__ is action_type]


def slot_path(s: DinerState, a: Any, seat: int, symbol: int) -> tuple[str, ...]:
    """The ingredient in the supply, then the first uncovered symbol it fills."""
    i = s.first_uncovered(seat, s.slot_of(seat, a.order), symbol)
    return (f"supply:{seat}:{a.ingredient}", f"slot:{a.order}:{i}")


#: The most kitchen entries ``order_moves`` keeps per game (2,000 random 4-player games with
#: both modules meet about 30,000): past it the record starts again.
ORDER_MOVES_KEPT = 50_000


def order_moves(g: Any, entry: tuple) -> tuple[tuple, tuple, Demand]:
    """Phase 2's moves on one kitchen entry, apart from the supply, kept in
    ``g.order_moves``: (``fills``, ``starts``, the order's D35 demand).

    ``fills`` holds, at the first uncovered symbol of each kind in symbol order, ``(k,
    move)`` for a move that is legal exactly when the supply holds a ``k``: a Place on an
    ingredient symbol (a k on a free k symbol always keeps the most, D35: an assignment
    that leaves the symbol free either places no k, so add this one, or has a k on a
    plate, so move it here, and its letter keeps or loses a kind, nothing fewer fits), or
    a PlacePlate on a letter holding ``k`` alone that no other letter holds; and ``(-1,
    (letter, the kinds the other letters do not hold, the letter's PlacePlates))`` for a
    letter with no kind yet, whose moves need the count. ``starts`` are ``(k, start)`` for
    the jokers that could start there, ``k`` the ingredient the symbol misses when the
    supply holds none (D11): on every ingredient symbol, and on a letter holding ``k``
    (D29, unless the variant says never)."""
    memo = g.order_moves
    if len(memo) >= ORDER_MOVES_KEPT:
        memo.clear()
    order, covers, _ = entry
    p0, symbols = g.plate0, g.symbols[order]
    fills: list[tuple] = []
    starts: list[Action] = []
    seen = set()
    for (sym, place, start, plates), c in zip(g.moves_at[order], covers):
        if c or sym in seen:
            continue
        seen.add(sym)
        if sym < p0:
            fills.append((sym, place))
            starts.append((sym, start))
            continue
        mine, others = letter_holds(symbols, covers, p0, sym)
        if not mine:
            fills.append((-1, (sym, tuple(k for k in g.ingredients if k not in others),
                               plates)))
            continue
        if len(mine) == 1:
            (k,) = mine
            if k not in others and k in g.ingredients:
                fills.append((k, plates[k]))
        if g.plate_jokers:
            starts.append((min(mine), start))
    made = memo[entry] = (tuple(fills), tuple(starts), order_demand(symbols, covers, p0))
    return made


@RULES.kind(Place)
class PlaceKind(Kind):
    """2. Assign Ingredients to Orders: "You do this by laying the ingredients on matching
    symbols of your orders." """

    @staticmethod
    def phase_two(s: DinerState, player: int) -> list[Action]:
        """Phase 2 with no joker under way: each ingredient onto the first uncovered
        matching symbol of an order, or onto a Soup Stew plate (any ingredient that fits),
        order by order, as long as the most ingredients can still be placed (D35); bees
        onto the orders with the fewest; then jokers started on a symbol (D11: when the
        supply holds none of its ingredient, or with the variant ``jokers="placed-first"``
        once no ingredient can be placed; on a plate, D29: once its letter holds a kind), and,
        once nothing can be placed, finishing (2. Assign Ingredients). One list, since
        placements of different kinds interleave; each order's part is read off
        :func:`order_moves`."""
        g = s.game
        sup = s.supplies[player]
        memo = g.order_moves
        orders = [memo.get(e) or order_moves(g, e) for e in s.kitchens[player] if e is not None]
        # The D35 search, set up the first time a letter with no kind needs it (only there
        # can the order of placing matter; elsewhere every placement keeps the most).
        plan: PlacingPlan | None = None
        places: list[Action] = []
        open_symbols: list[Action] = []
        for pos, (fills, starts, _) in enumerate(orders):
            for k, a in fills:
                if k >= 0:
                    if sup[k]:
                        places.append(a)
                    continue
                # A letter with no kind: the kinds in the supply that the order's other
                # letters do not hold and that keep the most.
                sym, free_kinds, plates = a
                if plan is None:
                    if not any(sup[f] for f in free_kinds):
                        continue
                    plan = PlacingPlan.of_demands(sup, [d[2] for d in orders], g.ingredients)
                places += [plates[f] for f in plan.keepers(pos, sym)]
            open_symbols += starts
        if not s.can_start_joker(player):
            starts = []
        elif g.jokers == "missing":
            # D11: a joker replaces a missing ingredient, one the supply holds none of, and
            # may come before, between or after the placements.
            starts = [a for k, a in open_symbols if not sup[k]]
        elif g.jokers == "any" or not places:
            starts = [a for _, a in open_symbols]
        else:
            starts = []
        if g.bee is not None and sup[g.bee]:
            places += [g.bee_of[o] for o in s.fewest_bees(player)]
        if not places:
            starts.append(g.finish)
        return places + starts

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, Place)

    def refusal(self, s: DinerState, a: Place, player: int) -> str | None:
        why, k, slot = from_supply(s, a, player, (
            "Bees are not ingredients: a bee goes centred on an order (put a bee on it), not "
            "on a symbol"))
        if why:
            return why
        i = s.first_uncovered(player, slot, k)
        if i is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.ingredient)} symbol"
        return holding_back(s, player, slot, i, k)

    def apply(self, s: DinerState, a: Place, player: int) -> None:
        s.close_joker()
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
    the desired symbol of the order." A symbol is missing its ingredient when the supply
    holds none of it, so a joker starts there only then, before, between or after the
    placements (variant ``jokers="placed-first"``: only once every ingredient that can be
    assigned is; ``jokers="any"``: on any uncovered symbol); on a Soup Stew plate only once
    its letter holds a kind (D29). A joker starts only if the supply can finish it, and
    once started it must be finished (ruling D11)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, StartJoker)

    def refusal(self, s: DinerState, a: StartJoker, player: int) -> str | None:
        why = placing(s, player)
        if why:
            return why
        g = s.game
        slot = s.slot_of(player, a.order)
        if slot is None:
            return f"{title(a.order)} is not in your kitchen"
        sym = g.symbol_index.get(a.symbol)
        if sym is None or sym == g.bee or s.first_uncovered(player, slot, sym) is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.symbol)} symbol"
        if sym >= g.plate0:
            if not g.plate_jokers:
                return ("Soup Stew Orders: a plate takes any ingredient, so no joker goes on a "
                        "plate (variant plate_jokers='never', ruling D29)")
            if s.letter_kind(player, slot, sym) is None:
                return (f"Soup Stew Orders: no {plate_name(a.symbol)} holds an ingredient yet, "
                        "so it takes any ingredient and none is missing: no joker goes there "
                        "(ruling D29)")
        if not s.can_start_joker(player):
            return ("Ingredient Jokers: a joker takes 2 Daisies or 4 ingredients (bees are "
                    "not ingredients), and your supply has neither")
        if g.jokers == "missing":
            k = sym if sym < g.plate0 else s.letter_kind(player, slot, sym)
            if k is not None and s.supplies[player][k]:
                return ("Ingredient Jokers replace missing ingredients: your supply holds "
                        f"{a_an(g.kinds[k])} for this symbol, so it is not missing (ruling "
                        "D11)")
        elif g.jokers == "placed-first":
            left = [k for k in s.placeable(player) if k != BEE]
            if left:
                return ("Ingredient Jokers replace missing ingredients: first assign "
                        f"{', '.join(map(ingredient, left))} (\"All your ingredients that can "
                        "be assigned to orders must be assigned\"); a joker goes only on a "
                        "symbol your supply cannot fill then (variant jokers='placed-first', "
                        "ruling D11)")
        return None

    def apply(self, s: DinerState, a: StartJoker, player: int) -> None:
        slot = s.slot_of(player, a.order)
        i = s.first_uncovered(player, slot, s.game.symbol_index[a.symbol])
        s.replace(st.AssignStep(player, (a.order, i)))

    def explain(self, s: DinerState, a: StartJoker, player: int) -> str:
        now = ("your supply holds none of this symbol's ingredient, "
               if s.game.jokers == "missing" else
               "nothing in your supply can fill this symbol now, "
               if s.game.jokers == "placed-first" else "")
        return ("Ingredient Jokers: 2 Daisies or 4 arbitrary ingredients stacked on a symbol "
                f"replace the missing ingredient. Jokers are optional; {now}your supply can "
                "finish the joker, and you must finish it before anything else.")

    def narrate(self, s: DinerState, a: StartJoker, player: int) -> str:
        return (f"{who(s, player)} starts a joker for the {ingredient(a.symbol)} of "
                f"{title(a.order)}")

    def click_path(self, s: DinerState, a: StartJoker, seat: int) -> tuple[str, ...]:
        i = s.first_uncovered(seat, s.slot_of(seat, a.order), s.game.symbol_index[a.symbol])
        return (f"joker:{a.order}:{i}",)


@RULES.kind(Joker)
class JokerKind(Kind):
    """Ingredient Jokers: the stack grows one ingredient at a time; 2 Daisies or 4
    ingredients finish it, and 2 Daisies just laid may take 2 more, since four Daisies are
    "4 arbitrary ingredients" too (ruling D11)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        t = top_is(s, st.AssignStep)
        if t is None or t.joker is None:
            return []
        g = s.game
        o, i = t.joker
        sym = g.symbols[o][i]
        sup = s.supplies[seat]
        return [g.joker_of[(o, sym, k)] for k in g.ingredients
                if sup[k] and s.joker_ok(seat, k)]

    def refusal(self, s: DinerState, a: Joker, player: int) -> str | None:
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
        g = s.game
        stack = s.cover(player, s.slot_of(player, o), i, g.kind_index[a.ingredient])
        done = (joker_done(stack, g.daisy)
                and not joker_may_grow(stack, s.ingredient_count(player), g.daisy))
        s.replace(st.AssignStep(player, None if done else (o, i)))

    def explain(self, s: DinerState, a: Joker, player: int) -> str:
        have = len(s.joker_stack(player))
        return ("Ingredient Jokers: 2 Daisies or 4 arbitrary ingredients stacked on a symbol "
                f"replace the missing ingredient; this joker has {have} so far"
                + (" (two Daisies finish it, or four Daisies)" if a.ingredient == DAISY
                   else "") + ".")

    def narrate(self, s: DinerState, a: Joker, player: int) -> str:
        stack = (*s.joker_stack(player), s.game.kind_index[a.ingredient])
        done = joker_done(stack, s.game.daisy)
        return (f"{who(s, player)} puts {a_an(a.ingredient)} on the joker for the "
                f"{ingredient(a.symbol)} of {title(a.order)}"
                + (": the joker is finished" if done else f" ({len(stack)} on it)"))

    def click_path(self, s: DinerState, a: Joker, seat: int) -> tuple[str, ...]:
        if s.joker_being_built() is None:
            # Growing a joker of 2 Daisies: its joker box, then the ingredient (one click
            # on the supply alone begins a placement).
            o, i = s.stack[-1].joker
            return (f"joker:{o}:{i}", *supply_path(a, seat))
        return supply_path(a, seat)


@RULES.kind(FinishAssigning)
class FinishKind(Kind):
    """2. Assign Ingredients: "All your ingredients that can be assigned to orders must be
    assigned in this phase"; Delivering Orders: "All orders that are now completely
    covered are delivered." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, FinishAssigning)

    def refusal(self, s: DinerState, a: FinishAssigning, player: int) -> str | None:
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
        s.close_joker()
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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("finish",)
