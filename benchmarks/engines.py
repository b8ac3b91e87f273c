"""Random-playout speed of every registered engine, beside reference engines.

    python benchmarks/engines.py [--seconds 2] [--seed 0] [--before REV]

For every game in ``tl.GAMES`` and every player count it plays seeded uniform-random games
for a fixed time budget and prints steps per second (a step is one ``apply``: a chance
outcome or a decision) and games per second. When the optional ``bench`` extra is
installed (``pip install -e ".[bench]"``, OpenSpiel), the same loop, in the same run,
plays OpenSpiel's pure-Python tic-tac-toe and its C++ backgammon, and every figure is also
printed as a ratio to those references.

Times are CPU time of this process, so another program on the machine does not count
against either side. The ratio to tic-tac-toe is measured in rounds that alternate a slice
of tic-tac-toe with a slice of the game, and the median round is printed with the spread:
a burst of load or a frequency change lands on both sides of one round, not on a whole
line.

With OpenSpiel installed it also prints the cost of the OpenSpiel adapter
(``treehouse_lab.interop.openspiel``): the same random playouts through
``python_treehouse_<game>`` against the raw engine, in alternating rounds, and whether the
adapter stays within 2x (``--adapter`` prints only that).

``--before REV`` also times the engines as they were at the git revision ``REV`` (say the
commit before a refactor), in the same run: that tree is exported to a temporary folder and
each line alternates rounds of the old engine and the current one, each in a fresh child
process importing its tree, so both see the same machine and the same kind of process; the
median of each and their ratio are printed.

Each game has a speed target against pure-Python tic-tac-toe (``TARGETS``, from issue 6);
the last column says whether this run met it. The figures are printed, never asserted:
speed is measured here, not in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
# A child timing an older tree imports that tree instead (see --before).
sys.path.insert(0, os.environ.get("TL_BENCH_TREE") or str(ROOT))

import treehouse_lab as tl  # noqa: E402
from treehouse_lab.core.chance import sample_outcome  # noqa: E402
from treehouse_lab.registry import game_class  # noqa: E402


def time_playouts(new_game: Callable[[], object], play_one: Callable, seconds: float,
                  seed: int) -> tuple[float, float, int]:
    rng = random.Random(seed)
    steps = games = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        steps += play_one(new_game(), rng)
        games += 1
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    return steps / elapsed, games / elapsed, games


#: Random-playout speed each game must reach, as a multiple of OpenSpiel's pure-Python
#: tic-tac-toe measured in the same run (issue 6 and the games' own issues).
TARGETS = {"backyard": 5.0, "pyramids": 2.5, "diner": 1.0, "magical": 1.0}
TICTACTOE = "OpenSpiel tic-tac-toe (pure Python)"
BACKGAMMON = "OpenSpiel backgammon (C++)"


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


def openspiel_games() -> dict[str, object]:
    try:
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
        import pyspiel
    except ImportError:
        return {}
    return {TICTACTOE: pyspiel.load_game("python_tic_tac_toe"),
            BACKGAMMON: pyspiel.load_game("backgammon")}


def references(refs: dict[str, object], seconds: float, seed: int,
               when: str) -> dict[str, float]:
    out = {}
    for label, game in refs.items():
        sps, gps, n = time_playouts(game.new_initial_state, play_openspiel, seconds, seed)
        out[label] = sps
        print(f"{label + ', ' + when:44s} {sps:12,.0f} steps/s {gps:10,.1f} games/s  "
              f"({n} games)")
    return out


def paired_ratio(game, reference, seconds: float, seed: int,
                 rounds: int = 5) -> tuple[float, float, float]:
    """Median, lowest and highest of ``rounds`` ratios game/reference, each round timing
    a slice of the reference and then a slice of the game."""
    ratios = []
    for r in range(rounds):
        ref, _, _ = time_playouts(reference.new_initial_state, play_openspiel,
                                  seconds / rounds, seed + r)
        ours, _, _ = time_playouts(game.new_initial_state, play_treehouse,
                                   seconds / rounds, seed + r)
        ratios.append(ours / ref)
    return statistics.median(ratios), min(ratios), max(ratios)


#: The most a random playout through the OpenSpiel adapter may cost, as a multiple of the
#: raw engine's (issue 20).
ADAPTER_TARGET = 2.0


def adapter_slowdown(name: str, options: dict, seconds: float, seed: int,
                     rounds: int = 5) -> tuple[float, float, float, float, float]:
    """Median raw and adapter steps/s, and the median, lowest and highest of ``rounds``
    ratios raw/adapter (how many times slower the adapter is), each round timing a slice
    of the raw engine and then a slice of the same game through
    ``treehouse_lab.interop.openspiel``."""
    from treehouse_lab.interop import openspiel as adapter

    game = tl.load_game(name, **options)
    wrapped = adapter.load(name, **options)
    raw, through, ratios = [], [], []
    for r in range(rounds):
        ours, _, _ = time_playouts(game.new_initial_state, play_treehouse,
                                   seconds / rounds, seed + r)
        theirs, _, _ = time_playouts(wrapped.new_initial_state, play_openspiel,
                                     seconds / rounds, seed + r)
        raw.append(ours)
        through.append(theirs)
        ratios.append(ours / theirs)
    return (statistics.median(raw), statistics.median(through), statistics.median(ratios),
            min(ratios), max(ratios))


def print_adapter(seconds: float, seed: int) -> None:
    print("\nThrough the OpenSpiel adapter (python_treehouse_<game>), alternating rounds "
          "with the raw engine:")
    import open_spiel.python.games  # noqa: F401  (registers python_kuhn_poker)
    import pyspiel

    kuhn = pyspiel.load_game("python_kuhn_poker")
    floor, _, _ = time_playouts(kuhn.new_initial_state, play_openspiel, seconds, seed)
    print(f"{'OpenSpiel Kuhn poker (pure Python), for scale':44s} {floor:10,.0f} steps/s "
          f"({1e6 / floor:.1f} us a step: OpenSpiel's crossings and Kuhn poker's own rules)")
    for name in tl.GAMES:
        mid_raw, mid_os, mid, lo, hi = adapter_slowdown(name, {}, seconds, seed)
        met = "met" if mid <= ADAPTER_TARGET else "NOT met"
        print(f"{name + ', default options':44s} raw {mid_raw:10,.0f}  adapter "
              f"{mid_os:10,.0f} steps/s  {mid:5.2f}x slower ({lo:.2f}..{hi:.2f})  "
              f"target <= {ADAPTER_TARGET:g}x: {met}")


def lines() -> list[tuple[str, str, dict]]:
    """What is timed: every game at every player count, and where a game has modules
    (a set-valued option), the full game with all of them too ("diner (bees, chili), 2
    players"): the modules add tokens and choices, so the basic game alone would flatter
    the engine."""
    out = []
    for name in tl.GAMES:
        options = game_class(name).OPTIONS
        players_option = next(o for o in options if o.name == "players")
        sets = [o for o in options if o.is_set() and o.subset_of]
        for players in players_option.test_values():
            out.append((name, f"{name}, {players} players", {"players": players}))
            for o in sets:
                full = tuple(sorted(o.subset_of))
                out.append((name, f"{name} ({', '.join(full)}), {players} players",
                            {"players": players, o.name: full}))
    return out


def machine() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",) * 3
    return (f"{os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in load)}, "
            f"Python {sys.version.split()[0]}")


def export_tree(rev: str, into: str) -> str:
    """The package as it was at ``rev``, unpacked under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev,
                              "treehouse_lab"], capture_output=True, check=True).stdout
    path = Path(into) / "tree.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(into, filter="data")
    return into


