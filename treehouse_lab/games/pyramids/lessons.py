"""Treehouse (pyramids) lessons: the rules taught on a live game, as data.

The lesson ``treehouse`` plays 2 players, the learner against ``pyramids-solo`` (the game's
teaching bot, bots.py: it plays every roll as the exact solitaire solver says). The die
decides what the learner may do, so every step that waits for a move branches on the roll:
its text says first where the face that came up may be used (your trio, else the House or a
pass, Wild either), then what the face does in one sentence (its Rules panel opens at that
face's section, with the rulebook's words), and spotlights a winning move whenever the roll
offers one. Each step's text stays a few sentences (tests/lessons/test_lesson_texts.py).
Before a roll that matters the lesson shows the exact odds of each face from the engine's
own chance node (Treehouse hides nothing, so they are what the learner can count).

Why ``rematch=True``: against the solver a game lasts only two to four turns each (a Tree
swapped twice is a Tree again), far shorter than a ten-minute lesson; when a game ends, a
new one begins, set up as before, and the lesson goes on in it.

Sections quoted are those of the Treehouse Rulebook; the project's rulings (R1, R2, ...)
are in docs/rulings/pyramids.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, where, which
from ...lessons.odds import chance_odds
from ...lessons.steps import Do, LessonPlan, Read, Teaches
from .actions import Play, Roll
from .arrangement import FACES
from .data import CANNOT, FACE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState

BOOK = "Treehouse Rulebook"
SEAT = 0
TURN_OPTIONS = f"{BOOK}, 'Turn Options'"

#: What each face does, in one short sentence of student words: the step's Rules panel opens
#: at the face's own section (Tip, Aim, Hop, Dig, Swap; a Wild, Turn Options), which quotes
#: the rulebook and gives the details a first move does not need.
FACE_TEXT = {
    "tip": "Tip knocks over an upright piece or a whole stack.",
    "aim": "Aim turns a single piece to point left, up or right.",
    "hop": "Hop: an upright piece jumps elsewhere and lands upright.",
    "dig": "Dig: a lying piece tunnels the way it points and stands up.",
    "swap": "Swap: two single pieces trade places.",
    "wild": "Wild: any of the five actions; only a Wild can Swap the House.",
}

CLICK = ("Click a glowing piece, then one of its glowing destinations: a + in a gap, an "
         "arrow to tip or aim, a down arrow to land on a piece, an up arrow to dig under "
         "one, the swap sign to swap.")


# -- reading the position ----------------------------------------------------------------

def _face(s: PyramidsState) -> str:
    return FACE_NAMES[s.rolled] if s.rolled else "nothing yet"


def _wins(s: PyramidsState, seat: int, a: Any) -> bool:
    """The move makes the learner match the House (Goal): the mover then wins alone."""
    return isinstance(a, Play) and seat in s.winners_if(a)


def _where(s: PyramidsState) -> str:
    options = s.turn_options()
    return options.where if options is not None else "reroll"


def _use_words(s: PyramidsState, seat: int) -> str:
    where = _where(s)
    if where == "house":
        return f"use your {_face(s)} on the House, or pass"
    if where == "either":
        return "use your Wild on your trio or on the House"
    return f"use your {_face(s)} on your own trio"


WIN = where(_wins, "make the move that matches the House (the spotlit one)")
USE = where(lambda _s, _p, _a: True, _use_words)
#: Every roll: a winning move if the roll offers one, else the roll used as the rules say.
TURN = first_of(WIN, USE)


def _roll_text(s: PyramidsState, seat: int) -> str:
    """What the roll lets the learner do now and why, then what the face does (its
    details are in the Rules panel, which the step opens at the face rolled)."""
    face = s.rolled or "wild"
    head = f"You rolled {FACE_NAMES[face]}. "
    if which(TURN, s, seat) == 0:
        do = ("Make the spotlit move: it makes your trio match the House exactly, and "
              "that wins (Goal).")
    elif _where(s) == "trio":
        do = "Use it on your trio: if your trio can take the roll, it must (How to Play)."
    elif _where(s) == "house":
        # CANNOT's reason without its rulebook quote, which the Rules panel shows.
        why = CANNOT[face].split(" (")[0]
        do = (f"Your trio cannot use it: {why}. So change the House, or click Pass (How "
              "to Play).")
    else:
        do = "Choose any move, on your trio or on the House."
    return f"{head}{do} {FACE_TEXT[face]}"


def _face_rule(s: PyramidsState, seat: int) -> str:
    """The Rules panel entry of the face rolled: its section (Tip, Aim, Hop, Dig, Swap);
    a Wild, which has none of its own, opens Turn Options, which lists it."""
    face = s.rolled
    return f"pyramids/{face}" if face and face != "wild" else "pyramids/turn-options"


def _turn_step(title: str, aside: str, rule: str, rule_id: str) -> Do:
    """A step that waits for the learner to use the roll: the roll's text (what to do
    now first), then the step's own point (``aside``), told whatever was rolled. Its Rules
    panel opens at the face rolled (the rule the move uses); the step's own section
    (``rule_id``) is taught too, so it stays in ``teaches`` for the coverage."""
    def text(s: PyramidsState, seat: int) -> str:
        return f"{_roll_text(s, seat)} {aside}"

    def hint(s: PyramidsState, seat: int) -> str:
        if which(TURN, s, seat) == 0:
            return "One move makes your pieces match the House: click the spotlit piece."
        if _where(s) == "house":
            return (f"Your trio cannot use {_face(s)}: click a glowing piece of the House, "
                    "or Pass. Careful: if the House then matches the bot's trio, the bot "
                    "wins.")
        return f"Only a {_face(s)} move is allowed now. {CLICK}"

    return Do(title, text, TURN, hint=hint, rule=rule, rule_id=_face_rule,
              teaches=(rule_id, *BY_ROLL))


#: What a roll step's move teaches besides its own point: the die picks the action, so the
#: move teaches the section of the face rolled (a Wild, that of the action chosen); when the
#: trio cannot take the roll, the choice between the House and Pass (Additional
#: Clarifications, said in ``_roll_text``). Each comes up in many deals of the lesson: over
#: 60 deals, each face in 30 to 53 of them, the House-or-Pass choice in 26.
BY_ROLL = (*(Teaches(f"pyramids/{f}", f"the die shows {FACE_NAMES[f]} (or Wild, used to "
                                      f"{FACE_NAMES[f]})") for f in FACES if f != "wild"),
           Teaches("pyramids/additional-clarifications",
                   "your trio cannot take the roll: the House, or Pass"))


def _my_roll(s: PyramidsState, seat: int) -> bool:
    """Pause before the learner's own roll (How to Play: "On your turn, roll the die")."""
    return s.is_chance_node() and s.to_move == seat


