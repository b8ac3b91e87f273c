"""The lesson ``magical-scoring``: the Magical Treehouse Rulebook's "Example of Scoring"
replayed, its last moves made by the learner.

Why a fixed position: a lesson may fix its deal only where it replays a rulebook example,
and this one makes every part of the score a move of the learner's, which a dealt game
brings only rarely (a level 5 to build, a pipe that carries a potion to a level 3). The
lesson begins where ``positions.keita_last_builds`` puts Keita (seat 0): the fourth round's
building step, the others done, four cards left in his drawer. He builds a "Potion into
VP" level 3, a level 1 whose familiar gathers a second bat fang, the pipe that brings that
potion to his other level 3, the blue level 5, and finishes; the last step reads the total
against the rulebook's lines. Every figure a step says is the engine's own score
(``state.scores()[seat]``) in the position shown, read from what Keita may see (his own
drawer and objective, the public villages, forest and biscuits).

The cards are the project's stand-ins, so the village is the example's figures, not its
cards (ruling R24, docs/rulings/magical.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import kind, where
from ...lessons.steps import Do, LessonPlan, Read
from .actions import Build, Finish, Pipe, PlaceFamiliar
from .lessons_position import card_of, gains, joined, level5, new_building
from .positions import keita_last_builds
from .render import objective_short
from .rules import objective_measure, single_leader

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

BOOK = "Magical Treehouse Rulebook"
EXAMPLE = "magical/example-of-scoring"
LEVEL3 = "magical/vp-effects-of-level-3-buildings"
LEVEL5 = "magical/vp-effects-of-level-5-buildings"
BUILDING = "magical/3-building-step"

#: The rulebook's figures for Keita ("Example of Scoring"): what the last step checks the
#: engine's score against, line by line.
RULEBOOK = {"buildings": 22, "potions": 6, "level5": 2, "objectives": 3, "biscuits": 1,
            "total": 34}


def _rule(section: str) -> str:
    return f"{BOOK}, '{section}'"


def _score(s: MagicalState, seat: int) -> dict[str, int]:
    """Keita's own row of the engine's score (his objective and the public board)."""
    return s.scores()[seat]


def _level3(s: MagicalState, seat: int, a: Any) -> bool:
    """Build a level 3 "Potion into VP" card on a building of the village."""
    return (isinstance(a, Build) and bool(a.on) and card_of(s, a.card).level == 3
            and card_of(s, a.card).effect.startswith("potion_vp:"))


def _fangs_area(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, PlaceFamiliar) and "fangs" in s.game.forest[a.area].resources


def _pipe_scores(s: MagicalState, seat: int, a: Any) -> bool:
    """Build the pipe card (not move a pipe already built) so that a potion reaches a
    "Potion into VP" card: the potions part of the score goes up."""
    return isinstance(a, Pipe) and gains("potions")(s, seat, a)


LEVEL3_MOVE = where(_level3, "build the red level 3 on your red building")
NEW_MOVE = where(new_building, "build the purple level 1 as a new building")
FANGS_MOVE = where(_fangs_area, "place the familiar on a bat fangs area")
PIPE_MOVE = where(_pipe_scores, "build the pipe that brings a potion to a level 3")
LEVEL5_MOVE = where(level5, "build the blue level 5 on your blue level 4")
FINISH_MOVE = kind(Finish, "finish building")


def _potion_of(s: MagicalState, cid: str) -> str:
    """The colour of potion a "Potion into VP" card (or an Extract Potion card) names."""
    return card_of(s, cid).effect.split(":", 1)[1]


def _keita(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    drawer = joined(list(s.drawer(seat)))
    return (f"Press Next. You are Keita ({s.game.player_name(seat)}) in the rulebook's "
            f"Example of Scoring, last to build in round 4. Your drawer: {drawer}. You have "
            f"{sc['total']} VP; the book's Keita ends on {RULEBOOK['total']}. The cards are "
            "stand-ins (ruling R24).")


def _build3(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    card = next(a.card for a in s.legal_actions(seat) if _level3(s, seat, a))
    below = next(b["cards"][0] for b in s.village(seat) if b["colour"] == card_of(s, card).colour)
    colour = _potion_of(s, card)
    have = s.resources(seat)["shrooms"]
    return (f"Build {card} on your red building. A level 3 \"Potion into VP\" scores 3 VP "
            f"when its building is supplied with its potion: {colour}. Your {below} below "
            f"extracts {colour} potion from 2 light shrooms, and you gather {have}. Your "
            f"potions score {sc['potions']} VP now.")


def _build1(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    return (f"Scored: your red building's top card is worth 5 VP, and it is supplied with "
            f"its potion: potions {sc['potions']} VP, buildings {sc['buildings']} VP. Now "
            "build purple1a as a new building: a level 1 sends a familiar into the forest, "
            "and it extracts purple potion from 2 bat fangs.")


def _familiar(s: MagicalState, seat: int) -> str:
    fangs = s.resources(seat)["fangs"]
    mine, theirs = s.resources(seat)["shrooms"], s.resources(1 - seat)["shrooms"]
    return (f"You gather {fangs} bat fang{'s' if fangs != 1 else ''}. Place the familiar "
            "on a bat fangs area: with 2, purple1a extracts purple potion. (Your light "
            f"shrooms, {mine}, tie {s.game.player_name(1 - seat)}'s {theirs}: your "
            "objective scores nobody.)")


def _pipe(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    fangs = s.resources(seat)["fangs"]
    blue3 = next(c for b in s.village(seat) for c in b["cards"]
                 if card_of(s, c).level == 3 and card_of(s, c).colour == "blue")
    return (f"With {fangs} bat fangs purple1a extracts purple potion, but {blue3}, your "
            "blue building's \"Potion into VP\" for purple, is in another building: potions "
            f"still {sc['potions']} VP. Join purple1a and blue1a with pipe2: joined "
            "buildings share their potions.")


def _level5(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    five = next(a.card for a in s.legal_actions(seat) if level5(s, seat, a))
    pipes = len(s.pipes(seat))
    return (f"The pipe brought purple potion to your blue level 3: potions {sc['potions']} "
            f"VP, 3 + 3 as in the rulebook. Now build {five} on your blue level 4: "
            f"{card_of(s, five).vp} VP on top, and a blue level 5 scores 1 VP per pipe you "
            f"have: {pipes}.")


def _finish(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    tops = " + ".join(str(b["vp"]) for b in s.village(seat))
    return (f"Level 5: {sc['level5']} VP for {len(s.pipes(seat))} pipes. Buildings, from "
            f"the left: {tops} = {sc['buildings']} VP (only each top card counts). Your "
            "blue level 4 could still move a pipe; moving pipe2 would cut the purple "
            "potion off. Finish building: the game ends.")


def _objectives(s: MagicalState, seat: int) -> list[str]:
    """Keita's objectives (the two common tiles and his own), each with the engine's
    verdict: single most scores the tile, a tie or another's lead scores him nothing."""
    g = s.game
    res = [s.resources(p) for p in range(g.players)]
    said = []
    for tile in [t for t in s.common_objectives() if t] + [s.personal_objective(seat)]:
        if not tile:
            continue
        o = g.data.objectives[tile]
        vp = o.tile_vp if g.options.get("objective_values", "tiles") == "tiles" else o.vp
        values = [objective_measure(o.goal, s.villages[p], res[p], s.biscuits()[p], g.cards)
                  for p in range(g.players)]
        leader = single_leader(values)
        if leader == seat:
            verdict = f"your single most ({values[seat]}): {vp} VP"
        elif leader is None:
            verdict = f"tied at {max(values)}: 0 VP"
        else:
            verdict = f"{g.player_name(leader)} has most ({values[leader]}): 0 VP"
        said.append(f"{objective_short(o.goal)}, {verdict}")
    return said


