"""What the Treehouse Diner module lessons share: the short game they are played in, the
recap of the basic game inside each step, and where a step of several moves ends.

Why a module of its own: "Save the Bees" (``lessons_bees.py``) and "Secret Ingredient"
(``lessons_secret.py``) are written apart, one module per lesson, and both assume the
learner knows the basic game: each step's text falls back to what the basic game asks now
(:func:`stage_words`), and each step of several moves (``Do(again=...)``) ends at a move that
always comes (the shelf space chosen, the last minute paid, the end of the learner's turn),
never at one a chance event might skip. Every step falls back to any legal move (``ANY``) so
that an effect the deal brings in between (a row bonus, an order's effect) is played inside
the step. The games are short (2 players, ``round_limit=3``, ruling D41: "a short game for a
lesson"), so each lesson ends with the real end-of-game scoring.

Sections quoted are those of the Treehouse Diner rulebook; rulings D19 ... are in
docs/rulings/diner.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import where
from ...lessons.odds import counted_odds
from .actions import ChooseShelf, TakeOrder
from .rules import BEE
from .stages import AssignStep, EndStep, MinutesStep, Phase1Step, at_phone, effect_under_way

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

BOOK = "Treehouse Diner rulebook"
#: The learner plays second, so the last turn of the short game is theirs and the lesson's
#: last move ends the game: the scoring step shows the real end, and no pick at the phone
#: on a bot's last turn is left over after the lesson.
SEAT = 1
#: The lessons' games: short, so that the end-of-game scoring is reached (ruling D41).
ROUNDS = 3


def cite(section: str) -> str:
    """A step's ``rule``: the rulebook by title and section, never a file."""
    return f"{BOOK}, '{section}'"


def joined(items: list[str]) -> str:
    """"a, b and c": the lists the step texts say in a sentence."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# -- reading the position ----------------------------------------------------------------

def space_has(s: DinerState, a: Any, token: str) -> bool:
    return isinstance(a, ChooseShelf) and token in s.space_contents(a.size, a.column)


def in_bag(s: DinerState, token: str) -> str:
    """The odds that one token drawn from the bag is ``token``, counted over the bag. The
    bag's contents follow from what is on the table (everything outside it is public,
    ruling D19), so this is a count the learner can make, not hidden information."""
    bag = [k for k, c in s.bag().items() for _ in range(c)]
    odds = counted_odds(bag, lambda k: k == token)
    return odds.sentence("tokens in the bag", f"{'are bees' if token == BEE else 'are chilis'}")


def turn_no(s: DinerState, seat: int, k: int) -> int:
    """The number of the learner's ``k``-th turn (``state.turn`` counts every turn)."""
    return (k - 1) * s.game.players + seat + 1


def rest_of_turn(k: int) -> Any:
    """``again``: until the learner's ``k``-th turn is over (its end step included). What
    the learner decides on a bot's turn before it (a pick at the phone, a discard) is played
    inside this step too: the turn number, not the seat to move, draws the line."""
    return lambda s, seat, a: s.turn <= turn_no(s, seat, k)


def until_choice(k: int) -> Any:
    """``again``: until the learner has chosen the pantry or the phone in turn ``k``."""
    def again(s: DinerState, seat: int, a: Any) -> bool:
        t = turn_no(s, seat, k)
        return s.turn < t or (s.turn == t and not isinstance(a, (ChooseShelf, TakeOrder)))
    return again


def until_phase2(k: int) -> Any:
    """``again``: until Phase 1 of turn ``k`` is over: minutes to pay, picks at the phone,
    an effect asking the learner go on; a chance event or Phase 2 ends it, and the next
    step (which takes any move too) goes on from there."""
    def again(s: DinerState, seat: int, a: Any) -> bool:
        t = turn_no(s, seat, k)
        return s.turn < t or (s.turn == t and (
            isinstance(s.top, (Phase1Step, MinutesStep)) or at_phone(s)
            or (effect_under_way(s) and s.current_player == seat)))
    return again


ANY = where(lambda s, p, a: True, "make one of your moves")


def winners(s: DinerState, seat: int) -> str:
    """Who won, with the tiebreakers' words when the points tie (Tiebreakers, D17)."""
    g = s.game
    won = s.winners()
    if not won:
        return "The game is not over yet"
    names = ["you" if p == seat else g.player_name(p) for p in won]
    totals = [sc["total"] for sc in s.scores()]
    tied = [p for p, t in enumerate(totals) if t == max(totals)]
    how = (" (equal points: the tiebreakers decided)"
           if len(tied) > 1 else "")
    verb = "share the win" if len(won) > 1 else ("win" if won == [seat] else "wins")
    return f"{joined(names).capitalize()} {verb}{how}"


def stage_words(s: DinerState, seat: int) -> str:
    """What the basic game asks now, in a sentence (the recap inside each step); on a bot's
    turn (a pick at the phone, an effect), whose turn it is first."""
    if s.active is not None and s.active != seat:
        words = _now_words(s, seat)
        return (f"It is {s.game.player_name(s.active)}'s turn, but this is yours to decide. "
                + words)
    return _now_words(s, seat)


def _now_words(s: DinerState, seat: int) -> str:
    t = s.top
    if isinstance(t, Phase1Step):
        return ("Phase 1: go to the pantry (take a shelf space, a minute per token on it) "
                "or to the phone (take an order; everyone takes one in turn).")
    if isinstance(t, MinutesStep):
        return ("Pay the minutes: each moves one of your orders one space right; pushing "
                "one off the 1-minute space is a complaint." + pushed_bees(s, seat))
    if at_phone(s):
        return "At the phone: take an order from the tray and lay it in your kitchen."
    if isinstance(t, AssignStep):
        return ("Phase 2: put every ingredient that fits on an order, then finish: each "
                "completely covered order is delivered.")
    if isinstance(t, EndStep):
        if s.game.chili:
            return ("Phase 2 is over: you may still play Action cards (\"at any time during "
                    "your turn\"), or end your turn.")
        return "Phase 2 is over: announce what you can, or end your turn."
    text = f"Carry out the effect: {s.waiting_for()}."
    if s.game.bees and s.supply(seat).get(BEE):
        text += (" Bees are not ingredients: they are never recycled or discarded (Save the "
                 "Bees).")
    return text


def pushed_bees(s: DinerState, seat: int) -> str:
    """Save the Bees: the warning when the order on the 1-minute space carries bees."""
    first = s.kitchen(seat).get(1)
    if s.game.bees and first and first["bees"]:
        return (f" Careful: {first['name']} carries bees; pushed off, they go to the "
                "compost, not to your beehive.")
    return ""



__all__ = ["ANY", "BOOK", "ROUNDS", "SEAT", "cite", "in_bag", "joined", "pushed_bees",
           "rest_of_turn", "space_has", "stage_words", "turn_no", "until_choice",
           "until_phase2", "winners"]
