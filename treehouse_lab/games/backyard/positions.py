"""Backyard Builders Treehouse teaching positions: a position from treehouses alone.

Notebooks and tests set up "what if" positions with ``game.build_state``; the result goes
through ``state_from_json``, so it is checked like any save (saves.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .game import BackyardGame
    from .state import BackyardState


def build_state(g: BackyardGame, treehouses: list[list[Any]], start_player: int = 0,
                hand: list[str] | None = None, achievement: str | None = None,
                ) -> BackyardState:
    """A documented test and notebook constructor: a position from treehouses alone.

    ``treehouses[p]`` lists card ids bottom up; prefix an id with ``~`` (``"~G1-G4"``)
    for a face-down card. The other cards go to the deck, except ``hand`` (default:
    the first cards left, sorted, as many as there are players; at the end of the game
    they are the discarded leftover hand). With achievements on, ``achievement``
    defaults to the first by id. The result goes through ``state_from_json``, so it is
    checked like any save (treehouse sizes must fit the turn order from
    ``start_player``; face-up cards must match what they sit on).
    """
    houses = [[{"card": c.lstrip("~"), "face_down": c.startswith("~")} for c in h]
              for h in treehouses]
    used = {d["card"] for h in houses for d in h}
    rest = [c for c in g.deck_cards if c not in used]
    if hand is None:
        hand = rest[: g.players]
    rest = [c for c in rest if c not in set(hand)]
    over = sum(len(h) for h in houses) == g.total_plays
    if g.achievements_on and achievement is None:
        achievement = min(g.achievement_set)
    return g.state_from_json({  # type: ignore[return-value]
        "game": g.NAME,
        "achievement": achievement,
        "start_player": start_player,
        "deck": rest,
        "hand": [] if over else list(hand),
        "treehouses": houses,
        "discard": list(hand) if over else [],
    })


__all__ = ["build_state"]
