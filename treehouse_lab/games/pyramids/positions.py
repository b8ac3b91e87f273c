"""Treehouse (pyramids) teaching positions: ``game.position(...)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .arrangement import Arrangement

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyramidsGame
    from .state import PyramidsState


def position(g: PyramidsGame, trios: Sequence[Arrangement | str] | None = None,
             house: Arrangement | str | None = None, to_move: int = 0,
             rolled: str | None = None) -> PyramidsState:
    """A position for teaching: ``game.position(trios=["L> S M", "LMS"], house="<S LM",
    to_move=0, rolled="dig")``. Missing trios are Trees, a missing House is the start.
    Validated like a save (a roll that neither side can use is refused: it would have
    been rolled again)."""
    if trios is None:
        trios = [g.tree] * g.players
    return g.state_from_json({  # type: ignore[return-value]
        "trios": [str(t) for t in trios],
        "house": str(g.house_start if house is None else house),
        "to_move": to_move,
        "rolled": rolled,
        "rerolled": None,
        "winners": [],
        "rolls": 0 if rolled is None else 1,
    })


__all__ = ["position"]
