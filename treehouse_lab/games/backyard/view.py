"""Backyard Builders Treehouse: who sees which card (the zones), and the observation.

Zones (core/zones.py) over the save: the deck is hidden but counted; the travelling hand is
seen by its holder only; a card built face down is seen by its owner only; the leftover hand
set aside at the end is hidden but counted (ruling R2). Face-up cards are public. From this
core derives ``hidden_from``, the ``"seen"`` save in every observation and
``game.determinize`` (the unseen cards dealt again at random into the unseen places).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Mapping

from ...core.zones import COUNTED, OWNER, Slot, Zone, ZoneTable
from .rules import CARDS_EACH

if TYPE_CHECKING:  # pragma: no cover
    from .game import BackyardGame
    from .state import BackyardState


def holder_in(save: Mapping) -> int | None:
    """Who holds the hand in a save: the start player's seat plus the cards played, round
    the table; None before the start player is chosen and after the end."""
    start = save["start_player"]
    houses = save["treehouses"]
    played = sum(len(h) for h in houses)
    if start is None or played == CARDS_EACH[len(houses)] * len(houses):
        return None
    return (start + played) % len(houses)


def face_down_cards(save: Mapping) -> Iterator[Slot]:
    """Every card built face down, with the seat whose treehouse it is in."""
    for p, house in enumerate(save["treehouses"]):
        for entry in house:
            if entry["face_down"]:
                yield p, entry, "card"


def _cards(g: BackyardGame) -> tuple[str, ...]:
    return g.deck_cards


ZONES = ZoneTable(
    [Zone("deck", COUNTED, "deck", ordered=False),
     Zone("hand", OWNER, "hand", owner=holder_in, ordered=False),
     Zone("face-down cards", OWNER, slots=face_down_cards),
     Zone("leftover hand", COUNTED, "discard", ordered=False)],
    universe=_cards)


def observation(s: BackyardState, player: int) -> dict:
    """What ``player`` sees, in the keys a renderer or bot reads (core adds ``"seen"``):
    face-down cards are named to their owner only, the hand only to its holder."""
    g = s.game
    ach = s.achievement
    houses = []
    for p in range(g.players):
        house = []
        for pc in s.treehouse(p):
            house.append({
                "card": pc.id if (not pc.face_down or p == player) else None,
                "face_down": pc.face_down,
                "floors": [{"colour": f.colour, "number": f.number} for f in pc.floors],
            })
        houses.append(house)
    holder = s.holder
    return {
        "game": g.NAME,
        "player": player,
        "players": g.players,
        "phase": s.stage,
        "current_player": s.current_player,
        "start_player": s.start_player,
        "holder": holder,
        "turn": s.turn,
        "turns": g.total_plays,
        "cards_each": g.cards_each,
        "deck_count": len(s.deck),
        "discard_count": len(s.leftover),
        "achievement": None if ach is None else {
            "id": ach.id, "name": ach.name, "points": ach.points, "text": ach.text},
        "hand": list(s.hand_cards) if player == holder else None,
        "hand_count": len(s.hand_cards),
        "treehouses": houses,
        "longest_runs": [s.longest_run(p) for p in range(g.players)],
        "scores": s.scores(),
    }


__all__ = ["ZONES", "face_down_cards", "holder_in", "observation"]
