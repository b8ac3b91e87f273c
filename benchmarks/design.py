"""What the design lab's metrics cost: the bare simulation of some games against the
metrics of the same games, for every game, in one run.

    python benchmarks/design.py [--games 200] [--rounds 3] [--seed 0]
                                [--list backyard,diner] [--bots random,greedy]

For every game in ``tl.GAMES`` (its default player count) and each bot (every seat the
same bot), the same seeded games are played twice in this process: by ``tl.simulate``
alone (the bare simulation) and by ``treehouse_lab.design.measure`` (the same games,
recorded by the design lab's observer, then every figure worked out: outcome, duration,
decisions and tension by points). The two alternate for ``--rounds`` rounds, so a burst of
load from another program falls on both; each keeps its best round. Times are CPU time of
this process (a shared machine's other work does not count against either).

The goal (issue 48, item 5) is a ratio of at most 1.5: the metrics at most 1.5 times the
bare simulation. The last column says "met" or "MISSED". Figures are printed, never
asserted: speed is measured here, not in tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import treehouse_lab as tl  # noqa: E402
from treehouse_lab.design import measure  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from engines import machine  # noqa: E402

#: The goal: the metrics cost at most this many times the bare simulation.
GOAL = 1.5


def cpu(fn, *args, **kw) -> tuple[float, object]:
    start = time.process_time()
    out = fn(*args, **kw)
    return time.process_time() - start, out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--list", default=",".join(tl.GAMES), help="games, comma-separated")
    parser.add_argument("--bots", default="random,greedy", help="bots, comma-separated")
    args = parser.parse_args(argv)
    print(f"machine: {machine()}")
    print(f"{args.games} games a run, best of {args.rounds} rounds, CPU seconds, one "
          f"process; goal: metrics / bare <= {GOAL}")
    print(f"{'game':22s} {'bots':8s} {'bare s':>8s} {'metrics s':>10s} {'ratio':>6s} "
          f"{'goal':>6s}  same games")
    for name in args.list.split(","):
        game = tl.load_game(name)
        for bot in args.bots.split(","):
            run = dict(bots=bot, seed=args.seed, workers=1, progress=False)
            bare_best = metrics_best = float("inf")
            same = True
            for _ in range(args.rounds):
                bare_s, bare = cpu(tl.simulate, game, args.games, **run)
                metrics_s, m = cpu(measure, game, args.games, **run)
                bare_best = min(bare_best, bare_s)
                metrics_best = min(metrics_best, metrics_s)
                same = same and [r.length for r in bare.rows] == \
                    [r.length for r in m.results.rows]  # type: ignore[union-attr]
            ratio = metrics_best / bare_best if bare_best > 0 else float("nan")
            print(f"{name + f', {game.players} players':22s} {bot:8s} {bare_best:8.3f} "
                  f"{metrics_best:10.3f} {ratio:6.2f} "
                  f"{'met' if ratio <= GOAL else 'MISSED':>6s}  {'yes' if same else 'NO'}",
                  flush=True)


if __name__ == "__main__":
    main()
