"""The end's scores in words, one row a player: the same idea in every game's last step.

Why here: each game's scoring step lists every player's points with the learner as "You"
and the others by their seat names; only the parts of a score differ between games (the
game's own ``scores()`` keys), so a game gives those words and the rows are made once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..protocol import State


def score_rows(state: State, seat: int,
               parts: Callable[[int, Mapping[str, Any]], str]) -> list[str]:
    """``"You: <parts>"`` for the learner's seat, ``"Player 2: <parts>"`` for the others,
    in seat order; ``parts(player, scores)`` words one player's ``state.scores()`` entry."""
    game = state.game
    return [f"{'You' if p == seat else game.player_name(p)}: {parts(p, sc)}"
            for p, sc in enumerate(state.scores())]


__all__ = ["score_rows"]
