"""Backyard Builders Treehouse: who sees which card (the zones), and the observation.

Zones (core/zones.py) over the save: the deck is hidden but counted; the travelling hand is
seen by its holder only; a card built face down is seen by its owner only; the leftover hand
set aside at the end is hidden but counted (ruling R2). Face-up cards are public. From this
core derives ``hidden_from``, the ``"seen"`` save in every observation and
``game.determinize`` (the unseen cards dealt again at random into the unseen places).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Mapping

from ...core.zones import COUNTED, OWNER, UNSEEN, Slot, Zone, ZoneTable
from ...protocol import CHANCE, TERMINAL
from . import rules
from .rules import CARDS_EACH, PlayedCard
from .stages import stages_at

if TYPE_CHECKING:  # pragma: no cover
    from .game import BackyardGame


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


def observation(g: BackyardGame, seen: Mapping, player: int) -> dict:
    """What ``player`` sees, in the keys a renderer or bot reads, read off ``seen``, the
    save as the zones above show it to ``player`` (``ZONES.seen``; core puts it in the
    observation under ``"seen"``). Nothing here decides again who sees what: a card the
    zones hide is ``"?"`` in ``seen`` and None here, the hand is listed to the seat the
    hand zone names its owner, and the rest (the stage, whose turn, the scores) follows
    from what is public, since a face-down card scores by its back (rules.back)."""
    start = seen["start_player"]
    houses_seen = seen["treehouses"]
    turn = sum(len(h) for h in houses_seen)
    holder = holder_in(seen)
    stages = stages_at(g, start, seen["achievement"], turn, len(seen["hand"]))
    top = stages[0] if stages else None
    ach = None if seen["achievement"] is None else g.achievement_set[seen["achievement"]]
    back = rules.back(g.wild_points)
    houses: list[list[PlayedCard]] = []
    shown = []
    for house in houses_seen:
        built = [back if e["card"] == UNSEEN else g.placed[(e["card"], e["face_down"])]
                 for e in house]
        houses.append(built)
        shown.append([{
            "card": None if e["card"] == UNSEEN else e["card"],
            "face_down": e["face_down"],
            "floors": [{"colour": f.colour, "number": f.number} for f in pc.floors],
        } for e, pc in zip(house, built)])
    return {
        "game": g.NAME,
        "player": player,
        "players": g.players,
        "phase": "over" if top is None else top.NAME,
        "current_player": (TERMINAL if top is None else CHANCE if top.CHANCE
                           else holder),
        "start_player": start,
        "holder": holder,
        "turn": turn,
        "turns": g.total_plays,
        "cards_each": g.cards_each,
        "deck_count": len(seen["deck"]),
        "discard_count": len(seen["discard"]),
        "achievement": None if ach is None else {
            "id": ach.id, "name": ach.name, "points": ach.points, "text": ach.text},
        "hand": list(seen["hand"]) if player == holder else None,
        "hand_count": len(seen["hand"]),
        "treehouses": shown,
        "longest_runs": [rules.longest_run(rules.floors_of(h)).length for h in houses],
        "scores": [{"total": t, "floors": f, "run": r, "achievement": a}
                   for t, f, r, a in rules.score_rows(houses, ach, g.min_run)],
    }


__all__ = ["ZONES", "face_down_cards", "holder_in", "observation"]
