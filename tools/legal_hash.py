"""Fingerprint the engines' behaviour: seeded random games of every game and
configuration, hashing every legal-move list, every chance list, every applied move and
the final save. A change that claims "no behaviour change" must leave these hashes as
they were; a rules fix changes exactly the games it should.

    python tools/legal_hash.py            # every game
    python tools/legal_hash.py diner      # one game

Why a tool and not a test: the hashes move with every intended rules fix, so a test would
hold a hard-coded number; the tool prints them to compare two commits in one session.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome

GAMES_PER_CONFIG = 25


def play(game: tl.Game, seed: int, h: Any) -> int:
    """One seeded random game; returns the number of legal lists hashed."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    lists = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            h.update(repr(outcomes).encode())
            action = sample_outcome(outcomes, rng)
            state.apply(action)
            continue
        seat = state.actors()[0] if state.actors() else None
        legal = state.legal_actions(seat)
        lists += 1
        h.update(repr(legal).encode())
        state.apply(rng.choice(legal), by=seat)
    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return lists


def main(names: list[str]) -> None:
    for name in names or sorted(tl.GAMES):
        cls = type(tl.load_game(name))
        h = hashlib.sha256()
        lists = games = 0
        for config in cls.configurations():
            game = tl.load_game(name, **config)
            for i in range(GAMES_PER_CONFIG):
                lists += play(game, 1000 * games + i, h)
            games += GAMES_PER_CONFIG
        print(f"{name}: {games} games, {lists} legal lists, sha256 {h.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1:])
