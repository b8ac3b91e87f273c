"""Treehouse (pyramids) actions: a roll of the die, a move, a pass.

An action holds only what identifies it (issue 6: "A pyramids Play holds the English
sentence and the resulting arrangement"): a move is its side, the action used, the pieces
picked up and where they go, all as tokens of the arrangement model (``arrangement.Move``).
Its sentence is computed from those tokens by ``arrangement.sentence`` and its result is
looked up in the game's move table when it is applied, so a save never holds prose, a
rewording never breaks a replay, and no field of an action is trusted to say what happens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import RuleError, quote
from ...protocol import Action
from . import data
from .arrangement import FACES, TRIO, sentence, token_problem
from .rules import HOUSE_SIDE, SIDES, TRIO_SIDE

#: The Tree's stack, bottom to top: a Tip of it reads "Tip the Tree ...".
TREE = TRIO[::-1]


@dataclass(frozen=True)
class Roll(Action):
    """Chance: the face of the Treehouse die (each of six at 1/6)."""

    KIND: ClassVar[str] = "roll"
    face: str

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.face not in FACES:
            raise RuleError(f"roll: face must be one of {', '.join(FACES)}, got "
                            f"{quote(self.face)}")

    def __str__(self) -> str:
        return f"Roll {data.FACE_NAMES[self.face]}"


@dataclass(frozen=True)
class Play(Action):
    """A move on your own trio (``side="trio"``) or on the House (``side="house"``):
    ``action`` (tip, aim, hop, dig or swap), the ``pieces`` picked up (bottom to top: the
    first is the one you pick, the others ride on it) and ``dest``, where they go (the
    tokens of ``arrangement.Move``: ``"on:L"``, ``"between:S:M"``, ``"tip-left"`` ...).

    ``str(play)`` is the sentence a child reads ("Hop the Medium, with the Small on it,
    onto the Large"; moves on the House end "in the House"). A malformed token is refused
    here with the field named; a well-formed move that the position does not allow is
    refused by ``apply``, which says which rule forbids it.
    """

    KIND: ClassVar[str] = "play"
    side: str
    action: str
    pieces: str
    dest: str

    def __post_init__(self) -> None:
        super().__post_init__()  # every field is a string (checked from the annotations)
        if self.side not in SIDES:
            raise RuleError(f"play: side must be 'trio' or 'house', got {quote(self.side)}")
        problem = token_problem(self.action, self.pieces, self.dest, TRIO)
        if problem:
            raise RuleError(f"play: {problem}")

    @property
    def piece(self) -> str:
        """The piece picked up (on a board, the first click)."""
        return self.pieces[0]

    def __str__(self) -> str:
        text = sentence(self.action, self.pieces, self.dest, TREE)
        return text if self.side == TRIO_SIDE else text + " in the House"


@dataclass(frozen=True)
class Pass(Action):
    """Leave the House alone when your trio cannot use the roll (rulebook, Additional
    Clarifications: "You can only Pass when you can't do the Action to your own Trio, and
    don't wish to do it to the House")."""

    KIND: ClassVar[str] = "pass"
    TEXT: ClassVar[str] = "Pass (leave the House as it is)"


#: One instance of each roll and of the pass, shared by every state.
ROLLS: dict[str, Roll] = {f: Roll(f) for f in FACES}
PASS = Pass()

__all__ = ["Roll", "Play", "Pass", "ROLLS", "PASS", "TREE", "TRIO_SIDE", "HOUSE_SIDE"]
