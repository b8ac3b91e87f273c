"""Treehouse Diner: the actions, each kind defined once.

Every kind (core/kinds.py) keeps together when it is allowed (``why_not``, with a fast
``is_legal`` lookup for the hot path), what it changes (``apply``), why it is allowed
(``explain``, citing the rulebook) and its log line (``narrate``). A turn is a stack of
tasks (state.py); each kind acts on the task on top.

Multi-step decisions are small actions (engine protocol): a pantry visit is a
:class:`ChooseShelf` then one :class:`MoveOrder` per minute (the take follows the last
minute by itself, ruling D2); Phase 2 is one :class:`Place` or :class:`Joker` per
ingredient, then :class:`FinishAssigning`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...core.kinds import Kind, KindTable
from ...protocol import CHANCE, Action
from .rules import DAISY, a_an, ingredient, plural, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

RULES = KindTable("diner")

#: What a :class:`Decline` may turn down.
DECLINABLE = ("recycle", "move_left")


# -- Actions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawIngredient(Action):
    """Chance: one ingredient from the bag, a kind with chance count/total."""

    KIND: ClassVar[str] = "draw_ingredient"
    ingredient: str

    def __str__(self) -> str:
        return f"Draw {a_an(self.ingredient)} from the bag"


@dataclass(frozen=True)
class DrawOrder(Action):
    """Chance: one order card from a face-down pile, every card left equally likely."""

    KIND: ClassVar[str] = "draw_order"
    order: str

    def __str__(self) -> str:
        return f"Draw the order {title(self.order)}"


@dataclass(frozen=True)
class ChooseShelf(Action):
    """Phase 1 A: go to the pantry for the space of ``size`` circles in ``column``."""

    KIND: ClassVar[str] = "choose_shelf"
    size: int
    column: int

    def __str__(self) -> str:
        return (f"Go to the pantry for the {self.size}-ingredient space in column "
                f"{self.column}")


@dataclass(frozen=True)
class TakeOrder(Action):
    """Phase 1 B: take an order from the phone tray (also the other players' picks)."""

    KIND: ClassVar[str] = "take_order"
    order: str

    def __str__(self) -> str:
        return f"Take {title(self.order)} from the phone"


@dataclass(frozen=True)
class MoveOrder(Action):
    """One minute of a pantry visit: the order on the ``minutes`` space moves right."""

    KIND: ClassVar[str] = "move_order"
    order: str
    minutes: int

    def __str__(self) -> str:
        if self.minutes == 1:
            return f"Push {title(self.order)} off the 1-minute space (a complaint)"
        return f"Move {title(self.order)} from {self.minutes} to {self.minutes - 1} minutes"


@dataclass(frozen=True)
class MoveLeft(Action):
    """The "move an order left" effect: the order on ``minutes`` moves one space left."""

    KIND: ClassVar[str] = "move_left"
    order: str
    minutes: int

    def __str__(self) -> str:
        return f"Move {title(self.order)} left from {self.minutes} to {self.minutes + 1} minutes"


@dataclass(frozen=True)
class Discard(Action):
    """The discard effects: one ingredient of the supply to the compost."""

    KIND: ClassVar[str] = "discard"
    ingredient: str

    def __str__(self) -> str:
        return f"Discard {a_an(self.ingredient)} to the compost"


@dataclass(frozen=True)
class Recycle(Action):
    """The recycle effect: compost an ingredient of the supply, then draw one."""

    KIND: ClassVar[str] = "recycle"
    ingredient: str

    def __str__(self) -> str:
        return f"Recycle {a_an(self.ingredient)}: compost it and draw a new ingredient"


@dataclass(frozen=True)
class Decline(Action):
    """Turn down an optional effect: ``recycle`` (the rulebook's "You may"), or
    ``move_left`` with the variant ``move_left="may"`` (ruling D9)."""

    KIND: ClassVar[str] = "decline"
    what: str

    def __str__(self) -> str:
        if self.what == "recycle":
            return "Do not recycle"
        if self.what == "move_left":
            return "Leave every order where it is"
        return f"Decline {self.what}"


@dataclass(frozen=True)
class Place(Action):
    """Phase 2: an ingredient from the supply on a matching symbol of an order (the
    first uncovered one: identical symbols are interchangeable, ruling D12)."""

    KIND: ClassVar[str] = "place"
    order: str
    ingredient: str

    def __str__(self) -> str:
        return f"Place {a_an(self.ingredient)} on {title(self.order)}"


@dataclass(frozen=True)
class StartJoker(Action):
    """Phase 2, Ingredient Jokers: begin a joker stack on an uncovered ``symbol`` of an
    order (the first such symbol); it must then be finished with :class:`Joker` steps."""

    KIND: ClassVar[str] = "start_joker"
    order: str
    symbol: str

    def __str__(self) -> str:
        return (f"Start a joker for the {ingredient(self.symbol)} of {title(self.order)} "
                "(2 Daisies or 4 ingredients)")


@dataclass(frozen=True)
class Joker(Action):
    """Phase 2, Ingredient Jokers: one ingredient onto the joker being built for the
    ``symbol`` of an order (2 daisies or 4 arbitrary ingredients finish it)."""

    KIND: ClassVar[str] = "joker"
    order: str
    symbol: str
    ingredient: str

    def __str__(self) -> str:
        return (f"Put {a_an(self.ingredient)} on the joker for the {ingredient(self.symbol)} "
                f"of {title(self.order)}")


@dataclass(frozen=True)
class FinishAssigning(Action):
    """Phase 2 ends: completed orders are delivered, the turn is over."""

    KIND: ClassVar[str] = "finish"

    def __str__(self) -> str:
        return "Finish assigning and deliver the completed orders"


# -- Shared wording ---------------------------------------------------------------------------

def _who(s: DinerState, p: int) -> str:
    return s.game.player_name(p)


def _out_of_turn(s: DinerState, p: int) -> str:
    """' (on Player 1's turn)' when ``p`` decides during someone else's turn."""
    a = s.active
    if a is None or a == p:
        return ""
    return f" (on {_who(s, a)}'s turn)"


def _not_now(s: DinerState, what: str) -> str:
    return f"{what} is not what happens now: {s.waiting_for()}"


# -- Chance ------------------------------------------------------------------------------------

@RULES.kind(DrawIngredient)
class DrawIngredientKind(Kind):
    """Setup 4 and 6, the draw and recycle effects, Refilling a Shelf Row: a random
    ingredient from the bag."""

    def why_not(self, s: DinerState, a: DrawIngredient, player: int) -> str | None:
        if s._top_kind() not in ("draw", "fill"):
            return _not_now(s, "Drawing an ingredient")
        if player != CHANCE:
            return "Ingredients come out of the bag at random; no player picks them"
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s._bag[k]:
            return f"The bag holds no {ingredient(a.ingredient)}"
        return None

    def is_legal(self, s: DinerState, a: DrawIngredient, player: int) -> bool:
        k = s.game.kind_index.get(a.ingredient)
        return (player == CHANCE and k is not None and s._stack[-1][0] in ("draw", "fill")
                and s._bag[k] > 0) if s._stack else False

    def apply(self, s: DinerState, a: DrawIngredient, player: int) -> None:
        s._draw_ingredient(s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: DrawIngredient, player: int) -> str:
        k = s.game.kind_index[a.ingredient]
        n, total = s._bag[k], sum(s._bag)
        return (f"The bag holds {plural(n, a.ingredient)} of {total} ingredients, so the "
                f"chance of {a_an(a.ingredient)} is {n}/{total}.")

    def narrate(self, s: DinerState, a: DrawIngredient, player: int) -> str:
        t = s._stack[-1]
        left = sum(s._bag) - 1
        if t[0] == "fill":
            size = s.game.rows[t[1]].size
            return (f"{a_an(a.ingredient)} from the bag fills a circle of the "
                    f"{size}-ingredient shelf row ({left} left in the bag)")
        return f"{_who(s, t[1])} draws {a_an(a.ingredient)} from the bag ({left} left)"


@RULES.kind(DrawOrder)
class DrawOrderKind(Kind):
    """Setup 2 (Starting orders), Setup 8 and Go to the Phone step 5 (the phone tray), the
    "draw an order" effect: a random card of a face-down pile."""

    def why_not(self, s: DinerState, a: DrawOrder, player: int) -> str | None:
        kind = s._top_kind()
        if kind not in ("deal", "tray", "order"):
            return _not_now(s, "Drawing an order")
        if player != CHANCE:
            return "Orders are drawn at random; no player picks them"
        if a.order not in s._draw_pile():
            return f"{title(a.order)} is not in the pile being drawn from"
        return None

    def is_legal(self, s: DinerState, a: DrawOrder, player: int) -> bool:
        return player == CHANCE and bool(s._stack) and s._stack[-1][0] in (
            "deal", "tray", "order") and a.order in s._draw_pile()

    def apply(self, s: DinerState, a: DrawOrder, player: int) -> None:
        s._draw_order(a.order)

    def explain(self, s: DinerState, a: DrawOrder, player: int) -> str:
        n = len(s._draw_pile())
        t = s._stack[-1]
        if t[0] == "deal":
            return (f"Setup 2: each kitchen helper is dealt a {t[2]}-minute Starting order "
                    f"at random; each of the {n} left is equally likely, 1/{n}.")
        return f"The order pile is shuffled: each of its {n} cards is equally likely, 1/{n}."

    def narrate(self, s: DinerState, a: DrawOrder, player: int) -> str:
        t = s._stack[-1]
        o = s.game.orders[a.order]
        if t[0] == "deal":
            return f"{_who(s, t[1])} is dealt the Starting order {o.name} ({o.minutes} minutes)"
        if t[0] == "tray":
            return f"{o.name} goes on the phone tray"
        return (f"{_who(s, t[1])} draws the order {o.name} and lays it on the "
                f"{o.minutes}-minute space")


# -- Phase 1 -------------------------------------------------------------------------------------

@RULES.kind(ChooseShelf)
class ChooseShelfKind(Kind):
    """Go to the Pantry: "Choose a shelf space whose ingredients you want to put
    completely into your personal supply. For each ingredient ... one minute passes."
    The space is chosen first, then the minutes are paid (ruling D2)."""

    def why_not(self, s: DinerState, a: ChooseShelf, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "phase1":
            return _not_now(s, "Going to the pantry")
        if player != t[1]:
            return f"It is {_who(s, t[1])}'s turn to go to the pantry or the phone"
        space = s._space(a.size, a.column)
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

    def is_legal(self, s: DinerState, a: ChooseShelf, player: int) -> bool:
        if player != s._cp or player < 0 or s._stack[-1][0] != "phase1":
            return False
        space = s._space(a.size, a.column)
        return space is not None and 0 < sum(space) <= s.capacity(player)

    def apply(self, s: DinerState, a: ChooseShelf, player: int) -> None:
        s._choose_shelf(player, a.size, a.column)

    def explain(self, s: DinerState, a: ChooseShelf, player: int) -> str:
        n = sum(s._space(a.size, a.column))
        return (f"Go to the Pantry: the space holds {n} ingredients, so {n} minutes must pass: "
                f"you move orders in your kitchen {n} times one space to the right (your "
                f"orders can make {s.capacity(player)} minutes pass), then take them all.")

    def narrate(self, s: DinerState, a: ChooseShelf, player: int) -> str:
        kinds = ", ".join(map(ingredient, s.space_contents(a.size, a.column)))
        n = sum(s._space(a.size, a.column))
        return (f"{_who(s, player)} goes to the pantry for the {a.size}-ingredient space in "
                f"column {a.column} ({kinds}): {n} minute{'s' if n != 1 else ''} to pay")


@RULES.kind(TakeOrder)
class TakeOrderKind(Kind):
    """Go to the Phone: "Choose one of the face-up orders from the phone tray and lay it
    in your kitchen according to its preparation time. Then immediately carry out the
    order effects"; the others clockwise take one each, and "you must take the last
    remaining order"."""

    def why_not(self, s: DinerState, a: TakeOrder, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] not in ("phase1", "phone"):
            return _not_now(s, "Taking an order from the phone")
        who = t[1] if t[0] == "phase1" else t[1][0]
        if player != who:
            return f"It is {_who(s, who)}'s turn to take an order from the phone"
        if a.order not in s._tray:
            return f"{title(a.order)} is not on the phone tray"
        return None

    def is_legal(self, s: DinerState, a: TakeOrder, player: int) -> bool:
        return (player == s._cp and player >= 0 and s._stack[-1][0] in ("phase1", "phone")
                and a.order in s._tray)

    def apply(self, s: DinerState, a: TakeOrder, player: int) -> None:
        s._take_order(player, a.order)

    def explain(self, s: DinerState, a: TakeOrder, player: int) -> str:
        o = s.game.orders[a.order]
        first = s._stack[-1][0] == "phase1"
        why = ("Go to the Phone: you choose one of the face-up orders first; then the others "
               "clockwise take one each and you take the last one. " if first else
               "Go to the Phone: all orders on the tray must be taken in turn. ")
        effects = "; ".join(o.effect_texts) or "it has no effects"
        return (why + f"{o.name} goes on your {o.minutes}-minute space (pushing orders there "
                f"to the right) and its effects happen at once: {effects}.")

    def narrate(self, s: DinerState, a: TakeOrder, player: int) -> str:
        o = s.game.orders[a.order]
        first = s._stack[-1][0] == "phase1"
        verb = "goes to the phone and takes" if first else "takes"
        line = (f"{_who(s, player)}{_out_of_turn(s, player)} {verb} {o.name} "
                f"({o.minutes} minutes, {o.points} points)")
        off = s._would_push_off(player, o.minutes)
        if off:
            line += f"; {title(off)} is pushed off the kitchen: a complaint"
        return line


@RULES.kind(MoveOrder)
class MoveOrderKind(Kind):
    """Go to the Pantry: "For each passing minute you must move one order in your kitchen
    one space to the right ... The kitchen space onto which an order is moved must be
    free. Skipping is not allowed. Orders can be moved multiple times." Pushing Orders
    Off the Starting Lane: from the 1-minute space it leaves the kitchen, a complaint."""

    def why_not(self, s: DinerState, a: MoveOrder, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "minutes":
            return _not_now(s, "Moving an order to pay a minute")
        if player != t[1]:
            return f"{_who(s, t[1])} is paying minutes at the pantry"
        k = s._kitchen[player]
        m = a.minutes
        if not 1 <= m <= 6 or k[m - 1] is None or k[m - 1][0] != a.order:
            return f"{title(a.order)} is not on your {m}-minute space"
        if m > 1 and k[m - 2] is not None:
            return (f"Go to the Pantry: the {m - 1}-minute space is taken by "
                    f"{title(k[m - 2][0])}; \"the kitchen space onto which an order is moved "
                    "must be free. Skipping is not allowed.\"")
        return None

    def is_legal(self, s: DinerState, a: MoveOrder, player: int) -> bool:
        if player != s._cp or player < 0 or s._stack[-1][0] != "minutes":
            return False
        k = s._kitchen[player]
        m = a.minutes
        return (1 <= m <= 6 and k[m - 1] is not None and k[m - 1][0] == a.order
                and (m == 1 or k[m - 2] is None))

    def apply(self, s: DinerState, a: MoveOrder, player: int) -> None:
        s._pay_minute(player, a.minutes)

    def explain(self, s: DinerState, a: MoveOrder, player: int) -> str:
        _, _, r, c, left = s._stack[-1]
        of = sum(s._pantry[r][c])
        minute = f"This pays minute {of - left + 1} of {of}."
        if a.minutes == 1:
            return ("Pushing Orders Off the Starting Lane: an order on the 1-minute space may "
                    "be pushed out of your kitchen; it pays one minute but is a complaint (-1 "
                    "mood), the order goes to the discard pile and its ingredients to the "
                    f"compost. {minute}")
        return (f"Go to the Pantry: the {a.minutes - 1}-minute space is free, so the order may "
                f"move onto it (no skipping; orders may move several times). {minute}")

    def narrate(self, s: DinerState, a: MoveOrder, player: int) -> str:
        t = s._stack[-1]
        _, _, r, c, left = t
        size = s.game.rows[r].size
        of = sum(s._pantry[r][c])
        paid = of - left + 1
        if a.minutes == 1:
            line = (f"{_who(s, player)} pushes {title(a.order)} off the 1-minute space: a "
                    f"complaint; {paid} of {of} minutes paid")
        else:
            line = (f"{_who(s, player)} moves {title(a.order)} from {a.minutes} to "
                    f"{a.minutes - 1} minutes: {paid} of {of} minutes paid")
        if left == 1:
            kinds = ", ".join(map(ingredient, s.space_contents(size, c + 1)))
            line += f"; takes {kinds} from the pantry"
        return line


# -- Effects -----------------------------------------------------------------------------------

@RULES.kind(Discard)
class DiscardKind(Kind):
    """Symbol Overview: "Discard an ingredient from your personal supply and put it into
    the compost box"; "All other kitchen helpers must discard an ingredient" (each
    chooses which, clockwise, ruling D8)."""

    def why_not(self, s: DinerState, a: Discard, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "discard":
            return _not_now(s, "Discarding")
        if player != t[1]:
            return f"{_who(s, t[1])} must discard an ingredient now"
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s._supply[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        return None

    def is_legal(self, s: DinerState, a: Discard, player: int) -> bool:
        return a in s._legal_actions(player)

    def apply(self, s: DinerState, a: Discard, player: int) -> None:
        s._discard_ingredient(player, s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: Discard, player: int) -> str:
        return ("Symbol Overview: discard an ingredient from your personal supply into the "
                "compost box; you choose which.")

    def narrate(self, s: DinerState, a: Discard, player: int) -> str:
        return (f"{_who(s, player)}{_out_of_turn(s, player)} discards {a_an(a.ingredient)} "
                "to the compost")


@RULES.kind(Recycle)
class RecycleKind(Kind):
    """Symbol Overview: "You may recycle an ingredient. If desired, put an ingredient from
    your personal supply into the compost box and immediately draw a new random
    ingredient from the ingredient bag." """

    def why_not(self, s: DinerState, a: Recycle, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "recycle":
            return _not_now(s, "Recycling")
        if player != t[1]:
            return f"{_who(s, t[1])} may recycle now"
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s._supply[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply to recycle"
        return None

    def is_legal(self, s: DinerState, a: Recycle, player: int) -> bool:
        return a in s._legal_actions(player)

    def apply(self, s: DinerState, a: Recycle, player: int) -> None:
        s._recycle(player, s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: Recycle, player: int) -> str:
        return ("Symbol Overview: you may recycle: the ingredient goes to the compost and you "
                "draw a new one from the bag at once (if the bag is then empty it is refilled "
                "from the compost first).")

    def narrate(self, s: DinerState, a: Recycle, player: int) -> str:
        return (f"{_who(s, player)}{_out_of_turn(s, player)} recycles {a_an(a.ingredient)} "
                "and draws a new ingredient")


@RULES.kind(Decline)
class DeclineKind(Kind):
    """An optional effect turned down (recycle; move left under the variant)."""

    def why_not(self, s: DinerState, a: Decline, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if a.what not in DECLINABLE:
            return f"Only {' or '.join(DECLINABLE)} may be declined"
        if t is None or t[0] != a.what:
            return _not_now(s, "Declining")
        if player != t[1]:
            return f"It is {_who(s, t[1])}'s choice"
        if a.what == "move_left" and s.game.move_left != "may":
            return ("Symbol Overview: \"Move any order in your kitchen 1 space to the left\" "
                    "is not optional (ruling D9; the variant move_left='may' makes it so)")
        return None

    def is_legal(self, s: DinerState, a: Decline, player: int) -> bool:
        return a in s._legal_actions(player)

    def apply(self, s: DinerState, a: Decline, player: int) -> None:
        s._pop()

    def explain(self, s: DinerState, a: Decline, player: int) -> str:
        if a.what == "recycle":
            return "Symbol Overview: \"You may recycle an ingredient\": it is your choice."
        return "Variant move_left='may' (ruling D9): moving an order left is optional."

    def narrate(self, s: DinerState, a: Decline, player: int) -> str:
        who = f"{_who(s, player)}{_out_of_turn(s, player)}"
        if a.what == "recycle":
            return f"{who} does not recycle"
        return f"{who} leaves every order where it is"


@RULES.kind(MoveLeft)
class MoveLeftKind(Kind):
    """Symbol Overview: "Move any order in your kitchen 1 space to the left onto a free
    space (skipping is not allowed). An order lying on the 6-minute kitchen space cannot
    be moved further to the left." """

    def why_not(self, s: DinerState, a: MoveLeft, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "move_left":
            return _not_now(s, "Moving an order left")
        if player != t[1]:
            return f"{_who(s, t[1])} moves an order left now"
        k = s._kitchen[player]
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

    def is_legal(self, s: DinerState, a: MoveLeft, player: int) -> bool:
        return a in s._legal_actions(player)

    def apply(self, s: DinerState, a: MoveLeft, player: int) -> None:
        s._move_left(player, a.minutes)

    def explain(self, s: DinerState, a: MoveLeft, player: int) -> str:
        return (f"Symbol Overview: the {a.minutes + 1}-minute space is free, so the order may "
                "move onto it, gaining a minute of preparation time.")

    def narrate(self, s: DinerState, a: MoveLeft, player: int) -> str:
        return (f"{_who(s, player)}{_out_of_turn(s, player)} moves {title(a.order)} left "
                f"from {a.minutes} to {a.minutes + 1} minutes")


# -- Phase 2 ------------------------------------------------------------------------------------

def _assigning(s: DinerState, player: int) -> str | None:
    t = s._stack[-1] if s._stack else None
    if t is None or t[0] != "assign":
        return _not_now(s, "Assigning ingredients")
    if player != t[1]:
        return f"It is {_who(s, t[1])}'s Phase 2"
    return None


@RULES.kind(Place)
class PlaceKind(Kind):
    """2. Assign Ingredients to Orders: "You do this by laying the ingredients on matching
    symbols of your orders." """

    def why_not(self, s: DinerState, a: Place, player: int) -> str | None:
        why = _assigning(s, player)
        if why:
            return why
        if s._stack[-1][2] is not None:
            return "Ingredient Jokers: finish the joker you started first"
        g = s.game
        k = g.kind_index.get(a.ingredient)
        if k is None or not s._supply[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        slot = s._slot_of(player, a.order)
        if slot is None:
            return f"{title(a.order)} is not in your kitchen"
        if s._first_uncovered(player, slot, k) is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.ingredient)} symbol"
        return None

    def is_legal(self, s: DinerState, a: Place, player: int) -> bool:
        if player != s._cp or player < 0:
            return False
        t = s._stack[-1]
        if t[0] != "assign" or t[2] is not None:
            return False
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s._supply[player][k]:
            return False
        slot = s._slot_of(player, a.order)
        return slot is not None and s._first_uncovered(player, slot, k) is not None

    def apply(self, s: DinerState, a: Place, player: int) -> None:
        s._place(player, a.order, s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: Place, player: int) -> str:
        return (f"2. Assign Ingredients: {title(a.order)} shows an uncovered "
                f"{ingredient(a.ingredient)} symbol and you have {a_an(a.ingredient)}; every "
                "ingredient that can be assigned must be assigned this phase.")

    def narrate(self, s: DinerState, a: Place, player: int) -> str:
        slot = s._slot_of(player, a.order)
        entry = s._kitchen[player][slot]
        n = len(entry[1])
        done = sum(1 for c in entry[1] if c) + 1
        return (f"{_who(s, player)} places {a_an(a.ingredient)} on {title(a.order)}: "
                f"{done} of {n} symbols covered")


@RULES.kind(StartJoker)
class StartJokerKind(Kind):
    """Ingredient Jokers: "You may replace missing ingredients during assignment using an
    ingredient joker. To do so, lay either: 2 Daisies or 4 arbitrary ingredients stacked on
    the desired symbol of the order." A joker may be started only if the supply can finish
    it, and once started it must be finished (ruling D11)."""

    def why_not(self, s: DinerState, a: StartJoker, player: int) -> str | None:
        why = _assigning(s, player)
        if why:
            return why
        if s._stack[-1][2] is not None:
            return "Ingredient Jokers: finish the joker you started first"
        g = s.game
        slot = s._slot_of(player, a.order)
        if slot is None:
            return f"{title(a.order)} is not in your kitchen"
        sym = g.kind_index.get(a.symbol)
        if sym is None or s._first_uncovered(player, slot, sym) is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.symbol)} symbol"
        if not s._can_start_joker(player):
            return ("Ingredient Jokers: a joker takes 2 Daisies or 4 ingredients, and your "
                    "supply has neither")
        return None

    def is_legal(self, s: DinerState, a: StartJoker, player: int) -> bool:
        if player != s._cp or player < 0:
            return False
        t = s._stack[-1]
        if t[0] != "assign" or t[2] is not None:
            return False
        slot = s._slot_of(player, a.order)
        sym = s.game.kind_index.get(a.symbol)
        return (slot is not None and sym is not None
                and s._first_uncovered(player, slot, sym) is not None
                and s._can_start_joker(player))

    def apply(self, s: DinerState, a: StartJoker, player: int) -> None:
        s._start_joker(player, a.order, s.game.kind_index[a.symbol])

    def explain(self, s: DinerState, a: StartJoker, player: int) -> str:
        return ("Ingredient Jokers: 2 Daisies or 4 arbitrary ingredients stacked on a symbol "
                "replace the missing ingredient. Jokers are optional; your supply can finish "
                "this one, and you must finish it before anything else.")

    def narrate(self, s: DinerState, a: StartJoker, player: int) -> str:
        return (f"{_who(s, player)} starts a joker for the {ingredient(a.symbol)} of "
                f"{title(a.order)}")


@RULES.kind(Joker)
class JokerKind(Kind):
    """Ingredient Jokers: the stack grows one ingredient at a time; 2 Daisies or 4
    ingredients finish it (ruling D11)."""

    def why_not(self, s: DinerState, a: Joker, player: int) -> str | None:
        why = _assigning(s, player)
        if why:
            return why
        joker = s._stack[-1][2]
        if joker is None:
            return ("Ingredient Jokers: start a joker on a symbol first (click the symbol's "
                    "joker box)")
        g = s.game
        o, i = joker
        sym = g.kinds[g.symbols[o][i]]
        if (a.order, a.symbol) != (o, sym):
            return f"Ingredient Jokers: finish the joker for the {ingredient(sym)} of {title(o)}"
        k = g.kind_index.get(a.ingredient)
        if k is None or not s._supply[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        if not self.is_legal(s, a, player):
            return ("Ingredient Jokers: a joker is 2 Daisies or 4 ingredients, and your supply "
                    f"could not finish it after {a_an(a.ingredient)}")
        return None

    def is_legal(self, s: DinerState, a: Joker, player: int) -> bool:
        if player != s._cp or player < 0:
            return False
        t = s._stack[-1]
        if t[0] != "assign" or t[2] is None:
            return False
        g = s.game
        o, i = t[2]
        k = g.kind_index.get(a.ingredient)
        if a.order != o or g.kinds[g.symbols[o][i]] != a.symbol or k is None:
            return False
        return s._joker_ok(player, k)

    def apply(self, s: DinerState, a: Joker, player: int) -> None:
        s._joker(player, s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: Joker, player: int) -> str:
        have = len(s._joker_stack(player))
        return ("Ingredient Jokers: 2 Daisies or 4 arbitrary ingredients stacked on a symbol "
                f"replace the missing ingredient; this joker has {have} so far"
                + (" (two Daisies finish it)" if a.ingredient == DAISY else "") + ".")

    def narrate(self, s: DinerState, a: Joker, player: int) -> str:
        stack = (*s._joker_stack(player), s.game.kind_index[a.ingredient])
        done = len(stack) == 4 or (len(stack) == 2 and all(
            k == s.game.daisy for k in stack))
        return (f"{_who(s, player)} puts {a_an(a.ingredient)} on the joker for the "
                f"{ingredient(a.symbol)} of {title(a.order)}"
                + (": the joker is finished" if done else f" ({len(stack)} on it)"))


@RULES.kind(FinishAssigning)
class FinishKind(Kind):
    """2. Assign Ingredients: "All your ingredients that can be assigned to orders must be
    assigned in this phase"; Delivering Orders: "All orders that are now completely
    covered are delivered." """

    def why_not(self, s: DinerState, a: FinishAssigning, player: int) -> str | None:
        why = _assigning(s, player)
        if why:
            return why
        if s._stack[-1][2] is not None:
            return "Ingredient Jokers: finish the joker you started first"
        placeable = s._placeable(player)
        if placeable:
            return ("Do not leave ingredients lying around! "
                    f"{', '.join(map(ingredient, placeable))} can still be assigned and must be")
        return None

    def is_legal(self, s: DinerState, a: FinishAssigning, player: int) -> bool:
        if player != s._cp or player < 0:
            return False
        t = s._stack[-1]
        return t[0] == "assign" and t[2] is None and not s._placeable(player)

    def apply(self, s: DinerState, a: FinishAssigning, player: int) -> None:
        s._finish(player)

    def explain(self, s: DinerState, a: FinishAssigning, player: int) -> str:
        done = s._complete_orders(player)
        what = (f"{', '.join(title(o) for o in done)} {'is' if len(done) == 1 else 'are'} "
                "completely covered and delivered" if done else "no order is complete yet")
        return ("2. Assign Ingredients: no ingredient left in your supply matches an uncovered "
                f"symbol (jokers are optional), so you may stop; {what}.")

    def narrate(self, s: DinerState, a: FinishAssigning, player: int) -> str:
        done = s._complete_orders(player)
        left = sum(s._supply[player])
        line = f"{_who(s, player)} finishes assigning"
        if done:
            pts = sum(s.game.orders[o].points for o in done)
            line += (f" and delivers {', '.join(title(o) for o in done)} ({pts} points; "
                     f"{len(s._delivered[player]) + len(done)} delivered)")
        line += (f"; {left} ingredient{'s stay' if left != 1 else ' stays'} in the supply")
        return line
