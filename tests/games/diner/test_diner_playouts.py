"""Seeded random games of 2, 3 and 4 players, checked step by step: the ingredients are
conserved (the census adds up to the starting bag), mood stays in -8..+8, every game ends
after whole rounds, and the winners follow the rulebook's tiebreakers, recomputed here
from the saved state and the order file (never through the engine's scoring)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games.diner import data

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

BAG = {"dandelion": 20, "acorn": 18, "blueberry": 16, "radish": 14, "mushroom": 12,
       "daisy": 10}
POINTS = {o["name"].lower().replace(" ", "-"): o["points"]
          for o in tomllib.loads(Path(data.ORDERS_FILE).read_text())["order"]}
END = {2: 8, 3: 7, 4: 6}


def expected_winners(d: dict, players: int) -> list[int]:
    """Tiebreakers, from the save alone: points (delivered points + mood), delivered
    orders, unfinished orders, ingredients on them, ingredients in the supply."""
    keys = []
    for p in range(players):
        kitchen = [e for e in d["kitchens"][p] if e]
        keys.append((sum(POINTS[o] for o in d["delivered"][p]) + d["mood"][p],
                     len(d["delivered"][p]), len(kitchen),
                     sum(len(c) for e in kitchen for c in e["covers"]),
                     len(d["supplies"][p])))
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def play(players: int, seed: int, **options):
    g = tl.load_game("diner", players=players, **options)
    s = g.new_initial_state()
    rng = random.Random(f"diner-playout/{players}/{seed}")
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        steps += 1
        census = Counter()
        for place in s.ingredient_census().values():
            census.update(place)
        assert census == BAG, f"step {steps}: {census}"
        assert all(-8 <= s.mood(p) <= 8 for p in range(players))
        assert steps < 20_000
    return g, s, steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_after_whole_rounds_with_everything_conserved(players):
    ends = []
    for seed in range(4):
        g, s, steps = play(players, seed)
        d = s.to_json()
        # Every kitchen helper has had the same number of turns.
        assert s.turn % players == 0
        # The end was triggered: someone delivered the rulebook's number (or no order is
        # left to deliver, ruling D16).
        delivered = [len(x) for x in d["delivered"]]
        assert max(delivered) >= END[players] or not (
            d["deck"] or d["discard"] or any(d["tray"]))
        assert s.winners() == expected_winners(d, players)
        for p, sc in enumerate(s.scores()):
            assert sc["orders"] == sum(POINTS[o] for o in d["delivered"][p])
            assert sc["total"] == sc["orders"] + sc["mood"]
        ends.append(max(delivered))
        assert s.components() == g.components()
    assert max(ends) >= END[players]


def test_a_shorter_game_by_agreement():
    """End of the Game: "Before the game you can agree on a different number"."""
    for seed in range(3):
        _, s, _ = play(3, seed, end_after=2)
        assert max(len(s.delivered(p)) for p in range(3)) >= 2
        assert s.turn % 3 == 0


def test_the_move_left_variant_plays_to_the_end():
    _, s, _ = play(2, 0, move_left="may")
    assert s.is_terminal() and s.winners()
