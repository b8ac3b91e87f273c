"""Treehouse Diner: the kinds of the effects that ask for a choice (discard, recycle,
move an order left, or decline), each action's whole rule in one place (see
``kinds.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import Kind
from ...protocol import Action
from . import stages as st
from .actions import DECLINABLE, Decline, Discard, MoveLeft, Recycle
from .kinds import RULES, not_now, out_of_turn, top_is, who
from .rules import a_an, ingredient, movable_left, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

#: The stage each declinable effect waits on (``Decline.what`` names it, as saves do).
DECLINED = {"recycle": st.RecycleStep, "move_left": st.MoveLeftStep}


# -- Effects -----------------------------------------------------------------------------------

@RULES.kind(Discard)
class DiscardKind(Kind):
    """Symbol Overview: "Discard an ingredient from your personal supply and put it into
    the compost box"; "All other kitchen helpers must discard an ingredient" (each
    chooses which, clockwise, ruling D8)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        g = s.game
        sup = s.supplies[seat]
        return [g.discard_of[k] for k in g.ingredients if sup[k]]

    def refusal(self, s: DinerState, a: Discard, player: int) -> str | None:
        t = top_is(s, st.DiscardStep)
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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("supply:{seat}:{ingredient}",)


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

    def refusal(self, s: DinerState, a: Recycle, player: int) -> str | None:
        t = top_is(s, st.RecycleStep)
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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("supply:{seat}:{ingredient}",)


@RULES.kind(Decline)
class DeclineKind(Kind):
    """An optional effect turned down (recycle; move left under the variant)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        g = s.game
        t = s.stack[-1]
        if isinstance(t, st.RecycleStep) or (isinstance(t, st.MoveLeftStep)
                                             and g.move_left == "may"):
            return [g.decline_of[t.NAME]]
        return []

    def refusal(self, s: DinerState, a: Decline, player: int) -> str | None:
        if a.what not in DECLINABLE:
            return f"Only {' or '.join(DECLINABLE)} may be declined"
        t = top_is(s, DECLINED[a.what])
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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("decline:{what}",)


@RULES.kind(MoveLeft)
class MoveLeftKind(Kind):
    """Symbol Overview: "Move any order in your kitchen 1 space to the left onto a free
    space (skipping is not allowed). An order lying on the 6-minute kitchen space cannot
    be moved further to the left." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        k = s.kitchens[seat]
        left = s.game.left_of
        return [left[(k[m - 1][0], m)] for m in movable_left(k)]

    def refusal(self, s: DinerState, a: MoveLeft, player: int) -> str | None:
        t = top_is(s, st.MoveLeftStep)
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

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("order:{order}",)
