"""Fingerprint the pictures: seeded random games of every configuration of a game, drawing
every position for every seat and for nobody (``render_svg(state, viewer=v)``, with the
targets that seat may click, offered and not) and in words (``str(state)``), and hashing
every picture. A change to how pictures are made that claims "the same pictures" must
leave the hash as it was.

    python tools/picture_hash.py backyard            # one game (or several, or every game)
    python tools/picture_hash.py backyard --dump D   # also write each picture to D/

Why a tool and not a test: it compares two trees (run it in each, as ``legal_hash.py``), and
``--dump`` in both lets ``diff -r`` show the first picture that changed.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome

GAMES_PER_CONFIG = 2


def pictures(state: Any) -> list[tuple[str, str]]:
    """(name, picture) of every picture drawn of ``state``."""
    game = state.game
    actors = [] if state.is_terminal() or state.is_chance_node() else state.actors()
    out = [("text", str(state))]
    for viewer in (None, *range(game.players)):
        targets: set[str] = set()
        if viewer in actors:
            targets = {path[0] for path in game.click_paths(state, viewer).values() if path}
        out.append((f"svg-{viewer}", game.render_svg(state, viewer=viewer, targets=targets)))
        if targets:
            out.append((f"svg-{viewer}-not-offered",
                        game.render_svg(state, viewer=viewer, targets=targets, offered=False)))
    return out


def play(game: tl.Game, seed: int, h: Any, dump: Path | None, tag: str) -> int:
    """One seeded random game, every position drawn; returns the number of pictures."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    drawn = step = 0
    while True:
        for name, picture in pictures(state):
            h.update(picture.encode())
            drawn += 1
            if dump is not None:
                ext = "txt" if name == "text" else "svg"
                (dump / f"{tag}-{seed}-{step:03d}-{name}.{ext}").write_text(picture)
        if state.is_terminal():
            return drawn
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            seat = state.actors()[0]
            state.apply(rng.choice(state.legal_actions(seat)), by=seat)
        step += 1


def main(args: list[str]) -> None:
    dump = None
    if "--dump" in args:
        i = args.index("--dump")
        dump = Path(args[i + 1])
        dump.mkdir(parents=True, exist_ok=True)
        args = args[:i] + args[i + 2:]
    for name in args or sorted(tl.GAMES):
        cls = type(tl.load_game(name))
        h = hashlib.sha256()
        drawn = games = 0
        for c, config in enumerate(cls.configurations()):
            game = tl.load_game(name, **config)
            for i in range(GAMES_PER_CONFIG):
                drawn += play(game, 1000 * games + i, h, dump, f"{name}-c{c}")
            games += GAMES_PER_CONFIG
        print(f"{name}: {games} games, {drawn} pictures, sha256 {h.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1:])