def _outcome(s: PyramidsState, roll: Any) -> str:
    """Where a face can be used at this roll: 'trio', 'house', 'either' or 'reroll'."""
    after = s.child(roll)
    return "reroll" if after.is_chance_node() else _where(after)


def _names(s: PyramidsState, test: Any) -> str:
    faces = [FACE_NAMES[a.face] for a, _ in s.chance_outcomes() if test(a)]
    return ", ".join(faces[:-1]) + " and " + faces[-1] if len(faces) > 1 else "".join(faces)


def _setup(s: PyramidsState, seat: int) -> str:
    # Short (a first step): what the pieces are, what each face does and when the House
    # may be used are told at the roll steps, and in the Rules panel.
    # The board draws the House first, on the left, in grey; the learner's trio next to it.
    text = ("Press Next to roll. Make your pieces (middle) match the grey House (left) "
            "before the bot does. The die picks your action. ")
    trio = chance_odds(s, lambda a: _outcome(s, a) in ("trio", "either"))
    text += f"{trio.sentence('faces', 'can change your trio')}."
    house = chance_odds(s, lambda a: _outcome(s, a) == "house")
    if house.favourable:
        text += (f" {house.sentence('faces', 'can change only the House')} "
                 f"({_names(s, lambda a: _outcome(s, a) == 'house')}).")
    vain = chance_odds(s, lambda a: _outcome(s, a) == "reroll")
    if vain.favourable:
        text += (f" {vain.sentence('faces', 'can change nothing')}"
                 f" ({_names(s, lambda a: _outcome(s, a) == 'reroll')}), and you reroll.")
    return text


def _rolled(before: PyramidsState, after: PyramidsState, seat: int) -> str:
    if after.is_chance_node() and after.rerolled:
        name = FACE_NAMES[after.rerolled]
        return f"You rolled {name}: it can change neither your trio nor the House, so you " \
               "roll again."
    if after.rolled:
        return f"You rolled {FACE_NAMES[after.rolled]}."
    return ""


