"""Random-playout speed of every registered engine, beside reference engines.

    python benchmarks/engines.py [--seconds 2] [--seed 0]

For every game in ``tl.GAMES`` and every player count it plays seeded uniform-random games
for a fixed time budget and prints steps per second (a step is one ``apply``: a chance
outcome or a decision) and games per second. When the optional ``bench`` extra is
installed (``pip install -e ".[bench]"``, OpenSpiel), the same loop, in the same run,
plays OpenSpiel's pure-Python tic-tac-toe and its C++ backgammon, and every figure is also
printed as a ratio to those references. The references are timed before and after the
games and averaged, so a change of machine load during the run shows (both are printed).

Each game has a speed target against pure-Python tic-tac-toe (``TARGETS``, from issue 6);
the last column says whether this run met it. The figures are printed, never asserted:
speed is measured here, not in tests.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import treehouse_lab as tl  # noqa: E402
from treehouse_lab.core.chance import sample_outcome  # noqa: E402
from treehouse_lab.registry import game_class  # noqa: E402


def time_playouts(new_game: Callable[[], object], play_one: Callable, seconds: float,
                  seed: int) -> tuple[float, float, int]:
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        steps += play_one(new_game(), rng)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return steps / elapsed, games / elapsed, games


#: Random-playout speed each game must reach, as a multiple of OpenSpiel's pure-Python
#: tic-tac-toe measured in the same run (issue 6 and the games' own issues).
TARGETS = {"backyard": 5.0, "pyramids": 2.5, "diner": 1.0, "magical": 1.0}
TICTACTOE = "OpenSpiel tic-tac-toe (pure Python)"


def play_treehouse(state, rng: random.Random) -> int:
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            actors = state.actors()
            by = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(rng.choice(state.legal_actions(by)), by=by)
        steps += 1
    return steps


def play_openspiel(state, rng: random.Random) -> int:
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            r, acc = rng.random(), 0.0
            action = outcomes[-1][0]
            for a, p in outcomes:
                acc += p
                if r < acc:
                    action = a
                    break
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def references(seconds: float, seed: int, when: str) -> dict[str, float]:
    try:
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no reference figures.")
        return {}
    out = {}
    for label, name in [(TICTACTOE, "python_tic_tac_toe"),
                        ("OpenSpiel backgammon (C++)", "backgammon")]:
        game = pyspiel.load_game(name)
        sps, gps, n = time_playouts(game.new_initial_state, play_openspiel, seconds, seed)
        out[label] = sps
        print(f"{label + ', ' + when:44s} {sps:12,.0f} steps/s {gps:10,.1f} games/s  "
              f"({n} games)")
    return out


def machine() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",) * 3
    return (f"{os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in load)}, "
            f"Python {sys.version.split()[0]}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per line")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"{machine()}; {args.seconds:g} s per line, seed {args.seed}\n")
    before = references(args.seconds, args.seed, "before")
    print()
    rows = []
    for name in tl.GAMES:
        players_option = next(o for o in game_class(name).OPTIONS if o.name == "players")
        for players in players_option.test_values():
            game = tl.load_game(name, players=players)
            sps, gps, n = time_playouts(game.new_initial_state, play_treehouse,
                                        args.seconds, args.seed)
            rows.append((name, players, sps, gps, n))
            print(f"{name + ', ' + str(players) + ' players':44s} {sps:12,.0f} steps/s "
                  f"{gps:10,.1f} games/s  ({n} games)")
    print()
    after = references(args.seconds, args.seed, "after")
    if not before:
        return
    refs = {label: (before[label] + after[label]) / 2 for label in before}
    print(f"\nRatios to the references (mean of before and after; load now "
          f"{os.getloadavg()[0] if hasattr(os, 'getloadavg') else '?'}):")
    for name, players, sps, _, _ in rows:
        ratios = "  ".join(f"{sps / r:6.2f}x {label.split(' (')[0].split()[-1]}"
                           for label, r in refs.items())
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            met = "met" if sps / refs[TICTACTOE] >= target else "NOT met"
            verdict = f"  target >= {target:g}x tic-tac-toe: {met}"
        print(f"{name + ', ' + str(players) + ' players':44s} {ratios}{verdict}")


if __name__ == "__main__":
    main()