def time_in_tree(tree: str, options: dict, seconds: float, seed: int) -> float:
    """Steps per second of the engine in ``tree`` (a child process importing it)."""
    env = {**os.environ, "TL_BENCH_TREE": tree, "PYTHONPATH": tree}
    run = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps(options), "--seconds", str(seconds),
         "--seed", str(seed)], capture_output=True, text=True, env=env, check=True)
    return float(run.stdout.split()[-1])


def child(options_json: str, seconds: float, seed: int) -> None:
    options = json.loads(options_json)
    name = options.pop("game")
    game = tl.load_game(name, **options)
    sps, _, _ = time_playouts(game.new_initial_state, play_treehouse, seconds, seed)
    print(f"steps/s {sps}")


def compare_before(rev: str, seconds: float, seed: int, rounds: int = 3) -> None:
    """Each line: ``rounds`` alternating slices of the engine at ``rev`` and of this one."""
    print(f"\nBefore ({rev}) and now, in alternating rounds (median steps/s of {rounds}):")
    with tempfile.TemporaryDirectory() as tmp:
        tree = export_tree(rev, tmp)
        for name, label, options in lines():
            old, new = [], []
            for r in range(rounds):
                # Both sides in a fresh child process: this process has loaded OpenSpiel and
                # played every line above, and a cheap engine ran a few percent slower in
                # it than in a new process, which counted against "now".
                for into, where in ((old, tree), (new, str(ROOT))):
                    into.append(time_in_tree(where, {"game": name, **options},
                                             seconds / rounds, seed + r))
            a, b = statistics.median(old), statistics.median(new)
            print(f"{label:44s} before {a:12,.0f}  now {b:12,.0f}  now/before {b / a:5.2f}x")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per line")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--before", metavar="REV",
                        help="also time the engines of git revision REV, alternating")
    parser.add_argument("--adapter", action="store_true",
                        help="only the OpenSpiel adapter's figures")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.seconds, args.seed)
        return
    print(f"{machine()}; {args.seconds:g} s of CPU per line, seed {args.seed}\n")
    if args.adapter:
        print_adapter(args.seconds, args.seed)
        return
    refs = openspiel_games()
    if refs:
        before = references(refs, args.seconds, args.seed, "alone")
    else:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no reference figures.")
    print()
    rows = []
    for name, label, options in lines():
        game = tl.load_game(name, **options)
        sps, gps, n = time_playouts(game.new_initial_state, play_treehouse,
                                    args.seconds, args.seed)
        rows.append((name, label, game, sps))
        print(f"{label:44s} {sps:12,.0f} steps/s {gps:10,.1f} games/s  ({n} games)")
    if not refs:
        if args.before:
            compare_before(args.before, args.seconds, args.seed)
        return
    print("\nRatios: tic-tac-toe in alternating rounds (median, and lowest..highest round); "
          f"backgammon to its line above; load now {machine().split('average ')[1]}")
    for name, label, game, sps in rows:
        mid, lo, hi = paired_ratio(game, refs[TICTACTOE], args.seconds, args.seed)
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            met = "met" if mid >= target else "NOT met"
            verdict = f"  target >= {target:g}x tic-tac-toe: {met}"
        print(f"{label:44s} {mid:6.2f}x tic-tac-toe "
              f"({lo:.2f}..{hi:.2f})  {sps / before[BACKGAMMON]:6.2f}x backgammon{verdict}")
    print_adapter(args.seconds, args.seed)
    if args.before:
        compare_before(args.before, args.seconds, args.seed)


if __name__ == "__main__":
    main()
