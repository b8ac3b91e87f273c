"""The Treehouse die and the rulebook's own words for each action.

Kept as data (not sprinkled through the rules) so that ``explain``, ``why_illegal``, the
renderer and the notebook all quote the same sentences.
"""

from __future__ import annotations

from fractions import Fraction

from .arrangement import FACES

#: Each face of the Treehouse die comes up with chance 1/6 (rulings: Turn).
FACE_PROBABILITY = Fraction(1, len(FACES))

#: What the die face is called in sentences.
FACE_NAMES = {f: f.capitalize() for f in FACES}

#: The rulebook, "Turn Options": one line per action, quoted.
RULE_TEXT = {
    "tip": "TIP: Knock over a stack or an upright piece.",
    "aim": "AIM: Reorient a solitary piece (pointing left, right, or up).",
    "hop": "HOP: An upright piece jumps up, then lands upright.",
    "dig": "DIG: A lying down piece tunnels down, moving in the direction in which it "
           "points, and surfaces upright.",
    "swap": "SWAP: Any two of your pieces switch positions.",
    "wild": "WILD: You or the House. Perform any action on either the House or your own trio.",
}

#: Why an action may be impossible on a trio, as the rulebook says it.
CANNOT = {
    "tip": "every piece is lying down (\"You can only Tip an upright piece (or a stack)\")",
    "aim": "no piece stands alone (\"You cannot Aim just one piece in a stack\")",
    "hop": "every piece is lying down (\"You cannot Hop a lying down piece\")",
    "dig": "no piece is lying down (\"Digging always starts with a lying down piece\")",
    "swap": "it has fewer than two pieces",
    "wild": "no action can change it",
}

#: Why an action is possible on a trio, for "you must use it on your trio".
CAN = {
    "tip": "has an upright piece",
    "aim": "has a piece that can be aimed",
    "hop": "has an upright piece that can hop",
    "dig": "has a lying piece",
    "swap": "can always swap two pieces",
    "wild": "can always be changed",
}

HOW_TO_PLAY = "rulebook, How to Play"
MUST = "\"If you can use the action on your trio, you must.\""
MAY_HOUSE = ("\"If you cannot do it to your own pieces, you may do the action to the House, "
             "or pass.\"")
REROLL = "\"If you cannot use the action in either place, then you roll again.\""
NO_HOUSE_SWAP = "\"You can ONLY Swap the House if you roll a Wild.\" (rulebook, Swap)"
PASS_RULE = ("\"You can only Pass when you can't do the Action to your own Trio, and don't "
             "wish to do it to the House.\" (rulebook, Additional Clarifications)")