def _total(s: MagicalState, seat: int) -> str:
    sc = _score(s, seat)
    lines = "; ".join(f"{words} {sc[part]} ({RULEBOOK[part]})" for part, words in
                      (("buildings", "buildings"), ("potions", "potions"), ("level5", "level 5")))
    return (f"Keita's score, the engine's (the rulebook's): {lines}; objectives "
            f"{sc['objectives']} ({RULEBOOK['objectives']}): {'; '.join(_objectives(s, seat))}; "
            f"{s.biscuits()[seat]} biscuits {sc['biscuits']} ({RULEBOOK['biscuits']}). Total "
            f"{sc['total']} VP ({RULEBOOK['total']}).")


SCORING = LessonPlan(
    id="magical-scoring",
    title="Magical Treehouse: scoring a village",
    game="magical",
    options={"players": 3},
    bot="magical-builder",
    seat=0,
    minutes=6,
    summary="Replay the rulebook's Example of Scoring: as Keita, build a level 3 that turns "
            "a potion into VP, gather the resource for a second potion, pipe it to a level "
            "3, build the blue level 5, and check the total, 34 VP, against the rulebook.",
    start=keita_last_builds,
    steps=(
        Read("Keita's village", _keita, rule=_rule("Example of Scoring"), rule_id=EXAMPLE),
        Do("A level 3 makes VP", _build3, LEVEL3_MOVE,
           hint="Click red3b in your drawer, then your red building (red1b).",
           rule=_rule("VP Effects of Level 3 Buildings"), rule_id=LEVEL3,
           teaches=(EXAMPLE,)),
        Do("A new level 1", _build1, NEW_MOVE,
           hint="Click purple1a in your drawer, then the free place in your village.",
           rule=_rule("3. Building Step"), rule_id=BUILDING, teaches=(EXAMPLE,)),
        Do("A second bat fang", _familiar, FANGS_MOVE,
           hint="Click a spotlit forest area: it shows a bat fang.",
           rule=_rule("VP Effects of Level 3 Buildings"), rule_id=LEVEL3,
           teaches=(BUILDING, EXAMPLE)),
        Do("A pipe carries the potion", _pipe, PIPE_MOVE,
           hint="Click pipe2 in your drawer, then purple1a and blue1a.",
           rule=_rule("VP Effects of Level 3 Buildings"), rule_id=LEVEL3,
           teaches=(EXAMPLE,)),
        Do("The blue level 5", _level5, LEVEL5_MOVE,
           hint="Click blue5a in your drawer, then your blue building (blue1a).",
           rule=_rule("VP Effects of Level 5 Buildings"), rule_id=LEVEL5,
           teaches=(EXAMPLE,)),
        Do("Finish building", _finish, FINISH_MOVE,
           hint="Click Finish building: leave the pipes as they are.",
           rule=_rule("3. Building Step"), rule_id=BUILDING, teaches=(EXAMPLE,)),
        Read("Keita's 34 VP", _total, rule=_rule("Example of Scoring"), rule_id=EXAMPLE,
             teaches=("magical/vp-from-objective-tiles", "magical/4-scoring")),
    ),
)

__all__ = ["RULEBOOK", "SCORING"]
