"""Positions made for Magical Treehouse rule tests: a state in a given phase from a few
fields of a save, every card not placed in the undealt pool (shared by the tests in
tests/games/magical)."""

from __future__ import annotations

from typing import Any

import treehouse_lab as tl

G3 = tl.load_game("magical", players=3)

PLACE_KEYS = ("hands", "drawers", "carriages", "trash")


def make(game: Any = None, phase: str = "planning", **fields: Any):
    """A state in ``phase`` with the given fields of a save (``hands``, ``drawers``...);
    every card not placed is in the undealt pool, split evenly into decks."""
    game = game or tl.load_game("magical", players=3)
    n = game.players
    d = game.new_initial_state().to_json()
    d["common"] = ["obj-fangs", "obj-biscuits"]
    d["personal"] = ["obj-apples", "obj-webs", "obj-shrooms", "obj-tails"][:n]
    d["phase"] = phase
    d["tray"] = [0] + d["tray"][1:]
    d["round_biscuits"] = n - 1
    for k, v in fields.items():
        d[k] = v
    used = set(d["box"])
    for k in PLACE_KEYS:
        for cards in d[k]:
            used.update(cards)
    for v in d["villages"]:
        for b in v:
            used.update(b["cards"])
    for v in d["pipes"]:
        used.update(x[0] for x in v)
    for v in d["storage"]:
        used.update(x[0] for x in v)
    if "pool" not in fields:
        d["pool"] = sorted(c for c in game.card_ids if c not in used)
    if "deck" not in fields:
        d["deck"] = [len(d["pool"]) // n] * n
    if "box_biscuits" not in fields:
        d["box_biscuits"] = 20 - sum(d["tray"]) - sum(d["biscuits"]) - d["round_biscuits"]
    return game.state_from_json(d)


def seats(n: int, **given: Any) -> list:
    """A per-seat list of empty lists with some seats filled: seats(3, **{"0": [...]})."""
    out: list = [[] for _ in range(n)]
    for k, v in given.items():
        out[int(k)] = list(v)
    return out


def building(drawer, village=(), storage=(), pipes=(), forest=None, game=G3):
    n = game.players
    # seat 1 still has a card to build, so the round does not end after seat 0
    return make(game, phase="building", drawers=seats(n, **{"0": drawer, "1": ["yellow1e"]}),
                villages=[list(village)] + [[] for _ in range(n - 1)],
                storage=[[list(x) for x in storage]] + [[] for _ in range(n - 1)],
                pipes=[[list(x) for x in pipes]] + [[] for _ in range(n - 1)],
                forest=forest or {}, supply=[9 - sum(1 for q in (forest or {}).values()
                                                     if q == p) for p in range(n)],
                play_order=list(range(n)), dropped=[True] * n, round_biscuits=0)


def B(*cards, down=False):
    return {"cards": list(cards), "down": down}
