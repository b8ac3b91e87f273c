"""Treehouse (pyramids) lessons: the rules taught on a live game, as data.

The lesson ``treehouse`` plays 2 players, the learner against ``pyramids-solo`` (the game's
teaching bot, bots.py: it plays every roll as the exact solitaire solver says). The die
decides what the learner may do, so every step that waits for a move branches on the roll:
its text explains the face that came up (the rulebook's section for that action, quoted),
where it may be used (your trio, else the House or a pass, Wild either), and spotlights a
winning move whenever the roll offers one. Before a roll that matters the lesson shows the
exact odds of each face from the engine's own chance node (Treehouse hides nothing, so
they are what the learner can count).

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
from .data import CANNOT, FACE_NAMES, RULE_TEXT

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState

BOOK = "Treehouse Rulebook"
SEAT = 0
TURN_OPTIONS = f"{BOOK}, 'Turn Options'"

#: What each face does, in student words with the rulebook's own line (Turn Options and
#: the action's section; the rulings where the rulebook leaves it to its pictures).
FACE_TEXT = {
    "tip": ("Tip knocks over an upright piece or a whole stack (\"TIP: Knock over a stack "
            "or an upright piece\"). A tipped stack falls apart into lying pieces side by "
            "side, all pointing the way it fell. You cannot tip just one piece of a stack, "
            "nor tip a lying piece back up (Tip)."),
    "aim": ("Aim turns a piece that is alone to point another way: left, up or right "
            "(\"AIM: Reorient a solitary piece\"). In a stack only the top piece can be "
            "aimed, and it comes off to lie beside the stack (Aim, and the project's "
            "ruling)."),
    "hop": ("Hop: an upright piece jumps and lands upright, in any other gap of the line "
            "or on top of another piece, carrying whatever sits on it (\"HOP: An upright "
            "piece jumps up, then lands upright\"). It cannot hop in place, and a lying "
            "piece cannot hop (Hop). Landing on a lying piece stands that piece up "
            "underneath (ruling R20)."),
    "dig": ("Dig: a lying piece tunnels the way it points and comes up standing (\"DIG: A "
            "lying down piece tunnels down, moving in the direction in which it points, "
            "and surfaces upright\"): in place, in a gap ahead, at the end of the line, or "
            "under one piece ahead, which then sits on top of it. Never backwards (Dig)."),
    "swap": ("Swap: two single pieces trade places (\"SWAP: Any two of your pieces switch "
             "positions\"). Each keeps its way, standing or lying, except that a lying "
             "piece moving into a stack stands up. You cannot swap a piece with a whole "
             "stack (Swap)."),
    "wild": ("Wild: any of the five actions, Tip, Aim, Hop, Dig or Swap, on your trio or "
             "on the House, your choice (\"WILD: You or the House\"). Only a Wild lets you "
             "Swap the House."),
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
    """What the roll lets the learner do, the rule behind it, and how to click it."""
    face = s.rolled or "wild"
    name = FACE_NAMES[face]
    head = f"You rolled {name}. {FACE_TEXT[face]} "
    if which(TURN, s, seat) == 0:
        return head + ("And look: one of your moves makes your trio match the House "
                       "exactly. That wins the game (Goal). The winning move is spotlit: "
                       "make it!")
    where = _where(s)
    if where == "trio":
        return head + ("Your trio can use it, so you must (How to Play: \"If you can use "
                       "the action on your trio, you must\").")
    if where == "house":
        return head + (f"Your trio cannot use it: {CANNOT[face]}. Then \"you may do the "
                       "action to the House, or pass\" (How to Play): the only time you "
                       "may pass, and never by changing another player's trio (Additional "
                       "Clarifications). Change the House, or click Pass; careful, if the "
                       "House ends up equal to the other trio, that player wins.")
    return head + "Choose any move on your trio or on the House."


def _face_rule(s: PyramidsState, seat: int) -> str:
    """The Rules panel entry of the face rolled: its section (Tip, Aim, Hop, Dig, Swap);
    a Wild, which has none of its own, opens Turn Options, which lists it."""
    face = s.rolled
    return f"pyramids/{face}" if face and face != "wild" else "pyramids/turn-options"


def _turn_step(title: str, aside: str, rule: str, rule_id: str) -> Do:
    """A step that waits for the learner to use the roll: the roll's text, then the
    step's own point (``aside``), told whatever was rolled. Its Rules panel opens at the
    face rolled (the rule the move uses); the step's own section (``rule_id``) is taught
    too, so it stays in ``teaches`` for the coverage."""
    def text(s: PyramidsState, seat: int) -> str:
        return f"{aside} {_roll_text(s, seat)}"

    def hint(s: PyramidsState, seat: int) -> str:
        if which(TURN, s, seat) == 0:
            return "One move makes your pieces match the House: click the spotlit piece."
        if _where(s) == "house":
            return (f"Your trio cannot use {_face(s)}: click a glowing piece of the House, "
                    "or Pass.")
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
    text = ("Press Next to roll. You race a bot: your pyramids must match the grey "
            "House (Goal). The die picks your action. ")
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
    text = (f"Before your roll. Your trio is {s.trio(seat)} and the House is {s.house} "
            "(written left to right; an arrow shows a lying piece and the way it points). "
            "Which faces would let you match the House this turn? Each face is as likely: "
            f"{odds.sentence('faces of the die', 'can let you match it now')}")
    if odds.favourable:
        text += f" ({_names(s, lambda a: _can_match(s, seat, a))})."
    else:
        text += ": you are at least two moves away, whatever you roll."
    return text + " Press Next to roll."


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
    return now + ("You win when your pieces and the House match exactly, by a move on your "
                  "own trio or on the House (Goal). A move on the House can make another "
                  "player's trio match: then that player wins, even on your turn. Ties: "
                  "\"If more than one player matches the House at once, the player who "
                  "caused the win is the winner. If one causes multiple others to win "
                  "without winning themselves, it's just a tie.\" You can never touch "
                  "another player's trio (Additional Clarifications). That is the whole "
                  "game: play a full one!")


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
                       "Your roll decides what you may do. The die's six actions (Turn "
                       f"Options): {' '.join(RULE_TEXT[f] for f in FACES)} {CLICK}",
                       TURN_OPTIONS, "pyramids/turn-options"),
            _turn_step("Standing and lying pieces",
                       "Pieces stand upright or lie on their side pointing left or right. "
                       "\"Stacked pieces are always kept upright. Lying down pieces can "
                       "never be nested\" (Arranging Your Trio).",
                       f"{BOOK}, 'Arranging Your Trio'", "pyramids/arranging-your-trio"),
            _turn_step("Nesting",
                       "Upright pieces nest: a stack is read from the bottom up, so LMS "
                       "is the Tree. A piece moved into the line can go between two "
                       "others; the line closes up again after your turn (Arranging Your "
                       "Trio).",
                       TURN_OPTIONS, "pyramids/turn-options"),
            _turn_step("Your trio first, then the House",
                       "The House belongs to everybody. You may change it only when your "
                       "own trio cannot take the roll, or on a Wild; a Swap never goes to "
                       "the House except on a Wild (How to Play, Swap).",
                       f"{BOOK}, 'How to Play'", "pyramids/how-to-play"),
            Read("Your chances to match", _chances, pause=_my_roll, then=_matched,
                 rule=f"{BOOK}, 'Goal'", rule_id="pyramids/goal"),
            _turn_step("Match the House",
                       "Aim for the House: every move should bring your trio closer to it.",
                       f"{BOOK}, 'Goal'", "pyramids/goal"),
            _turn_step("Keep racing",
                       "The bot races for the House too; if you cannot get closer, at "
                       "least do not hand it a match through the House.",
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
