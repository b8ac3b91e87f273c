"""Seeded simulation on 1 process, a 2-worker process pool and a 2-worker Dask cluster.

    python benchmarks/simulate.py [--games 6000] [--rounds 3] [--workers 2] [--quick]

One workload (Backyard, 3 players, greedy against two random bots) is run by
``tl.simulate`` in this process, on a local process pool and on a Dask ``LocalCluster``
(on 127.0.0.1, no dashboard), in rounds that alternate the three, so a burst of load from
another program falls on all of them. Each figure is printed beside its reference:

* the pool's speed-up over one process (the target is 1.8x or more for 2 workers on 2
  free cores: a run is cut into chunks, so only start-up and gathering are serial);
* Dask against the pool: its time as a ratio, and the overhead in milliseconds per chunk;
* the simulator's own cost: ``tl.simulate`` in this process against a bare playout loop
  (the same bots asked on the state itself, chance sampled, the outcome read once) for
  Backyard and Magical Treehouse with random bots, as a ratio (target 1.2x or less: the
  simulator copies the state for each bot that may change it, seeds each game's
  generators (printed on its own: the price of reproducibility) and keeps a row per game;
  all of it must cost little beside the game).

Times are wall-clock medians over the rounds (parallel work cannot be timed in one
process's CPU time); pools and clusters are started, and warmed with one small run, before
any timing, and their start-up is printed separately. The load average is printed first:
on a machine shared with other work the speed-up is bounded by the free cores, not by the
simulator. The three runs must give identical games, and the script says whether they did.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import treehouse_lab as tl  # noqa: E402
from treehouse_lab.bots import make_bot  # noqa: E402
from treehouse_lab.core.chance import sample_outcome  # noqa: E402
from treehouse_lab.simulate import _pool, game_rng  # noqa: E402

BOTS = ["greedy", "random", "random"]
TARGET = 1.8
#: tl.simulate's time per game against a bare playout loop's, at most (issue 19).
OVERHEAD_TARGET = 1.2


def spin(n: int) -> int:
    """A pure-Python loop: the calibration workload (no I/O, no memory traffic)."""
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def capacity(pool, workers: int, n: int) -> float:
    """How much faster ``workers`` processes finish ``workers`` loops than one process
    finishes them one after another, right now: the best speed-up the machine can give
    (it is below ``workers`` when other programs use the cores)."""
    t, _ = timed(lambda: [spin(n) for _ in range(workers)])
    tp, _ = timed(lambda: list(pool.map(spin, [n] * workers)))
    return t / tp


def timed(run) -> tuple[float, object]:
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, out


def bare_loop(game, games: int, seed: int) -> None:
    """The reference: ``games`` random games played as plainly as possible (the same
    bot asked on the state itself, one generator) and their outcome read once
    (``returns()`` and ``scores()``: a playout is played for its result)."""
    bot = make_bot("random")
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            actors = state.actors()
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(bot.choose(state, rng, seat), by=seat)
        state.returns()
        try:
            state.scores()
        except tl.RuleError:
            pass


def seed_generators(game, games: int, seed: int) -> None:
    """What reproducibility alone costs a run: each game's own generators seeded (one for
    chance, one per seat), as ``tl.simulate`` seeds them, and nothing played."""
    purposes = ["chance", *(f"seat{p}" for p in range(game.players))]
    for i in range(games):
        for purpose in purposes:
            game_rng(seed, i, purpose)


def overhead(name: str, players: int, games: int, rounds: int, seed: int) -> None:
    """Print ``tl.simulate``'s CPU time per game against the bare loop's, in rounds that
    alternate the two (the median ratio, with its spread), and how much of the bare loop's
    time seeding each game's generators alone takes (the part kept for reproducibility)."""
    game = tl.load_game(name, players=players)
    ratios, seeding = [], []
    for r in range(rounds):
        start = time.process_time()
        bare_loop(game, games, seed + r)
        bare = time.process_time() - start
        start = time.process_time()
        tl.simulate(game, games, bots="random", seed=seed + r, workers=1, progress=False)
        sim = time.process_time() - start
        start = time.process_time()
        seed_generators(game, games, seed + r)
        seeding.append((time.process_time() - start) / bare)
        ratios.append(sim / bare)
    ratio = statistics.median(ratios)
    print(f"{f'overhead, {name} {players}p':26}tl.simulate {ratio:.2f}x a bare playout loop "
          f"per game ({min(ratios):.2f}..{max(ratios):.2f}, {games} random games a round; "
          f"target <= {OVERHEAD_TARGET}x: {'met' if ratio <= OVERHEAD_TARGET else 'NOT met'}); "
          f"seeding each game's generators alone {statistics.median(seeding):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true",
                        help="a tiny run that checks the script (figures mean nothing)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.rounds = 60, 1
    w = args.workers
    game = tl.load_game("backyard", players=3)

    def run(**where):
        return tl.simulate(game, args.games, bots=BOTS, seed=args.seed, progress=False,
                           **where)

    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"workload: backyard, 3 players, bots {', '.join(BOTS)}, {args.games:,} games, "
          f"seed {args.seed}; {args.rounds} round(s)")
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} (1 min) before the "
          "run")

    # Start everything before timing anything.
    started, _ = timed(lambda: _pool(w))
    warm, _ = timed(lambda: tl.simulate(game, 4 * w, seed=1, workers=w, progress=False))
    print(f"process pool: {w} workers started in {started + warm:.2f} s (with a warm-up run)")
    try:
        import distributed
    except ImportError:
        distributed = None
        print("Dask: not installed (pip install -e '.[scale]'); its figures are skipped")
    cluster = client = None
    if distributed is not None:
        t, cluster = timed(lambda: distributed.LocalCluster(
            n_workers=w, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None, silence_logs=40))
        client = distributed.Client(cluster)
        warm, _ = timed(lambda: tl.simulate(game, 4 * w, seed=1, executor=client,
                                            progress=False))
        print(f"Dask LocalCluster: {w} worker processes started in {t + warm:.2f} s "
              "(with a warm-up run)")

    times: dict[str, list[float]] = {"single": [], "pool": [], "dask": []}
    room: list[float] = []
    spin_n = 300_000 if args.quick else 3_000_000
    rows: dict[str, object] = {}
    try:
        for _ in range(args.rounds):
            room.append(capacity(_pool(w), w, spin_n))
            t, res = timed(lambda: run(workers=1))
            times["single"].append(t)
            rows["single"] = res.rows
            t, res = timed(lambda: run(workers=w))
            times["pool"].append(t)
            rows["pool"] = res.rows
            if client is not None:
                t, res = timed(lambda: run(executor=client))
                times["dask"].append(t)
                rows["dask"] = res.rows
    finally:
        if client is not None:
            client.close()
            cluster.close()

    single = statistics.median(times["single"])
    pool = statistics.median(times["pool"])
    chunks = -(-args.games // max(1, min(250, -(-args.games // (8 * w)))))

    def spread(xs: list[float]) -> str:
        return f"({min(xs):.2f}..{max(xs):.2f} s)"

    print(f"calibration: {w} processes ran a pure-Python loop {statistics.median(room):.2f}x as "
          f"fast as 1 ({', '.join(f'{r:.2f}' for r in room)}): the speed-up the machine "
          "had room for")
    print()
    print(f"{'1 process (reference)':26}{single:7.2f} s {spread(times['single'])}  "
          f"{args.games / single:8,.0f} games/s")
    speedup = single / pool
    print(f"{f'process pool, {w} workers':26}{pool:7.2f} s {spread(times['pool'])}  "
          f"{args.games / pool:8,.0f} games/s   speed-up {speedup:.2f}x vs 1 process "
          f"(target >= {TARGET}x: {'met' if speedup >= TARGET else 'NOT met'}; "
          f"{speedup / statistics.median(room):.0%} of the room measured)")
    if times["dask"]:
        dask = statistics.median(times["dask"])
        print(f"{f'Dask, {w} workers':26}{dask:7.2f} s {spread(times['dask'])}  "
              f"{args.games / dask:8,.0f} games/s   {dask / pool:.2f}x the pool's time "
              f"(reference: the pool), overhead {1000 * (dask - pool) / chunks:+.1f} ms "
              f"per chunk of {chunks} chunks; speed-up {single / dask:.2f}x vs 1 process")
    same = all(r == rows["single"] for r in rows.values())
    print(f"identical games from every executor: {same}")
    print()
    for name, players, games in (("backyard", 3, 400), ("magical", 3, 4)):
        overhead(name, players, max(1, games // (20 if args.quick else 1)),
                 args.rounds if not args.quick else 1, args.seed)


if __name__ == "__main__":
    main()
