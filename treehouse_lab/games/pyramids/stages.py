"""Treehouse (pyramids): a turn is a roll of the die, then a move (or a pass).

Two stages, both without fields: whether the die is waiting is read off the state (no face
rolled yet), so :func:`stages_from` rebuilds the stack from the saved fields, for a new game,
at the end of every turn and when a save is loaded, and the save never holds it. A roll that
can change neither the trio nor the House leaves the roll stage where it is: the same player
rolls again (rulebook, How to Play; ruling R8).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ...core.stages import Stage, StageTable
from ...protocol import Action
from . import data
from .actions import Pass, Play

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState

STAGES = StageTable("pyramids")


@STAGES.stage
@dataclass(frozen=True)
class RollStage(Stage):
    """Rulebook, How to Play: "On your turn, roll the die": six faces at 1/6."""

    NAME = "roll"
    CHANCE = True

    def outcomes(self, s: PyramidsState) -> list[tuple[Action, Fraction]]:
        return s.game.roll_outcomes.copy()

    def drawn(self, s: PyramidsState, action: Any) -> bool:
        return id(action) in s.game.roll_ids

    def label(self, s: PyramidsState) -> str:
        return f"{s.game.player_name(s.to_move)} rolls the die"


@STAGES.stage
@dataclass(frozen=True)
class MoveStage(Stage):
    """The roll is used: a move on the trio or the House, or a pass where the turn rule
    allows one (rules.turn_rule). The stage stays for the next player, under their roll:
    the Play and Pass kinds push the roll on top of it, or pop it once someone has won."""

    NAME = "move"
    OFFERS = (Play, Pass)

    def actors(self, s: PyramidsState) -> Sequence[int]:
        return (s.to_move,)

    def legal(self, s: PyramidsState, seat: int) -> list[Action]:
        # The moves of the Play and Pass kinds in OFFERS order, as the game's decision
        # table lists them once per (trio, House, face): no list is built per turn.
        return s.decision()[0]  # type: ignore[return-value]

    def label(self, s: PyramidsState) -> str:
        face = data.FACE_NAMES[s.rolled] if s.rolled else "?"
        return f"{s.game.player_name(s.to_move)} uses the roll, {face}"


ROLL, MOVE = RollStage(), MoveStage()


def stages_from(s: PyramidsState) -> tuple[Stage, ...]:
    """The stages left in the turn ``s`` is in, next first; () once someone has won, or
    once the last roll the limit allows has been used (or was vain) without a match (R18)."""
    if s.won or (s.rolled is None and s.rolls >= s.game.roll_limit):
        return ()
    return (ROLL, MOVE) if s.rolled is None else (MOVE,)


__all__ = ["MOVE", "ROLL", "STAGES", "MoveStage", "RollStage", "stages_from"]
