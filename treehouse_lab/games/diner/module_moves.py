"""Treehouse Diner: the kinds of the modules, Save the Bees and Secret Ingredient.

Each kind is the whole rule of one action, as in ``kinds.py``: its moves, why another is
not allowed, the change, its words and its clicks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.fields import add_at, replace_at
from ...core.kinds import Kind
from ...protocol import CHANCE, Action
from . import stages as st
from .actions import (
    AnnounceChallenge,
    AssignBee,
    DealChallenge,
    DrawAction,
    EndTurn,
    PlacePlate,
    PlayAction,
    TakeFromPantry,
    card_name,
)
from .assigning import from_supply, holding_back, phase_two_of, placing, slot_path
from .kinds import RULES, chance_moves, not_now, row_emptied, top_is, who
from .rules import PRAISE_PER_CHALLENGE, a_an, clamp_mood, ingredient, plate_name, row_empty, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


@RULES.kind(AssignBee)
class AssignBeeKind(Kind):
    """Save the Bees: "Assign the new bees at the end of your turn to your orders as evenly
    as possible. Always place new bees only on your orders with the fewest bees." Where
    several orders tie, the player chooses (Jutta's example)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, AssignBee)

    def refusal(self, s: DinerState, a: AssignBee, player: int) -> str | None:
        why = placing(s, player)
        if why:
            return why
        g = s.game
        if g.bee is None:
            return "Bees are in the game only with the Save the Bees module"
        if not s.supplies[player][g.bee]:
            return "There is no bee in your supply"
        if s.slot_of(player, a.order) is None:
            return f"{title(a.order)} is not in your kitchen"
        fewest = s.fewest_bees(player)
        if a.order not in fewest:
            return ("Save the Bees: \"Always place new bees only on your orders with the fewest "
                    f"bees\": that is {', '.join(map(title, fewest))}")
        return None

    def apply(self, s: DinerState, a: AssignBee, player: int) -> None:
        s.close_joker()
        s.put_bee(player, a.order)

    def explain(self, s: DinerState, a: AssignBee, player: int) -> str:
        n = s.bees_on(a.order)
        return (f"Save the Bees: new bees go on your orders with the fewest bees; "
                f"{title(a.order)} has {n}, no order has fewer. If it is delivered, its bees "
                "go to your beehive (1 point each).")

    def narrate(self, s: DinerState, a: AssignBee, player: int) -> str:
        return (f"{who(s, player)} puts a bee on {title(a.order)} "
                f"({s.bees_on(a.order) + 1} on it)")

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("supply:{seat}:bee", "bee:{order}")


@RULES.kind(PlacePlate)
class PlacePlateKind(Kind):
    """Soup Stew Orders: "Identical plates of one order must be filled with identical
    ingredients. Different plates need different ingredients." Bees never go on a plate."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return phase_two_of(s, seat, PlacePlate)

    def refusal(self, s: DinerState, a: PlacePlate, player: int) -> str | None:
        why, k, slot = from_supply(s, a, player, (
            "Bees are not ingredients: \"bees may not be used as ingredients on the plate "
            "symbols\""))
        if why:
            return why
        g = s.game
        sym = g.symbol_index.get(a.plate)
        if sym is None or sym < g.plate0:
            return f"{a.plate!r} is not a plate symbol (plate_a .. plate_d)"
        i = s.first_uncovered(player, slot, sym)
        if i is None:
            return f"{title(a.order)} has no uncovered {plate_name(a.plate)}"
        return s.plate_conflict(player, slot, i, k) or holding_back(s, player, slot, i, k)

    def apply(self, s: DinerState, a: PlacePlate, player: int) -> None:
        s.close_joker()
        g = s.game
        slot = s.slot_of(player, a.order)
        s.cover(player, slot, s.first_uncovered(player, slot, g.symbol_index[a.plate]),
                g.kind_index[a.ingredient])

    def explain(self, s: DinerState, a: PlacePlate, player: int) -> str:
        return (f"Soup Stew Orders: any ingredient may go on a plate as long as identical "
                f"plates get identical ingredients and different plates different ones; "
                f"{a_an(a.ingredient)} fits {plate_name(a.plate)} of {title(a.order)}, and "
                "what can go on a plate must go there.")

    def narrate(self, s: DinerState, a: PlacePlate, player: int) -> str:
        return (f"{who(s, player)} places {a_an(a.ingredient)} on {plate_name(a.plate)} of "
                f"{title(a.order)}")

    def click_path(self, s: DinerState, a: PlacePlate, seat: int) -> tuple[str, ...]:
        # Like an ingredient onto its symbol: the ingredient, then the plate it fills.
        return slot_path(s, a, seat, s.game.symbol_index[a.plate])


@RULES.kind(PlayAction)
class PlayActionKind(Kind):
    """Secret Ingredient, Action Cards: "You may play Action cards at any time during your
    turn ... carry out the action immediately and completely. Then place the card on a
    common discard pile". When exactly is ruling D31: while a stage of the player's own
    turn waits for them (its ``ACTION_CARDS``: Phase 1, each minute of a pantry visit,
    their own pick at the phone, the steps of Phase 2, the end step), except where the
    stage says no (``cards_closed``: a joker half built, Challenges announced); never in
    the middle of an effect."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        hand = s.hands[seat]
        if not hand or seat != s.active:
            return []
        t = s.stack[-1]
        if not t.ACTION_CARDS or t.cards_closed(s) is not None:
            return []
        play = s.game.play_of
        return [play[c] for c in sorted(set(hand))]

    def refusal(self, s: DinerState, a: PlayAction, player: int) -> str | None:
        g = s.game
        if not g.chili:
            return "Action cards are in the game only with the Secret Ingredient module"
        if player < 0:
            return "Only the player whose turn it is decides this"
        if player != s.current_player:
            return not_now(s, "That")
        if player != s.active:
            return "Action cards are played only during your own turn"
        if a.card not in s.hands[player]:
            return f"{title(card_name(a.card))} ({a.card}) is not in your hand"
        t = s.stack[-1]
        if not t.ACTION_CARDS:
            return ("Action cards are played between the steps of your turn, not in the middle "
                    "of an effect (it is carried out \"immediately and completely\"): "
                    f"{s.waiting_for()}")
        return t.cards_closed(s)

    def apply(self, s: DinerState, a: PlayAction, player: int) -> None:
        """The card leaves the hand, its effects go on top of the stack, and under them a
        spent step puts it on the discard pile once they are done (D31). A joker of 2
        Daisies just laid stays one (D11)."""
        s.close_joker()
        s.hands = replace_at(s.hands, player,
                              tuple(c for c in s.hands[player] if c != a.card))
        s.push(*s.game.action_effects[(a.card, player)], st.SpentStep(player, a.card))

    def explain(self, s: DinerState, a: PlayAction, player: int) -> str:
        card = s.game.action_cards[a.card]
        return (f"Action Cards: play any number during your turn, each at once and "
                f"completely: {card.text}")

    def narrate(self, s: DinerState, a: PlayAction, player: int) -> str:
        return f"{who(s, player)} plays the Action card {s.game.action_cards[a.card].text}"

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("play:{card}",)


def paying_for(s: DinerState) -> tuple[int, int] | None:
    """(row size, column) of the shelf space whose minutes the player is paying (an Action
    card played between the minutes lies above them on the stack), or None."""
    for t in s.stack:
        if isinstance(t, st.MinutesStep):
            return (t.row, t.column)
    return None


@RULES.kind(TakeFromPantry)
class TakeFromPantryKind(Kind):
    """Action card "Take a shortcut! Take 1 arbitrary ingredient or bee from the pantry.
    Refill the space that became empty." (ruling D32). Played while paying the minutes of a
    pantry visit, it cannot take from the space those minutes pay for (D31)."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        g = s.game
        paid_for = paying_for(s)
        out: list[Action] = []
        for r, row in enumerate(s.shelf_rows):
            size = g.rows[r].size
            for c, space in enumerate(row):
                if (size, c + 1) != paid_for:
                    out += [g.shortcut_of[(size, c + 1, k)] for k, n in enumerate(space) if n]
        return out

    def refusal(self, s: DinerState, a: TakeFromPantry, player: int) -> str | None:
        t = top_is(s, st.ShortcutStep)
        if t is None:
            return not_now(s, "Taking a shortcut")
        if player != t.player:
            return f"{who(s, t.player)} takes the shortcut"
        space = s.space(a.size, a.column)
        if space is None:
            return (f"The pantry has no {a.size}-ingredient space in column {a.column} "
                    f"(sizes 1-4, columns 1-{s.game.columns})")
        k = s.game.kind_index.get(a.ingredient)
        if k is None or not space[k]:
            return f"That shelf space holds no {ingredient(a.ingredient)}"
        if (a.size, a.column) == paying_for(s):
            return ("You are paying the minutes for that shelf space: its ingredients are "
                    "the ones they pay for (ruling D31); take a shortcut from another space")
        return None

    def apply(self, s: DinerState, a: TakeFromPantry, player: int) -> None:
        k = s.game.kind_index[a.ingredient]
        s.add_to_space(a.size, a.column, k, -1)
        s.set_supply(player, add_at(s.supplies[player], k, 1))
        # "Refill the space that became empty": one token from the bag on that circle (D32).
        # With the bag and the compost both empty nothing refills it; if that leaves the
        # whole row empty, the row was emptied like any other and pays its bonus (D38).
        if any(s.bag_counts) or not row_empty(s.shelf_rows[s.game.row_of_size[a.size]]):
            s.replace(st.RefillStep(a.size, a.column))
            return
        s.pop()
        row_emptied(s, a.size, player)

    def explain(self, s: DinerState, a: TakeFromPantry, player: int) -> str:
        return ("Take a shortcut!: any one ingredient or bee from the pantry, no minutes to pay; "
                "a random one from the bag then fills the circle it left.")

    def narrate(self, s: DinerState, a: TakeFromPantry, player: int) -> str:
        return (f"{who(s, player)} takes a shortcut: {a_an(a.ingredient)} from the "
                f"{a.size}-ingredient space in column {a.column}")

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("shortcut:{size}-{column}:{ingredient}",)


@RULES.kind(AnnounceChallenge)
class AnnounceKind(Kind):
    """Mastering Challenges: "If at the end of your turn (after Phase 2) you have mastered
    one or more Challenges, you may announce it ... immediately receive 2 praise ...
    Announcing mastered Challenges always ends your turn." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        announce = s.game.announce_of
        return [announce[c] for c in s.mastered(seat)]

    def refusal(self, s: DinerState, a: AnnounceChallenge, player: int) -> str | None:
        g = s.game
        if not g.bees:
            return "Challenges are in the game only with the Save the Bees module"
        t = top_is(s, st.EndStep)
        if t is None:
            return ("Mastering Challenges: Challenges are announced at the end of your turn, "
                    f"after Phase 2; now: {s.waiting_for()}")
        if player != t.player:
            return f"It is {who(s, t.player)}'s turn"
        if a.challenge not in s.open_challenges[player]:
            if a.challenge in s.done_challenges[player]:
                return f"{title(a.challenge)} has already been announced"
            return f"{title(a.challenge)} is not one of your face-up Challenges"
        if a.challenge not in s.mastered(player):
            return (f"{title(a.challenge)} is not mastered: "
                    f"{g.challenges[a.challenge].text}")
        return None

    def apply(self, s: DinerState, a: AnnounceChallenge, player: int) -> None:
        """Mastering Challenges: turn the card over and "immediately receive 2 praise ...
        your mood can never rise above +8; surplus praise is lost"."""
        p, c = player, a.challenge
        s.open_challenges = replace_at(s.open_challenges, p,
                                        tuple(x for x in s.open_challenges[p] if x != c))
        s.done_challenges = replace_at(s.done_challenges, p, (*s.done_challenges[p], c))
        s.moods = replace_at(s.moods, p, clamp_mood(s.moods[p] + PRAISE_PER_CHALLENGE))
        s.replace(st.EndStep(p, True))

    def explain(self, s: DinerState, a: AnnounceChallenge, player: int) -> str:
        m = s.moods[player]
        gain = min(2, 8 - m)
        lost = 2 - gain
        return (f"Mastering Challenges: {s.game.challenges[a.challenge].text} holds, so you may "
                f"announce it for 2 praise (mood {m:+d} -> {m + gain:+d}"
                + (f"; {lost} praise lost at the +8 cap" if lost else "")
                + "). Announcing ends your turn: no Action card may be played afterwards.")

    def narrate(self, s: DinerState, a: AnnounceChallenge, player: int) -> str:
        return (f"{who(s, player)} announces the Challenge "
                f"{s.game.challenges[a.challenge].text}")

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("announce:{challenge}",)


@RULES.kind(EndTurn)
class EndTurnKind(Kind):
    """The end of a turn with a choice left: announce (Challenges), play (Action cards), or
    end it here (Mastering Challenges: a mastered Challenge "may be left lying face up")."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return [s.game.end_turn]

    def refusal(self, s: DinerState, a: EndTurn, player: int) -> str | None:
        t = top_is(s, st.EndStep)
        if t is None:
            return not_now(s, "Ending the turn")
        if player != t.player:
            return f"It is {who(s, t.player)}'s turn"
        return None

    def apply(self, s: DinerState, a: EndTurn, player: int) -> None:
        s.pop()

    def explain(self, s: DinerState, a: EndTurn, player: int) -> str:
        return ("Mastering Challenges: you may leave a mastered Challenge face up and announce "
                "it in a later turn (for instance when your mood is near +8).")

    def narrate(self, s: DinerState, a: EndTurn, player: int) -> str:
        return f"{who(s, player)} ends the turn"

    #: The board targets clicked to choose the move (core's click_path fills them in).
    CLICKS = ("end-turn",)


@RULES.kind(DrawAction)
class DrawActionKind(Kind):
    """Secret Ingredient Setup 4 and the "draw an Action card" symbol: a random card of the
    face-down pile ("If the Action card draw pile is used up, shuffle the discard pile")."""

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return chance_moves(s, DrawAction)

    def refusal(self, s: DinerState, a: DrawAction, player: int) -> str | None:
        if top_is(s, st.ActionStep) is None:
            return not_now(s, "Drawing an Action card")
        if player != CHANCE:
            return "Action cards are drawn at random; no player picks them"
        if a.card not in s.action_deck:
            return f"{a.card} is not in the Action card draw pile"
        return None

    def apply(self, s: DinerState, a: DrawAction, player: int) -> None:
        s.stack[-1].take(s, a.card)

    def explain(self, s: DinerState, a: DrawAction, player: int) -> str:
        n = len(s.action_deck)
        return f"The Action card pile is shuffled: each of its {n} cards is equally likely, 1/{n}."

    def narrate(self, s: DinerState, a: DrawAction, player: int) -> str:
        return f"{who(s, s.stack[-1].player)} draws an Action card"


@RULES.kind(DealChallenge)
class DealChallengeKind(Kind):
    """Save the Bees, Setup 2: "Shuffle the Challenges face down. Draw 3 random Challenges
    each and lay them face up above your kitchen." """

    def generate(self, s: DinerState, seat: int) -> list[Action]:
        return chance_moves(s, DealChallenge)

    def refusal(self, s: DinerState, a: DealChallenge, player: int) -> str | None:
        if top_is(s, st.ChallengeStep) is None:
            return not_now(s, "Dealing a Challenge")
        if player != CHANCE:
            return "Challenges are dealt at random; no player picks them"
        if a.challenge not in s.challenge_box:
            return f"{a.challenge} is not among the shuffled Challenges"
        return None

    def apply(self, s: DinerState, a: DealChallenge, player: int) -> None:
        s.stack[-1].take(s, a.challenge)

    def explain(self, s: DinerState, a: DealChallenge, player: int) -> str:
        n = len(s.challenge_box)
        return f"Setup 2: the Challenges are shuffled: each of the {n} left is equally likely."

    def narrate(self, s: DinerState, a: DealChallenge, player: int) -> str:
        return (f"{who(s, s.stack[-1].player)} is dealt the Challenge "
                f"{s.game.challenges[a.challenge].text}")
