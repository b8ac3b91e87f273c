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
from .rules import DAISY, PLATES, a_an, ingredient, plate_name, plural, title

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
        if s._top_kind() not in ("draw", "fill", "refill"):
            return _not_now(s, "Drawing an ingredient")
        if player != CHANCE:
            return "Ingredients come out of the bag at random; no player picks them"
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not s._bag[k]:
            return f"The bag holds no {ingredient(a.ingredient)}"
        return None

    def is_legal(self, s: DinerState, a: DrawIngredient, player: int) -> bool:
        k = s.game.kind_index.get(a.ingredient)
        return (player == CHANCE and k is not None
                and s._stack[-1][0] in ("draw", "fill", "refill")
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
        if t[0] in ("fill", "refill"):
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
        if a.ingredient == "bee":
            return "Bees are not ingredients: the discard effect takes an ingredient"
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
        if a.ingredient == "bee":
            return "Bees are not ingredients: \"Bees may not be recycled.\""
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
        if a.ingredient == "bee":
            return ("Bees are not ingredients: a bee goes centred on an order (put a bee on it), "
                    "not on a symbol")
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
        if a.symbol in PLATES:
            return ("Soup Stew Orders: a plate takes any ingredient, so no joker is needed or "
                    "allowed there (ruling D29)")
        sym = g.kind_index.get(a.symbol)
        if sym is None or s._first_uncovered(player, slot, sym) is None:
            return f"{title(a.order)} has no uncovered {ingredient(a.symbol)} symbol"
        if not s._can_start_joker(player):
            return ("Ingredient Jokers: a joker takes 2 Daisies or 4 ingredients (bees are "
                    "not ingredients), and your supply has neither")
        return None

    def is_legal(self, s: DinerState, a: StartJoker, player: int) -> bool:
        if player != s._cp or player < 0:
            return False
        t = s._stack[-1]
        if t[0] != "assign" or t[2] is not None:
            return False
        slot = s._slot_of(player, a.order)
        sym = s.game.kind_index.get(a.symbol)
        return (slot is not None and sym is not None and a.symbol != "bee"
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
        sym = g.symbol_names[g.symbols[o][i]]
        if (a.order, a.symbol) != (o, sym):
            return f"Ingredient Jokers: finish the joker for the {ingredient(sym)} of {title(o)}"
        if a.ingredient == "bee":
            return "Bees are not ingredients: \"Bees may not be used as ingredient jokers.\""
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
        if a.order != o or g.symbol_names[g.symbols[o][i]] != a.symbol or k is None:
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
        if "bee" in placeable:
            return ("Save the Bees: \"Assign the new bees at the end of your turn to your orders "
                    "as evenly as possible\": the bees in your supply must go on your orders")
        if placeable:
            return ("Do not leave ingredients lying around! "
                    f"{', '.join(map(ingredient, placeable))} can still be assigned and must be"
                    " (on a matching symbol or a plate)")
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


# -- The modules: Save the Bees and Secret Ingredient --------------------------------------------

@dataclass(frozen=True)
class AssignBee(Action):
    """Save the Bees, Game Flow: a bee from the supply onto one of your orders with the
    fewest bees ("Always place new bees only on your orders with the fewest bees")."""

    KIND: ClassVar[str] = "assign_bee"
    order: str

    def __str__(self) -> str:
        return f"Put a bee on {title(self.order)}"


@dataclass(frozen=True)
class PlacePlate(Action):
    """Phase 2, Soup Stew Orders: an ingredient on a plate symbol (``plate_a`` ...)."""

    KIND: ClassVar[str] = "place_plate"
    order: str
    plate: str
    ingredient: str

    def __str__(self) -> str:
        return f"Place {a_an(self.ingredient)} on {plate_name(self.plate)} of {title(self.order)}"


@dataclass(frozen=True)
class PlayAction(Action):
    """Secret Ingredient, Action Cards: play a card from your hand; its effects happen at
    once, then it goes on the discard pile."""

    KIND: ClassVar[str] = "play_action"
    card: str

    def __str__(self) -> str:
        copy = str(self.card).rpartition("-")[2]
        return (f"Play the Action card {title(_card_name(self.card))}"
                + (f" (copy {copy})" if copy.isdigit() else ""))


@dataclass(frozen=True)
class TakeFromPantry(Action):
    """The "Take a shortcut!" effect: one ingredient or bee from a shelf space."""

    KIND: ClassVar[str] = "take_from_pantry"
    size: int
    column: int
    ingredient: str

    def __str__(self) -> str:
        return (f"Take {a_an(self.ingredient)} from the {self.size}-ingredient space in column "
                f"{self.column}")


@dataclass(frozen=True)
class AnnounceChallenge(Action):
    """Save the Bees, Mastering Challenges: announce a mastered Challenge for 2 praise;
    it ends the turn."""

    KIND: ClassVar[str] = "announce"
    challenge: str

    def __str__(self) -> str:
        return f"Announce the Challenge {title(self.challenge)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """After Phase 2: end the turn (keeping mastered Challenges face up for later)."""

    KIND: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "End the turn"


@dataclass(frozen=True)
class DrawAction(Action):
    """Chance: one Action card from the face-down draw pile, each equally likely."""

    KIND: ClassVar[str] = "draw_action"
    card: str

    def __str__(self) -> str:
        return f"Draw the Action card {title(_card_name(self.card))}"


@dataclass(frozen=True)
class DealChallenge(Action):
    """Chance: one Challenge dealt from the shuffled Challenges, each equally likely."""

    KIND: ClassVar[str] = "deal_challenge"
    challenge: str

    def __str__(self) -> str:
        return f"Deal the Challenge {title(self.challenge)}"


def _card_name(card: str) -> str:
    """'take-a-shortcut-3' -> 'take-a-shortcut' (the copy number is not part of the name)."""
    head, _, tail = str(card).rpartition("-")
    return head if tail.isdigit() and head else str(card)


def _own_turn_decision(s: DinerState, player: int) -> str | None:
    if player < 0:
        return "Only the player whose turn it is decides this"
    if player != s._cp:
        return _not_now(s, "That")
    return None


@RULES.kind(AssignBee)
class AssignBeeKind(Kind):
    """Save the Bees: "Assign the new bees at the end of your turn to your orders as evenly
    as possible. Always place new bees only on your orders with the fewest bees." Where
    several orders tie, the player chooses (Jutta's example)."""

    def why_not(self, s: DinerState, a: AssignBee, player: int) -> str | None:
        why = _assigning(s, player)
        if why:
            return why
        if s._stack[-1][2] is not None:
            return "Ingredient Jokers: finish the joker you started first"
        g = s.game
        if g.bee is None:
            return "Bees are in the game only with the Save the Bees module"
        if not s._supply[player][g.bee]:
            return "There is no bee in your supply"
        if s._slot_of(player, a.order) is None:
            return f"{title(a.order)} is not in your kitchen"
        fewest = s._fewest_bees(player)
        if a.order not in fewest:
            return ("Save the Bees: \"Always place new bees only on your orders with the fewest "
                    f"bees\": that is {', '.join(map(title, fewest))}")
        return None

    def is_legal(self, s: DinerState, a: AssignBee, player: int) -> bool:
        return player >= 0 and a in s._legal_actions(player)

    def apply(self, s: DinerState, a: AssignBee, player: int) -> None:
        s._assign_bee(player, a.order)

    def explain(self, s: DinerState, a: AssignBee, player: int) -> str:
        n = s.bees_on(a.order)
        return (f"Save the Bees: new bees go on your orders with the fewest bees; "
                f"{title(a.order)} has {n}, no order has fewer. If it is delivered, its bees "
                "go to your beehive (1 point each).")

    def narrate(self, s: DinerState, a: AssignBee, player: int) -> str:
        return (f"{_who(s, player)} puts a bee on {title(a.order)} "
                f"({s.bees_on(a.order) + 1} on it)")


@RULES.kind(PlacePlate)
class PlacePlateKind(Kind):
    """Soup Stew Orders: "Identical plates of one order must be filled with identical
    ingredients. Different plates need different ingredients." Bees never go on a plate."""

    def why_not(self, s: DinerState, a: PlacePlate, player: int) -> str | None:
        why = _assigning(s, player)
        if why:
            return why
        if s._stack[-1][2] is not None:
            return "Ingredient Jokers: finish the joker you started first"
        g = s.game
        if a.ingredient == "bee":
            return ("Bees are not ingredients: \"bees may not be used as ingredients on the "
                    "plate symbols\"")
        k = g.kind_index.get(a.ingredient)
        if k is None or not s._supply[player][k]:
            return f"There is no {ingredient(a.ingredient)} in your supply"
        slot = s._slot_of(player, a.order)
        if slot is None:
            return f"{title(a.order)} is not in your kitchen"
        sym = g.symbol_index.get(a.plate)
        if sym is None or sym < g.plate0:
            return f"{a.plate!r} is not a plate symbol (plate_a .. plate_d)"
        i = s._first_uncovered(player, slot, sym)
        if i is None:
            return f"{title(a.order)} has no uncovered {plate_name(a.plate)}"
        return s._plate_conflict(player, slot, i, k)

    def is_legal(self, s: DinerState, a: PlacePlate, player: int) -> bool:
        return player >= 0 and a in s._legal_actions(player)

    def apply(self, s: DinerState, a: PlacePlate, player: int) -> None:
        g = s.game
        slot = s._slot_of(player, a.order)
        s._cover(player, slot, s._first_uncovered(player, slot, g.symbol_index[a.plate]),
                 g.kind_index[a.ingredient])
        s._advance()

    def explain(self, s: DinerState, a: PlacePlate, player: int) -> str:
        return (f"Soup Stew Orders: any ingredient may go on a plate as long as identical "
                f"plates get identical ingredients and different plates different ones; "
                f"{a_an(a.ingredient)} fits {plate_name(a.plate)} of {title(a.order)}, and "
                "what can go on a plate must go there.")

    def narrate(self, s: DinerState, a: PlacePlate, player: int) -> str:
        return (f"{_who(s, player)} places {a_an(a.ingredient)} on {plate_name(a.plate)} of "
                f"{title(a.order)}")


@RULES.kind(PlayAction)
class PlayActionKind(Kind):
    """Secret Ingredient, Action Cards: "You may play Action cards at any time during your
    turn ... carry out the action immediately and completely. Then place the card on a
    common discard pile" (when exactly: ruling D31)."""

    def why_not(self, s: DinerState, a: PlayAction, player: int) -> str | None:
        g = s.game
        if not g.chili:
            return "Action cards are in the game only with the Secret Ingredient module"
        why = _own_turn_decision(s, player)
        if why:
            return why
        if player != s.active:
            return "Action cards are played only during your own turn"
        if a.card not in s._hands[player]:
            return f"{title(_card_name(a.card))} ({a.card}) is not in your hand"
        t = s._stack[-1]
        if t[0] == "end" and t[2]:
            return ("Mastering Challenges: \"you may no longer play Action cards after "
                    "announcing mastered Challenges\"")
        if t[0] not in ("phase1", "assign", "end") or (t[0] == "assign" and t[2] is not None):
            return ("Action cards are played between your steps (before Phase 1, during Phase "
                    f"2, or before ending the turn), not now: {s.waiting_for()}")
        return None

    def is_legal(self, s: DinerState, a: PlayAction, player: int) -> bool:
        return player >= 0 and a in s._legal_actions(player)

    def apply(self, s: DinerState, a: PlayAction, player: int) -> None:
        s._play_action(player, a.card)

    def explain(self, s: DinerState, a: PlayAction, player: int) -> str:
        card = s.game.action_cards[a.card]
        return (f"Action Cards: play any number during your turn, each at once and "
                f"completely: {card.text}")

    def narrate(self, s: DinerState, a: PlayAction, player: int) -> str:
        card = s.game.action_cards[a.card]
        return f"{_who(s, player)} plays the Action card {card.text}"


@RULES.kind(TakeFromPantry)
class TakeFromPantryKind(Kind):
    """Action card "Take a shortcut! Take 1 arbitrary ingredient or bee from the pantry.
    Refill the space that became empty." (ruling D32)."""

    def why_not(self, s: DinerState, a: TakeFromPantry, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "shortcut":
            return _not_now(s, "Taking a shortcut")
        if player != t[1]:
            return f"{_who(s, t[1])} takes the shortcut"
        space = s._space(a.size, a.column)
        if space is None:
            return (f"The pantry has no {a.size}-ingredient space in column {a.column} "
                    f"(sizes 1-4, columns 1-{s.game.columns})")
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not space[k]:
            return f"That shelf space holds no {ingredient(a.ingredient)}"
        return None

    def is_legal(self, s: DinerState, a: TakeFromPantry, player: int) -> bool:
        return player >= 0 and a in s._legal_actions(player)

    def apply(self, s: DinerState, a: TakeFromPantry, player: int) -> None:
        s._shortcut(player, a.size, a.column, s.game.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: TakeFromPantry, player: int) -> str:
        return ("Take a shortcut!: any one ingredient or bee from the pantry, no minutes to pay; "
                "a random one from the bag then fills the circle it left.")

    def narrate(self, s: DinerState, a: TakeFromPantry, player: int) -> str:
        return (f"{_who(s, player)} takes a shortcut: {a_an(a.ingredient)} from the "
                f"{a.size}-ingredient space in column {a.column}")


@RULES.kind(AnnounceChallenge)
class AnnounceKind(Kind):
    """Mastering Challenges: "If at the end of your turn (after Phase 2) you have mastered
    one or more Challenges, you may announce it ... immediately receive 2 praise ...
    Announcing mastered Challenges always ends your turn." """

    def why_not(self, s: DinerState, a: AnnounceChallenge, player: int) -> str | None:
        g = s.game
        if not g.bees:
            return "Challenges are in the game only with the Save the Bees module"
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "end":
            return ("Mastering Challenges: Challenges are announced at the end of your turn, "
                    f"after Phase 2; now: {s.waiting_for()}")
        if player != t[1]:
            return f"It is {_who(s, t[1])}'s turn"
        if a.challenge not in s._chal[player]:
            if a.challenge in s._done[player]:
                return f"{title(a.challenge)} has already been announced"
            return f"{title(a.challenge)} is not one of your face-up Challenges"
        if a.challenge not in s.mastered(player):
            return (f"{title(a.challenge)} is not mastered: "
                    f"{g.challenges[a.challenge].text}")
        return None

    def is_legal(self, s: DinerState, a: AnnounceChallenge, player: int) -> bool:
        return player >= 0 and a in s._legal_actions(player)

    def apply(self, s: DinerState, a: AnnounceChallenge, player: int) -> None:
        s._announce(player, a.challenge)

    def explain(self, s: DinerState, a: AnnounceChallenge, player: int) -> str:
        m = s._mood[player]
        gain = min(2, 8 - m)
        lost = 2 - gain
        return (f"Mastering Challenges: {s.game.challenges[a.challenge].text} holds, so you may "
                f"announce it for 2 praise (mood {m:+d} -> {m + gain:+d}"
                + (f"; {lost} praise lost at the +8 cap" if lost else "")
                + "). Announcing ends your turn: no Action card may be played afterwards.")

    def narrate(self, s: DinerState, a: AnnounceChallenge, player: int) -> str:
        return (f"{_who(s, player)} announces the Challenge "
                f"{s.game.challenges[a.challenge].text}")


@RULES.kind(EndTurn)
class EndTurnKind(Kind):
    """The end of a turn with a choice left: announce (Challenges), play (Action cards), or
    end it here (Mastering Challenges: a mastered Challenge "may be left lying face up")."""

    def why_not(self, s: DinerState, a: EndTurn, player: int) -> str | None:
        t = s._stack[-1] if s._stack else None
        if t is None or t[0] != "end":
            return _not_now(s, "Ending the turn")
        if player != t[1]:
            return f"It is {_who(s, t[1])}'s turn"
        return None

    def is_legal(self, s: DinerState, a: EndTurn, player: int) -> bool:
        return player >= 0 and a in s._legal_actions(player)

    def apply(self, s: DinerState, a: EndTurn, player: int) -> None:
        s._pop()

    def explain(self, s: DinerState, a: EndTurn, player: int) -> str:
        return ("Mastering Challenges: you may leave a mastered Challenge face up and announce "
                "it in a later turn (for instance when your mood is near +8).")

    def narrate(self, s: DinerState, a: EndTurn, player: int) -> str:
        return f"{_who(s, player)} ends the turn"


@RULES.kind(DrawAction)
class DrawActionKind(Kind):
    """Secret Ingredient Setup 4 and the "draw an Action card" symbol: a random card of the
    face-down pile ("If the Action card draw pile is used up, shuffle the discard pile")."""

    def why_not(self, s: DinerState, a: DrawAction, player: int) -> str | None:
        if s._top_kind() != "action":
            return _not_now(s, "Drawing an Action card")
        if player != CHANCE:
            return "Action cards are drawn at random; no player picks them"
        if a.card not in s._adeck:
            return f"{a.card} is not in the Action card draw pile"
        return None

    def is_legal(self, s: DinerState, a: DrawAction, player: int) -> bool:
        return (player == CHANCE and bool(s._stack) and s._stack[-1][0] == "action"
                and a.card in s._adeck)

    def apply(self, s: DinerState, a: DrawAction, player: int) -> None:
        s._draw_action(a.card)

    def explain(self, s: DinerState, a: DrawAction, player: int) -> str:
        n = len(s._adeck)
        return f"The Action card pile is shuffled: each of its {n} cards is equally likely, 1/{n}."

    def narrate(self, s: DinerState, a: DrawAction, player: int) -> str:
        return f"{_who(s, s._stack[-1][1])} draws an Action card"


@RULES.kind(DealChallenge)
class DealChallengeKind(Kind):
    """Save the Bees, Setup 2: "Shuffle the Challenges face down. Draw 3 random Challenges
    each and lay them face up above your kitchen." """

    def why_not(self, s: DinerState, a: DealChallenge, player: int) -> str | None:
        if s._top_kind() != "challenge":
            return _not_now(s, "Dealing a Challenge")
        if player != CHANCE:
            return "Challenges are dealt at random; no player picks them"
        if a.challenge not in s._cbox:
            return f"{a.challenge} is not among the shuffled Challenges"
        return None

    def is_legal(self, s: DinerState, a: DealChallenge, player: int) -> bool:
        return (player == CHANCE and bool(s._stack) and s._stack[-1][0] == "challenge"
                and a.challenge in s._cbox)

    def apply(self, s: DinerState, a: DealChallenge, player: int) -> None:
        s._deal_challenge(a.challenge)

    def explain(self, s: DinerState, a: DealChallenge, player: int) -> str:
        n = len(s._cbox)
        return f"Setup 2: the Challenges are shuffled: each of the {n} left is equally likely."

    def narrate(self, s: DinerState, a: DealChallenge, player: int) -> str:
        return (f"{_who(s, s._stack[-1][1])} is dealt the Challenge "
                f"{s.game.challenges[a.challenge].text}")