def _can_match(s: PyramidsState, seat: int, roll: Roll) -> bool:
    after = s.child(roll)
    return not after.is_chance_node() and any(
        _wins(after, seat, a) for a in after.legal_actions(seat))


def _chances(s: PyramidsState, seat: int) -> str:
    odds = chance_odds(s, lambda a: _can_match(s, seat, a))
    text = (f"Press Next to roll. Your trio is {s.trio(seat)}, the House {s.house} (left "
            "to right; an arrow is a lying piece, pointing that way). Each face is as "
            f"likely: {odds.sentence('faces of the die', 'can let you match it now')}")
    if odds.favourable:
        return text + f" ({_names(s, lambda a: _can_match(s, seat, a))})."
    return text + ": you are two moves away or more."


def _matched(before: PyramidsState, after: PyramidsState, seat: int) -> str:
    said = _rolled(before, after, seat)
    if after.rolled and not after.is_chance_node():
        can = which(TURN, after, seat) == 0
        said += " It lets you match the House!" if can else " It cannot match the House."
    return said


def _end(s: PyramidsState, seat: int) -> str:
    g = s.game
    if s.is_terminal():
        won = s.winners()
        who = "You" if won == [seat] else " and ".join(g.player_name(p) for p in won)
        now = f"This game is over: {who} matched the House. "
    else:
        now = (f"This game is still going: your trio is {s.trio(seat)}, the House is "
               f"{s.house}. ")
    return now + ("You win when your trio matches the House exactly, by a move on your "
                  "trio or the House. If a House move makes only another trio match, that "
                  "player wins, even on your turn; if yours matches too, you win (Goal).")


LESSONS = (
    LessonPlan(
        id="treehouse",
        title="Treehouse: your first games",
        game="pyramids",
        options={"players": 2},
        bot="pyramids-solo",
        seat=SEAT,
        minutes=10,
        rematch=True,
        summary="Roll the action die, Tip, Aim, Hop, Dig or Swap your pyramids, use the "
                "House when your trio cannot, and race a bot to match the House.",
        steps=(
            Read("Your trio and the House", _setup, pause=_my_roll, then=_rolled,
                 rule=f"{BOOK}, 'Setup' and 'How to Play'", rule_id="pyramids/setup"),
            _turn_step("Use your roll",
                       "The die picks your action: click a glowing piece, then the glowing "
                       "mark where it goes.",
                       TURN_OPTIONS, "pyramids/turn-options"),
            _turn_step("Standing and lying pieces",
                       "Pieces stand upright or lie pointing left or right; only upright "
                       "pieces stack (Arranging Your Trio).",
                       f"{BOOK}, 'Arranging Your Trio'", "pyramids/arranging-your-trio"),
            _turn_step("Nesting",
                       "A stack reads from the bottom up: LMS is the Tree. A piece may "
                       "move in between two others (Arranging Your Trio).",
                       TURN_OPTIONS, "pyramids/turn-options"),
            _turn_step("Your trio first, then the House",
                       "The House belongs to everybody: you may change it only when your "
                       "trio cannot take the roll, or on a Wild (How to Play).",
                       f"{BOOK}, 'How to Play'", "pyramids/how-to-play"),
            Read("Your chances to match", _chances, pause=_my_roll, then=_matched,
                 rule=f"{BOOK}, 'Goal'", rule_id="pyramids/goal"),
            _turn_step("Match the House",
                       "Aim for the House: let every move bring your trio closer to it.",
                       f"{BOOK}, 'Goal'", "pyramids/goal"),
            _turn_step("Keep racing",
                       "The bot races too: if you cannot get closer, do not hand it a "
                       "match through the House.",
                       TURN_OPTIONS, "pyramids/turn-options"),
            _turn_step("Another roll",
                       "Each face comes up 1 time in 6, whatever came before.",
                       TURN_OPTIONS, "pyramids/turn-options"),
            _turn_step("Your last roll in the lesson",
                       "One more roll.",
                       TURN_OPTIONS, "pyramids/turn-options"),
            Read("Winning and ties", _end, rule=f"{BOOK}, 'Goal'", rule_id="pyramids/goal",
                 teaches=("pyramids/additional-clarifications",)),
        ),
    ),
)


__all__ = ["LESSONS"]
