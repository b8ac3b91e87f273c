"""Treehouse (pyramids): what a player sees. Everything is on the table, so the game
declares no zones (``PyramidsGame.ZONES = None``): ``hidden_from`` is empty and a
determinized state is the state itself (core/zones.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState


def observation(s: PyramidsState, player: int) -> dict:
    """The whole position in the save's words, plus who is looking and who matches the
    House (core adds ``"seen"``, the save itself)."""
    return {
        "trios": [str(t) for t in s.trios],
        "house": str(s.house),
        "to_move": s.to_move,
        "rolled": s.rolled,
        "rerolled": s.rerolled,
        "winners": s.winners(),
        "rolls": s.rolls,
        "roll_limit": s.game.roll_limit,
        "player": player,
        "matches": [s.matches(p) for p in range(s.game.players)],
    }


__all__ = ["observation"]
