"""The Magical Treehouse lesson's last building turn: after round 1 (the first round's
steps are in lessons.py, which lists every step) the teaching bot plays the learner up to
the building turn of round 4, where the village is big enough for pipes, potions, level 5
and the objectives to matter; then the end and the scores.

Why apart: the lesson's first round teaches the draft and the first builds; this turn
teaches what a village scores, one idea with its own texts. The texts follow the same
branch as the spotlight (``which``) and read only what the learner can see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from .actions import (
    Pipe,
)
from .lessons_position import (
    ANY,
    card_of,
    gains,
    joined,
    level5,
    own_total,
    pipe_gain,
    pipe_in_drawer,
)
from .render_shapes import RES_NAME
from .stages import Building

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState


def _pipe_building(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, Pipe)


PIPES = first_of(where(pipe_gain, "build or move a pipe that brings a potion to a "
                                   "Potion into VP building"),
                 kind(Pipe, "join two of your buildings with a pipe"),
                 where(gains("potions"), "make a move that scores a potion"),
                 ANY)


def pipes_text(s: MagicalState, seat: int) -> str:
    head = ("Potions: a level 1 makes its colour's potion once your familiars gather 2 of "
            "its resource; a level 3 \"Potion into VP\" scores 3 VP when supplied with its "
            "potion. A pipe joins two buildings, which then share their potions. ")
    branch = which(PIPES, s, seat)
    if branch == 0:
        return head + "Build the spotlit pipe: it brings a potion where it scores."
    if branch == 1:
        return head + ("Build your pipe between two buildings: later, a level 3 on one "
                       "gets the other's potion.")
    if branch == 2:
        return head + "A move of yours scores a potion: make it."
    if pipe_in_drawer(s, seat):
        return head + "A pipe needs two buildings: build your other card first."
    return head + "You kept no pipe: make any of your moves."


def pipe_again(s: MagicalState, seat: int, a: Any) -> bool:
    """Stay on the pipe step while the pipe waits in the drawer for a second building
    (the learner builds the other cards first), in the learner's building turn."""
    return (not isinstance(a, Pipe) and isinstance(s.top, Building) and pipe_in_drawer(s, seat)
            and seat in s.actors())


def pipe_rule(s: MagicalState, seat: int) -> str:
    """The pipe step's Rules entry: the potions' section where the move built is a pipe
    (what that section's notes are about) or scores a potion, else the building step."""
    if which(PIPES, s, seat) < 3:
        return LEVEL3
    return "magical/3-building-step"


def round4(s: MagicalState, seat: int) -> bool:
    """The learner's building turn in the last round: where potions, level 5 and the
    objectives have a village to score."""
    return isinstance(s.top, Building) and s.round == 4


def later_text(s: MagicalState, seat: int) -> str:
    return ("That is round 1. Each round deals all the cards again (1. Preparations Step) "
            "and plays a planning and a building step; villages and familiars stay. Press "
            "Next: the teaching bot plays for you up to your building turn in round 4.")


def village_text(before: MagicalState, after: MagicalState, seat: int) -> str:
    v = after.village(seat)
    tops = joined([("face down" if not b["colour"] else f"{b['colour']} level {b['level']}")
                 for b in v]) or "nothing"
    res = after.resources(seat)
    have = joined([f"{k} {RES_NAME[r]}" for r, k in res.items() if k]) or "no resources"
    return (f"Round {after.round}, your building turn. Your village: {tops}; your familiars gather "
            f"{have}. Your score so far is {own_total(after, seat)} VP.")


POTIONS = first_of(where(gains("potions"), "make a move that scores a potion"),
                   where(gains("total"), "make a move that raises your score"), ANY)


def potions_text(s: MagicalState, seat: int) -> str:
    pot = s.scores()[seat]["potions"]
    head = (f"Your potions score {pot} VP now: 3 VP for each Potion into VP building "
            "supplied with its potion, by its own level 1 or through pipes; never more, "
            "however many potions reach it. ")
    branch = which(POTIONS, s, seat)
    if branch == 0:
        return head + "A move of yours scores a potion now: make it (spotlit)."
    if branch == 1:
        return head + "No move scores a potion now: make one that raises your score."
    return head + "No move raises your score now: make any of your moves."


def potion_rule(s: MagicalState, seat: int) -> str:
    """The potions step's Rules entry: the potions' section where a move scores one."""
    return LEVEL3 if which(POTIONS, s, seat) == 0 else "magical/4-scoring"


LAST = first_of(where(level5, "build a level 5"),
                where(gains("total"), "make a move that raises your score"), ANY)


def last_text(s: MagicalState, seat: int) -> str:
    from .render import objective_text

    tiles = [t for t in s.common_objectives() if t] + [s.personal_objective(seat)]
    head = ("Objectives pay a single leader only; a tie pays nobody. Yours: "
            f"{joined([objective_text(s, t) for t in tiles if t])}. ")
    branch = which(LAST, s, seat)
    if branch == 0:
        fives = sorted({a.card for a in s.legal_actions(seat) if level5(s, seat, a)})
        five = fives[0]
        more = f" (or {joined(fives[1:3])})" if len(fives) > 1 else ""
        return head + (f"Build a level 5: {five}{more} scores {card_of(s, five).vp} VP plus "
                       f"{card_of(s, five).power.text}.")
    if branch == 1:
        return head + "Make a move that raises your score (the spotlit ones)."
    return head + "No move raises your score now: make any of your moves."


def last_rule(s: MagicalState, seat: int) -> str:
    """The level 5 step's Rules entry: the level 5 section where a level 5 is buildable
    (the branch that teaches it), else the objectives the step tells."""
    return LEVEL5 if which(LAST, s, seat) == 0 else "magical/vp-from-objective-tiles"


def finish_text(s: MagicalState, seat: int) -> str:
    return ("Press Next: the teaching bot finishes your turn, the others build, and after "
            "the fourth round the game is over (3. Building Step).")


def scores_text(s: MagicalState, seat: int) -> str:
    g = s.game
    me = s.scores()[seat]
    winner = g.player_name(s.winners()[0]) if s.is_terminal() else "nobody yet"
    rows = "; ".join(f"{g.player_name(p)} {sc['total']} VP, {s.biscuits()[p]} biscuits"
                     for p, sc in enumerate(s.scores()))
    return (f"Scoring: your buildings' top cards {me['buildings']}, potions {me['potions']}, "
            f"level 5s {me['level5']}, objectives {me['objectives']}, biscuits (1 VP per 3) "
            f"{me['biscuits']}: {me['total']} VP. Everyone: {rows}. Most VP wins; a tie goes "
            f"to more biscuits, then to the youngest. Winner: {winner}.")


def never(s: MagicalState, seat: int) -> bool:
    return False


LEVEL3 = "magical/vp-effects-of-level-3-buildings"
LEVEL5 = "magical/vp-effects-of-level-5-buildings"
