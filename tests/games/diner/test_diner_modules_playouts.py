"""Seeded random games with the modules (issue 9): 2, 3 and 4 players, each module alone and
both together. After every step: 90 ingredients (98 with the chilis) and 22 bees (with
Save the Bees) in ``ingredient_census()``, 44 Action cards and 15 Challenges in
``card_census()``, every component in ``components()``, mood within -8..+8. At the end:
the scores add up from the save (recomputed here from the data files, not through the
engine's scoring), and every few steps a save round-trips."""

from __future__ import annotations

import json
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

POINTS = {o["name"].lower().replace(" ", "-"): o["points"]
          for f in (data.ORDERS_FILE, data.CHILI_ORDERS_FILE)
          for o in tomllib.loads(Path(f).read_text())["order"]}
MODULES = [("bees",), ("chili",), ("bees", "chili")]


def census_totals(s) -> Counter:
    total: Counter = Counter()
    for place in s.ingredient_census().values():
        total.update(place)
    return total


@pytest.mark.parametrize("modules", MODULES, ids="+".join)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_modules_conserve_everything(players, modules):
    g = tl.load_game("diner", players=players, modules=set(modules))
    want_components = g.components()
    seen = Counter()
    for seed in range(2):
        s = g.new_initial_state()
        rng = random.Random(f"diner-modules/{players}/{'+'.join(modules)}/{seed}")
        steps = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_outcome(s.chance_outcomes(), rng))
            else:
                a = rng.choice(s.legal_actions())
                seen[type(a).__name__] += 1
                s.apply(a)
            steps += 1
            tokens = census_totals(s)
            bees = tokens.pop("bee", 0)
            assert sum(tokens.values()) == (98 if "chili" in modules else 90), (steps, tokens)
            assert tokens.get("chili", 0) == (8 if "chili" in modules else 0)
            assert bees == (22 if "bees" in modules else 0), steps
            cards = s.card_census()
            assert sum(v for k, v in cards.items() if k.startswith("action")) == 44
            assert sum(v for k, v in cards.items() if k.startswith("challenge")) == 15
            assert all(-8 <= s.mood(p) <= 8 for p in range(players))
            if steps % 50 == 0:
                assert s.components() == want_components
                d = json.loads(json.dumps(s.to_json()))
                assert g.state_from_json(d).to_json() == d
            assert steps < 30_000
        assert s.turn % players == 0
        d = s.to_json()
        for p, sc in enumerate(s.scores()):
            assert sc["orders"] == sum(POINTS[o] for o in d["delivered"][p])
            extra = 0
            if "bees" in modules:
                hives = d["beehives"]
                assert sc["bees"] == hives[p]
                assert sc["bee_bonus"] == (3 if max(hives) and hives[p] == max(hives) else 0)
                extra = sc["bees"] + sc["bee_bonus"]
            assert sc["total"] == sc["orders"] + sc["mood"] + extra
    # The module's own decisions really happened in these games.
    if "bees" in modules:
        assert seen["AssignBee"] and seen["AnnounceChallenge"]
    if "chili" in modules:
        assert seen["PlayAction"] and seen["PlacePlate"]
